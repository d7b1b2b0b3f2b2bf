"""The JSON Schemas (draft 2020-12) of the files, for editors and ``referee schema``.

Each file kind is registered once with the spec it is read with (``referee.core.spec``
nodes), so the schema an editor checks against is the reader's own: closed objects
(``additionalProperties: false``), enums, a description on every key. What needs the
ruleset (terrain keys, unit types) is left to ``referee validate``.

Other file kinds register here too (``register(SchemaKind(...))`` at import of this
module's ``_builtin`` list, or from their own module): ``ruleset``, ``house-rules``,
``scenario``. The spec is given as a function so that only the asked kind is built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import Struct

from referee.core.spec import Node, json_schema

SCHEMA_BASE = "https://referee.invalid/schema/"


class SchemaKind(Struct, frozen=True):
    name: str  # the argument of `referee schema`
    title: str
    spec: Callable[[], Node]  # the file's spec, imported when asked for
    file_id: str  # "referee-state-1": the schema's $id is SCHEMA_BASE + file_id + ".json"

    @property
    def schema_id(self) -> str:
        return f"{SCHEMA_BASE}{self.file_id}.json"

    def json_schema(self) -> dict[str, Any]:
        return json_schema(self.spec(), self.title, self.schema_id)


KINDS: dict[str, SchemaKind] = {}


def register(kind: SchemaKind) -> None:
    """Add a file kind (its name must be new)."""
    if kind.name in KINDS:
        raise ValueError(f"schema kind {kind.name!r} is already registered")
    KINDS[kind.name] = kind


def _state_spec() -> Node:
    from referee.core.specs import STATE

    return STATE


def _orders_spec() -> Node:
    from referee.core.specs import ORDERS

    return ORDERS


def _scenario_spec() -> Node:
    from referee.core.scenario import SCENARIO

    return SCENARIO


def _ruleset_spec() -> Node:
    from referee.core.ruleset_spec import RULESET_FILE

    return RULESET_FILE


def _ruleset_part_spec() -> Node:
    from referee.core.ruleset_spec import RULESET_PART

    return RULESET_PART


def _house_rules_spec() -> Node:
    from referee.core.ruleset_spec import HOUSE_RULES

    return HOUSE_RULES


register(
    SchemaKind("state", "referee game state (referee-state/1)", _state_spec, "referee-state-1")
)
register(
    SchemaKind(
        "orders",
        "referee orders of one player-phase (referee-orders/1)",
        _orders_spec,
        "referee-orders-1",
    )
)
register(
    SchemaKind(
        "scenario", "referee scenario (referee-scenario/1)", _scenario_spec, "referee-scenario-1"
    )
)
register(
    SchemaKind("ruleset", "referee ruleset (referee-ruleset/1)", _ruleset_spec, "referee-ruleset-1")
)
register(
    SchemaKind(
        "ruleset-part",
        "referee ruleset part (referee-ruleset-part/1)",
        _ruleset_part_spec,
        "referee-ruleset-part-1",
    )
)
register(
    SchemaKind(
        "house-rules",
        "referee house rules (referee-house-rules/1)",
        _house_rules_spec,
        "referee-house-rules-1",
    )
)


def schema_of(name: str) -> dict[str, Any]:
    """The JSON Schema of a registered kind (KeyError if there is none)."""
    return KINDS[name].json_schema()


def state_schema() -> dict[str, Any]:
    return schema_of("state")


def orders_schema() -> dict[str, Any]:
    return schema_of("orders")

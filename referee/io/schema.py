"""The JSON Schemas (draft 2020-12) of the files, for editors and ``referee schema``.

Each file kind is registered once with the declaration it is read with (a
``msgspec.Struct``, read by ``referee.core.typed``), so the
schema an editor checks against is the reader's own: closed objects
(``additionalProperties: false``), enums, a description on every key. What needs the
ruleset (terrain keys, unit types) is left to ``referee validate``.

Other file kinds register here too (``register(SchemaKind(...))`` at import of this
module, or from their own module): ``ruleset``, ``house-rules``, ``scenario``, and the
files of a game by email: ``choices``, ``reveal``, ``mail`` (a mail's body) and
``ledger`` (a game folder's). The spec is given as a function so that only the asked kind is built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import Struct

from referee.core.typed import json_schema as typed_schema

SCHEMA_BASE = "https://referee.invalid/schema/"


class SchemaKind(Struct, frozen=True):
    name: str  # the argument of `referee schema`
    title: str
    spec: Callable[[], Any]  # the file's Struct (or composed schema), imported when asked
    file_id: str  # "referee-state-1": the schema's $id is SCHEMA_BASE + file_id + ".json"
    loose: bool = False  # a Struct's keys all optional (files that amend a ruleset)
    nulls: bool = True  # with loose: `key:` with no value allowed

    @property
    def schema_id(self) -> str:
        return f"{SCHEMA_BASE}{self.file_id}.json"

    def json_schema(self) -> dict[str, Any]:
        spec = self.spec()
        if isinstance(spec, dict):  # a schema composed of declarations (orders)
            head = typed_schema(dict, self.title, self.schema_id)
            return {k: v for k, v in head.items() if k.startswith("$") or k == "title"} | spec
        return typed_schema(spec, self.title, self.schema_id, self.loose, self.nulls)


KINDS: dict[str, SchemaKind] = {}


def register(kind: SchemaKind) -> None:
    """Add a file kind (its name must be new)."""
    if kind.name in KINDS:
        raise ValueError(f"schema kind {kind.name!r} is already registered")
    KINDS[kind.name] = kind


def _state_spec() -> type:
    from referee.core.state_file import StateFile

    return StateFile


def _orders_spec() -> dict[str, Any]:
    """The orders file: its keys, and the order mappings of each phase
    (``if phase is movement then...``)."""
    from referee.core.orders import ANY_PHASE_FILE, FILE_BY_PHASE
    from referee.core.typed import json_schema as typed_schema

    out = typed_schema(ANY_PHASE_FILE, "", "")
    out["allOf"] = [
        {
            "if": {"properties": {"phase": {"const": phase}}, "required": ["phase"]},
            "then": {
                k: v
                for k, v in typed_schema(tp, "", "").items()
                if not k.startswith("$") and k != "title"
            },
        }
        for phase, tp in FILE_BY_PHASE.items()
    ]
    return {k: v for k, v in out.items() if not k.startswith("$") and k != "title"}


def _scenario_spec() -> type:
    from referee.core.scenario_file import ScenarioFile

    return ScenarioFile


def _ruleset_spec() -> type:
    from referee.core.ruleset import RulesetFile

    return RulesetFile


def _ruleset_part_spec() -> type:
    from referee.core.ruleset import RulesetPart

    return RulesetPart


def _house_rules_spec() -> type:
    from referee.core.ruleset import HouseRules

    return HouseRules


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
    SchemaKind(
        "ruleset", "referee ruleset (referee-ruleset/1)", _ruleset_spec, "referee-ruleset-1", True
    )
)
register(
    SchemaKind(
        "ruleset-part",
        "referee ruleset part (referee-ruleset-part/1)",
        _ruleset_part_spec,
        "referee-ruleset-part-1",
        True,
    )
)
register(
    SchemaKind(
        "house-rules",
        "referee house rules (referee-house-rules/1)",
        _house_rules_spec,
        "referee-house-rules-1",
        True,
        False,
    )
)


def _choices_spec() -> type:
    from referee.core.choices import ChoicesFile

    return ChoicesFile


def _reveal_spec() -> type:
    from referee.core.pbemfiles import RevealFile

    return RevealFile


def _mail_spec() -> type:
    from referee.core.pbemfiles import MailFile

    return MailFile


def _ledger_spec() -> type:
    from referee.core.pbemfiles import Ledger

    return Ledger


register(
    SchemaKind(
        "choices",
        "referee choices of a unit's owner (referee-choices/1)",
        _choices_spec,
        "referee-choices-1",
    )
)
register(
    SchemaKind(
        "reveal", "referee two-party reveal (referee-reveal/1)", _reveal_spec, "referee-reveal-1"
    )
)
register(
    SchemaKind("mail", "referee game mail's body (referee-mail/1)", _mail_spec, "referee-mail-1")
)
register(
    SchemaKind(
        "ledger",
        "referee game folder's ledger (referee-pbem-ledger/1)",
        _ledger_spec,
        "referee-pbem-ledger-1",
    )
)


def schema_of(name: str) -> dict[str, Any]:
    """The JSON Schema of a registered kind (KeyError if there is none)."""
    return KINDS[name].json_schema()


def state_schema() -> dict[str, Any]:
    return schema_of("state")


def orders_schema() -> dict[str, Any]:
    return schema_of("orders")

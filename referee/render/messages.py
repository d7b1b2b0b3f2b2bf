"""Event sentences: the events' part of the one catalogue (``referee/render/catalogue/``).
The engine never builds text: it emits codes and numbers; the catalogue's templates
(``referee/render/catalogue/{events,activation,movement,combat,rout,pursuit}.py``, keyed by
the event's code) turn them into sentences, with values worked out here from the data
and the ruleset (a roll's faces and modifiers, a unit's kind)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.render import catalogue, grammar
from referee.render.wording import hits_values, kinds, roll_values

EVENT_GROUPS: tuple[str, ...] = ("events", "activation", "movement", "combat", "rout", "pursuit")

# per code: values computed from the data (and the ruleset, when known)
Derive = Callable[..., Mapping[str, Any]]
EVENT_DERIVED: dict[str, Derive] = {
    "combat.roll": roll_values,
    "combat.riposte": roll_values,
    "combat.hit": hits_values,
    **{
        code: kinds
        for code in (
            "move.applied",
            "move.entered",
            "move.stopped",
            "move.left_table",
            "move.refused",
            "move.road_refused",
            "move.mounted_refused",
        )
    },
}


def event_codes() -> list[str]:
    """Every event code the catalogue words, in the order they are declared."""
    groups = catalogue.groups()
    return [
        ctx
        for ctx in catalogue.contexts()
        if groups[ctx] in EVENT_GROUPS and not any(c in ctx for c in "|+#")
    ]


def message(
    code: str, subject: str | None, data: Mapping[str, Any], lang: str = "en", rs: Any = None
) -> str:
    """The sentence of one event in ``lang`` (``rs``: the ruleset, for its labels)."""
    values: dict[str, Any] = dict(data)
    values["subject"] = subject if subject is not None else ""
    derive = EVENT_DERIVED.get(code)
    if derive is not None:
        values.update(derive(data, lang, rs))
    if not catalogue.has(code, lang):
        # a code this version does not know: its numbers, unformatted
        numbers = ", ".join(f"{k}={v}" for k, v in data.items() if not isinstance(v, list | dict))
        return f"{code}" + (f" {subject}" if subject else "") + (f" ({numbers})" if numbers else "")
    return grammar.render(code, values, lang)

"""Human text for event codes, in English and French: the events' part of the one
catalogue (``referee/render/catalogue.py``). French keeps the rules' own words
(``ss cb``, ``pré-joué``, ``déroute``...). The engine never builds text: it emits
codes and numbers; these templates turn them into sentences, one per phase module
(``referee/render/messages_*.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.render.catalogue import CATALOGUE, Text, fill, pick

TEMPLATES: dict[str, dict[str, str]] = {
    "army.status": {
        "en": Text(
            "{subject}: losses {losses} of army cohesion {cohesion}",
            clauses=(("broken", True, " — BROKEN"),),
        ),
        "fr": Text(
            "{subject} : pertes {losses} sur une cohésion d'armée de {cohesion}",
            clauses=(("broken", True, " — EN DÉROUTE"),),
        ),
    },
    "army.broken": {
        "en": "Army break: {broken_list} routs; the game ends",
        "fr": "Déroute de l'armée : {broken_list} ; la partie s'achève",
    },
    "army.draw": {
        "en": "Both armies break at once ({broken_list}): the game is a draw",
        "fr": "Les deux armées déroutent en même temps ({broken_list}) : match nul",
    },
}

# per code: values computed from the data (and the ruleset, when known)
Derive = Callable[..., Mapping[str, Any]]
EVENT_DERIVED: dict[str, Derive] = {}


def register(
    templates: Mapping[str, Mapping[str, str]], derived: Mapping[str, Derive] | None = None
) -> None:
    """Phases add their own codes (see ``referee/render/messages_*.py``); every code
    is an entry of the catalogue too."""
    for code, texts in templates.items():
        TEMPLATES[code] = dict(texts)
        CATALOGUE[code] = TEMPLATES[code]
    EVENT_DERIVED.update(derived or {})


def _load_phase_templates() -> None:
    from referee.render import (
        messages_activation,
        messages_combat,
        messages_movement,
        messages_pursuit,
        messages_rout,
    )

    register(dict(TEMPLATES))
    for module in (
        messages_activation,
        messages_movement,
        messages_combat,
        messages_rout,
        messages_pursuit,
    ):
        register(module.TEMPLATES, getattr(module, "DERIVED", None))


_load_phase_templates()


def message(
    code: str, subject: str | None, data: Mapping[str, Any], lang: str = "en", rs: Any = None
) -> str:
    """The sentence of one event in ``lang`` (``rs``: the ruleset, for its labels)."""
    texts = TEMPLATES.get(code)
    values: dict[str, Any] = dict(data)
    values["subject"] = subject if subject is not None else ""
    derive = EVENT_DERIVED.get(code)
    if derive is not None:
        values.update(derive(data, lang, rs))
    if texts is None:  # a code this version does not know: its numbers, unformatted
        numbers = ", ".join(f"{k}={v}" for k, v in data.items() if not isinstance(v, list | dict))
        return f"{code}" + (f" {subject}" if subject else "") + (f" ({numbers})" if numbers else "")
    return fill(pick(texts, lang), values, lang)

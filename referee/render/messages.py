"""Human text for event codes, in English and French. French keeps the rules'
own words (``ss cb``, ``pré-joué``, ``déroute``...). The engine never builds text:
it emits codes and numbers; this table turns them into sentences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TEMPLATES: dict[str, dict[str, str]] = {
    "army.status": {
        "en": "{subject}: losses {losses} of army cohesion {cohesion}{broken_en}",
        "fr": "{subject} : pertes {losses} sur une cohésion d'armée de {cohesion}{broken_fr}",
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


class _Defaults(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


_YES_NO = {"en": ("yes", "no"), "fr": ("oui", "non")}
_NONE = {"en": "none", "fr": "aucun"}


def _derived(code: str, data: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    extra: dict[str, Any] = {}
    yes, no = _YES_NO.get(lang, _YES_NO["en"])
    for key, value in data.items():  # true/false in words, not Python's True/False
        if isinstance(value, bool) and key != "broken":
            extra[key] = yes if value else no
    if "broken" in data:
        broken = data["broken"]
        if isinstance(broken, list):
            extra["broken_list"] = ", ".join(map(str, broken))
        else:
            extra["broken_en"] = " — BROKEN" if broken else ""
            extra["broken_fr"] = " — EN DÉROUTE" if broken else ""
    for key, value in data.items():
        if isinstance(value, list) and key not in extra and all(isinstance(v, str | int)
                                                                 for v in value):
            extra[f"{key}_list"] = "-".join(map(str, value)) if key == "path" else \
                ", ".join(map(str, value))
            if not value:
                extra[f"{key}_list"] = _NONE.get(lang, _NONE["en"])
    return extra


def register(templates: Mapping[str, Mapping[str, str]]) -> None:
    """Phases add their own codes (see ``referee/render/messages_*.py``)."""
    for code, texts in templates.items():
        TEMPLATES[code] = dict(texts)


def _load_phase_templates() -> None:
    from referee.render import (
        messages_activation,
        messages_combat,
        messages_movement,
        messages_pursuit,
        messages_rout,
    )

    for module in (messages_activation, messages_movement, messages_combat, messages_rout,
                   messages_pursuit):
        register(module.TEMPLATES)


_load_phase_templates()


def message(code: str, subject: str | None, data: Mapping[str, Any], lang: str = "en") -> str:
    texts = TEMPLATES.get(code)
    values = _Defaults(data)
    values["subject"] = subject if subject is not None else ""
    values.update(_derived(code, data, lang))
    if texts is None:
        numbers = ", ".join(f"{k}={v}" for k, v in data.items() if not isinstance(v, list | dict))
        return f"{code}" + (f" {subject}" if subject else "") + (f" ({numbers})" if numbers
                                                                  else "")
    return texts.get(lang, texts["en"]).format_map(values)

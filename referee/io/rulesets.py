"""Finding and loading rulesets: built-in ones are package data (``referee.rulesets``),
so an installed ``referee`` finds them from any directory."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from referee.core.errors import RulesetError
from referee.core.model import Problem
from referee.core.ruleset import Ruleset, deep_merge
from referee.core.spec import Data, check, check_like
from referee.errors import InvalidInput
from referee.io.yamlio import load_file, load_text

RULESET_FORMAT = "referee-ruleset/1"
HOUSE_RULES_FORMAT = "referee-house-rules/1"


def builtin_names() -> list[str]:
    root = resources.files("referee.rulesets")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml"))


def _builtin_data(name: str) -> tuple[dict[str, Any], str]:
    if name not in builtin_names():
        raise InvalidInput(Problem("ruleset", f"unknown ruleset {name!r}",
                                   "use one of " + ", ".join(builtin_names())))
    resource = resources.files("referee.rulesets") / f"{name}.yaml"
    origin = f"rulesets/{name}.yaml"
    doc = load_text(resource.read_text(encoding="utf-8"), origin)
    return doc.data, origin


def read_house_rules(path: str, name: str) -> dict[str, Any]:
    """The overrides of a house-rules file written for ruleset ``name``."""
    doc = load_file(path)
    hr = doc.data
    if not isinstance(hr, dict):
        raise InvalidInput(doc.locate([Problem("", "must be a mapping")]))
    if hr.get("format") != HOUSE_RULES_FORMAT:
        raise InvalidInput(doc.locate([Problem("format", "is missing or unknown",
                                               f"write format: {HOUSE_RULES_FORMAT}")]))
    base = hr.get("base", name)
    if base != name:
        raise InvalidInput(doc.locate([Problem(
            "base", f"these house rules are for {base!r}, the game uses {name!r}",
            "use house rules written for this ruleset")]))
    overrides = {k: v for k, v in hr.items() if k not in ("format", "base")}
    # a guard against house rules that would break the engine (a table made a list,
    # a number made text, a date): the kinds of the ruleset's values are kept
    problems = check(Data(mapping=True), overrides) or check_like(_builtin_data(name)[0],
                                                                  overrides)
    if problems:
        raise InvalidInput(doc.locate(problems))
    return overrides


def load_ruleset(name: str, house_rules: str | None = None,
                 overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """The built-in ruleset ``name``; then the game's own house rules (``overrides``,
    held by the state) and a house-rules file are merged over it, in that order."""
    data, origin = _builtin_data(name)
    if overrides:
        problems = check_like(data, overrides, (None, "house_rules"))
        if problems:  # the state's own house rules (the state's reader locates them)
            raise InvalidInput(problems)
        data = deep_merge(data, overrides)
        origin = f"{origin} + the game's house rules"
    if house_rules is not None:
        data = deep_merge(data, read_house_rules(house_rules, name))
        origin = f"{origin} + {house_rules}"
    try:
        return Ruleset(data, origin)
    except RulesetError as exc:
        raise InvalidInput(Problem(exc.path, exc.detail, "fix the ruleset or house rules",
                                   file=origin)) from None

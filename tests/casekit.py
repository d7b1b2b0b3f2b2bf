"""Loading and running the data-driven adjudication cases (tests/cases/)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from referee.core.adjudicate import Outcome, adjudicate
from referee.core.choices import CHOICES_FORMAT, Decisions, read_choices
from referee.core.dice import NoDice, PhysicalDice
from referee.core.model import GameState
from referee.core.orders import OrderSet, parse_order
from referee.core.ruleset import Param, Ruleset, deep_merge
from referee.core.validate import check_state
from referee.io.rulesets import load_ruleset
from referee.io.state import read_state

CASES = Path(__file__).parent / "cases"
UNIT_DEFAULTS = {
    "facing": "N",
    "cohesion": {"current": 3, "max": 3},
    "factors": {"shooting": 0, "range": 0, "assault": 2, "melee": 2},
}


# the keys of a case file and of its `expect:` (anything else fails the case)
CASE_KEYS = frozenset(
    {
        "rule",
        "title",
        "state",
        "orders",
        "dice",
        "expect",
        "house_rules",
        "house_rules_inline",
        "choices",
    }
)
EXPECT_KEYS = frozenset(
    {"events", "units", "unchanged", "removed", "leaders", "sides", "result", "event_data"}
)


def case_files() -> list[Path]:
    return sorted(p for p in CASES.glob("*/*.yaml"))


def build_state(case: dict[str, Any], ruleset: str) -> GameState:
    base = yaml.safe_load((CASES / "_base.yaml").read_text(encoding="utf-8"))
    raw = deep_merge(base, copy.deepcopy(case.get("state") or {}))
    raw["ruleset"] = ruleset
    for side in raw["sides"].values():
        for group in ("units", "off_table"):
            side[group] = [deep_merge(UNIT_DEFAULTS, u) for u in side.get(group) or []]
    state, problems = read_state(raw)
    assert not problems, [p.render() for p in problems]
    assert state is not None
    rs = load_ruleset(ruleset)
    problems = check_state(state, rs)
    assert not problems, [p.render() for p in problems]
    return state


def run_case(path: Path) -> tuple[GameState, Outcome, dict[str, Any], Ruleset]:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert case.get("rule"), f"{path.name}: every case cites the rule it checks (rule:)"
    ruleset = path.parent.name
    state = build_state(case, ruleset)
    rs = load_ruleset(ruleset, case.get("house_rules"))
    if case.get("house_rules_inline"):
        rs = rs.amended(case["house_rules_inline"], "case")
    orders = OrderSet(
        turn=state.turn,
        player=state.player,
        phase=state.phase,
        orders=tuple(parse_order(state.phase, o) for o in case.get("orders") or []),
        raw=tuple(case.get("orders") or []),
    )
    dice = PhysicalDice(case["dice"]) if case.get("dice") is not None else NoDice()
    outcome = adjudicate(state, orders, rs, dice, decisions(state, case.get("choices")))
    return state, outcome, case, rs


def decisions(state: GameState, choices: Any) -> Decisions | None:
    """``choices: {side: [choice, ...]}``: each side's choices file for the case's phase
    (docs/pbem.md §Choices), as the CLI's ``--choices`` gives them to the engine."""
    if not choices:
        return None
    sets = []
    for side, items in choices.items():
        data = {
            "format": CHOICES_FORMAT,
            "game": state.game,
            "turn": state.turn,
            "player": state.player,
            "phase": state.phase,
            "by": side,
            "choices": items,
        }
        choice_set, problems = read_choices(data)
        assert choice_set is not None, [p.render() for p in problems]
        sets.append(choice_set)
    return Decisions(sets)


def _quoted(rule: str) -> list[str]:
    """A case's rule, then the same without each trailing parenthesised quotation:
    ``000 §Troupes hors table (sinon, c'est interdit)`` cites ``000 §Troupes hors table``
    (a heading may end in parentheses itself: ``... (en hex)``, so each is tried)."""
    out = [rule]
    text = rule.rstrip()
    while text.endswith(")"):
        depth = 0
        for i in range(len(text) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(text[i], 0)
            if depth == 0:
                break
        else:
            break
        text = text[:i].rstrip()
        if text:
            out.append(text)
    return out


def _at_boundary(text: str, part: str) -> bool:
    """``part`` is one whole citation of ``text`` (citations are joined by "; ")."""
    start = 0
    while (i := text.find(part, start)) >= 0:
        j = i + len(part)
        if (i == 0 or text[i - 2 : i] == "; ") and (j == len(text) or text[j : j + 2] == "; "):
            return True
        start = i + 1
    return False


def cites(event_rule: str, case_rule: str) -> bool:
    """The event's rule cites the case's rule (or the rule the case quotes from)."""
    return any(_at_boundary(event_rule, r) for r in _quoted(case_rule))


class Sources:
    """Every source a ruleset holds; an event's rule must be some of them joined by "; "."""

    def __init__(self, sources: set[str]) -> None:
        self.sources = sources

    def decomposes(self, rule: str) -> bool:
        ends = {0}
        for i in range(len(rule) + 1):
            if i not in ends:
                continue
            for s in self.sources:
                if rule.startswith(s, i):
                    j = i + len(s)
                    if j == len(rule):
                        return True
                    if rule.startswith("; ", j):
                        ends.add(j + 2)
        return False


def sources_of(rs: Ruleset) -> Sources:
    """Every citation the typed ruleset carries: parameters, ``cite:`` entries, table
    rows, unit types, terrain, hexsides, ranks, activation bands."""
    found: set[str] = set()

    def collect(value: Any) -> None:
        if isinstance(value, Param):
            found.add(value.source)
        elif hasattr(value, "__struct_fields__"):  # a record of the typed ruleset
            citations = type(value).__name__.endswith("Cites")  # every field is a source
            for name in value.__struct_fields__:
                item = getattr(value, name)
                if isinstance(item, str):
                    if citations or name.endswith("source"):
                        found.add(item)
                else:
                    collect(item)
        elif isinstance(value, Mapping):
            for v in value.values():
                collect(v)
        elif isinstance(value, tuple | list):
            for v in value:
                collect(v)

    for section in (
        rs.unit_types,
        rs.movement,
        rs.movement_rules,
        rs.pass_through,
        rs.terrain,
        rs.hexsides,
        rs.roads,
        rs.leaders,
        rs.activation,
        rs.combat,
        rs.rout,
        rs.pursuit,
        rs.army_break,
        rs.presets,
    ):
        collect(section)
    # an interpretation: its sentence's heading, and only the reading applied (a report
    # that cites another reading than the one the ruleset applies is wrong)
    for interp in rs.interpretations.values():
        found.update((interp.source, interp.cite))
    return Sources({s for s in found if s})

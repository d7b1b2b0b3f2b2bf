"""Loading and running the data-driven adjudication cases (tests/cases/)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

from referee.core.adjudicate import Outcome, adjudicate
from referee.core.dice import NoDice, PhysicalDice
from referee.core.model import GameState
from referee.core.orders import OrderSet, parse_order
from referee.core.ruleset import deep_merge
from referee.core.validate import check_state
from referee.io.rulesets import load_ruleset
from referee.io.state import read_state

CASES = Path(__file__).parent / "cases"
UNIT_DEFAULTS = {"facing": "N", "cohesion": {"current": 3, "max": 3},
                 "factors": {"shooting": 0, "range": 0, "assault": 2, "melee": 2}}


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


def run_case(path: Path) -> tuple[GameState, Outcome, dict[str, Any]]:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert case.get("rule"), f"{path.name}: every case cites the rule it checks (rule:)"
    ruleset = path.parent.name
    state = build_state(case, ruleset)
    rs = load_ruleset(ruleset, case.get("house_rules"))
    if case.get("house_rules_inline"):
        rs = rs.amended(case["house_rules_inline"], "case")
    orders = OrderSet(turn=state.turn, player=state.player, phase=state.phase,
                      orders=tuple(parse_order(state.phase, o) for o in case.get("orders") or []),
                      raw=tuple(case.get("orders") or []))
    dice = PhysicalDice(case["dice"]) if case.get("dice") is not None else NoDice()
    outcome = adjudicate(state, orders, rs, dice)
    return state, outcome, case

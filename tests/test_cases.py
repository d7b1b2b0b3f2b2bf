"""Runs every adjudication case under tests/cases/ through the engine.

Each case checks its own claims: its ``rule:`` must be among the rules cited by the
events the engine emits for it, every rule an event cites must be the ruleset's own
data, and an unknown key under ``expect:`` (or at the top of the case) fails the case
instead of being ignored (see tests/cases/README.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from casekit import CASE_KEYS, EXPECT_KEYS, case_files, cites, run_case, sources_of
from referee.core.model import GameState
from referee.core.validate import check_state
from referee.io.rulesets import load_ruleset

IGNORED = ("army.status",)


def _unit(state: GameState, unit_id: str) -> Any:
    unit = state.find_unit(unit_id)
    if unit is not None:
        return unit
    for side in state.sides:
        for u in side.off_table:
            if u.id == unit_id:
                return u
    return None


def _check_unit(state: GameState, unit_id: str, expect: dict[str, Any]) -> None:
    unit = _unit(state, unit_id)
    assert unit is not None, f"{unit_id} is not on the table (or off-table list)"
    width = state.map.grid.width
    for key, value in expect.items():
        if key == "at":
            assert (unit.at.label(width) if unit.at else None) == value, f"{unit_id}.at"
        elif key == "facing":
            assert unit.facing.name == value, f"{unit_id}.facing"
        elif key == "cohesion":
            assert unit.cohesion.current == value, f"{unit_id}.cohesion"
        elif key == "status_has":
            missing = set(value) - unit.status
            assert not missing, f"{unit_id} lacks status {missing} (has {sorted(unit.status)})"
        elif key == "status_lacks":
            extra = set(value) & unit.status
            assert not extra, f"{unit_id} should not have status {extra}"
        elif key == "moved_hexes":
            assert unit.moved_hexes == value, f"{unit_id}.moved_hexes"
        elif key == "reaction":
            assert unit.reaction == value, f"{unit_id}.reaction is {unit.reaction!r}"
        else:
            raise AssertionError(f"unknown unit expectation {key!r}")


@pytest.mark.parametrize("path", case_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case(path: Path) -> None:
    before, outcome, case, rs = run_case(path)
    unknown = set(case) - CASE_KEYS
    assert not unknown, f"unknown case keys {sorted(unknown)} (use {sorted(CASE_KEYS)})"
    expect = case.get("expect") or {}
    unknown = set(expect) - EXPECT_KEYS
    assert not unknown, f"unknown expect keys {sorted(unknown)} (use {sorted(EXPECT_KEYS)})"
    cited = [e.rule for e in outcome.events]
    assert any(cites(rule, case["rule"]) for rule in cited), (
        f"the case checks {case['rule']!r} but no event cites it; cited: {sorted(set(cited))}"
    )
    known = sources_of(rs)
    for e in outcome.events:
        assert e.rule and known.decomposes(e.rule), (
            f"{e.code} cites {e.rule!r}, which is not the ruleset's data"
        )
    after = outcome.state
    codes = [e.code for e in outcome.events if e.code not in IGNORED]
    if "events" in expect:
        assert codes == expect["events"], f"events {codes}"
    for unit_id, checks in (expect.get("units") or {}).items():
        _check_unit(after, unit_id, checks)
    for unit_id in expect.get("unchanged") or []:
        assert after.find_unit(unit_id) == before.find_unit(unit_id), f"{unit_id} changed"
    removed = {r.unit.id: r.why for s in after.sides for r in s.removed}
    for unit_id, why in (expect.get("removed") or {}).items():
        assert removed.get(unit_id) == why, f"{unit_id} removed as {removed.get(unit_id)}"
    for leader_id, checks in (expect.get("leaders") or {}).items():
        leader = after.find_leader(leader_id)
        assert leader is not None
        for key, value in checks.items():
            if key == "status_has":
                assert set(value) <= leader.status, f"{leader_id} status {sorted(leader.status)}"
            elif key == "at":
                h = after.leader_hex(leader)
                assert (h.label() if h else None) == value, f"{leader_id}.at"
            elif key == "attached_to":
                assert leader.attached_to == value
            else:
                raise AssertionError(f"unknown leader expectation {key!r}")
    for side_id, checks in (expect.get("sides") or {}).items():
        side = after.side(side_id)
        for key, value in checks.items():
            if key == "order_tokens":
                assert side.order_tokens == value
            elif key == "camp_taken":
                assert side.camp.taken == value
            elif key == "activations":
                assert [[a.leader, *a.units] for a in side.activations] == value
            else:
                raise AssertionError(f"unknown side expectation {key!r}")
    if "result" in expect:
        assert (dict(after.result) if after.result else None) == expect["result"] or (
            after.result is not None
            and expect["result"] is not None
            and all(after.result.get(k) == v for k, v in expect["result"].items())
        )
    for i, want in enumerate(expect.get("event_data") or []):
        matches = [
            e
            for e in outcome.events
            if e.code == want["code"]
            and (want.get("subject") is None or e.subject == want["subject"])
        ]
        assert matches, f"event_data[{i}]: no {want['code']} event"
        fields = {k: v for k, v in want.items() if k not in ("code", "subject")}
        assert any(all(e.data.get(k) == v for k, v in fields.items()) for e in matches), (
            f"event_data[{i}]: {[dict(e.data) for e in matches]}"
        )
    # whatever happened, the new state is still a legal state
    assert not check_state(after, load_ruleset(path.parent.name)), "after-state is invalid"

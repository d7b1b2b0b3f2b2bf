"""Invariants of the rout and pursuit phases (001) over random battles (hypothesis).

Whatever the position, orders and dice: no two units share a hex, cohesion stays in
0..max, nothing leaves the table without an event naming it, no leader changes
fate silently, the new state is valid, and the same inputs give the same result.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from referee.core.adjudicate import Outcome, adjudicate
from referee.core.dice import SeededDice
from referee.core.hexgrid import Direction, Hex, side_of_attack
from referee.core.model import (
    Camp,
    Cohesion,
    Engagement,
    GameState,
    Leader,
    MapData,
    Removed,
    Side,
    Unit,
)
from referee.core.orders import Choose, Order, OrderSet, Pursue
from referee.core.validate import check_state
from referee.io.rulesets import load_ruleset
from referee.render.messages import event_codes, message

RULESETS = {name: load_ruleset(name) for name in ("thucidide", "panache", "frederic")}
COLUMNS = ROWS = 7
HEXES = [Hex.from_offset(x, y) for y in range(ROWS) for x in range(COLUMNS)]
TRAITS = ("impetuous", "light_infantry", "expendable")


def kinds(name: str) -> list[tuple[str, str]]:
    """Every (type, weight) the ruleset's tables allow."""
    return sorted(key for key, cell in RULESETS[name].allowances.items() if cell.exists)


@st.composite
def battles(draw: st.DrawFn, phase: str) -> tuple[GameState, OrderSet, str]:
    name = draw(st.sampled_from(sorted(RULESETS)))
    types = kinds(name)
    n = draw(st.integers(2, 16))
    cells = draw(st.lists(st.sampled_from(HEXES), min_size=n, max_size=n, unique=True))
    units: list[Unit] = []
    for i, h in enumerate(cells):
        unit_type, weight = draw(st.sampled_from(types))
        top = draw(st.integers(1, 4))
        units.append(
            Unit(
                id=f"U{i}",
                side=draw(st.sampled_from(("a", "b"))),
                type=unit_type,
                weight=weight,
                at=h,
                facing=draw(st.sampled_from(list(Direction))),
                cohesion=Cohesion(draw(st.integers(0, top)), top),
                traits=frozenset(draw(st.lists(st.sampled_from(TRAITS), max_size=2))),
            )
        )
    by_hex = {u.at: u for u in units}
    engagements: list[Engagement] = []
    for u in units:
        assert u.at is not None
        for d, h in u.at.neighbours():
            other = by_hex.get(h)
            if other is not None and other.side != u.side and draw(st.booleans()):
                through = side_of_attack(other.facing, d.opposite)
                engagements.append(Engagement(u.id, other.id, "melee", through))
    removed: dict[str, list[Removed]] = {"a": [], "b": []}
    if phase == "pursuit":
        # the rout phase is over: units at 0 are gone; some were eliminated
        keep = []
        for u in units:
            if u.cohesion.current == 0 or (draw(st.integers(0, 3)) == 0):
                removed[u.side].append(
                    Removed(
                        replace(u, cohesion=Cohesion(0, u.cohesion.max)), "eliminated", 1, "rout"
                    )
                )
            else:
                keep.append(u)
        units = keep
    unit_ids = [u.id for u in units]
    leaders: list[Leader] = []
    for i in range(draw(st.integers(0, 3))):
        side = draw(st.sampled_from(("a", "b")))
        own = [u.id for u in units if u.side == side]
        attached: str | None = None
        wants_unit: bool = draw(st.booleans())
        if own and wants_unit:
            attached = draw(st.sampled_from(own))
        leaders.append(
            Leader(
                id=f"G{i}",
                side=side,
                name=f"G{i}",
                rank="sub_general",
                command_value=draw(st.integers(0, 3)),
                attached_to=attached,
                at=None if attached else draw(st.sampled_from(HEXES)),
            )
        )
    camps = {
        s: Camp(at=draw(st.sampled_from(HEXES)), fortified=draw(st.booleans())) for s in ("a", "b")
    }
    terrain = {
        h: "wood" for h in draw(st.lists(st.sampled_from(HEXES), max_size=4)) if h not in by_hex
    }
    sides = tuple(
        Side(
            id=s,
            name=s,
            edge=edge,
            camp=camps[s],
            leaders=tuple(lead for lead in leaders if lead.side == s),
            units=tuple(u for u in units if u.side == s),
            removed=tuple(removed[s]),
        )
        for s, edge in (("a", "S"), ("b", "N"))
    )
    state = GameState(
        ruleset=name,
        game="props",
        turn=1,
        player="a",
        phase=phase,
        map=MapData(COLUMNS, ROWS, terrain=terrain),
        sides=sides,
        engagements=tuple(engagements),
    )
    orders: list[Order] = []
    names = unit_ids + [lead.id for lead in leaders] + ["NOPE"]
    for _ in range(draw(st.integers(0, 4))):
        uid = draw(st.sampled_from(names))
        if phase == "rout":
            orders.append(Choose(uid, draw(st.sampled_from(names))))
        else:
            orders.append(
                Pursue(
                    uid,
                    supports=tuple(draw(st.lists(st.sampled_from(names), max_size=2))),
                    pursue=draw(st.booleans()),
                    face_enemy=draw(st.none() | st.sampled_from(names)),
                )
            )
    return (
        state,
        OrderSet(1, "a", phase, tuple(orders)),
        draw(st.text("0123456789abcdef", min_size=4, max_size=8)),
    )


def run(state: GameState, orders: OrderSet, seed: str) -> Outcome:
    dice = SeededDice(seed, state.game, state.turn, state.player, state.phase)
    return adjudicate(state, orders, RULESETS[state.ruleset], dice)


def check(state: GameState, orders: OrderSet, seed: str) -> Outcome:
    rs = RULESETS[state.ruleset]
    assert not check_state(state, rs), check_state(state, rs)
    outcome = run(state, orders, seed)
    after = outcome.state
    # no two units in a hex, cohesion in bounds, the state is still valid
    places = [u.at for u in after.units()]
    assert len(places) == len(set(places))
    for u in after.units():
        assert 0 <= u.cohesion.current <= u.cohesion.max
    assert not check_state(after, rs), [p.render() for p in check_state(after, rs)]
    # nothing disappears without an event naming it
    subjects = {e.subject for e in outcome.events}
    before_ids = {u.id for u in state.units()}
    after_ids = {u.id for u in after.units()}
    gone = before_ids - after_ids
    assert gone <= subjects, gone - subjects
    assert not after_ids - before_ids
    removed_now = {r.unit.id for s in after.sides for r in s.removed} - {
        r.unit.id for s in state.sides for r in s.removed
    }
    assert removed_now == gone
    for u in after.units():
        old = state.find_unit(u.id)
        assert old is not None
        if (old.at, old.facing, old.cohesion) != (u.at, u.facing, u.cohesion):
            assert u.id in subjects, f"{u.id} changed silently"
    for lead in after.leaders():
        old_lead = state.find_leader(lead.id)
        assert old_lead is not None
        if (old_lead.status, old_lead.attached_to) != (lead.status, lead.attached_to):
            assert lead.id in subjects, f"{lead.id} changed silently"
    # every event of these phases has a text in both languages, fully filled in
    for e in outcome.events:
        if e.code.split(".")[0] in ("rout", "pursuit"):
            assert e.code in event_codes(), e.code
            for lang in ("en", "fr"):
                text = message(e.code, e.subject, e.data, lang)
                assert not re.search(r"\{\w+\}", text), (e.code, lang, text)
    # the same inputs give the same result
    again = run(state, orders, seed)
    assert again.state == after
    assert again.events == outcome.events
    assert again.rolls == outcome.rolls
    return outcome


SETTINGS: dict[str, Any] = {
    "max_examples": 150,
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
}


@settings(**SETTINGS)
@given(battles("rout"))
def test_rout_invariants(battle: tuple[GameState, OrderSet, str]) -> None:
    state, orders, seed = battle
    outcome = check(state, orders, seed)
    # after the rout phase no unit is left on the table without cohesion
    assert all(u.cohesion.current > 0 for u in outcome.state.units())
    # cohesion only goes down in a rout phase
    for u in outcome.state.units():
        old = state.find_unit(u.id)
        assert old is not None and u.cohesion.current <= old.cohesion.current


@settings(**SETTINGS)
@given(battles("pursuit"))
def test_pursuit_invariants(battle: tuple[GameState, OrderSet, str]) -> None:
    state, orders, seed = battle
    outcome = check(state, orders, seed)
    rs = RULESETS[state.ruleset]
    distance = rs.pursuit.distance.value
    for u in outcome.state.units():
        old = state.find_unit(u.id)
        assert old is not None and old.at is not None and u.at is not None
        # a pursuit never rolls a die, never costs cohesion, moves at most its distance,
        # straight ahead, and only the phasing player's units move
        assert u.cohesion == old.cohesion
        if u.at != old.at:
            assert u.side == state.player
            assert old.at.distance(u.at) <= distance
            assert u.at in [old.at.neighbour(old.facing)] or distance > 1
    assert not outcome.rolls

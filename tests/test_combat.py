"""Combat phase: properties over random melees (hypothesis), engagements recorded for
the rout and pursuit phases, and every combat event rendered in both languages."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_odds import engine_outcome, factors, orders, state, unit

from casekit import case_files, run_case
from referee.core.adjudicate import adjudicate
from referee.core.dice import PhysicalDice
from referee.core.hexgrid import Direction, Hex
from referee.core.model import Engagement
from referee.core.odds import odds
from referee.core.validate import check_state
from referee.io.rulesets import load_ruleset
from referee.render.grammar import variants
from referee.render.messages import event_codes, message

RS = load_ruleset("thucidide")
FACINGS = [d.name for d in Direction]


def test_engagements_recorded_with_the_attack_side() -> None:
    a = [
        unit("A1", "0506", status=["activated"]),  # B1's rear (B1 faces N)
        unit("A2", "0605", "NW", status=["activated"]),  # B1's flank
        unit("A3", "0705", "N", status=["activated"], factors=factors(shooting=1, rng=3)),
    ]
    s = state(a, [unit("B1", "0505", "N"), unit("B2", "0504", "S")])
    out = adjudicate(
        s, _orders(s, "A1 melee B1", "A2 melee B1", "A3 shoot B2"), RS, PhysicalDice([3] * 10)
    )
    assert [e for e in out.events if e.refused] == []
    attack = [e.data for e in out.events if e.code == "combat.attack"]
    assert [(d["target"], d["through"], d["charge"]) for d in attack] == [
        ("B1", "rear", True),
        ("B1", "flank", True),
        ("B2", "front", False),
    ]
    after = out.state
    for uid in ("A1", "A2", "B1"):
        found = after.find_unit(uid)
        assert found is not None and "engaged" in found.status
    b2 = after.find_unit("B2")
    assert b2 is not None and "engaged" not in b2.status


def test_engagements_on_the_board() -> None:
    """The phase appends Engagement records (the rout and pursuit phases read them)."""
    from referee.core.board import Board
    from referee.core.phases import combat

    a = [
        unit("A1", "0506", status=["activated"]),
        unit("A3", "0705", "N", status=["activated"], factors=factors(shooting=1, rng=3)),
    ]
    s = state(a, [unit("B1", "0505", "N"), unit("B2", "0504", "S")])
    board = Board(s)
    combat.apply(board, _orders(s, "A1 melee B1", "A3 shoot B2"), RS, PhysicalDice([3] * 10))
    assert board.engagements == [
        Engagement("A1", "B1", "melee", "rear", True),
        Engagement("A3", "B2", "shooting", "front", False),
    ]


def _orders(s: Any, *texts: str) -> Any:
    from referee.core.orders import OrderSet, parse_order

    return OrderSet(
        turn=s.turn,
        player=s.player,
        phase=s.phase,
        orders=tuple(parse_order("combat", t) for t in texts),
    )


def test_every_combat_event_renders() -> None:
    seen = set()
    for path in case_files():
        if not path.stem.startswith("combat-"):
            continue
        _, outcome, _, _ = run_case(path)
        for e in outcome.events:
            if not e.code.startswith("combat."):
                continue
            seen.add(e.code)
            assert e.code in event_codes(), e.code
            for lang in ("en", "fr"):
                text = message(e.code, e.subject, e.data, lang)
                assert "{" not in text, (e.code, lang, text)
                if e.code == "combat.refused":  # every reason has its own sentence
                    assert e.data["reason"] in variants(e.code)[1]
    assert {
        "combat.attack",
        "combat.roll",
        "combat.riposte",
        "combat.hit",
        "combat.retreat",
        "combat.retreat_blocked",
        "combat.order_token",
        "combat.evade",
        "combat.evade_failed",
        "combat.refused",
        "combat.flags_cancelled",
        "combat.rout_pending",
    } <= seen


# -- properties over random melees -------------------------------------------------------
@st.composite
def melee(draw: st.DrawFn) -> tuple[Any, list[int]]:
    col = draw(st.integers(2, 11))
    row = draw(st.integers(2, 11))
    target_at = Hex.from_label(f"{col:02d}{row:02d}")
    direction = draw(st.sampled_from(list(Direction)))
    attacker_at = target_at.neighbour(direction)
    x, y = attacker_at.to_offset()
    if not (0 <= x < 12 and 0 <= y < 12):
        attacker_at = target_at.neighbour(direction.opposite)
    taken = {target_at, attacker_at}
    friends: list[tuple[str, Hex]] = []
    for _ in range(draw(st.integers(0, 4))):
        side = draw(st.sampled_from("ab"))
        near = draw(st.sampled_from([target_at, attacker_at]))
        h = near.neighbour(draw(st.sampled_from(list(Direction))))
        x, y = h.to_offset()
        if h in taken or not (0 <= x < 12 and 0 <= y < 12):
            continue
        taken.add(h)
        friends.append((side, h))
    a = [
        unit(
            "A1",
            attacker_at.label(),
            draw(st.sampled_from(FACINGS)),
            status=["activated"],
            cohesion={"current": draw(st.integers(1, 4)), "max": 4},
            factors=factors(assault=draw(st.integers(0, 4))),
        )
    ]
    b = [
        unit(
            "B1",
            target_at.label(),
            draw(st.sampled_from(FACINGS)),
            cohesion={"current": draw(st.integers(1, 4)), "max": 4},
            factors=factors(melee=draw(st.integers(0, 3))),
        )
    ]
    for i, (side, h) in enumerate(friends):
        (a if side == "a" else b).append(unit(f"{side.upper()}F{i}", h.label()))
    dice = draw(st.lists(st.integers(1, 6), min_size=8, max_size=8))
    return state(a, b), dice


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(melee())
def test_random_melee_invariants(case: tuple[Any, list[int]]) -> None:
    s, dice = case
    out = adjudicate(s, orders(s, "A1 melee B1"), RS, PhysicalDice(dice))
    again = adjudicate(s, orders(s, "A1 melee B1"), RS, PhysicalDice(dice))
    assert out.state == again.state and out.events == again.events
    after = out.state
    assert not check_state(after, RS)
    assert {u.id for u in after.units()} == {u.id for u in s.units()}  # nobody leaves
    hexes = [u.at for u in after.units()]
    assert len(hexes) == len(set(hexes))
    for u in after.units():
        assert 0 <= u.cohesion.current <= u.cohesion.max
        before = s.find_unit(u.id)
        assert before is not None
        if u.id not in ("A1", "B1"):
            assert u == before
    # the engine's result is one of the outcomes the exact odds list
    o = odds(s, RS, "A1", "B1")
    t, a = engine_outcome(s, RS, "A1 melee B1", PhysicalDice(dice), "A1", "B1")
    assert any(x.target == t and x.attacker == a for x in o.outcomes)
    assert o.total == 1

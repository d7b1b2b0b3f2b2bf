"""Exact combat odds: hand-computed distributions, totals, and agreement with the
combat phase (exhaustively over every face sequence for small rolls, and by
frequencies over many seeded games)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from casekit import build_state
from referee.core.adjudicate import adjudicate
from referee.core.dice import PhysicalDice, SeededDice
from referee.core.model import GameState
from referee.core.odds import Odds, OddsError, SideOutcome, odds
from referee.core.orders import OrderSet, parse_order
from referee.core.ruleset import Ruleset
from referee.io.rulesets import load_ruleset

F = Fraction


def unit(uid: str, at: str, facing: str = "N", **extra: Any) -> dict[str, Any]:
    u: dict[str, Any] = {
        "id": uid,
        "type": "infanterie",
        "weight": "medium",
        "at": at,
        "facing": facing,
    }
    u.update(extra)
    return u


def state(
    a: list[dict[str, Any]], b: list[dict[str, Any]], ruleset: str = "thucidide", **extra: Any
) -> GameState:
    case = {"state": {"phase": "combat", "sides": {"a": {"units": a}, "b": {"units": b}}, **extra}}
    return build_state(case, ruleset)


def factors(shooting: int = 0, rng: int = 0, assault: int = 2, melee: int = 2) -> dict[str, int]:
    return {"shooting": shooting, "range": rng, "assault": assault, "melee": melee}


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_ruleset("thucidide")


def target_dist(o: Odds, what: str) -> dict[int, Fraction]:
    return {k: p for k, p in o.distribution("target", what).items() if p}


# -- hand-computed ------------------------------------------------------------------------
def shooter(dice: int, at: str = "0508") -> dict[str, Any]:
    return unit("A1", at, status=["activated"], factors=factors(shooting=dice, rng=4))


def test_one_die_shooting(rs: Ruleset) -> None:
    o = odds(state([shooter(1)], [unit("B1", "0505", "S")]), rs, "A1", "B1", "shooting")
    # faces: hit infantry (1/6), flag (1/6), four others
    assert target_dist(o, "lost") == {0: F(5, 6), 1: F(1, 6)}
    assert target_dist(o, "retreat") == {0: F(5, 6), 1: F(1, 6)}
    assert o.rout_probability("target") == 0
    assert o.order_tokens == {"a": {0: F(5, 6), 1: F(1, 6)}}
    assert [(x.probability, x.target.lost, x.target.retreat, x.target.at) for x in o.outcomes] == [
        (F(4, 6), 0, 0, "0505"),
        (F(1, 6), 0, 1, "0504"),
        (F(1, 6), 1, 0, "0505"),
    ]
    assert o.attack.total == 1 and o.riposte is None
    assert o.total == 1


def test_two_dice_shooting(rs: Ruleset) -> None:
    o = odds(state([shooter(2)], [unit("B1", "0505", "S")]), rs, "A1", "B1", "shooting")
    assert target_dist(o, "lost") == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}
    assert target_dist(o, "retreat") == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}
    joint = {(x.target.lost, x.target.retreat): x.probability for x in o.outcomes}
    assert joint[(1, 1)] == F(2, 36)  # hit then flag, or flag then hit
    assert joint[(0, 0)] == F(16, 36)
    assert o.expected_loss("target") == F(12, 36)


def test_two_dice_against_last_cohesion_point(rs: Ruleset) -> None:
    b = unit("B1", "0505", "S", cohesion={"current": 1, "max": 3})
    o = odds(state([shooter(2)], [b]), rs, "A1", "B1", "shooting")
    # any hit routs it (11/36); then its flags are moot: it does not retreat
    assert o.rout_probability("target") == F(11, 36)
    assert target_dist(o, "retreat") == {0: F(27, 36), 1: F(8, 36), 2: F(1, 36)}


def test_blocked_retreat_at_own_edge(rs: Ruleset) -> None:
    o = odds(state([shooter(1, "0503")], [unit("B1", "0501", "S")]), rs, "A1", "B1", "shooting")
    assert target_dist(o, "lost") == {0: F(4, 6), 1: F(2, 6)}  # hit, or a flag it cannot make
    assert target_dist(o, "blocked") == {0: F(5, 6), 1: F(1, 6)}
    assert target_dist(o, "retreat") == {0: F(1)}


def test_supported_target_ignores_one_flag(rs: Ruleset) -> None:
    friends = [unit("B2", "0405", "S"), unit("B3", "0605", "S")]
    o = odds(state([shooter(2)], [unit("B1", "0505", "S"), *friends]), rs, "A1", "B1", "shooting")
    assert o.target_supported
    assert target_dist(o, "retreat") == {0: F(35, 36), 1: F(1, 36)}


def test_melee_one_against_one(rs: Ruleset) -> None:
    a = unit("A1", "0506", status=["activated"], factors=factors(assault=1))
    b = unit("B1", "0505", "S", factors=factors(melee=1))
    o = odds(state([a], [b]), rs, "A1", "B1")
    # a flag moves the other unit back unless that unit's own die is a tactical advantage
    assert target_dist(o, "retreat") == {0: F(31, 36), 1: F(5, 36)}
    assert o.distribution("attacker", "retreat") == {0: F(31, 36), 1: F(5, 36)}
    assert o.distribution("attacker", "lost") == {0: F(5, 6), 1: F(1, 6)}
    both = sum(
        (
            x.probability
            for x in o.outcomes
            if x.target.retreat == 1 and x.attacker is not None and x.attacker.retreat == 1
        ),
        F(0),
    )
    assert both == F(1, 36)
    assert o.order_tokens == {"a": {0: F(5, 6), 1: F(1, 6)}, "b": {0: F(5, 6), 1: F(1, 6)}}
    assert o.total == 1


def test_modifiers_listed(rs: Ruleset) -> None:
    a = unit(
        "A1",
        "0506",
        status=["activated"],
        type="cavalerie",
        traits=["impact"],
        factors=factors(assault=3),
    )
    o = odds(
        state([a], [unit("B1", "0505", "S")], map={"terrain": {"0505": "wood"}}), rs, "A1", "B1"
    )
    assert o.charge
    assert [(m.reason, m.dice) for m in o.attack.modifiers] == [("terrain", -1), ("first_round", 1)]
    assert o.attack.total == 3
    data = o.to_json()
    assert data["dice"]["attack"]["modifier_total"] == 0
    assert data["dice"]["attack"]["modifiers"][0]["detail"] == "wood (opponent_hex)"


def test_evasion_means_no_melee(rs: Ruleset) -> None:
    a = unit("A1", "0506", status=["activated"])
    b = unit("B1", "0505", "S", weight="light", reaction="evade")
    o = odds(state([a], [b]), rs, "A1", "B1")
    assert o.evasion == ("0504", "0503")
    assert o.outcomes == ()
    assert o.to_json()["evasion"] == ["0504", "0503"]


def test_refused_attack_still_computed(rs: Ruleset) -> None:
    o = odds(state([unit("A1", "0506")], [unit("B1", "0505", "S")]), rs, "A1", "B1")
    assert o.refusal is not None and o.refusal.reason == "not_activated"
    assert o.to_json()["legal"] is False
    assert o.total == 1


def test_bad_questions(rs: Ruleset) -> None:
    st = state([unit("A1", "0506"), unit("A2", "0507")], [unit("B1", "0505", "S")])
    with pytest.raises(OddsError):
        odds(st, rs, "A1", "A2")
    with pytest.raises(OddsError):
        odds(st, rs, "A1", "ZZ")
    with pytest.raises(OddsError):
        odds(st, rs, "A1", "B1", "siege")


def test_json_exact_fractions_sum_to_one(rs: Ruleset) -> None:
    a = unit("A1", "0506", status=["activated"], factors=factors(assault=4))
    b = unit("B1", "0505", "S", factors=factors(melee=3))
    data = odds(state([a], [b]), rs, "A1", "B1").to_json()
    total = sum((F(o["exact"]) for o in data["outcomes"]), F(0))
    assert total == 1
    assert abs(sum(o["probability"] for o in data["outcomes"]) - 1) < 1e-9
    for who in ("target", "attacker"):
        assert sum(F(v["exact"]) for v in data["summary"][who]["lost"].values()) == 1


# -- agreement with the combat phase -------------------------------------------------------
def orders(st: GameState, text: str) -> OrderSet:
    return OrderSet(
        turn=st.turn, player=st.player, phase=st.phase, orders=(parse_order("combat", text),)
    )


def engine_outcome(
    st: GameState, rs: Ruleset, text: str, dice: Any, attacker: str, target: str
) -> tuple[SideOutcome, SideOutcome | None]:
    out = adjudicate(st, orders(st, text), rs, dice)
    assert not out.refused

    def side(uid: str) -> SideOutcome:
        before = st.find_unit(uid)
        after = out.state.find_unit(uid)
        assert before is not None and after is not None and after.at is not None
        made = sum(
            e.data["made"] for e in out.events if e.code == "combat.retreat" and e.subject == uid
        )
        blocked = sum(
            e.data["hexes"]
            for e in out.events
            if e.code == "combat.retreat_blocked" and e.subject == uid
        )
        return SideOutcome(
            lost=before.cohesion.current - after.cohesion.current,
            retreat=made,
            blocked=blocked,
            routs=after.cohesion.current == 0,
            at=after.at.label(),
        )

    return side(target), (side(attacker) if "melee" in text else None)


def exhaustive(
    st: GameState, rs: Ruleset, text: str, attacker: str, target: str, kind: str
) -> None:
    """Every face sequence through the engine: the counts must equal the exact weights."""
    o = odds(st, rs, attacker, target, kind)
    n = o.attack.total + (o.riposte.total if o.riposte is not None else 0)
    seen: Counter[tuple[SideOutcome, SideOutcome | None]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=n):
        seen[engine_outcome(st, rs, text, PhysicalDice(list(faces)), attacker, target)] += 1
    expected = {(x.target, x.attacker): x.weight for x in o.outcomes}
    assert all(x.total == 6**n for x in o.outcomes)
    assert dict(seen) == expected


def test_exhaustive_melee_open_ground(rs: Ruleset) -> None:
    a = unit("A1", "0506", status=["activated"], factors=factors(assault=2))
    b = unit("B1", "0505", "S", cohesion={"current": 2, "max": 3}, factors=factors(melee=2))
    exhaustive(state([a], [b]), rs, "A1 melee B1", "A1", "B1", "melee")


def test_exhaustive_melee_cramped(rs: Ruleset) -> None:
    """Supported target whose retreat sidesteps then runs off the table; attacker at
    one cohesion point with a friend behind it (its retreat is blocked)."""
    a = [
        unit(
            "A1",
            "0503",
            status=["activated"],
            cohesion={"current": 1, "max": 3},
            factors=factors(assault=2),
        ),
        unit("A2", "0504"),
    ]
    b = [
        unit("B1", "0502", "S", factors=factors(melee=2)),
        unit("B2", "0501", "S"),
        unit("B3", "0402", "S"),
    ]
    st = state(a, b)
    o = odds(st, rs, "A1", "B1")
    assert o.target_supported and not o.attacker_supported
    assert {x.target.at for x in o.outcomes} == {"0502", "0601"}
    exhaustive(st, rs, "A1 melee B1", "A1", "B1", "melee")


def test_exhaustive_shooting_with_modifiers() -> None:
    rs = load_ruleset("panache")
    g = unit(
        "G1",
        "0509",
        type="artillerie",
        weight="very-light",
        status=["activated", "moved"],
        moved_hexes=1,
        factors=factors(shooting=4, rng=5),
    )
    b = unit("B1", "0505", "S", traits=["wagon_borne"], status=["stationary"])
    st = state([g], [b], ruleset="panache")
    o = odds(st, rs, "G1", "B1", "shooting")
    assert o.attack.total == 2  # 4, -1 moved (**), -1 behind the wagons
    exhaustive(st, rs, "G1 shoot B1", "G1", "B1", "shooting")


def test_seeded_frequencies_match(rs: Ruleset) -> None:
    """Many seeded games (deterministic seeds) against the exact odds: a chi-square
    statistic over the joint (target lost, attacker lost) cells."""
    a = unit(
        "A1",
        "0506",
        status=["activated"],
        cohesion={"current": 4, "max": 4},
        factors=factors(assault=4),
    )
    b = unit("B1", "0505", "S", cohesion={"current": 4, "max": 4}, factors=factors(melee=3))
    st = state([a], [b])
    o = odds(st, rs, "A1", "B1")
    exact: Counter[tuple[int, int]] = Counter()
    for x in o.outcomes:
        assert x.attacker is not None
        exact[(x.target.lost, x.attacker.lost)] += x.weight
    runs = 1500
    seen: Counter[tuple[int, int]] = Counter()
    for i in range(runs):
        dice = SeededDice(f"odds-test-{i}", st.game, st.turn, st.player, st.phase)
        t, att = engine_outcome(st, rs, "A1 melee B1", dice, "A1", "B1")
        assert att is not None
        seen[(t.lost, att.lost)] += 1
    total = next(iter(o.outcomes)).total
    # pool the rare cells so each expected count is at least 5
    cells = sorted(exact, key=lambda k: -exact[k])
    chi2 = 0.0
    pooled_expected = 0.0
    pooled_seen = 0
    for cell in cells:
        expected = runs * exact[cell] / total
        if expected >= 5:
            chi2 += (seen[cell] - expected) ** 2 / expected
        else:
            pooled_expected += expected
            pooled_seen += seen[cell]
    if pooled_expected:
        chi2 += (pooled_seen - pooled_expected) ** 2 / pooled_expected
    assert set(seen) <= set(exact)
    assert chi2 < 40, chi2  # about 12 cells: p < 1e-4 beyond 40


def test_twelve_against_twelve_is_exact(rs: Ruleset) -> None:
    """12 dice against 12 (the benchmark's case; its speed is measured in bench/run.py,
    never asserted here): the distribution is exact and complete."""
    a = unit(
        "A1",
        "0506",
        status=["activated"],
        cohesion={"current": 4, "max": 4},
        factors=factors(assault=12),
    )
    b = unit("B1", "0505", "S", cohesion={"current": 4, "max": 4}, factors=factors(melee=12))
    o = odds(state([a], [b]), rs, "A1", "B1")
    assert o.total == 1
    assert sum(x.weight for x in o.outcomes) == 6**24

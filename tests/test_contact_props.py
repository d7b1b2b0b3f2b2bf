"""Pursuit contacts never outlive the combat phase that follows them (001 §Poursuite: « le
combat sera résolu lors de la phase de mêlée du tour suivant »), over random games played
phase after phase with random orders (hypothesis).

Whatever happens: after every combat phase no unit carries a ``pursuit_contact`` status;
a unit held in a contact never moves before it; and the state stays legal.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.adjudicate import adjudicate
from referee.core.combat_rules import contacts_of
from referee.core.dice import SeededDice
from referee.core.hexgrid import Direction, Hex
from referee.core.model import Cohesion, Factors, GameState, Leader, MapData, Side, Unit
from referee.core.orders import Activate, Attack, Move, Order, OrderSet, Pursue
from referee.core.validate import check_state
from referee.io.rulesets import load_ruleset

RULESETS = {name: load_ruleset(name) for name in ("thucidide", "panache", "frederic")}
COLUMNS, ROWS = 6, 8
KINDS = [
    ("infanterie", "medium"),
    ("cavalerie", "medium"),
    ("cavalerie", "light"),
    ("infanterie", "light"),
]


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, int]:
    name = draw(st.sampled_from(sorted(RULESETS)))
    sides = []
    for side, rows, facing in (("a", (4, 5, 6), Direction.N), ("b", (1, 2, 3), Direction.S)):
        cells = [Hex.from_offset(x, y) for y in rows for x in range(COLUMNS)]
        chosen = draw(st.lists(st.sampled_from(cells), min_size=4, max_size=14, unique=True))
        units = []
        for i, h in enumerate(chosen):
            kind, weight = draw(st.sampled_from(KINDS))
            units.append(
                Unit(
                    id=f"{side.upper()}{i}",
                    side=side,
                    type=kind,
                    weight=weight,
                    at=h,
                    facing=facing,
                    cohesion=Cohesion(1, 1) if draw(st.booleans()) else Cohesion(2, 2),
                    factors=Factors(assault=draw(st.integers(1, 4)), melee=draw(st.integers(1, 3))),
                    traits=frozenset({"impetuous"}) if draw(st.booleans()) else frozenset(),
                    reaction="evade" if draw(st.booleans()) else None,
                )
            )
        leader = Leader(
            id=f"G{side}",
            side=side,
            name=f"G{side}",
            rank="general",
            command_value=1,
            at=Hex.from_offset(COLUMNS // 2, rows[1] + (1 if side == "a" else -1)),
        )
        sides.append(
            Side(
                id=side,
                name=side,
                edge="S" if side == "a" else "N",
                leaders=(leader,),
                units=tuple(units),
            )
        )
    state = GameState(
        ruleset=name,
        game="props",
        turn=1,
        player="a",
        phase="activation",
        map=MapData(COLUMNS, ROWS),
        sides=tuple(sides),
    )
    return state, draw(st.integers(0, 2**31))


def _orders(state: GameState, rng: random.Random) -> tuple[Order, ...]:
    me = state.side(state.player)
    grid = state.map.grid
    mine = [u for u in me.units if u.at is not None]
    out: list[Order] = []
    if state.phase == "activation":
        pick = rng.sample(mine, min(len(mine), rng.randint(0, 4)))
        return (Activate(me.leaders[0].id, tuple(u.id for u in pick)),)
    if state.phase == "movement":
        for u in mine:
            assert u.at is not None
            steps = [h for _, h in u.at.neighbours() if grid.contains(h)]
            if steps and rng.random() < 0.7:
                out.append(Move(unit=u.id, path=(rng.choice(steps),)))
        return tuple(out)
    if state.phase == "combat":
        enemies = {u.at: u for u in state.side(state.enemy_of(state.player)).units}
        for u in mine:
            assert u.at is not None
            targets = [enemies[h] for _, h in u.at.neighbours() if h in enemies]
            if targets and rng.random() < 0.8:
                out.append(Attack(unit=u.id, target=rng.choice(targets).id, kind="melee"))
        return tuple(out)
    if state.phase == "pursuit":
        return tuple(
            Pursue(unit=u.id, pursue=rng.random() < 0.8) for u in mine if rng.random() < 0.9
        )
    return ()


def play(state: GameState, seed: int, player_turns: int = 6) -> int:
    """Play ``player_turns`` player-turns of random orders from ``state``, checking the
    invariants after each phase; the number of pursuit contacts seen."""
    rs = RULESETS[state.ruleset]
    rng = random.Random(seed)
    seen = 0
    for _ in range(5 * player_turns):
        if state.result is not None:
            break
        held = {u.id: u.at for u in state.units() if contacts_of(u)}
        seen += len(held)
        orders = OrderSet(
            turn=state.turn, player=state.player, phase=state.phase, orders=_orders(state, rng)
        )
        outcome = adjudicate(
            state,
            orders,
            rs,
            SeededDice(f"s{seed}", state.game, state.turn, state.player, state.phase),
        )
        phase = state.phase
        state = outcome.state
        contacts = [
            (u.id, sorted(u.status))
            for u in state.units()
            if "pursuit_contact" in u.status or contacts_of(u)
        ]
        if phase == "combat":
            assert not contacts, f"pursuit contacts outlive the combat phase: {contacts}"
        if phase == "movement":  # held units do not move before their melee
            for uid, at in held.items():
                unit = state.find_unit(uid)
                assert unit is None or unit.at == at, f"{uid} moved while in a pursuit contact"
        for u in state.units():  # a contact is always mutual
            for other in contacts_of(u):
                partner = state.find_unit(other)
                assert partner is not None and u.id in contacts_of(partner), (u.id, other)
        assert not check_state(state, rs)
    return seen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_pursuit_contacts_end_with_the_next_combat_phase(game: tuple[GameState, int]) -> None:
    play(*game)


def test_random_games_do_make_pursuit_contacts() -> None:
    """The random play reaches the rule under test: from a dense fixed position, some
    seeds make pursuit contacts (and the invariants hold for them too)."""
    units = []
    for side, row, facing in (("a", 4, Direction.N), ("b", 3, Direction.S)):
        for x in range(COLUMNS):
            units.append(
                Unit(
                    id=f"{side.upper()}{x}",
                    side=side,
                    type="cavalerie",
                    weight="medium",
                    at=Hex.from_offset(x, row + (1 if side == "a" and x % 2 else 0)),
                    facing=facing,
                    cohesion=Cohesion(1, 1),
                    factors=Factors(assault=3, melee=1),
                    traits=frozenset({"impetuous"}),
                )
            )
        units.extend(
            Unit(
                id=f"{side.upper()}R{x}",
                side=side,
                type="infanterie",
                weight="medium",
                at=Hex.from_offset(x, 7 if side == "a" else 0),
                facing=facing,
                cohesion=Cohesion(2, 2),
            )
            for x in range(COLUMNS)
        )
    sides = tuple(
        Side(
            id=s,
            name=s,
            edge="S" if s == "a" else "N",
            leaders=(
                Leader(
                    id=f"G{s}",
                    side=s,
                    name=s,
                    rank="general",
                    at=Hex.from_offset(2, 6 if s == "a" else 1),
                ),
            ),
            units=tuple(u for u in units if u.side == s),
        )
        for s in ("a", "b")
    )
    state = GameState(
        ruleset="thucidide",
        game="props",
        turn=1,
        player="a",
        phase="activation",
        map=MapData(COLUMNS, ROWS),
        sides=sides,
    )
    assert sum(play(state, seed) > 0 for seed in range(12)) >= 1

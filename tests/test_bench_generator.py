"""The benchmark's generator (bench/generate.py) makes legal battles: every state
passes the file reader and the semantic checks, for each ruleset and phase, and
its orders parse and name real units. Small sizes only: no timing here."""

from __future__ import annotations

import importlib.util
import itertools
import sys
from pathlib import Path
from types import ModuleType

import pytest

from referee.core.orders import read_orders
from referee.core.validate import check_orders, check_state
from referee.io.rulesets import load_ruleset
from referee.io.state import read_state


def _load_generator() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "bench" / "generate.py"
    spec = importlib.util.spec_from_file_location("bench_generate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


generate = _load_generator()


@pytest.mark.parametrize("phase", ["activation", "movement", "combat"])
@pytest.mark.parametrize("ruleset", ["thucidide", "panache", "frederic"])
def test_generated_battle_is_legal(ruleset: str, phase: str) -> None:
    b = generate.battle(ruleset, columns=40, rows=30, units=120, seed=5, phase=phase)
    data = b.state_data()
    state, problems = read_state(data)
    assert problems == []
    assert state is not None
    rs = load_ruleset(ruleset)
    assert [p.render() for p in check_state(state, rs)] == []
    assert sum(len(s.units) for s in state.sides) == 120
    assert state.phase == phase
    kinds = {(u.type, u.weight) for u in state.units()}
    assert all(rs.exists(t, w) for t, w in kinds)
    ranks = {lead.rank for s in state.sides for lead in s.leaders}
    assert ranks == {"general", "sub_general", "senior_officer"}
    orders, problems = read_orders(b.orders)
    assert problems == []
    assert orders is not None
    assert check_orders(state, orders) == []
    assert (orders.turn, orders.player, orders.phase) == (state.turn, state.player, state.phase)
    assert orders.orders


def test_every_unit_of_the_phasing_side_is_ordered() -> None:
    b = generate.battle("thucidide", units=200, seed=2, phase="movement")
    state = b.state
    mine = list(state.side(state.player).units)
    assert all("activated" in u.status for u in mine)
    orders, _ = read_orders(b.orders)
    assert orders is not None
    assert sorted(o.unit for o in orders.orders) == sorted(u.id for u in mine)


def test_combat_pairs_are_adjacent_enemies() -> None:
    b = generate.battle("panache", units=100, seed=3, phase="combat")
    orders, _ = read_orders(b.orders)
    assert orders is not None
    where = {u.id: u for u in b.state.units()}
    assert len(orders.orders) == 50
    for o in orders.orders:
        attacker, target = where[o.unit], where[o.target]
        assert attacker.side != target.side
        assert attacker.at is not None and target.at is not None
        assert attacker.at.distance(target.at) == 1
        assert "activated" in attacker.status


def test_same_seed_same_battle() -> None:
    a = generate.battle("frederic", units=80, seed=9, phase="movement")
    b = generate.battle("frederic", units=80, seed=9, phase="movement")
    c = generate.battle("frederic", units=80, seed=10, phase="movement")
    assert a.state_data() == b.state_data() and a.orders == b.orders
    assert a.state_data() != c.state_data()


def test_map_has_roads_rivers_and_terrain() -> None:
    state = generate.battle("thucidide", columns=60, rows=45, units=100, seed=4).state
    game_map = state.map
    assert game_map.roads and all(len(r) >= 2 for r in game_map.roads)
    for road in game_map.roads:
        assert all(a.distance(b) == 1 for a, b in itertools.pairwise(road))
    kinds = set(game_map.hexsides.values())
    assert {"river", "ford"} <= kinds
    assert len(set(game_map.terrain.values())) >= 4
    occupied = [u.at for u in state.units()]
    assert len(occupied) == len(set(occupied))

"""The engine's records are msgspec Structs: what the engine relies on of them (equal
and hashed by value, immutable, a fresh index for a changed state, one mutable
default per instance, the skeleton's groups compared without their facts)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from referee.core.choices import Collector, Decisions
from referee.core.events import Event
from referee.core.hexgrid import Direction, Hex
from referee.core.model import Cohesion, GameState, MapData, Side, Unit
from referee.core.skeleton import Group, Option, Said


def _unit(uid: str, at: Hex | None) -> Unit:
    return Unit(uid, "a", "cavalerie", "light", at, Direction.N, Cohesion(3, 3))


def test_records_are_values() -> None:
    one, same = _unit("U1", Hex(1, 1)), _unit("U1", Hex(1, 1))
    assert one == same and hash(one) == hash(same) and len({one, same}) == 1
    assert replace(one, at=Hex(1, 2)) != one
    with pytest.raises(AttributeError):
        one.at = None  # type: ignore[misc]
    assert Event("a.b", "r").data == {} and Event("a.b", "r").data is not Event("a.b", "r").data
    assert Decisions()._by is not Decisions()._by and Collector().asked == []


def test_a_changed_state_has_its_own_index() -> None:
    u1, u2 = _unit("U1", Hex(1, 1)), _unit("U2", Hex(2, 2))
    state = GameState(
        "thucidide",
        "g",
        1,
        "a",
        "movement",
        MapData(5, 5, hexsides={frozenset((Hex(1, 1), Hex(1, 2))): "river"}),
        (Side("a", "A", "N", units=(u1,)), Side("b", "B", "S")),
    )
    assert state.index.occupancy == {Hex(1, 1): u1} and state.index is state.index
    moved = state.replace_side(replace(state.side("a"), units=(u2,)))
    assert moved.index.occupancy == {Hex(2, 2): u2} and state.index.units == {"U1": u1}
    assert moved == replace(state, sides=moved.sides)  # the index is not compared
    steps = state.map.hexside_steps
    assert steps[(Hex(1, 1), Hex(1, 2))] == steps[(Hex(1, 2), Hex(1, 1))] == "river"


def test_groups_compare_without_their_facts() -> None:
    options = (Option("U1 to 0101"),)
    about = (Said("rout.unit", unit="U1", side="a", hex="0101"),)
    a = Group("U1", about, options, facts={"range": 2})
    b = Group("U1", (Said("rout.unit", unit="U1", side="a", hex="0101"),), options, facts=None)
    assert a == b and hash(a) == hash(b) and a != Group("U2", about, options)
    assert a != Group("U1", (Said("rout.unit", unit="U1", side="b", hex="0101"),), options)

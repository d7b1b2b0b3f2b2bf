"""The hex grid against known values of a flat-topped map whose even columns sit
half a hex lower (labels CCRR from 0101 at the top left)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core.hexgrid import (
    FLANK,
    FRONT,
    REAR,
    Direction,
    Grid,
    Hex,
    front_arc,
    line,
    ray,
    rear_arc,
    side_of_attack,
)


def h(label: str) -> Hex:
    return Hex.from_label(label)


def neighbours(label: str) -> dict[str, str]:
    return {d.name: n.label() for d, n in h(label).neighbours()}


def test_odd_column_neighbours() -> None:
    # column 5 is odd: its neighbours in columns 4 and 6 are half a hex lower,
    # so the NE/NW neighbours share its row and the SE/SW ones are a row below.
    assert neighbours("0505") == {
        "N": "0504",
        "NE": "0604",
        "SE": "0605",
        "S": "0506",
        "SW": "0405",
        "NW": "0404",
    }


def test_even_column_neighbours() -> None:
    assert neighbours("0605") == {
        "N": "0604",
        "NE": "0705",
        "SE": "0706",
        "S": "0606",
        "SW": "0506",
        "NW": "0505",
    }


def test_corner_hex() -> None:
    assert h("0101").neighbour(Direction.SE).label() == "0201"
    assert h("0201").neighbour(Direction.NE).label() == "0301"
    assert h("0201").neighbour(Direction.NW).label() == "0101"


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        ("0101", "0101", 0),
        ("0101", "0102", 1),
        ("0101", "0201", 1),
        ("0101", "0301", 2),
        ("0101", "0105", 4),
        ("0101", "0501", 4),
        ("0505", "0909", 6),
        ("0505", "0903", 4),
        ("0202", "0808", 9),
    ],
)
def test_distance(a: str, b: str, d: int) -> None:
    assert h(a).distance(h(b)) == d
    assert h(b).distance(h(a)) == d


def test_labels_round_trip_and_wide_maps() -> None:
    assert h("0507").label() == "0507"
    assert Hex.from_label("120087").label(3) == "120087"
    for bad in ("57", "05a7", "", "12345"):
        with pytest.raises(ValueError):
            Hex.from_label(bad)


def test_line_and_ray() -> None:
    assert [x.label() for x in line(h("0505"), h("0508"))] == ["0505", "0506", "0507", "0508"]
    assert next(x.label() for x in line(h("0101"), h("0501"))) == "0101"
    assert len(line(h("0101"), h("0909"))) == h("0101").distance(h("0909")) + 1
    assert [x.label() for x in ray(h("0505"), Direction.S, 2)] == ["0506", "0507"]
    assert [x.label() for x in ray(h("0505"), Direction.NE, 2)] == ["0604", "0704"]


def test_direction_arithmetic_and_arcs() -> None:
    assert Direction.N.turn(-1) is Direction.NW
    assert Direction.NW.turn(1) is Direction.N
    assert Direction.NE.opposite is Direction.SW
    assert Direction.parse("se") is Direction.SE
    with pytest.raises(ValueError):
        Direction.parse("E")
    assert front_arc(Direction.N) == (Direction.NW, Direction.N, Direction.NE)
    assert rear_arc(Direction.N) == (Direction.SE, Direction.S, Direction.SW)
    assert side_of_attack(Direction.N, Direction.N) == FRONT
    assert side_of_attack(Direction.N, Direction.NE) == FRONT
    assert side_of_attack(Direction.N, Direction.SE) == FLANK
    assert side_of_attack(Direction.N, Direction.SW) == FLANK
    assert side_of_attack(Direction.N, Direction.S) == REAR


def test_grid_edges_and_outside_ring() -> None:
    grid = Grid(12, 10)
    assert grid.contains(h("0101")) and grid.contains(h("1210"))
    assert not grid.contains(h("1301"))
    assert grid.just_outside(Hex.from_offset(12, 3))  # column 13
    assert grid.just_outside(Hex.from_offset(3, -1))  # row 0
    assert not grid.just_outside(Hex.from_offset(14, 3))
    assert grid.edge_distance(h("0101"), "N") == 0
    assert grid.edge_distance(h("0110"), "S") == 0
    assert grid.exit_edges(Hex.from_offset(3, -1)) == ["N"]


coords = st.integers(min_value=-50, max_value=50)


@given(coords, coords, coords, coords)
def test_distance_is_a_metric(q1: int, r1: int, q2: int, r2: int) -> None:
    a, b = Hex(q1, r1), Hex(q2, r2)
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert len(line(a, b)) == a.distance(b) + 1
    steps = line(a, b)
    assert all(x.distance(y) == 1 for x, y in itertools.pairwise(steps))


@given(st.integers(0, 98), st.integers(0, 98))
def test_offset_round_trip(x: int, y: int) -> None:
    hx = Hex.from_offset(x, y)
    assert hx.to_offset() == (x, y)
    assert Hex.from_label(hx.label()) == hx
    for direction, n in hx.neighbours():
        assert hx.direction_to(n) is direction
        assert n.neighbour(direction.opposite) == hx

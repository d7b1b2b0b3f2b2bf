"""``referee.core.reach``: costs, cheapest paths, reachability, and the promise that
``referee moves`` and the movement phase never disagree."""

from __future__ import annotations

import io
from typing import Any

import pytest
from msgspec.structs import replace

from casekit import build_state
from referee.core.adjudicate import adjudicate
from referee.core.dice import NoDice
from referee.core.hexgrid import Hex
from referee.core.model import GameState, Unit
from referee.core.orders import Move, OrderSet
from referee.core.reach import Reach, Rules, reachable
from referee.core.ruleset import Ruleset
from referee.io.rulesets import load_ruleset
from referee.render.moves import moves_view
from referee.render.richview import ViewConsole

H = Hex.from_label
RULESETS = ("thucidide", "panache", "frederic")


def U(uid: str, type_: str, weight: str, at: str, *status: str, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "type": type_, "weight": weight, "at": at, "status": list(status), **kw}


def state(
    ruleset: str = "thucidide",
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    **map_: Any,
) -> GameState:
    sides: dict[str, Any] = {"a": a or {}, "b": b or {}}
    return build_state({"state": {"map": map_, "sides": sides}}, ruleset)


def labels(reach: Reach) -> dict[str, int]:
    return {d.hex.label(): d.cost for d in reach.destinations}


def blocked(reach: Reach) -> dict[str, str]:
    return {b.hex.label(): b.reason for b in reach.blocked}


def move(st: GameState, rs: Ruleset, order: Move) -> Any:
    orders = OrderSet(turn=st.turn, player=st.player, phase="movement", orders=(order,))
    return adjudicate(st, orders, rs, NoDice())


# --------------------------------------------------------------------- destinations
@pytest.mark.parametrize("ruleset", RULESETS)
def test_open_ground_is_a_disc_of_the_allowance(ruleset: str) -> None:
    st = state(ruleset, {"units": [U("C1", "cavalerie", "light", "0606", "activated")]})
    reach = reachable(st, load_ruleset(ruleset), "C1")
    start = H("0606")
    assert reach.can_move and reach.why_not is None
    assert reach.allowance == 4 and reach.combat_allowance == 4
    assert len(reach.destinations) == 60  # 6 + 12 + 18 + 24 hexes within 4
    for d in reach.destinations:
        assert d.cost == start.distance(d.hex) == len(d.path)
        assert d.combat
        assert d.path[-1] == d.hex


def test_sans_combat_beyond_the_first_number() -> None:
    st = state("thucidide", {"units": [U("C1", "cavalerie", "very-light", "0606", "activated")]})
    reach = reachable(st, load_ruleset("thucidide"), "C1")
    assert reach.allowance == 5 and reach.combat_allowance == 4
    by_cost = {d.cost: d.combat for d in reach.destinations}
    assert by_cost == {1: True, 2: True, 3: True, 4: True, 5: False}


def test_terrain_costs_and_cheapest_path() -> None:
    st = state(
        "thucidide",
        {"units": [U("C1", "cavalerie", "medium", "0505", "activated")]},
        terrain={"0506": "marsh"},
    )
    reach = reachable(st, load_ruleset("thucidide"), "C1")
    dest = reach.destination(H("0507"))
    assert dest is not None and dest.cost == 3
    assert [h.label() for h in dest.path] == ["0605", "0606", "0507"]
    marsh = reach.destination(H("0506"))
    assert marsh is not None and marsh.cost == 3 and marsh.path == (H("0506"),)


def test_minimum_move_and_its_house_rule() -> None:
    spec = {"units": [U("I1", "infanterie", "heavy", "0505", "activated")]}
    st = state("thucidide", spec, terrain={"0506": "wood"})
    rs = load_ruleset("thucidide")
    wood = reachable(st, rs, "I1").destination(H("0506"))
    assert wood is not None and wood.minimum_move and wood.combat and wood.cost == 2
    strict = rs.amended({"movement_rules": {"minimum_move": {"value": False}}}, "test")
    reach = reachable(st, strict, "I1")
    assert reach.destination(H("0506")) is None
    assert blocked(reach)["0506"] == "allowance"


def test_blocked_neighbours_say_why() -> None:
    st = state(
        "thucidide",
        {
            "units": [
                U("C1", "cavalerie", "heavy", "0505", "activated"),
                U("I1", "infanterie", "medium", "0504"),
                U("L1", "infanterie", "light", "0604"),
            ]
        },
        {
            "units": [U("E1", "infanterie", "medium", "0506")],
            "leaders": [{"id": "B1", "rank": "sub_general", "at": "0404"}],
        },
        terrain={"0605": "mountain"},
        hexsides=[{"between": ["0505", "0405"], "type": "river"}],
    )
    reach = reachable(st, load_ruleset("thucidide"), "C1")
    why = {b.hex.label(): (b.reason, dict(b.data)) for b in reach.blocked}
    assert why["0506"][0] == "enemy" and why["0506"][1]["other"] == "E1"
    assert why["0404"][0] == "enemy_leader"
    assert why["0605"] == ("impassable", {"terrain": "mountain"})
    assert why["0405"][0] == "impassable" and why["0405"][1]["hexside"] == "river"
    assert why["0504"] == (
        "stacking",
        {
            "other": "I1",
            "other_type": "infanterie",
            "other_weight": "medium",
            "can_pass_through": False,
        },
    )
    assert why["0604"] == ("stacking", {"other": "L1", "can_pass_through": True})
    assert H("0604") in reach.through  # the light friend is crossed, not stopped on


def test_table_edge_and_exits() -> None:
    rs = load_ruleset("thucidide")
    spec = {"units": [U("C1", "cavalerie", "light", "0512", "activated")]}
    closed = reachable(state("thucidide", spec), rs, "C1")
    assert blocked(closed)["0513"] == "off_table"
    assert all(not d.exit for d in closed.destinations)
    opened = reachable(state("thucidide", {**spec, "exits": ["S"]}), rs, "C1")
    exit_ = opened.destination(H("0513"))
    assert exit_ is not None and exit_.exit and exit_.cost == 1


def test_road_march_follows_the_road_only() -> None:
    road = [["0505", "0506", "0507", "0508", "0509"]]
    st = state(
        "thucidide", {"units": [U("I1", "infanterie", "light", "0505", "activated")]}, roads=road
    )
    rs = load_ruleset("thucidide")
    reach = reachable(st, rs, "I1", road=True)
    assert reach.allowance == 3
    assert labels(reach) == {"0506": 1, "0507": 2, "0508": 3}
    assert all(not d.combat for d in reach.destinations)  # a road march forbids combat
    assert blocked(reach)["0605"] == "off_road"
    off = state(
        "thucidide", {"units": [U("I1", "infanterie", "light", "0605", "activated")]}, roads=road
    )
    off_reach = reachable(off, rs, "I1", road=True)
    assert not off_reach.can_move and off_reach.why_not is not None
    assert off_reach.why_not.reason == "start_off_road" and not off_reach.destinations


def test_leader_alone_ignores_difficult_terrain() -> None:
    woods = {f"05{r:02d}": "wood" for r in range(6, 10)}
    st = state(
        "thucidide",
        {
            "leaders": [{"id": "G1", "rank": "general", "at": "0505"}],
            "activations": [{"leader": "G1", "units": []}],
        },
        terrain=woods,
    )
    reach = reachable(st, load_ruleset("thucidide"), "G1")
    assert reach.kind == "leader" and reach.can_move
    assert reach.destination(H("0508")) is not None
    assert reach.destination(H("0508")).cost == 3  # type: ignore[union-attr]


def test_reinforcement_reach_starts_at_the_entry_point() -> None:
    st = state(
        "thucidide",
        {
            "entry_points": ["0513"],
            "off_table": [
                {"id": "R1", "type": "infanterie", "weight": "light", "status": ["activated"]}
            ],
        },
    )
    reach = reachable(st, load_ruleset("thucidide"), "R1")
    assert reach.start is None and reach.entry_points == (H("0513"),)
    first = reach.destination(H("0512"))
    assert first is not None and first.cost == 1 and first.entry == H("0513")
    assert reach.destination(H("0511")) is not None
    assert all(d.hex.label() != "0513" for d in reach.destinations)


def test_why_it_cannot_move_now() -> None:
    rs = load_ruleset("thucidide")
    st = state(
        "thucidide",
        {
            "units": [
                U("I1", "infanterie", "light", "0505"),
                U("I2", "infanterie", "light", "0705", "activated", "pre_played"),
                U("I3", "infanterie", "light", "0905", "activated", "moved"),
                U("A1", "artillerie", "very-heavy", "1105", "activated"),
            ]
        },
    )
    not_activated = reachable(st, rs, "I1")
    assert not not_activated.can_move and not_activated.why_not is not None
    assert not_activated.why_not.reason == "not_activated"
    assert not not_activated.destinations  # a unit that may not move goes nowhere
    assert not not_activated.blocked and not not_activated.through
    assert not_activated.allowance == 2  # the allowance is still given
    assert reachable(st, rs, "I2").why_not.reason == "pre_played"  # type: ignore[union-attr]
    assert reachable(st, rs, "I3").why_not.reason == "already_moved"  # type: ignore[union-attr]
    static = reachable(st, rs, "A1")
    assert static.why_not is not None and static.why_not.reason == "static"
    assert not static.destinations
    with pytest.raises(KeyError):
        reachable(st, rs, "NOPE")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pre_played_unit_has_no_destination(ruleset: str) -> None:
    """000 / 003 §Précisions sur le mouvement (« ne pourra pas faire mouvement même si
    elle est activée »): `referee moves` lists no destination for a pré-joué unit, the
    same "may it move now?" check the movement phase refuses its orders with; a unit
    held in a pursuit contact (001 §Poursuite) goes nowhere either."""
    rs = load_ruleset(ruleset)
    st = state(
        ruleset,
        {
            "units": [
                U("I1", "infanterie", "light", "0505", "activated", "pre_played"),
                U(
                    "I2",
                    "infanterie",
                    "light",
                    "0705",
                    "activated",
                    "pursuit_contact",
                    "pursuit_contact:E1",
                ),
                U("I3", "infanterie", "light", "0905", "activated"),
            ]
        },
        {"units": [U("E1", "infanterie", "light", "0704", facing="S")]},
    )
    for uid, reason in (("I1", "pre_played"), ("I2", "in_pursuit_contact")):
        reach = reachable(st, rs, uid)
        assert not reach.can_move and reach.why_not is not None
        assert reach.why_not.reason == reason
        assert reach.destinations == () and reach.through == () and reach.blocked == ()
        assert reach.to_json()["destinations"] == []
        refused = move(st, rs, Move(unit=uid, to=H("0507" if uid == "I1" else "0707")))
        assert [e.data["reason"] for e in refused.events if e.code == "move.refused"] == [reason]
    assert reachable(st, rs, "I3").destinations  # the free one goes somewhere


def test_to_json_uses_labels() -> None:
    st = state(
        "thucidide",
        {"units": [U("C1", "cavalerie", "medium", "0505", "activated")]},
        terrain={"0506": "marsh"},
    )
    data = reachable(st, load_ruleset("thucidide"), "C1").to_json()
    assert data["at"] == "0505" and data["can_move"] is True and data["why_not"] is None
    first = next(d for d in data["destinations"] if d["hex"] == "0507")
    assert first == {
        "hex": "0507",
        "cost": 3,
        "path": ["0605", "0606", "0507"],
        "combat": True,
        "ss_cb": False,
        "minimum_move": False,
        "exit": False,
    }
    assert {"allowance", "combat_allowance", "blocked", "through", "rules"} <= set(data)


# --------------------------------------------------------------- same as the phase
def _compare_with_phase(st: GameState, rs: Ruleset, unit_id: str, radius: int) -> None:
    reach = reachable(st, rs, unit_id)
    unit = st.find_unit(unit_id)
    assert unit is not None and unit.at is not None
    grid = st.map.grid
    for h in grid.hexes():
        if h == unit.at or h.distance(unit.at) > radius:
            continue
        dest = reach.destination(h)
        outcome = move(st, rs, Move(unit=unit_id, to=h))
        event = outcome.events[0]
        if dest is None:
            assert event.refused, f"{h.label()}: phase moved, reach said no"
            continue
        assert event.code == "move.applied", f"{h.label()}: {event.code} {dict(event.data)}"
        assert event.data["cost"] == dest.cost
        assert event.data["path"] == [x.label() for x in dest.path]
        assert event.data["combat"] == dest.combat
        # the same path given explicitly is accepted too, at the same cost
        explicit = move(st, rs, Move(unit=unit_id, path=dest.path)).events[0]
        assert explicit.code == "move.applied" and explicit.data["cost"] == dest.cost


@pytest.mark.parametrize("ruleset", RULESETS)
def test_reach_agrees_with_the_phase(ruleset: str) -> None:
    st = state(
        ruleset,
        {
            "units": [
                U("C1", "cavalerie", "medium", "0606", "activated"),
                U("L1", "infanterie", "light", "0605"),
                U("I1", "infanterie", "medium", "0706"),
                U("A1", "artillerie", "heavy", "0507"),
            ]
        },
        {"units": [U("E1", "infanterie", "medium", "0608")]},
        terrain={"0506": "wood", "0707": "marsh", "0505": "mountain"},
        hexsides=[{"between": ["0606", "0607"], "type": "ford"}],
        roads=[["0604", "0704", "0705", "0805"]],
    )
    _compare_with_phase(st, load_ruleset(ruleset), "C1", 5)


# ----------------------------------------------------------------------- render
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_moves_view_renders(lang: str) -> None:
    st = state(
        "panache",
        {"units": [U("C1", "cavalerie", "medium", "0505"), U("L1", "infanterie", "light", "0605")]},
        {"units": [U("E1", "infanterie", "medium", "0506")]},
        terrain={"0504": "lake"},
    )
    rs = load_ruleset("panache")
    console = ViewConsole(file=io.StringIO(), width=120, record=True)
    console.print(moves_view(reachable(st, rs, "C1"), st, rs, lang))
    text = console.export_text()
    assert ("not activated" in text) if lang == "en" else ("n'est pas activée" in text)
    assert "0604" not in text  # not activated: no destination at all
    active = replace(
        st,
        sides=tuple(
            replace(s, units=tuple(u.with_status("activated") for u in s.units)) for s in st.sides
        ),
    )
    console = ViewConsole(file=io.StringIO(), width=120, record=True)
    console.print(moves_view(reachable(active, rs, "C1"), active, rs, lang))
    text = console.export_text()
    assert "0604" in text and "E1" in text
    assert ("impassable" in text) if lang == "en" else ("infranchissable" in text)


# ------------------------------------------------------------------ performance
def test_reach_on_a_big_crowded_map() -> None:
    """The benchmark's case (200x150, a fast unit; its speed is measured in bench/run.py,
    never asserted in tests): the reach is complete and stays on the map."""
    units = [U("C1", "cavalerie", "very-light", "100075", "activated")]
    for i in range(1, 400):  # a crowd around, without touching C1's neighbourhood much
        units.append(
            U(f"F{i}", "infanterie", "medium", f"{(i * 7) % 200 + 1:03d}{(i * 13) % 150 + 1:03d}")
        )
    units = [u for u in units if u["id"] == "C1" or u["at"] != "100075"]
    st = build_state(
        {"state": {"map": {"columns": 200, "rows": 150}, "sides": {"a": {"units": units}}}},
        "thucidide",
    )
    reach = reachable(st, load_ruleset("thucidide"), "C1")
    assert len(reach.destinations) >= 80
    assert all(st.map.grid.contains(d.hex) and d.cost <= 5 for d in reach.destinations)


def test_rules_are_read_from_their_own_ruleset() -> None:
    """A ``Rules`` (and its memos) belongs to one ruleset: one handed to ``reachable``
    with another ruleset is not used."""
    rs = load_ruleset("thucidide")
    house = rs.amended({"roads": {"cost_along_road": {"value": 2}}}, "test")
    assert Rules(house).cost_along_road == 2 and Rules(rs).cost_along_road == 1
    st = state("thucidide", {"units": [U("C1", "cavalerie", "light", "0505", "activated")]})
    mine = Rules(rs)
    assert mine.terrain_cost("clear", None, False) == 1 and mine._cost_cache
    assert reachable(st, rs, "C1", rules=mine) == reachable(st, rs, "C1")
    assert reachable(st, house, "C1", rules=mine) == reachable(st, house, "C1")


def test_reach_on_a_changed_state_is_not_stale() -> None:
    st = state("thucidide", {"units": [U("C1", "cavalerie", "light", "0505", "activated")]})
    rs = load_ruleset("thucidide")
    assert reachable(st, rs, "C1").destination(H("0506")) is not None
    unit: Unit | None = st.find_unit("C1")
    assert unit is not None
    blocker = replace(unit, id="X1", at=H("0506"), status=frozenset())
    moved = st.replace_side(replace(st.side("a"), units=(unit, blocker)))
    assert reachable(moved, rs, "C1").destination(H("0506")) is None  # per-state index
    assert reachable(st, rs, "C1").destination(H("0506")) is not None

"""Property tests of the activation and movement phases over random small battles:
``referee moves`` never disagrees with the phase, and whatever the orders (legal or
not) the result is a legal state, with one answer per order and nothing changed for a
refused one."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from casekit import build_state
from referee.core.adjudicate import adjudicate
from referee.core.dice import NoDice
from referee.core.hexgrid import Direction, Hex
from referee.core.model import GameState, Leader
from referee.core.orders import Activate, Move, OrderSet
from referee.core.reach import reachable
from referee.core.validate import check_state
from referee.io.rulesets import load_ruleset
from referee.render.messages import message

RULESETS = ("thucidide", "panache", "frederic")
COLUMNS = ROWS = 8
TERRAIN = ("clear", "clear", "clear", "wood", "marsh", "rough", "mountain", "hill")
HEXES = [Hex.from_offset(x, y) for y in range(ROWS) for x in range(COLUMNS)]
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def kinds(ruleset: str) -> list[tuple[str, str]]:
    rs = load_ruleset(ruleset)
    return sorted(
        (t, w)
        for (t, w), cell in rs.allowances.items()
        if cell.exists and rs.category(t) != "war_wagons"
    )


@st.composite
def battles(draw: Any) -> tuple[GameState, str]:
    ruleset = draw(st.sampled_from(RULESETS))
    options = kinds(ruleset)
    cells = draw(st.lists(st.sampled_from(range(len(HEXES))), min_size=3, max_size=14, unique=True))
    terrain = {
        HEXES[i].label(): draw(st.sampled_from(TERRAIN))
        for i in draw(st.lists(st.sampled_from(range(len(HEXES))), max_size=16, unique=True))
    }
    sides: dict[str, Any] = {
        "a": {"units": [], "exits": draw(st.sampled_from([[], ["S"]]))},
        "b": {"units": []},
    }
    for n, i in enumerate(cells):
        h = HEXES[i]
        terrain.pop(h.label(), None)  # units stand on passable ground
        type_, weight = draw(st.sampled_from(options))
        side = "a" if n % 3 != 2 else "b"
        status = (
            draw(st.sampled_from([["activated"], ["activated"], [], ["activated", "pre_played"]]))
            if side == "a"
            else []
        )
        traits = draw(st.sampled_from([[], [], ["mounted_infantry"], ["wagon_borne"]]))
        sides[side]["units"].append(
            {
                "id": f"U{n}",
                "type": type_,
                "weight": weight,
                "at": h.label(),
                "status": status,
                "traits": traits,
            }
        )
    rivers = []
    for _ in range(draw(st.integers(0, 3))):
        a = draw(st.sampled_from(HEXES))
        b = a.neighbour(draw(st.sampled_from(list(Direction))))
        if (
            0 <= b.to_offset()[0] < COLUMNS
            and 0 <= b.to_offset()[1] < ROWS
            and not any({a.label(), b.label()} == set(r["between"]) for r in rivers)
        ):
            rivers.append(
                {
                    "between": [a.label(), b.label()],
                    "type": draw(st.sampled_from(["river", "ford", "stream"])),
                }
            )
    case = {
        "state": {
            "map": {"columns": COLUMNS, "rows": ROWS, "terrain": terrain, "hexsides": rivers},
            "sides": sides,
        }
    }
    return build_state(case, ruleset), ruleset


def run(state: GameState, ruleset: str, orders: list[Any], phase: str = "movement") -> Any:
    rs = load_ruleset(ruleset)
    order_set = OrderSet(turn=state.turn, player=state.player, phase=phase, orders=tuple(orders))
    return adjudicate(state, order_set, rs, NoDice())


@SETTINGS
@given(battles(), st.data())
def test_moves_agrees_with_the_phase(battle: tuple[GameState, str], data: Any) -> None:
    state, ruleset = battle
    rs = load_ruleset(ruleset)
    own = [u for u in state.side("a").units if "activated" in u.status]
    if not own:
        return
    unit = data.draw(st.sampled_from(own))
    road = False
    mounted = data.draw(st.booleans()) if "mounted_infantry" in unit.traits else False
    reach = reachable(state, rs, unit.id, road=road, mounted=mounted)
    assert unit.at is not None
    targets = [h for h in HEXES if h != unit.at and h.distance(unit.at) <= 6]
    for target in data.draw(
        st.lists(st.sampled_from(targets), min_size=1, max_size=6, unique=True)
    ):
        dest = reach.destination(target)
        event = run(state, ruleset, [Move(unit=unit.id, to=target, mounted=mounted)]).events[0]
        if not reach.can_move or dest is None:
            assert event.refused, (target.label(), event.code, dict(event.data))
        else:
            assert event.code == "move.applied", (target.label(), dict(event.data))
            assert event.data["cost"] == dest.cost
            assert event.data["path"] == [h.label() for h in dest.path]
            assert event.data["combat"] == dest.combat


@st.composite
def random_orders(draw: Any, state: GameState) -> list[Move]:
    ids = [u.id for u in state.units()] + ["NOBODY"]
    orders = []
    for _ in range(draw(st.integers(1, 8))):
        uid = draw(st.sampled_from(ids))
        unit = state.find_unit(uid)
        start = unit.at if unit is not None and unit.at is not None else HEXES[0]
        if draw(st.booleans()):
            path = [start]
            for _ in range(draw(st.integers(1, 5))):
                path.append(path[-1].neighbour(draw(st.sampled_from(list(Direction)))))
            orders.append(
                Move(
                    unit=uid,
                    path=tuple(path[1:]),
                    face=draw(st.none() | st.sampled_from(list(Direction))),
                    road=draw(st.booleans()),
                    mounted=draw(st.booleans()),
                )
            )
        else:
            orders.append(Move(unit=uid, to=draw(st.sampled_from(HEXES))))
    return orders


@SETTINGS
@given(battles(), st.data())
def test_any_orders_leave_a_legal_state(battle: tuple[GameState, str], data: Any) -> None:
    state, ruleset = battle
    orders = data.draw(random_orders(state))
    outcome = run(state, ruleset, orders)
    after = outcome.state
    rs = load_ruleset(ruleset)
    assert not check_state(after, rs), [p.render() for p in check_state(after, rs)]
    answered = [e.order for e in outcome.events if e.order is not None]
    assert answered == list(range(len(orders))), "one answer per order, in order"
    positions = [u.at for u in after.units()]
    assert len(positions) == len(set(positions)), "two units in one hex"
    moved = {e.subject for e in outcome.events if not e.refused}
    for event in outcome.events:
        if event.refused and event.subject is not None and event.subject not in moved:
            before_unit, after_unit = state.find_unit(event.subject), after.find_unit(event.subject)
            if before_unit is not None and after_unit is not None:
                assert after_unit.at == before_unit.at
                assert after_unit.moved_hexes == before_unit.moved_hexes
    gone = {u.id for u in state.units()} - {u.id for u in after.units()}
    left = {e.subject for e in outcome.events if e.code == "move.left_table"}
    assert gone == left, "nothing disappears without an event"
    assert not any("pre_played" in u.status for u in after.units())
    again = run(state, ruleset, orders)
    assert again.state == after and again.events == outcome.events, "deterministic"
    for event in outcome.events:
        for lang in ("en", "fr"):
            text = message(event.code, event.subject, event.data, lang)
            assert not re.findall(r"\{[a-z_]+\}", text), (event.code, lang, text)


@SETTINGS
@given(battles(), st.data())
def test_activation_is_all_or_nothing(battle: tuple[GameState, str], data: Any) -> None:
    state, ruleset = battle
    ids = [u.id for u in state.side("a").units]
    leader_at = data.draw(st.sampled_from(HEXES)).label()
    rank = data.draw(st.sampled_from(["general", "sub_general", "senior_officer"]))
    spec_state = state
    leader = Leader(id="L1", side="a", name="L1", rank=rank, at=Hex.from_label(leader_at))
    side = replace(
        spec_state.side("a"),
        leaders=(leader,),
        units=tuple(u.with_status(remove=("activated",)) for u in spec_state.side("a").units),
    )
    spec_state = replace(spec_state.replace_side(side), phase="activation")
    chosen = data.draw(st.lists(st.sampled_from(ids), max_size=5)) if ids else []
    outcome = run(
        spec_state, ruleset, [Activate(leader="L1", units=tuple(chosen))], phase="activation"
    )
    codes = {e.code for e in outcome.events if e.code.startswith("activation.")}
    activated = {u.id for u in outcome.state.units() if "activated" in u.status}
    if "activation.refused" in codes:
        assert codes == {"activation.refused"} and not activated
    else:
        assert activated == set(chosen)
        limit = {"general": 5, "sub_general": 3, "senior_officer": 1}[rank]
        assert leader.at is not None
        for uid in chosen:
            unit = outcome.state.find_unit(uid)
            assert unit is not None and unit.at is not None
            assert unit.at.distance(leader.at) <= limit
        army = len(state.side("a").units)
        assert len(chosen) == len(set(chosen)) <= (3 if army <= 9 else 4)

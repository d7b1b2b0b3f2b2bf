"""Semantic checks of a state (and an orders file) against its ruleset: every
defect at once, each located by its path in the file (python-chess's ``status``).

The file's shape has been checked by its spec (``referee.core.state_file``) before; what
is left here needs the ruleset (terrain and hexside keys, unit types and which
weights exist) or the whole state (the map's size, unique ids, what refers to
what). A state that passes both never makes the engine fail: the checks below are
the boundary the engine relies on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.hexgrid import Hex
from referee.core.model import GameState, Problem
from referee.core.offtable import leader_problems
from referee.core.ruleset import Ruleset
from referee.core.typed import suggestion

if TYPE_CHECKING:  # imported by check_orders: checking a state needs no orders' code
    from referee.core.orders import OrderSet

# "did you mean" compares a word with every choice: among 10,000 unit ids that is a
# few milliseconds, so a hostile file with thousands of unknown ids gets hints for the
# first ones only (the problems are all reported).
HINT_BUDGET = 50


class _Hints:
    def __init__(self) -> None:
        self.left = HINT_BUDGET

    def __call__(self, word: str, choices: object, fallback_id: str = "") -> dict[str, Any]:
        """The data of the hint: a ``suggest``, else the ``hint_code`` of ``fallback_id``
        (over a list to choose from), or nothing once the budget is spent."""
        other: dict[str, Any] = {"hint_code": fallback_id} if fallback_id else {}
        if self.left <= 0:
            return other
        self.left -= 1
        found = suggestion(word, choices)
        if fallback_id and "close" not in found:
            return other
        return {"suggest": found}


def _problem(path: str, hinted: dict[str, Any], code: str, **data: Any) -> Problem:
    return Problem(path, code=code, data={**data, **hinted})


def check_state(state: GameState, rs: Ruleset) -> list[Problem]:
    problems: list[Problem] = []
    add = problems.append
    suggest = _Hints()
    grid = state.map.grid
    width = grid.width
    size_data = {"columns": state.map.columns, "rows": state.map.rows, "hint_code": "map_size"}

    def off_map(path: str, h: Hex) -> Problem:
        label = h.label(width)
        return Problem(
            path,
            code="state.off_map",
            data={"hex": label, **size_data},
        )

    terrain_keys = rs.terrain_keys
    if state.map.default_terrain not in terrain_keys:
        add(
            _problem(
                "map.default_terrain",
                suggest(state.map.default_terrain, terrain_keys),
                "state.unknown_terrain",
                terrain=state.map.default_terrain,
                ruleset=rs.name,
            )
        )
    for h, kind in state.map.terrain.items():
        label = h.label(width)
        if not grid.contains(h):
            add(
                Problem(
                    f"map.terrain.{label}",
                    code="state.hex_off_map",
                    data=size_data,
                )
            )
        if kind not in terrain_keys:
            add(
                _problem(
                    f"map.terrain.{label}",
                    suggest(kind, terrain_keys),
                    "state.unknown_terrain",
                    terrain=kind,
                    ruleset=rs.name,
                )
            )
    for i, (pair, kind) in enumerate(state.map.hexsides.items()):
        if kind not in rs.hexside_keys:
            add(
                _problem(
                    f"map.hexsides[{i}].type",
                    suggest(kind, rs.hexside_keys),
                    "state.unknown_hexside",
                    hexside=kind,
                    ruleset=rs.name,
                )
            )
        for h in pair:
            if not grid.contains(h):
                add(off_map(f"map.hexsides[{i}].between", h))
    for i, road in enumerate(state.map.roads):
        for j, h in enumerate(road):
            if not grid.contains(h):
                add(off_map(f"map.roads[{i}][{j}]", h))

    seen_ids: dict[str, str] = {}
    occupied: dict[Hex, str] = {}
    unit_side: dict[str, str] = {}  # units on the table
    known_units: set[str] = set()  # on the table, off it, or out of play

    def unique(ident: str, path: str) -> None:
        if ident in seen_ids:
            add(
                Problem(
                    f"{path}.id",
                    code="state.duplicate_id",
                    data={"id": ident, "where": seen_ids[ident]},
                )
            )
        else:
            seen_ids[ident] = path

    for side in state.sides:
        for u in side.units:
            unit_side[u.id] = side.id
        known_units.update(u.id for u in side.units)
        known_units.update(u.id for u in side.off_table)
        known_units.update(r.unit.id for r in side.removed)
    leader_side = {lead.id: side.id for side in state.sides for lead in side.leaders}
    for side in state.sides:
        base = f"sides.{side.id}"
        for i, h in enumerate(side.entry_points):
            if not grid.just_outside(h):
                add(
                    Problem(
                        f"{base}.entry_points[{i}]",
                        code="state.entry_point_not_outside",
                        data={"hex": h.label(width)},
                    )
                )
        if side.camp.at is not None and not grid.contains(side.camp.at):
            add(off_map(f"{base}.camp.at", side.camp.at))
        for group, units in (("units", side.units), ("off_table", side.off_table)):
            for i, u in enumerate(units):
                path = f"{base}.{group}[{i}]"
                unique(u.id, path)
                if u.type not in rs.unit_types:
                    add(
                        _problem(
                            f"{path}.type",
                            suggest(u.type, rs.unit_types),
                            "state.unknown_unit_type",
                            type=u.type,
                            ruleset=rs.name,
                        )
                    )
                elif not rs.exists(u.type, u.weight):
                    add(
                        Problem(
                            f"{path}.weight",
                            code="state.weight_not_in_table",
                            data={
                                "weight_label": rs.weight_label(u.weight),
                                "type_label": rs.type_label(u.type),
                                "title": rs.title,
                                "cell": rs.allowance(u.type, u.weight).text,
                            },
                        )
                    )
                # (its parent may be out of play: eliminated, left the table, off it)
                if u.detachment_of is not None and u.detachment_of not in known_units:
                    add(
                        _problem(
                            f"{path}.traits",
                            suggest(u.detachment_of, known_units),
                            "state.unknown_detachment_of",
                            unit=u.detachment_of,
                        )
                    )
                if group == "units" and u.at is not None:
                    label = u.at.label(width)
                    if not grid.contains(u.at):
                        add(off_map(f"{path}.at", u.at))
                    elif u.at in occupied:
                        add(
                            Problem(
                                f"{path}.at",
                                code="state.two_units",
                                data={"hex": label, "other": occupied[u.at]},
                            )
                        )
                    else:
                        occupied[u.at] = u.id
                        kind = state.map.terrain_at(u.at)
                        if kind in terrain_keys and rs.terrain[kind].impassable:
                            add(
                                Problem(
                                    f"{path}.at",
                                    code="state.impassable",
                                    data={
                                        "terrain": kind,
                                        "hex": label,
                                        "terrain_label": rs.terrain[kind].label,
                                    },
                                )
                            )
        for i, removed in enumerate(side.removed):
            unique(removed.unit.id, f"{base}.removed[{i}].unit")
        for i, lead in enumerate(side.leaders):
            path = f"{base}.leaders[{i}]"
            unique(lead.id, path)
            waiting = leader_problems(state, rs, side, lead, path)  # off the table
            if waiting is not None:
                problems.extend(waiting)
            elif lead.attached_to is not None:
                owner = unit_side.get(lead.attached_to)
                if owner is None:
                    add(
                        _problem(
                            f"{path}.attached_to",
                            suggest(lead.attached_to, [u.id for u in side.units]),
                            "state.no_unit_on_table",
                            unit=lead.attached_to,
                        )
                    )
                elif owner != side.id:
                    add(
                        Problem(
                            f"{path}.attached_to",
                            code="state.attached_to_enemy",
                            data={"unit": lead.attached_to, "owner": owner, "side": side.id},
                        )
                    )
            elif lead.at is not None and lead.on_table and not grid.contains(lead.at):
                add(off_map(f"{path}.at", lead.at))
        # what was activated: units (on the table, waiting off it, or since removed) and
        # leaders (an isolated character activates himself)
        own = (
            {u.id for u in side.units}
            | {u.id for u in side.off_table}
            | {r.unit.id for r in side.removed}
            | {x.id for x in side.leaders}
        )
        for i, activation in enumerate(side.activations):
            path = f"{base}.activations[{i}]"
            if leader_side.get(activation.leader) != side.id:
                add(
                    _problem(
                        f"{path}.leader",
                        suggest(activation.leader, [x.id for x in side.leaders]),
                        "state.no_leader_in_side",
                        leader=activation.leader,
                        side=side.id,
                    )
                )
            for j, uid in enumerate(activation.units):
                if uid not in own:
                    add(
                        _problem(
                            f"{path}.units[{j}]",
                            suggest(uid, own),
                            "state.no_id_in_side",
                            id=uid,
                            side=side.id,
                        )
                    )
    for i, e in enumerate(state.engagements):
        for key in ("attacker", "target"):
            uid = getattr(e, key)
            if uid not in known_units:
                add(
                    _problem(
                        f"engagements[{i}].{key}",
                        suggest(uid, known_units),
                        "state.no_unit",
                        unit=uid,
                    )
                )
    return problems


def check_orders(state: GameState, orders: OrderSet) -> list[Problem]:
    """Orders that name nothing real. Whether an order is *legal* is the phase's call."""
    from referee.core.orders import Activate, order_unit

    problems: list[Problem] = []
    suggest = _Hints()
    known = {u.id for u in state.units()} | {lead.id for lead in state.leaders()}
    for side in state.sides:
        known |= {u.id for u in side.off_table}
    for i, order in enumerate(orders.orders):
        names = [order_unit(order)]
        if isinstance(order, Activate):
            names += list(order.units)
        for name in names:
            if name not in known:
                problems.append(
                    _problem(
                        f"orders[{i}]",
                        suggest(name, known, "check_id"),
                        "orders.no_id",
                        id=name,
                    )
                )
    if orders.player not in state.side_ids():
        problems.append(
            _problem(
                "player",
                suggest(orders.player, state.side_ids()),
                "orders.no_side",
                side=orders.player,
            )
        )
    return problems

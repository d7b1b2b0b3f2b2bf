"""Semantic checks of a state (and an orders file) against its ruleset: every
defect at once, each located by its path in the file (python-chess's ``status``)."""

from __future__ import annotations

from referee.core.hexgrid import Hex
from referee.core.model import GameState, Problem
from referee.core.orders import Activate, OrderSet, order_unit
from referee.core.ruleset import Ruleset


def check_state(state: GameState, rs: Ruleset) -> list[Problem]:
    problems: list[Problem] = []
    add = problems.append
    grid = state.map.grid
    width = grid.width
    terrain_keys = rs.terrain_keys
    if state.map.default_terrain not in terrain_keys:
        add(Problem("map.default_terrain", f"unknown terrain {state.map.default_terrain!r}",
                    _choices(terrain_keys)))
    for h, kind in state.map.terrain.items():
        label = h.label(width)
        if not grid.contains(h):
            add(Problem(f"map.terrain.{label}", "hex is off the map",
                        f"the map is {state.map.columns} columns x {state.map.rows} rows"))
        if kind not in terrain_keys:
            add(Problem(f"map.terrain.{label}", f"unknown terrain {kind!r}",
                        _choices(terrain_keys)))
    for i, (pair, kind) in enumerate(state.map.hexsides.items()):
        if kind not in rs.hexside_keys:
            add(Problem(f"map.hexsides[{i}].type", f"unknown hexside feature {kind!r}",
                        _choices(rs.hexside_keys)))
        for h in pair:
            if not grid.contains(h):
                add(Problem(f"map.hexsides[{i}].between", f"hex {h.label(width)} is off the map"))
    for i, road in enumerate(state.map.roads):
        for j, h in enumerate(road):
            if not grid.contains(h):
                add(Problem(f"map.roads[{i}][{j}]", f"hex {h.label(width)} is off the map"))

    seen_ids: dict[str, str] = {}
    occupied: dict[Hex, str] = {}
    unit_side: dict[str, str] = {}
    for side in state.sides:
        for u in side.units:
            unit_side[u.id] = side.id
    for side in state.sides:
        base = f"sides.{side.id}"
        for i, h in enumerate(side.entry_points):
            if not grid.just_outside(h):
                add(Problem(f"{base}.entry_points[{i}]",
                            f"{h.label(width)} is not just outside the table",
                            "an entry point is a hex in the ring around the map"))
        if side.camp.at is not None and not grid.contains(side.camp.at):
            add(Problem(f"{base}.camp.at", f"hex {side.camp.at.label(width)} is off the map"))
        for group, units in (("units", side.units), ("off_table", side.off_table)):
            for i, u in enumerate(units):
                path = f"{base}.{group}[{i}]"
                if u.id in seen_ids:
                    add(Problem(f"{path}.id", f"duplicate id {u.id!r}",
                                f"already used at {seen_ids[u.id]}"))
                else:
                    seen_ids[u.id] = path
                if u.type not in rs.unit_types:
                    add(Problem(f"{path}.type", f"unknown unit type {u.type!r} in {rs.name}",
                                _choices(rs.unit_types)))
                elif not rs.exists(u.type, u.weight):
                    cell = rs.allowance(u.type, u.weight).text or "empty"
                    add(Problem(f"{path}.weight",
                                f"{rs.weight_label(u.weight)} {rs.type_label(u.type)} does not "
                                f"exist in {rs.title} (table cell: {cell})",
                                "pick a weight the movement table allows"))
                if u.detachment_of is not None and u.detachment_of not in unit_side:
                    add(Problem(f"{path}.traits", f"detachment of unknown unit "
                                f"{u.detachment_of!r}"))
                if group == "units" and u.at is not None:
                    label = u.at.label(width)
                    if not grid.contains(u.at):
                        add(Problem(f"{path}.at", f"hex {label} is off the map",
                                    f"the map is {state.map.columns} columns x "
                                    f"{state.map.rows} rows"))
                    elif u.at in occupied:
                        add(Problem(f"{path}.at", f"two units in hex {label}",
                                    f"{occupied[u.at]} is already there"))
                    else:
                        occupied[u.at] = u.id
                        kind = state.map.terrain_at(u.at)
                        if kind in terrain_keys and rs.terrain[kind].impassable:
                            add(Problem(f"{path}.at", f"unit stands in impassable terrain "
                                        f"({kind}) at {label}"))
        for i, lead in enumerate(side.leaders):
            path = f"{base}.leaders[{i}]"
            if lead.id in seen_ids:
                add(Problem(f"{path}.id", f"duplicate id {lead.id!r}",
                            f"already used at {seen_ids[lead.id]}"))
            else:
                seen_ids[lead.id] = path
            if lead.attached_to is not None:
                owner = unit_side.get(lead.attached_to)
                if owner is None:
                    add(Problem(f"{path}.attached_to",
                                f"no unit {lead.attached_to!r} on the table"))
                elif owner != side.id:
                    add(Problem(f"{path}.attached_to",
                                f"{lead.attached_to} belongs to {owner}, not {side.id}",
                                "a leader is attached to a unit of his own side"))
            elif lead.at is not None and lead.on_table and not grid.contains(lead.at):
                add(Problem(f"{path}.at", f"hex {lead.at.label(width)} is off the map"))
    return problems


def check_orders(state: GameState, orders: OrderSet) -> list[Problem]:
    """Orders that name nothing real. Whether an order is *legal* is the phase's call."""
    problems: list[Problem] = []
    known = {u.id for u in state.units()} | {lead.id for lead in state.leaders()}
    for side in state.sides:
        known |= {u.id for u in side.off_table}
    for i, order in enumerate(orders.orders):
        names = [order_unit(order)]
        if isinstance(order, Activate):
            names += list(order.units)
        for name in names:
            if name not in known:
                problems.append(Problem(f"orders[{i}]", f"no unit or leader {name!r} in the game",
                                        "check the id against `referee show`"))
    if orders.player not in state.side_ids():
        problems.append(Problem("player", f"no side {orders.player!r} in the game",
                                "use one of " + ", ".join(state.side_ids())))
    return problems


def _choices(keys: object) -> str:
    return "use one of " + ", ".join(sorted(keys))  # type: ignore[call-overload]

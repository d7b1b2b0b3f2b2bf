"""Semantic checks of a state (and an orders file) against its ruleset: every
defect at once, each located by its path in the file (python-chess's ``status``).

The file's shape has been checked by its spec (``referee.core.specs``) before; what
is left here needs the ruleset (terrain and hexside keys, unit types and which
weights exist) or the whole state (the map's size, unique ids, what refers to
what). A state that passes both never makes the engine fail: the checks below are
the boundary the engine relies on.
"""

from __future__ import annotations

from referee.core.hexgrid import Hex
from referee.core.model import GameState, Problem
from referee.core.orders import Activate, OrderSet, order_unit
from referee.core.ruleset import Ruleset
from referee.core.spec import suggest as _suggest

# "did you mean" compares a word with every choice: among 10,000 unit ids that is a
# few milliseconds, so a hostile file with thousands of unknown ids gets hints for the
# first ones only (the problems are all reported).
HINT_BUDGET = 50


class _Hints:
    def __init__(self) -> None:
        self.left = HINT_BUDGET

    def __call__(self, word: str, choices: object, fallback: str = "") -> str:
        if self.left <= 0:
            return fallback
        self.left -= 1
        hint = _suggest(word, choices)
        if fallback and not hint.startswith("did you mean"):
            return fallback
        return hint


def check_state(state: GameState, rs: Ruleset) -> list[Problem]:
    problems: list[Problem] = []
    add = problems.append
    suggest = _Hints()
    grid = state.map.grid
    width = grid.width
    size = f"the map is {state.map.columns} columns x {state.map.rows} rows"
    terrain_keys = rs.terrain_keys
    if state.map.default_terrain not in terrain_keys:
        add(Problem("map.default_terrain", f"unknown terrain {state.map.default_terrain!r} "
                    f"in {rs.name}", suggest(state.map.default_terrain, terrain_keys)))
    for h, kind in state.map.terrain.items():
        label = h.label(width)
        if not grid.contains(h):
            add(Problem(f"map.terrain.{label}", "hex is off the map", size))
        if kind not in terrain_keys:
            add(Problem(f"map.terrain.{label}", f"unknown terrain {kind!r} in {rs.name}",
                        suggest(kind, terrain_keys)))
    for i, (pair, kind) in enumerate(state.map.hexsides.items()):
        if kind not in rs.hexside_keys:
            add(Problem(f"map.hexsides[{i}].type", f"unknown hexside feature {kind!r} in "
                        f"{rs.name}", suggest(kind, rs.hexside_keys)))
        for h in pair:
            if not grid.contains(h):
                add(Problem(f"map.hexsides[{i}].between", f"hex {h.label(width)} is off the map",
                            size))
    for i, road in enumerate(state.map.roads):
        for j, h in enumerate(road):
            if not grid.contains(h):
                add(Problem(f"map.roads[{i}][{j}]", f"hex {h.label(width)} is off the map", size))

    seen_ids: dict[str, str] = {}
    occupied: dict[Hex, str] = {}
    unit_side: dict[str, str] = {}  # units on the table
    known_units: set[str] = set()  # on the table, off it, or out of play

    def unique(ident: str, path: str) -> None:
        if ident in seen_ids:
            add(Problem(f"{path}.id", f"duplicate id {ident!r}", f"already used at "
                        f"{seen_ids[ident]}"))
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
                add(Problem(f"{base}.entry_points[{i}]",
                            f"{h.label(width)} is not just outside the table",
                            "an entry point is a hex in the ring around the map"))
        if side.camp.at is not None and not grid.contains(side.camp.at):
            add(Problem(f"{base}.camp.at", f"hex {side.camp.at.label(width)} is off the map",
                        size))
        for group, units in (("units", side.units), ("off_table", side.off_table)):
            for i, u in enumerate(units):
                path = f"{base}.{group}[{i}]"
                unique(u.id, path)
                if u.type not in rs.unit_types:
                    add(Problem(f"{path}.type", f"unknown unit type {u.type!r} in {rs.name}",
                                suggest(u.type, rs.unit_types)))
                elif not rs.exists(u.type, u.weight):
                    cell = rs.allowance(u.type, u.weight).text or "empty"
                    add(Problem(f"{path}.weight",
                                f"{rs.weight_label(u.weight)} {rs.type_label(u.type)} does not "
                                f"exist in {rs.title} (table cell: {cell})",
                                "pick a weight the movement table allows"))
                if u.detachment_of is not None and u.detachment_of not in unit_side:
                    add(Problem(f"{path}.traits", f"detachment of unknown unit "
                                f"{u.detachment_of!r}", suggest(u.detachment_of, unit_side)))
                if group == "units" and u.at is not None:
                    label = u.at.label(width)
                    if not grid.contains(u.at):
                        add(Problem(f"{path}.at", f"hex {label} is off the map", size))
                    elif u.at in occupied:
                        add(Problem(f"{path}.at", f"two units in hex {label}",
                                    f"{occupied[u.at]} is already there"))
                    else:
                        occupied[u.at] = u.id
                        kind = state.map.terrain_at(u.at)
                        if kind in terrain_keys and rs.terrain[kind].impassable:
                            add(Problem(f"{path}.at", f"unit stands in impassable terrain "
                                        f"({kind}) at {label}"))
        for i, removed in enumerate(side.removed):
            unique(removed.unit.id, f"{base}.removed[{i}].unit")
        for i, lead in enumerate(side.leaders):
            path = f"{base}.leaders[{i}]"
            unique(lead.id, path)
            if lead.attached_to is not None:
                owner = unit_side.get(lead.attached_to)
                if owner is None:
                    add(Problem(f"{path}.attached_to",
                                f"no unit {lead.attached_to!r} on the table",
                                suggest(lead.attached_to, [u.id for u in side.units])))
                elif owner != side.id:
                    add(Problem(f"{path}.attached_to",
                                f"{lead.attached_to} belongs to {owner}, not {side.id}",
                                "a leader is attached to a unit of his own side"))
            elif lead.at is not None and lead.on_table and not grid.contains(lead.at):
                add(Problem(f"{path}.at", f"hex {lead.at.label(width)} is off the map", size))
        # what was activated: units (on the table, waiting off it, or since removed) and
        # leaders (an isolated character activates himself)
        own = ({u.id for u in side.units} | {u.id for u in side.off_table}
               | {r.unit.id for r in side.removed} | {x.id for x in side.leaders})
        for i, activation in enumerate(side.activations):
            path = f"{base}.activations[{i}]"
            if leader_side.get(activation.leader) != side.id:
                add(Problem(f"{path}.leader", f"no leader {activation.leader!r} in {side.id}",
                            suggest(activation.leader, [x.id for x in side.leaders])))
            for j, uid in enumerate(activation.units):
                if uid not in own:
                    add(Problem(f"{path}.units[{j}]", f"no unit or leader {uid!r} in "
                                f"{side.id}", suggest(uid, own)))
    for i, e in enumerate(state.engagements):
        for key in ("attacker", "target"):
            uid = getattr(e, key)
            if uid not in known_units:
                add(Problem(f"engagements[{i}].{key}", f"no unit {uid!r} in the game",
                            suggest(uid, known_units)))
    return problems


def check_orders(state: GameState, orders: OrderSet) -> list[Problem]:
    """Orders that name nothing real. Whether an order is *legal* is the phase's call."""
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
                problems.append(Problem(f"orders[{i}]", f"no unit or leader {name!r} in the game",
                                        suggest(name, known,
                                                "check the id against `referee show`")))
    if orders.player not in state.side_ids():
        problems.append(Problem("player", f"no side {orders.player!r} in the game",
                                suggest(orders.player, state.side_ids())))
    return problems

"""The preview: "where can it go?" (``referee moves``). Every destination with its cost,
cheapest path and whether the unit keeps the right to fight there, every neighbouring
hex it cannot enter with why, and why it cannot move now if it cannot: the same
search, the same steps and the same "may it move now?" checks as the movement phase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct, field

from referee.core.events import Refusal
from referee.core.hexgrid import Hex
from referee.core.model import GameState
from referee.core.offtable import escort
from referee.core.reach.field import Field
from referee.core.reach.may_move import leader_may_move, unit_may_move
from referee.core.reach.rules import Rules
from referee.core.reach.search import Node, entry_of, path_to, road_indices_from, search, sources
from referee.core.reach.step import (
    ALLOWANCE,
    EXIT_NOT_ALLOWED,
    FRIEND,
    OFF_ROAD,
    OFF_TABLE,
    ROAD_REFUSED,
    STACKING,
    Block,
    Budget,
    Mover,
    Walker,
    allowance_rule,
    budget_for,
    leader_mover,
    mover_numbers,
    unit_mover,
)
from referee.core.ruleset import Ruleset


class Destination(Struct, frozen=True):
    hex: Hex
    cost: int
    path: tuple[Hex, ...]  # hexes entered (start excluded)
    combat: bool  # keeps the right to fight (False: ss cb)
    minimum_move: bool = False
    exit: bool = False  # leaves the table there
    entry: Hex | None = None  # the entry point a reinforcement comes from


class Blocked(Struct, frozen=True):
    hex: Hex
    reason: str  # ENEMY, ENEMY_LEADER, IMPASSABLE, STACKING, ALLOWANCE, OFF_TABLE, OFF_ROAD
    data: Mapping[str, Any] = field(default_factory=dict)


class Reach(Struct, frozen=True):
    """Everything a unit (or a leader alone) can do this movement phase."""

    unit: str
    side: str
    kind: str  # unit | leader
    type_label: str
    weight: str
    cell: str  # the movement table cell, as printed
    start: Hex | None  # None: off the table (a reinforcement)
    entry_points: tuple[Hex, ...]
    road: bool
    mounted: bool
    allowance: int  # points in all, bonuses included
    combat_allowance: int  # points keeping the right to fight
    max_hexes: int | None
    destinations: tuple[Destination, ...]
    through: tuple[Hex, ...]  # hexes it may cross but not end in (friendly units)
    blocked: tuple[Blocked, ...]  # neighbouring hexes it cannot enter, and why
    can_move: bool
    why_not: Refusal | None  # why it cannot move now (then it has no destination)
    rules: Mapping[str, str]  # the rules applied, by topic
    width: int = 2

    def destination(self, h: Hex) -> Destination | None:
        for d in self.destinations:
            if d.hex == h:
                return d
        return None

    def to_json(self) -> dict[str, Any]:
        def lab(h: Hex | None) -> str | None:
            return None if h is None else h.label(self.width)

        out: dict[str, Any] = {
            "unit": self.unit,
            "side": self.side,
            "kind": self.kind,
            "type_label": self.type_label,
            "weight": self.weight,
            "cell": self.cell,
            "at": lab(self.start),
            "entry_points": [lab(h) for h in self.entry_points],
            "road": self.road,
            "mounted": self.mounted,
            "allowance": self.allowance,
            "combat_allowance": self.combat_allowance,
            "max_hexes": self.max_hexes,
            "can_move": self.can_move,
            "why_not": None if self.why_not is None else self.why_not.to_json(),
            "destinations": [
                {
                    "hex": lab(d.hex),
                    "cost": d.cost,
                    "path": [lab(h) for h in d.path],
                    "combat": d.combat,
                    "ss_cb": not d.combat,
                    "minimum_move": d.minimum_move,
                    "exit": d.exit,
                    **({"entry": lab(d.entry)} if d.entry is not None else {}),
                }
                for d in self.destinations
            ],
            "through": [lab(h) for h in self.through],
            "blocked": [
                {"hex": lab(b.hex), "reason": b.reason, **dict(b.data)} for b in self.blocked
            ],
            "rules": dict(self.rules),
        }
        return out


def _mover_and_permission(
    state: GameState, rules: Rules, unit_id: str
) -> tuple[Mover, Refusal | None]:
    """The mover of this id, and why it may not move now (the movement phase's checks)."""
    rs = rules.rs
    index = state.index
    unit = index.units.get(unit_id)
    if unit is not None:
        side = state.side(unit.side)
        points, leader = escort(state, rs, side, unit.id)
        return (
            unit_mover(
                rules,
                unit,
                side.exits,
                points,
                leader,
                tuple(e for e in side.entry_points if e not in points),
            ),
            unit_may_move(rules, unit, state.player, phase=state.phase),
        )
    lead = index.leaders.get(unit_id)
    if lead is not None:
        at = lead.at
        if lead.attached_to is not None and lead.attached_to in index.units:
            at = index.units[lead.attached_to].at
        activations = state.side(lead.side).activations
        return (
            leader_mover(rules, lead, at, state.side(lead.side).exits, state.map.grid),
            leader_may_move(rules, lead, at, state.player, activations, phase=state.phase),
        )
    raise KeyError(unit_id)


def reachable(
    state: GameState,
    rs: Ruleset,
    unit_id: str,
    road: bool = False,
    mounted: bool = False,
    rules: Rules | None = None,
) -> Reach:
    """Every hex a unit (or a leader alone) can reach this movement phase.

    Each destination comes with its cost, its cheapest path and whether the unit
    keeps the right to fight there (else ``ss cb``); each neighbouring hex it
    cannot enter comes with why. When the unit may not move now (not activated,
    already moved, pré-joué, held in a pursuit contact, not its player-turn, another
    phase), ``can_move`` is False, ``why_not`` says why, and it has no destination,
    no hex crossed and no hex blocked: a unit that may not move goes nowhere (its
    allowance is still given). Raises KeyError for an unknown id. ``rules``: the
    ``Rules(rs)`` of a caller that asks for many units (its memos then serve them all).
    """
    if rules is None or rules.rs is not rs:
        rules = Rules(rs)
    mr = rs.movement_rules
    mover, why_not = _mover_and_permission(state, rules, unit_id)
    if why_not is not None:
        why_not = why_not.with_data(**mover_numbers(mover, rules))
    f = Field.from_state(state)
    walker = Walker(f, rules, mover)
    topics = {
        "allowance": allowance_rule(rules, mover),
        "pass_through": rs.pass_through.never_through_enemy.source,
        "terrain_no_zone_of_control": rules.cite_terrain_bullets(),
    }
    if road:
        topics["road"] = mr.road_bonus.source
    if mounted:
        topics["mounted"] = mr.mounted_bonus.source
    if rules.minimum_move:
        topics["minimum_move"] = mr.minimum_move.source
    budget = budget_for(mover, rules, road=road, mounted=mounted)
    common: dict[str, Any] = {
        "unit": mover.id,
        "side": mover.side,
        "kind": "leader" if mover.is_leader else "unit",
        "type_label": mover.type_label,
        "weight": mover.weight,
        "cell": mover.cell.notation,
        "start": mover.start,
        "entry_points": mover.entry_points,
        "road": road,
        "mounted": mounted,
        "rules": topics,
        "width": f.width,
    }
    if isinstance(budget, Refusal):
        return Reach(
            allowance=0,
            combat_allowance=0,
            max_hexes=0,
            destinations=(),
            through=(),
            blocked=(),
            can_move=False,
            why_not=why_not or budget,
            **common,
        )
    if road and mover.start is not None and not f.road_hexes.get(mover.start):
        refusal = Refusal(
            ROAD_REFUSED, "start_off_road", mr.road_bonus.source, {"hex": f.label(mover.start)}
        )
        return Reach(
            allowance=budget.points,
            combat_allowance=budget.combat,
            max_hexes=budget.max_hexes,
            destinations=(),
            through=(),
            blocked=(),
            can_move=False,
            why_not=why_not or refusal,
            **common,
        )
    if why_not is not None:  # it may not move now: no destination at all
        return Reach(
            allowance=budget.points,
            combat_allowance=budget.combat,
            max_hexes=budget.max_hexes,
            destinations=(),
            through=(),
            blocked=(),
            can_move=False,
            why_not=why_not,
            **common,
        )
    road_indices: list[int | None] = [None]
    if road:
        road_indices = [i for i in sorted(road_indices_from(mover, f.road_hexes))]
    nodes: dict[Hex, tuple[Node, dict[Hex, Node]]] = {}
    for road_index in road_indices:
        best = search(walker, budget, road_index=road_index)
        for h, node in best.items():
            if node.prev is None:
                continue
            old = nodes.get(h)
            if old is None or (node.cost, node.hexes) < (old[0].cost, old[0].hexes):
                nodes[h] = (node, best)
    destinations = []
    through = []
    for h, (node, best) in nodes.items():
        if node.exit or walker.can_end(h):
            destinations.append(
                Destination(
                    hex=h,
                    cost=node.cost,
                    path=path_to(best, h),
                    combat=budget.keeps_combat(node.cost, node.minimum),
                    minimum_move=node.minimum,
                    exit=node.exit,
                    entry=entry_of(best, h) if mover.start is None else None,
                )
            )
        else:
            through.append(h)
    width = f.width
    destinations.sort(key=lambda d: (d.cost, len(d.path), d.exit, d.hex.label(width)))
    through.sort(key=lambda h: h.label(width))
    blocked = _blocked_neighbours(walker, budget, nodes, road_indices)
    return Reach(
        allowance=budget.points,
        combat_allowance=budget.combat,
        max_hexes=budget.max_hexes,
        destinations=tuple(destinations),
        through=tuple(through),
        blocked=tuple(blocked),
        can_move=why_not is None,
        why_not=why_not,
        **common,
    )


def _blocked_neighbours(
    walker: Walker,
    budget: Budget,
    nodes: Mapping[Hex, tuple[Node, dict[Hex, Node]]],
    road_indices: list[int | None],
) -> list[Blocked]:
    f = walker.field
    grid = walker.grid
    mover = walker.mover
    out: list[Blocked] = []
    seen: set[Hex] = set()
    for source in sources(mover):
        for _, nb in source.neighbours():
            if nb in seen or nb in mover.entry_points or nb == mover.start:
                continue
            if not grid.contains(source) and not grid.contains(nb):
                continue  # along the ring outside the table: not a move at all
            seen.add(nb)
            node = nodes.get(nb)
            if node is not None and (node[0].exit or walker.can_end(nb)):
                continue
            step = walker.enter(source, nb)
            if isinstance(step, Block):
                reason = {FRIEND: STACKING, EXIT_NOT_ALLOWED: OFF_TABLE}.get(
                    step.reason, step.reason
                )
                data = {k: v for k, v in step.data.items() if k != "hex"}
                if step.reason == FRIEND:
                    data["can_pass_through"] = False
                out.append(Blocked(nb, reason, data))
                continue
            other = f.unit_at(nb)
            if other is not None and other.id != mover.id:
                out.append(Blocked(nb, STACKING, {"other": other.id, "can_pass_through": True}))
                continue
            if (
                budget.road
                and grid.contains(source)
                and not any(i in f.road_steps.get((source, nb), ()) for i in road_indices)
            ):
                out.append(Blocked(nb, OFF_ROAD, {}))
                continue
            out.append(Blocked(nb, ALLOWANCE, {"cost": step, "allowance": budget.points}))
    out.sort(key=lambda b: b.hex.label(f.width))
    return out

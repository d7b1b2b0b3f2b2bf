"""Checking an ordered move: a path given hex by hex (:func:`check_path`), or a
destination the referee finds the cheapest legal path to (:func:`find_path`). Either
gives a :class:`Plan` ready to apply, or the :class:`Refusal` of the first failure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct

from referee.core.events import Refusal
from referee.core.hexgrid import Hex
from referee.core.reach.search import Node, entry_of, path_to, road_indices_from, search
from referee.core.reach.step import (
    ENEMY,
    ENEMY_LEADER,
    EXIT_NOT_ALLOWED,
    FRIEND,
    IMPASSABLE,
    OFF_TABLE,
    REFUSED,
    ROAD_REFUSED,
    Block,
    Budget,
    Walker,
    allowance_rule,
    budget_numbers,
    mover_numbers,
    path_rules,
    unique,
)


class Plan(Struct, frozen=True):
    """A legal move, ready to apply."""

    path: tuple[Hex, ...]  # hexes entered in order (an exit hex last when leaving)
    cost: int
    hexes: int  # hexes entered on the table
    budget: Budget
    entry: Hex | None = None  # the entry point of a reinforcement
    exit_edges: tuple[str, ...] = ()  # the edges crossed when leaving the table
    stopped: Mapping[str, Any] | None = None  # stopped before impassable terrain
    minimum: bool = False
    chosen: bool = False  # path picked by the referee (a ``to`` order)
    road_index: int | None = None

    @property
    def end(self) -> Hex | None:
        return self.path[-1] if self.path else None

    @property
    def leaves(self) -> bool:
        return bool(self.exit_edges)

    @property
    def keeps_combat(self) -> bool:
        return self.budget.keeps_combat(self.cost, self.minimum)


def _refuse_block(
    walker: Walker, block: Block, last: bool, numbers: dict[str, Any], path_so_far: list[Hex]
) -> Refusal:
    rules = walker.rules
    pt = rules.rs.pass_through
    data = {**numbers, **block.data, "path": walker.field.labels(path_so_far)}
    if block.reason in (ENEMY, ENEMY_LEADER):
        reason = "enemy_at_end" if last else "enemy_in_path"
        return Refusal(REFUSED, reason, pt.never_through_enemy.source, data)
    if block.reason == FRIEND:
        other = walker.field.unit_at(block.hex) if block.hex is not None else None
        rule = walker.cross_rule(other) if other is not None else rules.cite_precisions()
        if last:
            return Refusal(REFUSED, "occupied_at_end", pt.free_hex_at_end.source, data)
        return Refusal(REFUSED, "cannot_pass_through", rule, data)
    if block.reason == EXIT_NOT_ALLOWED:
        return Refusal(REFUSED, EXIT_NOT_ALLOWED, walker.exit_rule(), data)
    return Refusal(REFUSED, block.reason, rules.cite_chapter(), data)


def check_path(walker: Walker, budget: Budget, hexes: tuple[Hex, ...]) -> Plan | Refusal:
    """Check an ordered path step by step; the first failure is the refusal.

    ``hexes`` may repeat the mover's own hex first (or, for a reinforcement, the
    entry point it comes from). A step into impassable terrain stops the mover in
    the hex before it (RULES.md: "A unit moving into impassable terrain stops in the
    hex before it"); the rest of the path is then ignored.
    """
    mover = walker.mover
    f = walker.field
    rules = walker.rules
    rs = rules.rs
    grid = walker.grid
    on_table = f.on_table  # grid.contains, without building the offset tuple

    def numbers() -> dict[str, Any]:  # for a refusal only: built when one is made
        return {**mover_numbers(mover, rules), **budget_numbers(budget)}

    hexes = tuple(hexes)
    entry: Hex | None = None
    if mover.start is not None:
        if hexes and hexes[0] == mover.start:
            hexes = hexes[1:]
        prev = mover.start
    else:
        if not mover.entry_points and not mover.other_entries:
            return Refusal(REFUSED, "no_entry_point", rules.cite_off_table(), numbers())
        if hexes and hexes[0] in mover.entry_points:
            entry, hexes = hexes[0], hexes[1:]
        elif hexes:
            entry = next((e for e in mover.entry_points if e.distance(hexes[0]) == 1), None)
            if entry is None:
                far = _entry_by(mover.other_entries, hexes[0])
                if far is not None:  # an entry point away from the leader who escorts it
                    return Refusal(
                        REFUSED,
                        "entry_out_of_reach",
                        rules.cite_off_table(),
                        {
                            **numbers(),
                            "hex": f.label(far),
                            "leader": mover.escort,
                            "entry_points": f.labels(mover.entry_points),
                        },
                    )
                return Refusal(
                    REFUSED,
                    "entry_not_adjacent",
                    rules.cite_off_table(),
                    {
                        **numbers(),
                        "hex": f.label(hexes[0]),
                        "entry_points": f.labels(mover.entry_points),
                    },
                )
        if entry is None:
            return Refusal(REFUSED, "empty_move", rules.cite_chapter(), numbers())
        prev = entry
    road_set: frozenset[int] | None = None
    road_rule = rs.movement_rules.road_bonus.source
    if budget.road and mover.start is not None:
        road_set = f.road_hexes.get(mover.start)
        if not road_set:
            return Refusal(
                ROAD_REFUSED,
                "start_off_road",
                road_rule,
                {**numbers(), "hex": f.label(mover.start)},
            )
    cost = 0
    moved: list[Hex] = []
    on_table_hexes = 0
    stopped: dict[str, Any] | None = None
    exit_edges: tuple[str, ...] = ()
    for i, h in enumerate(hexes):
        last = i == len(hexes) - 1
        if prev.distance(h) != 1:
            return Refusal(
                REFUSED,
                "not_adjacent",
                rules.cite_chapter(),
                {**numbers(), "hex": f.label(h), "from": f.label(prev), "path": f.labels(moved)},
            )
        if exit_edges:
            return Refusal(
                REFUSED,
                OFF_TABLE,
                walker.exit_rule(),
                {**numbers(), "hex": f.label(h), "path": f.labels(moved)},
            )
        step = walker.enter(prev, h)
        if isinstance(step, Block):
            if step.reason == IMPASSABLE:
                if not moved and mover.start is None:
                    return Refusal(
                        REFUSED,
                        "impassable",
                        rules.cite_impassable(step.terrain, step.hexside),
                        {**numbers(), **step.data},
                    )
                stopped = {**step.data}
                break
            if step.reason == EXIT_NOT_ALLOWED and not last:
                step = step._replace(reason=OFF_TABLE)
            return _refuse_block(walker, step, last, numbers(), moved)
        if not on_table(h):
            if not last:  # pragma: no cover - enter() refuses a step from off the table
                return Refusal(
                    REFUSED, OFF_TABLE, walker.exit_rule(), {**numbers(), "hex": f.label(h)}
                )
            exit_edges = tuple(grid.exit_edges(h))
        if road_set is not None or (budget.road and mover.start is None):
            if not on_table(prev):  # a reinforcement's first hex must be on the road
                road_set = f.road_hexes.get(h)
                if not road_set:
                    return Refusal(
                        ROAD_REFUSED,
                        "off_road",
                        road_rule,
                        {**numbers(), "hex": f.label(h), "path": f.labels(moved)},
                    )
            else:
                assert road_set is not None
                along = road_set & f.road_steps.get((prev, h), frozenset())
                if not along:
                    reason = "off_road" if h not in f.road_hexes else "not_one_road"
                    return Refusal(
                        ROAD_REFUSED,
                        reason,
                        road_rule,
                        {**numbers(), "hex": f.label(h), "path": f.labels(moved)},
                    )
                road_set = along
        cost += step
        moved.append(h)
        if on_table(h):
            on_table_hexes += 1
        prev = h
    if budget.road and not moved:
        return Refusal(ROAD_REFUSED, "no_road_move", road_rule, numbers())
    end = moved[-1] if moved else mover.start
    if end is not None and on_table(end) and not walker.can_end(end):
        other = f.unit_at(end)
        reason = "stopped_in_occupied" if stopped is not None else "occupied_at_end"
        return Refusal(
            REFUSED,
            reason,
            rs.pass_through.free_hex_at_end.source,
            {
                **numbers(),
                "hex": f.label(end),
                "other": other.id if other else None,
                "path": f.labels(moved),
                **({"blocked": stopped} if stopped else {}),
            },
        )
    if budget.max_hexes is not None and on_table_hexes > budget.max_hexes:
        return Refusal(
            REFUSED,
            "over_one_hex",
            rules.cite_table(mover.type or ""),
            {**numbers(), "hexes": on_table_hexes, "cost": cost, "path": f.labels(moved)},
        )
    minimum = False
    if cost > budget.points:
        if rules.minimum_move and on_table_hexes + (1 if exit_edges else 0) == 1:
            minimum = True
        else:
            rule = "; ".join(
                unique(
                    [allowance_rule(rules, mover), *path_rules(walker, mover.start or entry, moved)]
                )
            )
            return Refusal(
                REFUSED,
                "over_allowance",
                rule,
                {**numbers(), "cost": cost, "hexes": on_table_hexes, "path": f.labels(moved)},
            )
    return Plan(
        path=tuple(moved),
        cost=cost,
        hexes=on_table_hexes,
        budget=budget,
        entry=entry,
        exit_edges=exit_edges,
        stopped=stopped,
        minimum=minimum,
        road_index=min(road_set) if road_set else None,
    )


def find_path(walker: Walker, budget: Budget, to: Hex) -> Plan | Refusal:
    """The cheapest legal move to ``to`` (see :func:`search` for the tie-break)."""
    mover = walker.mover
    f = walker.field
    rules = walker.rules
    grid = walker.grid

    def numbers() -> dict[str, Any]:  # for a refusal only: built when one is made
        return {**mover_numbers(mover, rules), **budget_numbers(budget), "to": f.label(to)}

    if mover.start is not None and to == mover.start:
        return Refusal(REFUSED, "empty_move", rules.cite_chapter(), numbers())
    if mover.start is None and not mover.entry_points:
        if mover.other_entries:  # every entry point is away from the escorting leader
            return Refusal(
                REFUSED,
                "entry_out_of_reach",
                rules.cite_off_table(),
                {
                    **numbers(),
                    "hex": f.label(mover.other_entries[0]),
                    "leader": mover.escort,
                    "entry_points": [],
                },
            )
        return Refusal(REFUSED, "no_entry_point", rules.cite_off_table(), numbers())
    roads: list[int | None] = [None]
    if budget.road:
        road_rule = rules.rs.movement_rules.road_bonus.source
        start_roads = road_indices_from(mover, f.road_hexes)
        if mover.start is not None and not start_roads:
            return Refusal(
                ROAD_REFUSED,
                "start_off_road",
                road_rule,
                {**numbers(), "hex": f.label(mover.start)},
            )
        end_roads = f.road_hexes.get(to, frozenset())
        if not end_roads:
            return Refusal(
                ROAD_REFUSED, "end_off_road", road_rule, {**numbers(), "hex": f.label(to)}
            )
        roads = [i for i in sorted(start_roads & end_roads)]
        if not roads:
            return Refusal(
                ROAD_REFUSED, "not_one_road", road_rule, {**numbers(), "hex": f.label(to)}
            )
    found: tuple[Node, dict[Hex, Node], int | None] | None = None
    for road_index in roads:
        best = search(walker, budget, road_index=road_index, target=to)
        node = best.get(to)
        if node is None or not walker.can_end(to):
            continue
        if found is None or (node.cost, node.hexes) < (found[0].cost, found[0].hexes):
            found = (node, best, road_index)
    if found is not None:
        node, best, road_index = found
        return Plan(
            path=path_to(best, to),
            cost=node.cost,
            hexes=node.hexes,
            budget=budget,
            entry=entry_of(best, to) if mover.start is None else None,
            exit_edges=tuple(grid.exit_edges(to)) if node.exit else (),
            minimum=node.minimum,
            chosen=True,
            road_index=road_index,
        )
    return _why_not(walker, budget, to, roads, numbers())


def _why_not(
    walker: Walker, budget: Budget, to: Hex, roads: list[int | None], numbers: dict[str, Any]
) -> Refusal:
    """Explain why no legal move reaches ``to``."""
    f = walker.field
    rules = walker.rules
    pt = rules.rs.pass_through
    grid = walker.grid
    if not grid.contains(to):
        if grid.just_outside(to) and walker.mover.start is not None:
            if not walker.may_exit(to):
                return Refusal(
                    REFUSED,
                    EXIT_NOT_ALLOWED,
                    walker.exit_rule(),
                    {
                        **numbers,
                        "hex": f.label(to),
                        "edges": grid.exit_edges(to),
                        "exits": list(walker.mover.exits),
                    },
                )
        else:
            return Refusal(
                REFUSED, OFF_TABLE, rules.cite_chapter(), {**numbers, "hex": f.label(to)}
            )
    else:
        key = f.terrain.get(to, f.default_terrain)
        if walker.terrain_cost(key) is None:
            return Refusal(
                REFUSED,
                "impassable",
                rules.cite_impassable(key, None),
                {**numbers, "hex": f.label(to), "terrain": key},
            )
        other = f.unit_at(to)
        if other is not None and other.id != walker.mover.id:
            if other.side != walker.mover.side:
                return Refusal(
                    REFUSED,
                    "enemy_at_end",
                    pt.never_through_enemy.source,
                    {**numbers, "hex": f.label(to), "other": other.id},
                )
            if not walker.mover.is_leader:
                return Refusal(
                    REFUSED,
                    "occupied_at_end",
                    pt.free_hex_at_end.source,
                    {**numbers, "hex": f.label(to), "other": other.id},
                )
        enemy_leader = f.enemy_leader_at(to, walker.mover.side)
        if enemy_leader is not None:
            return Refusal(
                REFUSED,
                "enemy_at_end",
                pt.never_through_enemy.source,
                {**numbers, "hex": f.label(to), "other": enemy_leader.id},
            )
    # reachable at all, ignoring the allowance?
    cheapest: Node | None = None
    best_map: dict[Hex, Node] = {}
    for road_index in roads:
        best = search(walker, budget, road_index=road_index, target=to, bounded=False)
        node = best.get(to)
        if node is not None and (
            cheapest is None or (node.cost, node.hexes) < (cheapest.cost, cheapest.hexes)
        ):
            cheapest, best_map = node, best
    cheapest_rule = rules.rs.movement_rules.cite.cheapest_path
    if cheapest is None:
        if budget.road:
            return Refusal(
                ROAD_REFUSED,
                "no_road_path",
                "; ".join([rules.rs.movement_rules.road_bonus.source, cheapest_rule]),
                numbers,
            )
        return Refusal(
            REFUSED, "no_path", "; ".join([rules.cite_chapter(), cheapest_rule]), numbers
        )
    path = path_to(best_map, to)
    data = {**numbers, "cost": cheapest.cost, "hexes": cheapest.hexes, "path": f.labels(path)}
    rule = "; ".join(
        unique(
            [
                allowance_rule(rules, walker.mover),
                cheapest_rule,
                *path_rules(walker, entry_of(best_map, to), path),
            ]
        )
    )
    if budget.max_hexes is not None and cheapest.hexes > budget.max_hexes:
        return Refusal(REFUSED, "over_one_hex", rule, data)
    return Refusal(REFUSED, "over_allowance", rule, data)


def _entry_by(points: tuple[Hex, ...], first: Hex) -> Hex | None:
    """The entry point a path starting with ``first`` enters by: ``first`` itself, or the
    one next to it."""
    if first in points:
        return first
    return next((e for e in points if e.distance(first) == 1), None)

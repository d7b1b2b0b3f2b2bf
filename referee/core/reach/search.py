"""The search: cheapest legal paths from a mover's start (or its entry points), a
Dijkstra over :meth:`Walker.enter` bounded by the allowance."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import NamedTuple

from referee.core.hexgrid import Hex
from referee.core.reach.step import Block, Budget, Mover, Walker

_new_tuple = tuple.__new__  # a Node without NamedTuple's Python-level __new__


class Node(NamedTuple):
    cost: int
    hexes: int  # hexes entered on the table (an exit step adds none)
    prev: Hex | None
    minimum: bool = False  # entered by the minimum-move rule (not expanded further)
    exit: bool = False  # a hex just outside the table: the mover leaves


def sources(mover: Mover) -> list[Hex]:
    """Where a move starts: the mover's hex, or the entry points of a reinforcement."""
    return [mover.start] if mover.start is not None else list(mover.entry_points)


def road_indices_from(mover: Mover, road_hexes: Mapping[Hex, frozenset[int]]) -> frozenset[int]:
    """The roads a road march may follow: those of the start hex, or for a reinforcement
    those of the hexes next to its entry points."""
    if mover.start is not None:
        return road_hexes.get(mover.start, frozenset())
    return frozenset(
        i for e in mover.entry_points for _, nb in e.neighbours() for i in road_hexes.get(nb, ())
    )


def search(
    walker: Walker,
    budget: Budget,
    road_index: int | None = None,
    target: Hex | None = None,
    bounded: bool = True,
) -> dict[Hex, Node]:
    """Dijkstra from the mover's start (or its entry points) over legal steps.

    Returns every hex entered with its cheapest (cost, hexes) and the previous hex.
    Ties: cheaper first, then fewer hexes, then the first found (hexsides in the
    order N, NE, SE, S, SW, NW): deterministic. ``road_index``: only steps along
    that road (road march). ``bounded=False`` ignores the allowance (diagnostics).
    """
    starts = sources(walker.mover)
    best: dict[Hex, Node] = {}
    heap: list[tuple[int, int, int, Hex]] = []
    seq = 0
    for s in starts:
        best[s] = Node(0, 0, None)
        heap.append((0, 0, seq, s))
        seq += 1
    heapq.heapify(heap)
    source_set = set(starts)
    points = budget.points
    max_hexes = budget.max_hexes if bounded else None
    minimum_move = walker.rules.minimum_move
    f = walker.field
    road_steps = f.road_steps
    road_hexes = f.road_hexes
    enter = walker.enter
    # Walker.enter, inlined for a step from one table hex to another (the road or
    # terrain cost, the units and leaders in the way: the same tests in the same
    # order); a step onto or off the table, or across a hexside feature, goes through
    # Walker.enter itself
    columns = f.columns
    rows = f.rows
    neighbours = f.neighbours
    known_neighbours = f.known_neighbours
    terrain = f.terrain
    default_terrain = f.default_terrain
    terrain_cost = walker.terrain_cost
    known_costs = walker.known_costs
    hexsides = f.hexsides
    along_road = walker.rules.cost_along_road
    occupied = f.occupied
    leaders_at = f.leaders_at
    unit_at = f.unit_at
    enemy_leader_at = f.enemy_leader_at
    can_cross = walker.can_cross
    never_through_enemy = walker.rules.never_through_enemy
    mover_id = walker.mover.id
    mover_side = walker.mover.side
    passable: dict[Hex, bool] = {}
    heappush = heapq.heappush
    heappop = heapq.heappop
    while heap:
        cost, n, _, h = heappop(heap)
        node = best[h]
        if node.cost != cost or node.hexes != n:
            continue  # stale entry
        if h == target:
            break
        if node.minimum or node.exit:
            continue
        if max_hexes is not None and n >= max_hexes:
            continue
        from_source = h in source_set
        hq, hr = h
        hy = hr + (hq - (hq & 1)) // 2
        on_table = 0 <= hq < columns and 0 <= hy < rows  # Field.on_table
        around = known_neighbours.get(h)
        for nb in around if around is not None else neighbours(h):
            old = best.get(nb)
            if old is not None and old.cost < cost:
                # reached cheaper already: no step costs less than nothing (the ruleset's
                # costs are counts, checked >= 0), so whatever this step costs, or
                # whether it is legal at all, the test below would drop it
                continue
            if road_index is not None:
                if on_table:
                    if road_index not in road_steps.get((h, nb), ()):
                        continue
                elif road_index not in road_hexes.get(nb, ()):
                    continue
            nq, nr = nb
            ny = nr + (nq - (nq & 1)) // 2
            is_exit = not (0 <= nq < columns and 0 <= ny < rows)
            if not on_table or is_exit:  # entering or leaving the table
                full = enter(h, nb, on_table)
                if isinstance(full, Block):
                    continue
                step = full
            else:
                if (h, nb) in road_steps:
                    step = along_road
                else:
                    key = terrain.get(nb, default_terrain)
                    plain = known_costs[key] if key in known_costs else terrain_cost(key)
                    if plain is None:
                        continue  # impassable
                    step = plain
                if (hexsides and (h, nb) in hexsides) or occupied is None:
                    full = enter(h, nb, True)
                    if isinstance(full, Block):
                        continue
                    step = full
                else:  # Walker.enter's pieces in the way
                    if nb in occupied:
                        # may the mover go through the piece there? (the same answer from
                        # every side: asked once a search)
                        passes = passable.get(nb)
                        if passes is None:
                            passes = True
                            other = unit_at(nb)
                            if other is not None and other.id != mover_id:
                                if other.side != mover_side:
                                    if never_through_enemy or not can_cross(other):
                                        passes = False
                                elif not can_cross(other):
                                    passes = False
                            passable[nb] = passes
                        if not passes:
                            continue
                    if (
                        leaders_at
                        and nb in leaders_at
                        and enemy_leader_at(nb, mover_side) is not None
                    ):
                        continue
            new_cost = cost + step
            minimum = False
            if bounded and new_cost > points:
                if not (minimum_move and from_source and walker.can_end(nb)):
                    continue
                minimum = True
            new_n = n if is_exit else n + 1
            if old is not None and (
                old.cost < new_cost or (old.cost == new_cost and old.hexes <= new_n)
            ):
                continue
            best[nb] = _new_tuple(Node, (new_cost, new_n, h, minimum, is_exit))
            heappush(heap, (new_cost, new_n, seq, nb))
            seq += 1
    return best


def path_to(best: Mapping[Hex, Node], h: Hex) -> tuple[Hex, ...]:
    """The hexes entered to reach ``h`` (the start excluded, ``h`` included)."""
    out = []
    node: Hex | None = h
    while node is not None:
        n = best[node]
        if n.prev is None:
            break
        out.append(node)
        node = n.prev
    out.reverse()
    return tuple(out)


def entry_of(best: Mapping[Hex, Node], h: Hex) -> Hex | None:
    """The source a path to ``h`` starts from (an entry point for a reinforcement)."""
    node = h
    while True:
        prev = best[node].prev
        if prev is None:
            return node
        node = prev

"""The search: cheapest legal paths from a mover's start (or its entry points), a
Dijkstra over :meth:`Walker.enter` bounded by the allowance."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import NamedTuple

from referee.core.hexgrid import Hex
from referee.core.reach.step import Block, Budget, Mover, Walker

# axial steps in the order of Direction (N, NE, SE, S, SW, NW): the search's tie-break
_STEPS: tuple[tuple[int, int], ...] = tuple(
    (n.q - 0, n.r - 0) for _, n in Hex(0, 0).neighbours())


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
    return frozenset(i for e in mover.entry_points for _, nb in e.neighbours()
                     for i in road_hexes.get(nb, ()))


def search(walker: Walker, budget: Budget, road_index: int | None = None,
           target: Hex | None = None, bounded: bool = True) -> dict[Hex, Node]:
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
    road_steps = walker.field.road_steps
    road_hexes = walker.field.road_hexes
    on_grid = walker.field.on_table
    enter = walker.enter
    while heap:
        cost, n, _, h = heapq.heappop(heap)
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
        on_table = on_grid(h)
        q, r = h
        for dq, dr in _STEPS:
            nb = Hex(q + dq, r + dr)
            if road_index is not None:
                if on_table:
                    if road_index not in road_steps.get((h, nb), ()):
                        continue
                elif road_index not in road_hexes.get(nb, ()):
                    continue
            step = enter(h, nb, on_table)
            if isinstance(step, Block):
                continue
            new_cost = cost + step
            is_exit = not on_grid(nb)
            minimum = False
            if bounded and new_cost > points:
                if not (minimum_move and from_source and walker.can_end(nb)):
                    continue
                minimum = True
            new_n = n if is_exit else n + 1
            old = best.get(nb)
            if old is not None and (old.cost, old.hexes) <= (new_cost, new_n):
                continue
            best[nb] = Node(new_cost, new_n, h, minimum, is_exit)
            heapq.heappush(heap, (new_cost, new_n, seq, nb))
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

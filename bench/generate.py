"""Large legal battles for the benchmark, deterministic from a seed.

Everything here is derived from ``random.Random(seed)``: the same arguments always
give the same files. The states are built as engine values (``GameState``) and
written with the referee's own canonical writer (``referee.io.state.write_state``),
so what the benchmark parses is exactly what ``referee adjudicate`` would write.

* ``battle(...)``: a map (terrain patches of the ruleset's terrain keys, roads as
  continuous hex lists, rivers on hexsides with fords and bridges, streams), two
  sides with leaders of every rank, camps, a few off-table units, and units on
  distinct passable hexes. ``phase="movement"``: every unit of the phasing side is
  ``activated`` (legal state data: it skips the activation limit) and gets a
  move toward a nearby free hex; ``phase="combat"``: the units stand in adjacent
  enemy pairs, the phasing side's activated, one melee per pair;
  ``phase="activation"``: a legal activation order file (the ruleset's limits).
* ``long_game(...)``: a smallish battle played in-process through
  ``referee.play.play`` with seeded dice for 200 phases (activation, movement,
  combat, rout, pursuit cycles): the input of the ``verify`` benchmark.

CLI::

    python bench/generate.py --ruleset thucidide --columns 200 --rows 150 \\
        --units 10000 --seed 1 --phase movement \\
        -o bench/generated/big.yaml --orders bench/generated/big-orders.yaml
    python bench/generate.py --long-game --phases 200 -o bench/generated/long.yaml
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from msgspec.structs import replace

from referee.core.hexgrid import Direction, Grid, Hex
from referee.core.model import (
    WEIGHTS,
    Camp,
    Cohesion,
    DiceSettings,
    Factors,
    GameState,
    Leader,
    MapData,
    Side,
    Unit,
)
from referee.core.ruleset import Ruleset
from referee.io.rulesets import load_ruleset
from referee.io.state import write_state
from referee.io.yamlio import dump_state

RULESETS: tuple[str, ...] = ("thucidide", "panache", "frederic")
PHASES_GENERATED: tuple[str, ...] = ("activation", "movement", "combat")
ORDERS_FORMAT = "referee-orders/1"
GENERATED_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "generated")

# The phasing side ("red") has its own edge at the north and faces south; the
# other ("blue") the opposite.
RED, BLUE = "red", "blue"
SIDE_EDGE = {RED: "N", BLUE: "S"}
SIDE_FACING = {RED: Direction.S, BLUE: Direction.N}
SIDE_PREFIX = {RED: "R", BLUE: "B"}

# How often each category appears in an army (relative weights); categories a
# ruleset lacks are simply absent.
CATEGORY_WEIGHT = {
    "infantry": 50,
    "pikemen": 12,
    "cavalry": 25,
    "camelry": 3,
    "chariots": 3,
    "elephants": 2,
    "artillery": 5,
    "war_wagons": 1,
}
# Terrain of the patches (relative weights); the ruleset's default terrain is the
# background, impassable terrain makes smaller patches.
TERRAIN_WEIGHT = {
    "wood": 6,
    "hill": 6,
    "rough": 4,
    "marsh": 3,
    "buildings": 2,
    "sand": 2,
    "fortification": 1,
    "mountain": 2,
    "lake": 2,
}
COHESION_BY_WEIGHT = {"very-light": 2, "light": 3, "medium": 3, "heavy": 4, "very-heavy": 4}


def map_size_for(units: int) -> tuple[int, int]:
    """A 4:3 map with about three hexes per unit: 500 units -> 45x34, 10,000 ->
    200x150 (the largest map the benchmark uses), never below 40x30."""
    columns = max(40, round(2 * math.sqrt(units)))
    rows = max(30, round(1.5 * math.sqrt(units)))
    return columns, rows


# ------------------------------------------------------------------------------- the map
@dataclass
class Terrain:
    """The map under construction, in engine coordinates."""

    grid: Grid
    rs: Ruleset
    default: str = "clear"
    kinds: dict[Hex, str] = field(default_factory=dict)
    hexsides: dict[frozenset[Hex], str] = field(default_factory=dict)
    roads: list[tuple[Hex, ...]] = field(default_factory=list)

    def kind(self, h: Hex) -> str:
        return self.kinds.get(h, self.default)

    def passable(self, h: Hex) -> bool:
        return self.grid.contains(h) and not self.rs.terrain[self.kind(h)].impassable

    def cost(self, h: Hex, category: str) -> int:
        entry = self.rs.terrain[self.kind(h)]
        return entry.cost_by_category.get(category, entry.cost)

    def easy_step(self, a: Hex, b: Hex, category: str) -> bool:
        """A step every reading of the rules allows: into a passable hex costing 1,
        across a hexside with no feature."""
        return (
            self.passable(b)
            and self.cost(b, category) == 1
            and frozenset((a, b)) not in self.hexsides
        )

    def to_map(self) -> MapData:
        return MapData(
            columns=self.grid.columns,
            rows=self.grid.rows,
            default_terrain=self.default,
            terrain=dict(self.kinds),
            hexsides=dict(self.hexsides),
            roads=tuple(self.roads),
        )


def _neighbours(h: Hex) -> list[Hex]:
    return [n for _, n in h.neighbours()]


def _random_hex(rng: random.Random, grid: Grid) -> Hex:
    return Hex.from_offset(rng.randrange(grid.columns), rng.randrange(grid.rows))


def _patches(rng: random.Random, t: Terrain) -> None:
    keys = [k for k in TERRAIN_WEIGHT if k in t.rs.terrain_keys and k != t.default]
    keys += sorted(k for k in t.rs.terrain_keys if k not in TERRAIN_WEIGHT and k != t.default)
    if not keys:
        return
    weights = [TERRAIN_WEIGHT.get(k, 1) for k in keys]
    area = t.grid.columns * t.grid.rows
    for _ in range(max(4, area // 120)):
        kind = rng.choices(keys, weights)[0]
        impassable = t.rs.terrain[kind].impassable
        size = rng.randint(2, 6) if impassable else rng.randint(3, 22)
        start = _random_hex(rng, t.grid)
        patch = [start]
        seen = {start}
        while len(patch) < size:
            around = [
                n for n in _neighbours(rng.choice(patch)) if n not in seen and t.grid.contains(n)
            ]
            if not around:
                break
            n = rng.choice(around)
            seen.add(n)
            patch.append(n)
        for h in patch:
            t.kinds[h] = kind


def _walk(rng: random.Random, grid: Grid, start: Hex, steps: Sequence[Direction]) -> list[Hex]:
    """A continuous line of hexes from ``start`` until it leaves the map, each step
    one of ``steps`` (all making progress the same way, so it never loops)."""
    out = [start]
    seen = {start}
    current = start
    while True:
        nxt = current.neighbour(rng.choice(steps))
        if not grid.contains(nxt) or nxt in seen:
            return out
        out.append(nxt)
        seen.add(nxt)
        current = nxt


def _clear(t: Terrain, hexes: Iterable[Hex]) -> None:
    for h in hexes:
        if t.rs.terrain[t.kind(h)].impassable:
            t.kinds.pop(h, None)
            if t.rs.terrain[t.kind(h)].impassable:  # default terrain impassable
                t.kinds[h] = "clear"


def _rivers(rng: random.Random, t: Terrain) -> None:
    grid = t.grid
    count = max(1, grid.rows // 60)
    for i in range(count):
        # a west-east river: the hexsides between a walk (north bank) and the hexes
        # south of it, so it cannot be crossed but at a ford or a bridge
        y = (i + 1) * grid.rows // (count + 1) + rng.randint(-2, 2)
        walk = _walk(
            rng,
            grid,
            Hex.from_offset(0, max(1, min(grid.rows - 2, y))),
            (Direction.NE, Direction.SE, Direction.NE, Direction.SE, Direction.SE),
        )
        north = set(walk)
        south = {h.neighbour(Direction.S) for h in walk}
        sides = []
        for a in walk:
            for b in _neighbours(a):
                if b in south and b not in north and grid.contains(b):
                    sides.append(frozenset((a, b)))
        for n, pair in enumerate(sides):
            kind = "ford" if n % rng.randint(6, 10) == 3 else "river"
            t.hexsides[pair] = kind
        _clear(t, north | south)
    for _ in range(max(1, grid.columns // 50)):
        # a short stream running north-south
        if "stream" not in t.rs.hexside_keys:
            break
        walk = _walk(rng, grid, _random_hex(rng, grid), (Direction.S, Direction.SE, Direction.S))
        for a in walk[: rng.randint(4, 12)]:
            b = a.neighbour(Direction.NE)
            if grid.contains(b) and frozenset((a, b)) not in t.hexsides:
                t.hexsides[frozenset((a, b))] = "stream"


def _roads(rng: random.Random, t: Terrain) -> None:
    grid = t.grid
    north_south = max(1, grid.columns // 40)
    for i in range(north_south):
        x = (i + 1) * grid.columns // (north_south + 1)
        t.roads.append(
            tuple(
                _walk(
                    rng,
                    grid,
                    Hex.from_offset(x, 0),
                    (Direction.S, Direction.S, Direction.SE, Direction.SW),
                )
            )
        )
    for i in range(max(1, grid.rows // 50)):
        y = (i + 1) * grid.rows // (grid.rows // 50 + 2)
        t.roads.append(tuple(_walk(rng, grid, Hex.from_offset(0, y), (Direction.NE, Direction.SE))))
    for road in t.roads:
        _clear(t, road)
        # where a road crosses a river or a stream, it does so by a bridge
        for a, b in itertools.pairwise(road):
            pair = frozenset((a, b))
            if pair in t.hexsides and "bridge" in t.rs.hexside_keys:
                t.hexsides[pair] = "bridge"


def make_terrain(rng: random.Random, rs: Ruleset, columns: int, rows: int) -> Terrain:
    t = Terrain(grid=Grid(columns, rows), rs=rs)
    if "clear" not in rs.terrain_keys:
        t.default = sorted(k for k in rs.terrain_keys if not rs.terrain[k].impassable)[0]
    _patches(rng, t)
    _rivers(rng, t)
    _roads(rng, t)
    return t


# ----------------------------------------------------------------------------- the units
def unit_kinds(rs: Ruleset, movable: bool = False) -> tuple[list[tuple[str, str]], list[int]]:
    """(type, weight) combinations the ruleset's table allows, with their frequency.
    ``movable``: only those that may move at least one hex."""
    kinds: list[tuple[str, str]] = []
    weights: list[int] = []
    for key, ut in rs.unit_types.items():
        existing = [w for w in WEIGHTS if rs.exists(key, w)]
        if movable:
            existing = [w for w in existing if rs.allowance(key, w).max >= 1]
        for w in existing:
            kinds.append((key, w))
            weights.append(max(1, CATEGORY_WEIGHT.get(ut.category, 2) * 4 // len(existing)))
    return kinds, weights


def make_unit(
    rng: random.Random,
    rs: Ruleset,
    side: str,
    index: int,
    kind: tuple[str, str],
    at: Hex | None,
    status: frozenset[str] = frozenset(),
) -> Unit:
    unit_type, weight = kind
    category = rs.category(unit_type)
    top = COHESION_BY_WEIGHT.get(weight, 3)
    shooting = rng.choice((0, 0, 1, 2)) if category in ("infantry", "artillery") else 0
    traits: set[str] = set()
    if category == "cavalry" and weight in ("heavy", "very-heavy") and rng.random() < 0.3:
        traits.add("impetuous")
    if category == "infantry" and weight == "medium" and rng.random() < 0.05:
        traits.add("mounted_infantry")
    if category == "chariots" and rng.random() < 0.3:
        traits.add("expendable")
    return Unit(
        id=f"{SIDE_PREFIX[side]}{index}",
        side=side,
        type=unit_type,
        weight=weight,
        at=at,
        facing=SIDE_FACING[side],
        cohesion=Cohesion(current=top if rng.random() < 0.9 else rng.randint(1, top), max=top),
        factors=Factors(
            shooting=shooting,
            range=rng.randint(2, 4) if shooting else 0,
            assault=rng.randint(2, 4),
            melee=rng.randint(2, 4),
        ),
        traits=frozenset(traits),
        status=status,
    )


def _leaders(
    rng: random.Random,
    t: Terrain,
    side: str,
    count: int,
    units: Sequence[Unit],
    occupied: set[Hex],
    alone: bool,
) -> list[Leader]:
    """One general, sub-generals and senior officers. About half of them are
    attached to a unit, the others stand alone on a free hex next to one of their
    units (added to ``occupied``); with ``alone=False`` all are attached."""
    subs = max(1, count // 3)
    ranks = ["general"] + ["sub_general"] * subs + ["senior_officer"] * max(1, count - 1 - subs)
    pool = list(units)
    rng.shuffle(pool)
    leaders = []
    for i, rank in enumerate(ranks):
        if not pool:
            break
        leader_id = f"{SIDE_PREFIX[side]}{'G' if rank == 'general' else 'L'}{i}"
        value = {"general": 3, "sub_general": 2}.get(rank, rng.randint(0, 1))
        anchor = pool.pop()
        at = None
        if alone and rng.random() < 0.5 and anchor.at is not None:
            free = [n for n in _neighbours(anchor.at) if n not in occupied and t.passable(n)]
            if free:
                at = rng.choice(free)
                occupied.add(at)
        leaders.append(
            Leader(
                id=leader_id,
                side=side,
                name=leader_id,
                rank=rank,
                command_value=value,
                at=at,
                attached_to=None if at is not None else anchor.id,
            )
        )
    return leaders


def _edge_hexes(t: Terrain, edge: str) -> list[Hex]:
    g = t.grid
    y = 0 if edge == "N" else g.rows - 1
    return [Hex.from_offset(x, y) for x in range(g.columns)]


def _entry_point(grid: Grid, edge: str, x: int) -> Hex:
    return Hex.from_offset(x, -1 if edge == "N" else grid.rows)


@dataclass
class Battle:
    """A generated state and, when asked for, the orders of its next phase."""

    state: GameState
    ruleset: Ruleset
    orders: dict[str, Any] | None

    def state_data(self) -> dict[str, Any]:
        return write_state(self.state)


def _sides(
    rng: random.Random,
    t: Terrain,
    placed: dict[str, list[Unit]],
    occupied: set[Hex],
    leaders_per_side: int,
    alone_leaders: bool = True,
) -> tuple[Side, ...]:
    """Both sides around their placed units: leaders, a camp on the own edge, two
    off-table units (a reinforcement and a flank march) and an entry point."""
    sides = []
    off_kind = next(k for k, _ in zip(*unit_kinds(t.rs, movable=True), strict=True))
    for side in (RED, BLUE):
        edge = SIDE_EDGE[side]
        spare = [h for h in _edge_hexes(t, edge) if h not in occupied and t.passable(h)]
        camp_at = rng.choice(spare) if spare else None
        if camp_at is not None:
            occupied.add(camp_at)
        leaders = _leaders(rng, t, side, leaders_per_side, placed[side], occupied, alone_leaders)
        off_table = tuple(
            replace(
                make_unit(rng, t.rs, side, len(placed[side]) + 1 + i, off_kind, None),
                flank_march=i == 1,
            )
            for i in range(2)
        )
        sides.append(
            Side(
                id=side,
                name={RED: "Rouge", BLUE: "Bleu"}[side],
                edge=edge,
                exits=(edge,),
                entry_points=(_entry_point(t.grid, edge, t.grid.columns // 2),),
                camp=Camp(at=camp_at, fortified=rng.random() < 0.5),
                order_tokens=0,
                leaders=tuple(leaders),
                units=tuple(placed[side]),
                off_table=off_table,
            )
        )
    return tuple(sides)


_RULESETS: dict[str, Ruleset] = {}


def load_ruleset_cached(name: str) -> Ruleset:
    if name not in _RULESETS:
        _RULESETS[name] = load_ruleset(name)
    return _RULESETS[name]


def _state(
    ruleset: str, game: str, phase: str, t: Terrain, sides: tuple[Side, ...], seed: int
) -> GameState:
    return GameState(
        ruleset=ruleset,
        game=game,
        turn=1,
        player=RED,
        phase=phase,
        map=t.to_map(),
        sides=sides,
        dice=DiceSettings(mode="open", seed=f"bench-seed-{seed}"),
    )


# ------------------------------------------------------------------ movement / activation
def _plan_move(
    rng: random.Random,
    t: Terrain,
    rs: Ruleset,
    unit_type: str,
    weight: str,
    start: Hex,
    blocked: set[Hex],
    facing: Direction,
) -> list[Hex] | None:
    """A straight path of easy steps from ``start`` through free hexes, at most as
    long as the unit may move and still fight (1 hex for ``ss cb`` units), toward
    the enemy when it can. None when the unit is boxed in."""
    allowance = rs.allowance(unit_type, weight)
    longest = 1 if allowance.at_most_one else max(1, min(allowance.combat, 3))
    category = rs.category(unit_type)
    ahead = [facing, facing.turn(-1), facing.turn(1)]
    rng.shuffle(ahead)
    behind = [facing.turn(2), facing.turn(-2), facing.opposite]
    for direction in ahead + behind:
        path: list[Hex] = []
        here = start
        want = rng.randint(1, longest)
        while len(path) < want:
            there = here.neighbour(direction)
            if there in blocked or not t.easy_step(here, there, category):
                break
            path.append(there)
            here = there
        if path:
            return path
    return None


def _move_order(unit: Unit, path: list[Hex], width: int, rng: random.Random) -> Any:
    labels = [h.label(width) for h in path]
    roll = rng.random()
    if roll < 0.5:  # the compact notation
        return f"{unit.id} {'-'.join(labels)}"
    if roll < 0.8:
        return {"unit": unit.id, "to": labels[-1], "face": unit.facing.name}
    return {"unit": unit.id, "path": labels}


def _road_plan(
    t: Terrain, start: Hex, blocked: set[Hex], road_index: dict[Hex, list[int]], allowance_max: int
) -> list[Hex] | None:
    """Two or more hexes along one road from a road hex, each free: a road march."""
    for index in road_index.get(start, []):
        road = t.roads[index]
        i = road.index(start)
        for step in (1, -1):
            path: list[Hex] = []
            j = i + step
            while 0 <= j < len(road) and len(path) < allowance_max + 1:
                if road[j] in blocked or not t.passable(road[j]):
                    break
                path.append(road[j])
                j += step
            if len(path) >= 2:
                return path
    return None


def battle(
    ruleset: str = "thucidide",
    columns: int | None = None,
    rows: int | None = None,
    units: int = 500,
    seed: int = 1,
    phase: str = "movement",
    lines: bool = False,
) -> Battle:
    """A legal battle of ``units`` units, with the orders of its next phase.
    ``lines``: the units stand in adjacent enemy pairs (always so for ``combat``)."""
    if phase not in PHASES_GENERATED:
        raise ValueError(f"phase must be one of {', '.join(PHASES_GENERATED)}")
    if columns is None or rows is None:
        columns, rows = map_size_for(units)
    if units < 2:
        raise ValueError("a battle needs at least 2 units")
    rng = random.Random(seed)
    rs = load_ruleset_cached(ruleset)
    t = make_terrain(rng, rs, columns, rows)
    if phase == "combat" or lines:
        return _combat_battle(rng, rs, t, units, seed, phase)
    return _field_battle(rng, rs, t, units, seed, phase)


def _field_battle(
    rng: random.Random, rs: Ruleset, t: Terrain, units: int, seed: int, phase: str
) -> Battle:
    """Two armies, red in the north half and blue in the south half of the map, on
    distinct passable hexes. In the movement phase each red unit is activated and its
    move is planned as it is placed (its way is kept free of later units)."""
    g = t.grid
    per_side = {RED: (units + 1) // 2, BLUE: units // 2}
    all_kinds, all_weights = unit_kinds(rs)
    movable_kinds, movable_weights = unit_kinds(rs, movable=True)
    occupied: set[Hex] = set()  # units' hexes and hexes kept free for planned moves
    placed: dict[str, list[Unit]] = {RED: [], BLUE: []}
    orders: list[Any] = []
    road_index: dict[Hex, list[int]] = {}
    for i, hexes in enumerate(t.roads):
        for h in hexes:
            road_index.setdefault(h, []).append(i)
    half = g.rows // 2
    zones = {
        RED: [Hex.from_offset(x, y) for y in range(half) for x in range(g.columns)],
        BLUE: [Hex.from_offset(x, y) for y in range(half, g.rows) for x in range(g.columns)],
    }
    moving = phase == "movement"
    for side in (RED, BLUE):
        zone = [h for h in zones[side] if t.passable(h)]
        other = [h for h in zones[BLUE if side == RED else RED] if t.passable(h)]
        rng.shuffle(zone)
        rng.shuffle(other)
        candidates = zone + other  # overflow into the other half of a crowded map
        ordered = moving and side == RED
        kinds, weights = (movable_kinds, movable_weights) if ordered else (all_kinds, all_weights)
        status = frozenset({"activated"}) if ordered else frozenset()
        n = 0
        for h in candidates:
            if n == per_side[side]:
                break
            if h in occupied:
                continue
            kind = rng.choices(kinds, weights)[0]
            path = None
            road = False
            if ordered:
                blocked = occupied | {h}
                if h in road_index and rng.random() < 0.5 and not rs.allowance(*kind).at_most_one:
                    path = _road_plan(t, h, blocked, road_index, rs.allowance(*kind).max)
                    road = path is not None
                if path is None:
                    road = False
                    path = _plan_move(rng, t, rs, kind[0], kind[1], h, blocked, SIDE_FACING[side])
                if path is None:
                    continue  # boxed in: try the next hex
            n += 1
            unit = make_unit(rng, rs, side, n, kind, h, status)
            placed[side].append(unit)
            occupied.add(h)
            if path is not None:
                occupied.update(path)
                if road:
                    orders.append(
                        {"unit": unit.id, "path": [x.label(g.width) for x in path], "road": True}
                    )
                else:
                    orders.append(_move_order(unit, path, g.width, rng))
        if n < per_side[side]:
            raise ValueError(f"the {g.columns}x{g.rows} map has no room for {units} units")
    leaders_per_side = max(3, units // 80)
    sides = _sides(rng, t, placed, occupied, leaders_per_side)
    game = f"bench-{rs.name}-{units}-{seed}"
    state = _state(rs.name, game, phase, t, sides, seed)
    if phase == "movement":
        order_file: dict[str, Any] = {
            "format": ORDERS_FORMAT,
            "turn": 1,
            "player": RED,
            "phase": "movement",
            "orders": orders,
        }
    else:
        order_file = activation_orders(state, rs)
    return Battle(state, rs, order_file)


def activation_limits(rs: Ruleset, army_units: int) -> tuple[int, int]:
    """(activations, units per activation) for an army of this many units on the
    table, from the ruleset's bands."""
    band = rs.activation.band(army_units)
    return band.activations, band.max_units


def command_range(rs: Ruleset, rank: str) -> int:
    return rs.leaders.ranks[rank].command_range


def activation_orders(
    state: GameState, rs: Ruleset, prefer: Hex | None = None, rng: random.Random | None = None
) -> dict[str, Any]:
    """A legal activation order file for the side to play: as many activations as
    its army size allows, each of a leader and units of his side within his command
    range, no unit twice. ``prefer``: pick the units nearest to that hex first."""
    side = state.side(state.player)
    on_table = [u for u in side.units if u.at is not None]
    count, per = activation_limits(rs, len(on_table))
    used: set[str] = set()
    orders: list[dict[str, Any]] = []
    leaders = [lead for lead in side.leaders if lead.on_table]
    rank_order = {"general": 0, "sub_general": 1, "senior_officer": 2}
    leaders.sort(key=lambda lead: (rank_order.get(lead.rank, 3), lead.id))
    if rng is not None:
        rng.shuffle(leaders)
    for lead in leaders:
        if len(orders) == count:
            break
        at = state.leader_hex(lead)
        if at is None:
            continue
        reach = command_range(rs, lead.rank)
        near = [
            u
            for u in on_table
            if u.id not in used
            and u.at is not None
            and u.at.distance(at) <= reach
            and u.cohesion.current > 0
        ]
        if prefer is not None:
            near.sort(key=lambda u: (u.at.distance(prefer) if u.at else 0, u.id))
        chosen = near[:per]
        if chosen:
            used.update(u.id for u in chosen)
            orders.append({"leader": lead.id, "units": [u.id for u in chosen]})
    return {
        "format": ORDERS_FORMAT,
        "turn": state.turn,
        "player": state.player,
        "phase": "activation",
        "orders": orders,
    }


# ----------------------------------------------------------------------------- combat
def _combat_battle(
    rng: random.Random, rs: Ruleset, t: Terrain, units: int, seed: int, phase: str = "combat"
) -> Battle:
    """Battle lines: rows 3k+1 red (facing S), 3k+2 blue (facing N), 3k empty (room to
    retreat toward each side's own edge). Pairs are drawn at random among the slots,
    so some fight alone and some shoulder to shoulder. In the combat phase each red
    unit is activated and attacks the blue unit just south of it."""
    g = t.grid
    slots = []
    for y in range(1, g.rows - 1, 3):
        for x in range(g.columns):
            a = Hex.from_offset(x, y)
            b = Hex.from_offset(x, y + 1)
            if t.passable(a) and t.passable(b) and frozenset((a, b)) not in t.hexsides:
                slots.append((a, b))
    pairs = units // 2
    if pairs > len(slots):
        raise ValueError(
            f"the {g.columns}x{g.rows} map has room for {len(slots)} pairs, not {pairs}"
        )
    chosen = sorted(rng.sample(range(len(slots)), pairs))
    kinds, weights = unit_kinds(rs)
    placed: dict[str, list[Unit]] = {RED: [], BLUE: []}
    occupied: set[Hex] = set()
    orders = []
    activated = frozenset({"activated"}) if phase == "combat" else frozenset()
    for n, index in enumerate(chosen, start=1):
        a, b = slots[index]
        red = make_unit(rng, rs, RED, n, rng.choices(kinds, weights)[0], a, activated)
        blue = make_unit(rng, rs, BLUE, n, rng.choices(kinds, weights)[0], b)
        red = replace(red, cohesion=Cohesion(red.cohesion.max, red.cohesion.max))
        placed[RED].append(red)
        placed[BLUE].append(blue)
        occupied.update((a, b))
        orders.append(
            {"unit": red.id, "target": blue.id, "kind": "melee"}
            if n % 2
            else f"{red.id} melee {blue.id}"
        )
    # every leader rides with a unit: the empty rows stay free for retreats
    sides = _sides(rng, t, placed, occupied, max(3, units // 80), alone_leaders=False)
    game = f"bench-{rs.name}-lines-{units}-{seed}"
    state = _state(rs.name, game, phase, t, sides, seed)
    if phase == "combat":
        return Battle(
            state,
            rs,
            {
                "format": ORDERS_FORMAT,
                "turn": 1,
                "player": RED,
                "phase": "combat",
                "orders": orders,
            },
        )
    if phase == "activation":
        return Battle(state, rs, activation_orders(state, rs))
    raise ValueError("battle lines are generated for the activation or combat phase")


# -------------------------------------------------------------------------- long game
def _toward(a: Hex, b: Hex) -> Direction:
    """The hexside of ``a`` pointing most nearly at ``b``."""
    best = Direction.N
    best_d = None
    for direction, n in a.neighbours():
        d = n.distance(b)
        if best_d is None or d < best_d:
            best, best_d = direction, d
    return best


def _nearest(h: Hex, others: Sequence[Unit]) -> Unit | None:
    best = None
    best_d = 0
    for u in others:
        if u.at is None:
            continue
        d = u.at.distance(h)
        if best is None or d < best_d:
            best, best_d = u, d
    return best


def _game_orders(
    state: GameState, rs: Ruleset, rng: random.Random, combats_per_phase: int
) -> dict[str, Any]:
    """Plausible orders for the next phase of ``state``: a simple player who
    activates the units nearest the enemy, marches them at it and attacks."""
    me = state.side(state.player)
    enemy = state.side(state.enemy_of(state.player))
    foes = [u for u in enemy.units if u.at is not None]
    base = {
        "format": ORDERS_FORMAT,
        "turn": state.turn,
        "player": state.player,
        "phase": state.phase,
    }
    if state.phase == "activation":
        centre = foes[len(foes) // 2].at if foes else None
        return activation_orders(state, rs, prefer=centre, rng=rng)
    if state.phase == "movement":
        return {**base, "orders": _long_game_moves(state, rs, me, foes)}
    if state.phase == "combat":
        orders: list[Any] = []
        if _near_break(state, rs):
            return {**base, "orders": orders}
        targeted: set[str] = set()
        where = {u.at: u for u in foes if u.at is not None}
        for u in me.units:
            if len(orders) == combats_per_phase:
                break
            if (
                "activated" not in u.status
                or u.at is None
                or u.cohesion.current <= 0
                or u.status & {"no_combat", "road_march", "mounted_move"}
            ):
                continue
            for _, n in u.at.neighbours():
                target = where.get(n)
                if target is not None and target.id not in targeted and target.cohesion.current > 0:
                    targeted.add(target.id)
                    orders.append(f"{u.id} melee {target.id}")
                    break
        return {**base, "orders": orders}
    return {**base, "orders": []}


def _near_break(state: GameState, rs: Ruleset, margin: float = 0.4) -> bool:
    """An army has lost more than ``1 - margin`` of what breaks it."""
    from referee.core.army import armies

    return any(a.cohesion and a.margin < margin * a.cohesion for a in armies(state, rs))


def _long_game_moves(state: GameState, rs: Ruleset, me: Side, foes: list[Unit]) -> list[Any]:
    """Each activated unit goes to the reachable hex nearest its nearest enemy,
    keeping its right to fight, and faces that enemy (``reachable`` from the
    engine: the same rules as the adjudication)."""
    from referee.core.reach import reachable

    orders: list[Any] = []
    taken: set[Hex] = {u.at for u in state.units() if u.at is not None}
    width = state.map.grid.width
    for u in me.units:
        if "activated" not in u.status or u.at is None:
            continue
        foe = _nearest(u.at, foes)
        if foe is None or foe.at is None:
            continue
        if u.at.distance(foe.at) == 1:
            continue  # already in contact: stay and fight
        best: tuple[int, int, Hex] | None = None
        for h, cost in _reach_hexes(reachable(state, rs, u.id)):
            if h in taken:
                continue
            key = (h.distance(foe.at), cost, h)
            if best is None or key < best:
                best = key
        if best is None:
            continue
        dest = best[2]
        taken.discard(u.at)
        taken.add(dest)
        orders.append({"unit": u.id, "to": dest.label(width), "face": _toward(dest, foe.at).name})
    return orders


def _reach_hexes(reach: Any) -> list[tuple[Hex, int]]:
    """The hexes on the table a ``reachable()`` answer offers that keep the right to
    fight, with their cost."""
    return [(d.hex, d.cost) for d in reach.destinations if d.combat and not d.exit]


def long_game(
    ruleset: str = "thucidide",
    phases: int = 200,
    units: int = 160,
    seed: int = 7,
    combats_per_phase: int = 4,
    stats: dict[str, int] | None = None,
) -> GameState:
    """A smallish battle (armies in contact from the start) played through
    ``referee.play.play`` with seeded dice for ``phases`` phases: the state carries
    that many history entries after the start. The simple player stops attacking
    when an army nears its break point, so the game lasts. ``stats`` (if given)
    receives the counts of orders, refused orders and rolls."""
    from referee.core.orders import read_orders
    from referee.play import dice_for, play

    rng = random.Random(seed)
    b = battle(ruleset, units=units, seed=seed, phase="activation", lines=True)
    state = b.state
    rs = b.ruleset
    counts = stats if stats is not None else {}
    for key in ("orders", "refused", "rolls", "combats"):
        counts.setdefault(key, 0)
    for _ in range(phases):
        order_data = _game_orders(state, rs, rng, combats_per_phase)
        orders, problems = read_orders(order_data)
        if orders is None:
            raise ValueError(
                "generated orders do not parse: " + "; ".join(p.message for p in problems)
            )
        outcome = play(state, orders, rs, dice_for(state, orders))
        counts["orders"] += len(orders.orders)
        counts["refused"] += len(outcome.refused)
        counts["rolls"] += len(outcome.rolls)
        if state.phase == "combat":
            counts["combats"] += len(orders.orders)
        state = outcome.state
        if state.result is not None:
            raise ValueError(
                f"the game ended after {len(state.history) - 1} phases "
                f"({state.result}); use more units or fewer combats"
            )
    return state


# ------------------------------------------------------------------------------- files
def write_yaml(path: str, data: dict[str, Any]) -> None:
    """Written as ``referee adjudicate`` writes a state (``dump_state``)."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(dump_state(data))
    os.replace(tmp, path)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--ruleset", default="thucidide", choices=RULESETS)
    p.add_argument(
        "--columns",
        type=int,
        default=None,
        help="map columns (default: about three hexes per unit, 4:3)",
    )
    p.add_argument("--rows", type=int, default=None)
    p.add_argument(
        "--units",
        type=int,
        default=None,
        help="units on the table, both sides (default 500; long game 160)",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--phase", default="movement", choices=PHASES_GENERATED)
    p.add_argument(
        "--long-game",
        action="store_true",
        help="play a recorded game in-process instead (verify benchmark)",
    )
    p.add_argument("--phases", type=int, default=200, help="phases of the long game")
    p.add_argument("-o", "--output", required=True, help="state file to write")
    p.add_argument("--orders", help="orders file to write for the state's next phase")
    args = p.parse_args(argv)
    if (args.columns is None) != (args.rows is None):
        p.error("give both --columns and --rows, or neither")
    if args.long_game:
        state = long_game(args.ruleset, phases=args.phases, seed=args.seed, units=args.units or 160)
        write_yaml(args.output, write_state(state))
        sys.stderr.write(f"{args.output}: {len(state.history) - 1} phases recorded\n")
        return 0
    b = battle(args.ruleset, args.columns, args.rows, args.units or 500, args.seed, args.phase)
    write_yaml(args.output, b.state_data())
    if args.orders and b.orders is not None:
        write_yaml(args.orders, b.orders)
    g = b.state.map.grid
    sys.stderr.write(
        f"{args.output}: {b.ruleset.name} {g.columns}x{g.rows}, "
        f"{sum(len(s.units) for s in b.state.sides)} units, phase {args.phase}"
        + (f", {len(b.orders['orders'])} orders" if b.orders else "")
        + "\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Movement costs, legal paths, cheapest paths and reachability ("where can it go?").

One module answers every movement question, so that ``referee moves`` (a preview)
and the movement phase (the ruling) can never disagree: the phase checks an ordered
path with :func:`check_path` and picks a path for a ``to`` order with
:func:`find_path`; ``referee moves`` lists everything :func:`reachable` finds with
the same :class:`Walker` (costs, pass-through, stacking, exits) and the same
:class:`Budget` (allowance, bonuses, ``ss cb``).

The rules applied (000, 003, 004; every number is read from the ruleset):

* a move spends the allowance of the movement table (hexes, spent as points: the
  terrain ``cost`` of each hex entered, plus the ``cost`` of a hexside crossed; a
  step from a road hex to the next hex of the same road costs
  ``roads.cost_along_road`` whatever the terrain);
* ``N/M ss cb``: a move costing more than N points is *sans combat*; ``(*)``: never
  more than one hex and no bonus; ``0 (statique)``: never moves;
* ``movement_rules.minimum_move``: a unit that may move can always enter one
  adjacent passable hex even if it costs more than its allowance (it then keeps the
  right to fight when its cell has a combat part of 1 or more);
* impassable terrain and hexsides cannot be entered (a road step crosses them: the
  road is a bridge or a pass); an ordered path into them stops in the hex before;
* never through an enemy unit or an isolated enemy leader; a friendly unit is
  crossed only as ``pass_through`` allows, and two units never end in one hex;
* leaving the table: only by a hex just outside an edge in the side's ``exits``
  (a leader alone by any edge when ``movement_rules.leader_may_leave_table``);
  stepping off the table costs 1 point (open ground);
* a reinforcement enters from one of its side's ``entry_points`` (hexes just
  outside the table); the first hex of its move is the first hex on the table.

Performance: occupancy is indexed by hex (``Board.at`` or one dict built from the
state), ruleset lookups are cached per ruleset (:func:`rules_for`), hexsides per
map, and the search is a Dijkstra bounded by the allowance.
"""

from __future__ import annotations

import heapq
import re
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from referee.core.hexgrid import Grid, Hex
from referee.core.model import WEIGHTS, GameState, Leader, MapData, Unit
from referee.core.ruleset import Allowance, Ruleset

# Event codes of refusals decided here (the movement phase emits them).
REFUSED = "move.refused"
ROAD_REFUSED = "move.road_refused"
MOUNTED_REFUSED = "move.mounted_refused"

# How a hex next to the mover can be unreachable (Reach.blocked, Block.reason).
ENEMY = "enemy"  # an enemy unit stands there
ENEMY_LEADER = "enemy_leader"  # an isolated enemy leader stands there
IMPASSABLE = "impassable"  # impassable terrain or hexside
STACKING = "stacking"  # a friendly unit stands there (it may or may not be crossed)
ALLOWANCE = "allowance"  # costs more than the allowance
OFF_TABLE = "off_table"  # outside the table and not an exit allowed to this side
OFF_ROAD = "off_road"  # road march: not a step along the road
FRIEND = "friend"  # (Walker.enter) a friendly unit this mover may not cross

EXIT_COST = 1  # stepping off the table costs as open ground (interpretation)
# axial steps in the order of Direction (N, NE, SE, S, SW, NW): the search's tie-break
_STEPS: tuple[tuple[int, int], ...] = tuple(
    (n.q - 0, n.r - 0) for _, n in Hex(0, 0).neighbours())

# ---------------------------------------------------------------------------------------
# Ruleset values, read once per ruleset
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TerrainRule:
    cost: int
    difficult: bool
    impassable: bool
    by_category: Mapping[str, int]
    source: str


@dataclass(frozen=True, slots=True)
class HexsideRule:
    cost: int
    difficult: bool
    impassable: bool
    source: str


class Rules:
    """The movement values of one ruleset, typed and cached (see :func:`rules_for`)."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        g = rs.get
        self.road_bonus = int(g("movement_rules.road_bonus", 1))
        self.road_no_combat = bool(g("movement_rules.road_march_no_combat", True))
        self.mounted_bonus = int(g("movement_rules.mounted_bonus", 1))
        self.mounted_no_combat = bool(g("movement_rules.mounted_no_combat", True))
        self.mounted_cumulative = bool(g("movement_rules.mounted_cumulative_with_road", True))
        self.mounted_categories = frozenset(g("movement_rules.mounted_infantry_categories",
                                              ["infantry"]) or ())
        self.minimum_move = bool(g("movement_rules.minimum_move", True))
        self.leader_ignores_difficult = bool(g("movement_rules.leader_ignores_difficult", True))
        self.leader_may_leave_table = bool(g("movement_rules.leader_may_leave_table", True))
        self.wagon_defensive = bool(g("movement_rules.wagon_defensive_position", False))
        self.pre_played_cannot_move = bool(g("movement_rules.pre_played_cannot_move", True))
        self.leader_through_friends = bool(g("pass_through.isolated_leader_through_friends",
                                             True))
        self.through_weights = frozenset(g("pass_through.through_friendly_weights", []) or ())
        self.detachment_and_parent = bool(g("pass_through.detachment_and_parent", False))
        self.artillery_crossable_by = frozenset(g("pass_through.artillery_crossable_by", [])
                                                or ())
        self.never_through_enemy = bool(g("pass_through.never_through_enemy", True))
        self.cost_along_road = int(g("roads.cost_along_road", 1))
        self.terrain: dict[str, TerrainRule] = {}
        for key, t in (rs.data.get("terrain") or {}).items():
            self.terrain[key] = TerrainRule(
                cost=int(t.get("cost", 1)), difficult=bool(t.get("difficult", False)),
                impassable=bool(t.get("impassable", False)),
                by_category={str(k): int(v) for k, v in (t.get("cost_by_category") or {}).items()},
                source=str(t.get("source", "")))
        self.hexsides: dict[str, HexsideRule] = {}
        for key, h in (rs.data.get("hexsides") or {}).items():
            self.hexsides[key] = HexsideRule(
                cost=int(h.get("cost", 0)), difficult=bool(h.get("difficult", False)),
                impassable=bool(h.get("impassable", False)), source=str(h.get("source", "")))
        clear = self.terrain.get("clear")
        self.open_cost = clear.cost if clear is not None and not clear.impassable else 1
        # citations
        sources = rs.data.get("sources") or {}
        self.chapter = next((str(k) for k in sources if str(k) not in ("001", "facts")), "000")
        found = re.search(r"Phase de D[ée]placements?", str(sources.get(self.chapter, "")))
        self.chapter_heading = found.group(0) if found else "Phase de Déplacement"
        leader_row = (rs.data.get("movement") or {}).get("leader_row") or {}
        self.leader_row_source = str(leader_row.get("source", ""))
        self.leader_row_label = str(leader_row.get("label", "Chef"))
        self._cost_cache: dict[tuple[str, str | None, bool], int | None] = {}
        self.weight_labels = {w: rs.weight_label(w) for w in WEIGHTS}
        self.type_labels = {t: rs.type_label(t) for t in rs.unit_types}
        self.categories = {t: rs.category(t) for t in rs.unit_types}

    # -- citations ------------------------------------------------------------------
    def cite(self, path: str, fallback: str = "") -> str:
        return self.rs.cite(path) or fallback or self.cite_chapter()

    def cite_chapter(self) -> str:
        """The chapter's opening paragraphs (one move per unit, one at a time)."""
        return f"{self.chapter} §{self.chapter_heading}"

    def cite_heading(self, heading: str) -> str:
        return f"{self.chapter} §{heading}"

    def cite_table(self, unit_type: str) -> str:
        return self.rs.row_sources.get(unit_type) or self.cite_heading(
            "Capacité de mouvement des unités (en hex)")

    def cite_precisions(self) -> str:
        """Where the chapter speaks of crossing units (004: its opening paragraph)."""
        return self.rs.cite("pass_through.never_through_enemy") or self.cite_heading(
            "Précisions sur le mouvement")

    def cite_terrain_bullets(self) -> str:
        """Where the chapter speaks of terrain and zones of control (004: after its table)."""
        return self.rs.cite("movement_rules.leader_ignores_difficult") or self.cite_heading(
            "Précisions sur le mouvement")

    # -- costs ----------------------------------------------------------------------
    def terrain_cost(self, key: str, category: str | None, ignore_difficult: bool) -> int | None:
        """Points to enter a hex of this terrain, None when impassable."""
        cache_key = (key, category, ignore_difficult)
        try:
            return self._cost_cache[cache_key]
        except KeyError:
            pass
        t = self.terrain.get(key)
        if t is None:
            raise ValueError(f"unknown terrain {key!r} in ruleset {self.rs.name!r}")
        cost: int | None
        if t.impassable:
            cost = None
        elif ignore_difficult and t.difficult:
            cost = self.open_cost
        else:
            cost = t.by_category.get(category, t.cost) if category is not None else t.cost
        self._cost_cache[cache_key] = cost
        return cost


_RULES: weakref.WeakKeyDictionary[Ruleset, Rules] = weakref.WeakKeyDictionary()


def rules_for(rs: Ruleset) -> Rules:
    """The cached movement values of a ruleset (a Ruleset is read-only)."""
    rules = _RULES.get(rs)
    if rules is None:
        rules = Rules(rs)
        _RULES[rs] = rules
    return rules


# ---------------------------------------------------------------------------------------
# Who stands where
# ---------------------------------------------------------------------------------------

# Indexes derived from immutable values (a map, a state), kept while the value lives.
# Keyed by id() with a weak reference to check the key still names the same object
# (MapData and GameState hold dicts, so they cannot be hashed).
_MAP_INDEX: dict[int, tuple[weakref.ref[MapData], dict[tuple[Hex, Hex], str]]] = {}
_STATE_INDEX: dict[int, tuple[weakref.ref[GameState], _StateIndex]] = {}


def _hexside_index(map_data: MapData) -> dict[tuple[Hex, Hex], str]:
    """Hexside features by ordered step (a, b), both ways."""
    cached = _MAP_INDEX.get(id(map_data))
    if cached is not None and cached[0]() is map_data:
        return cached[1]
    index: dict[tuple[Hex, Hex], str] = {}
    for pair, kind in map_data.hexsides.items():
        a, b = tuple(pair)
        index[(a, b)] = kind
        index[(b, a)] = kind
    key = id(map_data)
    _MAP_INDEX[key] = (weakref.ref(map_data, _forget(_MAP_INDEX, key)), index)
    return index


def _forget(cache: dict[int, Any], key: int) -> Callable[[Any], None]:
    """A weakref callback that drops a cache entry when its object dies."""
    def callback(_ref: Any) -> None:
        cache.pop(key, None)
    return callback


@dataclass(frozen=True)
class _StateIndex:
    occupancy: dict[Hex, Unit]
    units: dict[str, Unit]  # on the table and off it
    leaders: dict[str, Leader]


def _state_index(state: GameState) -> _StateIndex:
    cached = _STATE_INDEX.get(id(state))
    if cached is not None and cached[0]() is state:
        return cached[1]
    units: dict[str, Unit] = {}
    occupancy: dict[Hex, Unit] = {}
    for s in state.sides:
        for u in s.units:
            units[u.id] = u
            if u.at is not None:
                occupancy[u.at] = u
        for u in s.off_table:
            units[u.id] = u
    index = _StateIndex(occupancy, units, {lead.id: lead for lead in state.leaders()})
    key = id(state)
    _STATE_INDEX[key] = (weakref.ref(state, _forget(_STATE_INDEX, key)), index)
    return index



class Field:
    """What a move must know about the other pieces: units by hex, isolated leaders by
    hex, hexside features by step. Built once per phase (or per ``moves`` query)."""

    def __init__(self, map_data: MapData, unit_at: Callable[[Hex], Unit | None],
                 leaders: Iterable[Leader]) -> None:
        self.map = map_data
        self.grid: Grid = map_data.grid
        self.columns = self.grid.columns
        self.rows = self.grid.rows
        self.width = self.grid.width
        self.unit_at = unit_at
        self.terrain = map_data.terrain
        self.default_terrain = map_data.default_terrain
        self.road_steps = map_data.road_steps
        self.road_hexes = map_data.road_hexes
        self.hexsides = _hexside_index(map_data)
        self.leaders_at: dict[Hex, list[Leader]] = {}
        for lead in leaders:
            self.add_leader(lead)

    @classmethod
    def from_state(cls, state: GameState) -> Field:
        index = _state_index(state)
        return cls(state.map, index.occupancy.get, index.leaders.values())

    def on_table(self, h: Hex) -> bool:
        q, r = h
        y = r + (q - (q & 1)) // 2
        return 0 <= q < self.columns and 0 <= y < self.rows

    def add_leader(self, lead: Leader) -> None:
        """Index an isolated leader on the table (attached leaders move with units)."""
        if lead.attached_to is None and lead.at is not None and lead.on_table:
            self.leaders_at.setdefault(lead.at, []).append(lead)

    def drop_leader(self, lead: Leader) -> None:
        if lead.at is not None and lead.at in self.leaders_at:
            rest = [x for x in self.leaders_at[lead.at] if x.id != lead.id]
            if rest:
                self.leaders_at[lead.at] = rest
            else:
                del self.leaders_at[lead.at]

    def enemy_leader_at(self, h: Hex, side: str) -> Leader | None:
        for lead in self.leaders_at.get(h, ()):
            if lead.side != side:
                return lead
        return None

    def label(self, h: Hex | None) -> str | None:
        return None if h is None else h.label(self.width)


# ---------------------------------------------------------------------------------------
# The mover and its allowance
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mover:
    """A unit, or a leader moving alone."""

    id: str
    side: str
    is_leader: bool
    weight: str
    cell: Allowance
    category: str | None = None  # None for a leader
    type: str | None = None
    type_label: str = ""
    detachment_of: str | None = None
    traits: frozenset[str] = frozenset()
    ignores_difficult: bool = False
    start: Hex | None = None  # None: off the table (a reinforcement)
    entry_points: tuple[Hex, ...] = ()
    exits: tuple[str, ...] = ()


def unit_mover(rs: Ruleset, unit: Unit, exits: tuple[str, ...] = (),
               entry_points: tuple[Hex, ...] = ()) -> Mover:
    rules = rules_for(rs)
    return Mover(id=unit.id, side=unit.side, is_leader=False, weight=unit.weight,
                 cell=rs.allowance(unit.type, unit.weight),
                 category=rules.categories.get(unit.type) or rs.category(unit.type),
                 type=unit.type, type_label=rules.type_labels.get(unit.type, unit.type),
                 detachment_of=unit.detachment_of, traits=unit.traits, start=unit.at,
                 entry_points=entry_points if unit.at is None else (), exits=exits)


def leader_mover(rs: Ruleset, leader: Leader, at: Hex | None, exits: tuple[str, ...] = ()) -> Mover:
    rules = rules_for(rs)
    cell = rs.leader_allowance(leader.weight)
    if "fleeing" in leader.status:
        n = cell.fleeing if cell.fleeing is not None else cell.max
        cell = Allowance(text=cell.text, exists=True, combat=n, max=n, fleeing=cell.fleeing)
    return Mover(id=leader.id, side=leader.side, is_leader=True, weight=leader.weight, cell=cell,
                 type_label=rules.leader_row_label,
                 ignores_difficult=rules.leader_ignores_difficult and not leader.vehicle,
                 start=at, exits=exits)


@dataclass(frozen=True, slots=True)
class Budget:
    """What a move may spend: ``points`` in all, ``combat`` keeping the right to fight."""

    cell: Allowance
    points: int
    combat: int
    max_hexes: int | None  # (*): 1
    road_bonus: int = 0
    mounted_bonus: int = 0
    road: bool = False
    mounted: bool = False
    no_combat_anyway: bool = False  # a road march or mounted move forbids combat

    def keeps_combat(self, cost: int, minimum: bool) -> bool:
        if self.no_combat_anyway:
            return False
        if minimum:  # one hex entered by the minimum-move rule: one hex moved
            return self.combat >= 1
        return cost <= self.combat


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an order is refused: an event code, a reason code, the rule and numbers."""

    code: str
    reason: str
    rule: str
    data: Mapping[str, Any] = field(default_factory=dict)


def mover_numbers(mover: Mover, rs: Ruleset) -> dict[str, Any]:
    """The numbers every movement event of this mover carries."""
    label = rules_for(rs).weight_labels.get(mover.weight, mover.weight)
    if mover.is_leader:
        return {"cell": mover.cell.notation, "type_label": mover.type_label, "kind": "leader",
                "weight": mover.weight, "weight_label": label}
    return {"cell": mover.cell.notation, "type_label": mover.type_label, "kind": "unit",
            "type": mover.type, "weight": mover.weight, "weight_label": label}


def budget_for(mover: Mover, rules: Rules, road: bool = False,
               mounted: bool = False) -> Budget | Refusal:
    """The allowance of a mover for this move, or why it may not move (or not so)."""
    rs = rules.rs
    cell = mover.cell
    nums = mover_numbers(mover, rs)
    rule = rules.leader_row_source if mover.is_leader else rules.cite_table(mover.type or "")
    if not cell.exists:
        return Refusal(REFUSED, "no_such_type", rule, nums)
    if cell.static or cell.max <= 0:
        return Refusal(REFUSED, "static", rule, nums)
    if mounted:
        mrule = rules.cite("movement_rules.mounted_bonus")
        if mover.is_leader or mover.category not in rules.mounted_categories \
                or "mounted_infantry" not in mover.traits:
            return Refusal(MOUNTED_REFUSED, "not_mounted_infantry", mrule,
                           {**nums, "categories": sorted(rules.mounted_categories)})
        if cell.at_most_one:
            return Refusal(MOUNTED_REFUSED, "at_most_one", rule, nums)
        if road and not rules.mounted_cumulative:
            return Refusal(MOUNTED_REFUSED, "not_cumulative",
                           rules.cite("movement_rules.mounted_cumulative_with_road"), nums)
    if road and cell.at_most_one:
        return Refusal(ROAD_REFUSED, "at_most_one", rule, nums)
    road_bonus = rules.road_bonus if road else 0
    mounted_bonus = rules.mounted_bonus if mounted else 0
    return Budget(cell=cell, points=cell.max + road_bonus + mounted_bonus,
                  combat=cell.combat if not mover.is_leader else cell.max,
                  max_hexes=1 if cell.at_most_one else None, road_bonus=road_bonus,
                  mounted_bonus=mounted_bonus, road=road, mounted=mounted,
                  no_combat_anyway=(road and rules.road_no_combat)
                  or (mounted and rules.mounted_no_combat))


# ---------------------------------------------------------------------------------------
# One step
# ---------------------------------------------------------------------------------------


class Block(NamedTuple):
    """Why a hex cannot be entered from the previous one. A tuple, cheap to build: the
    search meets many; ``data`` (labels and all) is built only for a report."""

    reason: str  # ENEMY | ENEMY_LEADER | IMPASSABLE | FRIEND | OFF_TABLE | exit_not_allowed
    hex: Hex | None = None
    width: int = 2
    other: str | None = None  # the unit or leader in the way
    other_unit: Unit | None = None
    terrain: str | None = None
    hexside: str | None = None
    from_hex: Hex | None = None
    edges: tuple[str, ...] = ()
    exits: tuple[str, ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.hex is not None:
            out["hex"] = self.hex.label(self.width)
        if self.other is not None:
            out["other"] = self.other
        if self.other_unit is not None:
            out["other_type"] = self.other_unit.type
            out["other_weight"] = self.other_unit.weight
        if self.terrain is not None:
            out["terrain"] = self.terrain
        if self.hexside is not None:
            out["hexside"] = self.hexside
            if self.from_hex is not None:
                out["from"] = self.from_hex.label(self.width)
        if self.reason == "exit_not_allowed":
            out["edges"] = list(self.edges)
            out["exits"] = list(self.exits)
        return out


class Walker:
    """Steps of one mover over one field: cost of each step, crossing, ending, exits."""

    def __init__(self, field_: Field, rules: Rules, mover: Mover) -> None:
        self.field = field_
        self.rules = rules
        self.mover = mover
        self.grid = field_.grid
        self._terrain_cost: dict[str, int | None] = {}

    # -- exits ------------------------------------------------------------------------
    def exit_edges(self, h: Hex) -> list[str]:
        return self.grid.exit_edges(h)

    def may_exit(self, h: Hex) -> bool:
        """May this mover leave the table through the off-table hex ``h``?"""
        if not self.grid.just_outside(h):
            return False
        if self.mover.start is None:  # a reinforcement does not leave as it enters
            return False
        if self.mover.is_leader and self.rules.leader_may_leave_table:
            return True
        return any(edge in self.mover.exits for edge in self.grid.exit_edges(h))

    # -- crossing and ending ----------------------------------------------------------
    def can_cross(self, other: Unit) -> bool:
        """May the mover pass through this friendly unit (and go on)?"""
        rules = self.rules
        mover = self.mover
        if mover.is_leader:
            return rules.leader_through_friends
        if mover.weight in rules.through_weights or other.weight in rules.through_weights:
            return True
        if rules.detachment_and_parent and (mover.detachment_of == other.id
                                            or other.detachment_of == mover.id):
            return True
        return bool(rules.artillery_crossable_by) and mover.category in \
            rules.artillery_crossable_by and rules.rs.category(other.type) == "artillery"

    def can_end(self, h: Hex) -> bool:
        """May the mover end its move in ``h`` (already known to be enterable)?"""
        if not self.field.on_table(h):
            return True
        other = self.field.unit_at(h)
        if other is None or other.id == self.mover.id:
            return True
        # a leader alone may stand with a friendly unit (he stays isolated)
        return self.mover.is_leader and other.side == self.mover.side

    def cross_rule(self, other: Unit) -> str:
        """The pass-through rule that applies (or forbids) crossing ``other``."""
        rules = self.rules
        if self.mover.is_leader:
            return rules.cite("pass_through.isolated_leader_through_friends")
        if rules.artillery_crossable_by:
            return rules.cite("pass_through.artillery_crossable_by")
        if rules.detachment_and_parent and (self.mover.detachment_of == other.id
                                            or other.detachment_of == self.mover.id):
            return rules.cite("pass_through.detachment_and_parent")
        return rules.cite("pass_through.through_friendly_weights")

    # -- one step ---------------------------------------------------------------------
    def terrain_cost(self, key: str) -> int | None:
        try:
            return self._terrain_cost[key]
        except KeyError:
            cost = self.rules.terrain_cost(key, self.mover.category, self.mover.ignores_difficult)
            self._terrain_cost[key] = cost
            return cost

    def enter(self, a: Hex, b: Hex, a_on_table: bool | None = None) -> int | Block:
        """Points to step from ``a`` into the adjacent ``b``, or why it cannot."""
        f = self.field
        grid = self.grid
        on_table = f.on_table(a) if a_on_table is None else a_on_table
        if not f.on_table(b):
            if on_table and grid.just_outside(b):
                if self.may_exit(b):
                    return EXIT_COST
                return Block("exit_not_allowed", b, f.width,
                             edges=tuple(grid.exit_edges(b)), exits=self.mover.exits)
            return Block(OFF_TABLE, b, f.width)
        if on_table and (a, b) in f.road_steps:
            cost = self.rules.cost_along_road
        else:
            key = f.terrain.get(b, f.default_terrain)
            tcost = self.terrain_cost(key)
            if tcost is None:
                return Block(IMPASSABLE, b, f.width, terrain=key)
            cost = tcost
            if on_table and f.hexsides:
                side_kind = f.hexsides.get((a, b))
                if side_kind is not None:
                    hs = self.rules.hexsides.get(side_kind)
                    if hs is None:
                        raise ValueError(f"unknown hexside feature {side_kind!r}")
                    if hs.impassable:
                        return Block(IMPASSABLE, b, f.width, hexside=side_kind, from_hex=a)
                    if not (hs.difficult and self.mover.ignores_difficult):
                        cost += hs.cost
        other = f.unit_at(b)
        mover = self.mover
        if other is not None and other.id != mover.id:
            if other.side != mover.side:
                # pass_through.never_through_enemy (true in every built-in ruleset); a
                # house rule setting it false lets enemies be crossed as friends are
                # (never ended on: see can_end)
                if self.rules.never_through_enemy or not self.can_cross(other):
                    return Block(ENEMY, b, f.width, other.id)
            elif not self.can_cross(other):
                return Block(FRIEND, b, f.width, other.id, other)
        if f.leaders_at:
            enemy = f.enemy_leader_at(b, mover.side)
            if enemy is not None:
                return Block(ENEMY_LEADER, b, f.width, enemy.id)
        return cost


# ---------------------------------------------------------------------------------------
# Searching
# ---------------------------------------------------------------------------------------


class Node(NamedTuple):
    cost: int
    hexes: int  # hexes entered on the table (an exit step adds none)
    prev: Hex | None
    minimum: bool = False  # entered by the minimum-move rule (not expanded further)
    exit: bool = False  # a hex just outside the table: the mover leaves


def _sources(mover: Mover) -> list[Hex]:
    return [mover.start] if mover.start is not None else list(mover.entry_points)


def search(walker: Walker, budget: Budget, road_index: int | None = None,
           target: Hex | None = None, bounded: bool = True) -> dict[Hex, Node]:
    """Dijkstra from the mover's start (or its entry points) over legal steps.

    Returns every hex entered with its cheapest (cost, hexes) and the previous hex.
    Ties: cheaper first, then fewer hexes, then the first found (hexsides in the
    order N, NE, SE, S, SW, NW): deterministic. ``road_index``: only steps along
    that road (road march). ``bounded=False`` ignores the allowance (diagnostics).
    """
    sources = _sources(walker.mover)
    best: dict[Hex, Node] = {}
    heap: list[tuple[int, int, int, Hex]] = []
    seq = 0
    for s in sources:
        best[s] = Node(0, 0, None)
        heap.append((0, 0, seq, s))
        seq += 1
    heapq.heapify(heap)
    source_set = set(sources)
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


# ---------------------------------------------------------------------------------------
# Checking an ordered move
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
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


def _labels(field_: Field, hexes: Iterable[Hex]) -> list[str]:
    w = field_.width
    return [h.label(w) for h in hexes]


def budget_numbers(budget: Budget) -> dict[str, Any]:
    """The allowance numbers a report shows: allowance, combat part, bonuses."""
    out: dict[str, Any] = {"allowance": budget.points, "combat_allowance": budget.combat}
    if budget.road or budget.mounted:
        out["base_allowance"] = budget.cell.max
    if budget.road:
        out["road_bonus"] = budget.road_bonus
    if budget.mounted:
        out["mounted_bonus"] = budget.mounted_bonus
    return out


def _refuse_block(walker: Walker, block: Block, last: bool, numbers: dict[str, Any],
                  path_so_far: list[Hex]) -> Refusal:
    rules = walker.rules
    data = {**numbers, **block.data, "path": _labels(walker.field, path_so_far)}
    if block.reason in (ENEMY, ENEMY_LEADER):
        reason = "enemy_at_end" if last else "enemy_in_path"
        return Refusal(REFUSED, reason, rules.cite("pass_through.never_through_enemy"), data)
    if block.reason == FRIEND:
        other = walker.field.unit_at(block.hex) if block.hex is not None else None
        rule = walker.cross_rule(other) if other is not None else rules.cite_precisions()
        if last:
            return Refusal(REFUSED, "occupied_at_end", rules.cite("pass_through.free_hex_at_end"),
                           data)
        return Refusal(REFUSED, "cannot_pass_through", rule, data)
    if block.reason == "exit_not_allowed":
        return Refusal(REFUSED, "exit_not_allowed", _exit_rule(walker), data)
    return Refusal(REFUSED, block.reason, rules.cite_chapter(), data)


def _exit_rule(walker: Walker) -> str:
    rules = walker.rules
    if walker.mover.is_leader:
        return rules.cite("movement_rules.leader_may_leave_table")
    return rules.cite_heading("Troupes hors table")


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
    grid = walker.grid
    numbers = {**mover_numbers(mover, rules.rs), **budget_numbers(budget)}
    hexes = tuple(hexes)
    entry: Hex | None = None
    if mover.start is not None:
        if hexes and hexes[0] == mover.start:
            hexes = hexes[1:]
        prev = mover.start
    else:
        if not mover.entry_points:
            return Refusal(REFUSED, "no_entry_point", rules.cite_heading("Troupes hors table"),
                           numbers)
        if hexes and hexes[0] in mover.entry_points:
            entry, hexes = hexes[0], hexes[1:]
        elif hexes:
            entry = next((e for e in mover.entry_points if e.distance(hexes[0]) == 1), None)
            if entry is None:
                return Refusal(REFUSED, "entry_not_adjacent",
                               rules.cite_heading("Troupes hors table"),
                               {**numbers, "hex": f.label(hexes[0]),
                                "entry_points": _labels(f, mover.entry_points)})
        if entry is None:
            return Refusal(REFUSED, "empty_move", rules.cite_chapter(), numbers)
        prev = entry
    road_set: frozenset[int] | None = None
    road_rule = rules.cite("movement_rules.road_bonus")
    if budget.road and mover.start is not None:
        road_set = f.road_hexes.get(mover.start)
        if not road_set:
            return Refusal(ROAD_REFUSED, "start_off_road", road_rule,
                           {**numbers, "hex": f.label(mover.start)})
    cost = 0
    moved: list[Hex] = []
    on_table_hexes = 0
    stopped: dict[str, Any] | None = None
    exit_edges: tuple[str, ...] = ()
    for i, h in enumerate(hexes):
        last = i == len(hexes) - 1
        if prev.distance(h) != 1:
            return Refusal(REFUSED, "not_adjacent", rules.cite_chapter(),
                           {**numbers, "hex": f.label(h), "from": f.label(prev),
                            "path": _labels(f, moved)})
        if exit_edges:
            return Refusal(REFUSED, "off_table", _exit_rule(walker),
                           {**numbers, "hex": f.label(h), "path": _labels(f, moved)})
        step = walker.enter(prev, h)
        if isinstance(step, Block):
            if step.reason == IMPASSABLE:
                if not moved and mover.start is None:
                    return Refusal(REFUSED, "impassable", _impassable_rule(rules, step),
                                   {**numbers, **step.data})
                stopped = {**step.data}
                break
            if step.reason == "exit_not_allowed" and not last:
                step = step._replace(reason=OFF_TABLE)
            return _refuse_block(walker, step, last, numbers, moved)
        if not grid.contains(h):
            if not last:  # pragma: no cover - enter() refuses a step from off the table
                return Refusal(REFUSED, OFF_TABLE, _exit_rule(walker), {**numbers,
                                                                        "hex": f.label(h)})
            exit_edges = tuple(grid.exit_edges(h))
        if road_set is not None or (budget.road and mover.start is None):
            if not grid.contains(prev):  # a reinforcement's first hex must be on the road
                road_set = f.road_hexes.get(h)
                if not road_set:
                    return Refusal(ROAD_REFUSED, "off_road", road_rule,
                                   {**numbers, "hex": f.label(h), "path": _labels(f, moved)})
            else:
                assert road_set is not None
                along = road_set & f.road_steps.get((prev, h), frozenset())
                if not along:
                    reason = "off_road" if h not in f.road_hexes else "not_one_road"
                    return Refusal(ROAD_REFUSED, reason, road_rule,
                                   {**numbers, "hex": f.label(h), "path": _labels(f, moved)})
                road_set = along
        cost += step
        moved.append(h)
        if grid.contains(h):
            on_table_hexes += 1
        prev = h
    if budget.road and not moved:
        return Refusal(ROAD_REFUSED, "no_road_move", road_rule, numbers)
    end = moved[-1] if moved else mover.start
    if end is not None and grid.contains(end) and not walker.can_end(end):
        other = f.unit_at(end)
        reason = "stopped_in_occupied" if stopped is not None else "occupied_at_end"
        return Refusal(REFUSED, reason, rules.cite("pass_through.free_hex_at_end"),
                       {**numbers, "hex": f.label(end), "other": other.id if other else None,
                        "path": _labels(f, moved), **({"blocked": stopped} if stopped else {})})
    if budget.max_hexes is not None and on_table_hexes > budget.max_hexes:
        return Refusal(REFUSED, "over_one_hex", rules.cite_table(mover.type or ""),
                       {**numbers, "hexes": on_table_hexes, "cost": cost,
                        "path": _labels(f, moved)})
    minimum = False
    if cost > budget.points:
        if rules.minimum_move and on_table_hexes + (1 if exit_edges else 0) == 1:
            minimum = True
        else:
            return Refusal(REFUSED, "over_allowance", _allowance_rule(walker),
                           {**numbers, "cost": cost, "hexes": on_table_hexes,
                            "path": _labels(f, moved)})
    return Plan(path=tuple(moved), cost=cost, hexes=on_table_hexes, budget=budget, entry=entry,
                exit_edges=exit_edges, stopped=stopped, minimum=minimum,
                road_index=min(road_set) if road_set else None)


def _impassable_rule(rules: Rules, block: Block) -> str:
    if block.hexside is not None:
        hs = rules.hexsides.get(block.hexside)
        return hs.source if hs else rules.cite_chapter()
    t = rules.terrain.get(str(block.terrain))
    return t.source if t else rules.cite_chapter()


def _allowance_rule(walker: Walker) -> str:
    mover = walker.mover
    if mover.is_leader:
        return walker.rules.leader_row_source
    return walker.rules.cite_table(mover.type or "")


def find_path(walker: Walker, budget: Budget, to: Hex) -> Plan | Refusal:
    """The cheapest legal move to ``to`` (see :func:`search` for the tie-break)."""
    mover = walker.mover
    f = walker.field
    rules = walker.rules
    grid = walker.grid
    numbers = {**mover_numbers(mover, rules.rs), **budget_numbers(budget), "to": f.label(to)}
    if mover.start is not None and to == mover.start:
        return Refusal(REFUSED, "empty_move", rules.cite_chapter(), numbers)
    if mover.start is None and not mover.entry_points:
        return Refusal(REFUSED, "no_entry_point", rules.cite_heading("Troupes hors table"),
                       numbers)
    roads: list[int | None] = [None]
    if budget.road:
        road_rule = rules.cite("movement_rules.road_bonus")
        if mover.start is not None:
            start_roads = f.road_hexes.get(mover.start, frozenset())
            if not start_roads:
                return Refusal(ROAD_REFUSED, "start_off_road", road_rule,
                               {**numbers, "hex": f.label(mover.start)})
        else:
            start_roads = frozenset(i for e in mover.entry_points for _, nb in e.neighbours()
                                    for i in f.road_hexes.get(nb, ()))
        end_roads = f.road_hexes.get(to, frozenset())
        if not end_roads:
            return Refusal(ROAD_REFUSED, "end_off_road", road_rule,
                           {**numbers, "hex": f.label(to)})
        roads = [i for i in sorted(start_roads & end_roads)]
        if not roads:
            return Refusal(ROAD_REFUSED, "not_one_road", road_rule,
                           {**numbers, "hex": f.label(to)})
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
        return Plan(path=path_to(best, to), cost=node.cost, hexes=node.hexes, budget=budget,
                    entry=entry_of(best, to) if mover.start is None else None,
                    exit_edges=tuple(grid.exit_edges(to)) if node.exit else (),
                    minimum=node.minimum, chosen=True, road_index=road_index)
    return _why_not(walker, budget, to, roads, numbers)


def _why_not(walker: Walker, budget: Budget, to: Hex, roads: list[int | None],
             numbers: dict[str, Any]) -> Refusal:
    """Explain why no legal move reaches ``to``."""
    f = walker.field
    rules = walker.rules
    grid = walker.grid
    if not grid.contains(to):
        if grid.just_outside(to) and walker.mover.start is not None:
            if not walker.may_exit(to):
                return Refusal(REFUSED, "exit_not_allowed", _exit_rule(walker),
                               {**numbers, "hex": f.label(to), "edges": grid.exit_edges(to),
                                "exits": list(walker.mover.exits)})
        else:
            return Refusal(REFUSED, OFF_TABLE, rules.cite_chapter(),
                           {**numbers, "hex": f.label(to)})
    else:
        key = f.terrain.get(to, f.default_terrain)
        if walker.terrain_cost(key) is None:
            return Refusal(REFUSED, "impassable",
                           _impassable_rule(rules, Block(IMPASSABLE, terrain=key)),
                           {**numbers, "hex": f.label(to), "terrain": key})
        other = f.unit_at(to)
        if other is not None and other.id != walker.mover.id:
            if other.side != walker.mover.side:
                return Refusal(REFUSED, "enemy_at_end",
                               rules.cite("pass_through.never_through_enemy"),
                               {**numbers, "hex": f.label(to), "other": other.id})
            if not walker.mover.is_leader:
                return Refusal(REFUSED, "occupied_at_end",
                               rules.cite("pass_through.free_hex_at_end"),
                               {**numbers, "hex": f.label(to), "other": other.id})
        enemy_leader = f.enemy_leader_at(to, walker.mover.side)
        if enemy_leader is not None:
            return Refusal(REFUSED, "enemy_at_end", rules.cite("pass_through.never_through_enemy"),
                           {**numbers, "hex": f.label(to), "other": enemy_leader.id})
    # reachable at all, ignoring the allowance?
    cheapest: Node | None = None
    best_map: dict[Hex, Node] = {}
    for road_index in roads:
        best = search(walker, budget, road_index=road_index, target=to, bounded=False)
        node = best.get(to)
        if node is not None and (cheapest is None or (node.cost, node.hexes)
                                 < (cheapest.cost, cheapest.hexes)):
            cheapest, best_map = node, best
    if cheapest is None:
        if budget.road:
            return Refusal(ROAD_REFUSED, "no_road_path", rules.cite("movement_rules.road_bonus"),
                           numbers)
        return Refusal(REFUSED, "no_path", rules.cite_chapter(), numbers)
    data = {**numbers, "cost": cheapest.cost, "hexes": cheapest.hexes,
            "path": _labels(f, path_to(best_map, to))}
    if budget.max_hexes is not None and cheapest.hexes > budget.max_hexes:
        return Refusal(REFUSED, "over_one_hex", _allowance_rule(walker), data)
    return Refusal(REFUSED, "over_allowance", _allowance_rule(walker), data)


# ---------------------------------------------------------------------------------------
# "Where can it go?"
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Destination:
    hex: Hex
    cost: int
    path: tuple[Hex, ...]  # hexes entered (start excluded)
    combat: bool  # keeps the right to fight (False: ss cb)
    minimum_move: bool = False
    exit: bool = False  # leaves the table there
    entry: Hex | None = None  # the entry point a reinforcement comes from


@dataclass(frozen=True, slots=True)
class Blocked:
    hex: Hex
    reason: str  # ENEMY, ENEMY_LEADER, IMPASSABLE, STACKING, ALLOWANCE, OFF_TABLE, OFF_ROAD
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reach:
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
    why_not: Refusal | None  # why it cannot move now (destinations are then "if it could")
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
            "unit": self.unit, "side": self.side, "kind": self.kind,
            "type_label": self.type_label, "weight": self.weight, "cell": self.cell,
            "at": lab(self.start), "entry_points": [lab(h) for h in self.entry_points],
            "road": self.road, "mounted": self.mounted, "allowance": self.allowance,
            "combat_allowance": self.combat_allowance, "max_hexes": self.max_hexes,
            "can_move": self.can_move,
            "why_not": None if self.why_not is None else {
                "code": self.why_not.code, "reason": self.why_not.reason,
                "rule": self.why_not.rule, "data": dict(self.why_not.data)},
            "destinations": [
                {"hex": lab(d.hex), "cost": d.cost, "path": [lab(h) for h in d.path],
                 "combat": d.combat, "ss_cb": not d.combat, "minimum_move": d.minimum_move,
                 "exit": d.exit, **({"entry": lab(d.entry)} if d.entry is not None else {})}
                for d in self.destinations],
            "through": [lab(h) for h in self.through],
            "blocked": [{"hex": lab(b.hex), "reason": b.reason, **dict(b.data)}
                        for b in self.blocked],
            "rules": dict(self.rules),
        }
        return out


def _find_mover(state: GameState, rs: Ruleset, unit_id: str) -> Mover:
    index = _state_index(state)
    unit = index.units.get(unit_id)
    if unit is not None:
        side = state.side(unit.side)
        return unit_mover(rs, unit, side.exits, side.entry_points)
    lead = index.leaders.get(unit_id)
    if lead is not None:
        at = lead.at
        if lead.attached_to is not None and lead.attached_to in index.units:
            at = index.units[lead.attached_to].at
        return leader_mover(rs, lead, at, state.side(lead.side).exits)
    raise KeyError(unit_id)


def may_move_now(state: GameState, rs: Ruleset, mover: Mover) -> Refusal | None:
    """Why the mover may not move in this movement phase (None: it may)."""
    rules = rules_for(rs)
    numbers = mover_numbers(mover, rs)
    if mover.side != state.player:
        return Refusal(REFUSED, "not_own_unit", rules.cite_chapter(),
                       {**numbers, "player": state.player, "side": mover.side})
    if state.phase not in ("activation", "movement"):
        return Refusal(REFUSED, "wrong_phase", rules.cite_chapter(),
                       {**numbers, "phase": state.phase})
    activations = state.side(mover.side).activations
    index = _state_index(state)
    if mover.is_leader:
        leader = index.leaders[mover.id]
        if not leader.on_table or mover.start is None:
            return Refusal(REFUSED, "leader_unavailable", rules.cite_chapter(),
                           {**numbers, "status": sorted(leader.status)})
        if not any(a.leader == mover.id or mover.id in a.units for a in activations):
            return Refusal(REFUSED, "leader_not_activated",
                           rules.cite("activation.isolated_any_distance"), numbers)
        return None
    unit = index.units[mover.id]
    if "moved" in unit.status:
        return Refusal(REFUSED, "already_moved", rules.cite_chapter(), numbers)
    if "pre_played" in unit.status and rules.pre_played_cannot_move:
        return Refusal(REFUSED, "pre_played", rules.cite("movement_rules.pre_played_cannot_move"),
                       numbers)
    if "activated" not in unit.status:
        return Refusal(REFUSED, "not_activated", rules.cite_chapter(), numbers)
    return None


def reachable(state: GameState, rs: Ruleset, unit_id: str, road: bool = False,
              mounted: bool = False) -> Reach:
    """Every hex a unit (or a leader alone) can reach this movement phase.

    Each destination comes with its cost, its cheapest path and whether the unit
    keeps the right to fight there (else ``ss cb``); each neighbouring hex it
    cannot enter comes with why. When the unit may not move now (not activated,
    already moved, pré-joué, not its player-turn), ``can_move`` is False,
    ``why_not`` says why, and the destinations are those it would have if it
    could (a static unit, or a bonus it may not take, has none).
    Raises KeyError for an unknown id.
    """
    rules = rules_for(rs)
    mover = _find_mover(state, rs, unit_id)
    f = Field.from_state(state)
    walker = Walker(f, rules, mover)
    why_not = may_move_now(state, rs, mover)
    topics = {"allowance": rules.leader_row_source if mover.is_leader
              else rules.cite_table(mover.type or ""),
              "pass_through": rules.cite("pass_through.never_through_enemy"),
              "terrain_no_zone_of_control": rules.cite_terrain_bullets()}
    if road:
        topics["road"] = rules.cite("movement_rules.road_bonus")
    if mounted:
        topics["mounted"] = rules.cite("movement_rules.mounted_bonus")
    if rules.minimum_move:
        topics["minimum_move"] = rules.cite("movement_rules.minimum_move")
    budget = budget_for(mover, rules, road=road, mounted=mounted)
    common: dict[str, Any] = {
        "unit": mover.id, "side": mover.side, "kind": "leader" if mover.is_leader else "unit",
        "type_label": mover.type_label, "weight": mover.weight,
              "cell": mover.cell.notation, "start": mover.start,
              "entry_points": mover.entry_points, "road": road, "mounted": mounted,
              "rules": topics, "width": f.width}
    if isinstance(budget, Refusal):
        return Reach(allowance=0, combat_allowance=0, max_hexes=0, destinations=(),
                     through=(), blocked=(), can_move=False, why_not=why_not or budget,
                     **common)
    if road and mover.start is not None and not f.road_hexes.get(mover.start):
        refusal = Refusal(ROAD_REFUSED, "start_off_road", rules.cite("movement_rules.road_bonus"),
                          {"hex": f.label(mover.start)})
        return Reach(allowance=budget.points, combat_allowance=budget.combat,
                     max_hexes=budget.max_hexes, destinations=(), through=(), blocked=(),
                     can_move=False, why_not=why_not or refusal, **common)
    road_indices: list[int | None] = [None]
    if road:
        if mover.start is not None:
            found = f.road_hexes.get(mover.start, frozenset())
        else:
            found = frozenset(i for e in mover.entry_points for _, nb in e.neighbours()
                              for i in f.road_hexes.get(nb, ()))
        road_indices = [i for i in sorted(found)]
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
            destinations.append(Destination(
                hex=h, cost=node.cost, path=path_to(best, h),
                combat=budget.keeps_combat(node.cost, node.minimum), minimum_move=node.minimum,
                exit=node.exit, entry=entry_of(best, h) if mover.start is None else None))
        else:
            through.append(h)
    width = f.width
    destinations.sort(key=lambda d: (d.cost, len(d.path), d.exit, d.hex.label(width)))
    through.sort(key=lambda h: h.label(width))
    blocked = _blocked_neighbours(walker, budget, nodes, road_indices)
    return Reach(allowance=budget.points, combat_allowance=budget.combat,
                 max_hexes=budget.max_hexes, destinations=tuple(destinations),
                 through=tuple(through), blocked=tuple(blocked), can_move=why_not is None,
                 why_not=why_not, **common)


def _blocked_neighbours(walker: Walker, budget: Budget,
                        nodes: Mapping[Hex, tuple[Node, dict[Hex, Node]]],
                        road_indices: list[int | None]) -> list[Blocked]:
    f = walker.field
    grid = walker.grid
    mover = walker.mover
    out: list[Blocked] = []
    seen: set[Hex] = set()
    for source in _sources(mover):
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
                reason = {FRIEND: STACKING, "exit_not_allowed": OFF_TABLE}.get(step.reason,
                                                                             step.reason)
                data = {k: v for k, v in step.data.items() if k != "hex"}
                if step.reason == FRIEND:
                    data["can_pass_through"] = False
                out.append(Blocked(nb, reason, data))
                continue
            other = f.unit_at(nb)
            if other is not None and other.id != mover.id:
                out.append(Blocked(nb, STACKING, {"other": other.id, "can_pass_through": True}))
                continue
            if budget.road and grid.contains(source) and not any(
                    i in f.road_steps.get((source, nb), ()) for i in road_indices):
                out.append(Blocked(nb, OFF_ROAD, {}))
                continue
            out.append(Blocked(nb, ALLOWANCE, {"cost": step, "allowance": budget.points}))
    out.sort(key=lambda b: b.hex.label(f.width))
    return out

"""One step of a move: the mover and its allowance (:class:`Budget`), what a step costs
and whether it is legal (:class:`Walker`), and why a hex cannot be entered
(:class:`Block`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from msgspec import Struct

from referee.core.events import Refusal
from referee.core.hexgrid import Grid, Hex
from referee.core.model import Leader, Unit, Weight
from referee.core.reach.field import Field
from referee.core.reach.rules import Rules
from referee.core.ruleset import Allowance

_new_hex = tuple.__new__  # Hex(q, r) without NamedTuple's Python-level __new__

# Event codes of refusals decided by the movement code (the movement phase emits them).
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
EXIT_NOT_ALLOWED = "exit_not_allowed"  # (Walker.enter) off the table by an edge not allowed

EXIT_COST = 1  # stepping off the table costs as open ground (interpretation)


# ---------------------------------------------------------------------------------------
# The mover and its allowance
# ---------------------------------------------------------------------------------------
class Mover(Struct, frozen=True):
    """A unit, or a leader moving alone."""

    id: str
    side: str
    is_leader: bool
    weight: Weight
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
    # a reinforcement: the leader accompanying it, and its side's entry points out of his
    # reach (referee.core.offtable.escort)
    escort: str | None = None
    other_entries: tuple[Hex, ...] = ()


def unit_mover(
    rules: Rules,
    unit: Unit,
    exits: tuple[str, ...] = (),
    entry_points: tuple[Hex, ...] = (),
    escort: str | None = None,
    other_entries: tuple[Hex, ...] = (),
) -> Mover:
    rs = rules.rs
    kind = rules.unit_kinds.get((unit.type, unit.weight))
    if kind is None:
        kind = rules.unit_kinds[(unit.type, unit.weight)] = (
            rs.allowance(unit.type, unit.weight),
            rules.categories.get(unit.type) or rs.category(unit.type),
            rules.type_labels.get(unit.type, unit.type),
        )
    cell, category, type_label = kind
    return Mover(
        id=unit.id,
        side=unit.side,
        is_leader=False,
        weight=unit.weight,
        cell=cell,
        category=category,
        type=unit.type,
        type_label=type_label,
        detachment_of=unit.detachment_of,
        traits=unit.traits,
        start=unit.at,
        entry_points=entry_points if unit.at is None else (),
        exits=exits,
        escort=escort,
        other_entries=other_entries if unit.at is None else (),
    )


def leader_mover(
    rules: Rules,
    leader: Leader,
    at: Hex | None,
    exits: tuple[str, ...] = (),
    grid: Grid | None = None,
) -> Mover:
    """A leader moving alone from ``at``. A leader waiting off the table at an entry
    point (``at`` outside ``grid``) enters from it like a reinforcement: his first hex
    is the first on the table (000 / 003 / 004 §Troupes hors table)."""
    rs = rules.rs
    outside = at is not None and grid is not None and not grid.contains(at)
    cell = rs.leader_allowance(leader.weight)
    if leader.has_status("fleeing"):
        n = cell.fleeing if cell.fleeing is not None else cell.max
        cell = Allowance(text=cell.text, exists=True, combat=n, max=n, fleeing=cell.fleeing)
    return Mover(
        id=leader.id,
        side=leader.side,
        is_leader=True,
        weight=leader.weight,
        cell=cell,
        type_label=rules.leader_row_label,
        ignores_difficult=rules.leader_ignores_difficult and not leader.vehicle,
        start=None if outside else at,
        entry_points=(at,) if outside and at else (),
        exits=exits,
    )


def mover_numbers(mover: Mover, rules: Rules) -> dict[str, Any]:
    """The numbers every movement event of this mover carries."""
    label = rules.weight_labels.get(mover.weight, mover.weight)
    if mover.is_leader:
        return {
            "cell": mover.cell.notation,
            "type_label": mover.type_label,
            "kind": "leader",
            "weight": mover.weight,
            "weight_label": label,
        }
    return {
        "cell": mover.cell.notation,
        "type_label": mover.type_label,
        "kind": "unit",
        "type": mover.type,
        "weight": mover.weight,
        "weight_label": label,
    }


class Budget(Struct, frozen=True):
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


def allowance_rule(rules: Rules, mover: Mover) -> str:
    """Where the mover's allowance is printed: its table row, or the leader row."""
    return rules.leader_row_source if mover.is_leader else rules.cite_table(mover.type or "")


def budget_for(
    mover: Mover, rules: Rules, road: bool = False, mounted: bool = False
) -> Budget | Refusal:
    """The allowance of a mover for this move, or why it may not move (or not so)."""
    rs = rules.rs
    cell = mover.cell
    if (
        cell.exists
        and not (cell.static or cell.max <= 0)
        and not mounted
        and not (road and cell.at_most_one)
    ):
        return _budget(mover, rules, cell, road, mounted)  # the usual case: no refusal
    nums = mover_numbers(mover, rules)
    rule = allowance_rule(rules, mover)
    if not cell.exists:
        return Refusal(REFUSED, "no_such_type", rule, nums)
    if cell.static or cell.max <= 0:
        return Refusal(REFUSED, "static", rule, nums)
    if mounted:
        mrule = rs.movement_rules.mounted_bonus.source
        if (
            mover.is_leader
            or mover.category not in rules.mounted_categories
            or "mounted_infantry" not in mover.traits
        ):
            return Refusal(
                MOUNTED_REFUSED,
                "not_mounted_infantry",
                mrule,
                {**nums, "categories": sorted(rules.mounted_categories)},
            )
        if cell.at_most_one:
            return Refusal(MOUNTED_REFUSED, "at_most_one", rule, nums)
        if road and not rules.mounted_cumulative:
            return Refusal(
                MOUNTED_REFUSED,
                "not_cumulative",
                rs.movement_rules.mounted_cumulative_with_road.source,
                nums,
            )
    if road and cell.at_most_one:
        return Refusal(ROAD_REFUSED, "at_most_one", rule, nums)
    return _budget(mover, rules, cell, road, mounted)


def _budget(mover: Mover, rules: Rules, cell: Allowance, road: bool, mounted: bool) -> Budget:
    road_bonus = rules.road_bonus if road else 0
    mounted_bonus = rules.mounted_bonus if mounted else 0
    return Budget(
        cell=cell,
        points=cell.max + road_bonus + mounted_bonus,
        combat=cell.combat if not mover.is_leader else cell.max,
        max_hexes=1 if cell.at_most_one else None,
        road_bonus=road_bonus,
        mounted_bonus=mounted_bonus,
        road=road,
        mounted=mounted,
        no_combat_anyway=(road and rules.road_no_combat) or (mounted and rules.mounted_no_combat),
    )


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


# ---------------------------------------------------------------------------------------
# One step
# ---------------------------------------------------------------------------------------
class Block(NamedTuple):
    """Why a hex cannot be entered from the previous one. A tuple, cheap to build: the
    search meets many; ``data`` (labels and all) is built only for a report."""

    reason: str  # ENEMY | ENEMY_LEADER | IMPASSABLE | FRIEND | OFF_TABLE | EXIT_NOT_ALLOWED
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
        if self.reason == EXIT_NOT_ALLOWED:
            out["edges"] = list(self.edges)
            out["exits"] = list(self.exits)
        return out


class Walker:
    """Steps of one mover over one field: cost of each step, crossing, ending, exits."""

    def __init__(self, field_: Field, rules: Rules, mover: Mover) -> None:
        self.field = field_
        self.rules = rules
        self.mover = mover
        self.grid: Grid = field_.grid
        self._terrain_cost: dict[str, int | None] = {}
        self.known_costs: Mapping[str, int | None] = self._terrain_cost  # read-only view

    # -- exits ------------------------------------------------------------------------
    def may_exit(self, h: Hex) -> bool:
        """May this mover leave the table through the off-table hex ``h``?"""
        if not self.grid.just_outside(h):
            return False
        if self.mover.start is None:  # a reinforcement does not leave as it enters
            return False
        if self.mover.is_leader and self.rules.leader_may_leave_table:
            return True
        return any(edge in self.mover.exits for edge in self.grid.exit_edges(h))

    def exit_rule(self) -> str:
        """The rule that allows or forbids this mover to leave the table."""
        if self.mover.is_leader:
            return self.rules.rs.movement_rules.leader_may_leave_table.source
        return self.rules.cite_off_table()

    # -- crossing and ending ----------------------------------------------------------
    def can_cross(self, other: Unit) -> bool:
        """May the mover pass through this friendly unit (and go on)?"""
        rules = self.rules
        mover = self.mover
        if mover.is_leader:
            return rules.leader_through_friends
        if mover.weight in rules.through_weights or other.weight in rules.through_weights:
            return True
        if rules.detachment_and_parent and (
            mover.detachment_of == other.id or other.detachment_of == mover.id
        ):
            return True
        return (
            bool(rules.artillery_crossable_by)
            and mover.category in rules.artillery_crossable_by
            and rules.rs.category(other.type) == "artillery"
        )

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
        """The pass-through rule(s) that allow, or forbid, crossing ``other``."""
        rules = self.rules
        pt = rules.rs.pass_through
        mover = self.mover
        if mover.is_leader:
            return pt.isolated_leader_through_friends.source
        weights = mover.weight in rules.through_weights or other.weight in rules.through_weights
        pair = mover.detachment_of == other.id or other.detachment_of == mover.id
        artillery = rules.rs.category(other.type) == "artillery"
        if weights:
            return pt.through_friendly_weights.source
        if pair and rules.detachment_and_parent:
            return pt.detachment_and_parent.source
        if artillery and mover.category in rules.artillery_crossable_by:
            return pt.artillery_crossable_by.source
        # refused: the general rule, and the exceptions that did not apply
        parts = [pt.through_friendly_weights.source]
        if pair:
            parts.append(pt.detachment_and_parent.source)
        if artillery and rules.artillery_crossable_by:
            parts.append(pt.artillery_crossable_by.source)
        return "; ".join(unique(parts))

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
                return Block(
                    EXIT_NOT_ALLOWED,
                    b,
                    f.width,
                    edges=tuple(grid.exit_edges(b)),
                    exits=self.mover.exits,
                )
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


def unique(parts: list[str]) -> list[str]:
    """The citations in order, each once, empty ones dropped."""
    seen: list[str] = []
    for p in parts:
        if p and p not in seen:
            seen.append(p)
    return seen


def path_rules(walker: Walker, start: Hex | None, path: tuple[Hex, ...] | list[Hex]) -> list[str]:
    """The rules that priced a path: a road step (``roads.cost_along_road``), a terrain or
    hexside feature that changed what a step costs (the chapter's terrain paragraph and
    the terrain's own source), a leader alone meeting difficult ground, and the absence
    of zones of control when the path runs along an enemy unit."""
    rules = walker.rules
    rs = rules.rs
    f = walker.field
    mover = walker.mover
    cite = rs.movement_rules.cite
    columns = f.columns
    rows = f.rows
    road_steps = f.road_steps
    terrain = f.terrain
    default_terrain = f.default_terrain
    hexsides = f.hexsides
    occupied = f.occupied
    unit_at = f.unit_at
    mover_side = mover.side
    # what entering a terrain cites, for this mover: the same for every step into it
    by_terrain = rules.terrain_parts.get((mover.category, mover.ignores_difficult, mover.is_leader))
    if by_terrain is None:
        by_terrain = rules.terrain_parts[
            (mover.category, mover.ignores_difficult, mover.is_leader)
        ] = {}
    out: list[str] = []
    prev = start
    prev_on_table = False
    if prev is not None:
        pq, pr = prev
        py = pr + (pq - (pq & 1)) // 2
        prev_on_table = 0 <= pq < columns and 0 <= py < rows
    along_enemy = False
    for h in path:
        q, r = h
        y = r + (q - (q & 1)) // 2
        if not (0 <= q < columns and 0 <= y < rows):  # Field.on_table
            break
        if prev_on_table and (prev, h) in road_steps:
            out.append(rs.roads.cost_along_road.source)
        else:
            key = terrain.get(h, default_terrain)
            parts = by_terrain.get(key)
            if parts is None:
                t = rules.terrain[key]
                found: list[str] = []
                if walker.terrain_cost(key) != rules.open_cost:
                    found += [cite.terrain, t.source]
                if t.difficult and mover.is_leader:
                    found += [rs.movement_rules.leader_ignores_difficult.source, t.source]
                parts = by_terrain[key] = tuple(found)
            out += parts
            kind = (
                hexsides.get((prev, h)) if prev_on_table and prev is not None and hexsides else None
            )
            if kind is not None:
                hs = rules.hexsides[kind]
                if hs.cost:
                    out += [cite.terrain, hs.source]
                if hs.difficult and mover.is_leader:
                    out += [rs.movement_rules.leader_ignores_difficult.source, hs.source]
        if not along_enemy:
            if occupied is not None:  # the occupied hexes around, without building Hexes
                for nb in (
                    (q, r - 1),
                    (q + 1, r - 1),
                    (q + 1, r),
                    (q, r + 1),
                    (q - 1, r + 1),
                    (q - 1, r),
                ):
                    if nb in occupied:
                        other = unit_at(_new_hex(Hex, nb))
                        if other is not None and other.side != mover_side:
                            along_enemy = True
                            break
            else:
                for nbh in f.neighbours(h):
                    other = unit_at(nbh)
                    if other is not None and other.side != mover_side:
                        along_enemy = True
                        break
        prev = h
        prev_on_table = True
    if along_enemy:
        out.append(cite.no_zone_of_control)
    return unique(out)

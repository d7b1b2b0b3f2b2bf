"""Movement parameters: what a move reads from the ruleset, with the citations of the
movement rules, and the terrain costs remembered as moves meet them.

Every number and every citation comes from the typed ruleset
(``rs.movement_rules``, ``rs.pass_through``, ``rs.terrain``, ``rs.hexsides``,
``rs.roads``); this module only gives them the names the movement code uses and caches
the cost of each terrain per category. A ``Rules`` is built once per phase or
query (the movement phase, the orders skeleton, ``referee moves``) and handed down
to every move of it: its memos live and die with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.model import WEIGHTS
from referee.core.ruleset import Allowance, Hexside, Ruleset, Terrain


class Rules:
    """The movement values of one ruleset, with the memos of one phase or query."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        mr = rs.movement_rules
        pt = rs.pass_through
        self.road_bonus = mr.road_bonus.value
        self.road_no_combat = mr.road_march_no_combat.value
        self.mounted_bonus = mr.mounted_bonus.value
        self.mounted_no_combat = mr.mounted_no_combat.value
        self.mounted_cumulative = mr.mounted_cumulative_with_road.value
        self.mounted_categories = mr.mounted_infantry_categories.value
        self.minimum_move = mr.minimum_move.value
        self.leader_ignores_difficult = mr.leader_ignores_difficult.value
        self.leader_may_leave_table = mr.leader_may_leave_table.value
        self.wagon_defensive = mr.wagon_defensive_position.value
        self.pre_played_cannot_move = mr.pre_played_cannot_move.value
        self.leader_through_friends = pt.isolated_leader_through_friends.value
        self.through_weights = pt.through_friendly_weights.value
        self.detachment_and_parent = pt.detachment_and_parent.value
        self.artillery_crossable_by = pt.artillery_crossable_by.value
        self.never_through_enemy = pt.never_through_enemy.value
        self.cost_along_road = rs.roads.cost_along_road.value
        self.terrain: Mapping[str, Terrain] = rs.terrain
        self.hexsides: Mapping[str, Hexside] = rs.hexsides
        self.open_cost = rs.open_cost
        self.leader_row_source = rs.movement.leader_row.source
        self.leader_row_label = rs.movement.leader_row.label
        self.weight_labels = {w: rs.weight_label(w) for w in WEIGHTS}
        self.type_labels = {t: rs.type_label(t) for t in rs.unit_types}
        self.categories = {t: rs.category(t) for t in rs.unit_types}
        self._cost_cache: dict[tuple[str, str | None, bool], int | None] = {}
        self._row_sources: dict[str, str] = {}
        # reach.step.path_rules: what entering each terrain cites, by (category, ignores
        # difficult ground, is a leader), filled as paths meet the terrains
        # reach.step.unit_mover: (cell, category, type label) by (type, weight)
        self.unit_kinds: dict[tuple[str, str], tuple[Allowance, str, str]] = {}
        self.terrain_parts: dict[tuple[str | None, bool, bool], dict[str, tuple[str, ...]]] = {}

    # -- citations (all from the ruleset data) ------------------------------------------
    def cite_chapter(self) -> str:
        """The chapter's opening paragraphs (activated units move, one at a time)."""
        return self.rs.movement_rules.cite.chapter

    def cite_off_table(self) -> str:
        """Reinforcements entering, units leaving the table."""
        return self.rs.movement_rules.cite.off_table

    def cite_table(self, unit_type: str) -> str:
        try:
            return self._row_sources[unit_type]
        except KeyError:
            source = self._row_sources[unit_type] = self.rs.row_source(unit_type)
            return source

    def cite_precisions(self) -> str:
        """Where the chapter speaks of crossing units (004: its opening paragraph)."""
        return self.rs.pass_through.never_through_enemy.source

    def cite_terrain_bullets(self) -> str:
        """Where the chapter speaks of terrain and zones of control (004: after its table)."""
        return self.rs.movement_rules.leader_ignores_difficult.source

    def cite_impassable(self, terrain: str | None, hexside: str | None) -> str:
        """The source of the impassable terrain or hexside feature that stops a move."""
        if hexside is not None:
            hs = self.hexsides.get(hexside)
            return hs.source if hs is not None else self.cite_chapter()
        t = self.terrain.get(str(terrain))
        return t.source if t is not None else self.cite_chapter()

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
            cost = t.cost_by_category.get(category, t.cost) if category is not None else t.cost
        self._cost_cache[cache_key] = cost
        return cost

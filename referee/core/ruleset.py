"""A rule system as data: the typed form of ``rulesets/<name>.yaml``.

A ruleset document (after ``referee.io.rulesets`` has merged its ``extends:`` parts and
the game's house rules) is checked against ``referee.core.ruleset_spec.RULESET`` (every
problem at once, located, "did you mean"), then parsed **once** into frozen, typed
sections. The engine reads those records, never a string path:

    rs.movement_rules.road_bonus.value      # 1
    rs.movement_rules.road_bonus.source     # "000 §Mouvement sur route"
    rs.combat.cite.riposte                  # where the riposte is written
    rs.terrain["wood"].cost                 # 2

Every parameter is a :class:`Param` (value, source), so every citation the engine prints
comes from the ruleset data. The defaults of the format's optional keys live in the spec
(``ruleset_spec``); the movement-table cells are parsed from the rules' own notation here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from referee.core.errors import BadText, InvalidInput, coded
from referee.core.model import WEIGHTS, Factors, Problem
from referee.core.records import NamedTuple
from referee.core.spec import check, unknown

if TYPE_CHECKING:
    from referee.core import ruleset_spec as spec_
else:

    class _Spec:
        """``referee.core.ruleset_spec``, imported when a ruleset is first built from its
        files (5 ms): a ruleset read from the cache (``referee.io.rulesets``) needs no
        spec."""

        def __getattr__(self, name: str) -> Any:
            from referee.core import ruleset_spec

            return getattr(ruleset_spec, name)

    spec_ = _Spec()

T = TypeVar("T")

# a pattern as a string: compiled (and cached by re) when a ruleset is built, not at
# every start (0.3 ms; a cached ruleset parses no cell)
_CELL = (
    r"^(?P<a>\d{1,3})(?:/(?P<b>\d{1,3}))?"
    r"(?P<fuite>\s+fuite)?"
    r"(?P<sscb>\s+(?:ss\s*cb|sans\s+combat|sans\s+comb))?"
    r"(?P<statique>\s*\(statique\))?"
    r"(?P<one>\s*\(\*\))?"
    r"(?P<dice>\s*\(\*\*\))?\s*$"
)


class Allowance(NamedTuple):
    """One cell of a movement table.

    ``combat``: hexes the unit may move and still fight; ``max``: hexes it may move
    at all (beyond ``combat`` it is *sans combat*). ``fleeing``: a leader's
    allowance when fleeing (``3/2 fuite``).
    """

    text: str
    exists: bool
    combat: int = 0
    max: int = 0
    static: bool = False
    at_most_one: bool = False  # (*) never more than 1 hex in any circumstance
    die_per_hex: bool = False  # (**) loses one combat die per hex moved
    fleeing: int | None = None

    @property
    def notation(self) -> str:
        return self.text if self.text else "—"


NO_CELL = Allowance(text="", exists=False)
MAX_HEXES_MOVED = 99  # a cell's hexes (docs/formats.md §Limits; 4 at most in the rules)


def parse_cell(text: str) -> Allowance:
    """Parse a cell as printed in the rules: ``2/3 ss cb``, ``1 (**)``, ``XXXX``,
    ``0 (statique)``, ``3/2 fuite``. Raises ValueError on anything else."""
    raw = str(text).strip()
    if raw in ("", "XXXX"):
        return Allowance(text=raw, exists=False)
    m = re.match(_CELL, raw, re.IGNORECASE)
    if m is None:
        raise BadText("ruleset.bad_cell", f"cannot read movement cell {raw!r}", cell=raw)
    a = int(m["a"])
    b = int(m["b"]) if m["b"] else None
    if max(a, b or 0) > MAX_HEXES_MOVED:
        raise BadText(
            "ruleset.cell_too_big",
            f"cannot read movement cell {raw!r}: at most {MAX_HEXES_MOVED} hexes",
            cell=raw,
            limit=MAX_HEXES_MOVED,
        )
    if m["fuite"]:
        return Allowance(text=raw, exists=True, combat=a, max=a, fleeing=b)
    static = bool(m["statique"]) or (a == 0 and b is None)
    if m["sscb"]:
        combat, maximum = (a, b) if b is not None else (0, a)
    else:
        combat = maximum = a if b is None else b
        if b is not None:  # "N/M" without "ss cb" is not a notation of the rules
            raise BadText(
                "ruleset.cell_needs_sscb",
                f"cannot read movement cell {raw!r}: N/M needs 'ss cb'",
                cell=raw,
            )
    return Allowance(
        text=raw,
        exists=True,
        combat=combat,
        max=maximum,
        static=static,
        at_most_one=bool(m["one"]),
        die_per_hex=bool(m["dice"]),
    )


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Mappings merge key by key; anything else in ``override`` replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value)
        elif (
            isinstance(value, str) and isinstance(out.get(key), Mapping) and "readings" in out[key]
        ):
            # house rules pick a reading of an interpretation by its id
            # (`interpretations: {contact_melee: next_game_turn}`): the entry stays whole
            out[key] = {**out[key], "reading": value}
        else:
            out[key] = value
    return out


# ---------------------------------------------------------------------------- the record
# The records are typed NamedTuples: frozen and typed like frozen dataclasses, and six
# times cheaper to define (start-up time: every command loads a ruleset); the
# NamedTuple of referee.core.records, which does not compile their annotations.
class Param(NamedTuple, Generic[T]):
    """One rule parameter: its value and where the value comes from."""

    value: T
    source: str
    note: str = ""


class UnitType(NamedTuple):
    key: str
    label: str
    category: str
    hit_by: str
    mounted: bool
    source: str
    movement_override: str | None = None


class Column(NamedTuple):
    weight: str
    label: str


class TableRow(NamedTuple):
    type: str
    label: str
    cells: tuple[str, ...]
    source: str


class MovementTable(NamedTuple):
    title: str
    source: str
    columns: tuple[Column, ...]
    rows: tuple[TableRow, ...]


class LeaderRow(NamedTuple):
    label: str
    cells: Mapping[str, Allowance]  # by weight, in printed order
    note: str
    source: str


class Movement(NamedTuple):
    tables: tuple[MovementTable, ...]
    leader_row: LeaderRow
    notes: Mapping[str, str]


class MovementCites(NamedTuple):
    chapter: str
    off_table: str
    terrain: str
    no_zone_of_control: str
    impassable_stops: str
    cheapest_path: str
    facing: str
    attached_leaders: str


class MovementRules(NamedTuple):
    road_bonus: Param[int]
    road_march_no_combat: Param[bool]
    mounted_bonus: Param[int]
    mounted_no_combat: Param[bool]
    mounted_cumulative_with_road: Param[bool]
    mounted_infantry_categories: Param[frozenset[str]]
    minimum_move: Param[bool]
    leader_ignores_difficult: Param[bool]
    leader_may_leave_table: Param[bool]
    may_stay_off_table: Param[frozenset[str]]
    wagon_defensive_position: Param[bool]
    pre_played_cannot_move: Param[bool]
    cite: MovementCites


class PassThrough(NamedTuple):
    isolated_leader_through_friends: Param[bool]
    through_friendly_weights: Param[frozenset[str]]
    detachment_and_parent: Param[bool]
    artillery_crossable_by: Param[frozenset[str]]
    never_through_enemy: Param[bool]
    free_hex_at_end: Param[bool]


class Terrain(NamedTuple):
    key: str
    label: str
    cost: int
    difficult: bool
    impassable: bool
    combat_penalty: frozenset[str]
    cost_by_category: Mapping[str, int]
    source: str


class Hexside(NamedTuple):
    key: str
    label: str
    cost: int
    difficult: bool
    impassable: bool
    source: str


class Roads(NamedTuple):
    cost_along_road: Param[int]


class Rank(NamedTuple):
    key: str
    label: str
    command_range: int
    source: str


class Leaders(NamedTuple):
    ranks: Mapping[str, Rank]


class Band(NamedTuple):
    max_army_units: int | None
    activations: int
    max_units: int
    source: str


class ActivationCites(NamedTuple):
    leader_alone: str


class Activation(NamedTuple):
    bands: tuple[Band, ...]  # the last one has no upper bound (checked)
    isolated_any_distance: Param[bool]
    once_per_player_turn: Param[bool]
    cite: ActivationCites

    def band(self, army_units: int) -> Band:
        """The first band whose ``max_army_units`` holds an army of this size."""
        for band in self.bands:
            if band.max_army_units is None or army_units <= band.max_army_units:
                return band
        return self.bands[-1]  # pragma: no cover - the last band has no bound (checked)


class DieFace(NamedTuple):
    symbol: str
    label: str


class CombatCites(NamedTuple):
    combat: str
    dice: str
    riposte: str
    order_letter: str
    activated_only: str
    once_per_phase: str
    shooting: str
    melee: str
    one_against_one: str
    reaction: str


class Combat(NamedTuple):
    die_faces: Mapping[int, DieFace]
    die_faces_source: str
    hit_removes_cohesion: Param[int]
    retreat_hexes_per_flag: Param[int]
    blocked_retreat_hex_is_loss: Param[int]
    disorder_causes: Param[frozenset[str]]
    tactical_advantage: Param[str]
    support: Param[str]
    support_min_friends: Param[int]
    evasion_distance: Param[int]
    evasion_weights: Param[frozenset[str]]
    terrain_dice_penalty: Param[int]
    moved_dice_loss_per_hex: Param[int]
    minimum_dice: Param[int]
    first_round_abilities: Param[tuple[str, ...]]
    first_round_bonus_dice: Param[int]
    behind_palisade_dice_penalty: Param[int]
    palisade_hexsides: Param[frozenset[str]]
    multiple_attack_loss: Param[int]
    multiple_attack_from: Param[int]
    cite: CombatCites


class RoutCites(NamedTuple):
    rout: str
    fury: str


class Rout(NamedTuple):
    ud_in_hexes: Param[int]
    no_rout_move_categories: Param[frozenset[str]]
    light_infantry_affects_only_light_infantry: Param[bool]
    general_killed_on: Param[tuple[int, ...]]
    general_flee_range: Param[int]
    elephant_fury_directions: Param[Mapping[int, str]]
    elephant_fury_length: Param[int]
    elephant_fury_spares: Param[frozenset[str]]
    cite: RoutCites


class CategoryWeights(NamedTuple):
    category: str
    weights: frozenset[str]


class PursuitCites(NamedTuple):
    pursuit: str


class Pursuit(NamedTuple):
    distance: Param[int]
    eliminating_pursuers: Param[tuple[CategoryWeights, ...]]
    light_infantry: Param[tuple[CategoryWeights, ...]]
    no_forced_pursuit_after_destroying: Param[frozenset[str]]
    fortification_terrains: Param[frozenset[str]]
    river_bank_hexsides: Param[frozenset[str]]
    camp_defence_dice: Param[int]
    camp_hits_to_take: Param[int]
    camp_hit_by: Param[str]
    cite: PursuitCites


class ArmyBreakCites(NamedTuple):
    army_break: str


class ArmyBreak(NamedTuple):
    loss_disordered: Param[int]
    loss_left_table: Param[int]
    loss_eliminated: Param[int]
    loss_general_base: Param[int]
    loss_camp_taken: Param[int]
    breaks_when_losses_reach_cohesion: Param[bool]
    cite: ArmyBreakCites


class Reading(NamedTuple):
    """One reading of an ambiguous sentence; ``source`` is how a report cites it."""

    key: str
    text: str
    source: str


class Interpretation(NamedTuple):
    """A sentence of the texts that reads two ways (``interpretations:``): every
    reading, the default and why, and the reading this ruleset applies (``reading``:
    the default unless house rules pick another)."""

    id: str
    source: str
    sentence: str
    readings: Mapping[str, Reading]
    default: str
    why: str
    reading: str
    applied_by: str

    @property
    def cite(self) -> str:
        """The citation of the reading applied, for the report."""
        return self.readings[self.reading].source

    def reads(self, key: str) -> bool:
        """Is ``key`` the reading applied?"""
        return self.reading == key


def reading_source(ident: str, key: str, source: str) -> str:
    """How a report cites reading ``key`` of interpretation ``ident`` of ``source``:
    ``001 §Poursuite [contact_melee = next_player_turn]``: the sentence's heading, and
    the reading applied in brackets."""
    return f"{source} [{ident} = {key}]"


class Preset(NamedTuple):
    """A unit's numbers for one type and weight (``presets:``, used by ``referee new``)."""

    cohesion: int
    factors: Factors
    traits: frozenset[str]
    reaction: str | None
    source: str


# ----------------------------------------------------------------------------- parsing
def _param(raw: Mapping[str, Any], convert: Any = None) -> Param[Any]:
    value = raw["value"]
    return Param(
        convert(value) if convert is not None else value,
        str(raw["source"]),
        str(raw.get("note") or ""),
    )


def _cites(cls: Any, raw: Mapping[str, Any]) -> Any:
    return cls(**{k: str(v) for k, v in raw.items()})


def _cw(entries: Any) -> tuple[CategoryWeights, ...]:
    return tuple(CategoryWeights(str(e["category"]), frozenset(e["weights"])) for e in entries)


def _params(raw: Mapping[str, Any], converts: Mapping[str, Any]) -> dict[str, Param[Any]]:
    """Every {value, source} key of a section (``cite`` and friends are not params)."""
    out: dict[str, Param[Any]] = {}
    for key, leaf in raw.items():
        if isinstance(leaf, Mapping) and "value" in leaf:
            out[key] = _param(leaf, converts.get(key))
    return out


_MOVEMENT_RULES = {"mounted_infantry_categories": frozenset, "may_stay_off_table": frozenset}
_PASS_THROUGH = {"through_friendly_weights": frozenset, "artillery_crossable_by": frozenset}
_COMBAT = {
    "disorder_causes": frozenset,
    "evasion_weights": frozenset,
    "first_round_abilities": tuple,
    "palisade_hexsides": frozenset,
}
_ROUT = {
    "no_rout_move_categories": frozenset,
    "elephant_fury_spares": frozenset,
    "general_killed_on": lambda v: tuple(int(x) for x in v),
    "elephant_fury_directions": lambda v: MappingProxyType({int(k): str(d) for k, d in v.items()}),
}
_PURSUIT = {
    "eliminating_pursuers": _cw,
    "light_infantry": _cw,
    "no_forced_pursuit_after_destroying": frozenset,
    "fortification_terrains": frozenset,
    "river_bank_hexsides": frozenset,
}


def _interpretation(ident: str, raw: Mapping[str, Any]) -> Interpretation:
    source = str(raw["source"])
    readings = {
        str(k): Reading(str(k), str(text), reading_source(ident, str(k), source))
        for k, text in raw["readings"].items()
    }
    default = str(raw["default"])
    return Interpretation(
        id=ident,
        source=source,
        sentence=str(raw["sentence"]),
        readings=MappingProxyType(readings),
        default=default,
        why=str(raw["why"]),
        reading=str(raw.get("reading") or default),
        applied_by=str(raw.get("applied_by") or spec_.default(spec_.INTERPRETATION, "applied_by")),
    )


def _picked_unknown(data: Mapping[str, Any]) -> list[Problem]:
    """House rules that pick a reading of an interpretation the ruleset does not have
    (``deep_merge`` left their string where the entry would be)."""
    entries = data.get("interpretations")
    if not isinstance(entries, Mapping):
        return []
    known = {k: v for k, v in entries.items() if not isinstance(v, str)}
    return [
        unknown(
            f"interpretations.{k}",
            f"unknown interpretation {k!r}",
            str(k),
            known,
            "ruleset.unknown_interpretation",
            key=str(k),
        )
        for k, v in entries.items()
        if isinstance(v, str)
    ]


K = TypeVar("K")


def _frozen(d: Mapping[K, T]) -> Mapping[K, T]:
    return MappingProxyType(dict(d))


class Ruleset:
    """One rule system, checked and typed once. Read-only: build a new one to amend it."""

    def __init__(self, data: Mapping[str, Any], origin: str = "") -> None:
        problems = _picked_unknown(data) or check(spec_.RULESET, data)
        if problems:
            raise InvalidInput(problems)
        self.document: Mapping[str, Any] = data  # as merged: `referee rulesets --json`
        self.origin = origin
        d = data
        self.name: str = str(d["name"])
        self.title: str = str(d.get("title") or self.name)
        self.version: str = str(d.get("version") or spec_.default(spec_.RULESET, "version"))
        self.description: str = str(d.get("description") or "")
        self.sources: Mapping[str, str] = _frozen({str(k): str(v) for k, v in d["sources"].items()})
        self.weights: Mapping[str, str] = _frozen(
            {str(w["key"]): str(w["label"]) for w in d["weights"]}
        )
        self.unit_types: Mapping[str, UnitType] = _frozen(
            {
                key: UnitType(
                    key=key,
                    label=str(t.get("label") or key),
                    category=t["category"],
                    hit_by=t["hit_by"],
                    mounted=bool(t.get("mounted", spec_.default(spec_.UNIT_TYPE, "mounted"))),
                    source=str(t["source"]),
                    movement_override=(
                        str(t["movement_override"])
                        if t.get("movement_override") is not None
                        else None
                    ),
                )
                for key, t in d["unit_types"].items()
            }
        )
        self.movement = self._movement(d["movement"])
        mr = d["movement_rules"]
        self.movement_rules = MovementRules(
            **_params(mr, _MOVEMENT_RULES), cite=_cites(MovementCites, mr["cite"])
        )
        self.pass_through = PassThrough(**_params(d["pass_through"], _PASS_THROUGH))
        self.terrain: Mapping[str, Terrain] = _frozen(
            {key: self._terrain(key, t) for key, t in d["terrain"].items()}
        )
        self.hexsides: Mapping[str, Hexside] = _frozen(
            {key: self._hexside(key, h) for key, h in d["hexsides"].items()}
        )
        self.roads = Roads(**_params(d["roads"], {}))
        self.leaders = Leaders(
            ranks=_frozen(
                {
                    key: Rank(
                        key=key,
                        label=str(r["label"]),
                        command_range=int(r["command_range"]),
                        source=str(r["source"]),
                    )
                    for key, r in d["leaders"]["ranks"].items()
                }
            )
        )
        act = d["activation"]
        self.activation = Activation(
            bands=tuple(
                Band(
                    max_army_units=b.get("max_army_units"),
                    activations=int(b["activations"]),
                    max_units=int(b["max_units"]),
                    source=str(b["source"]),
                )
                for b in act["bands"]
            ),
            **_params(act, {}),
            cite=_cites(ActivationCites, act["cite"]),
        )
        c = d["combat"]
        self.combat = Combat(
            die_faces=MappingProxyType(
                {
                    int(k): DieFace(str(f["symbol"]), str(f.get("label") or f["symbol"]))
                    for k, f in c["die_faces"].items()
                }
            ),
            die_faces_source=str(c["die_faces_source"]),
            **_params(c, _COMBAT),
            cite=_cites(CombatCites, c["cite"]),
        )
        r = d["rout"]
        self.rout = Rout(**_params(r, _ROUT), cite=_cites(RoutCites, r["cite"]))
        p = d["pursuit"]
        self.pursuit = Pursuit(**_params(p, _PURSUIT), cite=_cites(PursuitCites, p["cite"]))
        a = d["army_break"]
        self.army_break = ArmyBreak(**_params(a, {}), cite=_cites(ArmyBreakCites, a["cite"]))
        problems = []
        self.interpretations: Mapping[str, Interpretation] = _frozen(
            {
                str(key): _interpretation(str(key), i)
                for key, i in (d.get("interpretations") or {}).items()
            }
        )
        self.allowances: Mapping[tuple[str, str], Allowance] = self._allowances(problems)
        self.presets: Mapping[tuple[str, str], Preset] = self._presets(
            d.get("presets") or spec_.default(spec_.RULESET, "presets"), problems
        )
        problems.extend(self._cross_references())
        if problems:
            raise InvalidInput(problems)

    # -- parsing ------------------------------------------------------------------------
    @staticmethod
    def _movement(m: Mapping[str, Any]) -> Movement:
        tables = tuple(
            MovementTable(
                title=str(t.get("title") or ""),
                source=str(t["source"]),
                columns=tuple(
                    Column(str(c["weight"]), str(c.get("label") or c["weight"]))
                    for c in t["columns"]
                ),
                rows=tuple(
                    TableRow(
                        str(r["type"]),
                        str(r.get("label") or r["type"]),
                        tuple("" if c is None else str(c) for c in r["cells"]),
                        str(r["source"]),
                    )
                    for r in t["rows"]
                ),
            )
            for t in m["tables"]
        )
        lr = m["leader_row"]
        cells: dict[str, Allowance] = {}
        for weight, cell in lr["cells"].items():
            try:
                cells[str(weight)] = parse_cell(cell)
            except ValueError as exc:
                raise InvalidInput(
                    Problem(
                        f"movement.leader_row.cells.{weight}",
                        str(exc),
                        "write N or N/M fuite",
                        **coded(exc, hint_code="leader_cell"),
                    )
                ) from None
        leader = LeaderRow(
            label=str(lr["label"]),
            cells=_frozen(cells),
            note=str(lr.get("note") or ""),
            source=str(lr["source"]),
        )
        return Movement(
            tables=tables,
            leader_row=leader,
            notes=_frozen({str(k): str(v) for k, v in (m.get("notes") or {}).items()}),
        )

    @staticmethod
    def _terrain(key: str, t: Mapping[str, Any]) -> Terrain:
        node = spec_.TERRAIN
        return Terrain(
            key=key,
            label=str(t.get("label") or key),
            cost=int(t["cost"]),
            difficult=bool(t.get("difficult", spec_.default(node, "difficult"))),
            impassable=bool(t.get("impassable", spec_.default(node, "impassable"))),
            combat_penalty=frozenset(
                t.get("combat_penalty") or spec_.default(node, "combat_penalty")
            ),
            cost_by_category=_frozen(
                {
                    str(k): int(v)
                    for k, v in (
                        t.get("cost_by_category") or spec_.default(node, "cost_by_category")
                    ).items()
                }
            ),
            source=str(t["source"]),
        )

    @staticmethod
    def _hexside(key: str, h: Mapping[str, Any]) -> Hexside:
        node = spec_.HEXSIDE
        return Hexside(
            key=key,
            label=str(h.get("label") or key),
            cost=int(h.get("cost", spec_.default(node, "cost"))),
            difficult=bool(h.get("difficult", spec_.default(node, "difficult"))),
            impassable=bool(h.get("impassable", spec_.default(node, "impassable"))),
            source=str(h["source"]),
        )

    def _allowances(self, problems: list[Problem]) -> Mapping[tuple[str, str], Allowance]:
        out: dict[tuple[str, str], Allowance] = {}
        for t_index, table in enumerate(self.movement.tables):
            where = f"movement.tables[{t_index}]"
            for r_index, row in enumerate(table.rows):
                rwhere = f"{where}.rows[{r_index}]"
                if row.type not in self.unit_types:
                    problems.append(
                        unknown(
                            f"{rwhere}.type",
                            f"type {row.type!r} is not in unit_types",
                            row.type,
                            self.unit_types,
                            "ruleset.type_not_in_unit_types",
                            type=row.type,
                        )
                    )
                    continue
                if len(row.cells) != len(table.columns):
                    problems.append(
                        Problem(
                            f"{rwhere}.cells",
                            f"{len(row.cells)} cells for {len(table.columns)} columns",
                            "one cell per column, in order",
                            code="ruleset.cells_for_columns",
                            data={"cells": len(row.cells), "columns": len(table.columns)},
                        )
                    )
                    continue
                for c_index, (column, cell) in enumerate(
                    zip(table.columns, row.cells, strict=True)
                ):
                    try:
                        out[(row.type, column.weight)] = parse_cell(cell)
                    except ValueError as exc:
                        problems.append(
                            Problem(
                                f"{rwhere}.cells[{c_index}]",
                                str(exc),
                                "see the cell grammar in rulesets/README.md",
                                **coded(exc, hint_code="cell_grammar"),
                            )
                        )
        for key, t in self.unit_types.items():
            if t.movement_override is not None:
                try:
                    static = parse_cell(t.movement_override)
                except ValueError as exc:
                    problems.append(
                        Problem(f"unit_types.{key}.movement_override", str(exc), **coded(exc))
                    )
                    continue
                for weight in WEIGHTS:
                    out[(key, weight)] = static
        return _frozen(out)

    def _presets(
        self, raw: Mapping[str, Any], problems: list[Problem]
    ) -> Mapping[tuple[str, str], Preset]:
        out: dict[tuple[str, str], Preset] = {}
        for type_key, by_weight in raw.items():
            if type_key not in self.unit_types:
                problems.append(
                    unknown(
                        f"presets.{type_key}",
                        "unknown unit type",
                        type_key,
                        self.unit_types,
                        "ruleset.unknown_unit_type",
                    )
                )
                continue
            for weight, p in by_weight.items():
                if not self.exists(type_key, weight):
                    problems.append(
                        Problem(
                            f"presets.{type_key}.{weight}",
                            f"{type_key} does not exist in weight {weight} (table cell: "
                            f"{self.allowance(type_key, weight).text or 'empty'})",
                            "give presets only for cells of the movement table",
                            code="ruleset.preset_not_in_table",
                            data={
                                "type": type_key,
                                "weight": weight,
                                "cell": self.allowance(type_key, weight).text,
                            },
                        )
                    )
                    continue
                f = p["factors"]
                out[(type_key, weight)] = Preset(
                    cohesion=int(p["cohesion"]),
                    factors=Factors(
                        shooting=int(f["shooting"]),
                        range=int(f["range"]),
                        assault=int(f["assault"]),
                        melee=int(f["melee"]),
                    ),
                    traits=frozenset(p.get("traits") or spec_.default(spec_.PRESET, "traits")),
                    reaction=p.get("reaction"),
                    source=str(p["source"]),
                )
        return _frozen(out)

    def _cross_references(self) -> list[Problem]:
        """Keys that name other keys of the ruleset: each must exist."""
        problems = []

        def known(path: str, names: frozenset[str], choices: Mapping[str, Any]) -> None:
            for name in sorted(names - set(choices)):
                problems.append(
                    unknown(
                        path,
                        f"unknown key {name!r}",
                        name,
                        choices,
                        "ruleset.unknown_name",
                        key=name,
                    )
                )

        known("combat.palisade_hexsides.value", self.combat.palisade_hexsides.value, self.hexsides)
        known(
            "pursuit.river_bank_hexsides.value",
            self.pursuit.river_bank_hexsides.value,
            self.hexsides,
        )
        known(
            "pursuit.fortification_terrains.value",
            self.pursuit.fortification_terrains.value,
            self.terrain,
        )
        for ident, interp in self.interpretations.items():
            where = f"interpretations.{ident}"
            for field, key in (("default", interp.default), ("reading", interp.reading)):
                if key not in interp.readings:
                    problems.append(
                        unknown(
                            f"{where}.{field}",
                            f"unknown reading {key!r}",
                            key,
                            interp.readings,
                            "ruleset.unknown_reading",
                            key=key,
                        )
                    )
            known_readings = spec_.READINGS.get(ident)
            if known_readings is None:
                problems.append(
                    unknown(
                        where,
                        f"the referee knows no interpretation {ident!r}",
                        ident,
                        spec_.READINGS,
                        "ruleset.unknown_interpretation",
                        key=ident,
                    )
                )
            elif set(interp.readings) != set(known_readings):
                problems.append(
                    Problem(
                        f"{where}.readings",
                        f"the referee implements the readings "
                        f"{', '.join(known_readings)} of {ident}, not "
                        f"{', '.join(interp.readings)}",
                        "list exactly the readings implemented",
                        code="ruleset.readings_implemented",
                        data={"id": ident, "readings": list(known_readings)},
                    )
                )
        keys = [w for w in self.weights]
        if keys != list(WEIGHTS):
            problems.append(
                Problem(
                    "weights",
                    f"the weight steps must be {', '.join(WEIGHTS)} "
                    f"in this order, not {', '.join(keys)}",
                    code="ruleset.weight_steps",
                    data={"weights": list(WEIGHTS), "keys": keys},
                )
            )
        bands = self.activation.bands
        if bands[-1].max_army_units is not None:
            problems.append(
                Problem(
                    f"activation.bands[{len(bands) - 1}].max_army_units",
                    "the last band must have no upper bound",
                    "write max_army_units: null",
                    code="ruleset.last_band",
                )
            )
        return problems

    # -- typed access -------------------------------------------------------------------
    def allowance(self, unit_type: str, weight: str) -> Allowance:
        return self.allowances.get((unit_type, weight), NO_CELL)

    def leader_allowance(self, weight: str) -> Allowance:
        """A leader's cell; a leader of a weight the row does not list moves as the first
        weight listed."""
        cells = self.movement.leader_row.cells
        return cells.get(weight) or next(iter(cells.values()))

    def exists(self, unit_type: str, weight: str) -> bool:
        return self.allowance(unit_type, weight).exists

    def row_source(self, unit_type: str) -> str:
        """Where the movement table row of this type is printed."""
        for table in self.movement.tables:
            for row in table.rows:
                if row.type == unit_type:
                    return row.source
        t = self.unit_types.get(unit_type)
        return t.source if t is not None else self.movement.tables[0].source

    @cached_property
    def terrain_keys(self) -> frozenset[str]:
        return frozenset(self.terrain)

    @cached_property
    def hexside_keys(self) -> frozenset[str]:
        return frozenset(self.hexsides)

    @cached_property
    def open_cost(self) -> int:
        """What a leader ignoring difficult terrain pays for it: the cost of ``clear``
        (1 when the ruleset has no passable ``clear``)."""
        clear = self.terrain.get("clear")
        return clear.cost if clear is not None and not clear.impassable else 1

    def category(self, unit_type: str) -> str:
        return self.unit_types[unit_type].category

    def weight_label(self, weight: str) -> str:
        return self.weights.get(weight, weight)

    def type_label(self, unit_type: str) -> str:
        t = self.unit_types.get(unit_type)
        return t.label if t else unit_type

    def amended(self, overrides: Mapping[str, Any], origin: str) -> Ruleset:
        """This ruleset with house rules deep-merged over it (checked like the base)."""
        return Ruleset(deep_merge(self.document, overrides), origin)

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r}, {len(self.unit_types)} types, {len(self.allowances)} cells)"

"""Scenarios (``format: referee-scenario/1``): a battle written the short way, and the
game state built from it (``referee new``; docs/scenario.md, docs/formats.md).

A scenario draws the map as text or lists areas, gives rivers and roads as hex paths,
and writes each army as an order of battle (``4 x infanterie medium "Hastati"``) whose
values come from the ruleset's ``presets`` (one per type and weight). This module is
pure: the file's data (and the rows of a CSV file, read by ``referee.io.scenario``) go
in, a ``GameState`` without dice or history comes out, or every problem found, each
located by its path in the scenario (``sides.rome.units[3]``) with what to do.

The shape of the file is declared once, in ``referee.core.scenario_file``: its
checks, the JSON Schema (``referee schema scenario``) and the key reference in
docs/formats.md all come from it. The lines (units, leaders, deployments, CSV rows)
have a small grammar of their own, read by ``referee.core.scenario_lines``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from typing import Any, cast

from msgspec import Struct, field

from referee.core import hexspec
from referee.core.errors import BadText
from referee.core.hexgrid import Direction, Grid, Hex
from referee.core.model import (
    EDGES,
    RANKS,
    WEIGHTS,
    Camp,
    Cohesion,
    Detachment,
    DiceSettings,
    Edge,
    Factors,
    GameState,
    Leader,
    MapData,
    Problem,
    Reaction,
    Side,
    Trait,
    Unit,
    Weight,
)
from referee.core.ruleset import Preset, PresetFactors, Ruleset
from referee.core.scenario_file import ScenarioFile
from referee.core.scenario_lines import (
    DIRECTIONS,
    FACTOR_KEYS,
    csv_fields,
    parse_deploy,
    parse_leader_line,
    parse_unit_line,
)
from referee.core.state_file import ID_PATTERN, MAX_UNITS
from referee.core.typed import problems as shape_problems
from referee.core.typed import suggestion
from referee.core.validate import check_state

_ID = re.compile(f"^{ID_PATTERN}$")

# The legend used when a scenario gives none; a scenario's own legend is added to it.
DEFAULT_LEGEND: dict[str, str] = {
    ".": "clear",
    "w": "wood",
    "h": "hill",
    "r": "rough",
    "m": "marsh",
    "b": "buildings",
    "s": "sand",
    "M": "mountain",
    "l": "lake",
    "f": "fortification",
}

# Traits the engine reads (besides detachment_of:<id> and the ruleset's
# combat.first_round_abilities such as impact or javelot).
ENGINE_TRAITS = frozenset(
    {"impetuous", "expendable", "mounted_infantry", "wagon_borne", "light_infantry"}
)


# ------------------------------------------------------------------------------ build
class CsvRows(Struct):
    """A side's CSV units: the file's name and its rows (line number, header -> cell)."""

    source: str
    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


class _UnitSpec(Struct):
    """One unit of an order of battle before placement."""

    where: str  # path of its line in the scenario
    line: int | None  # line number in a CSV file, when it comes from one
    file: str | None
    id: str | None
    prefix: str | None
    type: str
    weight: str
    name: str | None
    at: Hex | None
    facing: Direction | None
    cohesion: Cohesion
    factors: Factors
    traits: frozenset[str]
    reaction: str | None
    flank_march: bool
    off_table: bool
    facing_given: bool = False  # written for this unit (a deployment's facing does not apply)
    bad_at: bool = False  # its 'at' was wrong (reported): no deployment, no further problem


class _Build:
    def __init__(
        self, data: Mapping[str, Any], rs: Ruleset, game_default: str, csv: Mapping[str, CsvRows]
    ) -> None:
        self.data = data
        self.rs = rs
        self.game_default = game_default
        self.csv = csv
        self.problems: list[Problem] = []
        self.grid = Grid(1, 1)
        self.width = 2
        self.incomplete: set[str] = set()  # sides with a unit that could not be read
        self.known_traits = ENGINE_TRAITS | frozenset(rs.combat.first_round_abilities.value)
        # units made in each list of a side, bounded before they are made (docs/formats.md
        # §Limits)
        self.units_made: dict[str, int] = {}

    def err(
        self,
        path: str,
        code: str,
        *,
        line: int | None = None,
        file: str | None = None,
        **data: Any,
    ) -> None:
        """One problem: its ``code`` and ``data``, said in every language by the
        catalogue (``problem.<code>``; the hint its own or ``data["hint_code"]``)."""
        self.problems.append(Problem(path, line=line, file=file, code=code, data=data or None))

    def unknown(self, path: str, word: str, choices: Any, code: str, **data: Any) -> None:
        """A problem about an unknown word, with its "did you mean" (``suggest``)."""
        self.err(path, code, suggest=suggestion(word, choices), **data)

    def coded(
        self,
        where: str,
        exc: BadText,
        hint_code: str = "",
        *,
        line: int | None = None,
        file: str | None = None,
    ) -> None:
        """A problem made of a parser's error (its code and data), with the hint of the
        place (``hint.<hint_code>``)."""
        data = {**exc.data, "hint_code": hint_code} if hint_code else exc.data
        self.problems.append(Problem(where, line=line, file=file, code=exc.code, data=data))

    def lab(self, h: Hex) -> str:
        return h.label(self.width)

    def size(self) -> dict[str, Any]:
        """The map's size, as the data of the hint that gives it."""
        return {"columns": self.grid.columns, "rows": self.grid.rows, "hint_code": "map_size"}

    # -- the map ------------------------------------------------------------------------
    def build_map(self, m: Mapping[str, Any]) -> MapData | None:
        rows_text = self.drawing(m.get("draw"))
        columns = m.get("columns")
        rows = m.get("rows")
        if rows_text is not None:
            drawn_rows = len(rows_text)
            drawn_cols = max((len(r) for _, r in rows_text), default=0)
            if not isinstance(rows, int):
                rows = drawn_rows
            if not isinstance(columns, int):
                columns = drawn_cols
        if not isinstance(columns, int) or not isinstance(rows, int):
            self.err("map", "scenario.map_size")
            return None
        self.grid = Grid(columns, rows)
        self.width = self.grid.width
        keys = self.rs.terrain_keys
        default = m.get("default_terrain", "clear")
        if not isinstance(default, str) or default not in keys:
            self.unknown(
                "map.default_terrain",
                str(default),
                keys,
                "scenario.unknown_terrain",
                terrain=default,
            )
            default = "clear"
        terrain: dict[Hex, str] = {}
        if rows_text is not None:
            legend = dict(DEFAULT_LEGEND)
            for ch, kind in _mapping(m.get("legend")).items():
                if isinstance(kind, str) and kind not in keys:
                    self.unknown(
                        f"map.legend.{ch}",
                        kind,
                        keys,
                        "scenario.unknown_terrain",
                        terrain=kind,
                    )
                elif isinstance(kind, str):
                    legend[str(ch)] = kind
            self.draw_terrain(rows_text, legend, columns, rows, terrain)
        for kind, value in _mapping(m.get("areas")).items():
            where = f"map.areas.{kind}"
            if kind not in keys:
                self.unknown(
                    where,
                    kind,
                    keys,
                    "scenario.unknown_terrain",
                    terrain=kind,
                )
                continue
            for h in self.hexes(value, where):
                terrain[h] = kind
        terrain = {h: t for h, t in terrain.items() if t != default}
        hexsides = self.build_hexsides(_mapping(m.get("hexsides")))
        roads = self.build_roads(_listing(m.get("roads")), hexsides)
        return MapData(
            columns=columns,
            rows=rows,
            default_terrain=default,
            terrain=dict(sorted(terrain.items(), key=lambda kv: kv[0].to_offset())),
            hexsides=hexsides,
            roads=tuple(roads),
        )

    def drawing(self, draw: Any) -> list[tuple[int, str]] | None:
        """The drawing's rows: (index of the line in the drawing, its characters)."""
        if draw is None:
            return None
        if isinstance(draw, str):
            lines = draw.split("\n")
        elif isinstance(draw, list) and all(isinstance(x, str) for x in draw):
            lines = list(draw)
        else:
            return None
        out = [(i, "".join(text.split())) for i, text in enumerate(lines)]
        while out and not out[-1][1]:
            out.pop()
        while out and not out[0][1]:
            out.pop(0)
        return out

    def draw_terrain(
        self,
        rows_text: list[tuple[int, str]],
        legend: Mapping[str, str],
        columns: int,
        rows: int,
        terrain: dict[Hex, str],
    ) -> None:
        if len(rows_text) != rows:
            self.err(
                "map.draw",
                "scenario.draw_rows",
                drawn=len(rows_text),
                rows=rows,
            )
        for y, (index, chars) in enumerate(rows_text):
            where = f"map.draw[{index}]"
            if len(chars) != columns:
                self.err(
                    where,
                    "scenario.draw_columns",
                    row=y + 1,
                    hexes=len(chars),
                    columns=columns,
                )
            unknown = sorted({c for c in chars if c not in legend})
            for c in unknown:
                self.err(
                    where,
                    "scenario.draw_character",
                    row=y + 1,
                    character=c,
                    legend=" ".join(sorted(legend)),
                )
            for x, c in enumerate(chars[:columns]):
                if c in legend and y < rows:
                    terrain[Hex.from_offset(x, y)] = legend[c]

    def hexes(
        self,
        value: Any,
        where: str,
        *,
        on_map: bool = True,
        line: int | None = None,
        file: str | None = None,
    ) -> list[Hex]:
        try:
            found = hexspec.hexes(value)
        except BadText as exc:
            self.coded(where, exc, "hexspec", line=line, file=file)
            return []
        if on_map:
            off = [h for h in found if not self.grid.contains(h)]
            if off:
                self.err(
                    where,
                    "scenario.off_map",
                    line=line,
                    file=file,
                    hex=self.lab(off[0]),
                    more=len(off) - 1,
                    **self.size(),
                )
                found = [h for h in found if self.grid.contains(h)]
        return found

    def build_hexsides(self, features: Mapping[str, Any]) -> dict[frozenset[Hex], str]:
        keys = self.rs.hexside_keys
        sides: dict[frozenset[Hex], str] = {}
        impassable = {k for k in keys if self.rs.hexsides[k].impassable}
        for kind, items in features.items():
            base = f"map.hexsides.{kind}"
            if kind not in keys:
                self.unknown(
                    base,
                    kind,
                    keys,
                    "scenario.unknown_hexside",
                    hexside=kind,
                )
                continue
            if not isinstance(items, list):
                continue
            for i, item in enumerate(items):
                where = f"{base}[{i}]"
                found = self.hexside_item(item, where, sides)
                for side in found:
                    if not all(self.grid.contains(h) for h in side):
                        continue  # the side of an edge hex toward the outside: no side there
                    old = sides.get(side)
                    if old is not None and old not in impassable and kind in impassable:
                        a, b = sorted(self.lab(h) for h in side)
                        self.err(
                            where,
                            "scenario.hexside_replaced",
                            hexside=kind,
                            old=old,
                            side=f"{a}|{b}",
                        )
                    sides[side] = kind
        return sides

    def hexside_item(
        self, item: Any, where: str, sides: Mapping[frozenset[Hex], str]
    ) -> list[frozenset[Hex]]:
        if isinstance(item, Mapping):
            pair = item.get("between")
            if not isinstance(pair, list) or len(pair) != 2:
                return []
            a = self.hexes(pair[0], f"{where}.between[0]", on_map=False)
            b = self.hexes(pair[1], f"{where}.between[1]", on_map=False)
            found = hexspec.between(a, b)
            if a and b and not found:
                self.err(
                    f"{where}.between",
                    "scenario.between_not_adjacent",
                )
            return found
        if not isinstance(item, str | int) or isinstance(item, bool):
            return []
        try:
            kind, value = hexspec.hexside_spec(hexspec.label_text(item))
        except BadText as exc:
            self.coded(where, exc, "hexside_example")
            return []
        if kind == "sides":
            assert isinstance(value, list)
            return value
        assert isinstance(value, Hex)
        carried = [s for s in sides if value in s]
        if len(carried) == 1:
            return carried
        label = self.lab(value)
        if not carried:
            self.err(where, "scenario.no_feature_yet", hex=label)
        else:
            names = ", ".join(sorted("|".join(sorted(self.lab(h) for h in s)) for s in carried))
            self.err(
                where,
                "scenario.several_features",
                hex=label,
                count=len(carried),
                names=names,
                first=names.split(", ")[0],
            )
        return []

    def build_roads(
        self, raw: list[Any], hexsides: Mapping[frozenset[Hex], str]
    ) -> list[tuple[Hex, ...]]:
        roads = []
        for i, item in enumerate(raw):
            where = f"map.roads[{i}]"
            if isinstance(item, list):
                try:
                    road = [hexspec.parse_hex(x) for x in item]
                except BadText as exc:
                    self.coded(where, exc)
                    continue
                broken = next(
                    (j for j in range(1, len(road)) if road[j - 1].distance(road[j]) != 1), None
                )
                if broken is not None:
                    self.err(
                        f"{where}[{broken}]",
                        "scenario.road_not_adjacent",
                    )
                    continue
            elif isinstance(item, str | int) and not isinstance(item, bool):
                try:
                    road = hexspec.path(hexspec.label_text(item))
                except BadText as exc:
                    self.coded(where, exc, "hexspec")
                    continue
            else:
                continue
            if len(road) < 2:
                self.err(where, "scenario.road_too_short")
                continue
            off = [h for h in road if not self.grid.contains(h)]
            if off:
                self.err(
                    where,
                    "scenario.off_map",
                    hex=self.lab(off[0]),
                    more=0,
                    **self.size(),
                )
                continue
            for a, b in itertools.pairwise(road):
                kind = hexsides.get(frozenset((a, b)))
                if kind is not None and self.rs.hexsides[kind].impassable:
                    self.err(
                        where,
                        "scenario.road_crosses",
                        hexside=kind,
                        a=self.lab(a),
                        b=self.lab(b),
                    )
            roads.append(tuple(road))
        return roads

    # -- the armies ---------------------------------------------------------------------
    def build_sides(self, raw: Mapping[str, Any]) -> list[Side]:
        side_ids = [str(s) for s in raw]
        prefixes = default_prefixes(side_ids)
        explicit: dict[str, str] = {}  # id -> where it is given
        parsed: dict[str, tuple[list[_UnitSpec], list[_UnitSpec]]] = {}
        for sid, side in raw.items():
            if not isinstance(side, Mapping):
                continue
            base = f"sides.{sid}"
            default_facing = self.side_facing(side)
            before = len(self.problems)
            on = [
                u
                for i, item in enumerate(_listing(side.get("units")))
                for u in self.unit_item(item, f"{base}.units[{i}]", default_facing, False)
            ]
            on += self.csv_units(str(sid), side, base, default_facing)
            off = [
                u
                for i, item in enumerate(_listing(side.get("off_table")))
                for u in self.unit_item(item, f"{base}.off_table[{i}]", default_facing, True)
            ]
            parsed[str(sid)] = (on, off)
            if len(self.problems) > before:
                self.incomplete.add(str(sid))
            for u in on + off:
                if u.id is None:
                    continue
                if u.id in explicit:
                    self.err(
                        f"{u.where}",
                        "state.duplicate_id",
                        line=u.line,
                        file=u.file,
                        id=u.id,
                        where=explicit[u.id],
                    )
                else:
                    explicit[u.id] = u.where
            for i, item in enumerate(_listing(side.get("leaders"))):
                lid = (
                    item.get("id")
                    if isinstance(item, Mapping)
                    else item.split()[0]
                    if isinstance(item, str) and item.split()
                    else None
                )
                if not isinstance(lid, str):
                    continue
                if lid in explicit:
                    self.err(
                        f"{base}.leaders[{i}]",
                        "state.duplicate_id",
                        id=lid,
                        where=explicit[lid],
                    )
                else:
                    explicit[lid] = f"{base}.leaders[{i}]"
        used = set(explicit)
        self.taken = {u.at for on, _ in parsed.values() for u in on if u.at is not None}
        counters: dict[str, int] = {}
        sides = []
        for sid, side in raw.items():
            if not isinstance(side, Mapping) or str(sid) not in parsed:
                continue
            on, off = parsed[str(sid)]
            prefix = (
                side.get("id_prefix")
                if isinstance(side.get("id_prefix"), str)
                else prefixes[str(sid)]
            )
            for u in on + off:
                if u.id is None:
                    p = str(u.prefix or prefix)
                    n = counters.get(p, 0)
                    while True:
                        n += 1
                        if f"{p}{n}" not in used:
                            break
                    counters[p] = n
                    u.id = f"{p}{n}"
                    used.add(u.id)
            sides.append(self.build_side(str(sid), side, on, off))
        return sides

    def side_facing(self, side: Mapping[str, Any]) -> Direction | None:
        facing = side.get("facing")
        if isinstance(facing, str) and facing in DIRECTIONS:
            return Direction[facing]
        edge = side.get("edge")
        return {"S": Direction.N, "N": Direction.S}.get(edge) if isinstance(edge, str) else None

    def build_side(
        self, sid: str, side: Mapping[str, Any], on: list[_UnitSpec], off: list[_UnitSpec]
    ) -> Side:
        base = f"sides.{sid}"
        edge = side.get("edge") if side.get("edge") in EDGES else "S"
        exits = side.get("exits")
        exit_list = tuple(e for e in exits if e in EDGES) if isinstance(exits, list) else (edge,)
        entry_points: list[Hex] = []
        if side.get("entry_points") is not None:
            for h in self.hexes(side["entry_points"], f"{base}.entry_points", on_map=False):
                if not self.grid.just_outside(h):
                    example = self.lab(Hex.from_offset(self.grid.columns, 0))
                    self.err(
                        f"{base}.entry_points",
                        "scenario.entry_point_not_outside",
                        hex=self.lab(h),
                        example=example,
                    )
                else:
                    entry_points.append(h)
        camp = self.build_camp(side.get("camp"), f"{base}.camp")
        self.deploy(sid, side, on, base)
        if any(u.facing is None for u in on + off):
            self.err(base, "scenario.no_facing", side=sid, edge=edge)
        self.check_placement(on)
        units = tuple(self.unit(sid, u) for u in on if u.at is not None)
        waiting = tuple(self.unit(sid, u) for u in off)
        unit_ids = {u.id for u in on}
        leaders = []
        for i, item in enumerate(_listing(side.get("leaders"))):
            lead = self.leader(sid, item, f"{base}.leaders[{i}]", unit_ids)
            if lead is not None:
                leaders.append(lead)
        tokens = side.get("order_tokens", 0)
        name = side.get("name")
        return Side(
            id=sid,
            name=str(name) if name is not None else sid,
            edge=cast("Edge", str(edge)),  # (checked above)
            exits=exit_list,
            entry_points=tuple(entry_points),
            camp=camp,
            order_tokens=tokens if isinstance(tokens, int) else 0,
            leaders=tuple(leaders),
            units=units,
            off_table=waiting,
        )

    def build_camp(self, raw: Any, where: str) -> Camp:
        if raw is None:
            return Camp()
        fortified = False
        at = raw
        if isinstance(raw, Mapping):
            at, fortified = raw.get("at"), bool(raw.get("fortified", False))
            where = f"{where}.at"
        try:
            h = hexspec.parse_hex(at)
        except BadText as exc:
            self.coded(where, exc)
            return Camp()
        if not self.grid.contains(h):
            self.err(where, "scenario.off_map", hex=self.lab(h), more=0)
            return Camp()
        return Camp(at=h, fortified=fortified)

    def unit(self, sid: str, u: _UnitSpec) -> Unit:
        assert u.id is not None
        return Unit(
            id=u.id,
            side=sid,
            type=u.type,
            weight=cast("Weight", u.weight),  # the values were checked as read
            at=None if u.off_table else u.at,
            facing=u.facing if u.facing is not None else Direction.N,
            cohesion=u.cohesion,
            factors=u.factors,
            traits=cast("frozenset[Trait | Detachment]", u.traits),
            reaction=cast("Reaction | None", u.reaction),
            name=u.name,
            flank_march=u.flank_march,
        )

    # -- units ----------------------------------------------------------------------------
    def unit_item(
        self,
        item: Any,
        where: str,
        facing: Direction | None,
        off_table: bool,
        *,
        line: int | None = None,
        file: str | None = None,
    ) -> list[_UnitSpec]:
        if isinstance(item, str):
            try:
                fields = parse_unit_line(item)
            except BadText as exc:
                self.coded(where, exc, "unit_line_example", line=line, file=file)
                return []
            return self.unit_fields(
                fields, where, facing, off_table, line=line, file=file, checked=False
            )
        if isinstance(item, Mapping):
            return self.unit_fields(dict(item), where, facing, off_table, checked=True)
        return []

    def unit_fields(
        self,
        f: Mapping[str, Any],
        where: str,
        side_facing: Direction | None,
        off_table: bool,
        *,
        line: int | None = None,
        file: str | None = None,
        checked: bool = False,
    ) -> list[_UnitSpec]:
        """``checked``: the fields come from a mapping that passed the spec's checks (and
        problems are located at its keys); else from a line or a CSV row."""

        def err(path: str, code: str, **data: Any) -> None:
            self.err(path, code, line=line, file=file, **data)

        def unknown(path: str, word: str, choices: Any, code: str, **data: Any) -> None:
            err(path, code, suggest=suggestion(word, choices), **data)

        def at_key(key: str) -> str:
            return f"{where}.{key}" if checked else where

        rs = self.rs
        unit_type, weight = f.get("type"), f.get("weight")
        if not isinstance(unit_type, str) or not isinstance(weight, str):
            if not checked:  # a CSV row (the spec checks the mappings)
                err(where, "scenario.csv_type_weight")
            return []
        bad = False
        if unit_type not in rs.unit_types:
            unknown(
                at_key("type"),
                unit_type,
                rs.unit_types,
                "state.unknown_unit_type",
                type=unit_type,
                ruleset=rs.name,
            )
            bad = True
        if weight not in WEIGHTS:
            if not checked:
                unknown(
                    at_key("weight"),
                    weight,
                    WEIGHTS,
                    "scenario.unknown_weight",
                    weight=weight,
                )
            bad = True
        if bad:
            return []
        if not rs.exists(unit_type, weight):
            ok = [w for w in WEIGHTS if rs.exists(unit_type, w)]
            err(
                at_key("weight"),
                "scenario.weight_not_in_table",
                weight_label=rs.weight_label(weight),
                type_label=rs.type_label(unit_type),
                title=rs.title,
                type=unit_type,
                weights=ok,
            )
            return []
        base = rs.presets.get((unit_type, weight))
        if base is None:
            err(where, "scenario.no_preset", type=unit_type, weight=weight)
            base = Preset(
                cohesion=1,
                factors=PresetFactors(shooting=0, range=0, assault=0, melee=0),
                source="",
            )
            if f.get("cohesion") is None:
                return []
        count = f.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return []
        # the bound is per list of the state (docs/formats.md §Limits): refused at the
        # line that passes it, naming the list (not the side, nor the whole scenario)
        side = where.split(".")[1] if where.count(".") else where
        listed = f"sides.{side}.{'off_table' if off_table else 'units'}"
        if self.units_made.get(listed, 0) + count > MAX_UNITS:
            err(
                at_key("count"),
                "scenario.too_many_units",
                limit=MAX_UNITS,
                list=listed,
            )
            return []
        self.units_made[listed] = self.units_made.get(listed, 0) + count
        ids = self.unit_ids(f, count, where, err)
        if ids is None:
            return []
        cohesion = Cohesion(base.cohesion, base.cohesion)
        raw_coh = f.get("cohesion")
        if isinstance(raw_coh, int) and not isinstance(raw_coh, bool):
            cohesion = Cohesion(raw_coh, raw_coh)
        elif isinstance(raw_coh, str):
            cur, _, mx = raw_coh.partition("/")
            if cur.isdigit() and mx.isdigit() and 0 <= int(cur) <= int(mx) and int(mx) >= 1:
                cohesion = Cohesion(int(cur), int(mx))
            else:
                err(at_key("cohesion"), "scenario.bad_cohesion", cohesion=raw_coh)
        factors = base.unit_factors
        raw_f = f.get("factors")
        if isinstance(raw_f, Mapping):
            values = {k: getattr(factors, k) for k in FACTOR_KEYS}
            for k in FACTOR_KEYS:
                v = raw_f.get(k)
                if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                    values[k] = v
            factors = Factors(**values)
        traits = set(base.traits)
        known = self.known_traits
        for i, t in enumerate(_listing(f.get("traits"))):
            if not isinstance(t, str) or not t.strip("+-"):
                continue
            bare = t.lstrip("+-")
            if bare not in known and not bare.startswith("detachment_of:"):
                unknown(
                    f"{where}.traits[{i}]" if checked else where,
                    bare,
                    known | {"detachment_of:<unit id>"},
                    "scenario.unknown_trait",
                    trait=bare,
                )
                continue
            if t.startswith("-"):
                if t[1:] not in traits:
                    err(
                        f"{where}.traits[{i}]" if checked else where,
                        "scenario.remove_trait",
                        trait=t[1:],
                        traits=sorted(base.traits),
                    )
                traits.discard(t[1:])
            else:
                traits.add(t.lstrip("+"))
        reaction: str | None = base.reaction
        if "reaction" in f:
            r = f["reaction"]
            reaction = None if r in (None, "none", "null", "") else str(r)
        flank = bool(f.get("flank_march", False))
        if flank and not off_table:
            err(where, "scenario.flank_march_on_table")
        facing = side_facing
        raw_facing = f.get("facing")
        facing_given = False
        if isinstance(raw_facing, str):
            if raw_facing.upper() in DIRECTIONS:
                facing = Direction[raw_facing.upper()]
                facing_given = True
            elif not checked:
                unknown(
                    where,
                    raw_facing,
                    DIRECTIONS,
                    "scenario.unknown_facing",
                    facing=raw_facing,
                )
        places: list[Hex | None] = [None] * count
        bad_at = False
        if f.get("at") is not None:
            bad_at = True
            if off_table:
                err(at_key("at"), "scenario.off_table_at")
            else:
                found = self.hexes(f["at"], at_key("at"), line=line, file=file)
                if found and len(found) != count:
                    err(
                        at_key("at"),
                        "scenario.hexes_for_units",
                        hexes=len(found),
                        units=count,
                    )
                elif found:
                    places = list(found)
                    bad_at = False
        name = f.get("name")
        out = []
        for n in range(count):
            out.append(
                _UnitSpec(
                    where=where,
                    line=line,
                    file=file,
                    id=ids[n],
                    prefix=f.get("prefix") if isinstance(f.get("prefix"), str) else None,
                    type=unit_type,
                    weight=weight,
                    name=str(name) if name is not None else None,
                    at=places[n],
                    facing=facing,
                    cohesion=cohesion,
                    factors=factors,
                    traits=frozenset(traits),
                    reaction=reaction,
                    flank_march=flank,
                    off_table=off_table,
                    facing_given=facing_given,
                    bad_at=bad_at,
                )
            )
        return out

    def unit_ids(
        self, f: Mapping[str, Any], count: int, where: str, err: Any
    ) -> list[str | None] | None:
        one_id, many = f.get("id"), f.get("ids")
        if one_id is not None and many is not None:
            err(where, "scenario.id_and_ids")
            return None
        if isinstance(one_id, str):
            if count != 1:
                err(where, "scenario.one_id", units=count)
                return None
            if not _ID.match(one_id):
                err(where, "scenario.bad_id", id=one_id)
                return None
            return [one_id]
        if isinstance(many, list):
            if len(many) != count:
                err(where, "scenario.ids_for_units", ids=len(many), units=count)
                return None
            for x in many:
                if not isinstance(x, str) or not _ID.match(x):
                    err(where, "scenario.bad_id", id=x)
                    return None
            return list(many)
        return [None] * count

    def csv_units(
        self, sid: str, side: Mapping[str, Any], base: str, facing: Direction | None
    ) -> list[_UnitSpec]:
        rows = self.csv.get(sid)
        if rows is None:
            return []
        self.problems.extend(rows.problems)
        out = []
        for line, row in rows.rows:
            try:
                fields = csv_fields(row)
            except BadText as exc:
                self.coded(f"{base}.units_csv", exc, line=line, file=rows.source)
                continue
            off = fields.pop("off_table", False)
            out.extend(
                self.unit_fields(
                    fields, f"{base}.units_csv", facing, bool(off), line=line, file=rows.source
                )
            )
        return out

    # -- deployment -------------------------------------------------------------------------
    def deploy(self, sid: str, side: Mapping[str, Any], on: list[_UnitSpec], base: str) -> None:
        waiting = [u for u in on if u.at is None and not u.bad_at]
        raw = side.get("deploy")
        items = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
        taken = self.taken
        for i, item in enumerate(items):
            where = f"{base}.deploy" if isinstance(raw, str) else f"{base}.deploy[{i}]"
            if not isinstance(item, str):
                continue
            try:
                how, spot, facing = parse_deploy(item)
            except BadText as exc:
                self.coded(where, exc, "deploy_example")
                continue
            found = self.hexes(spot, where)
            if how == "zone":
                found = self.zone_order(found, str(side.get("edge", "S")))
            free = [h for h in found if h not in taken and not self.impassable(h)]
            if not waiting:
                if found and sid not in self.incomplete:
                    self.err(where, "scenario.nothing_to_deploy")
                continue
            for h in free:
                if not waiting:
                    break
                u = waiting.pop(0)
                u.at = h
                taken.add(h)
                if facing is not None and not u.facing_given:
                    u.facing = facing
        for u in waiting:
            self.err(
                u.where,
                "scenario.no_hex",
                line=u.line,
                file=u.file,
                unit=u.id or "",
                deploy=bool(items),
            )

    def zone_order(self, found: list[Hex], edge: str) -> list[Hex]:
        """A zone fills from the front: the row (or column) farthest from the side's own
        edge first, then along it (west to east, or north to south)."""

        def key(h: Hex) -> tuple[int, int, int]:
            x, y = h.to_offset()
            return {"S": (y, x, 0), "N": (-y, x, 0), "W": (-x, y, 0), "E": (x, y, 0)}.get(
                edge, (y, x, 0)
            )

        return sorted(found, key=key)

    def impassable(self, h: Hex) -> bool:
        return bool(self._terrain_of(h) in self._impassable_terrain)

    def check_placement(self, on: list[_UnitSpec]) -> None:
        for u in on:
            if u.at is None:
                continue
            if not self.grid.contains(u.at):
                continue  # reported where the hexes were read
            if self.impassable(u.at):
                kind = self._terrain_of(u.at)
                self.err(
                    u.where,
                    "scenario.impassable",
                    line=u.line,
                    file=u.file,
                    hex=self.lab(u.at),
                    terrain=kind,
                    terrain_label=self.rs.terrain[kind].label,
                )
            other = self.occupied.get(u.at)
            if other is not None and other is not u:
                self.err(
                    u.where,
                    "scenario.two_units",
                    line=u.line,
                    file=u.file,
                    hex=self.lab(u.at),
                    other=other.id or "",
                    where=other.where,
                )
            else:
                self.occupied[u.at] = u

    # -- leaders ----------------------------------------------------------------------------
    def leader(self, sid: str, item: Any, where: str, unit_ids: set[str | None]) -> Leader | None:
        if isinstance(item, str):
            try:
                f = parse_leader_line(item)
            except BadText as exc:
                self.coded(where, exc, "leader_line_example")
                return None
        elif isinstance(item, Mapping):
            f = dict(item)
        else:
            return None
        lid, rank = f.get("id"), f.get("rank")
        if not isinstance(lid, str) or not isinstance(rank, str):
            return None
        if rank not in RANKS:
            self.unknown(where, rank, RANKS, "scenario.unknown_rank", rank=rank)
            return None
        value = f.get("command_value", 0)
        if not isinstance(value, int) or not 0 <= value <= 3:
            self.err(
                where,
                "scenario.command_value",
                value=value,
                rule=self.rs.army_break.loss_general_base.source,
            )
            value = 0
        at: Hex | None = None
        attached = f.get("with")
        if attached is not None and f.get("at") is not None:
            self.err(where, "scenario.at_and_with")
        if attached is not None:
            if attached not in unit_ids:
                self.unknown(
                    where,
                    str(attached),
                    [u for u in unit_ids if u],
                    "scenario.no_unit_in_side",
                    unit=attached,
                    side=sid,
                )
                return None
        elif f.get("at") is not None:
            try:
                at = hexspec.parse_hex(f["at"])
            except BadText as exc:
                self.coded(where, exc)
                return None
            if not self.grid.contains(at):
                self.err(where, "scenario.off_map", hex=self.lab(at), more=0)
                return None
        else:
            self.err(where, "scenario.leader_where", leader=lid)
            return None
        weight = f.get("weight", "light")
        if weight not in WEIGHTS:
            self.unknown(
                where,
                str(weight),
                WEIGHTS,
                "scenario.unknown_weight",
                weight=weight,
            )
            weight = "light"
        name = f.get("name")
        return Leader(
            id=lid,
            side=sid,
            name=str(name) if name is not None else lid,
            rank=rank,
            command_value=value,
            at=at,
            weight=cast("Weight", str(weight)),  # (checked above)
            vehicle=bool(f.get("vehicle", False)),
            attached_to=str(attached) if attached is not None else None,
        )

    # -- the whole state ------------------------------------------------------------------
    def run(self) -> GameState | None:
        d = self.data
        m = d.get("map")
        game_map = self.build_map(m) if isinstance(m, Mapping) else None
        if game_map is None:
            return None
        self._impassable_terrain = {k for k, t in self.rs.terrain.items() if t.impassable}
        self._map = game_map
        self.occupied: dict[Hex, _UnitSpec] = {}
        raw_sides = d.get("sides")
        if not isinstance(raw_sides, Mapping) or len(raw_sides) != 2:
            return None
        sides = self.build_sides(raw_sides)
        first = d.get("first")
        ids = [str(s) for s in raw_sides]
        if first is None:
            first = ids[0]
        elif first not in ids:
            self.unknown("first", str(first), ids, "state.no_side", side=str(first))
            first = ids[0]
        ruleset_field = d.get("ruleset")
        version = None
        if isinstance(ruleset_field, Mapping) and ruleset_field.get("version") is not None:
            version = str(ruleset_field["version"])
        game = d.get("game") if isinstance(d.get("game"), str) else self.game_default
        turn = d.get("turn", 1)
        house = d.get("house_rules")
        return GameState(
            ruleset=self.rs.name,
            ruleset_version=version,
            game=str(game),
            turn=turn if isinstance(turn, int) else 1,
            player=str(first),
            phase="activation",
            map=game_map,
            sides=tuple(sides),
            dice=DiceSettings(mode="physical"),
            house_rules=dict(house) if isinstance(house, Mapping) and house else None,
        )

    def _terrain_of(self, h: Hex) -> str:
        return self._map.terrain_at(h)


def _mapping(value: Any) -> Mapping[str, Any]:
    """A mapping read from the file, or an empty one when it is something else (the
    shape checks report that)."""
    return value if isinstance(value, Mapping) else {}


def _listing(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def default_prefixes(side_ids: list[str]) -> dict[str, str]:
    """Prefix of the generated ids of each side: the shortest distinct upper-case start
    of the side ids (rome, carthage -> R, C; prussia, poland -> PR, PO)."""
    for n in range(1, max((len(s) for s in side_ids), default=1) + 1):
        cut = [re.sub(r"[^A-Za-z0-9]", "", s)[:n].upper() or "U" for s in side_ids]
        if len(set(cut)) == len(cut):
            return dict(zip(side_ids, cut, strict=True))
    return {s: f"S{i + 1}U" for i, s in enumerate(side_ids)}


def build(
    data: Mapping[str, Any],
    rs: Ruleset,
    game_default: str = "game",
    csv: Mapping[str, CsvRows] | None = None,
) -> tuple[GameState | None, list[Problem]]:
    """The game state a scenario describes (dice and history not yet set: see
    ``referee.play.start.start_game``), or every problem found: the shape checks of
    ``ScenarioFile`` (``referee.core.scenario_file``), then everything the building finds
    (unknown types and terrains with "did you mean", hexes off the map, units without a
    hex or two in one hex...)."""
    b = _Build(data, rs, game_default, csv or {})
    state = b.run()
    seen: set[tuple[str, str, int | None]] = set()
    problems = []
    for p in shape_problems(ScenarioFile, data) + b.problems:
        key = (p.path, p.said(), p.line)  # its English, else its code and data
        if key not in seen:
            seen.add(key)
            problems.append(p)
    if state is not None and not problems:
        # the state's own checks, as `referee validate` makes them: a safety net (the
        # scenario checks above should have caught everything, with scenario paths)
        problems = [
            Problem(
                p.path,
                code="scenario.built_state",
                data={
                    "inner": {
                        "code": p.code,
                        "data": dict(p.data or {}),
                        "message": p.message,
                        "hint": p.hint,
                    }
                },
            )
            for p in check_state(state, rs)
        ]
    return (state if not problems else None), problems

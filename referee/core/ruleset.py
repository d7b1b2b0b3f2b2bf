"""A rule system as data: the parsed form of ``rulesets/<name>.yaml``.

The ruleset file is declarative (see ``rulesets/README.md``); every value carries
its source. This module parses the movement-table cells written in the rules'
own notation and gives the engine typed access to the rest.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from referee.core.errors import RulesetError
from referee.core.model import WEIGHTS

_CELL = re.compile(
    r"^(?P<a>\d+)(?:/(?P<b>\d+))?"
    r"(?P<fuite>\s+fuite)?"
    r"(?P<sscb>\s+(?:ss\s*cb|sans\s+combat|sans\s+comb))?"
    r"(?P<statique>\s*\(statique\))?"
    r"(?P<one>\s*\(\*\))?"
    r"(?P<dice>\s*\(\*\*\))?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Allowance:
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


def parse_cell(text: str) -> Allowance:
    """Parse a cell as printed in the rules: ``2/3 ss cb``, ``1 (**)``, ``XXXX``,
    ``0 (statique)``, ``3/2 fuite``. Raises ValueError on anything else."""
    raw = str(text).strip()
    if raw in ("", "XXXX"):
        return Allowance(text=raw, exists=False)
    m = _CELL.match(raw)
    if m is None:
        raise ValueError(f"cannot read movement cell {raw!r}")
    a = int(m["a"])
    b = int(m["b"]) if m["b"] else None
    if m["fuite"]:
        return Allowance(text=raw, exists=True, combat=a, max=a, fleeing=b)
    static = bool(m["statique"]) or (a == 0 and b is None)
    if m["sscb"]:
        combat, maximum = (a, b) if b is not None else (0, a)
    else:
        combat = maximum = a if b is None else b
        if b is not None:  # "N/M" without "ss cb" is not a notation of the rules
            raise ValueError(f"cannot read movement cell {raw!r}: N/M needs 'ss cb'")
    return Allowance(
        text=raw,
        exists=True,
        combat=combat,
        max=maximum,
        static=static,
        at_most_one=bool(m["one"]),
        die_per_hex=bool(m["dice"]),
    )


@dataclass(frozen=True, slots=True)
class UnitType:
    key: str
    label: str
    category: str
    hit_by: str
    mounted: bool
    source: str


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Mappings merge key by key; anything else in ``override`` replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


class Ruleset:
    """Typed access to a ruleset record. Built once per run; read-only."""

    def __init__(self, data: Mapping[str, Any], origin: str = "") -> None:
        self.data = data
        self.origin = origin
        self.name: str = _req(data, "name", str)
        self.title: str = str(data.get("title", self.name))
        self.version: str = str(data.get("version", ""))
        self.unit_types: dict[str, UnitType] = {}
        for key, entry in _req(data, "unit_types", Mapping).items():
            where = f"unit_types.{key}"
            if not isinstance(entry, Mapping):
                raise RulesetError(where, "must be a mapping")
            self.unit_types[key] = UnitType(
                key=key,
                label=str(entry.get("label", key)),
                category=_req(entry, "category", str, where),
                hit_by=_req(entry, "hit_by", str, where),
                mounted=bool(entry.get("mounted", False)),
                source=str(entry.get("source", "")),
            )
        self.allowances: dict[tuple[str, str], Allowance] = {}
        self.row_sources: dict[str, str] = {}
        movement = _req(data, "movement", Mapping)
        for t_index, table in enumerate(_req(movement, "tables", list, "movement")):
            where = f"movement.tables[{t_index}]"
            columns = [c["weight"] for c in _req(table, "columns", list, where)]
            for w in columns:
                if w not in WEIGHTS:
                    raise RulesetError(where, f"unknown weight {w!r} in columns")
            for r_index, row in enumerate(_req(table, "rows", list, where)):
                rwhere = f"{where}.rows[{r_index}]"
                type_key = _req(row, "type", str, rwhere)
                if type_key not in self.unit_types:
                    raise RulesetError(rwhere, f"type {type_key!r} is not in unit_types")
                cells = _req(row, "cells", list, rwhere)
                if len(cells) != len(columns):
                    raise RulesetError(rwhere, f"{len(cells)} cells for {len(columns)} columns")
                for weight, cell in zip(columns, cells, strict=True):
                    try:
                        self.allowances[(type_key, weight)] = parse_cell(cell)
                    except ValueError as exc:
                        raise RulesetError(rwhere, str(exc)) from None
                self.row_sources[type_key] = str(row.get("source", table.get("source", "")))
        for key, entry in _req(data, "unit_types", Mapping).items():
            override = entry.get("movement_override")
            if override is not None:
                for weight in WEIGHTS:
                    self.allowances[(key, weight)] = parse_cell(override)
        self.leader_allowances: dict[str, Allowance] = {}
        leader_row = movement.get("leader_row") or {}
        for weight, cell in (leader_row.get("cells") or {}).items():
            self.leader_allowances[weight] = parse_cell(cell)

    # -- typed access ---------------------------------------------------------------
    def allowance(self, unit_type: str, weight: str) -> Allowance:
        return self.allowances.get((unit_type, weight), Allowance(text="", exists=False))

    def leader_allowance(self, weight: str) -> Allowance:
        if weight in self.leader_allowances:
            return self.leader_allowances[weight]
        # a leader of a weight the row does not list moves as the lightest one listed
        return next(iter(self.leader_allowances.values()), Allowance(text="3", exists=True,
                                                                   combat=3, max=3))

    def exists(self, unit_type: str, weight: str) -> bool:
        return self.allowance(unit_type, weight).exists

    def _leaf(self, path: str) -> Any:
        node: Any = self.data
        for part in path.split("."):
            if not isinstance(node, Mapping) or part not in node:
                raise RulesetError(path, f"missing in ruleset {self.name!r}")
            node = node[part]
        return node

    def value(self, path: str) -> Any:
        """The ``value`` of a ``{value, source}`` leaf, e.g. ``movement_rules.road_bonus``."""
        leaf = self._leaf(path)
        if isinstance(leaf, Mapping) and "value" in leaf:
            return leaf["value"]
        return leaf

    def get(self, path: str, default: Any = None) -> Any:
        try:
            return self.value(path)
        except RulesetError:
            return default

    def cite(self, path: str) -> str:
        """The source of a leaf (rule file and heading, or ``interpretation: ...``)."""
        try:
            leaf = self._leaf(path)
        except RulesetError:
            return ""
        if isinstance(leaf, Mapping):
            return str(leaf.get("source", ""))
        return ""

    def terrain(self, key: str) -> Mapping[str, Any]:
        table = self.data.get("terrain") or {}
        entry = table.get(key)
        if entry is None:
            raise RulesetError(f"terrain.{key}", "unknown terrain")
        return entry  # type: ignore[no-any-return]

    def hexside(self, key: str) -> Mapping[str, Any]:
        entry = (self.data.get("hexsides") or {}).get(key)
        if entry is None:
            raise RulesetError(f"hexsides.{key}", "unknown hexside feature")
        return entry  # type: ignore[no-any-return]

    @cached_property
    def terrain_keys(self) -> frozenset[str]:
        return frozenset((self.data.get("terrain") or {}).keys())

    @cached_property
    def hexside_keys(self) -> frozenset[str]:
        return frozenset((self.data.get("hexsides") or {}).keys())

    def category(self, unit_type: str) -> str:
        return self.unit_types[unit_type].category

    def weight_label(self, weight: str) -> str:
        for entry in self.data.get("weights") or []:
            if entry.get("key") == weight:
                return str(entry.get("label", weight))
        return weight

    def type_label(self, unit_type: str) -> str:
        t = self.unit_types.get(unit_type)
        return t.label if t else unit_type

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r}, {len(self.unit_types)} types, {len(self.allowances)} cells)"


def _req(mapping: Any, key: str, kind: type, where: str = "") -> Any:
    path = f"{where}.{key}" if where else key
    if not isinstance(mapping, Mapping) or key not in mapping:
        raise RulesetError(path, "missing")
    value = mapping[key]
    if not isinstance(value, kind):
        raise RulesetError(path, f"must be a {kind.__name__}")
    return value

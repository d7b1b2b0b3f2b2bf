"""Scenario files -> a new game: reading the file (and its CSV units), locating every
problem. The building itself is pure and lives in ``referee.core.scenario``; the one
step that finalises a new game (dice, seed, history start) is
``referee.play.start.start_game``.
"""

from __future__ import annotations

import csv
import io
import os
import re
import secrets
from collections.abc import Mapping
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from referee.core.errors import nested
from referee.core.model import DiceMode, GameState, Problem
from referee.core.ruleset import Ruleset
from referee.core.scenario import CsvRows, build
from referee.core.scenario_file import SCENARIO_FORMAT
from referee.core.scenario_lines import CSV_COLUMNS
from referee.core.state_file import MAX_UNITS, StateFile
from referee.core.typed import problems as problems_of
from referee.core.typed import unknown
from referee.errors import InvalidInput, RefereeError
from referee.io.confined import read_confined
from referee.io.rulesets import builtin_names, load_ruleset
from referee.io.state import write_state
from referee.io.yamlio import Document, decode, load_file

# Dice modes a new game may take (referee.play.start.start_game)
DICE_MODES: tuple[DiceMode, ...] = ("open", "commit", "physical", "two-party")


class Scenario(Struct, frozen=True):
    state: GameState  # dice and history not yet set (see start_game)
    ruleset: Ruleset
    document: Document
    title: str | None


def game_id_from(path: str) -> str:
    """A game id from a scenario's file name: ``cannae-scenario.yaml`` -> ``cannae``."""
    stem = os.path.splitext(os.path.basename(path))[0] if path != "-" else "game"
    stem = re.sub(r"[.\-_]scenario$", "", stem)
    stem = re.sub(r"[^A-Za-z0-9_.\-]", "-", stem).strip("-.") or "game"
    return stem if re.match(r"^[A-Za-z0-9_]", stem) else f"game-{stem}"


def default_output(path: str) -> str:
    """Where ``referee new`` writes when not told: ``cannae-scenario.yaml`` ->
    ``cannae.state.yaml`` beside it."""
    directory = os.path.dirname(path)
    return os.path.join(directory, f"{game_id_from(path)}.state.yaml")


def load_scenario(path: str) -> Scenario:
    """Read and build a scenario; raise InvalidInput with every problem, located."""
    doc = load_file(path)
    data = doc.data
    if not isinstance(data, Mapping):
        raise InvalidInput(
            doc.locate(
                [
                    Problem(
                        "",
                        code="scenario.not_mapping",
                        data={"format": SCENARIO_FORMAT},
                    )
                ]
            )
        )
    fmt = data.get("format")
    if fmt != SCENARIO_FORMAT:
        hint_code = "write_format"
        if isinstance(fmt, str) and fmt.startswith("referee-state/"):
            hint_code = "state_not_scenario"
        raise InvalidInput(
            doc.locate(
                [
                    Problem(
                        "format",
                        code="scenario.not_scenario",
                        data={
                            "format_given": fmt,
                            "format": SCENARIO_FORMAT,
                            "hint_code": hint_code,
                        },
                    )
                ]
            )
        )
    rs = _ruleset(doc)
    csv_rows = _csv_units(doc, path)
    state, problems = build(data, rs, game_id_from(path), csv_rows)
    if problems or state is None:
        raise InvalidInput(_located(doc, problems))
    # the state file's own spec (its bounds: factors, names...), as `referee validate`
    # reads what `referee new` writes
    problems = [
        Problem(
            p.path,
            file=doc.name,
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
        for p in problems_of(StateFile, write_state(state))
    ]
    if problems:
        raise InvalidInput(problems)
    title = data.get("title")
    return Scenario(state, rs, doc, str(title) if title is not None else None)


def _ruleset(doc: Document) -> Ruleset:
    field = doc.data.get("ruleset")
    name = field.get("name") if isinstance(field, Mapping) else field
    names = builtin_names()
    if not isinstance(name, str) or name not in names:
        raise InvalidInput(
            doc.locate(
                [
                    unknown(
                        "ruleset",
                        str(name),
                        names,
                        "ruleset.unknown",
                        ruleset=name,
                    )
                ]
            )
        )
    house = doc.data.get("house_rules")
    try:
        return load_ruleset(name, overrides=house if isinstance(house, Mapping) else None)
    except InvalidInput as exc:
        raise InvalidInput(
            doc.locate(
                [
                    p
                    if p.path.startswith("house_rules")
                    else replace(p, path=f"house_rules.{p.path}", file=None)
                    for p in exc.problems
                ]
            )
        ) from None


def _csv_units(doc: Document, path: str) -> dict[str, CsvRows]:
    out: dict[str, CsvRows] = {}
    sides = doc.data.get("sides")
    if not isinstance(sides, Mapping):
        return out
    for sid, side in sides.items():
        if not isinstance(side, Mapping) or not isinstance(side.get("units_csv"), str):
            continue
        where = f"sides.{sid}.units_csv"
        ref = side["units_csv"]
        if "\n" in ref.strip():
            first = doc.line_of(where)
            rows = _read_csv(ref.strip("\n"), doc.name, where, (first or 0) + 1)
        else:
            # inside the scenario's folder only, a regular file, no link followed
            # (referee.io.confined; docs/hostile.md §Files a scenario names)
            base = os.path.dirname(path) if path != "-" else "."
            csv_path = os.path.join(base, ref)
            try:
                text = decode(read_confined(base, ref), csv_path)
            except RefereeError as exc:  # outside, a link, not a file, not UTF-8, too large
                rows = CsvRows(
                    csv_path,
                    [],
                    [
                        Problem(
                            where,
                            code="scenario.csv_unreadable",
                            data={"path": ref, "problems": nested(exc.problems)},
                        )
                    ],
                )
            else:
                rows = _read_csv(text, csv_path, where, 1)
        out[str(sid)] = rows
    return out


MAX_CSV_COLUMNS = 64  # a units CSV file has a dozen columns (CSV_COLUMNS)


def _read_csv(text: str, source: str, where: str, first_line: int) -> CsvRows:
    """The rows of a CSV text with their line numbers; unknown columns are problems."""
    rows = CsvRows(source)
    reader = csv.reader(io.StringIO(text))
    try:
        _rows(reader, rows, where, source, first_line)
    except csv.Error:  # a field over the csv module's limit (128 KiB), or bad quoting
        line = first_line + reader.line_num - 1
        rows.problems.append(
            Problem(
                where,
                line=line,
                file=source,
                code="scenario.csv_unreadable_line",
                data={"line": line},
            )
        )
    return rows


def _rows(reader: Any, rows: CsvRows, where: str, source: str, first_line: int) -> None:
    header: list[str] | None = None
    for record in reader:
        line = first_line + reader.line_num - 1
        if not any(cell.strip() for cell in record) or record[0].lstrip().startswith("#"):
            continue
        if header is None:
            # An unknown column is said by its number, never quoted: a file that is not
            # a units CSV (a secret, the environment...) is not shown (issue 26); such a
            # file's rows are not read at all.
            header = [h.strip().lower() for h in record]
            if len(header) > MAX_CSV_COLUMNS:
                rows.problems.append(
                    Problem(
                        where,
                        line=line,
                        file=source,
                        code="scenario.csv_columns",
                        data={"count": len(header)},
                    )
                )
                return
            for n, h in enumerate(header, 1):
                if h not in CSV_COLUMNS:
                    rows.problems.append(
                        replace(
                            unknown(
                                where,
                                h,
                                CSV_COLUMNS,
                                "scenario.csv_unknown_column",
                                column=n,
                            ),
                            line=line,
                            file=source,
                        )
                    )
            for needed in ("type", "weight"):
                if needed not in header:
                    rows.problems.append(
                        Problem(
                            where,
                            line=line,
                            file=source,
                            code="scenario.csv_no_column",
                            data={"column": needed},
                        )
                    )
            if rows.problems:
                return
            continue
        if len(record) > len(header):
            rows.problems.append(
                Problem(
                    where,
                    line=line,
                    file=source,
                    code="scenario.csv_cells",
                    data={"cells": len(record), "columns": len(header)},
                )
            )
            continue
        if len(rows.rows) >= MAX_UNITS:  # (a row is one unit at least)
            rows.problems.append(
                Problem(
                    where,
                    line=line,
                    file=source,
                    code="scenario.csv_rows",
                    data={"limit": MAX_UNITS},
                )
            )
            return
        rows.rows.append(
            (line, {h: c for h, c in zip(header, record, strict=False) if h in CSV_COLUMNS})
        )


def _located(doc: Document, problems: list[Problem]) -> list[Problem]:
    """Locate problems in the scenario file; a drawing row is found inside its block."""
    out = []
    m = doc.data.get("map") if isinstance(doc.data, Mapping) else None
    block = isinstance(m, Mapping) and isinstance(m.get("draw"), str)
    for p in problems:
        found = re.fullmatch(r"map\.draw\[(\d+)\]", p.path)
        if p.line is None and found and block:
            start = doc.line_of("map.draw")
            if start is not None:
                p = replace(p, line=start + 1 + int(found.group(1)))
        out.append(
            p
            if p.file
            else replace(
                p, file=doc.name, line=p.line if p.line is not None else doc.line_of(p.path)
            )
        )
    # in the order of the file (the problems of a CSV file after the scenario's)
    return sorted(out, key=lambda p: (p.file != doc.name, p.file or "", p.line or 0))


# --------------------------------------------------------------------- a new game
def new_seed() -> str:
    """A fresh secret seed: 256 bits from the operating system (``secrets``)."""
    return secrets.token_hex(32)


def summary(state: GameState, rs: Ruleset) -> dict[str, Any]:
    """What a new game holds, for the command's report."""
    return {
        "game": state.game,
        "ruleset": rs.name,
        "turn": state.turn,
        "first": state.player,
        "map": {
            "columns": state.map.columns,
            "rows": state.map.rows,
            "terrain_hexes": len(state.map.terrain),
            "hexsides": len(state.map.hexsides),
            "roads": len(state.map.roads),
        },
        "sides": {
            s.id: {
                "name": s.name,
                "units": len(s.units),
                "off_table": len(s.off_table),
                "leaders": len(s.leaders),
            }
            for s in state.sides
        },
        "dice": state.dice.mode,
    }

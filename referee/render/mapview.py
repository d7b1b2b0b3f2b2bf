"""The battlefield as a text map for the terminal.

Two drawings, chosen by the width the console gives us:

* **hex** (the map fits: 5 characters a column, ``5 x columns + 2`` in all): every
  hex drawn with ``/ \\ _`` outlines, flat-topped, even columns half a hex lower,
  as on the printed map. Inside a hex, three lines::

        ___
       /●Cv\\      side mark (● first side, ○ second) and type code of the unit
      /0507b\\     hex label, then the leader symbol (★ ☆ ✦) or a free mark
      \\C3↑d /     unit id, facing arrow, status letters (d disordered, p pre-played)
       \\___/

  Free places hold the terrain letter, the camp ``⌂`` and the road ``=``; a leader
  alone shows his id (and side mark) where a unit's id would be. Hexside features
  replace the outline of their hexside: ``~`` river, ``≈`` ford, ``#`` bridge,
  ``-`` stream, ``+`` palisade.
* **compact** (the map is too wide): each hex is a cell of 1 to 4 characters on two
  lines, even columns one line lower (half a hex); ids are cut to fit. When even one
  character per hex does not fit, the rightmost columns are cropped. A note under
  the map says which drawing was used and why.

Colours (terrain as background, units as chips of their side's colour) are rich
styles on the runs of each line (:class:`~referee.render.blocks.Para`); the plain
renderer drops them, leaving the same drawing in plain text. This module does not
import rich.
"""

from __future__ import annotations

from referee.core.hexgrid import Direction, Hex
from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.render.blocks import Deferred, Para, View
from referee.render.svg import (
    FACING_ARROWS,
    LEADER_GLYPHS,
    RANK_ORDER,
    STATUS_LETTERS,
    TERRAIN_COLOURS,
    HexContent,
    hexside_glyph,
    hexside_label,
    map_contents,
    rank_label,
    side_colours,
    side_marks,
    terrain_label,
    terrain_letters,
    type_codes,
)

HEX_STEP = 5  # characters per column in the hex drawing
HEX_ROW_LINES = 4  # lines per row in the hex drawing

_OUTLINE = "grey50"
_LEADER = "bold #ffd75f"
_HEXSIDE_STYLES: dict[str, str] = {
    "river": "bold #4f9dff", "ford": "bold #87d7ff", "bridge": "bold #d7875f",
    "stream": "#5f87ff", "palisade": "#af875f",
}
_STATUS_WORDS: dict[str, str] = {"disordered": "désordre", "pre_played": "pré-joué"}
# priority of the hexside feature shown by the compact drawing in a hex's mark slot
_SIDE_PRIORITY: tuple[str, ...] = ("ford", "bridge", "river", "stream", "palisade")

Cell = tuple[str, str]  # (character, rich style)


def terminal_map(state: GameState, rs: Ruleset) -> View:
    """The map of ``state`` with its legend; the drawing adapts to the console width."""
    return View([Deferred(TerminalMap(state, rs).render)])


class _Canvas:
    """A grid of characters, each with a rich style."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, y: int, x: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= y < self.height and 0 <= x + i < self.width:
                self.cells[y][x + i] = (ch, style)

    def put_cells(self, y: int, x: int, cells: list[Cell]) -> None:
        for i, (ch, style) in enumerate(cells):
            if 0 <= y < self.height and 0 <= x + i < self.width:
                self.cells[y][x + i] = (ch, style)

    def lines(self) -> list[Para]:
        """One line of text per row, cut in runs of one style; never wrapped."""
        out = []
        for row in self.cells:
            end = len(row)
            while end and row[end - 1] == (" ", ""):
                end -= 1
            runs: list[tuple[str, str]] = []
            run, run_style = "", ""
            for ch, style in row[:end]:
                if style != run_style and run:
                    runs.append((run, run_style))
                    run = ""
                run_style = style
                run += ch
            if run:
                runs.append((run, run_style))
            out.append(Para(tuple(runs), no_wrap=True))
        return out


class _Styles:
    """Styles of one hex: background of its terrain and what is drawn on it."""

    __slots__ = ("bg",)

    def __init__(self, bg: str) -> None:
        self.bg = bg  # "on #rrggbb" or "" for clear ground

    @property
    def blank(self) -> str:
        return self.bg

    @property
    def text(self) -> str:
        return f"#202020 {self.bg}" if self.bg else ""

    @property
    def label(self) -> str:
        return f"#3a3a3a {self.bg}" if self.bg else "grey58"

    def fg(self, colour: str) -> str:
        return f"bold {colour} {self.bg}".strip()


class TerminalMap:
    """Picks the hex or the compact drawing for the width given."""

    def __init__(self, state: GameState, rs: Ruleset) -> None:
        self.state = state
        self.rs = rs
        self.grid = state.map.grid
        self.contents = map_contents(state)
        self.colours = side_colours(state)
        self.marks = side_marks(state)
        self.codes = type_codes(rs)
        self.letters = terrain_letters(rs)

    def render(self, width: int) -> list[Para]:
        """The map lines, a note and the legend, for a console ``width`` wide."""
        columns = self.state.map.columns
        needed = HEX_STEP * columns + 2
        lines: list[Para] = []
        if needed <= width and self.grid.width == 2:
            lines.extend(self._hex_drawing())
        else:
            margin = len(str(self.state.map.rows)) + 1
            cell = max(1, min(4, (width - margin) // columns))
            shown = min(columns, max(1, width - margin))
            lines.extend(self._compact_drawing(cell, shown))
            if self.grid.width != 2:
                why = "six-digit hex labels do not fit in the hex drawing"
            else:
                why = (f"{columns} columns need {needed} characters as hexes, the console "
                       f"has {width}")
            note = (f"Compact view: {why}; each hex is {cell} character(s) on two lines, even "
                    "columns one line lower; row numbers on the left are those of odd "
                    "columns; ● ○ under a unit tell its side.")
            if shown < columns:
                note += f" Columns {shown + 1}-{columns} are cropped."
            if self.grid.width == 2:
                note += " Widen the terminal (or set COLUMNS) for the hex drawing."
            lines.append(Para.of(note, "italic"))
        lines.extend(self._legend())
        return lines

    # -- helpers ---------------------------------------------------------------------
    def _styles(self, terrain: str) -> _Styles:
        if terrain == "clear":
            return _Styles("")
        return _Styles(f"on {TERRAIN_COLOURS.get(terrain, '#cccccc')}")

    def _chip(self, side: str, bold: bool = True) -> str:
        return f"{'bold ' if bold else ''}white on {self.colours[side]}"

    def _letter(self, terrain: str) -> str:
        return self.letters.get(terrain, "?")

    # -- the hex drawing -------------------------------------------------------------
    def _hex_origin(self, h: Hex) -> tuple[int, int]:
        x, y = h.to_offset()
        return HEX_STEP * x, HEX_ROW_LINES * y + (2 if x % 2 == 1 else 0)

    @staticmethod
    def _side_cells(x0: int, y0: int, d: Direction) -> list[tuple[int, int, str]]:
        """(y, x, outline character) of hexside ``d`` of the hex drawn at (x0, y0)."""
        if d is Direction.N:
            return [(y0, x0 + i, "_") for i in (2, 3, 4)]
        if d is Direction.NE:
            return [(y0 + 1, x0 + 5, "\\"), (y0 + 2, x0 + 6, "\\")]
        if d is Direction.SE:
            return [(y0 + 3, x0 + 6, "/"), (y0 + 4, x0 + 5, "/")]
        if d is Direction.S:
            return [(y0 + 4, x0 + i, "_") for i in (2, 3, 4)]
        if d is Direction.SW:
            return [(y0 + 3, x0, "\\"), (y0 + 4, x0 + 1, "\\")]
        return [(y0 + 2, x0, "/"), (y0 + 1, x0 + 1, "/")]

    def _hex_drawing(self) -> list[Para]:
        game_map = self.state.map
        canvas = _Canvas(HEX_STEP * game_map.columns + 2,
                         HEX_ROW_LINES * game_map.rows + 3)
        # every outline (offsets computed once: this loop runs for every hex)
        outline = [(dy, dx, (ch, _OUTLINE)) for d in Direction
                   for dy, dx, ch in self._side_cells(0, 0, d)]
        rows, height, width = canvas.cells, canvas.height, canvas.width
        for h in self.contents:
            x0, y0 = self._hex_origin(h)
            for dy, dx, cell in outline:
                if 0 <= y0 + dy < height and 0 <= x0 + dx < width:
                    rows[y0 + dy][x0 + dx] = cell
        # hexside features after every outline, so a neighbour never overdraws them
        for h, content in self.contents.items():
            x0, y0 = self._hex_origin(h)
            for d, kind in content.sides.items():
                style = _HEXSIDE_STYLES.get(kind, "bold")
                for y, x, _ in self._side_cells(x0, y0, d):
                    canvas.put(y, x, hexside_glyph(kind), style)
        for h, content in self.contents.items():
            x0, y0 = self._hex_origin(h)
            top, middle, bottom = self._hex_interior(h, content)
            canvas.put_cells(y0 + 1, x0 + 2, top)
            canvas.put_cells(y0 + 2, x0 + 1, middle)
            canvas.put_cells(y0 + 3, x0 + 1, bottom)
        return canvas.lines()

    def _hex_interior(self, h: Hex, c: HexContent) -> tuple[list[Cell], list[Cell], list[Cell]]:
        st = self._styles(c.terrain)
        top: list[Cell | None] = [None] * 3
        middle: list[Cell | None] = [(ch, st.label) for ch in self.grid.label(h)[:4]] + [None]
        bottom: list[Cell | None] = [None] * 5
        leftover: list[Cell] = []
        if c.unit is not None:
            u = c.unit
            chip = self._chip(u.side)
            top[0] = (self.marks[u.side], self._chip(u.side, bold=False))
            for i, ch in enumerate(self.codes.get(u.type, u.type)[:2]):
                top[i + 1] = (ch, self._chip(u.side, bold=False))
            ident = u.id if len(u.id) <= 4 else u.id[:3] + "…"
            text = ident + FACING_ARROWS[u.facing]
            status = [letter for s, letter in STATUS_LETTERS.items() if s in u.status]
            while status and len(text) < 5:
                text += status.pop(0)
            for i, ch in enumerate(text):
                bottom[i] = (ch, chip)
            leftover.extend((letter, st.fg("#ffd700")) for letter in status)
        elif c.leaders:
            lead = c.leaders[0]
            for i, ch in enumerate(lead.id[:4] + self.marks[lead.side]):
                bottom[i] = (ch, f"italic {self._chip(lead.side)}")
        if c.leaders:
            lead = c.leaders[0]
            middle[4] = (LEADER_GLYPHS.get(lead.rank, "*"),
                         f"{_LEADER} on {self.colours[lead.side]}")
        marks: list[Cell] = []
        if c.terrain != "clear":
            marks.append((self._letter(c.terrain), f"bold {st.text}"))
        for side_id in c.camps:
            marks.append(("⌂", st.fg(self.colours[side_id])))
        if c.road:
            marks.append(("=", st.fg("#8b5a2b") if st.bg else "bold #d7af5f"))
        marks.extend(leftover)
        # the terrain letter next to the label when it is free, then the top line,
        # then what the unit line leaves
        slots = [(middle, 4)] + [(top, i) for i in range(3)] + [(bottom, i)
                                                                for i in range(4, -1, -1)]
        for row, i in slots:
            if not marks:
                break
            if row[i] is None:
                row[i] = marks.pop(0)
        blank: Cell = (" ", st.blank)
        return ([cell or blank for cell in top], [cell or blank for cell in middle],
                [cell or blank for cell in bottom])

    # -- the compact drawing ---------------------------------------------------------
    def _compact_drawing(self, cell: int, shown: int) -> list[Para]:
        game_map = self.state.map
        digits = len(str(game_map.columns))
        header = digits if cell < digits else 1
        margin = len(str(game_map.rows)) + 1
        canvas = _Canvas(margin + cell * shown, header + 2 * game_map.rows + 1)
        for x in range(shown):
            number = f"{x + 1:0{digits}d}"
            if header == 1:
                canvas.put(0, margin + cell * x, number[-cell:], "grey58")
            else:
                for i, ch in enumerate(number):
                    canvas.put(i, margin + cell * x, ch, "grey58")
        for y in range(game_map.rows):
            canvas.put(header + 2 * y, 0, f"{y + 1:>{margin - 1}d}", "grey58")
        for h, c in self.contents.items():
            x, y = h.to_offset()
            if x >= shown:
                continue
            x0 = margin + cell * x
            y0 = header + 2 * y + (1 if x % 2 == 1 else 0)
            first, second = self._compact_cells(c, cell)
            canvas.put_cells(y0, x0, first)
            canvas.put_cells(y0 + 1, x0, second)
        return canvas.lines()

    def _compact_cells(self, c: HexContent, cell: int) -> tuple[list[Cell], list[Cell]]:
        """Two lines of ``cell`` characters: the unit (or leader alone) on the first,
        the terrain letter and marks under it; an empty hex shows its terrain letter
        and marks on the first line, so odd columns line up with the row numbers."""
        st = self._styles(c.terrain)
        blank: Cell = (" ", st.blank)
        terrain: Cell = (self._letter(c.terrain), f"bold {st.text}" if st.bg else "grey50")
        marks: list[Cell] = []
        if c.unit is not None and c.leaders:
            lead = c.leaders[0]
            marks.append((LEADER_GLYPHS.get(lead.rank, "*"),
                          f"{_LEADER} on {self.colours[lead.side]}"))
        if c.unit is not None:
            marks.extend((letter, st.fg("#ffd700")) for s, letter in STATUS_LETTERS.items()
                         if s in c.unit.status)
        marks.extend(("⌂", st.fg(self.colours[side_id])) for side_id in c.camps)
        kinds = set(c.sides.values())
        for kind in _SIDE_PRIORITY:
            if kind in kinds:
                marks.append((hexside_glyph(kind), f"{_HEXSIDE_STYLES[kind]} {st.bg}".strip()))
                break
        if c.road:
            marks.append(("=", st.fg("#8b5a2b") if st.bg else "bold #d7af5f"))
        if c.unit is not None:
            u = c.unit
            text = u.id[: cell - 1] + FACING_ARROWS[u.facing]
            first = [(ch, self._chip(u.side)) for ch in text]
            second = [(self.marks[u.side], self._chip(u.side, bold=False)), terrain, *marks]
        elif c.leaders:
            lead = c.leaders[0]
            text = LEADER_GLYPHS.get(lead.rank, "*") + lead.id[: cell - 1]
            first = [(ch, f"italic {self._chip(lead.side)}") for ch in text]
            second = [terrain, *marks] if marks or st.bg else []
        elif cell == 1:
            # one character: the most telling mark, else the terrain letter
            first = [marks[0] if marks else terrain]
            second = []
        else:
            first = [terrain, *marks]
            second = []
        first = (first + [blank] * cell)[:cell]
        second = (second + [blank] * cell)[:cell]
        return first, second

    # -- legend ----------------------------------------------------------------------
    def _legend(self) -> list[Para]:
        rs = self.rs
        state = self.state
        game_map = state.map
        lines: list[Para] = []
        terrains = sorted({c.terrain for c in self.contents.values()},
                          key=lambda k: (k != "clear", k))
        runs: list[tuple[str, str]] = [("Terrain: ", "")]
        for key in terrains:
            st = self._styles(key)
            runs.append((f" {self._letter(key)} ", f"bold {st.text}" if st.bg else ""))
            runs.append((f" {terrain_label(rs, key)}  ", ""))
        lines.append(Para(tuple(runs)))
        runs = [("Hexsides & marks: ", "")]
        for kind in sorted(set(game_map.hexsides.values())):
            runs.append((hexside_glyph(kind), _HEXSIDE_STYLES.get(kind, "bold")))
            runs.append((f" {hexside_label(rs, kind)}  ", ""))
        if game_map.roads:
            runs += [("=", "bold #d7af5f"), (" route  ", "")]
        if any(s.camp.at is not None for s in state.sides):
            runs += [("⌂", ""), (" camp  ", "")]
        runs += [("d ", "bold #ffd700"), (f"{_STATUS_WORDS['disordered']} (disordered)  ", ""),
                 ("p ", "bold #ffd700"), (f"{_STATUS_WORDS['pre_played']} (pre_played)", "")]
        lines.append(Para(tuple(runs)))
        runs = [("Leaders: ", "")]
        for rank in RANK_ORDER:
            runs += [(LEADER_GLYPHS[rank], _LEADER), (f" {rank_label(rs, rank)}  ", "")]
        runs.append(("(a leader alone: his id and side mark where a unit id would be)", ""))
        lines.append(Para(tuple(runs)))
        lines.append(Para.of("Facing: " + "  ".join(f"{arrow} {d.name}"
                                                    for d, arrow in FACING_ARROWS.items())))
        present = sorted({u.type for u in state.units()}
                         | {u.type for s in state.sides for u in s.off_table})
        lines.append(Para.of("Units: " + "  ".join(f"{self.codes.get(t, t)} {rs.type_label(t)}"
                                                   for t in present)))
        runs = [("Sides: ", "")]
        for side in state.sides:
            runs += [(f" {self.marks[side.id]} {side.id} ", self._chip(side.id)),
                     (f" {side.name} (own edge {side.edge})  ", "")]
        lines.append(Para(tuple(runs)))
        width = self.grid.width
        for side in state.sides:
            if side.off_table or side.entry_points:
                entries = " ".join(h.label(width) for h in side.entry_points) or "none"
                waiting = " ".join(f"{u.id} ({self.codes.get(u.type, u.type)})"
                                   for u in side.off_table) or "none"
                lines.append(Para.of(f"Off table, {side.name}: {waiting}; entry points: "
                                     f"{entries}"))
        return lines

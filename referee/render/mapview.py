"""The battlefield as a text map for the terminal.

**Hex drawing** (two-digit labels): every hex drawn with ``/ \\ _`` outlines,
flat-topped, even columns half a hex lower, as on the printed map, 6 characters a
column and 4 lines a row. A hex reads top to bottom: its label, then the unit as one
block of two lines (never split around the label)::

       ____
      /0507\\      the hex label
     /●C1↑★d\\     side mark (● first side, ○ second), id, facing arrow, then a
     \\Cv▆3/4/     leader (★ ☆ ✦) and status letters; type code, weight mark
      \\____/      (▁ very light ... █ very heavy), cohesion now/max

  An empty hex shows its terrain letter, the camp ``⌂``, the road ``=``; a leader
  alone shows his rank symbol and id. What does not fit in the unit's line (terrain
  letter, more statuses) is written on the hex's lower outline. Hexside features
  replace the outline of their hexside: ``~`` river, ``≈`` ford, ``#`` bridge, ``-``
  stream, ``+`` palisade.

**Window**: when the whole map does not fit the console (80 columns, or a terminal
not tall enough), the hexes shown are a window of the map around the action (the
player's units, or ``--around HEX``), as large as fits; a note says which columns and
rows are shown and how to move the window.

**Compact** (six-digit labels, or not even 3 columns of hexes fit): each hex is a
cell of 1 to 4 characters on one line, odd columns on one line and even columns on
the next (half a hex lower); a unit is its id and facing arrow.

Colours (terrain as background, units as chips of their side's colour) are rich
styles on the runs of each line (:class:`~referee.render.blocks.Para`); the plain
renderer drops them, leaving the same drawing in plain text. This module does not
import rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from operator import itemgetter

from referee.core.hexgrid import Direction, Hex
from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.render.blocks import Deferred, Para, View
from referee.render.grammar import say, word
from referee.render.symbols import (
    FACING_ARROWS,
    LEADER_GLYPHS,
    RANK_ORDER,
    STATUS_LETTERS,
    TERRAIN_COLOURS,
    HexContent,
    hexside_glyph,
    hexside_label,
    map_contents,
    map_terrains,
    rank_label,
    side_colours,
    side_marks,
    terrain_label,
    terrain_letters,
    type_codes,
    unit_statuses,
    unit_statuses_of,
)

HEX_STEP = 6  # characters per column in the hex drawing
HEX_ROW_LINES = 4  # lines per row in the hex drawing
RESERVED_LINES = 2  # of a terminal's height, kept for the title and the window note

# Weight: a bar as tall as the unit is heavy (the legend names each step).
WEIGHT_BARS: dict[str, str] = {
    "very-light": "▁",
    "light": "▂",
    "medium": "▄",
    "heavy": "▆",
    "very-heavy": "█",
}

_OUTLINE = "grey50"
_LEADER = "bold #ffd75f"
_HEXSIDE_STYLES: dict[str, str] = {
    "river": "bold #4f9dff",
    "ford": "bold #87d7ff",
    "bridge": "bold #d7875f",
    "stream": "#5f87ff",
    "palisade": "#af875f",
}
# priority of the hexside feature shown by the compact drawing in a hex's mark slot
_SIDE_PRIORITY: tuple[str, ...] = ("ford", "bridge", "river", "stream", "palisade")

Cell = tuple[str, str]  # (character, rich style)
_BLANK: Cell = (" ", "")


def terminal_map(
    state: GameState,
    rs: Ruleset,
    lang: str = "en",
    height: int | None = None,
    around: Hex | None = None,
) -> View:
    """The map of ``state`` with its legend; the drawing adapts to the console width
    (and ``height``, a terminal's lines, when given); ``around``: the window's centre."""
    return View([Deferred(TerminalMap(state, rs, lang, height, around).render)])


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

    def put_cells(self, y: int, x: int, cells: Sequence[Cell]) -> None:
        for i, (ch, style) in enumerate(cells):
            if 0 <= y < self.height and 0 <= x + i < self.width:
                self.cells[y][x + i] = (ch, style)

    def lines(self) -> list[Para]:
        """One line of text per row (cut in runs of one style when a renderer asks for
        them); never wrapped."""
        rows = list(self.cells)
        while rows and all(c == _BLANK for c in rows[-1]):
            rows.pop()
        out: list[Para] = []
        for row in rows:
            end = len(row)
            while end and row[end - 1] == _BLANK:
                end -= 1
            out.append(_Line(row[:end]))
        return out


class _Line(Para):
    """A line of the canvas: its text at once (all the plain renderer reads), its runs
    of one style only when they are asked for (the rich renderer)."""

    __slots__ = ("_cells", "_text")

    def __init__(self, cells: list[Cell]) -> None:
        super().__init__((), no_wrap=True)
        self._cells = cells
        self._text = "".join([ch for ch, _ in cells])

    @property
    def runs(self) -> tuple[tuple[str, str], ...]:
        return tuple(
            ("".join([ch for ch, _ in run]), style)
            for style, run in groupby(self._cells, key=itemgetter(1))
        )

    @property
    def text(self) -> str:
        return self._text


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
    """Picks the hex drawing (whole map or a window) or the compact one for the width
    (and height) given."""

    def __init__(
        self,
        state: GameState,
        rs: Ruleset,
        lang: str = "en",
        height: int | None = None,
        around: Hex | None = None,
    ) -> None:
        self.state = state
        self.rs = rs
        self.lang = lang
        self.height = height
        self.around = around
        self.grid = state.map.grid
        self.colours = side_colours(state)
        self.marks = side_marks(state)
        self.codes = type_codes(rs)
        self.letters = terrain_letters(rs)

    # -- choosing ------------------------------------------------------------------------
    def render(self, width: int) -> list[Para]:
        """The map lines, a note and the legend, for a console ``width`` wide."""
        game_map = self.state.map
        columns, rows = game_map.columns, game_map.rows
        lines: list[Para] = []
        fit_columns = max(0, (width - 2) // HEX_STEP)
        fit_rows = (
            rows
            if self.height is None
            else max(1, (self.height - RESERVED_LINES - 3) // HEX_ROW_LINES)
        )
        if self.grid.width == 2 and fit_columns >= min(3, columns):
            shown_c, shown_r = min(columns, fit_columns), min(rows, fit_rows)
            c1, r1 = self._window(shown_c, shown_r)
            # the hexes of the window only (in the table's order: row by row)
            contents = map_contents(
                self.state,
                [
                    Hex.from_offset(x, y)
                    for y in range(r1, r1 + shown_r)
                    for x in range(c1, c1 + shown_c)
                ],
            )
            lines.extend(self._hex_drawing(contents, c1, r1, shown_c, shown_r))
            if (shown_c, shown_r) != (columns, rows):
                centre = self.around or self._focus()
                lines.append(
                    Para.of(
                        say(
                            "ui.map.window",
                            self.lang,
                            c1=c1 + 1,
                            c2=c1 + shown_c,
                            r1=r1 + 1,
                            r2=r1 + shown_r,
                            columns=columns,
                            rows=rows,
                            around=self.grid.label(centre),
                        ),
                        "italic",
                    )
                )
        else:
            margin = len(str(rows)) + 1
            cell = max(1, min(4, (width - margin) // columns))
            shown = min(columns, max(1, width - margin))
            contents = map_contents(
                self.state, [Hex.from_offset(x, y) for y in range(rows) for x in range(shown)]
            )
            lines.extend(self._compact_drawing(contents, cell, shown))
            why = (
                say("ui.map.six_digits", self.lang)
                if self.grid.width != 2
                else f"{columns} × {HEX_STEP} > {width}"
            )
            note = say("ui.map.compact", self.lang, why=why, cell=cell)
            if shown < columns:
                note += "; " + say("ui.map.cropped", self.lang, c1=shown + 1, c2=columns)
            lines.append(Para.of(note, "italic"))
        lines.extend(self._legend())
        return lines

    def _focus(self) -> Hex:
        """Where the action is: the units of the side to play (else every unit), their
        middle; the map's centre on an empty table."""
        mine = [
            u.at for u in self.state.units() if u.at is not None and u.side == self.state.player
        ]
        spots = mine or [u.at for u in self.state.units() if u.at is not None]
        if not spots:
            return Hex.from_offset(self.state.map.columns // 2, self.state.map.rows // 2)
        xs = sorted(h.to_offset()[0] for h in spots)
        ys = sorted(h.to_offset()[1] for h in spots)
        return Hex.from_offset(xs[len(xs) // 2], ys[len(ys) // 2])

    def _window(self, shown_c: int, shown_r: int) -> tuple[int, int]:
        """The top left (column, row; 0-based) of a window of that size, centred on
        the focus and kept inside the map."""
        game_map = self.state.map
        x, y = (self.around or self._focus()).to_offset()
        c1 = min(max(0, x - shown_c // 2), game_map.columns - shown_c)
        r1 = min(max(0, y - shown_r // 2), game_map.rows - shown_r)
        return c1, r1

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
    @staticmethod
    def _side_cells(x0: int, y0: int, d: Direction) -> list[tuple[int, int, str]]:
        """(y, x, outline character) of hexside ``d`` of the hex drawn at (x0, y0)."""
        if d is Direction.N:
            return [(y0, x0 + i, "_") for i in (2, 3, 4, 5)]
        if d is Direction.NE:
            return [(y0 + 1, x0 + 6, "\\"), (y0 + 2, x0 + 7, "\\")]
        if d is Direction.SE:
            return [(y0 + 3, x0 + 7, "/"), (y0 + 4, x0 + 6, "/")]
        if d is Direction.S:
            return [(y0 + 4, x0 + i, "_") for i in (2, 3, 4, 5)]
        if d is Direction.SW:
            return [(y0 + 3, x0, "\\"), (y0 + 4, x0 + 1, "\\")]
        return [(y0 + 2, x0, "/"), (y0 + 1, x0 + 1, "/")]

    def _hex_drawing(
        self, contents: dict[Hex, HexContent], c1: int, r1: int, shown_c: int, shown_r: int
    ) -> list[Para]:
        """The hexes of the window (``contents``): every cell drawn falls inside the
        canvas, which is sized for them."""
        canvas = _Canvas(HEX_STEP * shown_c + 2, HEX_ROW_LINES * shown_r + 3)
        rows = canvas.cells
        placed = []
        for h, content in contents.items():
            x, y = h.to_offset()
            # the label as Hex.label writes it on a two-digit grid (the only one drawn so)
            placed.append(
                (
                    f"{x + 1:02d}{y + 1:02d}",
                    content,
                    HEX_STEP * (x - c1),
                    HEX_ROW_LINES * (y - r1) + (2 if x % 2 == 1 else 0),
                )
            )
        # the outline: the lower and upper sides four characters at once, the others one
        flat = [("_", _OUTLINE)] * 4
        outline = [
            (dy, dx, (ch, _OUTLINE))
            for d in Direction
            if d not in (Direction.N, Direction.S)
            for dy, dx, ch in self._side_cells(0, 0, d)
        ]
        for _, _, x0, y0 in placed:
            rows[y0][x0 + 2 : x0 + 6] = flat
            rows[y0 + 4][x0 + 2 : x0 + 6] = flat
            for dy, dx, cell in outline:
                rows[y0 + dy][x0 + dx] = cell
        # hexside features after every outline, so a neighbour never overdraws them
        for _, content, x0, y0 in placed:
            for d, kind in content.sides.items():
                cell = (hexside_glyph(kind), _HEXSIDE_STYLES.get(kind, "bold"))
                for y, x, _ in self._side_cells(x0, y0, d):
                    rows[y][x] = cell
        # a hex with neither unit nor leader: the same drawing for the same ground, but
        # for its label
        bare: dict[tuple[str, tuple[str, ...], bool], tuple[list[Cell], list[Cell], str]] = {}
        for label, content, x0, y0 in placed:
            if content.unit is None and not content.leaders:
                key = (content.terrain, tuple(content.camps), content.road)
                drawn = bare.get(key)
                if drawn is None:
                    _, middle, bottom, _ = self._hex_interior(label, content)
                    drawn = bare[key] = (middle, bottom, self._styles(content.terrain).label)
                middle, bottom, style = drawn
                top = [(ch, style) for ch in label[:4]]
                if len(top) < 4:
                    top = (top + [(" ", self._styles(content.terrain).blank)] * 4)[:4]
                rows[y0 + 1][x0 + 2 : x0 + 6] = top
                rows[y0 + 2][x0 + 1 : x0 + 7] = middle
                rows[y0 + 3][x0 + 1 : x0 + 7] = bottom
                continue
            top, middle, bottom, under = self._hex_interior(label, content)
            rows[y0 + 1][x0 + 2 : x0 + 6] = top
            rows[y0 + 2][x0 + 1 : x0 + 7] = middle
            rows[y0 + 3][x0 + 1 : x0 + 7] = bottom
            if under and Direction.S not in content.sides:
                rows[y0 + 4][x0 + 2 : x0 + 2 + len(under)] = under
        return canvas.lines()

    def _hex_interior(
        self, label: str, c: HexContent
    ) -> tuple[list[Cell], list[Cell], list[Cell], list[Cell]]:
        """The label line (4), the two unit lines (6 each), and marks for the lower
        outline (up to 4) when the unit's lines are full."""
        st = self._styles(c.terrain)
        blank: Cell = (" ", st.blank)
        top: list[Cell] = [(ch, st.label) for ch in label[:4]]
        middle: list[Cell] = []
        bottom: list[Cell] = []
        marks: list[Cell] = []
        if c.terrain != "clear":
            marks.append((self._letter(c.terrain), f"bold {st.text}" if st.bg else "bold"))
        for side_id in c.camps:
            marks.append(("⌂", st.fg(self.colours[side_id])))
        if c.road:
            marks.append(("=", st.fg("#8b5a2b") if st.bg else "bold #d7af5f"))
        if c.unit is not None:
            u = c.unit
            chip = self._chip(u.side)
            ident = u.id if len(u.id) <= 4 else u.id[:3] + "…"
            middle = [(self.marks[u.side], self._chip(u.side, bold=False))]
            middle += [(ch, chip) for ch in ident + FACING_ARROWS[u.facing]]
            extras: list[Cell] = []
            if c.leaders:
                lead = c.leaders[0]
                extras.append(
                    (LEADER_GLYPHS.get(lead.rank, "*"), f"{_LEADER} on {self.colours[lead.side]}")
                )
            extras += [
                (STATUS_LETTERS[s], st.fg("#ffd700"))
                for s in unit_statuses(u)
                if s in STATUS_LETTERS
            ]
            room = 6 - len(middle)
            middle += extras[:room]
            overflow = extras[room:]
            code = self.codes.get(u.type, u.type)[:2]
            cohesion = f"{u.cohesion.current}/{u.cohesion.max}"
            if len(cohesion) > 3:
                cohesion = str(u.cohesion.current)
            hurt = u.cohesion.current < u.cohesion.max
            bottom = [(ch, self._chip(u.side, bold=False)) for ch in code]
            bottom.append((WEIGHT_BARS.get(u.weight, "?"), self._chip(u.side, bold=False)))
            bottom += [
                (ch, f"bold {'#ffd700' if hurt else 'white'} on {self.colours[u.side]}")
                for ch in cohesion
            ]
            under = (marks + overflow)[:4]
        else:
            if c.leaders:
                lead = c.leaders[0]
                middle = [
                    (LEADER_GLYPHS.get(lead.rank, "*"), f"{_LEADER} on {self.colours[lead.side]}")
                ]
                middle += [
                    (ch, f"italic {self._chip(lead.side)}")
                    for ch in (lead.id[:4] + self.marks[lead.side])
                ]
                bottom = marks[:6]
            else:
                middle = ([blank, blank, *marks])[:6] if marks else []
            under = []
        middle = (middle + [blank] * 6)[:6]
        bottom = (bottom + [blank] * 6)[:6]
        top = (top + [blank] * 4)[:4]
        return top, middle, bottom, under

    # -- the compact drawing ---------------------------------------------------------
    def _compact_drawing(
        self, contents: dict[Hex, HexContent], cell: int, shown: int
    ) -> list[Para]:
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
        # most hexes are bare ground: drawn once per kind of ground (terrain, road)
        bare: dict[tuple[str, bool], list[Cell]] = {}
        for h, c in contents.items():
            x, y = h.to_offset()
            x0 = margin + cell * x
            y0 = header + 2 * y + (1 if x % 2 == 1 else 0)
            if c.unit is None and not c.leaders and not c.camps and not c.sides:
                cells = bare.get((c.terrain, c.road))
                if cells is None:
                    cells = bare[c.terrain, c.road] = self._compact_cells(c, cell)
            else:
                cells = self._compact_cells(c, cell)
            canvas.put_cells(y0, x0, cells)
        return canvas.lines()

    def _compact_cells(self, c: HexContent, cell: int) -> list[Cell]:
        """One line of ``cell`` characters: the unit (id and facing, in its side's
        colour, the side mark when there is room), or a leader alone, or the terrain
        letter and marks."""
        st = self._styles(c.terrain)
        blank: Cell = (" ", st.blank)
        terrain: Cell = (self._letter(c.terrain), f"bold {st.text}" if st.bg else "grey50")
        marks: list[Cell] = []
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
            text = u.id[: max(1, cell - 1)] + FACING_ARROWS[u.facing]
            first = [(ch, self._chip(u.side)) for ch in text][:cell]
        elif c.leaders:
            lead = c.leaders[0]
            text = LEADER_GLYPHS.get(lead.rank, "*") + lead.id[: cell - 1]
            first = [(ch, f"italic {self._chip(lead.side)}") for ch in text]
        elif cell == 1:
            first = [marks[0] if marks else terrain]
        else:
            first = [terrain, *marks]
        return (first + [blank] * cell)[:cell]

    # -- legend ----------------------------------------------------------------------
    def _legend(self) -> list[Para]:
        rs, state, lang = self.rs, self.state, self.lang
        game_map = state.map
        lines: list[Para] = []
        sample = next((u for u in state.units()), None)
        if sample is not None:
            lines.append(
                Para.of(
                    say(
                        "ui.map.counter",
                        lang,
                        id=sample.id,
                        arrow=FACING_ARROWS[sample.facing],
                        code=self.codes.get(sample.type, "")[:2],
                        weight=WEIGHT_BARS.get(sample.weight, "?"),
                    )
                )
            )
            lines.append(
                Para.of(
                    say("ui.map.weights", lang)
                    + " "
                    + "  ".join(f"{bar} {rs.weight_label(w)}" for w, bar in WEIGHT_BARS.items())
                )
            )
        terrains = sorted(map_terrains(state), key=lambda k: (k != "clear", k))
        runs: list[tuple[str, str]] = [(say("ui.map.terrain", lang) + " ", "")]
        for key in terrains:
            st = self._styles(key)
            runs.append((f" {self._letter(key)} ", f"bold {st.text}" if st.bg else ""))
            runs.append((f" {terrain_label(rs, key)}  ", ""))
        lines.append(Para(tuple(runs)))
        runs = [(say("ui.map.marks", lang) + " ", "")]
        for kind in sorted(set(game_map.hexsides.values())):
            runs.append((hexside_glyph(kind), _HEXSIDE_STYLES.get(kind, "bold")))
            runs.append((f" {hexside_label(rs, kind)}  ", ""))
        if game_map.roads:
            runs += [("=", "bold #d7af5f"), (f" {say('ui.map.road', lang)}  ", "")]
        if any(s.camp.at is not None for s in state.sides):
            runs += [("⌂", ""), (f" {say('ui.map.camp', lang)}  ", "")]
        lines.append(Para(tuple(runs)))
        statuses = sorted(
            {
                s
                for status in {u.status for u in state.units()}
                for s in unit_statuses_of(status)
                if s in STATUS_LETTERS
            },
            key=list(STATUS_LETTERS).index,
        )
        if statuses:
            runs = [(say("ui.map.statuses", lang) + " ", "")]
            for s in statuses:
                runs += [(STATUS_LETTERS[s], "bold #ffd700"), (f" {word('status', s, lang)}  ", "")]
            lines.append(Para(tuple(runs)))
        runs = [(say("ui.map.leaders", lang) + " ", "")]
        for rank in RANK_ORDER:
            runs += [(LEADER_GLYPHS[rank], _LEADER), (f" {rank_label(rs, rank)}  ", "")]
        runs.append((say("ui.map.leader_alone", lang), ""))
        lines.append(Para(tuple(runs)))
        lines.append(
            Para.of(
                say("ui.map.facing", lang)
                + " "
                + "  ".join(
                    f"{arrow} {word('facing', d.name, lang)}" for d, arrow in FACING_ARROWS.items()
                )
            )
        )
        present = sorted(
            {u.type for u in state.units()} | {u.type for s in state.sides for u in s.off_table}
        )
        lines.append(
            Para.of(
                say("ui.map.units", lang)
                + " "
                + "  ".join(f"{self.codes.get(t, t)} {rs.type_label(t)}" for t in present)
            )
        )
        runs = [(say("ui.map.sides", lang) + " ", "")]
        for side in state.sides:
            runs += [
                (f" {self.marks[side.id]} {side.id} ", self._chip(side.id)),
                (
                    " "
                    + say("ui.map.side", lang, name=side.name, edge=word("edge", side.edge, lang))
                    + "  ",
                    "",
                ),
            ]
        lines.append(Para(tuple(runs)))
        width = self.grid.width
        none = say("ui.map.none", lang)
        for side in state.sides:
            if side.off_table or side.entry_points:
                entries = " ".join(h.label(width) for h in side.entry_points) or none
                waiting = (
                    " ".join(f"{u.id} ({self.codes.get(u.type, u.type)})" for u in side.off_table)
                    or none
                )
                lines.append(
                    Para.of(
                        say(
                            "ui.map.off_table", lang, side=side.name, units=waiting, entries=entries
                        )
                    )
                )
        return lines

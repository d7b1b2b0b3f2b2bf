"""Neutral view data: what a view says, without how it is drawn. Never imports rich.

Every text view (the adjudication report, the army tables, the map, ``moves``,
``odds``, the ruleset tables) is built once as a :class:`View`, a list of blocks:

* :class:`Para`: text made of runs, each with a style name (the styles are rich style
  strings, used only by the rich renderer; the plain renderer ignores them);
* :class:`TableData`: a title, columns, rows of cells (``str`` or :class:`Para`) and a
  caption;
* :class:`Deferred`: blocks that depend on the width they are drawn at (the map picks
  its hex or compact drawing from it).

Two thin renderers draw a view: :mod:`referee.render.richview` (rich tables, styles,
colours: the terminal) and :mod:`referee.render.plain` (aligned columns and plain
lines, without importing rich: pipes and files). The consoles of
:mod:`referee.render.console` print views (rich's: :class:`referee.render.richview.
ViewConsole`); rich is imported only then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Literal

Justify = Literal["left", "right", "center"]


# Plain classes, not dataclasses: creating four dataclasses costs ~4 ms at every start
# of the command, a few percent of the whole `referee show` when piped.
class Para:
    """A piece of text: runs of (text, style) over a base ``style``. Lines are split
    on ``\\n``; a ``no_wrap`` text is cropped at the width instead of wrapped."""

    __slots__ = ("_runs", "no_wrap", "style")

    def __init__(
        self, runs: tuple[tuple[str, str], ...], style: str = "", no_wrap: bool = False
    ) -> None:
        self._runs = runs
        self.style = style
        self.no_wrap = no_wrap

    @classmethod
    def of(cls, text: str, style: str = "", no_wrap: bool = False) -> Para:
        return cls(((text, ""),), style, no_wrap)

    @property
    def runs(self) -> tuple[tuple[str, str], ...]:
        """(text, style) pieces; a subclass may build them only when asked (the map's
        lines: only the rich renderer needs their styles)."""
        return self._runs

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.runs)

    def __repr__(self) -> str:
        return f"Para({self.text!r}, style={self.style!r})"


Cell = str | Para


class Column:
    __slots__ = ("header", "justify", "no_wrap", "style")

    def __init__(
        self, header: str, justify: Justify = "left", style: str = "", no_wrap: bool = False
    ) -> None:
        self.header = header
        self.justify = justify
        self.style = style  # rich style of the whole column
        self.no_wrap = no_wrap  # short values: never folded (and cheaper for rich to lay out)


class TableData:
    """A table; ``box`` names a ``rich.box`` constant and ``show_lines`` asks for rules
    between rows: both for rich only (the plain renderer draws neither)."""

    __slots__ = ("box", "caption", "columns", "rows", "show_lines", "title")

    def __init__(
        self,
        columns: list[Column],
        rows: list[list[Cell]] | None = None,
        title: str = "",
        caption: str = "",
        box: str = "SIMPLE_HEAD",
        show_lines: bool = False,
    ) -> None:
        self.columns = columns
        self.rows: list[list[Cell]] = rows if rows is not None else []
        self.title = title
        self.caption = caption
        self.box = box
        self.show_lines = show_lines

    def add_row(self, *cells: Cell) -> None:
        self.rows.append(list(cells))

    def __repr__(self) -> str:
        return f"TableData({[c.header for c in self.columns]}, {len(self.rows)} rows)"


class Deferred:
    """Blocks built for the width they are drawn at."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[int], Sequence[Block]]) -> None:
        self.build = build


Block = Para | TableData | Deferred


# The army-break gauge: text, the same in both renderers (army tables, reports, HTML).
GAUGE = 12  # characters


def gauge(losses: int, cohesion: int, broken: bool) -> str:
    """``███░░░░░░░░░``: losses toward the break point (losses = army cohesion)."""
    if cohesion <= 0:
        return "░" * GAUGE
    filled = GAUGE if broken else min(GAUGE - 1, round(GAUGE * losses / cohesion))
    return "█" * filled + "░" * (GAUGE - filled)


class View:
    """A list of blocks, drawn by either renderer."""

    def __init__(self, blocks: Iterable[Block | View] = ()) -> None:
        self.blocks: list[Block] = []
        for block in blocks:
            if isinstance(block, View):
                self.blocks.extend(block.blocks)
            else:
                self.blocks.append(block)

    def __iter__(self) -> Iterator[Block]:
        return iter(self.blocks)

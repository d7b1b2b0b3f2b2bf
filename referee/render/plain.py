"""The plain-text renderer of :mod:`referee.render.blocks` (pipes, files, mail).

No rich here, not even imported: aligned columns separated by two spaces, a rule of
dashes under the headers, cells wrapped at word boundaries when a table would be
wider than the page, text wrapped (or, for ``no_wrap`` lines such as the map, cropped)
at the page width. Styles are dropped; trailing spaces are not written.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.render.blocks import Block, Cell, Deferred, Para, TableData

GAP = "  "  # between two columns
MIN_WRAP = 8  # a column is never wrapped narrower than this, even if words get broken


def render_plain(blocks: Iterable[Block], width: int) -> str:
    """The blocks as text lines, each ending in a newline."""
    return PlainWriter(width).render(blocks)


class PlainWriter:
    """Renders blocks in one or more calls, keeping a blank line around each table."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.last = ""  # "", "text" or "table": what the previous block was

    def render(self, blocks: Iterable[Block]) -> str:
        lines: list[str] = []
        for block in blocks:
            self._block(block, lines)
        return "".join(line.rstrip() + "\n" for line in lines)

    def _block(self, block: Block, lines: list[str]) -> None:
        if isinstance(block, Deferred):
            for b in block.build(self.width):
                self._block(b, lines)
            return
        table = isinstance(block, TableData)
        if self.last == "table" or (table and self.last):
            lines.append("")
        if isinstance(block, TableData):
            lines.extend(_table(block, self.width))
        else:
            lines.extend(_para(block, self.width))
        self.last = "table" if table else "text"


def _para(para: Para, width: int) -> list[str]:
    out: list[str] = []
    for line in para.text.split("\n"):
        if len(line) <= width:
            out.append(line)
        elif para.no_wrap:
            out.append(line[:width])
        else:
            out.extend(_wrap(line, width))
    return out


def _wrap(line: str, width: int) -> list[str]:
    if len(line) <= width:
        return [line]
    import textwrap  # only when something is too long for its width

    return textwrap.wrap(line, width, break_on_hyphens=False) or [""]


def _cell_text(cell: Cell) -> str:
    return cell if isinstance(cell, str) else cell.text


def _table(table: TableData, width: int) -> list[str]:
    columns = table.columns
    n = len(columns)
    heads = [c.header.split("\n") for c in columns]
    rows = [[_cell_text(c).split("\n") for c in (row + [""] * n)[:n]] for row in table.rows]
    widths = [max((len(part) for cell in [heads[i], *(r[i] for r in rows)] for part in cell),
                  default=0) for i in range(n)]
    _fit(table, heads, rows, widths, width - len(GAP) * (n - 1))
    heads = [[part for line in h for part in _wrap(line, widths[i])]
             for i, h in enumerate(heads)]
    out: list[str] = []
    if table.title:
        out.extend(_wrap(table.title, width))
    depth = max((len(h) for h in heads), default=1)
    heads = [[""] * (depth - len(h)) + h for h in heads]  # headers sit on the rule
    for k in range(depth):
        out.append(_line([h[k] for h in heads], widths, table))
    out.append(GAP.join("-" * w for w in widths))
    for row in rows:
        cells = [[part for line in cell for part in _wrap(line, widths[i])]
                 for i, cell in enumerate(row)]
        for k in range(max((len(c) for c in cells), default=1)):
            out.append(_line([c[k] if k < len(c) else "" for c in cells], widths, table))
    if table.caption:
        out.extend(_wrap(table.caption, width))
    return out


def _fit(table: TableData, heads: list[list[str]], rows: list[list[list[str]]],
         widths: list[int], room: int) -> None:
    """Narrow the widest wrappable columns, one character at a time, until the table
    fits in ``room``: first not below their longest word, then not below MIN_WRAP
    (words get broken). A table that still does not fit is left wider."""
    excess = sum(widths) - room
    if excess <= 0:
        return
    n = len(widths)
    words = [max((len(word) for cell in [heads[i], *(r[i] for r in rows)] for line in cell
                  for word in line.split()), default=0) for i in range(n)]
    for floor in (words, [MIN_WRAP] * n):
        floors = [widths[i] if table.columns[i].no_wrap else min(widths[i], floor[i])
                  for i in range(n)]
        while excess > 0:
            free = [i for i in range(n) if widths[i] > floors[i]]
            if not free:
                break
            widest = max(free, key=lambda i: widths[i])
            widths[widest] -= 1
            excess -= 1


def _line(cells: list[str], widths: list[int], table: TableData) -> str:
    parts = []
    for text, w, col in zip(cells, widths, table.columns, strict=True):
        if col.justify == "right":
            parts.append(text.rjust(w))
        elif col.justify == "center":
            parts.append(text.center(w))
        else:
            parts.append(text.ljust(w))
    return GAP.join(parts)

"""The plain-text renderer of :mod:`referee.render.blocks` (pipes, files, mail).

No rich here, not even imported: aligned columns separated by two spaces, a rule of
dashes under the headers, cells wrapped at word boundaries when a table would be
wider than the page, text wrapped (or, for ``no_wrap`` lines such as the map, cropped)
at the page width. Styles are dropped; trailing spaces are not written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import zip_longest

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
        return "\n".join(map(str.rstrip, lines)) + "\n" if lines else ""

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
    if (
        width >= 1
        and line.isprintable()
        and "  " not in line
        and line[0] != " "
        and line[-1] != " "
    ):
        return _greedy(line, width)
    import textwrap  # only for what the greedy wrap does not take

    return textwrap.wrap(line, width, break_on_hyphens=False) or [""]


def _greedy(text: str, width: int) -> list[str]:
    """``textwrap.wrap(text, width, break_on_hyphens=False)``, line for line, for a text
    of words separated by single spaces (no other whitespace: ``isprintable``), neither
    starting nor ending with a space, ``width >= 1`` (``tests/test_plain_wrap.py`` checks
    it against textwrap). textwrap's greedy loop over its chunks (words and spaces):
    a line takes the chunks that fit in ``width``, drops a trailing space; a word that
    does not fit and is longer than ``width`` is broken to fill the line (even after
    other words); a space starting a later line is dropped."""
    lines = []
    n = len(text)
    s = 0
    while n - s > width:
        p = text.rfind(" ", s, s + width + 1)  # the last word end that fits
        if p == -1:  # the first word alone is too long: broken at the width
            lines.append(text[s : s + width])
            s += width
            continue
        if p - s < width:  # the space fits too: is the next word too long for any line?
            q = text.find(" ", p + 1)
            if (n if q == -1 else q) - p - 1 > width:
                if p - s + 1 == width:  # no room left for a piece: the space stays
                    lines.append(text[s : p + 1])
                    s = p + 1
                else:
                    lines.append(text[s : s + width])
                    s += width
                continue
        lines.append(text[s:p])
        s = p + 1
    lines.append(text[s:])
    return lines


def _cell_text(cell: Cell) -> str:
    return cell if isinstance(cell, str) else cell.text


def _table(table: TableData, width: int) -> list[str]:
    """The table's lines. Linear in its cells and cheap per row (an army table has
    thousands): widths from each column's distinct texts, a cell wrapped only when it
    is too wide for its column (each distinct text once), a row written by one
    ``str.format`` call."""
    columns = table.columns
    n = len(columns)
    heads, texts, distinct, widths = _measure(table, width - len(GAP) * (n - 1))
    heads = [[part for line in h for part in _wrap(line, widths[i])] for i, h in enumerate(heads)]
    out: list[str] = []
    if table.title:
        out.extend(_wrap(table.title, width))
    depth = max((len(h) for h in heads), default=1)
    heads = [[""] * (depth - len(h)) + h for h in heads]  # headers sit on the rule
    for k in range(depth):
        out.append(_line([h[k] for h in heads], widths, table))
    out.append(GAP.join("-" * w for w in widths))
    # one format for every line: left and right by the format, centred cells beforehand
    # (str.center and the format's centring split an odd margin differently; an empty
    # cell comes out the same either way)
    fmt = GAP.join(
        f"{{:{'>' if col.justify == 'right' else '<'}{w}}}"
        for col, w in zip(columns, widths, strict=True)
    )
    centre = [i for i, col in enumerate(columns) if col.justify == "center"]
    # the texts that take more than one line in their column, as their lines
    folded = [
        {t: _cell_lines(t, w, i in centre) for t in texts_ if len(t) > w or "\n" in t}
        for i, (texts_, w) in enumerate(zip(distinct, widths, strict=True))
    ]
    fold = [(i, f) for i, f in enumerate(folded) if f]
    for cells in texts:
        line: Sequence[str] = cells
        if centre:
            line = [t.center(widths[i]) if i in centre else t for i, t in enumerate(cells)]
        if fold and any(cells[i] in f for i, f in fold):
            parts: list[tuple[str, ...]] = [(t,) for t in line]
            for i, f in fold:
                parts[i] = f.get(cells[i], parts[i])
            out.extend(fmt.format(*ln) for ln in zip_longest(*parts, fillvalue=""))
        else:
            out.append(fmt.format(*line))
    if table.caption:
        out.extend(_wrap(table.caption, width))
    return out


def fit_widths(table: TableData, room: int) -> list[int]:
    """The width of each column's text so that the table's cells fit in ``room``
    characters (the space between columns not counted): a column narrowed first down to
    its longest word, so that words are not broken when the page is wide enough. The
    rich renderer lays its tables out with them too."""
    return _measure(table, room)[3]


def _measure(
    table: TableData, room: int
) -> tuple[list[list[str]], list[tuple[str, ...]], list[set[str]], list[int]]:
    """The headers' lines, the rows' texts, each column's distinct texts and the
    columns' widths fitted in ``room``."""
    n = len(table.columns)
    heads = [c.header.split("\n") for c in table.columns]
    texts = _texts(table.rows, n)
    # each column's distinct texts: the widths, longest words and wrapping need no more
    distinct = [set(col) for col in zip(*texts, strict=True)] if texts else [set()] * n
    # the longest line of a column: of all its texts' lines at once
    widths = [max(map(len, "\n".join([*heads[i], *distinct[i]]).split("\n"))) for i in range(n)]
    _fit(table, heads, distinct, widths, room)
    return heads, texts, distinct, widths


def _texts(rows: list[list[Cell]], n: int) -> list[tuple[str, ...]]:
    """The rows' cells as text, exactly ``n`` a row (missing cells empty), converted
    column by column."""
    if any(len(row) != n for row in rows):
        rows = [(row + [""] * n)[:n] for row in rows]
    columns = [
        col
        if all(isinstance(c, str) for c in col)
        else tuple(c if isinstance(c, str) else c.text for c in col)
        for col in zip(*rows, strict=True)
    ]
    return list(zip(*columns, strict=True)) if n else [() for _ in rows]


def _cell_lines(text: str, width: int, centre: bool) -> tuple[str, ...]:
    """A cell's lines in a column ``width`` wide: its own lines, each wrapped (and
    centred in the column for a centred one)."""
    lines = [part for line in text.split("\n") for part in _wrap(line, width)]
    return tuple(line.center(width) for line in lines) if centre else tuple(lines)


def _fit(
    table: TableData, heads: list[list[str]], distinct: list[set[str]], widths: list[int], room: int
) -> None:
    """Narrow the widest wrappable columns, one character at a time, until the table
    fits in ``room``: first not below their longest word, then not below MIN_WRAP
    (words get broken). A table that still does not fit is left wider."""
    excess = sum(widths) - room
    if excess <= 0:
        return
    n = len(widths)
    # a column that is never wrapped keeps its width: its longest word does not matter
    # (the longest word of all its texts at once)
    words = [
        0
        if table.columns[i].no_wrap
        else max(map(len, " ".join([*heads[i], *distinct[i]]).split()), default=0)
        for i in range(n)
    ]
    for floor in (words, [MIN_WRAP] * n):
        floors = [
            widths[i] if table.columns[i].no_wrap else min(widths[i], floor[i]) for i in range(n)
        ]
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

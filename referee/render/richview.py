"""The rich renderer of :mod:`referee.render.blocks`: tables, styles and colours for
the terminal, and the rich console that draws views (:class:`ViewConsole`). Imported
only when a view is drawn by rich."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from referee.render.blocks import Block, Cell, Deferred, Para, TableData, View
from referee.render.plain import fit_widths


class ViewConsole(Console):
    """A rich console that also prints views (``console.print(view)``), drawn by
    :func:`to_rich`."""

    def print(self, *objects: Any, **options: Any) -> None:
        super().print(*(to_rich(o) if isinstance(o, View) else o for o in objects), **options)


def to_rich(blocks: Iterable[Block]) -> RenderableType:
    """One flat Group of the blocks (a single block as is)."""
    items = [_block(b) for b in blocks]
    return items[0] if len(items) == 1 else Group(*items)


def text(para: Para) -> Text:
    """A Text of the runs. Never parsed as markup: values are printed as they are."""
    out = Text(
        style=para.style, no_wrap=para.no_wrap or None, overflow="crop" if para.no_wrap else None
    )
    for run, style in para.runs:
        out.append(run, style or None)
    return out


def _cell(cell: Cell) -> Text:
    return Text(cell) if isinstance(cell, str) else text(cell)


def _block(block: Block) -> RenderableType:
    if isinstance(block, Para):
        return text(block)
    if isinstance(block, Deferred):
        return _Deferred(block)
    return _Fitted(block)


class _Fitted:
    """A table laid out at the width rich gives it with the plain renderer's column
    widths (:func:`referee.render.plain.fit_widths`): a column is narrowed down to its
    longest word before any word is broken, and a cell is never cut with an ellipsis
    (rich's own layout shrinks every column in proportion and cuts words at 80
    columns). The open boxes (``SIMPLE``...) draw no edge and one space of padding
    between columns; the closed ones (``SQUARE``) keep their frame."""

    def __init__(self, block: TableData) -> None:
        self.block = block

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table(options.max_width)

    def table(self, width: int) -> Table:
        block = self.block
        n = len(block.columns)
        framed = block.box in _FRAMED
        # the frame and the padding around the cells: rich's own count of them
        extra = 2 + (n - 1) + 2 * n if framed else 2 * max(n - 1, 0)
        widths = fit_widths(block, width - extra)
        table = Table(
            title=block.title or None,
            caption=block.caption or None,
            box=getattr(box, block.box),
            show_lines=block.show_lines,
            show_edge=framed,
            pad_edge=framed,
            collapse_padding=not framed,
        )
        for col, w in zip(block.columns, widths, strict=True):
            table.add_column(
                col.header,
                justify=col.justify,
                style=col.style or None,
                no_wrap=col.no_wrap,
                width=w,
                overflow="fold",
            )
        for row in block.rows:
            table.add_row(*[_cell(c) for c in row])
        return table


_FRAMED = frozenset({"SQUARE", "ROUNDED", "HEAVY", "DOUBLE", "ASCII"})


class _Deferred:
    """Built at the width rich gives it (``options.max_width``)."""

    def __init__(self, block: Deferred) -> None:
        self.block = block

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        built: Sequence[Block] = self.block.build(options.max_width)
        for b in built:
            yield _block(b)

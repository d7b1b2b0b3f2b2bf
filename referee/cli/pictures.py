"""Writing the pictures of the CLI: the SVG map, its PNG, the HTML turn report
(``show --svg/--png``, ``history --report N --html``, ``adjudicate --html``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from referee import errors


def write_text(path: str, text: str) -> None:
    """``-``: stdout; else an atomic write (``referee.io.files.atomic_write``)."""
    if path == "-":
        sys.stdout.write(text)
        return
    from referee.io.files import atomic_write

    atomic_write(path, text)


def write_bytes(path: str, data: bytes) -> None:
    """``-``: stdout; else an atomic write (``referee.io.files.atomic_write``)."""
    if path == "-":
        sys.stdout.buffer.write(data)
        return
    from referee.io.files import atomic_write

    atomic_write(path, data)


def hex_on_map(state: Any, label: str | None) -> Any:
    """``--around HEX``: the hex, or a usage error (exit 2) naming the map's range."""
    if label is None:
        return None
    from referee.core.hexgrid import Hex

    try:
        h = Hex.from_label(label)
    except ValueError:
        h = None
    if h is None or not state.map.grid.contains(h):
        last = state.map.grid.label(Hex.from_offset(state.map.columns - 1, state.map.rows - 1))
        from referee.core.model import Problem

        raise errors.UsageError(
            Problem(
                "--around",
                code="no_hex",
                data={"hex": label, "last": last},
            )
        )
    return h


def picture_window(state: Any, around: str | None, radius: int | None) -> Any:
    """``--around HEX --radius N`` of the pictures: (centre, radius), or None for the
    whole map. ``--radius`` alone is a usage error (exit 2); a radius under 1 too."""
    from referee.cli.app import DEFAULT_RADIUS
    from referee.core.model import Problem

    if radius is not None and (around is None or radius < 1):
        raise errors.UsageError(
            Problem(
                "--radius",
                code="cli.radius_without_around",
                data={"radius": str(radius)},
            )
        )
    if around is None:
        return None
    return hex_on_map(state, around), radius if radius is not None else DEFAULT_RADIUS


def write_png(path: str, svg: str, lang: str, zoom: float = 1.0) -> tuple[int, int]:
    """Rasterise ``svg`` to ``path`` (scaled by ``zoom``: ``png_scale``; below 1, the
    faster rendering policy). Without the optional rasteriser: a usage error (exit 2)
    that says how to install it. Ctrl-C stops the rasteriser at once; nothing is
    written then."""
    from referee.render.pictures import RasteriserMissing, png

    try:
        data, width, height = png(svg, zoom, fast=zoom < 1.0)
    except RasteriserMissing as exc:
        raise errors.UsageError(exc.problem) from None
    except ValueError as exc:  # the rasteriser refused the picture: a bug of ours
        raise RuntimeError(f"the SVG rasteriser failed: {exc}") from None
    write_bytes(path, data)
    return width, height


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    try:
        return package_version("referee")
    except PackageNotFoundError:
        return "(not installed)"


def write_html_report(
    path: str,
    title: str,
    footer: str,
    before: Any,
    outcome: Any,
    rs: Any,
    lang: str,
    index: int | None,
    size: float,
    window: Any = None,
) -> None:
    """The self-contained HTML turn report of one phase (``window``: of
    ``picture_window``)."""
    from referee.render.html import html_report
    from referee.render.pictures import phase_svg
    from referee.render.report import events_rule, ruling_rows

    events: Sequence[Any] = outcome.events
    svg = phase_svg(before, outcome.state, events, rs, lang, size, index, window=window)
    armies = [(str(e.subject), e.data) for e in events if e.code == "army.status"]
    names = {s.id: s.name for s in outcome.state.sides}
    armies = [(names.get(side, side), data) for side, data in armies]
    text = html_report(
        title,
        svg,
        ruling_rows(events, lang, rs),
        list(outcome.rolls),
        armies,
        footer,
        lang,
        version(),
        armies_rule=events_rule(events),
    )
    write_text(path, text)

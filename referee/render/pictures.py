"""Pictures people can paste: the SVG map of a phase with its actions, as PNG (with
the optional rasteriser) and inside a self-contained HTML turn report.

``phase_svg`` draws the position after a phase with what the phase did (moves,
attacks, routs...), numbered as the rulings; ``png`` rasterises any SVG with resvg
(``pip install 'referee[png]'``: the ``resvg-py`` wheel, 3 MB, no system library;
imported only for ``--png``)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.army import armies
from referee.core.events import Event
from referee.core.model import GameState, Problem
from referee.core.ruleset import Ruleset
from referee.render.actions import phase_actions
from referee.render.report import ruling_rows
from referee.render.svg import DEFAULT_SIZE, phase_title, svg_map

PNG_EXTRA = "png"  # pyproject's optional dependency group


class RasteriserMissing(Exception):
    """``--png`` without the optional rasteriser installed."""

    problem = Problem(
        "--png",
        "--png needs the optional SVG rasteriser (resvg), which is not installed",
        "pip install 'referee[png]' (or: pip install resvg-py)",
        code="png_missing",
    )


def phase_svg(
    before: GameState,
    after: GameState,
    events: Sequence[Event],
    rs: Ruleset,
    lang: str,
    size: float = DEFAULT_SIZE,
    index: int | None = None,
) -> str:
    """The position after a phase, with the phase's actions drawn on it and each army's
    break gauge."""
    rows = ruling_rows(events, lang, rs)
    actions = phase_actions(before, events, [text for _, _, text, _ in rows])
    return svg_map(
        after,
        rs,
        lang,
        size,
        actions,
        armies(after, rs),
        phase_title(rs.title, before, index, lang),
    )


def png(svg: str) -> tuple[bytes, int, int]:
    """The SVG as PNG bytes, with its size in pixels. Raises RasteriserMissing."""
    try:
        import resvg_py
    except ImportError:
        raise RasteriserMissing() from None
    data = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    width = int.from_bytes(data[16:20], "big") if data[:8] == b"\x89PNG\r\n\x1a\n" else 0
    height = int.from_bytes(data[20:24], "big") if width else 0
    return data, width, height


def rasteriser_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("resvg_py") is not None

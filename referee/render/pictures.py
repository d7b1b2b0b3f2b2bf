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
from referee.core.hexgrid import Hex
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
    scale: float = 1.0,
    window: tuple[Hex, int] | None = None,
) -> str:
    """The position after a phase, with the phase's actions drawn on it and each army's
    break gauge (``scale``, ``window``: as ``svg_map``'s)."""
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
        scale,
        window,
    )


# The child that rasterises: SVG on stdin, PNG on stdout, the zoom and the rendering
# policy as arguments; a refusal of resvg's on stderr with exit 3.
_CHILD = (
    "import sys, resvg_py\n"
    "svg = sys.stdin.buffer.read().decode('utf-8')\n"
    "zoom, policy = float(sys.argv[1]), sys.argv[2]\n"
    "try:\n"
    "    data = resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, shape_rendering=policy,"
    " text_rendering='optimize_legibility' if policy != 'optimize_speed' else policy)\n"
    "except ValueError as exc:\n"
    "    sys.stderr.write(str(exc)); sys.exit(3)\n"
    "sys.stdout.buffer.write(bytes(data))\n"
)


def png(svg: str, zoom: float = 1.0, fast: bool = False) -> tuple[bytes, int, int]:
    """The SVG as PNG bytes, with its size in pixels; ``zoom`` scales it (``png_scale``
    of a big map), ``fast`` trades anti-aliasing for speed. Raises RasteriserMissing,
    ValueError when resvg refuses the SVG.

    resvg is native code that holds the GIL for the whole picture (a minute on a
    200x150 map at full size): it runs in a child process, killed at once when the
    parent is interrupted (KeyboardInterrupt propagates, nothing is written)."""
    import subprocess
    import sys

    try:
        import resvg_py  # noqa: F401  (installed? the child imports it again)
    except ImportError:
        raise RasteriserMissing() from None
    policy = "optimize_speed" if fast else "geometric_precision"
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, repr(zoom), policy],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        data, err = child.communicate(svg.encode("utf-8"))
    except BaseException:  # Ctrl-C (or any error): the child stops now, not in a minute
        child.kill()
        child.wait()
        raise
    if child.returncode != 0:
        raise ValueError(err.decode("utf-8", "replace").strip() or f"exit {child.returncode}")
    width = int.from_bytes(data[16:20], "big") if data[:8] == b"\x89PNG\r\n\x1a\n" else 0
    height = int.from_bytes(data[20:24], "big") if width else 0
    return data, width, height


def rasteriser_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("resvg_py") is not None

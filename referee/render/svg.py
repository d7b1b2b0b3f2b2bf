"""The battlefield as a standalone SVG 1.1 map (standard library only).

Flat-topped hexes laid out as the printed map: ``CCRR`` labels from ``0101`` at the
top left, even columns half a hex lower (``referee.core.hexgrid``). Terrain is the
hex fill (with a few strokes, so that it reads without colour), rivers and other
linear features lie on the hexsides, roads join hex centres under the labels.

Units are counters in their side's colour that read like wargame counters: type code
and weight (filled marks, one to five, light to heavy) on top, the id in the middle,
cohesion now/max at the bottom (yellow once hurt), a notch on the edge it faces, and
badges for its statuses (``D`` désordre, ``P`` pré-joué, ``A`` activated, ``ss`` ss
cb...; see ``referee.render.symbols``). Leaders are stars (general) or discs on the
counter they are attached to, or alone with their id.

With the actions of a phase (:mod:`referee.render.actions`), the map also shows what
happened: move paths, retreats and evasions, pursuits, attacks (melee: a solid red
arrow; shooting: a dashed one), each numbered as its ruling in the report; cohesion
lost (``−2``) on the units, units removed as crossed-out ghosts. Army gauges show how
close each side is to its break point (001). A legend explains all of it, in the
language asked for.

Size: ``size`` is the hex radius in pixels (centre to corner); the canvas fits the
map, and every font scales with the hexes (never under 9 px).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from html import escape as _html_escape
from typing import Any, ClassVar

from msgspec.structs import replace

from referee.core.hexgrid import Direction, Hex
from referee.core.model import WEIGHTS, GameState, Leader, Unit
from referee.core.ruleset import Ruleset
from referee.render.actions import (
    FURY,
    MELEE,
    MOVE,
    PURSUIT,
    RETREAT,
    ROUT,
    SHOOTING,
    Action,
    PhaseActions,
)
from referee.render.grammar import label as labelled
from referee.render.grammar import say, word, words_list
from referee.render.symbols import (  # noqa: F401  (re-exported for older imports)
    BADGE_OF,
    FACING_ARROWS,
    LEADER_GLYPHS,
    RANK_ORDER,
    STATUS_BADGES,
    STATUS_LETTERS,
    TERRAIN_COLOURS,
    UNKNOWN_TERRAIN_COLOUR,
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
    unit_statuses,
    weight_level,
)
from referee.render.wording import trait_word, unit_kind

DEFAULT_SIZE = 36.0  # hex radius, px
MIN_SIZE, MAX_SIZE = 12.0, 120.0
MIN_FONT = 9.0
# Above this many hexes the map is drawn compact, so that a 200x150 map with 10,000 units
# is an SVG and a PNG of a few seconds (issue 24): each terrain one merged path (no
# element per hex, no terrain strokes), hex labels on every fifth column and row only,
# counters without weight marks or badges (their tooltip keeps everything).
COMPACT_HEXES = 6000
LABEL_EVERY_COMPACT = 5
# A PNG has at most this many pixels: a bigger map is rasterised scaled down (the time
# and memory of resvg grow with the pixels), and any text smaller than LEGIBLE_PX once
# scaled is left out of its SVG rather than drawn as noise.
PNG_MAX_PIXELS = 8_000_000
LEGIBLE_PX = 6.0


def escape(text: str) -> str:
    """XML text escaping (html.escape imports in 3 ms; xml.sax.saxutils in ~50)."""
    return _html_escape(text, quote=False)


def _attr(value: object) -> str:
    return _html_escape(str(value), quote=True)


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def type_code(rs: Ruleset, unit_type: str) -> str:
    return type_codes(rs).get(unit_type, unit_type[:2])


def unit_text(unit: Unit, rs: Ruleset, width: int, lang: str = "fr") -> str:
    """A unit in one line (the counter's tooltip)."""
    f = unit.factors
    text = say(
        "ui.svg.unit_tip",
        lang,
        id=unit.id,
        name=f" « {unit.name} »" if unit.name else "",
        kind=unit_kind(rs.type_label(unit.type), rs.weight_label(unit.weight)),
        at=unit.at.label(width) if unit.at is not None else "-",
        facing=word("facing", unit.facing.name, lang),
        coh=f"{unit.cohesion.current}/{unit.cohesion.max}",
        shooting=f.shooting,
        range=f.range,
        assault=f.assault,
        melee=f.melee,
    )
    if unit.traits:
        text += say(
            "ui.svg.traits",
            lang,
            traits=", ".join(trait_word(t, lang) for t in sorted(unit.traits)),
        )
    statuses = unit_statuses(unit, all_of_them=True)
    if statuses:
        text += say("ui.svg.statuses", lang, status=words_list("status", statuses, lang))
    if unit.reaction:
        text += say("ui.svg.reaction", lang, reaction=word("reaction", unit.reaction, lang))
    return text


def leader_text(leader: Leader, rs: Ruleset, lang: str = "fr") -> str:
    return say(
        "ui.svg.leader_tip",
        lang,
        id=leader.id,
        name=leader.name,
        rank=rank_label(rs, leader.rank),
        value=leader.command_value,
    )


# --------------------------------------------------------------------------- layout
_SQRT3 = math.sqrt(3.0)


class _Layout:
    """Pixel geometry of the map: hex centres, corners, hexside segments, fonts."""

    def __init__(
        self,
        columns: int,
        rows: int,
        r: float,
        ring: bool,
        top: float,
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        self.r = r
        self.x0, self.y0 = origin  # a window's top left (0-based; x0 even: same parity)
        self.pad = max(8.0, 0.35 * r)
        self.ring = 1 if ring else 0  # a ring of hexes around the table for entry points
        self.top = top
        self.width = 1.5 * r * (columns + 2 * self.ring) + 0.5 * r + 2 * self.pad
        self.map_height = _SQRT3 * r * (rows + 2 * self.ring) + _SQRT3 * r / 2 + 2 * self.pad

    def font(self, fraction: float) -> float:
        return max(MIN_FONT, fraction * self.r)

    def centre(self, h: Hex) -> tuple[float, float]:
        r = self.r
        x, y = h.to_offset()
        x, y = x - self.x0, y - self.y0
        cx = self.pad + r + 1.5 * r * (x + self.ring)
        cy = self.top + self.pad + _SQRT3 * r / 2 + _SQRT3 * r * (y + self.ring)
        if x % 2 == 1:  # 0-based odd = printed even column: half a hex lower
            cy += _SQRT3 * r / 2
        return cx, cy

    def corner(
        self, cx: float, cy: float, degrees: float, radius: float | None = None
    ) -> tuple[float, float]:
        a = math.radians(degrees)
        rad = self.r if radius is None else radius
        return cx + rad * math.cos(a), cy + rad * math.sin(a)

    def corners(self, h: Hex, radius: float | None = None) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        return [self.corner(cx, cy, 60.0 * i, radius) for i in range(6)]

    def side(self, h: Hex, d: Direction) -> tuple[tuple[float, float], tuple[float, float]]:
        """The segment of hexside ``d`` (N is the top edge of a flat-topped hex)."""
        cx, cy = self.centre(h)
        start = 240.0 + 60.0 * int(d)
        return self.corner(cx, cy, start), self.corner(cx, cy, start + 60.0)

    @staticmethod
    def side_angle(d: Direction) -> float:
        """Angle (SVG degrees, y down) from a hex centre to the middle of hexside d."""
        return 270.0 + 60.0 * int(d)


def _star(cx: float, cy: float, outer: float) -> list[tuple[float, float]]:
    inner = outer * 0.45
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        a = math.radians(-90.0 + 36.0 * i)
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


def _decoration(terrain: str, cx: float, cy: float, r: float) -> list[str]:
    """A few strokes that tell the terrain apart without colour (in the lower half of
    the hex, under the counter's place: they show around it)."""
    if terrain == "wood":
        return [
            f'<circle cx="{_n(cx + dx * r)}" cy="{_n(cy + dy * r)}" r="{_n(0.13 * r)}" '
            f'fill="#3f6f35"/>'
            for dx, dy in ((-0.62, 0.05), (0.66, 0.05), (-0.05, 0.7), (0.4, 0.66), (-0.45, 0.6))
        ]
    if terrain == "hill":
        return [
            f'<path d="M {_n(cx - 0.7 * r)} {_n(cy + 0.7 * r)} Q {_n(cx)} {_n(cy - 0.1 * r)} '
            f'{_n(cx + 0.7 * r)} {_n(cy + 0.7 * r)}" fill="none" stroke="#8d6e3f" '
            f'stroke-width="{_n(0.05 * r)}"/>'
        ]
    if terrain == "marsh":
        return [
            f'<line x1="{_n(cx - 0.2 * r + dx * r)}" y1="{_n(cy + dy * r)}" '
            f'x2="{_n(cx + 0.2 * r + dx * r)}" y2="{_n(cy + dy * r)}" stroke="#3b6f86" '
            f'stroke-width="{_n(0.05 * r)}"/>'
            for dx, dy in ((-0.45, 0.62), (0.45, 0.62), (0.0, 0.74), (-0.62, 0.1), (0.62, 0.1))
        ]
    if terrain == "rough":
        return [
            f'<circle cx="{_n(cx + dx * r)}" cy="{_n(cy + dy * r)}" r="{_n(0.05 * r)}" '
            f'fill="#5d5449"/>'
            for dx, dy in ((-0.66, 0.1), (0.66, 0.15), (0.0, 0.72), (-0.35, 0.66), (0.35, 0.66))
        ]
    if terrain == "buildings":
        return [
            f'<rect x="{_n(cx + dx * r)}" y="{_n(cy + dy * r)}" width="{_n(0.2 * r)}" '
            f'height="{_n(0.16 * r)}" fill="#7a4632"/>'
            for dx, dy in ((-0.75, 0.05), (0.55, 0.05), (-0.1, 0.62))
        ]
    if terrain == "mountain":
        peak = _pts(
            [(cx - 0.6 * r, cy + 0.72 * r), (cx, cy - 0.2 * r), (cx + 0.6 * r, cy + 0.72 * r)]
        )
        return [f'<polygon points="{peak}" fill="#5b4f46" opacity="0.6"/>']
    if terrain == "sand":
        return [
            f'<circle cx="{_n(cx + dx * r)}" cy="{_n(cy + dy * r)}" r="{_n(0.035 * r)}" '
            f'fill="#b59b58"/>'
            for dx, dy in (
                (-0.62, 0.2),
                (0.62, 0.2),
                (0.0, 0.72),
                (-0.3, 0.7),
                (0.3, 0.7),
                (-0.7, -0.1),
            )
        ]
    return []


# ------------------------------------------------------------------------------ map
class _Svg:
    """Builds the SVG of one position (and, optionally, the actions of its phase)."""

    def __init__(
        self,
        state: GameState,
        rs: Ruleset,
        lang: str,
        size: float,
        actions: PhaseActions | None,
        armies: Sequence[Any] | None,
        title: str | None,
        scale: float = 1.0,
        window: tuple[Hex, int] | None = None,
    ) -> None:
        self.state, self.rs, self.lang = state, rs, lang
        self.scale = scale  # output pixels per SVG pixel (a PNG scaled down)
        self.grid = state.map.grid
        self.contents = map_contents(state)
        columns, rows, origin = state.map.columns, state.map.rows, (0, 0)
        self.window = window
        if window is not None:  # --around HEX --radius N: only the hexes that near
            centre, radius = window
            self.contents = {h: c for h, c in self.contents.items() if h.distance(centre) <= radius}
            xs = [h.to_offset()[0] for h in self.contents] or [0]
            ys = [h.to_offset()[1] for h in self.contents] or [0]
            origin = (min(xs) - min(xs) % 2, min(ys))
            columns, rows = max(xs) - origin[0] + 1, max(ys) - origin[1] + 1
        self.colours = side_colours(state)
        self.codes = type_codes(rs)
        self.actions = actions
        self.armies = list(armies or [])
        ring = any(s.entry_points for s in state.sides) or bool(
            actions
            and any(h for a in actions.actions for h in a.hexes if not self.grid.contains(h))
        )
        r = min(MAX_SIZE, max(MIN_SIZE, size))
        self.title_font = max(14.0, 0.42 * r)
        self.layout = _Layout(columns, rows, r, ring, top=self.title_font * 2.2, origin=origin)
        self.r = r
        self.compact = len(self.contents) > COMPACT_HEXES
        self.title = title if title is not None else self._title()
        self.out: list[str] = []

    # -- helpers ----------------------------------------------------------------------
    def add(self, text: str) -> None:
        self.out.append(text)

    def _title(self) -> str:
        s = self.state
        title = say(
            "ui.svg.title",
            self.lang,
            ruleset=self.rs.title,
            game=s.game,
            turn=s.turn,
            player=s.player,
            phase=word("phase", s.phase, self.lang),
        )
        if s.result:
            title += " — " + say(
                "ui.svg.game_over",
                self.lang,
                outcome=word("outcome", s.result.get("outcome"), self.lang),
            )
        return title

    def side_name(self, side_id: str | None) -> str:
        if side_id is None:
            return ""
        for side in self.state.sides:
            if side.id == side_id:
                return side.name
        return side_id

    # -- the whole picture --------------------------------------------------------------
    def render(self) -> str:
        lay = self.layout
        legend, legend_h = self._legend()
        total_h = lay.top + lay.map_height + legend_h + 0.3 * self.r
        add = self.add
        add('<?xml version="1.0" encoding="UTF-8" standalone="no"?>')
        add(
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(lay.width)}" '
            f'height="{_n(total_h)}" viewBox="0 0 {_n(lay.width)} {_n(total_h)}" '
            f'font-family="DejaVu Sans, Verdana, Arial, sans-serif" lang="{self.lang}">'
        )
        add(f"<title>{escape(self.title)}</title>")
        add(f'<rect x="0" y="0" width="{_n(lay.width)}" height="{_n(total_h)}" fill="#fbf8ee"/>')
        add(
            f'<text x="{_n(lay.pad)}" y="{_n(self.title_font * 1.4)}" '
            f'font-size="{_n(self.title_font)}" font-weight="bold" fill="#222">'
            f"{escape(self.title)}</text>"
        )
        if self.window is not None:  # what lies outside the window is cut at its edge
            add(
                f'<clipPath id="window"><rect x="0" y="{_n(lay.top)}" width="{_n(lay.width)}" '
                f'height="{_n(lay.map_height)}"/></clipPath>'
            )
            add('<g clip-path="url(#window)">')
        self._terrain()
        self._roads()
        self._hexsides()
        self._camps()
        if self.actions is not None:
            self._paths()
            self._ghosts()
        self._units()
        self._leaders()
        self._labels()  # over the counters' facing notches: a label is always legible
        if self.actions is not None:
            self._attacks()
            self._losses()
        self._entry_points()
        if self.window is not None:
            add("</g>")
        add(
            f'<g id="legend" font-size="{_n(self.legend_font)}" fill="#222" '
            f'transform="translate(0,{_n(lay.top + lay.map_height)})">'
        )
        self.out.extend(legend)
        add("</g>")
        add("</svg>")
        return "\n".join(self.out) + "\n"

    # -- terrain, roads, hexsides, camps, labels ---------------------------------------
    def _terrain(self) -> None:
        lay, r = self.layout, self.r
        self.add(f'<g id="terrain" stroke="#6d6a5f" stroke-width="{_n(max(0.6, 0.025 * r))}">')
        if self.compact:  # one path per terrain: a few elements instead of one per hex
            shapes: dict[str, list[str]] = {}
            for h, c in self.contents.items():
                shapes.setdefault(c.terrain, []).append("M" + _pts(lay.corners(h)) + "Z")
            for terrain, parts in shapes.items():
                fill = TERRAIN_COLOURS.get(terrain, UNKNOWN_TERRAIN_COLOUR)
                self.add(
                    f'<path class="hexes {_attr(terrain)}" d="{"".join(parts)}" fill="{fill}"/>'
                )
            self.add("</g>")
            return
        for h, c in self.contents.items():
            fill = TERRAIN_COLOURS.get(c.terrain, UNKNOWN_TERRAIN_COLOUR)
            self.add(
                f'<polygon class="hex {_attr(c.terrain)}" data-hex="{self.grid.label(h)}" '
                f'points="{_pts(lay.corners(h))}" fill="{fill}"/>'
            )
        self.add("</g>")
        self.add('<g id="terrain-marks">')
        for h, c in self.contents.items():
            self.out.extend(_decoration(c.terrain, *lay.centre(h), r))
        self.add("</g>")

    def _roads(self) -> None:
        lay, r = self.layout, self.r
        self.add('<g id="roads" fill="none" stroke-linecap="round" stroke-linejoin="round">')
        for road in self.state.map.roads:
            points = _pts(lay.centre(h) for h in road)
            self.add(
                f'<polyline points="{points}" stroke="#6b4a2b" '
                f'stroke-width="{_n(0.2 * r)}" opacity="0.85"/>'
            )
            self.add(
                f'<polyline points="{points}" stroke="#d9b77e" stroke-width="{_n(0.11 * r)}"/>'
            )
        self.add("</g>")

    def _hexsides(self) -> None:
        lay, r, rs, grid = self.layout, self.r, self.rs, self.grid
        self.add('<g id="hexsides" stroke-linecap="round" fill="none">')
        for pair, kind in self.state.map.hexsides.items():
            a, b = sorted(pair)
            d = a.direction_to(b)
            if d is None:
                continue
            (x1, y1), (x2, y2) = lay.side(a, d)
            seg = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
            tip = (
                f"<title>{escape(say('ui.svg.hexside_tip', self.lang, label=hexside_label(rs, kind), a=grid.label(a), b=grid.label(b)))}"  # noqa: E501
                "</title>"
            )
            if kind == "river":
                self.add(
                    f'<line class="river" {seg} stroke="#1f63c6" '
                    f'stroke-width="{_n(0.22 * r)}">{tip}</line>'
                )
            elif kind == "ford":
                self.add(
                    f'<line class="ford" {seg} stroke="#1f63c6" stroke-width="{_n(0.22 * r)}" '
                    f'stroke-dasharray="{_n(0.14 * r)},{_n(0.14 * r)}" '
                    f'stroke-linecap="butt">{tip}</line>'
                )
            elif kind == "bridge":
                self.add(
                    f'<line class="river" {seg} stroke="#1f63c6" stroke-width="{_n(0.22 * r)}"/>'
                )
                ax, ay = lay.centre(a)
                bx, by = lay.centre(b)
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                ux, uy = (bx - ax) / (_SQRT3 * r), (by - ay) / (_SQRT3 * r)
                self.add(
                    f'<line class="bridge" x1="{_n(mx - 0.32 * r * ux)}" '
                    f'y1="{_n(my - 0.32 * r * uy)}" x2="{_n(mx + 0.32 * r * ux)}" '
                    f'y2="{_n(my + 0.32 * r * uy)}" stroke="#5e3c1d" '
                    f'stroke-width="{_n(0.3 * r)}" stroke-linecap="butt">{tip}</line>'
                )
            elif kind == "stream":
                self.add(
                    f'<line class="stream" {seg} stroke="#3d86d8" '
                    f'stroke-width="{_n(0.1 * r)}">{tip}</line>'
                )
            elif kind == "palisade":
                self.add(
                    f'<line class="palisade" {seg} stroke="#5a3d1e" '
                    f'stroke-width="{_n(0.14 * r)}" stroke-dasharray="3,2">{tip}</line>'
                )
            else:
                self.add(
                    f'<line class="{_attr(kind)}" {seg} stroke="#444" '
                    f'stroke-width="{_n(0.12 * r)}">{tip}</line>'
                )
        self.add("</g>")

    def _camps(self) -> None:
        """A tent: in the middle of an empty hex, else small in its lower right corner
        (away from the hex label, top left, and the counter)."""
        lay, r = self.layout, self.r
        self.add('<g id="camps">')
        for side in self.state.sides:
            if side.camp.at is None or side.camp.at not in self.contents:
                continue
            cx, cy = lay.centre(side.camp.at)
            alone = self.contents[side.camp.at].unit is None
            tx, ty = (cx, cy + 0.05 * r) if alone else (cx + 0.62 * r, cy + 0.5 * r)
            s = 0.28 * r if alone else 0.16 * r
            colour = self.colours[side.id]
            desc = (
                say("ui.svg.camp_of", self.lang, side=side.name)
                + (say("ui.svg.camp_fortified", self.lang) if side.camp.fortified else "")
                + (say("ui.svg.camp_taken", self.lang) if side.camp.taken else "")
            )
            self.add(f'<g class="camp" data-side="{_attr(side.id)}"><title>{escape(desc)}</title>')
            if side.camp.fortified:
                self.add(
                    f'<rect x="{_n(tx - 1.4 * s)}" y="{_n(ty - 1.3 * s)}" '
                    f'width="{_n(2.8 * s)}" height="{_n(2.4 * s)}" fill="none" '
                    f'stroke="{colour}" stroke-width="1.5"/>'
                )
            tent = _pts([(tx - s, ty + s * 0.8), (tx, ty - s), (tx + s, ty + s * 0.8)])
            self.add(
                f'<polygon points="{tent}" fill="#ffffff" stroke="{colour}" stroke-width="2"/>'
            )
            self.add(
                f'<line x1="{_n(tx)}" y1="{_n(ty - s)}" x2="{_n(tx)}" y2="{_n(ty - 1.6 * s)}" '
                f'stroke="{colour}" stroke-width="1.5"/>'
            )
            if side.camp.taken:
                self.add(
                    f'<path d="M {_n(tx - s)} {_n(ty - s)} L {_n(tx + s)} {_n(ty + s)} M '
                    f'{_n(tx + s)} {_n(ty - s)} L {_n(tx - s)} {_n(ty + s)}" stroke="#000" '
                    f'stroke-width="2"/>'
                )
            if alone:
                self.add(
                    f'<text x="{_n(cx)}" y="{_n(cy + 0.68 * r)}" '
                    f'font-size="{_n(lay.font(0.2))}" text-anchor="middle" '
                    f'fill="{colour}">{escape(say("ui.map.camp", self.lang))}</text>'
                )
            self.add("</g>")
        self.add("</g>")

    def label_step(self) -> int:
        """Every how many columns (and, compact, rows) a hex label is drawn: 1 when a
        label fits beside its neighbour's, else thinned so that none overlaps (at
        ``--size 12`` a six-digit label is wider than a column); 0: none at all."""
        font = self.layout.font(0.21)
        widest = max((len(self.grid.label(h)) for h in self.contents), default=4)
        needed = _text_width("0" * widest, font) + 0.1 * self.r
        if font * self.scale < LEGIBLE_PX:
            return 0
        step = max(1, math.ceil(needed / (1.5 * self.r)))
        if self.compact:
            step = max(step, LABEL_EVERY_COMPACT)
        return step if step <= 2 * LABEL_EVERY_COMPACT else 0

    def _labels(self) -> None:
        """Hex labels in the top left corner, with a halo, drawn over roads, hexside
        features and counters (a notch facing N or NW may run under a label); thinned
        where they would overlap (``label_step``)."""
        lay, r = self.layout, self.r
        font = lay.font(0.21)
        step = self.label_step()
        self.add(
            f'<g id="labels" font-size="{_n(font)}" fill="#4a463c" stroke="#f4efdc" '
            f'stroke-width="{_n(max(1.5, 0.06 * r))}" stroke-linejoin="round" '
            f'paint-order="stroke" data-every="{step}">'
        )
        rows = step if self.compact else 1
        for h in self.contents if step else ():
            x, y = h.to_offset()
            if x % step or y % rows:
                continue
            cx, cy = lay.centre(h)
            self.add(
                f'<text x="{_n(cx - 0.58 * r)}" y="{_n(cy - 0.56 * r)}">{self.grid.label(h)}</text>'
            )
        self.add("</g>")

    # -- counters ---------------------------------------------------------------------
    def _units(self) -> None:
        self.add('<g id="units">')
        for c in self.contents.values():
            if c.unit is not None:
                self.out.extend(self._counter(c.unit))
        self.add("</g>")

    def counter_box(self, cx: float, cy: float) -> tuple[float, float, float, float]:
        """(left, top, width, height) of a counter in the hex centred at (cx, cy)."""
        r = self.r
        w, h = 1.2 * r, 0.9 * r
        return cx - w / 2, cy - 0.36 * r, w, h

    def _counter(self, unit: Unit, ghost: bool = False, at: Hex | None = None) -> list[str]:
        lay, r = self.layout, self.r
        where = at if at is not None else unit.at
        cx, cy = lay.centre(where) if where is not None else (0.0, 0.0)
        colour = self.colours.get(unit.side, "#555")
        left, top, w, h = self.counter_box(cx, cy)
        css = "unit ghost" if ghost else "unit"
        ident = f"ghost-{unit.id}" if ghost else f"unit-{unit.id}"
        out = [
            f'<g class="{css}" id="{_attr(ident)}" data-side="{_attr(unit.side)}"'
            + (' opacity="0.55"' if ghost else "")
            + ">",
            f"<title>{escape(unit_text(unit, self.rs, self.grid.width, self.lang))}</title>",
        ]
        # the counter
        dash = (
            f' stroke-dasharray="{_n(0.08 * r)},{_n(0.05 * r)}"'
            if (ghost or unit.has_status("disordered"))
            else ""
        )
        out.append(
            f'<rect class="counter" x="{_n(left)}" y="{_n(top)}" width="{_n(w)}" '
            f'height="{_n(h)}" rx="{_n(0.08 * r)}" fill="{colour}" stroke="#111" '
            f'stroke-width="{_n(max(1.0, 0.035 * r))}"{dash}/>'
        )
        if self.compact and not ghost:  # the colour, the id if it fits, the facing
            return out + self._compact_counter(unit, cx, cy, top, w, colour)
        # type code and weight marks
        code = self.codes.get(unit.type, unit.type[:2])
        small = lay.font(0.24)
        out.append(
            f'<text class="type" x="{_n(left + 0.08 * r)}" y="{_n(top + 0.25 * r)}" '
            f'font-size="{_n(small)}" font-weight="bold" fill="#fff">{escape(code)}</text>'
        )
        out.extend(self._weight_marks(unit.weight, left + w - 0.07 * r, top + 0.07 * r))
        # the id
        id_font = lay.font(0.33 if len(unit.id) <= 4 else 0.26)
        out.append(
            f'<text class="id" x="{_n(cx)}" y="{_n(top + 0.56 * r)}" '
            f'font-size="{_n(id_font)}" font-weight="bold" fill="#fff" '
            f'text-anchor="middle">{escape(unit.id)}</text>'
        )
        # cohesion now/max
        hurt = unit.cohesion.current < unit.cohesion.max
        out.append(
            f'<text class="cohesion" x="{_n(cx)}" y="{_n(top + 0.82 * r)}" '
            f'font-size="{_n(small)}" font-weight="{"bold" if hurt else "normal"}" '
            f'fill="{"#ffe14d" if hurt else "#fff"}" text-anchor="middle">'
            f"{unit.cohesion.current}/{unit.cohesion.max}</text>"
        )
        out.append(self._facing(unit, cx, cy, colour))
        if ghost:
            out.append(
                f'<path class="removed" d="M {_n(left)} {_n(top)} L {_n(left + w)} '
                f'{_n(top + h)} M {_n(left + w)} {_n(top)} L {_n(left)} {_n(top + h)}" '
                f'stroke="#111" stroke-width="{_n(0.08 * r)}"/>'
            )
        else:
            out.extend(self._badges(unit, left, top + h))
        out.append("</g>")
        return out

    def _compact_counter(
        self, unit: Unit, cx: float, cy: float, top: float, w: float, colour: str
    ) -> list[str]:
        """The rest of a counter on a compact map: its id when it fits the counter
        (hidden, not overlapping, when it does not: the tooltip has it), its facing."""
        lay, r = self.layout, self.r
        out = []
        id_font = lay.font(0.33 if len(unit.id) <= 4 else 0.26)
        if _text_width(unit.id, id_font) <= w and id_font * self.scale >= LEGIBLE_PX:
            out.append(
                f'<text class="id" x="{_n(cx)}" y="{_n(top + 0.56 * r)}" '
                f'font-size="{_n(id_font)}" font-weight="bold" fill="#fff" '
                f'text-anchor="middle">{escape(unit.id)}</text>'
            )
        out.append(self._facing(unit, cx, cy, colour))
        out.append("</g>")
        return out

    def _weight_marks(self, weight: str, right: float, top: float) -> list[str]:
        """Five small bars from the right edge leftwards, as many filled as the weight
        step (1 very light ... 5 very heavy)."""
        r = self.r
        level = weight_level(weight)
        bw, gap, bh = 0.065 * r, 0.045 * r, 0.2 * r
        out = [f'<g class="weight" data-weight="{_attr(weight)}">']
        for i in range(5):
            x = right - (5 - i) * (bw + gap) + gap
            filled = i < level
            out.append(
                f'<rect x="{_n(x)}" y="{_n(top)}" width="{_n(bw)}" height="{_n(bh)}" '
                f'fill="{"#fff" if filled else "none"}" stroke="#fff" '
                f'stroke-width="{_n(max(0.5, 0.02 * r))}"/>'
            )
        out.append("</g>")
        return out

    def _facing(self, unit: Unit, cx: float, cy: float, colour: str) -> str:
        """A notch on the counter's edge toward the facing hexside, from inside the
        counter to just short of the hexside: the same size in all six directions."""
        r = self.r
        a = math.radians(self.layout.side_angle(unit.facing))
        ux, uy = math.cos(a), math.sin(a)
        px, py = -uy, ux
        base, tip, half = 0.5 * r, 0.84 * r, 0.2 * r
        if abs(ux) < 0.01:  # N and S: the counter's top and bottom are closer
            base = 0.38 * r if uy < 0 else 0.5 * r
            tip = 0.8 * r if uy < 0 else 0.84 * r
        wedge = [
            (cx + ux * tip, cy + uy * tip),
            (cx + ux * base + px * half, cy + uy * base + py * half),
            (cx + ux * base - px * half, cy + uy * base - py * half),
        ]
        return (
            f'<polygon class="facing" data-facing="{unit.facing.name}" '
            f'points="{_pts(wedge)}" fill="#fff" stroke="{colour}" '
            f'stroke-width="{_n(max(1.2, 0.06 * r))}" stroke-linejoin="round"/>'
        )

    def _badges(self, unit: Unit, left: float, bottom: float) -> list[str]:
        r = self.r
        out = []
        x = left + 0.1 * r
        font = self.layout.font(0.19)
        for status in unit_statuses(unit):
            text, fill = BADGE_OF[status]
            bw = (0.26 if len(text) == 1 else 0.36) * r
            out.append(
                f'<g class="badge" data-status="{_attr(status)}">'
                f'<rect x="{_n(x)}" y="{_n(bottom - 0.1 * r)}" width="{_n(bw)}" '
                f'height="{_n(0.25 * r)}" rx="{_n(0.12 * r)}" fill="{fill}" '
                f'stroke="#111" stroke-width="{_n(max(0.6, 0.02 * r))}"/>'
                f'<text x="{_n(x + bw / 2)}" y="{_n(bottom + 0.09 * r)}" '
                f'font-size="{_n(font)}" font-weight="bold" text-anchor="middle" '
                f'fill="#111">{escape(text)}</text></g>'
            )
            x += bw + 0.03 * r
        return out

    # -- leaders ------------------------------------------------------------------------
    def _leaders(self) -> None:
        self.add('<g id="leaders">')
        for h, c in self.contents.items():
            for i, leader in enumerate(c.leaders):
                self.out.extend(self._leader(leader, h, i, c.unit is not None))
        self.add("</g>")

    def _leader(self, leader: Leader, h: Hex, index: int, with_unit: bool) -> list[str]:
        lay, r = self.layout, self.r
        colour = self.colours[leader.side]
        cx, cy = lay.centre(h)
        if with_unit:  # beside the counter's right edge, under the weight marks
            x, y = cx + 0.7 * r, cy - 0.14 * r + 0.3 * r * index
            size = 0.15 * r
        else:  # alone: in the middle of the hex, with his id
            x, y = cx + 0.42 * r * index, cy - 0.08 * r
            size = 0.24 * r
        attached = f' data-attached-to="{_attr(leader.attached_to)}"' if leader.attached_to else ""
        out = [
            f'<g class="leader" id="leader-{_attr(leader.id)}" '
            f'data-side="{_attr(leader.side)}"{attached}>',
            f"<title>{escape(leader_text(leader, self.rs, self.lang))}</title>",
            _leader_symbol(leader.rank, x, y, size, colour),
        ]
        if not with_unit:
            out.append(
                f'<text x="{_n(cx)}" y="{_n(cy + 0.42 * r)}" '
                f'font-size="{_n(lay.font(0.26))}" font-weight="bold" '
                f'text-anchor="middle" fill="{colour}">{escape(leader.id)}</text>'
            )
        out.append("</g>")
        return out

    # -- entry points -------------------------------------------------------------------
    def _entry_points(self) -> None:
        lay, r, grid = self.layout, self.r, self.grid
        self.add('<g id="entry-points">')
        for side in self.state.sides:
            colour = self.colours[side.id]
            for h in side.entry_points:
                cx, cy = lay.centre(h)
                waiting = ", ".join(u.id for u in side.off_table)
                desc = say("ui.svg.entry", self.lang, side=side.name, hex=grid.label(h)) + (
                    say("ui.svg.waiting", self.lang, units=waiting) if waiting else ""
                )
                self.add(
                    f'<g class="entry" data-side="{_attr(side.id)}"><title>{escape(desc)}</title>'
                )
                self.add(
                    f'<polygon points="{_pts(lay.corners(h, 0.9 * r))}" fill="none" '
                    f'stroke="{colour}" stroke-width="2" stroke-dasharray="4,3"/>'
                )
                self.add(
                    f'<text x="{_n(cx)}" y="{_n(cy - 0.1 * r)}" '
                    f'font-size="{_n(lay.font(0.22))}" text-anchor="middle" '
                    f'fill="{colour}">{grid.label(h)}</text>'
                )
                self.add(
                    f'<text x="{_n(cx)}" y="{_n(cy + 0.25 * r)}" '
                    f'font-size="{_n(lay.font(0.2))}" text-anchor="middle" '
                    f'fill="{colour}">{escape(say("ui.svg.entry_word", self.lang))}</text>'
                )
                self.add("</g>")
        self.add("</g>")

    # -- the actions of the phase --------------------------------------------------------
    _PATH_STYLE: ClassVar[dict[str, tuple[str, str]]] = {
        MOVE: ("#1b1b1b", ""),
        RETREAT: ("#6d4c9f", "6,4"),
        PURSUIT: ("#8e24aa", "2,3"),
        FURY: ("#6d4c41", "2,2"),
    }

    def _arrow_head(
        self, x1: float, y1: float, x2: float, y2: float, colour: str, size: float
    ) -> str:
        a = math.atan2(y2 - y1, x2 - x1)
        left = (x2 - size * math.cos(a - 0.45), y2 - size * math.sin(a - 0.45))
        right = (x2 - size * math.cos(a + 0.45), y2 - size * math.sin(a + 0.45))
        return f'<polygon points="{_pts([(x2, y2), left, right])}" fill="{colour}"/>'

    def _tag(self, x: float, y: float, number: int, colour: str) -> str:
        r = self.r
        font = self.layout.font(0.2)
        radius = max(font * 0.75, 0.17 * r)
        return (
            f'<g class="tag"><circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}" '
            f'fill="#fff" stroke="{colour}" stroke-width="{_n(max(1.0, 0.04 * r))}"/>'
            f'<text x="{_n(x)}" y="{_n(y + font * 0.36)}" font-size="{_n(font)}" '
            f'font-weight="bold" text-anchor="middle" fill="#111">{number}</text></g>'
        )

    def _paths(self) -> None:
        """Moves, retreats, evasions, pursuits, elephant fury: a line through the hex
        centres, an arrow head at the end, the ruling's number at the start."""
        assert self.actions is not None
        lay, r = self.layout, self.r
        self.add('<g id="phase-paths" fill="none" stroke-linecap="round" stroke-linejoin="round">')
        for action in self.actions.actions:
            if action.kind not in self._PATH_STYLE:
                continue
            colour, dash = self._PATH_STYLE[action.kind]
            if action.kind == MOVE and action.side in self.colours:
                colour = self.colours[action.side]
            points = [lay.centre(h) for h in action.hexes]
            (x1, y1), (x2, y2) = points[-2], points[-1]
            # stop short of the last centre: the counter stands there
            shorten = 0.5 * r
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            ex, ey = x2 - (x2 - x1) / length * shorten, y2 - (y2 - y1) / length * shorten
            drawn = [*points[:-1], (ex, ey)]
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            self.add(
                f'<g class="action {action.kind}" data-number="{action.number}"'
                + (f' data-unit="{_attr(action.unit)}"' if action.unit else "")
                + ">"
                f"<title>{escape(f'{action.number}. {action.text}')}</title>"
            )
            self.add(
                f'<polyline points="{_pts(drawn)}" stroke="#fff" '
                f'stroke-width="{_n(0.16 * r)}" opacity="0.8"/>'
            )
            self.add(
                f'<polyline points="{_pts(drawn)}" stroke="{colour}" '
                f'stroke-width="{_n(0.08 * r)}"{dash_attr}/>'
            )
            self.add(self._arrow_head(*drawn[-2], *drawn[-1], colour, 0.3 * r))
            sx, sy = points[0]
            self.add(f'<circle cx="{_n(sx)}" cy="{_n(sy)}" r="{_n(0.08 * r)}" fill="{colour}"/>')
            self.add(self._tag(sx, sy + 0.28 * r, action.number, colour))
            self.add("</g>")
        self.add("</g>")

    def _attacks(self) -> None:
        """Melee: a solid red arrow from the attacker to the target; shooting: a dashed
        orange one. The ruling's number in the middle."""
        assert self.actions is not None
        lay, r = self.layout, self.r
        self.add('<g id="phase-attacks" fill="none" stroke-linecap="round">')
        for action in self.actions.actions:
            if action.kind not in (MELEE, SHOOTING):
                continue
            (x1, y1), (x2, y2) = (lay.centre(h) for h in action.hexes[:2])
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            start = 0.25 * r if action.kind == MELEE else 0.5 * r
            sx, sy = x1 + ux * start, y1 + uy * start
            ex, ey = x2 - ux * 0.3 * r, y2 - uy * 0.3 * r
            colour = "#d32f2f" if action.kind == MELEE else "#ef6c00"
            dash = (
                ""
                if action.kind == MELEE
                else (f' stroke-dasharray="{_n(0.16 * r)},{_n(0.1 * r)}"')
            )
            self.add(
                f'<g class="action {action.kind}" data-number="{action.number}"'
                + (f' data-unit="{_attr(action.unit)}"' if action.unit else "")
                + ">"
                f"<title>{escape(f'{action.number}. {action.text}')}</title>"
            )
            self.add(
                f'<line x1="{_n(sx)}" y1="{_n(sy)}" x2="{_n(ex)}" y2="{_n(ey)}" '
                f'stroke="#fff" stroke-width="{_n(0.2 * r)}" opacity="0.85"/>'
            )
            self.add(
                f'<line x1="{_n(sx)}" y1="{_n(sy)}" x2="{_n(ex)}" y2="{_n(ey)}" '
                f'stroke="{colour}" stroke-width="{_n(0.1 * r)}"{dash}/>'
            )
            self.add(
                self._arrow_head(sx, sy, ex + ux * 0.05 * r, ey + uy * 0.05 * r, colour, 0.34 * r)
            )
            self.add(self._tag((sx + ex) / 2, (sy + ey) / 2, action.number, colour))
            self.add("</g>")
        self.add("</g>")

    def _ghosts(self) -> None:
        """Units the phase removed (routed, eliminated), crossed out where they were."""
        assert self.actions is not None
        self.add('<g id="phase-removed">')
        numbers = {a.unit: a for a in self.actions.actions if a.kind == ROUT}
        for uid, (unit, at) in self.actions.removed.items():
            if self.contents.get(at) is not None and self.contents[at].unit is not None:
                continue  # someone stands there now (a pursuer): the ruling says it
            action = numbers.get(uid)
            self.add(
                f'<g class="action rout" data-unit="{_attr(uid)}"'
                + (
                    f' data-number="{action.number}">'
                    f"<title>{escape(f'{action.number}. {action.text}')}</title>"
                    if action
                    else ">"
                )
            )
            self.out.extend(self._counter(unit, ghost=True, at=at))
            if action is not None:
                cx, cy = self.layout.centre(at)
                self.add(self._tag(cx - 0.55 * self.r, cy - 0.5 * self.r, action.number, "#111"))
            self.add("</g>")
        self.add("</g>")

    def _losses(self) -> None:
        """``−2`` on the right edge of every unit that lost cohesion in the phase."""
        assert self.actions is not None
        lay, r = self.layout, self.r
        font = lay.font(0.22)
        self.add('<g id="phase-losses">')
        positions = {u.id: u.at for u in self.state.units() if u.at is not None}
        positions.update(
            {uid: at for uid, (_, at) in self.actions.removed.items() if uid not in positions}
        )
        for uid, lost in self.actions.losses.items():
            at = positions.get(uid)
            if at is None:
                continue
            cx, cy = lay.centre(at)
            x, y = cx + 0.62 * r, cy + 0.12 * r
            self.add(
                f'<g class="loss" data-unit="{_attr(uid)}"><title>{escape(uid)}: '
                f'−{lost}</title><rect x="{_n(x - 0.24 * r)}" y="{_n(y - 0.16 * r)}" '
                f'width="{_n(0.48 * r)}" height="{_n(0.32 * r)}" rx="{_n(0.08 * r)}" '
                f'fill="#c62828" stroke="#fff" stroke-width="{_n(max(1.0, 0.04 * r))}"/>'
                f'<text x="{_n(x)}" y="{_n(y + font * 0.36)}" font-size="{_n(font)}" '
                f'font-weight="bold" text-anchor="middle" fill="#fff">−{lost}</text></g>'
            )
        self.add("</g>")

    # -- legend -------------------------------------------------------------------------
    @property
    def legend_font(self) -> float:
        return max(11.0, 0.34 * self.r)

    def _legend(self) -> tuple[list[str], float]:
        """The legend's SVG elements (y from 0) and its height."""
        lang, rs, state = self.lang, self.rs, self.state
        flow = _Flow(self.layout.width, self.layout.pad, self.legend_font)
        f = self.legend_font
        used_terrain = sorted(
            {c.terrain for c in self.contents.values()} | {state.map.default_terrain},
            key=lambda k: (k != "clear", k),
        )
        # army gauges first: how close each side is to its break point
        if self.armies:
            flow.words(say("ui.svg.army_break", lang), bold=True)
            for status in self.armies:
                label = self._gauge_label(status)
                flow.item(6.5 * f + _text_width(label, f), self._gauge(status))
            flow.newline()
        # what the counter says
        sample = next((u for u in state.units()), None)
        if sample is not None:
            flow.words(labelled(say("ui.svg.counter", lang), lang), bold=True)
            flow.item(1.6 * self.r, self._sample_counter(sample), height=1.5 * self.r)
            flow.words(say("ui.svg.counter_help", lang))
            flow.newline()
            flow.words(say("ui.map.weights", lang), bold=True)
            for i, weight in enumerate(WEIGHTS):
                label = rs.weight_label(weight)  # the ruleset's words, as the counters say
                flow.item(3.6 * f + _text_width(label, f), _weight_key(i + 1, label, f))
            flow.newline()
        badges = sorted(
            {s for u in state.units() for s in unit_statuses(u)},
            key=lambda s: [b for b, _, _ in STATUS_BADGES].index(s),
        )
        if badges:
            flow.words(labelled(say("ui.svg.badges", lang), lang), bold=True)
            for status in badges:
                text, fill = BADGE_OF[status]
                label = word("status", status, lang)
                flow.item(2.6 * f + _text_width(label, f), _badge_key(text, fill, label, f))
            flow.newline()
        if self.actions is not None and self.actions.actions:
            flow.words(labelled(say("ui.svg.last_phase", lang), lang), bold=True)
            for kind in self.actions.kinds():
                label = say(f"ui.svg.{'moved' if kind == MOVE else kind}", lang)
                flow.item(3.2 * f + _text_width(label, f), self._action_key(kind, label))
            if self.actions.losses:
                label = say("ui.svg.loss", lang)
                flow.item(3.2 * f + _text_width(label, f), _loss_key(label, f))
            flow.newline()
        for key in used_terrain:
            label = terrain_label(rs, key)
            flow.item(
                2.4 * f + _text_width(label, f),
                _swatch(TERRAIN_COLOURS.get(key, UNKNOWN_TERRAIN_COLOUR), label, f),
            )
        strokes = {
            "river": "#1f63c6",
            "ford": "#1f63c6",
            "bridge": "#5e3c1d",
            "stream": "#3d86d8",
            "palisade": "#5a3d1e",
        }
        features = [
            (
                hexside_label(rs, key),
                strokes.get(key, "#444"),
                ' stroke-dasharray="4,3"' if key in ("ford", "palisade") else "",
            )
            for key in sorted(set(state.map.hexsides.values()))
        ]
        if state.map.roads:
            features.append((say("ui.map.road", lang).capitalize(), "#d9b77e", ""))
        for label, stroke, dash in features:
            flow.item(2.6 * f + _text_width(label, f), _stroke(stroke, dash, label, f))
        flow.newline()
        for side in state.sides:
            label = say("ui.map.side", lang, name=side.name, edge=word("edge", side.edge, lang))
            flow.item(2.4 * f + _text_width(label, f), _swatch(self.colours[side.id], label, f))
        for rank in RANK_ORDER:
            label = rank_label(rs, rank)
            flow.item(2.4 * f + _text_width(label, f), _rank(rank, label, f))
        flow.newline()
        present = sorted(
            {u.type for u in state.units()} | {u.type for s in state.sides for u in s.off_table}
        )
        for t in present:
            label = f"{self.codes.get(t, t)} {rs.type_label(t)}"
            flow.item(1.5 * f + _text_width(label, f), _words(label, f))
        for side in state.sides:
            if side.off_table:
                flow.newline()
                ids = ", ".join(
                    f"{u.id} ({self.codes.get(u.type, u.type)})" for u in side.off_table
                )
                entries = ", ".join(self.grid.label(h) for h in side.entry_points)
                label = say("ui.svg.off_table", lang, side=side.name, units=ids) + (
                    say("ui.svg.entries", lang, hexes=entries) if entries else ""
                )
                flow.item(_text_width(label, f), _words(label, f))
        return flow.parts, flow.height

    def _gauge_label(self, status: Any) -> str:
        key = "ui.svg.gauge_broken" if status.broken else "ui.svg.gauge"
        return say(
            key,
            self.lang,
            side=self.side_name(status.side),
            losses=status.losses,
            cohesion=status.cohesion,
        )

    def _gauge(self, status: Any) -> Draw:
        f = self.legend_font
        colour = self.colours.get(status.side, "#555")
        label = self._gauge_label(status)
        share = (
            1.0
            if status.broken
            else (min(1.0, status.losses / status.cohesion) if status.cohesion else 0.0)
        )

        def draw(x: float, y: float) -> list[str]:
            bar_w = 6 * f
            return [
                f'<g class="gauge" data-side="{_attr(status.side)}" '
                f'data-losses="{status.losses}" data-cohesion="{status.cohesion}">',
                f'<rect x="{_n(x)}" y="{_n(y + 0.1 * f)}" width="{_n(bar_w)}" '
                f'height="{_n(0.9 * f)}" fill="#fff" stroke="#333"/>',
                f'<rect x="{_n(x)}" y="{_n(y + 0.1 * f)}" width="{_n(bar_w * share)}" '
                f'height="{_n(0.9 * f)}" fill="{"#c62828" if status.broken else colour}"/>',
                _text(x + bar_w + 0.5 * f, y, label, f),
                "</g>",
            ]

        return draw

    def _sample_counter(self, unit: Unit) -> Draw:
        def draw(x: float, y: float) -> list[str]:
            r = self.r
            cx, cy = x + 0.8 * r, y + 0.62 * r
            colour = self.colours.get(unit.side, "#555")
            left, top, w, h = self.counter_box(cx, cy)
            code = self.codes.get(unit.type, unit.type[:2])
            small = self.layout.font(0.24)
            out = [
                '<g class="sample-counter">',
                f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(w)}" height="{_n(h)}" '
                f'rx="{_n(0.08 * r)}" fill="{colour}" stroke="#111"/>',
                f'<text x="{_n(left + 0.08 * r)}" y="{_n(top + 0.25 * r)}" '
                f'font-size="{_n(small)}" font-weight="bold" fill="#fff">{escape(code)}</text>',
            ]
            out.extend(self._weight_marks(unit.weight, left + w - 0.07 * r, top + 0.07 * r))
            out.append(
                f'<text x="{_n(cx)}" y="{_n(top + 0.56 * r)}" '
                f'font-size="{_n(self.layout.font(0.33))}" font-weight="bold" '
                f'fill="#fff" text-anchor="middle">{escape(unit.id)}</text>'
            )
            out.append(
                f'<text x="{_n(cx)}" y="{_n(top + 0.82 * r)}" font-size="{_n(small)}" '
                f'fill="#fff" text-anchor="middle">{unit.cohesion.current}/'
                f"{unit.cohesion.max}</text>"
            )
            out.append(self._facing(replace(unit, facing=Direction.N), cx, cy, colour))
            out.append("</g>")
            return out

        return draw

    def _action_key(self, kind: str, label: str) -> Draw:
        f = self.legend_font

        def draw(x: float, y: float) -> list[str]:
            if kind in (MELEE, SHOOTING):
                colour = "#d32f2f" if kind == MELEE else "#ef6c00"
                dash = "" if kind == MELEE else ' stroke-dasharray="5,3"'
            elif kind == ROUT:
                return [
                    f'<path d="M {_n(x)} {_n(y)} L {_n(x + 1.6 * f)} {_n(y + f)} M '
                    f'{_n(x + 1.6 * f)} {_n(y)} L {_n(x)} {_n(y + f)}" stroke="#111" '
                    f'stroke-width="2"/>',
                    _text(x + 2.2 * f, y, label, f),
                ]
            else:
                colour, dash_pattern = self._PATH_STYLE.get(kind, ("#111", ""))
                dash = f' stroke-dasharray="{dash_pattern}"' if dash_pattern else ""
            return [
                f'<line x1="{_n(x)}" y1="{_n(y + 0.55 * f)}" x2="{_n(x + 1.5 * f)}" '
                f'y2="{_n(y + 0.55 * f)}" stroke="{colour}" stroke-width="3"{dash}/>',
                self._arrow_head(x, y + 0.55 * f, x + 1.9 * f, y + 0.55 * f, colour, 0.6 * f),
                _text(x + 2.2 * f, y, label, f),
            ]

        return draw


# -------------------------------------------------------------------------- legend kit
Draw = Callable[[float, float], list[str]]


def _text_width(label: str, font: float) -> float:
    return 0.58 * font * len(label)


class _Flow:
    """Legend items laid out left to right, wrapping at the right margin; a line is as
    tall as its tallest item."""

    def __init__(self, width: float, pad: float, font: float) -> None:
        self.left = pad
        self.right = width - pad
        self.font = font
        self.line_h = 1.9 * font
        self.x = self.left
        self.y = 0.4 * font
        self.tallest = self.line_h
        self.parts: list[str] = []

    def item(self, width: float, parts: Draw, height: float = 0.0) -> None:
        if self.x > self.left and self.x + width > self.right:
            self.newline()
        self.parts.extend(parts(self.x, self.y))
        self.x += width + 0.6 * self.font
        self.tallest = max(self.tallest, height)

    def words(self, label: str, bold: bool = False) -> None:
        self.item(_text_width(label, self.font) + 0.2 * self.font, _words(label, self.font, bold))

    def newline(self) -> None:
        if self.x > self.left:
            self.x = self.left
            self.y += self.tallest
            self.tallest = self.line_h

    @property
    def height(self) -> float:
        return self.y + (self.tallest if self.x > self.left else 0.0) + 0.4 * self.font


def _text(x: float, y: float, label: str, font: float, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{_n(x)}" y="{_n(y + 0.9 * font)}"{weight}>{escape(label)}</text>'


def _swatch(fill: str, label: str, f: float) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(1.1 * f)}" height="{_n(1.1 * f)}" '
            f'fill="{fill}" stroke="#6d6a5f"/>',
            _text(x + 1.5 * f, y, label, f),
        ]

    return draw


def _stroke(stroke: str, dash: str, label: str, f: float) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [
            f'<line x1="{_n(x)}" y1="{_n(y + 0.55 * f)}" x2="{_n(x + 1.4 * f)}" '
            f'y2="{_n(y + 0.55 * f)}" stroke="{stroke}" stroke-width="4"{dash}/>',
            _text(x + 1.8 * f, y, label, f),
        ]

    return draw


def _rank(rank: str, label: str, f: float) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [
            _leader_symbol(rank, x + 0.55 * f, y + 0.55 * f, 0.55 * f, "#444"),
            _text(x + 1.5 * f, y, label, f),
        ]

    return draw


def _words(label: str, f: float, bold: bool = False) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [_text(x, y, label, f, bold)]

    return draw


def _weight_key(level: int, label: str, f: float) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        out = [
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(2.6 * f)}" height="{_n(1.1 * f)}" '
            f'rx="2" fill="#555"/>'
        ]
        for i in range(5):
            out.append(
                f'<rect x="{_n(x + 0.2 * f + i * 0.45 * f)}" y="{_n(y + 0.2 * f)}" '
                f'width="{_n(0.3 * f)}" height="{_n(0.7 * f)}" '
                f'fill="{"#fff" if i < level else "none"}" stroke="#fff"/>'
            )
        out.append(_text(x + 3.0 * f, y, label, f))
        return out

    return draw


def _badge_key(text: str, fill: str, label: str, f: float) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        w = (1.2 if len(text) == 1 else 1.7) * f
        return [
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(1.1 * f)}" '
            f'rx="{_n(0.5 * f)}" fill="{fill}" stroke="#111"/>',
            f'<text x="{_n(x + w / 2)}" y="{_n(y + 0.85 * f)}" text-anchor="middle" '
            f'font-weight="bold" font-size="{_n(0.85 * f)}">{escape(text)}</text>',
            _text(x + w + 0.4 * f, y, label, f),
        ]

    return draw


def _loss_key(label: str, f: float) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(1.6 * f)}" height="{_n(1.1 * f)}" '
            f'rx="3" fill="#c62828"/>',
            f'<text x="{_n(x + 0.8 * f)}" y="{_n(y + 0.85 * f)}" text-anchor="middle" '
            f'font-weight="bold" fill="#fff" font-size="{_n(0.85 * f)}">−1</text>',
            _text(x + 2.0 * f, y, label, f),
        ]

    return draw


def _leader_symbol(rank: str, cx: float, cy: float, size: float, colour: str) -> str:
    if rank == "general":
        return (
            f'<polygon points="{_pts(_star(cx, cy, size * 1.25))}" fill="#f2c230" '
            f'stroke="{colour}" stroke-width="1.5"/>'
        )
    if rank == "sub_general":
        return (
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(size * 0.8)}" fill="#f2c230" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
    return (
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(size * 0.55)}" fill="#ffffff" '
        f'stroke="{colour}" stroke-width="2"/>'
    )


# ------------------------------------------------------------------------------ API
def svg_map(
    state: GameState,
    rs: Ruleset,
    lang: str = "en",
    size: float = DEFAULT_SIZE,
    actions: PhaseActions | None = None,
    armies: Sequence[Any] | None = None,
    title: str | None = None,
    scale: float = 1.0,
    window: tuple[Hex, int] | None = None,
) -> str:
    """The whole battlefield (or a window of it) as standalone SVG 1.1 text.

    ``size``: hex radius in px (12 to 120); ``actions``: the last phase to draw on it
    (:func:`referee.render.actions.phase_actions`); ``armies``: the sides' army status
    (``referee.core.army.armies``) for the break gauges; ``title``: instead of the
    state's own (turn, player to play, next phase); ``scale``: output pixels per SVG
    pixel when it is rasterised scaled down (``png_scale``): text too small once scaled
    is left out; ``window``: (centre, radius), only the hexes that near the centre
    (``--around HEX --radius N``)."""
    return _Svg(state, rs, lang, size, actions, armies, title, scale, window).render()


def png_scale(state: GameState, size: float = DEFAULT_SIZE, radius: int | None = None) -> float:
    """The zoom that keeps the map's PNG within PNG_MAX_PIXELS (1.0 for most maps;
    ``radius``: of an ``--around`` window)."""
    r = min(MAX_SIZE, max(MIN_SIZE, size))
    columns, rows = state.map.columns, state.map.rows
    if radius is not None:
        columns, rows = min(columns, 2 * radius + 2), min(rows, 2 * radius + 2)
    lay = _Layout(columns, rows, r, True, top=max(14.0, 0.42 * r) * 2.2)
    pixels = lay.width * (lay.top + lay.map_height) * 1.1  # and the legend, roughly
    return min(1.0, math.sqrt(PNG_MAX_PIXELS / pixels))


def phase_title(ruleset_title: str, before: GameState, index: int | None, lang: str) -> str:
    title = say(
        "ui.svg.phase_title",
        lang,
        ruleset=ruleset_title,
        game=before.game,
        turn=before.turn,
        player=before.player,
        phase=word("phase_title", before.phase, lang),
    )
    if index is not None:
        title += f" ({say('ui.report.replayed', lang, index=index)})"
    return title


def counter_statuses(units: Iterable[Unit]) -> list[str]:
    """Every status with a badge among ``units``, in badge order (for legends)."""
    present = {s for u in units for s in unit_statuses(u)}
    return [s for s, _, _ in STATUS_BADGES if s in present]


__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "MIN_SIZE",
    "Action",
    "counter_statuses",
    "escape",
    "leader_text",
    "phase_title",
    "svg_map",
    "type_code",
    "unit_text",
]

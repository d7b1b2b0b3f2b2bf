"""The battlefield as a standalone SVG 1.1 map (standard library only).

Flat-topped hexes laid out as the printed map: ``CCRR`` labels from ``0101`` at
the top left, even columns half a hex lower (``referee.core.hexgrid``). Terrain is
the hex fill, rivers and other linear features are drawn on the hexsides, roads
join hex centres, units are counters coloured by side with their id and a facing
tick, leaders are stars (general) or circles, camps are tents.

The symbol tables at the top (type codes, terrain letters, facing arrows, side
colours) are shared with the terminal map (``referee.render.mapview``); they are
kept here because this module must not depend on rich.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from referee.core.hexgrid import Direction, Hex
from referee.core.model import GameState, Leader, Unit
from referee.core.ruleset import Ruleset


def _html_escape(text: str, quote: bool) -> str:
    """``html.escape``, without importing ``html`` (2 ms, its entity table) for every
    ``show`` that draws no SVG."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text


def escape(text: str) -> str:
    """XML text escaping (xml.sax.saxutils would import in ~50 ms)."""
    return _html_escape(text, quote=False)

# --------------------------------------------------------------------------- symbols
FACING_ARROWS: dict[Direction, str] = {
    Direction.N: "↑", Direction.NE: "↗", Direction.SE: "↘",
    Direction.S: "↓", Direction.SW: "↙", Direction.NW: "↖",
}

# Two-letter codes of the built-in unit types (rulesets/README.md, "Built-in keys").
_TYPE_CODES: dict[str, str] = {
    "infanterie": "In", "piquiers": "Pq", "cavalerie": "Cv", "chamellerie": "Ch",
    "charrerie": "Cr", "elephants": "El", "artillerie": "Ar", "artillerie_a_cheval": "AC",
    "artillerie_sur_elephants": "AE", "zamboureks": "Zb",
    "artillerie_tractee_par_elephants": "AT", "chariots_de_guerre": "CG",
}

# One letter per built-in terrain, from its French name (Bois, Colline, terrain
# Accidenté, Marais, Bâtiments, Sable, Montagne, Lac, Fortification).
_TERRAIN_LETTERS: dict[str, str] = {
    "clear": ".", "wood": "b", "hill": "c", "rough": "a", "marsh": "m", "buildings": "B",
    "sand": "s", "mountain": "M", "lake": "l", "fortification": "f",
}

TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#ece6c8", "wood": "#6f9f5c", "hill": "#cfae72", "rough": "#aaa194",
    "marsh": "#8dbba9", "buildings": "#b9785c", "sand": "#efdca4", "mountain": "#7e6f63",
    "lake": "#78acd9", "fortification": "#978a80",
}
UNKNOWN_TERRAIN_COLOUR = "#cccccc"

# Glyph (terminal) and stroke (SVG) of the built-in hexside features.
HEXSIDE_GLYPHS: dict[str, str] = {
    "river": "~", "ford": "≈", "bridge": "#", "stream": "-", "palisade": "+",
}

SIDE_COLOURS: tuple[str, ...] = ("#b3261e", "#1d4f91", "#2e7d32", "#6a1b9a")
# The side of a unit in plain text (no colour): first side ●, second ○.
SIDE_MARKS: tuple[str, ...] = ("●", "○", "◆", "◇")

LEADER_GLYPHS: dict[str, str] = {"general": "★", "sub_general": "☆", "senior_officer": "✦"}
RANK_ORDER: tuple[str, ...] = ("general", "sub_general", "senior_officer")

# Unit statuses worth a marker on the map, with their letter.
STATUS_LETTERS: dict[str, str] = {"disordered": "d", "pre_played": "p"}


def type_codes(rs: Ruleset) -> dict[str, str]:
    """A short, unique code for every unit type of the ruleset."""
    codes: dict[str, str] = {}
    used: set[str] = set()
    for key in rs.unit_types:
        code = _TYPE_CODES.get(key)
        if code is None or code in used:
            letters = [c for c in key if c.isalpha()] or ["?"]
            code = (letters[0].upper() + (letters[1] if len(letters) > 1 else "")).ljust(2)
            n = 2
            while code in used and n < len(letters):
                code = letters[0].upper() + letters[n]
                n += 1
        codes[key] = code
        used.add(code)
    return codes


def type_code(rs: Ruleset, unit_type: str) -> str:
    return type_codes(rs).get(unit_type, unit_type[:2])


def terrain_label(rs: Ruleset, key: str) -> str:
    entry = rs.terrain.get(key)
    return entry.label if entry is not None else key


def hexside_label(rs: Ruleset, key: str) -> str:
    entry = rs.hexsides.get(key)
    return entry.label if entry is not None else key


def rank_label(rs: Ruleset, rank: str) -> str:
    entry = rs.leaders.ranks.get(rank)
    return entry.label if entry is not None else rank


def terrain_letters(rs: Ruleset) -> dict[str, str]:
    """A one-letter code for every terrain of the ruleset (built-ins fixed, others
    from their label)."""
    letters: dict[str, str] = {}
    used = set(_TERRAIN_LETTERS.values())
    for key in rs.terrain_keys | set(_TERRAIN_LETTERS):
        if key in _TERRAIN_LETTERS:
            letters[key] = _TERRAIN_LETTERS[key]
    for key in sorted(rs.terrain_keys - set(_TERRAIN_LETTERS)):
        for c in terrain_label(rs, key) + key + "?":
            if c.isalpha() and c.lower() not in used:
                letters[key] = c.lower()
                used.add(c.lower())
                break
        else:
            letters[key] = "?"
    return letters


def hexside_glyph(kind: str) -> str:
    return HEXSIDE_GLYPHS.get(kind, kind[:1] or "?")


def side_colours(state: GameState) -> dict[str, str]:
    return {s.id: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, s in enumerate(state.sides)}


def side_marks(state: GameState) -> dict[str, str]:
    return {s.id: SIDE_MARKS[i % len(SIDE_MARKS)] for i, s in enumerate(state.sides)}


# --------------------------------------------------------------------- map contents
@dataclass
class HexContent:
    """Everything drawn in one hex, gathered once for both renderers."""

    terrain: str
    unit: Unit | None = None
    leaders: list[Leader] = field(default_factory=list)
    camps: list[str] = field(default_factory=list)  # side ids
    road: bool = False
    sides: dict[Direction, str] = field(default_factory=dict)  # hexside features


def map_contents(state: GameState) -> dict[Hex, HexContent]:
    """The content of every hex of the table."""
    game_map = state.map
    contents = {h: HexContent(terrain=game_map.terrain_at(h)) for h in game_map.grid.hexes()}
    for unit in state.units():
        if unit.at is not None and unit.at in contents:
            contents[unit.at].unit = unit
    for leader in state.leaders():
        if not leader.on_table:
            continue
        at = state.leader_hex(leader)
        if at is not None and at in contents:
            contents[at].leaders.append(leader)
    for content in contents.values():
        content.leaders.sort(key=lambda lead: RANK_ORDER.index(lead.rank)
                             if lead.rank in RANK_ORDER else len(RANK_ORDER))
    for side in state.sides:
        if side.camp.at is not None and side.camp.at in contents:
            contents[side.camp.at].camps.append(side.id)
    for h in game_map.road_hexes:
        if h in contents:
            contents[h].road = True
    for pair, kind in game_map.hexsides.items():
        a, b = sorted(pair)
        direction = a.direction_to(b)
        if direction is None:
            continue
        if a in contents:
            contents[a].sides[direction] = kind
        if b in contents:
            contents[b].sides[direction.opposite] = kind
    return contents


def leader_text(leader: Leader, rs: Ruleset) -> str:
    return f"{leader.id} — {leader.name}, {rank_label(rs, leader.rank)} (+{leader.command_value})"


def unit_text(unit: Unit, rs: Ruleset, width: int) -> str:
    parts = [unit.id]
    if unit.name:
        parts.append(f"« {unit.name} »")
    parts.append(f"{rs.type_label(unit.type)} {rs.weight_label(unit.weight).lower()}")
    if unit.at is not None:
        parts.append(f"en {unit.at.label(width)}")
    parts.append(f"face {unit.facing.name}")
    parts.append(f"cohésion {unit.cohesion.current}/{unit.cohesion.max}")
    f = unit.factors
    parts.append(f"tir {f.shooting} (portée {f.range}), assaut {f.assault}, mêlée {f.melee}")
    if unit.traits:
        parts.append("traits: " + ", ".join(sorted(unit.traits)))
    if unit.status:
        parts.append("état: " + ", ".join(sorted(unit.status)))
    if unit.reaction:
        parts.append(f"réaction: {unit.reaction}")
    return " — ".join(parts)


# ----------------------------------------------------------------------------- SVG
_SQRT3 = math.sqrt(3.0)
_R = 30.0  # hex radius (centre to corner), px
_PAD = 12.0
_TITLE_H = 34.0


def _attr(value: object) -> str:
    return _html_escape(str(value), quote=True)


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


class _Layout:
    """Pixel geometry of the map: hex centres, corners, hexside segments."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        # one ring of hexes around the table shows the off-table entry points
        self.width = 1.5 * _R * (columns + 2) + 0.5 * _R + 2 * _PAD
        self.map_height = _SQRT3 * _R * (rows + 2) + _SQRT3 * _R / 2 + 2 * _PAD

    def centre(self, h: Hex) -> tuple[float, float]:
        x, y = h.to_offset()
        cx = _PAD + _R + 1.5 * _R * (x + 1)
        cy = _TITLE_H + _PAD + _SQRT3 * _R / 2 + _SQRT3 * _R * (y + 1)
        if x % 2 == 1:  # 0-based odd = printed even column: half a hex lower
            cy += _SQRT3 * _R / 2
        return cx, cy

    @staticmethod
    def corner(cx: float, cy: float, degrees: float, radius: float = _R) -> tuple[float, float]:
        a = math.radians(degrees)
        return cx + radius * math.cos(a), cy + radius * math.sin(a)

    def corners(self, h: Hex, radius: float = _R) -> list[tuple[float, float]]:
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


def _decoration(terrain: str, cx: float, cy: float) -> list[str]:
    """A few strokes that tell the terrain apart without colour."""
    r = _R
    if terrain == "wood":
        return [f'<circle cx="{_n(cx + dx * r)}" cy="{_n(cy + dy * r)}" r="{_n(0.13 * r)}" '
                f'fill="#3f6f35" stroke="none"/>'
                for dx, dy in ((-0.45, 0.1), (0.45, 0.1), (-0.05, 0.5), (0.35, 0.52), (-0.4, 0.5))]
    if terrain == "hill":
        return [f'<path d="M {_n(cx - 0.6 * r)} {_n(cy + 0.55 * r)} Q {_n(cx)} {_n(cy - 0.15 * r)} '
                f'{_n(cx + 0.6 * r)} {_n(cy + 0.55 * r)}" fill="none" stroke="#8d6e3f" '
                f'stroke-width="1.5"/>']
    if terrain == "marsh":
        return [f'<line x1="{_n(cx - 0.35 * r + dx * r)}" y1="{_n(cy + dy * r)}" '
                f'x2="{_n(cx + 0.05 * r + dx * r)}" y2="{_n(cy + dy * r)}" stroke="#3b6f86" '
                f'stroke-width="1.5"/>'
                for dx, dy in ((-0.2, 0.25), (0.35, 0.25), (0.05, 0.5), (-0.25, 0.6))]
    if terrain == "rough":
        return [f'<circle cx="{_n(cx + dx * r)}" cy="{_n(cy + dy * r)}" r="{_n(0.05 * r)}" '
                f'fill="#5d5449"/>'
                for dx, dy in ((-0.5, 0.2), (0.45, 0.25), (0.0, 0.55), (-0.3, 0.45), (0.3, 0.5))]
    if terrain == "buildings":
        return [f'<rect x="{_n(cx + dx * r)}" y="{_n(cy + dy * r)}" width="{_n(0.2 * r)}" '
                f'height="{_n(0.16 * r)}" fill="#7a4632"/>'
                for dx, dy in ((-0.6, 0.2), (0.4, 0.2), (-0.1, 0.45))]
    if terrain == "mountain":
        peak = _pts([(cx - 0.5 * r, cy + 0.6 * r), (cx, cy - 0.1 * r),
                     (cx + 0.5 * r, cy + 0.6 * r)])
        return [f'<polygon points="{peak}" fill="#5b4f46"/>']
    if terrain == "sand":
        return [f'<circle cx="{_n(cx + dx * r)}" cy="{_n(cy + dy * r)}" r="{_n(0.035 * r)}" '
                f'fill="#b59b58"/>'
                for dx, dy in ((-0.5, 0.3), (0.5, 0.3), (0.0, 0.55), (-0.25, 0.6), (0.25, 0.6),
                               (0.0, 0.25))]
    return []


def svg_map(state: GameState, rs: Ruleset) -> str:
    """The whole battlefield as standalone SVG 1.1 text."""
    game_map = state.map
    grid = game_map.grid
    width = grid.width
    layout = _Layout(game_map.columns, game_map.rows)
    contents = map_contents(state)
    colours = side_colours(state)
    codes = type_codes(rs)
    used_terrain = sorted({c.terrain for c in contents.values()} | {game_map.default_terrain},
                          key=lambda k: (k != "clear", k))
    used_sides = sorted(set(game_map.hexsides.values()))
    legend, legend_h = _legend(state, rs, layout.width, used_terrain, used_sides, codes, colours)
    total_h = _TITLE_H + layout.map_height + legend_h + 12.0
    out: list[str] = []
    add = out.append
    add('<?xml version="1.0" encoding="UTF-8" standalone="no"?>')
    add(f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(layout.width)}" '
        f'height="{_n(total_h)}" viewBox="0 0 {_n(layout.width)} {_n(total_h)}" '
        f'font-family="DejaVu Sans, Verdana, Arial, sans-serif">')
    title = (f"{rs.title} — {state.game} — tour {state.turn}, {state.player} joue, "
             f"phase suivante : {state.phase}")
    if state.result:
        title += f" — partie terminée : {state.result.get('outcome')}"
    add(f"<title>{escape(title)}</title>")
    add(f'<rect x="0" y="0" width="{_n(layout.width)}" height="{_n(total_h)}" fill="#fbf8ee"/>')
    add(f'<text x="{_n(_PAD)}" y="{_n(_PAD + 14)}" font-size="16" font-weight="bold" '
        f'fill="#222">{escape(title)}</text>')

    # terrain
    add('<g id="terrain" stroke="#6d6a5f" stroke-width="0.8">')
    for h, c in contents.items():
        fill = TERRAIN_COLOURS.get(c.terrain, UNKNOWN_TERRAIN_COLOUR)
        add(f'<polygon class="hex {_attr(c.terrain)}" data-hex="{grid.label(h)}" '
            f'points="{_pts(layout.corners(h))}" fill="{fill}"/>')
    add("</g>")
    add('<g id="terrain-marks">')
    for h, c in contents.items():
        out.extend(_decoration(c.terrain, *layout.centre(h)))
    add("</g>")

    # hex labels, small, in the top left corner (the top centre is where the facing
    # wedge of a unit facing N goes)
    add(f'<g id="labels" font-size="{_n(0.2 * _R)}" fill="#4a463c">')
    for h in contents:
        cx, cy = layout.centre(h)
        add(f'<text x="{_n(cx - 0.5 * _R)}" y="{_n(cy - 0.6 * _R)}">{grid.label(h)}</text>')
    add("</g>")

    # roads, centre to centre
    add('<g id="roads" fill="none" stroke-linecap="round" stroke-linejoin="round">')
    for road in game_map.roads:
        points = _pts(layout.centre(h) for h in road)
        add(f'<polyline points="{points}" stroke="#6b4a2b" stroke-width="{_n(0.2 * _R)}"/>')
        add(f'<polyline points="{points}" stroke="#d9b77e" stroke-width="{_n(0.11 * _R)}"/>')
    add("</g>")

    # hexside features
    add('<g id="hexsides" stroke-linecap="round" fill="none">')
    for pair, kind in game_map.hexsides.items():
        a, b = sorted(pair)
        d = a.direction_to(b)
        if d is None:
            continue
        (x1, y1), (x2, y2) = layout.side(a, d)
        seg = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
        tip = f"<title>{escape(hexside_label(rs, kind))} {grid.label(a)}-{grid.label(b)}</title>"
        if kind == "river":
            add(f'<line class="river" {seg} stroke="#1f63c6" stroke-width="{_n(0.22 * _R)}">'
                f"{tip}</line>")
        elif kind == "ford":
            add(f'<line class="ford" {seg} stroke="#1f63c6" stroke-width="{_n(0.22 * _R)}" '
                f'stroke-dasharray="{_n(0.14 * _R)},{_n(0.14 * _R)}" stroke-linecap="butt">'
                f"{tip}</line>")
        elif kind == "bridge":
            add(f'<line class="river" {seg} stroke="#1f63c6" stroke-width="{_n(0.22 * _R)}"/>')
            ax, ay = layout.centre(a)
            bx, by = layout.centre(b)
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            ux, uy = (bx - ax) / (_SQRT3 * _R), (by - ay) / (_SQRT3 * _R)
            add(f'<line class="bridge" x1="{_n(mx - 0.32 * _R * ux)}" '
                f'y1="{_n(my - 0.32 * _R * uy)}" x2="{_n(mx + 0.32 * _R * ux)}" '
                f'y2="{_n(my + 0.32 * _R * uy)}" stroke="#5e3c1d" stroke-width="{_n(0.3 * _R)}" '
                f'stroke-linecap="butt">{tip}</line>')
        elif kind == "stream":
            add(f'<line class="stream" {seg} stroke="#3d86d8" stroke-width="{_n(0.1 * _R)}">'
                f"{tip}</line>")
        elif kind == "palisade":
            add(f'<line class="palisade" {seg} stroke="#5a3d1e" stroke-width="{_n(0.14 * _R)}" '
                f'stroke-dasharray="3,2">{tip}</line>')
        else:
            add(f'<line class="{_attr(kind)}" {seg} stroke="#444" '
                f'stroke-width="{_n(0.12 * _R)}">{tip}</line>')
    add("</g>")

    # camps
    add('<g id="camps">')
    for side in state.sides:
        if side.camp.at is None or side.camp.at not in contents:
            continue
        cx, cy = layout.centre(side.camp.at)
        alone = contents[side.camp.at].unit is None
        tx, ty = (cx, cy + 0.05 * _R) if alone else (cx - 0.55 * _R, cy - 0.3 * _R)
        s = 0.3 * _R if alone else 0.18 * _R
        colour = colours[side.id]
        desc = f"Camp de {side.name}" + (" (fortifié)" if side.camp.fortified else "") + \
            (" — pris" if side.camp.taken else "")
        add(f'<g class="camp" data-side="{_attr(side.id)}"><title>{escape(desc)}</title>')
        if side.camp.fortified:
            add(f'<rect x="{_n(tx - 1.4 * s)}" y="{_n(ty - 1.3 * s)}" width="{_n(2.8 * s)}" '
                f'height="{_n(2.4 * s)}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        tent = _pts([(tx - s, ty + s * 0.8), (tx, ty - s), (tx + s, ty + s * 0.8)])
        add(f'<polygon points="{tent}" fill="#ffffff" stroke="{colour}" stroke-width="2"/>')
        add(f'<line x1="{_n(tx)}" y1="{_n(ty - s)}" x2="{_n(tx)}" y2="{_n(ty - 1.6 * s)}" '
            f'stroke="{colour}" stroke-width="1.5"/>')
        if side.camp.taken:
            add(f'<path d="M {_n(tx - s)} {_n(ty - s)} L {_n(tx + s)} {_n(ty + s)} M '
                f'{_n(tx + s)} {_n(ty - s)} L {_n(tx - s)} {_n(ty + s)}" stroke="#000" '
                f'stroke-width="2"/>')
        if alone:
            add(f'<text x="{_n(cx)}" y="{_n(cy + 0.62 * _R)}" font-size="{_n(0.2 * _R)}" '
                f'text-anchor="middle" fill="{colour}">camp</text>')
        add("</g>")
    add("</g>")

    # units
    add('<g id="units">')
    for c in contents.values():
        if c.unit is not None:
            out.extend(_counter(c.unit, layout, colours[c.unit.side], codes, rs, width))
    add("</g>")

    # leaders
    add('<g id="leaders">')
    for h, c in contents.items():
        for i, leader in enumerate(c.leaders):
            out.extend(_leader(leader, h, i, c.unit is not None, layout, colours[leader.side],
                               rs))
    add("</g>")

    # entry points, in the ring around the table
    add('<g id="entry-points">')
    for side in state.sides:
        colour = colours[side.id]
        for h in side.entry_points:
            cx, cy = layout.centre(h)
            waiting = ", ".join(u.id for u in side.off_table)
            add(f'<g class="entry" data-side="{_attr(side.id)}"><title>'
                f'{escape(f"Entrée de {side.name} en {grid.label(h)}")}'
                f'{escape(f" (hors table : {waiting})" if waiting else "")}</title>')
            add(f'<polygon points="{_pts(layout.corners(h, 0.9 * _R))}" fill="none" '
                f'stroke="{colour}" stroke-width="2" stroke-dasharray="4,3"/>')
            add(f'<text x="{_n(cx)}" y="{_n(cy - 0.1 * _R)}" font-size="{_n(0.22 * _R)}" '
                f'text-anchor="middle" fill="{colour}">{grid.label(h)}</text>')
            add(f'<text x="{_n(cx)}" y="{_n(cy + 0.25 * _R)}" font-size="{_n(0.2 * _R)}" '
                f'text-anchor="middle" fill="{colour}">entrée</text>')
            add("</g>")
    add("</g>")

    # legend, below the map
    add(f'<g id="legend" font-size="12" fill="#222" '
        f'transform="translate(0,{_n(_TITLE_H + layout.map_height)})">')
    out.extend(legend)
    add("</g>")
    add("</svg>")
    return "\n".join(out) + "\n"


_CHAR_W = 6.8  # average width of a character of the 12 px legend font
_LINE_H = 22.0


class _Flow:
    """Legend items laid out left to right, wrapping at the right margin."""

    def __init__(self, width: float) -> None:
        self.left = _PAD
        self.right = width - _PAD
        self.x = self.left
        self.y = 4.0
        self.parts: list[str] = []

    def item(self, width: float, parts: Callable[[float, float], list[str]]) -> None:
        if self.x > self.left and self.x + width > self.right:
            self.newline()
        self.parts.extend(parts(self.x, self.y))
        self.x += width

    def newline(self) -> None:
        self.x = self.left
        self.y += _LINE_H

    @property
    def height(self) -> float:
        return self.y + _LINE_H


def _text(x: float, y: float, label: str) -> str:
    return f'<text x="{_n(x)}" y="{_n(y + 11)}">{escape(label)}</text>'


Draw = Callable[[float, float], list[str]]


def _swatch(fill: str, label: str) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [f'<rect x="{_n(x)}" y="{_n(y)}" width="14" height="14" fill="{fill}" '
                f'stroke="#6d6a5f"/>', _text(x + 18, y, label)]
    return draw


def _stroke(stroke: str, dash: str, label: str) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [f'<line x1="{_n(x)}" y1="{_n(y + 7)}" x2="{_n(x + 16)}" y2="{_n(y + 7)}" '
                f'stroke="{stroke}" stroke-width="4"{dash}/>', _text(x + 20, y, label)]
    return draw


def _rank(rank: str, label: str) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [_leader_symbol(rank, x + 7, y + 7, 7.0, "#444"), _text(x + 18, y, label)]
    return draw


def _words(label: str) -> Draw:
    def draw(x: float, y: float) -> list[str]:
        return [_text(x, y, label)]
    return draw


def _legend(state: GameState, rs: Ruleset, width: float, used_terrain: list[str],
            used_sides: list[str], codes: Mapping[str, str],
            colours: Mapping[str, str]) -> tuple[list[str], float]:
    """The legend's SVG elements (y from 0) and its height."""
    flow = _Flow(width)
    for key in used_terrain:
        label = terrain_label(rs, key)
        flow.item(30 + _CHAR_W * len(label),
                  _swatch(TERRAIN_COLOURS.get(key, UNKNOWN_TERRAIN_COLOUR), label))
    strokes = {"river": "#1f63c6", "ford": "#1f63c6", "bridge": "#5e3c1d", "stream": "#3d86d8",
               "palisade": "#5a3d1e"}
    features = [(hexside_label(rs, key), strokes.get(key, "#444"),
                 ' stroke-dasharray="4,3"' if key in ("ford", "palisade") else "")
                for key in used_sides]
    if state.map.roads:
        features.append(("Route", "#d9b77e", ""))
    for label, stroke, dash in features:
        flow.item(32 + _CHAR_W * len(label), _stroke(stroke, dash, label))
    flow.newline()
    for side in state.sides:
        label = f"{side.name} (bord {side.edge})"
        flow.item(30 + _CHAR_W * len(label), _swatch(colours[side.id], label))
    for rank in RANK_ORDER:
        label = rank_label(rs, rank)
        flow.item(30 + _CHAR_W * len(label), _rank(rank, label))
    flow.newline()
    present = sorted({u.type for u in state.units()}
                     | {u.type for s in state.sides for u in s.off_table})
    for t in present:
        label = f"{codes.get(t, t)} {rs.type_label(t)}"
        flow.item(18 + _CHAR_W * len(label), _words(label))
    for side in state.sides:
        if side.off_table:
            flow.newline()
            ids = ", ".join(f"{u.id} ({codes.get(u.type, u.type)})" for u in side.off_table)
            entries = ", ".join(state.map.grid.label(h) for h in side.entry_points)
            label = f"Hors table, {side.name} : {ids}" + (f" — entrée {entries}" if entries
                                                           else "")
            flow.item(_CHAR_W * len(label), _words(label))
    return flow.parts, flow.height


def _counter(unit: Unit, layout: _Layout, colour: str, codes: Mapping[str, str], rs: Ruleset,
             width: int) -> list[str]:
    cx, cy = layout.centre(unit.at) if unit.at is not None else (0.0, 0.0)
    w, h = 1.1 * _R, 0.74 * _R
    top = cy - 0.28 * _R
    out = [f'<g class="unit" id="unit-{_attr(unit.id)}" data-side="{_attr(unit.side)}">',
           f"<title>{escape(unit_text(unit, rs, width))}</title>"]
    # facing tick: a wedge out of the counter toward the middle of the facing hexside
    a = math.radians(layout.side_angle(unit.facing))
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    # where the ray from the centre leaves the counter (a w x h box, top at ``top``)
    edge_y = (top - cy) if uy < 0 else (top + h - cy)
    base = min(abs(edge_y / uy) if uy else math.inf, (w / 2) / abs(ux) if ux else math.inf)
    tip = min(base + 0.28 * _R, 0.84 * _R)
    wedge = [(cx + ux * tip, cy + uy * tip),
             (cx + ux * base + px * 0.13 * _R, cy + uy * base + py * 0.13 * _R),
             (cx + ux * base - px * 0.13 * _R, cy + uy * base - py * 0.13 * _R)]
    out.append(f'<polygon class="facing" points="{_pts(wedge)}" fill="{colour}" '
               f'stroke="#111" stroke-width="0.8"/>')
    dash = ' stroke-dasharray="3,2"' if "disordered" in unit.status else ""
    out.append(f'<rect x="{_n(cx - w / 2)}" y="{_n(top)}" width="{_n(w)}" height="{_n(h)}" '
               f'rx="{_n(0.08 * _R)}" fill="{colour}" stroke="#111" stroke-width="1.2"{dash}/>')
    out.append(f'<text x="{_n(cx)}" y="{_n(top + 0.33 * _R)}" font-size="{_n(0.3 * _R)}" '
               f'font-weight="bold" fill="#fff" text-anchor="middle">{escape(unit.id)}</text>')
    detail = f"{codes.get(unit.type, unit.type)} {unit.cohesion.current}/{unit.cohesion.max}"
    out.append(f'<text x="{_n(cx)}" y="{_n(top + 0.64 * _R)}" font-size="{_n(0.22 * _R)}" '
               f'fill="#fff" text-anchor="middle">{escape(detail)}</text>')
    badges = [letter.upper() for status, letter in STATUS_LETTERS.items()
              if status in unit.status]
    for i, letter in enumerate(badges):
        bx, by = cx - w / 2 + 0.02 * _R + i * 0.3 * _R, top - 0.02 * _R
        out.append(f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="{_n(0.14 * _R)}" fill="#ffd54f" '
                   f'stroke="#111" stroke-width="0.8"/>')
        out.append(f'<text x="{_n(bx)}" y="{_n(by + 0.08 * _R)}" font-size="{_n(0.2 * _R)}" '
                   f'font-weight="bold" text-anchor="middle" fill="#111">{letter}</text>')
    out.append("</g>")
    return out


def _leader_symbol(rank: str, cx: float, cy: float, size: float, colour: str) -> str:
    if rank == "general":
        return (f'<polygon points="{_pts(_star(cx, cy, size * 1.25))}" fill="#f2c230" '
                f'stroke="{colour}" stroke-width="1.5"/>')
    if rank == "sub_general":
        return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(size * 0.8)}" fill="#f2c230" '
                f'stroke="{colour}" stroke-width="2"/>')
    return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(size * 0.55)}" fill="#ffffff" '
            f'stroke="{colour}" stroke-width="2"/>')


def _leader(leader: Leader, h: Hex, index: int, with_unit: bool, layout: _Layout, colour: str,
            rs: Ruleset) -> list[str]:
    cx, cy = layout.centre(h)
    if with_unit:  # in the top right corner of the counter
        x, y = cx + 0.5 * _R + 0.02 * _R * index, cy - 0.3 * _R + 0.34 * _R * index
        size = 0.17 * _R
    else:  # alone: in the middle of the hex, with his id
        x, y = cx + 0.42 * _R * index, cy - 0.08 * _R
        size = 0.24 * _R
    attached = (f' data-attached-to="{_attr(leader.attached_to)}"' if leader.attached_to
                else "")
    out = [f'<g class="leader" id="leader-{_attr(leader.id)}" '
           f'data-side="{_attr(leader.side)}"{attached}>',
           f"<title>{escape(leader_text(leader, rs))}</title>",
           _leader_symbol(leader.rank, x, y, size, colour)]
    if not with_unit:
        out.append(f'<text x="{_n(cx)}" y="{_n(cy + 0.42 * _R)}" font-size="{_n(0.24 * _R)}" '
                   f'font-weight="bold" text-anchor="middle" fill="{colour}">'
                   f"{escape(leader.id)}</text>")
    out.append("</g>")
    return out

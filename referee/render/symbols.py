"""What the maps draw, shared by the terminal map (``mapview``), the SVG map (``svg``)
and the HTML report: type codes, terrain letters and colours, facing arrows, side
colours and marks, status badges, weight marks, and the content of every hex.

Standard library only (the SVG path must not import rich)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from referee.core.hexgrid import Direction, Hex
from referee.core.model import (
    RANKS,
    WEIGHTS,
    GameState,
    Leader,
    Rank,
    Unit,
    UnitStatus,
    Weight,
)
from referee.core.ruleset import Ruleset

FACING_ARROWS: dict[Direction, str] = {
    Direction.N: "↑",
    Direction.NE: "↗",
    Direction.SE: "↘",
    Direction.S: "↓",
    Direction.SW: "↙",
    Direction.NW: "↖",
}

# Two-letter codes of the built-in unit types (rulesets/README.md, "Built-in keys").
_TYPE_CODES: dict[str, str] = {
    "infanterie": "In",
    "piquiers": "Pq",
    "cavalerie": "Cv",
    "chamellerie": "Ch",
    "charrerie": "Cr",
    "elephants": "El",
    "artillerie": "Ar",
    "artillerie_a_cheval": "AC",
    "artillerie_sur_elephants": "AE",
    "zamboureks": "Zb",
    "artillerie_tractee_par_elephants": "AT",
    "chariots_de_guerre": "CG",
}

# One letter per built-in terrain, from its French name (Bois, Colline, terrain
# Accidenté, Marais, Bâtiments, Sable, Montagne, Lac, Fortification).
_TERRAIN_LETTERS: dict[str, str] = {
    "clear": ".",
    "wood": "b",
    "hill": "c",
    "rough": "a",
    "marsh": "m",
    "buildings": "B",
    "sand": "s",
    "mountain": "M",
    "lake": "l",
    "fortification": "f",
}

TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#ece6c8",
    "wood": "#6f9f5c",
    "hill": "#cfae72",
    "rough": "#aaa194",
    "marsh": "#8dbba9",
    "buildings": "#b9785c",
    "sand": "#efdca4",
    "mountain": "#7e6f63",
    "lake": "#78acd9",
    "fortification": "#978a80",
}
UNKNOWN_TERRAIN_COLOUR = "#cccccc"

# Glyph (terminal) of the built-in hexside features.
HEXSIDE_GLYPHS: dict[str, str] = {
    "river": "~",
    "ford": "≈",
    "bridge": "#",
    "stream": "-",
    "palisade": "+",
}

SIDE_COLOURS: tuple[str, ...] = ("#b3261e", "#1d4f91", "#2e7d32", "#6a1b9a")
# The side of a unit in plain text (no colour): first side ●, second ○.
SIDE_MARKS: tuple[str, ...] = ("●", "○", "◆", "◇")

LEADER_GLYPHS: dict[Rank, str] = {"general": "★", "sub_general": "☆", "senior_officer": "✦"}
RANK_ORDER: tuple[Rank, ...] = RANKS

# Status badges, in the order they are drawn: (status, badge, colour). The badges are
# the rules' words where they have one (ss cb, pré-joué: P, désordre: D), the same in
# both languages; the legends say what each one means.
STATUS_BADGES: tuple[tuple[UnitStatus, str, str], ...] = (
    ("disordered", "D", "#e4572e"),
    ("pre_played", "P", "#ffd54f"),
    ("activated", "A", "#8bc34a"),
    ("moved", "M", "#81d4fa"),
    ("no_combat", "ss", "#bdbdbd"),
    ("road_march", "R", "#d7b07e"),
    ("mounted_move", "Mo", "#d7b07e"),
    ("charged", "Ch", "#ff8a65"),
    ("engaged", "E", "#ef5350"),
    ("fought", "C", "#f48fb1"),
    ("evaded", "Es", "#b39ddb"),
    ("pursued", "Po", "#ce93d8"),
    ("pursuit_contact", "Ct", "#ff7043"),
    ("camp_assault", "Ca", "#ff7043"),
    ("stationary", "Im", "#a1887f"),
)
BADGE_OF: dict[str, tuple[str, str]] = {s: (b, c) for s, b, c in STATUS_BADGES}
# the terminal map: one letter per status (the same badges, first letter)
STATUS_LETTERS: dict[UnitStatus, str] = {
    "disordered": "d",
    "pre_played": "p",
    "no_combat": "s",
    "engaged": "e",
    "fought": "c",
    "activated": "a",
    "moved": "m",
}

# Weight: a mark per weight step, language-neutral (the legends name each step).
WEIGHT_MARKS: dict[Weight, str] = {
    "very-light": "·",
    "light": "-",
    "medium": "=",
    "heavy": "≡",
    "very-heavy": "#",
}


def weight_level(weight: str) -> int:
    """1 (very light) to 5 (very heavy); 0 for an unknown weight."""
    return WEIGHTS.index(weight) + 1 if weight in WEIGHTS else 0


# a status said by another one already: no badge of its own (engaged units fought,
# evading units are pré-joué, a charge is a melee)
IMPLIED: dict[UnitStatus, UnitStatus] = {
    "fought": "engaged",
    "evaded": "pre_played",
    "charged": "engaged",
}


def unit_statuses(unit: Unit, all_of_them: bool = False) -> list[UnitStatus]:
    """The unit's statuses worth a badge, in badge order (``pursuit_contact:E1`` is
    ``pursuit_contact``), without those another one implies unless ``all_of_them``."""
    return unit_statuses_of(unit.status, all_of_them)


def unit_statuses_of(status: frozenset[str], all_of_them: bool = False) -> list[UnitStatus]:
    """:func:`unit_statuses` of a unit whose ``status`` this is."""
    mine = {s.split(":")[0] for s in status}
    return [
        s for s, _, _ in STATUS_BADGES if s in mine and (all_of_them or IMPLIED.get(s) not in mine)
    ]


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


_NO_SIDES: Mapping[Direction, str] = MappingProxyType({})


class HexContent:
    """Everything drawn in one hex, gathered once for every renderer. A plain class:
    there is one for every hex of the table (150,000 on a large one), most of them
    empty ground, sharing the same empty lists."""

    __slots__ = ("camps", "leaders", "road", "sides", "terrain", "unit")

    def __init__(
        self,
        terrain: str,
        unit: Unit | None = None,
        leaders: Sequence[Leader] = (),
        camps: Sequence[str] = (),
        road: bool = False,
        sides: Mapping[Direction, str] = _NO_SIDES,
    ) -> None:
        self.terrain = terrain
        self.unit = unit
        self.leaders = leaders  # on the table in this hex, highest rank first
        self.camps = camps  # side ids
        self.road = road
        self.sides = sides  # hexside features


def map_contents(state: GameState, hexes: Iterable[Hex] | None = None) -> dict[Hex, HexContent]:
    """The content of every hex of the table (or of ``hexes``, hexes of the table, in
    that order: the part of a large map a window shows)."""
    game_map = state.map
    terrain, default = game_map.terrain.get, game_map.default_terrain
    contents = {
        h: HexContent(terrain(h, default))
        for h in (game_map.grid.hexes() if hexes is None else hexes)
    }
    for unit in state.units():
        if unit.at is not None and unit.at in contents:
            contents[unit.at].unit = unit
    # an attached leader is where his unit is (state.leader_hex, without a search of
    # every unit for each leader): the first unit of that id, as state.find_unit
    unit_at: dict[str, Hex | None] = {}
    for side in reversed(state.sides):
        for unit in reversed(side.units):
            unit_at[unit.id] = unit.at
    leaders: dict[Hex, list[Leader]] = {}
    for leader in state.leaders():
        if not leader.on_table:
            continue
        at = leader.at
        if leader.attached_to is not None and leader.attached_to in unit_at:
            at = unit_at[leader.attached_to]
        if at is not None and at in contents:
            leaders.setdefault(at, []).append(leader)
    for at, here in leaders.items():
        here.sort(
            key=lambda lead: (
                RANK_ORDER.index(lead.rank) if lead.rank in RANK_ORDER else len(RANK_ORDER)
            )
        )
        contents[at].leaders = here
    camps: dict[Hex, list[str]] = {}
    for side in state.sides:
        if side.camp.at is not None and side.camp.at in contents:
            camps.setdefault(side.camp.at, []).append(side.id)
    for at, ids in camps.items():
        contents[at].camps = ids
    for h in game_map.road_hexes:
        if h in contents:
            contents[h].road = True
    sides: dict[Hex, dict[Direction, str]] = {}
    for pair, kind in game_map.hexsides.items():
        a, b = sorted(pair)
        direction = a.direction_to(b)
        if direction is None:
            continue
        if a in contents:
            sides.setdefault(a, {})[direction] = kind
        if b in contents:
            sides.setdefault(b, {})[direction.opposite] = kind
    for h, features in sides.items():
        contents[h].sides = features
    return contents


def map_terrains(state: GameState) -> set[str]:
    """The terrains of the table's hexes (``{c.terrain for c in
    map_contents(state).values()}``, without a content for every hex)."""
    game_map = state.map
    grid = game_map.grid
    inside = [t for h, t in game_map.terrain.items() if grid.contains(h)]
    terrains = set(inside)
    if len(inside) < grid.columns * grid.rows:  # some hex has the default terrain
        terrains.add(game_map.default_terrain)
    return terrains

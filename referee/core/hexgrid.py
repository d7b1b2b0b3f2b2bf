"""Flat-topped hex grid with printed-map labels.

Labels are ``CCRR`` (column, row, from ``0101`` at the top left); even columns sit
half a hex lower than odd ones. Inside the engine every hex is an axial
coordinate ``Hex(q, r)``; labels only appear at the edges (files and reports).
See https://www.redblobgames.com/grids/hexagons/ for the maths: with 0-based
column ``x`` and row ``y`` this layout is "odd-q" (odd ``x`` shoved down).
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntEnum
from typing import Final, Literal, NamedTuple

from referee.core.errors import BadText


class Direction(IntEnum):
    """The six hexsides of a flat-topped hex, clockwise from north."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def turn(self, steps: int) -> Direction:
        """The hexside ``steps`` clockwise (negative: counter-clockwise)."""
        return Direction((self.value + steps) % 6)

    @property
    def opposite(self) -> Direction:
        return self.turn(3)

    @classmethod
    def parse(cls, text: str) -> Direction:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise BadText("hex.unknown_facing", facing=text) from None


# Axial (dq, dr) steps, indexed by Direction.
_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


class Hex(NamedTuple):
    """An axial coordinate (q = column index from 0, r = axial row)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def neighbour(self, direction: Direction) -> Hex:
        dq, dr = _STEPS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> Iterator[tuple[Direction, Hex]]:
        for direction in Direction:
            dq, dr = _STEPS[direction]
            yield direction, Hex(self.q + dq, self.r + dr)

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction | None:
        """The hexside leading to an adjacent hex, or None if not adjacent."""
        step = (other.q - self.q, other.r - self.r)
        try:
            return Direction(_STEPS.index(step))
        except ValueError:
            return None

    # offset (0-based column x, row y) <-> axial, "odd-q" layout
    @classmethod
    def from_offset(cls, x: int, y: int) -> Hex:
        return cls(x, y - (x - (x & 1)) // 2)

    def to_offset(self) -> tuple[int, int]:
        return self.q, self.r + (self.q - (self.q & 1)) // 2

    @classmethod
    def from_label(cls, label: str) -> Hex:
        """``"0507"`` -> the hex of column 5, row 7. Raises ValueError if malformed."""
        text = str(label).strip()
        if not text.isdecimal() or len(text) not in (4, 6):
            raise BadText("hex.bad_label", label=label)
        half = len(text) // 2
        return cls.from_offset(int(text[:half]) - 1, int(text[half:]) - 1)

    def label(self, width: int = 2) -> str:
        x, y = self.to_offset()
        if x + 1 < 0 or y + 1 < 0:
            return f"({x + 1},{y + 1})"
        return f"{x + 1:0{width}d}{y + 1:0{width}d}"

    def __str__(self) -> str:  # pragma: no cover - debugging aid
        return self.label()


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes of the straight line from a to b, both included (cube lerp)."""
    n = a.distance(b)
    if n == 0:
        return [a]
    # nudge to break ties consistently
    aq, ar, as_ = a.q + 1e-6, a.r + 1e-6, a.s - 2e-6
    bq, br, bs = b.q + 1e-6, b.r + 1e-6, b.s - 2e-6
    result = []
    for i in range(n + 1):
        t = i / n
        result.append(_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t))
    return result


def ray(start: Hex, direction: Direction, length: int) -> list[Hex]:
    """``length`` hexes straight out of ``start`` through one hexside (start excluded)."""
    out = []
    current = start
    for _ in range(length):
        current = current.neighbour(direction)
        out.append(current)
    return out


def _round(fq: float, fr: float, fs: float) -> Hex:
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


Arc = Literal["front", "flank", "rear"]  # of a unit, by its facing
FRONT: Final = "front"
FLANK: Final = "flank"
REAR: Final = "rear"


def front_arc(facing: Direction) -> tuple[Direction, Direction, Direction]:
    """The facing hexside and its two neighbours (RULES.md, hex adaptation)."""
    return facing.turn(-1), facing, facing.turn(1)


def rear_arc(facing: Direction) -> tuple[Direction, Direction, Direction]:
    """The three hexsides that are not in the front arc."""
    return facing.turn(2), facing.turn(3), facing.turn(4)


def side_of_attack(facing: Direction, through: Direction) -> Arc:
    """Classify the hexside ``through`` which a unit facing ``facing`` is contacted:
    front arc, flank (the two rear-arc hexsides next to the front arc) or rear."""
    delta = (through - facing) % 6
    if delta in (0, 1, 5):
        return FRONT
    if delta in (2, 4):
        return FLANK
    return REAR


class Grid:
    """A rectangular map of ``columns`` x ``rows`` hexes."""

    __slots__ = ("columns", "rows", "width")

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.width = 2 if columns <= 99 and rows <= 99 else 3

    def contains(self, h: Hex) -> bool:
        x, y = h.to_offset()
        return 0 <= x < self.columns and 0 <= y < self.rows

    def just_outside(self, h: Hex) -> bool:
        """A hex in the ring just outside the table (valid only as an entry point)."""
        if self.contains(h):
            return False
        x, y = h.to_offset()
        return -1 <= x <= self.columns and -1 <= y <= self.rows

    def label(self, h: Hex) -> str:
        return h.label(self.width)

    def parse(self, label: str) -> Hex:
        return Hex.from_label(label)

    def edge_distance(self, h: Hex, edge: str) -> int:
        """Rows or columns between a hex and a table edge (0 on the edge itself)."""
        x, y = h.to_offset()
        if edge == "N":
            return y
        if edge == "S":
            return self.rows - 1 - y
        if edge == "W":
            return x
        if edge == "E":
            return self.columns - 1 - x
        raise BadText("hex.unknown_edge", edge=edge)

    def on_edge(self, h: Hex, edge: str) -> bool:
        return self.contains(h) and self.edge_distance(h, edge) == 0

    def exit_edges(self, h: Hex) -> list[str]:
        """The edges a hex outside the table lies beyond."""
        x, y = h.to_offset()
        edges = []
        if y < 0:
            edges.append("N")
        if y >= self.rows:
            edges.append("S")
        if x < 0:
            edges.append("W")
        if x >= self.columns:
            edges.append("E")
        return edges

    def hexes(self) -> Iterator[Hex]:
        for y in range(self.rows):
            for x in range(self.columns):
                yield Hex.from_offset(x, y)

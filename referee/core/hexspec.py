"""Hexes written the way a person writes them in a scenario (docs/scenario.md).

* a hex: its printed label ``0507`` (a YAML number such as ``1208`` is read as its label);
* a path ``0112-1612-1601``: the hexes from one waypoint to the next, both included.
  Two waypoints in the same column give that column's hexes between them; in the same
  row, that row's hexes in column order (on flat-topped hexes with even columns half a
  hex lower, a row is a zigzag of adjacent hexes); otherwise the straight line of hexes
  between them. ``0508-0510`` is therefore the range 0508, 0509, 0510;
* a block ``0507:0910``: every hex of columns 5 to 9 and rows 7 to 10;
* several of these separated by commas or spaces: ``0507, 0508-0510``.

And hexsides, for rivers, walls and the like:

* ``0309|0409``: the side between two adjacent hexes;
* ``0309 SE``: a hex and one of its six sides (``N NE SE S SW NW``);
* ``0301-0316 east``: every side of the hexes of a path that faces that way, without
  the sides between two hexes of the path: ``east`` (``NE`` and ``SE``), ``west``
  (``NW`` and ``SW``), ``north`` (toward the row above: ``N``, and ``NW``/``NE`` of the
  odd columns), ``south`` (toward the row below), or one of the six directions;
* ``between``: every side joining a hex of one set to an adjacent hex of another.

Pure: values in, values out; a malformed spec raises ``ValueError`` with the reason.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Any

from referee.core.errors import BadText
from referee.core.hexgrid import Direction, Hex, line

Side = frozenset[Hex]  # a hexside: the two hexes it separates

_LABEL = re.compile(r"^\d{4}(?:\d\d)?$")
_SPLIT = re.compile(r"[\s,]+")
SIDE_WORDS = ("east", "west", "north", "south", "N", "NE", "SE", "S", "SW", "NW")


def label_text(value: Any) -> str:
    """A hex label as text (a YAML number such as ``1208`` lost its leading zero)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:04d}"
    return str(value).strip()


def parse_hex(value: Any) -> Hex:
    text = label_text(value)
    if not _LABEL.match(text):
        raise BadText("hexspec.not_label", text=text)
    return Hex.from_label(text)


def run(a: Hex, b: Hex) -> list[Hex]:
    """The hexes from ``a`` to ``b``, both included: along a column, along a row, or
    the straight line between them."""
    ax, ay = a.to_offset()
    bx, by = b.to_offset()
    if ax == bx:
        step = 1 if by >= ay else -1
        return [Hex.from_offset(ax, y) for y in range(ay, by + step, step)]
    if ay == by:
        step = 1 if bx >= ax else -1
        return [Hex.from_offset(x, ay) for x in range(ax, bx + step, step)]
    return line(a, b)


def path(text: str) -> list[Hex]:
    """``0112-1612-1601``: waypoints joined by runs (see :func:`run`)."""
    parts = [p for p in text.split("-")]
    if any(not p for p in parts):
        raise BadText("hexspec.path", text=text)
    points = [parse_hex(p) for p in parts]
    out = [points[0]]
    for a, b in itertools.pairwise(points):
        out.extend(run(a, b)[1:])
    return out


def block(text: str) -> list[Hex]:
    """``0507:0910``: every hex of the columns and rows between, row by row."""
    parts = text.split(":")
    if len(parts) != 2:
        raise BadText("hexspec.block", text=text)
    (ax, ay), (bx, by) = (parse_hex(p).to_offset() for p in parts)
    return [
        Hex.from_offset(x, y)
        for y in range(min(ay, by), max(ay, by) + 1)
        for x in range(min(ax, bx), max(ax, bx) + 1)
    ]


def one(token: str) -> list[Hex]:
    """One token: a label, a path or a block."""
    if ":" in token:
        return block(token)
    if "-" in token:
        return path(token)
    return [parse_hex(token)]


def hexes(value: Any) -> list[Hex]:
    """Every hex a value names: a label, a path, a block, or several of them (a list,
    or text separated by commas or spaces), in the order written, without repeats."""
    items: Iterable[Any] = value if isinstance(value, list | tuple) else [value]
    out: list[Hex] = []
    seen: set[Hex] = set()
    for item in items:
        if isinstance(item, bool) or not isinstance(item, str | int):
            raise BadText("hexspec.not_hexes", text=repr(item))
        for token in _SPLIT.split(label_text(item)):
            if not token:
                continue
            for h in one(token):
                if h not in seen:
                    seen.add(h)
                    out.append(h)
    if not out:
        raise BadText("hexspec.no_hex")
    return out


# ------------------------------------------------------------------------- hexsides
def _sides_toward(h: Hex, word: str) -> list[Hex]:
    """The neighbours of ``h`` on that side of it."""
    x, y = h.to_offset()
    upper = word.upper()
    if upper in Direction.__members__:
        return [h.neighbour(Direction[upper])]
    out = []
    for _, nb in h.neighbours():
        nx, ny = nb.to_offset()
        if (
            (word == "east" and nx > x)
            or (word == "west" and nx < x)
            or (word == "north" and ny < y)
            or (word == "south" and ny > y)
        ):
            out.append(nb)
    return out


def side_word(text: str) -> str:
    low = text.strip().lower()
    if low in ("east", "west", "north", "south"):
        return low
    if low == "e":
        return "east"
    if low == "w":
        return "west"
    if text.strip().upper() in Direction.__members__:
        return text.strip().upper()
    raise BadText("hexspec.unknown_side", text=text)


def along(path_hexes: list[Hex], word: str) -> list[Side]:
    """The sides of a path's hexes facing ``word``, except those between two of them."""
    inside = set(path_hexes)
    out: list[Side] = []
    for h in path_hexes:
        for nb in _sides_toward(h, word):
            if nb not in inside:
                out.append(frozenset((h, nb)))
    return out


def between(a: list[Hex], b: list[Hex]) -> list[Side]:
    """Every side joining a hex of ``a`` to an adjacent hex of ``b``."""
    others = set(b)
    out: list[Side] = []
    for h in a:
        for _, nb in h.neighbours():
            if nb in others and nb != h:
                side = frozenset((h, nb))
                if side not in out:
                    out.append(side)
    return out


def hexside_spec(text: str) -> tuple[str, list[Side] | Hex]:
    """One hexside item written as text. Returns ("sides", [...]) or ("hex", h) for a
    bare hex (the one side of that hex that already carries a feature)."""
    raw = label_text(text)
    if "|" in raw:
        parts = raw.split("|")
        if len(parts) != 2:
            raise BadText("hexspec.side_pair", text=raw)
        a, b = parse_hex(parts[0]), parse_hex(parts[1])
        if a.distance(b) != 1:
            raise BadText("hexspec.not_adjacent", text=raw)
        return "sides", [frozenset((a, b))]
    words = raw.split()
    if len(words) == 1:
        if "-" in words[0] or ":" in words[0]:
            raise BadText("hexspec.which_side", text=raw)
        return "hex", parse_hex(words[0])
    if len(words) != 2:
        raise BadText("hexspec.hexside", text=raw)
    word = side_word(words[1])
    return "sides", along(one(words[0]), word)

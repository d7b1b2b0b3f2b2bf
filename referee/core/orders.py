"""Orders of one player-phase: the YAML form and the compact one-line notation.

Parsing is separate from validation (is the order legal?) and resolution (what
happens?), as in godip: a malformed order is a ``Problem``; an illegal one is
refused by its phase with an event.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.hexgrid import Direction, Hex
from referee.core.model import PHASES, Problem

ORDERS_FORMAT = "referee-orders/1"


@dataclass(frozen=True, slots=True)
class Activate:
    leader: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Move:
    unit: str  # a unit id, or a leader id for a leader moving alone
    path: tuple[Hex, ...] | None = None  # hexes entered, in order (start excluded)
    to: Hex | None = None  # destination: the referee picks the cheapest legal path
    face: Direction | None = None
    road: bool = False
    mounted: bool = False


@dataclass(frozen=True, slots=True)
class Attack:
    unit: str
    target: str
    kind: str  # melee | shooting


@dataclass(frozen=True, slots=True)
class Pursue:
    unit: str
    supports: tuple[str, ...] = ()
    pursue: bool = True  # False: an explicit "hold" (no pursuit)
    face_enemy: str | None = None  # which remaining enemy to face (001 §Poursuite, note)


@dataclass(frozen=True, slots=True)
class Choose:
    """A rout-phase choice (e.g. which pursuer of several), kept for the phase to read."""

    unit: str
    choice: str


Order = Activate | Move | Attack | Pursue | Choose


@dataclass(frozen=True, slots=True)
class OrderSet:
    turn: int
    player: str
    phase: str
    orders: tuple[Order, ...]
    dice: tuple[int, ...] | None = None
    raw: tuple[Any, ...] = ()  # the orders as written, for the history
    reveal: str | None = None  # two-party dice: the author's next reveal (docs/pbem.md)


_HEXES = re.compile(r"^\d{4}(?:\d\d)?(?:-\d{4}(?:\d\d)?)*$")


def _hex(text: Any) -> Hex:
    if isinstance(text, int) and not isinstance(text, bool):
        text = f"{text:04d}"
    return Hex.from_label(str(text))


def parse_compact(phase: str, line: str) -> Order:
    """One order in the compact notation (see docs/formats.md). Raises ValueError."""
    words = line.replace(",", " ").split()
    if not words:
        raise ValueError("empty order")
    if phase == "activation":
        # activate LEADER: U1 U2 U3     or     LEADER: U1 U2
        if words[0].lower() == "activate":
            words = words[1:]
        if not words:
            raise ValueError("name the leader, e.g. 'activate HANNIBAL: C3 C4'")
        leader = words[0].rstrip(":")
        units = tuple(w for w in words[1:] if w != ":")
        return Activate(leader=leader, units=units)
    if phase == "movement":
        unit, rest = words[0], words[1:]
        path = None
        to = None
        face = None
        road = mounted = False
        i = 0
        while i < len(rest):
            word = rest[i].lower()
            if word == "to" and i + 1 < len(rest):
                to = _hex(rest[i + 1])
                i += 2
                continue
            if word == "face" and i + 1 < len(rest):
                face = Direction.parse(rest[i + 1])
                i += 2
                continue
            if word == "road":
                road = True
            elif word == "mounted":
                mounted = True
            elif _HEXES.match(rest[i]):
                path = tuple(_hex(x) for x in rest[i].split("-"))
            else:
                raise ValueError(f"cannot read {rest[i]!r} in a move order "
                                 "(write e.g. 'C3 0507-0508 face N' or 'C3 to 0508 road')")
            i += 1
        return Move(unit=unit, path=path, to=to, face=face, road=road, mounted=mounted)
    if phase == "combat":
        if len(words) != 3 or words[1].lower() not in ("melee", "shoot", "shooting", "mêlée"):
            raise ValueError("write 'C3 melee E7' or 'C3 shoot E7'")
        kind = "melee" if words[1].lower() in ("melee", "mêlée") else "shooting"
        return Attack(unit=words[0], target=words[2], kind=kind)
    if phase == "pursuit":
        if len(words) >= 2 and words[1].lower() in ("pursue", "poursuit"):
            supports: tuple[str, ...] = ()
            if len(words) > 3 and words[2].lower() == "with":
                supports = tuple(words[3:])
            return Pursue(unit=words[0], supports=supports)
        if len(words) == 2 and words[1].lower() in ("hold", "halt"):
            return Pursue(unit=words[0], pursue=False)
        if len(words) == 3 and words[1].lower() == "face":
            return Pursue(unit=words[0], pursue=False, face_enemy=words[2])
        raise ValueError("write 'C3 pursue', 'C3 pursue with C4 C5', 'C3 hold' or 'C3 face E7'")
    if phase == "rout":
        if len(words) == 3 and words[1].lower() == "choose":
            return Choose(unit=words[0], choice=words[2])
        raise ValueError("the rout phase takes no orders but 'U choose X'")
    raise ValueError(f"unknown phase {phase!r}")


def parse_order(phase: str, raw: Any) -> Order:
    """One order, YAML mapping or compact string. Raises ValueError with the reason."""
    if isinstance(raw, str):
        return parse_compact(phase, raw)
    if not isinstance(raw, Mapping):
        raise ValueError("an order is a mapping or a one-line string")
    if phase == "activation":
        leader = raw.get("leader")
        units = raw.get("units")
        if not isinstance(leader, str) or not isinstance(units, list):
            raise ValueError("an activation order needs leader: ID and units: [IDs]")
        return Activate(leader=leader, units=tuple(str(u) for u in units))
    unit = raw.get("unit")
    if not isinstance(unit, str):
        raise ValueError("the order needs unit: ID")
    if phase == "movement":
        path = raw.get("path")
        to = raw.get("to")
        if path is not None and to is not None:
            raise ValueError("give either path or to, not both")
        hexes: tuple[Hex, ...] | None = None
        if path is not None:
            if isinstance(path, str):
                path = path.split("-")
            if not isinstance(path, list) or not path:
                raise ValueError("path must be a list of hexes")
            hexes = tuple(_hex(x) for x in path)
        face = raw.get("face")
        return Move(unit=unit, path=hexes, to=_hex(to) if to is not None else None,
                    face=Direction.parse(str(face)) if face is not None else None,
                    road=bool(raw.get("road", False)), mounted=bool(raw.get("mounted", False)))
    if phase == "combat":
        target = raw.get("target")
        kind = raw.get("kind", "melee")
        if not isinstance(target, str) or kind not in ("melee", "shooting"):
            raise ValueError("a combat order needs target: ID and kind: melee|shooting")
        return Attack(unit=unit, target=target, kind=kind)
    if phase == "pursuit":
        supports = raw.get("supports") or []
        if not isinstance(supports, list):
            raise ValueError("supports must be a list of unit ids")
        face_enemy = raw.get("face")
        return Pursue(unit=unit, supports=tuple(str(s) for s in supports),
                      pursue=bool(raw.get("pursue", face_enemy is None)),
                      face_enemy=str(face_enemy) if face_enemy is not None else None)
    if phase == "rout":
        choice = raw.get("choose")
        if not isinstance(choice, str):
            raise ValueError("a rout-phase order is {unit: ID, choose: ID}")
        return Choose(unit=unit, choice=choice)
    raise ValueError(f"unknown phase {phase!r}")


def read_orders(data: Any) -> tuple[OrderSet | None, list[Problem]]:
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        return None, [Problem("", "an orders file is a mapping",
                              "start with format:, turn:, player:, phase:, orders:")]
    if data.get("format") != ORDERS_FORMAT:
        problems.append(Problem("format", "is missing or unknown",
                                f"write format: {ORDERS_FORMAT}"))
    turn = data.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool):
        problems.append(Problem("turn", "must be a whole number", "the turn these orders are for"))
    player = data.get("player")
    if not isinstance(player, str):
        problems.append(Problem("player", "is missing", "the side these orders are for"))
    phase = data.get("phase")
    if phase not in PHASES:
        problems.append(Problem("phase", f"unknown phase {phase!r}", "use one of "
                                + ", ".join(PHASES)))
    raw_orders = data.get("orders")
    if raw_orders is None:
        raw_orders = []
    if not isinstance(raw_orders, list):
        problems.append(Problem("orders", "must be a list"))
        raw_orders = []
    orders: list[Order] = []
    if phase in PHASES:
        for i, raw in enumerate(raw_orders):
            try:
                orders.append(parse_order(str(phase), raw))
            except ValueError as exc:
                problems.append(Problem(f"orders[{i}]", str(exc)))
    dice = data.get("dice")
    dice_values: tuple[int, ...] | None = None
    if dice is not None:
        if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool)
                                                 and 1 <= d <= 6 for d in dice):
            problems.append(Problem("dice", "must be a list of die faces 1 to 6"))
        else:
            dice_values = tuple(dice)
    reveal = _read_reveal(data, problems)
    if problems or not isinstance(turn, int):
        return None, problems
    return OrderSet(turn=turn, player=str(player), phase=str(phase), orders=tuple(orders),
                    dice=dice_values, raw=tuple(raw_orders), reveal=reveal), []


def _read_reveal(data: Mapping[str, Any], problems: list[Problem]) -> str | None:
    """Two-party dice: the author's reveal (docs/pbem.md), 64 lowercase hex digits."""
    reveal = data.get("reveal")
    if reveal is None:
        return None
    if not isinstance(reveal, str) or not re.fullmatch(r"[0-9a-f]{64}", reveal):
        problems.append(Problem("reveal", "must be 64 lowercase hex digits",
                                "write what `referee seed reveal` gave (docs/pbem.md)"))
        return None
    return reveal


def order_unit(order: Order) -> str:
    return order.leader if isinstance(order, Activate) else order.unit

"""Orders of one player-phase: the YAML form and the compact one-line notation.

Parsing is separate from validation (is the order legal?) and resolution (what
happens?), as in godip: a malformed order is a ``Problem``; an illegal one is
refused by its phase with an event.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from msgspec import Struct

from referee.core.errors import BadText, coded
from referee.core.hexgrid import Direction, Hex
from referee.core.model import AttackKind, Problem
from referee.core.spec import check, suggestion
from referee.core.specs import ORDERS, ORDERS_FORMAT, PHASE_ORDER

__all__ = [
    "ORDERS_FORMAT",
    "Activate",
    "Attack",
    "Choose",
    "Move",
    "Order",
    "OrderSet",
    "Pursue",
    "order_unit",
    "parse_compact",
    "parse_order",
    "read_orders",
]


class Activate(Struct, frozen=True):
    leader: str
    units: tuple[str, ...]


class Move(Struct, frozen=True):
    unit: str  # a unit id, or a leader id for a leader moving alone
    path: tuple[Hex, ...] | None = None  # hexes entered, in order (start excluded)
    to: Hex | None = None  # destination: the referee picks the cheapest legal path
    face: Direction | None = None
    road: bool = False
    mounted: bool = False


class Attack(Struct, frozen=True):
    unit: str
    target: str
    kind: AttackKind


class Pursue(Struct, frozen=True):
    unit: str
    supports: tuple[str, ...] = ()
    pursue: bool = True  # False: an explicit "hold" (no pursuit)
    face_enemy: str | None = None  # which remaining enemy to face (001 §Poursuite, note)


class Choose(Struct, frozen=True):
    """A rout-phase choice (e.g. which pursuer of several), kept for the phase to read."""

    unit: str
    choice: str


Order = Activate | Move | Attack | Pursue | Choose


class OrderSet(Struct, frozen=True):
    turn: int
    player: str
    phase: str
    orders: tuple[Order, ...]
    dice: tuple[int, ...] | None = None
    raw: tuple[Any, ...] = ()  # the orders as written, for the history
    game: str | None = None  # the game they name, if they do (must be the state's)
    reveal: str | None = None  # two-party dice: the author's next reveal (docs/pbem.md)
    signature: str | None = None  # two-party games: the author's (docs/pbem.md §Signatures)


# compiled (and cached by re) when a compact move order is read, not at every start
_HEXES = r"^[0-9]{4}(?:[0-9]{2})?(?:-[0-9]{4}(?:[0-9]{2})?)*$"
_MOVE_WORDS = ("to", "face", "road", "mounted")
_COMBAT_WORDS: dict[str, AttackKind] = {
    "melee": "melee",
    "mêlée": "melee",
    "shoot": "shooting",
    "shooting": "shooting",
}


def _hex(text: Any) -> Hex:
    if isinstance(text, int) and not isinstance(text, bool):
        text = f"{text:04d}"
    return Hex.from_label(str(text))


def _text(value: Any) -> str:
    """An id that YAML may have read as a number (``unit: 12``)."""
    return value if isinstance(value, str) else str(value)


def _close(word: str, choices: Any) -> tuple[str, dict[str, str]]:
    """`` (did you mean X?)`` when a word is close to one of ``choices``, and its data."""
    found = suggestion(word, choices)
    if "close" in found:
        return f" (did you mean {found['close']}?)", {"close": found["close"]}
    return "", {"close": ""}


def parse_compact(phase: str, line: str) -> Order:
    """One order in the compact notation (see docs/formats.md). Raises ValueError."""
    words = line.replace(",", " ").split()
    if not words:
        raise BadText("orders.empty", "empty order")
    if phase == "activation":
        # activate LEADER: U1 U2 U3     or     LEADER: U1 U2
        if words[0].lower() == "activate":
            words = words[1:]
        if not words:
            raise BadText("orders.no_leader", "name the leader, e.g. 'activate HANNIBAL: C3 C4'")
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
            elif re.match(_HEXES, rest[i]):
                path = tuple(_hex(x) for x in rest[i].split("-"))
            else:
                close, data = _close(word, _MOVE_WORDS)
                raise BadText(
                    "orders.move_word",
                    f"cannot read {rest[i]!r} in a move order"
                    f"{close} (write e.g. 'C3 0507-0508 face N' or 'C3 to 0508 road')",
                    word=rest[i],
                    **data,
                )
            i += 1
        if path is not None and to is not None:
            raise BadText("orders.path_and_to_hex", "give either a path or 'to HEX', not both")
        return Move(unit=unit, path=path, to=to, face=face, road=road, mounted=mounted)
    if phase == "combat":
        if len(words) != 3 or words[1].lower() not in _COMBAT_WORDS:
            close, data = (
                _close(words[1].lower(), _COMBAT_WORDS) if len(words) > 1 else ("", {"close": ""})
            )
            raise BadText(
                "orders.combat_syntax", f"write 'C3 melee E7' or 'C3 shoot E7'{close}", **data
            )
        return Attack(unit=words[0], target=words[2], kind=_COMBAT_WORDS[words[1].lower()])
    if phase == "pursuit":
        if len(words) >= 2 and words[1].lower() in ("pursue", "poursuit"):
            supports: tuple[str, ...] = ()
            if len(words) > 3 and words[2].lower() == "with":
                supports = tuple(words[3:])
            elif len(words) > 2:
                raise BadText("orders.pursue_syntax", "write 'C3 pursue' or 'C3 pursue with C4 C5'")
            return Pursue(unit=words[0], supports=supports)
        if len(words) == 2 and words[1].lower() in ("hold", "halt"):
            return Pursue(unit=words[0], pursue=False)
        if len(words) == 3 and words[1].lower() == "face":
            return Pursue(unit=words[0], pursue=False, face_enemy=words[2])
        close, data = (
            _close(words[1].lower(), ("pursue", "hold", "face"))
            if len(words) > 1
            else ("", {"close": ""})
        )
        raise BadText(
            "orders.pursuit_syntax",
            f"write 'C3 pursue', 'C3 pursue with C4 C5', 'C3 hold' or 'C3 face E7'{close}",
            **data,
        )
    if phase == "rout":
        if len(words) == 3 and words[1].lower() == "choose":
            return Choose(unit=words[0], choice=words[2])
        raise BadText("orders.rout_syntax", "the rout phase takes no orders but 'U choose X'")
    raise BadText("orders.unknown_phase", f"unknown phase {phase!r}", phase=phase)


def _from_mapping(phase: str, raw: Mapping[str, Any]) -> Order:
    """An order mapping the phase's spec accepted (``referee.core.specs``)."""
    if phase == "activation":
        return Activate(leader=_text(raw["leader"]), units=tuple(map(_text, raw["units"])))
    unit = _text(raw["unit"])
    if phase == "movement":
        path = raw.get("path")
        if isinstance(path, str):
            path = path.split("-")
        face = raw.get("face")
        return Move(
            unit=unit,
            path=tuple(map(_hex, path)) if path is not None else None,
            to=_hex(raw["to"]) if raw.get("to") is not None else None,
            face=Direction[face] if face is not None else None,
            road=bool(raw.get("road")),
            mounted=bool(raw.get("mounted")),
        )
    if phase == "combat":
        return Attack(unit=unit, target=_text(raw["target"]), kind=raw.get("kind") or "melee")
    if phase == "pursuit":
        face_enemy = raw.get("face")
        pursue = raw.get("pursue")
        return Pursue(
            unit=unit,
            supports=tuple(map(_text, raw.get("supports") or ())),
            pursue=face_enemy is None if pursue is None else bool(pursue),
            face_enemy=_text(face_enemy) if face_enemy is not None else None,
        )
    return Choose(unit=unit, choice=_text(raw["choose"]))


def _build(phase: str, raw: Any) -> Order:
    """A spec-checked order (compact text or mapping); ValueError for bad compact text."""
    return parse_compact(phase, raw) if isinstance(raw, str) else _from_mapping(phase, raw)


def parse_order(phase: str, raw: Any) -> Order:
    """One order, YAML mapping or compact string, checked against the phase's order spec
    first. Raises ValueError with every reason (``path: unknown key (did you mean
    path?)``)."""
    if phase not in PHASE_ORDER:
        raise BadText("orders.unknown_phase", f"unknown phase {phase!r}", phase=phase)
    problems = check(PHASE_ORDER[phase], raw)
    if problems:
        raise ValueError(
            "; ".join(
                (f"{p.path}: {p.message}" if p.path else p.message)
                + (f" ({p.hint})" if p.hint else "")
                for p in problems
            )
        )
    return _build(phase, raw)


def read_orders(data: Any) -> tuple[OrderSet | None, list[Problem]]:
    """An orders file's data: the spec check (``referee.core.specs.ORDERS``: every
    problem at once, located, "did you mean"), then each order read."""
    problems = [_mail_key(p) for p in check(ORDERS, data)]
    if problems:
        return None, problems
    phase = data["phase"]
    raw_orders = data.get("orders") or []
    orders: list[Order] = []
    for i, raw in enumerate(raw_orders):
        try:
            orders.append(_build(phase, raw))
        except ValueError as exc:
            problems.append(Problem(f"orders[{i}]", str(exc), **coded(exc)))
    if problems:
        return None, problems
    dice = data.get("dice")
    game = data.get("game")
    reveal = data.get("reveal")  # two-party dice (docs/pbem.md): its shape is in the spec
    return OrderSet(
        turn=data["turn"],
        player=_text(data["player"]),
        phase=phase,
        orders=tuple(orders),
        dice=tuple(dice) if dice is not None else None,
        raw=tuple(raw_orders),
        game=_text(game) if game is not None else None,
        reveal=str(reveal) if reveal is not None else None,
        signature=_signature(data.get("signature")),
    ), []


MAIL_ONLY_KEYS = ("pursuit", "rout", "reactions", "choices")  # `referee pbem send` reads them


def _mail_key(problem: Problem) -> Problem:
    """An unknown key that only the mail flow's combat orders take (``pursuit:``,
    ``reactions:``): said so, naming `referee pbem send` (docs/pbem.md §Timing)."""
    key = (problem.data or {}).get("key")
    if problem.code != "spec.unknown_key" or key not in MAIL_ONLY_KEYS:
        return problem
    return Problem(
        problem.path,
        "is read by `referee pbem send` only (the standing orders of a game by mail)",
        "give this file to `referee pbem send DIR FILE`, or remove the key",
        file=problem.file,
        code="orders.mail_only_key",
        data={"key": key},
    )


def _signature(value: Any) -> str | None:
    return str(value) if value is not None else None


def order_unit(order: Order) -> str:
    return order.leader if isinstance(order, Activate) else order.unit

"""Orders of one player-phase: the YAML form and the compact one-line notation.

Parsing is separate from validation (is the order legal?) and resolution (what
happens?), as in godip: a malformed order is a ``Problem``; an illegal one is
refused by its phase with an event.
"""

import re
from collections.abc import Mapping
from typing import Annotated, Any, Generic, Literal, TypeVar

import msgspec
from msgspec import Struct

from referee.core.errors import BadText, InvalidInput, nested
from referee.core.hexgrid import Direction, Hex
from referee.core.model import PHASES, AttackKind, Phase, Problem
from referee.core.state_file import (
    LABEL_PATTERN,
    MAX_DICE_LISTED,
    MAX_LINE,
    MAX_ORDERS,
    Facing,
    GameId,
    Hexes,
    HexLabel,
    Sha,
    Sig,
    Turn,
    UnitId,
    id_meta,
)
from referee.core.typed import Keyed, Rec, Ruled, decode, doc, suggestion

ORDERS_FORMAT = "referee-orders/1"

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


# ------------------------------------------------------------------------ declarations
# An orders file as written: one Struct per phase's order mapping, and the file, whose
# orders are compact lines or mappings of its phase (``OrdersFile[MoveOrder]``...).
_PATH = f"^(?:{LABEL_PATTERN}(?:-{LABEL_PATTERN})*)$"
# the pattern is checked by the walk and MoveOrder.__post_init__, not by a msgspec
# constraint: msgspec 0.22's inspect crashes on a union of a list and a str with a pattern
PathText = Annotated[
    str,
    msgspec.Meta(
        description="hexes joined by '-'",
        extra_json_schema={"pattern": _PATH},
        extra={"pattern": _PATH, "example": "0507-0508"},
    ),
]
Path = Annotated[Hexes, msgspec.Meta(min_length=1)] | PathText


class ActivateOrder(Rec, frozen=True):
    """activation: a leader activates units"""

    leader: Annotated[str, id_meta("the leader activating", "HANNIBAL")]
    units: Annotated[tuple[UnitId, ...], doc("the units he activates")]


class MoveOrder(Ruled, frozen=True):
    """movement: a unit or leader moves"""

    unit: Annotated[str, id_meta("the unit (or a leader moving alone) that moves")]
    path: Annotated[
        Path | None, doc("the hexes entered, in order (start excluded): a list or 0507-0508")
    ] = None
    to: Annotated[
        HexLabel | None, doc("the destination: the referee picks the cheapest legal path")
    ] = None
    face: Annotated[Facing | None, doc("the facing at the end of the move")] = None
    road: Annotated[bool, doc("road march (+1 hex, no combat)")] = False
    mounted: Annotated[bool, doc("mounted infantry's mounted move")] = False

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        """A move gives either path or to, not both."""
        if data.get("path") is None or data.get("to") is None:
            return []
        return [("to", "orders.path_and_to")]

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.path, str) and re.search(_PATH, self.path) is None:
            raise ValueError("a path is hexes joined by '-'")


class AttackOrder(Rec, frozen=True):
    """combat: a unit attacks"""

    unit: Annotated[str, id_meta("the attacking unit")]
    target: Annotated[str, id_meta("the enemy unit attacked", "E7")]
    kind: Annotated[AttackKind, doc("melee or shooting")] = "melee"


class ChooseOrder(Rec, frozen=True):
    """rout: a choice the rout phase asks for"""

    unit: Annotated[str, id_meta("the routing unit (or fleeing leader) the choice is for")]
    choose: Annotated[str, id_meta("the unit chosen (which pursuer, which unit to join)")]


class PursueOrder(Rec, frozen=True):
    """pursuit: pursue, hold or face an enemy"""

    unit: Annotated[str, id_meta("the victorious unit")]
    pursue: Annotated[bool | None, doc("true: pursue; false: hold (default: true unless face)")] = (
        None
    )
    supports: Annotated[tuple[UnitId, ...], doc("units pursuing with it in support")] = ()
    face: Annotated[
        Annotated[str, id_meta("hold and face this enemy in contact", "E7")] | None,
        doc("hold and face this enemy in contact"),
    ] = None


OrderT = TypeVar("OrderT")
Compact = Annotated[
    str,
    doc(
        "an order in the compact one-line notation (docs/formats.md §Orders)",
        min_length=1,
        max_length=MAX_LINE,
    ),
]
AnOrder = Annotated[
    Compact | OrderT,
    doc(
        "an order: a line of the compact notation, or a mapping with its phase's keys "
        "(tables below)"
    ),
]
Face = Annotated[int, doc("a die face, 1 to 6", ge=1, le=6)]
Faces = Annotated[tuple[Face, ...], msgspec.Meta(max_length=MAX_DICE_LISTED)]
Reveal = Annotated[Sha, msgspec.Meta(extra={"hint_id": "reveal_value"})]
Signature = Annotated[Sig, msgspec.Meta(extra={"hint_id": "signature_value"})]


class OrdersFile(Rec, Generic[OrderT], frozen=True, kw_only=True):
    """the orders of one player-phase"""

    format: Annotated[
        Literal["referee-orders/1"], doc(f"the file kind and version: {ORDERS_FORMAT}")
    ]
    game: Annotated[
        GameId | None, doc("optional: the game these orders are for (must be the state's)")
    ] = None
    turn: Annotated[Turn, doc("the turn these orders are for")]
    player: Annotated[str, id_meta("the side giving them", "carthage")]
    phase: Annotated[Phase, doc("the phase they are for: " + ", ".join(PHASES))]
    orders: Annotated[
        tuple[AnOrder[OrderT], ...], doc("the orders, applied in this order", max_length=MAX_ORDERS)
    ] = ()
    dice: Annotated[
        Faces | None,
        doc("optional: physical dice, used in order (tabletop games only: dice.mode physical)"),
    ] = None
    reveal: Annotated[
        Reveal | None,
        doc(
            "two-party dice: the author's next reveal, added by `referee seed reveal` "
            "(docs/pbem.md)"
        ),
    ] = None
    signature: Annotated[
        Signature | None,
        doc(
            "two-party games: the author's signature of these orders on the position "
            "they were made on, added by `referee seed reveal` or `referee seed sign` "
            "(docs/pbem.md §Signatures)"
        ),
    ] = None


ORDER_BY_PHASE: dict[str, Any] = {
    "activation": ActivateOrder,
    "movement": MoveOrder,
    "combat": AttackOrder,
    "rout": ChooseOrder,
    "pursuit": PursueOrder,
}
# the file of each phase; a phase the referee does not know: any mapping (its phase says)
FILE_BY_PHASE: dict[str, Any] = {p: OrdersFile[o] for p, o in ORDER_BY_PHASE.items()}  # type: ignore[valid-type]
ANY_PHASE_FILE: Any = OrdersFile[dict[str, Any]]


def orders_file(data: Any) -> Any:
    """The declaration an orders file is read with: its phase's."""
    phase = data.get("phase") if isinstance(data, Mapping) else None
    return FILE_BY_PHASE.get(phase, ANY_PHASE_FILE) if isinstance(phase, str) else ANY_PHASE_FILE


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


def _close(word: str, choices: Any) -> dict[str, str]:
    """The word of ``choices`` close to ``word`` (``close``, said "did you mean X?" by
    the catalogue), or ``""``."""
    return {"close": suggestion(word, choices).get("close", "")}


def parse_compact(phase: str, line: str) -> Order:
    """One order in the compact notation (see docs/formats.md). Raises ``BadText``."""
    words = line.replace(",", " ").split()
    if not words:
        raise BadText("orders.empty")
    if phase == "activation":
        # activate LEADER: U1 U2 U3     or     LEADER: U1 U2
        if words[0].lower() == "activate":
            words = words[1:]
        if not words:
            raise BadText("orders.no_leader")
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
                raise BadText("orders.move_word", word=rest[i], **_close(word, _MOVE_WORDS))
            i += 1
        if path is not None and to is not None:
            raise BadText("orders.path_and_to_hex")
        return Move(unit=unit, path=path, to=to, face=face, road=road, mounted=mounted)
    if phase == "combat":
        if len(words) != 3 or words[1].lower() not in _COMBAT_WORDS:
            data = _close(words[1].lower(), _COMBAT_WORDS) if len(words) > 1 else {"close": ""}
            raise BadText("orders.combat_syntax", **data)
        return Attack(unit=words[0], target=words[2], kind=_COMBAT_WORDS[words[1].lower()])
    if phase == "pursuit":
        if len(words) >= 2 and words[1].lower() in ("pursue", "poursuit"):
            supports: tuple[str, ...] = ()
            if len(words) > 3 and words[2].lower() == "with":
                supports = tuple(words[3:])
            elif len(words) > 2:
                raise BadText("orders.pursue_syntax")
            return Pursue(unit=words[0], supports=supports)
        if len(words) == 2 and words[1].lower() in ("hold", "halt"):
            return Pursue(unit=words[0], pursue=False)
        if len(words) == 3 and words[1].lower() == "face":
            return Pursue(unit=words[0], pursue=False, face_enemy=words[2])
        data = (
            _close(words[1].lower(), ("pursue", "hold", "face"))
            if len(words) > 1
            else {"close": ""}
        )
        raise BadText("orders.pursuit_syntax", **data)
    if phase == "rout":
        if len(words) == 3 and words[1].lower() == "choose":
            return Choose(unit=words[0], choice=words[2])
        raise BadText("orders.rout_syntax")
    raise BadText("orders.unknown_phase", phase=phase)


def _from_mapping(raw: Any) -> Order:
    """An order mapping its phase's declaration decoded."""
    if isinstance(raw, ActivateOrder):
        return Activate(leader=raw.leader, units=raw.units)
    if isinstance(raw, MoveOrder):
        path = raw.path.split("-") if isinstance(raw.path, str) else raw.path
        return Move(
            unit=raw.unit,
            path=tuple(map(Hex.from_label, path)) if path is not None else None,
            to=Hex.from_label(raw.to) if raw.to is not None else None,
            face=Direction[raw.face] if raw.face is not None else None,
            road=raw.road,
            mounted=raw.mounted,
        )
    if isinstance(raw, AttackOrder):
        return Attack(unit=raw.unit, target=raw.target, kind=raw.kind)
    if isinstance(raw, PursueOrder):
        return Pursue(
            unit=raw.unit,
            supports=raw.supports,
            pursue=raw.face is None if raw.pursue is None else raw.pursue,
            face_enemy=raw.face,
        )
    assert isinstance(raw, ChooseOrder)
    return Choose(unit=raw.unit, choice=raw.choose)


def _build(phase: str, raw: Any) -> Order:
    """A decoded order (compact text or mapping); ValueError for bad compact text."""
    return parse_compact(phase, raw) if isinstance(raw, str) else _from_mapping(raw)


def parse_order(phase: str, raw: Any) -> Order:
    """One order, YAML mapping or compact string, read with the phase's declaration
    first. Raises ``BadText`` (a ``ValueError``): the phase is unknown, the compact
    text unreadable, or ``orders.unreadable`` with every problem of the declaration in
    its data (``problems``: ``path: unknown key``...)."""
    if phase not in ORDER_BY_PHASE:
        raise BadText("orders.unknown_phase", phase=phase)
    try:
        order = decode(Compact | ORDER_BY_PHASE[phase], raw)
    except InvalidInput as exc:
        raise BadText("orders.unreadable", problems=nested(exc.problems)) from None
    return _build(phase, order)


def read_orders(data: Any) -> tuple[OrderSet | None, list[Problem]]:
    """An orders file's data, read with its phase's declaration (every problem at once,
    located, "did you mean"), then each order read."""
    try:
        file = decode(orders_file(data), data)
    except InvalidInput as exc:
        return None, [_mail_key(p) for p in exc.problems]
    problems: list[Problem] = []
    orders: list[Order] = []
    for i, raw in enumerate(file.orders):
        try:
            orders.append(_build(file.phase, raw))
        except BadText as exc:
            problems.append(Problem(f"orders[{i}]", code=exc.code, data=exc.data))
    if problems:
        return None, problems
    return OrderSet(
        turn=file.turn,
        player=file.player,
        phase=file.phase,
        orders=tuple(orders),
        dice=file.dice,
        raw=tuple(data.get("orders") or ()),  # as written: the history keeps them
        game=file.game,
        reveal=file.reveal,
        signature=file.signature,
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
        file=problem.file,
        code="orders.mail_only_key",
        data={"key": key},
    )


def order_unit(order: Order) -> str:
    return order.leader if isinstance(order, Activate) else order.unit

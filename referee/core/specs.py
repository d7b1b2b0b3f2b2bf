"""The state and orders files, each described once (``referee.core.spec``).

From these two descriptions follow the readers' shape checks (``referee.io.state``
``read_state`` and ``referee.core.orders`` ``read_orders`` run them first: every
problem at once, located, with "did you mean"), the JSON Schemas of ``referee schema``
and the key reference of ``docs/formats.md`` (``tools/make_formats_doc.py``).
``tests/test_specs.py`` proves the readers, the writer and the doc agree with them
on every key.

What depends on the game's ruleset (terrain and hexside keys, unit types and which
weights exist) is checked afterwards by ``referee.core.validate.check_state``, which
has the ruleset. The dice settings and the history entries are loosely described here
on purpose: ``io.state._read_dice`` checks the dice, ``referee verify`` the history.

This module is pure data (no I/O); it lives in ``core`` because the orders reader does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.hexgrid import Direction, Hex
from referee.core.model import (
    CONTACT_STATUS,
    DETACHMENT_TRAIT,
    DICE_MODES,
    EDGES,
    LEADER_GONE,
    LEADER_STATUSES,
    MAX_CHAIN,
    PHASES,
    RANKS,
    REACTIONS,
    TRAITS,
    UNIT_STATUSES,
    WEIGHTS,
)
from referee.core.spec import (
    Bool,
    Checker,
    Data,
    Dict,
    Field,
    Int,
    Node,
    Obj,
    OneOf,
    Opt,
    Seq,
    Str,
    Switch,
    Where,
    suggestion,
    suggestion_text,
)

STATE_FORMAT = "referee-state/1"
ORDERS_FORMAT = "referee-orders/1"

ID_PATTERN = r"[A-Za-z0-9_][A-Za-z0-9_.\-]*"
LABEL_PATTERN = r"[0-9]{4}(?:[0-9]{2})?"
FACINGS: tuple[str, ...] = tuple(d.name for d in Direction)
ENGAGEMENT_KINDS: tuple[str, ...] = ("melee", "shooting")
ARCS: tuple[str, ...] = ("front", "flank", "rear")
REMOVED_WHY: tuple[str, ...] = ("eliminated", "left_table")
OUTCOMES: tuple[str, ...] = ("broken", "draw")

# Limits that keep a hostile file from making the engine roll a billion dice: far above
# anything the rules use (factors and cohesion are single digits in every ruleset).
MAX_FACTOR = 99
MAX_COHESION = 99
MAX_MAP = 999


def _id(doc: str, example: str = "C3") -> Str:
    return Str(pattern=ID_PATTERN, numbers=True, example=example, doc=doc,
               hint="letters, digits, '_', '.' or '-'", hint_id="id_letters")


def _hex(doc: str) -> Str:
    return Str(pattern=LABEL_PATTERN, label_digits=True, example="0507", doc=doc,
               hint='a printed-map label CCRR, e.g. "0507"', hint_id="hex_label")


def _text(doc: str) -> Str:
    return Str(numbers=True, doc=doc)


def _label(value: Any) -> Hex:
    """A spec-checked hex label (text, or a number that lost its quotes) as a hex."""
    return Hex.from_label(value if isinstance(value, str) else f"{value:04d}")


# -------------------------------------------------------------------------- rules
def _cohesion_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    if value["current"] > value["max"]:
        c.add((where, "current"), f"{value['current']} is above its maximum {value['max']}",
              "lower current or raise max", "state.cohesion_above_max",
              {"current": value["current"], "max": value["max"]})


def _leader_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    gone = LEADER_GONE.intersection(value.get("status") or ())
    if value.get("at") is None and value.get("attached_to") is None and not gone:
        c.add((where, "at"), "is missing", "give the leader's hex, or attached_to a unit",
              "spec.missing", {"key": "at", "expected": ["hex_label"],
                               "hint_code": "leader_at"})


def _adjacent_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    a, b = (_label(x) for x in value["between"])
    if a.distance(b) != 1:
        c.add((where, "between"), "the two hexes are not adjacent", "",
              "state.hexside_not_adjacent")


def _road_rule(value: list[Any], where: Where, c: Checker) -> None:
    hexes = [_label(x) for x in value]
    for j in range(1, len(hexes)):
        if hexes[j - 1].distance(hexes[j]) != 1:
            c.add((where, j), "is not adjacent to the previous hex of the road", "",
                  "state.road_not_adjacent")


def _move_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    if value.get("path") is not None and value.get("to") is not None:
        c.add((where, "to"), "give either path or to, not both",
              "path: the hexes entered; to: the destination", "orders.path_and_to")


def _state_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    player = value["player"]
    sides = value["sides"]
    if str(player) not in sides:
        found = suggestion(str(player), sides)
        c.add((where, "player"), f"no side {player!r}", suggestion_text(found),
              "state.no_side", {"side": str(player), "suggest": found})


# ------------------------------------------------------------------------- pieces
HEX = _hex("a hex: printed-map label CCRR, column then row, from 0101 at the top left")

COHESION = Obj({
    "current": Field(Int(minimum=0, maximum=MAX_COHESION), required=True,
                     doc="cohesion points left (0 .. max)"),
    "max": Field(Int(minimum=1, maximum=MAX_COHESION), required=True,
                 doc="the unit's full cohesion"),
}, checks=(_cohesion_rule,), doc="cohesion: current and max")

FACTORS = Obj({
    key: Field(Int(minimum=0, maximum=MAX_FACTOR), default=0, doc=doc)
    for key, doc in (("shooting", "shooting factor: dice rolled when it shoots"),
                     ("range", "shooting range in hexes"),
                     ("assault", "assault factor: dice rolled when it charges into melee"),
                     ("melee", "melee factor: dice rolled in melee after the first round"))
}, doc="combat factors (0 when omitted)")

TRAIT = Str(enum=tuple(TRAITS), pattern=DETACHMENT_TRAIT + ID_PATTERN,
            example=DETACHMENT_TRAIT + "I1",
            doc="a trait (docs/formats.md §Traits), or detachment_of:<unit id>")
UNIT_STATUS = Str(enum=tuple(UNIT_STATUSES), pattern=CONTACT_STATUS + ID_PATTERN,
                  example=CONTACT_STATUS + "B1",
                  doc="a unit status (docs/formats.md §Unit statuses), or "
                      "pursuit_contact:<unit id>")


def _unit(on_table: bool) -> Obj:
    where = "on the table" if on_table else "off the table"
    return Obj({
        "id": Field(_id("the unit's id, unique in the whole state"), required=True),
        "name": Field(Opt(_text("its name, for reports")),
                      doc="its name, for reports (optional)"),
        "type": Field(Str(min_length=1, doc="unit type"), required=True,
                      doc="a unit type key of the ruleset (`referee rulesets NAME`)"),
        "weight": Field(Str(enum=WEIGHTS), required=True,
                        doc="its weight: a column of the ruleset's movement table"),
        "at": Field(HEX if on_table else Opt(HEX), required=on_table,
                    doc="its hex" if on_table else "its hex, if it has one (usually null)"),
        "facing": Field(Str(enum=FACINGS), required=True,
                        doc="the hexside it faces: N NE SE S SW NW") if on_table else
        Field(Str(enum=FACINGS), default="N", doc="the hexside it will face: N NE SE S SW NW"),
        "cohesion": Field(COHESION, required=True,
                          doc="cohesion points: {current, max}, current in 0..max"),
        "factors": Field(FACTORS, doc="combat factors {shooting, range, assault, melee}"),
        "traits": Field(Seq(TRAIT), default=[],
                        doc="permanent traits the rules read (docs/formats.md §Traits)"),
        "status": Field(Seq(UNIT_STATUS), default=[],
                        doc="current statuses (docs/formats.md §Unit statuses)"),
        "moved_hexes": Field(Int(minimum=0, maximum=MAX_MAP * 2), default=0,
                             doc="hexes moved this player-turn ((**) artillery loses that "
                                 "many dice)"),
        "reaction": Field(Opt(Str(enum=tuple(REACTIONS))), default=None,
                          doc="its standing reaction: evade (docs/formats.md §Reactions)"),
        "flank_march": Field(Bool(), default=False,
                             doc="a flank march: enters by another edge than its side's"),
    }, doc=f"a unit {where}")


UNIT = _unit(True)
OFF_TABLE_UNIT = _unit(False)

LEADER = Obj({
    "id": Field(_id("the leader's id, unique in the whole state", "HANNIBAL"), required=True),
    "name": Field(Opt(_text("name")), doc="his name (default: the id)"),
    "rank": Field(Str(enum=RANKS), required=True,
                  doc="general, sub_general or senior_officer"),
    "command_value": Field(Int(minimum=0, maximum=3), default=0,
                           doc="0..3, counted for army break (001 §Déroute de l'armée)"),
    "at": Field(Opt(HEX), doc="his hex; null when attached to a unit or out of play"),
    "weight": Field(Str(enum=WEIGHTS), default="light",
                    doc="the column of the leader row of the movement table"),
    "vehicle": Field(Bool(), default=False, doc="rides a vehicle: difficult terrain slows him"),
    "attached_to": Field(Opt(_id("unit id")), default=None,
                         doc="the unit of his side he is attached to (inclus), or null"),
    "status": Field(Seq(Str(enum=tuple(LEADER_STATUSES),
                            doc="a leader status (docs/formats.md §Leader statuses)")),
                    default=[],
                    doc="his statuses (docs/formats.md §Leader statuses)"),
}, checks=(_leader_rule,), doc="a leader")

CAMP = Obj({
    "at": Field(Opt(HEX), doc="the camp's hex, or null: no camp"),
    "fortified": Field(Bool(), default=False, doc="a fortified camp"),
    "taken": Field(Bool(), default=False, doc="taken by the enemy"),
}, doc="the side's camp")

REMOVED = Obj({
    "unit": Field(OFF_TABLE_UNIT, required=True, doc="the unit's record when it left play"),
    "why": Field(Str(enum=REMOVED_WHY), required=True, doc="eliminated or left_table"),
    "turn": Field(Int(minimum=0), default=0, doc="the turn it left play"),
    "phase": Field(Opt(Str(enum=PHASES)), doc="the phase it left play in"),
}, doc="a unit out of play")

ACTIVATION = Obj({
    "leader": Field(_id("leader id", "HANNIBAL"), required=True,
                    doc="the leader who activated them"),
    "units": Field(Seq(_id("unit id")), default=[], doc="the units he activated"),
}, doc="an activation of this player-turn")

SIDE = Obj({
    "name": Field(Opt(_text("name")), doc="the side's name (default: its id)"),
    "edge": Field(Str(enum=EDGES), required=True,
                  doc="its own table edge: N, S, E or W (retreats and routs go this way)"),
    "exits": Field(Seq(Str(enum=EDGES, doc="a table edge: N, S, E or W")), default=[],
                   doc="edges this side may leave by, as the scenario allows"),
    "entry_points": Field(Seq(HEX), default=[],
                          doc="hexes just outside the table that reinforcements enter from"),
    "camp": Field(CAMP, doc="its camp: {at, fortified, taken}"),
    "order_tokens": Field(Int(minimum=0, maximum=999), default=0,
                          doc="order tokens held"),
    "leaders": Field(Seq(LEADER), default=[], doc="its leaders"),
    "units": Field(Seq(UNIT), default=[], doc="its units on the table"),
    "off_table": Field(Seq(OFF_TABLE_UNIT), default=[],
                       doc="units not yet on the table (reinforcements, flank march)"),
    "removed": Field(Seq(REMOVED), default=[],
                     doc="units out of play: {unit, why, turn, phase}"),
    "activations": Field(Seq(ACTIVATION), default=[],
                         doc="this player-turn's activations (written by the referee)"),
}, doc="one side")

HEXSIDE = Obj({
    "between": Field(Seq(HEX, min_items=2, max_items=2), required=True,
                     doc="the two adjacent hexes the feature lies between"),
    "type": Field(Str(min_length=1, doc="hexside key"), required=True,
                  doc="a hexside key of the ruleset (river, ford, bridge...)"),
}, checks=(_adjacent_rule,), doc="a feature on the side between two hexes")

MAP = Obj({
    "columns": Field(Int(minimum=1, maximum=MAX_MAP), required=True,
                     doc="number of hex columns (1..999)"),
    "rows": Field(Int(minimum=1, maximum=MAX_MAP), required=True,
                  doc="number of hex rows (1..999)"),
    "default_terrain": Field(Str(min_length=1), default="clear",
                             doc="the terrain of every hex not listed in terrain"),
    "terrain": Field(Dict(key=_hex("hex: its label"),
                          value=Str(min_length=1, doc="terrain key")), default={},
                     doc="hex label -> a terrain key of the ruleset"),
    "hexsides": Field(Seq(HEXSIDE), default=[],
                      doc="rivers, fords, bridges...: {between: [hex, hex], type}"),
    "roads": Field(Seq(Seq(HEX, min_items=2, checks=(_road_rule,),
                           doc="a road: its hexes in order, each adjacent to the previous")),
                   default=[], doc="roads, each an ordered list of adjacent hexes"),
}, doc="the map")

_HEX64 = "[0-9a-f]{64}"
PARTY = Obj({
    "commitment": Field(Str(pattern=_HEX64, example='"3f9a...e1" (64 hex digits)'),
                        required=True, doc="the end of the player's hash chain (a SHA-256)"),
    "length": Field(Int(minimum=1, maximum=MAX_CHAIN), required=True,
                    doc="the chain's length: how many reveals it holds"),
    "revealed": Field(Int(minimum=0), default=0, doc="how many reveals were used so far"),
    "last": Field(Opt(Str(pattern=_HEX64)), doc="the last value revealed (the commitment "
                                                "while nothing is revealed)"),
}, doc="a player's two-party commitment (docs/pbem.md)")

DICE = Obj({
    "mode": Field(Str(enum=DICE_MODES), default="open",
                  doc="open (the seed in the file), commit (the seed's SHA-256 only), "
                      "two-party (both players' hash chains) or physical (tabletop dice "
                      "listed in the orders); docs/pbem.md"),
    "seed": Field(Opt(_text("seed")), doc="open mode: the seed itself"),
    "commitment": Field(Opt(Str()), doc="commit mode: SHA-256 of the seed, 64 hex digits"),
    "parties": Field(Opt(Dict(key=_id("side id", "rome"), value=PARTY)),
                     doc="two-party mode: each player's commitment, by side"),
}, doc="how rolls are made (README §Dice you can trust, docs/pbem.md); the dice reader "
       "checks what each mode needs")

RESULT = Obj({
    "outcome": Field(Str(enum=OUTCOMES), required=True,
                     doc="broken (one army broke) or draw (both at once)"),
    "broken": Field(Seq(_id("side id", "rome")), default=[], doc="the sides whose army broke"),
    "turn": Field(Int(minimum=0), doc="the turn the game ended"),
    "phase": Field(Opt(Str(enum=PHASES)), doc="the phase the game ended in"),
}, doc="how the game ended")

ENGAGEMENT = Obj({
    "attacker": Field(_id("unit id"), required=True, doc="the attacking unit"),
    "target": Field(_id("unit id"), required=True, doc="the attacked unit"),
    "kind": Field(Str(enum=ENGAGEMENT_KINDS), required=True, doc="melee or shooting"),
    "through": Field(Str(enum=ARCS), required=True,
                     doc="the target's arc the attack came through: front, flank or rear"),
    "charge": Field(Bool(), default=True,
                    doc="false when the contact came from a pursuit (001 §Poursuite)"),
}, doc="a combat of this player-turn, kept for the rout and pursuit phases")

_RULESET_NAME = Str(min_length=1, doc="the ruleset's name")
_RULESET_RECORD = Obj({
    "name": Field(Str(min_length=1), required=True, doc="the ruleset's name"),
    "version": Field(Opt(_text("version")), doc="the ruleset version the game uses"),
}, doc="the ruleset and its version")

STATE = Obj({
    "format": Field(Str(enum=(STATE_FORMAT,)), required=True,
                    doc=f"the file kind and version: {STATE_FORMAT}"),
    "ruleset": Field(OneOf((_RULESET_NAME, _RULESET_RECORD), pick=lambda v: (
        _RULESET_NAME if isinstance(v, str) else
        _RULESET_RECORD if isinstance(v, Mapping) else None)),
        required=True, doc="a name from `referee rulesets`, or {name, version}"),
    "game": Field(Str(numbers=True, min_length=1), required=True,
                  doc="the game's id: binds the dice to this game"),
    "turn": Field(Int(minimum=1), required=True, doc="game turn, from 1"),
    "player": Field(_id("side id", "carthage"), required=True,
                    doc="the side whose player-turn it is"),
    "phase": Field(Str(enum=PHASES), required=True,
                   doc="the next phase to apply: " + ", ".join(PHASES)),
    "dice": Field(Opt(DICE), doc="how rolls are made: {mode, seed | commitment}; "
                                 "none: physical dice"),
    "result": Field(Opt(RESULT), default=None,
                    doc="null while the game goes on; {outcome, broken, turn, phase} once "
                        "it has ended"),
    "house_rules": Field(Opt(Data(mapping=True)),
                         doc="this game's overrides of the ruleset (rulesets/README.md), "
                             "recorded at its start"),
    "map": Field(MAP, required=True, doc="the map: size, terrain, hexsides, roads"),
    "sides": Field(Dict(key=Str(pattern=ID_PATTERN, doc="side: its id",
                                hint="letters, digits, '_', '.' or '-'", hint_id="id_letters"),
                        value=SIDE, min_items=2, max_items=2), required=True,
                   doc="the two sides, by id"),
    "engagements": Field(Seq(ENGAGEMENT), default=[],
                         doc="this player-turn's combats (written by the referee)"),
    "history": Field(Seq(Data(mapping=True, max_depth=64,
                              doc="a history entry; `referee verify` checks them")),
                     default=[], doc="the hash-chained record of the game (README §Play "
                                     "by email); `referee verify` checks it"),
}, checks=(_state_rule,), doc="a game state")



# ------------------------------------------------------------------------- orders
COMPACT = Str(min_length=1, doc="an order in the compact one-line notation "
                               "(docs/formats.md §Orders)")
PATH_TEXT = Str(pattern=LABEL_PATTERN + "(?:-" + LABEL_PATTERN + ")*", example="0507-0508",
                doc="hexes joined by '-'")

ACTIVATE_ORDER = Obj({
    "leader": Field(_id("leader id", "HANNIBAL"), required=True, doc="the leader activating"),
    "units": Field(Seq(_id("unit id")), required=True, doc="the units he activates"),
}, doc="activation: a leader activates units")

_PATH_LIST = Seq(HEX, min_items=1, doc="hexes, in order")

MOVE_ORDER = Obj({
    "unit": Field(_id("unit id"), required=True,
                  doc="the unit (or a leader moving alone) that moves"),
    "path": Field(OneOf((_PATH_LIST, PATH_TEXT),
                        pick=lambda v: (_PATH_LIST if isinstance(v, list) else
                                        PATH_TEXT if isinstance(v, str | int) else None)),
                  doc="the hexes entered, in order (start excluded): a list or 0507-0508"),
    "to": Field(HEX, doc="the destination: the referee picks the cheapest legal path"),
    "face": Field(Str(enum=FACINGS), doc="the facing at the end of the move"),
    "road": Field(Bool(), default=False, doc="road march (+1 hex, no combat)"),
    "mounted": Field(Bool(), default=False, doc="mounted infantry's mounted move"),
}, checks=(_move_rule,), doc="movement: a unit or leader moves")

ATTACK_ORDER = Obj({
    "unit": Field(_id("unit id"), required=True, doc="the attacking unit"),
    "target": Field(_id("unit id", "E7"), required=True, doc="the enemy unit attacked"),
    "kind": Field(Str(enum=ENGAGEMENT_KINDS), default="melee", doc="melee or shooting"),
}, doc="combat: a unit attacks")

PURSUE_ORDER = Obj({
    "unit": Field(_id("unit id"), required=True, doc="the victorious unit"),
    "pursue": Field(Bool(), doc="true: pursue; false: hold (default: true unless face)"),
    "supports": Field(Seq(_id("unit id")), default=[],
                      doc="units pursuing with it in support"),
    "face": Field(_id("unit id", "E7"), doc="hold and face this enemy in contact"),
}, doc="pursuit: pursue, hold or face an enemy")

CHOOSE_ORDER = Obj({
    "unit": Field(_id("unit id"), required=True,
                  doc="the routing unit (or fleeing leader) the choice is for"),
    "choose": Field(_id("unit id"), required=True,
                    doc="the unit chosen (which pursuer, which unit to join)"),
}, doc="rout: a choice the rout phase asks for")

ORDER_BY_PHASE: dict[str, Obj] = {
    "activation": ACTIVATE_ORDER, "movement": MOVE_ORDER, "combat": ATTACK_ORDER,
    "rout": CHOOSE_ORDER, "pursuit": PURSUE_ORDER,
}


def _order(mapping: Node, doc: str) -> OneOf:
    return OneOf((COMPACT, mapping),
                 pick=lambda v: COMPACT if isinstance(v, str) else
                 mapping if isinstance(v, Mapping) else None, doc=doc)


ANY_ORDER_MAPPING = OneOf(tuple(ORDER_BY_PHASE.values()), doc="an order as a mapping")
PHASE_ORDER: dict[str, OneOf] = {
    phase: _order(mapping, f"a {phase} order: compact text or a mapping")
    for phase, mapping in ORDER_BY_PHASE.items()
}
ANY_ORDER = _order(ANY_ORDER_MAPPING, "an order: compact text or a mapping")


def _orders_file(order: Node) -> Obj:
    return Obj({
        "format": Field(Str(enum=(ORDERS_FORMAT,)), required=True,
                        doc=f"the file kind and version: {ORDERS_FORMAT}"),
        "game": Field(Opt(Str(numbers=True, min_length=1)),
                      doc="optional: the game these orders are for (must be the state's)"),
        "turn": Field(Int(minimum=1), required=True, doc="the turn these orders are for"),
        "player": Field(_id("side id", "carthage"), required=True,
                        doc="the side giving them"),
        "phase": Field(Str(enum=PHASES), required=True,
                       doc="the phase they are for: " + ", ".join(PHASES)),
        "orders": Field(Seq(order), default=[], doc="the orders, applied in this order"),
        "dice": Field(Opt(Seq(Int(minimum=1, maximum=6, doc="a die face, 1 to 6"))),
                      doc="optional: physical dice, used in order (tabletop games only: "
                          "dice.mode physical)"),
        "reveal": Field(Opt(Str(pattern="[0-9a-f]{64}", example='"3f9a...e1" (64 hex digits)',
                                hint="write what `referee seed reveal` gave (docs/pbem.md)",
                                hint_id="reveal_value")),
                        doc="two-party dice: the author's next reveal, added by `referee seed "
                            "reveal` (docs/pbem.md)"),
    }, doc="the orders of one player-phase")


ORDERS = Switch(key="phase", cases={phase: _orders_file(order)
                                    for phase, order in PHASE_ORDER.items()},
                default=_orders_file(ANY_ORDER), doc="the orders of one player-phase")

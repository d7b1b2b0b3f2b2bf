"""The state file, described once (``referee.core.spec``; the orders file is declared in
``referee.core.orders``), and the bounds of the files (docs/formats.md §Limits).

From this description follow the reader's shape checks (``referee.io.state``
``read_state`` runs them first: every problem at once, located, with "did you mean"),
the JSON Schema of ``referee schema state`` and the key reference of
``docs/formats.md`` (``tools/make_formats_doc.py``). ``tests/test_specs.py`` proves the
reader, the writer and the doc agree with it on every key.

What depends on the game's ruleset (terrain and hexside keys, unit types and which
weights exist) is checked afterwards by ``referee.core.validate.check_state``, which
has the ruleset. The dice settings and the history entries are loosely described here
on purpose: ``io.state._read_dice`` checks the dice, ``referee verify`` the history.

This module is pure data (no I/O); it lives in ``core`` because the orders reader does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

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
    Kinds,
    Node,
    Obj,
    OneOf,
    Opt,
    Seq,
    Str,
    Where,
    suggestion,
    suggestion_text,
)

STATE_FORMAT = "referee-state/1"

ID_PATTERN = r"[A-Za-z0-9_][A-Za-z0-9_.\-]*"
LABEL_PATTERN = r"[0-9]{4}(?:[0-9]{2})?"
FACINGS: tuple[str, ...] = tuple(d.name for d in Direction)
ENGAGEMENT_KINDS: tuple[str, ...] = ("melee", "shooting")
ARCS: tuple[str, ...] = ("front", "flank", "rear")
REMOVED_WHY: tuple[str, ...] = ("eliminated", "left_table")
OUTCOMES: tuple[str, ...] = ("broken", "draw")

# Limits (docs/formats.md §Limits, each with its reason): far above anything the rules
# or a real battle use, low enough that a hostile file cannot make a command roll a
# million dice, enumerate odds for minutes or walk a billion hexes. `validate` and every
# other command read a file through these specs, so they agree on what is acceptable.
MAX_FACTOR = 20  # combat factors and range: 0..4 in every shipped ruleset
MAX_COHESION = 99  # cohesion: 1..18 in every shipped ruleset
MAX_MAP = 999  # columns and rows: labels have at most three digits each (CCCRRR)
MAX_HEXES = 250_000  # columns x rows: 5 x the 50,000-unit benchmark's own density
MAX_UNITS = 100_000  # units in one list of a side (units, off_table, removed)
MAX_LEADERS = 10_000  # leaders of a side
MAX_ORDERS = 100_000  # orders in one file: one per unit of the largest side
MAX_DICE_LISTED = 1_000_000  # physical dice listed in one orders file
MAX_TURN = 99_999  # game turns (a battle lasts a few dozen)
MAX_ID = 64  # characters of an id (unit, leader, side, type, terrain key)
MAX_NAME = 4_000  # characters of a name, a game id, a seed (a paragraph)
MAX_LINE = 10_000  # characters of an order in the compact notation (a long path)


def _id(doc: str, example: str = "C3") -> Str:
    return Str(
        pattern=ID_PATTERN,
        numbers=True,
        example=example,
        doc=doc,
        hint="letters, digits, '_', '.' or '-'",
        hint_id="id_letters",
        max_length=MAX_ID,
    )


def _key(doc: str = "") -> Str:
    """A key of the ruleset (unit type, terrain, hexside): checked against it later."""
    return Str(min_length=1, max_length=MAX_ID, doc=doc)


def _hex(doc: str) -> Str:
    return Str(
        pattern=LABEL_PATTERN,
        label_digits=True,
        example="0507",
        doc=doc,
        hint='a printed-map label CCRR, e.g. "0507"',
        hint_id="hex_label",
    )


def _text(doc: str) -> Str:
    return Str(numbers=True, doc=doc, max_length=MAX_NAME)


def _label(value: Any) -> Hex:
    """A spec-checked hex label (text, or a number that lost its quotes) as a hex."""
    return Hex.from_label(value if isinstance(value, str) else f"{value:04d}")


# -------------------------------------------------------------------------- rules
def _cohesion_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    if value["current"] > value["max"]:
        c.add(
            (where, "current"),
            f"{value['current']} is above its maximum {value['max']}",
            "lower current or raise max",
            "state.cohesion_above_max",
            {"current": value["current"], "max": value["max"]},
        )


def _leader_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    gone = LEADER_GONE.intersection(value.get("status") or ())
    if value.get("at") is None and value.get("attached_to") is None and not gone:
        c.add(
            (where, "at"),
            "is missing",
            "give the leader's hex, or attached_to a unit",
            "spec.missing",
            {"key": "at", "expected": ["hex_label"], "hint_code": "leader_at"},
        )


def _adjacent_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    a, b = (_label(x) for x in value["between"])
    if a.distance(b) != 1:
        c.add(
            (where, "between"), "the two hexes are not adjacent", "", "state.hexside_not_adjacent"
        )


def _road_rule(value: list[Any], where: Where, c: Checker) -> None:
    hexes = [_label(x) for x in value]
    for j in range(1, len(hexes)):
        if hexes[j - 1].distance(hexes[j]) != 1:
            c.add(
                (where, j),
                "is not adjacent to the previous hex of the road",
                "",
                "state.road_not_adjacent",
            )


def _map_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    hexes = value["columns"] * value["rows"]
    if hexes > MAX_HEXES:
        c.add(
            where,
            f"{value['columns']} x {value['rows']} is {hexes} hexes: at most {MAX_HEXES}",
            "a smaller map (docs/formats.md §Limits)",
            "state.map_too_big",
            {
                "columns": value["columns"],
                "rows": value["rows"],
                "hexes": hexes,
                "limit": MAX_HEXES,
            },
        )


def _state_rule(value: Mapping[str, Any], where: Where, c: Checker) -> None:
    player = value["player"]
    sides = value["sides"]
    if str(player) not in sides:
        found = suggestion(str(player), sides)
        c.add(
            (where, "player"),
            f"no side {player!r}",
            suggestion_text(found),
            "state.no_side",
            {"side": str(player), "suggest": found},
        )


# ------------------------------------------------------------------------- pieces
HEX = _hex("a hex: printed-map label CCRR, column then row, from 0101 at the top left")

COHESION = Obj(
    {
        "current": Field(
            Int(minimum=0, maximum=MAX_COHESION),
            required=True,
            doc="cohesion points left (0 .. max)",
        ),
        "max": Field(
            Int(minimum=1, maximum=MAX_COHESION), required=True, doc="the unit's full cohesion"
        ),
    },
    checks=(_cohesion_rule,),
    doc="cohesion: current and max",
)

FACTORS = Obj(
    {
        key: Field(Int(minimum=0, maximum=MAX_FACTOR), default=0, doc=doc)
        for key, doc in (
            ("shooting", "shooting factor: dice rolled when it shoots"),
            ("range", "shooting range in hexes"),
            ("assault", "assault factor: dice rolled when it charges into melee"),
            ("melee", "melee factor: dice rolled in melee after the first round"),
        )
    },
    doc="combat factors (0 when omitted)",
)

TRAIT = Str(
    enum=tuple(TRAITS),
    pattern=DETACHMENT_TRAIT + ID_PATTERN,
    example=DETACHMENT_TRAIT + "I1",
    doc="a trait (docs/formats.md §Traits), or detachment_of:<unit id>",
)
UNIT_STATUS = Str(
    enum=tuple(UNIT_STATUSES),
    pattern=CONTACT_STATUS + ID_PATTERN,
    example=CONTACT_STATUS + "B1",
    doc="a unit status (docs/formats.md §Unit statuses), or pursuit_contact:<unit id>",
)


def _unit(on_table: bool) -> Obj:
    where = "on the table" if on_table else "off the table"
    return Obj(
        {
            "id": Field(_id("the unit's id, unique in the whole state"), required=True),
            "name": Field(
                Opt(_text("its name, for reports")), doc="its name, for reports (optional)"
            ),
            "type": Field(
                _key("unit type"),
                required=True,
                doc="a unit type key of the ruleset (`referee rulesets NAME`)",
            ),
            "weight": Field(
                Str(enum=WEIGHTS),
                required=True,
                doc="its weight: a column of the ruleset's movement table",
            ),
            "at": Field(
                HEX if on_table else Opt(HEX),
                required=on_table,
                doc="its hex" if on_table else "its hex, if it has one (usually null)",
            ),
            "facing": Field(
                Str(enum=FACINGS), required=True, doc="the hexside it faces: N NE SE S SW NW"
            )
            if on_table
            else Field(
                Str(enum=FACINGS), default="N", doc="the hexside it will face: N NE SE S SW NW"
            ),
            "cohesion": Field(
                COHESION, required=True, doc="cohesion points: {current, max}, current in 0..max"
            ),
            "factors": Field(FACTORS, doc="combat factors {shooting, range, assault, melee}"),
            "traits": Field(
                Seq(TRAIT),
                default=[],
                doc="permanent traits the rules read (docs/formats.md §Traits)",
            ),
            "status": Field(
                Seq(UNIT_STATUS),
                default=[],
                doc="current statuses (docs/formats.md §Unit statuses)",
            ),
            "moved_hexes": Field(
                Int(minimum=0, maximum=MAX_MAP * 2),
                default=0,
                doc="hexes moved this player-turn ((**) artillery loses that many dice)",
            ),
            "reaction": Field(
                Opt(Str(enum=tuple(REACTIONS))),
                default=None,
                doc="its standing reaction: evade (docs/formats.md §Reactions)",
            ),
            "flank_march": Field(
                Bool(), default=False, doc="a flank march: enters by another edge than its side's"
            ),
        },
        doc=f"a unit {where}",
    )


UNIT = _unit(True)
OFF_TABLE_UNIT = _unit(False)

LEADER = Obj(
    {
        "id": Field(_id("the leader's id, unique in the whole state", "HANNIBAL"), required=True),
        "name": Field(Opt(_text("name")), doc="his name (default: the id)"),
        "rank": Field(Str(enum=RANKS), required=True, doc="general, sub_general or senior_officer"),
        "command_value": Field(
            Int(minimum=0, maximum=3),
            default=0,
            doc="0..3, counted for army break (001 §Déroute de l'armée)",
        ),
        "at": Field(Opt(HEX), doc="his hex; null when attached to a unit or out of play"),
        "weight": Field(
            Str(enum=WEIGHTS),
            default="light",
            doc="the column of the leader row of the movement table",
        ),
        "vehicle": Field(Bool(), default=False, doc="rides a vehicle: difficult terrain slows him"),
        "attached_to": Field(
            Opt(_id("unit id")),
            default=None,
            doc="the unit of his side he is attached to (inclus), or null",
        ),
        "status": Field(
            Seq(
                Str(
                    enum=tuple(LEADER_STATUSES),
                    doc="a leader status (docs/formats.md §Leader statuses)",
                )
            ),
            default=[],
            doc="his statuses (docs/formats.md §Leader statuses)",
        ),
    },
    checks=(_leader_rule,),
    doc="a leader",
)

CAMP = Obj(
    {
        "at": Field(Opt(HEX), doc="the camp's hex, or null: no camp"),
        "fortified": Field(Bool(), default=False, doc="a fortified camp"),
        "taken": Field(Bool(), default=False, doc="taken by the enemy"),
    },
    doc="the side's camp",
)

REMOVED = Obj(
    {
        "unit": Field(OFF_TABLE_UNIT, required=True, doc="the unit's record when it left play"),
        "why": Field(Str(enum=REMOVED_WHY), required=True, doc="eliminated or left_table"),
        "turn": Field(Int(minimum=0), default=0, doc="the turn it left play"),
        "phase": Field(Opt(Str(enum=PHASES)), doc="the phase it left play in"),
    },
    doc="a unit out of play",
)

ACTIVATION = Obj(
    {
        "leader": Field(
            _id("leader id", "HANNIBAL"), required=True, doc="the leader who activated them"
        ),
        "units": Field(Seq(_id("unit id")), default=[], doc="the units he activated"),
    },
    doc="an activation of this player-turn",
)

SIDE = Obj(
    {
        "name": Field(Opt(_text("name")), doc="the side's name (default: its id)"),
        "edge": Field(
            Str(enum=EDGES),
            required=True,
            doc="its own table edge: N, S, E or W (retreats and routs go this way)",
        ),
        "exits": Field(
            Seq(Str(enum=EDGES, doc="a table edge: N, S, E or W")),
            default=[],
            doc="edges this side may leave by, as the scenario allows",
        ),
        "entry_points": Field(
            Seq(HEX), default=[], doc="hexes just outside the table that reinforcements enter from"
        ),
        "camp": Field(CAMP, doc="its camp: {at, fortified, taken}"),
        "order_tokens": Field(Int(minimum=0, maximum=999), default=0, doc="order tokens held"),
        "leaders": Field(Seq(LEADER, max_items=MAX_LEADERS), default=[], doc="its leaders"),
        "units": Field(Seq(UNIT, max_items=MAX_UNITS), default=[], doc="its units on the table"),
        "off_table": Field(
            Seq(OFF_TABLE_UNIT, max_items=MAX_UNITS),
            default=[],
            doc="units not yet on the table (reinforcements, flank march)",
        ),
        "removed": Field(
            Seq(REMOVED, max_items=MAX_UNITS),
            default=[],
            doc="units out of play: {unit, why, turn, phase}",
        ),
        "activations": Field(
            Seq(ACTIVATION),
            default=[],
            doc="this player-turn's activations (written by the referee)",
        ),
    },
    doc="one side",
)

HEXSIDE = Obj(
    {
        "between": Field(
            Seq(HEX, min_items=2, max_items=2),
            required=True,
            doc="the two adjacent hexes the feature lies between",
        ),
        "type": Field(
            _key("hexside key"),
            required=True,
            doc="a hexside key of the ruleset (river, ford, bridge...)",
        ),
    },
    checks=(_adjacent_rule,),
    doc="a feature on the side between two hexes",
)

MAP = Obj(
    {
        "columns": Field(
            Int(minimum=1, maximum=MAX_MAP), required=True, doc="number of hex columns (1..999)"
        ),
        "rows": Field(
            Int(minimum=1, maximum=MAX_MAP), required=True, doc="number of hex rows (1..999)"
        ),
        "default_terrain": Field(
            _key(), default="clear", doc="the terrain of every hex not listed in terrain"
        ),
        "terrain": Field(
            Dict(key=_hex("hex: its label"), value=_key("terrain key")),
            default={},
            doc="hex label -> a terrain key of the ruleset",
        ),
        "hexsides": Field(
            Seq(HEXSIDE), default=[], doc="rivers, fords, bridges...: {between: [hex, hex], type}"
        ),
        "roads": Field(
            Seq(
                Seq(
                    HEX,
                    min_items=2,
                    checks=(_road_rule,),
                    doc="a road: its hexes in order, each adjacent to the previous",
                )
            ),
            default=[],
            doc="roads, each an ordered list of adjacent hexes",
        ),
    },
    checks=(_map_rule,),
    doc="the map",
)

_HEX64 = "[0-9a-f]{64}"
PARTY = Obj(
    {
        "commitment": Field(
            Str(pattern=_HEX64, example='"3f9a...e1" (64 hex digits)'),
            required=True,
            doc="the end of the player's hash chain (a SHA-256)",
        ),
        "length": Field(
            Int(minimum=1, maximum=MAX_CHAIN),
            required=True,
            doc="the chain's length: how many reveals it holds",
        ),
        "revealed": Field(
            Int(minimum=0, maximum=MAX_CHAIN), default=0, doc="how many reveals were used so far"
        ),
        "last": Field(
            Opt(Str(pattern=_HEX64)),
            doc="the last value revealed (the commitment while nothing is revealed)",
        ),
    },
    doc="a player's two-party commitment (docs/pbem.md)",
)

DICE = Obj(
    {
        "mode": Field(
            Str(enum=DICE_MODES),
            default="open",
            doc="open (the seed in the file), commit (the seed's SHA-256 only), "
            "two-party (both players' hash chains) or physical (tabletop dice "
            "listed in the orders); docs/pbem.md",
        ),
        "seed": Field(Opt(_text("seed")), doc="open mode: the seed itself"),
        "commitment": Field(
            Opt(Str(max_length=MAX_NAME)), doc="commit mode: SHA-256 of the seed, 64 hex digits"
        ),
        "parties": Field(
            Opt(Dict(key=_id("side id", "rome"), value=PARTY)),
            doc="two-party mode: each player's commitment, by side",
        ),
    },
    doc="how rolls are made (README §Dice you can trust, docs/pbem.md); the dice reader "
    "checks what each mode needs",
)

RESULT = Obj(
    {
        "outcome": Field(
            Str(enum=OUTCOMES), required=True, doc="broken (one army broke) or draw (both at once)"
        ),
        "broken": Field(Seq(_id("side id", "rome")), default=[], doc="the sides whose army broke"),
        "turn": Field(Int(minimum=0, maximum=MAX_TURN), doc="the turn the game ended"),
        "phase": Field(Opt(Str(enum=PHASES)), doc="the phase the game ended in"),
    },
    doc="how the game ended",
)

ENGAGEMENT = Obj(
    {
        "attacker": Field(_id("unit id"), required=True, doc="the attacking unit"),
        "target": Field(_id("unit id"), required=True, doc="the attacked unit"),
        "kind": Field(Str(enum=ENGAGEMENT_KINDS), required=True, doc="melee or shooting"),
        "through": Field(
            Str(enum=ARCS),
            required=True,
            doc="the target's arc the attack came through: front, flank or rear",
        ),
        "charge": Field(
            Bool(), default=True, doc="false when the contact came from a pursuit (001 §Poursuite)"
        ),
    },
    doc="a combat of this player-turn, kept for the rout and pursuit phases",
)

_RULESET_NAME = Str(min_length=1, max_length=MAX_ID, doc="the ruleset's name")
_RULESET_RECORD = Obj(
    {
        "name": Field(
            Str(min_length=1, max_length=MAX_ID), required=True, doc="the ruleset's name"
        ),
        "version": Field(Opt(_text("version")), doc="the ruleset version the game uses"),
    },
    doc="the ruleset and its version",
)

# ------------------------------------------------------------------------- history
# The entries of the hash-chained history (docs/pbem.md §History), typed: what the
# referee writes in each key. Whether they chain, hash and replay is `referee verify`'s
# (exit 5); a key of the wrong type never reaches it. Open: a key written by a newer
# referee is carried along as plain data.
ENTRY_KINDS: tuple[str, ...] = ("start", "commit", "rollback", *PHASES)
ENTRY_DICE: tuple[str, ...] = ("seeded", "two-party", "physical", "none")
_SHA = Str(pattern=_HEX64, example='"3f9a...e1" (64 hex digits)')
# base85 after a `b85:` mark on the first line (written since format 2), or base64 (before)
_BLOB = Seq(
    Str(pattern="(?:b85:)?[A-Za-z0-9+/=!#$%&()*;<>?@^_`{|}~-]*", example="base85 text"),
    doc="a compressed block: lines of base85 (docs/pbem.md §History)",
)
_RECORDED_ORDER = OneOf(
    (Str(max_length=MAX_LINE), Data(mapping=True)),
    pick=lambda v: (
        Data(mapping=True)
        if isinstance(v, Mapping)
        else Str(max_length=MAX_LINE)
        if isinstance(v, str)
        else None
    ),
    doc="an order as the player wrote it",
)

HISTORY_ENTRY_FIELDS = Obj(
    {
        "index": Field(Int(minimum=0), required=True, doc="its place in the history, from 0"),
        "phase": Field(
            Str(enum=ENTRY_KINDS), required=True, doc="start, commit, rollback or the phase applied"
        ),
        "turn": Field(Int(minimum=1, maximum=MAX_TURN), doc="the turn it was applied in"),
        "player": Field(_id("side id", "rome"), doc="the side whose player-turn it was"),
        "game": Field(
            Str(numbers=True, min_length=1, max_length=MAX_NAME), doc="start entry: the game's id"
        ),
        "initial": Field(_BLOB, doc="start entry: the initial position, compressed"),
        "orders": Field(
            Seq(_RECORDED_ORDER, max_items=MAX_ORDERS), doc="the orders of the phase, as written"
        ),
        "orders_z": Field(_BLOB, doc="the orders of the phase, compressed (many orders)"),
        "dice": Field(Str(enum=ENTRY_DICE), doc="where the phase's dice came from"),
        "rolls": Field(
            Seq(
                Str(
                    pattern="[1-6]*",
                    example='"2151362415"',
                    hint="die faces 1 to 6, as digits",
                    hint_id="roll_digits",
                )
            ),
            doc="the values rolled, as digits",
        ),
        "refused": Field(Int(minimum=0, maximum=MAX_ORDERS), doc="orders refused"),
        "losses": Field(
            Dict(key=_id("side id", "rome"), value=Int(minimum=-(10**9), maximum=10**9)),
            doc="each army's losses (001 points) in the phase",
        ),
        "choices": Field(
            Dict(key=_id("side id", "rome"), value=Data(mapping=True)),
            doc="the choices of units' owners, by side",
        ),
        "reveals": Field(
            Dict(key=_id("side id", "rome"), value=_SHA), doc="two-party dice: each player's reveal"
        ),
        "orders_hash": Field(_SHA, doc="two-party dice: the orders the reveal was given for"),
        "to": Field(Int(minimum=0), doc="rollback: the entry returned to"),
        "signed": Field(
            Str(pattern="[0-9a-f]{128}"),
            doc="two-party games: the phasing player's signature of the orders "
            "(docs/pbem.md §Signatures)",
        ),
        "signed_at": Field(
            _SHA,
            doc="standing orders: the position they were signed on (an "
            "earlier entry of the same player-turn)",
        ),
        "nobody_decides": Field(
            Bool(),
            doc="a rout or pursuit phase that left its player "
            "nothing to decide: applied without a signature",
        ),
        "key": Field(
            Str(pattern="[0-9a-f]{64}"),
            doc="commit: the player's Ed25519 public key (docs/pbem.md §Signatures)",
        ),
        "sig": Field(
            Str(pattern="[0-9a-f]{128}"),
            doc="commit or rollback: the signature of the entry by its author's key",
        ),
        "by": Field(_id("side id", "rome"), doc="rollback: the player who asked for it"),
        "commitment": Field(_SHA, doc="commit: the end of the player's hash chain"),
        "length": Field(Int(minimum=1, maximum=MAX_CHAIN), doc="commit: the chain's length"),
        "state_hash": Field(_SHA, doc="the hash of the position after the entry"),
        "prev_hash": Field(Opt(_SHA), doc="the previous entry's hash (null for the start)"),
        "hash": Field(_SHA, doc="the entry's own hash"),
    },
    open=True,
    doc="a history entry",
)


class HistoryEntry(Node, frozen=True):
    """A history entry: plain data (``Data``), then its known keys typed
    (``HISTORY_ENTRY_FIELDS``). A problem names the entry as ``verify`` does,
    ``history[3] (turn 2, rome, combat)``, in its hint."""

    def check(self, value: Any, where: Where, c: Checker) -> None:
        before = len(c.problems)
        _PLAIN_ENTRY.check(value, where, c)
        if len(c.problems) == before:
            HISTORY_ENTRY_FIELDS.check(value, where, c)
        if len(c.problems) == before or not isinstance(value, Mapping):
            return
        index = where[1] if where is not None else None
        moment = _entry_moment(value)
        text = f"history[{index}]" + (f" ({moment})" if moment else "")
        for k in range(before, len(c.problems)):
            p = c.problems[k]
            data = dict(p.data or {})
            data.update(entry_at=text)
            data.setdefault("hint_code", "history_entry")
            said = f"in {text}: the referee never writes this, the file was edited"
            c.problems[k] = replace(p, hint=f"{p.hint}; {said}" if p.hint else said, data=data)

    def kinds(self) -> Kinds:
        return ["mapping"]

    def schema(self) -> dict[str, Any]:
        out = HISTORY_ENTRY_FIELDS.schema()
        if self.doc:
            out["description"] = self.doc
        return out


_PLAIN_ENTRY = Data(mapping=True, max_depth=64)


def _entry_moment(entry: Mapping[str, Any]) -> str:
    """``turn 2, rome, combat`` from the parts of an entry that are well typed."""
    turn, player, phase = entry.get("turn"), entry.get("player"), entry.get("phase")
    parts = []
    if isinstance(turn, int) and not isinstance(turn, bool) and 0 < turn <= MAX_TURN:
        parts.append(f"turn {turn}")
    if isinstance(player, str) and len(player) <= MAX_ID:
        parts.append(player)
    if isinstance(phase, str) and phase in ENTRY_KINDS:
        parts.append(phase)
    return ", ".join(parts)


STATE = Obj(
    {
        "format": Field(
            Str(enum=(STATE_FORMAT,)),
            required=True,
            doc=f"the file kind and version: {STATE_FORMAT}",
        ),
        "ruleset": Field(
            OneOf(
                (_RULESET_NAME, _RULESET_RECORD),
                pick=lambda v: (
                    _RULESET_NAME
                    if isinstance(v, str)
                    else _RULESET_RECORD
                    if isinstance(v, Mapping)
                    else None
                ),
            ),
            required=True,
            doc="a name from `referee rulesets`, or {name, version}",
        ),
        "game": Field(
            Str(numbers=True, min_length=1, max_length=MAX_NAME),
            required=True,
            doc="the game's id: binds the dice to this game",
        ),
        "turn": Field(Int(minimum=1, maximum=MAX_TURN), required=True, doc="game turn, from 1"),
        "player": Field(
            _id("side id", "carthage"), required=True, doc="the side whose player-turn it is"
        ),
        "phase": Field(
            Str(enum=PHASES), required=True, doc="the next phase to apply: " + ", ".join(PHASES)
        ),
        "dice": Field(
            Opt(DICE), doc="how rolls are made: {mode, seed | commitment}; none: physical dice"
        ),
        "result": Field(
            Opt(RESULT),
            default=None,
            doc="null while the game goes on; {outcome, broken, turn, phase} once it has ended",
        ),
        "house_rules": Field(
            Opt(Data(mapping=True)),
            doc="this game's overrides of the ruleset (rulesets/README.md), recorded at its start",
        ),
        "map": Field(MAP, required=True, doc="the map: size, terrain, hexsides, roads"),
        "sides": Field(
            Dict(
                key=Str(
                    pattern=ID_PATTERN,
                    doc="side: its id",
                    hint="letters, digits, '_', '.' or '-'",
                    hint_id="id_letters",
                    max_length=MAX_ID,
                ),
                value=SIDE,
                min_items=2,
                max_items=2,
            ),
            required=True,
            doc="the two sides, by id",
        ),
        "engagements": Field(
            Seq(ENGAGEMENT), default=[], doc="this player-turn's combats (written by the referee)"
        ),
        "history": Field(
            Seq(HistoryEntry(doc="a history entry; `referee verify` checks them")),
            default=[],
            doc="the hash-chained record of the game (README §Play "
            "by email); `referee verify` checks it",
        ),
    },
    checks=(_state_rule,),
    doc="a game state",
)

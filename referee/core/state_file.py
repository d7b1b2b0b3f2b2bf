r"""The state file, declared once as frozen ``msgspec.Struct``\ s (``StateFile``; the
orders file is declared in ``referee.core.orders``), and the bounds of the files
(docs/formats.md §Limits).

``referee.io.state.read_state`` decodes a file with them (``referee.core.typed``: every
problem at once, located, with "did you mean"); they give the JSON Schema of ``referee
schema state`` and the key reference of ``docs/formats.md``.

What depends on the game's ruleset (terrain and hexside keys, unit types) is checked
afterwards by ``referee.core.validate.check_state``. The dice settings are checked by
``io.state._read_dice`` (what each mode needs), the history by ``referee verify``.
Pure data.
"""

import re
from typing import Annotated, Any, Literal

import msgspec

from referee.core.hexgrid import Hex
from referee.core.model import (
    CONTACT_STATUS,
    DETACHMENT_TRAIT,
    LEADER_GONE,
    MAX_CHAIN,
    PHASES,
    TRAITS,
    UNIT_STATUSES,
    DiceMode,
    Edge,
    LeaderStatus,
    Phase,
    Rank,
    Reaction,
    Weight,
)
from referee.core.typed import Keyed, Rec, Ruled, doc, label, numbers, suggestion

STATE_FORMAT = "referee-state/1"

ID_PATTERN = r"[A-Za-z0-9_][A-Za-z0-9_.\-]*"
LABEL_PATTERN = r"[0-9]{4}(?:[0-9]{2})?"
SHA_PATTERN = "^[0-9a-f]{64}$"  # a SHA-256 as the referee writes it: 64 lowercase hex digits

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


def id_meta(text: str, example: str = "C3") -> msgspec.Meta:
    """An id (unit, leader, side): letters, digits, '_', '.' or '-', bounded."""
    return numbers(
        pattern=f"^(?:{ID_PATTERN})$",
        max_length=MAX_ID,
        description=text,
        extra={"hint_id": "id_letters", "example": example},
    )


def _key(text: str) -> msgspec.Meta:
    """A key of the ruleset (unit type, terrain, hexside): checked against it later."""
    return doc(text, min_length=1, max_length=MAX_ID)


def _hex(text: str) -> msgspec.Meta:
    extra = {"hint_id": "hex_label", "example": "0507"}
    return label(pattern=f"^(?:{LABEL_PATTERN})$", description=text, extra=extra)


def _word(words: Any, prefix: str, text: str, example: str) -> msgspec.Meta:
    """One of ``words``, or ``prefix`` and an id (a trait, a status)."""
    choices = "|".join(words)
    either = [{"enum": list(words)}, {"pattern": f"^{prefix}(?:{ID_PATTERN})$"}]
    return doc(
        text,
        pattern=f"^(?:{choices}|{prefix}{ID_PATTERN})$",
        extra={"choices": tuple(words), "example": prefix + example},
        extra_json_schema={"anyOf": either},
    )


HexLabel = Annotated[
    str, _hex("a hex: printed-map label CCRR, column then row, from 0101 at the top left")
]
Hexes = tuple[HexLabel, ...]
UnitId = Annotated[str, id_meta("unit id")]
SideId = Annotated[str, id_meta("side id", "rome")]
Text = Annotated[str, numbers(max_length=MAX_NAME)]
GameId = Annotated[str, numbers(min_length=1, max_length=MAX_NAME)]
RulesetName = Annotated[str, doc("the ruleset's name", min_length=1, max_length=MAX_ID)]
Sha = Annotated[str, msgspec.Meta(pattern=SHA_PATTERN, extra={"hint_id": "sha256_value"})]
Sig = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{128}$")]
Facing = Literal["N", "NE", "SE", "S", "SW", "NW"]
Cohesion = Annotated[int, msgspec.Meta(ge=0, le=MAX_COHESION)]
Factor = Annotated[int, msgspec.Meta(ge=0, le=MAX_FACTOR)]
Turn = Annotated[int, msgspec.Meta(ge=1, le=MAX_TURN)]


class CohesionRec(Ruled, frozen=True, kw_only=True):
    """cohesion: current and max"""

    current: Annotated[Cohesion, doc("cohesion points left (0 .. max)")]
    max: Annotated[int, doc("the unit's full cohesion", ge=1, le=MAX_COHESION)]

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        current, most = data["current"], data["max"]
        if current <= most:
            return []
        return [("current", "state.cohesion_above_max", {"current": current, "max": most})]


class FactorsRec(Rec, frozen=True, kw_only=True):
    """combat factors (0 when omitted)"""

    shooting: Annotated[Factor, doc("shooting factor: dice rolled when it shoots")] = 0
    range: Annotated[Factor, doc("shooting range in hexes")] = 0
    assault: Annotated[Factor, doc("assault factor: dice rolled when it charges into melee")] = 0
    melee: Annotated[Factor, doc("melee factor: dice rolled in melee after the first round")] = 0


TraitWord = Annotated[
    str,
    _word(
        TRAITS,
        DETACHMENT_TRAIT,
        "a trait (docs/formats.md §Traits), or detachment_of:<unit id>",
        "I1",
    ),
]
StatusWord = Annotated[
    str,
    _word(
        UNIT_STATUSES,
        CONTACT_STATUS,
        "a unit status (docs/formats.md §Unit statuses), or pursuit_contact:<unit id>",
        "B1",
    ),
]
Traits = tuple[TraitWord, ...]
Statuses = tuple[StatusWord, ...]


class OffTableUnit(Rec, frozen=True, kw_only=True):
    """a unit off the table"""

    id: Annotated[str, id_meta("the unit's id, unique in the whole state")]
    name: Annotated[Text | None, doc("its name, for reports (optional)")] = None
    type: Annotated[str, _key("a unit type key of the ruleset (`referee rulesets NAME`)")]
    weight: Annotated[Weight, doc("its weight: a column of the ruleset's movement table")]
    at: Annotated[HexLabel | None, doc("its hex, if it has one (usually null)")] = None
    facing: Annotated[Facing, doc("the hexside it will face: N NE SE S SW NW")] = "N"
    cohesion: Annotated[CohesionRec, doc("cohesion points: {current, max}, current in 0..max")]
    factors: Annotated[
        FactorsRec | None, doc("combat factors {shooting, range, assault, melee}")
    ] = None
    traits: Annotated[Traits, doc("permanent traits the rules read (docs/formats.md §Traits)")] = ()
    status: Annotated[Statuses, doc("current statuses (docs/formats.md §Unit statuses)")] = ()
    moved_hexes: Annotated[
        int,
        doc(
            "hexes moved this player-turn ((**) artillery loses that many dice)",
            ge=0,
            le=MAX_MAP * 2,
        ),
    ] = 0
    reaction: Annotated[
        Reaction | None, doc("its standing reaction: evade (docs/formats.md §Reactions)")
    ] = None
    flank_march: Annotated[bool, doc("flank march: enters by another edge than its side's")] = False


class Unit(OffTableUnit, frozen=True, kw_only=True):
    """a unit on the table"""

    at: Annotated[HexLabel, doc("its hex")]
    facing: Annotated[Facing, doc("the hexside it faces: N NE SE S SW NW")]


LeaderStatusWord = Annotated[
    LeaderStatus, doc("a leader status (docs/formats.md §Leader statuses)")
]


class Leader(Ruled, frozen=True, kw_only=True):
    """a leader"""

    id: Annotated[str, id_meta("the leader's id, unique in the whole state", "HANNIBAL")]
    name: Annotated[Text | None, doc("his name (default: the id)")] = None
    rank: Annotated[Rank, doc("general, sub_general or senior_officer")]
    command_value: Annotated[
        int, doc("0..3, counted for army break (001 §Déroute de l'armée)", ge=0, le=3)
    ] = 0
    at: Annotated[HexLabel | None, doc("his hex; null if attached to a unit or out of play")] = None
    weight: Annotated[Weight, doc("the column of the leader row of the movement table")] = "light"
    vehicle: Annotated[bool, doc("rides a vehicle: difficult terrain slows him")] = False
    attached_to: Annotated[
        UnitId | None, doc("the unit of his side he is attached to (inclus), or null")
    ] = None
    status: Annotated[
        tuple[LeaderStatusWord, ...], doc("his statuses (docs/formats.md §Leader statuses)")
    ] = ()

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        at, attached_to, status = data.get("at"), data.get("attached_to"), data.get("status")
        if at is not None or attached_to is not None or LEADER_GONE.intersection(status or ()):
            return []
        said = {"key": "at", "expected": ["hex_label"], "hint_code": "leader_at"}
        return [("at", "spec.missing", said)]


class Camp(Rec, frozen=True, kw_only=True):
    """the side's camp"""

    at: Annotated[HexLabel | None, doc("the camp's hex, or null: no camp")] = None
    fortified: Annotated[bool, doc("a fortified camp")] = False
    taken: Annotated[bool, doc("taken by the enemy")] = False


class Removed(Rec, frozen=True, kw_only=True):
    """a unit out of play"""

    unit: Annotated[OffTableUnit, doc("the unit's record when it left play")]
    why: Annotated[Literal["eliminated", "left_table"], doc("eliminated or left_table")]
    turn: Annotated[int, doc("the turn it left play", ge=0)] = 0
    phase: Annotated[Phase | None, doc("the phase it left play in")] = None


class Activation(Rec, frozen=True, kw_only=True):
    """an activation of this player-turn"""

    leader: Annotated[str, id_meta("the leader who activated them", "HANNIBAL")]
    units: Annotated[tuple[UnitId, ...], doc("the units he activated")] = ()


EdgeWord = Annotated[Edge, doc("a table edge: N, S, E or W")]


class Side(Rec, frozen=True, kw_only=True):
    """one side"""

    name: Annotated[Text | None, doc("the side's name (default: its id)")] = None
    edge: Annotated[Edge, doc("its own table edge: N, S, E or W (retreats and routs go this way)")]
    exits: Annotated[
        tuple[EdgeWord, ...], doc("edges this side may leave by, as the scenario allows")
    ] = ()
    entry_points: Annotated[
        Hexes, doc("hexes just outside the table that reinforcements enter from")
    ] = ()
    camp: Annotated[Camp | None, doc("its camp: {at, fortified, taken}")] = None
    order_tokens: Annotated[int, doc("order tokens held", ge=0, le=999)] = 0
    leaders: Annotated[tuple[Leader, ...], doc("its leaders", max_length=MAX_LEADERS)] = ()
    units: Annotated[tuple[Unit, ...], doc("its units on the table", max_length=MAX_UNITS)] = ()
    off_table: Annotated[
        tuple[OffTableUnit, ...],
        doc("units not yet on the table (reinforcements, flank march)", max_length=MAX_UNITS),
    ] = ()
    removed: Annotated[
        tuple[Removed, ...],
        doc("units out of play: {unit, why, turn, phase}", max_length=MAX_UNITS),
    ] = ()
    activations: Annotated[
        tuple[Activation, ...], doc("this player-turn's activations (written by the referee)")
    ] = ()


def _apart(a: str, b: str) -> bool:
    """Are the hexes of labels ``a`` and ``b`` not adjacent?"""
    return Hex.from_label(a).distance(Hex.from_label(b)) != 1


class Hexside(Ruled, frozen=True, kw_only=True):
    """a feature on the side between two hexes"""

    between: Annotated[
        Hexes, doc("the two adjacent hexes the feature lies between", min_length=2, max_length=2)
    ]
    type: Annotated[str, _key("a hexside key of the ruleset (river, ford, bridge...)")]

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        return [("between", "state.hexside_not_adjacent")] if _apart(*data["between"]) else []


Road = Annotated[
    Hexes, doc("a road: its hexes in order, each adjacent to the previous", min_length=2)
]
TerrainKey = Annotated[str, _key("terrain key")]


class Map(Ruled, frozen=True, kw_only=True):
    """the map"""

    columns: Annotated[int, doc("number of hex columns (1..999)", ge=1, le=MAX_MAP)]
    rows: Annotated[int, doc("number of hex rows (1..999)", ge=1, le=MAX_MAP)]
    default_terrain: Annotated[str, _key("the terrain of each hex not listed in terrain")] = "clear"
    terrain: Annotated[
        dict[Annotated[str, _hex("hex: its label")], TerrainKey],
        doc("hex label -> a terrain key of the ruleset"),
    ] = msgspec.field(default_factory=dict)
    hexsides: Annotated[
        tuple[Hexside, ...], doc("rivers, fords, bridges...: {between: [hex, hex], type}")
    ] = ()
    roads: Annotated[tuple[Road, ...], doc("roads, each an ordered list of adjacent hexes")] = ()

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        out: list[tuple[Any, ...]] = []
        columns, rows = data["columns"], data["rows"]
        if columns * rows > MAX_HEXES:
            data_ = {"columns": columns, "rows": rows, "hexes": columns * rows, "limit": MAX_HEXES}
            out.append((None, "state.map_too_big", data_))
        for i, road in enumerate(data.get("roads") or ()):
            for j in range(1, len(road)):
                if _apart(road[j - 1], road[j]):
                    out.append((f"roads[{i}][{j}]", "state.road_not_adjacent"))
        return out


class Party(Ruled, frozen=True, kw_only=True):
    """a player's two-party commitment (docs/pbem.md)"""

    commitment: Annotated[Sha, doc("the end of the player's hash chain (a SHA-256)")]
    length: Annotated[int, doc("the chain's length: how many reveals it holds", ge=1, le=MAX_CHAIN)]
    revealed: Annotated[int, doc("how many reveals were used so far", ge=0, le=MAX_CHAIN)] = 0
    last: Annotated[
        Sha | None, doc("the last value revealed (the commitment while nothing is revealed)")
    ] = None

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        out: list[tuple[Any, ...]] = []
        length, revealed = data["length"], data.get("revealed", 0)
        if revealed > length:
            out.append(("revealed", "state.revealed_range", {"length": length}))
        if revealed == 0 and data.get("last") not in (None, data["commitment"]):
            out.append(("last", "state.last_not_commitment"))
        return out


class Dice(Ruled, frozen=True, kw_only=True):
    """how rolls are made (README §Dice you can trust, docs/pbem.md), with what each
    mode needs"""

    mode: Annotated[
        DiceMode,
        doc(
            "open (the seed in the file), commit (the seed's SHA-256 only), two-party (both "
            "players' hash chains) or physical (tabletop dice listed in the orders); docs/pbem.md"
        ),
    ] = "open"
    seed: Annotated[Text | None, doc("open mode: the seed itself")] = None
    commitment: Annotated[
        Annotated[str, msgspec.Meta(max_length=MAX_NAME)] | None,
        doc("commit mode: SHA-256 of the seed, 64 hex digits"),
    ] = None
    parties: Annotated[
        dict[SideId, Party] | None, doc("two-party mode: each player's commitment, by side")
    ] = None

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        mode, seed, commitment = data.get("mode", "open"), data.get("seed"), data.get("commitment")
        out: list[tuple[Any, ...]] = []
        if mode == "open" and not seed:
            out.append(("seed", "spec.missing", {"key": "seed", "hint_code": "open_needs_seed"}))
        if mode == "commit" and not re.search(SHA_PATTERN, commitment or ""):
            out.append(("commitment", "state.bad_commitment"))
        if mode == "commit" and seed:
            out.append(("seed", "state.seed_in_commit_mode"))
        if mode in ("two-party", "physical"):
            for key in ("seed", "commitment"):
                if data.get(key) is not None:
                    out.append((key, "state.dice_key_unused", {"mode": mode}))
        if mode != "two-party" and data.get("parties") is not None:
            out.append(("parties", "state.parties_not_two_party"))
        return out


class Result(Rec, frozen=True, kw_only=True):
    """how the game ended"""

    outcome: Annotated[Literal["broken", "draw"], doc("broken: one army broke; draw: both at once")]
    broken: Annotated[tuple[SideId, ...], doc("the sides whose army broke")] = ()
    turn: Annotated[
        Annotated[int, msgspec.Meta(ge=0, le=MAX_TURN)] | None, doc("the turn the game ended")
    ] = None
    phase: Annotated[Phase | None, doc("the phase the game ended in")] = None


class Engagement(Rec, frozen=True, kw_only=True):
    """a combat of this player-turn, kept for the rout and pursuit phases"""

    attacker: Annotated[str, id_meta("the attacking unit")]
    target: Annotated[str, id_meta("the attacked unit")]
    kind: Annotated[Literal["melee", "shooting"], doc("melee or shooting")]
    through: Annotated[
        Literal["front", "flank", "rear"],
        doc("the target's arc the attack came through: front, flank or rear"),
    ]
    charge: Annotated[bool, doc("false if the contact came from a pursuit (001 §Poursuite)")] = True


class RulesetRecord(Rec, frozen=True, kw_only=True):
    """the ruleset and its version"""

    name: RulesetName
    version: Annotated[Text | None, doc("the ruleset version the game uses")] = None


# ------------------------------------------------------------------------- history
# The entries of the hash-chained history (docs/pbem.md §History), typed: what the
# referee writes in each key. Whether they chain, hash and replay is `referee verify`'s
# (exit 5); a key of the wrong type never reaches it. Open: a key written by a newer
# referee is carried along as plain data (the reader keeps the entries as written).
ENTRY_KINDS: tuple[str, ...] = ("start", "commit", "rollback", *PHASES)
EntryKind = Literal[
    "start", "commit", "rollback", "activation", "movement", "combat", "rout", "pursuit"
]
# base85 after a `b85:` mark on the first line (written since format 2), or base64 (before)
B85 = "^(?:b85:)?[A-Za-z0-9+/=!#$%&()*;<>?@^_`{|}~-]*$"
Blob = tuple[
    Annotated[str, msgspec.Meta(pattern=B85, description="a line", extra={"hint_id": "blob_line"})],
    ...,
]
RecordedOrder = Annotated[
    Annotated[str, msgspec.Meta(max_length=MAX_LINE)] | dict[str, Any],
    msgspec.Meta(description="an order as the player wrote it"),
]
Orders = Annotated[tuple[RecordedOrder, ...], msgspec.Meta(max_length=MAX_ORDERS)]
_ROLL = {"example": '"2151362415"', "hint_id": "roll_digits"}
Roll = Annotated[str, msgspec.Meta(pattern="^[1-6]*$", description="a roll", extra=_ROLL)]
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_ORDERS)]
Loss = Annotated[int, msgspec.Meta(ge=-(10**9), le=10**9, description="points lost")]
ChainLength = Annotated[int, msgspec.Meta(ge=1, le=MAX_CHAIN)]
Index = Annotated[int, msgspec.Meta(ge=0)]
DiceOrigin = Literal["seeded", "two-party", "physical", "none"]
SideChoices = Annotated[dict[str, Any], doc("a side's choices")]
Reveals = dict[SideId, Annotated[Sha, doc("a reveal")]]


class HistoryEntry(msgspec.Struct, frozen=True, kw_only=True):
    """a history entry; `referee verify` checks them"""

    index: Annotated[Index, doc("its place in the history, from 0")]
    phase: Annotated[EntryKind, doc("start, commit, rollback or the phase applied")]
    turn: Annotated[Turn | None, doc("the turn it was applied in")] = None
    player: Annotated[SideId | None, doc("the side whose player-turn it was")] = None
    game: Annotated[GameId | None, doc("start entry: the game's id")] = None
    initial: Annotated[Blob | None, doc("start entry: the initial position, compressed")] = None
    orders: Annotated[Orders | None, doc("the orders of the phase, as written")] = None
    orders_z: Annotated[Blob | None, doc("the orders of the phase, compressed (if many)")] = None
    dice: Annotated[DiceOrigin | None, doc("where the phase's dice came from")] = None
    rolls: Annotated[tuple[Roll, ...] | None, doc("the values rolled, as digits")] = None
    refused: Annotated[Count | None, doc("orders refused")] = None
    losses: Annotated[
        dict[SideId, Loss] | None, doc("each army's losses (001 points) in the phase")
    ] = None
    choices: Annotated[
        dict[SideId, SideChoices] | None, doc("the choices of units' owners, by side")
    ] = None
    reveals: Annotated[Reveals | None, doc("two-party dice: each player's reveal")] = None
    orders_hash: Annotated[Sha | None, doc("two-party dice: the orders the reveal is for")] = None
    to: Annotated[Index | None, doc("rollback: the entry returned to")] = None
    signed: Annotated[
        Sig | None,
        doc("two-party games: the phasing player's signature of the orders (docs/pbem.md)"),
    ] = None
    signed_at: Annotated[
        Sha | None, doc("standing orders: the position they were signed on (an earlier entry)")
    ] = None
    nobody_decides: Annotated[
        bool | None, doc("a rout or pursuit phase with nothing to decide: applied unsigned")
    ] = None
    key: Annotated[Sha | None, doc("commit: the player's Ed25519 public key (docs/pbem.md)")] = None
    sig: Annotated[Sig | None, doc("commit, rollback: the entry signed by its author's key")] = None
    by: Annotated[SideId | None, doc("rollback: the player who asked for it")] = None
    commitment: Annotated[Sha | None, doc("commit: the end of the player's hash chain")] = None
    length: Annotated[ChainLength | None, doc("commit: the chain's length")] = None
    state_hash: Annotated[Sha | None, doc("the hash of the position after the entry")] = None
    prev_hash: Annotated[Sha | None, doc("the previous entry's hash (null for the start)")] = None
    hash: Annotated[Sha | None, doc("the entry's own hash")] = None


SideKey = Annotated[
    str,
    msgspec.Meta(
        pattern=f"^(?:{ID_PATTERN})$",
        max_length=MAX_ID,
        description="side: its id",
        extra={"hint_id": "id_letters"},
    ),
]


class StateFile(Ruled, frozen=True, kw_only=True):
    """a game state"""

    format: Annotated[Literal["referee-state/1"], doc(f"the file kind and version: {STATE_FORMAT}")]
    ruleset: Annotated[
        RulesetName | RulesetRecord, doc("a name from `referee rulesets`, or {name, version}")
    ]
    game: Annotated[GameId, doc("the game's id: binds the dice to this game")]
    turn: Annotated[Turn, doc("game turn, from 1")]
    player: Annotated[str, id_meta("the side whose player-turn it is", "carthage")]
    phase: Annotated[Phase, doc("the next phase to apply: " + ", ".join(PHASES))]
    dice: Annotated[
        Dice | None, doc("how rolls are made: {mode, seed | commitment}; none: physical dice")
    ] = None
    result: Annotated[
        Result | None,
        doc("null while the game goes on; {outcome, broken, turn, phase} once it has ended"),
    ] = None
    house_rules: Annotated[
        dict[str, Any] | None,
        doc("this game's overrides of the ruleset (rulesets/README.md), recorded at its start"),
    ] = None
    map: Annotated[Map, doc("the map: size, terrain, hexsides, roads")]
    sides: Annotated[dict[SideKey, Side], doc("the two sides, by id", min_length=2, max_length=2)]
    engagements: Annotated[
        tuple[Engagement, ...], doc("this player-turn's combats (written by the referee)")
    ] = ()
    history: Annotated[
        tuple[HistoryEntry, ...],
        doc("the hash-chained record of the game (README §Play by email), checked by verify"),
    ] = ()

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        player, sides = str(data["player"]), data["sides"]
        if player in sides:
            return []
        return [("player", "state.no_side", {"side": player, "suggest": suggestion(player, sides)})]

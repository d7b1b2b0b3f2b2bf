"""A rule system as data: the typed form of ``rulesets/<name>.yaml``.

A ruleset document (after ``referee.io.rulesets`` has merged its ``extends:`` parts and
the game's house rules) is decoded **once** into the frozen, typed sections declared
here (``msgspec.Struct``; on failure every problem at once, located, "did you mean":
``referee.core.typed``). The engine reads those records, never a string path:

    rs.movement_rules.road_bonus.value      # 1
    rs.movement_rules.road_bonus.source     # "000 §Mouvement sur route"
    rs.combat.cite.riposte                  # where the riposte is written
    rs.terrain["wood"].cost                 # 2

Every parameter is a :class:`Param` (value, source), so every citation the engine prints
comes from the ruleset data. The defaults of the format's optional keys are those of
the declarations; the movement-table cells are parsed from the rules' own notation here.
"""

import difflib
import re
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, Generic, Literal, TypeVar

import msgspec
from msgspec.structs import replace

from referee.core.errors import BadText, InvalidInput
from referee.core.model import RANKS, WEIGHTS, Factors, Problem
from referee.core.state_file import MAX_COHESION, MAX_FACTOR, MAX_UNITS
from referee.core.typed import (
    Numbered,
    Rec,
    decode,
    doc,
    field_paths,
    numbers,
    problems,
    unknown,
)

T = TypeVar("T")

# a pattern as a string: compiled (and cached by re) when a ruleset is built, not at
# every start (0.3 ms; a cached ruleset parses no cell)
_CELL = (
    r"^(?P<a>\d{1,3})(?:/(?P<b>\d{1,3}))?"
    r"(?P<fuite>\s+fuite)?"
    r"(?P<sscb>\s+(?:ss\s*cb|sans\s+combat|sans\s+comb))?"
    r"(?P<statique>\s*\(statique\))?"
    r"(?P<one>\s*\(\*\))?"
    r"(?P<dice>\s*\(\*\*\))?\s*$"
)


class Allowance(msgspec.Struct, frozen=True):
    """One cell of a movement table.

    ``combat``: hexes the unit may move and still fight; ``max``: hexes it may move
    at all (beyond ``combat`` it is *sans combat*). ``fleeing``: a leader's
    allowance when fleeing (``3/2 fuite``).
    """

    text: str
    exists: bool
    combat: int = 0
    max: int = 0
    static: bool = False
    at_most_one: bool = False  # (*) never more than 1 hex in any circumstance
    die_per_hex: bool = False  # (**) loses one combat die per hex moved
    fleeing: int | None = None

    @property
    def notation(self) -> str:
        return self.text if self.text else "—"


NO_CELL = Allowance(text="", exists=False)
MAX_HEXES_MOVED = 99  # a cell's hexes (docs/formats.md §Limits; 4 at most in the rules)


def parse_cell(text: str) -> Allowance:
    """Parse a cell as printed in the rules: ``2/3 ss cb``, ``1 (**)``, ``XXXX``,
    ``0 (statique)``, ``3/2 fuite``. Raises ValueError on anything else."""
    raw = str(text).strip()
    if raw in ("", "XXXX"):
        return Allowance(text=raw, exists=False)
    m = re.match(_CELL, raw, re.IGNORECASE)
    if m is None:
        raise BadText("ruleset.bad_cell", cell=raw)
    a = int(m["a"])
    b = int(m["b"]) if m["b"] else None
    if max(a, b or 0) > MAX_HEXES_MOVED:
        raise BadText("ruleset.cell_too_big", cell=raw, limit=MAX_HEXES_MOVED)
    if m["fuite"]:
        return Allowance(text=raw, exists=True, combat=a, max=a, fleeing=b)
    static = bool(m["statique"]) or (a == 0 and b is None)
    if m["sscb"]:
        combat, maximum = (a, b) if b is not None else (0, a)
    else:
        combat = maximum = a if b is None else b
        if b is not None:  # "N/M" without "ss cb" is not a notation of the rules
            raise BadText("ruleset.cell_needs_sscb", cell=raw)
    return Allowance(
        text=raw,
        exists=True,
        combat=combat,
        max=maximum,
        static=static,
        at_most_one=bool(m["one"]),
        die_per_hex=bool(m["dice"]),
    )


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Mappings merge key by key; anything else in ``override`` replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value)
        elif (
            isinstance(value, str) and isinstance(out.get(key), Mapping) and "readings" in out[key]
        ):
            # house rules pick a reading of an interpretation by its id
            # (`interpretations: {contact_melee: next_game_turn}`): the entry stays whole
            out[key] = {**out[key], "reading": value}
        else:
            out[key] = value
    return out


# ------------------------------------------------------------------------ declarations
# One frozen msgspec.Struct per section: the decoder of the YAML, the engine's value and
# the source of the JSON Schemas (referee schema ruleset / ruleset-part / house-rules).
# A new parameter is one field here and its line in the YAML (rulesets/README.md).
RULESET_FORMAT = "referee-ruleset/1"
RULESET_PART_FORMAT = "referee-ruleset-part/1"
HOUSE_RULES_FORMAT = "referee-house-rules/1"

# Bounds of a ruleset's numbers (docs/formats.md §Limits): every whole number is at
# most RULE_MAX (costs, ranges, hexes, points) unless it counts dice or units. A roll is
# at most MAX_FACTOR + MAX_BONUS_DICE x the first-round abilities a unit holds.
RULE_MAX = 99
MAX_BONUS_DICE = 3  # dice each first-round ability adds (1 in every shipped ruleset)
MAX_CELL = 40  # characters of a movement-table cell (`2/3 ss cb (**)`: 14)

CATEGORIES: tuple[str, ...] = (
    "infantry",
    "pikemen",
    "cavalry",
    "camelry",
    "chariots",
    "elephants",
    "artillery",
    "war_wagons",
)
HitBy = Literal["infantry", "cavalry", "artillery"]
Symbol = Literal[
    "hit_infantry", "hit_cavalry", "hit_artillery", "flag", "order", "tactical_advantage"
]
FuryDirection = Literal["ahead", "left", "right", "rear"]
if TYPE_CHECKING:  # the engine asks with any text
    Weight = str
    Category = str
    RankKey = str
else:
    Weight = Annotated[Literal[WEIGHTS], doc("a weight step")]
    Category = Annotated[Literal[CATEGORIES], doc("a unit category")]
    RankKey = Literal[RANKS]

Source = Annotated[
    str,
    doc(
        "where the rule is written: `000 §<heading>` (a file of shared/rules/ and its "
        "heading), `facts: <what>` (shared/RULES.md), or `interpretation: <reason>` "
        "(a documented default)",
        min_length=1,
    ),
]
Key = Annotated[str, doc("key: lowercase ASCII id", min_length=1)]
Count = Annotated[int, msgspec.Meta(ge=0, le=RULE_MAX)]
Positive = Annotated[int, msgspec.Meta(ge=1, le=RULE_MAX)]
Dice = Annotated[int, msgspec.Meta(ge=0, le=MAX_FACTOR)]
Cell = Annotated[str, numbers(max_length=MAX_CELL)]
Units = Annotated[int, msgspec.Meta(ge=0, le=MAX_UNITS)]
Face = Annotated[int, msgspec.Meta(ge=1, le=6)]  # of a die
Word = Annotated[str, msgspec.Meta(min_length=1)]


class Param(msgspec.Struct, Generic[T], frozen=True, forbid_unknown_fields=True):
    """One rule parameter: its value and where the value comes from."""

    value: T
    source: Source
    note: Annotated[str, doc("a remark shown beside the value")] = ""


class UnitType(Rec, frozen=True):
    """One unit type, keyed by the id state files use as a unit's `type`."""

    category: Annotated[Category, doc("what rules reason about: pass-through, rout, terrain")]
    hit_by: Annotated[HitBy, doc("the hit symbol of the combat die that hurts it")]
    source: Source
    label: Annotated[str, doc("the type as the rules name it (default: its key)")] = ""
    mounted: Annotated[bool, doc("mounted troops (001: foot need not pursue mounted)")] = False
    movement_override: Annotated[
        Cell | None, doc("one movement cell used for every weight, for a type in no table")
    ] = None


class Column(Rec, frozen=True):
    """A column of a movement table."""

    weight: Annotated[Weight, doc("the weight this printed column stands for")]
    label: Annotated[str, doc("the printed column heading")] = ""


class TableRow(Rec, frozen=True):
    """A row of a movement table."""

    type: Annotated[Key, doc("a key of unit_types")]
    cells: Annotated[tuple[Cell, ...], doc("one cell per column, verbatim: `2/3 ss cb`, `XXXX`")]
    source: Source
    label: Annotated[str, doc("the printed row heading")] = ""


class MovementTable(Rec, frozen=True):
    """One printed movement table, cell for cell."""

    source: Source
    columns: Annotated[tuple[Column, ...], msgspec.Meta(min_length=1)]
    rows: Annotated[tuple[TableRow, ...], msgspec.Meta(min_length=1)]
    title: Annotated[str, doc("the table's printed title")] = ""


class LeaderRow(Rec, frozen=True):
    """The row of a leader moving alone."""

    label: Annotated[str, doc("the printed row heading")]
    cells: Annotated[
        dict[Weight, Cell], doc("a leader's allowance by his weight: `3/2 fuite`", min_length=1)
    ]
    source: Source
    note: Annotated[str, doc("the row's printed note")] = ""


class Movement(Rec, frozen=True):
    """Movement allowances, as printed."""

    tables: Annotated[tuple[MovementTable, ...], msgspec.Meta(min_length=1)]
    leader_row: LeaderRow
    notes: Annotated[dict[str, str], doc("the table's footnotes, verbatim")] = msgspec.field(
        default_factory=dict
    )


class MovementCites(Rec, frozen=True):
    """The movement rules without a number: where each is written."""

    chapter: Annotated[Source, doc("activated units move one at a time, once per turn")]
    off_table: Annotated[Source, doc("reinforcements entering and units leaving the table")]
    terrain: Annotated[Source, doc("terrain changes what a move costs")]
    no_zone_of_control: Annotated[Source, doc("units have no zone of control")]
    impassable_stops: Annotated[Source, doc("a move into impassable terrain stops before it")]
    cheapest_path: Annotated[Source, doc("a `to` order follows the cheapest legal path")]
    facing: Annotated[Source, doc("`face` sets the final facing; a unit may turn in place")]
    attached_leaders: Annotated[Source, doc("an attached leader moves with his unit")]


class MovementRules(Rec, frozen=True):
    """Movement rules."""

    road_bonus: Annotated[Param[Count], doc("extra hexes for a move along one continuous road")]
    road_march_no_combat: Annotated[Param[bool], doc("a road march forbids combat afterwards")]
    mounted_bonus: Annotated[Param[Count], doc("extra hexes for mounted infantry")]
    mounted_no_combat: Annotated[Param[bool], doc("the mounted bonus forbids combat")]
    mounted_cumulative_with_road: Annotated[Param[bool], doc("road and mounted bonuses add up")]
    mounted_infantry_categories: Annotated[
        Param[frozenset[Category]], doc("who may take the mounted bonus (with the trait)")
    ]
    minimum_move: Annotated[
        Param[bool], doc("a unit that may move may always enter one adjacent passable hex")
    ]
    leader_ignores_difficult: Annotated[
        Param[bool], doc("a leader alone ignores difficult terrain unless he rides a vehicle")
    ]
    leader_may_leave_table: Annotated[Param[bool], doc("an isolated leader may leave the table")]
    may_stay_off_table: Annotated[
        Param[frozenset[RankKey]],
        doc("ranks of a leader who may wait off the table at an entry point"),
    ]
    wagon_defensive_position: Annotated[
        Param[bool], doc("wagon-borne infantry that did not move counts as behind a palisade")
    ]
    pre_played_cannot_move: Annotated[Param[bool], doc("a pre_played unit may not move")]
    cite: MovementCites


class PassThrough(Rec, frozen=True):
    """Passing through other units."""

    isolated_leader_through_friends: Annotated[
        Param[bool], doc("a leader alone may cross any friendly unit")
    ]
    through_friendly_weights: Annotated[
        Param[frozenset[Weight]], doc("any unit may cross a friendly unit of these weights")
    ]
    detachment_and_parent: Annotated[Param[bool], doc("a detachment and its parent may cross")]
    artillery_crossable_by: Annotated[
        Param[frozenset[Category]], doc("these categories may cross a friendly artillery unit")
    ]
    never_through_enemy: Annotated[Param[bool], doc("no unit or leader crosses an enemy unit")]
    free_hex_at_end: Annotated[Param[bool], doc("crossing only if the move ends in a free hex")]


class Terrain(Rec, frozen=True):
    """One terrain of a hex, keyed by the terrain key maps use."""

    cost: Annotated[Count, doc("movement points to enter the hex")]
    source: Source
    label: Annotated[str, doc("the terrain as the rules name it (default: its key)")] = ""
    difficult: Annotated[bool, doc("ignored by leaders moving alone")] = False
    impassable: Annotated[bool, doc("nobody enters it")] = False
    combat_penalty: Annotated[
        frozenset[Category], doc("categories that fight at a disadvantage there")
    ] = frozenset()
    cost_by_category: Annotated[
        dict[Category, Count], doc("costs replacing `cost` for these categories")
    ] = msgspec.field(default_factory=dict)


class Hexside(Rec, frozen=True):
    """One linear feature between two hexes, keyed by the key maps use."""

    source: Source
    label: Annotated[str, doc("the feature as the rules name it (default: its key)")] = ""
    impassable: Annotated[bool, doc("nobody crosses it")] = False
    cost: Annotated[Count, doc("extra points to cross it")] = 0
    difficult: Annotated[bool, doc("ignored by leaders moving alone")] = False


class Roads(Rec, frozen=True):
    """Roads."""

    cost_along_road: Annotated[Param[Count], doc("cost of a step along one road")]


class Rank(Rec, frozen=True):
    """One leader rank."""

    label: Annotated[str, doc("the rank as the rules name it")]
    command_range: Annotated[Count, doc("hexes, counting the target's hex: 1 = adjacent")]
    source: Source


class Leaders(Rec, frozen=True):
    """Leaders."""

    ranks: Annotated[dict[RankKey, Rank], doc("leader ranks", min_length=1)]


class Band(Rec, frozen=True):
    """One band of army sizes."""

    activations: Annotated[Units, doc("activations per player-turn")]
    max_units: Annotated[Units, doc("units per activation")]
    source: Source
    max_army_units: Annotated[
        Units | None, doc("the largest army of this band; null: no upper bound")
    ] = None


class ActivationCites(Rec, frozen=True):
    """The activation rules without a number."""

    leader_alone: Annotated[Source, doc("a leader moves alone only when activated")]


class Activation(Rec, frozen=True):
    """Activation (command) phase."""

    bands: Annotated[
        tuple[Band, ...],
        doc("by army size; the first band whose max_army_units >= size applies", min_length=1),
    ]
    isolated_any_distance: Annotated[
        Param[bool], doc("isolated characters are activated at any distance")
    ]
    once_per_player_turn: Annotated[
        Param[bool], doc("a unit is in at most one activation per player-turn")
    ]
    cite: ActivationCites

    def band(self, army_units: int) -> Band:
        """The first band whose ``max_army_units`` holds an army of this size."""
        for band in self.bands:
            if band.max_army_units is None or army_units <= band.max_army_units:
                return band
        return self.bands[-1]  # pragma: no cover - the last band has no bound (checked)


class DieFace(Rec, frozen=True):
    """One face of the symbol die."""

    symbol: Annotated[Symbol, doc("the symbol on that face")]
    label: Annotated[str, doc("the symbol as the rules name it")] = ""


class CombatCites(Rec, frozen=True):
    """The combat rules without a number."""

    combat: Annotated[Source, doc("shooting and melee, one unit against one, one at a time")]
    dice: Annotated[Source, doc("the symbol dice (a hit symbol hurts only its kind)")]
    riposte: Annotated[Source, doc("in melee the defender replies")]
    order_letter: Annotated[Source, doc("an order letter gives the roller an order token")]
    activated_only: Annotated[Source, doc("only activated units may start a combat")]
    once_per_phase: Annotated[Source, doc("a unit fights at most once per phase")]
    shooting: Annotated[Source, doc("shooting: factor and range in hexes")]
    melee: Annotated[Source, doc("melee: adjacent hexes")]
    one_against_one: Annotated[Source, doc("always one unit against one unit")]
    reaction: Annotated[Source, doc("a unit's standing reaction is its owner's choice")]


class Combat(Rec, frozen=True):
    """Combat."""

    die_faces: Annotated[
        dict[Face, DieFace], doc("the six faces of the symbol die", min_length=6, max_length=6)
    ]
    die_faces_source: Source
    hit_removes_cohesion: Annotated[Param[Count], doc("cohesion points lost per hit")]
    retreat_hexes_per_flag: Annotated[Param[Count], doc("retreat hexes per flag")]
    blocked_retreat_hex_is_loss: Annotated[
        Param[Count], doc("cohesion points lost per retreat hex not made")
    ]
    disorder_causes: Annotated[
        Param[frozenset[Literal["blocked_retreat"]]], doc("what puts a unit in disorder")
    ]
    tactical_advantage: Annotated[
        Param[Literal["cancel_flag", "none"]], doc("what a tactical advantage does")
    ]
    support: Annotated[Param[Literal["ignore_one_flag", "none"]], doc("what being supported does")]
    support_min_friends: Annotated[
        Param[Positive], doc("adjacent friends with cohesion that make a unit supported")
    ]
    evasion_distance: Annotated[Param[Count], doc("hexes an evading unit moves back")]
    evasion_weights: Annotated[Param[frozenset[Weight]], doc("weights that may evade")]
    terrain_dice_penalty: Annotated[
        Param[Count], doc("dice lost in a terrain whose combat_penalty lists the category")
    ]
    moved_dice_loss_per_hex: Annotated[Param[Count], doc("dice lost per hex moved by a (**) unit")]
    minimum_dice: Annotated[Param[Dice], doc("floor of the dice after penalties")]
    first_round_abilities: Annotated[
        Param[tuple[Word, ...]], doc("traits valid in the first round of a melee only (each once)")
    ]
    first_round_bonus_dice: Annotated[
        Param[Annotated[int, msgspec.Meta(ge=0, le=MAX_BONUS_DICE)]],
        doc("dice added by each such trait on a charge"),
    ]
    behind_palisade_dice_penalty: Annotated[
        Param[Count], doc("dice the attacker of a unit behind a palisade loses")
    ]
    palisade_hexsides: Annotated[Param[frozenset[Key]], doc("hexsides that protect like one")]
    multiple_attack_loss: Annotated[
        Param[Count], doc("cohesion points a unit loses when charged again in the same phase")
    ]
    multiple_attack_from: Annotated[
        Param[Annotated[int, msgspec.Meta(ge=2, le=RULE_MAX)]],
        doc("the charge against one unit in a phase from which the loss applies"),
    ]
    cite: CombatCites


class RoutCites(Rec, frozen=True):
    """The rout rules without a number."""

    rout: Annotated[Source, doc("a unit without cohesion routs")]
    fury: Annotated[Source, doc("routing elephants run amok")]


class Rout(Rec, frozen=True):
    """Rout."""

    ud_in_hexes: Annotated[Param[Positive], doc("length of 001's UD in hexes")]
    no_rout_move_categories: Annotated[
        Param[frozenset[Category]], doc("categories eliminated at once instead of routing")
    ]
    light_infantry_affects_only_light_infantry: Annotated[
        Param[bool], doc("a routing light infantry costs cohesion only to light infantry")
    ]
    general_killed_on: Annotated[
        Param[tuple[Face, ...]], doc("1d6 results that kill a general caught in the rout")
    ]
    general_flee_range: Annotated[
        Param[Count], doc("hexes within which a surviving general reaches a friendly unit")
    ]
    elephant_fury_directions: Annotated[
        Param[Annotated[dict[Face, FuryDirection], msgspec.Meta(min_length=6, max_length=6)]],
        doc("1d6 -> direction of an elephant's fury"),
    ]
    elephant_fury_length: Annotated[Param[Count], doc("hexes of the fury zone")]
    elephant_fury_spares: Annotated[
        Param[frozenset[Literal["light_infantry"]]], doc("who the fury does not hurt")
    ]
    cite: RoutCites


class CategoryWeights(Rec, frozen=True):
    """Units of one category in some weights."""

    category: Category
    weights: Annotated[frozenset[Weight], doc("its weights that match")]


class PursuitCites(Rec, frozen=True):
    """The pursuit rules without a number."""

    pursuit: Annotated[Source, doc("pursuit")]


class Pursuit(Rec, frozen=True):
    """Pursuit."""

    distance: Annotated[Param[Count], doc("hexes of a pursuit")]
    eliminating_pursuers: Annotated[
        Param[tuple[CategoryWeights, ...]], doc("pursuers that destroy light infantry they contact")
    ]
    light_infantry: Annotated[Param[tuple[CategoryWeights, ...]], doc("who is light infantry")]
    no_forced_pursuit_after_destroying: Annotated[
        Param[frozenset[Category]], doc("destroying these frees an impetuous unit from pursuing")
    ]
    fortification_terrains: Annotated[
        Param[frozenset[Key]], doc("terrain keys where a unit defends a fortification")
    ]
    river_bank_hexsides: Annotated[
        Param[frozenset[Key]], doc("hexside keys where a unit defends a river bank")
    ]
    camp_defence_dice: Annotated[
        Param[Dice], doc("dice a fortified camp defends with when a pursuit assaults it")
    ]
    camp_hits_to_take: Annotated[Param[Positive], doc("hits that take a fortified camp")]
    camp_hit_by: Annotated[Param[HitBy], doc("the hit symbol that hurts a fortified camp")]
    cite: PursuitCites


class ArmyBreakCites(Rec, frozen=True):
    """The army break rules without a number."""

    army_break: Annotated[Source, doc("army cohesion, losses and break point")]


class ArmyBreak(Rec, frozen=True):
    """Army break."""

    loss_disordered: Annotated[Param[Count], doc("points per unit in disorder")]
    loss_left_table: Annotated[Param[Count], doc("points per unit that left the table")]
    loss_eliminated: Annotated[Param[Count], doc("points per unit eliminated")]
    loss_general_base: Annotated[Param[Count], doc("points per general lost, plus his value")]
    loss_camp_taken: Annotated[Param[Count], doc("points if the camp is taken")]
    breaks_when_losses_reach_cohesion: Annotated[
        Param[bool], doc("true: breaks when losses >= cohesion; false: only when >")
    ]
    cite: ArmyBreakCites


class PresetFactors(Rec, frozen=True):
    """Combat factors."""

    shooting: Annotated[Dice, doc("shooting dice")]
    range: Annotated[Dice, doc("shooting range in hexes")]
    assault: Annotated[Dice, doc("dice when attacking in melee")]
    melee: Annotated[Dice, doc("dice when riposting in melee")]


class Preset(Rec, frozen=True):
    """A unit's numbers for one type and weight (``presets:``, used by ``referee new``)."""

    cohesion: Annotated[int, doc("cohesion (current and max)", ge=1, le=MAX_COHESION)]
    factors: PresetFactors
    source: Source
    traits: Annotated[frozenset[Word], doc("traits")] = frozenset()
    reaction: Annotated[Literal["evade"] | None, doc("standing reaction")] = None

    @property
    def unit_factors(self) -> Factors:
        """The factors as a unit holds them."""
        return Factors(**msgspec.structs.asdict(self.factors))


# The ambiguities of the texts the referee knows (rulesets/README.md §interpretations):
# each id with every reading it implements, the default first. A ruleset's
# `interpretations:` entry for one of these ids must list exactly these readings; a
# house-rules file picks one (`interpretations: {contact_melee: next_game_turn}`).
READINGS: dict[str, tuple[str, ...]] = {
    "contact_melee": ("next_player_turn", "next_game_turn"),
    "general_flee": ("straight_line", "walking_path"),
    "light_infantry": ("with_very_light", "light_only"),
    "silent_conform": ("conforms", "keeps_facing"),
    "contact_then_charge": ("contact_not_counted", "contact_counted"),
    "pbem_pursuits": ("standing_orders", "after_dice"),
    "conform_contacts": ("first_contact", "each_contact"),
}


class Interpretation(Rec, frozen=True):
    """One sentence of the texts that reads two ways, with every reading: the default
    and why, and the reading applied (``reading``: the default unless house rules pick
    another with ``interpretations: {id: reading}``)."""

    source: Annotated[Source, doc("the text that reads two ways: `001 §Poursuite`")]
    sentence: Annotated[str, doc("the French sentence, quoted as written", min_length=1)]
    readings: Annotated[dict[Key, Word], doc("each reading: its id, what it means", min_length=2)]
    default: Annotated[Key, doc("the preferred reading (a key of readings)")]
    why: Annotated[str, doc("why the default is preferred", min_length=1)]
    reading: Annotated[Key | None, doc("the reading applied (default: `default`)")] = None
    applied_by: Annotated[
        Literal["engine", "pbem"], doc("who applies the reading: the engine or the pbem protocol")
    ] = "engine"

    @property
    def reads_as(self) -> str:
        """The reading applied."""
        return self.reading or self.default

    def reads(self, key: str) -> bool:
        """Is ``key`` the reading applied?"""
        return self.reads_as == key


class Applied(Interpretation, frozen=True, kw_only=True):
    """An interpretation as a ruleset applies it: with its id (its key), for reports."""

    id: str

    @property
    def cite(self) -> str:
        """The citation of the reading applied, for the report:
        ``001 §Poursuite [contact_melee = next_player_turn]``."""
        return f"{self.source} [{self.id} = {self.reads_as}]"


class WeightEntry(Rec, frozen=True):
    """One weight step."""

    key: Weight
    label: Annotated[str, doc("the system's word for it")]


class Sections(Rec, frozen=True):
    """The sections of a ruleset (every one required once its parts are merged)."""

    sources: Annotated[dict[Numbered, str], doc("the texts cited, by code (`000`, `facts`)")]
    weights: Annotated[
        tuple[WeightEntry, ...], doc("the five weight steps in order", min_length=5, max_length=5)
    ]
    unit_types: Annotated[dict[Key, UnitType], doc("unit types", min_length=1)]
    movement: Movement
    movement_rules: MovementRules
    pass_through: PassThrough
    terrain: Annotated[dict[Key, Terrain], doc("terrain of a hex", min_length=1)]
    hexsides: Annotated[dict[Key, Hexside], doc("hexside features")]
    roads: Roads
    leaders: Leaders
    activation: Activation
    combat: Combat
    rout: Rout
    pursuit: Pursuit
    army_break: ArmyBreak
    presets: Annotated[
        dict[Key, dict[Weight, Preset]], doc("unit presets per type and weight (`referee new`)")
    ] = msgspec.field(default_factory=dict)
    interpretations: Annotated[
        dict[Key, Interpretation], doc("the sentences of the texts that read two ways")
    ] = msgspec.field(default_factory=dict)


class RulesetDoc(Sections, frozen=True, kw_only=True):
    """A ruleset: one rule system as data (its shared parts merged in)."""

    format: Literal["referee-ruleset/1"]
    name: Annotated[Key, doc("the ruleset's name, as states name it")]
    title: Annotated[str, doc("the rule system's title (default: its name)")] = ""
    version: Annotated[Numbered, doc("the ruleset's version")] = ""
    description: Annotated[str, doc("what the ruleset covers")] = ""


class RulesetFile(RulesetDoc, frozen=True):
    """A ruleset file as written, before its shared parts are merged in (every key
    optional: the merge must be complete)."""

    extends: Annotated[str, doc("a shared part merged under this file", min_length=1)] = ""


class RulesetPart(Sections, frozen=True, kw_only=True):
    """A part of rulesets shared by several of them (rulesets/common-001.yaml)."""

    format: Literal["referee-ruleset-part/1"]
    title: Annotated[str, doc("what the part is")] = ""
    description: Annotated[str, doc("what the part covers")] = ""


class StateHouseRules(Sections, frozen=True):
    """House rules held by a game state: overrides of its ruleset (every key optional)."""

    interpretations: Annotated[
        dict[Key, Key], doc("the reading applied, by id (`contact_melee: next_game_turn`)")
    ] = msgspec.field(default_factory=dict)  # type: ignore[assignment]


class HouseRules(StateHouseRules, frozen=True, kw_only=True):
    """House rules: a club's overrides of a ruleset, deep-merged over it."""

    format: Literal["referee-house-rules/1"]
    base: Annotated[Key, doc("the ruleset these house rules amend (must be the game's)")] = ""


def check_file(tp: Any, data: Any, nulls: bool = True) -> list[Problem]:
    """The problems of a file that amends or completes a ruleset (every key optional),
    with a better "did you mean" for a key written at the wrong level: ``road_bonnus:``
    at the top of a house-rules file is ``movement_rules.road_bonus``."""
    found = problems(tp, data, loose=True, nulls=nulls, keep=frozenset({"format", "name"}))
    if not any(p.code == "spec.unknown_key" and "." not in p.path for p in found):
        return found
    leaves = {path.rsplit(".", 1)[-1]: path for path in reversed(field_paths(tp))}
    out = []
    for p in found:
        if p.code == "spec.unknown_key" and "." not in p.path and "[" not in p.path:
            close = difflib.get_close_matches(p.path, list(leaves), n=1, cutoff=0.75)
            if close and leaves[close[0]] != close[0]:
                suggest = {"close": leaves[close[0]]}
                p = replace(p, data={**(p.data or {}), "suggest": suggest})
        out.append(p)
    return out


def _picked_unknown(data: Mapping[str, Any]) -> list[Problem]:
    """House rules that pick a reading of an interpretation the ruleset does not have
    (``deep_merge`` left their string where the entry would be)."""
    entries = data.get("interpretations")
    if not isinstance(entries, Mapping):
        return []
    known = {k: v for k, v in entries.items() if not isinstance(v, str)}
    return [
        unknown(f"interpretations.{k}", str(k), known, "ruleset.unknown_interpretation", key=str(k))
        for k, v in entries.items()
        if isinstance(v, str)
    ]


class Ruleset:
    """One rule system, checked and typed once. Read-only: build a new one to amend it."""

    def __init__(self, data: Mapping[str, Any], origin: str = "") -> None:
        picked = _picked_unknown(data)
        if picked:
            raise InvalidInput(picked)
        d = decode(RulesetDoc, data)
        self.document: Mapping[str, Any] = data  # as merged: `referee rulesets --json`
        self.origin = origin
        self.name: str = d.name
        self.title: str = d.title or d.name
        self.version: str = d.version
        self.description: str = d.description
        self.sources: Mapping[str, str] = d.sources
        self.weights: Mapping[str, str] = {w.key: w.label for w in d.weights}
        self.unit_types: Mapping[str, UnitType] = {
            k: replace(t, label=t.label or k) for k, t in d.unit_types.items()
        }
        self.movement = d.movement
        self.movement_rules = d.movement_rules
        self.pass_through = d.pass_through
        self.terrain: Mapping[str, Terrain] = {
            k: replace(t, label=t.label or k) for k, t in d.terrain.items()
        }
        self.hexsides: Mapping[str, Hexside] = {
            k: replace(h, label=h.label or k) for k, h in d.hexsides.items()
        }
        self.roads = d.roads
        self.leaders = d.leaders
        self.activation = d.activation
        self.combat = d.combat
        self.rout = d.rout
        self.pursuit = d.pursuit
        self.army_break = d.army_break
        self.interpretations: Mapping[str, Applied] = {
            k: Applied(**msgspec.structs.asdict(i), id=k) for k, i in d.interpretations.items()
        }
        problems: list[Problem] = []
        self.leader_cells = self._leader_cells(problems)
        self.allowances: Mapping[tuple[str, str], Allowance] = self._allowances(problems)
        self.presets: Mapping[tuple[str, str], Preset] = self._presets(d.presets, problems)
        problems.extend(self._cross_references())
        if problems:
            raise InvalidInput(problems)

    def _leader_cells(self, problems: list[Problem]) -> Mapping[str, Allowance]:
        cells: dict[str, Allowance] = {}
        for weight, cell in self.movement.leader_row.cells.items():
            try:
                cells[weight] = parse_cell(cell)
            except BadText as exc:
                problems.append(
                    Problem(
                        f"movement.leader_row.cells.{weight}",
                        code=exc.code,
                        data={**exc.data, "hint_code": "leader_cell"},
                    )
                )
        return cells

    def _allowances(self, problems: list[Problem]) -> Mapping[tuple[str, str], Allowance]:
        out: dict[tuple[str, str], Allowance] = {}
        for t_index, table in enumerate(self.movement.tables):
            where = f"movement.tables[{t_index}]"
            for r_index, row in enumerate(table.rows):
                rwhere = f"{where}.rows[{r_index}]"
                if row.type not in self.unit_types:
                    problems.append(
                        unknown(
                            f"{rwhere}.type",
                            row.type,
                            self.unit_types,
                            "ruleset.type_not_in_unit_types",
                            type=row.type,
                        )
                    )
                    continue
                if len(row.cells) != len(table.columns):
                    problems.append(
                        Problem(
                            f"{rwhere}.cells",
                            code="ruleset.cells_for_columns",
                            data={"cells": len(row.cells), "columns": len(table.columns)},
                        )
                    )
                    continue
                for c_index, (column, cell) in enumerate(
                    zip(table.columns, row.cells, strict=True)
                ):
                    try:
                        out[(row.type, column.weight)] = parse_cell(cell)
                    except BadText as exc:
                        problems.append(
                            Problem(
                                f"{rwhere}.cells[{c_index}]",
                                code=exc.code,
                                data={**exc.data, "hint_code": "cell_grammar"},
                            )
                        )
        for key, t in self.unit_types.items():
            if t.movement_override is not None:
                try:
                    static = parse_cell(t.movement_override)
                except BadText as exc:
                    problems.append(
                        Problem(f"unit_types.{key}.movement_override", code=exc.code, data=exc.data)
                    )
                    continue
                for weight in WEIGHTS:
                    out[(key, weight)] = static
        return out

    def _presets(
        self, raw: Mapping[str, Mapping[str, Preset]], problems: list[Problem]
    ) -> Mapping[tuple[str, str], Preset]:
        out: dict[tuple[str, str], Preset] = {}
        for type_key, by_weight in raw.items():
            if type_key not in self.unit_types:
                problems.append(
                    unknown(
                        f"presets.{type_key}",
                        type_key,
                        self.unit_types,
                        "ruleset.unknown_unit_type",
                    )
                )
                continue
            for weight, p in by_weight.items():
                if not self.exists(type_key, weight):
                    problems.append(
                        Problem(
                            f"presets.{type_key}.{weight}",
                            code="ruleset.preset_not_in_table",
                            data={
                                "type": type_key,
                                "weight": weight,
                                "cell": self.allowance(type_key, weight).text,
                            },
                        )
                    )
                    continue
                out[(type_key, weight)] = p
        return out

    def _cross_references(self) -> list[Problem]:
        """Keys that name other keys of the ruleset: each must exist."""
        problems = []

        def known(path: str, names: frozenset[str], choices: Mapping[str, Any]) -> None:
            for name in sorted(names - set(choices)):
                problems.append(unknown(path, name, choices, "ruleset.unknown_name", key=name))

        known("combat.palisade_hexsides.value", self.combat.palisade_hexsides.value, self.hexsides)
        known(
            "pursuit.river_bank_hexsides.value",
            self.pursuit.river_bank_hexsides.value,
            self.hexsides,
        )
        known(
            "pursuit.fortification_terrains.value",
            self.pursuit.fortification_terrains.value,
            self.terrain,
        )
        for ident, interp in self.interpretations.items():
            where = f"interpretations.{ident}"
            for field, key in (("default", interp.default), ("reading", interp.reading)):
                if key is not None and key not in interp.readings:
                    problems.append(
                        unknown(
                            f"{where}.{field}",
                            key,
                            interp.readings,
                            "ruleset.unknown_reading",
                            key=key,
                        )
                    )
            known_readings = READINGS.get(ident)
            if known_readings is None:
                problems.append(
                    unknown(
                        where,
                        ident,
                        READINGS,
                        "ruleset.unknown_interpretation",
                        key=ident,
                    )
                )
            elif set(interp.readings) != set(known_readings):
                problems.append(
                    Problem(
                        f"{where}.readings",
                        code="ruleset.readings_implemented",
                        data={
                            "id": ident,
                            "readings": list(known_readings),
                            "given": list(interp.readings),
                        },
                    )
                )
        abilities = self.combat.first_round_abilities.value
        for i, ability in enumerate(abilities):
            if ability in abilities[:i]:  # listed twice would count its dice twice
                problems.append(
                    Problem(
                        f"combat.first_round_abilities.value[{i}]",
                        code="spec.listed_twice",
                        data={"value": ability},
                    )
                )
        keys = [w for w in self.weights]
        if keys != list(WEIGHTS):
            problems.append(
                Problem(
                    "weights",
                    code="ruleset.weight_steps",
                    data={"weights": list(WEIGHTS), "keys": keys},
                )
            )
        bands = self.activation.bands
        if bands[-1].max_army_units is not None:
            problems.append(
                Problem(
                    f"activation.bands[{len(bands) - 1}].max_army_units",
                    code="ruleset.last_band",
                )
            )
        return problems

    # -- typed access -------------------------------------------------------------------
    def allowance(self, unit_type: str, weight: str) -> Allowance:
        return self.allowances.get((unit_type, weight), NO_CELL)

    def leader_allowance(self, weight: str) -> Allowance:
        """A leader's cell; a leader of a weight the row does not list moves as the first
        weight listed."""
        cells = self.leader_cells
        return cells.get(weight) or next(iter(cells.values()))

    def exists(self, unit_type: str, weight: str) -> bool:
        return self.allowance(unit_type, weight).exists

    def row_source(self, unit_type: str) -> str:
        """Where the movement table row of this type is printed."""
        for table in self.movement.tables:
            for row in table.rows:
                if row.type == unit_type:
                    return row.source
        t = self.unit_types.get(unit_type)
        return t.source if t is not None else self.movement.tables[0].source

    @cached_property
    def terrain_keys(self) -> frozenset[str]:
        return frozenset(self.terrain)

    @cached_property
    def hexside_keys(self) -> frozenset[str]:
        return frozenset(self.hexsides)

    @cached_property
    def open_cost(self) -> int:
        """What a leader ignoring difficult terrain pays for it: the cost of ``clear``
        (1 when the ruleset has no passable ``clear``)."""
        clear = self.terrain.get("clear")
        return clear.cost if clear is not None and not clear.impassable else 1

    def category(self, unit_type: str) -> str:
        return self.unit_types[unit_type].category

    def weight_label(self, weight: str) -> str:
        return self.weights.get(weight, weight)

    def type_label(self, unit_type: str) -> str:
        t = self.unit_types.get(unit_type)
        return t.label if t else unit_type

    def amended(self, overrides: Mapping[str, Any], origin: str) -> "Ruleset":
        """This ruleset with house rules deep-merged over it (checked like the base)."""
        return Ruleset(deep_merge(self.document, overrides), origin)

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r}, {len(self.unit_types)} types, {len(self.allowances)} cells)"

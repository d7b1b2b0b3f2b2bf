r"""The scenario file (``format: referee-scenario/1``), declared once as frozen
``msgspec.Struct``\ s: :class:`ScenarioFile` gives the shape checks of ``referee new``
and ``referee validate SCENARIO`` (``referee.core.typed.problems``: every problem at
once, located, with "did you mean"), the JSON Schema of ``referee schema scenario`` and
the key reference of docs/formats.md.

The builder (``referee.core.scenario``) reads the file's data itself: unit and leader
lines have a small grammar of their own (``referee.core.scenario_lines``), and what
depends on the ruleset (unit types, terrain and hexside keys) is checked there. Pure.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from referee.core.model import Edge, Rank, Weight
from referee.core.state_file import ID_PATTERN, Facing
from referee.core.typed import Numbered, Rec, doc, label

SCENARIO_FORMAT = "referee-scenario/1"

Id = Annotated[str, msgspec.Meta(pattern=f"^(?:{ID_PATTERN})$")]
Hex = Annotated[
    str,
    label(
        pattern=r"^\d{4}(?:\d\d)?$",
        description="a hex label CCRR (column, row)",
        extra={"example": "0507"},
    ),
]
_HEXES = (
    "hexes: a label (0507), a path (0410-1410: along a column, a row or a "
    "straight line), a block (0507:0910), or several of them"
)
Hexes = Annotated[str | int | list[str | int], doc(_HEXES)]
Whole = Annotated[int, msgspec.Meta(ge=0)]
Side999 = Annotated[int, msgspec.Meta(ge=1, le=999)]

_UNIT_LINE = (
    'a unit line: [COUNT x] TYPE WEIGHT ["NAME"] then any of: id ID, '
    "ids ID,ID, prefix P, at HEXES, facing DIR, cohesion N (or CUR/MAX), "
    "factors S/R/A/M, shooting N, range N, assault N, melee N, +TRAIT, "
    "-TRAIT, evade, reaction WORD|none, flank_march"
)
_LEADER_LINE = 'a leader line: ID RANK [VALUE] ["NAME"] then at HEX or with UNIT, weight W, vehicle'
_DEPLOY = (
    "line PATH [facing DIR], zone BLOCK [facing DIR] or hexes HEXES [facing DIR]:"
    " filled in order with the units that have no 'at'"
)


class ScenarioFactors(Rec, frozen=True, kw_only=True):
    """combat factors replacing the preset's (each one optional)"""

    shooting: Annotated[Whole | None, doc("dice when shooting (0: does not shoot)")] = None
    range: Annotated[Whole | None, doc("shooting range in hexes")] = None
    assault: Annotated[Whole | None, doc("dice when it charges")] = None
    melee: Annotated[Whole | None, doc("dice in a standing fight and in riposte")] = None


class UnitMap(Rec, frozen=True, kw_only=True):
    """a unit (or several alike), the long way"""

    count: Annotated[int, doc("how many such units", ge=1)] = 1
    id: Annotated[Id | None, doc("the unit's id (one unit)")] = None
    ids: Annotated[list[Id] | None, doc("the ids of the units, in order")] = None
    prefix: Annotated[Id | None, doc("generated ids: this prefix and a number")] = None
    type: Annotated[str, doc("a unit type of the ruleset (e.g. infanterie)")]
    weight: Annotated[Weight, doc("the unit's weight")]
    name: Annotated[Numbered | None, doc("the unit's name")] = None
    at: Annotated[Hexes | None, doc("its hex (one per unit, in order); else the side's deploy")] = (
        None
    )
    facing: Annotated[Facing | None, doc("its facing; else the deployment's or the side's")] = None
    cohesion: Annotated[
        Annotated[int, msgspec.Meta(ge=1)]
        | Annotated[str, msgspec.Meta(pattern=r"^\d+/\d+$")]
        | None,
        doc("cohesion points: N (full), or CURRENT/MAX; else the preset's"),
    ] = None
    factors: Annotated[ScenarioFactors | None, doc("combat factors replacing the preset's")] = None
    traits: Annotated[list[str] | None, doc("traits added to the preset's; -TRAIT removes one")] = (
        None
    )
    reaction: Annotated[
        str | None, doc("standing reaction (evade), or null for none; else the preset's")
    ] = None
    flank_march: Annotated[bool, doc("off table only: on a flank march")] = False


class LeaderMap(Rec, frozen=True, kw_only=True):
    """a leader, the long way"""

    id: Annotated[Id, doc("the leader's id")]
    name: Annotated[Numbered | None, doc("his name")] = None
    rank: Annotated[Rank, doc("general, sub_general or senior_officer")]
    command_value: Annotated[
        int, doc("valeur de commandement, 0 to 3 (001 §Déroute de l'armée)", ge=0, le=3)
    ] = 0
    at: Annotated[Hex | None, doc("his hex, when alone")] = None
    with_: Annotated[Id | None, doc("the unit he is attached to (inclus)")] = msgspec.field(
        default=None, name="with"
    )
    weight: Annotated[Weight, doc("column of the leader row")] = "light"
    vehicle: Annotated[bool, doc("rides a vehicle")] = False


UnitItem = Annotated[str | UnitMap, doc(_UNIT_LINE + "; or a mapping with the same keys")]
LeaderItem = Annotated[str | LeaderMap, doc(_LEADER_LINE + "; or a mapping")]


class CampMap(Rec, frozen=True, kw_only=True):
    """a camp: its hex, fortified or not"""

    at: Annotated[Hex, doc("the camp's hex")]
    fortified: Annotated[bool, doc("a fortified camp")] = False


class Side(Rec, frozen=True, kw_only=True):
    """one army"""

    name: Annotated[Numbered | None, doc("the side's name")] = None
    edge: Annotated[Edge, doc("its own table edge: N, S, E or W")]
    exits: Annotated[list[Edge] | None, doc("edges it may leave by (default: its own)")] = None
    entry_points: Annotated[
        Hexes | None,
        doc(
            "hexes just outside the table where reinforcements enter "
            "(e.g. 2512 beyond the east edge of a 24-column map)"
        ),
    ] = None
    camp: Annotated[Hex | CampMap | None, doc("its camp: a hex, or {at, fortified}")] = None
    facing: Annotated[
        Facing | None, doc("default facing of its units (default: away from its edge)")
    ] = None
    id_prefix: Annotated[
        Id | None, doc("prefix of generated unit ids (default: the side's initial)")
    ] = None
    order_tokens: Annotated[int, doc("order tokens at the start", ge=0)] = 0
    leaders: Annotated[list[LeaderItem] | None, doc("its leaders")] = None
    units: Annotated[
        list[UnitItem] | None,
        doc("its units on the table, in order of battle"),
    ] = None
    units_csv: Annotated[
        str | None,
        doc(
            "more units as CSV: a file beside the scenario, or the CSV text itself "
            "(header: type,weight,count,id,name,at,...)"
        ),
    ] = None
    off_table: Annotated[
        list[UnitItem] | None,
        doc("reinforcements and flank marches, off the table"),
    ] = None
    deploy: Annotated[str | list[Annotated[str, doc(_DEPLOY)]] | None, doc(_DEPLOY)] = None


class Between(Rec, frozen=True, kw_only=True):
    """sides of hexes between two sets"""

    between: Annotated[
        list[Hexes],
        doc("two sets of hexes: every side joining them", min_length=2, max_length=2),
    ]


_HEXSIDE = (
    "0309|0409, '0309 SE', '0301-0316 east', or a bare hex "
    "(the one side of it that already carries a feature)"
)


class MapSpec(Rec, frozen=True, kw_only=True):
    """the battlefield"""

    columns: Annotated[Side999 | None, doc("columns (default: from the drawing)")] = None
    rows: Annotated[Side999 | None, doc("rows (default: from the drawing)")] = None
    default_terrain: Annotated[str, doc("terrain of hexes not drawn or listed")] = "clear"
    legend: Annotated[
        dict[Annotated[str, doc("character: one per hex in the drawing", pattern=r"^\S$")], str]
        | None,
        doc(
            "drawing characters -> terrain keys, added to the default legend (. clear, "
            "w wood, h hill, r rough, m marsh, b buildings, s sand, M mountain, l lake, "
            "f fortification)"
        ),
    ] = None
    draw: Annotated[
        str | list[Annotated[str, doc("one row of the map")]] | None,
        doc(
            "the map as text: one line per row, one character per hex in column order "
            "(spaces ignored)"
        ),
    ] = None
    areas: Annotated[
        dict[Annotated[str, doc("terrain: a terrain key of the ruleset")], Hexes] | None,
        doc("terrain -> hexes, applied over the drawing"),
    ] = None
    hexsides: Annotated[
        dict[
            Annotated[str, doc("feature: a hexside feature of the ruleset")],
            list[
                Annotated[
                    Annotated[str, label(description=_HEXSIDE)] | Between, doc("sides of hexes")
                ]
            ],
        ]
        | None,
        doc(
            "feature (river, ford, bridge, stream...) -> its sides, applied in the order "
            "written (a later one replaces an earlier one)"
        ),
    ] = None
    roads: Annotated[
        list[str | list[str | int]] | None,
        doc("each road a path of hexes (0112-1612-1601) or a list of labels"),
    ] = None


class RulesetRef(Rec, frozen=True, kw_only=True):
    """a ruleset by name and version"""

    name: Annotated[str, doc("the ruleset's name")]
    version: Annotated[Numbered | None, doc("its version")] = None


class ScenarioFile(Rec, frozen=True, kw_only=True):
    """a battle to start: `referee new SCENARIO -o STATE`"""

    format: Annotated[Literal["referee-scenario/1"], doc(f"always {SCENARIO_FORMAT}")]
    ruleset: Annotated[str | RulesetRef, doc("a name from `referee rulesets`, or {name, version}")]
    game: Annotated[Id | None, doc("the game's id (default: the file's name)")] = None
    title: Annotated[Numbered | None, doc("the battle's title (for people)")] = None
    description: Annotated[Numbered | None, doc("notes for the players")] = None
    turn: Annotated[int, doc("the first game turn", ge=1)] = 1
    first: Annotated[str | None, doc("the side that plays first (default: the first listed)")] = (
        None
    )
    house_rules: Annotated[
        dict[str, Any] | None,
        doc("ruleset overrides for this game (rulesets/README.md), recorded in the state"),
    ] = None
    map: Annotated[MapSpec, doc("the battlefield")]
    sides: Annotated[
        dict[Annotated[str, doc("side: its id", pattern=r"^[A-Za-z0-9_-]+$")], Side],
        doc("the two armies", min_length=2, max_length=2),
    ]

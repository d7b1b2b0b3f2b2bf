"""The ruleset file format, described once with :mod:`referee.core.spec`.

Three file kinds follow from the one description:

- ``RULESET``: a playable ruleset after its ``extends:`` parts are merged in
  (``rulesets/<name>.yaml`` + ``rulesets/common-001.yaml``): every section and every
  parameter required, objects closed;
- ``RULESET_FILE`` and ``RULESET_PART``: one file as written (a ruleset that
  ``extends`` a part, or the part itself): the same keys and types, every key optional
  (the merge must then be complete);
- ``HOUSE_RULES``: a club's house-rules file (every key optional, same types, plus its
  own ``format`` and ``base``), and ``STATE_HOUSE_RULES``: the same overrides as a game
  holds them in its state (``house_rules``, without ``format`` and ``base``).

A house-rules key that the ruleset does not have (``road_bonnus:``) is refused with its
location and a "did you mean road_bonus?". A list replaces the base list whole, so the
items of a list keep every required key in every file kind.

Every default of the format is here, as a ``Field(default=...)``; ``referee.core.ruleset``
builds the typed record from these nodes and reads defaults from them (:func:`default`).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from referee.core.model import RANKS, WEIGHTS, Problem
from referee.core.spec import (
    Bool,
    Checker,
    Dict,
    Field,
    Int,
    Node,
    Obj,
    Opt,
    Seq,
    Str,
    Where,
    check,
    walk,
)
from referee.core.specs import MAX_COHESION, MAX_FACTOR, MAX_UNITS

RULESET_FORMAT = "referee-ruleset/1"
RULESET_PART_FORMAT = "referee-ruleset-part/1"
HOUSE_RULES_FORMAT = "referee-house-rules/1"

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
HIT_BY: tuple[str, ...] = ("infantry", "cavalry", "artillery")
SYMBOLS: tuple[str, ...] = (
    "hit_infantry",
    "hit_cavalry",
    "hit_artillery",
    "flag",
    "order",
    "tactical_advantage",
)
TACTICAL_ADVANTAGE_MODES: tuple[str, ...] = ("cancel_flag", "none")
SUPPORT_MODES: tuple[str, ...] = ("ignore_one_flag", "none")
DISORDER_CAUSES: tuple[str, ...] = ("blocked_retreat",)
FURY_DIRECTIONS: tuple[str, ...] = ("ahead", "left", "right", "rear")
FURY_SPARES: tuple[str, ...] = ("light_infantry",)
DIE_FACES: tuple[str, ...] = ("1", "2", "3", "4", "5", "6")
REACTIONS: tuple[str, ...] = ("evade",)

# Bounds of a ruleset's numbers (docs/formats.md §Limits): every whole number is at
# most RULE_MAX (costs, ranges, hexes, points: single digits in every shipped ruleset)
# unless it counts dice or units. A roll is at most MAX_FACTOR + MAX_BONUS_DICE x the
# first-round abilities a unit holds: a few dozen dice, never a million.
RULE_MAX = 99
MAX_BONUS_DICE = 3  # dice each first-round ability adds (1 in every shipped ruleset)
MAX_CELL = 40  # characters of a movement-table cell (`2/3 ss cb (**)`: 14)
COUNT = Int(minimum=0, maximum=RULE_MAX)
DICE = Int(minimum=0, maximum=MAX_FACTOR)
BONUS_DICE = Int(minimum=0, maximum=MAX_BONUS_DICE)
POSITIVE = Int(minimum=1, maximum=RULE_MAX)


def _distinct(value: list[Any], where: Where, c: Checker) -> None:
    """Each item once (a trait listed twice would count its bonus dice twice)."""
    seen: set[Any] = set()
    for i, item in enumerate(value):
        if item in seen:
            c.add(
                (where, i),
                f"{item!r} is listed twice",
                "list each once",
                "spec.listed_twice",
                {"value": item},
            )
        seen.add(item)


SOURCE = Str(
    min_length=1,
    doc="where the rule is written: `000 §<heading>` (a file of "
    "shared/rules/ and its heading), `facts: <what>` (shared/RULES.md), or "
    "`interpretation: <reason>` (a documented default)",
)
LABEL = Str(doc="the rules' own words, printed in reports")
WEIGHT = Str(enum=WEIGHTS, doc="a weight step")
CATEGORY = Str(enum=CATEGORIES, doc="a unit category")
KEY = Str(min_length=1, doc="key: lowercase ASCII id")


def param(value: Node, doc: str) -> Obj:
    """A rule parameter: its value and the source of that value."""
    return Obj(
        {
            "value": Field(value, required=True, doc="the value"),
            "source": Field(SOURCE, required=True, doc="where the value comes from"),
            "note": Field(Str(), doc="a remark shown beside the value"),
        },
        doc=doc,
    )


def cites(doc: str, **topics: str) -> Obj:
    """The rules of a section that have no number, by topic: where each is written."""
    return Obj({k: Field(SOURCE, required=True, doc=v) for k, v in topics.items()}, doc=doc)


CATEGORY_WEIGHTS = Obj(
    {
        "category": Field(CATEGORY, required=True, doc="a unit category"),
        "weights": Field(Seq(WEIGHT), required=True, doc="its weights that match"),
    },
    doc="units of one category in some weights",
)

# ------------------------------------------------------------------------------ sections
UNIT_TYPE = Obj(
    {
        "label": Field(LABEL, doc="the type as the rules name it (default: its key)"),
        "category": Field(
            CATEGORY,
            required=True,
            doc="what rules reason about: pass-through, rout, pursuit, terrain",
        ),
        "hit_by": Field(
            Str(enum=HIT_BY), required=True, doc="the hit symbol of the combat die that hurts it"
        ),
        "mounted": Field(
            Bool(), default=False, doc="mounted troops (001: foot need not pursue mounted)"
        ),
        "movement_override": Field(
            Str(numbers=True, max_length=MAX_CELL),
            doc="one movement cell used for every weight, for a type that is in no table",
        ),
        "source": Field(SOURCE, required=True, doc="where the type is named"),
    },
    doc="one unit type, keyed by the id state files use as a unit's `type`",
)

COLUMN = Obj(
    {
        "weight": Field(WEIGHT, required=True, doc="the weight this printed column stands for"),
        "label": Field(LABEL, doc="the printed column heading"),
    },
    doc="a column of a movement table",
)

ROW = Obj(
    {
        "type": Field(KEY, required=True, doc="a key of unit_types"),
        "label": Field(LABEL, doc="the printed row heading"),
        "cells": Field(
            Seq(
                Str(
                    numbers=True,
                    max_length=MAX_CELL,
                    doc="a cell as printed: `2/3 ss cb`, `1 (**)`, `XXXX`, "
                    "`0 (statique)`, or empty",
                )
            ),
            required=True,
            doc="one cell per column, verbatim",
        ),
        "source": Field(SOURCE, required=True, doc="where the row is printed"),
    },
    doc="a row of a movement table",
)

TABLE = Obj(
    {
        "title": Field(Str(), doc="the table's printed title"),
        "source": Field(SOURCE, required=True, doc="where the table is printed"),
        "columns": Field(Seq(COLUMN, min_items=1), required=True, doc="printed columns, in order"),
        "rows": Field(Seq(ROW, min_items=1), required=True, doc="printed rows, in order"),
    },
    doc="one printed movement table, cell for cell",
)

LEADER_ROW = Obj(
    {
        "label": Field(LABEL, required=True, doc="the printed row heading"),
        "cells": Field(
            Dict(key=WEIGHT, value=Str(numbers=True, max_length=MAX_CELL), min_items=1),
            required=True,
            doc="a leader's allowance by his weight: `3/2 fuite` or `3`",
        ),
        "note": Field(Str(), doc="the row's printed note"),
        "source": Field(SOURCE, required=True, doc="where the row is printed"),
    },
    doc="the row of a leader moving alone",
)

MOVEMENT = Obj(
    {
        "tables": Field(Seq(TABLE, min_items=1), required=True, doc="the printed table(s)"),
        "leader_row": Field(LEADER_ROW, required=True, doc="a leader moving alone"),
        "notes": Field(Dict(key=Str(), value=Str()), doc="the table's footnotes, verbatim"),
    },
    doc="movement allowances, as printed",
)

MOVEMENT_RULES = Obj(
    {
        "road_bonus": Field(
            param(COUNT, "extra hexes for a move along one continuous road"), required=True
        ),
        "road_march_no_combat": Field(
            param(Bool(), "a road march forbids combat afterwards"), required=True
        ),
        "mounted_bonus": Field(param(COUNT, "extra hexes for mounted infantry"), required=True),
        "mounted_no_combat": Field(
            param(Bool(), "the mounted bonus forbids combat"), required=True
        ),
        "mounted_cumulative_with_road": Field(
            param(Bool(), "road and mounted bonuses add up"), required=True
        ),
        "mounted_infantry_categories": Field(
            param(Seq(CATEGORY), "who may take the mounted bonus (with the trait)"), required=True
        ),
        "minimum_move": Field(
            param(Bool(), "a unit that may move may always enter one adjacent passable hex"),
            required=True,
        ),
        "leader_ignores_difficult": Field(
            param(Bool(), "a leader alone ignores difficult terrain unless he rides a vehicle"),
            required=True,
        ),
        "leader_may_leave_table": Field(
            param(Bool(), "an isolated leader may leave the table"), required=True
        ),
        "may_stay_off_table": Field(
            param(
                Seq(Str(enum=RANKS)),
                "ranks of a leader who may wait "
                "off the table at an entry point "
                "and need not enter with the "
                "reinforcements he activates",
            ),
            required=True,
        ),
        "wagon_defensive_position": Field(
            param(Bool(), "wagon-borne infantry that did not move counts as behind a palisade"),
            required=True,
        ),
        "pre_played_cannot_move": Field(
            param(Bool(), "a pre_played unit may not move"), required=True
        ),
        "cite": Field(
            cites(
                "the movement rules without a number",
                chapter="the chapter's opening: activated units move one at a time, once per turn",
                off_table="reinforcements entering and units leaving the table",
                terrain="terrain changes what a move costs",
                no_zone_of_control="units have no zone of control",
                impassable_stops="a move into impassable terrain stops before it",
                cheapest_path="a `to` order follows the cheapest legal path",
                facing="`face` sets the final facing; a unit may turn in place",
                attached_leaders="an attached leader moves with his unit",
            ),
            required=True,
        ),
    },
    doc="movement rules",
)

PASS_THROUGH = Obj(
    {
        "isolated_leader_through_friends": Field(
            param(Bool(), "a leader alone may cross any friendly unit"), required=True
        ),
        "through_friendly_weights": Field(
            param(
                Seq(WEIGHT),
                "any unit may cross, and be crossed by, a friendly unit of these weights",
            ),
            required=True,
        ),
        "detachment_and_parent": Field(
            param(Bool(), "a detachment and its parent may cross each other"), required=True
        ),
        "artillery_crossable_by": Field(
            param(Seq(CATEGORY), "these categories may cross a friendly artillery unit"),
            required=True,
        ),
        "never_through_enemy": Field(
            param(Bool(), "no unit or leader crosses an enemy unit"), required=True
        ),
        "free_hex_at_end": Field(
            param(Bool(), "crossing only if the move ends in a free hex"), required=True
        ),
    },
    doc="passing through other units",
)

TERRAIN = Obj(
    {
        "label": Field(LABEL, doc="the terrain as the rules name it (default: its key)"),
        "cost": Field(COUNT, required=True, doc="movement points to enter the hex"),
        "difficult": Field(Bool(), default=False, doc="ignored by leaders moving alone"),
        "impassable": Field(Bool(), default=False, doc="nobody enters it"),
        "combat_penalty": Field(
            Seq(CATEGORY), default=[], doc="categories that fight at a disadvantage there"
        ),
        "cost_by_category": Field(
            Dict(key=CATEGORY, value=COUNT),
            default={},
            doc="costs replacing `cost` for these categories",
        ),
        "source": Field(SOURCE, required=True, doc="where the terrain and its numbers come from"),
    },
    doc="one terrain of a hex, keyed by the terrain key maps use",
)

HEXSIDE = Obj(
    {
        "label": Field(LABEL, doc="the feature as the rules name it (default: its key)"),
        "impassable": Field(Bool(), default=False, doc="nobody crosses it"),
        "cost": Field(COUNT, default=0, doc="extra points to cross it"),
        "difficult": Field(Bool(), default=False, doc="ignored by leaders moving alone"),
        "source": Field(SOURCE, required=True, doc="where the feature and its numbers come from"),
    },
    doc="one linear feature between two hexes, keyed by the key maps use",
)

ROADS = Obj(
    {
        "cost_along_road": Field(param(COUNT, "cost of a step along one road"), required=True),
    },
    doc="roads",
)

RANK = Obj(
    {
        "label": Field(LABEL, required=True, doc="the rank as the rules name it"),
        "command_range": Field(
            COUNT, required=True, doc="hexes, counting the target's hex: 1 = adjacent"
        ),
        "source": Field(SOURCE, required=True, doc="where the rank and its range are given"),
    },
    doc="one leader rank",
)

LEADERS = Obj(
    {
        "ranks": Field(
            Dict(key=Str(enum=RANKS, doc="rank: a leader rank"), value=RANK, min_items=1),
            required=True,
            doc="leader ranks",
        ),
    },
    doc="leaders",
)

BAND = Obj(
    {
        "max_army_units": Field(
            Opt(Int(minimum=0, maximum=MAX_UNITS)),
            required=False,
            default=None,
            doc="the largest army (units on the table) of this band; null: no upper bound",
        ),
        "activations": Field(
            Int(minimum=0, maximum=MAX_UNITS), required=True, doc="activations per player-turn"
        ),
        "max_units": Field(
            Int(minimum=0, maximum=MAX_UNITS), required=True, doc="units per activation"
        ),
        "source": Field(SOURCE, required=True, doc="where the band is given"),
    },
    doc="one band of army sizes",
)

ACTIVATION = Obj(
    {
        "bands": Field(
            Seq(BAND, min_items=1),
            required=True,
            doc="by army size; the first band whose max_army_units >= size applies; "
            "the last has no upper bound",
        ),
        "isolated_any_distance": Field(
            param(Bool(), "isolated characters are activated at any distance"), required=True
        ),
        "once_per_player_turn": Field(
            param(Bool(), "a unit is in at most one activation per player-turn"), required=True
        ),
        "cite": Field(
            cites(
                "the activation rules without a number",
                leader_alone="a leader moves alone only when activated",
            ),
            required=True,
        ),
    },
    doc="activation (command) phase",
)

DIE_FACE = Obj(
    {
        "symbol": Field(Str(enum=SYMBOLS), required=True, doc="the symbol on that face"),
        "label": Field(LABEL, doc="the symbol as the rules name it"),
    },
    doc="one face of the symbol die",
)

COMBAT = Obj(
    {
        "die_faces": Field(
            Dict(
                key=Str(enum=DIE_FACES, numbers=True, doc="face: 1 to 6"),
                value=DIE_FACE,
                min_items=6,
                max_items=6,
            ),
            required=True,
            doc="the six faces of the symbol die (the numbering serves physical "
            "dice entered as numbers)",
        ),
        "die_faces_source": Field(SOURCE, required=True, doc="the source of die_faces"),
        "hit_removes_cohesion": Field(param(COUNT, "cohesion points lost per hit"), required=True),
        "retreat_hexes_per_flag": Field(param(COUNT, "retreat hexes per flag"), required=True),
        "blocked_retreat_hex_is_loss": Field(
            param(COUNT, "cohesion points lost per retreat hex not made"), required=True
        ),
        "disorder_causes": Field(
            param(Seq(Str(enum=DISORDER_CAUSES)), "what puts a unit in disorder"), required=True
        ),
        "tactical_advantage": Field(
            param(Str(enum=TACTICAL_ADVANTAGE_MODES), "what a tactical advantage does"),
            required=True,
        ),
        "support": Field(
            param(Str(enum=SUPPORT_MODES), "what being supported does"), required=True
        ),
        "support_min_friends": Field(
            param(POSITIVE, "adjacent friends with cohesion that make a unit supported"),
            required=True,
        ),
        "evasion_distance": Field(param(COUNT, "hexes an evading unit moves back"), required=True),
        "evasion_weights": Field(param(Seq(WEIGHT), "weights that may evade"), required=True),
        "terrain_dice_penalty": Field(
            param(
                COUNT,
                "dice lost in or into a terrain whose combat_penalty lists the unit's category",
            ),
            required=True,
        ),
        "moved_dice_loss_per_hex": Field(
            param(COUNT, "dice lost per hex moved by a (**) unit"), required=True
        ),
        "minimum_dice": Field(param(DICE, "floor of the dice after penalties"), required=True),
        "first_round_abilities": Field(
            param(
                Seq(Str(min_length=1), checks=(_distinct,)),
                "traits valid in the first round of a melee only",
            ),
            required=True,
        ),
        "first_round_bonus_dice": Field(
            param(BONUS_DICE, "dice added by each such trait on a charge"), required=True
        ),
        "behind_palisade_dice_penalty": Field(
            param(COUNT, "dice the attacker of a unit behind a palisade loses"), required=True
        ),
        "palisade_hexsides": Field(
            param(Seq(KEY), "hexside keys that protect like a palisade"), required=True
        ),
        "multiple_attack_loss": Field(
            param(COUNT, "cohesion points a unit loses when charged again in the same phase"),
            required=True,
        ),
        "multiple_attack_from": Field(
            param(
                Int(minimum=2, maximum=RULE_MAX),
                "the charge against the same unit in one combat "
                "phase from which the multiple-attack loss applies",
            ),
            required=True,
        ),
        "cite": Field(
            cites(
                "the combat rules without a number",
                combat="shooting and melee, one unit against one, one at a time",
                dice="the symbol dice (a hit symbol hurts only a target of its kind)",
                riposte="in melee the defender replies",
                order_letter="an order letter gives the roller's side an order token",
                activated_only="only activated units may start a combat",
                once_per_phase="a unit fights at most once per phase",
                shooting="shooting: factor and range in hexes",
                melee="melee: adjacent hexes",
                one_against_one="always one unit against one unit",
                reaction="a unit's standing reaction is its owner's choice",
            ),
            required=True,
        ),
    },
    doc="combat",
)

ROUT = Obj(
    {
        "ud_in_hexes": Field(param(POSITIVE, "length of 001's UD in hexes"), required=True),
        "no_rout_move_categories": Field(
            param(Seq(CATEGORY), "categories eliminated at once instead of routing"), required=True
        ),
        "light_infantry_affects_only_light_infantry": Field(
            param(Bool(), "a routing light infantry costs cohesion only to light infantry"),
            required=True,
        ),
        "general_killed_on": Field(
            param(
                Seq(Int(minimum=1, maximum=6)), "1d6 results that kill a general caught in the rout"
            ),
            required=True,
        ),
        "general_flee_range": Field(
            param(COUNT, "hexes within which a surviving general reaches a friendly unit"),
            required=True,
        ),
        "elephant_fury_directions": Field(
            param(
                Dict(
                    key=Str(enum=DIE_FACES, numbers=True, doc="die: 1 to 6"),
                    value=Str(enum=FURY_DIRECTIONS),
                    min_items=6,
                    max_items=6,
                ),
                "1d6 -> direction of an elephant's fury",
            ),
            required=True,
        ),
        "elephant_fury_length": Field(param(COUNT, "hexes of the fury zone"), required=True),
        "elephant_fury_spares": Field(
            param(Seq(Str(enum=FURY_SPARES)), "who the fury does not hurt"), required=True
        ),
        "cite": Field(
            cites(
                "the rout rules without a number",
                rout="a unit without cohesion routs (001 §Déroute d'une unité)",
                fury="routing elephants run amok",
            ),
            required=True,
        ),
    },
    doc="rout",
)

PURSUIT = Obj(
    {
        "distance": Field(param(COUNT, "hexes of a pursuit"), required=True),
        "eliminating_pursuers": Field(
            param(Seq(CATEGORY_WEIGHTS), "pursuers that destroy light infantry they contact"),
            required=True,
        ),
        "light_infantry": Field(
            param(Seq(CATEGORY_WEIGHTS), "who counts as light infantry"), required=True
        ),
        "no_forced_pursuit_after_destroying": Field(
            param(Seq(CATEGORY), "destroying these frees an impetuous unit from pursuing"),
            required=True,
        ),
        "fortification_terrains": Field(
            param(Seq(KEY), "terrain keys where a unit defends a fortification"), required=True
        ),
        "river_bank_hexsides": Field(
            param(Seq(KEY), "hexside keys where a unit defends a river bank"), required=True
        ),
        "camp_defence_dice": Field(
            param(DICE, "dice a fortified camp defends with when a pursuit assaults it"),
            required=True,
        ),
        "camp_hits_to_take": Field(
            param(POSITIVE, "hits an assault must score to take a fortified camp"), required=True
        ),
        "camp_hit_by": Field(
            param(Str(enum=HIT_BY), "the hit symbol that hurts a fortified camp"), required=True
        ),
        "cite": Field(
            cites("the pursuit rules without a number", pursuit="pursuit"), required=True
        ),
    },
    doc="pursuit",
)

ARMY_BREAK = Obj(
    {
        "loss_disordered": Field(param(COUNT, "points per unit in disorder"), required=True),
        "loss_left_table": Field(
            param(COUNT, "points per unit that left the table"), required=True
        ),
        "loss_eliminated": Field(param(COUNT, "points per unit eliminated"), required=True),
        "loss_general_base": Field(
            param(COUNT, "points per general lost, plus his command value"), required=True
        ),
        "loss_camp_taken": Field(param(COUNT, "points if the camp is taken"), required=True),
        "breaks_when_losses_reach_cohesion": Field(
            param(Bool(), "true: breaks when losses >= cohesion; false: only when >"), required=True
        ),
        "cite": Field(
            cites(
                "the army break rules without a number",
                army_break="army cohesion, losses and break point",
            ),
            required=True,
        ),
    },
    doc="army break",
)

FACTORS = Obj(
    {
        "shooting": Field(Int(minimum=0, maximum=MAX_FACTOR), required=True, doc="shooting dice"),
        "range": Field(
            Int(minimum=0, maximum=MAX_FACTOR), required=True, doc="shooting range in hexes"
        ),
        "assault": Field(
            Int(minimum=0, maximum=MAX_FACTOR), required=True, doc="dice when attacking in melee"
        ),
        "melee": Field(
            Int(minimum=0, maximum=MAX_FACTOR), required=True, doc="dice when riposting in melee"
        ),
    },
    doc="combat factors",
)

PRESET = Obj(
    {
        "cohesion": Field(
            Int(minimum=1, maximum=MAX_COHESION), required=True, doc="cohesion (current and max)"
        ),
        "factors": Field(FACTORS, required=True, doc="combat factors"),
        "traits": Field(Seq(Str(min_length=1)), default=[], doc="traits"),
        "reaction": Field(Opt(Str(enum=REACTIONS)), default=None, doc="standing reaction"),
        "source": Field(SOURCE, required=True, doc="where these numbers come from"),
    },
    doc="a unit's numbers for one type and weight",
)

PRESETS = Dict(
    key=Str(min_length=1, doc="type: a key of unit_types"),
    value=Dict(key=Str(enum=WEIGHTS, doc="weight: a weight step"), value=PRESET),
    doc="unit presets per type and weight, used by `referee new`",
)

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
APPLIED_BY: tuple[str, ...] = ("engine", "pbem")

INTERPRETATION = Obj(
    {
        "source": Field(
            SOURCE, required=True, doc="the text that reads two ways: `001 §Poursuite`"
        ),
        "sentence": Field(
            Str(min_length=1),
            required=True,
            doc="the French sentence, quoted as the text writes it",
        ),
        "readings": Field(
            Dict(key=KEY, value=Str(min_length=1), min_items=2),
            required=True,
            doc="each reading: its id and what it means",
        ),
        "default": Field(KEY, required=True, doc="the preferred reading (a key of readings)"),
        "why": Field(Str(min_length=1), required=True, doc="why the default is preferred"),
        "reading": Field(
            KEY,
            doc="the reading applied (default: `default`); a house-rules "
            "file sets it with `interpretations: {id: reading}`",
        ),
        "applied_by": Field(
            Str(enum=APPLIED_BY),
            default="engine",
            doc="who applies the reading: the adjudication engine, or the "
            "play-by-email protocol (`pbem`)",
        ),
    },
    doc="one sentence of the texts that reads two ways, with every reading",
)

INTERPRETATIONS = Dict(
    key=KEY,
    value=INTERPRETATION,
    doc="the ambiguities of the texts, by id: each a switchable option",
)
# in a house-rules file (and a state's house_rules): which reading each id applies
PICKED_READINGS = Dict(
    key=KEY,
    value=KEY,
    doc="interpretations: the reading applied, by id (`contact_melee: next_game_turn`)",
)

WEIGHT_ENTRY = Obj(
    {
        "key": Field(WEIGHT, required=True, doc="the weight step"),
        "label": Field(LABEL, required=True, doc="the system's word for it"),
    },
    doc="one weight step",
)

SECTIONS: dict[str, Field] = {
    "sources": Field(
        Dict(key=Str(numbers=True, doc="code: a rule file code or `facts`"), value=Str()),
        required=True,
        doc="the texts cited, by code (`000`, `001`, `facts`)",
    ),
    "weights": Field(
        Seq(WEIGHT_ENTRY, min_items=5, max_items=5),
        required=True,
        doc="the five weight steps in order, with the system's words",
    ),
    "unit_types": Field(
        Dict(key=Str(min_length=1, doc="type: a unit type id"), value=UNIT_TYPE, min_items=1),
        required=True,
        doc="unit types",
    ),
    "movement": Field(MOVEMENT, required=True),
    "movement_rules": Field(MOVEMENT_RULES, required=True),
    "pass_through": Field(PASS_THROUGH, required=True),
    "terrain": Field(
        Dict(key=Str(min_length=1, doc="terrain: a terrain key"), value=TERRAIN, min_items=1),
        required=True,
        doc="terrain of a hex",
    ),
    "hexsides": Field(
        Dict(key=Str(min_length=1, doc="feature: a hexside feature key"), value=HEXSIDE),
        required=True,
        doc="hexside features",
    ),
    "roads": Field(ROADS, required=True),
    "leaders": Field(LEADERS, required=True),
    "activation": Field(ACTIVATION, required=True),
    "combat": Field(COMBAT, required=True),
    "rout": Field(ROUT, required=True),
    "pursuit": Field(PURSUIT, required=True),
    "army_break": Field(ARMY_BREAK, required=True),
    "presets": Field(
        PRESETS, default={}, doc="optional: unit presets per type and weight, used by `referee new`"
    ),
    "interpretations": Field(
        INTERPRETATIONS,
        default={},
        doc="the sentences of the texts that read two ways, each with "
        "its readings, the default and why",
    ),
}

RULESET = Obj(
    {
        "format": Field(Str(enum=(RULESET_FORMAT,)), required=True, doc="the file format"),
        "name": Field(KEY, required=True, doc="the ruleset's name, as states name it"),
        "title": Field(Str(), doc="the rule system's title (default: its name)"),
        "version": Field(Str(numbers=True), default="", doc="the ruleset's version"),
        "description": Field(Str(), doc="what the ruleset covers"),
        **SECTIONS,
    },
    doc="a ruleset: one rule system as data",
)


def loosen(node: Node, nulls: bool = True) -> Node:
    """The same shape with every key optional, for files that amend or complete one
    another (a list replaces the base list whole: its items keep their required keys).
    ``nulls=False`` (house rules, merged over a ruleset: a null would replace its value
    and break the rules that read it): ``key: null`` is refused where the ruleset does
    not allow null, instead of counting as not given."""
    if isinstance(node, Obj):
        return Obj(
            {
                k: Field(loosen(f.node, nulls), False, f.default, f.doc)
                for k, f in node.fields.items()
            },
            open=node.open,
            hint=node.hint,
            hint_id=node.hint_id,
            doc=node.doc,
            null_is_absent=nulls,
        )
    if isinstance(node, Dict):
        return Dict(key=node.key, value=loosen(node.value, nulls), doc=node.doc)
    if isinstance(node, Opt):
        return Opt(loosen(node.node, nulls), doc=node.doc)
    return node


def _loose_sections(nulls: bool) -> Mapping[str, Field]:
    loose = loosen(Obj(SECTIONS), nulls)
    assert isinstance(loose, Obj)
    return loose.fields


# the sections, every key optional: shared by the files that amend or complete a ruleset
# (loosened once each way: 700 nodes copied, most of this module's import)
_LOOSE = {True: _loose_sections(True), False: _loose_sections(False)}


def _partial(
    head: Mapping[str, Field], doc: str, nulls: bool = True, tail: Mapping[str, Field] | None = None
) -> Obj:
    return Obj({**head, **_LOOSE[nulls], **(tail or {})}, doc=doc, null_is_absent=nulls)


RULESET_FILE = _partial(
    {
        **{k: RULESET.fields[k] for k in ("format", "name", "title", "version", "description")},
        "extends": Field(
            Str(min_length=1),
            doc="a shared part merged under this file (`common-001`); this file's own keys win",
        ),
    },
    "a ruleset file as written, before its shared parts are merged in",
)

RULESET_PART = _partial(
    {
        "format": Field(Str(enum=(RULESET_PART_FORMAT,)), required=True, doc="the file format"),
        "title": Field(Str(), doc="what the part is"),
        "description": Field(Str(), doc="what the part covers"),
    },
    "a part of rulesets shared by several of them (rulesets/common-001.yaml)",
)

_PICK = {"interpretations": Field(PICKED_READINGS, doc="the reading applied, by id")}
STATE_HOUSE_RULES = _partial(
    {}, "house rules held by a game state: overrides of its ruleset", nulls=False, tail=_PICK
)

HOUSE_RULES = _partial(
    {
        "format": Field(Str(enum=(HOUSE_RULES_FORMAT,)), required=True, doc="the file format"),
        "base": Field(KEY, doc="the ruleset these house rules amend (must be the game's)"),
    },
    "house rules: a club's overrides of a ruleset, deep-merged over it",
    nulls=False,
    tail=_PICK,
)


def default(node: Obj, key: str) -> Any:
    """The default of an optional key of ``node`` (the one place defaults live)."""
    value = node.fields[key].default
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def check_file(node: Obj, data: Any) -> list[Problem]:
    """``spec.check``, with a better "did you mean" for a key written at the wrong level:
    ``road_bonnus:`` at the top of a house-rules file is ``movement_rules.road_bonus``."""
    problems = check(node, data)
    if not any(p.code == "spec.unknown_key" for p in problems):
        return problems
    paths = [
        path for path, _, f in walk(node) if f is not None and "<" not in path and "[]" not in path
    ]
    out = []
    for p in problems:
        if p.code == "spec.unknown_key" and "." not in p.path and "[" not in p.path:
            leaves = {path.rsplit(".", 1)[-1]: path for path in reversed(paths)}
            close = difflib.get_close_matches(p.path, list(leaves), n=1, cutoff=0.75)
            if close and leaves[close[0]] != close[0]:
                p = replace(
                    p,
                    hint=f"did you mean {leaves[close[0]]}?",
                    data={**(p.data or {}), "suggest": {"close": leaves[close[0]]}},
                )
        out.append(p)
    return out

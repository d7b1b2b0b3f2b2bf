"""JSON Schemas (draft 2020-12) of the state and orders files, for editors.

They describe the shape (the same checks ``referee validate`` makes first); the
rules checks (types and weights of the ruleset, stacking...) stay in ``validate``.
"""

from __future__ import annotations

from typing import Any

from referee.core.model import EDGES, PHASES, RANKS, WEIGHTS

HEX = {"type": "string", "pattern": "^[0-9]{4}([0-9]{2})?$",
       "description": "Printed-map label CCRR: column then row, from 0101 at the top left"}
FACING = {"enum": ["N", "NE", "SE", "S", "SW", "NW"]}
IDS = {"type": "array", "items": {"type": "string"}}


def _unit(on_table: bool) -> dict[str, Any]:
    required = ["id", "type", "weight", "cohesion"] + (["at", "facing"] if on_table else [])
    return {
        "type": "object",
        "required": required,
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "type": {"type": "string", "description": "a unit type key of the ruleset"},
            "weight": {"enum": list(WEIGHTS)},
            "at": HEX if on_table else {"oneOf": [HEX, {"type": "null"}]},
            "facing": FACING,
            "cohesion": {"type": "object", "required": ["current", "max"],
                         "properties": {"current": {"type": "integer", "minimum": 0},
                                        "max": {"type": "integer", "minimum": 1}}},
            "factors": {"type": "object", "properties": {
                k: {"type": "integer", "minimum": 0}
                for k in ("shooting", "range", "assault", "melee")}},
            "traits": IDS,
            "status": IDS,
            "moved_hexes": {"type": "integer", "minimum": 0},
            "reaction": {"oneOf": [{"enum": ["evade"]}, {"type": "null"}]},
            "flank_march": {"type": "boolean"},
        },
    }


def state_schema() -> dict[str, Any]:
    leader = {
        "type": "object", "required": ["id", "rank"],
        "properties": {
            "id": {"type": "string"}, "name": {"type": "string"}, "rank": {"enum": list(RANKS)},
            "command_value": {"type": "integer", "minimum": 0, "maximum": 3},
            "at": {"oneOf": [HEX, {"type": "null"}]}, "weight": {"enum": list(WEIGHTS)},
            "vehicle": {"type": "boolean"},
            "attached_to": {"oneOf": [{"type": "string"}, {"type": "null"}]}, "status": IDS,
        },
    }
    side = {
        "type": "object", "required": ["edge"],
        "properties": {
            "name": {"type": "string"}, "edge": {"enum": list(EDGES)},
            "exits": {"type": "array", "items": {"enum": list(EDGES)}},
            "entry_points": {"type": "array", "items": HEX},
            "camp": {"type": "object", "properties": {
                "at": {"oneOf": [HEX, {"type": "null"}]}, "fortified": {"type": "boolean"},
                "taken": {"type": "boolean"}}},
            "order_tokens": {"type": "integer", "minimum": 0},
            "leaders": {"type": "array", "items": leader},
            "units": {"type": "array", "items": _unit(True)},
            "off_table": {"type": "array", "items": _unit(False)},
            "removed": {"type": "array", "items": {"type": "object", "required": ["unit", "why"],
                                                   "properties": {
                                                       "unit": _unit(False),
                                                       "why": {"enum": ["eliminated",
                                                                        "left_table"]}}}},
            "activations": {"type": "array", "items": {
                "type": "object", "properties": {"leader": {"type": "string"}, "units": IDS}}},
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://referee.invalid/schema/referee-state-1.json",
        "title": "referee game state (referee-state/1)",
        "type": "object",
        "required": ["format", "ruleset", "game", "turn", "player", "phase", "map", "sides"],
        "properties": {
            "format": {"const": "referee-state/1"},
            "ruleset": {"oneOf": [{"enum": ["thucidide", "panache", "frederic"]},
                                  {"type": "object", "required": ["name"],
                                   "properties": {"name": {"type": "string"},
                                                  "version": {"type": "string"}}}]},
            "game": {"type": "string"},
            "turn": {"type": "integer", "minimum": 1},
            "player": {"type": "string"},
            "phase": {"enum": list(PHASES)},
            "dice": {"type": "object", "properties": {
                "mode": {"enum": ["open", "commit", "physical"]}, "seed": {"type": "string"},
                "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"}}},
            "result": {"oneOf": [{"type": "null"}, {"type": "object"}]},
            "map": {
                "type": "object", "required": ["columns", "rows"],
                "properties": {
                    "columns": {"type": "integer", "minimum": 1, "maximum": 999},
                    "rows": {"type": "integer", "minimum": 1, "maximum": 999},
                    "default_terrain": {"type": "string"},
                    "terrain": {"type": "object", "propertyNames": HEX,
                                "additionalProperties": {"type": "string"}},
                    "hexsides": {"type": "array", "items": {
                        "type": "object", "required": ["between", "type"],
                        "properties": {"between": {"type": "array", "items": HEX,
                                                   "minItems": 2, "maxItems": 2},
                                       "type": {"type": "string"}}}},
                    "roads": {"type": "array", "items": {"type": "array", "items": HEX,
                                                         "minItems": 2}},
                },
            },
            "sides": {"type": "object", "minProperties": 2, "maxProperties": 2,
                      "additionalProperties": side},
            "engagements": {"type": "array"},
            "history": {"type": "array", "items": {"type": "object"}},
        },
    }


def orders_schema() -> dict[str, Any]:
    order = {"oneOf": [
        {"type": "string", "description": "compact notation, e.g. 'C3 0507-0508 face N'"},
        {"type": "object", "required": ["leader", "units"],
         "properties": {"leader": {"type": "string"}, "units": IDS}},
        {"type": "object", "required": ["unit"], "properties": {
            "unit": {"type": "string"},
            "path": {"oneOf": [{"type": "array", "items": HEX}, {"type": "string"}]},
            "to": HEX, "face": FACING, "road": {"type": "boolean"},
            "mounted": {"type": "boolean"}, "target": {"type": "string"},
            "kind": {"enum": ["melee", "shooting"]}, "pursue": {"type": "boolean"},
            "supports": IDS, "choose": {"type": "string"}}},
    ]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://referee.invalid/schema/referee-orders-1.json",
        "title": "referee orders of one player-phase (referee-orders/1)",
        "type": "object",
        "required": ["format", "turn", "player", "phase", "orders"],
        "properties": {
            "format": {"const": "referee-orders/1"},
            "turn": {"type": "integer", "minimum": 1},
            "player": {"type": "string"},
            "phase": {"enum": list(PHASES)},
            "orders": {"type": "array", "items": order},
            "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
        },
    }

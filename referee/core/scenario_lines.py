"""The lines of a scenario's orders of battle (docs/formats.md, "Scenario"): a unit
``4 x infanterie medium "Hastati" at 0410-0710 +javelot``, a leader ``HANNIBAL general 3
"Hannibal Barca" at 0911``, a deployment ``line 0410-1410 facing N`` and a CSV row, each
read into the fields of the long (mapping) form, which ``referee.core.scenario`` checks
and builds. Pure; a malformed line raises ``BadText`` (a ``ValueError``): its code and data,
said with what to write instead by the catalogue (``problem.line.*``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.core.errors import BadText
from referee.core.hexgrid import Direction
from referee.core.typed import suggestion

FACTOR_KEYS = ("shooting", "range", "assault", "melee")
DIRECTIONS = tuple(d.name for d in Direction)

# Rank words accepted in a leader line, and the rank they mean.
RANK_WORDS: dict[str, str] = {
    "general": "general",
    "sub_general": "sub_general",
    "sub-general": "sub_general",
    "senior_officer": "senior_officer",
    "senior-officer": "senior_officer",
    "officer": "senior_officer",
}

_TOKEN = re.compile(r'"([^"]*)"|\'([^\']*)\'|(\S+)')


def _tokens(text: str) -> list[tuple[str, bool]]:
    """Words of a line: (text, quoted)."""
    out = []
    for m in _TOKEN.finditer(text):
        if m.group(1) is not None:
            out.append((m.group(1), True))
        elif m.group(2) is not None:
            out.append((m.group(2), True))
        else:
            word = m.group(3)
            if word.startswith(('"', "'")):
                raise BadText("line.unclosed_quote", text=text)
            out.append((word, False))
    return out


def _int(word: str, what: str) -> int:
    if not word.isdecimal():
        raise BadText("line.not_whole", what=what, word=word)
    return int(word)


UNIT_WORDS = (
    "id",
    "ids",
    "prefix",
    "at",
    "facing",
    "cohesion",
    "factors",
    "shooting",
    "range",
    "assault",
    "melee",
    "evade",
    "reaction",
    "flank_march",
)


def parse_unit_line(text: str) -> dict[str, Any]:
    """``4 x infanterie medium "Hastati" at 0410-0710 +javelot`` as unit fields."""
    words = _tokens(text)
    out: dict[str, Any] = {}
    i = 0
    if words and not words[0][1]:
        m = re.fullmatch(r"(\d+)[x×]?", words[0][0])
        if m:  # "4 x", "4x" or "4"
            out["count"] = int(m.group(1))
            i = 2 if len(words) > 1 and words[1][0] in ("x", "×") else 1
            if out["count"] < 1:
                raise BadText("line.count")
    if len(words) < i + 2:
        raise BadText("line.unit", text=text)
    out["type"], out["weight"] = words[i][0], words[i + 1][0]
    i += 2
    factors: dict[str, int] = {}
    traits: list[str] = []
    while i < len(words):
        word, quoted = words[i]
        nxt = words[i + 1][0] if i + 1 < len(words) else None
        low = word.lower()
        if quoted:
            if "name" in out:
                raise BadText("line.two_names", text=text)
            out["name"] = word
        elif word.startswith(("+", "-")) and len(word) > 1:
            traits.append(word.lstrip("+") if word.startswith("+") else word)
        elif low == "evade":
            out["reaction"] = "evade"
        elif low == "flank_march":
            out["flank_march"] = True
        elif low in UNIT_WORDS:
            if nxt is None:
                raise BadText("line.needs_value", word=word)
            i += 1
            if low == "id":
                out["id"] = nxt
            elif low == "ids":
                out["ids"] = [x for x in re.split(r"[,\s]+", nxt) if x]
            elif low == "prefix":
                out["prefix"] = nxt
            elif low == "at":
                out["at"] = nxt
            elif low == "facing":
                out["facing"] = nxt.upper()
            elif low == "cohesion":
                out["cohesion"] = int(nxt) if nxt.isdecimal() else nxt
            elif low == "factors":
                parts = nxt.split("/")
                if len(parts) != 4:
                    raise BadText("line.factors", factors=nxt)
                for k, v in zip(FACTOR_KEYS, parts, strict=True):
                    factors[k] = _int(v, k)
            elif low == "reaction":
                out["reaction"] = None if nxt.lower() == "none" else nxt
            else:
                factors[low] = _int(nxt, low)
        else:
            raise BadText(
                "line.unknown_word",
                word=word,
                close=suggestion(word, UNIT_WORDS).get("close", ""),
                keywords=list(UNIT_WORDS),
            )
        i += 1
    if factors:
        out["factors"] = factors
    if traits:
        out["traits"] = traits
    return out


def parse_leader_line(text: str) -> dict[str, Any]:
    """``HANNIBAL general 3 "Hannibal Barca" at 0911`` as leader fields."""
    words = _tokens(text)
    if len(words) < 2 or words[0][1]:
        raise BadText("line.leader", text=text)
    out: dict[str, Any] = {"id": words[0][0]}
    rank = words[1][0]
    out["rank"] = RANK_WORDS.get(rank.lower(), rank)
    i = 2
    while i < len(words):
        word, quoted = words[i]
        nxt = words[i + 1][0] if i + 1 < len(words) else None
        low = word.lower()
        if quoted:
            out["name"] = word
        elif word.isdecimal():
            out["command_value"] = int(word)
        elif low == "vehicle":
            out["vehicle"] = True
        elif low in ("at", "with", "weight", "value"):
            if nxt is None:
                raise BadText("line.needs_value", word=word)
            i += 1
            if low == "value":
                out["command_value"] = _int(nxt, "value")
            else:
                out[low] = nxt
        else:
            raise BadText("line.unknown_leader_word", word=word)
        i += 1
    return out


def parse_deploy(text: str) -> tuple[str, str, Direction | None]:
    """``line 0410-1410 facing N`` -> ("line", "0410-1410", N)."""
    words = text.split()
    if len(words) not in (2, 4) or words[0].lower() not in ("line", "zone", "hexes"):
        raise BadText("line.deploy", text=text)
    facing = None
    if len(words) == 4:
        if words[2].lower() != "facing" or words[3].upper() not in DIRECTIONS:
            raise BadText("line.deploy_facing", text=text)
        facing = Direction[words[3].upper()]
    how = words[0].lower()
    if how == "zone" and ":" not in words[1]:
        raise BadText("line.zone", text=text)
    return how, words[1], facing


CSV_COLUMNS = (
    "type",
    "weight",
    "count",
    "id",
    "ids",
    "prefix",
    "name",
    "at",
    "facing",
    "cohesion",
    "factors",
    "shooting",
    "range",
    "assault",
    "melee",
    "traits",
    "reaction",
    "off_table",
    "flank_march",
)


def csv_fields(row: Mapping[str, str]) -> dict[str, Any]:
    """One CSV row (header -> cell text) as unit fields. Raises ValueError."""
    out: dict[str, Any] = {}
    factors: dict[str, int] = {}
    for key, raw in row.items():
        cell = (raw or "").strip()
        if not cell:
            continue
        if key in ("type", "weight", "id", "prefix", "name", "at", "reaction"):
            out[key] = cell
        elif key == "facing":
            out[key] = cell.upper()
        elif key == "count":
            out[key] = _int(cell, "count")
        elif key == "ids":
            out[key] = [x for x in re.split(r"[,\s]+", cell) if x]
        elif key == "cohesion":
            out[key] = int(cell) if cell.isdecimal() else cell
        elif key == "factors":
            parts = cell.split("/")
            if len(parts) != 4:
                raise BadText("line.csv_factors", factors=cell)
            factors.update({k: _int(v, k) for k, v in zip(FACTOR_KEYS, parts, strict=True)})
        elif key in FACTOR_KEYS:
            factors[key] = _int(cell, key)
        elif key == "traits":
            out[key] = cell.split()
        elif key in ("off_table", "flank_march"):
            if cell.lower() not in ("yes", "true", "1", "no", "false", "0"):
                raise BadText("line.yes_no", key=key, cell=cell)
            out[key] = cell.lower() in ("yes", "true", "1")
    if factors:
        out["factors"] = factors
    if out.get("reaction") == "none":
        out["reaction"] = None
    return out

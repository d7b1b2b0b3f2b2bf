"""The orders skeleton as a file a player edits: a valid orders file whose every order
is commented out (``referee orders``).

Each proposed order is a YAML list item behind ``# ``: deleting those two characters
makes it an order. As written, the file orders nothing, and it adjudicates and validates
as it is (``orders:`` with no item is an empty list).
"""

from __future__ import annotations

import json
import re
import textwrap
from typing import Any

from referee.core.orders import ORDERS_FORMAT
from referee.core.ruleset import Ruleset
from referee.core.skeleton import Skeleton

WIDTH = 92


def _comment(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    lead = len(text) - len(text.lstrip(" "))
    wrapped = textwrap.wrap(text.strip(), width=width - len(indent) - 2 - lead,
                            break_long_words=False, break_on_hyphens=False) or [""]
    pad = " " * lead
    return [f"{indent}# {pad}{line}".rstrip() for line in wrapped]


def _scalar(text: str) -> str:
    plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", text) and text.lower() not in (
        "yes", "no", "on", "off", "true", "false", "null", "y", "n")
    return text if plain else json.dumps(text, ensure_ascii=False)


def render(sk: Skeleton, rs: Ruleset, state_path: str, game: str,
           orders_path: str | None) -> str:
    here = orders_path if orders_path not in (None, "-") else "ORDERS.yaml"
    state_name = state_path if state_path != "-" else "STATE.yaml"
    out = [
        f"# Orders of {sk.player}: turn {sk.turn}, {sk.phase} phase ({rs.title}, game {game}).",
        "# Written by `referee orders`. To give an order, delete the '# ' in front of its",
        "# '- ...' line (keep the two spaces of indentation), and edit it if you like. An",
        "# order left commented out is no order: as it stands this file orders nothing.",
        "# Then:",
        f"#   referee validate {state_name} {here}",
        f"#   referee adjudicate {state_name} {here} -o NEXT.yaml",
        f"format: {ORDERS_FORMAT}",
        f"turn: {sk.turn}",
        f"player: {_scalar(sk.player)}",
        f"phase: {sk.phase}",
        "orders:",
    ]
    for line in sk.header:
        out.extend(_comment(line, "  "))
    for group in sk.groups:
        out.append("  #")
        for line in group.about:
            out.extend(_comment(line, "  "))
        width = max((len(json.dumps(o.order, ensure_ascii=False)) for o in group.options),
                    default=0)
        for option in group.options:
            item = json.dumps(option.order, ensure_ascii=False)
            note = f"   # {option.note}" if option.note else ""
            out.append(f"  # - {item:<{width}}{note}".rstrip())
    return "\n".join(out) + "\n"


def to_json(sk: Skeleton) -> dict[str, Any]:
    return {
        "format": ORDERS_FORMAT, "turn": sk.turn, "player": sk.player, "phase": sk.phase,
        "header": list(sk.header), "choices": len(sk.choices),
        "groups": [{"subject": g.subject, "about": list(g.about), "choice": g.choice,
                    "options": [{"order": o.order, "note": o.note} for o in g.options]}
                   for g in sk.groups],
    }

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
from collections.abc import Mapping
from typing import Any

from referee.core.orders import ORDERS_FORMAT
from referee.core.ruleset import Ruleset
from referee.core.skeleton import Said, Skeleton

WIDTH = 80  # a terminal's width: `referee orders` printed on it fits (issue 24)


def _comment(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    lead = len(text) - len(text.lstrip(" "))
    wrapped = textwrap.wrap(
        text.strip(),
        width=width - len(indent) - 2 - lead,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [""]
    pad = " " * lead
    return [f"{indent}# {pad}{line}".rstrip() for line in wrapped]


def _scalar(text: str) -> str:
    plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", text) and text.lower() not in (
        "yes",
        "no",
        "on",
        "off",
        "true",
        "false",
        "null",
        "y",
        "n",
    )
    return text if plain else json.dumps(text, ensure_ascii=False)


def _said(line: Said, lang: str, rs: Ruleset) -> str:
    """A line of the skeleton in ``lang``, from the catalogue (``sk.<code>``)."""
    return said(line, lang, rs)


def _placeholder(name: str, lang: str) -> str:
    """A file name to replace (``STATE.yaml``, « ÉTAT.yaml »), in the language."""
    from referee.render.grammar import word

    return word("placeholder", name, lang)


def _head(key: str, lang: str, /, **data: Any) -> list[str]:
    """The lines of the catalogue's message ``key`` (a comment block of the file)."""
    from referee.render.grammar import say

    return say(key, lang, **data).split("\n")


def _body(sk: Skeleton, rs: Ruleset, lang: str) -> list[str]:
    out: list[str] = []
    for line in sk.header:
        out.extend(_comment(_said(line, lang, rs), "  "))
    for group in sk.groups:
        out.append("  #")
        for line in group.about:
            out.extend(_comment(_said(line, lang, rs), "  "))
        width = max(
            (len(json.dumps(o.order, ensure_ascii=False)) for o in group.options), default=0
        )
        for option in group.options:
            item = json.dumps(option.order, ensure_ascii=False)
            out.extend(_option(item, width, _said(option.note, lang, rs) if option.note else ""))
    return out


def _option(item: str, width: int, note: str) -> list[str]:
    """An order's line, its note beside it and wrapped under itself (comments: the
    order stays one line when uncommented); the note under the order when the order
    leaves it too little room."""
    line = f"  # - {item:<{width}}"
    if not note:
        return [line.rstrip()]
    room = WIDTH - len(line) - 5
    if room < 24:
        return [line.rstrip(), *_comment(note, "  #    ")]
    parts = textwrap.wrap(note, width=room, break_long_words=False, break_on_hyphens=False)
    out = [f"{line}   # {parts[0]}"]
    out.extend(f"  #{' ' * (len(line) - 3)}   # {part}" for part in parts[1:])
    return out


def render(
    sk: Skeleton, rs: Ruleset, state_path: str, game: str, orders_path: str | None, lang: str = "en"
) -> str:
    """The orders file of ``sk``, its comments in ``lang`` (the orders and keys are the
    file format's: the same in every language)."""
    here = orders_path if orders_path not in (None, "-") else _placeholder("orders", lang)
    state_name = state_path if state_path != "-" else _placeholder("state", lang)
    out = _head(
        "sk.file.orders",
        lang,
        player=sk.player,
        turn=sk.turn,
        phase=sk.phase,
        ruleset=rs.title,
        game=game,
    )
    # the catalogue's lines rewrapped where a language made one longer than the page
    out = [part for line in out for part in (_comment(line[2:]) if len(line) > WIDTH else [line])]
    out += [
        f"#   referee validate {state_name} {here}",
        f"#   referee adjudicate {state_name} {here} -o {_placeholder('next', lang)}",
        f"format: {ORDERS_FORMAT}",
        f"turn: {sk.turn}",
        f"player: {_scalar(sk.player)}",
        f"phase: {sk.phase}",
        "orders:",
    ]
    return "\n".join(out + _body(sk, rs, lang)) + "\n"


def to_json(sk: Skeleton, rs: Ruleset) -> dict[str, Any]:
    """``orders --json``: its lines in English, from the catalogue (``--json`` stays
    English: docs/maps.md §One language at a time)."""
    return {
        "format": ORDERS_FORMAT,
        "turn": sk.turn,
        "player": sk.player,
        "phase": sk.phase,
        "header": [said(line, "en", rs) for line in sk.header],
        "choices": len(sk.choices),
        "groups": [
            {
                "subject": g.subject,
                "about": [said(line, "en", rs) for line in g.about],
                "choice": g.choice,
                "options": [
                    {"order": o.order, "note": said(o.note, "en", rs) if o.note else ""}
                    for o in g.options
                ],
            }
            for g in sk.groups
        ],
    }


def render_choices(
    sk: Skeleton,
    rs: Ruleset,
    state_path: str,
    game: str,
    by: str,
    after: str | None,
    orders_hash: str | None,
    output: str | None,
    lang: str = "en",
) -> str:
    """A choices file (``referee-choices/1``, docs/pbem.md §Choices) whose every choice is
    commented out: as written it takes every default."""
    from referee.core.choices import CHOICES_FORMAT

    here = output if output not in (None, "-") else _placeholder("choices", lang)
    state_name = state_path if state_path != "-" else _placeholder("state", lang)
    out = _head(
        "sk.file.choices",
        lang,
        by=by,
        turn=sk.turn,
        player=sk.player,
        phase=sk.phase,
        ruleset=rs.title,
        game=game,
        state=state_name,
        here=here,
    )
    after_note = _head("sk.file.after", lang)[0]
    orders_note = _head("sk.file.orders_hash", lang)[0]
    out += [
        f"format: {CHOICES_FORMAT}",
        f"game: {_scalar(game)}",
        f"turn: {sk.turn}",
        f"player: {_scalar(sk.player)}",
        f"phase: {sk.phase}",
        f"by: {_scalar(by)}",
        f"after: {json.dumps(after)}    {after_note}",
        f"orders: {json.dumps(orders_hash)}    {orders_note}",
        "choices:",
    ]
    return "\n".join(out + _body(sk, rs, lang)) + "\n"


# ------------------------------------------------------------- a skeleton line in words


def said(line: Said, lang: str, rs: Any = None) -> str:
    """A line of the skeleton in ``lang``, from the catalogue (``sk.<code>``: the engine
    gives the code and data only, no English)."""
    from referee.render.grammar import render

    code = line.code
    data: Mapping[str, Any] = line.data
    if code == "join":
        return "".join(said(p, lang, rs) for p in data.get("parts", ()))
    if code == "indent":
        return "  " + said(data["line"], lang, rs)
    values: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, Said) for v in value):
            from referee.render.grammar import joined

            value = joined((said(v, lang, rs) for v in value), lang)  # ("a; b", "a ; b")
        values[key] = said(value, lang, rs) if isinstance(value, Said) else value
    if "loss" in values:  # a loss on average: 0.5, 0,5 in French
        from referee.render.grammar import number

        values["loss"] = number(float(values["loss"]), lang, 1)
    if "rout" in values:  # a chance: 40%, <1% (40 %, <1 % in French)
        values["rout"] = _chance(float(values["rout"]), lang)
    values.update(_words(values, lang, rs))
    return render(f"sk.{code}", values, lang)


def _chance(p: float, lang: str) -> str:
    """A probability in whole percent, as the language writes one (``format.percent``:
    ``40%``, ``40 %`` in French); ``<1%`` and ``>99%`` rather than a rounded 0% or 100%
    that is not certain."""
    from referee.render.catalogue import text

    value = p * 100
    shown = "<1" if 0 < value < 1 else ">99" if 99 < value < 100 else f"{value:.0f}"
    return text("format.percent", lang).format(value=shown)


def _words(data: Mapping[str, Any], lang: str, rs: Any) -> dict[str, Any]:
    from referee.render.grammar import word
    from referee.render.wording import cite, unit_kind

    out: dict[str, Any] = {}
    if "type" in data and "weight" in data:
        if rs is not None:
            out["kind"] = unit_kind(rs.type_label(data["type"]), rs.weight_label(data["weight"]))
        else:
            out["kind"] = f"{data['type']} {word('weight', data['weight'], lang)}"
    if "source" in data:
        out["source_words"] = cite(str(data["source"]), lang).replace(
            "\n", word("join", "semicolon", lang)
        )
    if "now" in data and isinstance(data["now"], str):
        out["now_word"] = word("reaction_choice", data["now"], lang)
    if "phase" in data:
        out["phase_title"] = word("phase_title", data["phase"], lang)
    if "on" in data:
        out["on_words"] = _hit_by(str(data["on"]), lang)
    if data.get("event_code"):
        from referee.render.messages import message

        out["why_words"] = message(
            str(data["event_code"]), data.get("unit"), data.get("event_data") or {}, lang, rs
        )
    elif "why" in data:
        out["why_words"] = str(data["why"]).replace("_", " ")
    return out


def _hit_by(symbol: str, lang: str) -> str:
    """``infantry`` (the symbol that hurts a camp) -> ``du symbole infanterie``."""
    from referee.render.catalogue import text
    from referee.render.grammar import word

    return text("sk.hit_by", lang).format(symbol=word("category", symbol, lang))

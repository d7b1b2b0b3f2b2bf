"""``referee moves``: where a unit can go this phase, and why not elsewhere.

Renders a :class:`referee.core.reach.Reach` (computed by the same code as the
movement phase): a header with the allowance, a table of destinations (cost, path,
whether the unit keeps the right to fight or is *ss cb*), then the neighbouring
hexes it cannot enter, with the reason.
"""

from __future__ import annotations

from typing import Any

from referee.core.model import GameState
from referee.core.reach import Blocked, Reach
from referee.core.ruleset import Ruleset
from referee.render.blocks import Column, Para, TableData, View
from referee.render.grammar import label, say, word
from referee.render.messages import message
from referee.render.symbols import hexside_label, terrain_label
from referee.render.wording import cite_short, unit_kind

REASONS = ("enemy", "enemy_leader", "impassable", "stacking", "allowance", "off_table", "off_road")


def _w(key: str, lang: str, **data: Any) -> str:
    return say(f"ui.moves.{key}", lang, **data)


def _blocked_text(b: Blocked, rs: Ruleset, lang: str) -> str:
    data: dict[str, Any] = dict(b.data)
    if b.reason == "impassable":
        key = str(data.get("terrain") or data.get("hexside") or "")
        if "hexside" in data:
            data["what"] = hexside_label(rs, key)
        else:
            data["what"] = terrain_label(rs, key)
    if b.reason == "stacking":
        data["cross"] = word("yes_no", bool(data.get("can_pass_through")), lang)
    if b.reason not in REASONS:
        return _w("blocked_other", lang, reason=word("blocked", b.reason, lang))
    data.setdefault("other", "?")
    return _w(b.reason, lang, **data)


def moves_view(reach: Reach, state: GameState, rs: Ruleset, lang: str) -> View:
    """The destinations of a unit (or a leader alone) and its blocked neighbours."""
    width = state.map.grid.width

    def lab(h: Any) -> str:
        return str(h.label(width)) if h is not None else "-"

    parts: list[Para | TableData] = []
    what = (
        reach.type_label
        if reach.kind == "leader"
        else (f"{unit_kind(reach.type_label, rs.weight_label(reach.weight))} ({reach.cell})")
    )
    where = (
        _w("at", lang, hex=lab(reach.start))
        if reach.start is not None
        else _w("off", lang, entries=", ".join(lab(h) for h in reach.entry_points) or "-")
    )
    key = "header_leader" if reach.kind == "leader" else "header"
    header = _w(
        key,
        lang,
        unit=reach.unit,
        what=what,
        where=where,
        allowance=reach.allowance,
        combat=reach.combat_allowance,
    )
    extras = [
        _w(k, lang)
        for k, on in (
            ("road", reach.road),
            ("mounted", reach.mounted),
            ("one", reach.max_hexes == 1),
        )
        if on
    ]
    if extras:
        header += " — " + ", ".join(extras)
    parts.append(Para.of(header, "bold"))
    if reach.why_not is not None:
        why = message(
            reach.why_not.code,
            reach.unit,
            {"reason": reach.why_not.reason, **reach.why_not.data},
            lang,
            rs,
        )
        parts.append(Para.of(_w("cannot", lang, why=why), "yellow"))
    if reach.destinations:
        table = TableData(
            [
                Column(
                    _w(col, lang),
                    justify="right" if col == "cost" else "left",
                    no_wrap=col in ("hex", "cost", "combat"),
                )
                for col in ("hex", "cost", "path", "combat", "note")
            ],
            title=_w("title", lang, unit=reach.unit),
        )
        for d in reach.destinations:
            notes = []
            if d.minimum_move:
                notes.append(_w("minimum", lang))
            if d.exit:
                notes.append(_w("exit", lang))
            if d.entry is not None:
                notes.append(_w("entry", lang, entry=lab(d.entry)))
            table.add_row(
                lab(d.hex),
                str(d.cost),
                "-".join(lab(h) for h in d.path),
                Para.of(_w("ok", lang), "green")
                if d.combat
                else Para.of(_w("sscb", lang), "yellow"),
                "; ".join(notes),
            )
        parts.append(table)
    else:
        parts.append(Para.of(_w("none", lang)))
    if reach.through:
        parts.append(Para.of(_w("through", lang, hexes=", ".join(lab(h) for h in reach.through))))
    if reach.blocked:
        blocked = TableData(
            [Column(_w("hex", lang), no_wrap=True), Column(_w("reason", lang))],
            title=_w("blocked", lang),
        )
        for b in reach.blocked:
            blocked.add_row(lab(b.hex), _blocked_text(b, rs, lang))
        parts.append(blocked)
    rules = word("join", "semicolon", lang).join(
        dict.fromkeys(cite_short(v, lang) for v in reach.rules.values() if v)
    )
    if rules:
        parts.append(Para.of(f"{label(_w('rules', lang), lang)} {rules}", "dim"))
    return View(parts)

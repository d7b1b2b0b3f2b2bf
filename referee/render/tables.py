"""Tables: rulesets, armies, units, the combat die, built as rich-free views
(:mod:`referee.render.blocks`): rich on a terminal, plain text when piped. Every
heading and word from the catalogue (``referee/render/messages_ui.py``), in the
language asked for; the ruleset's labels as the ruleset writes them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.army import ArmyStatus
from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.render import messages_ui  # noqa: F401  (registers the texts)
from referee.render.blocks import Column, Para, TableData, View
from referee.render.catalogue import (
    cite,
    say,
    trait_word,
    unit_kind,
    weight_agreed,
    word,
    words_list,
)
from referee.render.report import gauge
from referee.render.symbols import FACING_ARROWS, rank_label, type_codes, unit_statuses

# the combat die's symbols that hurt a unit type (ruleset unit_types.*.hit_by)
HIT_SYMBOLS = {"hit_infantry": "infantry", "hit_cavalry": "cavalry",
               "hit_artillery": "artillery"}


def rulesets_list(rows: list[dict[str, Any]], lang: str = "en") -> View:
    table = TableData([Column(say(f"ui.rulesets.{key}", lang))
                       for key in ("name", "rtitle", "version", "types", "origin")],
                      box="SIMPLE_HEAVY", title=say("ui.rulesets.title", lang))
    for r in rows:
        table.add_row(r["name"], r["title"], r["version"], str(r["unit_types"]), r["origin"])
    return View([table])


def movement_tables(rs: Ruleset, lang: str = "en") -> View:
    """The movement table(s) laid out like the rules text, cell for cell."""
    parts: list[Para | TableData] = []
    movement = rs.data["movement"]
    for table_data in movement["tables"]:
        table = TableData([Column(say("ui.rulesets.type", lang))] + [
            Column(str(col.get("label", col["weight"])), justify="center")
            for col in table_data["columns"]], title=table_data.get("title", ""),
            caption=_caption(table_data.get("source", ""), lang, rs), box="SQUARE",
            show_lines=True)
        for row in table_data["rows"]:
            table.add_row(str(row.get("label", row["type"])),
                          *[str(c) if str(c) else "" for c in row["cells"]])
        parts.append(table)
    leader = movement.get("leader_row")
    if leader:
        cells = leader.get("cells", {})
        columns = [Column(rs.weight_label(weight), justify="center") for weight in cells]
        if leader.get("note"):
            columns.append(Column("", justify="left"))
        table = TableData(columns, title=leader.get("label", say("ui.rulesets.leader", lang)),
                          caption=_caption(leader.get("source", ""), lang, rs), box="SQUARE")
        table.add_row(*[str(v) for v in cells.values()],
                      *([str(leader["note"])] if leader.get("note") else []))
        parts.append(table)
    notes = movement.get("notes") or {}
    if notes:
        parts.append(Para.of("\n".join(f"{k} = {v}" for k, v in notes.items())))
    return View(parts)


def _caption(source: Any, lang: str, rs: Ruleset) -> str:
    """A table's source, cited as the reports cite rules (in the language)."""
    text = cite(str(source or "").replace(" / ", "; "), lang, rs.name)
    return text.replace("\n", " ; " if lang == "fr" else "; ")


def _leaf(rs: Ruleset, path: str, default: Any) -> Any:
    value = rs.get(path, default)
    return default if value is None else value


def die_faces(rs: Ruleset, lang: str = "en") -> View:
    """The combat die: what each face is and what it does (``combat.die_faces``)."""
    combat = rs.data.get("combat") or {}
    faces: Mapping[Any, Any] = combat.get("die_faces") or {}
    table = TableData([Column(say("ui.rulesets.face", lang), justify="right", no_wrap=True),
                       Column(say("ui.rulesets.symbol", lang)),
                       Column(say("ui.rulesets.effect", lang))],
                      title=say("ui.rulesets.faces", lang),
                      caption=_caption(combat.get("die_faces_source", ""), lang, rs),
                      box="SIMPLE")
    per_hit = _leaf(rs, "combat.hit_removes_cohesion", 1)
    per_flag = _leaf(rs, "combat.retreat_hexes_per_flag", 1)
    for face in sorted(faces, key=lambda f: int(f)):
        entry = faces[face] or {}
        symbol = str(entry.get("symbol", ""))
        if symbol in HIT_SYMBOLS:
            kind = HIT_SYMBOLS[symbol]
            types = [t.label for t in rs.unit_types.values() if t.hit_by == kind]
            effect = say("ui.rulesets.hurts", lang, what=word("category", kind, lang),
                         types=", ".join(types) or "-", n=per_hit)
        elif symbol == "flag":
            effect = say("ui.rulesets.flag", lang, n=per_flag)
        elif symbol == "order":
            effect = say("ui.rulesets.order", lang)
        elif symbol == "tactical_advantage":
            effect = say("ui.rulesets.advantage", lang)
        else:
            effect = say("ui.rulesets.no_effect", lang)
        table.add_row(str(face), str(entry.get("label", word("symbol", symbol, lang))), effect)
    return View([table])


def ruleset_params(rs: Ruleset, lang: str = "en") -> View:
    """Every {value, source} parameter outside the movement table, with its source."""
    yes = say("ui.rulesets.yes", lang)
    table = TableData([Column(say("ui.rulesets.parameter", lang)),
                       Column(say("ui.rulesets.value", lang)),
                       Column(say("ui.rulesets.source", lang))],
                      title=say("ui.rulesets.params", lang, title=rs.title), box="SIMPLE")
    for section in ("movement_rules", "pass_through", "activation", "combat", "rout", "pursuit",
                    "army_break"):
        for key, leaf in (rs.data.get(section) or {}).items():
            if isinstance(leaf, dict) and "value" in leaf:
                table.add_row(f"{section}.{key}", _short(leaf["value"]), str(leaf.get("source",
                                                                                      "")))
    terrain = TableData([Column(say(f"ui.rulesets.{col}", lang))
                         for col in ("terrain", "tlabel", "cost", "difficult", "impassable",
                                     "source")], title=say("ui.rulesets.terrain", lang),
                        box="SIMPLE")
    for key, t in (rs.data.get("terrain") or {}).items():
        terrain.add_row(key, str(t.get("label", "")), str(t.get("cost", "")),
                        yes if t.get("difficult") else "", yes if t.get("impassable") else "",
                        str(t.get("source", "")))
    for key, t in (rs.data.get("hexsides") or {}).items():
        terrain.add_row(say("ui.rulesets.hexside", lang, key=key), str(t.get("label", "")),
                        f"+{t.get('cost', 0)}", yes if t.get("difficult") else "",
                        yes if t.get("impassable") else "", str(t.get("source", "")))
    return View([table, terrain])


def _short(value: Any) -> str:
    text = str(value)
    if isinstance(value, bool):
        text = "true" if value else "false"
    return text if len(text) <= 60 else text[:57] + "..."


def _facing(name: str, lang: str) -> str:
    from referee.core.hexgrid import Direction

    arrow = FACING_ARROWS.get(Direction[name], "") if name in Direction.__members__ else ""
    short = {"SW": "SO", "NW": "NO"}.get(name, name) if lang == "fr" else name
    return f"{arrow} {short}".strip()


def army_table(state: GameState, rs: Ruleset, status: ArmyStatus, lang: str) -> View:
    """A side: its units (type and weight agreeing, cohesion, factors, statuses in
    words, leader), its leaders, its camp and tokens, its army break count."""
    side = state.side(status.side)
    title = f"{side.name} ({side.id})" + (f" — {say('ui.show.to_move', lang)}"
                                          if side.id == state.player else "")
    codes = type_codes(rs)
    units = TableData([
        Column(say("ui.show.id", lang), no_wrap=True),
        Column(say("ui.show.unit", lang)),
        Column(say("ui.show.at", lang), no_wrap=True),
        Column(say("ui.show.facing", lang), no_wrap=True),
        Column(say("ui.show.cohesion", lang), justify="right", no_wrap=True),
        Column(say("ui.show.factors", lang), no_wrap=True),
        Column(say("ui.show.notes", lang))], title=title)
    attached = {lead.attached_to: lead.id for lead in side.leaders if lead.attached_to}
    width = state.map.grid.width
    for u in side.units:
        notes = [trait_word(t, lang) for t in sorted(u.traits)]
        if u.reaction:
            notes.append(word("reaction", u.reaction, lang))
        statuses = unit_statuses(u, all_of_them=True)
        if statuses:
            notes.append(words_list("status", statuses, lang))
        if u.id in attached:
            notes.append(say("ui.show.with_leader", lang, leader=attached[u.id]))
        units.add_row(
            u.id, f"{codes.get(u.type, u.type)} {unit_kind(rs.type_label(u.type), rs.weight_label(u.weight))}",  # noqa: E501
            u.at.label(width) if u.at else "-", _facing(u.facing.name, lang),
            f"{u.cohesion.current}/{u.cohesion.max}",
            f"{u.factors.shooting}({u.factors.range})/{u.factors.assault}/{u.factors.melee}",
            ", ".join(notes))
    for u in side.off_table:
        notes = [trait_word(t, lang) for t in sorted(u.traits)]
        notes.append(say("ui.show.flank_march" if u.flank_march else "ui.show.reinforcement",
                         lang))
        units.add_row(u.id, f"{codes.get(u.type, u.type)} "
                      f"{unit_kind(rs.type_label(u.type), rs.weight_label(u.weight))}",
                      say("ui.show.off_table", lang), "",
                      f"{u.cohesion.current}/{u.cohesion.max}", "", ", ".join(notes))
    leaders = TableData([Column(say(f"ui.show.{col}", lang), no_wrap=col in ("leader", "at"))
                         for col in ("leader", "name", "rank", "command", "at", "attached",
                                     "status")])
    for lead in side.leaders:
        h = state.leader_hex(lead)
        leaders.add_row(lead.id, lead.name, rank_label(rs, lead.rank), f"+{lead.command_value}",
                        h.label(width) if h else "-", lead.attached_to or "",
                        words_list("status", sorted(lead.status), lang))
    losses = TableData([Column(say("ui.report.cohesion", lang)),
                        Column(say("ui.report.losses", lang))],
                       caption="001 §Déroute de l'armée")
    lines = []
    for ln in status.lines:
        if not ln.count:
            continue
        what = word("loss", ln.what, lang)
        if ln.points_each is not None:
            lines.append(say("ui.show.loss_line", lang, what=what, count=ln.count,
                             each=ln.points_each, points=ln.points))
        else:
            lines.append(say("ui.show.loss_line_varied", lang, what=what, count=ln.count,
                             points=ln.points))
    verdict = say("ui.report.broken", lang) if status.broken else \
        say("ui.show.to_break", lang, margin=status.margin)
    present = say("ui.show.units_present", lang, cohesion=status.cohesion)
    if status.not_counted:
        present += say("ui.show.not_counted", lang, n=len(status.not_counted))
    losses.add_row(present, Para.of(
        say("ui.show.losses_total", lang, lines=", ".join(lines) or say("ui.show.no_losses", lang),
            losses=status.losses, cohesion=status.cohesion, verdict=verdict)
        + f"  {gauge(status.losses, status.cohesion, status.broken)}",
        "bold red" if status.broken else ""))
    camp = side.camp.at.label(width) if side.camp.at else "-"
    camp_text = say("ui.show.camp", lang, at=camp) + (
        say("ui.show.fortified", lang) if side.camp.fortified else "") + (
        say("ui.show.taken", lang) if side.camp.taken else "")
    extras = [camp_text, say("ui.show.tokens", lang, tokens=side.order_tokens),
              say("ui.show.edge", lang, edge=word("edge", side.edge, lang))]
    return View([units, leaders, Para.of("  ".join(extras)), losses])


__all__ = [
    "army_table",
    "die_faces",
    "movement_tables",
    "ruleset_params",
    "rulesets_list",
    "weight_agreed",
]

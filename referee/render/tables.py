"""Tables: rulesets, armies, units, built as rich-free views
(:mod:`referee.render.blocks`): rich on a terminal, plain text when piped."""

from __future__ import annotations

from typing import Any

from referee.core.army import ArmyStatus
from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.render.blocks import Column, Para, TableData, View

LOSS_LABELS = {
    "en": {"disordered": "disordered units", "left_table": "units off the table",
           "eliminated": "units eliminated", "general_lost": "generals lost",
           "camp_taken": "camp taken"},
    "fr": {"disordered": "unités en désordre", "left_table": "unités sorties de la table",
           "eliminated": "unités éliminées", "general_lost": "généraux perdus",
           "camp_taken": "camp pris"},
}


def rulesets_list(rows: list[dict[str, Any]]) -> View:
    table = TableData([Column(col) for col in ("name", "title", "version", "unit types",
                                               "origin")], box="SIMPLE_HEAVY", title="Rulesets")
    for r in rows:
        table.add_row(r["name"], r["title"], r["version"], str(r["unit_types"]), r["origin"])
    return View([table])


def movement_tables(rs: Ruleset) -> View:
    """The movement table(s) laid out like the rules text, cell for cell."""
    parts: list[Para | TableData] = []
    movement = rs.data["movement"]
    for table_data in movement["tables"]:
        table = TableData([Column("Type")] + [
            Column(str(col.get("label", col["weight"])), justify="center")
            for col in table_data["columns"]], title=table_data.get("title", ""),
            caption=table_data.get("source", ""), box="SQUARE", show_lines=True)
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
        table = TableData(columns, title=leader.get("label", "Chef"),
                          caption=leader.get("source", ""), box="SQUARE")
        table.add_row(*[str(v) for v in cells.values()],
                      *([str(leader["note"])] if leader.get("note") else []))
        parts.append(table)
    notes = movement.get("notes") or {}
    if notes:
        parts.append(Para.of("\n".join(f"{k} = {v}" for k, v in notes.items())))
    return View(parts)


def ruleset_params(rs: Ruleset) -> View:
    """Every {value, source} parameter outside the movement table, with its source."""
    table = TableData([Column("parameter"), Column("value"), Column("source")],
                      title=f"{rs.title}: parameters", box="SIMPLE")
    for section in ("movement_rules", "pass_through", "activation", "combat", "rout", "pursuit",
                    "army_break"):
        for key, leaf in (rs.data.get(section) or {}).items():
            if isinstance(leaf, dict) and "value" in leaf:
                table.add_row(f"{section}.{key}", _short(leaf["value"]), str(leaf.get("source",
                                                                                      "")))
    terrain = TableData([Column(col) for col in ("terrain", "label", "cost", "difficult",
                                                 "impassable", "source")],
                        title="Terrain", box="SIMPLE")
    for key, t in (rs.data.get("terrain") or {}).items():
        terrain.add_row(key, str(t.get("label", "")), str(t.get("cost", "")),
                        "yes" if t.get("difficult") else "", "yes" if t.get("impassable") else "",
                        str(t.get("source", "")))
    for key, t in (rs.data.get("hexsides") or {}).items():
        terrain.add_row(f"hexside: {key}", str(t.get("label", "")), f"+{t.get('cost', 0)}",
                        "yes" if t.get("difficult") else "", "yes" if t.get("impassable") else "",
                        str(t.get("source", "")))
    return View([table, terrain])


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def army_table(state: GameState, rs: Ruleset, status: ArmyStatus, lang: str) -> View:
    side = state.side(status.side)
    title = f"{side.name} ({side.id})" + (" — player to move" if side.id == state.player else "")
    short = ("id", "weight", "at", "facing", "cohesion", "factors")
    units = TableData([Column(col, no_wrap=col in short)
                       for col in ("id", "type", "weight", "at", "facing", "cohesion", "factors",
                                   "traits", "status", "leader")], title=title)
    attached = {lead.attached_to: lead.id for lead in side.leaders if lead.attached_to}
    width = state.map.grid.width
    for u in side.units:
        units.add_row(
            u.id, rs.type_label(u.type), rs.weight_label(u.weight),
            u.at.label(width) if u.at else "-", u.facing.name,
            f"{u.cohesion.current}/{u.cohesion.max}",
            f"{u.factors.shooting}({u.factors.range})/{u.factors.assault}/{u.factors.melee}",
            " ".join(sorted(u.traits)), " ".join(sorted(u.status)), attached.get(u.id, ""))
    for u in side.off_table:
        units.add_row(u.id, rs.type_label(u.type), rs.weight_label(u.weight), "off table", "",
                      f"{u.cohesion.current}/{u.cohesion.max}", "", " ".join(sorted(u.traits)),
                      "flank march" if u.flank_march else "reinforcement", "")
    leaders = TableData([Column(col, no_wrap=col in ("leader", "command", "at"))
                         for col in ("leader", "name", "rank", "command", "at", "attached to",
                                     "status")])
    for lead in side.leaders:
        h = state.leader_hex(lead)
        leaders.add_row(lead.id, lead.name, lead.rank, f"+{lead.command_value}",
                        h.label(width) if h else "-", lead.attached_to or "",
                        " ".join(sorted(lead.status)))
    labels = LOSS_LABELS.get(lang, LOSS_LABELS["en"])
    losses = TableData([Column("army cohesion" if lang == "en" else "cohésion de l'armée"),
                        Column("losses" if lang == "en" else "pertes")],
                       caption="001 §Déroute de l'armée")
    lines = [f"{labels[ln.what]}: {ln.count} x {ln.points_each} = {ln.points}"
             if ln.points_each is not None else f"{labels[ln.what]}: {ln.count} = {ln.points}"
             for ln in status.lines if ln.count]
    verdict = "BROKEN" if status.broken else f"{status.margin} to break point"
    losses.add_row(f"{status.cohesion} units present"
                   + (f" ({len(status.not_counted)} not counted)" if status.not_counted else ""),
                   (", ".join(lines) or "none") + f" — total {status.losses} of "
                   f"{status.cohesion}: {verdict}")
    extras = [f"camp: {side.camp.at.label(width) if side.camp.at else '-'}"
              f"{' (fortified)' if side.camp.fortified else ''}"
              f"{' TAKEN' if side.camp.taken else ''}",
              f"order tokens: {side.order_tokens}", f"own edge: {side.edge}"]
    return View([units, leaders, Para.of("  ".join(extras)), losses])

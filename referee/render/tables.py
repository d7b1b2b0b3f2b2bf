"""Tables: rulesets, armies, units, built as rich-free views
(:mod:`referee.render.blocks`): rich on a terminal, plain text when piped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.army import ArmyStatus
from referee.core.model import GameState
from referee.core.ruleset import CategoryWeights, Param, Ruleset
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
    movement = rs.movement
    for t in movement.tables:
        table = TableData([Column("Type")] + [Column(col.label, justify="center")
                                              for col in t.columns],
                          title=t.title, caption=t.source, box="SQUARE", show_lines=True)
        for row in t.rows:
            table.add_row(row.label, *row.cells)
        parts.append(table)
    leader = movement.leader_row
    columns = [Column(rs.weight_label(weight), justify="center") for weight in leader.cells]
    if leader.note:
        columns.append(Column("", justify="left"))
    table = TableData(columns, title=leader.label, caption=leader.source, box="SQUARE")
    table.add_row(*[cell.text for cell in leader.cells.values()],
                  *([leader.note] if leader.note else []))
    parts.append(table)
    if movement.notes:
        parts.append(Para.of("\n".join(f"{k} = {v}" for k, v in movement.notes.items())))
    return View(parts)


def _sections(rs: Ruleset) -> list[tuple[str, Any]]:
    return [("movement_rules", rs.movement_rules), ("pass_through", rs.pass_through),
            ("roads", rs.roads), ("activation", rs.activation), ("combat", rs.combat),
            ("rout", rs.rout), ("pursuit", rs.pursuit), ("army_break", rs.army_break)]


def ruleset_params(rs: Ruleset) -> View:
    """Every {value, source} parameter outside the movement table, with its source."""
    table = TableData([Column("parameter"), Column("value"), Column("source")],
                      title=f"{rs.title}: parameters", box="SIMPLE")
    for section, record in _sections(rs):
        for name in record._fields:
            leaf = getattr(record, name)
            if isinstance(leaf, Param):
                table.add_row(f"{section}.{name}", _short(_plain(leaf.value)), leaf.source)
        cite = getattr(record, "cite", None)
        for name in cite._fields if cite is not None else ():  # rules without a number
            table.add_row(f"{section}.cite.{name}", "-", getattr(cite, name))
    terrain = TableData([Column(col) for col in ("terrain", "label", "cost", "difficult",
                                                 "impassable", "source")],
                        title="Terrain", box="SIMPLE")
    for key, t in rs.terrain.items():
        terrain.add_row(key, t.label, str(t.cost), "yes" if t.difficult else "",
                        "yes" if t.impassable else "", t.source)
    for key, h in rs.hexsides.items():
        terrain.add_row(f"hexside: {key}", h.label, f"+{h.cost}", "yes" if h.difficult else "",
                        "yes" if h.impassable else "", h.source)
    return View([table, terrain])


def _plain(value: Any) -> Any:
    """A parameter's value as the ruleset file writes it (sets as sorted lists)."""
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, CategoryWeights):
        return {"category": value.category, "weights": sorted(value.weights)}
    if isinstance(value, Mapping):
        return dict(value)
    return value


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
                       caption=status.rule)
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

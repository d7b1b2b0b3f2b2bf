"""Tables: rulesets, armies, units, the combat die, built as rich-free views
(:mod:`referee.render.blocks`): rich on a terminal, plain text when piped. Every
heading and word from the catalogue (``referee/render/catalogue/views.py``), in the
language asked for; the ruleset's labels as the ruleset writes them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.core.army import ArmyStatus
from referee.core.model import GameState, Unit
from referee.core.ruleset import CategoryWeights, Param, Ruleset
from referee.render.blocks import Column, Para, TableData, View, gauge
from referee.render.catalogue import as_written
from referee.render.catalogue import text as catalogue_text
from referee.render.grammar import say, word, words_list
from referee.render.symbols import FACING_ARROWS, rank_label, type_codes, unit_statuses
from referee.render.wording import cite, trait_word, unit_kind, weight_agreed

if TYPE_CHECKING:
    from referee.core.hexgrid import Hex

# the combat die's symbols that hurt a unit type (ruleset unit_types.*.hit_by)
HIT_SYMBOLS = {"hit_infantry": "infantry", "hit_cavalry": "cavalry", "hit_artillery": "artillery"}


def rulesets_list(rows: list[dict[str, Any]], lang: str = "en") -> View:
    table = TableData(
        [
            Column(say(f"ui.rulesets.{key}", lang))
            for key in ("name", "rtitle", "version", "types", "origin")
        ],
        box="SIMPLE_HEAVY",
        title=say("ui.rulesets.title", lang),
    )
    for r in rows:
        table.add_row(r["name"], r["title"], r["version"], str(r["unit_types"]), r["origin"])
    return View([table])


def movement_tables(rs: Ruleset, lang: str = "en") -> View:
    """The movement table(s) laid out like the rules text, cell for cell."""
    parts: list[Para | TableData] = []
    movement = rs.movement
    for mt in movement.tables:
        table = TableData(
            [Column(say("ui.rulesets.type", lang))]
            + [Column(col.label or col.weight, justify="center") for col in mt.columns],
            title=mt.title,
            caption=_caption(mt.source, lang, rs),
            box="SQUARE",
            show_lines=True,
        )
        for row in mt.rows:
            table.add_row(row.label or row.type, *row.cells)
        parts.append(table)
    leader = movement.leader_row
    columns = [Column(rs.weight_label(weight), justify="center") for weight in leader.cells]
    if leader.note:
        columns.append(Column("", justify="left"))
    table = TableData(
        columns,
        title=leader.label or say("ui.rulesets.leader", lang),
        caption=_caption(leader.source, lang, rs),
        box="SQUARE",
    )
    table.add_row(*leader.cells.values(), *([leader.note] if leader.note else []))
    parts.append(table)
    if movement.notes:
        parts.append(Para.of("\n".join(f"{k} = {v}" for k, v in movement.notes.items())))
    return View(parts)


def _caption(source: Any, lang: str, rs: Ruleset) -> str:
    """A table's source, cited as the reports cite rules (in the language)."""
    text = cite(str(source or "").replace(" / ", "; "), lang, rs.name)
    return text.replace("\n", word("join", "semicolon", lang))


def die_faces(rs: Ruleset, lang: str = "en") -> View:
    """The combat die: what each face is and what it does (``combat.die_faces``)."""
    combat = rs.combat
    table = TableData(
        [
            Column(say("ui.rulesets.face", lang), justify="right", no_wrap=True),
            Column(say("ui.rulesets.symbol", lang)),
            Column(say("ui.rulesets.effect", lang)),
        ],
        title=say("ui.rulesets.faces", lang),
        caption=_caption(combat.die_faces_source, lang, rs),
        box="SIMPLE",
    )
    per_hit = combat.hit_removes_cohesion.value
    per_flag = combat.retreat_hexes_per_flag.value
    for face in sorted(combat.die_faces):
        entry = combat.die_faces[face]
        symbol = entry.symbol
        if symbol in HIT_SYMBOLS:
            kind = HIT_SYMBOLS[symbol]
            types = [t.label for t in rs.unit_types.values() if t.hit_by == kind]
            effect = say(
                "ui.rulesets.hurts",
                lang,
                what=word("category", kind, lang),
                types=", ".join(types) or "-",
                n=per_hit,
            )
        elif symbol == "flag":
            effect = say("ui.rulesets.flag", lang, n=per_flag)
        elif symbol == "order":
            effect = say("ui.rulesets.order", lang)
        elif symbol == "tactical_advantage":
            effect = say("ui.rulesets.advantage", lang)
        else:
            effect = say("ui.rulesets.no_effect", lang)
        label = (
            entry.label if entry.label and entry.label != symbol else word("symbol", symbol, lang)
        )
        table.add_row(str(face), label, effect)
    return View([table])


def _sections(rs: Ruleset) -> list[tuple[str, Any]]:
    return [
        ("movement_rules", rs.movement_rules),
        ("pass_through", rs.pass_through),
        ("roads", rs.roads),
        ("activation", rs.activation),
        ("combat", rs.combat),
        ("rout", rs.rout),
        ("pursuit", rs.pursuit),
        ("army_break", rs.army_break),
    ]


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


def ruleset_params(rs: Ruleset, lang: str = "en") -> View:
    """Every {value, source} parameter outside the movement table, with its source, and
    the rules without a number (``cite:`` entries)."""
    yes = say("ui.rulesets.yes", lang)
    table = TableData(
        [
            # the source (prose, often long) under the parameter's name: the name sets
            # the column's width, the value keeps its own, and 80 columns hold them all
            Column(say("ui.rulesets.parameter", lang) + "\n" + say("ui.rulesets.source", lang)),
            Column(say("ui.rulesets.value", lang)),
        ],
        title=say("ui.rulesets.params", lang, title=rs.title),
        box="SIMPLE",
    )
    for section, record in _sections(rs):
        for name in record.__struct_fields__:
            leaf = getattr(record, name)
            if isinstance(leaf, Param):
                table.add_row(
                    _named(f"{section}.{name}", _source(leaf.source, lang, rs.name)),
                    _short(_plain(leaf.value), lang),
                )
        cites = getattr(record, "cite", None)
        for name in cites.__struct_fields__ if cites is not None else ():  # rules without a number
            table.add_row(
                _named(f"{section}.cite.{name}", _source(getattr(cites, name), lang, rs.name)),
                "-",
            )
    terrain = TableData(
        [
            Column(say(f"ui.rulesets.{col}", lang))
            for col in ("terrain", "tlabel", "cost", "difficult", "impassable", "source")
        ],
        title=say("ui.rulesets.terrain", lang),
        box="SIMPLE",
    )
    for key, tr in rs.terrain.items():
        terrain.add_row(
            key,
            tr.label,
            str(tr.cost),
            yes if tr.difficult else "",
            yes if tr.impassable else "",
            _source(tr.source, lang, rs.name),
        )
    for key, h in rs.hexsides.items():
        terrain.add_row(
            say("ui.rulesets.hexside", lang, key=key),
            h.label,
            f"+{h.cost}",
            yes if h.difficult else "",
            yes if h.impassable else "",
            _source(h.source, lang, rs.name),
        )
    return View([table, terrain])


def _named(name: str, source: str) -> Para:
    """A parameter's cell: its name, and its source on the lines under it (dimmed)."""
    return Para(((name, "bold"), (f"\n{source}" if source else "", "dim")))


def _short(value: Any, lang: str = "en") -> str:
    """A parameter's value, as the catalogue's ``format.setting.*`` say it: English keeps
    the file's own spelling (``true``, ``[infantry]``, YAML's flow style, never Python's
    ``['infantry']``); French says yes and no in words and lists the keys as typed,
    without brackets. Never cut: the table wraps it."""
    if isinstance(value, bool):
        return catalogue_text(f"format.setting.{'true' if value else 'false'}", lang)
    if isinstance(value, list):
        return say("format.setting.list", lang, items=", ".join(map(_flow, value))) or "-"
    if isinstance(value, Mapping):  # the elephant's fury: die -> where
        pairs = [say("format.setting.pair", lang, key=_flow(k), value=v) for k, v in value.items()]
        return say("format.setting.map", lang, items=", ".join(pairs))
    return _flow(value)


def _flow(value: Any) -> str:
    """A value in YAML's flow style, as a ruleset file may write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(_flow, value)) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    return str(value)


def _source(source: str, lang: str, name: str) -> str:
    """Where a parameter comes from: as the ruleset file writes it in English; in another
    language the citation in words (an interpretation's explanation, written in English
    in the ruleset file, quoted as the file's text: :func:`cite`)."""
    if as_written(lang) or not source:
        return source
    from referee.render.wording import split_citation

    parts = []
    for part in split_citation(source):
        said = re.sub(r" \(referee rulesets \w*\)", "", cite(part, lang, name)).replace(
            "\n", word("join", "semicolon", lang)
        )
        parts.append(said)
    return word("join", "semicolon", lang).join(parts)


def _facing(name: str, lang: str) -> str:
    from referee.core.hexgrid import Direction

    arrow = FACING_ARROWS.get(Direction[name], "") if name in Direction.__members__ else ""
    short = word("facing_short", name, lang)
    return f"{arrow} {short}".strip()


def _unit_notes(u: Unit, lang: str) -> list[str]:
    """A unit's traits, reaction and statuses in words (the notes column, but for the
    leader with it)."""
    notes = [trait_word(t, lang) for t in sorted(u.traits)]
    if u.reaction:
        notes.append(word("reaction", u.reaction, lang))
    statuses = unit_statuses(u, all_of_them=True)
    if statuses:
        notes.append(words_list("status", statuses, lang))
    return notes


def army_table(state: GameState, rs: Ruleset, status: ArmyStatus, lang: str) -> View:
    """A side: its units (type and weight agreeing, cohesion, factors, statuses in
    words, leader), its leaders, its camp and tokens, its army break count."""
    side = state.side(status.side)
    title = f"{side.name} ({side.id})" + (
        f" — {say('ui.show.to_move', lang)}" if side.id == state.player else ""
    )
    codes = type_codes(rs)
    units = TableData(
        [
            Column(say("ui.show.id", lang), no_wrap=True),
            Column(say("ui.show.unit", lang)),
            Column(say("ui.show.at", lang), no_wrap=True),
            Column(say("ui.show.facing", lang), no_wrap=True),
            Column(say("ui.show.cohesion", lang), justify="right", no_wrap=True),
            Column(say("ui.show.factors", lang), no_wrap=True),
            Column(say("ui.show.notes", lang)),
        ],
        title=title,
    )
    attached = {lead.attached_to: lead.id for lead in side.leaders if lead.attached_to}
    width = state.map.grid.width
    # thousands of units, few kinds of them: each label and list of notes worded once
    kinds: dict[tuple[str, str], str] = {}
    facings: dict[str, str] = {}
    notes_of: dict[tuple[frozenset[str], str | None, frozenset[str]], list[str]] = {}
    for u in side.units:
        kind = kinds.get((u.type, u.weight))
        if kind is None:
            kind = kinds[u.type, u.weight] = (
                f"{codes.get(u.type, u.type)} "
                f"{unit_kind(rs.type_label(u.type), rs.weight_label(u.weight))}"
            )
        facing = facings.get(u.facing.name)
        if facing is None:
            facing = facings[u.facing.name] = _facing(u.facing.name, lang)
        said = notes_of.get((u.traits, u.reaction, u.status))
        if said is None:
            said = notes_of[u.traits, u.reaction, u.status] = _unit_notes(u, lang)
        notes = said
        if u.id in attached:
            notes = [*said, say("ui.show.with_leader", lang, leader=attached[u.id])]
        cohesion, factors = u.cohesion, u.factors
        units.add_row(
            u.id,
            kind,
            u.at.label(width) if u.at else "-",
            facing,
            f"{cohesion.current}/{cohesion.max}",
            f"{factors.shooting}({factors.range})/{factors.assault}/{factors.melee}",
            ", ".join(notes),
        )
    for u in side.off_table:
        notes = [trait_word(t, lang) for t in sorted(u.traits)]
        notes.append(say("ui.show.flank_march" if u.flank_march else "ui.show.reinforcement", lang))
        units.add_row(
            u.id,
            f"{codes.get(u.type, u.type)} "
            f"{unit_kind(rs.type_label(u.type), rs.weight_label(u.weight))}",
            say("ui.show.off_table", lang),
            "",
            f"{u.cohesion.current}/{u.cohesion.max}",
            "",
            ", ".join(notes),
        )
    leaders = TableData(
        [
            Column(say(f"ui.show.{col}", lang), no_wrap=col in ("leader", "at"))
            for col in ("leader", "name", "rank", "command", "at", "attached", "status")
        ]
    )
    # where an attached leader is: his unit's hex (state.leader_hex, without a search of
    # every unit for each leader); the first unit of that id, as state.find_unit
    attached_at: dict[str, Hex | None] = {}
    if attached:
        for s_ in reversed(state.sides):
            for u in reversed(s_.units):
                attached_at[u.id] = u.at
    for lead in side.leaders:
        h = lead.at
        if lead.attached_to is not None and lead.attached_to in attached_at:
            h = attached_at[lead.attached_to]
        leaders.add_row(
            lead.id,
            lead.name,
            rank_label(rs, lead.rank),
            f"+{lead.command_value}",
            h.label(width) if h else "-",
            lead.attached_to or "",
            words_list("status", sorted(lead.status), lang),
        )
    losses = TableData(
        [Column(say("ui.report.cohesion", lang)), Column(say("ui.report.losses", lang))],
        caption=rs.army_break.cite.army_break,
    )
    lines = []
    for ln in status.lines:
        if not ln.count:
            continue
        what = word("loss", ln.what, lang)
        if ln.points_each is not None:
            lines.append(
                say(
                    "ui.show.loss_line",
                    lang,
                    what=what,
                    count=ln.count,
                    each=ln.points_each,
                    points=ln.points,
                )
            )
        else:
            lines.append(
                say("ui.show.loss_line_varied", lang, what=what, count=ln.count, points=ln.points)
            )
    verdict = (
        say("ui.report.broken", lang)
        if status.broken
        else say("ui.show.to_break", lang, margin=status.margin)
    )
    present = say("ui.show.units_present", lang, cohesion=status.cohesion)
    if status.not_counted:
        present += say("ui.show.not_counted", lang, n=len(status.not_counted))
    losses.add_row(
        present,
        Para.of(
            say(
                "ui.show.losses_total",
                lang,
                lines=", ".join(lines) or say("ui.show.no_losses", lang),
                losses=status.losses,
                cohesion=status.cohesion,
                verdict=verdict,
            )
            + f"  {gauge(status.losses, status.cohesion, status.broken)}",
            "bold red" if status.broken else "",
        ),
    )
    camp = side.camp.at.label(width) if side.camp.at else "-"
    camp_text = (
        say("ui.show.camp", lang, at=camp)
        + (say("ui.show.fortified", lang) if side.camp.fortified else "")
        + (say("ui.show.taken", lang) if side.camp.taken else "")
    )
    extras = [
        camp_text,
        say("ui.show.tokens", lang, tokens=side.order_tokens),
        say("ui.show.edge", lang, edge=word("edge", side.edge, lang)),
    ]
    return View([units, leaders, Para.of("  ".join(extras)), losses])


__all__ = [
    "army_table",
    "die_faces",
    "movement_tables",
    "ruleset_params",
    "rulesets_list",
    "weight_agreed",
]

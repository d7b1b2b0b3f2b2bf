"""The adjudication report: every ruling with the rule it applies and its numbers.

Built as a rich-free :class:`~referee.render.blocks.View`: rich tables on a terminal,
aligned plain text when piped (``referee.render.console``). Wide pages put the rule
in a column beside each ruling; narrow ones (under 110 columns: an 80-column terminal,
a mail) under it, so that neither is squeezed into a sliver."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.core.dice import Roll
from referee.core.events import END, LOSS, REFUSED, Event
from referee.render.blocks import Block, Column, Deferred, Para, TableData, View, gauge
from referee.render.catalogue import text as catalogue_text
from referee.render.grammar import label, purpose, purpose_group, say, word
from referee.render.wording import cite

STYLE = {REFUSED: "bold red", LOSS: "yellow", END: "bold magenta"}
MARK = {REFUSED: "✗", LOSS: "•", END: "■"}
WIDE = 110  # from this page width on, the rule gets its own column


def report_title(
    ruleset_title: str, state: Any, lang: str, index: int | None = None, practice: bool = False
) -> str:
    """``Thucidide — cannae-216: turn 1, carthage, combat phase`` in ``lang``."""
    title = say(
        "ui.report.title",
        lang,
        ruleset=ruleset_title,
        game=state.game,
        turn=state.turn,
        player=state.player,
        phase=word("phase_title", state.phase, lang),
    )
    if index is not None:
        title += f" ({say('ui.report.replayed', lang, index=index)})"
    if practice:
        title += " — " + say("ui.report.practice", lang)
    return title


def next_moment(state: Any, lang: str, written: str | None = None) -> str:
    phase = word("phase_title", state.phase, lang)
    if written is None:
        return say("ui.report.after", lang, turn=state.turn, player=state.player, phase=phase)
    return say(
        "ui.report.written", lang, path=written, turn=state.turn, player=state.player, phase=phase
    )


def game_over(result: Mapping[str, Any] | None, lang: str) -> str:
    if result is None:
        return ""
    broken = ", ".join(map(str, result.get("broken") or []))
    return " — " + say(
        "ui.report.game_over",
        lang,
        outcome=word("outcome", result.get("outcome"), lang),
        broken=broken,
    )


def ruling_rows(
    events: Sequence[Event], lang: str, rs: Any = None
) -> list[tuple[int, Event, str, str]]:
    """(number, event, sentence, citation) of every ruling (army status lines apart)."""
    # here: the event texts (every phase's) are not needed by `show`, which imports
    # this module for gauge()
    from referee.render.messages import message

    rows = []
    n = 0
    for event in events:
        if event.code == "army.status":
            continue
        n += 1
        rows.append(
            (
                n,
                event,
                message(event.code, event.subject, event.data, lang, rs),
                cite(event.rule, lang, getattr(rs, "name", None)),
            )
        )
    return rows


def _rulings(rows: list[tuple[int, Event, str, str]], lang: str, width: int) -> list[Block]:
    wide = width >= WIDE
    columns = [Column("#", justify="right", no_wrap=True), Column(say("ui.report.ruling", lang))]
    if wide:
        columns.append(Column(say("ui.report.rule", lang), style="dim"))
    table = TableData(columns, box="SIMPLE_HEAD")
    for n, event, text, rule in rows:
        mark = MARK.get(event.severity, "")
        style = STYLE.get(event.severity, "")
        ruling = f"{mark} {text}".strip()
        if wide:
            table.add_row(str(n), Para.of(ruling, style), rule)
        else:
            table.add_row(str(n), Para(((ruling, style), ("\n" + rule, "dim"))))
    return [table]


def rolls_text(rolls: Iterable[Roll], lang: str) -> str:
    """The dice of the phase, by roll: ``#1-3 C1 melee E1: 2 1 5 · #4-5 ...``."""
    groups: list[tuple[str, list[Roll]]] = []
    for r in rolls:
        key = purpose_group(r.purpose)
        if groups and groups[-1][0] == key:
            groups[-1][1].append(r)
        else:
            groups.append((key, [r]))
    parts = []
    for _, group in groups:
        head = purpose(group[0].purpose, lang, head=True)
        first, last = group[0].index + 1, group[-1].index + 1
        numbers = f"#{first}" if first == last else f"#{first}-{last}"
        sep = catalogue_text("format.separator", lang)
        parts.append(f"{numbers} {head}{sep}" + " ".join(str(r.value) for r in group))
    return " · ".join(parts)


def loss_detail(lines: Iterable[Mapping[str, Any]], lang: str) -> str:
    parts = []
    for ln in lines:
        if not ln.get("count"):
            continue
        what = word("loss", ln.get("what"), lang)
        each = ln.get("points_each")
        if each is None and ln.get("what") != "general_lost" and ln["points"] % ln["count"] == 0:
            each = ln["points"] // ln["count"]
        if each is not None:
            parts.append(
                say(
                    "ui.show.loss_line",
                    lang,
                    what=what,
                    count=ln["count"],
                    each=each,
                    points=ln["points"],
                )
            )
        else:
            parts.append(
                say(
                    "ui.show.loss_line_varied",
                    lang,
                    what=what,
                    count=ln["count"],
                    points=ln["points"],
                )
            )
    return ", ".join(parts) or "-"


def events_rule(events: Sequence[Event]) -> str:
    """The rule the army-break check cites (the ruleset's, carried by its events)."""
    return next((e.rule for e in events if e.code == "army.status" and e.rule), "")


def army_break_table(
    armies: Sequence[tuple[str, Mapping[str, Any]]], lang: str, rule: str = ""
) -> TableData:
    """One row per side: army cohesion, losses, a gauge toward the break point."""
    table = TableData(
        [
            Column(say("ui.report.side", lang), no_wrap=True),
            Column(say("ui.report.cohesion", lang), justify="right", no_wrap=True),
            Column(say("ui.report.losses", lang), justify="right", no_wrap=True),
            Column(say("ui.report.gauge", lang), no_wrap=True),
            Column(say("ui.report.detail", lang)),
        ],
        title=say("ui.report.armies", lang),
        caption=rule,
    )
    for side, data in armies:
        cohesion, losses, broken = int(data["cohesion"]), int(data["losses"]), bool(data["broken"])
        state = (
            say("ui.report.broken", lang)
            if broken
            else say("ui.report.margin", lang, margin=max(0, cohesion - losses))
        )
        table.add_row(
            side,
            str(cohesion),
            str(losses),
            Para.of(f"{gauge(losses, cohesion, broken)} {state}", "bold red" if broken else ""),
            loss_detail(data.get("lines") or [], lang),
        )
    return table


def report_view(
    title: str,
    events: Iterable[Event],
    rolls: Iterable[Roll],
    lang: str,
    footer: str = "",
    rs: Any = None,
) -> View:
    events = list(events)
    rows = ruling_rows(events, lang, rs)
    parts: list[Block] = [Para.of(title, "bold")]
    if rows:
        parts.append(Deferred(lambda width: _rulings(rows, lang, width)))
    else:
        parts.append(Para.of(say("ui.report.nothing", lang)))
    rolls = list(rolls)
    if rolls:
        parts.append(
            Para.of(f"{label(say('ui.report.rolls', lang), lang)} " + rolls_text(rolls, lang))
        )
    armies = [(str(e.subject), e.data) for e in events if e.code == "army.status"]
    if armies:
        parts.append(army_break_table(armies, lang, events_rule(events)))
    if footer:
        parts.append(Para.of(footer))
    return View(parts)

"""The adjudication report: every ruling with the rule it applies and its numbers.

Built as a rich-free :class:`~referee.render.blocks.View`: rich tables on a terminal,
aligned plain text when piped (``referee.render.console``)."""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.dice import Roll
from referee.core.events import END, LOSS, REFUSED, Event
from referee.render.blocks import Column, Para, TableData, View
from referee.render.messages import message

HEAD = {
    "en": {"applied": "Applied", "turn": "turn", "to": "next", "rolls": "Dice rolled",
           "armies": "Army break check", "rule": "rule", "ruling": "ruling",
           "refused": "refused", "over": "GAME OVER",
           "nothing": "Nothing to rule in this phase."},
    "fr": {"applied": "Appliqué", "turn": "tour", "to": "ensuite", "rolls": "Dés lancés",
           "armies": "Contrôle de déroute de l'armée", "rule": "règle", "ruling": "décision",
           "refused": "refusé", "over": "PARTIE TERMINÉE",
           "nothing": "Rien à décider dans cette phase."},
}
STYLE = {REFUSED: "bold red", LOSS: "yellow", END: "bold magenta"}
MARK = {REFUSED: "✗", LOSS: "•", END: "■"}


def report_view(title: str, events: Iterable[Event], rolls: Iterable[Roll], lang: str,
                footer: str = "") -> View:
    h = HEAD.get(lang, HEAD["en"])
    events = list(events)
    rulings = TableData([Column("#", justify="right", no_wrap=True), Column(h["ruling"]),
                         Column(h["rule"], style="dim")], box="SIMPLE_HEAD")
    n = 0
    for event in events:
        if event.code == "army.status":
            continue
        n += 1
        text = message(event.code, event.subject, event.data, lang)
        mark = MARK.get(event.severity, "")
        rulings.add_row(str(n), Para.of(f"{mark} {text}".strip(),
                                        STYLE.get(event.severity, "")), event.rule)
    parts: list[Para | TableData] = [Para.of(title, "bold"),
                                     rulings if n else Para.of(h["nothing"])]
    rolls = list(rolls)
    if rolls:
        parts.append(Para.of(f"{h['rolls']}: " + "  ".join(f"{r.index + 1}:{r.value} ({r.purpose})"
                                                           for r in rolls)))
    armies = [e for e in events if e.code == "army.status"]
    if armies:
        table = TableData([Column("side", no_wrap=True), Column("cohesion", no_wrap=True),
                           Column("losses", no_wrap=True), Column("detail")],
                          title=h["armies"], caption=armies[0].rule)
        for e in armies:
            detail = ", ".join(f"{ln['what']} {ln['count']} → {ln['points']}"
                               for ln in e.data["lines"] if ln["count"])
            table.add_row(str(e.subject), str(e.data["cohesion"]),
                          f"{e.data['losses']}" + (" BROKEN" if e.data["broken"] else ""),
                          detail or "-")
        parts.append(table)
    if footer:
        parts.append(Para.of(footer))
    return View(parts)

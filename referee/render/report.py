"""The adjudication report: every ruling with the rule it applies and its numbers."""

from __future__ import annotations

from collections.abc import Iterable

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from referee.core.dice import Roll
from referee.core.events import END, LOSS, REFUSED, Event
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
                footer: str = "") -> RenderableType:
    h = HEAD.get(lang, HEAD["en"])
    events = list(events)
    rulings = Table(box=box.SIMPLE_HEAD, show_lines=False, expand=False)
    rulings.add_column("#", justify="right")
    rulings.add_column(h["ruling"])
    rulings.add_column(h["rule"], style="dim")
    n = 0
    for event in events:
        if event.code == "army.status":
            continue
        n += 1
        text = message(event.code, event.subject, event.data, lang)
        mark = MARK.get(event.severity, "")
        rulings.add_row(str(n), Text(f"{mark} {text}".strip(),
                                     style=STYLE.get(event.severity, "")), event.rule)
    parts: list[RenderableType] = [Text(title, style="bold"),
                                   rulings if n else Text(h["nothing"])]
    rolls = list(rolls)
    if rolls:
        parts.append(Text(f"{h['rolls']}: " + "  ".join(f"{r.index + 1}:{r.value} ({r.purpose})"
                                                        for r in rolls)))
    armies = [e for e in events if e.code == "army.status"]
    if armies:
        table = Table(title=h["armies"], box=box.SIMPLE_HEAD, caption="001 §Déroute de l'armée")
        table.add_column("side")
        table.add_column("cohesion")
        table.add_column("losses")
        table.add_column("detail")
        for e in armies:
            detail = ", ".join(f"{ln['what']} {ln['count']} → {ln['points']}"
                               for ln in e.data["lines"] if ln["count"])
            table.add_row(str(e.subject), str(e.data["cohesion"]),
                          f"{e.data['losses']}" + (" BROKEN" if e.data["broken"] else ""),
                          detail or "-")
        parts.append(table)
    if footer:
        parts.append(Text(footer))
    return Group(*parts)

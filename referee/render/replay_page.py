"""The whole game as one page (``referee history GAME --html FILE``): every phase of the
record, replayed, stepped through with buttons and the arrow keys, each with its map,
its actions drawn on it (numbered as the rulings) and its rulings.

One self-contained file (inline SVG, script and styles from ``page/``, no network),
kept small enough to mail: the maps of successive steps share most of their drawing
(terrain, roads, labels, the legend), so each step's SVG is cut into its top-level
groups and every distinct group is stored once; a step lists the groups it is made of.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.render.grammar import say
from referee.render.html import _CSS, rulings_section
from referee.render.orders_page import asset, json_for_script
from referee.render.pictures import phase_svg
from referee.render.report import events_rule, game_over, next_moment, report_title, ruling_rows
from referee.render.svg import DEFAULT_SIZE, svg_map


class Pool:
    """Distinct pieces of text, each stored once; a drawing is a list of their indices."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self._index: dict[str, int] = {}

    def add(self, piece: str) -> int:
        found = self._index.get(piece)
        if found is None:
            found = self._index[piece] = len(self.pieces)
            self.pieces.append(piece)
        return found

    def split(self, svg: str) -> list[int]:
        """The SVG (without its XML declaration) as indices of its pieces: each line
        outside a group, each top-level group whole, but the counters' groups (units,
        leaders) cut into one piece a counter (most stay the same from step to step)."""
        svg = svg[svg.find("<svg") :]
        out: list[int] = []
        chunk: list[str] = []
        depth = 0
        floor = 0  # 1 inside a group cut into its children
        for line in svg.split("\n"):
            if not line:
                continue
            if depth == 0 and line.startswith(_CUT):
                out.append(self.add(line))
                depth = floor = 1
                continue
            chunk.append(line)
            depth += line.count("<g ") + line.count("<g>") - line.count("</g>")
            if depth <= floor:
                out.append(self.add("\n".join(chunk)))
                chunk = []
                if depth < floor:
                    depth = floor = 0
        if chunk:
            out.append(self.add("\n".join(chunk)))
        return out


_CUT = ('<g id="units">', '<g id="leaders">')


def _step(pool: Pool, title: str, svg: str, body: str, subtitle: str = "") -> dict[str, Any]:
    return {"title": title, "subtitle": subtitle, "svg": pool.split(svg), "html": body}


def replay_page(
    initial_title: str,
    entries: Sequence[Any],
    states: dict[int, GameState],
    phases: dict[int, tuple[GameState, Any]],
    rs: Ruleset,
    lang: str,
    version: str = "",
    size: float = DEFAULT_SIZE,
) -> tuple[str, int]:
    """The page and its number of steps. ``entries``: the history; ``states``: the
    position after each entry; ``phases``: (position before, outcome) of each phase
    entry (:func:`referee.play.verify.replay_game` gives them)."""
    pool = Pool()
    steps: list[dict[str, Any]] = []
    for i, entry in enumerate(entries):
        kind = entry.get("phase")
        if i in phases:
            before, outcome = phases[i]
            events = outcome.events
            title = report_title(rs.title, before, lang, index=i)
            subtitle = next_moment(outcome.state, lang) + game_over(outcome.state.result, lang)
            armies = [(str(e.subject), e.data) for e in events if e.code == "army.status"]
            names = {s.id: s.name for s in outcome.state.sides}
            body = rulings_section(
                ruling_rows(events, lang, rs),
                list(outcome.rolls),
                [(names.get(side, side), data) for side, data in armies],
                lang,
                events_rule(events),
            )
            steps.append(
                _step(
                    pool,
                    title,
                    phase_svg(before, outcome.state, events, rs, lang, size, i),
                    body,
                    subtitle,
                )
            )
        elif kind == "start" and i in states:
            title = say("ui.replay.start", lang)
            steps.append(
                _step(
                    pool,
                    title,
                    svg_map(states[i], rs, lang, size),
                    "",
                    next_moment(states[i], lang),
                )
            )
        elif kind == "rollback" and i in states:
            title = say("ui.replay.rollback", lang, index=entry.get("to"))
            steps.append(
                _step(
                    pool,
                    title,
                    svg_map(states[i], rs, lang, size),
                    "",
                    next_moment(states[i], lang),
                )
            )
    t = {
        key: say(f"ui.replay.{key}", lang) for key in ("first", "previous", "next", "last", "step")
    }
    data = {"steps": steps, "pool": pool.pieces, "t": t}
    nav = "".join(
        f'<button type="button" id="{key}">{escape(str(t[key]))}</button>'
        for key in ("first", "previous", "next", "last")
    )
    page = "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{lang}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(initial_title)}</title>",
            f"<style>{_CSS}{asset('replay.css')}</style>",
            "</head>",
            "<body>",
            f"<header><h1>{escape(initial_title)}</h1>"
            f'<nav>{nav} <span id="where"></span> <select id="steps" '
            f'aria-label="{escape(say("ui.replay.steps", lang))}"></select>'
            f'</nav><p class="keys">{escape(say("ui.replay.keys", lang))}</p>'
            '<h2 id="step-title"></h2><p id="step-subtitle"></p></header>',
            '<main><figure class="map" id="map"></figure><div id="rulings"></div></main>',
            f"<footer><p>{escape(say('ui.replay.footer', lang, version=version))}</p></footer>",
            f'<script id="data" type="application/json">{json_for_script(data)}</script>',
            f"<script>{asset('replay.js')}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )
    return page, len(steps)

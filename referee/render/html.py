"""A turn report as one self-contained HTML file: the map of the phase with its actions
(inline SVG) and the rulings below it, numbered as on the map, with the dice and the
army break check. Inline CSS, no script, no external resource: readable offline in
any browser, fit for a forum post or a mail attachment; printable. The map takes the
page's whole width (readable at 1400 px, issue 24), the rulings below it in two
columns on a wide screen, the army table the whole width (its detail never cut)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from referee.core.dice import Roll
from referee.core.events import END, LOSS, REFUSED, Event
from referee.render.blocks import gauge
from referee.render.grammar import label, say
from referee.render.report import MARK, loss_detail, rolls_text

_CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 "DejaVu Sans", Verdana, Arial, sans-serif; color: #222;
       background: #fbf8ee; }
header, footer { padding: 0.8em 1.2em; }
header h1 { font-size: 1.25em; margin: 0 0 0.2em; }
header p, footer p { margin: 0.2em 0; color: #555; }
main { padding: 0 1.2em 1em; }
figure.map { margin: 0 0 1em; }
figure.map svg { width: 100%; height: auto; display: block; border: 1px solid #d8d0b8;
                 background: #fbf8ee; }
figure.map figcaption { color: #555; font-size: 0.9em; margin-top: 0.3em; }
section.rulings { min-width: 0; }
@media (min-width: 1100px) {
  ol.rulings { columns: 2 32em; column-gap: 3em; }
  ol.rulings li { break-inside: avoid; }
}
section h2 { font-size: 1.1em; margin: 0.2em 0 0.5em; }
ol.rulings { margin: 0; padding-left: 2.4em; }
ol.rulings li { margin: 0 0 0.55em; }
ol.rulings li .rule { display: block; color: #6b665a; font-size: 0.85em; white-space: pre-line; }
ol.rulings li.refused .text { color: #b71c1c; font-weight: bold; }
ol.rulings li.loss .text { color: #8a5a00; }
ol.rulings li.end .text { color: #6a1b9a; font-weight: bold; }
p.rolls { font-size: 0.9em; color: #444; }
table.armies { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; width: 100%; }
table.armies td { overflow-wrap: anywhere; }
table.armies caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }
table.armies th, table.armies td { border-bottom: 1px solid #ddd3b8; padding: 0.25em 0.6em;
                                   text-align: left; vertical-align: top; }
table.armies td.num { text-align: right; }
table.armies td.gauge { font-family: "DejaVu Sans Mono", monospace; white-space: nowrap; }
table.armies tr.broken td { color: #b71c1c; font-weight: bold; }
@media print {
  body { background: #fff; }
  main { display: block; }
  figure.map { page-break-after: always; }
}
"""

_CLASS = {REFUSED: "refused", LOSS: "loss", END: "end"}


def _inline_svg(svg: str) -> str:
    """The SVG element alone (no XML declaration: inside HTML it is not allowed)."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def html_report(
    title: str,
    svg: str,
    rows: Sequence[tuple[int, Event, str, str]],
    rolls: Sequence[Roll],
    armies: Sequence[tuple[str, Mapping[str, Any]]],
    footer: str,
    lang: str,
    version: str = "",
    armies_rule: str = "",
) -> str:
    """The whole page. ``rows``: (number, event, ruling, rule) as
    :func:`referee.render.report.ruling_rows` gives them, numbered as the map's tags;
    ``armies_rule``: the rule the army-break check cites."""
    out = [
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<header><h1>{escape(title)}</h1>",
    ]
    if footer:
        out.append(f"<p>{escape(footer)}</p>")
    out.append("</header>\n<main>")
    out.append(
        f'<figure class="map">{_inline_svg(svg)}'
        f"<figcaption>{escape(say('ui.html.map', lang))}</figcaption></figure>"
    )
    out.append(rulings_section(rows, rolls, armies, lang, armies_rule))
    out.append("</main>")
    out.append(f"<footer><p>{escape(say('ui.html.footer', lang, version=version))}</p></footer>")
    out.append("</body>\n</html>\n")
    return "\n".join(out)


def rulings_section(
    rows: Sequence[tuple[int, Event, str, str]],
    rolls: Sequence[Roll],
    armies: Sequence[tuple[str, Mapping[str, Any]]],
    lang: str,
    armies_rule: str = "",
) -> str:
    """The rulings of a phase, numbered as the map's tags, its dice and the army break
    check, as one ``<section>`` (the turn report's and the whole game's pages)."""
    out = ['<section class="rulings">']
    out.append(f"<h2>{escape(say('ui.html.rulings', lang))}</h2>")
    if rows:
        out.append('<ol class="rulings">')
        for n, event, text, rule in rows:
            css = _CLASS.get(event.severity, "info")
            mark = MARK.get(event.severity, "")
            out.append(
                f'<li id="ruling-{n}" value="{n}" class="{css}" '
                f'data-code="{escape(event.code)}"><span class="text">'
                f"{escape((mark + ' ' + text).strip())}</span>"
                f'<span class="rule">{escape(rule)}</span></li>'
            )
        out.append("</ol>")
    else:
        out.append(f"<p>{escape(say('ui.report.nothing', lang))}</p>")
    if rolls:
        out.append(
            f'<p class="rolls"><strong>{escape(label(say("ui.report.rolls", lang), lang))}'
            f"</strong> {escape(rolls_text(rolls, lang))}</p>"
        )
    if armies:
        out.append('<table class="armies">')
        out.append(
            f"<caption>{escape(say('ui.report.armies', lang))}"
            f"{' — ' + escape(armies_rule) if armies_rule else ''}</caption>"
        )
        heads = [
            say(k, lang)
            for k in (
                "ui.report.side",
                "ui.report.cohesion",
                "ui.report.losses",
                "ui.report.gauge",
                "ui.report.detail",
            )
        ]
        out.append("<tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>")
        for side, data in armies:
            cohesion, losses = int(data["cohesion"]), int(data["losses"])
            broken = bool(data["broken"])
            state = (
                say("ui.report.broken", lang)
                if broken
                else say("ui.report.margin", lang, margin=max(0, cohesion - losses))
            )
            out.append(
                f'<tr class="{"broken" if broken else "army"}"><td>{escape(side)}</td>'
                f'<td class="num">{cohesion}</td><td class="num">{losses}</td>'
                f'<td class="gauge">{escape(gauge(losses, cohesion, broken))} '
                f"{escape(state)}</td>"
                f"<td>{escape(loss_detail(data.get('lines') or [], lang))}</td></tr>"
            )
        out.append("</table>")
    out.append("</section>")
    return "\n".join(out)

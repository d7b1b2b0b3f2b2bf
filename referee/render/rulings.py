"""What ``referee rulesets NAME`` says about the texts themselves: the interpretations
(``--interpretations``: every sentence that reads two ways, its readings, the default
and the reading applied) and one heading's entries of the conformance page (``--rule
HEADING``: each sentence, the parameters that carry it, the interpretations it
involves, the cases that check it), to settle a ruling at the table."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from referee.core.errors import InvalidInput
from referee.core.ruleset import Ruleset
from referee.core.typed import unknown
from referee.render.blocks import Column, Para, TableData, View
from referee.render.grammar import quote, say
from referee.render.wording import source_said

__all__ = ["interpretations_json", "interpretations_view", "rule_json", "rule_view"]


def _quoted(text: str, lang: str, ctx: str = "") -> str:
    """A ruleset's own English explanation: as written in English; in another language
    the catalogue's translation (``ctx``: ``source.reading``, ``source.why``,
    ``source.not_a_rule``, the shipped rulesets' English, ``tools/i18n.py``), else
    quoted (it is the file's text, not a sentence of the referee's)."""
    said = source_said(ctx, text, lang) if ctx else None
    return quote(text, lang) if said is None else said


def interpretations_json(rs: Ruleset) -> dict[str, Any]:
    """``--interpretations --json``: ``{"ruleset", "interpretations": [...]}``, each with
    ``id``, ``source``, ``sentence``, ``readings`` (id -> meaning), ``default``,
    ``reading`` (the one applied), ``why`` and ``applied_by``."""
    return {
        "ruleset": rs.name,
        "interpretations": [
            {
                "id": i.id,
                "source": i.source,
                "sentence": i.sentence,
                "readings": dict(i.readings),
                "default": i.default,
                "reading": i.reads_as,
                "why": i.why,
                "applied_by": i.applied_by,
            }
            for i in rs.interpretations.values()
        ],
    }


def interpretations_view(rs: Ruleset, lang: str = "en") -> View:
    table = TableData(
        [
            Column(say("ui.rulesets.interpretation", lang)),
            Column(say("ui.rulesets.sentence", lang)),
            Column(say("ui.rulesets.readings", lang)),
        ],
        title=say("ui.rulesets.interpretations", lang, title=rs.title),
        show_lines=True,
    )
    for i in rs.interpretations.values():
        readings = []
        for key, r in i.readings.items():
            marks = [say("ui.rulesets.default", lang)] if key == i.default else []
            if key == i.reads_as:
                marks.append(say("ui.rulesets.applied", lang))
            mark = f" ({', '.join(marks)})" if marks else ""
            meaning = _quoted(r, lang, "source.reading")
            readings.append(say("ui.rulesets.reading", lang, key=key, mark=mark, meaning=meaning))
        readings.append(say("ui.rulesets.why", lang, why=_quoted(i.why, lang, "source.why")))
        if i.applied_by != "engine":
            readings.append(say("ui.rulesets.applied_by", lang, by=i.applied_by))
        table.add_row(f"`{i.id}`", f"{i.source}\n« {i.sentence} »", "\n".join(readings))
    return View([table, Para.of(say("ui.rulesets.switch", lang, name=rs.name))])


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("’", "'"))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return re.sub(r"\s+", " ", text).strip()


def _entries(rs: Ruleset, data: Mapping[str, Any], heading: str) -> list[dict[str, Any]]:
    """The sentences of this ruleset's texts under ``heading`` (as cited or as printed,
    accents and case aside; or a part of it), 002 (the web edition of 000) left out."""
    mine = [
        s
        for s in data["sentences"]
        if rs.name in data["rulesets"].get(s["file"], []) and s["file"] != "002" and s["heading"]
    ]
    want = _fold(heading).removeprefix("§")
    exact = [s for s in mine if want in (_fold(s["cites"]), _fold(s["heading"]))]
    found = exact or [s for s in mine if want and want in _fold(s["cites"])]
    if not found:
        names = sorted({s["cites"] for s in mine if s["cites"]})
        raise InvalidInput(
            [
                unknown(
                    "rule",
                    heading,
                    names,
                    "ruleset.unknown_rule",
                    key=heading,
                )
            ]
        )
    return found


def _value(rs: Ruleset, path: str) -> str:
    node: Any = rs.document
    for part in re.findall(r"[^.\[\]]+", path):
        if isinstance(node, Mapping):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return ""
    if isinstance(node, Mapping) and "value" in node:
        value = node["value"]
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list):
            return ", ".join(map(str, value)) or "-"
        return str(value)
    if isinstance(node, Mapping) and "cells" in node:
        cells = node["cells"]
        return " | ".join(map(str, cells.values() if isinstance(cells, Mapping) else cells))
    return ""


def rule_json(rs: Ruleset, data: Mapping[str, Any], heading: str) -> dict[str, Any]:
    """``--rule HEADING --json``: the heading's sentences, each with its parameters
    (path and value in this ruleset, house rules included), interpretations (with the
    reading applied) and cases."""
    out = []
    headings: dict[str, list[dict[str, str]]] = {}
    for s in _entries(rs, data, heading):
        heading_keys = data["heading_keys"].get(s["file"], {}).get(s["cites"], [])
        headings[s["rule"]] = [{"key": k, "value": _value(rs, k)} for k in heading_keys]
        out.append(
            {
                "id": s["id"],
                "rule": s["rule"],
                "heading": s["heading"],
                "sentence": s["text"],
                "not_a_rule": s.get("not_a_rule"),
                "parameters": [{"key": k, "value": _value(rs, k)} for k in s["keys"]],
                "interpretations": [
                    {
                        "id": i,
                        "reading": rs.interpretations[i].reads_as,
                        "default": rs.interpretations[i].default,
                    }
                    for i in s["interpretations"]
                    if i in rs.interpretations
                ],
                "cases": [c for c in s["cases"] if c.startswith(f"{rs.name}/")],
            }
        )
    return {
        "ruleset": rs.name,
        "rule": heading,
        "headings": [{"rule": r, "parameters": p} for r, p in headings.items()],
        "sentences": out,
    }


def rule_view(rs: Ruleset, data: Mapping[str, Any], heading: str, lang: str = "en") -> View:
    entry = rule_json(rs, data, heading)
    params = {h["rule"]: h["parameters"] for h in entry["headings"]}
    blocks: list[Any] = []
    shown = None
    for s in entry["sentences"]:
        if s["rule"] != shown:
            shown = s["rule"]
            blocks.append(Para.of(f"{s['rule']} — {s['heading']}", style="bold"))
            if params.get(shown):
                blocks.append(
                    Para.of(
                        say(
                            "ui.rulesets.carried_by",
                            lang,
                            keys="`, `".join(_param(p) for p in params[shown]),
                        )
                    )
                )
        lines = [f"« {s['sentence']} »"]
        if s["not_a_rule"]:
            lines.append(
                say(
                    "ui.rulesets.not_a_rule",
                    lang,
                    why=_quoted(s["not_a_rule"], lang, "source.not_a_rule"),
                )
            )
        else:
            if s["parameters"]:
                lines.append(
                    say(
                        "ui.rulesets.quoted_by",
                        lang,
                        keys="`, `".join(_param(p) for p in s["parameters"]),
                    )
                )
            for i in s["interpretations"]:
                lines.append(
                    say(
                        "ui.rulesets.involves",
                        lang,
                        id=i["id"],
                        reading=i["reading"],
                        default=i["default"],
                    )
                )
            lines.append(
                say(
                    "ui.rulesets.cases",
                    lang,
                    cases="`, `".join(c.split("/", 1)[1] for c in s["cases"]) or "-",
                )
            )
        blocks.append(
            Para.of("\n".join(f"  {line}" if n else f"- {line}" for n, line in enumerate(lines)))
        )
    return View(blocks)


def _param(p: Mapping[str, str]) -> str:
    return p["key"] + (f" = {p['value']}" if p["value"] else "")

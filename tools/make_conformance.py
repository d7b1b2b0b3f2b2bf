"""Regenerate the conformance page (issue 23): every sentence of the five rules texts,
the ruleset keys that carry it, the interpretations it involves and the cases that
check it.

    python tools/make_conformance.py [--rules DIR]

DIR is the folder of the texts (default: ``../shared/rules`` beside the checkout, or
``$REFEREE_RULES_TEXTS``). It writes ``rulesets/conformance.json`` (the data: shipped
with the rulesets, read by ``referee rulesets NAME --rule HEADING``) and
``docs/conformance.md`` (the page, rendered from that data alone). The hand-reviewed
part is ``tools/conformance_map.yaml``: which cases check each sentence, and why a line
is not a rule. ``tests/test_conformance.py`` checks the data against ``tests/cases/``
without the texts: every rule sentence has a case, every case cites a sentence (or a
fact or interpretation of its ruleset), and the page is the data's.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from conformance_texts import FILES, fold, read_all, twin  # noqa: E402

DATA = ROOT / "rulesets" / "conformance.json"
PAGE = ROOT / "docs" / "conformance.md"
MAP = ROOT / "tools" / "conformance_map.yaml"
CASES = ROOT / "tests" / "cases"
# the other sentences an interpretation decides (by a phrase they hold, folded): who is
# « infanterie légère » matters wherever 001 names it
ALSO = {"light_infantry": ("infanterie legere",)}
# the rulesets whose cases check each text
RULESETS = {
    "000": ["thucidide"],
    "002": ["thucidide"],
    "003": ["panache"],
    "004": ["frederic"],
    "001": ["thucidide", "panache", "frederic"],
}


def _stems(ruleset: str) -> list[str]:
    return sorted(p.stem for p in (CASES / ruleset).glob("*.yaml"))


def _entry(text: str, mapping: Mapping[str, Any]) -> tuple[str, Any]:
    folded = fold(text)
    keys = [k for k in mapping if folded.startswith(fold(k))]
    if not keys:
        raise SystemExit(f"tools/conformance_map.yaml: no entry for the sentence {text!r}")
    key = max(keys, key=len)
    return key, mapping[key]


def _sources(doc: Any, path: str = "") -> list[tuple[str, str]]:
    """(path, citation) of every source and cite entry of a merged ruleset document."""
    out: list[tuple[str, str]] = []
    if isinstance(doc, Mapping):
        for k, v in doc.items():
            here = f"{path}.{k}" if path else str(k)
            if here.startswith("interpretations"):
                continue  # listed as interpretations, not keys
            if isinstance(v, str) and (k == "source" or path.endswith(".cite") or k == "cite"):
                out.append((path if k == "source" else here, v))
            else:
                out.extend(_sources(v, here))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.extend(_sources(v, f"{path}[{i}]"))
    return out


def build(folder: Path) -> dict[str, Any]:
    from referee.io.rulesets import load_ruleset

    mapping = yaml.safe_load(MAP.read_text(encoding="utf-8"))
    sentences = read_all(folder)
    rulesets = {n: load_ruleset(n) for n in ("thucidide", "panache", "frederic")}
    stems = {n: _stems(n) for n in rulesets}
    interpretations = rulesets["thucidide"].interpretations
    sources = {n: _sources(rs.document) for n, rs in rulesets.items()}
    base = [s for s in sentences if s["file"] == "000"]
    used: set[str] = set()
    out = []
    for s in sentences:
        code = s["file"]
        item = {k: s[k] for k in ("id", "file", "heading", "cites", "text", "table")}
        cite_code = "000" if code == "002" else code
        same = twin(s["text"], base) if code == "002" else None
        key, value = _entry(same["text"] if same is not None else s["text"], mapping)
        used.add(key)
        if same is not None:
            item["twin"] = same["id"]
            item["cites"] = same["cites"]
        if isinstance(value, Mapping):
            item["not_a_rule"] = str(value["not_a_rule"])
            item["cases"] = []
        else:
            cases = []
            for ruleset in RULESETS[code]:
                for pattern in value:
                    cases += [
                        f"{ruleset}/{stem}" for stem in fnmatch.filter(stems[ruleset], pattern)
                    ]
            item["cases"] = sorted(dict.fromkeys(cases))
        citation = f"{cite_code} §{item['cites']}" if item["cites"] else ""
        item["rule"] = citation
        keys: list[str] = []
        for ruleset in RULESETS[code]:
            for path, src in sources[ruleset]:
                if not citation or not src.startswith(citation):
                    continue
                quoted = re.search(r"\((?:[^()]*«\s*)?([^()«»]{12,})", src)
                quotes = quoted is not None and fold(quoted.group(1).strip(" »")) in fold(s["text"])
                row = (
                    item["table"]
                    and path.startswith("movement.")
                    and _row_label(rulesets[ruleset], path, s["text"])
                )
                if quotes or row:
                    keys.append(path)
        item["keys"] = sorted(dict.fromkeys(keys))
        item["interpretations"] = sorted(
            i.id
            for i in interpretations.values()
            if fold(s["text"]) in fold(i.sentence)
            or fold(i.sentence) in fold(s["text"])
            or any(w in fold(s["text"]) for w in ALSO.get(i.id, ()))
        )
        out.append(item)
    unused = sorted(set(mapping) - used)
    if unused:
        raise SystemExit(f"tools/conformance_map.yaml: entries that match no sentence: {unused}")
    headings: dict[str, dict[str, list[str]]] = {}
    for code in FILES:
        cite_code = "000" if code == "002" else code
        for s in out:
            if s["file"] != code or not s["cites"]:
                continue
            citation = f"{cite_code} §{s['cites']}"
            paths = sorted(
                {p for r in RULESETS[code] for p, src in sources[r] if src.startswith(citation)}
            )
            headings.setdefault(code, {})[s["cites"]] = paths
    return {
        "format": "referee-conformance/1",
        "texts": {
            code: f"{FILES[code]} (rules/{next(folder.glob(f'{code}_*.txt')).name})"
            for code in FILES
        },
        "rulesets": RULESETS,
        "sentences": out,
        "heading_keys": headings,
        "interpretations": {
            i.id: {"source": i.source, "default": i.default, "readings": list(i.readings)}
            for i in interpretations.values()
        },
    }


def _row_label(rs: Any, path: str, text: str) -> bool:
    m = re.match(r"movement\.tables\[(\d+)\]\.rows\[(\d+)\]$", path)
    if m:
        row = rs.movement.tables[int(m.group(1))].rows[int(m.group(2))]
        return fold(text).startswith(fold(row.label))
    if path == "movement.leader_row":
        return fold(text).startswith(fold(rs.movement.leader_row.label).split(" (")[0])
    return False


def render(data: Mapping[str, Any]) -> str:
    """The page, from the data alone (tests/test_conformance.py renders it again)."""
    lines = [
        "# Conformance: every sentence of the rules texts",
        "",
        "Generated by `python tools/make_conformance.py` from the five texts "
        "(`shared/rules/`), the rulesets and `tests/cases/`; do not edit by hand (the "
        "reviewed part is `tools/conformance_map.yaml`). `tests/test_conformance.py` fails "
        "when a sentence has no case, when a case cites no sentence (nor a fact or "
        "interpretation of its ruleset), or when this page is not the data's "
        "(`rulesets/conformance.json`). At the table: `referee rulesets NAME --rule "
        '"Mouvement sur route"` prints one heading\'s entries.',
        "",
        "Each sentence is quoted as the text writes it, under its heading as the text "
        "spells it, with the citation the referee prints (`000 §Mouvement sur route`); "
        "then the ruleset keys whose source quotes it, the interpretations "
        "(`referee rulesets NAME --interpretations`) it involves, and the cases that "
        "check it (`tests/cases/<ruleset>/<case>.yaml`). The keys that carry a whole "
        "heading are listed once under it. 002, the web edition of 000, is matched "
        "sentence for sentence with 000 (`= 000-...`).",
        "",
    ]
    counts = {"rules": 0, "other": 0}
    for code, title in data["texts"].items():
        lines += [f"## {code}: {title}", ""]
        heading = None
        for s in (x for x in data["sentences"] if x["file"] == code):
            if s["heading"] != heading:
                if lines[-1]:
                    lines.append("")
                heading = s["heading"]
                shown = heading or "(title)"
                lines += [f"### {shown}", ""]
                if s["rule"]:
                    lines.append(f"Cited as `{s['rule']}`.")
                    keys = data["heading_keys"].get(code, {}).get(s["cites"], [])
                    if keys:
                        lines.append("Ruleset keys: " + ", ".join(f"`{k}`" for k in keys) + ".")
                    lines.append("")
            lines.append(f"- **{s['id']}** « {s['text']} »")
            if s.get("twin"):
                lines.append(f"  - = {s['twin']}")
            if s.get("not_a_rule"):
                counts["other"] += 1
                lines.append(f"  - not a rule: {s['not_a_rule']}")
                continue
            counts["rules"] += 1
            if s["keys"]:
                lines.append("  - keys: " + ", ".join(f"`{k}`" for k in s["keys"]))
            if s["interpretations"]:
                lines.append(
                    "  - interpretations: "
                    + ", ".join(
                        f"`{i}` (default `{data['interpretations'][i]['default']}`)"
                        for i in s["interpretations"]
                    )
                )
            lines.append("  - cases: " + ", ".join(f"`{c}`" for c in s["cases"]))
        lines.append("")
    others = [s for s in data["sentences"] if s.get("not_a_rule")]
    lines += [
        "## Lines that are not rules (reviewed)",
        "",
        f"{counts['rules']} sentences are rules, each with its cases; "
        f"{counts['other']} lines are not rules, each with the reason it was "
        "reviewed so (`tools/conformance_map.yaml`). A line marked NOT ADJUDICATED "
        "is a rule of another chapter the referee does not have.",
        "",
        "| sentence | text | reason |",
        "| --- | --- | --- |",
    ]
    for s in others:
        text = s["text"].replace("|", "\\|")
        lines.append(f"| {s['id']} | « {text} » | {s['not_a_rule']} |")
    lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = os.environ.get("REFEREE_RULES_TEXTS") or str(ROOT.parent / "shared" / "rules")
    parser.add_argument("--rules", default=default, help="the folder of the rules texts")
    folder = Path(parser.parse_args().rules)
    if not any(folder.glob("000_*.txt")):
        raise SystemExit(f"no rules texts in {folder} (give --rules DIR)")
    data = build(folder)
    DATA.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    PAGE.write_text(render(data), encoding="utf-8")
    print(
        f"wrote {DATA.relative_to(ROOT)} and {PAGE.relative_to(ROOT)} "
        f"({len(data['sentences'])} sentences)"
    )


if __name__ == "__main__":
    main()

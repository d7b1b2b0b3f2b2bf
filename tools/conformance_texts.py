"""The sentences of the five rules texts (``shared/rules/``), as the conformance page
lists them (``tools/make_conformance.py``): each under its heading, spelt as the text
spells it, with the heading the rulesets and cases cite (``000 §Mouvement sur route``).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from pathlib import Path
from typing import Any

# The headings of each text as printed (markdown marks removed) -> how the rulesets
# cite them. A line that is none of these is body text.
HEADINGS: dict[str, dict[str, str]] = {
    "000": {
        "La Règle “THUCIDIDE”": "",
        "Chapitre 3 : Phase de Déplacements": "Phase de Déplacements",
        "Capacité de mouvement des unités (en hex)": "Capacité de mouvement des unités (en hex)",
        "Précisions sur le mouvement": "Précisions sur le mouvement",
        "Mouvements particuliers": "Mouvements particuliers",
        "Mouvement sur route": "Mouvement sur route",
        "Infanterie montée": "Infanterie montée",
        "Troupes hors table": "Troupes hors table",
    },
    "001": {
        "DEROUTE ET POURSUITE": "Déroute et poursuite",
        "DEROUTE D'UNE UNITE": "Déroute d'une unité",
        "FURIE DES ELEPHANTS": "Furie des éléphants",
        "POURSUITE": "Poursuite",
        "DEROUTE DE L'ARMEE": "Déroute de l'armée",
    },
    "003": {
        "La Règle “Panache”": "",
        "Chapitre 5 : Phase de Déplacement": "Phase de Déplacement",
        "Capacité de mouvement des unités (en hex)": "Capacité de mouvement des unités (en hex)",
        "Précisions sur le mouvement": "Précisions sur le mouvement",
        "Mouvements particuliers": "Mouvements particuliers",
        "Mouvement sur route": "Mouvement sur route",
        "Infanterie montée": "Infanterie montée",
        "Troupes hors table": "Troupes hors table",
    },
    "004": {
        "La Règle “Frédéric le Grand”": "",
        "Chapitre 3 : Phase de Déplacement": "Phase de Déplacement",
        "Capacité de mouvement des unités (en hex)": "Capacité de mouvement des unités (en hex)",
        "Mouvements particuliers": "Mouvements particuliers",
        "Mouvement sur route": "Mouvement sur route",
        "Infanterie montée": "Infanterie montée",
        "Troupes hors table": "Troupes hors table",
    },
}
# 002 is the web edition of 000 (RULES.md): its headings run into the text
HEADINGS_002 = (
    "Capacité de mouvement des unités (en hex)",
    "Précisions sur le mouvement",
    "Mouvements particuliers",
    "Mouvement sur route",
    "Infanterie montée",
    "Troupes hors table",
)
FILES = {
    "000": "Thucidide, ch.3",
    "001": "Déroute et poursuite",
    "002": "Thucidide, web edition of ch.3",
    "003": "Panache, ch.5",
    "004": "Frédéric le Grand, ch.3",
}


def fold(text: str) -> str:
    """Accents, case, quotes and spaces folded: how two spellings are compared."""
    text = unicodedata.normalize("NFKD", text.replace("’", "'").replace("\\", ""))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return re.sub(r"\s+", " ", text).strip()


def _sentences(paragraph: str) -> list[str]:
    parts = re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«(*])", paragraph.strip())
    return [p.strip() for p in parts if p.strip() and p.strip() not in (".", "|")]


def read_text(code: str, path: Path) -> list[dict[str, Any]]:
    """Every sentence of one text: ``{file, heading, cites, n, text, table}``."""
    if code == "002":
        return _read_002(path)
    headings = {fold(k): (k, v) for k, v in HEADINGS[code].items()}
    out: list[dict[str, Any]] = []
    heading, cites = "", ""
    counter: dict[str, int] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip().lstrip("#").strip()
        if not line or set(line) <= set("-|\t "):
            continue
        if fold(line) in headings:
            if headings[fold(line)][1] or not heading:  # a page's running title: skipped
                heading, cites = headings[fold(line)]
            continue
        table = "\t" in raw.strip()
        body = line.lstrip("-").strip() if line.startswith("- ") else line
        pieces = [re.sub(r"\s+", " ", body)] if table else _sentences(body)
        if (
            out
            and pieces
            and pieces[0][:1].islower()
            and out[-1]["heading"] == heading
            and not table
            and not out[-1]["table"]
            and not out[-1]["text"].endswith((".", ":", ","))
        ):
            out[-1]["text"] += " " + pieces.pop(0)  # a sentence cut by a page break
        for piece in pieces:
            counter[heading] = counter.get(heading, 0) + 1
            out.append(
                {
                    "file": code,
                    "heading": heading,
                    "cites": cites,
                    "n": counter[heading],
                    "text": piece,
                    "table": table,
                }
            )
    return out


def _read_002(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    blocks = [b.strip(" .|\n") for b in re.split(r"\|{3,}|\s\.\s*\||\n\|", text)]
    out: list[dict[str, Any]] = []
    heading = "Phase de Déplacements"
    counter: dict[str, int] = {}
    for block in blocks:
        block = re.sub(r"\s+", " ", block).strip(" .|")
        if not block:
            continue
        for h in HEADINGS_002:
            if block.startswith(h):
                heading, block = h, block[len(h) :].strip()
                break
        for item in re.split(r"\s\*\s|^\*\s", block):
            for piece in _sentences(item):
                piece = piece.strip(" .|")
                if not piece:
                    continue
                counter[heading] = counter.get(heading, 0) + 1
                out.append(
                    {
                        "file": "002",
                        "heading": heading,
                        "cites": heading,
                        "n": counter[heading],
                        "text": piece,
                        "table": False,
                    }
                )
    return out


def twin(sentence: str, others: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The sentence of 000 a sentence of 002 repeats (folded, nearly word for word)."""
    best, score = None, 0.0
    for other in others:
        ratio = difflib.SequenceMatcher(
            None, fold(sentence), fold(other["text"]), autojunk=False
        ).ratio()
        if ratio > score:
            best, score = other, ratio
    return best if score >= 0.85 else None


def sentence_id(s: dict[str, Any]) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", fold(s["heading"] or "title")).strip("-")
    return f"{s['file']}-{slug}-{s['n']}"


def read_all(folder: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for code in FILES:
        path = next(folder.glob(f"{code}_*.txt"))
        out.extend(read_text(code, path))
    for s in out:
        s["id"] = sentence_id(s)
    return out

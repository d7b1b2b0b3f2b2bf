"""Sentences the catalogue cannot hold as one template: a rule citation, a roll's faces
and modifiers, a unit's kind with its weight agreeing, a skeleton line (issue 25 moves
their words into the catalogue step by step; what is left here still branches on the
language).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from referee.render.catalogue import as_written, has, text, translations
from referee.render.catalogue import text as catalogue_text
from referee.render.grammar import word


def trait_word(trait: str, lang: str) -> str:
    """A unit's trait in words (``detachment_of:TM1``: detachment of TM1)."""
    head, _, arg = trait.partition(":")
    if head == "detachment_of" and arg:
        return text("trait.detachment_of", lang).format(unit=arg)
    return word("trait", trait, lang)


# ------------------------------------------------------------------------- citations
# patterns as strings: compiled (and cached by re) on first use, not at every start
_CITATION_START = r"^(?:\d{3} §|facts:|interpretation:|(?:[A-Za-z]+ )?house rules?)"
_HOUSE = r"(?i)^(?:[A-Za-z]+ )?house rules?:?\s*"
_HEADING = r"\d{3} §"
_RULE_FILE = r"\d{3}(?: \(\*+\))?"  # a rule file cited after the facts: 004 (**)
# the reading of an interpretation a ruling applied: `001 §Poursuite [contact_melee = ...]`
_READING = r"^(?P<head>\d{3} §.*) \[(?P<id>\w+) = (?P<key>\w+)\]$"


def split_citation(rule: str) -> list[str]:
    """The citations joined in one ``rule`` string (the engine joins them with ``; ``;
    an interpretation's own text may hold ``; `` too)."""
    parts: list[str] = []
    for piece in rule.split("; "):
        if parts and not re.match(_CITATION_START, piece.strip()):
            parts[-1] += "; " + piece
        elif piece.strip():
            parts.append(piece.strip())
    return parts


def _facts_split(text: str) -> tuple[str, str]:
    """``Thucidide ch.4 (combat dice)`` -> (``Thucidide ch.4``, ``combat dice``);
    ``Thucidide, shared by Panache: leaders (...)`` -> (``Thucidide``, ``shared by
    Panache: leaders (...)``); ``annex 1 lists the wood; ...`` -> (``annex 1``, ``lists
    the wood; ...``); no head: ("", the text)."""
    text = text.strip()
    m = re.match(r"(annex \d+)", text)
    if m:
        head = m.group(1)
    else:
        m = re.match(r"([A-ZÀ-Ý][\wÀ-ÿ'’ -]*?)(?: ch\.\s?(\d+))?(?=[,:(;]|$| [a-z])", text)
        if m is None:
            return "", text
        head = m.group(1).strip() + (f" ch.{m.group(2)}" if m.group(2) else "")
    rest = text[m.end() :].strip().lstrip(",:;").strip()
    if rest.startswith("(") and rest.endswith(")") and rest.count("(") == rest.count(")"):
        rest = rest[1:-1].strip()
    return head, rest


def _facts(text: str, lang: str) -> str:
    """``facts of the rules (Thucidide ch.4 (combat dice))``; in French the rules' name
    and the facts' own words quoted: « faits de la règle (Thucidide ch.4 : « combat dice
    ») »."""
    text = text.strip()
    if not text:
        return catalogue_text("cite.facts.none", lang)
    said = source_said("source.fact", text, lang)
    facts, cut, rule_file = text.rpartition("; ")
    if said is None and cut and re.fullmatch(_RULE_FILE, rule_file):
        # a rule file the engine cites after the facts (``...; 004 (**)``), as written
        said = source_said("source.fact", facts, lang)
        if said is not None:
            said += word("join", "semicolon", lang) + rule_file
    if said is not None:
        return catalogue_text("cite.facts.said", lang).format(text=said)
    head, rest = _facts_split(text)
    head = head.replace("annex", catalogue_text("cite.annex", lang))
    ctx = "cite.facts" if head and rest else "cite.facts.head" if head else "cite.facts.text"
    return catalogue_text(ctx, lang).format(text=text, head=head, rest=rest)


@lru_cache(maxsize=1024)  # a pure function of its strings; a report cites a few rules often
def cite(rule: str, lang: str, ruleset: str | None = None) -> str:
    """A rule citation for the report, one citation a line.

    A rule heading (``000 §Mouvement sur route``) is cited as is, in French, in every
    language. ``facts: ...`` (facts of the rest of the rules, from shared/RULES.md) and
    ``interpretation: ...`` (a documented default of the ruleset, where the texts are
    silent) are said in the language; the English explanation of an interpretation is
    the ruleset file's text: a language may say where to find it (``{where}``:
    ``referee rulesets NAME``)."""
    lines = []
    for part in split_citation(rule):
        reading = re.match(_READING, part)
        if reading:  # an interpretation's reading (rulesets/README.md §interpretations)
            lines.append(
                catalogue_text("cite.reading", lang).format(
                    rule=cite(reading["head"], lang, ruleset), id=reading["id"], key=reading["key"]
                )
            )
        elif part.startswith("interpretation:"):
            body = part[len("interpretation:") :].strip()
            facts = body.startswith("facts:")
            said = None if facts else source_said("source.reason", body, lang)
            if facts:
                body = _facts(body[len("facts:") :], lang)
            elif said is not None:
                body = said
            ctx = (
                "cite.interpretation.said"
                if said is not None
                else "cite.interpretation.facts"
                if facts
                else "cite.interpretation"
            )
            where = f"referee rulesets {ruleset}" if ruleset else "referee rulesets"
            lines.append(catalogue_text(ctx, lang).format(body=body, where=where))
        elif part.startswith("facts:"):
            lines.append(_facts(part[len("facts:") :], lang))
        elif re.match(_HOUSE, part):  # the club's own words, as they wrote them
            body = re.sub(_HOUSE, "", part)
            lines.append(catalogue_text("cite.house", lang).format(body=body))
        else:
            # a heading (the rules' own French: as written in every language), or one
            # followed by the ruleset's English (``source.heading``, said in the language;
            # a club's own, not in the catalogue, is quoted as written)
            said = source_said("source.heading", part, lang)
            lines.append(catalogue_text("cite.heading", lang).format(part=said or part))
    return "\n".join(dict.fromkeys(lines))


# ------------------------------------------------------- the rulesets' English, in words
SOURCES = "sources"  # the catalogue's part holding it (referee-sources.mo)
# what only the views of a ruleset's texts say (rulings.py): a part of its own, so that a
# report reads only the facts and reasons it may cite
_VIEWS_ONLY = frozenset({"source.reading", "source.why", "source.not_a_rule"})


def source_part(ctx: str) -> str:
    """The catalogue's part (``referee-<part>.mo``) holding a ``source.*`` message."""
    return "rulings" if ctx in _VIEWS_ONLY else SOURCES


def source_said(ctx: str, english: str, lang: str) -> str | None:
    """A ruleset's English (one the template holds: ``source_texts`` of
    ``tools/i18n.py``) in ``lang``: the catalogue's translation, None where it has none
    (English itself; a user's own ruleset or house rules, which are quoted as written)."""
    if as_written(lang):
        return None
    found = translations(lang, source_part(ctx))
    if found is None:
        return None
    said = found.pgettext(ctx, english)
    return None if said == english else said


def cite_short(rule: str, lang: str) -> str:
    """A rule citation on one line, an interpretation by its first clause
    (``interpretation (000 gives allowances in hexes ...)``, the moves view), the rest
    as :func:`cite` says it."""
    lines: dict[str, str] = {}
    for part in split_citation(rule):
        full = cite(part, lang)
        if not part.startswith("interpretation:"):
            lines.update((line, line) for line in full.split("\n"))
            continue
        body = part[len("interpretation:") :].strip()
        said = (
            _facts(body[len("facts:") :], lang)
            if body.startswith("facts:")
            else source_said("source.reason", body, lang)
        )
        head = (body if said is None else said).split(";")[0].split(",")[0].strip()
        if said is None and not as_written(lang):  # the ruleset's English, quoted
            head = catalogue_text("format.quote", lang).format(text=head)
        lines[full] = catalogue_text("cite.interpretation.short", lang).format(head=head)
    return word("join", "semicolon", lang).join(lines.values())


# ---------------------------------------------------------------- agreeing unit labels
_FEMININE_NOUNS = frozenset(
    {
        "infanterie",
        "cavalerie",
        "chamellerie",
        "charrerie",
        "artillerie",
        "unité",
        "troupe",
        "garde",
        "milice",
        "ost",
    }
)
_MASCULINE_NOUNS = frozenset(
    {
        "officier",
        "général",
        "chef",
        "personnage",
        "sous",
        "détachement",
        "régiment",
        "bataillon",
        "escadron",
        "train",
    }
)
# feminine adjective endings -> (masculine singular, feminine plural suffix rule)
_ADJECTIVES: dict[str, str] = {
    "légère": "léger",
    "moyenne": "moyen",
    "lourde": "lourd",
    "lègère": "léger",
}


def agreement(type_label: str) -> tuple[str, bool]:
    """(gender ``m``/``f``, plural) of a unit type's label, as its adjective agrees:
    ``Infanterie`` (f, singular), ``Éléphants`` (m, plural), ``Cavalerie et Lanciers``
    (two nouns, one masculine: m, plural), ``Sur chameaux - Zamboureks`` (m, plural)."""
    core = type_label.split("(")[0]
    if " - " in core:
        core = core.split(" - ")[-1]
    heads = []
    for chunk in re.split(r"\bet\b|,", core):
        found = re.findall(r"[A-Za-zÀ-ÿ]+", chunk)
        if found:
            heads.append(found[0].lower())
    if not heads:
        return "f", False
    plural = len(heads) > 1 or any(h.endswith(("s", "x")) for h in heads)
    if any(h.rstrip("sx") in _MASCULINE_NOUNS for h in heads):
        return "m", plural
    feminine = all(h.rstrip("s") in _FEMININE_NOUNS for h in heads)
    return ("f" if feminine or not plural else "m"), plural


def _inflect(word_: str, gender: str, plural: bool) -> str:
    lower = word_.lower()
    if lower in ("très", "super", "ultra", "/", "ou", "et") or not lower:
        return word_
    if "-" in word_:
        head, _, tail = word_.rpartition("-")
        return f"{head}-{_inflect(tail, gender, plural)}"
    base = _ADJECTIVES.get(lower)
    if base is None:
        return word_  # not an adjective we know: left as the ruleset writes it
    out = (lower if gender == "f" else base) + ("s" if plural else "")
    return out[0].upper() + out[1:] if word_[:1].isupper() else out


def weight_agreed(type_label: str, weight_label: str) -> str:
    """The ruleset's weight label (written for « unité », feminine singular: ``Lourde``)
    agreeing with the type: ``Éléphants`` -> ``Lourds``."""
    gender, plural = agreement(type_label)
    if gender == "f" and not plural:
        return weight_label
    return " ".join(_inflect(w, gender, plural) for w in weight_label.split(" "))


@lru_cache(maxsize=1024)  # a pure function of the two labels; a report names a few kinds
def unit_kind(type_label: str, weight_label: str) -> str:
    """``Éléphants`` + ``Lourde`` -> ``Éléphants lourds``; the weight goes before a
    parenthesis: ``Infanterie moyenne (tous types sauf piquiers)``."""
    weight = " / ".join(
        w[:1].lower() + w[1:] for w in weight_agreed(type_label, weight_label).split(" / ")
    )
    if " (" in type_label:
        head, _, rest = type_label.partition(" (")
        return f"{head} {weight} ({rest}"
    return f"{type_label} {weight}"


# the faces of a roll, in the order they are said
_FACES: tuple[str, ...] = ("hits", "flags", "orders", "advantages", "no_effect")


def tally(data: Mapping[str, Any], lang: str) -> str:
    """``1 hit, 1 order letter, 1 without effect``: the faces that came up, by kind."""
    parts = []
    for key in _FACES:
        n = int(data.get(key) or 0)
        if n:
            parts.append(text(f"tally.{key}", lang, {"n": n}).format(n=n))
    return ", ".join(parts) or text("tally.nothing", lang)


def _terrain(key: str, rs: Any, lang: str) -> str:
    if rs is not None:
        entry = rs.terrain.get(key) or rs.hexsides.get(key)
        if entry is not None and entry.label:
            return str(entry.label).lower()
    return word("terrain", key, lang)


def modifier_text(m: Mapping[str, Any], lang: str, rs: Any = None) -> str:
    """One dice modifier in words: ``-1 wood (its hex)``, ``+1 impact on the charge``."""
    reason, dice, detail = str(m.get("reason")), int(m.get("dice") or 0), str(m.get("detail", ""))
    signed = f"{dice:+d}"
    if reason == "terrain":
        key, _, where = detail.partition(" (")
        where = where.rstrip(")")
        place = word("place", where, lang)
        what = _terrain(key, rs, lang)
        return text("modifier.terrain", lang).format(signed=signed, terrain=what, place=place)
    if reason == "moved_artillery":
        first = detail.split()[0] if detail.split() else "0"
        hexes = int(first) if first.isdigit() else 0
        said = text("modifier.moved_artillery", lang, {"hexes": hexes})
        return said.format(signed=signed, hexes=hexes)
    if reason == "first_round":
        trait = trait_word(detail, lang)
        return text("modifier.first_round", lang).format(signed=signed, trait=trait)
    if reason == "behind_palisade":
        what = _terrain(detail, rs, lang)
        return text("modifier.behind_palisade", lang).format(signed=signed, what=what)
    return f"{signed} {word('modifier', reason, lang)}" + (f" {detail}" if detail else "")


def roll_values(data: Mapping[str, Any], lang: str, rs: Any = None) -> dict[str, Any]:
    mods = [
        modifier_text(m, lang, rs) for m in data.get("modifiers") or [] if isinstance(m, Mapping)
    ]
    return {
        "tally": tally(data, lang),
        "modifiers_text": (", " + ", ".join(mods)) if mods else "",
        "values_list": ", ".join(str(v) for v in data.get("values") or []),
    }


def hits_values(data: Mapping[str, Any], lang: str, rs: Any = None) -> dict[str, Any]:
    """``{hits_text}``: ``2 hits on cavalry`` (« 2 touches cavalerie »)."""
    hits = int(data.get("hits") or 0)
    symbol = str(data.get("symbol"))
    if has(f"hits.{symbol}", lang):
        return {"hits_text": text(f"hits.{symbol}", lang, {"hits": hits}).format(hits=hits)}
    return {"hits_text": f"{hits} {word('symbol', symbol, lang)}"}


def kinds(data: Mapping[str, Any], lang: str, rs: Any = None) -> dict[str, Any]:
    """``{unit_kind}``: type and weight labels of the ruleset, agreeing (« Éléphants
    lourds »); ``{other_kind}`` for the unit crossed."""
    out: dict[str, Any] = {}
    if "type_label" in data or "weight_label" in data:
        out["unit_kind"] = unit_kind(
            str(data.get("type_label", "")), str(data.get("weight_label", ""))
        ).strip()
    if "other_type" in data:
        other_type, other_weight = str(data.get("other_type")), str(data.get("other_weight", ""))
        if rs is not None:
            out["other_kind"] = unit_kind(rs.type_label(other_type), rs.weight_label(other_weight))
        else:
            out["other_kind"] = f"{other_type} {word('weight', other_weight, lang)}".strip()
    return out

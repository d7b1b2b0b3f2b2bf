"""Finding the other language in a text: the words of one language's catalogue texts
that the other language's texts never use (built from the catalogue itself, so a new
English sentence brings its words to the detector), minus a short allow-list of proper
names, rule terms, ids and file names."""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path
from typing import Any

WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:'[A-Za-zÀ-ÿ]+)?")

# Words the two languages share on purpose, or that are no sentence of either: rule
# terms kept in the rules' words (ss cb, pré-joué), the orders notation's keywords (the
# file format, English in both languages: docs/formats.md), the file format's keys and
# values quoted in examples, proper names of the rule systems and of the sample armies.
ALLOWED = frozenset(
    w
    for w in """
    ss cb referee yaml json svg png html stdin stdout eml pbem sha sha256sum printf cat
    activate melee shoot pursue hold face road mounted choose conform reaction evade stand
    thucidide panache frédéric grand le greeks persians rome carthage
    n s e w ne nw se sw hex utf pré joué lang fr en ok id ids min max px ignore
""".split()
)


@cache
def _catalogue_texts() -> tuple[list[str], list[str]]:
    from referee.render.catalogue import contexts, text

    en: list[str] = []
    fr: list[str] = []
    for ctx in contexts():  # every message, variant, clause, count and word
        for n in (1, 2):
            data = {"n": n, **{k: n for k in ("count",)}}
            en.append(text(ctx, "en", _count_data(ctx, n) or data))
            fr.append(text(ctx, "fr", _count_data(ctx, n) or data))
    return en, fr


def _count_data(ctx: str, n: int) -> dict[str, int]:
    from referee.render.catalogue import PLURALS

    return {PLURALS[ctx][2]: n} if ctx in PLURALS else {}


def _words(texts: list[str]) -> set[str]:
    out: set[str] = set()
    for text in texts:
        text = re.sub(r"\{[^}]*\}", " ", text)  # placeholders
        out.update(w.lower() for w in WORD.findall(_shown(text)))  # as a reader sees it
    return out


# Common words of each language that the other never uses, whatever the catalogue holds:
# an English word slipped into a French text would otherwise count as French.
ALWAYS = {
    "en": frozenset(
        w
        for w in """
        the and with from into its his of is are was has have not yes no this that which
        may must cannot can will would could should been being these those there their
        they them than then when where while who what how why also only every each other
        unit units turn orders leader leaders side sides army hit hits dice die roll rolls
        move moves moved attack attacks refused written none next after before game new
        state entry history verified range path cost hexes allowance cohesion facing
        weight light heavy medium true false first round retreat flag flags order letter
        token tokens without effect nothing routs rout pursuit evades disordered
        activated fought engaged impetuous""".split()
    ),
    "fr": frozenset(
        w
        for w in """
        les des une avec pour dans est sont pas sur aux par qui que ses leurs cette ces
        unité unités tour ordres chef chefs armée touche touches dés dé jet
        déplacement déplace attaque refusé écrit aucun aucune suivant partie état entrée
        historique vérifié portée chemin coût potentiel cohésion orientation poids
        légère lourde moyenne vrai faux premier recul drapeau jeton sans effet rien
        déroute poursuite esquive désordre activée combattu engagée impétueuse""".split()
    ),
}


@cache
def only_in(lang: str) -> frozenset[str]:
    """The words of ``lang``'s texts that the other language's texts never use, and
    the common words of ``lang`` (:data:`ALWAYS`)."""
    en, fr = _catalogue_texts()
    words_en, words_fr = _words(en), _words(fr)
    mine, theirs = (words_en, words_fr) if lang == "en" else (words_fr, words_en)
    return frozenset(w for w in (mine - theirs) | ALWAYS[lang] if len(w) > 1 and w not in ALLOWED)


def _unquoted(text: str) -> str:
    """``text`` without its « quotations » (the rules' and files' own words, quoted as
    written: a quotation may hold quotes, and a table may wrap it over lines)."""
    out: list[str] = []
    depth = 0
    for char in text:
        if char == "«":
            depth += 1
        elif char == "»" and depth:
            depth -= 1
        elif not depth or char == "\n":
            out.append(char)
    return "".join(out)


def _shown(text: str) -> str:
    """``text`` without what is no sentence: quoted keys and values, file names,
    command lines, the orders of a skeleton, YAML keys, hashes and hex labels."""
    text = _unquoted(re.sub(r"`[^`]*`", " ", text))
    # rule headings, cited in the rules' own words in both languages
    text = re.sub(r"\d{3} §(?:(?!\d{3} §)[\wÀ-ÿ'’-]+(?: |\n\s*)?)+(?:\([^)]*\))?", " ", text)
    text = re.sub(r"\b[A-Z][A-Z0-9]+\b", " ", text)  # ids of units and leaders
    text = re.sub(r"(?m)^\s*#?\s*-\s+\"[^\"]*\"", " ", text)  # a skeleton's orders
    text = re.sub(
        r"(?m)^(?:format|game|turn|player|phase|by|after|orders|choices):.*$", " ", text
    )  # the skeleton's own YAML lines
    text = re.sub(
        r"\S+\.(?:yaml|svg|png|html|txt|seed|secret|eml|md)\b|(?:/[\w.-]+)+", " ", text
    )  # files
    text = re.sub(r"(?<![\w-])--?[a-z][a-z-]*(?:[ =][A-Z.]+\b)?", " ", text)  # options
    text = re.sub(r"\breferee(?: seed)? [a-z-]+[^;\n()]*", " ", text)  # commands
    text = re.sub(
        r"\b\w+(?:\[\d+\])?(?:[._]\w+(?:\[\d+\])?)+\b|\b\w+\[\d+\]", " ", text
    )  # paths inside a file and keys: orders[0].units, cohesion.current
    text = re.sub(r"\b[A-Z_]+=\S+|\$\w+", " ", text)  # environment variables
    text = re.sub(r"\b[0-9a-f]{8,}\b", " ", text)  # hashes
    return text


def foreign(text: str, lang: str, extra: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``text`` that belong to the other language than ``lang``."""
    other = only_in("fr" if lang == "en" else "en")
    return [w for w in WORD.findall(_shown(text)) if w.lower() in other and w.lower() not in extra]


def details(line: str) -> int:
    """How many parenthesised details a line gives (outermost ones)."""
    depth = count = 0
    for char in line:
        if char == "(":
            count += depth == 0
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
    return count


def _tool(file: str, name: str) -> Any:
    """``tools/<file>`` loaded as the module ``name``."""
    path = Path(__file__).resolve().parent.parent / "tools" / file
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


@cache
def pseudo_tool() -> Any:
    """``tools/pseudo_locale.py`` as a module (docs/translating.md §The pseudo-language):
    ``write(DIR)``, ``pseudo(text)``, ``MARKS``."""
    return _tool("pseudo_locale.py", "pseudo_locale")


@cache
def i18n_tool() -> Any:
    """``tools/i18n.py`` as a module (the catalogues' build: ``sources()``,
    ``source_texts(...)``, ``index_source()``...)."""
    return _tool("i18n.py", "i18n_tool")

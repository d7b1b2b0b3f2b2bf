"""French grammar the strings of fr.po cannot hold: what changes once the values are in.

* Elision: ``de`` and ``que`` before a vowel lose their ``e``: « la charge de EL1 » ->
  « la charge d'EL1 », « que Hannibal » stays (an ``h`` is left alone: aspirated or
  not, the rule needs the word). :func:`finish` applies it to every French message.
* Line breaks: a line is never broken between a word and its ``:``, ``;``, ``?``, ``!``
  or guillemet (the space before them is written in the strings; :func:`typeset` makes
  it non-breaking where a page is wrapped: the help pages).

The agreement of the rulesets' labels (« Éléphants lourds ») is not here: the labels
are the rules' own French in every language (``referee/render/wording.py``).

One module a language that needs one, ``grammar_<lang>.py`` beside the catalogue
(``catalogue.language_rule``; docs/translating.md). Standard library only.
"""

from __future__ import annotations

import re

_VOWELS = frozenset("AEIOUYÀÂÉÈÊËÎÏÔÛÜaeiouyàâéèêëîïôûü")


def finish(text: str) -> str:
    """``de EL1`` -> ``d'EL1``; ``que il`` -> ``qu'il`` (a whole word ``de``/``que``,
    either case, before a vowel)."""
    at = text.find("e ")
    if at < 0:
        return text
    out: list[str] = []
    done = 0
    while at >= 0:
        after = at + 2
        if after < len(text) and text[after] in _VOWELS:
            start = at - 1 if text[at - 1 : at] in ("d", "D") else -1
            if start < 0 and at >= 2 and text[at - 2] in "Qq" and text[at - 1] == "u":
                start = at - 2
            if start >= 0 and (start == 0 or not _word_char(text[start - 1])):
                out.append(text[done:at])
                out.append("'")
                done = after
        at = text.find("e ", at + 1)
    if not out:
        return text
    out.append(text[done:])
    return "".join(out)


def _word_char(c: str) -> bool:
    """A character a word is made of (``\\w`` of a regular expression)."""
    return c.isalnum() or c == "_"


def typeset(text: str) -> str:
    """The spaces before ``:``, ``;``, ``?``, ``!``, ``»`` and after ``«`` made
    non-breaking (a wrapping, click's, keeps them with their word). (The pattern is
    compiled here, by the help pages: every French message imports this module.)"""
    return re.sub(
        r" ([:;?!»])|(«) ",
        lambda m: f"\u00a0{m.group(1)}" if m.group(1) else f"{m.group(2)}\u00a0",
        text,
    )

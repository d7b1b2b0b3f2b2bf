"""The English of every message, written once, under a stable context (the message's
code): the modules of this package declare them, ``referee/render/catalogue.py`` loads
them (all at once, on the first message a command says) and asks the compiled
catalogue of the language for the translation (``docs/translating.md``).

* ``m(context, English)``: a message;
* ``n(context, singular, plural, key)``: a message counted by the data value ``key``
  (the language's plural forms choose);
* ``blank(context)``: a message that says nothing in English (not extracted);
* ``words(code, {key: domain})``: the data value ``key`` of the message ``code`` is said
  in words as ``{key_word}`` (``word.<domain>.<value>``).

Contexts: ``code``, a variant ``code|key=value`` chosen by one data value, a clause
``code+key=value`` (``code+key``: when the value is present) added after the text in
order, a count inside a longer text ``<context>#<key>`` (said as ``{key#}``), a word
``word.<domain>.<value>``. ``pybabel extract`` (``babel.cfg``) reads ``m`` and ``n``;
the loader (``referee.render.catalogue.load``) notes which module declared each
context (its ``.mo`` part) and the variants and clauses of each code.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

ENGLISH: dict[str, str] = {}  # context -> English (a plural: its singular)
PLURALS: dict[str, tuple[str, str, str]] = {}  # context -> (singular, plural, key)
WORDS: dict[str, dict[str, str]] = {}  # code -> data key -> vocabulary domain

# a message: one C call (the texts are declared at every start of a command that says
# something; their structure is worked out by the loader, once)
m: Callable[[str, str], None] = ENGLISH.__setitem__


def n(ctx: str, singular: str, plural: str, key: str) -> None:
    ENGLISH[ctx] = singular
    PLURALS[ctx] = (singular, plural, key)


def blank(ctx: str) -> None:
    ENGLISH[ctx] = ""


def words(code: str, domains: dict[str, str]) -> None:
    WORDS[code] = domains

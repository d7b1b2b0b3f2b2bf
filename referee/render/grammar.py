"""What the messages' strings cannot say alone, by language (docs/translating.md).

Each convention is a message of the catalogue (so a translator sets it in the .po):
the decimal mark (``format.decimal``: ``,`` in French), a percentage
(``format.percent``: ``{value} %``), a label before its value (``format.label``:
``{label} :``), a key as typed (``format.key``: `` `{key}` ``), a quotation
(``format.quote``: ``« {text} »``), the separators of lists (``word.join.*``).

A language whose grammar changes a sentence once its values are in (French: ``de EL1``
-> ``d'EL1``) has a module of its own, ``referee/render/grammar_<lang>.py``, with a
``finish(text)`` function the catalogue applies to every message it fills in that
language; a language without one needs nothing. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.render.catalogue import text, word


def number(value: float, lang: str, digits: int = 1) -> str:
    """``0.5`` -> ``0.5`` (English), ``0,5`` (French)."""
    return f"{value:.{digits}f}".replace(".", text("format.decimal", lang))


def percent(value: float, lang: str, digits: int = 1) -> str:
    """``57.9`` -> ``57.9%`` (English), ``57,9 %`` (French)."""
    return text("format.percent", lang).format(value=number(value, lang, digits))


def label(name: str, lang: str) -> str:
    """``Badges`` -> ``Badges:`` (English), ``Marques :`` (French)."""
    return text("format.label", lang).format(label=name)


def key(typed: object, lang: str) -> str:
    """What a user types, as typed: quoted in backticks in French."""
    return text("format.key", lang).format(key=typed)


def quote(said: str, lang: str) -> str:
    """A text quoted as written: ``« ... »`` in French."""
    return text("format.quote", lang).format(text=said)


def joined(items: Iterable[str], lang: str, how: str = "semicolon") -> str:
    """Items joined by ``word.join.<how>``: ``and``, ``or``, ``semicolon``."""
    return word("join", how, lang).join(items)

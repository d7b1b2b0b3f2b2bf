"""The JSON Schemas of ``referee schema KIND`` in a language: their ``"description"``
texts, and their title, said in it.

The English of a description is written once, where the file is declared
(``referee/core/*.py``: ``doc(...)``, ``Meta(description=...)``); it is the ``msgid``
of a message of its own context, ``schema.description``, that ``python tools/i18n.py
extract`` adds to the template (:func:`descriptions`) and that compiles to a part of its
own, ``referee-schema.mo``, read only by ``referee schema`` in another language. A
schema's title (``referee.io.schema.SchemaKind.title``) is a message of that part too
(``schema.title``). A text the catalogue does not hold (a language without it) stays in
English.
"""

from __future__ import annotations

from typing import Any

from referee.render.catalogue import as_written, translations

CONTEXT = "schema.description"  # the descriptions' context
TITLE = "schema.title"  # the schemas' titles' context
PART = "schema"  # their part of the catalogue: referee-schema.mo
KEY = "description"


def english(schema: Any) -> list[str]:
    """The descriptions of ``schema`` (its ``"description"`` texts, at any depth), in
    the order they come, each once."""
    out: dict[str, None] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == KEY and isinstance(value, str):
                    out[value] = None
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return list(out)


def descriptions() -> list[tuple[str, str]]:
    """``(file, English)`` of every description of every registered schema
    (``referee.io.schema.KINDS``), each once, under the first kind that says it; the file
    is the module declaring that kind (``referee/core/state_file.py``), for translators."""
    from referee.io.schema import KINDS

    seen: dict[str, str] = {}
    for kind in KINDS.values():
        spec = kind.spec()
        module = spec.__module__ if isinstance(spec, type) else kind.spec.__module__
        where = module.replace(".", "/") + ".py"
        for text in english(kind.json_schema()):
            seen.setdefault(text, where)
    return [(where, text) for text, where in seen.items()]


def titles() -> list[tuple[str, str]]:
    """``(file, English)`` of the title of every registered schema (``referee.io.schema``
    declares them)."""
    from referee.io.schema import KINDS

    return [("referee/io/schema.py", kind.title) for kind in KINDS.values()]


def described(schema: Any, lang: str) -> Any:
    """``schema`` with its descriptions and its title in ``lang`` (a copy; the same object
    in English or where the language has no such part): each the catalogue's
    translation, or the English where it has none."""
    if as_written(lang):
        return schema
    found = translations(lang, PART)
    if found is None:
        return schema

    def said(node: Any) -> Any:
        if isinstance(node, dict):
            return {
                key: found.pgettext(CONTEXT, value)
                if key == KEY and isinstance(value, str)
                else said(value)
                for key, value in node.items()
            }
        if isinstance(node, list):
            return [said(value) for value in node]
        return node

    out = said(schema)
    if isinstance(out, dict) and isinstance(out.get("title"), str):
        out["title"] = found.pgettext(TITLE, out["title"])
    return out

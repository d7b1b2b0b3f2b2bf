"""The pseudo-language ``xx``: the template's English, accented and lengthened
(``Ŕûļîñĝ ~``), so that any text printed without the catalogue shows as plain English
(docs/translating.md). Generated, never committed:

    python tools/pseudo_locale.py DIR     # DIR/xx/LC_MESSAGES/referee.po and its .mo
    REFEREE_LOCALEDIR=DIR referee show partie.yaml --lang xx

``{placeholders}`` (and ``{x#}``, ``{n:,}``) are kept, each between ⟪ ⟫: what a command
prints between them is a value put in (data), anything else outside them in plain
English did not come from the catalogue.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "referee" / "locale" / "referee.pot"
PSEUDO = "xx"

_ACCENTS = str.maketrans(
    "abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ",
    "åƀçđëĝĥïķļñøŕšţüŵýžÅƁÇĐËĜĤÏĶĻÑØŔŠŢÜŴÝŽ",
)
# the letters a pseudo-localised text is made of: a line holding one came from it
MARKS = frozenset("åƀçđëĝĥïķļñøŕšţüŵýžÅƁÇĐËĜĤÏĶĻÑØŔŠŢÜŴÝŽ")
# a field, or a brace doubled (a literal brace: kept as it is, not a value put in)
_FIELD = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")
_CODE = re.compile(r"(`[^`\n]*`)")  # a span of code in backticks


# around a value put in: what a command prints between them is data, not text
OPEN, CLOSE = "⟪", "⟫"


def pseudo(text: str) -> str:
    """``Move {unit}`` -> ``Møvë ⟪{unit}⟫ ~``: letters accented outside the fields, each
    field's value between ⟪ ⟫, a third longer (translations run longer than English)."""
    if not text.strip():
        return text
    # code in backticks (a command, a key, a notation) is typed as written: not accented
    out = "".join(_fields(piece, accent=not i % 2) for i, piece in enumerate(_CODE.split(text)))
    parts = _FIELD.split(text)
    letters = sum(len(p) for i, p in enumerate(parts) if not i % 2)
    pad = "~" * max(1, letters // 3)
    # the padding goes before trailing spaces or newlines, so that texts joined stay apart
    stripped = out.rstrip()
    return stripped + " " + pad + out[len(stripped) :] if stripped else out


def _fields(text: str, accent: bool) -> str:
    """``text`` with each field between ⟪ ⟫, the rest accented (``accent``) or not."""
    parts = _FIELD.split(text)
    return "".join(
        (p if p in ("{{", "}}") else OPEN + p + CLOSE)
        if i % 2
        else (p.translate(_ACCENTS) if accent else p)
        for i, p in enumerate(parts)
    )


def write(directory: Path) -> Path:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    with POT.open("rb") as f:
        template = read_po(f)
    catalog = Catalog(locale="en", domain="referee", project="referee", fuzzy=False)
    catalog.locale_identifier  # noqa: B018
    for message in template:
        if not message.id:
            continue
        string: Any
        if isinstance(message.id, tuple):
            string = tuple(pseudo(form) for form in message.id)
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, context=message.context, locations=message.locations)
    out = directory / PSEUDO / "LC_MESSAGES"
    out.mkdir(parents=True, exist_ok=True)
    with (out / "referee.po").open("wb") as f:
        write_po(f, catalog, width=100)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from i18n import compile_po

    compile_po(out / "referee.po", PSEUDO)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        raise SystemExit(2)
    print(write(Path(sys.argv[1])))

"""Set French (or another language's) translations in a .po by context, from a Python
literal file of {context: str | [str, str]} (the one-off helper of the conversion):
    python tools/po_set.py fr translations.py
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent


def main(lang: str, source: str) -> int:
    path = ROOT / "referee" / "locale" / lang / "LC_MESSAGES" / "referee.po"
    wanted = ast.literal_eval(Path(source).read_text(encoding="utf-8"))
    with path.open("rb") as f:
        catalog = read_po(f)
    done = set()
    for message in catalog:
        if message.context in wanted:
            value = wanted[message.context]
            message.string = tuple(value) if isinstance(value, list) else value
            message.flags.discard("fuzzy")
            done.add(message.context)
    with path.open("wb") as f:
        write_po(f, catalog, width=100)
    missing = sorted(set(wanted) - done)
    if missing:
        print("not in the catalogue (run tools/i18n.py update first):", missing)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2]))

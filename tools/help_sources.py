"""Record the English help texts the French ones translate (``referee/render/
messages_help.py``): every command's help and every parameter's, as the commands
declare them, in ``tests/help_sources.json``.

    python tools/help_sources.py          # record them (after updating the French)
    python tools/help_sources.py --check  # exit 1 if an English text changed since

tests/test_help_lang.py fails when an English help text differs from the one recorded:
its French translation is then out of date (update it, then record)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent / "tests" / "help_sources.json"


def english_texts() -> dict[str, dict[str, str]]:
    from referee.cli.app import declared_help

    return declared_help()


def dumped(texts: dict[str, dict[str, str]]) -> str:
    return json.dumps(texts, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    now = dumped(english_texts())
    if "--check" in argv:
        return 0 if SOURCES.exists() and SOURCES.read_text(encoding="utf-8") == now else 1
    SOURCES.write_text(now, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

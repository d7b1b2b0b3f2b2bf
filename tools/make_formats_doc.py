"""Regenerate the key reference of docs/formats.md from the file declarations
(``referee.core.state_file``, ``referee.core.scenario_file``, ``referee.core.orders``,
``referee.core.choices``, ``referee.core.pbemfiles``), between its
``<!-- generated: NAME -->`` and ``<!-- end generated -->`` markers:

    python tools/make_formats_doc.py          # rewrite docs/formats.md
    python tools/make_formats_doc.py --check  # exit 1 if it is out of date

tests/test_state_file.py fails when the document is out of date."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import msgspec

from referee.core.choices import ChoicesFile
from referee.core.model import LEADER_STATUSES, REACTIONS, TRAITS, UNIT_STATUSES
from referee.core.orders import ANY_PHASE_FILE, ORDER_BY_PHASE
from referee.core.pbemfiles import Ledger, MailFile, RevealFile
from referee.core.scenario import scenario_reference
from referee.core.state_file import StateFile
from referee.core.typed import description, reference

DOC = Path(__file__).resolve().parent.parent / "docs" / "formats.md"
_BLOCK = re.compile(
    r"(<!-- generated: (?P<name>[a-z-]+) -->\n)(?P<body>.*?)"
    r"(<!-- end generated -->)",
    re.DOTALL,
)


def _words(title: str, words: dict[str, str], pattern: str = "") -> str:
    rows = [f"| {title} | meaning |", "| --- | --- |"]
    rows += [
        "| `" + w + "` | " + meaning.replace("|", "\\|") + " |" for w, meaning in words.items()
    ]
    if pattern:
        rows.append(pattern)
    return "\n".join(rows) + "\n"


def sections() -> dict[str, str]:
    """Each generated block of docs/formats.md, by name."""
    per_phase = []
    for phase, order in ORDER_BY_PHASE.items():
        said = description(msgspec.inspect.type_info(order))
        per_phase.append(f"**{phase}** ({said}):\n\n" + reference(order, "orders[]"))
    return {
        "state-keys": reference(StateFile),
        "scenario-keys": scenario_reference(),
        "orders-keys": reference(ANY_PHASE_FILE) + "\n" + "\n".join(per_phase),
        "choices-keys": reference(ChoicesFile),
        "reveal-keys": reference(RevealFile),
        "mail-keys": reference(MailFile),
        "ledger-keys": reference(Ledger),
        "words": "\n".join(
            [
                _words(
                    "trait",
                    TRAITS,
                    "| `detachment_of:<unit id>` | a detachment of that unit "
                    "(pass_through.detachment_and_parent) |",
                ),
                _words(
                    "unit status",
                    UNIT_STATUSES,
                    "| `pursuit_contact:<unit id>` | the enemy unit the pursuit contact is with |",
                ),
                _words("leader status", LEADER_STATUSES),
                _words("reaction", REACTIONS),
            ]
        ),
    }


def render(text: str) -> str:
    """``text`` (docs/formats.md) with every generated block rewritten."""
    blocks = sections()

    def fill(m: re.Match[str]) -> str:
        name = m["name"]
        if name not in blocks:
            raise SystemExit(f"docs/formats.md: unknown generated block {name!r}")
        return f"{m[1]}{blocks[name]}{m[4]}"

    return _BLOCK.sub(fill, text)


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    new = render(text)
    if "--check" in sys.argv[1:]:
        if new != text:
            print("docs/formats.md is out of date: run python tools/make_formats_doc.py")
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Regenerate docs/events.md from the message templates (run after adding codes):
    python tools/make_events_doc.py
tests/test_messages.py checks the document lists every code."""

from __future__ import annotations

from pathlib import Path

from referee.render.messages import TEMPLATES

HEAD = """# Event codes

Every ruling of the engine is an event with a stable `code`, a `severity` (`info`,
`refused`: the order was refused and nothing changed for that unit, `loss`,
`end`: the game ended), the `rule` it applies (rule file and heading, or the ruleset
parameter for an interpretation), a `subject` (unit, leader or side id), the `order`
index it answers when there is one, and `data` with the numbers. Scripts should key
on `code` and `data`; the sentences below are how the report renders them (English,
then French) and may be reworded. Codes are only ever added, never renamed.

The data keys of each phase's codes are described in `docs/movement.md`,
`docs/combat.md` and `docs/rout.md`. `combat.attack` says what the attack is in one word,
`engagement`: `charge`, `pursuit_contact` (a melee that is not a charge) or `shooting`
(its `charge` is the same as a boolean). The `choice.*` codes answer a unit owner's
choices file (docs/pbem.md §Choices), in any phase.

| code | English | French |
| --- | --- | --- |
"""


def main() -> None:
    rows = []
    for code in sorted(TEMPLATES):
        texts = TEMPLATES[code]
        en = str(texts.get("en", "")).replace("|", "\\|")
        fr = str(texts.get("fr", "")).replace("|", "\\|")
        rows.append(f"| `{code}` | {en} | {fr} |")
    out = Path(__file__).resolve().parent.parent / "docs" / "events.md"
    out.write_text(HEAD + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"wrote {out} ({len(rows)} codes)")


if __name__ == "__main__":
    main()

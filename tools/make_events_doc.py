"""Regenerate docs/events.md from the message templates (run after adding codes):
    python tools/make_events_doc.py
tests/test_messages.py checks the document lists every code."""

from __future__ import annotations

from pathlib import Path

from referee.render.catalogue import template
from referee.render.grammar import variants
from referee.render.messages import event_codes

HEAD = """# Event codes

Every ruling of the engine is an event with a stable `code`, a `severity` (`info`,
`refused`: the order was refused and nothing changed for that unit, `loss`,
`end`: the game ended), the `rule` it applies (rule file and heading, or the ruleset
parameter for an interpretation), a `subject` (unit, leader or side id), the `order`
index it answers when there is one, and `data` with the numbers. Scripts should key
on `code` and `data`; the sentences below are how the report renders them (English,
then French, from the message catalogue: `referee/render/catalogue/*.py` and
`referee/locale/fr/LC_MESSAGES/referee.po`) and may be reworded. Codes are only ever added, never
renamed. A code whose sentence depends on one data value (a refusal's `reason`, an
attack's `kind`) has one row per value. In the sentences, `{key}` is a data value,
`{key_list}` a list of them, `{key_word}` the value in words (`melee`: mêlée), and
`{key#}` a count said with its noun (`1 hit`, `2 hits`); a sentence with a count is
shown in its form for 2.

The data keys of each phase's codes are described in `docs/movement.md`,
`docs/combat.md` and `docs/rout.md`. `combat.attack` says what the attack is in one word,
`engagement`: `charge`, `pursuit_contact` (a melee that is not a charge) or `shooting`
(its `charge` is the same as a boolean). The `choice.*` codes answer a unit owner's
choices file (docs/pbem.md §Choices), in any phase.

| code | English | French |
| --- | --- | --- |
"""


def render() -> str:
    """The whole document, from the catalogue."""
    rows = []

    def cell(text: object) -> str:
        return str(text).replace("|", "\\|")

    for code in sorted(event_codes()):
        rows.append(f"| `{code}` | {cell(template(code, 'en'))} | {cell(template(code, 'fr'))} |")
        key, found = variants(code)
        for value in sorted(found):
            ctx = found[value]
            rows.append(
                f"| `{code}` ({key}: `{value}`) | {cell(template(ctx, 'en'))} | "
                f"{cell(template(ctx, 'fr'))} |"
            )
    return HEAD + "\n".join(rows) + "\n"


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "docs" / "events.md"
    text = render()
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({text.count(chr(10) + '| `')} rows)")


if __name__ == "__main__":
    main()

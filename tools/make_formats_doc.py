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
from typing import Any

import msgspec
from msgspec import inspect as mi

from referee.core.choices import ChoicesFile
from referee.core.model import LEADER_STATUSES, REACTIONS, TRAITS, UNIT_STATUSES
from referee.core.orders import ANY_PHASE_FILE, ORDER_BY_PHASE
from referee.core.pbemfiles import Ledger, MailFile, RevealFile
from referee.core.scenario_file import ScenarioFile
from referee.core.state_file import StateFile
from referee.core.typed import _SEQ, _unwrap

DOC = Path(__file__).resolve().parent.parent / "docs" / "formats.md"
_BLOCK = re.compile(
    r"(<!-- generated: (?P<name>[a-z-]+) -->\n)(?P<body>.*?)"
    r"(<!-- end generated -->)",
    re.DOTALL,
)


# ------------------------------------------------ the key reference of a declaration
def walk(tp: Any, prefix: str = "") -> list[tuple[str, Any, Any]]:
    """Every key path a declaration allows, with its type info and its field (None for
    list items and data-keyed entries: ``units[]``, ``terrain.<key>``)."""
    out: list[tuple[str, Any, Any]] = []

    seen: set[str] = set()

    def go(t: Any, path: str, f: Any, listed: bool = True) -> None:
        if path and listed and path not in seen:
            seen.add(path)
            out.append((path, t, f))
        inner, _ = _unwrap(t)
        if isinstance(inner, mi.UnionType):  # each option's keys (a path: list or text)
            for option in inner.types:
                go(option, path, f, listed=False)
        elif isinstance(inner, mi.StructType):
            for sub in inner.fields:
                go(sub.type, f"{path}.{sub.encode_name}" if path else sub.encode_name, sub)
        elif isinstance(inner, mi.DictType) and not isinstance(inner.value_type, mi.AnyType):
            go(inner.value_type, f"{path}.<{key_name(inner)}>", None)
        elif isinstance(inner, _SEQ):
            go(inner.item_type, f"{path}[]", None)

    go(mi.type_info(tp), prefix, None)
    return out


def key_name(t: Any) -> str:
    """The name of a mapping's data keys in the reference: ``side`` for a key declared
    ``doc("side: its id")``, else ``key``."""
    said = description(t.key_type).split(":", 1)
    return said[0] if len(said) == 2 and said[0].isidentifier() else "key"


def description(t: Any, f: Any = None) -> str:
    """What a key means: its field's description, else its type's."""
    for node in (f.type if f is not None else None, t):
        while isinstance(node, mi.Metadata):
            said = (node.extra_json_schema or {}).get("description")
            if said:
                return " ".join(str(said).split())
            node = node.type
        if isinstance(node, mi.StructType) and node.cls.__doc__:
            return " ".join(node.cls.__doc__.split())
    return ""


def reference(tp: Any, prefix: str = "") -> str:
    """A Markdown table of every key: path, type, required, default, description."""
    rows = ["| key | type | required | default | description |", "| --- | --- | --- | --- | --- |"]
    for path, t, f in walk(tp, prefix):
        required = "yes" if f is not None and f.required else ""
        default = ""
        if f is not None and not f.required:
            value = f.default if f.default_factory is msgspec.NODEFAULT else f.default_factory()
            if value is not None and value is not msgspec.NODEFAULT:  # (null: not given)
                default = f"`{msgspec.json.encode(value).decode()}`"
        said = description(t, f).replace("|", "\\|")
        rows.append(f"| `{path}` | {_md_type(t)} | {required} | {default} | {said} |")
    return "\n".join(rows) + "\n"


def _md_type(t: Any) -> str:
    inner, extra = _unwrap(t)
    if isinstance(inner, mi.UnionType):
        options = [o for o in inner.types if not isinstance(_unwrap(o)[0], mi.NoneType)]
        said = _md_type(options[0]) if len(options) == 1 else "one of several"
        return f"{said} or null" if len(options) < len(inner.types) else said
    if isinstance(inner, mi.LiteralType):
        return "one of " + ", ".join(f"`{v}`" for v in inner.values)
    if extra.get("label_digits"):
        return "hex label"
    return _MD_NAMES.get(type(inner), "list" if isinstance(inner, _SEQ) else "any")


_MD_NAMES: dict[type, str] = {
    mi.StrType: "text",
    mi.IntType: "integer",
    mi.FloatType: "number",
    mi.BoolType: "boolean",
    mi.DictType: "mapping",
    mi.StructType: "mapping",
}


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
        said = description(mi.type_info(order))
        per_phase.append(f"**{phase}** ({said}):\n\n" + reference(order, "orders[]"))
    return {
        "state-keys": reference(StateFile),
        "scenario-keys": reference(ScenarioFile),
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

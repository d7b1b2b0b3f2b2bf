"""Turn the old ``(English, French)`` message tables into gettext entries (issue 25).

The referee's messages used to live in ``referee/render/messages_*.py`` as ``(en, fr)``
tuples with a markup of their own: variants chosen by a data value, optional clauses,
values said in words, and counts ``{n:# hit|# hits}``. This script reads such tables
(through :mod:`tools.legacy_catalogue`, a frozen copy of the old engine's data side) and
writes

* ``referee/render/texts/<name>.py``: the English, once, as ``m(context, English)`` and
  ``n(context, singular, plural, count)`` declarations (``pybabel extract`` finds them);
* the French of every entry into ``referee/locale/fr/LC_MESSAGES/referee.po``
  (entries of the same context are replaced, the others kept).

How the markup maps onto gettext (``docs/translating.md``):

* an entry is the context ``code``; a variant ``code|key=value``; a clause
  ``code+key=value`` (or ``code+key``: "when present"), kept in their order;
* a text with one count is a plural message counted by that data value; a text with
  several counts is split: each count is a sub-message ``<context>#<key>`` and the text
  says ``{<key>#}`` where the counted words go;
* a vocabulary word (``VOCAB[domain][value]``) is the context ``word.<domain>.<value>``.

Re-run it at a merge when another branch added entries to one of the old tables
(``git checkout <branch> -- referee/render/messages_pbem.py``, then
``python tools/po_convert.py referee/render/messages_pbem.py``, then delete the file and
run ``python tools/i18n.py update``): the texts module of that table is rewritten whole,
the French entries of its contexts replaced.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TEXTS = ROOT / "referee" / "render" / "texts"
PO = ROOT / "referee" / "locale" / "fr" / "LC_MESSAGES" / "referee.po"

_PLURAL = re.compile(r"\{(\w+):([^{}]*\|[^{}]*)\}")
# words after a value that are not its noun
_NOT_NOUNS = frozenset(
    [
        "of",
        "on",
        "from",
        "to",
        "in",
        "at",
        "for",
        "and",
        "or",
        "than",
        "with",
        "by",
        "is",
        "are",
        "was",
        "were",
    ]
)


@dataclass
class Entry:
    """One gettext entry: its context, English (one or two forms) and French."""

    ctx: str
    en: str | tuple[str, str]
    fr: str | tuple[str, str]
    count: str | None = None  # the data key a plural counts


@dataclass
class Group:
    """What one old table module held: entries, words domains, its vocabulary."""

    name: str
    source: str
    entries: list[Entry] = field(default_factory=list)
    words: dict[str, dict[str, str]] = field(default_factory=dict)


# ----------------------------------------------------------------------- the markup
def plural_fields(text: str) -> list[str]:
    return list(dict.fromkeys(m.group(1) for m in _PLURAL.finditer(text)))


def forms(text: str, key: str) -> tuple[str, str]:
    """``{n:# hit|# hits}`` -> ``{n} hit``, ``{n} hits`` (the other fields as they are)."""

    def pick(i: int) -> str:
        def repl(m: re.Match[str]) -> str:
            if m.group(1) != key:
                return m.group(0)
            one, many = m.group(2).split("|", 1)
            return (one, many)[i].replace("#", "{" + key + "}")

        return _PLURAL.sub(repl, text)

    return pick(0), pick(1)


def referred(text: str, key: str) -> str:
    """The text with its count of ``key`` replaced by the sub-message ``{key#}``."""
    return _PLURAL.sub(lambda m: "{" + key + "#}" if m.group(1) == key else m.group(0), text)


def fabricated(text: str, key: str) -> tuple[str, str, str] | None:
    """A count the old table left unmarked (``{units} units``): (text with ``{key#}``,
    singular, plural), or None when no noun follows the value."""
    m = re.search(r"\{" + key + r"\}( [\w'’()-]+)", text)
    if m is None:
        return None
    noun = m.group(1).strip()
    if noun.lower() in _NOT_NOUNS:
        return None
    # the English stays as it was written (``units``, ``activation(s)``): both forms
    one = many = noun
    head = "{" + key + "} "
    return text[: m.start()] + "{" + key + "#}" + text[m.end() :], head + one, head + many


def piece_entries(ctx: str, en: str, fr: str) -> list[Entry]:
    """The gettext entries of one text (a whole template, a variant or a clause)."""
    keys = list(dict.fromkeys(plural_fields(en) + plural_fields(fr)))
    if not keys:
        return [Entry(ctx, en, fr)]
    if len(keys) == 1:
        key = keys[0]
        return [Entry(ctx, forms(en, key), forms(fr, key), key)]
    out: list[Entry] = []
    for key in keys:
        sub = f"{ctx}#{key}"
        en_forms: tuple[str, str] = ("{" + key + "}", "{" + key + "}")
        fr_forms: tuple[str, str] = en_forms
        if key in plural_fields(en):
            en_forms = (only_count(en, key, 0), only_count(en, key, 1))
            en = referred(en, key)
        else:
            made = fabricated(en, key)
            if made is not None:
                en, one, many = made
                en_forms = (one, many)
        if key in plural_fields(fr):
            fr_forms = (only_count(fr, key, 0), only_count(fr, key, 1))
            fr = referred(fr, key)
        else:
            made = fabricated(fr, key)
            if made is not None:
                fr, one, many = made
                fr_forms = (one, one)  # French: the noun as the old table wrote it
        out.append(Entry(sub, en_forms, fr_forms, key))
    out.append(Entry(ctx, en, fr))
    return out


def only_count(text: str, key: str, i: int) -> str:
    """The words of the count of ``key`` alone (``{n:# hit|# hits}`` -> ``{n} hits``)."""
    m = next(m for m in _PLURAL.finditer(text) if m.group(1) == key)
    return m.group(2).split("|", 1)[i].replace("#", "{" + key + "}")


def _key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def text_entries(
    code: str, en: Any, fr: Any, text_type: type
) -> tuple[list[Entry], dict[str, str]]:
    """Entries of one catalogue code (a plain string or a legacy ``Text`` in each
    language) and its words domains."""
    is_text = isinstance(en, text_type) or isinstance(fr, text_type)
    if not is_text:
        return piece_entries(code, str(en), str(fr)), {}
    en_t = en if isinstance(en, text_type) else text_type(str(en))
    fr_t = fr if isinstance(fr, text_type) else text_type(str(fr))
    out = piece_entries(code, str(en_t), str(fr_t))
    key = en_t.key if en_t.variants else fr_t.key
    for value in dict.fromkeys([*en_t.variants, *fr_t.variants]):
        en_v = en_t.variants.get(value, str(en_t))
        fr_v = fr_t.variants.get(value, str(fr_t))
        out += piece_entries(f"{code}|{key}={value}", en_v, fr_v)
    seen: set[str] = set()
    fr_clauses = list(fr_t.clauses)
    for i, (ckey, wanted, en_c) in enumerate(en_t.clauses):
        fr_c = fr_clauses[i][2] if i < len(fr_clauses) else en_c
        ctx = f"{code}+{ckey}" if wanted is None else f"{code}+{ckey}={_key(wanted)}"
        n = 2
        base = ctx
        while ctx in seen:
            ctx = f"{base}~{n}"
            n += 1
        seen.add(ctx)
        out += piece_entries(ctx, en_c, fr_c)
    words = {**dict(fr_t.words), **dict(en_t.words)}
    return out, words


# ------------------------------------------------------------------ the old modules
def load_legacy(paths: Iterable[Path]) -> tuple[Any, list[tuple[str, Any]]]:
    """Import the old table modules against the frozen old engine; returns the engine
    and (name, module) in import order."""
    spec = importlib.util.spec_from_file_location(
        "referee.render.catalogue", ROOT / "tools" / "legacy_catalogue.py"
    )
    assert spec is not None and spec.loader is not None
    legacy = importlib.util.module_from_spec(spec)
    sys.modules["referee.render.catalogue"] = legacy
    spec.loader.exec_module(legacy)
    order = sorted(paths, key=lambda p: (p.stem == "messages", p.stem != "messages_pbem", p.stem))
    mods = []
    for path in order:
        name = f"referee.render.{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        before_keys = set(legacy.CATALOGUE)
        before_vocab = {d: set(v) for d, v in legacy.VOCAB.items()}
        spec.loader.exec_module(module)
        module._new_keys = [k for k in legacy.CATALOGUE if k not in before_keys]
        module._new_vocab = {
            d: [v for v in values if v not in before_vocab.get(d, set())]
            for d, values in legacy.VOCAB.items()
        }
        mods.append((path.stem, module))
    return legacy, mods


def groups_of(legacy: Any, mods: list[tuple[str, Any]], with_vocab: bool) -> list[Group]:
    out: list[Group] = []
    claimed: set[str] = set()
    if with_vocab:  # the old engine's own vocabulary (catalogue.py)
        group = Group("vocab", "referee/render/catalogue.py (VOCAB)")
        base = {d: list(v) for d, v in legacy.VOCAB.items()}
        for _, module in mods:
            for d, values in module._new_vocab.items():
                base[d] = [v for v in base.get(d, []) if v not in values]
        add_vocab(group, legacy, base)
        out.append(group)
    for stem, module in mods:
        name = "events" if stem == "messages" else stem.removeprefix("messages_")
        name = "usage" if name == "help" else name
        group = Group(name, f"referee/render/{stem}.py")
        add_vocab(group, legacy, module._new_vocab)
        keys = list(module._new_keys) + list(getattr(module, "TEMPLATES", {}) or {})
        for code in dict.fromkeys(keys):
            if code in claimed:
                continue
            claimed.add(code)
            texts = legacy.CATALOGUE.get(code) or module.TEMPLATES[code]
            en = texts["en"]
            fr = texts.get("fr") or en
            entries, words = text_entries(code, en, fr, legacy.Text)
            group.entries += entries
            if words:
                group.words[code] = words
        out.append(group)
    return out


def add_vocab(group: Group, legacy: Any, domains: dict[str, list[str]]) -> None:
    for domain, values in domains.items():
        for value in values:
            en, fr = legacy.VOCAB[domain][value]
            group.entries.append(Entry(f"word.{domain}.{value}", en, fr))


# ------------------------------------------------------------------------ writing
def _literal(text: str, indent: str) -> str:
    """A Python string literal, split at spaces into lines of at most ~88 columns."""
    width = 88 - len(indent)
    if len(repr(text)) <= width:
        return repr(text)
    chunks: list[str] = []
    current = ""
    for part in re.split(r"(?<= )", text):
        if current and len(repr(current + part)) > width:
            chunks.append(current)
            current = part
        else:
            current += part
    if current:
        chunks.append(current)
    return "\n".join(f"{indent}{c!r}" for c in chunks).lstrip()


def module_text(group: Group) -> str:
    lines = [
        f'"""The English of {group.source}: each message once, under its context',
        "(``docs/translating.md``). Generated by ``tools/po_convert.py``, then kept by hand;",
        'the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""',
        "",
        "from referee.render.texts import blank, m, n, words",
        "",
    ]
    used = {"m": False, "n": False, "blank": False, "words": bool(group.words)}
    for entry in group.entries:
        if isinstance(entry.en, tuple):
            used["n"] = True
            lines.append(
                f"n(\n    {entry.ctx!r},\n    {_literal(entry.en[0], '    ')},\n"
                f"    {_literal(entry.en[1], '    ')},\n    {entry.count!r},\n)"
            )
        elif entry.en == "":
            used["blank"] = True
            lines.append(f"blank({entry.ctx!r})")
        else:
            used["m"] = True
            line = f"m({entry.ctx!r}, {entry.en!r})"
            if len(line) > 100:
                line = f"m(\n    {entry.ctx!r},\n    {_literal(entry.en, '    ')},\n)"
            lines.append(line)
    for code, domains in group.words.items():
        lines.append(f"words({code!r}, {dict(domains)!r})")
    names = ", ".join(k for k in ("blank", "m", "n", "words") if used[k])
    lines[4] = f"from referee.render.texts import {names}"
    return "\n".join(lines) + "\n"


def write_po(groups: list[Group]) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po
    from babel.messages.pofile import write_po as babel_write_po

    if PO.exists():
        with PO.open("rb") as f:
            catalog = read_po(f, locale="fr", domain="referee")
    else:
        catalog = Catalog(
            locale="fr",
            domain="referee",
            project="referee",
            copyright_holder="the referee's authors",
            msgid_bugs_address="",
            last_translator="the referee's authors",
            language_team="French",
            fuzzy=False,
        )
        # French counts 0 and 1 as singular (« 0 touche »): two forms, not CLDR's three
        catalog._num_plurals = 2
        catalog._plural_expr = "(n > 1)"
    for group in groups:
        for entry in group.entries:
            if entry.en == "":
                continue
            msgid: Any = entry.en
            msgstr: Any = entry.fr
            if catalog.get(msgid, context=entry.ctx) is not None:
                catalog.delete(msgid, context=entry.ctx)
            for old in [m for m in catalog if m.context == entry.ctx]:
                catalog.delete(old.id, context=entry.ctx)
            catalog.add(msgid, msgstr, context=entry.ctx)
    PO.parent.mkdir(parents=True, exist_ok=True)
    with PO.open("wb") as f:
        babel_write_po(f, catalog, width=100, sort_output=False, omit_header=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tables", nargs="+", type=Path, help="old messages_*.py modules")
    parser.add_argument(
        "--vocab", action="store_true", help="also write the old engine's own vocabulary"
    )
    args = parser.parse_args(argv)
    legacy, mods = load_legacy(p.resolve() for p in args.tables)
    groups = groups_of(legacy, mods, args.vocab)
    TEXTS.mkdir(parents=True, exist_ok=True)
    for group in groups:
        (TEXTS / f"{group.name}.py").write_text(module_text(group), encoding="utf-8")
        print(f"referee/render/texts/{group.name}.py: {len(group.entries)} entries")
    write_po(groups)
    print(f"{PO.relative_to(ROOT)}: written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

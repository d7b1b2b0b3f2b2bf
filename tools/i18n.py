"""The message catalogues' build steps, with Babel (a development tool: the referee
reads the compiled ``.mo`` files with the standard library's gettext).

    python tools/i18n.py extract   # referee/render/catalogue/*.py, the commands' --help
                                   # texts, the rulesets' sources and the JSON Schemas'
                                   # descriptions -> referee/locale/referee.pot
    python tools/i18n.py update    # extract, then merge the template into every <lang>.po
    python tools/i18n.py compile   # every <lang>.po -> its .mo files (what the wheel ships)
    python tools/i18n.py all       # extract, update, compile (after any change)
    python tools/i18n.py init LANG # a new language's .po, from the template
    python tools/i18n.py index     # texts/__init__.py's INDEX: which module says what

See docs/translating.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "referee" / "locale"
POT = LOCALE / "referee.pot"
DOMAIN = "referee"
KEYWORDS = ["--no-default-keywords", "-k", "m:1c,2", "-k", "n:1c,2,3"]


def pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").exists())


def extract() -> None:
    os.chdir(ROOT)  # the template names files relative to the repository
    pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        *KEYWORDS,
        "--project",
        "referee",
        "--copyright-holder",
        "the referee's authors",
        "--add-location",
        "file",
        "--omit-header",
        "--width",
        "100",
        "-o",
        "referee/locale/referee.pot",
        ".",
    )
    # what the texts modules do not declare: the --help texts, the rulesets' sources,
    # the JSON Schemas' descriptions
    add_to_template(
        [
            *help_entries(),
            *((ctx, english, where) for where, ctx, english in sources()),
            *((ctx, english, where) for ctx, english, where in schema_texts()),
        ]
    )


# the --help texts: the commands declare their English (referee/cli/cmd_*.py: typer
# prints it); referee.cli.translate.help_entries lists them with their contexts
_HELP = """
import json, typer.main
from referee.cli.app import full_app
from referee.cli.translate import help_entries
print(json.dumps(help_entries(typer.main.get_command(full_app()))))
"""
HELP_PREFIX = "help."  # their contexts; compiled into their own part, referee-help.mo
HELP_GROUP = "help"


def help_entries() -> list[tuple[str, str, str]]:
    """``(context, English, file)`` of every --help text, read in a fresh interpreter
    from the command tree (what the help pages ask the catalogue for)."""
    import json
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", _HELP], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return [(context, english, where) for context, english, where in json.loads(done.stdout)]


# the JSON Schemas' descriptions and titles (``referee schema KIND``): the files'
# declarations hold their English (referee/core/*.py, referee/io/schema.py);
# referee.render.schemas lists them and says them
SCHEMA_PREFIX = "schema."  # their contexts; compiled into their own part, referee-schema.mo
SCHEMA_GROUP = "schema"


def schema_texts() -> list[tuple[str, str, str]]:
    """``(context, English, file)`` of every description (``schema.description``) and
    title (``schema.title``) of the registered JSON Schemas (what ``referee schema``
    asks the catalogue for: ``referee.render.schemas``)."""
    from referee.render.schemas import CONTEXT, TITLE, descriptions, titles

    return [
        *((CONTEXT, english, where) for where, english in descriptions()),
        *((TITLE, english, where) for where, english in titles()),
    ]


# ---------------------------------------------------- the rulesets' English to translate
# Which parts of the shipped rulesets' citations carry English a report in another
# language says in words: found here, when the template is made (the referee itself
# reads no English: it looks a citation up in the catalogue, and shows it as written
# where the catalogue has none, the rules' own French or a club's own words).
# a table's source may join two citations with " / " (combat.die_faces_source)
_SLASH = r" / (?=facts:|interpretation:|\d{3} §)"
# English words that end a rule heading quoted inside an interpretation's explanation
# ("000 §Précisions sur le mouvement mentions l'esquive": the heading is the French part)
_ENGLISH = frozenset(
    {
        "implies",
        "imply",
        "means",
        "excepts",
        "allows",
        "leaves",
        "needs",
        "sets",
        "makes",
        "takes",
        "names",
        "name",
        "counts",
        "mentions",
        "has",
        "have",
        "calls",
        "adds",
        "speaks",
        "mapped",
        "forbids",
        "gives",
        "says",
        "lists",
        "is",
        "are",
        "reads",
        "only",
        "with",
        "where",
        "when",
        "as",
        "and",
        "the",
        "but",
        "for",
        "of",
        "to",
        "in",
        "on",
        "that",
        "which",
        "does",
        "do",
        "read",
        "unit",
        "units",
        "may",
        "not",
        "any",
        "each",
        "it",
        "its",
        "be",
        "by",
        "if",
        "per",
        "than",
        "who",
        "this",
        "these",
        "those",
        "from",
        "into",
        "can",
        "cannot",
        "must",
        "no",
        "one",
        "two",
        "or",
        "an",
    }
)


def _headings(text: str) -> list[str]:
    """The rule headings quoted in ``text`` (``NNN §Heading (en hex)``), without the
    English explanation that may follow them (the rules' words stop at the first
    English word, or at a parenthesis holding one)."""
    import re

    from referee.render.wording import _HEADING

    out = []
    for m in re.finditer(_HEADING, text):
        rest = text[m.end() :]
        words: list[str] = []
        i = 0
        for token in re.finditer(r"\([^)]*\)|[^\s;,:()]+|[;,:]", rest):
            piece = token.group(0)
            if piece in (";", ",", ":") or piece.lower() in _ENGLISH:
                break
            if piece.startswith("(") and any(
                w.lower() in _ENGLISH for w in re.findall(r"[A-Za-z]+", piece)
            ):
                break
            words.append(piece)
            i = token.end()
        heading = (m.group(0) + rest[:i]).strip()
        if len(heading) > len(m.group(0)):
            out.append(heading)
    return out


def source_texts(source: str) -> list[tuple[str, str]]:
    """The English a report in another language says in words, of one ``source`` of a
    ruleset: ``(context, English as written)`` for each fact (``source.fact``: what
    follows ``facts:``, also in an interpretation of the facts), each interpretation's
    reason (``source.reason``) and each rule heading followed by English
    (``source.heading``: the whole part, heading included). ``python tools/i18n.py
    extract`` puts them in the template; a rule heading alone (the rules' own French)
    and a club's house rule are not in it."""
    import re

    from referee.render.wording import _HEADING, _HOUSE, _READING, split_citation

    out: list[tuple[str, str]] = []
    for piece in re.split(_SLASH, source):
        for part in split_citation(piece):
            if part.startswith("interpretation:"):
                body = part[len("interpretation:") :].strip()
                if body.startswith("facts:"):
                    out.append(("source.fact", body[len("facts:") :].strip()))
                else:
                    out.append(("source.reason", body))
            elif part.startswith("facts:"):
                out.append(("source.fact", part[len("facts:") :].strip()))
            elif re.match(_HOUSE, part) or re.match(_READING, part):
                continue
            elif re.match(_HEADING, part) and "; ".join(dict.fromkeys(_headings(part))) != part:
                out.append(("source.heading", part))
    return [(ctx, english) for ctx, english in out if english]


def add_to_template(entries: list[tuple[str, str, str]]) -> None:
    """Add ``(context, English, file)`` entries to the template, read and written once
    (after the texts modules'; an entry already there gains the file as a location).
    The --help texts (:func:`help_entries`) and the rulesets' English that a report in
    another language says in words (:func:`sources`: their facts, interpretations'
    reasons, headings followed by English, :func:`source_texts`;
    ``msgctxt "source.<kind>"``, msgid the English as the shipped ruleset files write
    it, compiled to parts of their own, ``referee.render.wording.source_part``)."""
    from babel.messages.pofile import read_po, write_po

    with POT.open("rb") as f:
        template = read_po(f)
    for ctx, english, where in entries:
        found = template.get(english, context=ctx)
        if found is None:
            template.add(english, context=ctx, locations=[(where, None)])
        elif (where, None) not in found.locations:
            found.locations.append((where, None))
    with POT.open("wb") as f:
        write_po(f, template, width=100, omit_header=True, include_lineno=False)


def sources() -> list[tuple[str, str, str]]:
    """``(ruleset file, context, English)`` of every citation of the shipped rulesets
    (every text of their YAML that is one), of their interpretations' readings
    (``source.reading``) and reasons for the default (``source.why``), in file order,
    and of the reasons a sentence of the texts is not a rule (``source.not_a_rule``,
    rulesets/conformance.json)."""
    import json
    import re

    import yaml

    from referee.render.wording import _CITATION_START

    out: list[tuple[str, str, str]] = []

    def walk(node: Any, path: tuple[str, ...], name: str) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(value, (*path, str(key.value)), name)
        elif isinstance(node, yaml.SequenceNode):
            for value in node.value:
                walk(value, (*path, "-"), name)
        elif isinstance(node, yaml.ScalarNode) and isinstance(node.value, str):
            said = path[2] if path[:1] == ("interpretations",) and len(path) > 2 else ""
            if said in ("why", "readings") and node.value.strip():
                kind = "source.why" if said == "why" else "source.reading"
                out.append((name, kind, node.value.strip()))
            elif path[:1] != ("presets",) and re.match(_CITATION_START, node.value):
                # (a preset's source is the file's note: no view shows it)
                out.extend((name, ctx, english) for ctx, english in source_texts(node.value))

    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        name = path.relative_to(ROOT).as_posix()
        walk(yaml.compose(path.read_text(encoding="utf-8")), (), name)
    # why a sentence of the texts is not a rule (``referee rulesets NAME --rule HEADING``)
    conformance = json.loads((ROOT / "rulesets" / "conformance.json").read_text("utf-8"))
    for sentence in conformance["sentences"]:
        if sentence.get("not_a_rule"):
            out.append(("rulesets/conformance.json", "source.not_a_rule", sentence["not_a_rule"]))
    return out


def update() -> None:
    extract()
    for lang in languages():
        if lang == "xx":
            continue
        pybabel(
            "update",
            "-D",
            DOMAIN,
            "-i",
            str(POT),
            "-d",
            str(LOCALE),
            "-l",
            lang,
            "--no-fuzzy-matching",
            "--ignore-obsolete",
            "--width",
            "100",
        )
        _pin_date(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po")


# The template has no header, so Babel dates each update: a fixed date keeps a .po (and
# the .mo files compiled from it) unchanged unless its messages change, and work merged
# from two branches does not conflict on a timestamp.
FIXED_DATE = "2026-01-01 00:00+0000"


def _pin_date(po: Path) -> None:
    lines = po.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith('"POT-Creation-Date: '):
            lines[i] = f'"POT-Creation-Date: {FIXED_DATE}\\n"'
            break
    po.write_text("\n".join(lines), encoding="utf-8")


def split(catalog: Any) -> dict[str, Any]:
    """The catalogue cut by the texts module each message comes from (its location):
    ``{module: Catalog}``. A command loads only the parts it says something from."""
    from babel.messages.catalog import Catalog

    from referee.render.wording import source_part

    parts: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        files = {Path(f).stem for f, _ in message.locations} or {"vocab"}
        if (message.context or "").startswith(HELP_PREFIX):  # read by help pages only
            files = {HELP_GROUP}
        elif str(message.context).startswith("source."):  # the rulesets' English (sources)
            files = {source_part(message.context)}
        elif str(message.context).startswith(SCHEMA_PREFIX):  # read by `referee schema` only
            files = {SCHEMA_GROUP}
        for group in sorted(files):
            part = parts.get(group)
            if part is None:
                part = parts[group] = Catalog(
                    locale=catalog.locale,
                    domain=DOMAIN,
                    project="referee",
                    version=catalog.version,
                    fuzzy=False,
                    creation_date=catalog.creation_date,
                    revision_date=catalog.revision_date,
                    last_translator=catalog.last_translator,
                    language_team=catalog.language_team,
                )
                part._num_plurals = catalog.num_plurals
                part._plural_expr = catalog.plural_expr
            part.add(message.id, message.string, context=message.context)
    return parts


def compile_po(po: Path, lang: str) -> list[Path]:
    """``<lang>.po`` -> ``referee-<module>.mo`` beside it, one per texts module (the
    standard format; the referee reads them with gettext), stale ones removed."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang if lang != "xx" else None)
    written = []
    for old in po.parent.glob(f"{DOMAIN}*.mo"):
        old.unlink()
    for group, part in split(catalog).items():
        path = po.parent / f"{DOMAIN}-{group}.mo"
        with path.open("wb") as f:
            write_mo(f, part)
        written.append(path)
    return written


def compile_all() -> None:
    for lang in languages():
        if lang == "xx":
            continue
        po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        written = compile_po(po, lang)
        print(f"{po.relative_to(ROOT)}: {len(written)} .mo files")


TEXTS = ROOT / "referee" / "render" / "catalogue"
INDEX = TEXTS / "__init__.py"  # its end, from INDEX_MARK on
INDEX_MARK = (
    "# ---- INDEX, generated by `python tools/i18n.py index` (`all` runs it): do not edit below\n"
)
# the order the texts modules are declared in when all are (contexts(), docs/events.md)
FIRST_MODULES = (
    "vocab",
    "events",
    "activation",
    "movement",
    "combat",
    "rout",
    "pursuit",
)


_DECLARED = """
import importlib, json, sys
texts = importlib.import_module("referee.render.catalogue")
texts.WORDS = {}  # (what the texts' own words() calls declare, not the index's)
out = []
for name in sys.argv[1:]:
    start = len(texts.ENGLISH)
    importlib.import_module(f"referee.render.catalogue.{name}")
    out.extend((name, ctx, texts.prefix(ctx)) for ctx in list(texts.ENGLISH)[start:])
counted = {ctx: said[2] for ctx, said in texts.PLURALS.items()}
blank = sorted(ctx for ctx, english in texts.ENGLISH.items() if not english)
print(json.dumps([out, counted, texts.WORDS, blank]))
"""


def is_part(ctx: str) -> bool:
    """Whether ``ctx`` is a variant or a clause of a code (``code|key=value``,
    ``code+key``), not a word or a count inside a text."""
    return ("|" in ctx or "+" in ctx) and "#" not in ctx and not ctx.startswith("word.")


def index_source() -> str:
    """What ``referee/render/catalogue/__init__.py`` holds from ``INDEX_MARK`` on, so that
    a command imports only the texts modules of the messages it says, and a command in
    another language than English none (``referee/render/catalogue/__init__.py``): the texts
    modules; for each context prefix (``referee.render.catalogue.prefix``) the module
    declaring its contexts (one module a prefix); the variants and clauses of each
    code in the order they are declared; the data key counting each plural message;
    the data keys each code says in words (the texts' ``words``); the blank messages;
    how many messages each module declares."""
    import json
    import subprocess

    files = sorted(p.stem for p in TEXTS.glob("*.py") if p.stem != "__init__")
    modules = [m for m in FIRST_MODULES if m in files] + [
        m for m in files if m not in FIRST_MODULES
    ]
    # in a fresh interpreter: which contexts each module declares
    done = subprocess.run(
        [sys.executable, "-c", _DECLARED, *modules],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    declared, counted, words, blank = json.loads(done.stdout)
    index: dict[str, str] = {}
    sizes: dict[str, int] = {}
    parts: dict[str, list[str]] = {}
    for name, ctx, key in declared:
        if index.setdefault(key, name) != name:
            raise SystemExit(
                f"the contexts of {key!r} are declared by {index[key]!r} and {name!r}: "
                "move them into one texts module (a prefix is read from one part)"
            )
        if ctx not in blank:
            sizes[name] = sizes.get(name, 0) + 1
        if is_part(ctx):
            cut = min(i for i in (ctx.find("|"), ctx.find("+")) if i > 0)
            parts.setdefault(ctx[:cut], []).append(ctx)
    lines = [
        "MODULES: tuple[str, ...] = (",
        *(f'    "{name}",' for name in modules),
        ")",
        "",
        "# each context prefix: the texts module declaring its contexts",
        "INDEX: dict[str, str] = {",
        *(f'    "{key}": "{name}",' for key, name in sorted(index.items())),
        "}",
        "",
        "# each code's variants and clauses, in the order the texts declare them",
        "PARTS: dict[str, tuple[str, ...]] = {",
        *(f'    "{code}": {_tuple(found)},' for code, found in parts.items()),
        "}",
        "",
        "# each plural message: the data key that counts (n()'s last argument)",
        "COUNTED: dict[str, str] = {",
        *(f'    "{ctx}": "{key}",' for ctx, key in sorted(counted.items())),
        "}",
        "",
        "# each code: its data keys said in words, and their domains (the texts' words())",
        f"WORDS: dict[str, dict[str, str]] = {json.dumps(words, sort_keys=True)}",
        "",
        "# the messages that say nothing in English (blank(): in no catalogue)",
        f"BLANK: frozenset[str] = frozenset({{{', '.join(json.dumps(c) for c in blank)}}})",
        "",
        "# each texts module: its messages (blank ones aside), as many as a complete",
        "# translation of it holds (a context missing there is then in no module)",
        "SIZES: dict[str, int] = {",
        *(f'    "{name}": {size},' for name, size in sizes.items()),
        "}",
        "",
    ]
    formatted = subprocess.run(  # (as ruff format writes it: the file is checked)
        [sys.executable, "-m", "ruff", "format", "-"],
        input="\n".join(lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return formatted.stdout


def _tuple(names: list[str]) -> str:
    """A tuple of strings (``ruff format`` lays it out)."""
    inner = ", ".join(f'"{name}"' for name in names)
    return f"({inner},)" if len(names) == 1 else f"({inner})"


def write_index() -> None:
    own = INDEX.read_text(encoding="utf-8").split(INDEX_MARK)[0]
    INDEX.write_text(own + INDEX_MARK + index_source(), encoding="utf-8")
    print(f"{INDEX.relative_to(ROOT)} written")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "compile", "all", "init", "index"):
        print(__doc__, file=sys.stderr)
        return 2
    step = argv[0]
    if step == "extract":
        extract()
    elif step == "update":
        update()
    elif step == "compile":
        compile_all()
    elif step == "index":
        write_index()
    elif step == "init":
        pybabel("init", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALE), "-l", argv[1])
    else:
        update()
        compile_all()
        write_index()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(main(sys.argv[1:]))

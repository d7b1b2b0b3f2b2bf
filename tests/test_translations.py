"""The message catalogues (issue 25, docs/translating.md): the template holds every
message the texts declare, every language's .po translates every one of them (no
fuzzy, no empty form), the committed .mo files are what their .po compiles to, and at
run time only the standard library's gettext reads them (no Babel)."""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from langkit import details

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "referee" / "locale"
LANGS = sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/referee.po"))


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _key(message: Any) -> tuple[str | None, Any]:
    return (message.context, message.id)


def _extracted() -> set[tuple[str | None, Any]]:
    """What ``pybabel extract`` finds now (the mapping of babel.cfg, the keywords of
    tools/i18n.py)."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT / "referee" / "render" / "catalogue"),
        method_map=[("__init__.py", "ignore"), ("**.py", "python")],
        keywords={"m": ((1, "c"), 2), "n": ((1, "c"), 2, 3)},
    ):
        found.add((context, message))
    return found


def _help_texts() -> set[tuple[str | None, Any]]:
    """The --help texts as the commands declare them today (``tools/i18n.py`` adds them
    to the template): a help text changed in a ``cmd_*.py`` makes the template stale."""
    import typer.main

    from referee.cli.app import full_app
    from referee.cli.translate import help_entries

    return {(c, e) for c, e, _ in help_entries(typer.main.get_command(full_app()))}


def _sources() -> set[tuple[str | None, Any]]:
    """The rulesets' English a report says in words (``tools/i18n.py sources``), as
    the shipped ruleset files write it now."""
    return {(ctx, english) for _path, ctx, english in _tool().sources()}


def _schema_texts() -> set[tuple[str | None, Any]]:
    """The JSON Schemas' descriptions and titles (``tools/i18n.py schema_texts``), as the
    files' declarations write them now (referee/core/*.py, referee/io/schema.py)."""
    return {(ctx, english) for ctx, english, _path in _tool().schema_texts()}


def test_the_template_holds_every_message_of_the_texts() -> None:
    """`python tools/i18n.py update` after changing referee/render/catalogue/*.py, a
    command's help (referee/cli/cmd_*.py, examples.py), a citation of a shipped
    ruleset (its facts, interpretations: rulesets/*.yaml) or a description of a file's
    declaration (``referee schema KIND``: referee/core/*.py)."""
    template = {_key(m) for m in _read(LOCALE / "referee.pot") if m.id}
    helps = _help_texts()
    assert len(helps) > 200
    assert all(c.startswith("help.") for c, _ in helps)
    extracted = _extracted() | helps | _sources() | _schema_texts()
    assert len(extracted) > 1000
    assert not extracted - template, sorted(extracted - template)[:10]
    assert not template - extracted, sorted(template - extracted)[:10]


def test_the_runtime_declares_what_is_extracted() -> None:
    """The loader's English is what pybabel reads (no message declared another way)."""
    from referee.render.catalogue import ENGLISH, PLURALS, contexts

    declared = {
        (c, PLURALS[c][:2] if c in PLURALS else ENGLISH[c]) for c in contexts() if ENGLISH[c]
    }
    assert declared == _extracted()


def _is_template(text: Any) -> bool:
    """A ``str.format`` template (what PyYAML says is quoted as it is, braces and all)."""
    try:
        for part in text if isinstance(text, tuple) else (text,):
            list(Formatter().parse(part))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "xx"])
def test_every_message_is_translated(lang: str) -> None:
    template = _read(LOCALE / "referee.pot")
    po = _read(LOCALE / lang / "LC_MESSAGES" / "referee.po", lang)
    assert not po.fuzzy, f"{lang}.po: its header is fuzzy"
    missing, fuzzy, empty, broken = [], [], [], []
    for message in template:
        if not message.id:
            continue
        found = po.get(message.id, context=message.context)
        if found is None:
            missing.append(message.context)
            continue
        if found.fuzzy:
            fuzzy.append(message.context)
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        if any(not form for form in forms) or len(forms) != (
            po.num_plurals if isinstance(message.id, tuple) else 1
        ):
            empty.append(message.context)
        for form in forms if _is_template(message.id) else ():
            if not _is_template(form or ""):
                broken.append(message.context)
    assert not missing, f"{lang}.po lacks {missing[:10]} (python tools/i18n.py update)"
    assert not fuzzy, f"{lang}.po: fuzzy {fuzzy[:10]}"
    assert not empty, f"{lang}.po: untranslated {empty[:10]}"
    assert not broken, f"{lang}.po: malformed braces in {broken[:10]}"
    obsolete = [m.context for m in po if m.id and template.get(m.id, context=m.context) is None]
    assert not obsolete, f"{lang}.po holds messages the template no longer has: {obsolete[:10]}"


# the values a template may name in words instead of the data value itself: ``{phase}``
# is the file's key (``movement``), ``{phase_word}`` says it in the language
_IN_WORDS = ("_word", "_words", "_title", "_label")
# a value said in words under a name of its own: a unit's weight (``heavy``, the file's
# key) in its kind, the rules' label (``Cavalerie lourde``)
_SAID_AS = {"weight": "kind"}


def _fields(text: Any) -> set[str]:
    out: set[str] = set()
    for part in text if isinstance(text, tuple) else (text,):
        out.update(name for _, name, _, _ in Formatter().parse(part) if name)
    return out


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "xx"])
def test_the_english_names_in_words_what_a_translation_does(lang: str) -> None:
    """A language that says a value in words (``{phase_word}``) where the English names the
    data value (``{phase}``) shows that a third language, made from the English template,
    would print the engine's English key there (``movement``, ``C1 melee E1: die 1/3``):
    the English names the words too, and every language gets them."""
    po = _read(LOCALE / lang / "LC_MESSAGES" / "referee.po", lang)
    raw = []
    for message in po:
        if not message.id or not message.string or not _is_template(message.id):
            continue
        english, translated = _fields(message.id), _fields(message.string)
        raw += [
            f"{message.context}: {{{name}}} ({lang}: {{{name}{suffix}}})"
            for name in english - translated
            for suffix in _IN_WORDS
            if f"{name}{suffix}" in translated - english
        ]
        raw += [
            f"{message.context}: {{{name}}} ({lang}: {{{_SAID_AS[name]}}})"
            for name in english - translated
            if name in _SAID_AS and _SAID_AS[name] in translated - english
        ]
    assert not raw, "\n".join(raw)


def test_the_rulesets_english_is_in_the_template() -> None:
    """Every fact and interpretation's reason of the shipped rulesets is a message
    (``source.fact``, ``source.reason``; a heading followed by English:
    ``source.heading``; the readings of the texts' interpretations and why the default:
    ``source.reading``, ``source.why``; why a sentence is not a rule:
    ``source.not_a_rule``), so that a changed one is missing from every language's .po."""
    sources = _sources()
    kinds = {ctx for ctx, _ in sources}
    assert kinds == {
        "source.fact",
        "source.reason",
        "source.heading",
        "source.reading",
        "source.why",
        "source.not_a_rule",
    }, kinds
    assert len({e for c, e in sources if c == "source.fact"}) > 40
    assert len({e for c, e in sources if c == "source.reason"}) > 50
    english = {e for _, e in sources}
    # a unit preset's source is the file's note, shown by no view: not a message
    assert not [e for e in english if "Cannae sample" in e]
    # the English as written, without the citation's own words; a heading alone is not
    assert "combat dice (six symbols; a hit symbol hurts only a target of its kind)" in english
    assert not [e for e in english if e.startswith(("facts:", "interpretation:"))]
    assert "001 §Déroute d'une unité" not in english


def test_the_schemas_descriptions_are_in_the_template() -> None:
    """Every ``"description"`` of every ``referee schema KIND`` is a message of its own
    context (``schema.description``), and so is each schema's title (``schema.title``),
    so that a changed declaration is missing from every language's .po; the template
    has no other description."""
    from referee.io.schema import KINDS, schema_of
    from referee.render.schemas import english

    said = {text for kind in KINDS for text in english(schema_of(kind))}
    assert len(said) > 500
    texts = _schema_texts()
    assert {e for c, e in texts if c == "schema.description"} == said
    assert {e for c, e in texts if c == "schema.title"} == {k.title for k in KINDS.values()}
    assert {c for c, _ in texts} == {"schema.description", "schema.title"}
    template = _read(LOCALE / "referee.pot")
    assert {m.id for m in template if m.context == "schema.description"} == said
    assert "game turn, from 1" in said  # (state_file.py: turn)


# what a description keeps word for word: `code`, ``code``, a {mapping}, a file, a
# section of a document (§... up to the next comma, semicolon or parenthesis)
_KEPT = r"``[^`]+``|`[^`]+`|\{[^{}]*\}|\b[\w-]+(?:/[\w.-]+)+|§[^,;()`]*[^,;()`\s]"


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "xx"])
def test_the_schemas_descriptions_keep_their_details(lang: str) -> None:
    """A translated description says what the English says: the same numbers in the
    same order, as many parenthesised details, its code, keys, files and §sections as
    written; in French a space before ``:`` ``;`` ``?`` ``!`` outside the code."""
    po = _read(LOCALE / lang / "LC_MESSAGES" / "referee.po", lang)
    bad = []
    for message in po:
        if not str(message.context).startswith("schema.") or not message.string:
            continue
        en, said = message.id, message.string
        if re.findall(r"\d+", en) != re.findall(r"\d+", said) or details(en) != details(said):
            bad.append(f"numbers or details: {en!r} -> {said!r}")
        keys = re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", en)  # a key: sub_general, max_army_units
        kept = [k for k in re.findall(_KEPT, en) + keys if k not in said]
        if kept:
            bad.append(f"{kept} not kept: {said!r}")
        prose = re.sub(_KEPT, " ", said)
        if lang == "fr" and re.search(r"\S[:;?!](?:\s|$)", prose):
            bad.append(f"no space before a colon: {said!r}")
    assert not bad, "\n".join(bad[:10])


def _letters(text: str) -> str:
    """``Déroute d'une unité`` and ``DEROUTE D'UNE UNITE`` alike (the texts' headings
    are written both ways)."""
    import unicodedata

    bare = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Z0-9]+", " ", bare.upper()).strip()


def test_a_heading_shown_as_written_is_one_of_the_texts() -> None:
    """A rule heading a shipped ruleset cites alone (not a ``source.heading``: no
    English follows it) is shown as written in every language, so it must be the
    rules' own French, a heading of the texts (``../shared/rules``), with nothing of
    ours in it (a detail quoting the texts aside): ``001 §Poursuite (1 UD = 1 hex,
    RULES.md hex adaptation)`` showed its English in a French report."""
    from referee.render.wording import _CITATION_START, _HEADING, split_citation

    _headings = _tool()._headings

    texts = {path.name[:3]: path for path in (ROOT.parent / "shared" / "rules").glob("*.txt")}
    if not texts:
        pytest.skip("shared/rules is not beside the checkout")
    headings = {
        number: {
            _letters(re.sub(r"^#*\s*(Chapitre \d+ :)?", "", line))
            for line in path.read_text("utf-8").splitlines()
        }
        for number, path in texts.items()
    }
    import yaml

    cited: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and re.match(_CITATION_START, node):
            for piece in re.split(r" / ", node):
                cited.update(p for p in split_citation(piece) if re.match(_HEADING, p))

    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        walk(yaml.safe_load(path.read_text("utf-8")))
    alone = [part for part in cited if "; ".join(dict.fromkeys(_headings(part))) == part]
    assert len(alone) > 20
    bad = [
        part
        for part in alone
        for heading in part.split("; ")
        # (a detail quoting the texts may follow: « supérieur ou égal »)
        if _letters(re.sub(r" \([^)]*«[^)]*\)$", "", heading.partition("§")[2]))
        not in headings[heading[:3]]
    ]
    assert not bad, bad


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "xx"])
def test_the_rulesets_english_keeps_its_details(lang: str) -> None:
    """A translated fact or reason says what the English says: the same numbers in the
    same order, as many parenthesised details, the rules' own French (a « quote », a
    ``NNN §Heading``) and the ruleset's keys as written (tests/test_game_languages.py
    compares the reports' lines the same way)."""
    _headings = _tool()._headings
    po = _read(LOCALE / lang / "LC_MESSAGES" / "referee.po", lang)
    bad = []
    for message in po:
        if not str(message.context).startswith("source.") or not message.string:
            continue
        en, said = message.id, message.string
        numbers = [re.findall(r"\d+", text) for text in (en, said)]
        # the rules' own words: the headings, and the quotes of the French texts (an
        # English quote, « within that distance », is translated like its sentence)
        french = [q for q in re.findall(r"«[^»]*»", en) if re.search(r"[À-ÿ]", q)]
        kept = [q for q in french + _headings(en) if q not in said]
        if en.count("«") != said.count("«"):
            kept.append("«")
        keys = [k for k in re.findall(r"\b[a-z]+(?:[._][a-z]+)+\b", en) if k not in said]
        if numbers[0] != numbers[1] or details(en) != details(said):
            bad.append(f"numbers or details: {en!r} -> {said!r}")
        if kept or keys:
            bad.append(f"{kept + keys} not kept: {said!r}")
    assert not bad, "\n".join(bad[:10])


def _tool() -> Any:
    from langkit import i18n_tool

    return i18n_tool()


def _parsed(data: bytes) -> dict[Any, Any]:
    return gettext.GNUTranslations(io.BytesIO(data))._catalog  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogue_is_up_to_date(lang: str) -> None:
    """`python tools/i18n.py compile` after editing a .po: the .mo files the wheel ships
    (one per texts module) say what the .po says."""
    po = _read(LOCALE / lang / "LC_MESSAGES" / "referee.po", lang)
    parts = _tool().split(po)
    folder = LOCALE / lang / "LC_MESSAGES"
    assert sorted(p.name for p in folder.glob("*.mo")) == sorted(
        f"referee-{group}.mo" for group in parts
    ), f"{lang}: python tools/i18n.py compile"
    for group, part in parts.items():
        compiled = io.BytesIO()
        write_mo(compiled, part)
        expected = _parsed(compiled.getvalue())
        committed = _parsed((folder / f"referee-{group}.mo").read_bytes())
        stale = sorted(str(k) for k in set(expected) ^ set(committed))
        changed = [str(k) for k in expected if expected[k] != committed.get(k)]
        assert not stale and not changed, f"referee-{group}.mo is stale: {(stale + changed)[:5]}"


def test_only_gettext_reads_the_catalogues_at_run_time() -> None:
    """gettext's translations (its catalogue and look-ups; the loader's ``_parse``, the
    hook gettext has for it, is a faster reading of the same files), no Babel."""
    code = (
        "import gettext, sys\n"
        "from referee.render.catalogue import translations\n"
        "from referee.render.grammar import say\n"
        "assert say('ui.report.ruling', 'fr') == 'décision'\n"
        "assert isinstance(translations('fr', 'ui'), gettext.GNUTranslations)\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'babel'], 'babel'\n"
        "assert 'struct' not in sys.modules, 'struct'\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def _both(data: bytes) -> tuple[gettext.GNUTranslations, gettext.GNUTranslations]:
    """``data`` read by gettext's own ``_parse`` and by the loader's."""
    from referee.render import catalogue

    return gettext.GNUTranslations(io.BytesIO(data)), catalogue._part()(io.BytesIO(data))


def _whole(tr: gettext.GNUTranslations) -> dict[Any, str]:
    """Every message of ``tr``'s catalogue (the loader's decodes a translation when it
    is first asked for)."""
    catalog = tr._catalog  # type: ignore[attr-defined]
    return dict(catalog.whole() if hasattr(catalog, "whole") else catalog)


def _same(ours: gettext.GNUTranslations, theirs: gettext.GNUTranslations) -> None:
    theirs_catalog = theirs._catalog  # type: ignore[attr-defined]
    for key, said in theirs_catalog.items():  # asked for one by one, as gettext asks
        assert ours._catalog.get(key) == said  # type: ignore[attr-defined]
        assert ours._catalog[key] == said  # type: ignore[attr-defined]
    assert ours._catalog.get(("no such message", 0)) is None  # type: ignore[attr-defined]
    assert _whole(ours) == theirs_catalog
    assert ours.info() == theirs.info()
    assert ours.charset() == theirs.charset()
    assert [ours.plural(n) for n in range(200)] == [  # type: ignore[attr-defined]
        theirs.plural(n)  # type: ignore[attr-defined]
        for n in range(200)
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_loader_reads_a_part_as_gettext_does(lang: str) -> None:
    """Every committed ``.mo``: the same catalogue (messages, plural forms by number),
    metadata, charset and plural function as ``gettext.GNUTranslations._parse``."""
    parts = sorted((LOCALE / lang / "LC_MESSAGES").glob("*.mo"))
    assert parts
    plurals = 0
    for path in parts:
        theirs, ours = _both(path.read_bytes())
        _same(ours, theirs)
        plurals += sum(isinstance(key, tuple) for key in _whole(ours))
    assert plurals > 0  # (the plural messages were read too)


def _swapped(data: bytes) -> bytes:
    """A .mo in the other byte order (its header words and tables swapped)."""
    import struct

    _magic, _version, count, ids, strs, hsize, hoff = struct.unpack("<7I", data[:28])
    out = bytearray(data)
    words = [(0, 7), (ids, 2 * count), (strs, 2 * count), (hoff, hsize)]
    for at, n in words:
        values = struct.unpack(f"<{n}I", data[at : at + 4 * n])
        out[at : at + 4 * n] = struct.pack(f">{n}I", *values)
    return bytes(out)


def test_other_mo_files_are_left_to_gettext() -> None:
    """A big-endian file is read by gettext's own ``_parse``; a truncated or unknown one
    is refused as gettext refuses it (``OSError``: the loader then speaks English)."""
    data = (LOCALE / "fr" / "LC_MESSAGES" / "referee-vocab.mo").read_bytes()
    theirs, ours = _both(_swapped(data))
    _same(ours, theirs)
    assert _whole(ours) == _whole(_both(data)[1])
    from referee.render import catalogue

    cut = data[: len(data) // 2]
    for bad in (
        cut,
        _swapped(data)[:600],
        data[:10],
        b"\0" * 64,
        data[:4] + b"\0\0\7\0" + data[8:],
    ):
        with pytest.raises(OSError):
            catalogue._part()(io.BytesIO(bad))
    with pytest.raises(OSError):
        gettext.GNUTranslations(io.BytesIO(cut))


def test_the_usual_plural_forms_are_gettexts() -> None:
    """The loader's own functions for the usual ``Plural-Forms`` expressions (gettext's
    compiling costs a French report 0.15 ms) say what gettext's compiled ones say."""
    from referee.render import catalogue

    for expression in ("n != 1", "(n != 1)", "n>1", "(n > 1)", "0"):
        ours = catalogue._compile_plural(expression)
        assert ours in catalogue._USUAL_PLURALS.values()
        theirs = gettext.c2py(expression)
        assert [ours(n) for n in range(1000)] == [theirs(n) for n in range(1000)]
    other = catalogue._compile_plural("n%10==1 ? 0 : 1")  # any other: gettext's
    assert (other(21), other(12)) == (0, 1)


def test_a_language_compiles_its_plural_forms_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """One plural function for every part of a language (their header is read once),
    compiled when a count is first said."""
    from referee.render import catalogue, grammar

    monkeypatch.setattr(catalogue, "_TRANSLATIONS", {})
    monkeypatch.setattr(catalogue, "_PLURAL_FORMS", {})
    monkeypatch.setattr(catalogue, "_HEADERS", {})
    compiled: list[str] = []
    real = catalogue._compile_plural

    def counted(expression: str) -> Any:
        compiled.append(expression)
        return real(expression)

    monkeypatch.setattr(catalogue, "_compile_plural", counted)
    parts = [catalogue.translations("fr", group) for group in ("ui", "vocab", "combat")]
    assert compiled == []
    assert parts[0] is not None and parts[2] is not None
    assert parts[0].plural is parts[2].plural  # type: ignore[attr-defined]
    assert grammar.say("ui.report.margin", "fr", margin=3) == "encore 3 points"
    assert grammar.say("ui.report.margin", "fr", margin=1) == "encore 1 point"
    assert grammar.say("ui.report.margin", "fr", margin=0) == "encore 0 point"  # (n > 1)
    assert compiled == ["(n > 1)"]
    # an expression gettext refuses counts as English does, rather than end the command
    assert [real("n +")(n) for n in (0, 1, 2)] == [1, 0, 1]


def test_english_needs_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.render import catalogue, grammar

    monkeypatch.setattr(catalogue, "LOCALEDIR", ROOT / "no-such-dir")
    monkeypatch.setattr(catalogue, "_TRANSLATIONS", {})
    assert grammar.say("ui.report.margin", "en", margin=1) == "1 point to break"
    assert grammar.say("ui.report.margin", "en", margin=3) == "3 points to break"
    assert catalogue.translations("en", "vocab") is None


def test_the_index_of_the_texts_is_current() -> None:
    """`python tools/i18n.py index` after adding a texts module or a message of a new
    prefix: the loader declares only the module the index names for a context (the
    tool refuses a prefix whose contexts two modules declare), and another language
    than English reads the variants, clauses, counts and words the index holds."""
    tool = _tool()
    written = (ROOT / "referee" / "render" / "catalogue" / "__init__.py").read_text(
        encoding="utf-8"
    )
    assert written.split(tool.INDEX_MARK)[1] == tool.index_source()


def test_a_command_declares_only_the_texts_it_says() -> None:
    """Start-up (issue 25 step 5): an English message declares the module of its
    prefix, not the whole catalogue; a French one none (its translation is looked up
    by context); what each says is the same as with everything declared."""
    code = (
        "import sys\n"
        "from referee.render import catalogue, grammar\n"
        "said = [grammar.say('ui.report.margin', 'fr', margin=2)]\n"
        "said.append(grammar.say('combat.roll|dice=0', 'fr', subject='C1', target='E1',"
        " factor='melee', base=0, modifiers_text=''))\n"
        "french = sorted(catalogue._LOADED)\n"
        "said.append(grammar.say('ui.report.margin', 'en', margin=2))\n"
        "english = sorted(catalogue._LOADED)\n"
        "catalogue.load()\n"
        "again = [grammar.say('ui.report.margin', 'fr', margin=2)]\n"
        "again.append(grammar.say('combat.roll|dice=0', 'fr', subject='C1', target='E1',"
        " factor='melee', base=0, modifiers_text=''))\n"
        "again.append(grammar.say('ui.report.margin', 'en', margin=2))\n"
        "print(french, english, said == again, 'typing' in sys.modules)\n"
        "print(said)\n"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=ROOT
    )
    lines = done.stdout.splitlines()
    assert lines[:1] == ["[] ['ui'] True False"], done.stderr
    assert "encore 2 points" in lines[1] and "2 points to break" in lines[1]


@pytest.mark.parametrize("charset", ["xx-99", "ascii"])  # (the length of utf-8)
def test_a_translators_broken_catalogue_speaks_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, charset: str
) -> None:
    """A catalogue under ``REFEREE_LOCALEDIR`` (a translator's work in progress) whose
    header names a charset Python does not know, or one its French is not written in,
    is not read: its parts speak English, and the command ends cleanly."""
    from clikit import SAMPLES, referee
    from referee.render import catalogue

    parts = tmp_path / "fr" / "LC_MESSAGES"
    parts.mkdir(parents=True)
    for mo in (LOCALE / "fr" / "LC_MESSAGES").glob("*.mo"):
        data = mo.read_bytes()
        assert b"charset=utf-8" in data
        (parts / mo.name).write_bytes(data.replace(b"charset=utf-8", f"charset={charset}".encode()))
    monkeypatch.setenv("REFEREE_LOCALEDIR", str(tmp_path))
    monkeypatch.setattr(catalogue, "_TRANSLATIONS", {})
    run = referee("validate", str(SAMPLES / "thucidide.yaml"), "--lang", "fr")
    assert run.code == 0, run.err
    assert "valid state" in run.out  # English: no French part could be read

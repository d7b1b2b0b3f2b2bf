"""The ``--help`` pages and the framework's usage errors in French (issue 14: a French
player meets no English word). The English pages are typer's, unchanged; the French
ones are drawn by ``referee/cli/translate.py`` from the catalogue (the ``help.``
contexts of ``referee/locale/fr/LC_MESSAGES/referee.po``, keyed by the English the
commands declare; docs/maps.md §One language at a time, docs/translating.md)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import typer.main
from langkit import ALLOWED, ALWAYS, WORD, _shown, foreign, pseudo_tool
from typer.testing import CliRunner

from clikit import SAMPLES, referee
from referee.cli import app
from referee.cli.examples import EXAMPLES

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "referee" / "locale" / "fr" / "LC_MESSAGES" / "referee.po"


@cache
def _french_help() -> dict[tuple[str, str], str]:
    """The French of every help text: (context, English) -> French, from the .po."""
    from babel.messages.pofile import read_po

    with PO.open("rb") as f:
        po = read_po(f, locale="fr")
    return {
        (m.context, m.id): m.string
        for m in po
        if m.context and m.context.startswith("help.") and not m.fuzzy
    }


def _tree() -> list[tuple[tuple[str, ...], Any]]:
    """Every command of the CLI with its path: (), ("adjudicate",), ("seed", "new")..."""
    out: list[tuple[tuple[str, ...], Any]] = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        out.append((path, command))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return out


PATHS = [path for path, _ in _tree()]


@pytest.fixture(autouse=True)
def _program_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in-process, click would name the program after pytest's ``__main__``."""
    import typer._click.utils

    monkeypatch.setattr(typer._click.utils, "_detect_program_name", lambda *a, **k: "referee")


def _key(path: tuple[str, ...]) -> str:
    return " ".join(path) or "referee"


@cache
def _french_help_words() -> frozenset[str]:
    """The words the French help texts use (what the English detector must not flag
    there: ``options``, ``arguments``, ``variable``), less the common English words, and
    the command names (typed as they are)."""
    french = list(_french_help().values())
    words = {w.lower() for text in french for w in WORD.findall(_shown(text))}
    names = {name for path in PATHS for name in path}
    return frozenset((words - ALWAYS["en"]) | names)


def _english_only_words() -> frozenset[str]:
    """The words of the English help pages that no French text uses: English, for the
    detector (besides the catalogue's own English words)."""
    from referee.render.catalogue import contexts, template

    english = " ".join(referee(*path, "--help", "--lang", "en").out for path in PATHS)
    french = [template(c, "fr") for c in contexts()]
    french_words = {w.lower() for text in french for w in WORD.findall(_shown(text))}
    french_words |= _french_help_words()
    return frozenset(
        w.lower()
        for w in WORD.findall(_shown(english))
        if len(w) > 1 and w.lower() not in french_words | ALLOWED
    )


def _english_in(text: str, english_only: frozenset[str]) -> list[str]:
    allowed = _french_help_words()
    words = foreign(text, "fr", allowed) + [
        w for w in WORD.findall(_shown(text)) if w.lower() in english_only
    ]
    return sorted(set(words))


@pytest.fixture(scope="module")
def english_only() -> frozenset[str]:
    return _english_only_words()


@pytest.mark.parametrize("path", PATHS, ids=_key)
def test_every_help_page_is_french(path: tuple[str, ...], english_only: frozenset[str]) -> None:
    result = referee(*path, "--help", "--lang", "fr")
    assert result.code == 0, result.err
    page = result.out
    assert page.startswith("Utilisation : "), page
    assert not re.search(
        r"\b(?:Usage|Options:|Arguments:|Commands|default|required|"
        r"Examples|Show this message)\b",
        page,
    ), page
    assert _english_in(page, english_only) == [], page
    if _key(path) in EXAMPLES:
        assert "Exemples :" in page


def test_the_detector_sees_an_english_help_text(english_only: frozenset[str]) -> None:
    """The check above can fail: an option's English help in a French page is caught."""
    assert _english_in("  --dry-run  Preview: write nothing.", english_only)
    assert _english_in("  --strict   Refuse the whole file if any order is refused.", english_only)
    assert not _english_in("  --strict   Refuser tout le fichier.", english_only)


@pytest.mark.parametrize("where", ["before", "after", "equals", "env", "locale", "root"])
def test_the_language_comes_from_anywhere(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    args = {
        "before": ["adjudicate", "--lang", "fr", "--help"],
        "after": ["adjudicate", "--help", "--lang", "fr"],
        "equals": ["adjudicate", "--help", "--lang=fr"],
        "env": ["adjudicate", "--help"],
        "locale": ["adjudicate", "--help"],
        "root": ["--lang", "fr", "adjudicate", "--help"],
    }[where]
    if where == "env":
        monkeypatch.setenv("REFEREE_LANG", "fr")
    if where == "locale":
        monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    result = referee(*args)
    assert result.code == 0, result.err
    assert re.match(r"Utilisation : .*adjudicate \[OPTIONS\] {état}", result.out)
    # --lang en wins over the environment
    monkeypatch.setenv("REFEREE_LANG", "fr")
    assert referee("adjudicate", "--help", "--lang", "en").out.startswith("Usage: ")


def test_the_root_lang_reaches_the_command(tmp_path: Path) -> None:
    result = referee("--lang", "fr", "validate", str(tmp_path / "absent.yaml"))
    assert result.code == 6
    assert "introuvable" in result.err or "fichier" in result.err, result.err
    assert referee("--lang", "fr", "seed", "--help").out.startswith("Utilisation : ")
    assert referee("--lang", "de", "--help").code in (0, 2)  # help is eager: printed
    assert referee("--lang", "de", "rulesets").code == 2


# ------------------------------------------------------------- every text translated
def _entries() -> list[tuple[str, str, str]]:
    from referee.cli.translate import help_entries

    return help_entries(typer.main.get_command(app))


def test_every_command_and_parameter_has_a_french_help() -> None:
    """Every help text of every command, parameter (``--help`` included), example and
    metavar has its French in the catalogue, under its context and the English as
    declared today: an English changed in a ``cmd_*.py`` has none until it is
    translated (``python tools/i18n.py update``, then the .po)."""
    from referee.cli.translate import (
        _params,
        command_context,
        examples_context,
        param_context,
    )

    french = _french_help()
    missing: list[str] = []
    for path, command in _tree():
        key = _key(path)
        if (command_context(key), command.help) not in french:
            missing.append(f"command {key}")
        for param in _params(command):
            if not param.hidden and (param_context(key, param), param.help) not in french:
                missing.append(f"{key}: {param.name} ({'/'.join(param.opts)})")
        if key in EXAMPLES and (examples_context(key), "\n".join(EXAMPLES[key])) not in french:
            missing.append(f"{key}: examples")
    assert not missing, "no French help (referee/locale/fr/LC_MESSAGES/referee.po):\n" + "\n".join(
        missing
    )
    entries = {(context, english) for context, english, _ in _entries()}
    untranslated = sorted(c for (c, e) in entries if not french.get((c, e)))
    assert not untranslated, untranslated
    # and nothing there that the CLI does not have (a renamed or removed option)
    assert set(french) == entries, sorted(set(french) ^ entries)[:10]


def test_a_help_text_is_found_by_its_english() -> None:
    """The French is asked for by the English as declared (``pgettext``): an English
    help that changed finds no French, and shows as it is (the tests above fail)."""
    from referee.cli.translate import said

    context, english = "help.adjudicate.strict", "Refuse the whole file if any order is refused."
    assert said("fr", context, english) == "Refuser tout le fichier si un seul ordre est refusé."
    assert said("fr", context, english + " Now.") == english + " Now."
    assert said("en", context, english) == english


def _options(line: str) -> list[str]:
    return re.findall(r"(?<![\w-])--?[a-z][a-z-]*", line.split("#")[0])


def test_every_example_has_its_french_twin() -> None:
    from referee.cli.translate import examples_context

    french = _french_help()
    for name, lines in EXAMPLES.items():
        translated = french[(examples_context(name), "\n".join(lines))].split("\n")
        assert len(translated) == len(lines), name
        for english, line in zip(lines, translated, strict=True):
            assert _options(english) == _options(line), (english, line)
            assert (
                english.split()[:2] == line.split()[:2] or english.split()[1:3] == line.split()[1:3]
            ), (english, line)


# --------------------------------------------------------------- English unchanged
@pytest.mark.parametrize("path", PATHS, ids=_key)
def test_the_english_help_is_typers_own(path: tuple[str, ...]) -> None:
    """In English the pages are typer's output as it is, the layer not applied."""
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit) as done:
        typer.main.get_command(app).main([*path, "--help"], prog_name="referee")
    assert done.value.code == 0
    assert referee(*path, "--help", "--lang", "en").out == out.getvalue()


def test_english_imports_no_translation() -> None:
    code = (
        "import sys\nsys.argv = ['referee', *sys.argv[1:]]\nfrom referee.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write('\\nMODULES ' + __import__('json').dumps(sorted(sys.modules)))\n"
    )
    for lang, imported in (("en", False), ("fr", True)):
        done = subprocess.run(
            [sys.executable, "-c", code, "adjudicate", "--help", "--lang", lang],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        modules = set(json.loads(done.stderr.rsplit("MODULES ", 1)[1]))
        assert ("referee.cli.translate" in modules) is imported, lang
        assert ("referee.render.catalogue" in modules) is imported, lang


# ------------------------------------------------------------------- usage errors
STATE = str(SAMPLES / "thucidide.yaml")
USAGE_ERRORS: list[tuple[list[str], str, str]] = [
    (["adjudicate", "--json", "--bogus"], "usage.no_such_option", "option inconnue : `--bogus`"),
    (
        ["adjudicate", STATE, "--json", "--jsn"],
        "usage.no_such_option",
        "vouliez-vous dire `--json`",
    ),
    (["adjudicate", "--json"], "usage.missing_argument", "il manque l'argument « état »"),
    (["adjudicat"], "usage.no_such_command", "vouliez-vous dire `adjudicate`"),
    (["seed", "nw"], "usage.no_such_command", "vouliez-vous dire `new`"),
    (["seed", "--lang", "LANG"], "usage.missing_command", "il manque la commande"),
    (
        ["adjudicate", STATE, "--json", "--strict=3"],
        "usage.option_takes_no_value",
        "l'option `--strict` ne prend pas de valeur",
    ),
    (
        ["adjudicate", STATE, "--json", "-o"],
        "usage.option_needs_value",
        "l'option `-o` attend une valeur",
    ),
    (
        ["history", STATE, "--json", "--report", "abc"],
        "usage.bad_value",
        "`abc` n'est pas un nombre entier",
    ),
    (["show", STATE, "--json", "--size=big"], "usage.bad_value", "`big` n'est pas un nombre"),
    (["seed", "commit", STATE, "--json"], "usage.missing_option", "il manque l'option `--secret`"),
    (
        ["moves", STATE, "C1", "X", "Y", "--json"],
        "usage.extra_arguments",
        "arguments en trop : `X Y`",
    ),
]


@pytest.mark.parametrize(("args", "code", "said"), USAGE_ERRORS, ids=lambda a: str(a)[-30:])
def test_usage_errors_in_french(
    args: list[str], code: str, said: str, english_only: frozenset[str]
) -> None:
    result = referee("--lang", "fr", *[a.replace("LANG", "fr") for a in args])
    assert result.code == 2
    assert said in result.err, result.err
    assert "Erreur : " in result.err
    assert _english_in(result.err, english_only) == [], result.err
    english = referee("--lang", "en", *[a.replace("LANG", "en") for a in args])
    assert english.code == 2
    assert "Error: " in english.err
    if "--json" in args:  # the JSON error object: the code and data, both languages
        problem = json.loads(result.out)["error"]["problems"][0]
        assert problem["code"] == code
        assert said in problem["text"]
        in_english = json.loads(english.out)["error"]["problems"][0]
        assert (in_english["code"], in_english["data"]) == (code, problem["data"])
        assert in_english["message"] == problem["message"]


@pytest.mark.parametrize("args", [a for a, _, _ in USAGE_ERRORS], ids=lambda a: str(a)[-30:])
def test_usage_errors_in_english_are_clicks(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In English a usage error reads as click (typer) shows it."""
    monkeypatch.setenv("REFEREE_LANG", "en")
    args = [a.replace("LANG", "en") for a in args if a != "--json"]
    clicks = CliRunner().invoke(app, args, prog_name="referee")
    result = referee(*args)
    assert (result.code, result.err) == (clicks.exit_code, clicks.output)


def test_no_arguments_prints_the_french_help() -> None:
    result = referee("--lang", "fr")
    assert result.code == 2
    assert "il manque la commande" in result.err
    result = referee("seed", "--lang", "fr", "commit")
    assert result.code == 2
    assert "il manque l'argument « état »" in result.err


def test_the_pseudo_language_help_pages_leave_no_plain_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every word of every help page comes from the catalogue: in the pseudo-language
    (tools/pseudo_locale.py, accented English) only the names typed on the command line
    stay plain (the program's, the commands', the options', code in backticks)."""
    tool = pseudo_tool()
    tool.write(tmp_path)
    monkeypatch.setenv("REFEREE_LOCALEDIR", str(tmp_path))
    names = {"referee"} | {name for path in PATHS for name in path}
    plain: list[str] = []
    for path in PATHS:
        result = referee(*path, "--help", "--lang", "xx")
        assert result.code == 0, result.err
        assert any(c in tool.MARKS for c in result.out), result.out
        shown = re.sub(r"⟪[^⟫]*⟫", " ", result.out)  # a value put in ([default: ...])
        shown = re.sub(r"(?<![\w-])--?[a-z][a-z-]*", " ", shown)
        shown = re.sub(r"`[^`\n]*`", " ", shown)  # code, typed as written
        words = re.findall(r"(?<![\w'])[A-Za-z]{2,}(?![\w'])", shown)
        plain += [
            f"{_key(path)}: {w}"
            for w in words
            if w not in names and tool.pseudo(w) != w + " ~"  # (PX: nothing to accent)
        ]
    assert not plain, plain[:20]

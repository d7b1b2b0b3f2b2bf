"""The ``--help`` pages and the framework's usage errors in French (issue 14: a French
player meets no English word). The English pages are typer's, unchanged; the French
ones are drawn from ``referee/render/messages_help.py`` by ``referee/cli/translate.py``
(docs/maps.md §One language at a time)."""

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
from langkit import ALLOWED, ALWAYS, WORD, _shown, foreign
from typer.testing import CliRunner

from clikit import SAMPLES, referee
from referee.cli import app
from referee.cli.examples import EXAMPLES

ROOT = Path(__file__).resolve().parent.parent


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
    from referee.render import messages_help

    french = [
        *messages_help.COMMANDS.values(),
        *messages_help.COMMON.values(),
        *messages_help.METAVARS.values(),
        *messages_help.FRAMEWORK.values(),
    ]
    french += [t for texts in messages_help.PARAMS.values() for t in texts.values()]
    french += [line for lines in messages_help.EXAMPLES.values() for line in lines]
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
def test_every_command_and_parameter_has_a_french_help() -> None:
    from typer._click.core import Context

    from referee.cli.translate import command_help, param_help
    from referee.render import messages_help

    missing: list[str] = []
    for path, command in _tree():
        key = _key(path)
        if command_help(key) is None:
            missing.append(f"command {key}")
        params = list(command.params)
        help_option = command.get_help_option(Context(command))
        params += [help_option] if help_option is not None else []
        for param in params:
            if not param.hidden and param_help(key, param) is None:
                missing.append(f"{key}: {param.name} ({'/'.join(param.opts)})")
    assert not missing, "no French help (referee/render/messages_help.py PARAMS):\n" + "\n".join(
        missing
    )
    # and nothing there that the CLI does not have (a renamed or removed option)
    known = {(_key(path), p.name) for path, c in _tree() for p in c.params}
    stale = [
        f"{key}: {name}"
        for key, texts in messages_help.PARAMS.items()
        for name in texts
        if (key, name) not in known
    ]
    assert not stale, stale
    assert set(messages_help.COMMANDS) == {_key(path) for path in PATHS}


def _options(line: str) -> list[str]:
    return re.findall(r"(?<![\w-])--?[a-z][a-z-]*", line.split("#")[0])


def test_every_example_has_its_french_twin() -> None:
    from referee.render.messages_help import EXAMPLES as FRENCH

    assert set(FRENCH) == set(EXAMPLES)
    for name, lines in EXAMPLES.items():
        assert len(FRENCH[name]) == len(lines), name
        for english, french in zip(lines, FRENCH[name], strict=True):
            assert _options(english) == _options(french), (english, french)
            assert (
                english.split()[:2] == french.split()[:2]
                or english.split()[1:3] == french.split()[1:3]
            ), (english, french)


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
        assert ("referee.render.messages_help" in modules) is imported, lang
        assert ("referee.cli.translate" in modules) is imported, lang


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


def test_the_french_translates_the_english_of_today() -> None:
    """The English help texts are the ones the French was written from (recorded in
    tests/help_sources.json): an English text changed in a ``cmd_*.py`` makes its French
    stale."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from help_sources import SOURCES, english_texts
    finally:
        sys.path.pop(0)
    recorded = json.loads(SOURCES.read_text(encoding="utf-8"))
    now = english_texts()
    changed = [
        f"{path}: {name or '(the command)'}: {text!r}"
        for path, texts in now.items()
        for name, text in texts.items()
        if recorded.get(path, {}).get(name) != text
    ]
    assert not changed, (
        "English help changed since its French was written: update the French in "
        "referee/render/messages_help.py, then run `python tools/help_sources.py`:\n"
        + "\n".join(changed)
    )

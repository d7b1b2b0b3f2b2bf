"""English written once (issue 25, item 2): a problem is its ``code`` and ``data``, and
its English is the catalogue's (``problem.<code>`` in ``referee/render/catalogue/``), like
every other language's (``docs/translating.md``, "Problems: code and data").

A ``Problem(...)`` call that still writes its English (a second or third positional
argument, or ``message=``/``hint=``) is allowed only in the files of :data:`NOT_YET`,
at most as many times as listed: the list can only shrink. The same holds for the
parsers' ``BadText(code, English, **data)`` (:data:`BAD_TEXT_NOT_YET`). A call that
writes no English names a code the catalogue has, so no problem is ever said by
nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from referee.render.catalogue import has

PACKAGE = Path(__file__).resolve().parent.parent / "referee"

# file -> the Problem(...) calls still written with their English (lower a count when
# you convert a call; remove the file when it reaches 0)
NOT_YET: dict[str, int] = {}

# file -> the Problem(...) calls whose English is click's own, not the referee's: a
# usage error the catalogue has no ``problem.usage.<kind>`` for (code ``usage``), or
# the help page click prints for a command given nothing (``usage.help``), kept as
# click (typer) words it; the count may not grow
CLICKS_OWN: dict[str, int] = {
    "referee/cli/app.py": 2,
    "referee/cli/translate.py": 1,
}


def _allowed(name: str) -> int:
    return NOT_YET.get(name, 0) + CLICKS_OWN.get(name, 0)


# file -> the BadText(code, English, ...) calls of the parsers (their English is the
# problem's message where the catalogue has no entry)
BAD_TEXT_NOT_YET: dict[str, int] = {}


def _problem_calls(path: Path, called: str = "Problem") -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name == called:
                calls.append(node)
    return calls


def _writes_english(call: ast.Call) -> bool:
    return len(call.args) > 1 or any(k.arg in ("message", "hint") for k in call.keywords)


def _files() -> list[tuple[str, Path]]:
    return [(str(p.relative_to(PACKAGE.parent)), p) for p in sorted(PACKAGE.rglob("*.py"))]


def test_problems_are_code_and_data_outside_the_files_not_yet_converted() -> None:
    over = []
    for name, path in _files():
        english = [c.lineno for c in _problem_calls(path) if _writes_english(c)]
        if len(english) > _allowed(name):
            over.append(f"{name}: {len(english)} > {_allowed(name)} (lines {english})")
    assert over == [], "say it in the catalogue (problem.<code>), not in the call: " + "; ".join(
        over
    )


def test_the_list_of_files_not_yet_converted_only_shrinks() -> None:
    """A count above what the file has is lowered (the next conversion may not hide a
    new English call behind an old allowance)."""
    stale = []
    for name, path in _files():
        english = sum(_writes_english(c) for c in _problem_calls(path))
        if name in NOT_YET and english < NOT_YET[name]:
            stale.append(f"{name}: {english} < {NOT_YET[name]}")
    stale += [name for name in NOT_YET if not (PACKAGE.parent / name).is_file()]
    assert stale == [], "lower NOT_YET: " + "; ".join(stale)


def test_the_parsers_english_only_shrinks() -> None:
    over = []
    for name, path in _files():
        english = sum(len(c.args) > 1 for c in _problem_calls(path, "BadText"))
        if english != BAD_TEXT_NOT_YET.get(name, 0):
            over.append(f"{name}: {english} (listed: {BAD_TEXT_NOT_YET.get(name, 0)})")
    assert over == [], "say it in the catalogue; lower BAD_TEXT_NOT_YET: " + "; ".join(over)


def test_a_problem_said_by_its_code_has_a_catalogue_entry() -> None:
    missing = []
    for name, path in _files():
        for call in _problem_calls(path):
            if _writes_english(call):
                continue
            code = next((k.value for k in call.keywords if k.arg == "code"), None)
            if code is None:
                missing.append(f"{name}:{call.lineno}: no code")
            elif isinstance(code, ast.Constant) and not has(f"problem.{code.value}"):
                missing.append(f"{name}:{call.lineno}: no problem.{code.value}")
    assert missing == []


def test_a_parser_error_said_by_its_code_has_a_catalogue_entry() -> None:
    """A ``BadText(code, **data)`` has its sentence in the catalogue (else the user
    would read its code)."""
    missing = []
    for name, path in _files():
        for call in _problem_calls(path, "BadText"):
            if len(call.args) > 1 or not call.args:
                continue
            code = call.args[0]
            if not isinstance(code, ast.Constant) or not has(f"problem.{code.value}"):
                missing.append(f"{name}:{call.lineno}: {ast.unparse(code)}")
    assert missing == []


def _is_text(node: ast.expr) -> bool:
    """A sentence written in the call: a string, an f-string, or strings joined."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and (_is_text(node.left) or _is_text(node.right))


def _finding_problems(path: Path) -> list[str]:
    """What a ``Finding(index, what, ...)`` or ``_at(entry, index, what, code, data)``
    call (``referee verify``'s findings) writes besides its code and data: any text
    after ``what``, a ``message=``; and a code the catalogue does not have
    (``problem.verify.<code>``)."""
    out = []
    for called, first in (("Finding", 2), ("_at", 4)):
        for call in _problem_calls(path, called):
            where = f"{call.lineno}: {called}"
            if any(_is_text(a) for a in call.args[first:]) or any(
                k.arg == "message" for k in call.keywords
            ):
                out.append(f"{where} writes a sentence")
            if called == "_at":
                code = call.args[3] if len(call.args) > 3 else None
            else:
                code = next((k.value for k in call.keywords if k.arg == "code"), None)
            if code is None and not any(isinstance(a, ast.Starred) for a in call.args):
                out.append(f"{where} has no code")
            elif isinstance(code, ast.Constant) and not has(f"problem.verify.{code.value}"):
                out.append(f"{where}: no problem.verify.{code.value}")
    return out


def test_verify_findings_are_code_and_data() -> None:
    """``referee verify``'s findings are said from the catalogue like every problem: the
    engine gives their code and data only (``verify --json`` words its ``message`` in
    English from the catalogue)."""
    found = []
    for name, path in _files():
        found += [f"{name}:{said}" for said in _finding_problems(path)]
    assert found == []


def test_the_findings_scan_sees_english(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'Finding(1, "chain", code="edited")\n'
        'Finding(1, "chain", "the entry was edited", code="edited")\n'
        'Finding(None, "since", turn, player, phase, code="nonesuch")\n'
        '_at(entry, i, "chain", "edited")\n'
        '_at(entry, i, "dice", f"{side} reveals", "reveal_without_chain", {})\n'
        '_at(entry, i, "dice", *said)\n'
        'Finding(None, "seed", message="x" + y, code="seed")\n',
        encoding="utf-8",
    )
    assert _finding_problems(sample) == [
        "2: Finding writes a sentence",
        "3: Finding: no problem.verify.nonesuch",
        "7: Finding writes a sentence",
        "5: _at writes a sentence",
    ]


def test_the_scan_sees_english(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'Problem("a", "English", code="x")\nerrors.Problem("a", hint="h", code="x")\n'
        'Problem("a", code="x", data={})\n',
        encoding="utf-8",
    )
    assert [_writes_english(c) for c in _problem_calls(sample)] == [True, True, False]


def test_a_bug_is_said_from_its_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line's last resort (``referee.cli.app._main``): a bug is the problem
    ``internal`` with its data, worded by the catalogue in the run's language; where
    that language's catalogue is what fails, in English; exit 70 either way."""
    import importlib
    import json

    from clikit import referee
    from referee.render import lang as lang_
    from referee.render import problems

    cli_app = importlib.import_module("referee.cli.app")  # (referee.cli.app: the Typer)

    def boom(argv: list[str]) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli_app, "app_for", boom)
    monkeypatch.setattr(lang_, "_current", [])  # (not read from the command line yet)
    monkeypatch.delenv("REFEREE_DEBUG", raising=False)
    english = "internal error: RuntimeError: boom (this is a bug; rerun with REFEREE_DEBUG=1"
    for lang, said in (("en", english), ("fr", "erreur interne : RuntimeError: boom")):
        monkeypatch.setenv("REFEREE_LANG", lang)
        run = referee("show", "game.yaml", "--json")
        assert run.code == 70
        assert said in run.err, run.err
        problem = json.loads(run.out)["error"]["problems"][0]
        assert (problem["code"], problem["data"]) == ("internal", {"error": "RuntimeError: boom"})
        assert problem["message"].startswith(english)
    line = problems.line

    def broken(problem: Any, lang: str) -> str:
        if lang != "en":
            raise OSError("a catalogue that cannot be read")
        return line(problem, lang)

    monkeypatch.setattr(problems, "line", broken)
    run = referee("show", "game.yaml")
    assert run.code == 70
    assert english in run.err, run.err


# the engines that build lines said later from the catalogue: ``Said(code, **data)``
# (``sk.<code>``, referee/render/catalogue/skeleton.py), never their English
SAID_FILES = ("referee/core/skeleton.py",)
SAID_STRUCTURE = ("join", "indent")  # lines made of lines, said by the render itself


def _codes(node: ast.expr) -> list[ast.expr]:
    """The codes a ``Said`` call's first argument may be (``a if keeps else b``: both)."""
    if isinstance(node, ast.IfExp):
        return _codes(node.body) + _codes(node.orelse)
    return [node]


def _is_words(node: ast.AST) -> bool:
    """A piece of a sentence: a string (or an f-string's text) with a word and a space
    (``", "`` joining values is no word; ``"at "`` is)."""
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and " " in node.value
        and any(c.isalpha() for c in node.value)
    )


def _said_problems(path: Path) -> list[str]:
    """What a ``Said(...)`` call writes besides its code and data: a second positional
    argument, a sentence as a value (a text with a space in it), or a code that is no
    constant or that the catalogue does not have."""
    out = []
    for call in _problem_calls(path, "Said"):
        where = f"{call.lineno}: Said"
        if len(call.args) != 1:
            out.append(f"{where} has {len(call.args)} positional arguments (only its code)")
        for code in _codes(call.args[0]) if call.args else []:
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                out.append(f"{where}: its code is not written out")
            elif code.value not in SAID_STRUCTURE and not has(f"sk.{code.value}"):
                out.append(f"{where}: no sk.{code.value}")
        for k in call.keywords:
            if any(_is_words(n) for n in ast.walk(k.value)):
                out.append(f"{where}: {k.arg}= writes a sentence")
    return out


def test_the_skeleton_engine_writes_no_english() -> None:
    """The orders skeleton's engine gives codes and data only (issue 25, item 2): each
    line is ``Said(code, **data)``, its English in the catalogue alone."""
    found = []
    for name in SAID_FILES:
        found += [f"{name}:{said}" for said in _said_problems(PACKAGE.parent / name)]
    assert found == []
    assert sum(len(_problem_calls(PACKAGE.parent / n, "Said")) for n in SAID_FILES) > 60


def test_the_said_scan_sees_english(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'Said("pursuit.hold")\n'
        'Said("No unit routs this phase.", "rout.none")\n'
        'Said("rout.unit", unit=u, hex=f"at {h}")\n'
        'Said("nonesuch")\n'
        "Said(code)\n"
        'Said("choices.conform_keeps" if keeps else "choices.conform", unit=u)\n'
        'Said("rout.caught", units=" ".join(tied), default="the first one")\n'
        'Said("combat.odds", loss=f"{float(loss):.1f}", rout=pct(r))\n',
        encoding="utf-8",
    )
    assert _said_problems(sample) == [
        "2: Said has 2 positional arguments (only its code)",
        "2: Said: no sk.No unit routs this phase.",
        "3: Said: hex= writes a sentence",
        "4: Said: no sk.nonesuch",
        "5: Said: its code is not written out",
        "7: Said: default= writes a sentence",
    ]

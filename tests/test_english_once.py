"""English written once (issue 25, item 2): a problem is its ``code`` and ``data``, and
its English is the catalogue's (``problem.<code>`` in ``referee/render/texts/``), like
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

from referee.render.catalogue import has

PACKAGE = Path(__file__).resolve().parent.parent / "referee"

# file -> the Problem(...) calls still written with their English (lower a count when
# you convert a call; remove the file when it reaches 0)
NOT_YET: dict[str, int] = {
    "referee/cli/app.py": 3,
    "referee/cli/translate.py": 2,
}


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
        if len(english) > NOT_YET.get(name, 0):
            over.append(f"{name}: {len(english)} > {NOT_YET.get(name, 0)} (lines {english})")
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


def test_the_scan_sees_english(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'Problem("a", "English", code="x")\nerrors.Problem("a", hint="h", code="x")\n'
        'Problem("a", code="x", data={})\n',
        encoding="utf-8",
    )
    assert [_writes_english(c) for c in _problem_calls(sample)] == [True, True, False]

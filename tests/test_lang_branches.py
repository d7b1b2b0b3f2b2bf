"""No branch on the language outside the catalogue's loader (issue 25, item 2): what a
language says is in its catalogue (``referee/locale/<lang>``) and its grammar module
(``referee/render/grammar_<lang>.py``), never in an ``if lang == "fr"`` of the code.

Three places choose by the language, and only these: the loader
(``referee/render/catalogue/__init__.py``: English needs no file, its msgids are the text), the
switch that gives the command line its help pages in another language
(``referee/cli/translate.py`` ``translate``: typer's own pages are the English) and the
same switch for usage errors at start-up (``referee/cli/app.py`` ``_main``).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
LANGUAGE_CODES = {"en", "fr", "xx"}
# (file, function): the loader and the command line's language switch
ALLOWED = {
    ("referee/render/catalogue/__init__.py", "*"),
    ("referee/cli/translate.py", "translate"),
    ("referee/cli/app.py", "_main"),
}


def _is_language(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return "lang" in node.id.lower()
    if isinstance(node, ast.Attribute):
        return "lang" in node.attr.lower() or node.attr == "DEFAULT"
    if isinstance(node, ast.Constant):
        return node.value in LANGUAGE_CODES
    return False


def _branches(path: Path) -> list[tuple[str, int]]:
    """(enclosing function, line) of each ``==``/``!=`` comparing a language."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if (
            isinstance(node, ast.Compare)
            and any(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)
            and any(_is_language(side) for side in [node.left, *node.comparators])
        ):
            found.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def test_no_language_branch_outside_the_loader() -> None:
    outside = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = str(path.relative_to(PACKAGE.parent))
        for function, line in _branches(path):
            if (name, "*") not in ALLOWED and (name, function) not in ALLOWED:
                outside.append(f"{name}:{line} ({function})")
    assert outside == [], "say it in the catalogue, not in a branch: " + ", ".join(outside)


def test_the_scan_sees_a_branch(tmp_path: Path) -> None:
    """The scan finds the forms it forbids (a test that cannot fail is no test)."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'def f(lang, ctx):\n    a = lang == "fr"\n    b = "en" != ctx.lang\n    return a, b\n',
        encoding="utf-8",
    )
    assert _branches(sample) == [("f", 2), ("f", 3)]


def test_the_allowed_places_still_branch() -> None:
    """Each allowed place still exists (the list can only shrink with the code)."""
    for name, function in ALLOWED:
        functions = {f for f, _ in _branches(PACKAGE.parent / name)}
        assert functions and (function == "*" or function in functions), (name, function)

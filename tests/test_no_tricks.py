"""No interpreter tricks inside the program (issue 21, item 4): ``referee/entry.py`` is
the one place for process-wide settings (the collector, the exit without teardown);
everywhere else in ``referee/`` these words appear nowhere, comments and docstrings
included."""

from __future__ import annotations

from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
ENTRY = PACKAGE / "entry.py"
# the collector's switches: in referee/entry.py alone
COLLECTOR = ("gc.disable", "gc.enable", "gc.freeze")
# nowhere, referee/entry.py included
NOWHERE = ("pickle", "exec(", "_ncallbacks")


def _files() -> list[Path]:
    return sorted(
        p
        for p in PACKAGE.rglob("*")
        if p.suffix != ".mo"
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )


def _where(word: str, skip: Path | None = None) -> list[str]:
    return [
        f"{path.relative_to(PACKAGE.parent)}:{n}"
        for path in _files()
        if path != skip
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if word in line
    ]


@pytest.mark.parametrize("word", NOWHERE)
def test_the_word_is_nowhere_in_the_program(word: str) -> None:
    assert _where(word) == []


@pytest.mark.parametrize("word", COLLECTOR)
def test_the_collector_is_switched_in_the_entry_point_alone(word: str) -> None:
    assert _where(word, skip=ENTRY) == []


@pytest.mark.xfail(
    strict=True,
    reason="issue 21 item 4, left: typer 0.25 and later vendor "
    "click as typer._click and export neither its exception classes nor "
    "Context and Parameter (cli/app.py, cli/translate.py)",
)
def test_no_private_import_of_typer() -> None:
    assert _where("typer._click") == []

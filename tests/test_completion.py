"""Shell completion (issue 24, small items): unit ids from the state already typed
(``moves``, ``odds``), schema kinds and ``--lang`` values, through the completion
protocol the installed bash script speaks (``_REFEREE_COMPLETE=complete_bash``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from clikit import ROOT, referee
from referee.cli.complete import state_ids, unit_ids


def _complete(monkeypatch: pytest.MonkeyPatch, line: str) -> list[str]:
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("_REFEREE_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", line)
    monkeypatch.setenv("COMP_CWORD", str(cword))
    run = referee()
    assert run.code == 0, run.err
    assert run.err == ""
    return run.out.split()


def test_schema_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _complete(monkeypatch, "referee schema ") == [
        "choices",
        "house-rules",
        "ledger",
        "mail",
        "orders",
        "reveal",
        "ruleset",
        "ruleset-part",
        "scenario",
        "state",
    ]
    assert _complete(monkeypatch, "referee schema ru") == ["ruleset", "ruleset-part"]


def test_lang_values(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _complete(monkeypatch, "referee show samples/thucidide.yaml --lang ") == ["en", "fr"]
    assert _complete(monkeypatch, "referee moves x C1 --lang f") == ["fr"]


def test_unit_ids_of_the_typed_state(monkeypatch: pytest.MonkeyPatch) -> None:
    ids = _complete(monkeypatch, "referee moves samples/thucidide.yaml ")
    assert {"C1", "S1", "N4", "HANNIBAL", "H1"} <= set(ids)  # units, off table, leaders
    assert _complete(monkeypatch, "referee moves samples/thucidide.yaml HA") == [
        "HANNIBAL",
        "HASDRUBAL",
    ]
    assert _complete(monkeypatch, "referee odds samples/thucidide.yaml C1 H") == [
        "H1",
        "H2",
        "H3",
        "H4",
        "H5",
        "H6",
        "HANNIBAL",
        "HASDRUBAL",
    ]


@pytest.mark.parametrize(
    "content",
    [None, "", "not: [yaml", "- a list\n", "sides: 3\n", "sides: {a: {units: [{id: [1]}]}}\n"],
    ids=["missing", "empty", "broken", "list", "no-sides", "odd-id"],
)
def test_any_failure_completes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: str | None
) -> None:
    state = tmp_path / "state.yaml"
    if content is not None:
        state.write_text(content, encoding="utf-8")
    assert _complete(monkeypatch, f"referee moves {state} ") == []


def test_stdin_and_directories_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _complete(monkeypatch, "referee moves - ") == []
    assert _complete(monkeypatch, "referee moves samples ") == []
    assert state_ids(str(ROOT / "samples")) == []


def test_big_states_are_not_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import referee.cli.complete as complete

    monkeypatch.setattr(complete, "MAX_STATE_BYTES", 10)
    assert state_ids(str(ROOT / "samples" / "thucidide.yaml")) == []

    from types import SimpleNamespace

    ctx = SimpleNamespace(params={"state": str(tmp_path / "missing.yaml")})
    assert unit_ids(ctx, "") == []  # type: ignore[arg-type]

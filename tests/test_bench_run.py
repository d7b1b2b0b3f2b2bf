"""The benchmark's quick mode runs end to end (bench/run.py): every section it runs
prints its rows, each measured command succeeded, and each row with a target has a
verdict. Times are never asserted (a shared machine; bench/RESULTS.md has them)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _load(name: str) -> ModuleType:
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_quick_mode_runs_every_section(capsys: pytest.CaptureFixture[str]) -> None:
    run = _load("run")
    code = run.main(
        ["--quick", "--repeats", "1", "--sizes", "100", "--samples", "thucidide", "--phases", "2"]
    )
    assert code == 0
    out = capsys.readouterr().out
    rows = [line.split("|")[1:-1] for line in out.splitlines()[2:] if line.startswith("|")]
    assert rows
    sections = {r[0].strip() for r in rows}
    assert sections == set(run.QUICK_SECTIONS)
    for _section, name, figure, target, met in ((c.strip() for c in r) for r in rows):
        assert "failed" not in figure and "n/a" not in figure, (name, figure)
        assert (met in ("yes", "**NO**")) == (target != "—"), (name, target, met)
    names = [r[1].strip() for r in rows]
    for command in ("validate", "show", "adjudicate", "verify", "history"):
        assert any(f"`referee {command}` thucidide sample" in n for n in names), command
    for command in run.COMMANDS:
        assert any(f"`referee {command}` 100 units" in n for n in names), command
    assert any("file growth" in n for n in names)
    assert any("parse" in n and "adjudicate" in n for n in names)
    assert any(n.startswith("imports of `referee adjudicate`") for n in names)


def test_floor_parses_what_the_referee_reads(tmp_path: Path) -> None:
    """The floor reads the same files with the same parser (a broken floor would make
    every ratio meaningless)."""
    procs = _load("procs")
    sample = str(BENCH.parent / "samples" / "thucidide.yaml")
    done = procs.run(procs.floor(sample))
    assert done.code == 0 and done.cpu > 0 and done.rss > 0, done.err
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1, 2\n", encoding="utf-8")
    assert procs.run(procs.floor(str(bad))).code != 0


def test_the_rulesets_section_measures_every_ruleset_it_is_given() -> None:
    run = _load("run")
    assert "rulesets" in run.SECTIONS
    inprocess = _load("inprocess")
    rows = inprocess.bench_rulesets(1, ["thucidide", "panache"])
    assert [(r.section, r.target) for r in rows] == [("rulesets", "<= 5 ms")] * 2
    for row, name in zip(rows, ["thucidide", "panache"], strict=True):
        assert f"load_ruleset('{name}')" in row.name
        assert "first call of a process" in row.result and "reference loop" in row.result
        assert row.met in (True, False)

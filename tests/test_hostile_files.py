"""Every defect of issue 16 in the file/loader layer, and every one the fuzz campaign
(tools/fuzz.py) found there, as a small file tests/hostile/load-* run through the real
entry point: the documented exit code and one clean line per problem on stderr, naming
the file (docs/hostile.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import ROOT, SAMPLES, referee

HOSTILE = ROOT / "tests" / "hostile"
# (load-*: this layer's files; typed-* and write-* are the specs' and the writer's)
CASES: list[dict[str, Any]] = yaml.safe_load((HOSTILE / "load-cases.yaml").read_text("utf-8"))


def _check(run: Any, exit_code: int, says: str) -> None:
    assert run.code == exit_code, run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    lines = run.err.splitlines()
    assert lines and all(line.startswith("referee: ") for line in lines), run.err
    assert says in run.err, run.err


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['file']}-{'-'.join(c['run'][:1])}-{i}" for i, c in enumerate(CASES)]
)
def test_hostile_file(case: dict[str, Any]) -> None:
    path = HOSTILE / case["file"]
    names = {
        "{file}": str(path),
        "{state}": str(SAMPLES / "thucidide.yaml"),
        "{orders}": str(SAMPLES / "thucidide-orders-activation.yaml"),
    }
    args = [names.get(a, a) for a in case["run"]]
    run = referee(*args, stdin=path.read_bytes() if case.get("stdin") else None)
    _check(run, case["exit"], case["says"])
    if not case.get("stdin") and "{file}" in case["run"]:
        assert str(path) in run.err


def test_every_file_has_a_case() -> None:
    used = {c["file"] for c in CASES}
    assert used == {p.name for p in HOSTILE.glob("load-*") if p.name != "load-cases.yaml"}


# Files too large to keep in the repository are made here.
def test_too_many_values_are_refused_before_any_tree_is_built(tmp_path: Path) -> None:
    """A flow list of 2.5 million zeros (5 MiB, under the size cap): refused by the
    node count, before rapidyaml or PyYAML build anything (a 30 MiB one grew past
    3.9 GB and ran for minutes)."""
    from referee.io.yamlio import MAX_NODES

    f = tmp_path / "zeros.yaml"
    f.write_text("x: [" + "0," * (MAX_NODES + 100) + "0]\n", encoding="utf-8")
    _check(referee("validate", str(f)), 3, f"more than {MAX_NODES:,} values")
    keys = tmp_path / "keys.yaml"
    keys.write_text(
        "".join(f"k{i}: [0, 0]\n" for i in range(MAX_NODES // 3 + 10)), encoding="utf-8"
    )
    _check(referee("validate", str(keys)), 3, f"more than {MAX_NODES:,} values")


def test_large_file_problems_keep_their_path(tmp_path: Path) -> None:
    """In a text too large to compose PyYAML's node tree for, a problem has its path and
    no line (docs/hostile.md)."""
    from referee.io.yamlio import MAX_LOCATE

    f = tmp_path / "wide.yaml"
    f.write_text(
        "format: referee-state/1\nx: [" + "0," * (MAX_LOCATE + 10) + "0]\n", encoding="utf-8"
    )
    run = referee("validate", str(f))
    assert run.code == 3 and f"referee: {f}: x: unknown key" in run.err, run.err


def test_stdin_is_bounded_like_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.io import yamlio

    monkeypatch.setattr(yamlio, "MAX_BYTES", 1000)
    _check(
        referee("show", "-", stdin=b"a: " + b"x" * 2000 + b"\n"), 3, "<stdin>: file is larger than"
    )

"""A standard output that cannot be written is said as such, never as a bug (exit 70):
a full disk (``> /dev/full``) is exit 6 with one line on stderr; a reader that goes
away early (``| head``) ends a report quietly with 0 (README §Exit codes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "thucidide.yaml"
ACTIVATION = ROOT / "samples" / "thucidide-orders-activation.yaml"
FULL = Path("/dev/full")


def _run(args: list[str], stdout: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        check=False,
        env={**os.environ, "REFEREE_DEBUG": ""},
    )


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args",
    [
        ["show", str(SAMPLE)],
        ["validate", str(SAMPLE)],
        ["validate", str(SAMPLE), "--json"],
        ["show", str(SAMPLE), "--lang", "fr"],
        ["history", str(SAMPLE)],
    ],
)
def test_a_full_disk_on_the_standard_output_is_exit_6_with_one_line(args: list[str]) -> None:
    with FULL.open("wb") as full:
        done = _run(args, full)
    err = done.stderr.decode()
    assert done.returncode == 6, err
    assert "Traceback" not in err and "internal error" not in err and "erreur interne" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: <stdout>: "), err
    assert ("No space left" in err) or ("plus de place" in err)


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
def test_a_full_disk_loses_the_report_not_the_state(tmp_path: Path) -> None:
    state = tmp_path / "game.yaml"
    state.write_bytes(SAMPLE.read_bytes())
    with FULL.open("wb") as full:
        done = _run(["adjudicate", str(state), str(ACTIVATION), "--new-game", "--in-place"], full)
    assert done.returncode == 6, done.stderr.decode()
    assert b"history:" in state.read_bytes()  # the phase was applied and written


def _closed_early(args: list[str]) -> tuple[int, str]:
    """``referee ARGS`` writing into a pipe whose reader has gone (``| head`` once head
    has left): every write meets a closed pipe."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            check=False,
        )
    finally:
        os.close(write)
    return done.returncode, done.stderr.decode()


def test_a_reader_that_leaves_early_ends_a_report_quietly() -> None:
    for args in (["schema", "state"], ["show", str(SAMPLE)], ["validate", str(SAMPLE)]):
        code, err = _closed_early(args)
        assert (code, err) == (0, ""), args


def test_a_state_sent_to_a_reader_that_left_is_a_lost_file(tmp_path: Path) -> None:
    """``-o -``: the state itself goes to the standard output; a reader that did not
    take it lost a file: exit 6 and its line."""
    code, err = _closed_early(["adjudicate", str(SAMPLE), str(ACTIVATION), "--new-game", "-o", "-"])
    assert code == 6, err
    assert "referee: <stdout>: cannot write" in err and "Traceback" not in err


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    ("args", "codes"),
    [
        (["validate", "no-such-file.yaml"], {6}),
        (["validate", str(ROOT / "tests" / "hostile")], {3, 6}),
        (["adjudicate", str(SAMPLE), str(ACTIVATION), "--new-game", "-o", "-"], {6}),
    ],
)
def test_a_standard_error_that_cannot_be_written_is_never_a_bug(
    args: list[str], codes: set[int]
) -> None:
    """Nobody is left to tell; the status says it: the error's own, or 6 (never 70, never
    the interpreter's 1 or 120)."""
    with FULL.open("wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            stdout=subprocess.DEVNULL,
            stderr=full,
            cwd=ROOT,
            check=False,
        )
    assert done.returncode in codes

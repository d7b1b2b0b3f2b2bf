"""Long work (issue 24 item 4): a progress bar on standard error when it is a
terminal, nothing when piped; Ctrl-C stops the command at once with exit 130 and leaves
no file half-written. The long work is ``verify`` (and ``history --html``) of a
generated 600-phase game, run as a child process whose standard error is a
pseudo-terminal: the bar showing is the sign the replay is under way, and SIGINT is
sent then."""

from __future__ import annotations

import importlib.util
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.cli.progress import progress

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    spec = importlib.util.spec_from_file_location("bench_generate", ROOT / "bench" / "generate.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    sys.modules["bench_generate"] = gen
    spec.loader.exec_module(gen)
    path = tmp_path_factory.mktemp("long") / "long.yaml"
    gen.write_yaml(str(path), gen.write_state(gen.long_game(phases=600)))
    return path


def _child(args: list[str], cwd: Path) -> tuple[subprocess.Popen[bytes], int]:
    """``referee ARGS`` with standard error on a pseudo-terminal (its master returned)."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    env.pop("TTY_COMPATIBLE", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
    )
    os.close(slave)
    return proc, master


def _read_until(master: int, marker: bytes, timeout: float) -> bytes:
    seen = b""
    end = time.monotonic() + timeout
    while marker not in seen and time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                seen += os.read(master, 4096)
            except OSError:  # the child closed it
                break
    return seen


@pytest.mark.parametrize("html", [False, True], ids=["verify", "history-html"])
def test_ctrl_c_during_long_work(long_game: Path, tmp_path: Path, html: bool) -> None:
    out = tmp_path / "game.html"
    args = ["history", str(long_game), "--html", str(out)] if html else ["verify", str(long_game)]
    proc, master = _child(args, tmp_path)
    try:
        seen = _read_until(master, b"/601", 30)
        assert b"/601" in seen, seen  # the bar: entries done / entries in all
        proc.send_signal(signal.SIGINT)
        start = time.monotonic()
        code = proc.wait(timeout=5)
        assert time.monotonic() - start < 1.0
        assert code == 130
        tail = _read_until(master, b"interrupted", 2)
        assert b"interrupted" in seen + tail
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        os.close(master)
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # no temporary file left either


def test_nothing_on_a_pipe(long_game: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("TTY_COMPATIBLE", "FORCE_COLOR")}
    run = subprocess.run(
        [sys.executable, "-m", "referee", "verify", str(long_game)],
        capture_output=True,
        env=env,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == b""
    assert b"verified 601 history entries" in run.stdout


def test_the_callback_sees_every_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.io.files import load_game
    from referee.play.verify import replay_game

    game = load_game(str(ROOT / "tests" / "games" / "frederic-1.yaml"))
    seen: list[tuple[int, int]] = []
    replay_game(game.state, game.ruleset, progress=lambda done, total: seen.append((done, total)))
    n = len(game.state.history)
    assert seen == [(i, n) for i in range(n)]
    with progress("x") as report:  # standard error is not a terminal here: a no-op
        report(1, 1000)

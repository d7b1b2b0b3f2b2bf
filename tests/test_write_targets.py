"""Writes that respect what is there (issue 16, part "writes"; docs/hostile.md §Writes):
symbolic links, devices, FIFOs, directories, read-only files, modes, owners, hard links,
file names that are not UTF-8, a file changed by another run meanwhile, temporary files
left by killed runs, terminals that are not UTF-8. Through the real entry point
(``clikit.referee``), or real processes where a process must die or a terminal's
encoding matters."""

from __future__ import annotations

import fcntl
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clikit import ROOT, SAMPLES, referee
from referee.io.yamlio import load_file

ORDERS = SAMPLES / "thucidide-orders-activation.yaml"
ROOTED = os.geteuid() == 0


def _game(where: Path, name: str = "game.yaml") -> Path:
    path = where / name
    shutil.copy(SAMPLES / "thucidide.yaml", path)
    return path


def _applied(path: Path) -> bool:
    """The activation was applied: the state is at carthage's movement, with history."""
    data = load_file(str(path)).data
    return data["phase"] == "movement" and len(data["history"]) == 2


def _adjudicate(state: Path, *args: str | Path) -> object:
    return referee("adjudicate", state, ORDERS, "--new-game", *args)


def _one_clean_line(err: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: "), err
    assert "Traceback" not in err


# ------------------------------------------------------------------- symbolic links
def test_o_over_a_symlink_writes_where_it_points(tmp_path: Path) -> None:
    game = _game(tmp_path)
    real = tmp_path / "real" / "next.yaml"
    real.parent.mkdir()
    real.write_text("old: true\n")
    link = tmp_path / "next.yaml"
    link.symlink_to(real)
    run = _adjudicate(game, "-o", link)
    assert run.code == 0, run.err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert _applied(real)


def test_in_place_on_a_symlinked_state_updates_the_real_game(tmp_path: Path) -> None:
    real = _game(tmp_path, "real.yaml")
    link = tmp_path / "game.yaml"
    link.symlink_to("real.yaml")
    run = _adjudicate(link, "--in-place")
    assert run.code == 0, run.err
    assert link.is_symlink() and _applied(real)


def test_a_dangling_symlink_is_written_where_it_points(tmp_path: Path) -> None:
    game = _game(tmp_path)
    link = tmp_path / "next.yaml"
    link.symlink_to(tmp_path / "made.yaml")
    assert _adjudicate(game, "-o", link).code == 0
    assert link.is_symlink() and _applied(tmp_path / "made.yaml")


# ------------------------------------------------------- targets refused before work
def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _device(path: Path) -> None:
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a null device of our own


def _directory(path: Path) -> None:
    path.mkdir()


@pytest.mark.parametrize(
    "make",
    [
        _fifo,
        _directory,
        pytest.param(_device, marks=pytest.mark.skipif(not ROOTED, reason="mknod needs root")),
    ],
)
@pytest.mark.parametrize("option", ["-o", "--html"])
def test_devices_fifos_directories_are_refused_before_any_work(
    tmp_path: Path, make: object, option: str
) -> None:
    target = tmp_path / "target"
    make(target)  # type: ignore[operator]
    before = os.lstat(target)
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: referee-state/1\nturn: [\n")  # exit 3 if it were read
    run = referee("adjudicate", broken, ORDERS, option, target)
    assert run.code == 6, run.err
    _one_clean_line(run.err)
    after = os.lstat(target)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode)
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.yaml", "target"]


def test_the_refusal_says_what_to_do_in_json(tmp_path: Path) -> None:
    _fifo(tmp_path / "pipe")
    run = referee(
        "adjudicate", _game(tmp_path), ORDERS, "--new-game", "-o", tmp_path / "pipe", "--json"
    )
    assert run.code == 6
    import json

    problem = json.loads(run.out)["error"]["problems"][0]
    assert problem["code"] == "file.not_regular" and "-o -" in problem["hint"]


# ------------------------------------------------------ read-only, modes, owners, links
@pytest.mark.parametrize("how", ["--in-place", "-o"])
def test_a_read_only_file_is_refused_and_left_as_it_was(tmp_path: Path, how: str) -> None:
    game = _game(tmp_path)
    target = game if how == "--in-place" else tmp_path / "next.yaml"
    if how == "-o":
        shutil.copy(game, target)
    target.chmod(0o444)
    content = target.read_bytes()
    run = _adjudicate(game, *([how] if how == "--in-place" else [how, target]))
    assert run.code == 6, run.err
    assert "read-only" in run.err
    assert target.read_bytes() == content and stat.S_IMODE(target.stat().st_mode) == 0o444


def test_in_place_keeps_the_mode(tmp_path: Path) -> None:
    game = _game(tmp_path)
    game.chmod(0o640)
    assert _adjudicate(game, "--in-place").code == 0
    assert _applied(game) and stat.S_IMODE(game.stat().st_mode) == 0o640


@pytest.mark.skipif(not ROOTED, reason="giving a file away needs root")
def test_in_place_keeps_the_owner_and_group(tmp_path: Path) -> None:
    game = _game(tmp_path)
    os.chown(game, 4321, 4322)
    assert _adjudicate(game, "--in-place").code == 0
    st = game.stat()
    assert _applied(game) and (st.st_uid, st.st_gid) == (4321, 4322)


def test_hard_links_are_refused_not_split(tmp_path: Path) -> None:
    game = _game(tmp_path)
    other = tmp_path / "other-name.yaml"
    os.link(game, other)
    content = game.read_bytes()
    run = _adjudicate(game, "--in-place")
    assert run.code == 6 and "hard links" in run.err, run.err
    assert game.read_bytes() == content and os.stat(game).st_ino == os.stat(other).st_ino
    assert os.stat(game).st_nlink == 2


# --------------------------------------------------------------- names not UTF-8
def test_an_output_name_that_is_not_utf8_is_a_clean_error(tmp_path: Path) -> None:
    game = _game(tmp_path)
    name = os.fsdecode(bytes(tmp_path) + b"/\xff\xfe.yaml")
    run = referee("adjudicate", game, ORDERS, "--new-game", "-o", name)
    assert run.code == 2, run.err
    assert "not UTF-8" in run.err and "\\xff\\xfe.yaml" in run.err
    _one_clean_line(run.err)
    assert sorted(os.listdir(tmp_path)) == ["game.yaml"]


def test_in_place_on_a_state_named_in_other_bytes_is_a_clean_error(tmp_path: Path) -> None:
    raw = bytes(tmp_path) + b"/partie-\xe9.yaml"  # latin-1
    shutil.copy(SAMPLES / "thucidide.yaml", raw.decode("utf-8", "surrogateescape"))
    run = referee("adjudicate", os.fsdecode(raw), ORDERS, "--new-game", "--in-place")
    assert run.code == 2 and "not UTF-8" in run.err, run.err


# -------------------------------------------------- a file changed by another run
def test_a_state_changed_meanwhile_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deterministic lost update: while this run adjudicates, another writes the game
    (here, the same phase applied by a second run); this run is refused, exit 6, and
    the other's file stays."""
    game = _game(tmp_path)
    other = _game(tmp_path, "other.yaml")
    assert _adjudicate(other, "--in-place").code == 0
    import referee.cli.phase as phase

    real_run = phase.run_phase

    def run_and_race(*args: object, **kwargs: object) -> object:
        out = real_run(*args, **kwargs)  # type: ignore[arg-type]
        os.replace(other, game)  # the other run's rename
        return out

    monkeypatch.setattr(phase, "run_phase", run_and_race)
    written = game.with_name("other-copy.yaml")
    shutil.copy(other, written)
    run = _adjudicate(game, "--in-place")
    assert run.code == 6, run.err
    assert "changed while this run was working on it" in run.err
    _one_clean_line(run.err)
    assert game.read_bytes() == written.read_bytes()
    assert not list(tmp_path.glob(".referee-*.tmp"))


def test_an_o_target_created_meanwhile_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _game(tmp_path)
    target = tmp_path / "next.yaml"
    import referee.cli.phase as phase

    real_run = phase.run_phase

    def run_and_race(*args: object, **kwargs: object) -> object:
        out = real_run(*args, **kwargs)  # type: ignore[arg-type]
        target.write_text("another: run\n")
        return out

    monkeypatch.setattr(phase, "run_phase", run_and_race)
    run = _adjudicate(game, "-o", target)
    assert run.code == 6, run.err
    assert target.read_text() == "another: run\n"


# ------------------------------------------------ temporary files of killed runs
def _age(path: Path, seconds: float = 3600) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)


def test_stale_temporary_files_are_removed_only_ours_and_only_stale(tmp_path: Path) -> None:
    game = _game(tmp_path)
    stale = tmp_path / ".referee-abcd1234.tmp"
    young = tmp_path / ".referee-young123.tmp"
    locked = tmp_path / ".referee-locked12.tmp"
    other_names = [
        tmp_path / ".referee-notes.tmp",
        tmp_path / ".referee-abcd1234.tmp.bak",
        tmp_path / "referee-abcd1234.tmp",
        tmp_path / ".referee-ABCD1234.tmp",
    ]
    link = tmp_path / ".referee-link1234.tmp"
    for path in [stale, young, locked, *other_names]:
        path.write_text("partial state\n")
    link.symlink_to(game)
    for path in [stale, locked, *other_names, link]:
        _age(path)
    _age(young, -60)  # recent, whatever the machine's load
    with open(locked, "rb") as held:  # a live writer holds its lock
        fcntl.flock(held, fcntl.LOCK_EX)
        assert _adjudicate(game, "-o", tmp_path / "next.yaml").code == 0
    left = {p.name for p in tmp_path.iterdir()}
    assert stale.name not in left
    assert {young.name, locked.name, link.name, *(p.name for p in other_names)} <= left
    assert game.read_bytes() == (SAMPLES / "thucidide.yaml").read_bytes()


def test_a_killed_run_leaves_a_temporary_file_the_next_run_removes(tmp_path: Path) -> None:
    """A run killed (SIGKILL) between writing its temporary file and renaming it: the
    target is untouched, the temporary file stays; the next run in the directory
    removes it once it is stale."""
    target = tmp_path / "state.yaml"
    target.write_text("before: 1\n")
    code = (
        "import os, signal\n"
        "import referee.io.targets as t\n"
        "t.os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
        f"t.write({str(target)!r}, 'after: 2\\n' * 100000)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, timeout=60)
    assert proc.returncode == -9
    left = list(tmp_path.glob(".referee-*.tmp"))
    assert len(left) == 1 and target.read_text() == "before: 1\n"
    game = _game(tmp_path)
    _age(left[0], -60)  # recent (whatever the machine's load): perhaps a live run's
    assert _adjudicate(game, "-o", tmp_path / "next.yaml").code == 0
    assert left[0].exists()
    _age(left[0])
    assert _adjudicate(game, "-o", tmp_path / "next2.yaml").code == 0
    assert not list(tmp_path.glob(".referee-*.tmp"))


# ------------------------------------------------------- terminals that are not UTF-8
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_the_report_degrades_on_a_terminal_that_is_not_utf8(tmp_path: Path, encoding: str) -> None:
    game = _game(tmp_path)
    env = {**os.environ, "PYTHONIOENCODING": encoding, "LANG": "C", "LC_ALL": "C"}
    for args in (
        ["adjudicate", str(game), str(ORDERS), "--new-game", "-o", str(tmp_path / "next.yaml")],
        ["show", str(game)],
        ["adjudicate", str(game), str(ORDERS), "--new-game", "--lang", "fr", "--dry-run"],
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        assert b"Traceback" not in proc.stderr and b"internal error" not in proc.stderr
        out = proc.stdout.decode(encoding)  # what the terminal can show
        assert "?" in out and "cannae-216" in out


# ------------------------------------------------------- every command that writes
def _played(where: Path) -> Path:
    game = _game(where, "played.yaml")
    assert _adjudicate(game, "--in-place").code == 0
    return game


@pytest.mark.parametrize(
    ("command", "early"),
    [
        (lambda d, t: ["adjudicate", _game(d), ORDERS, "--new-game", "-o", t], True),
        (lambda d, t: ["adjudicate", _game(d), ORDERS, "--new-game", "--html", t], True),
        (
            lambda d, t: ["new", SAMPLES / "quickstart-scenario.yaml", "--dice", "open", "-o", t],
            True,
        ),
        (lambda d, t: ["orders", SAMPLES / "thucidide.yaml", "-o", t], True),
        (lambda d, t: ["rollback", _played(d), "--to", "0", "-o", t], True),
        (lambda d, t: ["seed", "commit", _game(d), "--secret", d / "none.txt", "-o", t], True),
        (
            lambda d, t: ["seed", "reveal", _game(d), ORDERS, "--secret", d / "none.txt", "-o", t],
            True,
        ),
        (lambda d, t: ["seed", "new", "--force", "-o", t], False),
        (lambda d, t: ["show", SAMPLES / "thucidide.yaml", "--svg", t], False),
        (lambda d, t: ["history", _played(d), "--report", "1", "--html", t], False),
    ],
)
def test_every_command_that_writes_refuses_a_fifo(
    tmp_path: Path, command: object, early: bool
) -> None:
    """A FIFO as the file to write: refused (exit 6, one clean line) and left a FIFO,
    by every command that writes a file; ``early``: before the command's work (its
    input is not even read)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    args = command(tmp_path, fifo)  # type: ignore[operator]
    run = referee(*map(str, args))
    assert run.code == 6, run.err
    _one_clean_line(run.err)
    assert "not a regular file" in run.err and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    if early:
        for arg in args:  # an input made unreadable changes nothing: not read at all
            if isinstance(arg, Path) and arg.parent == tmp_path and arg.exists() and arg != fifo:
                arg.write_text("format: [\n")
        again = referee(*map(str, args))
        assert again.code == 6, again.err

"""Timing whole processes against honest floors (used by bench/run.py).

A command's **floor** is the same interpreter doing only what no referee can avoid:
start Python, import the CLI framework (typer), and read and parse the same input
files with the fastest loader the project ships (rapidyaml's C++ parser emitting JSON,
read by ``json`` for small texts and ``orjson`` for large ones, imported as
``referee.io.yamlio`` imports them). ``python -c pass`` is the second reference.

A command and its floor are run alternately (floor first, then command first, ...),
so that both see the same load on a shared machine; the verdicts use the median of
the paired ratios of CPU time (user + system of the process alone, from ``wait4``:
the load of other processes inflates a single-threaded program's wall clock, hardly
its CPU time). Memory is the process's own peak resident set (``/usr/bin/time``'s
"maximum resident set size" of the command, which ``time`` forks itself: not the
``ru_maxrss`` of a child forked from this benchmark, which counts the parent's pages).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATED = os.path.join(HERE, "generated")
TIME = shutil.which("time", path="/usr/bin:/bin") if os.name == "posix" else None

# The floor: what every command of any referee must do, as fast as this project can.
FLOOR_CODE = """\
import sys
import typer
if "deprecation" not in sys.modules:
    import types
    stub = types.ModuleType("deprecation")
    stub.deprecated = lambda **_: (lambda fn: fn)
    sys.modules["deprecation"] = stub
import ryml
for path in sys.argv[1:]:
    with open(path, "rb") as fh:
        raw = fh.read()
    js = ryml.emit_json(ryml.parse_in_arena(raw))
    if len(raw) < 262144:
        import json
        json.loads(js)
    else:
        import orjson
        orjson.loads(js)
"""


def env() -> dict[str, str]:
    """The timed processes' environment: bytecode cached (in bench/generated/, out of
    the source tree) as for any installed program, even where the shell sets
    PYTHONDONTWRITEBYTECODE, which would recompile every module on every run."""
    out = dict(os.environ)
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    out["PYTHONPYCACHEPREFIX"] = os.path.join(GENERATED, "pycache")
    return out


def referee(*args: str) -> list[str]:
    return [sys.executable, "-m", "referee", *args]


def floor(*files: str) -> list[str]:
    return [sys.executable, "-c", FLOOR_CODE, *files]


PASS = [sys.executable, "-c", "pass"]


@dataclass(frozen=True)
class Proc:
    wall: float
    cpu: float  # user + system time of the process alone
    rss: int  # bytes: its own peak resident set
    code: int
    err: str


def run(argv: Sequence[str], cwd: str | None = None) -> Proc:
    """Run a command to its end and measure it."""
    with tempfile.TemporaryDirectory() as tmp:
        rss_file = os.path.join(tmp, "rss")
        full = [TIME, "-f", "%M", "-o", rss_file, *argv] if TIME else list(argv)
        with open(os.path.join(tmp, "err"), "w+b") as err:
            start = time.perf_counter()
            proc = subprocess.Popen(full, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err, env=env())
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
            err.seek(0)
            text = err.read().decode("utf-8", "replace")
        rss = usage.ru_maxrss * 1024
        if TIME:
            try:
                with open(rss_file, encoding="ascii") as fh:
                    rss = int(fh.read().split()[-1]) * 1024
            except (OSError, ValueError, IndexError):
                rss = 0
            # time's "Command exited with non-zero status" line is not the command's
            text = "\n".join(
                line for line in text.splitlines() if not line.startswith("Command exited with")
            )
    return Proc(
        wall=wall, cpu=usage.ru_utime + usage.ru_stime, rss=rss, code=proc.returncode, err=text
    )


@dataclass(frozen=True)
class Paired:
    """Medians of a command and its references, run alternately."""

    cmd: Proc  # medians (wall, cpu, rss) of the command
    floor: Proc
    base: Proc  # python -c pass
    ratio: float  # median of the paired CPU ratios command / floor
    wall_ratio: float
    base_ratio: float  # median of the paired CPU ratios command / pass
    code: int
    err: str
    runs: int


def _median(procs: Sequence[Proc]) -> Proc:
    return Proc(
        wall=statistics.median(p.wall for p in procs),
        cpu=statistics.median(p.cpu for p in procs),
        rss=max(p.rss for p in procs),
        code=procs[0].code,
        err=procs[0].err,
    )


def paired(
    cmd: Sequence[str],
    floor_cmd: Sequence[str],
    repeats: int,
    cwd: str | None = None,
    ok: tuple[int, ...] = (0, 1, 4),
) -> Paired:
    """Warm up once, then ``repeats`` rounds of (floor, command, pass) in alternating
    order. Raises RuntimeError if the command fails."""
    first = run(cmd, cwd)
    if first.code not in ok:
        raise RuntimeError(f"exit {first.code}: {first.err.strip()[:200]}")
    run(floor_cmd, cwd)
    run(PASS, cwd)
    cmds, floors, bases = [], [], []
    for i in range(repeats):
        order = [("f", floor_cmd), ("c", cmd), ("p", PASS)]
        if i % 2:
            order.reverse()
        for kind, argv in order:
            p = run(argv, cwd)
            {"f": floors, "c": cmds, "p": bases}[kind].append(p)
    return Paired(
        cmd=_median(cmds),
        floor=_median(floors),
        base=_median(bases),
        ratio=statistics.median(c.cpu / f.cpu for c, f in zip(cmds, floors, strict=True)),
        wall_ratio=statistics.median(c.wall / f.wall for c, f in zip(cmds, floors, strict=True)),
        base_ratio=statistics.median(c.cpu / b.cpu for c, b in zip(cmds, bases, strict=True)),
        code=first.code,
        err=first.err,
        runs=repeats,
    )


def load_average() -> str:
    try:
        with open("/proc/loadavg", encoding="ascii") as fh:
            return " ".join(fh.read().split()[:3])
    except OSError:
        return "?"


def reference_loop() -> float:
    """CPU seconds of a fixed loop (``sum(range(200_000))``, median of 15): the
    machine's state. This shared machine runs the same code 1.3-1.5x slower in some
    hours than in others, load average or not (bench/RESULTS.md); a run that says
    this at its start and its end says which state its figures were taken in."""
    times = []
    for _ in range(15):
        start = time.process_time()
        sum(range(200_000))
        times.append(time.process_time() - start)
    return statistics.median(times)

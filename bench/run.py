"""The referee's benchmark: one table, every row with its figure, its target and
whether it is met.

    python bench/run.py                  # full run (sizes 100 to 50,000 units)
    python bench/run.py --quick          # smoke test: small sizes, few repeats
    python bench/run.py --only sample,scale --sizes 1000,10000 --repeats 5

Sections (``--only``):

* ``sample``: each command on each sample game against its **floor** (bench/procs.py:
  the same interpreter starting, importing typer, and parsing the same input files
  with the fastest loader the project ships) and against ``python -c pass``.
* ``scale``: ``validate``, ``show``, ``adjudicate`` (the first phase of a game, and a
  later one: the state it wrote, with history), ``verify`` and ``history`` at 100 to
  50,000 units (generated battles, bench/generate.py), against their floors; growth
  per doubling of the units; each command's own peak memory; the file's growth with
  the first phase.
* ``history``: ``verify`` of a long recorded game against the time to load it.
* ``stages``: where one ``adjudicate`` spends its time (bench/stages.py), and the
  loader against the bare parse of the same file.
* ``startup``: what each command imports (``python -X importtime``), against the
  floor's imports; what loading the message catalogue costs a command
  (bench/catalogue.py: at most 2 ms).
* ``rulesets``: each built-in ruleset read, checked and typed, in process (issue 21
  item 3: at most 5 ms each; bench/inprocess.py).
* ``engine``, ``reach``, ``replay``, ``odds``: in-process engine benchmarks
  (bench/inprocess.py).
* ``pictures``: ``show --svg`` and ``show --png`` of the 10,000-unit battle (a 200x150
  map): wall and CPU seconds (the PNG's with its rasteriser's process) and peak memory
  (the larger of the referee's and its rasteriser's), median of the runs (issue 24).
* ``pbem``: ``referee pbem send`` and ``receive`` of one player-turn of the quickstart
  battle against one ``adjudicate`` of it (bench/pbem.py).

Whole processes are timed in alternation with their floors (the machine is shared);
the verdicts use the median of the paired CPU-time ratios. Inputs are generated into
``bench/generated/`` (deterministic from their seeds, regenerated when the generator
or the state writer changes).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from functools import partial

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import procs  # bench/procs.py, beside this file
from procs import GENERATED, HERE, Paired, floor, paired, referee
from report import Row, fmt_mb, fmt_s, progress, table

ROOT = os.path.dirname(HERE)
SAMPLES = os.path.join(ROOT, "samples")
RULESETS = ("thucidide", "panache", "frederic")
SIZES: tuple[int, ...] = (100, 1000, 10000, 50000)
QUICK_SIZES: tuple[int, ...] = (100, 1000)
SECTIONS = (
    "sample",
    "scale",
    "history",
    "stages",
    "startup",
    "rulesets",
    "engine",
    "reach",
    "replay",
    "odds",
    "pbem",
    "pictures",
)
QUICK_SECTIONS = ("sample", "scale", "history", "stages", "startup")
COMMANDS = (
    "validate",
    "show",
    "adjudicate (first phase)",
    "adjudicate (later phase)",
    "verify",
    "history",
)
# a state without history is a new game only when said so (referee adjudicate --help)
NEW_GAME = ("--new-game",)
SAMPLE_TARGET = 1.5
SCALE_TARGETS = {
    "validate": 3.0,
    "adjudicate (first phase)": 5.0,
    "adjudicate (later phase)": 5.0,
    "verify": 5.0,
}
DOUBLING_TARGET = 2.1
MEMORY_TARGET = 200e6
GROWTH_TARGET = 0.10
LONG_GAME_TARGET = 3.0
LOAD_TARGET = 2.0
PICTURE_UNITS = 10000
PICTURE_SECONDS = 10.0
PICTURE_MEMORY = 500e6
# the files a generated input depends on: regenerated when one of them changes
INPUT_SOURCES = [
    os.path.join(HERE, "generate.py"),
    os.path.join(ROOT, "referee", "io", "yamlio.py"),
    os.path.join(ROOT, "referee", "io", "state.py"),
]


# ----------------------------------------------------------------------- inputs
def _stale(*paths: str) -> bool:
    newest = max(os.path.getmtime(p) for p in INPUT_SOURCES)
    return any(not os.path.exists(p) or os.path.getmtime(p) < newest for p in paths)


def generate(*args: str) -> None:
    """Run bench/generate.py in its own process (this one stays small)."""
    cmd = [sys.executable, os.path.join(HERE, "generate.py"), *args]
    done = subprocess.run(cmd, capture_output=True, text=True, env=procs.env())
    if done.returncode:
        raise RuntimeError(f"generate.py {' '.join(args)}: {done.stderr.strip()[-300:]}")


def battle_files(units: int) -> tuple[str, str]:
    """A thucidide battle in its movement phase (seed 1, about three hexes a unit),
    written as the referee writes states, and the orders of that phase."""
    state = os.path.join(GENERATED, f"battle-{units}.yaml")
    orders = os.path.join(GENERATED, f"battle-{units}-orders.yaml")
    if _stale(state, orders):
        progress(f"generating the {units:,}-unit battle")
        generate(
            "--units",
            str(units),
            "--seed",
            "1",
            "--phase",
            "movement",
            "-o",
            state,
            "--orders",
            orders,
        )
    return state, orders


def long_game(phases: int) -> str:
    """A recorded game of ``phases`` phases, played again on every run (a game
    recorded by an older engine may rightly fail to verify under the current one)."""
    path = os.path.join(GENERATED, f"long-{phases}.yaml")
    progress(f"playing the {phases}-phase game")
    generate("--long-game", "--phases", str(phases), "-o", path)
    return path


def next_orders(state_path: str, path: str) -> str:
    """An orders file for the next phase of a state, giving no order. (The state's
    first lines are read, not the whole file: this process stays small, so that the
    processes it starts do not inherit a large resident set.)"""
    from referee.io.yamlio import dump_state, load_text

    head = []
    with open(state_path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith(("map:", "sides:", "history:")):
                break
            head.append(line)
    data = load_text("".join(head), state_path).data
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(
            dump_state(
                {
                    "format": "referee-orders/1",
                    "turn": data["turn"],
                    "player": data["player"],
                    "phase": data["phase"],
                    "orders": [],
                }
            )
        )
    return path


def sample_orders(name: str) -> str | None:
    from referee.io.yamlio import load_file

    phase = load_file(os.path.join(SAMPLES, f"{name}.yaml")).data.get("phase")
    path = os.path.join(SAMPLES, f"{name}-orders-{phase}.yaml")
    return path if os.path.exists(path) else None


def run_ok(argv: Sequence[str]) -> None:
    done = procs.run(argv)
    if done.code not in (0, 1, 4):
        raise RuntimeError(f"{' '.join(argv[2:])}: exit {done.code}: {done.err.strip()[:200]}")


# ---------------------------------------------------------------------- figures
def describe(p: Paired) -> str:
    return (
        f"cpu {fmt_s(p.cmd.cpu)}, floor {fmt_s(p.floor.cpu)}: {p.ratio:.2f}x "
        f"(wall {p.wall_ratio:.2f}x; {p.base_ratio:.1f}x `python -c pass`); "
        f"peak {fmt_mb(p.cmd.rss)}"
    )


def measure(label: str, cmd: Sequence[str], files: Sequence[str], repeats: int) -> Paired | str:
    progress(label)
    try:
        return paired(cmd, floor(*files), repeats)
    except RuntimeError as exc:
        return f"failed ({exc})"


# ----------------------------------------------------------------------- sample
def bench_sample(repeats: int, names: Sequence[str]) -> list[Row]:
    rows: list[Row] = []
    target = f"<= {SAMPLE_TARGET}x floor"
    for name in names:
        sample = os.path.join(SAMPLES, f"{name}.yaml")
        orders = sample_orders(name)
        if orders is None:
            rows.append(
                Row("sample", f"{name} sample", "n/a (no orders for its phase)", target, None)
            )
            continue
        with tempfile.TemporaryDirectory() as tmp:
            played = os.path.join(tmp, "played.yaml")
            run_ok(referee("adjudicate", sample, orders, "-o", played, *NEW_GAME))
            commands = {
                "validate": (referee("validate", sample), [sample]),
                "show": (referee("show", sample), [sample]),
                "adjudicate": (
                    referee(
                        "adjudicate", sample, orders, "-o", os.path.join(tmp, "out.yaml"), *NEW_GAME
                    ),
                    [sample, orders],
                ),
                "verify": (referee("verify", played), [played]),
                "history": (referee("history", played), [played]),
            }
            for what, (cmd, files) in commands.items():
                label = f"`referee {what}` {name} sample"
                p = measure(label, cmd, files, repeats)
                if isinstance(p, str):
                    rows.append(Row("sample", label, p, target, False))
                else:
                    rows.append(Row("sample", label, describe(p), target, p.ratio <= SAMPLE_TARGET))
    return rows


# ------------------------------------------------------------------------ scale
def bench_scale(repeats: int, sizes: Sequence[int]) -> list[Row]:
    rows: list[Row] = []
    cpu: dict[str, dict[int, float]] = {c: {} for c in COMMANDS}
    peaks: dict[int, list[tuple[int, str]]] = {}
    for units in sizes:
        state, orders = battle_files(units)
        reps = repeats if units <= 10000 else max(3, repeats // 2)
        with tempfile.TemporaryDirectory() as tmp:
            first, later = os.path.join(tmp, "first.yaml"), os.path.join(tmp, "later.yaml")
            progress(f"{units:,} units: playing two phases")
            run_ok(referee("adjudicate", state, orders, "-o", first, *NEW_GAME))
            later_orders = next_orders(first, os.path.join(tmp, "later-orders.yaml"))
            run_ok(referee("adjudicate", first, later_orders, "-o", later))
            growth = os.path.getsize(first) / os.path.getsize(state) - 1
            rows.append(
                Row(
                    "scale",
                    f"file growth with the first phase, {units:,} units",
                    f"{growth:+.0%} ({fmt_mb(os.path.getsize(state))} -> "
                    f"{fmt_mb(os.path.getsize(first))})",
                    f"< {GROWTH_TARGET:.0%}",
                    growth < GROWTH_TARGET,
                )
            )
            commands = {
                "validate": (referee("validate", state), [state]),
                "show": (referee("show", state), [state]),
                "adjudicate (first phase)": (
                    referee(
                        "adjudicate", state, orders, "-o", os.path.join(tmp, "x1.yaml"), *NEW_GAME
                    ),
                    [state, orders],
                ),
                "adjudicate (later phase)": (
                    referee("adjudicate", first, later_orders, "-o", os.path.join(tmp, "x2.yaml")),
                    [first, later_orders],
                ),
                "verify": (referee("verify", later), [later]),
                "history": (referee("history", later), [later]),
            }
            for what, (cmd, files) in commands.items():
                label = f"`referee {what}` {units:,} units"
                limit = SCALE_TARGETS.get(what) if units >= 10000 else None
                target = f"<= {limit:g}x floor" if limit else "—"
                p = measure(label, cmd, files, reps)
                if isinstance(p, str):
                    rows.append(Row("scale", label, p, target, False))
                    continue
                cpu[what][units] = p.cmd.cpu
                peaks.setdefault(units, []).append((p.cmd.rss, what))
                rows.append(
                    Row(
                        "scale",
                        label,
                        describe(p),
                        target,
                        None if limit is None else p.ratio <= limit,
                    )
                )
    for units, found in peaks.items():
        if units == 10000:
            rss, what = max(found)
            rows.append(
                Row(
                    "scale",
                    "peak memory of any command, 10,000 units",
                    f"{fmt_mb(rss)} (`{what}`)",
                    f"<= {fmt_mb(MEMORY_TARGET)}",
                    rss <= MEMORY_TARGET,
                )
            )
    for what, by_size in cpu.items():
        known = sorted(by_size)
        if len(known) < 2:
            continue
        factors = []
        for a, b in itertools.pairwise(known):
            # CPU time growth per doubling of the units, whatever the size step
            factors.append((a, b, (by_size[b] / by_size[a]) ** (math.log(2) / math.log(b / a))))
        text = ", ".join(f"{a:,}->{b:,}: x{f:.2f}" for a, b, f in factors)
        rows.append(
            Row(
                "scale",
                f"`referee {what}` per doubling of the units",
                text,
                f"<= {DOUBLING_TARGET}x",
                all(f <= DOUBLING_TARGET for *_, f in factors),
            )
        )
    return rows


# ---------------------------------------------------------------------- history
def bench_history(repeats: int, phases: int) -> list[Row]:
    label = f"`referee verify` of a {phases}-phase game"
    target = f"<= {LONG_GAME_TARGET}x floor (the load)"
    try:
        path = long_game(phases)
    except RuntimeError as exc:
        return [Row("history", label, f"failed ({exc})", target, False)]
    rows = []
    p = measure(label, referee("verify", path), [path], repeats)
    if isinstance(p, str):
        return [Row("history", label, p, target, False)]
    rows.append(
        Row(
            "history",
            label,
            describe(p) + f"; file {fmt_mb(os.path.getsize(path))}",
            target,
            p.ratio <= LONG_GAME_TARGET,
        )
    )
    v = measure(
        f"`referee validate` of the {phases}-phase game", referee("validate", path), [path], repeats
    )
    if not isinstance(v, str):
        rows.append(
            Row(
                "history",
                f"`referee validate` of the {phases}-phase game",
                describe(v) + f"; verify is {p.cmd.cpu / v.cmd.cpu:.1f}x validate",
                "—",
                None,
            )
        )
    return rows


# ----------------------------------------------------------------------- stages
def bench_stages(repeats: int, sizes: Sequence[int]) -> list[Row]:
    rows: list[Row] = []
    for units in sizes:
        state, orders = battle_files(units)
        progress(f"stages of `adjudicate`, {units:,} units")
        runs = []
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as tmp:
                rss_file = os.path.join(tmp, "rss")
                timer = [procs.TIME, "-f", "%M", "-o", rss_file] if procs.TIME else []
                done = subprocess.run(
                    [*timer, sys.executable, os.path.join(HERE, "stages.py"), state, orders],
                    capture_output=True,
                    text=True,
                    env=procs.env(),
                )
                peak = None
                if procs.TIME and os.path.exists(rss_file):
                    with open(rss_file, encoding="ascii") as fh:
                        peak = int(fh.read().split()[-1]) / 1024
            try:
                runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
                if peak is not None:  # the process's own peak, not its ru_maxrss (which
                    runs[-1]["peak_rss_mb"] = peak  # counts the pages of its parent)
            except (ValueError, IndexError):
                rows.append(
                    Row(
                        "stages",
                        f"{units:,} units",
                        f"failed ({done.stderr.strip()[-200:]})",
                        "—",
                        False,
                    )
                )
                break
        if not runs or "stages" not in runs[0]:
            if runs:
                rows.append(
                    Row("stages", f"{units:,} units", runs[0].get("error", "?"), "—", False)
                )
            continue
        names = list(runs[0]["stages"])
        med = {n: statistics.median(r["stages"][n] for r in runs) for n in names}
        total = sum(med.values())
        for n in names:
            rows.append(
                Row(
                    "stages",
                    f"`adjudicate` {units:,} units: {n}",
                    f"{fmt_s(med[n])} ({med[n] / total:.0%})",
                    "—",
                    None,
                )
            )
        rows.append(
            Row(
                "stages",
                f"`adjudicate` {units:,} units: total",
                f"{fmt_s(total)}; read by the {runs[0]['read_by']} path; peak "
                f"{runs[0]['peak_rss_mb']:.0f} MB",
                "—",
                None,
            )
        )
        rows.extend(_loader_rows(state, units, repeats))
    return rows


LOAD_CODE = """\
import sys, time, json
sys.path.insert(0, {here!r})
from procs import FLOOR_CODE
path = sys.argv[1]
clock = time.process_time
t = clock()
exec(FLOOR_CODE.replace("sys.argv[1:]", "[path]"))
bare = clock() - t
t = clock()
exec(FLOOR_CODE.replace("sys.argv[1:]", "[path]"))
bare = min(bare, clock() - t)
from referee.io.yamlio import load_file
best = None
for _ in range(2):
    t = clock()
    doc = load_file(path)
    best = clock() - t if best is None else min(best, clock() - t)
print(json.dumps({{"bare": bare, "load": best, "read_by": doc.read_by}}))
"""


def _loader_rows(path: str, units: int, repeats: int) -> list[Row]:
    """``load_file`` against the bare parse (rapidyaml + JSON) of the same file, in a
    fresh process each (imports excluded, best of two)."""
    ratios, last = [], {}
    for _ in range(repeats):
        done = subprocess.run(
            [sys.executable, "-c", LOAD_CODE.format(here=HERE), path],
            capture_output=True,
            text=True,
            env=procs.env(),
        )
        try:
            last = json.loads(done.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            return [
                Row(
                    "stages",
                    f"loader, {units:,} units",
                    f"failed ({done.stderr[-200:]})",
                    f"<= {LOAD_TARGET}x",
                    False,
                )
            ]
        ratios.append(last["load"] / last["bare"])
    ratio = statistics.median(ratios)
    return [
        Row(
            "stages",
            f"`load_file` vs the bare parse, {units:,} units",
            f"{fmt_s(last['load'])} vs {fmt_s(last['bare'])}: {ratio:.2f}x "
            f"({last['read_by']} path)",
            f"<= {LOAD_TARGET}x",
            ratio <= LOAD_TARGET,
        )
    ]


# ---------------------------------------------------------------------- startup
_IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def import_times(argv: Sequence[str], repeats: int) -> dict[str, int]:
    """Self time (µs) of each module a command imports: the minimum over runs."""
    best: dict[str, int] = {}
    for _ in range(repeats):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", *argv],
            capture_output=True,
            text=True,
            env=procs.env(),
        )
        for line in done.stderr.splitlines():
            m = _IMPORT_LINE.match(line)
            if m:
                name, own = m.group(4), int(m.group(1))
                best[name] = min(best.get(name, own), own)
    return best


def bench_startup(repeats: int) -> list[Row]:
    rows: list[Row] = []
    sample = os.path.join(SAMPLES, "thucidide.yaml")
    orders = sample_orders("thucidide")
    if orders is None:
        return [Row("startup", "imports", "n/a (no thucidide sample orders)", "—", None)]
    with tempfile.TemporaryDirectory() as tmp:
        played = os.path.join(tmp, "played.yaml")
        run_ok(referee("adjudicate", sample, orders, "-o", played, *NEW_GAME))
        base = import_times(["-c", procs.FLOOR_CODE, sample], repeats)
        base_ms = sum(base.values()) / 1000
        rows.append(
            Row(
                "startup",
                "imports of the floor (typer + rapidyaml + json)",
                f"{base_ms:.0f} ms, {len(base)} modules",
                "—",
                None,
            )
        )
        commands = {
            "validate": ["validate", sample],
            "show": ["show", sample],
            "adjudicate": [
                "adjudicate",
                sample,
                orders,
                "-o",
                os.path.join(tmp, "out.yaml"),
                *NEW_GAME,
            ],
            "verify": ["verify", played],
            "history": ["history", played],
        }
        for what, args in commands.items():
            progress(f"imports of `referee {what}`")
            mods = import_times(["-m", "referee", *args], repeats)
            total = sum(mods.values()) / 1000
            extra = {m: t for m, t in mods.items() if m not in base}
            own = sum(t for m, t in extra.items() if m.startswith("referee")) / 1000
            top = sorted(extra.items(), key=lambda kv: -kv[1])[:5]
            flags = [
                name
                for name, mod in (
                    ("PyYAML", "yaml"),
                    ("rich", "rich"),
                    ("the movement search", "referee.core.reach"),
                    ("orjson", "orjson"),
                )
                if mod in mods
            ]
            rows.append(
                Row(
                    "startup",
                    f"imports of `referee {what}` (thucidide sample)",
                    f"{total:.0f} ms ({total - base_ms:+.0f} ms over the floor's; "
                    f"referee's own {own:.0f} ms); top: "
                    + ", ".join(f"{m} {t / 1000:.1f}" for m, t in top)
                    + f"; imports {', '.join(flags) or 'none of PyYAML, rich, reach'}",
                    "—",
                    None,
                )
            )
    rows.extend(catalogue_rows(sample, orders, repeats))
    return rows


CATALOGUE_MS = 2.0  # issue 25 step 5: loading the catalogue for one command


def catalogue_rows(sample: str, orders: str, repeats: int) -> list[Row]:
    """What loading the message catalogue costs one command (bench/catalogue.py), in
    English and in French: a view and a phase's report."""
    import catalogue  # bench/catalogue.py, beside this file

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.yaml")
        adjudicate = ["adjudicate", sample, orders, "-o", out, *NEW_GAME]
        for args in (
            ["validate", sample],
            ["show", sample],
            ["show", sample, "--lang", "fr"],
            adjudicate,
            [*adjudicate, "--lang", "fr"],
        ):
            shown = " ".join(
                os.path.basename(a) if a in (sample, orders) else "OUT" if a == out else a
                for a in args
            )
            progress(f"the catalogue of `referee {shown}`")
            found = catalogue.measure(args, max(3, repeats))
            rows.append(
                Row(
                    "startup",
                    f"the catalogue of `referee {shown}`",
                    catalogue.describe(found),
                    f"loading <= {CATALOGUE_MS:g} ms",
                    found["load"] * 1000 <= CATALOGUE_MS,
                )
            )
    return rows


# --------------------------------------------------------------------- pictures
def bench_pictures(repeats: int, units: int = PICTURE_UNITS) -> list[Row]:
    """``show --svg`` and ``show --png`` of a big generated battle (issue 24 item 5:
    at most 10 s and 500 MB each), timed whole, median of ``repeats`` runs."""
    from procs import run

    state, _ = battle_files(units)
    rows: list[Row] = []
    target = f"<= {PICTURE_SECONDS:g} s, <= {fmt_mb(PICTURE_MEMORY)}"
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("svg", "png"):
            label = f"`referee show --{kind}` {units:,} units"
            progress(label)
            out = os.path.join(tmp, f"map.{kind}")
            runs = [
                run(referee("show", state, f"--{kind}", out, "--map-only", "--no-pager"))
                for _ in range(repeats)
            ]
            failed = [r for r in runs if r.code != 0]
            if failed:
                rows.append(
                    Row("pictures", label, f"failed: {failed[0].err[-200:]}", target, False)
                )
                continue
            wall = statistics.median(r.wall for r in runs)
            cpu = statistics.median(r.cpu for r in runs)
            rss = statistics.median(r.rss for r in runs)
            size = os.path.getsize(out)
            rows.append(
                Row(
                    "pictures",
                    label,
                    f"wall {fmt_s(wall)}, cpu {fmt_s(cpu)}; peak {fmt_mb(rss)}; "
                    f"file {fmt_mb(size)}",
                    target,
                    wall <= PICTURE_SECONDS and rss <= PICTURE_MEMORY,
                )
            )
    return rows


# ------------------------------------------------------------------------- main
def _reference() -> str:
    """The machine's state, said at a run's start and end (procs.reference_loop)."""
    return f"reference loop: cpu {fmt_s(procs.reference_loop())}"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Run the referee's benchmark and print one table.")
    p.add_argument(
        "--quick",
        action="store_true",
        help="smoke test: sizes 100 and 1,000, 3 repeats, a 20-phase game",
    )
    p.add_argument("--only", help=f"comma-separated sections among {', '.join(SECTIONS)}")
    p.add_argument("--sizes", help="unit counts of the scale and stages sections")
    p.add_argument("--repeats", type=int, help="timed runs of each command (default 7)")
    p.add_argument("--samples", default=",".join(RULESETS), help="sample games to time")
    p.add_argument("--phases", type=int, help="phases of the long game (default 400)")
    p.add_argument("--output", help="also write the table to this file")
    args = p.parse_args(argv)
    sections = [
        s.strip()
        for s in (args.only or ",".join(QUICK_SECTIONS if args.quick else SECTIONS)).split(",")
        if s.strip()
    ]
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        p.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    repeats = args.repeats or (3 if args.quick else 7)
    sizes = (
        [int(s) for s in args.sizes.split(",")]
        if args.sizes
        else list(QUICK_SIZES if args.quick else SIZES)
    )
    phases = args.phases or (20 if args.quick else 400)
    names = [n.strip() for n in args.samples.split(",") if n.strip()]
    big = [s for s in sizes if s >= 10000] or sizes[-1:]
    if not procs.TIME:
        progress("/usr/bin/time not found: peak memory is ru_maxrss of this process's child")
    progress(f"load average {procs.load_average()}; {_reference()}")
    runners: dict[str, Callable[[], list[Row]]] = {
        "sample": partial(bench_sample, repeats, names),
        "scale": partial(bench_scale, repeats, sizes),
        "history": partial(bench_history, repeats, phases),
        "stages": partial(bench_stages, max(1, repeats // 2), big),
        "startup": partial(bench_startup, max(1, repeats // 2)),
        "pictures": partial(bench_pictures, repeats, PICTURE_UNITS),
    }
    if "pbem" in sections:
        import pbem  # bench/pbem.py: referee pbem send and receive (issue 22)

        runners["pbem"] = partial(pbem.bench_pbem, repeats)
    in_process = {"rulesets", "engine", "reach", "replay", "odds"} & set(sections)
    if in_process:
        import inprocess  # bench/inprocess.py (imports the engine into this process)

        engine_sizes = [s for s in sizes if 500 <= s <= 10000] or [500, 1000]
        runners |= {
            "rulesets": partial(inprocess.bench_rulesets, repeats, RULESETS),
            "engine": partial(inprocess.bench_engine, repeats, engine_sizes),
            "reach": partial(inprocess.bench_reach, repeats),
            "replay": partial(inprocess.bench_replay, repeats),
            "odds": partial(inprocess.bench_odds, repeats),
        }
    rows: list[Row] = []
    for section in sections:
        progress(f"{section}...")
        rows.extend(runners[section]())
    progress(f"load average {procs.load_average()}; {_reference()}")
    text = table(rows)
    print(text)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The fuzz campaign of issue 16 (docs/hostile.md): mutated real files through every
command that reads one, as whole processes (``referee`` run by ``python -m referee``:
signals, hangs and the interpreter's own failures show) and in-process (the CLI's entry
point, ten times faster). Kept out of CI's time budget; the bounded CI version is
tests/test_fuzz.py (same mutations: tests/fuzzkit.py).

    python tools/fuzz.py --procs 2000 --inprocess 10000 --seconds 900 --save fuzz-failures

Prints the exit-code distribution of each mode, every failure signature (exit 70, a
traceback, a signal, a run over ``--timeout`` seconds, an exit code outside the
documented set, a failure without a message) with its count and one reproducer saved
under ``--save``, and the slowest runs. Exit status: 0 if nothing failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from clikit import referee  # noqa: E402
from fuzzkit import DOCUMENTED, KINDS, KINDS_26, Case, Seeds, make_case, make_seeds  # noqa: E402

MAX_RSS_MB = 500  # a whole process growing past this is a failure (issue 26)


def signature(code: int, err: str, out: str, slow: bool, big: bool = False) -> str | None:
    """What went wrong, reduced so that the same defect gives the same text."""
    if slow:
        return "hang: over the time limit"
    if big:
        return f"memory: a process over {MAX_RSS_MB} MB"
    if code < 0:
        return f"signal {signal.Signals(-code).name}"
    if code == 70 or "internal error" in err:
        m = re.search(r"internal error: (\w+): (.*?)(?: \(this is a bug|$)", err, re.M)
        text = f"{m.group(1)}: {m.group(2)}" if m else err.strip()[:120]
        return "exit 70: " + re.sub(r"\d+", "N", re.sub(r"'[^']*'", "'…'", text))[:160]
    if "Traceback" in err:
        last = [line for line in err.splitlines() if line and not line.startswith(" ")][-1:]
        return "traceback: " + (last[0][:160] if last else "?")
    if code not in DOCUMENTED:
        return f"exit {code} (not documented)"
    if code and not err.strip() and not (code == 1 and out.strip()):
        return f"exit {code} without a message"  # (1: the report says why, on stdout)
    return None


# GNU time measures each process's own peak (the resident size a child inherits from a
# large parent before exec would count otherwise): ``%M`` KiB into a file.
TIME = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None
LAST_RSS_MB = [0.0]


def run_process(case: Case, work: Path, timeout: float) -> tuple[int, str, str, float]:
    start = time.perf_counter()
    rss_file = work.parent / "rss.txt"
    rss_file.unlink(missing_ok=True)
    command = [sys.executable, "-m", "referee", *case.argv(work)]
    if TIME is not None:
        command = [TIME, "-q", "-f", "%M", "-o", str(rss_file), *command]
    proc = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=work,
        start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        out, err = proc.communicate(case.stdin or b"", timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # time and the referee under it
        proc.communicate()
        return -999, "", "", time.perf_counter() - start
    took = time.perf_counter() - start
    try:
        LAST_RSS_MB[0] = int(rss_file.read_text().split()[-1]) / 1024
    except (OSError, ValueError, IndexError):
        LAST_RSS_MB[0] = 0.0
    code = proc.returncode
    if (
        TIME is not None
        and code > 128
        and b"Command terminated by signal" in (rss_file.read_bytes() if rss_file.exists() else b"")
    ):
        code = -(code - 128)
    return code, err.decode("utf-8", "replace"), out.decode("utf-8", "replace"), took


def run_inprocess(case: Case, work: Path, timeout: float) -> tuple[int, str, str, float]:
    start = time.perf_counter()
    old = os.getcwd()
    os.chdir(work)
    try:
        result = referee(*case.argv(work), stdin=case.stdin)
    finally:
        os.chdir(old)
    return result.code, result.err, result.out, time.perf_counter() - start


def campaign(
    mode: str,
    count: int,
    seconds: float,
    seeds: Seeds,
    rng: random.Random,
    timeout: float,
    save: Path | None,
    kinds: list[str] | None = None,
) -> bool:
    runner = run_process if mode == "process" else run_inprocess
    codes: collections.Counter[int] = collections.Counter()
    failures: collections.Counter[str] = collections.Counter()
    examples: dict[str, Path] = {}
    slowest: list[tuple[float, str]] = []
    largest = (0.0, "")
    deadline = time.monotonic() + seconds
    done = 0
    base = Path(tempfile.mkdtemp(prefix="referee-fuzz-"))
    try:
        while done < count and time.monotonic() < deadline:
            seed = rng.randrange(2**63)
            case = make_case(seeds, random.Random(seed), kinds)
            work = base / "case"
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()
            case.write(work)
            LAST_RSS_MB[0] = 0.0
            code, err, out, took = runner(case, work, timeout)
            done += 1
            slow = code == -999 or took > timeout
            rss = LAST_RSS_MB[0]
            big = rss > MAX_RSS_MB
            if rss > largest[0]:
                largest = (rss, f"{' '.join(case.args)} (seed {seed})")
            codes["timeout" if code == -999 else code] += 1  # type: ignore[index]
            slowest = sorted(
                [*slowest, (took, f"{' '.join(case.args)} (seed {seed})")], reverse=True
            )[:5]
            sig = signature(code, err, out, slow, big)
            if sig is None:
                continue
            failures[sig] += 1
            if sig not in examples and save is not None:
                target = save / f"{mode}-{len(examples):03d}"
                shutil.rmtree(target, ignore_errors=True)
                shutil.copytree(work, target)
                (target / "command.txt").write_text(
                    f"referee {' '.join(case.args)}\nseed {seed}\nstdin: "
                    f"{'stdin.bin' if case.stdin is not None else 'none'}\n"
                    f"{sig}\n\n{err}",
                    encoding="utf-8",
                )
                if case.stdin is not None:
                    (target / "stdin.bin").write_bytes(case.stdin)
                examples[sig] = target
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"\n== {mode}: {done} inputs")
    print("exit codes: " + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items(), key=str)))
    print(f"failures: {sum(failures.values())} ({len(failures)} signatures)")
    for sig, n in failures.most_common():
        where = f"  -> {examples[sig]}" if sig in examples else ""
        print(f"  {n:6d}  {sig}{where}")
    print("slowest: " + "; ".join(f"{t:.2f}s {what}" for t, what in slowest))
    if mode == "process":
        print(f"largest process: {largest[0]:.0f} MB {largest[1]}")
    else:
        import resource

        print(
            "this process's peak: "
            f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
        )
    return not failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--procs", type=int, default=200, help="inputs run as whole processes (default 200)"
    )
    parser.add_argument(
        "--inprocess", type=int, default=2000, help="inputs run in-process (default 2000)"
    )
    parser.add_argument(
        "--seconds",
        "--budget",
        type=float,
        default=600,
        help="time budget of each mode, seconds (default 600)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="a run longer than this is a failure (default 10 s)",
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    parser.add_argument(
        "--save", type=Path, default=None, help="directory for one reproducer per failure signature"
    )
    parser.add_argument(
        "--kinds",
        default="all",
        help="which cases: all, 16 (the file kinds of issue 16), 26 (mail "
        "messages, choices, reveals, history blobs, scenario CSV files: "
        "issue 26), or a comma-separated list of kinds (tests/fuzzkit.py)",
    )
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"seed {seed}")
    rng = random.Random(seed)
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="referee-fuzz-seeds-") as tmp:
        seeds = make_seeds(Path(tmp))
    kinds = (
        None
        if args.kinds == "all"
        else {"16": KINDS, "26": KINDS_26}.get(args.kinds, args.kinds.split(","))
    )
    unknown = set(kinds or ()) - set(KINDS) - set(KINDS_26)
    if unknown:
        parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
    ok = True
    if args.procs:
        ok &= campaign(
            "process", args.procs, args.seconds, seeds, rng, args.timeout, args.save, kinds
        )
    if args.inprocess:
        ok &= campaign(
            "in-process", args.inprocess, args.seconds, seeds, rng, args.timeout, args.save, kinds
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

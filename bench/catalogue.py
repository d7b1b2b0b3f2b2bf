"""What the message catalogue costs one command (issue 25 step 5: at most 2 ms).

    python bench/catalogue.py [--repeats N] -- validate samples/thucidide.yaml
    python bench/catalogue.py -- show samples/thucidide.yaml --lang fr
    python bench/catalogue.py --gettext-parse -- show samples/thucidide.yaml --lang fr

Each run is a fresh interpreter (the cyclic collector off, as ``referee.entry``
runs a command) that imports ``referee.render.catalogue`` (the loader, with the
index of its texts modules) and ``referee.render.grammar`` (the filling of messages)
first, before the command line (so it pays for every module the catalogue needs, even
those the command would import anyway: the worst case; only ``referee.render.lang`` is
imported before, as ``referee/cli/app.py`` does), then runs the command in-process
with the catalogue's functions timed (CPU time of the process: the machine is shared).
The loading is the import, the declaring of the texts modules the command's messages
are in (English only: another language looks its translations up by context) and the
reading of the compiled catalogues (``.mo``, the plural forms compiled when a count is
first said, and the language's grammar module) it needs; the filling is the rest of
the time spent in the catalogue's functions (outermost calls only). Prints the median
over the runs of each figure; ``bench/run.py --only startup`` prints them as rows.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# One run, in a fresh interpreter: argv[1:] is the command line.
_PROBE = r"""
import gc
gc.disable()  # as the program runs (referee.entry)
import io, os, sys, time, json
import referee.render.lang  # (cli/app.py imports it before any message: the language)
clock = time.process_time
if os.environ.get("BENCH_GETTEXT_PARSE"):  # the .mo parts read by gettext's own _parse
    import gettext
t0 = clock()
import referee.render.catalogue as catalogue
import referee.render.grammar as grammar  # (filling the messages: variants, words...)
t1 = clock()
if os.environ.get("BENCH_GETTEXT_PARSE"):
    catalogue._PARTS_CLASS.append(gettext.GNUTranslations)
spent = {"declare": 0.0, "read": 0.0, "fill": 0.0}
depth = [0]
calls = [0]

def timed(fn, what):
    def wrapper(*args, **kwargs):
        if depth[0]:
            if what == "fill":
                return fn(*args, **kwargs)
            start = clock()  # declaring or reading inside a message: not its filling
            try:
                return fn(*args, **kwargs)
            finally:
                took = clock() - start
                spent[what] += took
                spent["fill"] -= took
        depth[0] += 1
        calls[0] += what == "fill"
        start = clock()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[what] += clock() - start
            depth[0] -= 1
    return wrapper

LOADING = {
    "_declare": "declare",
    "translations": "read",
    "_compile_plural": "read",
    "_msgids": "read",
    "finisher": "read",
}
DECLARING = {"n", "blank", "words"}  # (what the texts modules call: part of declaring)
for name, value in list(vars(catalogue).items()):
    if callable(value) and getattr(value, "__module__", "") == catalogue.__name__ and (
        not isinstance(value, type)
    ) and name not in DECLARING:
        setattr(catalogue, name, timed(value, LOADING.get(name, "fill")))
for key, value in list(vars(grammar).items()):
    if callable(value) and getattr(value, "__module__", "") == grammar.__name__:
        setattr(grammar, key, timed(value, "fill"))
    elif callable(value) and getattr(value, "__module__", "") == catalogue.__name__:
        setattr(grammar, key, getattr(catalogue, key))  # (the loader's, timed above)
from referee.cli.app import main
sys.argv = ["referee", *sys.argv[1:]]
out = sys.stdout
sys.stdout = io.StringIO()
try:
    main()
except SystemExit:
    pass
sys.stdout = out
print(json.dumps({"import": t1 - t0, **spent, "calls": calls[0]}))
"""


def probe(argv: list[str], env: dict[str, str] | None = None) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    last = done.stdout.strip().splitlines()[-1:] or ["{}"]
    try:
        return dict(json.loads(last[0]))
    except ValueError:
        raise SystemExit(f"the probe failed: {done.stderr[-500:]}") from None


FIGURES = ("import", "declare", "read", "fill")


def measure(argv: list[str], repeats: int, gettext_parse: bool = False) -> dict[str, float]:
    """Medians (seconds) of each figure, and of the loading (import, declaring the
    texts, reading the compiled catalogues); ``gettext_parse``: with the ``.mo`` parts
    read by ``gettext.GNUTranslations`` itself instead of the loader's ``_parse``."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("BENCH_GETTEXT_PARSE", None)
    if gettext_parse:
        env["BENCH_GETTEXT_PARSE"] = "1"
    probe(argv, env)  # warm-up: bytecode written
    runs = [probe(argv, env) for _ in range(repeats)]
    out = {key: statistics.median(r[key] for r in runs) for key in (*FIGURES, "calls")}
    out["load"] = statistics.median(r["import"] + r["declare"] + r["read"] for r in runs)
    return out


def describe(found: dict[str, float]) -> str:
    ms = {key: found[key] * 1000 for key in (*FIGURES, "load")}
    return (
        f"loading {ms['load']:.2f} ms (import {ms['import']:.2f}, declaring the texts "
        f"{ms['declare']:.2f}, reading the translations {ms['read']:.2f}); filling "
        f"{found['calls']:.0f} messages {ms['fill']:.2f} ms"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=11)
    p.add_argument(
        "--gettext-parse",
        action="store_true",
        help="read the .mo parts with gettext.GNUTranslations's own _parse (the loader's "
        "reason for its own: referee/render/catalogue.py)",
    )
    p.add_argument("command", nargs=argparse.REMAINDER)
    args = p.parse_args()
    command = [a for a in args.command if a != "--"] or ["validate", "samples/thucidide.yaml"]
    found = measure(command, args.repeats, args.gettext_parse)
    print(f"referee {' '.join(command)}: {describe(found)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

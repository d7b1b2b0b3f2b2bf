"""Where the time of one ``referee adjudicate`` goes, stage by stage, in one fresh
process (run by ``bench/run.py``'s ``stages`` section; also useful alone)::

    python bench/stages.py STATE ORDERS [--profile OUT.prof]   # the profile in CPU time

Prints one JSON object: CPU seconds of each stage (parse, build model, check,
engine, serialize, hash, write), the imports before them, and the peak resident
memory of the process (``ru_maxrss`` of itself: also counts the pages of the process
that started it, if that one was large; bench/run.py measures it with
``/usr/bin/time`` instead). The stages
are the command's own, called as ``referee/cli/cmd_adjudicate.py`` calls them, with
the same garbage-collector settings; a stage a helper has renamed prints null.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

_T0 = time.process_time()


def main(argv: list[str]) -> int:
    profile = None
    if "--profile" in argv:
        i = argv.index("--profile")
        profile = argv[i + 1]
        del argv[i : i + 2]
    state_path, orders_path = argv
    # the collector off for the whole run, as referee.entry turns it off for the
    # program (with it on, the model build of 50,000 units read 6x that of 10,000)
    gc.disable()
    times: dict[str, float | None] = {}
    clock = time.process_time

    def stage(name: str, fn: Callable[[], Any]) -> Any:
        start = clock()
        try:
            return fn()
        finally:
            times[name] = round(clock() - start, 4)

    start = clock()
    from referee.io import yamlio
    from referee.io.rulesets import load_ruleset
    from referee.io.state import read_state, write_state
    from referee.io.yamlio import dump_state, load_file

    try:
        from referee.core.orders import read_orders
        from referee.core.validate import check_orders, check_state
        from referee.io.files import atomic_write
        from referee.play import dice_for, play, state_hash
    except ImportError as exc:  # a helper moved something: say so, measure the rest
        print(json.dumps({"error": f"import: {exc}"}))
        return 1
    times["imports"] = round(clock() - start, 4)
    times["start-up"] = round(start - _T0, 4)

    profiler = None
    if profile:
        import cProfile

        # CPU time, not the wall clock: on a shared machine a wall-clock profile charges
        # the other processes' time to whichever function was running
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
    doc = stage("parse", lambda: load_file(state_path))
    odoc = stage("parse orders", lambda: load_file(orders_path))
    state, problems = stage("build model", lambda: read_state(doc.data))
    assert state is not None and not problems, problems
    ruleset = stage("ruleset", lambda: load_ruleset(state.ruleset, overrides=state.house_rules))
    stage("check", lambda: check_state(state, ruleset))
    orders, problems = stage("build orders", lambda: read_orders(odoc.data))
    assert orders is not None and not problems, problems
    stage("check orders", lambda: check_orders(state, orders))
    outcome = stage(
        "engine + history", lambda: play(state, orders, ruleset, dice_for(state, orders))
    )
    stage("hash (one state)", lambda: state_hash(outcome.state))
    data = stage("serialize: write_state", lambda: write_state(outcome.state))
    text = stage("serialize: dump_state", lambda: dump_state(data))
    with tempfile.TemporaryDirectory() as tmp:
        stage("write", lambda: atomic_write(os.path.join(tmp, "out.yaml"), text))
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
    print(
        json.dumps(
            {
                "stages": times,
                "read_by": doc.read_by,
                "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
                "bytes": len(text.encode("utf-8")),
                "yamlio": yamlio.__name__,
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""The in-process benchmarks (bench/run.py sections rulesets, engine, reach, replay,
odds): one call timed many times in this process, medians of wall clock and CPU
time, on the built-in rulesets and the generated battles of bench/generate.py."""

from __future__ import annotations

import gc
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from msgspec.structs import replace

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import generate  # bench/generate.py, beside this file
import procs
from report import NOT_IMPLEMENTED, Row, fmt_s, progress

from referee.core.hexgrid import Direction, Hex
from referee.io.state import write_state

GENERATED = generate.GENERATED_DIR
LONG_GAME = os.path.join(GENERATED, "long-game.yaml")


class NotReady(Exception):
    """The engine piece a row needs is not importable or not implemented yet."""


@dataclass(frozen=True)
class Timing:
    """Medians of one measurement: wall clock and CPU time, in seconds."""

    wall: float
    cpu: float

    def __str__(self) -> str:
        return f"{fmt_s(self.wall)} (cpu {fmt_s(self.cpu)})"


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    """One run of ``fn``, the collector off as in the program (referee.entry)."""
    gc.collect()
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        return time.perf_counter() - wall, time.process_time() - cpu
    finally:
        gc.enable()


def medians(samples: Sequence[tuple[float, float]]) -> Timing:
    return Timing(
        statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)
    )


def median_time(fn: Callable[[], object], repeats: int, warmup: int = 1) -> Timing:
    for _ in range(warmup):
        fn()
    return medians([timed(fn) for _ in range(repeats)])


def engine_call(fn: Callable[[], Any]) -> Any:
    """Run an engine call, turning "not written yet" into NotReady."""
    try:
        return fn()
    except (ImportError, NotImplementedError) as exc:
        raise NotReady(str(exc)) from None


def write_battle(name: str, b: generate.Battle) -> tuple[str, str]:
    state_path = os.path.join(GENERATED, f"{name}.yaml")
    orders_path = os.path.join(GENERATED, f"{name}-orders.yaml")
    generate.write_yaml(state_path, b.state_data())
    assert b.orders is not None
    generate.write_yaml(orders_path, b.orders)
    return state_path, orders_path


_battles: dict[tuple[str, int], tuple[str, str]] = {}


def scale_files(phase: str, units: int) -> tuple[str, str]:
    """The generated state and orders of the scaling benchmark (thucidide, seed 1,
    about three hexes per unit: 10,000 units on 200x150)."""
    key = (phase, units)
    if key not in _battles:
        progress(f"generating the {units}-unit {phase} battle")
        b = generate.battle("thucidide", units=units, seed=1, phase=phase)
        _battles[key] = write_battle(f"scale-{phase}-{units}", b)
    return _battles[key]


# ----------------------------------------------------------------------- scaling
def _load(state_path: str, orders_path: str) -> tuple[Any, Any, Any]:
    from referee.io.files import load_game, load_orders

    game = load_game(state_path)
    orders = load_orders(orders_path, game.state)
    return game.state, orders, game.ruleset


def _adjudicate_once(state: Any, orders: Any, rs: Any) -> Any:
    from referee.core.adjudicate import adjudicate
    from referee.play import dice_for

    return adjudicate(state, orders, rs, dice_for(state, orders))


def bench_engine(repeats: int, sizes: Sequence[int]) -> list[Row]:
    """Each phase at every size; the sizes are timed in rounds (500, 1,000, ...,
    then again) so that a burst of load on the shared machine hits all of them."""
    rows: list[Row] = []
    for phase in ("movement", "combat"):
        loaded: dict[int, tuple[Any, Any, Any, float, Any]] = {}
        for units in sizes:
            state_path, orders_path = scale_files(phase, units)
            start = time.perf_counter()
            state, orders, rs = _load(state_path, orders_path)
            parse = time.perf_counter() - start
            try:
                first = engine_call(partial(_adjudicate_once, state, orders, rs))
            except NotReady:
                break
            loaded[units] = (state, orders, rs, parse, first)
        if not loaded:
            rows.append(Row("engine", f"{phase} phase", NOT_IMPLEMENTED, "", None))
            continue
        samples: dict[int, list[tuple[float, float]]] = {units: [] for units in loaded}
        for _ in range(repeats):
            for units, (state, orders, rs, _, _) in loaded.items():
                samples[units].append(timed(partial(_adjudicate_once, state, orders, rs)))
        previous: tuple[int, float] | None = None
        for units, (_, orders, _, parse, first) in loaded.items():
            t = medians(samples[units])
            refused = len(first.refused)
            result = f"{t}; parse {fmt_s(parse)}; {len(orders.orders):,} orders"
            result += f", {refused} refused" if refused else ""
            targets = []
            met: bool | None = None
            if phase == "movement" and units == 2000:
                targets.append("< 0.5 s")
                met = t.cpu < 0.5
            if previous is not None:
                # CPU time growth per doubling of the units, whatever the size step
                p_units, p_cpu = previous
                per_doubling = (t.cpu / p_cpu) ** (math.log(2) / math.log(units / p_units))
                result += f"; x{per_doubling:.2f} per doubling"
                targets.append("<= 2.2x per doubling")
                met = (met is not False) and per_doubling <= 2.2
            rows.append(
                Row(
                    "engine",
                    f"{phase} phase, {units:,} units",
                    result,
                    ", ".join(targets) or "(baseline)",
                    met,
                )
            )
            previous = (units, t.cpu)
        del loaded
        gc.collect()
    return rows


# ------------------------------------------------------------------------- reach
def bench_reach(repeats: int) -> list[Row]:
    rows: list[Row] = []
    target = "< 10 ms"
    state_path, orders_path = scale_files("movement", 10000)
    state, _, rs = _load(state_path, orders_path)
    try:
        from referee.core.reach import reachable
    except ImportError:
        return [Row("reach", "`reachable()` light cavalry, 200x150", NOT_IMPLEMENTED, target, None)]
    g = state.map.grid
    centre = Hex.from_offset(g.columns // 2, g.rows // 4)
    for weight in ("light", "very-light"):
        candidates = [
            u
            for u in state.side(state.player).units
            if u.type == "cavalerie" and u.weight == weight and u.at is not None
        ]
        if not candidates:
            continue
        # the one nearest the middle of its army: a full search, no table edge
        unit = min(candidates, key=lambda u: (u.at.distance(centre), u.id))
        cell = rs.allowance(unit.type, unit.weight).text
        name = f"`reachable()` {weight} cavalry ({cell}), 200x150, 10,000 units"
        try:
            reach = engine_call(partial(reachable, state, rs, unit.id))
        except NotReady:
            rows.append(Row("reach", name, NOT_IMPLEMENTED, target, None))
            continue
        t = median_time(partial(reachable, state, rs, unit.id), repeats * 10)
        rows.append(
            Row("reach", name, f"{t}; {len(reach.destinations)} hexes", target, t.cpu < 0.010)
        )
        # the same unit alone on the map: the widest search its allowance allows
        alone = replace(
            state,
            sides=tuple(
                replace(s, units=(unit,) if s.id == unit.side else (), leaders=())
                for s in state.sides
            ),
        )
        reach = reachable(alone, rs, unit.id)
        t = median_time(partial(reachable, alone, rs, unit.id), repeats * 10)
        rows.append(
            Row(
                "reach",
                f"`reachable()` {weight} cavalry ({cell}), 200x150, alone",
                f"{t}; {len(reach.destinations)} hexes",
                target,
                t.cpu < 0.010,
            )
        )
    return rows


# ------------------------------------------------------------------------ verify
def bench_replay(repeats: int) -> list[Row]:
    name = "`replay()` of a 200-phase game"
    target = "< 2 s"
    try:
        # played again on every run: a game recorded by an older engine may
        # rightly fail to verify under the current one
        progress("playing the 200-phase game")
        state = engine_call(partial(generate.long_game, phases=200))
        generate.write_yaml(LONG_GAME, write_state(state))
    except NotReady:
        return [Row("replay", name, NOT_IMPLEMENTED, target, None)]
    from referee.io.files import load_game
    from referee.play.verify import replay

    start = time.perf_counter()
    game = load_game(LONG_GAME)
    parse = time.perf_counter() - start
    entries = len(game.state.history) - 1
    units = sum(len(s.units) + len(s.removed) for s in game.state.sides)
    _, verification = replay(game.state, game.ruleset)
    if not verification.ok:
        finding = verification.findings[0]
        return [
            Row(
                "replay",
                name,
                f"failed: entry {finding.index}: {finding.message[:60]}",
                target,
                False,
            )
        ]
    t = median_time(partial(replay, game.state, game.ruleset), repeats, warmup=0)
    return [
        Row(
            "replay",
            f"`replay()` of a {entries}-phase game ({units} units)",
            f"{t}; parse {fmt_s(parse)}; {verification.rolls_checked:,} rolls",
            target,
            t.cpu < 2.0,
        )
    ]


# -------------------------------------------------------------------------- odds
def odds_state(cohesion: int) -> Any:
    """Two medium infantry units face to face, 12 assault dice against 12 melee dice."""
    from referee.core.model import (
        Cohesion,
        DiceSettings,
        Factors,
        GameState,
        MapData,
        Side,
        Unit,
    )

    def unit(uid: str, side: str, label: str, facing: str) -> Unit:
        return Unit(
            id=uid,
            side=side,
            type="infanterie",
            weight="medium",
            at=Hex.from_label(label),
            facing=Direction[facing],
            cohesion=Cohesion(cohesion, cohesion),
            factors=Factors(shooting=0, range=0, assault=12, melee=12),
            status=frozenset({"activated"}),
        )

    sides = (
        Side(id="red", name="Rouge", edge="N", units=(unit("A", "red", "0505", "S"),)),
        Side(id="blue", name="Bleu", edge="S", units=(unit("T", "blue", "0506", "N"),)),
    )
    return GameState(
        ruleset="thucidide",
        game="odds",
        turn=1,
        player="red",
        phase="combat",
        map=MapData(columns=12, rows=12),
        sides=sides,
        dice=DiceSettings(mode="open", seed="odds"),
    )


def bench_odds(repeats: int) -> list[Row]:
    rows: list[Row] = []
    target = "< 50 ms"
    rs = generate.load_ruleset_cached("thucidide")
    for cohesion in (4, 12):
        name = f"`odds()` 12 dice against 12, cohesion {cohesion}"
        try:
            from referee.core.odds import odds

            state = odds_state(cohesion)
            result = engine_call(partial(odds, state, rs, "A", "T", "melee"))
        except (ImportError, NotReady):
            return [Row("odds", name, NOT_IMPLEMENTED, target, None)]
        t = median_time(partial(odds, state, rs, "A", "T", "melee"), repeats * 3)
        rows.append(
            Row("odds", name, f"{t}; {len(result.outcomes)} outcomes", target, t.cpu < 0.050)
        )
    return rows


# ---------------------------------------------------------------------- rulesets
RULESET_TARGET = 0.005  # issue 21 item 3: each built-in ruleset typed in at most 5 ms

# the first load of a fresh process, its imports done before the clock starts
_FIRST_LOAD = """
import gc, sys, time
gc.disable()
from referee.io.rulesets import load_ruleset
import ryml
start = time.process_time()
load_ruleset(sys.argv[1])
print(time.process_time() - start)
"""


def bench_rulesets(repeats: int, names: Sequence[str]) -> list[Row]:
    """Each built-in ruleset read, merged with its shared part, checked and typed
    (``load_ruleset(name)``): the median of many calls in this process after a first
    one (the target's measure), and the median first call of fresh processes, which
    also builds msgspec's decoders of the declarations (what one command pays; the
    imports are the ``startup`` section's)."""
    from referee.io.rulesets import load_ruleset

    rows: list[Row] = []
    reference = procs.reference_loop()  # the machine's state beside the figures
    for name in names:
        t = median_time(partial(load_ruleset, name), repeats * 5)
        first = statistics.median(
            float(
                subprocess.run(
                    [sys.executable, "-c", _FIRST_LOAD, name],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            )
            for _ in range(repeats)
        )
        label = f"`load_ruleset({name!r})`: read, merged, checked, typed"
        figure = (
            f"{t}; first call of a process: cpu {fmt_s(first)} "
            f"(reference loop: cpu {fmt_s(reference)})"
        )
        rows.append(Row("rulesets", label, figure, "<= 5 ms", t.cpu <= RULESET_TARGET))
    return rows

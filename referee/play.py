"""Playing a phase with a trustworthy record: dice selection, the hash-chained
history, replay (``verify``) and ``rollback``. Pure functions over values; the CLI
does the file I/O around them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from referee.core.adjudicate import Outcome, adjudicate
from referee.core.dice import Dice, NoDice, PhysicalDice, Roll, SeededDice, commitment
from referee.core.errors import InvalidInput, SeedError
from referee.core.model import GameState, Problem
from referee.core.orders import OrderSet, read_orders
from referee.core.ruleset import Ruleset
from referee.io.state import read_state, write_state


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: GameState) -> str:
    """SHA-256 of the canonical JSON of a state without its history."""
    return hashlib.sha256(canonical_json(write_state(state, with_history=False))
                          .encode("utf-8")).hexdigest()


def entry_hash(entry: Mapping[str, Any]) -> str:
    body = {k: v for k, v in entry.items() if k != "hash"}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def _sealed(entry: dict[str, Any]) -> dict[str, Any]:
    entry["hash"] = entry_hash(entry)
    return entry


def check_seed(state: GameState, seed: str) -> None:
    if state.dice.mode == "commit" and commitment(seed) != state.dice.commitment:
        raise SeedError(Problem("", "the seed does not match the state's commitment (SHA-256 "
                                "differs)", "use the seed whose SHA-256 is in the state"))


def dice_for(state: GameState, orders: OrderSet, seed: str | None = None) -> Dice:
    """Physical dice from the orders win; else the seed (open mode: the state's;
    commit mode: the game master's, checked against the commitment); else none."""
    if orders.dice is not None:
        return PhysicalDice(orders.dice)
    if state.dice.mode == "open" and state.dice.seed:
        return SeededDice(state.dice.seed, state.game, state.turn, state.player, state.phase)
    if state.dice.mode == "commit" and seed is not None:
        check_seed(state, seed)
        return SeededDice(seed, state.game, state.turn, state.player, state.phase)
    return NoDice()


def with_start(state: GameState) -> GameState:
    """Give a state without history its first entry: the initial position."""
    if state.history:
        return state
    initial = write_state(state, with_history=False)
    entry = _sealed({"index": 0, "phase": "start", "turn": state.turn, "player": state.player,
                     "initial": initial, "state_hash": state_hash(state), "prev_hash": None})
    return replace(state, history=(entry,))


def play(state: GameState, orders: OrderSet, rs: Ruleset, dice: Dice) -> Outcome:
    """Adjudicate one phase and append its history entry to the new state."""
    state = with_start(state)
    outcome = adjudicate(state, orders, rs, dice)
    previous = state.history[-1]
    entry = {
        "index": len(state.history),
        "turn": state.turn,
        "player": state.player,
        "phase": state.phase,
        "orders": list(orders.raw),
        "dice": "physical" if isinstance(dice, PhysicalDice) else
        ("seeded" if isinstance(dice, SeededDice) else "none"),
        "rolls": [{"index": r.index, "value": r.value, "purpose": r.purpose}
                  for r in outcome.rolls],
        "state_hash": state_hash(outcome.state),
        "prev_hash": previous.get("hash"),
    }
    if isinstance(dice, PhysicalDice):
        entry["physical_dice"] = list(dice.values)
    new_state = replace(outcome.state, history=(*state.history, _sealed(entry)))
    return replace(outcome, state=new_state)


# ------------------------------------------------------------------------ verify
@dataclass(frozen=True)
class Finding:
    index: int | None
    what: str  # chain | state | orders | roll | seed | current
    message: str


@dataclass(frozen=True)
class Verification:
    entries: int
    findings: tuple[Finding, ...]
    rolls_checked: int
    rolls_unchecked: int  # commit mode without the seed: rolls taken as recorded

    @property
    def ok(self) -> bool:
        return not self.findings


def _orders_of(entry: Mapping[str, Any]) -> OrderSet:
    data = {"format": "referee-orders/1", "turn": entry.get("turn"),
            "player": entry.get("player"), "phase": entry.get("phase"),
            "orders": entry.get("orders") or []}
    if entry.get("physical_dice") is not None:
        data["dice"] = entry["physical_dice"]
    orders, problems = read_orders(data)
    if orders is None:
        raise InvalidInput(problems)
    return orders


def replay(state: GameState, rs: Ruleset, seed: str | None = None,
           upto: int | None = None) -> tuple[list[GameState | None], Verification]:
    """Replay the whole recorded game from its initial position. Returns the state
    after each entry (by index) and the findings, first mismatch first."""
    findings: list[Finding] = []
    history = list(state.history)
    states: list[GameState | None] = []
    checked = unchecked = 0
    if seed is not None and state.dice.mode == "commit":
        try:
            check_seed(state, seed)
        except SeedError as exc:
            findings.append(Finding(None, "seed", str(exc)))
            seed = None
    if not history or history[0].get("phase") != "start" or "initial" not in history[0]:
        findings.append(Finding(0, "chain", "the history has no start entry with the "
                                "initial position"))
        return states, Verification(0, tuple(findings), 0, 0)
    prev_hash = None
    current: GameState | None = None
    for i, entry in enumerate(history):
        if upto is not None and i > upto:
            break
        if entry.get("index") != i:
            findings.append(Finding(i, "chain", f"entry {i} says index {entry.get('index')}: "
                                    "an entry was dropped, added or reordered"))
            break
        if entry.get("prev_hash") != prev_hash:
            findings.append(Finding(i, "chain", "prev_hash does not match the previous entry: "
                                    "an entry was dropped, inserted or reordered"))
            break
        if entry.get("hash") != entry_hash(entry):
            findings.append(Finding(i, "chain", "the entry's hash does not match its content: "
                                    "the entry was edited"))
            break
        prev_hash = entry.get("hash")
        phase = entry.get("phase")
        if phase == "start":
            initial, problems = read_state(dict(entry["initial"], history=[]))
            if initial is None:
                findings.append(Finding(i, "state", "the initial position is not a valid state: "
                                        + "; ".join(p.message for p in problems)))
                break
            current = initial
        elif phase == "rollback":
            target = entry.get("to")
            if not isinstance(target, int) or not 0 <= target < len(states) or \
                    states[target] is None:
                findings.append(Finding(i, "chain", f"rollback to unknown entry {target!r}"))
                break
            current = states[target]
        else:
            assert current is not None
            try:
                orders = _orders_of(entry)
            except InvalidInput as exc:
                findings.append(Finding(i, "orders", f"recorded orders do not parse: "
                                        f"{exc.message}"))
                break
            recorded = [Roll(int(r["index"]), int(r["value"]), str(r.get("purpose", "")))
                        for r in entry.get("rolls") or []]
            dice: Dice
            if entry.get("dice") == "seeded":
                run_seed = current.dice.seed if current.dice.mode == "open" else seed
                if run_seed is None:
                    dice = PhysicalDice([r.value for r in recorded])
                    unchecked += len(recorded)
                else:
                    dice = SeededDice(run_seed, current.game, current.turn, current.player,
                                      current.phase)
                    checked += len(recorded)
            elif entry.get("dice") == "physical":
                dice = PhysicalDice(orders.dice or ())
                checked += len(recorded)
            else:
                dice = NoDice()
            try:
                outcome = adjudicate(current, orders, rs, dice)
            except Exception as exc:  # a replay that cannot run is a finding, not a crash
                findings.append(Finding(i, "orders", f"the recorded phase cannot be replayed: "
                                        f"{exc}"))
                break
            got = [(r.value, r.purpose) for r in outcome.rolls]
            want = [(r.value, r.purpose) for r in recorded]
            if got != want:
                k = next((j for j, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
                         min(len(got), len(want)))
                findings.append(Finding(i, "roll", f"roll {k + 1} of turn {entry.get('turn')} "
                                        f"{entry.get('player')} {phase}: recorded "
                                        f"{want[k] if k < len(want) else 'none'}, recomputed "
                                        f"{got[k] if k < len(got) else 'none'}"))
                break
            current = outcome.state
        assert current is not None
        if state_hash(current) != entry.get("state_hash"):
            findings.append(Finding(i, "state", f"the state after entry {i} ({phase}) does not "
                                    "match its recorded hash"))
            break
        states.append(current)
    if not findings and upto is None and current is not None and \
            state_hash(state) != state_hash(current):
        findings.append(Finding(len(history) - 1, "current", "the current position differs "
                                "from the replayed one: the state file was edited"))
    return states, Verification(len(history), tuple(findings), checked, unchecked)


def rollback(state: GameState, rs: Ruleset, to: int) -> GameState:
    """Return to the position after history entry ``to``; recorded in the history."""
    states, verification = replay(state, rs, upto=to)
    if not verification.ok:
        raise InvalidInput(Problem("history", "the history does not verify up to that entry: "
                                   + verification.findings[0].message))
    if not 0 <= to < len(states) or states[to] is None:
        raise InvalidInput(Problem("history", f"no history entry {to}",
                                   f"use one of 0..{len(state.history) - 1}"))
    target = states[to]
    assert target is not None
    previous = state.history[-1]
    entry = _sealed({"index": len(state.history), "phase": "rollback", "to": to,
                     "turn": target.turn, "player": target.player,
                     "state_hash": state_hash(target), "prev_hash": previous.get("hash")})
    return replace(target, history=(*state.history, entry))


def problems_of(verification: Verification, file: str) -> list[Problem]:
    return [Problem(f"history[{f.index}]" if f.index is not None else "", f.message,
                    f"verification: {f.what}", file=file) for f in verification.findings]

"""The choices of units' owners in the record (docs/pbem.md §Choices).

A choices file (``referee.core.choices``) is bound to its moment like a reveal: the game,
turn, player and phase, the position (``after``: the hash of the last history entry)
and, when its author is not the phasing player, the orders it answers (``orders``: their
hash without the phasing player's reveal, so that he may add his reveal afterwards, once
the choices are made: the opponent must not know the dice when he chooses). The history
entry of the phase keeps each file's choices under ``choices.<by>``; ``verify`` replays
them and checks the binding; ``verify --since CHOICES`` checks your choices were applied
at their moment, and that no later entry holds choices in your name.

In two-party games the phase waits for the opponent's choices file when it asks him a
decision with a real alternative (``Decisions.required``), as it waits for his reveal;
``verify`` replays with the same rule, so a phase played without them is a finding.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.choices import (
    KIND_PHASES,
    ChoiceSet,
    Collector,
    Decisions,
    Question,
    QuietDice,
    from_record,
    pending,
)
from referee.core.errors import BadText, InvalidInput, OrdersNotForThisState, RefereeError
from referee.core.model import GameState, Problem
from referee.core.orders import OrderSet
from referee.core.ruleset import Ruleset
from referee.play.hashing import canonical_json, orders_hash


def answered_orders(turn: Any, player: Any, phase: Any, raw: Sequence[Any]) -> str:
    """The hash a choices file binds: the phasing player's orders without his reveal."""
    return orders_hash(turn, player, phase, list(raw), None)


def check_binding(
    state: GameState, orders: OrderSet, choice_set: ChoiceSet, file: str | None = None
) -> None:
    """The choices file is for this game, this moment, this position and (from the
    opponent) these orders."""

    def problem(path: str, code: str, **data: Any) -> Problem:
        return Problem(path, file=file, code=code, data=data or None)

    if choice_set.game != state.game:
        raise OrdersNotForThisState(
            problem(
                "game",
                code="choices.other_game",
                given=choice_set.game,
                game=state.game,
            )
        )
    moment = (choice_set.turn, choice_set.player, choice_set.phase)
    if moment != (state.turn, state.player, state.phase):
        raise OrdersNotForThisState(
            problem(
                "phase",
                code="choices.other_moment",
                given={
                    "turn": choice_set.turn,
                    "player": choice_set.player,
                    "phase": choice_set.phase,
                },
                now={"turn": state.turn, "player": state.player, "phase": state.phase},
            )
        )
    if choice_set.by not in state.side_ids():
        raise InvalidInput(
            problem(
                "by",
                code="orders.no_side",
                side=choice_set.by,
                suggest={"one_of": list(state.side_ids())},
            )
        )
    last = state.history[-1].get("hash") if state.history else None
    # made on a position nobody had played yet (no history), for its first phase: the
    # start entry was added since (``adjudicate --new-game``)
    fresh = choice_set.after is None and len(state.history) == 1
    if choice_set.after != last and not fresh:
        raise OrdersNotForThisState(
            problem(
                "after",
                code="choices.other_position",
            )
        )
    if choice_set.by != state.player:
        want = answered_orders(orders.turn, orders.player, orders.phase, orders.raw)
        if choice_set.orders != want:
            raise InvalidInput(
                problem(
                    "orders",
                    code="choices.other_orders",
                    given=str(choice_set.orders)[:16],
                    want=want[:16],
                )
            )


def check_sets(
    state: GameState, orders: OrderSet, sets: Sequence[ChoiceSet], files: Sequence[str | None] = ()
) -> None:
    seen: set[str] = set()
    for i, choice_set in enumerate(sets):
        file = files[i] if i < len(files) else None
        if choice_set.by in seen:
            raise InvalidInput(
                Problem(
                    "by",
                    file=file,
                    code="choices.second_file",
                    data={"by": choice_set.by},
                )
            )
        seen.add(choice_set.by)
        check_binding(state, orders, choice_set, file)


def decisions(state: GameState, sets: Sequence[ChoiceSet], wait: bool) -> Decisions:
    """The engine's view of the choices. ``wait``: the phase waits for the opponent's
    choices file when it asks him a real decision (two-party games, not a dry run)."""
    required = frozenset({state.enemy_of(state.player)}) if wait else frozenset()
    return Decisions(tuple(sets), required)


def questions(state: GameState, orders: OrderSet, rs: Ruleset) -> list[Question]:
    """The decisions the phase asks of units' owners, from a run with every choice at its
    default and every die a 6 (no real die is rolled): known before anybody reveals, so
    a two-party phase can ask for the opponent's choices before the dice. A question that
    only some dice would raise is asked in the real run."""
    from referee.core.adjudicate import adjudicate

    collector = Collector()
    with contextlib.suppress(RefereeError):
        adjudicate(state, orders, rs, QuietDice(), collector)
    return collector.asked


def wait_for(state: GameState, orders: OrderSet, rs: Ruleset, sets: Sequence[ChoiceSet]) -> None:
    """Two-party games: raise ChoicesPending, before any die, when the phase asks the
    opponent a decision with a real alternative and his choices file is missing."""
    opponent = state.enemy_of(state.player)
    asking = {
        phase for kind, phases in KIND_PHASES.items() if kind != "reaction" for phase in phases
    }  # only the rout and pursuit phases ask
    if state.phase not in asking or any(s.by == opponent for s in sets):
        return
    for q in questions(state, orders, rs):
        if q.side == opponent and len(q.options) > 1:
            raise pending(q)


def record(sets: Sequence[ChoiceSet]) -> dict[str, Any]:
    """The history entry's ``choices``: by side."""
    return {s.by: s.record() for s in sets}


def recorded(entry: Mapping[str, Any]) -> list[ChoiceSet]:
    """The choice sets a phase entry recorded; ValueError if they do not read."""
    stored = entry.get("choices") or {}
    if not isinstance(stored, Mapping):
        raise BadText("choices.record_not_mapping")
    out = []
    for by, rec in stored.items():
        if not isinstance(rec, Mapping):
            raise BadText("choices.record_of", by=str(by))
        out.append(
            from_record(
                str(by),
                rec,
                "",
                int(entry.get("turn") or 0),
                str(entry.get("player")),
                str(entry.get("phase")),
            )
        )
    return out


def binding_problem(
    entry: Mapping[str, Any], raw: Sequence[Any], sets: Sequence[ChoiceSet]
) -> tuple[str, dict[str, Any]]:
    """Why the recorded choices are not bound to this entry's moment, as a finding's
    (code, data) (``problem.verify.<code>``); an empty code: they are."""
    for s in sets:
        first = s.after is None and entry.get("index") == 1
        if s.after != entry.get("prev_hash") and not first:
            return "choices_other_position", {"by": s.by}
        if s.by != entry.get("player"):
            want = answered_orders(entry.get("turn"), entry.get("player"), entry.get("phase"), raw)
            if s.orders != want:
                return "choices_orders_changed", {"by": s.by}
    return "", {}


def same_record(a: Mapping[str, Any] | None, b: Mapping[str, Any] | None) -> bool:
    return canonical_json(a) == canonical_json(b)

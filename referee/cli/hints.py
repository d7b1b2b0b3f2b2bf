"""Small helps the commands share: "did you mean C1?" for an id on the command line,
files given in the wrong order, and the orders a phase takes when none are given."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from referee import errors
from referee.core.model import GameState, Phase, Problem

if TYPE_CHECKING:  # imported where used: every command imports this module at start-up
    from referee.core.orders import OrderSet
    from referee.core.ruleset import Ruleset

# phases a player may play with no orders file when nothing is left to choose
NO_ORDERS_PHASES: tuple[Phase, ...] = ("rout", "pursuit")


def all_ids(state: GameState) -> list[str]:
    ids = [u.id for u in state.units()] + [lead.id for lead in state.leaders()]
    return ids + [u.id for s in state.sides for u in s.off_table]


def did_you_mean(word: str, ids: Iterable[str]) -> dict[str, Any]:
    """The data of a hint for an unknown id (the catalogue says it): the same id in
    other letter case, the closest ones (ids are short: C11 -> C1, E9 -> E1, E2, E3 or
    E4), or the ids to choose from."""
    import difflib

    from referee.core.typed import suggestion

    choices = sorted(set(ids))
    same = [c for c in choices if c.lower() == word.lower()]
    if same:
        return {"suggest": {"close": same[0]}}
    cutoff = 0.5 if len(word) <= 3 else 0.6
    upper = word.upper()

    def score(choice: str) -> tuple[float, int]:  # ties: the longest common start wins
        other = choice.upper()
        start = next(
            (i for i, (a, b) in enumerate(zip(upper, other, strict=False)) if a != b),
            min(len(upper), len(other)),
        )
        return difflib.SequenceMatcher(None, upper, other).ratio(), start

    scored = [(score(c), c) for c in choices]
    best = max((s for s, _ in scored), default=(0.0, 0))
    if best[0] >= cutoff:
        close = [c for s, c in scored if s == best][:4]
        return {"suggest": {"close": close[0]} if len(close) == 1 else {"closest": close}}
    return {"suggest": suggestion(word, choices), "hint_code": "check_id_then"}


def unknown_id(
    word: str, ids: Iterable[str], file: str, code: str, **data: Any
) -> errors.InvalidInput:
    """``code`` says what is missing (``orders.no_id``: no unit 'C11' in the game), with
    ``data`` and the ids it may have meant."""
    more = did_you_mean(word, ids)
    return errors.InvalidInput(Problem("", file=file, code=code, data={**data, **more}))


def file_format(path: str) -> str | None:
    if path == "-":
        return None
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # a stream (a pipe, <(...)) is read once, by the command itself
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return None
    found = re.search(r"^format:\s*[\"']?(referee-[a-z]+)/", head, re.MULTILINE)
    return found.group(1) if found else None


def check_state_first(state_path: str, orders_path: str | None) -> None:
    """Raise a one-line usage error when the orders file was given where the state
    belongs (``referee adjudicate orders.yaml state.yaml``)."""
    if file_format(state_path) != "referee-orders":
        return
    if orders_path is not None and file_format(orders_path) == "referee-state":
        raise errors.UsageError(
            Problem(
                "",
                file=state_path,
                code="cli.swapped",
                data={"state": state_path, "orders": orders_path},
            )
        )
    raise errors.UsageError(
        Problem(
            "",
            file=state_path,
            code="cli.orders_not_state",
            data={"path": state_path},
        )
    )


def orders_when_none(state: GameState, rs: Ruleset, state_path: str) -> OrderSet:
    """The orders of a phase played with no orders file: none at all, for the rout and
    pursuit phases when the player has nothing to choose; otherwise a usage error that
    says how to write them."""
    from referee.core.orders import OrderSet
    from referee.core.skeleton import skeleton

    if state.phase not in NO_ORDERS_PHASES:
        raise errors.UsageError(
            Problem(
                "ORDERS",
                file=state_path,
                code="cli.orders_needed",
                data={"phase": state.phase, "path": state_path},
            )
        )
    open_choices = skeleton(state, rs).choices
    if open_choices:
        raise errors.UsageError(
            Problem(
                "ORDERS",
                file=state_path,
                code="cli.choices_to_make",
                data={
                    "player": state.player,
                    "phase": state.phase,
                    "subjects": [g.subject for g in open_choices],
                    "path": state_path,
                },
            )
        )
    return OrderSet(turn=state.turn, player=state.player, phase=state.phase, orders=())

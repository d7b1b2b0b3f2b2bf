"""Playing a phase with a trustworthy record (docs/pbem.md): dice selection by mode
(open, commit, two-party, physical), the hash-chained history, replay (``verify``),
continuity (``verify --since``) and ``rollback``. Pure functions over values; the
CLI does the file I/O around them.

For ``referee new``: ``new_dice_settings(mode)`` gives a new game's dice settings and
``new_game_state(state)`` its start entry; a state without one is refused by
``adjudicate`` unless ``--new-game`` says it is a new game on purpose.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from referee.core.adjudicate import Outcome, adjudicate
from referee.core.choices import ChoiceSet
from referee.core.dice import Dice, PhysicalDice, SeededDice
from referee.core.errors import InvalidInput
from referee.core.model import GameState, Problem
from referee.core.orders import OrderSet
from referee.core.ruleset import Ruleset
from referee.play import owners
from referee.play.choice import (
    NONE,
    PHYSICAL,
    SEEDED,
    DiceChoice,
    choose_dice,
    dice_for,
)
from referee.play.hashing import (
    StateHasher,
    canonical_json,
    entry_hash,
    orders_hash,
    state_hash,
)
from referee.play.history import (
    ROLLBACK,
    army_losses,
    check_record,
    new_dice_settings,
    new_game_state,
    phase_summary,
    phases_applied,
    seal,
    where_data,
)
from referee.play.record import store_orders, store_rolls
from referee.play.seeds import check_seed
from referee.play.twoparty import advance

if TYPE_CHECKING:  # replaying (verify, history, rollback) is imported by what replays
    from referee.play.verify import Verification

__all__ = [
    "DiceChoice",
    "StateHasher",
    "canonical_json",
    "check_record",
    "check_seed",
    "choose_dice",
    "dice_for",
    "entry_hash",
    "new_dice_settings",
    "new_game_state",
    "orders_hash",
    "phases_applied",
    "play",
    "problems_of",
    "rollback",
    "state_hash",
]


def _choice_of(dice: Dice) -> DiceChoice:
    kind = (
        PHYSICAL
        if isinstance(dice, PhysicalDice)
        else SEEDED
        if isinstance(dice, SeededDice)
        else NONE
    )
    return DiceChoice(dice, kind)


def play(
    state: GameState,
    orders: OrderSet,
    rs: Ruleset,
    dice: Dice | DiceChoice,
    hasher: StateHasher | None = None,
    choices: Sequence[ChoiceSet] = (),
    wait_for_choices: bool = False,
    choice_files: Sequence[str | None] = (),
    authors: Callable[[], Mapping[str, Any]] | None = None,
) -> Outcome:
    """Adjudicate one phase and append its history entry to the new state. (A state
    without history is started here for in-process callers; the CLI refuses one
    unless told it is a new game.) ``choices``: the choices files of units' owners for
    this phase (docs/pbem.md §Choices), checked against the moment and recorded;
    ``wait_for_choices``: the phase waits for the opponent's when it asks him one
    (two-party games); ``authors``: what the entry records of who decided
    (``referee.play.authorship.phase_entry``: ``signed`` or ``nobody_decides``), asked
    once the phase has been adjudicated (a phase that waits for a reveal or for choices
    says so first)."""
    hasher = hasher or StateHasher()
    if not state.history:
        state = new_game_state(state, hasher)
    owners.check_sets(state, orders, choices, choice_files)
    if wait_for_choices:  # before any die: the opponent chooses without knowing them
        owners.wait_for(state, orders, rs, choices)
    choice = dice if isinstance(dice, DiceChoice) else _choice_of(dice)
    outcome = adjudicate(
        state, orders, rs, choice.dice, owners.decisions(state, choices, wait_for_choices)
    )
    new_state = advance(outcome.state, choice.reveals)
    summary = phase_summary(outcome, army_losses(state, rs))
    entry = {
        "index": len(state.history),
        "turn": state.turn,
        "player": state.player,
        "phase": state.phase,
        **store_orders(orders.raw),
        "dice": choice.kind,
        "rolls": store_rolls([r.value for r in outcome.rolls]),
        **summary,
    }
    if choices:
        entry["choices"] = owners.record(choices)
    if choice.reveals:
        entry["reveals"] = dict(choice.reveals)
    if choice.orders_hash is not None:
        entry["orders_hash"] = choice.orders_hash
    if authors is not None:
        entry.update(authors())
    entry["state_hash"] = hasher.state_hash(new_state)
    entry["prev_hash"] = state.history[-1].get("hash")
    new_state = replace(new_state, history=(*state.history, seal(entry)))
    return replace(outcome, state=new_state)


def rollback(state: GameState, rs: Ruleset, to: int, secret: str | None = None) -> GameState:
    """Return to the position after history entry ``to``; recorded in the history.
    The dice settings are not rewound: in two-party mode the reveals already used
    stay used, and a rollback may not undo a phase that rolled dice. In a two-party
    game whose players committed keys, the rollback is signed by its author (the key
    of ``secret``) and undoes only his own phases (docs/pbem.md §Signatures)."""
    history = state.history
    if not 0 <= to < len(history):
        raise InvalidInput(
            Problem(
                "--to",
                code="history.no_entry",
                data={"index": to, "last": len(history) - 1},
            )
        )
    if state.dice.mode == "two-party":
        rolled = [j for j in range(to + 1, len(history)) if history[j].get("rolls")]
        if rolled:
            raise InvalidInput(
                Problem(
                    "--to",
                    code="history.rolled_dice_stand",
                    data={"at": where_data(history, rolled[0])},
                )
            )
    from referee.play.verify import replay

    states, verification = replay(state, rs, upto=to)
    if not verification.ok:
        first = verification.findings[0]
        raise InvalidInput(
            Problem(
                "history",
                code="history.does_not_verify",
                data={"inner": first.inner()},
            )
        )
    target = replace(states[to], dice=state.dice)
    entry: dict[str, Any] = {
        "index": len(history),
        "phase": ROLLBACK,
        "to": to,
        "turn": target.turn,
        "player": target.player,
    }
    from referee.play.authorship import signed_rollback

    entry.update(signed_rollback(state, to, secret))
    entry = seal({**entry, "state_hash": state_hash(target), "prev_hash": history[-1].get("hash")})
    return replace(target, history=(*history, entry))


def problems_of(verification: Verification, file: str) -> list[Problem]:
    """The findings of a verification as problems of ``file``."""
    return [f.problem(file) for f in verification.findings]

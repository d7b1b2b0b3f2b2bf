"""Which dice a phase uses, by the game's dice mode (docs/pbem.md §Dice modes)."""

from __future__ import annotations

from msgspec import Struct, field

from referee.core.dice import Dice, NoDice, PhysicalDice, SeededDice, two_party_seed
from referee.core.errors import InvalidInput
from referee.core.model import GameState, Problem
from referee.core.orders import OrderSet
from referee.play.seeds import check_seed
from referee.play.twoparty import (
    Reveal,
    check_author_reveal,
    check_opponent_reveal,
    order_set_hash,
    party_of,
    pending_dice,
)

# how an entry's dice were made (entry key ``dice``)
SEEDED = "seeded"  # open or commit mode: HMAC of the seed
TWO_PARTY = "two-party"  # HMAC of both players' reveals
PHYSICAL = "physical"  # thrown at the table, typed into the orders
NONE = "none"  # the phase rolled nothing
PRACTICE = "practice"  # a dry run's random dice: never written


class DiceChoice(Struct):
    dice: Dice
    kind: str
    reveals: dict[str, str] = field(default_factory=dict)  # two-party: side -> reveal
    orders_hash: str | None = None  # two-party: the hash the opponent's reveal binds
    practice: bool = False


def _tabletop_only(state: GameState, file: str | None) -> InvalidInput:
    return InvalidInput(
        Problem(
            "dice",
            file=file,
            code="dice.tabletop_only",
            data={"mode": state.dice.mode},
        )
    )


def choose_dice(
    state: GameState,
    orders: OrderSet,
    *,
    seed: str | None = None,
    seed_file: str | None = None,
    reveal: Reveal | None = None,
    reveal_file: str | None = None,
    orders_file: str | None = None,
    practice_seed: str | None = None,
) -> DiceChoice:
    """The dice of the state's next phase. ``practice_seed`` (dry runs only) stands
    in for dice that are not available yet (commit mode without the seed, two-party
    without the opponent's reveal, tabletop without dice): random, marked, unrelated
    to the game's dice."""
    mode = state.dice.mode

    def practice_or(missing: NoDice) -> DiceChoice:
        if practice_seed is not None:
            return DiceChoice(
                SeededDice(practice_seed, state.game, state.turn, state.player, state.phase),
                PRACTICE,
                practice=True,
            )
        return DiceChoice(missing, NONE)

    if orders.dice is not None:
        if mode != "physical":
            raise _tabletop_only(state, orders_file)
        return DiceChoice(PhysicalDice(orders.dice), PHYSICAL)
    if mode == "physical":
        return practice_or(NoDice(code="dice.tabletop_none"))
    if mode == "open":
        assert state.dice.seed is not None
        return DiceChoice(
            SeededDice(state.dice.seed, state.game, state.turn, state.player, state.phase), SEEDED
        )
    if mode == "commit":
        if seed is None:
            return practice_or(NoDice(code="dice.commit_no_seed"))
        check_seed(state, seed, seed_file)
        return DiceChoice(
            SeededDice(seed, state.game, state.turn, state.player, state.phase), SEEDED
        )
    # two-party
    for side in state.side_ids():
        party_of(state, side)
    check_author_reveal(state, orders, orders_file)
    reveals: dict[str, str] = {}
    if orders.reveal is not None:
        reveals[state.player] = orders.reveal
    bound = None
    if reveal is not None:
        check_opponent_reveal(state, orders, reveal, reveal_file)
        reveals[reveal.by] = reveal.reveal
        bound = order_set_hash(orders)
    if len(reveals) == 2:
        assert orders.reveal is not None and reveal is not None
        return DiceChoice(
            SeededDice(
                two_party_seed(orders.reveal, reveal.reveal),
                state.game,
                state.turn,
                state.player,
                state.phase,
            ),
            TWO_PARTY,
            reveals,
            bound,
        )
    choice = practice_or(pending_dice(state, orders))
    if not choice.practice:
        choice.reveals, choice.orders_hash = reveals, bound
    return choice


def dice_for(state: GameState, orders: OrderSet, seed: str | None = None) -> Dice:
    """The dice of the next phase for in-process callers (tests, benchmark)."""
    return choose_dice(state, orders, seed=seed).dice

"""The one path from a game and an orders file to the phase's outcome, shared by
``adjudicate`` (which then writes the new state) and ``validate`` (which does not):
so that a player's check can never disagree with the referee. Every check is made
here in adjudicate's order (game over, house rules, the orders file, the ids it
names, the seed, whose turn and phase it is) and each failure is an error of the one
tree (``referee.core.errors``), whose class gives the exit code."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee import errors
from referee.cli.app import located, read_seed, with_house_rules
from referee.core.adjudicate import Outcome
from referee.core.model import Problem
from referee.core.orders import OrderSet
from referee.io.files import Game, load_orders
from referee.io.yamlio import Document


@dataclass(frozen=True)
class PhaseRun:
    game: Game  # the game as played: with the house rules applied
    orders: OrderSet
    outcome: Outcome

    def exit_code(self, strict: bool = False) -> int:
        """0 applied, 1 some orders refused, 4 the phase ended the game (README §Exit
        codes); with ``strict`` a refused order discards the phase, so it ends nothing."""
        discarded = strict and bool(self.outcome.refused)
        if self.outcome.state.result is not None and not discarded:
            return errors.EXIT_GAME_OVER
        if self.outcome.refused:
            return errors.EXIT_REJECTED
        return errors.EXIT_OK


def run_phase(game: Game, state_name: str, orders: str | Callable[[], Document],
              orders_name: str, *, house_rules: str | None = None,
              seed_file: str | None = None) -> PhaseRun:
    """Apply the orders to the game's next phase, writing nothing. ``orders`` is a path,
    or a function giving the loaded document (``validate`` has read it already)."""
    from referee.play import dice_for, play

    state = game.state
    if state.result is not None:  # before the orders: they may name removed units
        raise errors.GameOver(Problem("", f"the game is over ({state.result.get('outcome')}): "
                                      "no further orders are accepted", "start a new game",
                                      file=state_name))
    if house_rules is not None:
        game = with_house_rules(game, house_rules, state_name)
    order_set = load_orders(orders, game.state)
    seed = read_seed(seed_file)
    try:
        dice = dice_for(game.state, order_set, seed)
        outcome = play(game.state, order_set, game.ruleset, dice)
    except errors.RefereeError as exc:
        raise located(exc, orders_name) from None
    return PhaseRun(game, order_set, outcome)

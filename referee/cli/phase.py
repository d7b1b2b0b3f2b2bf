"""The one path from a game and an orders file to the phase's outcome, shared by
``adjudicate`` (which then writes the new state) and ``validate`` (which does not):
so that a player's check can never disagree with the referee. Every check is made
here in adjudicate's order (game over, the history, house rules, the orders file, the
ids it names, the seed or the opponent's reveal, whose turn and phase it is) and each
failure is an error of the one tree (``referee.core.errors``), whose class gives the
exit code."""

from __future__ import annotations

import os
from collections.abc import Callable

from msgspec import Struct
from msgspec.structs import replace

from referee import errors
from referee.cli.app import located, read_seed, with_house_rules
from referee.core.adjudicate import Outcome
from referee.core.model import Problem
from referee.core.orders import OrderSet
from referee.io.files import Game, load_orders
from referee.io.yamlio import Document
from referee.play import DiceChoice


class PhaseRun(Struct, frozen=True):
    game: Game  # the game as played: with the house rules applied (and its start entry)
    orders: OrderSet
    outcome: Outcome
    dice: DiceChoice  # where the dice came from (practice dice in a preview)

    def exit_code(self, strict: bool = False) -> int:
        """0 applied, 1 some orders refused, 4 the phase ended the game (README §Exit
        codes); with ``strict`` a refused order discards the phase, so it ends nothing."""
        discarded = strict and bool(self.outcome.refused)
        if self.outcome.state.result is not None and not discarded:
            return errors.EXIT_GAME_OVER
        if self.outcome.refused:
            return errors.EXIT_REJECTED
        return errors.EXIT_OK


def run_phase(
    game: Game,
    state_name: str,
    orders: str | Callable[[], Document] | None,
    orders_name: str | None,
    *,
    house_rules: str | None = None,
    seed_file: str | None = None,
    reveal_file: str | None = None,
    new_game: bool = False,
    dry_run: bool = False,
    choices: list[str] | None = None,
    secret_file: str | None = None,
    steady_practice: bool = False,
) -> PhaseRun:
    """Apply the orders to the game's next phase, writing nothing. ``orders`` is a path,
    a function giving the loaded document (``validate`` has read it already), or None
    for a rout or pursuit phase with nothing to choose. ``dry_run``: a preview (a
    position without history may be previewed; dice not available yet are practice
    dice, said so in the report). ``choices``: the players' choices files for this
    phase (their units' decisions, docs/pbem.md §Choices). ``secret_file``: the
    phasing player's two-party secret, to sign his orders as they are applied
    (docs/pbem.md §Signatures); a two-party game whose players committed keys refuses
    orders or choices their author did not sign (a preview does not ask).
    ``steady_practice``: the practice dice of a preview derived from the files (the
    position's last entry and the orders) rather than random: ``validate`` gives the
    same dice, so the same answer, for the same files."""
    from referee.play import StateHasher, check_record, choose_dice, new_game_state, play

    state = game.state
    if state.result is not None:  # before the orders: they may name removed units
        raise errors.GameOver(
            Problem(
                "",
                file=state_name,
                code="game.over",
                data={"outcome": state.result.get("outcome"), "hint_code": "start_new_game"},
            )
        )
    hasher = StateHasher()
    if dry_run and not state.history:
        new_game = True  # a preview of a position nobody has played: nothing is written
    if new_game:
        if state.history:
            raise errors.InvalidInput(
                Problem(
                    "history",
                    file=state_name,
                    code="cli.new_game_in_progress",
                    data={"entries": len(state.history)},
                )
            )
    else:
        check_record(state, hasher, file=state_name)  # no laundering (docs/pbem.md)
    if house_rules is not None:
        before_rules = game.state
        game = with_house_rules(game, house_rules, state_name)
        if game.state is not before_rules and game.state.history:  # only the start entry
            game = replace(game, state=replace(game.state, history=()))
            new_game = True
    if new_game:
        game = replace(game, state=new_game_state(game.state, hasher, with_initial=not dry_run))
    if orders is None:
        from referee.cli.hints import orders_when_none

        order_set = orders_when_none(game.state, game.ruleset, state_name)
    else:
        order_set = load_orders(orders, game.state)
    seed = read_seed(seed_file)
    if reveal_file is not None and game.state.dice.mode != "two-party":
        raise errors.UsageError(
            Problem(
                "--reveal",
                file=state_name,
                code="cli.reveal_not_two_party",
                data={"mode": game.state.dice.mode, "hint_code": "drop_reveal"},
            )
        )
    opponent = None
    if reveal_file is not None:
        from referee.cli.cmd_seed import load_reveal

        opponent = load_reveal(reveal_file)
    choice_sets = []
    if choices:
        from referee.io.choices import load_choices

        choice_sets = [load_choices(path, game.state) for path in choices]
    practice_seed = None
    if dry_run and steady_practice:
        from referee.play.hashing import canonical_json, sha256_text

        gs = game.state
        practice_seed = sha256_text(
            "referee-practice/1\n"
            + canonical_json(
                [
                    gs.history[-1].get("hash") if gs.history else None,
                    gs.game,
                    gs.turn,
                    gs.player,
                    gs.phase,
                    list(order_set.raw),
                    order_set.reveal,
                ]
            )
        )[:32]
    elif dry_run:
        # secrets.token_hex(16), without secrets' imports (hashlib, random: 3 ms)
        practice_seed = os.urandom(16).hex()
    try:
        choice = choose_dice(
            game.state,
            order_set,
            seed=seed,
            seed_file=seed_file,
            reveal=opponent,
            reveal_file=reveal_file,
            orders_file=orders_name,
            practice_seed=practice_seed if dry_run else None,
        )
        from referee.play.authorship import phase_entry

        def authors() -> dict[str, object]:  # once the phase is adjudicated: a phase that
            # waits for a reveal or for choices says so first
            return phase_entry(
                game.state,
                order_set,
                game.ruleset,
                read_seed(secret_file),
                orders_name,
                choice_sets,
                list(choices or []),
            )

        # two-party games wait for the opponent's choices as for his reveal (a preview
        # does not: it shows the documented defaults)
        wait = game.state.dice.mode == "two-party" and not dry_run
        outcome = play(
            game.state,
            order_set,
            game.ruleset,
            choice,
            hasher,
            choices=choice_sets,
            wait_for_choices=wait,
            choice_files=list(choices or []),
            authors=None if dry_run else authors,
        )
    except errors.RefereeError as exc:
        raise located(exc, orders_name or state_name) from None
    return PhaseRun(game, order_set, outcome, choice)

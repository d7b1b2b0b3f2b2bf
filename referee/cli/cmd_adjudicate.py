"""`referee adjudicate`: apply the next phase, write the new state, print the report."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Annotated

import typer

from referee import errors
from referee.cli.app import (
    JsonOpt,
    LangOpt,
    OutOpt,
    SeedOpt,
    app,
    check_lang,
    default_output,
    located,
    read_seed,
    with_house_rules,
    write_state_file,
)
from referee.cli.hints import check_state_first, orders_when_none
from referee.core.model import Problem


@app.command()
def adjudicate(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    orders: Annotated[str | None, typer.Argument(
        help="Orders for the next phase (- for stdin): a YAML file or a mail message saved as "
        ".eml; optional for the rout and pursuit phases when there is nothing to choose.")]
    = None,
    output: OutOpt = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Overwrite the state file.")]
    = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Preview: write nothing. Dice "
                                          "not available yet are practice dice.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse the whole file if any order "
                                         "is refused.")] = False,
    seed_file: SeedOpt = None,
    reveal: Annotated[str | None, typer.Option(
        "--reveal", metavar="FILE",
        help="Two-party dice: the opponent's reveal for these orders (docs/pbem.md).")] = None,
    new_game: Annotated[bool, typer.Option(
        "--new-game", help="The state has no history because it is a new game: start one "
        "from this position.")] = False,
    house_rules: Annotated[str | None, typer.Option(
        "--house-rules", metavar="FILE",
        help="House rules for this game: recorded in the state at the game's start.")] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Apply the next phase: writes the new state and prints the report."""
    import secrets

    from referee.cli.cmd_seed import load_reveal
    from referee.io.files import load_game, load_orders
    from referee.play import StateHasher, check_record, choose_dice, new_game_state, play

    check_lang(lang)
    if state == "-" and orders == "-":
        raise errors.InvalidInput(Problem("", "state and orders cannot both be stdin"))
    try:
        game = load_game(state)
    except errors.InvalidInput:
        check_state_first(state, orders)  # `adjudicate orders.yaml state.yaml`: say so
        raise
    if game.state.result is not None:  # before the orders: they may name removed units
        raise errors.GameOver(Problem("", f"the game is over ({game.state.result.get('outcome')})"
                                      ": no further orders are accepted", "start a new game",
                                      file=state))
    hasher = StateHasher()
    if dry_run and not game.state.history:
        new_game = True  # a preview of a position nobody has played: nothing is written
    if new_game:
        if game.state.history:
            raise errors.InvalidInput(Problem(
                "history", f"--new-game: the state already has a history "
                f"({len(game.state.history)} entries): it is a game in progress",
                "drop --new-game", file=state))
    else:
        check_record(game.state, hasher, file=state)
    if house_rules is not None:
        before_rules = game.state
        game = with_house_rules(game, house_rules, state)
        if game.state is not before_rules and game.state.history:  # only the start entry
            game = replace(game, state=replace(game.state, history=()))
            new_game = True
    if new_game:
        game = replace(game, state=new_game_state(game.state, hasher,
                                                  with_initial=not dry_run))
    order_set = load_orders(orders, game.state) if orders is not None else \
        orders_when_none(game.state, game.ruleset, state)
    seed = read_seed(seed_file)
    if reveal is not None and game.state.dice.mode != "two-party":
        raise errors.UsageError(Problem("--reveal", f"the game's dice mode is "
                                        f"{game.state.dice.mode}: reveals are for two-party "
                                        "dice", "drop --reveal", file=state))
    opponent = load_reveal(reveal) if reveal is not None else None
    try:
        choice = choose_dice(game.state, order_set, seed=seed, seed_file=seed_file,
                             reveal=opponent, reveal_file=reveal, orders_file=orders,
                             practice_seed=secrets.token_hex(16) if dry_run else None)
        outcome = play(game.state, order_set, game.ruleset, choice, hasher)
    except errors.RefereeError as exc:
        raise located(exc, orders or state) from None
    before = game.state
    new = outcome.state
    refused = outcome.refused
    written: str | None = None
    discarded = strict and bool(refused)
    if not dry_run and not discarded:
        if in_place and output is None:
            if state == "-":
                raise errors.InvalidInput(Problem("", "--in-place needs a state file, not stdin"))
            written = state
        elif output is not None:
            written = output
        elif state == "-":
            written = "-"
        else:
            written = default_output(state, before.turn, before.player, before.phase)
        write_state_file(new, written)
    report_stream_is_stdout = written != "-"
    practice = "PRACTICE DICE (random, not this game's dice: those are not available yet)"
    if json_out:
        from referee.io.views import report_json

        data = report_json(before, outcome, written, dry_run=dry_run, discarded=discarded)
        data["practice_dice"] = choice.practice
        text = __import__("json").dumps(data, ensure_ascii=False, indent=2) + "\n"
        (sys.stdout if report_stream_is_stdout else sys.stderr).write(text)
    else:
        from referee.render.console import stderr_console, stdout_console
        from referee.render.report import report_view

        console = stdout_console() if report_stream_is_stdout else stderr_console()
        title = (f"{game.ruleset.title} — {before.game}: turn {before.turn}, {before.player}, "
                 f"{before.phase} phase")
        if choice.practice and outcome.rolls:
            title += f" — {practice}"
        if discarded:
            footer = f"--strict: {len(refused)} order(s) refused, nothing written"
        elif dry_run:
            footer = "--dry-run: nothing written"
            if choice.practice and outcome.rolls:
                footer += f"; the dice above are {practice}"
        else:
            footer = f"new state: {written} (next: turn {new.turn}, {new.player}, {new.phase})"
        if new.result is not None:
            broken = ", ".join(map(str, new.result.get("broken") or []))
            footer += f" — GAME OVER: {new.result.get('outcome')} ({broken})"
        console.print(report_view(title, outcome.events, outcome.rolls, lang, footer))
    if new.result is not None and not discarded:
        raise SystemExit(errors.EXIT_GAME_OVER)
    if refused:
        raise SystemExit(errors.EXIT_REJECTED)

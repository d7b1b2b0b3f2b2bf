"""`referee adjudicate`: apply the next phase, write the new state, print the report."""

from __future__ import annotations

import sys
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
    write_state_file,
)
from referee.cli.hints import check_state_first
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
    from referee.cli.phase import run_phase
    from referee.io.files import load_game

    check_lang(lang)
    if state == "-" and orders == "-":
        raise errors.InvalidInput(Problem("", "state and orders cannot both be stdin"))
    try:
        game = load_game(state)
    except errors.InvalidInput:
        check_state_first(state, orders)  # `adjudicate orders.yaml state.yaml`: say so
        raise
    run = run_phase(game, state, orders, orders, house_rules=house_rules,
                    seed_file=seed_file, reveal_file=reveal, new_game=new_game,
                    dry_run=dry_run)
    game, outcome, choice = run.game, run.outcome, run.dice
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
    code = run.exit_code(strict)
    if code:
        raise SystemExit(code)

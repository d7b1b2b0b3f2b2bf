"""`referee adjudicate`: apply the next phase, write the new state, print the report."""

import sys
from typing import Annotated

import typer

from referee import errors
from referee.cli.app import (
    DEFAULT_HEX_SIZE,
    JsonOpt,
    LangOpt,
    OutOpt,
    PictureAroundOpt,
    RadiusOpt,
    SeedOpt,
    SizeOpt,
    app,
    check_lang,
    check_size,
    default_output,
    output_target,
    write_state_file,
)
from referee.core.model import Problem


@app.command()
def adjudicate(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    orders: Annotated[
        str | None,
        typer.Argument(
            help="Orders for the next phase (- for stdin): a YAML file or a mail message saved as "
            ".eml; optional for the rout and pursuit phases when there is nothing to choose."
        ),
    ] = None,
    output: OutOpt = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Overwrite the state file.")] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run", help="Preview: write nothing. Dice not available yet are practice dice."
        ),
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Refuse the whole file if any order is refused.")
    ] = False,
    seed_file: SeedOpt = None,
    reveal: Annotated[
        str | None,
        typer.Option(
            "--reveal",
            metavar="FILE",
            help="Two-party dice: the opponent's reveal for these orders (docs/pbem.md).",
        ),
    ] = None,
    new_game: Annotated[
        bool,
        typer.Option(
            "--new-game",
            help="The state has no history because it is a new game: start one from this position.",
        ),
    ] = False,
    house_rules: Annotated[
        str | None,
        typer.Option(
            "--house-rules",
            metavar="FILE",
            help="House rules for this game: recorded in the state at the game's start.",
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Also write the turn report as one self-contained HTML "
            "file: the map of the phase with its actions, the rulings below it.",
        ),
    ] = None,
    choices: Annotated[
        list[str] | None,
        typer.Option(
            "--choices",
            metavar="FILE",
            help="A player's choices file for this phase (his units' decisions: conform, face, "
            "flee to, reaction; docs/pbem.md). Once per player.",
        ),
    ] = None,
    secret: Annotated[
        str | None,
        typer.Option(
            "--secret",
            metavar="FILE",
            help="Two-party games: your secret file, to sign your orders as they are applied "
            "(docs/pbem.md §Signatures).",
        ),
    ] = None,
    size: SizeOpt = DEFAULT_HEX_SIZE,
    around: PictureAroundOpt = None,
    radius: RadiusOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Apply the next phase: writes the new state and prints the report."""
    from referee.cli.phase import run_phase
    from referee.io.files import load_game

    lang = check_lang(lang)
    size = check_size(size)
    if state == "-" and orders == "-":
        raise errors.InvalidInput(Problem("", code="cli.both_stdin"))
    # the files to write, checked before any work; the state written only if it is still
    # the one read (two runs at once: one applies, the other is refused, docs/hostile.md)
    target = None
    if not dry_run:
        if in_place and output is None:
            if state == "-":
                raise errors.InvalidInput(Problem("", code="cli.in_place_stdin"))
            target = output_target(state, "--in-place")
        elif output is not None:
            target = output_target(output)
    if html is not None:
        output_target(html, "--html", guard=False)
    try:
        game = load_game(state)
    except errors.InvalidInput:
        from referee.cli.hints import check_state_first

        check_state_first(state, orders)  # `adjudicate orders.yaml state.yaml`: say so
        raise
    run = run_phase(
        game,
        state,
        orders,
        orders,
        house_rules=house_rules,
        seed_file=seed_file,
        reveal_file=reveal,
        new_game=new_game,
        dry_run=dry_run,
        choices=list(choices or []),
        secret_file=secret,
    )
    game, outcome, choice = run.game, run.outcome, run.dice
    before = game.state
    new = outcome.state
    refused = outcome.refused
    written: str | None = None
    discarded = strict and bool(refused)
    if not dry_run and not discarded:
        if in_place and output is None:
            written = state
        elif output is not None:
            written = output
        elif state == "-":
            written = "-"
        else:
            written = default_output(state, before.turn, before.player, before.phase)
        write_state_file(new, target if target is not None else output_target(written))
    report_stream_is_stdout = written != "-"
    from referee.render.grammar import say
    from referee.render.report import game_over, next_moment, report_title

    practice = choice.practice and bool(outcome.rolls)
    title = report_title(game.ruleset.title, before, lang, practice=practice)
    if discarded:
        footer = say("ui.report.strict", lang, refused=len(refused))
    elif dry_run:
        footer = say("ui.report.dry_run", lang)
        if practice:
            footer += "; " + say("ui.report.practice_footer", lang)
    else:
        footer = next_moment(new, lang, written)
    footer += game_over(new.result, lang)
    if html is not None:
        from referee.cli.pictures import picture_window, write_html_report

        window = picture_window(new, around, radius)
        write_html_report(
            html, title, footer, before, outcome, game.ruleset, lang, None, size, window
        )
    if json_out:
        from referee.io.views import report_json

        data = report_json(before, outcome, written, dry_run=dry_run, discarded=discarded)
        data["practice_dice"] = choice.practice
        if html is not None:
            data["html"] = html
        text = __import__("json").dumps(data, ensure_ascii=False, indent=2) + "\n"
        (sys.stdout if report_stream_is_stdout else sys.stderr).write(text)
    elif html != "-":
        from referee.render.console import stderr_console, stdout_console
        from referee.render.report import report_view

        console = stdout_console() if report_stream_is_stdout else stderr_console()
        console.print(report_view(title, outcome.events, outcome.rolls, lang, footer, game.ruleset))
    code = run.exit_code(strict)
    if code:
        raise SystemExit(code)

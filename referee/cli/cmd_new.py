"""`referee new`: a game state built from a scenario, with a fresh dice seed."""

import os
import sys
from typing import Annotated

import typer

from referee import errors
from referee.cli.app import (
    JsonOpt,
    app,
    emit_json,
    output_target,
    read_seed,
    write_state_file,
)
from referee.core.model import DiceMode, Problem

DICE_CHOICES: tuple[DiceMode, ...] = ("open", "commit", "physical", "two-party")


@app.command()
def new(
    scenario: Annotated[
        str, typer.Argument(help="Scenario file (format: referee-scenario/1; - for stdin).")
    ],
    output: Annotated[
        str | None,
        typer.Option(
            "-o",
            "--output",
            metavar="FILE",
            help="Where to write the new game (- = stdout; default: NAME.state.yaml beside the "
            "scenario, never over an existing file).",
        ),
    ] = None,
    dice: Annotated[
        str,
        typer.Option(
            "--dice",
            metavar="MODE",
            help="Dice mode (docs/pbem.md): two-party (the default: two "
            "rivals by email, every roll needs both players' secrets, nobody can fish or "
            "re-roll), open (the seed in the state: a game alone or among friends, anyone may "
            "preview the dice), commit (a game master keeps the seed: written beside the state, "
            "mode 0600), physical (tabletop dice in the orders).",
        ),
    ] = "two-party",
    seed_file: Annotated[
        str | None,
        typer.Option(
            "--seed-file",
            metavar="FILE",
            help="Use this seed instead of a fresh one (open and commit modes).",
        ),
    ] = None,
    seed_out: Annotated[
        str | None,
        typer.Option(
            "--seed-out",
            metavar="FILE",
            help="Commit mode: where to write the seed (default: STATE.seed beside the state).",
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Replace an existing file given with -o (a game in progress there "
            "loses its history).",
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Start a game from a scenario: a state that validates, ready for `referee orders`."""
    from referee.io.scenario import default_output, load_scenario, new_seed, summary
    from referee.play.start import start_game

    if dice not in DICE_CHOICES:
        from referee.core.typed import unknown

        raise errors.UsageError(
            unknown(
                "--dice",
                dice,
                DICE_CHOICES,
                "dice.unknown_mode",
                mode=dice,
            )
        )
    output_target(output, guard=False)  # before any work (docs/hostile.md §Writes)
    built = load_scenario(scenario)
    target = output
    if target is None:
        if scenario == "-":
            target = "-"
        else:
            target = default_output(scenario)
            if os.path.exists(target):
                raise errors.FileAccessError(
                    Problem(
                        "",
                        file=target,
                        code="cli.exists",
                        data={"path": target},
                    )
                )
    elif target != "-" and os.path.lexists(target) and not force:
        # a game in progress there would lose its history (seed new refuses the same way)
        raise errors.FileAccessError(
            Problem(
                "",
                file=target,
                code="cli.exists_force",
                data={"path": target},
            )
        )
    seed: str | None = None
    if dice in ("open", "commit"):
        seed = read_seed(seed_file) if seed_file is not None else new_seed()
    elif seed_file is not None:
        raise errors.UsageError(
            Problem(
                "--seed-file",
                code="cli.mode_no_seed",
                data={"mode": dice},
            )
        )
    seed_path: str | None = None
    if dice == "commit":
        seed_path = seed_out
        if seed_path is None:
            if target == "-":
                raise errors.UsageError(
                    Problem(
                        "--seed-out",
                        code="cli.seed_out_needed",
                    )
                )
            seed_path = f"{os.path.splitext(target)[0]}.seed"
    elif seed_out is not None:
        raise errors.UsageError(Problem("--seed-out", code="cli.seed_out_commit_only"))
    state = start_game(built.state, dice, seed)
    if seed_path is not None and seed is not None:
        from referee.play.seeds import write_secret

        write_secret(seed_path, seed)  # 0600, never over an existing secret
    write_state_file(state, target)
    info = summary(state, built.ruleset)
    info.update(
        {
            "written": target,
            "seed_file": seed_path,
            "commitment": state.dice.commitment,
            "title": built.title,
        }
    )
    stream = sys.stdout if target != "-" else sys.stderr
    if json_out:
        if target == "-":
            sys.stderr.write(__import__("json").dumps(info, ensure_ascii=False, indent=2) + "\n")
        else:
            emit_json(info)
        return
    from referee.cli.app import said

    title = built.title or state.game
    lines = [
        said(
            "ui.new.title",
            target=target,
            title=title,
            ruleset=built.ruleset.title,
            columns=state.map.columns,
            rows=state.map.rows,
            turn=state.turn,
        )
    ]
    for side in state.sides:
        lines.append(
            said(
                "ui.new.side_off" if side.off_table else "ui.new.side",
                side=side.id,
                units=len(side.units),
                off=len(side.off_table),
                leaders=len(side.leaders),
                edge=side.edge,
            )
        )
    lines.append(
        said(
            "ui.new.first",
            player=state.player,
            mode=state.dice.mode,
        )
    )
    if seed_path is not None:
        lines.append(
            said(
                "ui.new.seed",
                path=seed_path,
                commitment=state.dice.commitment,
            )
        )
    if target != "-" and state.dice.mode == "two-party":
        lines.append(
            said(
                "ui.new.two_party",
                sides=[s.id for s in state.sides],
                target=target,
            )
        )
    if target != "-":
        lines.append(
            said(
                "ui.new.next",
                target=target,
            )
        )
    stream.write("\n".join(lines) + "\n")

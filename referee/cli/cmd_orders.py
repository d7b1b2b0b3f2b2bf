"""`referee orders`: a commented orders skeleton for the phase to play."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee import errors
from referee.cli.app import HouseOpt, JsonOpt, app, emit_json
from referee.core.model import Problem


@app.command()
def orders(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    output: Annotated[str | None, typer.Option(
        "-o", "--output", metavar="FILE", help="Write the skeleton to FILE (default: stdout).")]
    = None,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """An orders file for the phase to play, every possible order written out and
    commented: uncomment the ones you want, then adjudicate."""
    from referee.core.skeleton import skeleton
    from referee.io.files import atomic_write, load_game
    from referee.io.skeleton import render, to_json

    game = load_game(state, house_rules)
    if game.state.result is not None:
        raise errors.GameOver(Problem("", f"the game is over ({game.state.result.get('outcome')})"
                                      ": no further orders are accepted", file=state))
    sk = skeleton(game.state, game.ruleset)
    if json_out:
        emit_json(to_json(sk))
        return
    text = render(sk, game.ruleset, state, game.state.game, output)
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    atomic_write(output, text)
    sys.stderr.write(f"{output}: {len(sk.choices)} choice(s) for {sk.player}, {sk.phase} phase "
                     f"of turn {sk.turn}; uncomment the orders you want, then `referee "
                     f"adjudicate {state} {output}`\n")

"""`referee verify`, `referee history` and `referee rollback`: the recorded game."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee import errors
from referee.cli.app import (
    JsonOpt,
    OutOpt,
    SeedOpt,
    app,
    default_output,
    emit_json,
    located,
    read_seed,
    write_state_file,
)
from referee.core.model import Problem


@app.command()
def verify(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    seed_file: SeedOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Replay the whole recorded game and check every state, order set, roll and hash."""
    from referee.io.files import load_game
    from referee.play import problems_of, replay

    game = load_game(state)
    if not game.state.history:
        raise errors.VerificationFailed(Problem("history", "the state has no history to verify",
                                                "states written by `referee adjudicate` have one",
                                                file=state))
    _, verification = replay(game.state, game.ruleset, seed=read_seed(seed_file))
    data = {"ok": verification.ok, "entries": verification.entries,
            "rolls_checked": verification.rolls_checked,
            "rolls_unchecked": verification.rolls_unchecked,
            "findings": [{"index": f.index, "what": f.what, "message": f.message}
                         for f in verification.findings]}
    if json_out:
        emit_json(data)
    elif verification.ok:
        note = ""
        if verification.rolls_unchecked:
            note = (f"; {verification.rolls_unchecked} rolls taken as recorded (commit mode: "
                    "pass --seed-file once the seed is revealed)")
        sys.stdout.write(f"{state}: verified {verification.entries} history entries, "
                         f"{verification.rolls_checked} rolls recomputed{note}\n")
    if not verification.ok:
        if json_out:
            raise SystemExit(errors.EXIT_VERIFY_FAILED)
        raise errors.VerificationFailed(problems_of(verification, state))


@app.command()
def history(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    json_out: JsonOpt = False,
) -> None:
    """List the phases applied so far (the hash-chained history)."""
    from referee.io.files import load_game

    game = load_game(state, check=False)
    rows = []
    for entry in game.state.history:
        rows.append({"index": entry.get("index"), "turn": entry.get("turn"),
                     "player": entry.get("player"), "phase": entry.get("phase"),
                     "orders": len(entry.get("orders") or []),
                     "rolls": len(entry.get("rolls") or []), "dice": entry.get("dice"),
                     "to": entry.get("to"), "hash": str(entry.get("hash", ""))[:12]})
    if json_out:
        emit_json(rows)
        return
    for r in rows:
        what = f"rollback to {r['to']}" if r["phase"] == "rollback" else str(r["phase"])
        sys.stdout.write(f"{r['index']:>4}  turn {r['turn']}  {r['player'] or '-':<12} "
                         f"{what:<16} orders {r['orders']:>3}  rolls {r['rolls']:>3}  "
                         f"{r['hash']}\n")


@app.command()
def rollback(
    state: Annotated[str, typer.Argument(help="Game state file.")],
    to: Annotated[int, typer.Option("--to", help="History entry to return to (see history).")],
    output: OutOpt = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Overwrite the state file.")]
    = False,
    json_out: JsonOpt = False,
) -> None:
    """Return to an earlier phase so a mistaken order can be re-adjudicated (recorded)."""
    from referee.io.files import load_game
    from referee.play import rollback as do_rollback

    game = load_game(state)
    try:
        new = do_rollback(game.state, game.ruleset, to)
    except errors.RefereeError as exc:
        raise located(exc, state) from None
    target = state if in_place and output is None else (
        output or default_output(state, new.turn, new.player, f"rollback{to}"))
    write_state_file(new, target)
    if json_out:
        emit_json({"rolled_back_to": to, "written": target, "turn": new.turn,
                    "player": new.player, "phase": new.phase})
        return
    sys.stderr.write(f"referee: rolled back to entry {to} (turn {new.turn}, {new.player}, "
                     f"{new.phase}); written to {target}\n")

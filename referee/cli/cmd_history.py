"""`referee verify`, `referee history` and `referee rollback`: the recorded game."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Annotated, Any

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
    emit_json,
    located,
    read_seed,
    write_state_file,
)
from referee.core.model import Problem


def _since_findings(path: str, history: list[Mapping[str, Any]]) -> list[Any]:
    """``--since FILE``: a state, a reveal or an orders file you sent."""
    from referee.core.orders import read_orders
    from referee.io.mail import load_document
    from referee.play.twoparty import read_reveal
    from referee.play.verify import since_orders, since_reveal, since_state

    doc = load_document(path)
    data = doc.data
    kind = data.get("format") if isinstance(data, Mapping) else None
    if kind == "referee-state/1":
        mine = data.get("history")
        if not isinstance(mine, list) or not mine:
            raise errors.InvalidInput(Problem("history", "has no history to compare with",
                                              file=doc.name))
        return since_state(history, [m for m in mine if isinstance(m, Mapping)])
    if kind == "referee-reveal/1":
        reveal, problems = read_reveal(data)
        if reveal is None:
            raise errors.InvalidInput(doc.locate(problems))
        return since_reveal(history, reveal)
    if kind == "referee-orders/1":
        orders, problems = read_orders(data)
        if orders is None:
            raise errors.InvalidInput(doc.locate(problems))
        return since_orders(history, orders)
    raise errors.InvalidInput(Problem("format", "--since takes a state, reveal or orders file "
                                      "you sent", file=doc.name))


@app.command()
def verify(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    since: Annotated[list[str] | None, typer.Option(
        "--since", metavar="FILE",
        help="A file you sent (state, reveal or orders): check this one continues it. "
        "Repeatable.")] = None,
    seed_file: SeedOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Replay the whole recorded game and check every state, order set, roll and hash;
    with --since, that the file continues the ones you sent."""
    from referee.io.files import load_game
    from referee.play import problems_of, replay_game
    from referee.play.verify import Verification

    game = load_game(state)
    if not game.state.history:
        raise errors.VerificationFailed(Problem("history", "the state has no history to verify",
                                                "states written by `referee adjudicate` have one",
                                                file=state))
    done = replay_game(game.state, game.ruleset, seed=read_seed(seed_file), seed_file=seed_file)
    verification = done.verification
    since_found: list[Any] = []
    for path in since or []:
        since_found += _since_findings(path, list(game.state.history))
    if since_found:
        verification = Verification(verification.entries,
                                    tuple(since_found) + verification.findings,
                                    verification.rolls_checked, verification.rolls_unchecked,
                                    verification.rolls_thrown)
    data = {"ok": verification.ok, "entries": verification.entries,
            "rolls_checked": verification.rolls_checked,
            "rolls_unchecked": verification.rolls_unchecked,
            "rolls_thrown": verification.rolls_thrown,
            "since": list(since or []),
            "findings": [f.to_json() for f in verification.findings]}
    if json_out:
        emit_json(data)
    elif verification.ok:
        notes = []
        if verification.rolls_unchecked:
            notes.append(f"{verification.rolls_unchecked} rolls taken as recorded (commit mode: "
                         "pass --seed-file once the seed is revealed)")
        if verification.rolls_thrown:
            notes.append(f"{verification.rolls_thrown} rolls thrown at the table (taken as "
                         "typed in)")
        if since:
            notes.append("continues " + ", ".join(since))
        note = "".join(f"; {n}" for n in notes)
        sys.stdout.write(f"{state}: verified {verification.entries} history entries, "
                         f"{verification.rolls_checked} rolls recomputed{note}\n")
    if not verification.ok:
        if json_out:
            raise SystemExit(errors.EXIT_VERIFY_FAILED)
        raise errors.VerificationFailed(problems_of(verification, state))


def _row(entry: Mapping[str, Any]) -> dict[str, Any]:
    from referee.play.record import recorded_orders, recorded_rolls

    try:
        orders: int | None = len(recorded_orders(entry))
    except ValueError:
        orders = None
    try:
        rolls: int | None = len(recorded_rolls(entry))
    except ValueError:
        rolls = None
    return {"index": entry.get("index"), "turn": entry.get("turn"),
            "player": entry.get("player"), "phase": entry.get("phase"),
            "orders": orders, "refused": entry.get("refused"), "losses": entry.get("losses"),
            "rolls": rolls, "dice": entry.get("dice"), "to": entry.get("to"),
            "hash": str(entry.get("hash", ""))[:12]}


def _losses_text(losses: Any) -> str:
    if not isinstance(losses, Mapping):
        return "-"
    return ", ".join(f"{side} {n}" for side, n in losses.items() if n) or "none"


@app.command()
def history(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    report: Annotated[int | None, typer.Option(
        "--report", metavar="N", help="Print the full report of history entry N, replayed "
        "from the record.")] = None,
    seed_file: SeedOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """List the phases applied so far, or print the report of one (--report N)."""
    from referee.io.files import load_game

    check_lang(lang)
    game = load_game(state, check=report is not None)
    entries = game.state.history
    if report is not None:
        _report(game, state, report, read_seed(seed_file), seed_file, json_out, lang)
        return
    rows = [_row(e) for e in entries]
    if json_out:
        emit_json(rows)
        return
    if not rows:
        sys.stdout.write(f"{state}: no history: a position nobody has played yet\n")
    for r in rows:
        if r["phase"] == "rollback":
            what = f"rollback to {r['to']}"
        elif r["phase"] == "commit":
            what = "commitment"
        else:
            what = str(r["phase"])
        line = f"{r['index']:>4}  turn {r['turn']}  {r['player'] or '-':<12} {what:<16}"
        if r["phase"] not in ("start", "commit", "rollback"):
            line += (f" orders {r['orders'] if r['orders'] is not None else '?':>3}"
                     f"  refused {r['refused'] if r['refused'] is not None else '?':>2}"
                     f"  rolls {r['rolls'] if r['rolls'] is not None else '?':>3}"
                     f"  losses {_losses_text(r['losses'])}")
        sys.stdout.write(f"{line}  {r['hash']}\n")


def _report(game: Any, path: str, index: int, seed: str | None, seed_file: str | None,
            json_out: bool, lang: str) -> None:
    from referee.play import problems_of, replay_game
    from referee.play.history import RECORD_KINDS, moment

    entries = game.state.history
    if not 0 <= index < len(entries):
        raise errors.UsageError(Problem("--report", f"no history entry {index}",
                                        f"use one of 0..{len(entries) - 1} (referee history "
                                        f"{path})"))
    entry = entries[index]
    if entry.get("phase") in RECORD_KINDS:
        raise errors.UsageError(Problem("--report", f"history[{index}] ({moment(entry)}) "
                                        "applies no phase: it has no report",
                                        "pick a phase entry (referee history lists them)"))
    done = replay_game(game.state, game.ruleset, seed=seed, upto=index, report_at=index,
                       seed_file=seed_file)
    if not done.verification.ok or done.outcome is None or done.before is None:
        raise errors.VerificationFailed(problems_of(done.verification, path) or [Problem(
            f"history[{index}]", "could not be replayed", file=path)])
    before, outcome = done.before, done.outcome
    if json_out:
        from referee.io.views import report_json

        data = report_json(before, outcome, None, dry_run=False, discarded=False)
        data["entry"] = index
        emit_json(data)
        return
    from referee.render.console import stdout_console
    from referee.render.report import report_view

    title = (f"{game.ruleset.title} — {before.game}: turn {before.turn}, {before.player}, "
             f"{before.phase} phase (history[{index}], replayed)")
    footer = (f"after it: turn {outcome.state.turn}, {outcome.state.player}, "
              f"{outcome.state.phase}")
    stdout_console().print(report_view(title, outcome.events, outcome.rolls, lang, footer))


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
    from referee.play import StateHasher, check_record
    from referee.play import rollback as do_rollback

    game = load_game(state)
    check_record(game.state, StateHasher(), file=state)
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

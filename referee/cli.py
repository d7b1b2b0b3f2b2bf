"""The command line: the only module that imports typer. A thin layer: it loads
files, calls the engine, hands results to ``referee.render`` and maps errors to
exit codes (see README §Exit codes)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from referee import errors
from referee.core.model import Problem

app = typer.Typer(
    name="referee",
    help="Referee and turn adjudicator for hex battles under Thucidide, Panache and "
    "Frédéric le Grand (with the 001 rout, pursuit and army-break chapter).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]
LangOpt = Annotated[str, typer.Option("--lang", help="Report language: en or fr.")]
HouseOpt = Annotated[str | None, typer.Option("--house-rules", metavar="FILE",
                                              help="House-rules file merged over the ruleset.")]
F = TypeVar("F", bound=Callable[..., Any])


def _fail(exc: errors.RefereeError) -> NoReturn:
    for problem in exc.problems:
        sys.stderr.write(f"referee: {problem.render()}\n")
    raise SystemExit(exc.exit_code)


def _check_lang(lang: str) -> str:
    if lang not in ("en", "fr"):
        raise errors.RefereeError(Problem("--lang", f"unknown language {lang!r}", "use en or fr"))
    return lang


def _emit_json(data: Any) -> None:
    from referee.io.yamlio import dump_json

    sys.stdout.write(dump_json(data) + "\n")


@app.command()
def validate(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    orders: Annotated[list[str] | None, typer.Argument(help="Orders file(s) to check too.")]
    = None,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Is this state (and these orders) well formed and legal? Lists every problem."""
    from referee.io.files import load_game, load_orders

    report: list[dict[str, Any]] = []
    failed: list[Problem] = []
    paths: list[str] = []
    # several states may be given at once: `referee validate samples/*.yaml`
    order_paths: list[str] = []
    for extra in (state, *(orders or [])):
        (order_paths if extra != "-" and _looks_like_orders(extra) else paths).append(extra)
    if not paths:
        raise errors.InvalidInput(Problem("", "orders are checked against a game state",
                                          "give the state file first", file=order_paths[0]))
    games: dict[str, Any] = {}
    for path in paths:
        try:
            games[path] = load_game(path, house_rules)
            report.append({"file": path, "kind": "state", "valid": True, "problems": []})
        except errors.RefereeError as exc:
            failed.extend(exc.problems)
            report.append({"file": path, "kind": "state", "valid": False,
                           "problems": [_problem_json(p) for p in exc.problems]})
    for path in order_paths:
        game = _state_for_orders(path, games)
        if game is None:
            continue
        try:
            load_orders(path, game.state)
            report.append({"file": path, "kind": "orders", "valid": True, "problems": []})
        except errors.RefereeError as exc:
            failed.extend(exc.problems)
            report.append({"file": path, "kind": "orders", "valid": False,
                           "problems": [_problem_json(p) for p in exc.problems]})
    if json_out:
        _emit_json({"valid": not failed, "files": report})
    else:
        for entry in report:
            if entry["valid"]:
                sys.stdout.write(f"{entry['file']}: valid {entry['kind']}\n")
        for problem in failed:
            sys.stderr.write(f"referee: {problem.render()}\n")
    if failed:
        worst = errors.EXIT_IO if any("cannot read" in p.message for p in failed) \
            else errors.EXIT_INVALID
        raise SystemExit(worst)


def _state_for_orders(orders_path: str, games: dict[str, Any]) -> Any:
    """With several states on the line (`validate samples/*.yaml`), check an orders
    file against the state whose file name shares the longest prefix with it."""
    if not games:
        return None
    name = os.path.basename(orders_path)

    def shared(state_path: str) -> int:
        stem = os.path.splitext(os.path.basename(state_path))[0]
        n = 0
        while n < min(len(stem), len(name)) and stem[n] == name[n]:
            n += 1
        return n

    return games[max(games, key=shared)]


def _looks_like_orders(path: str) -> bool:
    if path == "-":
        return True
    import re

    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read(1 << 20)
    except OSError:
        return False
    return re.search(r"^format:\s*[\"']?referee-orders/", text, re.MULTILINE) is not None


def _problem_json(p: Problem) -> dict[str, Any]:
    return {"file": p.file, "line": p.line, "path": p.path, "message": p.message, "hint": p.hint}


@app.command()
def show(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
    svg: Annotated[str | None, typer.Option("--svg", metavar="FILE",
                                            help="Also write the map as SVG (- for stdout).")]
    = None,
    lang: LangOpt = "en",
) -> None:
    """The battlefield as a hex map, and a table per side with its army break count."""
    from referee.core.army import armies
    from referee.io.files import atomic_write, load_game

    _check_lang(lang)
    game = load_game(state, house_rules)
    statuses = armies(game.state, game.ruleset)
    if svg is not None:
        from referee.render.svg import svg_map

        text = svg_map(game.state, game.ruleset)
        if svg == "-":
            sys.stdout.write(text)
            return
        atomic_write(svg, text)
    if json_out:
        from referee.io.views import show_json

        _emit_json(show_json(game.state, game.ruleset, statuses))
        return
    from referee.render.console import stdout_console
    from referee.render.mapview import terminal_map
    from referee.render.tables import army_table

    console = stdout_console()
    s = game.state
    console.print(f"{game.ruleset.title} — {s.game} — turn {s.turn}, {s.player} to play, "
                  f"next phase: {s.phase}"
                  + (f" — GAME OVER: {s.result.get('outcome')}" if s.result else ""))
    console.print(terminal_map(s, game.ruleset))
    for status in statuses:
        console.print(army_table(s, game.ruleset, status, lang))


@app.command()
def rulesets(
    name: Annotated[str | None, typer.Argument(help="Show one ruleset's tables.")] = None,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """The rule systems, and one ruleset's movement table laid out like the rules text."""
    from referee.io.rulesets import builtin_names, load_ruleset

    if name is None:
        rows = []
        for n in builtin_names():
            rs = load_ruleset(n)
            rows.append({"name": rs.name, "title": rs.title, "version": rs.version,
                         "unit_types": len(rs.unit_types), "origin": rs.origin})
        if json_out:
            _emit_json(rows)
            return
        from referee.render.console import stdout_console
        from referee.render.tables import rulesets_list

        stdout_console().print(rulesets_list(rows))
        return
    rs = load_ruleset(name, house_rules)
    if json_out:
        _emit_json(rs.data)
        return
    from referee.render.console import stdout_console
    from referee.render.tables import movement_tables, ruleset_params

    console = stdout_console()
    console.print(f"{rs.title} (version {rs.version}) — {rs.origin}")
    console.print(movement_tables(rs))
    console.print(ruleset_params(rs))



OutOpt = Annotated[str | None, typer.Option("-o", "--output", metavar="FILE",
                                            help="Where to write the new state (- = stdout).")]
SeedOpt = Annotated[str | None, typer.Option("--seed-file", metavar="FILE",
                                             help="The game master's seed (commit mode).")]


def _read_seed(path: str | None) -> str | None:
    if path is None:
        return None
    from referee.io.yamlio import read_text

    seed = read_text(path).strip()
    if not seed:
        raise errors.InvalidInput(Problem("", "the seed file is empty", file=path))
    return seed


def _default_output(state_path: str, turn: int, player: str, phase: str) -> str:
    import re

    base, ext = os.path.splitext(state_path)
    base = re.sub(r"\.t\d+-[^.]+-[a-z]+$", "", base)
    return f"{base}.t{turn}-{player}-{phase}{ext or '.yaml'}"


def _write_state_file(state: Any, path: str) -> None:
    from referee.io.files import atomic_write
    from referee.io.state import write_state
    from referee.io.yamlio import dump_state

    text = dump_state(write_state(state))
    if path == "-":
        sys.stdout.write(text)
    else:
        atomic_write(path, text)


def _engine_error(exc: Exception, file: str) -> errors.RefereeError:
    """Map the engine's bad-input exceptions to the CLI's error classes."""
    from referee.core.adjudicate import GameAlreadyOver, OrdersMismatch
    from referee.core.dice import DiceExhausted
    from referee.play import SeedError

    if isinstance(exc, GameAlreadyOver):
        return errors.GameOver(Problem("", str(exc), "start a new game", file=file))
    if isinstance(exc, OrdersMismatch):
        err = errors.RefereeError([Problem(p.path, p.message, p.hint, file=file)
                                   for p in exc.problems])
        err.exit_code = errors.EXIT_REJECTED
        return err
    if isinstance(exc, DiceExhausted):
        return errors.InvalidInput(Problem("dice", str(exc), "add dice: [...] to the orders, "
                                           "or give --seed-file in commit mode", file=file))
    if isinstance(exc, SeedError):
        return errors.InvalidInput(Problem("", str(exc), "use the seed whose SHA-256 is in the "
                                           "state", file=file))
    raise exc


def _with_house_rules(game: Any, path: str, state_path: str) -> Any:
    """House rules govern a whole game, so they live in the state (``house_rules``) where
    every player and ``verify`` apply them. ``adjudicate --house-rules`` records them at
    the start of a game; later it only accepts the same rules."""
    from dataclasses import replace

    from referee.io.files import Game
    from referee.io.rulesets import load_ruleset, read_house_rules

    wanted = read_house_rules(path, game.state.ruleset)
    if game.state.house_rules is not None and dict(game.state.house_rules) == wanted:
        return game
    if game.state.house_rules is not None or game.state.history:
        raise errors.InvalidInput(Problem(
            "house_rules", f"{path} differs from the house rules the game was started with",
            "house rules are set once, at the start of a game (state key house_rules)",
            file=state_path))
    new_state = replace(game.state, house_rules=wanted)
    return Game(new_state, load_ruleset(new_state.ruleset, overrides=wanted), game.document)


@app.command()
def adjudicate(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    orders: Annotated[str, typer.Argument(help="Orders for the next phase (- for stdin).")],
    output: OutOpt = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Overwrite the state file.")]
    = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Preview: write nothing.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse the whole file if any order "
                                         "is refused.")] = False,
    seed_file: SeedOpt = None,
    house_rules: Annotated[str | None, typer.Option(
        "--house-rules", metavar="FILE",
        help="House rules for this game: recorded in the state at the game's start.")] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Apply the next phase: writes the new state and prints the report."""
    from referee.io.files import load_game, load_orders
    from referee.play import dice_for, play

    _check_lang(lang)
    if state == "-" and orders == "-":
        raise errors.InvalidInput(Problem("", "state and orders cannot both be stdin"))
    game = load_game(state)
    if game.state.result is not None:  # before the orders: they may name removed units
        raise errors.GameOver(Problem("", f"the game is over ({game.state.result.get('outcome')})"
                                      ": no further orders are accepted", "start a new game",
                                      file=state))
    if house_rules is not None:
        game = _with_house_rules(game, house_rules, state)
    order_set = load_orders(orders, game.state)
    seed = _read_seed(seed_file)
    try:
        dice = dice_for(game.state, order_set, seed)
        outcome = play(game.state, order_set, game.ruleset, dice)
    except Exception as exc:
        raise _engine_error(exc, orders) from None
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
            written = _default_output(state, before.turn, before.player, before.phase)
        _write_state_file(new, written)
    report_stream_is_stdout = written != "-"
    if json_out:
        from referee.io.views import report_json

        data = report_json(before, outcome, written, dry_run=dry_run, discarded=discarded)
        text = __import__("json").dumps(data, ensure_ascii=False, indent=2) + "\n"
        (sys.stdout if report_stream_is_stdout else sys.stderr).write(text)
    else:
        from referee.render.console import stderr_console, stdout_console
        from referee.render.report import report_view

        console = stdout_console() if report_stream_is_stdout else stderr_console()
        title = (f"{game.ruleset.title} — {before.game}: turn {before.turn}, {before.player}, "
                 f"{before.phase} phase")
        if discarded:
            footer = f"--strict: {len(refused)} order(s) refused, nothing written"
        elif dry_run:
            footer = "--dry-run: nothing written"
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


@app.command()
def moves(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    unit: Annotated[str, typer.Argument(help="Unit (or leader) id.")],
    road: Annotated[bool, typer.Option("--road", help="With a road march.")] = False,
    mounted: Annotated[bool, typer.Option("--mounted", help="Mounted move.")] = False,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Where can this unit go this phase, and why not elsewhere?"""
    from referee.core.reach import reachable
    from referee.io.files import load_game

    _check_lang(lang)
    game = load_game(state, house_rules)
    if game.state.find_unit(unit) is None and game.state.find_leader(unit) is None and not any(
            u.id == unit for s in game.state.sides for u in s.off_table):
        raise errors.InvalidInput(Problem("", f"no unit or leader {unit!r} in the game",
                                          "check the id against `referee show`", file=state))
    reach = reachable(game.state, game.ruleset, unit, road=road, mounted=mounted)
    if json_out:
        _emit_json(reach.to_json())
        return
    from referee.render.console import stdout_console
    from referee.render.moves import moves_view

    stdout_console().print(moves_view(reach, game.state, game.ruleset, lang))


@app.command()
def odds(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    attacker: Annotated[str, typer.Argument(help="Attacking unit id.")],
    target: Annotated[str, typer.Argument(help="Target unit id.")],
    shooting: Annotated[bool, typer.Option("--shooting", help="Shooting instead of melee.")]
    = False,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """The exact probability of each combat outcome, with the modifiers listed."""
    from referee.core.odds import odds as compute_odds
    from referee.io.files import load_game

    _check_lang(lang)
    game = load_game(state, house_rules)
    for uid in (attacker, target):
        if game.state.find_unit(uid) is None:
            raise errors.InvalidInput(Problem("", f"no unit {uid!r} on the table",
                                              "check the id against `referee show`", file=state))
    try:
        result = compute_odds(game.state, game.ruleset, attacker, target,
                              "shooting" if shooting else "melee")
    except ValueError as exc:  # OddsError: same side, unknown kind...
        raise errors.InvalidInput(Problem("", str(exc), file=state)) from None
    if json_out:
        _emit_json(result.to_json())
        return
    from referee.render.console import stdout_console
    from referee.render.odds import odds_view

    stdout_console().print(odds_view(result, lang))


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
    _, verification = replay(game.state, game.ruleset, seed=_read_seed(seed_file))
    data = {"ok": verification.ok, "entries": verification.entries,
            "rolls_checked": verification.rolls_checked,
            "rolls_unchecked": verification.rolls_unchecked,
            "findings": [{"index": f.index, "what": f.what, "message": f.message}
                         for f in verification.findings]}
    if json_out:
        _emit_json(data)
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
        _emit_json(rows)
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
    except ValueError as exc:
        raise errors.InvalidInput(Problem("history", str(exc), file=state)) from None
    target = state if in_place and output is None else (
        output or _default_output(state, new.turn, new.player, f"rollback{to}"))
    _write_state_file(new, target)
    if json_out:
        _emit_json({"rolled_back_to": to, "written": target, "turn": new.turn,
                    "player": new.player, "phase": new.phase})
        return
    sys.stderr.write(f"referee: rolled back to entry {to} (turn {new.turn}, {new.player}, "
                     f"{new.phase}); written to {target}\n")


@app.command()
def schema(
    kind: Annotated[str, typer.Argument(help="state or orders")] = "state",
) -> None:
    """Print the JSON Schema of the state or orders file (for editors)."""
    from referee.io.schema import orders_schema, state_schema

    if kind not in ("state", "orders"):
        raise errors.RefereeError(Problem("", f"unknown schema {kind!r}", "use state or orders"))
    _emit_json(state_schema() if kind == "state" else orders_schema())


def main() -> None:
    """Console-script entry point: known errors become one line on stderr + exit code."""
    try:
        app()
    except errors.RefereeError as exc:
        _fail(exc)
    except KeyboardInterrupt:
        sys.stderr.write("referee: interrupted\n")
        raise SystemExit(130) from None
    except BrokenPipeError:
        raise SystemExit(0) from None
    except Exception as exc:  # a bug: still no traceback unless asked for
        if os.environ.get("REFEREE_DEBUG"):
            raise
        sys.stderr.write(f"referee: internal error: {type(exc).__name__}: {exc} "
                         "(this is a bug; rerun with REFEREE_DEBUG=1 and report it)\n")
        raise SystemExit(70) from None

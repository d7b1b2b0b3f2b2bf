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
    paths = [state]
    # several states may be given at once: `referee validate samples/*.yaml`
    order_paths: list[str] = []
    for extra in orders or []:
        (order_paths if _looks_like_orders(extra) else paths).append(extra)
    game = None
    for path in paths:
        try:
            game = load_game(path, house_rules)
            report.append({"file": path, "kind": "state", "valid": True, "problems": []})
        except errors.RefereeError as exc:
            failed.extend(exc.problems)
            report.append({"file": path, "kind": "state", "valid": False,
                           "problems": [_problem_json(p) for p in exc.problems]})
            game = None
    for path in order_paths:
        if game is None:
            break
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


def _looks_like_orders(path: str) -> bool:
    if path == "-":
        return True
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return "referee-orders/" in head


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

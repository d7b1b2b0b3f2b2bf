"""The CLI's one Typer app, its shared options and helpers, and the entry point.

``referee.cli`` is the only package that imports typer: each command lives in its own
module (``cmd_*.py``) and registers itself on ``app``. A thin layer: it loads files,
calls the engine, hands results to ``referee.render`` and maps errors to exit codes
by their class (``referee.core.errors``; README §Exit codes)."""

from __future__ import annotations

import gc
import os
import sys
from dataclasses import replace as _replace
from typing import Annotated, Any, NoReturn

import typer

from referee import errors
from referee.core.model import Problem

_APP_SETTINGS: dict[str, Any] = dict(
    name="referee",
    help="Referee and turn adjudicator for hex battles under Thucidide, Panache and "
    "Frédéric le Grand (with the 001 rout, pursuit and army-break chapter).",
    no_args_is_help=True,
    # --install-completion / --show-completion (bash, zsh, fish, PowerShell): typer
    # imports its completion modules either way, so enabling them costs no start-up time
    # (measured: README §Shell completion)
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app = typer.Typer(**_APP_SETTINGS)


def app_for(argv: list[str]) -> typer.Typer:
    """The app that runs ``argv``: for ``referee COMMAND ...``, one holding only that
    command. Typer turns every registered command into a click command on each run,
    inspecting its signature (10 ms for the ten commands); the command's own help,
    usage line and errors are the same either way (tests/test_cli.py)."""
    if len(argv) < 2 or argv[1].startswith("-"):
        return app
    for info in app.registered_commands:
        name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        if name == argv[1]:
            one = typer.Typer(**_APP_SETTINGS)
            one.registered_commands = [info]
            one.callback()(_group)  # a group, as with several commands
            return one
    return app


def _group() -> None:
    """(the group's callback: nothing to do)"""


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("referee")
        except PackageNotFoundError:  # run from a checkout that is not installed
            number = "unknown (not installed)"
        sys.stdout.write(f"referee {number}\n")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    pass

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]
LangOpt = Annotated[str, typer.Option("--lang", help="Report language: en or fr.")]
HouseOpt = Annotated[str | None, typer.Option("--house-rules", metavar="FILE",
                                              help="House-rules file merged over the ruleset.")]
OutOpt = Annotated[str | None, typer.Option("-o", "--output", metavar="FILE",
                                            help="Where to write the new state (- = stdout).")]
SeedOpt = Annotated[str | None, typer.Option("--seed-file", metavar="FILE",
                                             help="The game master's seed (commit mode).")]


def fail(exc: errors.RefereeError) -> NoReturn:
    for problem in exc.problems:
        sys.stderr.write(f"referee: {problem.render()}\n")
    raise SystemExit(exc.exit_code)


def check_lang(lang: str) -> str:
    if lang not in ("en", "fr"):
        raise errors.UsageError(Problem("--lang", f"unknown language {lang!r}", "use en or fr"))
    return lang


def emit_json(data: Any) -> None:
    from referee.io.yamlio import dump_json

    sys.stdout.write(dump_json(data) + "\n")


def located(exc: errors.RefereeError, file: str) -> errors.RefereeError:
    """The same error (same class, same exit code) with ``file`` on its unlocated problems."""
    exc.problems = [p if p.file else _replace(p, file=file) for p in exc.problems]
    return exc


def read_seed(path: str | None) -> str | None:
    """A seed or secret file: one line, its trailing newline ignored (docs/pbem.md)."""
    if path is None:
        return None
    from referee.play.seeds import read_secret

    return read_secret(path)


def default_output(state_path: str, turn: int, player: str, phase: str) -> str:
    import re

    base, ext = os.path.splitext(state_path)
    base = re.sub(r"\.t\d+-[^.]+-[a-z]+$", "", base)
    return f"{base}.t{turn}-{player}-{phase}{ext or '.yaml'}"


def write_state_file(state: Any, path: str) -> None:
    from referee.io.files import atomic_write
    from referee.io.state import write_state
    from referee.io.yamlio import dump_state

    text = dump_state(write_state(state))
    if path == "-":
        sys.stdout.write(text)
    else:
        atomic_write(path, text)


def with_house_rules(game: Any, path: str, state_path: str) -> Any:
    """House rules govern a whole game, so they live in the state (``house_rules``) where
    every player and ``verify`` apply them. ``adjudicate --house-rules`` records them at
    the start of a game; later it only accepts the same rules."""
    from dataclasses import replace

    from referee.io.files import Game
    from referee.io.rulesets import load_ruleset, read_house_rules

    wanted = read_house_rules(path, game.state.ruleset)
    if game.state.house_rules is not None and dict(game.state.house_rules) == wanted:
        return game
    if game.state.house_rules is not None or len(game.state.history) > 1:  # only a start
        raise errors.InvalidInput(Problem(
            "house_rules", f"{path} differs from the house rules the game was started with",
            "house rules are set once, at the start of a game (state key house_rules)",
            file=state_path))
    new_state = replace(game.state, house_rules=wanted)
    return Game(new_state, load_ruleset(new_state.ruleset, overrides=wanted), game.document)


def main() -> None:
    """Console-script entry point: known errors become one line on stderr + exit code.

    The cyclic garbage collector is paused for the command: a command builds large
    acyclic structures (a 50,000-unit state is millions of objects) that the collector
    would traverse again and again for nothing (10% of a 10,000-unit ``adjudicate``),
    and its peak memory is the same without it (bench/RESULTS.md)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        app_for(sys.argv)()
    except errors.RefereeError as exc:
        fail(exc)
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
    finally:
        if collecting:
            gc.enable()

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
from typer._click import exceptions as click_errors  # typer's own click (0.25 and later)
from typer._click.core import Command, Context, Parameter
from typer.core import TyperGroup, TyperOption

from referee import errors
from referee.core.model import Problem
from referee.render import lang as _lang

LANG_HELP = ("Language of the output: en or fr (default: $REFEREE_LANG, then the locale: "
             "LC_ALL, LC_MESSAGES, LANG).")
JSON_HELP = "Print JSON for scripts instead of text (errors too: an error object on stdout)."


def lang_option(value: str | None) -> str:
    """``--lang`` (or its absence): the language of this run, for every message."""
    try:
        lang = _lang.resolve(value)
    except _lang.UnknownLanguage as exc:
        raise errors.UsageError(Problem(
            exc.source, f"unknown language {exc.value!r}", "use en or fr",
            code="unknown_lang", data={"value": exc.value})) from None
    _lang.set_current(lang)
    return lang


def _click_lang(ctx: Context, param: Parameter, value: str | None) -> str:
    return lang_option(value)


class RefereeGroup(TyperGroup):
    """The root group: every command, whatever its module, takes the common options
    ``--lang`` and ``--json`` (README "Common options"). A command that declares them
    uses its own; the others get them here (``--json`` then only asks for the JSON
    error object: their output is JSON, or a file, already)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for command in self.commands.values():
            _add_common_options(command)


def _add_common_options(command: Command) -> None:
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            _add_common_options(sub)
        return
    names = {opt for p in command.params for opt in getattr(p, "opts", ())}
    if "--lang" not in names:
        command.params.append(TyperOption(param_decls=["--lang"], metavar="en|fr",
                                          expose_value=False, callback=_click_lang,
                                          help=LANG_HELP))
    if "--json" not in names:
        command.params.append(TyperOption(param_decls=["--json"], is_flag=True,
                                          expose_value=False, help=JSON_HELP))


_APP_SETTINGS: dict[str, Any] = dict(
    cls=RefereeGroup,
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
    command (and the same root callback). Typer turns every registered command into a
    click command on each run, inspecting its signature (10 ms for the ten commands);
    the command's own help, usage line and errors are the same either way
    (tests/test_startup.py)."""
    if len(argv) < 2 or argv[1].startswith("-"):
        return app
    for info in app.registered_commands:
        name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        if name == argv[1]:
            one = typer.Typer(**_APP_SETTINGS)
            one.registered_commands = [info]
            one.registered_callback = app.registered_callback
            return one
    return app


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

JsonOpt = Annotated[bool, typer.Option("--json", help=JSON_HELP)]
LangOpt = Annotated[str | None, typer.Option("--lang", metavar="en|fr", callback=lang_option,
                                             help=LANG_HELP)]
HouseOpt = Annotated[str | None, typer.Option("--house-rules", metavar="FILE",
                                              help="House-rules file merged over the ruleset.")]
OutOpt = Annotated[str | None, typer.Option("-o", "--output", metavar="FILE",
                                            help="Where to write the new state (- = stdout).")]
SeedOpt = Annotated[str | None, typer.Option("--seed-file", metavar="FILE",
                                             help="The game master's seed (commit mode).")]
DEFAULT_HEX_SIZE = 36.0  # referee.render.svg.DEFAULT_SIZE (not imported at start-up)
SizeOpt = Annotated[float, typer.Option(
    "--size", metavar="PX", help="Hex size of the SVG, PNG and HTML maps: pixels from a hex's "
    "centre to a corner, 12 to 120 (the picture, its text and its legend scale with it).")]


def check_size(size: float) -> float:
    if not 12.0 <= size <= 120.0:
        raise errors.UsageError(Problem(
            "--size", f"hex size {size:g} is out of range",
            "give a number from 12 to 120 (pixels, centre to corner)", code="bad_size",
            data={"size": f"{size:g}"}))
    return size


def problem_line(problem: Problem, lang: str) -> str:
    """A problem as its one line (``file:line: path: message (hint)``) in ``lang``: from
    the catalogue (``referee.render.problems``) in a language other than English; the
    English as written (the catalogue is not even imported)."""
    if lang == "en":
        return problem.render()
    from referee.render.problems import line

    return line(problem, lang)


def said(key: str, english: str, /, **data: Any) -> str:
    """A summary line of a command in the language of this run: ``english`` as the
    command wrote it in English (an English success path does not import the catalogue:
    start-up speed); in another language, the catalogue's ``key``
    (``referee/render/messages_cli.py``) filled with ``data``."""
    lang = _lang.current()
    if lang == "en":
        return english
    from referee.render import messages_cli  # noqa: F401  (registers the texts)
    from referee.render.catalogue import say

    return say(key, lang, **data)


def problem_json(problem: Problem, lang: str | None = None) -> dict[str, Any]:
    """A problem in the JSON error object: ``message`` and ``hint`` in English whatever
    the language, ``code`` and ``data`` when it has them, and ``text`` (the line as
    shown on stderr) in a language other than English."""
    out: dict[str, Any] = {"file": problem.file, "line": problem.line, "path": problem.path,
                           "message": problem.message, "hint": problem.hint}
    if problem.code:
        out["code"] = problem.code
        out["data"] = dict(problem.data or {})
    if lang is not None and lang != "en":
        out["text"] = problem_line(problem, lang)
    return out


def error_json(exit_code: int, problems: list[Problem], lang: str) -> dict[str, Any]:
    """The JSON error object of ``--json`` (README "For scripts")."""
    return {"error": {"exit_code": exit_code,
                      "meaning": errors.EXIT_MEANINGS.get(exit_code, "error"),
                      "problems": [problem_json(p, lang) for p in problems]}}


def fail(exc: errors.RefereeError, json_errors: bool = False) -> NoReturn:
    lang = _lang.current()
    for problem in exc.problems:
        sys.stderr.write(f"referee: {problem_line(problem, lang)}\n")
    if json_errors:
        emit_json(error_json(exc.exit_code, exc.problems, lang))
    raise SystemExit(exc.exit_code)


def check_lang(lang: str | None) -> str:
    """The language of this run (``--lang`` resolved by its option already)."""
    return lang if lang in _lang.LANGS else lang_option(lang)


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
            file=state_path, code="cli.house_rules_differ", data={"path": path}))
    new_state = replace(game.state, house_rules=wanted)
    # the same rules as overrides=wanted, with their problems located in the file given
    return Game(new_state, load_ruleset(new_state.ruleset, house_rules=path), game.document)


def wants_json(argv: list[str]) -> bool:
    """``--json`` on the command line (before a ``--``)."""
    for arg in argv:
        if arg == "--":
            return False
        if arg == "--json":
            return True
    return False


def main() -> None:
    """Console-script entry point: known errors become one line on stderr + exit code,
    and, with ``--json``, a JSON error object on stdout.

    The cyclic garbage collector is paused for the command: a command builds large
    acyclic structures (a 50,000-unit state is millions of objects) that the collector
    would traverse again and again for nothing (10% of a 10,000-unit ``adjudicate``),
    and its peak memory is the same without it (bench/RESULTS.md)."""
    json_errors = wants_json(sys.argv[1:])
    collecting = gc.isenabled()
    gc.disable()
    try:
        code = app_for(sys.argv)(standalone_mode=False)
    except errors.RefereeError as exc:
        fail(exc, json_errors)
    except click_errors.ClickException as exc:  # usage: unknown option, missing argument
        exc.show()
        if json_errors:
            path = ""
            if isinstance(exc, click_errors.BadParameter) and exc.param is not None:
                path = exc.param.opts[0] if getattr(exc.param, "opts", None) else ""
            emit_json(error_json(exc.exit_code, [Problem(path, exc.format_message())],
                                 _lang.current()))
        raise SystemExit(exc.exit_code) from None
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write("referee: interrompu\n" if _lang.current() == "fr" else
                         "referee: interrupted\n")
        raise SystemExit(130) from None
    except BrokenPipeError:
        raise SystemExit(0) from None
    except SystemExit:
        raise
    except Exception as exc:  # a bug: still no traceback unless asked for
        if os.environ.get("REFEREE_DEBUG"):
            raise
        message = (f"internal error: {type(exc).__name__}: {exc} (this is a bug; rerun with "
                   "REFEREE_DEBUG=1 and report it)")
        bug = Problem("", message, code="internal",
                      data={"error": f"{type(exc).__name__}: {exc}"})
        try:
            lang = _lang.current()
            sys.stderr.write(f"referee: {problem_line(bug, lang)}\n")
        except Exception:  # the catalogue itself failed: the English, as written
            lang = "en"
            sys.stderr.write(f"referee: {message}\n")
        if json_errors:
            emit_json(error_json(errors.EXIT_INTERNAL, [bug], lang))
        raise SystemExit(errors.EXIT_INTERNAL) from None
    finally:
        if collecting:
            gc.enable()
    if isinstance(code, int) and code:
        raise SystemExit(code)

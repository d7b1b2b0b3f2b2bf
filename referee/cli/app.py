"""The CLI's one Typer app, its shared options and helpers, and the entry point.

``referee.cli`` is the only package that imports typer: each command lives in its own
module (``cmd_*.py``) and registers itself on ``app``. A thin layer: it loads files,
calls the engine, hands results to ``referee.render`` and maps errors to exit codes
by their class (``referee.core.errors``; README §Exit codes)."""

import contextlib
import os
import sys
from typing import Annotated, Any, NoReturn

import typer
from msgspec.structs import replace as _replace
from typer.core import TyperCommand, TyperGroup, TyperOption

from referee import errors
from referee.cli import clickapi as click_errors
from referee.core.model import Problem
from referee.render import lang as _lang

LANG_HELP = (
    "Language of the output: en or fr (default: $REFEREE_LANG, then the locale: "
    "LC_ALL, LC_MESSAGES, LANG)."
)
JSON_HELP = "Print JSON for scripts instead of text (errors too: an error object on stdout)."


def lang_option(value: str | None) -> str:
    """``--lang`` (or its absence): the language of this run, for every message."""
    try:
        lang = _lang.resolve(value)
    except _lang.UnknownLanguage as exc:
        raise errors.UsageError(
            Problem(
                exc.source,
                code="unknown_lang",
                data={"value": exc.value},
            )
        ) from None
    _lang.set_current(lang)
    return lang


_LANG_META = "referee.lang"  # a group's --lang, for the command under it (ctx.meta)


def _click_lang(ctx: typer.Context, param: typer.CallbackParam | None, value: str | None) -> str:
    """A command's ``--lang``; without one, the ``--lang`` given before the command's
    name (``referee --lang fr show ...``), else the environment's."""
    if value is None:
        value = ctx.meta.get(_LANG_META)
    return lang_option(value)


def _typer_lang(ctx: typer.Context, value: str | None) -> str:
    return _click_lang(ctx, None, value)


def _group_lang(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> None:
    """A group's ``--lang`` (``referee --lang fr --help``): for the command under it."""
    if value is not None:
        ctx.meta[_LANG_META] = value
        lang_option(value)


class _CommandGroup(TyperGroup):
    """A group whose usage errors carry their data (the unknown name, the close ones),
    so that they can be said in any language (``referee/cli/translate.py``)."""

    # click's context and command: typer's public names are subclasses, which an
    # override may not narrow to
    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click_errors.UsageError as exc:
            if (
                type(exc) is click_errors.UsageError
                and args
                and self.get_command(ctx, args[0]) is None
            ):
                from difflib import get_close_matches

                from referee.cli.translate import UnknownCommand

                raise UnknownCommand(
                    exc.message, ctx, args[0], get_close_matches(args[0], list(self.commands))
                ) from None
            raise

    def invoke(self, ctx: Any) -> Any:
        if not ctx._protected_args and not self.invoke_without_command:
            from referee.cli.translate import MissingCommand

            raise MissingCommand("Missing command.", ctx)
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:  # the reader went away (``| head``): click would
            lost_output(exc)  # exit 1, which here means "orders refused"


class RefereeGroup(_CommandGroup):
    """The root group: every command, whatever its module, takes the common options
    ``--lang`` and ``--json`` (README "Common options"). A command that declares them
    uses its own; the others get them here (``--json`` then only asks for the JSON
    error object: their output is JSON, or a file, already). The groups take ``--lang``
    too (``referee --lang fr --help``), for the commands under them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.append(_group_lang_option())
        for command in self.commands.values():
            _add_common_options(command)


def _group_lang_option() -> TyperOption:
    return TyperOption(
        param_decls=["--lang"],
        metavar="en|fr",
        expose_value=False,
        callback=_group_lang,
        help=LANG_HELP,
    )


def _add_common_options(command: object) -> None:
    if isinstance(command, TyperGroup):
        if type(command) is TyperGroup:  # a group of commands (seed): the same errors
            command.__class__ = _CommandGroup
        if "--lang" not in {opt for p in command.params for opt in getattr(p, "opts", ())}:
            command.params.append(_group_lang_option())
        for sub in command.commands.values():
            _add_common_options(sub)
        return
    if not isinstance(command, TyperCommand):  # typer builds every command as one
        raise TypeError(f"not a typer command: {command!r}")
    names = {opt for p in command.params for opt in getattr(p, "opts", ())}
    if "--lang" not in names:
        command.params.append(
            TyperOption(
                param_decls=["--lang"],
                metavar="en|fr",
                expose_value=False,
                callback=_click_lang,
                help=LANG_HELP,
            )
        )
    if "--json" not in names:
        command.params.append(
            TyperOption(param_decls=["--json"], is_flag=True, expose_value=False, help=JSON_HELP)
        )


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


# Every command by name -> the module that registers it (``referee/cli/cmd_*.py``). A
# command's module is imported only when that command runs (:func:`app_for`): the
# others, and what they import, cost ``referee validate`` nothing. ``referee --help``,
# an unknown command (its "did you mean"), shell completion and ``referee.cli.app``
# (the attribute) load them all (:func:`full_app`), in the order of ``_MODULES``: the
# order the commands were registered in, so ``--help`` lists them as before. A new
# command goes in both (tests/test_startup.py checks they agree).
COMMANDS: dict[str, str] = {
    "adjudicate": "cmd_adjudicate",
    "verify": "cmd_history",
    "history": "cmd_history",
    "rollback": "cmd_history",
    "moves": "cmd_moves",
    "odds": "cmd_moves",
    "new": "cmd_new",
    "orders": "cmd_orders",
    "pbem": "cmd_pbem",
    "schema": "cmd_schema",
    "seed": "cmd_seed",
    "show": "cmd_show",
    "rulesets": "cmd_show",
    "validate": "cmd_validate",
}
_MODULES = tuple(dict.fromkeys(COMMANDS.values()))  # each once, in the table's order


def _load(module: str) -> None:
    """Import one command module (it registers its commands on ``app``) and give its
    commands their examples (``referee/cli/examples.py``)."""
    import importlib

    importlib.import_module(f"referee.cli.{module}")
    from referee.cli.examples import add_examples

    add_examples(app)


def full_app() -> typer.Typer:
    """``app`` with every command registered."""
    for module in _MODULES:
        if f"referee.cli.{module}" not in sys.modules:
            _load(module)
    return app


def app_for(argv: list[str]) -> typer.Typer:
    """The app that runs ``argv``: for ``referee COMMAND ...``, one holding only that
    command (and the same root callback), with only that command's module imported.
    Typer turns every registered command into a click command on each run, inspecting
    its signature (10 ms for the ten commands); the command's own help, usage line and
    errors are the same either way (tests/test_startup.py). Anything else (no command,
    an option first, an unknown name) gets the whole app."""
    if len(argv) < 2 or argv[1] not in COMMANDS:
        return full_app()
    name = argv[1]
    _load(COMMANDS[name])
    one = typer.Typer(**_APP_SETTINGS)
    one.registered_callback = app.registered_callback
    for info in app.registered_commands:
        if (
            info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        ) == name:
            one.registered_commands = [info]
            return one
    for group in app.registered_groups:
        if group.name == name:
            one.registered_groups = [group]
            return one
    return full_app()  # pragma: no cover - COMMANDS names a command no module registers


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
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    pass


def _complete_lang(incomplete: str) -> list[str]:
    from referee.cli.complete import languages

    return languages(incomplete)


def complete_unit(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a unit id from the state already typed
    (:func:`referee.cli.complete.unit_ids`)."""
    from referee.cli.complete import unit_ids

    return unit_ids(ctx, incomplete)


JsonOpt = Annotated[bool, typer.Option("--json", help=JSON_HELP)]
LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="en|fr",
        callback=_typer_lang,
        help=LANG_HELP,
        autocompletion=_complete_lang,
    ),
]
HouseOpt = Annotated[
    str | None,
    typer.Option("--house-rules", metavar="FILE", help="House-rules file merged over the ruleset."),
]
OutOpt = Annotated[
    str | None,
    typer.Option(
        "-o", "--output", metavar="FILE", help="Where to write the new state (- = stdout)."
    ),
]
SeedOpt = Annotated[
    str | None,
    typer.Option("--seed-file", metavar="FILE", help="The game master's seed (commit mode)."),
]
DEFAULT_HEX_SIZE = 36.0  # referee.render.svg.DEFAULT_SIZE (not imported at start-up)
SizeOpt = Annotated[
    float,
    typer.Option(
        "--size",
        metavar="PX",
        help="Hex size of the SVG, PNG and HTML maps: pixels from a hex's "
        "centre to a corner, 12 to 120 (the picture, its text and its legend scale with it).",
    ),
]


RadiusOpt = Annotated[
    int | None,
    typer.Option(
        "--radius",
        metavar="N",
        help="With --around HEX: the SVG, PNG and HTML maps show only the hexes within N "
        "of it (the action only; default 8).",
    ),
]
PictureAroundOpt = Annotated[
    str | None,
    typer.Option(
        "--around",
        metavar="HEX",
        help="Picture only a window of the map around this hex (its size: --radius).",
    ),
]
DEFAULT_RADIUS = 8


def check_size(size: float) -> float:
    if not 12.0 <= size <= 120.0:
        raise errors.UsageError(
            Problem(
                "--size",
                code="bad_size",
                data={"size": f"{size:g}"},
            )
        )
    return size


def problem_line(problem: Problem, lang: str) -> str:
    """A problem as its one line (``file:line: path: message (hint)``) in ``lang``, from
    the catalogue (``referee.render.problems``: English too)."""
    from referee.render.problems import line

    return line(problem, lang)


def _said_anyhow(problem: Problem, lang: str) -> tuple[str, str]:
    """A bug's line (``problem.internal``) and the language it is said in: ``lang``,
    else English where the catalogue of ``lang`` is what failed, else its code and data
    where even the English one did (``Problem.said``)."""
    for tried in dict.fromkeys((lang, _lang.DEFAULT)):
        try:
            return problem_line(problem, tried), tried
        except Exception:
            continue
    return problem.said(), _lang.DEFAULT


def said(key: str, /, **data: Any) -> str:
    """A summary line of a command in the language of this run: the catalogue's ``key``
    (``referee/render/catalogue/cli.py``...) filled with ``data``."""
    from referee.render.grammar import say

    return say(key, _lang.current(), **data)


def problem_json(problem: Problem, lang: str | None = None) -> dict[str, Any]:
    """A problem in the JSON error object: ``message`` and ``hint`` in English whatever
    the language, ``code`` and ``data`` when it has them, and ``text`` (the line as
    shown on stderr) where ``lang`` says it otherwise than English."""
    from referee.render.problems import english, line

    try:
        message, hint = english(problem)
    except Exception:
        if problem.code != "internal":
            raise
        message, hint = problem.said(), problem.hint  # the catalogue itself failed
        lang = None
    out: dict[str, Any] = {
        "file": problem.file,
        "line": problem.line,
        "path": problem.path,
        "message": message,
        "hint": hint,
    }
    if problem.code:
        out["code"] = problem.code
        out["data"] = dict(problem.data or {})
    if lang is not None:
        said = line(problem, lang)
        if said != line(problem, _lang.DEFAULT):
            out["text"] = said
    return out


MAX_PROBLEMS = 50  # problems shown of one report: a file may not print 100,000 lines


def more_problems(omitted: int) -> str:
    """The line after the first MAX_PROBLEMS problems (``referee: `` before it)."""
    return said(
        "ui.problems.more",
        n=omitted,
        count=MAX_PROBLEMS,
    )


def error_json(exit_code: int, problems: list[Problem], lang: str) -> dict[str, Any]:
    """The JSON error object of ``--json`` (README "For scripts"): the first
    MAX_PROBLEMS problems, and how many more there are (``more_problems``)."""
    return {
        "error": {
            "exit_code": exit_code,
            "meaning": errors.EXIT_MEANINGS.get(exit_code, "error"),
            "problems": [problem_json(p, lang) for p in problems[:MAX_PROBLEMS]],
            "more_problems": max(0, len(problems) - MAX_PROBLEMS),
        }
    }


def fail(exc: errors.RefereeError, json_errors: bool = False) -> NoReturn:
    lang = _lang.current()
    with contextlib.suppress(OSError):  # a standard error that fails: the status stands
        for problem in exc.problems[:MAX_PROBLEMS]:
            sys.stderr.write(f"referee: {problem_line(problem, lang)}\n")
        if len(exc.problems) > MAX_PROBLEMS:
            sys.stderr.write(f"referee: {more_problems(len(exc.problems) - MAX_PROBLEMS)}\n")
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


def output_target(path: str | None, option: str = "-o", guard: bool = True) -> Any:
    """The file a command will write (``referee.io.targets.Target``), checked before any
    work: a directory, a device, a FIFO, a read-only or hard-linked file, a file of
    another user, a name that is not UTF-8 are refused now (docs/hostile.md §Writes);
    with ``guard``, the write is refused if the file changes meanwhile (another run).
    ``None`` and ``-`` (stdout) are given back as they are."""
    if path is None or path == "-":
        return path
    from referee.io.targets import prepare

    return prepare(path, option, guard)


def write_state_file(state: Any, path: Any) -> None:
    """The state to ``path``: ``-`` (stdout), a file name, or a target prepared at the
    command's start (:func:`output_target`)."""
    from referee.io.files import atomic_write
    from referee.io.state import write_state
    from referee.io.yamlio import dump_state

    try:
        text = dump_state(write_state(state))
    except errors.RefereeError as exc:  # yamlio.Unwritable: nothing written
        raise located(
            exc, "<stdout>" if path == "-" else str(getattr(path, "name", path))
        ) from None
    if path == "-":
        global _state_on_stdout
        _state_on_stdout = True
        sys.stdout.write(text)
    else:
        atomic_write(path, text)


def with_house_rules(game: Any, path: str, state_path: str) -> Any:
    """House rules govern a whole game, so they live in the state (``house_rules``) where
    every player and ``verify`` apply them. ``adjudicate --house-rules`` records them at
    the start of a game; later it only accepts the same rules."""
    from msgspec.structs import replace

    from referee.io.files import Game
    from referee.io.rulesets import load_ruleset, read_house_rules

    wanted = read_house_rules(path, game.state.ruleset)
    if game.state.house_rules is not None and dict(game.state.house_rules) == wanted:
        return game
    if game.state.house_rules is not None or len(game.state.history) > 1:  # only a start
        raise errors.InvalidInput(
            Problem(
                "house_rules",
                file=state_path,
                code="cli.house_rules_differ",
                data={"path": path},
            )
        )
    new_state = replace(game.state, house_rules=wanted)
    # the same rules as overrides=wanted, with their problems located in the file given
    return Game(new_state, load_ruleset(new_state.ruleset, house_rules=path), game.document)


def degrade_streams() -> None:
    """Output that a terminal's encoding cannot hold is replaced, never a crash
    (docs/hostile.md §Writes): on a stdout or stderr that is not UTF-8
    (``PYTHONIOENCODING=ascii``, a latin-1 terminal) a character it lacks becomes ``?``;
    on UTF-8, a lone surrogate (a file name of other bytes) becomes its escape."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = str(getattr(stream, "encoding", "") or "").lower().replace("_", "-")
        if reconfigure is None or not encoding:
            continue
        utf8 = encoding in ("utf-8", "utf8", "utf-8-sig")
        with contextlib.suppress(ValueError, OSError):  # closed, or not a text wrapper
            reconfigure(errors="backslashreplace" if utf8 or stream is sys.stderr else "replace")


def wants_json(argv: list[str]) -> bool:
    """``--json`` on the command line (before a ``--``)."""
    for arg in argv:
        if arg == "--":
            return False
        if arg == "--json":
            return True
    return False


def command_line_lang(argv: list[str]) -> str:
    """The language of this run as the command line will set it, known before click
    reads it (``--help`` is eager: its page is printed before ``--lang`` is read): the
    last ``--lang X`` or ``--lang=X`` before a ``--``, else ``REFEREE_LANG``, else the
    locale. An unknown value counts as none here: its option reports it (exit 2)."""
    value: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
    for wanted in (value, None):
        try:
            return _lang.resolve(wanted)
        except _lang.UnknownLanguage:
            continue
    return _lang.DEFAULT


class _GuardedOutput:
    """The standard output, remembering the error it met: an ``OSError`` raised while
    the referee writes its report (a full disk, ``> /dev/full``) is then told apart from
    a bug of the referee (exit 70) and said as what it is (:func:`lost_output`)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.failed: OSError | None = None

    def write(self, text: str) -> int:
        try:
            return int(self.stream.write(text))
        except OSError as exc:
            self.failed = exc
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            self.failed = exc
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def main() -> None:
    """Console-script entry point: known errors become one line on stderr + exit code,
    and, with ``--json``, a JSON error object on stdout. A standard output that cannot
    be written is said as such (exit 6; quietly for a reader that went away), never as
    a bug; a standard error that cannot be written leaves nobody to tell: exit 6, or the
    status of the error it was saying."""
    import io

    loaded = sys.modules.get("referee.io.yamlio")
    if loaded is not None:  # (in-process runs: the streams of the previous command)
        loaded.STREAMS.clear()
    degrade_streams()
    out, err = sys.stdout, sys.stderr
    guard = _GuardedOutput(out) if type(out) is io.TextIOWrapper else None
    guard_err = _GuardedOutput(err) if type(err) is io.TextIOWrapper else None
    # the process's own streams only (tests capture theirs)
    if guard is not None:
        sys.stdout = guard
    if guard_err is not None:
        sys.stderr = guard_err
    try:
        _main()
    except OSError:
        if guard is not None and guard.failed is not None:
            lost_output(guard.failed)
        if guard_err is None or guard_err.failed is None:
            raise
        raise SystemExit(errors.EXIT_IO) from None  # no standard error to say it on
    finally:
        if sys.stdout is guard:
            sys.stdout = out
        if sys.stderr is guard_err:
            sys.stderr = err


EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells say it


def _interrupted() -> NoReturn:
    """Ctrl-C: said on standard error, exit 130. Nothing was half-written: every file
    goes through ``referee.io.targets.write``, which renames a whole temporary file over
    its target (an interrupted write removes its temporary file)."""
    sys.stderr.write(said("ui.interrupted") + "\n")
    raise SystemExit(EXIT_INTERRUPTED) from None


def _main() -> None:
    """:func:`main` once the standard output is guarded (the collector: referee.entry)."""
    json_errors = wants_json(sys.argv[1:])
    lang = command_line_lang(sys.argv[1:])
    command = None
    try:
        command = typer.main.get_command(app_for(sys.argv))
        if lang != _lang.DEFAULT:  # help pages and usage errors in the language
            from referee.cli.translate import translate

            translate(command, lang)
        code = command(standalone_mode=False)
    except errors.RefereeError as exc:
        fail(exc, json_errors)
    except click_errors.NoArgsIsHelpError as exc:  # the help page (in the language), exit 2
        exc.show()
        if json_errors:
            emit_json(
                error_json(
                    exc.exit_code, [Problem("", exc.format_message(), code="usage.help")], lang
                )
            )
        raise SystemExit(exc.exit_code) from None
    except click_errors.UsageError as exc:  # unknown option, missing argument...
        from referee.cli.translate import show, usage_problem

        problem = usage_problem(exc, command)
        if lang == _lang.DEFAULT:
            exc.show()
        else:
            show(exc, problem, lang)
        if json_errors:
            emit_json(error_json(exc.exit_code, [problem], lang))
        raise SystemExit(exc.exit_code) from None
    except click_errors.ClickException as exc:
        exc.show()
        if json_errors:
            emit_json(
                error_json(exc.exit_code, [Problem("", exc.format_message(), code="usage")], lang)
            )
        raise SystemExit(exc.exit_code) from None
    except (typer.Abort, KeyboardInterrupt):
        _interrupted()
    except BrokenPipeError as exc:  # the reader went away (``| head``)
        lost_output(exc)
    except SystemExit:
        raise
    except Exception as exc:  # a bug: still no traceback unless asked for
        if isinstance(exc, OSError) and exc in (
            getattr(sys.stdout, "failed", None),
            getattr(sys.stderr, "failed", None),
        ):
            raise  # the standard output's or error's, for main
        if os.environ.get("REFEREE_DEBUG"):
            raise
        bug = Problem("", code="internal", data={"error": f"{type(exc).__name__}: {exc}"})
        line, lang = _said_anyhow(bug, _lang.current())
        sys.stderr.write(f"referee: {line}\n")
        if json_errors:
            emit_json(error_json(errors.EXIT_INTERNAL, [bug], lang))
        raise SystemExit(errors.EXIT_INTERNAL) from None
    if code == EXIT_INTERRUPTED:  # typer's own answer to Ctrl-C: Exit(130), said nowhere
        _interrupted()
    if isinstance(code, int) and code:
        raise SystemExit(code)


def _stdout_to_null() -> None:
    """Point the standard output at ``/dev/null``: what is still buffered for a
    standard output that cannot take it is dropped, so no later flush fails again (the
    interpreter would print "Exception ignored" and change the exit status)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


_state_on_stdout = False  # a state was given to the standard output (``-o -``)


def lost_output(exc: OSError) -> NoReturn:
    """The standard output could not be written: one line on stderr and exit 6 (a file
    could not be written), or, when the reader went away (a closed pipe: ``| head``) and
    what it missed was only a report, quietly with status 0. Whatever the command wrote
    to files stays written (each write is atomic); a state sent to the standard output
    (``-o -``) that the reader did not take all of is a lost file: exit 6."""
    import errno

    _stdout_to_null()
    if exc.errno == errno.EPIPE and not _state_on_stdout:
        raise SystemExit(0)
    from referee.core.errors import os_data

    problem = Problem(
        "",
        file="<stdout>",
        code="file.cannot_write",
        data={**os_data(exc), "hint_code": "output_elsewhere"},
    )
    with contextlib.suppress(Exception):
        sys.stderr.write(f"referee: {problem_line(problem, _lang.current())}\n")
        sys.stderr.flush()
    raise SystemExit(errors.EXIT_IO)

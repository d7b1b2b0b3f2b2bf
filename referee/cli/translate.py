"""The command line in another language than English: its ``--help`` pages and the
usage errors the framework detects itself (an unknown option, a missing argument...).

The commands keep their English help as written in their module (``cmd_*.py``): typer
prints it, and this module is not even imported in English (start-up speed). In another
language, :func:`translate` is applied to the click command tree before it parses
the command line: every command gets a context class that draws its help page and
usage line from the catalogue (``referee/render/messages_help.py``, keyed by command
path and parameter name) with click's own layout (its formatter: wrapping, indents,
two columns). Nothing else of the tree changes: parsing, callbacks and exit codes are
click's.

Usage errors are said from the exception's class and data (:func:`usage_problem`:
``NoSuchOption.option_name`` and ``possibilities``, ``MissingParameter.param``,
``BadParameter.param``...), never by translating click's English sentences; the one
exception is click's "unexpected extra arguments", raised with its message only, whose
arguments are read back from it.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Sequence
from typing import Any, Protocol

import typer
from typer.core import TyperArgument, TyperOption

from referee.cli import clickapi as click_errors
from referee.cli.clickapi import join_options, short_help
from referee.core.model import Problem
from referee.render import lang as _lang


def translate(command: Any, lang: str) -> None:
    """Make every command of the tree under ``command`` speak ``lang`` in its help
    pages and usage line (a no-op in English: typer's own pages are the English)."""
    if lang == _lang.DEFAULT:
        return
    from referee.render import messages_help  # noqa: F401  (registers the texts)

    _apply(command, type(f"TranslatedContext_{lang}", (TranslatedContext,), {"lang": lang}))


def _apply(command: Any, context: type[typer.Context]) -> None:
    command.context_class = context
    for sub in getattr(command, "commands", {}).values():
        _apply(sub, context)


class TranslatedContext(typer.Context):
    """A context whose help page and usage line are drawn in :attr:`lang`."""

    lang = "fr"

    def get_usage(self) -> str:
        formatter = self.make_formatter()
        _write_usage(self, formatter)
        return formatter.getvalue().rstrip("\n")

    def get_help(self) -> str:
        return help_page(self)


# ---------------------------------------------------------------------------- pages
class _Node(Protocol):
    """A context as far as its place in the command tree goes."""

    @property
    def parent(self) -> _Node | None: ...
    @property
    def info_name(self) -> str | None: ...


def command_path(ctx: _Node) -> str:
    """``adjudicate``, ``seed new``; ``referee`` for the root (whatever its program name)."""
    names: list[str] = []
    while ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(reversed(names)) or "referee"


def _texts() -> Any:
    from referee.render import messages_help

    return messages_help


def _metavar(name: str) -> str:
    return str(_texts().METAVARS.get(name, name))


def param_help(path: str, param: TyperOption | TyperArgument) -> str | None:
    """The French help of a parameter of the command at ``path`` (None: it has none)."""
    texts = _texts()
    mine = texts.PARAMS.get(path, {})
    if param.name in mine:
        return str(mine[param.name])
    common = texts.COMMON.get(param.name or "")
    return None if common is None else str(common)


def command_help(path: str) -> str | None:
    text = _texts().COMMANDS.get(path)
    return None if text is None else str(text)


def _argument_metavar(param: Any, usage: bool) -> str:
    var = _metavar(param.metavar or param.name or "")
    if param.metavar is None and param.nargs != 1:
        var += "..."
    if not usage:
        return var
    return f"{{{var}}}" if param.required else f"[{var}]"


def _option_metavar(path: str, param: Any, ctx: typer.Context) -> str:
    texts = _texts()
    mine = texts.METAVARS.get(f"{path}.{param.name}")
    if mine is not None:
        return str(mine)
    if param.metavar is not None:
        return str(texts.METAVARS.get(param.metavar, param.metavar))
    kind = getattr(param.type, "name", "text")
    return str(texts.TYPE_METAVARS.get(kind, kind.upper()))


def _write_usage(ctx: typer.Context, formatter: Any) -> None:
    command: Any = ctx.command
    pieces: list[str] = []
    if command.options_metavar:
        pieces.append(_metavar(command.options_metavar))
    for param in command.get_params(ctx):
        if param.param_type_name == "argument":
            pieces.append(_argument_metavar(param, usage=True))
    if getattr(command, "subcommand_metavar", None):
        pieces.append(_metavar(command.subcommand_metavar))
    words = _texts().FRAMEWORK
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=f"{words['usage']} ")


def _record(path: str, param: Any, ctx: typer.Context) -> tuple[str, str] | None:
    if param.hidden:
        return None
    words = _texts().FRAMEWORK
    if param.param_type_name == "argument":
        names = _argument_metavar(param, usage=False)
    else:
        names = join_options(param.opts)
        if not param.is_flag and not param.count:
            names += " " + _option_metavar(path, param, ctx)
        if param.secondary_opts:
            names += " / " + join_options(param.secondary_opts)
    help = param_help(path, param)
    if help is None:
        help = param.help or ""
    extra: list[str] = []
    default = param._extract_default_help_str(ctx=ctx)
    if isinstance(param.show_default, str) or (
        default is not None and (param.show_default or ctx.show_default)
    ):
        shown = param._get_default_string(
            ctx=ctx, show_default_is_str=isinstance(param.show_default, str), default_value=default
        )
        if shown:
            if isinstance(default, str) and not isinstance(param.show_default, str):
                shown = f"`{shown}`"  # a value as typed
            extra.append(words["default"].format(default=shown))
    describe_range = getattr(param.type, "_describe_range", None)  # a number range
    if describe_range is not None:
        described = describe_range()
        if described:
            extra.append(described)
    if param.required:
        extra.append(words["required"])
    if extra:
        help = f"{help}  [{'; '.join(extra)}]" if help else f"[{'; '.join(extra)}]"
    return names, help


_DOUBLE = re.compile(r" ([:;?!»])|(«) ")


def _typeset(text: str) -> str:
    """French typography: no line break between a word and its ``:``, ``;``, ``?``,
    ``!`` or guillemet (a non-breaking space, which click's wrapping keeps)."""
    return _DOUBLE.sub(
        lambda m: f"\u00a0{m.group(1)}" if m.group(1) else f"{m.group(2)}\u00a0", text
    )


def help_page(ctx: typer.Context) -> str:
    """The help page of ``ctx``'s command, as click lays one out, in French."""
    command: Any = ctx.command
    path = command_path(ctx)
    texts = _texts()
    words = texts.FRAMEWORK
    formatter = ctx.make_formatter()
    _write_usage(ctx, formatter)
    text = command_help(path) or command.help
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_typeset(inspect.cleandoc(text).partition("\f")[0]))
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for param in command.get_params(ctx):
        record = _record(path, param, ctx)
        if record is not None:
            record = (record[0], _typeset(record[1]))
            (arguments if param.param_type_name == "argument" else options).append(record)
    for heading, rows in (("Arguments", arguments), ("Options", options)):
        if rows:
            with formatter.section(words[heading]):
                formatter.write_dl(rows)
    subcommands = [
        (name, sub) for name, sub in getattr(command, "commands", {}).items() if not sub.hidden
    ]
    if subcommands:
        limit = formatter.width - 6 - max(len(name) for name, _ in subcommands)
        rows = []
        for name, sub in subcommands:
            full = f"{name}" if path == "referee" else f"{path} {name}"
            said = command_help(full) or sub.help or ""
            rows.append((name, _typeset(short_help(said, limit))))
        with formatter.section(words["Commands"]):
            formatter.write_dl(rows)
    examples = texts.EXAMPLES.get(path)
    epilog = (
        f"{words['examples']}\n\n\b\n" + "\n".join(f"  {line}" for line in examples)
        if examples
        else command.epilog
    )
    if epilog:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(inspect.cleandoc(epilog))
    return formatter.getvalue().rstrip("\n")


# ------------------------------------------------------------------------ usage errors
_EXTRA = re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)\Z", re.S)


def _command_of(root: Any, argv: Sequence[str]) -> Any:
    """The command the command line names (its leading command names) under ``root``."""
    command, skip = root, False
    for arg in argv:
        if skip:  # the value of the option before
            skip = False
            continue
        sub = getattr(command, "commands", {}).get(arg)
        if sub is not None:
            command = sub
        elif arg.startswith("-"):
            skip = any(arg in p.opts and not getattr(p, "is_flag", False) for p in command.params)
        else:
            break
    return command


def _param_named(ctx: typer.Context | None, root: Any, argv: Sequence[str], option: str) -> Any:
    """The parameter called ``option`` of the command that raised (click's parser raises
    some errors without a context: then the command the command line names)."""
    command = (
        ctx.command if ctx is not None else (_command_of(root, argv) if root is not None else None)
    )
    for param in getattr(command, "params", ()):
        if option in param.opts or option in param.secondary_opts:
            return param
    return None


def _value_given(param: Any, argv: Sequence[str]) -> str | None:
    """The value the command line gave ``param`` (its last one)."""
    value = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        for opt in param.opts:
            if arg == opt and i + 1 < len(argv):
                value = argv[i + 1]
            elif arg.startswith(opt + "="):
                value = arg.split("=", 1)[1]
    return value


class UnknownCommand(click_errors.UsageError):
    """``referee adjudicat``: click's message, with the name and the close ones."""

    def __init__(self, message: str, ctx: typer.Context, name: str, matches: list[str]) -> None:
        super().__init__(message, ctx)
        self.name = name
        self.matches = matches


class MissingCommand(click_errors.UsageError):
    """A group given options but no command (``referee --lang fr``)."""


def usage_problem(
    exc: click_errors.UsageError, root: Any = None, argv: Sequence[str] | None = None
) -> Problem:
    """A usage error click (or typer) raised, as a problem: its ``code`` and ``data``
    from the exception's class and attributes, its English ``message`` as click words
    it (the JSON error object keeps it)."""
    argv = sys.argv[1:] if argv is None else argv
    message = exc.format_message()

    def made(code: str, path: str = "", **data: Any) -> Problem:
        return Problem(path, message, code=f"usage.{code}", data=data)

    if isinstance(exc, click_errors.NoSuchOption):
        possible = sorted(exc.possibilities or ())
        return made(
            "no_such_option",
            exc.option_name,
            option=exc.option_name,
            possibilities=possible,
            suggested=bool(possible),
        )
    if isinstance(exc, click_errors.BadOptionUsage):
        named = _param_named(exc.ctx, root, argv, exc.option_name)
        if named is not None and getattr(named, "is_flag", False):
            return made("option_takes_no_value", exc.option_name, option=exc.option_name)
        return made(
            "option_needs_value",
            exc.option_name,
            option=exc.option_name,
            n=int(getattr(named, "nargs", 1) or 1),
        )
    if isinstance(exc, click_errors.MissingParameter) and exc.param is not None:
        if exc.param.param_type_name == "argument":
            return made("missing_argument", exc.param.name or "", name=exc.param.name or "")
        return made("missing_option", exc.param.opts[0], option=exc.param.opts[0])
    if isinstance(exc, click_errors.BadParameter) and exc.param is not None:
        param: Any = exc.param
        option = param.opts[0] if param.param_type_name == "option" else param.name
        value = _value_given(param, argv) if param.param_type_name == "option" else None
        kind = getattr(param.type, "name", "")
        data: dict[str, Any] = {"option": option, "expected": kind}
        if value is not None:
            data["value"] = value
        else:
            data["expected"] = ""  # the value is not known: said without it
        return made("bad_value", option, **data)
    if isinstance(exc, UnknownCommand):
        return made(
            "no_such_command",
            name=exc.name,
            possibilities=list(exc.matches),
            suggested=bool(exc.matches),
        )
    if isinstance(exc, MissingCommand):
        return made("missing_command", command=exc.ctx.command_path if exc.ctx else "referee")
    found = _EXTRA.match(exc.message)
    if found:
        args = found.group("args")
        return made("extra_arguments", args=args, n=len(args.split()))
    return Problem("", message, code="usage")  # no text of its own: click's, as it is


def said(problem: Problem, lang: str) -> str:
    """What a usage problem says in ``lang`` (click's English where it has no code)."""
    from referee.render.problems import text

    if not problem.code:
        return problem.message
    return text(problem.code, problem.data or {}, lang, problem.message)


def show(exc: click_errors.UsageError, problem: Problem, lang: str) -> None:
    """A usage error on stderr as click shows one (usage line, where to find help, the
    error), in ``lang``."""
    words = _texts().FRAMEWORK
    out = sys.stderr
    if exc.ctx is not None:
        out.write(exc.ctx.get_usage() + "\n")
        if exc.ctx.command.get_help_option(exc.ctx) is not None:
            out.write(words["try"].format(command=exc.ctx.command_path) + "\n")
        out.write("\n")
    out.write(words["error"].format(message=said(problem, lang)) + "\n")

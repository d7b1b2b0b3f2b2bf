"""The command line in another language than English: its ``--help`` pages and the
usage errors the framework detects itself (an unknown option, a missing argument...).

The commands keep their English help as written in their module (``cmd_*.py``): typer
prints it, and this module is not even imported in English (start-up speed). In another
language, :func:`translate` is applied to the click command tree before it parses
the command line: every command gets a context class that draws its help page and
usage line with click's own layout (its formatter: wrapping, indents, two columns),
each text asked of the language's catalogue by its context and the English the command
declares (``pgettext``: the ``help`` part of ``referee/locale/<lang>``, read with the
standard library's gettext). Nothing else of the tree changes: parsing, callbacks and
exit codes are click's.

The contexts (:func:`help_entries` lists them; ``python tools/i18n.py extract`` adds
them to the template, ``docs/translating.md``): ``help.<command path>`` (``help.seed.new``,
``help.referee`` for the root), ``help.<command path>.<parameter>`` (its Python name),
``help.option.<name>`` for the options every command takes (``--help``, ``--lang``,
``--json``: their English is declared once), ``help.<command path>.examples`` (the
examples of ``referee/cli/examples.py``, one block), ``help.metavar`` (argument names
and metavars: ``state``, ``FILE``, ``<int>``) and the framework's words
(:data:`FRAMEWORK`: ``Usage:``, the section titles, ``[default: ...]``...).

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
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import typer
from typer.core import TyperArgument, TyperOption

from referee.cli import clickapi as click_errors
from referee.cli.clickapi import join_options, short_help
from referee.cli.examples import EXAMPLES, EXAMPLES_TITLE
from referee.core.model import Problem
from referee.render import lang as _lang
from referee.render.catalogue import translations
from referee.render.grammar import DERIVED

HELP_GROUP = "help"  # the catalogue's part holding the help texts (referee-help.mo)
# the options every command takes (their help declared once, in referee/cli/app.py, or
# click's own): translated once, by the option's name
COMMON = ("--help", "--lang", "--json")
METAVAR = "help.metavar"  # an argument's name or an option's metavar, as English shows it

# the framework's words, as click (typer) writes them in English: context -> English
FRAMEWORK: dict[str, str] = {
    "help.usage": "Usage:",
    "help.section.arguments": "Arguments:",
    "help.section.options": "Options:",
    "help.section.commands": "Commands:",
    "help.default": "default: {default}",
    "help.required": "required",
    "help.examples": EXAMPLES_TITLE,
    "help.try": "Try '{command}' for help.",
    "help.error": "Error: {message}",
}


def translate(command: Any, lang: str) -> None:
    """Make every command of the tree under ``command`` speak ``lang`` in its help
    pages and usage line (a no-op in English: typer's own pages are the English)."""
    if lang == _lang.DEFAULT:
        return
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


# ---------------------------------------------------------------------- the texts
def said(lang: str, context: str, english: str) -> str:
    """``english`` (as declared, the msgid) in ``lang``, from the catalogue's help part;
    as it is where the language has no translation of it."""
    tr = translations(lang, HELP_GROUP)
    if tr is None or not english:
        return english
    return tr.pgettext(context, english)


def _words(lang: str, context: str, **data: Any) -> str:
    return said(lang, context, FRAMEWORK[context]).format(**data)


def _dotted(path: str) -> str:
    return path.replace(" ", ".")


def command_context(path: str) -> str:
    """``help.adjudicate``, ``help.seed.new``, ``help.referee``."""
    return f"help.{_dotted(path)}"


def param_context(path: str, param: Any) -> str:
    """``help.adjudicate.seed_file``; ``help.option.lang`` for an option every command
    takes (its English declared once: ``--help``, ``--lang``, ``--json``; an English of
    its own, like ``schema --json``'s, is another message under the same context)."""
    for option in COMMON:
        if option in getattr(param, "opts", ()):
            return f"help.option.{option[2:]}"
    return f"{command_context(path)}.{param.name}"


def examples_context(path: str) -> str:
    return f"{command_context(path)}.examples"


def _params(command: Any) -> list[Any]:
    """A command's parameters as its help page lists them (``--help`` included)."""
    help_option = command.get_help_option(_context(command))
    params = list(command.params)
    return [*params, help_option] if help_option is not None else params


def _context(command: Any) -> typer.Context:
    return typer.Context(command)


def _metavars(ctx: Any, param: Any) -> list[str]:
    """What stands for ``param``'s value on its command's help page, in English (an
    argument: its name; an option: its metavar, else typer's, ``<int>``)."""
    if param.param_type_name == "argument":
        return [param.metavar or param.name or ""]
    if param.is_flag or param.count:
        return []
    return [param.metavar or param.make_metavar(ctx)]


def help_entries(root: Any) -> list[tuple[str, str, str]]:
    """Every help text of the command tree under ``root`` as the catalogue holds it:
    ``(context, English, the file declaring it)``, in a stable order (what
    ``python tools/i18n.py extract`` adds to the template)."""
    out: dict[tuple[str, str], str] = {}

    def add(context: str, english: str, where: str) -> None:
        if english:
            out.setdefault((context, english), where)

    def walk(command: Any, path: tuple[str, ...]) -> None:
        key = " ".join(path) or "referee"
        callback = getattr(command, "callback", None)
        module = getattr(callback, "__module__", "") if path else "referee.cli.app"
        if not module.startswith("referee."):
            module = "referee.cli.app"
        where = module.replace(".", "/") + ".py"
        add(command_context(key), command.help or "", where)
        add(METAVAR, command.options_metavar or "", "referee/cli/translate.py")
        add(METAVAR, getattr(command, "subcommand_metavar", None) or "", "referee/cli/translate.py")
        for param in _params(command):
            if param.hidden:
                continue
            context = param_context(key, param)
            common = context.startswith("help.option.")  # declared in app.py (or click's)
            add(context, param.help or "", "referee/cli/app.py" if common else where)
            for metavar in _metavars(_context(command), param):
                add(METAVAR, metavar, "referee/cli/translate.py")
        if key in EXAMPLES:
            add(examples_context(key), "\n".join(EXAMPLES[key]), "referee/cli/examples.py")
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    for context, english in FRAMEWORK.items():
        add(context, english, "referee/cli/translate.py")
    walk(root, ())
    return [(context, english, where) for (context, english), where in out.items()]


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


def _metavar(lang: str, name: str) -> str:
    return said(lang, METAVAR, name)


def param_help(lang: str, path: str, param: TyperOption | TyperArgument) -> str:
    """The help of a parameter of the command at ``path`` in ``lang``."""
    return said(lang, param_context(path, param), param.help or "")


def command_help(lang: str, path: str, english: str | None) -> str:
    """The help of the command at ``path`` (its English: ``english``) in ``lang``."""
    return said(lang, command_context(path), english or "")


def _argument_metavar(lang: str, param: Any, usage: bool) -> str:
    var = _metavar(lang, param.metavar or param.name or "")
    if param.metavar is None and param.nargs != 1:
        var += "..."
    if not usage:
        return var
    return f"{{{var}}}" if param.required else f"[{var}]"


def _write_usage(ctx: typer.Context, formatter: Any) -> None:
    lang = _lang_of(ctx)
    command: Any = ctx.command
    pieces: list[str] = []
    if command.options_metavar:
        pieces.append(_metavar(lang, command.options_metavar))
    for param in command.get_params(ctx):
        if param.param_type_name == "argument":
            pieces.append(_argument_metavar(lang, param, usage=True))
    if getattr(command, "subcommand_metavar", None):
        pieces.append(_metavar(lang, command.subcommand_metavar))
    prefix = _words(lang, "help.usage")
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=f"{prefix} ")


def _lang_of(ctx: Any) -> str:
    return str(getattr(ctx, "lang", _lang.DEFAULT))


def _record(lang: str, path: str, param: Any, ctx: typer.Context) -> tuple[str, str] | None:
    if param.hidden:
        return None
    if param.param_type_name == "argument":
        names = _argument_metavar(lang, param, usage=False)
    else:
        names = join_options(param.opts)
        metavars = _metavars(ctx, param)
        if metavars:
            names += " " + _metavar(lang, metavars[0])
        if param.secondary_opts:
            names += " / " + join_options(param.secondary_opts)
    help = param_help(lang, path, param)
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
            extra.append(_words(lang, "help.default", default=shown))
    describe_range = getattr(param.type, "_describe_range", None)  # a number range
    if describe_range is not None:
        described = describe_range()
        if described:
            extra.append(described)
    if param.required:
        extra.append(_words(lang, "help.required"))
    if extra:
        help = f"{help}  [{'; '.join(extra)}]" if help else f"[{'; '.join(extra)}]"
    return names, help


def _typeset(text: str, lang: str) -> str:
    """``text`` as the language sets a wrapped page (``typeset`` of its grammar module,
    ``referee/render/grammar_<lang>.py``: French keeps ``:`` with its word)."""
    from referee.render.catalogue import language_rule

    rule = language_rule(lang, "typeset")
    return text if rule is None else rule(text)


@contextmanager
def _section(formatter: Any, heading: str) -> Iterator[None]:
    """A section of the page under ``heading`` as the language writes it (its colon
    included: click's ``section`` would add one of its own)."""
    formatter.write_paragraph()
    formatter.write(f"{'':>{formatter.current_indent}}{heading}\n")
    with formatter.indentation():
        yield


def help_page(ctx: typer.Context) -> str:
    """The help page of ``ctx``'s command, as click lays one out, in its language."""
    lang = _lang_of(ctx)
    command: Any = ctx.command
    path = command_path(ctx)
    formatter = ctx.make_formatter()
    _write_usage(ctx, formatter)
    text = command_help(lang, path, command.help)
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_typeset(inspect.cleandoc(text).partition("\f")[0], lang))
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for param in command.get_params(ctx):
        record = _record(lang, path, param, ctx)
        if record is not None:
            record = (record[0], _typeset(record[1], lang))
            (arguments if param.param_type_name == "argument" else options).append(record)
    for heading, rows in (("arguments", arguments), ("options", options)):
        if rows:
            with _section(formatter, _words(lang, f"help.section.{heading}")):
                formatter.write_dl(rows)
    subcommands = [
        (name, sub) for name, sub in getattr(command, "commands", {}).items() if not sub.hidden
    ]
    if subcommands:
        limit = formatter.width - 6 - max(len(name) for name, _ in subcommands)
        rows = []
        for name, sub in subcommands:
            full = f"{name}" if path == "referee" else f"{path} {name}"
            rows.append(
                (name, _typeset(short_help(command_help(lang, full, sub.help), limit), lang))
            )
        with _section(formatter, _words(lang, "help.section.commands")):
            formatter.write_dl(rows)
    examples = EXAMPLES.get(path)
    epilog = command.epilog
    if examples:
        lines = said(lang, examples_context(path), "\n".join(examples)).split("\n")
        title = _words(lang, "help.examples")
        epilog = f"{title}\n\n\b\n" + "\n".join(f"  {line}" for line in lines)
    if epilog:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(inspect.cleandoc(epilog))
    return formatter.getvalue().rstrip("\n")


def _argument_shown(data: Mapping[str, Any], lang: str) -> dict[str, str]:
    """A missing argument by the name its help page gives it (``state``, in French
    ``état``): ``{shown}`` in ``problem.usage.missing_argument``."""
    name = str(data.get("name", ""))
    return {"shown": _metavar(lang, name)}


DERIVED["problem.usage.missing_argument"] = _argument_shown


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
    from the exception's class and attributes, said in every language, English
    included, by the catalogue (``problem.usage.<kind>``: click's wording); an error
    the catalogue has no kind for keeps click's English ``message`` (code ``usage``)."""
    argv = sys.argv[1:] if argv is None else argv

    def made(code: str, path: str = "", **data: Any) -> Problem:
        return Problem(path, code=f"usage.{code}", data=data)

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
    return Problem("", exc.format_message(), code="usage")  # click's English, as it is


def problem_said(problem: Problem, lang: str) -> str:
    """What a usage problem says in ``lang`` (click's English where it has no code)."""
    from referee.render.problems import text

    if not problem.code:
        return problem.message
    return text(problem.code, problem.data or {}, lang, problem.message)


def show(exc: click_errors.UsageError, problem: Problem, lang: str) -> None:
    """A usage error on stderr as click shows one (usage line, where to find help, the
    error), in ``lang``."""
    out = sys.stderr
    if exc.ctx is not None:
        out.write(exc.ctx.get_usage() + "\n")
        if exc.ctx.command.get_help_option(exc.ctx) is not None:
            command = f"{exc.ctx.command_path} {exc.ctx.help_option_names[0]}"
            out.write(_words(lang, "help.try", command=command) + "\n")
        out.write("\n")
    out.write(_words(lang, "help.error", message=problem_said(problem, lang)) + "\n")

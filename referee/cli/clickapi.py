"""The part of click the command line uses, through typer's public names only.

typer carries its own copy of click (since 0.25) and exports part of it:
``typer.Context``, ``typer.CallbackParam``, ``typer.BadParameter``, ``typer.core.TyperGroup``,
``TyperCommand``, ``TyperOption``, ``TyperArgument``... The referee also catches click's
other usage errors, to say them in the user's language with their data (an unknown
option and the close ones, a missing argument, the help page of a bare group). Their
module in typer is private and may move in any release, so they are found here from a
public name instead: ``typer.BadParameter``'s bases are ``UsageError`` and
``ClickException``, and the others are ``UsageError``'s subclasses of the same module,
looked up by name. If typer's layout changes, importing this module fails at once with
:class:`TyperLayoutChanged`, which names typer's version and the classes not found: the
first test run says it, not a user's mistyped option.

For the type checker, a ``TYPE_CHECKING`` branch declares these classes with the
attributes the referee reads (``except`` clauses need classes: a protocol would not
do); elsewhere, annotations use typer's public subclasses (``typer.Context`` for click's
context, of which it is a bare subclass, ``TyperOption | TyperArgument`` for a
parameter: the classes typer builds every parameter with).

Two small functions of click's help layout, which typer does not export, are written
again here with the same output: :func:`join_options` and :func:`short_help`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import typer

# the classes found, each under its name in click
NAMES = (
    "ClickException",
    "UsageError",
    "BadParameter",
    "MissingParameter",
    "NoSuchOption",
    "BadOptionUsage",
    "NoArgsIsHelpError",
)


class TyperLayoutChanged(ImportError):
    """typer no longer exposes click's exception classes where this module finds them."""


def _subclasses(cls: type) -> Iterator[type]:
    sub: type
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def find_classes(bad_parameter: type) -> dict[str, type[Exception]]:
    """click's exception classes (:data:`NAMES`), from its ``BadParameter`` class: its
    bases, then ``UsageError``'s subclasses of the same module. Raises
    :class:`TyperLayoutChanged` when one is missing or not where click has it."""
    found: dict[str, type[Exception]] = {}
    for cls in bad_parameter.__mro__:
        if cls.__name__ in ("ClickException", "UsageError", "BadParameter"):
            found.setdefault(cls.__name__, cls)
    usage = found.get("UsageError")
    if usage is not None:
        for cls in _subclasses(usage):
            if cls.__module__ == usage.__module__ and cls.__name__ in NAMES:
                found.setdefault(cls.__name__, cls)
    missing = [name for name in NAMES if name not in found]
    # the hierarchy the declarations below (TYPE_CHECKING) say
    parents = {"UsageError": "ClickException", "MissingParameter": "BadParameter"}
    misplaced = [
        f"{name} (not a {parent})"
        for name, parent in parents.items()
        if name in found and parent in found and not issubclass(found[name], found[parent])
    ]
    if missing or misplaced:
        raise TyperLayoutChanged(
            f"typer {getattr(typer, '__version__', '?')} does not have click's "
            f"{', '.join(missing + misplaced)} under the bases of typer.BadParameter, "
            "where referee/cli/clickapi.py finds them: install the typer version "
            "pyproject.toml names, or update that module"
        )
    return found


if TYPE_CHECKING:
    from typer.core import TyperArgument, TyperOption

    class ClickException(Exception):
        exit_code: int
        message: str

        def format_message(self) -> str: ...
        def show(self) -> None: ...

    class UsageError(ClickException):
        ctx: typer.Context | None

        def __init__(self, message: str, ctx: typer.Context | None = None) -> None: ...

    class BadParameter(UsageError):
        param: TyperOption | TyperArgument | None

    class MissingParameter(BadParameter): ...

    class NoSuchOption(UsageError):
        option_name: str
        possibilities: Sequence[str] | None

    class BadOptionUsage(UsageError):
        option_name: str

    class NoArgsIsHelpError(UsageError): ...

else:
    _found = find_classes(typer.BadParameter)
    ClickException = _found["ClickException"]
    UsageError = _found["UsageError"]
    BadParameter = _found["BadParameter"]
    MissingParameter = _found["MissingParameter"]
    NoSuchOption = _found["NoSuchOption"]
    BadOptionUsage = _found["BadOptionUsage"]
    NoArgsIsHelpError = _found["NoArgsIsHelpError"]
    del _found


# ----------------------------------------------------------------------- help layout
def _prefix_length(option: str) -> int:
    """The length of an option's prefix: 0 (``name``), 1 (``-n``, ``/n``), 2 (``--name``)."""
    if option[:1].isalnum():
        return 0
    return 2 if option[1:2] == option[:1] else 1


def join_options(options: Sequence[str]) -> str:
    """An option's names as its help row shows them: the shortest prefix first,
    otherwise in their order (``-o, --output``), as click joins them."""
    return ", ".join(sorted(options, key=_prefix_length))


def short_help(text: str, limit: int = 45) -> str:
    """A command's line in its group's help page, as click shortens its help: the
    first paragraph up to its first sentence if that fits in ``limit`` characters,
    else as many words as fit, followed by ``...``."""
    words = text.split("\n\n", 1)[0].split()
    if words[:1] == ["\b"]:  # a paragraph that click does not rewrap
        words = words[1:]
    for end, word in enumerate(words, 1):
        line = " ".join(words[:end])
        if len(line) > limit:
            break
        if word.endswith("."):
            return line
        if len(line) == limit and end < len(words):
            break
    else:
        return " ".join(words)
    for kept in range(end - 1, 0, -1):
        line = " ".join(words[:kept])
        if len(line) + len("...") <= limit:
            return line + "..."
    return "..."

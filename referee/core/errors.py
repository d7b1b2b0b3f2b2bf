"""The one error tree of the referee, with the exit code on each class.

Exceptions are for bad input only (a malformed file, orders for another moment of
the game, a seed that does not match its commitment...): what the rules refuse is a
``Refusal`` value carried by an event, never an exception. The CLI turns any
``RefereeError`` into one clean line per problem on stderr and exits with the class's
``exit_code``; it never looks at the message text. Codes are stable (README §Exit
codes).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from msgspec import Struct

EXIT_OK = 0  # applied / valid / verified
EXIT_REJECTED = 1  # one or more orders refused (the rest applied unless --strict)
EXIT_USAGE = 2  # bad command line (unknown option, missing argument, bad --lang)
EXIT_INVALID = 3  # invalid input file: malformed, wrong types, illegal state
EXIT_GAME_OVER = 4  # the game has ended: no further orders are accepted
EXIT_VERIFY_FAILED = 5  # verify found a mismatch in the history or the dice
EXIT_IO = 6  # a file could not be read or written
EXIT_NOT_FOR_THIS_STATE = 7  # orders for another turn, player or phase: nothing applied
EXIT_INTERNAL = 70  # a bug

EXIT_MEANINGS: dict[int, str] = {
    EXIT_OK: "done",
    EXIT_REJECTED: "orders refused",
    EXIT_USAGE: "bad command line",
    EXIT_INVALID: "invalid input",
    EXIT_GAME_OVER: "game over",
    EXIT_VERIFY_FAILED: "verification failed",
    EXIT_IO: "file not readable or writable",
    EXIT_NOT_FOR_THIS_STATE: "orders not for this state",
    EXIT_INTERNAL: "internal error",
}


class Problem(Struct, frozen=True):
    """One defect of an input, located by its path inside the file.

    A problem is a stable ``code`` and its ``data``: the render layer says it in every
    language, English included, from the message catalogue (``problem.<code>``,
    ``problem.<code>.hint``, ``hint.<id>``: ``referee/render/catalogue/``), and scripts read
    the code in the JSON error object (with its English). ``message`` and ``hint`` are
    the English of the places not yet converted to code and data alone (issue 25: the
    English written once, in the catalogue; ``tests/test_english_once.py``), and of a
    problem without a code (click's own usage errors); ``message`` says the problem
    where a catalogue has no entry for its code."""

    path: str
    message: str = ""
    hint: str = ""
    line: int | None = None
    file: str | None = None
    code: str = ""
    data: Mapping[str, Any] | None = None

    def render(self, message: str | None = None, hint: str | None = None) -> str:
        """``file:line: path: message (hint)``; ``message``/``hint``: the same in
        another language. Without them, a problem said by its code alone shows its code
        and data (the exception's text for a debugger: the user sees the catalogue's
        words, ``referee.render.problems.line``)."""
        message = self.said() if message is None else message
        hint = self.hint if hint is None else hint
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        text = f"{where}: {self.path}: {message}" if self.path else f"{where}: {message}"
        return f"{text} ({hint})" if hint else text

    def said(self) -> str:
        """The English as written, else the code and its data (``orders.unknown_phase
        {'phase': 'x'}``): what a core function composing a message of problems can
        say without the catalogue (the render layer words the ``nested`` problems)."""
        if self.message or not self.code:
            return self.message
        return f"{self.code} {dict(self.data)}" if self.data else self.code


class RefereeError(Exception):
    """Base of every error the referee reports: one or more located problems."""

    exit_code = EXIT_INVALID

    def __init__(self, problems: list[Problem] | Problem) -> None:
        if isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("; ".join(p.render() for p in self.problems))

    @property
    def message(self) -> str:
        """The problems' messages without file locations (for findings and reports)."""
        return "; ".join(p.said() for p in self.problems)


class UsageError(RefereeError):
    """A bad command line that the CLI framework cannot see (unknown --lang value...)."""

    exit_code = EXIT_USAGE


class InvalidInput(RefereeError):
    """Malformed or illegal input file (state, orders, ruleset, house rules, scenario)."""

    exit_code = EXIT_INVALID


class RulesetError(InvalidInput):
    """A ruleset (or house-rules) file that does not follow the format: the ``path``
    inside it and the problem's ``code`` and ``data`` (``problem.<code>``)."""

    def __init__(self, path: str, code: str, **data: Any) -> None:
        super().__init__(Problem(path, code=code, data=data or None))
        self.path = path
        self.code = code


class DiceExhausted(InvalidInput):
    """Physical dice were given but fewer than the phase needs (or none at all)."""


class SeedError(InvalidInput):
    """A seed that does not match the state's commitment, or cannot be read."""


class OddsError(InvalidInput):
    """No such combat to compute odds for (unknown unit, same side, unknown kind)."""


class OrdersNotForThisState(RefereeError):
    """Orders for another turn, player or phase than the state's next one."""

    exit_code = EXIT_NOT_FOR_THIS_STATE


class GameOver(RefereeError):
    exit_code = EXIT_GAME_OVER


class FileAccessError(RefereeError):
    exit_code = EXIT_IO


class VerificationFailed(RefereeError):
    exit_code = EXIT_VERIFY_FAILED


def os_data(exc: OSError) -> dict[str, str]:
    """Why the system refused a file, as a problem's data: the errno's name (said in
    words in each language by the render layer) and the system's own English text."""
    import errno

    return {"errno": errno.errorcode.get(exc.errno or 0, ""), "reason": exc.strerror or str(exc)}


class BadText(ValueError):
    """A text that a parser of the compact notations cannot read (an order line, a hex,
    an order-of-battle line): a stable ``code`` and the ``data`` the render layer says
    it from (``problem.<code>`` in the catalogue; the ``Problem`` made of it carries
    them). ``message``, where given, is only for a debugger: the exception's text is
    otherwise the code and its data (``hex.bad_label {'label': 'x'}``)."""

    def __init__(self, code: str, message: str = "", **data: object) -> None:
        super().__init__(message or (f"{code} {data}" if data else code))
        self.code = code
        self.data = data


def coded(exc: BaseException, **extra: Any) -> dict[str, Any]:
    """The ``code`` and ``data`` keywords of a ``Problem`` made of ``exc`` (none for an
    exception that has no code); ``extra``: more data (the ``hint_code`` of the place)."""
    if isinstance(exc, BadText):
        return {"code": exc.code, "data": {**exc.data, **extra}}
    return {}


def nested(problems: Iterable[Problem]) -> list[dict[str, Any]]:
    """Problems held in another problem's data (``data["problems"]``: a phase that cannot
    be replayed, and why), said in each language with it."""
    return [
        {"path": p.path, "message": p.message, "code": p.code, "data": dict(p.data or {})}
        for p in problems
    ]

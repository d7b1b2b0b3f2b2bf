"""The short error hierarchy and the stable exit codes (documented in the README)."""

from __future__ import annotations

from referee.core.model import Problem

EXIT_OK = 0  # applied / valid
EXIT_REJECTED = 1  # one or more orders refused (the rest applied unless --strict)
EXIT_USAGE = 2  # bad command line (typer/click's own code)
EXIT_INVALID = 3  # invalid input file: malformed, wrong types, illegal state
EXIT_GAME_OVER = 4  # the game has ended: no further orders are accepted
EXIT_VERIFY_FAILED = 5  # verify found a mismatch in the history or the dice
EXIT_IO = 6  # a file could not be read or written


class RefereeError(Exception):
    """Base of the errors the CLI turns into one clean line and an exit code."""

    exit_code = EXIT_INVALID

    def __init__(self, problems: list[Problem] | Problem | str) -> None:
        if isinstance(problems, str):
            problems = [Problem(path="", message=problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems = problems
        super().__init__("; ".join(p.render() for p in problems))


class InvalidInput(RefereeError):
    """Malformed or illegal input file (state, orders, ruleset, house rules)."""

    exit_code = EXIT_INVALID


class GameOver(RefereeError):
    exit_code = EXIT_GAME_OVER


class FileAccessError(RefereeError):
    exit_code = EXIT_IO


class VerificationFailed(RefereeError):
    exit_code = EXIT_VERIFY_FAILED

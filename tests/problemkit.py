"""A problem's English as the user reads it: the catalogue's (``problem.<code>``), from
its code and data, like every other language's (issue 25: the English written once)."""

from __future__ import annotations

from referee.core.errors import BadText, Problem
from referee.render.problems import english


def message(problem: Problem) -> str:
    return english(problem)[0]


def hint(problem: Problem) -> str:
    return english(problem)[1]


def said(exc: BadText) -> str:
    """What a parser's error says (its code and data, worded by the catalogue)."""
    return message(Problem("", code=exc.code, data=exc.data))

"""Consoles: rich on a terminal, plain text when piped (rich detects it).

When the output is not a terminal, lines are laid out 140 columns wide (or
``$COLUMNS``) so that tables are not folded into unreadable cells in files and mail.
"""

from __future__ import annotations

import os
import sys

from rich.console import Console


def _width(stream: object) -> int | None:
    isatty = getattr(stream, "isatty", None)
    if isatty is not None and isatty():
        return None
    try:
        return int(os.environ.get("COLUMNS", "140"))
    except ValueError:
        return 140


def stdout_console() -> Console:
    return Console(highlight=False, soft_wrap=False, width=_width(sys.stdout))


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False, width=_width(sys.stderr))

"""Consoles: rich on a terminal, plain text when piped (rich detects it)."""

from __future__ import annotations

from rich.console import Console


def stdout_console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)

"""A progress bar for long work (issue 24 item 4): ``verify`` and ``history --html``
replaying a long game. Drawn by rich on standard error when it is a terminal (and
cleared when done); nothing at all when standard error is piped or a file, so that a
script or a log reads exactly what it read before. The engine draws nothing: it calls
the callback this module hands it (``replay_game(..., progress=...)``).

A bar appears only for work worth one (:data:`MIN_TOTAL` steps and more): a short game
verifies too fast to see one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from referee.render.console import _isatty

MIN_TOTAL = 50  # fewer steps: done before a bar would be seen

Report = Callable[[int, int], None]


def _nothing(done: int, total: int) -> None:
    del done, total


@contextmanager
def progress(label: str) -> Iterator[Report]:
    """A callback ``(done, total)`` that moves a bar labelled ``label`` on standard
    error if it is a terminal (a no-op otherwise). The bar is removed at the end, and
    on an interruption (Ctrl-C) too."""
    if not _isatty(sys.stderr):
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = None

    def report(done: int, total: int) -> None:
        nonlocal task
        if total < MIN_TOTAL:
            return
        if task is None:
            bar.start()
            task = bar.add_task(label, total=total)
        bar.update(task, completed=done)

    try:
        yield report
    finally:
        if task is not None:
            bar.stop()

"""Consoles: rich on a terminal, plain text when piped.

On a terminal, :func:`stdout_console` is a rich ``Console`` that prints views too
(``referee.render.richview.ViewConsole``). Otherwise it is a
:class:`PlainConsole`, which draws views (:mod:`referee.render.blocks`) with the
plain renderer and never imports rich: rich costs 60-90 ms to import and much more
to lay out tables, for colours a pipe would drop anyway. The page is 80 columns wide
(or ``$COLUMNS``): what a mail or a forum post holds; the views lay themselves out
for it (the report puts each rule under its ruling, the map shows a window).

As rich does, ``TTY_COMPATIBLE=1`` or a non-empty ``FORCE_COLOR`` asks for the rich
output (with colours) even when piped; ``TTY_COMPATIBLE=0`` for plain text even on a
terminal.
"""

from __future__ import annotations

import os
import sys
from typing import IO, TYPE_CHECKING, Any

from referee.render.blocks import Block, Deferred, Para, TableData, View
from referee.render.plain import PlainWriter

if TYPE_CHECKING:
    from rich.console import Console


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except ValueError:  # closed
        return False


PIPED_WIDTH = 80  # a pipe, a file, a mail: 80 columns unless $COLUMNS says otherwise


def _width(stream: object) -> int | None:
    if _isatty(stream):
        return None
    try:
        return max(20, int(os.environ.get("COLUMNS", str(PIPED_WIDTH))))
    except ValueError:
        return PIPED_WIDTH


def terminal_height(stream: object | None = None) -> int | None:
    """The lines of the terminal stdout is (``$LINES`` first, as for the width); None
    when piped: the output is then read in a pager or a file, at any length."""
    stream = sys.stdout if stream is None else stream
    if not _isatty(stream):
        return None
    try:
        if os.environ.get("LINES"):
            return max(8, int(os.environ["LINES"]))
    except ValueError:
        pass
    import shutil

    return max(8, shutil.get_terminal_size().lines)


def wants_rich(stream: object) -> bool:
    """Rich output for this stream? A terminal, unless the environment says otherwise
    (the same variables as rich: ``TTY_COMPATIBLE``, then ``FORCE_COLOR``)."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    return _isatty(stream)


class PlainConsole:
    """What the commands print with when the output is not a terminal: views and
    strings as plain text. Anything else (a rich renderable) is handed to rich."""

    def __init__(self, stream: IO[str] | None = None, stderr: bool = False) -> None:
        self._stream = stream
        self._stderr = stderr
        self.width = _width(self.file) or PIPED_WIDTH
        self._writer = PlainWriter(self.width)

    @property
    def file(self) -> IO[str]:
        # looked up at each print, as rich does: tests redirect sys.stdout
        if self._stream is not None:
            return self._stream
        return sys.stderr if self._stderr else sys.stdout

    def print(self, *objects: Any) -> None:
        blocks: list[Block] = []
        for obj in objects:
            if isinstance(obj, str):
                blocks.append(Para.of(obj))
            elif isinstance(obj, View):
                blocks.extend(obj.blocks)
            elif isinstance(obj, Para | TableData | Deferred):
                blocks.append(obj)
            else:
                self._flush(blocks)
                blocks = []
                self._rich().print(obj)
        self._flush(blocks)

    def _flush(self, blocks: list[Block]) -> None:
        if blocks:
            self.file.write(self._writer.render(blocks))

    def _rich(self) -> Console:
        from rich.console import Console

        return Console(
            file=self.file, highlight=False, soft_wrap=False, width=self.width, force_terminal=False
        )


def page(text: str) -> bool:
    """Show ``text`` in a pager (``$PAGER``, else ``less -FRSX``: quits at once when the
    text fits, keeps colours, does not fold the map's lines), as git does. False when
    there is no pager to run (``PAGER=cat``, or no ``less``): the caller prints."""
    import shlex
    import shutil
    import subprocess

    pager = os.environ.get("PAGER")
    if pager is not None and pager.strip() in ("", "cat"):
        return False
    command = shlex.split(pager) if pager else ["less"]
    if not command or shutil.which(command[0]) is None:
        return False
    env = dict(os.environ)
    env.setdefault("LESS", "FRSX")
    try:
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, env=env)
    except OSError:
        return False
    assert proc.stdin is not None
    try:
        proc.stdin.write(text.encode("utf-8"))
        proc.stdin.close()
    except BrokenPipeError:  # the reader quit the pager early
        pass
    proc.wait()
    return True


def stdout_console() -> Console | PlainConsole:
    if not wants_rich(sys.stdout):
        return PlainConsole()
    from referee.render.richview import ViewConsole

    return ViewConsole(highlight=False, soft_wrap=False, width=_width(sys.stdout))


def stderr_console() -> Console | PlainConsole:
    if not wants_rich(sys.stderr):
        return PlainConsole(stderr=True)
    from referee.render.richview import ViewConsole

    return ViewConsole(stderr=True, highlight=False, width=_width(sys.stderr))

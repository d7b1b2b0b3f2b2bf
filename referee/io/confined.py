"""Files a file names (a scenario's ``units_csv``), read inside that file's folder only
(issue 26, docs/hostile.md §Files a scenario names): scenarios are what players
download and swap, and one that named ``/etc/shadow`` or ``../../.ssh/id_rsa`` had the
referee read it and show its first line.

The name is relative, without ``..``; each folder on the way and the file are opened
relative to the one before, never following a symbolic link (``O_NOFOLLOW``), so no
link, even one changed while the referee reads, leads out of the folder; the file must
be a regular file: a FIFO (which would block the referee for ever), a device, a socket
or a directory is refused at once, from ``fstat`` on a descriptor opened with
``O_NONBLOCK``. At most ``MAX_BYTES + 1`` bytes are read.
"""

from __future__ import annotations

import errno
import os
from typing import Any

from referee.core.model import Problem
from referee.errors import InvalidInput
from referee.io.yamlio import MAX_BYTES, file_kind

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


class Refused(InvalidInput):
    """A name refused before or while opening it; ``problem`` carries its code and
    data (``name``, ``kind``...), for the caller to locate in its own file."""


def _refuse(name: str, code: str, **data: Any) -> Refused:
    return Refused(Problem("", code=code, data={"name": name, **data}))


def check_name(name: str) -> list[str]:
    """The components of a relative name inside a folder; refused: an absolute name,
    ``..``, an empty name, a NUL byte."""
    if "\x00" in name or not name.strip():
        raise _refuse(
            name,
            "file.bad_name",
        )
    if os.path.isabs(name) or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise _refuse(
            name,
            "file.absolute",
        )
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
    if ".." in parts:
        raise _refuse(
            name,
            "file.outside",
        )
    if not parts:
        raise _refuse(
            name,
            "file.bad_name",
        )
    return parts


def read_confined(folder: str, name: str) -> bytes:
    """The bytes of the file ``name`` inside ``folder`` (see the module doc). Raises
    ``Refused`` (a name or kind refused: exit 3, located by the caller) or
    ``Refused`` with code ``file.cannot_read`` (not found, no permission)."""
    parts = check_name(name)
    if os.open not in os.supports_dir_fd or not _NOFOLLOW:  # (not POSIX: resolve, check)
        return _read_resolved(folder, name)
    fds: list[int] = []
    try:
        try:
            fds.append(os.open(folder or ".", os.O_RDONLY | _DIRECTORY | _NONBLOCK))
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                flags = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | (0 if last else _DIRECTORY)
                fds.append(os.open(part, flags, dir_fd=fds[-1]))
        except OSError as exc:
            raise _os_refusal(name, exc, folder, parts) from None
        return _read_regular(name, fds[-1])
    finally:
        for fd in fds:
            os.close(fd)


def _read_regular(name: str, fd: int) -> bytes:
    kind = file_kind(os.fstat(fd).st_mode)
    if kind is not None:
        raise _refuse(
            name,
            "file.not_a_file",
            kind=kind,
        )
    chunks: list[bytes] = []
    size = 0
    try:
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _refuse(
            name,
            "file.cannot_read",
            reason=exc.strerror or "",
        ) from None
    return b"".join(chunks)


def _os_refusal(name: str, exc: OSError, folder: str, parts: list[str]) -> Refused:
    if exc.errno in (errno.ELOOP, errno.EMLINK) or (
        exc.errno == errno.ENOTDIR and _is_link(folder, parts)
    ):
        return _refuse(
            name,
            "file.link",
        )
    if exc.errno == errno.ENOTDIR:
        return _refuse(
            name,
            "file.not_a_file",
            kind="through",
        )
    return _refuse(
        name,
        "file.cannot_read",
        reason=exc.strerror or "",
    )


def _is_link(folder: str, parts: list[str]) -> bool:
    path = folder or "."
    for part in parts:
        path = os.path.join(path, part)
        if os.path.islink(path):
            return True
    return False


def _read_resolved(folder: str, name: str) -> bytes:
    """Where descriptors relative to a folder are not available: the resolved path,
    checked to be inside the resolved folder, opened without blocking."""
    root = os.path.realpath(folder or ".")
    path = os.path.realpath(os.path.join(root, name))
    if os.path.commonpath([root, path]) != root:
        raise _refuse(
            name,
            "file.link",
        )
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise _refuse(
            name,
            "file.cannot_read",
            reason=exc.strerror or "",
        ) from None
    try:
        return _read_regular(name, fd)
    finally:
        os.close(fd)

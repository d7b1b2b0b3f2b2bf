"""Where the referee writes, and how: files replaced with respect for what is there
(docs/hostile.md §Writes).

Every file the referee writes goes through :func:`write` (``referee.io.files.
atomic_write``): the bytes go to a temporary file ``.referee-XXXXXXXX.tmp`` in the
target's directory, are flushed to the disk, and the temporary file is renamed over
the target, so that the target is always either the old file or the new one, whole.

Around that rename:

* **What the target is** (:func:`prepare`, called by the commands before any work, and
  by :func:`write` again): a symbolic link is followed, and the file it points to is
  written (the link stays a link); a directory, a device, a FIFO or a socket is
  refused; an existing file that is read-only (no write bit), that has other names
  (hard links, which a rename would silently split off) or that belongs to another
  user (whose ownership a rename would take) is refused; a name that is not UTF-8 is
  refused (it could be shown in no report).
* **What the file was** (:class:`Seen`): the target's device, inode, size, modification
  time and SHA-256 when the command started. Under an exclusive lock on the target's
  directory (``flock``), the file is checked to be still that one before the rename:
  of two runs that read the same state and write it back, the first one writes, the
  second is refused (exit 6, ``file.changed``) and nothing is lost.
* **What it keeps**: the target's permission bits and its owner and group.
* **What was left**: temporary files of runs that were killed while writing (the
  rename never came) are removed by the next write in the directory: only names of the
  referee's own pattern, regular files of this user, not locked by a live writer (a
  writer holds an ``flock`` on its temporary file) and older than ``STALE_SECONDS``.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections.abc import Iterator
from typing import Any

from msgspec import Struct

from referee.core.model import Problem
from referee.errors import FileAccessError, UsageError, os_data

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no locks, the rest holds
    fcntl = None  # type: ignore[assignment]

TEMP_PREFIX = ".referee-"
TEMP_SUFFIX = ".tmp"
# tempfile.mkstemp's names: the prefix, 8 characters of its alphabet, the suffix
_TEMP_NAME = re.compile(r"\.referee-[a-z0-9_]{8}\.tmp\Z")
_TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"  # tempfile's alphabet
# a temporary file unlocked and untouched for this long is a killed run's (a live
# writer locks its file within microseconds of creating it, and holds the lock)
STALE_SECONDS = 5.0


class Seen(Struct, frozen=True):
    """A file as a command found it at its start."""

    dev: int
    ino: int
    size: int
    mtime_ns: int
    digest: str


class Target(Struct, frozen=True):
    """Where a command will write: ``name`` as given (for messages), ``real`` the file
    the bytes go to (symbolic links followed), ``seen`` the file as it was when the
    command started (None: there was none, or it is not guarded), ``guard``: refuse to
    write if it changed."""

    name: str
    real: str
    seen: Seen | None
    guard: bool = True


def _refuse(name: str, code: str, data: dict[str, Any] | None = None) -> FileAccessError:
    return FileAccessError(Problem("", file=name, code=code, data=data))


def _cannot_write(name: str, why: dict[str, str], hint_code: str) -> FileAccessError:
    """``name`` cannot be written; ``why``: the errno's name and the system's text
    (:func:`referee.core.errors.os_data`); ``hint_code``: what to do (``hint.<code>``:
    ``check_directory``, ``directory_writable``, ``previous_unchanged``)."""
    return FileAccessError(
        Problem(
            "",
            file=name,
            code="file.cannot_write",
            data={**why, "hint_code": hint_code},
        )
    )


def _os_refusal(name: str, exc: OSError) -> FileAccessError:
    return _cannot_write(name, os_data(exc), "check_directory")


def check_name(name: str, option: str = "-o") -> None:
    """A file name the reports can show: UTF-8 (a name of other bytes comes from the
    command line as lone surrogates, which no terminal, JSON or history can hold)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise UsageError(
            Problem(
                option,
                code="file.name_not_utf8",
                data={"name": shown},
            )
        ) from None


def prepare(name: str, option: str = "-o", guard: bool = True) -> Target:
    """The target ``name`` checked before any work (see the module's docstring): where
    its bytes will go and what it is now. Raises ``FileAccessError`` (exit 6) for a
    target the referee does not replace, ``UsageError`` (exit 2) for a name that is
    not UTF-8."""
    check_name(name, option)
    real = os.path.realpath(name)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as exc:  # a loop of links, a path through a file, a name too long
        raise _os_refusal(name, exc) from None
    directory = os.path.dirname(real) or "."
    if st is None:
        if not os.path.isdir(directory):
            raise _cannot_write(
                name, {"errno": "ENOENT", "reason": "No such file or directory"}, "check_directory"
            )
        _check_directory(name, directory)
        return Target(name, real, None, guard)
    _check_existing(name, real, st)
    _check_directory(name, directory)
    return Target(name, real, _seen(real, st) if guard else None, guard)


def _check_existing(name: str, real: str, st: os.stat_result) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise _refuse(
            name,
            "file.is_directory",
        )
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(
            name,
            "file.not_regular",
        )
    if not st.st_mode & 0o222 or not os.access(real, os.W_OK):
        raise _refuse(
            name,
            "file.read_only",
        )
    if st.st_nlink > 1:
        raise _refuse(
            name,
            "file.hard_linked",
            {"links": st.st_nlink},
        )
    if _euid() != 0 and st.st_uid != _euid():
        raise _refuse(
            name,
            "file.other_owner",
            {"uid": st.st_uid},
        )


def _euid() -> int:
    geteuid = getattr(os, "geteuid", None)  # POSIX
    return int(geteuid()) if geteuid is not None else 0


def _check_directory(name: str, directory: str) -> None:
    if not os.access(directory, os.W_OK | os.X_OK):
        raise _cannot_write(
            name, {"errno": "EACCES", "reason": "Permission denied"}, "directory_writable"
        )


def _digest(path: str) -> str:
    try:  # CPython's own SHA-256: hashlib loads OpenSSL (2-3 ms of start-up)
        from _sha256 import sha256  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # pragma: no cover
        from hashlib import sha256
    sha = sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            sha.update(block)
    return str(sha.hexdigest())


def _seen(real: str, st: os.stat_result) -> Seen:
    try:
        digest = _digest(real)
    except OSError:
        digest = ""
    return Seen(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, digest)


def _still(target: Target) -> bool:
    """Whether the target is still what the command found at its start."""
    try:
        st = os.stat(target.real)
    except FileNotFoundError:
        return target.seen is None
    seen = target.seen
    if seen is None:
        return False
    if (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns) != (
        seen.dev,
        seen.ino,
        seen.size,
        seen.mtime_ns,
    ):
        return False
    try:
        return _digest(target.real) == seen.digest
    except OSError:
        return False


@contextlib.contextmanager
def _directory_locked(directory: str) -> Iterator[int | None]:
    """An exclusive lock on the directory (``flock`` on its descriptor: no lock file to
    leave behind), held for the check and the rename; yields its descriptor (or None
    where directories cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield None
        return
    try:
        if fcntl is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)  # closing releases the lock


def clean_stale(directory: str) -> list[str]:
    """Remove the temporary files killed runs left in ``directory`` (see the module's
    docstring); returns their names."""
    removed: list[str] = []
    if fcntl is None:
        return removed
    now = time.time()
    uid = _euid()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP_NAME.match(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if (
                not stat.S_ISREG(st.st_mode)
                or st.st_uid != uid
                or now - st.st_mtime < STALE_SECONDS
            ):
                continue
            fd = os.open(entry.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.fstat(fd).st_ino == st.st_ino:
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:  # locked: a live writer's
            pass
        finally:
            os.close(fd)
    return removed


def write(target: str | Target, data: str | bytes, mode: int | None = None) -> None:
    """Write ``data`` (text as UTF-8) to ``target`` (a name, checked now, or a
    :class:`Target` prepared at the command's start) via a temporary file renamed over
    it. The file keeps the target's mode, owner and group, or gets the usual mode
    (``0o666`` less the umask); ``mode`` sets it instead (a secret: ``0o600``, never
    wider, even for a moment)."""
    if isinstance(target, str):
        target = prepare(target, guard=False)
    name, real = target.name, target.real
    directory = os.path.dirname(real) or "."
    clean_stale(directory)
    try:
        fd, tmp = _mkstemp(directory)
    except OSError as exc:
        raise _os_refusal(name, exc) from None
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)  # in use: clean_stale leaves it alone
        try:
            now: os.stat_result | None = os.stat(real)
        except FileNotFoundError:
            now = None
        if now is not None:
            _check_existing(name, real, now)
        if mode is None:
            if now is not None:
                mode = now.st_mode & 0o777
            else:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
        os.fchmod(fd, mode)
        if now is not None:
            _keep_owner(fd, name, now)
        view = memoryview(data.encode("utf-8") if isinstance(data, str) else data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        with _directory_locked(directory) as dir_fd:
            if target.guard and not _still(target):
                raise _refuse(
                    name,
                    "file.changed",
                )
            os.replace(tmp, real)
            if dir_fd is not None:
                with contextlib.suppress(OSError):
                    os.fsync(dir_fd)  # the rename itself on the disk
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _cannot_write(name, os_data(exc), "previous_unchanged") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)


def _mkstemp(directory: str) -> tuple[int, str]:
    """``tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=directory)``: a new
    file of this user only (0600), created exclusively (never an existing file or a
    link), not inherited by child processes; its name of 8 random characters of
    tempfile's alphabet. Without importing tempfile (and the ``random``, ``shutil`` it
    pulls: 1.5 ms of every writing command's start)."""
    flags = (
        os.O_RDWR
        | os.O_CREAT
        | os.O_EXCL
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_BINARY", 0)
    )
    for _ in range(10000):  # tempfile.TMP_MAX
        name = "".join(_TEMP_CHARS[b % len(_TEMP_CHARS)] for b in os.urandom(8))
        path = os.path.abspath(os.path.join(directory, TEMP_PREFIX + name + TEMP_SUFFIX))
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(17, "No usable temporary file name found")  # pragma: no cover


def _keep_owner(fd: int, name: str, now: os.stat_result) -> None:
    """Give the new file the target's owner and group (root can; a user can keep the
    group of a file of his if he is in it): else refuse, the target is unchanged."""
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) == (now.st_uid, now.st_gid):
        return
    try:
        os.fchown(fd, now.st_uid, now.st_gid)
    except OSError:
        if mine.st_uid != now.st_uid:
            raise _refuse(
                name,
                "file.other_owner",
                {"uid": now.st_uid},
            ) from None
        raise _refuse(
            name,
            "file.other_group",
            {"gid": now.st_gid},
        ) from None

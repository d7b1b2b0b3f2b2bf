"""Secret files: a commit-mode seed or a two-party secret (docs/pbem.md §Secrets).

A secret file holds one line; the trailing line break(s) are not part of the secret.
Its commit-mode commitment is the SHA-256 of that line, which by hand is
``printf %s "$(cat seed.txt)" | sha256sum`` (``$(...)`` drops the trailing newline
that ``sha256sum seed.txt`` would hash).
"""

from __future__ import annotations

import contextlib
import os
import re

from referee.core.dice import commitment
from referee.core.errors import FileAccessError, InvalidInput, SeedError, UsageError
from referee.core.model import GameState, Problem


def read_secret(path: str) -> str:
    from referee.io.yamlio import read_text

    text = read_text(path)
    secret = text.rstrip("\r\n")
    if not secret:
        raise InvalidInput(Problem("", "the secret file is empty",
                                   "make one with `referee seed new -o FILE`", file=path))
    if "\n" in secret or "\r" in secret:
        raise InvalidInput(Problem("", "a secret file holds one line",
                                   "keep only the line `referee seed new` wrote", file=path))
    return secret


def new_secret(chain_length: int | None = None) -> str:
    """A fresh secret: 64 random hex digits; a two-party secret says its chain length
    (``referee-two-party-1000-<hex>``), so committing needs nothing else."""
    import secrets

    secret = secrets.token_hex(32)
    return secret if chain_length is None else f"referee-two-party-{chain_length}-{secret}"


def chain_length_of(secret: str) -> int | None:
    """The chain length a two-party secret made by ``referee seed new`` carries."""
    match = re.fullmatch(r"referee-two-party-(\d{1,6})-[0-9a-f]{64}", secret)
    return int(match.group(1)) if match else None


def write_secret(path: str, secret: str, force: bool = False) -> None:
    """Write a secret file readable by its owner only (0600), atomically, never over
    an existing secret unless ``force`` (a lost secret cannot be recovered)."""
    if os.path.exists(path) and not force:
        raise UsageError(Problem("", "the file exists: refusing to overwrite a secret",
                                 "choose another name (or --force if it is not needed)",
                                 file=path))
    directory = os.path.dirname(os.path.abspath(path))
    try:
        import tempfile

        fd, tmp = tempfile.mkstemp(prefix=".referee-secret-", dir=directory)  # 0600
    except OSError as exc:
        raise FileAccessError(Problem("", f"cannot write: {exc.strerror}", file=path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(secret + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise FileAccessError(Problem("", f"cannot write: {exc.strerror}", file=path)) from None


def check_seed(state: GameState, seed: str, file: str | None = None) -> None:
    """Commit mode: the seed must be the one whose SHA-256 the state holds."""
    if state.dice.mode != "commit":
        return
    if commitment(seed) == state.dice.commitment:
        return
    hint = "use the seed file whose commitment is in the state (dice.commitment)"
    import hashlib

    if hashlib.sha256((seed + "\n").encode("utf-8")).hexdigest() == state.dice.commitment:
        hint = ("the state holds the SHA-256 of the file with its newline (`sha256sum "
                "FILE`); the commitment is of the seed line alone: "
                "printf %s \"$(cat FILE)\" | sha256sum")
    raise SeedError(Problem("", "this seed does not match the game's commitment "
                            f"(its SHA-256 is {commitment(seed)[:16]}…, the state holds "
                            f"{str(state.dice.commitment)[:16]}…)", hint, file=file))

"""Secret files: a commit-mode seed or a two-party secret (docs/pbem.md §Secrets).

A secret file holds one line; the trailing line break(s) are not part of the secret.
Its commit-mode commitment is the SHA-256 of that line, which by hand is
``printf %s "$(cat seed.txt)" | sha256sum`` (``$(...)`` drops the trailing newline
that ``sha256sum seed.txt`` would hash).
"""

from __future__ import annotations

import os
import re

from referee.core.dice import commitment
from referee.core.errors import InvalidInput, SeedError, UsageError
from referee.core.model import GameState, Problem


def read_secret(path: str) -> str:
    from referee.io.yamlio import read_text

    text = read_text(path)
    secret = text.rstrip("\r\n")
    if not secret:
        raise InvalidInput(
            Problem(
                "",
                file=path,
                code="seed.empty",
            )
        )
    if "\n" in secret or "\r" in secret:
        raise InvalidInput(
            Problem(
                "",
                file=path,
                code="seed.one_line",
            )
        )
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
        raise UsageError(
            Problem(
                "",
                file=path,
                code="seed.exists",
            )
        )
    from referee.io.files import atomic_write

    atomic_write(path, secret + "\n", mode=0o600)


def check_seed(state: GameState, seed: str, file: str | None = None) -> None:
    """Commit mode: the seed must be the one whose SHA-256 the state holds."""
    if state.dice.mode != "commit":
        return
    if commitment(seed) == state.dice.commitment:
        return
    import hashlib

    newline = hashlib.sha256((seed + "\n").encode("utf-8")).hexdigest() == state.dice.commitment
    raise SeedError(
        Problem(
            "",
            file=file,
            code="seed.mismatch",
            data={
                "hash": commitment(seed)[:16],
                "commitment": str(state.dice.commitment)[:16],
                "newline": newline,
            },
        )
    )

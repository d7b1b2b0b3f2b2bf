"""Dice come in through one interface: reproducible seeded dice or physical dice.

Seeded dice: the n-th roll of a phase is derived from HMAC-SHA256 keyed by the
seed over ``game|turn|player|phase|n|block``; bytes of the digest at or above 252
are skipped (252 = 6 x 42), so every face is equally likely (no modulo bias).
Anyone holding the seed can recompute every roll (``referee verify``).

Two-party dice (docs/pbem.md): each player commits to the end of a hash chain
``H^n(secret)`` with ``H(x) = SHA-256 of the text x, as lowercase hex``; a reveal is
the chain element that hashes to the previous one. The seed of a phase is the
phasing player's reveal followed by his opponent's, so neither alone knows the dice.
"""

from __future__ import annotations

from typing import Any, Protocol

from msgspec import Struct

from referee.core.errors import DiceExhausted
from referee.core.model import Problem


class Roll(Struct, frozen=True):
    index: int
    value: int
    purpose: str


class Dice(Protocol):
    rolls: list[Roll]

    def roll(self, purpose: str) -> int: ...


def commitment(seed: str) -> str:
    """The SHA-256 commitment of a seed, as stored in a commit-mode state."""
    import hashlib  # here: OpenSSL costs 3 ms to load, and most commands roll nothing

    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def chain_step(value: str) -> str:
    """One step of a two-party hash chain: SHA-256 of the text, as lowercase hex
    (``printf %s VALUE | sha256sum`` by hand)."""
    import hashlib

    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def chain_element(secret: str, steps: int) -> str:
    """``H^steps(secret)``: the commitment is ``chain_element(secret, length)`` and the
    k-th reveal (k = 1, 2, ...) is ``chain_element(secret, length - k)``."""
    value = secret
    for _ in range(steps):
        value = chain_step(value)
    return value


def two_party_seed(phasing_reveal: str, opponent_reveal: str) -> str:
    """The seed of a two-party phase: both reveals, the phasing player's first."""
    return phasing_reveal + opponent_reveal


def seeded_value(seed: str, context: str, index: int) -> int:
    import hashlib
    import hmac

    block = 0
    key = seed.encode("utf-8")
    while True:
        digest = hmac.new(key, f"{context}|{index}|{block}".encode(), hashlib.sha256).digest()
        for byte in digest:
            if byte < 252:
                return byte % 6 + 1
        block += 1  # pragma: no cover - probability 2**-160


class SeededDice:
    def __init__(self, seed: str, game: str, turn: int, player: str, phase: str) -> None:
        self.seed = seed
        self.context = f"{game}|{turn}|{player}|{phase}"
        self.rolls: list[Roll] = []

    def roll(self, purpose: str) -> int:
        value = seeded_value(self.seed, self.context, len(self.rolls))
        self.rolls.append(Roll(len(self.rolls), value, purpose))
        return value


class PhysicalDice:
    """Dice thrown at the table, listed in the orders file, used in order."""

    def __init__(self, values: tuple[int, ...] | list[int]) -> None:
        self.values = tuple(values)
        self.rolls: list[Roll] = []

    def roll(self, purpose: str) -> int:
        index = len(self.rolls)
        if index >= len(self.values):
            raise DiceExhausted(
                Problem(
                    "dice",
                    code="dice.exhausted",
                    data={"roll": index + 1, "purpose": purpose, "given": len(self.values)},
                )
            )
        value = self.values[index]
        self.rolls.append(Roll(index, value, purpose))
        return value


class NoDice:
    """For phases that must not roll: the first roll is refused, a ``DiceExhausted``
    problem of ``code`` (``problem.<code>`` in the catalogue says it) with ``data`` and
    the roll's ``purpose``. ``message`` and ``hint``: the English of a caller written
    before the catalogue said it (issue 25), kept for a debugger only."""

    def __init__(
        self,
        message: str = "",
        hint: str = "",
        code: str = "dice.none",
        **data: Any,
    ) -> None:
        self.rolls: list[Roll] = []
        self.message = message
        self.hint = hint
        self.code = code  # the problem's code and data (``purpose`` is added)
        self.data = data

    def roll(self, purpose: str) -> int:
        raise DiceExhausted(Problem("dice", code=self.code, data={**self.data, "purpose": purpose}))

"""Dice come in through one interface: reproducible seeded dice or physical dice.

Seeded dice: the n-th roll of a phase is derived from HMAC-SHA256 keyed by the
seed over ``game|turn|player|phase|n|block``; bytes of the digest at or above 252
are skipped (252 = 6 x 42), so every face is equally likely (no modulo bias).
Anyone holding the seed can recompute every roll (``referee verify``).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Protocol

from referee.core.errors import DiceExhausted
from referee.core.model import Problem


@dataclass(frozen=True, slots=True)
class Roll:
    index: int
    value: int
    purpose: str


class Dice(Protocol):
    rolls: list[Roll]

    def roll(self, purpose: str) -> int: ...


def commitment(seed: str) -> str:
    """The SHA-256 commitment of a seed, as stored in a commit-mode state."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def seeded_value(seed: str, context: str, index: int) -> int:
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
            raise DiceExhausted(Problem(
                "dice", f"roll {index + 1} ({purpose}) is needed but only "
                f"{len(self.values)} dice were given", "add dice: [...] to the orders"))
        value = self.values[index]
        self.rolls.append(Roll(index, value, purpose))
        return value


class NoDice:
    """For phases that must not roll (and for previews that only move)."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []

    def roll(self, purpose: str) -> int:
        raise DiceExhausted(Problem(
            "dice", f"a die is needed ({purpose}) but this game has no seed and the orders "
            "give no dice", "add dice: [...] to the orders, or give --seed-file in commit mode"))

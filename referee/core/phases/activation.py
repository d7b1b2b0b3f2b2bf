"""The activation phase (being written)."""

from __future__ import annotations

from referee.core.board import Board
from referee.core.dice import Dice
from referee.core.events import Event
from referee.core.orders import OrderSet
from referee.core.ruleset import Ruleset


def apply(board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> list[Event]:
    raise NotImplementedError("the activation phase is not implemented yet")

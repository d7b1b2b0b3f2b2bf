"""The one step that finalises a new game (``referee new``): its dice settings (the
seed in open mode, its SHA-256 commitment in commit mode, none in physical mode) and
the history's start entry holding the initial position. The scenario itself is read
by ``referee.io.scenario``."""

from __future__ import annotations

from msgspec.structs import replace

from referee.core.dice import commitment
from referee.core.model import DiceSettings, GameState, Problem
from referee.errors import UsageError
from referee.io.scenario import DICE_MODES
from referee.play.history import new_game_state

__all__ = ["start_game"]


def start_game(state: GameState, mode: str, seed: str | None) -> GameState:
    """The one step that finalises a new game: its dice settings (the seed in open mode,
    its SHA-256 commitment in commit mode, none in physical mode) and the history's
    start entry holding the initial position."""
    if mode == "open":
        if seed is None:
            raise UsageError(
                Problem(
                    "--dice",
                    code="scenario.mode_needs_seed",
                    data={"mode": mode},
                )
            )
        dice = DiceSettings(mode="open", seed=seed)
    elif mode == "commit":
        if seed is None:
            raise UsageError(
                Problem(
                    "--dice",
                    code="scenario.mode_needs_seed",
                    data={"mode": mode},
                )
            )
        dice = DiceSettings(mode="commit", commitment=commitment(seed))
    elif mode in ("physical", "two-party"):
        # two-party: the players' commitments come next (`referee seed commit`, docs/pbem.md)
        dice = DiceSettings(mode="physical" if mode == "physical" else "two-party")
    else:
        raise UsageError(
            Problem(
                "--dice",
                code="dice.unknown_mode",
                data={"mode": mode, "suggest": {"one_of": list(DICE_MODES)}},
            )
        )
    return new_game_state(replace(state, dice=dice, history=()))

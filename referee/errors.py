"""The error tree and exit codes live in ``referee.core.errors`` (the engine raises
them too); this module re-exports them for the CLI and the I/O layer."""

from referee.core.errors import (
    EXIT_GAME_OVER,
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_IO,
    EXIT_MEANINGS,
    EXIT_NOT_FOR_THIS_STATE,
    EXIT_OK,
    EXIT_REJECTED,
    EXIT_USAGE,
    EXIT_VERIFY_FAILED,
    DiceExhausted,
    FileAccessError,
    GameOver,
    InvalidInput,
    OddsError,
    OrdersNotForThisState,
    RefereeError,
    RulesetError,
    SeedError,
    UsageError,
    VerificationFailed,
)

__all__ = [
    "EXIT_GAME_OVER", "EXIT_INTERNAL", "EXIT_INVALID", "EXIT_IO", "EXIT_MEANINGS",
    "EXIT_NOT_FOR_THIS_STATE", "EXIT_OK", "EXIT_REJECTED", "EXIT_USAGE",
    "EXIT_VERIFY_FAILED", "DiceExhausted", "FileAccessError", "GameOver", "InvalidInput",
    "OddsError", "OrdersNotForThisState", "RefereeError", "RulesetError", "SeedError",
    "UsageError", "VerificationFailed",
]

"""The hash-chained history of a game (docs/pbem.md §History): its start, how an
entry is sealed, and the check every command that extends a game runs first.

Entry kinds (``phase``): ``start`` (index 0: the initial position), ``commit`` (a
player's two-party commitment, before the first phase), ``rollback`` and the five
phases of the rules. Each entry holds the hash of the position after it
(``state_hash``), the hash of the previous entry (``prev_hash``) and its own
(``hash``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from referee.core.errors import InvalidInput, VerificationFailed
from referee.core.hexgrid import Hex
from referee.core.model import DICE_MODES, DiceSettings, GameState, Problem, Unit
from referee.io.state import write_state, write_unit
from referee.play.hashing import StateHasher, entry_hash
from referee.play.record import encode_blob

if TYPE_CHECKING:
    from referee.core.adjudicate import Outcome
    from referee.core.ruleset import Ruleset

START = "start"
COMMIT = "commit"
ROLLBACK = "rollback"
RECORD_KINDS = (START, COMMIT, ROLLBACK)  # entries that apply no phase


def seal(entry: dict[str, Any]) -> dict[str, Any]:
    entry["hash"] = entry_hash(entry)
    return entry


def moment_data(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The moment of an entry as a problem's data: turn, player, phase (and ``to`` for
    a rollback); said in words by the render layer (``turn 2, rome, combat``,
    ``referee.render.problems.moment_words``)."""
    out = {"turn": entry.get("turn"), "player": entry.get("player"), "phase": entry.get("phase")}
    if entry.get("phase") == ROLLBACK:
        out["to"] = entry.get("to")
    return out


def where_data(
    history: tuple[Mapping[str, Any], ...] | list[Mapping[str, Any]], index: int
) -> dict[str, Any]:
    """History entry ``index`` as a problem's data (``{"index": 3, "turn": 1, ...}``),
    said ``history[3] (turn 1, red, combat)`` by the render layer (``where_words``)."""
    if 0 <= index < len(history):
        return {"index": index, **moment_data(history[index])}
    return {"index": index}


def start_entry(
    state: GameState, hasher: StateHasher | None = None, with_initial: bool = True
) -> dict[str, Any]:
    """Entry 0 of a game: the hash of the initial position, and the position itself
    compressed (``initial``, without the map, which play never changes), from which
    ``verify`` replays the game. Each record is serialized once, for the hash and for
    the compressed position."""
    forms: dict[int, tuple[object, dict[str, Any]]] | None = {} if with_initial else None
    entry = seal(
        {
            "index": 0,
            "phase": START,
            "turn": state.turn,
            "player": state.player,
            "game": state.game,
            "state_hash": (hasher or StateHasher()).state_hash(state, forms),
            "prev_hash": None,
        }
    )
    if forms is not None:
        entry["initial"] = encode_blob(initial_data(state, forms))
    return entry


def initial_data(
    state: GameState, forms: Mapping[int, tuple[object, dict[str, Any]]]
) -> dict[str, Any]:
    """The file form of a position without its map (and without history), its units
    taken from ``forms`` where the hasher made them (by id: the record and its form)."""
    width = state.map.grid.width

    def lab(h: Hex | None) -> str | None:
        return None if h is None else h.label(width)

    def form(unit: Unit) -> dict[str, Any]:
        made = forms.get(id(unit))
        return made[1] if made is not None and made[0] is unit else write_unit(unit, lab)

    data = write_state(
        replace(
            state,
            map=replace(state.map, terrain={}, hexsides={}, roads=()),
            sides=tuple(replace(s, units=(), off_table=()) for s in state.sides),
        ),
        with_history=False,
    )
    del data["map"]
    for side in state.sides:
        out = data["sides"][side.id]
        out["units"] = [form(u) for u in side.units]
        if side.off_table:
            out["off_table"] = [form(u) for u in side.off_table]
    return data


def new_game_state(
    state: GameState, hasher: StateHasher | None = None, with_initial: bool = True
) -> GameState:
    """A new game from a position: the same state with its start entry. What
    ``referee new`` writes and ``adjudicate --new-game`` does; every other command
    refuses a state without history (it could be an edited one, history emptied).
    (``with_initial=False``: for a preview that writes nothing.)"""
    if state.history:
        raise InvalidInput(
            Problem(
                "history",
                code="history.in_progress",
                data={"entries": len(state.history)},
            )
        )
    return replace(state, history=(start_entry(state, hasher, with_initial),))


def new_dice_settings(mode: str, commitment: str | None = None) -> DiceSettings:
    """Dice settings for a new game (docs/pbem.md §Dice modes): ``open`` gets a fresh
    seed, ``commit`` the game master's commitment, ``two-party`` waits for the two
    players' commitments (``referee seed commit``), ``physical`` needs nothing."""
    if mode not in DICE_MODES:
        raise InvalidInput(
            Problem(
                "dice.mode",
                code="dice.unknown_mode",
                data={"mode": mode, "suggest": {"one_of": list(DICE_MODES)}},
            )
        )
    if mode == "open":
        import secrets

        return DiceSettings(mode="open", seed=secrets.token_hex(16))
    if mode == "commit":
        if commitment is None:
            raise InvalidInput(
                Problem(
                    "dice.commitment",
                    code="dice.commit_needs_commitment",
                )
            )
        return DiceSettings(mode="commit", commitment=commitment)
    return DiceSettings(mode=mode)


def phases_applied(state: GameState) -> int:
    return sum(1 for e in state.history if e.get("phase") not in RECORD_KINDS)


def check_record(state: GameState, hasher: StateHasher, file: str | None = None) -> None:
    """What ``adjudicate`` (and every command that extends a game) checks before
    touching it: a start entry, an unbroken chain, and a position that is the one
    the last entry recorded. The full replay is ``verify``'s; this is cheap (one
    state hash and one hash per entry) and stops a laundered or edited state."""
    history = state.history
    if not history:
        raise InvalidInput(
            Problem(
                "history",
                file=file,
                code="history.none",
            )
        )
    first = history[0]
    if first.get("phase") != START or first.get("index") != 0 or first.get("prev_hash") is not None:
        raise VerificationFailed(
            Problem(
                "history[0]",
                file=file,
                code="history.no_start",
            )
        )
    previous = None
    for i, entry in enumerate(history):
        if entry.get("index") != i:
            raise VerificationFailed(
                Problem(
                    f"history[{i}]",
                    file=file,
                    code="history.index",
                    data={"entry": where_data(history, i), "says": entry.get("index")},
                )
            )
        if entry.get("prev_hash") != previous:
            raise VerificationFailed(
                Problem(
                    f"history[{i}]",
                    file=file,
                    code="history.chain",
                    data={"entry": where_data(history, i)},
                )
            )
        if entry.get("hash") != entry_hash(entry):
            raise VerificationFailed(
                Problem(
                    f"history[{i}]",
                    file=file,
                    code="history.edited_entry",
                    data={"entry": where_data(history, i)},
                )
            )
        previous = entry.get("hash")
    last = len(history) - 1
    if hasher.state_hash(state) != history[-1].get("state_hash"):
        raise VerificationFailed(
            Problem(
                "",
                file=file,
                code="history.edited_position",
                data={"after": where_data(history, last)},
            )
        )


# ------------------------------------------------------------- a phase's summary
def army_losses(state: GameState, rs: Ruleset) -> dict[str, int]:
    """Each army's losses (001 points) in a position."""
    from referee.core import army

    return {s.side: s.losses for s in army.armies(state, rs)}


def losses_after(outcome: Outcome, before: Mapping[str, int]) -> dict[str, int]:
    """Each army's losses after a phase, from its army break check."""
    after = {
        e.subject: int(e.data.get("losses", 0))
        for e in outcome.events
        if e.code == "army.status" and e.subject is not None
    }
    return {side: after.get(side, before[side]) for side in before}


def phase_summary(outcome: Outcome, before: Mapping[str, int]) -> dict[str, Any]:
    """What ``referee history`` lists for a phase: refused orders, and the army losses
    (001 points) of each side in this phase (``before``: the losses before it)."""
    after = losses_after(outcome, before)
    return {
        "refused": len(outcome.refused),
        "losses": {side: after[side] - before[side] for side in before},
    }

"""Rollback in a game by mail (docs/pbem.md §Rollback by mail): the smallest honest
version.

- **My own phases my opponent never received** (applied in my copy since the last
  position both copies hold, ``shared``): I undo them alone, in my copy only
  (``undo_unsent``). They rolled no dice (a phase of mine that rolls dice waits for my
  opponent's reveal, so it is never applied alone) and asked him nothing: undoing
  them is as if I had not played them, and nothing of them ever left my folder.
- **Anything my opponent has received**: both signatures. I propose (``to``: the entry
  to return to, signed by me on my copy's last entry) in a mail; he agrees (his
  signature of the same thing) and his referee appends the ``rollback`` entry with both
  (``by``, ``sig``, ``agreed_by``, ``agreed_sig``), which his answer carries; or he
  refuses, and the game goes on. Phases that rolled dice are never undone (rolled dice
  stand: going back would re-roll them), nor commitments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from referee.core.errors import InvalidInput
from referee.core.model import GameState, Problem
from referee.core.ruleset import Ruleset
from referee.play import signing
from referee.play.hashing import state_hash
from referee.play.history import COMMIT, ROLLBACK, START, seal, where_data


def _refuse(path: str, code: str, **data: Any) -> InvalidInput:
    """A refusal said by its code and data (``problem.<code>`` in the catalogue)."""
    return InvalidInput(Problem(path, code=code, data=data or None))


def undoable(history: tuple[Mapping[str, Any], ...], to: int) -> None:
    """Refuse a return to ``to`` that would undo rolled dice, a commitment or a
    rollback, or that is not an entry after the commitments."""
    last = len(history) - 1
    first = next((i for i, e in enumerate(history) if e.get("phase") not in (START, COMMIT)), None)
    if first is None or not first - 1 <= to < last:
        raise _refuse(
            "--to",
            code="pbem.rollback_range",
            index=to,
            first=(first or 1) - 1,
            last=last - 1,
        )
    for j in range(to + 1, len(history)):
        e = history[j]
        if e.get("rolls"):
            raise _refuse(
                "--to",
                code="pbem.rollback_rolled",
                at=where_data(history, j),
            )
        if e.get("phase") in (COMMIT, ROLLBACK):
            raise _refuse(
                "--to",
                code="pbem.rollback_record",
                at=where_data(history, j),
            )


def position_at(state: GameState, rs: Ruleset, to: int) -> GameState:
    """The position after history entry ``to``, replayed (the dice settings as they
    are: no phase undone rolled any)."""
    from referee.play.verify import replay

    states, verification = replay(state, rs, upto=to)
    if not verification.ok or to not in states:
        first = verification.findings[0] if verification.findings else None
        raise _refuse(
            "history",
            "history.does_not_verify",
            inner=first.inner() if first else None,
        )
    return replace(states[to], dice=state.dice)


def undo_unsent(
    state: GameState, rs: Ruleset, shared: str | None, me: str, to: int | None
) -> GameState:
    """My copy back to entry ``to`` (default: before my last phase), undoing only
    phases of mine my opponent never received (after ``shared``)."""
    history = state.history
    start = next((i for i, e in enumerate(history) if e.get("hash") == shared), None)
    mine = [
        j
        for j in range((start or 0) + 1, len(history))
        if history[j].get("phase") not in (START, COMMIT, ROLLBACK)
    ]
    if to is None:
        if not mine:
            raise _refuse(
                "",
                code="pbem.nothing_unsent",
            )
        to = mine[-1] - 1
    if start is None or to < start:
        raise _refuse(
            "--to",
            code="pbem.rollback_received",
            index=to,
            shared=start,
        )
    undoable(history, to)
    for j in range(to + 1, len(history)):
        if history[j].get("player") != me:
            raise _refuse(
                "--to",
                code="pbem.rollback_not_mine",
                at=where_data(history, j),
            )
    return replace(position_at(state, rs, to), history=history[: to + 1])


def proposal(state: GameState, to: int, me: str, secret: str) -> dict[str, Any]:
    """My proposal to return to entry ``to``, signed on my copy's last entry."""
    undoable(state.history, to)
    game = signing.game_id(state.history, state)
    after = state.history[-1].get("hash")
    return {
        "to": to,
        "by": me,
        "after": after,
        "sig": signing.sign(secret, signing.rollback_content(game, after, me, to)),
    }


def check_proposal(state: GameState, data: Any, sender: str) -> dict[str, Any]:
    """A proposal received by mail: on my copy's last entry, signed by its sender."""
    keys = signing.keys_of(state.history)
    game = signing.game_id(state.history, state)
    after = state.history[-1].get("hash")
    to = data.get("to") if isinstance(data, Mapping) else None
    if (
        not isinstance(data, Mapping)
        or not isinstance(to, int)
        or isinstance(to, bool)
        or data.get("by") != sender
        or data.get("after") != after
        or not signing.valid(
            keys.get(sender, ""), signing.rollback_content(game, after, sender, to), data.get("sig")
        )
    ):
        raise _refuse(
            "rollback",
            code="pbem.proposal_unsigned",
            sender=sender,
        )
    undoable(state.history, to)
    return {"to": to, "by": sender, "after": after, "sig": data.get("sig")}


def agreed(
    state: GameState,
    rs: Ruleset,
    offer: Mapping[str, Any],
    agreed_by: str,
    secret: str | None = None,
    agreed_sig: Any = None,
) -> GameState:
    """The rollback both players signed: ``offer`` (the proposal), and the agreement
    of ``agreed_by`` (signed with ``secret``, or ``agreed_sig`` received by mail)."""
    to, by = int(offer["to"]), str(offer["by"])
    history = state.history
    game = signing.game_id(history, state)
    after = history[-1].get("hash")
    content = signing.rollback_content(game, after, by, to)
    keys = signing.keys_of(history)
    if by == agreed_by or not signing.valid(keys.get(by, ""), content, offer.get("sig")):
        raise _refuse(
            "rollback",
            code="pbem.proposal_unsigned",
            sender=by,
        )
    if secret is not None:
        agreed_sig = signing.sign(secret, content)
    elif not signing.valid(keys.get(agreed_by, ""), content, agreed_sig):
        raise _refuse(
            "rollback",
            code="pbem.rollback_unagreed",
            side=agreed_by,
        )
    undoable(history, to)
    target = position_at(state, rs, to)
    entry: dict[str, Any] = {
        "index": len(history),
        "phase": ROLLBACK,
        "to": to,
        "turn": target.turn,
        "player": target.player,
        "by": by,
        "sig": offer.get("sig"),
        "agreed_by": agreed_by,
        "agreed_sig": agreed_sig,
    }
    entry = seal({**entry, "state_hash": state_hash(target), "prev_hash": after})
    return replace(target, history=(*history, entry))

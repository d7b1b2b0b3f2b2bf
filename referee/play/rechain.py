"""A new dice chain in a game in progress (docs/pbem.md §Chains: their budget and a new
one).

A player whose chain runs low (or whose secret may have leaked) commits to a new one.
Two ``commit`` history entries, both signed by the key he committed at the start (the
signing key does not change: it is derived from his first secret):

- the **new commitment** (``rechain: true``, ``commitment``, ``length``, ``sig``): it
  changes nothing yet; his dice keep using his current chain;
- the **switch** (``switch``: the hash of that commitment entry, with its
  ``commitment`` and ``length`` again, ``sig``): from it on, his reveals are the new
  chain's (``dice.parties.<side>`` starts again at the new commitment).

The switch is valid only once the opponent has **acknowledged** the new commitment: an
entry after it carries the opponent's signature on a position that holds it (his
orders of a phase, or his choices). So a new chain counts only once the opponent has
received its commitment, and nobody can try new secrets against a reveal he already
holds: whatever reveal of the opponent a player holds when he makes the new chain, the
phases that use it use his current chain (the acknowledgement comes with the
opponent's next mail, whose reveals are new).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from referee.core.errors import InvalidInput
from referee.core.model import MAX_CHAIN, GameState, Party, Problem
from referee.play import signing
from referee.play.hashing import state_hash
from referee.play.history import COMMIT, seal

LOW = 60  # reveals left under which `pbem status` warns: 10 game turns at 6 a game turn

Said = tuple[str, dict[str, Any]]  # a finding's code (``problem.verify.<code>``) and data


def rechain_content(
    game: str, after: str | None, side: str, commitment: str, length: int
) -> dict[str, Any]:
    return {
        "kind": "rechain",
        "game": game,
        "after": after,
        "side": side,
        "commitment": commitment,
        "length": length,
    }


def switch_content(
    game: str, after: str | None, side: str, rechain: str, commitment: str, length: int
) -> dict[str, Any]:
    return {
        "kind": "switch",
        "game": game,
        "after": after,
        "side": side,
        "rechain": rechain,
        "commitment": commitment,
        "length": length,
    }


def is_rechain(entry: Mapping[str, Any]) -> bool:
    return entry.get("phase") == COMMIT and entry.get("rechain") is True


def is_switch(entry: Mapping[str, Any]) -> bool:
    return entry.get("phase") == COMMIT and isinstance(entry.get("switch"), str)


def pending(history: Sequence[Mapping[str, Any]], side: str) -> int | None:
    """The index of ``side``'s new commitment that no switch has used yet, if any."""
    switched = {e.get("switch") for e in history if is_switch(e)}
    for i in range(len(history) - 1, -1, -1):
        e = history[i]
        if is_rechain(e) and e.get("player") == side:
            return None if e.get("hash") in switched else i
    return None


def acknowledged(history: Sequence[Mapping[str, Any]], at: int, side: str) -> int | None:
    """The first entry after ``history[at]`` (``side``'s new commitment) that carries
    the opponent's signature on a position holding it: his signed orders (on the
    previous entry, or for standing orders on ``signed_at``), or his signed choices
    (on their ``after``); None if there is none yet."""
    index = {e.get("hash"): k for k, e in enumerate(history)}

    def holds(position: Any) -> bool:
        k = index.get(position)
        return k is not None and k >= at

    for j in range(at + 1, len(history)):
        e = history[j]
        if e.get("phase") in ("start", COMMIT, "rollback"):
            continue
        if (
            e.get("player") != side
            and isinstance(e.get("signed"), str)
            and holds(e.get("signed_at") or e.get("prev_hash"))
        ):
            return j
        stored = e.get("choices")
        if isinstance(stored, Mapping):
            for by, rec in stored.items():
                if (
                    by != side
                    and isinstance(rec, Mapping)
                    and isinstance(rec.get("sig"), str)
                    and holds(rec.get("after"))
                ):
                    return j
    return None


def _sealed(state: GameState, new: GameState, entry: dict[str, Any]) -> GameState:
    prev = state.history[-1].get("hash")
    entry = seal({**entry, "state_hash": state_hash(new), "prev_hash": prev})
    return replace(new, history=(*state.history, entry))


def _refuse(path: str, code: str, **data: Any) -> InvalidInput:
    return InvalidInput(Problem(path, code=code, data=data or None))


def recommit(
    state: GameState,
    side: str,
    commitment: str,
    length: int,
    secret: str | None = None,
    sig: Any = None,
) -> GameState:
    """Record ``side``'s new commitment, signed with ``secret`` (his first secret: the
    key he committed) or carrying ``sig`` (received by mail: checked)."""
    keys = signing.keys_of(state.history)
    party = state.dice.party(side)
    if state.dice.mode != "two-party" or party is None or side not in keys:
        raise _refuse(
            "history",
            "rechain.not_keyed",
        )
    if (
        not isinstance(commitment, str)
        or re.fullmatch("[0-9a-f]{64}", commitment) is None
        or not 1 <= length <= MAX_CHAIN
    ):
        raise _refuse(
            "commitment",
            "rechain.malformed",
            most=MAX_CHAIN,
        )
    if pending(state.history, side) is not None:
        raise _refuse(
            "history",
            "rechain.pending",
            side=side,
        )
    game = signing.game_id(state.history, state)
    after = state.history[-1].get("hash")
    content = rechain_content(game, after, side, commitment, length)
    if secret is not None:
        sig = signing.sign(secret, content)
    elif not signing.valid(keys[side], content, sig):
        raise _refuse(
            "sig",
            "rechain.unsigned",
            side=side,
        )
    entry = {
        "index": len(state.history),
        "phase": COMMIT,
        "turn": state.turn,
        "player": side,
        "rechain": True,
        "commitment": commitment,
        "length": length,
        "sig": sig,
    }
    return _sealed(state, state, entry)


def switch(state: GameState, side: str, secret: str | None = None, sig: Any = None) -> GameState:
    """Move ``side`` to his new chain, once the opponent has acknowledged it: signed
    with ``secret`` (his first secret) or carrying ``sig`` (received by mail)."""
    at = pending(state.history, side)
    if at is None:
        raise _refuse(
            "switch",
            "rechain.no_pending",
            side=side,
        )
    if acknowledged(state.history, at, side) is None:
        raise _refuse(
            "switch",
            "rechain.early",
            side=side,
            index=at,
            opponent=state.enemy_of(side),
        )
    rechained = state.history[at]
    commitment, length = str(rechained.get("commitment")), int(rechained.get("length") or 0)
    game = signing.game_id(state.history, state)
    after = state.history[-1].get("hash")
    target = str(rechained.get("hash"))
    content = switch_content(game, after, side, target, commitment, length)
    if secret is not None:
        sig = signing.sign(secret, content)
    elif not signing.valid(signing.keys_of(state.history).get(side, ""), content, sig):
        raise _refuse(
            "sig",
            "rechain.switch_unsigned",
            side=side,
        )
    party = Party(side=side, commitment=commitment, length=length, revealed=0, last=commitment)
    parties = tuple(party if p.side == side else p for p in state.dice.parties)
    new = replace(state, dice=replace(state.dice, parties=parties))
    entry = {
        "index": len(state.history),
        "phase": COMMIT,
        "turn": state.turn,
        "player": side,
        "switch": target,
        "commitment": commitment,
        "length": length,
        "sig": sig,
    }
    return _sealed(state, new, entry)


# ------------------------------------------------------------------ what verify reports
def entry_problem(
    entry: Mapping[str, Any],
    index: int,
    history: Sequence[Mapping[str, Any]],
    current: GameState,
    keys: Mapping[str, str],
    game: str,
) -> Said | None:
    """A new commitment or a switch that is not what the referee writes: not signed by
    its side's committed key, a switch to a commitment that is not his pending one, or
    a switch before the opponent acknowledged the commitment."""
    side = str(entry.get("player"))
    commitment, length = entry.get("commitment"), entry.get("length")
    if (
        current.dice.mode != "two-party"
        or current.dice.party(side) is None
        or not isinstance(commitment, str)
        or not isinstance(length, int)
        or isinstance(length, bool)
        or length < 1
    ):
        return "rechain_malformed", {"side": side}
    before = history[:index]
    after = entry.get("prev_hash")
    if is_rechain(entry):
        content = rechain_content(game, after, side, commitment, length)
        if not signing.valid(keys.get(side, ""), content, entry.get("sig")):
            return "rechain_unsigned", {"side": side}
        return None
    at = pending(before, side)
    target = history[at] if at is not None else None
    if (
        target is None
        or target.get("hash") != entry.get("switch")
        or (target.get("commitment"), target.get("length")) != (commitment, length)
    ):
        return "switch_unknown", {"side": side}
    content = switch_content(game, after, side, str(entry.get("switch")), commitment, length)
    if not signing.valid(keys.get(side, ""), content, entry.get("sig")):
        return "switch_unsigned", {"side": side}
    if acknowledged(before, int(at or 0), side) is None:
        return "switch_early", {"side": side, "index": at, "opponent": current.enemy_of(side)}
    return None


def switched(current: GameState, entry: Mapping[str, Any]) -> GameState:
    """The position after a switch entry: its side's chain starts at the new commitment."""
    side = str(entry.get("player"))
    commitment = str(entry.get("commitment"))
    party = Party(
        side=side,
        commitment=commitment,
        length=int(entry.get("length") or 0),
        revealed=0,
        last=commitment,
    )
    parties = tuple(party if p.side == side else p for p in current.dice.parties)
    return replace(current, dice=replace(current.dice, parties=parties))

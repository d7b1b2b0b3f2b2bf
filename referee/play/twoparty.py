"""Two-party dice (docs/pbem.md): two rivals by email, nobody else.

Each player commits, before the first phase, to the end of a hash chain of his
secret (``referee seed commit``: a ``commit`` history entry). The dice of a phase
are seeded by two reveals (the next elements of the chains): the phasing player's,
written in his orders, and his opponent's, given in a reveal file only after he has
seen those orders and bound to their hash and to the position (``after``). So the
phasing player cannot know the dice before his orders are fixed, nor change the
orders afterwards; the opponent cannot choose his reveal (his chain is fixed) and can
only withhold it, which stops the game where the file trail shows.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec import Struct
from msgspec.structs import replace

from referee.core.adjudicate import adjudicate
from referee.core.dice import NoDice, chain_element, chain_step
from referee.core.errors import InvalidInput, SeedError, os_data
from referee.core.model import GameState, Party, Problem
from referee.core.orders import OrderSet
from referee.core.pbemfiles import REVEAL_FORMAT, RevealFile
from referee.core.ruleset import Ruleset
from referee.core.typed import decode
from referee.play.hashing import orders_hash, state_hash
from referee.play.history import COMMIT, phases_applied, seal

DEFAULT_LENGTH = 1000  # reveals per player: 5 phases a turn + the opponent's dice phases


class Reveal(Struct, frozen=True):
    """An opponent's reveal for one phase (a ``referee-reveal/1`` file)."""

    game: str
    turn: int
    player: str  # whose phase
    phase: str
    by: str  # who reveals: the phasing player's opponent
    index: int  # which element of his chain (1 = the first after the commitment)
    after: str  # hash of the last history entry of the position it was given for
    orders: str  # hash of the orders it was given for (hashing.orders_hash)
    reveal: str

    def to_data(self) -> dict[str, Any]:
        return {
            "format": REVEAL_FORMAT,
            "game": self.game,
            "turn": self.turn,
            "player": self.player,
            "phase": self.phase,
            "by": self.by,
            "index": self.index,
            "after": self.after,
            "orders": self.orders,
            "reveal": self.reveal,
        }


def read_reveal(data: Any) -> tuple[Reveal | None, list[Problem]]:
    if not isinstance(data, Mapping):
        return None, [
            Problem(
                "",
                code="reveal.not_mapping",
            )
        ]
    try:
        file = decode(RevealFile, data)
    except InvalidInput as exc:
        return None, list(exc.problems)
    fields = msgspec.structs.asdict(file)
    del fields["format"]
    return Reveal(**fields), []


def order_set_hash(orders: OrderSet) -> str:
    return orders_hash(orders.turn, orders.player, orders.phase, orders.raw, orders.reveal)


def party_of(state: GameState, side: str, file: str | None = None) -> Party:
    party = state.dice.party(side)
    if party is None:
        raise InvalidInput(
            Problem(
                "dice.parties",
                file=file,
                code="twoparty.not_committed",
                data={"side": side},
            )
        )
    if party.remaining < 1:
        raise InvalidInput(
            Problem(
                f"dice.parties.{side}",
                file=file,
                code="twoparty.chain_used_up",
                data={"side": side, "length": party.length},
            )
        )
    return party


def check_author_reveal(state: GameState, orders: OrderSet, file: str | None) -> None:
    """The reveal in the orders must be the author's next chain element."""
    if orders.reveal is None:
        return
    party = party_of(state, orders.player, file)
    if chain_step(orders.reveal) != party.last:
        raise SeedError(
            Problem(
                "reveal",
                file=file,
                code="reveal.off_chain",
                data={"side": orders.player, "last": party.last[:16], "hint_code": "author_reveal"},
            )
        )


def check_opponent_reveal(
    state: GameState, orders: OrderSet, reveal: Reveal, file: str | None
) -> None:
    """The opponent's reveal must be his next element, for this game, this position
    and exactly these orders."""

    def refuse(path: str, code: str, **data: Any) -> SeedError:
        return SeedError(Problem(path, file=file, code=code, data=data or None))

    if reveal.game != state.game:
        raise refuse(
            "game",
            code="reveal.other_game",
            given=reveal.game,
            game=state.game,
        )
    if (reveal.turn, reveal.player, reveal.phase) != (state.turn, state.player, state.phase):
        raise refuse(
            "phase",
            code="reveal.other_moment",
            given={"turn": reveal.turn, "player": reveal.player, "phase": reveal.phase},
            now={"turn": state.turn, "player": state.player, "phase": state.phase},
        )
    if reveal.by == state.player:
        raise refuse(
            "by",
            code="reveal.own",
            player=state.player,
        )
    if state.dice.party(reveal.by) is None or reveal.by not in state.side_ids():
        raise refuse(
            "by",
            code="reveal.not_committed",
            by=reveal.by,
        )
    last = state.history[-1].get("hash") if state.history else None
    if reveal.after != last:
        raise refuse(
            "after",
            code="reveal.other_position",
        )
    mine = order_set_hash(orders)
    if reveal.orders != mine:
        raise refuse(
            "orders",
            code="reveal.other_orders",
            given=reveal.orders[:16],
            want=mine[:16],
        )
    party = party_of(state, reveal.by, file)
    if chain_step(reveal.reveal) != party.last:
        raise refuse(
            "reveal",
            code="reveal.off_chain",
            side=reveal.by,
            last=party.last[:16],
            hint_code="opponent_reveal",
        )


def advance(state: GameState, reveals: Mapping[str, str]) -> GameState:
    """The dice settings after ``reveals`` were used: each party moves one element."""
    if not reveals:
        return state
    parties = tuple(
        replace(p, revealed=p.revealed + 1, last=reveals[p.side]) if p.side in reveals else p
        for p in state.dice.parties
    )
    return replace(state, dice=replace(state.dice, parties=parties))


def pending_dice(state: GameState, orders: OrderSet) -> NoDice:
    """Dice of a two-party phase whose reveals are not all there: the first roll
    stops the phase and says what is missing and who does what."""
    opponent = state.enemy_of(state.player)
    return NoDice(
        code="twoparty.dice_pending",
        player=state.player,
        opponent=opponent,
        author_reveal=orders.reveal is not None,
    )


class _Rolled(Exception):
    def __init__(self, purpose: str) -> None:
        super().__init__(purpose)
        self.purpose = purpose


class _Probe:
    def __init__(self) -> None:
        self.rolls: list[Any] = []

    def roll(self, purpose: str) -> int:
        raise _Rolled(purpose)


def first_roll(state: GameState, orders: OrderSet, rs: Ruleset) -> str | None:
    """The purpose of the first die the phase rolls, or None if it rolls none.
    Whether a phase rolls at all does not depend on any die (none is rolled before
    the first), so this is known before anybody reveals."""
    try:
        adjudicate(state, orders, rs, _Probe())
    except _Rolled as rolled:
        return rolled.purpose
    return None


# ------------------------------------------------------------------ commitments
def commit(
    state: GameState,
    side: str,
    commitment: str,
    length: int,
    secret: str | None = None,
    signed: tuple[str, str] | None = None,
) -> GameState:
    """Record a player's commitment (a ``commit`` history entry); with his ``secret``,
    also the public key of the signing key it carries and its signature of the entry
    (docs/pbem.md §Signatures); ``signed``: that key and signature as another player's
    referee recorded them (a commitment received by mail), checked here."""
    if state.dice.mode != "two-party":
        raise InvalidInput(
            Problem(
                "dice.mode",
                code="twoparty.not_two_party",
                data={"mode": state.dice.mode},
            )
        )
    if side not in state.side_ids():
        raise InvalidInput(
            Problem(
                "--side",
                code="state.no_side",
                data={"side": side, "suggest": {"one_of": list(state.side_ids())}},
            )
        )
    if state.dice.party(side) is not None:
        raise InvalidInput(
            Problem(
                f"dice.parties.{side}",
                code="twoparty.committed",
                data={"side": side},
            )
        )
    if phases_applied(state):
        raise InvalidInput(
            Problem(
                "history",
                code="twoparty.commit_late",
            )
        )
    party = Party(side=side, commitment=commitment, length=length, revealed=0, last=commitment)
    new = replace(state, dice=replace(state.dice, parties=(*state.dice.parties, party)))
    prev = state.history[-1].get("hash")
    entry: dict[str, Any] = {
        "index": len(state.history),
        "phase": COMMIT,
        "turn": state.turn,
        "player": side,
        "commitment": commitment,
        "length": length,
    }
    if secret is not None:
        from referee.play import signing

        key = signing.public_key(secret)
        game = signing.game_id(state.history, state)
        entry["key"] = key
        entry["sig"] = signing.sign(
            secret, signing.commit_content(game, prev, side, commitment, length, key)
        )
    elif signed is not None:
        from referee.play import signing

        game = signing.game_id(state.history, state)
        if not signing.valid(
            signed[0],
            signing.commit_content(game, prev, side, commitment, length, signed[0]),
            signed[1],
        ):
            raise InvalidInput(
                Problem(
                    "sig",
                    code="sign.commit_unsigned",
                    data={"side": side},
                )
            )
        entry["key"], entry["sig"] = signed
    entry = seal({**entry, "state_hash": state_hash(new), "prev_hash": prev})
    return replace(new, history=(*state.history, entry))


def side_of_secret(state: GameState, secret: str) -> Party | None:
    """The committed party whose chain this secret makes, if any."""
    for party in state.dice.parties:
        if chain_element(secret, party.length) == party.commitment:
            return party
    return None


def next_reveal(secret: str, party: Party) -> str:
    return chain_element(secret, party.length - party.revealed - 1)


# ------------------------------------------------------------------ the reveal log
def log_path(secret_file: str) -> str:
    return secret_file + ".reveals"


def read_log(path: str) -> list[dict[str, Any]]:
    """The records of a reveal log (none if there is no log yet), read within the
    bounds of every file (``referee.io.jsonfile``: size, nesting, values, a key given
    twice; each problem with its line), each decoded as the ``RevealFile`` it is."""
    from referee.core.errors import FileAccessError
    from referee.io.jsonfile import load_json_lines

    if not os.path.lexists(path):
        return []
    try:
        doc = load_json_lines(path)
        if doc is None:
            return []
        try:
            decode(tuple[RevealFile, ...], doc.data)
        except InvalidInput as exc:
            raise InvalidInput(doc.locate(list(exc.problems))) from None
    except FileAccessError as exc:
        said = exc.problems[0]
        reason = str((said.data or {}).get("reason") or said.message)
        raise InvalidInput(
            Problem(
                "",
                file=path,
                code="twoparty.log_unreadable",
                data={**(said.data or {}), "reason": reason},
            )
        ) from None
    except InvalidInput as exc:  # said by line: `[3].reveal` is `reveal` of line 4
        raise InvalidInput(
            [replace(p, path=p.path.split("]", 1)[-1].lstrip(".")) for p in exc.problems]
        ) from None
    return list(doc.data)


def record_reveal(secret_file: str, reveal: Reveal) -> None:
    """Keep, beside the secret, which element was revealed for which orders, and
    refuse to reveal one element for two different orders or positions: that would
    show the phasing player the dice of his second orders before he sends them."""
    path = log_path(secret_file)
    key = (reveal.game, reveal.by, reveal.index)
    for old in read_log(path):
        if (old.get("game"), old.get("by"), old.get("index")) != key:
            continue
        if (old.get("after"), old.get("orders")) == (reveal.after, reveal.orders):
            return  # the same reveal again: harmless
        raise SeedError(
            Problem(
                "",
                file=path,
                code="twoparty.revealed_twice",
                data={
                    "index": reveal.index,
                    "moment": {
                        "turn": old.get("turn"),
                        "player": old.get("player"),
                        "phase": old.get("phase"),
                    },
                    "orders": str(old.get("orders"))[:16],
                },
            )
        )
    record = json.dumps(reveal.to_data(), sort_keys=True, ensure_ascii=False)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
    try:
        fd = os.open(path, flags, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as fh:
            fh.write(record + "\n")
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as exc:
        raise InvalidInput(
            Problem(
                "",
                file=path,
                code="twoparty.log_unwritable",
                data=os_data(exc),
            )
        ) from None

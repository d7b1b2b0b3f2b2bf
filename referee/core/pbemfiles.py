r"""The files of a game by email (docs/pbem.md), declared once as frozen
``msgspec.Struct``\ s (``referee.core.typed``): the reveal file (``referee-reveal/1``), the
mail's body (``referee-mail/1``: ``MailFile``, its ``steps`` and ``pending`` items) and a
game folder's ledger (``ledger.json``, ``referee-pbem-ledger/1``).

They are the decoders (``typed.decode``: every problem of a file at once, located, with
"did you mean"), the JSON Schemas of ``referee schema reveal|mail|ledger`` and the key
reference of docs/formats.md. What a mail means (its sequence, the hashes its steps
give, its signatures) is checked by ``referee.play.mailgame`` once its shape is right.
Pure data.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from referee.core.choices import ChoiceEntry
from referee.core.model import Phase
from referee.core.state_file import (
    ID_PATTERN,
    MAX_ID,
    MAX_NAME,
    SHA_PATTERN,
    ChainLength,
    Count,
    Index,
    Orders,
    Sha,
    Sig,
    Turn,
)
from referee.core.typed import Keyed, Rec, Ruled, doc

REVEAL_FORMAT = "referee-reveal/1"
MAIL_FORMAT = "referee-mail/1"
LEDGER_FORMAT = "referee-pbem-ledger/1"

# ------------------------------------------------------------------------ the reveal file
_NOT_HEX64 = ("reveal.not_hex64",)
Hex64 = Annotated[str, msgspec.Meta(pattern=SHA_PATTERN, extra={"problem": _NOT_HEX64})]


class RevealFile(Rec, frozen=True):
    """A reveal file (``referee-reveal/1``, docs/pbem.md): the opponent's next reveal
    for one phase, bound to the position and to the orders it was given for. A line of
    the reveal log kept beside a secret (``SECRET.reveals``) is one too."""

    format: Annotated[
        Literal["referee-reveal/1"],
        msgspec.Meta(
            extra={
                "problem": ("file.format", {"format": REVEAL_FORMAT, "hint_code": "write_value"})
            }
        ),
    ]
    game: Annotated[str, doc("the game's id")]
    turn: Annotated[int, doc("the turn of the phase")]
    player: Annotated[str, doc("whose phase it is")]
    phase: Annotated[str, doc("the phase")]
    by: Annotated[str, doc("who reveals: the phasing player's opponent")]
    index: Annotated[int, doc("which element of his chain (1: the first after the commitment)")]
    after: Annotated[Hex64, doc("hash of the last history entry of the position")]
    orders: Annotated[Hex64, doc("hash of the orders it was given for")]
    reveal: Annotated[Hex64, doc("the reveal: the next element of his hash chain")]


# ------------------------------------------------------------------------ the mail's body
# sides and games as the referee writes them in a mail: text (a number is not a side)
Side = Annotated[
    str,
    msgspec.Meta(
        pattern=f"^(?:{ID_PATTERN})$",
        max_length=MAX_ID,
        extra={"hint_id": "id_letters"},
    ),
]
Game = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
MailKind = Literal[
    "invitation", "answer", "orders", "turn", "handback", "end", "proposal", "refusal", "rollback"
]
OwnersChoices = dict[Side, Annotated[dict[str, Any], doc("a side's signed choices")]]
Choices = tuple[str | ChoiceEntry, ...]


def _missing(keys: tuple[str, ...], data: Keyed, types: Any) -> list[tuple[Any, ...]]:
    """A ``rules`` problem for each of ``keys`` not given (``types``: the fields' kinds)."""
    out = []
    for key in keys:
        if data.get(key) is None:
            out.append((key, "spec.missing", {"key": key, "expected": types[key]}))
    return out


_STEP_KINDS = {
    "turn": ["whole_number"],
    "player": ["text"],
    "phase": [["activation", "movement", "combat", "rout", "pursuit"]],
    "commitment": ["text"],
    "length": ["whole_number"],
    "sig": ["text"],
    "key": ["text"],
    "by": ["text"],
    "agreed_by": ["text"],
    "agreed_sig": ["text"],
}


class Step(Ruled, frozen=True, kw_only=True):
    """What it takes to make one history entry again, and the hash it must give: a
    commitment (``commit``), a rollback both players signed (``rollback``) or a phase
    (``turn``, ``player``, ``phase``, its orders as written)."""

    commit: Annotated[Side | None, doc("a commitment: the side committing")] = None
    commitment: Annotated[Sha | None, doc("commit: the end of the side's hash chain")] = None
    length: Annotated[ChainLength | None, doc("commit: the chain's length")] = None
    key: Annotated[Sha | None, doc("commit: the side's Ed25519 public key")] = None
    rechain: Annotated[bool | None, doc("commit: true for a new chain (referee pbem rechain)")] = (
        None
    )
    switch: Annotated[Sha | None, doc("commit: the new chain's commitment entry switched to")] = (
        None
    )
    rollback: Annotated[Index | None, doc("a rollback: the history entry returned to")] = None
    by: Annotated[Side | None, doc("rollback: the player who proposed it")] = None
    agreed_by: Annotated[Side | None, doc("rollback: the player who agreed to it")] = None
    agreed_sig: Annotated[Sig | None, doc("rollback: his signature of it")] = None
    sig: Annotated[Sig | None, doc("commit or rollback: its author's signature")] = None
    turn: Annotated[Turn | None, doc("a phase: its turn")] = None
    player: Annotated[Side | None, doc("a phase: whose phase it is")] = None
    phase: Annotated[Phase | None, doc("a phase: which phase")] = None
    orders: Annotated[Orders | None, doc("a phase: its orders as written")] = None
    reveals: Annotated[
        dict[Side, Annotated[Sha, doc("a reveal")]] | None,
        doc("a phase with two-party dice: each player's reveal"),
    ] = None
    signed: Annotated[Sig | None, doc("a phase: its player's signature of the orders")] = None
    signed_at: Annotated[Sha | None, doc("standing orders: the position they were signed on")] = (
        None
    )
    nobody_decides: Annotated[bool | None, doc("a phase with nothing to decide, unsigned")] = None
    choices: Annotated[OwnersChoices | None, doc("a phase: the owners' signed choices")] = None
    hash: Annotated[Sha, doc("the hash of the entry it makes")]

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        if data.get("rollback") is not None:
            return _missing(("by", "sig", "agreed_by", "agreed_sig"), data, _STEP_KINDS)
        if data.get("commit") is not None:
            if data.get("switch") is not None:
                return _missing(("sig",), data, _STEP_KINDS)
            keys = ("commitment", "length", "sig") + (() if data.get("rechain") else ("key",))
            return _missing(keys, data, _STEP_KINDS)
        return _missing(("turn", "player", "phase"), data, _STEP_KINDS)


class PendingItem(Rec, frozen=True, kw_only=True):
    """The sender's orders for a phase that needs the receiver (his reveal for its dice,
    or his choices), or standing orders of a later phase of that player-turn."""

    turn: Annotated[Turn, doc("the turn of the phase")]
    player: Annotated[Side, doc("whose phase it is: the sender")]
    phase: Annotated[Phase, doc("the phase")]
    orders: Annotated[Orders, doc("its orders as written")] = ()
    reveal: Annotated[Sha | None, doc("the sender's reveal for its dice")] = None
    signed: Annotated[Sig | None, doc("the sender's signature of the orders")] = None
    signed_at: Annotated[Sha | None, doc("standing orders: the position they were signed on")] = (
        None
    )
    after_dice: Annotated[
        bool | None, doc("rout: handed back to the sender if it asks him a decision")
    ] = None
    choices: Annotated[OwnersChoices | None, doc("the sender's own signed choices")] = None


class Proposal(Rec, frozen=True, kw_only=True):
    """A rollback proposal (docs/pbem.md §Rollback by mail), signed by its author on
    his copy's last entry."""

    to: Annotated[Index, doc("the history entry to return to")]
    by: Annotated[Side, doc("who proposes it")]
    after: Annotated[Sha, doc("the last entry of his copy")]
    sig: Annotated[Sig, doc("his signature of it")]


class MailFile(Rec, frozen=True, kw_only=True):
    """A mail's body (``referee-mail/1``, docs/pbem.md): what the receiver's copy
    lacks, signed by its sender; never a state."""

    format: Annotated[
        Literal["referee-mail/1"],
        msgspec.Meta(
            description=f"the file kind and version: {MAIL_FORMAT}",
            extra={"problem": ("pbem.not_a_mail", {"format": MAIL_FORMAT})},
        ),
    ]
    game: Annotated[Game, doc("the game's id")]
    kind: Annotated[MailKind, doc("what the mail is")]
    sender: Annotated[Side, doc("the side who sends it")]
    receiver: Annotated[Side, doc("the side it is for")]
    number: Annotated[int, doc("its number in the game, from 1", ge=1)]
    scenario: Annotated[tuple[str, ...] | None, doc("invitation: the scenario, as its lines")] = (
        None
    )
    house_rules: Annotated[
        dict[str, Any] | None, doc("invitation: the house rules the game is played with")
    ] = None
    start: Annotated[Sha | None, doc("invitation: the hash of the start entry it gives")] = None
    after: Annotated[
        Sha | None, doc("the hash of the last history entry both copies hold: it applies there")
    ] = None
    steps: Annotated[tuple[Step, ...], doc("every history entry the sender made since")] = ()
    rollback: Annotated[Proposal | None, doc("the sender's rollback proposal")] = None
    pending: Annotated[
        tuple[PendingItem, ...], doc("the sender's orders for the phases that need the receiver")
    ] = ()
    standing_choices: Annotated[
        Choices | None, doc("the sender's standing choices as owner in the receiver's phases")
    ] = None
    signature: Annotated[Sig | None, doc("the sender's signature of all the rest")] = None


# ------------------------------------------------------------------------------ the ledger
class LedgerMail(Rec, frozen=True, kw_only=True):
    """A mail the folder sent or received."""

    number: Annotated[int, doc("its number in the game", ge=1)]
    direction: Annotated[Literal["sent", "received"], doc("sent or received")]
    file: Annotated[
        str,
        doc(
            "where it is kept in the folder",
            pattern="^(?:outbox|inbox)/[0-9]{3,}-[a-z]+\\.eml$",
            extra={"example": "outbox/001-invitation.eml"},
        ),
    ]
    kind: Annotated[MailKind, doc("what the mail is")]
    sha256: Annotated[Sha, doc("the SHA-256 of the message as kept")]
    after: Annotated[Sha | None, doc("the entry it applies after")] = None
    entries: Annotated[Count, doc("the history entries it carries")] = 0
    pending: Annotated[Count, doc("its pending phases")] = 0
    bytes: Annotated[
        Annotated[int, msgspec.Meta(ge=0)] | None, doc("a sent mail: its size in bytes")
    ] = None


ChainFile = Annotated[
    str,
    doc(
        "a secret file of the folder",
        pattern="^chain-[0-9]+\\.txt$",
        extra={"example": "chain-2.txt"},
    ),
]


class Ledger(Rec, frozen=True, kw_only=True):
    """A game folder's ledger (``ledger.json``, docs/pbem.md): the game, the sides,
    every mail sent and received, and where the exchange stands (the keys ``referee
    pbem new`` and ``join`` write are required: ``shared`` is null until then)."""

    format: Annotated[
        Literal["referee-pbem-ledger/1"],
        msgspec.Meta(
            description=f"the file kind and version: {LEDGER_FORMAT}",
            extra={"problem": ("pbem.ledger_format",)},
        ),
    ]
    game: Annotated[Game, doc("the game's id")]
    side: Annotated[Side, doc("the side this folder plays")]
    opponent: Annotated[Side, doc("the other side")]
    shared: Annotated[Sha | None, doc("the hash of the last history entry both copies hold")]
    last_number: Annotated[int, doc("the number of the last mail sent or received", ge=0)]
    waiting: Annotated[bool, doc("true while the opponent has the move")]
    mails: Annotated[tuple[LedgerMail, ...], doc("every mail, in order")]
    chain: Annotated[ChainFile | None, doc("my current dice chain's secret, if not secret.txt")] = (
        None
    )
    next_chain: Annotated[
        ChainFile | None, doc("my new chain, until the opponent acknowledges it")
    ] = None
    proposal: Annotated[Proposal | None, doc("the opponent's rollback proposal to answer")] = None
    proposed: Annotated[Proposal | None, doc("my rollback proposal, until answered")] = None
    my_choices: Annotated[Choices | None, doc("my standing choices as owner")] = None
    choices_unsent: Annotated[bool | None, doc("true until my next mail carries them")] = None
    their_choices: Annotated[Choices | None, doc("the opponent's standing choices")] = None

"""Every decision signed by its author (docs/pbem.md §Signatures).

In a two-party game each player commits, with his hash chain, to an Ed25519 public key
(the ``key`` of his ``commit`` entry, with a signature by that key proving he holds
it). From then on every history entry made in a side's name carries that side's
signature over what the side decided, bound to the game and to the position it was
decided on (the hash of the last history entry, ``after``):

- a phase: its orders (``orders_hash``: turn, player, phase, orders, reveal), in the
  entry's ``signed``; a rout or pursuit phase that leaves its player nothing to decide
  (no orders, no choice open) may be applied by either player and is marked
  ``nobody_decides: true`` instead;
- a choices file: ``choices.<side>.sig``;
- a rollback: ``by`` and ``sig``;
- a commitment: ``key`` and ``sig``.

The signing key is derived from the player's two-party secret (SHA-256 of a fixed
label and the secret: the chain and the key never share a value), so the secret file
carries it and nothing else has to be kept. ``cryptography`` is imported only when a
key is made or a signature checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.model import GameState
from referee.play.hashing import canonical_json, orders_hash

SIGNATURE_LABEL = b"referee-signature/1\n"
_KEY_LABEL = b"referee-ed25519/1\n"
HEX128 = "[0-9a-f]{128}"


def _private(secret: str) -> Any:
    import hashlib  # here: OpenSSL's 2-3 ms of loading, for the commands that sign

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    seed = hashlib.sha256(_KEY_LABEL + secret.encode("utf-8")).digest()
    return Ed25519PrivateKey.from_private_bytes(seed)


def public_key(secret: str) -> str:
    """The public key of the signing key a two-party secret carries, as 64 hex digits."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    raw = _private(secret).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    return bytes(raw).hex()


def _message(content: Mapping[str, Any]) -> bytes:
    return SIGNATURE_LABEL + canonical_json(dict(content)).encode("utf-8")


def sign(secret: str, content: Mapping[str, Any]) -> str:
    """The signature of ``content`` (canonical JSON) by the key of ``secret``: 128 hex."""
    return bytes(_private(secret).sign(_message(content))).hex()


def valid(key: str, content: Mapping[str, Any], signature: Any) -> bool:
    """Whether ``signature`` is the signature of ``content`` by public key ``key``."""
    if not isinstance(signature, str) or len(signature) != 128 or not isinstance(key, str):
        return False
    try:
        raw_sig, raw_key = bytes.fromhex(signature), bytes.fromhex(key)
    except ValueError:
        return False
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(raw_key).verify(raw_sig, _message(content))
    except (InvalidSignature, ValueError):
        return False
    return True


# ------------------------------------------------------------------ what is signed
def orders_content(
    game: str,
    after: str | None,
    turn: Any,
    player: Any,
    phase: Any,
    raw: Sequence[Any],
    reveal: str | None,
) -> dict[str, Any]:
    """A phase's orders on a position (empty orders included)."""
    return {
        "kind": "orders",
        "game": game,
        "after": after,
        "orders": orders_hash(turn, player, phase, raw, reveal),
    }


def choices_content(
    game: str,
    after: str | None,
    turn: Any,
    player: Any,
    phase: Any,
    by: str,
    answers: str | None,
    raw: Sequence[Any],
) -> dict[str, Any]:
    """An owner's choices for a phase, answering the orders ``answers`` (their hash)."""
    return {
        "kind": "choices",
        "game": game,
        "after": after,
        "by": by,
        "answers": answers,
        "choices": orders_hash(turn, player, phase, raw, None),
    }


def commit_content(
    game: str, after: str | None, side: str, commitment: str, length: int, key: str
) -> dict[str, Any]:
    return {
        "kind": "commit",
        "game": game,
        "after": after,
        "side": side,
        "commitment": commitment,
        "length": length,
        "key": key,
    }


def rollback_content(game: str, after: str | None, by: str, to: int) -> dict[str, Any]:
    return {"kind": "rollback", "game": game, "after": after, "by": by, "to": to}


# ------------------------------------------------------------------ the game's keys
def keys_of(history: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """The public keys committed in a history, by side (commit entries with a key)."""
    out: dict[str, str] = {}
    for entry in history:
        if entry.get("phase") == "commit" and isinstance(entry.get("key"), str):
            out[str(entry.get("player"))] = str(entry["key"])
    return out


def game_id(history: Sequence[Mapping[str, Any]], state: GameState | None = None) -> str:
    """The game's id as its start entry says it (else the state's)."""
    if history and isinstance(history[0].get("game"), str):
        return str(history[0]["game"])
    return state.game if state is not None else ""


def side_of(state: GameState, secret: str) -> str | None:
    """The side whose committed key this secret makes, if any."""
    keys = keys_of(state.history)
    if not keys:
        return None
    mine = public_key(secret)
    return next((side for side, key in keys.items() if key == mine), None)

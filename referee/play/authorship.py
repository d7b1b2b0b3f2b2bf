"""Who made each decision (docs/pbem.md §Signatures): what ``adjudicate`` requires of
a phase before applying it, and what ``verify`` reports of an entry, in a two-party game
whose players committed signing keys (``referee.play.signing``).

A phase entry is the phasing player's: it carries his signature of its orders
(``signed``), or, for a rout or pursuit phase played without orders that left him
nothing to choose, ``nobody_decides: true`` (either player may apply it). Each
choices file recorded in it carries its owner's signature (``choices.<side>.sig``). A
rollback names its author (``by``), who signs it, and undoes only entries that were
not another player's decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.choices import ChoiceSet
from referee.core.errors import InvalidInput
from referee.core.model import GameState, Problem
from referee.core.orders import OrderSet
from referee.core.ruleset import Ruleset
from referee.play import signing

NO_ORDERS_PHASES = ("rout", "pursuit")


def nobody_decides(state: GameState, raw: Sequence[Any], rs: Ruleset) -> bool:
    """A rout or pursuit phase with no orders that leaves its player nothing to choose
    (the rule of ``adjudicate`` without an orders file): either player may apply it."""
    if state.phase not in NO_ORDERS_PHASES or raw:
        return False
    from referee.core.skeleton import skeleton

    return not skeleton(state, rs).choices


def required(state: GameState) -> dict[str, str]:
    """The keys of the game's parties when signatures are required (a two-party game
    whose players committed keys), else nothing."""
    if state.dice.mode != "two-party":
        return {}
    return signing.keys_of(state.history)


def _after(state: GameState) -> str | None:
    return state.history[-1].get("hash") if state.history else None


def orders_signed(state: GameState, orders: OrderSet, signed_at: str | None = None) -> bool:
    """Whether the orders carry their author's valid signature on this position (or, for
    standing orders, on ``signed_at``: an earlier position of the same player-turn)."""
    keys = required(state)
    key = keys.get(orders.player)
    if signed_at is not None and not standing_position(
        state.history, signed_at, orders.turn, orders.player
    ):
        return False
    return key is not None and signing.valid(
        key,
        signing.orders_content(
            signing.game_id(state.history, state),
            signed_at or _after(state),
            orders.turn,
            orders.player,
            orders.phase,
            orders.raw,
            orders.reveal,
        ),
        orders.signature,
    )


def standing_position(
    history: Sequence[Mapping[str, Any]], signed_at: str, turn: Any, player: Any
) -> bool:
    """Whether ``signed_at`` is the hash of an entry after which the history holds only
    phases of this player-turn: where standing orders for its later phases (rout,
    pursuit) were given, with the orders of the phase that needed the opponent."""
    for j in range(len(history) - 1, -1, -1):
        if history[j].get("hash") == signed_at:
            return True
        if (history[j].get("turn"), history[j].get("player")) != (turn, player) or history[j].get(
            "phase"
        ) in ("start", "commit", "rollback"):
            return False
    return False


def sign_orders(state: GameState, orders: OrderSet, secret: str) -> str:
    return signing.sign(
        secret,
        signing.orders_content(
            signing.game_id(state.history, state),
            _after(state),
            orders.turn,
            orders.player,
            orders.phase,
            orders.raw,
            orders.reveal,
        ),
    )


def choices_content(state: GameState, cs: ChoiceSet) -> dict[str, Any]:
    return signing.choices_content(
        signing.game_id(state.history, state),
        cs.after,
        cs.turn,
        cs.player,
        cs.phase,
        cs.by,
        cs.orders,
        cs.raw,
    )


def phase_entry(
    state: GameState,
    orders: OrderSet,
    rs: Ruleset,
    secret: str | None,
    orders_file: str | None,
    choices: Sequence[ChoiceSet] = (),
    choice_files: Sequence[str | None] = (),
    signed_at: str | None = None,
) -> dict[str, Any]:
    """What the phase's history entry records of its authors (``signed``, with
    ``signed_at`` for standing orders given on an earlier position of the player-turn,
    or ``nobody_decides``); refuses orders or choices their author did not sign."""
    keys = required(state)
    if not keys:
        return {}
    for k, cs in enumerate(choices):
        key = keys.get(cs.by, "")  # once a key is committed, every side signs
        file = choice_files[k] if k < len(choice_files) else None
        if not signing.valid(key, choices_content(state, cs), cs.signature):
            raise InvalidInput(
                Problem(
                    "signature",
                    file=file,
                    code="sign.choices_unsigned" if cs.signature is None else "sign.choices_bad",
                    data={"by": cs.by, "player": cs.by},
                )
            )
    author = state.player  # once a key is committed, every side signs (no key: nothing
    if orders.signature is not None:  # is valid, but a phase nobody decides)
        if orders_signed(state, orders, signed_at):
            return (
                {"signed": orders.signature}
                if signed_at in (None, _after(state))
                else {"signed": orders.signature, "signed_at": signed_at}
            )
        raise InvalidInput(
            Problem(
                "signature",
                file=orders_file,
                code="sign.orders_bad",
                data={"player": author},
            )
        )
    if secret is not None and signing.side_of(state, secret) == author:
        return {"signed": sign_orders(state, orders, secret)}
    if nobody_decides(state, orders.raw, rs):
        return {"nobody_decides": True}
    raise InvalidInput(
        Problem(
            "signature" if orders_file else "ORDERS",
            file=orders_file or None,
            code="sign.orders_unsigned",
            data={"player": author},
        )
    )


# ------------------------------------------------------------------ what verify reports
Said = tuple[str, dict[str, Any]]  # a finding's code (``problem.verify.<code>``) and data


def commit_problem(entry: Mapping[str, Any], game: str) -> Said | None:
    """A commitment that carries a key must be signed by it."""
    key = entry.get("key")
    if key is None:
        return None
    content = signing.commit_content(
        game,
        entry.get("prev_hash"),
        str(entry.get("player")),
        str(entry.get("commitment")),
        entry.get("length") or 0,
        str(key),
    )
    if not signing.valid(str(key), content, entry.get("sig")):
        return "commit_unsigned", {"side": entry.get("player")}
    return None


def phase_problems(
    entry: Mapping[str, Any],
    before: GameState,
    rs: Ruleset,
    keys: Mapping[str, str],
    game: str,
    raw: Sequence[Any],
    history: Sequence[Mapping[str, Any]] = (),
) -> list[Said]:
    """An applied phase whose author (or the owner of choices in it) did not sign."""
    if not keys:
        return []
    out: list[Said] = []
    author = str(entry.get("player"))
    key = keys.get(author, "")  # once a key is committed, every side signs
    reveals = entry.get("reveals") if isinstance(entry.get("reveals"), Mapping) else {}
    assert isinstance(reveals, Mapping)
    if entry.get("nobody_decides") is True:
        if not nobody_decides(before, raw, rs):
            out.append(("not_nobodys", {"player": author}))
    else:
        at = entry.get("signed_at")
        index = int(entry.get("index") or 0)
        content = signing.orders_content(
            game,
            at or entry.get("prev_hash"),
            entry.get("turn"),
            entry.get("player"),
            entry.get("phase"),
            raw,
            reveals.get(author),
        )
        if (
            at is not None
            and not standing_position(
                history[:index], str(at), entry.get("turn"), entry.get("player")
            )
        ) or not signing.valid(key, content, entry.get("signed")):
            out.append(("unsigned_phase", {"player": author}))
    stored = entry.get("choices")
    if isinstance(stored, Mapping):
        for by, rec in stored.items():
            owner_key = keys.get(str(by), "")
            if not isinstance(rec, Mapping):
                continue
            content = signing.choices_content(
                game,
                rec.get("after"),
                entry.get("turn"),
                entry.get("player"),
                entry.get("phase"),
                str(by),
                rec.get("orders"),
                list(rec.get("choices") or []),
            )
            if not signing.valid(owner_key, content, rec.get("sig")):
                out.append(("unsigned_choices", {"side": by}))
    return out


def rollback_problem(
    entry: Mapping[str, Any],
    history: Sequence[Mapping[str, Any]],
    keys: Mapping[str, str],
    game: str,
) -> Said | None:
    """A rollback in a game with keys: signed by its author, undoing only his own
    entries (or entries nobody decided)."""
    if not keys:
        return None
    by = entry.get("by")
    key = keys.get(str(by))
    to = entry.get("to")
    if (
        key is None
        or not isinstance(to, int)
        or not signing.valid(
            key,
            signing.rollback_content(game, entry.get("prev_hash"), str(by), to),
            entry.get("sig"),
        )
    ):
        return "unsigned_rollback", {}
    if entry.get("agreed_by") is not None:  # a rollback both players signed (by mail)
        return _agreement_problem(entry, keys, game)
    return _foreign_undone(entry, history)


def _agreement_problem(entry: Mapping[str, Any], keys: Mapping[str, str], game: str) -> Said | None:
    """A rollback that names the other player's agreement (``agreed_by``) carries his
    signature of it (docs/pbem.md §Rollback by mail)."""
    by, agreed_by, to = entry.get("by"), entry.get("agreed_by"), entry.get("to")
    content = signing.rollback_content(
        game, entry.get("prev_hash"), str(by), to if isinstance(to, int) else -1
    )
    if agreed_by == by or not signing.valid(
        keys.get(str(agreed_by), ""), content, entry.get("agreed_sig")
    ):
        return "unagreed_rollback", {"side": agreed_by}
    return None


def signed_rollback(state: GameState, to: int, secret: str | None) -> dict[str, Any]:
    """What a rollback entry records of its author (``by``, ``sig``) in a game with
    keys; refuses one without the author's secret or undoing another player's phase."""
    keys = required(state)
    if not keys:
        return {}
    by = signing.side_of(state, secret) if secret is not None else None
    if by is None:
        raise InvalidInput(
            Problem(
                "--secret",
                code="sign.rollback_unsigned",
            )
        )
    entry = {"index": len(state.history), "to": to, "by": by}
    said = _foreign_undone(entry, state.history)
    if said is not None:
        raise InvalidInput(Problem("--to", code=f"sign.{said[0]}", data=said[1]))
    game = signing.game_id(state.history, state)
    return {
        "by": by,
        "sig": signing.sign(
            secret or "", signing.rollback_content(game, state.history[-1].get("hash"), by, to)
        ),
    }


def _foreign_undone(entry: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> Said | None:
    by, to = entry.get("by"), entry.get("to")
    index = int(entry.get("index") or 0)
    assert isinstance(to, int)
    for j in range(to + 1, min(index, len(history))):
        undone = history[j]
        if undone.get("phase") in ("start", "commit", "rollback"):
            continue
        if undone.get("player") != by and undone.get("nobody_decides") is not True:
            return "rollback_foreign", {"by": by, "undone": j, "player": undone.get("player")}
    return None


def file_signer(history: Sequence[Mapping[str, Any]], item: OrderSet | ChoiceSet) -> str | None:
    """The side whose committed key signed an orders or choices file (orders: on any
    position of the history), else None: what ``verify --since`` reads a file's author
    from when no secret says who runs it."""
    keys = signing.keys_of(history)
    game = signing.game_id(history)
    if isinstance(item, ChoiceSet):
        content = signing.choices_content(
            game, item.after, item.turn, item.player, item.phase, item.by, item.orders, item.raw
        )
        return next(
            (side for side, key in keys.items() if signing.valid(key, content, item.signature)),
            None,
        )
    if not isinstance(item.signature, str):
        return None
    for entry in reversed(history):
        content = signing.orders_content(
            game, entry.get("hash"), item.turn, item.player, item.phase, item.raw, item.reveal
        )
        for side, key in keys.items():
            if signing.valid(key, content, item.signature):
                return side
    return None

"""Play by email by exchanging orders, not states (docs/pbem.md; issue 22).

Each player keeps his own copy of the game in a folder (``referee pbem new|join``): the
state (``game.yaml``), his two-party secret (``secret.txt``, 0600: his hash chain and
his signing key), the scenario, the orders he edits (``orders.yaml``), the mails he
wrote (``outbox/``) and received (``inbox/``), and a ledger (``ledger.json``) of every
mail sent and received.

A mail (``referee-mail/1``, in the text body of an RFC 5322 message) carries what the
receiver's copy lacks, never a state:

- ``after``: the hash of the last history entry both copies hold; the mail applies
  there and nowhere else;
- ``steps``: every history entry the sender made since, as what it takes to make it
  again (a commitment with its key and signature; a phase with its orders as written,
  the reveals, the author's signature, the owners' signed choices), each with the hash
  of the entry it must give: the receiver applies them with his own referee and a copy
  that diverged stops at the first entry whose hash differs;
- ``pending``: the sender's orders for the phase that needs the receiver (his reveal
  for its dice, or his choices), with the standing orders of the sender's later phases
  of that player-turn (rout, pursuit), each with the sender's reveal and his signature
  on the position they were given on. The receiver applies them with his own reveal
  and his default choices, and his next mail carries the entries they made.

The invitation carries the scenario (``scenario``: its lines) and the hash of the start
entry it gives. Mails are numbered; a mail applied twice, out of order, for another
game or for a past position is refused and the folder left as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from referee.core.adjudicate import Outcome
from referee.core.choices import ChoiceSet, ChoicesPending
from referee.core.errors import (
    BadText,
    FileAccessError,
    InvalidInput,
    OrdersNotForThisState,
    VerificationFailed,
    os_data,
)
from referee.core.model import GameState, Phase, Problem
from referee.core.orders import ORDERS_FORMAT, OrderSet, read_orders
from referee.core.pbemfiles import LEDGER_FORMAT, MAIL_FORMAT, Ledger, MailFile
from referee.core.ruleset import Ruleset
from referee.core.typed import decode, text_keys

GAME = "game.yaml"
SECRET = "secret.txt"
SCENARIO = "scenario.yaml"
ORDERS = "orders.yaml"
LEDGER = "ledger.json"
OUTBOX = "outbox"
INBOX = "inbox"
# given with the phase that needs the opponent
STANDING_PHASES: tuple[Phase, ...] = ("rout", "pursuit")
AFTER_DICE = "after_dice"  # `pursuit: after_dice` in a combat orders file: one more mail
MAIL_LIMIT = 10 * 1024


class Folder(Struct):
    """A player's game folder: its path and ledger."""

    path: str
    ledger: dict[str, Any]

    @property
    def side(self) -> str:
        return str(self.ledger["side"])

    @property
    def opponent(self) -> str:
        return str(self.ledger["opponent"])

    def file(self, name: str) -> str:
        return os.path.join(self.path, name)


# ------------------------------------------------------------------ folder and ledger
def _problem(path: str, code: str, file: str | None = None, **data: Any) -> Problem:
    """A problem said by its code and data (``problem.<code>`` in the catalogue)."""
    return Problem(path, file=file, code=code, data=data or None)


def open_folder(path: str) -> Folder:
    """A game folder made by ``referee pbem new`` or ``join``: its ledger read within the
    bounds of every file (``referee.io.jsonfile``: size, nesting, values, a key given
    twice) and decoded as the ``Ledger`` it declares, every problem located."""
    from referee.io.jsonfile import load_json_file

    ledger_path = os.path.join(path, LEDGER)
    if not os.path.lexists(ledger_path):
        raise FileAccessError(
            _problem(
                "",
                "pbem.not_a_folder",
                file=path,
            )
        )
    doc = load_json_file(ledger_path)
    ledger = doc.data
    if not isinstance(ledger, dict) or ledger.get("format") != LEDGER_FORMAT:
        raise InvalidInput(
            doc.locate(
                [
                    _problem(
                        "format" if isinstance(ledger, dict) else "",
                        "pbem.ledger_format",
                    )
                ]
            )
        )
    try:
        decode(Ledger, ledger)
    except InvalidInput as exc:
        raise InvalidInput(doc.locate(list(exc.problems))) from None
    return Folder(path, ledger)


def new_ledger(game: str, side: str, opponent: str) -> dict[str, Any]:
    return {
        "format": LEDGER_FORMAT,
        "game": game,
        "side": side,
        "opponent": opponent,
        "shared": None,
        "last_number": 0,
        "waiting": False,
        "mails": [],
    }


def make_folder(path: str) -> None:
    """A new folder (or an empty one) for a game, with its outbox and inbox (0700)."""
    if os.path.exists(path) and (not os.path.isdir(path) or os.listdir(path)):
        raise FileAccessError(
            _problem(
                "",
                "pbem.dir_exists",
                file=path,
            )
        )
    try:
        os.makedirs(os.path.join(path, OUTBOX), mode=0o700, exist_ok=True)
        os.makedirs(os.path.join(path, INBOX), mode=0o700, exist_ok=True)
        os.chmod(path, 0o700)
    except OSError as exc:
        raise FileAccessError(
            _problem(
                "",
                "pbem.dir_unwritable",
                file=path,
                **os_data(exc),
            )
        ) from None


def write_ledger(folder: Folder) -> None:
    from referee.io.files import atomic_write

    atomic_write(
        folder.file(LEDGER),
        # the characters as they are (not \u escapes: referee.io.jsonfile)
        json.dumps(folder.ledger, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
        mode=0o600,
    )


# ------------------------------------------------------------------ entries as steps
def step_of(entry: Mapping[str, Any]) -> dict[str, Any]:
    """What it takes to make a history entry again, and the hash it must give."""
    from referee.play.record import recorded_orders

    kind = entry.get("phase")
    if kind == "commit" and (entry.get("rechain") is True or entry.get("switch") is not None):
        chained: dict[str, Any] = {
            "commit": entry.get("player"),
            "commitment": entry.get("commitment"),
            "length": entry.get("length"),
        }
        if entry.get("rechain") is True:
            chained["rechain"] = True
        else:
            chained["switch"] = entry.get("switch")
        return {**chained, "sig": entry.get("sig"), "hash": entry.get("hash")}
    if kind == "commit":
        return {
            "commit": entry.get("player"),
            "commitment": entry.get("commitment"),
            "length": entry.get("length"),
            "key": entry.get("key"),
            "sig": entry.get("sig"),
            "hash": entry.get("hash"),
        }
    if kind == "rollback" and entry.get("agreed_by") is not None:  # both signed it
        return {
            "rollback": entry.get("to"),
            "by": entry.get("by"),
            "sig": entry.get("sig"),
            "agreed_by": entry.get("agreed_by"),
            "agreed_sig": entry.get("agreed_sig"),
            "hash": entry.get("hash"),
        }
    if kind in ("start", "rollback"):
        raise InvalidInput(
            _problem(
                "history",
                "pbem.step_kind",
                kind=kind,
            )
        )
    step: dict[str, Any] = {
        "turn": entry.get("turn"),
        "player": entry.get("player"),
        "phase": kind,
        "orders": recorded_orders(entry),
    }
    for key in ("reveals", "signed", "signed_at", "nobody_decides", "choices"):
        if entry.get(key) is not None:
            step[key] = entry[key]
    step["hash"] = entry.get("hash")
    return step


def _orders_of(state: GameState, item: Mapping[str, Any], reveal: Any, signature: Any) -> OrderSet:
    data = {
        "format": ORDERS_FORMAT,
        "turn": item.get("turn"),
        "player": item.get("player"),
        "phase": item.get("phase"),
        "orders": list(item.get("orders") or []),
    }
    if reveal is not None:
        data["reveal"] = reveal
    if signature is not None:
        data["signature"] = signature
    orders, problems = read_orders(data)
    if orders is not None:
        from referee.core.validate import check_orders

        problems = check_orders(state, orders)
        if orders.phase == "pursuit":  # standing orders, given before the combat, may
            # name a unit it removed: the phase refuses that order (not on the table)
            problems = [p for p in problems if p.code != "orders.no_id"]
    if problems or orders is None:
        raise InvalidInput([replace(p, path=f"steps.{p.path}") for p in problems])
    return orders


def _opponent_reveal(state: GameState, orders: OrderSet, by: str, value: str) -> Any:
    from referee.play.twoparty import Reveal, order_set_hash

    party = state.dice.party(by)
    return Reveal(
        game=state.game,
        turn=state.turn,
        player=state.player,
        phase=state.phase,
        by=by,
        index=(party.revealed + 1) if party else 0,
        after=str(state.history[-1].get("hash")),
        orders=order_set_hash(orders),
        reveal=value,
    )


def apply_step(
    state: GameState, rs: Ruleset, step: Mapping[str, Any]
) -> tuple[GameState, Outcome | None]:
    """Make one entry again from its step; refuse it if its hash is not the step's. The
    new state, and the phase's outcome (None for a commitment)."""
    from referee.play import choose_dice, owners, play
    from referee.play.authorship import phase_entry
    from referee.play.twoparty import commit

    outcome: Outcome | None = None
    if step.get("rollback") is not None:  # a rollback both players signed
        from referee.play.mailrollback import agreed

        offer = {"to": step["rollback"], "by": step.get("by"), "sig": step.get("sig")}
        new = agreed(state, rs, offer, str(step.get("agreed_by")), None, step.get("agreed_sig"))
    elif step.get("commit") is not None and (
        step.get("rechain") is True or step.get("switch") is not None
    ):
        from referee.play import rechain

        side, sig = str(step["commit"]), step.get("sig")
        if step.get("rechain") is True:
            length = int(step["length"])  # (the mail's declaration: a step's keys)
            new = rechain.recommit(state, side, str(step.get("commitment")), length, None, sig)
        else:
            new = rechain.switch(state, side, None, sig)
    elif step.get("commit") is not None:
        new = commit(
            state,
            str(step["commit"]),
            str(step.get("commitment")),
            int(step.get("length") or 0),
            None,
            (str(step.get("key")), str(step.get("sig"))),
        )
    else:
        moment = (step.get("turn"), step.get("player"), step.get("phase"))
        if moment != (state.turn, state.player, state.phase):
            raise VerificationFailed(
                _problem(
                    "steps",
                    "pbem.step_moment",
                    index=len(state.history),
                    given_turn=moment[0],
                    given_player=moment[1],
                    given_phase=moment[2],
                    turn=state.turn,
                    player=state.player,
                    phase=state.phase,
                )
            )
        reveals = step.get("reveals") or {}
        orders = _orders_of(state, step, reveals.get(state.player), step.get("signed"))
        opponent = state.enemy_of(state.player)
        reveal = (
            _opponent_reveal(state, orders, opponent, str(reveals[opponent]))
            if reveals.get(opponent) is not None
            else None
        )
        stored = step.get("choices") or {}
        sets = (
            owners.recorded(
                {
                    "choices": stored,
                    "turn": state.turn,
                    "player": state.player,
                    "phase": state.phase,
                }
            )
            if stored
            else []
        )
        sets = [replace(s, game=state.game) for s in sets]
        choice = choose_dice(state, orders, reveal=reveal)
        signed_at = step.get("signed_at")
        outcome = play(
            state,
            orders,
            rs,
            choice,
            choices=sets,
            wait_for_choices=True,
            authors=lambda: phase_entry(
                state, orders, rs, None, None, sets, signed_at=str(signed_at) if signed_at else None
            ),
        )
        new = outcome.state
    got = new.history[-1].get("hash")
    if got != step.get("hash"):
        index = len(state.history)
        raise VerificationFailed(
            _problem(
                f"steps (history[{index}])",
                "pbem.diverged",
                index=index,
                entry={
                    "index": index,
                    "turn": state.turn,
                    "player": state.player,
                    "phase": state.phase if step.get("commit") is None else "commit",
                },
                got=str(got)[:16],
                want=str(step.get("hash"))[:16],
            )
        )
    return new, outcome


def check_steps(
    steps: Sequence[Mapping[str, Any]], me: str, opponent: str, standing: Sequence[Any] = ()
) -> None:
    """In my phases the opponent applied for me (my standing orders), his choices are the
    documented defaults: he made them knowing the dice (docs/pbem.md §Timing), but for
    ``standing``, the standing choices his previous mail fixed before."""
    for i, step in enumerate(steps):
        stored = step.get("choices")
        if step.get("player") != me or not isinstance(stored, Mapping):
            continue
        mine = stored.get(opponent)
        given = list(mine.get("choices") or []) if isinstance(mine, Mapping) else []
        if isinstance(mine, Mapping) and given != standing_for(standing, str(step.get("phase"))):
            raise InvalidInput(
                _problem(
                    f"steps[{i}].choices.{opponent}",
                    "pbem.choices_after_dice",
                    opponent=opponent,
                    phase=step.get("phase"),
                )
            )


# ------------------------------------------------------------------ the phases I play
def needs_opponent(state: GameState, orders: OrderSet, rs: Ruleset) -> bool:
    """Whether a phase of mine needs the opponent: it rolls dice (his reveal) or asks him
    a decision (his choices)."""
    from referee.play import owners
    from referee.play.twoparty import first_roll

    if first_roll(state, orders, rs) is not None:
        return True
    try:
        owners.wait_for(state, orders, rs, ())
    except ChoicesPending:
        return True
    return False


def apply_mine(
    state: GameState, rs: Ruleset, orders: OrderSet, secret: str, mine: Sequence[ChoiceSet] = ()
) -> Outcome:
    """Apply a phase of mine that needs nobody else, signed with my key (``mine``: my
    own signed choices with it, the standing reactions of my units)."""
    from referee.play import choose_dice, play
    from referee.play.authorship import phase_entry

    choice = choose_dice(state, orders)
    return play(
        state,
        orders,
        rs,
        choice,
        choices=mine,
        wait_for_choices=True,
        authors=lambda: phase_entry(state, orders, rs, secret, None, mine),
    )


def reactions_problems(raw: Any, state: GameState) -> list[Problem]:
    """A ``reactions:`` list of an orders file (``U reaction evade|stand``): each a
    reaction of one of the player's own units."""
    from referee.core.choices import parse_choice

    if not isinstance(raw, list):
        return [
            _problem(
                "reactions",
                "pbem.reactions_not_list",
            )
        ]
    mine = {u.id for u in state.units() if u.side == state.player}
    problems = []
    for i, item in enumerate(raw):
        try:
            choice = parse_choice(item, i)
        except BadText as exc:
            problems.append(Problem(f"reactions[{i}]", code=exc.code, data=exc.data))
            continue
        if choice.kind != "reaction" or choice.unit not in mine:
            problems.append(
                _problem(
                    f"reactions[{i}]",
                    "pbem.reactions_item",
                    unit=choice.unit,
                    player=state.player,
                )
            )
    return problems


def owner_choices_problems(raw: Any, state: GameState) -> list[Problem]:
    """A ``choices:`` list of an orders file: my standing choices as the owner of my
    units in my opponent's next rout and pursuit phases (``U conform no``, ``U face E``,
    ``U choose F``: docs/pbem.md §Timing), each a choice of one of my own units."""
    from referee.core.choices import KIND_PHASES, parse_choice

    if not isinstance(raw, list):
        return [
            _problem(
                "choices",
                "pbem.owner_choices_not_list",
            )
        ]
    mine = {u.id for u in state.units() if u.side == state.player}
    mine |= {g.id for g in getattr(state.side(state.player), "leaders", ()) or ()}
    problems = []
    for i, item in enumerate(raw):
        try:
            choice = parse_choice(item, i)
        except BadText as exc:
            problems.append(Problem(f"choices[{i}]", code=exc.code, data=exc.data))
            continue
        if choice.kind == "reaction" or choice.kind not in KIND_PHASES or choice.unit not in mine:
            problems.append(
                _problem(
                    f"choices[{i}]",
                    "pbem.owner_choices_item",
                    unit=choice.unit,
                    player=state.player,
                )
            )
    return problems


def standing_for(raw: Sequence[Any], phase: str) -> list[Any]:
    """The standing owner's choices that a phase asks (conform and face: pursuit;
    choose: rout), in their order."""
    from referee.core.choices import KIND_PHASES, parse_choice

    out = []
    for i, item in enumerate(raw):
        try:
            choice = parse_choice(item, i)
        except ValueError:
            continue
        if phase in KIND_PHASES.get(choice.kind, ()) and choice.kind != "reaction":
            out.append(item)
    return out


def my_choices(
    state: GameState, orders: OrderSet, raw: Sequence[Any], secret: str
) -> list[ChoiceSet]:
    """My own choices with my phase (the standing reactions of my units), signed."""
    if not raw:
        return []
    from referee.core.choices import parse_choice
    from referee.play import signing
    from referee.play.authorship import choices_content
    from referee.play.owners import answered_orders

    cs = ChoiceSet(
        game=state.game,
        turn=state.turn,
        player=state.player,
        phase=state.phase,
        by=state.player,
        after=str(state.history[-1].get("hash")),
        orders=answered_orders(orders.turn, orders.player, orders.phase, orders.raw),
        choices=tuple(parse_choice(c, i) for i, c in enumerate(raw)),
        raw=tuple(raw),
    )
    return [replace(cs, signature=signing.sign(secret, choices_content(state, cs)))]


def standing(state: GameState, phase: str, raw: Sequence[Any] = ()) -> OrderSet:
    """The standing orders of a later phase of this player-turn, given with the phase
    that needs the opponent: ``raw`` (the pursuit's ``U pursue`` / ``U hold``), else none
    (the referee's defaults: impetuous winners pursue as 001 requires, the others hold;
    a routing unit's choices are the documented defaults)."""
    if not raw:
        return OrderSet(turn=state.turn, player=state.player, phase=phase, orders=())
    orders, problems = read_orders(
        {
            "format": ORDERS_FORMAT,
            "turn": state.turn,
            "player": state.player,
            "phase": phase,
            "orders": list(raw),
        }
    )
    if orders is None:
        raise InvalidInput([replace(p, path=f"{phase}.{p.path}") for p in problems])
    return orders


def pursuits_after_dice(rs: Ruleset) -> bool:
    """Whether this game's pursuits are decided after the combat dice (interpretation
    ``pbem_pursuits``, reading ``after_dice``): one more mail each player-turn."""
    interpretation = rs.interpretations.get("pbem_pursuits")
    return interpretation is not None and interpretation.reading == AFTER_DICE


def standing_problems(
    raw: Any, state: GameState | None = None, after_dice: bool = False
) -> list[Problem]:
    """The standing pursuit orders of a combat orders file (its ``pursuit`` list, or
    ``after_dice``), read as pursuit orders: every problem, located under ``pursuit``.
    ``after_dice``: the game decides pursuits after the dice, so a list is refused."""
    if raw == AFTER_DICE:
        return []
    if after_dice and raw:
        return [
            _problem(
                "pursuit",
                "pbem.standing_after_dice",
            )
        ]
    if not isinstance(raw, list):
        return [
            _problem(
                "pursuit",
                "pbem.standing_not_list",
            )
        ]
    orders, problems = read_orders(
        {"format": ORDERS_FORMAT, "turn": 1, "player": "x", "phase": "pursuit", "orders": raw}
    )
    problems = [
        replace(
            p, path=f"pursuit{p.path[len('orders') :]}" if p.path.startswith("orders") else p.path
        )
        for p in problems
    ]
    if orders is not None and state is not None:
        mine = {u.id for u in state.units() if u.side == state.player}
        for i, order in enumerate(orders.orders):
            unit = getattr(order, "unit", "")
            if unit not in mine:
                problems.append(
                    _problem(
                        f"pursuit[{i}]",
                        "pbem.standing_no_unit",
                        id=unit,
                        player=state.player,
                    )
                )
    return problems


def pending_items(
    state: GameState,
    orders: OrderSet,
    secret: str,
    later: Mapping[str, Sequence[Any]] | None = None,
    mine: Sequence[ChoiceSet] = (),
    after_dice: bool = False,
    chain: str | None = None,
    rout_after_dice: bool = False,
) -> list[dict[str, Any]]:
    """My orders for the phase that needs the opponent, and the standing orders of my
    later phases of this player-turn, each with my next reveal and my signature on this
    position. ``after_dice``: no standing pursuit orders (I decide my pursuits after
    the dice: the opponent's mail hands my pursuit phase back, docs/pbem.md §Timing).
    ``chain``: the secret of my current chain, when it is not ``secret`` (a new chain,
    ``referee.play.rechain``); ``secret`` signs. ``rout_after_dice``: my rout's standing
    orders are marked ``after_dice``: if my rout asks me a decision, the opponent's
    referee stops before it and hands it back (one more mail, docs/pbem.md §Timing)."""
    from referee.core.dice import chain_element
    from referee.play.authorship import sign_orders

    party = state.dice.party(state.player)
    assert party is not None
    phases = [state.phase]
    if state.phase in STANDING_PHASES or state.phase == "combat":
        start = 0 if state.phase == "combat" else STANDING_PHASES.index(state.phase) + 1
        phases += [p for p in STANDING_PHASES[start:] if not (after_dice and p == "pursuit")]
    items = []
    for k, phase in enumerate(phases):
        o = orders if k == 0 else standing(state, phase, (later or {}).get(phase, ()))
        reveal = chain_element(chain or secret, party.length - party.revealed - 1 - k)
        o = replace(o, reveal=reveal, signature=None)
        item = {
            "turn": o.turn,
            "player": o.player,
            "phase": o.phase,
            "orders": list(o.raw),
            "reveal": reveal,
            "signed": sign_orders(state, o, secret),
        }
        if k:
            item["signed_at"] = state.history[-1].get("hash")
            if phase == "rout" and rout_after_dice:  # ask me if my rout asks me anything
                item["after_dice"] = True
        elif mine:
            from referee.play import owners

            item["choices"] = owners.record(mine)
        items.append(item)
    return items


def default_choices(
    state: GameState, orders: OrderSet, secret: str, side: str, raw: Sequence[Any] = ()
) -> ChoiceSet:
    """My choices for the opponent's phase: the documented defaults, signed (they are
    made once the dice can be known, so the mail flow takes no other: docs/pbem.md),
    but for ``raw``, my standing choices for this phase, sent in my previous mail."""
    from referee.core.choices import parse_choice
    from referee.play import signing
    from referee.play.authorship import choices_content
    from referee.play.owners import answered_orders

    cs = ChoiceSet(
        game=state.game,
        turn=state.turn,
        player=state.player,
        phase=state.phase,
        by=side,
        after=str(state.history[-1].get("hash")),
        orders=answered_orders(orders.turn, orders.player, orders.phase, orders.raw),
        choices=tuple(parse_choice(c, i) for i, c in enumerate(raw)),
        raw=tuple(raw),
    )
    return replace(cs, signature=signing.sign(secret, choices_content(state, cs)))


def apply_pending(
    state: GameState,
    rs: Ruleset,
    items: Sequence[Mapping[str, Any]],
    secret: str,
    me: str,
    standing_choices: Sequence[Any] = (),
    chain: str | None = None,
) -> tuple[GameState, list[tuple[GameState, Outcome]], list[Any]]:
    """Apply the opponent's phases that need me: his signed orders, my reveal where the
    phase rolls dice, my default choices where it asks me. The new state, each phase
    applied with its outcome, and my reveals (``twoparty.Reveal``), which the caller
    records in the reveal log once everything applied (so that a refused mail leaves
    nothing behind). The author's signature is checked before anything is revealed."""
    applied: list[tuple[GameState, Outcome]] = []
    revealed: list[Any] = []
    from referee.play import choose_dice, play
    from referee.play.authorship import phase_entry
    from referee.play.twoparty import first_roll, next_reveal, order_set_hash, side_of_secret

    for item in items:
        if state.result is not None:
            break
        if (item.get("turn"), item.get("player"), item.get("phase")) != (
            state.turn,
            state.player,
            state.phase,
        ):
            raise InvalidInput(
                _problem(
                    "pending",
                    "pbem.pending_moment",
                    given_turn=item.get("turn"),
                    given_player=item.get("player"),
                    given_phase=item.get("phase"),
                    turn=state.turn,
                    player=state.player,
                    phase=state.phase,
                )
            )
        if state.player == me:
            raise InvalidInput(
                _problem(
                    "pending",
                    "pbem.pending_mine",
                )
            )
        if item.get("after_dice") is True and state.phase in STANDING_PHASES:
            from referee.play.authorship import nobody_decides

            if not nobody_decides(state, [], rs):  # the phase asks its player a decision
                break  # he wants to make it knowing the combat dice: it goes back to him
        orders = _orders_of(state, item, item.get("reveal"), item.get("signed"))
        signed_at = item.get("signed_at")
        phase_entry(
            state,
            orders,
            rs,
            None,
            None,
            (),
            (),  # his signature, before my reveal
            str(signed_at) if signed_at else None,
        )
        reveal = None
        if first_roll(state, orders, rs) is not None:
            party = side_of_secret(state, chain or secret)
            assert party is not None
            reveal = _opponent_reveal(state, orders, me, next_reveal(chain or secret, party))
            reveal = replace(reveal, orders=order_set_hash(orders))
            revealed.append(reveal)
        from referee.play import owners

        stored = item.get("choices") or {}
        if set(stored) - {state.player}:
            raise InvalidInput(
                _problem(
                    "pending.choices",
                    "pbem.pending_mine_choices",
                )
            )
        sets = (
            [
                replace(s, game=state.game)
                for s in owners.recorded(
                    {
                        "choices": stored,
                        "turn": state.turn,
                        "player": state.player,
                        "phase": state.phase,
                    }
                )
            ]
            if stored
            else []
        )
        try:
            owners.wait_for(state, orders, rs, sets)
        except ChoicesPending:
            sets.append(
                default_choices(
                    state, orders, secret, me, standing_for(standing_choices, state.phase)
                )
            )
        choice = choose_dice(state, orders, reveal=reveal)
        done = play(
            state,
            orders,
            rs,
            choice,
            choices=sets,
            wait_for_choices=True,
            authors=partial(
                phase_entry,
                state,
                orders,
                rs,
                None,
                None,
                sets,
                (),
                str(signed_at) if signed_at else None,
            ),
        )
        applied.append((state, done))
        state = done.state
    return state, applied, revealed


# ------------------------------------------------------------------ mails
def mail_data(
    folder: Folder,
    state: GameState,
    kind: str,
    pending: Sequence[Any] = (),
    scenario: str | None = None,
) -> dict[str, Any]:
    """The mail's document: every entry since the shared position, and ``pending``."""
    shared = folder.ledger.get("shared")
    history = list(state.history)
    start = next((i + 1 for i, e in enumerate(history) if e.get("hash") == shared), 1)
    data: dict[str, Any] = {
        "format": MAIL_FORMAT,
        "game": state.game,
        "kind": kind,
        "sender": folder.side,
        "receiver": folder.opponent,
        "number": int(folder.ledger.get("last_number") or 0) + 1,
    }
    if scenario is not None:
        data["scenario"] = scenario.split("\n")
        if state.house_rules:  # the house rules the inviter plays with, signed with it
            data["house_rules"] = json.loads(json.dumps(dict(state.house_rules)))
        data["start"] = history[0].get("hash")
        data["after"] = history[0].get("hash")
        start = 1
    else:
        data["after"] = shared
    data["steps"] = [step_of(e) for e in history[start:]]
    if folder.ledger.get("proposed") and kind == "proposal":  # my rollback proposal
        data["rollback"] = dict(folder.ledger["proposed"])
    if pending:
        data["pending"] = list(pending)
    if folder.ledger.get("choices_unsent"):  # my standing owner's choices, fixed now
        data["standing_choices"] = list(folder.ledger.get("my_choices") or [])
    return data


def sign_mail(data: Mapping[str, Any], secret: str) -> dict[str, Any]:
    """The mail's document with the sender's signature of all of it (``signature``)."""
    from referee.play import signing

    body = {k: v for k, v in data.items() if k != "signature"}
    return {**body, "signature": signing.sign(secret, {"kind": "mail", "mail": body})}


def check_mail_signature(data: Mapping[str, Any], state: GameState, path: str) -> None:
    """The mail is signed by its sender's committed key (the invitation: by the key its
    own commitment step commits, once applied)."""
    from referee.play import signing

    key = signing.keys_of(state.history).get(str(data.get("sender")))
    body = {k: v for k, v in data.items() if k != "signature"}
    if key is None or not signing.valid(key, {"kind": "mail", "mail": body}, data.get("signature")):
        raise InvalidInput(
            _problem(
                "signature",
                "pbem.mail_unsigned",
                file=path,
                sender=data.get("sender"),
            )
        )


def _emit(data: Mapping[str, Any]) -> str:
    """The mail's YAML: one key a line, lists one item a line, leaves in JSON (which the
    loader reads as YAML flow), so that a person reads it and no line is long."""

    def leaf(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines: list[str] = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            lines.append(f"{key}:")
            for item in value:
                if isinstance(item, Mapping) and item:
                    first = True
                    for k, v in item.items():
                        lines.append(f"  {'- ' if first else '  '}{k}: {leaf(v)}")
                        first = False
                else:
                    lines.append(f"  - {leaf(item)}")
        else:
            lines.append(f"{key}: {leaf(value)}")
    return "\n".join(lines) + "\n"


def mail_text(data: Mapping[str, Any], summary: str) -> str:
    """The mail's text body: the summary, then the document (which ``_emit`` writes and
    the loader reads back to the same data, or ``dump_state`` if not)."""
    from referee.io.yamlio import dump_state, load_text

    body = _emit(data)
    try:
        same = load_text(body, "<mail>").data == json.loads(json.dumps(data))
    except InvalidInput:
        same = False
    if not same or any(len(line.encode("utf-8")) > 900 for line in body.split("\n")):
        body = dump_state(dict(data))
    return summary.rstrip() + "\n\n" + body


def mail_message(folder: Folder, data: Mapping[str, Any], summary: str, subject: str) -> bytes:
    """The RFC 5322 message: one text/plain part, which any client opens and sends."""
    from email.message import EmailMessage
    from email.utils import formatdate

    text = mail_text(data, summary)
    msg = EmailMessage()
    msg["From"] = f"{folder.side} <{_local(folder.side)}@referee.invalid>"
    msg["To"] = f"{folder.opponent} <{_local(folder.opponent)}@referee.invalid>"
    msg["Subject"] = subject
    msg["Date"] = formatdate(usegmt=True)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    msg["Message-ID"] = (
        f"<{_local(str(data.get('game')))}.{data.get('number')}.{digest}@referee.invalid>"
    )
    msg["X-Referee"] = f"{MAIL_FORMAT} {data.get('game')} {data.get('number')}"
    msg.set_content(
        text, subtype="plain", charset="utf-8", cte="7bit" if text.isascii() else "8bit"
    )
    return bytes(msg.as_bytes())


def _local(word: str) -> str:
    return (
        "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "-" for c in word) or "player"
    )


def write_mail(folder: Folder, data: Mapping[str, Any], summary: str, subject: str) -> str:
    """Write the mail into the outbox and record it in the ledger (the caller writes the
    ledger); its path."""

    raw = mail_message(folder, data, summary, subject)
    return _keep(folder, OUTBOX, "sent", data, raw, {"bytes": len(raw)})


def read_mail(path: str) -> tuple[dict[str, Any], bytes]:
    """A mail's document (from a saved message, or the bare YAML) and its raw bytes:
    decoded as the ``MailFile`` it declares, every problem located."""
    from referee.io.mail import load_document
    from referee.io.yamlio import read_bytes

    raw = read_bytes(path)
    doc = load_document(path)
    data = doc.data
    if not isinstance(data, dict) or data.get("format") != MAIL_FORMAT:
        raise InvalidInput(
            _problem(
                "format",
                "pbem.not_a_mail",
                file=path,
                format=MAIL_FORMAT,
            )
        )
    problems: list[Problem] = []
    try:
        decode(MailFile, data)
    except InvalidInput as exc:
        problems = list(exc.problems)
    said = {(p.path, p.code) for p in problems}  # signed as JSON, whose keys are text:
    problems += [p for p in text_keys(data) if (p.path, p.code) not in said]  # (carried)
    if problems:
        raise InvalidInput(doc.locate(problems))
    return data, raw


def check_sequence(folder: Folder, data: Mapping[str, Any], state: GameState, path: str) -> None:
    """The mail is for this game, from my opponent, the next one, and applies to my
    copy's last entry: else refused, nothing applied."""
    number = int(data["number"])
    if data.get("game") != folder.ledger.get("game"):
        raise OrdersNotForThisState(
            _problem(
                "game",
                "pbem.other_game",
                file=path,
                given=data.get("game"),
                game=folder.ledger.get("game"),
            )
        )
    if data.get("sender") != folder.opponent or data.get("receiver") != folder.side:
        raise OrdersNotForThisState(
            _problem(
                "sender",
                "pbem.not_to_me",
                file=path,
                sender=data.get("sender"),
                to=data.get("receiver"),
                side=folder.side,
                opponent=folder.opponent,
            )
        )
    last = int(folder.ledger.get("last_number") or 0)
    received = {m.get("number") for m in folder.ledger["mails"] if m.get("direction") == "received"}
    if number in received or number <= last:
        raise OrdersNotForThisState(
            _problem(
                "number",
                "pbem.applied_twice",
                file=path,
                number=number,
                last=last,
            )
        )
    if number != last + 1:
        raise OrdersNotForThisState(
            _problem(
                "number",
                "pbem.out_of_order",
                file=path,
                number=number,
                expected=last + 1,
            )
        )
    after = data.get("after")
    if after != state.history[-1].get("hash"):
        earlier = [i for i, e in enumerate(state.history) if e.get("hash") == after]
        if earlier:
            raise OrdersNotForThisState(
                _problem(
                    "after",
                    "pbem.past_position",
                    file=path,
                    index=earlier[0],
                    further=len(state.history) - 1 - earlier[0],
                )
            )
        raise VerificationFailed(
            _problem(
                "after",
                "pbem.unknown_after",
                file=path,
            )
        )


def record_received(folder: Folder, data: Mapping[str, Any], raw: bytes) -> str:
    """Keep the received mail in the inbox and in the ledger; its path."""
    return _keep(folder, INBOX, "received", data, raw, {})


def _keep(
    folder: Folder,
    box: str,
    direction: str,
    data: Mapping[str, Any],
    raw: bytes,
    more: Mapping[str, Any],
) -> str:
    """Write a mail into the folder's ``box`` (0600) and record it in the ledger (the
    caller writes the ledger); its path."""
    from referee.io.files import atomic_write

    number = int(data["number"])
    name = os.path.join(box, f"{number:03d}-{data.get('kind')}.eml")
    atomic_write(folder.file(name), raw, mode=0o600)
    folder.ledger["mails"].append(
        {
            "number": number,
            "direction": direction,
            "file": name,
            "kind": data.get("kind"),
            "sha256": hashlib.sha256(raw).hexdigest(),
            "after": data.get("after"),
            "entries": len(data.get("steps") or []),
            "pending": len(data.get("pending") or []),
            **more,
        }
    )
    folder.ledger["last_number"] = number
    return folder.file(name)

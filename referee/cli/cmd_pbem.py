"""`referee pbem new|join|receive|send|orders|status|export`: a game by email between two
rivals, each in his own folder, exchanging mails that carry orders, not states
(docs/pbem.md; ``referee/play/mailgame.py``)."""

import os
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee import errors
from referee.cli.app import JsonOpt, LangOpt, app, check_lang, emit_json, said
from referee.core.model import Problem

if TYPE_CHECKING:
    from referee.core.adjudicate import Outcome
    from referee.core.model import GameState
    from referee.core.ruleset import Ruleset
    from referee.play.mailgame import Folder

pbem_app = typer.Typer(
    help="Play by email without a game master: each player keeps his own "
    "copy of the game in a folder; mails carry orders, reveals and "
    "signatures, never a state (docs/pbem.md).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(pbem_app, name="pbem")

DirArg = Annotated[str, typer.Argument(help="Your game folder (made by pbem new or join).")]
DirOpt = Annotated[
    str,
    typer.Option(
        "--dir", metavar="DIR", help="Your game folder, made here (a new or empty folder)."
    ),
]
SideOpt = Annotated[str, typer.Option("--side", metavar="SIDE", help="The side you play.")]
HouseFileOpt = Annotated[
    str | None,
    typer.Option(
        "--house-rules",
        metavar="FILE",
        help="The house rules you play with (a house-rules file): new: the invitation "
        "carries them, signed; join: refused unless they are the invitation's.",
    ),
]
SecretOpt = Annotated[
    str | None,
    typer.Option(
        "--secret",
        metavar="FILE",
        help="Your two-party secret (referee seed new --two-party), "
        "copied into the folder; default: a fresh one.",
    ),
]


# ------------------------------------------------------------------ shared steps
def _load(folder: "Folder") -> tuple["GameState", "Ruleset"]:
    from referee.io.files import load_game
    from referee.play import StateHasher, check_record
    from referee.play.mailgame import GAME

    game = load_game(folder.file(GAME))
    check_record(game.state, StateHasher(), file=folder.file(GAME))
    return game.state, game.ruleset


def _secret(folder: "Folder") -> tuple[str, str]:
    from referee.play.mailgame import SECRET
    from referee.play.seeds import read_secret

    path = folder.file(SECRET)
    return read_secret(path), path


def _chain(folder: "Folder") -> tuple[str, str]:
    """The secret of my current dice chain and its file: the folder's secret, or the
    new chain I moved to (``referee pbem rechain``); the folder's secret always signs."""
    from referee.play.mailgame import SECRET
    from referee.play.seeds import read_secret

    path = folder.file(str(folder.ledger.get("chain") or SECRET))
    return read_secret(path), path


def _switch_if_acknowledged(folder: "Folder", state: "GameState") -> "GameState":
    """My new chain, once my opponent's mail shows he received its commitment: the
    signed switch entry, and my reveals come from it from now on."""
    from referee.play import rechain

    at = rechain.pending(state.history, folder.side)
    if (
        state.result is not None
        or at is None
        or rechain.acknowledged(state.history, at, folder.side) is None
    ):
        return state
    state = rechain.switch(state, folder.side, _secret(folder)[0])
    folder.ledger["chain"] = folder.ledger.pop("next_chain", None)
    return state


def _save(folder: "Folder", state: "GameState") -> None:
    from referee.cli.app import output_target, write_state_file
    from referee.play.mailgame import GAME, write_ledger

    write_state_file(state, output_target(folder.file(GAME)))
    write_ledger(folder)


def _my_move(folder: "Folder", state: "GameState") -> bool:
    return (
        state.result is None
        and state.player == folder.side
        and not folder.ledger.get("waiting")
        and len(state.dice.parties) == 2
    )


def _skeleton(
    folder: "Folder", state: "GameState", rs: "Ruleset", output: str | None = None
) -> str:
    """Write the orders skeleton of my next phase; its path."""
    from referee.core.skeleton import skeleton
    from referee.io.files import atomic_write
    from referee.play.mailgame import GAME, ORDERS
    from referee.render.lang import current
    from referee.render.skeleton import render

    path = output or folder.file(ORDERS)
    sk = skeleton(state, rs)
    text = render(sk, rs, folder.file(GAME), state.game, path, current())
    if state.phase in ("combat", "rout"):
        from referee.play.mailgame import pursuits_after_dice

        attackers = (
            [g.subject for g in sk.choices]
            if state.phase == "combat"
            else [e.attacker for e in state.engagements]
        )
        text += _standing_pursuit(state, attackers, pursuits_after_dice(rs))
    atomic_write(path, text)
    return path


def _standing_pursuit(state: "GameState", attackers: list[str], after_dice: bool = False) -> str:
    """The combat skeleton's section of standing pursuit orders (docs/pbem.md §Timing);
    ``after_dice`` (interpretation ``pbem_pursuits``): none, the pursuit comes back."""
    side = state.side(state.player)
    units = [u.id for u in side.units if u.id in set(attackers)] if side else []
    import textwrap

    if after_dice:
        about = said(
            "ui.pbem.after_dice",
        )
        return "\n" + "\n".join("# " + line for line in textwrap.wrap(about, 86)) + "\n"
    ask = said(
        "ui.pbem.ask_after_dice",
    )

    if state.phase == "rout":
        about = said(
            "ui.pbem.standing_rout",
        )
    else:
        about = said(
            "ui.pbem.standing",
        )
        ask += " " + said(
            "ui.pbem.rout_after_dice",
        )
    lines = ["", *("# " + line for line in textwrap.wrap(about + " " + ask, 86)), "pursuit:"]
    lines += [f'  # - "{u} pursue"' for u in units]
    return "\n".join(lines) + "\n"


def _reports(applied: "list[tuple[GameState, Outcome]]", rs: "Ruleset") -> None:
    """The report of every phase applied, as adjudicate prints it."""
    from referee.render.console import stdout_console
    from referee.render.lang import current
    from referee.render.report import game_over, next_moment, report_title, report_view

    lang = current()
    console = stdout_console()
    for before, outcome in applied:
        title = report_title(rs.title, before, lang, index=len(before.history))
        footer = next_moment(outcome.state, lang) + game_over(outcome.state.result, lang)
        console.print(report_view(title, outcome.events, outcome.rolls, lang, footer, rs))


def _phase_words(state: "GameState") -> str:
    return f"turn {state.turn}, {state.player}, {state.phase}"


def _what_next(folder: "Folder", state: "GameState", rs: "Ruleset", mail: str | None) -> str:
    """Say what to do now (and write the skeleton of my next phase when it is mine)."""
    if state.result is not None:
        return said(
            "ui.pbem.over",
            outcome=state.result.get("outcome"),
        )
    if mail is not None:
        return said(
            "ui.pbem.send_mail",
            mail=mail,
            opponent=folder.opponent,
        )
    offer = folder.ledger.get("proposal")
    if offer:
        return _proposal_said(folder, state, offer)
    if _my_move(folder, state):
        path = _skeleton(folder, state, rs)
        return said(
            "ui.pbem.your_move",
            path=path,
            dir=folder.path,
            turn=state.turn,
            player=state.player,
            phase=state.phase,
        )
    return said(
        "ui.pbem.wait",
        opponent=folder.opponent,
        dir=folder.path,
    )


def _undone(state: "GameState", to: int) -> str:
    """The phases a return to entry ``to`` undoes, in a few words (each phase's name in
    the language of the run: ``2 rome movement``, in French ``2 rome déplacements``)."""
    from referee.render.grammar import word
    from referee.render.lang import current

    lang = current()
    return (
        ", ".join(
            f"{e.get('turn')} {e.get('player')} {word('phase', e.get('phase'), lang)}"
            for e in state.history[to + 1 :]
            if e.get("phase") not in ("start", "commit", "rollback")
        )
        or "-"
    )


def _proposal_said(folder: "Folder", state: "GameState", offer: dict[str, Any]) -> str:
    to = int(offer["to"])
    undone = _undone(state, to)
    return said(
        "ui.pbem.proposal",
        opponent=folder.opponent,
        to=to,
        undone=undone,
        dir=folder.path,
    )


def _status(folder: "Folder", state: "GameState") -> dict[str, Any]:
    mails = folder.ledger.get("mails") or []
    sent = [m for m in mails if m.get("direction") == "sent"]
    received = [m for m in mails if m.get("direction") == "received"]
    return {
        "game": state.game,
        "side": folder.side,
        "opponent": folder.opponent,
        "turn": state.turn,
        "player": state.player,
        "phase": state.phase,
        "my_move": _my_move(folder, state),
        "waiting_for": None
        if _my_move(folder, state) or state.result is not None
        else folder.opponent,
        "result": state.result,
        "entries": len(state.history),
        "sent": len(sent),
        "received": len(received),
        "last_sent": os.path.join(folder.path, sent[-1]["file"]) if sent else None,
        "last_received": os.path.join(folder.path, received[-1]["file"]) if received else None,
        "house_rules": dict(state.house_rules) if state.house_rules else None,
        "awaited": _awaited(folder, state),
        "proposal": folder.ledger.get("proposal"),
        **_chain_status(folder, state),
    }


def _awaited(folder: "Folder", state: "GameState") -> dict[str, Any] | None:
    """What my opponent's next mail must bring, while I wait for it: his orders for his
    phase (a player-turn of his, or a phase handed back to him), or what my pending
    phase needs of him (his reveal for its dice, his choices)."""
    if _my_move(folder, state) or state.result is not None or folder.ledger.get("proposal"):
        return None
    what = "orders" if state.player == folder.opponent else "reveal"
    return {
        "side": folder.opponent,
        "what": "answer" if folder.ledger.get("proposed") else what,
        "turn": state.turn,
        "player": state.player,
        "phase": state.phase,
    }


def _awaited_said(awaited: dict[str, Any]) -> str:
    where = {k: awaited[k] for k in ("side", "turn", "player", "phase")}
    if awaited["what"] == "answer":
        return said(
            "ui.pbem.awaited_answer",
            side=awaited["side"],
        )
    if awaited["what"] == "orders":
        return said(
            "ui.pbem.awaited",
            **where,
        )
    return said(
        "ui.pbem.awaited_reveal",
        **where,
    )


def _chain_status(folder: "Folder", state: "GameState") -> dict[str, Any]:
    """My dice chain: reveals left, whether that is low (under ``rechain.LOW``), and
    whether a new chain waits for my opponent's acknowledgement."""
    from referee.play import rechain

    party = state.dice.party(folder.side)
    left = party.remaining if party is not None else None
    return {
        "chain_left": left,
        "chain_low": left is not None and left < rechain.LOW,
        "new_chain_waiting": rechain.pending(state.history, folder.side) is not None,
    }


def _step_words(step: dict[str, Any]) -> str:
    """``1 greeks movement``: a step of a mail, its phase in the language of this run."""
    from referee.render import lang as _lang
    from referee.render.catalogue import has
    from referee.render.grammar import word

    phase = str(step["phase"])
    said_phase = word("phase", phase, _lang.current()) if has(f"word.phase.{phase}") else phase
    return f"{step['turn']} {step['player']} {said_phase}"


def _summary(folder: "Folder", state: "GameState", data: dict[str, Any]) -> tuple[str, str]:
    """The mail's one-line summary and its subject."""
    steps = [s for s in data.get("steps") or [] if "phase" in s]
    pending = data.get("pending") or []
    done = ", ".join(_step_words(s) for s in steps) or "-"
    asks = ", ".join(_step_words(p) for p in pending) or "-"
    summary = said(
        "ui.pbem.mail_summary",
        game=state.game,
        number=data["number"],
        side=folder.side,
        opponent=folder.opponent,
        done=done,
        asks=asks,
    )
    subject = said(
        "ui.pbem.mail_subject",
        game=state.game,
        number=data["number"],
        side=folder.side,
    )
    return summary, subject


def _mail(
    folder: "Folder",
    state: "GameState",
    kind: str,
    pending: list[Any] | None = None,
    scenario: str | None = None,
) -> str:
    from referee.play.mailgame import MAIL_LIMIT, mail_data, sign_mail, write_mail

    data = sign_mail(mail_data(folder, state, kind, pending or [], scenario), _secret(folder)[0])
    summary, subject = _summary(folder, state, data)
    path = write_mail(folder, data, summary, subject)
    folder.ledger["choices_unsent"] = False  # my standing choices went with it
    folder.ledger["shared"] = state.history[-1].get("hash")
    folder.ledger["waiting"] = True
    size = os.path.getsize(path)
    if size > MAIL_LIMIT:  # said, not refused: the game goes on
        sys.stderr.write(
            "referee: "
            + said(
                "ui.pbem.big_mail",
                path=path,
                size=size,
                limit=MAIL_LIMIT,
            )
            + "\n"
        )
    return path


def _built(
    scenario: str,
    game: str | None = None,
    house: Any = None,
    house_file: str | None = None,
) -> tuple["GameState", "Ruleset"]:
    """The new game a scenario gives (named ``game``: the inviting player's name of it),
    played with the house rules ``house`` (the invitation's, or those of ``house_file``,
    a house-rules file): refused if the scenario holds other house rules."""
    from msgspec.structs import replace

    from referee.io.scenario import load_scenario
    from referee.play.start import start_game

    built = load_scenario(scenario)
    state = built.state if game is None else replace(built.state, game=game)
    rs = built.ruleset
    if house is not None:
        own = state.house_rules
        if own is not None and dict(own) != dict(house):
            raise errors.InvalidInput(
                Problem(
                    "house_rules",
                    file=house_file or scenario,
                    code="pbem.house_rules_twice",
                    data={"path": house_file or scenario},
                )
            )
        from referee.io.rulesets import load_ruleset

        state = replace(state, house_rules=dict(house))
        try:
            rs = load_ruleset(state.ruleset, overrides=state.house_rules)
        except errors.InvalidInput as exc:
            raise errors.InvalidInput(
                [replace(p, file=house_file or scenario) for p in exc.problems]
            ) from None
    return start_game(state, "two-party", None), rs


def house_lines(house: Any) -> list[str]:
    """House rules as lines a player reads: each value with its dotted path."""

    def walk(prefix: str, value: Any) -> list[str]:
        if isinstance(value, dict) and value:
            out: list[str] = []
            for k in sorted(value, key=str):
                out += walk(f"{prefix}.{k}" if prefix else str(k), value[k])
            return out
        import json

        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        return [f"{prefix}: {shown}"]

    return [f"`{line}`" for line in walk("", house)] if isinstance(house, dict) and house else []


def _house_said(house: Any) -> str:
    lines = house_lines(house)
    if not lines:
        return said("ui.pbem.no_house_rules")
    return said(
        "ui.pbem.house_rules",
        rules="; ".join(lines),
    )


def _commit_me(state: "GameState", side: str, secret_path: str, given: str | None) -> "GameState":
    """My commitment (and key) from a fresh secret, or from the two-party secret file
    ``given`` (made by `referee seed new --two-party`), kept in the folder (0600)."""
    from referee.core.dice import chain_element
    from referee.play.seeds import chain_length_of, new_secret, read_secret, write_secret
    from referee.play.twoparty import DEFAULT_LENGTH, commit

    secret = new_secret(DEFAULT_LENGTH) if given is None else read_secret(given)
    length = chain_length_of(secret)
    if length is None:
        raise errors.InvalidInput(
            Problem(
                "",
                file=given,
                code="pbem.not_two_party_secret",
            )
        )
    write_secret(secret_path, secret)
    return commit(state, side, chain_element(secret, length), length, secret)


def _check_side(state: "GameState", side: str) -> None:
    if side not in state.side_ids():
        raise errors.UsageError(
            Problem(
                "--side",
                code="state.no_side",
                data={"side": side, "suggest": {"one_of": list(state.side_ids())}},
            )
        )


# ------------------------------------------------------------------ commands
@pbem_app.command("new")
def pbem_new(
    scenario: Annotated[str, typer.Argument(help="The battle's scenario file.")],
    side: SideOpt,
    directory: DirOpt,
    secret: SecretOpt = None,
    house_rules: HouseFileOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Start a game by email: my copy of it, my secret and key, my commitment, and the
    invitation mail (it carries the scenario and the house rules, not a state)."""
    from referee.io.yamlio import read_text
    from referee.play.mailgame import SCENARIO, SECRET, Folder, make_folder, new_ledger

    check_lang(lang)
    text = read_text(scenario)
    house = None
    if house_rules is not None:
        from referee.io.rulesets import read_house_rules
        from referee.io.scenario import load_scenario

        house = read_house_rules(house_rules, load_scenario(scenario).state.ruleset)
    state, _ = _built(scenario, None, house, house_rules)
    _check_side(state, side)
    make_folder(directory)
    from referee.io.files import atomic_write

    atomic_write(os.path.join(directory, SCENARIO), text)
    folder = Folder(directory, new_ledger(state.game, side, state.enemy_of(side)))
    state = _commit_me(state, side, folder.file(SECRET), secret)
    mail = _mail(folder, state, "invitation", scenario=text)
    _save(folder, state)
    if json_out:
        emit_json({**_status(folder, state), "mail": mail})
        return
    if state.house_rules:
        sys.stderr.write("referee: " + _house_said(state.house_rules) + "\n")
    sys.stderr.write(
        "referee: "
        + said(
            "ui.pbem.made",
            dir=directory,
            game=state.game,
            side=side,
            mail=mail,
            opponent=folder.opponent,
        )
        + "\n"
    )


@pbem_app.command("join")
def pbem_join(
    mail: Annotated[str, typer.Argument(help="The invitation mail (.eml).")],
    side: SideOpt,
    directory: DirOpt,
    secret: SecretOpt = None,
    house_rules: HouseFileOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Join a game by email from its invitation: my copy, my secret and key, my
    commitment, and the answer mail; it says the house rules the game is played with."""
    import tempfile

    from referee.io.files import atomic_write
    from referee.play.mailgame import (
        SCENARIO,
        SECRET,
        Folder,
        apply_step,
        check_mail_signature,
        check_sequence,
        make_folder,
        new_ledger,
        read_mail,
        record_received,
    )

    check_lang(lang)
    data, raw = read_mail(mail)
    lines = data.get("scenario")  # (read_mail: a list of text, if given)
    if data.get("kind") != "invitation" or lines is None:
        raise errors.InvalidInput(
            Problem(
                "kind",
                file=mail,
                code="pbem.not_invitation",
            )
        )
    text = "\n".join(lines)
    with tempfile.TemporaryDirectory() as tmp:  # the game built before the folder is made
        path = os.path.join(tmp, SCENARIO)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        house = data.get("house_rules")  # (read_mail: a mapping, if given)
        state, rs = _built(path, str(data.get("game")), house, mail)
    _check_side(state, side)
    if house_rules is not None:
        from referee.io.rulesets import read_house_rules

        wanted = read_house_rules(house_rules, state.ruleset)
        if wanted != dict(state.house_rules or {}):
            raise errors.InvalidInput(
                Problem(
                    "house_rules",
                    file=mail,
                    code="pbem.house_rules_differ",
                    data={
                        "path": house_rules,
                        "rules": "; ".join(house_lines(state.house_rules)),
                    },
                )
            )
    if side == data.get("sender"):
        raise errors.UsageError(
            Problem(
                "--side",
                code="pbem.same_side",
                data={"side": side, "other": state.enemy_of(side)},
            )
        )
    if state.history[0].get("hash") != data.get("start"):
        raise errors.VerificationFailed(
            Problem(
                "start",
                file=mail,
                code="pbem.other_start",
            )
        )
    folder = Folder(directory, new_ledger(state.game, side, str(data.get("sender"))))
    check_sequence(folder, data, state, mail)
    applied: list[Any] = []
    for step in data.get("steps") or []:
        state, outcome = apply_step(state, rs, step)
        applied.append(outcome)
    check_mail_signature(data, state, mail)
    make_folder(directory)
    atomic_write(folder.file(SCENARIO), text)
    record_received(folder, data, raw)
    folder.ledger["shared"] = state.history[-1].get("hash")
    state = _commit_me(state, side, folder.file(SECRET), secret)
    answer = _mail(folder, state, "answer")
    if state.player == side:
        folder.ledger["waiting"] = False  # I play first: my turn follows my answer
    then = _what_next(folder, state, rs, None)
    _save(folder, state)
    if json_out:
        emit_json({**_status(folder, state), "mail": answer})
        return
    sys.stderr.write("referee: " + _house_said(state.house_rules) + "\n")
    sys.stderr.write(
        "referee: "
        + said(
            "ui.pbem.joined",
            dir=directory,
            game=state.game,
            side=side,
            mail=answer,
            opponent=folder.opponent,
            then=then,
        )
        + "\n"
    )


def _not_my_move(folder: "Folder", state: "GameState", directory: str) -> errors.RefereeError:
    """The refusal of orders given when it is not my move (exit 7), saying who plays."""
    waiting = _status(folder, state)["waiting_for"]
    return errors.OrdersNotForThisState(
        Problem(
            "",
            file=directory,
            code="pbem.not_my_move",
            data={
                "waiting_for": waiting,
                "turn": state.turn,
                "player": state.player,
                "phase": state.phase,
                "dir": directory,
            },
        )
    )


def _applied_json(applied: "list[tuple[GameState, Outcome]]") -> list[dict[str, Any]]:
    """The phases a command applied, for ``--json``: which entry, whose phase, how many
    rolls and refusals."""
    return [
        {
            "index": len(b.history),
            "turn": b.turn,
            "player": b.player,
            "phase": b.phase,
            "rolls": len(o.rolls),
            "refused": len(o.refused),
        }
        for b, o in applied
    ]


@pbem_app.command("receive")
def pbem_receive(
    directory: DirArg,
    mail: Annotated[str, typer.Argument(help="The mail your opponent sent (.eml).")],
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Apply what my opponent sent to my own copy, print the report of every phase
    applied, and say what to do (writing the skeleton of the phase I play next)."""
    from referee.play.mailgame import (
        apply_pending,
        apply_step,
        check_mail_signature,
        check_sequence,
        check_steps,
        open_folder,
        read_mail,
        record_received,
    )

    check_lang(lang)
    folder = open_folder(directory)
    state, rs = _load(folder)
    data, raw = read_mail(mail)
    check_sequence(folder, data, state, mail)
    applied: list[tuple[GameState, Outcome]] = []
    try:
        check_steps(
            data.get("steps") or [],
            folder.side,
            folder.opponent,
            folder.ledger.get("their_choices") or [],
        )
        for step in data.get("steps") or []:
            before = state
            state, outcome = apply_step(state, rs, step)
            if outcome is not None:
                applied.append((before, outcome))
        check_mail_signature(data, state, mail)
        shared = state.history[-1].get("hash")
        secret, _ = _secret(folder)
        chain, chain_path = _chain(folder)
        state, mine, revealed = apply_pending(
            state,
            rs,
            data.get("pending") or [],
            secret,
            folder.side,
            folder.ledger.get("my_choices") or [],
            chain,
        )
        state = _switch_if_acknowledged(folder, state)
        from referee.play.twoparty import record_reveal

        for reveal in revealed:  # everything applied: my reveals go into the log
            record_reveal(chain_path, reveal)
    except errors.RefereeError as exc:
        from referee.cli.app import located

        raise located(exc, mail) from None
    applied += mine
    if data.get("kind") in ("refusal", "rollback"):  # his answer to my proposal
        folder.ledger.pop("proposed", None)
    if data.get("rollback") is not None:  # his proposal: mine to agree to or refuse
        from referee.play.mailrollback import check_proposal

        try:
            folder.ledger["proposal"] = check_proposal(
                state, data["rollback"], str(data.get("sender"))
            )
        except errors.RefereeError as exc:
            from referee.cli.app import located

            raise located(exc, mail) from None
    if data.get("standing_choices") is not None:  # his standing choices, from now on
        folder.ledger["their_choices"] = list(data["standing_choices"])
    path = record_received(folder, data, raw)
    folder.ledger["shared"] = shared
    folder.ledger["waiting"] = False
    mail_out = None
    if state.result is not None and mine:
        mail_out = _mail(folder, state, "end")  # the opponent learns how it ended
    elif mine and state.player == folder.opponent:  # his later phase is his again (his
        mail_out = _mail(folder, state, "handback")  # pursuits after the dice): one more mail
    then = _what_next(folder, state, rs, mail_out)
    _save(folder, state)
    if json_out:
        emit_json(
            {
                **_status(folder, state),
                "received": path,
                "applied": _applied_json(applied),
                "mail": mail_out,
            }
        )
        return
    _reports(applied, rs)
    sys.stderr.write(
        "referee: "
        + said(
            "ui.pbem.received",
            path=path,
            count=len(applied),
            then=then,
        )
        + "\n"
    )


@pbem_app.command("send")
def pbem_send(
    directory: DirArg,
    orders: Annotated[str, typer.Argument(help="Your orders for the phase you play.")],
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Apply my orders for my phase; once my opponent is needed (his reveal for the dice,
    his choices, or his turn), write the mail under DIR/outbox/ and print its path."""
    from referee.io.files import load_orders
    from referee.io.mail import load_document
    from referee.play.mailgame import (
        AFTER_DICE,
        STANDING_PHASES,
        apply_mine,
        my_choices,
        needs_opponent,
        open_folder,
        owner_choices_problems,
        pending_items,
        pursuits_after_dice,
        reactions_problems,
        standing,
        standing_problems,
    )

    check_lang(lang)
    folder = open_folder(directory)
    state, rs = _load(folder)
    if not _my_move(folder, state):
        raise _not_my_move(folder, state, directory)
    secret, _ = _secret(folder)
    doc = load_document(orders)
    later: dict[str, list[Any]] = {}
    after_dice = pursuits_after_dice(rs)
    if isinstance(doc.data, dict) and "pursuit" in doc.data:  # standing pursuit orders
        raw = doc.data.pop("pursuit")  # (or after_dice: one more mail, docs/pbem.md)
        problems = standing_problems(raw if raw is not None else [], state, after_dice)
        if state.phase not in ("combat", "rout"):
            problems = [
                Problem(
                    "pursuit",
                    code="pbem.standing_phase",
                )
            ]
        if problems:
            raise errors.InvalidInput(doc.locate(problems))
        if raw == AFTER_DICE:
            after_dice = True
        else:
            later["pursuit"] = list(raw or [])
    rout_after_dice = False
    if isinstance(doc.data, dict) and "rout" in doc.data:  # my rout's decisions after the
        raw = doc.data.pop("rout")  # combat dice, if it asks me any (one more mail)
        if state.phase != "combat" or raw != AFTER_DICE:
            raise errors.InvalidInput(
                doc.locate(
                    [
                        Problem(
                            "rout",
                            code="pbem.rout_after_dice",
                        )
                    ]
                )
            )
        rout_after_dice = True
    reactions: list[Any] = []
    if isinstance(doc.data, dict) and "reactions" in doc.data:  # my units' standing
        raw = doc.data.pop("reactions")  # reactions, from the end of this phase
        problems = reactions_problems(raw if raw is not None else [], state)
        if problems:
            raise errors.InvalidInput(doc.locate(problems))
        reactions = list(raw or [])
    if isinstance(doc.data, dict) and "choices" in doc.data:  # my standing choices as
        raw = doc.data.pop("choices")  # owner in his next rout and pursuit (my next mail)
        problems = owner_choices_problems(raw if raw is not None else [], state)
        if problems:
            raise errors.InvalidInput(doc.locate(problems))
        folder.ledger["my_choices"] = list(raw or [])
        folder.ledger["choices_unsent"] = True
    order_set = load_orders(lambda: doc, state)
    applied: list[tuple[GameState, Outcome]] = []
    mail = None
    try:
        current = order_set
        mine = my_choices(state, current, reactions, secret)
        while True:
            if needs_opponent(state, current, rs):
                mail = _mail(
                    folder,
                    state,
                    "orders",
                    pending_items(
                        state,
                        current,
                        secret,
                        later,
                        mine,
                        after_dice,
                        _chain(folder)[0],
                        rout_after_dice,
                    ),
                )
                break
            outcome = apply_mine(state, rs, current, secret, mine)
            mine = []
            applied.append((state, outcome))
            state = outcome.state
            if state.result is not None or state.player != folder.side:
                mail = _mail(folder, state, "turn" if state.result is None else "end")
                break
            if state.phase not in STANDING_PHASES:
                break
            current = standing(state, state.phase, later.get(state.phase, ()))
    except errors.RefereeError as exc:
        from referee.cli.app import located

        raise located(exc, orders) from None
    then = _what_next(folder, state, rs, mail)
    _save(folder, state)
    if json_out:
        emit_json(
            {
                **_status(folder, state),
                "mail": mail,
                "applied": _applied_json(applied),
            }
        )
        return
    _reports(applied, rs)
    sys.stderr.write(
        "referee: "
        + said(
            "ui.pbem.sent",
            count=len(applied),
            then=then,
        )
        + "\n"
    )
    if mail is not None:
        sys.stdout.write(mail + "\n")


@pbem_app.command("orders")
def pbem_orders(
    directory: DirArg,
    output: Annotated[
        str | None,
        typer.Option(
            "-o",
            "--output",
            metavar="FILE",
            help="Where to write the skeleton (default: DIR/orders.yaml).",
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Also write the orders page: the map to click the "
            "orders on, saved as an orders file for `referee pbem send` (docs/maps.md).",
        ),
    ] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """The orders skeleton of the phase I play next, again."""
    from referee.play.mailgame import open_folder

    check_lang(lang)
    folder = open_folder(directory)
    state, rs = _load(folder)
    if not _my_move(folder, state):
        raise _not_my_move(folder, state, directory)
    path = _skeleton(folder, state, rs, output)
    if html is not None:
        from referee.cli.cmd_orders import write_page
        from referee.core.skeleton import skeleton
        from referee.play.mailgame import GAME

        write_page(state, rs, skeleton(state, rs), folder.file(GAME), html, json_out=False)
    if json_out:
        emit_json({**_status(folder, state), "orders": path, "html": html})
        return
    sys.stderr.write(
        "referee: "
        + said(
            "ui.pbem.orders",
            path=path,
            turn=state.turn,
            player=state.player,
            phase=state.phase,
        )
        + "\n"
    )


@pbem_app.command("rechain")
def pbem_rechain(
    directory: DirArg,
    secret: Annotated[
        str | None,
        typer.Option(
            "--secret",
            metavar="FILE",
            help="The new chain's secret (referee seed new --two-party), copied into the "
            "folder; default: a fresh one.",
        ),
    ] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Move to a new dice chain: a new secret in the folder and its commitment, signed,
    which my next mail carries; my dice use it once my opponent's answer shows he
    received it."""
    from referee.core.dice import chain_element
    from referee.play import rechain
    from referee.play.mailgame import open_folder
    from referee.play.seeds import chain_length_of, new_secret, read_secret, write_secret
    from referee.play.twoparty import DEFAULT_LENGTH

    check_lang(lang)
    folder = open_folder(directory)
    state, _ = _load(folder)
    if not _my_move(folder, state):
        raise _not_my_move(folder, state, directory)
    new = new_secret(DEFAULT_LENGTH) if secret is None else read_secret(secret)
    length = chain_length_of(new)
    if length is None:
        raise errors.InvalidInput(
            Problem(
                "",
                file=secret,
                code="pbem.not_two_party_secret",
            )
        )
    commitment = chain_element(new, length)
    state = rechain.recommit(state, folder.side, commitment, length, _secret(folder)[0])
    n = 2
    while os.path.exists(folder.file(f"chain-{n}.txt")):
        n += 1
    name = f"chain-{n}.txt"
    write_secret(folder.file(name), new)
    folder.ledger["next_chain"] = name
    _save(folder, state)
    if json_out:
        emit_json({**_status(folder, state), "chain": folder.file(name), "commitment": commitment})
        return
    sys.stderr.write(
        "referee: "
        + said(
            "ui.pbem.rechained",
            path=folder.file(name),
            length=length,
            commitment=commitment[:16],
            opponent=folder.opponent,
        )
        + "\n"
    )


@pbem_app.command("rollback")
def pbem_rollback(
    directory: DirArg,
    to: Annotated[
        int | None,
        typer.Option(
            "--to",
            metavar="N",
            help="The history entry to return to: after the last position your opponent "
            "holds, done at once; before it, a proposal mailed to him. Default: before your "
            "last phase he has not received.",
        ),
    ] = None,
    agree: Annotated[
        bool, typer.Option("--agree", help="Agree to your opponent's proposal (it is mailed).")
    ] = False,
    refuse: Annotated[
        bool, typer.Option("--refuse", help="Refuse your opponent's proposal (it is mailed).")
    ] = False,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Undo phases: mine my opponent has not received, at once; anything he received, by a
    proposal he agrees to (both signatures, one mail each way; docs/pbem.md)."""
    from referee.play import mailrollback
    from referee.play.mailgame import open_folder

    check_lang(lang)
    folder = open_folder(directory)
    state, rs = _load(folder)
    secret = _secret(folder)[0]
    offer = folder.ledger.get("proposal")
    mail = None
    if agree or refuse:
        if (agree and refuse) or to is not None:
            raise errors.UsageError(
                Problem(
                    "--agree",
                    code="pbem.rollback_options",
                )
            )
        if not offer:
            raise errors.OrdersNotForThisState(
                Problem(
                    "",
                    file=directory,
                    code="pbem.no_proposal",
                    data={"opponent": folder.opponent, "dir": directory},
                )
            )
        folder.ledger.pop("proposal", None)
        if agree:
            state = mailrollback.agreed(state, rs, offer, folder.side, secret)
            mail = _mail(folder, state, "rollback")
            folder.ledger["waiting"] = state.player != folder.side
        else:
            mail = _mail(folder, state, "refusal")
    else:
        if not _my_move(folder, state):
            raise _not_my_move(folder, state, directory)
        shared = folder.ledger.get("shared")
        start = next((i for i, e in enumerate(state.history) if e.get("hash") == shared), 0)
        if to is None or to >= start:
            state = mailrollback.undo_unsent(state, rs, shared, folder.side, to)
        else:
            folder.ledger["proposed"] = mailrollback.proposal(state, to, folder.side, secret)
            mail = _mail(folder, state, "proposal")
    then = _what_next(folder, state, rs, mail)
    _save(folder, state)
    if json_out:
        emit_json({**_status(folder, state), "mail": mail})
        return
    sys.stderr.write(
        "referee: "
        + said(
            "ui.pbem.rolled_back",
            side=folder.side,
            index=len(state.history) - 1,
            turn=state.turn,
            player=state.player,
            phase=state.phase,
            then=then,
        )
        + "\n"
    )
    if mail is not None:
        sys.stdout.write(mail + "\n")


@pbem_app.command("status")
def pbem_status(
    directory: DirArg,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Whose move, what was sent and received, what to do now."""
    from referee.play.mailgame import open_folder

    check_lang(lang)
    folder = open_folder(directory)
    state, rs = _load(folder)
    info = _status(folder, state)
    if json_out:
        emit_json(info)
        return
    from referee.play.mailgame import ORDERS

    if info["my_move"]:
        then = said(
            "ui.pbem.your_move",
            path=folder.file(ORDERS),
            dir=directory,
            turn=state.turn,
            player=state.player,
            phase=state.phase,
        )
    else:
        then = _what_next(folder, state, rs, None)
    last_sent, last_received = info["last_sent"] or "-", info["last_received"] or "-"
    sys.stdout.write(
        said(
            "ui.pbem.status",
            game=state.game,
            side=folder.side,
            opponent=folder.opponent,
            turn=state.turn,
            player=state.player,
            phase=state.phase,
            sent=info["sent"],
            last_sent=last_sent,
            received=info["received"],
            last_received=last_received,
            then=then,
        )
        + "\n"
    )
    if state.house_rules:
        sys.stdout.write(_house_said(state.house_rules) + "\n")
    if info["awaited"] is not None:
        sys.stdout.write(_awaited_said(info["awaited"]) + "\n")
    if info["new_chain_waiting"]:
        sys.stdout.write(
            said(
                "ui.pbem.chain_waiting",
                opponent=folder.opponent,
            )
            + "\n"
        )
    elif info["chain_low"]:
        from referee.play.rechain import LOW

        sys.stdout.write(
            said(
                "ui.pbem.chain_low",
                left=info["chain_left"],
                low=LOW,
                dir=directory,
            )
            + "\n"
        )


@pbem_app.command("export")
def pbem_export(
    directory: DirArg,
    output: Annotated[
        str,
        typer.Option(
            "-o", "--output", metavar="FILE", help="Where to write the state (- = stdout)."
        ),
    ],
    json_out: JsonOpt = False,
) -> None:
    """Write my copy of the game as a state file: what adjudicate, verify, history and
    the state-file flow read."""
    from referee.cli.app import output_target, write_state_file
    from referee.play.mailgame import open_folder

    folder = open_folder(directory)
    state, _ = _load(folder)
    write_state_file(state, "-" if output == "-" else output_target(output))
    if json_out:
        emit_json({"written": output, "entries": len(state.history)})
        return
    if output != "-":
        sys.stderr.write(
            "referee: "
            + said(
                "ui.pbem.exported",
                path=output,
                side=folder.side,
                entries=len(state.history),
            )
            + "\n"
        )

"""`referee seed new|commit|reveal`: secrets, commitments and reveals for dice nobody
can fish (docs/pbem.md)."""

import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from referee import errors
from referee.cli.app import JsonOpt, OutOpt, app, emit_json, located, output_target, said
from referee.core.model import Problem

if TYPE_CHECKING:
    from referee.core.model import GameState
    from referee.core.orders import OrderSet
    from referee.play.twoparty import Reveal

seed_app = typer.Typer(
    help="Secrets for commit mode (a game master) and two-party dice "
    "(two rivals by email): make one, commit to it, reveal from it.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(seed_app, name="seed")

SecretOpt = Annotated[
    str, typer.Option("--secret", metavar="FILE", help="Your secret file (from referee seed new).")
]


def load_reveal(path: str) -> "Reveal":
    """An opponent's reveal file (YAML, or pasted into a mail saved as .eml)."""
    from referee.io.mail import load_document
    from referee.io.yamlio import duplicate_keys
    from referee.play.twoparty import read_reveal

    doc = load_document(path)
    twice = duplicate_keys(doc)  # the last reveal: would win unseen
    if twice:
        raise errors.InvalidInput(twice)
    reveal, problems = read_reveal(doc.data)
    if reveal is None:
        raise errors.InvalidInput(doc.locate(problems))
    return reveal


@seed_app.command("new")
def seed_new(
    output: Annotated[
        str,
        typer.Option(
            "-o", "--output", metavar="FILE", help="Where to write the secret (made 0600)."
        ),
    ],
    two_party: Annotated[
        bool,
        typer.Option("--two-party", help="A two-party secret: print the end of its hash chain."),
    ] = False,
    length: Annotated[
        int,
        typer.Option(
            "--length",
            help="Two-party: reveals in the chain "
            "(each of your phases and each of your opponent's "
            "dice phases uses one).",
        ),
    ] = 1000,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Write a fresh random secret and print its commitment."""
    from referee.core.dice import chain_element, commitment
    from referee.core.model import MAX_CHAIN
    from referee.play.seeds import new_secret, write_secret

    if two_party and not 1 <= length <= MAX_CHAIN:
        raise errors.UsageError(
            Problem(
                "--length",
                code="state.chain_length",
                data={"limit": MAX_CHAIN},
            )
        )
    secret = new_secret(length if two_party else None)
    write_secret(output, secret, force=force)
    if two_party:
        value = chain_element(secret, length)
        if json_out:
            emit_json({"file": output, "mode": "two-party", "commitment": value, "length": length})
            return
        sys.stdout.write(f"{value}\n")
        sys.stderr.write(
            "referee: "
            + said(
                "ui.seed.secret_written",
                path=output,
                length=length,
            )
            + "\n"
        )
        return
    value = commitment(secret)
    if json_out:
        emit_json({"file": output, "mode": "commit", "commitment": value})
        return
    sys.stdout.write(f"{value}\n")
    sys.stderr.write(
        "referee: "
        + said(
            "ui.seed.seed_written",
            path=output,
            value=value,
        )
        + "\n"
    )


def _out_path(output: str | None, in_place: bool, state: str) -> str:
    if in_place and output is None:
        if state == "-":
            raise errors.InvalidInput(Problem("", code="cli.in_place_stdin_file"))
        return state
    if output is None:
        raise errors.UsageError(Problem("-o", code="cli.where_to_write"))
    return output


@seed_app.command("commit")
def seed_commit(
    state: Annotated[str, typer.Argument(help="The game (a new two-party game).")],
    secret_file: SecretOpt,
    side: Annotated[
        str | None,
        typer.Option(
            "--side", metavar="SIDE", help="Your side (needed while neither player has committed)."
        ),
    ] = None,
    length: Annotated[
        int | None,
        typer.Option(
            "--length",
            help="The chain length, for a secret not made by seed new (which "
            "records it in the file).",
        ),
    ] = None,
    output: OutOpt = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Overwrite the state file.")] = False,
    new_game: Annotated[
        bool,
        typer.Option(
            "--new-game",
            help="The state has no history because it is a new game: start one from this position.",
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Record your two-party commitment in a new game (before its first phase)."""
    from referee.cli.app import read_seed, write_state_file
    from referee.core.dice import chain_element
    from referee.core.model import MAX_CHAIN
    from referee.io.files import load_game
    from referee.play import StateHasher, check_record, new_game_state
    from referee.play.seeds import chain_length_of
    from referee.play.twoparty import commit

    target = _out_path(output, in_place, state)
    early = output_target(target, "--in-place" if target == state else "-o")
    game = load_game(state)
    gs = game.state
    if new_game:
        if gs.history:
            raise errors.InvalidInput(
                Problem(
                    "history",
                    file=state,
                    code="cli.new_game_has_history",
                )
            )
        gs = new_game_state(gs)
    else:
        check_record(gs, StateHasher(), file=state)
    secret = read_seed(secret_file)
    assert secret is not None
    if side is None:
        missing = [s for s in gs.side_ids() if gs.dice.party(s) is None]
        if len(missing) != 1:
            raise errors.UsageError(
                Problem(
                    "--side",
                    code="cli.which_side",
                    data={"suggest": {"one_of": list(gs.side_ids())}},
                )
            )
        side = missing[0]
    length = chain_length_of(secret) or length or 1000
    if not 1 <= length <= MAX_CHAIN:
        raise errors.UsageError(
            Problem(
                "--length",
                code="state.chain_length",
                data={"limit": MAX_CHAIN},
            )
        )
    value = chain_element(secret, length)
    for party in gs.dice.parties:
        if party.commitment == value and party.side != side:
            raise errors.InvalidInput(
                Problem(
                    "--secret",
                    file=secret_file,
                    code="seed.other_side",
                    data={"side": party.side},
                )
            )
    try:
        new = commit(gs, side, value, length, secret)
    except errors.RefereeError as exc:
        raise located(exc, state) from None
    write_state_file(new, early)
    if json_out:
        emit_json({"side": side, "commitment": value, "length": length, "written": target})
        return
    waiting = [s for s in new.side_ids() if new.dice.party(s) is None]
    then = (
        said(
            "ui.seed.send_to",
            waiting=", ".join(waiting),
        )
        if waiting
        else said("ui.seed.all_committed")
    )
    sys.stderr.write(
        "referee: "
        + said(
            "ui.seed.committed",
            side=side,
            short=value[:16],
            length=length,
            target=target,
            then=then,
        )
        + "\n"
    )


@seed_app.command("reveal")
def seed_reveal(
    state: Annotated[str, typer.Argument(help="The game, at the phase the orders are for.")],
    orders: Annotated[str, typer.Argument(help="The orders of the phase (YAML or .eml).")],
    secret_file: SecretOpt,
    output: OutOpt = None,
    in_place: Annotated[
        bool,
        typer.Option("--in-place", help="Your own orders: add your reveal to the orders file."),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Give your next reveal: into your own orders, or as a reveal file for your
    opponent's orders (only once they are fixed; once per phase)."""
    from msgspec.structs import replace

    from referee.cli.app import read_seed
    from referee.core.dice import chain_step
    from referee.io.files import atomic_write, load_game, load_orders
    from referee.play import StateHasher, check_record, problems_of
    from referee.play.authorship import orders_signed, sign_orders
    from referee.play.twoparty import (
        Reveal,
        check_author_reveal,
        first_roll,
        next_reveal,
        order_set_hash,
        party_of,
        record_reveal,
        side_of_secret,
    )
    from referee.play.verify import replay_game

    early = output_target(
        output if output is not None else orders if in_place else None,
        "-o" if output is not None else "--in-place",
    )
    game = load_game(state)
    gs = game.state
    if gs.dice.mode != "two-party":
        raise errors.InvalidInput(
            Problem(
                "dice.mode",
                file=state,
                code="cli.reveal_not_two_party",
                data={"mode": gs.dice.mode},
            )
        )
    check_record(gs, StateHasher(), file=state)
    order_set = load_orders(orders, gs)
    secret = read_seed(secret_file)
    assert secret is not None
    party = side_of_secret(gs, secret)
    if party is None:
        raise errors.SeedError(
            Problem(
                "",
                file=secret_file,
                code="seed.not_committed",
            )
        )
    for side in gs.side_ids():
        party_of(gs, side, state)
    value = next_reveal(secret, party)
    index = party.revealed + 1
    if chain_step(value) != party.last:
        # a state claiming more (or fewer) of your reveals than you gave: revealing a
        # later element would give away every one before it
        raise errors.SeedError(
            Problem(
                f"dice.parties.{party.side}",
                file=state,
                code="seed.state_revealed",
                data={"revealed": party.revealed},
            )
        )
    if party.side == order_set.player:  # the author: the reveal goes into the orders
        try:
            rolls = first_roll(gs, order_set, game.ruleset)
        except errors.RefereeError as exc:
            raise located(exc, orders) from None
        opponent = gs.enemy_of(party.side)
        then = (
            said(
                "ui.seed.rolls",
                rolls=rolls,
                rolls_words=_rolls_words(rolls),
                opponent=opponent,
            )
            if rolls
            else said("ui.seed.no_rolls")
        )
        if order_set.reveal is not None:
            if order_set.reveal != value:
                raise errors.SeedError(
                    Problem(
                        "reveal",
                        file=orders,
                        code="seed.another_reveal",
                    )
                )
            if (
                (in_place or output is not None)
                and _signs(gs, party.side)
                and not orders_signed(gs, order_set)
            ):
                _write_signed(orders, output or orders, early, gs, order_set, secret, "")
            _say(
                json_out,
                {
                    "side": party.side,
                    "role": "author",
                    "index": index,
                    "reveal": value,
                    "written": None,
                    "rolls_dice": bool(rolls),
                },
                "referee: "
                + said(
                    "ui.seed.already",
                    orders=orders,
                    index=index,
                    then=then,
                )
                + "\n",
            )
            return
        line = f'reveal: "{value}"\n'
        if _signs(gs, party.side):
            line += _signature_line(sign_orders(gs, replace(order_set, reveal=value), secret))
        if not in_place and output is None:
            sys.stdout.write(line)
            sys.stderr.write(
                "referee: "
                + said(
                    "ui.seed.add_line",
                    orders=orders,
                    then=then,
                )
                + "\n"
            )
            return
        _can_add_line(orders)
        target = output or orders
        again = _write_signed(orders, target, early, gs, order_set, secret, line)
        if again.reveal != value:
            raise errors.InvalidInput(
                Problem(
                    "",
                    file=target,
                    code="seed.line_not_added",
                    data={"line": line.strip()},
                )
            )
        check_author_reveal(gs, again, target)
        _say(
            json_out,
            {
                "side": party.side,
                "role": "author",
                "index": index,
                "reveal": value,
                "written": target,
                "rolls_dice": bool(rolls),
            },
            "referee: "
            + said(
                "ui.seed.added",
                index=index,
                target=target,
                then=then,
            )
            + "\n",
        )
        return
    # the opponent: reveal only on a state that verifies, for fixed orders of a phase
    # that rolls dice
    done = replay_game(gs, game.ruleset)
    if not done.verification.ok:
        raise errors.VerificationFailed(
            [
                Problem(
                    "",
                    file=state,
                    code="seed.state_does_not_verify",
                ),
                *problems_of(done.verification, state),
            ]
        )
    if order_set.reveal is None:
        raise errors.InvalidInput(
            Problem(
                "reveal",
                file=orders,
                code="seed.no_author_reveal",
                data={"player": order_set.player},
            )
        )
    try:
        check_author_reveal(gs, order_set, orders)
        rolls = first_roll(gs, order_set, game.ruleset)
    except errors.RefereeError as exc:
        raise located(exc, orders) from None
    if rolls is None:
        _say(
            json_out,
            {"side": party.side, "role": "opponent", "needed": False, "written": None},
            "referee: "
            + said(
                "ui.seed.not_needed",
            )
            + "\n",
        )
        return
    target = output or f"{os.path.splitext(orders)[0]}.reveal.yaml"
    reveal = Reveal(
        game=gs.game,
        turn=gs.turn,
        player=gs.player,
        phase=gs.phase,
        by=party.side,
        index=index,
        after=str(gs.history[-1].get("hash")),
        orders=order_set_hash(order_set),
        reveal=value,
    )
    record_reveal(secret_file, reveal)
    from referee.io.yamlio import dump_state

    atomic_write(
        early if early not in (None, "-") else target,
        f"# {said('ui.seed.reveal_file')}\n" + dump_state(reveal.to_data()),
    )
    _say(
        json_out,
        {
            "side": party.side,
            "role": "opponent",
            "needed": True,
            "index": index,
            "reveal": value,
            "written": target,
        },
        "referee: "
        + said(
            "ui.seed.reveal_written",
            index=index,
            rolls=rolls,
            rolls_words=_rolls_words(rolls),
            target=target,
            player=gs.player,
        )
        + "\n",
    )


def _rolls_words(rolls: str | None) -> str:
    """What the phase's first die is rolled for, in the language of this run (the
    engine says it in English: ``C1 melee E1: die 1/3``)."""
    from referee.render import lang as _lang
    from referee.render.grammar import purpose

    return purpose(rolls, _lang.current()) if rolls else ""


def _signs(gs: "GameState", side: str) -> bool:
    """Whether the game asks ``side`` to sign its decisions (it committed a key)."""
    from referee.play.authorship import required

    return side in required(gs)


def _signature_line(signature: str) -> str:
    return f'signature: "{signature}"\n'


def _write_signed(
    source: str,
    target: str,
    early: str | None,
    gs: "GameState",
    order_set: "OrderSet",
    secret: str,
    added: str,
) -> "OrderSet":
    """Write ``source``'s orders to ``target`` with the lines ``added`` (a reveal and its
    signature) or, when ``added`` is empty, with a fresh signature of the orders as they
    are; read them back and check the signature. A former signature line is dropped."""
    from referee.io.files import atomic_write, load_orders
    from referee.play.authorship import orders_signed, sign_orders

    if source == "-" or source.lower().endswith(".eml"):
        raise errors.UsageError(
            Problem(
                "",
                file=source,
                code="seed.cannot_add_line",
            )
        )
    text = _without_signature(_read_text(source))
    if not added:
        added = _signature_line(sign_orders(gs, order_set, secret))
    atomic_write(
        early if early not in (None, "-") else target,
        text + ("" if not text or text.endswith("\n") else "\n") + added,
    )
    again = load_orders(target, gs)
    if "signature:" in added and not orders_signed(gs, again):
        raise errors.InvalidInput(
            Problem(
                "",
                file=target,
                code="sign.line_not_added",
            )
        )
    return again


def _read_text(path: str) -> str:
    from referee.io.yamlio import read_text

    return read_text(path)


def _without_signature(text: str) -> str:
    return "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("signature:")
    )


@seed_app.command("sign")
def seed_sign(
    state: Annotated[str, typer.Argument(help="The game, at the phase the file is for.")],
    file: Annotated[
        str, typer.Argument(help="Your orders, or your choices file, for the game's next phase.")
    ],
    secret_file: SecretOpt,
    output: OutOpt = None,
    in_place: Annotated[
        bool, typer.Option("--in-place", help="Add the signature to the file.")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Sign your orders or your choices for the next phase with the key your secret
    carries (two-party games: every decision is signed by its author)."""
    from referee.cli.app import read_seed
    from referee.core.choices import CHOICES_FORMAT
    from referee.io.files import atomic_write, load_game, load_orders
    from referee.io.mail import load_document
    from referee.play import StateHasher, check_record, signing
    from referee.play.authorship import choices_content, sign_orders

    early = output_target(
        output if output is not None else file if in_place else None,
        "-o" if output is not None else "--in-place",
    )
    game = load_game(state)
    gs = game.state
    check_record(gs, StateHasher(), file=state)
    secret = read_seed(secret_file)
    assert secret is not None
    side = signing.side_of(gs, secret) if gs.dice.mode == "two-party" else None
    if side is None:
        raise errors.SeedError(
            Problem(
                "",
                file=secret_file,
                code="sign.no_key",
            )
        )
    doc = load_document(file)
    kind = doc.data.get("format") if isinstance(doc.data, dict) else None
    if kind == CHOICES_FORMAT:
        from referee.io.choices import load_choices

        choice_set = load_choices(file, gs)
        author, signature = choice_set.by, signing.sign(secret, choices_content(gs, choice_set))
    else:
        order_set = load_orders(file, gs)
        author, signature = order_set.player, sign_orders(gs, order_set, secret)
    if author != side:
        raise errors.SeedError(
            Problem(
                "",
                file=file,
                code="sign.not_yours",
                data={"author": author, "side": side},
            )
        )
    line = _signature_line(signature)
    if not in_place and output is None:
        sys.stdout.write(line)
        sys.stderr.write(
            "referee: "
            + said(
                "ui.sign.add_line",
                file=file,
            )
            + "\n"
        )
        return
    _can_add_line(file)
    target = output or file
    text = _without_signature(_read_text(file))
    atomic_write(
        early if early not in (None, "-") else target,
        text + ("" if not text or text.endswith("\n") else "\n") + line,
    )
    _say(
        json_out,
        {"side": side, "file": target, "signature": signature},
        "referee: " + said("ui.sign.signed", target=target, side=side) + "\n",
    )


def _say(json_out: bool, data: dict[str, object], text: str) -> None:
    if json_out:
        emit_json(data)
    else:
        sys.stderr.write(text)


def _can_add_line(path: str) -> None:
    """Refuse to add a line (a reveal, a signature) to standard input or a saved mail:
    only a YAML file takes one (exit 2)."""
    if path == "-" or path.lower().endswith(".eml"):
        raise errors.UsageError(
            Problem(
                "",
                file=path,
                code="seed.cannot_add_line",
            )
        )

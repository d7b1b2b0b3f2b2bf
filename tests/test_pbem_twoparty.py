"""Two-party dice (docs/pbem.md): a whole game turn between two directories that
exchange only files, scripted in samples/pbem/play-by-email.sh and run here; then
every way a rival could cheat, each through the CLI, refused or caught and located."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import SAMPLES, referee, small_state, write
from referee.play import entry_hash
from schemakit import fits, misfits_both

SCRIPT = SAMPLES / "pbem" / "play-by-email.sh"


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The sample game by email, played once: (work directory, its output)."""
    if shutil.which("bash") is None:  # pragma: no cover - every CI machine has bash
        raise AssertionError("bash is needed for this test")
    work = tmp_path_factory.mktemp("pbem")
    env = dict(
        os.environ,
        PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
        COLUMNS="120",
    )
    run = subprocess.run(
        ["bash", str(SCRIPT), str(work)], capture_output=True, text=True, env=env, check=False
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return work, run.stdout + run.stderr


@pytest.fixture
def files(game: tuple[Path, str], tmp_path: Path) -> Path:
    """A private copy of both players' directories, to cheat with."""
    shutil.copytree(game[0], tmp_path / "w")
    return tmp_path / "w"


def test_a_whole_turn_by_email_each_file_verified_since_the_last_sent(
    game: tuple[Path, str],
) -> None:
    work, out = game
    # the commitments (made with referee seed new --two-party) start the game
    assert "both players have committed: the game can start" in out
    # each player verified each state received --since the last file he sent
    assert "inbox/game-1.yaml: verified 3 history entries" in out
    assert (
        "inbox/game-3.yaml: verified 5 history entries, 0 rolls recomputed; continues "
        f"{work}/rome/game-1.yaml" in out
    )
    assert f"continues {work}/rome/reveal-4.yaml" in out  # Carthage's turn, against the reveal
    assert (
        "inbox/game-11.yaml: verified 13 history entries, 19 rolls recomputed; continues "
        f"{work}/carthage/game-6.yaml" in out
    )
    # the combat needed Rome's reveal, given for the orders mailed as an .eml
    assert "carthage, combat: the phase rolls dice: rome must reveal" in out
    assert "carthage -> rome: orders-4.eml" in out and "rome -> carthage: reveal-4.yaml" in out
    assert "rome, combat: no dice" in out
    # the opponent read the past combat's report, every ruling
    assert "combat phase (history entry 5, replayed)" in out and "C1 attacks E1" in out
    final = load(work / "carthage" / "inbox" / "game-11.yaml")
    assert (final["turn"], final["player"], final["phase"]) == (2, "carthage", "activation")
    combat = final["history"][5]
    assert combat["dice"] == "two-party" and set(combat["reveals"]) == {"carthage", "rome"}
    assert final["dice"]["parties"]["rome"]["revealed"] == 6  # 5 own phases + 1 reveal
    assert final["dice"]["parties"]["carthage"]["revealed"] == 5
    # the secrets are private files; the reveal log sits beside Rome's
    assert oct(os.stat(work / "rome" / "secret.txt").st_mode & 0o777) == "0o600"
    assert len((work / "rome" / "secret.txt.reveals").read_text().splitlines()) == 1


def test_fishing_with_dry_runs_and_other_orderings(files: Path) -> None:
    """Before Rome's reveal Carthage sees practice dice only; after it, no other orders
    (another ordering of the same attacks) can use it, and Rome's referee will not
    reveal again for them."""
    c, r = files / "carthage", files / "rome"
    state, orders = c / "game-3.yaml", c / "orders-4.yaml"
    run = referee("adjudicate", str(state), str(orders), "--dry-run", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["practice_dice"] is True
    assert "PRACTICE DICE" in referee("adjudicate", str(state), str(orders), "--dry-run").out
    data = load(orders)
    data["orders"] = list(reversed(data["orders"]))
    other = write(c / "reordered.yaml", data)
    run = referee(
        "adjudicate", str(state), str(other), "--reveal", str(c / "inbox" / "reveal-4.yaml")
    )
    assert (
        run.code == 3 and "reveal-4.yaml: orders: this reveal was given for other orders" in run.err
    ), run.err
    run = referee(
        "seed",
        "reveal",
        str(r / "inbox" / "game-3.yaml"),
        str(other),
        "--secret",
        str(r / "secret.txt"),
        "-o",
        str(r / "again.yaml"),
    )
    assert run.code == 3 and "already revealed element 1" in run.err
    assert not (r / "again.yaml").exists()
    # asking again for the same orders is harmless: the same reveal
    run = referee(
        "seed",
        "reveal",
        str(r / "inbox" / "game-3.yaml"),
        str(r / "inbox" / "orders-4.eml"),
        "--secret",
        str(r / "secret.txt"),
        "-o",
        str(r / "same.yaml"),
    )
    assert run.code == 0, run.err
    assert load(r / "same.yaml")["reveal"] == load(r / "reveal-4.yaml")["reveal"]
    # the file's comment in the language of the command that wrote it
    assert (r / "same.yaml").read_text("utf-8").startswith("# two-party dice: a reveal for")
    run = referee(
        "seed",
        "reveal",
        str(r / "inbox" / "game-3.yaml"),
        str(r / "inbox" / "orders-4.eml"),
        "--secret",
        str(r / "secret.txt"),
        "-o",
        str(r / "same-fr.yaml"),
        "--lang",
        "fr",
    )
    assert run.code == 0, run.err
    said = (r / "same-fr.yaml").read_text("utf-8")
    assert said.startswith("# dés à deux secrets : la révélation d'une phase"), said


def test_re_adjudicating_gives_the_same_dice_and_rollback_cannot_reroll(files: Path) -> None:
    c = files / "carthage"
    again = c / "again.yaml"
    run = referee(
        "adjudicate",
        str(c / "game-3.yaml"),
        str(c / "orders-4.yaml"),
        "--reveal",
        str(c / "inbox" / "reveal-4.yaml"),
        "-o",
        str(again),
    )
    assert run.code == 0, run.err
    assert load(again)["history"][-1]["rolls"] == load(c / "game-4.yaml")["history"][-1]["rolls"]
    assert again.read_bytes() == (c / "game-4.yaml").read_bytes()
    secret = ("--secret", str(c / "secret.txt"))
    run = referee(
        "rollback", str(c / "game-6.yaml"), "--to", "4", "-o", str(c / "rb.yaml"), *secret
    )
    assert run.code == 3 and "history[5] (turn 1, carthage, combat) rolled dice" in run.err
    # a rollback of phases that rolled nothing is allowed, and keeps the reveals used; it
    # is signed by the player who asks for it (docs/pbem.md §Signatures)
    run = referee("rollback", str(c / "game-6.yaml"), "--to", "6", "-o", str(c / "rb.yaml"))
    assert run.code == 3 and "a rollback is signed by the player who asks for it" in run.err
    run = referee(
        "rollback", str(c / "game-6.yaml"), "--to", "6", "-o", str(c / "rb.yaml"), *secret
    )
    assert run.code == 0, run.err
    assert load(c / "rb.yaml")["history"][-1]["by"] == "carthage"
    assert load(c / "rb.yaml")["dice"] == load(c / "game-6.yaml")["dice"]
    assert referee("verify", str(c / "rb.yaml")).code == 0


def test_a_reveal_that_does_not_match_the_commitment(files: Path) -> None:
    c = files / "carthage"
    state = c / "game-3.yaml"
    # in the orders (the author's)
    data = load(c / "orders-4.yaml")
    data["reveal"] = "0" * 64
    bad = write(c / "bad-orders.yaml", data)
    run = referee("adjudicate", str(state), str(bad), "--dry-run")
    assert run.code == 3, run.err
    assert f"{bad}:" in run.err and "reveal: does not hash to carthage's last revealed" in run.err
    # in the reveal file (the opponent's)
    reveal = load(c / "inbox" / "reveal-4.yaml")
    reveal["reveal"] = "1" * 64
    forged = write(c / "forged-reveal.yaml", reveal)
    run = referee("adjudicate", str(state), str(c / "orders-4.yaml"), "--reveal", str(forged))
    assert run.code == 3 and f"{forged}:" in run.err
    assert "does not hash to rome's last revealed value" in run.err
    # and in a history: verify says which entry and whose reveal
    final = load(c / "game-6.yaml")
    final["history"][5]["reveals"]["rome"] = "2" * 64
    for i in range(5, len(final["history"])):
        final["history"][i]["prev_hash"] = final["history"][i - 1]["hash"]
        final["history"][i]["hash"] = entry_hash(final["history"][i])
    path = write(c / "rechained.yaml", final)
    run = referee("verify", str(path))
    assert run.code == 5
    assert "history[5] (turn 1, carthage, combat): rome's reveal does not hash" in run.err


def test_a_withheld_reveal_stops_the_game_and_says_who_must_answer(files: Path) -> None:
    c = files / "carthage"
    run = referee(
        "adjudicate", str(c / "game-3.yaml"), str(c / "orders-4.yaml"), "-o", str(c / "x.yaml")
    )
    assert run.code == 3 and not (c / "x.yaml").exists()
    assert "this phase rolls dice (C1 melee E1, die 1/3)" in run.err
    assert "need rome's reveal for these orders" in run.err and "--reveal" in run.err
    # without the author's reveal the message says so too
    data = load(c / "orders-4.yaml")
    del data["reveal"]
    bare = write(c / "bare.yaml", data)
    run = referee("adjudicate", str(c / "game-3.yaml"), str(bare))
    assert run.code == 3 and "need carthage's reveal in the orders" in run.err
    # Rome's referee reveals only for orders whose author has fixed his part
    run = referee(
        "seed",
        "reveal",
        str(c / "game-3.yaml"),
        str(bare),
        "--secret",
        str(files / "rome" / "secret.txt"),
        "-o",
        str(c / "r.yaml"),
    )
    assert run.code == 3 and "carry no reveal of carthage" in run.err


def test_home_made_dice_and_laundering_are_refused(files: Path) -> None:
    c = files / "carthage"
    data = load(c / "orders-4.yaml")
    data["dice"] = [6] * 19
    rigged = write(c / "rigged.yaml", data)
    run = referee(
        "adjudicate",
        str(c / "game-3.yaml"),
        str(rigged),
        "--reveal",
        str(c / "inbox" / "reveal-4.yaml"),
    )
    assert run.code == 3 and "only for tabletop games" in run.err
    state = load(c / "game-6.yaml")
    state["sides"]["rome"]["units"][0]["cohesion"]["current"] = 0
    laundered = write(c / "laundered.yaml", dict(state, history=[]))
    run = referee("adjudicate", str(laundered), str(c / "orders-5.yaml"))
    assert run.code == 3 and "has no history" in run.err


def _forge(state: Path, orders: Path | None, out: Path, reveal: Path | None = None) -> None:
    """Apply a phase in-process without the signature checks of the command line: what a
    cheat's own build of the referee writes."""
    from referee.cli.app import write_state_file
    from referee.cli.cmd_seed import load_reveal
    from referee.io.files import load_game, load_orders
    from referee.play import choose_dice, play

    game = load_game(str(state))
    if orders is None:
        from referee.core.orders import OrderSet

        gs = game.state
        order_set = OrderSet(turn=gs.turn, player=gs.player, phase=gs.phase, orders=())
    else:
        order_set = load_orders(str(orders), game.state)
    choice = choose_dice(game.state, order_set, reveal=load_reveal(str(reveal)) if reveal else None)
    write_state_file(play(game.state, order_set, game.ruleset, choice).state, str(out))


def test_a_forged_turn_is_caught_by_the_player_who_sent_the_real_one(files: Path) -> None:
    """Rome replays Carthage's combat without its first two attacks (he deletes his
    reveal log to get a second reveal): the referee refuses orders Carthage did not sign;
    a state made by a cheat's own build says so in every verify, and Carthage's verify
    --since his own last file names the rewritten entry and the orders that differ."""
    c, r = files / "carthage", files / "rome"
    inbox = r / "inbox"
    from referee.io.mail import load_document

    orders = load_document(str(inbox / "orders-4.eml")).data
    orders["orders"] = orders["orders"][2:]
    forged_orders = write(r / "forged-orders.yaml", orders)
    (r / "secret.txt.reveals").unlink()
    run = referee(
        "seed",
        "reveal",
        str(inbox / "game-3.yaml"),
        str(forged_orders),
        "--secret",
        str(r / "secret.txt"),
        "-o",
        str(r / "forged-reveal.yaml"),
    )
    assert run.code == 0, run.err
    state = r / "f4.yaml"
    run = referee(
        "adjudicate",
        str(inbox / "game-3.yaml"),
        str(forged_orders),
        "--reveal",
        str(r / "forged-reveal.yaml"),
        "-o",
        str(state),
    )
    assert run.code == 3 and not state.exists()
    assert "signature: is not carthage's signature of these orders on this position" in run.err
    del orders["signature"]  # unsigned, or signed by Rome: not Carthage's either
    write(forged_orders, orders)
    for extra in ((), ("--secret", str(r / "secret.txt"))):
        run = referee(
            "adjudicate",
            str(inbox / "game-3.yaml"),
            str(forged_orders),
            "--reveal",
            str(r / "forged-reveal.yaml"),
            "-o",
            str(state),
            *extra,
        )
        assert run.code == 3 and "these orders are not signed by carthage" in run.err, run.err
    _forge(inbox / "game-3.yaml", forged_orders, state, r / "forged-reveal.yaml")
    for n in (5, 6):
        nxt = r / f"f{n}.yaml"
        _forge(state, None, nxt)
        state = nxt
    run = referee("verify", str(state))  # every verify names the entry Carthage did not sign
    assert run.code == 5
    assert "history[5] (turn 1, carthage, combat): the phase was not signed by carthage" in run.err
    run = referee("verify", str(state), "--since", str(c / "game-6.yaml"))
    assert run.code == 5, run.out
    assert (
        "history[5] (turn 1, carthage, combat): the received file departs from yours "
        "here" in run.err
    )
    assert (
        'orders[0]: yours {"unit": "C1", "target": "E1", "kind": "melee"} -> received '
        '{"unit": "I2", "target": "V1", "kind": "melee"}' in run.err
    )


def test_orders_changed_after_the_reveal_are_caught_by_the_revealer(files: Path) -> None:
    """Carthage, knowing Rome's reveal, drops a bad attack and edits the reveal file's
    orders hash to match: the state verifies on its own, but Rome's verify --since his
    own reveal file names the entry."""
    from referee.core.orders import read_orders
    from referee.play.twoparty import order_set_hash

    c, r = files / "carthage", files / "rome"
    data = load(c / "orders-4.yaml")
    data["orders"] = data["orders"][1:]
    changed = write(c / "changed.yaml", data)
    run = referee(
        "adjudicate",
        str(c / "game-3.yaml"),
        str(changed),
        "--reveal",
        str(c / "inbox" / "reveal-4.yaml"),
    )
    assert run.code == 3 and "this reveal was given for other orders" in run.err
    # his signature no longer matches the changed orders: he signs them again
    run = referee(
        "seed",
        "sign",
        str(c / "game-3.yaml"),
        str(changed),
        "--secret",
        str(c / "secret.txt"),
        "--in-place",
    )
    assert run.code == 0, run.err
    data = load(changed)
    reveal = load(c / "inbox" / "reveal-4.yaml")
    parsed, _ = read_orders(data)
    assert parsed is not None
    reveal["orders"] = order_set_hash(parsed)
    edited = write(c / "edited-reveal.yaml", reveal)
    out = c / "cheat.yaml"
    run = referee(
        "adjudicate", str(c / "game-3.yaml"), str(changed), "--reveal", str(edited), "-o", str(out)
    )
    assert run.code in (0, 1), run.err
    assert referee("verify", str(out)).code == 0  # consistent in itself...
    run = referee("verify", str(out), "--since", str(r / "reveal-4.yaml"), "--side", "rome")
    assert run.code == 5
    assert (
        "history[5] (turn 1, carthage, combat): the orders applied are not the ones you "
        "revealed for" in run.err
    )
    # and with the orders he received by mail, read as their author would check them
    # (--side carthage), Rome sees which order changed
    run = referee(
        "verify", str(out), "--since", str(r / "inbox" / "orders-4.eml"), "--side", "carthage",
        "--json",
    )  # fmt: skip
    finding = json.loads(run.out)["findings"][0]
    assert finding["index"] == 5 and finding["order"] == 0


def test_commitments_come_once_per_side_before_the_first_phase(files: Path) -> None:
    c, r = files / "carthage", files / "rome"
    run = referee(
        "seed",
        "commit",
        str(c / "game-1.yaml"),
        "--secret",
        str(c / "secret.txt"),
        "--side",
        "carthage",
        "-o",
        str(c / "x.yaml"),
    )
    assert run.code == 3 and "already committed" in run.err
    run = referee(
        "seed",
        "commit",
        str(c / "game-0.yaml"),
        "--secret",
        str(c / "secret.txt"),
        "--side",
        "rome",
        "-o",
        str(c / "x.yaml"),
    )
    assert run.code == 3 and "already carthage's commitment" in run.err
    start = small_state()
    start["dice"] = {"mode": "two-party"}
    s = write(files / "tp.yaml", start)
    referee("seed", "new", "--two-party", "-o", str(files / "red.txt"))
    run = referee(
        "seed",
        "commit",
        str(s),
        "--secret",
        str(files / "red.txt"),
        "--side",
        "red",
        "-o",
        str(files / "tp1.yaml"),
    )
    assert run.code == 3 and "--new-game" in run.err  # a state without history
    run = referee(
        "seed",
        "commit",
        str(s),
        "--secret",
        str(files / "red.txt"),
        "--side",
        "red",
        "--new-game",
        "-o",
        str(files / "tp1.yaml"),
    )
    assert run.code == 0, run.err
    orders = write(
        files / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "orders": [],
        },
    )
    run = referee("adjudicate", str(files / "tp1.yaml"), str(orders), "--dry-run")
    assert run.code == 3 and "blue has not committed" in run.err
    # after the first phase, no commitment
    final = c / "game-6.yaml"
    run = referee(
        "seed",
        "commit",
        str(final),
        "--secret",
        str(r / "secret.txt"),
        "--side",
        "rome",
        "-o",
        str(c / "x.yaml"),
    )
    assert run.code == 3 and "rome has already committed" in run.err
    # a secret that is nobody's cannot reveal
    run = referee(
        "seed",
        "reveal",
        str(c / "game-3.yaml"),
        str(c / "orders-4.yaml"),
        "--secret",
        str(files / "red.txt"),
    )
    assert run.code == 3 and "not the one behind either player's commitment" in run.err


def test_no_reveal_is_given_for_a_phase_without_dice(files: Path) -> None:
    c, r = files / "carthage", files / "rome"
    run = referee(
        "seed",
        "reveal",
        str(c / "game-2.yaml"),
        str(c / "orders-3.yaml"),
        "--secret",
        str(r / "secret.txt"),
        "-o",
        str(r / "none.yaml"),
        "--json",
    )
    assert run.code == 0, run.err
    assert json.loads(run.out)["needed"] is False and not (r / "none.yaml").exists()


def test_a_state_claiming_more_reveals_cannot_make_rome_reveal_ahead(files: Path) -> None:
    """Revealing a later element of a chain gives away every one before it: a state
    that says Rome has revealed more than he has (consistently rehashed) gets nothing."""
    from referee.io.state import read_state
    from referee.play import state_hash

    c, r = files / "carthage", files / "rome"
    data = load(c / "game-3.yaml")
    data["dice"]["parties"]["rome"]["revealed"] = 4
    data["dice"]["parties"]["rome"]["last"] = "3" * 64
    edited, problems = read_state(dict(data, history=[]))
    assert edited is not None, problems
    data["history"][-1]["state_hash"] = state_hash(edited)
    data["history"][-1]["hash"] = entry_hash(data["history"][-1])
    crafted = write(c / "crafted.yaml", data)
    run = referee(
        "seed",
        "reveal",
        str(crafted),
        str(c / "orders-4.yaml"),
        "--secret",
        str(r / "secret.txt"),
        "-o",
        str(r / "ahead.yaml"),
    )
    assert run.code in (3, 5) and "nothing revealed" in run.err, run.err
    assert not (r / "ahead.yaml").exists()
    assert "crafted" not in (r / "secret.txt.reveals").read_text()


def test_validate_gives_the_same_practice_dice_for_the_same_files(files: Path) -> None:
    """Issue 22 item 6: a two-party combat without the opponent's reveal is previewed
    with practice dice derived from the files, so every run says the same."""
    c = files / "carthage"
    runs = [
        referee("validate", str(c / "game-3.yaml"), str(c / "orders-4.yaml"), "--json")
        for _ in range(3)
    ]
    assert len({(r.code, r.out) for r in runs}) == 1, [r.code for r in runs]
    assert json.loads(runs[0].out)["files"][-1]["practice_dice"] is True


def test_verify_since_a_file_of_the_other_player_is_not_one_i_sent(files: Path) -> None:
    """Issue 22: `verify --since` took the opponent's orders as a file of mine. With my
    secret (it says who I am) it names the file as his."""
    c, r = files / "carthage", files / "rome"
    state = c / "game-6.yaml"
    mine = ("--secret", str(r / "secret.txt"))
    run = referee("verify", str(state), "--since", str(r / "inbox" / "orders-4.eml"), *mine)
    assert run.code == 5
    assert (
        "orders-4.eml is carthage's file, not yours (rome): --since takes a file you "
        "sent" in run.err
    )
    assert referee("verify", str(state), "--since", str(r / "reveal-4.yaml"), *mine).code == 0
    run = referee(
        "verify",
        str(state),
        "--since",
        str(r / "reveal-4.yaml"),
        "--secret",
        str(files / "nobody.txt"),
    )
    assert run.code == 6 or run.code == 3


def test_verify_since_says_who_runs_the_check_with_side(files: Path) -> None:
    """Issue 22: `verify --since` accepted the opponent's orders as a file of mine and
    said "continues". Once keys are committed a reveal, orders or choices file needs to
    know who runs the check: `--side` (or `--secret`); a file of the other side, or
    signed by his key, is refused (exit 5); without either, the command line is refused
    (exit 2), and a state file (which has no author) is taken as before."""
    c, r = files / "carthage", files / "rome"
    state = c / "game-6.yaml"
    orders = r / "inbox" / "orders-4.eml"
    run = referee("verify", str(state), "--since", str(orders), "--side", "rome")
    assert run.code == 5, run.err
    assert "orders-4.eml is carthage's file, not yours (rome): --since takes a file you" in run.err
    run = referee("verify", str(state), "--since", str(orders), "--side", "rome", "--json")
    assert run.code == 5 and json.loads(run.out)["findings"][0]["what"] == "since"
    run = referee("verify", str(state), "--since", str(r / "reveal-4.yaml"), "--side", "rome")
    assert run.code == 0 and "continues" in run.out, run.err
    # the same command lines without a side: nothing says whose check it is
    for since in (orders, r / "reveal-4.yaml"):
        run = referee("verify", str(state), "--since", str(since))
        assert run.code == 2, run.err
        assert "names its author, but nothing says who runs this check" in run.err
        assert "--side SIDE (or --secret YOUR-SECRET)" in run.err
    run = referee("--lang", "fr", "verify", str(state), "--since", str(orders))
    assert run.code == 2 and "rien ne dit qui fait cette vérification" in run.err
    assert referee("verify", str(state), "--since", str(c / "game-3.yaml")).code == 0
    # --side and --secret must agree; --side must be a side of the game
    run = referee(
        "verify", str(state), "--since", str(orders), "--side", "carthage",
        "--secret", str(r / "secret.txt"),
    )  # fmt: skip
    assert run.code == 2 and "--side says carthage, your secret says rome" in run.err
    run = referee("verify", str(state), "--since", str(orders), "--side", "gaul")
    assert run.code == 2 and "no side 'gaul'" in run.err
    # a file that says it is rome's but that carthage signed: refused for rome too
    text = orders.read_text(encoding="utf-8")
    forged = r / "forged-orders.eml"
    forged.write_text(text.replace("player: carthage", "player: rome"), encoding="utf-8")
    run = referee("verify", str(state), "--since", str(forged), "--side", "rome")
    assert run.code == 5
    assert "forged-orders.eml is rome's file, but not signed by rome's committed key" in run.err
    # a signature that no committed key made: the file is not carthage's as sent
    signature = re.search(r'\nsignature: "([0-9a-f]{128})"', text)
    assert signature is not None
    forged.write_text(text.replace(signature.group(1), "ab" * 64), encoding="utf-8")
    run = referee("verify", str(state), "--since", str(forged), "--side", "carthage")
    assert run.code == 5
    assert "forged-orders.eml is carthage's file, but not signed by carthage's committed" in run.err


def test_the_reveal_files_and_the_reveal_log_fit_the_reveal_schema(
    game: tuple[Path, str],
) -> None:
    """Every reveal file the players exchanged and each record of the reveal log fit
    `referee schema reveal` and ``RevealFile``; changed, refused by both."""
    work, _ = game
    reveals = sorted(work.glob("*/reveal-*.yaml")) + sorted(work.glob("*/inbox/reveal-*.yaml"))
    assert reveals
    for path in reveals:
        fits("reveal", load(path))
    records = [
        json.loads(line)
        for line in (work / "rome" / "secret.txt.reveals").read_text("utf-8").splitlines()
    ]
    assert records
    for record in records:
        fits("reveal", record)
        misfits_both("reveal", {**record, "orders": "xyz"})
        misfits_both("reveal", {**record, "index": "one"})

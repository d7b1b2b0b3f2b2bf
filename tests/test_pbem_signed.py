"""Every decision signed by its author (docs/pbem.md §Signatures; issue 22 item 1): the
quickstart battle in two-party dice, each attack through the command line, refused by
`adjudicate` or reported, located, by a plain `verify`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import SAMPLES, referee, write
from referee.play import entry_hash

SCENARIO = SAMPLES / "quickstart-scenario.yaml"


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A new two-party quickstart game both players committed to (greeks play first)."""
    state = tmp_path / "g.yaml"
    assert referee("new", str(SCENARIO), "-o", str(state)).code == 0
    for side in ("greeks", "persians"):
        secret = tmp_path / f"{side}.secret"
        assert referee("seed", "new", "--two-party", "-o", str(secret)).code == 0
        run = referee(
            "seed", "commit", str(state), "--secret", str(secret), "--side", side, "--in-place"
        )
        assert run.code == 0, run.err
    return state


def secret(game: Path, side: str) -> tuple[str, str]:
    return "--secret", str(game.parent / f"{side}.secret")


def skeleton(game: Path, name: str = "o.yaml") -> Path:
    out = game.parent / name
    assert referee("orders", str(game), "-o", str(out)).code == 0
    return out


def forge(
    state: Path,
    orders: Path | None,
    out: Path,
    choices: Path | None = None,
    authors: dict[str, Any] | None = None,
) -> None:
    """What a cheat's own build of the referee writes: the phase applied in-process
    without the command line's signature checks."""
    from referee.cli.app import write_state_file
    from referee.core.orders import OrderSet
    from referee.io.choices import load_choices
    from referee.io.files import load_game, load_orders
    from referee.play import choose_dice, play

    game = load_game(str(state))
    gs = game.state
    order_set = (
        load_orders(str(orders), gs)
        if orders is not None
        else OrderSet(turn=gs.turn, player=gs.player, phase=gs.phase, orders=())
    )
    sets = [load_choices(str(choices), gs)] if choices is not None else []
    outcome = play(
        gs,
        order_set,
        game.ruleset,
        choose_dice(gs, order_set),
        choices=sets,
        authors=(lambda: authors) if authors is not None else None,
    )
    write_state_file(outcome.state, str(out))


def rechain(data: dict[str, Any], start: int) -> None:
    history = data["history"]
    for i in range(start, len(history)):
        history[i]["prev_hash"] = history[i - 1]["hash"]
        history[i]["hash"] = entry_hash(history[i])


def test_commitments_carry_keys_and_every_phase_is_signed_by_its_player(game: Path) -> None:
    commits = [e for e in load(game)["history"] if e["phase"] == "commit"]
    assert [len(e["key"]) for e in commits] == [64, 64]
    assert all(len(e["sig"]) == 128 for e in commits)
    orders, out = skeleton(game), game.parent / "g1.yaml"
    run = referee("adjudicate", str(game), str(orders), "-o", str(out))
    assert run.code == 3 and not out.exists()
    assert f"{orders}: signature: these orders are not signed by greeks" in run.err
    assert "referee seed sign GAME FILE --secret SECRET --in-place" in run.err
    # the opponent's secret does not sign greeks' orders
    run = referee("adjudicate", str(game), str(orders), "-o", str(out), *secret(game, "persians"))
    assert run.code == 3 and "not signed by greeks" in run.err
    # the skeleton used as it is, signed as it is applied
    run = referee("adjudicate", str(game), str(orders), "-o", str(out), *secret(game, "greeks"))
    assert run.code == 0, run.err
    assert len(load(out)["history"][-1]["signed"]) == 128
    assert referee("verify", str(out)).code == 0


def test_seed_sign_signs_my_orders_and_an_edit_after_it_is_refused(game: Path) -> None:
    orders = skeleton(game)
    run = referee("seed", "sign", str(game), str(orders), *secret(game, "persians"), "--in-place")
    assert run.code == 3 and "this file is greeks's: you play persians" in run.err
    run = referee("seed", "sign", str(game), str(orders), *secret(game, "greeks"), "--in-place")
    assert run.code == 0, run.err
    assert load(orders)["signature"]
    # signed twice: one signature line
    assert (
        referee("seed", "sign", str(game), str(orders), *secret(game, "greeks"), "--in-place").code
        == 0
    )
    assert orders.read_text(encoding="utf-8").count("signature:") == 1
    edited = load(orders)
    edited["orders"] = ["activate PAUSANIAS: G7 G5"]  # an order added after signing
    bad = write(game.parent / "edited.yaml", edited)
    run = referee("adjudicate", str(game), str(bad), "--dry-run")  # a preview does not ask
    assert run.code in (0, 1, 3) and "signature" not in run.err
    run = referee("adjudicate", str(game), str(bad), "-o", str(game.parent / "x.yaml"))
    assert run.code == 3 and "is not greeks's signature of these orders" in run.err
    run = referee("adjudicate", str(game), str(orders), "-o", str(game.parent / "g1.yaml"))
    assert run.code == 0, run.err


def test_a_phase_played_in_the_opponents_name_is_refused_and_located(game: Path) -> None:
    """Issue 22: A applied B's activation himself, with `orders: []`. The referee refuses
    it; a state made by a cheat's build fails every plain verify at that entry."""
    empty = write(
        game.parent / "empty.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "greeks",
            "phase": "activation",
            "orders": [],
        },
    )
    for extra in ((), secret(game, "persians")):
        run = referee(
            "adjudicate", str(game), str(empty), "-o", str(game.parent / "x.yaml"), *extra
        )
        assert run.code == 3 and "these orders are not signed by greeks" in run.err
    forged = game.parent / "forged.yaml"
    forge(game, empty, forged)
    run = referee("verify", str(forged))
    assert run.code == 5
    assert (
        "history[3] (turn 1, greeks, activation): the phase was not signed by greeks, "
        "whose phase it is" in run.err
    )
    finding = json.loads(referee("verify", str(forged), "--json").out)["findings"][0]
    assert (
        finding["index"],
        finding["turn"],
        finding["player"],
        finding["phase"],
        finding["what"],
    ) == (3, 1, "greeks", "activation", "signature")
    # and the phase cannot be passed off as one that left nobody anything to decide
    marked = game.parent / "marked.yaml"
    forge(game, empty, marked, authors={"nobody_decides": True})
    run = referee("verify", str(marked), "--lang", "fr")
    assert run.code == 5 and "history[3]" in run.err and "y avait des décisions" in run.err


def test_choices_in_the_opponents_name_are_refused_and_located(game: Path) -> None:
    """Issue 22: `orders --choices --side THEM`, add a reaction, adjudicate with it."""
    orders = skeleton(game)
    fake = game.parent / "fake.yaml"
    assert (
        referee(
            "orders",
            str(game),
            "--choices",
            "--side",
            "persians",
            "--orders",
            str(orders),
            "-o",
            str(fake),
        ).code
        == 0
    )
    data = load(fake)
    data["choices"] = ["P11 reaction evade"]
    write(fake, data)
    run = referee(
        "adjudicate",
        str(game),
        str(orders),
        "--choices",
        str(fake),
        *secret(game, "greeks"),
        "-o",
        str(game.parent / "x.yaml"),
    )
    assert (
        run.code == 3 and f"{fake}: signature: these choices are not signed by persians" in run.err
    )
    run = referee("seed", "sign", str(game), str(fake), *secret(game, "greeks"), "--in-place")
    assert run.code == 3 and "this file is persians's: you play greeks" in run.err
    forged = game.parent / "forged.yaml"
    assert (
        referee("seed", "sign", str(game), str(orders), *secret(game, "greeks"), "--in-place").code
        == 0
    )
    forge(game, orders, forged, choices=fake, authors={"signed": load(orders)["signature"]})
    run = referee("verify", str(forged))
    assert run.code == 5
    assert (
        "history[3] (turn 1, greeks, activation): the choices in persians's name are not "
        "signed by persians" in run.err
    )
    # signed by their owner, they are taken
    assert (
        referee("seed", "sign", str(game), str(fake), *secret(game, "persians"), "--in-place").code
        == 0
    )
    out = game.parent / "g1.yaml"
    run = referee("adjudicate", str(game), str(orders), "--choices", str(fake), "-o", str(out))
    assert run.code == 0, run.err
    assert referee("verify", str(out)).code == 0


def _to_rout(game: Path) -> Path:
    """Greeks' activation, movement and combat, nothing ordered: the rout phase."""
    state = game
    for n in (1, 2, 3):
        orders = skeleton(state, f"o{n}.yaml")
        out = game.parent / f"g{n}.yaml"
        run = referee(
            "adjudicate", str(state), str(orders), "-o", str(out), *secret(game, "greeks")
        )
        assert run.code == 0, run.err
        state = out
    return state


def test_a_phase_with_nothing_to_decide_is_applied_by_either_player_and_marked(game: Path) -> None:
    state = _to_rout(game)
    out = game.parent / "g4.yaml"
    run = referee("adjudicate", str(state), "-o", str(out))  # no orders, no secret
    assert run.code == 0, run.err
    entry = load(out)["history"][-1]
    assert entry["phase"] == "rout" and entry["nobody_decides"] is True and "signed" not in entry
    assert referee("verify", str(out)).code == 0
    # a rollback: signed by its author, over his own phases only
    run = referee(
        "rollback",
        str(out),
        "--to",
        "4",
        "-o",
        str(game.parent / "rb.yaml"),
        *secret(game, "persians"),
    )
    assert run.code == 3 and "persians undoes history[5], a phase of greeks" in run.err
    run = referee(
        "rollback",
        str(out),
        "--to",
        "4",
        "-o",
        str(game.parent / "rb.yaml"),
        *secret(game, "greeks"),
    )
    assert run.code == 0, run.err
    rolled = load(game.parent / "rb.yaml")
    assert rolled["history"][-1]["by"] == "greeks"
    assert referee("verify", str(game.parent / "rb.yaml")).code == 0
    # a rollback entry rewritten in the other player's name does not verify
    rolled["history"][-1]["by"] = "persians"
    rechain(rolled, len(rolled["history"]) - 1)
    path = write(game.parent / "rb2.yaml", rolled)
    run = referee("verify", str(path))
    assert (
        run.code == 5
        and "history[7] (turn 1, greeks, rollback to entry 4): the "
        "rollback is not signed by a player of the game"
        in run.err
    )


def test_a_commitment_whose_key_was_replaced_is_reported(game: Path) -> None:
    data = load(game)
    data["history"][2]["key"] = "ab" * 32
    rechain(data, 2)
    path = write(game.parent / "rekeyed.yaml", data)
    run = referee("verify", str(path))
    assert run.code == 5
    assert (
        "history[2] (turn 1, persians, two-party commitment): persians's commitment is "
        "not signed by the key it commits" in run.err
    )


def test_once_a_key_is_committed_a_side_without_one_cannot_play_unsigned(tmp_path: Path) -> None:
    """A commitment made without a key (an older referee, or a cheat's) in a game whose
    other player committed one: that side's phases are not taken unsigned."""
    from referee.cli.app import write_state_file
    from referee.core.dice import chain_element
    from referee.io.files import load_game
    from referee.play.twoparty import commit

    state = tmp_path / "g.yaml"
    assert referee("new", str(SCENARIO), "-o", str(state)).code == 0
    game = load_game(str(state))
    keyless = commit(game.state, "greeks", chain_element("s" * 64, 1000), 1000)
    write_state_file(keyless, str(state))
    secret = tmp_path / "persians.secret"
    assert referee("seed", "new", "--two-party", "-o", str(secret)).code == 0
    assert (
        referee(
            "seed",
            "commit",
            str(state),
            "--secret",
            str(secret),
            "--side",
            "persians",
            "--in-place",
        ).code
        == 0
    )
    orders = skeleton(state)
    run = referee("adjudicate", str(state), str(orders), "-o", str(tmp_path / "x.yaml"))
    assert run.code == 3 and "these orders are not signed by greeks" in run.err
    forged = tmp_path / "forged.yaml"
    forge(state, orders, forged)
    run = referee("verify", str(forged))
    assert (
        run.code == 5
        and "history[3] (turn 1, greeks, activation): the phase was not signed by greeks" in run.err
    )

"""Play by email: two players get the same result from the same files; verify
catches every tampering and says where (entry, turn, player, phase, what differs);
adjudicate refuses laundered states and home-made dice; `verify --since` checks a
received file continues the one sent; `history` tells what happened; commit mode
with `referee seed new`; no double application; atomic writes; rollback recorded;
scripts driven by --json and exit codes alone. (Two-party dice: test_pbem_twoparty.py.)"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import SAMPLES, referee, small_state, write
from referee.play import entry_hash
from referee.play.record import decode_blob, encode_blob

ORDERS = {
    ("red", "activation"): ["activate RG: R1 R2"],
    ("red", "movement"): ["R1 0304", "R2 0404"],
    ("red", "combat"): ["R1 melee B1"],
    ("red", "rout"): [],
    ("red", "pursuit"): [],
    ("blue", "activation"): ["activate BG: B1"],
    ("blue", "movement"): [],
    ("blue", "combat"): ["B1 melee R1"],
    ("blue", "rout"): [],
    ("blue", "pursuit"): [],
}


def orders_file(
    tmp: Path,
    state: dict[str, Any],
    name: str,
    dice: list[int] | None = None,
    orders: list[Any] | None = None,
) -> Path:
    data: dict[str, Any] = {
        "format": "referee-orders/1",
        "turn": state["turn"],
        "player": state["player"],
        "phase": state["phase"],
        "orders": orders if orders is not None else ORDERS[(state["player"], state["phase"])],
    }
    if dice is not None:
        data["dice"] = dice
    return write(tmp / name, data)


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def play_phases(
    tmp: Path,
    start: dict[str, Any],
    n: int,
    prefix: str = "g",
    extra: tuple[str, ...] = (),
    skip: dict[int, list[Any]] | None = None,
) -> Path:
    """Play n phases from a new game; ``skip`` replaces the orders of some phases."""
    path = write(tmp / f"{prefix}0.yaml", start)
    for i in range(n):
        state = load(path)
        orders = orders_file(tmp, state, f"{prefix}-orders{i}.yaml", orders=(skip or {}).get(i))
        out = tmp / f"{prefix}{i + 1}.yaml"
        run = referee(
            "adjudicate",
            str(path),
            str(orders),
            "-o",
            str(out),
            *extra,
            *(("--new-game",) if i == 0 else ()),
        )
        assert run.code in (0, 1), run.err + run.out
        path = out
    return path


def test_two_players_get_the_same_result(tmp_path: Path) -> None:
    (tmp_path / "alice").mkdir()
    (tmp_path / "bob").mkdir()
    a = play_phases(tmp_path / "alice", small_state(), 3, prefix="a")
    b = play_phases(tmp_path / "bob", small_state(), 3, prefix="b")
    assert a.read_bytes() == b.read_bytes()
    run = referee("verify", str(a))
    assert run.code == 0, run.err
    assert "verified 4 history entries" in run.out


def test_history_lists_phases_with_refusals_and_losses(tmp_path: Path) -> None:
    final = play_phases(tmp_path, small_state(), 3)
    rows = json.loads(referee("history", str(final), "--json").out)
    assert [r["phase"] for r in rows] == ["start", "activation", "movement", "combat"]
    assert [r["orders"] for r in rows[1:]] == [1, 2, 1]
    assert rows[3]["rolls"] > 0
    assert all(set(r["losses"]) == {"red", "blue"} for r in rows[1:])
    assert all(isinstance(r["refused"], int) for r in rows[1:])
    text = referee("history", str(final)).out
    # a table: its headers once, a row per entry (index, turn, side, phase, orders,
    # refused, rolls, losses, hash)
    head, _, *lines = text.splitlines()
    assert head.split() == [
        "#",
        "turn",
        "side",
        "phase",
        "orders",
        "refused",
        "rolls",
        "losses",
        "hash",
    ]
    assert lines[1].split()[:6] == ["1", "1", "red", "activation", "1", "0"]


def test_history_report_replays_a_past_phase(tmp_path: Path) -> None:
    """The opponent reads every ruling of the phase just played, from the record."""
    path = play_phases(tmp_path, small_state(), 2)
    state = load(path)
    orders = orders_file(tmp_path, state, "combat.yaml")
    out = tmp_path / "after.yaml"
    run = referee("adjudicate", str(path), str(orders), "-o", str(out), "--json")
    assert run.code in (0, 1), run.err
    live = json.loads(run.out)
    replayed = json.loads(referee("history", str(out), "--report", "3", "--json").out)
    assert replayed["entry"] == 3
    for key in ("applied", "next", "events", "rolls", "refused", "result"):
        assert replayed[key] == live[key], key
    text = referee("history", str(out), "--report", "3").out
    assert "history entry 3, replayed" in text and "combat" in text
    french = referee("history", str(out), "--report", "3", "--lang", "fr")
    assert french.code == 0 and french.out != text
    run = referee("history", str(out), "--report", "0")
    assert run.code == 2 and "applies no phase" in run.err
    run = referee("history", str(out), "--report", "9")
    assert run.code == 2 and "no history entry 9" in run.err


def _rechain(history: list[dict[str, Any]], start: int) -> None:
    """What a careful cheat would do: recompute every hash after an edit."""
    for i in range(start, len(history)):
        if i > 0:
            history[i]["prev_hash"] = history[i - 1]["hash"]
        history[i]["hash"] = entry_hash(history[i])


def _bump(digits: list[str], k: int) -> None:
    text = "".join(digits)
    text = text[:k] + str(int(text[k]) % 6 + 1) + text[k + 1 :]
    digits[:] = [text]


@pytest.mark.parametrize(
    "tamper",
    [
        "cohesion",
        "roll",
        "roll_rechained",
        "drop",
        "reorder",
        "orders_rechained",
        "initial",
        "initial_rechained",
    ],
)
def test_verify_catches_tampering_and_locates_it(tmp_path: Path, tamper: str) -> None:
    final = play_phases(tmp_path, small_state(), 3)
    data = load(final)
    history = data["history"]
    want: dict[str, Any] = {}
    if tamper == "cohesion":
        data["sides"]["blue"]["units"][0]["cohesion"]["current"] = 4
        data["sides"]["blue"]["units"][0]["cohesion"]["max"] = 9
        where, what = "history[3] (turn 1, red, combat)", "unit B1 cohesion.max: recorded 9"
        want = {"what": "current", "subject": "unit B1", "field": "cohesion.max"}
    elif tamper == "roll":
        _bump(history[3]["rolls"], 0)
        where, what = "history[3] (turn 1, red, combat)", "roll 1"
        want = {"what": "chain"}
    elif tamper == "roll_rechained":
        _bump(history[3]["rolls"], 1)
        _rechain(history, 3)
        where, what = "history[3] (turn 1, red, combat)", "roll 2 ("
        want = {"what": "roll", "roll": 2}
    elif tamper == "drop":
        del history[2]
        where, what = "history[2] (turn 1, red, combat)", "dropped"
    elif tamper == "reorder":
        history[1], history[2] = history[2], history[1]
        where, what = "history[1] (turn 1, red, movement)", "reordered"
    elif tamper == "orders_rechained":
        history[2]["orders"] = ["R1 0305"]  # a different move, hashes recomputed
        _rechain(history, 2)
        where, what = "history[2] (turn 1, red, movement)", "is not the one it recorded"
        want = {"what": "state", "field": "state_hash"}
    else:
        initial = decode_blob(history[0]["initial"])
        initial["sides"]["red"]["units"][0]["cohesion"] = {"current": 9, "max": 9}
        history[0]["initial"] = encode_blob(initial)
        where, what = "history[0] (turn 1, red, start)", "initial position does not match"
        if tamper == "initial_rechained":  # and the start entry's hash of it too
            from referee.io.state import read_state
            from referee.play import state_hash

            # the initial position holds no map (play never changes it): the file's
            edited, _ = read_state(dict(initial, map=data["map"], history=[]))
            assert edited is not None
            history[0]["state_hash"] = state_hash(edited)
            _rechain(history, 0)
            where, what = "history[1] (turn 1, red, activation)", "is not the one it recorded"
    path = write(tmp_path / "tampered.yaml", data)
    run = referee("verify", str(path))
    assert run.code == 5, run.out + run.err
    assert where in run.err and what in run.err, run.err
    if want:
        findings = json.loads(referee("verify", str(path), "--json").out)["findings"]
        found = [f for f in findings if f["what"] == want["what"]]
        assert found, findings
        f = found[0]
        assert {"index", "turn", "player", "phase", "differences"} <= set(f)
        assert f["turn"] == 1 and f["player"] == "red"
        if "roll" in want:
            assert f["roll"] == want["roll"]
        if "field" in want:
            assert any(
                d["field"] == want["field"]
                and d.get("subject", want.get("subject")) == want.get("subject", d["subject"])
                for d in f["differences"]
            ), f


def test_adjudicate_refuses_laundered_and_edited_states(tmp_path: Path) -> None:
    final = play_phases(tmp_path, small_state(), 3)
    data = load(final)
    orders = orders_file(tmp_path, data, "next.yaml")
    # edit a unit and empty the history: a "new game" nobody asked for
    data["sides"]["blue"]["units"][0]["cohesion"] = {"current": 9, "max": 9}
    laundered = write(tmp_path / "laundered.yaml", dict(data, history=[]))
    run = referee("adjudicate", str(laundered), str(orders), "-o", str(tmp_path / "x.yaml"))
    assert run.code == 3 and "has no history" in run.err and "--new-game" in run.err
    assert not (tmp_path / "x.yaml").exists()
    # edit the position but keep the history: the chain no longer vouches for it
    edited = write(tmp_path / "edited.yaml", data)
    run = referee("adjudicate", str(edited), str(orders), "-o", str(tmp_path / "x.yaml"))
    assert run.code == 5 and "edited after history[3] (turn 1, red, combat)" in run.err
    # --new-game is only for a position nobody has played
    run = referee("adjudicate", str(final), str(orders), "--new-game", "--dry-run")
    assert run.code == 3 and "game in progress" in run.err
    # a laundered state started on purpose is a new game: the opponent's --since sees it
    restarted = tmp_path / "restarted.yaml"
    run = referee("adjudicate", str(laundered), str(orders), "--new-game", "-o", str(restarted))
    assert run.code in (0, 1), run.err
    assert referee("verify", str(restarted)).code == 0  # consistent in itself...
    run = referee("verify", str(restarted), "--since", str(final))
    assert run.code == 5 and "history[0]" in run.err and "departs from yours" in run.err


def test_verify_since_catches_a_forged_turn(tmp_path: Path) -> None:
    """B replays A's turn from the initial position without A's combat orders: the file
    B sends back departs from the one A sent at the combat entry, and says so."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    sent = play_phases(tmp_path / "a", small_state(), 5, prefix="a")  # red's whole turn
    forged = play_phases(tmp_path / "b", small_state(), 6, prefix="b", skip={2: []})
    assert referee("verify", str(forged)).code == 0  # consistent in itself...
    run = referee("verify", str(forged), "--since", str(sent))
    assert run.code == 5, run.out + run.err
    assert "history[3] (turn 1, red, combat)" in run.err and "rewritten" in run.err
    assert 'orders[0]: yours "R1 melee B1" -> received (absent)' in run.err
    run = referee("verify", str(forged), "--since", str(sent), "--lang", "fr")
    assert '"R1 melee B1" -> reçu (manquant) ; dé 1 de l\'entrée : le vôtre 4' in run.err, run.err
    finding = json.loads(referee("verify", str(forged), "--since", str(sent), "--json").out)[
        "findings"
    ][0]
    assert (finding["what"], finding["index"], finding["phase"]) == ("since", 3, "combat")
    assert {
        "subject": "entry",
        "field": "orders[0]",
        "yours": "R1 melee B1",
        "received": "(absent)",
    } in finding["differences"]
    # the honest continuation passes, and so does the same file
    honest = play_phases(tmp_path / "b", small_state(), 6, prefix="h")
    run = referee("verify", str(honest), "--since", str(sent))
    assert run.code == 0 and "continues" in run.out, run.err
    # a file that drops entries you sent is caught too
    shorter = play_phases(tmp_path / "b", small_state(), 2, prefix="s")
    run = referee("verify", str(shorter), "--since", str(sent))
    assert run.code == 5 and "drops entries" in run.err


def test_no_double_application(tmp_path: Path) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    orders = orders_file(tmp_path, small_state(), "o.yaml")
    out = tmp_path / "s1.yaml"
    assert referee("adjudicate", str(state), str(orders), "-o", str(out), "--new-game").code == 0
    run = referee("adjudicate", str(out), str(orders), "-o", str(tmp_path / "s2.yaml"))
    assert run.code == 7  # orders not for this state: nothing applied
    assert "the next phase is movement" in run.err and "already be applied" in run.err
    assert not (tmp_path / "s2.yaml").exists()
    wrong = dict(small_state(), player="blue")
    run = referee("adjudicate", str(out), str(orders_file(tmp_path, wrong, "w.yaml")))
    assert run.code == 7 and "it is red's player-turn" in run.err


def test_dry_run_and_default_output_and_in_place(tmp_path: Path) -> None:
    state = write(tmp_path / "game.yaml", small_state())
    before = state.read_bytes()
    orders = orders_file(tmp_path, small_state(), "o.yaml")
    run = referee("adjudicate", str(state), str(orders), "--dry-run")  # no --new-game needed
    assert run.code == 0 and "nothing written" in run.out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml", "o.yaml"]
    run = referee("adjudicate", str(state), str(orders), "--new-game")
    assert run.code == 0, run.err
    assert (tmp_path / "game.t1-red-activation.yaml").exists()
    assert state.read_bytes() == before  # the input is never overwritten by default
    run = referee("adjudicate", str(state), str(orders), "--in-place", "--new-game")
    assert run.code == 0
    assert load(state)["phase"] == "movement"


def test_failed_write_leaves_previous_file(tmp_path: Path) -> None:
    state = write(tmp_path / "game.yaml", small_state())
    orders = orders_file(tmp_path, small_state(), "o.yaml")
    run = referee(
        "adjudicate",
        str(state),
        str(orders),
        "--new-game",
        "-o",
        str(tmp_path / "no-such-dir" / "out.yaml"),
    )
    assert run.code == 6 and "cannot write" in run.err
    assert load(state)["phase"] == "activation"


def test_seed_new_writes_a_private_secret_and_its_commitment(tmp_path: Path) -> None:
    seed = tmp_path / "seed.txt"
    run = referee("seed", "new", "-o", str(seed))
    assert run.code == 0, run.err
    commitment = run.out.strip()
    assert stat.S_IMODE(os.stat(seed).st_mode) == 0o600
    line = seed.read_text()
    assert line.endswith("\n") and line.count("\n") == 1 and len(line.strip()) == 64
    assert commitment == hashlib.sha256(line.rstrip("\n").encode()).hexdigest()
    assert "printf %s" in run.err and "dice: {mode: commit" in run.err
    # the documented way by hand gives the same commitment
    if shutil.which("bash") and shutil.which("sha256sum"):
        by_hand = subprocess.run(
            ["bash", "-c", f'printf %s "$(cat {seed})" | sha256sum'],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()[0]
        assert by_hand == commitment
    # a secret is never overwritten by accident
    run = referee("seed", "new", "-o", str(seed))
    assert run.code == 2 and "refusing to overwrite" in run.err
    assert seed.read_text() == line
    run = json.loads(referee("seed", "new", "-o", str(tmp_path / "s2.txt"), "--json").out)
    assert run["mode"] == "commit" and len(run["commitment"]) == 64


def test_commit_mode_with_a_game_master_seed(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.txt"
    commitment = referee("seed", "new", "-o", str(seed_file)).out.strip()
    start = small_state()
    start["dice"] = {"mode": "commit", "commitment": commitment}
    final = play_phases(tmp_path, start, 3, extra=("--seed-file", str(seed_file)))
    assert "seed" not in load(final)["dice"]
    # players without the seed: chain, orders and states check; rolls taken as recorded
    run = referee("verify", str(final))
    assert run.code == 0 and "rolls taken as recorded" in run.out
    # once revealed, every roll is recomputed
    run = referee("verify", str(final), "--seed-file", str(seed_file))
    assert run.code == 0 and "rolls recomputed" in run.out and "taken as recorded" not in run.out
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("guess\n")
    run = referee("verify", str(final), "--seed-file", str(wrong))
    assert run.code == 5 and "does not match the game's commitment" in run.err
    # a phase that rolls dice: the seed is needed; a mismatch is the seed file's fault
    state = load(tmp_path / "g2.yaml")
    orders = orders_file(tmp_path, state, "c.yaml")
    run = referee("adjudicate", str(tmp_path / "g2.yaml"), str(orders))
    assert run.code == 3 and "--seed-file" in run.err
    run = referee("adjudicate", str(tmp_path / "g2.yaml"), str(orders), "--seed-file", str(wrong))
    assert run.code == 3 and f"{wrong}: this seed does not match" in run.err
    # players can dry-run combat: practice dice, clearly marked
    run = referee("adjudicate", str(tmp_path / "g2.yaml"), str(orders), "--dry-run", "--json")
    assert run.code in (0, 1), run.err
    assert json.loads(run.out)["practice_dice"] is True
    text = referee("adjudicate", str(tmp_path / "g2.yaml"), str(orders), "--dry-run").out
    assert "PRACTICE DICE" in text
    # a player without the seed cannot adjudicate with dice of his choosing
    rigged = orders_file(tmp_path, state, "rigged.yaml", dice=[6, 6, 6, 6, 6, 6])
    run = referee("adjudicate", str(tmp_path / "g2.yaml"), str(rigged))
    assert run.code == 3 and "only for tabletop games" in run.err


def test_a_commitment_made_with_sha256sum_of_the_file_says_how_to_fix_it(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.txt"
    seed_file.write_text("my own seed\n")
    start = small_state()
    start["dice"] = {
        "mode": "commit",
        "commitment": hashlib.sha256(seed_file.read_bytes()).hexdigest(),
    }
    path = play_phases(tmp_path, start, 2)
    orders = orders_file(tmp_path, load(path), "c.yaml")
    run = referee("adjudicate", str(path), str(orders), "--seed-file", str(seed_file))
    assert run.code == 3 and str(seed_file) in run.err
    assert 'printf %s "$(cat FILE)" | sha256sum' in run.err
    # the documented commitment works with the same file, trailing newline and all
    start["dice"]["commitment"] = hashlib.sha256(b"my own seed").hexdigest()
    path = play_phases(tmp_path, start, 2, prefix="ok")
    run = referee(
        "adjudicate",
        str(path),
        str(orders),
        "--seed-file",
        str(seed_file),
        "-o",
        str(tmp_path / "ok3.yaml"),
    )
    assert run.code in (0, 1), run.err


def test_physical_dice_only_at_the_table(tmp_path: Path) -> None:
    tabletop = small_state()
    tabletop["dice"] = {"mode": "physical"}
    path = play_phases(tmp_path, tabletop, 2)
    state = load(path)
    orders = orders_file(tmp_path, state, "c.yaml", dice=[1, 1, 4, 2, 3])
    out = tmp_path / "after.yaml"
    run = referee("adjudicate", str(path), str(orders), "-o", str(out), "--json")
    assert run.code in (0, 1), run.err
    report = json.loads(run.out)
    assert [r["value"] for r in report["rolls"]] == [1, 1, 4, 2, 3][: len(report["rolls"])]
    assert load(out)["history"][-1]["dice"] == "physical"
    run = referee("verify", str(out))
    assert run.code == 0 and "thrown at the table" in run.out
    too_few = orders_file(tmp_path, state, "few.yaml", dice=[1])
    run = referee("adjudicate", str(path), str(too_few), "--dry-run")
    assert run.code == 3 and "dice were given" in run.err
    # in a remote game (open mode) dice typed into the orders are refused...
    remote = play_phases(tmp_path, small_state(), 2, prefix="r")
    run = referee("adjudicate", str(remote), str(orders), "-o", str(tmp_path / "r3.yaml"))
    assert run.code == 3 and "only for tabletop games" in run.err
    run = referee("adjudicate", str(remote), str(orders), "--reveal", str(orders))
    assert run.code == 2 and "reveals are for two-party dice" in run.err
    # ...and a history forged to hold them (by a modified referee: the library's play()
    # takes any dice) is reported by verify: those rolls are not recomputed
    from referee.cli.app import write_state_file
    from referee.core.dice import PhysicalDice
    from referee.io.files import load_game, load_orders
    from referee.play import play

    game = load_game(str(remote))
    rigged = load_orders(str(orders_file(tmp_path, load(remote), "r.yaml")), game.state)
    outcome = play(game.state, rigged, game.ruleset, PhysicalDice([6] * 20))
    forged = tmp_path / "forged.yaml"
    write_state_file(outcome.state, str(forged))
    run = referee("verify", str(forged))
    assert run.code == 5, run.out
    assert "history[3] (turn 1, red, combat)" in run.err and "not recomputed" in run.err
    assert "not a tabletop game (dice.mode: open)" in run.err


def test_rollback_is_recorded_and_verifies(tmp_path: Path) -> None:
    final = play_phases(tmp_path, small_state(), 3)
    out = tmp_path / "rolled.yaml"
    run = referee("rollback", str(final), "--to", "1", "-o", str(out))
    assert run.code == 0, run.err
    data = load(out)
    assert data["phase"] == "movement"
    assert data["history"][-1]["phase"] == "rollback" and data["history"][-1]["to"] == 1
    assert referee("verify", str(out)).code == 0
    # re-adjudicate the movement differently, then verify the whole story
    orders = orders_file(tmp_path, data, "m.yaml", orders=["R1 0305"])
    again = tmp_path / "again.yaml"
    assert referee("adjudicate", str(out), str(orders), "-o", str(again)).code in (0, 1)
    assert referee("verify", str(again)).code == 0
    rows = json.loads(referee("history", str(again), "--json").out)
    assert [r["phase"] for r in rows][-3:] == ["combat", "rollback", "movement"]


def test_script_drives_a_game_with_json_and_exit_codes(tmp_path: Path) -> None:
    """A loop that knows nothing but the JSON report and the exit codes."""
    path = write(tmp_path / "s0.yaml", small_state())
    seen = []
    for i in range(10):
        state = load(path)
        orders = orders_file(tmp_path, state, f"o{i}.yaml")
        out = tmp_path / f"s{i + 1}.yaml"
        run = referee(
            "adjudicate",
            str(path),
            str(orders),
            "-o",
            str(out),
            "--json",
            *(("--new-game",) if i == 0 else ()),
        )
        report = json.loads(run.out)
        assert run.code in (0, 1, 4)
        assert report["written"] == str(out)
        assert all({"code", "rule", "severity", "data"} <= set(e) for e in report["events"])
        seen.append((report["applied"]["player"], report["applied"]["phase"]))
        path = out
        if run.code == 4:
            break
    assert seen[:6] == [
        ("red", "activation"),
        ("red", "movement"),
        ("red", "combat"),
        ("red", "rout"),
        ("red", "pursuit"),
        ("blue", "activation"),
    ]


def test_game_over_refuses_orders(tmp_path: Path) -> None:
    data = copy.deepcopy(small_state())
    data["result"] = {"outcome": "broken", "broken": ["blue"]}
    state = write(tmp_path / "over.yaml", data)
    run = referee("adjudicate", str(state), str(orders_file(tmp_path, data, "o.yaml")))
    assert run.code == 4 and "the game is over" in run.err


def test_house_rules_may_start_a_game_made_by_referee_new(tmp_path: Path) -> None:
    """A state with only its start entry is still a new game: --house-rules re-seals it."""
    from referee.io.state import read_state, write_state
    from referee.play import new_game_state

    state, _ = read_state(small_state())
    assert state is not None
    started = write(tmp_path / "new.yaml", write_state(new_game_state(state)))
    house = write(
        tmp_path / "house.yaml",
        {"format": "referee-house-rules/1", "base": "thucidide", "terrain": {"wood": {"cost": 3}}},
    )
    orders = orders_file(tmp_path, small_state(), "o.yaml")
    out = tmp_path / "s1.yaml"
    run = referee(
        "adjudicate", str(started), str(orders), "--house-rules", str(house), "-o", str(out)
    )
    assert run.code == 0, run.err
    data = load(out)
    assert data["house_rules"]["terrain"]["wood"]["cost"] == 3
    assert referee("verify", str(out)).code == 0


def test_samples_start_as_new_games(tmp_path: Path) -> None:
    """The sample states are positions nobody has played: adjudicate says what to do
    (and writes nothing; the target is checked before, docs/hostile.md §Writes)."""
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "-o",
        str(tmp_path / "x.yaml"),
    )
    assert run.code == 3 and "--new-game" in run.err
    assert not (tmp_path / "x.yaml").exists()


@pytest.mark.parametrize(
    ("tamper", "english", "french"),
    [
        (
            "not_list",
            "the recorded orders or rolls cannot be read: the recorded orders are not a list",
            "les ordres ou les dés enregistrés sont illisibles : les ordres enregistrés ne "
            "sont pas une liste",
        ),
        (
            "truncated",
            "the recorded orders or rolls cannot be read: is truncated (its compressed data "
            "ends early)",
            "les ordres ou les dés enregistrés sont illisibles : est tronqué (ses données "
            "compressées s'arrêtent trop tôt)",
        ),
    ],
)
def test_a_record_that_does_not_read_is_said_from_its_code(
    tmp_path: Path, tamper: str, english: str, french: str
) -> None:
    """A phase entry whose compressed orders do not read (hashes recomputed): the
    parser's code and data, said by the catalogue in each language."""
    final = play_phases(tmp_path, small_state(), 3)
    data = load(final)
    history = data["history"]
    history[2].pop("orders", None)
    if tamper == "not_list":
        history[2]["orders_z"] = encode_blob({"orders": ["R1 0305"]})
    else:
        packed = "".join(encode_blob(["R1 0305"] * 400))
        history[2]["orders_z"] = [packed[: len(packed) // 2]]
    _rechain(history, 2)
    path = write(tmp_path / "tampered.yaml", data)
    where = "history[2] (turn 1, red, movement): "
    run = referee("verify", str(path))
    assert run.code == 5 and where + english in run.err, run.err
    run = referee("verify", str(path), "--lang", "fr")
    assert run.code == 5 and "history[2] (tour 1, red, déplacements): " + french in run.err, run.err

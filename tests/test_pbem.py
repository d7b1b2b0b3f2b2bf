"""Play by email: two players get the same result from the same files; verify
catches every tampering and says where; no double application; atomic writes;
rollback recorded; scripts driven by --json and exit codes alone."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import referee, small_state, write
from referee.play import canonical_json, entry_hash

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


def orders_file(tmp: Path, state: dict[str, Any], name: str, dice: list[int] | None = None,
                orders: list[Any] | None = None) -> Path:
    data: dict[str, Any] = {"format": "referee-orders/1", "turn": state["turn"],
                            "player": state["player"], "phase": state["phase"],
                            "orders": orders if orders is not None
                            else ORDERS[(state["player"], state["phase"])]}
    if dice is not None:
        data["dice"] = dice
    return write(tmp / name, data)


def load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def play_phases(tmp: Path, start: dict[str, Any], n: int, prefix: str = "g",
                extra: tuple[str, ...] = ()) -> Path:
    path = write(tmp / f"{prefix}0.yaml", start)
    for i in range(n):
        state = load(path)
        orders = orders_file(tmp, state, f"{prefix}-orders{i}.yaml")
        out = tmp / f"{prefix}{i + 1}.yaml"
        run = referee("adjudicate", str(path), str(orders), "-o", str(out), *extra)
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


def test_history_lists_phases(tmp_path: Path) -> None:
    final = play_phases(tmp_path, small_state(), 3)
    rows = json.loads(referee("history", str(final), "--json").out)
    assert [r["phase"] for r in rows] == ["start", "activation", "movement", "combat"]
    assert rows[3]["rolls"] > 0


def _rechain(history: list[dict[str, Any]], start: int) -> None:
    """What a careful cheat would do: recompute every hash after an edit."""
    for i in range(start, len(history)):
        if i > 0:
            history[i]["prev_hash"] = history[i - 1]["hash"]
        history[i]["hash"] = entry_hash(history[i])


def _state_hash(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "history"}
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


@pytest.mark.parametrize("tamper", ["cohesion", "roll", "roll_rechained", "drop", "reorder",
                                    "orders_rechained", "initial_rechained"])
def test_verify_catches_tampering(tmp_path: Path, tamper: str) -> None:
    final = play_phases(tmp_path, small_state(), 3)
    data = load(final)
    history = data["history"]
    if tamper == "cohesion":
        data["sides"]["blue"]["units"][0]["cohesion"]["current"] = 4
        data["sides"]["blue"]["units"][0]["cohesion"]["max"] = 9
        where, what = "history[3]", "state file was edited"
    elif tamper == "roll":
        history[3]["rolls"][0]["value"] = history[3]["rolls"][0]["value"] % 6 + 1
        where, what = "history[3]", "entry was edited"
    elif tamper == "roll_rechained":
        history[3]["rolls"][0]["value"] = history[3]["rolls"][0]["value"] % 6 + 1
        _rechain(history, 3)
        where, what = "history[3]", "roll 1"
    elif tamper == "drop":
        del history[2]
        where, what = "history[2]", "dropped"
    elif tamper == "reorder":
        history[1], history[2] = history[2], history[1]
        where, what = "history[1]", "reordered"
    elif tamper == "orders_rechained":
        history[2]["orders"] = ["R1 0305"]  # a different move, hashes recomputed
        _rechain(history, 2)
        where, what = "history[2]", "does not match its recorded hash"
    else:
        history[0]["initial"]["sides"]["red"]["units"][0]["cohesion"]["max"] = 9
        history[0]["initial"]["sides"]["red"]["units"][0]["cohesion"]["current"] = 9
        _rechain(history, 0)
        where, what = "history[0]", "does not match its recorded hash"
    path = write(tmp_path / "tampered.yaml", data)
    run = referee("verify", str(path))
    assert run.code == 5, run.out + run.err
    assert where in run.err and what in run.err, run.err


def test_no_double_application(tmp_path: Path) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    orders = orders_file(tmp_path, small_state(), "o.yaml")
    out = tmp_path / "s1.yaml"
    assert referee("adjudicate", str(state), str(orders), "-o", str(out)).code == 0
    run = referee("adjudicate", str(out), str(orders), "-o", str(tmp_path / "s2.yaml"))
    assert run.code == 7  # orders not for this state: nothing applied
    assert "the next phase is movement" in run.err and "already be applied" in run.err
    assert not (tmp_path / "s2.yaml").exists()
    wrong = dict(small_state(), player="blue")
    run = referee("adjudicate", str(state), str(orders_file(tmp_path, wrong, "w.yaml")))
    assert run.code == 7 and "it is red's player-turn" in run.err


def test_dry_run_and_default_output_and_in_place(tmp_path: Path) -> None:
    state = write(tmp_path / "game.yaml", small_state())
    before = state.read_bytes()
    orders = orders_file(tmp_path, small_state(), "o.yaml")
    run = referee("adjudicate", str(state), str(orders), "--dry-run")
    assert run.code == 0 and "nothing written" in run.out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml", "o.yaml"]
    run = referee("adjudicate", str(state), str(orders))
    assert run.code == 0, run.err
    assert (tmp_path / "game.t1-red-activation.yaml").exists()
    assert state.read_bytes() == before  # the input is never overwritten by default
    run = referee("adjudicate", str(state), str(orders), "--in-place")
    assert run.code == 0
    assert load(state)["phase"] == "movement"


def test_failed_write_leaves_previous_file(tmp_path: Path) -> None:
    state = write(tmp_path / "game.yaml", small_state())
    orders = orders_file(tmp_path, small_state(), "o.yaml")
    run = referee("adjudicate", str(state), str(orders), "-o",
                  str(tmp_path / "no-such-dir" / "out.yaml"))
    assert run.code == 6 and "cannot write" in run.err
    assert load(state)["phase"] == "activation"


def test_commit_mode_with_game_master_seed(tmp_path: Path) -> None:
    seed = "the game master's secret"
    start = small_state()
    start["dice"] = {"mode": "commit", "commitment": hashlib.sha256(seed.encode()).hexdigest()}
    seed_file = tmp_path / "seed.txt"
    seed_file.write_text(seed + "\n")
    final = play_phases(tmp_path, start, 3, extra=("--seed-file", str(seed_file)))
    assert "seed" not in load(final)["dice"]
    # players without the seed: chain, orders and states check; rolls taken as recorded
    run = referee("verify", str(final))
    assert run.code == 0 and "rolls taken as recorded" in run.out
    # once revealed, every roll is recomputed
    run = referee("verify", str(final), "--seed-file", str(seed_file))
    assert run.code == 0 and "rolls recomputed" in run.out and "taken as recorded" not in run.out
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("guess")
    assert referee("verify", str(final), "--seed-file", str(wrong)).code == 5
    # without the seed, a phase that rolls dice cannot be adjudicated
    state = load(tmp_path / "g2.yaml")
    orders = orders_file(tmp_path, state, "c.yaml")
    run = referee("adjudicate", str(tmp_path / "g2.yaml"), str(orders), "--dry-run")
    assert run.code == 3 and "--seed-file" in run.err


def test_physical_dice_are_recorded_and_verified(tmp_path: Path) -> None:
    path = play_phases(tmp_path, small_state(), 2)
    state = load(path)
    orders = orders_file(tmp_path, state, "c.yaml", dice=[1, 1, 4, 2, 3])
    out = tmp_path / "after.yaml"
    run = referee("adjudicate", str(path), str(orders), "-o", str(out), "--json")
    assert run.code in (0, 1), run.err
    report = json.loads(run.out)
    assert [r["value"] for r in report["rolls"]] == [1, 1, 4, 2, 3][:len(report["rolls"])]
    assert load(out)["history"][-1]["dice"] == "physical"
    assert referee("verify", str(out)).code == 0
    too_few = orders_file(tmp_path, state, "few.yaml", dice=[1])
    run = referee("adjudicate", str(path), str(too_few), "--dry-run")
    assert run.code == 3 and "dice were given" in run.err


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
        run = referee("adjudicate", str(path), str(orders), "-o", str(out), "--json")
        report = json.loads(run.out)
        assert run.code in (0, 1, 4)
        assert report["written"] == str(out)
        assert all({"code", "rule", "severity", "data"} <= set(e) for e in report["events"])
        seen.append((report["applied"]["player"], report["applied"]["phase"]))
        path = out
        if run.code == 4:
            break
    assert seen[:6] == [("red", "activation"), ("red", "movement"), ("red", "combat"),
                        ("red", "rout"), ("red", "pursuit"), ("blue", "activation")]


def test_game_over_refuses_orders(tmp_path: Path) -> None:
    data = copy.deepcopy(small_state())
    data["result"] = {"outcome": "broken", "broken": ["blue"]}
    state = write(tmp_path / "over.yaml", data)
    run = referee("adjudicate", str(state), str(orders_file(tmp_path, data, "o.yaml")))
    assert run.code == 4 and "the game is over" in run.err

"""Leaders waiting off the table with reinforcements (000 / 003 / 004 §Troupes hors
table: « accompagnées d'un chef qui, s'il est un sous-général, n'est pas obligé de
rentrer »): a legal state for `validate`, he activates the reinforcements, and a
sub-general waiting at the entry point may stay off the table. Through the real CLI."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import referee, small_state, write

RULESETS = ("thucidide", "panache", "frederic")


def waiting_state(ruleset: str, leader: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(small_state(ruleset))
    data["sides"]["blue"]["units"][0]["weight"] = "medium"  # Frédéric has no heavy foot
    red = data["sides"]["red"]
    red["entry_points"] = ["0509"]  # just outside the S edge of the 10 x 8 map
    red["off_table"] = [
        {
            "id": "R8",
            "type": "infanterie",
            "weight": "light",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
        },
        {
            "id": "R9",
            "type": "cavalerie",
            "weight": "light",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
        },
    ]
    red["leaders"].append(
        {"id": "RS", "name": "Red sub-general", "rank": "sub_general", "command_value": 1, **leader}
    )
    return data


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    "leader", [{"attached_to": "R8"}, {"at": "0509"}], ids=["attached", "at-entry-point"]
)
def test_a_leader_waiting_off_the_table_is_legal(
    tmp_path: Path, ruleset: str, leader: dict[str, Any]
) -> None:
    path = write(tmp_path / "g.yaml", waiting_state(ruleset, leader))
    run = referee("validate", str(path))
    assert run.code == 0, run.err
    assert referee("show", str(path)).code == 0


@pytest.mark.parametrize(
    ("leader", "problem"),
    [
        ({"at": "0509", "rank": "general"}, "may not wait off the table"),
        ({"at": "0109"}, "entry points (0509)"),
        ({"attached_to": "B8"}, "belongs to blue"),
    ],
)
def test_off_table_leaders_that_are_refused(
    tmp_path: Path, leader: dict[str, Any], problem: str
) -> None:
    data = waiting_state("thucidide", {})
    data["sides"]["red"]["leaders"][-1].update(leader)
    data["sides"]["blue"]["off_table"] = [
        {
            "id": "B8",
            "type": "infanterie",
            "weight": "light",
            "facing": "S",
            "cohesion": {"current": 2, "max": 2},
        }
    ]
    run = referee("validate", str(write(tmp_path / "g.yaml", data)))
    assert run.code == 3, run.err
    assert problem in run.err and "sides.red.leaders[1]" in run.err
    assert "Traceback" not in run.err


def _play(tmp_path: Path, state: Path, phase: str, orders: list[str], name: str) -> Path:
    data = yaml.safe_load(state.read_text(encoding="utf-8"))
    orders_file = write(
        tmp_path / f"{name}-orders.yaml",
        {
            "format": "referee-orders/1",
            "turn": data["turn"],
            "player": data["player"],
            "phase": phase,
            "orders": orders,
        },
    )
    out = tmp_path / f"{name}.yaml"
    run = referee(
        "adjudicate",
        str(state),
        str(orders_file),
        "-o",
        str(out),
        *(["--new-game"] if not data.get("history") else []),
    )
    assert run.code == 0, run.out + run.err
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_accompanied_reinforcement_enters(tmp_path: Path, ruleset: str) -> None:
    """Attached to R8, RS activates R8 and R9 from off the table and enters with R8."""
    start = write(tmp_path / "g.yaml", waiting_state(ruleset, {"attached_to": "R8"}))
    activated = _play(tmp_path, start, "activation", ["activate RS: R8 R9"], "a")
    moved = _play(tmp_path, activated, "movement", ["R8 0508", "R9 0509-0608"], "m")
    data = yaml.safe_load(moved.read_text(encoding="utf-8"))
    red = data["sides"]["red"]
    units = {u["id"]: u for u in red["units"]}
    assert units["R8"]["at"] == "0508" and units["R9"]["at"] == "0608"
    rs_leader = next(x for x in red["leaders"] if x["id"] == "RS")
    assert rs_leader["attached_to"] == "R8" and rs_leader["at"] == "0508"
    assert referee("verify", str(moved)).code == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_sub_general_may_stay_off_the_table(tmp_path: Path, ruleset: str) -> None:
    start = write(tmp_path / "g.yaml", waiting_state(ruleset, {"at": "0509"}))
    activated = _play(tmp_path, start, "activation", ["activate RS: R8"], "a")
    moved = _play(tmp_path, activated, "movement", ["R8 0508"], "m")
    data = yaml.safe_load(moved.read_text(encoding="utf-8"))
    rs_leader = next(x for x in data["sides"]["red"]["leaders"] if x["id"] == "RS")
    assert rs_leader["at"] == "0509" and rs_leader.get("attached_to") is None
    assert [u["id"] for u in data["sides"]["red"]["off_table"]] == ["R9"]
    assert referee("validate", str(moved)).code == 0


def test_reinforcements_enter_within_reach_of_the_leader_who_activated_them(tmp_path: Path) -> None:
    """000 §Troupes hors table (« accompagnées d'un chef »), issue 23's first case through
    the CLI: a general (range 5) 2 hexes from entry point 0109 and 8 from 1009 activates
    R8 (the order keeps its syntax, exit 0); R8 entering by 1009 is refused (exit 1, the
    reason said), by 0109 applied."""
    data = copy.deepcopy(small_state("thucidide"))
    red = data["sides"]["red"]
    red["leaders"][0]["at"] = "0207"
    red["entry_points"] = ["0109", "1009"]
    red["off_table"] = [
        {
            "id": "R8",
            "type": "infanterie",
            "weight": "light",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
        }
    ]
    game = write(tmp_path / "g.yaml", data)
    activation = write(
        tmp_path / "a.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "orders": ["activate RG: R8"],
        },
    )
    run = referee(
        "adjudicate", str(game), str(activation), "--new-game", "-o", str(tmp_path / "g2.yaml")
    )
    assert run.code == 0, run.err
    for path, code in (["R8 1008-1007"], 1), (["R8 0108"], 0):
        orders = write(
            tmp_path / "m.yaml",
            {
                "format": "referee-orders/1",
                "turn": 1,
                "player": "red",
                "phase": "movement",
                "orders": path,
            },
        )
        run = referee("adjudicate", str(tmp_path / "g2.yaml"), str(orders), "--dry-run")
        assert run.code == code, (path, run.out, run.err)
        if code:
            assert (
                "R8 enters with RG, who activated it, by an entry point within his "
                "command range (0109): 1009 is out of his reach" in " ".join(run.out.split())
            )

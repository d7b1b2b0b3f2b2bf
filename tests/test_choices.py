"""Choices that belong to the owner of a unit (docs/pbem.md §Choices), through the real
CLI: the owner writes them in his own file (`referee orders --choices`), bound to the
moment and to the orders they answer; `adjudicate --choices` applies them, the history
records them, `verify` replays them and `verify --since` checks them; in two-party games
the phase waits for them; a choices file made for other orders, another position or in
someone else's name is refused or reported."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from casekit import CASES, build_state
from clikit import referee, write
from referee.cli.app import write_state_file
from referee.core.model import GameState
from referee.play import new_game_state
from schemakit import fits, misfits_both

RULESETS = ("thucidide", "panache", "frederic")
FILLERS_A = [
    {"id": f"FA{i}", "type": "infanterie", "weight": "medium", "at": f"{c:02d}11"}
    for i, c in enumerate((1, 2, 3, 10, 11, 12), 1)
]
FILLERS_B = [
    {"id": f"FB{i}", "type": "infanterie", "weight": "medium", "at": f"{c:02d}02", "facing": "S"}
    for i, c in enumerate((1, 2, 3, 10, 11, 12), 1)
]


def pursuit_state(ruleset: str, dice: dict[str, Any]) -> GameState:
    """a's C1 routed X1 and may pursue into the rear of b's Y1 (001 §Poursuite)."""
    return build_state(
        {
            "state": {
                "phase": "pursuit",
                "dice": dice,
                "sides": {
                    "a": {
                        "units": [
                            {
                                "id": "C1",
                                "type": "cavalerie",
                                "weight": "medium",
                                "at": "0606",
                                "facing": "N",
                            },
                            *FILLERS_A,
                        ]
                    },
                    "b": {
                        "units": [
                            {
                                "id": "Y1",
                                "type": "infanterie",
                                "weight": "medium",
                                "at": "0604",
                                "facing": "N",
                            },
                            {
                                "id": "Y2",
                                "type": "cavalerie",
                                "weight": "light",
                                "at": "0905",
                                "facing": "S",
                                "reaction": "evade",
                            },
                            *FILLERS_B,
                        ],
                        "removed": [
                            {
                                "unit": {
                                    "id": "X1",
                                    "type": "infanterie",
                                    "weight": "medium",
                                    "at": "0605",
                                    "facing": "S",
                                    "cohesion": {"current": 0, "max": 3},
                                },
                                "why": "eliminated",
                                "turn": 1,
                                "phase": "rout",
                            }
                        ],
                    },
                },
                "engagements": [
                    {"attacker": "C1", "target": "X1", "kind": "melee", "through": "front"}
                ],
            }
        },
        ruleset,
    )


def started(tmp_path: Path, state: GameState, name: str = "g.yaml") -> Path:
    path = tmp_path / name
    write_state_file(new_game_state(state), str(path))
    return path


def orders(
    tmp_path: Path,
    lines: list[str],
    phase: str = "pursuit",
    player: str = "a",
    turn: int = 1,
    name: str = "orders.yaml",
) -> Path:
    return write(
        tmp_path / name,
        {
            "format": "referee-orders/1",
            "turn": turn,
            "player": player,
            "phase": phase,
            "orders": lines,
        },
    )


def choose(path: Path, *lines: str) -> None:
    """Uncomment the proposed choices given (as the player does in his editor)."""
    text = path.read_text(encoding="utf-8")
    for line in lines:
        text, n = re.subn(rf'  # - "{re.escape(line)}"', f'  - "{line}"', text)
        assert n == 1, f"{line!r} is not proposed in:\n{text}"
    path.write_text(text, encoding="utf-8")


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def unit(data: dict[str, Any], side: str, uid: str) -> dict[str, Any]:
    return next(u for u in data["sides"][side]["units"] if u["id"] == uid)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_owner_declines_to_conform_in_his_own_file(tmp_path: Path, ruleset: str) -> None:
    game = started(tmp_path, pursuit_state(ruleset, {"mode": "open", "seed": "s"}))
    mine = orders(tmp_path, ["C1 pursue"])
    choices = tmp_path / "b-choices.yaml"
    run = referee("orders", str(game), "--choices", "--orders", str(mine), "-o", str(choices))
    assert run.code == 0, run.err
    text = choices.read_text(encoding="utf-8")
    assert "format: referee-choices/1" in text and "by: b" in text
    assert '# - "Y1 conform no"' in text and '# - "Y2 reaction stand"' in text
    choose(choices, "Y1 conform no", "Y2 reaction stand")
    written = yaml.safe_load(choices.read_text(encoding="utf-8"))
    fits("choices", written)  # `referee schema choices` and the reader's declaration
    misfits_both("choices", {**written, "choices": [{"unit": "Y1", "conform": "maybe"}]})
    out = tmp_path / "g2.yaml"
    run = referee("adjudicate", str(game), str(mine), "--choices", str(choices), "-o", str(out))
    assert run.code == 0, run.out + run.err
    after = load(out)
    y1 = unit(after, "b", "Y1")
    assert y1["facing"] == "N" and "pursuit_contact:C1" in y1["status"]
    assert unit(after, "b", "Y2").get("reaction") is None  # stand, from the end of the phase
    entry = after["history"][-1]
    assert entry["choices"]["b"]["choices"] == ["Y1 conform no", "Y2 reaction stand"]
    assert referee("verify", str(out)).code == 0
    since = referee("verify", str(out), "--since", str(choices))
    assert since.code == 0, since.out + since.err
    report = referee("history", str(out), "--report", str(len(after["history"]) - 1))
    assert "does not conform" in report.out


def test_without_choices_the_defaults_apply(tmp_path: Path) -> None:
    game = started(tmp_path, pursuit_state("thucidide", {"mode": "open", "seed": "s"}))
    out = tmp_path / "g2.yaml"
    run = referee("adjudicate", str(game), str(orders(tmp_path, ["C1 pursue"])), "-o", str(out))
    assert run.code == 0, run.err
    assert unit(load(out), "b", "Y1")["facing"] == "S"  # it conforms (the default)
    assert "choices" not in load(out)["history"][-1]


def test_choices_bound_to_other_orders_or_another_position_are_refused(tmp_path: Path) -> None:
    game = started(tmp_path, pursuit_state("thucidide", {"mode": "open", "seed": "s"}))
    mine = orders(tmp_path, ["C1 pursue"])
    choices = tmp_path / "c.yaml"
    assert (
        referee("orders", str(game), "--choices", "--orders", str(mine), "-o", str(choices)).code
        == 0
    )
    choose(choices, "Y1 conform no")
    other = orders(tmp_path, ["C1 hold"], name="other.yaml")
    run = referee("adjudicate", str(game), str(other), "--choices", str(choices))
    assert run.code == 3 and "answer other orders" in run.err and "c.yaml" in run.err
    elsewhere = started(
        tmp_path, pursuit_state("thucidide", {"mode": "open", "seed": "t"}), "elsewhere.yaml"
    )
    run = referee("adjudicate", str(elsewhere), str(mine), "--choices", str(choices))
    assert run.code == 7 and "another position" in run.err
    data = load(choices)
    data["choices"] = ["Y9 conform no"]
    run = referee(
        "adjudicate", str(game), str(mine), "--choices", str(write(tmp_path / "bad.yaml", data))
    )
    assert run.code == 3 and "no unit or leader 'Y9'" in run.err and "choices[0]" in run.err


def test_choices_in_the_owners_name_he_never_sent_are_reported(tmp_path: Path) -> None:
    """b's last file is his choices for a's pursuit; a then adjudicates b's next phase with
    a choices file he wrote himself `by: b`: b's `verify --since` his file says so."""
    game = started(tmp_path, pursuit_state("thucidide", {"mode": "open", "seed": "s"}))
    mine = orders(tmp_path, ["C1 pursue"])
    choices = tmp_path / "b-choices.yaml"
    assert (
        referee("orders", str(game), "--choices", "--orders", str(mine), "-o", str(choices)).code
        == 0
    )
    g2 = tmp_path / "g2.yaml"
    assert (
        referee("adjudicate", str(game), str(mine), "--choices", str(choices), "-o", str(g2)).code
        == 0
    )
    forged = tmp_path / "forged.yaml"
    assert referee("orders", str(g2), "--choices", "--side", "b", "-o", str(forged)).code == 0
    choose(forged, "Y2 reaction stand")
    g3 = tmp_path / "g3.yaml"
    activation = orders(tmp_path, [], phase="activation", player="b", name="b-act.yaml")
    run = referee("adjudicate", str(g2), str(activation), "--choices", str(forged), "-o", str(g3))
    assert run.code == 0, run.err
    assert referee("verify", str(g3)).code == 0  # the file alone verifies...
    since = referee("verify", str(g3), "--since", str(choices))
    assert since.code == 5  # ...but not against what b sent
    assert "holds choices in b's name made after the last file b sent" in since.out + since.err


def _two_party(tmp_path: Path, state: GameState) -> Path:
    game = started(tmp_path, state)
    for side in ("a", "b"):
        secret = tmp_path / f"{side}-secret.txt"
        assert referee("seed", "new", "--two-party", "-o", str(secret)).code == 0
        run = referee(
            "seed", "commit", str(game), "--secret", str(secret), "--side", side, "-o", str(game)
        )
        assert run.code == 0, run.err
    return game


def test_a_two_party_phase_waits_for_the_opponents_choices(tmp_path: Path) -> None:
    game = _two_party(tmp_path, pursuit_state("thucidide", {"mode": "two-party"}))
    mine = orders(tmp_path, ["C1 pursue"])
    run = referee("adjudicate", str(game), str(mine), "-o", str(tmp_path / "no.yaml"))
    assert run.code == 3
    assert "gives b a choice to make (Y1: conform or not)" in run.err
    assert "referee orders STATE --choices --orders ORDERS" in run.err
    assert not (tmp_path / "no.yaml").exists()
    dry = referee("adjudicate", str(game), str(mine), "--dry-run")  # a preview: the defaults
    assert dry.code == 0, dry.err
    choices = tmp_path / "b.yaml"
    assert (
        referee("orders", str(game), "--choices", "--orders", str(mine), "-o", str(choices)).code
        == 0
    )  # as written: every default, but b has answered
    out = tmp_path / "g2.yaml"
    # every decision is signed by its author (docs/pbem.md §Signatures): b's choices...
    run = referee("adjudicate", str(game), str(mine), "--choices", str(choices), "-o", str(out))
    assert run.code == 3 and "these choices are not signed by b" in run.err
    run = referee(
        "seed",
        "sign",
        str(game),
        str(choices),
        "--secret",
        str(tmp_path / "a-secret.txt"),
        "--in-place",
    )
    assert run.code == 3 and "this file is b's: you play a" in run.err
    assert (
        referee(
            "seed",
            "sign",
            str(game),
            str(choices),
            "--secret",
            str(tmp_path / "b-secret.txt"),
            "--in-place",
        ).code
        == 0
    )
    # ...and a's orders, signed as they are applied
    run = referee("adjudicate", str(game), str(mine), "--choices", str(choices), "-o", str(out))
    assert run.code == 3 and "these orders are not signed by a" in run.err
    run = referee(
        "adjudicate",
        str(game),
        str(mine),
        "--choices",
        str(choices),
        "-o",
        str(out),
        "--secret",
        str(tmp_path / "a-secret.txt"),
    )
    assert run.code == 0, run.err
    assert unit(load(out), "b", "Y1")["facing"] == "S"
    assert referee("verify", str(out)).code == 0
    assert referee("verify", str(out), "--since", str(choices), "--side", "b").code == 0
    # a two-party game with keys: whose check it is, the command line says
    assert referee("verify", str(out), "--since", str(choices)).code == 2
    assert referee("verify", str(out), "--since", str(choices), "--side", "a").code == 5


def test_a_two_party_phase_asks_for_the_choices_before_any_die(tmp_path: Path) -> None:
    """b's rout phase: a's elephant routs first (its fury rolls a die), then a's I1, attacked
    only in the flank and rear by two units, turns toward the attacker a chooses. The phase
    asks a for his choices before any die is needed (he must choose without knowing them);
    with them, it waits for the reveals as usual."""
    case = yaml.safe_load(
        (CASES / "thucidide" / "rout-turn-owner-chooses.yaml").read_text(encoding="utf-8")
    )
    case["state"]["dice"] = {"mode": "two-party"}
    case["state"]["sides"]["a"]["units"].insert(
        0,
        {
            "id": "E0",
            "type": "elephants",
            "weight": "medium",
            "at": "0909",
            "facing": "N",
            "cohesion": {"current": 0, "max": 3},
        },
    )
    game = _two_party(tmp_path, build_state(case, "thucidide"))
    mine = orders(tmp_path, [], phase="rout", player="b")
    run = referee("adjudicate", str(game), str(mine), "-o", str(tmp_path / "no.yaml"))
    assert run.code == 3 and "gives a a choice to make (I1: choose B1 or B2)" in run.err
    assert "reveal" in run.err  # it says to send the orders without the reveal
    choices = tmp_path / "a.yaml"
    assert (
        referee("orders", str(game), "--choices", "--orders", str(mine), "-o", str(choices)).code
        == 0
    )
    choose(choices, "I1 choose B2")
    run = referee("adjudicate", str(game), str(mine), "--choices", str(choices))
    assert run.code == 3 and "this phase rolls dice" in run.err  # now the reveals


def test_choices_for_the_first_phase_of_a_new_game(tmp_path: Path) -> None:
    """A position nobody has played (no history): the choices are made on it (after:
    null) and apply to its first phase, started with --new-game."""
    path = tmp_path / "fresh.yaml"
    write_state_file(pursuit_state("thucidide", {"mode": "open", "seed": "s"}), str(path))
    mine = orders(tmp_path, ["C1 pursue"])
    choices = tmp_path / "c.yaml"
    assert (
        referee("orders", str(path), "--choices", "--orders", str(mine), "-o", str(choices)).code
        == 0
    )
    assert load(choices)["after"] is None
    choose(choices, "Y1 conform no")
    out = tmp_path / "g2.yaml"
    run = referee(
        "adjudicate", str(path), str(mine), "--choices", str(choices), "-o", str(out), "--new-game"
    )
    assert run.code == 0, run.err
    assert unit(load(out), "b", "Y1")["facing"] == "N"
    assert referee("verify", str(out), "--since", str(choices)).code == 0

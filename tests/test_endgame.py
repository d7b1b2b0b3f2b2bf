"""The Cannae endgame sample (samples/thucidide-endgame*.yaml, samples/README.md "The
endgame"), played through the CLI entry point: combat, rout (elephant fury, cascade,
generals caught) and the army break of 001 §Déroute de l'armée; the strict reading of
the break as a house rule, where the pursuit breaks the army instead; and the Cannae
combat orders with dice typed in by hand (samples/thucidide-orders-combat-dice.yaml)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from clikit import SAMPLES, referee, write

STATE = SAMPLES / "thucidide-endgame.yaml"
COMBAT = SAMPLES / "thucidide-endgame-orders-combat.yaml"
ROUT = SAMPLES / "thucidide-endgame-orders-rout.yaml"
PURSUIT = SAMPLES / "thucidide-endgame-orders-pursuit.yaml"
DICE_BY_HAND = SAMPLES / "thucidide-orders-combat-dice.yaml"

# 001 writes both "pertes supérieures à sa cohésion" and "supérieur ou égal": the
# ruleset applies >=; a club may read it strictly (samples/README.md shows this file).
STRICT = {
    "format": "referee-house-rules/1",
    "base": "thucidide",
    "army_break": {
        "breaks_when_losses_reach_cohesion": {
            "value": False,
            "source": "interpretation: 001 §Déroute de l'armée read as « pertes supérieures "
            "à sa cohésion »",
        }
    },
}


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def adjudicate(state: Path, orders: Path, out: Path, *extra: str, expect: int) -> dict[str, Any]:
    """Apply one phase with --json; check the exit code; return the report."""
    run = referee("adjudicate", str(state), str(orders), "-o", str(out), "--json", *extra)
    assert run.code == expect, run.err + run.out
    report = json.loads(run.out)
    assert isinstance(report, dict)
    return report


def codes(report: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(e["code"], e.get("subject")) for e in report["events"] if e["code"] != "army.status"]


def event(report: dict[str, Any], code: str, subject: str | None) -> dict[str, Any]:
    found = [e for e in report["events"] if e["code"] == code and e.get("subject") == subject]
    assert len(found) == 1, (code, subject, codes(report))
    data = found[0]["data"]
    assert isinstance(data, dict)
    return data


def army(report: dict[str, Any], side: str) -> dict[str, Any]:
    return event(report, "army.status", side)


def test_endgame_files_are_valid() -> None:
    # the combat orders are dry-run against the endgame state (validate = adjudicate
    # --dry-run); the rout and pursuit orders are for later phases: given with that
    # one state they are orders for another moment (exit 7, as adjudicate says), given
    # without a state they are checked for form only
    run = referee("validate", str(STATE), str(COMBAT))
    assert run.code == 0, run.err + run.out
    assert "none refused" in run.out
    run = referee("validate", str(ROUT), str(PURSUIT), str(DICE_BY_HAND))
    assert run.code == 0, run.err + run.out
    assert run.out.count("not dry-run") == 3
    run = referee("validate", str(STATE), str(ROUT))
    assert run.code == 7 == referee("adjudicate", "--dry-run", str(STATE), str(ROUT)).code


def test_endgame_state_is_six_points_from_the_break() -> None:
    run = referee("show", str(STATE), "--json")
    assert run.code == 0, run.err
    armies = json.loads(run.out)["armies"]
    assert (armies["rome"]["cohesion"], armies["rome"]["losses"]) == (17, 11)
    assert (armies["carthage"]["cohesion"], armies["carthage"]["losses"]) == (18, 4)


def test_endgame_combat_then_rout_breaks_rome(tmp_path: Path) -> None:
    after_combat = tmp_path / "endgame-1.yaml"
    report = adjudicate(STATE, COMBAT, after_combat, "--new-game", expect=0)
    assert report["refused"] == 0 and report["result"] is None
    assert report["next"] == {"turn": 5, "player": "carthage", "phase": "rout"}
    pending = [s for c, s in codes(report) if c == "combat.rout_pending"]
    assert pending == ["H1", "H3", "EL1"]
    assert event(report, "combat.attack", "A1")["through"] == "flank"
    assert (army(report, "rome")["losses"], army(report, "rome")["broken"]) == (11, False)

    final = tmp_path / "endgame-2.yaml"
    report = adjudicate(after_combat, ROUT, final, expect=4)
    assert report["refused"] == 0
    assert report["result"] == {"outcome": "broken", "broken": ["rome"], "turn": 5, "phase": "rout"}
    assert codes(report) == [
        ("rout.unit", "EL1"),
        ("rout.elephant_fury", "EL1"),
        ("rout.fury_loss", "I5"),
        ("rout.fury_spared", "S2"),
        ("rout.general_fled", "HANNIBAL"),
        ("rout.turned", "H1"),
        ("rout.unit", "H1"),
        ("rout.cascade_loss", "H2"),
        ("rout.general_fled", "PAUL"),
        ("rout.unit", "H3"),
        ("rout.cascade_loss", "H4"),
        ("rout.cascade_loss", "V2"),
        ("rout.unit", "H4"),
        ("rout.cascade_loss", "T1"),
        ("rout.cascade_loss", "T2"),
        ("rout.general_killed", "SERVILIUS"),
        ("army.broken", None),
    ]
    # the elephant runs amok to its rear (4): a friend loses a point, light infantry none
    assert event(report, "rout.elephant_fury", "EL1")["direction"] == "rear"
    assert event(report, "rout.fury_loss", "I5")["cohesion_after"] == 2
    # Hannibal survives his die and joins the unit his player chose among the nearest
    fled = event(report, "rout.general_fled", "HANNIBAL")
    assert fled["die"] > 3 and (fled["joined"], fled["how"]) == ("A2", "chosen")
    # attacked only through its flank, H1 turns to face A1 and flees through H2
    assert event(report, "rout.turned", "H1")["to"] == "NW"
    # the cascade: H3 brings H4 (straight behind it) to 0, and H4 routs in turn
    assert event(report, "rout.cascade_loss", "H4")["routs"] is True
    assert event(report, "rout.unit", "H4")["cause"] == "cascade"
    assert event(report, "rout.general_killed", "SERVILIUS")["included"] is True
    rome = army(report, "rome")
    assert (rome["cohesion"], rome["losses"], rome["broken"]) == (17, 17, True)
    assert army(report, "carthage")["broken"] is False
    assert [r["value"] for r in report["rolls"]] == [4, 4, 4]

    state = load(final)
    assert state["result"]["outcome"] == "broken" and state["result"]["broken"] == ["rome"]
    assert {
        r["unit"]["id"]: r["why"] for r in state["sides"]["rome"]["removed"] if r["turn"] == 5
    } == {"H1": "eliminated", "H3": "eliminated", "H4": "eliminated"}

    run = referee("verify", str(final))
    assert run.code == 0, run.err + run.out

    # the game is over: the pursuit orders (or any others) are refused, nothing written
    rome_turn = write(
        tmp_path / "rome-activation.yaml",
        {
            "format": "referee-orders/1",
            "turn": 5,
            "player": "rome",
            "phase": "activation",
            "orders": ["activate VARRON: E3"],
        },
    )
    for orders in (PURSUIT, rome_turn):
        out = tmp_path / f"after-{orders.stem}.yaml"
        run = referee("adjudicate", str(final), str(orders), "-o", str(out))
        assert run.code == 4, run.err + run.out
        assert "game is over" in run.err
        assert not out.exists()


def test_endgame_text_report_tells_the_rout(tmp_path: Path) -> None:
    after_combat = tmp_path / "endgame-1.yaml"
    adjudicate(STATE, COMBAT, after_combat, "--new-game", expect=0)
    run = referee("adjudicate", str(after_combat), str(ROUT), "-o", str(tmp_path / "e2.yaml"))
    assert run.code == 4, run.err
    for text in (
        "001 §Furie des éléphants",
        "001 §Déroute d'une unité",
        "001 §Déroute de l'armée",
        "SERVILIUS",
        "GAME OVER",
    ):
        assert text in run.out, text


def test_endgame_strict_break_comes_after_the_pursuit(tmp_path: Path) -> None:
    house = write(tmp_path / "strict-001.yaml", STRICT)
    strict = ("--house-rules", str(house))
    s1, s2, s3 = (tmp_path / f"strict-{i}.yaml" for i in (1, 2, 3))
    adjudicate(STATE, COMBAT, s1, *strict, "--new-game", expect=0)
    report = adjudicate(s1, ROUT, s2, *strict, expect=0)
    rome = army(report, "rome")
    assert (rome["cohesion"], rome["losses"], rome["broken"]) == (17, 17, False)
    assert report["result"] is None

    report = adjudicate(s2, PURSUIT, s3, *strict, expect=4)
    assert report["refused"] == 0
    assert codes(report) == [
        ("pursuit.advance", "A1"),
        ("pursuit.contact", "A1"),
        ("pursuit.conform", "H2"),
        ("pursuit.advance", "I2"),
        ("pursuit.light_infantry_eliminated", "V2"),
        ("army.broken", None),
    ]
    a1 = event(report, "pursuit.advance", "A1")
    assert (a1["from"], a1["to"], a1["compulsory"]) == ("0606", "0707", False)
    assert event(report, "pursuit.contact", "A1")["through"] == "flank"
    # the impetuous Insubres pursue without an order, and catch the velites
    i2 = event(report, "pursuit.advance", "I2")
    assert (i2["from"], i2["to"], i2["compulsory"]) == ("0908", "0907", True)
    assert event(report, "pursuit.light_infantry_eliminated", "V2")["by"] == "I2"
    rome = army(report, "rome")
    assert (rome["cohesion"], rome["losses"], rome["broken"]) == (17, 19, True)
    assert report["result"] == {
        "outcome": "broken",
        "broken": ["rome"],
        "turn": 5,
        "phase": "pursuit",
    }

    # the house rules were recorded in the state at the game's start: verify needs no flag
    final = yaml.safe_load(s3.read_text(encoding="utf-8"))
    assert final["house_rules"]["army_break"]["breaks_when_losses_reach_cohesion"]["value"] is False
    assert referee("verify", str(s3)).code == 0
    # a player who drops them from the file is caught: under the rules as written the
    # rout phase would have ended the game
    del final["house_rules"]
    tampered = write(tmp_path / "tampered.yaml", final)
    run = referee("verify", str(tampered))
    assert run.code == 5 and "history[3]" in run.err and "house_rules" in run.err, run.err
    # and other house rules cannot be slipped in during the game
    other = write(
        tmp_path / "other.yaml",
        {"format": "referee-house-rules/1", "base": "thucidide", "terrain": {"wood": {"cost": 1}}},
    )
    run = referee("adjudicate", str(s1), str(ROUT), "--house-rules", str(other), "--dry-run")
    assert run.code == 3 and "house rules the game was started with" in run.err


def test_dice_by_hand_are_used_in_order(tmp_path: Path) -> None:
    # a tabletop game says so in its state (samples/README.md "Tabletop dice")
    text = (SAMPLES / "thucidide.yaml").read_text(encoding="utf-8")
    text = text.replace("  mode: open\n", "  mode: physical\n")
    text = "\n".join(line for line in text.split("\n") if not line.startswith("  seed:"))
    state = tmp_path / "tabletop.yaml"
    state.write_text(text, encoding="utf-8")
    for i, (phase, expect) in enumerate((("activation", 0), ("movement", 1))):
        out = tmp_path / f"cannae-{i + 1}.yaml"
        run = referee(
            "adjudicate",
            str(state),
            str(SAMPLES / f"thucidide-orders-{phase}.yaml"),
            "-o",
            str(out),
            *(("--new-game",) if i == 0 else ()),
        )
        assert run.code == expect, run.err + run.out
        state = out
    given = load(DICE_BY_HAND)["dice"]
    assert len(given) == 19
    out = tmp_path / "cannae-3.yaml"
    report = adjudicate(state, DICE_BY_HAND, out, expect=0)
    assert report["refused"] == 0
    assert [r["value"] for r in report["rolls"]] == given
    assert [r["index"] for r in report["rolls"]] == list(range(len(given)))
    # each roll event shows its share of the dice, in the order of the combats
    shown = [
        v
        for e in report["events"]
        if e["code"] in ("combat.roll", "combat.riposte")
        for v in e["data"]["values"]
    ]
    assert shown == given
    entry = load(out)["history"][-1]
    assert entry["dice"] == "physical" and "".join(entry["rolls"]) == "".join(map(str, given))
    run = referee("verify", str(out))
    assert run.code == 0 and "19 rolls thrown at the table" in run.out, run.err

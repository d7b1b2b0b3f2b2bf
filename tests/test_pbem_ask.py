"""A decision neither a standing order nor a default serves, carried by the mail flow
(docs/pbem.md §Timing; issue 22 follow-up item 3): `rout: after_dice` in the combat
orders; when the phasing player's rout asks him a decision (here where his general
flees), the opponent's referee stops before the rout, hands it back in one more mail,
and the answer continues the game. `pbem status` says what is awaited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from clikit import SAMPLES, referee

SECRETS = SAMPLES / "pbem"
# G1 (cohesion 1) attacks the Immortals and routs (the sample secrets' dice); its
# general PAUSANIAS, beside it, flees to the nearest friend: G2, G3 and G4 are tied
SCENARIO = """\
format: referee-scenario/1
ruleset: thucidide
title: "A general caught in a rout"
map:
  draw: |
    . . . . . . . . . . . .
    . . . . . . . . . . . .
    . . . . . . . . . . . .
    . . . . . . . . . . . .
    . . . . . . . . . . . .
    . . . . . . . . . . . .
    . . . . . . . . . . . .
    . . . . . . . . . . . .
sides:
  greeks:
    edge: S
    leaders:
      - PAUSANIAS general 3 at 0605
    units:
      - infanterie very-light "Psiloi" id G1 cohesion 1 at 0505
      - infanterie heavy "Hoplites" id G2 at 0606
      - infanterie heavy "Hoplites" id G3 at 0706
      - infanterie heavy "Hoplites" id G4 at 0705
  persians:
    edge: N
    leaders:
      - MARDONIOS general 3 at 0502
    units:
      - infanterie heavy "Immortals" id IMM at 0504
      - infanterie medium "Sparabara" id P2 at 0903
"""


def mails(folder: Path) -> list[Path]:
    return sorted((folder / "outbox").glob("*.eml"))


def game(folder: Path) -> dict[str, Any]:
    data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def send(folder: Path, phase: str, orders: list[str], more: str = "") -> int:
    path = folder / "o.yaml"
    path.write_text(
        f"format: referee-orders/1\nturn: 1\nplayer: greeks\nphase: {phase}\n"
        f"orders: {json.dumps(orders)}\n{more}",
        encoding="utf-8",
    )
    run = referee("pbem", "send", str(folder), str(path))
    assert run.code in (0, 1, 3), run.err
    return run.code


def to_combat(tmp: Path) -> tuple[Path, Path]:
    scenario = tmp / "s.yaml"  # game "s": its dice (and the sample secrets) rout G1
    scenario.write_text(SCENARIO, encoding="utf-8")
    a, b = tmp / "A", tmp / "B"
    run = referee(
        "pbem", "new", str(scenario), "--side", "greeks", "--dir", str(a),
        "--secret", str(SECRETS / "greeks.secret"),
    )  # fmt: skip
    assert run.code == 0, run.err
    run = referee(
        "pbem", "join", str(mails(a)[-1]), "--side", "persians", "--dir", str(b),
        "--secret", str(SECRETS / "persians.secret"),
    )  # fmt: skip
    assert run.code == 0, run.err
    assert referee("pbem", "receive", str(a), str(mails(b)[-1])).code == 0
    assert send(a, "activation", ["activate PAUSANIAS: G1 G2 G3"]) == 0
    assert send(a, "movement", []) == 0
    return a, b


def leader(data: dict[str, Any]) -> dict[str, Any]:
    return dict(data["sides"]["greeks"]["leaders"][0])


def test_the_rout_comes_back_when_it_asks_its_player_and_the_answer_goes_on(
    tmp_path: Path,
) -> None:
    a, b = to_combat(tmp_path)
    assert send(a, "combat", ["G1 melee IMM"], "rout: after_dice\n") == 0
    mail = mails(a)[-1]
    assert "\n    after_dice: true\n" in mail.read_text(encoding="utf-8")
    # the Persians' referee applies the combat (G1 routs), then stops before the rout,
    # which asks the Greeks where PAUSANIAS flees: the hand-back mail, one more
    run = referee("pbem", "receive", str(b), str(mail))
    assert run.code == 0, run.err
    handback = mails(b)[-1]
    assert handback.name.endswith("-handback.eml")
    data = game(b)
    assert (data["phase"], data["player"]) == ("rout", "greeks")
    assert not any(e.get("phase") == "rout" for e in data["history"])
    status = json.loads(referee("pbem", "status", str(b), "--json").out)
    assert status["awaited"] == {
        "side": "greeks", "what": "orders", "turn": 1, "player": "greeks", "phase": "rout",
    }  # fmt: skip
    assert status["my_move"] is False and status["waiting_for"] == "greeks"
    assert "awaited: greeks's orders for turn 1, greeks, rout" in (
        referee("pbem", "status", str(b)).out
    )
    fr = referee("--lang", "fr", "pbem", "status", str(b)).out
    assert "attendu : les ordres de greeks pour le tour 1, greeks, déroute" in fr
    # the Greeks get their rout skeleton, with the choice, and answer it
    run = referee("pbem", "receive", str(a), str(handback))
    assert run.code == 0, run.err
    skeleton = (a / "orders.yaml").read_text(encoding="utf-8")
    assert '# - "PAUSANIAS choose G4"' in skeleton and "\nphase: rout\n" in skeleton
    assert json.loads(referee("pbem", "status", str(a), "--json").out)["awaited"] is None
    text = skeleton.replace('  # - "PAUSANIAS choose G4"', '  - "PAUSANIAS choose G4"')
    (a / "orders.yaml").write_text(text, encoding="utf-8")
    run = referee("pbem", "send", str(a), str(a / "orders.yaml"))
    assert run.code == 0, run.err
    awaited = json.loads(referee("pbem", "status", str(a), "--json").out)["awaited"]
    assert awaited["what"] == "reveal" and awaited["phase"] == "rout"
    assert "awaited: persians's mail applying your turn 1, greeks, rout" in (
        referee("pbem", "status", str(a)).out
    )
    run = referee("pbem", "receive", str(b), str(mails(a)[-1]))
    assert run.code == 0, run.err
    data = game(b)
    assert leader(data)["attached_to"] == "G4"  # his choice, not the default G2
    rout = next(e for e in data["history"] if e.get("phase") == "rout")
    assert rout["orders"] == ["PAUSANIAS choose G4"] and rout["signed"]
    assert (data["player"], data["phase"]) == ("persians", "activation")
    assert referee("verify", str(b / "game.yaml")).code == 0
    assert all(m.stat().st_size < 10 * 1024 for m in mails(a) + mails(b))
    # rolled dice stand: no rollback goes back before them, even proposed
    combat = next(i for i, e in enumerate(data["history"]) if e.get("phase") == "combat")
    run = referee("pbem", "rollback", str(b), "--to", str(combat - 1))
    assert run.code == 3 and "rolled dice: rolled dice stand" in run.err, run.err


def test_without_it_the_default_applies_and_no_mail_is_added(tmp_path: Path) -> None:
    a, b = to_combat(tmp_path)
    assert send(a, "combat", ["G1 melee IMM"]) == 0
    run = referee("pbem", "receive", str(b), str(mails(a)[-1]))
    assert run.code == 0, run.err
    assert not mails(b)[-1].name.endswith("-handback.eml")
    data = game(b)
    assert leader(data)["attached_to"] == "G2"  # the documented default: the first
    assert (data["player"], data["phase"]) == ("persians", "activation")


def test_the_mail_summary_names_the_phases_in_the_senders_language(tmp_path: Path) -> None:
    """The first line of a mail says its phases in the language of the command that wrote
    it (the engine's keys showed in a French mail: '1 greeks movement')."""
    a, _ = to_combat(tmp_path)
    path = a / "o.yaml"
    path.write_text(
        "format: referee-orders/1\nturn: 1\nplayer: greeks\nphase: combat\n"
        'orders: ["G1 melee IMM"]\n',
        encoding="utf-8",
    )
    run = referee("pbem", "send", str(a), str(path), "--lang", "fr")
    assert run.code == 0, run.err
    summary = mails(a)[-1].read_text(encoding="utf-8").split("\n\n", 1)[1].split("\n")[0]
    assert "phases appliquées : 1 greeks activation, 1 greeks déplacements" in summary, summary
    assert "movement" not in summary


def test_rout_takes_after_dice_in_the_combat_orders_only(tmp_path: Path) -> None:
    a, _ = to_combat(tmp_path)
    before = (a / "game.yaml").read_bytes()
    run_code = send(a, "combat", ["G1 melee IMM"], "rout: later\n")
    assert run_code == 3
    assert (a / "game.yaml").read_bytes() == before
    path = a / "o.yaml"
    run = referee("pbem", "send", str(a), str(path))
    assert run.code == 3 and "takes one value, `after_dice`, in the combat orders" in run.err


def test_validate_refuses_the_rout_key_naming_pbem_send(tmp_path: Path) -> None:
    a, _ = to_combat(tmp_path)
    path = a / "o.yaml"
    path.write_text(
        "format: referee-orders/1\nturn: 1\nplayer: greeks\nphase: combat\n"
        'orders: ["G1 melee IMM"]\nrout: after_dice\n',
        encoding="utf-8",
    )
    assert referee("pbem", "export", str(a), "-o", str(tmp_path / "g.yaml")).code == 0
    run = referee("validate", str(tmp_path / "g.yaml"), str(path))
    assert run.code == 3 and "is read by `referee pbem send` only" in run.err, run.err

"""Rollback in a game by mail (docs/pbem.md §Rollback by mail; issue 22 follow-up item
4): my own phases my opponent has not received, undone at once in my copy; anything he
received, only with both signatures: a proposal mail, his agreement (or refusal) mail.
A rollback without his signature is refused by his referee and reported by verify."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from clikit import SAMPLES, referee

SECRETS = SAMPLES / "pbem"
SCENARIO = SAMPLES / "quickstart-scenario.yaml"


def mails(folder: Path) -> list[Path]:
    return sorted((folder / "outbox").glob("*.eml"))


def history(folder: Path) -> list[dict[str, Any]]:
    data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    return list(data["history"])


def status(folder: Path) -> dict[str, Any]:
    out = json.loads(referee("pbem", "status", str(folder), "--json").out)
    assert isinstance(out, dict)
    return out


def start(tmp: Path) -> tuple[Path, Path]:
    a, b = tmp / "A", tmp / "B"
    run = referee(
        "pbem", "new", str(SCENARIO), "--side", "greeks", "--dir", str(a),
        "--secret", str(SECRETS / "greeks.secret"),
    )  # fmt: skip
    assert run.code == 0, run.err
    run = referee(
        "pbem", "join", str(mails(a)[-1]), "--side", "persians", "--dir", str(b),
        "--secret", str(SECRETS / "persians.secret"),
    )  # fmt: skip
    assert run.code == 0, run.err
    assert referee("pbem", "receive", str(a), str(mails(b)[-1])).code == 0
    return a, b


def send_as_is(folder: Path) -> None:
    """The skeleton as it stands: no orders (no combat, no dice)."""
    run = referee("pbem", "send", str(folder), str(folder / "orders.yaml"))
    assert run.code in (0, 1), run.err


def quiet_turn(folder: Path) -> Path:
    count = len(mails(folder))
    while len(mails(folder)) == count:
        send_as_is(folder)
    return mails(folder)[-1]


def test_my_phases_he_has_not_received_are_undone_at_once(tmp_path: Path) -> None:
    a, _ = start(tmp_path)
    before = history(a)
    send_as_is(a)  # the activation, applied in my copy only
    assert len(history(a)) == len(before) + 1
    run = referee("pbem", "rollback", str(a))
    assert run.code == 0, run.err
    assert history(a) == before and not mails(a)[-1].name.startswith("003")
    assert "\nphase: activation\n" in (a / "orders.yaml").read_text(encoding="utf-8")
    assert referee("verify", str(a / "game.yaml")).code == 0
    run = referee("pbem", "rollback", str(a))
    assert run.code == 3 and "no phase of yours to undo that your opponent has not" in run.err


def test_what_he_received_is_undone_only_with_his_signature(tmp_path: Path) -> None:
    a, b = start(tmp_path)
    assert referee("pbem", "receive", str(b), str(quiet_turn(a))).code == 0
    assert referee("pbem", "receive", str(a), str(quiet_turn(b))).code == 0
    # the Greeks' move: they want their turn-1 movement back, which the Persians hold
    movement = next(
        i for i, e in enumerate(history(a)) if (e.get("turn"), e.get("phase")) == (1, "movement")
    )
    run = referee("pbem", "rollback", str(a), "--to", str(movement - 1))
    assert run.code == 0, run.err
    proposal = mails(a)[-1]
    assert proposal.name.endswith("-proposal.eml")
    assert status(a)["awaited"]["what"] == "answer"
    assert "awaited: persians's answer to your rollback proposal" in (
        referee("pbem", "status", str(a)).out
    )
    run = referee("pbem", "receive", str(b), str(proposal))
    assert run.code == 0, run.err
    assert f"greeks proposes to return to history[{movement - 1}], undoing: 1 greeks movement" in (
        run.err
    )
    assert status(b)["proposal"]["to"] == movement - 1
    # a forged agreement (not the Persians' signature) is refused by the Greeks' referee
    run = referee("pbem", "rollback", str(b), "--agree")
    assert run.code == 0, run.err
    agreement = mails(b)[-1]
    assert agreement.name.endswith("-rollback.eml")
    text = agreement.read_text(encoding="utf-8")
    sig = re.search(r'\n    agreed_sig: "([0-9a-f]{128})"', text)
    assert sig is not None
    forged = tmp_path / "forged.eml"
    forged.write_text(text.replace(sig.group(1), "ab" * 64), encoding="utf-8")
    before = (a / "game.yaml").read_bytes()
    run = referee("pbem", "receive", str(a), str(forged))
    assert run.code == 3 and "the rollback is not agreed by persians" in run.err, run.err
    assert (a / "game.yaml").read_bytes() == before
    # the real one: both copies return to the Greeks' turn-1 movement
    run = referee("pbem", "receive", str(a), str(agreement))
    assert run.code == 0, run.err
    for folder in (a, b):
        data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
        assert (data["turn"], data["player"], data["phase"]) == (1, "greeks", "movement")
        entry = data["history"][-1]
        assert entry["phase"] == "rollback" and entry["to"] == movement - 1
        assert (entry["by"], entry["agreed_by"]) == ("greeks", "persians")
        assert referee("verify", str(folder / "game.yaml")).code == 0
    assert history(a) == history(b)
    assert status(a)["my_move"] is True and status(b)["my_move"] is False
    # the game goes on from there
    assert referee("pbem", "receive", str(b), str(quiet_turn(a))).code == 0
    # verify reports an agreement its side did not sign
    state = tmp_path / "g.yaml"
    assert referee("pbem", "export", str(b), "-o", str(state)).code == 0
    data = yaml.safe_load(state.read_text(encoding="utf-8"))
    k = next(i for i, e in enumerate(data["history"]) if e["phase"] == "rollback")
    from referee.play import entry_hash

    data["history"][k]["agreed_sig"] = "ab" * 64
    for i in range(k, len(data["history"])):
        if i > k:
            data["history"][i]["prev_hash"] = data["history"][i - 1]["hash"]
        data["history"][i]["hash"] = entry_hash(data["history"][i])
    state.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    run = referee("verify", str(state))
    assert run.code == 5
    assert f"history[{k}]" in run.err and "names persians's agreement, but persians did not" in (
        run.err
    )


def test_a_proposal_refused_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    a, b = start(tmp_path)
    assert referee("pbem", "receive", str(b), str(quiet_turn(a))).code == 0
    assert referee("pbem", "receive", str(a), str(quiet_turn(b))).code == 0
    before = history(a)
    # undoing what he received alone is refused: it needs his agreement
    run = referee("pbem", "rollback", str(b), "--agree")
    assert run.code == 7 and "greeks has proposed no rollback" in run.err
    assert referee("pbem", "rollback", str(a), "--to", "4").code == 0
    run = referee("pbem", "receive", str(b), str(mails(a)[-1]))
    assert run.code == 0, run.err
    assert referee("pbem", "rollback", str(b), "--refuse").code == 0
    assert mails(b)[-1].name.endswith("-refusal.eml")
    assert referee("pbem", "receive", str(a), str(mails(b)[-1])).code == 0
    assert history(a) == before and status(a)["my_move"] is True
    assert status(a)["awaited"] is None and status(b)["proposal"] is None
    # the commitments are not undone
    run = referee("pbem", "rollback", str(a), "--to", "1")
    assert run.code == 3 and "no phase after history entry 1 to undo (entries 2.." in run.err


def test_a_rollback_a_mail_carries_without_both_signatures_is_refused(tmp_path: Path) -> None:
    """The Greeks roll back in the state-file way (their own signature only) what the
    Persians received: their referee will not mail it (a step without the Persians'
    signature is refused by theirs: the forged agreement above)."""
    a, b = start(tmp_path)
    assert referee("pbem", "receive", str(b), str(quiet_turn(a))).code == 0
    state, back = tmp_path / "g.yaml", tmp_path / "back.yaml"
    assert referee("pbem", "export", str(a), "-o", str(state)).code == 0
    run = referee(
        "rollback", str(state), "--to", "4", "-o", str(back), "--secret", str(a / "secret.txt")
    )
    assert run.code == 0, run.err
    (a / "game.yaml").write_text(back.read_text(encoding="utf-8"), encoding="utf-8")
    ledger = json.loads((a / "ledger.json").read_text(encoding="utf-8"))
    ledger["waiting"] = False
    (a / "ledger.json").write_text(json.dumps(ledger), encoding="utf-8")
    run = referee("pbem", "send", str(a), str(a / "orders.yaml"))
    assert run.code == 3 and "a rollback entry cannot travel by mail" in run.err, run.err

"""A new dice chain in a game by mail (docs/pbem.md §Chains; issue 22 follow-up item 1):
`referee pbem rechain DIR` makes the new secret (0600) and its signed commitment, which
the next mail carries; the dice use the old chain until the opponent's answer shows he
received it, then a signed switch moves to the new one. A switch before that, or a
commitment its side did not sign, is refused and located; status warns when a chain runs
low."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_pbem_mailgame import mails, play_turn

from clikit import SAMPLES, referee

SECRETS = SAMPLES / "pbem"
SCENARIO = SAMPLES / "quickstart-scenario.yaml"


def history(folder: Path) -> list[dict[str, Any]]:
    data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    return list(data["history"])


def party(folder: Path, side: str) -> dict[str, Any]:
    data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    return dict(data["dice"]["parties"][side])


def start(tmp: Path, greeks: Path | None = None) -> tuple[Path, Path]:
    a, b = tmp / "A", tmp / "B"
    run = referee(
        "pbem", "new", str(SCENARIO), "--side", "greeks", "--dir", str(a),
        "--secret", str(greeks or SECRETS / "greeks.secret"),
    )  # fmt: skip
    assert run.code == 0, run.err
    run = referee(
        "pbem", "join", str(mails(a)[-1]), "--side", "persians", "--dir", str(b),
        "--secret", str(SECRETS / "persians.secret"),
    )  # fmt: skip
    assert run.code == 0, run.err
    assert referee("pbem", "receive", str(a), str(mails(b)[-1])).code == 0
    return a, b


@pytest.fixture
def rechained(tmp_path: Path) -> tuple[Path, Path, Path]:
    """The Greeks make a new chain on their first move and play their turn: (A, B, the
    mail that carries the commitment)."""
    a, b = start(tmp_path)
    run = referee("pbem", "rechain", str(a), "--json")
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert out["new_chain_waiting"] is True and isinstance(out["turn"], int)
    chain = Path(out["chain"])
    assert chain.name == "chain-2.txt" and oct(chain.stat().st_mode)[-3:] == "600"
    assert "your new dice chain waits for persians" in referee("pbem", "status", str(a)).out
    entry = history(a)[-1]
    assert entry["phase"] == "commit" and entry["rechain"] is True
    assert entry["commitment"] == out["commitment"] and "key" not in entry
    run = referee("pbem", "rechain", str(a))  # one at a time
    assert run.code == 3 and "already has a new chain waiting" in run.err
    return a, b, play_turn(a)


def test_a_new_chain_counts_once_the_opponent_has_received_it(
    rechained: tuple[Path, Path, Path],
) -> None:
    a, b, mail = rechained
    old = party(a, "greeks")
    assert "\n    rechain: true\n" in mail.read_text(encoding="utf-8")
    # the Greeks' combat reveals (pending in this mail) are still their old chain's
    assert referee("pbem", "receive", str(b), str(mail)).code == 0
    assert party(b, "greeks")["commitment"] == old["commitment"]
    rechain_at = next(i for i, e in enumerate(history(b)) if e.get("rechain"))
    # the Persians' answer signs positions that hold it: the Greeks' referee switches
    answer = play_turn(b)
    assert referee("pbem", "receive", str(a), str(answer)).code == 0
    switch = [e for e in history(a) if e.get("switch")]
    assert len(switch) == 1 and switch[0]["switch"] == history(a)[rechain_at]["hash"]
    now = party(a, "greeks")
    assert now["commitment"] == history(a)[rechain_at]["commitment"] != old["commitment"]
    assert json.loads(referee("pbem", "status", str(a), "--json").out)["new_chain_waiting"] is False
    # the switch travels signed in the next mail, and the game goes on with the new chain
    mail = play_turn(a)
    assert referee("pbem", "receive", str(b), str(mail)).code == 0
    assert party(b, "greeks")["commitment"] == now["commitment"]
    answer = play_turn(b)
    assert referee("pbem", "receive", str(a), str(answer)).code == 0
    assert party(a, "greeks")["revealed"] > 0  # reveals from the new chain, checked by both
    for folder in (a, b):
        run = referee("verify", str(folder / "game.yaml"))
        assert run.code == 0, run.out + run.err
    # the reveals of the new chain are logged beside its secret, apart from the old ones
    assert (a / "chain-2.txt.reveals").exists()
    assert all(m.stat().st_size < 10 * 1024 for m in mails(a) + mails(b))


def _forge_early_switch(folder: Path, out: Path) -> None:
    """The Greeks' copy with a switch written at once, before the Persians' answer: what
    a cheat who holds the Persians' reveal would need to try new secrets against it."""
    from referee.cli.app import write_state_file
    from referee.io.files import load_game
    from referee.play import rechain

    game = load_game(str(folder / "game.yaml"))
    secret = (folder / "secret.txt").read_text(encoding="utf-8").strip()
    real = rechain.acknowledged
    rechain.acknowledged = lambda *_: 0  # type: ignore[assignment]
    try:
        state = rechain.switch(game.state, "greeks", secret)
    finally:
        rechain.acknowledged = real  # type: ignore[assignment]
    write_state_file(state, str(out))


def test_a_switch_before_the_acknowledgement_is_caught_and_refused(tmp_path: Path) -> None:
    a, b = start(tmp_path)
    assert referee("pbem", "rechain", str(a)).code == 0
    forged = tmp_path / "early.yaml"
    _forge_early_switch(a, forged)
    run = referee("verify", str(forged))
    assert run.code == 5
    index = len(history(a))
    assert (
        f"history[{index}] (turn 1, greeks, two-party commitment): greeks moves to his new "
        f"chain (history[{index - 1}]) before persians acknowledged its commitment" in run.err
    ), run.err
    # by mail: the Persians' referee refuses the mail that carries it, located
    (a / "game.yaml").write_text(forged.read_text(encoding="utf-8"), encoding="utf-8")
    mail = play_turn(a)
    assert "switch" in mail.read_text(encoding="utf-8")
    before = (b / "game.yaml").read_bytes()
    run = referee("pbem", "receive", str(b), str(mail))
    assert run.code == 3
    assert "greeks moves to his new chain" in run.err and "before persians acknowledged" in run.err
    assert (b / "game.yaml").read_bytes() == before


def test_a_new_chain_its_side_did_not_sign_is_refused(
    rechained: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    a, b, mail = rechained
    text = mail.read_text(encoding="utf-8")
    entry = next(e for e in history(a) if e.get("rechain"))
    forged = tmp_path / "forged.eml"
    forged.write_text(text.replace(entry["sig"], "ab" * 64), encoding="utf-8")
    run = referee("pbem", "receive", str(b), str(forged))
    assert run.code == 3 and "greeks's new chain is not signed by greeks's committed key" in run.err
    # a length past the bound would leave a copy no referee reads back: refused first
    forged.write_text(
        re.sub(r"\n    length: 1000\n    rechain", "\n    length: 1000000000\n    rechain", text),
        encoding="utf-8",
    )
    assert forged.read_text(encoding="utf-8") != text
    run = referee("pbem", "receive", str(b), str(forged))
    assert run.code == 3 and "steps[0].length: must be 100000 or less" in run.err, run.err
    # and verify reports it in a copy that holds it
    data = yaml.safe_load((a / "game.yaml").read_text(encoding="utf-8"))
    k = next(i for i, e in enumerate(data["history"]) if e.get("rechain"))
    data["history"][k]["sig"] = "ab" * 64
    from referee.play import entry_hash

    for i in range(k, len(data["history"])):
        e = data["history"][i]
        if i > k:
            e["prev_hash"] = data["history"][i - 1]["hash"]
        e["hash"] = entry_hash(e)
    path = tmp_path / "g.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    run = referee("verify", str(path))
    assert run.code == 5
    assert f"history[{k}]" in run.err and "new chain is not signed by greeks" in run.err


def test_status_warns_when_the_chain_runs_low(tmp_path: Path) -> None:
    short = tmp_path / "short.secret"
    assert referee("seed", "new", "--two-party", "--length", "40", "-o", str(short)).code == 0
    a, _ = start(tmp_path, short)
    info = json.loads(referee("pbem", "status", str(a), "--json").out)
    assert info["chain_left"] == 40 and info["chain_low"] is True
    run = referee("pbem", "status", str(a))
    assert "warning: your dice chain has 40 reveals left (under 60" in run.out
    assert f"referee pbem rechain {a}" in run.out
    run = referee("--lang", "fr", "pbem", "status", str(a))
    assert "votre chaîne de dés n'a plus que 40 révélations" in run.out
    assert referee("pbem", "rechain", str(a)).code == 0
    assert "warning" not in referee("pbem", "status", str(a)).out
    # not my move: refused
    b = tmp_path / "B"
    run = referee("pbem", "rechain", str(b))
    assert run.code == 7 and "it is not your move" in run.err

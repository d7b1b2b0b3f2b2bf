"""`referee adjudicate` options through the entry point: --strict, refusals, stdout."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from clikit import SAMPLES, referee


def _after_activation(tmp_path: Path) -> Path:
    out = tmp_path / "t1.yaml"
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "-o",
        str(out),
        "--new-game",
    )
    assert run.code == 0, run.err
    return out


def test_refused_order_changes_nothing_for_that_unit(tmp_path: Path) -> None:
    state = _after_activation(tmp_path)
    out = tmp_path / "t2.yaml"
    run = referee(
        "adjudicate",
        str(state),
        str(SAMPLES / "thucidide-orders-movement.yaml"),
        "-o",
        str(out),
        "--json",
    )
    assert run.code == 1  # applied, with a refusal
    report = json.loads(run.out)
    refused = [e for e in report["events"] if e["severity"] == "refused"]
    assert [e["subject"] for e in refused] == ["C3"]
    assert refused[0]["data"]["reason"] == "over_allowance"
    before = {u["id"]: u for u in yaml.safe_load(state.read_text())["sides"]["carthage"]["units"]}
    after = {u["id"]: u for u in yaml.safe_load(out.read_text())["sides"]["carthage"]["units"]}
    assert after["C3"]["at"] == before["C3"]["at"]
    assert after["C1"]["at"] != before["C1"]["at"]  # the other orders applied


def test_strict_refuses_the_whole_file(tmp_path: Path) -> None:
    state = _after_activation(tmp_path)
    out = tmp_path / "t2.yaml"
    run = referee(
        "adjudicate",
        str(state),
        str(SAMPLES / "thucidide-orders-movement.yaml"),
        "-o",
        str(out),
        "--strict",
    )
    assert run.code == 1
    assert "--strict" in run.out and "nothing written" in run.out
    assert not out.exists()


def test_state_to_stdout_report_to_stderr(tmp_path: Path) -> None:
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "-o",
        "-",
        "--new-game",
    )
    assert run.code == 0, run.err
    assert yaml.safe_load(run.out)["phase"] == "movement"
    assert "activation" in run.err


def test_shell_script_drives_a_game_with_exit_codes_alone() -> None:
    """samples/autoplay.sh: a bash loop over the real `referee` command."""
    import os
    import shutil
    import subprocess
    import sys

    if shutil.which("bash") is None:  # pragma: no cover - every CI machine has bash
        raise AssertionError("bash is needed for this test")
    env = dict(
        os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    )
    run = subprocess.run(
        [
            "bash",
            str(SAMPLES / "autoplay.sh"),
            str(SAMPLES / "thucidide-endgame.yaml"),
            str(SAMPLES / "thucidide-endgame-orders-combat.yaml"),
            str(SAMPLES / "thucidide-endgame-orders-rout.yaml"),
            str(SAMPLES / "thucidide-endgame-orders-pursuit.yaml"),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "phase 2 (rout): applied, the game is over" in run.stdout
    assert "verified 3 history entries" in run.stdout

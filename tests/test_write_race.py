"""Two ``adjudicate --in-place`` runs on one game at once (issue 16: "in 38 of 40 pairs
both exited 0 and the file held only one phase"): with real processes racing, many
times, one applies and the other is refused (exit 6, "changed while this run was
working on it", or exit 7 when it read the game after the first had written it:
the orders are then for a phase already played); never both, nothing lost, and the
game verifies. ``REFEREE_RACE_PAIRS=100`` races longer than CI does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from clikit import ROOT, SAMPLES, referee
from referee.io.yamlio import load_file

PAIRS = int(os.environ.get("REFEREE_RACE_PAIRS", "8"))
MOVES = SAMPLES / "thucidide-orders-movement.yaml"


def test_two_in_place_runs_at_once_one_applies_one_is_refused(tmp_path: Path) -> None:
    start = tmp_path / "start.yaml"
    shutil.copy(SAMPLES / "thucidide.yaml", start)
    first = referee(
        "adjudicate",
        start,
        SAMPLES / "thucidide-orders-activation.yaml",
        "--new-game",
        "--in-place",
    )
    assert first.code == 0, first.err
    solo = tmp_path / "solo.yaml"
    shutil.copy(start, solo)
    applied_code = referee("adjudicate", solo, MOVES, "--in-place").code
    assert applied_code in (0, 1)
    expected = load_file(str(solo)).data
    outcomes: Counter[str] = Counter()
    game = tmp_path / "game.yaml"
    command = [sys.executable, "-m", "referee", "adjudicate", str(game), str(MOVES), "--in-place"]
    for _ in range(PAIRS):
        shutil.copy(start, game)
        procs = [
            subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            for _ in range(2)
        ]
        results = [
            (p.wait(timeout=120), p.stderr.read().decode() if p.stderr else "") for p in procs
        ]
        for p in procs:
            if p.stderr:
                p.stderr.close()
        codes = sorted(code for code, _ in results)
        assert codes[0] == applied_code, results
        refused = [(code, err) for code, err in results if code != applied_code]
        if not refused:  # both "applied": only if both exit codes are applied_code
            raise AssertionError(f"both runs applied the phase: {results}")
        code, err = refused[0]
        assert code in (6, 7), results
        if code == 6:
            assert "changed while this run was working on it" in err, err
        else:
            assert "already applied?" in err or "orders are for" in err, err
        assert err.count("\n") == 1 and "Traceback" not in err
        outcomes[str(code)] += 1
        data = load_file(str(game)).data
        assert len(data["history"]) == 3 and data["phase"] == expected["phase"]
        assert data["sides"] == expected["sides"]  # the one phase, applied once
        assert referee("verify", game).code == 0
        assert not list(tmp_path.glob(".referee-*.tmp"))
    print("refusals by exit code:", dict(outcomes))
    assert sum(outcomes.values()) == PAIRS

"""Whole games as a regression corpus (issue 23, item 4): each file of tests/games/ is a
complete game played from a sample scenario to an army's break through the command line
(``tools/play_games.py``), every phase type, the interpretations at their defaults.
``referee verify`` replays it with today's rules: a rule change that alters any ruling
fails here with verify's located difference (history entry, turn, player, phase; unit,
field, roll or order), to be reviewed in its commit (then play the game again with
``tools/play_games.py`` and commit the new file with the change that explains it)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from clikit import referee

GAMES = sorted((Path(__file__).parent / "games").glob("*.yaml"))
PHASES = {"activation", "movement", "combat", "rout", "pursuit"}


def test_at_least_two_games_per_ruleset() -> None:
    rulesets = Counter(yaml.safe_load(p.read_text(encoding="utf-8"))["ruleset"] for p in GAMES)
    assert all(rulesets[name] >= 2 for name in ("thucidide", "panache", "frederic")), rulesets


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_recorded_game_replays_to_the_same_end(path: Path) -> None:
    game = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert game["result"]["outcome"] in ("broken", "draw"), "a game ends with an army's break"
    assert not game.get("house_rules"), "the corpus plays every option at its default"
    assert {entry.get("phase") for entry in game["history"]} >= PHASES
    run = referee("verify", str(path))
    assert run.code == 0, run.out + run.err

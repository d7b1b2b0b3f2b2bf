"""`referee verify`'s findings are codes and data (issue 25, item 2): the engine writes
no sentence; ``verify --json`` gives each finding's ``message`` in English from the
catalogue (``problem.verify.<code>``), the line on stderr says it in the run's language,
and a problem that carries a finding (``history.does_not_verify``) says it from its
code too."""

from __future__ import annotations

import json
import re
from pathlib import Path

from test_pbem import _bump, _rechain, load, play_phases

from clikit import referee, small_state, write

EDITED_AFTER = (
    "the position in the file is not the one the history gives: the file was edited after "
    "this entry"
)
ROLL = re.compile(
    r"^roll 2 \(R1 melee B1, die \d/\d\): recorded \d, replayed \d "
    r"\(the phase rolls (\d+) dice, (\d+) are recorded\)$"
)


def test_verify_json_gives_the_catalogues_english_whatever_the_language(tmp_path: Path) -> None:
    data = load(play_phases(tmp_path, small_state(), 3))
    data["sides"]["blue"]["units"][0]["cohesion"]["max"] = 9
    path = write(tmp_path / "edited.yaml", data)
    for lang in ("en", "fr"):
        run = referee("verify", str(path), "--json", "--lang", lang)
        assert run.code == 5, run.err
        (finding,) = json.loads(run.out)["findings"]
        assert finding["what"] == "current"
        # the message alone: what differs is listed apart, as data
        assert finding["message"] == EDITED_AFTER
        assert any(
            (d["subject"], d["field"], d["recorded"]) == ("unit B1", "cohesion.max", 9)
            for d in finding["differences"]
        ), finding
    run = referee("verify", str(path))
    assert run.code == 5
    assert f"history[3] (turn 1, red, combat): {EDITED_AFTER}; unit B1 cohesion.max" in run.err
    run = referee("verify", str(path), "--lang", "fr")
    assert run.code == 5
    assert (
        "history[3] (tour 1, red, combat): la position du fichier n'est pas celle que donne "
        "l'historique : le fichier a été modifié après cette entrée ; unité B1" in run.err
    ), run.err
    assert "the file was edited" not in run.err


def test_a_replayed_roll_finding_is_worded_by_the_catalogue(tmp_path: Path) -> None:
    data = load(play_phases(tmp_path, small_state(), 3))
    history = data["history"]
    _bump(history[3]["rolls"], 1)
    _rechain(history, 3)
    path = write(tmp_path / "rolled.yaml", data)
    run = referee("verify", str(path), "--json")
    assert run.code == 5
    (finding,) = json.loads(run.out)["findings"]
    assert (finding["what"], finding["roll"], finding["index"]) == ("roll", 2, 3)
    found = ROLL.match(finding["message"])
    assert found, finding["message"]
    assert "differences" in finding and finding["differences"][0]["field"] == "roll 2"
    run = referee("verify", str(path), "--lang", "fr")
    assert run.code == 5
    assert "history[3] (tour 1, red, combat)" in run.err, run.err
    assert re.search(r"dé 2 \(R1 mêlée B1, dé \d/\d\) : enregistré \d, rejoué \d", run.err), run.err
    assert "recorded" not in run.err and "turn 1" not in run.err


def test_a_problem_carrying_a_finding_says_it_from_its_code(tmp_path: Path) -> None:
    """``rollback`` replays the history up to its target: a finding on the way is said
    in the run's language inside ``history.does_not_verify`` (``Finding.inner``)."""
    data = load(play_phases(tmp_path, small_state(), 4))
    history = data["history"]
    _bump(history[3]["rolls"], 1)
    _rechain(history, 3)
    path = write(tmp_path / "rolled.yaml", data)
    out = tmp_path / "back.yaml"
    run = referee("rollback", str(path), "--to", "3", "-o", str(out))
    assert run.code != 0 and not out.exists()
    assert "the history does not verify up to that entry: roll 2 (R1 melee B1" in run.err, run.err
    run = referee("rollback", str(path), "--to", "3", "-o", str(out), "--lang", "fr")
    assert run.code != 0 and not out.exists()
    assert "l'historique n'est pas vérifié jusqu'à cette entrée : dé 2 (R1 mêlée B1" in run.err, (
        run.err
    )

"""Every ambiguity of the texts is a named, switchable option (issue 23, item 2):
``interpretations:`` in the rulesets (common-001 for the chapter the three share), picked
by house rules (``interpretations: {contact_melee: next_game_turn}``), recorded in the
game's state like any house rule, listed by ``referee rulesets NAME --interpretations``.
The rulings of each reading are the cases ``tests/cases/*/...`` whose rule cites it
(``001 §Poursuite [contact_melee = next_game_turn]``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from casekit import case_files
from clikit import referee, small_state, write
from referee.core.errors import InvalidInput
from referee.core.ruleset import READINGS
from referee.io.rulesets import load_ruleset

HOUSE = {"format": "referee-house-rules/1", "base": "thucidide"}


@pytest.mark.parametrize("name", ["thucidide", "panache", "frederic"])
def test_every_ruleset_lists_the_shared_interpretations(name: str) -> None:
    run = referee("rulesets", name, "--interpretations", "--json")
    assert run.code == 0, run.err
    items = json.loads(run.out)["interpretations"]
    assert [i["id"] for i in items] == list(READINGS)
    for item in items:
        assert {"id", "sentence", "readings", "default"} <= set(item)
        assert item["default"] in item["readings"] and item["reading"] == item["default"]
        assert item["sentence"] and item["why"] and item["source"].startswith("001 §")
    text = referee("rulesets", name, "--interpretations").out
    for ident in READINGS:
        assert ident in text


def test_every_reading_the_engine_applies_has_its_cases() -> None:
    rules = [str(yaml.safe_load(p.read_text(encoding="utf-8"))["rule"]) for p in case_files()]
    for ident, readings in READINGS.items():
        if load_ruleset("thucidide").interpretations[ident].applied_by != "engine":
            continue  # pbem_pursuits: the play-by-email protocol applies it
        for reading in readings:
            assert any(f"[{ident} = {reading}]" in rule for rule in rules), (ident, reading)


def test_a_house_rule_picks_a_reading(tmp_path: Path) -> None:
    hr = write(
        tmp_path / "club.yaml",
        {
            **HOUSE,
            "interpretations": {"contact_melee": "next_game_turn", "general_flee": "walking_path"},
        },
    )
    run = referee("rulesets", "thucidide", "--house-rules", str(hr), "--interpretations", "--json")
    assert run.code == 0, run.err
    picked = {i["id"]: i["reading"] for i in json.loads(run.out)["interpretations"]}
    assert picked["contact_melee"] == "next_game_turn"
    assert picked["general_flee"] == "walking_path"
    assert picked["light_infantry"] == "with_very_light"
    rs = load_ruleset("thucidide", str(hr))
    assert (
        rs.interpretations["contact_melee"].cite
        == "001 §Poursuite [contact_melee = next_game_turn]"
    )


@pytest.mark.parametrize(
    ("pick", "said"),
    [
        ({"contact_mele": "next_game_turn"}, "did you mean contact_melee"),
        ({"contact_melee": "next_game_tur"}, "did you mean next_game_turn"),
        ({"contact_melee": 3}, "interpretations.contact_melee"),
    ],
)
def test_an_unknown_interpretation_or_reading_is_refused(
    tmp_path: Path, pick: dict[str, object], said: str
) -> None:
    hr = write(tmp_path / "club.yaml", {**HOUSE, "interpretations": pick})
    run = referee("rulesets", "thucidide", "--house-rules", str(hr))
    assert run.code == 3 and said in run.err and "club.yaml" in run.err, run.err


def test_a_ruleset_lists_exactly_the_readings_the_engine_implements() -> None:
    rs = load_ruleset("thucidide")
    doc = json.loads(json.dumps(rs.document))
    doc["interpretations"]["general_flee"]["readings"]["by_air"] = "he flies"
    with pytest.raises(InvalidInput) as info:
        type(rs)(doc)
    assert any(p.code == "ruleset.readings_implemented" for p in info.value.problems)


def test_the_game_records_the_readings_its_house_rules_pick(tmp_path: Path) -> None:
    state = write(tmp_path / "game.yaml", small_state())
    hr = write(
        tmp_path / "club.yaml", {**HOUSE, "interpretations": {"silent_conform": "keeps_facing"}}
    )
    run = referee("orders", str(state), "-o", str(tmp_path / "orders.yaml"))
    assert run.code == 0, run.err
    run = referee(
        "adjudicate",
        str(state),
        str(tmp_path / "orders.yaml"),
        "--new-game",
        "--house-rules",
        str(hr),
        "-o",
        str(tmp_path / "next.yaml"),
    )
    assert run.code == 0, run.err
    after = yaml.safe_load((tmp_path / "next.yaml").read_text(encoding="utf-8"))
    assert after["house_rules"] == {"interpretations": {"silent_conform": "keeps_facing"}}
    run = referee("show", str(tmp_path / "next.yaml"), "--no-map")
    assert run.code == 0, run.err


def test_rule_prints_a_heading_of_the_texts() -> None:
    run = referee("rulesets", "thucidide", "--rule", "Mouvement sur route")
    assert run.code == 0, run.err
    assert "000 §Mouvement sur route" in run.out and "Il autorise 1 hex de plus." in run.out
    assert "movement_rules.road_bonus = 1" in run.out and "movement-road-bonus" in run.out
    run = referee("rulesets", "frederic", "--rule", "Poursuite", "--json")
    data = json.loads(run.out)
    contact = next(s for s in data["sentences"] if "restent en contact" in s["sentence"])
    assert contact["interpretations"][0]["id"] == "contact_melee"
    assert "frederic/combat-contact-melee-next-game-turn-held" in contact["cases"]
    run = referee("rulesets", "thucidide", "--rule", "Mouvement sur rivière")
    assert run.code == 3 and "Mouvement sur rivière" in run.err


def test_the_readings_are_said_in_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The readings and the reason for the default, the ruleset's English, in French from
    the catalogue (``source.reading``, ``source.why``: issue 25); the sentences stay the
    texts' own French; English as the ruleset writes them; JSON in English for scripts."""
    monkeypatch.setenv("COLUMNS", "1000")
    french = referee("rulesets", "thucidide", "--interpretations", "--lang", "fr")
    assert french.code == 0, french.err
    assert (
        "`next_player_turn` (par défaut, appliquée) : la phase de mêlée du tour de joueur "
        "suivant" in french.out
    )
    assert "pourquoi par défaut : « pourra » laisse le choix au propriétaire" in french.out
    assert "« Les unités restent en contact (pas d'esquive possible)" in french.out
    rs = load_ruleset("thucidide")
    for item in rs.interpretations.values():
        for meaning in (*item.readings.values(), item.why):
            assert meaning not in french.out, meaning
    english = referee("rulesets", "thucidide", "--interpretations")
    assert (
        "`next_player_turn` (default, applied): the next player-turn's melee phase" in english.out
    )
    data = referee("rulesets", "thucidide", "--interpretations", "--json", "--lang", "fr").out
    assert json.loads(data)["interpretations"][0]["why"].startswith("001 calls the player's")


def test_why_a_sentence_is_no_rule_is_said_in_the_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--rule HEADING``: the reason a sentence is not a rule (rulesets/conformance.json,
    English) in French from the catalogue (``source.not_a_rule``)."""
    monkeypatch.setenv("COLUMNS", "1000")
    args = ("rulesets", "thucidide", "--rule", "Précisions sur le mouvement")
    french = referee(*args, "--lang", "fr")
    assert french.code == 0, french.err
    assert "pas une règle : un renvoi à l'annexe 1 (terrain), que nous n'avons pas" in french.out
    assert "cross-reference" not in french.out
    english = referee(*args)
    assert "not a rule: a cross-reference to annex 1 (terrain), which we do not" in english.out

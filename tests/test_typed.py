"""The typed declarations (``referee.core.typed``): msgspec decodes, and on failure the
reporter walks the same declaration and lists every problem, located, with "did you
mean", under the catalogue's codes; the JSON Schema comes from the same declaration."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Annotated, Any, Literal

import jsonschema
import msgspec
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from problemkit import hint as said_hint
from problemkit import message as said_message

from referee.core.choices import ChoicesFile, read_choices
from referee.core.errors import InvalidInput
from referee.core.ruleset import MovementRules, Ruleset, RulesetDoc, StateHouseRules, check_file
from referee.core.scenario_file import ScenarioFile
from referee.core.typed import Rec, decode, doc, json_schema, numbers, problems
from referee.io.rulesets import _builtin
from referee.play.twoparty import read_reveal


class Leaf(Rec, frozen=True):
    """A leaf."""

    cost: Annotated[int, doc("a cost", ge=0, le=9)]
    kind: Literal["wood", "hill"] = "wood"
    label: Annotated[str, numbers(max_length=3)] = ""


class Tree(Rec, frozen=True):
    """A tree."""

    leaves: Annotated[tuple[Leaf, ...], msgspec.Meta(max_length=2)]
    by_key: dict[str, Leaf] = msgspec.field(default_factory=dict)
    either: str | Leaf | None = None


def _said(found: list[Any]) -> list[tuple[str, str, str]]:
    """Each problem's place, code and hint (said by the catalogue, in English)."""
    return [(p.path, p.code, said_hint(p)) for p in found]


def test_every_problem_at_once_located_with_did_you_mean() -> None:
    data = {
        "leaves": [{"cost": 12, "kind": "wod"}, {"cots": 1}],
        "by_key": {"a": {"cost": "x", "label": "long"}},
        "either": 5,
        "extra": 1,
    }
    assert _said(problems(Tree, data)) == [
        ("extra", "spec.unknown_key", "use one of by_key, either, leaves"),
        ("leaves[0].cost", "spec.too_big", ""),
        ("leaves[0].kind", "spec.unknown_value", "did you mean wood?"),
        ("leaves[1].cots", "spec.unknown_key", "did you mean cost?"),
        ("leaves[1].cost", "spec.missing", "add `cost:` (a whole number)"),
        ("by_key.a.cost", "spec.wrong_type", ""),
        ("by_key.a.label", "spec.too_long", ""),
        ("either", "spec.wrong_type", ""),
    ]
    with pytest.raises(InvalidInput) as caught:
        decode(Tree, data)
    assert len(caught.value.problems) == 8


def test_decode_reads_numbers_as_text_and_nulls_as_absent() -> None:
    # msgspec refuses both; the walk's reading of the data is decoded instead
    tree = decode(Tree, {"leaves": [{"cost": 1, "label": 12, "kind": None}]})
    assert tree.leaves[0] == Leaf(cost=1, kind="wood", label="12")
    assert problems(Tree, {"leaves": [{"cost": None}]}, nulls=False)[0].code == "spec.wrong_type"


def test_a_list_past_its_bound_is_refused_whole() -> None:
    found = problems(Tree, {"leaves": [{"cost": "x"}] * 1000})
    assert _said(found) == [("leaves", "spec.too_many", "")]


def test_loose_files_keep_list_items_whole_and_their_head_required() -> None:
    # every key optional, but not inside a list item (a list replaces the base list)
    assert problems(Tree, {"by_key": {"a": {}}}, loose=True) == []
    assert _said(problems(Tree, {"leaves": [{}]}, loose=True)) == [
        ("leaves[0].cost", "spec.missing", "add `cost:` (a whole number)")
    ]
    assert [p.path for p in check_file(StateHouseRules, {"road_bonnus": 2})] == ["road_bonnus"]
    found = check_file(StateHouseRules, {"road_bonnus": 2})[0]
    assert said_hint(found) == "did you mean movement_rules.road_bonus?"


def test_the_schema_is_the_declarations() -> None:
    schema = json_schema(Tree, "tree", "https://referee.invalid/tree.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False and schema["description"] == "A tree."
    assert schema["properties"]["leaves"]["items"]["properties"]["cost"]["maximum"] == 9
    jsonschema.validate({"leaves": [{"cost": 1, "label": 12}]}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"leaves": [{"cost": 1, "kind": "wod"}]}, schema)
    loose = json_schema(Tree, "tree", "x", loose=True)
    jsonschema.validate({"by_key": {"a": {"label": None}}}, loose)


def test_the_ruleset_and_the_reporter_agree_on_every_shipped_ruleset() -> None:
    for name in ("thucidide", "panache", "frederic"):
        data, _ = _builtin(name)
        assert problems(RulesetDoc, data) == []
        rs = Ruleset(data)
        assert rs.movement_rules == msgspec.convert(data["movement_rules"], MovementRules)


def test_a_ruleset_refused_lists_each_problem_where_it_is() -> None:
    data, _ = _builtin("thucidide")
    bad = copy.deepcopy(data)
    bad["movement_rules"]["road_bonus"]["value"] = 1000
    bad["terrain"]["wood"]["cots"] = 2
    del bad["combat"]["cite"]["riposte"]
    with pytest.raises(InvalidInput) as caught:
        Ruleset(bad)
    assert [(p.path, p.code) for p in caught.value.problems] == [
        ("movement_rules.road_bonus.value", "spec.too_big"),
        ("terrain.wood.cots", "spec.unknown_key"),
        ("combat.cite.riposte", "spec.missing"),
    ]


CHOICES = {
    "format": "referee-choices/1",
    "game": "g",
    "turn": 1,
    "player": "a",
    "phase": "pursuit",
    "by": "b",
    "after": None,
    "orders": "a" * 64,
    "choices": ["U1 conform", {"unit": 12, "face": "E1"}],
}


def test_a_choices_file_is_declared_and_keeps_its_codes() -> None:
    choice_set, found = read_choices(CHOICES)
    assert found == [] and choice_set is not None
    assert [c.unit for c in choice_set.choices] == ["U1", "12"]
    assert decode(ChoicesFile, CHOICES).orders == "a" * 64
    bad = {**CHOICES, "format": "x", "phase": "pursut", "after": "zz", "choices": [5, "a b"]}
    _, found = read_choices(bad)
    assert [(p.path, p.code) for p in found] == [
        ("format", "file.format"),
        ("phase", "spec.unknown_value"),
        ("after", "choices.not_hash"),
        ("choices[0]", "spec.wrong_type"),
        ("choices[1]", "choices.syntax"),
    ]
    assert said_message(found[3]) == "must be text or a mapping, not a number"


def test_a_reveal_file_is_declared_and_keeps_its_codes() -> None:
    reveal = {
        "format": "referee-reveal/1",
        "game": "g",
        "turn": 1,
        "player": "a",
        "phase": "combat",
        "by": "b",
        "index": 1,
        "after": "a" * 64,
        "orders": "b" * 64,
        "reveal": "c" * 64,
    }
    got, found = read_reveal(reveal)
    assert found == [] and got is not None and got.index == 1
    _, found = read_reveal({**reveal, "format": None, "turn": True, "reveal": "x"})
    assert [(p.path, p.code) for p in found] == [
        ("format", "file.format"),
        ("turn", "spec.wrong_type"),
        ("reveal", "reveal.not_hex64"),
    ]


def test_an_order_mapping_reads_labels_that_lost_their_quotes_and_its_rule() -> None:
    from referee.core.orders import MoveOrder

    move = decode(MoveOrder, {"unit": 12, "to": 507, "face": "S"})
    assert (move.unit, move.to, move.face) == ("12", "0507", "S")
    assert [said_message(p) for p in problems(MoveOrder, {"unit": "R1", "to": True})] == [
        "must be a hex label, not true/false"
    ]
    both = {"unit": "R1", "path": "0507-0508", "to": "0508"}
    assert [(p.path, p.code) for p in problems(MoveOrder, both)] == [("to", "orders.path_and_to")]
    assert problems(MoveOrder, both, rules=False) == []
    with pytest.raises(InvalidInput):
        decode(MoveOrder, both)


_SCENARIOS = sorted(Path(__file__).parent.parent.joinpath("samples").glob("*scenario.yaml"))
_ODD_VALUES = [None, 1, 0, -3, 1.5, "x", "0507", "3/5", [], [1, "a"], {}, {"a": 1}, True]
_ODD_VALUES += [507, {"between": ["0101", "0202"]}, {"at": "0101"}, "general", "heavy", "N"]


def _places(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at] if at else []
    if isinstance(data, dict | list):
        for key, value in data.items() if isinstance(data, dict) else enumerate(data):
            out += _places(value, (*at, key))
    return out


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_scenario_schema_and_the_reporter_agree(data: st.DataObject) -> None:
    """referee-scenario/1 (referee.core.scenario_file): a sample scenario with a value
    replaced anywhere is refused by the JSON Schema exactly when the reporter finds a
    problem of shape (ruleset keys and the builder's checks aside)."""
    scenario = yaml.safe_load(data.draw(st.sampled_from(_SCENARIOS)).read_text("utf-8"))
    for _ in range(data.draw(st.integers(0, 2))):
        *head, last = data.draw(st.sampled_from(_places(scenario)))
        parent = scenario
        for key in head:
            parent = parent[key]
        parent[last] = copy.deepcopy(data.draw(st.sampled_from(_ODD_VALUES)))
    schema = json_schema(ScenarioFile, "scenario", "x")
    said = problems(ScenarioFile, scenario, rules=False)
    assert jsonschema.Draft202012Validator(schema).is_valid(scenario) == (said == []), said

"""The schema machinery (referee.core.spec): every problem at once, located, with "did
you mean"; and the JSON Schema it generates agrees with its own checks."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile import SAMPLE_STATE, mutated

from referee.core.spec import (
    Bool,
    Dict,
    Field,
    Int,
    Obj,
    OneOf,
    Opt,
    Seq,
    Str,
    check,
    json_schema,
    reference,
    walk,
)

HEX = Str(pattern=r"\d{4}", label_digits=True, doc="hex: a printed-map label")
UNIT = Obj(
    {
        "id": Field(Str(min_length=1), required=True, doc="unique id"),
        "at": Field(HEX, required=True),
        "weight": Field(Str(enum=("light", "heavy")), required=True),
        "cohesion": Field(
            Obj(
                {
                    "current": Field(Int(minimum=0), required=True),
                    "max": Field(Int(minimum=1), required=True),
                }
            ),
            required=True,
        ),
        "traits": Field(
            Seq(
                Str(
                    enum=("impetuous", "expendable"),
                    pattern=r"detachment_of:\S+",
                    example="detachment_of:C1",
                )
            )
        ),
        "reaction": Field(Opt(Str(enum=("evade",)))),
        "flank_march": Field(Bool(), default=False),
    }
)
FILE = Obj(
    {
        "units": Field(Seq(UNIT), required=True),
        "terrain": Field(Dict(key=HEX, value=Str(enum=("wood", "hill")))),
        "order": Field(OneOf((Str(), Obj({"unit": Field(Str(), required=True)})))),
    }
)
GOOD: dict[str, Any] = {
    "units": [
        {
            "id": "C1",
            "at": "0507",
            "weight": "light",
            "cohesion": {"current": 2, "max": 3},
            "traits": ["impetuous", "detachment_of:C2"],
            "reaction": None,
        }
    ],
    "terrain": {"0101": "wood", 1208: "hill"},
    "order": {"unit": "C1"},
}


def _paths(problems: list[Any]) -> list[tuple[str, str]]:
    return [(p.path, p.hint) for p in problems]


def test_a_good_file_has_no_problem() -> None:
    assert check(FILE, GOOD) == []


def test_every_problem_at_once_located_with_did_you_mean() -> None:
    bad = {
        "units": [
            {"id": "C1", "at": "57", "weight": "lihgt", "cohesoin": {}, "traits": ["impetous"]}
        ],
        "terain": {},
    }
    found = _paths(check(FILE, bad))
    assert ("terain", "did you mean terrain?") in found
    assert ("units[0].cohesoin", "did you mean cohesion?") in found
    assert ("units[0].weight", "did you mean light?") in found
    assert ("units[0].traits[0]", "did you mean impetuous?") in found
    assert any(path == "units[0].cohesion" for path, _ in found)  # missing
    assert any(path == "units[0].at" for path, _ in found)  # not a label
    assert len(found) == 6


def test_types_and_bounds() -> None:
    bad = {
        "units": [
            {
                "id": "",
                "at": True,
                "weight": "light",
                "cohesion": {"current": -1, "max": "3"},
                "flank_march": "yes",
            }
        ]
    }
    messages = {p.path: p.message for p in check(FILE, bad)}
    assert messages["units[0].id"] == "must not be empty"
    assert messages["units[0].at"] == "must be a hex label, not true/false"
    assert messages["units[0].cohesion.current"] == "must be 0 or more, not -1"
    assert messages["units[0].cohesion.max"] == "must be a whole number, not text"
    assert messages["units[0].flank_march"] == "must be true or false, not text"


@pytest.mark.parametrize(
    "data",
    [
        GOOD,
        {"units": []},
        {
            "units": [
                {"id": "C1", "at": "0507", "weight": "light", "cohesion": {"current": 1, "max": 1}}
            ],
            "order": "C1 0507-0508",
        },
        {"units": [], "terain": {}},
        {
            "units": [
                {"id": "C1", "at": "05", "weight": "light", "cohesion": {"current": 1, "max": 1}}
            ]
        },
        {
            "units": [
                {"id": "C1", "at": "0507", "weight": "x", "cohesion": {"current": 1, "max": 1}}
            ]
        },
        {"units": "C1"},
        {"units": [], "order": {"unit": "C1", "face": "N"}},
        {"units": [], "terrain": {"0101": "lake"}},
    ],
)
def test_json_schema_agrees_with_the_checker(data: dict[str, Any]) -> None:
    schema = json_schema(FILE, "test", "https://referee.invalid/test.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    # JSON has only text keys: what the schema sees is the file as JSON would carry it
    as_json = dict(data)
    if isinstance(data.get("terrain"), dict):
        as_json["terrain"] = {str(k): v for k, v in data["terrain"].items()}
    schema_ok = jsonschema.Draft202012Validator(schema).is_valid(as_json)
    assert schema_ok == (check(FILE, data) == [])


def test_schema_is_closed_and_described() -> None:
    schema = json_schema(FILE, "test", "x")
    unit = schema["properties"]["units"]["items"]
    assert unit["additionalProperties"] is False
    assert unit["properties"]["id"]["description"] == "unique id"


def test_reference_lists_every_key() -> None:
    table = reference(FILE)
    for path, _, _ in walk(FILE):
        assert f"| `{path}` |" in table
    assert "`units[].cohesion.current`" in table
    assert "`terrain.<hex>`" in table


# ------------------------------------------------------------ extensions: rules, Data,
# check_like
def test_rules_run_once_the_shape_is_right() -> None:
    from referee.core.spec import Checker, Where

    def ordered(value: Any, where: Where, c: Checker) -> None:
        if value["current"] > value["max"]:
            c.add((where, "current"), "is above max")

    node = Obj(
        {"current": Field(Int(), required=True), "max": Field(Int(), required=True)},
        checks=(ordered,),
    )
    assert [p.path for p in check(node, {"current": 3, "max": 2})] == ["current"]
    assert check(node, {"current": 3, "max": 2}, rules=False) == []
    # a shape problem first: the rule is not run on a half-read object
    assert [p.message for p in check(node, {"current": 3, "max": "2"})] == [
        "must be a whole number, not text"
    ]


def test_data_refuses_what_cannot_be_written_back() -> None:
    import datetime

    from referee.core.spec import Data

    node = Data(mapping=True, max_depth=3)
    assert check(node, {"a": [1, 2.5, None, True, {"b": "x"}]}) == []
    found = {
        p.path: p.message
        for p in check(
            node,
            {
                "d": datetime.date(2024, 1, 1),
                1: "x",
                "f": float("inf"),
                "b": b"x",
                "deep": {"a": {"b": {"c": {"d": 1}}}},
            },
        )
    }
    assert found["d"].endswith("not date")
    assert found["1"] == "a key must be text, not a number"
    assert found["f"] == "must be a finite number"
    assert found["b"].endswith("not bytes")
    assert found["deep.a.b"] == "nested more than 3 levels deep"
    assert check(node, [1]) != []  # not a mapping


def test_check_like_keeps_the_kinds_of_the_template() -> None:
    from referee.core.spec import check_like

    base = {
        "terrain": {"wood": {"cost": 2, "source": "s"}, "hill": {"cost": 1}},
        "combat": {"dice": {"value": 2, "source": "s"}},
        "bands": [{"max": 9, "n": 1}, {"max": None, "n": 2}],
        "ratio": 1.5,
    }
    ok = [
        {"terrain": {"wood": {"cost": 3}}},
        {"terrain": {"swamp": {"cost": 2}}},
        {"combat": {"dice": 3}},
        {"bands": [{"max": None, "n": 1}]},
        {"ratio": 2},
    ]
    for value in ok:
        assert check_like(base, value) == [], value
    bad = {"terrain": [], "combat": {"dice": "three"}, "bands": [{"max": "9"}], "ratio": "x"}
    found = {p.path for p in check_like(base, bad)}
    assert found == {"terrain", "combat.dice", "bands[0].max", "ratio"}
    assert [(p.path, p.hint) for p in check_like(base, {"terrain": {"wod": None}})] == [
        ("terrain.wod", "did you mean wood?")
    ]
    assert [p.path for p in check_like(base, {"terrain": {"wood": {"cost": None}}})] == [
        "terrain.wood.cost"
    ]
    assert [p.message for p in check_like(base, {"combat": {"dice": 10**9}})] == [
        "must be between -999 and 999, not 1000000000"
    ]
    assert [p.message for p in check_like(base, {"combat": {"dice": -1}})] == [
        "must not be negative, not -1"
    ]


# ------------------------------- the state's fast path (msgspec.convert) and its walk
def _convert_agrees_with_the_walk(tp: Any, value: Any) -> None:
    """msgspec.convert accepts only what the walk accepts, and what the walk accepts
    decodes."""
    import msgspec

    from referee.core.typed import decode, problems

    try:
        msgspec.convert(value, tp)
        fast = True
    except msgspec.ValidationError:
        fast = False
    found = problems(tp, value)
    if fast:
        assert found == [], value
    if not found:
        decode(tp, value)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_fast_path_accepts_what_the_walk_accepts(data: st.DataObject) -> None:
    """Mutated states (keys deleted, values of other types, nesting, duplicates, unknown
    keys): msgspec's decoding and the reporter's walk agree, for the file, its units
    and its leaders."""
    from referee.core.specs import Leader, StateFile, Unit

    state = data.draw(mutated(SAMPLE_STATE, max_changes=4))
    _convert_agrees_with_the_walk(StateFile, state)
    sides = state.get("sides") if isinstance(state, dict) else None
    for side in sides.values() if isinstance(sides, dict) else ():
        if isinstance(side, dict):
            for unit in side.get("units") or () if isinstance(side.get("units"), list) else ():
                _convert_agrees_with_the_walk(Unit, unit)
            for leader in (
                side.get("leaders") or () if isinstance(side.get("leaders"), list) else ()
            ):
                _convert_agrees_with_the_walk(Leader, leader)


@pytest.mark.parametrize(
    "value",
    [
        {"id": "C1", "at": "0507", "weight": "light", "cohesion": {"current": 2, "max": 3}},
        {"id": "C1", "at": 507, "weight": "light", "cohesion": {"current": 2, "max": 3}},
        {"id": "C1", "at": "0507", "weight": "light", "cohesion": {"current": 4, "max": 3}},
        {"id": "C1", "at": "0507", "weight": "lite", "cohesion": {"current": 2, "max": 3}},
        {"id": "", "at": "0507", "weight": "light", "cohesion": {"current": 2, "max": 3}},
        {"id": "C1", "at": "0507", "weight": "light", "cohesion": {"current": True, "max": 3}},
        {
            "id": "C1",
            "at": "0507",
            "weight": "light",
            "cohesion": {"current": 2, "max": 3},
            "traits": ["detachment_of:C2", "impetuous"],
            "reaction": None,
            "flank_march": True,
        },
        {
            "id": "C1",
            "at": "0507",
            "weight": "light",
            "cohesion": {"current": 2, "max": 3},
            "traits": ["detachment_of:"],
        },
        {
            "id": "C1",
            "at": "0507",
            "weight": "light",
            "cohesion": {"current": 2, "max": 3},
            "flank_march": 1,
        },
        {"id": "C1", "at": "0507", "weight": "light", "cohesion": {"current": 2}, "extra": 1},
        {"id": "C1", "at": None, "weight": "light", "cohesion": {"current": 2, "max": 3}},
        {
            "id": "C1",
            "at": "0507",
            "weight": "light",
            "cohesion": {"current": 2, "max": 3},
            "reaction": "evade",
        },
    ],
)
def test_the_fast_path_on_single_records(value: dict[str, Any]) -> None:
    from referee.core.specs import Unit

    _convert_agrees_with_the_walk(Unit, value)
    _convert_agrees_with_the_walk(Unit, dict(value, type="infanterie", facing="N"))


_GOOD_UNIT = {
    "id": "R1",
    "type": "infanterie",
    "weight": "light",
    "at": "0305",
    "facing": "N",
    "cohesion": {"current": 2, "max": 3},
    "factors": {"shooting": 1, "range": 2, "assault": 3, "melee": 4},
    "traits": [],
    "status": [],
}
_EDGES: list[tuple[str, Any]] = [
    (key, value)
    for key in _GOOD_UNIT
    for value in (
        None,
        "",
        "x" * 5000,
        0,
        -1,
        10**6,
        1.5,
        True,
        [],
        {},
        ["x"],
        "0305",
        305,
        "detachment_of:R2",
        "activated",
        "SE",
        "light",
    )
] + [
    ("factors", {"shooting": 10**6}),
    ("factors", {"range": -1}),
    ("factors", {"x": 1}),
    ("cohesion", {"current": 3, "max": 2}),
    ("cohesion", {"current": 0, "max": 0}),
    ("cohesion", {"current": 2, "max": 10**6}),
    ("moved_hexes", 10**7),
    ("reaction", "evade"),
    ("reaction", "flee"),
    ("name", 12),
    ("name", "x" * 5000),
    ("flank_march", True),
    ("flank_march", "yes"),
    ("extra", 1),
]


@pytest.mark.parametrize("key,value", _EDGES)
def test_the_fast_path_on_the_unit_declaration(key: str, value: Any) -> None:
    """Each key of a real unit record at the edges of its range and of other types: the
    fast path passes only what the walk passes."""
    from referee.core.specs import Unit

    _convert_agrees_with_the_walk(Unit, {**_GOOD_UNIT, key: value})

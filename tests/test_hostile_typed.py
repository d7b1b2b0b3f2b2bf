"""Typed values after parsing (issue 16, htyped): every regression file of
``tests/hostile/typed-*.yaml`` goes through the real CLI entry point, and a property
test mutates the house rules and the history entries of a real game.

A regression file says what it builds (``input``: a house-rules file, a state, an
orders file, or a game played by the test whose history is edited and resealed, as a
rival can), what it changes (``set``: dotted paths of the file to values, ``{repeat,
times}`` for long text; ``unset``: paths removed), the commands to run and the exit
code expected with the path (or code) of the first problem. Every command must end
with that code, one clean ``referee:`` line per problem, never exit 70 nor a traceback.
"""

from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clikit import SAMPLES, Run, referee, small_state, write
from referee.play.hashing import entry_hash

HOSTILE = Path(__file__).resolve().parent / "hostile"
CASES = sorted(HOSTILE.glob("typed-*.yaml"))
ORDERS = {
    "format": "referee-orders/1",
    "turn": 1,
    "player": "red",
    "phase": "activation",
    "orders": ["activate RG: R1 R2"],
}
_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _parts(path: str) -> list[str | int]:
    return [int(i) if i else k for k, i in _PART.findall(path)]


def _value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"repeat", "times"}:
        return str(value["repeat"]) * int(value["times"])
    return value


def _apply(data: Any, case: dict[str, Any]) -> Any:
    data = copy.deepcopy(data)
    for path, value in (case.get("set") or {}).items():
        *head, last = _parts(path)
        target = data
        for part in head:
            target = target[part]
        target[last] = _value(value)
    for path in case.get("unset") or []:
        *head, last = _parts(path)
        target = data
        for part in head:
            target = target[part]
        del target[last]
    return data


def reseal(data: dict[str, Any]) -> dict[str, Any]:
    """Recompute the hash chain, as anyone can: only the types are left to refuse."""
    prev = None
    for entry in data["history"]:
        if isinstance(entry, dict):
            entry["prev_hash"] = prev
            entry["hash"] = entry_hash(entry)
            prev = entry["hash"]
    return data


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A game played through the CLI: small_state, red's activation applied."""
    d = tmp_path_factory.mktemp("game")
    state = write(d / "start.yaml", small_state())
    orders = write(d / "orders.yaml", ORDERS)
    run = referee("adjudicate", str(state), str(orders), "--new-game", "-o", str(d / "g.yaml"))
    assert run.code == 0, run.err
    data: dict[str, Any] = yaml.safe_load((d / "g.yaml").read_text(encoding="utf-8"))
    assert len(data["history"]) == 2
    return data


def commands(case: dict[str, Any], d: Path, game: dict[str, Any]) -> dict[str, list[str]]:
    state_data: Any = small_state()
    orders_data: Any = ORDERS
    extra: list[str] = []
    kind = case["input"]
    if kind == "game":
        state_data = reseal(_apply(game, case))
    elif kind == "orders":
        orders_data = _apply(ORDERS, case)
    else:
        state_data = _apply(state_data, case)
    if kind == "house-rules":
        hr = d / "house-rules.yaml"
        hr.write_text(yaml.safe_dump(case["file"], sort_keys=False), encoding="utf-8")
        extra = ["--house-rules", str(hr)]
    scenario = d / "scenario.yaml"
    if kind == "scenario":
        old, new = case["replace"]
        text = (SAMPLES / "quickstart-scenario.yaml").read_text(encoding="utf-8")
        assert old in text
        scenario.write_text(text.replace(old, new), encoding="utf-8")
    state = str(write(d / "state.yaml", state_data))
    orders = str(write(d / "orders.yaml", orders_data))
    return {
        "validate": ["validate", state, orders, *extra],
        "adjudicate": ["adjudicate", state, orders, "--dry-run", *extra],
        "odds": ["odds", state, "R1", "B1", *extra],
        "show": ["show", state, "--json"],
        "verify": ["verify", state],
        "history": ["history", state],
        "rollback": ["rollback", state, "--to", "0", "-o", str(d / "back.yaml")],
        "new": ["new", str(scenario), "-o", str(d / "new.yaml")],
    }


def clean(run: Run) -> list[str]:
    """The problem lines of a run that ended on bad input: never a traceback."""
    assert run.code != 70 and "Traceback" not in run.err, run.err
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert lines and all(line.startswith("referee: ") for line in lines), run.err
    return lines


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_hostile_typed_file(path: Path, tmp_path: Path, game: dict[str, Any]) -> None:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    runs = commands(case, tmp_path, game)
    for name in case["commands"]:
        args = runs[name]
        run = referee(*args)
        assert run.code == case["exit"], (name, run.code, run.err)
        lines = clean(run)
        if "path" in case:
            assert any(f": {case['path']}: " in line for line in lines), (name, lines)
        if case.get("file_named"):
            assert "house-rules.yaml" in lines[0], (name, lines)
        if "code" in case:
            js = referee(*args, "--json")
            found = [p.get("code") for p in json.loads(js.out)["error"]["problems"]]
            assert case["code"] in found, (name, found)


def test_every_typed_case_is_run() -> None:
    assert len(CASES) >= 20
    for path in CASES:
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert case["input"] in ("house-rules", "state", "orders", "game", "scenario"), path
        assert case["exit"] in (3, 5), path


def test_a_history_entry_is_named_like_a_finding(tmp_path: Path, game: dict[str, Any]) -> None:
    data = reseal(_apply(game, {"set": {"history[1].rolls": ["six"]}}))
    run = referee("verify", str(write(tmp_path / "g.yaml", data)))
    assert run.code == 3
    assert "history[1].rolls[0]" in run.err
    assert "in history[1] (turn 1, red, activation)" in run.err


# ----------------------------------------------------------------- property test
HOSTILE_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from(["six", "", "x" * 300, "1e9", "null", "0", "-1", "ff" * 40]),
    st.lists(st.integers(min_value=-3, max_value=9), max_size=3),
    st.dictionaries(
        st.sampled_from(["a", "value", "source", "cost"]),
        st.one_of(st.none(), st.integers(), st.text(max_size=4)),
        max_size=2,
    ),
    st.floats(allow_nan=False, allow_infinity=False),
)

HOUSE_RULE_PATHS = [
    "terrain.wood.cost",
    "terrain.wood",
    "terrain",
    "terrain.hill.cost_by_category",
    "hexsides.river.cost",
    "movement.leader_row.cells.light",
    "movement.leader_row",
    "leaders.ranks.general",
    "leaders.ranks.general.command_range",
    "combat.hit_removes_cohesion.value",
    "combat.hit_removes_cohesion",
    "combat.first_round_bonus_dice.value",
    "combat.minimum_dice.value",
    "combat.die_faces.1",
    "combat.die_faces.1.symbol",
    "combat.first_round_abilities.value",
    "combat.retreat_hexes_per_flag.value",
    "army_break.loss_eliminated.value",
    "army_break",
    "activation.bands",
    "rout.general_killed_on.value",
    "rout.elephant_fury_directions.value",
    "pursuit.distance.value",
    "pursuit.camp_defence_dice.value",
    "roads.cost_along_road.value",
]
ENTRY_KEYS = [
    "index",
    "turn",
    "player",
    "phase",
    "game",
    "initial",
    "orders",
    "dice",
    "rolls",
    "refused",
    "losses",
    "state_hash",
    "prev_hash",
    "to",
    "choices",
    "reveals",
]


def _nest(path: str, value: Any) -> dict[str, Any]:
    out: Any = value
    for part in reversed(path.split(".")):
        out = {part: out}
    return out


# CI runs a fixed, bounded set; REFEREE_HOSTILE_EXAMPLES=500 explores further, at random
_EXPLORE = int(os.environ.get("REFEREE_HOSTILE_EXAMPLES", "0"))
SETTINGS = settings(
    max_examples=_EXPLORE or 25,
    deadline=None,
    derandomize=not _EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@SETTINGS
@given(
    path=st.sampled_from(HOUSE_RULE_PATHS),
    value=HOSTILE_VALUES,
    where=st.sampled_from(["file", "state"]),
)
def test_mutated_house_rules_never_reach_the_engine(
    tmp_path: Path, path: str, value: Any, where: str
) -> None:
    overrides = _nest(path, value)
    state = small_state()
    state["sides"]["blue"]["units"][0]["at"] = "0304"  # in contact: odds run the combat
    extra: list[str] = []
    if where == "file":
        hr = write(
            tmp_path / "hr.yaml",
            {"format": "referee-house-rules/1", "base": "thucidide", **overrides},
        )
        extra = ["--house-rules", str(hr)]
    else:
        state["house_rules"] = overrides
    s = str(write(tmp_path / "s.yaml", state))
    o = str(write(tmp_path / "o.yaml", ORDERS))
    for args in (["validate", s, o], ["adjudicate", s, o, "--dry-run"], ["odds", s, "R1", "B1"]):
        run = referee(*args, *extra)
        assert run.code in (0, 1, 3), (args, run.code, run.err)
        if run.code == 3:
            lines = clean(run)
            # located: in the house-rules file or the state's house_rules
            assert any(
                ("hr.yaml" in line) or ("house_rules" in line) or ("rulesets/" in line)
                for line in lines
            ), lines


@SETTINGS
@given(
    index=st.integers(min_value=0, max_value=1),
    key=st.sampled_from(ENTRY_KEYS),
    value=HOSTILE_VALUES,
)
def test_mutated_history_entries_never_reach_the_engine(
    tmp_path: Path, game: dict[str, Any], index: int, key: str, value: Any
) -> None:
    data = copy.deepcopy(game)
    data["history"][index][key] = value
    s = str(write(tmp_path / "g.yaml", reseal(data)))
    for args in (
        ["verify", s],
        ["history", s],
        ["history", s, "--report", "1"],
        ["rollback", s, "--to", "0", "-o", str(tmp_path / "b.yaml")],
    ):
        run = referee(*args)
        assert run.code in (0, 3, 5), (args, run.code, run.err)
        if run.code:
            lines = clean(run)
            assert any("history" in line for line in lines), lines


def test_the_limits_section_states_the_bounds_of_the_code() -> None:
    from referee.core import odds, ruleset, state_file

    doc = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text(
        encoding="utf-8"
    )
    limits = doc.split("## Limits", 1)[1].split("\n## ", 1)[0]
    said = {
        f"{n:,}"
        for n in (
            state_file.MAX_FACTOR,
            state_file.MAX_COHESION,
            state_file.MAX_MAP,
            state_file.MAX_HEXES,
            state_file.MAX_UNITS,
            state_file.MAX_LEADERS,
            state_file.MAX_ORDERS,
            state_file.MAX_DICE_LISTED,
            state_file.MAX_TURN,
            state_file.MAX_ID,
            state_file.MAX_NAME,
            state_file.MAX_LINE,
            ruleset.RULE_MAX,
            ruleset.MAX_BONUS_DICE,
            ruleset.MAX_CELL,
            ruleset.MAX_HEXES_MOVED,
            odds.MAX_ODDS_DICE,
        )
    }
    for number in said:
        assert re.search(rf"\b{re.escape(number)}\b", limits), number
    # the largest roll the bounds allow, as documented
    from referee.core.model import TRAITS

    most = state_file.MAX_FACTOR + ruleset.MAX_BONUS_DICE * len(TRAITS)
    assert f"at most {most} |" in limits


def test_declarations_bound_text_and_refuse_nulls_where_asked() -> None:
    from typing import Annotated

    import msgspec

    from referee.core.typed import Rec, json_schema, numbers, problems

    short = Annotated[str, msgspec.Meta(max_length=3)]
    assert [p.code for p in problems(short, "abcd")] == ["spec.too_long"]
    assert problems(short, "abc") == []
    assert problems(Annotated[str, numbers(max_length=3)], 12345)[0].data == {
        "length": 5,
        "limit": 3,
    }

    class Cost(Rec, frozen=True, kw_only=True):
        cost: int = 0
        label: str | None = None

    assert problems(Cost, {"cost": None}) == []  # a null counts as not given
    refused = problems(Cost, {"cost": None, "label": None}, nulls=False)
    assert [(p.path, p.code) for p in refused] == [("cost", "spec.wrong_type")]
    schema = json_schema(Cost, "t", "t", nulls=False)
    assert "null" not in json.dumps(schema["properties"]["cost"])
    too_many = problems(Annotated[dict[str, int], msgspec.Meta(max_length=1)], {"a": 1, "b": 2})
    from problemkit import hint

    assert [(p.code, hint(p)) for p in too_many] == [("spec.entries_at_most", "give at most 1")]

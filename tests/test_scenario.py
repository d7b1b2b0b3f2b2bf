"""Scenarios (`referee new`, docs/scenario.md): hexes written as paths and blocks, the
map as text, rivers as paths, orders of battle with presets, deployment, every problem
located at once; the three samples rebuilt from their scenarios."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace
from problemkit import hint, message, said

from clikit import ROOT, SAMPLES, referee, write
from referee.core import hexspec
from referee.core.errors import BadText
from referee.core.hexgrid import Direction, Hex
from referee.core.model import WEIGHTS
from referee.core.scenario import build, default_prefixes
from referee.core.scenario_file import SCENARIO_FORMAT
from referee.core.scenario_lines import parse_leader_line, parse_unit_line
from referee.errors import InvalidInput
from referee.io.rulesets import load_ruleset
from referee.io.scenario import load_scenario
from referee.io.state import read_state, write_state
from referee.io.yamlio import load_file
from referee.play.start import start_game
from referee.play.verify import replay

RULESETS = ("thucidide", "panache", "frederic")


def labels(hexes: list[Hex]) -> list[str]:
    return [h.label() for h in hexes]


def side_labels(sides: list[frozenset[Hex]]) -> list[list[str]]:
    return sorted(sorted(h.label() for h in s) for s in sides)


# ------------------------------------------------------------------------ hexes
def test_paths_follow_columns_rows_and_lines() -> None:
    assert labels(hexspec.path("0508-0510")) == ["0508", "0509", "0510"]
    # a row is a zigzag of adjacent hexes on this layout
    assert labels(hexspec.path("0112-0512")) == ["0112", "0212", "0312", "0412", "0512"]
    assert labels(hexspec.path("1612-1609")) == ["1612", "1611", "1610", "1609"]
    # waypoints: a column, then a row, then a straight line of one step
    assert labels(hexspec.path("1610-1608-1508-1507")) == ["1610", "1609", "1608", "1508", "1507"]
    assert labels(hexspec.block("0507:0608")) == ["0507", "0607", "0508", "0608"]
    assert labels(hexspec.hexes(["0507", "0508-0510", 1208])) == [
        "0507",
        "0508",
        "0509",
        "0510",
        "1208",
    ]
    assert labels(hexspec.hexes("0101, 0102 0101")) == ["0101", "0102"]


@pytest.mark.parametrize("bad", ["05-07", "0507-", "0507:0608:0709", "abc", "0507 x"])
def test_bad_hex_specs(bad: str) -> None:
    with pytest.raises(ValueError):
        hexspec.hexes(bad)


label = st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(1, 30), st.integers(1, 20))


@given(st.lists(label, min_size=2, max_size=5))
def test_every_path_is_a_chain_of_adjacent_hexes(points: list[str]) -> None:
    hexes = hexspec.path("-".join(points))
    assert all(a.distance(b) == 1 for a, b in itertools.pairwise(hexes) if a != b)
    assert hexes[0] == Hex.from_label(points[0]) and hexes[-1] == Hex.from_label(points[-1])


@given(label, label, st.sampled_from(hexspec.SIDE_WORDS))
def test_sides_along_a_path_are_real_hexsides_off_the_path(a: str, b: str, word: str) -> None:
    path = hexspec.path(f"{a}-{b}")
    for side in hexspec.along(path, hexspec.side_word(word)):
        x, y = sorted(side)
        assert x.distance(y) == 1
        assert len(side & set(path)) == 1


def test_river_sides_match_the_hand_written_sample() -> None:
    # the Aufidus of samples/thucidide.yaml: 31 sides by hand, one line here
    east = [
        s
        for s in hexspec.along(hexspec.path("0301-0316"), "east")
        if all(1 <= h.to_offset()[1] + 1 <= 16 for h in s)
    ]
    between = hexspec.between(hexspec.path("0301-0316"), hexspec.path("0401-0416"))
    assert len(east) == 31 and side_labels(east) == side_labels(between)
    # the Röhrgraben of samples/frederic.yaml: the south side of a row
    south = hexspec.along(hexspec.path("0307-0707"), "south")
    assert side_labels(south) == [
        ["0307", "0308"],
        ["0308", "0407"],
        ["0407", "0408"],
        ["0407", "0508"],
        ["0507", "0508"],
        ["0508", "0607"],
        ["0607", "0608"],
        ["0607", "0708"],
        ["0707", "0708"],
    ]
    kind, one = hexspec.hexside_spec("0309 SE")
    assert kind == "sides" and side_labels(one) == [["0309", "0409"]]  # type: ignore[arg-type]


# -------------------------------------------------------------------- lines
def test_unit_and_leader_lines() -> None:
    assert parse_unit_line('4 x infanterie medium "Hastati" at 0410-0710 +javelot') == {
        "count": 4,
        "type": "infanterie",
        "weight": "medium",
        "name": "Hastati",
        "at": "0410-0710",
        "traits": ["javelot"],
    }
    assert parse_unit_line("2x cavalerie light ids N1,N2 factors 1/2/1/1 evade -x") == {
        "count": 2,
        "type": "cavalerie",
        "weight": "light",
        "ids": ["N1", "N2"],
        "factors": {"shooting": 1, "range": 2, "assault": 1, "melee": 1},
        "reaction": "evade",
        "traits": ["-x"],
    }
    assert parse_unit_line("elephants heavy cohesion 2/4 reaction none melee 3") == {
        "type": "elephants",
        "weight": "heavy",
        "cohesion": "2/4",
        "reaction": None,
        "factors": {"melee": 3},
    }
    with pytest.raises(BadText) as typo:
        parse_unit_line("infanterie medium facng N")
    assert said(typo.value) == "unknown word 'facng' (did you mean facing?)"
    with pytest.raises(BadText) as name:
        parse_unit_line("infanterie medium Hastati")
    assert "put a name in double quotes" in said(name.value)
    assert parse_leader_line('HANNIBAL general 3 "Hannibal Barca" at 0911') == {
        "id": "HANNIBAL",
        "rank": "general",
        "command_value": 3,
        "name": "Hannibal Barca",
        "at": "0911",
    }
    assert parse_leader_line("FONTAINE sub-general 2 with TE1 weight medium vehicle") == {
        "id": "FONTAINE",
        "rank": "sub_general",
        "command_value": 2,
        "with": "TE1",
        "weight": "medium",
        "vehicle": True,
    }
    assert default_prefixes(["rome", "carthage"]) == {"rome": "R", "carthage": "C"}
    assert default_prefixes(["prussia", "poland"]) == {"prussia": "PR", "poland": "PO"}


# ------------------------------------------------------------------- presets
@pytest.mark.parametrize("name", RULESETS)
def test_a_preset_for_every_cell_of_the_table_and_no_other(name: str) -> None:
    rs = load_ruleset(name)
    cells = {(t, w) for (t, w), cell in rs.allowances.items() if cell.exists}
    presets = {(t, w) for t, by_weight in rs.document["presets"].items() for w in by_weight}
    assert presets == cells == set(rs.presets)
    for t, w in cells:
        entry = rs.document["presets"][t][w]
        assert set(entry) == {"cohesion", "factors", "traits", "reaction", "source"}
        assert set(entry["factors"]) == {"shooting", "range", "assault", "melee"}
        assert entry["source"].startswith("interpretation: ") and len(entry["source"]) > 40
        p = rs.presets.get((t, w))
        assert p is not None and p.cohesion >= 1
        assert (p.factors.shooting > 0) == (p.factors.range > 0), (t, w)


def test_presets_give_the_values_and_a_unit_overrides_them() -> None:
    data = minimal()
    data["sides"]["red"]["units"] = [
        "infanterie heavy at 0305",
        "infanterie very-light at 0405 factors 2/3/0/1 cohesion 3 -light_infantry +javelot",
        {
            "type": "cavalerie",
            "weight": "medium",
            "at": "0505",
            "factors": {"assault": 3},
            "traits": ["impetuous"],
            "cohesion": "2/3",
            "reaction": "evade",
        },
    ]
    state = built(data)
    r1, r2, r3 = state.side("red").units
    assert (r1.cohesion.max, r1.factors.assault, r1.factors.melee, r1.traits) == (
        4,
        3,
        3,
        frozenset(),
    )
    assert (r2.factors.shooting, r2.factors.range, r2.cohesion.max) == (2, 3, 3)
    assert r2.traits == frozenset({"javelot"})
    assert (
        r3.factors.assault,
        r3.factors.melee,
        r3.cohesion.current,
        r3.cohesion.max,
        r3.reaction,
        r3.traits,
    ) == (3, 2, 2, 3, "evade", frozenset({"impetuous"}))


# --------------------------------------------------------------- building
def minimal() -> dict[str, Any]:
    return {
        "format": SCENARIO_FORMAT,
        "ruleset": "thucidide",
        "game": "t",
        "map": {"columns": 10, "rows": 8},
        "sides": {
            "red": {
                "edge": "S",
                "leaders": ["RG general 2 at 0507"],
                "units": ["infanterie medium at 0305"],
            },
            "blue": {
                "edge": "N",
                "leaders": ["BG general 1 at 0502"],
                "units": ["infanterie heavy at 0303"],
            },
        },
    }


def built(data: dict[str, Any], name: str = "thucidide") -> Any:
    state, problems = build(data, load_ruleset(name), "t")
    assert not problems, [p.render() for p in problems]
    assert state is not None
    return state


def problems_of(data: dict[str, Any], name: str = "thucidide") -> list[str]:
    state, problems = build(data, load_ruleset(name), "t")
    assert state is None
    return [f"{p.path}: {message(p)} ({hint(p)})" for p in problems]


def test_map_drawn_as_text_with_areas_over_it() -> None:
    data = minimal()
    data["map"] = {
        "draw": ". w w\n. h .\nm . x\n",
        "legend": {"x": "rough"},
        "areas": {"sand": ["0101"], "clear": "0202"},
    }
    data["sides"]["red"].update(
        leaders=["RG general 2 at 0203"], units=["infanterie medium at 0303"]
    )
    data["sides"]["blue"].update(
        leaders=["BG general 1 at 0201"], units=["infanterie heavy at 0102"]
    )
    state = built(data)
    terrain = {h.label(): t for h, t in state.map.terrain.items()}
    # row by row, characters in column order; areas are applied over the drawing
    assert terrain == {
        "0101": "sand",
        "0201": "wood",
        "0301": "wood",
        "0103": "marsh",
        "0303": "rough",
    }
    assert (state.map.columns, state.map.rows) == (3, 3)


def test_rivers_fords_and_roads() -> None:
    data = minimal()
    data["map"]["hexsides"] = {
        "river": ["0301-0308 east"],
        "ford": ["0304 SE"],
        "bridge": ["0306|0406"],
    }
    data["map"]["roads"] = ["0106-0806", ["0101", "0102"]]
    state = built(data)
    kinds = {tuple(sorted(h.label() for h in s)): k for s, k in state.map.hexsides.items()}
    assert len(kinds) == 15 and kinds[("0304", "0404")] == "ford"
    assert kinds[("0306", "0406")] == "bridge" and kinds[("0305", "0405")] == "river"
    assert [len(r) for r in state.map.roads] == [8, 2]


def test_deployment_lines_zones_and_generated_ids() -> None:
    data = minimal()
    data["sides"]["red"]["units"] = [
        "2 x cavalerie light",
        "3 x infanterie heavy prefix H",
        "infanterie medium id X9 at 0108 facing NE",
    ]
    data["sides"]["red"]["deploy"] = ["line 0207-0307 facing N", "zone 0506:0607"]
    data["sides"]["blue"]["units"] = ["2 x infanterie heavy"]
    data["sides"]["blue"]["deploy"] = "line 0402-0502"
    state = built(data)
    red = {u.id: (u.at.label(), u.facing.name) for u in state.side("red").units}
    # the line first, in order; then the zone from its front row (edge S: the top row)
    assert red == {
        "R1": ("0207", "N"),
        "R2": ("0307", "N"),
        "H1": ("0506", "N"),
        "H2": ("0606", "N"),
        "H3": ("0507", "N"),
        "X9": ("0108", "NE"),
    }
    assert [u.id for u in state.side("blue").units] == ["B1", "B2"]
    assert [u.facing for u in state.side("blue").units] == [Direction.S, Direction.S]


def test_reinforcements_flank_marches_camps_edges() -> None:
    data = minimal()
    red = data["sides"]["red"]
    red.update(
        {
            "exits": ["S", "E"],
            "entry_points": "1105",
            "camp": {"at": 508, "fortified": True},
            "off_table": ["cavalerie light id F1 flank_march", "infanterie medium facing NW"],
        }
    )
    data["sides"]["blue"]["leaders"] = ["BG general 1 with B1"]
    data["sides"]["blue"]["units"] = ["infanterie heavy id B1 at 0303"]
    state = built(data)
    side = state.side("red")
    assert side.exits == ("S", "E") and labels(list(side.entry_points)) == ["1105"]
    assert side.camp.at.label() == "0508" and side.camp.fortified
    assert [(u.id, u.flank_march, u.facing.name, u.at) for u in side.off_table] == [
        ("F1", True, "N", None),
        ("R2", False, "NW", None),
    ]
    assert state.side("blue").exits == ("N",)  # default: its own edge
    assert state.side("blue").leaders[0].attached_to == "B1"


def test_every_problem_at_once_located_with_did_you_mean() -> None:
    data = minimal()
    data["map"].update(
        {
            "default_terrain": "claer",
            "areas": {"wod": ["0101"]},
            "hexsides": {"rivr": ["0101|0102"], "river": ["0101-0103 est"]},
            "roads": ["0101-1101"],
        }
    )
    data["sides"]["red"].update(
        {
            "leaders": ["RG generl 2 at 0507", "RX general 1 with R9"],
            "units": [
                "infanterie medum",
                "elephants light",
                "infanterie medium at 0305",
                "infanterie heavy +impetous",
                {"type": "infanterie", "weight": "heavy", "cohesoin": 3, "at": "0303"},
            ],
        }
    )
    data["sides"]["blue"]["facing"] = "Q"
    found = problems_of(data)
    expected = [
        "map.default_terrain: unknown terrain 'claer' (did you mean clear?)",
        "map.areas.wod: unknown terrain 'wod' (did you mean wood?)",
        "map.hexsides.rivr: unknown hexside feature 'rivr' (did you mean river?)",
        "map.hexsides.river[0]: unknown side 'est'",
        "map.roads[0]: 1101 is off the map",
        "sides.red.leaders[0]: unknown rank 'generl' (did you mean general?)",
        "sides.red.leaders[1]: no unit 'R9' on the table in side red",
        "sides.red.units[0]: unknown weight 'medum' (did you mean medium?)",
        "sides.red.units[1]: Légère Éléphants does not exist in Thucidide (weights of "
        "elephants: medium, heavy)",
        "sides.red.units[3]: unknown trait 'impetous' (did you mean impetuous?)",
        "sides.red.units[4].cohesoin: unknown key (did you mean cohesion?)",
        "sides.blue.units[0]: two units in hex 0303",
        "sides.blue.facing: unknown value 'Q'",
    ]
    for want in expected:
        assert any(line.startswith(want) for line in found), (want, found)


def test_units_without_a_hex_and_a_full_line() -> None:
    data = minimal()
    data["sides"]["red"]["units"] = ["5 x infanterie medium"]
    data["sides"]["red"]["deploy"] = "line 0307-0507"
    found = problems_of(data)
    assert sum("has no hex" in p for p in found) == 2
    data["sides"]["red"]["deploy"] = "line 0107-0507"
    data["map"]["areas"] = {"lake": ["0207"]}  # impassable hexes are skipped
    found = problems_of(data)
    assert sum("has no hex" in p for p in found) == 1


def test_east_and_west_edges_need_a_facing() -> None:
    data = minimal()
    data["sides"]["red"]["edge"] = "W"
    found = problems_of(data)
    assert any("have no facing" in p for p in found)
    data["sides"]["red"]["facing"] = "NE"
    assert built(data).side("red").units[0].facing == Direction.NE


def test_a_road_over_a_river_needs_a_bridge() -> None:
    data = minimal()
    data["map"]["hexsides"] = {"river": ["0301-0308 east"]}
    data["map"]["roads"] = ["0106-0806"]
    assert any("add a bridge there" in p for p in problems_of(data))
    data["map"]["hexsides"]["ford"] = ["0306|0406"]
    data["map"]["hexsides"]["bridge"] = ["0305"]  # a bare hex with two river sides
    assert any("0305 has 2 sides with a feature" in p for p in problems_of(data))


def test_a_ford_written_before_its_river_is_reported() -> None:
    data = minimal()
    data["map"]["hexsides"] = {"ford": ["0304|0404"], "river": ["0301-0308 east"]}
    assert any("replaces the ford" in p for p in problems_of(data))


def test_units_from_csv(tmp_path: Path) -> None:
    (tmp_path / "red.csv").write_text(
        "type,weight,count,id,name,at,factors,traits,reaction\n"
        "infanterie,heavy,2,,Hoplites,0305-0405,,,\n"
        'cavalerie,light,1,RC,"Horse, light",0505,1/2/2/1,+impetuous,evade\n'
        "# a comment line\n"
        "elephants,light,1,,,0605,,,\n",
        encoding="utf-8",
    )
    data = minimal()
    data["sides"]["red"]["units"] = []
    data["sides"]["red"]["units_csv"] = "red.csv"
    path = write(tmp_path / "s.yaml", data)
    with pytest.raises(InvalidInput) as exc:
        load_scenario(str(path))
    [problem] = exc.value.problems
    assert problem.file is not None and problem.file.endswith("red.csv")
    assert problem.line == 5 and "does not exist" in message(problem)
    (tmp_path / "red.csv").write_text(
        "type,weight,count,id,name,at,factors,traits,reaction\n"
        "infanterie,heavy,2,,Hoplites,0305-0405,,,\n"
        'cavalerie,light,1,RC,"Horse, light",0505,1/2/2/1,+impetuous,evade\n',
        encoding="utf-8",
    )
    state = load_scenario(str(path)).state
    units = state.side("red").units
    assert [(u.id, u.name, u.at.label()) for u in units] == [
        ("R1", "Hoplites", "0305"),
        ("R2", "Hoplites", "0405"),
        ("RC", "Horse, light", "0505"),
    ]
    assert units[2].reaction == "evade" and units[2].has("impetuous")
    # the same rows written inline
    data["sides"]["red"]["units_csv"] = (tmp_path / "red.csv").read_text(encoding="utf-8")
    inline = load_scenario(str(write(tmp_path / "inline.yaml", data))).state
    assert inline.side("red").units == units


def test_drawing_problems_point_at_their_line(tmp_path: Path) -> None:
    text = (
        "format: referee-scenario/1\nruleset: thucidide\nmap:\n  draw: |\n"
        "    . . .\n    . q .\nsides:\n"
        "  a: {edge: S, units: ['infanterie medium at 0101']}\n"
        "  b: {edge: N, units: ['infanterie medium at 0301']}\n"
    )
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    run = referee("new", str(path), "-o", str(tmp_path / "g.yaml"))
    assert run.code == 3
    assert "s.yaml:6: map.draw[1]: row 2: character 'q' is not in the legend" in run.err


# ---------------------------------------------------------------- the samples
@pytest.mark.parametrize("name", RULESETS)
def test_each_sample_is_its_scenario(name: str) -> None:
    """`referee new` on samples/<name>-scenario.yaml gives samples/<name>.yaml: same map,
    units, leaders, factors, ids. Only the dice differ (a fresh seed) and the history
    (a new game starts with its start entry)."""
    scenario = load_scenario(str(SAMPLES / f"{name}-scenario.yaml"))
    sample, problems = read_state(load_file(str(SAMPLES / f"{name}.yaml")).data)
    assert sample is not None and not problems
    assert replace(scenario.state, dice=sample.dice) == sample

    def written(state: Any) -> dict[str, Any]:  # hexsides are a set: their order is free
        out = write_state(state)
        out["map"]["hexsides"].sort(key=lambda s: (s["between"], s["type"]))
        return out

    assert written(replace(scenario.state, dice=sample.dice)) == written(sample)


def test_a_new_game_is_finalised_in_one_step() -> None:
    base = load_scenario(str(SAMPLES / "thucidide-scenario.yaml")).state
    rs = load_ruleset("thucidide")
    game = start_game(base, "open", "a-seed")
    assert game.dice.seed == "a-seed" and [h["phase"] for h in game.history] == ["start"]
    _, verification = replay(game, rs)
    assert verification.ok
    commit = start_game(base, "commit", "a-seed")
    assert commit.dice.seed is None and len(commit.dice.commitment or "") == 64
    assert start_game(base, "physical", None).dice.mode == "physical"


def test_scenario_schema_and_reference() -> None:
    schema = json.loads(referee("schema", "scenario").out)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted(SAMPLES.glob("*-scenario.yaml")):
        data = load_file(str(path)).data
        assert not list(validator.iter_errors(data)), path
        broken = copy.deepcopy(data)
        broken["map"]["hexsides"]["rivr"] = broken["map"]["hexsides"].pop(
            next(iter(broken["map"]["hexsides"]))
        )
        broken["sides"][next(iter(broken["sides"]))]["unitz"] = []
        assert list(validator.iter_errors(broken))
    # the reference in docs/formats.md is the declaration's own, key for key
    # (tests/test_state_file.py::test_formats_md_is_up_to_date)


def test_weights_named_in_presets_are_the_model_weights() -> None:
    for name in RULESETS:
        data = yaml.safe_load((ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8"))
        for by_weight in data["presets"].values():
            assert set(by_weight) <= set(WEIGHTS)


def test_the_examples_of_the_docs_build() -> None:
    import re

    from referee.core.scenario_lines import csv_fields
    from referee.io.scenario import _read_csv

    formats = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    section = formats[formats.index("## Scenario") :]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    assert blocks
    for block in blocks:
        data = yaml.safe_load(block)
        built(data, data["ruleset"])
    guide = (ROOT / "docs" / "scenario.md").read_text(encoding="utf-8")
    [table] = re.findall(r"```csv\n(.*?)```", guide, re.S)
    rows = _read_csv(table, "docs/scenario.md", "units_csv", 1)
    assert not rows.problems and len(rows.rows) == 2
    assert [csv_fields(r)["count"] for _, r in rows.rows] == [4, 2]
    for line in re.findall(r"^      - (\d+ x .*|cavalerie .*|infanterie .*)$", guide, re.M):
        parse_unit_line(line.split("  #")[0])
    for line in re.findall(
        r"^      - ([A-Z]+ (?:general|sub_general|senior_officer) .*)$", guide, re.M
    ):
        parse_leader_line(line.split("  #")[0])


# ------------------------------------------------------------- no input crashes
_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3000),
    st.text(max_size=12),
    st.lists(st.text(max_size=6), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*here, i))
    return out


QUICKSTART = yaml.safe_load((SAMPLES / "quickstart-scenario.yaml").read_text(encoding="utf-8"))
QUICKSTART_PATHS = _paths(QUICKSTART)[1:]


@given(st.lists(st.tuples(st.sampled_from(QUICKSTART_PATHS), _LEAF), min_size=1, max_size=4))
def test_a_damaged_scenario_gives_problems_never_a_crash(
    damage: list[tuple[tuple[Any, ...], Any]],
) -> None:
    data = copy.deepcopy(QUICKSTART)
    for path, value in damage:
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    state, problems = build(data, load_ruleset("thucidide"), "fuzz")
    assert (state is None) == bool(problems)
    for p in problems:
        assert message(p)


@given(st.text(max_size=60))
def test_any_line_parses_or_says_why(text: str) -> None:
    for parse in (parse_unit_line, parse_leader_line):
        try:
            parse(text)
        except ValueError as exc:
            assert str(exc)


def test_house_rules_change_the_presets_and_are_checked() -> None:
    data = copy.deepcopy(QUICKSTART)
    data["house_rules"] = {"presets": {"infanterie": {"heavy": {"cohesion": 5}}}}
    state, problems = build(data, load_ruleset("thucidide", overrides=data["house_rules"]), "t")
    assert state is not None and not problems
    hoplite = state.side("greeks").units[2]
    assert hoplite.cohesion.max == 5 and hoplite.factors.assault == 3  # merged key by key
    assert state.house_rules == data["house_rules"]  # recorded for every player and verify
    for broken, where in (
        ({"terrain": {"wood": 5}}, "house_rules.terrain.wood"),
        (
            {"presets": {"cavalerie": {"light": {"cohesion": "x"}}}},
            "house_rules.presets.cavalerie.light.cohesion",
        ),
    ):
        # the typed ruleset refuses broken house rules before a scenario is built
        with pytest.raises(InvalidInput) as caught:
            load_ruleset("thucidide", overrides=broken)
        assert caught.value.problems[0].path == where


def test_counts_and_a_missing_csv(tmp_path: Path) -> None:
    assert parse_unit_line("3 infanterie medium")["count"] == 3
    assert parse_unit_line("3x infanterie medium")["count"] == 3
    assert parse_unit_line("3 × infanterie medium")["count"] == 3
    data = minimal()
    data["sides"]["red"]["units_csv"] = "nowhere.csv"
    run = referee("new", str(write(tmp_path / "s.yaml", data)), "-o", str(tmp_path / "g.yaml"))
    assert run.code == 3 and "sides.red.units_csv: cannot read the CSV file" in run.err

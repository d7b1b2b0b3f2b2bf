"""Rulesets: typed once, the shared chapter written once, every citation from the data,
and strict ruleset and house-rules files (a typo is refused, located, with "did you
mean")."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from clikit import ROOT, SAMPLES, referee
from referee.core.errors import InvalidInput
from referee.core.model import Factors
from referee.core.ruleset import Param, Preset, PresetFactors, Ruleset
from referee.io.rulesets import builtin_names, load_ruleset
from referee.io.schema import KINDS
from referee.render.problems import english

RULESETS = ROOT / "rulesets"
NAMES = ("thucidide", "panache", "frederic")


def write(path: Path, data: Any) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


# -- typed, once --------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_typed_parameters_carry_value_and_source(name: str) -> None:
    rs = load_ruleset(name)
    assert isinstance(rs.combat.support, Param)
    assert rs.combat.support.value == "ignore_one_flag"
    assert rs.combat.support.source.startswith("interpretation: ")
    assert rs.movement_rules.road_bonus.value == 1
    code = {"thucidide": "000", "panache": "003", "frederic": "004"}[name]
    assert rs.movement_rules.road_bonus.source == f"{code} §Mouvement sur route"
    assert rs.movement_rules.cite.off_table == f"{code} §Troupes hors table"
    assert rs.rout.cite.rout == "001 §Déroute d'une unité"
    assert rs.terrain["wood"].cost == 2 and rs.terrain["mountain"].impassable
    assert rs.activation.band(20).activations == 2


def test_the_engine_reads_no_ruleset_by_string_path() -> None:
    """No string-path lookup is left on the record, and no engine module uses one."""
    rs = load_ruleset("thucidide")
    for gone in ("get", "value", "cite", "data", "hexside"):
        assert not hasattr(rs, gone), gone
    patterns = [
        re.compile(p)
        for p in (
            r"\brs\.(get|value|cite|data)\b",
            r"\bruleset\.(get|value|cite|data)\b",
            r"\.rs\.(get|value|cite|data)\b",
            r"\brs\.terrain\(",
            r"\brs\.hexside\(",
            r"\.get\(\s*\"(movement_rules|pass_through|combat|rout|pursuit|army_break|activation"
            r"|leaders|terrain|hexsides|roads)\.",
        )
    ]
    files = [
        *sorted((ROOT / "referee" / "core").rglob("*.py")),
        *sorted((ROOT / "referee" / "render").rglob("*.py")),
        ROOT / "referee" / "io" / "views.py",
    ]
    found = [
        f"{f.relative_to(ROOT)}:{n}: {line.strip()}"
        for f in files
        for n, line in enumerate(f.read_text("utf-8").splitlines(), 1)
        if any(p.search(line) for p in patterns)
    ]
    assert not found, found


def test_no_citation_is_a_constant_of_the_engine() -> None:
    """Every rule the engine cites comes from the ruleset data: no string constant of
    referee/core looks like a citation (docstrings and comments may quote the rules)."""
    citation = re.compile(r"^(facts: |interpretation: |\d{3} §|\d{3} \(\*)")
    found = []
    for path in sorted((ROOT / "referee" / "core").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        docstrings = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and citation.match(node.value)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]}")
    assert not found, found


def test_activation_phase_does_not_import_the_movement_code() -> None:
    code = (
        "import sys, referee.core.phases.activation as a; "
        "print(sorted(m for m in sys.modules if m.startswith('referee.core.reach')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


# -- the shared chapter, once ---------------------------------------------------------------
def _leaves(data: Any, path: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for k, v in data.items():
            out.update(_leaves(v, f"{path}.{k}" if path else str(k)))
        return out
    return {path: data}


def test_the_shared_chapter_is_written_once() -> None:
    common = yaml.safe_load((RULESETS / "common-001.yaml").read_text("utf-8"))
    shared = {
        k: v
        for k, v in _leaves(common).items()
        if not k.startswith(("format", "title", "description"))
    }
    for name in NAMES:
        own = yaml.safe_load((RULESETS / f"{name}.yaml").read_text("utf-8"))
        assert own["extends"] == "common-001"
        for section in ("leaders", "rout", "army_break"):
            assert section not in own, f"{name}.yaml copies the shared {section} section"
        copies = sorted(k for k, v in _leaves(own).items() if k in shared and shared[k] == v)
        assert not copies, f"{name}.yaml repeats common-001.yaml: {copies}"
        rs = load_ruleset(name)
        assert rs.army_break.loss_eliminated.value == 2  # from the shared chapter


def test_a_part_is_not_a_playable_ruleset() -> None:
    assert "common-001" not in builtin_names()
    run = referee("rulesets", "--json")
    assert [r["name"] for r in json.loads(run.out)] == ["frederic", "panache", "thucidide"]
    run = referee("rulesets", "common-001")
    assert run.code == 3 and "not a playable ruleset" in run.err


def test_each_system_keeps_its_own_differences() -> None:
    thucidide, panache, frederic = (load_ruleset(n) for n in NAMES)
    pikemen = {e.category for e in panache.pursuit.eliminating_pursuers.value}
    assert "pikemen" in pikemen
    assert "pikemen" not in {e.category for e in thucidide.pursuit.eliminating_pursuers.value}
    assert thucidide.combat.moved_dice_loss_per_hex.source == "000 (**)"
    assert panache.combat.moved_dice_loss_per_hex.source == "003 (**)"
    assert frederic.combat.blocked_retreat_hex_is_loss.source == "004 §Troupes hors table"
    assert frederic.activation.once_per_player_turn.source.startswith("interpretation: 004")


# -- strict files ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("amendment", "where", "hint"),
    [
        ({"road_bonnus": 2}, "road_bonnus", "did you mean movement_rules.road_bonus?"),
        ({"suport": {"value": "none"}}, "suport", "did you mean combat.support?"),
        (
            {"movement_rules": {"road_bonnus": {"value": 2}}},
            "movement_rules.road_bonnus",
            "did you mean road_bonus?",
        ),
        ({"combat": {"suport": {"value": "none"}}}, "combat.suport", "did you mean support?"),
        ({"terrain": {"wood": {"cots": 3}}}, "terrain.wood.cots", "did you mean cost?"),
        (
            {"combat": {"support": {"value": "ignore_two_flags"}}},
            "combat.support.value",
            "did you mean ignore_one_flag?",
        ),
        (
            {"combat": {"evasion_weights": {"value": ["ligth"]}}},
            "combat.evasion_weights.value[0]",
            "did you mean light?",
        ),
    ],
)
def test_a_house_rules_typo_is_refused_with_its_place(
    tmp_path: Path, amendment: dict[str, Any], where: str, hint: str
) -> None:
    path = write(
        tmp_path / "club.yaml",
        {"format": "referee-house-rules/1", "base": "thucidide", **amendment},
    )
    run = referee("rulesets", "thucidide", "--house-rules", str(path))
    assert run.code == 3
    assert re.search(rf"club\.yaml:\d+: {re.escape(where)}: .*\({re.escape(hint)}\)", run.err), (
        run.err
    )


def test_house_rules_merged_are_checked_as_a_ruleset(tmp_path: Path) -> None:
    path = write(
        tmp_path / "club.yaml",
        {
            "format": "referee-house-rules/1",
            "terrain": {"swamp": {"cost": 3}},  # a new terrain must be complete
            "combat": {"palisade_hexsides": {"value": ["palisad"]}},
        },
    )
    run = referee("rulesets", "thucidide", "--house-rules", str(path))
    assert run.code == 3
    assert re.search(r"club\.yaml:\d+: terrain\.swamp\.source: is missing", run.err), run.err
    path = write(
        tmp_path / "club.yaml",
        {
            "format": "referee-house-rules/1",
            "combat": {"palisade_hexsides": {"value": ["palisad"]}},
        },
    )
    run = referee("rulesets", "thucidide", "--house-rules", str(path))
    assert run.code == 3 and "did you mean palisade?" in run.err, run.err


def test_the_house_rules_a_state_holds_are_checked(tmp_path: Path) -> None:
    state = yaml.safe_load((SAMPLES / "thucidide.yaml").read_text("utf-8"))
    state["house_rules"] = {"combat": {"suport": {"value": "none"}}}
    path = write(tmp_path / "game.yaml", state)
    run = referee("show", str(path))
    assert run.code == 3
    assert re.search(
        r"game\.yaml:\d+: house_rules\.combat\.suport: unknown key "
        r"\(did you mean support\?\)",
        run.err,
    ), run.err
    state["house_rules"] = {
        "combat": {"support": {"value": "none", "source": "interpretation: club"}}
    }
    run = referee("show", str(write(tmp_path / "game.yaml", state)), "--json")
    assert run.code == 0, run.err


def test_a_list_replaces_the_base_list_whole() -> None:
    rs = load_ruleset("thucidide").amended(
        {
            "activation": {
                "bands": [
                    {
                        "max_army_units": None,
                        "activations": 3,
                        "max_units": 2,
                        "source": "interpretation: club",
                    }
                ]
            }
        },
        "club",
    )
    assert len(rs.activation.bands) == 1 and rs.activation.band(5).activations == 3
    with pytest.raises(InvalidInput) as caught:
        load_ruleset("thucidide").amended(
            {
                "activation": {
                    "bands": [
                        {
                            "max_army_units": 9,
                            "activations": 1,
                            "max_units": 3,
                            "source": "interpretation: club",
                        }
                    ]
                }
            },
            "club",
        )
    assert caught.value.problems[0].path == "activation.bands[0].max_army_units"


# -- presets (the data is written by `referee new`'s authors) ----------------------------------
PRESET = {
    "cohesion": 4,
    "factors": {"shooting": 1, "range": 2, "assault": 2, "melee": 3},
    "traits": ["impetuous"],
    "reaction": None,
    "source": "interpretation: test",
}


def test_presets_are_typed_by_type_and_weight() -> None:
    rs = load_ruleset("panache").amended({"presets": {"piquiers": {"heavy": PRESET}}}, "test")
    preset = rs.presets[("piquiers", "heavy")]
    assert preset == Preset(
        cohesion=4,
        factors=PresetFactors(shooting=1, range=2, assault=2, melee=3),
        traits=frozenset({"impetuous"}),
        reaction=None,
        source="interpretation: test",
    )
    assert preset.unit_factors == Factors(1, 2, 2, 3)  # as a unit holds them
    # the built-in presets cover every cell of the movement table (tests/test_scenario.py)
    assert ("piquiers", "heavy") in load_ruleset("panache").presets


@pytest.mark.parametrize(
    ("presets", "path", "message"),
    [
        ({"piquier": {"heavy": PRESET}}, "presets.piquier", "did you mean piquiers?"),
        ({"piquiers": {"light": PRESET}}, "presets.piquiers.light", "does not exist"),
        (
            {"piquiers": {"heavy": {**PRESET, "cohesoin": 3}}},
            "presets.piquiers.heavy.cohesoin",
            "did you mean cohesion?",
        ),
        (
            {"piquiers": {"heavy": {**PRESET, "reaction": "flee"}}},
            "presets.piquiers.heavy.reaction",
            "unknown value",
        ),
    ],
)
def test_a_preset_must_name_a_cell_of_the_table(
    presets: dict[str, Any], path: str, message: str
) -> None:
    with pytest.raises(InvalidInput) as caught:
        load_ruleset("panache").amended({"presets": presets}, "test")
    found = [p for p in caught.value.problems if p.path == path]
    said = " ".join(english(found[0])) if found else ""
    assert message in said, caught.value.problems


# -- JSON Schemas ----------------------------------------------------------------------------
def test_the_json_schemas_accept_the_files_and_refuse_typos() -> None:
    ruleset = json.loads(referee("schema", "ruleset").out)
    part = json.loads(referee("schema", "ruleset-part").out)
    house = json.loads(referee("schema", "house-rules").out)
    for name in NAMES:
        jsonschema.validate(yaml.safe_load((RULESETS / f"{name}.yaml").read_text("utf-8")), ruleset)
    jsonschema.validate(yaml.safe_load((RULESETS / "common-001.yaml").read_text("utf-8")), part)
    good = {
        "format": "referee-house-rules/1",
        "base": "thucidide",
        "movement_rules": {"road_bonus": {"value": 2}},
    }
    jsonschema.validate(good, house)
    for typo in (
        {"road_bonnus": 2},
        {"combat": {"suport": {"value": "none"}}},
        {"movement_rules": {"road_bonus": {"value": "two"}}},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"format": "referee-house-rules/1", **typo}, house)
    assert {"ruleset", "ruleset-part", "house-rules"} <= set(KINDS)


def test_a_ruleset_record_can_be_built_from_a_document() -> None:
    rs = load_ruleset("frederic")
    again = Ruleset(rs.document, "copy")
    assert again.allowances == rs.allowances and again.combat == rs.combat


def test_the_parameters_print_as_the_ruleset_file_writes_them() -> None:
    """Issue 24: `referee rulesets thucidide` printed Python lists (`['infantry']`)."""
    from clikit import referee

    run = referee("rulesets", "thucidide")
    assert run.code == 0, run.err
    assert "['" not in run.out and "[infantry]" in run.out

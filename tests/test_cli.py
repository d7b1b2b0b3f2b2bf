"""The CLI through its real entry point: rulesets, schema, show, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from clikit import ROOT, SAMPLES, referee, small_state, write

SHARED_RULES = ROOT.parent / "shared" / "rules"


def _table_000() -> list[list[str]]:
    files = sorted(SHARED_RULES.glob("000_*.txt"))
    if not files:
        pytest.skip("shared/rules/000 is not beside the checkout")
    rows = []
    lines = files[0].read_text(encoding="utf-8").splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Type\t"))
    for line in lines[start + 1 :]:
        if not line.strip() or line.startswith("Chef"):
            break
        rows.append([c.strip() for c in line.split("\t")])
    return rows


def test_rulesets_thucidide_matches_000_cell_for_cell() -> None:
    rows = _table_000()
    run = referee("rulesets", "thucidide", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    table = data["movement"]["tables"][0]
    printed = [[r["label"], *r["cells"]] for r in table["rows"]]
    assert printed == rows
    text = referee("rulesets", "thucidide").out
    for row in rows:
        assert row[0].split()[0] in text
    assert "2/3 ss cb" in text and "0 (statique)" in text and "3/1 fuite" in text


def test_rulesets_list_and_unknown() -> None:
    run = referee("rulesets", "--json")
    assert {r["name"] for r in json.loads(run.out)} == {"thucidide", "panache", "frederic"}
    run = referee("rulesets", "nope")
    assert run.code == 3 and "unknown ruleset 'nope'" in run.err


def test_house_rules_override(tmp_path: Path) -> None:
    hr = write(
        tmp_path / "house.yaml",
        {"format": "referee-house-rules/1", "base": "thucidide", "terrain": {"wood": {"cost": 3}}},
    )
    run = referee("rulesets", "thucidide", "--house-rules", str(hr), "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["terrain"]["wood"]["cost"] == 3
    assert data["terrain"]["wood"]["label"]  # the rest of the entry is kept
    bad = write(tmp_path / "bad.yaml", {"format": "referee-house-rules/1", "base": "panache"})
    run = referee("rulesets", "thucidide", "--house-rules", str(bad))
    assert run.code == 3 and "for 'panache'" in run.err


def test_schema_commands() -> None:
    state = json.loads(referee("schema", "state").out)
    assert state["properties"]["format"]["enum"] == ["referee-state/1"]
    orders = json.loads(referee("schema", "orders").out)
    assert "orders" in orders["properties"] and orders["additionalProperties"] is False
    assert referee("schema", "orders", "--json").out == referee("schema", "orders").out
    run = referee("schema", "stat")
    assert run.code == 2 and "did you mean state?" in run.err  # a bad argument: usage


def test_show_text_and_json(tmp_path: Path) -> None:
    path = write(tmp_path / "s.yaml", small_state())
    run = referee("show", str(path))
    assert run.code == 0, run.err
    assert "R1" in run.out and "B1" in run.out
    assert "\x1b[" not in run.out  # plain text when not a terminal
    data = json.loads(referee("show", str(path), "--json").out)
    assert data["armies"]["red"]["cohesion"] == 2
    assert data["armies"]["red"]["losses"] == 0


def test_show_svg(tmp_path: Path) -> None:
    path = write(tmp_path / "s.yaml", small_state())
    out = tmp_path / "map.svg"
    run = referee("show", str(path), "--svg", str(out))
    assert run.code == 0, run.err
    import xml.etree.ElementTree as ET

    ET.fromstring(out.read_text(encoding="utf-8"))


def test_usage_errors_exit_2() -> None:
    assert referee("validate").code == 2
    assert referee("frobnicate").code == 2
    assert referee("show", "x.yaml", "--lang", "de").code == 2


def test_python_m_referee_and_console_script() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "referee", "rulesets", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "thucidide" in run.stdout


def test_every_command_is_documented_in_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    from referee.cli import app

    for command in app.registered_commands:
        name = command.name or command.callback.__name__  # type: ignore[union-attr]
        assert f"referee {name}" in readme, name


@pytest.mark.parametrize(
    "args", [["show", "--side", "foo"], ["orders", "--choices", "--side", "foo"]]
)
def test_an_unknown_side_is_refused_like_an_unknown_unit(tmp_path: Path, args: list[str]) -> None:
    """Issue 24: an unknown side exited 2 where an unknown unit exits 3 (the name is not
    in the game the file holds)."""
    state = str(SAMPLES / "thucidide.yaml")
    run = referee(args[0], state, *args[1:])
    assert run.code == 3, run.err
    assert "no side 'foo' in the game" in run.err and state in run.err
    assert referee("moves", state, "FOO").code == 3

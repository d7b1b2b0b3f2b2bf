"""One language at a time on every command, and JSON for scripts on every command,
errors included (issue 14, items 1 and 5), through the real entry point."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from langkit import _unquoted

from clikit import SAMPLES, referee, small_state, write
from referee.core.errors import EXIT_MEANINGS
from test_catalogue import leaks

COMMANDS = [
    ["validate"],
    ["new"],
    ["orders"],
    ["adjudicate"],
    ["moves"],
    ["odds"],
    ["show"],
    ["verify"],
    ["history"],
    ["rollback"],
    ["rulesets"],
    ["schema"],
    ["seed", "new"],
    ["seed", "commit"],
    ["seed", "reveal"],
]


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "FORCE_COLOR",
        "TTY_COMPATIBLE",
        "COLUMNS",
        "REFEREE_LANG",
        "LC_ALL",
        "LC_MESSAGES",
        "LANG",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_takes_lang_and_json(command: list[str]) -> None:
    run = referee(*command, "--help")
    assert run.code == 0, run.err
    assert "--lang" in run.out and "--json" in run.out


@pytest.mark.parametrize(
    "command",
    [
        ["validate", str(SAMPLES / "thucidide.yaml")],
        ["rulesets"],
        ["rulesets", "panache"],
        ["schema", "orders"],
        ["verify", str(SAMPLES / "thucidide.yaml")],
        ["history", str(SAMPLES / "thucidide.yaml")],
    ],
    ids=str,
)
def test_lang_is_accepted_where_it_was_refused(command: list[str]) -> None:
    run = referee(*command, "--lang", "fr")
    assert run.code in (0, 5), run.err  # verify of a state without history: 5
    assert "No such option" not in run.err


def test_schema_takes_json() -> None:
    run = referee("schema", "orders", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["$schema"].startswith("https://json-schema.org/")


@pytest.mark.parametrize("value", ["de", "french", ""])
def test_an_unknown_language_is_a_usage_error(value: str) -> None:
    run = referee("show", str(SAMPLES / "thucidide.yaml"), "--lang", value)
    assert run.code == 2
    assert "unknown language" in run.err and "use en or fr" in run.err
    run = referee("rulesets", "--lang", value)  # a command without its own --lang option
    assert run.code == 2


def test_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(SAMPLES / "thucidide.yaml")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert "Terrain :" in referee("show", path).out
    monkeypatch.setenv("REFEREE_LANG", "en")
    assert "Terrain:" in referee("show", path).out
    assert "Terrain :" in referee("show", path, "--lang", "fr").out
    monkeypatch.setenv("REFEREE_LANG", "klingon")
    run = referee("show", path)
    assert run.code == 2 and "REFEREE_LANG" in run.err


# --------------------------------------------------------------------- JSON errors
def _error(run_out: str) -> dict:
    data = json.loads(run_out)
    assert set(data) == {"error"}
    error = data["error"]
    assert error["meaning"] == EXIT_MEANINGS[error["exit_code"]]
    for problem in error["problems"]:
        assert {"file", "line", "path", "message", "hint"} <= set(problem)
    return error


def test_json_error_for_a_missing_file() -> None:
    run = referee("show", "no-such-file.yaml", "--json")
    assert run.code == 6
    error = _error(run.out)
    assert error["exit_code"] == 6 and error["problems"][0]["file"] == "no-such-file.yaml"
    assert "no-such-file.yaml" in run.err  # the stderr line is still there


def test_json_error_for_a_bad_command_line() -> None:
    run = referee("show", "--bogus", "--json")
    assert run.code == 2
    assert "No such option" in _error(run.out)["problems"][0]["message"]
    run = referee("show", str(SAMPLES / "thucidide.yaml"), "--lang", "de", "--json")
    error = _error(run.out)
    assert error["exit_code"] == 2 and error["problems"][0]["path"] == "--lang"
    assert error["problems"][0]["code"] == "unknown_lang"


def test_json_error_for_an_invalid_state(tmp_path: Path) -> None:
    data = small_state()
    data["sides"]["red"]["units"][1]["at"] = "0305"  # two units in a hex
    path = write(tmp_path / "bad.yaml", data)
    run = referee("moves", str(path), "R1", "--json")
    assert run.code == 3
    error = _error(run.out)
    assert error["exit_code"] == 3 and error["problems"][0]["file"] == str(path)
    assert error["problems"][0]["path"].startswith("sides.")


def test_json_error_in_french_keeps_the_english_message_for_scripts() -> None:
    run = referee(
        "show", str(SAMPLES / "thucidide.yaml"), "--lang", "fr", "--json", "--around", "9999"
    )
    assert run.code == 2
    problem = _error(run.out)["problems"][0]
    assert problem["message"] == "no hex '9999' on this map"
    assert "aucun hex" in problem["text"] and "aucun hex" in run.err


def test_orders_not_for_this_state_exit_7_not_1(tmp_path: Path) -> None:
    """A script tells "orders refused" (1) from "orders not for this state" (7) by the
    exit code alone; README's table says both."""
    orders = tmp_path / "orders.yaml"
    text = (SAMPLES / "thucidide-orders-activation.yaml").read_text(encoding="utf-8")
    orders.write_text(re.sub(r"(?m)^turn: 1", "turn: 2", text), encoding="utf-8")
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(orders),
        "--new-game",
        "--dry-run",
        "--json",
    )
    assert run.code == 7
    assert _error(run.out)["meaning"] == "orders not for this state"
    readme = (SAMPLES.parent / "README.md").read_text(encoding="utf-8")
    assert re.search(r"^\| 7 \| orders not for this state", readme, re.MULTILINE)
    assert re.search(r"^\| 1 \| orders refused", readme, re.MULTILINE)


# ------------------------------------------------- a French player meets no English
def _french(text: str) -> list[str]:
    """English words of a French output (the hex drawing's lines apart: outlines)."""
    lines = "\n".join(line for line in text.splitlines() if "\\" not in line)
    return leaks(_unquoted(lines), "fr")  # a quotation of the rules may wrap over lines


# per sample: a unit to move, the unit whose move is refused on purpose, a shooter and
# a target in its range
SAMPLE_UNITS = {
    "thucidide": ("C1", "C3", "S1", "H2"),
    "panache": ("CA4", "PQ1", "AR1", "TE1"),
    "frederic": ("JG1", "IR3", "AR1", "IA3"),
}


@pytest.mark.parametrize("ruleset", sorted(SAMPLE_UNITS))
def test_a_french_turn_has_no_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    monkeypatch.setenv("REFEREE_LANG", "fr")
    state = str(SAMPLES / f"{ruleset}.yaml")
    mover, refused, shooter, target = SAMPLE_UNITS[ruleset]
    outputs = [
        referee("show", state).out,
        referee("rulesets").out,
        referee("moves", state, mover).out,
        referee("odds", state, shooter, target, "--shooting").out,
    ]
    rulesets = referee("rulesets", ruleset).out
    outputs.append(rulesets.split(" : paramètres")[0])  # the sources are the ruleset's own
    previous = state
    for i, phase in enumerate(("activation", "movement", "combat")):
        after = str(tmp_path / f"c{i}.yaml")
        run = referee(
            "adjudicate",
            previous,
            str(SAMPLES / f"{ruleset}-orders-{phase}.yaml"),
            "-o",
            after,
            *(("--new-game",) if i == 0 else ()),
        )
        assert run.code in (0, 1), run.err
        outputs.append(run.out)
        previous = after
    for after in ("c3.yaml", "c4.yaml"):  # rout and pursuit, without orders
        run = referee("adjudicate", previous, "-o", str(tmp_path / after))
        outputs.append(run.out)
        previous = str(tmp_path / after)
    outputs.append(referee("history", previous).out)
    outputs.append(referee("history", previous, "--report", "3").out)
    outputs.append(referee("verify", previous).out)
    outputs.append(referee("show", previous, "--phase", "3").out)
    outputs.append(referee("moves", str(tmp_path / "c0.yaml"), refused).out)
    for text in outputs:
        assert text.strip()
        assert not _french(text), (_french(text), text[:3000])

"""`referee validate`: every problem at once, each with file, line, path and a hint;
documented exit codes; never a traceback; nothing written."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from clikit import referee, small_state, write
from referee.render.wording import cite

INVALID = 3


def test_valid_state_exits_0(tmp_path: Path) -> None:
    path = write(tmp_path / "ok.yaml", small_state())
    run = referee("validate", str(path))
    assert run.code == 0, run.err
    assert "valid state" in run.out


def broken_state() -> dict:
    data = copy.deepcopy(small_state())
    red = data["sides"]["red"]
    blue = data["sides"]["blue"]
    red["units"] += [
        # very-light elephants: XXXX in 000's table
        {
            "id": "R3",
            "type": "elephants",
            "weight": "very-light",
            "at": "0606",
            "facing": "N",
            "cohesion": {"current": 3, "max": 3},
        },
        # two units in one hex (0305 is R1's)
        {
            "id": "R4",
            "type": "infanterie",
            "weight": "light",
            "at": "0305",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
        },
        # hex off the map (map is 10 x 8)
        {
            "id": "R5",
            "type": "infanterie",
            "weight": "light",
            "at": "1209",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
        },
        # bad facing
        {
            "id": "R6",
            "type": "infanterie",
            "weight": "light",
            "at": "0705",
            "facing": "E",
            "cohesion": {"current": 2, "max": 2},
        },
        # cohesion above its maximum
        {
            "id": "R7",
            "type": "infanterie",
            "weight": "light",
            "at": "0706",
            "facing": "N",
            "cohesion": {"current": 5, "max": 3},
        },
        # duplicate id
        {
            "id": "R1",
            "type": "cavalerie",
            "weight": "light",
            "at": "0707",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
        },
        # unknown unit type
        {
            "id": "R8",
            "type": "dragons",
            "weight": "light",
            "at": "0708",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
        },
    ]
    # a leader attached to another side's unit
    blue["leaders"].append({"id": "BX", "rank": "sub_general", "attached_to": "R2"})
    return data


EXPECTED = [
    ("sides.red.units[2].weight", "does not exist"),
    ("sides.red.units[3].at", "two units in hex 0305"),
    ("sides.red.units[4].at", "off the map"),
    ("sides.red.units[5].facing", "unknown value 'E' (did you mean SE?)"),
    ("sides.red.units[6].cohesion.current", "above its maximum"),
    ("sides.red.units[7].id", "duplicate id"),
    ("sides.red.units[8].type", "unknown unit type"),
    ("sides.blue.leaders[1].attached_to", "belongs to red"),
]


def test_broken_state_lists_every_error_with_location(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.yaml", broken_state())
    before = path.read_bytes()
    run = referee("validate", str(path))
    assert run.code == INVALID
    assert "Traceback" not in run.err
    lines = run.err.splitlines()
    # the schema-level problems (facing, cohesion) come first: the rules checks need a
    # readable state, so fix those and validate again to see the others.
    schema_level = [e for e in EXPECTED if "facing" in e[0] or "cohesion" in e[0]]
    for path_in_file, words in schema_level:
        hits = [ln for ln in lines if f": {path_in_file}: " in ln and words in ln]
        assert hits, f"no line for {path_in_file} ({words}) in:\n{run.err}"
        assert hits[0].startswith(f"referee: {path}:"), hits[0]
        # a line number: "file:LINE: path"
        assert hits[0].split(":")[2].isdigit(), hits[0]
    assert path.read_bytes() == before


def test_rules_level_errors_all_reported(tmp_path: Path) -> None:
    data = broken_state()
    units = data["sides"]["red"]["units"]
    units[5]["facing"] = "N"
    units[6]["cohesion"]["current"] = 3
    path = write(tmp_path / "broken2.yaml", data)
    run = referee("validate", str(path))
    assert run.code == INVALID
    for path_in_file, words in EXPECTED:
        if "facing" in path_in_file or "cohesion" in path_in_file:
            continue
        hits = [ln for ln in run.err.splitlines() if f": {path_in_file}: " in ln and words in ln]
        assert hits, f"no line for {path_in_file} ({words}) in:\n{run.err}"
        assert hits[0].split(":")[2].isdigit(), hits[0]


def test_unknown_ruleset(tmp_path: Path) -> None:
    data = small_state()
    data["ruleset"] = "warhammer"
    run = referee("validate", str(write(tmp_path / "s.yaml", data)))
    assert run.code == INVALID
    assert "ruleset: unknown ruleset 'warhammer'" in run.err
    assert "thucidide" in run.err


def test_orders_for_missing_unit(tmp_path: Path) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    orders = write(
        tmp_path / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "orders": ["activate RG: R1 R9"],
        },
    )
    run = referee("validate", str(state), str(orders))
    assert run.code == INVALID
    assert "orders[0]: no unit or leader 'R9'" in run.err
    assert str(orders) in run.err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("", "the file is empty"),
        ("a: [1, 2\n", "not valid YAML"),
        ("- just\n- a list\n", "must be a mapping"),
        ("x: &a [1]\ny: *a\n", "aliases"),
        ("x: !!python/object/apply:os.system ['true']\n", "not valid YAML"),
        ("format: referee-state/1\nturn: one\n", "turn: must be a whole number"),
        ("\x00\x01binary", "not valid YAML"),
    ],
)
def test_bad_files_one_clean_error(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(content, encoding="utf-8")
    run = referee("validate", str(path))
    assert run.code == INVALID, run.err
    assert words in run.err
    assert "Traceback" not in run.err
    assert run.err.startswith(f"referee: {path}")


def test_not_utf8_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("nom: Frédéric".encode("latin-1"))
    run = referee("validate", str(path))
    assert run.code == INVALID and "not UTF-8" in run.err
    run = referee("validate", str(tmp_path / "nope.yaml"))
    assert run.code == 6 and "cannot read" in run.err


def test_huge_file_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("w") as fh:
        fh.write("x: '")
        fh.write("a" * (33 * 1024 * 1024))
        fh.write("'\n")
    run = referee("validate", str(path))
    assert run.code == INVALID and "larger than 32 MiB" in run.err


def test_billion_laughs_refused_quickly(tmp_path: Path) -> None:
    lines = ['a0: &a0 ["lol"]']
    for i in range(1, 20):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    run = referee("validate", str(path))
    assert run.code == INVALID and "aliases" in run.err


def test_stdin_state(tmp_path: Path) -> None:
    import yaml

    run = referee("validate", "-", stdin=yaml.safe_dump(small_state()))
    assert run.code == 0, run.err


def test_json_output(tmp_path: Path) -> None:
    import json

    path = write(tmp_path / "broken.yaml", broken_state())
    run = referee("validate", str(path), "--json")
    data = json.loads(run.out)
    assert run.code == INVALID
    assert data["valid"] is False
    assert any(
        p["path"] == "sides.red.units[5].facing" and p["line"] for p in data["files"][0]["problems"]
    )


# ------------------------------------------------------------ validate = a dry run
def _after_activation(tmp_path: Path) -> Path:
    from clikit import SAMPLES

    out = tmp_path / "cannae-1.yaml"
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "-o",
        str(out),
        "--new-game",
    )
    assert run.code == 0, run.err
    return out


def test_validate_reports_what_adjudicate_refuses(tmp_path: Path) -> None:
    """The issue's done-check: the sample movement orders against the state after the
    activation: C3's move is refused, exit 1, exactly as adjudicate does."""
    import json

    from clikit import SAMPLES

    state = _after_activation(tmp_path)
    orders = SAMPLES / "thucidide-orders-movement.yaml"
    before = state.read_bytes()
    checked = referee("validate", str(state), str(orders), "--json")
    applied = referee("adjudicate", "--dry-run", str(state), str(orders), "--json")
    assert checked.code == applied.code == 1, checked.err
    refused = [e for e in json.loads(applied.out)["events"] if e["severity"] == "refused"]
    assert [e["subject"] for e in refused] == ["C3"]
    entry = next(f for f in json.loads(checked.out)["files"] if f["kind"] == "orders")
    assert entry["refused"] == refused  # same code, subject, order, rule, reason, numbers
    assert entry["against"] == str(state) and entry["exit_code"] == 1
    text = referee("validate", str(state), str(orders))
    line = next(ln for ln in text.err.splitlines() if "C3" in ln)
    assert line.startswith(f"referee: {orders}:")
    assert f"orders[{refused[0]['order']}]: would be refused: C3" in line
    assert refused[0]["code"] in line and refused[0]["data"]["reason"] in line
    # the rule as the reports cite it (in the user's language, not the ruleset's key)
    assert cite(refused[0]["rule"], "en").replace("\n", "; ") in line
    assert state.read_bytes() == before  # nothing written
    assert not list(tmp_path.glob("cannae-1.t*"))


def test_validate_samples_glob_exits_0() -> None:
    """`referee validate samples/*.yaml` (the README's example): each orders file is
    matched to the state at the moment it names, never by file name."""
    from clikit import SAMPLES

    files = sorted(str(p) for p in SAMPLES.glob("*.yaml"))
    run = referee("validate", *files)
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    for name, state in (
        ("thucidide-orders-activation", "thucidide.yaml"),
        ("panache-orders-activation", "panache.yaml"),
        ("frederic-orders-activation", "frederic.yaml"),
        ("thucidide-endgame-orders-combat", "thucidide-endgame.yaml"),
    ):
        line = next(ln for ln in lines if f"{name}.yaml:" in ln)
        assert f"dry run against {SAMPLES / state}" in line, line
    movement = next(ln for ln in lines if "thucidide-orders-movement.yaml:" in ln)
    assert "not dry-run (no state given is at that moment)" in movement


@pytest.mark.parametrize("phase", ["movement", "combat"])
def test_orders_for_another_moment_exit_7_like_adjudicate(tmp_path: Path, phase: str) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    orders = write(
        tmp_path / "o.yaml",
        {"format": "referee-orders/1", "turn": 1, "player": "red", "phase": phase, "orders": []},
    )
    checked = referee("validate", str(state), str(orders))
    assert checked.code == 7 == referee("adjudicate", "--dry-run", str(state), str(orders)).code
    assert f"orders are for the {phase} phase, the next phase is activation" in checked.err
    # the same files among several states: matched by moment, so only checked for form
    other = write(tmp_path / "other.yaml", dict(small_state(), game="other-game"))
    run = referee("validate", str(state), str(other), str(orders))
    assert run.code == 0 and "not dry-run" in run.out, run.err
    # ... unless paired explicitly
    run = referee("validate", str(other), str(orders), "--against", str(state))
    assert run.code == 7, run.err


def test_states_at_the_same_moment_told_apart_by_game(tmp_path: Path) -> None:
    import json

    a = write(tmp_path / "a.yaml", small_state())
    b = write(tmp_path / "b.yaml", dict(small_state(), game="rematch"))
    orders = {
        "format": "referee-orders/1",
        "turn": 1,
        "player": "red",
        "phase": "activation",
        "orders": ["activate RG: R1"],
    }
    both = write(tmp_path / "o.yaml", orders)
    one = write(tmp_path / "o2.yaml", dict(orders, game="rematch"))
    data = json.loads(referee("validate", str(a), str(b), str(both), str(one), "--json").out)
    against = {(f["file"], f["against"]) for f in data["files"] if f["kind"] == "orders"}
    assert against == {(str(both), str(a)), (str(both), str(b)), (str(one), str(b))}
    # a game that is not the state's: orders not for this state, as adjudicate says
    assert referee("adjudicate", "--dry-run", str(a), str(one)).code == 7
    assert referee("validate", str(a), str(one)).code == 7


@pytest.mark.parametrize("order", ["R1 0304-0303 fcae N", "activate", "R1 melee"])
def test_malformed_compact_order_exit_3_from_both(tmp_path: Path, order: str) -> None:
    data = small_state()
    data["phase"] = "movement"
    state = write(tmp_path / "s.yaml", data)
    orders = write(
        tmp_path / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "movement",
            "orders": [order],
        },
    )
    checked = referee("validate", str(state), str(orders))
    assert checked.code == 3 == referee("adjudicate", "--dry-run", str(state), str(orders)).code
    assert ": orders[0]: " in checked.err
    if "fcae" in order:
        assert "did you mean face?" in checked.err


def test_orders_for_a_finished_game_exit_4_from_both(tmp_path: Path) -> None:
    data = small_state()
    data["result"] = {"outcome": "broken", "broken": ["blue"]}
    state = write(tmp_path / "s.yaml", data)
    orders = write(
        tmp_path / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "orders": [],
        },
    )
    assert referee("validate", str(state)).code == 0  # a finished game is a valid state
    checked = referee("validate", str(state), str(orders))
    assert checked.code == 4 == referee("adjudicate", "--dry-run", str(state), str(orders)).code
    assert "the game is over" in checked.err


def test_validate_help_says_it_is_a_dry_run() -> None:
    run = referee("validate", "--help")
    assert run.code == 0
    text = " ".join(run.out.split())
    assert "adjudicate --dry-run" in text and "--against" in text


def test_a_phase_that_would_end_the_game_exits_4_like_adjudicate(tmp_path: Path) -> None:
    from clikit import SAMPLES

    after_combat = tmp_path / "endgame-1.yaml"
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide-endgame.yaml"),
        str(SAMPLES / "thucidide-endgame-orders-combat.yaml"),
        "-o",
        str(after_combat),
        "--new-game",
    )
    assert run.code == 0, run.err
    rout = SAMPLES / "thucidide-endgame-orders-rout.yaml"
    checked = referee("validate", str(after_combat), str(rout))
    assert (
        checked.code == 4 == referee("adjudicate", "--dry-run", str(after_combat), str(rout)).code
    )
    assert "this phase would end the game (army broken: rome)" in checked.out

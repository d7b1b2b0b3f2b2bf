"""A rival's file never crashes the referee, and `validate` never disagrees with
`adjudicate --dry-run`.

Real files (the samples, ``clikit.small_state()`` at every phase) are mutated at
random: keys deleted, values swapped for other types, random unicode, huge and
negative numbers, dates, deep nesting, duplicated ids, units off the map, leaders
attached to missing units, bad hexes in every place a hex goes, orders of every
phase with random shapes, broken YAML text, hostile house-rules and seed files. Each
pair goes through the real entry point twice, as ``validate STATE ORDERS`` and as
``adjudicate --dry-run STATE ORDERS``; both must end with a documented exit code
(never 70, never a traceback) and with the same one. Deterministic
(``derandomize``), bounded for CI.
"""

from __future__ import annotations

import copy
import datetime
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clikit import SAMPLES, Run, referee, small_state
from referee.core.model import PHASES
from referee.io.yamlio import load_file

DOCUMENTED = {0, 1, 3, 4, 6, 7}
# CI runs a fixed, bounded set; REFEREE_HOSTILE_EXAMPLES=2000 explores further, at random
_EXPLORE = int(os.environ.get("REFEREE_HOSTILE_EXAMPLES", "0"))
SETTINGS = settings(
    max_examples=_EXPLORE or 40,
    deadline=None,
    derandomize=not _EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# ------------------------------------------------------------------------ base files
SAMPLE_STATE = load_file(str(SAMPLES / "thucidide.yaml")).data
SAMPLE_ORDERS = {p.name: load_file(str(p)).data for p in sorted(SAMPLES.glob("*orders*.yaml"))}
ENDGAME = load_file(str(SAMPLES / "thucidide-endgame.yaml")).data


def _small(phase: str, activated: bool) -> dict[str, Any]:
    data = small_state()
    data["phase"] = phase
    if activated:
        for side in data["sides"].values():
            for unit in side["units"]:
                unit["status"] = ["activated"]
    if phase in ("rout", "pursuit"):
        data["engagements"] = [
            {"attacker": "R1", "target": "B1", "kind": "melee", "through": "front", "charge": True}
        ]
    return data


def _contact(phase: str) -> dict[str, Any]:
    """Red's R1 in contact with blue's B1 (which faces it), everything activated."""
    data = _small(phase, True)
    data["sides"]["blue"]["units"][0]["at"] = "0304"
    return data


BASES: list[dict[str, Any]] = [_small(p, a) for p in PHASES for a in (False, True)] + [
    _contact(p) for p in PHASES
]

# -------------------------------------------------------------------------- values
WORDS = [
    "",
    " ",
    "0507",
    "0305",
    "0000",
    "9999",
    "1109",
    "0100",
    "000507",
    "05a7",
    "C1",
    "R1",
    "R9",
    "B1",
    "RG",
    "BG",
    "red",
    "blue",
    "impetous",
    "impetuous",
    "N",
    "E",
    "n",
    "detachment_of:",
    "detachment_of:R1",
    "detachment_of:ZZ",
    "pursuit_contact:B1",
    "activated",
    "killed",
    "evade",
    "referee-state/1",
    "referee-orders/1",
    "activation",
    "movement",
    "combat",
    "rout",
    "pursuit",
    "melee",
    "shooting",
    "infanterie",
    "cavalerie",
    "wood",
    "river",
    "general",
    "light",
    "very-heavy",
    "Ω≈ç√∫˜µ≤",
    "\u202e",
    "\x00",
    "a\nb",
    "null",
    "~",
    "yes",
    "2024-01-01",
]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(WORDS),
    st.text(max_size=12),
    st.integers(-3, 12),
    st.integers(-(10**30), 10**30),
    st.sampled_from([10**18, -(10**18), 2**63, 10**4000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.dates(),
    st.binary(max_size=4),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.one_of(st.sampled_from(WORDS), st.text(max_size=6), st.integers(-2, 2000)),
            inner,
            max_size=3,
        )
    ),
    max_leaves=6,
)
BAD_HEXES = st.sampled_from(
    [
        "0000",
        "9999",
        "1109",
        "0109",
        "1100",
        "0100",
        "000507",
        "05a7",
        "",
        "507",
        -1,
        0,
        10**6,
        5.07,
        True,
        None,
        [],
        {},
        "٠٥٠٧",
        "0507-0508",
        "999999",
    ]
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(_paths(v, (*prefix, i)))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn, base: Any, max_changes: int = 3) -> Any:
    """``base`` with one to ``max_changes`` random changes at random places."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, max_changes))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, key = _parent(data, path), path[-1]
        op = draw(st.sampled_from(["delete", "replace", "replace", "duplicate", "nest", "add_key"]))
        if op == "delete":
            del parent[key]
        elif op == "replace":
            parent[key] = draw(VALUES)
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif op == "nest":
            value = parent[key]
            for _ in range(draw(st.integers(1, 40))):
                value = [value] if draw(st.booleans()) else {"x": value}
            parent[key] = value
        elif op == "add_key" and isinstance(parent[key], dict):
            parent[key][draw(st.sampled_from(WORDS))] = draw(VALUES)
    return data


# -------------------------------------------------------------------------- orders
IDS = st.sampled_from(["R1", "R2", "B1", "RG", "BG", "R9", "C1", "", "r1", "R1 R2"])
OWN = st.sampled_from(["R1", "R2", "RG", "B1"])
HEXES = st.sampled_from(
    [
        "0305",
        "0306",
        "0304",
        "0405",
        "0404",
        "0303",
        "0204",
        "0507",
        "1109",
        "0000",
        "0305-0306",
        "0306-0307-0308",
    ]
)
NEAR = st.sampled_from(
    ["0304", "0306", "0404", "0406", "0204", "0205", "0303", "0504", "0505", "0506"]
)
WORD = st.one_of(
    IDS,
    HEXES,
    st.sampled_from(
        [
            "activate",
            "to",
            "face",
            "road",
            "mounted",
            "melee",
            "shoot",
            "pursue",
            "with",
            "hold",
            "choose",
            ":",
            "N",
            "SE",
            "X",
        ]
    ),
    st.text(max_size=5),
)
COMPACT = st.lists(WORD, min_size=0, max_size=6).map(" ".join)
MAPPING = st.fixed_dictionaries(
    {},
    optional={
        "unit": st.one_of(IDS, SCALARS),
        "leader": st.one_of(IDS, SCALARS),
        "units": st.one_of(st.lists(IDS, max_size=4), SCALARS),
        "path": st.one_of(st.lists(st.one_of(HEXES, BAD_HEXES), max_size=4), HEXES, SCALARS),
        "to": st.one_of(HEXES, BAD_HEXES),
        "face": st.one_of(st.sampled_from(["N", "NE", "S", "E", "B1"]), SCALARS),
        "road": st.one_of(st.booleans(), SCALARS),
        "mounted": st.booleans(),
        "target": st.one_of(IDS, SCALARS),
        "kind": st.sampled_from(["melee", "shooting", "x"]),
        "pursue": st.one_of(st.booleans(), SCALARS),
        "supports": st.lists(IDS, max_size=3),
        "choose": IDS,
        "pth": HEXES,
    },
)
JUNK = st.one_of(COMPACT, MAPPING, SCALARS)
FACE = st.sampled_from(["N", "NE", "SE", "S", "SW", "NW"])
# well-formed orders of each phase naming real and unknown units, legal or not
PLAUSIBLE = {
    "activation": st.one_of(
        st.builds(
            lambda lead, units: {"leader": lead, "units": units},
            st.sampled_from(["RG", "BG", "R1"]),
            st.lists(OWN, max_size=3),
        ),
        st.builds(
            lambda lead, units: f"activate {lead}: {' '.join(units)}",
            st.sampled_from(["RG", "BG"]),
            st.lists(OWN, max_size=3),
        ),
    ),
    "movement": st.one_of(
        st.builds(
            lambda u, p, f: {"unit": u, "path": p, **({"face": f} if f else {})},
            OWN,
            st.lists(NEAR, min_size=1, max_size=3),
            st.one_of(st.none(), FACE),
        ),
        st.builds(
            lambda u, h, road: f"{u} to {h}" + (" road" if road else ""), OWN, NEAR, st.booleans()
        ),
        st.builds(lambda u, h, f: f"{u} {h} face {f}", OWN, NEAR, FACE),
    ),
    "combat": st.builds(
        lambda u, k, t: f"{u} {k} {t}", OWN, st.sampled_from(["melee", "shoot"]), OWN
    ),
    "rout": st.builds(lambda u, t: f"{u} choose {t}", OWN, OWN),
    "pursuit": st.one_of(
        st.builds(
            lambda u, w: f"{u} pursue" + (f" with {' '.join(w)}" if w else ""),
            OWN,
            st.lists(OWN, max_size=2),
        ),
        st.builds(lambda u: f"{u} hold", OWN),
        st.builds(lambda u, t: {"unit": u, "face": t}, OWN, OWN),
    ),
}


@st.composite
def orders_for(draw: st.DrawFn, state: Any) -> dict[str, Any]:
    """Orders for the state's moment (so that they reach the engine), well formed or
    of random shapes, of their phase or another; sometimes for another moment."""
    moment = state if isinstance(state, dict) else {}
    phase = moment.get("phase") if moment.get("phase") in PLAUSIBLE else "movement"
    other = st.sampled_from(list(PLAUSIBLE.values())).flatmap(lambda s: s)

    def order(roll: int) -> st.SearchStrategy[Any]:
        # (hypothesis favours the ends of a range: the rare cases are in the middle)
        return JUNK if roll == 7 else other if roll == 8 else PLAUSIBLE[phase]

    data: dict[str, Any] = {
        "format": "referee-orders/1",
        "turn": moment.get("turn"),
        "player": moment.get("player"),
        "phase": moment.get("phase"),
        "orders": draw(st.lists(st.integers(0, 15).flatmap(order), max_size=4)),
    }
    if draw(st.integers(0, 9)) == 5:
        data["phase"] = draw(st.sampled_from([*PHASES, "movment"]))
    if draw(st.integers(0, 9)) == 5:
        data["dice"] = draw(
            st.lists(st.integers(0, 7), max_size=4) if draw(st.integers(0, 3)) else SCALARS
        )
    if draw(st.integers(0, 9)) == 5:
        data = draw(mutated(data, 2))
    return data


# ------------------------------------------------------------------------- running
class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True  # a value met twice is written twice (no &anchor: the loader refuses)


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True)


def _write(path: Path, data: Any) -> Path:
    path.write_text(data if isinstance(data, str) else _dump(data), encoding="utf-8")
    return path


def _clean(run: Run, what: str) -> None:
    assert run.code in DOCUMENTED, f"{what}: exit {run.code}\n{run.err}"
    assert "Traceback" not in run.err + run.out, f"{what}:\n{run.err}"
    assert "internal error" not in run.err, f"{what}:\n{run.err}"


def agree(work: Path, state: Any, orders: Any, *extra: str) -> int:
    """Validate and dry-run adjudicate the same pair: clean, and the same exit code."""
    s = _write(work / "state.yaml", state)
    o = _write(work / "orders.yaml", orders)
    checked = referee("validate", str(s), str(o), *extra)
    _clean(checked, "validate")
    applied = referee("adjudicate", "--dry-run", str(s), str(o), *extra)
    _clean(applied, "adjudicate --dry-run")
    assert checked.code == applied.code, (
        f"validate exits {checked.code}, adjudicate {applied.code}\n"
        f"validate: {checked.err}\nadjudicate: {applied.err}"
    )
    return checked.code


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile")


# --------------------------------------------------------------------------- tests
@SETTINGS
@given(data=st.data())
def test_mutated_states(work: Path, data: st.DataObject) -> None:
    base = data.draw(st.sampled_from([*BASES, SAMPLE_STATE, ENDGAME]), label="base")
    state = data.draw(mutated(base), label="state")
    agree(work, state, data.draw(orders_for(base), label="orders"))


@SETTINGS
@given(data=st.data())
def test_random_orders_of_every_phase(work: Path, data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(BASES), label="base")
    agree(work, base, data.draw(orders_for(base), label="orders"))


@settings(SETTINGS, max_examples=_EXPLORE or 15)
@given(data=st.data())
def test_mutated_sample_orders(work: Path, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(SAMPLE_ORDERS)), label="orders file")
    orders = data.draw(mutated(SAMPLE_ORDERS[name]), label="orders")
    agree(work, SAMPLE_STATE, orders)


def _hex_places(state: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every place a hex goes in a state."""
    places: list[tuple[Any, ...]] = [("map", "hexsides", 0, "between", 0), ("map", "roads", 0, 1)]
    for side_id, side in state["sides"].items():
        base = ("sides", side_id)
        places.append((*base, "camp", "at"))
        for i, _ in enumerate(side["units"]):
            places.append((*base, "units", i, "at"))
        for i, _ in enumerate(side["leaders"]):
            places.append((*base, "leaders", i, "at"))
        places.append((*base, "entry_points"))
    return places


@SETTINGS
@given(data=st.data())
def test_bad_hexes_and_broken_references(work: Path, data: st.DataObject) -> None:
    state = copy.deepcopy(data.draw(st.sampled_from(BASES), label="base"))
    red, blue = state["sides"]["red"], state["sides"]["blue"]
    kind = data.draw(
        st.sampled_from(
            [
                "hex",
                "terrain_key",
                "entry",
                "attach",
                "attach_other",
                "duplicate",
                "stack",
                "detachment",
                "activation",
                "engagement",
                "off_map",
            ]
        ),
        label="kind",
    )
    bad = data.draw(BAD_HEXES, label="bad hex")
    if kind == "hex":
        place = data.draw(st.sampled_from(_hex_places(state)), label="place")
        if place[-1] == "entry_points":
            _parent(state, place)[place[-1]] = [bad]
        else:
            _parent(state, place)[place[-1]] = bad
    elif kind == "terrain_key":
        state["map"]["terrain"] = {bad if isinstance(bad, str | int) else "x": "wood"}
    elif kind == "entry":
        red["entry_points"] = [data.draw(st.sampled_from(["0500", "0509", "0000", "1100", "0505"]))]
    elif kind == "attach":
        red["leaders"][0]["attached_to"] = data.draw(IDS)
        red["leaders"][0]["at"] = None
    elif kind == "attach_other":
        red["leaders"][0]["attached_to"] = "B1"
    elif kind == "duplicate":
        blue["units"].append(dict(copy.deepcopy(red["units"][0]), at="0707"))
    elif kind == "stack":
        blue["units"][0]["at"] = red["units"][0]["at"]
    elif kind == "detachment":
        red["units"][0]["traits"] = [f"detachment_of:{data.draw(IDS)}"]
    elif kind == "activation":
        red["activations"] = [{"leader": data.draw(IDS), "units": [data.draw(IDS)]}]
    elif kind == "engagement":
        state["engagements"] = [
            {
                "attacker": data.draw(IDS),
                "target": data.draw(IDS),
                "kind": "melee",
                "through": "rear",
                "charge": False,
            }
        ]
    else:
        state["map"]["columns"] = data.draw(st.sampled_from([1, 2, 3]))
    agree(work, state, data.draw(orders_for(state), label="orders"))


@settings(SETTINGS, max_examples=_EXPLORE or 25)
@given(data=st.data())
def test_broken_yaml_text(work: Path, data: st.DataObject) -> None:
    """The text itself damaged: cut, a character inserted or removed."""
    base = data.draw(st.sampled_from(BASES[:4]), label="base")
    text = _dump(base)
    orders = _dump(data.draw(orders_for(base)))
    which = data.draw(st.booleans(), label="damage the state")
    target = text if which else orders
    at = data.draw(st.integers(0, len(target)), label="at")
    op = data.draw(st.sampled_from(["cut", "insert", "delete"]), label="op")
    if op == "cut":
        target = target[:at]
    elif op == "insert":
        target = (
            target[:at]
            + data.draw(
                st.sampled_from(
                    [
                        "[",
                        "{",
                        "]",
                        ":",
                        "- ",
                        "&a ",
                        "*a",
                        "!!int ",
                        "!!binary ",
                        "\t",
                        "'",
                        '"',
                        "\n  ",
                        "#",
                        "%YAML 1.1\n",
                        "---\n",
                        "? ",
                        "|",
                        "\x85",
                        "\ufeff",
                    ]
                )
            )
            + target[at:]
        )
    else:
        target = target[:at] + target[at + 1 :]
    agree(work, target if which else text, orders if which else target)


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * 100_000 + "]" * 100_000,
        "- " * 100_000 + "x",
        "? " * 100_000 + "x",
        "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 400)),
    ],
)
def test_deep_nesting_in_a_child_process(tmp_path: Path, text: str) -> None:
    """Deep nesting used to kill the process (libyaml's composer recurses in C): run in
    a child so that a regression fails this test instead of the whole suite."""
    state = _write(tmp_path / "s.yaml", text)
    orders = _write(
        tmp_path / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "orders": [],
        },
    )
    for args in (
        ["validate", str(state), str(orders)],
        ["adjudicate", "--dry-run", str(state), str(orders)],
    ):
        run = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert run.returncode == 3, (args, run.returncode, run.stderr)
        assert "nested more than" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize(
    "text",
    [
        "[" * 1_000_000,
        "x: 2024-13-45\n",
        "x: !!timestamp nonsense\n",
        "x: !!bool maybe\n",
        "x: !!int abc\n",
        "x: " + "9" * 5000 + "\n",
        "{1: 2, 1.5: 3, null: 4, 2024-01-01: 5}\n",
    ],
)
def test_values_the_yaml_loader_cannot_build(tmp_path: Path, text: str) -> None:
    orders = {
        "format": "referee-orders/1",
        "turn": 1,
        "player": "red",
        "phase": "activation",
        "orders": [],
    }
    assert agree(tmp_path, text, orders) == 3
    assert agree(tmp_path, small_state(), text) == 3


HOUSE_RULES = {
    "format": "referee-house-rules/1",
    "base": "thucidide",
    "terrain": {"wood": {"cost": 3, "source": "interpretation: club rule"}},
    "combat": {"evasion_distance": {"value": 1, "source": "interpretation: x"}},
    "activation": {
        "bands": [{"max_army_units": 9, "activations": 1, "max_units": 3, "source": "x"}]
    },
}


@settings(SETTINGS, max_examples=_EXPLORE or 15)
@given(data=st.data())
def test_hostile_house_rules(work: Path, data: st.DataObject) -> None:
    rules = data.draw(mutated(HOUSE_RULES, 2), label="house rules")
    path = _write(work / "house.yaml", rules)
    base = data.draw(st.sampled_from(BASES), label="base")
    agree(work, base, data.draw(orders_for(base), label="orders"), "--house-rules", str(path))
    for args in (["show", str(work / "state.yaml")], ["rulesets", "thucidide"]):
        _clean(referee(*args, "--house-rules", str(path)), " ".join(args))
    # recorded in the state by an earlier game start: read from there too
    state = dict(
        base,
        house_rules={k: v for k, v in rules.items() if k not in ("format", "base")}
        if isinstance(rules, dict)
        else rules,
    )
    agree(work, state, data.draw(orders_for(base), label="orders"))


@pytest.mark.parametrize(
    "seed", [b"", b"  \n", b"\xff\xfe\x00", b"seed", b"x" * 100_000, "dé".encode()]
)
def test_hostile_seed_files(tmp_path: Path, seed: bytes) -> None:
    import hashlib

    state = small_state()
    state["phase"] = "combat"
    state["dice"] = {"mode": "commit", "commitment": hashlib.sha256(b"seed").hexdigest()}
    orders = {
        "format": "referee-orders/1",
        "turn": 1,
        "player": "red",
        "phase": "combat",
        "orders": ["R1 melee B1"],
    }
    seed_path = tmp_path / "seed.txt"
    seed_path.write_bytes(seed)
    for seed_arg in (str(seed_path), str(tmp_path), str(tmp_path / "missing.txt")):
        agree(tmp_path, state, orders, "--seed-file", seed_arg)


def test_dates_and_odd_keys_are_located_not_crashes(tmp_path: Path) -> None:
    state = small_state()
    state["game"] = datetime.date(2024, 1, 1)
    state["house_rules"] = {1: 2, "terrain": {"wood": {"cost": datetime.date(2024, 1, 1)}}}
    state["history"] = [{"index": 0, "x": b"\x00"}]
    s = _write(tmp_path / "s.yaml", state)
    run = referee("validate", str(s))
    assert run.code == 3, run.err
    # the loader refuses dates and binary anywhere (docs/hostile.md), each with its path
    for words in (
        "game: a date or time (2024-01-01) is not accepted",
        "house_rules.terrain.wood.cost: a date or time",
        "history[0].x: binary: not accepted",
    ):
        assert words in run.err, run.err
    assert len(run.err.splitlines()) == 3
    # and once they are gone, the spec says what else is wrong
    state["game"], state["house_rules"]["terrain"]["wood"]["cost"] = "g", 2
    state["history"] = [{"index": 0, "x": "y"}]
    run = referee("validate", str(_write(tmp_path / "s.yaml", state)))
    assert run.code == 3 and "house_rules.1: a key must be text" in run.err, run.err

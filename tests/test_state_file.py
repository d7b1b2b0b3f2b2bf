"""The state and orders files are declared once (``referee.core.state_file.StateFile``, the
orders' declarations of ``referee.core.orders``): the readers,
the writer, the JSON Schema (checked with the real ``jsonschema`` validator) and
``docs/formats.md`` all agree with that description, on every key."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec import inspect as mi
from problemkit import hint as said_hint
from problemkit import said

from clikit import ROOT, SAMPLES, referee, small_state, write
from referee.core.errors import BadText
from referee.core.model import LEADER_STATUSES, REACTIONS, TRAITS, UNIT_STATUSES
from referee.core.orders import ANY_PHASE_FILE, ORDER_BY_PHASE, orders_file, read_orders
from referee.core.state_file import StateFile
from referee.core.typed import _fits, _unwrap
from referee.core.typed import problems as typed_problems
from referee.io.schema import KINDS, schema_of
from referee.io.state import read_state, write_state
from referee.io.yamlio import load_file

DOC = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "tools"))
try:  # the key reference docs/formats.md is made of
    import make_formats_doc
    from make_formats_doc import description, key_name
    from make_formats_doc import walk as typed_walk
finally:
    sys.path.pop(0)


# ------------------------------------------------------------------ a state with every key
DICE_BY_MODE: dict[str, dict[str, Any]] = {
    "open": {"mode": "open", "seed": "s33d"},
    "commit": {"mode": "commit", "commitment": "ab" * 32},
    "two-party": {
        "mode": "two-party",
        "parties": {
            "red": {"commitment": "cd" * 32, "length": 1000, "revealed": 2, "last": "ef" * 32},
            "blue": {"commitment": "01" * 32, "length": 500, "revealed": 0, "last": "01" * 32},
        },
    },
}


def full_state(mode: str = "open") -> dict[str, Any]:
    """A state that gives every key of the spec a value other than its default (the
    dice settings of each mode in turn: open, commit, two-party)."""
    data = small_state()
    data["ruleset"] = {"name": "thucidide", "version": "1"}
    data["dice"] = DICE_BY_MODE[mode]
    data["result"] = {"outcome": "broken", "broken": ["blue"], "turn": 3, "phase": "combat"}
    data["house_rules"] = {"terrain": {"wood": {"cost": 3}}}
    data["map"]["default_terrain"] = "rough"
    data["engagements"] = [
        {"attacker": "R1", "target": "B1", "kind": "shooting", "through": "flank", "charge": False}
    ]
    sha, sig = "ab" * 32, "cd" * 64
    data["history"] = [
        {"index": 0, "phase": "start", "note": {"deep": [1, 2]}},
        {
            **{"index": 1, "phase": "rollback", "turn": 2, "player": "red", "game": "g"},
            **{"initial": ["b85:abc"], "orders": ["R1 0304", {"unit": "R1"}], "to": 0},
            **{"orders_z": ["b85:xyz"], "dice": "two-party", "rolls": ["1263"], "refused": 1},
            **{"losses": {"red": 2}, "choices": {"red": {"B1": "x"}}, "reveals": {"red": sha}},
            **{"orders_hash": sha, "signed": sig, "signed_at": sha, "nobody_decides": True},
            **{"key": sha, "sig": sig, "by": "red", "commitment": sha, "length": 10},
            **{"state_hash": sha, "prev_hash": sha, "hash": sha},
        },
    ]
    red = data["sides"]["red"]
    red.update(
        name="Red army",
        exits=["N", "E"],
        entry_points=["0500"],
        order_tokens=2,
        camp={"at": "0508", "fortified": True, "taken": True},
    )
    red["leaders"] = [
        {
            "id": "RG",
            "name": "Red general",
            "rank": "sub_general",
            "command_value": 3,
            "at": "0507",
            "weight": "heavy",
            "vehicle": True,
            "attached_to": "R1",
            "status": ["fleeing"],
        }
    ]
    unit = {
        "id": "R1",
        "name": "First",
        "type": "infanterie",
        "weight": "medium",
        "at": "0305",
        "facing": "SW",
        "cohesion": {"current": 2, "max": 3},
        "factors": {"shooting": 1, "range": 2, "assault": 3, "melee": 4},
        "traits": ["detachment_of:R2", "impetuous"],
        "status": ["activated", "moved"],
        "moved_hexes": 2,
        "reaction": "evade",
        "flank_march": True,
    }
    red["units"][0] = unit
    red["off_table"] = [dict(copy.deepcopy(unit), id="R5", at="0500", facing="NE")]
    red["removed"] = [
        {
            "unit": dict(copy.deepcopy(unit), id="R6", at="0306"),
            "why": "left_table",
            "turn": 2,
            "phase": "rout",
        }
    ]
    red["activations"] = [{"leader": "RG", "units": ["R1", "R2"]}]
    return data


def _pairs(
    t: Any, a: Any, b: Any, path: str, out: list[tuple[str, Any, Any]], words: bool = False
) -> None:
    """(declared path, value in ``a``, value at the same place in ``b``) for every place
    ``a`` gives a value to; ``words``: into lists of words too."""
    if a is None:
        return
    if path:
        out.append((path, a, b))
    t, _ = _unwrap(t)
    if isinstance(t, mi.UnionType):
        options = [o for o in t.types if _fits(o, a)]
        for option in options[:1]:
            out.pop() if path else None
            _pairs(option, a, b, path, out, words)
    elif isinstance(t, mi.StructType) and isinstance(a, dict):
        for f in t.fields:
            if f.encode_name in a:
                k = f.encode_name
                there = b.get(k) if isinstance(b, dict) else None
                _pairs(f.type, a[k], there, f"{path}.{k}" if path else k, out, words)
    elif (
        isinstance(t, mi.DictType) and isinstance(a, dict) and type(t.value_type) is not mi.AnyType
    ):
        for k, v in a.items():
            there = b.get(k) if isinstance(b, dict) else None
            _pairs(t.value_type, v, there, f"{path}.<{key_name(t)}>", out, words)
    elif (
        isinstance(t, mi.VarTupleType | mi.ListType)
        and isinstance(a, list)
        and (words or not all(isinstance(x, str) for x in a))  # (words: compared whole)
    ):
        for i, v in enumerate(a):
            there = b[i] if isinstance(b, list) and i < len(b) else None
            _pairs(t.item_type, v, there, f"{path}[]", out, words)


def test_the_full_state_is_valid_and_complete() -> None:
    given: set[str] = set()
    for mode in DICE_BY_MODE:
        data = full_state(mode)
        assert typed_problems(StateFile, data) == []
        pairs: list[tuple[str, Any, Any]] = []
        _pairs(mi.type_info(StateFile), data, None, "", pairs, words=True)
        given |= {p for p, _, _ in pairs}
    missing = [p for p, _, _ in typed_walk(StateFile) if p not in given]
    assert missing == [], "full_state() lacks these keys: " + ", ".join(missing)


def test_every_state_key_is_read_and_written_back() -> None:
    """Each key of the spec: the reader reads it (its value reaches the model) and the
    writer writes it back, unchanged, in the same place."""
    seen = set()
    for mode in DICE_BY_MODE:
        data = full_state(mode)
        state, problems = read_state(data)
        assert problems == [] and state is not None
        written = json.loads(json.dumps(write_state(state)))
        pairs: list[tuple[str, Any, Any]] = []
        _pairs(mi.type_info(StateFile), data, written, "", pairs)
        for path, before, after in pairs:
            seen.add(path)
            if isinstance(before, dict) and not path.startswith(("history", "house_rules")):
                assert isinstance(after, dict), path
                continue  # a mapping: its keys are compared one by one
            if isinstance(before, list) and not all(isinstance(x, str) for x in before):
                assert isinstance(after, list) and len(after) == len(before), path
                continue  # a list of records: compared record by record
            if isinstance(before, list) and all(isinstance(x, str) for x in before):
                if path.endswith((".traits", ".status")):  # sets of words
                    before, after = sorted(before), sorted(after or [])
                if before:  # each word of a list of words: read, written back
                    seen.add(f"{path}[]")
            assert after == before, (path, before, after)
    missing = [p for p, _, _ in typed_walk(StateFile) if p not in seen]
    assert missing == [], "not compared: " + ", ".join(missing)


def test_the_writer_writes_nothing_the_spec_does_not_know() -> None:
    state, _ = read_state(full_state())
    assert state is not None
    assert typed_problems(StateFile, json.loads(json.dumps(write_state(state)))) == []


@pytest.mark.parametrize("phase", sorted(ORDER_BY_PHASE))
def test_every_order_key_is_read(phase: str) -> None:
    """Each key of a phase's order mapping reaches the parsed order."""
    from referee.core.orders import parse_order

    full = {
        "activation": {"leader": "RG", "units": ["R1", "R2"]},
        "movement": {
            "unit": "R1",
            "path": ["0304", "0303"],
            "face": "S",
            "road": True,
            "mounted": True,
        },
        "combat": {"unit": "R1", "target": "B1", "kind": "shooting"},
        "rout": {"unit": "R1", "choose": "B1"},
        "pursuit": {"unit": "R1", "pursue": False, "supports": ["R2"], "face": "B1"},
    }
    raw = full[phase]
    paths = [p for p, _, _ in typed_walk(ORDER_BY_PHASE[phase]) if "[]" not in p and p != "to"]
    assert sorted(paths) == sorted(raw), "the test gives every key of the phase's orders"
    order = parse_order(phase, raw)
    expected = {
        "activation": {"leader": "RG", "units": ("R1", "R2")},
        "movement": {
            "unit": "R1",
            "path": ("0304", "0303"),
            "face": "S",
            "road": True,
            "mounted": True,
        },
        "combat": {"unit": "R1", "target": "B1", "kind": "shooting"},
        "rout": {"unit": "R1", "choice": "B1"},
        "pursuit": {"unit": "R1", "pursue": False, "supports": ("R2",), "face_enemy": "B1"},
    }[phase]
    for attr, want in expected.items():
        got = getattr(order, attr)
        if attr == "path":
            got = tuple(h.label() for h in got)
        if attr == "face":
            got = got.name
        assert got == want, (phase, attr, got)
    if phase == "movement":  # `to`, the other way to move (not with path)
        to = parse_order(phase, {"unit": "R1", "to": "0303"}).to  # type: ignore[union-attr]
        assert to is not None and to.label() == "0303"
    with pytest.raises(BadText) as bogus:
        parse_order(phase, dict(raw, bogus=1))
    assert said(bogus.value).startswith("bogus: unknown key")


def test_every_key_has_a_description() -> None:
    for tp in (StateFile, ANY_PHASE_FILE, *ORDER_BY_PHASE.values()):
        for path, t, f in typed_walk(tp):
            assert description(t, f), f"{tp.__name__}: {path} has no description"


def test_every_key_is_documented_in_formats_md() -> None:
    for path, _, _ in typed_walk(StateFile):
        assert f"| `{path}` |" in DOC, path
    for phase, tp in ORDER_BY_PHASE.items():
        for path, _, _ in typed_walk(tp, "orders[]"):
            assert f"| `{path}` |" in DOC, (phase, path)
    for words in (TRAITS, UNIT_STATUSES, LEADER_STATUSES, REACTIONS):
        for word in words:
            assert f"| `{word}` |" in DOC, word


def test_formats_md_is_up_to_date() -> None:
    assert make_formats_doc.render(DOC) == DOC, (
        "docs/formats.md is out of date: run python tools/make_formats_doc.py"
    )


def test_the_words_are_what_the_engine_reads() -> None:
    """Every trait and status word the engine tests is in the canonical lists (and so
    accepted by the reader); a word added in the engine must be added there."""
    import re

    core = ROOT / "referee" / "core"
    text = "\n".join(p.read_text(encoding="utf-8") for p in core.rglob("*.py"))
    traits = set(re.findall(r'\.has\("([a-z_]+)"\)', text))
    traits |= set(re.findall(r'"([a-z_]+)" (?:not )?in [a-z_.]*\.traits', text))
    assert traits and traits <= set(TRAITS), traits - set(TRAITS)
    statuses = set(re.findall(r'"([a-z_]+)" (?:not )?in [a-z_.]*\.status\b', text))
    statuses |= set(
        re.findall(r'with_status\(((?:"[a-z_]+",? ?)+)', text)
        and re.findall(r'"([a-z_]+)"', " ".join(re.findall(r"with_status\(([^)]*)\)", text)))
    )
    known = set(UNIT_STATUSES) | set(LEADER_STATUSES)
    assert statuses and statuses <= known, statuses - known


# ---------------------------------------------------------------------- JSON Schema
_VALIDATORS: dict[str, jsonschema.Draft202012Validator] = {}


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    if kind not in _VALIDATORS:
        schema = schema_of(kind)
        jsonschema.Draft202012Validator.check_schema(schema)
        _VALIDATORS[kind] = jsonschema.Draft202012Validator(schema)
    return _VALIDATORS[kind]


def _as_json(data: Any) -> Any:
    """The data as JSON would carry it (text keys)."""
    return json.loads(json.dumps(data))


SAMPLE_STATES = sorted(p for p in SAMPLES.glob("*.yaml") if "orders" not in p.name)
SAMPLE_ORDERS = sorted(SAMPLES.glob("*orders*.yaml"))


@pytest.mark.parametrize("path", SAMPLE_STATES + SAMPLE_ORDERS, ids=lambda p: p.name)
def test_jsonschema_accepts_every_sample(path: Path) -> None:
    kind = "orders" if "orders" in path.name else "scenario" if "scenario" in path.name else "state"
    data = load_file(str(path)).data
    errors = [e.message for e in _validator(kind).iter_errors(_as_json(data))]
    assert errors == []


def _typo(kind: str) -> list[tuple[str, Any, str, str]]:
    """(kind, data, path of the problem, hint) for each typo of the issue."""
    state = small_state()
    impetous = copy.deepcopy(state)
    impetous["sides"]["red"]["units"][0]["traits"] = ["impetous"]
    cohesoin = copy.deepcopy(state)
    unit = cohesoin["sides"]["red"]["units"][0]
    unit["cohesoin"] = unit.pop("cohesion")
    status = copy.deepcopy(state)
    status["sides"]["red"]["units"][0]["status"] = ["disorderd"]
    leader = copy.deepcopy(state)
    leader["sides"]["red"]["leaders"][0]["status"] = ["kiled"]
    react = copy.deepcopy(state)
    react["sides"]["red"]["units"][0]["reaction"] = "evad"
    rank = copy.deepcopy(state)
    rank["sides"]["red"]["leaders"][0]["rank"] = "generale"
    phase = dict(copy.deepcopy(state), phase="movment")
    facing = copy.deepcopy(state)
    facing["sides"]["red"]["units"][0]["facing"] = "NNE"
    edge = copy.deepcopy(state)
    edge["sides"]["red"]["edge"] = "SS"
    orders = {
        "format": "referee-orders/1",
        "turn": 1,
        "player": "red",
        "phase": "movement",
        "orders": [{"unit": "R1", "pth": ["0304"]}],
    }
    return [
        ("state", impetous, "sides.red.units[0].traits[0]", "did you mean impetuous?"),
        ("state", cohesoin, "sides.red.units[0].cohesoin", "did you mean cohesion?"),
        ("state", status, "sides.red.units[0].status[0]", "did you mean disordered?"),
        ("state", leader, "sides.red.leaders[0].status[0]", "did you mean killed?"),
        ("state", react, "sides.red.units[0].reaction", "did you mean evade?"),
        ("state", rank, "sides.red.leaders[0].rank", "did you mean general?"),
        ("state", phase, "phase", "did you mean movement?"),
        ("state", facing, "sides.red.units[0].facing", "did you mean NE?"),
        ("state", edge, "sides.red.edge", "did you mean S?"),
        ("orders", orders, "orders[0].pth", "did you mean path?"),
    ]


TYPOS = _typo("")


@pytest.mark.parametrize(("kind", "data", "where", "hint"), TYPOS, ids=[t[2] for t in TYPOS])
def test_each_typo_is_refused_by_the_reader_the_schema_and_the_cli(
    tmp_path: Path, kind: str, data: Any, where: str, hint: str
) -> None:
    reader = read_state if kind == "state" else read_orders
    value, problems = reader(data)
    assert value is None
    assert (where, hint) in [(p.path, said_hint(p)) for p in problems]
    assert not _validator(kind).is_valid(_as_json(data))
    state = write(tmp_path / "s.yaml", data if kind == "state" else small_state())
    files = [str(state)] + ([str(write(tmp_path / "o.yaml", data))] if kind == "orders" else [])
    run = referee("validate", *files)
    assert run.code == 3
    assert f": {where}: " in run.err and hint in run.err, run.err


def test_unknown_ids_in_orders_get_a_did_you_mean(tmp_path: Path) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    orders = write(
        tmp_path / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "orders": ["activate RG: R1 R22"],
        },
    )
    run = referee("validate", str(state), str(orders))
    assert run.code == 3
    assert "orders[0]: no unit or leader 'R22' in the game (did you mean R2?)" in run.err


def test_ruleset_words_get_a_did_you_mean(tmp_path: Path) -> None:
    data = small_state()
    data["map"]["terrain"]["0404"] = "woods"
    data["map"]["hexsides"][0]["type"] = "rivre"
    data["sides"]["red"]["units"][0]["type"] = "infantrie"
    run = referee("validate", str(write(tmp_path / "s.yaml", data)))
    assert run.code == 3
    for words in (
        "map.terrain.0404: unknown terrain 'woods' in thucidide (did you mean wood?)",
        "map.hexsides[0].type: unknown hexside feature 'rivre' in thucidide (did you mean river?)",
        "sides.red.units[0].type: unknown unit type 'infantrie' in thucidide (did "
        "you mean infanterie?)",
    ):
        assert words in run.err, run.err


def test_schema_kinds_registry() -> None:
    assert {"state", "orders"} <= set(KINDS)
    for name in KINDS:
        assert referee("schema", name).code == 0
    state = schema_of("state")
    unit = state["properties"]["sides"]["additionalProperties"]["properties"]["units"]
    unit = unit["anyOf"][0]["items"]
    assert unit["additionalProperties"] is False
    traits = unit["properties"]["traits"]["anyOf"][0]["items"]["anyOf"][0]["enum"]
    assert set(traits) == set(TRAITS)


# ---------------------------------------------- the schema says what the reader says
SHAPES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 200),
        st.sampled_from(
            [
                "",
                "0507",
                "N",
                "R1",
                "impetuous",
                "impetous",
                "movement",
                "light",
                "x",
                "12",
                "detachment_of:R1",
                "referee-orders/1",
            ]
        ),
    ),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["id", "at", "unit", "path", "x", "current", "max", "R1"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=5,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def _mutated(draw: st.DrawFn, base: Any) -> Any:
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 2))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(SHAPES)
    return data


ORDERS_BASES = [load_file(str(p)).data for p in SAMPLE_ORDERS]


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_the_json_schema_and_the_reader_agree(data: st.DataObject) -> None:
    """On files damaged at random, the JSON Schema accepts exactly what the reader's
    shape check accepts (the rules that tie keys together, such as cohesion current
    at most max, are the reader's alone)."""
    kind = data.draw(st.sampled_from(["state", "orders"]))
    base = small_state() if kind == "state" else data.draw(st.sampled_from(ORDERS_BASES))
    value = _as_json(data.draw(_mutated(base)))
    schema_ok = _validator(kind).is_valid(value)
    if kind == "state":
        problems = typed_problems(StateFile, value, rules=False)
    else:
        problems = typed_problems(orders_file(value), value, rules=False)
    assert schema_ok == (problems == []), problems


@pytest.fixture(scope="module")
def pbem_bases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A mail's body and a ledger as the referee writes them (``referee pbem new``: the
    invitation, its scenario cut to two lines so that damage falls elsewhere too), and
    a reveal file."""
    from referee.core.pbemfiles import REVEAL_FORMAT
    from referee.io.mail import load_document

    work = tmp_path_factory.mktemp("pbem")
    scenario = str(SAMPLES / "quickstart-scenario.yaml")
    run = referee("pbem", "new", scenario, "--side", "greeks", "--dir", str(work / "A"))
    assert run.code == 0, run.err
    mail = load_document(str(work / "A" / "outbox" / "001-invitation.eml")).data
    mail["scenario"] = mail["scenario"][:2]
    ledger = json.loads((work / "A" / "ledger.json").read_text(encoding="utf-8"))
    reveal = {
        "format": REVEAL_FORMAT,
        **{"game": "g", "turn": 1, "player": "a", "phase": "combat", "by": "b", "index": 1},
        **{k: "0" * 64 for k in ("after", "orders", "reveal")},
    }
    return {"mail": mail, "ledger": ledger, "reveal": reveal}


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_the_json_schemas_and_the_readers_of_the_pbem_files_agree(
    pbem_bases: dict[str, Any], data: st.DataObject
) -> None:
    """The same for a mail's body, a ledger and a reveal file (referee.core.pbemfiles)."""
    from referee.core.pbemfiles import Ledger, MailFile, RevealFile

    kind = data.draw(st.sampled_from(["mail", "ledger", "reveal"]))
    value = _as_json(data.draw(_mutated(pbem_bases[kind])))
    declared = {"mail": MailFile, "ledger": Ledger, "reveal": RevealFile}[kind]
    problems = typed_problems(declared, value, rules=False)
    assert _validator(kind).is_valid(value) == (problems == []), problems


SHA_A, SHA_B = "ab" * 32, "cd" * 32
DICE_RULES = [
    ({"mode": "open"}, "dice.seed: is missing (open mode needs a seed"),
    ({"mode": "commit", "commitment": SHA_A, "seed": "x"}, "dice.seed: must not be in the file"),
    ({"mode": "commit", "commitment": "zz"}, "dice.commitment: must be the SHA-256 of the seed"),
    ({"mode": "physical", "seed": "x"}, "dice.seed: has no use in physical mode"),
    ({"mode": "two-party", "commitment": SHA_A}, "dice.commitment: has no use in two-party"),
    ({"mode": "open", "seed": "s", "parties": {}}, "dice.parties: is only for two-party mode"),
    (
        {
            "mode": "two-party",
            "parties": {"red": {"commitment": SHA_A, "length": 3, "revealed": 4}},
        },
        "dice.parties.red.revealed: must be between 0 and the length (3)",
    ),
    (
        {
            "mode": "two-party",
            "parties": {"red": {"commitment": SHA_A, "length": 3, "last": SHA_B}},
        },
        "dice.parties.red.last: must be the commitment while nothing is revealed",
    ),
]


@pytest.mark.parametrize(("dice", "said"), DICE_RULES, ids=[s.split(":")[0] for _, s in DICE_RULES])
def test_what_each_dice_mode_needs_is_declared_with_the_dice(
    tmp_path: Path, dice: dict[str, Any], said: str
) -> None:
    """The dice settings' rules (docs/pbem.md) live on their declaration (``Dice.rules``,
    ``Party.rules``): located, in the catalogue's words, and a good file still reads."""
    run = referee("validate", str(write(tmp_path / "s.yaml", {**small_state(), "dice": dice})))
    assert run.code == 3 and said in run.err, run.err
    good = {"mode": "two-party", "parties": {"red": {"commitment": SHA_A, "length": 3}}}
    state, problems = read_state({**small_state(), "dice": good})
    assert problems == [] and state is not None
    assert state.dice.parties[0].last == SHA_A  # the commitment while nothing is revealed


def test_a_bad_hash_is_said_in_the_language_asked(tmp_path: Path) -> None:
    """The hint of a malformed SHA-256 (a history entry's hash) is the catalogue's, not an
    English example of the declaration's (``hint.sha256_value``)."""
    state = small_state()
    state["dice"] = {"mode": "commit", "commitment": "ab" * 32}
    state["result"] = None
    entry = {"index": 0, "phase": "start", "hash": "zz"}
    path = write(tmp_path / "s.yaml", {**state, "history": [entry]})
    english = referee("validate", str(path))
    french = referee("validate", str(path), "--lang", "fr")
    assert english.code == french.code == 3
    assert (
        "history[0].hash: 'zz' is not written as expected (write it like \"3f9a...e1\""
        in english.err
    )
    assert "(l'écrire comme « 3f9a...e1 » (64 chiffres hexadécimaux)" in french.err
    assert "hex digits" not in french.err

"""The record's hashes (docs/pbem.md §Hashes): a state's hash moves with every field
of its file form (and the order of its sides), the cached hasher agrees with a fresh
one, and the history does not carry a second full copy of the initial position."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from clikit import small_state
from referee.core.orders import read_orders
from referee.io.state import read_state, write_state
from referee.io.yamlio import dump_state
from referee.play import StateHasher, dice_for, new_game_state, play, state_hash


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, (*path, i))
    else:
        yield path, data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _other(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if isinstance(value, str):
        return [value + "x", value[:-1] + "N", "0102", "S", "medium"]
    return ["x", 1]


def _played_state() -> dict[str, Any]:
    """A small game after a few phases: removed units, statuses, activations..."""
    state, _ = read_state(small_state())
    assert state is not None
    from referee.io.rulesets import load_ruleset

    rs = load_ruleset(state.ruleset)
    for phase, raw in (
        ("activation", ["activate RG: R1 R2"]),
        ("movement", ["R1 0304"]),
        ("combat", ["R1 melee B1"]),
    ):
        orders, _ = read_orders(
            {
                "format": "referee-orders/1",
                "turn": 1,
                "player": "red",
                "phase": phase,
                "orders": raw,
            }
        )
        assert orders is not None
        state = play(state, orders, rs, dice_for(state, orders)).state
    return write_state(state, with_history=False)


def test_every_field_of_the_position_moves_the_hash() -> None:
    base = _played_state()
    state, problems = read_state(dict(base))
    assert state is not None, problems
    reference = state_hash(state)
    tried = 0
    for path, value in _leaves(base):
        for candidate in _other(value):
            data = read_state_copy(base)
            _set(data, path, candidate)
            changed, problems = read_state(data)
            if changed is None or write_state(changed, with_history=False) == base:
                continue  # not a legal change, or one the reader normalises away
            tried += 1
            assert state_hash(changed) != reference, path
            break
    assert tried > 60
    # the order of the sides decides who plays first: it is hashed too
    data = read_state_copy(base)
    data["sides"] = dict(reversed(list(data["sides"].items())))
    swapped, _ = read_state(data)
    assert swapped is not None and state_hash(swapped) != reference


def read_state_copy(data: dict[str, Any]) -> dict[str, Any]:
    import copy

    return copy.deepcopy(data)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(["R1 0304", "R2 0404", "R1 0305", "R2 0405"]), max_size=2, unique=True)
)
def test_the_cached_hasher_agrees_with_a_fresh_one(moves: list[str]) -> None:
    state, _ = read_state(small_state())
    assert state is not None
    from referee.io.rulesets import load_ruleset

    rs = load_ruleset(state.ruleset)
    hasher = StateHasher()
    for phase, raw in (("activation", ["activate RG: R1 R2"]), ("movement", moves)):
        orders, _ = read_orders(
            {
                "format": "referee-orders/1",
                "turn": 1,
                "player": "red",
                "phase": phase,
                "orders": raw,
            }
        )
        assert orders is not None
        outcome = play(state, orders, rs, dice_for(state, orders), hasher)
        state = outcome.state
        assert hasher.state_hash(state) == state_hash(state) == state.history[-1]["state_hash"]


def test_the_cached_hasher_follows_units_removed_reordered_and_off_table() -> None:
    """Digests are reused only for the very record objects hashed before, wherever they
    stand in their list: removing, reordering or moving units off the table gives the
    hash a fresh hasher gives."""
    from msgspec.structs import replace

    state, _ = read_state(small_state())
    assert state is not None
    hasher = StateHasher()
    steps = [state]
    red = state.sides[0]
    moved = replace(red.units[0], moved_hexes=2)
    steps.append(
        replace(state, sides=(replace(red, units=(moved, *red.units[1:])), *state.sides[1:]))
    )
    steps.append(replace(state, sides=(replace(red, units=red.units[1:]), *state.sides[1:])))
    steps.append(replace(state, sides=(replace(red, units=red.units[::-1]), *state.sides[1:])))
    steps.append(
        replace(
            state,
            sides=(replace(red, units=red.units[1:], off_table=red.units[:1]), *state.sides[1:]),
        )
    )
    steps.append(replace(state, sides=state.sides[::-1]))
    steps.append(state)
    for step in steps:
        assert hasher.state_hash(step) == state_hash(step)
    assert len({state_hash(s) for s in steps}) == len(steps) - 1  # the first is the last


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["name", "edge", "exits", "leader"]),
    st.text(
        alphabet=st.sampled_from(
            ['"', "\\", "\x00", "u", "0", ":", ",", "[", "]", "{", "}", "a", "é"]
        ),
        min_size=1,
        max_size=12,
    ),
)
def test_the_hashed_text_is_the_canonical_json_of_the_hash_data(where: str, text: str) -> None:
    """The position's text, written with the lists of digests joined in place, is
    ``canonical_json`` of what is hashed, whatever the file's own texts hold (a side
    whose name is the lists' place-holder falls back to encoding the whole)."""
    from msgspec.structs import replace

    from referee.play.hashing import canonical_json, sha256_text

    state, _ = read_state(small_state())
    assert state is not None
    red = state.sides[0]
    if where == "leader":
        red = replace(red, leaders=(replace(red.leaders[0], name=text), *red.leaders[1:]))
    else:
        red = replace(red, **{where: text if where != "exits" else (text,)})
    for changed in (
        replace(state, sides=(red, *state.sides[1:])),
        replace(state, sides=(*state.sides[1:], replace(red, id=text))),
    ):
        want = sha256_text(canonical_json(StateHasher().hash_data(changed)))
        hasher = StateHasher()
        assert hasher.state_hash(changed) == want
        assert hasher.state_hash(changed) == want  # digests reused


def test_a_long_replay_hashes_with_openssl_the_same() -> None:
    """From its BULK_AFTER-th position a hasher takes hashlib's SHA-256: the same
    digests as CPython's own."""
    from referee.play import hashing

    state, _ = read_state(small_state())
    assert state is not None
    hasher = StateHasher()
    first = hasher.state_hash(state)
    for _ in range(hashing.BULK_AFTER):
        assert hasher.state_hash(state) == first
    assert hasher._sha is not hashing.sha256
    assert first == StateHasher().state_hash(state)


def _generator() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "bench" / "generate.py"
    spec = importlib.util.spec_from_file_location("bench_generate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_history_of_the_first_phase_adds_less_than_a_tenth() -> None:
    """The start entry keeps the initial position compressed (columns, xz, base85) and
    thousands of orders are compressed too: a plain copy of the initial position made
    the file grow 88% with the first phase (issue 15). What the history adds to the
    file is measured apart from what the phase changed in the position (750 units
    moved here: their status and moved_hexes, about 6% more)."""
    b = _generator().battle("thucidide", units=1500, seed=3, phase="movement")
    before = len(dump_state(write_state(b.state)))
    orders, problems = read_orders(b.orders)
    assert orders is not None, problems
    started = new_game_state(b.state)
    after = play(started, orders, b.ruleset, dice_for(started, orders)).state
    whole = len(dump_state(write_state(after)))
    position = len(dump_state(write_state(after, with_history=False)))
    assert (whole - position) / before < 0.10, (whole, position, before)
    assert whole / before < 1.20


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=5)
    | st.sampled_from(["~table", "~cols", "~dict", "~enum", "~idx", "~parts", "~runs", "n"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(max_size=3)
            | st.sampled_from(["~table", "~cols", "~dict", "~enum", "~idx", "~parts", "~runs"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=25,
)


@settings(max_examples=80, deadline=None)
@given(_json)
def test_blobs_give_back_exactly_what_they_hold(data: Any) -> None:
    from referee.play.record import LINE, decode_blob, encode_blob

    lines = encode_blob(data)
    assert all(len(line) <= LINE for line in lines) and LINE <= 900
    assert decode_blob(lines) == data
    # the same keys in the same order (the order of the sides is who plays first)
    assert json.dumps(decode_blob(lines)) == json.dumps(data)
    assert list(decode_blob(encode_blob({"sides": {"b": 1, "a": 2}}))["sides"]) == ["b", "a"]


# values that are equal in Python but written differently (1, 1.0, true; 0.0, -0.0)
_alike = st.sampled_from([0, 1, 2, True, False, 1.0, 0.0, -0.0, None, "a", "b", "", "~enum"])


@settings(max_examples=120, deadline=None)
@given(
    st.lists(_alike | st.lists(_alike, max_size=3), min_size=14, max_size=70),
    st.lists(st.sampled_from(["R", "B"]), min_size=16, max_size=40),
)
def test_columns_of_few_values_give_back_each_value_as_written(
    column: list[Any], words: list[str]
) -> None:
    """A column of few distinct values is stored as those values and a character a row:
    each row comes back with its own type (never 1 for true, 0.0 for -0.0) and its own
    list, in tables too."""
    from referee.play.record import decode_blob, encode_blob

    rows = [
        {"id": f"U{i}", "status": v, "side": w}
        for i, (v, w) in enumerate(zip(column, words * 5, strict=False))
    ]
    mixed = [w if i % 3 else {"unit": w, "to": i} for i, w in enumerate(words)]
    mixed += [None, [1, True], {"~parts": "m"}, *column]
    for data in (column, {"units": rows}, [column, words], mixed):
        back = decode_blob(encode_blob(data))
        assert json.dumps(back) == json.dumps(data)
    back = decode_blob(encode_blob([["a"]] * 20))
    back[0].append("b")
    assert back[1] == ["a"]  # no two rows share a list


def test_a_column_of_distinct_values_is_written_in_fewer_characters() -> None:
    from referee.play.record import _columns

    units = [
        {"type": ["infantry", "cavalry"][i % 2], "status": [["moved"], []][i % 3 == 0]}
        for i in range(100)
    ]
    cols = _columns(units)
    assert cols["~cols"][0][1] == {"~enum": ["infantry", "cavalry"], "~idx": "!#" * 50}
    assert len(json.dumps(cols)) < len(json.dumps(units)) / 3


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["R", "B", "R0", "", "x-", "R1", "٣"]),
            st.integers(0, 12),
            st.integers(1, 30),
        ),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from(["", "R05", "R", "R٣", "007"]),
)
def test_numbered_names_come_back_as_written(runs: list[tuple[str, int, int]], odd: str) -> None:
    """Ids in runs (R1, R2... R40) are stored as runs, any other text as it is."""
    from referee.play.record import _columns, decode_blob, encode_blob

    ids = [f"{p}{n}" for p, first, count in runs for n in range(first, first + count)]
    for column in (ids, [*ids, odd], [odd, *ids]):
        assert decode_blob(encode_blob(column)) == column
        assert decode_blob(encode_blob({"units": [{"id": i} for i in column]})) == {
            "units": [{"id": i} for i in column]
        }
    many = [f"R{n}" for n in range(1, 501)]
    assert _columns(many) == {"~runs": ["R", 1, 500]}


def test_an_older_blob_holding_the_enum_key_reads_it_as_data() -> None:
    """``~enum`` columns exist since the base85 blobs: in a base64 blob (written before)
    a mapping with that key is the data it says."""
    import base64
    import lzma

    from referee.play.record import decode_blob

    data = {"~enum": ["x"], "~idx": "!!"}
    old = base64.b64encode(lzma.compress(json.dumps(data).encode())).decode()
    assert decode_blob([old]) == data


def test_a_crafted_blob_is_a_finding_not_a_crash(monkeypatch: Any) -> None:
    import base64
    import zlib

    import pytest

    from referee.io import blob
    from referee.play.record import decode_blob

    monkeypatch.setattr(blob, "MAX_BLOB_BYTES", 1 << 16)  # 32 MiB in use: the same code
    bomb = base64.b64encode(zlib.compress(b"[" + b"0," * (1 << 17) + b"0]", 9))
    text = bomb.decode()
    with pytest.raises(ValueError) as refused:
        decode_blob([text[i : i + 76] for i in range(0, len(text), 76)])
    assert isinstance(refused.value, blob.BlobRefused)
    assert refused.value.code == "record.too_large"

    def packed(data: object) -> list[str]:
        import lzma

        return [base64.b64encode(lzma.compress(json.dumps(data).encode())).decode()]

    tables = [
        {"~table": ["a"], "~cols": [[[5], [1]]], "n": 2},  # a row past the end
        {"~table": ["a"], "~cols": [[None, [1]]], "n": 2},  # a short column
        {"~table": ["a"], "~cols": [[]], "n": 1},  # not [present, column]
        {"~table": ["a", "b"], "~cols": [[None, [1]]], "n": 1},
        {"~table": ["a"], "~cols": [[["x"], [1]]], "n": 1},
        {"~table": ["a"], "~cols": [[None, [1]]], "n": "1"},
    ]
    for bad in (
        [""],
        ["!!!"],
        "text",
        [base64.b64encode(b"garbage").decode()],
        *(packed(t) for t in tables),
    ):
        with pytest.raises(ValueError):
            decode_blob(bad)

    def packed85(data: object) -> list[str]:
        import lzma

        return ["b85:" + base64.b85encode(lzma.compress(json.dumps(data).encode())).decode()]

    enums = [
        {"~enum": ["a"], "~idx": "!#"},  # a character past the values
        {"~enum": "a", "~idx": "!"},  # the values not a list
        {"~enum": ["a"], "~idx": ["!"]},  # the index not a text
        {"~enum": ["a"], "~idx": "!", "n": 1},  # another key
        {"~enum": ["a"] * 200, "~idx": "!"},  # more values than characters
        {"~parts": "ms", "~cols": [[{}], "a", []]},  # a part not a list
        {"~parts": "mx", "~cols": [[{}], [], []]},  # an unknown mark
        {"~parts": "mm", "~cols": [[{}], [], []]},  # a part too short
        {"~parts": "m", "~cols": [[{}], []]},
        {"~parts": ["m"], "~cols": [[{}], [], []]},
        {"~runs": ["R", 1]},  # not in threes
        {"~runs": ["R", 1, -2]},
        {"~runs": [1, 1, 2]},
        {"~runs": ["R", 1, True]},
        {"~runs": ["R", 0, 1 << 30]},  # past the rows a table may have
        {"~runs": ["R", 1, 2], "n": 2},
        {"~runs": ["R" * 1000, 0, 1 << 20]},  # a long name a million times
        {"~enum": [list(range(20))], "~idx": "!" * 100},
    ]  # a long list each row
    for bad in (
        ["b85:"],
        ['b85:""'],
        ["b85:0"],
        ["b85:" + base64.b85encode(b"junk").decode()],
        *(packed85(t) for t in enums),
    ):
        with pytest.raises(ValueError):
            decode_blob(bad)


def test_games_recorded_before_verify_and_hash_the_same() -> None:
    """tests/recorded/game-2026-11.yaml was written by the referee of November 2026
    (its start entry's ``initial`` holds the map, in base64 lines of 76 characters):
    it still verifies, and every position replayed hashes to what was recorded then."""
    from pathlib import Path

    from clikit import referee

    path = Path(__file__).parent / "recorded" / "game-2026-11.yaml"
    run = referee("verify", str(path))
    assert run.code == 0, run.out + run.err


def test_orders_blobs_of_older_files_still_read() -> None:
    """Before xz, ``orders_z`` was zlib in base64 lines of 76 characters."""
    import base64
    import json
    import zlib

    from referee.play.record import decode_blob

    orders = [{"unit": f"R{i}", "to": f"{i % 40 + 1:02d}{i % 30 + 1:02d}"} for i in range(500)]
    columns = {
        "~table": ["unit", "to"],
        "n": 500,  # as they were written: plain columns
        "~cols": [[None, [o[k] for o in orders]] for k in ("unit", "to")],
    }
    text = base64.b64encode(zlib.compress(json.dumps(columns).encode(), 9)).decode()
    assert decode_blob([text[i : i + 76] for i in range(0, len(text), 76)]) == orders


_record = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(_record)
def test_records_serialized_by_orjson_are_canonical_json(data: Any) -> None:
    """The state hash's records go through orjson on large games: the same bytes as
    canonical_json (numbers past 64 bits and lone surrogates fall back to it)."""
    from referee.play.hashing import _json_bytes, _orjson_bytes

    try:
        expected = _json_bytes(data)
    except UnicodeEncodeError:  # a lone surrogate: canonical_json cannot encode it either
        return
    assert _orjson_bytes()(data) == expected


def test_every_character_is_escaped_as_canonical_json_does() -> None:
    from referee.play.hashing import _json_bytes, _orjson_bytes

    dumps = _orjson_bytes()
    text = "".join(chr(c) for c in range(0x3000)) + "\u2028\u2029\ufeff\U0001f600"
    assert dumps({"k": text, text: [text]}) == _json_bytes({"k": text, text: [text]})

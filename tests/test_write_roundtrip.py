"""Every file the referee writes reads back identically, whatever the input held
(issue 16, part "writes"; docs/hostile.md §Writes).

The state writer (``referee.io.yamlio.dump_state``) is checked against the real loader
(``load_text``, every path it takes) on random data: long bare words as keys (a plain
key of 1,100 characters is one YAML readers refuse), whole-number keys, keys and
strings YAML would read as something else, characters YAML refuses, big integers up to
the 4,300 digits Python reads, lines past the e-mail limit. What the loader refuses
(an integer over 4,300 digits, a number that is not finite, a date, bytes, a set, a
key that is neither text nor a whole number, a lone surrogate) is a clean
``Unwritable`` from the writer (exit 3), never a file that does not read back. And
through the CLI: a valid house rule whose key is a bare word of 1,100 characters
(``write-long-key-house-rules.yaml``) goes into the game by ``adjudicate --in-place``,
and the game still loads, validates and verifies.
"""

from __future__ import annotations

import datetime
import math
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from clikit import SAMPLES, referee
from referee.errors import InvalidInput
from referee.io.yamlio import LINE_BYTES, Unwritable, dump_state, load_file, load_text

HOSTILE = Path(__file__).resolve().parent / "hostile"  # regression files (write-*)
LONG_WORD = "A" * 1100

_words = st.text(alphabet="abcxyzABCXYZ_-019", min_size=1, max_size=8)
_long = st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=6), st.integers(100, 600))
_long_words = st.builds(lambda s, n: s * n, _words, st.integers(128, 400))
_odd = st.sampled_from(
    [
        "yes",
        "No",
        "ON",
        "off",
        "y",
        "n",
        "null",
        "Null",
        "~",
        "",
        " ",
        "true",
        "False",
        "0507",
        "1208",
        "0x1f",
        "1e3",
        "1_000",
        "1:30",
        ".nan",
        ".inf",
        "-",
        "? a",
        "a: b",
        "#x",
        "a #b",
        "<<",
        "=",
        "!x",
        "&a",
        "*a",
        "%x",
        "@x",
        "`x",
        "'q'",
        '"q"',
        "2024-01-01",
        "2024-01-01 10:00:00",
        "a\nb",
        "a\\",
        "\ufeffx",
        "\u2028",
        "\x85",
        "\x00",
        "é" * 400,
        "\t",
        "x" * 1024,
        "x" * 1025,
    ]
)
# keys: text and whole numbers (die faces), what the loader gives (docs/hostile.md)
_keys = st.one_of(
    _words, _long_words, _odd, st.text(max_size=12), _long, st.integers(-(10**30), 10**30)
)
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(10**4299), 10**4299),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, -0.0, 1e16, 1e-7, 1e300, 0.1, 5e-324, 1.7976931348623157e308]),
    st.text(max_size=30),
    _odd,
    _long,
    _long_words,
)
_data = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(_keys, inner, max_size=5)),
    max_leaves=25,
)
_documents = st.dictionaries(_keys, _data, min_size=1, max_size=5)


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (``1`` is not ``True`` nor
    ``"1"``, a NaN is a NaN)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if type(a) is not type(b) and not (isinstance(a, list | tuple) and isinstance(b, list)):
        return False
    if isinstance(a, dict):
        return list(map(_key_id, a)) == list(map(_key_id, b)) and all(
            _same(va, vb) for va, vb in zip(a.values(), b.values(), strict=True)
        )
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and (not isinstance(a, float) or math.copysign(1, a) == math.copysign(1, b))


def _key_id(key: Any) -> Any:
    return ("nan",) if isinstance(key, float) and math.isnan(key) else (type(key), key)


def _reads_back(data: dict[Any, Any]) -> str:
    text = dump_state(data)
    back = load_text(text, "written.yaml").data
    assert _same(data, back), (data, back)
    # e-mail safe (docs/yaml.md): every line fits, but for an integer longer than a line
    # (a number cannot be broken; the loader reads up to 4,300 digits)
    assert all(
        len(line.encode("utf-8", "surrogatepass")) <= LINE_BYTES or re.search(r"-?\d{900}", line)
        for line in text.split("\n")
    )
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@example({"orders": [{"unit": "C1", LONG_WORD: None}]})
@example({LONG_WORD: 1, "x": {LONG_WORD * 2: [LONG_WORD]}})
@example({"history": [{"orders": [{LONG_WORD: "x"}], "losses": {LONG_WORD: 0}}]})
@example({7: "int key", -3: "negative int key", "7": "text key", 10**30: "big"})
@example({"n": [10**4299, -(10**4299)], "f": [-0.0, 1e16, 1e-7]})
@example({"x" * 1024: 1, "y" * 1025: {"z" * 129: 2}, "w" * 128: 3})
@given(_documents)
def test_what_the_writer_writes_the_loader_reads_back(data: dict[Any, Any]) -> None:
    _reads_back(data)


def test_keys_are_plain_only_when_short_words() -> None:
    text = _reads_back({"w" * 128: 1, "v" * 129: 2, LONG_WORD: 3})
    lines = text.splitlines()
    assert lines[0] == "w" * 128 + ": 1"
    assert lines[1].startswith('"' + "v" * 129 + '": 2')
    assert lines[2].startswith('? "AAAA') and text.count("AAAA") > 1


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"n": 10**4300}, "write.number_too_long"),
        ({"n": [{"deep": -(10**5000)}]}, "write.number_too_long"),
        ({"b": b"\x00binary"}, "write.unwritable"),
        ({"s": {1, 2}}, "write.unwritable"),
        ({("a", "b"): 1}, "write.unwritable"),
        ({"s": "a lone \ud800 surrogate"}, "write.unwritable"),
        ({"f": [1.5, math.nan]}, "write.not_finite"),
        ({"f": {"g": math.inf}}, "write.not_finite"),
        ({"f": -math.inf}, "write.not_finite"),
        ({None: 1}, "write.unwritable"),
        ({True: 1}, "write.unwritable"),
        ({"k": {2.5: 1}}, "write.unwritable"),
        ({"d": datetime.date(2024, 1, 1)}, "write.unwritable"),
        ({"d": [{"t": datetime.datetime(2024, 1, 1, 10, 0)}]}, "write.unwritable"),
        ({"k\udcff": 1}, "write.unwritable"),
    ],
)
def test_what_cannot_be_written_is_a_clean_error(data: dict[Any, Any], code: str) -> None:
    with pytest.raises(Unwritable) as info:
        dump_state(data)
    assert isinstance(info.value, InvalidInput) and info.value.exit_code == 3
    assert [p.code for p in info.value.problems] == [code]


def test_a_1100_character_bare_word_key_survives_an_in_place_game(tmp_path: Path) -> None:
    """The issue's "valid orders file destroys the game": a valid input whose key is a
    bare word of 1,100 characters (here a house rule, which the first adjudication
    records in the state) is written quoted, and the game reads back."""
    game = tmp_path / "game.yaml"
    shutil.copy(SAMPLES / "thucidide.yaml", game)
    rules = HOSTILE / "write-long-key-house-rules.yaml"
    assert LONG_WORD in load_file(str(rules)).data["terrain"]
    run = referee(
        "adjudicate",
        game,
        SAMPLES / "thucidide-orders-activation.yaml",
        "--new-game",
        "--in-place",
        "--house-rules",
        rules,
    )
    assert run.code == 0, run.err
    assert LONG_WORD in load_file(str(game)).data["house_rules"]["terrain"]
    assert referee("validate", game).code == 0
    assert referee("verify", game).code == 0
    again = referee("adjudicate", game, SAMPLES / "thucidide-orders-movement.yaml", "--in-place")
    assert again.code in (0, 1), again.err
    assert referee("verify", game).code == 0


def test_an_unwritable_state_is_a_clean_error_and_the_game_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a value the loader refuses ever to reach the writer (a bug elsewhere: no
    input can bring one), ``adjudicate --in-place`` ends with exit 3 naming the file,
    and the game file is the one it was."""
    game = tmp_path / "game.yaml"
    shutil.copy(SAMPLES / "thucidide.yaml", game)
    before = game.read_bytes()
    import referee.io.state as state_io

    real = state_io.write_state

    def with_nan(state: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        data = real(state, *args, **kwargs)
        if not args and not kwargs:  # the state file's data (not a hash's)
            data["sides"]["carthage"]["units"][0]["odd"] = math.nan
        return data

    monkeypatch.setattr(state_io, "write_state", with_nan)
    run = referee(
        "adjudicate", game, SAMPLES / "thucidide-orders-activation.yaml", "--new-game", "--in-place"
    )
    assert run.code == 3, run.err
    assert run.err.startswith(f"referee: {game}: holds a number that is not finite")
    assert run.err.count("\n") == 1 and game.read_bytes() == before
    assert not list(tmp_path.glob(".referee-*.tmp"))

"""Issue 26 in the record (hostile files, round 3): what the recorder builds of a valid
file, and the compressed blocks of a history (``initial``, ``orders_z``) a rival may
have crafted, through the real entry point: the documented exit code and one clean line
per problem on stderr, never 70 (docs/hostile.md §History blobs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from clikit import SAMPLES, referee

HOSTILE = Path(__file__).parent / "hostile"


def _clean(run: Any, code: int, says: str = "") -> None:
    assert run.code == code, run.out + run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    lines = run.err.splitlines()
    assert all(line.startswith("referee: ") for line in lines), run.err
    assert says in run.err, run.err


def test_units_whose_keys_come_in_no_first_met_order_are_recorded(tmp_path: Path) -> None:
    """The sample with ``reaction: evade`` on carthage's units[0] and ``moved_hexes: 1,
    reaction: evade`` on units[1]: ``validate`` said 0 and ``adjudicate --new-game`` 70
    (the initial position's units table looped _columns -> _parts -> _columns)."""
    data = yaml.safe_load((SAMPLES / "thucidide.yaml").read_text("utf-8"))
    units = data["sides"]["carthage"]["units"]
    units[0]["reaction"] = "evade"
    units[1].update(moved_hexes=1, reaction="evade")
    state = tmp_path / "state.yaml"
    state.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    _clean(referee("validate", str(state)), 0)
    out = tmp_path / "next.yaml"
    _clean(
        referee(
            "adjudicate",
            str(state),
            str(SAMPLES / "thucidide-orders-activation.yaml"),
            "--new-game",
            "-o",
            str(out),
        ),
        0,
    )
    _clean(referee("verify", str(out)), 0)


def test_orders_of_three_shapes_over_8_kib_are_recorded(tmp_path: Path) -> None:
    """An opponent's 300 orders mixing ``{unit, to}``, ``{unit, path, road}`` and ``{unit,
    face, to}`` (stored as ``orders_z``): exit 70 before; now applied (some refused: 1),
    recorded and verified."""
    game = tmp_path / "game.yaml"
    _clean(
        referee(
            "adjudicate",
            str(SAMPLES / "thucidide.yaml"),
            str(SAMPLES / "thucidide-orders-activation.yaml"),
            "--new-game",
            "-o",
            str(game),
        ),
        0,
    )
    out = tmp_path / "next.yaml"
    _clean(
        referee("adjudicate", str(game), str(HOSTILE / "record-mixed-orders.yaml"), "-o", str(out)),
        1,
    )
    assert "orders_z" in out.read_text("utf-8")
    _clean(referee("verify", str(out)), 0)
    _clean(referee("history", str(out)), 0)


def test_rows_in_no_one_order_of_keys_come_back_as_written() -> None:
    """The recorder's tables keep each row's order of keys: shapes merged when they
    agree (unit, path, road, face, to), rows kept as rows when they cannot (``{a, b}``
    and ``{b, a}``), with texts among them too (the part of the mappings is the same
    list again: it never goes back to parts)."""
    import json

    from referee.play.record import _columns, decode_blob, encode_blob

    shapes = [
        {"unit": "a", "to": "1"},
        {"unit": "b", "path": ["1"], "road": True},
        {"unit": "c", "face": "N", "to": "2"},
    ] * 10
    assert _columns(shapes)["~table"] == ["unit", "path", "road", "face", "to"]
    crossed = [{"a": 1, "b": 2}, {"b": 1, "a": 2}] * 10
    for data in (shapes, [*shapes, "x 0101"], crossed, [*crossed, "s", "t", 3], {"units": crossed}):
        assert json.dumps(decode_blob(encode_blob(data))) == json.dumps(data)


# -- history blobs: bounded as they stream, by every command that loads a game ----------
_COMMANDS = (
    ("verify",),
    ("history",),
    ("show",),
    ("validate",),
    ("moves", "C1"),
    ("adjudicate", "{orders}", "--dry-run"),
)


def _commands(state: Path) -> list[list[str]]:
    orders = str(SAMPLES / "thucidide-orders-movement.yaml")
    return [
        [c[0], str(state), *(orders if a == "{orders}" else a for a in c[1:])] for c in _COMMANDS
    ]


def _xz(*parts: bytes, times: int = 1) -> bytes:
    """``b"".join(parts)`` with its middle part repeated ``times``, xz-compressed a MiB at
    a time (a 256 MiB bomb is never held whole by the test)."""
    import lzma

    xz = lzma.LZMACompressor(preset=1)
    head, middle, tail = parts if len(parts) == 3 else (b"", parts[0], b"")
    out = [xz.compress(head)]
    chunk = middle * max(1, (1 << 20) // max(1, len(middle)))
    whole, left = divmod(times, max(1, (1 << 20) // max(1, len(middle))))
    out += [xz.compress(chunk) for _ in range(whole)]
    out += [xz.compress(middle * left), xz.compress(tail), xz.flush()]
    return b"".join(out)


def _bombed(tmp_path: Path, raw: bytes, key: str = "initial", start: Path | None = None) -> Path:
    """The sample after its activation, a block of ``raw`` JSON (xz, base85) as its
    start entry's ``initial`` (or its phase's ``orders_z``), every hash made again:
    what a rival who crafts the whole file sends."""
    import base64
    import lzma

    from referee.play.hashing import entry_hash

    game = tmp_path / "game.yaml"
    if not game.exists():
        _clean(
            referee(
                "adjudicate",
                str(SAMPLES / "thucidide.yaml"),
                str(SAMPLES / "thucidide-orders-activation.yaml"),
                "--new-game",
                "-o",
                str(game),
            ),
            0,
        )
    data = yaml.safe_load((start or game).read_text("utf-8"))
    packed = raw if raw.startswith(b"\xfd7zXZ") else lzma.compress(raw)
    text = "b85:" + base64.b85encode(packed).decode()
    history = data["history"]
    history[0 if key == "initial" else 1][key] = [
        text[i : i + 760] for i in range(0, len(text), 760)
    ]
    previous = None
    for entry in history:
        entry["prev_hash"] = previous
        entry.pop("hash")
        entry["hash"] = previous = entry_hash(entry)
    out = tmp_path / "bombed.yaml"
    out.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000), "utf-8")
    return out


def test_a_block_of_255_mib_of_zeros_is_refused_by_every_command(tmp_path: Path) -> None:
    """59 KB of state, 255 MiB of JSON zeros inside: verify took 19.7 s and 3.7 GB,
    adjudicate and history carried it on. Now every command refuses it as it streams
    (the values, counted before any is made)."""
    state = _bombed(tmp_path, _xz(b"[", b"0,", b"0]", times=128 << 20))
    for args in _commands(state):
        _clean(referee(*args), 3, "history[0].initial: holds more than 2,500,000 values")


def test_a_block_past_32_mib_is_refused(tmp_path: Path) -> None:
    """A format-2 ``~enum`` over list values with a 200-million-character index:
    MemoryError, exit 70, after 74 s. Refused at 32 MiB unpacked; an index within that
    size is refused by the values it would make (three for each character)."""
    big = _bombed(tmp_path, _xz(b'{"~enum": [[1, 2]], "~idx": "', b"!", b'"}', times=200_000_000))
    _clean(referee("history", str(big)), 3, "history[0].initial: unpacks past 32 MiB")
    small = _bombed(tmp_path, b'{"~enum": [[1, 2]], "~idx": "' + b"!" * 1_000_000 + b'"}')
    _clean(referee("verify", str(small)), 3, "holds more than 2,500,000 values once unpacked")
    orders = _bombed(tmp_path, b'[{"~table": [], "~cols": [], "n": 4000000}]', "orders_z")
    _clean(referee("show", str(orders)), 3, "history[1].orders_z: holds more than 2,500,000")


def test_deep_blocks_and_huge_integers_are_refused_in_one_line() -> None:
    """JSON nested 100,000 deep inside the block: RecursionError, exit 70; an integer of
    5,000 digits: Python's ``sys.set_int_max_str_digits()`` hint. Both files are the
    sample with their block, every hash made again (tests/hostile/record-blob-*)."""
    for name, says in (
        ("record-blob-deep.yaml", "is nested more than 200 levels deep"),
        ("record-blob-bigint.yaml", "holds an integer of more than 4,300 digits"),
    ):
        for args in _commands(HOSTILE / name):
            run = referee(*args)
            _clean(run, 3, f"history[0].initial: {says}")
            assert "set_int_max_str_digits" not in run.err
            assert len(run.err.splitlines()) == 1


def test_a_block_laid_out_otherwise_is_refused_in_the_users_language(tmp_path: Path) -> None:
    """A block that unpacks but whose columns are not the referee's: a column shorter
    than its table said ``the initial position a column of another length`` (Python's
    own ValueError, in English in French too), a table of a string ``(not a table)``
    in English: now one sentence of the catalogue, in either language."""
    for raw in (
        b'{"~table": ["a"], "~cols": [[null, [1, 2]]], "n": 3}',
        b'{"~table": "x", "~cols": [], "n": 1}',
        b'{"~table": ["a", "b"], "~cols": [[null, [1]], [[0, 1], [5]]], "n": 1}',
    ):
        state = _bombed(tmp_path, raw)
        for lang, says in (
            ("en", "the initial position is a compressed block, but its contents are not laid"),
            ("fr", "la position initiale est un bloc compressé, mais son contenu n'est pas"),
        ):
            run = referee("verify", str(state), "--lang", lang)
            _clean(run, 5, "history[0] (t")
            assert says in run.err and "length" not in run.err and "zip" not in run.err


def test_blocks_of_the_history_are_bounded_together(tmp_path: Path, monkeypatch: Any) -> None:
    """Thousands of blocks fit in a 32 MiB file: their bytes are bounded together
    (256 MiB; a lower bound here, with the same code)."""
    from referee.io import blob

    monkeypatch.setattr(blob, "MAX_HISTORY_BYTES", 1 << 20)
    text = b'["' + b"a" * 600_000 + b'"]'
    _bombed(tmp_path, text)
    state = _bombed(tmp_path, text, "orders_z", tmp_path / "bombed.yaml")
    _clean(
        referee("history", str(state)),
        3,
        "history[1].orders_z: the blocks of the history unpack past 1 MiB together",
    )


# -- choices and reveal files ------------------------------------------------------------
def test_keys_given_twice_in_choices_and_reveal_files_are_refused(tmp_path: Path) -> None:
    """YAML keeps the last of two equal keys silently: a second ``by:`` or ``reveal:``
    won unseen. Refused where the file is read (adjudicate --choices, verify --since,
    validate), at the second key's line."""
    choices = HOSTILE / "record-choices-twice.yaml"
    reveal = HOSTILE / "record-reveal-twice.yaml"
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "--new-game",
        "--dry-run",
        "--choices",
        str(choices),
    )
    _clean(
        run, 3, f"{choices}:8: by: the key 'by' is given twice in this mapping (first at line 7)"
    )
    game = tmp_path / "game.yaml"
    _clean(referee("new", str(SAMPLES / "thucidide-scenario.yaml"), "-o", str(game)), 0)
    for f, line in ((reveal, 12), (choices, 8)):
        _clean(referee("verify", str(game), "--since", str(f)), 3, f"{f}:{line}: ")
        _clean(referee("validate", str(f)), 3, "is given twice")
    run = referee("validate", str(reveal), "--lang", "fr")
    _clean(run, 3, "la clé `reveal` est donnée deux fois")


def test_validate_tells_a_reveal_file_from_orders(tmp_path: Path) -> None:
    """``validate STATE reveal.yaml`` read the reveal as orders (``after: unknown key``,
    ``format: did you mean referee-orders/1?``): it is checked as a reveal file."""
    text = (HOSTILE / "record-reveal-twice.yaml").read_text("utf-8")
    reveal = tmp_path / "reveal.yaml"
    reveal.write_text(text[: text.rindex("reveal:")], "utf-8")
    run = referee("validate", str(SAMPLES / "thucidide.yaml"), str(reveal))
    _clean(run, 0)
    assert f"{reveal}: well-formed reveal file for turn 1, carthage, combat, by rome" in run.out
    reveal.write_text(text[: text.rindex("reveal:")].replace("index: 3", "index: x"), "utf-8")
    run = referee("validate", str(SAMPLES / "thucidide.yaml"), str(reveal), "--json")
    assert run.code == 3 and '"kind": "reveal"' in run.out and "unknown key" not in run.out
    assert '"path": "index"' in run.out and "must be a whole number" in run.out


# -- problems capped in every report -----------------------------------------------------
def test_a_file_of_100000_problems_prints_50_and_a_count(tmp_path: Path) -> None:
    """A 700 KB state whose history orders hold 100,000 numbers printed 100,000 lines (5
    s, 520 MB): the first 50 and "and 99,950 more", in text and in ``--json``
    (``more_problems``), in every command and in ``validate``'s own report (2,000
    numbers here: the same code, in less time)."""
    import json

    game = tmp_path / "game.yaml"
    _clean(
        referee(
            "adjudicate",
            str(SAMPLES / "thucidide.yaml"),
            str(SAMPLES / "thucidide-orders-activation.yaml"),
            "--new-game",
            "-o",
            str(game),
        ),
        0,
    )
    data = yaml.safe_load(game.read_text("utf-8"))
    data["history"][1]["orders"] = list(range(2_000))
    state = tmp_path / "numbers.yaml"
    state.write_text(
        yaml.safe_dump(data, sort_keys=False, width=1000, default_flow_style=None), "utf-8"
    )
    for command in ("verify", "validate"):
        run = referee(command, str(state))
        _clean(run, 3, "history[1].orders[49]: must be text or a mapping")
        lines = run.err.splitlines()
        assert len(lines) == 51 and "orders[50]" not in run.err
        assert lines[-1] == (
            "referee: and 1,950 more problem(s) not shown (the first 50 "
            "are): fix these and run again"
        )
    run = referee("verify", str(state), "--lang", "fr")
    assert run.err.splitlines()[-1].startswith("referee: et 1950 autres problèmes non montrés")
    error = json.loads(referee("show", str(state), "--json").out)["error"]
    assert len(error["problems"]) == 50 and error["more_problems"] == 1_950
    entry = json.loads(referee("validate", str(state), "--json").out)["files"][0]
    assert len(entry["problems"]) == 50 and entry["more_problems"] == 1_950
    ok = json.loads(referee("show", str(tmp_path / "missing.yaml"), "--json").out)["error"]
    assert len(ok["problems"]) == 1 and ok["more_problems"] == 0


# -- scenarios: the bound on units is per list ---------------------------------------------
def test_units_are_bounded_per_list_of_a_side(tmp_path: Path, monkeypatch: Any) -> None:
    """docs/formats.md §Limits bounds the units of one list of a side: a scenario of
    100,001 units in one list is refused at that list's line that passes it, naming the
    list; lists within the bound are not refused together (the bound lowered to 20 here,
    with the same code: the quickstart has 15 units a side)."""
    from referee.core import scenario

    text = (SAMPLES / "quickstart-scenario.yaml").read_text("utf-8")
    big = tmp_path / "big.yaml"
    big.write_text(
        text.replace('- 4 x cavalerie medium "Asabara"', '- 100001 x cavalerie medium "Asabara"'),
        "utf-8",
    )
    _clean(
        referee("validate", str(big)),
        3,
        "sides.persians.units[0]: more than 100,000 units in sides.persians.units",
    )
    monkeypatch.setattr(scenario, "MAX_UNITS", 20)
    _clean(referee("validate", str(SAMPLES / "quickstart-scenario.yaml")), 0)
    six = tmp_path / "six.yaml"
    six.write_text(
        text.replace('- 4 x infanterie light "Takabara"', '- 10 x infanterie light "Takabara"'),
        "utf-8",
    )
    _clean(
        referee("validate", str(six)),
        3,
        "sides.persians.units[3]: more than 20 units in sides.persians.units",
    )


def test_problems_given_a_line_are_those_shown() -> None:
    from referee.cli.app import MAX_PROBLEMS
    from referee.io.yamlio import MAX_LOCATED

    assert MAX_LOCATED == MAX_PROBLEMS == 50


def test_values_and_nesting_of_a_block_are_counted_exactly(monkeypatch: Any) -> None:
    """The count of a block's JSON values outside its strings (commas, colons and
    brackets inside strings, escaped quotes and backslashes, strings across the pieces
    it is split in) and its nesting are exact for the compact JSON the referee writes."""
    import json

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from referee.io import blob

    words = st.sampled_from(["a,b", 'q"u\\o"t', "\\", "[{:,", "", "x\\\\", "]}", '\\"\\', "é"])
    data = st.recursive(
        st.none() | st.booleans() | st.integers(-9, 9) | words,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(words, inner, max_size=4),
        max_leaves=30,
    )

    def count(v: Any) -> int:
        if isinstance(v, list):
            return 1 + sum(map(count, v))
        if isinstance(v, dict):
            return 1 + sum(1 + count(x) for x in v.values())
        return 1

    def depth(v: Any) -> int:
        if isinstance(v, list | dict):
            return 1 + max(map(depth, v.values() if isinstance(v, dict) else v), default=0)
        return 0

    @settings(max_examples=150, deadline=None)
    @given(data, st.sampled_from([1, 2, 3, 5, 64]))
    def check(value: Any, scan: int) -> None:
        monkeypatch.setattr(blob, "_SCAN", scan)
        raw = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
        assert blob._count(raw) == count(value)
        assert blob._depth(raw) == depth(value)

    check()


def test_base85_is_read_as_the_standard_library_reads_it() -> None:
    """The blocks' base85 is decoded a slice at a time (the standard library's took 800
    MB for a 27 MB block): the same bytes, the same refusals."""
    import base64

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from referee.io.blob import _b85decode

    def either(text: str) -> object:
        try:
            return _b85decode(text)
        except ValueError:
            return "refused"

    def theirs(text: str) -> object:
        try:
            return base64.b85decode(text)
        except ValueError:
            return "refused"

    @settings(max_examples=200, deadline=None)
    @given(
        st.binary(max_size=300),
        st.integers(0, 4),
        st.sampled_from(["", "~", '"', "é", "|NsC0", " "]),
    )
    def check(data: bytes, cut: int, odd: str) -> None:
        text = base64.b85encode(data).decode()
        assert _b85decode(text) == data
        for t in (text[: max(0, len(text) - cut)], text + odd, odd + text):
            assert either(t) == theirs(t)

    check()
    big = bytes(range(256)) * 1000
    assert _b85decode(base64.b85encode(big).decode()) == big


def test_a_list_past_its_bound_is_refused_whole_not_item_by_item() -> None:
    """The fuzz campaign of issue 26 (seed 2611): a 16 KB game whose history orders
    unpack to a million numbers kept `verify` over 10 s and 580 MB checking every item
    after the list was already refused for its length; now the length alone is said."""
    run = referee("verify", str(HOSTILE / "record-blob-million-orders.yaml"))
    assert run.code == 5, run.err
    assert "must list at most 100000, not 1000001" in run.err
    assert "orders[0]" not in run.err and "Traceback" not in run.err


def test_keys_given_twice_are_refused_in_every_file_kind(tmp_path: Path) -> None:
    """States, orders and scenarios refused a key given twice nowhere (the last won
    unseen: a second ``turn:`` or ``units:`` a reader of the file never sees). Every file
    the loader reads now refuses it, located at the second key's line, whichever of the
    loader's paths reads the text."""
    state = tmp_path / "state.yaml"
    text = (SAMPLES / "thucidide.yaml").read_text("utf-8")
    state.write_text(text.replace("\nturn: 1\n", "\nturn: 9\nturn: 1\n", 1), "utf-8")
    line = state.read_text("utf-8").splitlines().index("turn: 1") + 1
    for command in (("validate",), ("show",), ("orders", "--side", "carthage")):
        run = referee(*command, str(state))
        _clean(run, 3, f"{state}:{line}: turn: the key 'turn' is given twice in this mapping")
    orders = tmp_path / "orders.yaml"
    text = (SAMPLES / "thucidide-orders-activation.yaml").read_text("utf-8")
    orders.write_text(text + "phase: movement\n", "utf-8")
    run = referee("validate", str(SAMPLES / "thucidide.yaml"), str(orders))
    _clean(run, 3, "phase: the key 'phase' is given twice")
    run = referee(
        "adjudicate", str(SAMPLES / "thucidide.yaml"), str(orders), "--new-game", "--dry-run"
    )
    _clean(run, 3, "the key 'phase' is given twice")
    scenario = tmp_path / "scenario.yaml"
    text = (SAMPLES / "thucidide-scenario.yaml").read_text("utf-8")
    scenario.write_text(text.replace("\nruleset:", "\nruleset: panache\nruleset:", 1), "utf-8")
    _clean(referee("new", str(scenario), "-o", str(tmp_path / "g.yaml")), 3, "given twice")
    assert not (tmp_path / "g.yaml").exists()


# -- keys of history entries ------------------------------------------------------------
def test_a_history_entry_with_a_key_that_is_not_text_is_refused(tmp_path: Path) -> None:
    """An entry is hashed as JSON, whose keys are text: a number key among the text
    keys of an entry (tests/hostile/record-entry-number-key.yaml, found by the campaign
    of 2026-11-28), or deeper in what an entry carries as written (an order, the owners'
    choices, a key of a newer referee), ended ``verify`` in exit 70."""
    found = HOSTILE / "record-entry-number-key.yaml"
    for args in _commands(found):
        _clean(referee(*args), 3, "history[1].99999: a key must be text, not a number")
    game = yaml.safe_load(found.read_text(encoding="utf-8"))
    del game["history"][1][99999]
    for where, value, path in (
        ("choices", {"rome": {"a": {3: 1, "b": 2}}}, "history[1].choices.rome.a.3"),
        ("orders", [{"unit": "C1", "x": {7: 1, "a": 2}}], "history[1].orders[0].x.7"),
        ("newer_key", {5: 1, "b": 2}, "history[1].newer_key.5"),
    ):
        spoiled = dict(game, history=[dict(e) for e in game["history"]])
        spoiled["history"][1][where] = value
        state = tmp_path / f"{where}.yaml"
        state.write_text(yaml.safe_dump(spoiled), encoding="utf-8")
        for args in _commands(state):
            _clean(referee(*args), 3, f"{path}: a key must be text, not a number")

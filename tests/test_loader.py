"""The loader (referee/io/yamlio.py) reads every text exactly as PyYAML's safe loader
does (with the referee's leading-zero rule), whichever of its three paths reads it:
checked rule by rule, against PyYAML's own tables, on every YAML file of the project
and on random texts (differential tests). No timing here (bench/)."""

from __future__ import annotations

import gc
import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
import ryml
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from problemkit import hint, message

from referee.errors import InvalidInput
from referee.io import yamlio
from referee.io.yamlio import (
    LINE_BYTES,
    MAX_BYTES,
    Unwritable,
    dump_state,
    load_text,
    resolve_plain,
)

ROOT = Path(__file__).resolve().parent.parent


def pyyaml(text: str) -> Any:
    """The reference: PyYAML's C safe loader, as the referee always used it."""
    return yamlio._read_pyyaml(text, "ref")[0]


def same(a: Any, b: Any) -> bool:
    """Equal, type for type (1 is not True, '1' is not 1), NaN equal to NaN."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, dict):
        return len(a) == len(b) and all(
            same(ka, kb) and same(va, vb)
            for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True)
        )
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def tree_or_unsure(text: str) -> Any:
    return yamlio._read_tree(text, text.encode("utf-8", "surrogatepass"))


# ------------------------------------------------------------------ the tables
def test_resolvers_are_pyyamls() -> None:
    """The YAML 1.1 patterns are PyYAML's, tried in PyYAML's order for each first
    character (plus the referee's leading-zero rule first for '0')."""
    theirs = yaml.resolver.Resolver.yaml_implicit_resolvers
    ours = yamlio._RESOLVERS
    assert set(ours) == set(theirs)
    for first, resolvers in theirs.items():
        mine = [
            (tag, p.pattern, re.compile(p.pattern, p.flags).flags)
            for tag, p in ours[first]
            if p is not yamlio._LABEL
        ]
        assert mine == [(t.rsplit(":", 1)[1], p.pattern, p.flags) for t, p in resolvers], first
    assert ours["0"][0] == ("str", yamlio._LABEL)


def test_word_sets_are_the_patterns() -> None:
    """Where the loader checks a set of words instead of PyYAML's pattern, both accept
    exactly the same texts (every casing of every word, and the words themselves)."""
    import itertools

    for pattern in (yamlio._BOOL, yamlio._NULL, yamlio._MERGE, yamlio._VALUE, yamlio._YAML):
        assert pattern.words is not None
        regex = re.compile(pattern.pattern, pattern.flags)
        universe = {"", " ", "~", "<<", "<", "=", "==", "!", "&", "*", "**", "y", "n"}
        for word in ["yes", "no", "true", "false", "on", "off", "null", "nul", "nulll"]:
            universe |= {
                "".join(c) for c in itertools.product(*[(ch.lower(), ch.upper()) for ch in word])
            }
        for text in universe | set(pattern.words):
            assert (regex.match(text) is not None) == pattern.match(text), (pattern, text)


def test_node_type_bits_are_ryml_s() -> None:
    for name, value in [
        ("MAP", yamlio._MAP),
        ("SEQ", yamlio._SEQ),
        ("KEY", yamlio._KEY),
        ("VAL", yamlio._VAL),
        ("DOC", yamlio._DOC),
        ("KEYREF", yamlio._KEYREF),
        ("VALREF", yamlio._VALREF),
        ("KEYANCH", yamlio._KEYANCH),
        ("VALANCH", yamlio._VALANCH),
        ("KEYTAG", yamlio._KEYTAG),
        ("VALTAG", yamlio._VALTAG),
        ("KEY_LITERAL", yamlio._KEY_LITERAL),
        ("VAL_LITERAL", yamlio._VAL_LITERAL),
        ("KEY_FOLDED", yamlio._KEY_FOLDED),
        ("VAL_FOLDED", yamlio._VAL_FOLDED),
        ("KEY_SQUO", yamlio._KEY_SQUO),
        ("VAL_SQUO", yamlio._VAL_SQUO),
        ("KEY_DQUO", yamlio._KEY_DQUO),
        ("VAL_DQUO", yamlio._VAL_DQUO),
        ("KEY_PLAIN", yamlio._KEY_PLAIN),
        ("VAL_PLAIN", yamlio._VAL_PLAIN),
    ]:
        assert getattr(ryml, name) == value, name
    assert ryml.FLOW_SL | ryml.FLOW_ML == yamlio._FLOW
    assert ryml.NONE == yamlio._NONE


# ---------------------------------------------------------------- scalar rules
# Every YAML 1.1 scalar rule, in a block mapping, a block sequence and a flow
# collection: the loader gives PyYAML's value (type included).
SCALARS = [
    # the referee's rule: digits with a leading zero stay strings (hex labels)
    "0118",
    "0507",
    "0909",
    "000",
    "00",
    "0",
    "-0",
    "+0",
    # ints PyYAML reads (1208 is a label the readers accept as a number)
    "1208",
    "-7",
    "+12",
    "1_000",
    "0x1F",
    "-0x1f",
    "0b101",
    "0_7",
    "-012",
    "190:20:30",
    "1:30",
    "99999999999999999999999",
    # floats
    "1.5",
    "-.5",
    ".5",
    "1.",
    "1_0.5_0",
    "1.5e+3",
    "1.0E-3",
    "190:20:30.15",
    ".inf",
    "-.Inf",
    "+.INF",
    ".nan",
    ".NaN",
    "3.14159265358979323846",
    # strings that look like numbers to other parsers (not to YAML 1.1)
    "1e3",
    "1.5e3",
    "1e+3",
    "0o17",
    "NaN",
    "inf",
    "Infinity",
    "12e3",
    "1__",
    "0x",
    "+",
    # booleans and nulls (YAML 1.1: yes/no/on/off, not y/n)
    "yes",
    "Yes",
    "YES",
    "no",
    "No",
    "NO",
    "on",
    "On",
    "ON",
    "off",
    "Off",
    "OFF",
    "true",
    "True",
    "TRUE",
    "false",
    "False",
    "FALSE",
    "y",
    "Y",
    "n",
    "N",
    "yEs",
    "null",
    "Null",
    "NULL",
    "nULL",
    "~",
    "",
    # timestamps
    "2001-12-14",
    "2001-12-14t21:59:43.10-05:00",
    "2001-12-14 21:59:43.10 -5",
    "2002-12-14",
    "2001-13-45",
    # the rest
    "<<",
    "=",
    "a b",
    "-a",
    "N",
    "face N",
    "1/2 ss cb",
    "3 (**)",
    "l'armée",
    "I3 0908 face N",
    "x:y",
    "é",
    "0912-1012-1112",
]


def _value_docs(scalar: str) -> list[str]:
    return [
        f"a: {scalar}\n",
        f"- {scalar}\n- x\n",
        f"a: [{scalar}, x]\n",
        f"a: {{k: {scalar}}}\n",
        f"{scalar}: v\n" if scalar else "x: v\n",
    ]


@pytest.mark.parametrize("scalar", SCALARS)
def test_plain_scalars_read_as_pyyaml_reads_them(scalar: str) -> None:
    for text in _value_docs(scalar):
        try:
            expected: Any = ("ok", pyyaml(text))
        except InvalidInput as exc:
            expected = ("error", message(exc.problems[0]))
        try:
            got: Any = ("ok", load_text(text, "x").data)
        except InvalidInput as exc:
            got = ("error", message(exc.problems[0]))
        assert got[0] == expected[0], text
        assert same(got[1], expected[1]), (text, got, expected)
        tree = tree_or_unsure(text)
        if tree is not yamlio._UNSURE:
            assert expected[0] == "ok" and same(tree, expected[1]), text


def test_the_rules_the_issue_names() -> None:
    data = load_text(
        "a: 0118\nb: 0507\nc: 1208\nd: yes\ne: no\nf: on\ng: off\nh: [0118, 1208, on]\n", "x"
    ).data
    assert data == {
        "a": "0118",
        "b": "0507",
        "c": 1208,
        "d": True,
        "e": False,
        "f": True,
        "g": False,
        "h": ["0118", 1208, True],
    }
    assert type(data["c"]) is int and type(data["d"]) is bool
    assert load_text("a: \"1208\"\nb: 'yes'\n", "x").data == {"a": "1208", "b": "yes"}


def test_resolve_plain_defers_what_only_pyyaml_can_say() -> None:
    for text in [
        "2001-12-14",
        "<<",
        "=",
        "@x",
        "`x",
        "%x",
        "!x",
        "&x",
        "*x",
        "?x",
        ":x",
        "0b_",
        "0x_",
    ]:
        assert resolve_plain(text) is yamlio._UNSURE, text
    assert resolve_plain("-x") == "-x"
    assert resolve_plain("0x_1F") == 31


def test_numbers_pyyaml_cannot_convert_are_invalid_input_not_crashes() -> None:
    for text in ["a: 0b_\n", "a: 0x_\n", "a: 2001-13-45\n"]:
        with pytest.raises(InvalidInput) as info:
            load_text(text, "f.yaml")
        assert info.value.problems[0].code in ("yaml.bad_value", "yaml.date"), text


# ---------------------------------------------------------------- safety rules
def test_aliases_are_refused_with_their_line() -> None:
    with pytest.raises(InvalidInput) as info:
        load_text("a: &x [1, 2]\nb: *x\n", "f.yaml")
    problem = info.value.problems[0]
    # (the line of the anchored node, as the referee always reported it)
    assert "aliases" in message(problem) and problem.line == 1 and problem.file == "f.yaml"


def test_anchors_alone_read_as_before() -> None:
    # as PyYAML always did: an anchor no alias uses changes nothing
    assert load_text("a: &x 1\nb: 2\n", "x").data == {"a": 1, "b": 2}


def test_python_tags_are_refused_and_standard_ones_read_as_before() -> None:
    with pytest.raises(InvalidInput) as info:
        load_text("a: !!python/object:os.system {}\n", "f.yaml")
    assert hint(info.value.problems[0]) == "YAML tags are not accepted"
    assert info.value.problems[0].line == 1
    with pytest.raises(InvalidInput):
        load_text("a: !foo 1\n", "f.yaml")
    assert load_text("a: !!str 1\n", "x").data == {"a": "1"}


def test_size_limit() -> None:
    with pytest.raises(InvalidInput) as info:
        load_text("a: " + "x" * MAX_BYTES + "\n", "big.yaml")
    assert "larger than" in message(info.value.problems[0])


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_empty(text: str) -> None:
    with pytest.raises(InvalidInput) as info:
        load_text(text, "e.yaml")
    assert message(info.value.problems[0]) == "the file is empty"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a: 1\nb: [1, 2\n", 3),
        ("a: 1\n  b: 2\n", 2),
        ("a: 'x\n", 2),
        ("a:\n\tb: 1\n", 2),
        ("a: b: c\n", 1),
        ("---\na: 1\n---\nb: 2\n", 3),
        ("a: 1\nb: \x01\n", 2),
        ("a: @x\n", 1),
        ("a: 1\n- b\n", 2),
    ],
)
def test_syntax_errors_are_located(text: str, line: int) -> None:
    with pytest.raises(InvalidInput) as info:
        load_text(text, "bad.yaml")
    problem = info.value.problems[0]
    assert message(problem).startswith("not valid YAML") and problem.file == "bad.yaml"
    assert problem.line == line


def test_parser_errors_do_not_reach_stderr(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(InvalidInput):
        load_text("a: [1, 2\n", "bad.yaml")
    assert load_text("a:\n  - [1,\n2]\n", "x").data == {"a": [[1, 2]]}  # rapidyaml: error
    assert capfd.readouterr().err == ""


def test_collector_state_is_restored() -> None:
    assert gc.isenabled()
    load_text("a: 1\n", "x")
    assert gc.isenabled()
    gc.disable()
    try:
        load_text("a: 1\n", "x")
        assert not gc.isenabled()
    finally:
        gc.enable()


# -------------------------------------------------------------------- locating
LOCATED = """\
format: referee-state/1
sides:
  red:
    units:
      - {id: A, at: "0101"}
      - id: B
        at: "0102"
"""


def _line_with(text: str, *needles: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if any(n in line for n in needles))


def test_locate_on_every_path() -> None:
    texts = {
        "tree": LOCATED,
        "pyyaml": "%YAML 1.1\n---\n" + LOCATED,
        "canonical": dump_state(load_text(LOCATED, "x").data),
    }
    for path, text in texts.items():
        doc = load_text(text, "s.yaml")
        assert doc.read_by == path
        b_at = _line_with(text, 'at: "0102"', '"B"')
        assert doc.line_of("sides.red.units[1].at") == b_at
        assert doc.line_of("format") == _line_with(text, "format:")
        [p] = doc.locate([yamlio.Problem("sides.red.units[0].id", "bad")])
        assert p.file == "s.yaml" and p.line == _line_with(text, "id: A", '"A"')
        doc.root = None  # freeing the tree keeps later problems locatable
        assert doc.line_of("sides.red.units[1].at") == b_at


# -------------------------------------------------------------- every file we have
def _project_yaml() -> list[Path]:
    # (tests/hostile/load-* crash PyYAML on purpose: tests/test_hostile_files.py)
    files = [
        p
        for p in ROOT.rglob("*.y*ml")
        if ".venv" not in p.parts
        and "generated" not in p.parts
        and p.suffix in (".yaml", ".yml")
        and not p.name.startswith("load-")
    ]
    assert len(files) > 100
    return sorted(files)


def test_every_project_file_reads_as_pyyaml_reads_it() -> None:
    paths: dict[str, int] = {}
    for path in _project_yaml():
        text = path.read_text(encoding="utf-8")
        try:
            expected: Any = pyyaml(text)
        except InvalidInput:
            expected = None
        tree = tree_or_unsure(text)
        if tree is not yamlio._UNSURE:
            assert expected is not None and same(tree, expected), path
        if expected is not None:
            try:
                doc = load_text(text, str(path))
            except InvalidInput as exc:  # (tests/hostile/: a key given twice, refused)
                assert {p.code for p in exc.problems} == {"yaml.duplicate_key"}, path
                continue
            assert same(doc.data, expected), path
            paths[doc.read_by] = paths.get(doc.read_by, 0) + 1
    # the hand-written files take the tree path; the few PyYAML reads are files with
    # constructs rapidyaml rejects or that only PyYAML can vouch for
    assert paths.get("tree", 0) > 10 * paths.get("pyyaml", 0)


# ------------------------------------------------------------ differential tests
_WORDS = [
    "a",
    "b",
    "key",
    "yes",
    "no",
    "on",
    "1208",
    "0507",
    "~",
    "null",
    "1.5",
    "x y",
    "-a",
    "?a",
    ":a",
    "a:b",
    "1e3",
    "True",
    "0x1F",
    "2001-12-14",
    "=",
    "<<",
    "",
    "é",
    "a#b",
    "a #b",
    "'q'",
    '"q"',
    "1:30",
    ".NaN",
    "+1",
    "-0",
    "0b101",
    "0_7",
    "1_000",
]
_ALPHABET = [
    *"abcXY019 -_.:,#?[]{}'\"!&*|>%@`~=<+\\/\t",
    "\n",
    "  ",
    "yes",
    "No",
    "null",
    "~",
    "0x1F",
    "1_0",
    "0507",
    "1208",
    "1e3",
    "1.5",
    ".inf",
    "2001-12-14",
    "1:30",
    "<<",
    ": ",
    " #",
    "- ",
    "é",
    "\u00a0",
]


class _Gen:
    """Random YAML-like texts: block and flow collections, every scalar style, comments,
    odd indentation, document markers, random edits."""

    def __init__(self, r: random.Random) -> None:
        self.r = r

    def plain(self) -> str:
        return "".join(self.r.choice(_ALPHABET) for _ in range(self.r.randint(0, 4)))

    def dq(self) -> str:
        parts = [
            "a",
            " ",
            "\\n",
            "\\t",
            "\\\\",
            '\\"',
            "\\u00e9",
            "\\x41",
            "\\/",
            "\\N",
            "\\_",
            "\\ ",
            "\\0",
            "\n",
            "\n  ",
            "é",
            "'",
            "#",
            ":",
        ]
        return '"' + "".join(self.r.choice(parts) for _ in range(self.r.randint(0, 5))) + '"'

    def sq(self) -> str:
        parts = ["a", " ", "''", "\n", "\n  ", "\\", '"', "#", ":"]
        return "'" + "".join(self.r.choice(parts) for _ in range(self.r.randint(0, 5))) + "'"

    def block_scalar(self, indent: int) -> str:
        r = self.r
        head = r.choice("|>") + r.choice(["", "-", "+"]) + r.choice(["", "", "2", "1"])
        lines = []
        for _ in range(r.randint(0, 4)):
            k = r.random()
            if k < 0.2:
                lines.append("")
            elif k < 0.3:
                lines.append(" " * (indent + 2) + "   more")
            elif k < 0.35:
                lines.append(" " * (indent + 2) + "trail  ")
            else:
                lines.append(" " * (indent + 2) + self.plain().replace("\n", ""))
        return head + r.choice(["", " # c"]) + "\n" + "\n".join(lines)

    def scalar(self, indent: int, flow: bool = False) -> str:
        k = self.r.random()
        if k < 0.4:
            return self.r.choice(_WORDS)
        if k < 0.55:
            return self.plain().replace("\n", "")
        if k < 0.7:
            return self.dq()
        if k < 0.8:
            return self.sq()
        if not flow and k < 0.9:
            return self.block_scalar(indent)
        return self.r.choice(_WORDS)

    def flow(self, depth: int) -> str:
        r = self.r
        if depth > 2 or r.random() < 0.5:
            return self.scalar(0, True)
        if r.random() < 0.5:
            sep = r.choice([", ", ",", " ,", ",\n  "])
            return (
                "["
                + sep.join(self.flow(depth + 1) for _ in range(r.randint(0, 3)))
                + r.choice(["", ",", " "])
                + "]"
            )
        return (
            "{"
            + ", ".join(
                f"{self.scalar(0, True)}{r.choice([': ', ':', ' : '])}{self.flow(depth + 1)}"
                for _ in range(r.randint(0, 3))
            )
            + "}"
        )

    def block(self, indent: int, depth: int) -> str:
        r, pad, out = self.r, " " * indent, []
        if r.random() < 0.5:
            for _ in range(r.randint(1, 3)):
                k = self.scalar(indent, True) if r.random() < 0.8 else r.choice(_WORDS)
                if depth < 3 and r.random() < 0.3:
                    nested = self.block(indent + r.choice([2, 2, 4, 1]), depth + 1)
                    out.append(f"{pad}{k}:{r.choice(['', ' # c'])}\n{nested}")
                else:
                    v = self.flow(0) if r.random() < 0.3 else self.scalar(indent)
                    if r.random() < 0.15:
                        v += (
                            "\n"
                            + " " * (indent + r.choice([0, 1, 2, 4]))
                            + self.plain().replace("\n", "")
                        )
                    out.append(f"{pad}{k}:{r.choice([' ', ' ', '  '])}{v}")
                if r.random() < 0.1:
                    out.append(pad + "# comment")
                if r.random() < 0.1:
                    out.append("")
        else:
            for _ in range(r.randint(1, 3)):
                if depth < 3 and r.random() < 0.3:
                    out.append(f"{pad}-\n{self.block(indent + 2, depth + 1)}")
                else:
                    v = self.flow(0) if r.random() < 0.3 else self.scalar(indent)
                    out.append(f"{pad}- {v}")
        return "\n".join(out)

    def document(self) -> str:
        r = self.r
        text = (
            r.choice(["", "", "", "---\n", "--- ", "# c\n"])
            + self.block(0, 0)
            + r.choice(["\n", "", "\n\n", "\n...\n", "\n---\n", "\n# end"])
        )
        chars = list(text)
        for _ in range(r.randint(0, 2) if r.random() < 0.5 else 0):
            if not chars:
                break
            i = r.randrange(len(chars))
            op = r.random()
            if op < 0.4:
                del chars[i]
            elif op < 0.8:
                chars.insert(i, r.choice(_ALPHABET))
            else:
                chars[i] = r.choice(_ALPHABET)
        return "".join(chars)


def _check_against_pyyaml(text: str) -> None:
    try:
        expected: Any = ("ok", pyyaml(text))
    except InvalidInput:
        expected = ("error", None)
    empty = expected == ("ok", None)
    if empty:  # an empty document: load_text says so
        expected = ("error", None)
    tree = tree_or_unsure(text)
    if empty and tree is None:
        pass  # the tree read the empty document too (load_text refuses it, checked below)
    elif tree is not yamlio._UNSURE:  # the tree path only answers when it is right
        assert expected[0] == "ok", f"PyYAML refuses {text!r}, the tree read {tree!r}"
        assert same(tree, expected[1]), f"{text!r}: tree {tree!r}, PyYAML {expected[1]!r}"
    try:
        got: Any = ("ok", load_text(text, "x").data)
    except InvalidInput as exc:
        if expected[0] == "ok" and {p.code for p in exc.problems} == {"yaml.duplicate_key"}:
            return  # a key given twice: refused on purpose, where PyYAML keeps the last
        got = ("error", None)
    assert got[0] == expected[0] and same(got[1], expected[1]), text


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_random_texts_read_as_pyyaml_reads_them(r: random.Random) -> None:
    _check_against_pyyaml(_Gen(r).document())


@settings(max_examples=600, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_block_scalars_read_as_pyyaml_reads_them(r: random.Random) -> None:
    head = r.choice("|>") + r.choice(["", "-", "+"]) + r.choice(["", "", "", "1", "2", "4"])
    base = r.choice([0, 2, 4])
    lines = []
    for _ in range(r.randint(0, 6)):
        k = r.random()
        if k < 0.15:
            lines.append("")
        elif k < 0.2:
            lines.append(" " * r.randint(0, base + 4))
        else:
            lines.append(
                " " * (base + 2 + r.choice([0, 0, 0, 1, 2, 3]))
                + r.choice(["a", "b c", "x  y", "# not", "- z", "k: v", "'q'", "tail  ", "é"])
            )
    pad = " " * base
    text = (
        ("" if base == 0 else r.choice(["top:\n", "- \n", "top:\n  "]))
        + r.choice([f"{pad}key: {head}", f"{pad}- {head}", f"{pad}key: {head} # c"])
        + "\n"
        + "\n".join(lines)
        + r.choice(["", "\n" + pad + "next: 1", "\n" + pad + "- 2", "\n\n", "\n"])
    )
    _check_against_pyyaml(text)


# ---------------------------------------------------------- the canonical path
_keys = st.one_of(
    st.sampled_from(
        [
            "id",
            "at",
            "yes",
            "No",
            "null",
            "1208",
            "0507",
            "",
            "-",
            "a b",
            "x:y",
            "#",
            "é",
            "on",
            "~",
            "<<",
        ]
    ),
    st.text(max_size=12),
)
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(2**70), 2**70),
    # (finite: the loader refuses NaN and infinities, docs/hostile.md)
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, -0.0, 1e16, 1e-7, 1e300, 0.1]),
    st.text(max_size=30),
    st.sampled_from(SCALARS),
    st.text(alphabet=st.sampled_from(' a\\"é\u2028\x85\x7f\ufeff\t\n#:-'), max_size=40),
    # long strings (cheap to draw: a short one repeated)
    st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=40), st.integers(30, 120)),
    st.builds(
        lambda s, n: s * n,
        st.text(alphabet=st.sampled_from(' \\"aé\n'), min_size=1, max_size=8),
        st.integers(200, 900),
    ),
)
_json = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(_keys, inner, max_size=6)),
    max_leaves=30,
)
_documents = st.dictionaries(_keys, _json, min_size=1, max_size=6)


def _lines_fit(text: str) -> bool:
    return all(len(line.encode("utf-8")) <= LINE_BYTES for line in text.split("\n"))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents)
def test_written_text_reads_back_and_fits_e_mail(data: dict[str, Any]) -> None:
    """The property the canonical path rests on: what dump_state writes, PyYAML reads
    back to the same data; every line stays under SMTP's 998 bytes; and the loader
    reads it back through the canonical path."""
    text = dump_state(data)
    assert _lines_fit(text)
    assert same(pyyaml(text), data)
    doc = load_text(text, "x")
    assert same(doc.data, data)  # (control characters, NaN...: not always canonically)


def test_long_items_are_wrapped_and_read_back() -> None:
    rolls = [
        {"index": i, "value": i % 6 + 1, "purpose": f"melee of R{i} against B{i}"}
        for i in range(600)
    ]
    entry = {
        "index": 3,
        "orders": [f"R{i} 0101-0102-0103 face N" for i in range(400)],
        "rolls": rolls,
        "note": "x" * 5000,
        "spaces": " " * 3000 + "a",
    }
    data = {
        "history": [entry],
        "road": [f"{i:03d}{i:03d}" for i in range(800)],
        "unit": {"id": "R1", "name": "Garde " * 300},
        "k" * 2000: 1,
    }
    text = dump_state(data)
    assert _lines_fit(text)
    assert same(pyyaml(text), data)
    doc = load_text(text, "x")
    assert doc.read_by == "canonical" and same(doc.data, data)


def test_states_the_referee_writes_read_canonically() -> None:
    from clikit import small_state
    from referee.io.state import read_state, write_state

    data = small_state()
    data["sides"]["red"]["units"][0]["name"] = "Légion « Alaudae » & co. — 'ça' : #1"
    state, problems = read_state(data)
    assert state is not None and not problems
    text = dump_state(write_state(state))
    doc = load_text(text, "s.yaml")
    assert doc.read_by == "canonical" and doc.data == write_state(state)


def test_a_hand_edited_canonical_file_still_reads_exactly() -> None:
    data = {"format": "referee-state/1", "units": [{"id": "R1", "on": True}], "n": 1208}
    text = dump_state(data)
    edited = text.replace('"R1"', "R1").replace("n: 1208", "n: 1208  # edited")
    doc = load_text(edited, "x")
    assert doc.read_by == "tree" and doc.data == data


def test_nan_and_infinities_are_not_written() -> None:
    """The writer writes only what reads back (docs/hostile.md §Writes): a number that
    is not finite is refused (the loader refuses ``.nan`` and ``.inf``), finite floats
    are written as YAML 1.1 floats."""
    for value in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(Unwritable):
            dump_state({"a": [value], "b": 1e16})
    text = dump_state({"b": 1e16, "c": [0.1, -0.0]})
    assert pyyaml(text) == {"b": 1e16, "c": [0.1, -0.0]}
    assert same(load_text(text, "x").data, pyyaml(text))


def test_nan_and_infinities_are_refused_on_reading() -> None:
    """No loaded file holds one (the loader refuses them, every path, with the path of
    each)."""
    with pytest.raises(InvalidInput) as info:
        load_text("a: [.nan,.inf,-.inf]\nb: 1.0e+16\n", "x")
    assert [(p.code, p.path) for p in info.value.problems] == [
        ("yaml.not_finite", "a[0]"),
        ("yaml.not_finite", "a[1]"),
        ("yaml.not_finite", "a[2]"),
    ]


def test_json_is_read_like_yaml() -> None:
    data = {"a": [1, 2.5, None, True, "x", {"b": "0507"}]}
    assert load_text(json.dumps(data), "x").data == data


@pytest.mark.parametrize("depth", [250, 5000, 100_000])
def test_deep_nesting_is_refused_not_a_crash(depth: int) -> None:
    """PyYAML's C reader crashes the interpreter past ~30,000 levels; rapidyaml's JSON
    stops at 64; recursive writers at ~1,000: files nesting deeper than MAX_DEPTH are
    refused, whatever path would read them."""
    texts = [
        "a: " + "[" * depth + "]" * depth + "\n",
        "a: " + "{x: " * depth + "1" + "}" * depth + "\n",
        "- " * depth + "x\n",
        "a: &x " + "[" * depth + "]" * depth + "\n",  # an anchor: PyYAML's path
        "a: " + "[" * depth + "\n",
    ]  # and unclosed: rapidyaml cannot parse it
    if depth <= 5000:
        texts.append("".join("  " * i + "k:\n" for i in range(depth)) + "  " * depth + "v: 1\n")
    for text in texts:
        with pytest.raises(InvalidInput) as info:
            load_text(text, "deep.yaml")
        assert "nested more than" in message(info.value.problems[0]), text[:40]


def test_nesting_a_file_may_need_is_read() -> None:
    depth = 60
    data = load_text("a: " + "[" * depth + "]" * depth + "\n", "x").data
    for _ in range(depth):
        data = data["a"] if isinstance(data, dict) else data[0]
    assert data == []
    assert load_text("a: &x " + "[" * 90 + "]" * 90 + "\n", "x").read_by == "pyyaml"


# ----------------------------------------------------- the bound on values (issue 15)
def _events(text: str) -> int:
    """libyaml's node events of a text (scalars, aliases, collections, empty nodes
    included), up to its end or to its first error."""
    parser = yamlio._loader_class()(text)
    count = 0
    try:
        while (event := parser.get_event()) is not None:
            count += isinstance(event, yaml.NodeEvent)
    except yaml.YAMLError:
        pass
    finally:
        parser.dispose()
    return count


def _ryml_size(text: str) -> int | None:
    """The number of nodes of rapidyaml's tree of a text, or None if it cannot parse it."""
    try:
        return int(yamlio._parse_tree(text.encode("utf-8", "surrogatepass")).size())
    except yamlio._Unsure:
        return None


_SHAPES = ["a", '"q"', "'s'", "1", "", "!!str", "!!str ", "&x a", "*x", "&y", "!t"]


def _adversarial(r: random.Random, depth: int = 0) -> str:
    """A YAML text built from the shapes that give the most values per byte: flow
    mappings whose keys have no value (``{a, b}``), single pairs in flow sequences
    (``[a: b, ? c]``), empty keys and values, nodes that are only a tag or an anchor,
    compact block collections (``- - a: b``), explicit keys, several documents."""
    if depth > 3 or r.random() < 0.3:
        return r.choice(_SHAPES)
    sep = r.choice([",", ", ", " ,", ",\n "])
    kind = r.randrange(9)
    n = r.randint(0, 5)
    items = [_adversarial(r, depth + 1) for _ in range(n)]
    if kind == 0:  # flow mapping, entries with or without values, explicit keys
        return (
            "{"
            + sep.join(
                r.choice(
                    [f"{x}", f"{x}: {y}", f"? {x}", f"? {x}: {y}", f": {y}", f'"{x}":{y}', f"{x}:"]
                )
                for x, y in zip(items, items[::-1], strict=True)
            )
            + r.choice(["}", ",}"])
        )
    if kind == 1:  # flow sequence with single pairs
        return (
            "["
            + sep.join(
                r.choice([x, f"{x}: {x}", f"? {x}", f"? {x}: {x}", f": {x}", f'"{x}":{x}', f"{x}:"])
                for x in items
            )
            + r.choice(["]", ",]"])
        )
    pad = "  " * depth
    if kind == 2:  # block sequence, compact entries
        return "\n".join(f"{pad}- {x}" if r.random() < 0.7 else f"{pad}-" for x in items) or "[]"
    if kind == 3:  # block mapping
        return (
            "\n".join(
                r.choice(
                    [
                        f"{pad}k{i}: {x}",
                        f"{pad}k{i}:",
                        f"{pad}? k{i}",
                        f"{pad}? k{i}\n{pad}: {x}",
                        f"{pad}: {x}",
                    ]
                )
                for i, x in enumerate(items)
            )
            or "{}"
        )
    if kind == 4:  # nested block collections on one line
        return "- " * r.randint(1, 6) + r.choice(["a: b", "? a", "a", "", "{a, b}", "[a: b]"])
    if kind == 5:  # several documents
        return "\n".join(r.choice(["---", "--- ", "...\n---"]) + " " + x for x in items) or "---"
    if kind == 6:  # a block mapping value on the next lines
        return f"k:\n{pad}  " + _adversarial(r, depth + 1).replace("\n", f"\n{pad}  ")
    if kind == 7:  # an indentless sequence under a key
        return "k:\n" + "\n".join(f"{pad}- {x}" for x in items)
    return r.choice(["{", "[", "{a", "[a,", "? ", ": ", "- ", "a: b: c", "{a: b: c}"])


_SOUP = [
    ",",
    ", ",
    "[",
    "]",
    "{",
    "}",
    ":",
    ": ",
    ":\n",
    "?",
    "? ",
    "-",
    "- ",
    "---\n",
    "\n",
    " ",
    "  ",
    "a",
    "b",
    '"x"',
    "'y'",
    "!!str ",
    "&a ",
    "*a",
    "#c\n",
    "|\n",
    ">\n",
    "...\n",
    "\t",
    "\r\n",
    "\u0085",
    "\u2028",
    ":,",
    "[:",
    "{:",
    "!t ",
    "%YAML 1.1\n",
]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_the_value_bounds_are_upper_bounds(r: random.Random) -> None:
    """The loader's cheap bounds are never under the real counts: the values libyaml
    finds in a text (up to its end or its first error), and the nodes of rapidyaml's
    tree, on adversarial shapes, random soups of indicators, and random documents."""
    pick = r.random()
    if pick < 0.45:
        text = _adversarial(r)
    elif pick < 0.8:
        text = "".join(r.choice(_SOUP) for _ in range(r.randint(1, 40)))
    else:
        text = _Gen(r).document()
    raw = text.encode("utf-8", "surrogatepass")
    assert _events(text) <= yamlio._structure_bound(raw), text
    size = _ryml_size(text)
    if size is not None:
        assert size <= yamlio._tree_bound(raw), text


@pytest.mark.parametrize(
    "text",
    [
        "{a, b, c, d, e, f, g, h}\n",
        "[? a, ? b, ? c]\n",
        "{!!str , !!str , !!str }\n",
        "[a: b, c: d, e: f]\n",
        "- - - - a: b\n",
        "? a\n? b\n? c\n",
        "--- a\n--- b\n--- c\n",
        "{? a, ? b: c, : d}\n",
        "[a:, b:, c:]\n",
        "a:\n- b\n- c\n",
        "k: {a, b}\nl: [a: b]\n",
    ],
)
def test_the_value_bound_holds_where_the_old_one_did_not(text: str) -> None:
    """Shapes with more values than the bound of issue 16 gave (``{a, b}``: each key
    has an empty value, no byte of its own): a text of them could pass the limit twice
    over without being counted."""
    assert _events(text) <= yamlio._structure_bound(text.encode())
    size = _ryml_size(text)
    assert size is None or size <= yamlio._tree_bound(text.encode())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents)
def test_the_count_of_a_canonical_text_is_libyamls(data: dict[str, Any]) -> None:
    """A text the writer wrote and the canonical path read: the values of its data are
    exactly the values libyaml counts in it, and within the bound of rapidyaml's JSON
    of it (what stands in for the count when the cheap bound is over the limit)."""
    text = dump_state(data)
    doc = load_text(text, "x")
    if doc.read_by == "canonical":
        assert yamlio.count_nodes(doc.data) == _events(text)
        js = yamlio._emit_json(yamlio._parse_tree(text.encode()))
        assert yamlio.count_nodes(doc.data) <= yamlio._json_bound(js)


def test_a_canonical_text_over_the_limit_is_refused_with_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text the writer wrote whose rapidyaml tree is within the limit (its bound of
    tree nodes) and whose values are not (a key and its value: two values, one node):
    refused as before, with the line of the value past the limit; one within the limit
    by the bound of its JSON is read canonically, never scanned."""
    monkeypatch.setattr(yamlio, "MAX_NODES", 100)
    text = dump_state({f"k{i}": i for i in range(60)})
    raw = text.encode()
    assert yamlio._tree_bound(raw) <= 100 < yamlio._structure_bound(raw)
    assert _events(text) == 121
    with pytest.raises(InvalidInput) as info:
        load_text(text, "x")
    assert info.value.problems[0].code == "yaml.too_many_nodes"
    assert info.value.problems[0].line == 50  # the 101st value: the key k50
    # 93 values (bound 102): read canonically, counted, never scanned
    small = dump_state({**{f"k{i}": i for i in range(40)}, "x": list(range(10))})
    assert _events(small) == 93 and yamlio._structure_bound(small.encode()) > 100
    monkeypatch.setattr(yamlio, "_scan", None)
    doc = load_text(small, "x")
    assert doc.read_by == "canonical" and doc.data["x"][9] == 9


def test_a_canonical_text_is_not_built_past_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text the writer wrote whose JSON (rapidyaml's) may hold more values than the
    limit is not given to orjson: it is scanned, and refused with its line, before any
    of its values is built."""
    monkeypatch.setattr(yamlio, "MAX_NODES", 100)
    built: list[Any] = []
    monkeypatch.setattr(yamlio, "_census", lambda data: built.append(data) or (0, False))
    text = dump_state({f"k{i}": i for i in range(60)})
    with pytest.raises(InvalidInput) as info:
        load_text(text, "x")
    assert info.value.problems[0].code == "yaml.too_many_nodes" and not built


def test_keys_without_values_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """``{a, b, ...}``: two values a key; the bound of issue 16 counted one, so such a
    text twice over the limit was read without a count."""
    monkeypatch.setattr(yamlio, "MAX_NODES", 100)
    text = "x: {" + ", ".join(f"k{i}" for i in range(60)) + "}\n"
    with pytest.raises(InvalidInput) as info:
        load_text(text, "x")
    assert info.value.problems[0].code == "yaml.too_many_nodes"

"""The loader's own nesting count (``yamlio.nesting_passes``), which refuses deep texts
before any parser reads them, against libyaml's open collections on valid YAML: the
referee's files, and random data written in every style PyYAML writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.io.yamlio import nesting_passes

ROOT = Path(__file__).resolve().parent.parent


def libyaml_depth(text: str) -> int:
    """The deepest libyaml's parser nests collections in a text."""
    depth = deepest = 0
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            deepest = max(deepest, depth)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return deepest


def assert_counts(text: str) -> None:
    depth = libyaml_depth(text)
    assert nesting_passes(text, depth) is None, text
    if depth:
        assert nesting_passes(text, depth - 1) is not None, text


FILES = sorted(
    p
    for folder in ("samples", "rulesets", "tests/cases", "tests/recorded")
    for p in (ROOT / folder).rglob("*.yaml")
)


@pytest.mark.parametrize("path", FILES[:400], ids=lambda p: str(p.relative_to(ROOT)))
def test_the_referees_files_are_counted_as_libyaml_does(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        libyaml_depth(text)
    except yaml.YAMLError:
        pytest.skip("not valid YAML (a hostile case)")
    assert_counts(text)


scalars = st.one_of(
    st.integers(-5, 5000), st.booleans(), st.none(), st.text("ab: -#'\"[]{},?|>&!*\n", max_size=8)
)
data = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text("abk -:'\"", min_size=1, max_size=5), inner, max_size=4),
    ),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(data, st.sampled_from([None, True, False]), st.integers(2, 6), st.booleans())
def test_random_data_in_every_style(
    value: Any, flow: bool | None, indent: int, width: bool
) -> None:
    text = yaml.safe_dump(
        value, default_flow_style=flow, indent=indent, width=20 if width else 80, allow_unicode=True
    )
    assert_counts(text)


@pytest.mark.parametrize(
    "text",
    [
        "a:\n- x\n- - y\n  - z\nb: {c: [1, [2, '[']], d: \"]\"}\n",
        "- a: 1\n  b:\n  - c: |\n      - - - not nesting\n      [[[[\n  - d\n",
        "k: 'it''s [ not'\nl: \"multi\n  line [ { quoted\"\nm: [a, # [ comment\n  b]\n",
        "? - a\n  - b\n: c\n",
        "--- [1, [2]]\n--- {a: {b: {c: 1}}}\n",
        "a: &x [1, [2]]\nb: !!str x\n",
    ],
)
def test_shapes_written_by_hand(text: str) -> None:
    assert_counts(text)

"""Files round-trip: reading what we wrote gives the same state, and its hash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clikit import small_state
from referee.core.hexgrid import Direction
from referee.io.state import read_state, write_state
from referee.io.yamlio import dump_state, dump_yaml, load_text
from referee.play import state_hash


def _round(data: dict) -> dict:
    state, problems = read_state(data)
    assert not problems, problems
    assert state is not None
    for dump in (dump_state, dump_yaml):
        text = dump(write_state(state))
        again, problems = read_state(load_text(text, "x").data)
        assert not problems and again is not None
        assert again == state
        assert state_hash(again) == state_hash(state)
    return write_state(again)


def test_small_state_round_trips() -> None:
    out = _round(small_state())
    assert out["sides"]["red"]["units"][0]["at"] == "0305"


@settings(max_examples=60, deadline=None)
@given(
    cur=st.integers(0, 6), extra=st.integers(0, 3), facing=st.sampled_from(list(Direction)),
    traits=st.lists(st.sampled_from(["impetuous", "expendable", "light_infantry",
                                     "mounted_infantry"]), unique=True),
    status=st.lists(st.sampled_from(["activated", "moved", "disordered", "pre_played"]),
                    unique=True),
    name=st.text(max_size=12), side_name=st.text(min_size=1, max_size=8),
    col=st.integers(1, 10), row=st.integers(1, 8),
)
def test_any_unit_round_trips(cur: int, extra: int, facing: Direction, traits: list[str],
                              status: list[str], name: str, side_name: str, col: int,
                              row: int) -> None:
    data = small_state()
    unit = data["sides"]["red"]["units"][0]
    unit.update({"cohesion": {"current": cur, "max": cur + extra + 1}, "facing": facing.name,
                 "traits": traits, "status": status, "name": name or None,
                 "at": f"{col:02d}{row:02d}"})
    data["sides"]["red"]["name"] = side_name
    data["game"] = name or "g"
    _round(data)

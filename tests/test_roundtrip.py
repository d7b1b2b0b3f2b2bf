"""Files round-trip: reading what we wrote gives the same state, and its hash."""

from __future__ import annotations

from hypothesis import example, given, settings
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
    cur=st.integers(0, 6),
    extra=st.integers(0, 3),
    facing=st.sampled_from(list(Direction)),
    traits=st.lists(
        st.sampled_from(["impetuous", "expendable", "light_infantry", "mounted_infantry"]),
        unique=True,
    ),
    status=st.lists(
        st.sampled_from(["activated", "moved", "disordered", "pre_played"]), unique=True
    ),
    name=st.text(max_size=12),
    side_name=st.text(min_size=1, max_size=8),
    col=st.integers(1, 10),
    row=st.integers(1, 8),
)
def test_any_unit_round_trips(
    cur: int,
    extra: int,
    facing: Direction,
    traits: list[str],
    status: list[str],
    name: str,
    side_name: str,
    col: int,
    row: int,
) -> None:
    data = small_state()
    unit = data["sides"]["red"]["units"][0]
    unit.update(
        {
            "cohesion": {"current": cur, "max": cur + extra + 1},
            "facing": facing.name,
            "traits": traits,
            "status": status,
            "name": name or None,
            "at": f"{col:02d}{row:02d}",
        }
    )
    data["sides"]["red"]["name"] = side_name
    data["game"] = name or "g"
    _round(data)


# E-mail safety (SMTP, RFC 5321: at most 998 bytes a line): whatever a state holds, its
# file keeps every line under that, and reads back to the same state.
_text = st.one_of(
    st.text(max_size=20),
    st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=30), st.integers(20, 100)),
)
_roll = st.text("123456", max_size=60)  # rolls as the referee records them (play.record)
_entry = st.fixed_dictionaries(
    {
        "index": st.integers(1, 500),
        "phase": st.sampled_from(["movement", "combat"]),
        "orders": st.lists(
            st.one_of(
                _text,
                st.fixed_dictionaries(
                    {
                        "unit": _text,
                        "path": st.lists(st.sampled_from(["0101", "0102", "0203"]), max_size=60),
                    }
                ),
            ),
            max_size=200,
        ),
        "rolls": st.lists(_roll, max_size=300),
        "state_hash": st.text("0123456789abcdef", min_size=64, max_size=64),
    }
)


@settings(max_examples=25, deadline=None)
@example(
    name="Légion « Alaudae » " * 80,
    side_name="x" * 3000,
    road=600,
    history=[
        {
            "index": 1,
            "phase": "combat",
            "state_hash": "0" * 64,
            "orders": [f"R{i} melee B{i}" for i in range(300)]
            + [{"unit": "R1", "path": ["0101"] * 300}],
            "rolls": ["".join(str(1 + (i + k) % 6) for k in range(60)) for i in range(7)],
        }
    ],
)
@given(name=_text, side_name=_text, road=st.integers(2, 600), history=st.lists(_entry, max_size=3))
def test_files_fit_e_mail_and_read_back(
    name: str, side_name: str, road: int, history: list[dict]
) -> None:
    data = small_state()
    data["sides"]["red"]["units"][0]["name"] = name or None
    data["sides"]["red"]["name"] = side_name or "Red"
    data["map"]["columns"], data["map"]["rows"] = 99, 99
    snake = [
        (1 + i // 99, 1 + i % 99 if (i // 99) % 2 == 0 else 99 - i % 99) for i in range(road)
    ]  # down a column, up the next one
    data["map"]["roads"] = [[f"{c:02d}{r:02d}" for c, r in snake]]
    data["history"] = history
    state, problems = read_state(data)
    assert not problems and state is not None
    text = dump_state(write_state(state))
    assert max(len(line.encode("utf-8")) for line in text.split("\n")) < 998
    again, problems = read_state(load_text(text, "x").data)
    assert not problems and again == state
    assert state_hash(again) == state_hash(state)

"""referee.core.records.NamedTuple makes the class typing.NamedTuple makes (the
ruleset's records), without compiling the annotations."""

from __future__ import annotations

import pickle
import typing
from typing import Generic, TypeVar

import pytest

from referee.core import records
from referee.core.ruleset import Allowance, Param

T = TypeVar("T")


def test_the_ruleset_records_are_named_tuples() -> None:
    cell = Allowance("2/3 ss cb", True, combat=2, max=3)
    assert isinstance(cell, tuple) and cell._fields[:3] == ("text", "exists", "combat")
    assert cell == ("2/3 ss cb", True, 2, 3, False, False, False, None)
    assert cell._replace(max=4).max == 4 and cell.notation == "2/3 ss cb"
    assert Allowance._field_defaults["fleeing"] is None
    assert pickle.loads(pickle.dumps(cell)) == cell
    assert typing.get_type_hints(Allowance)["fleeing"] == int | None
    assert Param(1, "000 §x") == Param(value=1, source="000 §x", note="")
    assert Param[int] is not None and len(Param.__parameters__) == 1
    with pytest.raises(AttributeError):
        cell.max = 5  # type: ignore[misc]


def test_like_typing_named_tuple() -> None:
    class Mine(records.NamedTuple, Generic[T]):
        a: int
        b: T
        c: str = "c"

        def both(self) -> str:
            return f"{self.a}{self.b}"

    class Theirs(typing.NamedTuple, Generic[T]):
        a: int
        b: T
        c: str = "c"

    mine, theirs = Mine(1, "x"), Theirs(1, "x")
    assert tuple(mine) == tuple(theirs) and mine._asdict() == theirs._asdict()
    assert Mine._fields == Theirs._fields and Mine.__module__ == Theirs.__module__
    assert repr(mine) == repr(theirs).replace("Theirs", "Mine") and mine.both() == "1x"
    assert Mine.__annotations__ == {"a": "int", "b": "T", "c": "str"}
    with pytest.raises(TypeError, match="cannot follow"):

        class Bad(records.NamedTuple):
            a: int = 1
            b: int

    with pytest.raises(AttributeError):

        class Worse(records.NamedTuple):
            a: int

            def _replace(self) -> None: ...  # type: ignore[override]


def test_its_named_tuples_are_collections_named_tuples() -> None:
    """``records.namedtuple`` (no code compiled per class) makes the class
    ``collections.namedtuple`` makes: construction, defaults, errors, methods, pickling."""
    import collections
    import copy
    import inspect

    for fields, defaults in ((["a"], None), (["a", "b", "c"], (2, 3)), (["x", "y"], ())):
        ours = records.namedtuple("Point", fields, defaults=defaults, module=__name__)
        theirs = collections.namedtuple("Point", fields, defaults=defaults, module=__name__)
        assert inspect.signature(ours) == inspect.signature(theirs)
        for name in ("__new__", "_make", "_replace", "__repr__", "_asdict", "__getnewargs__"):
            mine, other = getattr(ours, name), getattr(theirs, name)
            assert mine.__qualname__ == other.__qualname__
            # (the one docstring worded otherwise: tests/test_no_tricks.py's words)
            assert mine.__doc__ == other.__doc__ or name == "__getnewargs__"
        assert (ours.__doc__, ours._fields, ours._field_defaults, ours.__match_args__) == (
            theirs.__doc__,
            theirs._fields,
            theirs._field_defaults,
            theirs.__match_args__,
        )
        assert ours.__new__.__defaults__ == theirs.__new__.__defaults__
        assert ours.__new__.__module__ == theirs.__new__.__module__
        args = tuple(range(len(fields)))
        mine, other = ours(*args), theirs(*args)
        assert tuple(mine) == tuple(other) and repr(mine) == repr(other)
        assert mine._asdict() == other._asdict() and copy.copy(mine) == mine
        assert ours(**dict(zip(fields, args, strict=True))) == mine
        assert mine._replace(**{fields[0]: 9})[0] == 9 and ours._make(args) == mine
        assert getattr(ours, fields[0]).__doc__ == getattr(theirs, fields[0]).__doc__
        for bad_args, bad_kwargs in (((), {}), ((*args, 1, 2, 3), {}), (args, {"zz": 1})):
            with pytest.raises(TypeError) as ours_error:
                ours(*bad_args, **bad_kwargs)
            with pytest.raises(TypeError) as their_error:
                theirs(*bad_args, **bad_kwargs)
            assert str(ours_error.value) == str(their_error.value)
    for bad in (["_a"], ["a", "a"], ["class"], ["a b"]):
        with pytest.raises(ValueError) as ours_error:
            records.namedtuple("P", bad)
        with pytest.raises(ValueError) as their_error:
            collections.namedtuple("P", bad)
        assert str(ours_error.value) == str(their_error.value)

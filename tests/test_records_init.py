"""Records' ``__init__`` (referee/core/records.py): the generic one, and the one a class
gets after ``HOT`` calls, bind arguments alike."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, field
from typing import Any

import pytest

from referee.core import records
from referee.core.records import record


def _classes() -> list[type]:
    @record(frozen=True, slots=True)
    class Slotted:
        a: int
        b: str = "b"
        c: list[int] = field(default_factory=list)
        d: int = field(default=4, kw_only=True)
        e: int = field(kw_only=True, default_factory=lambda: 5)

    @record(frozen=True)
    class Plain:
        a: int
        b: str = "b"
        c: list[int] = field(default_factory=list)
        seen: tuple[int, ...] = ()

        def __post_init__(self) -> None:
            object.__setattr__(self, "seen", (self.a,))

    @record(frozen=False)
    class Mutable:
        a: int
        b: int = 2

    return [Slotted, Plain, Mutable]


def _calls(cls: type) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1,), {}), ((1, "x"), {}), ((), {"a": 1, "b": "y"}), ((1,), {"c": [3]}),
        ((1, "x", [2]), {}), ((), {})]
    if cls.__name__ == "Slotted":
        calls += [((1,), {"d": 7}), ((1,), {"e": 8, "d": 9}), ((1, "x", [2], 4), {})]
    return [*calls, ((1,), {"a": 2}), ((1,), {"z": 1}), ((1, 2, 3, 4, 5, 6), {})]


def _outcome(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    try:
        made = cls(*args, **kwargs)
    except TypeError:
        return TypeError
    return made


@pytest.mark.parametrize("which", [0, 1, 2])
def test_the_compiled_init_binds_as_the_generic_one(which: int) -> None:
    cls = _classes()[which]
    before = [_outcome(cls, a, k) for a, k in _calls(cls)]
    generic = cls.__dict__["__init__"]
    for _ in range(records.HOT):
        cls(1)
    assert cls.__dict__["__init__"] is not generic  # compiled
    after = [_outcome(cls, a, k) for a, k in _calls(cls)]
    assert after == before
    assert [repr(x) for x in after] == [repr(x) for x in before]
    made = cls(1)
    if which < 2:
        assert made.c == [] and made.c is not cls(1).c  # a fresh list per record
    if which == 1:
        assert made.seen == (1,)  # __post_init__ ran
    if which < 2:
        with pytest.raises(FrozenInstanceError):
            made.a = 2  # type: ignore[misc]

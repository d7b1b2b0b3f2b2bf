"""Records' generic ``__init__`` (referee/core/records.py) binds arguments as the
dataclass's would: the same records, the same refusals, however often it is called."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest

from referee.core.records import record


def _classes(make: Callable[..., Any] = record) -> list[type]:
    @make(frozen=True, slots=True)
    class Slotted:
        a: int
        b: str = "b"
        c: list[int] = field(default_factory=list)
        d: int = field(default=4, kw_only=True)
        e: int = field(kw_only=True, default_factory=lambda: 5)

    @make(frozen=True)
    class Plain:
        a: int
        b: str = "b"
        c: list[int] = field(default_factory=list)
        seen: tuple[int, ...] = ()

        def __post_init__(self) -> None:
            object.__setattr__(self, "seen", (self.a,))

    @make(frozen=False)
    class Mutable:
        a: int
        b: int = 2

    return [Slotted, Plain, Mutable]


def _calls(cls: type) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1,), {}),
        ((1, "x"), {}),
        ((), {"a": 1, "b": "y"}),
        ((1,), {"c": [3]}),
        ((1, "x", [2]), {}),
        ((), {}),
    ]
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
def test_the_generic_init_binds_as_the_dataclass_one(which: int) -> None:
    cls, twin = _classes()[which], _classes(dataclass)[which]
    expected = [repr(_outcome(twin, a, k)) for a, k in _calls(twin)]
    generic = cls.__dict__["__init__"]
    for _ in range(300):  # often called: the same __init__, the same records
        assert [repr(_outcome(cls, a, k)) for a, k in _calls(cls)] == expected
    assert cls.__dict__["__init__"] is generic
    made = cls(1)
    if which < 2:
        assert made.c == [] and made.c is not cls(1).c  # a fresh list per record
    if which == 1:
        assert made.seen == (1,)  # __post_init__ ran
    if which < 2:
        with pytest.raises(FrozenInstanceError):
            made.a = 2  # type: ignore[misc]

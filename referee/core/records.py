"""Frozen records at a fraction of a dataclass's import cost.

``@record(slots=True)`` makes the same class as ``@dataclass(frozen=True, slots=True)``
for everything the referee uses: fields with defaults and ``field(default_factory=...)``
(and ``kw_only``), keyword and positional construction, ``__post_init__``, equality and
hashing over the compared fields, ``repr``, immutability (``FrozenInstanceError``),
``dataclasses.replace``, ``fields``, ``asdict`` and ``is_dataclass``, ``__match_args__``,
pickling and copying of slotted classes. Type checkers see a dataclass (the name is
``dataclasses.dataclass`` for them).

Why: ``dataclasses`` writes the source of each class's ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__``... and compiles it when the module is
imported, about 0.75 ms a frozen class (bench/RESULTS.md, "Start-up"): the referee's
records cost tens of milliseconds on every command. Here the methods are shared
functions built from the field list (``operator.attrgetter``), nothing is compiled,
about 0.1 ms a class. A class may still write its own ``__init__`` (the model's
records, built tens of thousands of times on large games, do: as fast as the
dataclass's); otherwise a generic one binds the arguments like a dataclass's would.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

_set = object.__setattr__

if TYPE_CHECKING:
    from dataclasses import dataclass as record

    __all__ = ["record"]
else:

    def record(
        cls: type[T] | None = None, /, *, frozen: bool = True, slots: bool = False, eq: bool = True
    ) -> Any:
        """``@record`` / ``@record(slots=True)``: see the module doc. ``frozen=False``: the
        same class as ``@dataclass`` (fields assignable, unhashable when compared)."""

        def wrap(c: type[T]) -> type[T]:
            return _build(c, slots=slots, eq=eq, frozen=frozen)

        return wrap if cls is None else wrap(cls)


def _build(cls: Any, slots: bool, eq: bool, frozen: bool = True) -> Any:
    own = cls.__dict__
    mine = {
        name: own[name]
        for name in ("__init__", "__repr__", "__eq__", "__hash__")
        if name in own and own[name] is not None
    }
    if not cls.__doc__:  # else dataclasses builds one with inspect.signature (7 ms the
        # first time in a process: it compiles tokenize's patterns)
        cls.__doc__ = f"{cls.__name__}({', '.join(own.get('__annotations__', ()))})"
    new: Any = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=slots)
    fields = dataclasses.fields(new)
    names = tuple(f.name for f in fields)
    if "__init__" not in mine:
        new.__init__ = _generic_init(new, fields)
    if "__repr__" not in mine:
        shown = tuple(f.name for f in fields if f.repr)

        def __repr__(self: Any) -> str:
            inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shown)
            return f"{type(self).__qualname__}({inner})"

        new.__repr__ = __repr__
    if eq and "__eq__" not in mine:
        compared = tuple(f.name for f in fields if f.compare)
        key: Callable[[Any], tuple[Any, ...]]
        if len(compared) > 1:
            key = attrgetter(*compared)
        elif compared:
            one = attrgetter(compared[0])

            def key(o: Any) -> tuple[Any, ...]:
                return (one(o),)
        else:

            def key(o: Any) -> tuple[Any, ...]:
                return ()

        def __eq__(self: Any, other: Any) -> bool:
            if other.__class__ is self.__class__:
                return bool(key(self) == key(other))
            return NotImplemented

        new.__eq__ = __eq__
        if "__hash__" not in mine:
            if frozen:

                def __hash__(self: Any) -> int:
                    return hash(key(self))

                new.__hash__ = __hash__
            else:  # dataclass(eq=True): a mutable record is unhashable
                new.__hash__ = None
    elif "__hash__" in mine:
        new.__hash__ = mine["__hash__"]
    if not frozen:
        if slots:
            _slotted_state(new, names)
        return new
    field_names = frozenset(names)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is new or name in field_names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        _set(self, name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is new or name in field_names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        object.__delattr__(self, name)

    new.__setattr__ = __setattr__
    new.__delattr__ = __delattr__
    if slots:
        _slotted_state(new, names)
    return new


def _slotted_state(new: Any, names: tuple[str, ...]) -> None:
    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, n) for n in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for n, v in zip(names, state, strict=True):
            _set(self, n, v)

    new.__getstate__ = __getstate__
    new.__setstate__ = __setstate__


def _generic_init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """An ``__init__`` binding arguments as the dataclass's would (positional fields
    first, ``kw_only`` ones by keyword), with the same errors for missing, unknown or
    repeated arguments."""
    positional = tuple(f.name for f in fields if not f.kw_only)
    known = frozenset(f.name for f in fields)
    defaults = {f.name: f.default for f in fields if f.default is not MISSING}
    factories = tuple(
        (f.name, f.default_factory) for f in fields if f.default_factory is not MISSING
    )
    required = known - defaults.keys() - {n for n, _ in factories}
    post_init = getattr(cls, "__post_init__", None)
    name = cls.__qualname__
    npos = len(positional)
    slotted = "__slots__" in cls.__dict__

    def bind(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        if len(args) > npos:
            raise TypeError(
                f"{name}.__init__() takes {npos + 1} positional arguments but "
                f"{len(args) + 1} were given"
            )
        for n, v in zip(positional, args, strict=False):
            if n in kwargs:
                raise TypeError(f"{name}.__init__() got multiple values for argument {n!r}")
            kwargs[n] = v

    def check(kwargs: dict[str, Any]) -> None:
        unknown = kwargs.keys() - known
        if unknown:
            raise TypeError(
                f"{name}.__init__() got an unexpected keyword argument {sorted(unknown)[0]!r}"
            )
        missing = [n for n in positional if n in required and n not in kwargs] + sorted(
            required - kwargs.keys() - set(positional)
        )
        raise TypeError(f"{name}.__init__() missing 1 required argument: {missing[0]!r}")

    def enter(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """What every call does first: positional arguments bound, the names checked."""
        if args:
            bind(args, kwargs)
        if not (kwargs.keys() <= known and required <= kwargs.keys()):
            check(kwargs)

    if slotted:

        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            enter(args, kwargs)
            for n, v in defaults.items():
                if n not in kwargs:
                    _set(self, n, v)
            for n, f in factories:
                if n not in kwargs:
                    _set(self, n, f())
            for n, v in kwargs.items():
                _set(self, n, v)
            if post_init is not None:
                post_init(self)
    else:

        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            enter(args, kwargs)
            values = self.__dict__  # a frozen class: its own __setattr__ refuses
            values.update(defaults)
            for n, f in factories:
                if n not in kwargs:
                    values[n] = f()
            values.update(kwargs)
            if post_init is not None:
                post_init(self)

    return __init__

"""A ``typing.NamedTuple`` at a fraction of its import cost (the ruleset's records).

The referee's other records are ``msgspec.Struct``s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# ------------------------------------------------------------------------ NamedTuple
# ``typing.NamedTuple`` checks every field's annotation; with ``from __future__ import
# annotations`` each one is a string, made a ``ForwardRef`` by compiling it: 0.15 ms
# a class (the ruleset's 30 records: 5 ms on every command). This one makes the same
# class (``collections.namedtuple``, generic ones too) and keeps the annotations as
# written. Type checkers see ``typing.NamedTuple``.
if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    import sys
    from operator import itemgetter

    _tuplegetter: Any
    try:
        from _collections import _tuplegetter
    except ImportError:  # pragma: no cover - as collections does

        def _tuplegetter(index: int, doc: str) -> Any:
            return property(itemgetter(index), doc=doc)

    # the code of ``collections.namedtuple``'s ``__new__`` (``lambda _cls, a, b:
    # _tuple_new(_cls, (a, b))``), compiled once per number of fields and renamed for
    # each class (``CodeType.replace``): namedtuple compiles it for every class, 0.023 ms
    # of its 0.056 (the ruleset's 30 records: 0.7 ms on every command)
    _NEW_CODE: dict[int, Any] = {}

    def _new_code(names: tuple[str, ...]) -> Any:
        n = len(names)
        code = _NEW_CODE.get(n)
        if code is None:
            args = ", ".join(f"_{i}" for i in range(n)) + ("," if n == 1 else "")
            code = _NEW_CODE[n] = eval(
                f"lambda _cls, {args}: _tuple_new(_cls, ({args}))", {"__builtins__": {}}
            ).__code__
        return code.replace(co_varnames=("_cls", *names))

    def namedtuple(
        typename: str, field_names: list[str], *, defaults: Any = None, module: str | None = None
    ) -> Any:
        """``collections.namedtuple(typename, field_names, defaults=..., module=...)``:
        the same class (its ``__new__`` of the same signature, defaults and errors),
        without compiling anything."""
        import types
        from keyword import iskeyword

        field_names = list(map(str, field_names))
        typename = sys.intern(str(typename))
        for name in [typename, *field_names]:
            if not name.isidentifier():
                raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
            if iskeyword(name):
                raise ValueError(f"Type names and field names cannot be a keyword: {name!r}")
        seen: set[str] = set()
        for name in field_names:
            if name.startswith("_"):
                raise ValueError(f"Field names cannot start with an underscore: {name!r}")
            if name in seen:
                raise ValueError(f"Encountered duplicate field name: {name!r}")
            seen.add(name)
        field_defaults = {}
        if defaults is not None:
            defaults = tuple(defaults)
            if len(defaults) > len(field_names):
                raise TypeError("Got more default values than field names")
            field_defaults = dict(
                reversed(list(zip(reversed(field_names), reversed(defaults), strict=False)))
            )
        names = tuple(map(sys.intern, field_names))
        num_fields = len(names)
        arg_list = ", ".join(names) + ("," if num_fields == 1 else "")
        repr_fmt = "(" + ", ".join(f"{name}=%r" for name in names) + ")"
        tuple_new = tuple.__new__
        namespace = {
            "_tuple_new": tuple_new,
            "__builtins__": {},
            "__name__": f"namedtuple_{typename}",
        }
        __new__ = types.FunctionType(_new_code(names), namespace, "__new__", defaults)
        __new__.__doc__ = f"Create new instance of {typename}({arg_list})"

        @classmethod  # type: ignore[misc]
        def _make(cls: Any, iterable: Any) -> Any:
            result = tuple_new(cls, iterable)
            if len(result) != num_fields:
                raise TypeError(f"Expected {num_fields} arguments, got {len(result)}")
            return result

        _make.__func__.__doc__ = f"Make a new {typename} object from a sequence or iterable"

        def _replace(self: Any, /, **kwds: Any) -> Any:
            result = self._make(map(kwds.pop, names, self))
            if kwds:
                raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
            return result

        _replace.__doc__ = (
            f"Return a new {typename} object replacing specified fields with new values"
        )

        def __repr__(self: Any) -> str:
            "Return a nicely formatted representation string"
            return str(self.__class__.__name__ + repr_fmt % self)

        def _asdict(self: Any) -> dict[str, Any]:
            "Return a new dict which maps field names to their values."
            return dict(zip(self._fields, self, strict=False))

        def __getnewargs__(self: Any) -> tuple[Any, ...]:
            "Return self as a plain tuple.  Used by copy."
            return tuple(self)

        for method in (__new__, _make.__func__, _replace, __repr__, _asdict, __getnewargs__):
            method.__qualname__ = f"{typename}.{method.__name__}"
        class_namespace: dict[str, Any] = {
            "__doc__": f"{typename}({arg_list})",
            "__slots__": (),
            "_fields": names,
            "_field_defaults": field_defaults,
            "__new__": __new__,
            "_make": _make,
            "_replace": _replace,
            "__repr__": __repr__,
            "_asdict": _asdict,
            "__getnewargs__": __getnewargs__,
            "__match_args__": names,
        }
        for index, name in enumerate(names):
            class_namespace[name] = _tuplegetter(
                index, sys.intern(f"Alias for field number {index}")
            )
        result = type(typename, (tuple,), class_namespace)
        if module is None:  # pragma: no cover - the metaclass always gives it
            module = sys._getframe(1).f_globals.get("__name__", "__main__")
        result.__module__ = module
        return result

    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__", "__qualname__"})
    _PROHIBITED = frozenset(
        {
            "__new__",
            "__init__",
            "__slots__",
            "__getnewargs__",
            "_fields",
            "_field_defaults",
            "_make",
            "_replace",
            "_asdict",
            "_source",
        }
    )

    class _NamedTupleMeta(type):
        def __new__(mcls, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
            from typing import Generic

            types = ns.get("__annotations__", {})
            defaults = []
            for name in types:
                if name in ns:
                    defaults.append(ns[name])
                elif defaults:
                    raise TypeError(
                        f"non-default namedtuple field {name} cannot follow default field"
                    )
            cls = namedtuple(typename, list(types), defaults=defaults, module=ns["__module__"])
            cls.__annotations__ = dict(types)
            generic = Generic in bases
            if generic:
                cls.__bases__ = (tuple, Generic)
                cls.__class_getitem__ = classmethod(Generic.__class_getitem__.__func__)
            for key, value in ns.items():
                if key in _PROHIBITED:
                    raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
                if key not in _SPECIAL and key not in cls._fields:
                    setattr(cls, key, value)
            if generic:
                cls.__init_subclass__()
            return cls

    _NamedTuple = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})

    def NamedTuple(typename: str, fields: Any = None, /, **kwargs: Any) -> Any:
        raise TypeError("use the class syntax: class Name(NamedTuple): ...")

    NamedTuple.__mro_entries__ = lambda bases: (_NamedTuple,)

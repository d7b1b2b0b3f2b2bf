"""Typed declarations of the files, owned by msgspec: one frozen ``msgspec.Struct`` per
file kind (and per ruleset section) is the decoder, the engine's value and the source
of the JSON Schema. This module holds what they share:

- :func:`decode`: ``msgspec.convert`` of the loaded YAML/JSON (the fast path); when it
  refuses, :func:`problems` walks the same declaration (``msgspec.inspect``) over the
  data and lists **every** problem, each located (``sides.rome.units[3].at``), as a
  code of the catalogue (``problem.spec.*``) and its data, a "did you mean" among them;
- :func:`json_schema`: ``msgspec.json.schema`` inlined, optionally loosened (every key
  optional: files that amend or complete one another).

Constraints are ``Annotated[..., msgspec.Meta(ge=, le=, min_length=, max_length=,
pattern=)]``; closed vocabularies are ``Literal``. ``Meta(extra=...)`` carries what
JSON types cannot say: ``numbers`` (a YAML number is read as its text: ``version:
2``), ``hint_id`` (the catalogue's ``hint.<id>`` said with a problem of that place),
``problem`` (``(code, data)``: the one problem said for anything wrong there, a file's
``format`` say). Pure.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import inspect as mi

from referee.core.errors import InvalidInput
from referee.core.model import Problem

T = TypeVar("T")


class Rec(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The base of the declarations: frozen, closed (an unknown key is a problem)."""


class Ruled(Rec, frozen=True, kw_only=True):
    """A declaration whose keys are tied together: its ``rules(data)`` classmethod lists
    their problems as ``(key, code, data)``, ``data`` the walk's mapping or the value
    itself (read by key, cheaper than a copy), and decoding refuses what it reports, so
    that :func:`decode` falls back to the walk, which says it."""

    @classmethod
    def rules(cls, data: Keyed) -> list[tuple[Any, ...]]:
        return []

    def __post_init__(self) -> None:
        if self.rules(self):
            raise ValueError(f"{type(self).__name__}: keys that do not agree")

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        """A key's value (as ``Mapping.get``)."""
        return getattr(self, key, default)


Keyed = Mapping[str, Any] | Ruled  # what rules() reads by key


def doc(text: str, **meta: Any) -> msgspec.Meta:
    """A field's description (docs, editors) and its constraints."""
    return msgspec.Meta(description=text, **meta)


def numbers(**meta: Any) -> msgspec.Meta:
    """Text that a YAML number may stand for (``version: 2``, a movement cell ``1``),
    with its other constraints (msgspec keeps one ``Meta``'s JSON Schema per type)."""
    extra = {"numbers": True, **meta.pop("extra", {})}
    return msgspec.Meta(extra=extra, extra_json_schema={"x-numbers": True}, **meta)


def label(**meta: Any) -> msgspec.Meta:
    """A hex label (``0507``, ``120304``): text, or a whole number that lost its quotes
    (``at: 0507`` read as 507, written back ``0507``)."""
    extra = {"label_digits": True, **meta.pop("extra", {})}
    return msgspec.Meta(extra=extra, extra_json_schema={"x-label": True}, **meta)


NUMBERS = numbers()
Numbered = Annotated[str, NUMBERS]

# -------------------------------------------------------------------- "did you mean"


def suggestion(word: str, choices: Any) -> dict[str, Any]:
    """A "did you mean" for an unknown word, as data (a problem's ``data["suggest"]``):
    ``{"close": word}``, or the choices (``{"one_of": [...], "more": true}`` past 12)."""
    options = sorted(str(c) for c in choices)
    close = difflib.get_close_matches(str(word), options, n=1, cutoff=0.6)
    if close:
        return {"close": close[0]}
    return {"one_of": options[:12], "more": len(options) > 12}


def unknown(path: str, word: str, choices: Any, code: str, **data: Any) -> Problem:
    """A problem about an unknown word, with its "did you mean"."""
    return Problem(path, code=code, data={**data, "suggest": suggestion(word, choices)})


def kind_code(value: Any) -> str:
    """The kind of a value read from YAML, as a code (``word.value_kind.<code>``)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, Mapping):
        return "mapping"
    if isinstance(value, list | tuple):
        return "list"
    return type(value).__name__


def render_where(where: Any) -> str:
    """``(((None, "sides"), "rome"), 3)`` as ``sides.rome[3]``."""
    parts: list[str | int] = []
    while where is not None:
        where, key = where
        parts.append(key)
    out = ""
    for part in reversed(parts):
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def text_keys(value: Any, where: Any = None) -> list[Problem]:
    """Every key that is not text in plain data carried as written (history entries, a
    mail's body): such data is hashed and signed as JSON, whose keys are text. Walked
    without recursion (the loader bounds the depth)."""
    out: list[Problem] = []
    stack = [(value, where)]
    while stack:
        v, w = stack.pop()
        items = v.items() if isinstance(v, Mapping) else enumerate(v)
        for k, x in items:
            if isinstance(v, Mapping) and not isinstance(k, str):
                data = {"got": kind_code(k)}
                out.append(Problem(render_where((w, str(k))), code="spec.key_not_text", data=data))
            elif isinstance(x, Mapping | list):
                stack.append((x, (w, k)))
    return out


# ------------------------------------------------------------------------ the reporter
_SEQ = (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)
_ABSENT: Any = object()


def _unwrap(t: Any) -> tuple[Any, dict[str, Any]]:
    extra: dict[str, Any] = {}
    while isinstance(t, mi.Metadata):
        extra.update(t.extra or {})
        t = t.type
    return t, extra


def kinds(t: Any) -> list[Any]:
    """What a declared type takes, as kind codes (an enumeration as its values)."""
    t, extra = _unwrap(t)
    if isinstance(t, mi.UnionType):
        return [k for option in t.types for k in kinds(option)]
    if isinstance(t, mi.LiteralType):
        return [list(t.values)]
    if extra.get("label_digits"):
        return ["hex_label"]
    return [_KINDS.get(type(t), "any")]


_KINDS: dict[type, str] = {
    mi.IntType: "whole_number",
    mi.FloatType: "number",
    mi.BoolType: "true_false",
    mi.StrType: "text",
    mi.NoneType: "nothing",
    mi.DictType: "mapping",
    mi.StructType: "mapping",
    **{k: "list" for k in _SEQ},
}
_TAKES = {"whole_number": "number", "true_false": "bool"}  # a kind's values, where not its code


def _fits(t: Any, value: Any) -> bool:
    """Could ``value`` be a ``t`` (by its kind: a mapping for a mapping...)?"""
    kind, extra = kind_code(value), _unwrap(t)[1]
    if kind == "number" and extra.get("numbers"):
        return True  # a YAML number read as its text
    if kind in ("text", "number") and extra.get("label_digits"):
        return True  # a hex label (that may have lost its quotes)
    return kind in {"text" if isinstance(k, list) else _TAKES.get(k, k) for k in kinds(t)}


def _nullable(t: Any) -> bool:
    t, _ = _unwrap(t)
    if isinstance(t, mi.UnionType):
        return any(_nullable(o) for o in t.types)
    return isinstance(t, mi.NoneType | mi.AnyType)


class _Walk:
    """One walk of a declaration over data: the problems (codes and data, said by the
    catalogue), and the data as the declaration reads it (nulls of optional keys
    dropped, numbers as text)."""

    def __init__(self, nulls: bool, keep: frozenset[str] = frozenset(), rules: bool = True) -> None:
        self.problems: list[Problem] = []
        self.nulls, self.keep, self.rules = nulls, keep, rules

    def add(self, where: Any, code: str, data: Any = None, extra: Any = None) -> None:
        """A problem; ``extra``: the place's metadata, whose ``hint_id`` it says."""
        if extra and extra.get("hint_id"):
            data = {**(data or {}), "hint_code": extra["hint_id"]}
        self.problems.append(Problem(render_where(where), code=code, data=data))

    def wrong(self, where: Any, t: Any, value: Any, extra: Mapping[str, Any]) -> Any:
        expected = ["hex_label"] if extra.get("label_digits") else kinds(t)
        self.add(where, "spec.wrong_type", {"expected": expected, "got": kind_code(value)}, extra)
        return value

    def walk(self, t: Any, value: Any, where: Any, loose: bool = False) -> Any:
        t, extra = _unwrap(t)
        kind = type(t)
        if kind is mi.AnyType:
            return value
        if kind is mi.UnionType:
            return self.union(t, value, where, loose)
        if kind is mi.BoolType:
            return value if isinstance(value, bool) else self.wrong(where, t, value, extra)
        if kind is mi.IntType or kind is mi.FloatType:
            number = int if kind is mi.IntType else (int, float)
            if not isinstance(value, number) or isinstance(value, bool):
                return self.wrong(where, t, value, extra)
            return self.bounds(t, value, where, extra)
        if kind is mi.StrType:
            return self.text(t, value, where, extra)
        if kind is mi.LiteralType:
            return self.literal(t, value, where, extra)
        if kind in _SEQ:
            return self.seq(t, value, where, extra)
        if kind is mi.DictType:
            return self.mapping(t, value, where, loose, extra)
        if kind is mi.StructType:
            return self.struct(t, value, where, loose, extra)
        raise TypeError(f"no reporter for {t!r}")  # pragma: no cover - a declaration's bug

    def union(self, t: Any, value: Any, where: Any, loose: bool) -> Any:
        options = [o for o in t.types if not isinstance(_unwrap(o)[0], mi.NoneType)]
        if value is None and len(options) < len(t.types):
            return None
        if len(options) == 1:
            return self.walk(options[0], value, where, loose)
        # the option of the value's kind (no union declares two options of one kind)
        fit = [o for o in options if _fits(o, value)]
        if not fit:  # (a number where text or a mapping is asked)
            return self.wrong(where, t, value, {})
        return self.walk(fit[0], value, where, loose)

    def bounds(self, t: Any, value: Any, where: Any, extra: Mapping[str, Any]) -> Any:
        if t.ge is not None and value < t.ge:  # (the declarations bound with ge and le only)
            self.add(where, "spec.too_small", {"value": value, "limit": t.ge}, extra)
        elif t.le is not None and value > t.le:
            self.add(where, "spec.too_big", {"value": value, "limit": t.le}, extra)
        return value

    def text(self, t: Any, value: Any, where: Any, extra: Mapping[str, Any]) -> Any:
        if not isinstance(value, str):
            if extra.get("label_digits") and isinstance(value, int) and not isinstance(value, bool):
                value = f"{value:04d}"
            elif extra.get("numbers") and isinstance(value, int | float):
                if isinstance(value, bool) or (t.pattern and isinstance(value, float)):
                    return self.wrong(where, t, value, extra)
                value = str(value)  # an id may be a whole number (`id: 12`)
            else:
                return self.wrong(where, t, value, extra)
        pattern = t.pattern or extra.get("pattern")
        if t.min_length and len(value) < t.min_length:
            self.add(where, "spec.empty", None, extra)
        elif t.max_length is not None and len(value) > t.max_length:
            self.add(where, "spec.too_long", {"length": len(value), "limit": t.max_length})
        elif pattern and not re.search(pattern, value):
            if extra.get("choices"):  # a word of a vocabulary (or a prefixed id)
                found = suggestion(value, extra["choices"])
                self.add(where, "spec.unknown_value", {"value": value, "suggest": found})
                return value
            expected = ["hex_label"] if extra.get("label_digits") else ["text_form"]
            data: dict[str, Any] = {"value": value, "expected": expected}
            if extra.get("example") and not extra.get("hint_id"):
                data.update(hint_code="spec.like_example", example=extra["example"])
            self.add(where, "spec.bad_text", data, extra)
        return value

    def literal(self, t: Any, value: Any, where: Any, extra: Mapping[str, Any]) -> Any:
        if value in t.values and type(value) in {type(v) for v in t.values}:
            return value
        if not isinstance(value, str) or not all(isinstance(v, str) for v in t.values):
            return self.wrong(where, t, value, extra)
        found = suggestion(value, t.values)
        self.add(where, "spec.unknown_value", {"value": value, "suggest": found})
        return value

    def seq(self, t: Any, value: Any, where: Any, extra: Mapping[str, Any]) -> Any:
        if not isinstance(value, list):
            return self.wrong(where, t, value, extra)
        low, high = t.min_length or 0, t.max_length
        if len(value) < low:
            self.add(where, "spec.too_few", {"limit": low, "count": len(value)})
        elif high is not None and len(value) > high:
            self.add(where, "spec.too_many", {"limit": high, "count": len(value)})
            return value  # refused whole: a hostile list's items are not walked
        # list items keep their required keys in every file kind (a list replaces whole)
        item = t.item_type
        record, text = _quick(item)
        if record is None and not text:
            return [self.walk(item, v, (where, i)) for i, v in enumerate(value)]
        out: list[Any] = []  # long lists (10,000 units): a record decoded first, text taken,
        for i, v in enumerate(value):  # the rest walked (said where it is wrong)
            if text and type(v) is str:
                out.append(v)
                continue
            if record is not None and isinstance(v, Mapping):
                try:
                    msgspec.convert(v, record)
                    out.append(v)
                    continue
                except msgspec.ValidationError:
                    pass
            out.append(self.walk(item, v, (where, i)))
        return out

    def mapping(self, t: Any, value: Any, where: Any, loose: bool, extra: Mapping[str, Any]) -> Any:
        if not isinstance(value, Mapping):
            return self.wrong(where, t, value, {"hint_id": "spec.key_value_lines", **extra})
        low, high, n = t.min_length or 0, t.max_length, len(value)
        if high is not None and n > high and low != high:
            self.add(where, "spec.entries_at_most", {"count": n, "limit": high})
        elif n < low or (high is not None and n > high):
            self.add(where, "spec.entries", {"count": n, "limit": low, "exact": low == high})
        key_t, key_extra = _unwrap(t.key_type)
        out = {}
        for k, v in value.items():
            here = (where, str(k))
            if type(key_t) is mi.StrType and not key_extra and not isinstance(k, str):
                self.add(here, "spec.key_not_text", {"got": kind_code(k)})
                continue
            if isinstance(key_t, mi.IntType) and isinstance(k, str) and k.isdigit():
                k = int(k)  # a die face written "1"
            out[self.walk(t.key_type, k, here)] = self.walk(t.value_type, v, here, loose)
        return out

    def struct(self, t: Any, value: Any, where: Any, loose: bool, extra: Mapping[str, Any]) -> Any:
        if not isinstance(value, Mapping):
            return self.wrong(where, t, value, {"hint_id": "spec.key_value_lines", **extra})
        fields = {f.encode_name: f for f in t.fields}
        if t.forbid_unknown_fields:
            for k in sorted(value.keys() - fields.keys(), key=str):
                found = suggestion(str(k), fields)
                self.add((where, str(k)), "spec.unknown_key", {"key": str(k), "suggest": found})
        out = {}
        start = len(self.problems)
        for name, f in fields.items():
            v = value.get(name, _ABSENT)
            before = len(self.problems)
            if v is _ABSENT or (v is None and not _nullable(f.type) and self.nulls):
                if f.required and (not loose or (where is None and name in self.keep)):
                    self.add(
                        (where, name), "spec.missing", {"key": name, "expected": kinds(f.type)}
                    )
            elif v is None and not _nullable(f.type):
                self.wrong((where, name), f.type, v, {})
            else:
                out[name] = self.walk(f.type, v, (where, name), loose)
            own = len(self.problems) > before and _unwrap(f.type)[1].get("problem")
            if own:  # the place's own problem (a file's format...)
                del self.problems[before:]
                self.add((where, name), *own)
        rules = getattr(t.cls, "rules", None)  # what ties keys together, once they are right
        if rules is not None and self.rules and len(self.problems) == start:
            for key, *problem in rules(out):
                self.add(where if key is None else (where, key), *problem)
        return out


def _quick(item: Any) -> tuple[Any, bool]:
    """What a list's item may be taken as without its walk: the Struct a mapping is
    decoded as (the item's, or the one of its union), and whether any text fits (an
    option of unconstrained text)."""
    inner, extra = _unwrap(item)
    options = inner.types if isinstance(inner, mi.UnionType) else (item,)
    record, text = None, False
    for option in options:
        o, more = _unwrap(option)
        if isinstance(o, mi.StructType):
            record = o.cls
        elif isinstance(o, mi.StrType) and not (extra or more):
            text = not (o.pattern or o.min_length or o.max_length is not None)
    return record, text


def problems(
    tp: Any,
    data: Any,
    loose: bool = False,
    nulls: bool = True,
    keep: frozenset[str] = frozenset(),
    rules: bool = True,
) -> list[Problem]:
    """Every problem of ``data`` read as ``tp``, each located. ``loose``: every key of
    a mapping optional (not inside list items); ``nulls=False``: ``key: null`` is
    refused where the declaration has no null (house rules: a null would replace a
    ruleset's value), instead of counting as not given; ``keep``: the top-level keys
    that stay required when ``loose`` (a file's ``format``); ``rules=False``: the shape
    alone, as the JSON Schema sees it (not the ``rules`` that tie keys together)."""
    w = _Walk(nulls, keep, rules)
    w.walk(_info(tp), data, None, loose)
    return w.problems


def _info(tp: Any) -> Any:
    """The type info of a declaration; a Struct's fields are translated only when the
    walk reaches them (a house-rules file names two sections of fifteen)."""
    if not (isinstance(tp, type) and issubclass(tp, msgspec.Struct)):
        return mi.type_info(tp)
    fields: Any = tuple(_Field(f) for f in msgspec.structs.fields(tp))  # (as mi.Field)
    return mi.StructType(tp, fields, None, None, False, tp.__struct_config__.forbid_unknown_fields)


class _Field:
    """A Struct's field, its type translated on first use."""

    def __init__(self, f: Any) -> None:
        self.encode_name, self.required, self._type = f.encode_name, f.required, f.type

    @cached_property
    def type(self) -> Any:
        return mi.type_info(self._type)


def decode(tp: type[T], data: Any) -> T:
    """``data`` (loaded YAML/JSON) as ``tp``; every problem at once on failure."""
    try:
        return msgspec.convert(data, tp)
    except msgspec.ValidationError:
        pass
    w = _Walk(True)
    clean = w.walk(_info(tp), data, None)
    if w.problems:
        raise InvalidInput(w.problems)
    try:
        return msgspec.convert(clean, tp)
    except msgspec.ValidationError as exc:  # what the walk does not see (a check of a type)
        detail, _, at = str(exc).partition(" - at `$")
    path = at.rstrip("`").lstrip(".")
    raise InvalidInput(Problem(path, code="spec.invalid", data={"detail": detail})) from None


# ------------------------------------------------------------------------- JSON Schema


def json_schema(
    tp: Any, title: str, schema_id: str, loose: bool = False, nulls: bool = True
) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a declaration as :func:`problems` reads files:
    ``msgspec.json.schema`` inlined (no ``$ref``), with what ``numbers`` and labels
    accept besides text; ``loose``, every key optional outside list items (a list
    replaces a list whole); ``nulls``, an optional key may be written with no value
    (YAML ``key:``, counted as not given)."""
    raw = msgspec.json.schema(tp)
    defs = {k: {**d, "title": None} for k, d in raw.pop("$defs", {}).items()}

    def shape(node: Any, loose: bool) -> Any:
        if isinstance(node, list):
            return [shape(v, loose) for v in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            rest = {k: shape(v, loose) for k, v in node.items() if k != "$ref"}
            return {**shape(defs[node["$ref"].rsplit("/", 1)[1]], loose), **rest}
        keep = set() if loose else set(node.get("required", ()))  # the keys never null
        out: dict[str, Any] = {}
        for k, v in node.items():
            if k == "properties":
                out[k] = {
                    n: _or_null(shape(s, loose), nulls and n not in keep) for n, s in v.items()
                }
            elif v is not None and not (loose and k == "required"):  # (`loose` not into items)
                out[k] = shape(v, loose and k in ("anyOf", "additionalProperties"))
        if isinstance(out.get("description"), str):  # a docstring: one line
            out["description"] = " ".join(out["description"].split())
        said = {k: out.pop(k) for k in ("description", "default") if k in out}
        if out.pop("x-label", False):
            out = {"anyOf": [out, *_LABEL_NUMBERS]}
        elif out.pop("x-numbers", False):  # text, or a number read as its text
            number = {"type": "integer", "minimum": 0} if "pattern" in out else {"type": "number"}
            out = {"anyOf": [out, number]}
        return {**out, **said}

    head = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": schema_id}
    return {**head, "title": title, **shape(raw, loose)}


_LABEL_NUMBERS = [  # a hex label CCRR or CCCRRR that lost its quotes (leading zeros too)
    {"type": "integer", "minimum": 0, "maximum": 9999},
    {"type": "integer", "minimum": 100000, "maximum": 999999},
]


def _takes_null(s: dict[str, Any]) -> bool:
    return s.get("type") == "null" or any(_takes_null(o) for o in s.get("anyOf", ()))


def _or_null(s: dict[str, Any], optional: bool) -> dict[str, Any]:
    if not optional or _takes_null(s):
        return s
    return {"anyOf": [s, {"type": "null"}], **{x: s[x] for x in ("description",) if x in s}}


def head_of(tp: Any, names: tuple[str, ...], required: frozenset[str]) -> Any:
    """A Struct of some keys of ``tp`` (a file's head, checked before the rest), the
    ``required`` ones required and the others optional."""
    fields = [
        (f.encode_name, f.type) if f.encode_name in required else (f.encode_name, f.type, None)
        for f in msgspec.structs.fields(tp)
        if f.encode_name in names
    ]
    return msgspec.defstruct(f"{tp.__name__}Head", fields, kw_only=True, forbid_unknown_fields=True)


def field_paths(tp: Any) -> list[str]:
    """The key path of every field reachable through mappings of named keys (not
    through lists or data-keyed mappings): ``movement_rules.road_bonus``..."""
    out: list[str] = []

    def go(t: Any, prefix: str) -> None:
        t, _ = _unwrap(t)
        if isinstance(t, mi.UnionType):
            for o in t.types:
                go(o, prefix)
        elif isinstance(t, mi.StructType):
            for f in t.fields:
                path = f"{prefix}.{f.encode_name}" if prefix else f.encode_name
                out.append(path)
                go(f.type, path)

    go(mi.type_info(tp), "")
    return out

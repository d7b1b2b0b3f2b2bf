"""Declarative file schemas: each file kind is described once, here-style, and three
things follow from that one description:

- ``check(node, data)``: the reader's shape checks, reporting **every** problem at
  once, each located by its path inside the file (``sides.rome.units[3].at``), with
  "did you mean" for an unknown key or value;
- ``json_schema(node)``: the JSON Schema (draft 2020-12) for editors, with
  ``additionalProperties: false``, enums and a description on every key;
- ``reference(node)``: the key-by-key reference table for ``docs/``.

A spec is a tree of small frozen nodes (``Obj``, ``Dict``, ``Seq``, ``Str``, ``Int``,
``Num``, ``Bool``, ``Opt``, ``OneOf``, ``Data``, ``Free``). Objects are
closed unless declared ``open``: an unknown key is a problem, never silently ignored.
Rules that tie several keys together (``current`` at most ``max``, two adjacent hexes)
are ``checks`` on an object or list, run once its own shape is right. Pure: no I/O.

Speed matters (a 10,000-unit state is checked on every command): the walk builds no
path string unless it reports a problem (a location is a linked chain of keys,
rendered only then) and checks an object's keys with one set operation.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from msgspec import Struct, field
from msgspec.structs import force_setattr

from referee.core.model import Problem

# the words of problems, shared with the msgspec declarations' reporter
from referee.core.typed import (
    kind_code,
    kind_of,
    kinds_text,
    render_where,
    suggestion,
    suggestion_text,
)

# A location inside a file: None (the root) or (parent location, key or index).
Where = tuple[Any, "str | int"] | None

_MISSING: Any = object()


def suggest(word: str, choices: Any) -> str:
    """A "did you mean" hint for an unknown word, or a list of the choices."""
    return suggestion_text(suggestion(word, choices))


Kinds = list[Any]  # kind codes; an enumeration as the list of its values


class Checker:
    """Collects problems during one walk. ``rules=False``: the shape only, as the JSON
    Schema sees it (the ``checks`` of objects and lists are skipped)."""

    __slots__ = ("problems", "rules")

    def __init__(self, rules: bool = True) -> None:
        self.problems: list[Problem] = []
        self.rules = rules

    def add(
        self,
        where: Where,
        message: str,
        hint: str = "",
        code: str = "",
        data: Mapping[str, Any] | None = None,
    ) -> None:
        """One problem: the English ``message`` and ``hint``, and the ``code`` and
        ``data`` the render layer says them from in the run's language."""
        self.problems.append(Problem(render_where(where), message, hint, code=code, data=data))

    def wrong(
        self, where: Where, node: Node, value: Any, hint: str = "", hint_id: str = ""
    ) -> None:
        """``must be <what node takes>, not <what value is>``."""
        kinds = node.kinds()
        data: dict[str, Any] = {"expected": kinds, "got": kind_code(value)}
        if hint_id:
            data["hint_code"] = hint_id
        self.add(
            where,
            f"must be {kinds_text(kinds)}, not {kind_of(value)}",
            hint,
            "spec.wrong_type",
            data,
        )


# A rule over a whole object or list, run once its shape is right: (value, where, checker).
Rule = Callable[[Any, Where, Checker], None]


# ------------------------------------------------------------------------------ nodes
class Node(Struct, frozen=True, kw_only=True, dict=True):  # dict: the caches below
    doc: str = ""  # what the key means, for docs and editors

    def check(self, value: Any, where: Where, c: Checker) -> None:
        raise NotImplementedError

    def kinds(self) -> Kinds:
        """What the node takes, as kind codes (``KIND_NAMES``; an enumeration as the
        list of its values): the data of a problem, said in words by the render layer."""
        raise NotImplementedError

    def type_name(self) -> str:
        return kinds_text(self.kinds())

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError


class Free(Node, frozen=True):
    """Any value, not even looked at: for parts whose shape another module checks (say
    so in ``doc``). Prefer ``Data`` for anything that is written back or hashed."""

    def check(self, value: Any, where: Where, c: Checker) -> None:
        return

    def kinds(self) -> Kinds:
        return ["any"]

    def schema(self) -> dict[str, Any]:
        return _described({}, self.doc)


class Str(Node, frozen=True):
    """Text. ``enum`` and ``pattern`` each allow a value (either suffices when both are
    given, e.g. a trait from a list or ``detachment_of:<id>``). ``numbers``: a YAML
    number is read as its text (``name: 1805``); ``label_digits``: a YAML number is a
    hex label that lost its quotes (``at: 1208``)."""

    enum: tuple[str, ...] | None = None
    pattern: str | None = None
    numbers: bool = False
    label_digits: bool = False
    min_length: int = 0
    max_length: int | None = None  # a bound on hostile text (docs/formats.md §Limits)
    example: str | None = None
    hint: str = ""
    hint_id: str = ""  # the hint's id in the catalogue (``hint.<id>``)

    def __post_init__(self) -> None:
        force_setattr(self, "_rx", re.compile(self.pattern) if self.pattern else None)
        force_setattr(self, "_enum", frozenset(self.enum) if self.enum else None)

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if not isinstance(value, str):
            if isinstance(value, int) and not isinstance(value, bool) and self.label_digits:
                value = f"{value:04d}"
            elif (
                self.numbers
                and not isinstance(value, bool)
                and (isinstance(value, int) or (isinstance(value, float) and not self.pattern))
            ):
                value = str(value)  # an id may be a whole number (`id: 12`), a name any
            else:
                c.wrong(where, self, value, self.hint, self.hint_id)
                return
        if len(value) < self.min_length:
            c.add(
                where,
                "must not be empty",
                self.hint,
                "spec.empty",
                {"hint_code": self.hint_id} if self.hint_id else None,
            )
            return
        if self.max_length is not None and len(value) > self.max_length:
            c.add(
                where,
                f"is {len(value)} characters long: at most {self.max_length}",
                "",
                "spec.too_long",
                {"length": len(value), "limit": self.max_length},
            )
            return
        enum: frozenset[str] | None = self._enum  # type: ignore[attr-defined]
        rx: re.Pattern[str] | None = self._rx  # type: ignore[attr-defined]
        if enum is None and rx is None:
            return
        if enum is not None and value in enum:
            return
        if rx is not None and rx.fullmatch(value):
            return
        if enum is not None:
            found = suggestion(value, enum)
            c.add(
                where,
                f"unknown value {value!r}",
                suggestion_text(found),
                "spec.unknown_value",
                {"value": value, "suggest": found},
            )
        else:
            # text of the wrong form: "'six' is not text" would say nothing useful
            kinds = ["text_form"] if self.kinds() == ["text"] else self.kinds()
            data: dict[str, Any] = {"value": value, "expected": kinds}
            if self.hint_id:
                data["hint_code"] = self.hint_id
            elif not self.hint and self.example:
                data.update(hint_code="spec.like_example", example=self.example)
            c.add(
                where,
                f"{value!r} is not {kinds_text(kinds)}",
                self.hint or (f"write it like {self.example}" if self.example else ""),
                "spec.bad_text",
                data,
            )

    def kinds(self) -> Kinds:
        if self.label_digits:
            return ["hex_label"]
        if self.enum and not self.pattern:
            return [list(self.enum)]
        return ["text"]

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if self.min_length:
            out["minLength"] = self.min_length
        if self.max_length is not None:
            out["maxLength"] = self.max_length
        if self.enum and self.pattern:
            out = {
                "anyOf": [
                    {"enum": list(self.enum)},
                    {"type": "string", "pattern": f"^(?:{self.pattern})$"},
                ]
            }
        elif self.enum:
            out = {"enum": list(self.enum)}
        elif self.pattern:
            out["pattern"] = f"^(?:{self.pattern})$"
        if self.label_digits:  # CCRR or CCCRRR that lost its quotes (leading zeros too)
            out = {
                "anyOf": [
                    out,
                    {"type": "integer", "minimum": 0, "maximum": 9999},
                    {"type": "integer", "minimum": 100000, "maximum": 999999},
                ]
            }
        elif self.numbers:
            out = {
                "anyOf": [
                    out,
                    {"type": "integer", "minimum": 0} if self.pattern else {"type": "number"},
                ]
            }
        if self.example is not None:
            out["examples"] = [self.example]
        return _described(out, self.doc)


class Int(Node, frozen=True):
    minimum: int | None = None
    maximum: int | None = None
    hint: str = ""
    hint_id: str = ""  # the hint's id in the catalogue (``hint.<id>``)

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            c.wrong(where, self, value, self.hint, self.hint_id)
        elif self.minimum is not None and value < self.minimum:
            c.add(
                where,
                f"must be {self.minimum} or more, not {value}",
                self.hint,
                "spec.too_small",
                _limit(value, self.minimum, self.hint_id),
            )
        elif self.maximum is not None and value > self.maximum:
            c.add(
                where,
                f"must be {self.maximum} or less, not {value}",
                self.hint,
                "spec.too_big",
                _limit(value, self.maximum, self.hint_id),
            )

    def kinds(self) -> Kinds:
        return ["whole_number"]

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return _described(out, self.doc)


class Num(Node, frozen=True):
    minimum: float | None = None

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if not isinstance(value, int | float) or isinstance(value, bool):
            c.wrong(where, self, value)
        elif self.minimum is not None and value < self.minimum:
            c.add(
                where,
                f"must be {self.minimum} or more, not {value}",
                "",
                "spec.too_small",
                _limit(value, self.minimum),
            )

    def kinds(self) -> Kinds:
        return ["number"]

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "number"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        return _described(out, self.doc)


class Bool(Node, frozen=True):
    def check(self, value: Any, where: Where, c: Checker) -> None:
        if not isinstance(value, bool):
            c.wrong(where, self, value)

    def kinds(self) -> Kinds:
        return ["true_false"]

    def schema(self) -> dict[str, Any]:
        return _described({"type": "boolean"}, self.doc)


class Opt(Node, frozen=True):
    """``node`` or nothing (``null``)."""

    node: Node = field(default_factory=Free)

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if value is not None:
            self.node.check(value, where, c)

    def kinds(self) -> Kinds:
        return [*self.node.kinds(), "nothing"]

    def schema(self) -> dict[str, Any]:
        return _described(
            {"anyOf": [self.node.schema(), {"type": "null"}]}, self.doc or self.node.doc
        )


class Seq(Node, frozen=True):
    item: Node = field(default_factory=Free)
    min_items: int = 0
    max_items: int | None = None
    checks: tuple[Rule, ...] = ()

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if not isinstance(value, list):
            c.wrong(where, self, value)
            return
        before = len(c.problems)
        if len(value) < self.min_items:
            c.add(
                where,
                f"must list at least {self.min_items}, not {len(value)}",
                "",
                "spec.too_few",
                {"limit": self.min_items, "count": len(value)},
            )
        elif self.max_items is not None and len(value) > self.max_items:
            c.add(
                where,
                f"must list at most {self.max_items}, not {len(value)}",
                "",
                "spec.too_many",
                {"limit": self.max_items, "count": len(value)},
            )
            # its items are not checked: a list past its bound is refused whole, and a
            # hostile one (a million numbers in a history blob) would cost seconds of
            # problems nobody reads (docs/hostile.md)
            return
        item = self.item
        if isinstance(item, Free):
            pass
        elif len(value) >= FAST_FROM and type(item) in _FAST_KINDS:
            ok = fast(item)
            item_check = item.check
            for i, v in enumerate(value):
                if not ok(v):  # (a well-formed item has nothing to report)
                    item_check(v, (where, i), c)
        else:
            for i, v in enumerate(value):
                item.check(v, (where, i), c)
        if self.checks and c.rules and len(c.problems) == before:
            for rule in self.checks:
                rule(value, where, c)

    def kinds(self) -> Kinds:
        return ["list"]

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        return _described(out, self.doc)


class Dict(Node, frozen=True):
    """A mapping whose keys are data (hex labels, side ids), each value a ``value``."""

    key: Str = field(default_factory=Str)
    value: Node = field(default_factory=Free)
    min_items: int = 0
    max_items: int | None = None

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if not isinstance(value, Mapping):
            c.wrong(where, self, value, "write key: value lines", "spec.key_value_lines")
            return
        if len(value) < self.min_items or (
            self.max_items is not None and len(value) > self.max_items
        ):
            exact = self.min_items == self.max_items
            if not exact and self.max_items is not None and len(value) > self.max_items:
                c.add(
                    where,
                    f"has {len(value)} entries",
                    f"give at most {self.max_items}",
                    "spec.entries_at_most",
                    {"count": len(value), "limit": self.max_items},
                )
            else:
                want = f"exactly {self.min_items}" if exact else f"at least {self.min_items}"
                c.add(
                    where,
                    f"has {len(value)} entries",
                    f"give {want}",
                    "spec.entries",
                    {"count": len(value), "limit": self.min_items, "exact": exact},
                )
        key_node, value_node = self.key, self.value
        if len(value) >= FAST_FROM and type(value_node) in _FAST_KINDS:
            key_ok, value_ok = fast(key_node), fast(value_node)
        else:
            key_ok = value_ok = _false
        for k, v in value.items():
            if key_ok(k) and value_ok(v):
                continue  # (a well-formed entry has nothing to report)
            here = (where, str(k))
            key_node.check(k, here, c)
            value_node.check(v, here, c)

    def kinds(self) -> Kinds:
        return ["mapping"]

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object", "additionalProperties": self.value.schema()}
        names = self.key.schema()
        names.pop("description", None)
        if names != {"type": "string"}:
            # JSON object keys are strings: a hex label key is always its text
            names = names["anyOf"][0] if "anyOf" in names and self.key.label_digits else names
            out["propertyNames"] = names
        if self.min_items:
            out["minProperties"] = self.min_items
        if self.max_items is not None:
            out["maxProperties"] = self.max_items
        return _described(out, self.doc)


class Field(Struct, frozen=True):
    node: Node
    required: bool = False
    default: Any = _MISSING
    doc: str = ""

    @property
    def description(self) -> str:
        return self.doc or self.node.doc


class Obj(Node, frozen=True):
    """A mapping with named keys. Closed unless ``open``: unknown keys are problems."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    open: bool = False
    hint: str = ""
    hint_id: str = ""  # the hint's id in the catalogue (``hint.<id>``)
    checks: tuple[Rule, ...] = ()
    # ``key:`` with no value counts as not given; False (house rules, which are merged
    # over a ruleset: a null would replace its value) refuses it where null is not allowed
    null_is_absent: bool = True

    def __post_init__(self) -> None:
        force_setattr(self, "_keys", frozenset(self.fields))
        force_setattr(self, "_required", tuple(k for k, f in self.fields.items() if f.required))
        # each key's check, looked up once per value (a 10,000-unit state has 10,000
        # unit mappings); keys whose node checks nothing are left out
        force_setattr(
            self,
            "_checkers",
            {k: f.node.check for k, f in self.fields.items() if not isinstance(f.node, Free)},
        )

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if not isinstance(value, Mapping):
            c.wrong(
                where,
                self,
                value,
                self.hint or "write key: value lines",
                self.hint_id or ("" if self.hint else "spec.key_value_lines"),
            )
            return
        problems = c.problems
        before = len(problems)
        if not self.open:
            unknown = value.keys() - self._keys  # type: ignore[attr-defined]
            if unknown:
                keys = self._keys  # type: ignore[attr-defined]
                for k in sorted(unknown, key=str):
                    found = suggestion(str(k), keys)
                    c.add(
                        (where, str(k)),
                        "unknown key",
                        suggestion_text(found),
                        "spec.unknown_key",
                        {"key": str(k), "suggest": found},
                    )
        for k in self._required:  # type: ignore[attr-defined]
            if value.get(k) is None and (self.null_is_absent or k not in value):
                node = self.fields[k].node
                c.add(
                    (where, k),
                    "is missing",
                    f"add `{k}:` ({node.type_name()})",
                    "spec.missing",
                    {"key": k, "expected": node.kinds()},
                )
        if not self.null_is_absent:
            for k, v in value.items():
                f = self.fields.get(k)
                if v is None and f is not None and not isinstance(f.node, Opt | Free):
                    c.wrong((where, k), f.node, v)
        checkers: dict[str, Callable[[Any, Where, Checker], None]] = self._checkers  # type: ignore[attr-defined]
        for k, v in value.items():
            # an optional key written with no value (YAML `key:`) counts as not given
            if v is not None:
                checker = checkers.get(k)
                if checker is not None:
                    checker(v, (where, k), c)
        if self.checks and c.rules and len(problems) == before:
            for rule in self.checks:
                rule(value, where, c)

    def kinds(self) -> Kinds:
        return ["mapping"]

    def schema(self) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for k, f in self.fields.items():
            s = f.node.schema()
            if f.doc:
                s["description"] = f.doc
            if f.default is not _MISSING:
                s["default"] = f.default
            if not f.required and not isinstance(f.node, Opt | Free) and self.null_is_absent:
                # an optional key may be written with no value (YAML `key:`)
                s = {
                    "anyOf": [s, {"type": "null"}],
                    **({"description": s["description"]} if "description" in s else {}),
                }
            props[k] = s
        out: dict[str, Any] = {"type": "object", "properties": props}
        required = [k for k, f in self.fields.items() if f.required]
        if required:
            out["required"] = required
        if not self.open:
            out["additionalProperties"] = False
        return _described(out, self.doc)


class OneOf(Node, frozen=True):
    """One of several shapes. ``pick`` chooses the option for a value (by its type or a
    key it carries); without it, the option with the fewest problems is reported."""

    options: tuple[Node, ...] = ()
    pick: Callable[[Any], Node | None] | None = None

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if self.pick is not None:
            node = self.pick(value)
            if node is None:
                c.wrong(where, self, value)
            else:
                node.check(value, where, c)
            return
        best: list[Problem] | None = None
        for option in self.options:
            trial = Checker()
            option.check(value, where, trial)
            if not trial.problems:
                return
            if best is None or len(trial.problems) < len(best):
                best = trial.problems
        c.problems.extend(best or [])

    def kinds(self) -> Kinds:
        return [k for o in self.options for k in o.kinds()]

    def schema(self) -> dict[str, Any]:
        return _described({"anyOf": [o.schema() for o in self.options]}, self.doc)


_SIMPLE = (str, int, bool, type(None))  # floats are looked at: infinity is refused


class Data(Node, frozen=True):
    """Plain data of any shape (text, numbers, true/false, null, lists and mappings with
    text keys), for parts another module reads or that are only carried along (history
    entries, house rules). It refuses what could not be written back as JSON: dates
    (``2024-01-01`` unquoted), binary, sets, keys that are not text, infinite numbers,
    and nesting deeper than ``max_depth``. ``mapping``: the value itself is a mapping.
    Walked without recursion."""

    mapping: bool = False
    max_depth: int = 32

    def check(self, value: Any, where: Where, c: Checker) -> None:
        if self.mapping and not isinstance(value, dict):
            c.wrong(where, self, value, "write key: value lines", "spec.key_value_lines")
            return
        limit = self.max_depth
        stack: list[tuple[Any, Where, int]] = [(value, where, 0)]
        pop, push = stack.pop, stack.append
        while stack:
            v, w, depth = pop()
            t = type(v)
            if t is dict:
                if depth >= limit:
                    c.add(
                        w,
                        f"nested more than {limit} levels deep",
                        "flatten it",
                        "spec.too_deep",
                        {"limit": limit},
                    )
                    continue
                for k, x in v.items():
                    if type(k) is not str:
                        c.add(
                            (w, str(k)),
                            f"a key must be text, not {kind_of(k)}",
                            "write the key in quotes",
                            "spec.key_not_text",
                            {"got": kind_code(k)},
                        )
                    elif type(x) not in _SIMPLE:
                        push((x, (w, k), depth + 1))
            elif t is list:
                if depth >= limit:
                    c.add(
                        w,
                        f"nested more than {limit} levels deep",
                        "flatten it",
                        "spec.too_deep",
                        {"limit": limit},
                    )
                    continue
                for i, x in enumerate(v):
                    if type(x) not in _SIMPLE:
                        push((x, (w, i), depth + 1))
            elif t is float:
                if not math.isfinite(v):
                    c.add(w, "must be a finite number", "", "spec.not_finite")
            elif t not in _SIMPLE:
                c.add(
                    w,
                    f"must be text, a number, true/false, a list or a mapping, not {kind_of(v)}",
                    "write it in quotes" if t is not set else "",
                    "spec.not_plain",
                    {"got": kind_code(v), "quote": t is not set},
                )

    def kinds(self) -> Kinds:
        return ["mapping"] if self.mapping else ["any_plain"]

    def schema(self) -> dict[str, Any]:
        return _described({"type": "object"} if self.mapping else {}, self.doc)


def _limit(value: Any, limit: Any, hint_id: str = "") -> dict[str, Any]:
    data = {"value": value, "limit": limit}
    if hint_id:
        data["hint_code"] = hint_id
    return data


def _described(out: dict[str, Any], doc: str) -> dict[str, Any]:
    if doc:
        out["description"] = doc
    return out


# -------------------------------------------------------------------------- fast path
# Long lists of records (10,000 units) are checked by a predicate per node first: true
# only when the node's full check would report nothing (rules included), false when
# anything is unusual or wrong -- then the item gets the full, located walk, which says
# every problem as before. A predicate may say false for a well-formed value (a hex
# label that lost its quotes, a mapping that is not a dict): that costs the full walk,
# never a problem missed. (tests/test_spec.py checks the predicates against the walk.)
Predicate = Callable[[Any], bool]
FAST_FROM = 128  # lists and mappings from this length (building a predicate costs ~0.3 ms)


def fast(node: Node) -> Predicate:
    """The node's predicate "the full check reports nothing", built once per node."""
    got: Predicate | None = node.__dict__.get("_fast")
    if got is None:
        got = _predicate(node)
        force_setattr(node, "_fast", got)
    return got


def _no_problem(node: Node) -> Predicate:
    """The full check, with its problems thrown away: for nodes without a predicate."""

    def ok(value: Any) -> bool:
        c = Checker()
        node.check(value, None, c)
        return not c.problems

    return ok


def _true(value: Any) -> bool:
    return True


def _false(value: Any) -> bool:
    return False


def _rules_pass(rules: tuple[Rule, ...]) -> Predicate:
    def ok(value: Any) -> bool:
        c = Checker()
        for rule in rules:
            rule(value, None, c)
        return not c.problems

    return ok


def _predicate(node: Node) -> Predicate:
    kind = type(node)
    if kind is Free:
        return _true
    if kind is Str:
        return _str_predicate(node)  # type: ignore[arg-type]
    if kind is Int:
        return _int_predicate(node)  # type: ignore[arg-type]
    if kind is Bool:
        return lambda value: type(value) is bool
    if kind is Opt:
        inner = fast(node.node)  # type: ignore[attr-defined]
        return lambda value: value is None or inner(value)
    if kind is Seq:
        return _seq_predicate(node)  # type: ignore[arg-type]
    if kind is Obj:
        return _obj_predicate(node)  # type: ignore[arg-type]
    return _no_problem(node)


def _str_predicate(node: Str) -> Predicate:
    shortest, longest = node.min_length, node.max_length
    enum: frozenset[str] | None = node._enum  # type: ignore[attr-defined]
    rx: re.Pattern[str] | None = node._rx  # type: ignore[attr-defined]
    fullmatch = rx.fullmatch if rx is not None else None
    # (text only: a number read as text, a label that lost its quotes, take the walk)

    def ok(value: Any) -> bool:
        if type(value) is not str:
            return False
        n = len(value)
        if n < shortest or (longest is not None and n > longest):
            return False
        if enum is not None and value in enum:
            return True
        if fullmatch is not None:
            return fullmatch(value) is not None
        return enum is None

    return ok


def _int_predicate(node: Int) -> Predicate:
    low, high = node.minimum, node.maximum

    def ok(value: Any) -> bool:
        return (
            type(value) is int and (low is None or value >= low) and (high is None or value <= high)
        )

    return ok


def _seq_predicate(node: Seq) -> Predicate:
    item = fast(node.item)
    shortest, longest = node.min_items, node.max_items
    rules = _rules_pass(node.checks) if node.checks else None

    def ok(value: Any) -> bool:
        if (
            type(value) is not list
            or len(value) < shortest
            or (longest is not None and len(value) > longest)
        ):
            return False
        for v in value:
            if not item(v):
                return False
        return rules is None or rules(value)

    return ok


def _obj_predicate(node: Obj) -> Predicate:
    """An object's predicate: its type and keys, then each key's own predicate (looked
    up on first use: a spec may refer to itself through its keys)."""
    keys: frozenset[str] = node._keys  # type: ignore[attr-defined]
    closed, no_null = not node.open, not node.null_is_absent
    required = tuple(key for key, f in node.fields.items() if f.required)
    checked = tuple((key, f.node) for key, f in node.fields.items() if not isinstance(f.node, Free))
    rules = _rules_pass(node.checks) if node.checks else None
    tests: list[tuple[str, Predicate]] = []

    def ok(value: Any) -> bool:
        if type(value) is not dict:
            return False
        if closed and not keys.issuperset(value):
            return False
        if no_null and None in value.values():  # (a null where one is not allowed: the
            return False  # walk says)
        get = value.get
        for key in required:
            if get(key) is None:
                return False
        if len(tests) < len(checked):
            tests[:] = [(key, fast(n)) for key, n in checked]
        for key, test in tests:
            x = get(key)
            if x is not None and not test(x):
                return False
        return rules is None or rules(value)

    return ok


# the nodes with a predicate of their own (others' predicate is their full check: no gain)
_FAST_KINDS = frozenset({Obj, Seq, Str, Int, Bool, Opt, Free})


# ------------------------------------------------------------------------- entry points
def check(node: Node, data: Any, rules: bool = True) -> list[Problem]:
    """Every shape problem of ``data`` against ``node``, each located by its path.
    ``rules=False`` leaves out the rules that tie keys together (what JSON Schema
    cannot say: ``current`` at most ``max``...)."""
    c = Checker(rules)
    node.check(data, None, c)
    return c.problems


def check_like(template: Any, value: Any, where: Where = None) -> list[Problem]:
    """Problems of ``value``, data that overrides ``template`` (house rules over a
    ruleset), where it changes a kind of value the template holds: a mapping stays a
    mapping (checked key by key), a list a list (each item against the template's
    items together), text text, a whole number a whole number, a number a number,
    true/false true/false, and null is allowed only where the template has null. A key
    the template lacks is checked against the template's other keys' values together
    (a new terrain against the terrains); whether it is a known key is the ruleset
    reader's call. Plain-data problems (dates, binary) are ``Data``'s. A guard: what
    keeps its kinds cannot break a reader that expects them."""
    c = Checker()
    _like(_kinds(template), value, where, c)
    return c.problems


LIKE_MAX_NUMBER = 999
# the template's kinds (``_kind_word``) as kind codes (``KIND_NAMES``)
_LIKE_KINDS = {"int": "whole_number", "bool": "true_false"}


class _Template:
    """The kinds a place of the template holds (several for list items)."""

    __slots__ = ("items", "keys", "kinds", "low", "values")

    def __init__(self) -> None:
        self.kinds: set[str] = set()
        self.low: float | None = None  # the lowest number found here
        self.keys: dict[str, _Template] = {}
        self.values: _Template | None = None  # every value of a mapping, together
        self.items: _Template | None = None


def _kind_word(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, Mapping):
        return "mapping"
    if isinstance(value, list):
        return "list"
    return type(value).__name__


def _kinds(value: Any, into: _Template | None = None) -> _Template:
    t = into or _Template()
    kind = _kind_word(value)
    t.kinds.add(kind)
    if kind in ("int", "number"):
        t.low = value if t.low is None else min(t.low, value)
    elif kind == "mapping":
        for k, v in value.items():
            t.keys[str(k)] = _kinds(v, t.keys.get(str(k)))
            t.values = _kinds(v, t.values)
    elif kind == "list":
        for item in value:
            t.items = _kinds(item, t.items)
    return t


def _like(t: _Template, value: Any, where: Where, c: Checker) -> None:
    kind = _kind_word(value)
    allowed = t.kinds
    if kind != "mapping" and allowed == {"mapping"} and "value" in t.keys:
        t = t.keys["value"]  # a {value, source} leaf given as its bare value
        allowed = t.kinds
    if kind not in allowed and not (kind == "int" and "number" in allowed):
        kinds = [_LIKE_KINDS.get(k, k) for k in sorted(allowed)]
        c.add(
            where,
            f"must be {kinds_text(kinds)} as in the ruleset, not {kind_of(value)}",
            "keep the kind of value the ruleset has here",
            "spec.like_kind",
            {"expected": kinds, "got": kind_code(value)},
        )
        return
    if kind in ("int", "number"):
        # a rules parameter is a small number: one of a billion dice or hexes would
        # stall the engine, a negative one where the rules have none would confuse it
        if abs(value) > LIKE_MAX_NUMBER:
            c.add(
                where,
                f"must be between -{LIKE_MAX_NUMBER} and {LIKE_MAX_NUMBER}, not {value}",
                "",
                "spec.out_of_range",
                {"value": value, "low": -LIKE_MAX_NUMBER, "high": LIKE_MAX_NUMBER},
            )
        elif value < 0 and t.low is not None and t.low >= 0:
            c.add(
                where, f"must not be negative, not {value}", "", "spec.negative", {"value": value}
            )
    elif kind == "mapping":
        for k, v in value.items():
            sub = t.keys.get(str(k))
            if sub is not None:
                _like(sub, v, (where, str(k)), c)
            elif t.values is not None:  # a new key: like the others here, or unknown
                trial = Checker()
                _like(t.values, v, (where, str(k)), trial)
                if trial.problems:
                    found = suggestion(str(k), t.keys)
                    c.add(
                        (where, str(k)),
                        "unknown key",
                        suggestion_text(found),
                        "spec.unknown_key",
                        {"key": str(k), "suggest": found},
                    )
    elif kind == "list" and t.items is not None:
        for i, item in enumerate(value):
            _like(t.items, item, (where, i), c)


def json_schema(node: Node, title: str, schema_id: str) -> dict[str, Any]:
    out = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id,
        "title": title,
    }
    out.update(node.schema())
    return out


def walk(node: Node, path: str = "") -> Iterator[tuple[str, Node, Field | None]]:
    """Every key path a spec allows, with its node (for references and agreement tests).
    Dict keys are written ``<key>``, list items ``[]``."""
    yield from _walk(node, path, None)


def _walk(node: Node, path: str, f: Field | None) -> Iterator[tuple[str, Node, Field | None]]:
    if path:
        yield path, node, f
    inner = node.node if isinstance(node, Opt) else node
    if isinstance(inner, Obj):
        for k, sub in inner.fields.items():
            yield from _walk(sub.node, f"{path}.{k}" if path else k, sub)
    elif isinstance(inner, Dict):
        name = inner.key.doc.split(":")[0].strip() if inner.key.doc else "key"
        yield from _walk(inner.value, f"{path}.<{name}>", None)
    elif isinstance(inner, Seq):
        yield from _walk(inner.item, f"{path}[]", None)
    elif isinstance(inner, OneOf):
        seen: set[str] = set()
        options = inner.options
        for option in options:
            for sub_path, sub_node, sub_field in _walk(option, path, f):
                if sub_path != path and sub_path not in seen:
                    seen.add(sub_path)
                    yield sub_path, sub_node, sub_field


def reference(node: Node, prefix: str = "") -> str:
    """A Markdown table of every key: path, type, required, default, description.
    ``prefix``: the place of ``node`` in its file (``orders[]``), before every key."""
    rows = ["| key | type | required | default | description |", "| --- | --- | --- | --- | --- |"]
    for path, sub, f in walk(node, prefix):
        required = "yes" if f is not None and f.required else ""
        default = ""
        if f is not None and f.default is not _MISSING:
            default = f"`{json.dumps(f.default, ensure_ascii=False)}`"
        doc = (f.description if f is not None else sub.doc).replace("|", "\\|")
        rows.append(f"| `{path}` | {_md_type(sub)} | {required} | {default} | {doc} |")
    return "\n".join(rows) + "\n"


def _md_type(node: Node) -> str:
    if isinstance(node, Opt):
        return f"{_md_type(node.node)} or null"
    if isinstance(node, Str) and node.enum:
        shown = ", ".join(f"`{e}`" for e in node.enum)
        return f"one of {shown}" + (
            f", or `{node.example}`" if node.pattern and node.example else ""
        )
    if isinstance(node, Str) and node.label_digits:
        return "hex label"
    return {
        "Str": "text",
        "Int": "integer",
        "Num": "number",
        "Bool": "boolean",
        "Seq": "list",
        "Dict": "mapping",
        "Obj": "mapping",
        "OneOf": "one of several",
        "HistoryEntry": "mapping",
        "Data": "mapping" if getattr(node, "mapping", False) else "any",
        "Free": "any",
    }.get(type(node).__name__, type(node).__name__)

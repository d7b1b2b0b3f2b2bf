"""Safe YAML loading with locations, and YAML/JSON dumping.

Only the safe loader is used (tags that would build Python objects are refused by
it); on top of that anchors/aliases are refused (they allow "billion laughs"
bombs and make a file mean something other than what it shows), and so are files
over ``MAX_BYTES``. Problems carry the line of the node they concern.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import yaml

from referee.core.model import Problem
from referee.errors import FileAccessError, InvalidInput

MAX_BYTES = 32 * 1024 * 1024
# Deeper nesting is refused before the document is built: libyaml's composer recurses
# in C and crashes the process (not even an exception) near 20,000 levels. Files of
# the referee are about 10 levels deep (a history entry holds a whole state).
MAX_DEPTH = 200

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_BaseDumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _AliasRefused(Exception):
    def __init__(self, mark: Any) -> None:
        super().__init__("alias")
        self.mark = mark


class _ValueRefused(Exception):
    """A scalar the safe constructor cannot build (``2024-13-45``, ``!!int abc``, a
    number of 5,000 digits): its own ValueError, KeyError... would be a crash."""

    def __init__(self, mark: Any, reason: str) -> None:
        super().__init__(reason)
        self.mark = mark
        self.reason = reason


class _Loader(_BaseLoader):  # type: ignore[misc]
    def construct_object(self, node: Any, deep: bool = False) -> Any:
        # A node met a second time is an alias (*name) of an anchored node.
        if node in self.constructed_objects or node in self.recursive_objects:
            raise _AliasRefused(node.start_mark)
        try:
            return super().construct_object(node, deep)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError,
                OverflowError) as exc:
            raise _ValueRefused(node.start_mark, str(exc) or type(exc).__name__) from None


# YAML 1.1 reads 0507 as an octal-ish int and 0909 as a string: keep every plain
# scalar that looks like a hex label as a string, whatever its digits.
_Loader.add_implicit_resolver("tag:yaml.org,2002:str", re.compile(r"^0\d+$"), list("0"))
for _first, _resolvers in list(_Loader.yaml_implicit_resolvers.items()):
    if _first == "0":
        _Loader.yaml_implicit_resolvers[_first] = [r for r in _resolvers
                                                    if r[0] == "tag:yaml.org,2002:str"] + \
            [r for r in _resolvers if r[0] != "tag:yaml.org,2002:str"]


class Document:
    """A loaded YAML document: its data and, for error locations, its node tree."""

    def __init__(self, data: Any, root: Any, name: str) -> None:
        self.data = data
        self.root = root
        self.name = name

    def line_of(self, path: str) -> int | None:
        node = self.root
        best = node.start_mark.line + 1 if node is not None else None
        for part in split_path(path):
            if node is None:
                break
            child = None
            if isinstance(node, yaml.MappingNode) and isinstance(part, str):
                for key_node, value_node in node.value:
                    if str(key_node.value) == part:
                        child = value_node
                        break
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) \
                    and 0 <= part < len(node.value):
                child = node.value[part]
            if child is None:
                break
            node = child
            best = node.start_mark.line + 1
        return best

    def locate(self, problems: list[Problem]) -> list[Problem]:
        return [replace(p, file=self.name, line=p.line if p.line is not None
                        else self.line_of(p.path)) for p in problems]


_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def split_path(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for key, index in _PATH_PART.findall(path):
        parts.append(int(index) if index else key)
    return parts


def load_text(text: str, name: str) -> Document:
    """Parse YAML text; raise InvalidInput with one located problem if it is not
    well-formed, uses aliases or tags, or is empty."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InvalidInput(Problem("", f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                                   "split it or remove the history", file=name))
    refuse_deep_nesting(text, name)
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except _AliasRefused as exc:
        raise InvalidInput(Problem("", "YAML anchors and aliases (&name / *name) are not "
                                   "accepted", "write the value out in full",
                                   line=exc.mark.line + 1, file=name)) from None
    except _ValueRefused as exc:
        raise InvalidInput(Problem("", f"not valid YAML: cannot read a value ({exc.reason})",
                                   "quote it if it is text (dates and numbers too)",
                                   line=exc.mark.line + 1, file=name)) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or "malformed YAML"
        hint = "YAML tags are not accepted" if "tag" in str(what) else "fix the YAML syntax"
        raise InvalidInput(Problem("", f"not valid YAML: {what}", hint,
                                   line=(mark.line + 1) if mark else None, file=name)) from None
    except yaml.YAMLError as exc:
        raise InvalidInput(Problem("", f"not valid YAML: {exc}", "fix the YAML syntax",
                                   file=name)) from None
    finally:
        loader.dispose()
    if data is None:
        raise InvalidInput(Problem("", "the file is empty", "give a YAML mapping", file=name))
    return Document(data, root, name)


def refuse_deep_nesting(text: str, name: str) -> None:
    """Refuse a text nested deeper than ``MAX_DEPTH`` before it is composed. A level
    needs a ``[``, ``{``, ``-``, ``?`` or a new line, so a text with few of them is
    let through at once; others are scanned with libyaml's parser, which keeps its
    own stack (a tenth of the time of a full load: 0.4 s of 4 s for 10,000 units).
    A loader that builds documents without recursion makes this scan unnecessary."""
    if len(text) <= MAX_DEPTH or sum(map(text.count, "[{-?\n")) <= MAX_DEPTH:
        return
    parser = _BaseLoader(text)
    get_event = parser.get_event
    step = _DEPTH_STEP.get
    depth = 0
    try:
        while True:
            event = get_event()
            if event is None:
                return
            change = step(type(event))
            if change:
                depth += change
                if depth > MAX_DEPTH:
                    raise InvalidInput(Problem(
                        "", f"nested more than {MAX_DEPTH} levels deep", "flatten the file",
                        line=event.start_mark.line + 1, file=name))
    except yaml.YAMLError:
        return  # malformed: the loader reports it, with its line
    finally:
        parser.dispose()


_DEPTH_STEP: dict[type, int] = {yaml.MappingStartEvent: 1, yaml.SequenceStartEvent: 1,
                                yaml.MappingEndEvent: -1, yaml.SequenceEndEvent: -1}


def read_text(path: str) -> str:
    """Read a file (``-`` is standard input) as UTF-8."""
    import sys

    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise FileAccessError(Problem("", f"cannot read: {exc.strerror}",
                                      "check the path", file=path)) from None
    if len(raw) > MAX_BYTES:
        raise InvalidInput(Problem("", f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                                   "split it or remove the history", file=path))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(Problem("", f"not UTF-8 text (byte {exc.start})",
                                   "save the file as UTF-8", file=path)) from None


def load_file(path: str) -> Document:
    return load_text(read_text(path), "<stdin>" if path == "-" else path)


def dump_yaml(data: Mapping[str, Any]) -> str:
    return str(yaml.dump(data, Dumper=_BaseDumper, sort_keys=False, allow_unicode=True,
                         default_flow_style=None, width=100))


def dump_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


# ----------------------------------------------------------------- fast state writer
# PyYAML's dumper represents every value as a node in Python before emitting: for a
# 10,000-unit battle that is seconds and hundreds of MB. States are written instead
# as block YAML whose leaves and list items are JSON flow values (JSON is valid YAML
# flow syntax), one unit, leader or history entry per line: fast, diff-friendly, and
# read back by the safe loader to exactly the same data (tests/test_roundtrip.py).
_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_RESERVED = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
# characters a YAML reader refuses or treats as line breaks inside quotes
_UNSAFE = re.compile("[^\x09\x0a\x0d\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufeff"
                     "\uff00-\ufffd\U00010000-\U0010ffff]")


def _key(key: Any) -> str:
    text = str(key)
    if _PLAIN_KEY.match(text) and text.lower() not in _RESERVED:
        return text
    return _scalar(text)


def _scalar(value: Any) -> str:
    if isinstance(value, float):
        text = repr(value)
        return text if "." in text or "n" in text else text.replace("e", ".0e")
    text = json.dumps(value, ensure_ascii=False)
    if isinstance(value, str) and _UNSAFE.search(text):
        text = _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def _flow(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return _scalar(value)


def _block(mapping: Mapping[str, Any], indent: int, out: list[str]) -> None:
    pad = " " * indent
    for key, value in mapping.items():
        if isinstance(value, Mapping) and value:
            out.append(f"{pad}{_key(key)}:")
            _block(value, indent + 2, out)
        elif isinstance(value, list | tuple) and value and \
                any(isinstance(v, Mapping | list | tuple) for v in value):
            out.append(f"{pad}{_key(key)}:")
            out.extend(f"{pad}  - {_flow(v)}" for v in value)
        else:
            out.append(f"{pad}{_key(key)}: {_flow(value)}")


def dump_state(data: Mapping[str, Any]) -> str:
    """A state (or any mapping) as block YAML with JSON flow leaves."""
    out: list[str] = []
    _block(data, 0, out)
    return "\n".join(out) + "\n"

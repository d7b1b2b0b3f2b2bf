"""Safe YAML loading with locations, and YAML/JSON dumping.

Safety rules, the same on every path: no tags that build Python objects (only the
standard ones of YAML 1.1's safe schema), no aliases (``*name``: "billion laughs"
bombs, and a file meaning something other than what it shows), no file over
``MAX_BYTES``, and plain scalars read exactly as PyYAML's safe loader reads them
(YAML 1.1: ``yes``/``no``/``on``/``off`` are booleans, ``1208`` an int the readers
take as a hex label) except that a plain scalar of digits with a leading zero
(``0507``, ``0118``) stays a string. Problems carry the line of the node they concern.

A file is read by the first of three paths that can read it exactly (docs/formats.md
§Reading speed):

1. **canonical**: the text is what :func:`dump_state` writes for some data. rapidyaml
   (C++) parses it, emits JSON, ``orjson`` (or ``json`` for small texts) reads that,
   and the data is written back with :func:`dump_state`: if the result is the text
   itself, the data is what PyYAML reads from it (the writer's round trip, tested on
   random data in ``tests/test_loader.py``), at the speed of the C++ parser.
2. **tree**: any other text rapidyaml parses: its tree is walked and each plain scalar
   resolved with PyYAML's own YAML 1.1 patterns (``resolve_plain``). Whatever that
   walk is not sure to read as PyYAML does (tags, anchors, aliases, block scalars,
   several documents, ``<<``, a timestamp, a tab...) sends the text to path 3.
3. **PyYAML**: PyYAML's C loader, as before. It also gives every syntax error its
   message and line, and the node tree that locates problems (``Document.locate``),
   built only when a problem needs a line.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from msgspec.structs import replace

from referee.core.model import Problem
from referee.errors import FileAccessError, InvalidInput, os_data

MAX_BYTES = 32 * 1024 * 1024
# Deeper nesting is refused before the document is built: libyaml's composer recurses
# in C and crashes the process (not even an exception) near 20,000 levels, rapidyaml's
# JSON stops at 64, writers and hashes recurse. Files of the referee are about 10
# levels deep (a history entry held a whole state).
MAX_DEPTH = 200
# Values (scalars, keys, lists and mappings: YAML's nodes) in one file: 1.5 times the
# 1,660,000 of a 50,000-unit state (the largest the benchmark plays). Every value costs
# the parsers 150 to 550 bytes and the tree walk microseconds: a 30 MiB flow list of
# zeros would be 15 million values, gigabytes and minutes. Counted before any tree is
# built (an upper bound from a few byte counts; past the limit, the data of a canonical
# text whose rapidyaml tree is within it, else libyaml's events: load_text).
MAX_NODES = 2_500_000
# A problem is given its line from PyYAML's node tree (550 bytes and ~6 us a value),
# composed only for texts of at most this many values (by the bound below, or counted
# when it is over: a 10,000-unit state is about 330,000); in larger ones a problem
# keeps its path only.
MAX_LOCATE = 1_000_000
# Integers: at most this many decimal digits, Python's own limit for turning an integer
# into text (every writer, hash and message does); YAML's hex, binary and base-60
# integers are held to the same bound (10**4300).
MAX_INT_DIGITS = 4300
_INT_BOUND = 10**MAX_INT_DIGITS
# texts up to this size are read with ``json`` (imported with the interpreter's own
# modules) instead of ``orjson``, whose import costs more than it saves on them
_SMALL = 256 * 1024


# ----------------------------------------------------------------------- Document
MAX_LOCATED = 50  # problems given a line: as many as a report shows (cli.app.MAX_PROBLEMS)


class Document:
    """A loaded YAML document: its data and, for error locations, its node tree
    (built from the text the first time a problem needs a line)."""

    def __init__(
        self, data: Any, root: Any, name: str, text: str | None = None, read_by: str = "pyyaml"
    ) -> None:
        self.data = data
        self.name = name
        self._root = root
        self._text = text
        self.read_by = read_by  # which path read it: canonical, tree or pyyaml

    @property
    def root(self) -> Any:
        """PyYAML's node tree of the text (composed on first use), or None."""
        if self._root is None and self._text is not None:
            if _structure_bound(self._text.encode("utf-8")) > MAX_LOCATE and not _nodes_within(
                self._text, MAX_LOCATE
            ):
                self._text = None
                return None
            self._root = _compose(self._text)
            if self._root is None:
                self._text = None
        return self._root

    @root.setter
    def root(self, value: Any) -> None:
        # ``doc.root = None`` frees the tree; the text stays, to locate later problems
        self._root = value

    def line_of(self, path: str) -> int | None:
        node = self.root
        if node is None:
            return None
        best: int | None = node.start_mark.line + 1
        for part in split_path(path):
            child = None
            if node.id == "mapping" and isinstance(part, str):
                for key_node, value_node in node.value:
                    if str(key_node.value) == part:
                        child = value_node
                        break
            elif node.id == "sequence" and isinstance(part, int) and 0 <= part < len(node.value):
                child = node.value[part]
            if child is None:
                break
            node = child
            best = node.start_mark.line + 1
        return best

    def locate(self, problems: list[Problem]) -> list[Problem]:
        """The problems with this file's name, and their lines: the first MAX_LOCATED
        only (a report shows no more; 100,000 lines took 3.6 s to find)."""
        return [
            replace(
                p,
                file=self.name,
                line=p.line if p.line is not None or i >= MAX_LOCATED else self.line_of(p.path),
            )
            for i, p in enumerate(problems)
        ]


# compiled (and cached by re) when a problem is located, not at every start
_PATH_PART = r"([^.\[\]]+)|\[(\d+)\]"


def split_path(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for key, index in re.findall(_PATH_PART, path):
        parts.append(int(index) if index else key)
    return parts


# ---------------------------------------------------------------------- reading
def read_bytes(path: str) -> bytes:
    """A file's bytes (``-``: standard input's), at most ``MAX_BYTES + 1`` of them: never
    more is read, whatever the file or the pipe holds. Standard input is read as bytes
    (its ``buffer``), whatever the terminal's encoding, and decoded as UTF-8 like a file."""
    try:
        if path == "-":
            buffer = getattr(sys.stdin, "buffer", None)
            if buffer is not None:
                return bytes(buffer.read(MAX_BYTES + 1))
            text = sys.stdin.read(MAX_BYTES + 1)  # a text stream without bytes (tests)
            try:
                return text.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:  # lone surrogates: bytes that are not UTF-8
                return text.encode("utf-8", "surrogatepass")
        try:
            seen = os.stat(path)
        except OSError:
            seen = None
        if seen is not None and (seen.st_dev, seen.st_ino) in STREAMS:
            return STREAMS[seen.st_dev, seen.st_ino]  # a stream read once already
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            st = os.fstat(fd)
        except OSError:
            os.close(fd)
            raise
        kind = not_a_stream(st.st_mode)
        if kind is not None:  # refused at once, before any read
            os.close(fd)
            raise FileAccessError(
                Problem(
                    "",
                    file=path,
                    code="file.read_not_file",
                    data={"kind": kind},
                )
            )
        with os.fdopen(fd, "rb") as fh:
            data = bytes(fh.read(MAX_BYTES + 1))
        if file_kind(st.st_mode) is not None and len(data) <= MAX_BYTES:
            STREAMS[st.st_dev, st.st_ino] = data
        return data
    except OSError as exc:
        raise FileAccessError(
            Problem(
                "",
                file=path,
                code="file.cannot_read",
                data=os_data(exc),
            )
        ) from None


# Streams named on the command line (a pipe ``<(...)``, a FIFO, a terminal) can be read
# only once: a command that reads one twice (house rules, once per state and once per
# orders file) gets the bytes of the first read. Keyed by device and inode; emptied at
# the start of each command (``referee.cli.app.main``).
STREAMS: dict[tuple[int, int], bytes] = {}

# What a path may name besides a file, as said in messages (``{kind}`` in the catalogue).
FILE_KINDS = {
    "directory": "a directory",
    "block_device": "a block device (a disk)",
    "char_device": "a character device",
    "fifo": "a FIFO (a named pipe)",
    "socket": "a socket",
    "other": "not a regular file",
}


def file_kind(mode: int) -> str | None:
    """``None`` for a regular file, else its kind (a key of ``FILE_KINDS``)."""
    import stat

    if stat.S_ISREG(mode):
        return None
    for test, kind in (
        (stat.S_ISDIR, "directory"),
        (stat.S_ISBLK, "block_device"),
        (stat.S_ISCHR, "char_device"),
        (stat.S_ISFIFO, "fifo"),
        (stat.S_ISSOCK, "socket"),
    ):
        if test(mode):
            return kind
    return "other"


def not_a_stream(mode: int) -> str | None:
    """What a path on the command line may not be: a directory or a block device (its
    kind); a regular file, a pipe (``<(...)``, a FIFO) or a character device
    (``/dev/stdin``, a terminal) is read as a stream, within ``MAX_BYTES``."""
    kind = file_kind(mode)
    return kind if kind in ("directory", "block_device") else None


def decode(raw: bytes, name: str) -> str:
    """UTF-8 bytes as text; anything else (Latin-1, UTF-16, binary) is one clean error."""
    if len(raw) > MAX_BYTES:
        raise InvalidInput(_too_large(name))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(_not_utf8(name, exc.start)) from None


def _not_utf8(name: str, at: int) -> Problem:
    return Problem(
        "",
        file=name,
        code="file.not_utf8",
        data={"byte": at},
    )


def read_text(path: str) -> str:
    """Read a file (``-`` is standard input) as UTF-8."""
    return decode(read_bytes(path), "<stdin>" if path == "-" else path)


def _too_large(name: str) -> Problem:
    return Problem(
        "",
        file=name,
        code="file.too_large",
        data={"mib": MAX_BYTES // (1024 * 1024)},
    )


def load_file(path: str) -> Document:
    return load_text(read_text(path), "<stdin>" if path == "-" else path)


def load_text(text: str, name: str) -> Document:
    """Parse YAML text; raise InvalidInput with one located problem if it is not
    well-formed, uses aliases or unsafe tags, holds a value no referee file may hold
    (:data:`MAX_NODES`, :data:`MAX_DEPTH`, :data:`MAX_INT_DIGITS`, dates, binary,
    non-finite numbers, keys that are not text or whole numbers), or is empty."""
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError as exc:  # lone surrogates: a text decoded leniently
        raise InvalidInput(
            _not_utf8(name, len(text[: exc.start].encode("utf-8", "surrogatepass")))
        ) from None
    if len(raw) > MAX_BYTES:
        raise InvalidInput(_too_large(name))
    root = None
    # bound the work before any parser builds anything: a cheap upper bound of the
    # number of nodes, and when it is over the limit an exact count (and the depth)
    # by libyaml's event parser, which keeps no tree -- unless the text is one the
    # writer wrote and rapidyaml's tree of it is within the limit (a cheaper bound),
    # and the JSON rapidyaml writes of it too (a bound of the values read, counted
    # before orjson builds them): then it is read canonically (docs/hostile.md)
    scanned: bool | None = False
    data = _UNSURE
    canonical_tried = False
    counts = _indicators(raw)
    if _structure_bound(raw, counts) > MAX_NODES:
        if _tree_bound(raw, counts) <= MAX_NODES:
            canonical_tried = True
            data = _read_canonical(text, raw, bounded=True)
        if data is _UNSURE:
            scanned = _scan(text, name, nodes=True)
    if data is _UNSURE and scanned is not None and not canonical_tried:
        data = _read_canonical(text, raw)
    read_by = "canonical"
    if data is _UNSURE and scanned is not None:
        read_by = "tree"
        data = _read_tree(text, raw)
    if data is _UNSURE:
        read_by = "pyyaml"
        if scanned is not True:
            refuse_deep_nesting(text, name)
        data, root = _read_pyyaml(text, name)
        if root is not None:  # a key given twice: YAML would keep the last silently
            twice = duplicate_keys(Document(data, root, name, text, read_by))
            if twice:
                raise InvalidInput(twice)
    if data is None:
        raise InvalidInput(Problem("", file=name, code="file.empty"))
    return Document(data, root, name, text, read_by)


def _structure_bound(raw: bytes, counts: tuple[int, ...] = ()) -> int:
    """An upper bound of the number of nodes (libyaml's node events: scalars, aliases,
    sequences and mappings, empty ones included) of any text, from a few byte counts.

    Every node fills one slot of the grammar, and every slot is opened by an indicator
    byte, none by more than two slots: the first document's root (the ``+ 1``); a
    block sequence entry or a further document (``-``, ``---``); an explicit key and
    its value, empty when the ``:`` is missing (``?``: two); a value (``:``), plus the
    key of a block mapping entry (``a: b``) or of a single-pair mapping in a flow
    sequence (``[a: b]``), the key that shares the start of the entry (``:``: two); a
    flow mapping's entry, its key and its value, empty when the ``:`` is missing
    (``{a, b}``: ``{`` and ``,`` two each); a flow sequence's first entry (``[``). A
    collection fills the slot it is in, and bytes inside scalars and comments only add
    to the bound. Checked against libyaml's count on generated texts, adversarial
    shapes included (tests/test_loader.py)."""
    dash, question, colon, brace, bracket, comma = counts or _indicators(raw)
    return 1 + dash + 2 * question + 2 * colon + 2 * brace + bracket + 2 * comma


def _tree_bound(raw: bytes, counts: tuple[int, ...] = ()) -> int:
    """An upper bound of the number of nodes of rapidyaml's tree of a text, tighter than
    :func:`_structure_bound` (a key and its value are one node there): the root and
    a stream's, every child of a collection opened by its own indicator byte (``-``,
    ``?``, ``:`` for a block mapping's entry or a flow sequence's single pair, ``{``,
    ``[`` and ``,`` in flow collections), a document by its ``---``."""
    return 2 + sum(counts or _indicators(raw))


def _indicators(raw: bytes) -> tuple[int, ...]:
    """How many ``-``, ``?``, ``:``, ``{``, ``[`` and ``,`` bytes a text holds."""
    return tuple(map(raw.count, (b"-", b"?", b":", b"{", b"[", b",")))


def count_nodes(data: Any) -> int:
    """The number of nodes of a text that reads to ``data`` without anchors: one per
    key, one per value and the root (what libyaml's events of a canonical text count).
    ``data`` as JSON gives it: dicts, lists and scalars."""
    return _census(data)[0]


def _census(data: Any) -> tuple[int, bool]:
    """:func:`count_nodes` of JSON data, and whether it holds a float (the writer's
    question, :func:`_has_float`), in one walk."""
    n = 1
    floats = False
    stack = [data]
    pop, push = stack.pop, stack.append
    while stack:
        container = pop()
        if type(container) is dict:
            n += 2 * len(container)
            values: Any = container.values()
        else:
            n += len(container)
            values = container
        for value in values:
            kind = type(value)
            if kind is dict or kind is list:
                push(value)
            elif kind is float:
                floats = True
    return n, floats


def refuse_deep_nesting(text: str, name: str) -> None:
    """Refuse a text nested deeper than ``MAX_DEPTH`` before libyaml reads it (the
    rapidyaml paths refuse it themselves: its JSON stops at 64 levels, the tree walk at
    MAX_DEPTH). The count is the referee's own (:func:`nesting_passes`), so that the
    limit and its message do not depend on a parser's version (PyYAML 6.0.4's libyaml
    stops deep texts with a message of its own). A level needs a ``[``, ``{``, ``-``,
    ``?`` or a new line, so a text with few of them is let through at once."""
    if len(text) <= MAX_DEPTH or sum(map(text.count, "[{-?\n")) <= MAX_DEPTH:
        return
    line = nesting_passes(text, MAX_DEPTH)
    if line is not None:
        raise InvalidInput(
            Problem(
                "",
                line=line,
                file=name,
                code="yaml.too_deep",
                data={"limit": MAX_DEPTH},
            )
        )


# what the count looks at in flow text: a flow indicator, a quote, a comment
_FLOW_CHARS = re.compile(r"[\[\]{}\"'#]")
# a block scalar's header (``|``, ``>-``, ``|2+``...) where a value starts
_BLOCK_SCALAR = re.compile(r"[|>][0-9+-]*[ \t]*(?:#.*)?$")
# node properties before a value: anchors and tags
_PROPERTIES = re.compile(r"(?:[&!][^ \t]*[ \t]+)*")
# the colon that ends a plain key, and a comment
_KEY_END = re.compile(r":(?:[ \t]|$)")
_COMMENT = re.compile(r"[ \t]#")


def nesting_passes(text: str, limit: int) -> int | None:
    """The line at which a YAML text's nesting passes ``limit`` levels, or None.

    The referee's own count, made before any parser reads the text: the open block
    collections (a stack of columns; a line less indented closes those it is outside;
    each ``- `` and ``? `` opens one, several on a line included, and a key opens a
    mapping) plus the open flow collections (``[`` and ``{`` outside quotes and
    comments). Block scalars and quoted scalars over several lines are skipped. It
    counts libyaml's open collections on valid YAML (tests/test_loader.py); where it
    errs on a text that is not valid YAML, the parser still refuses that text."""
    stack: list[tuple[int, bool]] = []  # open block collections: (column, a sequence?)
    flow = 0
    quote = ""  # the quote of a scalar still open at the end of the previous line
    scalar: int | None = None  # in a block scalar: lines indented more than this are its
    for number, line in enumerate(text.split("\n"), 1):
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if scalar is not None:
            if not body.strip() or indent > scalar:
                continue
            scalar = None
        if quote or flow:
            flow, quote, peak = _flow_text(line, flow, quote, limit - len(stack))
            if peak + len(stack) > limit:
                return number
            continue
        if not body.strip() or body[0] == "#":
            continue
        if body.startswith(("---", "...")) and body[3:4] in ("", " ", "\t", "\r"):
            stack.clear()
            rest = body[3:].lstrip(" \t")
            indent, body = indent + len(body) - len(rest), rest
        while stack and (
            stack[-1][0] > indent or (stack[-1] == (indent, True) and not _opens(body, "-"))
        ):
            stack.pop()
        column = indent
        while _opens(body, "-") or _opens(body, "?"):
            entry = (column, body[0] == "-")
            if not stack or stack[-1] != entry:
                stack.append(entry)
                if len(stack) > limit:
                    return number
            rest = body[1:].lstrip(" \t")
            column += len(body) - len(rest)
            body = rest
        value = _value_of_key(body)
        if value is not None:
            entry = (column, False)
            if not stack or stack[-1] != entry:
                stack.append(entry)
                if len(stack) > limit:
                    return number
            body = value
        match = _PROPERTIES.match(body)
        body = body[match.end() :] if match else body
        if _BLOCK_SCALAR.match(body):
            scalar = stack[-1][0] if stack else -1
        elif body[:1] in ("[", "{", '"', "'"):
            flow, quote, peak = _flow_text(body, flow, quote, limit - len(stack))
            if peak + len(stack) > limit:
                return number
    return None


def _opens(body: str, indicator: str) -> bool:
    """Whether a line's text starts with a block indicator (``-`` or ``?``)."""
    return body[:1] == indicator and body[1:2] in ("", " ", "\t", "\r")


def _value_of_key(body: str) -> str | None:
    """The text after the key of a ``key: value`` entry (quoted keys included), or None
    if the text is not one."""
    if body[:1] in ('"', "'"):
        end = _quote_end(body, 1, body[0])
        if end < 0:
            return None
        rest = body[end:].lstrip(" \t")
        return rest[1:].lstrip(" \t") if _KEY_END.match(rest) else None
    if body[:1] in ("[", "{", "#", "|", ">", "&", "!", "*"):
        return None
    colon = _KEY_END.search(body)
    if colon is None:
        return None
    comment = _COMMENT.search(body)
    if comment is not None and comment.start() < colon.start():
        return None
    return body[colon.end() :].lstrip(" \t")


def _quote_end(text: str, start: int, quote: str) -> int:
    """The index after the quote closing a scalar opened before ``start``, or -1 when it
    goes on past the line (``\\"`` is escaped in double quotes, ``''`` in single)."""
    at = start
    while True:
        at = text.find(quote, at)
        if at < 0:
            return -1
        if quote == "'":
            if text[at + 1 : at + 2] == "'":
                at += 2
                continue
            return at + 1
        backslashes = len(text[start:at]) - len(text[start:at].rstrip("\\"))
        if backslashes % 2 == 0:
            return at + 1
        at += 1


def _flow_text(text: str, flow: int, quote: str, room: int) -> tuple[int, str, int]:
    """Flow collections through one line: the depth and the open quote at its end, and
    the deepest it reached (stopping as soon as that passes ``room``)."""
    peak = flow
    at = 0
    while True:
        if quote:
            at = _quote_end(text, at, quote)
            if at < 0:
                return flow, quote, peak
            quote = ""
        found = _FLOW_CHARS.search(text, at)
        if found is None:
            return flow, quote, peak
        char, at = found.group(), found.end()
        if char in "[{":
            flow += 1
            if flow > peak:
                peak = flow
                if peak > room:
                    return flow, quote, peak
        elif char in "]}":
            flow = max(flow - 1, 0)
        elif char == "#":
            if found.start() == 0 or text[found.start() - 1] in " \t":
                return flow, quote, peak
        else:
            before = found.start() - 1
            while before >= 0 and text[before] in " \t":
                before -= 1
            if before < 0 or text[before] in "[{,:":
                quote = char


def _scan(text: str, name: str, nodes: bool) -> bool | None:
    """libyaml's events of the text, without building anything: refuse it nested deeper
    than ``MAX_DEPTH`` or (``nodes``) holding more than ``MAX_NODES`` nodes, as soon as
    the limit is passed. True if within the limits, None if libyaml finds the text
    malformed before the end (PyYAML then reports it, with its line)."""
    import yaml

    parser = _loader_class()(text)
    get_event = parser.get_event
    start, end = yaml.NodeEvent, yaml.CollectionEndEvent
    collection = yaml.CollectionStartEvent
    depth = count = 0
    event: Any
    try:
        while True:
            event = get_event()
            if event is None:
                return True
            if isinstance(event, start):
                count += 1
                if nodes and count > MAX_NODES:
                    raise InvalidInput(
                        Problem(
                            "",
                            line=_event_line(event),
                            file=name,
                            code="yaml.too_many_nodes",
                            data={"limit": MAX_NODES},
                        )
                    )
                if isinstance(event, collection):
                    depth += 1
                    if depth > MAX_DEPTH:
                        raise InvalidInput(
                            Problem(
                                "",
                                line=_event_line(event),
                                file=name,
                                code="yaml.too_deep",
                                data={"limit": MAX_DEPTH},
                            )
                        )
            elif isinstance(event, end):
                depth -= 1
    except yaml.YAMLError:
        return None  # malformed: the loader reports it, with its line
    finally:
        parser.dispose()


def _nodes_within(text: str, limit: int) -> bool:
    """Whether a text that has been read holds at most ``limit`` nodes, by libyaml's
    events (stopping past the limit: a fraction of the time of composing them)."""
    import yaml

    parser = _loader_class()(text)
    get_event = parser.get_event
    start = yaml.NodeEvent
    count = 0
    try:
        while (event := get_event()) is not None:
            if isinstance(event, start):
                count += 1
                if count > limit:
                    return False
        return True
    except yaml.YAMLError:
        return False
    finally:
        parser.dispose()


def _event_line(event: Any) -> int | None:
    mark = event.start_mark
    return None if mark is None else int(mark.line) + 1


class _Unsure(Exception):
    """The fast paths cannot vouch for reading this text as PyYAML does."""


_UNSURE: Any = _Unsure


class _Pattern:
    """A regular expression compiled on first use (compiling the timestamp pattern
    costs 2 ms, and most commands never need it), or, for an alternation of words, a
    set of them (``words``: checked equal to the pattern in tests/test_loader.py)."""

    __slots__ = ("_rx", "flags", "pattern", "words")

    def __init__(
        self,
        pattern: str,
        flags: int = 0,
        words: frozenset[str] | None = None,
    ) -> None:
        self.pattern, self.flags, self.words = pattern, flags, words
        self._rx: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._rx is None:
            self._rx = re.compile(self.pattern, self.flags)
        return self._rx

    def match(self, text: str) -> bool:
        if self.words is not None:
            return text in self.words
        return self.compiled().match(text) is not None

    def search(self, text: str) -> bool:
        return self.compiled().search(text) is not None


# -- rapidyaml
_ryml_module: ModuleType | None = None


def _ryml() -> ModuleType:
    """rapidyaml's module. Its wrapper imports ``deprecation`` (and with it
    ``packaging``, ~8 ms) only to mark functions this module does not use: a stand-in
    is given to it for the time of the import when the real one is not loaded."""
    global _ryml_module
    if _ryml_module is None:
        stub = None
        if "deprecation" not in sys.modules:
            stub = ModuleType("deprecation")
            stub.deprecated = lambda **_: lambda fn: fn  # type: ignore[attr-defined]
            sys.modules["deprecation"] = stub
        try:
            import ryml
        finally:
            if stub is not None and sys.modules.get("deprecation") is stub:
                del sys.modules["deprecation"]
        _ryml_module = ryml
    return _ryml_module


def _parse_tree(raw: bytes) -> Any:
    """rapidyaml's tree of a text."""
    return _quietly(_ryml().parse_in_arena, raw)


def _emit_json(tree: Any) -> Any:
    """The JSON rapidyaml writes for its tree (it stops at 64 levels of nesting)."""
    return _quietly(_ryml().emit_json, tree)


def _quietly(fn: Any, arg: Any) -> Any:
    """Call rapidyaml; any error of it is _Unsure. Its C++ error handler prints the
    error on the process's standard error before raising: the error file descriptor
    points at the null device for the time of the call (PyYAML gives errors their
    message)."""
    try:
        saved = os.dup(2)
    except OSError:  # no standard error to protect
        saved = -1
    if saved >= 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
    try:
        return fn(arg)
    except Exception:  # rapidyaml's parse and visit errors
        raise _Unsure from None
    finally:
        if saved >= 0:
            os.dup2(saved, 2)
            os.close(saved)


# Characters on which rapidyaml and PyYAML disagree or that PyYAML refuses: control
# characters, DEL and C1 controls, the line separators that YAML 1.1 breaks lines on
# (NEL, LS, PS), tabs and carriage returns (indentation and line-break rules differ),
# a byte-order mark after the start, non-characters. (Found on the UTF-8 bytes left
# once the printable ASCII ones are deleted: a regular expression over the whole text
# costs a millisecond per 30 KB.)
_PRINTABLE_ASCII = bytes(range(0x20, 0x7F)) + b"\n"
_NON_ASCII = bytes(range(0x80, 0x100))
_ODD_UNICODE = _Pattern("[\x80-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


def _odd_characters(text: str, raw: bytes) -> bool:
    rest = raw.translate(None, _PRINTABLE_ASCII)
    if not rest:
        return False
    if rest.translate(None, _NON_ASCII):  # an ASCII control character, tab, CR or DEL
        return True
    return _ODD_UNICODE.search(rest.decode("utf-8", "surrogatepass")) or text.find("\ufeff", 1) >= 0


# What rapidyaml accepts and PyYAML refuses: a block sequence entry after a quoted
# scalar or a flow collection on its line (``- "a"  - b``: two entries for rapidyaml),
# a colon before a flow indicator (``{a:}``), directives (which rapidyaml skips).
_DASH = re.compile(r"[\"'\]}] +-(?: |$)", re.M)


def _odd_syntax(text: str) -> bool:
    if text.startswith("%") or "\n%" in text or ":," in text or ":]" in text or ":}" in text:
        return True
    return _DASH.search(text) is not None


# Block scalars rapidyaml reads otherwise: lines of spaces, a header followed by
# something else than a comment (``|-2x``)
_HEADER_REST = re.compile(r"(\S*)(?: +(?:#[^\n]*)?)?(?:\n|\Z)")
_HEADERS = frozenset(
    ["", "-", "+"]
    + [f"{a}{b}" for a in "-+" for b in "123456789"]
    + [f"{b}{a}" for a in ["", "-", "+"] for b in "123456789"]
)


_SPACE_LINE = re.compile(r"\n +(?:\n|\Z)")


def _space_line(text: str) -> bool:
    """A line of spaces alone (the first line too)."""
    return _SPACE_LINE.search(text) is not None or (
        text[:1] == " " and text.lstrip(" ")[:1] in ("\n", "")
    )


def _block_headers_ok(text: str) -> bool:
    """Every ``|`` or ``>`` that may start a block scalar (at the start of a line or
    after ``: ``, ``- ``, ``? ``) has a header rapidyaml and PyYAML read alike."""
    for mark in "|>":
        i = text.find(mark)
        while i >= 0:
            j = i - 1
            while j >= 0 and text[j] == " ":
                j -= 1
            starts = j < 0 or text[j] == "\n" or (j < i - 1 and text[j] in ":?-")
            if starts:
                m = _HEADER_REST.match(text, i + 1)
                if m is None or m.group(1) not in _HEADERS:
                    return False
            i = text.find(mark, i + 1)
    return True


# -- path 1: canonical text
_JSON_STARTS = frozenset('"{[-0123456789tfn.')


def _read_canonical(text: str, raw: bytes, bounded: bool = False) -> Any:
    """The data of a text :func:`dump_state` wrote, or _UNSURE. ``bounded``: only if its
    values are within ``MAX_NODES`` by the bound of rapidyaml's JSON of it (checked
    before they are built), else _UNSURE."""
    if not text.endswith("\n") or text.startswith(("#", "%", "-", " ", "\ufeff")) or "\n#" in text:
        return _UNSURE  # comments, directives, documents: not what the writer writes
    _, colon, value = text[: text.find("\n")].partition(": ")
    if colon and value[:1] not in _JSON_STARTS:
        return _UNSURE  # a first value that is not JSON (format: referee-state/1)
    try:
        tree = _parse_tree(raw)
    except _Unsure:
        return _UNSURE
    try:
        js = _emit_json(tree)
    except _Unsure:
        return _UNSURE
    del tree
    if js is None:
        return _UNSURE
    if bounded and _json_bound(js) > MAX_NODES:
        return _UNSURE  # (more values than the limit may allow: not built, but scanned)
    try:
        if len(raw) < _SMALL:
            data = json.loads(js, parse_constant=_no_constant)
        else:
            import orjson

            data = orjson.loads(js)
    except ValueError:
        return _UNSURE
    if not isinstance(data, dict):
        return _UNSURE
    try:
        again = dump_state(data, _floats=_census(data)[1])
    except (TypeError, ValueError):
        return _UNSURE
    return data if again == text else _UNSURE


def _json_bound(js: str) -> int:
    """An upper bound of the values of a JSON text: besides the root, every value and
    key follows its own ``[``, ``{``, ``,`` or ``:`` (bytes inside strings only add).
    Checked before ``orjson`` builds them, when the text's own bound was over the limit:
    the data read never holds more values than the limit allows."""
    count = js.count
    return 1 + count(",") + count(":") + count("[") + count("{")


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN, Infinity: never canonical


# -- path 2: walking rapidyaml's tree
# rapidyaml's node type bits (c4/yml/node_type.hpp), checked against the module's own
# constants in tests/test_loader.py
_MAP, _SEQ, _KEY, _VAL = 4, 8, 1, 2
_DOC = 16
_KEYREF, _VALREF, _KEYANCH, _VALANCH, _KEYTAG, _VALTAG = 64, 128, 256, 512, 1024, 2048
_KEY_LITERAL, _VAL_LITERAL = 0x200000, 0x400000
_KEY_FOLDED, _VAL_FOLDED = 0x800000, 0x1000000
_KEY_SQUO, _VAL_SQUO = 0x2000000, 0x4000000
_KEY_DQUO, _VAL_DQUO = 0x8000000, 0x10000000
_KEY_PLAIN, _VAL_PLAIN = 0x20000000, 0x40000000
_REFUSED = (
    _KEYREF | _VALREF | _KEYANCH | _VALANCH | _KEYTAG | _VALTAG | _KEY_LITERAL | _KEY_FOLDED | _DOC
)
_KEY_QUOTED = _KEY_SQUO | _KEY_DQUO
_FLOW = 0x10000 | 0x20000  # FLOW_SL | FLOW_ML
_VAL_QUOTED = _VAL_SQUO | _VAL_DQUO
_VAL_BLOCK = _VAL_LITERAL | _VAL_FOLDED
_NONE = 2**64 - 1  # rapidyaml's NONE node id


def _read_tree(text: str, raw: bytes) -> Any:
    """The data of any text rapidyaml parses and this walk can vouch for, or _UNSURE."""
    if _odd_characters(text, raw) or _odd_syntax(text):
        return _UNSURE
    try:
        tree = _parse_tree(raw)
        if tree.size() == 0 or tree.type(tree.root_id()) == 0:
            return _UNSURE  # nothing but comments: PyYAML says what that is
        return _Walk(tree, text).node(tree.root_id(), False)
    except (_Unsure, RecursionError, UnicodeDecodeError):
        # (rapidyaml writes a ``\xNN`` escape as the byte NN: not UTF-8 once over 0x7f)
        return _UNSURE


class _Walk:
    """Builds the data of rapidyaml's tree, refusing what PyYAML would read otherwise
    (found by tests/test_loader.py's differential tests against PyYAML):

    * anchors, aliases, tags, block scalars (``|``, ``>``), documents;
    * plain scalars PyYAML refuses or reads otherwise: starting with an indicator,
      holding ``: `` or `` #`` (or, inside a flow collection, ``:``, ``#``, ``?``),
      timestamps, ``<<``, ``=``, numbers it cannot convert;
    * keys PyYAML refuses: empty plain keys, keys over 1,000 characters, keys that
      span lines (a key with a space or line break is looked for on one line of the
      text), double-quoted keys in a text with escaped line breaks.
    """

    def __init__(self, tree: Any, text: str) -> None:
        self.t = tree
        self.text = text
        self.breaks = "\\\n" in text
        self.final_break = text.endswith("\n")
        self.blocks_ok: bool | None = None
        self.spaced_keys = 0

    def node(self, i: int, flow: bool) -> Any:
        # the tree's methods called on its SWIG object (``this``), not on the Python
        # object around it: each call then skips looking that object up (a third of
        # the time of a call, five calls a node: 60% of the walk)
        t, tree = type(self.t), self.t.this
        type_of, first_child, next_sibling = t.type, t.first_child, t.next_sibling
        key_of, val_of = t.key, t.val
        plain, key_check = self.plain, self.key_check

        def value(i: int, ty: int, flow: bool, depth: int = 0) -> Any:
            if ty & _REFUSED or depth > MAX_DEPTH:
                raise _Unsure
            if ty & _MAP:
                flow = flow or bool(ty & _FLOW)
                out: dict[Any, Any] = {}
                c = first_child(tree, i)
                while c != _NONE:
                    cty = type_of(tree, c)
                    raw = key_of(tree, c)
                    text = "" if raw is None else str(raw, "utf-8")
                    if cty & _KEY_QUOTED:
                        key: Any = key_check(text, cty)
                    else:
                        key = plain(key_check(text, cty), flow) if text else _refuse_key()
                        if type(key) is not str and type(key) is not int:
                            raise _Unsure  # true/false, null, a number: PyYAML refuses it
                    if key in out:
                        raise _Unsure  # a key given twice: PyYAML's path says where
                    try:
                        out[key] = value(c, cty, flow, depth + 1)
                    except TypeError:  # a key PyYAML cannot hash
                        raise _Unsure from None
                    c = next_sibling(tree, c)
                return out
            if ty & _SEQ:
                flow = flow or bool(ty & _FLOW)
                items = []
                c = first_child(tree, i)
                while c != _NONE:
                    items.append(value(c, type_of(tree, c), flow, depth + 1))
                    c = next_sibling(tree, c)
                return items
            if not ty & _VAL:
                raise _Unsure
            raw = val_of(tree, i)
            text = "" if raw is None else str(raw, "utf-8")
            if ty & _VAL_QUOTED:
                return text
            if ty & _VAL_BLOCK:
                if not self.block_scalars_ok() or not text.strip("\n"):
                    raise _Unsure  # (and bodies of blank lines: read otherwise too)
                return text
            return plain(text, flow)

        return value(i, type_of(tree, i), flow)

    def block_scalars_ok(self) -> bool:
        """rapidyaml gives the last line of a block scalar a break the file lacks,
        reads lines of spaces otherwise and ignores what follows a header (``|-2x``)."""
        if self.blocks_ok is None:
            text = self.text
            self.blocks_ok = self.final_break and not _space_line(text) and _block_headers_ok(text)
        return self.blocks_ok

    def key_check(self, text: str, ty: int) -> str:
        """A key's text, if PyYAML would read it as rapidyaml did."""
        if (
            len(text) > 1000
            or "\n" in text
            or (" " in text and not self.on_one_line(text, ty))
            or (ty & _KEY_DQUO and self.breaks)
        ):
            raise _Unsure
        return text

    def on_one_line(self, key: str, ty: int) -> bool:
        self.spaced_keys += 1  # each is a search of the text: past 100, PyYAML reads it
        if self.spaced_keys > 100:
            return False
        if ty & _KEY_SQUO:
            source = "'" + key.replace("'", "''") + "'"
        elif ty & _KEY_DQUO:
            source = json.dumps(key, ensure_ascii=False)
        else:
            source = key
        return re.search(re.escape(source) + r" *:", self.text) is not None

    @staticmethod
    def plain(text: str, flow: bool) -> Any:
        if not text:
            return None
        if (":" in text or "#" in text or "?" in text) and (": " in text or " #" in text or flow):
            raise _Unsure
        if text[0] not in _RESOLVERS and text[0] not in _NOT_PLAIN:
            return text  # the common case: a word
        if text.isdigit() and text.isascii() and len(text) <= MAX_INT_DIGITS:
            # digits alone: YAML 1.1's decimal integer, or the referee's hex label
            # (a leading zero) -- the second most common case
            return text if text[0] == "0" and len(text) > 1 else int(text)
        return _plain(text)


def _refuse_key() -> Any:
    raise _Unsure  # an empty plain key: rapidyaml reads null, PyYAML refuses it


def _plain(text: str) -> Any:
    value = resolve_plain(text)
    if value is _UNSURE:
        raise _Unsure
    return value


# PyYAML's implicit resolvers (yaml/resolver.py, YAML 1.1), copied verbatim and checked
# against PyYAML's own in tests/test_loader.py; the first character of a plain scalar
# selects the patterns tried, in this order.
_BOOL = _Pattern(
    "^(?:yes|Yes|YES|no|No|NO\n"
    "                    |true|True|TRUE|false|False|FALSE\n"
    "                    |on|On|ON|off|Off|OFF)$",
    re.X,
    frozenset(
        [
            "yes",
            "Yes",
            "YES",
            "no",
            "No",
            "NO",
            "true",
            "True",
            "TRUE",
            "false",
            "False",
            "FALSE",
            "on",
            "On",
            "ON",
            "off",
            "Off",
            "OFF",
        ]
    ),
)
_FLOAT = _Pattern(
    "^(?:[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?\n"
    "                    |\\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?\n"
    "                    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*\n"
    "                    |[-+]?\\.(?:inf|Inf|INF)\n"
    "                    |\\.(?:nan|NaN|NAN))$",
    re.X,
)
_INT = _Pattern(
    "^(?:[-+]?0b[0-1_]+\n"
    "                    |[-+]?0[0-7_]+\n"
    "                    |[-+]?(?:0|[1-9][0-9_]*)\n"
    "                    |[-+]?0x[0-9a-fA-F_]+\n"
    "                    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$",
    re.X,
)
_MERGE = _Pattern("^(?:<<)$", words=frozenset(["<<"]))
_NULL = _Pattern(
    "^(?: ~\n                    |null|Null|NULL\n                    | )$",
    re.X,
    frozenset(["~", "null", "Null", "NULL", ""]),
)
_TIMESTAMP = _Pattern(
    "^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]\n"
    "                    |[0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?\n"
    "                     (?:[Tt]|[ \\t]+)[0-9][0-9]?\n"
    "                     :[0-9][0-9] :[0-9][0-9] (?:\\.[0-9]*)?\n"
    "                     (?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$",
    re.X,
)
_VALUE = _Pattern("^(?:=)$", words=frozenset("="))
_YAML = _Pattern("^(?:!|&|\\*)$", words=frozenset("!&*"))
# the referee's own rule (a hex label): digits with a leading zero stay a string
_LABEL = _Pattern(r"^0\d+$")
_DIGIT_RESOLVERS = [("float", _FLOAT), ("int", _INT), ("timestamp", _TIMESTAMP)]
_RESOLVERS: dict[str, list[tuple[str, _Pattern]]] = {
    "": [("null", _NULL)],
    "~": [("null", _NULL)],
    "+": [("float", _FLOAT), ("int", _INT)],
    "-": [("float", _FLOAT), ("int", _INT)],
    ".": [("float", _FLOAT)],
    "<": [("merge", _MERGE)],
    "=": [("value", _VALUE)],
    "!": [("yaml", _YAML)],
    "&": [("yaml", _YAML)],
    "*": [("yaml", _YAML)],
    "0": [("str", _LABEL), *_DIGIT_RESOLVERS],
    **{d: _DIGIT_RESOLVERS for d in "123456789"},
    **{c: [("bool", _BOOL)] for c in "yYtTfFoO"},
    "n": [("bool", _BOOL), ("null", _NULL)],
    "N": [("bool", _BOOL), ("null", _NULL)],
}
_BOOLS = {"yes": True, "no": False, "true": True, "false": False, "on": True, "off": False}
# first characters of plain scalars PyYAML refuses (or reads as something else)
_NOT_PLAIN = frozenset("-?:,[]{}#&*!|>'\"%@` \t")


def resolve_plain(text: str) -> Any:
    """A plain scalar's value as PyYAML's safe loader (YAML 1.1) gives it, with the
    referee's leading-zero rule; _UNSURE where only PyYAML can say (timestamps, merge
    keys, ``=``, numbers PyYAML cannot convert, plain scalars it would refuse)."""
    if not text:
        return None
    first = text[0]
    if first in _NOT_PLAIN and not (first == "-" and len(text) > 1 and text[1] not in " \t"):
        return _UNSURE
    tag = next((tag for tag, pattern in _RESOLVERS.get(first, ()) if pattern.match(text)), "str")
    if tag == "str":
        return text
    if tag == "null":
        return None
    if tag == "bool":
        return _BOOLS[text.lower()]
    try:
        if tag == "int":
            return _to_int(text)
        if tag == "float":
            return _to_float(text)
    except ValueError:
        pass
    return _UNSURE


def _to_int(text: str) -> int:
    value = text.replace("_", "")
    sign = -1 if value[0] == "-" else 1
    if value[0] in "+-":
        value = value[1:]
    if value == "0":
        return 0
    if value.startswith("0b"):
        return _bounded(sign * int(value[2:], 2))
    if value.startswith("0x"):
        return _bounded(sign * int(value[2:], 16))
    if value[0] == "0":
        return _bounded(sign * int(value, 8))
    if ":" in value:
        total, base = 0, 1
        for digit in reversed([int(part) for part in value.split(":")]):
            total += digit * base
            base *= 60
            if base > _INT_BOUND:
                raise ValueError("too large")
        return _bounded(sign * total)
    return sign * int(value)  # (over 4,300 digits: ValueError)


def _bounded(value: int) -> int:
    """An integer within MAX_INT_DIGITS digits; ValueError otherwise (PyYAML's path then
    refuses it with its line)."""
    if not -_INT_BOUND < value < _INT_BOUND:
        raise ValueError("too large")
    return value


_INF = float("inf")
_NAN = -_INF / _INF  # PyYAML's NaN: one object, as a key it is one key


def _to_float(text: str) -> float:
    value = text.replace("_", "").lower()
    sign = -1 if value[0] == "-" else 1
    if value[0] in "+-":
        value = value[1:]
    if value in (".inf", ".nan"):
        raise ValueError("not finite")  # refused by PyYAML's path, with its line
    if ":" in value:
        total, base = 0.0, 1
        for digit in reversed([float(part) for part in value.split(":")]):
            total += digit * base
            base *= 60
        result = sign * total
    else:
        result = sign * float(value)
    if result != result or result in (_INF, -_INF):
        raise ValueError("not finite")  # 1.0e+999
    return result


# -- path 3: PyYAML
_pyyaml_loader: Any = None
# keys a referee file may hold: text, and whole numbers (die faces in rulesets)
_KEY_TAGS = frozenset({"tag:yaml.org,2002:str", "tag:yaml.org,2002:int"})
_TAG_KINDS = {
    "tag:yaml.org,2002:bool": "bool",
    "tag:yaml.org,2002:null": "null",
    "tag:yaml.org,2002:float": "float",
    "tag:yaml.org,2002:timestamp": "date",
    "tag:yaml.org,2002:binary": "binary",
    "tag:yaml.org,2002:set": "set",
    "tag:yaml.org,2002:omap": "omap",
    "tag:yaml.org,2002:pairs": "pairs",
    "tag:yaml.org,2002:seq": "list",
    "tag:yaml.org,2002:map": "mapping",
    "tag:yaml.org,2002:merge": "merge",
    "tag:yaml.org,2002:value": "value",
}


def _loader_class() -> Any:
    """PyYAML's C safe loader, refusing aliases and keeping 0-led digits as strings."""
    global _pyyaml_loader
    if _pyyaml_loader is not None:
        return _pyyaml_loader
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

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

    class Loader(base):  # type: ignore[misc]
        alias_refused = _AliasRefused
        value_refused = _ValueRefused

        def __init__(self, stream: Any) -> None:
            super().__init__(stream)
            # values YAML 1.1 allows and no referee file may hold (docs/hostile.md): a
            # date, binary, a set, a non-finite number, an integer over the digit
            # limit, a key that is not text or a whole number: (node, code, data), all
            # reported at once after the document is built
            self.odd: list[tuple[Any, str, dict[str, Any]]] = []

        def refuse(self, node: Any, code: str, data: dict[str, Any]) -> None:
            self.odd.append((node, code, data))

        def construct_object(self, node: Any, deep: bool = False) -> Any:
            # A node met a second time is an alias (*name) of an anchored node.
            if node in self.constructed_objects or node in self.recursive_objects:
                raise _AliasRefused(node.start_mark)
            try:
                return super().construct_object(node, deep)
            except (
                ValueError,
                TypeError,
                KeyError,
                AttributeError,
                IndexError,
                OverflowError,
            ) as exc:
                raise _ValueRefused(node.start_mark, str(exc) or type(exc).__name__) from None

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            bad = False
            for key_node, _ in node.value:
                if key_node.tag not in _KEY_TAGS:
                    bad = True
                    kind = _TAG_KINDS.get(key_node.tag, "other")
                    self.refuse(
                        key_node,
                        "yaml.bad_key",
                        {"kind": kind},
                    )
            if bad:  # refused: the values are still checked, the keys not built
                for _, value_node in node.value:
                    self.construct_object(value_node, deep)
                return {}
            return super().construct_mapping(node, deep)

        def construct_yaml_int(self, node: Any) -> Any:
            # no integer within the bound is written with more characters than four
            # times its digits (binary), and a longer base-60 one takes quadratic time
            digits = str(node.value).replace("_", "").lstrip("+-")
            if len(digits) > 4 * MAX_INT_DIGITS or (
                len(digits) > MAX_INT_DIGITS and digits.isdecimal() and digits[0] != "0"
            ):
                return self.big_integer(node)
            value = super().construct_yaml_int(node)
            if not -_INT_BOUND < value < _INT_BOUND:
                return self.big_integer(node)
            return value

        def big_integer(self, node: Any) -> None:
            self.refuse(
                node,
                "yaml.big_integer",
                {"limit": MAX_INT_DIGITS},
            )

        def construct_yaml_float(self, node: Any) -> Any:
            value = super().construct_yaml_float(node)
            if value != value or value in (_INF, -_INF):
                self.refuse(
                    node,
                    "yaml.not_finite",
                    {"value": _short(node.value)},
                )
                return None
            return value

        def construct_yaml_timestamp(self, node: Any) -> Any:
            self.refuse(
                node,
                "yaml.date",
                {"value": _short(node.value)},
            )

        def refuse_tag(self, node: Any) -> Any:
            kind = _TAG_KINDS.get(node.tag, "other")
            self.refuse(
                node,
                "yaml.bad_tag",
                {"kind": kind},
            )

    for tag in ("binary", "set", "omap", "pairs"):
        Loader.add_constructor(f"tag:yaml.org,2002:{tag}", Loader.refuse_tag)
    Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
    Loader.add_constructor("tag:yaml.org,2002:float", Loader.construct_yaml_float)
    Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_yaml_timestamp)

    # YAML 1.1 reads 0507 as an octal-ish int and 0909 as a string: keep every plain
    # scalar that looks like a hex label as a string, whatever its digits.
    Loader.add_implicit_resolver("tag:yaml.org,2002:str", re.compile(_LABEL.pattern), list("0"))
    resolvers = Loader.yaml_implicit_resolvers["0"]
    Loader.yaml_implicit_resolvers["0"] = [
        r for r in resolvers if r[0] == "tag:yaml.org,2002:str"
    ] + [r for r in resolvers if r[0] != "tag:yaml.org,2002:str"]
    _pyyaml_loader = Loader
    return Loader


MAX_REPORTED = 20  # odd values reported of one file (a file of dates: not a line each)


def _odd_problems(
    odd: list[tuple[Any, str, dict[str, Any]]], root: Any, name: str
) -> list[Problem]:
    """The odd values of a document as problems, each located by its line and its path
    in the file (``sides.rome.units[3].at``; a key's own path is the key's)."""
    shown = sorted(odd, key=lambda entry: entry[0].start_mark.index)[:MAX_REPORTED]
    paths = _node_paths(root, {id(entry[0]) for entry in shown})
    return [
        Problem(
            paths.get(id(node), ""),
            line=node.start_mark.line + 1,
            file=name,
            code=code,
            data=data,
        )
        for node, code, data in shown
    ]


def _node_paths(root: Any, wanted: set[int]) -> dict[int, str]:
    """The paths of the wanted nodes (by id) in a PyYAML node tree (no recursion)."""
    found: dict[int, str] = {}
    stack: list[tuple[Any, str]] = [(root, "")]
    while stack and len(found) < len(wanted):
        node, path = stack.pop()
        if id(node) in wanted:
            found.setdefault(id(node), path)
        if node.id == "mapping":
            for key_node, value_node in node.value:
                key = str(key_node.value) if key_node.id == "scalar" else "?"
                here = f"{path}.{key}" if path else key
                if id(key_node) in wanted:
                    found.setdefault(id(key_node), here)
                stack.append((value_node, here))
        elif node.id == "sequence":
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(node.value))
    return found


def _short(value: Any) -> str:
    """A scalar's text as a message quotes it: at most 40 characters."""
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _read_pyyaml(text: str, name: str) -> tuple[Any, Any]:
    import yaml

    loader = _loader_class()(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
        if loader.odd:
            raise InvalidInput(_odd_problems(loader.odd, root, name))
    except loader.alias_refused as exc:
        raise InvalidInput(
            Problem(
                "",
                line=exc.mark.line + 1,
                file=name,
                code="yaml.alias",
            )
        ) from None
    except loader.value_refused as exc:
        raise InvalidInput(
            Problem(
                "",
                line=exc.mark.line + 1,
                file=name,
                code="yaml.bad_value",
                data={"what": exc.reason},
            )
        ) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        raise InvalidInput(
            Problem(
                "",
                line=line,
                file=name,
                code="yaml.bad_character",
                data={"character": f"#x{exc.character:04x}", "what": exc.reason},
            )
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or "malformed YAML"
        tag = "tag" in str(what)
        raise InvalidInput(
            Problem(
                "",
                line=(mark.line + 1) if mark else None,
                file=name,
                code="yaml.syntax",
                data={"what": str(what), "tag": tag},
            )
        ) from None
    except yaml.YAMLError as exc:
        raise InvalidInput(
            Problem(
                "",
                file=name,
                code="yaml.syntax",
                data={"what": str(exc), "tag": False},
            )
        ) from None
    finally:
        loader.dispose()
    return data, root


def _compose(text: str) -> Any:
    """PyYAML's node tree of a text, or None if it has none (or is not YAML)."""
    import yaml

    loader = _loader_class()(text)
    try:
        return loader.get_single_node()
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()


# ---------------------------------------------------------------------- writing
def dump_yaml(data: Mapping[str, Any]) -> str:
    import yaml

    dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return str(
        yaml.dump(
            data,
            Dumper=dumper,
            sort_keys=False,
            allow_unicode=True,
            default_flow_style=None,
            width=100,
        )
    )


def dump_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


# The state writer. States are written as block YAML whose leaves and list items are
# compact JSON flow values (JSON is YAML flow syntax), one unit, leader, hexside or
# history entry per line: fast (one ``orjson`` call per item, never one per scalar),
# diff-friendly, read back by PyYAML to exactly the same data (tests/test_roundtrip.py,
# tests/test_loader.py) and by the canonical path above at the parser's speed.
#
# E-mail safe: every line stays under ``LINE_BYTES`` bytes, below the 998 of SMTP
# (RFC 5321). An item too long for its line is written over several: mappings and
# lists of containers in block style, lists of scalars as a flow list packed on lines
# of about ``WRAP`` characters, strings continued with YAML's escaped line break
# (``\`` at the end of the line) -- never inside an escape sequence, and a space that
# would start a continuation line (YAML drops it there) written ``\u0020``.
LINE_BYTES = 990
WRAP = 100
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
# longer keys are quoted, whatever their characters: a plain key is a "simple key",
# which YAML readers bound (PyYAML: 1,024 characters; the loader's key limit)
_PLAIN_KEY_MAX = 128
# integers are written in decimal: Python (and so the loader) reads at most 4,300 digits
_INT_DIGITS = 4300
_INT_WRITABLE = 10**_INT_DIGITS
_WIDEST = "\U00010000"  # a character of 4 bytes: a piece of WRAP of them fits after a key?
_RESERVED = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
# characters a YAML reader refuses or treats as line breaks inside quotes: escaped
_UNSAFE = _Pattern(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]"
)


class Unwritable(InvalidInput, ValueError):
    """A value the state writer cannot write so that it reads back identically (an
    integer over Python's 4,300 digits, bytes, a set...): a clean error (exit 3), never
    a file the loader refuses. A ValueError too, for the readers that try the writer
    (the canonical path)."""


def dump_state(data: Mapping[str, Any], *, _floats: bool | None = None) -> str:
    """A state (or any mapping) as block YAML with JSON flow leaves, which the loader
    (:func:`load_text`) reads back to the same data, whatever it holds (docs/hostile.md
    §Writes): strings always in double quotes (JSON escapes, characters YAML refuses
    escaped), keys plain only when short words YAML reads as text, other keys quoted
    (``?`` explicit keys past a line's length), whole-number keys in digits, floats as
    YAML 1.1 floats, no line over ``LINE_BYTES``. What the loader would refuse (a value
    that is not JSON: a date, bytes, a set; a number that is not finite or has over
    4,300 digits; a key that is neither text nor a whole number; a lone surrogate)
    raises :class:`Unwritable` (exit 3): never a file that does not read back."""
    try:
        return _dump_state(data, _floats)
    except RecursionError:
        raise Unwritable(
            Problem(
                "",
                code="write.too_deep",
                data={"limit": MAX_DEPTH},
            )
        ) from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, Unwritable):
            raise
        what = str(exc) or type(exc).__name__
        raise Unwritable(
            Problem(
                "",
                code="write.unwritable",
                data={"what": what},
            )
        ) from None


def _dump_state(data: Mapping[str, Any], floats: bool | None = None) -> str:
    # (``floats``: whether data holds one, when the caller knows: _read_canonical)
    writer = _Writer(floats=_has_float(data) if floats is None else floats, escape=False)
    text = writer.text(data)
    if (text.isascii() and "\x7f" not in text) or not _UNSAFE.search(text):
        return text
    # characters to escape: written again escaping item by item, so that the escapes
    # count in the line lengths
    return _Writer(floats=writer.floats, escape=True).text(data)


def _has_float(data: Any) -> bool:
    """Whether any value in ``data`` is a float (orjson writes NaN and infinities as
    null and exponents without the dot and sign YAML 1.1 needs)."""
    stack = [data]
    pop, push = stack.pop, stack.append
    while stack:
        container = pop()
        for value in container.values() if isinstance(container, Mapping) else container:
            kind = type(value)
            if kind is str or kind is int or kind is bool or value is None:
                continue
            if kind is dict or kind is list or kind is tuple:
                push(value)
            elif isinstance(value, float):
                return True
            elif isinstance(value, Mapping | list | tuple):
                push(value)
    return False


def _holds_float(value: Any) -> bool:
    return isinstance(value, float) or (
        isinstance(value, Mapping | list | tuple) and _has_float([value])
    )


def _is_container(value: Any) -> bool:
    return isinstance(value, Mapping | list | tuple)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xD800 <= code <= 0xDFFF:  # no YAML reader takes a lone surrogate, even escaped
        raise Unwritable(
            Problem(
                "",
                code="write.unwritable",
                data={"what": f"\\u{code:04x}", "kind": "surrogate"},
            )
        )
    return f"\\u{code:04x}"


def _fits(line: str) -> bool:
    return len(line) * 4 <= LINE_BYTES or len(line.encode("utf-8", "surrogatepass")) <= LINE_BYTES


def _scalar(value: Any) -> str:
    """One scalar as YAML flow text (the slow, exact path)."""
    if isinstance(value, float):
        if value != value or value in (_INF, -_INF):  # the loader refuses .nan and .inf
            raise Unwritable(
                Problem(
                    "",
                    code="write.not_finite",
                    data={"value": str(value)},
                )
            )
        text = repr(value)
        return text if "." in text else text.replace("e", ".0e")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _INT_WRITABLE:
        raise Unwritable(
            Problem(
                "",
                code="write.number_too_long",
                data={"limit": _INT_DIGITS},
            )
        )
    try:
        text = json.dumps(value, ensure_ascii=False)
    except TypeError:
        raise TypeError(f"a value of type {type(value).__name__}") from None
    if isinstance(value, str) and _UNSAFE.search(text):
        text = _UNSAFE.compiled().sub(_escape, text)
    return text


def _key(key: Any) -> str:
    """A mapping key: a short word YAML reads as text plain, any other text quoted, a
    key that is not text as the scalar it is (read back as that value)."""
    if not isinstance(key, str):
        return _other_key(key)
    if len(key) <= _PLAIN_KEY_MAX and _PLAIN_KEY.match(key) and key.lower() not in _RESERVED:
        return key
    return _scalar(key)


def _other_key(key: Any) -> str:
    """A key that is not text: a whole number (die faces), in digits; the loader
    refuses any other (booleans, null, floats, dates: docs/hostile.md)."""
    if isinstance(key, int) and not isinstance(key, bool):
        return _scalar(key)
    raise TypeError(f"a key of type {type(key).__name__}")


def _flow_each(value: Any) -> str:
    """A value as compact flow text, scalar by scalar (floats, dates, big integers,
    keys that are not strings)."""
    if isinstance(value, Mapping):
        return (
            "{"
            + ",".join(
                f"{_scalar(k)}:{_flow_each(v)}"
                if isinstance(k, str)
                else f"{_other_key(k)}: {_flow_each(v)}"
                for k, v in value.items()
            )
            + "}"
        )
    if isinstance(value, list | tuple):
        return "[" + ",".join(_flow_each(v) for v in value) + "]"
    return _scalar(value)


def _refuse(value: Any) -> Any:
    raise TypeError


class _Writer:
    def __init__(self, floats: bool, escape: bool) -> None:
        import orjson

        self.floats = floats
        self.escape = escape
        self._dumps = orjson.dumps
        self._options = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS

    def text(self, data: Mapping[str, Any]) -> str:
        out: list[str] = []
        self.block(data, "", out)
        return "\n".join(out) + "\n"

    def flow(self, value: Any) -> str:
        """A value as one line of compact JSON flow text."""
        if self.floats and _holds_float(value):
            return _flow_each(value)
        try:
            text = self._dumps(value, _refuse, self._options).decode()
        except TypeError:  # a date, a big integer, a key that is not a string...
            return _flow_each(value)
        if self.escape and _UNSAFE.search(text):
            text = _UNSAFE.compiled().sub(_escape, text)
        return text

    def block(self, mapping: Mapping[Any, Any], pad: str, out: list[str]) -> None:
        for key, value in mapping.items():
            head = f"{pad}{_key(key)}:"
            if not _fits(head + " {}"):  # a key too long for a line: an explicit key
                self.string_lines(
                    f"{pad}? ",
                    _scalar(key) if isinstance(key, str) else _other_key(key),
                    "",
                    pad + "  ",
                    out,
                )
                head = f"{pad}:"
            self.after_key(head, value, pad + "  ", out)

    def after_key(self, head: str, value: Any, pad: str, out: list[str]) -> None:
        """``head`` (an indented ``key:``) and its value, nested lines indented ``pad``."""
        if isinstance(value, Mapping) and value:
            out.append(head)
            self.block(value, pad, out)
        elif isinstance(value, list | tuple) and value and any(map(_is_container, value)):
            out.append(head)
            item, inner = pad + "- ", pad + "  "
            for v in value:
                self.item(item, v, inner, out)
        else:
            line = f"{head} {self.flow(value)}"
            if _fits(line):
                out.append(line)
            else:
                self.long(head + " ", value, pad, out)

    def item(self, prefix: str, value: Any, pad: str, out: list[str]) -> None:
        """A sequence entry: ``prefix`` (an indented ``- ``) and its value."""
        line = prefix + self.flow(value)
        if _fits(line):
            out.append(line)
        else:
            self.long(prefix, value, pad, out)

    def long(self, prefix: str, value: Any, pad: str, out: list[str]) -> None:
        """A value too long for the line it starts on (after ``prefix``)."""
        if isinstance(value, Mapping) and value:
            if prefix.endswith("- "):  # the first key on the dash's line
                start = len(out)
                self.block(value, pad, out)
                out[start] = prefix + out[start][len(pad) :]
            else:
                out.append(prefix.rstrip())
                self.block(value, pad, out)
        elif isinstance(value, list | tuple) and value and any(map(_is_container, value)):
            rest = list(value)
            if prefix.endswith("- "):  # the first entry on the dash's line
                self.item(prefix + "- ", rest.pop(0), pad + "  ", out)
            else:
                out.append(prefix.rstrip())
            for v in rest:
                self.item(pad + "- ", v, pad + "  ", out)
        elif prefix.endswith(": ") and not _fits(prefix + _WIDEST * (WRAP + 12)):
            # after a long key: the value starts on a line of its own, indented
            out.append(prefix.rstrip())
            self.long(pad, value, pad, out)
        elif isinstance(value, list | tuple) and value:
            self.packed(prefix, list(value), pad, out)
        elif isinstance(value, str):
            self.string_lines(prefix, self.flow(value), "", pad, out)
        else:
            out.append(prefix + self.flow(value))  # a number: cannot be broken

    def packed(self, prefix: str, items: list[Any], pad: str, out: list[str]) -> None:
        """A flow list of scalars over several lines (``[a,b,`` / ``c]``), about ``WRAP``
        characters a line; a string too long for a line of its own is broken too."""
        line, fresh = prefix + "[", True
        last = len(items) - 1
        for i, item in enumerate(items):
            text = self.flow(item)
            tail = "]" if i == last else ","
            joined = line + text + tail
            if not fresh and len(joined) > len(pad) + WRAP:
                out.append(line)
                line, fresh = pad, True
                joined = line + text + tail
            if isinstance(item, str) and not _fits(joined):
                self.string_lines(line, text, tail, pad, out)
                line, fresh = pad, True
                continue
            line, fresh = joined, False
        if not fresh:
            out.append(line)

    def string_lines(self, prefix: str, quoted: str, tail: str, pad: str, out: list[str]) -> None:
        """A JSON-quoted string over lines of about ``WRAP`` characters, each but the
        last ending in an escaped line break; ``tail`` follows the closing quote."""
        bounds = _char_starts(quoted)
        pieces: list[str] = []
        start, b, lead = 0, 0, ""
        while len(quoted) - start > WRAP:
            # the last character start within WRAP, preferring one that is not a space
            limit = start + WRAP
            while b + 1 < len(bounds) and bounds[b + 1] <= limit:
                b += 1
            cut = b  # after a space if there is one in the last third, else anywhere
            while bounds[cut] > start + WRAP * 2 // 3 and not (
                quoted[bounds[cut] - 1] == " " and quoted[bounds[cut]] != " "
            ):
                cut -= 1
            if bounds[cut] <= start + WRAP * 2 // 3:
                cut = b
                while bounds[cut] > start + 1 and quoted[bounds[cut]] == " ":
                    cut -= 1
            if bounds[cut] <= start + 1:  # nothing but spaces: the first one escaped
                cut = b
            at = bounds[cut]
            pieces.append(lead + quoted[start:at])
            if quoted[at] == " ":
                lead, start = "\\u0020", at + 1
            else:
                lead, start = "", at
        pieces.append(lead + quoted[start:] + tail)
        out.append(prefix + pieces[0] + ("\\" if len(pieces) > 1 else ""))
        for i, piece in enumerate(pieces[1:], 1):
            out.append(pad + piece + ("\\" if i < len(pieces) - 1 else ""))


def _char_starts(quoted: str) -> list[int]:
    """Positions in a JSON-quoted string where a character (or an escape) starts, from
    the one after the opening quote to the closing quote."""
    starts, i, end = [], 1, len(quoted) - 1
    while i < end:
        starts.append(i)
        i += (6 if quoted[i + 1] == "u" else 2) if quoted[i] == "\\" else 1
    starts.append(end)
    return starts


def duplicate_keys(doc: Document) -> list[Problem]:
    """A key given twice in one mapping of ``doc`` (YAML keeps the last silently), at
    the path of its second place, with the line of the first: the first 20 (issue 26:
    choices and reveal files, where the last ``reveal:`` or ``unit:`` won unseen). Walked
    on PyYAML's node tree, without recursion; a text too large for one (see ``MAX_LOCATE``)
    is not checked. Every file :func:`load_text` reads passes it (the fast paths hand a
    text with a key given twice to PyYAML's)."""
    root = doc.root
    out: list[Problem] = []
    stack: list[tuple[Any, str]] = [(root, "")] if root is not None else []
    while stack and len(out) < MAX_REPORTED:
        node, path = stack.pop()
        if node.id == "mapping":
            seen: dict[tuple[str, str], int] = {}
            for key_node, value_node in node.value:
                key = str(key_node.value) if key_node.id == "scalar" else "?"
                here = f"{path}.{key}" if path else key
                if key_node.id == "scalar":
                    ident = (key_node.tag, key)  # 1 and "1" differ, "a" and a do not
                    if ident in seen and len(out) < MAX_REPORTED:
                        out.append(
                            Problem(
                                here,
                                line=key_node.start_mark.line + 1,
                                file=doc.name,
                                code="yaml.duplicate_key",
                                data={"key": _short(key), "first": seen[ident]},
                            )
                        )
                    seen.setdefault(ident, key_node.start_mark.line + 1)
                stack.append((value_node, here))
        elif node.id == "sequence":
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(node.value))
    return out

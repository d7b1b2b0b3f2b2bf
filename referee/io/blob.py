"""A compressed block of a history (``history[0].initial``, ``orders_z``: docs/pbem.md
§History) unpacked within bounds, as it streams (docs/hostile.md §History blobs): the
bytes it unpacks to, the values it holds and those its columns make, its nesting and
its integers, for one block and for all the blocks of one file. A rival crafts blocks
too: 59 KB of xz made 255 MiB of JSON, an ``~enum`` index of 200 million characters
ran out of memory, JSON nested 100,000 deep ended in RecursionError.

A leaf module: every command that loads a game checks its blocks here
(:func:`check_history`, from ``referee.io.files.game_from``) without importing the play
package; ``referee.play.record`` writes blocks and turns their columns back into rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from referee.core.errors import BadText
from referee.core.model import Problem
from referee.io.yamlio import MAX_BYTES, MAX_DEPTH, MAX_INT_DIGITS, MAX_NODES

# one block: what it holds came from a file of at most MAX_BYTES and MAX_NODES values (a
# state, an orders file), and its JSON, in columns, is smaller than that file (a
# 50,000-unit position: 1 MB of JSON, 1.6 million values, in an 11 MB state)
MAX_BLOB_BYTES = MAX_BYTES
# all the blocks of one file together (a 32 MiB file holds thousands of blocks)
MAX_HISTORY_BYTES = 256 * 1024 * 1024
MAX_HISTORY_VALUES = 4 * MAX_NODES
CHUNK = 1 << 20  # unpacked at a time
_SCAN = 1 << 16  # scanned at a time for the strings of a text (see _outside)
ORJSON_LOADS_FROM = 1 << 16
MAX_ROWS = 1 << 22  # rows of a table: a crafted "n" may not make millions of empty rows

TABLE, COLS, DICT, ENUM, INDEX = "~table", "~cols", "~dict", "~enum", "~idx"
PARTS, RUNS = "~parts", "~runs"
MARKERS = (TABLE, DICT, ENUM, PARTS, RUNS)
# a column of few distinct values is written as those values and one character of this
# alphabet a row (JSON-safe: no quote, no backslash)
ALPHABET = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in '"\\')
ENUM_LIST = 16  # a list value of a column of distinct values (copied for each row)
B85 = "b85:"  # blobs since format 2: base85 (5 characters per 4 bytes, base64 takes 6)
_XZ = b"\xfd7zXZ\x00"
_MIB = 1024 * 1024


class BlobRefused(BadText):
    """A block past one of the bounds: no block the referee writes is (exit 3 when a
    game is loaded). Other defects of a block (not base85, not xz, not JSON, columns
    that do not add up) are ``BadText``: ``verify`` reports them (exit 5)."""


class Budget:
    """What the blocks of one file have used so far: bytes unpacked, values."""

    def __init__(self) -> None:
        self.bytes = 0
        self.values = 0

    def take_values(self, count: int, already: int = 0) -> None:
        """``count`` values more (``already`` in this block): refused past MAX_NODES a
        block, MAX_HISTORY_VALUES the file."""
        if already + count > MAX_NODES:
            raise _too_many()
        self.values += count
        if self.values > MAX_HISTORY_VALUES:
            raise BlobRefused(
                "record.history_too_many_values",
                limit=MAX_HISTORY_VALUES,
            )


def unpack(lines: Any, budget: Budget | None = None) -> tuple[Any, bool]:
    """The JSON data of a block (still in columns) and whether it is of format 2
    (``b85:``, ``~enum`` columns); checked against every bound before a value is made:
    ``BlobRefused``; ``BadText`` if it is not a block."""
    budget = budget or Budget()
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise BadText("record.not_lines")
    failed = _FAILED.get(id(lines))
    if failed is not None and failed[0] is lines and failed[1] == lines:
        exc = failed[2]  # checked at load, read again by verify: unpacked once
        raise type(exc)(exc.code, str(exc), **exc.data)
    try:
        return _unpack(lines, budget)
    except BadText as exc:
        if not exc.code.startswith("record.history_"):  # not the whole file's bound
            if len(_FAILED) >= 8:
                del _FAILED[next(iter(_FAILED))]
            _FAILED[id(lines)] = (lines, list(lines), exc)
        raise


# the last blocks found not to be blocks (by their list of lines, kept alive so that its
# id is not reused, and a copy of it, equal while it is unchanged)
_FAILED: dict[int, tuple[list[str], list[str], BadText]] = {}


def _unpack(lines: list[str], budget: Budget) -> tuple[Any, bool]:
    import base64
    import binascii
    import lzma
    import zlib

    text = "".join(lines)
    enums = text.startswith(B85)
    try:
        # (files written before format 2: base64, and zlib for orders)
        packed = _b85decode(text[len(B85) :]) if enums else base64.b64decode(text, validate=True)
        del text
        raw, values = _inflate(packed, budget)
        del packed
        budget.take_values(values)
        data = _parse(raw)
    except (
        binascii.Error,
        zlib.error,
        lzma.LZMAError,
        UnicodeDecodeError,
        json.JSONDecodeError,
    ) as exc:
        raise BadText(
            "record.not_block",
            what=str(exc),
        ) from None
    budget.take_values(_made(data, enums), values)
    return data, enums


_B85_ALPHABET = (
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
)
_B85_DIGITS = bytes(_B85_ALPHABET.index(c) if c in _B85_ALPHABET else 255 for c in range(256))
_B85_SLICE = 5 * 13107  # characters decoded at a time (64 KiB)


def _b85digits(a: int, b: int, c: int, d: int, e: int) -> int:
    return (((a * 85 + b) * 85 + c) * 85 + d) * 85 + e


def _b85decode(text: str) -> bytes:
    """``base64.b85decode``, the same bytes and the same refusals (``binascii.Error``:
    a character outside the alphabet, a group past 32 bits), a slice at a time: the
    standard library's made a bytes object of every 4 bytes (a 27 MB block took 800 MB
    and 5 s; this one, the size of its output and a third of the time)."""
    import binascii
    import struct

    try:
        raw = text.encode("ascii")
    except UnicodeEncodeError:
        raise binascii.Error("a character outside base85's alphabet") from None
    pad = -len(raw) % 5
    raw += b"~" * pad
    out = bytearray()
    for start in range(0, len(raw), _B85_SLICE):
        digits = raw[start : start + _B85_SLICE].translate(_B85_DIGITS)
        if b"\xff" in digits:
            raise binascii.Error("a character outside base85's alphabet")
        groups = list(map(_b85digits, *(digits[i::5] for i in range(5))))
        try:
            out += struct.pack(f">{len(groups)}I", *groups)
        except struct.error:
            raise binascii.Error("base85 overflow in a group of 5 characters") from None
    if pad:
        del out[-pad:]
    return bytes(out)


def _inflate(packed: bytes, budget: Budget) -> tuple[bytes, int]:
    """The bytes of ``packed`` (xz, or zlib before format 2), CHUNK at a time, and an
    upper bound of the JSON values they hold: refused as soon as they pass the bytes of
    a block or of the file's blocks, or (while no string has begun: the bound is then
    exact) the values of a block."""
    import lzma
    import zlib

    xz = packed[:6] == _XZ
    inflater: Any = lzma.LZMADecompressor() if xz else zlib.decompressobj()
    left = min(MAX_BLOB_BYTES, MAX_HISTORY_BYTES - budget.bytes)
    chunks: list[bytes] = []
    size = separators = quotes = 0
    pending = packed
    while True:
        out = inflater.decompress(pending, CHUNK)
        pending = b"" if xz else inflater.unconsumed_tail
        size += len(out)
        if size > left:
            budget.bytes += size
            if left < MAX_BLOB_BYTES:
                raise BlobRefused(
                    "record.history_too_large",
                    mib=MAX_HISTORY_BYTES // _MIB,
                )
            raise BlobRefused(
                "record.too_large",
                mib=MAX_BLOB_BYTES // _MIB,
            )
        # every value is the first of the text or follows one of , : [ {
        separators += out.count(b",") + out.count(b":") + out.count(b"[") + out.count(b"{")
        quotes += out.count(b'"')
        if not quotes and separators >= MAX_NODES:
            raise _too_many()
        chunks.append(out)
        if inflater.eof:
            break
        if inflater.needs_input if xz else not pending and len(out) < CHUNK:
            raise BadText("record.truncated")
    budget.bytes += size
    raw = b"".join(chunks)
    values = 1 + separators
    if values > MAX_NODES:  # separators inside strings (or many values): count them out
        values = _count(raw)
    return raw, values


def _outside(raw: bytes) -> Iterator[bytes]:
    """The text of JSON ``raw`` with each string written ``""`` (what it holds, commas
    and brackets, left out), in pieces: at most _SCAN bytes split at a time (an escape
    ``\\x`` counts as two other characters)."""
    inside = False
    carry = b""
    for start in range(0, len(raw), _SCAN):
        piece = (carry + raw[start : start + _SCAN]).replace(b"\\\\", b"__")
        carry = b""
        if piece.endswith(b"\\"):  # escapes the first character of the next piece
            carry, piece = b"\\", piece[:-1]
        parts = piece.replace(b'\\"', b"__").split(b'"')
        text = b'""'.join(parts[1 if inside else 0 :: 2])  # each string closed here
        yield b'""' + text if inside and len(parts) > 1 else text  # one begun before
        if len(parts) % 2 == 0:
            inside = not inside


def _count(raw: bytes) -> int:
    """The JSON values of ``raw`` (an upper bound that is exact for the referee's compact
    JSON): refused past MAX_NODES."""
    strings = (raw.count(b'"') - raw.count(b'\\"')) // 2  # at least: each is a value
    if strings > MAX_NODES:
        raise _too_many()
    values = 1
    last = b""
    for text in _outside(raw):
        values += (
            text.count(b",")
            + text.count(b":")
            + text.count(b"[")
            + text.count(b"{")
            - text.count(b"[]")
            - text.count(b"{}")
        )
        if last + text[:1] in (b"[]", b"{}"):  # an empty one across two pieces
            values -= 1
        last = text[-1:] or last
    if values > MAX_NODES:
        raise _too_many()
    return values


_BRACKETS = bytes(range(256)).translate(None, b"[]{}")  # all the other bytes


def _depth(raw: bytes) -> int:
    """The nesting of JSON ``raw`` (its brackets outside strings)."""
    from itertools import accumulate

    step = [0] * 256
    step[ord("[")] = step[ord("{")] = 1
    step[ord("]")] = step[ord("}")] = -1
    deepest = 0
    level = 0
    for text in _outside(raw):
        brackets = text.translate(None, _BRACKETS)
        if brackets:
            levels = list(accumulate(map(step.__getitem__, brackets), initial=level))
            deepest = max(deepest, max(levels))
            level = levels[-1]
    return deepest


def _parse(raw: bytes) -> Any:
    """JSON text of a blob: a large one by orjson (a 10,000-unit position in a third of
    the time; it stops past 1,024 levels itself), anything it refuses (a number past 64
    bits) and small ones by ``json``, after their nesting is checked (its parser
    recurses), integers bounded as in any file, numbers finite."""
    if len(raw) >= ORJSON_LOADS_FROM:
        import orjson

        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass
    if _depth(raw) > MAX_DEPTH:
        raise _too_deep()
    return json.loads(
        raw.decode("utf-8"), parse_int=_int, parse_float=_float, parse_constant=_not_finite
    )


def _too_many() -> BlobRefused:
    return BlobRefused(
        "record.too_many_values",
        limit=MAX_NODES,
    )


def _too_deep() -> BlobRefused:
    return BlobRefused("record.too_deep", limit=MAX_DEPTH)


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_INT_DIGITS:
        raise BlobRefused(
            "record.big_integer",
            limit=MAX_INT_DIGITS,
        )
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        _not_finite(text)
    return value


def _not_finite(text: str) -> float:
    raise BlobRefused("record.not_finite", value=text[:20])


def _made(data: Any, enums: bool) -> int:
    """The values the columns of ``data`` make when turned back into rows
    (``referee.play.record._rows``, which it follows marker by marker): a row of a
    table and its keys, a row of an ``~enum`` column (and the items of its list), a name
    of ``~runs``. Walked without recursion; refused past MAX_DEPTH levels. A marker of
    the wrong shape makes nothing (``_rows`` refuses it before making anything)."""
    made = 0
    chars = 0  # of the names runs make
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        if isinstance(value, list):
            if _NESTED_TYPES & set(map(type, value)):
                stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
            continue
        if not isinstance(value, dict):
            continue
        if DICT in value and len(value) == 1:
            inner = value[DICT]
            if isinstance(inner, dict):
                stack.extend((v, depth + 2) for v in inner.values())
        elif TABLE in value:
            made += _table_made(value)
            cols = value.get(COLS)
            if isinstance(cols, list):
                stack.extend((c[1], depth + 3) for c in cols if isinstance(c, list) and len(c) == 2)
        elif enums and ENUM in value:
            made += _enum_made(value)
        elif enums and PARTS in value:
            parts = value.get(COLS)
            if isinstance(parts, list):
                stack.extend((p, depth + 2) for p in parts)
        elif enums and RUNS in value:
            count, size = _runs_made(value)
            made += count
            chars += size
            if chars > MAX_BLOB_BYTES:
                raise BlobRefused(
                    "record.too_large",
                    mib=MAX_BLOB_BYTES // _MIB,
                )
        else:
            stack.extend((v, depth + 1) for v in value.values())
    return made


_NESTED_TYPES = {dict, list}


def _table_made(value: Mapping[str, Any]) -> int:
    """A table's rows and their keys."""
    n, cols = value.get("n"), value.get(COLS)
    if (
        not isinstance(n, int)
        or isinstance(n, bool)
        or not 0 <= n <= MAX_ROWS
        or not isinstance(cols, list)
    ):
        return 0
    made = n
    for c in cols:
        if isinstance(c, list) and len(c) == 2:
            made += len(c[0]) if isinstance(c[0], list) else n
    return made


def _enum_made(value: Mapping[str, Any]) -> int:
    """A row for each character of the index, and the items of its list value (counted
    character by character only when that could pass the bound: at most 93 passes over
    an index of at most MAX_NODES characters)."""
    values, index = value.get(ENUM), value.get(INDEX)
    if not isinstance(values, list) or not isinstance(index, str):
        return 0
    sizes = [1 + len(v) if isinstance(v, list) else 1 for v in values[: len(ALPHABET)]]
    most = len(index) * max(sizes, default=1)
    if most <= MAX_NODES or len(index) > MAX_NODES:
        return most if len(index) <= MAX_NODES else len(index)
    return sum(size * index.count(c) for c, size in zip(ALPHABET, sizes, strict=False))


def _runs_made(value: Mapping[str, Any]) -> tuple[int, int]:
    """The names of runs, and their characters."""
    runs = value.get(RUNS)
    if not isinstance(runs, list) or len(runs) % 3:
        return 0, 0
    count = size = 0
    for i in range(0, len(runs), 3):
        prefix, first, n = runs[i : i + 3]
        if (
            isinstance(prefix, str)
            and isinstance(first, int)
            and isinstance(n, int)
            and n > 0
            and first >= 0
        ):
            count += n
            # digits of the last number, from its bits (str() of 4,300 digits fails)
            size += n * (len(prefix) + int((first + n).bit_length() * 0.30103) + 1)
    return count, size


def check_history(history: Sequence[Any]) -> list[Problem]:
    """The blocks of a game's history (``initial``, ``orders_z``) checked against the
    bounds, by every command that loads a game: a block crafted to take the memory or
    the time of a machine is refused when the game is received, not carried on to the
    opponent's ``verify``. The first one refused, as a problem at its path; a block that
    is merely not one (damaged, edited) is ``verify``'s to report."""
    budget = Budget()
    for i, entry in enumerate(history):
        if not isinstance(entry, Mapping):
            continue
        for key in ("initial", "orders_z"):
            if key in entry:
                try:
                    unpack(entry[key], budget)
                except BlobRefused as exc:
                    return [
                        Problem(
                            f"history[{i}].{key}",
                            code=exc.code,
                            data={**exc.data, "hint_code": "blob_refused"},
                        )
                    ]
                except BadText:
                    continue
    return []

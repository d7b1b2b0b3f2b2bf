"""How bulky parts of a history entry are stored in the state file (docs/pbem.md
§History): xz-compressed and base64-encoded in lines of ``LINE`` characters (well
under the 990 of every line the writer makes, which mail leaves alone; files written
before used 76 and zlib for orders: both are still read); dice as strings of digits.

- ``initial`` (start entry): the initial position, needed to replay the game: its
  file form without the map (play never changes the map: ``verify`` takes it from the
  file, and the entry's ``state_hash`` vouches for the result), lists of records turned
  into columns, as JSON, xz-compressed: about 3% of the state at 10,000 units, where a
  plain copy nearly doubled the file.
- ``orders_z``: the orders of a phase when their JSON is over ``ORDERS_INLINE``
  characters (thousands of generated orders); below that they stay readable as
  ``orders``.
- ``rolls``: the values rolled, as digits, ``ROLLS_PER_LINE`` to a string.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.errors import BadText
from referee.io.blob import (
    ALPHABET,
    B85,
    COLS,
    DICT,
    ENUM,
    ENUM_LIST,
    INDEX,
    MARKERS,
    MAX_BLOB_BYTES,
    MAX_ROWS,
    PARTS,
    RUNS,
    TABLE,
    unpack,
)
from referee.play.hashing import canonical_json

LINE = 760
ORDERS_INLINE = 8192
ROLLS_PER_LINE = 60
PRESET = 9  # xz preset (bench/RESULTS.md: its time and size against lower presets)

# what a block holds, and the bounds of reading one: referee.io.blob
_TABLE, _COLS, _DICT, _ENUM, _INDEX = TABLE, COLS, DICT, ENUM, INDEX
_PARTS, _RUNS = PARTS, RUNS
_MARKERS = MARKERS
_ALPHABET, _ENUM_LIST, _B85 = ALPHABET, ENUM_LIST, B85
_ENUM_FROM = 16  # rows: below this a column stays a plain list


def _columns(value: Any) -> Any:
    """Lists of mappings (units, leaders, orders...) as columns: the same keys side by
    side compress three times better; a column of few distinct values as those values
    and one character a row. Exactly reversed by ``_rows``."""
    if isinstance(value, Mapping):
        out = {k: _columns(v) for k, v in value.items()}
        return {_DICT: out} if any(m in value for m in _MARKERS) else out
    if isinstance(value, list):
        kinds = set(map(type, value))
        if kinds <= _SCALAR_TYPES:  # most columns: nothing inside
            return _enum(value, kinds) or _runs(value, kinds) or value
        if (
            len(value) > 1
            and all(isinstance(v, Mapping) for v in value)
            and (keys := _table_keys(value)) is not None
        ):
            cols = []
            n = len(value)
            for k in keys:
                try:
                    column = [v[k] for v in value]
                    present = None
                except KeyError:
                    column = [v[k] for v in value if k in v]
                    present = [i for i, v in enumerate(value) if k in v]
                cols.append([present, _columns(column)])
            return {_TABLE: list(keys), _COLS: cols, "n": n}
        if kinds == {list}:  # statuses, traits: lists of words
            inner = {type(x) for v in value for x in v}
            if inner <= _SCALAR_TYPES and all(len(v) <= _ENUM_LIST for v in value):
                found = _enum(value, inner, lists=True)
                if found is not None:
                    return found
        if (
            len(value) >= _ENUM_FROM
            and any(isinstance(v, Mapping) for v in value)
            and not all(isinstance(v, Mapping) for v in value)
        ):
            # (mappings only, in no one order of keys, stay rows: their part would be
            # this same list again, and _parts -> _columns -> _parts never ended)
            return _parts(value)
        return [_columns(v) for v in value]
    return value


def _table_keys(rows: list[Any]) -> dict[str, None] | None:
    """The keys of a table in an order that keeps every row's own (each row comes back
    with its keys as it had them): the order they are first met when every row agrees
    with it, else the order of the rows' shapes merged (``{unit, to}``, ``{unit, path,
    road}`` and ``{unit, face, to}``: unit, path, road, face, to; ties in the order first
    met); None when no order keeps them all (``{a, b}`` and ``{b, a}``)."""
    shapes: dict[tuple[Any, ...], None] = dict.fromkeys(map(tuple, rows))  # first met first
    keys: dict[str, None] = {}
    for shape in shapes:
        keys.update(dict.fromkeys(shape))
    if len(shapes) > 1:
        place = {k: i for i, k in enumerate(keys)}
        for shape in shapes:
            at = [place[k] for k in shape]
            if at != sorted(at):
                return _merged_keys(shapes, place)
    return keys


def _merged_keys(
    shapes: Mapping[tuple[Any, ...], None], place: Mapping[Any, int]
) -> dict[str, None] | None:
    """An order of the keys that keeps the order of each shape (a topological sort of
    "comes before", the key first met first among those free), or None (a cycle)."""
    import heapq
    from itertools import pairwise

    after: dict[Any, set[Any]] = {k: set() for k in place}
    before = dict.fromkeys(place, 0)
    for shape in shapes:
        for a, b in pairwise(shape):
            if b not in after[a]:
                after[a].add(b)
                before[b] += 1
    free = [place[k] for k, n in before.items() if n == 0]
    heapq.heapify(free)
    by_place = dict(zip(place.values(), place, strict=True))
    out: dict[str, None] = {}
    while free:
        k = by_place[heapq.heappop(free)]
        out[k] = None
        for b in after[k]:
            before[b] -= 1
            if before[b] == 0:
                heapq.heappush(free, place[b])
    return out if len(out) == len(place) else None


_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})


_NUMBERED = None  # re.Pattern, compiled on first use


def _runs(column: list[Any], kinds: set[type]) -> dict[str, Any] | None:
    """A column of texts that are runs of numbered names (ids ``R1``, ``R2``...
    ``R5000``) as ``{"~runs": [prefix, first number, count, ...]}``, when it holds at
    most one run for eight rows; else None. ``R05`` is ``R0`` numbered 5: every text
    comes back as written."""
    global _NUMBERED
    if kinds != {str} or len(column) < _ENUM_FROM:
        return None
    if _NUMBERED is None:
        import re

        _NUMBERED = re.compile("(.*?)(0|[1-9][0-9]*)")
    match = _NUMBERED.fullmatch
    runs: list[Any] = []
    limit = len(column) // 8
    prefix, following = None, -1
    for text in column:
        found = match(text)
        if found is None:
            return None
        head, number = found.group(1), int(found.group(2))
        if head == prefix and number == following:
            runs[-1] += 1
        else:
            if len(runs) == 3 * limit:
                return None
            runs += [head, number, 1]
            prefix = head
        following = number + 1
    return {_RUNS: runs}


def _unruns(value: dict[str, Any]) -> list[str]:
    runs = value[_RUNS]
    if not isinstance(runs, list) or len(runs) % 3 or len(value) != 1:
        raise TypeError("not runs of numbered names")
    out: list[str] = []
    size = 0  # characters made: a long prefix repeated may not pass the blob's own limit
    for i in range(0, len(runs), 3):
        prefix, first, count = runs[i : i + 3]
        if (
            not isinstance(prefix, str)
            or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in (first, count))
            or len(out) + count > MAX_ROWS
        ):
            raise TypeError("not a run of numbered names")
        size += count * (len(prefix) + int((first + count).bit_length() * 0.30103) + 1)
        if size > MAX_BLOB_BYTES:
            raise TypeError("runs of numbered names past the limit of a block")
        out += [f"{prefix}{n}" for n in range(first, first + count)]
    return out


def _parts(value: list[Any]) -> dict[str, Any]:
    """A list of mappings and other values (orders: ``"R5 1306"`` lines and ``{unit:
    R1, to: ...}`` mappings) as its mappings (a table), its texts and the rest, each in
    columns, with one character a row saying which part it comes from: a fifth smaller
    compressed than the rows side by side."""
    which = []
    parts: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
    for v in value:
        kind = 0 if isinstance(v, Mapping) else 1 if isinstance(v, str) else 2
        which.append("mso"[kind])
        parts[kind].append(v)
    return {_PARTS: "".join(which), _COLS: [_columns(part) for part in parts]}


def _enum(column: list[Any], kinds: set[type], lists: bool = False) -> dict[str, Any] | None:
    """``{"~enum": distinct values, "~idx": one character a row}``, or None when the
    column is short, has more distinct values than the alphabet has characters, or holds
    values that are equal but written differently (1, 1.0 and true; 0.0 and -0.0): those
    stay a plain list."""
    if len(column) < _ENUM_FROM or float in kinds or (bool in kinds and int in kinds):
        return None
    keys = [tuple(v) for v in column] if lists else column
    distinct = dict.fromkeys(keys)
    if len(distinct) > len(_ALPHABET):
        return None
    chars = dict(zip(distinct, _ALPHABET, strict=False))
    values = [list(k) for k in distinct] if lists else list(distinct)
    return {_ENUM: values, _INDEX: "".join(map(chars.__getitem__, keys))}


def _rows(value: Any, enums: bool = False) -> Any:
    """``enums``: the blob is of format 2 (``~enum`` columns; in an older blob a key
    of that name is data)."""
    if isinstance(value, dict):
        if _DICT in value and len(value) == 1:
            inner = value[_DICT]
            if not isinstance(inner, dict):
                raise TypeError("not a mapping")
            return {k: _rows(v, enums) for k, v in inner.items()}
        if _TABLE in value:
            return _table(value, enums)
        if enums and _ENUM in value:
            return _unenum(value)
        if enums and _PARTS in value:
            return _unparts(value)
        if enums and _RUNS in value:
            return _unruns(value)
        return {k: _rows(v, enums) for k, v in value.items()}
    if isinstance(value, list):
        for v in value:
            if isinstance(v, _NESTED):
                return [_rows(v, enums) for v in value]
        return value  # a column of scalars (most): nothing inside to turn into rows
    return value


def _unparts(value: dict[str, Any]) -> list[Any]:
    which, parts = value[_PARTS], value[_COLS]
    if (
        not isinstance(which, str)
        or not isinstance(parts, list)
        or len(parts) != 3
        or len(value) != 2
    ):
        raise TypeError("not a list in parts")
    rows = [_rows(part, True) for part in parts]
    if (
        any(not isinstance(r, list) for r in rows)
        or [len(r) for r in rows] != [which.count(c) for c in "mso"]
        or len(which) != sum(len(r) for r in rows)
    ):
        raise TypeError("parts of other lengths than their marks")
    taken = [iter(r) for r in rows]
    return [next(taken["mso".index(c)]) for c in which]


def _unenum(value: dict[str, Any]) -> list[Any]:
    values, index = value[_ENUM], value[_INDEX]
    if (
        not isinstance(values, list)
        or not isinstance(index, str)
        or len(values) > len(_ALPHABET)
        or len(value) != 2
        or any(isinstance(v, list) and len(v) > _ENUM_LIST for v in values)
    ):
        raise TypeError("not a column of distinct values")
    by_char = dict(zip(_ALPHABET, values, strict=False))
    rows = [by_char[c] for c in index]  # KeyError: a character past the values
    if any(isinstance(v, list) for v in values):  # no two rows share one list
        rows = [list(v) if isinstance(v, list) else v for v in rows]
    return rows


_NESTED = (dict, list)


def _table(value: dict[str, Any], enums: bool = False) -> list[dict[str, Any]]:
    """The rows of a table, keys in the table's order (the leading keys every row has
    are zipped together: a 10,000-unit position in a fifth of the time)."""
    keys, cols, n = value[_TABLE], value[_COLS], value["n"]
    if (
        not isinstance(keys, list)
        or not isinstance(cols, list)
        or len(keys) != len(cols)
        or not isinstance(n, int)
        or isinstance(n, bool)
        or not 0 <= n <= MAX_ROWS
        or any(not isinstance(c, list) or len(c) != 2 for c in cols)
    ):
        raise TypeError("not a table")
    full = 0
    while full < len(cols) and cols[full][0] is None:
        full += 1
    leading = [_rows(column, enums) for _, column in cols[:full]]
    if any(not isinstance(column, list) or len(column) != n for column in leading):
        raise ValueError("a column of another length")
    names = keys[:full]  # as many as each row of zip(*leading) holds
    rows: list[dict[str, Any]] = (
        [dict(zip(names, row, strict=True)) for row in zip(*leading, strict=True)]
        if full
        else [{} for _ in range(n)]
    )
    for key, (present, column) in zip(keys[full:], cols[full:], strict=True):
        values = _rows(column, enums)
        for i, v in zip(range(n) if present is None else present, values, strict=True):
            rows[i][key] = v
    return rows


def encode_blob(data: Any) -> list[str]:
    """Columns, JSON (key order kept: the order of the sides is who plays first), xz,
    base85 after the ``b85:`` mark. (xz, not zlib, for orders too: 5,000 generated moves
    take 29 KB instead of 40, in 0.04 s.)"""
    import base64
    import lzma

    text = json.dumps(_columns(data), separators=(",", ":"), ensure_ascii=False)
    raw = text.encode("utf-8")
    # the window no larger than the data: the memory of preset 9 is 674 MiB
    window = max(1 << 16, min(1 << 26, len(raw)))
    # lc 4, pb 0: literals of text predicted from the whole previous byte, no 4-byte
    # alignment assumed (a position 1.6% smaller, orders 2.3%, in the same time)
    packed = lzma.compress(
        raw,
        format=lzma.FORMAT_XZ,
        filters=[
            {
                "id": lzma.FILTER_LZMA2,
                "preset": PRESET,
                "dict_size": window,
                "lc": 4,
                "lp": 0,
                "pb": 0,
            }
        ],
    )
    encoded = _B85 + base64.b85encode(packed).decode("ascii")
    return [encoded[i : i + LINE] for i in range(0, len(encoded), LINE)]


def decode_blob(lines: Any) -> Any:
    """The data of a blob; ValueError (with the reason) if it is not one, or is past one
    of the bounds of a block (``referee.io.blob``: checked before anything is made)."""
    data, enums = unpack(lines)
    try:
        return _rows(data, enums)
    except (KeyError, TypeError, IndexError, ValueError):
        # (the reason each check gives is for a debugger: a block whose contents are
        # not in the referee's columns has nothing a player can mend in it)
        raise BadText("record.block_layout") from None


def store_orders(raw: Sequence[Any]) -> dict[str, Any]:
    orders = list(raw)
    if len(canonical_json(orders)) > ORDERS_INLINE:
        return {"orders_z": encode_blob(orders)}
    return {"orders": orders}


def recorded_orders(entry: Mapping[str, Any]) -> list[Any]:
    """The orders of a phase entry as written by the player; ValueError if unreadable."""
    orders = decode_blob(entry["orders_z"]) if "orders_z" in entry else entry.get("orders") or []
    if not isinstance(orders, list):
        raise BadText("record.orders_not_list")
    return orders


def store_rolls(values: Sequence[int]) -> list[str]:
    digits = "".join(str(v) for v in values)
    return [digits[i : i + ROLLS_PER_LINE] for i in range(0, len(digits), ROLLS_PER_LINE)]


def recorded_rolls(entry: Mapping[str, Any]) -> list[int]:
    """The values rolled in a phase entry; ValueError if they are not die faces."""
    stored = entry.get("rolls") or []
    if not isinstance(stored, list) or not all(isinstance(x, str) for x in stored):
        raise BadText("record.rolls_not_list")
    digits = "".join(stored)
    if not all(c in "123456" for c in digits):
        raise BadText("record.rolls_digits")
    return [int(c) for c in digits]

"""Every hash of the record in one place (docs/pbem.md §Hashes): states, history
entries, orders. The writer of state files and the checkers all call these.

A state's hash is the SHA-256 of the canonical JSON (keys sorted, no spaces, UTF-8)
of its file form without ``history``, in which the map, each unit record (on the
table, off it, removed) is replaced by the SHA-256 of its own canonical JSON, plus
``side_order``, the list of side ids in file order (it decides who plays first). The two
levels let ``StateHasher`` hash a new position from the digests of the records that
did not change: a phase moves a few units of thousands, so ``verify`` of a long game
costs the engine, not one full serialization per entry.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from itertools import compress
from operator import is_not
from typing import Any

from msgspec.structs import replace

from referee.core.hexgrid import Hex
from referee.core.model import GameState, Removed
from referee.io.state import write_state, write_unit

try:  # CPython's own SHA-256: the same digests, without loading OpenSSL (3 to 8 ms)
    from _sha256 import sha256  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import sha256

# keys of an entry that its hash does not cover: the hash itself, and the start
# entry's compressed initial position, authenticated by the entry's state_hash
UNHASHED_KEYS = frozenset({"hash", "initial"})


# what json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) builds
# on every call before encoding (1.3 us of a state hash's or an entry hash's ~10)
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(data: Any) -> str:
    """``json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``."""
    return _CANONICAL.encode(data)


def sha256_text(text: str) -> str:
    return str(sha256(text.encode("utf-8")).hexdigest())


def _json_bytes(data: Any) -> bytes:
    return canonical_json(data).encode("utf-8")


# Above this many records a position's records are serialized by orjson (imported then:
# its import costs more than it saves on a small game). Its bytes are canonical_json's
# for the records hashed with it: str keys sorted by code point, no spaces, UTF-8, the
# same escapes (tests/test_pbem_hash.py compares the two over every character and random
# records), whole numbers, booleans, null, text; no floats (the unit and map records
# hold none: the reader refuses them where a whole number is expected). What orjson
# refuses (a number past 64 bits, a lone surrogate) goes through canonical_json.
ORJSON_FROM = 256


def _bulk_sha256() -> Callable[..., Any]:
    """OpenSSL's SHA-256 (``hashlib``'s): the same digests as CPython's own, 3x to 6x
    faster on the texts of a large or long game (a 12 KB position's digest: 44 -> 7 µs;
    a unit record's: 1.15 -> 0.48 µs), for an import of 3 to 4 ms that a small game
    does not repay (``verify`` and ``adjudicate`` import it anyway to roll seeded dice)."""
    from hashlib import sha256 as openssl_sha256

    return openssl_sha256


# A hasher takes OpenSSL's SHA-256 and orjson for a position of ORJSON_FROM records or
# more, or from its BULK_AFTER-th position on (a long game's replay: the records a phase
# changes, 2 a phase in the benchmark's 400-phase game, then cost their JSON)
BULK_AFTER = 16


def _orjson_bytes() -> Callable[[Any], bytes]:
    import orjson

    dumps, sort = orjson.dumps, orjson.OPT_SORT_KEYS

    def record_bytes(data: Any) -> bytes:
        try:
            return dumps(data, option=sort)
        except TypeError:
            return _json_bytes(data)

    return record_bytes


_Listed = tuple[tuple[Any, ...], int, list[str]]  # records, map width, their digests
_Forms = dict[int, tuple[object, dict[str, Any]]]


class StateHasher:
    """Hashes the states of one game, keeping the digests of the records of the last
    position hashed: a list of records (a side's units, off-table units, removed units)
    that is the same object as in the last position reuses its digests whole, and a
    changed list reuses the digest of every record that is the same object as before
    (the engine's values are immutable, and a phase shares the records it does not
    change with the position before it), so a phase's hash costs the records it
    changed, not one serialization of every record. Only the last position's lists are
    kept, so a long replay holds no more than two positions."""

    def __init__(self) -> None:
        self._lists: dict[tuple[str, str], _Listed] = {}
        self._map: tuple[object, int, str] | None = None
        self._sha: Callable[..., Any] = sha256
        self._hashed = 0  # positions hashed so far

    def _digests(
        self,
        new: dict[tuple[str, str], _Listed],
        key: tuple[str, str],
        records: tuple[Any, ...],
        width: int,
        make: Callable[..., Any],
        lab: Any,
        dumps: Callable[[Any], bytes],
        forms: _Forms | None,
    ) -> list[str]:
        sha = self._sha
        old = self._lists.get(key)
        before: tuple[Any, ...] = ()
        digests: list[str] = []
        if old is not None and old[1] == width:
            if old[0] is records:
                new[key] = old
                return old[2]
            before, digests = old[0], old[2]

        def digest(record: Any) -> str:
            form = make(record, lab)
            if forms is not None:
                forms[id(record)] = (record, form)
            return str(sha(dumps(form)).hexdigest())

        if before and len(before) == len(records):  # the same places: only the changed
            out = list(digests)  # records, found at C speed
            for i in compress(range(len(records)), map(is_not, before, records)):
                out[i] = digest(records[i])
            new[key] = (records, width, out)
            return out
        out = []  # records added, removed or moved: found by id
        append = out.append
        by_id: dict[int, int] | None = None
        for record in records:
            if before:
                if by_id is None:
                    by_id = {id(r): j for j, r in enumerate(before)}
                j = by_id.get(id(record))
                if j is not None and before[j] is record:
                    append(digests[j])
                    continue
            append(digest(record))
        new[key] = (records, width, out)
        return out

    def hash_data(self, state: GameState, forms: _Forms | None = None) -> dict[str, Any]:
        """What is hashed: the file form with records replaced by their digests.
        ``forms``: gets the file form of each record serialized for it (by id: the
        record and its form), for a caller that needs them too (the start entry)."""
        width = state.map.grid.width

        def lab(h: Hex | None) -> str | None:
            return None if h is None else h.label(width)

        # the file form without the map's contents and the sides' records, which are
        # replaced by digests below
        data = write_state(state, with_history=False, records=False)
        # canonical JSON sorts keys: the order of the sides (who plays first) is kept here
        data["side_order"] = [s.id for s in state.sides]
        records = sum(len(s.units) + len(s.off_table) + len(s.removed) for s in state.sides)
        self._hashed += 1
        bulk = records >= ORJSON_FROM or self._hashed >= BULK_AFTER
        dumps = _orjson_bytes() if bulk else _json_bytes
        if bulk and self._sha is sha256:
            self._sha = _bulk_sha256()
        known = self._map
        if known is not None and known[0] is state.map and known[1] == width:
            data["map"] = known[2]
        else:
            data["map"] = self._sha(dumps(_map(state))).hexdigest()
            self._map = (state.map, width, data["map"])
        new: dict[tuple[str, str], _Listed] = {}
        digests = self._digests
        for side in state.sides:
            out = data["sides"][side.id]
            sid = side.id
            out["units"] = digests(
                new, (sid, "units"), side.units, width, write_unit, lab, dumps, forms
            )
            out["off_table"] = digests(
                new, (sid, "off_table"), side.off_table, width, write_unit, lab, dumps, forms
            )
            out["removed"] = digests(
                new, (sid, "removed"), side.removed, width, _removed, lab, dumps, None
            )
        self._lists = new
        return data

    def state_hash(self, state: GameState, forms: _Forms | None = None) -> str:
        """SHA-256 of ``canonical_json(self.hash_data(state))``, whose text is written
        with each list of record digests joined as it is (hex digits need no escape),
        not encoded digest by digest: two thirds of the text of a 160-unit position
        (tests/test_pbem_hash.py compares the two)."""
        data = self.hash_data(state, forms)
        return str(self._sha(_hashed_text(data).encode("utf-8")).hexdigest())


# the keys of a side's lists of record digests in hash_data, in their order in its
# canonical JSON
RECORD_LISTS = ("off_table", "removed", "units")
_MARK = "\x00"  # a list's place in the text: written "\u0000"
_MARKED = '"\\u0000"'


def _hashed_text(data: dict[str, Any]) -> str:
    """``canonical_json(data)`` for ``hash_data``'s ``data``: each list of digests is
    first given the place-holder ``"\\x00"``, and its JSON put in place of the
    place-holders' in the text, in their order (sides by id, then ``RECORD_LISTS``:
    canonical JSON's order), once the text is seen to hold exactly as many: a text of
    the file's that held one (a NUL in a side's name...) makes more, and the whole is
    then encoded as it is. (A place-holder is a whole JSON value, after a ``:`` and
    before a ``,`` or ``}``: another one cannot overlap it, so with the count right each
    is one of the lists'.)"""
    sides = data["sides"]
    lists: list[list[str]] = []
    for sid in sorted(sides):
        side = sides[sid]
        for key in RECORD_LISTS:
            lists.append(side[key])
            side[key] = _MARK
    parts = canonical_json(data).split(_MARKED)
    if len(parts) == len(lists) + 1:
        out = [parts[0]]
        for digests, part in zip(lists, parts[1:], strict=True):
            out.append('["' + '","'.join(digests) + '"]' if digests else "[]")
            out.append(part)
        return "".join(out)
    filled = iter(lists)  # (never from the referee's own texts)
    for sid in sorted(sides):
        for key in RECORD_LISTS:
            sides[sid][key] = next(filled)
    return canonical_json(data)


def _map(state: GameState, _lab: Any = None) -> Any:
    return write_state(replace(state, sides=(), history=()), with_history=False)["map"]


def _removed(r: Removed, lab: Callable[[Hex | None], str | None]) -> dict[str, Any]:
    # the same record as the state file's sides.<id>.removed[i] (tests/test_pbem_hash.py
    # checks that every field of a written state moves the hash)
    return {"unit": write_unit(r.unit, lab), "why": r.why, "turn": r.turn, "phase": r.phase}


def state_hash(state: GameState, hasher: StateHasher | None = None) -> str:
    """The hash of a position (its ``history`` excluded)."""
    return (hasher or StateHasher()).state_hash(state)


def entry_hash(entry: Mapping[str, Any]) -> str:
    """An entry's hash: SHA-256 of the canonical JSON of the entry as stored, without
    ``hash`` (and ``initial``, see UNHASHED_KEYS). Its ``prev_hash`` chains it to the
    previous entry, so the hash of the last entry vouches for the whole history."""
    return sha256_text(canonical_json({k: v for k, v in entry.items() if k not in UNHASHED_KEYS}))


def _normal(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, Mapping):
        return {str(k): _normal(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_normal(v) for v in value]
    return value


def orders_hash(turn: Any, player: Any, phase: Any, orders: Any, reveal: str | None) -> str:
    """The hash an opponent's reveal is bound to: SHA-256 of the canonical JSON of
    ``{turn, player, phase, orders, reveal}`` with the runs of white space inside
    every text collapsed to one space (mail clients re-wrap and pad lines)."""
    return sha256_text(
        canonical_json(
            {
                "turn": turn,
                "player": player,
                "phase": phase,
                "orders": _normal(list(orders)),
                "reveal": reveal,
            }
        )
    )

"""How bulky parts of a history entry are stored in the state file (docs/pbem.md
§History): compressed and base64-encoded in lines of 76 characters, which survive
email and keep the file small; dice as strings of digits.

- ``initial`` (start entry): the initial position, needed to replay the game. The
  canonical JSON of its file form, zlib-compressed: about 7% of the state at 10,000
  units, where a plain copy doubled the file. Its hash is the entry's ``state_hash``.
- ``orders_z``: the orders of a phase when their JSON is over ``ORDERS_INLINE``
  characters (thousands of generated orders); below that they stay readable as
  ``orders``.
- ``rolls``: the values rolled, as digits, ``ROLLS_PER_LINE`` to a string.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from referee.play.hashing import canonical_json

LINE = 76
ORDERS_INLINE = 8192
ROLLS_PER_LINE = 60
MAX_EXPANDED = 256 * 1024 * 1024  # a crafted blob may not expand past this


def encode_blob(data: Any) -> list[str]:
    # key order kept (not canonical_json): the order of the sides is who plays first
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packed = base64.b64encode(zlib.compress(text.encode("utf-8"), 9))
    text = packed.decode("ascii")
    return [text[i:i + LINE] for i in range(0, len(text), LINE)]


def decode_blob(lines: Any) -> Any:
    """The data of a blob; ValueError (with the reason) if it is not one."""
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise ValueError("must be a list of base64 lines")
    try:
        packed = base64.b64decode("".join(lines), validate=True)
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_EXPANDED)
        if inflater.unconsumed_tail:
            raise ValueError(f"expands past {MAX_EXPANDED // (1024 * 1024)} MiB")
        return json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"is not a compressed block the referee wrote ({exc})") from None


def store_orders(raw: Sequence[Any]) -> dict[str, Any]:
    orders = list(raw)
    if len(canonical_json(orders)) > ORDERS_INLINE:
        return {"orders_z": encode_blob(orders)}
    return {"orders": orders}


def recorded_orders(entry: Mapping[str, Any]) -> list[Any]:
    """The orders of a phase entry as written by the player; ValueError if unreadable."""
    orders = decode_blob(entry["orders_z"]) if "orders_z" in entry else \
        entry.get("orders") or []
    if not isinstance(orders, list):
        raise ValueError("the recorded orders are not a list")
    return orders


def store_rolls(values: Sequence[int]) -> list[str]:
    digits = "".join(str(v) for v in values)
    return [digits[i:i + ROLLS_PER_LINE] for i in range(0, len(digits), ROLLS_PER_LINE)]


def recorded_rolls(entry: Mapping[str, Any]) -> list[int]:
    """The values rolled in a phase entry; ValueError if they are not die faces."""
    stored = entry.get("rolls") or []
    if not isinstance(stored, list) or not all(isinstance(x, str) for x in stored):
        raise ValueError("rolls must be a list of strings of digits 1 to 6")
    digits = "".join(stored)
    if not all(c in "123456" for c in digits):
        raise ValueError("rolls must be digits 1 to 6")
    return [int(c) for c in digits]

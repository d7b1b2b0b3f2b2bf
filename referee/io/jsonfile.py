"""JSON files the referee writes for itself (a game folder's ledger, the reveal log
beside a secret), read through the loader of every file (``referee.io.yamlio``: size,
nesting, values, a key given twice, each problem with its line): JSON is YAML's flow
style, but for the escaped surrogate pairs ``json.dumps`` writes for characters past
U+FFFF (``"\\ud83d\\udc18"``), which YAML refuses: they are joined into the character
first (the referee writes such characters as they are since, ``ensure_ascii=False``)."""

from __future__ import annotations

import re

from referee.io.yamlio import Document, load_text, read_text

# an escaped high surrogate then an escaped low one, after an even number of backslashes
# (``\\ud83d`` is a backslash, then the text ``ud83d``)
_PAIR = re.compile(
    r"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE
)


def joined(text: str) -> str:
    """``text`` with every escaped surrogate pair written as its character."""
    if "\\u" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        high, low = int(m[2], 16), int(m[3], 16)
        return m[1] + chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))

    return _PAIR.sub(one, text)


def load_json_file(path: str) -> Document:
    """A JSON file, read as every file is (InvalidInput, exit 3, past a bound or on a
    syntax error, located; FileAccessError, exit 6, if it cannot be read)."""
    return load_text(joined(read_text(path)), path)


def load_json_lines(path: str) -> Document | None:
    """A file of one JSON value a line, as a YAML list of them (each item on the line
    of the file it came from, so that a problem keeps its line); None if it holds no
    line."""
    text = read_text(path)
    if not text.strip():
        return None
    return load_text("".join(f"- {line}\n" for line in joined(text).splitlines()), path)

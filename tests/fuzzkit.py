"""Text-level mutations of real referee files, and the commands they are fed to: shared
by the CI fuzz test (tests/test_fuzz.py, bounded) and the campaign (tools/fuzz.py,
whole processes and in-process, thousands of inputs; docs/hostile.md).

A case is one command line over files made from the seeds (the samples and a game in
progress with a history), one of them mutated: lines deleted, duplicated or swapped,
values replaced by hostile scalars (huge, non-finite, dates, tags, booleans, long
words), deep nesting, keys that YAML reads as booleans, odd encodings (UTF-16,
Latin-1, a BOM, invalid bytes, NUL), truncation, bytes flipped. Deterministic from a
``random.Random``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from clikit import SAMPLES, referee

# The exit codes a run may end with (README "Exit codes"); 70 is a bug, never an input.
DOCUMENTED = frozenset({0, 1, 2, 3, 4, 5, 6, 7})

HOSTILE_SCALARS = [
    "9" * 4301, "-" + "9" * 5000, "0x" + "f" * 4000, "0b" + "1" * 20000, "1" + ":59" * 3000,
    "1.0e+999", "-1.0e+999", ".nan", ".inf", "-.Inf", "2024-01-01", "2001-12-14 21:59:43.10 -5",
    "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [{a: 1}]", "!!python/object:os.system {}",
    "!!timestamp 2020-01-01", "!!float nan", "!!int 0x" + "f" * 4000, "!foo x", "yes", "no",
    "on", "off", "~", "null", "", "<<", "=", "&a x", "*a", "'" + "w" * 1100 + "'",
    "w" * 1100, "[" * 300 + "]" * 300, "{a: " * 250 + "1" + "}" * 250, "- - - - - x",
    "10" + "0" * 30, "-1", "0", "99999", "1.5", "\"\\ud800\"", "\"\\x00\"", "|\n  block",
    "\u202e\u2028x", "0507", "1208", "R1", "0x1F", "1_000", "1e3", "?", ":", "#", "%YAML 1.1",
    "{yes: 1, no: 2}", "{1.5: x}", "{~: 1}", "{? [1]: 2}", "[.nan, .inf]",
]
HOSTILE_KEYS = ["yes", "no", "on", "off", "~", "null", "1.5", "2024-01-01", "<<", "=",
                "w" * 1100, "'" + "k" * 1100 + "'", "? [a]", "!!binary aGVsbG8="]


@dataclass
class Seeds:
    """The files mutations start from (all small, all valid)."""

    state: bytes      # a sample state before its first phase
    orders: bytes     # orders for it
    game: bytes       # a game in progress (history of one phase)
    game_orders: bytes  # orders for the game's next phase
    scenario: bytes
    house: bytes      # house rules


def make_seeds(work: Path) -> Seeds:
    """The seeds, the game in progress made by the referee itself."""
    state = SAMPLES / "thucidide.yaml"
    orders = SAMPLES / "thucidide-orders-activation.yaml"
    game = work / "seed-game.yaml"
    run = referee("adjudicate", str(state), str(orders), "-o", str(game), "--new-game")
    assert run.code == 0, run.err
    return Seeds(state.read_bytes(), orders.read_bytes(), game.read_bytes(),
                 (SAMPLES / "thucidide-orders-movement.yaml").read_bytes(),
                 (SAMPLES / "thucidide-scenario.yaml").read_bytes(),
                 HOUSE)


HOUSE = (b"format: referee-house-rules/1\nbase: thucidide\narmy_break:\n"
         b"  breaks_when_losses_reach_cohesion:\n    value: false\n"
         b"    source: \"interpretation: strict\"\nterrain:\n  wood: {cost: 2}\n")


# ------------------------------------------------------------------ mutations
_VALUE = re.compile(rb"(:[ ]+|- |\[|, ?)([^,\[\]{}\n#]+)")


def mutate(data: bytes, rng: random.Random, rounds: int | None = None) -> bytes:
    """``data`` with one to four random changes, most often one (or ``rounds``)."""
    for _ in range(rounds or rng.choice([1, 1, 1, 2, 3, 4])):
        op = rng.choice(_OPS)
        data = op(data, rng)
    return data


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _delete_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    del lines[i:i + rng.randint(1, 3)]
    return b"\n".join(lines)


def _duplicate_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return b"\n".join(lines)


def _swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _replace_value(data: bytes, rng: random.Random) -> bytes:
    matches = list(_VALUE.finditer(data))
    if not matches:
        return data
    m = rng.choice(matches)
    new = rng.choice(HOSTILE_SCALARS).encode("utf-8", "surrogatepass")
    return data[:m.start(2)] + new + data[m.end(2):]


def _replace_key(data: bytes, rng: random.Random) -> bytes:
    keys = list(re.finditer(rb"(?m)^( *(?:- )?)([A-Za-z_][\w-]*):", data))
    if not keys:
        return data
    m = rng.choice(keys)
    return data[:m.start(2)] + rng.choice(HOSTILE_KEYS).encode() + data[m.end(2):]


def _nest(data: bytes, rng: random.Random) -> bytes:
    matches = list(_VALUE.finditer(data))
    if not matches:
        return data
    m = rng.choice(matches)
    depth = rng.choice([5, 60, 199, 201, 1000, 30_000])
    left, right = rng.choice([(b"[", b"]"), (b"{a: ", b"}")])
    return data[:m.start(2)] + left * depth + m.group(2) + right * depth + data[m.end(2):]


def _encode(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", "replace")
    kind = rng.choice(["utf-16", "utf-16-le", "latin-1", "bom", "cp1252", "utf-32"])
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    return text.encode(kind, "replace")


def _bad_bytes(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    junk = rng.choice([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80", b"\r", b"\t", b"\x85",
                       b"\xe2\x80\xa8", b"\x1b[31m", bytes([rng.randrange(256)])])
    return data[:i] + junk + data[i:]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def _flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def _add_field(data: bytes, rng: random.Random) -> bytes:
    key = rng.choice(["house_rules", "history", "dice", "result", "engagements", "x",
                      "orders", "reveal", "notes"])
    return data.rstrip(b"\n") + b"\n" + key.encode() + b": " + \
        rng.choice(HOSTILE_SCALARS).encode("utf-8", "surrogatepass") + b"\n"


_OPS = [_delete_lines, _duplicate_line, _swap_lines, _replace_value, _replace_value,
        _replace_value, _replace_key, _nest, _encode, _bad_bytes, _truncate, _flip,
        _add_field, _add_field]


# -------------------------------------------------------------------- commands
@dataclass
class Case:
    """One command over files: ``files`` are written under the work directory, ``{name}``
    in ``args`` is replaced by the path of ``name`` there (outputs such as ``{out}`` are
    not written beforehand); ``stdin`` (bytes) is standard input."""

    args: list[str]
    files: dict[str, bytes]
    stdin: bytes | None = None

    def argv(self, work: Path) -> list[str]:
        return [str(work / a[1:-1]) if a[:1] == "{" and a[-1:] == "}" else a
                for a in self.args]

    def write(self, work: Path) -> None:
        for name, data in self.files.items():
            (work / name).write_bytes(data)


def make_case(seeds: Seeds, rng: random.Random) -> Case:
    """One random command over mutated files."""
    kind = rng.choice(["validate", "validate2", "adjudicate", "adjudicate-game", "show",
                       "verify", "history", "rollback", "moves", "odds", "orders", "new",
                       "stdin-state", "stdin-orders", "house"])
    s, o = seeds.state, seeds.orders
    if kind == "validate":
        return Case(["validate", "{s}"], {"s": mutate(s, rng)})
    if kind == "validate2":
        return Case(["validate", "{s}", "{o}"], {"s": s, "o": mutate(o, rng)})
    if kind == "adjudicate":
        target = rng.choice(["s", "o"])
        files = {"s": mutate(s, rng) if target == "s" else s,
                 "o": mutate(o, rng) if target == "o" else o}
        return Case(["adjudicate", "{s}", "{o}", "-o", "{out}", "--new-game"],
                    {**files})
    if kind == "adjudicate-game":
        target = rng.choice(["g", "o"])
        files = {"g": mutate(seeds.game, rng) if target == "g" else seeds.game,
                 "o": mutate(seeds.game_orders, rng) if target == "o" else seeds.game_orders}
        return Case(["adjudicate", "{g}", "{o}", "--dry-run"], files)
    if kind == "show":
        return Case(["show", "--json", "{s}"], {"s": mutate(rng.choice([s, seeds.game]), rng)})
    if kind in ("verify", "history"):
        return Case([kind, "{g}"], {"g": mutate(seeds.game, rng)})
    if kind == "rollback":
        return Case(["rollback", "{g}", "--to", "0", "-o", "{out}"],
                    {"g": mutate(seeds.game, rng)})
    if kind == "moves":
        return Case(["moves", "{g}", "C1"], {"g": mutate(seeds.game, rng)})
    if kind == "odds":
        return Case(["odds", "{s}", "C1", "R1"], {"s": mutate(s, rng)})
    if kind == "orders":
        return Case(["orders", "{g}"], {"g": mutate(seeds.game, rng)})
    if kind == "new":
        return Case(["new", "{c}", "-o", "{out}", "--dice", "open"],
                    {"c": mutate(seeds.scenario, rng)})
    if kind == "stdin-state":
        return Case(["show", "-"], {}, stdin=mutate(rng.choice([s, seeds.game]), rng))
    if kind == "stdin-orders":
        return Case(["validate", "{s}", "-"], {"s": s}, stdin=mutate(o, rng))
    house = mutate(seeds.house, rng)
    return Case(["validate", "{s}", "{o}", "--house-rules", "{h}"], {"s": s, "o": o, "h": house})


# ------------------------------------------------------------- hostile mail messages
_MAIL_HEAD = b"From: a@example.org\nTo: b@example.org\nSubject: orders\nMIME-Version: 1.0\n"
_MAIL_ORDERS = (b"format: referee-orders/1\nturn: 1\nplayer: carthage\nphase: activation\n"
                b"orders: []\n")


def mail_bomb(kind: str, n: int) -> bytes:
    """The mail messages of issue 26 (defect 5), ``n`` the size of the attack: parts
    nested ``n`` deep, ``message/rfc822`` nested ``n`` deep, ``n`` nested comments in a
    Content-Type, ``n`` RFC 2231 continuations, ``n`` parts, ``n`` attachments."""
    if kind == "nested-multipart":
        head = b"".join(b"Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (i, i)
                        for i in range(n))
        return _MAIL_HEAD + head + b"Content-Type: text/plain\n\n" + _MAIL_ORDERS
    if kind == "nested-message":
        return _MAIL_HEAD + b"Content-Type: message/rfc822\n\n" * n + \
            b"Content-Type: text/plain\n\n" + _MAIL_ORDERS
    if kind == "nested-comments":
        return _MAIL_HEAD + b"Content-Type: text/plain " + b"(" * n + b")" * n + \
            b"\n\n" + _MAIL_ORDERS
    if kind == "continuations":
        params = b"".join(b";\n name*%d*=x%d" % (i, i) for i in range(n))
        return _MAIL_HEAD + b"Content-Type: text/plain" + params + b"\n\n" + _MAIL_ORDERS
    if kind in ("parts", "attachments"):
        part = (b"--sep\nContent-Type: text/plain\n\nhello\n" if kind == "parts" else
                b"--sep\nContent-Type: application/x-yaml\nContent-Disposition: attachment;"
                b" filename=orders.yaml\n\nZm9ybWF0OiByZWZlcmVl\n")
        return _MAIL_HEAD + b"Content-Type: multipart/mixed; boundary=sep\n\n" + \
            b"--sep\nContent-Type: text/plain\n\n" + _MAIL_ORDERS + part * n + b"--sep--\n"
    raise ValueError(kind)


MAIL_BOMBS = {"nested-multipart": 1000, "nested-message": 1000, "nested-comments": 5000,
              "continuations": 20_000, "parts": 100_000, "attachments": 100_000}

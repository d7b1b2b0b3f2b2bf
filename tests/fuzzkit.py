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
from typing import Any

from clikit import SAMPLES, referee

# The exit codes a run may end with (README "Exit codes"); 70 is a bug, never an input.
DOCUMENTED = frozenset({0, 1, 2, 3, 4, 5, 6, 7})

HOSTILE_SCALARS = [
    "9" * 4301,
    "-" + "9" * 5000,
    "0x" + "f" * 4000,
    "0b" + "1" * 20000,
    "1" + ":59" * 3000,
    "1.0e+999",
    "-1.0e+999",
    ".nan",
    ".inf",
    "-.Inf",
    "2024-01-01",
    "2001-12-14 21:59:43.10 -5",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!omap [{a: 1}]",
    "!!python/object:os.system {}",
    "!!timestamp 2020-01-01",
    "!!float nan",
    "!!int 0x" + "f" * 4000,
    "!foo x",
    "yes",
    "no",
    "on",
    "off",
    "~",
    "null",
    "",
    "<<",
    "=",
    "&a x",
    "*a",
    "'" + "w" * 1100 + "'",
    "w" * 1100,
    "[" * 300 + "]" * 300,
    "{a: " * 250 + "1" + "}" * 250,
    "- - - - - x",
    "10" + "0" * 30,
    "-1",
    "0",
    "99999",
    "1.5",
    '"\\ud800"',
    '"\\x00"',
    "|\n  block",
    "\u202e\u2028x",
    "0507",
    "1208",
    "R1",
    "0x1F",
    "1_000",
    "1e3",
    "?",
    ":",
    "#",
    "%YAML 1.1",
    "{yes: 1, no: 2}",
    "{1.5: x}",
    "{~: 1}",
    "{? [1]: 2}",
    "[.nan, .inf]",
]
HOSTILE_KEYS = [
    "yes",
    "no",
    "on",
    "off",
    "~",
    "null",
    "1.5",
    "2024-01-01",
    "<<",
    "=",
    "w" * 1100,
    "'" + "k" * 1100 + "'",
    "? [a]",
    "!!binary aGVsbG8=",
]


@dataclass(repr=False)
class Seeds:
    """The files mutations start from (all small, all valid)."""

    def __repr__(self) -> str:  # (hypothesis shows it with a failure)
        return "Seeds(...)"

    state: bytes  # a sample state before its first phase
    orders: bytes  # orders for it
    game: bytes  # a game in progress (history of one phase)
    game_orders: bytes  # orders for the game's next phase
    scenario: bytes
    house: bytes  # house rules
    # issue 26: mail messages, choices and reveal files, history blobs
    mail: bytes = b""  # the sample's activation orders as a multipart message
    pursuit: bytes = b""  # a position whose pursuit leaves a choice to its owner
    pursuit_orders: bytes = b""
    choices: bytes = b""  # the owner's choices file for those orders
    duel: bytes = b""  # a two-party game before a combat that rolls dice
    duel_orders: bytes = b""  # the phasing player's orders, his reveal in them
    reveal: bytes = b""  # the opponent's reveal for those orders


def make_seeds(work: Path) -> Seeds:
    """The seeds, the game in progress made by the referee itself."""
    state = SAMPLES / "thucidide.yaml"
    orders = SAMPLES / "thucidide-orders-activation.yaml"
    game = work / "seed-game.yaml"
    run = referee("adjudicate", str(state), str(orders), "-o", str(game), "--new-game")
    assert run.code == 0, run.err
    pursuit, pursuit_orders, choices = _choices_seeds(work)
    duel, duel_orders, reveal = _reveal_seeds(work)
    return Seeds(
        state.read_bytes(),
        orders.read_bytes(),
        game.read_bytes(),
        (SAMPLES / "thucidide-orders-movement.yaml").read_bytes(),
        (SAMPLES / "thucidide-scenario.yaml").read_bytes(),
        HOUSE,
        as_mail(orders.read_bytes()),
        pursuit,
        pursuit_orders,
        choices,
        duel,
        duel_orders,
        reveal,
    )


def as_mail(orders: bytes) -> bytes:
    """Orders as a mail client sends them: text and HTML, a list server's footer."""
    html = b"<div>" + orders.replace(b"\n", b"<br>") + b"</div>"
    return (
        _MAIL_HEAD + b'Content-Type: multipart/mixed; boundary="outer"\n\n'
        b"--outer\nContent-Type: multipart/alternative; boundary=alt\n\n"
        b"--alt\nContent-Type: text/plain; charset=UTF-8; format=flowed\n"
        b"Content-Transfer-Encoding: 8bit\n\nHere you are.\n\n"
        + orders
        + b"\nCheers\n-- \nA\n--alt\nContent-Type: text/html; charset=UTF-8\n\n"
        + html
        + b"\n--alt--\n--outer\nContent-Type: text/plain; charset=us-ascii\n"
        b"Content-Disposition: inline\n\n____\nwargames mailing list\n--outer--\n"
    )


def _choices_seeds(work: Path) -> tuple[bytes, bytes, bytes]:
    """a's C1 may pursue into b's Y1, who then chooses to conform or not (the position of
    tests/test_choices.py), a's orders, and b's choices file for them."""
    from casekit import build_state
    from referee.cli.app import write_state_file
    from referee.play import new_game_state

    fill_a = [
        {"id": f"FA{i}", "type": "infanterie", "weight": "medium", "at": f"{c:02d}11"}
        for i, c in enumerate((1, 2, 3, 10, 11, 12), 1)
    ]
    fill_b = [
        {
            "id": f"FB{i}",
            "type": "infanterie",
            "weight": "medium",
            "at": f"{c:02d}02",
            "facing": "S",
        }
        for i, c in enumerate((1, 2, 3, 10, 11, 12), 1)
    ]
    state = build_state(
        {
            "state": {
                "phase": "pursuit",
                "dice": {"mode": "open", "seed": "s"},
                "sides": {
                    "a": {
                        "units": [
                            {
                                "id": "C1",
                                "type": "cavalerie",
                                "weight": "medium",
                                "at": "0606",
                                "facing": "N",
                            },
                            *fill_a,
                        ]
                    },
                    "b": {
                        "units": [
                            {
                                "id": "Y1",
                                "type": "infanterie",
                                "weight": "medium",
                                "at": "0604",
                                "facing": "N",
                            },
                            *fill_b,
                        ],
                        "removed": [
                            {
                                "unit": {
                                    "id": "X1",
                                    "type": "infanterie",
                                    "weight": "medium",
                                    "at": "0605",
                                    "facing": "S",
                                    "cohesion": {"current": 0, "max": 3},
                                },
                                "why": "eliminated",
                                "turn": 1,
                                "phase": "rout",
                            }
                        ],
                    },
                },
                "engagements": [
                    {"attacker": "C1", "target": "X1", "kind": "melee", "through": "front"}
                ],
            }
        },
        "thucidide",
    )
    game = work / "pursuit.yaml"
    write_state_file(new_game_state(state), str(game))
    orders = work / "pursuit-orders.yaml"
    orders.write_text(
        "format: referee-orders/1\nturn: 1\nplayer: a\nphase: pursuit\norders:\n  - C1 pursue\n",
        encoding="utf-8",
    )
    choices = work / "choices.yaml"
    run = referee("orders", str(game), "--choices", "--orders", str(orders), "-o", str(choices))
    assert run.code == 0, run.err
    text = choices.read_text("utf-8").replace('# - "Y1 conform no"', '- "Y1 conform no"')
    return game.read_bytes(), orders.read_bytes(), text.encode("utf-8")


def _reveal_seeds(work: Path) -> tuple[bytes, bytes, bytes]:
    """The Cannae sample in two-party dice (samples/pbem/play-by-email.sh), played to
    Carthage's combat: the state, Carthage's combat orders with his reveal, and Rome's
    reveal for them."""
    text = (SAMPLES / "thucidide.yaml").read_text("utf-8")
    text = re.sub(r"(?m)^  seed: .*\n", "", text.replace("  mode: open\n", "  mode: two-party\n"))
    game = work / "duel-0.yaml"
    game.write_text(text, encoding="utf-8")
    secrets = {side: work / f"{side}-secret.txt" for side in ("carthage", "rome")}
    for side, secret in secrets.items():
        assert referee("seed", "new", "--two-party", "-o", str(secret)).code == 0
        extra = ["--side", side, "--new-game"] if side == "carthage" else []
        run = referee("seed", "commit", str(game), "--secret", str(secret), *extra, "-o", str(game))
        assert run.code == 0, run.err
    for n, phase in enumerate(("activation", "movement", "combat"), 1):
        orders = work / f"duel-orders-{n}.yaml"
        orders.write_bytes((SAMPLES / f"thucidide-orders-{phase}.yaml").read_bytes())
        run = referee(
            "seed",
            "reveal",
            str(game),
            str(orders),
            "--secret",
            str(secrets["carthage"]),
            "--in-place",
        )
        assert run.code == 0, run.err
        if phase == "combat":
            reveal = work / "duel-reveal.yaml"
            run = referee(
                "seed",
                "reveal",
                str(game),
                str(orders),
                "--secret",
                str(secrets["rome"]),
                "-o",
                str(reveal),
            )
            assert run.code == 0, run.err
            return game.read_bytes(), orders.read_bytes(), reveal.read_bytes()
        nxt = work / f"duel-{n}.yaml"
        run = referee("adjudicate", str(game), str(orders), "-o", str(nxt))
        assert run.code in (0, 1), run.err
        game = nxt
    raise AssertionError("unreachable")


HOUSE = (
    b"format: referee-house-rules/1\nbase: thucidide\narmy_break:\n"
    b"  breaks_when_losses_reach_cohesion:\n    value: false\n"
    b'    source: "interpretation: strict"\nterrain:\n  wood: {cost: 2}\n'
)


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
    del lines[i : i + rng.randint(1, 3)]
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
    return data[: m.start(2)] + new + data[m.end(2) :]


def _replace_key(data: bytes, rng: random.Random) -> bytes:
    keys = list(re.finditer(rb"(?m)^( *(?:- )?)([A-Za-z_][\w-]*):", data))
    if not keys:
        return data
    m = rng.choice(keys)
    return data[: m.start(2)] + rng.choice(HOSTILE_KEYS).encode() + data[m.end(2) :]


def _nest(data: bytes, rng: random.Random) -> bytes:
    matches = list(_VALUE.finditer(data))
    if not matches:
        return data
    m = rng.choice(matches)
    depth = rng.choice([5, 60, 199, 201, 1000, 30_000])
    left, right = rng.choice([(b"[", b"]"), (b"{a: ", b"}")])
    return data[: m.start(2)] + left * depth + m.group(2) + right * depth + data[m.end(2) :]


def _encode(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", "replace")
    kind = rng.choice(["utf-16", "utf-16-le", "latin-1", "bom", "cp1252", "utf-32"])
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    return text.encode(kind, "replace")


def _bad_bytes(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    junk = rng.choice(
        [
            b"\xff",
            b"\xc3",
            b"\x00",
            b"\xed\xa0\x80",
            b"\r",
            b"\t",
            b"\x85",
            b"\xe2\x80\xa8",
            b"\x1b[31m",
            bytes([rng.randrange(256)]),
        ]
    )
    return data[:i] + junk + data[i:]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def _add_field(data: bytes, rng: random.Random) -> bytes:
    key = rng.choice(
        [
            "house_rules",
            "history",
            "dice",
            "result",
            "engagements",
            "x",
            "orders",
            "reveal",
            "notes",
        ]
    )
    return (
        data.rstrip(b"\n")
        + b"\n"
        + key.encode()
        + b": "
        + rng.choice(HOSTILE_SCALARS).encode("utf-8", "surrogatepass")
        + b"\n"
    )


_OPS = [
    _delete_lines,
    _duplicate_line,
    _swap_lines,
    _replace_value,
    _replace_value,
    _replace_value,
    _replace_key,
    _nest,
    _encode,
    _bad_bytes,
    _truncate,
    _flip,
    _add_field,
    _add_field,
]


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
        return [str(work / a[1:-1]) if a[:1] == "{" and a[-1:] == "}" else a for a in self.args]

    def write(self, work: Path) -> None:
        for name, data in self.files.items():
            (work / name).write_bytes(data)


KINDS = [
    "validate",
    "validate2",
    "adjudicate",
    "adjudicate-game",
    "show",
    "verify",
    "history",
    "rollback",
    "moves",
    "odds",
    "orders",
    "new",
    "stdin-state",
    "stdin-orders",
    "house",
]
# issue 26: the file kinds added since (mail messages, choices and reveal files, history
# blobs, the files a scenario names)
KINDS_26 = [
    "mail",
    "mail-adjudicate",
    "choices",
    "choices-verify",
    "reveal",
    "reveal-verify",
    "blob-verify",
    "blob-history",
    "blob-adjudicate",
    "scenario-csv",
]


def make_case(seeds: Seeds, rng: random.Random, kinds: list[str] | None = None) -> Case:
    """One random command over mutated files (of one of ``kinds``, default all)."""
    kind = rng.choice(kinds or (KINDS + KINDS_26 if seeds.mail else KINDS))
    s, o = seeds.state, seeds.orders
    if kind in KINDS_26:
        return _case_26(kind, seeds, rng)
    if kind == "validate":
        return Case(["validate", "{s}"], {"s": mutate(s, rng)})
    if kind == "validate2":
        return Case(["validate", "{s}", "{o}"], {"s": s, "o": mutate(o, rng)})
    if kind == "adjudicate":
        target = rng.choice(["s", "o"])
        files = {
            "s": mutate(s, rng) if target == "s" else s,
            "o": mutate(o, rng) if target == "o" else o,
        }
        return Case(["adjudicate", "{s}", "{o}", "-o", "{out}", "--new-game"], {**files})
    if kind == "adjudicate-game":
        target = rng.choice(["g", "o"])
        files = {
            "g": mutate(seeds.game, rng) if target == "g" else seeds.game,
            "o": mutate(seeds.game_orders, rng) if target == "o" else seeds.game_orders,
        }
        return Case(["adjudicate", "{g}", "{o}", "--dry-run"], files)
    if kind == "show":
        return Case(["show", "--json", "{s}"], {"s": mutate(rng.choice([s, seeds.game]), rng)})
    if kind in ("verify", "history"):
        return Case([kind, "{g}"], {"g": mutate(seeds.game, rng)})
    if kind == "rollback":
        return Case(["rollback", "{g}", "--to", "0", "-o", "{out}"], {"g": mutate(seeds.game, rng)})
    if kind == "moves":
        return Case(["moves", "{g}", "C1"], {"g": mutate(seeds.game, rng)})
    if kind == "odds":
        return Case(["odds", "{s}", "C1", "R1"], {"s": mutate(s, rng)})
    if kind == "orders":
        return Case(["orders", "{g}"], {"g": mutate(seeds.game, rng)})
    if kind == "new":
        return Case(
            ["new", "{c}", "-o", "{out}", "--dice", "open"], {"c": mutate(seeds.scenario, rng)}
        )
    if kind == "stdin-state":
        return Case(["show", "-"], {}, stdin=mutate(rng.choice([s, seeds.game]), rng))
    if kind == "stdin-orders":
        return Case(["validate", "{s}", "-"], {"s": s}, stdin=mutate(o, rng))
    house = mutate(seeds.house, rng)
    return Case(["validate", "{s}", "{o}", "--house-rules", "{h}"], {"s": s, "o": o, "h": house})


# ------------------------------------------------------------- hostile mail messages
_MAIL_HEAD = b"From: a@example.org\nTo: b@example.org\nSubject: orders\nMIME-Version: 1.0\n"
_MAIL_ORDERS = (
    b"format: referee-orders/1\nturn: 1\nplayer: carthage\nphase: activation\norders: []\n"
)


def mail_bomb(kind: str, n: int) -> bytes:
    """The mail messages of issue 26 (defect 5), ``n`` the size of the attack: parts
    nested ``n`` deep, ``message/rfc822`` nested ``n`` deep, ``n`` nested comments in a
    Content-Type, ``n`` RFC 2231 continuations, ``n`` parts, ``n`` attachments."""
    if kind == "nested-multipart":
        head = b"".join(
            b"Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (i, i) for i in range(n)
        )
        return _MAIL_HEAD + head + b"Content-Type: text/plain\n\n" + _MAIL_ORDERS
    if kind == "nested-message":
        return (
            _MAIL_HEAD
            + b"Content-Type: message/rfc822\n\n" * n
            + b"Content-Type: text/plain\n\n"
            + _MAIL_ORDERS
        )
    if kind == "nested-comments":
        return (
            _MAIL_HEAD + b"Content-Type: text/plain " + b"(" * n + b")" * n + b"\n\n" + _MAIL_ORDERS
        )
    if kind == "continuations":
        params = b"".join(b";\n name*%d*=x%d" % (i, i) for i in range(n))
        return _MAIL_HEAD + b"Content-Type: text/plain" + params + b"\n\n" + _MAIL_ORDERS
    if kind in ("parts", "attachments"):
        part = (
            b"--sep\nContent-Type: text/plain\n\nhello\n"
            if kind == "parts"
            else b"--sep\nContent-Type: application/x-yaml\nContent-Disposition: attachment;"
            b" filename=orders.yaml\n\nZm9ybWF0OiByZWZlcmVl\n"
        )
        return (
            _MAIL_HEAD
            + b"Content-Type: multipart/mixed; boundary=sep\n\n"
            + b"--sep\nContent-Type: text/plain\n\n"
            + _MAIL_ORDERS
            + part * n
            + b"--sep--\n"
        )
    raise ValueError(kind)


MAIL_BOMBS = {
    "nested-multipart": 1000,
    "nested-message": 1000,
    "nested-comments": 5000,
    "continuations": 20_000,
    "parts": 100_000,
    "attachments": 100_000,
}


def _case_26(kind: str, seeds: Seeds, rng: random.Random) -> Case:
    s = seeds.state
    if kind == "mail":
        return Case(["validate", "{s}", "{m.eml}"], {"s": s, "m.eml": mutate_mail(seeds.mail, rng)})
    if kind == "mail-adjudicate":
        return Case(
            ["adjudicate", "{s}", "{m.eml}", "--dry-run", "--new-game"],
            {"s": s, "m.eml": mutate_mail(seeds.mail, rng)},
        )
    if kind == "choices":
        return Case(
            ["adjudicate", "{p}", "{po}", "--choices", "{c}", "-o", "{out}"],
            {
                "p": seeds.pursuit,
                "po": seeds.pursuit_orders,
                "c": _maybe_mail(mutate(seeds.choices, rng), rng),
            },
        )
    if kind == "choices-verify":
        return Case(
            ["verify", "{p}", "--since", "{c}"],
            {"p": seeds.pursuit, "c": mutate(seeds.choices, rng)},
        )
    if kind == "reveal":
        return Case(
            ["adjudicate", "{d}", "{do}", "--reveal", "{r}", "--dry-run"],
            {
                "d": seeds.duel,
                "do": seeds.duel_orders,
                "r": _maybe_mail(mutate(seeds.reveal, rng), rng),
            },
        )
    if kind == "reveal-verify":
        return Case(
            ["verify", "{d}", "--since", "{r}"], {"d": seeds.duel, "r": mutate(seeds.reveal, rng)}
        )
    if kind.startswith("blob-"):
        game = mutate_blob(seeds.game, rng)
        if kind == "blob-verify":
            return Case(["verify", "{g}"], {"g": game})
        if kind == "blob-history":
            return Case(
                ["history", "{g}", *rng.choice([[], ["--report", "1"], ["--json"]])], {"g": game}
            )
        return Case(["adjudicate", "{g}", "{o}", "--dry-run"], {"g": game, "o": seeds.game_orders})
    # scenario-csv: a scenario naming a CSV file (mutated), or a name it may not use
    name = rng.choice(
        ["units.csv"] * 6
        + [
            "/etc/passwd",
            "../units.csv",
            "./units.csv",
            "sub/../units.csv",
            "",
            "units.csv\x00x",
            "x" * 300,
            "/proc/self/environ",
            "..",
            ".",
        ]
    )
    text = seeds.scenario.decode("utf-8")
    at = text.find("    units:")
    line = f"    units_csv: {json_quote(name)}\n"
    scenario = (text[:at] + line + text[at:]).encode("utf-8") if at >= 0 else seeds.scenario
    csv = (
        mutate(CSV_UNITS, rng)
        if rng.random() < 0.8
        else rng.choice(
            [
                b"\x00" * 100,
                b"type,weight\n" + b"infanterie,heavy\n" * 100_000,
                b"type,weight,count\ninfanterie,heavy,99999999999\n",
                b'"' * 200_000,
                b"a" * 200_000 + b"\n",
                b"type," * 50_000 + b"\n",
            ]
        )
    )
    return Case(["new", "{c}", "-o", "{out}", "--dice", "open"], {"c": scenario, "units.csv": csv})


CSV_UNITS = (
    b"type,weight,count,id,name,at,factors,traits,reaction\n"
    b"infanterie,heavy,2,,Legio,0606-0706,1/1/3/3,,\n"
    b"cavalerie,very-light,1,,Numides,1609,,,evade\n"
)


def json_quote(text: str) -> str:
    import json

    return json.dumps(text)


def _maybe_mail(data: bytes, rng: random.Random) -> bytes:
    """Now and then, the file inside a mail message (its body), as players send them."""
    if rng.random() < 0.2:
        return _MAIL_HEAD + b"Content-Type: text/plain\n\nHello,\n\n" + data + b"\n-- \nA\n"
    return data


# ---------------------------------------------------------------- mail mutations
def mutate_mail(data: bytes, rng: random.Random) -> bytes:
    """A mail message changed at the MIME level (nesting, parts, parameters, comments,
    header fields, encodings, boundaries), then perhaps at the text level."""
    for _ in range(rng.choice([1, 1, 2, 3])):
        data = rng.choice(_MAIL_OPS)(data, rng)
    if rng.random() < 0.3:
        data = mutate(data, rng)
    return data


def _split_head(data: bytes) -> tuple[bytes, bytes]:
    head, sep, body = data.partition(b"\n\n")
    return head + b"\n", body if sep else b""


def _wrap(data: bytes, rng: random.Random) -> bytes:
    """The message's content nested in multipart or message/rfc822 parts, N deep."""
    head, body = _split_head(data)
    depth = rng.choice([1, 2, 15, 16, 17, 40, 1000])
    fields = b"".join(
        line + b"\n" for line in head.split(b"\n") if line.lower().startswith(b"content-")
    )
    rest = b"".join(
        line + b"\n"
        for line in head.split(b"\n")
        if line and not line.lower().startswith(b"content-")
    )
    inner = fields + b"\n" + body
    if rng.random() < 0.5:
        for i in range(depth):
            inner = (
                b"Content-Type: multipart/mixed; boundary=w%d\n\n--w%d\n" % (i, i)
                + inner
                + b"\n--w%d--\n" % i
            )
    else:
        inner = b"Content-Type: message/rfc822\n\n" * depth + inner
    return rest + inner


def _more_parts(data: bytes, rng: random.Random) -> bytes:
    n = rng.choice([2, 10, 498, 499, 500, 501, 5000])
    kind = rng.choice(
        [
            b"Content-Type: text/plain\n\nhi\n",
            b"Content-Type: text/plain\n\nformat: referee-orders/1\nturn: 1\n",
            b"Content-Type: application/x-yaml\nContent-Disposition: attachment;"
            b" filename=o.yaml\n\nformat: referee-orders/1\n",
            b"Content-Type: text/html\n\n<p>" + b"x" * rng.choice([10, 100_000]) + b"</p>\n",
        ]
    )
    n = min(n, (40 << 20) // len(kind))  # (40 MB at most: the fuzzer's own memory)
    return (
        _MAIL_HEAD
        + b"Content-Type: multipart/mixed; boundary=many\n\n--many\n"
        + _split_head(data)[0].split(b"MIME-Version: 1.0\n")[-1]
        + b"\n"
        + _split_head(data)[1]
        + (b"\n--many\n" + kind) * n
        + b"--many--\n"
    )


def _parameters(data: bytes, rng: random.Random) -> bytes:
    n = rng.choice([1, 5, 29, 30, 31, 200, 20_000])
    extended = rng.random() < 0.5
    params = b"".join(
        (b";\n name*%d*=utf-8''x%%41%d" if extended else b";\n p%d=v%d") % (i, i) for i in range(n)
    )
    return re.sub(rb"(?i)(content-type:[^\n]*)", lambda m: m.group(1) + params, data, count=1)


def _comments(data: bytes, rng: random.Random) -> bytes:
    n = rng.choice([1, 4, 5, 6, 19, 20, 21, 5000])
    nested = rng.random() < 0.5
    comment = b"(" * n + b"c" + b")" * n if nested else b"(c)" * n
    field = rng.choice([rb"content-type", rb"content-disposition", rb"from", rb"to"])
    return re.sub(
        rb"(?im)^(" + field + rb":[^\n]*)", lambda m: m.group(1) + b" " + comment, data, count=1
    )


def _fields(data: bytes, rng: random.Random) -> bytes:
    n = rng.choice([10, 499, 500, 501, 4999, 5001, 100_000])
    line = rng.choice(
        [
            b"X-A: b\n",
            b"Received: from x (y [1.2.3.4]) by z; Mon, 1 Jan 2024\n",
            b"X-Long: " + b"a" * 20_000 + b"\n",
            b" folded\n",
        ]
    )
    return line * min(n, (40 << 20) // len(line)) + data  # (40 MB at most)


def _encodings(data: bytes, rng: random.Random) -> bytes:
    swap = rng.choice(
        [
            b"charset=x-unknown-charset",
            b"charset=utf-7",
            b'charset=""',
            b"charset=utf-16",
            b"charset*=''",
            b"charset=iso-2022-jp",
        ]
    )
    data = data.replace(b"charset=UTF-8", swap, 1)
    cte = rng.choice([b"base64", b"quoted-printable", b"x-uuencode", b"7bit", b"binary", b"bogus"])
    return data.replace(b"Content-Transfer-Encoding: 8bit", b"Content-Transfer-Encoding: " + cte, 1)


def _boundaries(data: bytes, rng: random.Random) -> bytes:
    new = rng.choice([b"", b'""', b"alt", b"x" * 2000, b"-", b"\xff\xfe", b"a b"])
    return data.replace(b"boundary=alt", b"boundary=" + new, 1)


_MAIL_OPS = [_wrap, _wrap, _more_parts, _parameters, _comments, _fields, _encodings, _boundaries]


# ---------------------------------------------------------------- history blobs
_BLOB_CACHE: dict[str, list[str]] = {}


def blob_lines(payload: bytes, key: str = "") -> list[str]:
    """``payload`` as a history blob (xz, base85, lines), as record.encode_blob writes."""
    import base64
    import lzma

    if key and key in _BLOB_CACHE:
        return _BLOB_CACHE[key]
    packed = lzma.compress(payload, format=lzma.FORMAT_XZ, preset=1)
    text = "b85:" + base64.b85encode(packed).decode("ascii")
    lines = [text[i : i + 760] for i in range(0, len(text), 760)]
    if key:
        _BLOB_CACHE[key] = lines
    return lines


def _blob_payload(rng: random.Random, original: Any) -> tuple[bytes, str]:
    """A hostile payload for a blob (JSON or not), and a key to cache its encoding."""
    import json

    kind = rng.choice(
        ["zeros", "deep", "bigint", "junk", "mutated", "mutated", "mutated", "strings", "enum"]
    )
    if kind == "zeros":
        n = rng.choice([1_000, 1_000_000, 20_000_000])
        return b"[" + b"0," * n + b"0]", f"zeros{n}"
    if kind == "deep":
        n = rng.choice([100, 1_000, 100_000])
        return b"[" * n + b"]" * n, f"deep{n}"
    if kind == "bigint":
        n = rng.choice([4_300, 5_000, 1_000_000])
        return b"1" * n, f"bigint{n}"
    if kind == "junk":
        return bytes(rng.randrange(256) for _ in range(rng.choice([0, 10, 1000]))), ""
    if kind == "strings":
        n = rng.choice([1_000, 10_000_000])
        return json.dumps({"x": "a" * n}).encode(), f"strings{n}"
    if kind == "enum":
        n = rng.choice([10, 10_000_000])
        return json.dumps({"~enum": [["a", "b"], "0" * n]}).encode(), f"enum{n}"
    text = json.dumps(original).encode("utf-8")
    return mutate(text, rng), ""


def mutate_blob(game: bytes, rng: random.Random) -> bytes:
    """A game whose history blobs (the initial position, compressed orders) are
    replaced by hostile ones, or changed."""
    import yaml

    from referee.io.yamlio import dump_state
    from referee.play.record import decode_blob

    data = yaml.safe_load(game.decode("utf-8"))
    history = data.get("history") or []
    if not history:
        return mutate(game, rng)
    entry = rng.choice(history)
    key = "initial" if "initial" in entry and rng.random() < 0.7 else "orders_z"
    original: Any = None
    if key == "initial":
        try:
            original = decode_blob(entry["initial"])
        except ValueError:
            original = None
    else:
        original = entry.pop("orders", [])
    payload, cache = _blob_payload(rng, original)
    entry[key] = blob_lines(payload, cache)
    return dump_state(data).encode("utf-8")

"""Issue 26 (the bounded boundary) for the files a game by email keeps: a game folder's
ledger (``ledger.json``) and the reveal log beside a secret (``SECRET.reveals``) are read
through the loader every file goes through (size, nesting, values, a key given twice),
then decoded as their declarations (``referee.core.pbemfiles``), through the real entry
point: exit 3 and one located line per problem, never 70 (docs/hostile.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clikit import SAMPLES, referee
from fuzzkit import _reveal_seeds

BIG = 33 * 1024 * 1024  # past MAX_BYTES (32 MiB)


def _clean(run: Any, code: int, *says: str) -> None:
    assert run.code == code, run.out + run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert all(line.startswith("referee: ") for line in run.err.splitlines()), run.err
    for words in says:
        assert words in run.err, run.err


# ------------------------------------------------------------------------------ the ledger
@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game folder just after ``referee pbem new`` (its ledger as the referee wrote it)."""
    work = tmp_path_factory.mktemp("ledger")
    run = referee(
        "pbem",
        "new",
        str(SAMPLES / "quickstart-scenario.yaml"),
        "--side",
        "greeks",
        "--dir",
        str(work / "A"),
    )
    assert run.code == 0, run.err
    return work / "A"


@pytest.fixture
def ledger(folder: Path, tmp_path: Path) -> Path:
    """A private copy of the folder: its ledger, to spoil."""
    import shutil

    shutil.copytree(folder, tmp_path / "A")
    return tmp_path / "A" / "ledger.json"


def test_the_ledger_the_referee_writes_is_read(ledger: Path) -> None:
    _clean(referee("pbem", "status", str(ledger.parent)), 0)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"a": ' * 100_000, "ledger.json:1: nested more than 200 levels deep"),
        (" " * BIG, "ledger.json: file is larger than 32 MiB"),
        ("[" + "0, " * 3_000_000 + "0]", "ledger.json:1: more than 2,500,000 values"),
        ("{nope", "ledger.json:2: not valid YAML"),
        ("[1, 2]", "ledger.json:1: is not a ledger the referee wrote"),
        ("", "ledger.json: the file is empty"),
        ('"\\ud83d"', "ledger.json:1: not valid YAML"),
    ],
    ids=["deep", "huge", "values", "syntax", "list", "empty", "lone-surrogate"],
)
def test_a_hostile_ledger_is_refused_by_the_loader(ledger: Path, text: str, says: str) -> None:
    ledger.write_text(text, encoding="utf-8")
    _clean(referee("pbem", "status", str(ledger.parent)), 3, says)


def test_a_ledger_with_escaped_characters_past_u_ffff_is_read(ledger: Path) -> None:
    """``json.dumps`` wrote them as escaped surrogate pairs (as the referee did before),
    which YAML refuses: joined before the loader reads the text."""
    data = json.loads(ledger.read_text(encoding="utf-8"))
    data["game"] = "asopos \U0001f418"
    ledger.write_text(json.dumps(data, indent=1), encoding="utf-8")
    assert "\\ud83d\\udc18" in ledger.read_text(encoding="utf-8")
    _clean(referee("pbem", "status", str(ledger.parent)), 0)


def test_escaped_surrogate_pairs_are_joined_and_nothing_else() -> None:
    from referee.io.jsonfile import joined

    assert joined(r'"a \ud83d\udc18 b"') == '"a \U0001f418 b"'
    assert joined(r'"\\ud83d\udc18"') == r'"\\ud83d\udc18"'  # a backslash, then text
    assert joined(r'"\\\ud83d\udc18"') == '"\\\\\U0001f418"'
    assert joined(r'"\ud83d \u00e9"') == r'"\ud83d \u00e9"'  # a lone one stays (refused)


def test_a_key_given_twice_in_the_ledger_is_refused(ledger: Path) -> None:
    """JSON would keep the last ``side`` silently (and play the other side)."""
    text = ledger.read_text(encoding="utf-8")
    ledger.write_text(text.replace('\n "game":', '\n "side": "persians",\n "game":', 1), "utf-8")
    _clean(
        referee("pbem", "status", str(ledger.parent)),
        3,
        "ledger.json:",
        ": side: the key 'side' is given twice in this mapping",
    )


def test_every_problem_of_a_ledger_is_said_with_its_line(ledger: Path) -> None:
    data = json.loads(ledger.read_text(encoding="utf-8"))
    data.update(waiting="yes", side=12, chain="../../../etc/passwd")
    data["mails"][0]["kind"] = "invitaton"
    ledger.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    lines = ledger.read_text(encoding="utf-8").split("\n")

    def line(key: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if t.lstrip().startswith(f'"{key}"'))

    run = referee("pbem", "status", str(ledger.parent))
    _clean(
        run,
        3,
        f"ledger.json:{line('waiting')}: waiting: must be true or false, not text",
        f"ledger.json:{line('side')}: side: must be text, not a number",
        f"ledger.json:{line('kind')}: mails[0].kind: unknown value 'invitaton' "
        "(did you mean invitation?)",
        f"ledger.json:{line('chain')}: chain: '../../../etc/passwd' is not written as expected",
    )
    assert len(run.err.splitlines()) == 4, run.err


def test_a_folder_without_a_ledger_is_not_a_game_folder(tmp_path: Path) -> None:
    _clean(referee("pbem", "status", str(tmp_path)), 6, "not a game folder (no ledger.json)")


# ---------------------------------------------------------------------------- a mail's body
def _joined(mail: Path, work: Path) -> Any:
    return referee("pbem", "join", str(mail), "--side", "persians", "--dir", str(work / "B"))


def test_every_problem_of_a_mail_body_is_said_with_its_line(folder: Path, tmp_path: Path) -> None:
    """A spoiled invitation: each problem of its body at once, located (lines of the
    body, below the summary), and no folder made."""
    text = (folder / "outbox" / "001-invitation.eml").read_text(encoding="utf-8")
    spoiled = (
        text.replace('kind: "invitation"', 'kind: "invitaton"')
        .replace("number: 1\n", "number: 0\n")
        .replace("    length: 1000\n", '    length: "long"\n')
        .replace('  - commit: "greeks"\n', '  - commit: "greeks"\n    rechian: true\n')
    )
    mail = tmp_path / "spoiled.eml"
    mail.write_text(spoiled, encoding="utf-8")
    lines = spoiled.split("\n")
    lines = lines[lines.index('format: "referee-mail/1"') :]  # the body's lines

    def line(start: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if t.startswith(start))

    run = _joined(mail, tmp_path)
    _clean(
        run,
        3,
        f"spoiled.eml (mail body):{line('kind:')}: kind: unknown value 'invitaton' "
        "(did you mean invitation?)",
        f":{line('number:')}: number: must be 1 or more, not 0",
        f":{line('    rechian:')}: steps[0].rechian: unknown key (did you mean rechain?)",
        f":{line('    length:')}: steps[0].length: must be a whole number, not text",
    )
    assert len(run.err.splitlines()) == 4, run.err
    assert not (tmp_path / "B").exists()


def test_a_step_without_the_keys_of_its_kind_is_refused_before_anything_applies(
    folder: Path, tmp_path: Path
) -> None:
    text = (folder / "outbox" / "001-invitation.eml").read_text(encoding="utf-8")
    mail = tmp_path / "nokey.eml"
    mail.write_text(text.replace("    commitment:", "    commitmint:"), encoding="utf-8")
    _clean(
        _joined(mail, tmp_path),
        3,
        "steps[0].commitmint: unknown key (did you mean commitment?)",
        "steps[0].commitment: is missing (add `commitment:` (text))",
    )


def test_a_key_written_with_no_value_is_not_given(folder: Path, tmp_path: Path) -> None:
    """``commit: null``: not a commitment, so a phase, which names its moment."""
    text = (folder / "outbox" / "001-invitation.eml").read_text(encoding="utf-8")
    mail = tmp_path / "null.eml"
    mail.write_text(text.replace('  - commit: "greeks"', "  - commit: null"), encoding="utf-8")
    run = _joined(mail, tmp_path)
    _clean(
        run,
        3,
        "steps[0].turn: is missing",
        "steps[0].player: is missing",
        "steps[0].phase: is missing (add `phase:` (one of activation, movement, combat, rout, "
        "pursuit))",
    )


def test_a_file_that_is_not_a_mail_is_said_so_once(tmp_path: Path) -> None:
    mail = tmp_path / "orders.yaml"
    mail.write_bytes((SAMPLES / "thucidide-orders-movement.yaml").read_bytes())
    run = _joined(mail, tmp_path)
    _clean(run, 3, "format: is not a game mail (referee-mail/1)")
    assert len(run.err.splitlines()) == 1, run.err


# --------------------------------------------------------------------------- the reveal log
@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-party game at Carthage's combat, Rome's reveal given once (its log holds
    one record)."""
    work = tmp_path_factory.mktemp("duel")
    _reveal_seeds(work)
    assert len((work / "rome-secret.txt.reveals").read_text("utf-8").splitlines()) == 1
    return work


def _reveal_again(work: Path) -> Any:
    return referee(
        "seed",
        "reveal",
        str(work / "duel-2.yaml"),
        str(work / "duel-orders-3.yaml"),
        "--secret",
        str(work / "rome-secret.txt"),
        "-o",
        str(work / "again.yaml"),
    )


@pytest.fixture
def log(duel: Path, tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(duel, tmp_path / "w")
    return tmp_path / "w" / "rome-secret.txt.reveals"


def test_the_log_the_referee_writes_is_read(log: Path) -> None:
    """The same reveal again is harmless: the log is read and says so."""
    _clean(_reveal_again(log.parent), 0)


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("[" * 100_000, "rome-secret.txt.reveals:2: nested more than 200 levels deep"),
        ("[1, 2]", "rome-secret.txt.reveals:2: must be a mapping, not a list"),
        ("{nope", "rome-secret.txt.reveals:3: not valid YAML"),
        ("", "rome-secret.txt.reveals:2: must be a mapping, not nothing"),
    ],
    ids=["deep", "list", "syntax", "empty"],
)
def test_a_hostile_reveal_log_is_refused_by_the_loader(log: Path, line: str, says: str) -> None:
    """A line that is not a record (a list ended in exit 70: ``.get`` of a list)."""
    first = log.read_text("utf-8").splitlines()[0]
    log.write_text(first + "\n" + line + "\n" + first + "\n", encoding="utf-8")
    _clean(_reveal_again(log.parent), 3, says)
    assert not (log.parent / "again.yaml").exists()


def test_a_huge_reveal_log_is_refused(log: Path) -> None:
    with log.open("a", encoding="utf-8") as fh:
        fh.write(" " * BIG)
    _clean(_reveal_again(log.parent), 3, "rome-secret.txt.reveals: file is larger than 32 MiB")


def test_a_record_of_the_log_is_checked_as_a_reveal_key_by_key(log: Path) -> None:
    """A key given twice (the second ``after`` won unseen with ``json``), a bad hash:
    each said with its line, the key named."""
    record = json.loads(log.read_text("utf-8"))
    twice = json.dumps(record)[:-1] + ', "after": "' + "1" * 64 + '"}'
    log.write_text(twice + "\n", encoding="utf-8")
    _clean(_reveal_again(log.parent), 3, "rome-secret.txt.reveals:1: after: the key 'after'")
    bad = dict(record, orders="xyz")
    log.write_text(json.dumps(record) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    _clean(
        _reveal_again(log.parent),
        3,
        "rome-secret.txt.reveals:2: orders: must be 64 lowercase hex digits",
    )


def test_a_key_that_is_not_text_in_a_mail_body_is_refused(folder: Path, tmp_path: Path) -> None:
    """A body is signed as JSON, whose keys are text: a number key among text keys in
    what the body carries as written (house rules) ended in exit 70 (the campaign of
    2026-11-28 found its twin in a history entry)."""
    text = (folder / "outbox" / "001-invitation.eml").read_text(encoding="utf-8")
    mail = tmp_path / "numkey.eml"
    for rules, says in (
        ('{5: 1, "a": {7: 2, "b": 3}}', ("house_rules.5: a key", "house_rules.a.7: a key")),
        ('{"a": {7: 2, "b": 3}}', ("house_rules.a.7: a key must be text, not a number",)),
    ):
        numbered = f'kind: "invitation"\nhouse_rules: {rules}'
        mail.write_text(text.replace('kind: "invitation"', numbered), encoding="utf-8")
        run = _joined(mail, tmp_path)
        _clean(run, 3, *says)
        assert not (tmp_path / "B").exists()


def test_a_mail_to_the_other_folder_names_both_sides(folder: Path) -> None:
    """My own invitation given back to my folder: refused (exit 7), saying whose folder
    it is and who the opponent is, in each language."""
    mail = str(folder / "outbox" / "001-invitation.eml")
    run = referee("pbem", "receive", str(folder), mail)
    _clean(
        run,
        7,
        "sender: this mail is from greeks to persians; this folder is greeks's, "
        "whose opponent is persians (give it to your opponent's folder)",
    )
    french = referee("pbem", "receive", str(folder), mail, "--lang", "fr")
    _clean(french, 7, "ce dossier est celui de greeks, dont l'adversaire est persians")

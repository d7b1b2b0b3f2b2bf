"""Issue 26, defects 3 to 5: mail messages read within bounds (referee/io/mail.py,
``read_mail``), files a scenario names confined to its folder, paths on the command
line (streams, directories, devices). Each through the real entry point: the
documented exit code, one clean line per problem on stderr naming the file, and for
the attacks of the issue, well under a second or two (docs/hostile.md)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from clikit import ROOT, SAMPLES, Run, referee
from fuzzkit import MAIL_BOMBS, mail_bomb

HOSTILE = ROOT / "tests" / "hostile"
STATE = str(SAMPLES / "thucidide.yaml")


def _refused(run: Run, exit_code: int, says: str, file: str | None = None) -> None:
    assert run.code == exit_code, run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    lines = run.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: "), run.err
    assert says in run.err, run.err
    if file is not None:
        assert file in run.err, run.err


# ------------------------------------------------------------------ mail messages
@pytest.mark.parametrize("kind", sorted(MAIL_BOMBS))
def test_the_mail_attacks_of_the_issue_are_refused_at_once(tmp_path: Path, kind: str) -> None:
    """Multipart nested 1,000 deep, message/rfc822 nested 1,000 deep, 5,000 nested
    comments in a Content-Type, 20,000 RFC 2231 continuations, 100,000 parts, 100,000
    attachments: exit 70 or 54 to 94 s and 1.5 to 2.2 GB before; now one line, exit 3,
    before the standard library parses anything."""
    mail = tmp_path / f"{kind}.eml"
    mail.write_bytes(mail_bomb(kind, MAIL_BOMBS[kind]))
    start = time.perf_counter()
    run = referee("validate", STATE, str(mail))
    took = time.perf_counter() - start
    assert run.code == 3, run.err
    refusal = [line for line in run.err.splitlines() if str(mail) in line]
    assert len(refusal) == 1 and "paste the orders into a YAML file" in refusal[0], run.err
    assert "Traceback" not in run.err and "internal error" not in run.err
    assert took < 2.0, took
    again = referee("adjudicate", STATE, str(mail), "--dry-run", "--new-game")
    _refused(again, 3, "part ", str(mail))


@pytest.mark.parametrize(("name", "says"), [
    ("mail-deep-multipart.eml", "parts nested more than 16 levels deep"),
    ("mail-deep-message.eml", "part 1: parts nested more than 16 levels deep"),
    ("mail-nested-comments.eml", "Content-Type: comments nested more than 5 levels deep"),
    ("mail-continuations.eml", "Content-Type: more than 30 parameters"),
    ("mail-two-orders.eml", "2 parts of this mail message hold orders (parts 1, 2)"),
])
def test_hostile_mail_files(name: str, says: str) -> None:
    path = str(HOSTILE / name)
    _refused(referee("adjudicate", STATE, path, "--dry-run", "--new-game"), 3, says, path)
    fr = referee("adjudicate", STATE, path, "--dry-run", "--new-game", "--lang", "fr")
    assert fr.code == 3 and fr.err.startswith(f"referee: {path}: ") and "part " not in \
        fr.err.replace("partie", ""), fr.err


def test_a_part_without_orders_is_ignored() -> None:
    """A mailing list's footer, as a second text part: the orders are the one part that
    holds some."""
    run = referee("adjudicate", STATE, str(HOSTILE / "mail-list-footer.eml"), "--dry-run",
                  "--new-game")
    assert run.code == 0, run.err


def test_the_reader_for_any_mail() -> None:
    """``read_mail``, for the play-by-email flow: the parts, their places and kinds."""
    from referee.io.mail import read_mail

    mail = read_mail((HOSTILE / "mail-list-footer.eml").read_bytes(), "footer.eml")
    assert mail.header("subject") == "orders"
    assert [(p.number, p.content_type, p.attachment, p.enclosed) for p in mail.parts] == \
        [("1", "text/plain", False, False), ("2", "text/plain", False, False)]
    assert "format: referee-orders/1" in mail.parts[0].text()
    assert "mailing list" in str(mail.parts[1].content())

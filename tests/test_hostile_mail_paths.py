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


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("mail-deep-multipart.eml", "parts nested more than 16 levels deep"),
        ("mail-deep-message.eml", "part 1: parts nested more than 16 levels deep"),
        ("mail-nested-comments.eml", "Content-Type: comments nested more than 5 levels deep"),
        ("mail-continuations.eml", "Content-Type: more than 30 parameters"),
        ("mail-two-orders.eml", "2 parts of this mail message hold orders (parts 1, 2)"),
    ],
)
def test_hostile_mail_files(name: str, says: str) -> None:
    path = str(HOSTILE / name)
    _refused(referee("adjudicate", STATE, path, "--dry-run", "--new-game"), 3, says, path)
    fr = referee("adjudicate", STATE, path, "--dry-run", "--new-game", "--lang", "fr")
    assert (
        fr.code == 3
        and fr.err.startswith(f"referee: {path}: ")
        and "part " not in fr.err.replace("partie", "")
    ), fr.err


def test_a_part_without_orders_is_ignored() -> None:
    """A mailing list's footer, as a second text part: the orders are the one part that
    holds some."""
    run = referee(
        "adjudicate", STATE, str(HOSTILE / "mail-list-footer.eml"), "--dry-run", "--new-game"
    )
    assert run.code == 0, run.err


def test_the_reader_for_any_mail() -> None:
    """``read_mail``, for the play-by-email flow: the parts, their places and kinds."""
    from referee.io.mail import read_mail

    mail = read_mail((HOSTILE / "mail-list-footer.eml").read_bytes(), "footer.eml")
    assert mail.header("subject") == "orders"
    assert [(p.number, p.content_type, p.attachment, p.enclosed) for p in mail.parts] == [
        ("1", "text/plain", False, False),
        ("2", "text/plain", False, False),
    ]
    assert "format: referee-orders/1" in mail.parts[0].text()
    assert "mailing list" in str(mail.parts[1].content())


def test_the_reader_for_any_mail_refuses_a_mail_past_the_size_of_any_file() -> None:
    """A mail message past ``MAX_BYTES``, given to ``read_mail`` itself (the orders of
    a saved message are read after the same check on the file): what to send instead."""
    from referee.core.errors import InvalidInput
    from referee.io.mail import read_mail
    from referee.io.yamlio import MAX_BYTES
    from referee.render.problems import line

    with pytest.raises(InvalidInput) as refused:
        read_mail(b"x" * (MAX_BYTES + 1), "big.eml")
    problem = refused.value.problems[0]
    assert line(problem, "en") == (
        "big.eml: file is larger than 32 MiB (send the orders file alone, as plain text)"
    )
    assert line(problem, "fr") == (
        "big.eml: fichier de plus de 32 Mio (envoyer le fichier d'ordres seul, en texte brut)"
    )


# --------------------------------------------------- files a scenario names (units_csv)
CSV = "type,weight,count,at\ninfanterie,heavy,1,0606\n"


def _scenario(folder: Path, units_csv: str) -> Path:
    """The quickstart scenario with ``units_csv`` on its first side."""
    text = (SAMPLES / "quickstart-scenario.yaml").read_text("utf-8")
    old = '    units:\n      - 2 x cavalerie light "Hippeis"'
    assert old in text
    text = text.replace(old, f"    units_csv: {units_csv}\n{old}", 1)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "battle.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("/etc/passwd", "an absolute path: files a scenario names must be in its folder"),
        ("../outside.csv", "names a file outside the scenario's folder (..)"),
        ("sub/../../outside.csv", "outside the scenario's folder"),
    ],
)
def test_a_scenario_names_no_file_outside_its_folder(tmp_path: Path, name: str, says: str) -> None:
    """Issue 26, defect 3: /etc/shadow's first line and the environment were shown; a
    CSV outside the folder was copied into the game."""
    (tmp_path / "outside.csv").write_text(CSV, encoding="utf-8")
    scenario = _scenario(tmp_path / "battle", name)
    for command in (
        ["validate", str(scenario)],
        ["new", str(scenario), "-o", str(tmp_path / "g.yaml"), "--dice", "open"],
    ):
        run = referee(*command)
        _refused(run, 3, says, f"{scenario}:")
        assert "sides.greeks.units_csv" in run.err and "root:" not in run.err
    assert not (tmp_path / "g.yaml").exists()


def test_a_link_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    (tmp_path / "outside.csv").write_text(CSV, encoding="utf-8")
    folder = tmp_path / "battle"
    scenario = _scenario(folder, "units.csv")
    (folder / "units.csv").symlink_to(tmp_path / "outside.csv")
    _refused(referee("validate", str(scenario)), 3, "is a symbolic link", str(scenario))
    (folder / "units.csv").unlink()
    (folder / "sub").symlink_to(tmp_path)  # a folder on the way that is a link
    scenario = _scenario(folder, "sub/outside.csv")
    _refused(referee("validate", str(scenario)), 3, "is a symbolic link", str(scenario))


def test_a_file_in_the_folder_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "battle"
    scenario = _scenario(folder, "army/units.csv")
    (folder / "army").mkdir()
    (folder / "army" / "units.csv").write_text(CSV, encoding="utf-8")
    run = referee("new", str(scenario), "-o", str(tmp_path / "g.yaml"), "--dice", "open")
    assert run.code == 0, run.err


def test_a_fifo_or_a_directory_is_refused_at_once(tmp_path: Path) -> None:
    """Issue 26, defect 4: a FIFO blocked `new` and `validate SCENARIO` for ever. In a
    process of its own, so that a regression fails instead of hanging the tests."""
    import os
    import subprocess
    import sys

    folder = tmp_path / "battle"
    for name, kind in (
        ("pipe.csv", "is a FIFO (a named pipe), not a file"),
        ("sub", "is a directory, not a file"),
    ):
        scenario = _scenario(folder, name)
        if name == "pipe.csv":
            os.mkfifo(folder / name)
        else:
            (folder / name).mkdir()
        for command in (
            ["validate", str(scenario)],
            ["new", str(scenario), "-o", str(tmp_path / "g.yaml")],
        ):
            proc = subprocess.run(
                [sys.executable, "-m", "referee", *command],
                capture_output=True,
                text=True,
                timeout=60,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
            _refused(Run(proc.returncode, proc.stdout, proc.stderr), 3, kind, str(scenario))


def test_a_file_that_is_not_a_units_csv_is_not_shown(tmp_path: Path) -> None:
    """A secret beside the scenario (the environment, a key...): its header is said by
    column number, never quoted, and its rows are not read."""
    folder = tmp_path / "battle"
    scenario = _scenario(folder, "secret.csv")
    (folder / "secret.csv").write_bytes(b"HOME=/root\x00PASSWORD=hunter2\x00\nroot:x:0:0\n")
    run = referee("validate", str(scenario))
    assert run.code == 3, run.err
    assert "hunter2" not in run.err and "root:x" not in run.err and "HOME" not in run.err
    assert (
        "secret.csv:1: sides.greeks.units_csv: column 1 of the header is not a column" in run.err
    ), run.err
    js = referee("validate", str(scenario), "--json")
    assert "hunter2" not in js.out and "hunter2" not in js.err


# -------------------------------------------------------- paths on the command line
def test_a_directory_or_a_block_device_is_refused_at_once(tmp_path: Path) -> None:
    _refused(referee("validate", str(tmp_path)), 6, "is a directory, not a file", str(tmp_path))
    _refused(referee("show", str(tmp_path), "--lang", "fr"), 6, "est un dossier", str(tmp_path))
    import os
    import stat

    devices = [
        f"/dev/{n}"
        for n in sorted(os.listdir("/dev"))
        if stat.S_ISBLK(os.stat(f"/dev/{n}", follow_symlinks=False).st_mode)
    ]
    if devices:
        _refused(
            referee("validate", STATE, devices[0]),
            6,
            "is a block device (a disk), not a file",
            devices[0],
        )


def test_streams_on_the_command_line(tmp_path: Path) -> None:
    """`-`, a FIFO, `<(...)` (a pipe /dev/fd/N): read as streams, once, within the size
    bound, even by a command that reads a file twice (house rules)."""
    import os
    import shutil
    import subprocess
    import threading

    fifo = tmp_path / "state.fifo"
    os.mkfifo(fifo)
    feeder = threading.Thread(target=lambda: fifo.write_bytes(Path(STATE).read_bytes()))
    feeder.start()
    run = referee("validate", str(fifo))
    feeder.join(10)
    assert run.code == 0, run.err
    if shutil.which("bash"):
        orders = SAMPLES / "thucidide-orders-activation.yaml"
        script = (
            f'"$0" -m referee validate <(cat {STATE}) <(cat {orders}) --house-rules '
            "<(printf 'format: referee-house-rules/1\\nbase: thucidide\\n')"
        )
        import sys

        proc = subprocess.run(
            ["bash", "-c", script, sys.executable],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert proc.returncode == 0, proc.stderr
        big = subprocess.run(
            ["bash", "-c", '"$0" -m referee show <(head -c 40000000 /dev/zero)', sys.executable],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert big.returncode == 3 and "file is larger than 32 MiB" in big.stderr, big.stderr


@pytest.mark.parametrize(
    ("csv", "says"),
    [
        (
            b"type,weight\n" + b"a" * 200_000 + b"\n",
            "units.csv:2: sides.greeks.units_csv: not a CSV file the referee can read at this line",
        ),
        (
            b'type,weight\n"infanterie,heavy\n' + b"x" * 200_000,
            "not a CSV file the referee can read at this line",
        ),
        (
            b"type," * 50_000 + b"\n",
            "units.csv:1: sides.greeks.units_csv: a header of 50,001 columns",
        ),
    ],
)
def test_a_units_csv_file_is_read_within_bounds(tmp_path: Path, csv: bytes, says: str) -> None:
    """A cell over the csv module's limit ended in exit 70 (found by the fuzzer); a header
    of 50,000 columns is one problem."""
    folder = tmp_path / "battle"
    scenario = _scenario(folder, "units.csv")
    (folder / "units.csv").write_bytes(csv)
    run = referee("validate", str(scenario))
    assert run.code == 3, run.err
    assert says in run.err and "Traceback" not in run.err, run.err[:2000]
    assert "x" * 100 not in run.err and "a" * 100 not in run.err


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("scenario-csv-absolute.yaml", "cannot read the CSV file /etc/shadow: an absolute path"),
        ("scenario-csv-environ.yaml", "names a file outside the scenario's folder (..)"),
    ],
)
def test_hostile_scenario_files(tmp_path: Path, name: str, says: str) -> None:
    path = str(HOSTILE / name)
    for command in (
        ["validate", path],
        ["new", path, "-o", str(tmp_path / "g.yaml")],
        ["validate", path, "--json"],
    ):
        run = referee(*command)
        assert run.code == 3 and "root:" not in run.err + run.out, run.err
        assert "PATH=" not in run.err + run.out and "HOME=" not in run.err + run.out
        if "--json" not in command:
            _refused(run, 3, says, path)


def test_a_units_csv_file_is_read_to_its_100_001st_row(tmp_path: Path) -> None:
    from referee.io.scenario import _read_csv

    text = "type,weight\n" + "infanterie,heavy\n" * 1_000_000  # 17 MB
    rows = _read_csv(text, "units.csv", "sides.a.units_csv", 1)
    assert len(rows.rows) == 100_000
    assert [(p.line, p.code) for p in rows.problems] == [(100_002, "scenario.csv_rows")]
    folder = tmp_path / "battle"
    scenario = _scenario(folder, "units.csv")
    (folder / "units.csv").write_text(text, encoding="utf-8")
    start = time.perf_counter()
    run = referee("validate", str(scenario))
    assert run.code == 3 and "more problem(s) not shown" in run.err, run.err[-500:]
    assert time.perf_counter() - start < 20

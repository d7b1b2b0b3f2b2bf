"""Start-up: a command imports only what it uses, and running one command without
building the others (referee.cli.app.app_for) changes nothing it prints. Times are
in bench/ (``python bench/run.py --only startup``), never asserted here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.cli.app import COMMANDS as COMMAND_MODULES
from referee.cli.app import app_for

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "thucidide.yaml"
ORDERS = ROOT / "samples" / "thucidide-orders-activation.yaml"
COMMANDS = [c.name or c.callback.__name__ for c in app.registered_commands if c.callback]


@pytest.mark.parametrize("command", COMMANDS)
def test_one_command_app_prints_what_the_whole_app_prints(command: str) -> None:
    runner = CliRunner()
    for args in ([command, "--help"], [command], [command, "--no-such-option"]):
        whole = runner.invoke(app, args, prog_name="referee")
        one = runner.invoke(app_for(["referee", *args]), args, prog_name="referee")
        assert (one.exit_code, one.output) == (whole.exit_code, whole.output), args


def test_the_command_table_names_every_command_of_the_whole_app() -> None:
    """``referee.cli.app.COMMANDS`` (which module to import for a command) names every
    command and group that the modules register, each in the module that registers it."""
    registered = {
        c.name or c.callback.__name__.replace("_", "-"): c.callback.__module__
        for c in app.registered_commands
        if c.callback
    }
    groups = {"seed": "referee.cli.cmd_seed", "pbem": "referee.cli.cmd_pbem"}
    registered.update({g.name: groups[g.name] for g in app.registered_groups if g.name})
    assert {name: f"referee.cli.{module}" for name, module in COMMAND_MODULES.items()} == registered


@pytest.mark.parametrize(
    "args",
    [
        ["seed"],
        ["seed", "--help"],
        ["seed", "new", "--help"],
        ["seed", "nope"],
        ["seed", "commit", "--nope"],
    ],
)
def test_one_group_app_prints_what_the_whole_app_prints(args: list[str]) -> None:
    runner = CliRunner()
    whole = runner.invoke(app, args, prog_name="referee")
    one_app = app_for(["referee", *args])
    assert one_app is not app
    one = runner.invoke(one_app, args, prog_name="referee")
    assert (one.exit_code, one.output) == (whole.exit_code, whole.output), args


def test_the_whole_app_still_answers_the_rest() -> None:
    for argv in (["referee"], ["referee", "--help"], ["referee", "no-such-command"]):
        assert app_for(argv) is app


def _modules_after(*args: str) -> set[str]:
    code = (
        "import sys\nsys.argv = ['referee', *sys.argv[1:]]\nfrom referee.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write('\\nMODULES ' + __import__('json').dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT
    )
    assert "MODULES " in done.stderr, done.stderr
    return set(json.loads(done.stderr.rsplit("MODULES ", 1)[1]))


@pytest.mark.parametrize("args", [["validate", str(SAMPLE)], ["show", str(SAMPLE)]])
def test_reading_a_sample_imports_neither_pyyaml_nor_rich(args: list[str]) -> None:
    """The samples are read without PyYAML (rapidyaml's tree, bench/RESULTS.md), and
    output into a pipe is drawn without rich."""
    modules = _modules_after(*args)
    assert "yaml" not in modules
    assert "rich" not in modules
    assert "referee.core.phases.movement" not in modules
    command = f"referee.cli.cmd_{args[0]}"
    assert {m for m in modules if m.startswith("referee.cli.cmd_")} == {command}


def test_adjudicating_imports_the_phase_it_applies_only(tmp_path: Path) -> None:
    modules = _modules_after(
        "adjudicate", str(SAMPLE), str(ORDERS), "-o", str(tmp_path / "out.yaml"), "--new-game"
    )
    assert (tmp_path / "out.yaml").exists()
    assert "referee.core.phases.activation" in modules
    assert (
        not {"referee.core.phases.movement", "referee.core.phases.combat", "yaml", "rich"} & modules
    )
    # the replay is for what replays, OpenSSL for what signs or rolls (bench/RESULTS.md);
    # the report's texts are one part of the catalogue, its phase's another
    assert not {"referee.play.verify", "referee.play.rechain", "hashlib"} & modules
    texts = {m for m in modules if m.startswith("referee.render.catalogue.")}
    assert texts == {f"referee.render.catalogue.{name}" for name in ("ui", "activation")}


@pytest.mark.parametrize(
    ("args", "code", "out", "err"),
    [
        (["validate", str(SAMPLE)], 0, "valid state", ""),
        (["validate", "no-such-file.yaml"], 6, "", "cannot read"),
        (["validatee"], 2, "", "Did you mean 'validate'?"),
        (["--version"], 0, "referee ", ""),
        (["validate", "no-such-file.yaml", "--json"], 6, '"exit_code": 6', ""),
    ],
)
def test_the_program_exits_with_its_status_and_its_output_flushed(
    args: list[str], code: int, out: str, err: str
) -> None:
    """``python -m referee`` (and the ``referee`` script: ``referee.entry.run``) leaves
    without the interpreter's teardown: the same status, every byte written."""
    done = subprocess.run(
        [sys.executable, "-m", "referee", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": ""},
    )
    assert done.returncode == code, done.stderr
    assert out in done.stdout and err in done.stderr
    assert done.stdout.endswith("\n") or not done.stdout


def test_the_program_exits_as_usual_when_something_waits_for_the_exit(tmp_path: Path) -> None:
    """Under a tracer or a profiler (coverage, cProfile: they report from an ``atexit``
    function) the interpreter exits as usual."""
    code = (
        "import atexit, sys\natexit.register(lambda: print('atexit ran'))\n"
        "sys.settrace(lambda *args: None)\n"
        "sys.argv = ['referee', 'validate', sys.argv[1]]\nfrom referee.entry import run\n"
        "run()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(SAMPLE)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("atexit ran\n")


def test_importing_the_cli_leaves_the_collector_alone() -> None:
    """Only the program (``referee.entry.run``) turns the cyclic collector off."""
    code = "import gc\nimport referee.cli\nfrom referee.cli import app\nprint(gc.isenabled())\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout == "True\n", done.stderr

"""Running the CLI through its real entry point (``referee.cli.main``)."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


@dataclass
class Run:
    code: int
    out: str
    err: str


def referee(*args: str, stdin: str | bytes | None = None) -> Run:
    """Run the CLI in-process; ``stdin`` as text, or as bytes (read through a text stream
    with a ``buffer``, like a real process's standard input)."""
    out, err = io.StringIO(), io.StringIO()
    old_argv, old_stdin = sys.argv, sys.stdin
    sys.argv = ["referee", *map(str, args)]
    if isinstance(stdin, bytes):
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="surrogateescape")
    elif stdin is not None:
        sys.stdin = io.StringIO(stdin)
    code = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
    return Run(code, out.getvalue(), err.getvalue())


def small_state(ruleset: str = "thucidide") -> dict[str, Any]:
    """A small legal state, as file data, for CLI and validation tests."""
    return {
        "format": "referee-state/1",
        "ruleset": ruleset,
        "game": "test-game",
        "turn": 1,
        "player": "red",
        "phase": "activation",
        "dice": {"mode": "open", "seed": "test-seed"},
        "map": {
            "columns": 10,
            "rows": 8,
            "default_terrain": "clear",
            "terrain": {"0404": "wood", "0606": "hill"},
            "hexsides": [{"between": ["0502", "0503"], "type": "river"}],
            "roads": [["0101", "0102", "0103", "0104"]],
        },
        "sides": {
            "red": {
                "name": "Red",
                "edge": "S",
                "exits": [],
                "entry_points": [],
                "camp": {"at": "0508"},
                "order_tokens": 0,
                "leaders": [
                    {
                        "id": "RG",
                        "name": "Red general",
                        "rank": "general",
                        "command_value": 2,
                        "at": "0507",
                    }
                ],
                "units": [
                    {
                        "id": "R1",
                        "type": "infanterie",
                        "weight": "medium",
                        "at": "0305",
                        "facing": "N",
                        "cohesion": {"current": 3, "max": 3},
                        "factors": {"shooting": 0, "range": 0, "assault": 2, "melee": 2},
                    },
                    {
                        "id": "R2",
                        "type": "cavalerie",
                        "weight": "light",
                        "at": "0405",
                        "facing": "N",
                        "cohesion": {"current": 2, "max": 2},
                        "factors": {"shooting": 1, "range": 2, "assault": 2, "melee": 1},
                    },
                ],
            },
            "blue": {
                "name": "Blue",
                "edge": "N",
                "exits": [],
                "entry_points": [],
                "camp": {"at": "0501"},
                "order_tokens": 0,
                "leaders": [
                    {
                        "id": "BG",
                        "name": "Blue general",
                        "rank": "general",
                        "command_value": 1,
                        "at": "0502",
                    }
                ],
                "units": [
                    {
                        "id": "B1",
                        "type": "infanterie",
                        "weight": "heavy",
                        "at": "0303",
                        "facing": "S",
                        "cohesion": {"current": 4, "max": 4},
                        "factors": {"shooting": 0, "range": 0, "assault": 3, "melee": 3},
                    },
                ],
            },
        },
    }


def write(path: Path, data: Any) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path

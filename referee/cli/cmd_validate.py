"""`referee validate`: is this state (and these orders) well formed and legal?"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer

from referee import errors
from referee.cli.app import (
    HouseOpt,
    JsonOpt,
    app,
    emit_json,
)
from referee.cli.hints import file_format
from referee.core.model import Problem


@app.command()
def validate(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    orders: Annotated[list[str] | None, typer.Argument(help="Orders file(s) to check too.")]
    = None,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Is this state (and these orders) well formed and legal? Lists every problem."""
    from referee.io.files import load_game, load_orders

    report: list[dict[str, Any]] = []
    failed: list[Problem] = []
    exit_codes: set[int] = set()
    paths: list[str] = []
    # several states may be given at once: `referee validate samples/*.yaml`
    order_paths: list[str] = []
    scenario_paths: list[str] = []  # scenarios (`referee new`) are checked on their own
    for extra in (state, *(orders or [])):
        if extra != "-" and file_format(extra) == "referee-scenario":
            scenario_paths.append(extra)
            continue
        (order_paths if extra != "-" and _looks_like_orders(extra) else paths).append(extra)
    for path in scenario_paths:
        from referee.io.scenario import load_scenario

        try:
            load_scenario(path)
            report.append({"file": path, "kind": "scenario", "valid": True, "problems": []})
        except errors.RefereeError as exc:
            failed.extend(exc.problems)
            exit_codes.add(exc.exit_code)
            report.append({"file": path, "kind": "scenario", "valid": False,
                           "problems": [_problem_json(p) for p in exc.problems]})
    if not paths and order_paths:
        raise errors.InvalidInput(Problem("", "orders are checked against a game state",
                                          "give the state file first", file=order_paths[0]))
    games: dict[str, Any] = {}
    for path in paths:
        try:
            games[path] = load_game(path, house_rules)
            report.append({"file": path, "kind": "state", "valid": True, "problems": []})
        except errors.RefereeError as exc:
            failed.extend(exc.problems)
            exit_codes.add(exc.exit_code)
            report.append({"file": path, "kind": "state", "valid": False,
                           "problems": [_problem_json(p) for p in exc.problems]})
    for path in order_paths:
        game = _state_for_orders(path, games)
        if game is None:
            continue
        try:
            load_orders(path, game.state)
            report.append({"file": path, "kind": "orders", "valid": True, "problems": []})
        except errors.RefereeError as exc:
            failed.extend(exc.problems)
            exit_codes.add(exc.exit_code)
            report.append({"file": path, "kind": "orders", "valid": False,
                           "problems": [_problem_json(p) for p in exc.problems]})
    if json_out:
        emit_json({"valid": not failed, "files": report})
    else:
        for entry in report:
            if entry["valid"]:
                sys.stdout.write(f"{entry['file']}: valid {entry['kind']}\n")
        for problem in failed:
            sys.stderr.write(f"referee: {problem.render()}\n")
    if failed:
        # by class, never by message: an unreadable file (6) outranks an invalid one (3)
        worst = errors.EXIT_IO if errors.EXIT_IO in exit_codes else max(exit_codes)
        raise SystemExit(worst)


def _state_for_orders(orders_path: str, games: dict[str, Any]) -> Any:
    """With several states on the line (`validate samples/*.yaml`), check an orders
    file against the state whose file name shares the longest prefix with it."""
    if not games:
        return None
    name = os.path.basename(orders_path)

    def shared(state_path: str) -> int:
        stem = os.path.splitext(os.path.basename(state_path))[0]
        n = 0
        while n < min(len(stem), len(name)) and stem[n] == name[n]:
            n += 1
        return n

    return games[max(games, key=shared)]


def _looks_like_orders(path: str) -> bool:
    if path == "-":
        return True
    import re

    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read(1 << 20)
    except OSError:
        return False
    return re.search(r"^format:\s*[\"']?referee-orders/", text, re.MULTILINE) is not None


def _problem_json(p: Problem) -> dict[str, Any]:
    return {"file": p.file, "line": p.line, "path": p.path, "message": p.message, "hint": p.hint}

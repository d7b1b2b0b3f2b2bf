"""JSON views of a game for scripts (``show --json``)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import asdict

from referee.core.army import ArmyStatus
from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.io.state import write_state


def army_json(status: ArmyStatus) -> dict[str, Any]:
    data = asdict(status)  # (not recursive: its loss lines are made dicts here)
    data["lines"] = [dict(asdict(line), ids=list(line.ids)) for line in status.lines]
    data["not_counted"] = list(status.not_counted)
    data["source"] = data.pop("rule")
    return data


def show_json(state: GameState, rs: Ruleset, statuses: list[ArmyStatus]) -> dict[str, Any]:
    data = write_state(state, with_history=False)
    data["armies"] = {s.side: army_json(s) for s in statuses}
    data["ruleset_title"] = rs.title
    return data


def report_json(
    before: GameState, outcome: Any, written: str | None, dry_run: bool, discarded: bool
) -> dict[str, Any]:
    """The documented JSON report of `adjudicate` (see docs/json.md)."""
    new = outcome.state
    return {
        "report_format": "referee-report/1",
        "applied": {"turn": before.turn, "player": before.player, "phase": before.phase},
        "next": {"turn": new.turn, "player": new.player, "phase": new.phase},
        "written": written,
        "dry_run": dry_run,
        "discarded": discarded,
        "refused": len(outcome.refused),
        "events": [e.to_json() for e in outcome.events],
        "rolls": [
            {"index": r.index, "value": r.value, "purpose": r.purpose} for r in outcome.rolls
        ],
        "result": dict(new.result) if new.result is not None else None,
    }

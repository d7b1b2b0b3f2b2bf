"""The actions of one phase, as the maps draw them: move paths, attacks (melee and
shooting), retreats and evasions, routs, pursuits, cohesion lost, units removed.

Built from the events of the phase (the engine's record: ``adjudicate``'s outcome,
or a history entry replayed by ``referee.play.verify.replay_game``) and the position before
it (for the units the phase removed). Each action carries the number of its ruling in
the report, so that a map and the rulings beside it point at each other."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from msgspec import Struct, field

from referee.core.events import Event
from referee.core.hexgrid import Grid, Hex
from referee.core.model import GameState, Unit

MOVE, RETREAT, PURSUIT, MELEE, SHOOTING, ROUT, FURY = (
    "move",
    "retreat",
    "pursuit",
    "melee",
    "shooting",
    "rout",
    "fury",
)
KINDS: tuple[str, ...] = (MOVE, RETREAT, PURSUIT, MELEE, SHOOTING, ROUT, FURY)

_PATHS = {
    "move.applied": MOVE,
    "move.entered": MOVE,
    "move.stopped": MOVE,
    "move.leader_applied": MOVE,
    "move.left_table": MOVE,
    "combat.retreat": RETREAT,
    "combat.evade": RETREAT,
    "pursuit.advance": PURSUIT,
    "pursuit.support": PURSUIT,
    "rout.elephant_fury": FURY,
}
_REMOVED = {"rout.unit", "rout.eliminated_no_move", "pursuit.light_infantry_eliminated"}
_LOSSES = {"combat.hit", "combat.retreat_blocked", "rout.cascade_loss", "rout.fury_loss"}


class Action(Struct):
    kind: str
    number: int  # the ruling's number in the report
    unit: str | None
    side: str | None
    hexes: list[Hex]  # a path (from first to last), or (attacker, target)
    text: str = ""  # the ruling, for tooltips


class PhaseActions(Struct):
    actions: list[Action] = field(default_factory=list)
    losses: dict[str, int] = field(default_factory=dict)  # unit id -> cohesion lost
    removed: dict[str, tuple[Unit, Hex]] = field(default_factory=dict)  # ghosts
    numbers: dict[str, list[int]] = field(default_factory=dict)  # unit -> its rulings

    def kinds(self) -> list[str]:
        present = {a.kind for a in self.actions}
        return [k for k in KINDS if k in present]


def _hex(grid: Grid, label: Any) -> Hex | None:
    if not isinstance(label, str):
        return None
    try:
        h = Hex.from_label(label)
    except (ValueError, TypeError):
        return None
    return h


def _side_of(state: GameState, uid: str | None) -> str | None:
    if uid is None:
        return None
    unit = state.find_unit(uid)
    if unit is not None:
        return unit.side
    leader = state.find_leader(uid)
    if leader is not None:
        return leader.side
    for side in state.sides:
        if any(u.id == uid for u in side.off_table):
            return side.id
    return None


def phase_actions(
    before: GameState, events: Sequence[Event], texts: Iterable[str] | None = None
) -> PhaseActions:
    """The drawable actions of a phase. ``texts``: the ruling sentences, in the order of
    the rulings (events other than ``army.status``), for tooltips."""
    grid = before.map.grid
    sentences = list(texts or [])
    out = PhaseActions()
    n = 0
    for event in events:
        if event.code == "army.status":
            continue
        n += 1
        text = sentences[n - 1] if n - 1 < len(sentences) else ""
        data = event.data
        uid = event.subject
        side = _side_of(before, uid)
        if uid is not None:
            out.numbers.setdefault(uid, []).append(n)
        kind = _PATHS.get(event.code)
        if kind is not None:
            labels: list[Any]
            if event.code == "rout.elephant_fury":
                start = before.find_unit(uid or "")
                labels = [
                    start.at.label(grid.width) if start and start.at else None,
                    *(data.get("hexes") or []),
                ]
            else:
                labels = [data.get("from"), *(data.get("path") or [])]
                if len(labels) == 1:
                    labels.append(data.get("to"))
            hexes = [h for h in (_hex(grid, lab) for lab in labels) if h is not None]
            if len(hexes) >= 2:
                out.actions.append(Action(kind, n, uid, side, hexes, text))
        elif event.code == "combat.attack":
            a, b = _hex(grid, data.get("from")), _hex(grid, data.get("at"))
            if a is not None and b is not None:
                target = data.get("target")
                if isinstance(target, str):
                    out.numbers.setdefault(target, []).append(n)
                out.actions.append(
                    Action(
                        SHOOTING if data.get("kind") == "shooting" else MELEE,
                        n,
                        uid,
                        side,
                        [a, b],
                        text,
                    )
                )
        if event.code in _LOSSES and uid is not None:
            before_c, after_c = data.get("cohesion_before"), data.get("cohesion_after")
            if isinstance(before_c, int) and isinstance(after_c, int) and before_c > after_c:
                out.losses[uid] = out.losses.get(uid, 0) + before_c - after_c
        if event.code in _REMOVED and uid is not None:
            unit = before.find_unit(uid)
            at = _hex(grid, data.get("at"))
            if unit is not None and at is not None:
                out.removed[uid] = (unit, at)
                out.actions.append(Action(ROUT, n, uid, unit.side, [at], text))
    return out

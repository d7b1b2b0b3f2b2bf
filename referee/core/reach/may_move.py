"""May this unit (or this leader alone) move now? The checks are written once, here:
the movement phase refuses an order with them, ``referee moves`` says why a unit cannot
move with them, so the two can never disagree."""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.events import Refusal
from referee.core.hexgrid import Hex
from referee.core.model import PURSUIT_CONTACT, Activation, Leader, Phase, Unit
from referee.core.reach.rules import Rules
from referee.core.reach.step import REFUSED

MOVE_PHASES: tuple[Phase, ...] = ("activation", "movement")  # a preview before the movement phase


def _phase(rules: Rules, phase: Phase | None) -> Refusal | None:
    """Nothing moves outside the movement phase (``referee moves`` asked at another;
    the movement phase itself passes None)."""
    if phase is not None and phase not in MOVE_PHASES:
        return Refusal(REFUSED, "wrong_phase", rules.cite_chapter(), {"phase": phase})
    return None


def unit_may_move(
    rules: Rules, unit: Unit, player: str, phase: Phase | None = None
) -> Refusal | None:
    """A unit on the table, or a reinforcement waiting off it (``unit.at`` is None)."""
    if unit.side != player:
        return Refusal(
            REFUSED, "not_own_unit", rules.cite_chapter(), {"side": unit.side, "player": player}
        )
    wrong_phase = _phase(rules, phase)
    if wrong_phase is not None:
        return wrong_phase
    if unit.has_status("moved"):
        return Refusal(REFUSED, "already_moved", rules.cite_chapter())
    if unit.has_status("pre_played") and rules.pre_played_cannot_move:
        return Refusal(REFUSED, "pre_played", rules.rs.movement_rules.pre_played_cannot_move.source)
    if PURSUIT_CONTACT in unit.status:
        # "Les unités restent en contact ... le combat sera résolu lors de la phase de
        # mêlée du tour suivant" (001 §Poursuite): held until its melee
        return Refusal(
            REFUSED,
            "in_pursuit_contact",
            rules.rs.pursuit.cite.pursuit,
            {
                "contacts": sorted(
                    s[len(PURSUIT_CONTACT) + 1 :]
                    for s in unit.status
                    if s.startswith(PURSUIT_CONTACT + ":")
                )
            },
        )
    if not unit.has_status("activated"):
        # a reinforcement must be activated to enter (000 / 003 / 004 §Troupes hors table)
        rule = rules.cite_off_table() if unit.at is None else rules.cite_chapter()
        return Refusal(REFUSED, "not_activated", rule)
    return None


def leader_activated(leader_id: str, activations: Iterable[Activation]) -> bool:
    """A leader moves alone only if he led an activation or was named in one."""
    return any(a.leader == leader_id or leader_id in a.units for a in activations)


def leader_may_move(
    rules: Rules,
    leader: Leader,
    at: Hex | None,
    player: str,
    activations: Iterable[Activation],
    moved: bool = False,
    phase: Phase | None = None,
) -> Refusal | None:
    """A leader moving alone (``at``: where he stands, with his unit if attached)."""
    if leader.side != player:
        return Refusal(
            REFUSED, "not_own_unit", rules.cite_chapter(), {"side": leader.side, "player": player}
        )
    wrong_phase = _phase(rules, phase)
    if wrong_phase is not None:
        return wrong_phase
    if not leader.on_table or at is None:
        return Refusal(
            REFUSED, "leader_unavailable", rules.cite_chapter(), {"status": sorted(leader.status)}
        )
    if moved:
        return Refusal(REFUSED, "already_moved", rules.cite_chapter())
    if not leader_activated(leader.id, activations):
        return Refusal(
            REFUSED,
            "leader_not_activated",
            f"{rules.cite_chapter()}; {rules.rs.activation.cite.leader_alone}",
        )
    return None

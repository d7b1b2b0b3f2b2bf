"""Army cohesion, losses and break point (001 §Déroute de l'armée)."""

from __future__ import annotations

from msgspec import Struct

from referee.core.model import GameState, LeaderStatus, Side
from referee.core.ruleset import Ruleset


class LossLine(Struct, frozen=True):
    what: str  # disordered | left_table | eliminated | general_lost | camp_taken
    count: int
    points_each: int | None  # None when points vary (generals: 1 + command value)
    points: int
    ids: tuple[str, ...] = ()


class ArmyStatus(Struct, frozen=True):
    side: str
    cohesion: int  # units present (on the table or removed from it), expendable excluded
    not_counted: tuple[str, ...]  # off-table / flank march units, expendable units
    losses: int
    lines: tuple[LossLine, ...]
    broken: bool
    rule: str = ""  # where the army break is written (the ruleset's army_break.cite)

    @property
    def margin(self) -> int:
        return self.cohesion - self.losses


_LOST: frozenset[LeaderStatus] = frozenset({"killed", "lost"})


def army_status(side: Side, rs: Ruleset) -> ArmyStatus:
    """Count cohesion and losses of one army as 001 does.

    One pass over the units and one over the removed ones (this runs for both sides
    after every phase: a long game's ``verify`` called it 800 times, bench/RESULTS.md);
    every tuple keeps the order of the army's lists."""
    counted_units: list[str] = []  # of side.units, expendable units excluded
    expendable_units: list[str] = []
    disordered_ids: list[str] = []
    for u in side.units:
        if "expendable" in u.traits:
            expendable_units.append(u.id)
        else:
            counted_units.append(u.id)
            if u.has_status("disordered"):
                disordered_ids.append(u.id)
    counted_removed = 0
    expendable_removed: list[str] = []
    left_ids: list[str] = []
    eliminated_ids: list[str] = []
    for r in side.removed:
        unit = r.unit
        if "expendable" in unit.traits:
            expendable_removed.append(unit.id)
            continue
        counted_removed += 1
        if r.why == "left_table":
            left_ids.append(unit.id)
        elif r.why == "eliminated":
            eliminated_ids.append(unit.id)
    not_counted = (*(u.id for u in side.off_table), *expendable_units, *expendable_removed)
    cohesion = len(counted_units) + counted_removed
    ab = rs.army_break
    w_dis = ab.loss_disordered.value
    w_left = ab.loss_left_table.value
    w_elim = ab.loss_eliminated.value
    w_gen = ab.loss_general_base.value
    w_camp = ab.loss_camp_taken.value
    disordered = tuple(disordered_ids)
    left = tuple(left_ids)
    eliminated = tuple(eliminated_ids)
    generals = [lead for lead in side.leaders if not _LOST.isdisjoint(lead.status)]
    lines = [
        LossLine("disordered", len(disordered), w_dis, w_dis * len(disordered), disordered),
        LossLine("left_table", len(left), w_left, w_left * len(left), left),
        LossLine("eliminated", len(eliminated), w_elim, w_elim * len(eliminated), eliminated),
        LossLine(
            "general_lost",
            len(generals),
            None,
            sum(w_gen + lead.command_value for lead in generals),
            tuple(lead.id for lead in generals),
        ),
        LossLine("camp_taken", int(side.camp.taken), w_camp, w_camp * int(side.camp.taken)),
    ]
    losses = sum(line.points for line in lines)
    # 001 writes both "pertes supérieures à sa cohésion" and "supérieur ou égal": the
    # ruleset says which (army_break.breaks_when_losses_reach_cohesion, default >=).
    at_cohesion = ab.breaks_when_losses_reach_cohesion.value
    broken = cohesion > 0 and (losses >= cohesion if at_cohesion else losses > cohesion)
    return ArmyStatus(
        side=side.id,
        cohesion=cohesion,
        not_counted=not_counted,
        losses=losses,
        lines=tuple(lines),
        broken=broken,
        rule=ab.cite.army_break,
    )


def armies(state: GameState, rs: Ruleset) -> list[ArmyStatus]:
    return [army_status(s, rs) for s in state.sides]

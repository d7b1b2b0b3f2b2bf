"""Leaders waiting off the table with reinforcements (000 / 003 / 004 §Troupes hors
table: « Elles [doivent] être activées (et donc être accompagnées d'un chef qui, s'il
est un sous-général, n'est pas obligé de rentrer) »).

A leader waits off the table in one of two ways:

* **attached to an off-table unit** (``attached_to`` names a unit of his side's
  ``off_table``): he stands with it on the fictitious hex just outside the table, so his
  command range is counted from his side's entry points (0 to the reinforcements he
  waits with), and he enters with his unit (an attached leader moves with it). Any rank;
* **at one of his side's entry points** (``at`` is that hex, just outside the table,
  attached to nothing): he activates the reinforcements from there (distance 0 to
  them), and he need not enter with them: he stays off the table until he moves alone
  onto it (his path starts from that entry point). Only the ranks of
  ``movement_rules.may_stay_off_table`` (the sub-general) may wait this way; any other rank
  accompanies the reinforcements attached to one of them.

``validate`` calls :func:`leader_problems`; the activation phase and ``referee orders``
read :func:`waits_with`.
"""

from __future__ import annotations

from referee.core.hexgrid import Grid, Hex
from referee.core.model import GameState, Leader, Problem, Side
from referee.core.ruleset import Ruleset


def waits_with(leader: Leader, off_table: dict[str, str]) -> str | None:
    """The off-table unit a leader is attached to (``off_table``: unit id -> side), if
    he waits off the table with one."""
    if leader.attached_to is not None and leader.attached_to in off_table:
        return leader.attached_to
    return None


def outside(grid: Grid, leader: Leader) -> bool:
    """A leader attached to nothing who stands outside the table (at an entry point)."""
    return (
        leader.attached_to is None
        and leader.at is not None
        and leader.on_table
        and not grid.contains(leader.at)
    )


def leader_problems(
    state: GameState, rs: Ruleset, side: Side, leader: Leader, path: str
) -> list[Problem] | None:
    """The problems of a leader waiting off the table (an empty list: he may), or None
    when he does not wait off the table (the usual checks apply)."""
    grid = state.map.grid
    width = grid.width
    if leader.attached_to is not None:
        owners = {u.id: s.id for s in state.sides for u in s.off_table}
        owner = owners.get(leader.attached_to)
        if owner is None:
            return None
        if owner != side.id:
            return [
                Problem(
                    f"{path}.attached_to",
                    code="state.attached_to_enemy",
                    data={"unit": leader.attached_to, "owner": owner, "side": side.id},
                )
            ]
        return []
    if leader.at is None or not leader.on_table or grid.contains(leader.at):
        return None
    label = leader.at.label(width)
    source = rs.movement_rules.may_stay_off_table.source
    if leader.at not in side.entry_points:
        return [
            Problem(
                f"{path}.at",
                code="state.off_map",
                data={
                    "hex": label,
                    "hint_code": "leader_off_table",
                    "rule": source,
                    "points": [h.label(width) for h in side.entry_points],
                },
            )
        ]
    if leader.rank not in rs.movement_rules.may_stay_off_table.value:
        return [
            Problem(
                f"{path}.at",
                code="state.leader_may_not_wait",
                data={
                    "rank": leader.rank,
                    "hex": label,
                    "rule": source,
                    "ranks": sorted(rs.movement_rules.may_stay_off_table.value),
                },
            )
        ]
    return []


def escort(
    state: GameState, rs: Ruleset, side: Side, unit_id: str
) -> tuple[tuple[Hex, ...], str | None]:
    """The entry points an activated reinforcement may enter by, and the leader who
    accompanies it (000 / 003 / 004 §Troupes hors table: « Elles [doivent] être activées
    (et donc être accompagnées d'un chef...) »), from the position at the start of the
    movement phase (``state``): the entry points within the command range of the leader
    whose activation named it; the one he waits at, for a leader waiting off the table
    at an entry point; every one for a leader attached to an off-table unit (he stands
    with it on the fictitious hex and enters with it, docs/movement.md). A unit no
    activation of the player-turn names (a state written by hand) may enter by any."""
    points = side.entry_points
    activation = next((a for a in side.activations if unit_id in a.units), None)
    if activation is None:
        return points, None
    leader = next((lead for lead in side.leaders if lead.id == activation.leader), None)
    if leader is None:
        return points, None
    if waits_with(leader, {u.id: side.id for u in side.off_table}) is not None:
        return points, leader.id
    if outside(state.map.grid, leader):
        return ((leader.at,) if leader.at in points else points), leader.id
    at = leader.at
    if leader.attached_to is not None:
        carrier = side.unit(leader.attached_to)
        at = carrier.at if carrier is not None else None
    rank = rs.leaders.ranks.get(leader.rank)
    if at is None or rank is None:
        return points, None
    return tuple(e for e in points if at.distance(e) <= rank.command_range), leader.id

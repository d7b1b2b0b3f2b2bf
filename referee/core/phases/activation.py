"""The activation (command) phase: facts of the Thucidide rules (RULES.md), shared by
Panache and Frédéric; numbers from the ruleset's ``leaders`` and ``activation``.

An order ``Activate(leader, units)`` activates the units it names (status
``activated``, and ``board.activations[side]``). It is checked as a whole and is
**all or nothing**: if any part is illegal (a unit out of range, one unit too many,
a unit already activated...) the whole activation is refused, one ``activation.refused``
event per defect, and nothing changes; the player rewrites it (no auto-correction:
the referee does not pick which units to drop). The activation does not count
against the number allowed when it is refused.

Rules applied:

* number of activations and units per activation by army size (units of the side
  on the table): ``activation.bands``; a unit is activated at most once per
  player-turn; a leader leads at most one activation;
* command range by rank (``leaders.ranks.<rank>.command_range``), counted to the
  target's hex, not the leader's: range 1 = adjacent;
* an isolated character (a leader not attached to a unit) named in an activation
  is activated at any distance (``activation.isolated_any_distance``); leaders
  named do not count against the number of units;
* a leader moves alone only when activated: by leading an activation (an
  activation may name no unit at all: the leader activates himself only, which
  uses one of the activations allowed) or by being named in one;
* an off-table reinforcement (``side.off_table``) stands on the fictitious hex
  just outside the table it enters from (000 §Troupes hors table): its distance is
  measured from the leader to the nearest of its side's ``entry_points``;
* a leader waiting off the table with them (``referee.core.offtable``): attached to one
  of them, he stands on that fictitious hex too (distance 0 to them, the nearest entry
  point to units on the table); at an entry point, his distances are counted from it.
"""

from __future__ import annotations

from typing import Any

from referee.core.board import Board
from referee.core.dice import Dice
from referee.core.events import INFO, Event, Refusal
from referee.core.hexgrid import Hex
from referee.core.model import Activation, Unit
from referee.core.offtable import waits_with
from referee.core.orders import Activate, OrderSet
from referee.core.ruleset import Ruleset

REFUSED = "activation.refused"


def apply(board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> list[Event]:
    side = board.base.player
    width = board.grid.width
    events: list[Event] = []
    army_units = len(board.unit_order[side])
    band = rs.activation.band(army_units)
    allowed, max_units, band_source = band.activations, band.max_units, band.source
    ranks = rs.leaders.ranks
    isolated_any = rs.activation.isolated_any_distance.value
    isolated_rule = rs.activation.isolated_any_distance.source
    once_rule = rs.activation.once_per_player_turn.source
    reinforcement_rule = rs.movement_rules.cite.off_table
    chapter_rule = rs.movement_rules.cite.chapter
    entry_points = board.sides[side].entry_points
    activations = board.activations.setdefault(side, [])
    off_table_ids = {u.id: u.side for units in board.off_table.values() for u in units}

    def origin(leader_hex: Hex | None, waiting_with: str | None) -> bool:
        return leader_hex is not None or (waiting_with is not None and bool(entry_points))

    def nearest(leader_hex: Hex | None, waiting_with: str | None, target: Hex) -> tuple[Hex, int]:
        """Where the leader's range is counted from, and the distance: his hex, or for a
        leader waiting off the table with a reinforcement the nearest entry point."""
        if leader_hex is not None:
            return leader_hex, leader_hex.distance(target)
        entry = min(entry_points, key=lambda e: (e.distance(target), e.label(width)))
        return entry, entry.distance(target)

    used_leaders = {a.leader for a in activations}
    activated_ids = {u for a in activations for u in a.units}

    for index, order in enumerate(orders.orders):
        if not isinstance(order, Activate):
            events.append(
                Refusal(REFUSED, "wrong_order", chapter_rule).event(
                    getattr(order, "unit", None), index
                )
            )
            continue
        defects: list[tuple[str, Refusal]] = []  # (subject, refusal)
        defect = _Defects(defects)

        lid = order.leader
        leader = board.leaders.get(lid)
        leader_hex = None
        waiting_with = None  # the off-table unit the leader waits with, attached to it
        command_range = 0
        rank_rule = band_source
        if leader is None:
            defect(lid, "unknown_leader", band_source)
        elif leader.side != side:
            defect(lid, "not_own_leader", band_source, side=leader.side, player=side)
        else:
            rank = ranks.get(leader.rank)
            command_range = rank.command_range if rank is not None else 0
            rank_rule = rank.source if rank is not None else band_source
            leader_hex = board.leader_hex(leader)
            waiting_with = waits_with(leader, off_table_ids)
            if waiting_with is not None and entry_points:
                # with his reinforcement on the fictitious hex just outside the table:
                # counted from the entry points (000 / 003 / 004 §Troupes hors table)
                leader_hex = None
            if not leader.on_table or (
                leader_hex is None and (waiting_with is None or not entry_points)
            ):
                defect(lid, "leader_unavailable", rank_rule, status=sorted(leader.status))
            elif lid in used_leaders:
                defect(lid, "leader_already_used", once_rule)
            elif lid in activated_ids:
                defect(lid, "leader_already_activated", once_rule)
        if len(activations) >= allowed:
            defect(
                lid, "too_many_activations", band_source, activations=allowed, army_units=army_units
            )
        unit_count = sum(1 for u in order.units if u not in board.leaders)
        if unit_count > max_units:
            defect(
                lid,
                "too_many_units",
                band_source,
                units=unit_count,
                max_units=max_units,
                army_units=army_units,
            )
        distances: dict[str, int] = {}
        reinforcements: list[str] = []
        named_leaders: list[str] = []
        seen: set[str] = set()
        for uid in order.units:
            if uid in seen or uid == lid:
                defect(uid, "listed_twice", once_rule)
                continue
            seen.add(uid)
            if uid in activated_ids or uid in used_leaders:
                defect(uid, "already_activated", once_rule)
                continue
            unit = board.units.get(uid)
            if unit is not None:
                if unit.side != side:
                    defect(uid, "not_own_unit", band_source, side=unit.side, player=side)
                elif unit.has_status("activated"):
                    defect(uid, "already_activated", once_rule)
                elif origin(leader_hex, waiting_with) and unit.at is not None:
                    where, d = nearest(leader_hex, waiting_with, unit.at)
                    distances[uid] = d
                    if d > command_range:
                        rule = (
                            rank_rule
                            if waiting_with is None
                            else f"{rank_rule}; {reinforcement_rule}"
                        )
                        defect(
                            uid,
                            "out_of_range",
                            rule,
                            distance=d,
                            range=command_range,
                            rank=leader.rank if leader else None,
                            at=unit.at.label(width),
                            leader_at=where.label(width),
                        )
                continue
            waiting = _off_table(board, uid)
            if waiting is not None:
                if waiting.side != side:
                    defect(uid, "not_own_unit", band_source, side=waiting.side, player=side)
                elif waiting.has_status("activated"):
                    defect(uid, "already_activated", once_rule)
                elif not entry_points:
                    defect(uid, "no_entry_point", reinforcement_rule)
                elif waiting_with is not None:  # he waits with them: distance 0
                    distances[uid] = 0
                    reinforcements.append(uid)
                elif leader_hex is not None:
                    entry = min(
                        entry_points, key=lambda e: (leader_hex.distance(e), e.label(width))
                    )
                    d = leader_hex.distance(entry)
                    distances[uid] = d
                    reinforcements.append(uid)
                    if d > command_range:
                        # measured to the fictitious hex just outside the table
                        defect(
                            uid,
                            "out_of_range",
                            f"{rank_rule}; {reinforcement_rule}",
                            distance=d,
                            range=command_range,
                            rank=leader.rank if leader else None,
                            at=entry.label(width),
                            leader_at=leader_hex.label(width),
                            entry_point=True,
                        )
                continue
            other = board.leaders.get(uid)
            if other is not None:
                other_hex = board.leader_hex(other)
                if other.side != side:
                    defect(uid, "not_own_leader", band_source, side=other.side, player=side)
                elif not other.on_table or other_hex is None:
                    defect(uid, "leader_unavailable", rank_rule, status=sorted(other.status))
                elif origin(leader_hex, waiting_with):
                    where, d = nearest(leader_hex, waiting_with, other_hex)
                    distances[uid] = d
                    named_leaders.append(uid)
                    isolated = other.attached_to is None
                    if d > command_range and not (isolated and isolated_any):
                        # an attached character is not isolated: the range applies to him
                        defect(
                            uid,
                            "out_of_range",
                            f"{rank_rule}; {isolated_rule}",
                            distance=d,
                            range=command_range,
                            rank=leader.rank if leader else None,
                            at=other_hex.label(width),
                            leader_at=where.label(width),
                        )
                continue
            if any(r.unit.id == uid for rs_ in board.removed.values() for r in rs_):
                defect(uid, "removed", band_source)
            else:
                defect(uid, "unknown_unit", band_source)
        if defects:
            for subject, refusal in defects:
                events.append(refusal.with_data(leader=lid).event(subject, index))
            continue
        assert leader is not None and (leader_hex is not None or waiting_with is not None)
        for uid in order.units:
            unit = board.units.get(uid)
            if unit is not None:
                board.put(unit.with_status("activated"))
        if reinforcements:
            board.off_table[side] = [
                u.with_status("activated") if u.id in reinforcements else u
                for u in board.off_table[side]
            ]
        activations.append(Activation(leader=lid, units=tuple(order.units)))
        used_leaders.add(lid)
        activated_ids.update(order.units)
        rule_parts = [rank_rule, band_source]
        if named_leaders and any(board.leaders[x].attached_to is None for x in named_leaders):
            rule_parts.append(isolated_rule)
        if named_leaders or unit_count == 0:  # leaders activated to move alone
            rule_parts.append(rs.activation.cite.leader_alone)
        if reinforcements or waiting_with is not None:
            rule_parts.append(reinforcement_rule)
        events.append(
            Event(
                "activation.applied",
                "; ".join(p for p in dict.fromkeys(rule_parts) if p),
                lid,
                {
                    "leader": lid,
                    "rank": leader.rank,
                    "rank_label": ranks[leader.rank].label if leader.rank in ranks else leader.rank,
                    "range": command_range,
                    "at": leader_hex.label(width) if leader_hex is not None else None,
                    "waits_with": waiting_with,
                    "units": [u for u in order.units if u not in board.leaders],
                    "leaders": named_leaders,
                    "reinforcements": reinforcements,
                    "size": unit_count,
                    "max_units": max_units,
                    "activation": len(activations),
                    "activations_allowed": allowed,
                    "army_units": army_units,
                    "distances": distances,
                },
                INFO,
                index,
            )
        )
    return events


class _Defects:
    """Collects every defect of one activation order (all are reported at once)."""

    def __init__(self, into: list[tuple[str, Refusal]]) -> None:
        self.into = into

    def __call__(self, subject: str, reason: str, rule: str, **data: Any) -> None:
        self.into.append((subject, Refusal(REFUSED, reason, rule, data)))


def _off_table(board: Board, unit_id: str) -> Unit | None:
    for units in board.off_table.values():
        for u in units:
            if u.id == unit_id:
                return u
    return None

"""The movement phase: 000 ch.3 (Thucidide), 003 ch.5 (Panache), 004 ch.3 (Frédéric).

Orders are applied in the order given, one unit at a time ("Le mouvement d'une unité
doit être terminé avant de passer à celui d'une autre unité"): each move sees the
board as the previous moves left it. Every cost, path and pass-through question is
answered by ``referee.core.reach``, the same code ``referee moves`` uses.

A refused order changes nothing for its unit (no auto-correction: a road march that
leaves the road is refused, not turned into an ordinary move); the other orders
still apply. At the end of the phase every ``pre_played`` token is removed (both
sides), and the phasing side's units that did not move get the status
``stationary`` (those that moved lose it); ``stationary`` wagon-borne infantry is
in its defensive position (003/004 §Infanterie montée) and an event says so.

Decisions (see docs/movement.md):

* a leader moves alone only if he is "activated" this player-turn: he led an
  activation, or was named in one (activation phase);
* a leader moving alone leaves the unit he was attached to and ends isolated, even
  in a friendly unit's hex; an attached leader moves with his unit;
* an ordered path into impassable terrain stops the unit in the hex before it
  (event ``move.stopped``); it has then moved (possibly 0 hexes). A reinforcement
  whose first hex is impassable is refused instead (it would stay off the table);
* a unit leaving the table takes its attached leaders with it (they are
  ``fled_off_table``: out of the game, not a loss).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from msgspec.structs import replace

from referee.core.board import Board
from referee.core.dice import Dice
from referee.core.events import INFO, LOSS, Event, Refusal
from referee.core.hexgrid import Hex
from referee.core.model import TURN_STATUSES, Leader, Unit
from referee.core.offtable import escort
from referee.core.orders import Move, OrderSet
from referee.core.reach.check import Plan, check_path, find_path
from referee.core.reach.field import Field
from referee.core.reach.may_move import leader_may_move, unit_may_move
from referee.core.reach.rules import Rules
from referee.core.reach.step import (
    REFUSED,
    Budget,
    Walker,
    allowance_rule,
    budget_for,
    budget_numbers,
    leader_mover,
    mover_numbers,
    path_rules,
    unit_mover,
)
from referee.core.ruleset import Ruleset


def apply(board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> list[Event]:
    phase = _MovementPhase(board, rs)
    events: list[Event] = []
    for index, order in enumerate(orders.orders):
        events.extend(phase.order(order, index))
    events.extend(phase.finish())
    return events


class _MovementPhase:
    def __init__(self, board: Board, rs: Ruleset) -> None:
        self.board = board
        self.rs = rs
        self.rules = Rules(rs)
        self.side = board.base.player
        self.width = board.grid.width
        self.field = Field(board.map, board.unit_at, board.leaders.values(), board.at)
        self.moved_units: set[str] = set()  # changed hex in this phase
        self.moved_leaders: set[str] = set()
        self.budgets: dict[tuple[str, str, bool], Budget] = {}  # move_unit's, by unit kind
        self.attached: dict[str, list[str]] = {}
        for lead in board.leaders.values():
            if lead.attached_to is not None and lead.on_table:
                self.attached.setdefault(lead.attached_to, []).append(lead.id)

    # -- helpers ----------------------------------------------------------------------
    def label(self, h: Hex | None) -> str | None:
        return self.field.label(h)

    def labels(self, hexes: Iterable[Hex]) -> list[str]:
        return self.field.labels(hexes)

    # -- one order ----------------------------------------------------------------------
    def order(self, order: object, index: int) -> list[Event]:
        rules = self.rules
        if not isinstance(order, Move):
            return [
                Refusal(REFUSED, "wrong_order", rules.cite_chapter()).event(
                    getattr(order, "unit", "?"), index
                )
            ]
        board = self.board
        uid = order.unit
        unit = board.units.get(uid)
        if unit is not None:
            return [self.move_unit(unit, order, index, entering=False)]
        waiting = board.find_off_table(uid)
        if waiting is not None:
            return [self.move_unit(waiting, order, index, entering=True)]
        leader = board.leaders.get(uid)
        if leader is not None:
            return [self.move_leader(leader, order, index)]
        for removed in board.removed.values():
            for r in removed:
                if r.unit.id == uid:
                    return [
                        Refusal(REFUSED, "removed", rules.cite_chapter(), {"why": r.why}).event(
                            uid, index
                        )
                    ]
        return [Refusal(REFUSED, "unknown_unit", rules.cite_chapter()).event(uid, index)]

    def plan(
        self, walker: Walker, budget: Budget, order: Move, current: Hex | None
    ) -> Plan | Refusal:
        if order.path is not None:
            return check_path(walker, budget, order.path)
        if order.to is not None:
            return find_path(walker, budget, order.to)
        if order.face is None or walker.mover.is_leader:
            return Refusal(REFUSED, "empty_move", self.rules.cite_chapter())
        return check_path(walker, budget, ())  # a change of facing in place

    def move_unit(self, unit: Unit, order: Move, index: int, entering: bool) -> Event:
        rules = self.rules
        rs = self.rs
        board = self.board
        uid = unit.id
        refusal = unit_may_move(rules, unit, self.side)
        if refusal is not None:
            return refusal.event(uid, index)
        side = board.sides[unit.side]
        if entering:
            points, leader = escort(board.base, rs, side, uid)
            mover = unit_mover(
                rules,
                unit,
                side.exits,
                points,
                leader,
                tuple(e for e in side.entry_points if e not in points),
            )
        else:
            mover = unit_mover(rules, unit, side.exits, side.entry_points)
        # a unit's budget depends on its cell (type, weight) and the order's road only,
        # unless the order is a mounted move (the unit's traits then count): kept
        key = (unit.type, unit.weight, order.road)
        kept = self.budgets.get(key) if not order.mounted else None
        if kept is not None:
            budget = kept
        else:
            found = budget_for(mover, rules, road=order.road, mounted=order.mounted)
            if isinstance(found, Refusal):
                return found.event(uid, index)
            budget = found
            if not order.mounted:
                self.budgets[key] = budget
        walker = Walker(self.field, rules, mover)
        plan = self.plan(walker, budget, order, unit.at)
        if isinstance(plan, Refusal):
            return plan.event(uid, index)
        data: dict[str, Any] = mover_numbers(mover, rules)  # a new dict, filled on
        self.plan_numbers(plan, data)
        data["from"] = self.label(unit.at if not entering else plan.entry)
        rule_parts = self.applied_rules(walker, plan, order, unit.at or plan.entry)
        crossed = self.crossed(plan, uid)
        if crossed:
            data["crossed"] = crossed
            other = board.units[crossed[0]]
            rule_parts.append(walker.cross_rule(other))
        carried = list(self.attached.get(uid, ()))
        if carried:
            data["leaders"] = carried
            rule_parts.append(rs.movement_rules.cite.attached_leaders)
        if plan.leaves:
            rule_parts.append(rules.cite_off_table())
            board.remove(uid, "left_table")
            for lead_id in carried:
                lead = board.leaders[lead_id]
                board.put_leader(
                    replace(
                        lead, at=None, attached_to=None, status=lead.status | {"fled_off_table"}
                    )
                )
            data["edges"] = list(plan.exit_edges)
            return Event(
                code="move.left_table",
                rule="; ".join(_unique(rule_parts)),
                subject=uid,
                data=data,
                severity=LOSS,
                order=index,
            )
        add = ["moved"]
        if not plan.keeps_combat:
            add.append("no_combat")
        if budget.road:
            add.append("road_march")
        if budget.mounted:
            add.append("mounted_move")
        end = plan.end if plan.end is not None else unit.at
        facing = order.face if order.face is not None else unit.facing
        moved = replace(
            unit,
            at=end,
            facing=facing,
            status=unit.status | set(add),
            moved_hexes=unit.moved_hexes + plan.hexes,
        )
        board.put(moved)
        if plan.hexes:
            self.moved_units.add(uid)
        for lead_id in carried:
            board.put_leader(replace(board.leaders[lead_id], at=end))
        data["facing"] = facing.name
        code = "move.applied"
        if entering:
            code = "move.entered"
            rule_parts.append(rules.cite_off_table())
        if plan.stopped is not None:
            code = "move.stopped"
            data.update(self.stopped_numbers(plan, order))
            rule_parts[:0] = [
                self.impassable_rule(plan.stopped),
                rs.movement_rules.cite.impassable_stops,
            ]
        return Event(
            code=code,
            rule="; ".join(_unique(rule_parts)),
            subject=uid,
            data=data,
            severity=INFO,
            order=index,
        )

    def applied_rules(
        self, walker: Walker, plan: Plan, order: Move, start: Hex | None
    ) -> list[str]:
        """Every rule an applied move applies: its allowance (table or leader row), the
        chapter (activated units move once, one at a time), what priced its path, the
        bonuses it took, the referee's path for a ``to`` order, a new facing."""
        rules = self.rules
        mr = self.rs.movement_rules
        mover = walker.mover
        parts = [allowance_rule(rules, mover), mr.cite.chapter]
        if mover.is_leader:
            parts.append(self.rs.activation.cite.leader_alone)
        parts += path_rules(walker, start, plan.path)
        budget = plan.budget
        if budget.road:
            parts.append(mr.road_bonus.source)
        if budget.mounted:
            parts += [mr.mounted_bonus.source, mr.mounted_infantry_categories.source]
        if plan.minimum:
            parts.append(mr.minimum_move.source)
        if plan.chosen:
            parts.append(mr.cite.cheapest_path)
        if order.face is not None:
            parts.append(mr.cite.facing)
        return parts

    def move_leader(self, leader: Leader, order: Move, index: int) -> Event:
        rules = self.rules
        rs = self.rs
        board = self.board
        lid = leader.id
        at = board.leader_hex(leader)
        refusal = leader_may_move(
            rules,
            leader,
            at,
            self.side,
            board.activations.get(self.side, ()),
            moved=lid in self.moved_leaders,
        )
        if refusal is not None:
            return refusal.event(lid, index)
        side = board.sides[leader.side]
        mover = leader_mover(rules, leader, at, side.exits, board.grid)
        budget = budget_for(mover, rules, road=order.road, mounted=order.mounted)
        if isinstance(budget, Refusal):
            return budget.event(lid, index)
        # the leader leaves his unit: seen as isolated from his first step
        walker = Walker(self.field, rules, mover)
        plan = self.plan(walker, budget, order, at)
        if isinstance(plan, Refusal):
            return plan.event(lid, index)
        self.moved_leaders.add(lid)
        data: dict[str, Any] = mover_numbers(mover, rules)  # a new dict, filled on
        self.plan_numbers(plan, data)
        data["from"] = self.label(at)
        if leader.has_status("fleeing"):
            data["fleeing"] = True
        if leader.attached_to is not None:
            data["detached_from"] = leader.attached_to
            self.attached[leader.attached_to] = [
                x for x in self.attached.get(leader.attached_to, []) if x != lid
            ]
        mr = rs.movement_rules
        rule_parts = self.applied_rules(walker, plan, order, at)
        if mover.start is None:  # he waited off the table at an entry point: he enters
            data["entered"] = True
            rule_parts.append(rules.cite_off_table())
        crossed = self.crossed(plan, lid)
        if crossed:
            data["crossed"] = crossed
            rule_parts.append(rs.pass_through.isolated_leader_through_friends.source)
        self.field.drop_leader(leader)
        if plan.leaves:
            board.put_leader(
                replace(
                    leader, at=None, attached_to=None, status=leader.status | {"fled_off_table"}
                )
            )
            data["edges"] = list(plan.exit_edges)
            rule_parts.append(mr.leader_may_leave_table.source)
            return Event(
                code="move.leader_left_table",
                rule="; ".join(_unique(rule_parts)),
                subject=lid,
                data=data,
                severity=INFO,
                order=index,
            )
        end = plan.end if plan.end is not None else at
        moved = replace(leader, at=end, attached_to=None)
        board.put_leader(moved)
        self.field.add_leader(moved)
        code = "move.leader_applied"
        if plan.stopped is not None:
            code = "move.leader_stopped"
            data.update(self.stopped_numbers(plan, order))
            # difficult ground is nothing to a leader alone, impassable ground still is
            rule_parts[:0] = [
                self.impassable_rule(plan.stopped),
                mr.cite.impassable_stops,
                mr.leader_ignores_difficult.source,
            ]
        return Event(
            code=code,
            rule="; ".join(_unique(rule_parts)),
            subject=lid,
            data=data,
            severity=INFO,
            order=index,
        )

    def plan_numbers(self, plan: Plan, data: dict[str, Any]) -> None:
        """The plan's numbers, added to ``data`` (the mover's numbers)."""
        budget = plan.budget
        combat = plan.keeps_combat
        path = plan.path
        f = self.field
        data["to"] = f.label(path[-1] if path else None)
        data["path"] = f.labels(path)
        data["cost"] = plan.cost
        data["hexes"] = plan.hexes
        data.update(budget_numbers(budget))
        data["combat"] = combat
        data["ss_cb"] = not combat
        data["chosen"] = plan.chosen
        data["minimum_move"] = plan.minimum
        data["road"] = budget.road
        data["mounted"] = budget.mounted
        if budget.cell.die_per_hex:
            data["dice_lost"] = self.rs.combat.moved_dice_loss_per_hex.value * plan.hexes

    def stopped_numbers(self, plan: Plan, order: Move) -> dict[str, Any]:
        """Where and why a path into impassable ground stopped."""
        blocked = dict(plan.stopped or {})
        by = str(blocked.get("hexside") or blocked.get("terrain") or "")
        entry = (self.rs.hexsides if "hexside" in blocked else self.rs.terrain).get(by)
        return {
            "blocked": blocked,
            "blocked_hex": blocked.get("hex"),
            "blocked_by": by,
            "blocked_label": entry.label if entry is not None else by,
            "ordered": self.labels(order.path or ()),
        }

    def crossed(self, plan: Plan, mover_id: str) -> list[str]:
        out = []
        for h in plan.path[:-1]:
            other = self.board.unit_at(h)
            if other is not None and other.id != mover_id:
                out.append(other.id)
        return out

    def impassable_rule(self, blocked: Any) -> str:
        hexside = blocked.get("hexside")
        return self.rules.cite_impassable(
            blocked.get("terrain"), str(hexside) if hexside is not None else None
        )

    # -- end of the phase ---------------------------------------------------------------
    def finish(self) -> list[Event]:
        board = self.board
        rules = self.rules
        events: list[Event] = []
        cleared: list[str] = []
        for side_id in board.sides:
            for uid in list(board.unit_order[side_id]):
                u = board.units[uid]
                if u.has_status("pre_played"):
                    board.put(u.with_status(remove=("pre_played",)))
                    cleared.append(uid)
        if cleared:
            events.append(
                Event(
                    code="move.pre_played_cleared",
                    rule=self.rs.movement_rules.pre_played_cannot_move.source,
                    data={"units": cleared},
                )
            )
        mr = self.rs.movement_rules
        stationary: list[str] = []
        positions: list[Event] = []
        for uid in list(board.unit_order[self.side]):
            u = board.units[uid]
            if uid in self.moved_units:
                if u.has_status("stationary"):
                    board.put(u.with_status(remove=("stationary",)))
                continue
            stationary.append(uid)
            if not u.has_status("stationary"):
                u = u.with_status("stationary")
                board.put(u)
            if rules.wagon_defensive and "wagon_borne" in u.traits:
                positions.append(
                    Event(
                        code="move.defensive_position",
                        rule=mr.wagon_defensive_position.source,
                        subject=uid,
                        data={"at": self.label(u.at)},
                    )
                )
        if stationary:
            # "une unité activée n'est pas obligée de se déplacer"; the status serves the
            # wagon-borne infantry's defensive position (docs/movement.md)
            events.append(
                Event(
                    code="move.stationary",
                    rule=f"{mr.cite.chapter}; {mr.wagon_defensive_position.source}",
                    data={"units": stationary},
                )
            )
        events.extend(positions)
        # reinforcements that did not enter: their activation is spent
        waiting = board.off_table.get(self.side, [])
        board.off_table[self.side] = [
            u.with_status(remove=tuple(TURN_STATUSES)) if TURN_STATUSES & u.status else u
            for u in waiting
        ]
        return events


def _unique(parts: list[str]) -> list[str]:
    seen: list[str] = []
    for p in parts:
        if p and p not in seen:
            seen.append(p)
    return seen

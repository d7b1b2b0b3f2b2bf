"""The rout phase (001 §Déroute d'une unité, §Furie des éléphants).

Automatic: every unit left with no cohesion by the combat phase routs and leaves
play; routs cascade through the friendly units behind the routers; routing
elephants run amok. The only orders are choices (``Choose``). The hex reading of
001 is in shared/RULES.md ("Hex adaptation of 001"); every further choice made
here is listed in docs/rout.md.

Order of resolution (deterministic, so that dice are used in a fixed order):

1. The routers are queued breadth-first: first every unit with cohesion 0, sides
   in the order of the state file, units in the order of their side's list; then
   each unit a router brings to 0, in the order it was hit (rear-arc hexsides
   clockwise from facing+2, or the fury zone from the elephant outwards).
2. For each router, in queue order: it turns to face its enemy if it was attacked
   only through its flank or rear; it is removed (``eliminated``); it makes its
   rout move (rear-arc losses, or the elephant's fury, 1d6); then the generals it
   drags along meet their fate (1d6 each, leaders in the order of the state file).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from referee.core.board import Board
from referee.core.dice import Dice
from referee.core.events import LOSS, Event, Refusal
from referee.core.hexgrid import FRONT, Direction, Hex, ray, rear_arc
from referee.core.model import Cohesion, Leader, Unit
from referee.core.orders import Choose, OrderSet
from referee.core.ruleset import CategoryWeights, Ruleset

REFUSED = "rout.refused"

# the hexside each 1d6 result of the fury table leads to, relative to the facing
# (shared/RULES.md: left = facing minus two hexsides, right = plus two)
FURY_TURNS: dict[str, int] = {"ahead": 0, "left": -2, "right": 2, "rear": 3}


# -- helpers shared with the pursuit phase ------------------------------------------------
def category(unit: Unit, rs: Ruleset) -> str:
    return rs.category(unit.type) if unit.type in rs.unit_types else ""


def _matches(unit: Unit, rs: Ruleset, entries: Iterable[CategoryWeights]) -> bool:
    """The unit is of one of the ``{category, weights}`` entries of a ruleset list."""
    kind = category(unit, rs)
    return any(entry.category == kind and unit.weight in entry.weights for entry in entries)


def is_light_infantry(unit: Unit, rs: Ruleset) -> bool:
    """001's *infanterie légère*: the trait ``light_infantry``, or a category and
    weight listed in the ruleset's ``pursuit.light_infantry`` (very light infantry
    only under the reading ``with_very_light`` of ``interpretations.light_infantry``)."""
    if unit.has("light_infantry"):
        return True
    if not _matches(unit, rs, rs.pursuit.light_infantry.value):
        return False
    return unit.weight != "very-light" or rs.interpretations["light_infantry"].reads(
        "with_very_light"
    )


def light_infantry_reading(rs: Ruleset, *units: Unit) -> str:
    """``"; <reading cited>"`` when one of these units is a very light infantry the
    reading of ``interpretations.light_infantry`` decided (listed by its category and
    weight, without the trait), else ``""``: what a ruling about them adds to its rule."""
    for unit in units:
        if (
            unit.weight == "very-light"
            and not unit.has("light_infantry")
            and _matches(unit, rs, rs.pursuit.light_infantry.value)
        ):
            return f"; {rs.interpretations['light_infantry'].cite}"
    return ""


def is_eliminating_pursuer(unit: Unit, rs: Ruleset) -> bool:
    """001's LMI, MI, HI, Cv, Kn (``pursuit.eliminating_pursuers``)."""
    return _matches(unit, rs, rs.pursuit.eliminating_pursuers.value)


def melee_opponents(board: Board, unit_id: str) -> list[str]:
    """The units this unit fought in melee this player-turn, as attacker or defender,
    in the order of the combats."""
    return board.melee_opponents(unit_id)


def removed_unit(board: Board, unit_id: str, why: str | None = None) -> Unit | None:
    """The record of a unit out of play (``why``: only if removed for that reason)."""
    for records in board.removed.values():
        for r in records:
            if r.unit.id == unit_id and (why is None or r.why == why):
                return r.unit
    return None


def position(board: Board, unit_id: str) -> Hex | None:
    """Where a unit stands, or stood when it left play."""
    unit = board.units.get(unit_id) or removed_unit(board, unit_id)
    return unit.at if unit is not None else None


def direction_toward(a: Hex, b: Hex, facing: Direction) -> Direction:
    """The hexside of ``a`` that faces ``b``: the one leading to it when adjacent,
    else the one whose neighbour is nearest to it (ties: the smallest turn from
    the present facing, clockwise first)."""
    adjacent = a.direction_to(b)
    if adjacent is not None:
        return adjacent

    def key(d: Direction) -> tuple[int, int, int]:
        turn = (d - facing) % 6
        return a.neighbour(d).distance(b), min(turn, 6 - turn), turn

    return min(Direction, key=key)


def kill_attached_leaders(board: Board, unit: Unit, rule: str, code: str) -> list[Event]:
    """A general *inclus* in a unit that leaves play is eliminated with it."""
    events = []
    for leader in list(board.leaders.values()):
        if leader.attached_to == unit.id and leader.on_table:
            board.put_leader(
                replace(leader, status=leader.status | {"killed"}, attached_to=None, at=None)
            )
            events.append(
                Event(
                    code,
                    rule,
                    leader.id,
                    severity=LOSS,
                    data={
                        "unit": unit.id,
                        "included": True,
                        "at": board.grid.label(unit.at) if unit.at else None,
                        "command_value": leader.command_value,
                    },
                )
            )
    return events


def lose_cohesion(board: Board, unit: Unit, points: int = 1) -> Unit:
    changed = replace(
        unit, cohesion=Cohesion(max(0, unit.cohesion.current - points), unit.cohesion.max)
    )
    board.put(changed)
    return changed


# -- the phase ---------------------------------------------------------------------------
class _Choice(Struct):
    choice: str
    order: int
    used: bool = False


class _Rout:
    def __init__(
        self,
        board: Board,
        rs: Ruleset,
        dice: Dice,
        choices: dict[str, _Choice],
        events: list[Event],
    ) -> None:
        self.board = board
        self.rs = rs
        self.dice = dice
        self.choices = choices
        self.events = events
        self.queue: deque[tuple[str, str, str | None]] = deque()  # (unit, cause, by)
        self.routing: set[str] = set()  # queued or already routed
        self.no_move = rs.rout.no_rout_move_categories.value
        self.li_only = rs.rout.light_infantry_affects_only_light_infantry.value
        self.spares = rs.rout.elephant_fury_spares.value
        self.rule = rs.rout.cite.rout
        self.fury_rule = rs.rout.cite.fury

    def label(self, h: Hex | None) -> str | None:
        return self.board.grid.label(h) if h is not None else None

    def enqueue(self, unit_id: str, cause: str, by: str | None) -> None:
        if unit_id not in self.routing:
            self.routing.add(unit_id)
            self.queue.append((unit_id, cause, by))

    def run(self) -> None:
        board = self.board
        for side in board.base.sides:
            for uid in list(board.unit_order[side.id]):
                unit = board.units[uid]
                if unit.cohesion.current == 0 and unit.at is not None:
                    self.enqueue(uid, "cohesion", None)
        while self.queue:
            uid, cause, by = self.queue.popleft()
            if uid in board.units:
                self.rout(board.units[uid], cause, by)

    # -- one router --------------------------------------------------------------------
    def rout(self, unit: Unit, cause: str, by: str | None) -> None:
        board, rs = self.board, self.rs
        cat = category(unit, rs)
        base = {
            "side": unit.side,
            "at": self.label(unit.at),
            "category": cat,
            "cause": cause,
            "by": by,
        }
        if cat in self.no_move:
            # "ne font pas de mouvement de déroute, ils sont immédiatement éliminés"
            board.remove(unit.id, "eliminated")
            self.events.append(
                Event(
                    "rout.eliminated_no_move",
                    self.rule,
                    unit.id,
                    severity=LOSS,
                    data={**base, "cohesion": unit.cohesion.current},
                )
            )
            self.events.extend(kill_attached_leaders(board, unit, self.rule, "rout.general_killed"))
            return
        unit = self.turn_to_enemy(unit)
        caught = self.caught_leaders(unit)
        board.remove(unit.id, "eliminated")
        self.events.append(
            Event(
                "rout.unit",
                self.rule,
                unit.id,
                severity=LOSS,
                data={**base, "facing": unit.facing.name, "cohesion": unit.cohesion.current},
            )
        )
        if cat == "elephants":
            self.fury(unit)
        else:
            self.rear_losses(unit)
        for leader in caught:
            self.general_fate(leader, unit)

    def turn_to_enemy(self, unit: Unit) -> Unit:
        """001: attacked only through its flank or rear, it turns to face the enemy
        before its rout move. "Attacked" = every engagement of this player-turn in
        which it is the target (melee or shooting); a unit that itself attacked in
        melee faces that enemy already and does not turn."""
        board = self.board
        as_target = board.engagements_on(unit.id)
        attacked_forward = board.attacked_in_melee(unit.id)
        if not as_target or attacked_forward or any(e.through == FRONT for e in as_target):
            return unit
        attackers: list[str] = []
        for e in as_target:
            if e.attacker not in attackers and position(board, e.attacker) is not None:
                attackers.append(e.attacker)
        if not attackers:
            return unit
        toward = attackers[0]  # default: the first attacker, in the order of the combats
        how = "default"
        choice = self.choices.get(unit.id)
        if unit.side != board.base.player:  # its owner's choice: his choices file
            toward, how = board.decisions.decide(unit.side, unit.id, "choose", attackers, toward)
        elif choice is not None:
            choice.used = True
            if choice.choice in attackers:
                toward, how = choice.choice, "chosen"
            else:
                self.events.append(
                    Refusal(
                        REFUSED,
                        "not_an_attacker",
                        self.rule,
                        {"choice": choice.choice, "attackers": attackers},
                    ).event(unit.id, choice.order)
                )
        target_at = position(board, toward)
        assert unit.at is not None and target_at is not None
        facing = direction_toward(unit.at, target_at, unit.facing)
        if facing == unit.facing:
            return unit
        self.events.append(
            Event(
                "rout.turned",
                self.rule,
                unit.id,
                data={
                    "from": unit.facing.name,
                    "to": facing.name,
                    "toward": toward,
                    "toward_at": self.label(target_at),
                    "how": how,
                    "through": sorted({e.through for e in as_target}),
                },
            )
        )
        turned = replace(unit, facing=facing)
        board.put(turned)
        return turned

    # -- rout moves ---------------------------------------------------------------------
    def hit(self, victim: Unit, by: Unit, code: str, rule: str, cause: str) -> None:
        before = victim.cohesion.current
        victim = lose_cohesion(self.board, victim)
        routs = victim.cohesion.current == 0
        self.events.append(
            Event(
                code,
                rule,
                victim.id,
                severity=LOSS,
                data={
                    "by": by.id,
                    "side": victim.side,
                    "at": self.label(victim.at),
                    "cohesion_before": before,
                    "cohesion_after": victim.cohesion.current,
                    "routs": routs,
                },
            )
        )
        if routs:
            self.enqueue(victim.id, cause, by.id)

    def rear_losses(self, unit: Unit) -> None:
        """Friendly units across the three rear-arc hexsides lose one cohesion point
        (clockwise from facing+2). A unit already routing loses nothing more."""
        assert unit.at is not None
        light = is_light_infantry(unit, self.rs)
        for d in rear_arc(unit.facing):
            other = self.board.unit_at(unit.at.neighbour(d))
            if other is None or other.side != unit.side or other.id in self.routing:
                continue
            rule = self.rule + (
                light_infantry_reading(self.rs, unit, other) if self.li_only else ""
            )
            if self.li_only and light and not is_light_infantry(other, self.rs):
                self.events.append(
                    Event(
                        "rout.cascade_spared",
                        rule,
                        other.id,
                        data={
                            "by": unit.id,
                            "at": self.label(other.at),
                            "reason": "light_infantry",
                        },
                    )
                )
                continue
            self.hit(other, unit, "rout.cascade_loss", rule, "cascade")

    def fury(self, unit: Unit) -> None:
        assert unit.at is not None
        die = self.dice.roll(f"elephant fury of {unit.id}")
        where = self.rs.rout.elephant_fury_directions.value[die]
        direction = unit.facing.turn(FURY_TURNS[where])
        length = self.rs.rout.elephant_fury_length.value
        zone = [h for h in ray(unit.at, direction, length) if self.board.grid.contains(h)]
        self.events.append(
            Event(
                "rout.elephant_fury",
                self.fury_rule,
                unit.id,
                data={
                    "die": die,
                    "direction": where,
                    "hexside": direction.name,
                    "length": length,
                    "hexes": [self.label(h) for h in zone],
                },
            )
        )
        for h in zone:
            other = self.board.unit_at(h)
            if other is None or other.id in self.routing:
                continue
            rule = self.fury_rule + (
                light_infantry_reading(self.rs, other) if "light_infantry" in self.spares else ""
            )
            if "light_infantry" in self.spares and is_light_infantry(other, self.rs):
                self.events.append(
                    Event(
                        "rout.fury_spared",
                        rule,
                        other.id,
                        data={
                            "by": unit.id,
                            "side": other.side,
                            "at": self.label(h),
                            "reason": "light_infantry",
                        },
                    )
                )
                continue
            self.hit(other, unit, "rout.fury_loss", rule, "fury")

    # -- generals -----------------------------------------------------------------------
    def caught_leaders(self, unit: Unit) -> list[Leader]:
        """Leaders of the router's side caught in its rout, in the order of the state:
        attached to it (*inclus*), or not attached to any unit and standing in its hex,
        or adjacent to it when it fought a melee this player-turn (*non inclus engagé
        en mêlée*)."""
        assert unit.at is not None
        in_melee = bool(melee_opponents(self.board, unit.id))
        caught = []
        for leader in self.board.leaders.values():
            if leader.side != unit.side or not leader.on_table:
                continue
            included = leader.attached_to == unit.id
            beside = (
                leader.attached_to is None
                and leader.at is not None
                and self.board.grid.contains(leader.at)
                and (  # not one waiting off the table
                    leader.at == unit.at or (in_melee and leader.at.distance(unit.at) == 1)
                )
            )
            if included or beside:
                caught.append(leader)
        return caught

    def general_fate(self, leader: Leader, unit: Unit) -> None:
        board, rs = self.board, self.rs
        leader = board.leaders[leader.id]
        if not leader.on_table:  # killed already, with another general of the same unit
            return
        if leader.attached_to == unit.id:
            self.events.extend(kill_attached_leaders(board, unit, self.rule, "rout.general_killed"))
            return
        assert leader.at is not None
        killed_on = list(rs.rout.general_killed_on.value)
        die = self.dice.roll(f"general {leader.id} caught in the rout of {unit.id}")
        data: dict[str, Any] = {
            "unit": unit.id,
            "included": False,
            "die": die,
            "killed_on": killed_on,
            "from": self.label(leader.at),
            "command_value": leader.command_value,
        }
        if die in killed_on:
            board.put_leader(replace(leader, status=leader.status | {"killed"}, at=None))
            self.events.append(
                Event("rout.general_killed", self.rule, leader.id, severity=LOSS, data=data)
            )
            return
        reach = rs.rout.general_flee_range.value
        # « capable de rejoindre une unité amie »: interpretations.general_flee, cited
        flee = rs.interpretations["general_flee"]
        rule = f"{self.rule}; {flee.cite}"
        start = leader.at
        if flee.reads("walking_path"):
            steps = walking_distances(board, rs, leader.side, start, reach)

            def away(h: Hex) -> int | None:
                return steps.get(h)
        else:

            def away(h: Hex) -> int | None:
                return start.distance(h) if start.distance(h) <= reach else None

        candidates = [
            u
            for u in board.side_units(leader.side)
            if u.at is not None
            and u.cohesion.current > 0
            and u.id not in self.routing
            and away(u.at) is not None
        ]
        data["range"] = reach
        if not candidates:
            board.put_leader(replace(leader, status=leader.status | {"lost"}, at=None))
            self.events.append(
                Event("rout.general_lost", rule, leader.id, severity=LOSS, data=data)
            )
            return
        far = {u.id: away(u.at) or 0 for u in candidates if u.at is not None}
        nearest = min(far.values())
        tied = [u for u in candidates if far[u.id] == nearest]
        target, how = tied[0], "default"  # ties: the first in the order of the side's units
        choice = self.choices.get(leader.id)
        if leader.side != board.base.player:  # his player's choice: his choices file
            picked, how = board.decisions.decide(
                leader.side, leader.id, "choose", [u.id for u in tied], target.id
            )
            target = next(u for u in tied if u.id == picked)
        elif choice is not None:
            choice.used = True
            chosen = next((u for u in tied if u.id == choice.choice), None)
            if chosen is not None:
                target, how = chosen, "chosen"
            else:
                self.events.append(
                    Refusal(
                        REFUSED,
                        "not_a_nearest_unit",
                        self.rule,
                        {"choice": choice.choice, "nearest": [u.id for u in tied]},
                    ).event(leader.id, choice.order)
                )
        board.put_leader(replace(leader, attached_to=target.id, at=target.at))
        self.events.append(
            Event(
                "rout.general_fled",
                rule,
                leader.id,
                data={
                    **data,
                    "to": self.label(target.at),
                    "joined": target.id,
                    "distance": nearest,
                    "how": how,
                },
            )
        )


def walking_distances(
    board: Board, rs: Ruleset, side: str, start: Hex, reach: int
) -> dict[Hex, int]:
    """The hexes a fleeing general can walk to in at most ``reach`` steps, with their
    steps (reading ``walking_path`` of ``interpretations.general_flee``): on the table,
    never into impassable terrain or across an impassable hexside, never through an
    enemy unit; difficult terrain and friendly units do not stop a leader alone."""
    steps = {start: 0}
    frontier = [start]
    for step in range(1, reach + 1):
        after = []
        for h in frontier:
            for _, n in h.neighbours():
                if n in steps or not board.grid.contains(n):
                    continue
                terrain = rs.terrain.get(board.map.terrain_at(n))
                side_key = board.map.hexside(h, n)
                hexside = rs.hexsides.get(side_key) if side_key is not None else None
                other = board.unit_at(n)
                if (
                    (terrain is not None and terrain.impassable)
                    or (hexside is not None and hexside.impassable)
                    or (other is not None and other.side != side)
                ):
                    continue
                steps[n] = step
                after.append(n)
        frontier = after
    return steps


def _read_choices(
    board: Board, orders: OrderSet, rule: str, events: list[Event]
) -> dict[str, _Choice]:
    """The phasing player's choices in his orders: for his own units and generals only
    (the other player's are his to make, in his choices file)."""
    choices: dict[str, _Choice] = {}
    player = board.base.player
    for index, order in enumerate(orders.orders):
        if not isinstance(order, Choose):
            events.append(
                Refusal(REFUSED, "not_a_rout_order", rule).event(
                    getattr(order, "unit", None), index
                )
            )
        elif (owner := _owner(board, order.unit)) not in (None, player):
            events.append(
                Refusal(
                    REFUSED, "owner_chooses", rule, {"choice": order.choice, "owner": owner}
                ).event(order.unit, index)
            )
        elif order.unit in choices:
            events.append(
                Refusal(REFUSED, "duplicate_order", rule, {"choice": order.choice}).event(
                    order.unit, index
                )
            )
        else:
            choices[order.unit] = _Choice(order.choice, index)
    return choices


def _owner(board: Board, subject: str) -> str | None:
    unit = board.units.get(subject)
    if unit is not None:
        return unit.side
    leader = board.leaders.get(subject)
    return leader.side if leader is not None else None


def apply(board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> list[Event]:
    """Rout every unit without cohesion, with cascades and elephant fury (001)."""
    events: list[Event] = []
    rule = rs.rout.cite.rout
    choices = _read_choices(board, orders, rule, events)
    _Rout(board, rs, dice, choices, events).run()
    for subject, choice in choices.items():
        if not choice.used:
            events.append(
                Refusal(REFUSED, "no_choice_to_make", rule, {"choice": choice.choice}).event(
                    subject, choice.order
                )
            )
    return events

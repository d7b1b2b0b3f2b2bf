"""The pursuit phase (001 §Poursuite).

A unit that routed all its melee opponents this player-turn (every unit it fought
in melee, as attacker or defender, is now eliminated) is a *winner*. A winner of
the phasing player may advance up to ``pursuit.distance`` hexes straight ahead,
with its aligned supports; impetuous winners must, unless 001 exempts them. A
winner (of either side) still contacted through its flank or rear does not pursue
and turns to face one of the enemies in contact. Every choice made here is listed
in docs/rout.md.

The decisions 001 leaves to the owner of a unit of the other side (which enemy its
contacted winner faces, whether a unit contacted in its flank or rear conforms) come from
his choices file (``board.decisions``, ``referee.core.choices``); a fortified enemy camp
reached is assaulted at once (``pursuit.camp_*``).

Order of resolution: (1) winners contacted in flank or rear turn to face, in the
order of the state; (2) pursue orders, in the order written, each executed at once
(so a later pursuit sees the hexes an earlier one took); (3) hold orders and
impetuous winners without an accepted pursuit, in the order of the state.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from referee.core.board import Board
from referee.core.choices import NO, YES
from referee.core.combat_rules import CombatParams, hit_symbol
from referee.core.dice import Dice
from referee.core.events import INFO, LOSS, Event, Refusal
from referee.core.hexgrid import FRONT, Direction, Hex, front_arc, rear_arc, side_of_attack
from referee.core.model import PURSUIT_CONTACT, Unit, contact
from referee.core.orders import OrderSet, Pursue
from referee.core.phases.rout import (
    category,
    is_eliminating_pursuer,
    is_light_infantry,
    kill_attached_leaders,
    light_infantry_reading,
    lose_cohesion,
    melee_opponents,
    removed_unit,
)
from referee.core.ruleset import Ruleset

REFUSED = "pursuit.refused"


class Path(Struct, frozen=True):
    """Where a straight advance goes: the hexes entered, and why it stopped short."""

    hexes: tuple[Hex, ...]
    stop: str | None  # None (full distance), edge, impassable, friend, enemy, contact,
    #                   camp (entered an enemy camp), camp_fortified (stopped before it)
    blocker: str | None = None


class _Pursuit:
    def __init__(self, board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> None:
        self.board = board
        self.rs = rs
        self.dice = dice
        self.events: list[Event] = []
        self.player = board.base.player
        self.rule = rs.pursuit.cite.pursuit
        self.distance = rs.pursuit.distance.value
        self.winners: dict[str, tuple[str, ...]] = {}  # unit -> its eliminated melee opponents
        for side in board.base.sides:
            for uid in board.unit_order[side.id]:
                opponents = melee_opponents(board, uid)
                if opponents and all(
                    o not in board.units and removed_unit(board, o, "eliminated") for o in opponents
                ):
                    self.winners[uid] = tuple(opponents)
        self.orders: dict[str, tuple[int, Pursue]] = {}
        self.claimed: dict[str, str] = {}  # opponent -> the unit pursuing it
        self.moved: set[str] = set()  # pursuers and supports that advanced this phase
        self.conformed: set[str] = set()
        for index, order in enumerate(orders.orders):
            subject = getattr(order, "unit", None)
            if not isinstance(order, Pursue):
                self.refuse(subject, index, "not_a_pursuit_order")
            elif order.unit in self.orders:
                self.refuse(order.unit, index, "duplicate_order")
            elif order.unit not in board.units:
                self.refuse(order.unit, index, "not_on_table")
            else:
                self.orders[order.unit] = (index, order)

    # -- small helpers ------------------------------------------------------------------
    def label(self, h: Hex | None) -> str | None:
        return self.board.grid.label(h) if h is not None else None

    def emit(
        self,
        code: str,
        subject: str | None,
        data: dict[str, Any] | None = None,
        severity: str = INFO,
        order: int | None = None,
        rule: str | None = None,
    ) -> None:
        self.events.append(
            Event(code, rule or self.rule, subject, data=data or {}, severity=severity, order=order)
        )

    def refuse(self, subject: str | None, order: int | None, reason: str, **data: Any) -> None:
        self.events.append(Refusal(REFUSED, reason, self.rule, data).event(subject, order))

    def enemies_around(self, unit: Unit, sides: tuple[Direction, ...]) -> list[Unit]:
        assert unit.at is not None
        out = []
        for d in sides:
            other = self.board.unit_at(unit.at.neighbour(d))
            if other is not None and other.side != unit.side:
                out.append(other)
        return out

    def eliminated(self, unit_id: str) -> Unit:
        record = removed_unit(self.board, unit_id, "eliminated")
        assert record is not None
        return record

    # -- 1. winners still contacted in flank or rear ---------------------------------------
    def face_remaining_enemies(self) -> set[str]:
        """001, note: no pursuit; turn at once to face one of the enemies in contact."""
        contacted: set[str] = set()
        for uid in self.winners:
            unit = self.board.units[uid]
            if not self.enemies_around(unit, rear_arc(unit.facing)):
                continue
            contacted.add(uid)
            # the choice set: every adjacent enemy; default: the first in the rear arc,
            # hexsides clockwise from facing+2
            in_contact = self.enemies_around(unit, rear_arc(unit.facing)) + self.enemies_around(
                unit, front_arc(unit.facing)
            )
            enemy, how = in_contact[0], "default"
            index: int | None = None
            by: dict[str, Any] = {}
            if uid in self.orders:
                index, order = self.orders[uid]
                if unit.side != self.player:
                    # the enemy it faces is its owner's choice: his choices file
                    self.refuse(
                        uid,
                        index,
                        "owner_chooses" if order.face_enemy is not None else "not_phasing",
                        owner=unit.side,
                    )
                elif order.pursue:
                    self.refuse(
                        uid, index, "contacted_flank_rear", enemies=[e.id for e in in_contact]
                    )
                elif order.face_enemy is not None:
                    chosen = next((e for e in in_contact if e.id == order.face_enemy), None)
                    if chosen is None:
                        self.refuse(
                            uid,
                            index,
                            "not_in_contact",
                            choice=order.face_enemy,
                            enemies=[e.id for e in in_contact],
                        )
                    else:
                        enemy, how = chosen, "chosen"
            if unit.side != self.player:  # « l'un des ennemis restant de son choix »
                picked, how = self.board.decisions.decide(
                    unit.side, uid, "face", [e.id for e in in_contact], enemy.id
                )
                enemy = next(e for e in in_contact if e.id == picked)
                by = {"by": unit.side}
            assert unit.at is not None and enemy.at is not None
            facing = unit.at.direction_to(enemy.at)
            assert facing is not None
            self.board.put(replace(unit, facing=facing))
            self.emit(
                "pursuit.faced",
                uid,
                {
                    "enemy": enemy.id,
                    "enemy_at": self.label(enemy.at),
                    "from": unit.facing.name,
                    "to": facing.name,
                    "how": how,
                    **by,
                    "rear_enemies": [
                        e.id for e in self.enemies_around(unit, rear_arc(unit.facing))
                    ],
                },
                order=index,
            )
        return contacted

    # -- the path -------------------------------------------------------------------------
    def path(self, unit: Unit, direction: Direction, distance: int) -> Path:
        board = self.board
        assert unit.at is not None
        enemy_camp = board.camps[board.enemy_of(unit.side)]
        current = unit.at
        hexes: list[Hex] = []
        for _ in range(distance):
            nxt = current.neighbour(direction)
            if not board.grid.contains(nxt):
                return Path(tuple(hexes), "edge")
            side_kind = board.map.hexside(current, nxt)
            if self.rs.terrain[board.map.terrain_at(nxt)].impassable or (
                side_kind is not None and self.rs.hexsides[side_kind].impassable
            ):
                return Path(tuple(hexes), "impassable")
            occupant = board.unit_at(nxt)
            if occupant is not None:
                return Path(
                    tuple(hexes), "enemy" if occupant.side != unit.side else "friend", occupant.id
                )
            if enemy_camp.at == nxt and not enemy_camp.taken:
                if enemy_camp.fortified:
                    return Path(tuple(hexes), "camp_fortified")
                return Path((*hexes, nxt), "camp")
            hexes.append(nxt)
            current = nxt
            there = replace(unit, at=current)
            if self.enemies_around(there, front_arc(unit.facing)):
                return Path(tuple(hexes), "contact")
        return Path(tuple(hexes), None)

    # -- 2. pursue orders -----------------------------------------------------------------
    def not_eligible(self, unit: Unit) -> str | None:
        if unit.side != self.player:
            return "not_phasing"
        if unit.id not in self.winners:
            fought = melee_opponents(self.board, unit.id)
            return "opponents_remain" if fought else "no_melee"
        return None

    def ordered_pursuits(self, contacted: set[str]) -> set[str]:
        handled: set[str] = set()
        for uid, (index, order) in self.orders.items():
            if not order.pursue or uid in contacted:
                continue
            handled.add(uid)
            unit = self.board.units.get(uid)
            if unit is None:  # light infantry eliminated by an earlier pursuit
                self.refuse(uid, index, "not_on_table")
                continue
            reason = self.not_eligible(unit)
            if reason is not None:
                self.refuse(uid, index, reason)
                continue
            if uid in self.moved:
                self.refuse(uid, index, "already_moved")
                continue
            other = self.rival(uid)
            if other is not None:
                self.refuse(uid, index, "same_enemy", other=other)
                continue
            way = self.path(unit, unit.facing, self.distance)
            if not way.hexes and way.stop in ("edge", "impassable", "friend"):
                self.refuse(
                    uid,
                    index,
                    "off_table"
                    if way.stop == "edge"
                    else "blocked_by_friend"
                    if way.stop == "friend"
                    else "impassable",
                    blocker=way.blocker,
                )
                continue
            self.pursue(unit, way, index, order.supports, compulsory=False)
        return handled

    def rival(self, uid: str) -> str | None:
        """The unit already pursuing one of this unit's opponents, if any (001: only
        one of several units in melee with the same enemy pursues)."""
        for opponent in self.winners[uid]:
            if opponent in self.claimed:
                return self.claimed[opponent]
        return None

    # -- 3. hold orders and impetuous winners ---------------------------------------------
    def exemption(self, unit: Unit) -> tuple[str, dict[str, Any]] | None:
        """Why an impetuous winner need not pursue (001's four cases), if it need not."""
        rs, board = self.rs, self.board
        assert unit.at is not None
        destroyed = [category(self.eliminated(o), rs) for o in self.winners[unit.id]]
        spared = rs.pursuit.no_forced_pursuit_after_destroying.value
        hit = sorted(spared.intersection(destroyed))
        if hit:
            return "destroyed_category", {"categories": hit}
        ahead = unit.at.neighbour(unit.facing)
        if not board.grid.contains(ahead):
            return "off_table", {"hex": self.label(ahead)}
        for h in self.path(unit, unit.facing, self.distance).hexes:
            kind = board.map.terrain_at(h)
            if category(unit, rs) in rs.terrain[kind].combat_penalty:
                return "penalising_terrain", {"terrain": kind, "hex": self.label(h)}
        here = board.map.terrain_at(unit.at)
        if here in rs.pursuit.fortification_terrains.value:
            return "defends_fortification", {"terrain": here}
        banks = rs.pursuit.river_bank_hexsides.value
        for _d, h in unit.at.neighbours():
            feature = board.map.hexside(unit.at, h)
            if feature in banks:
                return "defends_river_bank", {"hexside": feature, "toward": self.label(h)}
        if not rs.unit_types[unit.type].mounted:
            mounted = [
                o
                for o in self.winners[unit.id]
                if (t := rs.unit_types.get(self.eliminated(o).type)) and t.mounted
            ]
            if mounted:
                return "foot_vs_mounted", {"mounted": mounted}
        return None

    def holds_and_compulsory(self, contacted: set[str], handled: set[str]) -> None:
        holds = {
            uid: index
            for uid, (index, order) in self.orders.items()
            if not order.pursue and uid not in contacted
        }
        for uid, index in holds.items():
            order = self.orders[uid][1]
            unit = self.board.units.get(uid)
            if (
                unit is not None
                and order.face_enemy is None
                and self.compulsory(unit)
                and uid not in self.moved
            ):
                continue  # an impetuous winner: decided below
            handled.add(uid)
            reason = (
                "not_on_table"
                if unit is None
                else "not_contacted_flank_rear"
                if order.face_enemy is not None
                else self.not_eligible(unit)
            )
            if reason is not None:
                choice = {"choice": order.face_enemy} if order.face_enemy is not None else {}
                self.refuse(uid, index, reason, **choice)
            else:
                self.emit("pursuit.hold", uid, order=index)
        for uid in self.winners:
            unit = self.board.units.get(uid)
            if unit is None or uid in handled or uid in contacted or uid in self.moved:
                continue
            if not self.compulsory(unit):
                if unit.side == self.player and uid not in holds:
                    # pursuit is a choice of its player: no order, no pursuit
                    self.emit(
                        "pursuit.stays",
                        uid,
                        {"opponents": list(self.winners[uid]), "distance": self.distance},
                    )
                continue
            hold_index = holds.get(uid)
            other = self.rival(uid)
            if other is not None:
                self.emit("pursuit.exempt", uid, {"reason": "other_pursues", "other": other})
                if hold_index is not None:
                    self.emit("pursuit.hold", uid, order=hold_index)
                continue
            exempt = self.exemption(unit)
            way = self.path(unit, unit.facing, self.distance)
            if exempt is None and not way.hexes and way.stop in ("impassable", "friend"):
                exempt = (
                    "impassable" if way.stop == "impassable" else "blocked_by_friend",
                    {"blocker": way.blocker},
                )
            if exempt is not None:
                self.emit("pursuit.exempt", uid, {"reason": exempt[0], **exempt[1]})
                if hold_index is not None:
                    self.emit("pursuit.hold", uid, order=hold_index)
                continue
            if hold_index is not None:
                self.refuse(uid, hold_index, "impetuous_must_pursue")
            self.pursue(unit, way, hold_index, (), compulsory=True)

    def compulsory(self, unit: Unit) -> bool:
        return unit.has("impetuous") and unit.side == self.player and unit.id in self.winners

    # -- moving ---------------------------------------------------------------------------
    def pursue(
        self, unit: Unit, way: Path, index: int | None, supports: tuple[str, ...], compulsory: bool
    ) -> None:
        for opponent in self.winners[unit.id]:
            self.claimed.setdefault(opponent, unit.id)
        start = unit.at
        unit = self.advance(unit, way)
        self.emit(
            "pursuit.advance",
            unit.id,
            {
                "from": self.label(start),
                "to": self.label(unit.at),
                "path": [self.label(h) for h in way.hexes],
                "hexes": len(way.hexes),
                "direction": unit.facing.name,
                "compulsory": compulsory,
                "opponents": list(self.winners[unit.id]),
                "stop": way.stop,
            },
            order=index,
        )
        self.arrive(unit, way)
        assert start is not None
        for support_id in supports:
            self.support(unit, start, support_id, len(way.hexes), index)

    def advance(self, unit: Unit, way: Path) -> Unit:
        moved = replace(unit, at=way.hexes[-1] if way.hexes else unit.at).with_status("pursued")
        self.board.put(moved)
        self.moved.add(unit.id)
        return moved

    def support(
        self, pursuer: Unit, start: Hex, support_id: str, distance: int, index: int | None
    ) -> None:
        """001: friendly supports aligned corner to corner with the pursuer (adjacent
        through one of its four side hexsides, same facing) may advance as far."""
        board = self.board
        unit = board.units.get(support_id)
        reason: str | None = None
        if unit is None or unit.at is None:
            reason = "not_on_table"
        elif unit.side != pursuer.side:
            reason = "not_friendly"
        elif unit.id == pursuer.id or unit.id in self.moved:
            reason = "already_moved"
        elif unit.facing != pursuer.facing or start.direction_to(unit.at) not in (
            pursuer.facing.turn(1),
            pursuer.facing.turn(2),
            pursuer.facing.turn(-1),
            pursuer.facing.turn(-2),
        ):
            reason = "not_aligned"
        elif set(self.winners.get(unit.id, ())) & set(self.winners[pursuer.id]):
            reason = "same_enemy"
        elif any(o in board.units for o in melee_opponents(board, unit.id)):
            reason = "engaged"
        elif self.enemies_around(unit, rear_arc(unit.facing)):
            reason = "contacted_flank_rear"
        elif distance == 0:
            reason = "pursuer_did_not_advance"
        if reason is not None:
            self.refuse(support_id, index, reason, support_of=pursuer.id)
            return
        assert unit is not None
        way = self.path(unit, pursuer.facing, distance)
        if not way.hexes and way.stop != "enemy":
            self.refuse(
                support_id,
                index,
                "blocked",
                support_of=pursuer.id,
                stop=way.stop,
                blocker=way.blocker,
            )
            return
        start_support = unit.at
        unit = self.advance(unit, way)
        self.emit(
            "pursuit.support",
            support_id,
            {
                "from": self.label(start_support),
                "to": self.label(unit.at),
                "hexes": len(way.hexes),
                "direction": unit.facing.name,
                "support_of": pursuer.id,
                "stop": way.stop,
            },
            order=index,
        )
        self.arrive(unit, way)

    def arrive(self, unit: Unit, way: Path) -> None:
        """The end of an advance: camp taken or assaulted, new enemies contacted."""
        board = self.board
        assert unit.at is not None
        enemy = board.enemy_of(unit.side)
        camp = board.camps[enemy]
        if way.stop == "camp":
            board.camps[enemy] = replace(camp, taken=True)
            self.emit(
                "pursuit.camp_taken", unit.id, {"camp_side": enemy, "at": self.label(camp.at)}, LOSS
            )
        elif way.stop == "camp_fortified" and not camp.taken:
            self.assault_camp(board.units[unit.id], enemy)
        unit = board.units.get(unit.id) or unit
        if unit.id not in board.units or unit.at is None:
            return
        for other in self.enemies_around(unit, front_arc(unit.facing)):
            self.contact(board.units[unit.id], other)

    def assault_camp(self, unit: Unit, enemy: str) -> None:
        """« Si le camp est atteint, il est immédiatement pris ou attaqué s'il est
        fortifié » (001 §Poursuite): the assault is fought at once, as a melee against the
        camp's defence (``pursuit.camp_defence_dice``). Not a charge: no first-round
        ability. The camp is taken if the pursuer scores ``camp_hits_to_take`` hits of
        ``camp_hit_by``; the camp's hits of the pursuer's symbol cost it cohesion."""
        board, rs = self.board, self.rs
        p = rs.pursuit
        camp = board.camps[enemy]
        assert unit.at is not None and camp.at is not None
        params = CombatParams.from_ruleset(rs)
        base = unit.factors.assault
        modifiers: list[dict[str, Any]] = []
        rules = [
            self.rule,
            p.camp_defence_dice.source,
            p.camp_hits_to_take.source,
            p.camp_hit_by.source,
        ]
        if any(t in unit.traits for t in params.first_round_abilities):
            rules.append(rs.combat.first_round_abilities.source)  # not counted: not a charge
        if params.terrain_dice_penalty:
            for where, h in (("own_hex", unit.at), ("camp_hex", camp.at)):
                terrain_key = board.map.terrain_at(h)
                terrain = rs.terrain[terrain_key]
                if category(unit, rs) in terrain.combat_penalty:
                    modifiers.append(
                        {
                            "reason": "terrain",
                            "dice": -params.terrain_dice_penalty,
                            "detail": f"{terrain_key} ({where})",
                        }
                    )
                    rules += [rs.combat.terrain_dice_penalty.source, terrain.source]
                    break
        total = base + sum(m["dice"] for m in modifiers)
        attack_dice = max(total, min(params.minimum_dice, base), 0)
        defence_dice = p.camp_defence_dice.value
        attack = [
            self.dice.roll(f"{unit.id} assaults the camp of {enemy}: die {i + 1}/{attack_dice}")
            for i in range(attack_dice)
        ]
        defence = [
            self.dice.roll(
                f"the camp of {enemy} defends against {unit.id}: die {i + 1}/{defence_dice}"
            )
            for i in range(defence_dice)
        ]
        camp_symbol = f"hit_{p.camp_hit_by.value}"
        own_symbol = hit_symbol(rs, unit)
        hits = sum(1 for v in attack if params.faces[v] == camp_symbol)
        hits_back = sum(1 for v in defence if params.faces[v] == own_symbol)
        taken = hits >= p.camp_hits_to_take.value
        self.emit(
            "pursuit.camp_attacked",
            unit.id,
            {
                "camp_side": enemy,
                "at": self.label(camp.at),
                "fortified": True,
                "attack_dice": attack_dice,
                "base": base,
                "modifiers": modifiers,
                "attack_values": attack,
                "hits": hits,
                "needed": p.camp_hits_to_take.value,
                "camp_symbol": camp_symbol,
                "defence_dice": defence_dice,
                "defence_values": defence,
                "hits_on_pursuer": hits_back,
                "taken": taken,
            },
            rule="; ".join(dict.fromkeys(rules)),
        )
        if hits_back:
            before = unit.cohesion.current
            unit = lose_cohesion(board, unit, hits_back * params.hit_removes_cohesion)
            self.emit(
                "pursuit.camp_loss",
                unit.id,
                {
                    "camp_side": enemy,
                    "hits": hits_back,
                    "per_hit": params.hit_removes_cohesion,
                    "cohesion_before": before,
                    "cohesion_after": unit.cohesion.current,
                    "routs": unit.cohesion.current == 0,
                },
                LOSS,
                rule=f"{p.camp_defence_dice.source}; {rs.combat.hit_removes_cohesion.source}",
            )
        if not taken:
            self.emit(
                "pursuit.camp_held",
                unit.id,
                {"camp_side": enemy, "at": self.label(camp.at)},
                rule=f"{self.rule}; {p.camp_hits_to_take.source}",
            )
            return
        board.camps[enemy] = replace(camp, taken=True)
        if unit.cohesion.current > 0 and board.unit_at(camp.at) is None:
            unit = replace(unit, at=camp.at)  # the camp is taken: the pursuer enters it
            board.put(unit)
        self.emit(
            "pursuit.camp_taken",
            unit.id,
            {
                "camp_side": enemy,
                "at": self.label(camp.at),
                "assault": True,
                "entered": unit.at == camp.at,
            },
            LOSS,
            rule=f"{self.rule}; {p.camp_hits_to_take.source}; "
            f"{rs.army_break.loss_camp_taken.source}",
        )

    def contact(self, unit: Unit, enemy: Unit) -> None:
        board, rs = self.board, self.rs
        assert unit.at is not None and enemy.at is not None
        # who is light infantry: interpretations.light_infantry, cited when it decided
        li_rule = self.rule + (
            light_infantry_reading(rs, enemy) if is_eliminating_pursuer(unit, rs) else ""
        )
        if is_eliminating_pursuer(unit, rs) and is_light_infantry(enemy, rs):
            board.remove(enemy.id, "eliminated")
            self.emit(
                "pursuit.light_infantry_eliminated",
                enemy.id,
                {"by": unit.id, "at": self.label(enemy.at), "side": enemy.side},
                LOSS,
                rule=li_rule,
            )
            self.events.extend(
                kill_attached_leaders(board, enemy, self.rule, "pursuit.general_killed")
            )
            return
        toward = enemy.at.direction_to(unit.at)
        assert toward is not None
        through = side_of_attack(enemy.facing, toward)
        already = PURSUIT_CONTACT in enemy.status
        board.put(unit.with_status(PURSUIT_CONTACT, contact(enemy.id)))
        board.put(enemy.with_status(PURSUIT_CONTACT, contact(unit.id)))
        # contacted again in its flank or rear (interpretations.conform_contacts, cited):
        # by default it conforms to its first contact only; each_contact: to each one
        second = through != FRONT and (already or enemy.id in self.conformed)
        again = rs.interpretations["conform_contacts"]
        also = f"; {again.cite}" if second else ""
        self.emit(
            "pursuit.contact",
            unit.id,
            {
                "enemy": enemy.id,
                "at": self.label(unit.at),
                "enemy_at": self.label(enemy.at),
                "through": through,
                "charge": False,
            },
            rule=f"{li_rule}; {rs.interpretations['contact_melee'].cite}{also}",
        )
        if through != FRONT and (not second or again.reads("each_contact")):
            # "Une unité contactée de flanc ou d'arrière pourra alors se conformer avant le
            # combat": its owner's choice (his choices file), default: it conforms
            # (its owner says nothing: interpretations.silent_conform, cited)
            self.conformed.add(enemy.id)
            silent = rs.interpretations["silent_conform"]
            answer, how = board.decisions.decide(
                enemy.side, enemy.id, "conform", (YES, NO), YES if silent.reads("conforms") else NO
            )
            rule = (self.rule if how != "default" else f"{self.rule}; {silent.cite}") + also
            if answer == NO:
                self.emit(
                    "pursuit.no_conform",
                    enemy.id,
                    {
                        "facing": enemy.facing.name,
                        "toward": unit.id,
                        "through": through,
                        "by": enemy.side,
                        "how": how,
                    },
                    rule=rule,
                )
                return
            board.put(replace(board.units[enemy.id], facing=toward))
            self.emit(
                "pursuit.conform",
                enemy.id,
                {
                    "from": enemy.facing.name,
                    "to": toward.name,
                    "toward": unit.id,
                    "through": through,
                    "by": enemy.side,
                    "how": how,
                },
                rule=rule,
            )

    def run(self) -> list[Event]:
        contacted = self.face_remaining_enemies()
        handled = self.ordered_pursuits(contacted)
        self.holds_and_compulsory(contacted, handled)
        return self.events


def apply(board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> list[Event]:
    """Pursuits of the phasing player's winners, their supports and contacts (001)."""
    return _Pursuit(board, orders, rs, dice).run()

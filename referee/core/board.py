"""A mutable working copy of a state, private to one adjudication.

The engine stays pure from the outside (state in, new state out); inside a phase,
updating thousands of units one at a time on frozen tuples would be quadratic, so
phases work on a ``Board`` (dicts by id and by hex) and freeze it at the end.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from operator import is_
from typing import Any, TypeVar

from msgspec.structs import replace

from referee.core.choices import Decisions
from referee.core.hexgrid import Hex
from referee.core.model import (
    Activation,
    Engagement,
    GameState,
    Leader,
    Removed,
    RemovedWhy,
    Side,
    Unit,
)

_NOBODY: frozenset[str] = frozenset()
T = TypeVar("T")


class Board:
    def __init__(self, state: GameState) -> None:
        self.base = state
        self.map = state.map
        self.grid = state.map.grid
        self.sides: dict[str, Side] = {s.id: s for s in state.sides}
        self.units: dict[str, Unit] = {}
        self.unit_order: dict[str, list[str]] = {}
        self.at: dict[Hex, str] = {}
        for s in state.sides:
            self.unit_order[s.id] = [u.id for u in s.units]
            for u in s.units:
                self.units[u.id] = u
                if u.at is not None:
                    self.at[u.at] = u.id
        self.leaders: dict[str, Leader] = {lead.id: lead for lead in state.leaders()}
        self.off_table: dict[str, list[Unit]] = {s.id: list(s.off_table) for s in state.sides}
        self.removed: dict[str, list[Removed]] = {s.id: list(s.removed) for s in state.sides}
        self.activations: dict[str, list[Activation]] = {
            s.id: list(s.activations) for s in state.sides
        }
        self.engagements: list[Engagement] = list(state.engagements)
        # melee contacts made by a pursuit (not charges, 001 §Poursuite), indexed once:
        # scanning the growing engagement list at every attack made combat quadratic
        self.pursuit_pairs: set[frozenset[str]] = {
            frozenset((e.attacker, e.target))
            for e in state.engagements
            if e.kind == "melee" and not e.charge
        }
        # the engagements indexed by unit as they are appended (_index_engagements)
        self._chargers: dict[str, set[str]] = {}
        self._opponents: dict[str, list[str]] = {}
        self._as_target: dict[str, list[Engagement]] = {}
        self._melee_attackers: set[str] = set()
        self._indexed: tuple[int, int] = (0, 0)  # (id of the list, entries indexed)
        self.order_tokens: dict[str, int] = {s.id: s.order_tokens for s in state.sides}
        self.camps = {s.id: s.camp for s in state.sides}
        # the decisions of units' owners who are not the phasing player (their choices
        # files, referee.core.choices); the phasing player's are in his orders
        self.decisions = Decisions()

    # -- queries ---------------------------------------------------------------------
    def unit_at(self, h: Hex) -> Unit | None:
        uid = self.at.get(h)
        return self.units[uid] if uid is not None else None

    def side_units(self, side: str) -> list[Unit]:
        return [self.units[uid] for uid in self.unit_order[side]]

    def enemy_of(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def leader_hex(self, leader: Leader) -> Hex | None:
        if leader.attached_to is not None and leader.attached_to in self.units:
            return self.units[leader.attached_to].at
        return leader.at

    def leaders_at(self, h: Hex) -> list[Leader]:
        return [
            lead for lead in self.leaders.values() if lead.on_table and self.leader_hex(lead) == h
        ]

    def _index_engagements(self) -> None:
        """Bring the indexes of ``engagements`` up to date. The list is only appended to
        during a phase; one replaced or shortened is indexed again. (Scanning the list
        for every unit or attack made the combat, rout and pursuit phases quadratic.)"""
        engagements = self.engagements
        list_id, seen = self._indexed
        if list_id != id(engagements) or seen > len(engagements):
            self._chargers = {}
            self._opponents = {}
            self._as_target = {}
            self._melee_attackers = set()
            seen = 0
        if seen == len(engagements):
            return
        chargers = self._chargers
        opponents = self._opponents
        as_target = self._as_target
        for e in engagements[seen:]:
            as_target.setdefault(e.target, []).append(e)
            if e.kind != "melee":
                continue
            self._melee_attackers.add(e.attacker)
            if e.charge:
                chargers.setdefault(e.target, set()).add(e.attacker)
            mine = opponents.setdefault(e.attacker, [])
            if e.target not in mine:
                mine.append(e.target)
            if e.target != e.attacker:
                theirs = opponents.setdefault(e.target, [])
                if e.attacker not in theirs:
                    theirs.append(e.attacker)
        self._indexed = (id(engagements), len(engagements))

    def chargers_of(self, target: str) -> AbstractSet[str]:
        """The units that made a melee charge on ``target`` (an evaded charge is no
        engagement, shooting and pursuit contacts are not charges)."""
        self._index_engagements()
        return self._chargers.get(target, _NOBODY)

    def melee_opponents(self, unit_id: str) -> list[str]:
        """The units this unit fought in melee (``engagements``: this player-turn), as
        attacker or defender, each once, in the order of the engagements."""
        self._index_engagements()
        return list(self._opponents.get(unit_id, ()))

    def engagements_on(self, target: str) -> list[Engagement]:
        """The engagements whose target is this unit, in their order."""
        self._index_engagements()
        return list(self._as_target.get(target, ()))

    def attacked_in_melee(self, unit_id: str) -> bool:
        """Did this unit attack in melee (an engagement of kind melee as attacker)?"""
        self._index_engagements()
        return unit_id in self._melee_attackers

    def find_off_table(self, unit_id: str) -> Unit | None:
        for units in self.off_table.values():
            for u in units:
                if u.id == unit_id:
                    return u
        return None

    # -- changes ---------------------------------------------------------------------
    def put(self, unit: Unit) -> None:
        """Store a changed unit (position, facing, status...), keeping the hex index."""
        old = self.units.get(unit.id)
        if old is not None and old.at is not None and self.at.get(old.at) == unit.id:
            del self.at[old.at]
        if old is None:  # entering from off table
            self.off_table[unit.side] = [u for u in self.off_table[unit.side] if u.id != unit.id]
            self.unit_order[unit.side].append(unit.id)
        self.units[unit.id] = unit
        if unit.at is not None:
            self.at[unit.at] = unit.id

    def remove(self, unit_id: str, why: RemovedWhy) -> Unit:
        unit = self.units.pop(unit_id)
        if unit.at is not None and self.at.get(unit.at) == unit_id:
            del self.at[unit.at]
        self.unit_order[unit.side].remove(unit_id)
        self.removed[unit.side].append(
            Removed(unit=unit, why=why, turn=self.base.turn, phase=self.base.phase)
        )
        return unit

    def put_leader(self, leader: Leader) -> None:
        self.leaders[leader.id] = leader

    # -- freezing --------------------------------------------------------------------
    def freeze(self, **changes: Any) -> GameState:
        """The new position. A list the phase left as it was (the very same records, in
        the same order) keeps the position's own tuple, and a side with nothing changed
        is the position's own side: equal values either way, and the state hasher and
        the army count (``referee.core.army``) then know at once what did not change."""
        sides = []
        for s in self.base.sides:
            sid = s.id
            units = _kept(s.units, list(map(self.units.__getitem__, self.unit_order[sid])))
            leaders = _kept(s.leaders, [self.leaders[lead.id] for lead in s.leaders])
            off_table = _kept(s.off_table, self.off_table[sid])
            removed = _kept(s.removed, self.removed[sid])
            activations = _kept(s.activations, self.activations[sid])
            tokens, camp = self.order_tokens[sid], self.camps[sid]
            if (
                units is s.units
                and leaders is s.leaders
                and off_table is s.off_table
                and removed is s.removed
                and activations is s.activations
                and tokens is s.order_tokens
                and camp is s.camp
            ):
                sides.append(s)
                continue
            sides.append(
                replace(
                    s,
                    units=units,
                    leaders=leaders,
                    off_table=off_table,
                    removed=removed,
                    activations=activations,
                    order_tokens=tokens,
                    camp=camp,
                )
            )
        return replace(
            self.base, sides=tuple(sides), engagements=tuple(self.engagements), **changes
        )


def _kept(old: tuple[T, ...], new: list[T]) -> tuple[T, ...]:
    """``old`` if ``new`` holds the very same objects in the same order, else ``tuple(new)``."""
    if len(old) == len(new) and all(map(is_, old, new)):
        return old
    return tuple(new)

"""Exact odds of one combat, computed with the referee's own rules.

``odds(state, rs, attacker_id, target_id, kind)`` sets the combat up with the very
functions the combat phase uses (``referee.core.combat_rules``: dice counts and
modifiers, support, retreat paths, losses) and enumerates every roll: not one
sequence of faces at a time (6**24 for 12 dice against 12) but the multinomial
distribution of face *counts* per symbol class, with exact integer weights over
6**n. Probabilities are exact fractions, reported as floats too.

The classes of a roll, read against its victim: hits that hurt it, flags, tactical
advantages, and the rest (order letters, hits of another kind). Order letters do not
change what happens to the units; their distribution is reported on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from referee.core.board import Board
from referee.core.combat_rules import (
    CombatParams,
    CombatSetup,
    DiceCount,
    Refusal,
    Retreats,
    SideResult,
    attacker_result,
    check_attack,
    final_hex,
    may_evade,
    net_flags,
    plan_evasion,
    setup,
    target_result,
)
from referee.core.hexgrid import Hex
from referee.core.model import GameState
from referee.core.ruleset import Ruleset


class OddsError(ValueError):
    """The question has no answer: unknown units, same side, unknown kind."""


@dataclass(frozen=True, slots=True)
class SideOutcome:
    """What one unit suffers in one outcome."""

    lost: int  # cohesion points lost (hits and blocked retreat hexes)
    retreat: int  # retreat hexes made
    blocked: int  # retreat hexes that could not be made (each counted as a loss)
    routs: bool  # cohesion reached 0: the unit routs in the rout phase
    at: str | None  # its hex after the combat

    def to_json(self) -> dict[str, Any]:
        return {"lost": self.lost, "retreat": self.retreat, "blocked": self.blocked,
                "routs": self.routs, "at": self.at}


@dataclass(frozen=True, slots=True)
class Outcome:
    weight: int  # out of ``total`` equally likely rolls
    total: int  # 6 ** (all dice rolled)
    target: SideOutcome
    attacker: SideOutcome | None  # None for shooting (no riposte)

    @property
    def probability(self) -> Fraction:
        return Fraction(self.weight, self.total)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"probability": float(self.probability),
                               "exact": _fraction(self.probability),
                               "target": self.target.to_json()}
        if self.attacker is not None:
            out["attacker"] = self.attacker.to_json()
        return out


@dataclass(frozen=True)
class Odds:
    attacker: str
    target: str
    kind: str
    charge: bool
    through: str  # front | flank | rear of the target
    distance: int
    attack: DiceCount
    riposte: DiceCount | None
    attacker_cohesion: int
    target_cohesion: int
    attacker_supported: bool
    target_supported: bool
    refusal: Refusal | None  # the order would be refused as the state stands
    evasion: tuple[str, ...] | None  # the target evades along this path: no melee
    outcomes: tuple[Outcome, ...]  # most likely first
    order_tokens: Mapping[str, Mapping[int, Fraction]] = field(default_factory=dict)
    sides: Mapping[str, str] = field(default_factory=dict)  # unit id -> side id

    # -- summaries -------------------------------------------------------------------
    def _side(self, who: str, outcome: Outcome) -> SideOutcome | None:
        return outcome.target if who == "target" else outcome.attacker

    def distribution(self, who: str, what: str) -> dict[int, Fraction]:
        """Marginal distribution of ``lost``, ``retreat`` or ``blocked`` for
        ``who`` = ``target`` or ``attacker``."""
        out: dict[int, Fraction] = {}
        for o in self.outcomes:
            side = self._side(who, o)
            value = int(getattr(side, what)) if side is not None else 0
            out[value] = out.get(value, Fraction(0)) + o.probability
        return dict(sorted(out.items()))

    def rout_probability(self, who: str) -> Fraction:
        return sum((o.probability for o in self.outcomes
                    if (side := self._side(who, o)) is not None and side.routs), Fraction(0))

    def expected_loss(self, who: str) -> Fraction:
        return sum((Fraction(k) * p for k, p in self.distribution(who, "lost").items()),
                   Fraction(0))

    @property
    def total(self) -> Fraction:
        return sum((o.probability for o in self.outcomes), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        def dist(d: Mapping[int, Fraction]) -> dict[str, dict[str, Any]]:
            return {str(k): {"probability": float(p), "exact": _fraction(p)}
                    for k, p in d.items()}

        def summary(who: str, cohesion: int, supported: bool) -> dict[str, Any]:
            rout = self.rout_probability(who)
            loss = self.expected_loss(who)
            return {"cohesion": cohesion, "supported": supported,
                    "rout": {"probability": float(rout), "exact": _fraction(rout)},
                    "expected_loss": {"value": float(loss), "exact": _fraction(loss)},
                    "lost": dist(self.distribution(who, "lost")),
                    "retreat": dist(self.distribution(who, "retreat")),
                    "blocked": dist(self.distribution(who, "blocked"))}

        out: dict[str, Any] = {
            "attacker": self.attacker, "target": self.target, "kind": self.kind,
            "charge": self.charge, "through": self.through, "distance": self.distance,
            "legal": self.refusal is None,
            "refusal": ({"reason": self.refusal.reason, "rule": self.refusal.rule,
                         **self.refusal.data} if self.refusal is not None else None),
            "evasion": list(self.evasion) if self.evasion is not None else None,
            "dice": {"attack": self.attack.to_json(),
                     "riposte": self.riposte.to_json() if self.riposte is not None else None},
            "summary": {"target": summary("target", self.target_cohesion,
                                          self.target_supported)},
            "order_tokens": {side: dist(d) for side, d in self.order_tokens.items()},
            "outcomes": [o.to_json() for o in self.outcomes],
        }
        if self.kind == "melee":
            out["summary"]["attacker"] = summary("attacker", self.attacker_cohesion,
                                                 self.attacker_supported)
        return out


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


# -- enumeration ------------------------------------------------------------------------
# A roll of n dice read against its victim: per tactical-advantage count, the integer
# weight (out of 6**n) of each (hits, flags) pair. Hits are capped where they already
# take all the victim's cohesion: more change nothing.
RollDist = dict[int, dict[tuple[int, int], int]]


def roll_distribution(n: int, hit_faces: int, flag_faces: int, advantage_faces: int,
                      hit_cap: int) -> RollDist:
    rest_faces = 6 - hit_faces - flag_faces - advantage_faces
    out: RollDist = {}
    for h in range(n + 1):
        for f in range(n - h + 1):
            for a in range(n - h - f + 1):
                o = n - h - f - a
                weight = (comb(n, h) * comb(n - h, f) * comb(n - h - f, a)
                          * hit_faces ** h * flag_faces ** f * advantage_faces ** a
                          * rest_faces ** o)
                if weight == 0:
                    continue
                key = (min(h, hit_cap), f)
                bucket = out.setdefault(a, {})
                bucket[key] = bucket.get(key, 0) + weight
    return out


def _hit_cap(cohesion: int, per_hit: int) -> int:
    if per_hit <= 0:
        return 0
    return -(-cohesion // per_hit)


def _binomial(n: int, faces: int) -> dict[int, Fraction]:
    return {k: Fraction(comb(n, k) * faces ** k * (6 - faces) ** (n - k), 6 ** n)
            for k in range(n + 1) if comb(n, k) * faces ** k * (6 - faces) ** (n - k)}


def odds(state: GameState, rs: Ruleset, attacker_id: str, target_id: str,
         kind: str = "melee") -> Odds:
    """The exact odds of ``attacker_id`` attacking ``target_id`` now (``melee`` or
    ``shooting``). An attack the phase would refuse is still computed, with
    ``refusal`` set. Raises OddsError when there is no such combat to compute."""
    board = Board(state)
    params = CombatParams.from_ruleset(rs)
    attacker = board.units.get(attacker_id)
    target = board.units.get(target_id)
    if attacker is None or attacker.at is None:
        raise OddsError(f"no unit {attacker_id!r} on the table")
    if target is None or target.at is None:
        raise OddsError(f"no unit {target_id!r} on the table")
    if kind not in ("melee", "shooting"):
        raise OddsError(f"unknown combat kind {kind!r}: use melee or shooting")
    if attacker.side == target.side:
        raise OddsError(f"{attacker_id} and {target_id} are on the same side")
    refusal = check_attack(board, rs, state.player, attacker_id, target_id, kind)
    s = setup(board, rs, params, attacker, target, kind)
    label = board.grid.label

    evasion = None
    outcomes: tuple[Outcome, ...] = ()
    if may_evade(board, params, target, kind, s.charge):
        path, _ = plan_evasion(board, rs, target, attacker.at, params.evasion_distance,
                               s.target_edge)
        if path:
            evasion = tuple(label(h) for h in path)
    if evasion is None:
        outcomes = _outcomes(board, rs, params, s)

    orders = params.faces_with("order")
    tokens: dict[str, dict[int, Fraction]] = {attacker.side: _binomial(s.attack.total, orders)}
    if s.riposte is not None and evasion is None:
        tokens[target.side] = _binomial(s.riposte.total, orders)
    return Odds(
        attacker=attacker.id, target=target.id, kind=kind, charge=s.charge, through=s.through,
        distance=s.distance, attack=s.attack, riposte=s.riposte,
        attacker_cohesion=attacker.cohesion.current, target_cohesion=target.cohesion.current,
        attacker_supported=s.attacker_supported, target_supported=s.target_supported,
        refusal=refusal, evasion=evasion, outcomes=outcomes, order_tokens=tokens,
        sides={attacker.id: attacker.side, target.id: target.side})


def _outcomes(board: Board, rs: Ruleset, params: CombatParams,
              s: CombatSetup) -> tuple[Outcome, ...]:
    """Every outcome of the combat with its exact probability.

    The attack roll and the riposte are independent; they meet only through the
    tactical advantages (each side's cancel the flags rolled against it) and through
    the target's new hex (the attacker retreats after it). So, for each pair (attack
    advantages, riposte advantages), the target's outcomes come from the attack roll
    alone and the attacker's from the riposte alone, and the joint distribution is
    the sum over pairs of their products.
    """
    label = board.grid.label
    retreats = Retreats(board, rs, s)
    per_hit = params.hit_removes_cohesion
    flags = params.faces_with("flag")
    advantages = params.faces_with("tactical_advantage")
    riposte = s.riposte is not None
    n_att = s.attack.total
    n_dfn = s.riposte.total if s.riposte is not None else 0
    att_dist = roll_distribution(n_att, params.faces_with(s.target_hit), flags, advantages,
                                 _hit_cap(s.target.cohesion.current, per_hit))
    dfn_dist = (roll_distribution(n_dfn, params.faces_with(s.attacker_hit), flags, advantages,
                                  _hit_cap(s.attacker.cohesion.current, per_hit))
                if riposte else {0: {(0, 0): 1}})
    total = 6 ** (n_att + n_dfn)

    def side_key(unit_at: Hex | None, r: SideResult) -> SideOutcome:
        at = r.retreat.path[-1] if r.retreat is not None and r.retreat.path else unit_at
        return SideOutcome(lost=r.lost, retreat=r.made, blocked=r.blocked, routs=r.routs,
                           at=label(at) if at is not None else None)

    # Side outcomes are interned as small ints, one table per side (hashing the
    # dataclasses in the inner loops would dominate the run time).
    tables: tuple[list[SideOutcome], list[SideOutcome]] = ([], [])
    interned: tuple[dict[SideOutcome, int], dict[SideOutcome, int]] = ({}, {})

    def intern(side: int, outcome: SideOutcome) -> int:
        index = interned[side].get(outcome)
        if index is None:
            index = interned[side][outcome] = len(tables[side])
            tables[side].append(outcome)
        return index

    # A side's result depends on the flags and advantages only through the retreat
    # hexes of net_flags(): the caches key on (hits, retreat hexes[, target's hex]).
    target_cache: dict[tuple[int, int], tuple[int, Hex | None]] = {}

    def target_side(hits: int, flags_: int, riposte_adv: int) -> tuple[int, Hex | None]:
        hexes = net_flags(params, flags_, riposte_adv, s.target_supported)[2]
        found = target_cache.get((hits, hexes))
        if found is None:
            t = target_result(params, s, retreats, hits, flags_, riposte_adv)
            found = target_cache[(hits, hexes)] = (intern(0, side_key(s.target.at, t)),
                                                   final_hex(s.target, t))
        return found

    attacker_cache: dict[tuple[int, int, Hex | None], int] = {}

    def attacker_side(hits: int, flags_: int, att_adv: int, target_at: Hex | None) -> int:
        hexes = net_flags(params, flags_, att_adv, s.attacker_supported)[2]
        key = (hits, hexes, target_at)
        found = attacker_cache.get(key)
        if found is None:
            a = attacker_result(params, s, retreats, hits, flags_, att_adv, target_at)
            found = attacker_cache[key] = intern(1, side_key(s.attacker.at, a))
        return found

    # The attacker's retreat sees the target's new hex, but usually does not meet it:
    # target hexes that leave the attacker's longest retreat unchanged leave every
    # shorter one unchanged too (a retreat is a prefix of a longer one), so they share
    # one class.
    longest = n_dfn * params.retreat_hexes_per_flag
    hex_class: dict[Hex | None, Hex | None] = {}
    class_of_plan: dict[tuple[tuple[Hex, ...], int], Hex | None] = {}

    def canonical(target_at: Hex | None) -> Hex | None:
        if target_at not in hex_class:
            plan = retreats.attacker(target_at, longest)
            hex_class[target_at] = class_of_plan.setdefault((plan.path, plan.blocked),
                                                            target_at)
        return hex_class[target_at]

    # The attacker's distribution for one (advantages, advantages, class) is packed in
    # one integer, weight of outcome i in bits [i*slot, (i+1)*slot): every weight and
    # partial sum is at most 6**(n_att+n_dfn), so slots never overflow, and one big
    # integer multiply-add accumulates a whole row of the joint table.
    slot = total.bit_length() + 1

    def packed_attacker(att_adv: int, dfn_adv: int, target_at: Hex | None) -> int:
        weights: dict[int, int] = {}
        for (hits, flags_), weight in dfn_dist[dfn_adv].items():
            aid = attacker_side(hits, flags_, att_adv, target_at)
            weights[aid] = weights.get(aid, 0) + weight
        return sum(w << (aid * slot) for aid, w in weights.items())

    rows: dict[int, int] = {}  # target outcome -> packed attacker weights (or plain weight)
    packed_cache: dict[tuple[int, int, Hex | None], int] = {}
    for att_adv, att_states in att_dist.items():
        for dfn_adv in dfn_dist:
            # the target's fate given the riposte's advantages, grouped by the class of
            # its final hex for the attacker's retreat
            by_class: dict[Hex | None, dict[int, int]] = {}
            for (hits, flags_), weight in att_states.items():
                tid, at = target_side(hits, flags_, dfn_adv)
                group = by_class.setdefault(canonical(at) if riposte else None, {})
                group[tid] = group.get(tid, 0) + weight
            for at, t_weights in by_class.items():
                if riposte:
                    key = (att_adv, dfn_adv, at)
                    packed = packed_cache.get(key)
                    if packed is None:
                        packed = packed_cache[key] = packed_attacker(att_adv, dfn_adv, at)
                else:
                    packed = 1
                for tid, tw in t_weights.items():
                    rows[tid] = rows.get(tid, 0) + tw * packed

    mask = (1 << slot) - 1
    flat: list[tuple[int, int, int]] = []
    for tid, packed in rows.items():
        if not riposte:
            flat.append((packed, tid, -1))
            continue
        aid = 0
        while packed:
            weight = packed & mask
            if weight:
                flat.append((weight, tid, aid))
            packed >>= slot
            aid += 1
    targets, attackers = tables
    # most likely first; ties by the target's then the attacker's (lost, retreat, blocked)
    target_rank = _ranks(targets)
    attacker_rank = _ranks(attackers)
    keyed = sorted((-w, target_rank[t], attacker_rank[a] if a >= 0 else -1, t, a)
                   for w, t, a in flat)
    return tuple(Outcome(-w, total, targets[t], attackers[a] if a >= 0 else None)
                 for w, _, _, t, a in keyed)


def _ranks(outcomes: list[SideOutcome]) -> list[int]:
    order = sorted(range(len(outcomes)), key=lambda i: (
        outcomes[i].lost, outcomes[i].retreat, outcomes[i].blocked))
    ranks = [0] * len(outcomes)
    for rank, index in enumerate(order):
        ranks[index] = rank
    return ranks

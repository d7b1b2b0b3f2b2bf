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

import struct
from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

from msgspec import Struct, field

from referee.core.board import Board
from referee.core.combat_rules import (
    CombatParams,
    CombatSetup,
    DiceCount,
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
from referee.core.errors import OddsError
from referee.core.events import Refusal
from referee.core.hexgrid import Arc, Hex
from referee.core.model import AttackKind, GameState, Problem
from referee.core.ruleset import Ruleset


class SideOutcome(Struct, frozen=True):
    """What one unit suffers in one outcome."""

    lost: int  # cohesion points lost (hits and blocked retreat hexes)
    retreat: int  # retreat hexes made
    blocked: int  # retreat hexes that could not be made (each counted as a loss)
    routs: bool  # cohesion reached 0: the unit routs in the rout phase
    at: str | None  # its hex after the combat

    def to_json(self) -> dict[str, Any]:
        return {
            "lost": self.lost,
            "retreat": self.retreat,
            "blocked": self.blocked,
            "routs": self.routs,
            "at": self.at,
        }


class Outcome(Struct, frozen=True):
    weight: int  # out of ``total`` equally likely rolls
    total: int  # 6 ** (all dice rolled)
    target: SideOutcome
    attacker: SideOutcome | None  # None for shooting (no riposte)

    @property
    def probability(self) -> Fraction:
        return Fraction(self.weight, self.total)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "probability": float(self.probability),
            "exact": _fraction(self.probability),
            "target": self.target.to_json(),
        }
        if self.attacker is not None:
            out["attacker"] = self.attacker.to_json()
        return out


# Dice of one combat (attack and riposte) whose exact odds are computed: one to four
# seconds at 18 against 18 (docs/formats.md §Limits); the rules roll a dozen at most.
MAX_ODDS_DICE = 36


class Odds(Struct, frozen=True):
    attacker: str
    target: str
    kind: AttackKind
    charge: bool
    through: Arc  # of the target
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
    # cohesion the target loses before the dice (combat.multiple_attack_loss), counted
    # in every outcome's ``target.lost``
    multiple_attack_loss: int = 0

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
        return sum(
            (
                o.probability
                for o in self.outcomes
                if (side := self._side(who, o)) is not None and side.routs
            ),
            Fraction(0),
        )

    def expected_loss(self, who: str) -> Fraction:
        return sum(
            (Fraction(k) * p for k, p in self.distribution(who, "lost").items()), Fraction(0)
        )

    @property
    def total(self) -> Fraction:
        return sum((o.probability for o in self.outcomes), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        def dist(d: Mapping[int, Fraction]) -> dict[str, dict[str, Any]]:
            return {str(k): {"probability": float(p), "exact": _fraction(p)} for k, p in d.items()}

        def summary(who: str, cohesion: int, supported: bool) -> dict[str, Any]:
            rout = self.rout_probability(who)
            loss = self.expected_loss(who)
            return {
                "cohesion": cohesion,
                "supported": supported,
                "rout": {"probability": float(rout), "exact": _fraction(rout)},
                "expected_loss": {"value": float(loss), "exact": _fraction(loss)},
                "lost": dist(self.distribution(who, "lost")),
                "retreat": dist(self.distribution(who, "retreat")),
                "blocked": dist(self.distribution(who, "blocked")),
            }

        out: dict[str, Any] = {
            "attacker": self.attacker,
            "target": self.target,
            "kind": self.kind,
            "charge": self.charge,
            "through": self.through,
            "distance": self.distance,
            "legal": self.refusal is None,
            "refusal": (
                {"reason": self.refusal.reason, "rule": self.refusal.rule, **self.refusal.data}
                if self.refusal is not None
                else None
            ),
            "evasion": list(self.evasion) if self.evasion is not None else None,
            "multiple_attack_loss": self.multiple_attack_loss,
            "dice": {
                "attack": self.attack.to_json(),
                "riposte": self.riposte.to_json() if self.riposte is not None else None,
            },
            "summary": {"target": summary("target", self.target_cohesion, self.target_supported)},
            "order_tokens": {side: dist(d) for side, d in self.order_tokens.items()},
            "outcomes": [o.to_json() for o in self.outcomes],
        }
        if self.kind == "melee":
            out["summary"]["attacker"] = summary(
                "attacker", self.attacker_cohesion, self.attacker_supported
            )
        return out


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


# -- enumeration ------------------------------------------------------------------------
# A roll of n dice read against its victim: per tactical-advantage count, the integer
# weight (out of 6**n) of each (hits, flags) pair. Hits are capped where they already
# take all the victim's cohesion: more change nothing.
RollDist = dict[int, dict[tuple[int, int], int]]


def roll_distribution(
    n: int, hit_faces: int, flag_faces: int, advantage_faces: int, hit_cap: int
) -> RollDist:
    rest_faces = 6 - hit_faces - flag_faces - advantage_faces
    hit_powers, flag_powers, advantage_powers, rest_powers = (
        [faces**k for k in range(n + 1)]
        for faces in (hit_faces, flag_faces, advantage_faces, rest_faces)
    )
    out: RollDist = {}
    for h in range(n + 1):
        with_hits = comb(n, h) * hit_powers[h]
        for f in range(n - h + 1):
            with_flags = with_hits * comb(n - h, f) * flag_powers[f]
            if with_flags == 0:
                continue
            key = (min(h, hit_cap), f)
            left = n - h - f
            for a in range(left + 1):
                weight = with_flags * comb(left, a) * advantage_powers[a] * rest_powers[left - a]
                if weight == 0:
                    continue
                bucket = out.setdefault(a, {})
                bucket[key] = bucket.get(key, 0) + weight
    return out


def _hit_cap(cohesion: int, per_hit: int) -> int:
    if per_hit <= 0:
        return 0
    return -(-cohesion // per_hit)


def _binomial(n: int, faces: int) -> dict[int, Fraction]:
    return {
        k: Fraction(comb(n, k) * faces**k * (6 - faces) ** (n - k), 6**n)
        for k in range(n + 1)
        if comb(n, k) * faces**k * (6 - faces) ** (n - k)
    }


def odds(
    state: GameState,
    rs: Ruleset,
    attacker_id: str,
    target_id: str,
    kind: AttackKind = "melee",
    *,
    board: Board | None = None,
) -> Odds:
    """The exact odds of ``attacker_id`` attacking ``target_id`` now (``melee`` or
    ``shooting``). An attack the phase would refuse is still computed, with
    ``refusal`` set. Raises OddsError when there is no such combat to compute.
    ``board``: the state's Board, when the caller has one (it is only read)."""
    board = board if board is not None else Board(state)
    params = CombatParams.from_ruleset(rs)
    attacker = board.units.get(attacker_id)
    target = board.units.get(target_id)
    if attacker is None or attacker.at is None:
        raise OddsError(
            Problem(
                "",
                code="state.no_unit_on_table",
                data={"unit": attacker_id},
            )
        )
    if target is None or target.at is None:
        raise OddsError(
            Problem(
                "",
                code="state.no_unit_on_table",
                data={"unit": target_id},
            )
        )
    if kind not in ("melee", "shooting"):
        raise OddsError(
            Problem(
                "",
                code="odds.unknown_kind",
                data={"kind": kind},
            )
        )
    if attacker.side == target.side:
        raise OddsError(
            Problem(
                "",
                code="odds.same_side",
                data={"attacker": attacker_id, "target": target_id},
            )
        )
    refusal = check_attack(board, rs, state.player, attacker_id, target_id, kind)
    s = setup(board, rs, params, attacker, target, kind)
    rolled = s.attack.total + (s.riposte.total if s.riposte is not None else 0)
    if rolled > MAX_ODDS_DICE:  # the enumeration grows as the fifth power of the dice
        raise OddsError(
            Problem(
                "",
                code="odds.too_many_dice",
                data={"dice": rolled, "limit": MAX_ODDS_DICE},
            )
        )
    label = board.grid.label

    evasion = None
    outcomes: tuple[Outcome, ...] = ()
    if may_evade(board, params, target, kind, s.charge):
        path, _ = plan_evasion(
            board, rs, target, attacker.at, params.evasion_distance, s.target_edge
        )
        if path:
            evasion = tuple(label(h) for h in path)
    if evasion is None and s.target.cohesion.current <= 0:
        # the multiple-attack loss alone takes its last cohesion: no dice are rolled
        outcomes = (
            Outcome(
                1,
                1,
                SideOutcome(s.target_loss, 0, 0, True, label(target.at)),
                SideOutcome(0, 0, 0, False, label(attacker.at)),
            ),
        )
    elif evasion is None:
        outcomes = _outcomes(board, rs, params, s)

    orders = params.faces_with("order")
    tokens: dict[str, dict[int, Fraction]] = {attacker.side: _binomial(s.attack.total, orders)}
    if s.target.cohesion.current <= 0 and evasion is None:
        tokens = {attacker.side: {0: Fraction(1)}}
    elif s.riposte is not None and evasion is None:
        tokens[target.side] = _binomial(s.riposte.total, orders)
    return Odds(
        attacker=attacker.id,
        target=target.id,
        kind=kind,
        charge=s.charge,
        through=s.through,
        distance=s.distance,
        attack=s.attack,
        riposte=s.riposte,
        attacker_cohesion=attacker.cohesion.current,
        target_cohesion=s.target_cohesion,
        attacker_supported=s.attacker_supported,
        target_supported=s.target_supported,
        refusal=refusal,
        evasion=evasion,
        outcomes=outcomes,
        order_tokens=tokens,
        sides={attacker.id: attacker.side, target.id: target.side},
        multiple_attack_loss=s.target_loss if evasion is None else 0,
    )


def _outcomes(
    board: Board, rs: Ruleset, params: CombatParams, s: CombatSetup
) -> tuple[Outcome, ...]:
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
    att_dist = roll_distribution(
        n_att,
        params.faces_with(s.target_hit),
        flags,
        advantages,
        _hit_cap(s.target.cohesion.current, per_hit),
    )
    dfn_dist = (
        roll_distribution(
            n_dfn,
            params.faces_with(s.attacker_hit),
            flags,
            advantages,
            _hit_cap(s.attacker.cohesion.current, per_hit),
        )
        if riposte
        else {0: {(0, 0): 1}}
    )
    total = 6 ** (n_att + n_dfn)
    # the target's longest possible retreat first: every other is cut from it
    if n_att * params.retreat_hexes_per_flag > 0:
        retreats.target(n_att * params.retreat_hexes_per_flag)

    def side_key(unit_at: Hex | None, r: SideResult, lost_before: int = 0) -> SideOutcome:
        at = r.retreat.path[-1] if r.retreat is not None and r.retreat.path else unit_at
        return SideOutcome(
            lost=r.lost + lost_before,
            retreat=r.made,
            blocked=r.blocked,
            routs=r.routs,
            at=label(at) if at is not None else None,
        )

    # Side outcomes are interned as small ints, one table per side (hashing the
    # dataclasses in the inner loops would dominate the run time), numbered in the
    # order the loops below first meet them (ties in the final order follow it).
    tables: tuple[list[SideOutcome], list[SideOutcome]] = ([], [])
    interned: tuple[dict[SideOutcome, int], dict[SideOutcome, int]] = ({}, {})

    def intern(side: int, outcome: SideOutcome) -> int:
        index = interned[side].get(outcome)
        if index is None:
            index = interned[side][outcome] = len(tables[side])
            tables[side].append(outcome)
        return index

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
            hex_class[target_at] = class_of_plan.setdefault((plan.path, plan.blocked), target_at)
        return hex_class[target_at]

    # A side's result depends on the flags and advantages only through the retreat
    # hexes of net_flags() (tabled once per advantages and flags): both sides' caches
    # key on (hits, retreat hexes), the attacker's also on the class of the target's
    # final hex. The target's cache gives a code: code_target[code] is its outcome,
    # code_class[code] the class of its final hex.
    def hexes_table(n_flags: int, n_advantages: int, supported: bool) -> list[list[int]]:
        return [
            [net_flags(params, f, adv, supported)[2] for f in range(n_flags + 1)]
            for adv in range(n_advantages + 1)
        ]

    target_hexes = hexes_table(n_att, n_dfn, s.target_supported)  # [riposte adv][flags]
    attacker_hexes = hexes_table(n_dfn, n_att, s.attacker_supported)  # [attack adv][flags]
    target_codes: dict[tuple[int, int], int] = {}
    code_target: list[int] = []
    code_class: list[Hex | None] = []

    def target_side(hits: int, flags_: int, riposte_adv: int) -> int:
        t = target_result(params, s, retreats, hits, flags_, riposte_adv)
        code = target_codes[(hits, target_hexes[riposte_adv][flags_])] = len(code_target)
        code_target.append(intern(0, side_key(s.target.at, t, s.target_loss)))
        code_class.append(canonical(final_hex(s.target, t)) if riposte else None)
        return code

    attacker_ids: dict[Hex | None, dict[tuple[int, int], int]] = {}

    def attacker_side(hits: int, flags_: int, att_adv: int, target_at: Hex | None) -> int:
        a = attacker_result(params, s, retreats, hits, flags_, att_adv, target_at)
        aid = intern(1, side_key(s.attacker.at, a))
        attacker_ids[target_at][(hits, attacker_hexes[att_adv][flags_])] = aid
        return aid

    # The attacker's distribution for one (advantages, advantages, class) is packed in
    # one integer, weight of outcome i in slot i (``_pack``): every weight and partial
    # sum is at most 6**(n_att+n_dfn), so slots never overflow, and one big integer
    # multiply-add accumulates a whole row of the joint table.
    slot_bytes = _slot_bytes(total)
    attacker_table = tables[1]
    dfn_states = {
        adv: [(h, f, w) for (h, f), w in states.items()] for adv, states in dfn_dist.items()
    }

    # Advantages act only through the retreat hexes of the flags a roll can hold: two
    # advantage counts whose hexes agree up to the roll's most flags give the same
    # packed distribution (and the same target grouping, below), computed once. A
    # repeat would meet only outcomes already numbered, so the numbering is unchanged.
    most_flags = {adv: max(f for _, f in states) for adv, states in dfn_dist.items()}
    packed_seen: dict[tuple[int, tuple[int, ...], Hex | None], int] = {}

    def packed_attacker(att_adv: int, dfn_adv: int, target_at: Hex | None) -> int:
        row = attacker_hexes[att_adv]
        seen_key = (dfn_adv, tuple(row[: most_flags[dfn_adv] + 1]), target_at)
        packed = packed_seen.get(seen_key)
        if packed is not None:
            return packed
        ids = attacker_ids.setdefault(target_at, {})
        weights = [0] * len(attacker_table)
        for hits, flags_, weight in dfn_states[dfn_adv]:
            aid = ids.get((hits, row[flags_]))
            if aid is None:
                aid = attacker_side(hits, flags_, att_adv, target_at)
                weights.extend([0] * (aid + 1 - len(weights)))
            weights[aid] += weight
        packed = packed_seen[seen_key] = _pack(weights, slot_bytes)
        return packed

    rows: dict[int, int] = {}  # target outcome -> packed attacker weights (or plain weight)
    for att_adv, att_states in att_dist.items():
        att_flags = max(f for _, f in att_states) + 1
        # riposte advantages whose retreat hexes agree on the attack's flags share one
        # group: the target's fate, as weights per code, the classes of its final hex
        # in the order they come up, and the sum of the attacker's packed distributions
        # over those riposte advantages, per class (one multiply-add per code, below)
        groups: dict[
            tuple[int, ...], tuple[dict[int, int], list[Hex | None], dict[Hex | None, int]]
        ] = {}
        for dfn_adv in dfn_dist:
            row = target_hexes[dfn_adv]
            group_key = tuple(row[:att_flags])
            group = groups.get(group_key)
            if group is None:
                by_code: dict[int, int] = {}
                for (hits, flags_), weight in att_states.items():
                    code = target_codes.get((hits, row[flags_]))
                    if code is None:
                        code = target_side(hits, flags_, dfn_adv)
                    by_code[code] = by_code.get(code, 0) + weight
                classes = list(dict.fromkeys(code_class[code] for code in by_code))
                group = groups[group_key] = (by_code, classes, {})
            if riposte:
                sums = group[2]
                for at in group[1]:
                    sums[at] = sums.get(at, 0) + packed_attacker(att_adv, dfn_adv, at)
        for by_code, _, sums in groups.values():
            for code, tw in by_code.items():
                tid = code_target[code]
                rows[tid] = rows.get(tid, 0) + (tw * sums[code_class[code]] if riposte else tw)

    targets, attackers = tables
    # Most likely first; ties by the target's then the attacker's (lost, retreat,
    # blocked) rank (a pair of ranks occurs once: nothing further to break ties).
    target_rank = _ranks(targets)
    attacker_rank = _ranks(attackers)
    by_target_rank = _by_rank(targets, target_rank)
    by_attacker_rank: list[SideOutcome | None] = [None, *_by_rank(attackers, attacker_rank)]
    keys: list[tuple[int, int, int]] = []
    append = keys.append
    if riposte:
        attacker_key = [rank + 1 for rank in attacker_rank]  # 0: no attacker outcome
        for tid, packed in rows.items():
            t = target_rank[tid]
            for aid, weight in enumerate(_unpack(packed, len(attackers), slot_bytes)):
                if weight:
                    append((-weight, t, attacker_key[aid]))
    else:
        for tid, weight in rows.items():
            append((-weight, target_rank[tid], 0))
    keys.sort()
    # (8,281 outcomes at 12 dice against 12: Outcome's constructor, written in C, serves)
    return tuple(Outcome(-w, total, by_target_rank[t], by_attacker_rank[a]) for w, t, a in keys)


def _slot_bytes(total: int) -> int:
    """Bytes per slot of a packed distribution whose weights are at most ``total``:
    at least 8, so that the usual case (up to 24 dice) is one 64-bit word a slot."""
    return max(8, (total.bit_length() + 8) // 8)


def _pack(weights: list[int], slot_bytes: int) -> int:
    """Weights (each below 2**(8*slot_bytes)) as one integer, weight i in slot i."""
    if slot_bytes == 8:
        data = struct.pack(f"<{len(weights)}Q", *weights)
    else:
        data = b"".join(w.to_bytes(slot_bytes, "little") for w in weights)
    return int.from_bytes(data, "little")


def _unpack(packed: int, n: int, slot_bytes: int) -> list[int]:
    """The ``n`` weights of a packed distribution (the inverse of ``_pack``)."""
    data = packed.to_bytes(n * slot_bytes, "little")
    if slot_bytes == 8:
        return list(struct.unpack(f"<{n}Q", data))
    return [
        int.from_bytes(data[i : i + slot_bytes], "little")
        for i in range(0, n * slot_bytes, slot_bytes)
    ]


def _by_rank(outcomes: list[SideOutcome], ranks: list[int]) -> list[SideOutcome]:
    out = list(outcomes)
    for index, rank in enumerate(ranks):
        out[rank] = outcomes[index]
    return out


def _ranks(outcomes: list[SideOutcome]) -> list[int]:
    order = sorted(
        range(len(outcomes)),
        key=lambda i: (outcomes[i].lost, outcomes[i].retreat, outcomes[i].blocked),
    )
    ranks = [0] * len(outcomes)
    for rank, index in enumerate(order):
        ranks[index] = rank
    return ranks

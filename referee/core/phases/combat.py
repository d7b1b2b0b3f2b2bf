"""The combat phase: shooting and melee with symbol dice, ripostes, retreats.

Orders ``Attack(unit, target, kind)`` are resolved one at a time in the order given,
always one unit against one (facts: Thucidide ch.4). Each combat goes through the
same fixed steps (docs/combat.md):

1. legality (``combat_rules.check_attack``): a refused order changes nothing and the
   next order is resolved;
2. the attack is declared (``combat.attack``: the target's arc, charge or not) and
   recorded in ``board.engagements``;
3. evasion of a melee charge by a unit with ``reaction: evade`` (``combat.evade``):
   then nothing else happens;
4. the attacker rolls, then in melee the target ripostes at the same time (its dice
   are counted before any result is applied): ``combat.roll``, ``combat.riposte``;
5. results, in this order: order tokens (attacker's side, then defender's), hits on
   the target then on the attacker, the target's retreat then the attacker's (each
   hex that cannot be made is a loss), and a note for each unit left at 0 cohesion
   (it routs in the rout phase).

The numbers come from ``referee.core.combat_rules``, shared with the exact odds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.core.board import Board
from referee.core.combat_rules import (
    PURSUIT_CONTACT,
    REFUSED,
    CombatParams,
    CombatSetup,
    DiceCount,
    Retreats,
    SideResult,
    Tally,
    check_attack,
    face_effect,
    may_evade,
    no_evasion,
    plan_evasion,
    resolve,
    setup,
    supporting_friends,
    tally,
)
from referee.core.dice import Dice
from referee.core.events import INFO, LOSS, Event, Refusal
from referee.core.model import Cohesion, Engagement, Unit
from referee.core.orders import Attack, OrderSet, order_unit
from referee.core.ruleset import Ruleset


def apply(board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> list[Event]:
    params = CombatParams.from_ruleset(rs)
    events: list[Event] = []
    for index, order in enumerate(orders.orders):
        if not isinstance(order, Attack):
            events.append(Refusal(REFUSED, "not_a_combat_order", rs.combat.cite.combat).event(
                order_unit(order), index))
            continue
        events.extend(_combat(board, rs, params, dice, board.base.player, index, order))
    events.extend(_clear_pursuit_contacts(board, rs))
    return events


def _clear_pursuit_contacts(board: Board, rs: Ruleset) -> list[Event]:
    """A contact made by a pursuit stays until a melee resolves it: "Les unités restent
    en contact ... le combat sera résolu lors de la phase de mêlée du tour suivant"
    (001 §Poursuite). At the end of a combat phase, ``pursuit_contact:<id>`` is cleared
    once the two units have fought each other in melee, or are no longer adjacent (one
    moved away or left play); the bare ``pursuit_contact`` goes with the last one. A
    contact that ends without its melee is reported (``combat.contact_ended``)."""
    fought = {frozenset((e.attacker, e.target)) for e in board.engagements
              if e.kind == "melee"}
    prefix = f"{PURSUIT_CONTACT}:"
    events: list[Event] = []
    reported: set[frozenset[str]] = set()
    for unit in list(board.units.values()):
        contacts = [s for s in unit.status if s.startswith(prefix)]
        if not contacts and PURSUIT_CONTACT not in unit.status:
            continue
        stale = []
        for status in contacts:
            other_id = status[len(prefix):]
            other = board.units.get(other_id)
            pair = frozenset((unit.id, other_id))
            if pair in fought:
                stale.append(status)
            elif (other is None or other.at is None or unit.at is None
                    or other.at.distance(unit.at) != 1):
                stale.append(status)
                if pair not in reported:
                    reported.add(pair)
                    events.append(Event("combat.contact_ended", rs.pursuit.cite.pursuit,
                                        unit.id, {"other": other_id,
                                                  "why": "gone" if other is None or
                                                  other.at is None else "separated"}))
        if len(stale) == len(contacts):
            stale.append(PURSUIT_CONTACT)
        if stale:
            board.put(unit.with_status(remove=tuple(stale)))
    return events


def _combat(board: Board, rs: Ruleset, params: CombatParams, dice: Dice, player: str,
            index: int, order: Attack) -> list[Event]:
    refusal = check_attack(board, rs, player, order.unit, order.target, order.kind)
    if refusal is not None:
        return [refusal.with_data(target=order.target, kind=order.kind).event(order.unit, index)]
    attacker = board.units[order.unit]
    target = board.units[order.target]
    assert attacker.at is not None and target.at is not None
    s = setup(board, rs, params, attacker, target, order.kind)
    label = board.grid.label
    cite = rs.combat.cite
    attack_rules = [cite.combat]
    if order.kind == "melee" and not s.charge:  # a contact made by a pursuit
        attack_rules.append(rs.pursuit.cite.pursuit)
    if "pre_played" in attacker.status:  # it may not move, but it may fight
        attack_rules.append(rs.movement_rules.pre_played_cannot_move.source)
    events = [Event("combat.attack", "; ".join(attack_rules), attacker.id, {
        "target": target.id, "kind": order.kind, "from": label(attacker.at),
        "at": label(target.at), "distance": s.distance, "through": s.through,
        "charge": s.charge}, INFO, index)]

    # 3. evasion
    refused_evasion = no_evasion(rs, params, target, order.kind, s.charge)
    if refused_evasion is not None:
        reason, rule = refused_evasion
        events.append(Event("combat.no_evasion", rule, target.id, {
            "attacker": attacker.id, "reason": reason, "kind": order.kind,
            "weight": target.weight, "evasion_weights": sorted(params.evasion_weights)},
            INFO, index))
    elif may_evade(board, params, target, order.kind, s.charge):
        path, why = plan_evasion(board, rs, target, attacker.at, params.evasion_distance,
                                 s.target_edge)
        rule = rs.combat.evasion_distance.source
        if path:
            # the evader gets a pré-joué token (000 / 003 §Précisions sur le mouvement)
            rule = f"{rule}; {rs.movement_rules.pre_played_cannot_move.source}"
            board.put(replace(target, at=path[-1]).with_status("pre_played", "evaded"))
            board.put(attacker.with_status("fought"))
            events.append(Event("combat.evade", rule, target.id, {
                "attacker": attacker.id, "from": label(target.at), "to": label(path[-1]),
                "path": [label(h) for h in path], "hexes": len(path),
                "distance": params.evasion_distance, "stopped": why}, INFO, index))
            return events
        events.append(Event("combat.evade_failed", rule, target.id, {
            "attacker": attacker.id, "why": why, "at": label(target.at)}, INFO, index))

    board.engagements.append(Engagement(attacker.id, target.id, order.kind, s.through,
                                        s.charge))

    # 4. the dice: the attacker's first, then the riposte (physical dice in that order)
    att_values = _roll(dice, s.attack, f"{attacker.id} {order.kind} {target.id}")
    att_symbols = [params.faces[v] for v in att_values]
    att = tally(att_symbols, s.target_hit)
    events.append(_roll_event("combat.roll", _cited(cite.dice, s.attack), s.attack, target.id,
                              order.kind,
                              att_values, att_symbols, s.target_hit, att, index))
    dfn: Tally | None = None
    dfn_values: list[int] = []
    if s.riposte is not None:
        dfn_values = _roll(dice, s.riposte, f"{target.id} riposte {attacker.id}")
        dfn_symbols = [params.faces[v] for v in dfn_values]
        dfn = tally(dfn_symbols, s.attacker_hit)
        events.append(_roll_event("combat.riposte", _cited(cite.riposte, s.riposte), s.riposte,
                                  attacker.id,
                                  order.kind, dfn_values, dfn_symbols, s.attacker_hit, dfn,
                                  index))

    # 5. results
    target_result, attacker_result = resolve(params, s, Retreats(board, rs, s), att, dfn)
    events.extend(_order_tokens(board, rs, attacker, att.orders, index))
    if dfn is not None:
        events.extend(_order_tokens(board, rs, target, dfn.orders, index))
    events.extend(_hit_event(rs, params, target_result, attacker.id, s.target_hit, index))
    if attacker_result is not None:
        events.extend(_hit_event(rs, params, attacker_result, target.id, s.attacker_hit,
                                 index))
    events.extend(_retreat_events(board, rs, s, target, target_result, index))
    if attacker_result is not None:
        events.extend(_retreat_events(board, rs, s, attacker, attacker_result, index))
    for unit, result in ((target, target_result), (attacker, attacker_result)):
        if result is not None and result.routs:
            events.append(Event("combat.rout_pending", rs.rout.cite.rout, unit.id, {
                "cohesion": 0, "lost": result.lost, "unused_retreat_hexes":
                result.hexes if result.retreat is None else 0}, LOSS, index))

    disordered = _disorder(rs, params, (target_result, attacker_result), index, events)

    melee = order.kind == "melee"
    attacker_status = ("fought", "engaged", "charged") if melee and s.charge else (
        ("fought", "engaged") if melee else ("fought",))
    _store(board, attacker, attacker_result,
           attacker_status + (("disordered",) if attacker.id in disordered else ()))
    _store(board, target, target_result,
           (("engaged",) if melee else ()) + (("disordered",) if target.id in disordered else ()))
    return events


def _disorder(rs: Ruleset, params: CombatParams, results: tuple[SideResult | None, ...],
              index: int, events: list[Event]) -> set[str]:
    """Units put in disorder by this combat (``combat.disorder_causes``; no cause by
    default: the texts we have give none)."""
    out: set[str] = set()
    if "blocked_retreat" not in params.disorder_causes:
        return out
    for result in results:
        if result is None or result.routs or result.retreat is None or \
                not result.retreat.blocked:
            continue
        out.add(result.unit)
        events.append(Event("combat.disordered", rs.combat.disorder_causes.source,
                            result.unit, {"cause": "blocked_retreat",
                                          "blocked": result.retreat.blocked}, LOSS, index))
    return out


def _cited(rule: str, count: DiceCount) -> str:
    """A roll's rule, then every rule that decided its number of dice."""
    return "; ".join(dict.fromkeys((rule, *count.rules)))


def _roll(dice: Dice, count: DiceCount, purpose: str) -> list[int]:
    return [dice.roll(f"{purpose}: die {i + 1}/{count.total}") for i in range(count.total)]


def _roll_event(code: str, rule: str, count: DiceCount, opponent: str, kind: str,
                values: list[int], symbols: list[str], victim_hit: str, t: Tally,
                index: int) -> Event:
    data: dict[str, Any] = {
        "role": count.role, "target": opponent, "kind": kind, "factor": count.factor,
        "base": count.base, "modifier_total": count.modifier_total,
        "modifiers": [m.to_json() for m in count.modifiers],
        "modifier_reasons": [f"{m.reason} {m.detail} {m.dice:+d}".replace("  ", " ")
                             for m in count.modifiers],
        "minimum": count.minimum, "dice": count.total, "values": values, "symbols": symbols,
        "faces": [{"value": v, "symbol": sym, "effect": face_effect(sym, victim_hit)}
                  for v, sym in zip(values, symbols, strict=True)],
        "hits": t.hits, "no_effect": t.no_effect, "flags": t.flags, "orders": t.orders,
        "advantages": t.advantages}
    return Event(code, rule, count.unit, data, INFO, index)


def _order_tokens(board: Board, rs: Ruleset, roller: Unit, letters: int,
                  index: int) -> list[Event]:
    if letters <= 0:
        return []
    before = board.order_tokens[roller.side]
    board.order_tokens[roller.side] = before + letters
    return [Event("combat.order_token", rs.combat.cite.order_letter, roller.id, {
        "side": roller.side, "letters": letters, "before": before, "after": before + letters},
        INFO, index)]


def _hit_event(rs: Ruleset, params: CombatParams, result: SideResult, by: str, symbol: str,
               index: int) -> list[Event]:
    if result.hits <= 0:
        return []
    after = max(0, result.cohesion_before - result.hit_loss)
    return [Event("combat.hit", rs.combat.hit_removes_cohesion.source, result.unit, {
        "by": by, "symbol": symbol, "hits": result.hits, "per_hit": params.hit_removes_cohesion,
        "loss": result.cohesion_before - after, "cohesion_before": result.cohesion_before,
        "cohesion_after": after}, LOSS, index)]


def _retreat_events(board: Board, rs: Ruleset, s: CombatSetup, unit: Unit,
                    result: SideResult, index: int) -> list[Event]:
    label = board.grid.label
    events = []
    if result.cancelled or result.ignored:
        rules = []
        if result.cancelled:
            rules.append(rs.combat.tactical_advantage.source)
        if result.ignored:
            rules.append(rs.combat.support.source)
        friends = supporting_friends(board, unit) if result.ignored else []
        events.append(Event("combat.flags_cancelled", "; ".join(rules), unit.id, {
            "flags": result.flags, "cancelled": result.cancelled, "ignored": result.ignored,
            "supported_by": friends, "hexes": result.hexes}, INFO, index))
    plan = result.retreat
    if plan is None:
        return events
    assert unit.at is not None
    if plan.path:
        events.append(Event("combat.retreat", rs.combat.retreat_hexes_per_flag.source,
                            unit.id, {
                                "flags": result.flags, "hexes": plan.requested,
                                "made": len(plan.path), "from": label(unit.at),
                                "to": label(plan.path[-1]),
                                "path": [label(h) for h in plan.path],
                                "edge": (s.target_edge if unit.id == s.target.id
                                         else s.attacker_edge)}, INFO, index))
    if plan.blocked:
        stuck = plan.path[-1] if plan.path else unit.at
        before = max(0, result.cohesion_before - result.hit_loss)
        # a blocked retreat costs cohesion; whether it also disorders is disorder_causes
        blocked_rule = (f"{rs.combat.blocked_retreat_hex_is_loss.source}; "
                        f"{rs.combat.disorder_causes.source}")
        events.append(Event("combat.retreat_blocked", blocked_rule,
                            unit.id, {
                                "hexes": plan.blocked, "requested": plan.requested,
                                "why": plan.why, "at": label(stuck),
                                "per_hex": rs.combat.blocked_retreat_hex_is_loss.value,
                                "loss": before - result.cohesion_after,
                                "cohesion_before": before,
                                "cohesion_after": result.cohesion_after}, LOSS, index))
    return events


def _store(board: Board, unit: Unit, result: SideResult | None, add: tuple[str, ...]) -> None:
    """The unit after its combat: new hex and cohesion, ``add`` statuses (one copy of the
    unit, an unchanged cohesion kept as is)."""
    current = board.units[unit.id]
    changes: dict[str, Any] = {"status": current.status.union(add)}
    if result is not None:
        if result.retreat is not None and result.retreat.path:
            changes["at"] = result.retreat.path[-1]
        if result.cohesion_after != current.cohesion.current:
            changes["cohesion"] = Cohesion(result.cohesion_after, current.cohesion.max)
    board.put(replace(current, **changes))

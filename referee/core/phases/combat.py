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

Before the dice of a charge on a unit already charged this phase, the multiple-attack
loss (``combat.multiple_attack_loss``). After the ordered combats, the melees of the
pursuit contacts no order fought: « le combat sera résolu lors de la phase de mêlée du
tour suivant » (001 §Poursuite), fought without an order or activation, the phasing
player's unit attacking, not a charge; every contact status ends with the phase.

The numbers come from ``referee.core.combat_rules``, shared with the exact odds.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from referee.core.board import Board
from referee.core.combat_rules import (
    REFUSED,
    CombatParams,
    CombatSetup,
    DiceCount,
    Retreats,
    SideResult,
    Tally,
    charges_on,
    check_attack,
    contact_attackers,
    contacts_of,
    contacts_wait,
    face_effect,
    in_contact,
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
from referee.core.hexgrid import Hex
from referee.core.model import (
    PURSUIT_CONTACT,
    Cohesion,
    Contact,
    Engagement,
    Unit,
    UnitStatus,
    contact,
)
from referee.core.orders import Attack, OrderSet, order_unit
from referee.core.ruleset import Ruleset


def apply(board: Board, orders: OrderSet, rs: Ruleset, dice: Dice) -> list[Event]:
    params = CombatParams.from_ruleset(rs)
    events: list[Event] = []
    player = board.base.player
    for index, order in enumerate(orders.orders):
        if not isinstance(order, Attack):
            events.append(
                Refusal(REFUSED, "not_a_combat_order", rs.combat.cite.combat).event(
                    order_unit(order), index
                )
            )
            continue
        events.extend(_combat(board, rs, params, dice, player, index, order))
    if contacts_wait(board, rs):
        events.extend(_held_contacts(board, rs))
        return events
    events.extend(_contact_melees(board, rs, params, dice, player))
    events.extend(_end_pursuit_contacts(board, rs))
    return events


def _held_contacts(board: Board, rs: Ruleset) -> list[Event]:
    """The contacts that wait for the next game turn's melee phase (reading
    ``next_game_turn`` of ``interpretations.contact_melee``): each pair reported once
    (``combat.contact_held``), its statuses kept."""
    events: list[Event] = []
    rule = f"{rs.pursuit.cite.pursuit}; {rs.interpretations['contact_melee'].cite}"
    seen: set[frozenset[str]] = set()
    for side in board.base.sides:
        for uid in board.unit_order[side.id]:
            for other in contacts_of(board.units[uid]):
                if frozenset((uid, other)) not in seen:
                    seen.add(frozenset((uid, other)))
                    events.append(
                        Event(
                            "combat.contact_held",
                            rule,
                            uid,
                            {"other": other, "turn": board.base.turn + 1},
                        )
                    )
    return events


def contact_pairs(board: Board, player: str) -> list[tuple[str, str]]:
    """The pursuit contacts to fight in this combat phase, as (unit of the phasing
    player, enemy), in the order of the phasing player's units, then of the enemy's."""
    enemy = board.enemy_of(player)
    order = {uid: i for i, uid in enumerate(board.unit_order[enemy])}
    pairs = []
    for uid in board.unit_order[player]:
        unit = board.units[uid]
        others = [o for o in contacts_of(unit) if o in order]
        pairs += [(uid, o) for o in sorted(others, key=order.__getitem__)]
    return pairs


def _contact_melees(
    board: Board, rs: Ruleset, params: CombatParams, dice: Dice, player: str
) -> list[Event]:
    """The melees of the pursuit contacts no order has fought: "le combat sera résolu
    lors de la phase de mêlée du tour suivant" (001 §Poursuite). Fought without an order
    or activation, after the ordered combats, the phasing player's unit attacking (it is
    its combat phase); not a charge: no first-round abilities, no evasion, no
    multiple-attack loss. A contact that cannot be fought any more (a unit gone, at 0
    cohesion, or no longer adjacent) ends: ``combat.contact_ended``."""
    events: list[Event] = []
    rule = rs.pursuit.cite.pursuit
    reading = rs.interpretations["contact_melee"].cite
    for uid, other_id in contact_pairs(board, player):
        unit = board.units.get(uid)
        other = board.units.get(other_id)
        if unit is None or other is None or not in_contact(unit, other):
            continue  # fought by an order, or ended with an earlier combat
        refusal = check_attack(board, rs, player, uid, other_id, "melee")
        if refusal is not None:
            continue  # reported by _end_pursuit_contacts
        events.append(
            Event(
                "combat.contact_melee",
                f"{rule}; {reading}",
                uid,
                {
                    "target": other_id,
                    "at": board.grid.label(unit.at) if unit.at else None,
                    "target_at": board.grid.label(other.at) if other.at else None,
                },
            )
        )
        events.extend(
            _combat(
                board,
                rs,
                params,
                dice,
                player,
                None,
                Attack(unit=uid, target=other_id, kind="melee"),
            )
        )
    return events


def _end_pursuit_contacts(board: Board, rs: Ruleset) -> list[Event]:
    """Every pursuit contact ends with the combat phase that fights it: the statuses
    ``pursuit_contact`` and ``pursuit_contact:<id>`` never outlive it. A contact whose
    melee could not be fought is reported (``combat.contact_ended``: ``why`` gone, the
    other unit is out of play; routing, one unit has no cohesion left; separated, the
    units are no longer adjacent; not_phasing, neither unit is the phasing player's)."""
    events: list[Event] = []
    reported: set[frozenset[str]] = set()
    player = board.base.player
    for side in board.base.sides:
        for uid in list(board.unit_order[side.id]):
            unit = board.units[uid]
            if PURSUIT_CONTACT not in unit.status and not contacts_of(unit):
                continue
            for other_id in contacts_of(unit):
                pair = frozenset((uid, other_id))
                if pair in reported:
                    continue
                reported.add(pair)
                other = board.units.get(other_id)
                if other is None or other.at is None or unit.at is None:
                    why = "gone"
                elif unit.cohesion.current <= 0 or other.cohesion.current <= 0:
                    why = "routing"
                elif other.at.distance(unit.at) != 1:
                    why = "separated"
                else:
                    why = "not_phasing" if player not in (unit.side, other.side) else "refused"
                events.append(
                    Event(
                        "combat.contact_ended",
                        rs.pursuit.cite.pursuit,
                        uid,
                        {"other": other_id, "why": why},
                    )
                )
            board.put(
                unit.with_status(remove=(PURSUIT_CONTACT, *(contact(o) for o in contacts_of(unit))))
            )
    return events


def _end_contact(board: Board, a: str, b: str) -> None:
    """The melee of a pursuit contact was fought: the pair's statuses go (the bare
    ``pursuit_contact`` with a unit's last contact)."""
    for uid, other in ((a, b), (b, a)):
        unit = board.units.get(uid)
        if unit is None:
            continue
        remove: list[UnitStatus | Contact] = [contact(other)]
        if contacts_of(unit) == [other]:
            remove.append(PURSUIT_CONTACT)
        board.put(unit.with_status(remove=remove))


def _combat(
    board: Board,
    rs: Ruleset,
    params: CombatParams,
    dice: Dice,
    player: str,
    index: int | None,
    order: Attack,
) -> list[Event]:
    """One combat: ``index`` is its order's, None for the melee of a pursuit contact that
    no order fought (``_contact_melees``)."""
    refusal = check_attack(board, rs, player, order.unit, order.target, order.kind)
    if refusal is not None:
        return [refusal.with_data(target=order.target, kind=order.kind).event(order.unit, index)]
    attacker = board.units[order.unit]
    target = board.units[order.target]
    assert attacker.at is not None and target.at is not None
    contact = order.kind == "melee" and in_contact(attacker, target)
    s = setup(board, rs, params, attacker, target, order.kind)
    label = board.grid.label
    cite = rs.combat.cite
    attack_rules = [cite.combat]
    if order.kind == "melee" and not s.charge:  # a contact made by a pursuit
        attack_rules.append(rs.pursuit.cite.pursuit)
        if (
            params.multiple_attack_loss
            and charges_on(board, target, attacker) + 1 >= params.multiple_attack_from
        ):
            # charged already this phase: no multiple-attack loss after a pursuit contact
            attack_rules.append(rs.combat.multiple_attack_loss.source)
    elif s.charge and s.charges >= params.multiple_attack_from and not s.target_loss:
        attack_rules.append(rs.combat.multiple_attack_loss.source)  # looked at: no loss
    after_contact = s.charge and bool(contact_attackers(board, target) - {attacker.id})
    if after_contact:  # a charge after a contact's melee: the reading that counts it or not
        if rs.combat.multiple_attack_loss.source not in attack_rules:
            attack_rules.append(rs.combat.multiple_attack_loss.source)
        attack_rules.append(rs.interpretations["contact_then_charge"].cite)
    if attacker.has_status("pre_played"):  # it may not move, but it may fight
        attack_rules.append(rs.movement_rules.pre_played_cannot_move.source)
    # "engagement" says in one word what the attack is (docs/combat.md): a melee charge,
    # the melee of a pursuit contact (not a charge, 001 §Poursuite), or shooting
    engagement = (
        "shooting" if order.kind == "shooting" else "charge" if s.charge else "pursuit_contact"
    )
    events = [
        Event(
            "combat.attack",
            "; ".join(attack_rules),
            attacker.id,
            {
                "target": target.id,
                "kind": order.kind,
                "from": label(attacker.at),
                "at": label(target.at),
                "distance": s.distance,
                "through": s.through,
                "charge": s.charge,
                "engagement": engagement,
                "ordered": index is not None,
            },
            INFO,
            index,
        )
    ]

    # 3. evasion
    refused_evasion = no_evasion(rs, params, target, order.kind, s.charge)
    if refused_evasion is not None:
        reason, rule = refused_evasion
        events.append(
            Event(
                "combat.no_evasion",
                rule,
                target.id,
                {
                    "attacker": attacker.id,
                    "reason": reason,
                    "kind": order.kind,
                    "weight": target.weight,
                    "evasion_weights": sorted(params.evasion_weights),
                },
                INFO,
                index,
            )
        )
    elif may_evade(board, params, target, order.kind, s.charge):
        path, why = plan_evasion(
            board, rs, target, attacker.at, params.evasion_distance, s.target_edge
        )
        rule = rs.combat.evasion_distance.source
        if path and not board.grid.contains(path[-1]):
            events.extend(_evade_off_table(board, rs, params, attacker, target, path, index))
            return events
        if path:
            # the evader gets a pré-joué token (000 / 003 §Précisions sur le mouvement)
            rule = f"{rule}; {rs.movement_rules.pre_played_cannot_move.source}"
            board.put(replace(target, at=path[-1]).with_status("pre_played", "evaded"))
            board.put(attacker.with_status("fought"))
            events.append(
                Event(
                    "combat.evade",
                    rule,
                    target.id,
                    {
                        "attacker": attacker.id,
                        "from": label(target.at),
                        "to": label(path[-1]),
                        "path": [label(h) for h in path],
                        "hexes": len(path),
                        "distance": params.evasion_distance,
                        "stopped": why,
                    },
                    INFO,
                    index,
                )
            )
            return events
        if why == "off_table":  # the edge, where its side may not leave the table
            rule = f"{rule}; {rs.movement_rules.cite.off_table}"
        events.append(
            Event(
                "combat.evade_failed",
                rule,
                target.id,
                {"attacker": attacker.id, "why": why, "at": label(target.at)},
                INFO,
                index,
            )
        )

    board.engagements.append(Engagement(attacker.id, target.id, order.kind, s.through, s.charge))
    if contact:  # the contact is fought now: its statuses go
        _end_contact(board, attacker.id, target.id)

    # multiple attacks: charged again in this phase, the target loses cohesion first
    if s.target_loss:
        c = rs.combat
        events.append(
            Event(
                "combat.multiple_attack",
                f"{c.multiple_attack_loss.source}; {c.multiple_attack_from.source}"
                + (f"; {rs.interpretations['contact_then_charge'].cite}" if after_contact else ""),
                target.id,
                {
                    "attacker": attacker.id,
                    "charges": s.charges,
                    "from": params.multiple_attack_from,
                    "loss": s.target_loss,
                    "cohesion_before": s.target_cohesion,
                    "cohesion_after": s.target.cohesion.current,
                },
                LOSS,
                index,
            )
        )
        if s.target.cohesion.current <= 0:  # routed by the shock alone: no dice
            events.append(
                Event(
                    "combat.rout_pending",
                    rs.rout.cite.rout,
                    target.id,
                    {"cohesion": 0, "lost": s.target_loss, "unused_retreat_hexes": 0},
                    LOSS,
                    index,
                )
            )
            _store(board, attacker, None, ("fought", "engaged", "charged"))
            board.put(
                replace(board.units[target.id], cohesion=s.target.cohesion).with_status("engaged")
            )
            return events

    # 4. the dice: the attacker's first, then the riposte (physical dice in that order)
    att_values = _roll(dice, s.attack, f"{attacker.id} {order.kind} {target.id}")
    att_symbols = [params.faces[v] for v in att_values]
    att = tally(att_symbols, s.target_hit)
    events.append(
        _roll_event(
            "combat.roll",
            _cited(cite.dice, s.attack),
            s.attack,
            target.id,
            order.kind,
            att_values,
            att_symbols,
            s.target_hit,
            att,
            index,
        )
    )
    dfn: Tally | None = None
    dfn_values: list[int] = []
    if s.riposte is not None:
        dfn_values = _roll(dice, s.riposte, f"{target.id} riposte {attacker.id}")
        dfn_symbols = [params.faces[v] for v in dfn_values]
        dfn = tally(dfn_symbols, s.attacker_hit)
        events.append(
            _roll_event(
                "combat.riposte",
                _cited(cite.riposte, s.riposte),
                s.riposte,
                attacker.id,
                order.kind,
                dfn_values,
                dfn_symbols,
                s.attacker_hit,
                dfn,
                index,
            )
        )

    # 5. results
    target_result, attacker_result = resolve(params, s, Retreats(board, rs, s), att, dfn)
    events.extend(_order_tokens(board, rs, attacker, att.orders, index))
    if dfn is not None:
        events.extend(_order_tokens(board, rs, target, dfn.orders, index))
    events.extend(_hit_event(rs, params, target_result, attacker.id, s.target_hit, index))
    if attacker_result is not None:
        events.extend(_hit_event(rs, params, attacker_result, target.id, s.attacker_hit, index))
    events.extend(_retreat_events(board, rs, s, target, target_result, index))
    if attacker_result is not None:
        events.extend(_retreat_events(board, rs, s, attacker, attacker_result, index))
    for unit, result in ((target, target_result), (attacker, attacker_result)):
        if result is not None and result.routs:
            events.append(
                Event(
                    "combat.rout_pending",
                    rs.rout.cite.rout,
                    unit.id,
                    {
                        "cohesion": 0,
                        "lost": result.lost,
                        "unused_retreat_hexes": result.hexes if result.retreat is None else 0,
                    },
                    LOSS,
                    index,
                )
            )

    disordered = _disorder(rs, params, (target_result, attacker_result), index, events)

    melee = order.kind == "melee"
    attacker_status = (
        ("fought", "engaged", "charged")
        if melee and s.charge
        else (("fought", "engaged") if melee else ("fought",))
    )
    _store(
        board,
        board.units[attacker.id],
        attacker_result,
        attacker_status + (("disordered",) if attacker.id in disordered else ()),
    )
    _store(
        board,
        board.units[target.id],
        target_result,
        (("engaged",) if melee else ()) + (("disordered",) if target.id in disordered else ()),
    )
    return events


def _evade_off_table(
    board: Board,
    rs: Ruleset,
    params: CombatParams,
    attacker: Unit,
    target: Unit,
    path: tuple[Hex, ...],
    index: int | None,
) -> list[Event]:
    """An evasion that the table edge would stop leaves the table where the scenario lets
    the unit's side leave it (``side.exits``): the unit is out of play, counted as a unit
    that left the table (001 §Déroute de l'armée, "1 unité de cavalerie légère qui a fui
    hors de la table suite à une charge ennemie"); its attached leaders leave with it."""
    label = board.grid.label
    assert target.at is not None
    out = path[-1]
    edges = board.grid.exit_edges(out)
    rule = "; ".join(
        (
            rs.combat.evasion_distance.source,
            rs.movement_rules.cite.off_table,
            rs.army_break.loss_left_table.source,
        )
    )
    board.remove(target.id, "left_table")
    board.put(attacker.with_status("fought"))
    leaders = []
    for lead in list(board.leaders.values()):
        if lead.attached_to == target.id and lead.on_table:
            board.put_leader(
                replace(lead, at=None, attached_to=None, status=lead.status | {"fled_off_table"})
            )
            leaders.append(lead.id)
    return [
        Event(
            "combat.evade_off_table",
            rule,
            target.id,
            {
                "attacker": attacker.id,
                "from": label(target.at),
                "path": [label(h) for h in path],
                "to": label(out),
                "edges": edges,
                "exits": list(board.sides[target.side].exits),
                "hexes": len(path),
                "distance": params.evasion_distance,
                "leaders": leaders,
            },
            LOSS,
            index,
        )
    ]


def _disorder(
    rs: Ruleset,
    params: CombatParams,
    results: tuple[SideResult | None, ...],
    index: int | None,
    events: list[Event],
) -> set[str]:
    """Units put in disorder by this combat (``combat.disorder_causes``; no cause by
    default: the texts we have give none)."""
    out: set[str] = set()
    if "blocked_retreat" not in params.disorder_causes:
        return out
    for result in results:
        if result is None or result.routs or result.retreat is None or not result.retreat.blocked:
            continue
        out.add(result.unit)
        events.append(
            Event(
                "combat.disordered",
                rs.combat.disorder_causes.source,
                result.unit,
                {"cause": "blocked_retreat", "blocked": result.retreat.blocked},
                LOSS,
                index,
            )
        )
    return out


def _cited(rule: str, count: DiceCount) -> str:
    """A roll's rule, then every rule that decided its number of dice."""
    return "; ".join(dict.fromkeys((rule, *count.rules)))


def _roll(dice: Dice, count: DiceCount, purpose: str) -> list[int]:
    return [dice.roll(f"{purpose}: die {i + 1}/{count.total}") for i in range(count.total)]


def _roll_event(
    code: str,
    rule: str,
    count: DiceCount,
    opponent: str,
    kind: str,
    values: list[int],
    symbols: list[str],
    victim_hit: str,
    t: Tally,
    index: int | None,
) -> Event:
    data: dict[str, Any] = {
        "role": count.role,
        "target": opponent,
        "kind": kind,
        "factor": count.factor,
        "base": count.base,
        "modifier_total": count.modifier_total,
        "modifiers": [m.to_json() for m in count.modifiers],
        "modifier_reasons": [
            f"{m.reason} {m.detail} {m.dice:+d}".replace("  ", " ") for m in count.modifiers
        ],
        "minimum": count.minimum,
        "dice": count.total,
        "values": values,
        "symbols": symbols,
        "faces": [
            {"value": v, "symbol": sym, "effect": face_effect(sym, victim_hit)}
            for v, sym in zip(values, symbols, strict=True)
        ],
        "hits": t.hits,
        "no_effect": t.no_effect,
        "flags": t.flags,
        "orders": t.orders,
        "advantages": t.advantages,
    }
    return Event(code, rule, count.unit, data, INFO, index)


def _order_tokens(
    board: Board, rs: Ruleset, roller: Unit, letters: int, index: int | None
) -> list[Event]:
    if letters <= 0:
        return []
    before = board.order_tokens[roller.side]
    board.order_tokens[roller.side] = before + letters
    return [
        Event(
            "combat.order_token",
            rs.combat.cite.order_letter,
            roller.id,
            {"side": roller.side, "letters": letters, "before": before, "after": before + letters},
            INFO,
            index,
        )
    ]


def _hit_event(
    rs: Ruleset, params: CombatParams, result: SideResult, by: str, symbol: str, index: int | None
) -> list[Event]:
    if result.hits <= 0:
        return []
    after = max(0, result.cohesion_before - result.hit_loss)
    return [
        Event(
            "combat.hit",
            rs.combat.hit_removes_cohesion.source,
            result.unit,
            {
                "by": by,
                "symbol": symbol,
                "hits": result.hits,
                "per_hit": params.hit_removes_cohesion,
                "loss": result.cohesion_before - after,
                "cohesion_before": result.cohesion_before,
                "cohesion_after": after,
            },
            LOSS,
            index,
        )
    ]


def _retreat_events(
    board: Board, rs: Ruleset, s: CombatSetup, unit: Unit, result: SideResult, index: int | None
) -> list[Event]:
    label = board.grid.label
    events = []
    if result.cancelled or result.ignored:
        rules = []
        if result.cancelled:
            rules.append(rs.combat.tactical_advantage.source)
        if result.ignored:
            rules.append(rs.combat.support.source)
        friends = supporting_friends(board, unit) if result.ignored else []
        events.append(
            Event(
                "combat.flags_cancelled",
                "; ".join(rules),
                unit.id,
                {
                    "flags": result.flags,
                    "cancelled": result.cancelled,
                    "ignored": result.ignored,
                    "supported_by": friends,
                    "hexes": result.hexes,
                },
                INFO,
                index,
            )
        )
    plan = result.retreat
    if plan is None:
        return events
    assert unit.at is not None
    if plan.path:
        events.append(
            Event(
                "combat.retreat",
                rs.combat.retreat_hexes_per_flag.source,
                unit.id,
                {
                    "flags": result.flags,
                    "hexes": plan.requested,
                    "made": len(plan.path),
                    "from": label(unit.at),
                    "to": label(plan.path[-1]),
                    "path": [label(h) for h in plan.path],
                    "edge": (s.target_edge if unit.id == s.target.id else s.attacker_edge),
                },
                INFO,
                index,
            )
        )
    if plan.blocked:
        stuck = plan.path[-1] if plan.path else unit.at
        before = max(0, result.cohesion_before - result.hit_loss)
        # a blocked retreat costs cohesion; whether it also disorders is disorder_causes
        blocked_rule = (
            f"{rs.combat.blocked_retreat_hex_is_loss.source}; {rs.combat.disorder_causes.source}"
        )
        events.append(
            Event(
                "combat.retreat_blocked",
                blocked_rule,
                unit.id,
                {
                    "hexes": plan.blocked,
                    "requested": plan.requested,
                    "why": plan.why,
                    "at": label(stuck),
                    "per_hex": rs.combat.blocked_retreat_hex_is_loss.value,
                    "loss": before - result.cohesion_after,
                    "cohesion_before": before,
                    "cohesion_after": result.cohesion_after,
                },
                LOSS,
                index,
            )
        )
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

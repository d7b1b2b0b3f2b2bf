"""Combat rules shared by the combat phase and the exact odds.

Everything that decides a number of a combat lives here, once: who may fight, how
many dice each side rolls and why, what each face means against a given target,
how flags turn into retreat hexes, the retreat and evasion paths, and what a
side loses. ``referee.core.phases.combat`` rolls the dice and applies these
functions to the board; ``referee.core.odds`` enumerates every possible roll and
applies the very same functions, so a player's odds can never disagree with the
referee. Every choice the texts leave open is a ``combat:`` value of the ruleset
(marked ``interpretation:``) or is written down in ``docs/combat.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from referee.core.board import Board
from referee.core.events import Refusal
from referee.core.hexgrid import Arc, Direction, Hex, line, side_of_attack
from referee.core.model import (
    CONTACT_STATUS,
    AttackKind,
    Cohesion,
    Edge,
    Engagement,
    Unit,
    contact,
)
from referee.core.ruleset import Ruleset

REFUSED = "combat.refused"  # the event code of a refused combat order

KINDS: tuple[str, ...] = ("melee", "shooting")

# Statuses that forbid starting a combat, most specific first (the movement phase
# sets ``no_combat`` together with ``road_march`` or ``mounted_move``).
NO_COMBAT_STATUSES: tuple[str, ...] = ("road_march", "mounted_move", "no_combat")

# Angle (degrees, clockwise from north) of each hexside and of each table edge's
# outward normal: used to order retreat and evasion candidates.
_HEXSIDE_ANGLE = {d: 60 * d.value for d in Direction}
# The six hexsides in order (iterating the Direction enum itself is slow; support is
# looked up twice per combat).
_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
_EDGE_ANGLE = {"N": 0, "E": 90, "S": 180, "W": 270}


def _angle_gap(a: int, b: int) -> int:
    gap = abs(a - b) % 360
    return min(gap, 360 - gap)


# -- the ruleset's combat values, flat for the hot loops of the odds ---------------------
class CombatParams(Struct, frozen=True):
    """The values of ``rs.combat`` (checked and typed by the ruleset), flat: the exact
    odds read them millions of times. Citations are read from ``rs.combat`` itself."""

    faces: Mapping[int, str]  # die value -> symbol
    face_labels: Mapping[int, str]
    hit_removes_cohesion: int
    retreat_hexes_per_flag: int
    blocked_retreat_hex_is_loss: int
    tactical_advantage: str  # cancel_flag | none
    support: str  # ignore_one_flag | none
    support_min_friends: int
    evasion_distance: int
    evasion_weights: frozenset[str]
    terrain_dice_penalty: int
    moved_dice_loss_per_hex: int
    minimum_dice: int
    first_round_abilities: tuple[str, ...]
    first_round_bonus_dice: int
    behind_palisade_dice_penalty: int
    palisade_hexsides: frozenset[str]
    wagon_defensive_position: bool
    disorder_causes: frozenset[str] = frozenset()  # blocked_retreat
    multiple_attack_loss: int = 0  # cohesion lost by a unit charged again in one phase
    multiple_attack_from: int = 2  # from which charge against it in the phase
    contact_counts: bool = False  # a pursuit contact's melee counts (contact_then_charge)

    @classmethod
    def from_ruleset(cls, rs: Ruleset) -> CombatParams:
        c = rs.combat
        return cls(
            faces={k: f.symbol for k, f in c.die_faces.items()},
            face_labels={k: f.label for k, f in c.die_faces.items()},
            hit_removes_cohesion=c.hit_removes_cohesion.value,
            retreat_hexes_per_flag=c.retreat_hexes_per_flag.value,
            blocked_retreat_hex_is_loss=c.blocked_retreat_hex_is_loss.value,
            tactical_advantage=c.tactical_advantage.value,
            support=c.support.value,
            support_min_friends=c.support_min_friends.value,
            evasion_distance=c.evasion_distance.value,
            evasion_weights=c.evasion_weights.value,
            terrain_dice_penalty=c.terrain_dice_penalty.value,
            moved_dice_loss_per_hex=c.moved_dice_loss_per_hex.value,
            minimum_dice=c.minimum_dice.value,
            first_round_abilities=c.first_round_abilities.value,
            first_round_bonus_dice=c.first_round_bonus_dice.value,
            behind_palisade_dice_penalty=c.behind_palisade_dice_penalty.value,
            palisade_hexsides=c.palisade_hexsides.value,
            wagon_defensive_position=rs.movement_rules.wagon_defensive_position.value,
            disorder_causes=c.disorder_causes.value,
            multiple_attack_loss=c.multiple_attack_loss.value,
            multiple_attack_from=c.multiple_attack_from.value,
            contact_counts=rs.interpretations["contact_then_charge"].reads("contact_counted"),
        )

    def faces_with(self, symbol: str) -> int:
        return sum(1 for s in self.faces.values() if s == symbol)


def hit_symbol(rs: Ruleset, unit: Unit) -> str:
    """The die symbol that hurts this unit (``hit_<unit_types.<type>.hit_by>``)."""
    return f"hit_{rs.unit_types[unit.type].hit_by}"


def face_effect(symbol: str, victim_hit: str) -> str:
    """What one face means against a given opponent."""
    if symbol.startswith("hit_"):
        return "hit" if symbol == victim_hit else "no_effect"
    return symbol  # flag | order | tactical_advantage


# -- who may fight -------------------------------------------------------------------------


def contacts_of(unit: Unit) -> list[str]:
    """The enemies a unit is held in contact with by a pursuit (its
    ``pursuit_contact:<id>`` statuses), sorted."""
    prefix = CONTACT_STATUS
    return sorted(s[len(prefix) :] for s in unit.status if s.startswith(prefix))


def in_contact(a: Unit, b: Unit) -> bool:
    """The two units are still held in a pursuit contact (not fought yet)."""
    return contact(b.id) in a.status or contact(a.id) in b.status


def contacts_wait(board: Board, rs: Ruleset) -> bool:
    """The pursuit contacts are not fought in this combat phase: the reading
    ``next_game_turn`` of « la phase de mêlée du tour suivant » (001 §Poursuite,
    ``interpretations.contact_melee``) fights them in the first player's combat phase
    of the next game turn only; a contact the first player's pursuit made waits through
    the other player's player-turn."""
    return (
        rs.interpretations["contact_melee"].reads("next_game_turn")
        and board.base.player != board.base.sides[0].id
    )


def pursuit_contact(board: Board, a: Unit, b: Unit) -> bool:
    """The two units are in a contact made by a pursuit: an engagement between them
    with ``charge: false``, or the pursuit phase's ``pursuit_contact:<id>`` status."""
    if frozenset((a.id, b.id)) in board.pursuit_pairs:
        return True
    return contact(b.id) in a.status or contact(a.id) in b.status


def is_charge(board: Board, attacker: Unit, target: Unit, kind: AttackKind) -> bool:
    """A melee is a charge unless the two units are in a contact made by a pursuit:
    "Un contact suite à une poursuite n'est pas considéré comme une charge" (001
    §Poursuite). Shooting is never a charge."""
    return kind == "melee" and not pursuit_contact(board, attacker, target)


def check_attack(
    board: Board,
    rs: Ruleset,
    player: str,
    unit_id: str,
    target_id: str,
    kind: str,
    *,
    statuses: bool = True,
) -> Refusal | None:
    """Why this attack may not be made (None: it may). ``statuses=False`` checks only
    what does not depend on this turn's statuses (used by the odds)."""
    cite = rs.combat.cite
    attacker = board.units.get(unit_id)
    target = board.units.get(target_id)
    if attacker is None or attacker.at is None:
        return Refusal(REFUSED, "not_on_table", cite.combat, {"unit": unit_id})
    if target is None or target.at is None:
        return Refusal(REFUSED, "target_not_on_table", cite.combat, {"target_unit": target_id})
    if kind not in KINDS:
        return Refusal(REFUSED, "unknown_kind", cite.combat, {"kind_given": kind})
    if attacker.side != player:
        return Refusal(
            REFUSED, "not_own_unit", cite.combat, {"unit_side": attacker.side, "player": player}
        )
    if target.side == attacker.side:
        return Refusal(
            REFUSED, "target_not_enemy", cite.one_against_one, {"target_side": target.side}
        )
    # the melee of a pursuit contact needs no activation, and a unit contacted by two
    # pursuers fights them both ("le combat sera résolu lors de la phase de mêlée du
    # tour suivant", 001 §Poursuite; facts: once per phase "except as part of a pursuit")
    contact_melee = kind == "melee" and in_contact(attacker, target)
    if statuses and contact_melee and contacts_wait(board, rs):
        return Refusal(
            REFUSED,
            "contact_waits",
            f"{rs.pursuit.cite.pursuit}; {rs.interpretations['contact_melee'].cite}",
            {"target": target_id},
        )
    if statuses and not contact_melee:
        if not attacker.has_status("activated"):
            return Refusal(
                REFUSED, "not_activated", cite.activated_only, {"status": sorted(attacker.status)}
            )
        if attacker.has_status("fought"):
            return Refusal(REFUSED, "already_fought", cite.once_per_phase)
        contacts = contacts_of(attacker)
        if contacts:  # held by its contact: that melee is its combat of the phase
            return Refusal(
                REFUSED, "in_pursuit_contact", rs.pursuit.cite.pursuit, {"contacts": contacts}
            )
        for status in NO_COMBAT_STATUSES:
            if status in attacker.status:
                return Refusal(
                    REFUSED,
                    status,
                    _no_combat_rule(rs, attacker, status),
                    {"status": sorted(attacker.status)},
                )
    if attacker.cohesion.current <= 0:
        return Refusal(
            REFUSED, "attacker_routing", rs.rout.cite.rout, {"cohesion": attacker.cohesion.current}
        )
    if target.cohesion.current <= 0:
        return Refusal(
            REFUSED, "target_routing", rs.rout.cite.rout, {"cohesion": target.cohesion.current}
        )
    distance = attacker.at.distance(target.at)
    if kind == "melee" and distance != 1:
        return Refusal(REFUSED, "not_adjacent", cite.melee, {"distance": distance})
    if kind == "shooting":
        if attacker.factors.shooting <= 0:
            return Refusal(
                REFUSED,
                "no_shooting_factor",
                cite.shooting,
                {"shooting": attacker.factors.shooting},
            )
        if distance > attacker.factors.range:
            return Refusal(
                REFUSED,
                "out_of_range",
                cite.shooting,
                {"distance": distance, "range": attacker.factors.range},
            )
    return None


def _no_combat_rule(rs: Ruleset, unit: Unit, status: str) -> str:
    """What forbids a unit to fight after its move: a road march, a mounted move, or a
    move beyond the combat part of its table cell (``ss cb``, the cell's row)."""
    if status == "road_march":
        return rs.movement_rules.road_march_no_combat.source
    if status == "mounted_move":
        return rs.movement_rules.mounted_no_combat.source
    return rs.row_source(unit.type)


def attack_side(target: Unit, attacker_at: Hex) -> tuple[Direction, Arc]:
    """The target's hexside the attack comes through, and its arc (front/flank/rear).
    For shooting at range: the first hexside of the straight line toward the shooter."""
    assert target.at is not None
    direction = target.at.direction_to(attacker_at)
    if direction is None:
        step = line(target.at, attacker_at)[1]
        direction = target.at.direction_to(step)
        assert direction is not None
    return direction, side_of_attack(target.facing, direction)


def engagement(attacker: Unit, target: Unit, kind: AttackKind, charge: bool) -> Engagement:
    assert attacker.at is not None
    _, through = attack_side(target, attacker.at)
    return Engagement(
        attacker=attacker.id, target=target.id, kind=kind, through=through, charge=charge
    )


# -- dice ----------------------------------------------------------------------------------
class Modifier(Struct, frozen=True):
    reason: str  # terrain | moved_artillery | first_round | behind_palisade
    dice: int  # signed
    source: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "dice": self.dice,
            "detail": self.detail,
            "source": self.source,
        }


class DiceCount(Struct, frozen=True):
    unit: str
    role: str  # attack | riposte
    factor: str  # shooting | assault | melee
    base: int
    modifiers: tuple[Modifier, ...]
    minimum: int
    total: int
    # every rule that decided the count: the modifiers' sources, and the rules looked at
    # that changed nothing here (an unmoved (**) gun, a first-round trait when shooting,
    # a wagon position the ruleset does not have): the roll events cite them all
    rules: tuple[str, ...] = ()

    @property
    def modifier_total(self) -> int:
        return sum(m.dice for m in self.modifiers)

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "role": self.role,
            "factor": self.factor,
            "base": self.base,
            "modifiers": [m.to_json() for m in self.modifiers],
            "modifier_total": self.modifier_total,
            "minimum": self.minimum,
            "dice": self.total,
        }


def behind_palisade(
    board: Board, params: CombatParams, attacker: Unit, target: Unit, kind: AttackKind
) -> str | None:
    """Why the target counts as behind a palisade against this attack, if it does."""
    if (
        params.wagon_defensive_position
        and target.has("wagon_borne")
        and target.has_status("stationary")
    ):
        return "wagon_borne"
    if kind == "melee" and attacker.at is not None and target.at is not None:
        feature = board.map.hexside(attacker.at, target.at)
        if feature is not None and feature in params.palisade_hexsides:
            return feature
    return None


def dice_count(
    board: Board,
    rs: Ruleset,
    params: CombatParams,
    unit: Unit,
    opponent: Unit,
    kind: AttackKind,
    role: str,
    charge: bool,
) -> DiceCount:
    """How many dice ``unit`` rolls against ``opponent``, with every modifier named."""
    factor = "melee" if role == "riposte" else ("shooting" if kind == "shooting" else "assault")
    base = int(getattr(unit.factors, factor))
    mods: list[Modifier] = []
    rules: list[str] = []
    c = rs.combat
    allowance = rs.allowance(unit.type, unit.weight)
    if allowance.die_per_hex:
        rules.append(c.moved_dice_loss_per_hex.source)
        if unit.moved_hexes > 0 and params.moved_dice_loss_per_hex:
            mods.append(
                Modifier(
                    "moved_artillery",
                    -params.moved_dice_loss_per_hex * unit.moved_hexes,
                    c.moved_dice_loss_per_hex.source,
                    f"{unit.moved_hexes} hex",
                )
            )
    if params.terrain_dice_penalty:
        category = rs.category(unit.type)
        for where, h in (("own_hex", unit.at), ("opponent_hex", opponent.at)):
            if h is None:
                continue
            terrain_key = board.map.terrain_at(h)
            terrain = rs.terrain[terrain_key]
            if category in terrain.combat_penalty:
                mods.append(
                    Modifier(
                        "terrain",
                        -params.terrain_dice_penalty,
                        c.terrain_dice_penalty.source,
                        f"{terrain_key} ({where})",
                    )
                )
                rules += [c.terrain_dice_penalty.source, terrain.source]
                break  # one penalty, whether from or into the terrain
    if role == "attack":
        traits = [t for t in params.first_round_abilities if t in unit.traits]
        if traits:  # first round of a melee only: not when shooting, nor after a pursuit
            rules.append(c.first_round_abilities.source)
        if charge and params.first_round_bonus_dice:
            for trait in traits:
                mods.append(
                    Modifier(
                        "first_round",
                        params.first_round_bonus_dice,
                        c.first_round_bonus_dice.source,
                        trait,
                    )
                )
                rules.append(c.first_round_bonus_dice.source)
    if role == "attack" and params.behind_palisade_dice_penalty:
        why = behind_palisade(board, params, unit, opponent, kind)
        if why is not None:
            source = c.behind_palisade_dice_penalty.source
            if why == "wagon_borne":
                source = f"{rs.movement_rules.wagon_defensive_position.source}; {source}"
            else:
                rules.append(c.palisade_hexsides.source)
            mods.append(
                Modifier("behind_palisade", -params.behind_palisade_dice_penalty, source, why)
            )
            rules.append(source)
        elif opponent.has("wagon_borne"):  # it moved, or the ruleset has no such position
            rules.append(rs.movement_rules.wagon_defensive_position.source)
    raw = base + sum(m.dice for m in mods)
    # the floor never gives dice to a unit whose factor is lower than it (factor 0)
    minimum = min(params.minimum_dice, base)
    return DiceCount(
        unit=unit.id,
        role=role,
        factor=factor,
        base=base,
        modifiers=tuple(mods),
        minimum=minimum,
        total=max(raw, minimum, 0),
        rules=tuple(dict.fromkeys(rules)),
    )


# -- faces -> counts -------------------------------------------------------------------------
class Tally(Struct, frozen=True):
    """One roll read against one victim."""

    hits: int = 0
    no_effect: int = 0
    flags: int = 0
    orders: int = 0
    advantages: int = 0


def tally(symbols: Sequence[str], victim_hit: str) -> Tally:
    hits = sum(1 for s in symbols if s == victim_hit)
    other_hits = sum(1 for s in symbols if s.startswith("hit_") and s != victim_hit)
    return Tally(
        hits=hits,
        no_effect=other_hits,
        flags=symbols.count("flag"),
        orders=symbols.count("order"),
        advantages=symbols.count("tactical_advantage"),
    )


# -- support ---------------------------------------------------------------------------------
def supporting_friends(board: Board, unit: Unit) -> list[str]:
    """Friendly units in adjacent hexes that still have cohesion (a routing unit, at 0,
    supports nobody)."""
    assert unit.at is not None
    at = unit.at
    out = []
    for direction in _DIRECTIONS:
        other = board.unit_at(at.neighbour(direction))
        if other is not None and other.side == unit.side and other.cohesion.current > 0:
            out.append(other.id)
    return out


def is_supported(board: Board, params: CombatParams, unit: Unit) -> bool:
    return len(supporting_friends(board, unit)) >= params.support_min_friends


# -- retreat and evasion paths ------------------------------------------------------------
class RetreatPlan(Struct, frozen=True):
    requested: int
    path: tuple[Hex, ...]  # hexes entered, in order
    blocked: int  # hexes that could not be made (each one a loss)
    why: str | None = None  # off_table | occupied | impassable: why the first one failed


Occupancy = Callable[[Hex], str | None]


def occupancy(board: Board, moved: Mapping[str, Hex | None] | None = None) -> Occupancy:
    """Who stands in a hex, with some units moved (unit id -> new hex, None = gone)."""
    moved = dict(moved or {})
    vacated = {board.units[uid].at for uid in moved if uid in board.units}
    arrived = {h: uid for uid, h in moved.items() if h is not None}

    def who(h: Hex) -> str | None:
        if h in arrived:
            return arrived[h]
        if h in vacated:
            return None
        return board.at.get(h)

    return who


def _step_problem(
    board: Board, rs: Ruleset, here: Hex, there: Hex, occupied: Occupancy, mover: str
) -> str | None:
    if not board.grid.contains(there):
        return "off_table"
    if rs.terrain[board.map.terrain_at(there)].impassable:
        return "impassable"
    feature = board.map.hexside(here, there)
    if feature is not None and rs.hexsides[feature].impassable:
        return "impassable"
    who = occupied(there)
    if who is not None and who != mover:
        return "occupied"
    return None


def _candidate_key(unit: Unit, edge: Edge, direction: Direction) -> tuple[int, int, int]:
    """Tie order between hexes that bring a unit equally close to its edge: the
    hexside pointing most straight at the edge, then the one nearest the unit's own
    rear, then clockwise from N."""
    return (
        _angle_gap(_HEXSIDE_ANGLE[direction], _EDGE_ANGLE[edge]),
        _angle_gap(_HEXSIDE_ANGLE[direction], _HEXSIDE_ANGLE[unit.facing.opposite]),
        direction.value,
    )


def plan_retreat(
    board: Board, rs: Ruleset, unit: Unit, hexes: int, edge: Edge, occupied: Occupancy
) -> RetreatPlan:
    """Retreat ``hexes`` hexes toward ``edge``, one at a time. Each step goes to a
    neighbour closer to the edge (all such neighbours are exactly one closer), chosen
    by ``_candidate_key``, skipping those off the table, impassable (terrain or
    hexside) or holding any unit. When no neighbour is possible the unit stays, and
    that step and all the remaining ones are blocked (000 §Troupes hors table: each
    counts as a loss)."""
    assert unit.at is not None
    grid = board.grid
    here = unit.at
    path: list[Hex] = []
    for step in range(hexes):
        now = grid.edge_distance(here, edge)
        candidates = sorted(
            (
                (direction, there)
                for direction, there in here.neighbours()
                if grid.edge_distance(there, edge) < now
            ),
            key=lambda c: _candidate_key(unit, edge, c[0]),
        )
        chosen = None
        first_problem = None
        for _, there in candidates:
            problem = _step_problem(board, rs, here, there, occupied, unit.id)
            if problem is None:
                chosen = there
                break
            first_problem = first_problem or problem
        if chosen is None:
            return RetreatPlan(hexes, tuple(path), hexes - step, first_problem or "off_table")
        path.append(chosen)
        here = chosen
    return RetreatPlan(hexes, tuple(path), 0, None)


def plan_evasion(
    board: Board, rs: Ruleset, unit: Unit, attacker_at: Hex, hexes: int, edge: Edge
) -> tuple[tuple[Hex, ...], str | None]:
    """Evasion: up to ``hexes`` steps, each to a free, passable neighbour on the table
    that is farther from the attacker than the current hex; among those, the one
    closest to the unit's own edge, ties as for a retreat. Stops early when no step
    is possible. Returns the path and why it stopped short (None if complete).

    An evasion is the unit's own move, so it may leave the table where the scenario
    lets its side leave (``side.exits``, 000 / 003 / 004 §Troupes hors table: "ne
    peuvent sortir volontairement de la table que si le scénario le prévoit"): when no
    step on the table is possible and a neighbour beyond an edge of its side's exits
    is farther from the attacker, it steps off the table there and the path ends with
    that hex (outside the table), why ``left_table``. Elsewhere the edge stops it
    (why ``off_table``)."""
    assert unit.at is not None
    grid = board.grid
    occupied = occupancy(board)
    exits = board.sides[unit.side].exits
    here = unit.at
    path: list[Hex] = []
    for _ in range(hexes):
        options = []
        leaving = []
        problem = None
        for direction, there in here.neighbours():
            if there.distance(attacker_at) <= here.distance(attacker_at):
                continue
            issue = _step_problem(board, rs, here, there, occupied, unit.id)
            if issue == "off_table" and any(e in exits for e in grid.exit_edges(there)):
                leaving.append((_candidate_key(unit, edge, direction), there))
                continue
            if issue is not None:
                problem = problem or issue
                continue
            options.append(
                ((grid.edge_distance(there, edge), *_candidate_key(unit, edge, direction)), there)
            )
        if not options and leaving:
            leaving.sort()
            return (*path, leaving[0][1]), "left_table"
        if not options:
            return tuple(path), problem or "no_room"
        options.sort()
        here = options[0][1]
        path.append(here)
    return tuple(path), None


def no_evasion(
    rs: Ruleset, params: CombatParams, target: Unit, kind: AttackKind, charge: bool
) -> tuple[str, str] | None:
    """Why a unit standing ready to evade (``reaction: evade``) may not evade this attack,
    and the rule that says so: (reason, rule); None when it may (or stands no evasion)."""
    if target.reaction != "evade":
        return None
    if kind != "melee":
        return "shooting", rs.combat.evasion_distance.source  # evasion answers a charge
    if not charge:
        return "pursuit_contact", rs.pursuit.cite.pursuit
    if target.weight not in params.evasion_weights:
        return "weight", rs.combat.evasion_weights.source
    if target.has_status("pre_played"):
        return "pre_played", rs.movement_rules.pre_played_cannot_move.source
    if params.evasion_distance <= 0:
        return "no_distance", rs.combat.evasion_distance.source
    return None


def may_evade(
    board: Board, params: CombatParams, target: Unit, kind: AttackKind, charge: bool
) -> bool:
    """A standing ``reaction: evade`` of a light enough unit, against a melee charge;
    a unit already ``pre_played`` (it evaded already) fights in place (000 §Précisions
    sur le mouvement); no evasion from a pursuit contact (001 §Poursuite)."""
    return (
        kind == "melee"
        and charge
        and target.reaction == "evade"
        and target.weight in params.evasion_weights
        and params.evasion_distance > 0
        and not target.has_status("pre_played")
    )


# -- what one side loses ------------------------------------------------------------------
class SideResult(Struct, frozen=True):
    """What one unit suffers in one combat, from the dice rolled against it."""

    unit: str
    cohesion_before: int
    hits: int
    hit_loss: int
    flags: int
    cancelled: int  # flags cancelled by its own side's tactical advantages
    ignored: int  # flag ignored because the unit is supported
    hexes: int  # retreat hexes asked for (flags net of cancellations, times hexes per flag)
    retreat: RetreatPlan | None  # None: no retreat asked, or the unit is at 0 after the hits
    blocked_loss: int
    cohesion_after: int

    @property
    def lost(self) -> int:
        return self.cohesion_before - self.cohesion_after

    @property
    def made(self) -> int:
        return len(self.retreat.path) if self.retreat is not None else 0

    @property
    def blocked(self) -> int:
        return self.retreat.blocked if self.retreat is not None else 0

    @property
    def routs(self) -> bool:
        return self.cohesion_after == 0


def net_flags(
    params: CombatParams, flags: int, own_advantages: int, supported: bool
) -> tuple[int, int, int]:
    """(cancelled, ignored, retreat hexes): flags cancelled by the victim's side's
    tactical advantages (``combat.tactical_advantage: cancel_flag``), then one more
    ignored if the victim is supported (``combat.support: ignore_one_flag``); each
    flag left is ``retreat_hexes_per_flag`` hexes of retreat."""
    cancelled = min(flags, own_advantages) if params.tactical_advantage == "cancel_flag" else 0
    ignored = (
        1 if (params.support == "ignore_one_flag" and supported and flags - cancelled > 0) else 0
    )
    return cancelled, ignored, (flags - cancelled - ignored) * params.retreat_hexes_per_flag


def side_result(
    params: CombatParams,
    unit_id: str,
    cohesion: int,
    hits: int,
    flags: int,
    own_advantages: int,
    supported: bool,
    plan: Callable[[int], RetreatPlan],
) -> SideResult:
    """Hits first, then the retreat. A unit the hits bring to 0 does not retreat: it
    routs from where it stands in the rout phase (001 §Déroute d'une unité). Each
    retreat hex that cannot be made costs ``blocked_retreat_hex_is_loss``. Depends on
    the flags and advantages only through the retreat hexes of ``net_flags``."""
    hit_loss = hits * params.hit_removes_cohesion
    after_hits = max(0, cohesion - hit_loss)
    cancelled, ignored, hexes = net_flags(params, flags, own_advantages, supported)
    retreat = None
    blocked_loss = 0
    if hexes > 0 and after_hits > 0:
        retreat = plan(hexes)
        blocked_loss = retreat.blocked * params.blocked_retreat_hex_is_loss
    return SideResult(
        unit=unit_id,
        cohesion_before=cohesion,
        hits=hits,
        hit_loss=hit_loss,
        flags=flags,
        cancelled=cancelled,
        ignored=ignored,
        hexes=hexes,
        retreat=retreat,
        blocked_loss=blocked_loss,
        cohesion_after=max(0, after_hits - blocked_loss),
    )


# -- one combat, set up -------------------------------------------------------------------
class CombatSetup(Struct, frozen=True):
    """Everything about a combat that does not depend on the dice."""

    attacker: Unit
    target: Unit
    kind: AttackKind
    charge: bool
    through: Arc  # of the target
    distance: int
    attack: DiceCount
    riposte: DiceCount | None  # melee only
    target_hit: str  # symbol hurting the target
    attacker_hit: str
    target_supported: bool
    attacker_supported: bool
    target_edge: Edge
    attacker_edge: Edge
    # multiple attacks (combat.multiple_attack_loss): the charges made on the target in
    # this phase, this one included, and the cohesion it loses before the dice (the
    # ``target`` above already has it deducted); ``target_cohesion`` is its cohesion
    # before that loss
    charges: int = 0
    target_loss: int = 0
    target_cohesion: int = 0


def charges_on(board: Board, target: Unit, attacker: Unit, contacts: bool = False) -> int:
    """The melee charges already made on ``target`` in this phase by other units (an
    evaded charge is no engagement; shooting and pursuit contacts are not charges).
    ``contacts``: the melees of pursuit contacts fought on it count too (reading
    ``contact_counted`` of ``interpretations.contact_then_charge``)."""
    chargers = set(board.chargers_of(target.id))
    if contacts:
        chargers |= contact_attackers(board, target)
    chargers.discard(attacker.id)
    return len(chargers)


def contact_attackers(board: Board, target: Unit) -> set[str]:
    """The units that fought ``target`` in the melee of a pursuit contact this phase
    (a melee engagement that is not a charge)."""
    return {
        e.attacker for e in board.engagements_on(target.id) if e.kind == "melee" and not e.charge
    }


def multiple_attack_loss(params: CombatParams, charges: int, cohesion: int) -> int:
    """Cohesion a unit loses before the dice of its ``charges``-th charge of the phase
    (``combat.multiple_attack_loss`` from the ``multiple_attack_from``-th on; 001
    §Poursuite: none after a pursuit contact, which is not a charge)."""
    if charges < params.multiple_attack_from or params.multiple_attack_loss <= 0:
        return 0
    return min(cohesion, params.multiple_attack_loss)


def setup(
    board: Board, rs: Ruleset, params: CombatParams, attacker: Unit, target: Unit, kind: AttackKind
) -> CombatSetup:
    assert attacker.at is not None and target.at is not None
    charge = is_charge(board, attacker, target, kind)
    _, through = attack_side(target, attacker.at)
    distance = attacker.at.distance(target.at)
    cohesion = target.cohesion.current
    charges = charges_on(board, target, attacker, params.contact_counts) + 1 if charge else 0
    loss = multiple_attack_loss(params, charges, cohesion) if charge else 0
    if loss:
        target = replace(target, cohesion=Cohesion(cohesion - loss, target.cohesion.max))
    riposte = None
    if kind == "melee":
        riposte = dice_count(board, rs, params, target, attacker, kind, "riposte", charge)
    return CombatSetup(
        attacker=attacker,
        target=target,
        kind=kind,
        charge=charge,
        through=through,
        distance=distance,
        attack=dice_count(board, rs, params, attacker, target, kind, "attack", charge),
        riposte=riposte,
        target_hit=hit_symbol(rs, target),
        attacker_hit=hit_symbol(rs, attacker),
        target_supported=is_supported(board, params, target),
        attacker_supported=is_supported(board, params, attacker),
        target_edge=board.sides[target.side].edge,
        attacker_edge=board.sides[attacker.side].edge,
        charges=charges,
        target_loss=loss,
        target_cohesion=cohesion,
    )


class Retreats:
    """Retreat plans of one combat, memoized: the target retreats first, then the
    attacker (its path sees the target's new hex).

    ``plan_retreat`` chooses each step from the hex reached alone, so a shorter
    retreat is a prefix of a longer one (and a blocked retreat stays blocked however
    many more hexes are asked): once a plan is walked, every shorter one is cut from it
    rather than walked again (the exact odds ask for every length)."""

    def __init__(self, board: Board, rs: Ruleset, s: CombatSetup) -> None:
        self.board = board
        self.rs = rs
        self.s = s
        self._target: dict[int, RetreatPlan] = {}
        self._attacker: dict[tuple[Hex | None, int], RetreatPlan] = {}
        self._target_longest: RetreatPlan | None = None
        self._attacker_longest: dict[Hex | None, RetreatPlan] = {}

    def target(self, hexes: int) -> RetreatPlan:
        plan = self._target.get(hexes)
        if plan is None:
            plan = _cut(self._target_longest, hexes)
            if plan is None:
                plan = self._target_longest = plan_retreat(
                    self.board,
                    self.rs,
                    self.s.target,
                    hexes,
                    self.s.target_edge,
                    occupancy(self.board),
                )
            self._target[hexes] = plan
        return plan

    def attacker(self, target_at: Hex | None, hexes: int) -> RetreatPlan:
        key = (target_at, hexes)
        plan = self._attacker.get(key)
        if plan is None:
            plan = _cut(self._attacker_longest.get(target_at), hexes)
            if plan is None:
                moved = {self.s.target.id: target_at} if target_at is not None else {}
                plan = self._attacker_longest[target_at] = plan_retreat(
                    self.board,
                    self.rs,
                    self.s.attacker,
                    hexes,
                    self.s.attacker_edge,
                    occupancy(self.board, moved),
                )
            self._attacker[key] = plan
        return plan


def _cut(longest: RetreatPlan | None, hexes: int) -> RetreatPlan | None:
    """The plan of a ``hexes``-hex retreat cut from a longer (or blocked) plan of the
    same unit from the same hex; None when ``longest`` cannot tell."""
    if longest is None or (hexes > longest.requested and not longest.blocked):
        return None
    made = min(hexes, len(longest.path))
    blocked = hexes - made
    return RetreatPlan(hexes, longest.path[:made], blocked, longest.why if blocked else None)


def final_hex(unit: Unit, result: SideResult) -> Hex | None:
    if result.retreat is not None and result.retreat.path:
        return result.retreat.path[-1]
    return unit.at


def target_result(
    params: CombatParams,
    s: CombatSetup,
    retreats: Retreats,
    hits: int,
    flags: int,
    riposte_advantages: int,
) -> SideResult:
    """The target's part of a combat: the attack's hits and flags on it, less the flags
    its riposte's tactical advantages cancel."""
    return side_result(
        params,
        s.target.id,
        s.target.cohesion.current,
        hits,
        flags,
        riposte_advantages,
        s.target_supported,
        retreats.target,
    )


def attacker_result(
    params: CombatParams,
    s: CombatSetup,
    retreats: Retreats,
    hits: int,
    flags: int,
    attack_advantages: int,
    target_at: Hex | None,
) -> SideResult:
    """The attacker's part of a melee: the riposte's hits and flags on it, less the flags
    its own tactical advantages cancel; it retreats after the target (``target_at``)."""
    return side_result(
        params,
        s.attacker.id,
        s.attacker.cohesion.current,
        hits,
        flags,
        attack_advantages,
        s.attacker_supported,
        lambda n: retreats.attacker(target_at, n),
    )


def resolve(
    params: CombatParams, s: CombatSetup, retreats: Retreats, att: Tally, dfn: Tally | None
) -> tuple[SideResult, SideResult | None]:
    """Apply the attack roll (and the riposte) to both units: the whole result of a
    combat from its face counts. ``att`` is the attack roll read against the target,
    ``dfn`` the riposte read against the attacker."""
    target = target_result(
        params, s, retreats, att.hits, att.flags, dfn.advantages if dfn is not None else 0
    )
    if dfn is None:
        return target, None
    attacker = attacker_result(
        params, s, retreats, dfn.hits, dfn.flags, att.advantages, final_hex(s.target, target)
    )
    return target, attacker

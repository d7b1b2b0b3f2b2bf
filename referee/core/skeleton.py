"""What a player may order in the phase to play: the content of ``referee orders``.

For each phase, the choices open to the phasing player, each written as a ready order
in the compact one-line notation (docs/formats.md) with a note of its numbers, all
computed by the engine's own functions, so the skeleton never proposes what the
referee would refuse as the state stands:

* activation: each leader with the units in his command range, and the limits of the
  army's size band (``activation.bands``);
* movement: each activated unit with its allowance, its ``ss cb`` limit and a few
  destinations from the reach engine (``referee moves``);
* combat: each unit that may fight, with every target in reach (melee: adjacent;
  shooting: in range) and its odds (``referee odds``);
* rout: the choices 001 leaves to the player (which attacker a unit attacked only in
  the flank faces; where a general who survives flees when two units are as near);
* pursuit: the winners that may pursue (with their aligned supports) or hold, and
  those contacted in the flank or rear, which face one of their enemies.

Pure: a state and a ruleset in, values out (``referee.render.skeleton`` writes the file).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from msgspec import Struct

from referee.core.board import Board
from referee.core.combat_rules import check_attack, contacts_of
from referee.core.hexgrid import Direction, Hex, front_arc, rear_arc
from referee.core.model import GameState, Unit
from referee.core.odds import odds
from referee.core.offtable import waits_with
from referee.core.orders import OrderSet
from referee.core.phases.rout import direction_toward, melee_opponents, removed_unit
from referee.core.reach import Destination, Rules, reachable
from referee.core.ruleset import Ruleset

MAX_DESTINATIONS = 4  # movement: destinations proposed per unit


class Said:
    """A line (or a note) of the skeleton: the code and data it is said from, in every
    language (``sk.<code>`` of the catalogue, ``referee/render/catalogue/skeleton.py``,
    said by ``referee.render.skeleton.said``). No English here: the engine gives codes
    and data only (issue 25). A data value may itself be a ``Said`` (or a list of them,
    said one after the other)."""

    __slots__ = ("code", "data")

    def __init__(self, code: str, /, **data: object) -> None:
        self.code = code
        self.data = data

    def __eq__(self, other: object) -> bool:
        if type(other) is not Said:
            return NotImplemented
        return self.code == other.code and self.data == other.data

    def __hash__(self) -> int:
        return hash(self.code)  # (equal lines have equal codes; the data may hold lists)

    def __repr__(self) -> str:
        return f"Said({self.code!r}, **{self.data!r})"


def _join(parts: list[Said]) -> Said:
    """Pieces said one after the other."""
    return Said("join", parts=parts)


def _indent(line: Said) -> Said:
    return Said("indent", line=line)


class Option(Struct, frozen=True):
    """One order the player may give: the compact line and a note of its numbers."""

    order: str
    note: Said | None = None


class Group(Struct, frozen=True):
    """The options of one unit or leader, under a few lines saying what it can do."""

    subject: str
    about: tuple[Said, ...]
    options: tuple[Option, ...]
    choice: bool = True  # False: information only (nothing to choose)
    # what the options are made of, for a page that builds them (the orders page,
    # referee.render.orders_page): an activation's leader, range and units in range;
    # not compared: two groups offering the same options are equal
    facts: Mapping[str, object] | None = None

    def _key(self) -> tuple[object, ...]:
        return (self.subject, self.about, self.options, self.choice)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Group:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class Skeleton(Struct, frozen=True):
    turn: int
    player: str
    phase: str
    header: tuple[Said, ...]  # the phase's rules and limits, in a few lines
    groups: tuple[Group, ...]

    @property
    def choices(self) -> tuple[Group, ...]:
        """The groups where the player has something to choose."""
        return tuple(g for g in self.groups if g.choice and g.options)


def skeleton(state: GameState, rs: Ruleset) -> Skeleton:
    """The orders open to the phasing player in the state's next phase."""
    build = {
        "activation": _activation,
        "movement": _movement,
        "combat": _combat,
        "rout": _rout,
        "pursuit": _pursuit,
    }[state.phase]
    header, groups = build(state, rs)
    return Skeleton(state.turn, state.player, state.phase, tuple(header), tuple(groups))


def _ids(units: Iterable[str]) -> str:
    return " ".join(units)


# -------------------------------------------------------------------------- activation
def _activation(state: GameState, rs: Ruleset) -> tuple[list[Said], list[Group]]:
    board = Board(state)
    side = state.player
    lab = board.grid.label
    army_units = len(board.unit_order[side])
    band = rs.activation.band(army_units)
    allowed, max_units, source = band.activations, band.max_units, band.source
    done = list(board.activations.get(side, []))
    ranks = rs.leaders.ranks
    isolated_any = rs.activation.isolated_any_distance.value
    header: list[Said] = [
        Said(
            "activation.header",
            units=army_units,
            side=side,
            allowed=allowed,
            max_units=max_units,
            source=source,
        ),
        Said(
            "activation.how",
        ),
    ]
    if done:
        given = [Said("activation.done_one", leader=a.leader, units=_ids(a.units)) for a in done]
        header.append(
            Said(
                "activation.done",
                done=len(done),
                allowed=allowed,
                listed=given,
            )
        )
    if len(done) >= allowed:
        header.append(Said("activation.none_left"))
        return header, []
    used = {a.leader for a in done} | {u for a in done for u in a.units}
    entry_points = board.sides[side].entry_points
    off_table_ids = {u.id: u.side for u in board.off_table[side]}
    groups = []
    for leader in board.base.side(side).leaders:
        at = board.leader_hex(leader)
        # a leader attached to a reinforcement waits with it just outside the table: his
        # range is counted from the entry points (000 / 003 / 004 §Troupes hors table)
        with_unit = waits_with(leader, off_table_ids) if entry_points else None
        origins = (at,) if at is not None else entry_points if with_unit else ()
        if leader.id in used or not leader.on_table or not origins:
            continue
        rank = ranks.get(leader.rank)
        reach = rank.command_range if rank is not None else 0
        in_range: list[tuple[int, int, str]] = []
        for order, uid in enumerate(board.unit_order[side]):
            unit = board.units[uid]
            if uid in used or unit.has_status("activated") or unit.at is None:
                continue
            d = min(o.distance(unit.at) for o in origins)
            if d <= reach:
                in_range.append((d, order, uid))
        waiting = []
        for unit in board.off_table[side]:
            if unit.id in used or unit.has_status("activated") or not entry_points:
                continue
            d = 0 if with_unit else min(at.distance(e) for e in entry_points if at)
            if d <= reach:
                waiting.append(unit.id)
        others = []
        for other in board.base.side(side).leaders:
            o_at = board.leader_hex(other)
            if other.id == leader.id or other.id in used or not other.on_table or o_at is None:
                continue
            if other.attached_to is None and (
                isolated_any or min(o.distance(o_at) for o in origins) <= reach
            ):
                others.append(other.id)
        in_range.sort()
        if at is None:
            entries = ", ".join(lab(e) for e in entry_points)
            where = Said(
                "activation.where_off",
                unit=with_unit,
                entries=entries,
            )
        elif not board.grid.contains(at):
            where = Said(
                "activation.where_entry",
                hex=lab(at),
            )
        elif leader.attached_to:
            where = Said(
                "activation.where_with",
                unit=leader.attached_to,
                hex=lab(at),
            )
        else:
            where = Said("activation.where_at", hex=lab(at))
        rank_label = rank.label if rank else leader.rank
        about = [
            Said(
                "activation.leader",
                leader=leader.id,
                rank=rank_label,
                range=reach,
                where=where,
            )
        ]
        if in_range:
            listed = ", ".join(f"{uid}({d})" for d, _, uid in in_range)
            about.append(Said("activation.in_range", listed=listed))
        else:
            about.append(Said("activation.none_in_range"))
        if waiting:
            about.append(
                Said(
                    "activation.waiting",
                    listed=_ids(waiting),
                )
            )
        if others:
            about.append(
                Said(
                    "activation.isolated",
                    listed=_ids(others),
                )
            )
        chosen = [uid for _, _, uid in in_range][:max_units]
        options = []
        if chosen:
            options.append(
                Option(
                    f"activate {leader.id}: {_ids(chosen)}",
                    Said(
                        "activation.count",
                        n=len(chosen),
                        max_units=max_units,
                    ),
                )
            )
        if waiting and len(chosen) < max_units:
            room = max_units - len(chosen)
            options.append(
                Option(
                    f"activate {leader.id}: {_ids(chosen + waiting[:room])}",
                    Said("activation.with_waiting"),
                )
            )
        if leader.attached_to is None:
            options.append(
                Option(
                    f"activate {leader.id}:",
                    Said("activation.alone"),
                )
            )
        facts = {
            "origins": [lab(o) for o in origins],
            "range": reach,
            "units": [[uid, d] for d, _, uid in in_range],
            "waiting": waiting,
            "leaders": others,
            "alone": leader.attached_to is None,
            "max_units": max_units,
        }
        groups.append(Group(leader.id, tuple(about), tuple(options), facts=facts))
    return header, groups


# ---------------------------------------------------------------------------- movement
def ring(center: Hex, radius: int) -> Iterable[Hex]:
    """The hexes at exactly ``radius`` from ``center``."""
    if radius == 0:
        yield center
        return
    h = center
    for _ in range(radius):
        h = h.neighbour(Direction.N)
    for d in (Direction.SE, Direction.S, Direction.SW, Direction.NW, Direction.N, Direction.NE):
        for _ in range(radius):
            yield h
            h = h.neighbour(d)


class Nearest:
    """The enemy units nearest a hex, found ring by ring (a battle of thousands of
    units asks this for every destination of every unit)."""

    SEARCH = 12  # rings searched before comparing with every enemy

    def __init__(self, enemies: dict[Hex, str]) -> None:
        self.enemies = enemies
        self._cache: dict[Hex, tuple[int, list[Hex]]] = {}

    def __call__(self, h: Hex) -> tuple[int, list[Hex]]:
        """(distance to the nearest enemies, their hexes); (0, []) with no enemy."""
        found = self._cache.get(h)
        if found is not None:
            return found
        found = (0, [])
        for radius in range(self.SEARCH + 1):
            here = [x for x in ring(h, radius) if x in self.enemies]
            if here:
                found = (radius, here)
                break
        else:
            if self.enemies:
                gap = min(h.distance(e) for e in self.enemies)
                found = (gap, [e for e in self.enemies if h.distance(e) == gap])
        self._cache[h] = found
        return found


def _enemy_hexes(state: GameState) -> dict[Hex, str]:
    return {u.at: u.id for u in state.units() if u.side != state.player and u.at is not None}


def _facing_toward(h: Hex, facing: Direction, nearest: Nearest) -> Direction:
    _, hexes = nearest(h)
    if not hexes:
        return facing

    def turn(e: Hex) -> tuple[int, tuple[int, int]]:  # the smallest turn first
        step = (direction_toward(h, e, facing) - facing) % 6
        return min(step, 6 - step), e.to_offset()

    return direction_toward(h, min(hexes, key=turn), facing)


def pick_destinations(
    destinations: Iterable[Destination], nearest: Nearest, limit: int = MAX_DESTINATIONS
) -> list[Destination]:
    """A few destinations worth proposing: into contact (keeping the right to fight),
    the closest approach that still fights, the closest one ``ss cb``; with no enemy on
    the table, the farthest moves."""
    enemies = nearest.enemies

    def gap(d: Destination) -> int:
        return nearest(d.hex)[0]

    usable = [d for d in destinations if not d.exit]
    picked: list[Destination] = []

    def take(candidates: list[Destination], n: int) -> None:
        for d in candidates:
            if n <= 0 or len(picked) >= limit:
                return
            if d not in picked:
                picked.append(d)
                n -= 1

    fights = [d for d in usable if d.combat]
    if enemies:
        take(sorted((d for d in fights if gap(d) == 1), key=lambda d: (d.cost, d.path)), 2)
        take(sorted(fights, key=lambda d: (gap(d), -d.cost, d.path)), 1)
        take(sorted((d for d in usable if not d.combat), key=lambda d: (gap(d), d.cost, d.path)), 1)
        take(sorted(usable, key=lambda d: (gap(d), not d.combat, -d.cost, d.path)), limit)
    take(sorted(usable, key=lambda d: (-d.cost, -len(d.path), d.path)), limit)
    return picked[:limit]


def _move_line(
    unit_id: str,
    d: Destination,
    face: Direction | None,
    width: int,
    road: bool = False,
    mounted: bool = False,
) -> str:
    text = f"{unit_id} {'-'.join(h.label(width) for h in d.path)}"
    if face is not None:
        text += f" face {face.name}"
    if road:
        text += " road"
    if mounted:
        text += " mounted"
    return text


def _movement(state: GameState, rs: Ruleset) -> tuple[list[Said], list[Group]]:
    board = Board(state)
    rules = Rules(rs)  # one for every unit's reach: its memos serve them all
    side = state.player
    width = board.grid.width
    enemies = _enemy_hexes(state)
    nearest = Nearest(enemies)
    header: list[Said] = [
        Said(
            "movement.header",
        ),
        Said(
            "movement.how",
        ),
    ]
    groups = []
    movers: list[tuple[str, Unit | None]] = []  # (id, the unit; None for a leader)
    for uid in board.unit_order[side]:
        on_table = board.units[uid]
        if on_table.has_status("activated") and not on_table.has_status("moved"):
            movers.append((uid, on_table))
    for waiting in board.off_table[side]:
        if waiting.has_status("activated"):
            movers.append((waiting.id, waiting))
    activated_leaders = {a.leader for a in board.activations.get(side, [])} | {
        u for a in board.activations.get(side, []) for u in a.units
    }
    for leader in state.side(side).leaders:
        if leader.id in activated_leaders and leader.attached_to is None and leader.on_table:
            movers.append((leader.id, None))
    if not movers:
        header.append(
            Said(
                "movement.none",
            )
        )
    for uid, unit in movers:
        reach = reachable(state, rs, uid, rules=rules)
        if reach.start is not None:
            start = Said("movement.at", hex=reach.start.label(width))
        else:
            entries = ", ".join(h.label(width) for h in reach.entry_points)
            start = Said("movement.off_table", entries=entries)
        is_leader = reach.kind == "leader"
        facing_name = unit.facing.name if unit is not None else ""
        about = [
            Said(
                "movement.leader" if is_leader else "movement.unit",
                unit=uid,
                type=unit.type if unit else "",
                weight=reach.weight,
                start=start,
                facing=facing_name,
            )
        ]
        refusal = reach.why_not  # (set whenever it cannot move: reach.preview)
        if not reach.can_move and refusal is not None:
            about.append(
                Said(
                    "movement.cannot",
                    why=refusal.reason,
                    unit=uid,
                    event_code=refusal.code,
                    event_data={"reason": refusal.reason, **refusal.data},
                )
            )
            groups.append(Group(uid, tuple(about), (), choice=False))
            continue
        limits = [
            Said(
                "movement.allowance",
                allowance=reach.allowance,
                cell=reach.cell,
            )
        ]
        if reach.kind != "leader":
            if reach.combat_allowance <= 0:
                limits.append(Said("movement.all_ss_cb"))
            elif reach.combat_allowance < reach.allowance:
                limits.append(
                    Said(
                        "movement.keeps",
                        points=reach.combat_allowance,
                    )
                )
        if reach.max_hexes is not None:
            limits.append(
                Said(
                    "movement.max_hexes",
                    hexes=reach.max_hexes,
                )
            )
        about.append(_indent(_join(limits)))
        options = []
        facing = unit.facing if unit is not None else Direction.N
        for d in pick_destinations(reach.destinations, nearest):
            face: Direction | None = None
            if unit is not None:
                toward = _facing_toward(d.hex, facing, nearest)
                face = toward if toward != facing else None
            contact = [enemies[h] for _, h in d.hex.neighbours() if h in enemies]
            notes = [Said("movement.points", points=d.cost)]
            if reach.kind != "leader":
                notes.append(Said("movement.keeps_combat") if d.combat else Said("movement.ss_cb"))
            if contact:
                notes.append(
                    Said(
                        "movement.contact",
                        units=" ".join(sorted(contact)),
                    )
                )
            options.append(Option(_move_line(uid, d, face, width), _join(notes)))
        if unit is not None and unit.at is not None and state.map.road_hexes.get(unit.at):
            road = reachable(state, rs, uid, road=True, rules=rules)
            best = pick_destinations(road.destinations, Nearest({}), limit=1)
            if road.can_move and best and best[0] not in reach.destinations:
                options.append(
                    Option(
                        _move_line(uid, best[0], None, width, road=True),
                        Said(
                            "movement.road",
                            points=best[0].cost,
                        ),
                    )
                )
        if unit is not None and unit.has("mounted_infantry"):
            mounted = reachable(state, rs, uid, mounted=True, rules=rules)
            best = pick_destinations(mounted.destinations, nearest, limit=1)
            if mounted.can_move and best:
                options.append(
                    Option(
                        _move_line(uid, best[0], None, width, mounted=True),
                        Said(
                            "movement.mounted",
                            allowance=mounted.allowance,
                            points=best[0].cost,
                        ),
                    )
                )
        if not options:
            about.append(Said("movement.no_hex"))
        groups.append(Group(uid, tuple(about), tuple(options)))
    return header, groups


# ------------------------------------------------------------------------------ combat
def _combat(state: GameState, rs: Ruleset) -> tuple[list[Said], list[Group]]:
    board = Board(state)
    side = state.player
    lab = board.grid.label
    header: list[Said] = [
        Said(
            "combat.header",
        ),
    ]
    groups = []
    for uid in board.unit_order[side]:
        unit = board.units[uid]
        if unit.at is None or not unit.has_status("activated") or contacts_of(unit):
            continue  # only activated units start a combat; one in contact fights it (below)
        reach = max(1, unit.factors.range if unit.factors.shooting > 0 else 1)
        targets = [
            t
            for radius in range(1, reach + 1)
            for h in ring(unit.at, radius)
            if (t := board.unit_at(h)) is not None and t.side != side
        ]
        ranked: list[tuple[int, Fraction, str, Option]] = []
        for target in targets:
            for kind in ("melee", "shooting"):
                if check_attack(board, rs, side, uid, target.id, kind) is not None:
                    continue
                result = odds(state, rs, uid, target.id, kind, board=board)
                if result.attack.total <= 0 and result.evasion is None:
                    continue  # legal, but no die to roll: not worth proposing
                word = "melee" if kind == "melee" else "shoot"
                loss = result.expected_loss("target")
                if result.evasion is not None:
                    note = Said(
                        "combat.evades",
                        target=target.id,
                        to=result.evasion[-1],
                    )
                    loss = Fraction(0)
                else:
                    notes = [
                        _odds(
                            result.attack.total, target.id, loss, result.rout_probability("target")
                        )
                    ]
                    if kind == "melee" and result.riposte is not None:
                        notes.append(Said("combat.riposte"))
                        notes.append(
                            _odds(
                                result.riposte.total,
                                uid,
                                result.expected_loss("attacker"),
                                result.rout_probability("attacker"),
                                comma=True,
                            )
                        )
                    if result.through != "front":
                        notes.append(
                            Said(
                                "combat.through",
                                through=result.through,
                            )
                        )
                    note = _join(notes)
                ranked.append(
                    (
                        0 if kind == "melee" else 1,
                        -loss,
                        target.id,
                        Option(f"{uid} {word} {target.id}", note),
                    )
                )
        if ranked:
            f = unit.factors
            about = (
                Said(
                    "combat.unit",
                    unit=uid,
                    type=unit.type,
                    weight=unit.weight,
                    hex=lab(unit.at),
                    now=unit.cohesion.current,
                    max=unit.cohesion.max,
                    shooting=f.shooting,
                    range=f.range,
                    assault=f.assault,
                    melee=f.melee,
                ),
            )
            groups.append(Group(uid, about, tuple(o for *_, o in sorted(ranked))))
    from referee.core.combat_rules import contacts_wait
    from referee.core.phases.combat import contact_pairs

    # (interpretations.contact_melee = next_game_turn: no contact is fought this phase)
    for uid, other in [] if contacts_wait(board, rs) else contact_pairs(board, side):
        unit, enemy = board.units[uid], board.units[other]
        if unit.at is None or enemy.at is None or unit.at.distance(enemy.at) != 1:
            continue
        result = odds(state, rs, uid, other, "melee", board=board)
        note = _join(
            [
                Said(
                    "combat.no_charge",
                    dice=result.attack.total,
                ),
                _odds(
                    None,
                    other,
                    result.expected_loss("target"),
                    result.rout_probability("target"),
                ),
            ]
        )
        about = (
            Said(
                "combat.pursuit_contact",
                unit=uid,
                hex=lab(unit.at),
                other=other,
            ),
        )
        groups.append(Group(uid, about, (Option(f"{uid} melee {other}", note),), choice=False))
    if not groups:
        header.append(Said("combat.none"))
    return header, groups


def _odds(
    dice: int | None, loser: str, loss: Fraction, rout: Fraction, comma: bool = False
) -> Said:
    """``3 dice; E1 loses 1.2 on average, routs 40%`` (``3 dice, ...`` with ``comma``;
    ``; E1 loses ...`` without the dice)."""
    return Said(
        "combat.odds_only" if dice is None else "combat.odds_comma" if comma else "combat.odds",
        dice=dice or 0,
        unit=loser,
        loss=float(loss),  # on average
        rout=float(rout),  # its chance
    )


# -------------------------------------------------------------------------------- rout
def _rout(
    state: GameState, rs: Ruleset, chooser: str | None = None
) -> tuple[list[Said], list[Group]]:
    """The rout phase's decisions; ``chooser``: whose (the phasing player's by default:
    the other player's are in his choices file)."""
    chooser = chooser or state.player
    board = Board(state)
    lab = board.grid.label
    routers = [
        u
        for uid_list in board.unit_order.values()
        for u in (board.units[x] for x in uid_list)
        if u.cohesion.current <= 0 and u.at
    ]
    header: list[Said] = [
        Said(
            "rout.header",
        ),
    ]
    if not routers:
        header.append(Said("rout.none"))
    groups = []
    routing = {u.id for u in routers}
    caught: set[str] = set()  # a general is caught in one rout (he then joins a unit)
    for unit in routers:
        assert unit.at is not None
        mine = unit.side == chooser
        about = [
            Said(
                "rout.unit",
                unit=unit.id,
                side=unit.side,
                hex=lab(unit.at),
            )
        ]
        if not mine:
            about.append(
                Said(
                    "rout.theirs",
                    side=unit.side,
                )
            )
        options: list[Option] = []
        as_target = [e for e in board.engagements if e.target == unit.id]
        attacked_forward = any(
            e.attacker == unit.id and e.kind == "melee" for e in board.engagements
        )
        if as_target and not attacked_forward and all(e.through != "front" for e in as_target):
            attackers = []
            for e in as_target:
                if e.attacker not in attackers and (
                    e.attacker in board.units or removed_unit(board, e.attacker)
                ):
                    attackers.append(e.attacker)
            if len(attackers) > 1:
                about.append(
                    Said(
                        "rout.flank",
                        default=attackers[0],
                    )
                )
                if mine:
                    options += [
                        Option(f"{unit.id} choose {a}", Said("face", unit=a)) for a in attackers
                    ]
        in_melee = bool(melee_opponents(board, unit.id))
        reach = rs.rout.general_flee_range.value
        for leader in board.leaders.values():
            if (
                leader.side != unit.side
                or not leader.on_table
                or leader.attached_to is not None
                or leader.at is None
            ):
                continue
            if leader.id in caught or not (
                leader.at == unit.at or (in_melee and leader.at.distance(unit.at) == 1)
            ):
                continue
            caught.add(leader.id)
            near = [
                u
                for u in board.side_units(leader.side)
                if u.at is not None
                and u.id not in routing
                and u.cohesion.current > 0
                and leader.at.distance(u.at) <= reach
            ]
            if not near:
                about.append(
                    Said(
                        "rout.caught_lost",
                        leader=leader.id,
                        hexes=reach,
                    )
                )
                continue
            nearest = min(leader.at.distance(u.at) for u in near if u.at is not None)
            tied = [u.id for u in near if u.at is not None and leader.at.distance(u.at) == nearest]
            about.append(
                Said(
                    "rout.caught",
                    leader=leader.id,
                    hexes=nearest,
                    units=_ids(tied),
                    default=tied[0],
                )
            )
            if len(tied) > 1 and mine:
                options += [
                    Option(
                        f"{leader.id} choose {t}",
                        Said("rout.joins", leader=leader.id, unit=t),
                    )
                    for t in tied
                ]
        groups.append(Group(unit.id, tuple(about), tuple(options), choice=bool(options)))
    return header, groups


# ----------------------------------------------------------------------------- pursuit
def melee_map(board: Board) -> dict[str, list[str]]:
    """Every unit's melee opponents of this player-turn, in the order of the combats (as
    ``rout.melee_opponents`` gives them one unit at a time)."""
    out: dict[str, list[str]] = {}
    for e in board.engagements:
        if e.kind != "melee":
            continue
        for a, b in ((e.attacker, e.target), (e.target, e.attacker)):
            seen = out.setdefault(a, [])
            if b not in seen:
                seen.append(b)
    return out


def _winners(board: Board, fought: dict[str, list[str]]) -> dict[str, list[str]]:
    """Units that eliminated every enemy they fought in melee (001 §Poursuite)."""
    eliminated = {
        r.unit.id for records in board.removed.values() for r in records if r.why == "eliminated"
    }
    return {
        uid: opponents
        for uid, opponents in fought.items()
        if uid in board.units and all(o not in board.units and o in eliminated for o in opponents)
    }


def _adjacent_enemies(board: Board, unit: Unit, sides: Iterable[Direction]) -> list[Unit]:
    assert unit.at is not None
    out = []
    for d in sides:
        other = board.unit_at(unit.at.neighbour(d))
        if other is not None and other.side != unit.side:
            out.append(other)
    return out


def _pursuit(state: GameState, rs: Ruleset) -> tuple[list[Said], list[Group]]:
    board = Board(state)
    side = state.player
    lab = board.grid.label
    distance = rs.pursuit.distance.value
    header: list[Said] = [
        Said(
            "pursuit.header",
            hexes=distance,
        ),
    ]
    fought = melee_map(board)
    winners = _winners(board, fought)
    mine = [uid for uid in board.unit_order[side] if uid in winners]
    if not mine:
        header.append(Said("pursuit.none"))
    groups = []
    for uid in mine:
        unit = board.units[uid]
        assert unit.at is not None
        about = [
            Said(
                "pursuit.winner",
                unit=uid,
                hex=lab(unit.at),
                facing=unit.facing.name,
                units=_ids(winners[uid]),
            )
        ]
        behind = _adjacent_enemies(board, unit, rear_arc(unit.facing))
        if behind:
            contact = behind + _adjacent_enemies(board, unit, front_arc(unit.facing))
            about.append(
                Said(
                    "pursuit.contacted",
                    default=contact[0].id,
                )
            )
            options = tuple(
                Option(f"{uid} face {e.id}", _face_at(e.id, lab(e.at)))
                for e in contact
                if e.at is not None
            )
            groups.append(Group(uid, tuple(about), options, choice=len(options) > 1))
            continue
        ahead = unit.at.neighbour(unit.facing)
        if not board.grid.contains(ahead):
            about.append(Said("pursuit.edge"))
            groups.append(Group(uid, tuple(about), (), choice=False))
            continue
        supports = _supports(board, unit, winners, fought)
        camp = board.camps[board.enemy_of(side)]
        note = Said(
            "pursuit.ahead",
            facing=unit.facing.name,
            hex=lab(ahead),
        )
        if camp.at == ahead and camp.fortified and not camp.taken and board.unit_at(ahead) is None:
            p = rs.pursuit
            note = Said(
                "pursuit.camp",
                hex=lab(ahead),
                hits=p.camp_hits_to_take.value,
                on=p.camp_hit_by.value,
                dice=p.camp_defence_dice.value,
            )
        options_list = [Option(f"{uid} pursue", note)]
        if supports:
            options_list.append(
                Option(
                    f"{uid} pursue with {_ids(supports)}",
                    Said("pursuit.supports"),
                )
            )
        if unit.has("impetuous"):
            about.append(
                Said(
                    "pursuit.impetuous",
                )
            )
        else:
            options_list.append(Option(f"{uid} hold", Said("pursuit.hold")))
        groups.append(
            Group(
                uid,
                tuple(about),
                tuple(options_list),
                choice=not unit.has("impetuous") or bool(supports),
            )
        )
    return header, groups


def _face_at(unit: str, at: str) -> Said:
    return Said("face_at", unit=unit, hex=at)


def _supports(
    board: Board, pursuer: Unit, winners: dict[str, list[str]], fought: dict[str, list[str]]
) -> list[str]:
    """Friends aligned corner to corner with the pursuer (adjacent through one of its
    four side hexsides, same facing), not engaged, not contacted in the flank or rear."""
    assert pursuer.at is not None
    out = []
    for turn in (-2, -1, 1, 2):
        other = board.unit_at(pursuer.at.neighbour(pursuer.facing.turn(turn)))
        if other is None or other.side != pursuer.side or other.facing != pursuer.facing:
            continue
        if set(winners.get(other.id, ())) & set(winners[pursuer.id]):
            continue
        if any(o in board.units for o in fought.get(other.id, ())):
            continue
        if _adjacent_enemies(board, other, rear_arc(other.facing)):
            continue
        out.append(other.id)
    return out


# ----------------------------------------------------------------------------- choices
def choices_skeleton(
    state: GameState, rs: Ruleset, side: str, orders: OrderSet | None = None
) -> Skeleton:
    """The decisions ``side`` makes as the owner of its units in the state's next phase
    (docs/pbem.md §Choices): for the other player's phase, those 001 leaves to him (which
    attacker a routing unit faces, where a general flees, which enemy a winner contacted
    in the flank faces, whether a unit contacted in the flank conforms), given the
    phasing player's ``orders``; in any phase, the standing reactions of its units."""
    from referee.core.choices import Collector, QuietDice
    from referee.core.orders import OrderSet as Orders

    board = Board(state)
    lab = board.grid.label
    header: list[Said] = [
        Said(
            "choices.header",
            side=side,
            phase=state.phase,
            player=state.player,
            turn=state.turn,
        ),
    ]
    groups: list[Group] = []
    if side != state.player and state.phase == "rout":
        _, rout_groups = _rout(state, rs, chooser=side)
        groups += [g for g in rout_groups if g.options]
    if side != state.player and state.phase == "pursuit":
        fought = melee_map(board)
        winners = _winners(board, fought)
        for uid in board.unit_order[side]:
            unit = board.units[uid]
            if uid not in winners or not _adjacent_enemies(board, unit, rear_arc(unit.facing)):
                continue
            contact = _adjacent_enemies(board, unit, rear_arc(unit.facing)) + _adjacent_enemies(
                board, unit, front_arc(unit.facing)
            )
            about = (
                Said(
                    "choices.contacted",
                    unit=uid,
                    units=_ids(winners[uid]),
                    default=contact[0].id,
                ),
            )
            groups.append(
                Group(
                    uid,
                    about,
                    tuple(
                        Option(f"{uid} face {e.id}", _face_at(e.id, lab(e.at)))
                        for e in contact
                        if e.at is not None
                    ),
                    choice=len(contact) > 1,
                )
            )
        collector = Collector()
        run = Board(state)
        run.decisions = collector
        given = orders or Orders(turn=state.turn, player=state.player, phase=state.phase, orders=())
        from referee.core.phases.pursuit import apply as pursue

        pursue(run, given, rs, QuietDice())
        for q in collector.asked:
            if q.side != side or q.kind != "conform":
                continue
            unit = board.units[q.subject]
            assert unit.at is not None
            # what its owner's silence means: interpretations.silent_conform
            keeps = rs.interpretations["silent_conform"].reads("keeps_facing")
            about = (
                Said(
                    "choices.conform_keeps" if keeps else "choices.conform",
                    unit=q.subject,
                    hex=lab(unit.at),
                    facing=unit.facing.name,
                ),
            )
            groups.append(
                Group(
                    q.subject,
                    about,
                    (
                        Option(
                            f"{q.subject} conform",
                            Said("choices.conform_yes"),
                        ),
                        Option(f"{q.subject} conform no", Said("choices.conform_no")),
                    ),
                )
            )
    weights = rs.combat.evasion_weights.value
    for unit in [*board.side_units(side), *board.off_table[side]]:
        if unit.weight not in weights:
            continue
        now = "evade" if unit.reaction == "evade" else "stand"
        other = "stand" if now == "evade" else "evade"
        groups.append(
            Group(
                unit.id,
                (
                    Said(
                        "choices.reaction",
                        unit=unit.id,
                        type=unit.type,
                        weight=unit.weight,
                        now=now,
                    ),
                ),
                (Option(f"{unit.id} reaction {other}", Said("choices.now", now=now)),),
            )
        )
    if not groups:
        header.append(Said("choices.none", side=side))
    return Skeleton(state.turn, state.player, state.phase, tuple(header), tuple(groups))

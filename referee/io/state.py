"""Game-state files <-> ``GameState`` values.

Reading decodes the file with its declaration first (``referee.core.state_file.StateFile``:
*every* shape problem at once, each located by its path, ``sides.rome.units[3].at``,
with "did you mean"), then builds the values from the decoded records. The caller attaches file
names and lines; the ruleset-dependent checks are ``referee.core.validate``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from msgspec.structs import replace

from referee.core import state_file as sf
from referee.core.errors import InvalidInput
from referee.core.hexgrid import Direction, Hex
from referee.core.model import (
    Activation,
    Camp,
    Cohesion,
    Contact,
    Detachment,
    DiceSettings,
    Engagement,
    Factors,
    GameState,
    Leader,
    MapData,
    Party,
    Problem,
    Removed,
    Side,
    Trait,
    Unit,
    UnitStatus,
)
from referee.core.state_file import ENTRY_KINDS, MAX_ID, MAX_TURN, STATE_FORMAT
from referee.core.typed import decode, text_keys

__all__ = ["STATE_FORMAT", "read_state", "write_state", "write_unit"]

T = TypeVar("T")


def read_state(data: Any) -> tuple[GameState | None, list[Problem]]:
    """Build a GameState from loaded YAML data. Returns (state or None, problems)."""
    try:
        file: sf.StateFile | None = decode(sf.StateFile, data)
        problems: list[Problem] = []
    except InvalidInput as exc:
        file, problems = None, [_in_history(p, data) for p in exc.problems]
    history = data.get("history") if isinstance(data, Mapping) else None
    if isinstance(history, list):  # hashed as JSON: the keys of what is carried as written
        said = {(p.path, p.code) for p in problems}
        keys = text_keys(history, (None, "history"))
        problems += [_in_history(p, data) for p in keys if (p.path, p.code) not in said]
    if problems or file is None:
        return None, problems
    return _build(file, data), []


def _in_history(p: Problem, data: Any) -> Problem:
    """A problem of a history entry names the entry as ``verify`` does (``history[3]
    (turn 2, rome, combat)``), and the render says the referee never writes it."""
    if not p.path.startswith("history["):
        return p
    index = int(p.path[len("history[") :].split("]", 1)[0])
    return replace(p, data={**(p.data or {}), "entry_at": _moment(index, data["history"][index])})


def _moment(index: int, entry: Any) -> dict[str, Any]:
    """The entry's place and moment (``history[3] (turn 2, rome, combat)``: said after
    the hint, ``hint.history_entry``): its moment only when every part of it is well
    typed, else its index alone."""
    at: dict[str, Any] = {"index": index}
    if not isinstance(entry, Mapping):
        return at
    turn, player, phase, to = (entry.get(k) for k in ("turn", "player", "phase", "to"))
    if (
        type(turn) is int
        and 0 < turn <= MAX_TURN
        and isinstance(player, str)
        and len(player) <= MAX_ID
        and phase in ENTRY_KINDS
        and (phase != "rollback" or type(to) is int)
    ):
        at.update(turn=turn, player=player, phase=phase, to=to)
    return at


# -------------------------------------------------------------------- building values
# Everything below reads the decoded records (labels checked, ids as text).
_from_offset = Hex.from_offset


def _hex(value: Any) -> Hex:
    text = value if isinstance(value, str) else f"{value:04d}"
    n = len(text)
    if (n == 4 or n == 6) and text.isdigit():  # what Hex.from_label reads, without its
        half = n // 2  # checks (the spec made them)
        return _from_offset(int(text[:half]) - 1, int(text[half:]) - 1)
    return Hex.from_label(text)


def _opt_hex(value: Any) -> Hex | None:
    return None if value is None else _hex(value)


def _dice(d: sf.Dice | None) -> DiceSettings:
    if d is None:
        return DiceSettings(mode="physical")
    parties = [
        Party(
            side=side,
            commitment=p.commitment,
            length=p.length,
            revealed=p.revealed,
            last=p.last or p.commitment,
        )
        for side, p in (d.parties or {}).items()
    ]
    return DiceSettings(d.mode, d.seed, d.commitment, tuple(parties))


def _build(f: sf.StateFile, data: Mapping[str, Any]) -> GameState:
    named = f.ruleset
    ruleset, version = (
        (named.name, named.version) if isinstance(named, sf.RulesetRecord) else (named, None)
    )
    m = f.map
    game_map = MapData(
        columns=m.columns,
        rows=m.rows,
        default_terrain=m.default_terrain or "clear",
        terrain={_hex(label): kind for label, kind in m.terrain.items()},
        hexsides={frozenset(map(_hex, hs.between)): hs.type for hs in m.hexsides},
        roads=tuple(tuple(map(_hex, road)) for road in m.roads),
    )
    engagements = tuple(
        Engagement(
            attacker=e.attacker, target=e.target, kind=e.kind, through=e.through, charge=e.charge
        )
        for e in f.engagements
    )
    result = data.get("result")
    return GameState(
        ruleset=ruleset,
        ruleset_version=version,
        game=f.game,
        turn=f.turn,
        player=f.player,
        phase=f.phase,
        map=game_map,
        sides=tuple(_side(side_id, side) for side_id, side in f.sides.items()),
        dice=_dice(f.dice),
        result=dict(result) if result is not None else None,
        house_rules=f.house_rules or None,
        engagements=engagements,
        history=tuple(data.get("history") or ()),  # as written (a newer referee's keys too)
    )


def _side(side_id: str, m: sf.Side) -> Side:
    camp = m.camp or sf.Camp()
    return Side(
        id=side_id,
        name=m.name or side_id,
        edge=m.edge,
        exits=tuple(m.exits),
        entry_points=tuple(map(_hex, m.entry_points)),
        camp=Camp(at=_opt_hex(camp.at), fortified=camp.fortified, taken=camp.taken),
        order_tokens=m.order_tokens,
        leaders=tuple(_leader(side_id, x) for x in m.leaders),
        units=tuple([_unit(side_id, x) for x in m.units]),
        off_table=tuple(_unit(side_id, x) for x in m.off_table),
        removed=tuple(
            Removed(unit=_unit(side_id, x.unit), why=x.why, turn=x.turn, phase=x.phase or "")
            for x in m.removed
        ),
        activations=tuple(Activation(leader=a.leader, units=tuple(a.units)) for a in m.activations),
    )


def _leader(side_id: str, m: sf.Leader) -> Leader:
    return Leader(
        id=m.id,
        side=side_id,
        name=m.name or m.id,
        rank=m.rank,
        command_value=m.command_value,
        at=_opt_hex(m.at),
        weight=m.weight,
        vehicle=m.vehicle,
        attached_to=m.attached_to,
        status=frozenset(m.status),
    )


_DIRECTIONS: dict[str, Direction] = dict(Direction.__members__)
_EMPTY: frozenset[Any] = frozenset()


# Equal cohesions and factors are one value (frozen records: thousands of units share a
# few dozen), made once per process
_COHESIONS: dict[tuple[Any, Any], Cohesion] = {}
_FACTORS: dict[tuple[Any, ...], Factors] = {}
_SHARED = 4096  # at most this many of each are kept


def _cohesion(current: int, most: int) -> Cohesion:
    got = _COHESIONS.get((current, most))
    if got is None:
        got = Cohesion(current, most)
        if len(_COHESIONS) < _SHARED:
            _COHESIONS[current, most] = got
    return got


def _factors(f: sf.FactorsRec) -> Factors:
    key = (f.shooting, f.range, f.assault, f.melee)
    got = _FACTORS.get(key)
    if got is None:
        got = Factors(*key)
        if len(_FACTORS) < _SHARED:
            _FACTORS[key] = got
    return got


_NO_FACTORS = Factors()


def _unit(side_id: str, m: sf.OffTableUnit) -> Unit:
    # (the hot loop of a large state: positional arguments)
    cohesion = m.cohesion
    factors = m.factors
    at = m.at
    traits = m.traits
    status = m.status
    return Unit(
        m.id,
        side_id,
        m.type,
        m.weight,
        None if at is None else _hex(at),
        _DIRECTIONS[m.facing],
        _cohesion(cohesion.current, cohesion.max),
        _factors(factors) if factors else _NO_FACTORS,
        frozenset(cast("tuple[Trait | Detachment, ...]", traits)) if traits else _EMPTY,
        frozenset(cast("tuple[UnitStatus | Contact, ...]", status)) if status else _EMPTY,
        m.moved_hexes,
        m.reaction,
        m.name,
        m.flank_march,
    )


# ---------------------------------------------------------------------------- writing
def write_state(
    state: GameState, with_history: bool = True, records: bool = True
) -> dict[str, Any]:
    """The canonical file form of a state (key order fixed; hashing uses it).
    ``records=False``: without the map's terrain, hexsides and roads (empty) and the
    sides' units, off-table and removed units (absent): what the state hash replaces by
    digests (``referee.play.hashing``)."""
    width = state.map.grid.width

    def lab(h: Hex | None) -> str | None:
        return None if h is None else h.label(width)

    ruleset: Any = state.ruleset
    if state.ruleset_version:
        ruleset = {"name": state.ruleset, "version": state.ruleset_version}
    dice: dict[str, Any] = {"mode": state.dice.mode}
    if state.dice.seed is not None:
        dice["seed"] = state.dice.seed
    if state.dice.commitment is not None:
        dice["commitment"] = state.dice.commitment
    if state.dice.mode == "two-party":
        dice["parties"] = {
            p.side: {
                "commitment": p.commitment,
                "length": p.length,
                "revealed": p.revealed,
                "last": p.last,
            }
            for p in state.dice.parties
        }
    out: dict[str, Any] = {
        "format": STATE_FORMAT,
        "ruleset": ruleset,
        "game": state.game,
        "turn": state.turn,
        "player": state.player,
        "phase": state.phase,
        "dice": dice,
        "result": dict(state.result) if state.result is not None else None,
    }
    if state.house_rules:
        out["house_rules"] = dict(state.house_rules)
    game_map: dict[str, Any] = {
        "columns": state.map.columns,
        "rows": state.map.rows,
        "default_terrain": state.map.default_terrain,
        "terrain": {},
        "hexsides": [],
        "roads": [],
    }
    if records:
        game_map["terrain"] = {
            lab(h): t
            for h, t in sorted(state.map.terrain.items(), key=lambda kv: kv[0].to_offset())
        }
        game_map["hexsides"] = [
            {"between": sorted(h.label(width) for h in pair), "type": kind}
            for pair, kind in state.map.hexsides.items()
        ]
        game_map["roads"] = [[lab(h) for h in road] for road in state.map.roads]
    out |= {
        "map": game_map,
        "sides": {s.id: _write_side(s, lab, records) for s in state.sides},
    }
    if state.engagements:
        out["engagements"] = [
            {
                "attacker": e.attacker,
                "target": e.target,
                "kind": e.kind,
                "through": e.through,
                "charge": e.charge,
            }
            for e in state.engagements
        ]
    if with_history:
        out["history"] = [dict(h) for h in state.history]
    return out


def _write_side(
    side: Side, lab: Callable[[Hex | None], str | None], records: bool = True
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": side.name,
        "edge": side.edge,
        "exits": list(side.exits),
        "entry_points": [lab(h) for h in side.entry_points],
        "camp": {
            "at": lab(side.camp.at),
            "fortified": side.camp.fortified,
            "taken": side.camp.taken,
        },
        "order_tokens": side.order_tokens,
        "leaders": [_write_leader(x, lab) for x in side.leaders],
    }
    if records:
        out["units"] = [write_unit(u, lab) for u in side.units]
    if records and side.off_table:
        out["off_table"] = [write_unit(u, lab) for u in side.off_table]
    if records and side.removed:
        out["removed"] = [
            {
                "unit": write_unit(x.unit, lab),
                "why": x.why,
                "turn": x.turn,
                "phase": x.phase or None,
            }
            for x in side.removed
        ]
    if side.activations:
        out["activations"] = [
            {"leader": a.leader, "units": list(a.units)} for a in side.activations
        ]
    return out


def _write_leader(leader: Leader, lab: Callable[[Hex | None], str | None]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": leader.id,
        "name": leader.name,
        "rank": leader.rank,
        "command_value": leader.command_value,
        "at": lab(leader.at),
        "weight": leader.weight,
    }
    if leader.vehicle:
        out["vehicle"] = True
    out["attached_to"] = leader.attached_to
    out["status"] = sorted(leader.status)
    return out


_FACING_NAMES: dict[Direction, str] = {d: d.name for d in Direction}  # (``.name`` of an
# enum member is a descriptor call)


def write_unit(u: Unit, lab: Callable[[Hex | None], str | None]) -> dict[str, Any]:
    # (a unit's record is written for every state hash and file: one dict built in
    # place, empty sets written without sorting)
    cohesion = u.cohesion
    factors = u.factors
    traits = u.traits
    status = u.status
    if u.name:
        out: dict[str, Any] = {"id": u.id, "name": u.name, "type": u.type, "weight": u.weight}
    else:
        out = {"id": u.id, "type": u.type, "weight": u.weight}
    out["at"] = lab(u.at)
    out["facing"] = _FACING_NAMES[u.facing]
    out["cohesion"] = {"current": cohesion.current, "max": cohesion.max}
    out["factors"] = {
        "shooting": factors.shooting,
        "range": factors.range,
        "assault": factors.assault,
        "melee": factors.melee,
    }
    out["traits"] = sorted(traits) if traits else []
    out["status"] = sorted(status) if status else []
    if u.moved_hexes:
        out["moved_hexes"] = u.moved_hexes
    if u.reaction:
        out["reaction"] = u.reaction
    if u.flank_march:
        out["flank_march"] = True
    return out

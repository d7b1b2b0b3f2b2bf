"""Game-state files <-> ``GameState`` values.

Reading collects *every* problem with its path (``sides.rome.units[3].at``) instead
of stopping at the first; the caller attaches file names and lines.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from referee.core.hexgrid import Direction, Hex
from referee.core.model import (
    DICE_MODES,
    EDGES,
    MAX_CHAIN,
    PHASES,
    RANKS,
    WEIGHTS,
    Activation,
    Camp,
    Cohesion,
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
    Unit,
)

STATE_FORMAT = "referee-state/1"
_ID = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\-]*$")
T = TypeVar("T")


class Reader:
    """Reads loosely-typed YAML data, collecting problems instead of raising."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def err(self, path: str, message: str, hint: str = "") -> None:
        self.problems.append(Problem(path, message, hint))

    def mapping(self, data: Any, path: str) -> Mapping[str, Any]:
        if isinstance(data, Mapping):
            return data
        self.err(path, f"must be a mapping, not {_kind(data)}", "write key: value lines")
        return {}

    def field(self, m: Mapping[str, Any], key: str, path: str, kind: type[T] | tuple[type, ...],
              default: Any = ..., choices: tuple[str, ...] | None = None) -> Any:
        where = f"{path}.{key}" if path else key
        if key not in m or m[key] is None:
            if default is ...:
                self.err(where, "is missing", f"add `{key}:`")
                return None
            return default
        value = m[key]
        if kind is int and isinstance(value, bool):
            value = "bool"
        if kind is str and isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__
                                                                             for k in kind)
            self.err(where, f"must be {_article(names)}, not {_kind(m[key])}")
            return None if default is ... else default
        if choices is not None and value not in choices:
            self.err(where, f"unknown value {value!r}", "use one of " + ", ".join(choices))
            return None if default is ... else default
        return value

    def hex(self, value: Any, path: str, allow_none: bool = False) -> Hex | None:
        if value is None:
            if not allow_none:
                self.err(path, "is missing", "give a hex label such as 0507")
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            value = f"{value:04d}"
        if not isinstance(value, str):
            self.err(path, f"must be a hex label, not {_kind(value)}", "write it like \"0507\"")
            return None
        try:
            return Hex.from_label(value)
        except ValueError as exc:
            self.err(path, str(exc))
            return None

    def listing(self, m: Mapping[str, Any], key: str, path: str) -> list[Any]:
        value = m.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.err(f"{path}.{key}" if path else key, f"must be a list, not {_kind(value)}")
            return []
        return value

    def strings(self, m: Mapping[str, Any], key: str, path: str) -> list[str]:
        out = []
        for i, item in enumerate(self.listing(m, key, path)):
            if isinstance(item, str):
                out.append(item)
            else:
                self.err(f"{path}.{key}[{i}]", f"must be text, not {_kind(item)}")
        return out


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def _article(name: str) -> str:
    return {"str": "text", "int": "a whole number", "bool": "true or false", "list": "a list",
            "dict": "a mapping", "Mapping": "a mapping"}.get(name, name)


def read_state(data: Any) -> tuple[GameState | None, list[Problem]]:
    """Build a GameState from loaded YAML data. Returns (state or None, problems)."""
    r = Reader()
    top = r.mapping(data, "")
    if not top:
        return None, r.problems
    fmt = r.field(top, "format", "", str)
    if fmt is not None and fmt != STATE_FORMAT:
        r.err("format", f"unknown format {fmt!r}", f"this referee reads {STATE_FORMAT}")
    ruleset_field = top.get("ruleset")
    ruleset_version = None
    if isinstance(ruleset_field, Mapping):
        ruleset_name = r.field(ruleset_field, "name", "ruleset", str)
        ruleset_version = r.field(ruleset_field, "version", "ruleset", str, default=None)
    else:
        ruleset_name = r.field(top, "ruleset", "", str)
    game = r.field(top, "game", "", str)
    turn = r.field(top, "turn", "", int)
    if isinstance(turn, int) and turn < 1:
        r.err("turn", "must be 1 or more")
    player = r.field(top, "player", "", str)
    phase = r.field(top, "phase", "", str, choices=PHASES)
    dice = _read_dice(r, top.get("dice"))
    game_map = _read_map(r, top.get("map"))
    sides: list[Side] = []
    sides_raw = r.field(top, "sides", "", dict)
    if sides_raw is not None:
        if len(sides_raw) != 2:
            r.err("sides", f"has {len(sides_raw)} sides", "a battle has exactly two sides")
        for side_id, raw_side in sides_raw.items():
            side = _read_side(r, str(side_id), raw_side, f"sides.{side_id}")
            if side is not None:
                sides.append(side)
    if isinstance(player, str) and sides_raw is not None and player not in sides_raw:
        r.err("player", f"no side {player!r}", "use one of " + ", ".join(map(str, sides_raw)))
    engagements = []
    for i, raw in enumerate(r.listing(top, "engagements", "")):
        m = r.mapping(raw, f"engagements[{i}]")
        p = f"engagements[{i}]"
        engagements.append(Engagement(
            attacker=r.field(m, "attacker", p, str) or "",
            target=r.field(m, "target", p, str) or "",
            kind=r.field(m, "kind", p, str, choices=("melee", "shooting")) or "melee",
            through=r.field(m, "through", p, str, choices=("front", "flank", "rear")) or "front",
            charge=r.field(m, "charge", p, bool, default=True),
        ))
    history = []
    for i, entry in enumerate(r.listing(top, "history", "")):
        history.append(r.mapping(entry, f"history[{i}]"))
    result = top.get("result")
    if result is not None and not isinstance(result, Mapping):
        r.err("result", f"must be a mapping or null, not {_kind(result)}")
        result = None
    house_rules = top.get("house_rules")
    if house_rules is not None and not isinstance(house_rules, Mapping):
        r.err("house_rules", f"must be a mapping of ruleset overrides, not {_kind(house_rules)}")
        house_rules = None
    if r.problems or game_map is None:
        return None, r.problems
    return GameState(
        ruleset=ruleset_name, ruleset_version=ruleset_version, game=game, turn=turn,
        player=player, phase=phase, map=game_map, sides=tuple(sides), dice=dice,
        result=result, house_rules=house_rules or None, engagements=tuple(engagements),
        history=tuple(history),
    ), []


def _read_dice(r: Reader, raw: Any) -> DiceSettings:
    hex64 = re.compile(r"[0-9a-f]{64}")  # a SHA-256, as written by the referee
    if raw is None:
        return DiceSettings(mode="physical")
    m = r.mapping(raw, "dice")
    mode = r.field(m, "mode", "dice", str, default="open", choices=DICE_MODES)
    seed = r.field(m, "seed", "dice", str, default=None)
    commitment = r.field(m, "commitment", "dice", str, default=None)
    if mode == "open" and not seed:
        r.err("dice.seed", "is missing", "open mode needs a seed (or use mode: commit)")
    if mode == "commit":
        if not commitment or not hex64.fullmatch(commitment):
            r.err("dice.commitment", "must be the SHA-256 of the seed, 64 hex digits",
                  "referee seed new -o seed.txt prints it (docs/pbem.md)")
        if seed:
            r.err("dice.seed", "must not be in the file in commit mode",
                  "keep the seed with the game master")
    parties: list[Party] = []
    if mode in ("two-party", "physical"):
        for key, value in (("seed", seed), ("commitment", commitment)):
            if value is not None:
                r.err(f"dice.{key}", f"has no use in {mode} mode", "remove it (docs/pbem.md)")
    if mode == "two-party":
        raw_parties = r.field(m, "parties", "dice", dict, default={})
        for side, raw_party in (raw_parties or {}).items():
            p = f"dice.parties.{side}"
            pm = r.mapping(raw_party, p)
            chain_end = r.field(pm, "commitment", p, str)
            length = r.field(pm, "length", p, int)
            revealed = r.field(pm, "revealed", p, int, default=0)
            last = r.field(pm, "last", p, str, default=chain_end)
            for key, value in (("commitment", chain_end), ("last", last)):
                if isinstance(value, str) and not hex64.fullmatch(value):
                    r.err(f"{p}.{key}", "must be 64 lowercase hex digits (a SHA-256)")
            if isinstance(length, int) and not 1 <= length <= MAX_CHAIN:
                r.err(f"{p}.length", f"must be between 1 and {MAX_CHAIN}")
            if isinstance(revealed, int) and isinstance(length, int) and \
                    not 0 <= revealed <= length:
                r.err(f"{p}.revealed", f"must be between 0 and the length ({length})")
            if revealed == 0 and last != chain_end:
                r.err(f"{p}.last", "must be the commitment while nothing is revealed")
            if isinstance(chain_end, str) and isinstance(length, int) and \
                    isinstance(revealed, int) and isinstance(last, str):
                parties.append(Party(side=str(side), commitment=chain_end, length=length,
                                     revealed=revealed, last=last))
    elif m.get("parties") is not None:
        r.err("dice.parties", "is only for two-party mode")
    return DiceSettings(mode=mode or "open", seed=seed, commitment=commitment,
                        parties=tuple(parties))


def _read_map(r: Reader, raw: Any) -> MapData | None:
    if raw is None:
        r.err("map", "is missing", "add map: with columns and rows")
        return None
    m = r.mapping(raw, "map")
    columns = r.field(m, "columns", "map", int)
    rows = r.field(m, "rows", "map", int)
    for key, value in (("columns", columns), ("rows", rows)):
        if isinstance(value, int) and not 1 <= value <= 999:
            r.err(f"map.{key}", "must be between 1 and 999")
    default_terrain = r.field(m, "default_terrain", "map", str, default="clear")
    terrain: dict[Hex, str] = {}
    raw_terrain = r.field(m, "terrain", "map", dict, default={})
    for label, kind in raw_terrain.items():
        h = r.hex(label, f"map.terrain.{label}")
        if h is not None:
            if not isinstance(kind, str):
                r.err(f"map.terrain.{label}", f"must be a terrain name, not {_kind(kind)}")
            else:
                terrain[h] = kind
    hexsides: dict[frozenset[Hex], str] = {}
    for i, raw_side in enumerate(r.listing(m, "hexsides", "map")):
        p = f"map.hexsides[{i}]"
        sm = r.mapping(raw_side, p)
        between = sm.get("between")
        kind = r.field(sm, "type", p, str)
        if not isinstance(between, list) or len(between) != 2:
            r.err(f"{p}.between", "must list two adjacent hexes",
                  'e.g. between: ["0908", "1008"]')
            continue
        a = r.hex(between[0], f"{p}.between[0]")
        b = r.hex(between[1], f"{p}.between[1]")
        if a is not None and b is not None:
            if a.distance(b) != 1:
                r.err(f"{p}.between", "the two hexes are not adjacent")
            elif kind is not None:
                hexsides[frozenset((a, b))] = kind
    roads: list[tuple[Hex, ...]] = []
    for i, raw_road in enumerate(r.listing(m, "roads", "map")):
        p = f"map.roads[{i}]"
        if not isinstance(raw_road, list) or len(raw_road) < 2:
            r.err(p, "must be a list of at least two adjacent hexes")
            continue
        road = [r.hex(label, f"{p}[{j}]") for j, label in enumerate(raw_road)]
        if any(h is None for h in road):
            continue
        hexes = tuple(h for h in road if h is not None)
        for j, (a, b) in enumerate(itertools.pairwise(hexes)):
            if a.distance(b) != 1:
                r.err(f"{p}[{j + 1}]", "is not adjacent to the previous hex of the road")
        roads.append(hexes)
    if columns is None or rows is None:
        return None
    return MapData(columns=columns, rows=rows, default_terrain=default_terrain,
                   terrain=terrain, hexsides=hexsides, roads=tuple(roads))


def _read_side(r: Reader, side_id: str, raw: Any, path: str) -> Side | None:
    if not _ID.match(side_id):
        r.err(path, f"bad side id {side_id!r}", "use letters, digits, '_' or '-'")
    m = r.mapping(raw, path)
    name = r.field(m, "name", path, str, default=side_id)
    edge = r.field(m, "edge", path, str, choices=EDGES)
    exits = []
    for i, e in enumerate(r.strings(m, "exits", path)):
        if e not in EDGES:
            r.err(f"{path}.exits[{i}]", f"unknown edge {e!r}", "use N, S, E or W")
        else:
            exits.append(e)
    entry_points = []
    for i, label in enumerate(r.listing(m, "entry_points", path)):
        h = r.hex(label, f"{path}.entry_points[{i}]")
        if h is not None:
            entry_points.append(h)
    camp = Camp()
    if m.get("camp") is not None:
        cm = r.mapping(m.get("camp"), f"{path}.camp")
        camp = Camp(at=r.hex(cm.get("at"), f"{path}.camp.at", allow_none=True),
                    fortified=r.field(cm, "fortified", f"{path}.camp", bool, default=False),
                    taken=r.field(cm, "taken", f"{path}.camp", bool, default=False))
    tokens = r.field(m, "order_tokens", path, int, default=0)
    leaders = [_read_leader(r, side_id, raw_l, f"{path}.leaders[{i}]")
               for i, raw_l in enumerate(r.listing(m, "leaders", path))]
    units = [_read_unit(r, side_id, raw_u, f"{path}.units[{i}]", on_table=True)
             for i, raw_u in enumerate(r.listing(m, "units", path))]
    off_table = [_read_unit(r, side_id, raw_u, f"{path}.off_table[{i}]", on_table=False)
                 for i, raw_u in enumerate(r.listing(m, "off_table", path))]
    removed = []
    for i, raw_rm in enumerate(r.listing(m, "removed", path)):
        p = f"{path}.removed[{i}]"
        rm = r.mapping(raw_rm, p)
        unit = _read_unit(r, side_id, rm.get("unit"), f"{p}.unit", on_table=False)
        why = r.field(rm, "why", p, str, choices=("eliminated", "left_table"))
        if unit is not None and why is not None:
            removed.append(Removed(unit=unit, why=why, turn=r.field(rm, "turn", p, int, default=0),
                                   phase=r.field(rm, "phase", p, str, default="")))
    activations = []
    for i, raw_a in enumerate(r.listing(m, "activations", path)):
        p = f"{path}.activations[{i}]"
        am = r.mapping(raw_a, p)
        activations.append(Activation(leader=r.field(am, "leader", p, str) or "",
                                      units=tuple(r.strings(am, "units", p))))
    if edge is None:
        return None
    return Side(
        id=side_id, name=name, edge=edge, exits=tuple(exits), entry_points=tuple(entry_points),
        camp=camp, order_tokens=tokens, leaders=tuple(x for x in leaders if x is not None),
        units=tuple(x for x in units if x is not None),
        off_table=tuple(x for x in off_table if x is not None), removed=tuple(removed),
        activations=tuple(activations),
    )


def _read_leader(r: Reader, side_id: str, raw: Any, path: str) -> Leader | None:
    m = r.mapping(raw, path)
    if not m:
        return None
    leader_id = r.field(m, "id", path, str)
    rank = r.field(m, "rank", path, str, choices=RANKS)
    value = r.field(m, "command_value", path, int, default=0)
    if isinstance(value, int) and not 0 <= value <= 3:
        r.err(f"{path}.command_value", "must be 0, 1, 2 or 3", "001 §Déroute de l'armée")
    attached = r.field(m, "attached_to", path, str, default=None)
    at = r.hex(m.get("at"), f"{path}.at", allow_none=True)
    status = frozenset(r.strings(m, "status", path))
    if at is None and attached is None and not ({"fled_off_table", "lost", "killed"} & status):
        r.err(f"{path}.at", "is missing", "give the leader's hex, or attached_to a unit")
    weight = r.field(m, "weight", path, str, default="light", choices=WEIGHTS)
    if leader_id is None or rank is None:
        return None
    name = r.field(m, "name", path, str, default=leader_id)
    vehicle = r.field(m, "vehicle", path, bool, default=False)
    return Leader(id=leader_id, side=side_id, name=name, rank=rank,
                  command_value=value if isinstance(value, int) else 0, at=at,
                  weight=weight or "light", vehicle=vehicle, attached_to=attached, status=status)


_UNIT_KEYS = frozenset({"id", "side", "type", "weight", "at", "facing", "cohesion", "factors",
                        "traits", "status", "moved_hexes", "reaction", "name", "flank_march"})


def _read_unit(r: Reader, side_id: str, raw: Any, path: str, on_table: bool) -> Unit | None:
    m = r.mapping(raw, path)
    if not m:
        return None
    unit_id = r.field(m, "id", path, str)
    if isinstance(unit_id, str) and not _ID.match(unit_id):
        r.err(f"{path}.id", f"bad id {unit_id!r}", "use letters, digits, '_', '.' or '-'")
    unit_type = r.field(m, "type", path, str)
    weight = r.field(m, "weight", path, str, choices=WEIGHTS)
    at = r.hex(m.get("at"), f"{path}.at", allow_none=not on_table)
    facing = None
    raw_facing = r.field(m, "facing", path, str, default="N" if not on_table else ...)
    if raw_facing is not None:
        try:
            facing = Direction.parse(raw_facing)
        except ValueError as exc:
            r.err(f"{path}.facing", str(exc))
    cohesion = None
    cm = r.mapping(m.get("cohesion"), f"{path}.cohesion") if "cohesion" in m else None
    if cm is None:
        r.err(f"{path}.cohesion", "is missing", "add cohesion: {current: N, max: N}")
    elif cm:
        cur = r.field(cm, "current", f"{path}.cohesion", int)
        mx = r.field(cm, "max", f"{path}.cohesion", int)
        if isinstance(cur, int) and isinstance(mx, int):
            if mx < 1:
                r.err(f"{path}.cohesion.max", "must be 1 or more")
            if cur < 0:
                r.err(f"{path}.cohesion.current", "must not be negative")
            elif cur > mx:
                r.err(f"{path}.cohesion.current", f"{cur} is above its maximum {mx}",
                      "lower current or raise max")
            cohesion = Cohesion(cur, mx)
    factors = Factors()
    if m.get("factors") is not None:
        fm = r.mapping(m["factors"], f"{path}.factors")
        values = {}
        for key in ("shooting", "range", "assault", "melee"):
            v = r.field(fm, key, f"{path}.factors", int, default=0)
            if isinstance(v, int) and v < 0:
                r.err(f"{path}.factors.{key}", "must not be negative")
            values[key] = v if isinstance(v, int) else 0
        factors = Factors(**values)
    moved = r.field(m, "moved_hexes", path, int, default=0)
    traits = frozenset(r.strings(m, "traits", path))
    status = frozenset(r.strings(m, "status", path))
    extra = tuple((k, v) for k, v in m.items() if k not in _UNIT_KEYS)
    if None in (unit_id, unit_type, weight, facing, cohesion) or (on_table and at is None):
        return None
    assert facing is not None and cohesion is not None
    return Unit(id=unit_id, side=side_id, type=unit_type, weight=weight, at=at, facing=facing,
                cohesion=cohesion, factors=factors, traits=traits, status=status,
                moved_hexes=moved if isinstance(moved, int) else 0,
                reaction=r.field(m, "reaction", path, str, default=None),
                name=r.field(m, "name", path, str, default=None),
                flank_march=r.field(m, "flank_march", path, bool, default=False), extra=extra)


# ---------------------------------------------------------------------------- writing
def write_state(state: GameState, with_history: bool = True) -> dict[str, Any]:
    """The canonical file form of a state (key order fixed; hashing uses it)."""
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
        dice["parties"] = {p.side: {"commitment": p.commitment, "length": p.length,
                                    "revealed": p.revealed, "last": p.last}
                           for p in state.dice.parties}
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
    out |= {
        "map": {
            "columns": state.map.columns,
            "rows": state.map.rows,
            "default_terrain": state.map.default_terrain,
            "terrain": {lab(h): t for h, t in sorted(state.map.terrain.items(),
                                                      key=lambda kv: kv[0].to_offset())},
            "hexsides": [{"between": sorted(h.label(width) for h in pair), "type": kind}
                         for pair, kind in state.map.hexsides.items()],
            "roads": [[lab(h) for h in road] for road in state.map.roads],
        },
        "sides": {s.id: _write_side(s, lab) for s in state.sides},
    }
    if state.engagements:
        out["engagements"] = [
            {"attacker": e.attacker, "target": e.target, "kind": e.kind, "through": e.through,
             "charge": e.charge} for e in state.engagements]
    if with_history:
        out["history"] = [dict(h) for h in state.history]
    return out


def _write_side(side: Side, lab: Callable[[Hex | None], str | None]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": side.name,
        "edge": side.edge,
        "exits": list(side.exits),
        "entry_points": [lab(h) for h in side.entry_points],
        "camp": {"at": lab(side.camp.at), "fortified": side.camp.fortified,
                 "taken": side.camp.taken},
        "order_tokens": side.order_tokens,
        "leaders": [_write_leader(x, lab) for x in side.leaders],
        "units": [write_unit(u, lab) for u in side.units],
    }
    if side.off_table:
        out["off_table"] = [write_unit(u, lab) for u in side.off_table]
    if side.removed:
        out["removed"] = [{"unit": write_unit(x.unit, lab), "why": x.why, "turn": x.turn,
                           "phase": x.phase} for x in side.removed]
    if side.activations:
        out["activations"] = [{"leader": a.leader, "units": list(a.units)}
                              for a in side.activations]
    return out


def _write_leader(leader: Leader, lab: Callable[[Hex | None], str | None]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": leader.id, "name": leader.name, "rank": leader.rank,
                           "command_value": leader.command_value, "at": lab(leader.at),
                           "weight": leader.weight}
    if leader.vehicle:
        out["vehicle"] = True
    out["attached_to"] = leader.attached_to
    out["status"] = sorted(leader.status)
    return out


def write_unit(u: Unit, lab: Callable[[Hex | None], str | None]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": u.id}
    if u.name:
        out["name"] = u.name
    out.update({"type": u.type, "weight": u.weight, "at": lab(u.at), "facing": u.facing.name,
                "cohesion": {"current": u.cohesion.current, "max": u.cohesion.max},
                "factors": {"shooting": u.factors.shooting, "range": u.factors.range,
                            "assault": u.factors.assault, "melee": u.factors.melee},
                "traits": sorted(u.traits), "status": sorted(u.status)})
    if u.moved_hexes:
        out["moved_hexes"] = u.moved_hexes
    if u.reaction:
        out["reaction"] = u.reaction
    if u.flank_march:
        out["flank_march"] = True
    out.update(dict(u.extra))
    return out

"""The game state as immutable values. No I/O here: ``referee.io.state`` reads and
writes these from and to files.

The classes are frozen ``msgspec.Struct``s: typed, immutable, hashable when their
fields are, built by a constructor written in C (a large game builds tens of
thousands of units)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property
from typing import Any, Final, Literal, NewType, get_args

from msgspec import Struct, field
from msgspec.structs import replace

from referee.core.errors import Problem as Problem  # (its home: the error tree)
from referee.core.hexgrid import Arc, Direction, Grid, Hex

# The closed vocabularies of the model, as types (mypy checks every spelling written
# where one is expected) and as the tuples the readers and the specs list.
Phase = Literal["activation", "movement", "combat", "rout", "pursuit"]
PHASES: tuple[Phase, ...] = get_args(Phase)
Weight = Literal["very-light", "light", "medium", "heavy", "very-heavy"]
WEIGHTS: tuple[Weight, ...] = get_args(Weight)
Rank = Literal["general", "sub_general", "senior_officer"]
RANKS: tuple[Rank, ...] = get_args(Rank)
Edge = Literal["N", "S", "E", "W"]
EDGES: tuple[Edge, ...] = get_args(Edge)
Trait = Literal[
    "impetuous",
    "expendable",
    "light_infantry",
    "mounted_infantry",
    "wagon_borne",
    "impact",
    "javelot",
    "support",
    "charge_percutante",
]
UnitStatus = Literal[
    "activated",
    "moved",
    "no_combat",
    "road_march",
    "mounted_move",
    "fought",
    "charged",
    "engaged",
    "pursued",
    "evaded",
    "pre_played",
    "disordered",
    "stationary",
    "pursuit_contact",
    "camp_assault",
]
LeaderStatus = Literal["fleeing", "fled_off_table", "lost", "killed"]
Reaction = Literal["evade"]
DiceMode = Literal["open", "commit", "two-party", "physical"]
RemovedWhy = Literal["eliminated", "left_table"]
AttackKind = Literal["melee", "shooting"]
# Words made of a prefix and a unit id: ``pursuit_contact:<unit id>`` (made by
# ``contact``), which enemy a pursuit contact is with; ``detachment_of:<unit id>`` (read
# from a file), a detachment of that unit.
Contact = NewType("Contact", str)
Detachment = NewType("Detachment", str)

# statuses that last one player-turn: cleared for every unit when a player-turn ends
TURN_STATUSES: frozenset[UnitStatus] = frozenset(
    {
        "activated",
        "moved",
        "no_combat",
        "fought",
        "road_march",
        "mounted_move",
        "charged",
        "engaged",
        "pursued",
        "evaded",
    }
)

# The canonical words of a state file, each with its one-line meaning (read by the
# file spec, the JSON Schema and docs/formats.md). They are what the engine reads
# (``Unit.has``, ``status`` tests in ``referee/core/``): a word not listed here would
# be silently ignored, so the reader refuses it.
TRAITS: dict[Trait, str] = {
    "impetuous": "impétueux: must pursue an enemy it beat in melee (001 §Poursuite)",
    "expendable": "not counted in its army's cohesion nor losses (001 §Déroute de l'armée)",
    "light_infantry": "counts as infanterie légère in rout and pursuit (001) whatever its weight",
    "mounted_infantry": "infantry with mounts: may take the mounted movement bonus",
    "wagon_borne": "carried on wagons: a defensive position, as behind a palisade, when "
    "it stays stationary",
    "impact": "first-round ability (Impact): +dice when it charges (combat.first_round_abilities)",
    "javelot": "first-round ability (Javelot): +dice when it charges",
    "support": "first-round ability (Support): +dice when it charges",
    "charge_percutante": "first-round ability (Charge percutante): +dice when it charges",
}
# ``detachment_of:<unit id>``: a detachment of that unit (pass_through.detachment_and_parent)
DETACHMENT_TRAIT = "detachment_of:"


UNIT_STATUSES: dict[UnitStatus, str] = {
    "activated": "activated this player-turn: may move and fight",
    "moved": "has moved this player-turn",
    "no_combat": "moved beyond its combat allowance (ss cb): may not fight this player-turn",
    "road_march": "moved with the road bonus: may not fight this player-turn",
    "mounted_move": "moved with the mounted bonus: may not fight this player-turn",
    "fought": "has attacked this player-turn",
    "charged": "made a melee charge this player-turn",
    "engaged": "is in a melee of this player-turn",
    "pursued": "has pursued this player-turn",
    "evaded": "evaded a charge this player-turn",
    "pre_played": "pré-joué: may not move in its next movement phase, may still fight",
    "disordered": "en désordre: counts in its army's losses (001 §Déroute de l'armée)",
    "stationary": "did not move in its last movement phase",
    "pursuit_contact": "reached an enemy by pursuit: the next melee is not a charge",
    "camp_assault": "a pursuer that reached a fortified enemy camp",
}
# the status a pursuit contact sets on both units (referee.core.phases.pursuit), kept
# until the next combat phase, with one ``contact(<the other unit>)`` each
PURSUIT_CONTACT: Final = "pursuit_contact"
CONTACT_STATUS = "pursuit_contact:"


def contact(unit_id: str) -> Contact:
    """The status ``pursuit_contact:<unit id>``: in a pursuit contact with that unit."""
    return Contact(CONTACT_STATUS + unit_id)


LEADER_STATUSES: dict[LeaderStatus, str] = {
    "fleeing": "en fuite: moves with the fleeing allowance of the leader row",
    "fled_off_table": "has fled off the table: out of play",
    "lost": "lost (captured or missing): out of play, counts for army break",
    "killed": "killed: out of play, counts for army break",
}
# statuses that take a leader out of play
LEADER_GONE: frozenset[LeaderStatus] = frozenset({"fled_off_table", "lost", "killed"})

REACTIONS: dict[Reaction, str] = {
    "evade": "evades a melee charge when light enough (combat.evade)",
}


class Cohesion(Struct, frozen=True):
    current: int
    max: int


class Factors(Struct, frozen=True):
    shooting: int = 0
    range: int = 0
    assault: int = 0
    melee: int = 0


_NO_FACTORS = Factors()


class Unit(Struct, frozen=True):
    id: str
    side: str
    type: str
    weight: Weight
    at: Hex | None
    facing: Direction
    cohesion: Cohesion
    factors: Factors = _NO_FACTORS
    traits: frozenset[Trait | Detachment] = frozenset()
    status: frozenset[UnitStatus | Contact] = frozenset()
    moved_hexes: int = 0
    reaction: Reaction | None = None
    name: str | None = None
    flank_march: bool = False

    def has(self, trait: Trait) -> bool:
        return trait in self.traits

    def has_status(self, status: UnitStatus) -> bool:
        return status in self.status

    @property
    def detachment_of(self) -> str | None:
        for trait in self.traits:
            if trait.startswith(DETACHMENT_TRAIT):
                return trait[len(DETACHMENT_TRAIT) :]
        return None

    def with_status(
        self, *add: UnitStatus | Contact, remove: Iterable[UnitStatus | Contact] = ()
    ) -> Unit:
        return replace(self, status=(self.status - set(remove)) | set(add))


class Leader(Struct, frozen=True):
    id: str
    side: str
    name: str
    rank: Rank
    command_value: int = 0
    at: Hex | None = None
    weight: Weight = "light"
    vehicle: bool = False
    attached_to: str | None = None
    status: frozenset[LeaderStatus] = frozenset()

    @property
    def on_table(self) -> bool:
        return not (LEADER_GONE & self.status)

    def has_status(self, status: LeaderStatus) -> bool:
        return status in self.status


class Camp(Struct, frozen=True):
    at: Hex | None = None
    fortified: bool = False
    taken: bool = False


_NO_CAMP = Camp()


class Removed(Struct, frozen=True):
    """A unit out of play, and why: ``eliminated`` or ``left_table``."""

    unit: Unit
    why: RemovedWhy
    turn: int
    phase: Phase | Literal[""]  # "": a state file that does not say


class Activation(Struct, frozen=True):
    leader: str
    units: tuple[str, ...]


class Side(Struct, frozen=True):
    id: str
    name: str
    edge: Edge
    exits: tuple[str, ...] = ()
    entry_points: tuple[Hex, ...] = ()
    camp: Camp = _NO_CAMP
    order_tokens: int = 0
    leaders: tuple[Leader, ...] = ()
    units: tuple[Unit, ...] = ()
    off_table: tuple[Unit, ...] = ()
    removed: tuple[Removed, ...] = ()
    activations: tuple[Activation, ...] = ()

    def unit(self, unit_id: str) -> Unit | None:
        for u in self.units:
            if u.id == unit_id:
                return u
        return None


class Engagement(Struct, frozen=True):
    """A combat of this player-turn, kept for the rout and pursuit phases."""

    attacker: str
    target: str
    kind: AttackKind
    through: Arc  # the target's arc the attack came through
    charge: bool = True  # False when the contact came from a pursuit (001 §Poursuite)


DICE_MODES: tuple[DiceMode, ...] = get_args(DiceMode)
MAX_CHAIN = 100_000  # two-party hash chains: a longer one would only slow every reveal


class Party(Struct, frozen=True):
    """One player's hash chain in two-party dice (docs/pbem.md): the chain's end he
    committed to, its length, how many elements he has revealed and the last one."""

    side: str
    commitment: str
    length: int
    revealed: int = 0
    last: str = ""  # the last element revealed; the commitment itself before any

    @property
    def remaining(self) -> int:
        return self.length - self.revealed


class DiceSettings(Struct, frozen=True):
    mode: DiceMode = "open"
    seed: str | None = None  # open mode
    commitment: str | None = None  # commit mode: SHA-256 of the game master's seed
    parties: tuple[Party, ...] = ()  # two-party mode: each player's chain, once committed

    def party(self, side: str) -> Party | None:
        for p in self.parties:
            if p.side == side:
                return p
        return None


_OPEN_DICE = DiceSettings()


class MapData(Struct, frozen=True, dict=True):  # dict: its cached properties
    columns: int
    rows: int
    default_terrain: str = "clear"
    terrain: Mapping[Hex, str] = field(default_factory=dict)
    hexsides: Mapping[frozenset[Hex], str] = field(default_factory=dict)
    roads: tuple[tuple[Hex, ...], ...] = ()

    @cached_property
    def grid(self) -> Grid:
        return Grid(self.columns, self.rows)

    def terrain_at(self, h: Hex) -> str:
        return self.terrain.get(h, self.default_terrain)

    def hexside(self, a: Hex, b: Hex) -> str | None:
        return self.hexsides.get(frozenset((a, b)))

    @cached_property
    def road_steps(self) -> dict[tuple[Hex, Hex], frozenset[int]]:
        """(a, b) -> indices of the roads that run from a to b (both ways)."""
        steps: dict[tuple[Hex, Hex], set[int]] = {}
        for index, road in enumerate(self.roads):
            for a, b in itertools.pairwise(road):
                steps.setdefault((a, b), set()).add(index)
                steps.setdefault((b, a), set()).add(index)
        return {k: frozenset(v) for k, v in steps.items()}

    @cached_property
    def hexside_steps(self) -> dict[tuple[Hex, Hex], str]:
        """Hexside features by step (a, b), both ways."""
        steps: dict[tuple[Hex, Hex], str] = {}
        for pair, kind in self.hexsides.items():
            a, b = tuple(pair)
            steps[(a, b)] = kind
            steps[(b, a)] = kind
        return steps

    @cached_property
    def road_hexes(self) -> dict[Hex, frozenset[int]]:
        hexes: dict[Hex, set[int]] = {}
        for index, road in enumerate(self.roads):
            for h in road:
                hexes.setdefault(h, set()).add(index)
        return {k: frozenset(v) for k, v in hexes.items()}


class StateIndex(Struct, frozen=True):
    occupancy: dict[Hex, Unit]
    units: dict[str, Unit]  # on the table and off it
    leaders: dict[str, Leader]


class GameState(Struct, frozen=True, dict=True):  # dict: its cached index
    ruleset: str
    game: str
    turn: int
    player: str
    phase: Phase
    map: MapData
    sides: tuple[Side, ...]
    dice: DiceSettings = _OPEN_DICE
    ruleset_version: str | None = None
    result: Mapping[str, Any] | None = None
    # the game's house rules: overrides merged over the ruleset (rulesets/README.md)
    house_rules: Mapping[str, Any] | None = None
    engagements: tuple[Engagement, ...] = ()
    history: tuple[Mapping[str, Any], ...] = ()

    @cached_property
    def index(self) -> StateIndex:
        """Units by hex and by id (on the table and off it), leaders by id: built once
        (a move preview, a phase's field), kept while the state lives."""
        units: dict[str, Unit] = {}
        occupancy: dict[Hex, Unit] = {}
        for s in self.sides:
            for u in s.units:
                units[u.id] = u
                if u.at is not None:
                    occupancy[u.at] = u
            for u in s.off_table:
                units[u.id] = u
        return StateIndex(occupancy, units, {lead.id: lead for lead in self.leaders()})

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    def enemy_of(self, side_id: str) -> str:
        for s in self.sides:
            if s.id != side_id:
                return s.id
        raise KeyError(side_id)

    def units(self) -> Iterator[Unit]:
        for s in self.sides:
            yield from s.units

    def leaders(self) -> Iterator[Leader]:
        for s in self.sides:
            yield from s.leaders

    def find_unit(self, unit_id: str) -> Unit | None:
        for s in self.sides:
            for u in s.units:
                if u.id == unit_id:
                    return u
        return None

    def find_leader(self, leader_id: str) -> Leader | None:
        for s in self.sides:
            for lead in s.leaders:
                if lead.id == leader_id:
                    return lead
        return None

    def leader_hex(self, leader: Leader) -> Hex | None:
        if leader.attached_to is not None:
            unit = self.find_unit(leader.attached_to)
            if unit is not None:
                return unit.at
        return leader.at

    def replace_side(self, side: Side) -> GameState:
        return replace(self, sides=tuple(side if s.id == side.id else s for s in self.sides))

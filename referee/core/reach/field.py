"""The field: who stands where, as a move sees it (units by hex, isolated leaders by hex,
hexside features by step), from the indexes a map or a state keeps of itself
(``MapData.hexside_steps``, ``GameState.index``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from referee.core.hexgrid import Grid, Hex
from referee.core.model import GameState, Leader, MapData, Unit

_new_hex = tuple.__new__  # Hex(q, r) without NamedTuple's Python-level __new__

# axial steps in the order of Direction (N, NE, SE, S, SW, NW), as Hex.neighbours
_STEPS: tuple[tuple[int, int], ...] = tuple((n.q, n.r) for _, n in Hex(0, 0).neighbours())


class Field:
    """What a move must know about the other pieces: units by hex, isolated leaders by
    hex, hexside features by step. Built once per phase (or per ``moves`` query).

    ``occupied``, when given, holds exactly the hexes where ``unit_at`` finds a unit
    (kept so by its owner: ``Board.at``, a state's occupancy); the search asks it
    first, ``unit_at`` only for an occupied hex."""

    def __init__(
        self,
        map_data: MapData,
        unit_at: Callable[[Hex], Unit | None],
        leaders: Iterable[Leader],
        occupied: Mapping[Hex, object] | None = None,
    ) -> None:
        self.map = map_data
        self.grid: Grid = map_data.grid
        self.columns = self.grid.columns
        self.rows = self.grid.rows
        self.width = self.grid.width
        self.unit_at = unit_at
        self.occupied = occupied
        self._neighbours: dict[Hex, tuple[Hex, ...]] = {}
        self.known_neighbours: Mapping[Hex, tuple[Hex, ...]] = self._neighbours
        self._labels: dict[Hex, str] = {}
        self._numbers: list[str] | None = None  # "01", "02"... (_label)
        self.terrain = map_data.terrain
        self.default_terrain = map_data.default_terrain
        self.road_steps = map_data.road_steps
        self.road_hexes = map_data.road_hexes
        self.hexsides = map_data.hexside_steps
        self.leaders_at: dict[Hex, list[Leader]] = {}
        for lead in leaders:
            self.add_leader(lead)

    @classmethod
    def from_state(cls, state: GameState) -> Field:
        index = state.index
        return cls(state.map, index.occupancy.get, index.leaders.values(), index.occupancy)

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The six hexes around ``h`` in the order of Direction (N, NE, SE, S, SW, NW),
        kept while the field lives (searches of one phase meet the same hexes)."""
        try:
            return self._neighbours[h]
        except KeyError:
            q, r = h
            out = tuple([_new_hex(Hex, (q + dq, r + dr)) for dq, dr in _STEPS])
            self._neighbours[h] = out
            return out

    def on_table(self, h: Hex) -> bool:
        q, r = h
        y = r + (q - (q & 1)) // 2
        return 0 <= q < self.columns and 0 <= y < self.rows

    def add_leader(self, lead: Leader) -> None:
        """Index an isolated leader on the table (attached leaders move with units)."""
        if lead.attached_to is None and lead.at is not None and lead.on_table:
            self.leaders_at.setdefault(lead.at, []).append(lead)

    def drop_leader(self, lead: Leader) -> None:
        if lead.at is not None and lead.at in self.leaders_at:
            rest = [x for x in self.leaders_at[lead.at] if x.id != lead.id]
            if rest:
                self.leaders_at[lead.at] = rest
            else:
                del self.leaders_at[lead.at]

    def enemy_leader_at(self, h: Hex, side: str) -> Leader | None:
        for lead in self.leaders_at.get(h, ()):
            if lead.side != side:
                return lead
        return None

    def label(self, h: Hex | None) -> str | None:
        if h is None:
            return None
        try:
            return self._labels[h]
        except KeyError:
            text = self._labels[h] = self._label(h)
            return text

    def labels(self, hexes: Iterable[Hex]) -> list[str]:
        known = self._labels
        out = []
        for h in hexes:
            text = known.get(h)
            if text is None:
                text = known[h] = self._label(h)
            out.append(text)
        return out

    def _label(self, h: Hex) -> str:
        """``h.label(self.width)``: a column's and a row's number from a table of the
        numbers on the table and the ring around it, Hex.label beyond."""
        numbers = self._numbers
        if numbers is None:
            w = self.width
            numbers = self._numbers = [
                f"{i:0{w}d}" for i in range(max(self.columns, self.rows) + 2)
            ]
        q, r = h
        x = q + 1
        y = r + (q - (q & 1)) // 2 + 1
        if 0 <= x < len(numbers) and 0 <= y < len(numbers):
            return numbers[x] + numbers[y]
        return h.label(self.width)

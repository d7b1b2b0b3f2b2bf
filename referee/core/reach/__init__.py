"""Movement: costs, legal paths, cheapest paths and reachability ("where can it go?").

One package answers every movement question, so that ``referee moves`` (a preview) and
the movement phase (the ruling) can never disagree. Its modules, along the seams of the
work:

* :mod:`.rules` — movement parameters: what a move reads from the typed ruleset (every
  number and citation), with terrain costs cached per ruleset;
* :mod:`.field` — the field: units and isolated leaders by hex, hexside features;
* :mod:`.step` — one step's cost and legality (:class:`Walker`), the mover and its
  allowance (:class:`Budget`), why a hex cannot be entered (:class:`Block`);
* :mod:`.search` — the Dijkstra search bounded by the allowance;
* :mod:`.may_move` — "may this unit move now?", written once for the phase and the
  preview;
* :mod:`.check` — checking an ordered move: a path (:func:`check_path`) or a destination
  (:func:`find_path`), giving a :class:`Plan` or a :class:`Refusal`;
* :mod:`.preview` — :func:`reachable`, what ``referee moves`` shows.

The rules applied (000, 003, 004; every number is read from the ruleset):

* a move spends the allowance of the movement table (hexes, spent as points: the
  terrain ``cost`` of each hex entered, plus the ``cost`` of a hexside crossed; a
  step from a road hex to the next hex of the same road costs
  ``roads.cost_along_road`` whatever the terrain);
* ``N/M ss cb``: a move costing more than N points is *sans combat*; ``(*)``: never
  more than one hex and no bonus; ``0 (statique)``: never moves;
* ``movement_rules.minimum_move``: a unit that may move can always enter one
  adjacent passable hex even if it costs more than its allowance (it then keeps the
  right to fight when its cell has a combat part of 1 or more);
* impassable terrain and hexsides cannot be entered (a road step crosses them: the
  road is a bridge or a pass); an ordered path into them stops in the hex before;
* never through an enemy unit or an isolated enemy leader; a friendly unit is
  crossed only as ``pass_through`` allows, and two units never end in one hex;
* leaving the table: only by a hex just outside an edge in the side's ``exits``
  (a leader alone by any edge when ``movement_rules.leader_may_leave_table``);
  stepping off the table costs 1 point (open ground);
* a reinforcement enters from one of its side's ``entry_points`` (hexes just
  outside the table); the first hex of its move is the first hex on the table.

Performance: occupancy is indexed by hex (``Board.at`` or one dict built from the
state), ruleset values are read once per phase or query (``Rules``), hexsides per map,
and the search is a Dijkstra bounded by the allowance. The activation phase imports
none of this (start-up time).
"""

from referee.core.events import Refusal
from referee.core.reach.check import Plan, check_path, find_path
from referee.core.reach.field import Field
from referee.core.reach.may_move import leader_may_move, unit_may_move
from referee.core.reach.preview import Blocked, Destination, Reach, reachable
from referee.core.reach.rules import Rules
from referee.core.reach.search import Node, search
from referee.core.reach.step import (
    Block,
    Budget,
    Mover,
    Walker,
    budget_for,
    budget_numbers,
    leader_mover,
    mover_numbers,
    unit_mover,
)

__all__ = [
    "Block",
    "Blocked",
    "Budget",
    "Destination",
    "Field",
    "Mover",
    "Node",
    "Plan",
    "Reach",
    "Refusal",
    "Rules",
    "Walker",
    "budget_for",
    "budget_numbers",
    "check_path",
    "find_path",
    "leader_may_move",
    "leader_mover",
    "mover_numbers",
    "reachable",
    "search",
    "unit_may_move",
    "unit_mover",
]

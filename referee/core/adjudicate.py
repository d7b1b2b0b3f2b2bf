"""The engine: one pure function applies one phase of orders.

``adjudicate(state, orders, ruleset, dice) -> Outcome``: no I/O, no printing, dice
passed in. The same function serves validate, ``--dry-run``, adjudicate and
verify, so a player's check can never disagree with the referee.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_

from msgspec import Struct
from msgspec.structs import replace

from referee.core import army
from referee.core.board import Board
from referee.core.choices import KIND_PHASES, Decisions, choice_event, refusal_event, rule_of
from referee.core.dice import Dice, Roll
from referee.core.errors import GameOver, InvalidInput, OrdersNotForThisState
from referee.core.events import END, INFO, Event
from referee.core.model import PHASES, TURN_STATUSES, GameState, Problem, Unit
from referee.core.orders import OrderSet
from referee.core.ruleset import Ruleset

PhaseFn = Callable[[Board, OrderSet, Ruleset, Dice], list[Event]]


# kept as names of the engine's API: both are classes of the one error tree
OrdersMismatch = OrdersNotForThisState
GameAlreadyOver = GameOver


class Outcome(Struct, frozen=True):
    state: GameState
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...]

    @property
    def refused(self) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.refused)


def phase_function(phase: str) -> PhaseFn:
    """The phase's ``apply``; only that phase's module is imported (start-up time)."""
    import importlib

    if phase not in PHASES:
        raise InvalidInput(
            Problem(
                "phase",
                code="orders.unknown_phase",
                data={"phase": phase, "suggest": {"one_of": list(PHASES)}},
            )
        )
    module = importlib.import_module(f"referee.core.phases.{phase}")
    return module.apply  # type: ignore[no-any-return]


def check_applicable(state: GameState, orders: OrderSet) -> None:
    """Refuse orders meant for another moment of the game (no double application)."""
    if state.result is not None:
        raise GameAlreadyOver(
            Problem(
                "",
                code="game.over",
                data={"outcome": state.result.get("outcome")},
            )
        )
    problems = []
    if orders.game is not None and orders.game != state.game:
        problems.append(
            Problem(
                "game",
                code="orders.other_game",
                data={"given": orders.game, "game": state.game},
            )
        )
    if orders.turn != state.turn:
        problems.append(
            Problem(
                "turn",
                code="orders.other_turn",
                data={"given": orders.turn, "turn": state.turn},
            )
        )
    if orders.player != state.player:
        problems.append(
            Problem(
                "player",
                code="orders.other_player",
                data={"given": orders.player, "player": state.player},
            )
        )
    if orders.phase != state.phase:
        problems.append(
            Problem(
                "phase",
                code="orders.other_phase",
                data={"given": orders.phase, "phase": state.phase},
            )
        )
    if problems:
        raise OrdersMismatch(problems)


def adjudicate(
    state: GameState, orders: OrderSet, rs: Ruleset, dice: Dice, decisions: Decisions | None = None
) -> Outcome:
    """``decisions``: the choices of units' owners other than the phasing player (their
    choices files, ``referee.core.choices``); none given, every decision takes its
    default."""
    check_applicable(state, orders)
    board = Board(state)
    if decisions is not None:
        board.decisions = decisions
        _screen(board, decisions, rs)
    events = list(phase_function(state.phase)(board, orders, rs, dice))
    events.extend(_close(board, board.decisions, rs))
    new_state = board.freeze()
    new_state, more = end_of_phase(new_state, rs)
    events.extend(more)
    return Outcome(new_state, tuple(events), tuple(dice.rolls))


def _owner(board: Board, subject: str) -> str | None:
    unit = board.units.get(subject) or board.find_off_table(subject)
    if unit is not None:
        return unit.side
    leader = board.leaders.get(subject)
    return leader.side if leader is not None else None


def _screen(board: Board, decisions: Decisions, rs: Ruleset) -> None:
    """Before the phase: drop the choices their author may not make (reported when the
    phase ends): a unit or leader that is not his (``not_owner``) or no longer in play
    (``not_in_play``), a decision of another phase (``wrong_phase``), or the phasing
    player's own decisions of the phase, which are orders (``use_orders``)."""
    phase, player = board.base.phase, board.base.player
    for choice_set in decisions.sets:
        side = choice_set.by
        for choice in choice_set.choices:
            owner = _owner(board, choice.unit)
            if owner is None:
                decisions.drop(side, choice, "not_in_play")
            elif owner != side:
                decisions.drop(side, choice, "not_owner", owner=owner)
            elif phase not in KIND_PHASES[choice.kind]:
                decisions.drop(
                    side, choice, "wrong_phase", phase=phase, phases=list(KIND_PHASES[choice.kind])
                )
            elif side == player and choice.kind != "reaction":
                decisions.drop(side, choice, "use_orders")


def _close(board: Board, decisions: Decisions, rs: Ruleset) -> list[Event]:
    """When the phase ends: the reactions chosen take effect (``choice.reaction``), and
    the choices refused or left unused are reported (``choice.refused``, severity
    refused; ``choice.unused``)."""
    events: list[Event] = []
    for side, choice in decisions.reactions():
        unit = board.units.get(choice.unit) or board.find_off_table(choice.unit)
        if unit is None:  # left play during the phase
            events.append(choice_event("choice.unused", rule_of(rs, "reaction"), side, choice))
            continue
        before = "evade" if unit.reaction == "evade" else "stand"
        changed = replace(unit, reaction="evade" if choice.value == "evade" else None)
        if unit.at is None:
            board.off_table[unit.side] = [
                changed if u.id == unit.id else u for u in board.off_table[unit.side]
            ]
        else:
            board.put(changed)
        events.append(
            choice_event(
                "choice.reaction",
                rule_of(rs, "reaction"),
                side,
                choice,
                before=before,
                reaction=choice.value,
            )
        )
    for side, choice, reason, data in decisions.refused():
        events.append(refusal_event(rule_of(rs, choice.kind), side, choice, reason, data))
    for side, choice in decisions.unused():
        events.append(choice_event("choice.unused", rule_of(rs, choice.kind), side, choice))
    return events


def next_moment(state: GameState) -> tuple[int, str, str]:
    """(turn, player, phase) after the state's next phase."""
    index = PHASES.index(state.phase)
    if index + 1 < len(PHASES):
        return state.turn, state.player, PHASES[index + 1]
    sides = state.side_ids()
    position = sides.index(state.player)
    if position + 1 < len(sides):
        return state.turn, sides[position + 1], PHASES[0]
    return state.turn + 1, sides[0], PHASES[0]


def end_of_phase(state: GameState, rs: Ruleset) -> tuple[GameState, list[Event]]:
    """Army break check (after every phase, 001), then advance to the next phase."""
    events = []
    rule = rs.army_break.cite.army_break
    statuses = army.armies(state, rs)
    for status in statuses:
        events.append(
            Event(
                code="army.status",
                rule=rule,
                subject=status.side,
                severity=INFO,
                data={
                    "cohesion": status.cohesion,
                    "losses": status.losses,
                    "broken": status.broken,
                    "lines": [
                        {
                            "what": ln.what,
                            "count": ln.count,
                            "points": ln.points,
                            "ids": list(ln.ids),
                        }
                        for ln in status.lines
                    ],
                },
            )
        )
    broken = [s.side for s in statuses if s.broken]
    result = None
    if broken:
        outcome = "draw" if len(broken) == len(statuses) else "broken"
        result = {"outcome": outcome, "broken": broken, "turn": state.turn, "phase": state.phase}
        events.append(
            Event(code=f"army.{outcome}", rule=rule, severity=END, data={"broken": broken})
        )
    turn, player, phase = next_moment(state)
    changes: dict[str, object] = {"turn": turn, "player": player, "phase": phase}
    if result is not None:
        changes["result"] = result
    if player != state.player:
        state = _end_player_turn(state)
    return replace(state, **changes), events


def _end_player_turn(state: GameState) -> GameState:
    def fresh(u: Unit) -> Unit:
        if u.status & TURN_STATUSES or u.moved_hexes:
            return replace(u, status=u.status - TURN_STATUSES, moved_hexes=0)
        return u

    def kept(old: tuple[Unit, ...]) -> tuple[Unit, ...]:
        # the very tuple when no unit changed: the state hasher and the army count then
        # know at once that the list is the one before (equal values either way)
        new = tuple(map(fresh, old))
        return old if all(map(is_, new, old)) else new

    sides = []
    for s in state.sides:
        sides.append(replace(s, units=kept(s.units), off_table=kept(s.off_table), activations=()))
    return replace(state, sides=tuple(sides), engagements=())

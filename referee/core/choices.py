"""Choices that belong to the owner of a unit, not to the phasing player (docs/pbem.md
§Choices, docs/rout.md).

001 leaves some decisions to the player whose unit or general it is, whoever's phase it
is: a unit contacted in the flank or rear by a pursuit « pourra alors se conformer »
(its owner may decline), a winner still contacted in the flank or rear faces
« l'un des ennemis restant de son choix », a general who survives a rout flees to a
friendly unit of his player's choice (among the nearest), a unit attacked only in the
flank or rear turns to face the attacker its owner picks; and a unit's standing
reaction to a charge (evade, or stand) is its owner's to change.

The phasing player makes his own in his orders (``U choose X``, ``U face X``). The other
player writes his in a **choices file** (``referee-choices/1``) for that phase, bound to
the moment like a reveal: the game, turn, player and phase, the position (``after``:
the hash of the last history entry) and the phasing player's orders it answers
(``orders``: their hash without the reveal). ``adjudicate --choices FILE`` applies it;
the history records it and ``verify`` replays it. When none is given, each decision
takes its documented default (conform; face the first enemy across the rear arc; turn
toward the first attacker; flee to the first of the nearest units; keep the reaction).
In two-party games a phase that asks the opponent a decision with a real alternative
waits for his choices file (:class:`ChoicesPending`), as it waits for his reveal.

A choice, written like an order (a compact line, or the mapping in brackets):

* ``U conform`` / ``U conform no`` (``{unit: U, conform: true|false}``): pursuit phase, a
  unit contacted in its flank or rear;
* ``U face E`` (``{unit: U, face: E}``): pursuit phase, a winner contacted in its flank
  or rear;
* ``U choose X`` (``{unit: U, choose: X}``): rout phase, the attacker a unit turns to
  face, or the unit a general flees to;
* ``U reaction evade|stand`` (``{unit: U, reaction: ...}``): any phase; it takes effect
  when the phase ends.

Pure: no I/O (``referee.io.choices`` reads the files).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Struct, field

from referee.core import typed
from referee.core.errors import BadText, InvalidInput, nested
from referee.core.events import INFO, Event, Refusal
from referee.core.model import PHASES, Phase, Problem
from referee.core.state_file import SHA_PATTERN
from referee.core.typed import Numbered, Rec, doc

if TYPE_CHECKING:
    from referee.core.ruleset import Ruleset

CHOICES_FORMAT = "referee-choices/1"
KINDS: tuple[str, ...] = ("conform", "face", "choose", "reaction")
# the phase whose decisions each kind answers (a reaction may be changed in any phase)
KIND_PHASES: Mapping[str, tuple[str, ...]] = {
    "conform": ("pursuit",),
    "face": ("pursuit",),
    "choose": ("rout",),
    "reaction": PHASES,
}
REACTIONS: tuple[str, ...] = ("evade", "stand")
YES, NO = "yes", "no"
REFUSED = "choice.refused"


class Choice(Struct, frozen=True):
    """One decision of a unit's (or leader's) owner: ``kind`` and its ``value`` (conform:
    yes/no; face, choose: a unit id; reaction: evade/stand)."""

    unit: str
    kind: str
    value: str
    index: int = 0  # its place in the choices file


class ChoiceSet(Struct, frozen=True):
    """A choices file: one player's decisions for one phase, bound to its moment."""

    game: str
    turn: int
    player: str  # whose phase
    phase: Phase
    by: str  # who chooses: the owner of the units
    after: str | None  # hash of the last history entry of the position (None: no history)
    orders: str | None  # hash of the phasing player's orders it answers, reveal excluded
    choices: tuple[Choice, ...]
    raw: tuple[Any, ...] = ()
    signature: str | None = None  # two-party games: the owner's (docs/pbem.md §Signatures)

    def record(self) -> dict[str, Any]:
        """What a history entry keeps (``entry.choices.<by>``)."""
        out = {"after": self.after, "orders": self.orders, "choices": list(self.raw)}
        if self.signature is not None:
            out["sig"] = self.signature
        return out

    def to_data(self) -> dict[str, Any]:
        out = {
            "format": CHOICES_FORMAT,
            "game": self.game,
            "turn": self.turn,
            "player": self.player,
            "phase": self.phase,
            "by": self.by,
            "after": self.after,
            "orders": self.orders,
            "choices": list(self.raw),
        }
        if self.signature is not None:
            out["signature"] = self.signature
        return out


class ChoicesPending(InvalidInput):
    """A two-party phase asks the opponent a decision and his choices file is missing."""


# ---------------------------------------------------------------------------- reading
def parse_choice(raw: Any, index: int = 0) -> Choice:
    """One choice, a compact line or a mapping. Raises ValueError with the reason."""
    if isinstance(raw, str):
        words = raw.replace(",", " ").split()
        if len(words) >= 2 and words[1].lower() == "conform":
            if len(words) == 2:
                return Choice(words[0], "conform", YES, index)
            if len(words) == 3 and words[2].lower() in (YES, NO):
                return Choice(words[0], "conform", words[2].lower(), index)
        elif len(words) == 3 and words[1].lower() in ("face", "choose"):
            return Choice(words[0], words[1].lower(), words[2], index)
        elif len(words) == 3 and words[1].lower() == "reaction" and words[2].lower() in REACTIONS:
            return Choice(words[0], "reaction", words[2].lower(), index)
        raise BadText("choices.syntax")
    if not isinstance(raw, Mapping):
        raise BadText("choices.not_a_choice")
    unit = raw.get("unit")
    if not isinstance(unit, str | int) or isinstance(unit, bool):
        raise BadText("choices.no_unit")
    kinds = [k for k in KINDS if k in raw]
    unknown = sorted(map(str, set(raw) - {"unit", *KINDS}))
    if unknown or len(kinds) != 1:
        raise BadText("choices.one_kind", unknown=unknown)
    kind = kinds[0]
    value = raw[kind]
    if kind == "conform":
        if not isinstance(value, bool):
            raise BadText("choices.conform_value")
        return Choice(str(unit), kind, YES if value else NO, index)
    if kind == "reaction":
        if value not in REACTIONS:
            raise BadText("choices.reaction_value")
        return Choice(str(unit), kind, str(value), index)
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise BadText("choices.unit_value", kind=kind)
    return Choice(str(unit), kind, str(value), index)


class ChoiceEntry(Rec, frozen=True):
    """A choice as a mapping: ``unit`` and exactly one of conform, face, choose, reaction."""

    unit: Annotated[Numbered, doc("the unit (or fleeing leader) the choice is for")]
    conform: Annotated[bool | None, doc("pursuit: true, it conforms; false, it does not")] = None
    face: Annotated[Numbered | None, doc("pursuit: the enemy it faces")] = None
    choose: Annotated[Numbered | None, doc("rout: the unit chosen")] = None
    reaction: Annotated[Literal["evade", "stand"] | None, doc("its standing reaction")] = None


_NOT_HASH = ("choices.not_hash",)
Hash = Annotated[
    Annotated[str, msgspec.Meta(pattern=SHA_PATTERN)] | None,
    msgspec.Meta(extra={"problem": _NOT_HASH}),
]


class ChoicesFile(Rec, frozen=True):
    """A choices file (docs/pbem.md §Choices): one player's decisions for one phase,
    bound to the position and to the orders they answer."""

    format: Annotated[
        Literal["referee-choices/1"],
        msgspec.Meta(extra={"problem": ("file.format", {"format": CHOICES_FORMAT})}),
    ]
    game: Annotated[str, doc("the game's id")]
    turn: Annotated[int, doc("the turn of the phase")]
    player: Annotated[str, doc("whose phase it is")]
    phase: Annotated[Phase, doc("the phase the choices answer")]
    by: Annotated[str, doc("who chooses: the owner of the units")]
    after: Annotated[Hash, doc("hash of the position's last history entry")] = None
    orders: Annotated[Hash, doc("hash of the phasing player's orders answered")] = None
    choices: Annotated[
        tuple[str | ChoiceEntry, ...],
        doc(
            "each choice: `U conform`, `U conform no`, `U face E`, `U choose X`, "
            "`U reaction evade|stand`, or a mapping"
        ),
    ] = ()
    signature: Annotated[
        Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{128}$")] | None,
        doc(
            "two-party games: the owner's signature (`referee seed sign`)",
            extra={"problem": ("choices.not_signature",)},
        ),
    ] = None


def read_choices(data: Any) -> tuple[ChoiceSet | None, list[Problem]]:
    """A choices file's data: every problem at once, located."""
    if not isinstance(data, Mapping):
        return None, [
            Problem(
                "",
                code="choices.not_mapping",
            )
        ]
    file: ChoicesFile | None = None
    problems: list[Problem] = []
    try:
        file = typed.decode(ChoicesFile, data)
    except InvalidInput as exc:
        problems = list(exc.problems)
    raw = data.get("choices")
    raw = raw if isinstance(raw, list) else []
    shaped = {p.path.split("]")[0] for p in problems if p.path.startswith("choices[")}
    choices = []
    seen: dict[tuple[str, str], int] = {}
    for i, item in enumerate(raw):
        if f"choices[{i}" in shaped:
            continue
        try:
            choice = parse_choice(item, i)
        except BadText as exc:
            problems.append(Problem(f"choices[{i}]", code=exc.code, data=exc.data))
            continue
        pair = (choice.unit, choice.kind)
        if pair in seen:
            problems.append(
                Problem(
                    f"choices[{i}]",
                    code="choices.second",
                    data={"kind": choice.kind, "unit": choice.unit, "first": seen[pair]},
                )
            )
        seen[pair] = i
        choices.append(choice)
    if problems or file is None:
        return None, problems
    return ChoiceSet(
        game=file.game,
        turn=file.turn,
        player=file.player,
        phase=file.phase,
        by=file.by,
        after=file.after,
        orders=file.orders,
        choices=tuple(choices),
        raw=tuple(raw),
        signature=file.signature,
    ), []


def from_record(
    by: str, record: Mapping[str, Any], game: str, turn: int, player: str, phase: str
) -> ChoiceSet:
    """The choice set a history entry recorded (``entry.choices.<by>``); ValueError if it
    does not read."""
    data = {
        "format": CHOICES_FORMAT,
        "game": game,
        "turn": turn,
        "player": player,
        "phase": phase,
        "by": by,
        "after": record.get("after"),
        "orders": record.get("orders"),
        "choices": record.get("choices"),
    }
    if record.get("sig") is not None:
        data["signature"] = record.get("sig")
    choice_set, problems = read_choices(data)
    if choice_set is None:
        raise BadText("choices.unreadable_record", problems=nested(problems))
    return choice_set


# ----------------------------------------------------------------------------- phases
class Question(Struct, frozen=True):
    """A decision a phase asked of a unit's owner (``Collector`` lists them)."""

    side: str
    subject: str
    kind: str
    options: tuple[str, ...]
    default: str


class Decisions(Struct):
    """The owners' choices a phase may read. ``required``: the sides whose choices file
    the phase waits for when it asks them a decision with a real alternative (two-party
    games). The phasing player's own decisions are in his orders, read by each phase."""

    sets: Sequence[ChoiceSet] = ()
    required: frozenset[str] = frozenset()
    _by: dict[tuple[str, str, str], Choice] = field(default_factory=dict)
    _given: set[str] = field(default_factory=set)
    _used: set[tuple[str, str, str]] = field(default_factory=set)
    _refused: list[tuple[str, Choice, str, dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for choice_set in self.sets:
            self._given.add(choice_set.by)
            for c in choice_set.choices:
                self._by[(choice_set.by, c.unit, c.kind)] = c

    def given(self, side: str) -> bool:
        return side in self._given

    def drop(self, side: str, choice: Choice, reason: str, **data: Any) -> None:
        """A choice that may not be made (not the chooser's unit, wrong phase...)."""
        self._by.pop((side, choice.unit, choice.kind), None)
        self._refused.append((side, choice, reason, data))

    def decide(
        self, side: str, subject: str, kind: str, options: Sequence[str], default: str
    ) -> tuple[str, str]:
        """``side``'s decision of ``kind`` for ``subject`` among ``options``: (value, how),
        how = ``chosen`` or ``default``. A choice that is not an option is refused (its
        default applies). Raises ChoicesPending when ``side`` must give a choices file."""
        choice = self._by.get((side, subject, kind))
        if choice is None:
            if side in self.required and side not in self._given and len(options) > 1:
                raise pending(Question(side, subject, kind, tuple(options), default))
            return default, "default"
        self._used.add((side, subject, kind))
        if choice.value in options:
            return choice.value, "chosen"
        self._refused.append(
            (side, choice, "not_an_option", {"options": list(options), "default": default})
        )
        return default, "default"

    def reactions(self) -> list[tuple[str, Choice]]:
        return [(side, c) for (side, _, kind), c in self._by.items() if kind == "reaction"]

    def refused(self) -> list[tuple[str, Choice, str, dict[str, Any]]]:
        return list(self._refused)

    def unused(self) -> list[tuple[str, Choice]]:
        return [
            (side, c)
            for (side, unit, kind), c in self._by.items()
            if kind != "reaction" and (side, unit, kind) not in self._used
        ]


def pending(question: Question) -> ChoicesPending:
    """The error of a phase that waits for ``question.side``'s choices file."""
    side = question.side
    data = {
        "side": side,
        "subject": question.subject,
        "kind": question.kind,
        "options": list(question.options),
    }
    return ChoicesPending(
        Problem(
            "choices",
            code="choices.pending",
            data=data,
        )
    )


class QuietDice:
    """Dice for a run that only lists the decisions a phase asks (``Collector``): every
    roll a 6. Nothing it rolls is real."""

    def __init__(self) -> None:
        self.rolls: list[Any] = []

    def roll(self, purpose: str) -> int:
        return 6


class Collector(Decisions):
    """Runs a phase only to list the decisions it asks (``referee orders --choices``):
    each question is recorded and answered with its default."""

    asked: list[Question] = field(default_factory=list)

    def decide(
        self, side: str, subject: str, kind: str, options: Sequence[str], default: str
    ) -> tuple[str, str]:
        self.asked.append(Question(side, subject, kind, tuple(options), default))
        return default, "default"


def what(choice: Choice) -> str:
    """The decision in a few words for reports: ``conform``, ``keep_facing``, ``face E``,
    ``choose X``, ``reaction evade``."""
    if choice.kind == "conform":
        return "conform" if choice.value == YES else "keep_facing"
    return f"{choice.kind} {choice.value}"


def choice_event(
    code: str, rule: str, side: str, choice: Choice, severity: str = INFO, **data: Any
) -> Event:
    return Event(
        code,
        rule,
        choice.unit,
        {"by": side, "kind": choice.kind, "value": choice.value, "what": what(choice), **data},
        severity,
    )


def refusal_event(
    rule: str, side: str, choice: Choice, reason: str, data: Mapping[str, Any]
) -> Event:
    return Refusal(
        REFUSED,
        reason,
        rule,
        {"by": side, "kind": choice.kind, "value": choice.value, "what": what(choice), **data},
    ).event(choice.unit)


def sides_of(sets: Iterable[ChoiceSet]) -> list[str]:
    return [s.by for s in sets]


def rule_of(rs: Ruleset, kind: str) -> str:
    """Where the decision of each kind is written (ruleset data)."""
    if kind in ("conform", "face"):
        return rs.pursuit.cite.pursuit
    if kind == "choose":
        return rs.rout.cite.rout
    return rs.combat.cite.reaction

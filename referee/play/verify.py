"""``verify``: replay a recorded game from its initial position and check every
entry, roll, reveal and position; ``--since``: check that a received file continues
the one you sent. Every finding names the entry (index, turn, player, phase) and
what differs (docs/pbem.md §What verify checks)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from referee.core.adjudicate import Outcome, adjudicate
from referee.core.choices import ChoiceSet
from referee.core.dice import Dice, NoDice, PhysicalDice, SeededDice, chain_step, two_party_seed
from referee.core.errors import RefereeError, coded, nested
from referee.core.model import GameState, Party, Problem
from referee.core.orders import ORDERS_FORMAT, OrderSet, read_orders
from referee.core.ruleset import Ruleset
from referee.io.state import read_state, write_state
from referee.play import authorship, owners, rechain
from referee.play.choice import NONE, PHYSICAL, SEEDED, TWO_PARTY
from referee.play.hashing import StateHasher, entry_hash, orders_hash
from referee.play.history import (
    COMMIT,
    ROLLBACK,
    START,
    army_losses,
    losses_after,
    moment_data,
    phase_summary,
    where_data,
)
from referee.play.record import decode_blob, recorded_orders, recorded_rolls
from referee.play.seeds import check_seed
from referee.play.signing import game_id
from referee.play.twoparty import Reveal, advance


class Difference(Struct, frozen=True):
    """One field that differs: ``subject`` (``unit B1``, ``leader RG``, ``side rome``,
    ``game``, ``entry``), ``field`` (``cohesion.current``, ``orders[2]``, ``roll 3``)
    and the two values, labelled (``recorded``/``replayed``, or ``yours``/``received``
    for ``--since``)."""

    subject: str
    field: str
    a: Any
    b: Any
    labels: tuple[str, str] = ("recorded", "replayed")
    # what the subject is: unit, unit_off_table, unit_removed, leader, side... (entry_die:
    # the field itself, a die of the entry, said in words with its number)
    kind: str = ""
    ident: str = ""  # its id

    def to_json(self) -> dict[str, Any]:
        return {
            "subject": self.subject,
            "field": self.field,
            self.labels[0]: self.a,
            self.labels[1]: self.b,
        }

    def to_data(self) -> dict[str, Any]:
        """The difference as a problem's data (said in words by the render layer)."""
        return {
            "kind": self.kind or self.subject,
            "id": self.ident,
            "field": self.field,
            "a": self.a,
            "b": self.b,
            "labels": list(self.labels),
        }


_ABSENT = "(absent)"


def _short(value: Any, width: int = 70) -> str:
    if value is _ABSENT or value == _ABSENT:
        return _ABSENT
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


class Finding(Struct, frozen=True):
    index: int | None
    # chain | start | commit | dice | orders | roll | summary | state | current | seed | since
    what: str
    turn: int | None = None
    player: str | None = None
    phase: str | None = None
    differences: tuple[Difference, ...] = ()
    roll: int | None = None  # 1-based, in the phase
    order: int | None = None  # 0-based index in the phase's orders
    code: str = ""  # what it says: its code and data (``problem.verify.<code>`` in the catalogue)
    data: Mapping[str, Any] | None = None
    to: int | None = None  # a rollback's target entry

    def entry(self) -> dict[str, Any]:
        """Where the finding is, as data (``history[3] (turn 1, red, combat)``)."""
        out: dict[str, Any] = {"index": self.index}
        if self.turn is not None or self.phase is not None:
            out.update(turn=self.turn, player=self.player, phase=self.phase)
            if self.phase == ROLLBACK:
                out["to"] = self.to
        return out

    def located(self) -> str:
        """The path of the finding's problem: ``history[3]`` (its moment is in the
        problem's data, ``entry``, said in words by the render layer)."""
        return "" if self.index is None else f"history[{self.index}]"

    def inner(self) -> dict[str, Any]:
        """The finding as another problem's ``inner`` data: its code and data."""
        return {"code": f"verify.{self.code}", "data": dict(self.data or {})}

    def problem(self, file: str, differences: bool = True) -> Problem:
        """The finding as a problem of ``file`` (its differences in its data, unless
        ``differences`` is false: ``verify --json`` lists them apart)."""
        data: dict[str, Any] = dict(self.data or {})
        if self.index is not None:
            data["entry"] = self.entry()
        if self.differences and differences:
            data["differences"] = [d.to_data() for d in self.differences[:12]]
            data["more"] = max(0, len(self.differences) - 12)
        return Problem(self.located(), file=file, code=f"verify.{self.code}", data=data)

    def to_json(self, message: str) -> dict[str, Any]:
        """The finding in ``verify --json``; ``message``: what it says, worded by the
        caller from the catalogue (``referee.render.problems.english``)."""
        return {
            "index": self.index,
            "turn": self.turn,
            "player": self.player,
            "phase": self.phase,
            "what": self.what,
            "message": message,
            "roll": self.roll,
            "order": self.order,
            "differences": [d.to_json() for d in self.differences],
        }


class Verification(Struct, frozen=True):
    entries: int
    findings: tuple[Finding, ...]
    rolls_checked: int  # recomputed from the seed or the reveals
    rolls_unchecked: int  # commit mode without the seed: taken as recorded
    rolls_thrown: int = 0  # tabletop dice: as typed in, nothing to recompute

    @property
    def ok(self) -> bool:
        return not self.findings


class Replay(Struct):
    states: dict[int, GameState]
    verification: Verification
    outcome: Outcome | None = None  # of the entry asked for (``report_at``)
    before: GameState | None = None  # the position that entry was applied to
    final: GameState | None = None


def _at(
    entry: Mapping[str, Any],
    index: int,
    what: str,
    code: str,
    data: Mapping[str, Any] | None = None,
    **extra: Any,
) -> Finding:
    to = entry.get("to")
    return Finding(
        index,
        what,
        turn=entry.get("turn"),
        player=entry.get("player"),
        phase=entry.get("phase"),
        code=code,
        data=data,
        to=to if isinstance(to, int) else None,
        **extra,
    )


# ------------------------------------------------------------------ differences
def _diff(
    subject: str,
    path: str,
    a: Any,
    b: Any,
    out: list[Difference],
    labels: tuple[str, str] = ("recorded", "replayed"),
    kind: str = "",
    ident: str = "",
) -> None:
    if a == b:
        return
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in list(a) + [k for k in b if k not in a]:
            _diff(
                subject,
                f"{path}.{key}" if path else str(key),
                a.get(key, _ABSENT),
                b.get(key, _ABSENT),
                out,
                labels,
                kind,
                ident,
            )
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(subject, f"{path}[{i}]", x, y, out, labels, kind, ident)
        return
    out.append(Difference(subject, path or "(record)", a, b, labels, kind or subject, ident))


def _by_id(records: Any, key: str = "id") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for r in records or []:
        if isinstance(r, Mapping):
            ident = r.get(key) if key != "unit" else (r.get("unit") or {}).get("id")
            out[str(ident)] = r
    return out


def diff_positions(recorded: GameState, replayed: GameState) -> list[Difference]:
    """Unit by unit, leader by leader, field by field: what differs between two
    positions (the file's and the replayed one)."""
    a = write_state(recorded, with_history=False)
    b = write_state(replayed, with_history=False)
    out: list[Difference] = []
    sides_a, sides_b = a.pop("sides", {}), b.pop("sides", {})
    _diff("game", "", a, b, out)
    for sid in list(sides_a) + [s for s in sides_b if s not in sides_a]:
        sa, sb = dict(sides_a.get(sid) or {}), dict(sides_b.get(sid) or {})
        groups = (
            ("units", "unit {}", "id", "unit"),
            ("off_table", "unit {} (off table)", "id", "unit_off_table"),
            ("removed", "unit {} (removed)", "unit", "unit_removed"),
            ("leaders", "leader {}", "id", "leader"),
        )
        for key, label, ident, kind in groups:
            ra, rb = _by_id(sa.pop(key, []), ident), _by_id(sb.pop(key, []), ident)
            for rid in list(ra) + [r for r in rb if r not in ra]:
                _diff(
                    label.format(rid),
                    "",
                    ra.get(rid, _ABSENT),
                    rb.get(rid, _ABSENT),
                    out,
                    kind=kind,
                    ident=rid,
                )
        _diff(f"side {sid}", "", sa, sb, out, kind="side", ident=str(sid))
    return out


def _entry_differences(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> list[Difference]:
    labels = ("yours", "received")
    out: list[Difference] = []
    try:
        oa, ob = recorded_orders(mine), recorded_orders(theirs)
    except ValueError:
        oa, ob = [], []
    for i in range(max(len(oa), len(ob))):
        x = oa[i] if i < len(oa) else _ABSENT
        y = ob[i] if i < len(ob) else _ABSENT
        if x != y:
            out.append(Difference("entry", f"orders[{i}]", x, y, labels))
    try:
        ra, rb = recorded_rolls(mine), recorded_rolls(theirs)
    except ValueError:
        ra, rb = [], []
    for i in range(max(len(ra), len(rb))):
        x2: Any = ra[i] if i < len(ra) else _ABSENT
        y2: Any = rb[i] if i < len(rb) else _ABSENT
        if x2 != y2:
            out.append(
                Difference("entry", f"roll {i + 1}", x2, y2, labels, "entry_die", str(i + 1))
            )
    skip = {"orders", "orders_z", "rolls", "hash", "initial"}
    for key in list(mine) + [k for k in theirs if k not in mine]:
        if key not in skip and mine.get(key, _ABSENT) != theirs.get(key, _ABSENT):
            _diff("entry", key, mine.get(key, _ABSENT), theirs.get(key, _ABSENT), out, labels)
    return out


# ------------------------------------------------------------------------ replay
Said = tuple[str, dict[str, Any]]  # a finding's code (``problem.verify.<code>``) and data


def _initial(
    entry: Mapping[str, Any], hasher: StateHasher, state: GameState
) -> tuple[GameState | None, Said]:
    """The initial position of the start entry. Since the map is never changed by play,
    entries written since it was left out take it from ``state`` (the file's); an older
    entry holds its own. Either way the position must hash to the entry's state_hash."""
    if "initial" not in entry:
        return None, ("no_initial", {})
    try:
        data = decode_blob(entry["initial"])
    except ValueError as exc:
        return None, ("initial_unreadable", {"inner": coded_inner(exc)})
    if not isinstance(data, dict):
        return None, ("initial_not_state", {})
    own_map = "map" in data
    if not own_map:  # read with the file's size, then given the file's map itself (not
        # written out and read back: the same values, and the hasher knows its digest)
        m = state.map
        data["map"] = {
            "columns": m.columns,
            "rows": m.rows,
            "default_terrain": m.default_terrain,
            "terrain": {},
            "hexsides": [],
            "roads": [],
        }
    initial, problems = read_state(dict(data, history=[]))
    if initial is None:
        return None, ("initial_invalid", {"problems": nested(problems[:3])})
    if not own_map:
        initial = replace(initial, map=state.map)
    if hasher.state_hash(initial) != entry.get("state_hash"):
        return None, ("initial_edited" if own_map else "initial_edited_map", {})
    return initial, ("", {})


def coded_inner(exc: BaseException) -> dict[str, Any]:
    """An exception's message, code and data as a problem's ``inner`` data."""
    found = coded(exc)
    return {"code": found.get("code", ""), "data": found.get("data", {}), "message": str(exc)}


def _order_index(problems: Sequence[Problem]) -> int | None:
    for p in problems:
        if p.path.startswith("orders["):
            try:
                return int(p.path[len("orders[") :].split("]")[0])
            except ValueError:
                return None
    return None


class _Counts:
    def __init__(self) -> None:
        self.checked = self.unchecked = self.thrown = 0


def _phase_dice(
    entry: Mapping[str, Any],
    i: int,
    current: GameState,
    seed: str | None,
    recorded: list[int],
    reveals: Mapping[str, Any],
    counts: _Counts,
    findings: list[Finding],
) -> Dice | None:
    """The dice to replay a phase entry with (None: a finding stops the replay)."""
    kind = entry.get("dice")
    mode = current.dice.mode
    if reveals and mode != "two-party":
        findings.append(
            _at(
                entry,
                i,
                "dice",
                "reveals_not_two_party",
                {"mode": mode},
            )
        )
        return None
    if kind == SEEDED:
        if mode == "open" and current.dice.seed:
            counts.checked += len(recorded)
            return SeededDice(
                current.dice.seed, current.game, current.turn, current.player, current.phase
            )
        if mode == "commit":
            if seed is None:
                counts.unchecked += len(recorded)
                return PhysicalDice(recorded)
            counts.checked += len(recorded)
            return SeededDice(seed, current.game, current.turn, current.player, current.phase)
        findings.append(
            _at(
                entry,
                i,
                "dice",
                "seeded_not_seed_mode",
                {"mode": mode},
            )
        )
        return None
    if kind == PHYSICAL:
        if mode != "physical":
            findings.append(
                _at(
                    entry,
                    i,
                    "dice",
                    "typed_dice",
                    {"rolls": len(recorded), "mode": mode},
                    differences=(Difference("entry", "dice", PHYSICAL, mode),),
                )
            )
        counts.thrown += len(recorded)
        return PhysicalDice(recorded)
    if kind in (TWO_PARTY, NONE):
        if kind == TWO_PARTY and len(reveals) != 2:
            findings.append(
                _at(
                    entry,
                    i,
                    "dice",
                    "reveals_missing",
                    {"reveals": list(map(str, reveals))},
                )
            )
            return None
        if kind == TWO_PARTY:
            counts.checked += len(recorded)
            opponent = current.enemy_of(current.player)
            return SeededDice(
                two_party_seed(str(reveals[current.player]), str(reveals[opponent])),
                current.game,
                current.turn,
                current.player,
                current.phase,
            )
        return NoDice(code="verify.no_dice_recorded")
    findings.append(
        _at(
            entry,
            i,
            "dice",
            "unknown_dice",
            {"dice": kind},
        )
    )
    return None


def _check_reveals(
    entry: Mapping[str, Any],
    i: int,
    current: GameState,
    reveals: Mapping[str, Any],
    raw: list[Any],
    findings: list[Finding],
) -> bool:
    for side, value in reveals.items():
        party = current.dice.party(str(side))
        if party is None:
            findings.append(
                _at(
                    entry,
                    i,
                    "dice",
                    "reveal_without_chain",
                    {"side": str(side)},
                )
            )
            return False
        if not isinstance(value, str) or chain_step(value) != party.last:
            findings.append(
                _at(
                    entry,
                    i,
                    "dice",
                    "reveal_off_chain",
                    {"side": str(side)},
                    differences=(
                        Difference(
                            f"side {side}",
                            "reveal",
                            f"H(reveal) = {party.last[:16]}…",
                            f"H(reveal) = {chain_step(str(value))[:16]}…",
                            kind="side",
                            ident=str(side),
                        ),
                    ),
                )
            )
            return False
    opponent = [s for s in reveals if s != current.player]
    if opponent:
        want = orders_hash(
            entry.get("turn"),
            entry.get("player"),
            entry.get("phase"),
            raw,
            reveals.get(current.player),
        )
        if entry.get("orders_hash") != want:
            findings.append(
                _at(
                    entry,
                    i,
                    "dice",
                    "orders_changed_after_reveal",
                    {"side": str(opponent[0])},
                    differences=(
                        Difference("entry", "orders_hash", entry.get("orders_hash"), want),
                    ),
                )
            )
            return False
    return True


def replay_game(
    state: GameState,
    rs: Ruleset,
    seed: str | None = None,
    upto: int | None = None,
    keep: Sequence[int] = (),
    report_at: int | None = None,
    seed_file: str | None = None,
    phases: dict[int, tuple[GameState, Outcome]] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Replay:
    """Replay the recorded game from its initial position (see module doc). ``phases``:
    filled with (position before, outcome) of every phase entry replayed, by index (the
    whole game's page, ``referee history --html``). ``progress``, if given, is called
    with (entries done, entries in all) before each entry replayed: the
    command's progress bar (the engine draws nothing)."""
    findings: list[Finding] = []
    history = list(state.history)
    hasher = StateHasher()
    counts = _Counts()
    result = Replay({}, Verification(len(history), (), 0, 0))
    keep_at = set(keep) | {
        e.get("to") for e in history if e.get("phase") == ROLLBACK and isinstance(e.get("to"), int)
    }
    if seed is not None and state.dice.mode == "commit":
        try:
            check_seed(state, seed, seed_file)
        except RefereeError as exc:
            findings.append(
                Finding(None, "seed", code="seed", data={"problems": nested(exc.problems)})
            )
            seed = None
    if not history:
        findings.append(Finding(None, "start", code="no_history"))
    elif history[0].get("phase") != START:
        findings.append(
            _at(
                history[0],
                0,
                "start",
                "no_start",
            )
        )
    prev_hash = None
    current: GameState | None = None
    current_hash: str | None = None
    losses: dict[str, int] | None = None  # of the current position, once known
    keys: dict[str, str] = {}  # the signing keys committed so far (docs/pbem.md §Signatures)
    game = game_id(history)
    for i, entry in enumerate(history if not findings or findings[0].what == "seed" else []):
        if upto is not None and i > upto:
            break
        if progress is not None:
            progress(i, len(history))
        if entry.get("index") != i:
            findings.append(
                _at(
                    entry,
                    i,
                    "chain",
                    "index",
                    {"says": entry.get("index")},
                )
            )
            break
        if entry.get("prev_hash") != prev_hash:
            findings.append(
                _at(
                    entry,
                    i,
                    "chain",
                    "chain",
                )
            )
            break
        edited = entry.get("hash") != entry_hash(entry)
        if edited:
            findings.append(
                _at(
                    entry,
                    i,
                    "chain",
                    "edited",
                )
            )
        prev_hash = entry.get("hash")
        kind = entry.get("phase")
        if kind == START:
            if i != 0:
                findings.append(_at(entry, i, "chain", "second_start"))
                break
            current, said = _initial(entry, hasher, state)
            if current is None:
                findings.append(_at(entry, i, "start", *said))
                break
            try:
                rs = _rules_of(current, state, rs)
            except RefereeError as exc:
                findings.append(
                    _at(
                        entry,
                        i,
                        "start",
                        "rules_unloadable",
                        {"problems": nested(exc.problems)},
                    )
                )
                break
        elif current is None:
            break
        elif kind == COMMIT and (rechain.is_rechain(entry) or rechain.is_switch(entry)):
            said_new = rechain.entry_problem(entry, i, history, current, keys, game)
            if said_new is not None:  # a new chain (docs/pbem.md §Chains)
                findings.append(_at(entry, i, "commit", *said_new))
            if rechain.is_switch(entry) and current.dice.party(str(entry.get("player"))):
                current = rechain.switched(current, entry)
        elif kind == COMMIT:
            said = _commit_problem(entry, current, history[:i])
            if said[0]:
                findings.append(_at(entry, i, "commit", *said))
                break
            party = Party(
                side=str(entry["player"]),
                commitment=str(entry["commitment"]),
                length=int(entry["length"]),
                revealed=0,
                last=str(entry["commitment"]),
            )
            current = replace(
                current, dice=replace(current.dice, parties=(*current.dice.parties, party))
            )
            signed = authorship.commit_problem(entry, game)
            if signed is not None:
                findings.append(_at(entry, i, "signature", *signed))
            elif isinstance(entry.get("key"), str):
                keys[party.side] = str(entry["key"])
        elif kind == ROLLBACK:
            target = entry.get("to")
            if not isinstance(target, int) or target not in result.states:
                findings.append(
                    _at(
                        entry,
                        i,
                        "chain",
                        "rollback_unknown",
                        {"to": target},
                    )
                )
                break
            if current.dice.mode == "two-party":
                rolled = [j for j in range(target + 1, i) if history[j].get("rolls")]
                if rolled:
                    findings.append(
                        _at(
                            entry,
                            i,
                            "dice",
                            "rollback_rolled",
                            {"undone": where_data(history, rolled[0])},
                        )
                    )
                    break
            signed = authorship.rollback_problem(entry, history, keys, game)
            if signed is not None:
                findings.append(_at(entry, i, "signature", *signed))
            current = replace(result.states[target], dice=current.dice)
            losses = None
        else:
            if losses is None:
                losses = army_losses(current, rs)
            if keys and current.dice.mode == "two-party":
                with suppress(ValueError):  # an unreadable record: _replay_phase says so
                    findings.extend(
                        _at(entry, i, "signature", *said)
                        for said in authorship.phase_problems(
                            entry, current, rs, keys, game, recorded_orders(entry), history
                        )
                    )
            step = _replay_phase(entry, i, current, rs, seed, counts, findings, losses)
            if step is None:
                break
            if report_at == i:
                result.before, result.outcome = current, step[1]
            if phases is not None:
                phases[i] = (current, step[1])
            current = step[0]
            losses = losses_after(step[1], losses)
        current_hash = hasher.state_hash(current)
        if current_hash != entry.get("state_hash"):
            findings.append(
                _at(
                    entry,
                    i,
                    "state",
                    "state_differs",
                    differences=(
                        Difference("entry", "state_hash", entry.get("state_hash"), current_hash),
                    ),
                )
            )
            break
        if edited:
            break
        if i in keep_at:
            result.states[i] = current
    result.final = current
    if (
        not findings
        and upto is None
        and current is not None
        and hasher.state_hash(_sharing(state, current)) != current_hash
    ):
        last = history[-1]
        findings.append(
            _at(
                last,
                len(history) - 1,
                "current",
                "current_differs",
                differences=tuple(diff_positions(state, current)),
            )
        )
    result.verification = Verification(
        len(history), tuple(findings), counts.checked, counts.unchecked, counts.thrown
    )
    return result


def _sharing(file: GameState, replayed: GameState) -> GameState:
    """The file's position with each unit or removed record that equals the replayed
    one at the same place replaced by the replayed object, so that the hasher, which
    knows the replayed records' digests, hashes only the others. Sound against a hostile
    file: two records of the same class that compare equal have the same file form, so
    the same digest. Every field of a record read from a file has its exact type (the
    state spec refuses a boolean or a fraction where a whole number is expected, text
    stays text, statuses and traits are sets written sorted), so no two equal records
    are written differently (1 and true, 1 and 1.0 compare equal in Python); the hash
    is still computed, from the digests, over the whole position."""
    if len(file.sides) != len(replayed.sides):
        return file
    sides = []
    for mine, theirs in zip(file.sides, replayed.sides, strict=True):
        if mine.id != theirs.id:
            return file
        sides.append(
            replace(
                mine,
                units=_shared(mine.units, theirs.units),
                off_table=_shared(mine.off_table, theirs.off_table),
                removed=_shared(mine.removed, theirs.removed),
            )
        )
    return replace(file, sides=tuple(sides))


def _shared(mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(mine) != len(theirs):
        return mine
    return tuple(
        b if a.__class__ is b.__class__ and a == b else a for a, b in zip(mine, theirs, strict=True)
    )


def _rules_of(initial: GameState, state: GameState, rs: Ruleset) -> Ruleset:
    """The game is replayed under the rules it started with (ruleset and house rules
    of the initial position), whatever the current file says."""
    if (initial.ruleset, initial.house_rules) == (state.ruleset, state.house_rules):
        return rs
    from referee.io.rulesets import load_ruleset

    return load_ruleset(initial.ruleset, overrides=initial.house_rules)


def _commit_problem(
    entry: Mapping[str, Any], current: GameState, before: Sequence[Mapping[str, Any]]
) -> Said:
    side = entry.get("player")
    if current.dice.mode != "two-party":
        return "commit_not_two_party", {"mode": current.dice.mode}
    if any(e.get("phase") not in (START, COMMIT, ROLLBACK) for e in before):
        return "commit_late", {}
    if side not in current.side_ids():
        return "commit_unknown_side", {"side": side}
    if current.dice.party(str(side)) is not None:
        return "commit_twice", {"side": side}
    value, length = entry.get("commitment"), entry.get("length")
    if (
        not isinstance(value, str)
        or len(value) != 64
        or not isinstance(length, int)
        or isinstance(length, bool)
        or length < 1
    ):
        return "commit_malformed", {}
    return "", {}


def _replay_phase(
    entry: Mapping[str, Any],
    i: int,
    current: GameState,
    rs: Ruleset,
    seed: str | None,
    counts: _Counts,
    findings: list[Finding],
    losses: Mapping[str, int],
) -> tuple[GameState, Outcome] | None:
    try:
        raw = recorded_orders(entry)
        recorded = recorded_rolls(entry)
    except ValueError as exc:
        findings.append(
            _at(
                entry,
                i,
                "orders",
                "record_unreadable",
                {"inner": coded_inner(exc)},
            )
        )
        return None
    reveals = entry.get("reveals") or {}
    if not isinstance(reveals, Mapping):
        findings.append(_at(entry, i, "dice", "reveals_not_mapping"))
        return None
    data = {
        "format": ORDERS_FORMAT,
        "turn": entry.get("turn"),
        "player": entry.get("player"),
        "phase": entry.get("phase"),
        "orders": raw,
    }
    orders, problems = read_orders(data)
    if orders is None:
        findings.append(
            _at(
                entry,
                i,
                "orders",
                "orders_unreadable",
                {"problems": nested(problems[:3])},
                order=_order_index(problems),
            )
        )
        return None
    if reveals and not _check_reveals(entry, i, current, reveals, raw, findings):
        return None
    try:
        choice_sets = owners.recorded(entry)
    except ValueError as exc:
        findings.append(
            _at(
                entry,
                i,
                "choices",
                "choices_unreadable",
                {"inner": coded_inner(exc)},
            )
        )
        return None
    bound = owners.binding_problem(entry, raw, choice_sets)
    if bound[0]:
        findings.append(_at(entry, i, "choices", *bound))
        return None
    dice = _phase_dice(entry, i, current, seed, recorded, reveals, counts, findings)
    if dice is None:
        return None
    # two-party games: the phase waited for the opponent's choices (docs/pbem.md), so a
    # phase that asked him and recorded none does not replay
    decisions = owners.decisions(current, choice_sets, current.dice.mode == "two-party")
    try:
        outcome = adjudicate(current, orders, rs, dice, decisions)
    except RefereeError as exc:
        findings.append(
            _at(
                entry,
                i,
                "orders",
                "not_replayable",
                {"problems": nested(exc.problems)},
            )
        )
        return None
    got = [r.value for r in outcome.rolls]
    if got != recorded:
        k = next(
            (j for j, (x, y) in enumerate(zip(got, recorded, strict=False)) if x != y),
            min(len(got), len(recorded)),
        )
        purpose = outcome.rolls[k].purpose if k < len(outcome.rolls) else ""
        a: Any = recorded[k] if k < len(recorded) else _ABSENT
        b: Any = got[k] if k < len(got) else _ABSENT
        findings.append(
            _at(
                entry,
                i,
                "roll",
                "roll",
                {
                    "roll": k + 1,
                    "purpose": purpose,
                    "a": _short(a),
                    "b": _short(b),
                    "rolled": len(got),
                    "recorded": len(recorded),
                },
                roll=k + 1,
                differences=(Difference("entry", f"roll {k + 1}", a, b),),
            )
        )
        return None
    summary = phase_summary(outcome, losses)
    differences: list[Difference] = []
    for key in ("refused", "losses"):
        if key in entry:
            _diff("entry", key, entry.get(key), summary[key], differences)
    if differences:
        findings.append(
            _at(
                entry,
                i,
                "summary",
                "summary",
                differences=tuple(differences),
            )
        )
        return None
    return advance(outcome.state, {str(k): str(v) for k, v in reveals.items()}), outcome


def replay(
    state: GameState, rs: Ruleset, seed: str | None = None, upto: int | None = None
) -> tuple[dict[int, GameState], Verification]:
    """Replay the whole recorded game; (kept positions by entry, verification)."""
    done = replay_game(state, rs, seed=seed, upto=upto, keep=[upto] if upto is not None else [])
    return done.states, done.verification


# ------------------------------------------------------------------------- since
def since_state(
    new: Sequence[Mapping[str, Any]], mine: Sequence[Mapping[str, Any]]
) -> list[Finding]:
    """The received history must extend yours entry for entry (same hashes)."""
    for i, ours in enumerate(mine):
        if i >= len(new):
            return [
                _at(
                    ours,
                    i,
                    "since",
                    "since_stops",
                    {"last": len(new) - 1},
                )
            ]
        theirs = new[i]
        if theirs.get("hash") != ours.get("hash"):
            return [
                _at(
                    theirs,
                    i,
                    "since",
                    "since_departs",
                    {"yours": {"index": i, **moment_data(ours)}},
                    differences=tuple(_entry_differences(ours, theirs)),
                )
            ]
    return []


def since_reveal(new: Sequence[Mapping[str, Any]], reveal: Reveal) -> list[Finding]:
    """The phase you revealed for must be in the received file, applied after the
    position you revealed on, with your reveal and the orders you revealed for."""
    for j in range(1, len(new) + 1):
        if new[j - 1].get("hash") != reveal.after:
            continue
        if j == len(new):
            return [
                Finding(
                    j - 1,
                    "since",
                    reveal.turn,
                    reveal.player,
                    reveal.phase,
                    code="since_reveal_not_applied",
                    data={"moment": _moment(reveal)},
                )
            ]
        entry = new[j]
        if (entry.get("turn"), entry.get("player"), entry.get("phase")) != (
            reveal.turn,
            reveal.player,
            reveal.phase,
        ):
            return [
                _at(
                    entry,
                    j,
                    "since",
                    "since_other_phase",
                    {"moment": _moment(reveal)},
                )
            ]
        reveals = entry.get("reveals") or {}
        if not isinstance(reveals, Mapping) or reveals.get(reveal.by) != reveal.reveal:
            return [
                _at(
                    entry,
                    j,
                    "since",
                    "since_not_your_reveal",
                    differences=(
                        Difference(
                            "entry",
                            f"reveals.{reveal.by}",
                            reveal.reveal,
                            reveals.get(reveal.by, _ABSENT)
                            if isinstance(reveals, Mapping)
                            else _ABSENT,
                            ("yours", "received"),
                        ),
                    ),
                )
            ]
        try:
            raw = recorded_orders(entry)
        except ValueError:
            raw = []
        applied = orders_hash(
            entry.get("turn"),
            entry.get("player"),
            entry.get("phase"),
            raw,
            reveals.get(reveal.player),
        )
        if applied != reveal.orders:
            return [
                _at(
                    entry,
                    j,
                    "since",
                    "since_orders_changed",
                    {"player": reveal.player},
                    differences=(
                        Difference(
                            "entry", "orders hash", reveal.orders, applied, ("yours", "received")
                        ),
                    ),
                )
            ]
        return forged_choices(new, j + 1, reveal.by)
    return [
        Finding(
            None,
            "since",
            reveal.turn,
            reveal.player,
            reveal.phase,
            code="since_reveal_position",
            data={"moment": _moment(reveal), "after": reveal.after[:12]},
        )
    ]


def since_choices(new: Sequence[Mapping[str, Any]], choices: ChoiceSet) -> list[Finding]:
    """Your choices were applied at the moment they were made for, as you wrote them, and
    no later entry holds choices in your name (it is the last file you sent)."""
    labels = ("yours", "received")
    moment_ = (choices.turn, choices.player, choices.phase)
    for j, entry in enumerate(new):
        bound = entry.get("prev_hash") == choices.after or (
            choices.after is None and entry.get("index") == 1
        )  # a game's first phase
        if not bound or (entry.get("turn"), entry.get("player"), entry.get("phase")) != moment_:
            continue
        stored = entry.get("choices") if isinstance(entry.get("choices"), Mapping) else {}
        assert isinstance(stored, Mapping)
        mine = choices.record()
        if not owners.same_record(stored.get(choices.by), mine):
            return [
                _at(
                    entry,
                    j,
                    "since",
                    "since_choices_differ",
                    {"by": choices.by},
                    differences=(
                        Difference(
                            "entry",
                            f"choices.{choices.by}",
                            mine,
                            stored.get(choices.by, _ABSENT),
                            labels,
                        ),
                    ),
                )
            ]
        return forged_choices(new, j + 1, choices.by)
    if any(e.get("hash") == choices.after for e in new) or choices.after is None:
        return [
            Finding(
                None,
                "since",
                choices.turn,
                choices.player,
                choices.phase,
                code="since_choices_not_applied",
                data={"moment": _moment(choices)},
            )
        ]
    return [
        Finding(
            None,
            "since",
            choices.turn,
            choices.player,
            choices.phase,
            code="since_choices_position",
            data={"moment": _moment(choices)},
        )
    ]


def forged_choices(new: Sequence[Mapping[str, Any]], start: int, side: str) -> list[Finding]:
    """Entries from ``start`` on that hold choices in ``side``'s name: when ``start``
    follows the last file ``side`` sent, he made none of them."""
    out = []
    for k in range(start, len(new)):
        stored = new[k].get("choices")
        if isinstance(stored, Mapping) and side in stored:
            out.append(
                _at(
                    new[k],
                    k,
                    "since",
                    "since_forged_choices",
                    {"side": side},
                )
            )
    return out


def since_orders(new: Sequence[Mapping[str, Any]], orders: OrderSet) -> list[Finding]:
    """Your orders must have been applied as you wrote them."""
    found = None
    for j, entry in enumerate(new):
        if (entry.get("turn"), entry.get("player"), entry.get("phase")) == (
            orders.turn,
            orders.player,
            orders.phase,
        ):
            found = j
    if found is None:
        return [
            Finding(
                None,
                "since",
                orders.turn,
                orders.player,
                orders.phase,
                code="since_orders_not_applied",
                data={"moment": _moment(orders)},
            )
        ]
    entry = new[found]
    try:
        raw = recorded_orders(entry)
    except ValueError:
        raw = []
    mine = orders_hash(orders.turn, orders.player, orders.phase, orders.raw, orders.reveal)
    reveals = entry.get("reveals") if isinstance(entry.get("reveals"), Mapping) else {}
    assert isinstance(reveals, Mapping)
    applied = orders_hash(
        entry.get("turn"),
        entry.get("player"),
        entry.get("phase"),
        raw,
        reveals.get(orders.player) if orders.reveal is not None else None,
    )
    if applied == mine:
        return forged_choices(new, found + 1, orders.player)
    labels = ("yours", "received")
    diffs = [
        Difference(
            "entry",
            f"orders[{k}]",
            orders.raw[k] if k < len(orders.raw) else _ABSENT,
            raw[k] if k < len(raw) else _ABSENT,
            labels,
        )
        for k in range(max(len(raw), len(orders.raw)))
        if (orders.raw[k] if k < len(orders.raw) else None) != (raw[k] if k < len(raw) else None)
    ]
    if orders.reveal is not None and reveals.get(orders.player) != orders.reveal:
        diffs.append(
            Difference(
                "entry",
                f"reveals.{orders.player}",
                orders.reveal,
                reveals.get(orders.player, _ABSENT),
                labels,
            )
        )
    first = next((int(d.field[7:-1]) for d in diffs if d.field.startswith("orders[")), None)
    return [
        _at(
            entry,
            found,
            "since",
            "since_orders_differ",
            differences=tuple(diffs),
            order=first,
        )
    ]


def _moment(what: Any) -> dict[str, Any]:
    """The moment of orders, choices or a reveal as a finding's data."""
    return {"turn": what.turn, "player": what.player, "phase": what.phase}

"""`referee validate`: is this state well formed and legal, and what would these
orders do? A dry run of ``adjudicate`` (the same code: ``referee.cli.phase``) that
writes nothing and reports every problem and every order that would be refused."""

import contextlib
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from msgspec import Struct, field

from referee import errors
from referee.cli.app import (
    MAX_PROBLEMS,
    JsonOpt,
    LangOpt,
    SeedOpt,
    app,
    check_lang,
    emit_json,
    more_problems,
    problem_json,
    problem_line,
    said,
    with_house_rules,
)
from referee.core.model import Problem
from referee.io.files import Game
from referee.io.yamlio import Document

STATE_PREFIX = "referee-state/"
ORDERS_PREFIX = "referee-orders/"
SCENARIO_PREFIX = "referee-scenario/"
REVEAL_PREFIX = "referee-reveal/"
CHOICES_PREFIX = "referee-choices/"


class _File(Struct):
    path: str
    doc: Document | None = None
    error: errors.RefereeError | None = None
    # state | orders | scenario | reveal | choices | unknown (not loaded, or no known format)
    kind: str = "unknown"

    @property
    def name(self) -> str:
        return "<stdin>" if self.path == "-" else self.path

    built: Game | errors.RefereeError | None = None

    def game(self) -> Game:
        """The state as a game (built once; its error raised each time)."""
        if self.built is None:
            from referee.io.files import game_from

            try:
                if self.error is not None:
                    raise self.error
                assert self.doc is not None
                self.built = game_from(self.doc)
            except errors.RefereeError as exc:
                self.built = exc
        if isinstance(self.built, errors.RefereeError):
            raise self.built
        return self.built

    def loader(self) -> Callable[[], Document]:
        """The document, or the error its loading raised, when the dry run asks for it
        (so that the error comes at the moment adjudicate would meet it)."""

        def load() -> Document:
            if self.error is not None:
                raise self.error
            assert self.doc is not None
            return self.doc

        return load


class _Report(Struct):
    entries: list[dict[str, Any]] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # stdout summary lines

    def failed(self, entry: dict[str, Any], exc: errors.RefereeError) -> None:
        entry.update(
            valid=False,
            exit_code=exc.exit_code,
            problems=exc.problems[:MAX_PROBLEMS],  # (said as JSON with --json only)
            more_problems=max(0, len(exc.problems) - MAX_PROBLEMS),
        )
        self.problems.extend(exc.problems)
        self.codes.append(exc.exit_code)
        self.entries.append(entry)


@app.command()
def validate(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="FILES...",
            help="State and orders files (- for stdin), told apart by their format: line. "
            "Each orders file is dry-run against the state it is for (its turn, player "
            "and phase are the state's next ones); with a single state, against that one.",
        ),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            metavar="STATE",
            help="Dry-run every orders file against this state, whatever moment it names "
            "(as adjudicate would: orders for another moment exit 7).",
        ),
    ] = None,
    house_rules: Annotated[
        str | None,
        typer.Option(
            "--house-rules",
            metavar="FILE",
            help="House rules, as adjudicate takes them: accepted at a game's start, "
            "refused if the game was started with others.",
        ),
    ] = None,
    seed_file: SeedOpt = None,
    reveal: Annotated[
        str | None,
        typer.Option(
            "--reveal",
            metavar="FILE",
            help="Two-party dice: the opponent's reveal for these orders, as adjudicate takes it "
            "(without it, dice not available yet are practice dice).",
        ),
    ] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Is this state well formed and legal, and what would these orders do? Runs
    `adjudicate --dry-run` for each orders file (same engine, same checks, same exit
    code: 1 if an order would be refused, 7 if the orders are for another moment, 4 if
    the phase would end the game) and lists every problem and refusal with its file,
    line and path. Writes nothing.

    With several states (`referee validate samples/*.yaml`) each orders file is matched
    to the state(s) at the moment it names (turn, player, phase, and game if it names
    one), never by file name; orders no state matches are only checked for form."""
    lang = check_lang(lang)
    paths = list(files or [])
    if against is not None:
        paths = [against, *(p for p in paths if p != against)]
    if not paths:
        raise errors.UsageError(
            Problem(
                "FILES",
                code="cli.validate_no_file",
            )
        )
    if paths.count("-") > 1:
        raise errors.InvalidInput(Problem("", code="cli.stdin_twice"))
    loaded: list[_File] = []
    for i, path in enumerate(paths):
        f = _load(path)
        if f.kind == "state" or (against is not None and i == 0):
            # built at once: its YAML node tree is freed before the next file is read
            # (a 10,000-unit state's tree is 100 MB for the collector to walk)
            with contextlib.suppress(errors.RefereeError):
                f.game()
        loaded.append(f)
    report = _Report()

    # scenarios (`referee new`) are checked on their own, as `referee new` would; reveal
    # and choices files (two-party dice, owners' choices) for their form: they are no
    # orders (a reveal read as orders was a list of unknown keys)
    scenarios = [f for f in loaded if f.kind == "scenario"]
    for f in loaded:
        if f.kind in ("reveal", "choices"):
            _reveal_or_choices(f, report)
    loaded = [f for f in loaded if f.kind not in ("scenario", "reveal", "choices")]
    for f in scenarios:
        _scenario(f, report)
    states: list[_File] = []
    orders: list[_File] = []
    paired: dict[int, list[_File] | None]
    if against is not None:
        states = [loaded[0]]
        for f in loaded[1:]:
            (states if f.kind == "state" else orders).append(f)
        paired = {id(f): [loaded[0]] for f in orders}
    else:
        for f in loaded:
            (states if f.kind == "state" else orders).append(f)
        if (
            not states
            and not scenarios
            and not report.entries
            and any(f.kind == "unknown" for f in loaded)
        ):
            # nothing says it is a state: take the first file for one (`validate FILE`)
            first = next(f for f in loaded if f.kind == "unknown")
            orders.remove(first)
            states = [first]
        paired = {id(f): _pair(f, states) for f in orders}

    games: dict[int, Game] = {}
    for f in states:
        entry: dict[str, Any] = {"file": f.name, "kind": "state"}
        try:
            game = f.game()
            if house_rules is not None:
                with_house_rules(game, house_rules, f.name)  # refused as adjudicate would
        except errors.RefereeError as exc:
            report.failed(entry, exc)
            continue
        games[id(f)] = game
        s = game.state
        over = f", game over ({s.result.get('outcome')})" if s.result is not None else ""
        report.lines.append(
            said(
                "ui.validate.state_over" if over else "ui.validate.state",
                file=f.name,
                turn=s.turn,
                player=s.player,
                phase=s.phase,
                outcome=s.result.get("outcome") if s.result else None,
            )
        )
        report.entries.append(
            dict(
                entry, valid=True, exit_code=0, problems=[], next=_moment(s.turn, s.player, s.phase)
            )
        )
        report.codes.append(0)

    for f in orders:
        targets = paired[id(f)]
        if targets is None:  # no state to pair it with: its own problem
            assert f.error is not None
            report.failed({"file": f.name, "kind": "orders", "against": None}, f.error)
            continue
        if not targets:
            _form_only(f, report, bool(states))
            continue
        for target in targets:
            entry = {"file": f.name, "kind": "orders", "against": target.name}
            game_of = games.get(id(target))
            if game_of is None:  # the state is invalid: reported above, nothing to run
                entry.update(
                    valid=False,
                    exit_code=None,
                    problems=[],
                    note="not dry-run: its state is invalid",
                )  # JSON: English
                report.entries.append(entry)
                continue
            # here: the engine and the history's code (10 ms of imports) only for a dry run
            from referee.cli.phase import run_phase

            try:
                run = run_phase(
                    game_of,
                    target.name,
                    f.loader(),
                    f.name,
                    house_rules=house_rules,
                    seed_file=seed_file,
                    reveal_file=reveal,
                    dry_run=True,
                    steady_practice=True,
                )
            except errors.RefereeError as exc:
                report.failed(entry, exc)
                continue
            _dry_run_report(f, target, run, entry, report, lang)

    if json_out:
        emit_json(
            {
                "valid": not any(report.codes),
                "exit_code": _worst(report.codes),
                "files": [
                    {**entry, "problems": [_problem_json(p) for p in entry["problems"]]}
                    for entry in report.entries
                ],
            }
        )
    else:
        for line in report.lines:
            sys.stdout.write(line + "\n")
        for problem in report.problems[:MAX_PROBLEMS]:
            sys.stderr.write(f"referee: {problem_line(problem, lang)}\n")
        if len(report.problems) > MAX_PROBLEMS:
            sys.stderr.write(f"referee: {more_problems(len(report.problems) - MAX_PROBLEMS)}\n")
    code = _worst(report.codes)
    if code:
        raise SystemExit(code)


def _load(path: str) -> _File:
    from referee.io.mail import load_document  # a YAML file, or orders as a saved mail

    f = _File(path)
    try:
        f.doc = load_document(path)
    except errors.RefereeError as exc:
        f.error = exc
        return f
    data = f.doc.data
    fmt = data.get("format") if isinstance(data, dict) else None
    if isinstance(fmt, str) and fmt.startswith(SCENARIO_PREFIX):
        f.kind = "scenario"
    elif isinstance(fmt, str) and fmt.startswith(STATE_PREFIX):
        f.kind = "state"
    elif isinstance(fmt, str) and fmt.startswith(ORDERS_PREFIX):
        f.kind = "orders"
    elif isinstance(fmt, str) and fmt.startswith(REVEAL_PREFIX):
        f.kind = "reveal"
    elif isinstance(fmt, str) and fmt.startswith(CHOICES_PREFIX):
        f.kind = "choices"
    elif isinstance(data, dict) and ("sides" in data or "map" in data) and "orders" not in data:
        f.kind = "state"  # a state whose format line is wrong: its reader will say so
    elif isinstance(data, dict) and "orders" in data:
        f.kind = "orders"
    return f


def _scenario(f: _File, report: _Report) -> None:
    """A scenario file, checked as `referee new` reads it (nothing written)."""
    from referee.io.scenario import load_scenario

    entry: dict[str, Any] = {"file": f.name, "kind": "scenario"}
    try:
        load_scenario(f.path)
    except errors.RefereeError as exc:
        report.failed(entry, exc)
        return
    report.lines.append(said("ui.validate.scenario", file=f.name))
    report.entries.append(dict(entry, valid=True, exit_code=0, problems=[]))
    report.codes.append(0)


def _reveal_or_choices(f: _File, report: _Report) -> None:
    """A reveal or a choices file: its form and its keys (none given twice), as
    ``adjudicate --reveal`` and ``--choices`` read it; whether it is for a state's
    moment and position is adjudicate's to check, with the orders it answers."""
    from referee.io.yamlio import duplicate_keys

    entry: dict[str, Any] = {"file": f.name, "kind": f.kind}
    assert f.doc is not None
    problems = duplicate_keys(f.doc)
    if not problems:
        if f.kind == "reveal":
            from referee.play.twoparty import read_reveal

            found: Any
            found, problems = read_reveal(f.doc.data)
        else:
            from referee.core.choices import read_choices

            found, problems = read_choices(f.doc.data)
        problems = f.doc.locate(problems)
    if problems:
        report.failed(entry, errors.InvalidInput(problems))
        return
    report.lines.append(
        said(
            f"ui.validate.{f.kind}",
            file=f.name,
            turn=found.turn,
            player=found.player,
            phase=found.phase,
            by=found.by,
        )
    )
    report.entries.append(
        dict(
            entry,
            valid=True,
            exit_code=0,
            problems=[],
            moment=_moment(found.turn, found.player, found.phase),
            by=found.by,
        )
    )
    report.codes.append(0)


def _pair(f: _File, states: list[_File]) -> list[_File] | None:
    """The states an orders file is dry-run against: the only state given; else every
    state whose next moment is the one the orders name. None: it cannot be paired (it
    could not be read, or is of no known kind) and is reported on its own."""
    if len(states) == 1:
        return states
    if f.kind != "orders" or f.doc is None:
        return None if f.error is not None else []
    data = f.doc.data
    wanted = _raw_moment(data)
    game = data.get("game")
    return [
        s
        for s in states
        if s.doc is not None
        and _raw_moment(s.doc.data) == wanted
        and (game is None or str(s.doc.data.get("game")) == str(game))
    ]


def _raw_moment(data: Any) -> tuple[Any, Any, Any]:
    if not isinstance(data, dict):
        return (None, None, None)
    return (data.get("turn"), str(data.get("player")), data.get("phase"))


def _moment(turn: int, player: str, phase: str) -> dict[str, Any]:
    return {"turn": turn, "player": player, "phase": phase}


def _form_only(f: _File, report: _Report, any_state: bool) -> None:
    """Orders no state given is at: their form only."""
    from referee.io.files import orders_from

    entry: dict[str, Any] = {"file": f.name, "kind": "orders", "against": None}
    try:
        if f.error is not None:
            raise f.error
        assert f.doc is not None
        order_set = orders_from(f.doc, None)
    except errors.RefereeError as exc:
        report.failed(entry, exc)
        return
    why = "no state given is at that moment" if any_state else "give its state file too"
    why_words = said("ui.validate.no_state_at" if any_state else "ui.validate.give_state")
    report.lines.append(
        said(
            "ui.validate.form_only",
            file=f.name,
            turn=order_set.turn,
            player=order_set.player,
            phase=order_set.phase,
            why=why_words,
        )
    )
    report.entries.append(
        dict(entry, valid=True, exit_code=0, problems=[], dry_run=False, note=why)
    )
    report.codes.append(0)


def _dry_run_report(
    f: _File, target: _File, run: Any, entry: dict[str, Any], report: _Report, lang: str
) -> None:

    outcome = run.outcome
    code = run.exit_code()
    refused = outcome.refused
    n = len(run.orders.orders)
    practice = bool(run.dice.practice and outcome.rolls)
    entry.update(
        valid=not refused,
        exit_code=code,
        problems=[],
        dry_run=True,
        practice_dice=practice,
        refused=[e.to_json() for e in refused],
        result=dict(outcome.state.result) if outcome.state.result else None,
    )
    doc = f.doc
    for event in refused:
        path = f"orders[{event.order}]" if event.order is not None else ""
        problem = Problem(
            path,
            file=f.name,
            code="orders.would_be_refused",
            data={"event": event.to_json()},
        )
        if doc is not None:
            problem = doc.locate([problem])[0]
        report.problems.append(problem)
        if len(entry["problems"]) < MAX_PROBLEMS:
            entry["problems"].append(problem)
    entry["more_problems"] = max(0, len(refused) - MAX_PROBLEMS)
    summary = said(
        "ui.validate.dry_run",
        file=f.name,
        state=target.name,
    )
    if refused:
        summary += said(
            "ui.validate.refusals",
            refused=len(refused),
            n=n,
        )
    else:
        summary += said("ui.validate.none_refused", n=n)
    if outcome.state.result is not None:
        broken = ", ".join(map(str, outcome.state.result.get("broken") or []))
        result = outcome.state.result.get("outcome")
        summary += said(
            "ui.validate.would_end",
            outcome=result,
            broken=broken,
        )
    if practice:
        summary += said(
            "ui.validate.practice",
        )
    report.lines.append(summary)
    report.entries.append(entry)
    report.codes.append(code)


def _worst(codes: list[int]) -> int:
    """The exit code of several checks: the highest (one check: its own)."""
    return max(codes, default=0)


def _problem_json(p: Problem) -> dict[str, Any]:
    from referee.render.lang import current

    return problem_json(p, current())

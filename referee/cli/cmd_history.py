"""`referee verify`, `referee history` and `referee rollback`: the recorded game."""

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee import errors
from referee.cli.app import (
    DEFAULT_HEX_SIZE,
    JsonOpt,
    LangOpt,
    OutOpt,
    PictureAroundOpt,
    RadiusOpt,
    SeedOpt,
    SizeOpt,
    app,
    check_lang,
    check_size,
    default_output,
    emit_json,
    located,
    output_target,
    read_seed,
    write_state_file,
)
from referee.core.model import Problem

if TYPE_CHECKING:
    from referee.play.verify import Finding


def _since_findings(
    path: str,
    history: list[Mapping[str, Any]],
    me: str | None = None,
    authors: list[str] | None = None,
) -> list[Any]:
    """``--since FILE``: a state, a reveal, an orders or a choices file you sent (with
    ``me``, the side of ``--side`` or ``--secret``: a reveal, orders or choices file of
    another side, or signed by another side's key, is not one you sent). Without ``me``,
    in a game whose players committed keys, such a file is refused (exit 2: nothing
    says who runs the check); in an older game without keys, the file's author (a
    reveal: its ``by``) is appended to ``authors``."""
    from referee.core.choices import CHOICES_FORMAT, read_choices
    from referee.core.orders import read_orders
    from referee.io.mail import load_document
    from referee.play.twoparty import read_reveal
    from referee.play.verify import since_choices, since_orders, since_reveal, since_state

    doc = load_document(path)
    data = doc.data
    kind = data.get("format") if isinstance(data, Mapping) else None
    if kind in ("referee-reveal/1", CHOICES_FORMAT):
        from referee.io.yamlio import duplicate_keys

        twice = duplicate_keys(doc)  # the last value of a key would win unseen
        if twice:
            raise errors.InvalidInput(twice)
    if kind == "referee-state/1":
        mine = data.get("history")
        if not isinstance(mine, list) or not mine:
            raise errors.InvalidInput(
                Problem(
                    "history",
                    file=doc.name,
                    code="cli.since_no_history",
                )
            )
        return since_state(history, [m for m in mine if isinstance(m, Mapping)])
    if kind == "referee-reveal/1":
        reveal, problems = read_reveal(data)
        if reveal is None:
            raise errors.InvalidInput(doc.locate(problems))
        _who_runs(path, history, me)
        _author(authors, reveal.by)
        return _not_mine(path, reveal.by, me) or since_reveal(history, reveal)
    if kind == "referee-orders/1":
        orders, problems = read_orders(data)
        if orders is None:
            raise errors.InvalidInput(doc.locate(problems))
        _who_runs(path, history, me)
        return (
            _not_mine(path, orders.player, me)
            or _signed_by(path, history, orders, orders.player, authors)
            or since_orders(history, orders)
        )
    if kind == CHOICES_FORMAT:
        choice_set, problems = read_choices(data)
        if choice_set is None:
            raise errors.InvalidInput(doc.locate(problems))
        _who_runs(path, history, me)
        return (
            _not_mine(path, choice_set.by, me)
            or _signed_by(path, history, choice_set, choice_set.by, authors)
            or since_choices(history, choice_set)
        )
    raise errors.InvalidInput(
        Problem(
            "format",
            file=doc.name,
            code="cli.since_kind",
        )
    )


def _who_runs(path: str, history: list[Mapping[str, Any]], me: str | None) -> None:
    """In a game whose players committed keys, a reveal, orders or choices file names
    its author, and ``--since`` takes only a file of the player who runs the check:
    which player that is, the command line says (``--side`` or ``--secret``), never the
    file (docs/pbem.md §What verify checks)."""
    from referee.play.signing import keys_of

    if me is None and keys_of(history):
        raise errors.UsageError(
            Problem(
                "--since",
                file=path,
                code="cli.since_who",
                data={"file": path},
            )
        )


def _author(authors: list[str] | None, side: str) -> None:
    if authors is not None:
        authors.append(side)


def _signed_by(
    path: str, history: list[Mapping[str, Any]], item: Any, author: str, authors: list[str] | None
) -> list[Any]:
    """An orders or choices file's author, from its signature by a committed key: a
    file signed by another side's key is a finding (an unsigned one is its author's,
    whose signature the history's entry of it carries)."""
    from referee.play.authorship import file_signer
    from referee.play.signing import keys_of
    from referee.play.verify import Finding

    if keys_of(history) and getattr(item, "signature", None) is not None:
        signer = file_signer(history, item)
        if signer != author:
            return [
                Finding(
                    None,
                    "since",
                    code="since_signer",
                    data={"file": path, "author": author},
                )
            ]
    _author(authors, author)
    return []


def _not_mine(path: str, author: str, me: str | None) -> list[Any]:
    from referee.play.verify import Finding

    if me is None or author == me:
        return []
    return [
        Finding(
            None,
            "since",
            code="since_not_yours",
            data={"file": path, "author": author, "side": me},
        )
    ]


def _finding_json(finding: "Finding", file: str) -> dict[str, Any]:
    """A finding in ``verify --json``: its ``message`` in English from the catalogue
    (what scripts read, whatever the language), its differences listed apart."""
    from referee.render.problems import english

    message, _ = english(finding.problem(file, differences=False))
    return finding.to_json(message)


@app.command()
def verify(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    since: Annotated[
        list[str] | None,
        typer.Option(
            "--since",
            metavar="FILE",
            help="A file you sent (state, reveal, orders or choices): check this one continues it. "
            "Repeatable.",
        ),
    ] = None,
    seed_file: SeedOpt = None,
    secret: Annotated[
        str | None,
        typer.Option(
            "--secret",
            metavar="FILE",
            help="Two-party games: your secret file, which says who you are: a --since file of "
            "the other player is not one you sent.",
        ),
    ] = None,
    side: Annotated[
        str | None,
        typer.Option(
            "--side",
            metavar="SIDE",
            help="Two-party games: the side you play: a --since file of the other player, "
            "or signed by his key, is refused (needed for a reveal, orders or choices file "
            "once keys are committed, unless --secret says it).",
        ),
    ] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Replay the whole recorded game and check every state, order set, roll and hash;
    with --since, that the file continues the ones you sent."""
    from referee.io.files import load_game
    from referee.play import problems_of
    from referee.play.verify import Finding, Verification, replay_game

    game = load_game(state)
    if not game.state.history:
        raise errors.VerificationFailed(
            Problem(
                "history",
                file=state,
                code="cli.nothing_to_verify",
            )
        )
    from referee.cli.progress import progress
    from referee.render.grammar import say

    with progress(say("ui.progress.verify", check_lang(lang))) as report:
        done = replay_game(
            game.state,
            game.ruleset,
            seed=read_seed(seed_file),
            seed_file=seed_file,
            progress=report,
        )
    verification = done.verification
    since_found: list[Any] = []
    me = None
    if secret is not None:
        from referee.play.signing import side_of
        from referee.play.twoparty import side_of_secret

        key = read_seed(secret)
        assert key is not None
        party = side_of_secret(game.state, key)
        me = party.side if party is not None else side_of(game.state, key)
        if me is None:
            raise errors.SeedError(
                Problem(
                    "",
                    file=secret,
                    code="seed.not_committed",
                )
            )
    if side is not None:
        if side not in game.state.side_ids():
            raise errors.UsageError(
                Problem(
                    "--side",
                    code="state.no_side",
                    data={"side": side, "suggest": {"one_of": list(game.state.side_ids())}},
                )
            )
        if me is not None and me != side:
            raise errors.UsageError(
                Problem(
                    "--side",
                    code="cli.side_not_secret",
                    data={"side": side, "secret_side": me},
                )
            )
        me = side
    authors: list[str] = []
    for path in since or []:
        since_found += _since_findings(
            path, list(game.state.history), me, authors if me is None else None
        )
    if me is None and len(set(authors)) > 1:  # no secret: the files' signatures say whose
        first, second = sorted(set(authors))[:2]
        since_found.append(
            Finding(
                None,
                "since",
                code="since_mixed",
                data={"first": first, "second": second},
            )
        )
    if since_found:
        verification = Verification(
            verification.entries,
            tuple(since_found) + verification.findings,
            verification.rolls_checked,
            verification.rolls_unchecked,
            verification.rolls_thrown,
        )
    data = {
        "ok": verification.ok,
        "entries": verification.entries,
        "rolls_checked": verification.rolls_checked,
        "rolls_unchecked": verification.rolls_unchecked,
        "rolls_thrown": verification.rolls_thrown,
        "since": list(since or []),
        "findings": [_finding_json(f, state) for f in verification.findings],
    }
    if json_out:
        emit_json(data)
    elif verification.ok:
        from referee.render.grammar import say

        lang = check_lang(lang)
        notes = []
        if verification.rolls_unchecked:
            notes.append(say("ui.verify.unchecked", lang, n=verification.rolls_unchecked))
        if verification.rolls_thrown:
            notes.append(say("ui.verify.thrown", lang, n=verification.rolls_thrown))
        if since and me is None and authors:  # whose files: their signatures say it
            notes.append(
                say("ui.verify.continues_by", lang, files=", ".join(since), side=authors[0])
            )
        elif since:
            notes.append(say("ui.verify.continues", lang, files=", ".join(since)))
        from referee.render.grammar import word

        sep = word("join", "semicolon", lang)
        note = "".join(f"{sep}{n}" for n in notes)
        sys.stdout.write(
            say(
                "ui.verify.ok",
                lang,
                path=state,
                entries=verification.entries,
                rolls=verification.rolls_checked,
            )
            + note
            + "\n"
        )
    if not verification.ok:
        if json_out:
            raise SystemExit(errors.EXIT_VERIFY_FAILED)
        raise errors.VerificationFailed(problems_of(verification, state))


def _row(entry: Mapping[str, Any]) -> dict[str, Any]:
    from referee.play.record import recorded_orders, recorded_rolls

    try:
        orders: int | None = len(recorded_orders(entry))
    except ValueError:
        orders = None
    try:
        rolls: int | None = len(recorded_rolls(entry))
    except ValueError:
        rolls = None
    return {
        "index": entry.get("index"),
        "turn": entry.get("turn"),
        "player": entry.get("player"),
        "phase": entry.get("phase"),
        "orders": orders,
        "refused": entry.get("refused"),
        "losses": entry.get("losses"),
        "rolls": rolls,
        "dice": entry.get("dice"),
        "to": entry.get("to"),
        "hash": str(entry.get("hash", ""))[:12],
    }


def _losses_text(losses: Any, none: str) -> str:
    if not isinstance(losses, Mapping):
        return "-"
    return ", ".join(f"{side} {n}" for side, n in losses.items() if n) or none


@app.command()
def history(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    report: Annotated[
        int | None,
        typer.Option(
            "--report",
            metavar="N",
            help="Print the full report of history entry N, replayed from the record.",
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Write the whole game as one self-contained HTML page, "
            "stepped through phase by phase (each map with its actions, the rulings beside "
            "it); with --report N, the turn report of that phase only.",
        ),
    ] = None,
    size: SizeOpt = DEFAULT_HEX_SIZE,
    around: PictureAroundOpt = None,
    radius: RadiusOpt = None,
    seed_file: SeedOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """List the phases applied so far, or print the report of one (--report N)."""
    from referee.io.files import load_game

    lang = check_lang(lang)
    game = load_game(state, check=report is not None or html is not None)
    entries = game.state.history
    if html is not None and report is None:
        if not entries:
            raise errors.UsageError(
                Problem(
                    "history",
                    file=state,
                    code="cli.nothing_to_replay",
                )
            )
        _replay(
            game, state, html, read_seed(seed_file), seed_file, json_out, lang, check_size(size)
        )
        return
    if report is not None:
        _report(
            game,
            state,
            report,
            read_seed(seed_file),
            seed_file,
            json_out,
            lang,
            html,
            check_size(size),
            (around, radius),
        )
        return
    rows = [_row(e) for e in entries]
    if json_out:
        emit_json(rows)
        return
    from referee.render.grammar import say, word

    if not rows:
        sys.stdout.write(say("ui.history.none", lang, path=state) + "\n")
        return
    from referee.render.blocks import Column, TableData, View
    from referee.render.console import stdout_console

    def num(v: Any) -> str:
        return "?" if v is None else str(v)

    # a table, laid out at the page's width (80 columns fit: the losses wrap at a
    # word); the hash as its fixed 12-character prefix, never cut
    table = TableData(
        [
            Column(say("ui.history.index", lang), justify="right", no_wrap=True),
            Column(say("ui.history.turn", lang), justify="right", no_wrap=True),
            Column(say("ui.history.player", lang)),
            Column(say("ui.history.phase", lang)),
            Column(say("ui.history.orders", lang), justify="right", no_wrap=True),
            Column(say("ui.history.refused", lang), justify="right", no_wrap=True),
            Column(say("ui.history.rolls", lang), justify="right", no_wrap=True),
            Column(say("ui.history.losses", lang)),
            Column(say("ui.history.hash", lang), no_wrap=True),
        ]
    )
    none = say("ui.history.no_losses", lang)
    for r in rows:
        if r["phase"] == "rollback":
            what = say("ui.history.rollback_to", lang, to=r["to"])
        else:
            what = word("phase", r["phase"], lang)
        counted = r["phase"] not in ("start", "commit", "rollback")
        table.add_row(
            str(r["index"]),
            str(r["turn"]),
            r["player"] or "-",
            what,
            num(r["orders"]) if counted else "",
            num(r["refused"]) if counted else "",
            num(r["rolls"]) if counted else "",
            _losses_text(r["losses"], none) if counted else "",
            r["hash"],
        )
    stdout_console().print(View([table]))


def _replay(
    game: Any,
    path: str,
    html: str,
    seed: str | None,
    seed_file: str | None,
    json_out: bool,
    lang: str,
    size: float,
) -> None:
    """``history GAME --html FILE``: the whole game's page (referee/render/replay_page.py)."""
    from referee.cli.pictures import version, write_text
    from referee.cli.progress import progress
    from referee.play import problems_of
    from referee.play.verify import replay_game
    from referee.render.grammar import say
    from referee.render.replay_page import replay_page

    entries = game.state.history
    phases: dict[int, Any] = {}
    with progress(say("ui.progress.replay", lang)) as report:
        done = replay_game(
            game.state,
            game.ruleset,
            seed=seed,
            keep=range(len(entries)),
            seed_file=seed_file,
            phases=phases,
            progress=report,
        )
    if not done.verification.ok:
        raise errors.VerificationFailed(problems_of(done.verification, path))
    from referee.render.grammar import say

    title = say("ui.replay.title", lang, ruleset=game.ruleset.title, game=game.state.game)
    page, steps = replay_page(
        title, entries, done.states, phases, game.ruleset, lang, version(), size
    )
    write_text(html, page)
    if json_out:
        emit_json({"html": html, "steps": steps, "entries": len(entries)})
    elif html != "-":
        sys.stderr.write(say("ui.replay.written", lang, file=html, n=steps) + "\n")


def replay_entry(
    game: Any, path: str, index: int, seed: str | None, seed_file: str | None
) -> tuple[Any, Any]:
    """(position before, outcome) of history entry ``index``, replayed from the record
    (``referee.play.verify.replay_game``): the report of ``history --report N`` and the picture
    of ``show --phase N``."""
    from referee.play import problems_of
    from referee.play.history import RECORD_KINDS, where_data
    from referee.play.verify import replay_game

    entries = game.state.history
    if not entries:
        raise errors.UsageError(
            Problem(
                "history",
                file=path,
                code="phase_needs_history",
                data={"index": index},
            )
        )
    if not 0 <= index < len(entries):
        raise errors.UsageError(
            Problem(
                "--report",
                code="no_entry",
                data={"index": index, "last": len(entries) - 1, "path": path},
            )
        )
    entry = entries[index]
    if entry.get("phase") in RECORD_KINDS:
        raise errors.UsageError(
            Problem(
                "--report",
                code="no_report",
                data={"entry": where_data(entries, index)},
            )
        )
    done = replay_game(
        game.state, game.ruleset, seed=seed, upto=index, report_at=index, seed_file=seed_file
    )
    if not done.verification.ok or done.outcome is None or done.before is None:
        raise errors.VerificationFailed(
            problems_of(done.verification, path)
            or [Problem(f"history[{index}]", file=path, code="cli.not_replayed")]
        )
    return done.before, done.outcome


def _report(
    game: Any,
    path: str,
    index: int,
    seed: str | None,
    seed_file: str | None,
    json_out: bool,
    lang: str,
    html: str | None = None,
    size: float = DEFAULT_HEX_SIZE,
    around: tuple[str | None, int | None] = (None, None),
) -> None:
    before, outcome = replay_entry(game, path, index, seed, seed_file)
    from referee.render.report import game_over, next_moment, report_title

    title = report_title(game.ruleset.title, before, lang, index=index)
    footer = next_moment(outcome.state, lang) + game_over(outcome.state.result, lang)
    if html is not None:
        from referee.cli.pictures import picture_window, write_html_report

        window = picture_window(outcome.state, *around)
        write_html_report(
            html, title, footer, before, outcome, game.ruleset, lang, index, size, window
        )
    if json_out:
        from referee.io.views import report_json

        data = report_json(before, outcome, None, dry_run=False, discarded=False)
        data["entry"] = index
        if html is not None:
            data["html"] = html
        emit_json(data)
        return
    if html == "-":
        return
    from referee.render.console import stdout_console
    from referee.render.report import report_view

    stdout_console().print(
        report_view(title, outcome.events, outcome.rolls, lang, footer, game.ruleset)
    )


@app.command()
def rollback(
    state: Annotated[str, typer.Argument(help="Game state file.")],
    to: Annotated[int, typer.Option("--to", help="History entry to return to (see history).")],
    output: OutOpt = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Overwrite the state file.")] = False,
    secret: Annotated[
        str | None,
        typer.Option(
            "--secret",
            metavar="FILE",
            help="Two-party games: your secret file, to sign the "
            "rollback (docs/pbem.md §Signatures).",
        ),
    ] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Return to an earlier phase so a mistaken order can be re-adjudicated (recorded)."""
    from referee.cli.app import read_seed
    from referee.io.files import load_game
    from referee.play import StateHasher, check_record
    from referee.play import rollback as do_rollback

    early = (
        output_target(state, "--in-place") if in_place and output is None else output_target(output)
    )  # checked before any work (docs/hostile.md §Writes)
    game = load_game(state)
    check_record(game.state, StateHasher(), file=state)
    try:
        new = do_rollback(game.state, game.ruleset, to, read_seed(secret))
    except errors.RefereeError as exc:
        raise located(exc, state) from None
    target = (
        state
        if in_place and output is None
        else (output or default_output(state, new.turn, new.player, f"rollback{to}"))
    )
    write_state_file(new, early if early is not None else output_target(target))
    if json_out:
        emit_json(
            {
                "rolled_back_to": to,
                "written": target,
                "turn": new.turn,
                "player": new.player,
                "phase": new.phase,
            }
        )
        return
    from referee.render.grammar import say, word

    lang = check_lang(lang)
    phase = word("phase_title", new.phase, lang)
    sys.stderr.write(
        "referee: "
        + say(
            "ui.rollback.done",
            lang,
            to=to,
            turn=new.turn,
            player=new.player,
            phase=phase,
            path=target,
        )
        + "\n"
    )

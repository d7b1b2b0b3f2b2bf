"""`referee show` and `referee rulesets`: the battlefield, and the rule systems."""

import sys
from typing import Annotated, Any

import typer

from referee import errors
from referee.cli.app import (
    DEFAULT_HEX_SIZE,
    HouseOpt,
    JsonOpt,
    LangOpt,
    RadiusOpt,
    SizeOpt,
    app,
    check_lang,
    check_size,
    emit_json,
    read_seed,
)
from referee.core.model import Problem


def _side(state: Any, name: str | None, path: str) -> str | None:
    """``--side``: a side's id or name (any letter case). Another is refused with exit 3,
    as an unknown unit: the name is not in the game the file holds."""
    if name is None:
        return None
    for side in state.sides:
        if name.lower() in (side.id.lower(), side.name.lower()):
            return str(side.id)
    from referee.core.typed import suggestion

    found = suggestion(name, [s.id for s in state.sides])
    raise errors.InvalidInput(
        Problem(
            "--side",
            file=path,
            code="no_side",
            data={"side": name, "suggest": found},
        )
    )


@app.command()
def show(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
    svg: Annotated[
        str | None,
        typer.Option("--svg", metavar="FILE", help="Also write the map as SVG (- for stdout)."),
    ] = None,
    png: Annotated[
        str | None,
        typer.Option(
            "--png",
            metavar="FILE",
            help="Also write the map as PNG (needs the optional "
            "rasteriser: pip install 'referee[png]').",
        ),
    ] = None,
    size: SizeOpt = DEFAULT_HEX_SIZE,
    phase: Annotated[
        int | None,
        typer.Option(
            "--phase",
            metavar="N",
            help="The position after history entry N, with that phase's "
            "actions drawn on the SVG/PNG map (moves, attacks, routs, pursuits, losses).",
        ),
    ] = None,
    around: Annotated[
        str | None,
        typer.Option(
            "--around",
            metavar="HEX",
            help="Centre the terminal map's window on this hex (when "
            "the whole map does not fit the terminal); the SVG and PNG maps show only the "
            "hexes around it (--radius).",
        ),
    ] = None,
    radius: RadiusOpt = None,
    side: Annotated[
        str | None,
        typer.Option("--side", metavar="NAME", help="Only this side's table (id or name)."),
    ] = None,
    no_map: Annotated[bool, typer.Option("--no-map", help="The tables without the map.")] = False,
    map_only: Annotated[
        bool, typer.Option("--map-only", help="The map without the tables.")
    ] = False,
    no_pager: Annotated[
        bool,
        typer.Option(
            "--no-pager",
            help="On a terminal, print everything even when it is taller than the "
            "terminal (by default it goes through $PAGER or less, the map on the first "
            "screen).",
        ),
    ] = False,
    seed_file: Annotated[
        str | None,
        typer.Option(
            "--seed-file",
            metavar="FILE",
            help="With --phase in commit mode: the game master's seed.",
        ),
    ] = None,
    lang: LangOpt = None,
) -> None:
    """The battlefield as a hex map, and a table per side with its army break count."""
    from referee.core.army import armies
    from referee.io.files import load_game

    lang = check_lang(lang)
    size = check_size(size)
    if png == "-" and sys.stdout.isatty():  # before any work: PNG bytes are no text
        raise errors.UsageError(
            Problem(
                "--png",
                code="cli.png_to_terminal",
            )
        )
    game = load_game(state, house_rules)
    s = game.state
    before = outcome = None
    if phase is not None:
        from referee.cli.cmd_history import replay_entry

        before, outcome = replay_entry(game, state, phase, read_seed(seed_file), seed_file)
        s = outcome.state
    only = _side(s, side, state)
    from referee.cli.pictures import hex_on_map

    centre = hex_on_map(s, around)
    statuses = armies(s, game.ruleset)
    if svg is not None or png is not None:
        from referee.cli.pictures import picture_window

        window = picture_window(s, around, radius)

        def picture(scale: float) -> str:
            if outcome is not None and before is not None:
                from referee.render.pictures import phase_svg

                return phase_svg(
                    before, s, outcome.events, game.ruleset, lang, size, phase, scale, window
                )
            from referee.render.svg import svg_map

            return svg_map(s, game.ruleset, lang, size, armies=statuses, scale=scale, window=window)

        text = picture(1.0) if svg is not None else ""
        if png is not None:
            from referee.cli.pictures import write_png
            from referee.render.svg import png_scale

            zoom = png_scale(s, size, None if window is None else window[1])
            write_png(png, text if text and zoom == 1.0 else picture(zoom), lang, zoom)
        if svg is not None:
            from referee.cli.pictures import write_text

            write_text(svg, text)
            if svg == "-":
                return
        if png == "-":
            return
    if json_out:
        from referee.io.views import show_json

        data = show_json(s, game.ruleset, statuses)
        if phase is not None:
            data["after_entry"] = phase
        emit_json(data)
        return
    from referee.render.console import PlainConsole, page, stdout_console, terminal_height
    from referee.render.grammar import say, word
    from referee.render.mapview import terminal_map
    from referee.render.tables import army_table

    console = stdout_console()
    height = terminal_height()
    paged = height is not None and not no_pager and not isinstance(console, PlainConsole)
    if paged:
        console.begin_capture()  # type: ignore[union-attr]
    title = say(
        "ui.show.title",
        lang,
        ruleset=game.ruleset.title,
        game=s.game,
        turn=s.turn,
        player=s.player,
        phase=word("phase", s.phase, lang),
    )
    if phase is not None:
        title += " — " + say("ui.show.after_entry", lang, index=phase)
    if s.result:
        title += " — " + say(
            "ui.show.game_over", lang, outcome=word("outcome", s.result.get("outcome"), lang)
        )
    console.print(title)
    if not no_map:
        console.print(terminal_map(s, game.ruleset, lang, height, centre))
    if not map_only:
        for status in statuses:
            if only is None or status.side == only:
                console.print(army_table(s, game.ruleset, status, lang))
    if paged:
        text = console.end_capture()  # type: ignore[union-attr]
        if text.count("\n") < (height or 0) or not page(text):
            sys.stdout.write(text)


@app.command()
def rulesets(
    name: Annotated[str | None, typer.Argument(help="Show one ruleset's tables.")] = None,
    house_rules: HouseOpt = None,
    interpretations: Annotated[
        bool,
        typer.Option(
            "--interpretations",
            help="List the sentences of the texts that read two ways: each reading, the "
            "default and the one applied.",
        ),
    ] = False,
    rule: Annotated[
        str | None,
        typer.Option(
            "--rule",
            metavar="HEADING",
            help='One heading of the texts ("Mouvement sur route"): each sentence, the '
            "parameters that carry it, its interpretations and its cases.",
        ),
    ] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """The rule systems; one ruleset's movement table laid out like the rules text, its
    combat die (what each face does) and every parameter with its source."""
    from referee.io.rulesets import builtin_names, load_ruleset

    lang = check_lang(lang)
    if name is None:
        rows = []
        for n in builtin_names():
            rs = load_ruleset(n)
            rows.append(
                {
                    "name": rs.name,
                    "title": rs.title,
                    "version": rs.version,
                    "unit_types": len(rs.unit_types),
                    "origin": rs.origin,
                }
            )
        if json_out:
            emit_json(rows)
            return
        from referee.render.console import stdout_console
        from referee.render.tables import rulesets_list

        stdout_console().print(rulesets_list(rows, lang))
        return
    rs = load_ruleset(name, house_rules)
    if interpretations or rule is not None:
        _rulings(rs, interpretations, rule, json_out, lang)
        return
    if json_out:
        emit_json(rs.document)
        return
    from referee.render.console import stdout_console
    from referee.render.grammar import say
    from referee.render.tables import die_faces, movement_tables, ruleset_params

    console = stdout_console()
    console.print(
        say("ui.rulesets.header", lang, title=rs.title, version=rs.version, origin=rs.origin)
    )
    console.print(movement_tables(rs, lang))
    console.print(die_faces(rs, lang))
    console.print(ruleset_params(rs, lang))


def _rulings(rs: Any, interpretations: bool, rule: str | None, json_out: bool, lang: str) -> None:
    """``rulesets NAME --interpretations`` and ``--rule HEADING`` (referee/render/rulings)."""
    from referee.render.rulings import (
        interpretations_json,
        interpretations_view,
        rule_json,
        rule_view,
    )

    data = None
    if rule is not None:
        from referee.io.conformance import conformance_data

        data = conformance_data()
    if json_out:
        out: dict[str, Any] = {}
        if interpretations:
            out.update(interpretations_json(rs))
        if data is not None and rule is not None:
            out.update(rule_json(rs, data, rule))
        emit_json(out)
        return
    from referee.render.console import stdout_console

    console = stdout_console()
    if interpretations:
        console.print(interpretations_view(rs, lang))
    if data is not None and rule is not None:
        console.print(rule_view(rs, data, rule, lang))

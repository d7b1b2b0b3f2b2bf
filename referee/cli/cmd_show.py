"""`referee show` and `referee rulesets`: the battlefield, and the rule systems."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee.cli.app import (
    HouseOpt,
    JsonOpt,
    LangOpt,
    app,
    check_lang,
    emit_json,
)


@app.command()
def show(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
    svg: Annotated[str | None, typer.Option("--svg", metavar="FILE",
                                            help="Also write the map as SVG (- for stdout).")]
    = None,
    lang: LangOpt = "en",
) -> None:
    """The battlefield as a hex map, and a table per side with its army break count."""
    from referee.core.army import armies
    from referee.io.files import atomic_write, load_game

    check_lang(lang)
    game = load_game(state, house_rules)
    statuses = armies(game.state, game.ruleset)
    if svg is not None:
        from referee.render.svg import svg_map

        text = svg_map(game.state, game.ruleset)
        if svg == "-":
            sys.stdout.write(text)
            return
        atomic_write(svg, text)
    if json_out:
        from referee.io.views import show_json

        emit_json(show_json(game.state, game.ruleset, statuses))
        return
    from referee.render.console import stdout_console
    from referee.render.mapview import terminal_map
    from referee.render.tables import army_table

    console = stdout_console()
    s = game.state
    console.print(f"{game.ruleset.title} — {s.game} — turn {s.turn}, {s.player} to play, "
                  f"next phase: {s.phase}"
                  + (f" — GAME OVER: {s.result.get('outcome')}" if s.result else ""))
    console.print(terminal_map(s, game.ruleset))
    for status in statuses:
        console.print(army_table(s, game.ruleset, status, lang))


@app.command()
def rulesets(
    name: Annotated[str | None, typer.Argument(help="Show one ruleset's tables.")] = None,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """The rule systems, and one ruleset's movement table laid out like the rules text."""
    from referee.io.rulesets import builtin_names, load_ruleset

    if name is None:
        rows = []
        for n in builtin_names():
            rs = load_ruleset(n)
            rows.append({"name": rs.name, "title": rs.title, "version": rs.version,
                         "unit_types": len(rs.unit_types), "origin": rs.origin})
        if json_out:
            emit_json(rows)
            return
        from referee.render.console import stdout_console
        from referee.render.tables import rulesets_list

        stdout_console().print(rulesets_list(rows))
        return
    rs = load_ruleset(name, house_rules)
    if json_out:
        emit_json(rs.document)
        return
    from referee.render.console import stdout_console
    from referee.render.tables import movement_tables, ruleset_params

    console = stdout_console()
    console.print(f"{rs.title} (version {rs.version}) — {rs.origin}")
    console.print(movement_tables(rs))
    console.print(ruleset_params(rs))

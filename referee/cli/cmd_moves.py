"""`referee moves` and `referee odds`: what a unit may do, and the odds of a combat."""

from typing import Annotated

import typer

from referee import errors
from referee.cli.app import (
    HouseOpt,
    JsonOpt,
    LangOpt,
    app,
    check_lang,
    complete_unit,
    emit_json,
    located,
)
from referee.cli.hints import all_ids, unknown_id


@app.command()
def moves(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    unit: Annotated[str, typer.Argument(help="Unit (or leader) id.", autocompletion=complete_unit)],
    road: Annotated[bool, typer.Option("--road", help="With a road march.")] = False,
    mounted: Annotated[bool, typer.Option("--mounted", help="Mounted move.")] = False,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Where can this unit go this phase, and why not elsewhere?"""
    from referee.core.reach import reachable
    from referee.io.files import load_game

    lang = check_lang(lang)
    game = load_game(state, house_rules)
    if (
        game.state.find_unit(unit) is None
        and game.state.find_leader(unit) is None
        and not any(u.id == unit for s in game.state.sides for u in s.off_table)
    ):
        raise unknown_id(
            unit,
            all_ids(game.state),
            state,
            "orders.no_id",
            id=unit,
        )
    reach = reachable(game.state, game.ruleset, unit, road=road, mounted=mounted)
    if json_out:
        emit_json(reach.to_json())
        return
    from referee.render.console import stdout_console
    from referee.render.moves import moves_view

    stdout_console().print(moves_view(reach, game.state, game.ruleset, lang))


@app.command()
def odds(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    attacker: Annotated[
        str, typer.Argument(help="Attacking unit id.", autocompletion=complete_unit)
    ],
    target: Annotated[str, typer.Argument(help="Target unit id.", autocompletion=complete_unit)],
    shooting: Annotated[
        bool, typer.Option("--shooting", help="Shooting instead of melee.")
    ] = False,
    house_rules: HouseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """The exact probability of each combat outcome, with the modifiers listed."""
    from referee.core.odds import odds as compute_odds
    from referee.io.files import load_game

    lang = check_lang(lang)
    game = load_game(state, house_rules)
    for uid in (attacker, target):
        if game.state.find_unit(uid) is None:
            raise unknown_id(
                uid,
                [u.id for u in game.state.units()],
                state,
                "state.no_unit_on_table",
                unit=uid,
            )
    try:
        result = compute_odds(
            game.state, game.ruleset, attacker, target, "shooting" if shooting else "melee"
        )
    except errors.RefereeError as exc:  # OddsError: same side, unknown kind...
        raise located(exc, state) from None
    if json_out:
        emit_json(result.to_json())
        return
    from referee.render.console import stdout_console
    from referee.render.odds import odds_view

    stdout_console().print(odds_view(result, lang, game.ruleset))

"""`referee orders`: a commented orders skeleton for the phase to play."""

import sys
from typing import Annotated, Any

import typer

from referee import errors
from referee.cli.app import HouseOpt, JsonOpt, app, emit_json, output_target
from referee.core.model import Problem
from referee.render.lang import current


@app.command()
def orders(
    state: Annotated[str, typer.Argument(help="Game state file (- for stdin).")],
    output: Annotated[
        str | None,
        typer.Option(
            "-o", "--output", metavar="FILE", help="Write the skeleton to FILE (default: stdout)."
        ),
    ] = None,
    house_rules: HouseOpt = None,
    choices: Annotated[
        bool,
        typer.Option(
            "--choices",
            help="Write a choices file instead: the decisions a player makes as the "
            "owner of his units in this phase (docs/pbem.md §Choices).",
        ),
    ] = False,
    side: Annotated[
        str | None,
        typer.Option(
            "--side",
            metavar="SIDE",
            help="With --choices: whose (default: the opponent of the player whose phase it is).",
        ),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option(
            "--orders",
            metavar="FILE",
            help="With --choices: the phasing player's orders the choices answer (default: none).",
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Write the orders page instead: one self-contained "
            "HTML file with the map, where the orders are given by clicking and saved as the "
            "orders file (docs/maps.md).",
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """An orders file for the phase to play, every possible order written out and
    commented: uncomment the ones you want, then adjudicate. With --choices, the choices
    file of a unit owner instead (the other player's decisions in this phase). With
    --html, a page to give the orders by clicking on the map."""
    from referee.core.skeleton import skeleton
    from referee.io.files import atomic_write, load_game
    from referee.render.skeleton import render, to_json

    output_target(output, guard=False)  # before any work (docs/hostile.md §Writes)
    if html is not None:
        if choices:
            raise errors.UsageError(
                Problem(
                    "--html",
                    code="cli.html_with_choices",
                )
            )
        output_target(html, guard=False)
    game = load_game(state, house_rules)
    if game.state.result is not None:
        raise errors.GameOver(
            Problem(
                "",
                file=state,
                code="game.over",
                data={"outcome": game.state.result.get("outcome")},
            )
        )
    if choices:
        _choices(game, state, output, side, against, json_out)
        return
    if side is not None or against is not None:
        raise errors.UsageError(
            Problem(
                "",
                code="cli.side_orders_need_choices",
            )
        )
    sk = skeleton(game.state, game.ruleset)
    if html is not None:
        write_page(game.state, game.ruleset, sk, state, html, json_out)
        if output is None:
            return
    if json_out:
        emit_json(to_json(sk, game.ruleset))
        return
    text = render(sk, game.ruleset, state, game.state.game, output, current())
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    atomic_write(output, text)
    from referee.cli.app import said

    sys.stderr.write(
        said(
            "ui.orders.written",
            path=output,
            n=len(sk.choices),
            player=sk.player,
            phase=sk.phase,
            turn=sk.turn,
            state=state,
        )
        + "\n"
    )


def write_page(st: Any, rs: Any, sk: Any, state: str, html: str, json_out: bool) -> None:
    """``--html FILE``: the orders page (referee/render/orders_page.py) of the skeleton
    ``sk`` of the game ``st`` read from the file ``state`` (also `pbem orders --html`)."""
    from referee.cli.pictures import version, write_text
    from referee.render.orders_page import orders_page

    lang = current()
    name = "STATE.yaml" if state == "-" else state
    write_text(html, orders_page(st, rs, sk, lang, name, version()))
    if json_out:
        emit_json(
            {
                "html": html,
                "turn": sk.turn,
                "player": sk.player,
                "phase": sk.phase,
                "choices": len(sk.choices),
            }
        )
        return
    if html == "-":
        return
    from referee.render.grammar import say, word

    sys.stderr.write(
        say(
            "ui.page.written",
            lang,
            file=html,
            player=sk.player,
            phase=word("phase", sk.phase, lang),
            turn=sk.turn,
        )
        + "\n"
    )


def _choices(
    game: Any, state: str, output: str | None, side: str | None, against: str | None, json_out: bool
) -> None:
    from referee.cli.hints import did_you_mean
    from referee.core.skeleton import choices_skeleton
    from referee.io.files import atomic_write, load_orders
    from referee.play.owners import answered_orders
    from referee.render.skeleton import render_choices, to_json

    st = game.state
    by = side or st.enemy_of(st.player)
    if by not in st.side_ids():
        more = did_you_mean(by, st.side_ids())
        # exit 3, as an unknown unit: the name is not in the game the file holds
        raise errors.InvalidInput(
            Problem(
                "--side",
                file=state,
                code="orders.no_side",
                data={"side": by, **more},
            )
        )
    order_set = load_orders(against, st) if against is not None else None
    if order_set is not None and (order_set.turn, order_set.player, order_set.phase) != (
        st.turn,
        st.player,
        st.phase,
    ):
        raise errors.OrdersNotForThisState(
            Problem(
                "",
                file=against,
                code="orders.other_moment",
                data={
                    "given": {
                        "turn": order_set.turn,
                        "player": order_set.player,
                        "phase": order_set.phase,
                    },
                    "now": {"turn": st.turn, "player": st.player, "phase": st.phase},
                },
            )
        )
    sk = choices_skeleton(st, game.ruleset, by, order_set)
    after = st.history[-1].get("hash") if st.history else None
    bound = (
        None
        if by == st.player
        else answered_orders(
            st.turn, st.player, st.phase, order_set.raw if order_set is not None else ()
        )
    )
    if json_out:
        emit_json({**to_json(sk, game.ruleset), "by": by, "after": after, "orders": bound})
        return
    text = render_choices(sk, game.ruleset, state, st.game, by, after, bound, output, current())
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    atomic_write(output, text)
    from referee.cli.app import said

    sys.stderr.write(
        said(
            "ui.orders.choices_written",
            path=output,
            n=len(sk.choices),
            by=by,
            player=st.player,
            phase=st.phase,
            turn=st.turn,
            state=state,
        )
        + "\n"
    )

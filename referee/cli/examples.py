"""Examples at the end of every command's ``--help`` (its epilog), kept in one place so
that a test can check every command has some, and that they name real files."""

from __future__ import annotations

from typing import Any

EXAMPLES_TITLE = "Examples:"  # their heading (in another language: the catalogue's)

# command name -> example lines (a comment after '#'); the samples/ files are real
EXAMPLES: dict[str, tuple[str, ...]] = {
    "adjudicate": (
        "referee adjudicate game.yaml orders.yaml -o game-2.yaml",
        "referee adjudicate game.yaml orders.yaml --dry-run     # preview, write nothing",
        "referee adjudicate game-3.yaml -o game-4.yaml          # rout, pursuit: no choice left",
        "referee adjudicate samples/thucidide.yaml samples/thucidide-orders-activation.yaml",
        "referee adjudicate game.yaml orders.yaml --choices rome-choices.yaml  # the owner's",
    ),
    "verify": (
        "referee verify game.yaml",
        "referee verify game.yaml --seed-file seed.txt          # commit mode, seed revealed",
        "referee verify game-9.yaml --since choices.yaml --side rome  # my choices applied",
    ),
    "history": (
        "referee history game.yaml",
        "referee history game.yaml --report 5 --html turn.html   # map and rulings, one file",
        "referee history game.yaml --html game.html         # the whole game, phase by phase",
        "referee history game.yaml --json",
    ),
    "rollback": ("referee rollback game.yaml --to 3 -o game-back.yaml",),
    "moves": (
        "referee moves game.yaml C1                    # every hex C1 can reach, and why not "
        "further",
        "referee moves game.yaml L1 --road             # with a road march",
        "referee moves samples/thucidide.yaml C1 --json",
    ),
    "odds": (
        "referee odds game.yaml C1 E1                  # melee",
        "referee odds game.yaml S1 H2 --shooting",
        "referee odds samples/thucidide-endgame.yaml I2 H3",
    ),
    "new": (
        "referee new samples/thucidide-scenario.yaml -o cannae.yaml",
        "referee new my-battle.yaml --dice commit -o game.yaml   # seed kept in game.seed",
        "referee new my-battle.yaml --dice physical -o game.yaml # tabletop dice",
    ),
    "orders": (
        "referee orders game.yaml -o orders.yaml       # then uncomment, edit, adjudicate",
        "referee orders game.yaml                      # print the skeleton",
        "referee orders game.yaml --json               # the same choices for scripts",
        "referee orders game.yaml --html orders.html   # the map where you click your orders",
        "referee orders game.yaml --choices --orders his-orders.yaml -o choices.yaml"
        "   # mine, in his phase",
    ),
    "schema": (
        "referee schema state > referee-state.schema.json",
        "referee schema orders",
        "referee schema scenario",
        "referee schema mail",
    ),
    "show": (
        "referee show game.yaml",
        "referee show game.yaml --around 1208 --side rome     # a window, one side's table",
        "referee show game.yaml --svg map.svg --lang fr",
        "referee show game.yaml --phase 5 --png combat.png   # the map of history entry 5",
        "COLUMNS=160 referee show samples/panache.yaml > map.txt",
    ),
    "rulesets": (
        "referee rulesets",
        "referee rulesets thucidide                    # the movement table, every parameter",
        "referee rulesets frederic --house-rules house.yaml --json",
        "referee rulesets thucidide --interpretations  # the sentences that read two ways",
        'referee rulesets panache --rule "Mouvement sur route"',
    ),
    "pbem new": (
        "referee pbem new samples/quickstart-scenario.yaml --side greeks --dir asopos",
        "referee pbem new scenario.yaml --side greeks --dir asopos --house-rules house.yaml",
    ),
    "pbem join": ("referee pbem join 001-invitation.eml --side persians --dir asopos",),
    "pbem receive": (
        "referee pbem receive asopos 002-answer.eml     # applied to my copy, reported",
    ),
    "pbem send": (
        "referee pbem send asopos asopos/orders.yaml    # my phase; the mail once he is needed",
    ),
    "pbem orders": (
        "referee pbem orders asopos                     # the skeleton of my next phase, again",
        "referee pbem orders asopos --html page.html    # the map to click the orders on",
    ),
    "pbem status": (
        "referee pbem status asopos                     # whose move, what to do now",
        "referee pbem status asopos --json",
    ),
    "pbem export": (
        "referee pbem export asopos -o asopos.yaml      # the state the other commands read",
    ),
    "pbem rechain": (
        "referee pbem rechain asopos                    # a new dice chain, on my move",
    ),
    "pbem rollback": (
        "referee pbem rollback asopos                   # undo my last phase not yet sent",
        "referee pbem rollback asopos --to 12           # propose it if he received it",
        "referee pbem rollback asopos --agree           # agree to his proposal",
    ),
    "seed new": (
        "referee seed new -o seed.txt                  # a game master's seed (commit mode)",
        "referee seed new --two-party -o my-secret.txt # a player's secret (two-party dice)",
    ),
    "seed commit": (
        "referee seed commit game.yaml --secret my-secret.txt --side carthage -o game.yaml",
    ),
    "seed sign": (
        "referee seed sign game.yaml choices.yaml --secret my-secret.txt   # my choices",
    ),
    "seed reveal": (
        "referee seed reveal game.yaml orders.yaml --secret my-secret.txt --in-place  # mine",
        "referee seed reveal game.yaml his-orders.eml --secret my-secret.txt -o reveal.yaml",
    ),
    "validate": (
        "referee validate game.yaml",
        "referee validate game.yaml orders.yaml",
        "referee validate my-battle-scenario.yaml      # a scenario, before `referee new`",
    ),
}


def epilog(name: str) -> str:
    """The epilog of one command. ``\\b`` keeps click from re-wrapping the lines."""
    lines = EXAMPLES[name]
    return f"{EXAMPLES_TITLE}\n\n\b\n" + "\n".join(f"  {line}" for line in lines)


def add_examples(app: Any) -> None:
    """Give every registered command its examples (commands without any are a bug that
    tests/test_new_orders.py catches)."""
    for info in app.registered_commands:
        name = info.name or info.callback.__name__
        if name in EXAMPLES and not info.epilog:
            info.epilog = epilog(name)
    for group in app.registered_groups:  # seed new, seed commit...
        for info in group.typer_instance.registered_commands:
            name = f"{group.name} {info.name or info.callback.__name__}"
            if name in EXAMPLES and not info.epilog:
                info.epilog = epilog(name)

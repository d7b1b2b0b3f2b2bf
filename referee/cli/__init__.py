"""The command line (see ``referee.cli.app``). Importing this package registers every
command, in the order ``referee --help`` lists them."""

from referee.cli import (  # noqa: F401  (imported for their commands)
    cmd_adjudicate,
    cmd_history,
    cmd_moves,
    cmd_new,
    cmd_orders,
    cmd_schema,
    cmd_seed,
    cmd_show,
    cmd_validate,
)
from referee.cli.app import app, main
from referee.cli.examples import add_examples

add_examples(app)

__all__ = ["app", "main"]

"""The program's entry point (the ``referee`` script, ``python -m referee``).

A module of its own, outside ``referee.cli``, so that the cyclic garbage collector is
off before the CLI and typer are imported: a command builds no garbage worth
collecting, and ``referee.cli.app.main`` pauses the collector for the command anyway
(bench/RESULTS.md); importing builds tens of thousands of objects that the collector
would traverse again and again. Importing ``referee.cli`` from a program of one's own
(the tests do) leaves the collector alone."""

from typing import NoReturn


def run() -> NoReturn:
    """``referee.cli.run`` with the collector off from the start."""
    import gc

    gc.disable()
    from referee.cli import run as run_cli

    run_cli()

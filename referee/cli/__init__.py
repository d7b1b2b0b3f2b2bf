"""The command line (see ``referee.cli.app``). Importing this package imports no
command: ``referee.cli.app.app_for`` imports the one that runs. ``referee.cli.app``, the
attribute (``from referee.cli import app``), is the Typer app with every command
registered, in the order ``referee --help`` lists them (``referee.cli.app.full_app``)."""

from __future__ import annotations

from typing import Any

from referee.cli.app import main

# importing the submodule bound its name here; the attribute is the whole app (below),
# as it was when this package registered every command on import
globals().pop("app", None)


def __getattr__(name: str) -> Any:
    if name == "app":
        from referee.cli.app import full_app

        return full_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["app", "main"]

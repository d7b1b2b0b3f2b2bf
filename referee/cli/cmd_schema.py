"""`referee schema`: the JSON Schemas of the files, for editors."""

from __future__ import annotations

from typing import Annotated

import typer

from referee import errors
from referee.cli.app import (
    app,
    emit_json,
)
from referee.core.model import Problem


@app.command()
def schema(
    kind: Annotated[str, typer.Argument(help="state or orders")] = "state",
) -> None:
    """Print the JSON Schema of the state or orders file (for editors)."""
    from referee.io.schema import orders_schema, state_schema

    if kind not in ("state", "orders"):
        raise errors.RefereeError(Problem("", f"unknown schema {kind!r}", "use state or orders"))
    emit_json(state_schema() if kind == "state" else orders_schema())

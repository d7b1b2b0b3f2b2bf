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
    kind: Annotated[str, typer.Argument(help="state, orders or scenario")] = "state",
) -> None:
    """Print the JSON Schema of the state, orders or scenario file (for editors)."""
    from referee.io.schema import orders_schema, state_schema

    if kind == "scenario":  # described once in referee.core.scenario (issue 11)
        from referee.core.scenario import scenario_schema

        emit_json(scenario_schema())
        return
    if kind not in ("state", "orders"):
        raise errors.RefereeError(Problem("", f"unknown schema {kind!r}",
                                          "use state, orders or scenario"))
    emit_json(state_schema() if kind == "state" else orders_schema())

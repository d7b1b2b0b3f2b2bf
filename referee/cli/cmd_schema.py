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
    kind: Annotated[str, typer.Argument(
        help="state, orders, scenario, ruleset, ruleset-part or house-rules")] = "state",
) -> None:
    """Print the JSON Schema of a file kind (for editors)."""
    from referee.core.scenario import scenario_schema
    from referee.io.rulesets import SCHEMAS
    from referee.io.schema import orders_schema, state_schema

    kinds = {"state": state_schema, "orders": orders_schema, "scenario": scenario_schema,
             **SCHEMAS}
    if kind not in kinds:
        raise errors.UsageError(Problem("", f"unknown schema {kind!r}",
                                        "use one of " + ", ".join(kinds)))
    emit_json(kinds[kind]())

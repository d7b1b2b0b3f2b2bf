"""`referee schema`: the JSON Schemas of the files, for editors."""

from typing import Annotated

import typer

from referee import errors
from referee.cli.app import (
    app,
    emit_json,
)


def _complete_kind(incomplete: str) -> list[str]:
    from referee.cli.complete import schema_kinds

    return schema_kinds(incomplete)


@app.command()
def schema(
    kind: Annotated[
        str,
        typer.Argument(
            help="The file kind: state, orders, scenario, ruleset, ruleset-part, house-rules, "
            "choices, reveal, mail or ledger.",
            autocompletion=_complete_kind,
        ),
    ] = "state",
    json_out: Annotated[
        bool,
        typer.Option(
            "--json", help="Accepted for uniformity: the schema is always printed as JSON."
        ),
    ] = False,
) -> None:
    """Print the JSON Schema of a file kind (for editors): closed objects, enums and a
    description on every key, from the same description the reader checks with."""
    from referee.core.typed import unknown
    from referee.io.schema import KINDS, schema_of
    from referee.render.lang import current
    from referee.render.schemas import described

    del json_out  # the output is JSON either way
    if kind not in KINDS:
        raise errors.UsageError(unknown("", kind, KINDS, "cli.unknown_schema", kind=kind))
    emit_json(described(schema_of(kind), current()))

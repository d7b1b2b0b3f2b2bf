"""The files of a game by email against their JSON Schemas (``referee schema KIND``,
checked with the real ``jsonschema`` validator) and against the declarations the
referee reads them with (``referee.core.pbemfiles``, ``referee.core.choices``)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema

from clikit import referee
from referee.core import typed
from referee.core.choices import ChoicesFile
from referee.core.pbemfiles import Ledger, MailFile, RevealFile

DECLARED: dict[str, Any] = {
    "choices": ChoicesFile,
    "reveal": RevealFile,
    "mail": MailFile,
    "ledger": Ledger,
}


@cache
def validator(kind: str) -> jsonschema.Draft202012Validator:
    """The validator of the schema ``referee schema KIND`` prints."""
    run = referee("schema", kind)
    assert run.code == 0, run.err
    schema = json.loads(run.out)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def misfits(kind: str, data: Any) -> tuple[list[str], list[str]]:
    """What the schema and what the declaration find wrong in ``data`` (as JSON)."""
    data = json.loads(json.dumps(data))
    said = [f"{list(e.absolute_path)}: {e.message}" for e in validator(kind).iter_errors(data)]
    problems = typed.problems(DECLARED[kind], data)
    return said, [f"{p.path}: {p.message}" for p in problems]


def fits(kind: str, data: Any) -> None:
    """``data`` fits both the schema of ``kind`` and its declaration."""
    assert misfits(kind, data) == ([], [])


def misfits_both(kind: str, data: Any) -> None:
    """``data`` is refused by both (a test of the two that can fail)."""
    said, problems = misfits(kind, data)
    assert said and problems, (said, problems)

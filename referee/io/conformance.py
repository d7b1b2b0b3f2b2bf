"""The conformance data shipped with the rulesets (``rulesets/conformance.json``,
written by ``tools/make_conformance.py``): every sentence of the rules texts with the
ruleset keys that carry it, the interpretations it involves and the cases that check
it. Read by ``referee rulesets NAME --rule HEADING``."""

from __future__ import annotations

import json
import os
from typing import Any

from referee.core.errors import InvalidInput
from referee.core.model import Problem

__all__ = ["conformance_data"]


def conformance_data() -> dict[str, Any]:
    """The data as the generator wrote it; a referee installed without it says so."""
    from referee.io.rulesets import builtin_folder

    path = os.path.join(builtin_folder(), "conformance.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise InvalidInput(
            [
                Problem(
                    "rule",
                    code="ruleset.no_conformance_data",
                    data={"error": str(exc)},
                )
            ]
        ) from None
    return dict(data)

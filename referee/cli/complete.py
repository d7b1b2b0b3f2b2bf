"""Shell completion of values (``referee --install-completion``): the unit ids of the
state already typed (``moves STATE UNIT``, ``odds STATE ATTACKER TARGET``), the schema
kinds (``schema KIND``) and the languages (``--lang``).

A completion runs at every Tab, in the user's shell: it must be quick and may never
fail. The unit ids are read from the state file the command line names, only if it is a
regular file of at most :data:`MAX_STATE_BYTES`, with YAML's safe loader; any problem
(no file yet, unreadable, not YAML, not a state) completes nothing and says nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import typer

MAX_STATE_BYTES = 8 * 1024 * 1024  # a bigger state is not read at a Tab


def _matching(values: Iterable[str], incomplete: str) -> list[str]:
    return sorted({v for v in values if v.startswith(incomplete)})


def languages(incomplete: str) -> list[str]:
    """``--lang``: the languages of the catalogue."""
    from referee.render.lang import LANGS

    return _matching(LANGS, incomplete)


def schema_kinds(incomplete: str) -> list[str]:
    """``schema KIND``: the registered file kinds."""
    try:
        from referee.io.schema import KINDS
    except Exception:  # a completion never fails
        return []
    return _matching(KINDS, incomplete)


def unit_ids(ctx: typer.Context, incomplete: str) -> list[str]:
    """A unit (or leader) id of the state named by the ``state`` argument already
    typed: its units on the table, off it, and its leaders."""
    path = ctx.params.get("state")
    if not isinstance(path, str) or path == "-":
        return []
    try:
        return _matching(state_ids(path), incomplete)
    except Exception:  # a completion never fails: nothing to offer
        return []


def state_ids(path: str) -> list[str]:
    """The unit and leader ids of a state file; [] for anything that is not a small
    regular file holding a state."""
    import stat

    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_STATE_BYTES:
        return []
    import yaml

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, encoding="utf-8") as f:
        data = yaml.load(f, Loader=loader)  # a safe loader
    ids: list[str] = []
    sides = data.get("sides") if isinstance(data, dict) else None
    if isinstance(sides, dict):  # sides by id
        sides = list(sides.values())
    for side in sides if isinstance(sides, list) else ():
        if not isinstance(side, dict):
            continue
        for key in ("units", "off_table", "leaders"):
            items = side.get(key)
            for item in items if isinstance(items, list) else ():
                if isinstance(item, dict) and isinstance(item.get("id"), str | int):
                    ids.append(str(item["id"]))
    return ids

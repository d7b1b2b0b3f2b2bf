"""Loading a game (state + its ruleset) and an orders file, with every problem
located; atomic writing."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from msgspec import Struct

from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.core.validate import check_orders, check_state
from referee.errors import InvalidInput
from referee.io.rulesets import load_ruleset
from referee.io.state import read_state
from referee.io.yamlio import Document, load_file

if TYPE_CHECKING:
    from referee.core.orders import OrderSet
    from referee.io.targets import Target


class Game(Struct, frozen=True):
    state: GameState
    ruleset: Ruleset
    document: Document


def load_game(path: str, house_rules: str | None = None, check: bool = True) -> Game:
    return game_from(load_file(path), house_rules, check)


def game_from(doc: Document, house_rules: str | None = None, check: bool = True) -> Game:
    """A loaded state document as a game: the spec check, the values, the compressed
    blocks of its history within their bounds (docs/hostile.md §History blobs), the
    ruleset (with the game's own and ``house_rules``' overrides) and the rules checks."""
    state, problems = read_state(doc.data)
    if problems or state is None:
        raise InvalidInput(doc.locate(problems))
    if any("initial" in e or "orders_z" in e for e in state.history):
        from referee.io.blob import check_history  # a history's blocks, within bounds

        problems = check_history(state.history)
        if problems:
            raise InvalidInput(doc.locate(problems))
    try:
        ruleset = load_ruleset(state.ruleset, house_rules, overrides=state.house_rules)
    except InvalidInput as exc:
        ours = [
            p.file is None and p.path.split(".")[0].split("[")[0] in ("ruleset", "house_rules")
            for p in exc.problems
        ]
        if any(ours):  # the state's own (its ruleset name, its house rules): in its file
            raise InvalidInput(
                [
                    doc.locate([p])[0] if mine else p
                    for p, mine in zip(exc.problems, ours, strict=True)
                ]
            ) from None
        raise
    if check:
        problems = check_state(state, ruleset)
        if problems:
            raise InvalidInput(doc.locate(problems))
    doc.root = None  # the node tree only serves to locate problems: free it (100 MB at 10k units)
    return Game(state, ruleset, doc)


def load_orders(source: str | Callable[[], Document], state: GameState) -> OrderSet:
    """An orders file (a path, or a function giving its loaded document) read and checked
    against ``state``: the spec, then the ids it names."""
    if isinstance(source, str):
        from referee.io.mail import load_document  # a YAML file or a saved mail message

        doc = load_document(source)
    else:
        doc = source()
    return orders_from(doc, state)


def orders_from(doc: Document, state: GameState | None) -> OrderSet:
    from referee.core.orders import read_orders  # here: reading a state needs no orders

    orders, problems = read_orders(doc.data)
    if orders is not None and state is not None:
        problems = check_orders(state, orders)
    if problems or orders is None:
        raise InvalidInput(doc.locate(problems))
    return orders


def atomic_write(path: str | Target, data: str | bytes, mode: int | None = None) -> None:
    """Write ``data`` (text as UTF-8) via a temporary file in the same directory and
    rename it over the target, so a failure leaves the previous file intact; symbolic
    links followed, devices, directories, read-only and hard-linked files refused, the
    target's mode, owner and group kept, a ``Target`` prepared at the command's start
    checked to be unchanged before the rename (``referee.io.targets``, docs/hostile.md
    §Writes). ``mode`` sets the mode (a secret: ``0o600``, never wider, even for a
    moment)."""
    from referee.io.targets import write  # here: reading commands never write

    write(path, data, mode)

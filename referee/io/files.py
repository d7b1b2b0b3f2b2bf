"""Loading a game (state + its ruleset) and an orders file, with every problem
located; atomic writing."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

from referee.core.model import GameState, Problem
from referee.core.orders import OrderSet, read_orders
from referee.core.records import record
from referee.core.ruleset import Ruleset
from referee.core.validate import check_orders, check_state
from referee.errors import FileAccessError, InvalidInput, os_data
from referee.io.rulesets import load_ruleset
from referee.io.state import read_state
from referee.io.yamlio import Document, load_file


@record(frozen=True)
class Game:
    state: GameState
    ruleset: Ruleset
    document: Document


def load_game(path: str, house_rules: str | None = None, check: bool = True) -> Game:
    return game_from(load_file(path), house_rules, check)


def game_from(doc: Document, house_rules: str | None = None, check: bool = True) -> Game:
    """A loaded state document as a game: the spec check, the values, the ruleset (with
    the game's own and ``house_rules``' overrides) and the rules checks."""
    state, problems = read_state(doc.data)
    if problems or state is None:
        raise InvalidInput(doc.locate(problems))
    try:
        ruleset = load_ruleset(state.ruleset, house_rules, overrides=state.house_rules)
    except InvalidInput as exc:
        ours = [p.file is None and p.path.split(".")[0].split("[")[0] in
                ("ruleset", "house_rules") for p in exc.problems]
        if any(ours):  # the state's own (its ruleset name, its house rules): in its file
            raise InvalidInput([doc.locate([p])[0] if mine else p
                                for p, mine in zip(exc.problems, ours, strict=True)]) from None
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
    orders, problems = read_orders(doc.data)
    if orders is not None and state is not None:
        problems = check_orders(state, orders)
    if problems or orders is None:
        raise InvalidInput(doc.locate(problems))
    return orders


def atomic_write(path: str, data: str | bytes, mode: int | None = None) -> None:
    """Write ``data`` (text as UTF-8) via a temporary file in the same directory and
    rename it over the target, so a failure leaves the previous file intact. The file
    keeps the target's mode, or gets the usual one (``0o666`` less the umask); ``mode``
    sets it instead (a secret: ``0o600``, never wider, even for a moment)."""
    import tempfile  # here: 3 ms of imports, and reading commands never write

    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".referee-", suffix=".tmp", dir=directory)  # 0600
    except OSError as exc:
        raise FileAccessError(Problem("", f"cannot write: {exc.strerror}",
                                      "check the directory exists and is writable",
                                      file=path, code="file.cannot_write",
                                      data={**os_data(exc), "hint_code": "check_directory"})
                              ) from None
    try:
        if mode is None:
            try:
                mode = os.stat(path).st_mode & 0o777
            except OSError:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise FileAccessError(Problem("", f"cannot write: {exc.strerror}",
                                      "the previous file is unchanged", file=path,
                                      code="file.cannot_write",
                                      data={**os_data(exc),
                                            "hint_code": "previous_unchanged"})) from None

"""Finding and loading rulesets: built-in ones are package data (``referee.rulesets``),
so an installed ``referee`` finds them from any directory.

A ruleset file may ``extends:`` a shared part (``rulesets/common-001.yaml``, the shared
chapter): the part is merged under the file (deep merge, the file's own keys win).
Files named ``common-*.yaml`` are such parts, never playable rulesets. The game's house
rules (held by the state) and a house-rules file are merged over the result. Every
file is checked against its spec (``referee.core.ruleset_spec``), each problem located
in the file that holds it, with a "did you mean" for an unknown key.

**The compiled-ruleset cache.** Reading, merging, checking and typing a built-in
ruleset costs about 20 ms on every command (two YAML files, the ruleset spec), a
sixth of a command on a small game. The typed ``Ruleset`` of a built-in ruleset
without house rules is therefore kept in the user's cache directory
(``$XDG_CACHE_HOME/referee/``, by default ``~/.cache/referee/``; about 4 ms to read),
keyed by the SHA-256 of everything that decides it: the bytes of every built-in
ruleset file, the referee's version and Python's, and the size and time of the
modules that check and type them. ``REFEREE_NO_CACHE=1`` turns it off (nothing read,
nothing written).

A cache file is trusted for nothing. It is used only when all of these hold, and
otherwise ignored and the ruleset built from its files, as without a cache: a regular
file owned by the user and writable by no one else, in a folder writable by no one
else; the format line and the key of the files as they are now; the SHA-256 of its
payload equal to the one it records (a damaged file is never a wrong ruleset); a
payload (a pickle) naming no global but the ruleset's own record classes (checked
before anything is looked up: no code of the file's choosing runs); the ruleset of
that name. It is written atomically (a temporary file renamed over it); a failure to
write it is ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from referee.core.model import Problem
from referee.core.ruleset import Ruleset, deep_merge
from referee.errors import InvalidInput
from referee.io.yamlio import Document, load_file, load_text, split_path

if TYPE_CHECKING:
    from referee.core.spec import Obj

__all__ = ["builtin_names", "check_state_house_rules", "load_ruleset", "read_house_rules"]

PART_PREFIX = "common-"  # shared parts of rulesets, not playable


def _root() -> str:
    """The folder of the built-in rulesets (the package ``referee.rulesets``), found
    without ``importlib.resources``, which imports zipfile and tempfile (3 ms)."""
    import importlib.util
    import os

    spec = importlib.util.find_spec("referee.rulesets")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        if os.path.isdir(folder):
            return str(folder)
    raise RuntimeError("the built-in rulesets (package referee.rulesets) are not installed")


def builtin_folder() -> str:
    """The folder of the built-in rulesets (and of the conformance data beside them)."""
    return _root()


def _files() -> list[str]:
    import os

    return sorted(n[:-5] for n in os.listdir(_root()) if n.endswith(".yaml"))


def builtin_names() -> list[str]:
    """The playable built-in rulesets (shared parts such as ``common-001`` excluded)."""
    return [n for n in _files() if not n.startswith(PART_PREFIX)]


def _read(name: str, node: Obj) -> Document:
    """A built-in file. Only its own head (``format``, ``extends``...) is checked here:
    every other key is checked once, on the merged document (``Ruleset``), and its
    problems located in this file (start-up time: every command loads a ruleset)."""
    import os

    from referee.core.ruleset_spec import check_file
    from referee.core.spec import Obj

    with open(os.path.join(_root(), f"{name}.yaml"), encoding="utf-8") as fh:
        text = fh.read()
    doc = load_text(text, f"rulesets/{name}.yaml")
    data = doc.data
    if not isinstance(data, dict):
        raise InvalidInput(doc.locate([Problem("", "must be a mapping", code="file.must_be",
                                               data={"expected": ["mapping"]})]))
    head = {k: data[k] for k in _HEAD if k in data}
    head_node = Obj({k: node.fields[k] for k in _HEAD if k in node.fields})
    problems = check_file(head_node, head)
    if problems:
        raise InvalidInput(doc.locate(problems))
    return doc


_HEAD = ("format", "extends", "name", "title", "description", "version")


def _builtin(name: str) -> tuple[dict[str, Any], list[Document]]:
    """The merged document of a built-in ruleset, and its files (the ruleset first)."""
    if name not in builtin_names():
        hint = "use one of " + ", ".join(builtin_names())
        data = {"ruleset": name, "suggest": {"one_of": builtin_names()}}
        if name in _files():
            raise InvalidInput(Problem("ruleset", f"{name!r} is a part shared by rulesets, "
                                       "not a playable ruleset", hint,
                                       code="ruleset.shared_part", data=data))
        raise InvalidInput(Problem("ruleset", f"unknown ruleset {name!r}", hint,
                                   code="ruleset.unknown", data=data))
    from referee.core.ruleset_spec import RULESET_FILE, RULESET_PART

    doc = _read(name, RULESET_FILE)
    docs = [doc]
    data = dict(doc.data)
    part = data.pop("extends", None)
    seen = {name}
    while part is not None:
        if part in seen or not str(part).startswith(PART_PREFIX) or part not in _files():
            parts = [n for n in _files() if n.startswith(PART_PREFIX)]
            raise InvalidInput(docs[-1].locate([Problem(
                "extends", f"cannot extend {part!r}", "extend a shared part: " + ", ".join(parts),
                code="ruleset.cannot_extend", data={"part": part, "parts": parts})]))
        seen.add(part)
        part_doc = _read(part, RULESET_PART)
        docs.append(part_doc)
        base = {k: v for k, v in part_doc.data.items()
                if k not in ("format", "title", "description", "extends")}
        data = deep_merge(base, data)
        part = part_doc.data.get("extends")
    return data, docs


def _depth(data: Any, path: str) -> int:
    """How many leading parts of ``path`` a document holds."""
    depth = 0
    for part in split_path(path):
        if isinstance(data, Mapping):
            found = next((v for k, v in data.items() if str(k) == str(part)), _ABSENT)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            found = data[part]
        else:
            found = _ABSENT
        if found is _ABSENT:
            break
        data = found
        depth += 1
    return depth


_ABSENT = object()


def _locate(problems: list[Problem], docs: list[Document], origin: str) -> list[Problem]:
    """Each problem of a merged document, located in the file that holds the most of its
    path (on a tie the first of: house rules, the ruleset, its parts)."""
    out = []
    for p in problems:
        depths = [_depth(doc.data, p.path) for doc in docs]
        best = max(depths) if depths else 0
        if best == 0:
            out.append(replace(p, file=origin))
            continue
        doc = docs[depths.index(best)]
        if doc.name == _STATE_HOUSE_RULES:  # located in the state file by its reader
            out.append(replace(p, path=f"house_rules.{p.path}", file=None, line=None))
            continue
        out.append(replace(p, file=doc.name, line=doc.line_of(p.path)))
    return out


_STATE_HOUSE_RULES = "\0house_rules"  # the game's house rules among the located documents


def _house_rules(path: str, name: str) -> tuple[Document, dict[str, Any]]:
    from referee.core.ruleset_spec import HOUSE_RULES, check_file

    doc = load_file(path)
    problems = check_file(HOUSE_RULES, doc.data)
    if problems:
        raise InvalidInput(doc.locate(problems))
    hr = doc.data
    base = hr.get("base", name)
    if base != name:
        raise InvalidInput(doc.locate([Problem(
            "base", f"these house rules are for {base!r}, the game uses {name!r}",
            "use house rules written for this ruleset", code="ruleset.house_rules_base",
            data={"base": base, "ruleset": name})]))
    return doc, {k: v for k, v in hr.items() if k not in ("format", "base")}


def read_house_rules(path: str, name: str) -> dict[str, Any]:
    """The overrides of a house-rules file written for ruleset ``name``; every key is
    checked against the ruleset format (a typo is refused, with "did you mean")."""
    return _house_rules(path, name)[1]


def check_state_house_rules(overrides: Any) -> list[Problem]:
    """Problems of the house rules a state holds (``house_rules``), as paths of the
    state file."""
    from referee.core.ruleset_spec import STATE_HOUSE_RULES, check_file

    return [replace(p, path=f"house_rules.{p.path}" if p.path else "house_rules")
            for p in check_file(STATE_HOUSE_RULES, overrides)]


def load_ruleset(name: str, house_rules: str | None = None,
                 overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """The built-in ruleset ``name``; then the game's own house rules (``overrides``,
    held by the state) and a house-rules file are merged over it, in that order. A
    built-in ruleset alone comes from the cache when it can (module doc)."""
    if not overrides and house_rules is None:
        return _cached(name)
    return _build(name, house_rules, overrides)


def _build(name: str, house_rules: str | None = None,
           overrides: Mapping[str, Any] | None = None) -> Ruleset:
    data, docs = _builtin(name)
    origin = docs[0].name
    if overrides:
        problems = check_state_house_rules(overrides)
        if problems:
            raise InvalidInput(problems)
        data = deep_merge(data, overrides)
        origin = f"{origin} + the game's house rules"
        # a problem the game's house rules hold is theirs: house_rules.<path> of the state
        docs.insert(0, Document(overrides, None, _STATE_HOUSE_RULES))
    if house_rules is not None:
        doc, amendments = _house_rules(house_rules, name)
        data = deep_merge(data, amendments)
        docs.insert(0, doc)
        origin = f"{origin} + {house_rules}"
    try:
        return Ruleset(data, origin)
    except InvalidInput as exc:
        raise InvalidInput([p if p.hint else replace(
            p, hint="fix the ruleset or house rules",
            data={**(p.data or {}), "hint_code": "fix_ruleset"})
            for p in _locate(exc.problems, docs, origin)]) from None


# ----------------------------------------------------------------------------- cache
_MAGIC = b"referee-ruleset-cache/1\n"
# The only globals a cache file may name: the ruleset's own record classes (plain
# constructors of typed tuples), ``Factors`` and ``_proxy`` (a read-only mapping).
_RECORDS = frozenset({
    "Activation", "ActivationCites", "Allowance", "ArmyBreak", "ArmyBreakCites", "Band",
    "CategoryWeights", "Column", "Combat", "CombatCites", "DieFace", "Hexside", "LeaderRow",
    "Interpretation", "Reading",
    "Leaders", "Movement", "MovementCites", "MovementRules", "MovementTable", "Param",
    "PassThrough", "Preset", "Pursuit", "PursuitCites", "Rank", "Roads", "Rout",
    "RoutCites", "Ruleset", "TableRow", "Terrain", "UnitType"})
_GLOBALS = {("referee.core.ruleset", n) for n in _RECORDS} | {
    ("referee.core.model", "Factors"), ("referee.io.rulesets", "_proxy")}


def _cache_dir() -> str | None:
    """``$XDG_CACHE_HOME/referee`` (``~/.cache/referee``); None when turned off
    (``REFEREE_NO_CACHE`` set to anything but empty or ``0``) or without a home."""
    import os

    if os.environ.get("REFEREE_NO_CACHE", "") not in ("", "0"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or ""
    if not os.path.isabs(base):  # the XDG spec: a relative value is ignored
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "referee")


def _sha256(data: bytes = b"") -> Any:
    try:  # CPython's own SHA-256, without loading OpenSSL (see referee.play.hashing)
        from _sha256 import sha256  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # pragma: no cover
        from hashlib import sha256
    return sha256(data)


def cache_key(name: str) -> str:
    """SHA-256 of all that decides the typed ruleset ``name``: the bytes of its file
    and of every shared part (it may extend any), the referee's version and
    Python's, and the size and modification time of the modules that check and type
    it (a changed module in a development install, whose version stays the same;
    reading them too would double the cost of a cache hit)."""
    import os
    import sys

    from referee import __version__

    digest = _sha256(f"{name}\0{__version__}\0{sys.version}\0".encode())
    here = os.path.dirname(os.path.abspath(__file__))
    core = os.path.join(os.path.dirname(here), "core")
    for path in [os.path.join(core, n) for n in _CODE] + [os.path.abspath(__file__)]:
        st = os.stat(path)
        digest.update(f"{os.path.basename(path)}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    root = _root()
    # the ruleset's own file and the shared parts, the only files it may extend
    parts = sorted(n for n in os.listdir(root) if n.startswith(PART_PREFIX)
                   and n.endswith(".yaml"))
    for n in [f"{name}.yaml", *parts]:
        with open(os.path.join(root, n), "rb") as fh:
            data = fh.read()
        digest.update(f"{n}\0{len(data)}\0".encode())
        digest.update(data)
    return str(digest.hexdigest())


_CODE = ("ruleset.py", "ruleset_spec.py", "spec.py", "model.py", "records.py", "errors.py")


def _private(st: Any) -> bool:
    """Owned by this user and writable by no one else."""
    import os
    import stat

    getuid = getattr(os, "getuid", None)
    return (getuid is None or st.st_uid == getuid()) and not st.st_mode & (stat.S_IWGRP
                                                                           | stat.S_IWOTH)


def _proxy(mapping: dict[Any, Any]) -> Mapping[Any, Any]:
    from types import MappingProxyType

    if type(mapping) is not dict:
        raise TypeError("not a mapping")
    return MappingProxyType(mapping)


def _unpickle(payload: bytes) -> Any:
    """A pickle that may name only the ruleset's records (``_GLOBALS``): anything else
    (a function to call, a module) is refused before it is looked up."""
    import importlib
    import io

    # the C unpickler: pickle.py's import (its Python pickler, struct...) costs 1 ms more
    from _pickle import Unpickler, UnpicklingError

    class Restricted(Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if (module, name) not in _GLOBALS:
                raise UnpicklingError(f"{module}.{name} is not allowed")
            return getattr(importlib.import_module(module), name)

    return Restricted(io.BytesIO(payload)).load()


def read_cache(path: str, key: str, name: str) -> Ruleset | None:
    """The ruleset a cache file holds, or None for any problem: not a private regular
    file (a link, a pipe) in a private folder, another format or key, a payload whose
    SHA-256 is not the one recorded (a damaged file), a global outside the ruleset's
    records, not the ruleset ``name``."""
    import os
    import stat

    try:
        if not _private(os.stat(os.path.dirname(path))):
            return None
        # not following a link, and not waiting on a pipe put in its place
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or not _private(st) or st.st_size > 4 << 20:
                return None
            blob = fh.read()
        head, _, rest = blob.partition(b"\n")
        stored_key, digest, payload = rest[:64], rest[65:129], rest[130:]
        if head + b"\n" != _MAGIC or stored_key != key.encode() or rest[64:65] != b"\n" \
                or rest[129:130] != b"\n" or _sha256(payload).hexdigest().encode() != digest:
            return None
        ruleset = _unpickle(payload)
    except Exception:  # a cache: any failure (unreadable, truncated, stale class) = rebuild
        return None
    if type(ruleset) is not Ruleset or vars(ruleset).get("name") != name:
        return None
    return ruleset


def _cached(name: str) -> Ruleset:
    import os

    folder = _cache_dir()
    if folder is None or name not in builtin_names():
        return _build(name)
    try:
        key = cache_key(name)
    except OSError:
        return _build(name)
    path = os.path.join(folder, f"ruleset-{name}.pickle")
    ruleset = read_cache(path, key, name)
    if ruleset is not None:
        return ruleset
    ruleset = _build(name)
    write_cache(folder, path, key, ruleset)
    return ruleset


def write_cache(folder: str, path: str, key: str, ruleset: Ruleset) -> None:
    """Store ``ruleset`` under ``key``, atomically (``referee.io.files.atomic_write``,
    mode 0600); a folder others may write is left alone; any failure is ignored (the
    next command builds the ruleset again)."""
    import copyreg
    import io
    import os
    import pickle
    from types import MappingProxyType

    from referee.errors import RefereeError
    from referee.io.files import atomic_write

    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if not _private(os.stat(folder)):
            return
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        table = copyreg.dispatch_table.copy()
        table[MappingProxyType] = lambda m: (_proxy, (dict(m),))
        pickler.dispatch_table = table  # type: ignore[assignment,unused-ignore]
        pickler.dump(ruleset)
        payload = buffer.getvalue()
        atomic_write(path, b"".join((_MAGIC, key.encode(), b"\n",
                                     _sha256(payload).hexdigest().encode(), b"\n", payload)),
                     mode=0o600)
    except (OSError, RefereeError, pickle.PicklingError, TypeError, AttributeError):
        return

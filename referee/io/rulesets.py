"""Finding and loading rulesets: built-in ones are package data (``referee.rulesets``),
so an installed ``referee`` finds them from any directory.

A ruleset file may ``extends:`` a shared part (``rulesets/common-001.yaml``, the shared
chapter): the part is merged under the file (deep merge, the file's own keys win).
Files named ``common-*.yaml`` are such parts, never playable rulesets. The game's house
rules (held by the state) and a house-rules file are merged over the result. Every
file is checked against its declaration (``referee.core.ruleset``), each problem located
in the file that holds it, with a "did you mean" for an unknown key.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import msgspec
from msgspec.structs import replace

from referee.core.model import Problem
from referee.core.ruleset import (
    HouseRules,
    Ruleset,
    RulesetFile,
    RulesetPart,
    StateHouseRules,
    check_file,
    deep_merge,
)
from referee.core.typed import head_of
from referee.errors import InvalidInput
from referee.io.yamlio import Document, load_file, load_text, split_path

__all__ = ["builtin_names", "check_state_house_rules", "load_ruleset", "read_house_rules"]

PART_PREFIX = "common-"  # shared parts of rulesets, not playable


@cache
def _root() -> str:
    """The folder of the built-in rulesets (the package ``referee.rulesets``), found
    without ``importlib.resources``, which imports zipfile and tempfile (3 ms); looked
    up once (it does not move while the process runs)."""
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


def _read(name: str, node: type[RulesetFile | RulesetPart]) -> Document:
    """A built-in file. Only its own head (``format``, ``extends``...) is checked here:
    every other key is checked once, on the merged document (``Ruleset``), and its
    problems located in this file (start-up time: every command loads a ruleset)."""
    import os

    with open(os.path.join(_root(), f"{name}.yaml"), encoding="utf-8") as fh:
        text = fh.read()
    doc = load_text(text, f"rulesets/{name}.yaml")
    data = doc.data
    if not isinstance(data, dict):
        raise InvalidInput(
            doc.locate([Problem("", code="file.must_be", data={"expected": ["mapping"]})])
        )
    head = {k: data[k] for k in _HEAD if k in data}
    try:
        msgspec.convert(head, _HEADS[node])
    except msgspec.ValidationError:
        problems = check_file(node, head)
        if problems:
            raise InvalidInput(doc.locate(problems)) from None
    return doc


_HEAD = ("format", "extends", "name", "title", "description", "version")
_HEADS = {t: head_of(t, _HEAD, frozenset({"format", "name"})) for t in (RulesetFile, RulesetPart)}


def _builtin(name: str) -> tuple[dict[str, Any], list[Document]]:
    """The merged document of a built-in ruleset, and its files (the ruleset first)."""
    if name not in builtin_names():
        data = {"ruleset": name, "suggest": {"one_of": builtin_names()}}
        if name in _files():
            raise InvalidInput(
                Problem(
                    "ruleset",
                    code="ruleset.shared_part",
                    data=data,
                )
            )
        raise InvalidInput(Problem("ruleset", code="ruleset.unknown", data=data))
    doc = _read(name, RulesetFile)
    docs = [doc]
    data = dict(doc.data)
    part = data.pop("extends", None)
    seen = {name}
    while part is not None:
        if part in seen or not str(part).startswith(PART_PREFIX) or part not in _files():
            parts = [n for n in _files() if n.startswith(PART_PREFIX)]
            raise InvalidInput(
                docs[-1].locate(
                    [
                        Problem(
                            "extends",
                            code="ruleset.cannot_extend",
                            data={"part": part, "parts": parts},
                        )
                    ]
                )
            )
        seen.add(part)
        part_doc = _read(part, RulesetPart)
        docs.append(part_doc)
        base = {
            k: v
            for k, v in part_doc.data.items()
            if k not in ("format", "title", "description", "extends")
        }
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
    doc = load_file(path)
    problems = check_file(HouseRules, doc.data, nulls=False)
    if problems:
        raise InvalidInput(doc.locate(problems))
    hr = doc.data
    base = hr.get("base", name)
    if base != name:
        raise InvalidInput(
            doc.locate(
                [
                    Problem(
                        "base",
                        code="ruleset.house_rules_base",
                        data={"base": base, "ruleset": name},
                    )
                ]
            )
        )
    return doc, {k: v for k, v in hr.items() if k not in ("format", "base")}


def read_house_rules(path: str, name: str) -> dict[str, Any]:
    """The overrides of a house-rules file written for ruleset ``name``; every key is
    checked against the ruleset format (a typo is refused, with "did you mean")."""
    return _house_rules(path, name)[1]


def check_state_house_rules(overrides: Any) -> list[Problem]:
    """Problems of the house rules a state holds (``house_rules``), as paths of the
    state file."""
    return [
        replace(p, path=f"house_rules.{p.path}" if p.path else "house_rules")
        for p in check_file(StateHouseRules, overrides, nulls=False)
    ]


def load_ruleset(
    name: str, house_rules: str | None = None, overrides: Mapping[str, Any] | None = None
) -> Ruleset:
    """The built-in ruleset ``name``; then the game's own house rules (``overrides``,
    held by the state) and a house-rules file are merged over it, in that order."""
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
        raise InvalidInput(
            [
                p
                if p.hint
                else replace(  # the hint of a problem that has none
                    p,
                    hint="fix the ruleset or house rules" if p.message else "",
                    data={**(p.data or {}), "hint_default": "fix_ruleset"},
                )
                for p in _locate(exc.problems, docs, origin)
            ]
        ) from None

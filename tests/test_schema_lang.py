"""``referee schema KIND --lang LANG`` (issue 25 item 3): the JSON Schemas' descriptions
in the language asked, from the catalogue (``schema.description``, referee-schema.mo);
the English, written once in the declarations, where a language has none."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from langkit import pseudo_tool

from clikit import referee
from referee.io.schema import KINDS
from referee.render.schemas import english

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "REFEREE_LOCALEDIR"):
        monkeypatch.delenv(name, raising=False)


def _schema(kind: str, *lang: str) -> dict[str, Any]:
    run = referee("schema", kind, *lang)
    assert run.code == 0, run.err
    out: dict[str, Any] = json.loads(run.out)
    return out


def test_the_state_schema_speaks_french() -> None:
    en, fr = _schema("state"), _schema("state", "--lang", "fr")
    assert en["properties"]["turn"]["description"] == "game turn, from 1"
    assert fr["properties"]["turn"]["description"] == "tour de jeu, à partir de 1"
    assert en["title"] == "referee game state (referee-state/1)"
    assert fr["title"] == "état de partie de referee (referee-state/1)"
    said = english(fr)
    assert len(said) > 100
    # every description is the French one (none left as the declarations' English)
    assert not set(said) & (set(english(en)) - {"traits"}), sorted(set(said) & set(english(en)))
    # only the descriptions and the title change: the keys, types, enums and references
    # are the same
    assert json.dumps(fr).count('"description"') == json.dumps(en).count('"description"')
    assert _without_descriptions(fr) == _without_descriptions(en)


def _without_descriptions(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            k: _without_descriptions(v)
            for k, v in node.items()
            if k != "description" and not (k == "title" and "$id" in node)
        }
    if isinstance(node, list):
        return [_without_descriptions(v) for v in node]
    return node


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_schema_has_its_french(kind: str) -> None:
    """Each kind's descriptions are translated: the French differs from the English but
    where the word is the same in both (``Combat.``, ``traits``)."""
    en, fr = english(_schema(kind)), english(_schema(kind, "--lang", "fr"))
    assert len(en) == len(fr) > 5
    same = [text for text in fr if text in en]
    assert set(same) <= {"Combat.", "traits"}, same


def test_a_language_without_the_schemas_part_says_them_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translator's catalogue (``REFEREE_LOCALEDIR``) without ``referee-schema.mo``:
    the descriptions stay in English, the command ends cleanly."""
    from referee.render import catalogue

    parts = tmp_path / "fr" / "LC_MESSAGES"
    parts.mkdir(parents=True)
    for mo in (ROOT / "referee" / "locale" / "fr" / "LC_MESSAGES").glob("*.mo"):
        if mo.name != "referee-schema.mo":
            shutil.copy(mo, parts / mo.name)
    monkeypatch.setenv("REFEREE_LOCALEDIR", str(tmp_path))
    monkeypatch.setattr(catalogue, "_TRANSLATIONS", {})
    assert _schema("choices", "--lang", "fr") == _schema("choices")


def test_the_pseudo_language_leaves_no_description_in_plain_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the pseudo-language (tools/pseudo_locale.py, docs/translating.md) every
    description and title of every kind is the catalogue's: accented, none as the
    English."""
    from referee.render import catalogue

    tool = pseudo_tool()
    tool.write(tmp_path)
    monkeypatch.setenv("REFEREE_LOCALEDIR", str(tmp_path))
    monkeypatch.setattr(catalogue, "_TRANSLATIONS", {})
    plain = []
    for kind in KINDS:
        schema = _schema(kind, "--lang", "xx")
        for text in [schema["title"], *english(schema)]:
            if not any(c in tool.MARKS for c in text):
                plain.append(f"{kind}: {text}")
    assert not plain, plain[:10]


def test_no_schema_has_an_empty_title() -> None:
    """A title says what the schema is; the orders file's per-phase branches had
    ``"title": ""`` (a declaration's schema made with no title, its key kept)."""

    def titles(node: Any) -> list[Any]:
        if isinstance(node, dict):  # (a property may be named title: the scenario's)
            inner = [*node.get("properties", {}).values()]
            inner += [v for k, v in node.items() if k not in ("properties", "title")]
            own = [node["title"]] if "title" in node else []
            return own + [t for v in inner for t in titles(v)]
        if isinstance(node, list):
            return [t for v in node for t in titles(v)]
        return []

    for kind in KINDS:
        found = titles(_schema(kind))
        assert found and all(isinstance(t, str) and t for t in found), (kind, found)

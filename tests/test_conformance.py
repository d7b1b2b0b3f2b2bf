"""The conformance page (docs/conformance.md, issue 23): every sentence of the five
rules texts has its cases, and every case checks a sentence (or a fact or an
interpretation of its ruleset). Checked from the data the generator wrote in the
repository (rulesets/conformance.json), so the texts (../shared/rules) need not be
beside the checkout; when they are, the data must be theirs."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from casekit import CASES, _quoted, case_files, sources_of
from referee.io.rulesets import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "rulesets" / "conformance.json"
TEXTS = Path(os.environ.get("REFEREE_RULES_TEXTS") or ROOT.parent / "shared" / "rules")
REGENERATE = (
    "run `python tools/make_conformance.py` (tools/conformance_map.yaml: which "
    "cases check each sentence)"
)


def _data() -> dict[str, Any]:
    return dict(json.loads(DATA.read_text(encoding="utf-8")))


def _rule(case: str) -> str:
    return str(yaml.safe_load((CASES / f"{case}.yaml").read_text(encoding="utf-8"))["rule"])


def test_every_sentence_of_the_texts_has_a_case_or_a_reason() -> None:
    data = _data()
    assert {s["file"] for s in data["sentences"]} == {"000", "001", "002", "003", "004"}
    for s in data["sentences"]:
        if s.get("not_a_rule"):
            assert not s["cases"], s["id"]
            continue
        assert s["cases"], f"{s['id']} « {s['text']} » has no case: {REGENERATE}"
        for case in s["cases"]:
            assert (CASES / f"{case}.yaml").is_file(), f"{s['id']}: no case {case}"
            ruleset = case.split("/")[0]
            assert ruleset in data["rulesets"][s["file"]], f"{s['id']}: {case}"
            # the case cites this text (any heading: a sentence may decide a ruling
            # another heading cites), or a fact or interpretation of its ruleset
            code = "000" if s["file"] == "002" else s["file"]
            rule = _rule(case)
            assert rule.startswith((code, "facts:", "interpretation:")), (
                f"{s['id']}: {case} cites {rule!r}, not {code}"
            )


def test_every_case_cites_a_sentence_a_fact_or_an_interpretation() -> None:
    listed = {c for s in _data()["sentences"] for c in s["cases"]}
    known = {name: sources_of(load_ruleset(name)) for name in ("thucidide", "panache", "frederic")}
    for path in case_files():
        case = f"{path.parent.name}/{path.stem}"
        if case in listed:
            continue
        rule = _rule(case)
        sources = known[path.parent.name]
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        if raw.get("house_rules_inline"):  # a club's own interpretation, as the case plays
            sources = sources_of(
                load_ruleset(path.parent.name).amended(raw["house_rules_inline"], "case")
            )
        assert rule.startswith(("facts:", "interpretation:")) and any(
            sources.decomposes(r) for r in _quoted(rule)
        ), f"{case} cites {rule!r}: no sentence of the texts lists it; {REGENERATE}"


def test_the_page_is_the_data() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    from make_conformance import PAGE, render

    assert PAGE.read_text(encoding="utf-8") == render(_data()), REGENERATE


@pytest.mark.skipif(
    not any(TEXTS.glob("000_*.txt")), reason="shared/rules is not beside the checkout"
)
def test_the_data_is_the_texts() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    from make_conformance import build

    assert build(TEXTS) == _data(), REGENERATE

"""Every event code the engine emits in the cases has an English and a French text,
and is listed in docs/events.md (the scripting contract)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from casekit import case_files, run_case
from clikit import ROOT
from referee.render.messages import event_codes, message


@cache
def emitted() -> dict[str, dict]:
    codes: dict[str, dict] = {}
    failed = 0
    for path in case_files():
        try:
            _, outcome, _, _ = run_case(path)
        except Exception:  # a failing case is reported by test_cases
            failed += 1
            continue
        for event in outcome.events:
            codes.setdefault(event.code, {"subject": event.subject, "data": dict(event.data)})
    assert failed * 10 < len(case_files()), f"{failed} cases could not be run here"
    return codes


def test_cases_emit_events() -> None:
    assert len(emitted()) >= 5


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_emitted_code_has_a_text(lang: str) -> None:
    missing = [c for c in emitted() if c not in event_codes()]
    assert not missing, f"no {lang} text for {missing}"
    for code, sample in emitted().items():
        text = message(code, sample["subject"], sample["data"], lang)
        unfilled = re.findall(r"\{[a-z_]+\}", text)
        assert not unfilled, f"{code} ({lang}): {text}"


def test_every_code_is_documented() -> None:
    doc = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    missing = [c for c in sorted(set(emitted()) | set(event_codes())) if f"`{c}`" not in doc]
    assert not missing, f"docs/events.md lacks {missing}"


def test_events_doc_is_up_to_date() -> None:
    """docs/events.md is generated from the catalogue: `python tools/make_events_doc.py`."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_events_doc", ROOT / "tools" / "make_events_doc.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    doc = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    assert doc == tool.render(), "run: python tools/make_events_doc.py"

"""`referee moves` answers for every unit type and weight of every ruleset, through
the CLI entry point, in text and JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clikit import referee, small_state, write
from referee.core.model import WEIGHTS
from referee.io.rulesets import builtin_names, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

CELLS = [
    (name, t, w)
    for name in builtin_names()
    for t in load_ruleset(name).unit_types
    for w in WEIGHTS
    if load_ruleset(name).exists(t, w)
]


@pytest.mark.parametrize(
    ("ruleset", "unit_type", "weight"), CELLS, ids=[f"{r}-{t}-{w}" for r, t, w in CELLS]
)
def test_moves_for_every_type(tmp_path: Path, ruleset: str, unit_type: str, weight: str) -> None:
    data = small_state(ruleset)
    data["phase"] = "movement"
    data["sides"]["blue"]["units"][0]["weight"] = "medium"  # heavy foot: empty cell in 004
    data["sides"]["red"]["units"].append(
        {
            "id": "X1",
            "type": unit_type,
            "weight": weight,
            "at": "0806",
            "facing": "N",
            "cohesion": {"current": 2, "max": 2},
            "status": ["activated"],
        }
    )
    path = write(tmp_path / "s.yaml", data)
    run = referee("moves", str(path), "X1", "--json")
    assert run.code == 0, run.err
    reach = json.loads(run.out)
    cell = load_ruleset(ruleset).allowance(unit_type, weight)
    if cell.static:
        assert reach["destinations"] == []
    else:
        assert reach["destinations"], reach
        costs = [d["cost"] for d in reach["destinations"]]
        assert max(costs) <= max(cell.max, 1)
        if cell.at_most_one:
            assert max(costs) == 1
    text = referee("moves", str(path), "X1")
    assert text.code == 0 and "X1" in text.out


def test_moves_unknown_unit(tmp_path: Path) -> None:
    path = write(tmp_path / "s.yaml", small_state())
    run = referee("moves", str(path), "NOPE")
    assert run.code == 3 and "no unit or leader 'NOPE'" in run.err


def test_a_unit_asked_outside_the_movement_phase_is_said_in_words() -> None:
    """Issue 24: `moves` printed the raw code "move refused (wrong_phase)"."""
    for lang, words in (
        ("en", "moves only in the movement phase (next phase: combat)"),
        ("fr", "ne se déplace que dans la phase de mouvement (prochaine phase : combat)"),
    ):
        run = referee("moves", str(SAMPLES / "thucidide-endgame.yaml"), "HANNIBAL", "--lang", lang)
        assert run.code == 0, run.err
        text = " ".join(run.out.split())
        assert words in text and "wrong_phase" not in text


def test_every_movement_refusal_has_its_sentence() -> None:
    """Every reason the movement code can refuse with has its own sentence, in both
    languages (no raw code in a report)."""
    from referee.render.catalogue import template
    from referee.render.grammar import variants

    key, found = variants("move.refused")
    assert key == "reason"
    _REFUSED_EN = {v for v, ctx in found.items() if template(ctx, "en")}
    _REFUSED_FR = {v for v, ctx in found.items() if template(ctx, "fr") != template(ctx, "en")}

    reasons: set[str] = set()
    core = ROOT / "referee" / "core"
    for path in [*(core / "reach").glob("*.py"), core / "phases" / "movement.py"]:
        text = path.read_text(encoding="utf-8")
        reasons |= set(re.findall(r'Refusal\(REFUSED, "([a-z_]+)"', text))
    assert reasons, "no refusal found: the pattern is stale"
    assert not reasons - set(_REFUSED_EN), sorted(reasons - set(_REFUSED_EN))
    assert not reasons - set(_REFUSED_FR), sorted(reasons - set(_REFUSED_FR))

"""Issue 26 in the record (hostile files, round 3): what the recorder builds of a valid
file, and the compressed blocks of a history (``initial``, ``orders_z``) a rival may
have crafted, through the real entry point: the documented exit code and one clean line
per problem on stderr, never 70 (docs/hostile.md §History blobs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from clikit import SAMPLES, referee

HOSTILE = Path(__file__).parent / "hostile"


def _clean(run: Any, code: int, says: str = "") -> None:
    assert run.code == code, run.out + run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    lines = run.err.splitlines()
    assert all(line.startswith("referee: ") for line in lines), run.err
    assert says in run.err, run.err


def test_units_whose_keys_come_in_no_first_met_order_are_recorded(tmp_path: Path) -> None:
    """The sample with ``reaction: evade`` on carthage's units[0] and ``moved_hexes: 1,
    reaction: evade`` on units[1]: ``validate`` said 0 and ``adjudicate --new-game`` 70
    (the initial position's units table looped _columns -> _parts -> _columns)."""
    data = yaml.safe_load((SAMPLES / "thucidide.yaml").read_text("utf-8"))
    units = data["sides"]["carthage"]["units"]
    units[0]["reaction"] = "evade"
    units[1].update(moved_hexes=1, reaction="evade")
    state = tmp_path / "state.yaml"
    state.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    _clean(referee("validate", str(state)), 0)
    out = tmp_path / "next.yaml"
    _clean(referee("adjudicate", str(state), str(SAMPLES / "thucidide-orders-activation.yaml"),
                   "--new-game", "-o", str(out)), 0)
    _clean(referee("verify", str(out)), 0)


def test_orders_of_three_shapes_over_8_kib_are_recorded(tmp_path: Path) -> None:
    """An opponent's 300 orders mixing ``{unit, to}``, ``{unit, path, road}`` and ``{unit,
    face, to}`` (stored as ``orders_z``): exit 70 before; now applied (some refused: 1),
    recorded and verified."""
    game = tmp_path / "game.yaml"
    _clean(referee("adjudicate", str(SAMPLES / "thucidide.yaml"),
                   str(SAMPLES / "thucidide-orders-activation.yaml"), "--new-game", "-o",
                   str(game)), 0)
    out = tmp_path / "next.yaml"
    _clean(referee("adjudicate", str(game), str(HOSTILE / "record-mixed-orders.yaml"), "-o",
                   str(out)), 1)
    assert "orders_z" in out.read_text("utf-8")
    _clean(referee("verify", str(out)), 0)
    _clean(referee("history", str(out)), 0)


def test_rows_in_no_one_order_of_keys_come_back_as_written() -> None:
    """The recorder's tables keep each row's order of keys: shapes merged when they
    agree (unit, path, road, face, to), rows kept as rows when they cannot (``{a, b}``
    and ``{b, a}``), with texts among them too (the part of the mappings is the same
    list again: it never goes back to parts)."""
    import json

    from referee.play.record import _columns, decode_blob, encode_blob

    shapes = [{"unit": "a", "to": "1"}, {"unit": "b", "path": ["1"], "road": True},
              {"unit": "c", "face": "N", "to": "2"}] * 10
    assert _columns(shapes)["~table"] == ["unit", "path", "road", "face", "to"]
    crossed = [{"a": 1, "b": 2}, {"b": 1, "a": 2}] * 10
    for data in (shapes, [*shapes, "x 0101"], crossed, [*crossed, "s", "t", 3],
                 {"units": crossed}):
        assert json.dumps(decode_blob(encode_blob(data))) == json.dumps(data)

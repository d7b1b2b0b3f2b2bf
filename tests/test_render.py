"""The map renderers: the terminal map (rich) and the SVG map."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.adjudicate import adjudicate
from referee.core.hexgrid import Hex
from referee.core.model import GameState
from referee.core.ruleset import Ruleset
from referee.io.files import load_game, load_orders
from referee.io.rulesets import load_ruleset
from referee.io.state import read_state
from referee.play import dice_for
from referee.render.mapview import HEX_STEP, terminal_map
from referee.render.richview import ViewConsole
from referee.render.svg import svg_map

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SAMPLE_STATES = ["thucidide.yaml", "panache.yaml", "frederic.yaml"]
SVG_NS = "{http://www.w3.org/2000/svg}"


def _unit(uid: str, at: str, **extra: Any) -> dict[str, Any]:
    unit = {
        "id": uid,
        "type": "infanterie",
        "weight": "medium",
        "at": at,
        "facing": "N",
        "cohesion": {"current": 3, "max": 3},
        "factors": {"shooting": 0, "range": 0, "assault": 2, "melee": 2},
    }
    unit.update(extra)
    return unit


def small_state(columns: int = 8, rows: int = 6) -> tuple[GameState, Ruleset]:
    """A small battle with one of everything the maps draw."""
    raw = {
        "format": "referee-state/1",
        "ruleset": "thucidide",
        "game": "render-test",
        "turn": 1,
        "player": "red",
        "phase": "activation",
        "dice": {"mode": "open", "seed": "x"},
        "map": {
            "columns": columns,
            "rows": rows,
            "default_terrain": "clear",
            "terrain": {"0202": "wood", "0303": "hill", "0504": "marsh"},
            "hexsides": [
                {"between": ["0402", "0502"], "type": "river"},
                {"between": ["0403", "0503"], "type": "ford"},
                {"between": ["0404", "0504"], "type": "bridge"},
            ],
            "roads": [["0104", "0204", "0304", "0404", "0504"]],
        },
        "sides": {
            "red": {
                "name": "Rouges <&>",
                "edge": "S",
                "exits": ["S"],
                "entry_points": ["0007"],
                "camp": {"at": "0106"},
                "leaders": [
                    {
                        "id": "RG",
                        "name": "Red General",
                        "rank": "general",
                        "command_value": 2,
                        "at": "0305",
                    },
                    {"id": "RS", "name": "Red Sub", "rank": "sub_general", "attached_to": "R1"},
                ],
                "units": [
                    _unit("R1", "0202", type="cavalerie", weight="heavy", facing="NE"),
                    _unit("R2", "0303", status=["disordered", "pre_played"]),
                    _unit("R3", "0104", facing="SW", name="Les <pires> & co"),
                ],
                "off_table": [
                    {
                        "id": "R9",
                        "type": "infanterie",
                        "weight": "light",
                        "facing": "N",
                        "cohesion": {"current": 2, "max": 2},
                    }
                ],
            },
            "blue": {
                "name": "Bleus",
                "edge": "N",
                "exits": ["N"],
                "camp": {"at": "0701"},
                "leaders": [
                    {"id": "BO", "name": "Blue Officer", "rank": "senior_officer", "at": "0602"}
                ],
                "units": [
                    _unit("B1", "0602", facing="S"),
                    _unit("B2", "0503", facing="SE"),
                    _unit("B3", "0701", facing="NW"),
                ],
            },
        },
    }
    state, problems = read_state(raw)
    assert state is not None, [p.render() for p in problems]
    return state, load_ruleset("thucidide")


def render_text(
    state: GameState,
    rs: Ruleset,
    width: int = 160,
    lang: str = "en",
    height: int | None = None,
    around: Hex | None = None,
) -> str:
    console = ViewConsole(record=True, width=width, file=io.StringIO())
    console.print(terminal_map(state, rs, lang, height, around))
    return console.export_text()


def hex_origin(h: Hex, c1: int = 0, r1: int = 0) -> tuple[int, int]:
    """(line, column) of the top left of a hex in the hex drawing (mapview's layout),
    in a window whose top left hex is (c1, r1)."""
    x, y = h.to_offset()
    return 4 * (y - r1) + (2 if x % 2 else 0), HEX_STEP * (x - c1)


# ----------------------------------------------------------------------------- terminal
def test_terminal_units_stand_in_their_hex() -> None:
    """The label on top, then the unit as one block: never split around the label."""
    state, rs = small_state()
    lines = render_text(state, rs).splitlines()
    for unit in state.units():
        assert unit.at is not None
        top, left = hex_origin(unit.at)
        label = state.map.grid.label(unit.at)
        assert lines[top + 1][left + 2 : left + 6] == label
        assert lines[top + 2][left + 2 :].startswith(unit.id), (unit.id, lines[top + 2])
        cohesion = f"{unit.cohesion.current}/{unit.cohesion.max}"
        assert lines[top + 3][left + 4 : left + 7] == cohesion, lines[top + 3]


def test_terminal_facing_status_type_weight_cohesion_and_leaders() -> None:
    state, rs = small_state()
    lines = render_text(state, rs).splitlines()
    text = "\n".join(lines)
    top, left = hex_origin(Hex.from_label("0202"))
    assert lines[top + 2][left + 1 : left + 6] == "●R1↗☆"  # side, id, facing, attached leader
    assert lines[top + 3][left + 1 : left + 7] == "Cv▆3/3"  # type, weight (heavy), cohesion
    assert lines[top + 4][left + 2] == "b"  # the wood's letter on the lower outline
    top, left = hex_origin(Hex.from_label("0303"))
    assert lines[top + 2][left + 1 : left + 7] == "●R2↑dp"  # disordered, pre-played
    assert lines[top + 3][left + 1 : left + 7] == "In▄3/3"  # medium
    assert lines[top + 4][left + 2] == "c"  # hill
    top, left = hex_origin(Hex.from_label("0305"))
    assert lines[top + 2][left + 1 : left + 5] == "★RG●"  # the general alone, his side
    top, left = hex_origin(Hex.from_label("0602"))
    assert lines[top + 2][left + 1 : left + 6] == "○B1↓✦"  # second side, the officer with it
    assert "B2↘" in text and "B3↖" in text and "R3↙" in text
    for word in (
        "Bois",
        "Colline",
        "Marais",
        "Rivière",
        "Gué",
        "Pont",
        "Général en chef",
        "Sous-général",
        "Officier supérieur",
        "Cavalerie",
        "Infanterie",
        "Lourde",  # the weights in the ruleset's words, as the counters' types are
        "disordered",
        "pré-joué",
    ):
        assert word in text, word
    assert "R9" in text and "0007" in text  # off table, entry point


def test_terminal_in_french() -> None:
    state, rs = small_state()
    text = render_text(state, rs, lang="fr")
    for word in (
        "Terrain :",
        "Poids :",
        "lourde",
        "en désordre",
        "pré-joué",
        "nord-est",
        "Camps :",
        "bord sud",
    ):
        assert word in text, word
    for word in ("Terrain:", "disordered", "north", "own edge"):
        assert word not in text, word


def test_terminal_hexsides_on_the_outline() -> None:
    state, rs = small_state()
    lines = render_text(state, rs).splitlines()
    # 0402 | 0502 is the NE hexside of 0402 (even column): drawn as river
    top, left = hex_origin(Hex.from_label("0402"))
    assert lines[top + 1][left + 6] == "~" and lines[top + 2][left + 7] == "~"
    top, left = hex_origin(Hex.from_label("0403"))
    assert lines[top + 1][left + 6] == "≈"
    top, left = hex_origin(Hex.from_label("0404"))
    assert lines[top + 1][left + 6] == "#"
    top, left = hex_origin(Hex.from_label("0104"))
    assert lines[top + 4][left + 2] == "="  # road under a unit: on the lower outline
    top, left = hex_origin(Hex.from_label("0204"))
    assert "=" in lines[top + 2][left + 1 : left + 7]  # road in an empty hex
    top, left = hex_origin(Hex.from_label("0106"))
    assert "⌂" in lines[top + 2][left + 1 : left + 7]  # camp


def test_terminal_plain_text_when_not_a_terminal() -> None:
    state, rs = small_state()
    out = io.StringIO()
    ViewConsole(file=out, width=140).print(terminal_map(state, rs))
    assert "\x1b[" not in out.getvalue()
    assert "R1↗" in out.getvalue()


def test_terminal_colour_on_a_terminal() -> None:
    state, rs = small_state()
    out = io.StringIO()
    ViewConsole(file=out, width=140, force_terminal=True, color_system="truecolor").print(
        terminal_map(state, rs)
    )
    assert "\x1b[" in out.getvalue()


def test_terminal_window_at_80_columns() -> None:
    """A map wider than the console: a window of whole hexes around the action, and a
    note saying which part it is and how to move it."""
    state, rs = small_state(columns=30, rows=6)
    text = render_text(state, rs, width=80)
    lines = text.splitlines()
    assert not any(len(line) > 80 for line in lines)
    assert "Map: columns 1-13, rows 1-6 of 30×6" in text
    assert "R1↗" in text and "--around HEX" in text
    text = render_text(state, rs, width=80, around=Hex.from_label("2503"))
    assert "Map: columns 18-30" in text  # kept inside the map
    top, left = hex_origin(Hex.from_label("2503"), 17, 0)
    assert text.splitlines()[top + 1][left + 2 : left + 6] == "2503"


def test_terminal_window_fits_the_height() -> None:
    state, rs = small_state(columns=8, rows=12)
    text = render_text(state, rs, width=160, height=24)
    drawing = text.split("Map:")[0].splitlines()
    assert len(drawing) <= 24 - 2  # the title and the note fit too
    assert "rows 1-4 of 8×12" in text
    assert len(render_text(state, rs, width=160, height=50).split("Map:")[0].splitlines()) <= 48


def test_terminal_compact_for_six_digit_labels() -> None:
    state, rs = small_state(columns=100, rows=3)
    text = render_text(state, rs, width=1000)
    assert "six-digit" in text
    assert "R↗" in text or "R1↗" in text


def test_terminal_compact_crops_when_one_char_does_not_fit() -> None:
    state, rs = small_state(columns=100, rows=4)
    text = render_text(state, rs, width=40)
    assert "cropped" in text
    assert not any(len(line) > 40 for line in text.splitlines()[:10])


@pytest.mark.parametrize("name", SAMPLE_STATES)
def test_terminal_samples(name: str) -> None:
    game = load_game(str(SAMPLES / name))
    state = game.state
    lines = render_text(state, game.ruleset).splitlines()
    for unit in state.units():
        assert unit.at is not None
        top, left = hex_origin(unit.at)
        assert lines[top + 2][left + 2 :].startswith(unit.id[:4]), unit.id


# ---------------------------------------------------------------------------------- SVG
def _svg(state: GameState, rs: Ruleset) -> ET.Element:
    text = svg_map(state, rs)
    assert text.startswith("<?xml")
    return ET.fromstring(text.encode("utf-8"))


def test_svg_parses_and_holds_everything() -> None:
    state, rs = small_state()
    root = _svg(state, rs)
    assert root.tag == f"{SVG_NS}svg" and root.get("version") == "1.1"
    hexes = [p for p in root.iter(f"{SVG_NS}polygon") if (p.get("class") or "").startswith("hex")]
    assert len(hexes) == state.map.columns * state.map.rows
    texts = [t.text for t in root.iter(f"{SVG_NS}text")]
    for uid in ("R1", "R2", "R3", "B1", "B2", "B3", "0101", "0806", "RG"):
        assert uid in texts, uid
    ids = {g.get("id") for g in root.iter(f"{SVG_NS}g")}
    assert {"unit-R1", "unit-B3", "leader-RG", "leader-RS", "leader-BO"} <= ids
    classes = [e.get("class") for e in root.iter(f"{SVG_NS}line")]
    assert "river" in classes and "ford" in classes and "bridge" in classes
    ford = next(e for e in root.iter(f"{SVG_NS}line") if e.get("class") == "ford")
    assert ford.get("stroke-dasharray")
    assert len([p for p in root.iter(f"{SVG_NS}polyline")]) == 2  # one road, two strokes
    assert len([g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "camp"]) == 2
    titles = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}title"))
    assert "Les <pires> & co" in titles  # escaped in the file, intact once parsed
    assert "Rouges <&>" in titles


def test_svg_facing_wedge_points_the_right_way() -> None:
    state, rs = small_state()
    root = _svg(state, rs)
    groups = {g.get("id"): g for g in root.iter(f"{SVG_NS}g")}

    def wedge_tip_offset(uid: str) -> tuple[float, float]:
        group = groups[f"unit-{uid}"]
        rect = next(group.iter(f"{SVG_NS}rect"))
        cx = float(rect.get("x", 0)) + float(rect.get("width", 0)) / 2
        wedge = next(p for p in group.iter(f"{SVG_NS}polygon") if p.get("class") == "facing")
        tip = wedge.get("points", "").split()[0].split(",")
        return float(tip[0]) - cx, float(tip[1])

    dx_n, _ = wedge_tip_offset("R2")  # facing N: straight up
    assert abs(dx_n) < 0.5
    dx_s, _ = wedge_tip_offset("B1")
    assert abs(dx_s) < 0.5
    assert wedge_tip_offset("R1")[0] > 5  # NE: to the right
    assert wedge_tip_offset("R3")[0] < -5  # SW: to the left


@pytest.mark.parametrize("name", SAMPLE_STATES)
def test_svg_samples(name: str) -> None:
    game = load_game(str(SAMPLES / name))
    root = _svg(game.state, game.ruleset)
    texts = {t.text for t in root.iter(f"{SVG_NS}text")}
    for unit in game.state.units():
        assert unit.id in texts
    for leader in game.state.leaders():
        assert any(g.get("id") == f"leader-{leader.id}" for g in root.iter(f"{SVG_NS}g"))


# ------------------------------------------------------ the samples stay playable
# (samples/README.md): each first player-turn applies with exactly the one order
# that is illegal on purpose refused, in the movement phase.
REFUSED_ON_PURPOSE = {"thucidide": "C3", "panache": "PQ1", "frederic": "IR3"}


@pytest.mark.parametrize("name", sorted(REFUSED_ON_PURPOSE))
def test_sample_turn_plays(name: str) -> None:
    game = load_game(str(SAMPLES / f"{name}.yaml"))
    state, rs = game.state, game.ruleset
    refused: dict[str, list[str | None]] = {}
    for phase in ("activation", "movement", "combat"):
        orders = load_orders(str(SAMPLES / f"{name}-orders-{phase}.yaml"), state)
        outcome = adjudicate(state, orders, rs, dice_for(state, orders))
        refused[phase] = [e.subject for e in outcome.refused]
        state = outcome.state
    assert refused == {"activation": [], "movement": [REFUSED_ON_PURPOSE[name]], "combat": []}
    from referee.core.validate import check_state

    assert check_state(state, rs) == []  # the new state is still a legal state


# ------------------------------------------------------------ window invariants


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(min_value=20, max_value=200),
    height=st.one_of(st.none(), st.integers(min_value=8, max_value=80)),
    column=st.integers(min_value=1, max_value=30),
    row=st.integers(min_value=1, max_value=12),
)
def test_terminal_window_always_fits_and_holds_its_centre(
    width: int, height: int | None, column: int, row: int
) -> None:
    """Whatever the console and the centre asked for: no drawn line wider than the
    console, no more rows than fit, and the centre's hex shown whole."""
    state, rs = small_state(columns=30, rows=12)
    around = Hex.from_offset(column - 1, row - 1)
    text = render_text(state, rs, width=width, height=height, around=around)
    drawing = text.split("Map:")[0] if "Map:" in text else text.split("Counter:")[0]
    assert all(len(line) <= max(width, 2 * 6 + 2) for line in drawing.splitlines())
    if height is not None and width >= 20:
        assert len(drawing.splitlines()) <= max(height - 2, 7)
    if (width - 2) // 6 >= 3:
        assert state.map.grid.label(around) in drawing

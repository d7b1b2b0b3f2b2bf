"""Maps that read like counters, the last phase drawn on them, and pictures people can
paste (issue 14, items 2 and 3): the SVG map, its PNG, the HTML turn report; checked
as XML and, where a headless Chromium is installed, in a real browser."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from clikit import SAMPLES, referee
from referee.core.hexgrid import Direction
from referee.io.files import load_game, load_orders
from referee.play import dice_for, play
from referee.render.actions import phase_actions
from referee.render.pictures import phase_svg, rasteriser_available
from referee.render.svg import svg_map
from test_render import small_state

NS = "{http://www.w3.org/2000/svg}"


def _root(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def _groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if css in (g.get("class") or "").split()]


def _texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text")]


def _played(name: str = "thucidide") -> tuple[Any, list[tuple[Any, Any]]]:
    """The sample's turn, phase by phase: (game, [(before, outcome)])."""
    game = load_game(str(SAMPLES / f"{name}.yaml"))
    state, out = game.state, []
    for phase in ("activation", "movement", "combat"):
        orders = load_orders(str(SAMPLES / f"{name}-orders-{phase}.yaml"), state)
        outcome = play(state, orders, game.ruleset, dice_for(state, orders, None))
        out.append((state, outcome))
        state = outcome.state
    return game, out


# --------------------------------------------------------------------------- counters
def test_counter_shows_type_weight_id_cohesion_and_facing() -> None:
    state, rs = small_state()
    root = _root(svg_map(state, rs))
    unit = next(g for g in _groups(root, "unit") if g.get("id") == "unit-R1")
    texts = _texts(unit)
    assert "Cv" in texts and "R1" in texts and "3/3" in texts
    weight = next(g for g in unit.iter(f"{NS}g") if g.get("class") == "weight")
    assert weight.get("data-weight") == "heavy"
    filled = [r for r in weight.iter(f"{NS}rect") if r.get("fill") == "#fff"]
    assert len(filled) == 4  # heavy: 4 of 5
    facing = next(p for p in unit.iter(f"{NS}polygon") if p.get("class") == "facing")
    assert facing.get("data-facing") == "NE"


def _wedge(unit: ET.Element) -> tuple[tuple[float, float], list[tuple[float, float]]]:
    rect = next(r for r in unit.iter(f"{NS}rect") if r.get("class") == "counter")
    cx = float(rect.get("x", 0)) + float(rect.get("width", 0)) / 2
    top = float(rect.get("y", 0))
    wedge = next(p for p in unit.iter(f"{NS}polygon") if p.get("class") == "facing")
    points = [tuple(map(float, p.split(","))) for p in (wedge.get("points") or "").split()]
    return (cx, top), points  # type: ignore[return-value]


@pytest.mark.parametrize("facing", list(Direction))
def test_facing_notch_reads_in_all_six_directions(facing: Direction) -> None:
    """The notch points at the middle of the facing hexside and is as large for the
    diagonals as for N and S (issue 14: tiny for NE, SE, SW, NW)."""
    from msgspec.structs import replace

    state, rs = small_state()
    unit = state.find_unit("R1")
    assert unit is not None
    side = state.side("red")
    moved = replace(unit, facing=facing)
    state = replace(
        state,
        sides=tuple(
            replace(s, units=tuple(moved if u.id == "R1" else u for u in s.units))
            if s.id == side.id
            else s
            for s in state.sides
        ),
    )
    root = _root(svg_map(state, rs, size=40))
    group = next(g for g in _groups(root, "unit") if g.get("id") == "unit-R1")
    (cx, top), points = _wedge(group)
    cy = top + 0.36 * 40
    tip, a, b = points
    angle = math.degrees(math.atan2(tip[1] - cy, tip[0] - cx)) % 360
    expected = (270 + 60 * int(facing)) % 360
    assert abs((angle - expected + 180) % 360 - 180) < 2, (facing, angle)
    base = math.dist(a, b)
    height = math.dist(tip, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    assert base > 0.35 * 40 and height > 0.25 * 40, (facing, base, height)


def test_status_badges_and_their_legend() -> None:
    state, rs = small_state()
    root = _root(svg_map(state, rs, lang="fr"))
    r2 = next(g for g in _groups(root, "unit") if g.get("id") == "unit-R2")
    badges = {g.get("data-status") for g in r2.iter(f"{NS}g") if g.get("class") == "badge"}
    assert badges == {"disordered", "pre_played"}
    legend = next(g for g in root.iter(f"{NS}g") if g.get("id") == "legend")
    words = " ".join(_texts(legend))
    for word in ("Marques", "en désordre", "pré-joué", "Pion", "Poids", "Très lourde", "l'encoche"):
        assert word in words, word


def test_more_statuses_as_badges() -> None:
    game, played = _played()
    after = played[2][1].state  # after the combat
    root = _root(svg_map(after, game.ruleset, lang="en"))
    seen = {g.get("data-status") for g in root.iter(f"{NS}g") if g.get("class") == "badge"}
    assert {"activated", "moved", "engaged", "pre_played"} <= seen
    words = " ".join(_texts(next(g for g in root.iter(f"{NS}g") if g.get("id") == "legend")))
    for word in ("activated", "moved", "engaged (in melee)", "Badges"):
        assert word in words


def test_the_canvas_fits_the_map_and_scales() -> None:
    state, rs = small_state(columns=8, rows=6)
    small = _root(svg_map(state, rs, size=20))
    large = _root(svg_map(state, rs, size=60))
    w_small, w_large = float(small.get("width", 0)), float(large.get("width", 0))
    assert 2.5 < w_large / w_small < 3.2
    assert large.get("viewBox", "").split()[2] == large.get("width")
    wide, _ = small_state(columns=24, rows=6)
    assert float(_root(svg_map(wide, rs, size=20)).get("width", 0)) > 2.2 * w_small
    # fonts scale with the hexes, never under 9 px
    sizes = [float(g.get("font-size", 0)) for g in small.iter(f"{NS}g") if g.get("id") == "labels"]
    assert sizes and sizes[0] >= 9


def test_roads_and_camps_do_not_cover_labels() -> None:
    state, rs = small_state()
    text = svg_map(state, rs)
    assert text.index('id="roads"') < text.index('id="labels"')  # labels drawn over roads
    assert text.index('id="camps"') < text.index('id="labels"')
    root = _root(text)
    labels = next(g for g in root.iter(f"{NS}g") if g.get("id") == "labels")
    assert labels.get("paint-order") == "stroke" and labels.get("stroke")  # a halo
    # the camp under a unit (0701, B3) sits in the lower right, the label top left
    camp = next(g for g in _groups(root, "camp") if g.get("data-side") == "blue")
    tent = next(camp.iter(f"{NS}polygon"))
    tent_y = min(float(p.split(",")[1]) for p in (tent.get("points") or "").split())
    label = next(t for t in labels.iter(f"{NS}text") if t.text == "0701")
    assert tent_y > float(label.get("y", 0))


def test_svg_in_one_language() -> None:
    state, rs = small_state()
    en, fr = svg_map(state, rs, lang="en"), svg_map(state, rs, lang="fr")
    assert "Camp of" in en and "Camp de" not in en and "entry" in en and "entrée" not in en
    assert "Camp de" in fr and "Camp of" not in fr and "turn 1" not in fr and "tour 1" in fr


# ----------------------------------------------------------------- the phase on the map
def test_combat_phase_drawn_with_its_results() -> None:
    game, played = _played()
    before, outcome = played[2]
    root = _root(phase_svg(before, outcome.state, outcome.events, game.ruleset, "en"))
    melee = _groups(root, "melee")
    shooting = _groups(root, "shooting")
    attacks = [e for e in outcome.events if e.code == "combat.attack"]
    assert len(melee) == sum(e.data["kind"] == "melee" for e in attacks) == 4
    assert len(shooting) == sum(e.data["kind"] == "shooting" for e in attacks) == 2
    assert {g.get("data-unit") for g in melee} == {"C1", "C2", "I2", "I3"}
    # numbered as the report's rulings, with the ruling as tooltip
    numbers = {int(g.get("data-number", 0)) for g in melee}
    assert 1 in numbers
    title = next(g for g in melee if g.get("data-number") == "1").find(f"{NS}title")
    assert title is not None and "C1 attacks E1 in melee" in (title.text or "")
    losses = {g.get("data-unit"): _texts(g) for g in _groups(root, "loss")}
    assert losses == {"E1": ["−1"], "E2": ["−1"]}
    retreats = {g.get("data-unit") for g in _groups(root, "retreat")}
    assert {"E2", "V1"} <= retreats  # E2's retreat, V1's evasion
    gauges = _groups(root, "gauge")
    assert [g.get("data-side") for g in gauges] == ["carthage", "rome"]
    legend = " ".join(_texts(next(g for g in root.iter(f"{NS}g") if g.get("id") == "legend")))
    for word in ("Last phase", "melee", "shooting", "cohesion lost", "Army break"):
        assert word in legend, word


def test_movement_phase_drawn_as_paths() -> None:
    game, played = _played()
    before, outcome = played[1]
    actions = phase_actions(before, outcome.events)
    moved = {a.unit for a in actions.actions if a.kind == "move"}
    assert moved == {"C1", "C2", "I2", "I3", "L1"}  # C3's move was refused
    root = _root(phase_svg(before, outcome.state, outcome.events, game.ruleset, "fr"))
    paths = _groups(root, "move")
    assert {g.get("data-unit") for g in paths} == moved
    l1 = next(g for g in paths if g.get("data-unit") == "L1")
    line = next(p for p in l1.iter(f"{NS}polyline") if p.get("stroke") != "#fff")
    assert len((line.get("points") or "").split()) == 4  # 0812 -> 0912 -> 1012 -> 1112


def test_routs_and_removed_units_drawn_as_ghosts(tmp_path: Path) -> None:
    """The endgame sample: combat, then the rout phase removes units: crossed-out ghosts."""
    state = str(SAMPLES / "thucidide-endgame.yaml")
    out = str(tmp_path / "e1.yaml")
    run = referee(
        "adjudicate",
        state,
        str(SAMPLES / "thucidide-endgame-orders-combat.yaml"),
        "-o",
        out,
        "--new-game",
    )
    assert run.code in (0, 1, 4), run.err
    run = referee(
        "adjudicate",
        out,
        str(SAMPLES / "thucidide-endgame-orders-rout.yaml"),
        "-o",
        str(tmp_path / "e2.yaml"),
    )
    assert run.code in (0, 1, 4), run.err
    svg = tmp_path / "rout.svg"
    run = referee("show", str(tmp_path / "e2.yaml"), "--phase", "2", "--svg", str(svg))
    assert run.code == 0, run.err
    root = _root(svg.read_text(encoding="utf-8"))
    ghosts = _groups(root, "ghost")
    assert ghosts and all(g.find(f"{NS}path") is not None for g in ghosts)
    assert _groups(root, "rout")


# ------------------------------------------------------------------------------ the CLI
def test_show_svg_phase_size_and_lang(tmp_path: Path, game_with_history: Path) -> None:
    out = tmp_path / "map.svg"
    run = referee(
        "show",
        str(game_with_history),
        "--phase",
        "3",
        "--svg",
        str(out),
        "--size",
        "24",
        "--lang",
        "fr",
    )
    assert run.code == 0, run.err
    root = _root(out.read_text(encoding="utf-8"))
    assert root.get("lang") == "fr" and _groups(root, "melee")
    run = referee("show", str(game_with_history), "--phase", "1", "--svg", "-")
    assert run.out.startswith("<?xml") and "phase-attacks" in run.out
    run = referee("show", str(game_with_history), "--size", "500", "--svg", str(out))
    assert run.code == 2 and "--size" in run.err
    run = referee("show", str(game_with_history), "--phase", "0", "--svg", str(out))
    assert run.code == 2 and "no phase" in run.err  # the start entry has no report


@pytest.fixture(scope="module")
def game_with_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Cannae sample after its activation, movement and combat (history 1..3)."""
    tmp = tmp_path_factory.mktemp("cannae")
    previous = str(SAMPLES / "thucidide.yaml")
    for i, phase in enumerate(("activation", "movement", "combat")):
        after = str(tmp / f"c{i}.yaml")
        run = referee(
            "adjudicate",
            previous,
            str(SAMPLES / f"thucidide-orders-{phase}.yaml"),
            "-o",
            after,
            *(("--new-game",) if i == 0 else ()),
        )
        assert run.code in (0, 1), run.err
        previous = after
    return Path(previous)


def test_png_says_how_to_install_the_rasteriser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_resvg(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "resvg_py":
            raise ImportError("no resvg here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_resvg)
    out = tmp_path / "map.png"
    run = referee("show", str(SAMPLES / "thucidide.yaml"), "--png", str(out), "--json")
    assert run.code == 2
    assert "pip install 'referee[png]'" in run.err
    assert '"png_missing"' in run.out and not out.exists()


@pytest.mark.skipif(not rasteriser_available(), reason="resvg-py not installed (extra: png)")
def test_png_written(tmp_path: Path, game_with_history: Path) -> None:
    out = tmp_path / "map.png"
    run = referee("show", str(game_with_history), "--phase", "3", "--png", str(out), "--size", "20")
    assert run.code == 0, run.err
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    assert 500 < width < 1200  # 24 columns of 20 px hexes, and the ring of entry points


# --------------------------------------------------------------------------- HTML
class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _check_self_contained(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    tags = [t for t, _ in page.tags]
    assert tags.count("svg") == 1 and "script" not in tags and "link" not in tags
    for _, attrs in page.tags:
        for key in ("src", "href"):
            value = attrs.get(key) or ""
            assert not re.match(r"(https?:)?//", value), value
    assert "@import" not in html and "url(" not in html
    return page


def test_html_report_of_adjudicate(tmp_path: Path) -> None:
    out = tmp_path / "turn.html"
    orders = str(SAMPLES / "thucidide-orders-activation.yaml")
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        orders,
        "--dry-run",
        "--new-game",
        "--html",
        str(out),
        "--lang",
        "fr",
    )
    assert run.code == 0, run.err
    html = out.read_text(encoding="utf-8")
    page = _check_self_contained(html)
    items = [a for t, a in page.tags if t == "li"]
    assert len(items) == 2 and items[0].get("id") == "ruling-1"
    assert '<html lang="fr">' in html and "Décisions" in html and "HASDRUBAL" in html


def test_html_report_of_history(tmp_path: Path, game_with_history: Path) -> None:
    out = tmp_path / "combat.html"
    run = referee("history", str(game_with_history), "--report", "3", "--html", str(out))
    assert run.code == 0, run.err
    html = out.read_text(encoding="utf-8")
    page = _check_self_contained(html)
    assert len([t for t, _ in page.tags if t == "li"]) == 22
    assert 'class="action melee"' in html and "Rulings" in html and "Army break check" in html
    run = referee("history", str(game_with_history), "--html", str(out))
    assert run.code == 0, run.err  # without --report: the whole game (tests/test_pages.py)
    assert "refereeReplay" in out.read_text(encoding="utf-8")


# ----------------------------------------------------------------- in a real browser
CHROMIUM = next(
    (
        p
        for p in (
            shutil.which("chromium"),
            shutil.which("chromium-browser"),
            shutil.which("google-chrome"),
        )
        if p
    ),
    None,
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


def _browser(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (apt-get install chromium)")
def test_the_html_report_in_a_real_browser(tmp_path: Path, game_with_history: Path) -> None:
    page = tmp_path / "combat.html"
    assert (
        referee("history", str(game_with_history), "--report", "3", "--html", str(page)).code == 0
    )
    dom = _browser(tmp_path, "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert dom.stdout.count("<li ") == 22  # the browser parsed every ruling
    assert dom.stdout.count('class="unit"') == len(
        list(load_game(str(game_with_history)).state.units())
    )
    shot = tmp_path / "page.png"
    run = _browser(tmp_path, f"--screenshot={shot}", "--window-size=1400,1000", page.as_uri())
    assert run.returncode == 0 and shot.stat().st_size > 50_000  # a picture, not a blank page


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (apt-get install chromium)")
def test_the_svg_in_a_real_browser(tmp_path: Path, game_with_history: Path) -> None:
    svg = tmp_path / "map.svg"
    assert referee("show", str(game_with_history), "--phase", "3", "--svg", str(svg)).code == 0
    dom = _browser(tmp_path, "--dump-dom", svg.as_uri())
    assert dom.returncode == 0 and "phase-attacks" in dom.stdout
    shot = tmp_path / "map.png"
    run = _browser(tmp_path, f"--screenshot={shot}", "--window-size=1500,1300", svg.as_uri())
    assert run.returncode == 0 and shot.stat().st_size > 50_000


def test_a_png_is_not_poured_onto_a_terminal(tmp_path: Path) -> None:
    """Issue 24: `show --png -` on a terminal wrote the PNG bytes onto it. Refused before
    any work (exit 2); piped, the bytes still go to the standard output."""
    import os
    import pty
    import sys

    state = str(SAMPLES / "thucidide.yaml")
    main, child = pty.openpty()
    try:
        run = subprocess.run(
            [sys.executable, "-m", "referee", "show", state, "--png", "-"],
            stdout=child,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
        os.close(child)
        child = -1
        shown = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(main)
        if child >= 0:
            os.close(child)
    assert run.returncode == 2, run.stderr
    assert b"not written to a terminal" in run.stderr and b"PNG" not in shown

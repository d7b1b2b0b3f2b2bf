"""The pages a browser opens (issue 24, items 1 to 3): the orders page of `referee orders
STATE --html FILE` and the whole game's page of `referee history GAME --html FILE`.

What the pages offer is checked against the engine (the skeleton, `referee moves`);
then a real browser (Debian's chromium, driven by Playwright) clicks through a whole
player-turn of the quickstart battle (activation, movement, combat), saving the orders
file of each phase, and `referee adjudicate` of the saved files gives the same game as
the same orders written by hand; the replay page is stepped through to the end."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import SAMPLES, referee
from referee.core.skeleton import skeleton
from referee.io.files import load_game
from referee.render.orders_page import page_data, skeleton_choices

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = SAMPLES / "quickstart-scenario.yaml"

# the player-turn clicked in the browser, as the orders written by hand
ACTIVATION = ["activate ARISTIDES: G14 G15 G1 G2"]
MOVEMENT = ["G1 0407-0406", "G2 0507-0506 face NE", "G15 0508-0507"]
COMBAT = ["G2 melee P2", "G1 melee P1", "G15 shoot P3"]


def _orders(path: Path, phase: str, lines: list[str]) -> Path:
    path.write_text(
        yaml.safe_dump(
            {
                "format": "referee-orders/1",
                "turn": 1,
                "player": "greeks",
                "phase": phase,
                "orders": lines,
            }
        ),
        encoding="utf-8",
    )
    return path


@pytest.fixture(scope="module")
def quickstart(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The quickstart battle before each phase of the greeks' first player-turn, played
    with the orders written by hand: {phase: state}, and "after": the state after it."""
    tmp = tmp_path_factory.mktemp("quickstart")
    game = tmp / "asopos.yaml"
    run = referee("new", str(SCENARIO), "-o", str(game), "--dice", "open")
    assert run.code == 0, run.err
    states = {"activation": game}
    current = game
    for phase, lines, after in (
        ("activation", ACTIVATION, "movement"),
        ("movement", MOVEMENT, "combat"),
        ("combat", COMBAT, "after"),
    ):
        nxt = tmp / f"hand-{after}.yaml"
        orders = _orders(tmp / f"hand-{phase}-orders.yaml", phase, lines)
        run = referee("adjudicate", str(current), str(orders), "-o", str(nxt))
        assert run.code == 0, run.err
        states[after] = current = nxt
    return states


# ------------------------------------------------------------ what the page offers
@pytest.mark.parametrize("phase", ["activation", "movement", "combat"])
def test_the_page_offers_what_the_engine_computes(quickstart: dict[str, Path], phase: str) -> None:
    game = load_game(str(quickstart[phase]))
    sk = skeleton(game.state, game.ruleset)
    data = page_data(game.state, game.ruleset, sk, "en", "asopos.yaml")
    assert (data["turn"], data["player"], data["phase"]) == (1, "greeks", phase)
    assert [g["subject"] for g in data["groups"]] == [g.subject for g in sk.groups]
    if phase == "activation":
        leaders = data["activation"]["leaders"]
        assert set(leaders) == {g.subject for g in sk.groups}
        for group in sk.groups:
            facts = leaders[group.subject]
            offered = {u for u, _ in facts["units"]} | set(facts["waiting"]) | set(facts["leaders"])
            for option in group.options:  # every unit the skeleton names is offered
                assert set(option.order.split(":")[1].split()) <= offered
            origin = facts["origins"][0]
            assert origin in facts["hexes"]  # his range is drawn around him
        assert data["activation"]["allowed"] == 1 and data["activation"]["max_units"] == 4
    if phase == "movement":
        movers = data["movement"]["movers"]
        assert set(movers) == set(skeleton_choices(sk))
        for uid, mover in movers.items():
            run = referee("moves", str(quickstart[phase]), uid, "--json")
            assert run.code == 0, run.err
            moves = json.loads(run.out)
            expected = {
                (d["hex"], d["cost"], d["combat"], tuple(d["path"]))
                for d in moves["destinations"]
                if not d["exit"]
            }
            assert {
                (d["hex"], d["cost"], d["combat"], tuple(d["path"])) for d in mover["modes"][""]
            } == expected  # every reachable hex
    if phase == "combat":
        attacks = data["combat"]["attacks"]
        assert {u: [a["order"] for a in lines] for u, lines in attacks.items()} == {
            u: lines for u, lines in skeleton_choices(sk).items()
        }
        melee = next(a for a in attacks["G2"] if a["order"] == "G2 melee P2")
        run = referee("odds", str(quickstart[phase]), "G2", "P2", "--json")
        odds = json.loads(run.out)
        lost = odds["summary"]["target"]["lost"]
        assert {str(k): exact for k, exact, _ in melee["odds"]["target"]["lost"]} == {
            k: v["exact"] for k, v in lost.items()
        }


def test_the_page_is_self_contained_and_in_its_language(
    quickstart: dict[str, Path], tmp_path: Path
) -> None:
    page = tmp_path / "orders.html"
    run = referee("orders", str(quickstart["movement"]), "--html", str(page), "--lang", "fr")
    assert run.code == 0, run.err
    assert "page d'ordres" in run.err
    html = page.read_text(encoding="utf-8")
    assert '<html lang="fr">' in html and "Ordres donnés" in html and "Orders given" not in html
    assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", html)
    assert "@import" not in html and "fetch(" not in html and "XMLHttpRequest" not in html
    assert html.count("<script") == 2 and "</script>" in html
    # --json: what was written
    run = referee("orders", str(quickstart["movement"]), "--html", str(page), "--json")
    assert run.code == 0 and json.loads(run.out)["phase"] == "movement"
    # with -o too, the text skeleton is written as well
    text = tmp_path / "orders.yaml"
    run = referee("orders", str(quickstart["movement"]), "--html", str(page), "-o", str(text))
    assert run.code == 0 and text.read_text(encoding="utf-8").startswith("# Orders of greeks")


def test_html_errors_are_one_clean_line(quickstart: dict[str, Path], tmp_path: Path) -> None:
    run = referee(
        "orders", str(quickstart["movement"]), "--html", str(tmp_path / "x.html"), "--choices"
    )
    assert run.code == 2 and "--html" in run.err and "Traceback" not in run.err
    run = referee("orders", str(quickstart["movement"]), "--html", str(tmp_path))  # a folder
    assert run.code == 6, run.err
    fresh = tmp_path / "fresh.yaml"
    fresh.write_text((SAMPLES / "thucidide.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    run = referee("history", str(fresh), "--html", str(tmp_path / "h.html"))
    assert run.code == 2 and "no history" in run.err


def test_the_page_scripts_ship_as_package_data(tmp_path: Path) -> None:
    """A non-editable install (a wheel) carries the pages' scripts and styles."""
    pytest.importorskip("setuptools")
    source = tmp_path / "source"  # a copy: the build leaves nothing in the work tree
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("referee", "rulesets"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    wheel = next(tmp_path.glob("referee-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("orders.js", "orders.css", "replay.js", "replay.css"):
        assert f"referee/render/page/{name}" in names


# ----------------------------------------------------------------- in a real browser
CHROMIUM = next(
    (p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


class Page:
    """One page open in the browser, its script errors collected."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.context = browser.new_context(
            viewport={"width": 1500, "height": 1000}, accept_downloads=True
        )
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.goto(path.as_uri())

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def js(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def message(self) -> str:
        return str(self.js("refereePage.message()"))

    def save(self, to: Path) -> Path:
        with self.page.expect_download() as download:
            self.click("#save")
        download.value.save_as(str(to))
        return to

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


def _page(browser: Any, state: Path, out: Path) -> Page:
    run = referee("orders", str(state), "--html", str(out))
    assert run.code == 0, run.err
    return Page(browser, out)


def _adjudicate(state: Path, orders: Path, out: Path) -> Path:
    run = referee("adjudicate", str(state), str(orders), "-o", str(out))
    assert run.code == 0, run.err
    return out


def test_a_whole_player_turn_clicked_in_the_browser(
    browser: Any, quickstart: dict[str, Path], tmp_path: Path
) -> None:
    game = tmp_path / "asopos.yaml"
    shutil.copyfile(quickstart["activation"], game)

    # -- activation: a leader, his range, his units; what conflicts is refused
    page = _page(browser, game, tmp_path / "activation.html")
    skel = skeleton_choices(skeleton(*_state(game)))
    offered = page.js("refereePage.choices()")
    assert set(offered) == set(skel)
    for leader, lines in skel.items():
        for line in lines:
            units = line.split(":")[1].split()
            assert {f"activate {leader}: {u}" for u in units} <= set(offered[leader])
    page.click("#leader-ARISTIDES")
    assert page.js("document.querySelectorAll('#overlay polygon.range').length") > 10
    for uid in ("G14", "G15", "G1", "G2"):
        page.click(f"#unit-{uid}")
    page.click("#unit-G3")  # a fifth unit: more than he may activate
    assert "at most 4" in page.message()
    page.click("#add")
    assert page.js("refereePage.orders()") == ACTIVATION
    page.click("#leader-PAUSANIAS")  # one activation this player-turn: all given
    assert "activation limit reached" in page.message()
    saved = page.save(tmp_path / "activation-orders.yaml")
    assert "referee validate" in page.js("document.getElementById('left').textContent")
    page.close()
    assert referee("validate", str(game), str(saved)).code == 0
    after_activation = _adjudicate(game, saved, tmp_path / "a1.yaml")

    # -- movement: every reachable hex, a path, a facing; a hex taken is refused
    page = _page(browser, after_activation, tmp_path / "movement.html")
    offered = page.js("refereePage.choices()")
    for uid, lines in skeleton_choices(skeleton(*_state(after_activation))).items():
        assert set(lines) <= set(offered[uid]), uid  # the skeleton's proposals are there
    page.click("#unit-G1")
    reachable = page.js("document.querySelectorAll('#overlay [data-dest]').length")
    assert reachable == len([d for d in page.js("refereePage.data.movement.movers.G1.modes['']")])
    assert page.js("document.querySelectorAll('#overlay text.sscb-mark').length") == 0
    page.click("#overlay [data-dest='0406']")
    assert page.js("document.querySelectorAll('#overlay polyline.path').length") == 1
    page.click("#add")
    page.click("#unit-G2")
    page.click("#overlay [data-dest='0406']")
    page.click("#add")
    assert "already the destination of G1" in page.message()
    page.click("#overlay [data-dest='0506']")
    page.click("[data-face='NE']")
    page.click("#add")
    page.click("#unit-G15")
    page.click("#overlay [data-dest='0507']")
    page.click("#add")
    page.click("#unit-G14")  # very light infantry: ss cb beyond 2 points, marked
    assert page.js("document.querySelectorAll('#overlay text.sscb-mark').length") > 0
    assert page.js("refereePage.orders()") == MOVEMENT
    saved = page.save(tmp_path / "movement-orders.yaml")
    page.close()
    after_movement = _adjudicate(after_activation, saved, tmp_path / "a2.yaml")

    # -- combat: a unit, its targets with their odds, a click on the target
    page = _page(browser, after_movement, tmp_path / "combat.html")
    assert page.js("refereePage.choices()") == skeleton_choices(skeleton(*_state(after_movement)))
    page.click("#unit-G2")
    assert page.js("document.querySelectorAll('#overlay polygon.target').length") >= 3
    assert page.js("document.querySelectorAll('#pick table.dist').length") > 0
    page.click("#unit-P2")
    page.click("#unit-G1")
    page.click("#unit-P1")
    page.click("#unit-G2")
    page.click("button[data-order='G2 shoot P3']")
    assert "G2 already has an order" in page.message()
    page.click("#unit-G15")
    page.click("button[data-order='G15 shoot P3']")
    assert page.js("refereePage.orders()") == COMBAT
    page.click("#copy")
    assert page.message()
    saved = page.save(tmp_path / "combat-orders.yaml")
    text = saved.read_text(encoding="utf-8")
    assert text == page.js("refereePage.text()")
    page.close()
    clicked = _adjudicate(after_movement, saved, tmp_path / "a3.yaml")

    # the same game as the orders written by hand
    by_hand = load_game(str(quickstart["after"])).state
    by_click = load_game(str(clicked)).state
    assert by_click.history[-1]["state_hash"] == by_hand.history[-1]["state_hash"]
    assert [(u.id, u.at, u.facing, u.cohesion) for u in by_click.units()] == [
        (u.id, u.at, u.facing, u.cohesion) for u in by_hand.units()
    ]


def _state(path: Path) -> tuple[Any, Any]:
    game = load_game(str(path))
    return game.state, game.ruleset


def test_the_whole_game_stepped_through_in_the_browser(
    browser: Any, quickstart: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "game.html"
    run = referee("history", str(quickstart["after"]), "--html", str(out))
    assert run.code == 0, run.err
    history = load_game(str(quickstart["after"])).state.history
    steps = len(history)  # the start and three phases
    assert f"{steps} steps" in run.err
    page = Page(browser, out)
    assert page.js("refereeReplay.steps") == steps
    assert page.js("refereeReplay.current()") == 0
    seen = []
    for i in range(steps):
        seen.append(page.page.inner_text("#step-title"))
        units = page.js("document.querySelectorAll('#map g.unit:not(.ghost)').length")
        assert units == 30, i
        if i:
            assert page.js("document.querySelectorAll('#rulings li').length") > 0
        page.page.keyboard.press("ArrowRight")
    assert page.js("refereeReplay.current()") == steps - 1  # stops at the end
    assert page.js("document.getElementById('next').disabled")
    assert "combat" in seen[-1] and len(set(seen)) == steps
    assert page.js("document.querySelectorAll('#map g.action.melee').length") == 2
    page.click("#first")
    assert page.js("refereeReplay.current()") == 0
    page.page.keyboard.press("End")
    assert page.js("refereeReplay.current()") == steps - 1
    page.close()


def test_the_rout_choices_in_the_browser(browser: Any, tmp_path: Path) -> None:
    """The endgame sample after its combat: the rout phase's choices (where HANNIBAL
    flees), one a unit, in French."""
    state = tmp_path / "e1.yaml"
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide-endgame.yaml"),
        str(SAMPLES / "thucidide-endgame-orders-combat.yaml"),
        "-o",
        str(state),
        "--new-game",
    )
    assert run.code in (0, 1), run.err
    out = tmp_path / "rout.html"
    assert referee("orders", str(state), "--html", str(out), "--lang", "fr").code == 0
    page = Page(browser, out)
    expected = skeleton_choices(skeleton(*_state(state)))
    assert (
        page.js("refereePage.choices()")
        == expected
        == {"EL1": ["HANNIBAL choose I5", "HANNIBAL choose A2"]}
    )
    page.click("#unit-EL1")
    page.click("button[data-order='HANNIBAL choose A2']")
    page.click("#unit-EL1")
    page.click("button[data-order='HANNIBAL choose I5']")
    assert page.message().startswith("Refusé : EL1 a déjà un ordre")
    saved = page.save(tmp_path / "rout-orders.yaml")
    page.close()
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["orders"] == ["HANNIBAL choose A2"]
    run = referee("validate", str(state), str(saved))
    assert run.code in (0, 4), run.err  # the rout may break an army: exit 4


def test_the_whole_game_page_shares_what_repeats(
    quickstart: dict[str, Path], tmp_path: Path
) -> None:
    """A rollback is a step; the terrain is stored once whatever the number of steps, and
    an unchanged counter once."""
    back = tmp_path / "back.yaml"
    assert referee("rollback", str(quickstart["after"]), "--to", "2", "-o", str(back)).code == 0
    again = tmp_path / "again.yaml"
    orders = _orders(tmp_path / "combat.yaml", "combat", COMBAT)
    assert referee("adjudicate", str(back), str(orders), "-o", str(again)).code == 0
    out = tmp_path / "game.html"
    run = referee("history", str(again), "--html", str(out), "--json", "--lang", "fr")
    assert run.code == 0, run.err
    assert json.loads(run.out) == {"html": str(out), "steps": 6, "entries": 6}
    html = out.read_text(encoding="utf-8")
    data = json.loads(
        re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.S).group(1)
    )  # type: ignore[union-attr]
    titles = [s["title"] for s in data["steps"]]
    assert (
        titles[0] == "La position initiale" and titles[4] == "Retour à l'entrée 2 de l'historique"
    )
    pieces = data["pool"]
    assert sum(p.startswith('<g id="terrain"') for p in pieces) == 1
    assert sum('id="unit-P9"' in p for p in pieces) == 1  # never moved nor hurt
    assert all(len(s["svg"]) > 30 for s in data["steps"])

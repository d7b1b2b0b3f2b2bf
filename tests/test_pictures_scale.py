"""Pictures at scale (issue 24 item 5): big maps drawn compact and rasterised scaled
down, hex labels thinned where they would overlap, ``--around HEX --radius N`` on the
SVG, PNG and HTML maps, ``--size`` on ``adjudicate --html``, and a PNG that Ctrl-C
stops at once. No timing here: the figures are bench/run.py's ``pictures`` section."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_pictures import game_with_history  # noqa: F401  (the fixture)

from clikit import ROOT, SAMPLES, referee
from referee.core.hexgrid import Hex
from referee.render.pictures import rasteriser_available

NS = "{http://www.w3.org/2000/svg}"


def _generated(tmp: Path, units: int, columns: int, rows: int) -> Path:
    path = tmp / f"gen-{units}.yaml"
    if not path.exists():
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "bench" / "generate.py"),
                *("--units", str(units), "--columns", str(columns), "--rows", str(rows)),
                *("--seed", "1", "-o", str(path)),
            ],
            check=True,
            capture_output=True,
        )
    return path


@pytest.fixture(scope="module")
def big_map(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated 100x70 battle of 1,000 units: over the compact threshold."""
    return _generated(tmp_path_factory.mktemp("big"), 1000, 100, 70)


def _labels(root: ET.Element) -> ET.Element:
    return next(g for g in root.iter(f"{NS}g") if g.get("id") == "labels")


def test_a_big_map_is_drawn_compact(tmp_path: Path, big_map: Path) -> None:
    out = tmp_path / "big.svg"
    run = referee("show", str(big_map), "--svg", str(out), "--map-only", "--no-pager")
    assert run.code == 0, run.err
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    terrain = next(g for g in root.iter(f"{NS}g") if g.get("id") == "terrain")
    assert len(list(terrain)) < 20  # one path per terrain, not 7,000 polygons
    assert not [g for g in root.iter(f"{NS}g") if g.get("id") == "terrain-marks"]
    labels = [t.text or "" for t in _labels(root).iter(f"{NS}text")]
    assert 200 < len(labels) < 7000 / 20  # every fifth column and row
    assert all(int(lab[:3]) % 5 == 1 and int(lab[3:]) % 5 == 1 for lab in labels)
    units = [g for g in root.iter(f"{NS}g") if g.get("class") == "unit"]
    assert len(units) > 900
    ids = [t.text for g in units for t in g.iter(f"{NS}text") if t.get("class") == "id"]
    assert len(ids) == len(units)  # legible at the default size: every id kept
    assert all(g.find(f"{NS}title") is not None for g in units)  # the rest in the tooltip


def test_hex_labels_thinned_where_they_would_overlap(tmp_path: Path) -> None:
    out = tmp_path / "small.svg"
    state = str(SAMPLES / "thucidide.yaml")
    for size, every in (("36", "1"), ("12", "2")):
        run = referee("show", state, "--svg", str(out), "--size", size, "--map-only")
        assert run.code == 0, run.err
        labels = _labels(ET.fromstring(out.read_text(encoding="utf-8")))
        assert labels.get("data-every") == every
        font = float(labels.get("font-size", 0))
        spots: dict[float, list[float]] = {}
        for t in labels.iter(f"{NS}text"):
            spots.setdefault(float(t.get("y", 0)), []).append(float(t.get("x", 0)))
        width = 0.58 * font * 4  # four-digit labels on this map
        for xs in spots.values():  # labels on one line never overlap
            xs.sort()
            assert all(b - a >= width for a, b in itertools.pairwise(xs))


def _hexes(svg: str) -> set[str]:
    return set(re.findall(r'data-hex="(\d+)"', svg))


def test_around_and_radius_picture_a_window(tmp_path: Path) -> None:
    state = str(SAMPLES / "thucidide.yaml")
    out = tmp_path / "window.svg"
    run = referee("show", state, "--svg", str(out), "--around", "1207", "--radius", "2")
    assert run.code == 0, run.err
    hexes = _hexes(out.read_text(encoding="utf-8"))
    centre = Hex.from_label("1207")
    assert len(hexes) == 19 and all(Hex.from_label(h).distance(centre) <= 2 for h in hexes)
    whole = tmp_path / "whole.svg"
    assert referee("show", state, "--svg", str(whole), "--map-only").code == 0
    text, full = out.read_text(encoding="utf-8"), whole.read_text(encoding="utf-8")
    assert 'clip-path="url(#window)"' in text
    assert float(re.findall(r'width="([\d.]+)"', text)[0]) < float(
        re.findall(r'width="([\d.]+)"', full)[0]
    )
    bad = referee("show", state, "--svg", str(out), "--radius", "2")
    assert bad.code == 2 and "--around" in bad.err
    bad = referee("show", state, "--svg", str(out), "--radius", "2", "--lang", "fr")
    assert bad.code == 2 and "--around" in bad.err and "rayon" in bad.err


def test_around_on_the_html_reports(tmp_path: Path, game_with_history: Path) -> None:  # noqa: F811
    page = tmp_path / "report.html"
    game = str(game_with_history)
    run = referee("history", game, "--report", "3", "--html", str(page), "--around", "1207")
    assert run.code == 0, run.err
    default = _hexes(page.read_text(encoding="utf-8"))  # --radius 8 by default
    run = referee(
        "history", game, "--report", "3", "--html", str(page), "--around", "1207", "--radius", "3"
    )
    assert run.code == 0, run.err
    near = _hexes(page.read_text(encoding="utf-8"))
    assert len(near) == 37 and near < default
    # adjudicate --html: --size and the window
    page2 = tmp_path / "adj.html"
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "--new-game",
        "--dry-run",
        "--html",
        str(page2),
        "--size",
        "20",
        "--around",
        "1207",
        "--radius",
        "4",
    )
    assert run.code in (0, 1), run.err
    html = page2.read_text(encoding="utf-8")
    assert len(_hexes(html)) == 61
    big = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "--new-game",
        "--dry-run",
        "--html",
        str(page2),
        "--size",
        "500",
    )
    assert big.code == 2 and "500" in big.err


@pytest.mark.skipif(not rasteriser_available(), reason="resvg-py not installed (extra: png)")
def test_a_big_png_is_scaled_down(tmp_path: Path, big_map: Path) -> None:
    out = tmp_path / "big.png"
    run = referee("show", str(big_map), "--png", str(out), "--size", "60", "--map-only")
    assert run.code == 0, run.err
    data = out.read_bytes()
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width * height <= 8_000_000 and width > 2000


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


@pytest.mark.skipif(not rasteriser_available(), reason="resvg-py not installed (extra: png)")
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_ctrl_c_stops_a_long_png(tmp_path: Path) -> None:
    """SIGINT to a child ``referee show --png`` of a big generated map while resvg
    rasterises: exit 130 within a second, no PNG (nor its temporary file) left, the
    rasteriser's process gone."""
    state = _generated(tmp_path, 3000, 140, 100)
    out = tmp_path / "map.png"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee",
            "show",
            str(state),
            "--png",
            str(out),
            "--size",
            "120",
            "--map-only",
            "--no-pager",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    raster: list[int] = []
    while not raster and proc.poll() is None and time.monotonic() < deadline:
        raster = _children(proc.pid)
        time.sleep(0.05)
    assert raster, "the rasteriser never started (or the picture was done already)"
    time.sleep(0.5)  # well inside resvg's native code
    assert proc.poll() is None
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    stopped = time.monotonic() - start
    assert proc.returncode == 130, err
    assert stopped < 1.0
    assert not out.exists() and os.listdir(tmp_path) == [state.name]
    assert all(not Path(f"/proc/{pid}").exists() for pid in raster)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

_MEASURE = """<script>
addEventListener("load", () => {
  const svg = document.querySelector("figure.map svg").getBoundingClientRect();
  const cut = [...document.querySelectorAll("table.armies td")].filter(
    (td) => td.scrollWidth > td.clientWidth + 1).length;
  const table = document.querySelector("table.armies");
  const out = document.createElement("pre");
  out.id = "measure";
  out.textContent = JSON.stringify({map: svg.width, cut: cut,
    table: table ? table.getBoundingClientRect().right : 0, page: innerWidth});
  document.body.appendChild(out);
});
</script></body>"""


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (apt-get install chromium)")
def test_the_report_map_is_readable_at_1400_px(tmp_path: Path, game_with_history: Path) -> None:  # noqa: F811
    """In a real browser 1400 px wide, the map of the turn report is nearly the page's
    width (it was squeezed into ~770 px beside the rulings) and no cell of the army
    table is cut."""
    import json

    page = tmp_path / "report.html"
    run = referee("history", str(game_with_history), "--report", "3", "--html", str(page))
    assert run.code == 0, run.err
    measured = tmp_path / "measured.html"  # the report has no script: one added to measure
    measured.write_text(
        page.read_text(encoding="utf-8").replace("</body>", _MEASURE), encoding="utf-8"
    )
    profile = tmp_path / "profile"
    profile.mkdir()
    dom = subprocess.run(
        [
            *(CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"),
            *(f"--user-data-dir={profile}", "--window-size=1400,1000", "--dump-dom"),
            measured.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert dom.returncode == 0, dom.stderr[-2000:]
    found = re.search(r'<pre id="measure">(.*?)</pre>', dom.stdout)
    assert found, dom.stdout[-2000:]
    figures = json.loads(found.group(1).replace("&quot;", '"'))
    assert figures["map"] >= 1300, figures
    assert figures["cut"] == 0 and figures["table"] <= figures["page"], figures

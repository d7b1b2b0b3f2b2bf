"""At 80 columns (issue 24 item 4) ``show``, ``history``, ``moves``, ``odds``,
``orders`` and ``rulesets NAME`` fit: no line is longer than 80, no text is cut with
an ellipsis, and no word is split across two lines. Both paths: rich (a terminal,
``TTY_COMPATIBLE=1``) and plain (piped). A split word is found by comparing the words
printed at 80 columns with those printed at 400, where nothing wraps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clikit import ROOT, referee

ANSI = re.compile(r"\x1b\[[0-9;]*m")
RULE = re.compile(r"^[─━═\-+|│┃┏┓┗┛┌┐└┘├┤┬┴┼╇╈╭╮╯╰┡┩]+$")

# paths as a player types them, from the project's folder: `orders` writes them into
# the commands of its header
S = Path("samples")
G = Path("tests", "games")

COMMANDS = [
    ("show", str(S / "thucidide.yaml"), "--no-map"),
    ("show", str(S / "thucidide.yaml")),
    ("show", str(S / "thucidide-endgame.yaml"), "--no-map"),
    ("show", str(S / "frederic.yaml"), "--no-map"),
    ("show", str(S / "panache.yaml"), "--no-map"),
    ("show", str(S / "thucidide.yaml"), "--no-map", "--lang", "fr"),
    ("history", str(G / "frederic-1.yaml")),
    ("history", str(G / "frederic-1.yaml"), "--lang", "fr"),
    ("moves", str(S / "thucidide.yaml"), "C1"),
    ("moves", str(S / "thucidide.yaml"), "S1", "--lang", "fr"),
    ("odds", str(S / "thucidide-endgame.yaml"), "I2", "H5"),
    ("odds", str(S / "thucidide-endgame.yaml"), "S2", "H5", "--shooting"),
    ("orders", str(S / "thucidide.yaml")),
    ("orders", str(S / "thucidide-endgame.yaml")),
    ("orders", str(S / "thucidide-endgame.yaml"), "--lang", "fr"),
    ("rulesets", "thucidide"),
    ("rulesets", "frederic"),
]


def _run(monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], rich: bool, width: int) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("TTY_COMPATIBLE", "1" if rich else "0")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.chdir(ROOT)
    run = referee(*args)
    assert run.code == 0, run.err
    return ANSI.sub("", run.out)


def _words(text: str) -> set[str]:
    return {w for w in text.split() if not RULE.match(w)}


@pytest.mark.parametrize("rich", [True, False], ids=["rich", "plain"])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:1] + a[2:]))
def test_fits_80_columns(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], rich: bool
) -> None:
    out = _run(monkeypatch, args, rich, 80)
    long = [line for line in out.splitlines() if len(line) > 80]
    assert not long, long[:3]
    assert "…" not in out
    if args[0] == "show" and "--no-map" not in args:
        return  # the map is drawn for the width: another window, other words
    wide = _run(monkeypatch, args, rich, 400)
    split = _words(out) - _words(wide)
    assert not split, sorted(split)[:10]

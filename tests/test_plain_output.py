"""Plain text when piped, rich on a terminal (DESIGN: "a rich report on a terminal;
plain text when piped").

Piped, ``show`` and ``adjudicate`` print the same information as on a terminal (every
ruling with its rule, the numbers, the army break check, the rolls, the footer; every
unit; the map drawn the same, minus colours) without importing rich at all. Each view
is built once (``referee.render.blocks``) and drawn by either renderer."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from clikit import ROOT, SAMPLES, referee
from referee.core.adjudicate import Outcome
from referee.io.files import load_game, load_orders
from referee.play import dice_for, play
from referee.render.blocks import Column, Para, TableData, View
from referee.render.console import PlainConsole, stdout_console
from referee.render.grammar import say
from referee.render.mapview import terminal_map
from referee.render.messages import message
from referee.render.plain import render_plain
from referee.render.report import next_moment, report_view, rolls_text
from referee.render.richview import ViewConsole
from referee.render.wording import cite

RULESETS = ["thucidide", "panache", "frederic"]
PHASES = ["activation", "movement", "combat"]
ANSI = "\x1b["


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a pipe gets: no colour forced by the environment, the default width."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


def _played(ruleset: str) -> list[tuple[str, Outcome]]:
    """The sample's turn, phase by phase, played in-process: (phase, outcome)."""
    game = load_game(str(SAMPLES / f"{ruleset}.yaml"))
    state = game.state
    played = []
    for phase in PHASES:
        orders = load_orders(str(SAMPLES / f"{ruleset}-orders-{phase}.yaml"), state)
        outcome = play(state, orders, game.ruleset, dice_for(state, orders, None))
        played.append((phase, outcome))
        state = outcome.state
    return played


def _unwrapped(text: str) -> str:
    return re.sub(r"\s+", " ", text)


# ----------------------------------------------------------------------------- show
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_piped_show_is_plain_and_complete(ruleset: str, lang: str) -> None:
    path = SAMPLES / f"{ruleset}.yaml"
    run = referee("show", str(path), "--lang", lang)
    assert run.code == 0, run.err
    out = run.out
    assert ANSI not in out
    assert all(line == line.rstrip() for line in out.splitlines())
    assert all(len(line) <= 80 for line in out.splitlines())  # piped: 80 columns
    state = load_game(str(path)).state
    for side in state.sides:
        assert f"{side.name} ({side.id})" in out
        for unit in [*side.units, *side.off_table]:
            assert re.search(rf"^{re.escape(unit.id)}\s", out, re.MULTILINE), unit.id
        for leader in side.leaders:
            assert re.search(rf"^{re.escape(leader.id)}\s", out, re.MULTILINE), leader.id
        assert say("ui.show.tokens", lang, tokens=side.order_tokens) in out
    # the army break count under each side, in the language asked for
    assert out.count("units present" if lang == "en" else "unités présentes") == len(state.sides)
    assert out.count("001 §Déroute de l'armée") == len(state.sides)
    assert ("army cohesion" in out) if lang == "en" else ("cohésion de l'armée" in out)
    assert ("to the break point" if lang == "en" else "avant la déroute") in out
    # the map (a window of it at 80 columns) and its legend
    assert say("ui.map.terrain", lang) in out and say("ui.map.sides", lang) in out
    assert ("Map: columns" if lang == "en" else "Carte : colonnes") in out


@pytest.mark.parametrize("width", [140, 80, 300, 40])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_plain_map_is_the_rich_map_without_colours(ruleset: str, width: int) -> None:
    """Same drawing (hex or compact, chosen from the width), same legend, same wrapping
    as rich prints it, minus the styles and the trailing spaces."""
    game = load_game(str(SAMPLES / f"{ruleset}.yaml"))
    buf = io.StringIO()
    ViewConsole(file=buf, width=width, highlight=False, soft_wrap=False).print(
        terminal_map(game.state, game.ruleset, "fr")
    )
    expected = "".join(line.rstrip() + "\n" for line in buf.getvalue().splitlines())
    assert render_plain(terminal_map(game.state, game.ruleset, "fr"), width) == expected


# ------------------------------------------------------------------------ adjudicate
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_piped_adjudicate_tells_every_ruling(
    tmp_path: Path, ruleset: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each phase of the sample turn through the CLI: every ruling (numbered, with its
    rule), every roll, the army break check and the footer, in plain text."""
    monkeypatch.setenv("COLUMNS", "2000")  # nothing wrapped: every text found whole
    state = SAMPLES / f"{ruleset}.yaml"
    rs = load_game(str(state)).ruleset
    for i, (phase, outcome) in enumerate(_played(ruleset)):
        orders = SAMPLES / f"{ruleset}-orders-{phase}.yaml"
        after = tmp_path / f"{ruleset}-{i}.yaml"
        run = referee(
            "adjudicate",
            str(state),
            str(orders),
            "-o",
            str(after),
            "--lang",
            lang,
            *(("--new-game",) if i == 0 else ()),
        )
        assert run.code in (0, 1), run.err
        out = run.out
        assert ANSI not in out
        rulings = [e for e in outcome.events if e.code != "army.status"]
        for n, event in enumerate(rulings, 1):
            text = message(event.code, event.subject, event.data, lang, rs)
            line = next((ln for ln in out.splitlines() if text in ln), None)
            assert line is not None, text
            assert re.match(rf"\s*{n}\s", line), (n, line)
            rule = cite(event.rule, lang, rs.name).split("\n")
            assert rule[0] in line, (rule, line)  # the rule beside its ruling, one per line
            assert all(part in out for part in rule)
        rolls = "Dice rolled" if lang == "en" else "Dés lancés"
        if outcome.rolls:
            assert rolls in out
            assert rolls_text(outcome.rolls, lang) in out
            # every die, numbered: the groups' ranges cover 1..n
            ranges = re.findall(r"#(\d+)(?:-(\d+))?", rolls_text(outcome.rolls, lang))
            covered = [i for a, b in ranges for i in range(int(a), int(b or a) + 1)]
            assert covered == list(range(1, len(outcome.rolls) + 1))
        else:
            assert rolls not in out
        armies = [e for e in outcome.events if e.code == "army.status"]
        assert armies
        assert ("Army break check" if lang == "en" else "Contrôle de déroute") in out
        for e in armies:
            assert re.search(
                rf"^{re.escape(str(e.subject))}\s+{e.data['cohesion']}\s+"
                rf"{e.data['losses']}",
                out,
                re.MULTILINE,
            ), e.subject
        assert "001 §Déroute de l'armée" in out
        assert out.rstrip().endswith(next_moment(outcome.state, lang, str(after)))
        state = after


@pytest.mark.parametrize("columns", [None, "140", "90"])
def test_piped_adjudicate_wraps_to_the_page(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    """At the default 80 columns (or $COLUMNS) long rulings wrap, their rule under them
    (beside them from 110 columns on); no word is lost."""
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    width = int(columns or 80)
    run = referee(
        "adjudicate",
        str(SAMPLES / "thucidide.yaml"),
        str(SAMPLES / "thucidide-orders-activation.yaml"),
        "--dry-run",
        "--lang",
        "en",
    )
    assert run.code == 0, run.err
    assert max(len(line) for line in run.out.splitlines()) <= width
    _, outcome = _played("thucidide")[0]
    words = set(_unwrapped(run.out).split())
    for event in outcome.events:
        if event.code != "army.status":
            assert set(cite(event.rule, "en").split()) <= words, event.rule
    assert run.out.rstrip().endswith("--dry-run: nothing written")


def test_report_on_stderr_when_the_state_goes_to_stdout() -> None:
    run = referee(
        "adjudicate",
        str(SAMPLES / "panache.yaml"),
        str(SAMPLES / "panache-orders-activation.yaml"),
        "-o",
        "-",
        "--new-game",
    )
    assert run.code == 0, run.err
    assert run.out.startswith(("format:", "#")) and ANSI not in run.err
    assert "Army break check" in run.err and "new state: -" in run.err


# ------------------------------------------------------------------- import of rich
def _imported_modules(args: list[str]) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    env = {
        k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS")
    }
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "referee", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    modules = [
        line.rsplit("|", 1)[1].strip()
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    ]
    return proc, modules


@pytest.mark.parametrize(
    "args",
    [
        [
            "adjudicate",
            "samples/thucidide.yaml",
            "samples/thucidide-orders-activation.yaml",
            "--dry-run",
        ],
        ["show", "samples/panache.yaml"],
    ],
)
def test_piped_output_never_imports_rich(args: list[str]) -> None:
    proc, modules = _imported_modules(args)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "referee.render.plain" in modules  # the parsing works: the plain path ran
    assert not any(line.endswith(" rich") for line in proc.stderr.splitlines())
    assert not [m for m in modules if m == "rich" or m.startswith("rich.")]
    assert ANSI not in proc.stdout and "001 §Déroute de l'armée" in proc.stdout


# ------------------------------------------------------------ consoles and renderers
class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_still_gets_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    ((_, outcome),) = _played("thucidide")[:1]
    view = report_view("title", outcome.events, outcome.rolls, "en", "footer")
    tty = _Tty()
    monkeypatch.setattr(sys, "stdout", tty)
    console = stdout_console()
    assert isinstance(console, Console)
    console.print(view)
    assert ANSI in tty.getvalue() and "─" in tty.getvalue()  # styles, rich's table rule
    monkeypatch.setenv("TTY_COMPATIBLE", "0")  # rich's own switch: plain even here
    assert isinstance(stdout_console(), PlainConsole)


def test_force_color_keeps_rich_when_piped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert isinstance(stdout_console(), PlainConsole)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert isinstance(stdout_console(), Console)


def test_plain_table_layout() -> None:
    table = TableData(
        [
            Column("#", justify="right"),
            Column("ruling"),
            Column("id", no_wrap=True),
            Column("a\nsplit", justify="center"),
        ],
        title="Title",
        caption="the caption",
    )
    table.add_row("9", Para.of("short", "bold"), "X1", "c")
    table.add_row("10", "many words " * 12, "LONG-IDENTIFIER", "")
    out = render_plain([Para.of("before"), table, Para.of("after")], 60)
    lines = out.splitlines()
    assert lines[:3] == ["before", "", "Title"]
    # a two-line header sits on the rule, centred like its column
    assert lines[3].strip() == "a" and lines[3].index("a") == lines[4].index("split") + 2
    assert lines[4].split() == ["#", "ruling", "id", "split"]
    assert lines[5] == "--  " + "-" * 32 + "  " + "-" * 15 + "  -----"
    assert lines[6].startswith(" 9  short") and lines[6].endswith("X1                 c")
    assert lines[7].startswith("10  many words") and lines[7].endswith("LONG-IDENTIFIER")
    assert lines[8:11] == ["    many words many words many words"] * 3  # in its column
    assert all(len(line) <= 60 for line in lines)
    assert lines[-3:] == ["the caption", "", "after"]
    assert _unwrapped(out).count("many words") == 12


def test_plain_table_folds_and_centres_cells_exactly() -> None:
    """Pinned text: cells folded in their column (a long one, one with its own lines,
    the same text twice), centred as ``str.center`` centres (an odd margin's extra
    space on the left when the width is odd: `` xy``), a short row padded and a long
    one cut to the columns."""
    table = TableData(
        [
            Column("n", justify="right", no_wrap=True),
            Column("centred", justify="center"),
            Column("kind"),
            Column("odd", justify="center", no_wrap=True),
        ]
    )
    table.add_row("1", "ab", "Infanterie très légère", "x")
    table.add_row(
        "22", Para.of("a centred cell long enough to fold", "bold"), "Infanterie très légère", "xy"
    )
    table.add_row("3", "b\nsecond line", "Cavalerie")
    table.add_row("4", "c", "Éléphants", "z", "an extra cell, dropped")
    assert render_plain([table], 40).splitlines() == [
        " n     centred      kind             odd",
        "--  --------------  ---------------  ---",
        " 1        ab        Infanterie très   x",
        "                    légère",
        "22  a centred cell  Infanterie très   xy",
        "    long enough to  légère",
        "         fold",
        " 3        b         Cavalerie",
        "     second line",
        " 4        c         Éléphants         z",
    ]


def test_plain_console_prints_strings_views_and_rich_renderables() -> None:
    out = io.StringIO()
    console = PlainConsole(out)
    console.print("a line [not markup]")
    console.print(View([TableData([Column("x")], [["1"]])]))
    from rich.table import Table

    other = Table("y")
    other.add_row("2")
    console.print(other)  # not a view: rich draws it, still without colours
    text = out.getvalue()
    assert text.startswith("a line [not markup]\n\nx\n-\n1\n")
    assert "y" in text and "2" in text and ANSI not in text
    out = io.StringIO()
    PlainConsole(out).print(Para.of("x" * 200, no_wrap=True))  # cropped at 80
    assert out.getvalue() == "x" * 80 + "\n"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "#1-2 C1 assaults the camp of b: 4 1 · #3-4 the camp of b defends against C1: 4 2"),
        ("fr", "#1-2 C1 assaille le camp de b : 4 1 · #3-4 le camp de b se défend contre C1 : 4 2"),
    ],
)
def test_the_rolls_of_a_camp_assault_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    """A pursuit that assaults a fortified camp (tests/cases/frederic/
    pursuit-camp-fortified.yaml, dice of an open seed): the dice line names its rolls in
    the report's language (the engine's English 'C1 assaults the camp of b: die 1/2'
    showed as it is in a French report)."""
    import copy
    import json

    import yaml

    import casekit

    case = yaml.safe_load(
        (casekit.CASES / "frederic" / "pursuit-camp-fortified.yaml").read_text("utf-8")
    )
    base = yaml.safe_load((casekit.CASES / "_base.yaml").read_text("utf-8"))
    raw = casekit.deep_merge(base, copy.deepcopy(case["state"]))
    raw["ruleset"] = "frederic"
    raw["dice"] = {"mode": "open", "seed": "x"}
    for side in raw["sides"].values():
        side["units"] = [casekit.deep_merge(casekit.UNIT_DEFAULTS, u) for u in side["units"]]
    state, orders = tmp_path / "camp.yaml", tmp_path / "orders.yaml"
    # (a round trip through JSON: the units share their defaults, YAML would alias them)
    state.write_text(yaml.safe_dump(json.loads(json.dumps(raw)), sort_keys=False), "utf-8")
    orders.write_text(
        yaml.safe_dump(
            {
                "format": "referee-orders/1",
                "turn": raw["turn"],
                "player": raw["player"],
                "phase": "pursuit",
                "orders": case["orders"],
            }
        ),
        encoding="utf-8",
    )
    monkeypatch.setenv("COLUMNS", "200")  # the dice line on one line
    run = referee("adjudicate", str(state), str(orders), "--dry-run", "--new-game", "--lang", lang)
    assert run.code == 0, run.err
    assert said in run.out

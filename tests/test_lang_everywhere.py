"""One language at a time, everywhere (issue 14): a whole game played through the CLI
with ``--lang fr`` shows no English word outside proper names, ids, rule terms and file
names, and the same game in English shows no French; every problem text of the
catalogue renders in both languages without leaked keys or values; the command line's
summaries say in English what the catalogue's English says.

The detector (``tests/langkit.py``) is built from the catalogue: every word of the
English texts that the French texts never use is English (and the reverse)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from langkit import foreign, only_in

from clikit import SAMPLES, Run, referee

LANGS = ("en", "fr")


def _orders_file(path: Path, skeleton: dict[str, Any], picks: list[str]) -> None:
    path.write_text(
        yaml.safe_dump(
            {
                "format": "referee-orders/1",
                "turn": skeleton["turn"],
                "player": skeleton["player"],
                "phase": skeleton["phase"],
                "orders": picks,
            },
            allow_unicode=True,
        ),
        encoding="utf-8",
    )


def _picks(skeleton: dict[str, Any]) -> list[str]:
    """The first proposal of every unit or leader with a choice (one activation)."""
    picks = [g["options"][0]["order"] for g in skeleton["groups"] if g["options"] and g["choice"]]
    return picks[:1] if skeleton["phase"] == "activation" else picks


def _ruleset_ids(name: str) -> frozenset[str]:
    """What a ruleset names by key (terrain, hexsides, types, weights, categories): ids
    shown as typed in both languages."""
    from referee.io.rulesets import load_ruleset

    rs = load_ruleset(name)
    keys = {*rs.terrain, *rs.hexsides, *rs.unit_types}
    # and its labels: rule terms, in the rules' words in both languages
    keys |= {rs.type_label(t) for t in rs.unit_types}
    keys |= {rs.weight_label(w) for w in ("very-light", "light", "medium", "heavy", "very-heavy")}
    keys |= {t.label for t in rs.terrain.values()} | {h.label for h in rs.hexsides.values()}
    keys |= {r.label for r in rs.leaders.ranks.values()}
    keys |= {"généraux", "sous"}  # the ranks, cited in the plural by the rules' facts
    from referee.render.symbols import type_codes

    keys |= set(type_codes(rs).values())  # the counters' codes (In, Cv)
    keys |= {
        "infantry",
        "cavalry",
        "artillery",
        "camelry",
        "chariots",
        "elephants",
        "light",
        "medium",
        "heavy",
        "very",
        "general",
        "sub",
        "wagon",
        "borne",
    }
    keys |= {
        "léger",
        "légère",
        "légers",
        "légères",
        "lourd",
        "lourde",
        "lourds",
        "lourdes",
        "moyen",
        "moyenne",
        "moyens",
        "moyennes",
        "très",
    }  # the weights, agreed
    return frozenset(w.lower() for k in keys for w in re.findall(r"[A-Za-zÀ-ÿ]+", k))


def play(tmp_path: Path, lang: str) -> list[tuple[str, Run]]:
    """Every command of a game in ``lang``: a game started from a scenario and played a
    whole turn (both players, every phase), the sample battle played through its
    combat, rout and pursuit, the views, and a set of errors."""
    runs: list[tuple[str, Run]] = []

    def run(*args: str) -> Run:
        result = referee(*args, "--lang", lang)
        runs.append((" ".join(args), result))
        return result

    # a game from a scenario, open dice, one whole turn
    state = str(tmp_path / "g0.yaml")
    assert (
        run("new", str(SAMPLES / "quickstart-scenario.yaml"), "--dice", "open", "-o", state).code
        == 0
    )
    for i in range(10):
        skeleton = json.loads(referee("orders", state, "--json").out)
        assert run("orders", state, "-o", str(tmp_path / f"o{i}.yaml")).code == 0
        orders = tmp_path / f"p{i}.yaml"
        _orders_file(orders, skeleton, _picks(skeleton))
        assert run("validate", state, str(orders)).code in (0, 1)
        after = str(tmp_path / f"g{i + 1}.yaml")
        assert run("adjudicate", state, str(orders), "-o", after).code in (0, 1)
        state = after
    run("show", state)
    run("show", state, "--phase", "3")
    run("moves", state, "G1")
    run("history", state)
    run("history", state, "--report", "2")
    assert run("verify", state).code == 0
    assert run("validate", str(SAMPLES / "quickstart-scenario.yaml")).code == 0
    # the sample battle: contact, combat, rout, pursuit
    sample = str(SAMPLES / "thucidide.yaml")
    run("orders", sample)
    run("odds", sample, "S1", "H2", "--shooting")
    previous = sample
    for i, phase in enumerate(("activation", "movement", "combat")):
        after = str(tmp_path / f"t{i}.yaml")
        run("orders", previous)
        result = run(
            "adjudicate",
            previous,
            str(SAMPLES / f"thucidide-orders-{phase}.yaml"),
            "-o",
            after,
            *(("--new-game",) if i == 0 else ()),
        )
        assert result.code in (0, 1), result.err
        previous = after
    for name in ("t3.yaml", "t4.yaml"):  # rout and pursuit
        run("orders", previous)
        run("adjudicate", previous, "-o", str(tmp_path / name))
        previous = str(tmp_path / name)
    run("odds", str(tmp_path / "t1.yaml"), "C1", "E1")
    run("history", previous, "--report", "3")
    run("verify", previous)
    endgame = str(SAMPLES / "thucidide-endgame.yaml")
    run("orders", endgame, "--choices", "-o", str(tmp_path / "choices.yaml"))
    run("orders", endgame)
    assert run("rollback", state, "--to", "5", "-o", str(tmp_path / "back.yaml")).code == 0
    # the pictures: the SVG map and the HTML turn report, their text as a reader sees it
    svg, page = tmp_path / "map.svg", tmp_path / "report.html"
    run("show", endgame, "--svg", str(svg))
    run("history", previous, "--report", "3", "--html", str(page))
    for picture in (svg, page):
        markup = re.sub(
            r"(?s)<style.*?</style>|<script.*?</script>", "", picture.read_text(encoding="utf-8")
        )
        shown = html.unescape(
            "\n".join(
                re.findall(r">([^<]+)<", markup)
                + re.findall(r'(?:title|aria-label)="([^"]*)"', markup)
            )
        )
        runs.append((f"picture {picture.name}", Run(0, shown, "")))
    run("rulesets")
    run("rulesets", "thucidide")
    run("schema", "orders")
    seed = str(tmp_path / "gm.seed")
    run("seed", "new", "-o", seed)
    # two-party dice: both rivals commit, the author reveals into his orders
    rivals = str(tmp_path / "rivals.yaml")
    assert run("new", str(SAMPLES / "quickstart-scenario.yaml"), "-o", rivals).code == 0
    for side in ("greeks", "persians"):
        secret = str(tmp_path / f"{side}.secret")
        assert run("seed", "new", "--two-party", "-o", secret).code == 0
        assert (
            run("seed", "commit", rivals, "--secret", secret, "--side", side, "--in-place").code
            == 0
        )
    skeleton = json.loads(referee("orders", rivals, "--json").out)
    _orders_file(tmp_path / "rivals-orders.yaml", skeleton, _picks(skeleton))
    assert (
        run(
            "seed",
            "reveal",
            rivals,
            str(tmp_path / "rivals-orders.yaml"),
            "--secret",
            str(tmp_path / "greeks.secret"),
            "--in-place",
        ).code
        == 0
    )
    assert (
        run(
            "seed",
            "reveal",
            rivals,
            str(tmp_path / "rivals-orders.yaml"),
            "--secret",
            str(tmp_path / "persians.secret"),
        ).code
        == 0
    )
    # errors
    assert run("validate", str(tmp_path / "missing.yaml")).code == 6
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: referee-state/1\nturn: [1\n", encoding="utf-8")
    assert run("validate", str(broken)).code == 3
    bad = tmp_path / "bad-orders.yaml"
    bad.write_text(
        "format: referee-orders/1\nturn: 1\nplayer: greeks\nphase: activation\n"
        "orders:\n  - activate NOBODY: G1\n  - leader: X\n",
        encoding="utf-8",
    )
    assert run("adjudicate", str(tmp_path / "g0.yaml"), str(bad)).code in (1, 3)
    assert run("adjudicate", str(tmp_path / "g2.yaml"), str(tmp_path / "p0.yaml")).code == 7
    tampered = yaml.safe_load((tmp_path / "g10.yaml").read_text(encoding="utf-8"))
    tampered["sides"]["greeks"]["units"][0]["cohesion"]["current"] = 1
    (tmp_path / "tampered.yaml").write_text(yaml.safe_dump(tampered), encoding="utf-8")
    assert run("verify", str(tmp_path / "tampered.yaml")).code == 5
    assert run("show", state, "--around", "9999").code == 2
    assert run("history", state, "--report", "99").code == 2
    assert run("new", str(SAMPLES / "quickstart-scenario.yaml"), "--dice", "x").code == 2
    assert run("orders", state, "--side", "greeks").code == 2
    return runs


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[str, Run]]]:
    return {lang: play(tmp_path_factory.mktemp(lang), lang) for lang in LANGS}


def test_the_detector_knows_each_language() -> None:
    assert {"the", "cohesion", "refused", "turn"} <= only_in("en")
    assert {"avec", "cohésion", "refusé", "tour"} <= only_in("fr")
    assert foreign("C1 moves to 0507 and attacks", "fr") == ["moves", "to", "and", "attacks"]
    assert foreign("C1 se déplace en 0507 puis attaque", "en")
    assert not foreign("`referee adjudicate partie.yaml ordres.yaml` « C1 melee E1 »", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_speaks_one_language(
    games: dict[str, list[tuple[str, Run]]], lang: str
) -> None:
    # the ruleset's keys, and the scenario's title ("Battle at the Asopos": its own name)
    ids = _ruleset_ids("thucidide") | {
        "battle",
        "at",
        "the",
        "asopos",
        "hannibal",
        "hasdrubal",
        "varron",
        "et",
        "paul",
        "émile",
    }
    from referee.io.rulesets import load_ruleset
    from referee.render.tables import _sections

    # the parameters' names (ids: the table may wrap them anywhere)
    params = frozenset(
        w
        for section, record in _sections(load_ruleset("thucidide"))
        for name in (
            section,
            *record.__struct_fields__,
            *getattr(getattr(record, "cite", None), "__struct_fields__", ()),
        )
        for w in name.split("_")
    )
    found: dict[str, list[str]] = {}
    for command, result in games[lang]:
        for stream in (result.out, result.err):
            if command.startswith("schema"):
                stream = ""  # a JSON Schema: its keys and descriptions are for editors
            extra = ids | params if command.startswith("rulesets ") else ids
            if lang == "en" and command.startswith("rulesets "):
                # one ruleset laid out: its movement table and notes, its die's symbols
                # and its sources are the rules' own French words (the ruleset file's
                # labels and citations, wrapped across the table's lines)
                stream = ""
            words = foreign(stream, lang, extra)
            if words:
                found.setdefault(command, []).extend(words)
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def test_the_french_game_shows_its_errors_in_french(
    games: dict[str, list[tuple[str, Run]]],
) -> None:
    errors = [r for command, r in games["fr"] if r.code not in (0, 1)]
    assert len(errors) >= 8
    for result in errors:
        assert result.err.strip()
        assert not re.search(r"\b(?:True|False|None)\b|\{[a-z_]+\}", result.err), result.err


# ----------------------------------------------------------------- every problem text
def _sample(name: str) -> Any:
    """A realistic value for a placeholder of a problem text."""
    samples: dict[str, Any] = {
        "expected": ["whole_number"],
        "got": "text",
        "what": "found unexpected end of stream",
        "rule": "001 §Poursuite",
        "purpose": "C1 melee E1: die 1/3",
        "outcome": "broken",
        "options": ["activation", "movement"],
        "close": "heavy",
        "suggest": {"close": "heavy"},
        "type_label": "Cavalerie",
        "weight_label": "Lourde",
        "errno": "ENOENT",
        "reason": "No such file or directory",
        "problems": [
            {
                "path": "turn",
                "message": "is missing",
                "code": "spec.missing",
                "data": {"key": "turn", "expected": ["whole_number"]},
            }
        ],
        "inner": {
            "code": "spec.missing",
            "message": "is missing",
            "hint": "add it",
            "data": {"key": "turn", "expected": ["whole_number"]},
        },
        "event": {
            "code": "move.refused",
            "subject": "C1",
            "data": {"reason": "occupied", "hex": "0507"},
            "rule": "000 §Mouvement",
        },
    }
    if name in samples:
        return samples[name]
    if name.endswith(("_keys", "_list")):
        return ["C1", "C2"]
    if name.endswith("_where") or name in ("entry",):
        return {"index": 3, "turn": 2, "player": "rome", "phase": "combat"}
    if name.endswith("_words") or name in ("moment", "given", "now", "at"):
        return {"turn": 2, "player": "rome", "phase": "combat"}
    if name in ("phase", "want", "first", "phase_word"):
        return "combat"
    if name in (
        "limit",
        "count",
        "entries",
        "index",
        "revealed",
        "length",
        "line",
        "column",
        "row",
        "more",
        "mib",
        "low",
        "high",
        "level",
        "depth",
        "size",
        "cells",
        "turn",
        "to",
        "n",
        "dice",
        "value_count",
    ):
        return 3
    return "C1"


def _data_for(template: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name in re.findall(r"\{([a-zA-Z_0-9]+):[^}]*\|", template):
        data[name] = 2  # a count agreeing with its noun
    for name in re.findall(r"\{([a-zA-Z_0-9]+)", template):
        base = re.sub(r"_(?:keys|list|where|words|word|text|or)$", "", name)
        if base != name and base not in data:
            data[base] = (
                ["C1", "C2"]
                if name.endswith(("_keys", "_list"))
                else _sample(base if not name.endswith("_where") else name)
            )
        data.setdefault(name, _sample(name))
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_every_problem_text_renders_without_leaks(lang: str) -> None:
    from referee.render.catalogue import contexts, has, template
    from referee.render.grammar import variants
    from referee.render.problems import hint_text, text

    leaks: dict[str, str] = {}
    for key in sorted(contexts()):
        if not key.startswith(("problem.", "hint.")) or key.endswith(".hint"):
            continue
        if any(c in key for c in "|+#"):
            continue
        hint = f"{key}.hint"
        hints = template(hint, lang) + template(hint, "en") if has(hint) else ""
        for ctx in [key, *variants(key)[1].values()]:
            data = _data_for(template(ctx, lang) + template(key, "en") + hints)
            if key.startswith("hint."):
                said = hint_text("", {**data, "hint_code": key[len("hint.") :]}, lang)
            else:
                code = key[len("problem.") :]
                said = text(code, data, lang) + " " + hint_text(code, data, lang)
            bad = re.findall(r"\{[a-zA-Z_0-9!:]*\}|\b(?:True|False|None)\b", said)
            if lang == "fr":
                bad += re.findall(r"(?<![`«] )\b(?:yes|no)\b(?! »)", re.sub(r"`[^`]*`", "", said))
            if bad:
                leaks[key] = f"{bad}: {said}"
    assert not leaks, json.dumps(leaks, ensure_ascii=False, indent=1)


def test_every_problem_code_has_both_languages() -> None:
    from referee.render.catalogue import contexts, template

    for key in contexts():
        if key.startswith(("problem.", "hint.")):
            for lang in LANGS:
                assert template(key, lang).strip(), (key, lang)


def test_every_problem_raised_has_a_code() -> None:
    """Every ``Problem(...)`` written in ``referee/`` gives a ``code`` (and so its
    French text) but the generic wrappers."""
    import ast

    root = Path(__file__).resolve().parent.parent / "referee"
    missing = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Problem"
                and not any(k.arg in ("code", None) for k in node.keywords)
            ):
                missing.append(f"{path.relative_to(root)}:{node.lineno}")
    # the error tree's generic wrappers, and typer's own usage errors (worded by typer)
    allowed = {"core/errors.py", "cli/app.py"}
    assert [m for m in missing if m.split(":")[0] not in allowed] == []


# ------------------------------------------------------- English summaries = catalogue
def test_the_english_summaries_come_from_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commands' summaries come from the catalogue in every language, English
    included (issue 25: English written once): each line is the catalogue's message."""
    import importlib
    import sys

    for name in ("referee.cli.cmd_seed", "referee.cli.cmd_validate"):
        importlib.import_module(name)
    from referee.render.grammar import say

    seen: list[str] = []

    def checked(key: str, /, **data: Any) -> str:
        seen.append(key)
        return say(key, "en", **data)

    for module in ("referee.cli.app", "referee.cli.cmd_validate", "referee.cli.cmd_seed"):
        monkeypatch.setattr(sys.modules[module], "said", checked)
    for dice in ("open", "two-party", "commit"):
        out = tmp_path / f"{dice}.yaml"
        assert (
            referee(
                "new", str(SAMPLES / "quickstart-scenario.yaml"), "--dice", dice, "-o", str(out)
            ).code
            == 0
        )
    state = str(tmp_path / "open.yaml")
    referee("orders", state, "-o", str(tmp_path / "o.yaml"))
    referee("validate", state, str(tmp_path / "o.yaml"))
    referee("validate", str(tmp_path / "o.yaml"))
    referee("validate", str(SAMPLES / "quickstart-scenario.yaml"))
    referee("seed", "new", "-o", str(tmp_path / "s.seed"))
    referee("seed", "new", "--two-party", "-o", str(tmp_path / "two.secret"))
    assert {
        "ui.new.title",
        "ui.new.side",
        "ui.new.first",
        "ui.new.two_party",
        "ui.new.seed",
        "ui.orders.written",
        "ui.validate.state",
        "ui.validate.dry_run",
        "ui.validate.form_only",
        "ui.validate.scenario",
        "ui.seed.seed_written",
        "ui.seed.secret_written",
    } <= set(seen)


def test_every_skeleton_line_is_said_from_the_catalogue() -> None:
    """Every line of the orders and choices skeletons is a code and data the catalogue
    says in each language, with no placeholder left unfilled (the engine writes no
    English: issue 25; tests/test_english_once.py scans it)."""
    from referee.core.skeleton import Said, choices_skeleton, skeleton
    from referee.io.files import load_game
    from referee.render.skeleton import said

    lines = 0
    for name in ("thucidide", "panache", "frederic", "thucidide-endgame"):
        game = load_game(str(SAMPLES / f"{name}.yaml"))
        sks = [
            skeleton(game.state, game.ruleset),
            choices_skeleton(game.state, game.ruleset, game.state.enemy_of(game.state.player)),
        ]
        for sk in sks:
            for line in [
                *sk.header,
                *(a for g in sk.groups for a in g.about),
                *(o.note for g in sk.groups for o in g.options if o.note),
            ]:
                assert isinstance(line, Said), line
                for lang in ("en", "fr"):
                    text = said(line, lang, game.ruleset)
                    assert text.strip() and not re.search(r"\{[a-z_#]+\}", text), (line, text)
                lines += 1
    assert lines > 30

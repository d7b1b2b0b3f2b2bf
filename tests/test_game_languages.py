"""A whole sample game played in English, in French and in the pseudo-language
(issue 25, docs/translating.md).

* French says what English says: the same rulings, each with the same parenthesised
  details and the same numbers (a decimal comma is the same number), not only no
  English word.
* The pseudo-language ``xx`` (accented, lengthened English generated from the
  template by tools/pseudo_locale.py) leaves no line a command prints in plain English:
  every text comes from the catalogue. What is data stays as it is: unit and hex ids,
  the rulesets' own labels and citations, file names, the orders' notation.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from langkit import details, pseudo_tool

from clikit import SAMPLES, referee

ROOT = Path(__file__).resolve().parent.parent


def _game(tmp: Path, lang: str) -> list[tuple[str, str]]:
    """(command, what it printed) of every step of the sample Cannae game."""
    state = tmp / f"{lang}-0.yaml"
    state.write_text((SAMPLES / "thucidide.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    steps: list[tuple[str, ...]] = [
        ("show", str(state)),
        ("validate", str(state), str(SAMPLES / "thucidide-orders-activation.yaml")),
        ("orders", str(state)),
    ]
    out: list[tuple[str, str]] = []
    plays = [
        ("thucidide-orders-activation.yaml", ("--new-game",)),
        ("thucidide-orders-movement.yaml", ()),
        ("thucidide-orders-combat.yaml", ()),
        (None, ()),  # rout
        (None, ()),  # pursuit
    ]
    for args in steps:
        run = referee(*args, "--lang", lang)
        out.append((args[0], run.out + run.err))
    for n, (orders, extra) in enumerate(plays, 1):
        after = tmp / f"{lang}-{n}.yaml"
        args = ("adjudicate", str(state), *([str(SAMPLES / orders)] if orders else []))
        run = referee(*args, "-o", str(after), *extra, "--lang", lang)
        assert run.code in (0, 1, 4), (args, run.err)
        out.append(("adjudicate", run.out + run.err))
        state = after
        for more in (("moves", str(state), "C1"), ("history", str(state))):
            run = referee(*more, "--lang", lang)
            out.append((more[0], run.out + run.err))
    run = referee("verify", str(state), "--lang", lang)
    out.append(("verify", run.out + run.err))
    return out


# ------------------------------------------------------------- French says it all
# a number, not an ordinal (« 1er tour » says "first round")
_NUMBER = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)?(?!\d|er\b|st\b|nd\b|rd\b|th\b)")


def _numbers(line: str) -> list[str]:
    return [n.replace(",", ".") for n in _NUMBER.findall(line)]


def _rulings(text: str) -> list[str]:
    """The numbered rows of a report (its ruling and rule, one line each on a page this
    wide), with the lines of the other rules it cites."""
    out: list[str] = []
    for line in text.splitlines():
        if re.match(r"^\s{0,2}\d+\s{2}", line):
            out.append(line.strip())
        elif out and line.startswith("     ") and line.strip():
            out[-1] += " | " + line.strip()
        elif not line.strip():
            continue
        else:
            out.append("")  # a row of another table: the rulings are over
    return [r for r in out if r]


def test_french_says_what_english_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # a ruling and its rule on one line
    english = _game(tmp_path, "en")
    french = _game(tmp_path, "fr")
    assert [c for c, _ in english] == [c for c, _ in french]
    compared = facts = 0
    for (command, en), (_, fr) in zip(english, french, strict=True):
        if command != "adjudicate":
            continue
        en_rulings, fr_rulings = _rulings(en), _rulings(fr)
        assert len(en_rulings) == len(fr_rulings), (en, fr)
        for a, b in zip(en_rulings, fr_rulings, strict=True):
            assert _numbers(a) == _numbers(b), (a, b)
            assert details(a) == details(b), (a, b)
            # the rules' facts and the interpretations' reasons said in French, not quoted
            quoted = [e for e in _sources() if e in a and e in b]
            assert not quoted, (quoted, b)
            facts += b.count("faits de la règle (") - b.count("faits de la règle (« ")
            compared += 1
    assert compared > 10
    assert facts > 10


@cache
def _sources() -> frozenset[str]:
    """The shipped rulesets' English that a report says in words (the catalogue's
    ``source.*`` messages), but the short ones a translation may keep word for word."""
    from langkit import i18n_tool

    source_texts = i18n_tool().source_texts

    texts: set[str] = set()
    for path in (ROOT / "rulesets").glob("*.yaml"):
        for line in path.read_text("utf-8").splitlines():
            found = re.search(
                r'(?:source|[a-z_]+): "((?:facts|interpretation|\d{3} §)[^"]*)"', line
            )
            if found:
                texts.update(e for _, e in source_texts(found.group(1)) if len(e) > 20)
    assert len(texts) > 100
    return frozenset(texts)


def test_a_clubs_own_source_is_quoted_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A house rule's source is not in the catalogue: a French page quotes its English
    as written, beside the shipped rulesets' sources said in French."""
    monkeypatch.setenv("COLUMNS", "1000")
    house = tmp_path / "house.yaml"
    house.write_text(
        "format: referee-house-rules/1\nbase: thucidide\ncombat:\n"
        '  hit_removes_cohesion: {value: 2, source: "interpretation: our club: every hit'
        ' symbol that hurts the target takes two points"}\n'
        '  minimum_dice: {value: 0, source: "facts: combat dice (six symbols; our dice)"}\n',
        encoding="utf-8",
    )
    french = referee("rulesets", "thucidide", "--house-rules", str(house), "--lang", "fr")
    assert french.code == 0, french.err
    assert (
        "interprétation : « our club: every hit symbol that hurts the target takes two points »"
        in french.out
    )
    assert "faits de la règle (« combat dice (six symbols; our dice) »)" in french.out
    # the shipped ones beside them, in French
    assert "faits de la règle (dés de combat (drapeau : recul d'un hex" in french.out
    assert "interprétation : les pénalités" not in french.out  # replaced by the club's
    english = referee("rulesets", "thucidide", "--house-rules", str(house))
    assert "interpretation: our club: every hit symbol" in english.out
    assert "facts: combat dice (six symbols; our dice)" in english.out  # as the file says


# ---------------------------------------------------------- the pseudo-language
@cache
def _english() -> frozenset[str]:
    """The words of the English catalogue (what a leak would show)."""
    from referee.render.catalogue import contexts, template

    words: set[str] = set()
    for ctx in contexts():
        for piece in re.split(r"\{[^}]*\}", template(ctx, "en")):
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", piece))
    return frozenset(words)


@cache
def _labels() -> frozenset[str]:
    """Words that are data the views print as they are: the sample's and the rulesets'
    names and labels (the rules' own French)."""
    texts = [(SAMPLES / "thucidide.yaml").read_text("utf-8")]
    for path in (ROOT / "rulesets").glob("*.yaml"):
        texts += re.findall(r"(?:label|name|title): *(.*)", path.read_text("utf-8"))
    return frozenset(w.lower() for text in texts for w in re.findall(r"[A-Za-z]{3,}", text))


def leaks(text: str) -> list[str]:
    """The lines of ``text`` that show an English word of the catalogue outside the
    values put in (⟪...⟫ in the pseudo-language): a text that escaped the catalogue."""
    out = []
    value = re.compile(r"⟪[^⟪⟫]*⟫")
    shown_text = text
    while value.search(shown_text):  # the values put in, innermost first (a line wrapped
        # inside one, a skeleton's comment, keeps its line breaks)
        shown_text = value.sub(lambda m: " " + "\n" * m.group(0).count("\n"), shown_text)
    for line, shown in zip(text.splitlines(), shown_text.splitlines(), strict=True):
        if line.lstrip().startswith(("- ", "format:", "turn:", "player:", "phase:", "orders:")):
            continue  # the orders' own notation, the same in every language
        # the orders' notation quoted in comments, the commands to type, file names
        shown = re.sub(r'"[^"]*"|\breferee [a-z]+\b|\S+\.(?:yaml|svg|html|md)\b', " ", shown)
        bad = [
            w
            for w in re.findall(r"(?<![\w/.'-])[A-Za-z]{3,}(?![\w/.'-])", shown)
            if w.lower() in _english() and w.lower() not in _labels()
        ]
        if bad:
            out.append(f"{bad}: {line}")
    return out


def test_the_pseudo_language_leaves_no_plain_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pseudo_tool().write(tmp_path / "locale")
    monkeypatch.setenv("REFEREE_LOCALEDIR", str(tmp_path / "locale"))
    monkeypatch.setenv("COLUMNS", "1000")  # a value put in is not wrapped over two lines
    printed = _game(tmp_path, "xx")
    marks = pseudo_tool().MARKS
    assert all(any(c in marks for c in out) for _, out in printed), "not pseudo-localised"
    found = [f"{command}: {leak}" for command, out in printed for leak in leaks(out)]
    assert not found, "\n".join(found[:40])
    # the dice rolled, by roll: each roll's head without a die's number (the report cut
    # the English and French ", die 1/3" off, any other language's stayed)
    heads = [
        head
        for _, out in printed
        for head in re.findall(r"#\d+(?:-\d+)? ([^·]*?) ~*: ~* [1-6]", out)
    ]
    assert heads, "no dice rolled"
    numbered = [head for head in heads if re.search(r"⟪\d+⟫/⟪\d+⟫", head)]
    assert not numbered, numbered[:5]


def test_the_leak_finder_finds_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game in English: the finder sees the English of the texts."""
    monkeypatch.setenv("COLUMNS", "1000")
    printed = _game(tmp_path, "en")
    lines = [line for _, out in printed for line in out.splitlines() if line.strip()]
    found = [leak for _, out in printed for leak in leaks(out)]
    assert len(found) > len(lines) // 3, (len(found), len(lines))


def test_the_pseudo_language_keeps_a_doubled_brace_as_it_is() -> None:
    """``{{`` is a literal brace, not a field (problem.dice.tabletop_only.hint: 'dice:
    {{mode: physical}}'): taken for a field, it broke the template in the pseudo-language."""
    said = pseudo_tool().pseudo("remove dice: (a tabletop game says dice: {{mode: physical}}) {x}")
    shown = said.format(x="X")
    assert "⟪X⟫" in shown and re.search(r"\{[^{}⟪⟫]+\}", shown), shown

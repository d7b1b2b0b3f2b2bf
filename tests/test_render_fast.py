"""The report's fast paths give exactly what they replace (issue 15).

* ``referee.render.plain._wrap``: a greedy word wrap for texts of words separated by
  single spaces, identical line for line to ``textwrap.wrap(text, width,
  break_on_hyphens=False)`` (what it falls back to for any other text).
* ``referee.render.grammar.fill``: the values of a template computed when it names
  them."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.render import plain

# words of letters, accents, hyphens, punctuation, no-break spaces (not whitespace for
# textwrap's split, whitespace for str.strip), tabs, newlines and runs of spaces
_CHARS = st.sampled_from(
    [*"ab-é«»:;.,(x)→", "\xa0", "\t", "\n", "\r", "\u2009", " ", " ", " ", " "]
)
TEXTS = st.text(_CHARS, min_size=0, max_size=120)
# what the fast path takes: words of one to 25 characters, single spaces
WORDS = st.lists(
    st.text(st.sampled_from(list("ab-é«»:.(x)→ñ")), min_size=1, max_size=25),
    min_size=1,
    max_size=25,
).map(" ".join)


def _reference(text: str, width: int) -> list[str]:
    if len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, break_on_hyphens=False) or [""]


@settings(max_examples=3000)
@given(WORDS, st.integers(min_value=1, max_value=40))
@example("ab abcdefghijkl", 3)  # the space fills the line: kept at its end, as textwrap does
@example("ab abcdefghijkl", 4)  # a long word broken after a short one
@example("abcdefghijkl ab", 5)
@example("a b c d e f", 1)
def test_greedy_wrap_is_textwrap(text: str, width: int) -> None:
    assert plain._wrap(text, width) == _reference(text, width)


@settings(max_examples=2000)
@given(TEXTS, st.integers(min_value=1, max_value=40))
def test_wrap_of_any_text_is_textwrap(text: str, width: int) -> None:
    assert plain._wrap(text, width) == _reference(text, width)


def test_greedy_wrap_is_taken_for_plain_words() -> None:
    """The fast path is the one taken for a ruling's text (not textwrap)."""
    text = "C1 (Infanterie lourde, 0304) moves 0304 → 0506 via 0304-0405-0506: cost 2 of 3"
    assert plain._greedy(text, 30) == textwrap.wrap(text, 30, break_on_hyphens=False)


def test_values_of_a_message_worked_out_when_named() -> None:
    """A message's values: lists joined, values in words, booleans said, a name the
    data does not hold left visible (the leak tests find it)."""
    from referee.render.grammar import fill

    data = {"path": ["1", "2"], "kind": "melee", "units": ["A", "B"], "road": True, "e": []}
    assert fill("{path_list} {kind_word} {units_list} {road} {e_list} {x}", data, "en") == (
        "1-2 melee A, B yes none {x}"
    )
    assert fill("{path_list} {kind_word} {units_list} {road} {e_list} {x}", data, "fr") == (
        "1-2 mêlée A, B oui aucun {x}"
    )


@pytest.mark.parametrize(
    ("code", "data", "en", "fr"),
    [
        (
            "move.applied",
            {"road": True, "road_bonus": 1},
            "; road march (+1)",
            " ; marche sur route (+1)",
        ),
        (
            "move.applied",
            {"chosen": True},
            " (path chosen by the referee)",
            " (chemin choisi par l'arbitre)",
        ),
        (
            "move.applied",
            {"combat": False},
            "; may not fight or shoot this turn",
            " ; ne peut plus combattre ni tirer ce tour",
        ),
        (
            "move.applied",
            {"minimum_move": True},
            "; one hex whatever its cost (minimum move)",
            " ; un hex quel que soit son coût (mouvement minimum)",
        ),
    ],
)
def test_a_clause_waiting_for_true_or_false_is_said(
    code: str, data: dict[str, object], en: str, fr: str
) -> None:
    """003 §Mouvement sur route, 000 §Capacité de mouvement des unités: the clauses a
    report adds when the event's data holds ``True``/``False`` (they were never said:
    the words "yes"/"oui" were compared with "true"); and not said for the other value."""
    from referee.render.messages import message

    base = {
        "unit": "A1",
        "from": "0101",
        "to": "0103",
        "cost": 1,
        "allowance": 3,
        "combat": True,
        "chosen": False,
        "road": False,
        "minimum_move": False,
        "mounted": False,
        "path": ["0102", "0103"],
    }
    said = {lang: message(code, "A1", {**base, **data}, lang) for lang in ("en", "fr")}
    assert en in said["en"] and fr in said["fr"]
    plain = {lang: message(code, "A1", base, lang) for lang in ("en", "fr")}
    assert en not in plain["en"] and fr not in plain["fr"]

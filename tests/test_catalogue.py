"""The one catalogue (referee/render/catalogue/__init__.py): every event code, every variant of
it, every view text and every problem text renders in English and in French with
realistic data and leaks nothing of the engine's keys (``first_round``, ``True``,
``None``, ``{placeholders}``, snake_case keys, ``yes``/``no`` in French); counts agree
with their nouns; weights agree with their types; the language comes from --lang, then
REFEREE_LANG, then the locale."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from casekit import case_files, run_case
from referee.core.events import Event
from referee.io.rulesets import load_ruleset
from referee.render import lang as lang_module
from referee.render.catalogue import PLURALS, contexts, template
from referee.render.catalogue import text as catalogue_text
from referee.render.grammar import purpose, say, variants
from referee.render.messages import event_codes, message
from referee.render.wording import agreement, cite, cite_short, unit_kind, weight_agreed

LANGS = ("en", "fr")

# Realistic values for the data keys a variant may need that the cases' sample of its
# code does not carry (a refusal's reason changed to another one, say).
RAW: dict[str, Any] = {
    "leader": "HASDRUBAL",
    "side": "rome",
    "player": "carthage",
    "unit_side": "rome",
    "phase": "combat",
    "target": "E1",
    "other": "C2",
    "other_type": "cavalerie",
    "other_weight": "heavy",
    "hex": "0508",
    "from": "0506",
    "to": "0507",
    "at": "0505",
    "path": ["0507", "0508"],
    "distance": 3,
    "range": 2,
    "cost": 4,
    "allowance": 3,
    "cell": "3",
    "type": "cavalerie",
    "weight": "heavy",
    "type_label": "Cavalerie",
    "weight_label": "Lourde",
    "edges": ["S"],
    "exits": ["N"],
    "entry_points": ["2512"],
    "kind": "melee",
    "kind_given": "charge",
    "choice": "E2",
    "attackers": ["B1", "B2"],
    "nearest": ["I2", "I3"],
    "enemies": ["Z1", "Z2"],
    "support_of": "C1",
    "blocker": "I5",
    "stop": "friend",
    "units": 5,
    "army_units": 17,
    "max_units": 4,
    "activations": 2,
    "leader_at": "0911",
    "why": "eliminated",
    "included": False,
    "die": 1,
    "unit": "I1",
    "hexes": 2,
    "categories": ["artillery"],
    "terrain": "wood",
    "hexside": "river",
    "toward": "0607",
    "mounted": ["X1"],
    "leaders": ["HASDRUBAL"],
    "crossed": ["C2"],
    "dice_lost": 1,
    "dice": 0,
    "base": 0,
    "factor": "assault",
    "modifier_total": 0,
    "modifiers": [],
    "values": [],
    "hits": 0,
    "flags": 0,
    "orders": 0,
    "advantages": 0,
    "no_effect": 0,
    "reason": "x",
}

# Values for the view texts' placeholders (ui.* and problem.*).
UI_DATA: dict[str, Any] = {
    "a": "C1",
    "b": "E1",
    "around": "0912",
    "arrow": "↑",
    "assault": 3,
    "at": "0507",
    "broken": "rome",
    "c1": 1,
    "c2": 13,
    "r1": 1,
    "r2": 4,
    "cell": 3,
    "code": "Cv",
    "coh": "3/4",
    "cohesion": 16,
    "columns": 24,
    "rows": 16,
    "count": 2,
    "cross": "non",
    "distance": 2,
    "each": 2,
    "edge": "sud",
    "entries": "2512",
    "entry": "2512",
    "facing": "nord",
    "files": "partie-3.yaml",
    "game": "cannae-216",
    "height": 900,
    "hex": "0507",
    "hexes": "0507, 0508",
    "id": "C1",
    "index": 4,
    "key": "river",
    "kind": "mêlée",
    "label": "Rivière",
    "last": 12,
    "leader": "HASDRUBAL",
    "lines": "unités éliminées : 1 × 2 = 2",
    "losses": 3,
    "lost": 1,
    "margin": 13,
    "melee": 2,
    "moment": "commit",
    "n": 2,
    "name": " « Hippeis »",
    "origin": "builtin",
    "other": "C3",
    "outcome": "déroute de l'armée",
    "p": "12.5%",
    "path": "0507-0508",
    "phase": "combat",
    "player": "carthage",
    "points": 4,
    "range": 2,
    "rank": "Sous-général",
    "reaction": "esquive",
    "reason": "C1 est à 2 hex de E1",
    "refused": 2,
    "retreat": 1,
    "rolls": 19,
    "ruleset": "Thucidide",
    "shooting": 0,
    "side": "carthage",
    "size": "8",
    "status": "activée",
    "target": "E1",
    "title": "Thucidide",
    "to": 3,
    "tokens": 1,
    "traits": "impétueuse",
    "turn": 1,
    "types": "Infanterie",
    "unit": "C1",
    "units": "N4 (Cv)",
    "value": "de",
    "verdict": "13 avant la déroute",
    "version": "1",
    "weight": "▆",
    "what": "Bois",
    "where": "en 0409",
    "width": 1400,
    "allowance": 3,
    "combat": 3,
    "cost": 2,
    "entries_list": "",
    "path_list": "",
    "through": "front",
    "attacker": "C1",
    "enemy": "E1",
    "blocked": 0,
    "hexes_list": "",
    "rule": "001",
    "moment_": "",
    "level": 1,
    "lang": "fr",
    "meaning": "",
    "mark": " (default)",
    "value_": "",
    "why": "x",
    "loss": 1,
    "count_": 0,
    "trait": "",
    "path_": "",
    "edge_": "",
    "expected": 0,
    # the command line's summaries (referee/render/catalogue/cli.py)
    "mode": "open",
    "by": "rome",
    "length": 1000,
    "state": "partie.yaml",
    "orders": "ordres.yaml",
    "file": "partie.yaml",
    "short": "ab12cd34",
    "off": 2,
    "then": "la partie peut commencer",
    "opponent": "rome",
    "commitment": "ab12cd34",
    "waiting": "rome",
    "leaders": 2,
    "sides": ["rome", "carthage"],
    # referee pbem's summaries (referee/render/catalogue/pbem.py)
    "mail": "B/outbox/004.eml",
    "dir": "B",
    "number": 4,
    "done": "1 rome combat",
    "asks": "-",
    "limit": 10240,
    "sent": 2,
    "received": 2,
    "last_sent": "x.eml",
    "last_received": "y.eml",
    "rules": "`interpretations.pbem_pursuits: after_dice`",
    "left": 40,
    "low": 60,
    "undone": "1 greeks movement",
    # referee rulesets --interpretations / --rule (referee/render/rulings.py)
    "keys": "pursuit.distance = 1",
    "cases": "pursuit-advance",
    "reading": "next_game_turn",
    "text": "le texte",
    "default": "next_player_turn",
    # said in words from the values above (DERIVED)
    "mode_word": "",
    "phase_word": "",
    "rolls_words": "",
    "edge_word": "",
    "outcome_word": "",
    "sides_and": "",
    "phase_title": "",
}

# English words a French sentence must not hold (never French words too).
ENGLISH = {
    "the",
    "and",
    "with",
    "from",
    "into",
    "its",
    "his",
    "of",
    "to",
    "is",
    "are",
    "was",
    "has",
    "have",
    "not",
    "yes",
    "no",
    "hit",
    "hits",
    "dice",
    "die",
    "melee",
    "shooting",
    "flank",
    "rear",
    "north",
    "south",
    "west",
    "refused",
    "moves",
    "attacks",
    "rolls",
    "takes",
    "against",
    "cannot",
    "may",
    "must",
    "this",
    "that",
    "which",
    "turn",
    "units",
    "unit",
    "side",
    "losses",
    "cohesion",
    "orders",
    "none",
    "next",
    "after",
    "player",
    "facing",
    "weight",
    "leader",
    "leaders",
    "allowance",
    "path",
    "cost",
    "hexes",
    "odds",
    "supported",
    "attack",
    "army",
    "break",
    "broken",
    "game",
    "over",
    "written",
    "state",
    "new",
    "entry",
    "history",
    "verified",
    "roll",
    "recomputed",
    "back",
    "map",
    "columns",
    "rows",
    "around",
    "ruling",
    "rule",
    "facts",
    "interpretation",
    "impetuous",
    "disordered",
    "activated",
    "moved",
    "fought",
    "engaged",
    "light",
    "heavy",
    "medium",
    "true",
    "false",
    "first",
    "round",
    "range",
    "through",
    "retreat",
    "flags",
    "flag",
    "order",
    "letter",
    "letters",
    "token",
    "tokens",
    "without",
    "effect",
    "nothing",
    "routs",
    "rout",
    "pursues",
    "pursuit",
    "evades",
}


def leaks(text: str, lang: str) -> list[str]:
    """What of the engine's keys (or of the other language) a sentence shows."""
    found: list[str] = []
    # file keys quoted on purpose, command-line options, environment variables, commands
    shown = re.sub(
        r"`[^`]*`|«.*»|--[a-z-]+(?: [A-Z]+)?|\b[A-Z_]+=\S+|referee (?:seed )?\w+|"
        r"\S+\.(?:yaml|svg|png|html)\b",
        "",
        text,
    )  # and file names
    found += re.findall(r"\{[^}]*\}", shown)
    found += re.findall(r"\b(?:True|False|None)\b", shown)
    found += re.findall(r"\w+(?:oui|non|yes)\b", shown.replace("Pion", ""))  # words glued
    found = [f for f in found if f not in ("Pion",)]
    found += [w for w in re.findall(r"\b[a-z]+_[a-z_]+\b", shown)]
    if lang == "fr":
        found += [w for w in re.findall(r"[A-Za-zÀ-ÿ']+", shown) if w.lower() in ENGLISH]
    return found


def test_the_leak_finder_finds_the_leaks_of_issue_14() -> None:
    for text in (
        "modificateurs +1 first_round impact +1",
        "C1 attaque E1 par son frontoui",
        "shooting 2",
        "(C1 melee E1: die 1/3)",
        "Army break check",
        "{leader} x",
        "blocked: None",
        "charge True",
    ):
        assert leaks(text, "fr"), text
    assert not leaks("C1 lance 3 dés contre E1 (assaut 3) : 2, 1, 5 → 1 touche", "fr")


@cache
def samples() -> dict[tuple[str, str | None], Event]:
    """One event of the cases per (code, variant)."""
    out: dict[tuple[str, str | None], Event] = {}
    failed = 0
    for path in case_files():
        try:
            _, outcome, _, _ = run_case(path)
        except Exception:  # a failing case is reported by test_cases
            failed += 1
            continue
        for event in outcome.events:
            out.setdefault((event.code, _variant(event.code, event.data)), event)
    # a few failing cases are test_cases' to report; most failing means this harness broke
    assert failed * 10 < len(case_files()), f"{failed} cases could not be run here"
    return out


def _variant(code: str, data: Any) -> str | None:
    key, found = variants(code)
    if found:
        value = data.get(key)
        return ("true" if value else "false") if isinstance(value, bool) else str(value)
    return None


def every_event() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for code in sorted(event_codes()):
        out.append((code, None))
        out += [(code, v) for v in sorted(variants(code)[1])]
    return out


def event_data(code: str, variant: str | None) -> tuple[str | None, dict[str, Any]]:
    sample = samples().get((code, variant)) or next(
        (e for (c, _), e in samples().items() if c == code), None
    )
    data: dict[str, Any] = dict(sample.data) if sample is not None else {}
    subject = sample.subject if sample is not None else "C1"
    key = variants(code)[0]
    if variant is not None:
        value: Any = variant
        if variant.isdigit():
            value = int(variant)
        elif variant in ("true", "false"):
            value = variant == "true"
        data[key] = value
    for key, value in RAW.items():
        data.setdefault(key, value)
    return subject, data


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("code", "variant"), every_event())
def test_every_event_and_variant_renders_without_leaks(
    code: str, variant: str | None, lang: str
) -> None:
    subject, data = event_data(code, variant)
    rs = load_ruleset("thucidide")
    for ruleset in (rs, None):
        text = message(code, subject, data, lang, ruleset)
        assert text.strip(), code
        assert not leaks(text, lang), (code, variant, lang, leaks(text, lang), text)


def test_every_code_has_both_languages_and_they_differ() -> None:
    for code in event_codes():
        assert template(code, "en") != template(code, "fr"), code


@pytest.mark.parametrize("lang", LANGS)
def test_every_view_and_problem_text_renders_without_leaks(lang: str) -> None:
    for key in contexts():
        if not key.startswith("ui.") or any(c in key for c in "|+#"):
            continue  # problem texts: tests/test_lang_everywhere.py, with their own data
        parts = [c for c in contexts() if c.startswith(key) and c[len(key) : len(key) + 1] in "|+#"]
        said = " ".join(template(c, lang) for c in (key, *parts))
        names = re.findall(r"\{([a-zA-Z_0-9]+)", said)
        missing = [n for n in names if n not in UI_DATA]
        assert not missing, (key, missing)
        data = dict(UI_DATA)
        for ctx in (key, *parts):
            if ctx in PLURALS:
                data[PLURALS[ctx][2]] = 2  # a count agreeing with its noun
        text = say(key, lang, **data)
        assert not leaks(text, lang), (key, leaks(text, lang), text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_the_cases_renders_without_leaks(lang: str) -> None:
    """The real data of every ruling the test cases make, in both languages."""
    for (code, _), event in samples().items():
        for ruleset in ("thucidide", "panache", "frederic"):
            text = message(code, event.subject, event.data, lang, load_ruleset(ruleset))
            assert not leaks(text, lang), (code, leaks(text, lang), text)
            assert not leaks(cite(event.rule, lang), lang) or lang == "en", event.rule


# ------------------------------------------------------------------- plurals, agreement
@pytest.mark.parametrize(
    ("n", "en", "fr"),
    [(0, "0 hits", "0 touche"), (1, "1 hit", "1 touche"), (2, "2 hits", "2 touches")],
)
def test_counts_agree_with_their_noun(n: int, en: str, fr: str) -> None:
    """The catalogue's plural forms: French counts 0 as singular (« 0 touche »)."""
    for lang, expected in (("en", en), ("fr", fr)):
        said = catalogue_text("tally.hits", lang, {"n": n}).format(n=n)
        assert said == expected, (lang, said)


def test_a_hit_and_two_hits() -> None:
    data = {
        "hits": 1,
        "symbol": "hit_cavalry",
        "by": "C1",
        "cohesion_before": 3,
        "cohesion_after": 2,
    }
    assert "takes 1 hit on cavalry from C1" in message("combat.hit", "E1", data, "en")
    assert "subit 1 touche cavalerie de C1" in message("combat.hit", "E1", data, "fr")
    data = {**data, "hits": 2, "cohesion_after": 1}
    assert "takes 2 hits on cavalry" in message("combat.hit", "E1", data, "en")
    assert "subit 2 touches cavalerie" in message("combat.hit", "E1", data, "fr")
    roll = {
        "dice": 1,
        "target": "E1",
        "factor": "assault",
        "base": 1,
        "values": [2],
        "hits": 1,
        "modifiers": [],
    }
    assert "rolls 1 die against E1" in message("combat.roll", "C1", roll, "en")
    assert "lance 1 dé contre E1" in message("combat.roll", "C1", roll, "fr")


def test_modifiers_in_words() -> None:
    roll = {
        "dice": 4,
        "target": "V2",
        "factor": "assault",
        "base": 3,
        "values": [4, 6, 3, 3],
        "flags": 1,
        "advantages": 1,
        "no_effect": 2,
        "modifiers": [{"reason": "first_round", "dice": 1, "detail": "impact"}],
    }
    en = message("combat.roll", "I3", roll, "en")
    fr = message("combat.roll", "I3", roll, "fr")
    assert "first_round" not in en and "first_round" not in fr
    assert "+1 impact on the charge (first round of a melee)" in en
    assert "+1 impact à la charge (1er tour de mêlée)" in fr
    assert en.endswith("4, 6, 3, 3 → 1 flag, 1 tactical advantage, 2 without effect")
    assert fr.endswith("4, 6, 3, 3 → 1 drapeau, 1 avantage tactique, 2 sans effet")


def test_charge_said_in_words_in_both_languages() -> None:
    data = {
        "target": "E1",
        "kind": "melee",
        "from": "0406",
        "at": "0405",
        "distance": 1,
        "through": "front",
        "charge": True,
    }
    assert message("combat.attack", "C1", data, "fr").endswith("par son front (charge)")
    assert message("combat.attack", "C1", data, "en").endswith("its front (a charge)")
    data["charge"] = False
    assert message("combat.attack", "C1", data, "en").endswith("(not a charge: pursuit contact)")
    assert "frontoui" not in message("combat.attack", "C1", data, "fr")


@pytest.mark.parametrize(
    ("type_label", "weight", "expected"),
    [
        ("Infanterie", "Lourde", "Infanterie lourde"),
        ("Éléphants", "Lourde", "Éléphants lourds"),
        ("Éléphants", "Très légère", "Éléphants très légers"),
        ("Piquiers", "Moyenne", "Piquiers moyens"),
        ("Cavalerie et Lanciers", "Légère", "Cavalerie et Lanciers légers"),
        (
            "Chariots de guerre",
            "Super-lourde / Très lourde",
            "Chariots de guerre super-lourds / très lourds",
        ),
        (
            "Infanterie (tous types sauf piquiers)",
            "Moyenne",
            "Infanterie moyenne (tous types sauf piquiers)",
        ),
        ("Officier (se déplaçant seul)", "Légère", "Officier léger (se déplaçant seul)"),
    ],
)
def test_weights_agree_with_their_type(type_label: str, weight: str, expected: str) -> None:
    assert unit_kind(type_label, weight) == expected


def test_agreement_of_the_built_in_types() -> None:
    for name in ("thucidide", "panache", "frederic"):
        rs = load_ruleset(name)
        for t in rs.unit_types.values():
            _gender, plural = agreement(t.label)
            if t.label.split()[0].endswith("s"):
                assert plural, t.label
            assert weight_agreed(t.label, "Lourde") in ("Lourde", "Lourds", "Lourdes"), t.label


# --------------------------------------------------------------------------- citations
def test_citations_read_one_per_line_without_garbling() -> None:
    rule = (
        "facts: Thucidide, leaders (sous-généraux, 3 hexes); interpretation: facts: "
        "Thucidide, activations (more than 15 units: two activations of 3 or 4 units "
        "each, read as at most 4 each)"
    )
    en = cite(rule, "en").split("\n")
    assert len(en) == 2
    assert "facts: Thucidide" not in en[1] and "interpretation: facts:" not in en[1]
    fr = cite(rule, "fr").split("\n")
    # French says every detail English gives: the facts' own words quoted (issue 25)
    assert fr == [
        "faits de la règle (Thucidide : « leaders (sous-généraux, 3 hexes) »)",
        "interprétation des faits de la règle (Thucidide : « activations (more than 15 "
        "units: two activations of 3 or 4 units each, read as at most 4 each) »)",
    ]
    assert (
        cite(
            "interpretation: 000 §Précisions sur le mouvement mentions l'esquive "
            "(pré-joué token) without distance",
            "fr",
        )
        == "interprétation : « 000 §Précisions sur le mouvement mentions l'esquive "
        "(pré-joué token) without distance »"
    )
    assert (
        cite("000 §Capacité de mouvement des unités (en hex); 000 §Mouvement sur route", "fr")
        == "000 §Capacité de mouvement des unités (en hex)\n000 §Mouvement sur route"
    )


def test_the_rulesets_english_is_said_in_the_language() -> None:
    """A shipped ruleset's facts, reasons and headings followed by English are said
    from the catalogue (``source.*``, issue 25); English stays as written; a text the
    catalogue does not hold (a club's own) is quoted as written."""
    dice = "facts: combat dice (six symbols; a hit symbol hurts only a target of its kind)"
    assert cite(dice, "en") == (
        "facts of the rules (combat dice (six symbols; a hit symbol hurts only a target of "
        "its kind))"
    )
    assert cite(dice, "fr") == (
        "faits de la règle (dés de combat (six symboles ; un symbole de touche ne blesse "
        "qu'une cible de son type))"
    )
    # a rule file the engine cites after the facts stays as written
    assert cite(dice + "; 004 (**)", "fr").endswith("de son type) ; 004 (**))")
    reason = (
        "interpretation: 001 §Déroute d'une unité (une unité a perdu tous ses points de "
        "cohésion): each hit symbol that hurts the target removes one cohesion point"
    )
    assert cite(reason, "fr") == (
        "interprétation : 001 §Déroute d'une unité (une unité a perdu tous ses points de "
        "cohésion) : chaque symbole de touche qui blesse la cible lui ôte un point de cohésion"
    )
    facts = "interpretation: facts: annex 1 lists rough/rocky ground"
    assert cite(facts, "fr") == (
        "interprétation des faits de la règle (l'annexe 1 cite le terrain accidenté/rocailleux)"
    )
    heading = (
        "interpretation: facts: annex 1 lists rough/rocky ground; 000 §Précisions sur le "
        "mouvement calls it terrain accidenté (no effect on leaders alone); cost 2, mounted "
        "troops fight badly in it"
    )
    assert cite(heading, "fr").split("\n")[1] == (
        "000 §Précisions sur le mouvement le nomme terrain accidenté (sans effet sur les "
        "personnages isolés) ; coût 2, les troupes montées y combattent mal"
    )
    assert cite(heading, "en").split("\n")[1] == heading.split("; ", 1)[1]
    # not in the catalogue: quoted as written
    assert cite("facts: combat dice (six symbols; ours)", "fr") == (
        "faits de la règle (« combat dice (six symbols; ours) »)"
    )
    assert cite("interpretation: each hit removes two points", "fr") == (
        "interprétation : « each hit removes two points »"
    )
    assert cite("house rule: each hit removes two points", "fr") == (
        "règle maison : « each hit removes two points »"
    )


def test_an_interpretation_in_short_is_said_in_the_language() -> None:
    """The moves view cites an interpretation by its first clause, in the language."""
    rule = (
        "000 §Mouvement sur route; interpretation: 000 gives allowances in hexes and leaves "
        "terrain to annex 1 (not in rules/); a unit that may move may always enter one "
        "adjacent passable hex even if its cost exceeds its allowance, otherwise "
        "allowance-1 troops could never enter difficult terrain"
    )
    assert cite_short(rule, "en") == (
        "000 §Mouvement sur route; interpretation (000 gives allowances in hexes and leaves "
        "terrain to annex 1 (not in rules/))"
    )
    assert cite_short(rule, "fr") == (
        "000 §Mouvement sur route ; interprétation (000 donne les capacités en hex et laisse "
        "le terrain à l'annexe 1 (absente de `rules/`))"
    )
    assert cite_short("interpretation: our club's way, as we play it", "fr") == (
        "interprétation (« our club's way »)"
    )


def test_roll_purposes_in_words() -> None:
    assert purpose("C1 melee E1: die 1/3", "fr") == "C1 mêlée E1, dé 1/3"
    assert purpose("E1 riposte C1: die 2/2", "fr") == "riposte de E1 à C1, dé 2/2"
    assert purpose("S1 shooting H2: die 1/2", "en") == "S1 shooting H2, die 1/2"
    assert purpose("elephant fury of X", "fr") == "furie de l'éléphant X"


# ---------------------------------------------------------------- choosing the language
@pytest.mark.parametrize(
    ("explicit", "env", "expected"),
    [
        ("fr", {}, "fr"),
        ("en", {"REFEREE_LANG": "fr"}, "en"),
        ("FR", {}, "fr"),
        ("fr_FR.UTF-8", {}, "fr"),
        (None, {"REFEREE_LANG": "fr"}, "fr"),
        (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LC_ALL": "fr_CA", "LANG": "en_US"}, "fr"),
        (None, {"LC_MESSAGES": "en_GB", "LANG": "fr_FR"}, "en"),
        (None, {"LC_ALL": "C"}, "en"),
        (None, {}, "en"),
        (None, {"REFEREE_LANG": "en", "LANG": "fr_FR"}, "en"),
    ],
)
def test_language_from_option_environment_and_locale(
    explicit: str | None, env: dict[str, str], expected: str
) -> None:
    assert lang_module.resolve(explicit, env) == expected


@pytest.mark.parametrize(
    ("explicit", "env"), [("de", {}), ("french", {}), (None, {"REFEREE_LANG": "xx"})]
)
def test_unknown_language_is_refused(explicit: str | None, env: dict[str, str]) -> None:
    with pytest.raises(lang_module.UnknownLanguage):
        lang_module.resolve(explicit, env)

"""What the parsers of the compact notations refuse (an order line, a choice, a hex, a
path or a block, a unit, leader or deployment line of a scenario, a movement cell),
said through the command line in English and in French. The parsers raise a code and
its data (``BadText``); every language, English included, is the catalogue's
(``problem.<code>``, issue 25: the English written once)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from problemkit import message, said

from clikit import referee, small_state, write
from referee.core.choices import parse_choice
from referee.core.errors import BadText, Problem
from referee.core.hexgrid import Hex
from referee.core.orders import read_orders
from referee.core.scenario_lines import csv_fields, parse_leader_line, parse_unit_line
from referee.render.problems import words

INVALID = 3

ORDER_LINES = [
    (
        "activation",
        "activate",
        "name the leader, e.g. 'activate HANNIBAL: C3 C4'",
        "nommer le chef, par exemple `activate HANNIBAL: C3 C4`",
    ),
    (
        "movement",
        "C3 0507-0508 fce N",
        "cannot read 'fce' in a move order (did you mean face?) "
        "(write e.g. 'C3 0507-0508 face N' or 'C3 to 0508 road')",
        "`fce` illisible dans un ordre de mouvement (vouliez-vous dire `face` ?) "
        "(écrire par exemple `C3 0507-0508 face N` ou `C3 to 0508 road`)",
    ),
    (
        "movement",
        "C3 to 0508 0508-0509",
        "give either a path or 'to HEX', not both",
        "donner un chemin ou `to HEX`, pas les deux",
    ),
    (
        "movement",
        "C3 to 05x8",
        "bad hex label '05x8': write column then row, two digits each, e.g. 0507",
        "numéro d'hex invalide `05x8` : écrire la colonne puis la rangée, deux chiffres "
        "chacune, par exemple 0507",
    ),
    (
        "movement",
        "C3 to 0²08",  # a digit that is not a decimal one: refused like any other
        "bad hex label '0²08': write column then row, two digits each, e.g. 0507",
        "numéro d'hex invalide `0²08` : écrire la colonne puis la rangée, deux chiffres "
        "chacune, par exemple 0507",
    ),
    (
        "movement",
        "C3 face E",
        "unknown facing 'E': use one of N, NE, SE, S, SW, NW",
        "orientation inconnue `E` : choisir parmi N, NE, SE, S, SW, NW",
    ),
    (
        "combat",
        "C3 mele E7",
        "write 'C3 melee E7' or 'C3 shoot E7' (did you mean melee?)",
        "écrire `C3 melee E7` ou `C3 shoot E7` (vouliez-vous dire `melee` ?)",
    ),
    (
        "pursuit",
        "C3 pursue E7",
        "write 'C3 pursue' or 'C3 pursue with C4 C5'",
        "écrire `C3 pursue` ou `C3 pursue with C4 C5`",
    ),
    (
        "pursuit",
        "C3 chase",
        "write 'C3 pursue', 'C3 pursue with C4 C5', 'C3 hold' or 'C3 face E7'",
        "écrire `C3 pursue`, `C3 pursue with C4 C5`, `C3 hold` ou `C3 face E7`",
    ),
    (
        "rout",
        "C3 flee",
        "the rout phase takes no orders but 'U choose X'",
        "la phase de déroute ne prend pas d'autre ordre que `U choose X`",
    ),
]


@pytest.mark.parametrize(("phase", "line", "english", "french"), ORDER_LINES)
def test_an_order_line_that_does_not_read(
    tmp_path: Path, phase: str, line: str, english: str, french: str
) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    orders = write(
        tmp_path / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": phase,
            "orders": [line],
        },
    )
    for lang, text in (("en", english), ("fr", french)):
        run = referee("validate", str(state), str(orders), "--lang", lang)
        assert run.code == INVALID, run.err
        assert f"o.yaml:6: orders[0]: {text}\n" in run.err, run.err


def test_choices_that_do_not_read(tmp_path: Path) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    choices = write(
        tmp_path / "c.yaml",
        {
            "format": "referee-choices/1",
            "game": "test-game",
            "by": "red",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "choices": ["U jump", {"unit": "C1"}],
        },
    )
    said_in = {
        "en": [
            "c.yaml:8: choices[0]: write 'U conform', 'U conform no', 'U face E', "
            "'U choose X' or 'U reaction evade|stand'\n",
            "c.yaml:9: choices[1]: a choice is {unit: ID} with exactly one of conform, face, "
            "choose, reaction\n",
        ],
        "fr": [
            "c.yaml:8: choices[0]: écrire `U conform`, `U conform no`, `U face E`, "
            "`U choose X` ou `U reaction evade|stand`\n",
            "c.yaml:9: choices[1]: un choix est `{unit: ID}` avec exactement une clé parmi "
            "`conform`, `face`, `choose`, `reaction`\n",
        ],
    }
    for lang, texts in said_in.items():
        run = referee("validate", str(state), str(choices), "--lang", lang)
        assert run.code == INVALID, run.err
        for text in texts:
            assert text in run.err, (text, run.err)


CHOICES = [  # what the mail flow reads unchecked (``referee.play.mailgame``)
    (
        {"unit": "C1", "face": "E1", "jump": 1},
        "a choice is {unit: ID} with exactly one of conform, face, choose, reaction "
        "(unknown: jump)",
        "un choix est `{unit: ID}` avec exactement une clé parmi `conform`, `face`, "
        "`choose`, `reaction` (inconnues : `jump`)",
    ),
    (
        3,
        "a choice is a mapping or a one-line string",
        "un choix est un dictionnaire (lignes clé: valeur) ou une ligne de texte",
    ),
    ({"face": "E1"}, "the choice needs unit: ID", "le choix demande `unit: ID`"),
    ({"unit": "C1", "conform": "yes"}, "conform: true or false", "`conform` : `true` ou `false`"),
    (
        {"unit": "C1", "reaction": "flee"},
        "reaction: evade or stand",
        "`reaction` : `evade` ou `stand`",
    ),
    (
        {"unit": "C1", "choose": True},
        "choose: the id of a unit",
        "`choose` : l'identifiant d'une unité",
    ),
]


@pytest.mark.parametrize(("raw", "english", "french"), CHOICES)
def test_a_choice_that_does_not_read(raw: Any, english: str, french: str) -> None:
    with pytest.raises(BadText) as bad:
        parse_choice(raw)
    problem = Problem("choices[0]", code=bad.value.code, data=bad.value.data)
    assert message(problem) == english
    assert words(problem, "fr")[1] == french


def _scenario(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "referee-scenario/1",
        "ruleset": "thucidide",
        "map": {"columns": 10, "rows": 8},
        "sides": {
            "a": {"edge": "S", "units": ["infanterie medium at 0507"]},
            "b": {"edge": "N", "units": ["infanterie medium at 0502"]},
        },
    }
    side = data["sides"]["a"]
    for key, value in copy.deepcopy(changes).items():
        if key == "deploy":
            side["deploy"], side["units"] = value, ["2 x infanterie medium"]
        elif key == "map":
            data["map"].update(value)
        else:
            side[key] = value
    return data


SCENARIO_LINES = [
    (
        {"units": ['infanterie medium "Hastati at 0507']},
        "sides.a.units[0]: unclosed quote in 'infanterie medium \"Hastati at 0507'",
        'sides.a.units[0]: guillemet non fermé dans `infanterie medium "Hastati at 0507`',
    ),
    (
        {"units": ["infanterie medium melee x at 0507"]},
        "sides.a.units[0]: melee must be a whole number, not 'x' "
        "(e.g. '4 x infanterie medium \"Hastati\" at 0410-0710')",
        "sides.a.units[0]: `melee` doit être un nombre entier, pas `x` "
        '(par exemple `4 x infanterie medium "Hastati" at 0410-0710`)',
    ),
    (
        {"units": ["0 x infanterie medium at 0507"]},
        "sides.a.units[0]: the count must be 1 or more",
        "sides.a.units[0]: le nombre doit valoir au moins 1",
    ),
    (
        {"units": ["infanterie"]},
        "sides.a.units[0]: 'infanterie': write [COUNT x] TYPE WEIGHT, e.g. '4 x infanterie medium'",
        "sides.a.units[0]: `infanterie` : écrire `[NOMBRE x] TYPE POIDS`, par exemple "
        "`4 x infanterie medium`",
    ),
    (
        {"units": ['infanterie medium "A" "B" at 0507']},
        'sides.a.units[0]: two names in \'infanterie medium "A" "B" at 0507\'',
        'sides.a.units[0]: deux noms dans `infanterie medium "A" "B" at 0507`',
    ),
    (
        {"units": ["infanterie medium at"]},
        "sides.a.units[0]: 'at' needs a value",
        "sides.a.units[0]: `at` demande une valeur",
    ),
    (
        {"units": ["infanterie medium factors 1/2 at 0507"]},
        "sides.a.units[0]: factors '1/2': write SHOOTING/RANGE/ASSAULT/MELEE, e.g. 1/2/1/1",
        "sides.a.units[0]: facteurs `1/2` : écrire TIR/PORTÉE/ASSAUT/MÊLÉE, par exemple 1/2/1/1",
    ),
    (
        {"units": ["infanterie medium Hastati at 0507"]},
        "sides.a.units[0]: unknown word 'Hastati' (put a name in double quotes; keywords: id, "
        "ids, prefix, at,",
        "sides.a.units[0]: mot inconnu `Hastati` (mettre un nom entre guillemets doubles ; "
        "mots-clés : `id`, `ids`, `prefix`, `at`,",
    ),
    (
        {"units": ["infanterie medium at 0507 facng N"]},
        "sides.a.units[0]: unknown word 'facng' (did you mean facing?)",
        "sides.a.units[0]: mot inconnu `facng` (vouliez-vous dire `facing` ?)",
    ),
    (
        {"leaders": ['"X" general']},
        'sides.a.leaders[0]: \'"X" general\': write ID RANK [VALUE] ["NAME"] at HEX '
        "(or with UNIT) (e.g. 'HANNIBAL general 3",
        'sides.a.leaders[0]: `"X" general` : écrire `ID RANG [VALEUR] ["NOM"] at HEX` '
        "(ou `with UNITÉ`) (par exemple `HANNIBAL general 3",
    ),
    (
        {"leaders": ["AG general 3 jumps at 0507"]},
        "sides.a.leaders[0]: unknown word 'jumps' (keywords: at, with, weight, vehicle; put a "
        "name in double quotes)",
        "sides.a.leaders[0]: mot inconnu `jumps` (mots-clés : `at`, `with`, `weight`, "
        "`vehicle` ; mettre un nom entre guillemets doubles)",
    ),
    (
        {"deploy": ["column 0405-0605"]},
        "sides.a.deploy[0]: 'column 0405-0605': write 'line PATH', 'zone BLOCK' or 'hexes "
        "HEXES', then 'facing DIR' if you like (e.g. 'line 0410-1410 facing N'",
        "sides.a.deploy[0]: `column 0405-0605` : écrire `line CHEMIN`, `zone BLOC` ou "
        "`hexes HEX`, puis `facing DIR` si besoin (par exemple `line 0410-1410 facing N`",
    ),
    (
        {"deploy": ["line 0405-0605 facing Q"]},
        "sides.a.deploy[0]: 'line 0405-0605 facing Q': end with 'facing N' "
        "(N, NE, SE, S, SW or NW)",
        "sides.a.deploy[0]: `line 0405-0605 facing Q` : finir par `facing N` "
        "(N, NE, SE, S, SW ou NW)",
    ),
    (
        {"deploy": ["zone 0405-0605"]},
        "sides.a.deploy[0]: 'zone 0405-0605': a zone is a block of hexes, e.g. 0412:1414",
        "sides.a.deploy[0]: `zone 0405-0605` : une zone est un bloc d'hex, par exemple 0412:1414",
    ),
    (
        {"units": ["infanterie medium at 05x7"]},
        "sides.a.units[0]: '05x7' is not a hex label: write column then row, two digits each, "
        "e.g. 0507 (write a label 0507, a path 0410-1410, a block 0507:0910, or several)",
        "sides.a.units[0]: `05x7` n'est pas un numéro d'hex : écrire la colonne puis la "
        "rangée, deux chiffres chacune, par exemple 0507 (écrire un numéro 0507, un chemin "
        "0410-1410, un bloc 0507:0910, ou plusieurs)",
    ),
    (
        {"units": ["2 x infanterie medium at 0405--0505"]},
        "sides.a.units[0]: '0405--0505': a path is hex labels joined by '-', e.g. 0410-1410",
        "sides.a.units[0]: `0405--0505` : un chemin est fait de numéros d'hex joints par `-`, "
        "par exemple 0410-1410",
    ),
    (
        {"units": ["2 x infanterie medium at 0405:0505:0605"]},
        "sides.a.units[0]: '0405:0505:0605': a block is two corners joined by ':', e.g. 0507:0910",
        "sides.a.units[0]: `0405:0505:0605` : un bloc est fait de deux coins joints par `:`, "
        "par exemple 0507:0910",
    ),
    (
        {"map": {"areas": {"wood": ","}}},
        "map.areas.wood: names no hex (write a label 0507,",
        "map.areas.wood: ne désigne aucun hex (écrire un numéro 0507,",
    ),
    (
        {"map": {"hexsides": {"stream": ["0106-0506 sideways"]}}},
        "map.hexsides.stream[0]: unknown side 'sideways': use east, west, north, south or one "
        "of N, NE, SE, S, SW, NW (e.g. 0309|0409, '0309 SE' or '0301-0316 east')",
        "map.hexsides.stream[0]: côté inconnu `sideways` : utiliser `east`, `west`, `north`, "
        "`south` ou une orientation N, NE, SE, S, SW, NW (par exemple `0309|0409`, "
        "`0309 SE` ou `0301-0316 east`)",
    ),
    (
        {"map": {"hexsides": {"stream": ["0106|0206|0306"]}}},
        "map.hexsides.stream[0]: '0106|0206|0306': write the two hexes of a side as 0309|0409",
        "map.hexsides.stream[0]: `0106|0206|0306` : écrire les deux hex d'un bord comme 0309|0409",
    ),
    (
        {"map": {"hexsides": {"stream": ["0106|0506"]}}},
        "map.hexsides.stream[0]: '0106|0506': the two hexes are not adjacent",
        "map.hexsides.stream[0]: `0106|0506` : les deux hex ne sont pas adjacents",
    ),
    (
        {"map": {"hexsides": {"stream": ["0106-0506"]}}},
        "map.hexsides.stream[0]: '0106-0506': say which side of the path, e.g. '0106-0506 east'",
        "map.hexsides.stream[0]: `0106-0506` : dire de quel côté du chemin, par exemple "
        "`0106-0506 east`",
    ),
    (
        {"map": {"hexsides": {"stream": ["0106 S E"]}}},
        "map.hexsides.stream[0]: '0106 S E': write 0309|0409, '0309 SE' or '0301-0316 east'",
        "map.hexsides.stream[0]: `0106 S E` : écrire `0309|0409`, `0309 SE` ou `0301-0316 east`",
    ),
    (
        {"map": {"roads": [["0101", "01x2"]]}},
        "map.roads[0]: '01x2' is not a hex label: write column then row, two digits each, "
        "e.g. 0507\n",
        "map.roads[0]: `01x2` n'est pas un numéro d'hex : écrire la colonne puis la rangée, "
        "deux chiffres chacune, par exemple 0507\n",
    ),
]


@pytest.mark.parametrize(("changes", "english", "french"), SCENARIO_LINES)
def test_a_scenario_line_that_does_not_read(
    tmp_path: Path, changes: dict[str, Any], english: str, french: str
) -> None:
    path = write(tmp_path / "s.yaml", _scenario(**changes))
    for lang, text in (("en", english), ("fr", french)):
        run = referee("new", str(path), "-o", str(tmp_path / "g.yaml"), "--lang", lang)
        assert run.code == INVALID, run.err
        assert text in run.err, run.err
    assert not (tmp_path / "g.yaml").exists()


CELLS = [
    (
        {"movement": {"leader_row": {"cells": {"light": "x"}}}},
        "movement.leader_row.cells.light: cannot read movement cell 'x' (write N or N/M fuite)",
        "movement.leader_row.cells.light: case de mouvement illisible `x` (écrire N ou N/M fuite)",
    ),
    (
        {"unit_types": {"infanterie": {"movement_override": "100"}}},
        "unit_types.infanterie.movement_override: cannot read movement cell '100': at most 99 "
        "hexes (fix the ruleset or house rules)",
        "unit_types.infanterie.movement_override: case de mouvement `100` illisible : au plus "
        "99 hex (corriger les règles ou les règles maison)",
    ),
    (
        {"unit_types": {"infanterie": {"movement_override": "2/3"}}},
        "unit_types.infanterie.movement_override: cannot read movement cell '2/3': N/M needs "
        "'ss cb'",
        "unit_types.infanterie.movement_override: case de mouvement illisible `2/3` : N/M "
        "demande `ss cb` (corriger les règles ou les règles maison)",
    ),
]


@pytest.mark.parametrize(("amendment", "english", "french"), CELLS)
def test_a_movement_cell_that_does_not_read(
    tmp_path: Path, amendment: dict[str, Any], english: str, french: str
) -> None:
    path = write(
        tmp_path / "club.yaml",
        {"format": "referee-house-rules/1", "base": "thucidide", **amendment},
    )
    for lang, text in (("en", english), ("fr", french)):
        run = referee("rulesets", "thucidide", "--house-rules", str(path), "--lang", lang)
        assert run.code == INVALID, run.err
        assert text in run.err, run.err


@pytest.mark.parametrize("text", ["0²07", "²507", "05¹7"])
def test_a_digit_that_is_not_decimal_is_a_bad_label_not_a_crash(text: str) -> None:
    with pytest.raises(BadText) as bad:
        Hex.from_label(text)
    assert bad.value.code == "hex.bad_label" and bad.value.data == {"label": text}
    orders, problems = read_orders(
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "movement",
            "orders": [f"C3 to {text}"],
        }
    )
    assert orders is None and [(p.path, p.code) for p in problems] == [
        ("orders[0]", "hex.bad_label")
    ]


def test_order_of_battle_numbers_are_decimal_digits() -> None:
    with pytest.raises(BadText) as melee:
        parse_unit_line("infanterie medium melee ²")
    assert said(melee.value) == "melee must be a whole number, not '²'"
    with pytest.raises(BadText) as count:
        csv_fields({"type": "infanterie", "weight": "medium", "count": "²"})
    assert said(count.value) == "count must be a whole number, not '²'"
    assert parse_unit_line("infanterie medium cohesion ²")["cohesion"] == "²"  # checked later
    with pytest.raises(BadText) as value:
        parse_leader_line("AG general ² at 0507")
    assert (
        said(value.value)
        == "unknown word '²' (keywords: at, with, weight, vehicle; put a name in double quotes)"
    )

"""Texts for the rout phase event codes (001 §Déroute d'une unité, §Furie des éléphants).

French keeps 001's own words: déroute, en déroute, furie des éléphants, général
inclus / non inclus, perdu, UD. Placeholders are the event's data keys plus
``{subject}``; a list ``x`` is also available as ``{x_list}``, a value in words as
``{x_word}`` (``referee/render/catalogue.py``).
"""

from __future__ import annotations

from referee.render.catalogue import Text

_REFUSED_EN = {
    "not_an_attacker": "{subject}: {choice} did not attack it, it may only turn to face "
    "{attackers_list}",
    "not_a_nearest_unit": "{subject}: {choice} is not one of the nearest friendly units "
    "({nearest_list})",
    "not_a_rout_order": "{subject}: not an order of the rout phase",
    "duplicate_order": "{subject}: a second order for the same unit",
    "no_choice_to_make": "{subject}: there is nothing to choose for it in this rout phase",
    "owner_chooses": "{subject} belongs to {owner}: its choice ({choice}) is {owner}'s to "
    "make, in his choices file",
}
_REFUSED_FR = {
    "not_an_attacker": "{subject} : {choice} ne l'a pas attaquée, elle ne peut se tourner que "
    "face à {attackers_list}",
    "not_a_nearest_unit": "{subject} : {choice} n'est pas une des unités amies les plus "
    "proches ({nearest_list})",
    "not_a_rout_order": "{subject} : ce n'est pas un ordre de la phase de déroute",
    "duplicate_order": "{subject} : un second ordre pour la même unité",
    "no_choice_to_make": "{subject} : rien à choisir pour elle dans cette phase de déroute",
    "owner_chooses": "{subject} appartient à {owner} : ce choix ({choice}) lui revient, dans "
    "son fichier de choix",
}

TEMPLATES: dict[str, dict[str, str]] = {
    "rout.unit": {
        "en": "{subject} routs from {at} (facing {facing_word}) and is removed from play: "
        "{cause_word}",
        "fr": "{subject} est mise en déroute en {at} (face au {facing_word}) et retirée du "
        "jeu : {cause_word}",
    },
    "rout.eliminated_no_move": {
        "en": "{subject} ({category_word}) makes no rout move: eliminated at once at {at}, "
        "nobody behind it is hurt",
        "fr": "{subject} ({category_word}) ne fait pas de mouvement de déroute : "
        "immédiatement éliminée en {at}",
    },
    "rout.turned": {
        "en": Text(
            "{subject}, attacked only through its {through_list}, turns from "
            "{from_word} to {to_word} to face {toward} ({toward_at}{how_word}) before "
            "routing",
            words={"from": "facing", "to": "facing"},
        ),
        "fr": Text(
            "{subject}, attaquée seulement de flanc ou par l'arrière ({through_list}), "
            "est réorientée du {from_word} vers le {to_word} face à {toward} "
            "({toward_at}{how_word}) avant sa déroute",
            words={"from": "facing", "to": "facing"},
        ),
    },
    "rout.cascade_loss": {
        "en": "{subject} at {at}, behind the routing {by}, loses 1 cohesion "
        "({cohesion_before} → {cohesion_after})",
        "fr": "{subject} en {at}, traversée par {by} en déroute, perd 1 point de cohésion "
        "({cohesion_before} → {cohesion_after})",
    },
    "rout.cascade_spared": {
        "en": "{subject} at {at} is crossed by {by}, routing light infantry, and loses "
        "nothing (only light infantry is hurt by it)",
        "fr": "{subject} en {at} est traversée par l'infanterie légère {by} en déroute et ne "
        "perd rien (elle ne fait perdre de cohésion qu'à l'infanterie légère)",
    },
    "rout.elephant_fury": {
        "en": Text(
            "Elephant fury: {subject} rolls {die}, runs amok {direction_word} "
            "(hexside {hexside}) through {hexes_list}",
            words={"direction": "fury", "hexside": "facing"},
        ),
        "fr": Text(
            "Furie des éléphants : {subject} fait {die}, part en furie "
            "{direction_word} (côté {hexside_word}) à travers {hexes_list}",
            words={"direction": "fury", "hexside": "facing"},
        ),
    },
    "rout.fury_loss": {
        "en": "{subject} at {at} is trampled by {by}: loses 1 cohesion "
        "({cohesion_before} → {cohesion_after})",
        "fr": "{subject} en {at} est traversée par l'éléphant {by} en furie : perd 1 point "
        "de cohésion ({cohesion_before} → {cohesion_after})",
    },
    "rout.fury_spared": {
        "en": "{subject} at {at}, light infantry, is crossed by the elephant {by} and loses "
        "nothing",
        "fr": "{subject} en {at}, infanterie légère, est traversée par l'éléphant {by} sans "
        "perdre de cohésion",
    },
    "rout.general_killed": {
        "en": Text(
            "General {subject} is killed in the rout of {unit}",
            key="included",
            variants={
                "false": "General {subject}, caught in the rout of {unit}, "
                "rolls {die}: he is killed"
            },
        ),
        "fr": Text(
            "Le général {subject} est tué dans la déroute de {unit}",
            key="included",
            variants={
                "false": "Le général non inclus {subject}, entraîné dans la "
                "déroute de {unit}, fait {die} : il est tué"
            },
        ),
    },
    "rout.general_fled": {
        "en": "General {subject}, caught in the rout of {unit}, survives (die {die}) and flees "
        "{distance:# hex|# hexes} from {from} to join {joined} at {to}{how_word}",
        "fr": "Le général non inclus {subject}, entraîné dans la déroute de {unit}, survit "
        "(dé {die}) et fuit de {from} vers l'unité amie {joined} en {to} "
        "({distance} UD{how_word})",
    },
    "rout.general_lost": {
        "en": "General {subject}, caught in the rout of {unit}, survives (die {die}) but no "
        "friendly unit is within {range:# hex|# hexes}: he is lost",
        "fr": "Le général non inclus {subject}, entraîné dans la déroute de {unit}, survit "
        "(dé {die}) mais aucune unité amie n'est à {range} UD : il compte comme perdu",
    },
    "rout.refused": {
        "en": Text(
            "Order for {subject} refused ({reason})",
            variants={k: "Rout order refused: " + v for k, v in _REFUSED_EN.items()},
        ),
        "fr": Text(
            "Ordre pour {subject} refusé ({reason})",
            variants={k: "Ordre de déroute refusé : " + v for k, v in _REFUSED_FR.items()},
        ),
    },
}

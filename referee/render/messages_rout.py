"""Texts for the rout phase event codes (001 §Déroute d'une unité, §Furie des éléphants).

French keeps 001's own words: déroute, en déroute, furie des éléphants, général
inclus / non inclus, perdu. Placeholders are the event's data keys plus
``{subject}``; a list ``x`` is also available as ``{x_list}``.
"""

TEMPLATES: dict[str, dict[str, str]] = {
    "rout.unit": {
        "en": "{subject} routs from {at} (facing {facing}) and is removed from play "
              "(cause: {cause})",
        "fr": "{subject} est mise en déroute en {at} (face {facing}) et retirée du jeu "
              "(cause : {cause})",
    },
    "rout.eliminated_no_move": {
        "en": "{subject} ({category}) makes no rout move: eliminated at once at {at}, "
              "nobody behind it is hurt",
        "fr": "{subject} ({category}) ne fait pas de mouvement de déroute : immédiatement "
              "éliminée en {at}",
    },
    "rout.turned": {
        "en": "{subject}, attacked only through its {through_list}, turns from {from} to {to} "
              "to face {toward} ({toward_at}) before routing",
        "fr": "{subject}, attaquée seulement de flanc ou par l'arrière ({through_list}), est "
              "réorientée de {from} vers {to} face à {toward} ({toward_at}) avant sa déroute",
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
        "en": "Elephant fury: {subject} rolls {die}, runs amok {direction} (hexside "
              "{hexside}) through {hexes_list}",
        "fr": "Furie des éléphants : {subject} fait {die}, part en furie ({direction}, côté "
              "{hexside}) à travers {hexes_list}",
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
        "en": "General {subject} is killed in the rout of {unit}",
        "fr": "Le général {subject} est tué dans la déroute de {unit}",
    },
    "rout.general_fled": {
        "en": "General {subject}, caught in the rout of {unit}, survives (die {die}) and flees "
              "{distance} hex(es) from {from} to join {joined} at {to}",
        "fr": "Le général non inclus {subject}, entraîné dans la déroute de {unit}, survit "
              "(dé {die}) et fuit de {from} vers l'unité amie {joined} en {to} "
              "({distance} UD)",
    },
    "rout.general_lost": {
        "en": "General {subject}, caught in the rout of {unit}, survives (die {die}) but no "
              "friendly unit is within {range} hexes: he is lost",
        "fr": "Le général non inclus {subject}, entraîné dans la déroute de {unit}, survit "
              "(dé {die}) mais aucune unité amie n'est à {range} UD : il compte comme perdu",
    },
    "rout.refused": {
        "en": "Order for {subject} refused ({reason})",
        "fr": "Ordre pour {subject} refusé ({reason})",
    },
}

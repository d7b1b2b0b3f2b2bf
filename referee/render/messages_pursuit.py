"""Texts for the pursuit phase event codes (001 §Poursuite).

French keeps 001's words: poursuite, impétueuse, soutien, se conformer, camp pris.
Placeholders are the event's data keys plus ``{subject}``; a list ``x`` is also
available as ``{x_list}``.
"""

from referee.render.messages_combat import Text

_WHAT_EN = {"conform": "conform", "keep_facing": "keep its facing",
            "reaction evade": "evade when charged", "reaction stand": "stand when charged"}
_WHAT_FR = {"conform": "se conformer", "keep_facing": "garder son orientation",
            "reaction evade": "esquiver une charge", "reaction stand": "tenir face à une charge"}

TEMPLATES: dict[str, dict[str, str]] = {
    "pursuit.advance": {
        "en": "{subject} pursues {opponents_list}: {from} → {to} ({hexes} hex, {direction}; "
              "compulsory: {compulsory})",
        "fr": "{subject} poursuit {opponents_list} : {from} → {to} ({hexes} UD, {direction} ; "
              "obligatoire : {compulsory})",
    },
    "pursuit.support": {
        "en": "{subject}, supporting {support_of}, advances with it: {from} → {to}",
        "fr": "{subject}, en soutien de {support_of}, avance avec elle : {from} → {to}",
    },
    "pursuit.hold": {
        "en": "{subject} does not pursue",
        "fr": "{subject} n'effectue pas de poursuite",
    },
    "pursuit.stays": {
        "en": "{subject} routed {opponents_list} and may pursue {distance} hex straight ahead: "
              "no pursuit order, it stays",
        "fr": "{subject} a mis en déroute {opponents_list} et peut poursuivre de {distance} hex "
              "droit devant : sans ordre de poursuite, elle reste en place",
    },
    "pursuit.exempt": {
        "en": "{subject}, impetuous, need not pursue ({reason})",
        "fr": "{subject}, impétueuse, n'est pas obligée de poursuivre ({reason})",
    },
    "pursuit.refused": {
        "en": "Pursuit order for {subject} refused ({reason})",
        "fr": "Ordre de poursuite pour {subject} refusé ({reason})",
    },
    "pursuit.faced": {
        "en": "{subject} routed its enemy but is still contacted in flank or rear: no pursuit, "
              "it turns from {from} to {to} to face {enemy}",
        "fr": "{subject} a mis son adversaire en déroute mais est encore contactée de flanc ou "
              "d'arrière : pas de poursuite, elle se conforme de {from} vers {to} face à {enemy}",
    },
    "pursuit.contact": {
        "en": "{subject}'s pursuit reaches {enemy} ({through}): no new combat, they stay in "
              "contact until the next melee phase (not a charge)",
        "fr": "La poursuite de {subject} l'amène au contact de {enemy} ({through}) : pas de "
              "nouveau combat, les unités restent en contact jusqu'à la prochaine phase de "
              "mêlée (ce n'est pas une charge)",
    },
    "pursuit.conform": {
        "en": "{subject}, contacted in its {through} by {toward}, conforms: {from} → {to}",
        "fr": "{subject}, contactée ({through}) par {toward}, se conforme : {from} → {to}",
    },
    "pursuit.light_infantry_eliminated": {
        "en": "{subject}, light infantry at {at}, is contacted by the pursuing {by} and "
              "eliminated at once (no evasion)",
        "fr": "{subject}, infanterie légère en {at}, contactée par {by} en poursuite, est "
              "immédiatement éliminée sans pouvoir esquiver",
    },
    "pursuit.general_killed": {
        "en": "General {subject}, included in {unit}, is eliminated with it",
        "fr": "Le général {subject}, inclus dans {unit}, est éliminé avec elle",
    },
    "pursuit.camp_taken": {
        "en": "{subject} reaches the camp of {camp_side} at {at} and takes it",
        "fr": "{subject} atteint le camp de {camp_side} en {at} : il est pris",
    },
    "pursuit.camp_attacked": {
        "en": "{subject} reaches the fortified camp of {camp_side} at {at} and assaults it at "
              "once: {attack_dice} dice {attack_values_list} = {hits} hit(s) on the camp "
              "({needed} needed); the camp defends with {defence_dice} dice "
              "{defence_values_list} = {hits_on_pursuer} hit(s) on {subject}",
        "fr": "{subject} atteint le camp fortifié de {camp_side} en {at} et l'attaque "
              "immédiatement : {attack_dice} dés {attack_values_list} = {hits} touche(s) sur "
              "le camp ({needed} nécessaire(s)) ; le camp se défend avec {defence_dice} dés "
              "{defence_values_list} = {hits_on_pursuer} touche(s) sur {subject}",
    },
    "pursuit.camp_held": {
        "en": "The fortified camp of {camp_side} at {at} holds: {subject} stays before it",
        "fr": "Le camp fortifié de {camp_side} en {at} tient : {subject} reste devant lui",
    },
    "pursuit.camp_loss": {
        "en": "{subject} takes {hits} hit(s) from the camp's defenders: cohesion "
              "{cohesion_before} -> {cohesion_after}",
        "fr": "{subject} subit {hits} touche(s) des défenseurs du camp : cohésion "
              "{cohesion_before} -> {cohesion_after}",
    },
    "pursuit.no_conform": {
        "en": "{subject}, contacted in its {through} by {toward}, does not conform ({by}'s "
              "choice): it keeps facing {facing}",
        "fr": "{subject}, contactée ({through}) par {toward}, ne se conforme pas (choix de "
              "{by}) : elle reste face {facing}",
    },
    # choices of the units' owners (referee.core.choices), in any phase; {what}: conform,
    # keep_facing, face E, choose X, reaction evade|stand
    "choice.reaction": {
        "en": Text("{subject} will now {reaction_word} when charged, from the end of this "
                   "phase ({by}'s choice; before: {before_word})",
                   words={"reaction": {"evade": "evade", "stand": "stand"},
                          "before": {"evade": "evade", "stand": "stand"}}),
        "fr": Text("{subject} va désormais {reaction_word} face à une charge, dès la fin de "
                   "cette phase (choix de {by} ; avant : {before_word})",
                   words={"reaction": {"evade": "esquiver", "stand": "tenir"},
                          "before": {"evade": "esquiver", "stand": "tenir"}}),
    },
    "choice.refused": {
        "en": Text("{by}'s choice for {subject} ({what_word}) refused ({reason})", variants={
            "not_owner": "{by}'s choice for {subject} refused: {subject} belongs to {owner}, "
                         "who makes its choices",
            "not_in_play": "{by}'s choice for {subject} refused: no such unit or leader in "
                           "play",
            "wrong_phase": "{by}'s choice for {subject} ({what_word}) refused: it answers "
                           "the {phases_list} phase, not the {phase} phase",
            "use_orders": "{by}'s choice for {subject} ({what_word}) refused: {by} plays "
                          "this phase, and gives it as an order",
            "not_an_option": "{by}'s choice for {subject} ({what_word}) refused: the "
                             "options are {options_list}; the default {default} applies"},
                   words={"what": _WHAT_EN}),
        "fr": Text("Choix de {by} pour {subject} ({what_word}) refusé ({reason})", variants={
            "not_owner": "Choix de {by} pour {subject} refusé : {subject} appartient à "
                         "{owner}, qui fait ses choix",
            "not_in_play": "Choix de {by} pour {subject} refusé : aucune unité ni aucun chef "
                           "de ce nom en jeu",
            "wrong_phase": "Choix de {by} pour {subject} ({what_word}) refusé : il répond à "
                           "la phase {phases_list}, pas à la phase {phase}",
            "use_orders": "Choix de {by} pour {subject} ({what_word}) refusé : {by} joue "
                          "cette phase et le donne en ordre",
            "not_an_option": "Choix de {by} pour {subject} ({what_word}) refusé : les "
                             "possibilités sont {options_list} ; le choix par défaut "
                             "{default} s'applique"},
                   words={"what": _WHAT_FR}),
    },
    "choice.unused": {
        "en": Text("{by}'s choice for {subject} ({what_word}) was not needed in this phase",
                   words={"what": _WHAT_EN}),
        "fr": Text("Le choix de {by} pour {subject} ({what_word}) n'a pas servi dans cette "
                   "phase", words={"what": _WHAT_FR}),
    },
}

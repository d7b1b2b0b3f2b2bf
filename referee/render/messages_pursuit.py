"""Texts for the pursuit phase event codes (001 §Poursuite).

French keeps 001's words: poursuite, impétueuse, soutien, se conformer, camp pris.
Placeholders are the event's data keys plus ``{subject}``; a list ``x`` is also
available as ``{x_list}``.
"""

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
        "en": "{subject} reaches the fortified camp of {camp_side} at {at} and attacks it "
              "(resolved in the next melee phase)",
        "fr": "{subject} atteint le camp fortifié de {camp_side} en {at} et l'attaque "
              "(résolu à la prochaine phase de mêlée)",
    },
}

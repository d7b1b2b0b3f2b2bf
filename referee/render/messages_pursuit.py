"""Texts for the pursuit phase event codes (001 §Poursuite).

French keeps 001's words: poursuite, impétueuse, soutien, se conformer, camp pris, UD.
Placeholders are the event's data keys plus ``{subject}``; a list ``x`` is also
available as ``{x_list}``, a value in words as ``{x_word}``
(``referee/render/catalogue.py``).
"""

from __future__ import annotations

from referee.render.catalogue import VOCAB, Text

# the words of the owners' choices (referee.core.choices; docs/pbem.md §Choices)
VOCAB.setdefault("reaction_choice", {"evade": ("evade", "esquiver"), "stand": ("stand", "tenir")})
VOCAB.setdefault(
    "choice_what",
    {
        "conform": ("conform", "se conformer"),
        "keep_facing": ("keep its facing", "garder son orientation"),
        "reaction evade": ("evade when charged", "esquiver une charge"),
        "reaction stand": ("stand when charged", "tenir face à une charge"),
    },
)

# why an order of the pursuit phase is refused (001 §Poursuite)
_REFUSED_EN = {
    "not_a_pursuit_order": "{subject}: not an order of the pursuit phase",
    "duplicate_order": "{subject}: a second order for the same unit",
    "not_on_table": "{subject} is no longer on the table",
    "not_phasing": "{subject} is not of the side playing this pursuit phase",
    "contacted_flank_rear": "{subject} is still contacted in flank or rear "
    "({enemies_list}): no pursuit, it turns to face one of them",
    "not_in_contact": "{subject} may only turn to face {enemies_list}, not {choice}",
    "not_contacted_flank_rear": "{subject} is not contacted in flank or rear: it has no "
    "enemy to turn to ({choice})",
    "opponents_remain": "{subject}: its melee opponent did not rout, it may not pursue",
    "no_melee": "{subject} fought no melee this player-turn: nothing to pursue",
    "already_moved": "{subject} has already moved in this pursuit phase",
    "same_enemy": "{subject}: {other} already pursues the same enemy (only one pursues)",
    "off_table": "{subject} would leave the table at once: no pursuit",
    "blocked_by_friend": "{subject} is blocked by the friendly {blocker} right in front",
    "impassable": "{subject} faces impassable ground: no pursuit",
    "impetuous_must_pursue": "{subject} is impetuous: it must pursue (001 §Poursuite)",
    "not_friendly": "{subject} may not support {support_of}: not of its side",
    "not_aligned": "{subject} may not support {support_of}: not aligned with it (same "
    "facing, corner to corner)",
    "engaged": "{subject} may not support {support_of}: it is still engaged in melee",
    "pursuer_did_not_advance": "{subject} may not support {support_of}, which did not advance",
    "blocked": "{subject} cannot advance with {support_of}: the way is blocked",
    "owner_chooses": "{subject} belongs to {owner}: the enemy it faces is {owner}'s choice, "
    "in his choices file",
}
_REFUSED_FR = {
    "not_a_pursuit_order": "{subject} : ce n'est pas un ordre de la phase de poursuite",
    "duplicate_order": "{subject} : un second ordre pour la même unité",
    "not_on_table": "{subject} n'est plus sur la table",
    "not_phasing": "{subject} n'est pas du camp qui joue cette phase de poursuite",
    "contacted_flank_rear": "{subject} est encore contactée de flanc ou d'arrière "
    "({enemies_list}) : pas de poursuite, elle se tourne face à l'une "
    "d'elles",
    "not_in_contact": "{subject} ne peut se tourner que face à {enemies_list}, pas {choice}",
    "not_contacted_flank_rear": "{subject} n'est pas contactée de flanc ni d'arrière : aucun "
    "ennemi vers qui se tourner ({choice})",
    "opponents_remain": "{subject} : son adversaire en mêlée n'a pas été mis en déroute, "
    "pas de poursuite",
    "no_melee": "{subject} n'a livré aucune mêlée ce tour : rien à poursuivre",
    "already_moved": "{subject} s'est déjà déplacée dans cette phase de poursuite",
    "same_enemy": "{subject} : {other} poursuit déjà le même ennemi (une seule unité poursuit)",
    "off_table": "{subject} sortirait aussitôt de la table : pas de poursuite",
    "blocked_by_friend": "{subject} est bloquée par l'unité amie {blocker} juste devant",
    "impassable": "{subject} fait face à un terrain infranchissable : pas de poursuite",
    "impetuous_must_pursue": "{subject} est impétueuse : elle doit poursuivre (001 §Poursuite)",
    "not_friendly": "{subject} ne peut pas soutenir {support_of} : elle n'est pas de son camp",
    "not_aligned": "{subject} ne peut pas soutenir {support_of} : elle n'est pas alignée "
    "(même orientation, coin à coin)",
    "engaged": "{subject} ne peut pas soutenir {support_of} : elle est encore engagée en mêlée",
    "pursuer_did_not_advance": "{subject} ne peut pas soutenir {support_of}, qui n'a pas avancé",
    "blocked": "{subject} ne peut pas avancer avec {support_of} : le chemin est bloqué",
    "owner_chooses": "{subject} appartient à {owner} : l'ennemi auquel elle fait face est au "
    "choix de {owner}, dans son fichier de choix",
}

# why an impetuous winner need not pursue (001 §Poursuite, its four cases and more)
_EXEMPT_EN = {
    "other_pursues": "{other} pursues their enemy (only one unit pursues)",
    "destroyed_category": "it destroyed a unit no one has to pursue ({categories_list})",
    "off_table": "the table ends in front of it ({hex})",
    "penalising_terrain": "the pursuit would enter {terrain_word} at {hex}, where it fights badly",
    "defends_fortification": "it defends a fortification ({terrain_word})",
    "defends_river_bank": "it defends the bank of a river ({hexside_word} toward {toward})",
    "foot_vs_mounted": "foot troops need not pursue mounted troops ({mounted_list})",
    "impassable": "impassable ground in front of it",
    "blocked_by_friend": "the friendly {blocker} stands in front of it",
}
_EXEMPT_FR = {
    "other_pursues": "{other} poursuit leur ennemi (une seule unité poursuit)",
    "destroyed_category": "elle a détruit une unité que nul n'est obligé de poursuivre "
    "({categories_list})",
    "off_table": "la table s'arrête devant elle ({hex})",
    "penalising_terrain": "la poursuite entrerait en {terrain_word} en {hex}, où elle combat mal",
    "defends_fortification": "elle défend une fortification ({terrain_word})",
    "defends_river_bank": "elle défend la berge d'une rivière ({hexside_word} vers {toward})",
    "foot_vs_mounted": "une unité de piétons n'a pas à poursuivre des montés ({mounted_list})",
    "impassable": "terrain infranchissable devant elle",
    "blocked_by_friend": "l'unité amie {blocker} se trouve devant elle",
}
_WORDS = {
    "terrain": "terrain",
    "hexside": "terrain",
    "categories": "category",
    "direction": "facing",
    "through": "through",
}

TEMPLATES: dict[str, dict[str, str]] = {
    "pursuit.advance": {
        "en": Text(
            "{subject} pursues {opponents_list}: {from} → {to} ({hexes:# hex|# hexes} "
            "{direction_word})",
            words=_WORDS,
            clauses=(("compulsory", True, "; compulsory: it is impetuous"),),
        ),
        "fr": Text(
            "{subject} poursuit {opponents_list} : {from} → {to} ({hexes} UD vers le "
            "{direction_word})",
            words=_WORDS,
            clauses=(("compulsory", True, " ; obligatoire : elle est impétueuse"),),
        ),
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
        "en": Text(
            "{subject}, impetuous, need not pursue",
            variants={
                k: "{subject}, impetuous, need not pursue: " + v for k, v in _EXEMPT_EN.items()
            },
            words=_WORDS,
        ),
        "fr": Text(
            "{subject}, impétueuse, n'est pas obligée de poursuivre",
            variants={
                k: "{subject}, impétueuse, n'est pas obligée de poursuivre : " + v
                for k, v in _EXEMPT_FR.items()
            },
            words=_WORDS,
        ),
    },
    "pursuit.refused": {
        "en": Text(
            "Pursuit order for {subject} refused",
            variants={k: "Pursuit order refused: " + v for k, v in _REFUSED_EN.items()},
            words=_WORDS,
        ),
        "fr": Text(
            "Ordre de poursuite pour {subject} refusé",
            variants={k: "Ordre de poursuite refusé : " + v for k, v in _REFUSED_FR.items()},
            words=_WORDS,
        ),
    },
    "pursuit.faced": {
        "en": Text(
            "{subject} routed its enemy but is still contacted in flank or rear: no "
            "pursuit, it turns from {from_word} to {to_word} to face {enemy}{how_word}",
            words={"from": "facing", "to": "facing"},
        ),
        "fr": Text(
            "{subject} a mis son adversaire en déroute mais est encore contactée de "
            "flanc ou d'arrière : pas de poursuite, elle se conforme du {from_word} vers "
            "le {to_word} face à {enemy}{how_word}",
            words={"from": "facing", "to": "facing"},
        ),
    },
    "pursuit.contact": {
        "en": "{subject}'s pursuit reaches {enemy} (its {through_word}): no new combat, they "
        "stay in contact until the next melee phase (not a charge)",
        "fr": "La poursuite de {subject} l'amène au contact de {enemy} (par son "
        "{through_word}) : pas de nouveau combat, les unités restent en contact "
        "jusqu'à la prochaine phase de mêlée (ce n'est pas une charge)",
    },
    "pursuit.conform": {
        "en": Text(
            "{subject}, contacted in its {through_word} by {toward}, conforms: "
            "facing {from_word} → {to_word}",
            words={"from": "facing", "to": "facing"},
        ),
        "fr": Text(
            "{subject}, contactée par son {through_word} par {toward}, se conforme : "
            "face au {from_word} → face au {to_word}",
            words={"from": "facing", "to": "facing"},
        ),
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
        "once: {attack_dice:# die|# dice} {attack_values_list} = {hits:# hit|# hits} on "
        "the camp ({needed} needed); the camp defends with "
        "{defence_dice:# die|# dice} {defence_values_list} = "
        "{hits_on_pursuer:# hit|# hits} on {subject}",
        "fr": "{subject} atteint le camp fortifié de {camp_side} en {at} et l'attaque "
        "immédiatement : {attack_dice:# dé|# dés} {attack_values_list} = "
        "{hits:# touche|# touches} sur le camp ({needed} nécessaire(s)) ; le camp se "
        "défend avec {defence_dice:# dé|# dés} {defence_values_list} = "
        "{hits_on_pursuer:# touche|# touches} sur {subject}",
    },
    "pursuit.camp_held": {
        "en": "The fortified camp of {camp_side} at {at} holds: {subject} stays before it",
        "fr": "Le camp fortifié de {camp_side} en {at} tient : {subject} reste devant lui",
    },
    "pursuit.camp_loss": {
        "en": "{subject} takes {hits:# hit|# hits} from the camp's defenders: cohesion "
        "{cohesion_before} → {cohesion_after}",
        "fr": "{subject} subit {hits:# touche|# touches} des défenseurs du camp : cohésion "
        "{cohesion_before} → {cohesion_after}",
    },
    "pursuit.no_conform": {
        "en": Text(
            "{subject}, contacted in its {through_word} by {toward}, does not conform "
            "({by}'s choice): it keeps facing {facing_word}",
            words={"facing": "facing"},
        ),
        "fr": Text(
            "{subject}, contactée par son {through_word} par {toward}, ne se conforme "
            "pas (choix de {by}) : elle reste face au {facing_word}",
            words={"facing": "facing"},
        ),
    },
    # choices of the units' owners (referee.core.choices), in any phase; {what}: conform,
    # keep_facing, face E, choose X, reaction evade|stand
    "choice.reaction": {
        "en": Text(
            "{subject} will now {reaction_word} when charged, from the end of this "
            "phase ({by}'s choice; before: {before_word})",
            words={"reaction": "reaction_choice", "before": "reaction_choice"},
        ),
        "fr": Text(
            "{subject} va désormais {reaction_word} face à une charge, dès la fin de "
            "cette phase (choix de {by} ; avant : {before_word})",
            words={"reaction": "reaction_choice", "before": "reaction_choice"},
        ),
    },
    "choice.refused": {
        "en": Text(
            "{by}'s choice for {subject} ({what_word}) refused",
            variants={
                "not_owner": "{by}'s choice for {subject} refused: {subject} belongs to {owner}, "
                "who makes its choices",
                "not_in_play": "{by}'s choice for {subject} refused: no such unit or leader in "
                "play",
                "wrong_phase": "{by}'s choice for {subject} ({what_word}) refused: it answers "
                "the {phases_list} phase, not the {phase_word} phase",
                "use_orders": "{by}'s choice for {subject} ({what_word}) refused: {by} plays "
                "this phase, and gives it as an order",
                "not_an_option": "{by}'s choice for {subject} ({what_word}) refused: the "
                "options are {options_list}; the default {default} applies",
            },
            words={"what": "choice_what", "phase": "phase", "phases": "phase"},
        ),
        "fr": Text(
            "Choix de {by} pour {subject} ({what_word}) refusé",
            variants={
                "not_owner": "Choix de {by} pour {subject} refusé : {subject} appartient à "
                "{owner}, qui fait ses choix",
                "not_in_play": "Choix de {by} pour {subject} refusé : aucune unité ni aucun chef "
                "de ce nom en jeu",
                "wrong_phase": "Choix de {by} pour {subject} ({what_word}) refusé : il répond à "
                "la phase {phases_list}, pas à la phase {phase_word}",
                "use_orders": "Choix de {by} pour {subject} ({what_word}) refusé : {by} joue "
                "cette phase et le donne en ordre",
                "not_an_option": "Choix de {by} pour {subject} ({what_word}) refusé : les "
                "possibilités sont {options_list} ; le choix par défaut "
                "{default} s'applique",
            },
            words={"what": "choice_what", "phase": "phase", "phases": "phase"},
        ),
    },
    "choice.unused": {
        "en": Text(
            "{by}'s choice for {subject} ({what_word}) was not needed in this phase",
            words={"what": "choice_what"},
        ),
        "fr": Text(
            "Le choix de {by} pour {subject} ({what_word}) n'a pas servi dans cette phase",
            words={"what": "choice_what"},
        ),
    },
}

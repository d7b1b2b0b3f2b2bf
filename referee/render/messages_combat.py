"""Texts for the combat phase event codes (``referee/core/phases/combat.py``).

Format strings over the event's data plus ``{subject}``; lists also come joined as
``{<key>_list}`` (see ``messages._derived``). French keeps the rules' words:
riposte, drapeau, lettre d'ordre, avantage tactique, esquive, pré-joué, ss cb.

A :class:`Text` is a template that (1) picks a variant by one data key (a refusal's
``reason``, an attack's ``kind``) and (2) offers ``{<key>_word}``: a data value said
in the language (``melee`` -> ``mêlée``, ``flank`` -> ``flanc``), so that the
shared ``message()`` only has to call ``format_map``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Text(str):
    """A template with variants chosen by one data key and data values put in words."""

    variants: Mapping[str, str]
    key: str
    words: Mapping[str, Mapping[str, str]]

    def __new__(cls, text: str, variants: Mapping[str, str] | None = None,
                key: str = "reason", words: Mapping[str, Mapping[str, str]] | None = None
                ) -> Text:
        obj = super().__new__(cls, text)
        obj.variants = dict(variants or {})
        obj.key = key
        obj.words = dict(words or {})
        return obj

    def format_map(self, mapping: Mapping[str, Any]) -> str:  # type: ignore[override]
        values = _Missing(mapping)
        for key, table in self.words.items():
            value = mapping.get(key)
            values[f"{key}_word"] = table.get(str(value), str(value))
        chosen = self.variants.get(str(mapping.get(self.key)), str(self))
        return str.format_map(chosen, values)


WORDS_EN: dict[str, dict[str, str]] = {
    "kind": {"melee": "melee", "shooting": "shooting"},
    "through": {"front": "front", "flank": "flank", "rear": "rear"},
    "factor": {"assault": "assault", "melee": "melee", "shooting": "shooting"},
    "why": {"off_table": "it would leave the table", "occupied": "the hexes are held by units",
            "impassable": "impassable ground", "no_room": "no free hex away from the enemy",
            "None": ""},
    "symbol": {"hit_infantry": "hit on infantry", "hit_cavalry": "hit on cavalry",
               "hit_artillery": "hit on artillery"},
    "edge": {"N": "north", "S": "south", "E": "east", "W": "west"},
}
WORDS_FR: dict[str, dict[str, str]] = {
    "kind": {"melee": "mêlée", "shooting": "tir"},
    "through": {"front": "front", "flank": "flanc", "rear": "arrière"},
    "factor": {"assault": "assaut", "melee": "mêlée", "shooting": "tir"},
    "why": {"off_table": "ce serait sortir de la table", "occupied":
            "les hex sont occupés par des unités", "impassable": "terrain infranchissable",
            "no_room": "aucun hex libre à l'écart de l'ennemi", "None": ""},
    "symbol": {"hit_infantry": "touche infanterie", "hit_cavalry": "touche cavalerie",
               "hit_artillery": "touche artillerie"},
    "edge": {"N": "nord", "S": "sud", "E": "est", "W": "ouest"},
}

_ROLL_EN = ("{values_list} = {hits} hit(s), {flags} flag(s), {orders} order letter(s), "
            "{advantages} tactical advantage(s), {no_effect} without effect "
            "[{factor_word} {base}, modifiers {modifier_total:+d} {modifier_reasons_list}]")
_ROLL_FR = ("{values_list} = {hits} touche(s), {flags} drapeau(x), {orders} lettre(s) "
            "d'ordre, {advantages} avantage(s) tactique(s), {no_effect} sans effet "
            "[{factor_word} {base}, modificateurs {modifier_total:+d} "
            "{modifier_reasons_list}]")

_REFUSED_EN = {
    "not_a_combat_order": "{subject}: not a combat order",
    "not_on_table": "{subject} is not on the table",
    "target_not_on_table": "{subject}: the target {target} is not on the table",
    "unknown_kind": "{subject}: unknown combat kind {kind_given} (melee or shooting)",
    "not_own_unit": "{subject} belongs to {unit_side}: it is {player}'s player-turn",
    "target_not_enemy": "{subject} may not attack {target}: it is a friendly unit",
    "not_activated": "{subject} was not activated: only activated units start a combat",
    "already_fought": "{subject} has already fought this phase (once per phase)",
    "no_combat": "{subject} moved ss cb (beyond its combat allowance): it may not fight",
    "road_march": "{subject} made a road march: it may not fight or shoot",
    "mounted_move": "{subject} used its mounts for an extra hex: it may not fight",
    "attacker_routing": "{subject} has no cohesion left: it cannot attack",
    "target_routing": "{subject}: {target} has no cohesion left; it routs in the rout phase",
    "not_adjacent": "{subject} is {distance} hexes from {target}: melee needs adjacent hexes",
    "no_shooting_factor": "{subject} has no shooting factor",
    "out_of_range": "{subject}: {target} is {distance} hexes away, beyond its range of "
                    "{range}",
}
_REFUSED_FR = {
    "not_a_combat_order": "{subject} : ce n'est pas un ordre de combat",
    "not_on_table": "{subject} n'est pas sur la table",
    "target_not_on_table": "{subject} : la cible {target} n'est pas sur la table",
    "unknown_kind": "{subject} : type de combat {kind_given} inconnu (mêlée ou tir)",
    "not_own_unit": "{subject} appartient à {unit_side} : c'est le tour de {player}",
    "target_not_enemy": "{subject} ne peut pas attaquer {target} : c'est une unité amie",
    "not_activated": "{subject} n'a pas été activée : seules les unités activées engagent "
                     "un combat",
    "already_fought": "{subject} a déjà combattu dans cette phase (une fois par phase)",
    "no_combat": "{subject} s'est déplacée ss cb (au-delà de sa capacité de combat) : elle "
                 "ne peut pas combattre",
    "road_march": "{subject} a fait une marche sur route : elle ne peut ni combattre ni tirer",
    "mounted_move": "{subject} s'est déplacée montée (hex supplémentaire) : sans combat",
    "attacker_routing": "{subject} n'a plus de cohésion : elle ne peut pas attaquer",
    "target_routing": "{subject} : {target} n'a plus de cohésion ; elle déroute à la phase "
                      "de déroute",
    "not_adjacent": "{subject} est à {distance} hex de {target} : la mêlée se fait au contact",
    "no_shooting_factor": "{subject} n'a pas de facteur de tir",
    "out_of_range": "{subject} : {target} est à {distance} hex, au-delà de sa portée de "
                    "{range}",
}

TEMPLATES: dict[str, dict[str, str]] = {
    "combat.attack": {
        "en": Text("{subject} attacks {target} in melee from {from} into {at}, through its "
                   "{through_word}{charge_word}",
                   key="kind", words={**WORDS_EN, "charge": {
                       "True": " (a charge)", "False": " (not a charge: pursuit contact)"}},
                   variants={"shooting": "{subject} shoots at {target} from {from} into {at}, "
                             "{distance} hex(es), through its {through_word}"}),
        "fr": Text("{subject} attaque {target} en mêlée de {from} sur {at}, par son "
                   "{through_word}{charge_word}",
                   key="kind", words={**WORDS_FR, "charge": {
                       "True": " (charge)", "False": " (pas une charge : contact de poursuite)"}},
                   variants={"shooting": "{subject} tire sur {target} de {from} sur {at}, à "
                             "{distance} hex, par son {through_word}"}),
    },
    "combat.roll": {
        "en": Text("{subject} rolls {dice} dice against {target}: " + _ROLL_EN, words=WORDS_EN),
        "fr": Text("{subject} lance {dice} dés contre {target} : " + _ROLL_FR, words=WORDS_FR),
    },
    "combat.riposte": {
        "en": Text("{subject} ripostes against {target} with {dice} dice: " + _ROLL_EN,
                   words=WORDS_EN),
        "fr": Text("Riposte de {subject} contre {target} avec {dice} dés : " + _ROLL_FR,
                   words=WORDS_FR),
    },
    "combat.order_token": {
        "en": "{letters} order letter(s) rolled by {subject}: side {side} now has {after} "
              "order token(s) (was {before})",
        "fr": "{letters} lettre(s) d'ordre pour {subject} : le camp {side} a maintenant "
              "{after} jeton(s) d'ordre (avant : {before})",
    },
    "combat.hit": {
        "en": Text("{subject} takes {hits} {symbol_word} from {by}: cohesion "
                   "{cohesion_before} -> {cohesion_after}", words=WORDS_EN),
        "fr": Text("{subject} subit {hits} {symbol_word} de {by} : cohésion {cohesion_before} "
                   "-> {cohesion_after}", words=WORDS_FR),
    },
    "combat.disordered": {
        "en": "{subject} could not make {blocked} retreat hex(es): it is now disordered "
              "(house rule: disorder on a blocked retreat)",
        "fr": "{subject} n'a pu effectuer {blocked} hex de repli : elle est maintenant en "
              "désordre (règle maison : désordre sur repli bloqué)",
    },
    "combat.flags_cancelled": {
        "en": "{subject}: of {flags} flag(s), {cancelled} cancelled by tactical advantage(s) "
              "and {ignored} ignored (supported by {supported_by_list}); {hexes} retreat "
              "hex(es) left",
        "fr": "{subject} : sur {flags} drapeau(x), {cancelled} annulé(s) par avantage(s) "
              "tactique(s) et {ignored} ignoré(s) (soutenue par {supported_by_list}) ; reste "
              "{hexes} hex de repli",
    },
    "combat.retreat": {
        "en": Text("{subject} retreats {made} of {hexes} hex(es) toward its {edge_word} edge: "
                   "{from} -> {path_list}", words=WORDS_EN),
        "fr": Text("{subject} recule de {made} hex sur {hexes} vers son bord {edge_word} : "
                   "{from} -> {path_list}", words=WORDS_FR),
    },
    "combat.retreat_blocked": {
        "en": Text("{subject} cannot make {hexes} retreat hex(es) from {at} ({why_word}): each "
                   "counts as a loss, cohesion {cohesion_before} -> {cohesion_after}",
                   words=WORDS_EN),
        "fr": Text("{subject} ne peut effectuer {hexes} hex de repli depuis {at} ({why_word}) : "
                   "tout hex de repli qui ne peut être effectué compte en perte, cohésion "
                   "{cohesion_before} -> {cohesion_after}", words=WORDS_FR),
    },
    "combat.rout_pending": {
        "en": "{subject} has lost all its cohesion: it routs in the rout phase",
        "fr": "{subject} a perdu tous ses points de cohésion : elle part en déroute à la phase "
              "de déroute",
    },
    "combat.evade": {
        "en": "{subject} evades the charge of {attacker}: {from} -> {path_list} ({hexes} of "
              "{distance} hexes); it is now pré-joué",
        "fr": "{subject} esquive la charge de {attacker} : {from} -> {path_list} ({hexes} hex "
              "sur {distance}) ; elle reçoit un jeton « pré-joué »",
    },
    "combat.no_evasion": {
        "en": Text("{subject} stands ready to evade but may not evade this attack of "
                   "{attacker}: it fights in place", variants={
                       "shooting": "{subject} stands ready to evade, but evasion answers a "
                                   "melee charge, not shooting by {attacker}",
                       "pursuit_contact": "{subject} may not evade {attacker}: a contact "
                                          "made by a pursuit is not a charge",
                       "weight": "{subject} ({weight}) is too heavy to evade {attacker}: only "
                                 "{evasion_weights_list} units evade",
                       "pre_played": "{subject} is pré-joué (it has evaded already): it "
                                     "fights {attacker} in place"}),
        "fr": Text("{subject} est prête à esquiver mais ne peut pas esquiver cette attaque de "
                   "{attacker} : elle combat sur place", variants={
                       "shooting": "{subject} est prête à esquiver, mais l'esquive répond à "
                                   "une charge en mêlée, pas au tir de {attacker}",
                       "pursuit_contact": "{subject} ne peut pas esquiver {attacker} : un "
                                          "contact suite à une poursuite n'est pas une charge",
                       "weight": "{subject} ({weight}) est trop lourde pour esquiver "
                                 "{attacker} : seules les unités {evasion_weights_list} "
                                 "esquivent",
                       "pre_played": "{subject} a un jeton « pré-joué » (elle a déjà "
                                     "esquivé) : elle combat {attacker} sur place"}),
    },
    "combat.contact_ended": {
        "en": "The pursuit contact between {subject} and {other} ends without a melee: the "
              "units are no longer in contact",
        "fr": "Le contact de poursuite entre {subject} et {other} prend fin sans mêlée : les "
              "unités ne sont plus en contact",
    },
    "combat.evade_failed": {
        "en": Text("{subject} cannot evade {attacker} from {at} ({why_word}): it fights in "
                   "place", words=WORDS_EN),
        "fr": Text("{subject} ne peut pas esquiver {attacker} depuis {at} ({why_word}) : elle "
                   "combat sur place", words=WORDS_FR),
    },
    "combat.refused": {
        "en": Text("{subject}: {kind_word} against {target} refused ({reason})",
                   variants=_REFUSED_EN, words=WORDS_EN),
        "fr": Text("{subject} : {kind_word} contre {target} refusé ({reason})",
                   variants=_REFUSED_FR, words=WORDS_FR),
    },
}

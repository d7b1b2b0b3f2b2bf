"""Texts for the combat phase event codes (``referee/core/phases/combat.py``).

Format strings over the event's data plus ``{subject}``; lists also come joined as
``{<key>_list}``, values in words as ``{<key>_word}``, counts agree with their noun
(``{hits:# hit|# hits}``): see ``referee/render/catalogue.py``. French keeps the
rules' words: riposte, drapeau, lettre d'ordre, avantage tactique, esquive, pré-joué,
ss cb. A roll's faces are said by kind (``1 hit, 1 flag``), its modifiers in words
(``+1 impact, first round of a melee``), never as the engine's keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.render.catalogue import Count, Text, count, trait_word, word

# one face kind -> (English forms, French forms), in the order of the faces
_TALLY: tuple[tuple[str, tuple[str, str], tuple[str, str]], ...] = (
    ("hits", ("# hit", "# hits"), ("# touche", "# touches")),
    ("flags", ("# flag", "# flags"), ("# drapeau", "# drapeaux")),
    ("orders", ("# order letter", "# order letters"), ("# lettre d'ordre", "# lettres d'ordre")),
    (
        "advantages",
        ("# tactical advantage", "# tactical advantages"),
        ("# avantage tactique", "# avantages tactiques"),
    ),
    ("no_effect", ("# without effect", "# without effect"), ("# sans effet", "# sans effet")),
)


def tally(data: Mapping[str, Any], lang: str) -> str:
    """``1 hit, 1 order letter, 1 without effect``: the faces that came up, by kind."""
    parts = []
    for key, en, fr in _TALLY:
        n = int(data.get(key) or 0)
        if n:
            one, many = fr if lang == "fr" else en
            parts.append(count(n, one, many, lang))
    return ", ".join(parts) or ("nothing" if lang == "en" else "rien")


def _terrain(key: str, rs: Any, lang: str) -> str:
    if rs is not None:
        entry = rs.terrain.get(key) or rs.hexsides.get(key)
        if entry is not None and entry.label:
            return str(entry.label).lower()
    return word("terrain", key, lang)


def modifier_text(m: Mapping[str, Any], lang: str, rs: Any = None) -> str:
    """One dice modifier in words: ``-1 wood (its hex)``, ``+1 impact on the charge``."""
    reason, dice, detail = str(m.get("reason")), int(m.get("dice") or 0), str(m.get("detail", ""))
    signed = f"{dice:+d}"
    fr = lang == "fr"
    if reason == "terrain":
        key, _, where = detail.partition(" (")
        where = where.rstrip(")")
        place = {
            "own_hex": ("its hex", "son hex"),
            "opponent_hex": ("the enemy's hex", "l'hex adverse"),
        }.get(where, (where, where))
        return f"{signed} {_terrain(key, rs, lang)} ({place[1] if fr else place[0]})"
    if reason == "moved_artillery":
        first = detail.split()[0] if detail.split() else "0"
        hexes = int(first) if first.isdigit() else 0
        return (
            f"{signed} pour {count(hexes, '# hex parcouru', '# hex parcourus', lang)} (**)"
            if fr
            else f"{signed} for {count(hexes, '# hex', '# hexes', lang)} moved (**)"
        )
    if reason == "first_round":
        trait = trait_word(detail, lang)
        return (
            f"{signed} {trait} à la charge (1er tour de mêlée)"
            if fr
            else f"{signed} {trait} on the charge (first round of a melee)"
        )
    if reason == "behind_palisade":
        what = _terrain(detail, rs, lang)
        return f"{signed} cible à couvert ({what})" if fr else f"{signed} target in cover ({what})"
    return f"{signed} {word('modifier', reason, lang)}" + (f" {detail}" if detail else "")


def roll_values(data: Mapping[str, Any], lang: str, rs: Any = None) -> dict[str, Any]:
    mods = [
        modifier_text(m, lang, rs) for m in data.get("modifiers") or [] if isinstance(m, Mapping)
    ]
    return {
        "tally": tally(data, lang),
        "modifiers_text": (", " + ", ".join(mods)) if mods else "",
        "values_list": ", ".join(str(v) for v in data.get("values") or []),
    }


_ROLL_EN = (
    "{subject} rolls {dice:# die|# dice} against {target} ({factor_word} "
    "{base}{modifiers_text}): {values_list} → {tally}"
)
_ROLL_FR = (
    "{subject} lance {dice:# dé|# dés} contre {target} ({factor_word} "
    "{base}{modifiers_text}) : {values_list} → {tally}"
)
_RIPOSTE_EN = (
    "{subject} ripostes against {target} with {dice:# die|# dice} ({factor_word} "
    "{base}{modifiers_text}): {values_list} → {tally}"
)
_RIPOSTE_FR = (
    "Riposte de {subject} contre {target} avec {dice:# dé|# dés} ({factor_word} "
    "{base}{modifiers_text}) : {values_list} → {tally}"
)

_REFUSED_EN = {
    "not_a_combat_order": "{subject}: not a combat order",
    "not_on_table": "{subject} is not on the table",
    "target_not_on_table": "{subject}: the target {target} is not on the table",
    "unknown_kind": "{subject}: unknown combat kind {kind_given} (melee or shooting)",
    "not_own_unit": "{subject} belongs to {unit_side}: it is {player}'s player-turn",
    "target_not_enemy": "{subject} may not attack {target}: it is a friendly unit",
    "not_activated": "{subject} was not activated: only activated units start a combat",
    "already_fought": "{subject} has already fought this phase (once per phase)",
    "in_pursuit_contact": "{subject} stays in contact with {contacts_list} since a pursuit: "
    "that melee is its combat of this phase",
    "contact_waits": "{subject} stays in contact with {target} since a pursuit: their melee "
    "is fought in the next game turn's melee phase",
    "no_combat": "{subject} moved ss cb (beyond its combat allowance): it may not fight",
    "road_march": "{subject} made a road march: it may not fight or shoot",
    "mounted_move": "{subject} used its mounts for an extra hex: it may not fight",
    "attacker_routing": "{subject} has no cohesion left: it cannot attack",
    "target_routing": "{subject}: {target} has no cohesion left; it routs in the rout phase",
    "not_adjacent": "{subject} is {distance:# hex|# hexes} from {target}: melee needs "
    "adjacent hexes",
    "no_shooting_factor": "{subject} has no shooting factor",
    "out_of_range": "{subject}: {target} is {distance:# hex|# hexes} away, beyond its range "
    "of {range}",
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
    "in_pursuit_contact": "{subject} reste au contact de {contacts_list} depuis une poursuite : "
    "cette mêlée est son combat de la phase",
    "contact_waits": "{subject} reste au contact de {target} depuis une poursuite : le combat "
    "sera résolu lors de la phase de mêlée du tour suivant",
    "no_combat": "{subject} s'est déplacée ss cb (au-delà de sa capacité de combat) : elle "
    "ne peut pas combattre",
    "road_march": "{subject} a fait une marche sur route : elle ne peut ni combattre ni tirer",
    "mounted_move": "{subject} s'est déplacée montée (hex supplémentaire) : sans combat",
    "attacker_routing": "{subject} n'a plus de cohésion : elle ne peut pas attaquer",
    "target_routing": "{subject} : {target} n'a plus de cohésion ; elle déroute à la phase "
    "de déroute",
    "not_adjacent": "{subject} est à {distance} hex de {target} : la mêlée se fait au contact",
    "no_shooting_factor": "{subject} n'a pas de facteur de tir",
    "out_of_range": "{subject} : {target} est à {distance} hex, au-delà de sa portée de {range}",
}


def _hits(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    hits = Count(int(data.get("hits") or 0), lang)
    symbol = word("symbol", data.get("symbol"), lang)
    if lang == "fr":  # « 2 touches cavalerie »
        noun = symbol.replace("touche", "touches", 1) if hits > 1 else symbol
    else:  # "2 hits on cavalry"
        noun = symbol.replace("hit", "hits", 1) if hits != 1 else symbol
    return {"hits_text": f"{hits} {noun}"}


DERIVED = {
    "combat.roll": roll_values,
    "combat.riposte": roll_values,
    "combat.hit": lambda data, lang, rs=None: _hits(data, lang),
}

TEMPLATES: dict[str, dict[str, str]] = {
    "combat.attack": {
        "en": Text(
            "{subject} attacks {target} in melee from {from} into {at}, through its "
            "{through_word}{charge_word}",
            key="kind",
            variants={
                "shooting": "{subject} shoots at {target} from {from} into {at}, "
                "{distance:# hex|# hexes} away, through its {through_word}"
            },
        ),
        "fr": Text(
            "{subject} attaque {target} en mêlée de {from} sur {at}, par son "
            "{through_word}{charge_word}",
            key="kind",
            variants={
                "shooting": "{subject} tire sur {target} de {from} sur {at}, à "
                "{distance} hex, par son {through_word}"
            },
        ),
    },
    "combat.roll": {
        "en": Text(
            _ROLL_EN,
            key="dice",
            variants={
                "0": "{subject} has no die to roll against {target} ({factor_word} "
                "{base}{modifiers_text})"
            },
        ),
        "fr": Text(
            _ROLL_FR,
            key="dice",
            variants={
                "0": "{subject} n'a aucun dé à lancer contre {target} ({factor_word} "
                "{base}{modifiers_text})"
            },
        ),
    },
    "combat.riposte": {
        "en": Text(
            _RIPOSTE_EN,
            key="dice",
            variants={
                "0": "{subject} has no die to riposte against {target} ({factor_word} "
                "{base}{modifiers_text})"
            },
        ),
        "fr": Text(
            _RIPOSTE_FR,
            key="dice",
            variants={
                "0": "{subject} n'a aucun dé de riposte contre {target} ({factor_word} "
                "{base}{modifiers_text})"
            },
        ),
    },
    "combat.order_token": {
        "en": "{letters:# order letter|# order letters} rolled by {subject}: side {side} goes "
        "from {before} to {after:# order token|# order tokens}",
        "fr": "{letters:# lettre d'ordre|# lettres d'ordre} pour {subject} : le camp {side} "
        "passe de {before} à {after:# jeton d'ordre|# jetons d'ordre}",
    },
    "combat.hit": {
        "en": "{subject} takes {hits_text} from {by}: cohesion {cohesion_before} → "
        "{cohesion_after}",
        "fr": "{subject} subit {hits_text} de {by} : cohésion {cohesion_before} → {cohesion_after}",
    },
    "combat.disordered": {
        "en": "{subject} could not make {blocked:# retreat hex|# retreat hexes}: it is now "
        "disordered (house rule: disorder on a blocked retreat)",
        "fr": "{subject} n'a pu effectuer {blocked} hex de repli : elle est maintenant en "
        "désordre (règle maison : désordre sur repli bloqué)",
    },
    "combat.flags_cancelled": {
        "en": Text(
            "{subject}: of {flags:# flag|# flags}, {cancelled} cancelled by tactical "
            "advantages and {ignored} ignored",
            clauses=(
                ("supported_by", None, " (supported by {supported_by_list})"),
                ("hexes", None, "; {hexes:# retreat hex|# retreat hexes} left"),
                ("hexes", 0, "; no retreat left"),
            ),
        ),
        "fr": Text(
            "{subject} : sur {flags:# drapeau|# drapeaux}, {cancelled:# annulé|# annulés} "
            "par avantage tactique et {ignored:# ignoré|# ignorés}",
            clauses=(
                ("supported_by", None, " (soutenue par {supported_by_list})"),
                ("hexes", None, " ; reste {hexes} hex de repli"),
                ("hexes", 0, " ; plus aucun repli"),
            ),
        ),
    },
    "combat.retreat": {
        "en": "{subject} retreats {made} of {hexes:# hex|# hexes} toward its {edge_word} edge: "
        "{from} → {path_list}",
        "fr": "{subject} recule de {made} hex sur {hexes} vers son bord {edge_word} : "
        "{from} → {path_list}",
    },
    "combat.retreat_blocked": {
        "en": "{subject} cannot make {hexes:# retreat hex|# retreat hexes} from {at} "
        "({why_word}): each counts as a loss, cohesion {cohesion_before} → "
        "{cohesion_after}",
        "fr": "{subject} ne peut effectuer {hexes} hex de repli depuis {at} ({why_word}) : "
        "tout hex de repli qui ne peut être effectué compte en perte, cohésion "
        "{cohesion_before} → {cohesion_after}",
    },
    "combat.rout_pending": {
        "en": "{subject} has lost all its cohesion: it routs in the rout phase",
        "fr": "{subject} a perdu tous ses points de cohésion : elle part en déroute à la phase "
        "de déroute",
    },
    "combat.evade": {
        "en": "{subject} evades the charge of {attacker}: {from} → {path_list} ({hexes} of "
        "{distance:# hex|# hexes}); it is now pré-joué",
        "fr": "{subject} esquive la charge de {attacker} : {from} → {path_list} ({hexes} hex "
        "sur {distance}) ; elle reçoit un jeton « pré-joué »",
    },
    "combat.no_evasion": {
        "en": Text(
            "{subject} stands ready to evade but may not evade this attack of "
            "{attacker}: it fights in place",
            variants={
                "shooting": "{subject} stands ready to evade, but evasion answers a "
                "melee charge, not shooting by {attacker}",
                "pursuit_contact": "{subject} may not evade {attacker}: a contact "
                "made by a pursuit is not a charge",
                "weight": "{subject} ({weight_word}) is too heavy to evade {attacker}: only "
                "{evasion_weights_list} units evade",
                "pre_played": "{subject} is pré-joué (it has evaded already): it "
                "fights {attacker} in place",
            },
            words={"weight": "weight", "evasion_weights": "weight"},
        ),
        "fr": Text(
            "{subject} est prête à esquiver mais ne peut pas esquiver cette attaque de "
            "{attacker} : elle combat sur place",
            variants={
                "shooting": "{subject} est prête à esquiver, mais l'esquive répond à "
                "une charge en mêlée, pas au tir de {attacker}",
                "pursuit_contact": "{subject} ne peut pas esquiver {attacker} : un "
                "contact suite à une poursuite n'est pas une charge",
                "weight": "{subject} ({weight_word}) est trop lourde pour esquiver "
                "{attacker} : seules les unités {evasion_weights_list} "
                "esquivent",
                "pre_played": "{subject} a un jeton « pré-joué » (elle a déjà "
                "esquivé) : elle combat {attacker} sur place",
            },
            words={"weight": "weight", "evasion_weights": "weight"},
        ),
    },
    "combat.contact_ended": {
        "en": Text(
            "The pursuit contact between {subject} and {other} ends without a melee: "
            "the units are no longer in contact",
            key="why",
            variants={
                "gone": "The pursuit contact between {subject} and {other} ends "
                "without a melee: {other} is out of play",
                "routing": "The pursuit contact between {subject} and {other} ends "
                "without a melee: a unit has no cohesion left (it routs)",
                "not_phasing": "The pursuit contact between {subject} and {other} "
                "ends: neither unit fights in this combat phase",
            },
        ),
        "fr": Text(
            "Le contact de poursuite entre {subject} et {other} prend fin sans mêlée : "
            "les unités ne sont plus en contact",
            key="why",
            variants={
                "gone": "Le contact de poursuite entre {subject} et {other} prend fin "
                "sans mêlée : {other} n'est plus en jeu",
                "routing": "Le contact de poursuite entre {subject} et {other} prend "
                "fin sans mêlée : une unité n'a plus de cohésion (elle "
                "déroute)",
                "not_phasing": "Le contact de poursuite entre {subject} et {other} "
                "prend fin : aucune des deux ne combat dans cette phase",
            },
        ),
    },
    "combat.contact_held": {
        "en": "{subject} and {other} stay in contact after a pursuit: their melee is fought "
        "in the next game turn's melee phase (turn {turn}), not in this one",
        "fr": "{subject} et {other} restent au contact après une poursuite : le combat sera "
        "résolu lors de la phase de mêlée du tour suivant (tour {turn}), pas dans "
        "celle-ci",
    },
    "combat.contact_melee": {
        "en": "{subject} and {target} stayed in contact after a pursuit: their melee is fought "
        "now, without an order or activation (not a charge)",
        "fr": "{subject} et {target} sont restées au contact après une poursuite : le combat "
        "est résolu lors de cette phase de mêlée, sans ordre ni activation (ce n'est pas "
        "une charge)",
    },
    "combat.multiple_attack": {
        "en": "{subject} is charged again this phase ({charges} charges, this one by "
        "{attacker}): multiple attack, it loses {loss:# cohesion point|# cohesion "
        "points} first ({cohesion_before} → {cohesion_after})",
        "fr": "{subject} est chargée à nouveau dans cette phase ({charges} charges, celle-ci "
        "par {attacker}) : attaque multiple, elle perd d'abord {loss:# point|# points} "
        "de cohésion ({cohesion_before} → {cohesion_after})",
    },
    "combat.evade_off_table": {
        "en": "{subject} evades the charge of {attacker} off the table: {from} → {path_list} "
        "(edge {edges_list}, an exit its side may take): it counts as a unit that left "
        "the table",
        "fr": "{subject} esquive la charge de {attacker} hors de la table : {from} → "
        "{path_list} (bord {edges_list}, une sortie prévue pour son camp) : elle compte "
        "comme une unité sortie de la table",
    },
    "combat.evade_failed": {
        "en": "{subject} cannot evade {attacker} from {at} ({why_word}): it fights in place",
        "fr": "{subject} ne peut pas esquiver {attacker} depuis {at} ({why_word}) : elle "
        "combat sur place",
    },
    "combat.refused": {
        "en": Text(
            "{subject}: {kind_word} against {target} refused ({reason})", variants=_REFUSED_EN
        ),
        "fr": Text(
            "{subject} : {kind_word} contre {target} refusé ({reason})", variants=_REFUSED_FR
        ),
    },
}

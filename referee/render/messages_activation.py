"""Texts for the activation phase event codes (``referee/core/phases/activation.py``).

A refused activation is refused whole; each defect is one ``activation.refused``
event whose ``reason`` picks the sentence (see :class:`Text`).
"""

from __future__ import annotations

from referee.render.catalogue import Text

_REFUSED_EN = {
    "wrong_order": "not an activation order",
    "unknown_leader": "{subject}: no such leader",
    "not_own_leader": "{subject} belongs to {side}: it is {player}'s player-turn",
    "leader_unavailable": "{subject} is no longer on the table",
    "leader_already_used": "{subject} already led an activation this turn",
    "leader_already_activated": "{subject} was already activated this turn",
    "too_many_activations": "an army of {army_units} units has {activations:# activation|"
    "# activations} per turn, all used",
    "too_many_units": "{units:# unit|# units} named: an army of {army_units} units "
    "activates at most {max_units} at once",
    "listed_twice": "{subject} is named twice in {leader}'s activation",
    "already_activated": "{subject} is already activated this turn (once per turn)",
    "not_own_unit": "{subject} belongs to {side}, not to {player}",
    "out_of_range": "{subject} at {at} is {distance:# hex|# hexes} from {leader} ({leader_at}): "
    "command range {range}",
    "no_entry_point": "{subject} is off the table but its side has no entry point",
    "removed": "{subject} is no longer in play",
    "unknown_unit": "{subject}: no such unit or leader",
}
_REFUSED_FR = {
    "wrong_order": "ce n'est pas un ordre d'activation",
    "unknown_leader": "{subject} : aucun chef de ce nom",
    "not_own_leader": "{subject} appartient à {side} : c'est le tour de {player}",
    "leader_unavailable": "{subject} n'est plus sur la table",
    "leader_already_used": "{subject} a déjà mené une activation ce tour",
    "leader_already_activated": "{subject} a déjà été activé ce tour",
    "too_many_activations": "une armée de {army_units} unités n'a que "
    "{activations:# activation|# activations} par tour, toutes utilisées",
    "too_many_units": "{units:# unité nommée|# unités nommées} : une armée de {army_units} unités "
    "n'active que {max_units} unités à la fois",
    "listed_twice": "{subject} est nommé deux fois dans l'activation de {leader}",
    "already_activated": "{subject} est déjà activée ce tour (une seule fois par tour)",
    "not_own_unit": "{subject} appartient à {side}, pas à {player}",
    "out_of_range": "{subject} en {at} est à {distance} hex de {leader} ({leader_at}) : "
    "portée de commandement {range}",
    "no_entry_point": "{subject} est hors table mais son camp n'a aucun point d'entrée",
    "removed": "{subject} n'est plus en jeu",
    "unknown_unit": "{subject} : aucune unité ni aucun chef de ce nom",
}

TEMPLATES: dict[str, dict[str, str]] = {
    "activation.applied": {
        "en": Text(
            "{leader} ({rank_label}, range {range}) activates {units_list} ({size} of "
            "{max_units:# unit|# units}; activation {activation} of {activations_allowed} "
            "for an army of {army_units} units)",
            variants={
                "0": "{leader} ({rank_label}) activates himself only (activation "
                "{activation} of {activations_allowed})"
            },
            key="size",
            clauses=(
                ("leaders", None, "; characters activated: {leaders_list}"),
                ("reinforcements", None, "; reinforcements: {reinforcements_list}"),
            ),
        ),
        "fr": Text(
            "{leader} ({rank_label}, portée {range}) active {units_list} "
            "({size:# unité|# unités} sur {max_units} ; activation {activation} sur "
            "{activations_allowed} pour une armée de {army_units} unités)",
            variants={
                "0": "{leader} ({rank_label}) s'active seul (activation "
                "{activation} sur {activations_allowed})"
            },
            key="size",
            clauses=(
                ("leaders", None, " ; personnages activés : {leaders_list}"),
                ("reinforcements", None, " ; renforts : {reinforcements_list}"),
            ),
        ),
    },
    "activation.refused": {
        "en": Text(
            "{subject}: activation refused ({reason})",
            variants={k: "Activation of {leader} refused: " + v for k, v in _REFUSED_EN.items()},
        ),
        "fr": Text(
            "{subject} : activation refusée ({reason})",
            variants={k: "Activation de {leader} refusée : " + v for k, v in _REFUSED_FR.items()},
        ),
    },
}

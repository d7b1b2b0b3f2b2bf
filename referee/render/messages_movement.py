"""Texts for the movement phase event codes (``referee/core/phases/movement.py``).

French keeps the rules' words (ss cb, pré-joué, marche sur route, infanterie
montée, personnage isolé...). A refusal has one code (``move.refused``,
``move.road_refused``, ``move.mounted_refused``) and a ``reason`` in its data: a
:class:`Text` picks the sentence for that reason, then adds the optional clauses
whose data are present (ss cb, road march, units crossed...), so that the shared
``message()`` (``referee/render/messages.py``) only has to call ``format_map``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.render.catalogue import Text, unit_kind, word

UNIT = "{subject} ({unit_kind}, {cell})"

_MOVE_CLAUSES_EN: tuple[tuple[str, Any, str], ...] = (
    ("chosen", True, " (path chosen by the referee)"),
    ("combat", False, "; may not fight or shoot this turn"),
    ("road", True, "; road march (+{road_bonus})"),
    ("mounted", True, "; mounted infantry (+{mounted_bonus})"),
    ("minimum_move", True, "; one hex whatever its cost (minimum move)"),
    ("crossed", None, "; crosses {crossed_list}"),
    ("dice_lost", None, "; loses {dice_lost:# combat die|# combat dice} (**)"),
    ("leaders", None, "; with {leaders_list}"),
)
_MOVE_CLAUSES_FR: tuple[tuple[str, Any, str], ...] = (
    ("chosen", True, " (chemin choisi par l'arbitre)"),
    ("combat", False, " ; ne peut plus combattre ni tirer ce tour"),
    ("road", True, " ; marche sur route (+{road_bonus})"),
    ("mounted", True, " ; infanterie montée (+{mounted_bonus})"),
    ("minimum_move", True, " ; un hex quel que soit son coût (mouvement minimum)"),
    ("crossed", None, " ; traverse {crossed_list}"),
    ("dice_lost", None, " ; perd {dice_lost:# dé|# dés} de combat (**)"),
    ("leaders", None, " ; avec {leaders_list}"),
)

_REFUSED_EN = {
    "unknown_unit": "{subject}: no such unit or leader in the game",
    "removed": "{subject} is no longer in play ({why_word})",
    "wrong_order": "{subject}: not a movement order",
    "not_own_unit": "{subject} belongs to {side}: it is {player}'s player-turn",
    "already_moved": "{subject} has already moved this turn (once per turn)",
    "pre_played": "{subject} is pré-joué: it may not move, though it may still fight",
    "in_pursuit_contact": "{subject} stays in contact with {contacts_list} since a pursuit: "
    "it may not move before their melee",
    "not_activated": "{subject} is not activated: only activated units move",
    "wrong_phase": "{subject} moves only in the movement phase (next phase: {phase_word})",
    "leader_unavailable": "{subject} is no longer on the table",
    "leader_not_activated": "{subject} neither led an activation nor was named in one: he may "
    "not move alone",
    "static": UNIT + " is static: it never moves",
    "no_such_type": UNIT + " does not exist in this rule system",
    "empty_move": "{subject}: nothing to do (give a path, 'to' or 'face')",
    "not_adjacent": "{subject}: {hex} is not next to {from} (path so far {path_list})",
    "off_table": "{subject}: {hex} is off the table",
    "exit_not_allowed": "{subject} may not leave the table at {hex} (edge {edges_list}; "
    "exits the scenario allows: {exits_list})",
    "enemy_in_path": "{subject} may never cross the enemy {other} at {hex}",
    "enemy_at_end": "{subject} may not end its move on the enemy {other} at {hex}",
    "cannot_pass_through": UNIT + " may not cross {other} ({other_kind}) at {hex}",
    "occupied_at_end": "{subject} may not end its move in {hex}: {other} is there "
    "(two units never share a hex)",
    "stopped_in_occupied": "{subject} would stop before impassable ground in {hex}, where "
    "{other} stands",
    "over_allowance": "{subject}: path costs {cost}, allowance {allowance} for {unit_kind} "
    "({cell})",
    "over_one_hex": UNIT + ": never more than 1 hex in any circumstance ({hexes:# hex|# hexes} "
    "ordered)",
    "no_path": "{subject}: no legal path to {to}",
    "impassable": "{subject}: {hex} is impassable",
    "entry_not_adjacent": "{subject} enters from {entry_points_list}: {hex} is not next to it",
    "no_entry_point": "{subject}: its side has no entry point for reinforcements",
    "entry_out_of_reach": "{subject} enters with {leader}, who activated it, by an entry point "
    "within his command range ({entry_points_list}): {hex} is out of "
    "his reach",
}
_REFUSED_FR = {
    "unknown_unit": "{subject} : aucune unité ni aucun chef de ce nom",
    "removed": "{subject} n'est plus en jeu ({why_word})",
    "wrong_order": "{subject} : ce n'est pas un ordre de déplacement",
    "not_own_unit": "{subject} appartient à {side} : c'est le tour de {player}",
    "already_moved": "{subject} a déjà été déplacée ce tour (une seule fois par tour)",
    "pre_played": "{subject} a un jeton « pré-joué » : elle ne peut pas faire mouvement, "
    "mais pourra combattre sur place",
    "in_pursuit_contact": "{subject} reste au contact de {contacts_list} depuis une poursuite : "
    "elle ne peut pas se déplacer avant leur mêlée",
    "not_activated": "{subject} n'est pas activée : seules les unités actives sont déplacées",
    "wrong_phase": "{subject} ne se déplace que dans la phase de mouvement (prochaine "
    "phase : {phase_word})",
    "leader_unavailable": "{subject} n'est plus sur la table",
    "leader_not_activated": "{subject} n'a mené aucune activation et n'a été nommé dans aucune : "
    "il ne peut pas se déplacer seul",
    "static": UNIT + " est statique : elle ne se déplace jamais",
    "no_such_type": UNIT + " n'existe pas dans cette règle",
    "empty_move": "{subject} : rien à faire (donner un chemin, « to » ou « face »)",
    "not_adjacent": "{subject} : {hex} n'est pas adjacent à {from} (chemin parcouru {path_list})",
    "off_table": "{subject} : {hex} est hors de la table",
    "exit_not_allowed": "{subject} ne peut pas sortir de la table en {hex} (bord {edges_list} ; "
    "sorties prévues par le scénario : {exits_list})",
    "enemy_in_path": "{subject} ne peut jamais traverser l'unité ennemie {other} en {hex}",
    "enemy_at_end": "{subject} ne peut pas finir son mouvement sur l'ennemi {other} en {hex}",
    "cannot_pass_through": UNIT + " ne peut pas traverser {other} ({other_kind}) en {hex}",
    "occupied_at_end": "{subject} ne peut pas finir en {hex} : {other} s'y trouve (2 unités ne "
    "peuvent occuper la même case après chaque mouvement)",
    "stopped_in_occupied": "{subject} s'arrêterait devant le terrain infranchissable en {hex}, "
    "où se trouve {other}",
    "over_allowance": "{subject} : le chemin coûte {cost}, capacité {allowance} pour "
    "{unit_kind} ({cell})",
    "over_one_hex": UNIT + " : jamais plus de 1 en toutes circonstances ({hexes} hex demandés)",
    "no_path": "{subject} : aucun chemin permis jusqu'à {to}",
    "impassable": "{subject} : {hex} est infranchissable",
    "entry_not_adjacent": "{subject} entre par {entry_points_list} : {hex} n'y est pas adjacent",
    "no_entry_point": "{subject} : son camp n'a aucun point d'entrée pour les renforts",
    "entry_out_of_reach": "{subject} entre avec {leader}, qui l'a activée, par un point "
    "d'entrée à portée de commandement de ce chef "
    "({entry_points_list}) : {hex} est hors de sa portée",
}

_ROAD_EN = {
    "off_road": "{subject}: road march refused, {hex} is off the road (path so far {path_list})",
    "not_one_road": "{subject}: road march refused, {hex} is on another road (one continuous "
    "road only)",
    "start_off_road": "{subject}: road march refused, the unit does not start on a road ({hex})",
    "end_off_road": "{subject}: road march refused, {hex} is not a road hex",
    "no_road_path": "{subject}: road march refused, no free path along one road to {to}",
    "no_road_move": "{subject}: a road march needs a move along the road",
    "at_most_one": UNIT + ": never more than 1 hex in any circumstance, no road bonus",
}
_ROAD_FR = {
    "off_road": "{subject} : marche sur route refusée, {hex} n'est pas sur la route "
    "(hexagone supplémentaire impossible)",
    "not_one_road": "{subject} : marche sur route refusée, {hex} est sur une autre route "
    "(une même route continue)",
    "start_off_road": "{subject} : marche sur route refusée, l'unité n'était pas sur la route "
    "({hex})",
    "end_off_road": "{subject} : marche sur route refusée, {hex} n'est pas un hexagone de route",
    "no_road_path": "{subject} : marche sur route refusée, aucun chemin libre le long d'une "
    "même route jusqu'à {to}",
    "no_road_move": "{subject} : une marche sur route demande un mouvement le long de la route",
    "at_most_one": UNIT + " : jamais plus de 1 en toutes circonstances, pas de bonus de route",
}
_MOUNTED_EN = {
    "not_mounted_infantry": UNIT + ": only infantry equipped with mounts (trait "
    "`mounted_infantry`) moves mounted",
    "at_most_one": UNIT + ": never more than 1 hex in any circumstance, no mounted bonus",
    "not_cumulative": "{subject}: the mounted bonus does not add to the road bonus here",
}
_MOUNTED_FR = {
    "not_mounted_infantry": UNIT + " : seule l'infanterie équipée de montures (trait "
    "`mounted_infantry`) se déplace montée",
    "at_most_one": UNIT + " : jamais plus de 1 en toutes circonstances, pas de bonus "
    "d'infanterie montée",
    "not_cumulative": "{subject} : le bonus d'infanterie montée ne se cumule pas ici avec la route",
}

# the state's removal reasons, and table edges, in words
_WORDS = {"why": "removal", "edges": "edge", "exits": "edge", "phase": "phase"}


def _kinds(data: Mapping[str, Any], lang: str, rs: Any = None) -> dict[str, Any]:
    """``{unit_kind}``: type and weight labels of the ruleset, agreeing (« Éléphants
    lourds »); ``{other_kind}`` for the unit crossed."""
    out: dict[str, Any] = {}
    if "type_label" in data or "weight_label" in data:
        out["unit_kind"] = unit_kind(
            str(data.get("type_label", "")), str(data.get("weight_label", ""))
        ).strip()
    if "other_type" in data:
        other_type, other_weight = str(data.get("other_type")), str(data.get("other_weight", ""))
        if rs is not None:
            out["other_kind"] = unit_kind(rs.type_label(other_type), rs.weight_label(other_weight))
        else:
            out["other_kind"] = f"{other_type} {word('weight', other_weight, lang)}".strip()
    return out


DERIVED = {
    code: _kinds
    for code in (
        "move.applied",
        "move.entered",
        "move.stopped",
        "move.left_table",
        "move.refused",
        "move.road_refused",
        "move.mounted_refused",
    )
}

TEMPLATES: dict[str, dict[str, str]] = {
    "move.applied": {
        "en": Text(
            UNIT + " moves {from} → {to} via {path_list}: cost {cost} of {allowance}",
            clauses=_MOVE_CLAUSES_EN,
        ),
        "fr": Text(
            UNIT + " se déplace de {from} à {to} par {path_list} : coût {cost} sur une "
            "capacité de {allowance}",
            clauses=_MOVE_CLAUSES_FR,
        ),
    },
    "move.entered": {
        "en": Text(
            UNIT + " enters the table from {from} to {to} via {path_list}: cost {cost} of "
            "{allowance}",
            clauses=_MOVE_CLAUSES_EN,
        ),
        "fr": Text(
            UNIT + " entre sur la table depuis {from} jusqu'à {to} par {path_list} : coût "
            "{cost} sur {allowance}",
            clauses=_MOVE_CLAUSES_FR,
        ),
    },
    "move.stopped": {
        "en": Text(
            UNIT + " stops in {to} before {blocked_hex} ({blocked_label}, impassable): "
            "moved {hexes:# hex|# hexes}, cost {cost} of {allowance}",
            clauses=_MOVE_CLAUSES_EN,
        ),
        "fr": Text(
            UNIT + " s'arrête en {to} devant {blocked_hex} ({blocked_label}, "
            "infranchissable) : {hexes:# hex parcouru|# hex parcourus}, coût {cost} sur "
            "{allowance}",
            clauses=_MOVE_CLAUSES_FR,
        ),
    },
    "move.left_table": {
        "en": Text(
            UNIT + " leaves the table at {to} ({edges_list} edge): it counts as a loss",
            clauses=(("leaders", None, "; with it: {leaders_list}"),),
            words=_WORDS,
        ),
        "fr": Text(
            UNIT + " sort de la table en {to} (bord {edges_list}) : elle compte en perte",
            clauses=(("leaders", None, " ; avec elle : {leaders_list}"),),
            words=_WORDS,
        ),
    },
    "move.leader_applied": {
        "en": Text(
            "{subject} (alone, {cell}) moves {from} → {to} via {path_list}: cost {cost} of "
            "{allowance}",
            clauses=(
                ("chosen", True, " (path chosen by the referee)"),
                ("detached_from", None, "; leaves {detached_from}"),
                ("crossed", None, "; crosses {crossed_list}"),
                ("fleeing", True, "; fleeing"),
            ),
        ),
        "fr": Text(
            "{subject} (personnage isolé, {cell}) se déplace de {from} à {to} par "
            "{path_list} : coût {cost} sur {allowance}",
            clauses=(
                ("chosen", True, " (chemin choisi par l'arbitre)"),
                ("detached_from", None, " ; quitte {detached_from}"),
                ("crossed", None, " ; traverse {crossed_list}"),
                ("fleeing", True, " ; en fuite"),
            ),
        ),
    },
    "move.leader_stopped": {
        "en": "{subject} (alone) stops in {to} before {blocked_hex} ({blocked_label}, impassable)",
        "fr": "{subject} (personnage isolé) s'arrête en {to} devant {blocked_hex} "
        "({blocked_label}, infranchissable)",
    },
    "move.leader_left_table": {
        "en": "{subject} leaves the table at {to}: not a loss, but he may not come back",
        "fr": "{subject} sort de la table en {to} : il ne compte pas en perte mais ne peut plus "
        "revenir de toute la partie",
    },
    "move.refused": {
        "en": Text("{subject}: move refused ({reason})", variants=_REFUSED_EN, words=_WORDS),
        "fr": Text("{subject} : mouvement refusé ({reason})", variants=_REFUSED_FR, words=_WORDS),
    },
    "move.road_refused": {
        "en": Text("{subject}: road march refused ({reason})", variants=_ROAD_EN),
        "fr": Text("{subject} : marche sur route refusée ({reason})", variants=_ROAD_FR),
    },
    "move.mounted_refused": {
        "en": Text("{subject}: mounted move refused ({reason})", variants=_MOUNTED_EN),
        "fr": Text("{subject} : mouvement monté refusé ({reason})", variants=_MOUNTED_FR),
    },
    "move.pre_played_cleared": {
        "en": "End of the movement phase: pré-joué tokens removed from {units_list}",
        "fr": "Fin de la phase de déplacements : jetons « pré-joué » retirés ({units_list})",
    },
    "move.stationary": {
        "en": "End of the movement phase: {units_list} did not move (stationary)",
        "fr": "Fin de la phase de déplacements : {units_list} ne se sont pas déplacées (immobiles)",
    },
    "move.defensive_position": {
        "en": "{subject} did not move: wagon-borne infantry in its defensive position at {at} "
        "(counts as behind a palisade)",
        "fr": "{subject} ne s'est pas déplacée : infanterie portée sur chariots en position "
        "défensive en {at} (compte comme derrière une palissade)",
    },
}

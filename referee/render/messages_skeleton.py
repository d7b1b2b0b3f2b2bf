"""The comments of an orders or choices skeleton (``referee orders``), English and
French side by side: the ``sk.`` part of the one catalogue
(``referee/render/catalogue.py``), and :func:`said`, which words a line of
``referee.core.skeleton`` (a :class:`~referee.core.skeleton.Said`: its English text,
code and data) in a language.

In English the skeleton's lines are written as the engine built them (this module is
not imported); the English texts here are the same sentences (a test compares them).
The orders themselves (``activate HANNIBAL: C3 C4``, ``C1 melee E1``) are the file
format's notation and keep its English keywords in every language, as the YAML keys do
(docs/formats.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.render.catalogue import (
    CATALOGUE,
    DERIVED,
    cite,
    fill,
    pick,
    register,
    unit_kind,
    word,
)

SK: dict[str, tuple[str, str]] = {
    # -- activation ---------------------------------------------------------------------
    "sk.activation.header": (
        "Command phase: {units} units of {side} on the table, so {allowed} activation(s) of "
        "at most {max_units} units each ({source}).",
        "Phase de commandement : {units:# unité|# unités} de {side} sur la table, donc "
        "{allowed:# activation|# activations} d'au plus {max_units:# unité|# unités} chacune "
        "({source_words}).",
    ),
    "sk.activation.how": (
        "An activation names one leader and the units he activates: each within his command "
        "range (counted to the unit's hex: range 1 = adjacent). A leader leads one "
        "activation; a unit is activated once per player-turn; only activated units move and "
        "start a combat.",
        "Une activation nomme un chef et les unités qu'il active : chacune dans son rayon de "
        "commandement (compté jusqu'à l'hex de l'unité : rayon 1 = adjacente). Un chef mène "
        "une activation ; une unité est activée une fois par tour de joueur ; seules les "
        "unités activées se déplacent et engagent un combat.",
    ),
    "sk.activation.done": (
        "Already done this turn: {done} of {allowed} ({listed}).",
        "Déjà faites ce tour : {done} sur {allowed} ({listed}).",
    ),
    "sk.activation.none_left": (
        "No activation is left this player-turn: nothing to order.",
        "Plus aucune activation ce tour de joueur : rien à ordonner.",
    ),
    "sk.activation.where_off": (
        "with {unit}, off the table (entry {entries})",
        "avec {unit}, hors de la table (entrée {entries})",
    ),
    "sk.activation.where_entry": (
        "off the table at the entry point {hex} (he need not enter)",
        "hors de la table au point d'entrée {hex} (il peut ne pas entrer)",
    ),
    "sk.activation.where_with": ("with {unit} at {hex}", "avec {unit} en {hex}"),
    "sk.activation.where_at": ("at {hex}", "en {hex}"),
    "sk.activation.leader": (
        "{leader} ({rank}, command range {range}) {where}",
        "{leader} ({rank}, rayon de commandement {range}) {where}",
    ),
    "sk.activation.in_range": (
        "  units in range (distance): {listed}",
        "  unités à portée (distance) : {listed}",
    ),
    "sk.activation.none_in_range": ("  no unit in range", "  aucune unité à portée"),
    "sk.activation.waiting": (
        "  reinforcements in range of an entry point: {listed}",
        "  renforts à portée d'un point d'entrée : {listed}",
    ),
    "sk.activation.isolated": (
        "  isolated leaders he may also activate (any distance): {listed}",
        "  chefs isolés qu'il peut aussi activer (à toute distance) : {listed}",
    ),
    "sk.activation.count": (
        "{n} of at most {max_units} units",
        "{n} sur {max_units:# unité|# unités} au plus",
    ),
    "sk.activation.with_waiting": ("with reinforcements", "avec des renforts"),
    "sk.activation.alone": ("the leader alone, to move him", "le chef seul, pour le déplacer"),
    # -- movement -----------------------------------------------------------------------
    "sk.movement.header": (
        "Movement phase: each activated unit may move once. The allowance is the cell of the "
        "movement table: 'N/M ss cb' = N points keeping the right to fight, up to M without "
        "combat (ss cb); terrain costs points; a road march (whole move on one road, 'road') "
        "gives +1 and no combat.",
        "Phase de déplacements : chaque unité activée peut se déplacer une fois. Le potentiel "
        "est la case de la table de mouvement : « N/M ss cb » = N points en gardant le droit "
        "de combattre, jusqu'à M sans combat (ss cb) ; le terrain coûte des points ; une "
        "marche sur route (tout le déplacement sur une route, `road`) donne +1 et pas de "
        "combat.",
    ),
    "sk.movement.how": (
        "A path lists every hex entered (not the start); 'UNIT to HEX' lets the referee pick "
        "the cheapest path. A unit given no order stays where it is. Moves are made one at a "
        "time in the order written, and two units never end in one hex. `referee moves STATE "
        "UNIT` lists every hex a unit can reach.",
        "Un chemin liste chaque hex où l'on entre (pas celui du départ) ; « UNITÉ to HEX » "
        "laisse l'arbitre choisir le chemin le moins cher. Une unité sans ordre reste où elle "
        "est. Les déplacements se font un à un dans l'ordre écrit, et deux unités ne "
        "finissent jamais dans le même hex. `referee moves ÉTAT UNITÉ` liste chaque hex "
        "qu'une unité peut atteindre.",
    ),
    "sk.movement.none": (
        "No unit of yours is activated and still free to move: nothing to "
        "order (the next phase is combat).",
        "Aucune de vos unités n'est activée et encore libre de se déplacer : "
        "rien à ordonner (la phase suivante est le combat).",
    ),
    "sk.movement.at": ("{hex}", "en {hex}"),
    "sk.movement.off_table": (
        "off the table (enters by {entries})",
        "hors de la table (entre par {entries})",
    ),
    "sk.movement.unit": (
        "{unit} {type} {weight} {start} facing {facing}",
        "{unit} {kind} {start}, face au {facing_word}",
    ),
    "sk.movement.leader": ("{unit} leader {start}", "{unit} chef {start}"),
    "sk.movement.cannot": (
        "  cannot move now ({why})",
        "  ne peut pas se déplacer maintenant ({why_words})",
    ),
    "sk.movement.allowance": (
        'allowance {allowance} (cell "{cell}")',
        "potentiel {allowance} (case « {cell} »)",
    ),
    "sk.movement.all_ss_cb": (
        "; any move is ss cb: it will not fight this turn",
        " ; tout déplacement est ss cb : elle ne combattra pas ce tour",
    ),
    "sk.movement.keeps": (
        "; keeps the right to fight up to {points:# point|# points}, ss cb beyond",
        " ; garde le droit de combattre jusqu'à {points:# point|# points}, ss cb au-delà",
    ),
    "sk.movement.max_hexes": ("; never more than {hexes} hex", " ; jamais plus de {hexes} hex"),
    "sk.movement.points": ("{points:# point|# points}", "{points:# point|# points}"),
    "sk.movement.keeps_combat": (", keeps combat", ", garde le combat"),
    "sk.movement.ss_cb": (", ss cb", ", ss cb"),
    "sk.movement.contact": (", contact {units}", ", contact avec {units}"),
    "sk.movement.road": (
        "road march: {points} points, no combat after",
        "marche sur route : {points:# point|# points}, pas de combat ensuite",
    ),
    "sk.movement.mounted": (
        "mounted: allowance {allowance}, {points} points, no combat after",
        "monté : potentiel {allowance}, {points:# point|# points}, pas de combat ensuite",
    ),
    "sk.movement.no_hex": ("  no hex within reach", "  aucun hex à portée"),
    # -- combat -------------------------------------------------------------------------
    "sk.combat.header": (
        "Combat phase: each activated unit that may still fight attacks one enemy unit, in "
        "melee (adjacent) or by shooting (within its range); combats are resolved one at a "
        "time in the order written. The odds are `referee odds` for the position as it "
        "stands: an earlier combat may change them.",
        "Phase de combat : chaque unité activée qui peut encore combattre attaque une unité "
        "ennemie, en mêlée (adjacente) ou par le tir (à sa portée) ; les combats sont résolus "
        "un à un dans l'ordre écrit. Les chances sont celles de `referee odds` pour la "
        "position telle qu'elle est : un combat antérieur peut les changer.",
    ),
    "sk.combat.unit": (
        "{unit} {type} {weight} at {hex}: cohesion {now}/{max}; shooting "
        "{shooting} range {range}, assault {assault}, melee {melee}",
        "{unit} {kind} en {hex} : cohésion {now}/{max} ; tir {shooting} "
        "portée {range}, assaut {assault}, mêlée {melee}",
    ),
    "sk.combat.evades": (
        "{target} evades to {to}: no combat",
        "{target} esquive vers {to} : pas de combat",
    ),
    "sk.combat.odds": (
        "{dice:# die|# dice}; {unit} loses {loss} on average, routs {rout}",
        "{dice:# dé|# dés} ; {unit} perd {loss} en moyenne, déroute {rout}",
    ),
    "sk.combat.odds_comma": (
        "{dice:# die|# dice}, {unit} loses {loss} on average, routs {rout}",
        "{dice:# dé|# dés}, {unit} perd {loss} en moyenne, déroute {rout}",
    ),
    "sk.combat.odds_only": (
        "; {unit} loses {loss} on average, routs {rout}",
        " ; {unit} perd {loss} en moyenne, déroute {rout}",
    ),
    "sk.combat.riposte": ("; riposte ", " ; riposte "),
    "sk.combat.through": (" (through its {through})", " (par son {through_word})"),
    "sk.combat.no_charge": (
        "{dice:# die|# dice}, not a charge",
        "{dice:# dé|# dés}, pas une charge",
    ),
    "sk.combat.pursuit_contact": (
        "{unit} at {hex} stays in contact with {other} since a pursuit (001 §Poursuite): their "
        "melee is fought in this phase without an order, after the ordered combats; order it "
        "to fight it earlier. It starts no other combat.",
        "{unit} en {hex} reste au contact de {other} depuis une poursuite (001 §Poursuite) : "
        "leur mêlée se livre dans cette phase sans ordre, après les combats ordonnés ; "
        "l'ordonner pour la livrer plus tôt. Elle n'engage aucun autre combat.",
    ),
    "sk.combat.none": (
        "No unit of yours may start a combat now: nothing to order.",
        "Aucune de vos unités ne peut engager de combat maintenant : rien à ordonner.",
    ),
    # -- rout ---------------------------------------------------------------------------
    "sk.rout.header": (
        "Rout phase (001 §Déroute d'une unité): every unit left with no cohesion routs and "
        "leaves play, with its cascade on the friends behind it; no order is needed but the "
        "choices below ('U choose X'). The referee's default applies to any choice left "
        "commented out.",
        "Phase de déroute (001 §Déroute d'une unité) : toute unité sans plus de cohésion part "
        "en déroute et quitte le jeu, avec sa cascade sur les amies derrière elle ; aucun "
        "ordre n'est nécessaire hormis les choix ci-dessous (« U choose X »). Le choix par "
        "défaut de l'arbitre s'applique à tout choix laissé en commentaire.",
    ),
    "sk.rout.none": ("No unit routs this phase.", "Aucune unité en déroute dans cette phase."),
    "sk.rout.unit": ("{unit} ({side}) routs from {hex}", "{unit} ({side}) en déroute depuis {hex}"),
    "sk.rout.theirs": (
        "  {side}'s unit: {side} chooses for it (its choices file), else the "
        "referee's defaults apply",
        "  unité de {side} : {side} choisit pour elle (son fichier de choix), "
        "sinon les choix par défaut de l'arbitre s'appliquent",
    ),
    "sk.rout.flank": (
        "  attacked only in the flank or rear: it first turns to face one of "
        "its attackers (default {default})",
        "  attaquée seulement de flanc ou de dos : elle fait d'abord face à l'un "
        "de ses attaquants (par défaut {default})",
    ),
    "sk.face": ("face {unit}", "faire face à {unit}"),
    "sk.face_at": ("face {unit} at {hex}", "faire face à {unit} en {hex}"),
    "sk.rout.caught_lost": (
        "  {leader} is caught: if he survives the die, no friend within {hexes} hexes (he is lost)",
        "  {leader} est pris : s'il survit au dé, aucune amie à moins de "
        "{hexes} hex (il est perdu)",
    ),
    "sk.rout.caught": (
        "  {leader} is caught: if he survives the die he flees to the nearest "
        "friendly unit ({hexes} hex(es): {units}; default {default}, as the "
        "position stands before the rout)",
        "  {leader} est pris : s'il survit au dé, il fuit vers l'unité amie la "
        "plus proche ({hexes} hex : {units} ; par défaut {default}, selon la "
        "position avant la déroute)",
    ),
    "sk.rout.joins": ("{leader} joins {unit}", "{leader} rejoint {unit}"),
    # -- pursuit ------------------------------------------------------------------------
    "sk.pursuit.header": (
        "Pursuit phase (001 §Poursuite): a unit of yours that routed every enemy it fought in "
        "melee may advance {hexes} hex straight ahead ('U pursue'), with friends aligned "
        "beside it ('U pursue with A B'), or hold. Impetuous winners must pursue unless 001 "
        "excuses them; a winner with an enemy on its flank or rear does not pursue but turns "
        "to face one ('U face X').",
        "Phase de poursuite (001 §Poursuite) : une de vos unités qui a mis en déroute tous "
        "les ennemis qu'elle a combattus en mêlée peut avancer de {hexes} hex droit devant "
        "(« U pursue »), avec les amies alignées à ses côtés (« U pursue with A B »), ou "
        "rester sur place. Les vainqueurs impétueux doivent poursuivre sauf si 001 les en "
        "dispense ; un vainqueur avec un ennemi sur son flanc ou ses arrières ne poursuit "
        "pas mais fait face à l'un d'eux (« U face X »).",
    ),
    "sk.pursuit.none": (
        "No unit of yours won a melee outright: nothing to choose.",
        "Aucune de vos unités n'a gagné une mêlée sans partage : rien à choisir.",
    ),
    "sk.pursuit.winner": (
        "{unit} at {hex} facing {facing} routed {units}",
        "{unit} en {hex}, face au {facing_word}, a mis en déroute {units}",
    ),
    "sk.pursuit.contacted": (
        "  contacted in the flank or rear: it turns to face one enemy (default {default})",
        "  contactée de flanc ou de dos : elle fait face à un ennemi (par défaut {default})",
    ),
    "sk.pursuit.edge": (
        "  the table edge is straight ahead: no pursuit",
        "  le bord de la table est droit devant : pas de poursuite",
    ),
    "sk.pursuit.ahead": ("1 hex {facing} to {hex}", "1 hex vers le {facing_word}, en {hex}"),
    "sk.pursuit.camp": (
        "assaults the fortified camp at {hex} at once: {hits} hit(s) on {on} "
        "take it; it defends with {dice:# die|# dice}",
        "donne aussitôt l'assaut au camp fortifié en {hex} : {hits:# touche|"
        "# touches} {on_words} le prennent ; il se défend avec "
        "{dice:# dé|# dés}",
    ),
    "sk.pursuit.supports": ("with its aligned supports", "avec ses soutiens alignés"),
    "sk.pursuit.impetuous": (
        "  impetuous: it pursues even without an order, unless 001 "
        "excuses it (the report says why)",
        "  impétueuse : elle poursuit même sans ordre, sauf si 001 l'en "
        "dispense (le compte rendu dit pourquoi)",
    ),
    "sk.pursuit.hold": ("no pursuit (the same as no order)", "pas de poursuite (comme sans ordre)"),
    # -- a unit owner's choices -----------------------------------------------------------
    "sk.choices.header": (
        "Choices of {side} as the owner of its units, for the {phase} phase of {player} (turn "
        "{turn}). A choice left commented out takes the referee's default. This file is bound "
        "to this position and, from the other player, to the orders it answers: send it back "
        "to be given to `referee adjudicate --choices`.",
        "Choix de {side}, propriétaire de ses unités, pour la {phase_title} de {player} "
        "(tour {turn}). Un choix laissé en commentaire prend le choix par défaut de "
        "l'arbitre. Ce fichier est lié à cette position et, venant de l'autre joueur, aux "
        "ordres auxquels il répond : le renvoyer pour le donner à `referee adjudicate "
        "--choices`.",
    ),
    "sk.choices.contacted": (
        "{unit} routed {units} but is contacted in the flank or rear: it "
        "faces one enemy in contact, of your choice (001 §Poursuite; "
        "default {default})",
        "{unit} a mis en déroute {units} mais est contactée de flanc ou "
        "de dos : elle fait face à un ennemi au contact, à votre choix "
        "(001 §Poursuite ; par défaut {default})",
    ),
    "sk.choices.conform": (
        "{unit} at {hex} facing {facing} is contacted in its flank or rear "
        "by a pursuit: it may conform (turn to face the pursuer) before the "
        "combat, or not (default: it conforms)",
        "{unit} en {hex}, face au {facing_word}, est contactée de flanc ou "
        "de dos par une poursuite : elle peut se conformer (faire face au "
        "poursuivant) avant le combat, ou non (par défaut : elle se "
        "conforme)",
    ),
    "sk.choices.conform_keeps": (
        "{unit} at {hex} facing {facing} is contacted in its flank or "
        "rear by a pursuit: it may conform (turn to face the pursuer) "
        "before the combat, or not (default: it keeps its facing, "
        "house rules `silent_conform = keeps_facing`)",
        "{unit} en {hex}, face au {facing_word}, est contactée de "
        "flanc ou de dos par une poursuite : elle peut se conformer "
        "(faire face au poursuivant) avant le combat, ou non (par "
        "défaut : elle garde son orientation, règle maison "
        "`silent_conform = keeps_facing`)",
    ),
    "sk.choices.conform_yes": ("turn to face the pursuer", "faire face au poursuivant"),
    "sk.choices.conform_no": ("keep its facing", "garder son orientation"),
    "sk.choices.reaction": (
        "{unit} {type} {weight}: standing reaction to a charge {now}; a "
        "change takes effect when this phase ends",
        "{unit} {kind} : réaction permanente à une charge : {now_word} ; "
        "un changement prend effet à la fin de cette phase",
    ),
    "sk.choices.now": ("now: {now}", "actuellement : {now_word}"),
    "sk.choices.none": (
        "{side} has no decision to make in this phase.",
        "{side} n'a aucune décision à prendre dans cette phase.",
    ),
    # -- the file's own head --------------------------------------------------------------
    "sk.file.orders": (
        "# Orders of {player}: turn {turn}, {phase} phase ({ruleset}, game {game}).\n"
        "# Written by `referee orders`. To give an order, delete the '# ' in front of its\n"
        "# '- ...' line (keep the two spaces of indentation), and edit it if you like. An\n"
        "# order left commented out is no order: as it stands this file orders nothing.\n"
        "# Then:",
        "# Ordres de {player} : tour {turn}, {phase_title} ({ruleset}, partie {game}).\n"
        "# Écrit par `referee orders`. Pour donner un ordre, effacer le '# ' devant sa\n"
        "# ligne '- ...' (garder les deux espaces d'indentation), et la modifier au besoin.\n"
        "# Un ordre laissé en commentaire n'est pas un ordre : tel quel, ce fichier\n"
        "# n'ordonne rien. Ensuite :",
    ),
    "sk.file.choices": (
        "# Choices of {by} for turn {turn}, {player}'s {phase} phase ({ruleset}, game {game}).\n"
        "# Written by `referee orders --choices`. To make a choice, delete the '# ' in front "
        "of its\n"
        "# '- ...' line. A choice left commented out takes the referee's default. Send this "
        "file\n"
        "# to the player who adjudicates: referee adjudicate {state} ORDERS --choices {here}",
        "# Choix de {by} pour le tour {turn}, {phase_title} de {player} ({ruleset}, partie "
        "{game}).\n"
        "# Écrit par `referee orders --choices`. Pour faire un choix, effacer le '# ' devant sa\n"
        "# ligne '- ...'. Un choix laissé en commentaire prend le choix par défaut de "
        "l'arbitre.\n"
        "# Envoyer ce fichier au joueur qui arbitre : referee adjudicate {state} ORDRES "
        "--choices {here}",
    ),
    "sk.file.after": (
        "# the position: hash of the last history entry",
        "# la position : empreinte de la dernière entrée de l'historique",
    ),
    "sk.file.orders_hash": (
        "# the orders these choices answer (reveal excluded)",
        "# les ordres auxquels ces choix répondent (révélation exclue)",
    ),
}

register(SK)


def _phase_title(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    return {"phase_title": word("phase_title", data["phase"], lang)} if "phase" in data else {}


for _key in ("sk.file.orders", "sk.file.choices"):
    DERIVED[_key] = _phase_title

_REACTION = {"evade": ("evade", "esquiver"), "stand": ("stand", "tenir")}


def said(line: str, lang: str, rs: Any = None) -> str:
    """A line of the skeleton in ``lang`` (its English as it is)."""
    code = getattr(line, "code", None)
    if lang == "en" or code is None:
        return str(line)
    data: Mapping[str, Any] = getattr(line, "data", {})
    if code == "join":
        return "".join(said(p, lang, rs) for p in data.get("parts", ()))
    if code == "indent":
        return "  " + said(data["line"], lang, rs)
    values: dict[str, Any] = {}
    for key, value in data.items():
        values[key] = said(value, lang, rs) if getattr(value, "code", None) else value
    if lang == "fr" and isinstance(values.get("loss"), str):  # 0,5 in French
        values["loss"] = values["loss"].replace(".", ",")
    values.update(_words(values, lang, rs))
    entry = CATALOGUE.get(f"sk.{code}")
    if entry is None:  # a line the catalogue does not know: its English
        return str(line)
    return fill(pick(entry, lang), values, lang)


def _words(data: Mapping[str, Any], lang: str, rs: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if "type" in data and "weight" in data:
        if rs is not None:
            out["kind"] = unit_kind(rs.type_label(data["type"]), rs.weight_label(data["weight"]))
        else:
            out["kind"] = f"{data['type']} {word('weight', data['weight'], lang)}"
    if "source" in data:
        out["source_words"] = cite(str(data["source"]), lang).replace("\n", " ; ")
    if "now" in data and isinstance(data["now"], str):
        pair = _REACTION.get(data["now"])
        out["now_word"] = pair[1] if pair and lang == "fr" else data["now"]
    if "phase" in data:
        out["phase_title"] = word("phase_title", data["phase"], lang)
    if "on" in data:
        out["on_words"] = _hit_by(str(data["on"]), lang)
    if data.get("event_code"):
        from referee.render.messages import message

        out["why_words"] = message(
            str(data["event_code"]), data.get("unit"), data.get("event_data") or {}, lang, rs
        )
    elif "why" in data:
        out["why_words"] = str(data["why"]).replace("_", " ")
    return out


def _hit_by(symbol: str, lang: str) -> str:
    """``infantry`` (the symbol that hurts a camp) -> ``du symbole infanterie``."""
    if lang != "fr":
        return f"on {symbol}"
    return "du symbole " + word("category", symbol, lang)

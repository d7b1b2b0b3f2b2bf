"""The texts of the pages a browser opens: the orders page (``referee orders --html``)
and the replay of a whole game (``referee history --html``), English and French side
by side (the ``ui.page.`` and ``ui.replay.`` part of the one catalogue).

The orders page's script fills the ``{name}`` fields itself (``page/orders.js``), so
those templates use plain fields only (no counts agreeing with their noun).
"""

from __future__ import annotations

from referee.render.catalogue import register

PAGES: dict[str, tuple[str, str]] = {
    # -- the orders page -------------------------------------------------------------------
    "ui.page.title": (
        "Orders of {player}: turn {turn}, {phase} ({game})",
        "Ordres de {player} : tour {turn}, {phase} ({game})",
    ),
    "ui.page.rules": ("This phase's rules and limits", "Les règles et limites de cette phase"),
    "ui.page.choices": ("Choices", "Choix"),
    "ui.page.orders": ("Orders given", "Ordres donnés"),
    "ui.page.none_yet": (
        "No order yet: click a counter on the map.",
        "Aucun ordre pour l'instant : cliquez un pion sur la carte.",
    ),
    "ui.page.save": ("Save the orders file", "Enregistrer le fichier d'ordres"),
    "ui.page.copy": ("Copy the text (for a mail)", "Copier le texte (pour un courriel)"),
    "ui.page.copied": (
        "Copied: paste it into your mail.",
        "Copié : collez-le dans votre courriel.",
    ),
    "ui.page.copy_failed": (
        "The browser refused to copy: select the text below and copy it.",
        "Le navigateur a refusé de copier : sélectionnez le texte ci-dessous et copiez-le.",
    ),
    "ui.page.remove": ("remove", "retirer"),
    "ui.page.add": ("Give this order", "Donner cet ordre"),
    "ui.page.cancel": ("Cancel", "Annuler"),
    "ui.page.refused": ("Refused: {reason}", "Refusé : {reason}"),
    "ui.page.saved": (
        "Saved as {file} (in your downloads). Then: referee validate {state} {file}",
        "Enregistré sous {file} (dans vos téléchargements). Ensuite : "
        "referee validate {state} {file}",
    ),
    "ui.page.nothing": ("Nothing to order in this phase.", "Rien à ordonner dans cette phase."),
    "ui.page.info": ("information", "information"),
    "ui.page.pick_other": (
        "Click a unit (or its button): its choices.",
        "Cliquez une unité (ou son bouton) : ses choix.",
    ),
    "ui.page.r_has_order": (
        "{unit} already has an order ({orders}): remove it first",
        "{unit} a déjà un ordre ({orders}) : retirez-le d'abord",
    ),
    "ui.page.r_hex_taken": (
        "{hex} is already the destination of {unit}: two units never end in one hex",
        "{hex} est déjà la destination de {unit} : deux unités ne "
        "finissent jamais dans un même hex",
    ),
    "ui.page.r_unit_activated": (
        "{unit} is already in {leader}'s activation (once per turn)",
        "{unit} est déjà dans l'activation de {leader} (une seule fois par tour)",
    ),
    "ui.page.r_leader_used": (
        "{leader} already leads an activation",
        "{leader} mène déjà une activation",
    ),
    "ui.page.r_limit": (
        "activation limit reached: {count} this player-turn, all given",
        "limite d'activations atteinte : {count} ce tour de joueur, toutes données",
    ),
    "ui.page.r_too_many": (
        "{leader} activates at most {n} units at once",
        "{leader} active au plus {n} unités à la fois",
    ),
    "ui.page.r_not_offered": (
        "{unit}: nothing to order for it in this phase",
        "{unit} : rien à lui ordonner dans cette phase",
    ),
    "ui.page.act_pick": (
        "Pick a leader (his star on the map, or below): his command range "
        "is drawn, then click the units he activates.",
        "Choisissez un chef (son étoile sur la carte, ou ci-dessous) : sa "
        "portée de commandement est tracée, puis cliquez les unités qu'il "
        "active.",
    ),
    "ui.page.act_leader": (
        "{leader}: command range {range} (shaded); click up to {n} units in it (yellow).",
        "{leader} : portée de commandement {range} (en bleu) ; cliquez "
        "jusqu'à {n} unités dedans (en jaune).",
    ),
    "ui.page.act_in_range": ("in range (distance):", "à portée (distance) :"),
    "ui.page.act_waiting": ("reinforcements:", "renforts :"),
    "ui.page.act_leaders": ("isolated leaders:", "chefs isolés :"),
    "ui.page.act_alone": ("the leader alone", "le chef seul"),
    "ui.page.act_limits": (
        "Activations given: {n} of {count}; at most {each} units each.",
        "Activations données : {n} sur {count} ; au plus {each} unités chacune.",
    ),
    "ui.page.act_selected": ("{n} chosen:", "{n} choisies :"),
    "ui.page.mv_pick": (
        "Click an activated unit (yellow): every hex it can reach is shaded.",
        "Cliquez une unité activée (en jaune) : chaque hex qu'elle peut atteindre est coloré.",
    ),
    "ui.page.mv_keeps": ("keeps the right to fight", "garde le droit de combattre"),
    "ui.page.mv_sscb": ("ss cb (no combat this turn)", "ss cb (sans combat ce tour)"),
    "ui.page.mv_dest": (
        "{hex}: {cost} points spent, {combat}",
        "{hex} : {cost} points dépensés, {combat}",
    ),
    "ui.page.mv_facing": ("facing at the end:", "face à l'arrivée :"),
    "ui.page.mv_road": ("road march", "marche sur route"),
    "ui.page.mv_mounted": ("mounted", "montée"),
    "ui.page.mv_legend": (
        "Green: keeps the right to fight; orange: ss cb; the number: the "
        "points it costs. Click a hex: its path.",
        "Vert : garde le droit de combattre ; orange : ss cb ; le nombre : "
        "les points dépensés. Cliquez un hex : son chemin.",
    ),
    "ui.page.mv_pick_hex": (
        "Click a shaded hex to see the path and pick the facing.",
        "Cliquez un hex coloré pour voir le chemin et choisir la face.",
    ),
    "ui.page.mv_off": ("{hex} is out of reach of {unit}", "{hex} est hors de portée de {unit}"),
    "ui.page.cb_pick": (
        "Click one of your units that may fight (yellow): its targets are "
        "marked with the chance that they rout; click a target to attack it.",
        "Cliquez une de vos unités qui peut combattre (en jaune) : ses cibles "
        "sont marquées avec leur chance de déroute ; cliquez une cible pour "
        "l'attaquer.",
    ),
    "ui.page.cb_melee": ("melee", "mêlée"),
    "ui.page.cb_shoot": ("shooting", "tir"),
    "ui.page.cb_target_loses": (
        "{unit} loses {n} on average, routs {p}",
        "{unit} perd {n} en moyenne, déroute {p}",
    ),
    "ui.page.cb_attacker_loses": (
        "riposte: {unit} loses {n} on average, routs {p}",
        "riposte : {unit} perd {n} en moyenne, déroute {p}",
    ),
    "ui.page.cb_routs": (
        "{unit} routs with probability {n} ({p})",
        "{unit} part en déroute avec une probabilité de {n} ({p})",
    ),
    "ui.page.cb_lost": ("cohesion lost", "cohésion perdue"),
    "ui.page.cb_probability": ("probability", "probabilité"),
    "ui.page.left_activation": (
        "Checked here: each leader once, each unit once, the command range, the number of "
        "activations and of units. The file as a whole is checked by `referee validate "
        "{state} FILE` (what `referee adjudicate` would do).",
        "Vérifié ici : chaque chef une fois, chaque unité une fois, la portée de "
        "commandement, le nombre d'activations et d'unités. Le fichier entier est vérifié "
        "par `referee validate {state} FICHIER` (ce que ferait `referee adjudicate`).",
    ),
    "ui.page.left_movement": (
        "Checked here: one move a unit, two units never end in one hex, each path is one the "
        "referee computed. Left to `referee validate {state} FILE`: moves are made one at a "
        "time in the order written, so a hex freed or crossed by an earlier move is checked "
        "there.",
        "Vérifié ici : un mouvement par unité, deux unités ne finissent jamais dans un même "
        "hex, chaque chemin est un de ceux que l'arbitre a calculés. Laissé à `referee "
        "validate {state} FICHIER` : les mouvements se font un à un dans l'ordre écrit, un "
        "hex libéré ou traversé par un mouvement précédent y est vérifié.",
    ),
    "ui.page.left_combat": (
        "Checked here: one attack a unit, each on a target in reach. Left to `referee "
        "validate {state} FILE`: combats are resolved one at a time in the order written; "
        "an earlier combat may change the odds shown or make a later attack impossible.",
        "Vérifié ici : une attaque par unité, chacune sur une cible à portée. Laissé à "
        "`referee validate {state} FICHIER` : les combats se résolvent un à un dans l'ordre "
        "écrit ; un combat précédent peut changer les chances affichées ou rendre une "
        "attaque suivante impossible.",
    ),
    "ui.page.left_rout": (
        "Checked here: one choice a unit or leader. The file as a whole is checked by "
        "`referee validate {state} FILE`.",
        "Vérifié ici : un choix par unité ou chef. Le fichier entier est vérifié par "
        "`referee validate {state} FICHIER`.",
    ),
    "ui.page.left_pursuit": (
        "Checked here: one choice a unit. Left to `referee validate {state} FILE`: pursuits "
        "are made in the order written, and a supporting unit is checked there.",
        "Vérifié ici : un choix par unité. Laissé à `referee validate {state} FICHIER` : les "
        "poursuites se font dans l'ordre écrit, et une unité de soutien y est vérifiée.",
    ),
    "ui.page.file_comment": (
        "Orders of {player}: turn {turn}, {phase} phase ({ruleset}, game {game}).\n"
        "Written by the orders page of `referee orders --html`. Then:\n"
        "  referee validate {state} THIS-FILE\n"
        "  referee adjudicate {state} THIS-FILE -o NEXT.yaml",
        "Ordres de {player} : tour {turn}, phase {phase} ({ruleset}, partie {game}).\n"
        "Écrit par la page d'ordres de `referee orders --html`. Ensuite :\n"
        "  referee validate {state} CE-FICHIER\n"
        "  referee adjudicate {state} CE-FICHIER -o SUITE.yaml",
    ),
    "ui.page.file_two_party": (
        "Two-party dice: add your reveal before you send it:\n"
        "  referee seed reveal {state} THIS-FILE --secret SECRET --in-place",
        "Dés à deux : ajoutez votre révélation avant de l'envoyer :\n"
        "  referee seed reveal {state} CE-FICHIER --secret SECRET --in-place",
    ),
    "ui.page.footer": (
        "Made by referee {version} (`referee orders --html`), from the same "
        "engine as `referee orders` and `referee moves`; it works offline.",
        "Produit par referee {version} (`referee orders --html`), avec le "
        "même moteur que `referee orders` et `referee moves` ; elle marche "
        "hors ligne.",
    ),
    "ui.page.written": (
        "{file}: the orders page of {player}, {phase} phase of turn {turn}; "
        "open it in a browser, then save the orders file",
        "{file} : la page d'ordres de {player}, phase {phase} du tour {turn} ; "
        "ouvrez-la dans un navigateur, puis enregistrez le fichier d'ordres",
    ),
    # -- the replay page -------------------------------------------------------------------
    "ui.replay.title": (
        "{ruleset} — {game}: the whole game",
        "{ruleset} — {game} : toute la partie",
    ),
    "ui.replay.first": ("First", "Début"),
    "ui.replay.previous": ("Previous", "Précédente"),
    "ui.replay.next": ("Next", "Suivante"),
    "ui.replay.last": ("Last", "Fin"),
    "ui.replay.keys": (
        "Arrow keys: previous and next step; Home and End: first and last.",
        "Flèches : étape précédente et suivante ; Début et Fin : première et dernière.",
    ),
    "ui.replay.start": ("The initial position", "La position initiale"),
    "ui.replay.commit": (
        "{player} commits to his dice secret",
        "{player} s'engage sur son secret de dés",
    ),
    "ui.replay.rollback": (
        "Rollback to history entry {index}",
        "Retour à l'entrée {index} de l'historique",
    ),
    "ui.replay.steps": ("the steps of the game", "les étapes de la partie"),
    "ui.replay.step": ("step {n} of {count}", "étape {n} sur {count}"),
    "ui.replay.footer": (
        "Made by referee {version} (`referee history --html`): every phase "
        "replayed from the record; it works offline.",
        "Produit par referee {version} (`referee history --html`) : chaque "
        "phase rejouée depuis l'historique ; elle marche hors ligne.",
    ),
    "ui.replay.written": (
        "{file}: the whole game, {n:# step|# steps}",
        "{file} : toute la partie, {n:# étape|# étapes}",
    ),
}

register(PAGES)

register(
    {
        "problem.cli.html_with_choices": (
            "--html writes the orders page of the phasing player; a choices file has none",
            "--html écrit la page d'ordres du joueur en phase ; un fichier de choix n'en a pas",
        ),
        "problem.cli.html_with_choices.hint": (
            "drop --choices, or --html",
            "retirer --choices, ou --html",
        ),
    }
)

register(
    {
        "problem.cli.nothing_to_replay": (
            "the state has no history to replay",
            "l'état n'a pas d'historique à rejouer",
        ),
        "problem.cli.nothing_to_replay.hint": (
            "a state written by `referee adjudicate` has one",
            "un état écrit par `referee adjudicate` en a un",
        ),
    }
)

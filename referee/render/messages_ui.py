"""The views' texts (report, ``show``, ``moves``, ``odds``, ``history``, ``verify``,
``rulesets``, the maps' legends, the HTML report, errors), English and French side by
side: the ``ui.`` part of the one catalogue (``referee/render/catalogue.py``).

Each entry is ``id: (English, French)``; placeholders are ``str.format`` fields, a
count agrees with its noun as ``{n:# unit|# units}``. Rule terms stay the rules'
words in both languages (``ss cb``, ``pré-joué``, ``déroute``).
"""

from __future__ import annotations

from referee.render.catalogue import register

UI: dict[str, tuple[str, str]] = {
    # -- the adjudication report ---------------------------------------------------------
    "ui.report.title": (
        "{ruleset} — {game}: turn {turn}, {player}, {phase}",
        "{ruleset} — {game} : tour {turn}, {player}, {phase}",
    ),
    "ui.report.replayed": (
        "history entry {index}, replayed",
        "entrée {index} de l'historique, rejouée",
    ),
    "ui.show.after_entry": (
        "after history entry {index}",
        "après l'entrée {index} de l'historique",
    ),
    "ui.report.practice": (
        "PRACTICE DICE (random, not this game's dice: those are not available yet)",
        "DÉS D'ENTRAÎNEMENT (au hasard, pas les dés de la partie : ils ne "
        "sont pas encore disponibles)",
    ),
    "ui.report.ruling": ("ruling", "décision"),
    "ui.report.rule": ("rule", "règle"),
    "ui.report.nothing": ("Nothing to rule in this phase.", "Rien à décider dans cette phase."),
    "ui.report.rolls": ("Dice rolled", "Dés lancés"),
    "ui.report.armies": ("Army break check", "Contrôle de déroute de l'armée"),
    "ui.report.side": ("side", "camp"),
    "ui.report.cohesion": ("army cohesion", "cohésion de l'armée"),
    "ui.report.losses": ("losses", "pertes"),
    "ui.report.gauge": ("toward the break point", "vers le point de rupture"),
    "ui.report.detail": ("detail", "détail"),
    "ui.report.broken": ("BROKEN", "EN DÉROUTE"),
    "ui.report.margin": ("{margin:# point|# points} to break", "encore {margin:# point|# points}"),
    "ui.report.strict": (
        "--strict: {refused:# order|# orders} refused, nothing written",
        "--strict : {refused:# ordre refusé|# ordres refusés}, rien n'est écrit",
    ),
    "ui.report.dry_run": ("--dry-run: nothing written", "--dry-run : rien n'est écrit"),
    "ui.report.practice_footer": (
        "the dice above are practice dice",
        "les dés ci-dessus sont des dés d'entraînement",
    ),
    "ui.report.written": (
        "new state: {path} (next: turn {turn}, {player}, {phase})",
        "nouvel état : {path} (ensuite : tour {turn}, {player}, {phase})",
    ),
    "ui.report.after": (
        "after it: turn {turn}, {player}, {phase}",
        "ensuite : tour {turn}, {player}, {phase}",
    ),
    "ui.report.game_over": (
        "GAME OVER: {outcome} ({broken})",
        "PARTIE TERMINÉE : {outcome} ({broken})",
    ),
    "ui.report.html_written": ("HTML report: {path}", "Rapport HTML : {path}"),
    # -- show ------------------------------------------------------------------------------
    "ui.show.title": (
        "{ruleset} — {game} — turn {turn}, {player} to play, next phase: {phase}",
        "{ruleset} — {game} — tour {turn}, {player} joue, phase suivante : {phase}",
    ),
    "ui.show.game_over": ("GAME OVER: {outcome}", "PARTIE TERMINÉE : {outcome}"),
    "ui.show.to_move": ("player to move", "joueur au trait"),
    "ui.show.id": ("id", "id"),
    "ui.show.unit": ("unit", "unité"),
    "ui.show.type": ("type", "type"),
    "ui.show.weight": ("weight", "poids"),
    "ui.show.at": ("at", "hex"),
    "ui.show.facing": ("facing", "face"),
    "ui.show.cohesion": ("cohesion", "cohésion"),
    "ui.show.factors": ("fire/assault/melee", "tir/assaut/mêlée"),
    "ui.show.notes": ("traits, status, leader", "traits, état, chef"),
    "ui.show.off_table": ("off table", "hors table"),
    "ui.show.flank_march": ("flank march", "marche de flanc"),
    "ui.show.reinforcement": ("reinforcement", "renfort"),
    "ui.show.leader": ("leader", "chef"),
    "ui.show.name": ("name", "nom"),
    "ui.show.rank": ("rank", "grade"),
    "ui.show.command": ("command", "commandement"),
    "ui.show.attached": ("attached to", "attaché à"),
    "ui.show.status": ("status", "état"),
    "ui.show.with_leader": ("with {leader}", "avec {leader}"),
    "ui.show.camp": ("camp: {at}", "camp : {at}"),
    "ui.show.fortified": (" (fortified)", " (fortifié)"),
    "ui.show.taken": (" TAKEN", " PRIS"),
    "ui.show.tokens": ("order tokens: {tokens}", "jetons d'ordre : {tokens}"),
    "ui.show.edge": ("own edge: {edge}", "bord de table : {edge}"),
    "ui.show.units_present": (
        "{cohesion:# unit|# units} present",
        "{cohesion:# unité présente|# unités présentes}",
    ),
    "ui.show.not_counted": (" ({n} not counted)", " ({n} non comptée(s))"),
    "ui.show.loss_line": (
        "{what}: {count} × {each} = {points}",
        "{what} : {count} × {each} = {points}",
    ),
    "ui.show.loss_line_varied": ("{what}: {count} = {points}", "{what} : {count} = {points}"),
    "ui.show.no_losses": ("none", "aucune"),
    "ui.show.losses_total": (
        "{lines} — total {losses} of {cohesion}: {verdict}",
        "{lines} — total {losses} sur {cohesion} : {verdict}",
    ),
    "ui.show.to_break": ("{margin} to the break point", "{margin} avant la déroute de l'armée"),
    "ui.show.no_side": ("no side {side!r} in this game", "aucun camp {side!r} dans cette partie"),
    # -- the terminal map ------------------------------------------------------------------
    "ui.map.window": (
        "Map: columns {c1}-{c2}, rows {r1}-{r2} of {columns}×{rows} (around "
        "{around}; --around HEX to move the window, a wider or taller "
        "terminal or COLUMNS=N for more)",
        "Carte : colonnes {c1} à {c2}, rangées {r1} à {r2} sur {columns}×{rows} "
        "(autour de {around} ; --around HEX pour déplacer la fenêtre, un terminal "
        "plus large ou plus haut ou COLUMNS=N pour en voir plus)",
    ),
    "ui.map.compact": (
        "Compact view: {why}; each hex is {cell} characters, even columns "
        "half a line lower; --around HEX shows the hexes in full",
        "Vue compacte : {why} ; chaque hex fait {cell} caractères, colonnes "
        "paires une demi-ligne plus bas ; --around HEX montre les hex en entier",
    ),
    "ui.map.six_digits": (
        "six-digit hex labels do not fit the hex drawing",
        "les numéros d'hex à six chiffres n'entrent pas dans le dessin",
    ),
    "ui.map.cropped": ("columns {c1}-{c2} are cropped", "les colonnes {c1} à {c2} sont coupées"),
    "ui.map.counter": (
        "Counter: hex label on top; {id}{arrow} id and facing, status "
        "letters; {code}{weight} type and weight, cohesion now/max",
        "Pion : numéro d'hex en haut ; {id}{arrow} id et orientation, lettres "
        "d'état ; {code}{weight} type et poids, cohésion actuelle/max",
    ),
    "ui.map.terrain": ("Terrain:", "Terrain :"),
    "ui.map.marks": ("Hexsides and marks:", "Bords d'hex et marques :"),
    "ui.map.road": ("road", "route"),
    "ui.map.camp": ("camp", "camp"),
    "ui.map.statuses": ("Status:", "État :"),
    "ui.map.leaders": ("Leaders:", "Chefs :"),
    "ui.map.leader_alone": (
        "(a leader alone: his id where a unit would be)",
        "(un chef seul : son id à la place d'une unité)",
    ),
    "ui.map.facing": ("Facing:", "Orientation :"),
    "ui.map.units": ("Units:", "Unités :"),
    "ui.map.weights": ("Weight:", "Poids :"),
    "ui.map.sides": ("Sides:", "Camps :"),
    "ui.map.side": ("{name} (own edge {edge})", "{name} (bord {edge})"),
    "ui.map.off_table": (
        "Off table, {side}: {units}; entry points: {entries}",
        "Hors table, {side} : {units} ; points d'entrée : {entries}",
    ),
    "ui.map.none": ("none", "aucun"),
    # -- the SVG map -----------------------------------------------------------------------
    "ui.svg.title": (
        "{ruleset} — {game} — turn {turn}, {player} to play, next phase: {phase}",
        "{ruleset} — {game} — tour {turn}, {player} joue, phase suivante : {phase}",
    ),
    "ui.svg.phase_title": (
        "{ruleset} — {game} — turn {turn}, {player}, {phase}",
        "{ruleset} — {game} — tour {turn}, {player}, {phase}",
    ),
    "ui.svg.game_over": ("game over: {outcome}", "partie terminée : {outcome}"),
    "ui.svg.camp_of": ("Camp of {side}", "Camp de {side}"),
    "ui.svg.camp_fortified": (" (fortified)", " (fortifié)"),
    "ui.svg.camp_taken": (" — taken", " — pris"),
    "ui.svg.entry": ("Entry point of {side} at {hex}", "Entrée de {side} en {hex}"),
    "ui.svg.entry_word": ("entry", "entrée"),
    "ui.svg.waiting": (" (off table: {units})", " (hors table : {units})"),
    "ui.svg.off_table": ("Off table, {side}: {units}", "Hors table, {side} : {units}"),
    "ui.svg.entries": (" — entry {hexes}", " — entrée {hexes}"),
    "ui.svg.counter": ("Counter", "Pion"),
    "ui.svg.counter_help": (
        "type and weight · id · cohesion now/max; the notch points where it faces",
        "type et poids · id · cohésion actuelle/max ; l'encoche montre son orientation",
    ),
    "ui.svg.badges": ("Badges", "Marques"),
    "ui.svg.last_phase": ("Last phase", "Dernière phase"),
    "ui.svg.moved": ("move", "déplacement"),
    "ui.svg.melee": ("melee", "mêlée"),
    "ui.svg.shooting": ("shooting", "tir"),
    "ui.svg.retreat": ("retreat / evasion", "repli / esquive"),
    "ui.svg.rout": ("rout", "déroute"),
    "ui.svg.pursuit": ("pursuit", "poursuite"),
    "ui.svg.fury": ("elephant fury", "furie des éléphants"),
    "ui.svg.loss": ("cohesion lost", "cohésion perdue"),
    "ui.svg.eliminated": ("removed from play", "retirée du jeu"),
    "ui.svg.gauge": (
        "{side}: losses {losses} / {cohesion}",
        "{side} : pertes {losses} / {cohesion}",
    ),
    "ui.svg.gauge_broken": (
        "{side}: losses {losses} / {cohesion} — BROKEN",
        "{side} : pertes {losses} / {cohesion} — EN DÉROUTE",
    ),
    "ui.svg.army_break": ("Army break (001)", "Déroute de l'armée (001)"),
    "ui.svg.unit_tip": (
        "{id}{name} — {kind} — at {at} — facing {facing} — cohesion {coh} — "
        "shooting {shooting} (range {range}), assault {assault}, melee {melee}",
        "{id}{name} — {kind} — en {at} — face {facing} — cohésion {coh} — "
        "tir {shooting} (portée {range}), assaut {assault}, mêlée {melee}",
    ),
    "ui.svg.traits": (" — traits: {traits}", " — traits : {traits}"),
    "ui.svg.statuses": (" — status: {status}", " — état : {status}"),
    "ui.svg.reaction": (" — reaction: {reaction}", " — réaction : {reaction}"),
    "ui.svg.leader_tip": ("{id} — {name}, {rank} (+{value})", "{id} — {name}, {rank} (+{value})"),
    "ui.svg.hexside_tip": ("{label} {a}-{b}", "{label} {a}-{b}"),
    # -- the HTML report -------------------------------------------------------------------
    "ui.html.rulings": ("Rulings", "Décisions"),
    "ui.html.map": (
        "The map after the phase, with its actions",
        "La carte après la phase, avec ses actions",
    ),
    "ui.html.footer": (
        "Made by referee {version}: every ruling cites its rule; "
        "`referee verify` replays the game from its file.",
        "Produit par referee {version} : chaque décision cite sa règle ; "
        "`referee verify` rejoue la partie depuis son fichier.",
    ),
    # -- moves ----------------------------------------------------------------------------
    "ui.moves.title": ("Where can {unit} go?", "Où peut aller {unit} ?"),
    "ui.moves.hex": ("hex", "hex"),
    "ui.moves.cost": ("cost", "coût"),
    "ui.moves.path": ("path", "chemin"),
    "ui.moves.combat": ("combat", "combat"),
    "ui.moves.note": ("note", "remarque"),
    "ui.moves.ok": ("ok", "oui"),
    "ui.moves.sscb": ("ss cb", "ss cb"),
    "ui.moves.minimum": (
        "minimum move (one hex whatever its cost)",
        "mouvement minimum (un hex quel que soit son coût)",
    ),
    "ui.moves.exit": ("leaves the table", "sort de la table"),
    "ui.moves.entry": ("enters from {entry}", "entre par {entry}"),
    "ui.moves.blocked": ("Neighbouring hexes it cannot enter", "Hexagones voisins interdits"),
    "ui.moves.reason": ("why", "pourquoi"),
    "ui.moves.through": (
        "May cross but not stop in: {hexes}",
        "Peut traverser sans s'y arrêter : {hexes}",
    ),
    "ui.moves.none": ("No hex within reach.", "Aucun hexagone à portée."),
    "ui.moves.cannot": ("Cannot move now: {why}", "Déplacement impossible maintenant : {why}"),
    "ui.moves.header": (
        "{unit} — {what}, {where}: allowance {allowance} (keeps the right to fight up to {combat})",
        "{unit} — {what}, {where} : capacité {allowance} (combat possible jusqu'à {combat})",
    ),
    "ui.moves.header_leader": (
        "{unit} — {what}, {where}: allowance {allowance}",
        "{unit} — {what}, {where} : capacité {allowance}",
    ),
    "ui.moves.at": ("at {hex}", "en {hex}"),
    "ui.moves.off": (
        "off the table (entry points {entries})",
        "hors table (points d'entrée {entries})",
    ),
    "ui.moves.road": ("road march (+ bonus)", "marche sur route (+ bonus)"),
    "ui.moves.mounted": ("mounted (+ bonus)", "infanterie montée (+ bonus)"),
    "ui.moves.one": ("never more than 1 hex", "jamais plus de 1 hex"),
    "ui.moves.rules": ("Rules", "Règles"),
    "ui.moves.enemy": ("enemy unit {other}", "unité ennemie {other}"),
    "ui.moves.enemy_leader": ("enemy leader {other}", "chef ennemi {other}"),
    "ui.moves.impassable": ("impassable ({what})", "infranchissable ({what})"),
    "ui.moves.stacking": (
        "{other} stands there (may cross: {cross})",
        "{other} s'y trouve (traversable : {cross})",
    ),
    "ui.moves.allowance": (
        "costs {cost}, allowance {allowance}",
        "coûte {cost}, capacité {allowance}",
    ),
    "ui.moves.off_table": ("off the table", "hors de la table"),
    "ui.moves.off_road": ("off the road", "hors de la route"),
    "ui.moves.blocked_other": ("not allowed ({reason})", "interdit ({reason})"),
    # -- odds -----------------------------------------------------------------------------
    "ui.odds.title": (
        "{attacker} {kind} {target}: exact odds",
        "{attacker} {kind} {target} : probabilités exactes",
    ),
    "ui.odds.through": (
        "through the target's {through}, {distance:# hex|# hexes} away",
        "par le {through} de la cible, à {distance} hex",
    ),
    "ui.odds.charge": ("a charge", "charge"),
    "ui.odds.no_charge": (
        "not a charge (pursuit contact)",
        "pas une charge (contact de poursuite)",
    ),
    "ui.odds.refused": (
        "This order would be refused now: {reason}",
        "Cet ordre serait refusé maintenant : {reason}",
    ),
    "ui.odds.evades": (
        "{target} evades along {path}: no melee, no dice",
        "{target} esquive par {path} : pas de mêlée, pas de dés",
    ),
    "ui.odds.dice": ("Dice", "Dés"),
    "ui.odds.role": ("role", "rôle"),
    "ui.odds.unit": ("unit", "unité"),
    "ui.odds.factor": ("factor", "facteur"),
    "ui.odds.modifiers": ("modifiers", "modificateurs"),
    "ui.odds.count": ("dice", "dés"),
    "ui.odds.summary": ("Per unit", "Par unité"),
    "ui.odds.cohesion": ("cohesion", "cohésion"),
    "ui.odds.supported": ("supported", "soutenue"),
    "ui.odds.rout": ("routs", "déroute"),
    "ui.odds.expected": ("expected loss", "perte moyenne"),
    "ui.odds.lost": ("cohesion lost", "cohésion perdue"),
    "ui.odds.retreat": ("retreat hexes", "hex de repli"),
    "ui.odds.blocked": ("blocked hexes", "hex impossibles"),
    "ui.odds.outcomes": ("Most likely outcomes", "Résultats les plus probables"),
    "ui.odds.probability": ("probability", "probabilité"),
    "ui.odds.target": ("target {id}", "cible {id}"),
    "ui.odds.attacker": ("attacker {id}", "attaquant {id}"),
    "ui.odds.side_text": (
        "-{lost} coh., retreat {retreat}, blocked {blocked}",
        "-{lost} coh., repli {retreat}, bloqué {blocked}",
    ),
    "ui.odds.routs_mark": (", ROUTS", ", DÉROUTE"),
    "ui.odds.tokens": ("Order tokens gained: {tokens}", "Jetons d'ordre gagnés : {tokens}"),
    "ui.odds.distribution": (
        "Distributions (probability of each number)",
        "Distributions (probabilité de chaque nombre)",
    ),
    "ui.odds.more": (
        "... and {n} less likely outcomes (total probability {p})",
        "... et {n} résultats moins probables (probabilité totale {p})",
    ),
    "ui.odds.no_modifier": ("none", "aucun"),
    # -- rulesets -------------------------------------------------------------------------
    "ui.rulesets.title": ("Rulesets", "Règles"),
    "ui.rulesets.name": ("name", "nom"),
    "ui.rulesets.rtitle": ("title", "titre"),
    "ui.rulesets.version": ("version", "version"),
    "ui.rulesets.types": ("unit types", "types d'unités"),
    "ui.rulesets.origin": ("origin", "origine"),
    "ui.rulesets.header": (
        "{title} (version {version}) — {origin}",
        "{title} (version {version}) — {origin}",
    ),
    "ui.rulesets.type": ("Type", "Type"),
    "ui.rulesets.leader": ("Leader", "Chef"),
    "ui.rulesets.interpretations": (
        "{title}: interpretations (sentences that read two ways)",
        "{title} : interprétations (phrases à deux lectures)",
    ),
    "ui.rulesets.interpretation": ("id", "id"),
    "ui.rulesets.sentence": ("sentence", "phrase"),
    "ui.rulesets.readings": ("readings", "lectures"),
    "ui.rulesets.default": ("default", "par défaut"),
    "ui.rulesets.applied": ("applied", "appliquée"),
    "ui.rulesets.why": ("why the default: {why}", "pourquoi par défaut : {why}"),
    "ui.rulesets.applied_by": (
        "applied by: {by} (not the adjudication engine)",
        "appliquée par : {by} (pas le moteur d'arbitrage)",
    ),
    "ui.rulesets.switch": (
        "Another reading: a house-rules file with `interpretations: "
        "{{id: reading}}` (`referee rulesets {name} --house-rules "
        "FILE`).",
        "Une autre lecture : un fichier de règles maison avec "
        "`interpretations: {{id: lecture}}` (`referee rulesets {name} "
        "--house-rules FICHIER`).",
    ),
    "ui.rulesets.not_a_rule": ("not a rule: {why}", "pas une règle : {why}"),
    "ui.rulesets.carried_by": (
        "parameters citing this heading: `{keys}`",
        "paramètres qui citent ce titre : `{keys}`",
    ),
    "ui.rulesets.quoted_by": (
        "parameters quoting this sentence: `{keys}`",
        "paramètres qui citent cette phrase : `{keys}`",
    ),
    "ui.rulesets.involves": (
        "interpretation `{id}`: reading `{reading}` (default `{default}`)",
        "interprétation `{id}` : lecture `{reading}` (par défaut `{default}`)",
    ),
    "ui.rulesets.cases": ("cases (tests/cases): `{cases}`", "cas (tests/cases) : `{cases}`"),
    "ui.rulesets.params": ("{title}: parameters", "{title} : paramètres"),
    "ui.rulesets.parameter": ("parameter", "paramètre"),
    "ui.rulesets.value": ("value", "valeur"),
    "ui.rulesets.source": ("source", "source"),
    "ui.rulesets.terrain": ("Terrain", "Terrain"),
    "ui.rulesets.tlabel": ("label", "libellé"),
    "ui.rulesets.cost": ("cost", "coût"),
    "ui.rulesets.difficult": ("difficult", "difficile"),
    "ui.rulesets.impassable": ("impassable", "infranchissable"),
    "ui.rulesets.hexside": ("hexside: {key}", "bord d'hex : {key}"),
    "ui.rulesets.yes": ("yes", "oui"),
    "ui.rulesets.faces": (
        "Combat die: what each face does",
        "Dé de combat : l'effet de chaque face",
    ),
    "ui.rulesets.face": ("face", "face"),
    "ui.rulesets.symbol": ("symbol", "symbole"),
    "ui.rulesets.effect": ("effect", "effet"),
    "ui.rulesets.hurts": (
        "hurts a target hit by the {what} symbol ({types}): −{n} cohesion",
        "touche une cible sensible au symbole {what} ({types}) : −{n} cohésion",
    ),
    "ui.rulesets.flag": (
        "the unit hit retreats {n:# hex|# hexes} toward its own table edge "
        "(a tactical advantage cancels a flag; a supported unit ignores one)",
        "l'unité touchée recule de {n} hex vers son bord de table (un "
        "avantage tactique annule un drapeau ; une unité soutenue en ignore "
        "un)",
    ),
    "ui.rulesets.order": (
        "the roller's side gains an order token",
        "le camp du lanceur gagne un jeton d'ordre",
    ),
    "ui.rulesets.advantage": (
        "cancels one of the flags rolled against the roller",
        "annule un des drapeaux obtenus contre le lanceur",
    ),
    "ui.rulesets.no_effect": ("no effect", "sans effet"),
    # -- history, verify, rollback --------------------------------------------------------
    "ui.history.none": (
        "{path}: no history: a position nobody has played yet",
        "{path} : pas d'historique : une position que personne n'a encore jouée",
    ),
    "ui.history.index": ("#", "n°"),
    "ui.progress.verify": ("verifying", "vérification"),
    "ui.progress.replay": ("replaying", "rejeu"),
    "ui.history.turn": ("turn", "tour"),
    "ui.history.player": ("side", "camp"),
    "ui.history.phase": ("phase", "phase"),
    "ui.history.hash": ("hash", "empreinte"),
    "ui.history.orders": ("orders", "ordres"),
    "ui.history.refused": ("refused", "refusés"),
    "ui.history.rolls": ("rolls", "dés"),
    "ui.history.losses": ("losses", "pertes"),
    "ui.history.rollback_to": ("rollback to {to}", "retour à {to}"),
    "ui.history.no_losses": ("none", "aucune"),
    "ui.verify.ok": (
        "{path}: verified {entries:# history entry|# history entries}, "
        "{rolls:# roll recomputed|# rolls recomputed}",
        "{path} : {entries:# entrée vérifiée|# entrées vérifiées} de l'historique, "
        "{rolls:# dé recalculé|# dés recalculés}",
    ),
    "ui.verify.unchecked": (
        "{n:# roll|# rolls} taken as recorded (commit mode: pass "
        "--seed-file once the seed is revealed)",
        "{n:# dé pris tel qu'enregistré|# dés pris tels qu'enregistrés} "
        "(mode commit : donner --seed-file une fois la graine révélée)",
    ),
    "ui.verify.thrown": (
        "{n:# roll|# rolls} thrown at the table (taken as typed in)",
        "{n:# dé lancé|# dés lancés} à la table (pris tels que saisis)",
    ),
    "ui.verify.continues": ("continues {files}", "prolonge {files}"),
    "ui.verify.continues_by": (
        "continues {files}, sent by {side} (their signature says so; not {side}? "
        "they are not yours: give --since a file you sent, or --secret)",
        "prolonge {files}, envoyé(s) par {side} (leur signature le dit ; pas {side} ? "
        "ils ne sont pas à vous : donner à --since un fichier que vous avez envoyé, ou --secret)",
    ),
    "ui.rollback.done": (
        "rolled back to entry {to} (turn {turn}, {player}, {phase}); written to {path}",
        "retour à l'entrée {to} (tour {turn}, {player}, {phase}) ; écrit dans {path}",
    ),
    # -- pictures -------------------------------------------------------------------------
    "ui.png.written": (
        "PNG map: {path} ({width}×{height} px)",
        "Carte PNG : {path} ({width}×{height} px)",
    ),
}

register(UI)

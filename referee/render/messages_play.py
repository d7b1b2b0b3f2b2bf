"""The problems of playing a game, English and French side by side: history and
``verify`` findings, dice, seeds and two-party reveals, owners' choices, and the
command line's own problems (``problem.`` and ``hint.`` entries of the one catalogue,
worded by ``referee/render/problems.py``)."""

from __future__ import annotations

from referee.render.catalogue import VOCAB, Text, register, typed_in_backticks

# -- what verify compares (a difference's labels) and what differs
VOCAB["compared"] = {
    "recorded": ("recorded", "enregistré"),
    "replayed": ("replayed", "rejoué"),
    "yours": ("yours", "le vôtre"),
    "received": ("received", "reçu"),
}
VOCAB["subject"] = {
    "unit": ("unit {id}", "unité {id}"),
    "unit_off_table": ("unit {id} (off table)", "unité {id} (hors table)"),
    "unit_removed": ("unit {id} (removed)", "unité {id} (retirée)"),
    "leader": ("leader {id}", "chef {id}"),
    "side": ("side {id}", "camp {id}"),
    "game": ("game", "partie"),
    "entry": ("entry", "entrée"),
}

CLI: dict[str, tuple[str, str]] = {
    # -- a bug of the referee (exit 70; referee/cli/app.py main)
    "problem.internal": (
        "internal error: {error} (this is a bug; rerun with REFEREE_DEBUG=1 and report it)",
        "erreur interne : {error} (c'est un bogue ; relancer avec REFEREE_DEBUG=1 et le signaler)",
    ),
    # -- problems of the command line (referee/cli/*.py)
    "problem.cli.both_stdin": (
        "state and orders cannot both be stdin",
        "l'état et les ordres ne peuvent pas venir tous deux de l'entrée standard",
    ),
    "problem.cli.in_place_stdin": (
        "--in-place needs a state file, not stdin",
        "--in-place demande un fichier d'état, pas l'entrée standard",
    ),
    "problem.cli.in_place_stdin_file": (
        "--in-place needs a file, not stdin",
        "--in-place demande un fichier, pas l'entrée standard",
    ),
    "problem.cli.new_game_in_progress": (
        "--new-game: the state already has a history ({entries} entries): it is a game in progress",
        "--new-game : l'état a déjà un historique "
        "({entries:# entrée|# entrées}) : c'est une partie en "
        "cours",
    ),
    "problem.cli.new_game_in_progress.hint": ("drop --new-game", "retirer --new-game"),
    "problem.cli.new_game_has_history": (
        "--new-game: the state already has a history: it is a game in progress",
        "--new-game : l'état a déjà un historique : c'est une partie en cours",
    ),
    "problem.cli.new_game_has_history.hint": ("drop --new-game", "retirer --new-game"),
    "problem.cli.reveal_not_two_party": (
        "the game's dice mode is {mode}: reveals are for two-party dice",
        "la partie est en mode de dés `{mode}` : les révélations sont pour les dés à deux secrets",
    ),
    "hint.drop_reveal": ("drop --reveal", "retirer --reveal"),
    "problem.cli.swapped": (
        "the state and the orders are swapped: {state} holds orders, {orders} a state",
        "l'état et les ordres sont inversés : {state} contient des ordres, {orders} un état",
    ),
    "problem.cli.swapped.hint": (
        "write: referee adjudicate {orders} {state}",
        "écrire : referee adjudicate {orders} {state}",
    ),
    "problem.cli.orders_not_state": (
        "{path} holds orders, not a game state",
        "{path} contient des ordres, pas un état de partie",
    ),
    "problem.cli.orders_not_state.hint": (
        "give the state first: referee adjudicate STATE {path}",
        "donner l'état d'abord : referee adjudicate STATE {path}",
    ),
    "problem.cli.orders_needed": (
        "the {phase} phase needs an orders file",
        "la phase {phase_word} demande un fichier d'ordres",
    ),
    "problem.cli.orders_needed.hint": (
        "write one with `referee orders {path} -o orders.yaml`, "
        "uncomment the orders you want, then `referee "
        "adjudicate {path} orders.yaml`",
        "en écrire un avec `referee orders {path} -o "
        "orders.yaml`, décommenter les ordres voulus, puis "
        "`referee adjudicate {path} orders.yaml`",
    ),
    "problem.cli.choices_to_make": (
        "{player} has choices to make in this {phase} phase ({subjects_list})",
        "{player} a des choix à faire dans cette phase {phase_word} ({subjects_list})",
    ),
    "problem.cli.choices_to_make.hint": (
        "write them with `referee orders {path} -o "
        "orders.yaml` (left as written, that file accepts the "
        "referee's defaults), then adjudicate with it",
        "les écrire avec `referee orders {path} -o "
        "orders.yaml` (laissé tel quel, ce fichier accepte les "
        "choix par défaut de l'arbitre), puis arbitrer avec",
    ),
    "problem.no_hex": ("no hex {hex!r} on this map", "aucun hex {hex!r} sur cette carte"),
    "problem.no_hex.hint": ("a hex label from 0101 to {last}", "un numéro d'hex de 0101 à {last}"),
    "problem.cli.unknown_schema": ("unknown schema {kind!r}", "schéma inconnu {kind!r}"),
    "problem.cli.house_rules_differ": (
        "{path} differs from the house rules the game was started with",
        "{path} diffère des règles maison avec lesquelles la partie a commencé",
    ),
    "problem.cli.house_rules_differ.hint": (
        "house rules are set once, at the start of a game (state key house_rules)",
        "les règles maison se fixent une fois, au début d'une partie (clé `house_rules` de l'état)",
    ),
    "problem.cli.exists": ("{path} exists already", "{path} existe déjà"),
    "problem.cli.exists.hint": (
        "give -o FILE to write elsewhere, or -o {path} --force to replace it",
        "donner -o FILE pour écrire ailleurs, ou -o {path} --force pour le remplacer",
    ),
    "problem.cli.radius_without_around": (
        "--radius needs --around HEX and a radius of 1 or more",
        "--radius demande --around HEX et un rayon de 1 ou plus",
    ),
    "problem.cli.radius_without_around.hint": (
        "give both: --around 0507 --radius 6",
        "donner les deux : --around 0507 --radius 6",
    ),
    "problem.cli.png_to_terminal": (
        "a PNG picture is not written to a terminal",
        "une image PNG ne s'écrit pas sur un terminal",
    ),
    "problem.cli.png_to_terminal.hint": (
        "redirect the output (--png - > map.png) or name a file (--png map.png)",
        "rediriger la sortie (--png - > carte.png) ou nommer un fichier (--png carte.png)",
    ),
    "problem.cli.exists_force": ("{path} exists already", "{path} existe déjà"),
    "problem.cli.exists_force.hint": (
        "add --force to replace it (a game in progress there "
        "loses its history), or give -o another file",
        "ajouter --force pour le remplacer (une partie en cours "
        "y perd son historique), ou donner -o un autre fichier",
    ),
    "problem.cli.mode_no_seed": (
        "{mode} mode uses no seed",
        "le mode `{mode}` n'utilise pas de graine",
    ),
    "problem.cli.seed_out_needed": (
        "commit mode writes the seed to a file: give --seed-out FILE",
        "le mode `commit` écrit la graine dans un fichier : donner --seed-out FILE",
    ),
    "problem.cli.seed_out_commit_only": (
        "only commit mode writes a seed file",
        "seul le mode `commit` écrit un fichier de graine",
    ),
    "problem.cli.side_orders_need_choices": (
        "--side and --orders go with --choices",
        "--side et --orders vont avec --choices",
    ),
    "problem.cli.side_orders_need_choices.hint": (
        "add --choices, or drop them",
        "ajouter --choices, ou les retirer",
    ),
    "problem.cli.since_no_history": (
        "has no history to compare with",
        "n'a pas d'historique à comparer",
    ),
    "problem.cli.since_kind": (
        "--since takes a state, reveal, orders or choices file you sent",
        "--since prend un fichier d'état, de révélation, d'ordres ou de choix que vous avez envoyé",
    ),
    "problem.cli.nothing_to_verify": (
        "the state has no history to verify",
        "l'état n'a pas d'historique à vérifier",
    ),
    "problem.cli.nothing_to_verify.hint": (
        "states written by `referee adjudicate` have one",
        "les états écrits par `referee adjudicate` en ont un",
    ),
    "problem.cli.html_needs_report": (
        "--html writes the report of one phase",
        "--html écrit le rapport d'une phase",
    ),
    "problem.cli.html_needs_report.hint": (
        "add --report N (referee history lists the entries)",
        "ajouter --report N (referee history liste les entrées)",
    ),
    "problem.cli.not_replayed": ("could not be replayed", "n'a pas pu être rejouée"),
    "problem.cli.where_to_write": ("say where to write", "dire où écrire"),
    "problem.cli.where_to_write.hint": (
        "give -o FILE or --in-place",
        "donner -o FILE ou --in-place",
    ),
    "problem.cli.which_side": ("say which side you play", "dire quel camp vous jouez"),
    "problem.cli.validate_no_file": (
        "give a state file (and orders files)",
        "donner un fichier d'état (et des fichiers d'ordres)",
    ),
    "problem.cli.validate_no_file.hint": (
        "referee validate STATE [ORDERS...]",
        "referee validate STATE [ORDERS...]",
    ),
    "problem.cli.stdin_twice": (
        "standard input (-) can be read only once",
        "l'entrée standard (-) ne se lit qu'une fois",
    ),
    "problem.unknown_lang": ("unknown language {value!r}", "langue inconnue {value!r}"),
    "problem.unknown_lang.hint": ("use en or fr", "utiliser en ou fr"),
    "problem.no_entry": ("no history entry {index}", "aucune entrée {index} dans l'historique"),
    "problem.no_entry.hint": (
        "use one of 0..{last} (referee history {path})",
        "choisir entre 0 et {last} (referee history {path})",
    ),
    "problem.no_report": (
        "{entry_where} applies no phase: it has no report",
        "{entry_where} n'applique aucune phase : pas de rapport",
    ),
    "problem.no_report.hint": (
        "pick a phase entry (referee history lists them)",
        "choisir une entrée de phase (referee history les liste)",
    ),
    "problem.bad_size": ("hex size {size} is out of range", "taille d'hex {size} hors limites"),
    "problem.bad_size.hint": (
        "give a number from 12 to 120 (pixels, centre to corner)",
        "donner un nombre de 12 à 120 (pixels, du centre au coin)",
    ),
    "problem.png_missing": (
        "--png needs the optional SVG rasteriser (resvg), which is not installed",
        "--png a besoin du convertisseur SVG optionnel (resvg), qui n'est pas installé",
    ),
    "problem.png_missing.hint": (
        "pip install 'referee[png]' (or: pip install resvg-py)",
        "pip install 'referee[png]' (ou : pip install resvg-py)",
    ),
    "problem.phase_needs_history": (
        "entry {index}: the state has no history",
        "entrée {index} : l'état n'a pas d'historique",
    ),
    "problem.no_side": ("no side {side!r} in the game", "aucun camp {side!r} dans la partie"),
    "problem.phase_needs_history.hint": (
        "a state written by `referee adjudicate` has one",
        "un état écrit par `referee adjudicate` en a un",
    ),
}

PLAY: dict[str, tuple[str, str]] = {
    # -- game and orders for another moment (referee/core/adjudicate.py) --------------
    "problem.game.over": (
        "the game is over ({outcome}): no further orders are accepted",
        "la partie est finie ({outcome_words}) : plus aucun ordre n'est accepté",
    ),
    "hint.start_new_game": ("start a new game", "commencer une nouvelle partie"),
    "problem.orders.other_game": (
        "orders are for game {given!r}, this is game {game!r}",
        "les ordres sont pour la partie {given!r}, celle-ci est {game!r}",
    ),
    "problem.orders.other_game.hint": ("check the state file", "vérifier le fichier d'état"),
    "problem.orders.other_turn": (
        "orders are for turn {given}, the game is at turn {turn}",
        "les ordres sont pour le tour {given}, la partie est au tour {turn}",
    ),
    "problem.orders.other_turn.hint": (
        "these orders may already be applied",
        "ces ordres sont peut-être déjà appliqués",
    ),
    "problem.orders.other_player": (
        "orders are for {given}, it is {player}'s player-turn",
        "les ordres sont pour {given}, c'est le tour de joueur de {player}",
    ),
    "problem.orders.other_phase": (
        "orders are for the {given} phase, the next phase is {phase}",
        "les ordres sont pour la {given_title}, la prochaine est la {phase_title}",
    ),
    "problem.orders.other_phase.hint": (
        "these orders may already be applied",
        "ces ordres sont peut-être déjà appliqués",
    ),
    "problem.orders.other_moment": (
        "the orders are for {given_words}; the game is at {now_words}",
        "les ordres sont pour {given_words} ; la partie en est à {now_words}",
    ),
    "problem.orders.would_be_refused": (
        "would be refused: {event_text}",
        "serait refusé : {event_text}",
    ),
    "problem.orders.would_be_refused.hint": (
        "{event_code}{event_reason}; rule: {event_rule}",
        "`{event_code}` ; règle : {event_rule}",
    ),
    # -- dice (referee/core/dice.py, referee/play/choice.py) -----------------------------
    "problem.dice.exhausted": (
        "roll {roll} ({purpose}) is needed but only {given} dice were given",
        "le dé {roll} ({purpose_words}) est nécessaire mais les ordres n'en donnent que {given}",
    ),
    "problem.dice.exhausted.hint": (
        "add dice: [...] to the orders",
        "ajouter `dice: [...]` aux ordres",
    ),
    "problem.dice.none": (
        "a die is needed ({purpose}) but this game has no seed and the orders give no dice",
        "un dé est nécessaire ({purpose_words}) mais cette partie n'a pas "
        "de graine et les ordres ne donnent pas de dés",
    ),
    "problem.dice.none.hint": (
        "give --seed-file in commit mode; in a tabletop game "
        "(dice.mode: physical) add dice: [...] to the orders",
        "donner --seed-file en mode `commit` ; dans une partie sur "
        "table (`dice.mode: physical`) ajouter `dice: [...]` aux "
        "ordres",
    ),
    "problem.dice.tabletop_none": (
        "a die is needed ({purpose}): this is a tabletop game "
        "(dice.mode: physical) and the orders give no dice",
        "un dé est nécessaire ({purpose_words}) : c'est une partie "
        "sur table (`dice.mode: physical`) et les ordres ne donnent "
        "pas de dés",
    ),
    "problem.dice.tabletop_none.hint": (
        "throw them and add dice: [...] to the orders",
        "les lancer et ajouter `dice: [...]` aux ordres",
    ),
    "problem.dice.commit_no_seed": (
        "a die is needed ({purpose}): in commit mode the game master adjudicates with the seed",
        "un dé est nécessaire ({purpose_words}) : en mode "
        "`commit`, le maître de jeu arbitre avec la graine",
    ),
    "problem.dice.commit_no_seed.hint": (
        "pass --seed-file (a --dry-run without it uses practice dice)",
        "donner --seed-file (un --dry-run sans elle utilise des dés d'entraînement)",
    ),
    "problem.dice.tabletop_only": (
        "dice typed into the orders are only for tabletop games, "
        "where both players watch them fall; this game's dice mode "
        "is {mode}",
        "des dés saisis dans les ordres ne valent que pour une "
        "partie sur table, où les deux joueurs les voient tomber ; "
        "cette partie est en mode `{mode}`",
    ),
    "problem.dice.tabletop_only.hint": (
        "remove dice: from the orders (a tabletop game says dice: {{mode: physical}} in its state)",
        "retirer `dice:` des ordres (une partie sur table dit "
        "`dice: {{mode: physical}}` dans son état)",
    ),
    "problem.dice.commit_needs_commitment": (
        "commit mode needs the game master's commitment",
        "le mode `commit` a besoin de l'engagement du maître de jeu",
    ),
    "problem.dice.commit_needs_commitment.hint": (
        "referee seed new -o seed.txt prints it",
        "referee seed new -o seed.txt l'affiche",
    ),
    "problem.odds.unknown_kind": (
        "unknown combat kind {kind!r}: use melee or shooting",
        "genre de combat inconnu {kind!r} : utiliser `melee` ou `shooting`",
    ),
    "problem.odds.same_side": (
        "{attacker} and {target} are on the same side",
        "{attacker} et {target} sont du même camp",
    ),
    # -- the record (referee/play/history.py, record.py, __init__.py) --------------------
    "problem.history.in_progress": (
        "the state already has a history ({entries} entries): it is a game in progress",
        "l'état a déjà un historique ({entries:# entrée|# entrées}) : c'est une partie en cours",
    ),
    "problem.history.in_progress.hint": (
        "--new-game is only for a position nobody has played yet",
        "--new-game ne vaut que pour une position que personne n'a encore jouée",
    ),
    "problem.history.none": (
        "the state has no history: it is not a game in progress (an "
        "edited state with its history emptied looks the same)",
        "l'état n'a pas d'historique : ce n'est pas une partie en cours "
        "(un état modifié dont on a vidé l'historique ressemble à cela)",
    ),
    "problem.history.none.hint": (
        "a new game is made by `referee new`; to start one from "
        "this position on purpose, pass --new-game",
        "une nouvelle partie se fait avec `referee new` ; pour en "
        "commencer une exprès depuis cette position, donner "
        "--new-game",
    ),
    "problem.history.no_start": (
        "is not the start entry of a game",
        "n'est pas l'entrée de début d'une partie",
    ),
    "problem.history.no_start.hint": (
        "a history begins with the initial position",
        "un historique commence par la position initiale",
    ),
    "problem.history.index": (
        "says index {says}: an entry was dropped, added or reordered",
        "indique l'index {says} : une entrée a été retirée, ajoutée ou déplacée",
    ),
    "problem.history.chain": (
        "does not continue the previous entry (prev_hash): an entry was "
        "dropped, inserted or reordered",
        "ne prolonge pas l'entrée précédente (`prev_hash`) : une entrée "
        "a été retirée, insérée ou déplacée",
    ),
    "problem.history.edited_entry": (
        "was edited after it was written (its hash no longer matches its content)",
        "a été modifiée après avoir été écrite (son empreinte ne correspond plus à son contenu)",
    ),
    "problem.history.edited_entry.hint": (
        "run referee verify to see what differs",
        "lancer referee verify pour voir ce qui diffère",
    ),
    "problem.history.edited_position": (
        "the position was edited after {after_where}: it is not the one that entry recorded",
        "la position a été modifiée après {after_where} : ce "
        "n'est pas celle que cette entrée a enregistrée",
    ),
    "problem.history.edited_position.hint": (
        "run referee verify to see which unit or field differs",
        "lancer referee verify pour voir quelle unité ou quel champ diffère",
    ),
    "problem.history.no_entry": (
        "no history entry {index}",
        "aucune entrée {index} dans l'historique",
    ),
    "problem.history.no_entry.hint": (
        "use one of 0..{last} (see referee history)",
        "choisir entre 0 et {last} (voir referee history)",
    ),
    "problem.history.rolled_dice_stand": (
        "{at_where} rolled dice: in two-party mode rolled "
        "dice stand (going back before them would re-roll "
        "them)",
        "{at_where} a lancé des dés : en mode à deux "
        "secrets les dés lancés restent acquis (revenir "
        "avant eux les relancerait)",
    ),
    "problem.history.rolled_dice_stand.hint": (
        "roll back only phases that rolled nothing",
        "ne revenir que sur des phases qui n'ont rien lancé",
    ),
    "problem.history.does_not_verify": (
        "the history does not verify up to that entry: {inner_text}",
        "l'historique n'est pas vérifié jusqu'à cette entrée : {inner_text}",
    ),
    "problem.record.not_lines": (
        "must be a list of base64 lines",
        "doit être une liste de lignes base64",
    ),
    "problem.record.truncated": (
        "is truncated (its compressed data ends early)",
        "est tronqué (ses données compressées s'arrêtent trop tôt)",
    ),
    # a history's blocks past their bounds (referee/io/blob.py, docs/hostile.md)
    "problem.record.too_large": (
        "unpacks past {mib} MiB",
        "dépasse {mib} Mio une fois décompressé",
    ),
    "problem.record.too_many_values": (
        "holds more than {limit:,} values once unpacked",
        "contient plus de {limit} valeurs une fois décompressé",
    ),
    "problem.record.too_deep": (
        "is nested more than {limit} levels deep",
        "est imbriqué sur plus de {limit} niveaux",
    ),
    "problem.record.big_integer": (
        "holds an integer of more than {limit:,} digits",
        "contient un entier de plus de {limit} chiffres",
    ),
    "problem.record.not_finite": (
        "holds a number that is not finite ({value})",
        "contient un nombre qui n'est pas fini ({value})",
    ),
    "problem.record.history_too_large": (
        "the blocks of the history unpack past {mib} MiB together",
        "les blocs de l'historique dépassent ensemble {mib} Mio une fois décompressés",
    ),
    "problem.record.history_too_many_values": (
        "the blocks of the history hold more than {limit:,} values together",
        "les blocs de l'historique contiennent ensemble plus de {limit} valeurs",
    ),
    # a key given twice (referee/io/yamlio.py duplicate_keys: choices and reveal files)
    "problem.yaml.duplicate_key": (
        "the key {key!r} is given twice in this mapping (first at "
        "line {first}): YAML would keep the last silently",
        "la clé {key!r} est donnée deux fois dans ce mapping "
        "(d'abord ligne {first}) : YAML garderait la dernière sans "
        "rien dire",
    ),
    "problem.yaml.duplicate_key.hint": ("keep one", "n'en garder qu'une"),
    "hint.blob_refused": (
        "no block the referee writes is: the file was made to exhaust the "
        "machine, or damaged; ask its sender for the game again",
        "aucun bloc écrit par l'arbitre ne l'est : le fichier a été fait "
        "pour épuiser la machine, ou abîmé ; en redemander la partie à son "
        "expéditeur",
    ),
    "problem.record.not_block": (
        "is not a compressed block the referee wrote ({what})",
        "n'est pas un bloc compressé écrit par l'arbitre ({what_words})",
    ),
    "problem.record.orders_not_list": (
        "the recorded orders are not a list",
        "les ordres enregistrés ne sont pas une liste",
    ),
    "problem.record.rolls_not_list": (
        "rolls must be a list of strings of digits 1 to 6",
        "`rolls` doit être une liste de chiffres de 1 à 6",
    ),
    "problem.record.rolls_digits": (
        "rolls must be digits 1 to 6",
        "`rolls` doit être fait de chiffres de 1 à 6",
    ),
    # -- owners' choices (referee/core/choices.py, referee/play/owners.py) ---------------
    "problem.choices.pending": (
        Text(
            "this phase gives {side} a choice to make ({subject}: {kind} {options_or}), and "
            "{side}'s choices file is missing",
            {
                "conform": "this phase gives {side} a choice to make ({subject}: conform or "
                "not), and {side}'s choices file is missing"
            },
            key="kind",
        ),
        Text(
            "cette phase laisse un choix à {side} ({subject} : `{kind}` {options_or}), et "
            "le fichier de choix de {side} manque",
            {
                "conform": "cette phase laisse un choix à {side} ({subject} : se conformer ou "
                "non), et le fichier de choix de {side} manque"
            },
            key="kind",
        ),
    ),
    "problem.choices.pending.hint": (
        "send the state and the orders to {side}, who writes the "
        "file with `referee orders STATE --choices --orders "
        "ORDERS -o CHOICES` and sends it back; then adjudicate "
        "with --choices CHOICES. The choices are bound to the "
        "orders without their reveal: if your orders already "
        "carry your reveal, send a copy without that line, so "
        "that the dice are not known before the choices are made "
        "(docs/pbem.md)",
        "envoyer l'état et les ordres à {side}, qui écrit le "
        "fichier avec `referee orders STATE --choices --orders "
        "ORDERS -o CHOICES` et le renvoie ; puis arbitrer avec "
        "--choices CHOICES. Les choix sont liés aux ordres sans "
        "leur révélation : si vos ordres portent déjà votre "
        "révélation, envoyer une copie sans cette ligne, pour que "
        "les dés ne soient pas connus avant les choix "
        "(docs/pbem.md)",
    ),
    "problem.choices.other_game": (
        "the choices are for game {given!r}, this is {game!r}",
        "les choix sont pour la partie {given!r}, celle-ci est {game!r}",
    ),
    "problem.choices.other_moment": (
        "the choices are for {given_words}; the game is at {now_words}",
        "les choix sont pour {given_words} ; la partie en est à {now_words}",
    ),
    "problem.choices.other_moment.hint": (
        "they may already be applied",
        "ils sont peut-être déjà appliqués",
    ),
    "problem.choices.other_position": (
        "the choices were made on another position of the game (another history)",
        "les choix ont été faits sur une autre position de la partie (un autre historique)",
    ),
    "problem.choices.other_position.hint": (
        "make them again on this state: referee orders STATE --choices",
        "les refaire sur cet état : referee orders STATE --choices",
    ),
    "problem.choices.other_orders": (
        "these choices answer other orders (hash {given}…), not "
        "these ({want}…): orders cannot change once the opponent "
        "has chosen",
        "ces choix répondent à d'autres ordres (empreinte "
        "{given}…), pas à ceux-ci ({want}…) : les ordres ne "
        "peuvent plus changer une fois que l'adversaire a choisi",
    ),
    "problem.choices.other_orders.hint": (
        "adjudicate the orders the choices were made for, or ask for new choices",
        "arbitrer les ordres pour lesquels les choix ont été faits, ou demander de nouveaux choix",
    ),
    "problem.choices.second_file": (
        "a second choices file by {by}",
        "un second fichier de choix de {by}",
    ),
    "problem.choices.second_file.hint": (
        "give one choices file per player",
        "donner un fichier de choix par joueur",
    ),
    "problem.choices.record_not_mapping": (
        "choices must map sides to their choices",
        "`choices` doit associer chaque camp à ses choix",
    ),
    "problem.choices.record_of": (
        "choices.{by} is not a record of choices",
        "`choices.{by}` n'est pas un relevé de choix",
    ),
    # -- seeds and two-party dice (referee/play/seeds.py, twoparty.py) -------------------
    "problem.seed.empty": ("the secret file is empty", "le fichier secret est vide"),
    "problem.seed.empty.hint": (
        "make one with `referee seed new -o FILE`",
        "en faire un avec `referee seed new -o FILE`",
    ),
    "problem.seed.one_line": (
        "a secret file holds one line",
        "un fichier secret tient en une ligne",
    ),
    "problem.seed.one_line.hint": (
        "keep only the line `referee seed new` wrote",
        "ne garder que la ligne écrite par `referee seed new`",
    ),
    "problem.seed.exists": (
        "the file exists: refusing to overwrite a secret",
        "le fichier existe : un secret n'est jamais écrasé",
    ),
    "problem.seed.exists.hint": (
        "choose another name (or --force if it is not needed)",
        "choisir un autre nom (ou --force s'il ne sert plus)",
    ),
    "problem.seed.mismatch": (
        "this seed does not match the game's commitment (its SHA-256 "
        "is {hash}…, the state holds {commitment}…)",
        "cette graine ne correspond pas à l'engagement de la partie (son "
        "SHA-256 est {hash}…, l'état porte {commitment}…)",
    ),
    "problem.seed.mismatch.hint": (
        Text(
            "use the seed file whose commitment is in the state (dice.commitment)",
            {
                "true": "the state holds the SHA-256 of the file with its newline (`sha256sum "
                'FILE`); the commitment is of the seed line alone: printf %s "$(cat '
                'FILE)" | sha256sum'
            },
            key="newline",
        ),
        Text(
            "utiliser le fichier de graine dont l'engagement est dans l'état (`dice.commitment`)",
            {
                "true": "l'état porte le SHA-256 du fichier avec son retour à la ligne "
                "(`sha256sum FILE`) ; l'engagement est celui de la seule ligne de la "
                'graine : printf %s "$(cat FILE)" | sha256sum'
            },
            key="newline",
        ),
    ),
    "problem.seed.other_side": (
        "this secret is already {side}'s commitment: each player makes his own",
        "ce secret est déjà l'engagement de {side} : chaque joueur fait le sien",
    ),
    "problem.seed.not_committed": (
        "this secret is not the one behind either player's commitment in the game",
        "ce secret n'est derrière l'engagement d'aucun des deux joueurs de la partie",
    ),
    "problem.seed.not_committed.hint": (
        "use the secret file you committed with",
        "utiliser le fichier secret de votre engagement",
    ),
    "problem.seed.state_revealed": (
        "the state says you revealed {revealed} elements of your "
        "chain, but its last value is not your element "
        "{revealed}: nothing revealed",
        "l'état dit que vous avez révélé {revealed:# élément|# "
        "éléments} de votre chaîne, mais sa dernière valeur n'est "
        "pas votre élément {revealed} : rien n'est révélé",
    ),
    "problem.seed.state_revealed.hint": (
        "verify the state --since the last file you sent",
        "vérifier l'état avec --since le dernier fichier envoyé",
    ),
    "problem.seed.another_reveal": (
        "the orders already carry another reveal",
        "les ordres portent déjà une autre révélation",
    ),
    "problem.seed.another_reveal.hint": ("remove that line", "retirer cette ligne"),
    "problem.seed.cannot_add_line": (
        "cannot add a line to this file",
        "impossible d'ajouter une ligne à ce fichier",
    ),
    "problem.seed.cannot_add_line.hint": (
        "write your orders to a YAML file",
        "écrire vos ordres dans un fichier YAML",
    ),
    "problem.seed.line_not_added": (
        "the reveal line could not be added to this file's YAML",
        "la ligne de révélation n'a pas pu être ajoutée au YAML de ce fichier",
    ),
    "problem.seed.line_not_added.hint": ("add it by hand: {line}", "l'ajouter à la main : {line}"),
    "problem.seed.state_does_not_verify": (
        "the state does not verify: nothing revealed",
        "l'état n'est pas vérifié : rien n'est révélé",
    ),
    "problem.seed.no_author_reveal": (
        "these orders carry no reveal of {player}: reveal only "
        "for orders whose author has fixed his part",
        "ces ordres ne portent aucune révélation de {player} : "
        "ne révéler que pour des ordres dont l'auteur a fixé sa "
        "part",
    ),
    "problem.seed.no_author_reveal.hint": (
        "{player} adds it with referee seed reveal ... --in-place",
        "{player} l'ajoute avec referee seed reveal ... --in-place",
    ),
    "problem.reveal.not_mapping": (
        "a reveal file is a mapping",
        "un fichier de révélation est fait de lignes clé: valeur",
    ),
    "problem.reveal.not_mapping.hint": (
        "use the file `referee seed reveal` wrote",
        "utiliser le fichier écrit par `referee seed reveal`",
    ),
    "hint.write_value": ("write {format}", "écrire `{format}`"),
    "problem.reveal.not_hex64": (
        "must be 64 lowercase hex digits",
        "doit être 64 chiffres hexadécimaux en minuscules",
    ),
    "problem.reveal.off_chain": (
        "does not hash to {side}'s last revealed value ({last}…): it "
        "is not the next element of the chain {side} committed to",
        "ne donne pas, une fois hachée, la dernière valeur révélée "
        "de {side} ({last}…) : ce n'est pas l'élément suivant de la "
        "chaîne sur laquelle {side} s'est engagé",
    ),
    "hint.author_reveal": (
        "{side} adds it with `referee seed reveal GAME ORDERS --secret "
        "SECRET --in-place`, using the secret of the commitment",
        "{side} l'ajoute avec `referee seed reveal GAME ORDERS --secret "
        "SECRET --in-place`, avec le secret de son engagement",
    ),
    "hint.opponent_reveal": (
        "{side} must make it with `referee seed reveal` and the secret of the commitment",
        "{side} doit la faire avec `referee seed reveal` et le secret de son engagement",
    ),
    "problem.reveal.other_game": (
        "is for game {given!r}, not {game!r}",
        "est pour la partie {given!r}, pas {game!r}",
    ),
    "problem.reveal.other_moment": (
        "is for {given_words}; the game is at {now_words}",
        "est pour {given_words} ; la partie en est à {now_words}",
    ),
    "problem.reveal.own": (
        "is {player}'s own: the reveal must come from the opponent",
        "est celle de {player} : la révélation doit venir de l'adversaire",
    ),
    "problem.reveal.own.hint": (
        "{player}'s own reveal goes in the orders",
        "la révélation de {player} va dans ses ordres",
    ),
    "problem.reveal.not_committed": (
        "{by!r} is not a committed player of this game",
        "{by!r} n'est pas un joueur engagé dans cette partie",
    ),
    "problem.reveal.other_position": (
        "was given for another position of the game (another history): it cannot seed this one",
        "a été donnée pour une autre position de la partie (un "
        "autre historique) : elle ne peut pas servir ici",
    ),
    "problem.reveal.other_position.hint": (
        "ask for a reveal on this state",
        "demander une révélation sur cet état",
    ),
    "problem.reveal.other_orders": (
        "this reveal was given for other orders (hash {given}…), "
        "not these (hash {want}…): orders cannot change once the "
        "opponent has revealed",
        "cette révélation a été donnée pour d'autres ordres "
        "(empreinte {given}…), pas ceux-ci (empreinte {want}…) : "
        "les ordres ne peuvent plus changer une fois que "
        "l'adversaire a révélé",
    ),
    "problem.reveal.other_orders.hint": (
        "adjudicate the orders the reveal was given for",
        "arbitrer les ordres pour lesquels la révélation a été donnée",
    ),
    "problem.twoparty.not_committed": (
        "{side} has not committed to a chain yet: two-party "
        "dice need both players' commitments before the first "
        "phase",
        "{side} ne s'est pas encore engagé sur une chaîne : les "
        "dés à deux secrets demandent les engagements des deux "
        "joueurs avant la première phase",
    ),
    "problem.twoparty.not_committed.hint": (
        "{side} runs `referee seed new --two-party -o "
        "SECRET` then `referee seed commit GAME --secret "
        "SECRET` (docs/pbem.md)",
        "{side} lance `referee seed new --two-party -o "
        "SECRET` puis `referee seed commit GAME --secret "
        "SECRET` (docs/pbem.md)",
    ),
    "problem.twoparty.chain_used_up": (
        "{side}'s chain is used up ({length} reveals)",
        "la chaîne de {side} est épuisée ({length:# révélation|# révélations})",
    ),
    "problem.twoparty.chain_used_up.hint": (
        "start a new game from this position with fresh commitments",
        "commencer une nouvelle partie depuis cette position avec de nouveaux engagements",
    ),
    "problem.twoparty.dice_pending": (
        Text(
            "this phase rolls dice ({purpose}): two-party dice need {player}'s reveal in the "
            "orders, then {opponent}'s reveal",
            {
                "true": "this phase rolls dice ({purpose}): two-party dice need {opponent}'s "
                "reveal for these orders"
            },
            key="author_reveal",
        ),
        Text(
            "cette phase lance des dés ({purpose_words}) : les dés à deux secrets demandent "
            "la révélation de {player} dans les ordres, puis celle de {opponent}",
            {
                "true": "cette phase lance des dés ({purpose_words}) : les dés à deux secrets "
                "demandent la révélation de {opponent} pour ces ordres"
            },
            key="author_reveal",
        ),
    ),
    "problem.twoparty.dice_pending.hint": (
        Text(
            "{player} runs `referee seed reveal GAME ORDERS --secret SECRET --in-place`, "
            "sends the state and the orders to {opponent}, and adjudicates with --reveal "
            "FILE once the reveal comes back (docs/pbem.md)",
            {
                "true": "send the state and the orders to {opponent}, who runs `referee seed "
                "reveal GAME ORDERS --secret SECRET -o REVEAL`; then adjudicate with "
                "--reveal REVEAL (a --dry-run uses practice dice meanwhile)"
            },
            key="author_reveal",
        ),
        Text(
            "{player} lance `referee seed reveal GAME ORDERS --secret SECRET --in-place`, "
            "envoie l'état et les ordres à {opponent}, et arbitre avec --reveal FILE au "
            "retour de la révélation (docs/pbem.md)",
            {
                "true": "envoyer l'état et les ordres à {opponent}, qui lance `referee seed "
                "reveal GAME ORDERS --secret SECRET -o REVEAL` ; puis arbitrer avec "
                "--reveal REVEAL (un --dry-run utilise d'ici là des dés "
                "d'entraînement)"
            },
            key="author_reveal",
        ),
    ),
    "problem.twoparty.not_two_party": (
        "the game's dice mode is {mode}, not two-party",
        "la partie est en mode de dés `{mode}`, pas `two-party`",
    ),
    "problem.twoparty.not_two_party.hint": (
        "commitments are for two-party dice (docs/pbem.md)",
        "les engagements sont pour les dés à deux secrets (docs/pbem.md)",
    ),
    "problem.twoparty.committed": ("{side} has already committed", "{side} s'est déjà engagé"),
    "problem.twoparty.committed.hint": (
        "a commitment is made once, before the first phase",
        "on ne s'engage qu'une fois, avant la première phase",
    ),
    "problem.twoparty.commit_late": (
        "a phase has already been played: commitments are made before the first phase",
        "une phase a déjà été jouée : on s'engage avant la première phase",
    ),
    "problem.twoparty.log_unreadable": (
        "cannot read the reveal log: {reason}",
        "journal des révélations illisible : {reason}",
    ),
    "problem.twoparty.log_unreadable.hint": (
        "it protects you against revealing twice",
        "il vous protège contre une double révélation",
    ),
    "problem.twoparty.log_line": (
        "line {line} is not a record the referee wrote",
        "la ligne {line} n'est pas un relevé écrit par l'arbitre",
    ),
    "problem.twoparty.log_line.hint": (
        "restore the file from a backup",
        "restaurer le fichier depuis une sauvegarde",
    ),
    "problem.twoparty.revealed_twice": (
        "you already revealed element {index} of your chain "
        "for other orders or another position ({moment_words}, "
        "orders {orders}…): revealing it again would show your "
        "opponent the dice of these orders before he sends them",
        "vous avez déjà révélé l'élément {index} de votre "
        "chaîne pour d'autres ordres ou une autre position "
        "({moment_words}, ordres {orders}…) : le révéler de "
        "nouveau montrerait à votre adversaire les dés de ces "
        "ordres avant qu'il ne les envoie",
    ),
    "problem.twoparty.revealed_twice.hint": (
        "your opponent must adjudicate the orders you "
        "revealed for; nothing else can use this element",
        "votre adversaire doit arbitrer les ordres pour "
        "lesquels vous avez révélé ; rien d'autre ne peut "
        "utiliser cet élément",
    ),
    "problem.twoparty.log_unwritable": (
        "cannot write the reveal log: {reason}",
        "écriture impossible du journal des révélations : {reason}",
    ),
    "problem.twoparty.log_unwritable.hint": ("nothing was revealed", "rien n'a été révélé"),
    # -- what verify finds (referee/play/verify.py) --------------------------------------
    "problem.verify.seed": ("{problems_text}", "{problems_text}"),
    "problem.verify.no_history": (
        "the state has no history: nothing vouches for its position",
        "l'état n'a pas d'historique : rien ne garantit sa position",
    ),
    "problem.verify.no_start": (
        "the history does not begin with the start entry (the initial position)",
        "l'historique ne commence pas par l'entrée de début (la position initiale)",
    ),
    "problem.verify.index": (
        "says index {says}: an entry was dropped, added or reordered",
        "indique l'index {says} : une entrée a été retirée, ajoutée ou déplacée",
    ),
    "problem.verify.chain": (
        "does not continue the previous entry (prev_hash): an entry was "
        "dropped, inserted or reordered",
        "ne prolonge pas l'entrée précédente (`prev_hash`) : une entrée a "
        "été retirée, insérée ou déplacée",
    ),
    "problem.verify.edited": (
        "the entry was edited after it was written (its hash no longer matches its content)",
        "l'entrée a été modifiée après avoir été écrite (son empreinte ne "
        "correspond plus à son contenu)",
    ),
    "problem.verify.second_start": ("a second start entry", "une seconde entrée de début"),
    "problem.verify.no_initial": (
        "the start entry has no initial position (initial): nothing to replay from",
        "l'entrée de début n'a pas de position initiale (`initial`) : rien à rejouer",
    ),
    "problem.verify.initial_unreadable": (
        "the initial position {inner_text}",
        "la position initiale {inner_text}",
    ),
    "problem.verify.initial_not_state": (
        "the initial position is not a state",
        "la position initiale n'est pas un état",
    ),
    "problem.verify.initial_invalid": (
        "the initial position is not a valid state: {problems_text}",
        "la position initiale n'est pas un état valide : {problems_text}",
    ),
    "problem.verify.initial_edited": (
        "the initial position does not match the start entry's state_hash: it was edited",
        "la position initiale ne correspond pas au `state_hash` "
        "de l'entrée de début : elle a été modifiée",
    ),
    "problem.verify.initial_edited_map": (
        "the initial position does not match the start "
        "entry's state_hash: it was edited (or the map of "
        "the file was: the initial position is read with it)",
        "la position initiale ne correspond pas au "
        "`state_hash` de l'entrée de début : elle a été "
        "modifiée (ou la carte du fichier l'a été : la "
        "position initiale est lue avec elle)",
    ),
    "problem.verify.rules_unloadable": (
        "the rules the game started with cannot be loaded: {problems_text}",
        "les règles avec lesquelles la partie a commencé ne se chargent pas : {problems_text}",
    ),
    "problem.verify.commit_not_two_party": (
        "a two-party commitment in a game whose dice mode is {mode}",
        "un engagement à deux secrets dans une partie en mode de dés `{mode}`",
    ),
    "problem.verify.commit_late": (
        "a commitment made after a phase was played: commitments come first",
        "un engagement pris après une phase jouée : les engagements viennent d'abord",
    ),
    "problem.verify.commit_unknown_side": (
        "commitment for unknown side {side!r}",
        "engagement d'un camp inconnu {side!r}",
    ),
    "problem.verify.commit_twice": (
        "{side} commits a second time",
        "{side} s'engage une seconde fois",
    ),
    "problem.verify.commit_malformed": (
        "the commitment is not 64 hex digits with a chain length",
        "l'engagement n'est pas fait de 64 chiffres hexadécimaux avec une longueur de chaîne",
    ),
    "problem.verify.rollback_unknown": (
        "rollback to unknown entry {to!r}",
        "retour à une entrée inconnue {to!r}",
    ),
    "problem.verify.rollback_rolled": (
        "undoes {undone_where}, which rolled dice: in "
        "two-party mode rolled dice stand (a rollback would "
        "re-roll them)",
        "annule {undone_where}, qui a lancé des dés : en mode à "
        "deux secrets les dés lancés restent acquis (un retour "
        "les relancerait)",
    ),
    "problem.verify.state_differs": (
        "the position after this entry is not the one it "
        "recorded: its orders and dice give another position "
        "(the entry was rewritten)",
        "la position après cette entrée n'est pas celle qu'elle a "
        "enregistrée : ses ordres et ses dés donnent une autre "
        "position (l'entrée a été réécrite)",
    ),
    "problem.verify.current_differs": (
        "the position in the file is not the one the history "
        "gives: the file was edited after this entry",
        "la position du fichier n'est pas celle que donne "
        "l'historique : le fichier a été modifié après cette "
        "entrée",
    ),
    "problem.verify.reveals_not_two_party": (
        "the entry carries reveals but the game's dice mode is {mode}",
        "l'entrée porte des révélations mais la partie est en mode de dés `{mode}`",
    ),
    "problem.verify.seeded_not_seed_mode": (
        "the entry says its dice came from a seed, but the game's dice mode is {mode}",
        "l'entrée dit que ses dés viennent d'une graine, "
        "mais la partie est en mode de dés `{mode}`",
    ),
    "problem.verify.typed_dice": (
        "the {rolls} rolls were typed into the orders, but this is "
        "not a tabletop game (dice.mode: {mode}): they were chosen "
        "by whoever adjudicated and are not recomputed",
        "{rolls:le # dé a été saisi|les # dés ont été saisis} dans "
        "les ordres, mais ce n'est pas une partie sur table "
        "(`dice.mode: {mode}`) : qui a arbitré les a choisis, et "
        "ils ne sont pas recalculés",
    ),
    "problem.verify.reveals_missing": (
        "two-party dice need both players' reveals; the entry has {reveals_list}",
        "les dés à deux secrets demandent les révélations des "
        "deux joueurs ; l'entrée a {reveals_keys}",
    ),
    "problem.verify.unknown_dice": (
        "unknown dice {dice!r} (a dry run's practice dice are never recorded)",
        "dés inconnus {dice!r} (les dés d'entraînement d'un essai ne sont jamais enregistrés)",
    ),
    "problem.verify.reveal_without_chain": (
        "{side} reveals a value but never committed to a chain",
        "{side} révèle une valeur sans s'être jamais engagé sur une chaîne",
    ),
    "problem.verify.reveal_off_chain": (
        "{side}'s reveal does not hash to {side}'s previous "
        "value: it is not the next element of the chain "
        "{side} committed to",
        "la révélation de {side} ne donne pas, une fois "
        "hachée, sa valeur précédente : ce n'est pas "
        "l'élément suivant de la chaîne sur laquelle {side} "
        "s'est engagé",
    ),
    "problem.verify.orders_changed_after_reveal": (
        "the orders are not the ones {side}'s "
        "reveal was given for: they were changed "
        "after the reveal",
        "les ordres ne sont pas ceux pour lesquels "
        "{side} a donné sa révélation : ils ont "
        "changé après elle",
    ),
    "problem.verify.no_dice_recorded": (
        "the entry says no dice were rolled, yet the replay rolls one ({purpose})",
        "l'entrée dit qu'aucun dé n'a été lancé, mais la phase "
        "rejouée en lance un ({purpose_words})",
    ),
    "problem.verify.no_dice_recorded.hint": ("the entry was rewritten", "l'entrée a été réécrite"),
    "problem.verify.record_unreadable": (
        "the recorded orders or rolls cannot be read: {inner_text}",
        "les ordres ou les dés enregistrés sont illisibles : {inner_text}",
    ),
    "problem.verify.reveals_not_mapping": (
        "reveals must map sides to values",
        "`reveals` doit associer chaque camp à une valeur",
    ),
    "problem.verify.orders_unreadable": (
        "the recorded orders do not parse: {problems_text}",
        "les ordres enregistrés sont illisibles : {problems_text}",
    ),
    "problem.verify.choices_unreadable": (
        "the recorded choices cannot be read: {inner_text}",
        "les choix enregistrés sont illisibles : {inner_text}",
    ),
    "problem.verify.choices_other_position": (
        "{by}'s choices were made on another position than the one this phase was applied to",
        "les choix de {by} ont été faits sur une autre "
        "position que celle où cette phase a été "
        "appliquée",
    ),
    "problem.verify.choices_orders_changed": (
        "the orders are not the ones {by}'s choices answered: they were changed after the choices",
        "les ordres ne sont pas ceux auxquels les choix "
        "de {by} répondaient : ils ont changé après les "
        "choix",
    ),
    "problem.verify.not_replayable": (
        "the recorded phase cannot be replayed: {problems_text}",
        "la phase enregistrée ne peut pas être rejouée : {problems_text}",
    ),
    "problem.verify.roll": (
        Text(
            "roll {roll} ({purpose}): recorded {a}, replayed {b} (the phase rolls {rolled} "
            "dice, {recorded} are recorded)",
            {
                "": "roll {roll}: recorded {a}, replayed {b} (the phase rolls {rolled} dice, "
                "{recorded} are recorded)"
            },
            key="purpose",
        ),
        Text(
            "dé {roll} ({purpose_words}) : enregistré {a}, rejoué {b} (la phase lance "
            "{rolled:# dé|# dés}, {recorded:# est enregistré|# sont enregistrés})",
            {
                "": "dé {roll} : enregistré {a}, rejoué {b} (la phase lance {rolled:# dé|# "
                "dés}, {recorded:# est enregistré|# sont enregistrés})"
            },
            key="purpose",
        ),
    ),
    "problem.verify.summary": (
        "the entry's count of refused orders or losses is not the replayed one",
        "le compte des ordres refusés ou des pertes de l'entrée n'est "
        "pas celui de la phase rejouée",
    ),
    "problem.verify.since_stops": (
        "the received file stops at history[{last}]; your file "
        "goes on to this entry: the received game drops entries you "
        "already have",
        "le fichier reçu s'arrête à history[{last}] ; le vôtre va "
        "jusqu'à cette entrée : la partie reçue perd des entrées que "
        "vous avez déjà",
    ),
    "problem.verify.since_departs": (
        "the received file departs from yours here: your {yours_where} was rewritten",
        "le fichier reçu s'écarte du vôtre ici : votre {yours_where} a été réécrite",
    ),
    "problem.verify.since_reveal_not_applied": (
        "the phase you revealed for ({moment_words}) "
        "was not applied: the received file stops "
        "before it",
        "la phase pour laquelle vous avez révélé "
        "({moment_words}) n'a pas été appliquée : le "
        "fichier reçu s'arrête avant elle",
    ),
    "problem.verify.since_other_phase": (
        "the entry after the position you revealed on is not "
        "the phase you revealed for ({moment_words})",
        "l'entrée qui suit la position sur laquelle vous avez "
        "révélé n'est pas la phase pour laquelle vous avez "
        "révélé ({moment_words})",
    ),
    "problem.verify.since_not_your_reveal": (
        "the phase was not played with your reveal",
        "la phase n'a pas été jouée avec votre révélation",
    ),
    "problem.verify.since_orders_changed": (
        "the orders applied are not the ones you revealed "
        "for: {player} changed them after seeing your "
        "reveal",
        "les ordres appliqués ne sont pas ceux pour "
        "lesquels vous avez révélé : {player} les a changés "
        "après avoir vu votre révélation",
    ),
    "problem.verify.since_reveal_position": (
        "the received file does not contain the position "
        "you revealed on ({moment_words}, after entry "
        "{after}…): its history was rewritten before it",
        "le fichier reçu ne contient pas la position sur "
        "laquelle vous avez révélé ({moment_words}, après "
        "l'entrée {after}…) : son historique a été "
        "réécrit avant elle",
    ),
    "problem.verify.since_choices_differ": (
        "the phase was not applied with the choices you sent ({by})",
        "la phase n'a pas été appliquée avec les choix que vous avez envoyés ({by})",
    ),
    "problem.verify.since_choices_not_applied": (
        "your choices ({moment_words}) were not applied in the received file",
        "vos choix ({moment_words}) n'ont pas été appliqués dans le fichier reçu",
    ),
    "problem.verify.since_choices_position": (
        "the received file does not contain the "
        "position you made your choices on "
        "({moment_words}): its history was rewritten "
        "before it",
        "le fichier reçu ne contient pas la position sur "
        "laquelle vous avez fait vos choix "
        "({moment_words}) : son historique a été réécrit "
        "avant elle",
    ),
    "problem.verify.since_forged_choices": (
        "this entry holds choices in {side}'s name made "
        "after the last file {side} sent: {side} did not "
        "make them",
        "cette entrée porte des choix au nom de {side}, "
        "faits après le dernier fichier envoyé par {side} : "
        "{side} ne les a pas faits",
    ),
    "problem.verify.since_orders_not_applied": (
        "your orders ({moment_words}) were not applied in the received file",
        "vos ordres ({moment_words}) n'ont pas été appliqués dans le fichier reçu",
    ),
    "problem.verify.since_orders_differ": (
        "the orders applied are not the ones you sent",
        "les ordres appliqués ne sont pas ceux que vous avez envoyés",
    ),
}

register(typed_in_backticks(CLI))
register(typed_in_backticks(PLAY))

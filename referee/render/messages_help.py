"""The ``--help`` pages in French: every command's help, every option's and argument's
help, the examples, and the command-line framework's own words (``Usage:``, the
section titles, ``[default: ...]``, ``[required]``) and its usage errors.

The English help is the commands' own (``referee/cli/cmd_*.py``: typer prints it as
written, this module is not imported); in another language the help pages are drawn
from here (``referee/cli/translate.py``). Keyed by the command's path (``adjudicate``,
``seed new``, ``referee`` for the root) and the parameter's name (its Python name:
``seed_file``). ``tests/test_help_lang.py`` checks that every command and every
parameter has its French text, so a new option without one fails the suite.

Standard library only (imported by ``referee.cli.translate`` only when the language is
not English).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.render.catalogue import DERIVED

# -- texts shared by several commands (each use is still keyed by command and name) --
_STATE = "Fichier d'état de la partie (- pour stdin)."
_OUTPUT = "Où écrire le nouvel état (- = stdout)."
_IN_PLACE = "Réécrire le fichier d'état lui-même."
_SEED = "La graine du maître de jeu (mode commit)."
_HOUSE = "Fichier de règles maison fusionné par-dessus le jeu de règles."
_NEW_GAME = (
    "L'état n'a pas d'historique car c'est une nouvelle partie : en commencer une "
    "à partir de cette position."
)
_JSON = (
    "Écrire du JSON pour les scripts au lieu du texte (erreurs comprises : un objet "
    "d'erreur sur stdout)."
)
_LANG = (
    "Langue de la sortie : en ou fr (par défaut : $REFEREE_LANG, puis la locale : "
    "LC_ALL, LC_MESSAGES, LANG)."
)
_SIZE = (
    "Taille des hex des cartes SVG, PNG et HTML : pixels du centre d'un hex à un coin, "
    "de 12 à 120 (l'image, son texte et sa légende suivent)."
)
_RADIUS = (
    "Avec --around HEX : les cartes SVG, PNG et HTML ne montrent que les hex à N ou moins "
    "de lui (l'action seulement ; 8 par défaut)."
)
_AROUND_PICTURE = "Ne dessiner qu'une fenêtre de la carte autour de cet hex (sa taille : --radius)."
_SECRET = "Votre fichier secret (fait par referee seed new)."
_DIR = "Votre dossier de partie (fait par pbem new ou join)."
_REVEAL = "Dés à deux secrets : la révélation de l'adversaire pour ces ordres (docs/pbem.md)."
_HTML = (
    "Écrire aussi le compte rendu du tour en un seul fichier HTML autonome : la carte "
    "de la phase avec ses actions, les décisions dessous."
)

# command path -> its help (the first sentence is its line in the list of commands)
COMMANDS: dict[str, str] = {
    "referee": (
        "Arbitre et juge des tours de batailles sur hex avec Thucidide, Panache et "
        "Frédéric le Grand (et le chapitre 001 : déroute, poursuite et rupture "
        "d'armée)."
    ),
    "adjudicate": "Appliquer la phase suivante : écrit le nouvel état et affiche le compte rendu.",
    "verify": (
        "Rejouer toute la partie enregistrée et vérifier chaque état, jeu d'ordres, jet "
        "et empreinte ;\navec --since, que le fichier fait suite à ceux que vous avez "
        "envoyés."
    ),
    "history": "Lister les phases jouées jusqu'ici, ou afficher le compte rendu de l'une "
    "d'elles (--report N).",
    "rollback": "Revenir à une phase antérieure pour rejuger un ordre erroné (enregistré).",
    "moves": "Où cette unité peut-elle aller pendant cette phase, et pourquoi pas ailleurs ?",
    "odds": "La probabilité exacte de chaque issue d'un combat, modificateurs détaillés.",
    "new": "Commencer une partie à partir d'un scénario : un état valide, prêt pour "
    "`referee orders`.",
    "orders": (
        "Un fichier d'ordres pour la phase à jouer, chaque ordre possible écrit et\n"
        "commenté : décommenter ceux voulus, puis arbitrer. Avec --choices, le fichier "
        "de\nchoix du propriétaire des unités à la place (ses décisions pendant la phase "
        "de l'autre joueur). Avec\n--html, une page pour donner les ordres en cliquant "
        "sur la carte."
    ),
    "schema": (
        "Écrire le schéma JSON d'un type de fichier (pour les éditeurs) : objets fermés, "
        "valeurs\npermises et une description de chaque clé, tirés de la description "
        "même qui sert à la lecture."
    ),
    "show": "Le champ de bataille en carte hexagonale, et un tableau par camp avec son compte "
    "de rupture d'armée.",
    "rulesets": (
        "Les systèmes de règles ; pour l'un d'eux, sa table de mouvement disposée "
        "comme dans le texte des règles,\nson dé de combat (ce que fait chaque face) "
        "et chaque paramètre avec sa source."
    ),
    "validate": (
        "Cet état est-il bien formé et légal, et que feraient ces ordres ? Lance\n"
        "`adjudicate --dry-run` pour chaque fichier d'ordres (même moteur, mêmes contrôles, "
        "même code\nde sortie : 1 si un ordre serait refusé, 7 si les ordres sont pour un "
        "autre moment, 4 si\nla phase finirait la partie) et liste chaque problème et refus "
        "avec son fichier,\nsa ligne et son chemin. N'écrit rien.\n\n"
        "Avec plusieurs états (`referee validate samples/*.yaml`), chaque fichier d'ordres "
        "est apparié\nau(x) état(s) du moment qu'il nomme (tour, joueur, phase, et partie "
        "s'il en nomme une),\njamais par le nom du fichier ; les ordres qu'aucun état "
        "n'attend ne sont vérifiés que sur la forme."
    ),
    "seed": (
        "Secrets du mode commit (un maître de jeu) et des dés à deux secrets (deux rivaux "
        "par courriel) : en faire un, s'y engager, en révéler."
    ),
    "seed new": "Écrire un nouveau secret aléatoire et afficher son engagement.",
    "seed commit": "Enregistrer votre engagement à deux secrets dans une nouvelle partie "
    "(avant sa première phase).",
    "seed reveal": (
        "Donner votre prochaine révélation : dans vos propres ordres, ou en "
        "fichier de révélation pour les\nordres de votre adversaire (une fois "
        "ceux-ci arrêtés ; une fois par phase)."
    ),
    "pbem": (
        "Jouer par courriel sans maître de jeu : chaque joueur garde sa propre copie de "
        "la partie dans un dossier ; les courriels portent des ordres, des révélations "
        "et des signatures, jamais un état (docs/pbem.md)."
    ),
    "pbem new": (
        "Commencer une partie par courriel : ma copie, mon secret et ma clé, mon "
        "engagement, et le courriel\nd'invitation (il porte le scénario et les règles "
        "maison, pas un état)."
    ),
    "pbem join": (
        "Rejoindre une partie par courriel depuis son invitation : ma copie, mon "
        "secret et ma clé, mon\nengagement, et le courriel de réponse ; il dit les "
        "règles maison de la partie."
    ),
    "pbem receive": (
        "Appliquer à ma propre copie ce que mon adversaire a envoyé, afficher le "
        "compte rendu de chaque\nphase appliquée, et dire quoi faire (en écrivant "
        "le squelette de la phase que je joue ensuite)."
    ),
    "pbem send": (
        "Appliquer mes ordres pour ma phase ; dès que mon adversaire est nécessaire "
        "(sa révélation pour les dés,\nses choix, ou son tour), écrire le courriel "
        "dans DIR/outbox/ et afficher son chemin."
    ),
    "pbem orders": "Le squelette d'ordres de la phase que je joue ensuite, à nouveau.",
    "pbem status": "À qui de jouer, ce qui a été envoyé et reçu, quoi faire maintenant.",
    "pbem rollback": (
        "Défaire des phases : les miennes que mon adversaire n'a pas reçues, "
        "aussitôt ; ce qu'il a reçu,\npar une proposition qu'il accepte (les deux "
        "signatures, un courriel dans chaque sens ;\ndocs/pbem.md)."
    ),
    "pbem rechain": (
        "Passer à une nouvelle chaîne de dés : un nouveau secret dans le dossier et son "
        "engagement, signé,\nque porte mon prochain courriel ; mes dés l'utilisent dès que la "
        "réponse de mon adversaire\nmontre qu'il l'a reçu."
    ),
    "pbem export": (
        "Écrire ma copie de la partie en fichier d'état : ce que lisent "
        "adjudicate, verify, history et\nle jeu par fichiers d'état."
    ),
    "seed sign": (
        "Signer vos ordres ou vos choix pour la phase suivante avec la clé que porte "
        "votre secret (parties à\ndeux secrets : chaque décision est signée par son "
        "auteur)."
    ),
}

# options every command has, added by the command line itself (referee/cli/app.py)
COMMON: dict[str, str] = {
    "help": "Afficher cette aide et quitter.",
    "lang": _LANG,
    "json": _JSON,
}

# command path -> parameter name -> its help
PARAMS: dict[str, dict[str, str]] = {
    "referee": {
        "version": "Afficher la version et quitter.",
        "install_completion": "Installer la complétion pour le shell courant.",
        "show_completion": (
            "Afficher la complétion pour le shell courant, pour la copier ou "
            "personnaliser l'installation."
        ),
    },
    "adjudicate": {
        "state": _STATE,
        "orders": (
            "Ordres de la phase suivante (- pour stdin) : un fichier YAML ou un "
            "courriel enregistré en .eml ; facultatifs pour les phases de déroute et "
            "de poursuite quand il n'y a rien à choisir."
        ),
        "output": _OUTPUT,
        "in_place": _IN_PLACE,
        "dry_run": (
            "Aperçu : n'écrire rien. Les dés pas encore disponibles sont des dés d'entraînement."
        ),
        "strict": "Refuser tout le fichier si un seul ordre est refusé.",
        "seed_file": _SEED,
        "reveal": _REVEAL,
        "new_game": _NEW_GAME,
        "house_rules": (
            "Règles maison de cette partie : enregistrées dans l'état au début de la partie."
        ),
        "html": _HTML,
        "choices": (
            "Le fichier de choix d'un joueur pour cette phase (les décisions de ses "
            "unités : s'aligner, faire face, fuir vers, réaction ; docs/pbem.md). Un "
            "par joueur."
        ),
        "secret": (
            "Parties à deux secrets : votre fichier secret, pour signer vos ordres "
            "quand ils sont appliqués (docs/pbem.md §Signatures)."
        ),
        "size": _SIZE,
        "around": _AROUND_PICTURE,
        "radius": _RADIUS,
        "json_out": _JSON,
    },
    "verify": {
        "state": _STATE,
        "since": (
            "Un fichier que vous avez envoyé (état, révélation, ordres ou choix) : "
            "vérifier que celui-ci lui fait suite. Répétable."
        ),
        "seed_file": _SEED,
        "secret": (
            "Parties à deux secrets : votre fichier secret, qui dit qui vous êtes : un "
            "fichier --since de l'autre joueur n'est pas un fichier que vous avez "
            "envoyé."
        ),
        "side": (
            "Parties à deux secrets : le camp que vous jouez : un fichier --since de "
            "l'autre joueur, ou signé par sa clé, est refusé (nécessaire pour un fichier "
            "de révélation, d'ordres ou de choix une fois les clés engagées, sauf si "
            "--secret le dit)."
        ),
        "json_out": _JSON,
    },
    "history": {
        "state": _STATE,
        "report": (
            "Afficher le compte rendu complet de l'entrée N de l'historique, rejouée "
            "d'après l'enregistrement."
        ),
        "html": (
            "Écrire toute la partie en une seule page HTML autonome, parcourue phase "
            "par phase (chaque carte avec ses actions, les décisions à côté) ; avec "
            "--report N, le compte rendu de cette phase seulement."
        ),
        "size": _SIZE,
        "around": _AROUND_PICTURE,
        "radius": _RADIUS,
        "seed_file": _SEED,
        "json_out": _JSON,
    },
    "rollback": {
        "state": "Fichier d'état de la partie.",
        "to": "Entrée de l'historique où revenir (voir history).",
        "output": _OUTPUT,
        "in_place": _IN_PLACE,
        "secret": (
            "Parties à deux secrets : votre fichier secret, pour signer le retour en "
            "arrière (docs/pbem.md §Signatures)."
        ),
        "json_out": _JSON,
    },
    "moves": {
        "state": _STATE,
        "unit": "Identifiant de l'unité (ou du chef).",
        "road": "Avec une marche sur route.",
        "mounted": "Mouvement monté.",
        "house_rules": _HOUSE,
        "json_out": _JSON,
    },
    "odds": {
        "state": _STATE,
        "attacker": "Identifiant de l'unité qui attaque.",
        "target": "Identifiant de l'unité visée.",
        "shooting": "Un tir au lieu d'une mêlée.",
        "house_rules": _HOUSE,
        "json_out": _JSON,
    },
    "new": {
        "scenario": "Fichier de scénario (format : referee-scenario/1 ; - pour stdin).",
        "output": (
            "Où écrire la nouvelle partie (- = stdout ; par défaut : NOM.state.yaml à "
            "côté du scénario, jamais par-dessus un fichier existant)."
        ),
        "dice": (
            "Mode des dés (docs/pbem.md) : `two-party` (par défaut : deux rivaux par "
            "courriel, chaque jet demande les secrets des deux joueurs, personne ne peut "
            "pêcher ni relancer), `open` (la graine dans l'état : une partie seul ou entre "
            "amis, chacun peut voir les dés à l'avance), `commit` (un maître de jeu garde "
            "la graine : écrite à côté de l'état, mode 0600), `physical` (dés de table "
            "dans les ordres)."
        ),
        "seed_file": "Utiliser cette graine au lieu d'une nouvelle (modes `open` et `commit`).",
        "seed_out": (
            "Mode commit : où écrire la graine (par défaut : ÉTAT.seed à côté de l'état)."
        ),
        "force": (
            "Remplacer un fichier existant donné par -o (une partie en cours y perd son "
            "historique)."
        ),
        "json_out": _JSON,
    },
    "orders": {
        "state": _STATE,
        "output": "Écrire le squelette dans FICHIER (par défaut : stdout).",
        "house_rules": _HOUSE,
        "choices": (
            "Écrire plutôt un fichier de choix : les décisions qu'un joueur prend en "
            "propriétaire de ses unités pendant cette phase (docs/pbem.md §Choices)."
        ),
        "side": (
            "Avec --choices : de qui (par défaut : l'adversaire du joueur dont c'est la phase)."
        ),
        "against": (
            "Avec --choices : les ordres du joueur en phase auxquels les choix "
            "répondent (par défaut : aucun)."
        ),
        "html": (
            "Écrire plutôt la page d'ordres : un seul fichier HTML autonome avec la "
            "carte, où l'on donne les ordres en cliquant et les enregistre comme fichier "
            "d'ordres (docs/maps.md)."
        ),
        "json_out": _JSON,
    },
    "schema": {
        "kind": (
            "Le type de fichier : `state`, `orders`, `scenario`, `ruleset`, "
            "`ruleset-part`, `house-rules`, `choices`, `reveal`, `mail` ou `ledger`."
        ),
        "json_out": "Accepté par uniformité : le schéma est toujours écrit en JSON.",
    },
    "show": {
        "state": _STATE,
        "house_rules": _HOUSE,
        "json_out": _JSON,
        "svg": "Écrire aussi la carte en SVG (- pour stdout).",
        "png": (
            "Écrire aussi la carte en PNG (demande le rastériseur facultatif : pip install "
            "'referee[png]')."
        ),
        "size": _SIZE,
        "phase": (
            "La position après l'entrée N de l'historique, avec les actions de cette "
            "phase dessinées sur la carte SVG ou PNG (mouvements, attaques, déroutes, "
            "poursuites, pertes)."
        ),
        "around": (
            "Centrer la fenêtre de la carte du terminal sur cet hex (quand toute la "
            "carte ne tient pas dans le terminal) ; les cartes SVG et PNG ne montrent que "
            "les hex autour de lui (--radius)."
        ),
        "radius": _RADIUS,
        "side": "Le tableau de ce camp seulement (identifiant ou nom).",
        "no_map": "Les tableaux sans la carte.",
        "map_only": "La carte sans les tableaux.",
        "no_pager": (
            "Sur un terminal, tout écrire même quand c'est plus haut que le terminal "
            "(par défaut, la sortie passe par $PAGER ou less, la carte sur le premier "
            "écran)."
        ),
        "seed_file": "Avec --phase en mode commit : la graine du maître de jeu.",
    },
    "rulesets": {
        "name": "Montrer les tables d'un jeu de règles.",
        "house_rules": _HOUSE,
        "interpretations": (
            "Lister les phrases des textes qui se lisent de deux façons : "
            "chaque lecture, celle par défaut et celle appliquée."
        ),
        "rule": (
            'Un titre des textes ("Mouvement sur route") : chaque phrase, les '
            "paramètres qui la portent, ses interprétations et ses cas."
        ),
        "json_out": _JSON,
    },
    "validate": {
        "files": (
            "Fichiers d'état et d'ordres (- pour stdin), distingués par leur ligne "
            "format:. Chaque fichier d'ordres est essayé à blanc sur l'état auquel il "
            "est destiné (ses tour, joueur et phase sont les prochains de l'état) ; avec "
            "un seul état, sur celui-ci."
        ),
        "against": (
            "Essayer à blanc chaque fichier d'ordres sur cet état, quel que soit le "
            "moment qu'il nomme (comme adjudicate : des ordres pour un autre moment "
            "sortent avec le code 7)."
        ),
        "house_rules": (
            "Règles maison, comme adjudicate les prend : acceptées au début d'une "
            "partie, refusées si la partie a commencé avec d'autres."
        ),
        "seed_file": _SEED,
        "reveal": (
            "Dés à deux secrets : la révélation de l'adversaire pour ces ordres, comme "
            "adjudicate la prend (sans elle, les dés pas encore disponibles sont des "
            "dés d'entraînement)."
        ),
        "json_out": _JSON,
    },
    "seed": {},
    "seed new": {
        "output": "Où écrire le secret (créé en mode 0600).",
        "two_party": "Un secret à deux : afficher le bout de sa chaîne d'empreintes.",
        "length": (
            "À deux secrets : révélations dans la chaîne (chacune de vos phases et "
            "chaque phase à dés de votre adversaire en use une)."
        ),
        "force": "Écraser un fichier existant.",
        "json_out": _JSON,
    },
    "seed commit": {
        "state": "La partie (une nouvelle partie à deux secrets).",
        "secret_file": _SECRET,
        "side": "Votre camp (nécessaire tant qu'aucun joueur ne s'est engagé).",
        "length": (
            "La longueur de la chaîne, pour un secret qui n'a pas été fait par seed new "
            "(qui l'inscrit dans le fichier)."
        ),
        "output": _OUTPUT,
        "in_place": _IN_PLACE,
        "new_game": _NEW_GAME,
        "json_out": _JSON,
    },
    "seed reveal": {
        "state": "La partie, à la phase à laquelle sont destinés les ordres.",
        "orders": "Les ordres de la phase (YAML ou .eml).",
        "secret_file": _SECRET,
        "output": _OUTPUT,
        "in_place": "Vos propres ordres : ajouter votre révélation au fichier d'ordres.",
        "json_out": _JSON,
    },
    "pbem new": {
        "scenario": "Le fichier de scénario de la bataille.",
        "side": "Le camp que vous jouez.",
        "directory": "Votre dossier de partie, créé ici (un dossier nouveau ou vide).",
        "secret": (
            "Votre secret pour les dés à deux secrets (fait par referee seed new), "
            "copié dans le dossier ; par défaut : un nouveau."
        ),
        "house_rules": (
            "Les règles maison avec lesquelles vous jouez (un fichier de règles maison) : "
            "new : l'invitation les porte, signées ; join : refusé sauf si ce sont celles "
            "de l'invitation."
        ),
        "json_out": _JSON,
    },
    "pbem join": {
        "mail": "Le courriel d'invitation (.eml).",
        "side": "Le camp que vous jouez.",
        "directory": "Votre dossier de partie, créé ici (un dossier nouveau ou vide).",
        "secret": (
            "Votre secret pour les dés à deux secrets (fait par referee seed new), "
            "copié dans le dossier ; par défaut : un nouveau."
        ),
        "house_rules": (
            "Les règles maison avec lesquelles vous jouez (un fichier de règles maison) : "
            "new : l'invitation les porte, signées ; join : refusé sauf si ce sont celles "
            "de l'invitation."
        ),
        "json_out": _JSON,
    },
    "pbem receive": {
        "directory": _DIR,
        "mail": "Le courriel envoyé par votre adversaire (.eml).",
        "json_out": _JSON,
    },
    "pbem send": {
        "directory": _DIR,
        "orders": "Vos ordres pour la phase que vous jouez.",
        "json_out": _JSON,
    },
    "pbem orders": {
        "directory": _DIR,
        "output": "Où écrire le squelette (par défaut : DIR/orders.yaml).",
        "html": (
            "Écrire aussi la page d'ordres : la carte où cliquer les ordres, enregistrés "
            "en fichier d'ordres pour `referee pbem send` (docs/maps.md)."
        ),
        "json_out": _JSON,
    },
    "pbem status": {
        "directory": _DIR,
        "json_out": _JSON,
    },
    "pbem rollback": {
        "directory": _DIR,
        "to": (
            "L'entrée de l'historique où revenir : après la dernière position que tient "
            "votre adversaire, aussitôt ; avant elle, une proposition qui lui est envoyée. "
            "Par défaut : avant votre dernière phase qu'il n'a pas reçue."
        ),
        "agree": "Accepter la proposition de votre adversaire (elle est envoyée).",
        "refuse": "Refuser la proposition de votre adversaire (elle est envoyée).",
        "json_out": _JSON,
    },
    "pbem rechain": {
        "directory": _DIR,
        "secret": (
            "Le secret de la nouvelle chaîne (fait par referee seed new), copié dans "
            "le dossier ; par défaut : un nouveau."
        ),
        "json_out": _JSON,
    },
    "pbem export": {
        "directory": _DIR,
        "output": "Où écrire l'état (- = stdout).",
        "json_out": _JSON,
    },
    "seed sign": {
        "state": "La partie, à la phase à laquelle est destiné le fichier.",
        "file": "Vos ordres, ou votre fichier de choix, pour la phase suivante de la partie.",
        "secret_file": _SECRET,
        "output": _OUTPUT,
        "in_place": "Ajouter la signature au fichier.",
        "json_out": _JSON,
    },
}

# what stands for a value on the command line: an argument's name, an option's metavar
# (the English ones are the commands' own; a type without one is said by its kind)
METAVARS: dict[str, str] = {
    "state": "état",
    "orders": "ordres",
    "unit": "unité",
    "attacker": "attaquant",
    "target": "cible",
    "scenario": "scénario",
    "kind": "type",
    "name": "nom",
    "file": "fichier",
    "directory": "dossier",
    "mail": "courriel",
    "DIR": "DOSSIER",
    "FILE": "FICHIER",
    "FILES...": "FICHIERS...",
    "NAME": "NOM",
    "SIDE": "CAMP",
    "STATE": "ÉTAT",
    "MODE": "MODE",
    "N": "N",
    "PX": "PX",
    "HEX": "HEX",
    "en|fr": "en|fr",
    "[OPTIONS]": "[OPTIONS]",
    "COMMAND [ARGS]...": "COMMANDE [ARGS]...",
    # an option without a metavar of its own: by command path and parameter name
    "seed commit.side": "CAMP",
}
TYPE_METAVARS: dict[str, str] = {
    "text": "TEXTE",
    "str": "TEXTE",
    "int": "N",
    "integer": "N",
    "float": "NOMBRE",
}

# the framework's words
FRAMEWORK: dict[str, str] = {
    "usage": "Utilisation :",
    "Arguments": "Arguments ",  # click adds the colon: « Arguments : »
    "Options": "Options ",
    "Commands": "Commandes ",
    "default": "par défaut : {default}",
    "required": "obligatoire",
    "examples": "Exemples :",
    "try": "Essayez « {command} --help » pour l'aide.",
    "error": "Erreur : {message}",
}

# command -> its examples in French (the same command lines as referee/cli/examples.py,
# with French file names and comments; a test checks they use the same options)
EXAMPLES: dict[str, tuple[str, ...]] = {
    "adjudicate": (
        "referee adjudicate partie.yaml ordres.yaml -o partie-2.yaml",
        "referee adjudicate partie.yaml ordres.yaml --dry-run     # aperçu, rien d'écrit",
        "referee adjudicate partie-3.yaml -o partie-4.yaml        # déroute, poursuite : rien "
        "à choisir",
        "referee adjudicate samples/thucidide.yaml samples/thucidide-orders-activation.yaml",
        "referee adjudicate partie.yaml ordres.yaml --choices choix-rome.yaml  # du propriétaire",
    ),
    "verify": (
        "referee verify partie.yaml",
        "referee verify partie.yaml --seed-file graine.txt        # mode commit, graine révélée",
        "referee verify partie-9.yaml --since choix.yaml --side rome  # mes choix appliqués",
    ),
    "history": (
        "referee history partie.yaml",
        "referee history partie.yaml --report 5 --html tour.html  # carte et décisions, un fichier",
        "referee history partie.yaml --html partie.html      # toute la partie, phase par phase",
        "referee history partie.yaml --json",
    ),
    "rollback": ("referee rollback partie.yaml --to 3 -o partie-avant.yaml",),
    "moves": (
        "referee moves partie.yaml C1                  # chaque hex que C1 peut atteindre, et "
        "pourquoi pas plus loin",
        "referee moves partie.yaml L1 --road           # avec une marche sur route",
        "referee moves samples/thucidide.yaml C1 --json",
    ),
    "odds": (
        "referee odds partie.yaml C1 E1                # mêlée",
        "referee odds partie.yaml S1 H2 --shooting",
        "referee odds samples/thucidide-endgame.yaml I2 H3",
    ),
    "new": (
        "referee new samples/thucidide-scenario.yaml -o cannes.yaml",
        "referee new ma-bataille.yaml --dice commit -o partie.yaml   # graine dans partie.seed",
        "referee new ma-bataille.yaml --dice physical -o partie.yaml # dés de table",
    ),
    "orders": (
        "referee orders partie.yaml -o ordres.yaml     # puis décommenter, modifier, arbitrer",
        "referee orders partie.yaml                    # afficher le squelette",
        "referee orders partie.yaml --json             # les mêmes choix pour les scripts",
        "referee orders partie.yaml --html ordres.html # la carte où l'on clique ses ordres",
        "referee orders partie.yaml --choices --orders ses-ordres.yaml -o choix.yaml"
        "   # les miens, dans sa phase",
    ),
    "schema": (
        "referee schema state > referee-state.schema.json",
        "referee schema orders",
        "referee schema scenario",
        "referee schema mail",
    ),
    "show": (
        "referee show partie.yaml",
        "referee show partie.yaml --around 1208 --side rome   # une fenêtre, le tableau d'un camp",
        "referee show partie.yaml --svg carte.svg --lang fr",
        "referee show partie.yaml --phase 5 --png combat.png  # la carte de l'entrée 5",
        "COLUMNS=160 referee show samples/panache.yaml > carte.txt",
    ),
    "rulesets": (
        "referee rulesets",
        "referee rulesets thucidide                    # la table de mouvement, chaque paramètre",
        "referee rulesets frederic --house-rules maison.yaml --json",
        "referee rulesets thucidide --interpretations  # les phrases à deux lectures",
        'referee rulesets panache --rule "Mouvement sur route"',
    ),
    "pbem new": (
        "referee pbem new samples/quickstart-scenario.yaml --side greeks --dir asopos",
        "referee pbem new scenario.yaml --side greeks --dir asopos --house-rules maison.yaml",
    ),
    "pbem join": ("referee pbem join 001-invitation.eml --side persians --dir asopos",),
    "pbem receive": (
        "referee pbem receive asopos 002-answer.eml     # appliqué à ma copie, rapporté",
    ),
    "pbem send": (
        "referee pbem send asopos asopos/orders.yaml    # ma phase ; le courriel dès qu'il le faut",
    ),
    "pbem orders": (
        "referee pbem orders asopos                     # le squelette de ma prochaine phase",
        "referee pbem orders asopos --html page.html    # la carte où cliquer les ordres",
    ),
    "pbem status": (
        "referee pbem status asopos                     # à qui de jouer, que faire",
        "referee pbem status asopos --json",
    ),
    "pbem export": (
        "referee pbem export asopos -o asopos.yaml      # l'état que lisent les autres commandes",
    ),
    "pbem rechain": (
        "referee pbem rechain asopos                    # une nouvelle chaîne de dés, à mon tour",
    ),
    "pbem rollback": (
        "referee pbem rollback asopos                   # défaire ma dernière phase non envoyée",
        "referee pbem rollback asopos --to 12           # le proposer s'il l'a reçue",
        "referee pbem rollback asopos --agree           # accepter sa proposition",
    ),
    "seed new": (
        "referee seed new -o graine.txt                # la graine d'un maître de jeu (mode "
        "commit)",
        "referee seed new --two-party -o mon-secret.txt # le secret d'un joueur (dés à deux)",
    ),
    "seed commit": (
        "referee seed commit partie.yaml --secret mon-secret.txt --side carthage -o partie.yaml",
    ),
    "seed sign": (
        "referee seed sign partie.yaml choix.yaml --secret mon-secret.txt   # mes choix",
    ),
    "seed reveal": (
        "referee seed reveal partie.yaml ordres.yaml --secret mon-secret.txt --in-place"
        "  # les miens",
        "referee seed reveal partie.yaml ses-ordres.eml --secret mon-secret.txt -o revelation.yaml",
    ),
    "validate": (
        "referee validate partie.yaml",
        "referee validate partie.yaml ordres.yaml",
        "referee validate scenario-ma-bataille.yaml    # un scénario, avant `referee new`",
    ),
}

# the usage errors the command-line framework detects are problem.usage.<kind> in the
# catalogue (referee/render/texts/usage.py); the argument's name as its help gives it:


# the metavars above by the language they are written in (English: the commands' own)
METAVARS_BY_LANG: dict[str, dict[str, str]] = {"fr": METAVARS}


def _argument_shown(data: Mapping[str, Any], lang: str) -> dict[str, str]:
    """An argument by the name its help gives it (``state``, in French ``état``)."""
    name = str(data.get("name", ""))
    return {"shown": METAVARS_BY_LANG.get(lang, {}).get(name, name)}


DERIVED["problem.usage.missing_argument"] = _argument_shown

"""The problems of the files a player writes, English and French side by side: the
``problem.`` and ``hint.`` part of the one catalogue (``referee/render/catalogue.py``;
worded by ``referee/render/problems.py``).

``problem.<code>``: the message; ``problem.<code>.hint``: the hint the code gives;
``hint.<id>``: a hint given by the place of a problem (``data["hint_code"]``). Keys a
user types (``format:``, ``melee``, a ruleset's key) stay as typed, in backticks in
French; rule terms keep the rules' words. The generic shape problems of every file
kind (``spec.*``, from ``referee/core/spec.py``) come first, then the files:
loading (``file.*``, ``yaml.*``), state (``state.*``), orders (``orders.*``),
rulesets and house rules (``ruleset.*``), scenarios (``scenario.*``, ``hexspec.*``,
``line.*``). The play and the command line are in ``messages_play.py``.
"""

from __future__ import annotations

from referee.io.yamlio import KIND_WORDS
from referee.render.catalogue import VOCAB, Text, register, typed_in_backticks

# -- the kinds of values a problem names (referee.core.spec.KIND_NAMES)
VOCAB["value_kind"] = {
    "nothing": ("nothing", "rien"),
    "bool": ("true/false", "`true`/`false`"),
    "number": ("a number", "un nombre"),
    "text": ("text", "du texte"),
    "mapping": ("a mapping", "un dictionnaire (lignes clé: valeur)"),
    "list": ("a list", "une liste"),
    "whole_number": ("a whole number", "un nombre entier"),
    "hex_label": ("a hex label", "un numéro d'hex"),
    "true_false": ("true or false", "`true` ou `false`"),
    "any": ("any", "n'importe quelle valeur"),
    "any_plain": ("any plain value", "une valeur simple"),
    "null": ("null", "`null`"),
    "date": ("date", "une date"),
    "datetime": ("datetime", "une date et heure"),
    "bytes": ("bytes", "des octets"),
    "set": ("set", "un ensemble"),
    "float": ("a number", "un nombre"),
    "text_form": ("written as expected", "écrit comme attendu"),  # htyped: text of a pattern
}

# -- why the system refused a file (errno names)
VOCAB["errno"] = {
    "ENOENT": ("No such file or directory", "fichier ou dossier introuvable"),
    "EACCES": ("Permission denied", "permission refusée"),
    "EPERM": ("Operation not permitted", "opération non permise"),
    "EISDIR": ("Is a directory", "c'est un dossier"),
    "ENOTDIR": ("Not a directory", "un élément du chemin n'est pas un dossier"),
    "ENOSPC": ("No space left on device", "plus de place sur le disque"),
    "EROFS": ("Read-only file system", "système de fichiers en lecture seule"),
    "EEXIST": ("File exists", "le fichier existe"),
    "ENAMETOOLONG": ("File name too long", "nom de fichier trop long"),
    "EMFILE": ("Too many open files", "trop de fichiers ouverts"),
    "EIO": ("Input/output error", "erreur d'entrée-sortie"),
    "ELOOP": ("Too many levels of symbolic links", "trop de liens symboliques"),
    "EINVAL": ("Invalid argument", "argument invalide"),
}

SPEC: dict[str, tuple[str, str]] = {
    # -- the shape of any file (referee/core/spec.py) ----------------------------------
    "problem.spec.wrong_type": (
        "must be {expected_words}, not {got_word}",
        "doit être {expected_words}, pas {got_word}",
    ),
    "problem.spec.empty": ("must not be empty", "ne doit pas être vide"),
    "problem.spec.unknown_value": ("unknown value {value!r}", "valeur inconnue {value!r}"),
    "problem.spec.bad_text": (
        "{value!r} is not {expected_words}",
        "{value!r} n'est pas {expected_words}",
    ),
    "problem.spec.too_small": (
        "must be {limit} or more, not {value}",
        "doit valoir au moins {limit}, pas {value}",
    ),
    "problem.spec.too_big": (
        "must be {limit} or less, not {value}",
        "doit valoir au plus {limit}, pas {value}",
    ),
    "problem.spec.too_few": (
        "must list at least {limit}, not {count}",
        "doit en lister au moins {limit}, pas {count}",
    ),
    "problem.spec.too_many": (
        "must list at most {limit}, not {count}",
        "doit en lister au plus {limit}, pas {count}",
    ),
    "problem.spec.entries": ("has {count} entries", "a {count:# entrée|# entrées}"),
    "problem.spec.unknown_key": ("unknown key", "clé inconnue"),
    "problem.spec.invalid": (
        "does not fit the format: {detail}",
        "ne suit pas le format : {detail}",
    ),
    "problem.spec.missing": ("is missing", "manque"),
    "problem.spec.missing.hint": (
        "add `{key}:` ({expected_words})",
        "ajouter `{key}:` ({expected_words})",
    ),
    "problem.spec.too_deep": (
        "nested more than {limit} levels deep",
        "imbriqué sur plus de {limit} niveaux",
    ),
    "problem.spec.too_deep.hint": ("flatten it", "l'aplatir"),
    "problem.spec.key_not_text": (
        "a key must be text, not {got_word}",
        "une clé doit être du texte, pas {got_word}",
    ),
    "problem.spec.key_not_text.hint": ("write the key in quotes", "écrire la clé entre guillemets"),
    "problem.spec.not_finite": ("must be a finite number", "doit être un nombre fini"),
    "problem.spec.not_plain": (
        "must be text, a number, true/false, a list or a mapping, not {got_word}",
        "doit être du texte, un nombre, `true`/`false`, une liste ou "
        "un dictionnaire, pas {got_word}",
    ),
    "problem.spec.not_plain.hint": ("write it in quotes", "l'écrire entre guillemets"),
    "problem.spec.like_kind": (
        "must be {expected_words} as in the ruleset, not {got_word}",
        "doit être {expected_words} comme dans les règles, pas {got_word}",
    ),
    "problem.spec.like_kind.hint": (
        "keep the kind of value the ruleset has here",
        "garder le genre de valeur que les règles ont ici",
    ),
    "problem.spec.out_of_range": (
        "must be between {low} and {high}, not {value}",
        "doit être entre {low} et {high}, pas {value}",
    ),
    "problem.spec.negative": (
        "must not be negative, not {value}",
        "ne doit pas être négatif, pas {value}",
    ),
    # hints given by the place of a problem (a spec node's hint_id)
    "hint.spec.key_value_lines": ("write key: value lines", "écrire des lignes clé: valeur"),
    "hint.spec.like_example": ("write it like {example}", "l'écrire comme {example}"),
    "hint.id_letters": ("letters, digits, '_', '.' or '-'", "lettres, chiffres, '_', '.' ou '-'"),
    "hint.hex_label": (
        'a printed-map label CCRR, e.g. "0507"',
        'un numéro d\'hex de la carte CCRR, par exemple "0507"',
    ),
    "hint.reveal_value": (
        "write what `referee seed reveal` gave (docs/pbem.md)",
        "écrire ce que `referee seed reveal` a donné (docs/pbem.md)",
    ),
    "hint.leader_at": (
        "give the leader's hex, or attached_to a unit",
        "donner l'hex du chef, ou `attached_to` une unité",
    ),
    "problem.spec.entries.hint": (
        Text("give at least {limit}", {"true": "give exactly {limit}"}, key="exact"),
        Text("en donner au moins {limit}", {"true": "en donner exactement {limit}"}, key="exact"),
    ),
}

STATE: dict[str, tuple[str, str]] = {
    # -- a state's rules (referee/core/specs.py) ---------------------------------------
    "problem.state.cohesion_above_max": (
        "{current} is above its maximum {max}",
        "{current} dépasse son maximum {max}",
    ),
    "problem.state.cohesion_above_max.hint": (
        "lower current or raise max",
        "baisser `current` ou augmenter `max`",
    ),
    "problem.state.hexside_not_adjacent": (
        "the two hexes are not adjacent",
        "les deux hex ne sont pas adjacents",
    ),
    "problem.state.road_not_adjacent": (
        "is not adjacent to the previous hex of the road",
        "n'est pas adjacent à l'hex précédent de la route",
    ),
    "problem.state.no_side": ("no side {side!r}", "aucun camp {side!r}"),
    "hint.spec.add_key": ("add `{key}:`", "ajouter `{key}:`"),
    "hint.open_needs_seed": (
        "open mode needs a seed (or use mode: commit)",
        "le mode `open` a besoin d'une graine (ou utiliser `mode: commit`)",
    ),
    "problem.state.bad_commitment": (
        "must be the SHA-256 of the seed, 64 hex digits",
        "doit être le SHA-256 de la graine, 64 chiffres hexadécimaux",
    ),
    "problem.state.bad_commitment.hint": (
        "referee seed new -o seed.txt prints it (docs/pbem.md)",
        "referee seed new -o seed.txt l'affiche (docs/pbem.md)",
    ),
    "problem.state.seed_in_commit_mode": (
        "must not be in the file in commit mode",
        "ne doit pas figurer dans le fichier en mode `commit`",
    ),
    "problem.state.seed_in_commit_mode.hint": (
        "keep the seed with the game master",
        "la graine reste chez le maître de jeu",
    ),
    "problem.state.dice_key_unused": (
        "has no use in {mode} mode",
        "ne sert à rien en mode `{mode}`",
    ),
    "problem.state.dice_key_unused.hint": ("remove it (docs/pbem.md)", "le retirer (docs/pbem.md)"),
    "problem.state.not_sha256": (
        "must be 64 lowercase hex digits (a SHA-256)",
        "doit être 64 chiffres hexadécimaux en minuscules (un SHA-256)",
    ),
    "problem.state.chain_length": ("must be between 1 and {limit}", "doit être entre 1 et {limit}"),
    "problem.state.revealed_range": (
        "must be between 0 and the length ({length})",
        "doit être entre 0 et la longueur ({length})",
    ),
    "problem.state.last_not_commitment": (
        "must be the commitment while nothing is revealed",
        "doit être l'engagement tant que rien n'est révélé",
    ),
    "problem.state.parties_not_two_party": (
        "is only for two-party mode",
        "seulement pour le mode `two-party`",
    ),
    # -- a state against its ruleset (referee/core/validate.py, offtable.py) -------------
    "problem.state.off_map": ("hex {hex} is off the map", "l'hex {hex} est hors de la carte"),
    "hint.map_size": (
        "the map is {columns} columns x {rows} rows",
        "la carte a {columns} colonnes sur {rows} rangées",
    ),
    "problem.state.hex_off_map": ("hex is off the map", "hex hors de la carte"),
    "problem.state.unknown_terrain": (
        "unknown terrain {terrain!r} in {ruleset}",
        "terrain inconnu {terrain!r} dans {ruleset}",
    ),
    "problem.state.unknown_hexside": (
        "unknown hexside feature {hexside!r} in {ruleset}",
        "bord d'hex inconnu {hexside!r} dans {ruleset}",
    ),
    "problem.state.duplicate_id": ("duplicate id {id!r}", "identifiant {id!r} en double"),
    "problem.state.duplicate_id.hint": ("already used at {where}", "déjà pris en `{where}`"),
    "problem.state.entry_point_not_outside": (
        "{hex} is not just outside the table",
        "{hex} n'est pas juste au bord, hors de la table",
    ),
    "problem.state.entry_point_not_outside.hint": (
        "an entry point is a hex in the ring around the map",
        "un point d'entrée est un hex de l'anneau qui entoure la carte",
    ),
    "problem.state.unknown_unit_type": (
        "unknown unit type {type!r} in {ruleset}",
        "type d'unité inconnu {type!r} dans {ruleset}",
    ),
    "problem.state.weight_not_in_table": (
        Text(
            "{weight_label} {type_label} does not exist in {title} (table cell: {cell})",
            {"": "{weight_label} {type_label} does not exist in {title} (table cell: empty)"},
            key="cell",
        ),
        Text(
            "{unit_kind} n'existe pas dans {title} (case de la table : {cell})",
            {"": "{unit_kind} n'existe pas dans {title} (case de la table : vide)"},
            key="cell",
        ),
    ),
    "problem.state.weight_not_in_table.hint": (
        "pick a weight the movement table allows",
        "choisir un poids que la table de mouvement permet",
    ),
    "problem.state.unknown_detachment_of": (
        "detachment of unknown unit {unit!r}",
        "détachement d'une unité inconnue {unit!r}",
    ),
    "problem.state.two_units": ("two units in hex {hex}", "deux unités dans l'hex {hex}"),
    "problem.state.two_units.hint": ("{other} is already there", "{other} y est déjà"),
    "problem.state.impassable": (
        "unit stands in impassable terrain ({terrain}) at {hex}",
        "unité en terrain infranchissable ({terrain_label}) en {hex}",
    ),
    "problem.state.no_unit_on_table": (
        "no unit {unit!r} on the table",
        "aucune unité {unit!r} sur la table",
    ),
    "problem.state.attached_to_enemy": (
        "{unit} belongs to {owner}, not {side}",
        "{unit} appartient à {owner}, pas à {side}",
    ),
    "problem.state.attached_to_enemy.hint": (
        "a leader is attached to a unit of his own side",
        "un chef s'attache à une unité de son camp",
    ),
    "hint.leader_off_table": (
        "a leader waiting off the table stands on one of his side's "
        "entry points ({points_list}) or is attached to a "
        "reinforcement ({rule_words})",
        "un chef qui attend hors de la table se tient sur un point "
        "d'entrée de son camp ({points_keys}) ou s'attache à un "
        "renfort ({rule_words})",
    ),
    "problem.state.leader_may_not_wait": (
        "a {rank} may not wait off the table at the entry "
        "point {hex}: only {ranks_list} need not enter "
        "with the reinforcements ({rule_words})",
        "un chef de rang `{rank}` ne peut pas attendre "
        "hors de la table au point d'entrée {hex} : seuls "
        "les rangs {ranks_keys} n'entrent pas forcément "
        "avec les renforts ({rule_words})",
    ),
    "problem.state.leader_may_not_wait.hint": (
        "attach him to one of the reinforcements (attached_to): he enters with it",
        "l'attacher à un des renforts (`attached_to`) : il entre avec lui",
    ),
    "problem.state.no_leader_in_side": (
        "no leader {leader!r} in {side}",
        "aucun chef {leader!r} dans {side}",
    ),
    "problem.state.no_id_in_side": (
        "no unit or leader {id!r} in {side}",
        "aucune unité ni chef {id!r} dans {side}",
    ),
    "problem.state.no_unit": (
        "no unit {unit!r} in the game",
        "aucune unité {unit!r} dans la partie",
    ),
    # -- orders (referee/core/orders.py, validate.py) -------------------------------------
    "problem.orders.no_id": (
        "no unit or leader {id!r} in the game",
        "aucune unité ni chef {id!r} dans la partie",
    ),
    "hint.check_id": (
        "check the id against `referee show`",
        "vérifier l'identifiant avec `referee show`",
    ),
    "problem.orders.no_side": (
        "no side {side!r} in the game",
        "aucun camp {side!r} dans la partie",
    ),
    "problem.orders.empty": ("empty order", "ordre vide"),
    "problem.orders.no_leader": (
        "name the leader, e.g. 'activate HANNIBAL: C3 C4'",
        "nommer le chef, par exemple `activate HANNIBAL: C3 C4`",
    ),
    "problem.orders.move_word": (
        "cannot read {word!r} in a move order{close_text} (write "
        "e.g. 'C3 0507-0508 face N' or 'C3 to 0508 road')",
        "{word!r} illisible dans un ordre de mouvement"
        "{close_text} (écrire par exemple `C3 0507-0508 face N` ou "
        "`C3 to 0508 road`)",
    ),
    "problem.orders.path_and_to_hex": (
        "give either a path or 'to HEX', not both",
        "donner un chemin ou `to HEX`, pas les deux",
    ),
    "problem.orders.combat_syntax": (
        "write 'C3 melee E7' or 'C3 shoot E7'{close_text}",
        "écrire `C3 melee E7` ou `C3 shoot E7`{close_text}",
    ),
    "problem.orders.pursue_syntax": (
        "write 'C3 pursue' or 'C3 pursue with C4 C5'",
        "écrire `C3 pursue` ou `C3 pursue with C4 C5`",
    ),
    "problem.orders.pursuit_syntax": (
        "write 'C3 pursue', 'C3 pursue with C4 C5', 'C3 hold' or 'C3 face E7'{close_text}",
        "écrire `C3 pursue`, `C3 pursue with C4 C5`, `C3 hold` ou `C3 face E7`{close_text}",
    ),
    "problem.orders.rout_syntax": (
        "the rout phase takes no orders but 'U choose X'",
        "la phase de déroute ne prend pas d'autre ordre que `U choose X`",
    ),
    "problem.orders.unknown_phase": ("unknown phase {phase!r}", "phase inconnue {phase!r}"),
    "problem.hex.unknown_facing": (
        "unknown facing {facing!r}: use one of N, NE, SE, S, SW, NW",
        "orientation inconnue {facing!r} : choisir parmi N, NE, SE, S, SW, NW",
    ),
    "problem.hex.bad_label": (
        "bad hex label {label!r}: write column then row, two digits each, e.g. 0507",
        "numéro d'hex invalide {label!r} : écrire la colonne puis la "
        "rangée, deux chiffres chacune, par exemple 0507",
    ),
    "problem.hex.unknown_edge": (
        "unknown edge {edge!r}: use N, S, E or W",
        "bord inconnu {edge!r} : choisir N, S, E ou W",
    ),
    "problem.orders.path_and_to": (
        "give either path or to, not both",
        "donner `path` ou `to`, pas les deux",
    ),
    "problem.orders.path_and_to.hint": (
        "path: the hexes entered; to: the destination",
        "`path` : les hex où elle entre ; `to` : la destination",
    ),
}

_MAIL_HINT = (
    "this is not a message a mail client writes: paste the orders into a YAML file",
    "ce n'est pas un message qu'écrit un logiciel de messagerie : coller les ordres "
    "dans un fichier YAML",
)

FILES: dict[str, tuple[str, str]] = {
    # -- reading and writing files (referee/io/yamlio.py, mail.py, files.py) ------------
    "problem.file.cannot_read": ("cannot read: {reason}", "lecture impossible : {reason}"),
    "problem.file.cannot_read.hint": ("check the path", "vérifier le chemin"),
    "problem.file.cannot_write": ("cannot write: {reason}", "écriture impossible : {reason}"),
    "hint.check_directory": (
        "check the directory exists and is writable",
        "vérifier que le dossier existe et qu'on peut y écrire",
    ),
    "hint.directory_writable": (
        "check the directory is writable",
        "vérifier qu'on peut écrire dans le dossier",
    ),
    "hint.output_elsewhere": (
        "send the output to a file or a terminal that can take it",
        "envoyer la sortie vers un fichier ou un terminal qui l'accepte",
    ),
    "hint.previous_unchanged": (
        "the previous file is unchanged",
        "le fichier précédent est inchangé",
    ),
    "problem.file.not_utf8": ("not UTF-8 text (byte {byte})", "pas du texte UTF-8 (octet {byte})"),
    "problem.file.not_utf8.hint": ("save the file as UTF-8", "enregistrer le fichier en UTF-8"),
    "problem.file.too_large": ("file is larger than {mib} MiB", "fichier de plus de {mib} Mio"),
    "problem.file.too_large.hint": (
        "split it or remove the history",
        "le découper ou en retirer l'historique",
    ),
    "problem.file.empty": ("the file is empty", "le fichier est vide"),
    "problem.file.empty.hint": ("give a YAML mapping", "donner des lignes YAML clé: valeur"),
    "problem.yaml.too_deep": (
        "nested more than {limit} levels deep",
        "imbriqué sur plus de {limit} niveaux",
    ),
    "problem.yaml.too_deep.hint": ("flatten the file", "aplatir le fichier"),
    "problem.yaml.alias": (
        "YAML anchors and aliases (&name / *name) are not accepted",
        "les ancres et alias YAML (&nom / *nom) ne sont pas acceptés",
    ),
    "problem.yaml.alias.hint": ("write the value out in full", "écrire la valeur en entier"),
    "problem.yaml.bad_value": (
        "not valid YAML: cannot read a value ({what})",
        "YAML invalide : valeur illisible ({what_words})",
    ),
    "problem.yaml.bad_value.hint": (
        "quote it if it is text (dates and numbers too)",
        "la mettre entre guillemets si c'est du texte (dates et nombres aussi)",
    ),
    "problem.yaml.bad_character": (
        "not valid YAML: unacceptable character {character}: {what}",
        "YAML invalide : caractère interdit {character} ({what_words})",
    ),
    "problem.yaml.bad_character.hint": (
        "remove it or write it as an escape in double quotes",
        "le retirer, ou l'écrire en séquence d'échappement entre guillemets doubles",
    ),
    "problem.yaml.syntax": ("not valid YAML: {what}", "YAML invalide : {what_words}"),
    "problem.yaml.syntax.hint": (
        Text("fix the YAML syntax", {"true": "YAML tags are not accepted"}, key="tag"),
        Text(
            "corriger la syntaxe YAML",
            {"true": "les étiquettes YAML (tags) ne sont pas acceptées"},
            key="tag",
        ),
    ),
    "problem.file.read_not_file": (
        Text(
            "is not a regular file, not a file",
            {
                "directory": "is a directory, not a file",
                "block_device": "is a block device (a disk), not a file",
                "char_device": "is a character device, not a file",
                "fifo": "is a FIFO (a named pipe), not a file",
                "socket": "is a socket, not a file",
            },
            key="kind",
        ),
        Text(
            "n'est pas un fichier ordinaire",
            {
                "directory": "est un dossier, pas un fichier",
                "block_device": "est un périphérique bloc (un disque), pas un fichier",
                "char_device": "est un périphérique caractère, pas un fichier",
                "fifo": "est une FIFO (un tube nommé), pas un fichier",
                "socket": "est une socket, pas un fichier",
            },
            key="kind",
        ),
    ),
    "problem.file.read_not_file.hint": ("give the name of a file", "donner le nom d'un fichier"),
    # files a file names (a scenario's units_csv: referee/io/confined.py)
    "problem.file.not_a_file": (
        Text(
            "is not a regular file, not a file",
            {
                "directory": "is a directory, not a file",
                "block_device": "is a block device (a disk), not a file",
                "char_device": "is a character device, not a file",
                "fifo": "is a FIFO (a named pipe), not a file",
                "socket": "is a socket, not a file",
                "other": "goes through something that is not a folder",
            },
            key="kind",
        ),
        Text(
            "n'est pas un fichier ordinaire",
            {
                "directory": "est un dossier, pas un fichier",
                "block_device": "est un périphérique bloc (un disque), pas un fichier",
                "char_device": "est un périphérique caractère, pas un fichier",
                "fifo": "est une FIFO (un tube nommé), pas un fichier",
                "socket": "est une socket, pas un fichier",
                "other": "passe par quelque chose qui n'est pas un dossier",
            },
            key="kind",
        ),
    ),
    "problem.file.not_a_file.hint": (
        "give the name of a regular file beside the scenario",
        "donner le nom d'un fichier ordinaire à côté du scénario",
    ),
    "problem.file.bad_name": ("not a file name", "pas un nom de fichier"),
    "problem.file.bad_name.hint": (
        "give the name of a file beside the scenario",
        "donner le nom d'un fichier à côté du scénario",
    ),
    "problem.file.absolute": (
        "an absolute path: files a scenario names must be in its folder",
        "un chemin absolu : les fichiers que nomme un scénario doivent être dans son dossier",
    ),
    "problem.file.absolute.hint": (
        "put the file beside the scenario and give its name alone",
        "mettre le fichier à côté du scénario et donner son seul nom",
    ),
    "problem.file.outside": (
        "names a file outside the scenario's folder (..)",
        "nomme un fichier hors du dossier du scénario (..)",
    ),
    "problem.file.outside.hint": (
        "put the file beside the scenario (or in a folder inside it) and give its name from there",
        "mettre le fichier à côté du scénario (ou dans un dossier "
        "qu'il contient) et donner son nom depuis ce dossier",
    ),
    "problem.file.link": (
        "is a symbolic link (or goes through one): files a scenario names "
        "are read without following links",
        "est un lien symbolique (ou passe par un lien) : les fichiers que "
        "nomme un scénario sont lus sans suivre de lien",
    ),
    "problem.file.link.hint": (
        "copy the file itself beside the scenario",
        "copier le fichier lui-même à côté du scénario",
    ),
    "problem.mail.unreadable": (
        "cannot read this mail message: {what}",
        "message électronique illisible : {what_words}",
    ),
    "problem.mail.unreadable.hint": (
        "save the message as .eml, or paste the orders into a YAML file",
        "enregistrer le message en .eml, ou coller les ordres dans un fichier YAML",
    ),
    "problem.mail.no_orders": (
        "no orders found in this mail message (its text body has no "
        "line starting with format: or turn:)",
        "aucun ordre dans ce message (son texte n'a aucune ligne "
        "commençant par `format:` ou `turn:`)",
    ),
    "problem.mail.no_orders.hint": (
        "paste the orders file into the mail body, or attach it",
        "coller le fichier d'ordres dans le corps du message, ou le joindre",
    ),
    # the bounds of a mail message (referee/io/mail.py, read_mail): the part, then why
    "problem.mail.too_many_parts": (
        "part {part}: more than {limit} parts",
        "partie {part} : plus de {limit} parties",
    ),
    "problem.mail.too_many_parts.hint": _MAIL_HINT,
    "problem.mail.too_deep": (
        "part {part}: parts nested more than {limit} levels deep",
        "partie {part} : parties imbriquées sur plus de {limit} niveaux",
    ),
    "problem.mail.too_deep.hint": _MAIL_HINT,
    "problem.mail.headers_too_large": (
        "part {part}: a header block of more than {limit} KiB",
        "partie {part} : un bloc d'en-têtes de plus de {limit} Kio",
    ),
    "problem.mail.headers_too_large.hint": _MAIL_HINT,
    "problem.mail.too_many_fields": (
        "part {part}: more than {limit} header fields",
        "partie {part} : plus de {limit} champs d'en-tête",
    ),
    "problem.mail.too_many_fields.hint": _MAIL_HINT,
    "problem.mail.field_too_long": (
        "part {part}: {header}: longer than {limit} KiB",
        "partie {part} : {header} : plus de {limit} Kio",
    ),
    "problem.mail.field_too_long.hint": _MAIL_HINT,
    "problem.mail.too_many_parameters": (
        "part {part}: {header}: more than {limit} parameters",
        "partie {part} : {header} : plus de {limit} paramètres",
    ),
    "problem.mail.too_many_parameters.hint": _MAIL_HINT,
    "problem.mail.too_many_comments": (
        "part {part}: {header}: more than {limit} comments",
        "partie {part} : {header} : plus de {limit} commentaires",
    ),
    "problem.mail.too_many_comments.hint": _MAIL_HINT,
    "problem.mail.comments_too_deep": (
        "part {part}: {header}: comments nested more than {limit} levels deep",
        "partie {part} : {header} : commentaires imbriqués sur plus de {limit} niveaux",
    ),
    "problem.mail.comments_too_deep.hint": _MAIL_HINT,
    "problem.mail.ambiguous": (
        "{count} parts of this mail message hold orders (parts {parts})",
        "{count} parties de ce message contiennent des ordres (parties {parts})",
    ),
    "problem.mail.ambiguous.hint": (
        "send one orders file per message",
        "envoyer un seul fichier d'ordres par message",
    ),
    "problem.mail.text_too_large": (
        Text(
            "its text parts are larger than {limit} KiB together: too large to look for orders in",
            {
                "html": "its HTML parts are larger than {limit} KiB together: too "
                "large to look for orders in",
                "attached": "its attachments are larger than {limit} KiB together: "
                "too large to look for orders in",
            },
            key="kind",
        ),
        Text(
            "ses parties texte dépassent ensemble {limit} Kio : trop pour y chercher des ordres",
            {
                "html": "ses parties HTML dépassent ensemble {limit} Kio : trop pour "
                "y chercher des ordres",
                "attached": "ses pièces jointes dépassent ensemble {limit} Kio : trop "
                "pour y chercher des ordres",
            },
            key="kind",
        ),
    ),
    "problem.mail.text_too_large.hint": (
        "send the orders file alone, as plain text",
        "envoyer le fichier d'ordres seul, en texte brut",
    ),
}

# What PyYAML says of a malformed file (its ``problem``), in French; anything else is
# quoted as it says it.
YAML_WORDS: tuple[tuple[str, str], ...] = (
    (
        r"mapping values are not allowed here",
        "« : » interdit ici (une clé sur une ligne déjà occupée ?)",
    ),
    (r"could not find expected ':'", "« : » attendu"),
    (
        r"found character that cannot start any token",
        "caractère qui ne peut commencer aucun élément",
    ),
    (r"did not find expected key", "clé attendue (indentation ?)"),
    (r"did not find expected '-' indicator", "« - » attendu (indentation de la liste ?)"),
    (r"did not find expected node content", "valeur attendue"),
    (r"did not find expected ',' or '\]'", "« , » ou « ] » attendu"),
    (r"did not find expected ',' or '\}'", "« , » ou « } » attendu"),
    (r"expected ',' or '\]', but got (.+)", "« , » ou « ] » attendu"),
    (r"expected ',' or '\}', but got (.+)", "« , » ou « } » attendu"),
    (r"expected <block end>, but found (.+)", "fin de bloc attendue (indentation incohérente ?)"),
    (r"found unexpected end of stream", "fin de fichier inattendue (guillemet non fermé ?)"),
    (r"found unknown escape character (.+)", "séquence d'échappement inconnue"),
    (r"found undefined tag handle (.+)", "étiquette (tag) non définie"),
    (r"could not determine a constructor for the tag (.+)", "étiquette (tag) inconnue"),
    (
        r"found a tab character that violates indentation",
        "tabulation dans l'indentation (utiliser des espaces)",
    ),
    (r"found a tab character (.+)", "tabulation interdite ici"),
    (r"expected a single document in the stream", "un seul document YAML attendu"),
    (r"found unexpected ':'", "« : » inattendu"),
    (r"found duplicate anchor (.+)", "ancre en double"),
    (r"found undefined alias (.+)", "alias non défini"),
    (r"special characters are not allowed", "caractères spéciaux interdits"),
    (r"control characters are not allowed", "caractères de contrôle interdits"),
    (r"malformed YAML", "YAML mal formé"),
)

RULESETS: dict[str, tuple[str, str]] = {
    # -- rulesets and house rules (referee/core/ruleset.py, referee/io/rulesets.py) ------
    "problem.file.must_be": ("must be {expected_words}", "doit être {expected_words}"),
    "problem.file.format": ("is missing or unknown", "manque ou est inconnu"),
    "problem.file.format.hint": ("write format: {format}", "écrire `format: {format}`"),
    "hint.use_keys": ("use {known_list}", "utiliser {known_keys}"),
    "problem.ruleset.unknown": ("unknown ruleset {ruleset!r}", "règles inconnues {ruleset!r}"),
    "problem.ruleset.shared_part": (
        "{ruleset!r} is a part shared by rulesets, not a playable ruleset",
        "{ruleset!r} est une partie commune à plusieurs règles, pas des règles jouables",
    ),
    "problem.ruleset.cannot_extend": ("cannot extend {part!r}", "ne peut pas étendre {part!r}"),
    "problem.ruleset.cannot_extend.hint": (
        "extend a shared part: {parts_list}",
        "étendre une partie commune : {parts_keys}",
    ),
    "problem.ruleset.house_rules_base": (
        "these house rules are for {base!r}, the game uses {ruleset!r}",
        "ces règles maison sont pour {base!r}, la partie utilise {ruleset!r}",
    ),
    "problem.ruleset.house_rules_base.hint": (
        "use house rules written for this ruleset",
        "utiliser des règles maison écrites pour ces règles",
    ),
    "hint.fix_ruleset": (
        "fix the ruleset or house rules",
        "corriger les règles ou les règles maison",
    ),
    "problem.ruleset.bad_cell": (
        "cannot read movement cell {cell!r}",
        "case de mouvement illisible {cell!r}",
    ),
    "problem.ruleset.cell_needs_sscb": (
        "cannot read movement cell {cell!r}: N/M needs 'ss cb'",
        "case de mouvement illisible {cell!r} : N/M demande « ss cb »",
    ),
    "hint.leader_cell": ("write N or N/M fuite", "écrire N ou N/M fuite"),
    "hint.cell_grammar": (
        "see the cell grammar in rulesets/README.md",
        "voir la grammaire des cases dans rulesets/README.md",
    ),
    "problem.ruleset.type_not_in_unit_types": (
        "type {type!r} is not in unit_types",
        "le type {type!r} n'est pas dans `unit_types`",
    ),
    "problem.ruleset.cells_for_columns": (
        "{cells} cells for {columns} columns",
        "{cells:# case|# cases} pour {columns:# colonne|# colonnes}",
    ),
    "problem.ruleset.cells_for_columns.hint": (
        "one cell per column, in order",
        "une case par colonne, dans l'ordre",
    ),
    "problem.ruleset.unknown_unit_type": ("unknown unit type", "type d'unité inconnu"),
    "problem.ruleset.preset_not_in_table": (
        Text(
            "{type} does not exist in weight {weight} (table cell: {cell})",
            {"": "{type} does not exist in weight {weight} (table cell: empty)"},
            key="cell",
        ),
        Text(
            "`{type}` n'existe pas en poids `{weight}` (case de la table : {cell})",
            {"": "`{type}` n'existe pas en poids `{weight}` (case de la table : vide)"},
            key="cell",
        ),
    ),
    "problem.ruleset.preset_not_in_table.hint": (
        "give presets only for cells of the movement table",
        "ne donner de préréglages que pour les cases de la table de mouvement",
    ),
    "problem.ruleset.unknown_name": ("unknown key {key!r}", "clé inconnue {key!r}"),
    "problem.ruleset.weight_steps": (
        "the weight steps must be {weights_list} in this order, not {keys_list}",
        "les poids doivent être {weights_keys} dans cet ordre, pas {keys_keys}",
    ),
    "problem.ruleset.last_band": (
        "the last band must have no upper bound",
        "la dernière tranche ne doit pas avoir de borne haute",
    ),
    "problem.ruleset.last_band.hint": (
        "write max_army_units: null",
        "écrire `max_army_units: null`",
    ),
    "problem.ruleset.no_conformance_data": (
        "the conformance data cannot be read: {error}",
        "les données de conformité sont illisibles : {error}",
    ),
    "problem.ruleset.no_conformance_data.hint": ("reinstall the referee", "réinstaller l'arbitre"),
    "problem.ruleset.unknown_rule": (
        "no heading {key!r} in the texts of this ruleset",
        "aucun titre {key!r} dans les textes de ces règles",
    ),
    "problem.ruleset.unknown_reading": ("unknown reading {key!r}", "lecture inconnue {key!r}"),
    "problem.ruleset.unknown_interpretation": (
        "unknown interpretation {key!r}",
        "interprétation inconnue {key!r}",
    ),
    "problem.ruleset.readings_implemented": (
        "the referee implements the readings {readings_list} of {id}",
        "l'arbitre applique les lectures {readings_keys} de {id}",
    ),
    "problem.ruleset.readings_implemented.hint": (
        "list exactly the readings implemented",
        "lister exactement ces lectures",
    ),
}

CHOICES: dict[str, tuple[str, str]] = {
    # -- choices files (referee/core/choices.py) ---------------------------------------
    "problem.choices.syntax": (
        "write 'U conform', 'U conform no', 'U face E', 'U choose X' or 'U reaction evade|stand'",
        "écrire `U conform`, `U conform no`, `U face E`, `U choose X` ou `U reaction evade|stand`",
    ),
    "problem.choices.not_a_choice": (
        "a choice is a mapping or a one-line string",
        "un choix est des lignes clé: valeur ou une ligne de texte",
    ),
    "problem.choices.no_unit": ("the choice needs unit: ID", "le choix demande `unit: ID`"),
    "problem.choices.one_kind": (
        Text(
            "a choice is {{unit: ID}} with exactly one of conform, face, choose, reaction "
            "(unknown: {unknown_list})",
            {"[]": "a choice is {{unit: ID}} with exactly one of conform, face, choose, reaction"},
            key="unknown",
        ),
        Text(
            "un choix est `{{unit: ID}}` avec exactement une clé parmi `conform`, `face`, "
            "`choose`, `reaction` (inconnues : {unknown_keys})",
            {
                "[]": "un choix est `{{unit: ID}}` avec exactement une clé parmi `conform`, "
                "`face`, `choose`, `reaction`"
            },
            key="unknown",
        ),
    ),
    "problem.choices.conform_value": ("conform: true or false", "`conform` : `true` ou `false`"),
    "problem.choices.reaction_value": (
        "reaction: evade or stand",
        "`reaction` : `evade` ou `stand`",
    ),
    "problem.choices.unit_value": (
        "{kind}: the id of a unit",
        "`{kind}` : l'identifiant d'une unité",
    ),
    "problem.choices.not_mapping": (
        "a choices file is a mapping",
        "un fichier de choix est fait de lignes clé: valeur",
    ),
    "problem.choices.not_mapping.hint": (
        "write it with `referee orders STATE --choices`",
        "l'écrire avec `referee orders STATE --choices`",
    ),
    "problem.choices.not_hash": (
        "must be 64 lowercase hex digits (or null)",
        "doit être 64 chiffres hexadécimaux en minuscules (ou `null`)",
    ),
    "problem.choices.not_hash.hint": (
        "use the file `referee orders --choices` wrote",
        "utiliser le fichier écrit par `referee orders --choices`",
    ),
    "problem.choices.second": (
        "a second {kind} choice for {unit}",
        "un second choix `{kind}` pour {unit}",
    ),
    "problem.choices.second.hint": (
        "keep one (choices[{first}])",
        "n'en garder qu'un (choices[{first}])",
    ),
    "problem.choices.unreadable_record": ("{problems_text}", "{problems_text}"),
}

SCENARIOS: dict[str, tuple[str, str]] = {
    # -- scenarios (referee/io/scenario.py, referee/core/scenario.py) ------------------
    "problem.scenario.not_mapping": (
        "a scenario is a mapping",
        "un scénario est fait de lignes clé: valeur",
    ),
    "problem.scenario.not_mapping.hint": (
        "start with format: {format}",
        "commencer par `format: {format}`",
    ),
    "problem.scenario.not_scenario": (
        "not a scenario ({format_given!r})",
        "pas un scénario ({format_given!r})",
    ),
    "hint.write_format": ("write format: {format}", "écrire `format: {format}`"),
    "hint.state_not_scenario": (
        "this is a game state already: play it with `referee orders` / `adjudicate`",
        "c'est déjà un état de partie : le jouer avec `referee orders` / `adjudicate`",
    ),
    "problem.scenario.csv_unreadable": (
        "cannot read the CSV file {path}: {problems_text}",
        "fichier CSV `{path}` illisible : {problems_text}",
    ),
    "problem.scenario.csv_unreadable.hint": (
        "give a regular file in the scenario's folder, by its path from there",
        "donner un fichier ordinaire du dossier du scénario, par son chemin depuis ce dossier",
    ),
    "problem.scenario.csv_unknown_column": (
        "column {column} of the header is not a column of a units CSV file",
        "la colonne {column} de l'en-tête n'est pas une colonne d'un fichier CSV d'unités",
    ),
    "problem.scenario.csv_columns": (
        "a header of {count} columns",
        "un en-tête de {count} colonnes",
    ),
    "problem.scenario.csv_columns.hint": (
        "first line: type,weight,count,id,name,at,...",
        "première ligne : `type,weight,count,id,name,at,...`",
    ),
    "problem.scenario.csv_unreadable_line": (
        "not a CSV file the referee can read at this line "
        "(a cell over 128 KiB, or a quote left open)",
        "fichier CSV illisible à cette ligne (une cellule "
        "de plus de 128 Kio, ou un guillemet jamais "
        "fermé)",
    ),
    "problem.scenario.csv_unreadable_line.hint": (
        'a units CSV file has short cells, quoted with "',
        "un fichier CSV d'unités a des cellules courtes, entre guillemets doubles « \" »",
    ),
    "problem.scenario.csv_rows": ("more than {limit} rows", "plus de {limit} lignes"),
    "problem.scenario.csv_rows.hint": (
        "a scenario holds at most this many units",
        "un scénario compte au plus ce nombre d'unités",
    ),
    "problem.scenario.csv_no_column": (
        "the header has no {column!r} column",
        "l'en-tête n'a pas de colonne {column!r}",
    ),
    "problem.scenario.csv_no_column.hint": (
        "first line: type,weight,count,id,name,at,...",
        "première ligne : `type,weight,count,id,name,at,...`",
    ),
    "problem.scenario.csv_cells": (
        "{cells} cells for {columns} columns",
        "{cells:# case|# cases} pour {columns:# colonne|# colonnes}",
    ),
    "problem.scenario.csv_cells.hint": (
        "quote a cell that holds a comma",
        "mettre entre guillemets une case qui contient une virgule",
    ),
    "problem.scenario.mode_needs_seed": (
        "{mode} mode needs a seed",
        "le mode `{mode}` a besoin d'une graine",
    ),
    "problem.dice.unknown_mode": ("unknown dice mode {mode!r}", "mode de dés inconnu {mode!r}"),
    "problem.scenario.map_size": (
        "the map's size is unknown",
        "la taille de la carte est inconnue",
    ),
    "problem.scenario.map_size.hint": (
        "give columns: and rows:, or draw it",
        "donner `columns:` et `rows:`, ou la dessiner",
    ),
    "problem.scenario.unknown_terrain": (
        "unknown terrain {terrain!r}",
        "terrain inconnu {terrain!r}",
    ),
    "problem.scenario.draw_rows": (
        "the drawing has {drawn} rows, the map {rows}",
        "le dessin a {drawn:# rangée|# rangées}, la carte {rows}",
    ),
    "problem.scenario.draw_rows.hint": (
        "draw one line per row of the map",
        "dessiner une ligne par rangée de la carte",
    ),
    "problem.scenario.draw_columns": (
        "row {row} has {hexes} hexes, the map {columns} columns",
        "la rangée {row} a {hexes:# hex|# hex}, la carte {columns:# colonne|# colonnes}",
    ),
    "problem.scenario.draw_columns.hint": (
        "one character per hex, in column order",
        "un caractère par hex, dans l'ordre des colonnes",
    ),
    "problem.scenario.draw_character": (
        "row {row}: character {character!r} is not in the legend",
        "rangée {row} : le caractère {character!r} n'est pas dans la légende",
    ),
    "problem.scenario.draw_character.hint": (
        "add it to map.legend ({character}: wood...) or use one of {legend}",
        "l'ajouter à `map.legend` (`{character}: wood`...) ou utiliser un de {legend}",
    ),
    "hint.hexspec": (
        "write a label 0507, a path 0410-1410, a block 0507:0910, or several",
        "écrire un numéro 0507, un chemin 0410-1410, un bloc 0507:0910, ou plusieurs",
    ),
    "problem.scenario.off_map": (
        Text("{hex} is off the map (and {more} more)", {"0": "{hex} is off the map"}, key="more"),
        Text(
            "{hex} est hors de la carte (et {more} autres)",
            {"0": "{hex} est hors de la carte", "1": "{hex} est hors de la carte (et 1 autre)"},
            key="more",
        ),
    ),
    "problem.scenario.unknown_hexside": (
        "unknown hexside feature {hexside!r}",
        "bord d'hex inconnu {hexside!r}",
    ),
    "problem.scenario.hexside_replaced": (
        "this {hexside} replaces the {old} at {side} written before it",
        "ce `{hexside}` remplace le `{old}` écrit avant lui en {side}",
    ),
    "problem.scenario.hexside_replaced.hint": (
        "write fords and bridges after the {hexside}",
        "écrire gués et ponts après le `{hexside}`",
    ),
    "problem.scenario.between_not_adjacent": (
        "no hex of the first set is next to one of the second",
        "aucun hex du premier ensemble ne touche un hex du second",
    ),
    "problem.scenario.between_not_adjacent.hint": (
        "list the hexes on each bank of the river",
        "lister les hex de chaque rive",
    ),
    "hint.hexside_example": (
        "e.g. 0309|0409, '0309 SE' or '0301-0316 east'",
        "par exemple `0309|0409`, `0309 SE` ou `0301-0316 east`",
    ),
    "problem.scenario.no_feature_yet": (
        "no side of {hex} carries a feature yet",
        "aucun bord de {hex} ne porte encore d'élément",
    ),
    "problem.scenario.no_feature_yet.hint": (
        "name the side: {hex}|<neighbour> or '{hex} SE'",
        "nommer le bord : `{hex}|<voisin>` ou `{hex} SE`",
    ),
    "problem.scenario.several_features": (
        "{hex} has {count} sides with a feature ({names})",
        "{hex} a {count} bords portant un élément ({names})",
    ),
    "problem.scenario.several_features.hint": (
        "name the one you mean, e.g. {first}",
        "nommer celui que vous voulez dire, par exemple {first}",
    ),
    "problem.scenario.road_not_adjacent": (
        "is not next to the previous hex of the road",
        "n'est pas à côté de l'hex précédent de la route",
    ),
    "problem.scenario.road_not_adjacent.hint": (
        "or write the road as a path: 0112-1612-1601",
        "ou écrire la route comme un chemin : 0112-1612-1601",
    ),
    "problem.scenario.road_too_short": (
        "a road needs two hexes or more",
        "une route a besoin d'au moins deux hex",
    ),
    "problem.scenario.road_too_short.hint": ("e.g. 0112-1612", "par exemple 0112-1612"),
    "problem.scenario.road_crosses": (
        "the road crosses the {hexside} between {a} and {b}",
        "la route traverse le `{hexside}` entre {a} et {b}",
    ),
    "problem.scenario.road_crosses.hint": (
        'add a bridge there (bridge: ["{a}|{b}"]) or a ford',
        'y ajouter un pont (`bridge: ["{a}|{b}"]`) ou un gué',
    ),
    "problem.scenario.entry_point_not_outside": (
        "{hex} is not just outside the table",
        "{hex} n'est pas juste au bord, hors de la table",
    ),
    "problem.scenario.entry_point_not_outside.hint": (
        "an entry point is a hex of the ring around the map, e.g. {example} beyond the east edge",
        "un point d'entrée est un hex de "
        "l'anneau qui entoure la carte, par "
        "exemple {example} au-delà du bord est",
    ),
    "problem.scenario.no_facing": (
        "units of {side} have no facing (its edge is {edge}: "
        "flat-topped hexes have no E or W facing)",
        "les unités de {side} n'ont pas d'orientation (son bord est "
        "{edge} : des hex à sommet plat n'ont pas d'orientation E "
        "ni W)",
    ),
    "problem.scenario.no_facing.hint": (
        "add facing: NE (or SE, NW, SW) to the side, its units or its deploy lines",
        "ajouter `facing: NE` (ou SE, NW, SW) au camp, à ses unités ou à ses lignes de déploiement",
    ),
    "hint.unit_line_example": (
        "e.g. '4 x infanterie medium \"Hastati\" at 0410-0710'",
        'par exemple `4 x infanterie medium "Hastati" at 0410-0710`',
    ),
    "problem.scenario.csv_type_weight": (
        "needs a type and a weight",
        "il faut un type et un poids",
    ),
    "problem.scenario.csv_type_weight.hint": (
        "fill the type and weight columns",
        "remplir les colonnes `type` et `weight`",
    ),
    "problem.scenario.unknown_weight": ("unknown weight {weight!r}", "poids inconnu {weight!r}"),
    "problem.scenario.weight_not_in_table": (
        "{weight_label} {type_label} does not exist in {title}",
        "{unit_kind} n'existe pas dans {title}",
    ),
    "problem.scenario.weight_not_in_table.hint": (
        "weights of {type}: {weights_list}",
        "poids de `{type}` : {weights_keys}",
    ),
    "problem.scenario.no_preset": (
        "the ruleset has no preset for {type} {weight}",
        "les règles n'ont pas de préréglage pour `{type}` `{weight}`",
    ),
    "problem.scenario.no_preset.hint": (
        "give cohesion and factors for this unit, or add the preset in house rules",
        "donner la cohésion et les facteurs de cette unité, ou "
        "ajouter le préréglage en règles maison",
    ),
    "problem.scenario.bad_cohesion": (
        "bad cohesion {cohesion!r}",
        "cohésion invalide {cohesion!r}",
    ),
    "problem.scenario.bad_cohesion.hint": (
        "write N, or CURRENT/MAX with CURRENT at most MAX (e.g. 2/3)",
        "écrire N, ou ACTUELLE/MAX avec ACTUELLE au plus MAX (par exemple 2/3)",
    ),
    "problem.scenario.unknown_trait": ("unknown trait {trait!r}", "trait inconnu {trait!r}"),
    "problem.scenario.remove_trait": (
        "cannot remove {trait!r}: the preset has no such trait",
        "impossible de retirer {trait!r} : le préréglage n'a pas ce trait",
    ),
    "problem.scenario.remove_trait.hint": (
        "preset traits: {traits_list}",
        "traits du préréglage : {traits_keys}",
    ),
    "problem.scenario.flank_march_on_table": (
        "flank_march is for units off the table",
        "`flank_march` est pour les unités hors table",
    ),
    "problem.scenario.flank_march_on_table.hint": (
        "move it to off_table:",
        "la déplacer dans `off_table:`",
    ),
    "problem.scenario.unknown_facing": (
        "unknown facing {facing!r}",
        "orientation inconnue {facing!r}",
    ),
    "problem.scenario.off_table_at": (
        "a unit off the table has no hex",
        "une unité hors table n'a pas d'hex",
    ),
    "problem.scenario.off_table_at.hint": (
        "it enters from its side's entry_points",
        "elle entre par les `entry_points` de son camp",
    ),
    "problem.scenario.hexes_for_units": (
        "{hexes} hexes for {units} units",
        "{hexes:# hex|# hex} pour {units:# unité|# unités}",
    ),
    "problem.scenario.hexes_for_units.hint": ("give one hex per unit", "donner un hex par unité"),
    "problem.scenario.id_and_ids": (
        "give id or ids, not both",
        "donner `id` ou `ids`, pas les deux",
    ),
    "problem.scenario.one_id": (
        "one id for {units} units",
        "un seul identifiant pour {units:# unité|# unités}",
    ),
    "problem.scenario.one_id.hint": (
        "use ids: [A, B, ...] or prefix",
        "utiliser `ids: [A, B, ...]` ou `prefix`",
    ),
    "problem.scenario.bad_id": ("bad id {id!r}", "identifiant invalide {id!r}"),
    "problem.scenario.bad_id.hint": (
        "use letters, digits, '_', '.' or '-'",
        "utiliser lettres, chiffres, '_', '.' ou '-'",
    ),
    "problem.scenario.ids_for_units": (
        "{ids} ids for {units} units",
        "{ids:# identifiant|# identifiants} pour {units:# unité|# unités}",
    ),
    "problem.scenario.ids_for_units.hint": (
        "give one id per unit",
        "donner un identifiant par unité",
    ),
    "hint.deploy_example": (
        "e.g. 'line 0410-1410 facing N' or 'zone 0412:1414 facing N'",
        "par exemple `line 0410-1410 facing N` ou `zone 0412:1414 facing N`",
    ),
    "problem.scenario.nothing_to_deploy": (
        "no unit left to deploy here",
        "plus aucune unité à déployer ici",
    ),
    "problem.scenario.nothing_to_deploy.hint": (
        "every unit already has a hex ('at')",
        "chaque unité a déjà un hex (`at`)",
    ),
    "problem.scenario.no_hex": (
        Text("unit {unit} has no hex", {"": "unit has no hex"}, key="unit"),
        Text("l'unité {unit} n'a pas d'hex", {"": "unité sans hex"}, key="unit"),
    ),
    "problem.scenario.no_hex.hint": (
        Text(
            "give it 'at HEX', or a 'deploy:' line for its side",
            {"true": "give it 'at HEX', or a side 'deploy:' line with room for it"},
            key="deploy",
        ),
        Text(
            "lui donner `at HEX`, ou une ligne `deploy:` à son camp",
            {
                "true": "lui donner `at HEX`, ou une ligne `deploy:` du camp avec de la place "
                "pour elle"
            },
            key="deploy",
        ),
    ),
    "problem.scenario.impassable": (
        "{hex} is {terrain}: impassable",
        "{hex} est {terrain_label} : infranchissable",
    ),
    "problem.scenario.impassable.hint": (
        "place the unit on passable ground",
        "placer l'unité sur un terrain franchissable",
    ),
    "problem.scenario.two_units": ("two units in hex {hex}", "deux unités dans l'hex {hex}"),
    "problem.scenario.two_units.hint": (
        Text(
            "{other} ({where}) is already there",
            {"": "another unit ({where}) is already there"},
            key="other",
        ),
        Text(
            "{other} (`{where}`) y est déjà",
            {"": "une autre unité (`{where}`) y est déjà"},
            key="other",
        ),
    ),
    "hint.leader_line_example": (
        "e.g. 'HANNIBAL general 3 \"Hannibal\" at 0911' or 'HASDRUBAL sub_general 2 with C1'",
        'par exemple `HANNIBAL general 3 "Hannibal" at 0911` ou `HASDRUBAL sub_general 2 with C1`',
    ),
    "problem.scenario.unknown_rank": ("unknown rank {rank!r}", "rang inconnu {rank!r}"),
    "problem.scenario.command_value": (
        "command value {value!r} must be 0 to 3",
        "la valeur de commandement {value!r} doit être de 0 à 3",
    ),
    "problem.scenario.command_value.hint": (
        "the leader's valeur de commandement ({rule_words})",
        "la valeur de commandement du chef ({rule_words})",
    ),
    "problem.scenario.at_and_with": (
        "a leader is either at a hex or with a unit, not both",
        "un chef est soit sur un hex, soit avec une unité, pas les deux",
    ),
    "problem.scenario.no_unit_in_side": (
        "no unit {unit!r} on the table in side {side}",
        "aucune unité {unit!r} sur la table dans le camp {side}",
    ),
    "problem.scenario.leader_where": ("where is {leader}?", "où est {leader} ?"),
    "problem.scenario.leader_where.hint": (
        "add 'at HEX' or 'with UNIT'",
        "ajouter `at HEX` ou `with UNIT`",
    ),
    "problem.scenario.built_state": (
        "in the state built from the scenario: {inner_text}",
        "dans l'état construit depuis le scénario : {inner_text}",
    ),
    "problem.scenario.built_state.hint": ("{inner_hint}", "{inner_hint}"),
    # -- hexes as people write them (referee/core/hexspec.py) -----------------------------
    "problem.hexspec.not_label": (
        "{text!r} is not a hex label: write column then row, two digits each, e.g. 0507",
        "{text!r} n'est pas un numéro d'hex : écrire la colonne puis "
        "la rangée, deux chiffres chacune, par exemple 0507",
    ),
    "problem.hexspec.path": (
        "{text!r}: a path is hex labels joined by '-', e.g. 0410-1410",
        "{text!r} : un chemin est fait de numéros d'hex joints par '-', par exemple 0410-1410",
    ),
    "problem.hexspec.block": (
        "{text!r}: a block is two corners joined by ':', e.g. 0507:0910",
        "{text!r} : un bloc est fait de deux coins joints par ':', par exemple 0507:0910",
    ),
    "problem.hexspec.not_hexes": (
        "{text} is not a hex, path or block",
        "{text} n'est ni un hex, ni un chemin, ni un bloc",
    ),
    "problem.hexspec.no_hex": ("names no hex", "ne désigne aucun hex"),
    "problem.hexspec.unknown_side": (
        "unknown side {text!r}: use east, west, north, south or one of N, NE, SE, S, SW, NW",
        "côté inconnu {text!r} : utiliser `east`, `west`, "
        "`north`, `south` ou une orientation N, NE, SE, S, SW, "
        "NW",
    ),
    "problem.hexspec.side_pair": (
        "{text!r}: write the two hexes of a side as 0309|0409",
        "{text!r} : écrire les deux hex d'un bord comme 0309|0409",
    ),
    "problem.hexspec.not_adjacent": (
        "{text!r}: the two hexes are not adjacent",
        "{text!r} : les deux hex ne sont pas adjacents",
    ),
    "problem.hexspec.which_side": (
        "{text!r}: say which side of the path, e.g. '{text} east'",
        "{text!r} : dire de quel côté du chemin, par exemple `{text} east`",
    ),
    "problem.hexspec.hexside": (
        "{text!r}: write 0309|0409, '0309 SE' or '0301-0316 east'",
        "{text!r} : écrire `0309|0409`, `0309 SE` ou `0301-0316 east`",
    ),
    # -- order-of-battle lines (referee/core/scenario_lines.py) ---------------------------
    "problem.line.unclosed_quote": (
        "unclosed quote in {text!r}",
        "guillemet non fermé dans {text!r}",
    ),
    "problem.line.not_whole": (
        "{what} must be a whole number, not {word!r}",
        "`{what}` doit être un nombre entier, pas {word!r}",
    ),
    "problem.line.count": ("the count must be 1 or more", "le nombre doit valoir au moins 1"),
    "problem.line.unit": (
        "{text!r}: write [COUNT x] TYPE WEIGHT, e.g. '4 x infanterie medium'",
        "{text!r} : écrire `[NOMBRE x] TYPE POIDS`, par exemple `4 x infanterie medium`",
    ),
    "problem.line.two_names": ("two names in {text!r}", "deux noms dans {text!r}"),
    "problem.line.needs_value": ("{word!r} needs a value", "{word!r} demande une valeur"),
    "problem.line.factors": (
        "factors {factors!r}: write SHOOTING/RANGE/ASSAULT/MELEE, e.g. 1/2/1/1",
        "facteurs {factors!r} : écrire TIR/PORTÉE/ASSAUT/MÊLÉE, par exemple 1/2/1/1",
    ),
    "problem.line.csv_factors": (
        "factors {factors!r}: write SHOOTING/RANGE/ASSAULT/MELEE",
        "facteurs {factors!r} : écrire TIR/PORTÉE/ASSAUT/MÊLÉE",
    ),
    "problem.line.unknown_word": (
        Text(
            "unknown word {word!r} (did you mean {close}?)",
            {"": "unknown word {word!r} (put a name in double quotes; keywords: {keywords_list})"},
            key="close",
        ),
        Text(
            "mot inconnu {word!r} (vouliez-vous dire `{close}` ?)",
            {
                "": "mot inconnu {word!r} (mettre un nom entre guillemets doubles ; mots-clés : "
                "{keywords_keys})"
            },
            key="close",
        ),
    ),
    "problem.line.leader": (
        '{text!r}: write ID RANK [VALUE] ["NAME"] at HEX (or with UNIT)',
        '{text!r} : écrire `ID RANG [VALEUR] ["NOM"] at HEX` (ou `with UNITÉ`)',
    ),
    "problem.line.unknown_leader_word": (
        "unknown word {word!r} (keywords: at, with, weight, vehicle; put a name in double quotes)",
        "mot inconnu {word!r} (mots-clés : `at`, `with`, "
        "`weight`, `vehicle` ; mettre un nom entre guillemets "
        "doubles)",
    ),
    "problem.line.deploy": (
        "{text!r}: write 'line PATH', 'zone BLOCK' or 'hexes HEXES', then 'facing DIR' if you like",
        "{text!r} : écrire `line CHEMIN`, `zone BLOC` ou `hexes HEX`, puis `facing DIR` si besoin",
    ),
    "problem.line.deploy_facing": (
        "{text!r}: end with 'facing N' (N, NE, SE, S, SW or NW)",
        "{text!r} : finir par `facing N` (N, NE, SE, S, SW ou NW)",
    ),
    "problem.line.zone": (
        "{text!r}: a zone is a block of hexes, e.g. 0412:1414",
        "{text!r} : une zone est un bloc d'hex, par exemple 0412:1414",
    ),
    "problem.line.yes_no": (
        "{key} {cell!r}: write yes or no",
        "`{key}` {cell!r} : écrire `yes` ou `no`",
    ),
}

register(typed_in_backticks(SPEC))
register(typed_in_backticks(STATE))
register(typed_in_backticks(FILES))
register(typed_in_backticks(RULESETS))
register(typed_in_backticks(CHOICES))
register(typed_in_backticks(SCENARIOS))


# -- hostile files, the loader (issue 16, hload): values no referee file may hold
_KINDS_FR = {
    "bool": "vrai/faux",
    "null": "null",
    "float": "un nombre décimal",
    "date": "une date",
    "binary": "du binaire",
    "set": "un ensemble",
    "omap": "un mapping ordonné",
    "pairs": "des paires",
    "list": "une liste",
    "mapping": "un mapping",
    "merge": "une clé de fusion (<<)",
    "value": "une clé de valeur (=)",
    "other": "pas du texte",
}
_KINDS_EN = KIND_WORDS  # the English the loader writes itself
HOSTILE_LOADER: dict[str, tuple[str, str]] = {
    "problem.yaml.too_many_nodes": ("more than {limit:,} values", "plus de {limit} valeurs"),
    "problem.yaml.too_many_nodes.hint": (
        "split the file or remove the history",
        "découper le fichier ou en retirer l'historique",
    ),
    "problem.yaml.big_integer": (
        "an integer of more than {limit:,} digits",
        "un entier de plus de {limit} chiffres",
    ),
    "problem.yaml.big_integer.hint": (
        "quote it if it is text",
        "le mettre entre guillemets si c'est du texte",
    ),
    "problem.yaml.not_finite": (
        "a number that is not finite ({value})",
        "un nombre qui n'est pas fini ({value})",
    ),
    "problem.yaml.not_finite.hint": (
        "write a finite number, or quote it if it is text",
        "écrire un nombre fini, ou le mettre entre guillemets si c'est du texte",
    ),
    "problem.yaml.date": (
        "a date or time ({value}) is not accepted",
        "une date ou une heure ({value}) n'est pas acceptée",
    ),
    "problem.yaml.date.hint": (
        "quote it if it is text",
        "la mettre entre guillemets si c'est du texte",
    ),
    "problem.yaml.bad_key": (
        Text(
            "a key must be text or a whole number, not not text",
            {k: f"a key must be text or a whole number, not {v}" for k, v in _KINDS_EN.items()},
            key="kind",
        ),
        Text(
            "une clé doit être du texte ou un nombre entier, pas du texte",
            {
                k: f"une clé doit être du texte ou un nombre entier, pas {v}"
                for k, v in _KINDS_FR.items()
            },
            key="kind",
        ),
    ),
    "problem.yaml.bad_key.hint": ("write the key in quotes", "écrire la clé entre guillemets"),
    "problem.yaml.bad_tag": (
        Text(
            "not text: not accepted",
            {k: f"{v}: not accepted" for k, v in _KINDS_EN.items()},
            key="kind",
        ),
        Text(
            "pas du texte : refusé", {k: f"{v} : refusé" for k, v in _KINDS_FR.items()}, key="kind"
        ),
    ),
    "problem.yaml.bad_tag.hint": (
        "write plain text, numbers, lists and mappings",
        "écrire du texte, des nombres, des listes et des mappings",
    ),
}
register(typed_in_backticks(HOSTILE_LOADER))


# -- htyped (issue 16): typed values and their bounds (docs/formats.md §Limits) ---------
TYPED: dict[str, tuple[str, str]] = {
    "problem.spec.too_long": (
        "is {length} characters long: at most {limit}",
        "fait {length} caractères : au plus {limit}",
    ),
    "problem.spec.entries_at_most": ("has {count} entries", "a {count:# entrée|# entrées}"),
    "problem.spec.entries_at_most.hint": ("give at most {limit}", "en donner au plus {limit}"),
    "problem.spec.listed_twice": ("{value!r} is listed twice", "{value!r} figure deux fois"),
    "problem.spec.listed_twice.hint": ("list each once", "lister chacun une seule fois"),
    "problem.state.map_too_big": (
        "{columns} x {rows} is {hexes} hexes: at most {limit}",
        "{columns} x {rows} font {hexes} hex : au plus {limit}",
    ),
    "problem.state.map_too_big.hint": (
        "a smaller map (docs/formats.md §Limits)",
        "une carte plus petite (docs/formats.md §Limits)",
    ),
    "problem.odds.too_many_dice": (
        "this combat rolls {dice} dice: exact odds are computed for at most {limit}",
        "ce combat lance {dice} dés : les chances exactes sont calculées pour {limit} dés au plus",
    ),
    "problem.odds.too_many_dice.hint": ("docs/formats.md §Limits", "docs/formats.md §Limits"),
    "problem.ruleset.cell_too_big": (
        "cannot read movement cell {cell!r}: at most {limit} hexes",
        "case de mouvement {cell!r} illisible : au plus {limit} hex",
    ),
    "hint.history_entry": (
        "in {entry_at}: the referee never writes this, the file was edited",
        "dans {entry_at} : le referee n'écrit jamais cela, le fichier a été modifié",
    ),
    "problem.scenario.too_many_units": (
        "more than {limit:,} units in {list}",
        "plus de {limit} unités dans `{list}`",
    ),
    "problem.scenario.too_many_units.hint": ("docs/formats.md §Limits", "docs/formats.md §Limits"),
    "hint.roll_digits": ("die faces 1 to 6, as digits", "des faces de dé de 1 à 6, en chiffres"),
}

register(typed_in_backticks(TYPED))


# -- writes (issue 16, part "writes": referee/io/targets.py, yamlio.dump_state) ---------
WRITES: dict[str, tuple[str, str]] = {
    "problem.file.name_not_utf8": (
        "the file name {name} is not UTF-8",
        "le nom de fichier {name} n'est pas en UTF-8",
    ),
    "problem.file.name_not_utf8.hint": (
        "give a file name in UTF-8 (rename the file)",
        "donner un nom de fichier en UTF-8 (renommer le fichier)",
    ),
    "problem.file.is_directory": ("is a directory", "est un dossier"),
    "problem.file.is_directory.hint": (
        "give the name of a file (in it, if you like)",
        "donner le nom d'un fichier (dans ce dossier si l'on veut)",
    ),
    "problem.file.not_regular": (
        "is not a regular file (a device, a FIFO or a socket): not replaced",
        "n'est pas un fichier ordinaire (périphérique, FIFO ou socket) : non remplacé",
    ),
    "problem.file.not_regular.hint": (
        "write to a regular file (-o - for standard output, --dry-run to write nothing)",
        "écrire dans un fichier ordinaire (`-o -` pour la "
        "sortie standard, `--dry-run` pour ne rien écrire)",
    ),
    "problem.file.read_only": ("is read-only: not replaced", "est en lecture seule : non remplacé"),
    "problem.file.read_only.hint": (
        "make it writable (chmod u+w) or write elsewhere with -o",
        "le rendre modifiable (`chmod u+w`) ou écrire ailleurs avec `-o`",
    ),
    "problem.file.hard_linked": (
        "has {links} names (hard links): replacing it would split them",
        "a {links} noms (liens physiques) : le remplacer les séparerait",
    ),
    "problem.file.hard_linked.hint": (
        "write elsewhere with -o (or copy the file first)",
        "écrire ailleurs avec `-o` (ou copier d'abord le fichier)",
    ),
    "problem.file.other_owner": (
        "belongs to another user (uid {uid}): replacing it would change its owner",
        "appartient à un autre utilisateur (uid {uid}) : le remplacer changerait son propriétaire",
    ),
    "problem.file.other_owner.hint": (
        "run as its owner, or write elsewhere with -o",
        "lancer la commande en tant que son propriétaire, ou écrire ailleurs avec `-o`",
    ),
    "problem.file.other_group": (
        "belongs to group {gid}, which this user is not in: replacing it would change its group",
        "appartient au groupe {gid}, dont cet utilisateur n'est "
        "pas membre : le remplacer changerait son groupe",
    ),
    "problem.file.other_group.hint": (
        "run as a member of the group, or write elsewhere with -o",
        "lancer la commande en tant que membre du groupe, ou écrire ailleurs avec `-o`",
    ),
    "problem.file.changed": (
        "changed while this run was working on it (another referee run?): nothing written",
        "a changé pendant que cette commande y travaillait (une autre "
        "commande referee ?) : rien n'est écrit",
    ),
    "problem.file.changed.hint": (
        "look at the file, then run the command again",
        "regarder le fichier, puis relancer la commande",
    ),
    "problem.write.too_deep": (
        "nested more than {limit} levels deep: cannot be written",
        "imbriqué sur plus de {limit} niveaux : impossible à écrire",
    ),
    "problem.write.too_deep.hint": ("flatten it", "l'aplatir"),
    "problem.write.unwritable": (
        "holds a value that cannot be written ({what})",
        "contient une valeur impossible à écrire ({what})",
    ),
    "problem.write.unwritable.hint": (
        "this is a value no referee file may hold: remove it",
        "aucun fichier du referee ne peut contenir cette valeur : la retirer",
    ),
    "problem.write.not_finite": (
        "holds a number that is not finite ({value}): cannot be written",
        "contient un nombre qui n'est pas fini ({value}) : impossible à écrire",
    ),
    "problem.write.not_finite.hint": (
        "no referee file may hold one: remove it",
        "aucun fichier du referee ne peut en contenir : le retirer",
    ),
    "problem.write.number_too_long": (
        "holds a whole number of more than {limit} digits: cannot be written",
        "contient un nombre entier de plus de {limit} chiffres : impossible à écrire",
    ),
    "problem.write.number_too_long.hint": (
        "no referee file may hold one: remove it",
        "aucun fichier du referee ne peut en contenir : le retirer",
    ),
}

register(typed_in_backticks(WRITES))

"""Signatures and the mail flow (docs/pbem.md), English and French side by side: what
``adjudicate``, ``seed sign``, ``rollback`` and ``referee pbem`` refuse, what ``verify``
reports, and the summaries of ``seed sign`` and ``referee pbem`` (their derived words:
``referee/render/messages_cli.py``)."""

from __future__ import annotations

from referee.render.catalogue import register, typed_in_backticks

_SIGN_HINT = (
    "{player} signs them with `referee seed sign GAME FILE --secret SECRET "
    "--in-place` (or `referee seed reveal ... --in-place`, or adjudicates with "
    "--secret SECRET)",
    "{player} les signe avec `referee seed sign GAME FILE --secret SECRET "
    "--in-place` (ou `referee seed reveal ... --in-place`, ou arbitre avec "
    "--secret SECRET)",
)

SIGN: dict[str, tuple[str, str]] = {
    "problem.sign.orders_unsigned": (
        "these orders are not signed by {player}: in a two-party game every decision "
        "carries its author's signature (only a rout or pursuit phase that leaves nothing "
        "to choose may go without)",
        "ces ordres ne sont pas signés par {player} : dans une partie à deux secrets chaque "
        "décision porte la signature de son auteur (seule une phase de déroute ou de "
        "poursuite qui ne laisse rien à choisir s'en passe)",
    ),
    "problem.sign.orders_unsigned.hint": _SIGN_HINT,
    "problem.sign.orders_bad": (
        "is not {player}'s signature of these orders on this position: they were changed "
        "after they were signed, signed on another position, or not by {player}",
        "n'est pas la signature par {player} de ces ordres sur cette position : ils ont été "
        "modifiés après leur signature, signés sur une autre position, ou pas par {player}",
    ),
    "problem.sign.orders_bad.hint": _SIGN_HINT,
    "problem.sign.choices_unsigned": (
        "these choices are not signed by {by}: in a two-party game every decision carries "
        "its author's signature",
        "ces choix ne sont pas signés par {by} : dans une partie à deux secrets chaque "
        "décision porte la signature de son auteur",
    ),
    "problem.sign.choices_unsigned.hint": _SIGN_HINT,
    "problem.sign.choices_bad": (
        "these choices are not signed by {by}: in a two-party game every decision carries "
        "its author's signature",
        "ces choix ne sont pas signés par {by} : dans une partie à deux secrets chaque "
        "décision porte la signature de son auteur",
    ),
    "problem.sign.choices_bad.hint": _SIGN_HINT,
    "problem.sign.rollback_unsigned": (
        "in a two-party game a rollback is signed by the player who asks for it",
        "dans une partie à deux secrets un retour en arrière est signé par le joueur qui le "
        "demande",
    ),
    "problem.sign.rollback_unsigned.hint": (
        "give your secret file: --secret SECRET",
        "donner votre fichier secret : --secret SECRET",
    ),
    "problem.sign.rollback_foreign": (
        "{by} undoes history[{undone}], a phase of {player}: a player rolls back only his "
        "own phases",
        "{by} annule history[{undone}], une phase de {player} : un joueur ne revient que sur "
        "ses propres phases",
    ),
    "problem.sign.rollback_foreign.hint": (
        "ask your opponent to roll back his own phases",
        "demander à votre adversaire de revenir lui-même sur ses phases",
    ),
    "problem.sign.no_key": (
        "this secret carries no signing key committed in the game (a two-party game whose "
        "players committed with this version of the referee)",
        "ce secret ne porte aucune clé de signature engagée dans la partie (une partie à "
        "deux secrets dont les joueurs se sont engagés avec cette version de l'arbitre)",
    ),
    "problem.sign.no_key.hint": (
        "use the secret file you committed with",
        "utiliser le fichier secret de votre engagement",
    ),
    "problem.sign.not_yours": (
        "this file is {author}'s: you play {side}, and nobody signs a decision in another "
        "player's name",
        "ce fichier est celui de {author} : vous jouez {side}, et personne ne signe une "
        "décision au nom d'un autre joueur",
    ),
    "problem.sign.not_yours.hint": (
        "sign only your own orders and choices",
        "ne signer que vos propres ordres et choix",
    ),
    "problem.sign.line_not_added": (
        "the signature line could not be added to this file's YAML",
        "la ligne de signature n'a pas pu être ajoutée au YAML de ce fichier",
    ),
    "problem.sign.line_not_added.hint": (
        "write the orders as the skeleton does (`referee orders`), then sign again",
        "écrire les ordres comme le squelette (`referee orders`), puis signer à nouveau",
    ),
    "problem.choices.not_signature": (
        "must be 128 lowercase hex digits (or absent)",
        "doit être 128 chiffres hexadécimaux en minuscules (ou absent)",
    ),
    "problem.choices.not_signature.hint": (
        "sign the file with `referee seed sign`",
        "signer le fichier avec `referee seed sign`",
    ),
    "hint.signature_value": (
        "write what `referee seed sign` gave (docs/pbem.md)",
        "écrire ce qu'a donné `referee seed sign` (docs/pbem.md)",
    ),
    # verify's findings
    "problem.verify.since_not_yours": (
        "{file} is {author}'s file, not yours ({side}): --since takes a file you sent",
        "{file} est un fichier de {author}, pas le vôtre ({side}) : --since prend un fichier "
        "que vous avez envoyé",
    ),
    "problem.verify.since_signer": (
        "{file} is {author}'s file, but not signed by {author}'s committed key: --since "
        "takes a file you sent as your referee signed it",
        "{file} est un fichier de {author}, mais n'est pas signé par la clé engagée de "
        "{author} : --since prend un fichier que vous avez envoyé, tel que votre arbitre l'a signé",
    ),
    "problem.cli.since_who": (
        "{file} names its author, but nothing says who runs this check: verify cannot tell "
        "whether it is a file you sent",
        "{file} nomme son auteur, mais rien ne dit qui fait cette vérification : verify ne "
        "peut pas savoir si c'est un fichier que vous avez envoyé",
    ),
    "problem.cli.since_who.hint": (
        "say which side you play: --side SIDE (or --secret YOUR-SECRET)",
        "dire quel camp vous jouez : --side CAMP (ou --secret VOTRE-SECRET)",
    ),
    "problem.cli.side_not_secret": (
        "--side says {side}, your secret says {secret_side}",
        "--side dit {side}, votre secret dit {secret_side}",
    ),
    "problem.cli.side_not_secret.hint": (
        "give one of them, or both for the same side",
        "en donner un seul, ou les deux pour le même camp",
    ),
    "problem.verify.since_mixed": (
        "the --since files are {first}'s and {second}'s: --since takes files you sent, all yours",
        "les fichiers de --since sont de {first} et de {second} : --since prend des fichiers "
        "que vous avez envoyés, tous à vous",
    ),
    "problem.verify.commit_unsigned": (
        "{side}'s commitment is not signed by the key it commits",
        "l'engagement de {side} n'est pas signé par la clé qu'il engage",
    ),
    "problem.verify.not_nobodys": (
        "the phase is marked as leaving nobody anything to decide, but {player} had "
        "decisions to make in it: {player} did not sign it",
        "la phase est marquée comme ne laissant rien à décider, mais {player} y avait des "
        "décisions à prendre : {player} ne l'a pas signée",
    ),
    "problem.verify.unsigned_phase": (
        "the phase was not signed by {player}, whose phase it is: {player} did not make "
        "these orders",
        "la phase n'est pas signée par {player}, dont c'est la phase : {player} n'a pas "
        "donné ces ordres",
    ),
    "problem.verify.unsigned_choices": (
        "the choices in {side}'s name are not signed by {side}: {side} did not make them",
        "les choix au nom de {side} ne sont pas signés par {side} : {side} ne les a pas faits",
    ),
    "problem.verify.unsigned_rollback": (
        "the rollback is not signed by a player of the game",
        "le retour en arrière n'est signé par aucun joueur de la partie",
    ),
    "problem.verify.rollback_foreign": (
        "{by} undoes history[{undone}], a phase of {player}: a player rolls back only his "
        "own phases",
        "{by} annule history[{undone}], une phase de {player} : un joueur ne revient que sur "
        "ses propres phases",
    ),
}

PBEM: dict[str, tuple[str, str]] = {
    "problem.sign.commit_unsigned": (
        "{side}'s commitment is not signed by the key it commits",
        "l'engagement de {side} n'est pas signé par la clé qu'il engage",
    ),
    "problem.sign.commit_unsigned.hint": ("ask for the mail again", "redemander le courriel"),
    "problem.pbem.not_a_folder": (
        "not a game folder (no ledger.json)",
        "pas un dossier de partie (pas de ledger.json)",
    ),
    "problem.pbem.not_a_folder.hint": (
        "make one with `referee pbem new SCENARIO --side SIDE --dir DIR` or `referee pbem "
        "join MAIL --side SIDE --dir DIR`",
        "en faire un avec `referee pbem new SCENARIO --side SIDE --dir DIR` ou `referee pbem "
        "join MAIL --side SIDE --dir DIR`",
    ),
    "problem.pbem.ledger": (
        "the ledger cannot be read: {what}",
        "le registre ne peut pas être lu : {what}",
    ),
    "problem.pbem.ledger.hint": (
        "restore the folder from a backup",
        "restaurer le dossier depuis une sauvegarde",
    ),
    "problem.pbem.ledger_format": (
        "is not a ledger the referee wrote",
        "n'est pas un registre écrit par l'arbitre",
    ),
    "problem.pbem.ledger_format.hint": (
        "restore the folder from a backup",
        "restaurer le dossier depuis une sauvegarde",
    ),
    "problem.pbem.dir_exists": (
        "exists and is not an empty folder",
        "existe et n'est pas un dossier vide",
    ),
    "problem.pbem.dir_exists.hint": (
        "give --dir a new folder: each game has its own",
        "donner à --dir un nouveau dossier : chaque partie a le sien",
    ),
    "problem.pbem.dir_unwritable": ("cannot make the folder", "impossible de créer le dossier"),
    "problem.pbem.dir_unwritable.hint": ("choose another place", "choisir un autre endroit"),
    "problem.pbem.step_kind": (
        "a {kind} entry cannot travel by mail",
        "une entrée `{kind}` ne peut pas voyager par courriel",
    ),
    "problem.pbem.step_kind.hint": (
        "a rollback of what the opponent received needs his agreement: referee pbem "
        "rollback DIR --to N (docs/pbem.md §Rollback by mail)",
        "un retour en arrière de ce que l'adversaire a reçu demande son accord : referee pbem "
        "rollback DIR --to N (docs/pbem.md §Rollback by mail)",
    ),
    "problem.pbem.step_moment": (
        "the mail's next entry is for turn {given_turn}, {given_player}, {given_phase}; your "
        "copy is at turn {turn}, {player}, {phase}",
        "l'entrée suivante du courriel est pour le tour {given_turn}, {given_player}, "
        "{given_phase_word} ; votre copie en est au tour {turn}, {player}, {phase_word}",
    ),
    "problem.pbem.step_moment.hint": (
        "your copies diverged: compare `referee history` with your opponent's",
        "vos copies ont divergé : comparer `referee history` avec celui de votre adversaire",
    ),
    "problem.pbem.step_reveals": (
        "reveals must map sides to values",
        "les révélations doivent associer des camps à des valeurs",
    ),
    "problem.pbem.diverged": (
        "your copy diverged from your opponent's at history[{index}]: the entry made here has "
        "hash {got}…, the mail says {want}…",
        "votre copie a divergé de celle de votre adversaire à history[{index}] : l'entrée "
        "faite ici a pour empreinte {got}…, le courriel dit {want}…",
    ),
    "problem.pbem.diverged.hint": (
        "compare `referee history --report` of this entry with your "
        "opponent's; nothing was applied",
        "comparer `referee history --report` de cette entrée avec "
        "celui de votre adversaire ; rien n'a été appliqué",
    ),
    "problem.pbem.pending_moment": (
        "the opponent's orders are for turn {given_turn}, {given_player}, {given_phase}; the "
        "game is at turn {turn}, {player}, {phase}",
        "les ordres de l'adversaire sont pour le tour {given_turn}, {given_player}, "
        "{given_phase_word} ; la partie en est au tour {turn}, {player}, {phase_word}",
    ),
    "problem.pbem.pending_moment.hint": (
        "ask your opponent for the mail again",
        "redemander le courriel à votre adversaire",
    ),
    "problem.pbem.pending_mine": (
        "the mail gives orders in your name",
        "le courriel donne des ordres en votre nom",
    ),
    "problem.pbem.pending_mine.hint": (
        "nobody plays your phases but you",
        "personne d'autre que vous ne joue vos phases",
    ),
    "problem.pbem.not_a_mail": (
        "is not a game mail ({format})",
        "n'est pas un courriel de partie ({format})",
    ),
    "problem.pbem.not_a_mail.hint": (
        "give the .eml your opponent's referee wrote",
        "donner le .eml écrit par l'arbitre de votre adversaire",
    ),
    "problem.pbem.other_game": (
        "this mail is for game {given!r}, this folder plays {game!r}",
        "ce courriel est pour la partie {given!r}, ce dossier joue {game!r}",
    ),
    "problem.pbem.other_game.hint": (
        "give it to the folder of that game",
        "le donner au dossier de cette partie",
    ),
    "problem.pbem.not_to_me": (
        "this mail is from {sender} to {to}; this folder is {side}'s",
        "ce courriel va de {sender} à {to} ; ce dossier est celui de {side}",
    ),
    "problem.pbem.not_to_me.hint": (
        "give it to your opponent's folder",
        "le donner au dossier de votre adversaire",
    ),
    "problem.pbem.applied_twice": (
        "mail {number} was applied already (this folder is at mail {last})",
        "le courriel {number} a déjà été appliqué (ce dossier en est au courriel {last})",
    ),
    "problem.pbem.applied_twice.hint": (
        "nothing to do: `referee pbem status DIR` says what is next",
        "rien à faire : `referee pbem status DIR` dit la suite",
    ),
    "problem.pbem.out_of_order": (
        "this is mail {number}, the next one is {expected}: a mail "
        "is missing or they came out of order",
        "c'est le courriel {number}, le suivant est le {expected} : "
        "il en manque un ou ils arrivent dans le désordre",
    ),
    "problem.pbem.out_of_order.hint": (
        "apply mail {expected} first",
        "appliquer d'abord le courriel {expected}",
    ),
    "problem.pbem.past_position": (
        "this mail applies to a past position of the game (after history[{index}]); your "
        "copy is {further} entries further",
        "ce courriel s'applique à une position passée de la partie (après history[{index}]) ; "
        "votre copie a {further} entrées de plus",
    ),
    "problem.pbem.past_position.hint": (
        "ask your opponent which mail he last received",
        "demander à votre adversaire quel courriel il a reçu en dernier",
    ),
    "problem.pbem.unknown_after": (
        "this mail applies to a position your copy never had: your copies diverged",
        "ce courriel s'applique à une position que votre copie n'a "
        "jamais eue : vos copies ont divergé",
    ),
    "problem.pbem.unknown_after.hint": (
        "compare `referee history` with your opponent's",
        "comparer `referee history` avec celui de votre adversaire",
    ),
    "problem.pbem.not_invitation": (
        "is not an invitation: pbem join takes the first mail of a game",
        "n'est pas une invitation : pbem join prend le premier courriel d'une partie",
    ),
    "problem.pbem.not_invitation.hint": (
        "give it to referee pbem receive DIR MAIL",
        "le donner à referee pbem receive DIR MAIL",
    ),
    "problem.pbem.same_side": (
        "{side} is the side of the player who invited you",
        "{side} est le camp du joueur qui vous a invité",
    ),
    "problem.pbem.same_side.hint": ("play the other side", "jouer l'autre camp"),
    "problem.pbem.other_start": (
        "the scenario does not give the game your opponent started "
        "(another version of the referee or of its rules?)",
        "le scénario ne donne pas la partie que votre adversaire a "
        "commencée (une autre version de l'arbitre ou de ses règles ?)",
    ),
    "problem.pbem.other_start.hint": (
        "both players use the same version (referee --version)",
        "les deux joueurs utilisent la même version (referee --version)",
    ),
    "problem.pbem.house_rules_differ": (
        "{path} differs from the house rules of the invitation ({rules})",
        "{path} diffère des règles maison de l'invitation ({rules})",
    ),
    "problem.pbem.house_rules_differ.hint": (
        "play with the invitation's (leave --house-rules out), or agree with your opponent "
        "on one set and ask him for a new invitation",
        "jouer avec celles de l'invitation (sans --house-rules), ou convenir d'un jeu de "
        "règles avec votre adversaire et lui demander une nouvelle invitation",
    ),
    "problem.pbem.house_rules_twice": (
        "the scenario holds house rules other than {path}'s",
        "le scénario porte d'autres règles maison que celles de {path}",
    ),
    "problem.pbem.house_rules_twice.hint": (
        "keep one set: the scenario's house_rules or the file, not both",
        "n'en garder qu'un jeu : les house_rules du scénario ou le fichier, pas les deux",
    ),
    "problem.rechain.not_keyed": (
        "a new chain is for a two-party game whose players committed their keys",
        "une nouvelle chaîne est pour une partie à deux secrets dont les joueurs ont engagé "
        "leurs clés",
    ),
    "problem.rechain.not_keyed.hint": (
        "start a new game from this position with fresh commitments (docs/pbem.md)",
        "commencer une nouvelle partie depuis cette position avec de nouveaux engagements "
        "(docs/pbem.md)",
    ),
    "problem.rechain.malformed": (
        "a new chain is a commitment of 64 hex digits and a length of 1 to {most}",
        "une nouvelle chaîne est un engagement de 64 chiffres hexadécimaux et une longueur "
        "de 1 à {most}",
    ),
    "problem.rechain.malformed.hint": ("ask for the mail again", "redemander le courriel"),
    "problem.rechain.pending": (
        "{side} already has a new chain waiting for its acknowledgement",
        "{side} a déjà une nouvelle chaîne qui attend son accusé de réception",
    ),
    "problem.rechain.pending.hint": (
        "it counts once the opponent's next mail shows he received it",
        "elle compte dès que le prochain courriel de l'adversaire montre qu'il l'a reçue",
    ),
    "problem.rechain.unsigned": (
        "{side}'s new chain is not signed by {side}'s committed key",
        "la nouvelle chaîne de {side} n'est pas signée par la clé engagée de {side}",
    ),
    "problem.rechain.unsigned.hint": ("ask for the mail again", "redemander le courriel"),
    "problem.rechain.no_pending": (
        "{side} has no new chain to move to",
        "{side} n'a pas de nouvelle chaîne vers laquelle passer",
    ),
    "problem.rechain.early": (
        "{side} moves to his new chain (history[{index}]) before {opponent} acknowledged "
        "its commitment",
        "{side} passe à sa nouvelle chaîne (history[{index}]) avant que {opponent} ait accusé "
        "réception de son engagement",
    ),
    "problem.rechain.early.hint": (
        "a new chain counts once the opponent's next mail shows he received it",
        "une nouvelle chaîne compte dès que le prochain courriel de l'adversaire montre "
        "qu'il l'a reçue",
    ),
    "problem.rechain.switch_unsigned": (
        "{side}'s move to his new chain is not signed by {side}'s committed key",
        "le passage de {side} à sa nouvelle chaîne n'est pas signé par la clé engagée de {side}",
    ),
    "problem.rechain.switch_unsigned.hint": ("ask for the mail again", "redemander le courriel"),
    "problem.pbem.step_chain": (
        "a new chain's length is a whole number",
        "la longueur d'une nouvelle chaîne est un nombre entier",
    ),
    "problem.verify.rechain_malformed": (
        "a new chain for {side!r} in a game where {side!r} has no chain, or malformed",
        "une nouvelle chaîne pour {side!r} dans une partie où {side!r} n'a pas de chaîne, ou "
        "mal formée",
    ),
    "problem.verify.rechain_unsigned": (
        "{side}'s new chain is not signed by {side}'s committed key: {side} did not commit to it",
        "la nouvelle chaîne de {side} n'est pas signée par la clé engagée de {side} : {side} "
        "ne s'y est pas engagé",
    ),
    "problem.verify.switch_unknown": (
        "{side} moves to a chain that is not his new commitment waiting for its switch",
        "{side} passe à une chaîne qui n'est pas son nouvel engagement en attente",
    ),
    "problem.verify.switch_unsigned": (
        "{side}'s move to his new chain is not signed by {side}'s committed key",
        "le passage de {side} à sa nouvelle chaîne n'est pas signé par la clé engagée de {side}",
    ),
    "problem.verify.switch_early": (
        "{side} moves to his new chain (history[{index}]) before {opponent} acknowledged its "
        "commitment: a new chain counts only once the opponent has received it",
        "{side} passe à sa nouvelle chaîne (history[{index}]) avant que {opponent} ait accusé "
        "réception de son engagement : une nouvelle chaîne ne compte qu'une fois que "
        "l'adversaire l'a reçue",
    ),
    "problem.pbem.rollback_options": (
        "give one of --agree, --refuse (without --to)",
        "donner l'une de --agree, --refuse (sans --to)",
    ),
    "problem.pbem.no_proposal": (
        "{opponent} has proposed no rollback",
        "{opponent} n'a proposé aucun retour en arrière",
    ),
    "problem.pbem.no_proposal.hint": ("referee pbem status {dir}", "referee pbem status {dir}"),
    "problem.pbem.rollback_range": (
        "no phase after history entry {index} to undo (entries {first}..{last} can be returned to)",
        "aucune phase à défaire après l'entrée {index} de l'historique (on peut revenir aux "
        "entrées {first} à {last})",
    ),
    "problem.pbem.rollback_range.hint": (
        "see referee pbem export DIR -o STATE, then referee history STATE",
        "voir referee pbem export DIR -o ÉTAT, puis referee history ÉTAT",
    ),
    "problem.pbem.rollback_rolled": (
        "{at_where} rolled dice: rolled dice stand (going back before them would re-roll them)",
        "{at_where} a lancé des dés : les dés lancés restent (revenir avant eux les relancerait)",
    ),
    "problem.pbem.rollback_rolled.hint": (
        "return to an entry after the last phase that rolled dice",
        "revenir à une entrée après la dernière phase qui a lancé des dés",
    ),
    "problem.pbem.rollback_record": (
        "{at_where} is a commitment or a rollback: it is not undone",
        "{at_where} est un engagement ou un retour en arrière : il ne se défait pas",
    ),
    "problem.pbem.rollback_record.hint": (
        "return to an entry after it",
        "revenir à une entrée après lui",
    ),
    "problem.pbem.nothing_unsent": (
        "no phase of yours to undo that your opponent has not received",
        "aucune phase à vous à défaire que votre adversaire n'a pas reçue",
    ),
    "problem.pbem.nothing_unsent.hint": (
        "to undo what he received, propose it: referee pbem rollback DIR --to N",
        "pour défaire ce qu'il a reçu, le proposer : referee pbem rollback DIR --to N",
    ),
    "problem.pbem.rollback_received": (
        "history[{index}] is before the last position your opponent holds (history[{shared}]): "
        "undoing what he received needs his agreement",
        "history[{index}] est avant la dernière position que tient votre adversaire "
        "(history[{shared}]) : défaire ce qu'il a reçu demande son accord",
    ),
    "problem.pbem.rollback_received.hint": (
        "propose it: referee pbem rollback DIR --to N (a mail he agrees to)",
        "le proposer : referee pbem rollback DIR --to N (un courriel qu'il accepte)",
    ),
    "problem.pbem.rollback_not_mine": (
        "{at_where} is not a phase of yours",
        "{at_where} n'est pas une de vos phases",
    ),
    "problem.pbem.proposal_unsigned": (
        "the rollback proposal is not signed by {sender} on this position",
        "la proposition de retour en arrière n'est pas signée par {sender} sur cette position",
    ),
    "problem.pbem.proposal_unsigned.hint": (
        "ask your opponent for the mail again",
        "redemander le courriel à votre adversaire",
    ),
    "problem.pbem.rollback_unagreed": (
        "the rollback is not agreed by {side}: it lacks his signature",
        "le retour en arrière n'est pas accepté par {side} : sa signature manque",
    ),
    "problem.pbem.rollback_unagreed.hint": (
        "both players sign a rollback of what the other received",
        "les deux joueurs signent un retour en arrière de ce que l'autre a reçu",
    ),
    "problem.pbem.step_rollback": (
        "a rollback names a history entry",
        "un retour en arrière nomme une entrée de l'historique",
    ),
    "problem.verify.unagreed_rollback": (
        "the rollback names {side}'s agreement, but {side} did not sign it",
        "le retour en arrière cite l'accord de {side}, mais {side} ne l'a pas signé",
    ),
    "problem.pbem.choices_after_dice": (
        "{opponent} made choices in your {phase} phase, which he applied once the dice could "
        "be known: in the mail flow they are the standing choices of his previous mail, else "
        "the documented defaults",
        "{opponent} a fait des choix dans votre phase de {phase_word}, qu'il a appliquée "
        "quand les dés pouvaient être connus : par courriel ce sont les choix permanents de "
        "son courriel précédent, sinon les choix par défaut documentés",
    ),
    "problem.pbem.choices_after_dice.hint": (
        "ask your opponent for a mail with the defaults (docs/pbem.md §Timing)",
        "demander à votre adversaire un courriel avec les choix par défaut (docs/pbem.md §Timing)",
    ),
    "problem.pbem.mail_unsigned": (
        "this mail is not signed by {sender}: it was changed "
        "after it was written, or written by someone else",
        "ce courriel n'est pas signé par {sender} : il a été "
        "modifié après avoir été écrit, ou écrit par quelqu'un "
        "d'autre",
    ),
    "problem.pbem.mail_unsigned.hint": (
        "ask your opponent for the mail again, as his referee wrote it",
        "redemander à votre adversaire le courriel tel que son arbitre l'a écrit",
    ),
    "problem.pbem.standing_not_list": (
        "must be a list of pursuit orders ('C3 pursue', 'C3 hold') or `after_dice`",
        "doit être une liste d'ordres de poursuite (`C3 pursue`, `C3 hold`) ou `after_dice`",
    ),
    "problem.orders.mail_only_key": (
        "is read by `referee pbem send` only (the standing orders of a game by mail)",
        "n'est lu que par `referee pbem send` (les ordres permanents d'une partie par courrier)",
    ),
    "problem.orders.mail_only_key.hint": (
        "give this file to `referee pbem send DIR FILE`, or remove the key",
        "donner ce fichier à `referee pbem send DIR FILE`, ou retirer la clé",
    ),
    "problem.pbem.owner_choices_not_list": (
        "must be a list of choices ('G14 conform no', 'G14 face P3')",
        "doit être une liste de choix (`G14 conform no`, `G14 face P3`)",
    ),
    "problem.pbem.owner_choices_item": (
        "is not a rout or pursuit choice of a unit of {player} ('G14 conform no', 'G14 face "
        "P3', 'G2 choose G5')",
        "n'est pas un choix de déroute ou de poursuite d'une unité de {player} (`G14 conform "
        "no`, `G14 face P3`, `G2 choose G5`)",
    ),
    "problem.pbem.owner_choices_item.hint": (
        "reactions go under reactions:",
        "les réactions vont sous reactions:",
    ),
    "problem.pbem.standing_after_dice": (
        "this game decides pursuits after the combat dice (`pbem_pursuits: after_dice`): no "
        "standing pursuit orders",
        "cette partie décide les poursuites après les dés du combat (`pbem_pursuits : "
        "after_dice`) : pas d'ordres permanents de poursuite",
    ),
    "problem.pbem.standing_after_dice.hint": (
        "remove them: your pursuit phase comes back to you with your opponent's mail",
        "les retirer : votre phase de poursuite vous revient avec le courrier de votre adversaire",
    ),
    "problem.pbem.standing_no_unit": (
        "no unit {id!r} of {player} in the game",
        "aucune unité {id!r} de {player} dans la partie",
    ),
    "problem.pbem.standing_no_unit.hint": (
        "check the id against `referee show`",
        "vérifier l'identifiant avec `referee show`",
    ),
    "problem.pbem.reactions_not_list": (
        "must be a list of reactions ('G14 reaction evade')",
        "doit être une liste de réactions (`G14 reaction evade`)",
    ),
    "problem.pbem.reactions_item": (
        "is not the reaction of a unit of {player} ('{unit} reaction evade' or 'stand')",
        "n'est pas la réaction d'une unité de {player} (`{unit} reaction evade` ou `stand`)",
    ),
    "problem.pbem.not_two_party_secret": (
        "is not a two-party secret (made by `referee seed new --two-party`)",
        "n'est pas un secret à deux secrets (fait par `referee seed new --two-party`)",
    ),
    "problem.pbem.not_two_party_secret.hint": (
        "make one with referee seed new --two-party -o FILE, or leave --secret out",
        "en faire un avec referee seed new --two-party -o FILE, ou omettre --secret",
    ),
    "problem.pbem.standing_phase": (
        "standing pursuit orders go with the combat orders",
        "les ordres permanents de poursuite accompagnent les ordres de combat",
    ),
    "problem.pbem.standing_phase.hint": ("remove them", "les retirer"),
    "problem.pbem.not_my_move": (
        "it is not your move: turn {turn}, {player}, {phase} is next",
        "ce n'est pas à vous de jouer : ensuite vient le tour {turn}, {player}, {phase_word}",
    ),
    "problem.pbem.not_my_move.hint": ("referee pbem status {dir}", "referee pbem status {dir}"),
}

UI: dict[str, tuple[str, str]] = {
    "ui.pbem.standing": (
        "Standing orders of your pursuit phase, fixed now, before any die of the combat "
        "(docs/pbem.md §Timing): a unit that wins its combat pursues if you uncomment its "
        "line; a unit left out holds, unless it is impetuous (it pursues as 001 requires).",
        "Ordres permanents de votre phase de poursuite, fixés maintenant, avant tout dé du "
        "combat (docs/pbem.md §Timing) : une unité qui gagne son combat poursuit si vous "
        "décommentez sa ligne ; une unité omise reste sur place, sauf si elle est impétueuse "
        "(elle poursuit comme le veut 001).",
    ),
    "ui.pbem.standing_rout": (
        "Standing orders of your pursuit phase, fixed now, before any die of the rout "
        "(docs/pbem.md §Timing): a unit that won its combat pursues if you uncomment its "
        "line; a unit left out holds, unless it is impetuous (it pursues as 001 requires).",
        "Ordres permanents de votre phase de poursuite, fixés maintenant, avant tout dé de "
        "la déroute (docs/pbem.md §Timing) : une unité qui a gagné son combat poursuit si "
        "vous décommentez sa ligne ; une unité omise reste sur place, sauf si elle est "
        "impétueuse (elle poursuit comme le veut 001).",
    ),
    "ui.pbem.rout_after_dice": (
        "Your rout's decisions (which attacker a unit attacked in flank or rear faces, where "
        "a general flees) take the documented defaults; to make them yourself once the "
        "combat dice are known, write `rout: after_dice` (one more mail, only if your rout "
        "asks you one).",
        "Les décisions de votre déroute (quel attaquant affronte une unité attaquée de flanc "
        "ou de dos, où fuit un général) prennent les valeurs par défaut documentées ; pour "
        "les prendre vous-même une fois les dés du combat connus, écrire `rout: after_dice` "
        "(un courriel de plus, seulement si votre déroute vous en demande une).",
    ),
    "ui.pbem.awaited": (
        "awaited: {side}'s orders for turn {turn}, {player}, {phase}",
        "attendu : les ordres de {side} pour le tour {turn}, {player}, {phase_word}",
    ),
    "ui.pbem.awaited_reveal": (
        "awaited: {side}'s mail applying your turn {turn}, {player}, {phase} (his reveal "
        "for its dice, his choices)",
        "attendu : le courriel de {side} qui applique votre tour {turn}, {player}, "
        "{phase_word} (sa révélation pour ses dés, ses choix)",
    ),
    "problem.pbem.rout_after_dice": (
        "takes one value, `after_dice`, in the combat orders",
        "ne prend qu'une valeur, `after_dice`, dans les ordres de combat",
    ),
    "problem.pbem.rout_after_dice.hint": (
        "write `rout: after_dice` in your combat orders, or remove it",
        "écrire `rout: after_dice` dans vos ordres de combat, ou l'enlever",
    ),
    "ui.pbem.after_dice": (
        "This game decides pursuits after the combat dice (`pbem_pursuits: after_dice`): your "
        "opponent's mail hands your pursuit phase back to you, one more mail "
        "(docs/pbem.md §Timing).",
        "Cette partie décide les poursuites après les dés du combat (`pbem_pursuits : "
        "after_dice`) : le courrier de votre adversaire vous rend votre phase de poursuite, "
        "un courrier de plus (docs/pbem.md §Timing).",
    ),
    "ui.pbem.ask_after_dice": (
        "To decide them after seeing the dice instead, write `pursuit: after_dice` (one more "
        "mail: your opponent's hands your pursuit phase back).",
        "Pour les décider plutôt après avoir vu les dés, écrire `pursuit: after_dice` (un "
        "courrier de plus : celui de votre adversaire vous rend votre phase de poursuite).",
    ),
    "ui.pbem.over": ("the game is over ({outcome})", "la partie est finie ({outcome_word})"),
    "ui.pbem.send_mail": (
        "send {mail} to {opponent} (as it is: any mail client opens a "
        ".eml), then wait for his answer",
        "envoyer {mail} à {opponent} (tel quel : tout logiciel de courriel "
        "ouvre un .eml), puis attendre sa réponse",
    ),
    "ui.pbem.your_move": (
        "your move (turn {turn}, {player}, {phase}): edit {path}, then "
        "referee pbem send {dir} {path}",
        "à vous de jouer (tour {turn}, {player}, {phase_word}) : modifier "
        "{path}, puis referee pbem send {dir} {path}",
    ),
    "ui.pbem.wait": (
        "waiting for {opponent}'s mail; then referee pbem receive {dir} MAIL",
        "en attente du courriel de {opponent} ; ensuite referee pbem receive {dir} COURRIEL",
    ),
    "ui.pbem.mail_summary": (
        "{game}, mail {number} from {side} to {opponent}: phases applied: {done}; orders for "
        "you to apply: {asks}. Give this mail to: referee pbem receive DIR MAIL",
        "{game}, courriel {number} de {side} à {opponent} : phases appliquées : {done} ; "
        "ordres à appliquer chez vous : {asks}. Donner ce courriel à : referee pbem receive "
        "DIR COURRIEL",
    ),
    "ui.pbem.mail_subject": (
        "[referee] {game}: mail {number} from {side}",
        "[referee] {game} : courriel {number} de {side}",
    ),
    "ui.pbem.big_mail": (
        "{path} is {size} bytes (over {limit})",
        "{path} fait {size} octets (plus de {limit})",
    ),
    "ui.pbem.made": (
        "{dir}: your copy of {game} as {side}, your secret and your commitment. "
        "Send {mail} to {opponent}, who runs: referee pbem join MAIL --side "
        "{opponent} --dir HIS-FOLDER",
        "{dir} : votre copie de {game} avec {side}, votre secret et votre "
        "engagement. Envoyer {mail} à {opponent}, qui lance : referee pbem join "
        "COURRIEL --side {opponent} --dir SON-DOSSIER",
    ),
    "ui.pbem.house_rules": (
        "house rules of this game: {rules}",
        "règles maison de cette partie : {rules}",
    ),
    "ui.pbem.no_house_rules": ("no house rules", "pas de règles maison"),
    "ui.pbem.rechained": (
        "{path}: your new dice chain ({length} reveals; commitment {commitment}…); your next "
        "mail carries its commitment, and your dice use it once {opponent}'s answer shows he "
        "received it",
        "{path} : votre nouvelle chaîne de dés ({length} révélations ; engagement "
        "{commitment}…) ; votre prochain courriel porte son engagement, et vos dés "
        "l'utilisent dès que la réponse de {opponent} montre qu'il l'a reçu",
    ),
    "ui.pbem.chain_waiting": (
        "your new dice chain waits for {opponent} to receive its commitment (with your next "
        "mail); your dice use your current chain until his answer",
        "votre nouvelle chaîne de dés attend que {opponent} reçoive son engagement (avec "
        "votre prochain courriel) ; vos dés utilisent votre chaîne actuelle jusqu'à sa réponse",
    ),
    "ui.pbem.chain_low": (
        "warning: your dice chain has {left} reveals left (under {low}: about 10 game turns); "
        "on your move, make a new one: referee pbem rechain {dir}",
        "attention : votre chaîne de dés n'a plus que {left} révélations (moins de {low} : "
        "environ 10 tours de jeu) ; à votre tour, en faire une nouvelle : referee pbem "
        "rechain {dir}",
    ),
    "ui.pbem.proposal": (
        "{opponent} proposes to return to history[{to}], undoing: {undone}; agree: referee "
        "pbem rollback {dir} --agree, or refuse: referee pbem rollback {dir} --refuse",
        "{opponent} propose de revenir à l'entrée {to} de l'historique, ce qui défait : "
        "{undone} ; accepter : "
        "referee pbem rollback {dir} --agree, ou refuser : referee pbem rollback {dir} "
        "--refuse",
    ),
    "ui.pbem.awaited_answer": (
        "awaited: {side}'s answer to your rollback proposal",
        "attendu : la réponse de {side} à votre proposition de retour en arrière",
    ),
    "ui.pbem.rolled_back": (
        "{side}'s copy at history[{index}] (turn {turn}, {player}, {phase}); {then}",
        "copie de {side} à l'entrée {index} de l'historique (tour {turn}, {player}, "
        "{phase_word}) ; {then}",
    ),
    "ui.pbem.joined": (
        "{dir}: your copy of {game} as {side}. Send {mail} to {opponent}; {then}",
        "{dir} : votre copie de {game} avec {side}. Envoyer {mail} à {opponent} ; {then}",
    ),
    "ui.pbem.received": (
        "{path}: {count} phase(s) applied; {then}",
        "{path} : {count:# phase appliquée|# phases appliquées} ; {then}",
    ),
    "ui.pbem.sent": (
        "{count} phase(s) applied; {then}",
        "{count:# phase appliquée|# phases appliquées} ; {then}",
    ),
    "ui.pbem.orders": (
        "{path}: your orders for turn {turn}, {player}, {phase}",
        "{path} : vos ordres pour le tour {turn}, {player}, {phase_word}",
    ),
    "ui.pbem.status": (
        "{game}: you play {side} against {opponent}; next: turn {turn}, {player}, {phase}; "
        "mails sent {sent} (last: {last_sent}), received {received} (last: {last_received})"
        "\n{then}",
        "{game} : vous jouez {side} contre {opponent} ; ensuite : tour {turn}, {player}, "
        "{phase_word} ; courriels envoyés {sent} (dernier : {last_sent}), reçus {received} "
        "(dernier : {last_received})\n{then}",
    ),
    "ui.pbem.exported": (
        "{path}: the game as {side}'s copy holds it ({entries} history entries)",
        "{path} : la partie telle que la tient la copie de {side} "
        "({entries:# entrée|# entrées} d'historique)",
    ),
    "ui.sign.add_line": (
        "add the line above to {file} (or run again with --in-place)",
        "ajouter la ligne ci-dessus à {file} (ou relancer avec --in-place)",
    ),
    "ui.sign.signed": ("{target} signed by {side}", "{target} signé par {side}"),
}

register(typed_in_backticks(SIGN))
register(typed_in_backticks(PBEM))
register(UI)

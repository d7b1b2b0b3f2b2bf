"""Signatures (docs/pbem.md §Signatures), English and French side by side: what
``adjudicate``, ``seed sign`` and ``rollback`` refuse, what ``verify`` reports, and the
summaries of ``seed sign``."""

from __future__ import annotations

from referee.render.catalogue import register, typed_in_backticks

_SIGN_HINT = ("{player} signs them with `referee seed sign GAME FILE --secret SECRET "
              "--in-place` (or `referee seed reveal ... --in-place`, or adjudicates with "
              "--secret SECRET)",
              "{player} les signe avec `referee seed sign GAME FILE --secret SECRET "
              "--in-place` (ou `referee seed reveal ... --in-place`, ou arbitre avec "
              "--secret SECRET)")

SIGN: dict[str, tuple[str, str]] = {
    "problem.sign.orders_unsigned": (
        "these orders are not signed by {player}: in a two-party game every decision "
        "carries its author's signature (only a rout or pursuit phase that leaves nothing "
        "to choose may go without)",
        "ces ordres ne sont pas signés par {player} : dans une partie à deux secrets chaque "
        "décision porte la signature de son auteur (seule une phase de déroute ou de "
        "poursuite qui ne laisse rien à choisir s'en passe)"),
    "problem.sign.orders_unsigned.hint": _SIGN_HINT,
    "problem.sign.orders_bad": (
        "is not {player}'s signature of these orders on this position: they were changed "
        "after they were signed, signed on another position, or not by {player}",
        "n'est pas la signature par {player} de ces ordres sur cette position : ils ont été "
        "modifiés après leur signature, signés sur une autre position, ou pas par {player}"),
    "problem.sign.orders_bad.hint": _SIGN_HINT,
    "problem.sign.choices_unsigned": (
        "these choices are not signed by {by}: in a two-party game every decision carries "
        "its author's signature",
        "ces choix ne sont pas signés par {by} : dans une partie à deux secrets chaque "
        "décision porte la signature de son auteur"),
    "problem.sign.choices_unsigned.hint": _SIGN_HINT,
    "problem.sign.choices_bad": (
        "these choices are not signed by {by}: in a two-party game every decision carries "
        "its author's signature",
        "ces choix ne sont pas signés par {by} : dans une partie à deux secrets chaque "
        "décision porte la signature de son auteur"),
    "problem.sign.choices_bad.hint": _SIGN_HINT,
    "problem.sign.rollback_unsigned": (
        "in a two-party game a rollback is signed by the player who asks for it",
        "dans une partie à deux secrets un retour en arrière est signé par le joueur qui le "
        "demande"),
    "problem.sign.rollback_unsigned.hint": ("give your secret file: --secret SECRET",
                                            "donner votre fichier secret : --secret SECRET"),
    "problem.sign.rollback_foreign": (
        "{by} undoes history[{undone}], a phase of {player}: a player rolls back only his "
        "own phases",
        "{by} annule history[{undone}], une phase de {player} : un joueur ne revient que sur "
        "ses propres phases"),
    "problem.sign.rollback_foreign.hint": ("ask your opponent to roll back his own phases",
                                           "demander à votre adversaire de revenir lui-même "
                                           "sur ses phases"),
    "problem.sign.no_key": (
        "this secret carries no signing key committed in the game (a two-party game whose "
        "players committed with this version of the referee)",
        "ce secret ne porte aucune clé de signature engagée dans la partie (une partie à "
        "deux secrets dont les joueurs se sont engagés avec cette version de l'arbitre)"),
    "problem.sign.no_key.hint": ("use the secret file you committed with",
                                 "utiliser le fichier secret de votre engagement"),
    "problem.sign.not_yours": (
        "this file is {author}'s: you play {side}, and nobody signs a decision in another "
        "player's name",
        "ce fichier est celui de {author} : vous jouez {side}, et personne ne signe une "
        "décision au nom d'un autre joueur"),
    "problem.sign.not_yours.hint": ("sign only your own orders and choices",
                                    "ne signer que vos propres ordres et choix"),
    "problem.sign.line_not_added": (
        "the signature line could not be added to this file's YAML",
        "la ligne de signature n'a pas pu être ajoutée au YAML de ce fichier"),
    "problem.sign.line_not_added.hint": (
        "write the orders as the skeleton does (`referee orders`), then sign again",
        "écrire les ordres comme le squelette (`referee orders`), puis signer à nouveau"),
    "problem.choices.not_signature": ("must be 128 lowercase hex digits (or absent)",
                                      "doit être 128 chiffres hexadécimaux en minuscules (ou "
                                      "absent)"),
    "problem.choices.not_signature.hint": ("sign the file with `referee seed sign`",
                                           "signer le fichier avec `referee seed sign`"),
    "hint.signature_value": ("write what `referee seed sign` gave (docs/pbem.md)",
                             "écrire ce qu'a donné `referee seed sign` (docs/pbem.md)"),
    # verify's findings
    "problem.verify.commit_unsigned": (
        "{side}'s commitment is not signed by the key it commits",
        "l'engagement de {side} n'est pas signé par la clé qu'il engage"),
    "problem.verify.not_nobodys": (
        "the phase is marked as leaving nobody anything to decide, but {player} had "
        "decisions to make in it: {player} did not sign it",
        "la phase est marquée comme ne laissant rien à décider, mais {player} y avait des "
        "décisions à prendre : {player} ne l'a pas signée"),
    "problem.verify.unsigned_phase": (
        "the phase was not signed by {player}, whose phase it is: {player} did not make "
        "these orders",
        "la phase n'est pas signée par {player}, dont c'est la phase : {player} n'a pas "
        "donné ces ordres"),
    "problem.verify.unsigned_choices": (
        "the choices in {side}'s name are not signed by {side}: {side} did not make them",
        "les choix au nom de {side} ne sont pas signés par {side} : {side} ne les a pas "
        "faits"),
    "problem.verify.unsigned_rollback": (
        "the rollback is not signed by a player of the game",
        "le retour en arrière n'est signé par aucun joueur de la partie"),
    "problem.verify.rollback_foreign": (
        "{by} undoes history[{undone}], a phase of {player}: a player rolls back only his "
        "own phases",
        "{by} annule history[{undone}], une phase de {player} : un joueur ne revient que sur "
        "ses propres phases"),
}

UI: dict[str, tuple[str, str]] = {
    "ui.sign.add_line": ("add the line above to {file} (or run again with --in-place)",
                         "ajouter la ligne ci-dessus à {file} (ou relancer avec --in-place)"),
    "ui.sign.signed": ("{target} signed by {side}", "{target} signé par {side}"),
}

register(typed_in_backticks(SIGN))
register(UI)

"""The command line's own summary lines, English and French side by side: what
``referee new``, ``orders``, ``validate`` and ``seed`` print once they have done their
work (``ui.<command>.<name>`` entries of the one catalogue,
``referee/render/catalogue.py``).

In English the commands write these lines as they are written in their own module
(``referee/cli/cmd_*.py``) and never import the catalogue on a success path (start-up
speed); in any other language they say them from here (``referee.cli.app.said``).
``tests/test_lang_everywhere.py`` checks that the English entries here and the English
the commands write are the same sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.render.catalogue import DERIVED, purpose, register, word

CLI_UI: dict[str, tuple[str, str]] = {
    # -- any command, stopped by Ctrl-C (exit 130) --------------------------------------
    "ui.interrupted": ("referee: interrupted", "referee : interrompu"),
    # -- referee new ------------------------------------------------------------------
    "ui.new.title": (
        "{target}: {title} — {ruleset}, {columns} x {rows} hexes, turn {turn}",
        "{target} : {title} — {ruleset}, {columns} x {rows} hex, tour {turn}",
    ),
    "ui.new.side": (
        "  {side}: {units} units, {leaders} leaders, own edge {edge}",
        "  {side} : {units:# unité|# unités}, {leaders:# chef|# chefs}, bord de table {edge_word}",
    ),
    "ui.new.side_off": (
        "  {side}: {units} units (+{off} off the table), {leaders} leaders, own edge {edge}",
        "  {side} : {units:# unité|# unités} (+{off} hors de la table), "
        "{leaders:# chef|# chefs}, bord de table {edge_word}",
    ),
    "ui.new.first": (
        "  {player} plays first; dice: {mode}",
        "  {player} joue en premier ; dés : {mode_word}",
    ),
    "ui.new.seed": (
        "  seed written to {path} (keep it secret); commitment {commitment}",
        "  graine écrite dans {path} (à garder secrète) ; engagement {commitment}",
    ),
    "ui.new.two_party": (
        "  two-party dice: before the first phase, each player ({sides_and}) makes a secret\n"
        "  and commits to it (docs/pbem.md), the first then sends the file to the other:\n"
        "    referee seed new --two-party -o my-secret.txt\n"
        "    referee seed commit {target} --secret my-secret.txt --side SIDE --in-place\n"
        "  (to try the game alone, or among friends: referee new ... --dice open)",
        "  dés à deux secrets : avant la première phase, chaque joueur ({sides_and}) se fait un\n"
        "  secret et s'y engage (docs/pbem.md), puis le premier envoie le fichier à l'autre :\n"
        "    referee seed new --two-party -o mon-secret.txt\n"
        "    referee seed commit {target} --secret mon-secret.txt --side CAMP --in-place\n"
        "  (pour essayer seul, ou entre amis : referee new ... --dice open)",
    ),
    "ui.new.next": (
        "next: referee orders {target} -o orders.yaml   (then edit it and referee "
        "adjudicate {target} orders.yaml)",
        "ensuite : referee orders {target} -o ordres.yaml   (puis le modifier et "
        "referee adjudicate {target} ordres.yaml)",
    ),
    # -- referee orders ---------------------------------------------------------------
    "ui.orders.written": (
        "{path}: {n} choice(s) for {player}, {phase} phase of turn {turn}; "
        "uncomment the orders you want, then `referee adjudicate {state} "
        "{path}`",
        "{path} : {n:# choix|# choix} pour {player}, {phase_title} du tour "
        "{turn} ; décommenter les ordres voulus, puis `referee adjudicate "
        "{state} {path}`",
    ),
    "ui.orders.choices_written": (
        "{path}: {n} choice(s) for {by} in {player}'s {phase} phase "
        "of turn {turn}; uncomment the ones you want and send it "
        "back (`referee adjudicate {state} ORDERS --choices {path}`)",
        "{path} : {n:# choix|# choix} pour {by} dans la "
        "{phase_title} de {player} au tour {turn} ; décommenter "
        "ceux voulus et le renvoyer (`referee adjudicate {state} "
        "ORDRES --choices {path}`)",
    ),
    # -- referee validate -------------------------------------------------------------
    "ui.validate.state": (
        "{file}: valid state (next: turn {turn}, {player}, {phase})",
        "{file} : état valide (à suivre : tour {turn}, {player}, {phase_word})",
    ),
    "ui.validate.state_over": (
        "{file}: valid state (next: turn {turn}, {player}, {phase}, game over ({outcome}))",
        "{file} : état valide (à suivre : tour {turn}, {player}, "
        "{phase_word}, partie terminée ({outcome_word}))",
    ),
    "ui.problems.more": (
        "and {n:,} more problem(s) not shown (the first {count} are): fix these and run again",
        "et {n:# autre problème non montré|# autres problèmes non montrés} "
        "(les {count} premiers le sont) : corriger ceux-ci et relancer",
    ),
    "ui.validate.scenario": ("{file}: valid scenario", "{file} : scénario valide"),
    "ui.validate.reveal": (
        "{file}: well-formed reveal file for turn {turn}, {player}, {phase}, "
        "by {by}; give it to adjudicate --reveal with the state and the "
        "orders it answers",
        "{file} : fichier de révélation bien formé pour le tour {turn}, "
        "{player}, {phase_word}, par {by} ; le donner à adjudicate "
        "--reveal avec l'état et les ordres auxquels il répond",
    ),
    "ui.validate.choices": (
        "{file}: well-formed choices file for turn {turn}, {player}, "
        "{phase}, by {by}; give it to adjudicate --choices with the state "
        "and the orders it answers",
        "{file} : fichier de choix bien formé pour le tour {turn}, "
        "{player}, {phase_word}, par {by} ; le donner à adjudicate "
        "--choices avec l'état et les ordres auxquels il répond",
    ),
    "ui.validate.form_only": (
        "{file}: well-formed orders for turn {turn}, {player}, {phase}; not dry-run ({why})",
        "{file} : ordres bien formés pour le tour {turn}, {player}, "
        "{phase_word} ; pas d'essai à blanc ({why})",
    ),
    "ui.validate.no_state_at": (
        "no state given is at that moment",
        "aucun état donné n'en est à ce moment",
    ),
    "ui.validate.give_state": ("give its state file too", "donner aussi son fichier d'état"),
    "ui.validate.dry_run": (
        "{file}: dry run against {state}: ",
        "{file} : essai à blanc sur {state} : ",
    ),
    "ui.validate.refusals": (
        "{refused} refusal(s) for {n} order(s)",
        "{refused:# refus|# refus} pour {n:# ordre|# ordres}",
    ),
    "ui.validate.none_refused": (
        "valid orders, {n} order(s), none refused",
        "ordres valides, {n:# ordre|# ordres}, aucun refusé",
    ),
    "ui.validate.would_end": (
        "; this phase would end the game ({outcome}: {broken})",
        " ; cette phase finirait la partie ({outcome_word} : {broken})",
    ),
    "ui.validate.practice": (
        "; the dice were practice dice (this game's are not available "
        "yet): what they decided may differ",
        " ; les dés étaient des dés d'entraînement (ceux de la partie ne "
        "sont pas encore disponibles) : ce qu'ils ont décidé peut "
        "changer",
    ),
    "ui.validate.not_dry_run": (
        "not dry-run: its state is invalid",
        "pas d'essai à blanc : son état est invalide",
    ),
    # -- referee seed -----------------------------------------------------------------
    "ui.seed.secret_written": (
        "secret written to {path} (keep it; never send it). The line "
        "above is the end of its chain of {length}; record it in the "
        "game with: referee seed commit GAME --secret {path} --side "
        "SIDE",
        "secret écrit dans {path} (à garder ; ne jamais l'envoyer). La "
        "ligne ci-dessus est la fin de sa chaîne de {length} ; "
        "l'enregistrer dans la partie avec : referee seed commit PARTIE "
        "--secret {path} --side CAMP",
    ),
    "ui.seed.seed_written": (
        "seed written to {path} (the game master keeps it). Put the line "
        "above in the state: `dice: {{mode: commit, commitment: "
        '"{value}"}}`. Anyone can check it: `printf %s "$(cat {path})" '
        "| sha256sum`",
        "graine écrite dans {path} (l'arbitre la garde). Mettre la ligne "
        "ci-dessus dans l'état : `dice: {{mode: commit, commitment: "
        '"{value}"}}`. Chacun peut la contrôler : `printf %s "$(cat '
        '{path})" | sha256sum`',
    ),
    "ui.seed.committed": (
        "{side} committed to {short}… (chain of {length}); written to {target}; {then}",
        "{side} s'est engagé sur {short}… (chaîne de {length}) ; écrit dans {target} ; {then}",
    ),
    "ui.seed.send_to": (
        "send it to {waiting}, who commits too",
        "l'envoyer à {waiting}, qui s'engage à son tour",
    ),
    "ui.seed.all_committed": (
        "both players have committed: the game can start",
        "les deux joueurs se sont engagés : la partie peut commencer",
    ),
    "ui.seed.rolls": (
        "the phase rolls dice ({rolls}): send the state and the orders to {opponent} for a reveal",
        "la phase lance des dés ({rolls_words}) : envoyer l'état et les ordres "
        "à {opponent} pour une révélation",
    ),
    "ui.seed.no_rolls": (
        "the phase rolls no dice: adjudicate it",
        "la phase ne lance aucun dé : l'arbitrer",
    ),
    "ui.seed.already": (
        "{orders} already carries your reveal {index}; {then}",
        "{orders} porte déjà votre révélation {index} ; {then}",
    ),
    "ui.seed.add_line": (
        "add the line above to {orders} (or run again with --in-place); {then}",
        "ajouter la ligne ci-dessus à {orders} (ou relancer avec --in-place) ; {then}",
    ),
    "ui.seed.added": (
        "your reveal {index} added to {target}; {then}",
        "votre révélation {index} ajoutée à {target} ; {then}",
    ),
    "ui.seed.not_needed": (
        "this phase rolls no dice: no reveal is needed (nothing revealed)",
        "cette phase ne lance aucun dé : aucune révélation n'est nécessaire (rien de révélé)",
    ),
    "ui.seed.reveal_written": (
        "your reveal {index} for these orders (the phase rolls dice: "
        "{rolls}) written to {target}; send it to {player}",
        "votre révélation {index} pour ces ordres (la phase lance des "
        "dés : {rolls_words}) écrite dans {target} ; l'envoyer à "
        "{player}",
    ),
}

register(CLI_UI)


def _words(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """What the templates say in words: ``{phase_word}``, ``{phase_title}``,
    ``{mode_word}``, ``{outcome_word}``, ``{rolls_words}``."""
    out: dict[str, Any] = {}
    if "phase" in data:
        out["phase_word"] = word("phase", data["phase"], lang)
        out["phase_title"] = word("phase_title", data["phase"], lang)
    if "mode" in data:
        out["mode_word"] = word("dice_mode", data["mode"], lang)
    if "outcome" in data:
        out["outcome_word"] = word("outcome", data["outcome"], lang)
    if isinstance(data.get("sides"), list):
        out["sides_and"] = (" et " if lang == "fr" else " and ").join(data["sides"])
    if "rolls" in data:
        out["rolls_words"] = purpose(str(data["rolls"]), lang)
    return out


for _key in CLI_UI:
    DERIVED[_key] = _words

from referee.render import messages_pbem  # noqa: E402  (seed sign's and pbem's summaries)

for _key in messages_pbem.UI:
    DERIVED[_key] = _words

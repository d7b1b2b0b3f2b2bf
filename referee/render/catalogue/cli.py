"""The English of the cli messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m("ui.interrupted", "referee: interrupted")
m("ui.new.title", "{target}: {title} — {ruleset}, {columns} x {rows} hexes, turn {turn}")
n(
    "ui.new.side#units",
    "{units} units",
    "{units} units",
    "units",
)
n(
    "ui.new.side#leaders",
    "{leaders} leaders",
    "{leaders} leaders",
    "leaders",
)
m("ui.new.side", "  {side}: {units#}, {leaders#}, own edge {edge_word}")
n(
    "ui.new.side_off#units",
    "{units} units",
    "{units} units",
    "units",
)
n(
    "ui.new.side_off#leaders",
    "{leaders} leaders",
    "{leaders} leaders",
    "leaders",
)
m("ui.new.side_off", "  {side}: {units#} (+{off} off the table), {leaders#}, own edge {edge_word}")
m("ui.new.first", "  {player} plays first; dice: {mode_word}")
m("ui.new.seed", "  seed written to {path} (keep it secret); commitment {commitment}")
m(
    "ui.new.two_party",
    "  two-party dice: before the first phase, each player ({sides_and}) makes a "
    "secret\n  and commits to it (docs/pbem.md), the first then sends the file to the "
    "other:\n    referee seed new --two-party -o my-secret.txt\n    referee seed "
    "commit {target} --secret my-secret.txt --side SIDE --in-place\n  (to try the game "
    "alone, or among friends: referee new ... --dice open)",
)
m(
    "ui.new.next",
    "next: referee orders {target} -o orders.yaml   (then edit it and referee "
    "adjudicate {target} orders.yaml)",
)
n(
    "ui.orders.written",
    "{path}: {n} choice(s) for {player}, {phase_title} of turn {turn}; uncomment the "
    "orders you want, then `referee adjudicate {state} {path}`",
    "{path}: {n} choice(s) for {player}, {phase_title} of turn {turn}; uncomment the "
    "orders you want, then `referee adjudicate {state} {path}`",
    "n",
)
n(
    "ui.orders.choices_written",
    "{path}: {n} choice(s) for {by} in {player}'s {phase_title} of turn {turn}; "
    "uncomment the ones you want and send it back (`referee adjudicate {state} ORDERS "
    "--choices {path}`)",
    "{path}: {n} choice(s) for {by} in {player}'s {phase_title} of turn {turn}; "
    "uncomment the ones you want and send it back (`referee adjudicate {state} ORDERS "
    "--choices {path}`)",
    "n",
)
m("ui.validate.state", "{file}: valid state (next: turn {turn}, {player}, {phase_word})")
m(
    "ui.validate.state_over",
    "{file}: valid state (next: turn {turn}, {player}, {phase_word}, game over ({outcome_word}))",
)
n(
    "ui.problems.more",
    "and {n:,} more problem(s) not shown (the first {count} are): fix these and run again",
    "and {n:,} more problem(s) not shown (the first {count} are): fix these and run again",
    "n",
)
m("ui.validate.scenario", "{file}: valid scenario")
m(
    "ui.validate.reveal",
    "{file}: well-formed reveal file for turn {turn}, {player}, {phase_word}, by {by}; give "
    "it to adjudicate --reveal with the state and the orders it answers",
)
m(
    "ui.validate.choices",
    "{file}: well-formed choices file for turn {turn}, {player}, {phase_word}, by {by}; "
    "give it to adjudicate --choices with the state and the orders it answers",
)
m(
    "ui.validate.form_only",
    "{file}: well-formed orders for turn {turn}, {player}, {phase_word}; not dry-run ({why})",
)
m("ui.validate.no_state_at", "no state given is at that moment")
m("ui.validate.give_state", "give its state file too")
m("ui.validate.dry_run", "{file}: dry run against {state}: ")
n(
    "ui.validate.refusals#refused",
    "{refused} refusal(s)",
    "{refused} refusal(s)",
    "refused",
)
n(
    "ui.validate.refusals#n",
    "{n} order(s)",
    "{n} order(s)",
    "n",
)
m("ui.validate.refusals", "{refused#} for {n#}")
n(
    "ui.validate.none_refused",
    "valid orders, {n} order(s), none refused",
    "valid orders, {n} order(s), none refused",
    "n",
)
m("ui.validate.would_end", "; this phase would end the game ({outcome_word}: {broken})")
m(
    "ui.validate.practice",
    "; the dice were practice dice (this game's are not available yet): what they "
    "decided may differ",
)
m("ui.validate.not_dry_run", "not dry-run: its state is invalid")
m(
    "ui.seed.secret_written",
    "secret written to {path} (keep it; never send it). The line above is the end of "
    "its chain of {length}; record it in the game with: referee seed commit GAME "
    "--secret {path} --side SIDE",
)
m(
    "ui.seed.seed_written",
    "seed written to {path} (the game master keeps it). Put the line above in the "
    'state: `dice: {{mode: commit, commitment: "{value}"}}`. Anyone can check it: '
    '`printf %s "$(cat {path})" | sha256sum`',
)
m(
    "ui.seed.committed",
    "{side} committed to {short}… (chain of {length}); written to {target}; {then}",
)
m("ui.seed.send_to", "send it to {waiting}, who commits too")
m("ui.seed.all_committed", "both players have committed: the game can start")
m(
    "ui.seed.rolls",
    "the phase rolls dice ({rolls_words}): send the state and the orders to {opponent} "
    "for a reveal",
)
m("ui.seed.no_rolls", "the phase rolls no dice: adjudicate it")
m("ui.seed.reveal_file", "two-party dice: a reveal for one phase (docs/pbem.md)")
m("ui.seed.already", "{orders} already carries your reveal {index}; {then}")
m("ui.seed.add_line", "add the line above to {orders} (or run again with --in-place); {then}")
m("ui.seed.added", "your reveal {index} added to {target}; {then}")
m("ui.seed.not_needed", "this phase rolls no dice: no reveal is needed (nothing revealed)")
m(
    "ui.seed.reveal_written",
    "your reveal {index} for these orders (the phase rolls dice: {rolls_words}) written to "
    "{target}; send it to {player}",
)

"""The English of the play messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m("word.compared.recorded", "recorded")
m("word.compared.replayed", "replayed")
m("word.compared.yours", "yours")
m("word.compared.received", "received")
m("word.compared.absent", "(absent)")  # a value one of the two lacks
m("word.subject.unit", "unit {id}")
m("word.subject.unit_off_table", "unit {id} (off table)")
m("word.subject.unit_removed", "unit {id} (removed)")
m("word.subject.leader", "leader {id}")
m("word.subject.side", "side {id}")
m("word.subject.game", "game")
m("word.subject.entry", "entry")
m("word.subject.entry_die", "entry roll {id}")  # its n-th die
m(
    "problem.internal",
    "internal error: {error} (this is a bug; rerun with REFEREE_DEBUG=1 and report it)",
)
m("problem.cli.both_stdin", "state and orders cannot both be stdin")
m("problem.cli.in_place_stdin", "--in-place needs a state file, not stdin")
m("problem.cli.in_place_stdin_file", "--in-place needs a file, not stdin")
n(
    "problem.cli.new_game_in_progress",
    "--new-game: the state already has a history ({entries} entries): it is a game in progress",
    "--new-game: the state already has a history ({entries} entries): it is a game in progress",
    "entries",
)
m("problem.cli.new_game_in_progress.hint", "drop --new-game")
m(
    "problem.cli.new_game_has_history",
    "--new-game: the state already has a history: it is a game in progress",
)
m("problem.cli.new_game_has_history.hint", "drop --new-game")
m(
    "problem.cli.reveal_not_two_party",
    "the game's dice mode is {mode}: reveals are for two-party dice",
)
m("hint.drop_reveal", "drop --reveal")
m(
    "problem.cli.swapped",
    "the state and the orders are swapped: {state} holds orders, {orders} a state",
)
m("problem.cli.swapped.hint", "write: referee adjudicate {orders} {state}")
m("problem.cli.orders_not_state", "{path} holds orders, not a game state")
m("problem.cli.orders_not_state.hint", "give the state first: referee adjudicate STATE {path}")
m("problem.cli.orders_needed", "the {phase_word} phase needs an orders file")
m(
    "problem.cli.orders_needed.hint",
    "write one with `referee orders {path} -o orders.yaml`, uncomment the orders you "
    "want, then `referee adjudicate {path} orders.yaml`",
)
m(
    "problem.cli.choices_to_make",
    "{player} has choices to make in this {phase_word} phase ({subjects_list})",
)
m(
    "problem.cli.choices_to_make.hint",
    "write them with `referee orders {path} -o orders.yaml` (left as written, that "
    "file accepts the referee's defaults), then adjudicate with it",
)
m("problem.no_hex", "no hex {hex!r} on this map")
m("problem.no_hex.hint", "a hex label from 0101 to {last}")
m("problem.cli.unknown_schema", "unknown schema {kind!r}")
m("problem.cli.house_rules_differ", "{path} differs from the house rules the game was started with")
m(
    "problem.cli.house_rules_differ.hint",
    "house rules are set once, at the start of a game (state key house_rules)",
)
m("problem.cli.exists", "{path} exists already")
m("problem.cli.exists.hint", "give -o FILE to write elsewhere, or -o {path} --force to replace it")
m("problem.cli.radius_without_around", "--radius needs --around HEX and a radius of 1 or more")
m("problem.cli.radius_without_around.hint", "give both: --around 0507 --radius 6")
m("problem.cli.png_to_terminal", "a PNG picture is not written to a terminal")
m(
    "problem.cli.png_to_terminal.hint",
    "redirect the output (--png - > map.png) or name a file (--png map.png)",
)
m("problem.cli.exists_force", "{path} exists already")
m(
    "problem.cli.exists_force.hint",
    "add --force to replace it (a game in progress there loses its history), or give "
    "-o another file",
)
m("problem.cli.mode_no_seed", "{mode} mode uses no seed")
m("problem.cli.seed_out_needed", "commit mode writes the seed to a file: give --seed-out FILE")
m("problem.cli.seed_out_commit_only", "only commit mode writes a seed file")
m("problem.cli.side_orders_need_choices", "--side and --orders go with --choices")
m("problem.cli.side_orders_need_choices.hint", "add --choices, or drop them")
m("problem.cli.since_no_history", "has no history to compare with")
m("problem.cli.since_kind", "--since takes a state, reveal, orders or choices file you sent")
m("problem.cli.nothing_to_verify", "the state has no history to verify")
m("problem.cli.nothing_to_verify.hint", "states written by `referee adjudicate` have one")
m("problem.cli.html_needs_report", "--html writes the report of one phase")
m("problem.cli.html_needs_report.hint", "add --report N (referee history lists the entries)")
m("problem.cli.not_replayed", "could not be replayed")
m("problem.cli.where_to_write", "say where to write")
m("problem.cli.where_to_write.hint", "give -o FILE or --in-place")
m("problem.cli.which_side", "say which side you play")
m("problem.cli.validate_no_file", "give a state file (and orders files)")
m("problem.cli.validate_no_file.hint", "referee validate STATE [ORDERS...]")
m("problem.cli.stdin_twice", "standard input (-) can be read only once")
m("problem.unknown_lang", "unknown language {value!r}")
m("problem.unknown_lang.hint", "use en or fr")
m("problem.no_entry", "no history entry {index}")
m("problem.no_entry.hint", "use one of 0..{last} (referee history {path})")
m("problem.no_report", "{entry_where} applies no phase: it has no report")
m("problem.no_report.hint", "pick a phase entry (referee history lists them)")
m("problem.bad_size", "hex size {size} is out of range")
m("problem.bad_size.hint", "give a number from 12 to 120 (pixels, centre to corner)")
m("problem.png_missing", "--png needs the optional SVG rasteriser (resvg), which is not installed")
m("problem.png_missing.hint", "pip install 'referee[png]' (or: pip install resvg-py)")
m("problem.phase_needs_history", "entry {index}: the state has no history")
m("problem.no_side", "no side {side!r} in the game")
m("problem.phase_needs_history.hint", "a state written by `referee adjudicate` has one")
m("problem.game.over", "the game is over ({outcome_words}): no further orders are accepted")
m("hint.start_new_game", "start a new game")
m(
    "problem.dice.exhausted",
    "roll {roll} ({purpose_words}) is needed but only {given} dice were given",
)
m("problem.dice.exhausted.hint", "add dice: [...] to the orders")
m(
    "problem.dice.none",
    "a die is needed ({purpose_words}) but this game has no seed and the orders give no dice",
)
m(
    "problem.dice.none.hint",
    "give --seed-file in commit mode; in a tabletop game (dice.mode: physical) add "
    "dice: [...] to the orders",
)
m(
    "problem.dice.tabletop_none",
    "a die is needed ({purpose_words}): this is a tabletop game (dice.mode: physical) and "
    "the orders give no dice",
)
m("problem.dice.tabletop_none.hint", "throw them and add dice: [...] to the orders")
m(
    "problem.dice.commit_no_seed",
    "a die is needed ({purpose_words}): in commit mode the game master adjudicates with the seed",
)
m(
    "problem.dice.commit_no_seed.hint",
    "pass --seed-file (a --dry-run without it uses practice dice)",
)
m(
    "problem.dice.tabletop_only",
    "dice typed into the orders are only for tabletop games, where both players watch "
    "them fall; this game's dice mode is {mode}",
)
m(
    "problem.dice.tabletop_only.hint",
    "remove dice: from the orders (a tabletop game says dice: {{mode: physical}} in its state)",
)
m("problem.dice.commit_needs_commitment", "commit mode needs the game master's commitment")
m("problem.dice.commit_needs_commitment.hint", "referee seed new -o seed.txt prints it")
m("problem.odds.unknown_kind", "unknown combat kind {kind!r}: use melee or shooting")
m("problem.odds.same_side", "{attacker} and {target} are on the same side")
n(
    "problem.history.in_progress",
    "the state already has a history ({entries} entries): it is a game in progress",
    "the state already has a history ({entries} entries): it is a game in progress",
    "entries",
)
m("problem.history.in_progress.hint", "--new-game is only for a position nobody has played yet")
m(
    "problem.history.none",
    "the state has no history: it is not a game in progress (an edited state with its "
    "history emptied looks the same)",
)
m(
    "problem.history.none.hint",
    "a new game is made by `referee new`; to start one from this position on purpose, "
    "pass --new-game",
)
m("problem.history.no_start", "is not the start entry of a game")
m("problem.history.no_start.hint", "a history begins with the initial position")
m("problem.history.index", "says index {says}: an entry was dropped, added or reordered")
m(
    "problem.history.chain",
    "does not continue the previous entry (prev_hash): an entry was dropped, inserted or reordered",
)
m(
    "problem.history.edited_entry",
    "was edited after it was written (its hash no longer matches its content)",
)
m("problem.history.edited_entry.hint", "run referee verify to see what differs")
m(
    "problem.history.edited_position",
    "the position was edited after {after_where}: it is not the one that entry recorded",
)
m("problem.history.edited_position.hint", "run referee verify to see which unit or field differs")
m("problem.history.no_entry", "no history entry {index}")
m("problem.history.no_entry.hint", "use one of 0..{last} (see referee history)")
m(
    "problem.history.rolled_dice_stand",
    "{at_where} rolled dice: in two-party mode rolled dice stand (going back before "
    "them would re-roll them)",
)
m("problem.history.rolled_dice_stand.hint", "roll back only phases that rolled nothing")
m("problem.history.does_not_verify", "the history does not verify up to that entry: {inner_text}")
m("problem.record.not_lines", "must be a list of base64 lines")
m("problem.record.truncated", "is truncated (its compressed data ends early)")
m("problem.record.too_large", "unpacks past {mib} MiB")
m("problem.record.too_many_values", "holds more than {limit:,} values once unpacked")
m("problem.record.too_deep", "is nested more than {limit} levels deep")
m("problem.record.big_integer", "holds an integer of more than {limit:,} digits")
m("problem.record.not_finite", "holds a number that is not finite ({value})")
m("problem.record.history_too_large", "the blocks of the history unpack past {mib} MiB together")
m(
    "problem.record.history_too_many_values",
    "the blocks of the history hold more than {limit:,} values together",
)
m(
    "hint.blob_refused",
    "no block the referee writes is: the file was made to exhaust the machine, or "
    "damaged; ask its sender for the game again",
)
m("problem.record.not_block", "is not a compressed block the referee wrote ({what_words})")
m(
    "problem.record.block_layout",
    "is a compressed block, but its contents are not laid out as the referee writes them",
)
m("problem.record.orders_not_list", "the recorded orders are not a list")
m("problem.record.rolls_not_list", "rolls must be a list of strings of digits 1 to 6")
m("problem.record.rolls_digits", "rolls must be digits 1 to 6")
m("problem.seed.empty", "the secret file is empty")
m("problem.seed.empty.hint", "make one with `referee seed new -o FILE`")
m("problem.seed.one_line", "a secret file holds one line")
m("problem.seed.one_line.hint", "keep only the line `referee seed new` wrote")
m("problem.seed.exists", "the file exists: refusing to overwrite a secret")
m("problem.seed.exists.hint", "choose another name (or --force if it is not needed)")
m(
    "problem.seed.mismatch",
    "this seed does not match the game's commitment (its SHA-256 is {hash}…, the state "
    "holds {commitment}…)",
)
m(
    "problem.seed.mismatch.hint",
    "use the seed file whose commitment is in the state (dice.commitment)",
)
m(
    "problem.seed.mismatch.hint|newline=true",
    "the state holds the SHA-256 of the file with its newline (`sha256sum FILE`); the "
    'commitment is of the seed line alone: printf %s "$(cat FILE)" | sha256sum',
)
m(
    "problem.seed.other_side",
    "this secret is already {side}'s commitment: each player makes his own",
)
m(
    "problem.seed.not_committed",
    "this secret is not the one behind either player's commitment in the game",
)
m("problem.seed.not_committed.hint", "use the secret file you committed with")
n(
    "problem.seed.state_revealed",
    "the state says you revealed {revealed} elements of your chain, but its last value "
    "is not your element {revealed}: nothing revealed",
    "the state says you revealed {revealed} elements of your chain, but its last value "
    "is not your element {revealed}: nothing revealed",
    "revealed",
)
m("problem.seed.state_revealed.hint", "verify the state --since the last file you sent")
m("problem.seed.another_reveal", "the orders already carry another reveal")
m("problem.seed.another_reveal.hint", "remove that line")
m("problem.seed.cannot_add_line", "cannot add a line to this file")
m("problem.seed.cannot_add_line.hint", "write your orders to a YAML file")
m("problem.seed.line_not_added", "the reveal line could not be added to this file's YAML")
m("problem.seed.line_not_added.hint", "add it by hand: {line}")
m("problem.seed.state_does_not_verify", "the state does not verify: nothing revealed")
m(
    "problem.seed.no_author_reveal",
    "these orders carry no reveal of {player}: reveal only for orders whose author has "
    "fixed his part",
)
m("problem.seed.no_author_reveal.hint", "{player} adds it with referee seed reveal ... --in-place")
m("problem.reveal.not_mapping", "a reveal file is a mapping")
m("problem.reveal.not_mapping.hint", "use the file `referee seed reveal` wrote")
m("hint.write_value", "write {format}")
m("problem.reveal.not_hex64", "must be 64 lowercase hex digits")
m(
    "problem.reveal.off_chain",
    "does not hash to {side}'s last revealed value ({last}…): it is not the next "
    "element of the chain {side} committed to",
)
m(
    "hint.author_reveal",
    "{side} adds it with `referee seed reveal GAME ORDERS --secret SECRET --in-place`, "
    "using the secret of the commitment",
)
m(
    "hint.opponent_reveal",
    "{side} must make it with `referee seed reveal` and the secret of the commitment",
)
m("problem.reveal.other_game", "is for game {given!r}, not {game!r}")
m("problem.reveal.other_moment", "is for {given_words}; the game is at {now_words}")
m("problem.reveal.own", "is {player}'s own: the reveal must come from the opponent")
m("problem.reveal.own.hint", "{player}'s own reveal goes in the orders")
m("problem.reveal.not_committed", "{by!r} is not a committed player of this game")
m(
    "problem.reveal.other_position",
    "was given for another position of the game (another history): it cannot seed this one",
)
m("problem.reveal.other_position.hint", "ask for a reveal on this state")
m(
    "problem.reveal.other_orders",
    "this reveal was given for other orders (hash {given}…), not these (hash {want}…): "
    "orders cannot change once the opponent has revealed",
)
m("problem.reveal.other_orders.hint", "adjudicate the orders the reveal was given for")
m(
    "problem.twoparty.not_committed",
    "{side} has not committed to a chain yet: two-party dice need both players' "
    "commitments before the first phase",
)
m(
    "problem.twoparty.not_committed.hint",
    "{side} runs `referee seed new --two-party -o SECRET` then `referee seed commit "
    "GAME --secret SECRET` (docs/pbem.md)",
)
n(
    "problem.twoparty.chain_used_up",
    "{side}'s chain is used up ({length} reveals)",
    "{side}'s chain is used up ({length} reveals)",
    "length",
)
m(
    "problem.twoparty.chain_used_up.hint",
    "start a new game from this position with fresh commitments",
)
m(
    "problem.twoparty.dice_pending",
    "this phase rolls dice ({purpose_words}): two-party dice need {player}'s reveal in the "
    "orders, then {opponent}'s reveal",
)
m(
    "problem.twoparty.dice_pending|author_reveal=true",
    "this phase rolls dice ({purpose_words}): two-party dice need {opponent}'s reveal "
    "for these orders",
)
m(
    "problem.twoparty.dice_pending.hint",
    "{player} runs `referee seed reveal GAME ORDERS --secret SECRET --in-place`, sends "
    "the state and the orders to {opponent}, and adjudicates with --reveal FILE once "
    "the reveal comes back (docs/pbem.md)",
)
m(
    "problem.twoparty.dice_pending.hint|author_reveal=true",
    "send the state and the orders to {opponent}, who runs `referee seed reveal GAME "
    "ORDERS --secret SECRET -o REVEAL`; then adjudicate with --reveal REVEAL (a "
    "--dry-run uses practice dice meanwhile)",
)
m("problem.twoparty.not_two_party", "the game's dice mode is {mode}, not two-party")
m("problem.twoparty.not_two_party.hint", "commitments are for two-party dice (docs/pbem.md)")
m("problem.twoparty.committed", "{side} has already committed")
m("problem.twoparty.committed.hint", "a commitment is made once, before the first phase")
m(
    "problem.twoparty.commit_late",
    "a phase has already been played: commitments are made before the first phase",
)
m("problem.twoparty.log_unreadable", "cannot read the reveal log: {reason}")
m("problem.twoparty.log_unreadable.hint", "it protects you against revealing twice")
m(
    "problem.twoparty.revealed_twice",
    "you already revealed element {index} of your chain for other orders or another "
    "position ({moment_words}, orders {orders}…): revealing it again would show your "
    "opponent the dice of these orders before he sends them",
)
m(
    "problem.twoparty.revealed_twice.hint",
    "your opponent must adjudicate the orders you revealed for; nothing else can use this element",
)
m("problem.twoparty.log_unwritable", "cannot write the reveal log: {reason}")
m("problem.twoparty.log_unwritable.hint", "nothing was revealed")
m("problem.verify.seed", "{problems_text}")
m("problem.verify.no_history", "the state has no history: nothing vouches for its position")
m(
    "problem.verify.no_start",
    "the history does not begin with the start entry (the initial position)",
)
m("problem.verify.index", "says index {says}: an entry was dropped, added or reordered")
m(
    "problem.verify.chain",
    "does not continue the previous entry (prev_hash): an entry was dropped, inserted or reordered",
)
m(
    "problem.verify.edited",
    "the entry was edited after it was written (its hash no longer matches its content)",
)
m("problem.verify.second_start", "a second start entry")
m(
    "problem.verify.no_initial",
    "the start entry has no initial position (initial): nothing to replay from",
)
m("problem.verify.initial_unreadable", "the initial position {inner_text}")
m("problem.verify.initial_not_state", "the initial position is not a state")
m("problem.verify.initial_invalid", "the initial position is not a valid state: {problems_text}")
m(
    "problem.verify.initial_edited",
    "the initial position does not match the start entry's state_hash: it was edited",
)
m(
    "problem.verify.initial_edited_map",
    "the initial position does not match the start entry's state_hash: it was edited "
    "(or the map of the file was: the initial position is read with it)",
)
m(
    "problem.verify.rules_unloadable",
    "the rules the game started with cannot be loaded: {problems_text}",
)
m(
    "problem.verify.commit_not_two_party",
    "a two-party commitment in a game whose dice mode is {mode}",
)
m(
    "problem.verify.commit_late",
    "a commitment made after a phase was played: commitments come first",
)
m("problem.verify.commit_unknown_side", "commitment for unknown side {side!r}")
m("problem.verify.commit_twice", "{side} commits a second time")
m("problem.verify.commit_malformed", "the commitment is not 64 hex digits with a chain length")
m("problem.verify.rollback_unknown", "rollback to unknown entry {to!r}")
m(
    "problem.verify.rollback_rolled",
    "undoes {undone_where}, which rolled dice: in two-party mode rolled dice stand (a "
    "rollback would re-roll them)",
)
m(
    "problem.verify.state_differs",
    "the position after this entry is not the one it recorded: its orders and dice "
    "give another position (the entry was rewritten)",
)
m(
    "problem.verify.current_differs",
    "the position in the file is not the one the history gives: the file was edited "
    "after this entry",
)
m(
    "problem.verify.reveals_not_two_party",
    "the entry carries reveals but the game's dice mode is {mode}",
)
m(
    "problem.verify.seeded_not_seed_mode",
    "the entry says its dice came from a seed, but the game's dice mode is {mode}",
)
n(
    "problem.verify.typed_dice",
    "the {rolls} roll was typed into the orders, but this is not a tabletop game "
    "(dice.mode: {mode}): it was chosen by whoever adjudicated and is not recomputed",
    "the {rolls} rolls were typed into the orders, but this is not a tabletop game "
    "(dice.mode: {mode}): they were chosen by whoever adjudicated and are not "
    "recomputed",
    "rolls",
)
m(
    "problem.verify.reveals_missing",
    "two-party dice need both players' reveals; the entry has {reveals_list}",
)
m(
    "problem.verify.unknown_dice",
    "unknown dice {dice!r} (a dry run's practice dice are never recorded)",
)
m("problem.verify.reveal_without_chain", "{side} reveals a value but never committed to a chain")
m(
    "problem.verify.reveal_off_chain",
    "{side}'s reveal does not hash to {side}'s previous value: it is not the next "
    "element of the chain {side} committed to",
)
m(
    "problem.verify.orders_changed_after_reveal",
    "the orders are not the ones {side}'s reveal was given for: they were changed after the reveal",
)
m(
    "problem.verify.no_dice_recorded",
    "the entry says no dice were rolled, yet the replay rolls one ({purpose_words})",
)
m("problem.verify.no_dice_recorded.hint", "the entry was rewritten")
m("problem.verify.record_unreadable", "the recorded orders or rolls cannot be read: {inner_text}")
m("problem.verify.reveals_not_mapping", "reveals must map sides to values")
m("problem.verify.orders_unreadable", "the recorded orders do not parse: {problems_text}")
m("problem.verify.choices_unreadable", "the recorded choices cannot be read: {inner_text}")
m(
    "problem.verify.choices_other_position",
    "{by}'s choices were made on another position than the one this phase was applied to",
)
m(
    "problem.verify.choices_orders_changed",
    "the orders are not the ones {by}'s choices answered: they were changed after the choices",
)
m("problem.verify.not_replayable", "the recorded phase cannot be replayed: {problems_text}")
n(
    "problem.verify.roll#rolled",
    "{rolled} die",
    "{rolled} dice",
    "rolled",
)
n(
    "problem.verify.roll#recorded",
    "{recorded} is recorded",
    "{recorded} are recorded",
    "recorded",
)
m(
    "problem.verify.roll",
    "roll {roll} ({purpose_words}): recorded {a}, replayed {b} (the phase rolls {rolled#}, "
    "{recorded#})",
)
n(
    "problem.verify.roll|purpose=#rolled",
    "{rolled} die",
    "{rolled} dice",
    "rolled",
)
n(
    "problem.verify.roll|purpose=#recorded",
    "{recorded} is recorded",
    "{recorded} are recorded",
    "recorded",
)
m(
    "problem.verify.roll|purpose=",
    "roll {roll}: recorded {a}, replayed {b} (the phase rolls {rolled#}, {recorded#})",
)
m("problem.verify.summary", "the entry's count of refused orders or losses is not the replayed one")
m(
    "problem.verify.since_stops",
    "the received file stops at history[{last}]; your file goes on to this entry: the "
    "received game drops entries you already have",
)
m(
    "problem.verify.since_departs",
    "the received file departs from yours here: your {yours_where} was rewritten",
)
m(
    "problem.verify.since_reveal_not_applied",
    "the phase you revealed for ({moment_words}) was not applied: the received file "
    "stops before it",
)
m(
    "problem.verify.since_other_phase",
    "the entry after the position you revealed on is not the phase you revealed for "
    "({moment_words})",
)
m("problem.verify.since_not_your_reveal", "the phase was not played with your reveal")
m(
    "problem.verify.since_orders_changed",
    "the orders applied are not the ones you revealed for: {player} changed them after "
    "seeing your reveal",
)
m(
    "problem.verify.since_reveal_position",
    "the received file does not contain the position you revealed on ({moment_words}, "
    "after entry {after}…): its history was rewritten before it",
)
m(
    "problem.verify.since_choices_differ",
    "the phase was not applied with the choices you sent ({by})",
)
m(
    "problem.verify.since_choices_not_applied",
    "your choices ({moment_words}) were not applied in the received file",
)
m(
    "problem.verify.since_choices_position",
    "the received file does not contain the position you made your choices on "
    "({moment_words}): its history was rewritten before it",
)
m(
    "problem.verify.since_forged_choices",
    "this entry holds choices in {side}'s name made after the last file {side} sent: "
    "{side} did not make them",
)
m(
    "problem.verify.since_orders_not_applied",
    "your orders ({moment_words}) were not applied in the received file",
)
m("problem.verify.since_orders_differ", "the orders applied are not the ones you sent")

# problem.cli, the pages ones (a context prefix is declared by one module: catalogue.INDEX)
m(
    "problem.cli.html_with_choices",
    "--html writes the orders page of the phasing player; a choices file has none",
)
m("problem.cli.html_with_choices.hint", "drop --choices, or --html")
m("problem.cli.nothing_to_replay", "the state has no history to replay")
m("problem.cli.nothing_to_replay.hint", "a state written by `referee adjudicate` has one")

# problem.cli, the pbem ones (a context prefix is declared by one module: catalogue.INDEX)
m(
    "problem.cli.since_who",
    "{file} names its author, but nothing says who runs this check: verify cannot tell "
    "whether it is a file you sent",
)
m("problem.cli.since_who.hint", "say which side you play: --side SIDE (or --secret YOUR-SECRET)")
m("problem.cli.side_not_secret", "--side says {side}, your secret says {secret_side}")
m("problem.cli.side_not_secret.hint", "give one of them, or both for the same side")

# problem.verify, the pbem ones (a context prefix is declared by one module: catalogue.INDEX)
m(
    "problem.verify.since_not_yours",
    "{file} is {author}'s file, not yours ({side}): --since takes a file you sent",
)
m(
    "problem.verify.since_signer",
    "{file} is {author}'s file, but not signed by {author}'s committed key: --since "
    "takes a file you sent as your referee signed it",
)
m(
    "problem.verify.since_mixed",
    "the --since files are {first}'s and {second}'s: --since takes files you sent, all yours",
)
m("problem.verify.commit_unsigned", "{side}'s commitment is not signed by the key it commits")
m(
    "problem.verify.not_nobodys",
    "the phase is marked as leaving nobody anything to decide, but {player} had "
    "decisions to make in it: {player} did not sign it",
)
m(
    "problem.verify.unsigned_phase",
    "the phase was not signed by {player}, whose phase it is: {player} did not make these orders",
)
m(
    "problem.verify.unsigned_choices",
    "the choices in {side}'s name are not signed by {side}: {side} did not make them",
)
m("problem.verify.unsigned_rollback", "the rollback is not signed by a player of the game")
m(
    "problem.verify.rollback_foreign",
    "{by} undoes history[{undone}], a phase of {player}: a player rolls back only his own phases",
)
m(
    "problem.verify.rechain_malformed",
    "a new chain for {side!r} in a game where {side!r} has no chain, or malformed",
)
m(
    "problem.verify.rechain_unsigned",
    "{side}'s new chain is not signed by {side}'s committed key: {side} did not commit to it",
)
m(
    "problem.verify.switch_unknown",
    "{side} moves to a chain that is not his new commitment waiting for its switch",
)
m(
    "problem.verify.switch_unsigned",
    "{side}'s move to his new chain is not signed by {side}'s committed key",
)
m(
    "problem.verify.switch_early",
    "{side} moves to his new chain (history[{index}]) before {opponent} acknowledged "
    "its commitment: a new chain counts only once the opponent has received it",
)
m(
    "problem.verify.unagreed_rollback",
    "the rollback names {side}'s agreement, but {side} did not sign it",
)

# problem.dice, the problems ones (a context prefix is declared by one module: catalogue.INDEX)
m("problem.dice.unknown_mode", "unknown dice mode {mode!r}")

# problem.odds, the problems ones (a context prefix is declared by one module: catalogue.INDEX)
m(
    "problem.odds.too_many_dice",
    "this combat rolls {dice} dice: exact odds are computed for at most {limit}",
)
m("problem.odds.too_many_dice.hint", "docs/formats.md §Limits")

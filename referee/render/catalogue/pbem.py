"""The English of the pbem messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m(
    "problem.sign.orders_unsigned",
    "these orders are not signed by {player}: in a two-party game every decision "
    "carries its author's signature (only a rout or pursuit phase that leaves nothing "
    "to choose may go without)",
)
m(
    "problem.sign.orders_unsigned.hint",
    "{player} signs them with `referee seed sign GAME FILE --secret SECRET --in-place` "
    "(or `referee seed reveal ... --in-place`, or adjudicates with --secret SECRET)",
)
m(
    "problem.sign.orders_bad",
    "is not {player}'s signature of these orders on this position: they were changed "
    "after they were signed, signed on another position, or not by {player}",
)
m(
    "problem.sign.orders_bad.hint",
    "{player} signs them with `referee seed sign GAME FILE --secret SECRET --in-place` "
    "(or `referee seed reveal ... --in-place`, or adjudicates with --secret SECRET)",
)
m(
    "problem.sign.choices_unsigned",
    "these choices are not signed by {by}: in a two-party game every decision carries "
    "its author's signature",
)
m(
    "problem.sign.choices_unsigned.hint",
    "{player} signs them with `referee seed sign GAME FILE --secret SECRET --in-place` "
    "(or `referee seed reveal ... --in-place`, or adjudicates with --secret SECRET)",
)
m(
    "problem.sign.choices_bad",
    "these choices are not signed by {by}: in a two-party game every decision carries "
    "its author's signature",
)
m(
    "problem.sign.choices_bad.hint",
    "{player} signs them with `referee seed sign GAME FILE --secret SECRET --in-place` "
    "(or `referee seed reveal ... --in-place`, or adjudicates with --secret SECRET)",
)
m(
    "problem.sign.rollback_unsigned",
    "in a two-party game a rollback is signed by the player who asks for it",
)
m("problem.sign.rollback_unsigned.hint", "give your secret file: --secret SECRET")
m(
    "problem.sign.rollback_foreign",
    "{by} undoes history[{undone}], a phase of {player}: a player rolls back only his own phases",
)
m("problem.sign.rollback_foreign.hint", "ask your opponent to roll back his own phases")
m(
    "problem.sign.no_key",
    "this secret carries no signing key committed in the game (a two-party game whose "
    "players committed with this version of the referee)",
)
m("problem.sign.no_key.hint", "use the secret file you committed with")
m(
    "problem.sign.not_yours",
    "this file is {author}'s: you play {side}, and nobody signs a decision in another "
    "player's name",
)
m("problem.sign.not_yours.hint", "sign only your own orders and choices")
m("problem.sign.line_not_added", "the signature line could not be added to this file's YAML")
m(
    "problem.sign.line_not_added.hint",
    "write the orders as the skeleton does (`referee orders`), then sign again",
)
m("hint.signature_value", "write what `referee seed sign` gave (docs/pbem.md)")
m("problem.sign.commit_unsigned", "{side}'s commitment is not signed by the key it commits")
m("problem.sign.commit_unsigned.hint", "ask for the mail again")
m("problem.pbem.not_a_folder", "not a game folder (no ledger.json)")
m(
    "problem.pbem.not_a_folder.hint",
    "make one with `referee pbem new SCENARIO --side SIDE --dir DIR` or `referee pbem "
    "join MAIL --side SIDE --dir DIR`",
)
m("problem.pbem.ledger_format", "is not a ledger the referee wrote")
m("problem.pbem.ledger_format.hint", "restore the folder from a backup")
m("problem.pbem.dir_exists", "exists and is not an empty folder")
m("problem.pbem.dir_exists.hint", "give --dir a new folder: each game has its own")
m("problem.pbem.dir_unwritable", "cannot make the folder: {reason}")
m("problem.pbem.dir_unwritable.hint", "choose another place")
m("problem.pbem.step_kind", "a {kind} entry cannot travel by mail")
m(
    "problem.pbem.step_kind.hint",
    "a rollback of what the opponent received needs his agreement: referee pbem "
    "rollback DIR --to N (docs/pbem.md §Rollback by mail)",
)
m(
    "problem.pbem.step_moment",
    "the mail's next entry is for turn {given_turn}, {given_player}, {given_phase_word}; "
    "your copy is at turn {turn}, {player}, {phase_word}",
)
m(
    "problem.pbem.step_moment.hint",
    "your copies diverged: compare `referee history` with your opponent's",
)
m(
    "problem.pbem.diverged",
    "your copy diverged from your opponent's at {where}: the entry made here "
    "has hash {got}…, the mail says {want}…",
)
m(
    "problem.pbem.diverged.hint",
    "compare `referee history --report` of this entry with your opponent's; nothing was applied",
)
m(
    "problem.pbem.pending_moment",
    "the opponent's orders are for turn {given_turn}, {given_player}, {given_phase_word}; "
    "the game is at turn {turn}, {player}, {phase_word}",
)
m("problem.pbem.pending_moment.hint", "ask your opponent for the mail again")
m("problem.pbem.pending_mine", "the mail gives orders in your name")
m("problem.pbem.pending_mine.hint", "nobody plays your phases but you")
m("problem.pbem.pending_mine_choices", "the mail gives choices in your name")
m("problem.pbem.pending_mine_choices.hint", "nobody chooses for your units but you")
m("problem.pbem.not_a_mail", "is not a game mail ({format})")
m("problem.pbem.not_a_mail.hint", "give the .eml your opponent's referee wrote")
m("problem.pbem.other_game", "this mail is for game {given!r}, this folder plays {game!r}")
m("problem.pbem.other_game.hint", "give it to the folder of that game")
m("problem.pbem.not_to_me", "this mail is from {sender} to {to}; this folder is {side}'s")
m("problem.pbem.not_to_me+opponent", ", whose opponent is {opponent}")
m("problem.pbem.not_to_me.hint", "give it to your opponent's folder")
m("problem.pbem.applied_twice", "mail {number} was applied already (this folder is at mail {last})")
m("problem.pbem.applied_twice.hint", "nothing to do: `referee pbem status DIR` says what is next")
m(
    "problem.pbem.out_of_order",
    "this is mail {number}, the next one is {expected}: a mail is missing or they came "
    "out of order",
)
m("problem.pbem.out_of_order.hint", "apply mail {expected} first")
m(
    "problem.pbem.past_position",
    "this mail applies to a past position of the game (after history[{index}]); your "
    "copy is {further} entries further",
)
m("problem.pbem.past_position.hint", "ask your opponent which mail he last received")
m(
    "problem.pbem.unknown_after",
    "this mail applies to a position your copy never had: your copies diverged",
)
m("problem.pbem.unknown_after.hint", "compare `referee history` with your opponent's")
m("problem.pbem.not_invitation", "is not an invitation: pbem join takes the first mail of a game")
m("problem.pbem.not_invitation.hint", "give it to referee pbem receive DIR MAIL")
m("problem.pbem.same_side", "{side} is the side of the player who invited you")
m("problem.pbem.same_side.hint", "play {other}")
m(
    "problem.pbem.other_start",
    "the scenario does not give the game your opponent started (another version of the "
    "referee or of its rules?)",
)
m("problem.pbem.other_start.hint", "both players use the same version (referee --version)")
m(
    "problem.pbem.house_rules_differ",
    "{path} differs from the house rules of the invitation ({rules})",
)
m(
    "problem.pbem.house_rules_differ|rules=",
    "{path} differs from the house rules of the invitation (none)",
)
m(
    "problem.pbem.house_rules_differ.hint",
    "play with the invitation's (leave --house-rules out), or agree with your opponent "
    "on one set and ask him for a new invitation",
)
m("problem.pbem.house_rules_twice", "the scenario holds house rules other than {path}'s")
m(
    "problem.pbem.house_rules_twice.hint",
    "keep one set: the scenario's house_rules or the file, not both",
)
m(
    "problem.rechain.not_keyed",
    "a new chain is for a two-party game whose players committed their keys",
)
m(
    "problem.rechain.not_keyed.hint",
    "start a new game from this position with fresh commitments (docs/pbem.md)",
)
m(
    "problem.rechain.malformed",
    "a new chain is a commitment of 64 hex digits and a length of 1 to {most}",
)
m("problem.rechain.malformed.hint", "ask for the mail again")
m("problem.rechain.pending", "{side} already has a new chain waiting for its acknowledgement")
m("problem.rechain.pending.hint", "it counts once the opponent's next mail shows he received it")
m("problem.rechain.unsigned", "{side}'s new chain is not signed by {side}'s committed key")
m("problem.rechain.unsigned.hint", "ask for the mail again")
m("problem.rechain.no_pending", "{side} has no new chain to move to")
m(
    "problem.rechain.early",
    "{side} moves to his new chain (history[{index}]) before {opponent} acknowledged "
    "its commitment",
)
m(
    "problem.rechain.early.hint",
    "a new chain counts once the opponent's next mail shows he received it",
)
m(
    "problem.rechain.switch_unsigned",
    "{side}'s move to his new chain is not signed by {side}'s committed key",
)
m("problem.rechain.switch_unsigned.hint", "ask for the mail again")
m("problem.pbem.rollback_options", "give one of --agree, --refuse (without --to)")
m("problem.pbem.no_proposal", "{opponent} has proposed no rollback")
m("problem.pbem.no_proposal.hint", "referee pbem status {dir}")
m(
    "problem.pbem.rollback_range",
    "no phase after history entry {index} to undo (entries {first}..{last} can be returned to)",
)
m(
    "problem.pbem.rollback_range.hint",
    "see referee pbem export DIR -o STATE, then referee history STATE",
)
m(
    "problem.pbem.rollback_rolled",
    "{at_where} rolled dice: rolled dice stand (going back before them would re-roll them)",
)
m("problem.pbem.rollback_rolled.hint", "return to an entry after the last phase that rolled dice")
m("problem.pbem.rollback_record", "{at_where} is a commitment or a rollback: it is not undone")
m("problem.pbem.rollback_record.hint", "return to an entry after it")
m("problem.pbem.nothing_unsent", "no phase of yours to undo that your opponent has not received")
m(
    "problem.pbem.nothing_unsent.hint",
    "to undo what he received, propose it: referee pbem rollback DIR --to N",
)
m(
    "problem.pbem.rollback_received",
    "history[{index}] is before the last position your opponent holds "
    "(history[{shared}]): undoing what he received needs his agreement",
)
m(
    "problem.pbem.rollback_received.hint",
    "propose it: referee pbem rollback DIR --to N (a mail he agrees to)",
)
m("problem.pbem.rollback_not_mine", "{at_where} is not a phase of yours")
m(
    "problem.pbem.proposal_unsigned",
    "the rollback proposal is not signed by {sender} on this position",
)
m("problem.pbem.proposal_unsigned.hint", "ask your opponent for the mail again")
m("problem.pbem.rollback_unagreed", "the rollback is not agreed by {side}: it lacks his signature")
m("problem.pbem.rollback_unagreed.hint", "both players sign a rollback of what the other received")
m(
    "problem.pbem.choices_after_dice",
    "{opponent} made choices in your {phase_word} phase, which he applied once the dice "
    "could be known: in the mail flow they are the standing choices of his previous "
    "mail, else the documented defaults",
)
m(
    "problem.pbem.choices_after_dice.hint",
    "ask your opponent for a mail with the defaults (docs/pbem.md §Timing)",
)
m(
    "problem.pbem.mail_unsigned",
    "this mail is not signed by {sender}: it was changed after it was written, or "
    "written by someone else",
)
m(
    "problem.pbem.mail_unsigned.hint",
    "ask your opponent for the mail again, as his referee wrote it",
)
m(
    "problem.pbem.standing_not_list",
    "must be a list of pursuit orders ('C3 pursue', 'C3 hold') or `after_dice`",
)
m(
    "problem.pbem.owner_choices_not_list",
    "must be a list of choices ('G14 conform no', 'G14 face P3')",
)
m(
    "problem.pbem.owner_choices_item",
    "is not a rout or pursuit choice of a unit of {player} ('G14 conform no', 'G14 "
    "face P3', 'G2 choose G5')",
)
m("problem.pbem.owner_choices_item.hint", "reactions go under reactions:")
m(
    "problem.pbem.standing_after_dice",
    "this game decides pursuits after the combat dice (`pbem_pursuits: after_dice`): "
    "no standing pursuit orders",
)
m(
    "problem.pbem.standing_after_dice.hint",
    "remove them: your pursuit phase comes back to you with your opponent's mail",
)
m("problem.pbem.standing_no_unit", "no unit {id!r} of {player} in the game")
m("problem.pbem.standing_no_unit.hint", "check the id against `referee show`")
m("problem.pbem.reactions_not_list", "must be a list of reactions ('G14 reaction evade')")
m(
    "problem.pbem.reactions_item",
    "is not the reaction of a unit of {player} ('{unit} reaction evade' or 'stand')",
)
m(
    "problem.pbem.not_two_party_secret",
    "is not a two-party secret (made by `referee seed new --two-party`)",
)
m(
    "problem.pbem.not_two_party_secret.hint",
    "make one with referee seed new --two-party -o FILE, or leave --secret out",
)
m("problem.pbem.standing_phase", "standing pursuit orders go with the combat orders")
m("problem.pbem.standing_phase.hint", "remove them")
m(
    "problem.pbem.not_my_move",
    "it is not your move: {waiting_for} plays next (turn {turn}, {player}, {phase_word})",
)
m(
    "problem.pbem.not_my_move|waiting_for=None",
    "it is not your move: nobody plays next (turn {turn}, {player}, {phase_word})",
)
m("problem.pbem.not_my_move.hint", "referee pbem status {dir}")
m(
    "ui.pbem.standing",
    "Standing orders of your pursuit phase, fixed now, before any die of the combat "
    "(docs/pbem.md §Timing): a unit that wins its combat pursues if you uncomment its "
    "line; a unit left out holds, unless it is impetuous (it pursues as 001 requires).",
)
m(
    "ui.pbem.standing_rout",
    "Standing orders of your pursuit phase, fixed now, before any die of the rout "
    "(docs/pbem.md §Timing): a unit that won its combat pursues if you uncomment its "
    "line; a unit left out holds, unless it is impetuous (it pursues as 001 requires).",
)
m(
    "ui.pbem.rout_after_dice",
    "Your rout's decisions (which attacker a unit attacked in flank or rear faces, "
    "where a general flees) take the documented defaults; to make them yourself once "
    "the combat dice are known, write `rout: after_dice` (one more mail, only if your "
    "rout asks you one).",
)
m("ui.pbem.awaited", "awaited: {side}'s orders for turn {turn}, {player}, {phase_word}")
m(
    "ui.pbem.awaited_reveal",
    "awaited: {side}'s mail applying your turn {turn}, {player}, {phase_word} (his reveal "
    "for its dice, his choices)",
)
m("problem.pbem.rout_after_dice", "takes one value, `after_dice`, in the combat orders")
m(
    "problem.pbem.rout_after_dice.hint",
    "write `rout: after_dice` in your combat orders, or remove it",
)
m(
    "ui.pbem.after_dice",
    "This game decides pursuits after the combat dice (`pbem_pursuits: after_dice`): "
    "your opponent's mail hands your pursuit phase back to you, one more mail "
    "(docs/pbem.md §Timing).",
)
m(
    "ui.pbem.ask_after_dice",
    "To decide them after seeing the dice instead, write `pursuit: after_dice` (one "
    "more mail: your opponent's hands your pursuit phase back).",
)
m("ui.pbem.over", "the game is over ({outcome_word})")
m(
    "ui.pbem.send_mail",
    "send {mail} to {opponent} (as it is: any mail client opens a .eml), then wait for his answer",
)
m(
    "ui.pbem.your_move",
    "your move (turn {turn}, {player}, {phase_word}): edit {path}, then "
    "referee pbem send {dir} {path}",
)
m("ui.pbem.wait", "waiting for {opponent}'s mail; then referee pbem receive {dir} MAIL")
m(
    "ui.pbem.mail_summary",
    "{game}, mail {number} from {side} to {opponent}: phases applied: {done}; orders "
    "for you to apply: {asks}. Give this mail to: referee pbem receive DIR MAIL",
)
m("ui.pbem.mail_subject", "[referee] {game}: mail {number} from {side}")
m("ui.pbem.big_mail", "{path} is {size} bytes (over {limit})")
m(
    "ui.pbem.made",
    "{dir}: your copy of {game} as {side}, your secret and your commitment. Send "
    "{mail} to {opponent}, who runs: referee pbem join MAIL --side {opponent} --dir "
    "HIS-FOLDER",
)
m("ui.pbem.house_rules", "house rules of this game: {rules}")
m("ui.pbem.no_house_rules", "no house rules")
m(
    "ui.pbem.rechained",
    "{path}: your new dice chain ({length} reveals; commitment {commitment}…); your "
    "next mail carries its commitment, and your dice use it once {opponent}'s answer "
    "shows he received it",
)
m(
    "ui.pbem.chain_waiting",
    "your new dice chain waits for {opponent} to receive its commitment (with your "
    "next mail); your dice use your current chain until his answer",
)
m(
    "ui.pbem.chain_low",
    "warning: your dice chain has {left} reveals left (under {low}: about 10 game "
    "turns); on your move, make a new one: referee pbem rechain {dir}",
)
m(
    "ui.pbem.proposal",
    "{opponent} proposes to return to history[{to}], undoing: {undone}; agree: referee "
    "pbem rollback {dir} --agree, or refuse: referee pbem rollback {dir} --refuse",
)
m("ui.pbem.awaited_answer", "awaited: {side}'s answer to your rollback proposal")
m(
    "ui.pbem.rolled_back",
    "{side}'s copy at history[{index}] (turn {turn}, {player}, {phase_word}); {then}",
)
m("ui.pbem.joined", "{dir}: your copy of {game} as {side}. Send {mail} to {opponent}; {then}")
n(
    "ui.pbem.received",
    "{path}: {count} phase(s) applied; {then}",
    "{path}: {count} phase(s) applied; {then}",
    "count",
)
n(
    "ui.pbem.sent",
    "{count} phase(s) applied; {then}",
    "{count} phase(s) applied; {then}",
    "count",
)
m("ui.pbem.orders", "{path}: your orders for turn {turn}, {player}, {phase_word}")
m(
    "ui.pbem.status",
    "{game}: you play {side} against {opponent}; next: turn {turn}, {player}, {phase_word}; "
    "mails sent {sent} (last: {last_sent}), received {received} (last: "
    "{last_received})\n{then}",
)
n(
    "ui.pbem.exported",
    "{path}: the game as {side}'s copy holds it ({entries} history entries)",
    "{path}: the game as {side}'s copy holds it ({entries} history entries)",
    "entries",
)
m("ui.sign.add_line", "add the line above to {file} (or run again with --in-place)")
m("ui.sign.signed", "{target} signed by {side}")
m("hint.mail_too_large", "send the orders file alone, as plain text")

# a mail read (the input boundary: docs/pbem.md)
m("problem.mail.unreadable", "cannot read this mail message: {what_words}")
m("problem.mail.unreadable.hint", "save the message as .eml, or paste the orders into a YAML file")
m(
    "problem.mail.no_orders",
    "no orders found in this mail message (its text body has no line starting with "
    "format: or turn:)",
)
m("problem.mail.no_orders.hint", "paste the orders file into the mail body, or attach it")
m("problem.mail.too_many_parts", "part {part}: more than {limit:,} parts")
m(
    "problem.mail.too_many_parts.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m("problem.mail.too_deep", "part {part}: parts nested more than {limit} levels deep")
m(
    "problem.mail.too_deep.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m("problem.mail.headers_too_large", "part {part}: a header block of more than {limit} KiB")
m(
    "problem.mail.headers_too_large.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m("problem.mail.too_many_fields", "part {part}: more than {limit:,} header fields")
m(
    "problem.mail.too_many_fields.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m("problem.mail.field_too_long", "part {part}: {header}: longer than {limit} KiB")
m(
    "problem.mail.field_too_long.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m("problem.mail.too_many_parameters", "part {part}: {header}: more than {limit:,} parameters")
m(
    "problem.mail.too_many_parameters.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m("problem.mail.too_many_comments", "part {part}: {header}: more than {limit} comments")
m(
    "problem.mail.too_many_comments.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m(
    "problem.mail.comments_too_deep",
    "part {part}: {header}: comments nested more than {limit} levels deep",
)
m(
    "problem.mail.comments_too_deep.hint",
    "this is not a message a mail client writes: paste the orders into a YAML file",
)
m("problem.mail.ambiguous", "{count} parts of this mail message hold orders (parts {parts})")
m("problem.mail.ambiguous.hint", "send one orders file per message")
m(
    "problem.mail.text_too_large",
    "its text parts are larger than {limit:,} KiB together: too large to look for orders in",
)
m(
    "problem.mail.text_too_large|kind=html",
    "its HTML parts are larger than {limit:,} KiB together: too large to look for orders in",
)
m(
    "problem.mail.text_too_large|kind=attached",
    "its attachments are larger than {limit:,} KiB together: too large to look for orders in",
)
m("problem.mail.text_too_large.hint", "send the orders file alone, as plain text")

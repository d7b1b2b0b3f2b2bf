"""The English of the pages messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m("ui.page.title", "Orders of {player}: turn {turn}, {phase} ({game})")
m("ui.page.rules", "This phase's rules and limits")
m("ui.page.choices", "Choices")
m("ui.page.orders", "Orders given")
m("ui.page.none_yet", "No order yet: click a counter on the map.")
m("ui.page.save", "Save the orders file")
m("ui.page.copy", "Copy the text (for a mail)")
m("ui.page.copied", "Copied: paste it into your mail.")
m("ui.page.copy_failed", "The browser refused to copy: select the text below and copy it.")
m("ui.page.remove", "remove")
m("ui.page.add", "Give this order")
m("ui.page.cancel", "Cancel")
m("ui.page.refused", "Refused: {reason}")
m("ui.page.saved", "Saved as {file} (in your downloads). Then: referee validate {state} {file}")
m("ui.page.nothing", "Nothing to order in this phase.")
m("ui.page.info", "information")
m("ui.page.pick_other", "Click a unit (or its button): its choices.")
m("ui.page.r_has_order", "{unit} already has an order ({orders}): remove it first")
m(
    "ui.page.r_hex_taken",
    "{hex} is already the destination of {unit}: two units never end in one hex",
)
m("ui.page.r_unit_activated", "{unit} is already in {leader}'s activation (once per turn)")
m("ui.page.r_leader_used", "{leader} already leads an activation")
m("ui.page.r_limit", "activation limit reached: {count} this player-turn, all given")
m("ui.page.r_too_many", "{leader} activates at most {n} units at once")
m("ui.page.r_not_offered", "{unit}: nothing to order for it in this phase")
m(
    "ui.page.act_pick",
    "Pick a leader (his star on the map, or below): his command range is drawn, then "
    "click the units he activates.",
)
m(
    "ui.page.act_leader",
    "{leader}: command range {range} (shaded); click up to {n} units in it (yellow).",
)
m("ui.page.act_in_range", "in range (distance):")
m("ui.page.act_waiting", "reinforcements:")
m("ui.page.act_leaders", "isolated leaders:")
m("ui.page.act_alone", "the leader alone")
m("ui.page.act_limits", "Activations given: {n} of {count}; at most {each} units each.")
m("ui.page.act_selected", "{n} chosen:")
m("ui.page.mv_pick", "Click an activated unit (yellow): every hex it can reach is shaded.")
m("ui.page.mv_keeps", "keeps the right to fight")
m("ui.page.mv_sscb", "ss cb (no combat this turn)")
m("ui.page.mv_dest", "{hex}: {cost} points spent, {combat}")
m("ui.page.mv_facing", "facing at the end:")
m("ui.page.mv_road", "road march")
m("ui.page.mv_mounted", "mounted")
m(
    "ui.page.mv_legend",
    "Green: keeps the right to fight; orange: ss cb; the number: the points it costs. "
    "Click a hex: its path.",
)
m("ui.page.mv_pick_hex", "Click a shaded hex to see the path and pick the facing.")
m("ui.page.mv_off", "{hex} is out of reach of {unit}")
m(
    "ui.page.cb_pick",
    "Click one of your units that may fight (yellow): its targets are marked with the "
    "chance that they rout; click a target to attack it.",
)
m("ui.page.cb_melee", "melee")
m("ui.page.cb_shoot", "shooting")
m("ui.page.cb_target_loses", "{unit} loses {n} on average, routs {p}")
m("ui.page.cb_attacker_loses", "riposte: {unit} loses {n} on average, routs {p}")
m("ui.page.cb_routs", "{unit} routs with probability {n} ({p})")
m("ui.page.cb_lost", "cohesion lost")
m("ui.page.cb_probability", "probability")
m(
    "ui.page.left_activation",
    "Checked here: each leader once, each unit once, the command range, the number of "
    "activations and of units. The file as a whole is checked by `referee validate "
    "{state} FILE` (what `referee adjudicate` would do).",
)
m(
    "ui.page.left_movement",
    "Checked here: one move a unit, two units never end in one hex, each path is one "
    "the referee computed. Left to `referee validate {state} FILE`: moves are made one "
    "at a time in the order written, so a hex freed or crossed by an earlier move is "
    "checked there.",
)
m(
    "ui.page.left_combat",
    "Checked here: one attack a unit, each on a target in reach. Left to `referee "
    "validate {state} FILE`: combats are resolved one at a time in the order written; "
    "an earlier combat may change the odds shown or make a later attack impossible.",
)
m(
    "ui.page.left_rout",
    "Checked here: one choice a unit or leader. The file as a whole is checked by "
    "`referee validate {state} FILE`.",
)
m(
    "ui.page.left_pursuit",
    "Checked here: one choice a unit. Left to `referee validate {state} FILE`: "
    "pursuits are made in the order written, and a supporting unit is checked there.",
)
m(
    "ui.page.file_comment",
    "Orders of {player}: turn {turn}, {phase} phase ({ruleset}, game {game}).\nWritten "
    "by the orders page of `referee orders --html`. Then:\n  referee validate {state} "
    "THIS-FILE\n  referee adjudicate {state} THIS-FILE -o NEXT.yaml",
)
m(
    "ui.page.file_two_party",
    "Two-party dice: add your reveal before you send it:\n  referee seed reveal "
    "{state} THIS-FILE --secret SECRET --in-place",
)
m(
    "ui.page.footer",
    "Made by referee {version} (`referee orders --html`), from the same engine as "
    "`referee orders` and `referee moves`; it works offline.",
)
m(
    "ui.page.written",
    "{file}: the orders page of {player}, {phase} phase of turn {turn}; open it in a "
    "browser, then save the orders file",
)
m("ui.replay.title", "{ruleset} — {game}: the whole game")
m("ui.replay.first", "First")
m("ui.replay.previous", "Previous")
m("ui.replay.next", "Next")
m("ui.replay.last", "Last")
m("ui.replay.keys", "Arrow keys: previous and next step; Home and End: first and last.")
m("ui.replay.start", "The initial position")
m("ui.replay.commit", "{player} commits to his dice secret")
m("ui.replay.rollback", "Rollback to history entry {index}")
m("ui.replay.steps", "the steps of the game")
m("ui.replay.step", "step {n} of {count}")
m(
    "ui.replay.footer",
    "Made by referee {version} (`referee history --html`): every phase replayed from "
    "the record; it works offline.",
)
n(
    "ui.replay.written",
    "{file}: the whole game, {n} step",
    "{file}: the whole game, {n} steps",
    "n",
)

"""The English of the skeleton messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

n(
    "sk.activation.header#units",
    "{units} units",
    "{units} units",
    "units",
)
n(
    "sk.activation.header#allowed",
    "{allowed} activation(s)",
    "{allowed} activation(s)",
    "allowed",
)
n(
    "sk.activation.header#max_units",
    "{max_units} units",
    "{max_units} units",
    "max_units",
)
m(
    "sk.activation.header",
    "Command phase: {units#} of {side} on the table, so {allowed#} of at most "
    "{max_units#} each ({source_words}).",
)
m(
    "sk.activation.how",
    "An activation names one leader and the units he activates: each within his "
    "command range (counted to the unit's hex: range 1 = adjacent). A leader leads one "
    "activation; a unit is activated once per player-turn; only activated units move "
    "and start a combat.",
)
m("sk.activation.done", "Already done this turn: {done} of {allowed} ({listed}).")
m("sk.activation.done_one", "{leader}: {units}")  # one of them: the leader, his units
m("sk.activation.none_left", "No activation is left this player-turn: nothing to order.")
m("sk.activation.where_off", "with {unit}, off the table (entry {entries})")
m("sk.activation.where_entry", "off the table at the entry point {hex} (he need not enter)")
m("sk.activation.where_with", "with {unit} at {hex}")
m("sk.activation.where_at", "at {hex}")
m("sk.activation.leader", "{leader} ({rank}, command range {range}) {where}")
m("sk.activation.in_range", "  units in range (distance): {listed}")
m("sk.activation.none_in_range", "  no unit in range")
m("sk.activation.waiting", "  reinforcements in range of an entry point: {listed}")
m("sk.activation.isolated", "  isolated leaders he may also activate (any distance): {listed}")
n(
    "sk.activation.count",
    "{n} of at most {max_units} units",
    "{n} of at most {max_units} units",
    "max_units",
)
m("sk.activation.with_waiting", "with reinforcements")
m("sk.activation.alone", "the leader alone, to move him")
m(
    "sk.movement.header",
    "Movement phase: each activated unit may move once. The allowance is the cell of "
    "the movement table: 'N/M ss cb' = N points keeping the right to fight, up to M "
    "without combat (ss cb); terrain costs points; a road march (whole move on one "
    "road, 'road') gives +1 and no combat.",
)
m(
    "sk.movement.how",
    "A path lists every hex entered (not the start); 'UNIT to HEX' lets the referee "
    "pick the cheapest path. A unit given no order stays where it is. Moves are made "
    "one at a time in the order written, and two units never end in one hex. `referee "
    "moves STATE UNIT` lists every hex a unit can reach.",
)
m(
    "sk.movement.none",
    "No unit of yours is activated and still free to move: nothing to order (the next "
    "phase is combat).",
)
m("sk.movement.at", "{hex}")
m("sk.movement.off_table", "off the table (enters by {entries})")
m("sk.movement.unit", "{unit} {kind} {start} facing {facing_word}")
m("sk.movement.leader", "{unit} leader {start}")
m("sk.movement.cannot", "  cannot move now ({why_words})")
m("sk.movement.allowance", 'allowance {allowance} (cell "{cell}")')
m("sk.movement.all_ss_cb", "; any move is ss cb: it will not fight this turn")
n(
    "sk.movement.keeps",
    "; keeps the right to fight up to {points} point, ss cb beyond",
    "; keeps the right to fight up to {points} points, ss cb beyond",
    "points",
)
m("sk.movement.max_hexes", "; never more than {hexes} hex")
n(
    "sk.movement.points",
    "{points} point",
    "{points} points",
    "points",
)
m("sk.movement.keeps_combat", ", keeps combat")
m("sk.movement.ss_cb", ", ss cb")
m("sk.movement.contact", ", contact {units}")
n(
    "sk.movement.road",
    "road march: {points} points, no combat after",
    "road march: {points} points, no combat after",
    "points",
)
n(
    "sk.movement.mounted",
    "mounted: allowance {allowance}, {points} points, no combat after",
    "mounted: allowance {allowance}, {points} points, no combat after",
    "points",
)
m("sk.movement.no_hex", "  no hex within reach")
m(
    "sk.combat.header",
    "Combat phase: each activated unit that may still fight attacks one enemy unit, in "
    "melee (adjacent) or by shooting (within its range); combats are resolved one at a "
    "time in the order written. The odds are `referee odds` for the position as it "
    "stands: an earlier combat may change them.",
)
m(
    "sk.combat.unit",
    "{unit} {kind} at {hex}: cohesion {now}/{max}; shooting {shooting} range "
    "{range}, assault {assault}, melee {melee}",
)
m("sk.combat.evades", "{target} evades to {to}: no combat")
n(
    "sk.combat.odds",
    "{dice} die; {unit} loses {loss} on average, routs {rout}",
    "{dice} dice; {unit} loses {loss} on average, routs {rout}",
    "dice",
)
n(
    "sk.combat.odds_comma",
    "{dice} die, {unit} loses {loss} on average, routs {rout}",
    "{dice} dice, {unit} loses {loss} on average, routs {rout}",
    "dice",
)
m("sk.combat.odds_only", "; {unit} loses {loss} on average, routs {rout}")
m("sk.combat.riposte", "; riposte ")
m("sk.combat.through", " (through its {through_word})")
n(
    "sk.combat.no_charge",
    "{dice} die, not a charge",
    "{dice} dice, not a charge",
    "dice",
)
m(
    "sk.combat.pursuit_contact",
    "{unit} at {hex} stays in contact with {other} since a pursuit (001 §Poursuite): "
    "their melee is fought in this phase without an order, after the ordered combats; "
    "order it to fight it earlier. It starts no other combat.",
)
m("sk.combat.none", "No unit of yours may start a combat now: nothing to order.")
m(
    "sk.rout.header",
    "Rout phase (001 §Déroute d'une unité): every unit left with no cohesion routs and "
    "leaves play, with its cascade on the friends behind it; no order is needed but "
    "the choices below ('U choose X'). The referee's default applies to any choice "
    "left commented out.",
)
m("sk.rout.none", "No unit routs this phase.")
m("sk.rout.unit", "{unit} ({side}) routs from {hex}")
m(
    "sk.rout.theirs",
    "  {side}'s unit: {side} chooses for it (its choices file), else the referee's defaults apply",
)
m(
    "sk.rout.flank",
    "  attacked only in the flank or rear: it first turns to face one of its attackers "
    "(default {default})",
)
m("sk.face", "face {unit}")
m("sk.face_at", "face {unit} at {hex}")
m(
    "sk.rout.caught_lost",
    "  {leader} is caught: if he survives the die, no friend within {hexes} hexes (he is lost)",
)
m(
    "sk.rout.caught",
    "  {leader} is caught: if he survives the die he flees to the nearest friendly "
    "unit ({hexes} hex(es): {units}; default {default}, as the position stands before "
    "the rout)",
)
m("sk.rout.joins", "{leader} joins {unit}")
m(
    "sk.pursuit.header",
    "Pursuit phase (001 §Poursuite): a unit of yours that routed every enemy it fought "
    "in melee may advance {hexes} hex straight ahead ('U pursue'), with friends "
    "aligned beside it ('U pursue with A B'), or hold. Impetuous winners must pursue "
    "unless 001 excuses them; a winner with an enemy on its flank or rear does not "
    "pursue but turns to face one ('U face X').",
)
m("sk.pursuit.none", "No unit of yours won a melee outright: nothing to choose.")
m("sk.pursuit.winner", "{unit} at {hex} facing {facing_word} routed {units}")
m(
    "sk.pursuit.contacted",
    "  contacted in the flank or rear: it turns to face one enemy (default {default})",
)
m("sk.pursuit.edge", "  the table edge is straight ahead: no pursuit")
m("sk.pursuit.ahead", "1 hex {facing_word} to {hex}")
n(
    "sk.pursuit.camp#dice",
    "{dice} die",
    "{dice} dice",
    "dice",
)
n(
    "sk.pursuit.camp#hits",
    "{hits} hit {on_words} takes it",
    "{hits} hits {on_words} take it",
    "hits",
)
m(
    "sk.pursuit.camp",
    "assaults the fortified camp at {hex} at once: {hits#}; it defends with {dice#}",
)
m("sk.pursuit.supports", "with its aligned supports")
m(
    "sk.pursuit.impetuous",
    "  impetuous: it pursues even without an order, unless 001 excuses it (the report says why)",
)
m("sk.pursuit.hold", "no pursuit (the same as no order)")
m(
    "sk.choices.header",
    "Choices of {side} as the owner of its units, for the {phase_title} of {player} "
    "(turn {turn}). A choice left commented out takes the referee's default. This file "
    "is bound to this position and, from the other player, to the orders it answers: "
    "send it back to be given to `referee adjudicate --choices`.",
)
m(
    "sk.choices.contacted",
    "{unit} routed {units} but is contacted in the flank or rear: it faces one enemy "
    "in contact, of your choice (001 §Poursuite; default {default})",
)
m(
    "sk.choices.conform",
    "{unit} at {hex} facing {facing_word} is contacted in its flank or rear by a pursuit: "
    "it may conform (turn to face the pursuer) before the combat, or not (default: it "
    "conforms)",
)
m(
    "sk.choices.conform_keeps",
    "{unit} at {hex} facing {facing_word} is contacted in its flank or rear by a pursuit: "
    "it may conform (turn to face the pursuer) before the combat, or not (default: it "
    "keeps its facing, house rules `silent_conform = keeps_facing`)",
)
m("sk.choices.conform_yes", "turn to face the pursuer")
m("sk.choices.conform_no", "keep its facing")
m(
    "sk.choices.reaction",
    "{unit} {kind}: standing reaction to a charge {now_word}; a change takes "
    "effect when this phase ends",
)
m("sk.choices.now", "now: {now_word}")
m("sk.choices.none", "{side} has no decision to make in this phase.")
m(
    "sk.file.orders",
    "# Orders of {player}: turn {turn}, {phase_title} ({ruleset}, game {game}).\n# "
    "Written by `referee orders`. To give an order, delete the '# ' in front of its\n# "
    "'- ...' line (keep the two spaces of indentation), and edit it if you like. An\n# "
    "order left commented out is no order: as it stands this file orders nothing.\n# "
    "Then:",
)
m(
    "sk.file.choices",
    "# Choices of {by} for turn {turn}, {player}'s {phase_title} ({ruleset}, game "
    "{game}).\n# Written by `referee orders --choices`. To make a choice, delete the "
    "'# ' in front of its\n# '- ...' line. A choice left commented out takes the "
    "referee's default. Send this file\n# to the player who adjudicates: referee "
    "adjudicate {state} ORDERS --choices {here}",
)
m("sk.file.after", "# the position: hash of the last history entry")
m("sk.file.orders_hash", "# the orders these choices answer (reveal excluded)")

# a camp's hit symbol (a context prefix is declared by one module: catalogue.INDEX)
m("sk.hit_by", "on {symbol}")

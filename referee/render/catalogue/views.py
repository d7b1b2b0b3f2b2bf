"""The English of the other views' ui messages (pictures, HTML, moves, odds, rulesets,
history, verify, rollback): each message once, under its context
(``docs/translating.md``); a phase report's, ``show``'s and the map's are in
``ui.py``. The other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m("ui.svg.title", "{ruleset} — {game} — turn {turn}, {player} to play, next phase: {phase}")
m("ui.svg.phase_title", "{ruleset} — {game} — turn {turn}, {player}, {phase}")
m("ui.svg.game_over", "game over: {outcome}")
m("ui.svg.camp_of", "Camp of {side}")
m("ui.svg.camp_fortified", " (fortified)")
m("ui.svg.camp_taken", " — taken")
m("ui.svg.entry", "Entry point of {side} at {hex}")
m("ui.svg.entry_word", "entry")
m("ui.svg.waiting", " (off table: {units})")
m("ui.svg.off_table", "Off table, {side}: {units}")
m("ui.svg.entries", " — entry {hexes}")
m("ui.svg.counter", "Counter")
m("ui.svg.counter_help", "type and weight · id · cohesion now/max; the notch points where it faces")
m("ui.svg.badges", "Badges")
m("ui.svg.last_phase", "Last phase")
m("ui.svg.moved", "move")
m("ui.svg.melee", "melee")
m("ui.svg.shooting", "shooting")
m("ui.svg.retreat", "retreat / evasion")
m("ui.svg.rout", "rout")
m("ui.svg.pursuit", "pursuit")
m("ui.svg.fury", "elephant fury")
m("ui.svg.loss", "cohesion lost")
m("ui.svg.eliminated", "removed from play")
m("ui.svg.gauge", "{side}: losses {losses} / {cohesion}")
m("ui.svg.gauge_broken", "{side}: losses {losses} / {cohesion} — BROKEN")
m("ui.svg.army_break", "Army break (001)")
m(
    "ui.svg.unit_tip",
    "{id}{name} — {kind} — at {at} — facing {facing} — cohesion {coh} — shooting "
    "{shooting} (range {range}), assault {assault}, melee {melee}",
)
m("ui.svg.traits", " — traits: {traits}")
m("ui.svg.statuses", " — status: {status}")
m("ui.svg.reaction", " — reaction: {reaction}")
m("ui.svg.leader_tip", "{id} — {name}, {rank} (+{value})")
m("ui.svg.hexside_tip", "{label} {a}-{b}")
m("ui.html.rulings", "Rulings")
m("ui.html.map", "The map after the phase, with its actions")
m(
    "ui.html.footer",
    "Made by referee {version}: every ruling cites its rule; `referee verify` replays "
    "the game from its file.",
)
m("ui.moves.title", "Where can {unit} go?")
m("ui.moves.hex", "hex")
m("ui.moves.cost", "cost")
m("ui.moves.path", "path")
m("ui.moves.combat", "combat")
m("ui.moves.note", "note")
m("ui.moves.ok", "ok")
m("ui.moves.sscb", "ss cb")
m("ui.moves.minimum", "minimum move (one hex whatever its cost)")
m("ui.moves.exit", "leaves the table")
m("ui.moves.entry", "enters from {entry}")
m("ui.moves.blocked", "Neighbouring hexes it cannot enter")
m("ui.moves.reason", "why")
m("ui.moves.through", "May cross but not stop in: {hexes}")
m("ui.moves.none", "No hex within reach.")
m("ui.moves.cannot", "Cannot move now: {why}")
m(
    "ui.moves.header",
    "{unit} — {what}, {where}: allowance {allowance} (keeps the right to fight up to {combat})",
)
m("ui.moves.header_leader", "{unit} — {what}, {where}: allowance {allowance}")
m("ui.moves.at", "at {hex}")
m("ui.moves.off", "off the table (entry points {entries})")
m("ui.moves.road", "road march (+ bonus)")
m("ui.moves.mounted", "mounted (+ bonus)")
m("ui.moves.one", "never more than 1 hex")
m("ui.moves.rules", "Rules")
m("ui.moves.enemy", "enemy unit {other}")
m("ui.moves.enemy_leader", "enemy leader {other}")
m("ui.moves.impassable", "impassable ({what})")
m("ui.moves.stacking", "{other} stands there (may cross: {cross})")
m("ui.moves.allowance", "costs {cost}, allowance {allowance}")
m("ui.moves.off_table", "off the table")
m("ui.moves.off_road", "off the road")
m("ui.moves.blocked_other", "not allowed ({reason})")
m("ui.odds.title", "{attacker} {kind} {target}: exact odds")
n(
    "ui.odds.through",
    "through the target's {through}, {distance} hex away",
    "through the target's {through}, {distance} hexes away",
    "distance",
)
m("ui.odds.charge", "a charge")
m("ui.odds.no_charge", "not a charge (pursuit contact)")
m("ui.odds.refused", "This order would be refused now: {reason}")
m("ui.odds.evades", "{target} evades along {path}: no melee, no dice")
m("ui.odds.dice", "Dice")
m("ui.odds.role", "role")
m("ui.odds.unit", "unit")
m("ui.odds.factor", "factor")
m("ui.odds.modifiers", "modifiers")
m("ui.odds.count", "dice")
m("ui.odds.summary", "Per unit")
m("ui.odds.cohesion", "cohesion")
m("ui.odds.supported", "supported")
m("ui.odds.rout", "routs")
m("ui.odds.expected", "expected loss")
m("ui.odds.lost", "cohesion lost")
m("ui.odds.retreat", "retreat hexes")
m("ui.odds.blocked", "blocked hexes")
m("ui.odds.outcomes", "Most likely outcomes")
m("ui.odds.probability", "probability")
m("ui.odds.target", "target {id}")
m("ui.odds.attacker", "attacker {id}")
m("ui.odds.side_text", "-{lost} coh., retreat {retreat}, blocked {blocked}")
m("ui.odds.routs_mark", ", ROUTS")
m("ui.odds.tokens", "Order tokens gained: {tokens}")
m("ui.odds.distribution", "Distributions (probability of each number)")
m("ui.odds.more", "... and {n} less likely outcomes (total probability {p})")
m("ui.odds.no_modifier", "none")
m("ui.rulesets.title", "Rulesets")
m("ui.rulesets.name", "name")
m("ui.rulesets.rtitle", "title")
m("ui.rulesets.version", "version")
m("ui.rulesets.types", "unit types")
m("ui.rulesets.origin", "origin")
m("ui.rulesets.header", "{title} (version {version}) — {origin}")
m("ui.rulesets.type", "Type")
m("ui.rulesets.leader", "Leader")
m("ui.rulesets.interpretations", "{title}: interpretations (sentences that read two ways)")
m("ui.rulesets.interpretation", "id")
m("ui.rulesets.sentence", "sentence")
m("ui.rulesets.readings", "readings")
m("ui.rulesets.default", "default")
m("ui.rulesets.applied", "applied")
# a reading of an interpretation: {mark} " (default, applied)" or nothing, {meaning} what
# it reads (the ruleset's English, or its translation: source.reading)
m("ui.rulesets.reading", "`{key}`{mark}: {meaning}")
m("ui.rulesets.why", "why the default: {why}")
m("ui.rulesets.applied_by", "applied by: {by} (not the adjudication engine)")
m(
    "ui.rulesets.switch",
    "Another reading: a house-rules file with `interpretations: {{id: reading}}` "
    "(`referee rulesets {name} --house-rules FILE`).",
)
m("ui.rulesets.not_a_rule", "not a rule: {why}")
m("ui.rulesets.carried_by", "parameters citing this heading: `{keys}`")
m("ui.rulesets.quoted_by", "parameters quoting this sentence: `{keys}`")
m("ui.rulesets.involves", "interpretation `{id}`: reading `{reading}` (default `{default}`)")
m("ui.rulesets.cases", "cases (tests/cases): `{cases}`")
m("ui.rulesets.params", "{title}: parameters")
m("ui.rulesets.parameter", "parameter")
m("ui.rulesets.value", "value")
m("ui.rulesets.source", "source")
m("ui.rulesets.terrain", "Terrain")
m("ui.rulesets.tlabel", "label")
m("ui.rulesets.cost", "cost")
m("ui.rulesets.difficult", "difficult")
m("ui.rulesets.impassable", "impassable")
m("ui.rulesets.hexside", "hexside: {key}")
m("ui.rulesets.yes", "yes")
m("ui.rulesets.faces", "Combat die: what each face does")
m("ui.rulesets.face", "face")
m("ui.rulesets.symbol", "symbol")
m("ui.rulesets.effect", "effect")
m("ui.rulesets.hurts", "hurts a target hit by the {what} symbol ({types}): −{n} cohesion")
n(
    "ui.rulesets.flag",
    "the unit hit retreats {n} hex toward its own table edge (a tactical advantage "
    "cancels a flag; a supported unit ignores one)",
    "the unit hit retreats {n} hexes toward its own table edge (a tactical advantage "
    "cancels a flag; a supported unit ignores one)",
    "n",
)
m("ui.rulesets.order", "the roller's side gains an order token")
m("ui.rulesets.advantage", "cancels one of the flags rolled against the roller")
m("ui.rulesets.no_effect", "no effect")
m("ui.history.none", "{path}: no history: a position nobody has played yet")
m("ui.history.index", "#")
m("ui.progress.verify", "verifying")
m("ui.progress.replay", "replaying")
m("ui.history.turn", "turn")
m("ui.history.player", "side")
m("ui.history.phase", "phase")
m("ui.history.hash", "hash")
m("ui.history.orders", "orders")
m("ui.history.refused", "refused")
m("ui.history.rolls", "rolls")
m("ui.history.losses", "losses")
m("ui.history.rollback_to", "rollback to {to}")
m("ui.history.no_losses", "none")
n(
    "ui.verify.ok#entries",
    "{entries} history entry",
    "{entries} history entries",
    "entries",
)
n(
    "ui.verify.ok#rolls",
    "{rolls} roll recomputed",
    "{rolls} rolls recomputed",
    "rolls",
)
m("ui.verify.ok", "{path}: verified {entries#}, {rolls#}")
n(
    "ui.verify.unchecked",
    "{n} roll taken as recorded (commit mode: pass --seed-file once the seed is revealed)",
    "{n} rolls taken as recorded (commit mode: pass --seed-file once the seed is revealed)",
    "n",
)
n(
    "ui.verify.thrown",
    "{n} roll thrown at the table (taken as typed in)",
    "{n} rolls thrown at the table (taken as typed in)",
    "n",
)
m("ui.verify.continues", "continues {files}")
m(
    "ui.verify.continues_by",
    "continues {files}, sent by {side} (their signature says so; not {side}? they are "
    "not yours: give --since a file you sent, or --secret)",
)
m(
    "ui.rollback.done",
    "rolled back to entry {to} (turn {turn}, {player}, {phase}); written to {path}",
)
m("ui.png.written", "PNG map: {path} ({width}×{height} px)")

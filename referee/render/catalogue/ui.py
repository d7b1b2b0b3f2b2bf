"""The English of what a phase report, ``show`` and the map say (their views' texts, the
phase in a title, a rule's citation, the words lists are joined with): each message
once, under its context (``docs/translating.md``); the other views' texts are in
``views.py`` (a command reads only the parts it says something from). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m("ui.report.title", "{ruleset} — {game}: turn {turn}, {player}, {phase}")
m("ui.report.replayed", "history entry {index}, replayed")
m("ui.show.after_entry", "after history entry {index}")
m("ui.report.practice", "PRACTICE DICE (random, not this game's dice: those are not available yet)")
m("ui.report.ruling", "ruling")
m("ui.report.rule", "rule")
m("ui.report.nothing", "Nothing to rule in this phase.")
m("ui.report.rolls", "Dice rolled")
m("ui.report.armies", "Army break check")
m("ui.report.side", "side")
m("ui.report.cohesion", "army cohesion")
m("ui.report.losses", "losses")
m("ui.report.gauge", "toward the break point")
m("ui.report.detail", "detail")
m("ui.report.broken", "BROKEN")
n(
    "ui.report.margin",
    "{margin} point to break",
    "{margin} points to break",
    "margin",
)
n(
    "ui.report.strict",
    "--strict: {refused} order refused, nothing written",
    "--strict: {refused} orders refused, nothing written",
    "refused",
)
m("ui.report.dry_run", "--dry-run: nothing written")
m("ui.report.practice_footer", "the dice above are practice dice")
m("ui.report.written", "new state: {path} (next: turn {turn}, {player}, {phase})")
m("ui.report.after", "after it: turn {turn}, {player}, {phase}")
m("ui.report.game_over", "GAME OVER: {outcome} ({broken})")
m("ui.report.html_written", "HTML report: {path}")
m("ui.show.title", "{ruleset} — {game} — turn {turn}, {player} to play, next phase: {phase}")
m("ui.show.game_over", "GAME OVER: {outcome}")
m("ui.show.to_move", "player to move")
m("ui.show.id", "id")
m("ui.show.unit", "unit")
m("ui.show.type", "type")
m("ui.show.weight", "weight")
m("ui.show.at", "at")
m("ui.show.facing", "facing")
m("ui.show.cohesion", "cohesion")
m("ui.show.factors", "fire/assault/melee")
m("ui.show.notes", "traits, status, leader")
m("ui.show.off_table", "off table")
m("ui.show.flank_march", "flank march")
m("ui.show.reinforcement", "reinforcement")
m("ui.show.leader", "leader")
m("ui.show.name", "name")
m("ui.show.rank", "rank")
m("ui.show.command", "command")
m("ui.show.attached", "attached to")
m("ui.show.status", "status")
m("ui.show.with_leader", "with {leader}")
m("ui.show.camp", "camp: {at}")
m("ui.show.fortified", " (fortified)")
m("ui.show.taken", " TAKEN")
m("ui.show.tokens", "order tokens: {tokens}")
m("ui.show.edge", "own edge: {edge}")
n(
    "ui.show.units_present",
    "{cohesion} unit present",
    "{cohesion} units present",
    "cohesion",
)
m("ui.show.not_counted", " ({n} not counted)")
m("ui.show.loss_line", "{what}: {count} × {each} = {points}")
m("ui.show.loss_line_varied", "{what}: {count} = {points}")
m("ui.show.no_losses", "none")
m("ui.show.losses_total", "{lines} — total {losses} of {cohesion}: {verdict}")
m("ui.show.to_break", "{margin} to the break point")
m("ui.show.no_side", "no side {side!r} in this game")
m(
    "ui.map.window",
    "Map: columns {c1}-{c2}, rows {r1}-{r2} of {columns}×{rows} (around {around}; "
    "--around HEX to move the window, a wider or taller terminal or COLUMNS=N for more)",
)
m(
    "ui.map.compact",
    "Compact view: {why}; each hex is {cell} characters, even columns half a line "
    "lower; --around HEX shows the hexes in full",
)
m("ui.map.six_digits", "six-digit hex labels do not fit the hex drawing")
m("ui.map.cropped", "columns {c1}-{c2} are cropped")
m(
    "ui.map.counter",
    "Counter: hex label on top; {id}{arrow} id and facing, status letters; "
    "{code}{weight} type and weight, cohesion now/max",
)
m("ui.map.terrain", "Terrain:")
m("ui.map.marks", "Hexsides and marks:")
m("ui.map.road", "road")
m("ui.map.camp", "camp")
m("ui.map.statuses", "Status:")
m("ui.map.leaders", "Leaders:")
m("ui.map.leader_alone", "(a leader alone: his id where a unit would be)")
m("ui.map.facing", "Facing:")
m("ui.map.units", "Units:")
m("ui.map.weights", "Weight:")
m("ui.map.sides", "Sides:")
m("ui.map.side", "{name} (own edge {edge})")
m("ui.map.off_table", "Off table, {side}: {units}; entry points: {entries}")
m("ui.map.none", "none")

# the phase in a report's title
m("word.phase_title.activation", "activation phase")
m("word.phase_title.movement", "movement phase")
m("word.phase_title.combat", "combat phase")
m("word.phase_title.rout", "rout phase")
m("word.phase_title.pursuit", "pursuit phase")
# the words lists are joined with (a report's citations, problems' options)
m("word.join.and", " and ")
m("word.join.semicolon", "; ")
m("word.join.or", " or ")

# a rule citation (referee.render.wording.cite): {text} the facts as the rules say them,
# {head} the rules' name, {rest} what follows it
m("cite.facts", "facts of the rules ({text})")
m("cite.facts.head", "facts of the rules ({text})")
m("cite.facts.text", "facts of the rules ({text})")
m("cite.facts.none", "facts of the rules")
# the facts in the language ({text}: the catalogue's translation of the rulesets' English)
m("cite.facts.said", "facts of the rules ({text})")
m("cite.annex", "annex")
# an interpretation: {body} its explanation (the ruleset file's English, not in the
# catalogue: a club's own), {where} the command that shows it
m("cite.interpretation", "interpretation: {body}")
m("cite.interpretation.facts", "interpretation: {body}")
# the explanation in the language ({body}: the catalogue's translation)
m("cite.interpretation.said", "interpretation: {body}")
# an interpretation in short (the moves view): {head} the first clause of its explanation
m("cite.interpretation.short", "interpretation ({head})")
m("cite.reading", "{rule}, reading `{id} = {key}`")
m("cite.house", "house rule: {body}")
# a rule heading as the ruleset cites it, the rules' own French, or with the English
# that follows it said in the language ({part}; a club's own English as written)
m("cite.heading", "{part}")

"""The English of the sentences the referee words itself around the catalogue (roll
purposes, lists, what PyYAML says of a malformed file): kept by hand
(``docs/translating.md``)."""

from referee.render.texts import m, n, words

# what a die was rolled for (referee.render.catalogue.purpose)
m("purpose.attack", "{a} {kind} {b}, die {i}/{n}")
m("purpose.riposte", "{a} riposte to {b}, die {i}/{n}")
m("purpose.fury", "elephant fury of {a}")
m("purpose.general", "general {a} caught in the rout of {b}")
# (referee.render.wording.roll_purpose: a pursuit's assault on a fortified camp)
m("purpose.camp_assault", "{a} assaults the camp of {b}, die {i}/{n}")
m("purpose.camp_defence", "the camp of {b} defends against {a}, die {i}/{n}")
# the roll the dice belong to, the head of their numbers (referee.render.wording.roll_head)
m("purpose.head.attack", "{a} {kind} {b}")
m("purpose.head.riposte", "{a} riposte to {b}")
m("purpose.head.camp_assault", "{a} assaults the camp of {b}")
m("purpose.head.camp_defence", "the camp of {b} defends against {a}")
# an empty list
m("word.list.none", "none")
# what PyYAML says of a malformed file (its ``problem``), by referee.render.problems
m("yaml.mapping_values_are_not_allowed_here", "mapping values are not allowed here")
m("yaml.could_not_find_expected", "could not find expected ':'")
m("yaml.found_character_that_cannot_start_any_token", "found character that cannot start any token")
m("yaml.did_not_find_expected_key", "did not find expected key")
m("yaml.did_not_find_expected_indicator", "did not find expected '-' indicator")
m("yaml.did_not_find_expected_node_content", "did not find expected node content")
m("yaml.did_not_find_expected_or", "did not find expected ',' or ']'")
m("yaml.did_not_find_expected_or_2", "did not find expected ',' or '}'")
m("yaml.expected_or_but_got", "expected ',' or ']', but got ...")
m("yaml.expected_or_but_got_2", "expected ',' or '}', but got ...")
m("yaml.expected_block_end_but_found", "expected <block end>, but found ...")
m("yaml.found_unexpected_end_of_stream", "found unexpected end of stream")
m("yaml.found_unknown_escape_character", "found unknown escape character ...")
m("yaml.found_undefined_tag_handle", "found undefined tag handle ...")
m(
    "yaml.could_not_determine_a_constructor_for_the_tag",
    "could not determine a constructor for the tag ...",
)
m(
    "yaml.found_a_tab_character_that_violates_indentation",
    "found a tab character that violates indentation",
)
m("yaml.found_a_tab_character", "found a tab character ...")
m("yaml.expected_a_single_document_in_the_stream", "expected a single document in the stream")
m("yaml.found_unexpected", "found unexpected ':'")
m("yaml.found_duplicate_anchor", "found duplicate anchor ...")
m("yaml.found_undefined_alias", "found undefined alias ...")
m("yaml.special_characters_are_not_allowed", "special characters are not allowed")
m("yaml.control_characters_are_not_allowed", "control characters are not allowed")
m("yaml.malformed_yaml", "malformed YAML")

# the faces of a roll (referee.render.wording.tally)
n("tally.hits", "{n} hit", "{n} hits", "n")
n("tally.flags", "{n} flag", "{n} flags", "n")
n("tally.orders", "{n} order letter", "{n} order letters", "n")
n("tally.advantages", "{n} tactical advantage", "{n} tactical advantages", "n")
n("tally.no_effect", "{n} without effect", "{n} without effect", "n")
m("tally.nothing", "nothing")
# hits a unit takes, by the symbol that made them (combat.hit)
n("hits.hit_infantry", "{hits} hit on infantry", "{hits} hits on infantry", "hits")
n("hits.hit_cavalry", "{hits} hit on cavalry", "{hits} hits on cavalry", "hits")
n("hits.hit_artillery", "{hits} hit on artillery", "{hits} hits on artillery", "hits")
# a dice modifier in words (referee.render.wording.modifier_text)
m("modifier.terrain", "{signed} {terrain} ({place})")
m("word.place.own_hex", "its hex")
m("word.place.opponent_hex", "the enemy's hex")
n(
    "modifier.moved_artillery",
    "{signed} for {hexes} hex moved (**)",
    "{signed} for {hexes} hexes moved (**)",
    "hexes",
)
m("modifier.first_round", "{signed} {trait} on the charge (first round of a melee)")
m("modifier.behind_palisade", "{signed} target in cover ({what})")
m("trait.detachment_of", "detachment of {unit}")

# conventions of the language (referee/render/grammar): numbers, labels, quotes
m("format.decimal", ".")
m("format.percent", "{value}%")
m("format.label", "{label}:")
m("format.separator", ": ")
m("format.key", "{key}")
m("format.quote", "{text}")
# a ruleset's setting as `referee rulesets` shows it: English keeps the file's own
# spelling (true, [infantry], {1: forward}), another language may say it in words
m("format.setting.true", "true")
m("format.setting.false", "false")
m("format.setting.list", "[{items}]")
m("format.setting.pair", "{key}: {value_word}")
words("format.setting.pair", {"value": "fury"})
m("format.setting.map", "{{{items}}}")
# the file names an orders or choices skeleton tells the player to replace
m("word.placeholder.orders", "ORDERS.yaml")
m("word.placeholder.choices", "CHOICES.yaml")
m("word.placeholder.state", "STATE.yaml")
m("word.placeholder.next", "NEXT.yaml")
m("sk.hit_by", "on {symbol}")
# the problems' own words (referee/render/problems.py)
m("problem.one_of", "one of {values}")
m("problem.did_you_mean", "did you mean {close}?")
m("problem.use_one_of", "use one of {options}")
n(
    "problem.differences_more",
    "and {more} more (--json lists all)",
    "and {more} more (--json lists all)",
    "more",
)
m("problem.input", "<input>")
# a problem's path that names a command-line argument (the usage line's own word)
m("problem.argument.ORDERS", "ORDERS")
m("problem.argument.FILES", "FILES")
m("moment.rollback", "rollback to entry {to}")
m("moment.commit", "two-party commitment")
m("moment.turn", "turn {turn}, {player}, {what}")

"""The English of the problems messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m("word.value_kind.nothing", "nothing")
m("word.value_kind.bool", "true/false")
m("word.value_kind.number", "a number")
m("word.value_kind.text", "text")
m("word.value_kind.mapping", "a mapping")
m("word.value_kind.list", "a list")
m("word.value_kind.whole_number", "a whole number")
m("word.value_kind.hex_label", "a hex label")
m("word.value_kind.true_false", "true or false")
m("word.value_kind.any", "any")
m("word.value_kind.any_plain", "any plain value")
m("word.value_kind.null", "null")
m("word.value_kind.date", "date")
m("word.value_kind.datetime", "datetime")
m("word.value_kind.bytes", "bytes")
m("word.value_kind.set", "set")
m("word.value_kind.float", "a number")
m("word.value_kind.text_form", "written as expected")
m("word.errno.ENOENT", "No such file or directory")
m("word.errno.EACCES", "Permission denied")
m("word.errno.EPERM", "Operation not permitted")
m("word.errno.EISDIR", "Is a directory")
m("word.errno.ENOTDIR", "Not a directory")
m("word.errno.ENOSPC", "No space left on device")
m("word.errno.EROFS", "Read-only file system")
m("word.errno.EEXIST", "File exists")
m("word.errno.ENAMETOOLONG", "File name too long")
m("word.errno.EMFILE", "Too many open files")
m("word.errno.EIO", "Input/output error")
m("word.errno.ELOOP", "Too many levels of symbolic links")
m("word.errno.EINVAL", "Invalid argument")
m("problem.spec.wrong_type", "must be {expected_words}, not {got_word}")
m("problem.spec.empty", "must not be empty")
m("problem.spec.unknown_value", "unknown value {value!r}")
m("problem.spec.bad_text", "{value!r} is not {expected_words}")
m("problem.spec.too_small", "must be {limit} or more, not {value}")
m("problem.spec.too_big", "must be {limit} or less, not {value}")
m("problem.spec.too_few", "must list at least {limit}, not {count}")
m("problem.spec.too_many", "must list at most {limit}, not {count}")
n(
    "problem.spec.entries",
    "has {count} entries",
    "has {count} entries",
    "count",
)
m("problem.spec.unknown_key", "unknown key")
m("problem.spec.invalid", "does not fit the format: {detail}")
m("problem.spec.missing", "is missing")
m("problem.spec.missing.hint", "add `{key}:` ({expected_words})")
m("problem.spec.too_deep", "nested more than {limit} levels deep")
m("problem.spec.too_deep.hint", "flatten it")
m("problem.spec.key_not_text", "a key must be text, not {got_word}")
m("problem.spec.key_not_text.hint", "write the key in quotes")
m("problem.spec.not_finite", "must be a finite number")
m(
    "problem.spec.not_plain",
    "must be text, a number, true/false, a list or a mapping, not {got_word}",
)
m("problem.spec.not_plain.hint", "write it in quotes")
m("problem.spec.like_kind", "must be {expected_words} as in the ruleset, not {got_word}")
m("problem.spec.like_kind.hint", "keep the kind of value the ruleset has here")
m("problem.spec.out_of_range", "must be between {low} and {high}, not {value}")
m("problem.spec.negative", "must not be negative, not {value}")
m("hint.spec.key_value_lines", "write key: value lines")
m("hint.spec.like_example", "write it like {example}")
m("hint.id_letters", "letters, digits, '_', '.' or '-'")
m("hint.hex_label", 'a printed-map label CCRR, e.g. "0507"')
m("hint.reveal_value", "write what `referee seed reveal` gave (docs/pbem.md)")
m("hint.leader_at", "give the leader's hex, or attached_to a unit")
m("problem.spec.entries.hint", "give at least {limit}")
m("problem.spec.entries.hint|exact=true", "give exactly {limit}")
m("problem.state.cohesion_above_max", "{current} is above its maximum {max}")
m("problem.state.cohesion_above_max.hint", "lower current or raise max")
m("problem.state.hexside_not_adjacent", "the two hexes are not adjacent")
m("problem.state.road_not_adjacent", "is not adjacent to the previous hex of the road")
m("problem.state.no_side", "no side {side!r}")
m("hint.spec.add_key", "add `{key}:`")
m("hint.open_needs_seed", "open mode needs a seed (or use mode: commit)")
m("problem.state.bad_commitment", "must be the SHA-256 of the seed, 64 hex digits")
m("problem.state.bad_commitment.hint", "referee seed new -o seed.txt prints it (docs/pbem.md)")
m("problem.state.seed_in_commit_mode", "must not be in the file in commit mode")
m("problem.state.seed_in_commit_mode.hint", "keep the seed with the game master")
m("problem.state.dice_key_unused", "has no use in {mode} mode")
m("problem.state.dice_key_unused.hint", "remove it (docs/pbem.md)")
m("problem.state.chain_length", "must be between 1 and {limit}")
m("problem.state.revealed_range", "must be between 0 and the length ({length})")
m("problem.state.last_not_commitment", "must be the commitment while nothing is revealed")
m("problem.state.parties_not_two_party", "is only for two-party mode")
m("problem.state.off_map", "hex {hex} is off the map")
m("hint.map_size", "the map is {columns} columns x {rows} rows")
m("problem.state.hex_off_map", "hex is off the map")
m("problem.state.unknown_terrain", "unknown terrain {terrain!r} in {ruleset}")
m("problem.state.unknown_hexside", "unknown hexside feature {hexside!r} in {ruleset}")
m("problem.state.duplicate_id", "duplicate id {id!r}")
m("problem.state.duplicate_id.hint", "already used at {where}")
m("problem.state.entry_point_not_outside", "{hex} is not just outside the table")
m(
    "problem.state.entry_point_not_outside.hint",
    "an entry point is a hex in the ring around the map",
)
m("problem.state.unknown_unit_type", "unknown unit type {type!r} in {ruleset}")
m(
    "problem.state.weight_not_in_table",
    "{weight_label} {type_label} does not exist in {title} (table cell: {cell})",
)
m(
    "problem.state.weight_not_in_table|cell=",
    "{weight_label} {type_label} does not exist in {title} (table cell: empty)",
)
m("problem.state.weight_not_in_table.hint", "pick a weight the movement table allows")
m("problem.state.unknown_detachment_of", "detachment of unknown unit {unit!r}")
m("problem.state.two_units", "two units in hex {hex}")
m("problem.state.two_units.hint", "{other} is already there")
m("problem.state.impassable", "unit stands in impassable terrain ({terrain_label}) at {hex}")
m("problem.state.no_unit_on_table", "no unit {unit!r} on the table")
m("problem.state.attached_to_enemy", "{unit} belongs to {owner}, not {side}")
m("problem.state.attached_to_enemy.hint", "a leader is attached to a unit of his own side")
m(
    "hint.leader_off_table",
    "a leader waiting off the table stands on one of his side's entry points "
    "({points_list}) or is attached to a reinforcement ({rule_words})",
)
m(
    "problem.state.leader_may_not_wait",
    "a {rank} may not wait off the table at the entry point {hex}: only {ranks_list} "
    "need not enter with the reinforcements ({rule_words})",
)
m(
    "problem.state.leader_may_not_wait.hint",
    "attach him to one of the reinforcements (attached_to): he enters with it",
)
m("problem.state.no_leader_in_side", "no leader {leader!r} in {side}")
m("problem.state.no_id_in_side", "no unit or leader {id!r} in {side}")
m("problem.state.no_unit", "no unit {unit!r} in the game")
m("problem.orders.no_id", "no unit or leader {id!r} in the game")
m("hint.check_id", "check the id against `referee show`")
m("hint.check_id_then", "check the id against `referee show` ({suggestion})")
m("problem.orders.no_side", "no side {side!r} in the game")
m("problem.orders.empty", "empty order")
m("problem.orders.no_leader", "name the leader, e.g. 'activate HANNIBAL: C3 C4'")
m(
    "problem.orders.move_word",
    "cannot read {word!r} in a move order{close_text} (write e.g. 'C3 0507-0508 face "
    "N' or 'C3 to 0508 road')",
)
m("problem.orders.path_and_to_hex", "give either a path or 'to HEX', not both")
m("problem.orders.combat_syntax", "write 'C3 melee E7' or 'C3 shoot E7'{close_text}")
m("problem.orders.pursue_syntax", "write 'C3 pursue' or 'C3 pursue with C4 C5'")
m(
    "problem.orders.pursuit_syntax",
    "write 'C3 pursue', 'C3 pursue with C4 C5', 'C3 hold' or 'C3 face E7'{close_text}",
)
m("problem.orders.rout_syntax", "the rout phase takes no orders but 'U choose X'")
m("problem.orders.unknown_phase", "unknown phase {phase!r}")
m("problem.orders.unreadable", "{problems_text}")
m("problem.hex.unknown_facing", "unknown facing {facing!r}: use one of N, NE, SE, S, SW, NW")
m(
    "problem.hex.bad_label",
    "bad hex label {label!r}: write column then row, two digits each, e.g. 0507",
)
m("problem.hex.unknown_edge", "unknown edge {edge!r}: use N, S, E or W")
m("problem.orders.path_and_to", "give either path or to, not both")
m("problem.orders.path_and_to.hint", "path: the hexes entered; to: the destination")
m("problem.file.cannot_read", "cannot read: {reason}")
m("problem.file.cannot_read.hint", "check the path")
m("problem.file.cannot_write", "cannot write: {reason}")
m("hint.check_directory", "check the directory exists and is writable")
m("hint.directory_writable", "check the directory is writable")
m("hint.output_elsewhere", "send the output to a file or a terminal that can take it")
m("hint.previous_unchanged", "the previous file is unchanged")
m("problem.file.not_utf8", "not UTF-8 text (byte {byte})")
m("problem.file.not_utf8.hint", "save the file as UTF-8")
m("problem.file.too_large", "file is larger than {mib} MiB")
m("problem.file.too_large.hint", "split it or remove the history")
m("problem.file.empty", "the file is empty")
m("problem.file.empty.hint", "give a YAML mapping")
m("problem.yaml.too_deep", "nested more than {limit} levels deep")
m("problem.yaml.too_deep.hint", "flatten the file")
m("problem.yaml.alias", "YAML anchors and aliases (&name / *name) are not accepted")
m("problem.yaml.alias.hint", "write the value out in full")
m("problem.yaml.bad_value", "not valid YAML: cannot read a value ({what_words})")
m("problem.yaml.bad_value.hint", "quote it if it is text (dates and numbers too)")
m("problem.yaml.bad_character", "not valid YAML: unacceptable character {character}: {what_words}")
m("problem.yaml.bad_character.hint", "remove it or write it as an escape in double quotes")
m("problem.yaml.syntax", "not valid YAML: {what_words}")
m("problem.yaml.syntax.hint", "fix the YAML syntax")
m("problem.yaml.syntax.hint|tag=true", "YAML tags are not accepted")
m("problem.file.read_not_file", "is not a regular file, not a file")
m("problem.file.read_not_file|kind=directory", "is a directory, not a file")
m("problem.file.read_not_file|kind=block_device", "is a block device (a disk), not a file")
m("problem.file.read_not_file|kind=char_device", "is a character device, not a file")
m("problem.file.read_not_file|kind=fifo", "is a FIFO (a named pipe), not a file")
m("problem.file.read_not_file|kind=socket", "is a socket, not a file")
m("problem.file.read_not_file.hint", "give the name of a file")
m("problem.file.not_a_file", "is not a regular file, not a file")
m("problem.file.not_a_file|kind=directory", "is a directory, not a file")
m("problem.file.not_a_file|kind=block_device", "is a block device (a disk), not a file")
m("problem.file.not_a_file|kind=char_device", "is a character device, not a file")
m("problem.file.not_a_file|kind=fifo", "is a FIFO (a named pipe), not a file")
m("problem.file.not_a_file|kind=socket", "is a socket, not a file")
m("problem.file.not_a_file|kind=through", "goes through something that is not a folder")
m("problem.file.not_a_file.hint", "give the name of a regular file beside the scenario")
m("problem.file.bad_name", "not a file name")
m("problem.file.bad_name.hint", "give the name of a file beside the scenario")
m("problem.file.absolute", "an absolute path: files a scenario names must be in its folder")
m("problem.file.absolute.hint", "put the file beside the scenario and give its name alone")
m("problem.file.outside", "names a file outside the scenario's folder (..)")
m(
    "problem.file.outside.hint",
    "put the file beside the scenario (or in a folder inside it) and give its name from there",
)
m(
    "problem.file.link",
    "is a symbolic link (or goes through one): files a scenario names are read without "
    "following links",
)
m("problem.file.link.hint", "copy the file itself beside the scenario")
m("problem.file.must_be", "must be {expected_words}")
m("problem.file.format", "is missing or unknown")
m("problem.file.format.hint", "write format: {format}")
m("hint.use_keys", "use {known_list}")
m("problem.ruleset.unknown", "unknown ruleset {ruleset!r}")
m("problem.ruleset.shared_part", "{ruleset!r} is a part shared by rulesets, not a playable ruleset")
m("problem.ruleset.cannot_extend", "cannot extend {part!r}")
m("problem.ruleset.cannot_extend.hint", "extend a shared part: {parts_list}")
m(
    "problem.ruleset.house_rules_base",
    "these house rules are for {base!r}, the game uses {ruleset!r}",
)
m("problem.ruleset.house_rules_base.hint", "use house rules written for this ruleset")
m("hint.fix_ruleset", "fix the ruleset or house rules")
m("problem.ruleset.bad_cell", "cannot read movement cell {cell!r}")
m("problem.ruleset.cell_needs_sscb", "cannot read movement cell {cell!r}: N/M needs 'ss cb'")
m("hint.leader_cell", "write N or N/M fuite")
m("hint.cell_grammar", "see the cell grammar in rulesets/README.md")
m("problem.ruleset.type_not_in_unit_types", "type {type!r} is not in unit_types")
n(
    "problem.ruleset.cells_for_columns#cells",
    "{cells} cells",
    "{cells} cells",
    "cells",
)
n(
    "problem.ruleset.cells_for_columns#columns",
    "{columns} columns",
    "{columns} columns",
    "columns",
)
m("problem.ruleset.cells_for_columns", "{cells#} for {columns#}")
m("problem.ruleset.cells_for_columns.hint", "one cell per column, in order")
m("problem.ruleset.unknown_unit_type", "unknown unit type")
m(
    "problem.ruleset.preset_not_in_table",
    "{type} does not exist in weight {weight} (table cell: {cell})",
)
m(
    "problem.ruleset.preset_not_in_table|cell=",
    "{type} does not exist in weight {weight} (table cell: empty)",
)
m("problem.ruleset.preset_not_in_table.hint", "give presets only for cells of the movement table")
m("problem.ruleset.unknown_name", "unknown key {key!r}")
m(
    "problem.ruleset.weight_steps",
    "the weight steps must be {weights_list} in this order, not {keys_list}",
)
m("problem.ruleset.last_band", "the last band must have no upper bound")
m("problem.ruleset.last_band.hint", "write max_army_units: null")
m("problem.ruleset.no_conformance_data", "the conformance data cannot be read: {error}")
m("problem.ruleset.no_conformance_data.hint", "reinstall the referee")
m("problem.ruleset.unknown_rule", "no heading {key!r} in the texts of this ruleset")
m("problem.ruleset.unknown_reading", "unknown reading {key!r}")
m("problem.ruleset.unknown_interpretation", "unknown interpretation {key!r}")
m(
    "problem.ruleset.readings_implemented",
    "the referee implements the readings {readings_list} of {id}, not {given_list}",
)
m("problem.ruleset.readings_implemented.hint", "list exactly the readings implemented")
m(
    "problem.choices.syntax",
    "write 'U conform', 'U conform no', 'U face E', 'U choose X' or 'U reaction evade|stand'",
)
m("problem.choices.not_a_choice", "a choice is a mapping or a one-line string")
m("problem.choices.no_unit", "the choice needs unit: ID")
m(
    "problem.choices.one_kind",
    "a choice is {{unit: ID}} with exactly one of conform, face, choose, reaction "
    "(unknown: {unknown_list})",
)
m(
    "problem.choices.one_kind|unknown=[]",
    "a choice is {{unit: ID}} with exactly one of conform, face, choose, reaction",
)
m("problem.choices.conform_value", "conform: true or false")
m("problem.choices.reaction_value", "reaction: evade or stand")
m("problem.choices.unit_value", "{kind}: the id of a unit")
m("problem.choices.not_mapping", "a choices file is a mapping")
m("problem.choices.not_mapping.hint", "write it with `referee orders STATE --choices`")
m("problem.choices.not_hash", "must be 64 lowercase hex digits (or null)")
m("problem.choices.not_hash.hint", "use the file `referee orders --choices` wrote")
m("problem.choices.second", "a second {kind} choice for {unit}")
m("problem.choices.second.hint", "keep one (choices[{first}])")
m("problem.choices.unreadable_record", "{problems_text}")
m("hint.write_format", "write format: {format}")
m(
    "hint.state_not_scenario",
    "this is a game state already: play it with `referee orders` / `adjudicate`",
)
m("hint.hexspec", "write a label 0507, a path 0410-1410, a block 0507:0910, or several")
m("hint.hexside_example", "e.g. 0309|0409, '0309 SE' or '0301-0316 east'")
m("hint.unit_line_example", "e.g. '4 x infanterie medium \"Hastati\" at 0410-0710'")
m("hint.deploy_example", "e.g. 'line 0410-1410 facing N' or 'zone 0412:1414 facing N'")
m(
    "hint.leader_line_example",
    "e.g. 'HANNIBAL general 3 \"Hannibal\" at 0911' or 'HASDRUBAL sub_general 2 with C1'",
)
m("problem.line.unclosed_quote", "unclosed quote in {text!r}")
m("problem.line.not_whole", "{what} must be a whole number, not {word!r}")
m("problem.line.count", "the count must be 1 or more")
m("problem.line.unit", "{text!r}: write [COUNT x] TYPE WEIGHT, e.g. '4 x infanterie medium'")
m("problem.line.two_names", "two names in {text!r}")
m("problem.line.needs_value", "{word!r} needs a value")
m("problem.line.factors", "factors {factors!r}: write SHOOTING/RANGE/ASSAULT/MELEE, e.g. 1/2/1/1")
m("problem.line.csv_factors", "factors {factors!r}: write SHOOTING/RANGE/ASSAULT/MELEE")
m("problem.line.unknown_word", "unknown word {word!r} (did you mean {close}?)")
m(
    "problem.line.unknown_word|close=",
    "unknown word {word!r} (put a name in double quotes; keywords: {keywords_list})",
)
m("problem.line.leader", '{text!r}: write ID RANK [VALUE] ["NAME"] at HEX (or with UNIT)')
m(
    "problem.line.unknown_leader_word",
    "unknown word {word!r} (keywords: at, with, weight, vehicle; put a name in double quotes)",
)
m(
    "problem.line.deploy",
    "{text!r}: write 'line PATH', 'zone BLOCK' or 'hexes HEXES', then 'facing DIR' if you like",
)
m("problem.line.deploy_facing", "{text!r}: end with 'facing N' (N, NE, SE, S, SW or NW)")
m("problem.line.zone", "{text!r}: a zone is a block of hexes, e.g. 0412:1414")
m("problem.line.yes_no", "{key} {cell!r}: write yes or no")
m("problem.yaml.too_many_nodes", "more than {limit:,} values")
m("problem.yaml.too_many_nodes.hint", "split the file or remove the history")
m("problem.yaml.big_integer", "an integer of more than {limit:,} digits")
m("problem.yaml.big_integer.hint", "quote it if it is text")
m("problem.yaml.not_finite", "a number that is not finite ({value})")
m("problem.yaml.not_finite.hint", "write a finite number, or quote it if it is text")
m("problem.yaml.date", "a date or time ({value}) is not accepted")
m("problem.yaml.date.hint", "quote it if it is text")
m("problem.yaml.bad_key", "a key must be text or a whole number, not not text")
m("problem.yaml.bad_key|kind=bool", "a key must be text or a whole number, not true/false")
m("problem.yaml.bad_key|kind=null", "a key must be text or a whole number, not null")
m("problem.yaml.bad_key|kind=float", "a key must be text or a whole number, not a decimal number")
m("problem.yaml.bad_key|kind=date", "a key must be text or a whole number, not a date")
m("problem.yaml.bad_key|kind=binary", "a key must be text or a whole number, not binary")
m("problem.yaml.bad_key|kind=set", "a key must be text or a whole number, not a set")
m("problem.yaml.bad_key|kind=omap", "a key must be text or a whole number, not an ordered mapping")
m("problem.yaml.bad_key|kind=pairs", "a key must be text or a whole number, not pairs")
m("problem.yaml.bad_key|kind=list", "a key must be text or a whole number, not a list")
m("problem.yaml.bad_key|kind=mapping", "a key must be text or a whole number, not a mapping")
m("problem.yaml.bad_key|kind=merge", "a key must be text or a whole number, not a merge key (<<)")
m("problem.yaml.bad_key|kind=value", "a key must be text or a whole number, not a value key (=)")
m("problem.yaml.bad_key|kind=other", "a key must be text or a whole number, not not text")
m("problem.yaml.bad_key.hint", "write the key in quotes")
m("problem.yaml.bad_tag", "not text: not accepted")
m("problem.yaml.bad_tag|kind=bool", "true/false: not accepted")
m("problem.yaml.bad_tag|kind=null", "null: not accepted")
m("problem.yaml.bad_tag|kind=float", "a decimal number: not accepted")
m("problem.yaml.bad_tag|kind=date", "a date: not accepted")
m("problem.yaml.bad_tag|kind=binary", "binary: not accepted")
m("problem.yaml.bad_tag|kind=set", "a set: not accepted")
m("problem.yaml.bad_tag|kind=omap", "an ordered mapping: not accepted")
m("problem.yaml.bad_tag|kind=pairs", "pairs: not accepted")
m("problem.yaml.bad_tag|kind=list", "a list: not accepted")
m("problem.yaml.bad_tag|kind=mapping", "a mapping: not accepted")
m("problem.yaml.bad_tag|kind=merge", "a merge key (<<): not accepted")
m("problem.yaml.bad_tag|kind=value", "a value key (=): not accepted")
m("problem.yaml.bad_tag|kind=other", "not text: not accepted")
m("problem.yaml.bad_tag.hint", "write plain text, numbers, lists and mappings")
m("problem.spec.too_long", "is {length} characters long: at most {limit}")
n(
    "problem.spec.entries_at_most",
    "has {count} entries",
    "has {count} entries",
    "count",
)
m("problem.spec.entries_at_most.hint", "give at most {limit}")
m("problem.spec.listed_twice", "{value!r} is listed twice")
m("problem.spec.listed_twice.hint", "list each once")
m("problem.state.map_too_big", "{columns} x {rows} is {hexes} hexes: at most {limit}")
m("problem.state.map_too_big.hint", "a smaller map (docs/formats.md §Limits)")
m("problem.ruleset.cell_too_big", "cannot read movement cell {cell!r}: at most {limit} hexes")
m("hint.history_entry", "in {entry_at}: the referee never writes this, the file was edited")
m("hint.roll_digits", "die faces 1 to 6, as digits")
m("hint.sha256_value", 'write it like "3f9a...e1" (64 hex digits)')
m("hint.blob_line", "write it like base85 text")
m("problem.file.name_not_utf8", "the file name {name} is not UTF-8")
m("problem.file.name_not_utf8.hint", "give a file name in UTF-8 (rename the file)")
m("problem.file.is_directory", "is a directory")
m("problem.file.is_directory.hint", "give the name of a file (in it, if you like)")
m("problem.file.not_regular", "is not a regular file (a device, a FIFO or a socket): not replaced")
m(
    "problem.file.not_regular.hint",
    "write to a regular file (-o - for standard output, --dry-run to write nothing)",
)
m("problem.file.read_only", "is read-only: not replaced")
m("problem.file.read_only.hint", "make it writable (chmod u+w) or write elsewhere with -o")
m("problem.file.hard_linked", "has {links} names (hard links): replacing it would split them")
m("problem.file.hard_linked.hint", "write elsewhere with -o (or copy the file first)")
m(
    "problem.file.other_owner",
    "belongs to another user (uid {uid}): replacing it would change its owner",
)
m("problem.file.other_owner.hint", "run as its owner, or write elsewhere with -o")
m(
    "problem.file.other_group",
    "belongs to group {gid}, which this user is not in: replacing it would change its group",
)
m("problem.file.other_group.hint", "run as a member of the group, or write elsewhere with -o")
m(
    "problem.file.changed",
    "changed while this run was working on it (another referee run?): nothing written",
)
m("problem.file.changed.hint", "look at the file, then run the command again")
m("problem.write.too_deep", "nested more than {limit} levels deep: cannot be written")
m("problem.write.too_deep.hint", "flatten it")
m("problem.write.unwritable", "holds a value that cannot be written ({what})")
m("problem.write.unwritable.hint", "this is a value no referee file may hold: remove it")
m(
    "problem.write.unwritable|kind=surrogate",
    "holds a value that cannot be written (a lone surrogate {what}, which is not a character)",
)
m("problem.write.unwritable.hint|kind=surrogate", "no referee file may hold one: remove it")
m("problem.write.not_finite", "holds a number that is not finite ({value}): cannot be written")
m("problem.write.not_finite.hint", "no referee file may hold one: remove it")
m(
    "problem.write.number_too_long",
    "holds a whole number of more than {limit} digits: cannot be written",
)
m("problem.write.number_too_long.hint", "no referee file may hold one: remove it")

# problem.orders, the pbem ones (a context prefix is declared by one module: catalogue.INDEX)
m(
    "problem.orders.mail_only_key",
    "is read by `referee pbem send` only (the standing orders of a game by mail)",
)
m(
    "problem.orders.mail_only_key.hint",
    "give this file to `referee pbem send DIR FILE`, or remove the key",
)

# problem.orders, the play ones (a context prefix is declared by one module: catalogue.INDEX)
m("problem.orders.other_game", "orders are for game {given!r}, this is game {game!r}")
m("problem.orders.other_game.hint", "check the state file")
m("problem.orders.other_turn", "orders are for turn {given}, the game is at turn {turn}")
m("problem.orders.other_turn.hint", "these orders may already be applied")
m("problem.orders.other_player", "orders are for {given}, it is {player}'s player-turn")
m(
    "problem.orders.other_phase",
    "orders are for the {given_title}, the next phase is {phase_word}",
)
m("problem.orders.other_phase.hint", "these orders may already be applied")
m("problem.orders.other_moment", "the orders are for {given_words}; the game is at {now_words}")
m("problem.orders.would_be_refused", "would be refused: {event_text}")
m("problem.orders.would_be_refused.hint", "{event_code}{event_reason}; rule: {event_rule_words}")

# problem.choices, the pbem ones (a context prefix is declared by one module: catalogue.INDEX)
m("problem.choices.not_signature", "must be 128 lowercase hex digits (or absent)")
m("problem.choices.not_signature.hint", "sign the file with `referee seed sign`")

# problem.choices, the play ones (a context prefix is declared by one module: catalogue.INDEX)
m(
    "problem.choices.pending",
    "this phase gives {side} a choice to make ({subject}: {kind} {options_or}), and "
    "{side}'s choices file is missing",
)
m(
    "problem.choices.pending|kind=conform",
    "this phase gives {side} a choice to make ({subject}: conform or not), and "
    "{side}'s choices file is missing",
)
m(
    "problem.choices.pending.hint",
    "send the state and the orders to {side}, who writes the file with `referee orders "
    "STATE --choices --orders ORDERS -o CHOICES` and sends it back; then adjudicate "
    "with --choices CHOICES. The choices are bound to the orders without their reveal: "
    "if your orders already carry your reveal, send a copy without that line, so that "
    "the dice are not known before the choices are made (docs/pbem.md)",
)
m("problem.choices.other_game", "the choices are for game {given!r}, this is {game!r}")
m("problem.choices.other_moment", "the choices are for {given_words}; the game is at {now_words}")
m("problem.choices.other_moment.hint", "they may already be applied")
m(
    "problem.choices.other_position",
    "the choices were made on another position of the game (another history)",
)
m(
    "problem.choices.other_position.hint",
    "make them again on this state: referee orders STATE --choices",
)
m(
    "problem.choices.other_orders",
    "these choices answer other orders (hash {given}…), not these ({want}…): orders "
    "cannot change once the opponent has chosen",
)
m(
    "problem.choices.other_orders.hint",
    "adjudicate the orders the choices were made for, or ask for new choices",
)
m("problem.choices.second_file", "a second choices file by {by}")
m("problem.choices.second_file.hint", "give one choices file per player")
m("problem.choices.record_not_mapping", "choices must map sides to their choices")
m("problem.choices.record_of", "choices.{by} is not a record of choices")

# problem.yaml, the play ones (a context prefix is declared by one module: catalogue.INDEX)
m(
    "problem.yaml.duplicate_key",
    "the key {key!r} is given twice in this mapping (first at line {first}): YAML "
    "would keep the last silently",
)
m("problem.yaml.duplicate_key.hint", "keep one")

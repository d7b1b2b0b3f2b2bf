"""The English of the problems of a scenario (``referee new``, the sides' ``--from``
files) and of its map's hexes: each message once, under its context
(``docs/translating.md``); a part of their own, read only where a scenario is wrong.
Kept by hand; the other languages are in
``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

# a scenario
m("problem.scenario.not_mapping", "a scenario is a mapping")
m("problem.scenario.not_mapping.hint", "start with format: {format}")
m("problem.scenario.not_scenario", "not a scenario ({format_given!r})")
m("problem.scenario.csv_unreadable", "cannot read the CSV file {path}: {problems_text}")
m(
    "problem.scenario.csv_unreadable.hint",
    "give a regular file in the scenario's folder, by its path from there",
)
m(
    "problem.scenario.csv_unknown_column",
    "column {column} of the header is not a column of a units CSV file",
)
m("problem.scenario.csv_columns", "a header of {count:,} columns")
m("problem.scenario.csv_columns.hint", "first line: type,weight,count,id,name,at,...")
m(
    "problem.scenario.csv_unreadable_line",
    "not a CSV file the referee can read at this line (a cell over 128 KiB, or a quote left open)",
)
m("problem.scenario.csv_unreadable_line.hint", 'a units CSV file has short cells, quoted with "')
m("problem.scenario.csv_rows", "more than {limit:,} rows")
m("problem.scenario.csv_rows.hint", "a scenario holds at most this many units")
m("problem.scenario.csv_no_column", "the header has no {column!r} column")
m("problem.scenario.csv_no_column.hint", "first line: type,weight,count,id,name,at,...")
n(
    "problem.scenario.csv_cells#cells",
    "{cells} cells",
    "{cells} cells",
    "cells",
)
n(
    "problem.scenario.csv_cells#columns",
    "{columns} columns",
    "{columns} columns",
    "columns",
)
m("problem.scenario.csv_cells", "{cells#} for {columns#}")
m("problem.scenario.csv_cells.hint", "quote a cell that holds a comma")
m("problem.scenario.mode_needs_seed", "{mode} mode needs a seed")
m("problem.scenario.map_size", "the map's size is unknown")
m("problem.scenario.map_size.hint", "give columns: and rows:, or draw it")
m("problem.scenario.unknown_terrain", "unknown terrain {terrain!r}")
n(
    "problem.scenario.draw_rows",
    "the drawing has {drawn} rows, the map {rows}",
    "the drawing has {drawn} rows, the map {rows}",
    "drawn",
)
m("problem.scenario.draw_rows.hint", "draw one line per row of the map")
n(
    "problem.scenario.draw_columns#hexes",
    "{hexes} hexes",
    "{hexes} hexes",
    "hexes",
)
n(
    "problem.scenario.draw_columns#columns",
    "{columns} columns",
    "{columns} columns",
    "columns",
)
m("problem.scenario.draw_columns", "row {row} has {hexes#}, the map {columns#}")
m("problem.scenario.draw_columns.hint", "one character per hex, in column order")
m("problem.scenario.draw_character", "row {row}: character {character!r} is not in the legend")
m(
    "problem.scenario.draw_character.hint",
    "add it to map.legend ({character}: wood...) or use one of {legend}",
)
m("problem.scenario.off_map", "{hex} is off the map (and {more} more)")
m("problem.scenario.off_map|more=0", "{hex} is off the map")
m("problem.scenario.off_map|more=1", "{hex} is off the map (and {more} more)")
m("problem.scenario.unknown_hexside", "unknown hexside feature {hexside!r}")
m(
    "problem.scenario.hexside_replaced",
    "this {hexside} replaces the {old} at {side} written before it",
)
m("problem.scenario.hexside_replaced.hint", "write fords and bridges after the {hexside}")
m("problem.scenario.between_not_adjacent", "no hex of the first set is next to one of the second")
m("problem.scenario.between_not_adjacent.hint", "list the hexes on each bank of the river")
m("problem.scenario.no_feature_yet", "no side of {hex} carries a feature yet")
m("problem.scenario.no_feature_yet.hint", "name the side: {hex}|<neighbour> or '{hex} SE'")
m("problem.scenario.several_features", "{hex} has {count} sides with a feature ({names})")
m("problem.scenario.several_features.hint", "name the one you mean, e.g. {first}")
m("problem.scenario.road_not_adjacent", "is not next to the previous hex of the road")
m("problem.scenario.road_not_adjacent.hint", "or write the road as a path: 0112-1612-1601")
m("problem.scenario.road_too_short", "a road needs two hexes or more")
m("problem.scenario.road_too_short.hint", "e.g. 0112-1612")
m("problem.scenario.road_crosses", "the road crosses the {hexside} between {a} and {b}")
m("problem.scenario.road_crosses.hint", 'add a bridge there (bridge: ["{a}|{b}"]) or a ford')
m("problem.scenario.entry_point_not_outside", "{hex} is not just outside the table")
m(
    "problem.scenario.entry_point_not_outside.hint",
    "an entry point is a hex of the ring around the map, e.g. {example} beyond the east edge",
)
m(
    "problem.scenario.no_facing",
    "units of {side} have no facing (its edge is {edge}: flat-topped hexes have no E or W facing)",
)
m(
    "problem.scenario.no_facing.hint",
    "add facing: NE (or SE, NW, SW) to the side, its units or its deploy lines",
)
m("problem.scenario.csv_type_weight", "needs a type and a weight")
m("problem.scenario.csv_type_weight.hint", "fill the type and weight columns")
m("problem.scenario.unknown_weight", "unknown weight {weight!r}")
m("problem.scenario.weight_not_in_table", "{weight_label} {type_label} does not exist in {title}")
m("problem.scenario.weight_not_in_table.hint", "weights of {type}: {weights_list}")
m("problem.scenario.no_preset", "the ruleset has no preset for {type} {weight}")
m(
    "problem.scenario.no_preset.hint",
    "give cohesion and factors for this unit, or add the preset in house rules",
)
m("problem.scenario.bad_cohesion", "bad cohesion {cohesion!r}")
m(
    "problem.scenario.bad_cohesion.hint",
    "write N, or CURRENT/MAX with CURRENT at most MAX (e.g. 2/3)",
)
m("problem.scenario.unknown_trait", "unknown trait {trait!r}")
m("problem.scenario.remove_trait", "cannot remove {trait!r}: the preset has no such trait")
m("problem.scenario.remove_trait.hint", "preset traits: {traits_list}")
m("problem.scenario.flank_march_on_table", "flank_march is for units off the table")
m("problem.scenario.flank_march_on_table.hint", "move it to off_table:")
m("problem.scenario.unknown_facing", "unknown facing {facing!r}")
m("problem.scenario.off_table_at", "a unit off the table has no hex")
m("problem.scenario.off_table_at.hint", "it enters from its side's entry_points")
n(
    "problem.scenario.hexes_for_units#hexes",
    "{hexes} hexes",
    "{hexes} hexes",
    "hexes",
)
n(
    "problem.scenario.hexes_for_units#units",
    "{units} units",
    "{units} units",
    "units",
)
m("problem.scenario.hexes_for_units", "{hexes#} for {units#}")
m("problem.scenario.hexes_for_units.hint", "give one hex per unit")
m("problem.scenario.id_and_ids", "give id or ids, not both")
n(
    "problem.scenario.one_id",
    "one id for {units} units",
    "one id for {units} units",
    "units",
)
m("problem.scenario.one_id.hint", "use ids: [A, B, ...] or prefix")
m("problem.scenario.bad_id", "bad id {id!r}")
m("problem.scenario.bad_id.hint", "use letters, digits, '_', '.' or '-'")
n(
    "problem.scenario.ids_for_units#ids",
    "{ids} ids",
    "{ids} ids",
    "ids",
)
n(
    "problem.scenario.ids_for_units#units",
    "{units} units",
    "{units} units",
    "units",
)
m("problem.scenario.ids_for_units", "{ids#} for {units#}")
m("problem.scenario.ids_for_units.hint", "give one id per unit")
m("problem.scenario.nothing_to_deploy", "no unit left to deploy here")
m("problem.scenario.nothing_to_deploy.hint", "every unit already has a hex ('at')")
m("problem.scenario.no_hex", "unit {unit} has no hex")
m("problem.scenario.no_hex|unit=", "unit has no hex")
m("problem.scenario.no_hex.hint", "give it 'at HEX', or a 'deploy:' line for its side")
m(
    "problem.scenario.no_hex.hint|deploy=true",
    "give it 'at HEX', or a side 'deploy:' line with room for it",
)
m("problem.scenario.impassable", "{hex} is {terrain_label}: impassable")
m("problem.scenario.impassable.hint", "place the unit on passable ground")
m("problem.scenario.two_units", "two units in hex {hex}")
m("problem.scenario.two_units.hint", "{other} ({where}) is already there")
m("problem.scenario.two_units.hint|other=", "another unit ({where}) is already there")
m("problem.scenario.unknown_rank", "unknown rank {rank!r}")
m("problem.scenario.command_value", "command value {value!r} must be 0 to 3")
m("problem.scenario.command_value.hint", "the leader's valeur de commandement ({rule_words})")
m("problem.scenario.at_and_with", "a leader is either at a hex or with a unit, not both")
m("problem.scenario.no_unit_in_side", "no unit {unit!r} on the table in side {side}")
m("problem.scenario.leader_where", "where is {leader}?")
m("problem.scenario.leader_where.hint", "add 'at HEX' or 'with UNIT'")
m("problem.scenario.built_state", "in the state built from the scenario: {inner_text}")
m("problem.scenario.built_state.hint", "{inner_hint}")
m("problem.scenario.too_many_units", "more than {limit:,} units in {list}")
m("problem.scenario.too_many_units.hint", "docs/formats.md §Limits")

# its map's hexes
m(
    "problem.hexspec.not_label",
    "{text!r} is not a hex label: write column then row, two digits each, e.g. 0507",
)
m("problem.hexspec.path", "{text!r}: a path is hex labels joined by '-', e.g. 0410-1410")
m("problem.hexspec.block", "{text!r}: a block is two corners joined by ':', e.g. 0507:0910")
m("problem.hexspec.not_hexes", "{text} is not a hex, path or block")
m("problem.hexspec.no_hex", "names no hex")
m(
    "problem.hexspec.unknown_side",
    "unknown side {text!r}: use east, west, north, south or one of N, NE, SE, S, SW, NW",
)
m("problem.hexspec.side_pair", "{text!r}: write the two hexes of a side as 0309|0409")
m("problem.hexspec.not_adjacent", "{text!r}: the two hexes are not adjacent")
m("problem.hexspec.which_side", "{text!r}: say which side of the path, e.g. '{text} east'")
m("problem.hexspec.hexside", "{text!r}: write 0309|0409, '0309 SE' or '0301-0316 east'")

"""The English of the movement messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n, words

m(
    "move.applied",
    "{subject} ({unit_kind}, {cell}) moves {from} → {to} via {path_list}: cost {cost} "
    "of {allowance}",
)
m("move.applied+chosen=true", " (path chosen by the referee)")
m("move.applied+combat=false", "; may not fight or shoot this turn")
m("move.applied+road=true", "; road march (+{road_bonus})")
m("move.applied+mounted=true", "; mounted infantry (+{mounted_bonus})")
m("move.applied+minimum_move=true", "; one hex whatever its cost (minimum move)")
m("move.applied+crossed", "; crosses {crossed_list}")
n(
    "move.applied+dice_lost",
    "; loses {dice_lost} combat die (**)",
    "; loses {dice_lost} combat dice (**)",
    "dice_lost",
)
m("move.applied+leaders", "; with {leaders_list}")
m(
    "move.entered",
    "{subject} ({unit_kind}, {cell}) enters the table from {from} to {to} via "
    "{path_list}: cost {cost} of {allowance}",
)
m("move.entered+chosen=true", " (path chosen by the referee)")
m("move.entered+combat=false", "; may not fight or shoot this turn")
m("move.entered+road=true", "; road march (+{road_bonus})")
m("move.entered+mounted=true", "; mounted infantry (+{mounted_bonus})")
m("move.entered+minimum_move=true", "; one hex whatever its cost (minimum move)")
m("move.entered+crossed", "; crosses {crossed_list}")
n(
    "move.entered+dice_lost",
    "; loses {dice_lost} combat die (**)",
    "; loses {dice_lost} combat dice (**)",
    "dice_lost",
)
m("move.entered+leaders", "; with {leaders_list}")
n(
    "move.stopped",
    "{subject} ({unit_kind}, {cell}) stops in {to} before {blocked_hex} "
    "({blocked_label}, impassable): moved {hexes} hex, cost {cost} of {allowance}",
    "{subject} ({unit_kind}, {cell}) stops in {to} before {blocked_hex} "
    "({blocked_label}, impassable): moved {hexes} hexes, cost {cost} of {allowance}",
    "hexes",
)
m("move.stopped+chosen=true", " (path chosen by the referee)")
m("move.stopped+combat=false", "; may not fight or shoot this turn")
m("move.stopped+road=true", "; road march (+{road_bonus})")
m("move.stopped+mounted=true", "; mounted infantry (+{mounted_bonus})")
m("move.stopped+minimum_move=true", "; one hex whatever its cost (minimum move)")
m("move.stopped+crossed", "; crosses {crossed_list}")
n(
    "move.stopped+dice_lost",
    "; loses {dice_lost} combat die (**)",
    "; loses {dice_lost} combat dice (**)",
    "dice_lost",
)
m("move.stopped+leaders", "; with {leaders_list}")
m(
    "move.left_table",
    "{subject} ({unit_kind}, {cell}) leaves the table at {to} ({edges_list} edge): it "
    "counts as a loss",
)
m("move.left_table+leaders", "; with it: {leaders_list}")
m(
    "move.leader_applied",
    "{subject} (alone, {cell}) moves {from} → {to} via {path_list}: cost {cost} of {allowance}",
)
m("move.leader_applied+chosen=true", " (path chosen by the referee)")
m("move.leader_applied+detached_from", "; leaves {detached_from}")
m("move.leader_applied+crossed", "; crosses {crossed_list}")
m("move.leader_applied+fleeing=true", "; fleeing")
m(
    "move.leader_stopped",
    "{subject} (alone) stops in {to} before {blocked_hex} ({blocked_label}, impassable)",
)
m(
    "move.leader_left_table",
    "{subject} leaves the table at {to}: not a loss, but he may not come back",
)
m("move.refused", "{subject}: move refused ({reason})")
m("move.refused|reason=unknown_unit", "{subject}: no such unit or leader in the game")
m("move.refused|reason=removed", "{subject} is no longer in play ({why_word})")
m("move.refused|reason=wrong_order", "{subject}: not a movement order")
m("move.refused|reason=not_own_unit", "{subject} belongs to {side}: it is {player}'s player-turn")
m("move.refused|reason=already_moved", "{subject} has already moved this turn (once per turn)")
m(
    "move.refused|reason=pre_played",
    "{subject} is pré-joué: it may not move, though it may still fight",
)
m(
    "move.refused|reason=in_pursuit_contact",
    "{subject} stays in contact with {contacts_list} since a pursuit: it may not move "
    "before their melee",
)
m("move.refused|reason=not_activated", "{subject} is not activated: only activated units move")
m(
    "move.refused|reason=wrong_phase",
    "{subject} moves only in the movement phase (next phase: {phase_word})",
)
m("move.refused|reason=leader_unavailable", "{subject} is no longer on the table")
m(
    "move.refused|reason=leader_not_activated",
    "{subject} neither led an activation nor was named in one: he may not move alone",
)
m("move.refused|reason=static", "{subject} ({unit_kind}, {cell}) is static: it never moves")
m(
    "move.refused|reason=no_such_type",
    "{subject} ({unit_kind}, {cell}) does not exist in this rule system",
)
m("move.refused|reason=empty_move", "{subject}: nothing to do (give a path, 'to' or 'face')")
m(
    "move.refused|reason=not_adjacent",
    "{subject}: {hex} is not next to {from} (path so far {path_list})",
)
m("move.refused|reason=off_table", "{subject}: {hex} is off the table")
m(
    "move.refused|reason=exit_not_allowed",
    "{subject} may not leave the table at {hex} (edge {edges_list}; exits the scenario "
    "allows: {exits_list})",
)
m("move.refused|reason=enemy_in_path", "{subject} may never cross the enemy {other} at {hex}")
m(
    "move.refused|reason=enemy_at_end",
    "{subject} may not end its move on the enemy {other} at {hex}",
)
m(
    "move.refused|reason=cannot_pass_through",
    "{subject} ({unit_kind}, {cell}) may not cross {other} ({other_kind}) at {hex}",
)
m(
    "move.refused|reason=occupied_at_end",
    "{subject} may not end its move in {hex}: {other} is there (two units never share a hex)",
)
m(
    "move.refused|reason=stopped_in_occupied",
    "{subject} would stop before impassable ground in {hex}, where {other} stands",
)
m(
    "move.refused|reason=over_allowance",
    "{subject}: path costs {cost}, allowance {allowance} for {unit_kind} ({cell})",
)
n(
    "move.refused|reason=over_one_hex",
    "{subject} ({unit_kind}, {cell}): never more than 1 hex in any circumstance "
    "({hexes} hex ordered)",
    "{subject} ({unit_kind}, {cell}): never more than 1 hex in any circumstance "
    "({hexes} hexes ordered)",
    "hexes",
)
m("move.refused|reason=no_path", "{subject}: no legal path to {to}")
m("move.refused|reason=impassable", "{subject}: {hex} is impassable")
m(
    "move.refused|reason=entry_not_adjacent",
    "{subject} enters from {entry_points_list}: {hex} is not next to it",
)
m("move.refused|reason=no_entry_point", "{subject}: its side has no entry point for reinforcements")
m(
    "move.refused|reason=entry_out_of_reach",
    "{subject} enters with {leader}, who activated it, by an entry point within his "
    "command range ({entry_points_list}): {hex} is out of his reach",
)
m("move.road_refused", "{subject}: road march refused ({reason})")
m(
    "move.road_refused|reason=off_road",
    "{subject}: road march refused, {hex} is off the road (path so far {path_list})",
)
m(
    "move.road_refused|reason=not_one_road",
    "{subject}: road march refused, {hex} is on another road (one continuous road only)",
)
m(
    "move.road_refused|reason=start_off_road",
    "{subject}: road march refused, the unit does not start on a road ({hex})",
)
m("move.road_refused|reason=end_off_road", "{subject}: road march refused, {hex} is not a road hex")
m(
    "move.road_refused|reason=no_road_path",
    "{subject}: road march refused, no free path along one road to {to}",
)
m("move.road_refused|reason=no_road_move", "{subject}: a road march needs a move along the road")
m(
    "move.road_refused|reason=at_most_one",
    "{subject} ({unit_kind}, {cell}): never more than 1 hex in any circumstance, no road bonus",
)
m("move.mounted_refused", "{subject}: mounted move refused ({reason})")
m(
    "move.mounted_refused|reason=not_mounted_infantry",
    "{subject} ({unit_kind}, {cell}): only infantry equipped with mounts (trait "
    "`mounted_infantry`) moves mounted",
)
m(
    "move.mounted_refused|reason=at_most_one",
    "{subject} ({unit_kind}, {cell}): never more than 1 hex in any circumstance, no mounted bonus",
)
m(
    "move.mounted_refused|reason=not_cumulative",
    "{subject}: the mounted bonus does not add to the road bonus here",
)
m("move.pre_played_cleared", "End of the movement phase: pré-joué tokens removed from {units_list}")
m("move.stationary", "End of the movement phase: {units_list} did not move (stationary)")
m(
    "move.defensive_position",
    "{subject} did not move: wagon-borne infantry in its defensive position at {at} "
    "(counts as behind a palisade)",
)
words("move.left_table", {"why": "removal", "edges": "edge", "exits": "edge", "phase": "phase"})
words("move.refused", {"why": "removal", "edges": "edge", "exits": "edge", "phase": "phase"})

"""The English of the activation messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

n(
    "activation.applied#max_units",
    "{max_units} unit",
    "{max_units} units",
    "max_units",
)
n(
    "activation.applied#size",
    "{size}",
    "{size}",
    "size",
)
m(
    "activation.applied",
    "{leader} ({rank_label}, range {range}) activates {units_list} ({size} of "
    "{max_units#}; activation {activation} of {activations_allowed} for an army of "
    "{army_units} units)",
)
m(
    "activation.applied|size=0",
    "{leader} ({rank_label}) activates himself only (activation {activation} of "
    "{activations_allowed})",
)
m("activation.applied+leaders", "; characters activated: {leaders_list}")
m("activation.applied+reinforcements", "; reinforcements: {reinforcements_list}")
m("activation.refused", "{subject}: activation refused ({reason})")
m(
    "activation.refused|reason=wrong_order",
    "Activation of {leader} refused: not an activation order",
)
m(
    "activation.refused|reason=unknown_leader",
    "Activation of {leader} refused: {subject}: no such leader",
)
m(
    "activation.refused|reason=not_own_leader",
    "Activation of {leader} refused: {subject} belongs to {side}: it is {player}'s player-turn",
)
m(
    "activation.refused|reason=leader_unavailable",
    "Activation of {leader} refused: {subject} is no longer on the table",
)
m(
    "activation.refused|reason=leader_already_used",
    "Activation of {leader} refused: {subject} already led an activation this turn",
)
m(
    "activation.refused|reason=leader_already_activated",
    "Activation of {leader} refused: {subject} was already activated this turn",
)
n(
    "activation.refused|reason=too_many_activations",
    "Activation of {leader} refused: an army of {army_units} units has {activations} "
    "activation per turn, all used",
    "Activation of {leader} refused: an army of {army_units} units has {activations} "
    "activations per turn, all used",
    "activations",
)
n(
    "activation.refused|reason=too_many_units",
    "Activation of {leader} refused: {units} unit named: an army of {army_units} units "
    "activates at most {max_units} at once",
    "Activation of {leader} refused: {units} units named: an army of {army_units} "
    "units activates at most {max_units} at once",
    "units",
)
m(
    "activation.refused|reason=listed_twice",
    "Activation of {leader} refused: {subject} is named twice in {leader}'s activation",
)
m(
    "activation.refused|reason=already_activated",
    "Activation of {leader} refused: {subject} is already activated this turn (once per turn)",
)
m(
    "activation.refused|reason=not_own_unit",
    "Activation of {leader} refused: {subject} belongs to {side}, not to {player}",
)
n(
    "activation.refused|reason=out_of_range",
    "Activation of {leader} refused: {subject} at {at} is {distance} hex from {leader} "
    "({leader_at}): command range {range}",
    "Activation of {leader} refused: {subject} at {at} is {distance} hexes from "
    "{leader} ({leader_at}): command range {range}",
    "distance",
)
m(
    "activation.refused|reason=no_entry_point",
    "Activation of {leader} refused: {subject} is off the table but its side has no entry point",
)
m(
    "activation.refused|reason=removed",
    "Activation of {leader} refused: {subject} is no longer in play",
)
m(
    "activation.refused|reason=unknown_unit",
    "Activation of {leader} refused: {subject}: no such unit or leader",
)

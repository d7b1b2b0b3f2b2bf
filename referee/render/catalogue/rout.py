"""The English of the rout messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n, words

m(
    "rout.unit",
    "{subject} routs from {at} (facing {facing_word}) and is removed from play: {cause_word}",
)
m(
    "rout.eliminated_no_move",
    "{subject} ({category_word}) makes no rout move: eliminated at once at {at}, "
    "nobody behind it is hurt",
)
m(
    "rout.turned",
    "{subject}, attacked only through its {through_list}, turns from {from_word} to "
    "{to_word} to face {toward} ({toward_at}{how_word}) before routing",
)
m(
    "rout.cascade_loss",
    "{subject} at {at}, behind the routing {by}, loses 1 cohesion ({cohesion_before} → "
    "{cohesion_after})",
)
m(
    "rout.cascade_spared",
    "{subject} at {at} is crossed by {by}, routing light infantry, and loses nothing "
    "(only light infantry is hurt by it)",
)
m(
    "rout.elephant_fury",
    "Elephant fury: {subject} rolls {die}, runs amok {direction_word} (hexside "
    "{hexside_word}) through {hexes_list}",
)
m(
    "rout.fury_loss",
    "{subject} at {at} is trampled by {by}: loses 1 cohesion ({cohesion_before} → "
    "{cohesion_after})",
)
m(
    "rout.fury_spared",
    "{subject} at {at}, light infantry, is crossed by the elephant {by} and loses nothing",
)
m("rout.general_killed", "General {subject} is killed in the rout of {unit}")
m(
    "rout.general_killed|included=false",
    "General {subject}, caught in the rout of {unit}, rolls {die}: he is killed",
)
n(
    "rout.general_fled",
    "General {subject}, caught in the rout of {unit}, survives (die {die}) and flees "
    "{distance} hex from {from} to join {joined} at {to}{how_word}",
    "General {subject}, caught in the rout of {unit}, survives (die {die}) and flees "
    "{distance} hexes from {from} to join {joined} at {to}{how_word}",
    "distance",
)
n(
    "rout.general_lost",
    "General {subject}, caught in the rout of {unit}, survives (die {die}) but no "
    "friendly unit is within {range} hex: he is lost",
    "General {subject}, caught in the rout of {unit}, survives (die {die}) but no "
    "friendly unit is within {range} hexes: he is lost",
    "range",
)
m("rout.refused", "Order for {subject} refused ({reason})")
m(
    "rout.refused|reason=not_an_attacker",
    "Rout order refused: {subject}: {choice} did not attack it, it may only turn to "
    "face {attackers_list}",
)
m(
    "rout.refused|reason=not_a_nearest_unit",
    "Rout order refused: {subject}: {choice} is not one of the nearest friendly units "
    "({nearest_list})",
)
m(
    "rout.refused|reason=not_a_rout_order",
    "Rout order refused: {subject}: not an order of the rout phase",
)
m(
    "rout.refused|reason=duplicate_order",
    "Rout order refused: {subject}: a second order for the same unit",
)
m(
    "rout.refused|reason=no_choice_to_make",
    "Rout order refused: {subject}: there is nothing to choose for it in this rout phase",
)
m(
    "rout.refused|reason=owner_chooses",
    "Rout order refused: {subject} belongs to {owner}: its choice ({choice}) is "
    "{owner}'s to make, in his choices file",
)
words("rout.turned", {"from": "facing", "to": "facing"})
words("rout.elephant_fury", {"direction": "fury", "hexside": "facing"})

"""The English of the combat messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n, words

m(
    "combat.attack",
    "{subject} attacks {target} in melee from {from} into {at}, through its "
    "{through_word}{charge_word}",
)
n(
    "combat.attack|kind=shooting",
    "{subject} shoots at {target} from {from} into {at}, {distance} hex away, through "
    "its {through_word}",
    "{subject} shoots at {target} from {from} into {at}, {distance} hexes away, "
    "through its {through_word}",
    "distance",
)
n(
    "combat.roll",
    "{subject} rolls {dice} die against {target} ({factor_word} "
    "{base}{modifiers_text}): {values_list} → {tally}",
    "{subject} rolls {dice} dice against {target} ({factor_word} "
    "{base}{modifiers_text}): {values_list} → {tally}",
    "dice",
)
m(
    "combat.roll|dice=0",
    "{subject} has no die to roll against {target} ({factor_word} {base}{modifiers_text})",
)
n(
    "combat.riposte",
    "{subject} ripostes against {target} with {dice} die ({factor_word} "
    "{base}{modifiers_text}): {values_list} → {tally}",
    "{subject} ripostes against {target} with {dice} dice ({factor_word} "
    "{base}{modifiers_text}): {values_list} → {tally}",
    "dice",
)
m(
    "combat.riposte|dice=0",
    "{subject} has no die to riposte against {target} ({factor_word} {base}{modifiers_text})",
)
n(
    "combat.order_token#letters",
    "{letters} order letter",
    "{letters} order letters",
    "letters",
)
n(
    "combat.order_token#after",
    "{after} order token",
    "{after} order tokens",
    "after",
)
m(
    "combat.order_token",
    "{letters#} rolled by {subject}: side {side} goes from {before} to {after#}",
)
m(
    "combat.hit",
    "{subject} takes {hits_text} from {by}: cohesion {cohesion_before} → {cohesion_after}",
)
n(
    "combat.disordered",
    "{subject} could not make {blocked} retreat hex: it is now disordered (house rule: "
    "disorder on a blocked retreat)",
    "{subject} could not make {blocked} retreat hexes: it is now disordered (house "
    "rule: disorder on a blocked retreat)",
    "blocked",
)
n(
    "combat.flags_cancelled#flags",
    "{flags} flag",
    "{flags} flags",
    "flags",
)
n(
    "combat.flags_cancelled#cancelled",
    "{cancelled} cancelled",
    "{cancelled} cancelled",
    "cancelled",
)
n(
    "combat.flags_cancelled#ignored",
    "{ignored} ignored",
    "{ignored} ignored",
    "ignored",
)
m(
    "combat.flags_cancelled",
    "{subject}: of {flags#}, {cancelled#} by tactical advantages and {ignored#}",
)
m("combat.flags_cancelled+supported_by", " (supported by {supported_by_list})")
n(
    "combat.flags_cancelled+hexes",
    "; {hexes} retreat hex left",
    "; {hexes} retreat hexes left",
    "hexes",
)
m("combat.flags_cancelled+hexes=0", "; no retreat left")
n(
    "combat.retreat",
    "{subject} retreats {made} of {hexes} hex toward its {edge_word} edge: {from} → {path_list}",
    "{subject} retreats {made} of {hexes} hexes toward its {edge_word} edge: {from} → {path_list}",
    "hexes",
)
n(
    "combat.retreat_blocked",
    "{subject} cannot make {hexes} retreat hex from {at} ({why_word}): each counts as "
    "a loss, cohesion {cohesion_before} → {cohesion_after}",
    "{subject} cannot make {hexes} retreat hexes from {at} ({why_word}): each counts "
    "as a loss, cohesion {cohesion_before} → {cohesion_after}",
    "hexes",
)
m("combat.rout_pending", "{subject} has lost all its cohesion: it routs in the rout phase")
n(
    "combat.evade",
    "{subject} evades the charge of {attacker}: {from} → {path_list} ({hexes} of "
    "{distance} hex); it is now pré-joué",
    "{subject} evades the charge of {attacker}: {from} → {path_list} ({hexes} of "
    "{distance} hexes); it is now pré-joué",
    "distance",
)
m(
    "combat.no_evasion",
    "{subject} stands ready to evade but may not evade this attack of {attacker}: it "
    "fights in place",
)
m(
    "combat.no_evasion|reason=shooting",
    "{subject} stands ready to evade, but evasion answers a melee charge, not shooting "
    "by {attacker}",
)
m(
    "combat.no_evasion|reason=pursuit_contact",
    "{subject} may not evade {attacker}: a contact made by a pursuit is not a charge",
)
m(
    "combat.no_evasion|reason=weight",
    "{subject} ({weight_word}) is too heavy to evade {attacker}: only "
    "{evasion_weights_list} units evade",
)
m(
    "combat.no_evasion|reason=pre_played",
    "{subject} is pré-joué (it has evaded already): it fights {attacker} in place",
)
m(
    "combat.contact_ended",
    "The pursuit contact between {subject} and {other} ends without a melee: the units "
    "are no longer in contact",
)
m(
    "combat.contact_ended|why=gone",
    "The pursuit contact between {subject} and {other} ends without a melee: {other} "
    "is out of play",
)
m(
    "combat.contact_ended|why=routing",
    "The pursuit contact between {subject} and {other} ends without a melee: a unit "
    "has no cohesion left (it routs)",
)
m(
    "combat.contact_ended|why=not_phasing",
    "The pursuit contact between {subject} and {other} ends: neither unit fights in "
    "this combat phase",
)
m(
    "combat.contact_held",
    "{subject} and {other} stay in contact after a pursuit: their melee is fought in "
    "the next game turn's melee phase (turn {turn}), not in this one",
)
m(
    "combat.contact_melee",
    "{subject} and {target} stayed in contact after a pursuit: their melee is fought "
    "now, without an order or activation (not a charge)",
)
n(
    "combat.multiple_attack",
    "{subject} is charged again this phase ({charges} charges, this one by "
    "{attacker}): multiple attack, it loses {loss} cohesion point first "
    "({cohesion_before} → {cohesion_after})",
    "{subject} is charged again this phase ({charges} charges, this one by "
    "{attacker}): multiple attack, it loses {loss} cohesion points first "
    "({cohesion_before} → {cohesion_after})",
    "loss",
)
m(
    "combat.evade_off_table",
    "{subject} evades the charge of {attacker} off the table: {from} → {path_list} "
    "(edge {edges_list}, an exit its side may take): it counts as a unit that left the "
    "table",
)
m(
    "combat.evade_failed",
    "{subject} cannot evade {attacker} from {at} ({why_word}): it fights in place",
)
m("combat.refused", "{subject}: {kind_word} against {target} refused ({reason})")
m("combat.refused|reason=not_a_combat_order", "{subject}: not a combat order")
m("combat.refused|reason=not_on_table", "{subject} is not on the table")
m("combat.refused|reason=target_not_on_table", "{subject}: the target {target} is not on the table")
m(
    "combat.refused|reason=unknown_kind",
    "{subject}: unknown combat kind {kind_given} (melee or shooting)",
)
m(
    "combat.refused|reason=not_own_unit",
    "{subject} belongs to {unit_side}: it is {player}'s player-turn",
)
m(
    "combat.refused|reason=target_not_enemy",
    "{subject} may not attack {target}: it is a friendly unit",
)
m(
    "combat.refused|reason=not_activated",
    "{subject} was not activated: only activated units start a combat",
)
m(
    "combat.refused|reason=already_fought",
    "{subject} has already fought this phase (once per phase)",
)
m(
    "combat.refused|reason=in_pursuit_contact",
    "{subject} stays in contact with {contacts_list} since a pursuit: that melee is "
    "its combat of this phase",
)
m(
    "combat.refused|reason=contact_waits",
    "{subject} stays in contact with {target} since a pursuit: their melee is fought "
    "in the next game turn's melee phase",
)
m(
    "combat.refused|reason=no_combat",
    "{subject} moved ss cb (beyond its combat allowance): it may not fight",
)
m("combat.refused|reason=road_march", "{subject} made a road march: it may not fight or shoot")
m(
    "combat.refused|reason=mounted_move",
    "{subject} used its mounts for an extra hex: it may not fight",
)
m("combat.refused|reason=attacker_routing", "{subject} has no cohesion left: it cannot attack")
m(
    "combat.refused|reason=target_routing",
    "{subject}: {target} has no cohesion left; it routs in the rout phase",
)
n(
    "combat.refused|reason=not_adjacent",
    "{subject} is {distance} hex from {target}: melee needs adjacent hexes",
    "{subject} is {distance} hexes from {target}: melee needs adjacent hexes",
    "distance",
)
m("combat.refused|reason=no_shooting_factor", "{subject} has no shooting factor")
n(
    "combat.refused|reason=out_of_range",
    "{subject}: {target} is {distance} hex away, beyond its range of {range}",
    "{subject}: {target} is {distance} hexes away, beyond its range of {range}",
    "distance",
)
words("combat.no_evasion", {"weight": "weight", "evasion_weights": "weight"})

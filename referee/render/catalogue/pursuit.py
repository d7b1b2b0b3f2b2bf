"""The English of the pursuit messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n, words

m("word.reaction_choice.evade", "evade")
m("word.reaction_choice.stand", "stand")
m("word.choice_what.conform", "conform")
m("word.choice_what.keep_facing", "keep its facing")
m("word.choice_what.reaction evade", "evade when charged")
m("word.choice_what.reaction stand", "stand when charged")
n(
    "pursuit.advance",
    "{subject} pursues {opponents_list}: {from} → {to} ({hexes} hex {direction_word})",
    "{subject} pursues {opponents_list}: {from} → {to} ({hexes} hexes {direction_word})",
    "hexes",
)
m("pursuit.advance+compulsory=true", "; compulsory: it is impetuous")
m("pursuit.support", "{subject}, supporting {support_of}, advances with it: {from} → {to}")
m("pursuit.hold", "{subject} does not pursue")
m(
    "pursuit.stays",
    "{subject} routed {opponents_list} and may pursue {distance} hex straight ahead: "
    "no pursuit order, it stays",
)
m("pursuit.exempt", "{subject}, impetuous, need not pursue")
m(
    "pursuit.exempt|reason=other_pursues",
    "{subject}, impetuous, need not pursue: {other} pursues their enemy (only one unit pursues)",
)
m(
    "pursuit.exempt|reason=destroyed_category",
    "{subject}, impetuous, need not pursue: it destroyed a unit no one has to pursue "
    "({categories_list})",
)
m(
    "pursuit.exempt|reason=off_table",
    "{subject}, impetuous, need not pursue: the table ends in front of it ({hex})",
)
m(
    "pursuit.exempt|reason=penalising_terrain",
    "{subject}, impetuous, need not pursue: the pursuit would enter {terrain_word} at "
    "{hex}, where it fights badly",
)
m(
    "pursuit.exempt|reason=defends_fortification",
    "{subject}, impetuous, need not pursue: it defends a fortification ({terrain_word})",
)
m(
    "pursuit.exempt|reason=defends_river_bank",
    "{subject}, impetuous, need not pursue: it defends the bank of a river "
    "({hexside_word} toward {toward})",
)
m(
    "pursuit.exempt|reason=foot_vs_mounted",
    "{subject}, impetuous, need not pursue: foot troops need not pursue mounted troops "
    "({mounted_list})",
)
m(
    "pursuit.exempt|reason=impassable",
    "{subject}, impetuous, need not pursue: impassable ground in front of it",
)
m(
    "pursuit.exempt|reason=blocked_by_friend",
    "{subject}, impetuous, need not pursue: the friendly {blocker} stands in front of it",
)
m("pursuit.refused", "Pursuit order for {subject} refused")
m(
    "pursuit.refused|reason=not_a_pursuit_order",
    "Pursuit order refused: {subject}: not an order of the pursuit phase",
)
m(
    "pursuit.refused|reason=duplicate_order",
    "Pursuit order refused: {subject}: a second order for the same unit",
)
m(
    "pursuit.refused|reason=not_on_table",
    "Pursuit order refused: {subject} is no longer on the table",
)
m(
    "pursuit.refused|reason=not_phasing",
    "Pursuit order refused: {subject} is not of the side playing this pursuit phase",
)
m(
    "pursuit.refused|reason=contacted_flank_rear",
    "Pursuit order refused: {subject} is still contacted in flank or rear "
    "({enemies_list}): no pursuit, it turns to face one of them",
)
m(
    "pursuit.refused|reason=not_in_contact",
    "Pursuit order refused: {subject} may only turn to face {enemies_list}, not {choice}",
)
m(
    "pursuit.refused|reason=not_contacted_flank_rear",
    "Pursuit order refused: {subject} is not contacted in flank or rear: it has no "
    "enemy to turn to ({choice})",
)
m(
    "pursuit.refused|reason=opponents_remain",
    "Pursuit order refused: {subject}: its melee opponent did not rout, it may not pursue",
)
m(
    "pursuit.refused|reason=no_melee",
    "Pursuit order refused: {subject} fought no melee this player-turn: nothing to pursue",
)
m(
    "pursuit.refused|reason=already_moved",
    "Pursuit order refused: {subject} has already moved in this pursuit phase",
)
m(
    "pursuit.refused|reason=same_enemy",
    "Pursuit order refused: {subject}: {other} already pursues the same enemy (only one pursues)",
)
m(
    "pursuit.refused|reason=off_table",
    "Pursuit order refused: {subject} would leave the table at once: no pursuit",
)
m(
    "pursuit.refused|reason=blocked_by_friend",
    "Pursuit order refused: {subject} is blocked by the friendly {blocker} right in front",
)
m(
    "pursuit.refused|reason=impassable",
    "Pursuit order refused: {subject} faces impassable ground: no pursuit",
)
m(
    "pursuit.refused|reason=impetuous_must_pursue",
    "Pursuit order refused: {subject} is impetuous: it must pursue (001 §Poursuite)",
)
m(
    "pursuit.refused|reason=not_friendly",
    "Pursuit order refused: {subject} may not support {support_of}: not of its side",
)
m(
    "pursuit.refused|reason=not_aligned",
    "Pursuit order refused: {subject} may not support {support_of}: not aligned with "
    "it (same facing, corner to corner)",
)
m(
    "pursuit.refused|reason=engaged",
    "Pursuit order refused: {subject} may not support {support_of}: it is still engaged in melee",
)
m(
    "pursuit.refused|reason=pursuer_did_not_advance",
    "Pursuit order refused: {subject} may not support {support_of}, which did not advance",
)
m(
    "pursuit.refused|reason=blocked",
    "Pursuit order refused: {subject} cannot advance with {support_of}: the way is blocked",
)
m(
    "pursuit.refused|reason=owner_chooses",
    "Pursuit order refused: {subject} belongs to {owner}: the enemy it faces is "
    "{owner}'s choice, in his choices file",
)
m(
    "pursuit.faced",
    "{subject} routed its enemy but is still contacted in flank or rear: no pursuit, "
    "it turns from {from_word} to {to_word} to face {enemy}{how_word}",
)
m(
    "pursuit.contact",
    "{subject}'s pursuit reaches {enemy} (its {through_word}): no new combat, they "
    "stay in contact until the next melee phase (not a charge)",
)
m(
    "pursuit.conform",
    "{subject}, contacted in its {through_word} by {toward}, conforms: facing "
    "{from_word} → {to_word}",
)
m(
    "pursuit.light_infantry_eliminated",
    "{subject}, light infantry at {at}, is contacted by the pursuing {by} and "
    "eliminated at once (no evasion)",
)
m("pursuit.general_killed", "General {subject}, included in {unit}, is eliminated with it")
m("pursuit.camp_taken", "{subject} reaches the camp of {camp_side} at {at} and takes it")
n(
    "pursuit.camp_attacked#attack_dice",
    "{attack_dice} die",
    "{attack_dice} dice",
    "attack_dice",
)
n(
    "pursuit.camp_attacked#hits",
    "{hits} hit",
    "{hits} hits",
    "hits",
)
n(
    "pursuit.camp_attacked#defence_dice",
    "{defence_dice} die",
    "{defence_dice} dice",
    "defence_dice",
)
n(
    "pursuit.camp_attacked#hits_on_pursuer",
    "{hits_on_pursuer} hit",
    "{hits_on_pursuer} hits",
    "hits_on_pursuer",
)
m(
    "pursuit.camp_attacked",
    "{subject} reaches the fortified camp of {camp_side} at {at} and assaults it at "
    "once: {attack_dice#} {attack_values_list} = {hits#} on the camp ({needed} "
    "needed); the camp defends with {defence_dice#} {defence_values_list} = "
    "{hits_on_pursuer#} on {subject}",
)
m("pursuit.camp_held", "The fortified camp of {camp_side} at {at} holds: {subject} stays before it")
n(
    "pursuit.camp_loss",
    "{subject} takes {hits} hit from the camp's defenders: cohesion {cohesion_before} "
    "→ {cohesion_after}",
    "{subject} takes {hits} hits from the camp's defenders: cohesion {cohesion_before} "
    "→ {cohesion_after}",
    "hits",
)
m(
    "pursuit.no_conform",
    "{subject}, contacted in its {through_word} by {toward}, does not conform ({by}'s "
    "choice): it keeps facing {facing_word}",
)
m(
    "choice.reaction",
    "{subject} will now {reaction_word} when charged, from the end of this phase "
    "({by}'s choice; before: {before_word})",
)
m("choice.refused", "{by}'s choice for {subject} ({what_word}) refused")
m(
    "choice.refused|reason=not_owner",
    "{by}'s choice for {subject} refused: {subject} belongs to {owner}, who makes its choices",
)
m(
    "choice.refused|reason=not_in_play",
    "{by}'s choice for {subject} refused: no such unit or leader in play",
)
m(
    "choice.refused|reason=wrong_phase",
    "{by}'s choice for {subject} ({what_word}) refused: it answers the {phases_list} "
    "phase, not the {phase_word} phase",
)
m(
    "choice.refused|reason=use_orders",
    "{by}'s choice for {subject} ({what_word}) refused: {by} plays this phase, and "
    "gives it as an order",
)
m(
    "choice.refused|reason=not_an_option",
    "{by}'s choice for {subject} ({what_word}) refused: the options are "
    "{options_list}; the default {default} applies",
)
m("choice.unused", "{by}'s choice for {subject} ({what_word}) was not needed in this phase")
# what an advance, its exemption and its refusal say in words (where it goes, through what)
_WHERE = {
    "terrain": "terrain",
    "hexside": "terrain",
    "categories": "category",
    "direction": "facing",
    "through": "through",
}
words("pursuit.advance", _WHERE)
words("pursuit.exempt", _WHERE)
words("pursuit.refused", _WHERE)
words("pursuit.faced", {"from": "facing", "to": "facing"})
words("pursuit.conform", {"from": "facing", "to": "facing"})
words("pursuit.no_conform", {"facing": "facing"})
words("choice.reaction", {"reaction": "reaction_choice", "before": "reaction_choice"})
words("choice.refused", {"what": "choice_what", "phase": "phase", "phases": "phase"})
words("choice.unused", {"what": "choice_what"})

"""The view of exact combat odds (``referee.core.odds.Odds``), built rich-free
(:mod:`referee.render.blocks`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from referee.core.combat_rules import DiceCount
from referee.core.odds import Odds, SideOutcome
from referee.render.blocks import Column, Para, TableData, View

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{attacker} {kind} {target}: exact odds",
        "melee": "melee", "shooting": "shooting",
        "through": "through the target's {through}, distance {distance}",
        "charge": "charge", "no_charge": "not a charge (pursuit contact)",
        "refused": "This order would be refused now: {reason} ({rule})",
        "evades": "{target} evades (esquive) along {path}: no melee, no dice",
        "dice": "Dice", "role": "role", "unit": "unit", "factor": "factor",
        "modifiers": "modifiers", "count": "dice", "attack": "attack", "riposte": "riposte",
        "summary": "Per unit", "cohesion": "cohesion", "supported": "supported",
        "rout": "routs", "expected": "expected loss", "lost": "cohesion lost",
        "retreat": "retreat hexes", "blocked": "blocked hexes",
        "outcomes": "Most likely outcomes", "probability": "probability",
        "target": "target {id}", "attacker": "attacker {id}",
        "side_text": "-{lost} coh., retreat {retreat}, blocked {blocked}{routs}",
        "routs_mark": ", ROUTS", "tokens": "Order tokens gained: {tokens}",
        "distribution": "Distributions (probability of each number)",
        "more": "... and {n} less likely outcomes (total probability {p})",
        "yes": "yes", "no": "no",
    },
    "fr": {
        "title": "{attacker} {kind} {target} : probabilités exactes",
        "melee": "mêlée", "shooting": "tir",
        "through": "par le {through} de la cible, distance {distance}",
        "charge": "charge", "no_charge": "pas une charge (contact de poursuite)",
        "refused": "Cet ordre serait refusé maintenant : {reason} ({rule})",
        "evades": "{target} esquive par {path} : pas de mêlée, pas de dés",
        "dice": "Dés", "role": "rôle", "unit": "unité", "factor": "facteur",
        "modifiers": "modificateurs", "count": "dés", "attack": "attaque", "riposte": "riposte",
        "summary": "Par unité", "cohesion": "cohésion", "supported": "soutenue",
        "rout": "déroute", "expected": "perte moyenne", "lost": "cohésion perdue",
        "retreat": "hex de repli", "blocked": "hex impossibles",
        "outcomes": "Résultats les plus probables", "probability": "probabilité",
        "target": "cible {id}", "attacker": "attaquant {id}",
        "side_text": "-{lost} coh., repli {retreat}, bloqué {blocked}{routs}",
        "routs_mark": ", DÉROUTE", "tokens": "Jetons d'ordre gagnés : {tokens}",
        "distribution": "Distributions (probabilité de chaque nombre)",
        "more": "... et {n} résultats moins probables (probabilité totale {p})",
        "yes": "oui", "no": "non",
    },
}

TOP = 12  # outcomes listed


def _pct(p: Fraction) -> str:
    value = float(p) * 100
    if 0 < value < 0.1:
        return "<0.1%"
    return f"{value:.1f}%"


def _dist(d: Mapping[int, Fraction]) -> str:
    return "  ".join(f"{k}: {_pct(p)}" for k, p in d.items() if p)


def _dice_row(table: TableData, w: Mapping[str, str], count: DiceCount) -> None:
    mods = ", ".join(f"{m.reason} {m.detail} {m.dice:+d}".replace("  ", " ")
                     for m in count.modifiers) or "—"
    table.add_row(w[count.role], count.unit, f"{count.factor} {count.base}", mods,
                  str(count.total))


def _side_text(w: Mapping[str, str], side: SideOutcome) -> str:
    return w["side_text"].format(lost=side.lost, retreat=side.retreat, blocked=side.blocked,
                                 routs=w["routs_mark"] if side.routs else "")


def odds_view(odds: Odds, lang: str = "en") -> View:
    """The odds: dice and modifiers, a summary per unit, the most
    likely joint outcomes, order tokens."""
    w = WORDS.get(lang, WORDS["en"])
    parts: list[Para | TableData] = []
    # (the second line is bold too, as it always was: an unstyled run over a bold text)
    parts.append(Para.of(
        w["title"].format(attacker=odds.attacker, kind=w[odds.kind], target=odds.target)
        + "\n" + w["through"].format(through=odds.through, distance=odds.distance)
        + (", " + (w["charge"] if odds.charge else w["no_charge"])
           if odds.kind == "melee" else ""), "bold"))
    if odds.refusal is not None:
        parts.append(Para.of(w["refused"].format(reason=odds.refusal.reason,
                                                 rule=odds.refusal.rule), "yellow"))
    if odds.evasion is not None:
        parts.append(Para.of(w["evades"].format(target=odds.target,
                                                path="-".join(odds.evasion))))
        return View(parts)

    dice = TableData([Column(w[col], justify="right" if col == "count" else "left")
                      for col in ("role", "unit", "factor", "modifiers", "count")],
                     title=w["dice"], box="SIMPLE")
    _dice_row(dice, w, odds.attack)
    if odds.riposte is not None:
        _dice_row(dice, w, odds.riposte)
    parts.append(dice)

    summary = TableData([Column("")] + [Column(w[col], justify="right")
                                        for col in ("cohesion", "supported", "rout", "expected")],
                        title=w["summary"], box="SIMPLE")
    whos = [("target", odds.target, odds.target_cohesion, odds.target_supported)]
    if odds.kind == "melee":
        whos.append(("attacker", odds.attacker, odds.attacker_cohesion,
                     odds.attacker_supported))
    for who, unit_id, cohesion, supported in whos:
        summary.add_row(w[who].format(id=unit_id), str(cohesion),
                        w["yes"] if supported else w["no"], _pct(odds.rout_probability(who)),
                        f"{float(odds.expected_loss(who)):.2f}")
    parts.append(summary)

    # one row per number: P(cohesion lost = k), P(retreat = k), P(blocked = k), per unit
    columns = [(who, unit_id, what, odds.distribution(who, what))
               for who, unit_id, _, _ in whos for what in ("lost", "retreat", "blocked")]
    dist = TableData([Column("n", justify="right")] + [
        Column(f"{unit_id}\n{w[what]}", justify="right") for _, unit_id, what, _ in columns],
        title=w["distribution"], box="SIMPLE")
    top = max((k for *_, d in columns for k, p in d.items() if p), default=0)
    for k in range(top + 1):
        dist.add_row(str(k), *[_pct(d[k]) if d.get(k) else "" for *_, d in columns])
    parts.append(dist)

    outcomes = TableData([Column(w["probability"], justify="right"),
                          Column(w["target"].format(id=odds.target))]
                         + ([Column(w["attacker"].format(id=odds.attacker))]
                            if odds.kind == "melee" else []),
                         title=w["outcomes"], box="SIMPLE")
    for o in odds.outcomes[:TOP]:
        cells = [_pct(o.probability), _side_text(w, o.target)]
        if o.attacker is not None:
            cells.append(_side_text(w, o.attacker))
        outcomes.add_row(*cells)
    parts.append(outcomes)
    rest = odds.outcomes[TOP:]
    if rest:
        parts.append(Para.of(w["more"].format(n=len(rest),
                                              p=_pct(sum((o.probability for o in rest),
                                                         Fraction(0))))))
    if odds.order_tokens:
        parts.append(Para.of(w["tokens"].format(tokens="; ".join(
            f"{side} {_dist(d)}" for side, d in odds.order_tokens.items()))))
    return View(parts)

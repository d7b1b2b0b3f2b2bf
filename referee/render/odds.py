"""The view of exact combat odds (``referee.core.odds.Odds``), built rich-free
(:mod:`referee.render.blocks`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from referee.core.combat_rules import DiceCount
from referee.core.odds import Odds, SideOutcome
from referee.render.blocks import Column, Para, TableData, View
from referee.render.grammar import joined, label, percent, say, word
from referee.render.messages import message
from referee.render.wording import cite, modifier_text


class _Words:
    """``w["key"]``: the view's text ``ui.odds.key`` in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return say(f"ui.odds.{key}", self.lang)

    def say(self, key: str, **data: object) -> str:
        return say(f"ui.odds.{key}", self.lang, **data)


TOP = 12  # outcomes listed


def _pct(p: Fraction, lang: str) -> str:
    """``57.9%`` (``57,9 %`` in French); ``<0.1%`` for what is not quite nothing."""
    value = float(p) * 100
    if 0 < value < 0.1:
        return "<" + percent(0.1, lang)
    return percent(value, lang)


def _dist(d: Mapping[int, Fraction], lang: str) -> str:
    return "  ".join(f"{label(str(k), lang)} {_pct(p, lang)}" for k, p in d.items() if p)


def _dice_row(table: TableData, w: _Words, count: DiceCount, rs: Any) -> None:
    mods = ", ".join(modifier_text(m.to_json(), w.lang, rs) for m in count.modifiers) or "—"
    table.add_row(
        word("role", count.role, w.lang),
        count.unit,
        f"{word('factor', count.factor, w.lang)} {count.base}",
        mods,
        str(count.total),
    )


def _side_text(w: _Words, side: SideOutcome) -> str:
    return w.say("side_text", lost=side.lost, retreat=side.retreat, blocked=side.blocked) + (
        w["routs_mark"] if side.routs else ""
    )


def odds_view(odds: Odds, lang: str = "en", rs: Any = None) -> View:
    """The odds: dice and modifiers, a summary per unit, the most
    likely joint outcomes, order tokens."""
    w = _Words(lang)
    parts: list[Para | TableData] = []
    # (the second line is bold too, as it always was: an unstyled run over a bold text)
    parts.append(
        Para.of(
            w.say(
                "title",
                attacker=odds.attacker,
                kind=word("kind", odds.kind, lang),
                target=odds.target,
            )
            + "\n"
            + w.say("through", through=word("through", odds.through, lang), distance=odds.distance)
            + (
                ", " + (w["charge"] if odds.charge else w["no_charge"])
                if odds.kind == "melee"
                else ""
            ),
            "bold",
        )
    )
    if odds.refusal is not None:
        reason = message(
            "combat.refused",
            odds.attacker,
            {
                "reason": odds.refusal.reason,
                "target": odds.target,
                "kind": odds.kind,
                **odds.refusal.data,
            },
            lang,
            rs,
        )
        rule = cite(odds.refusal.rule, lang).replace("\n", word("join", "semicolon", lang))
        parts.append(Para.of(w.say("refused", reason=f"{reason} ({rule})"), "yellow"))
    if odds.evasion is not None:
        parts.append(Para.of(w.say("evades", target=odds.target, path="-".join(odds.evasion))))
        return View(parts)

    dice = TableData(
        [
            Column(w[col], justify="right" if col == "count" else "left")
            for col in ("role", "unit", "factor", "modifiers", "count")
        ],
        title=w["dice"],
        box="SIMPLE",
    )
    _dice_row(dice, w, odds.attack, rs)
    if odds.riposte is not None:
        _dice_row(dice, w, odds.riposte, rs)
    parts.append(dice)

    summary = TableData(
        [Column("")]
        + [
            Column(w[col], justify="right") for col in ("cohesion", "supported", "rout", "expected")
        ],
        title=w["summary"],
        box="SIMPLE",
    )
    whos = [("target", odds.target, odds.target_cohesion, odds.target_supported)]
    if odds.kind == "melee":
        whos.append(("attacker", odds.attacker, odds.attacker_cohesion, odds.attacker_supported))
    for who, unit_id, cohesion, supported in whos:
        summary.add_row(
            w.say(who, id=unit_id),
            str(cohesion),
            word("yes_no", bool(supported), lang),
            _pct(odds.rout_probability(who), w.lang),
            f"{float(odds.expected_loss(who)):.2f}",
        )
    parts.append(summary)

    # one row per number: P(cohesion lost = k), P(retreat = k), P(blocked = k), per unit
    columns = [
        (who, unit_id, what, odds.distribution(who, what))
        for who, unit_id, _, _ in whos
        for what in ("lost", "retreat", "blocked")
    ]
    dist = TableData(
        [Column("n", justify="right")]
        + [Column(f"{unit_id}\n{w[what]}", justify="right") for _, unit_id, what, _ in columns],
        title=w["distribution"],
        box="SIMPLE",
    )
    top = max((k for *_, d in columns for k, p in d.items() if p), default=0)
    for k in range(top + 1):
        dist.add_row(str(k), *[_pct(d[k], w.lang) if d.get(k) else "" for *_, d in columns])
    parts.append(dist)

    outcomes = TableData(
        [Column(w["probability"], justify="right"), Column(w.say("target", id=odds.target))]
        + ([Column(w.say("attacker", id=odds.attacker))] if odds.kind == "melee" else []),
        title=w["outcomes"],
        box="SIMPLE",
    )
    for o in odds.outcomes[:TOP]:
        cells = [_pct(o.probability, w.lang), _side_text(w, o.target)]
        if o.attacker is not None:
            cells.append(_side_text(w, o.attacker))
        outcomes.add_row(*cells)
    parts.append(outcomes)
    rest = odds.outcomes[TOP:]
    if rest:
        parts.append(
            Para.of(
                w.say(
                    "more",
                    n=len(rest),
                    p=_pct(sum((o.probability for o in rest), Fraction(0)), w.lang),
                )
            )
        )
    if odds.order_tokens:
        parts.append(
            Para.of(
                w.say(
                    "tokens",
                    tokens=joined(
                        (f"{side} {_dist(d, w.lang)}" for side, d in odds.order_tokens.items()),
                        w.lang,
                    ),
                )
            )
        )
    return View(parts)

"""``referee moves``: where a unit can go this phase, and why not elsewhere.

Renders a :class:`referee.core.reach.Reach` (computed by the same code as the
movement phase): a header with the allowance, a table of destinations (cost, path,
whether the unit keeps the right to fight or is *ss cb*), then the neighbouring
hexes it cannot enter, with the reason.
"""

from __future__ import annotations

from typing import Any

from referee.core.model import GameState
from referee.core.reach import Blocked, Reach
from referee.core.ruleset import Ruleset
from referee.render import svg
from referee.render.blocks import Column, Para, TableData, View
from referee.render.messages import message

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Where can {unit} go?", "hex": "hex", "cost": "cost", "path": "path",
        "combat": "combat", "note": "note", "ok": "ok", "sscb": "ss cb",
        "minimum": "minimum move (one hex whatever its cost)", "exit": "leaves the table",
        "entry": "enters from {entry}", "blocked": "Neighbouring hexes it cannot enter",
        "reason": "why", "through": "May cross but not stop in: {hexes}",
        "none": "No hex within reach.", "cannot": "Cannot move now: {why}",
        "header": "{unit} — {what}, {where}: allowance {allowance} (keeps the right to fight "
                  "up to {combat})",
        "header_leader": "{unit} — {what}, {where}: allowance {allowance}",
        "at": "at {hex}", "off": "off the table (entry points {entries})",
        "road": "road march (+ bonus)", "mounted": "mounted (+ bonus)",
        "one": "never more than 1 hex",
        "rules": "Rules", "yes": "yes", "no": "no",
    },
    "fr": {
        "title": "Où peut aller {unit} ?", "hex": "hex", "cost": "coût", "path": "chemin",
        "combat": "combat", "note": "remarque", "ok": "oui", "sscb": "ss cb",
        "minimum": "mouvement minimum (un hex quel que soit son coût)",
        "exit": "sort de la table", "entry": "entre par {entry}",
        "blocked": "Hexagones voisins interdits", "reason": "pourquoi",
        "through": "Peut traverser sans s'y arrêter : {hexes}",
        "none": "Aucun hexagone à portée.",
        "cannot": "Déplacement impossible maintenant : {why}",
        "header": "{unit} — {what}, {where} : capacité {allowance} (combat possible jusqu'à "
                  "{combat})",
        "header_leader": "{unit} — {what}, {where} : capacité {allowance}",
        "at": "en {hex}", "off": "hors table (points d'entrée {entries})",
        "road": "marche sur route (+ bonus)", "mounted": "infanterie montée (+ bonus)",
        "one": "jamais plus de 1 hex", "rules": "Règles", "yes": "oui", "no": "non",
    },
}

REASONS: dict[str, dict[str, str]] = {
    "en": {
        "enemy": "enemy unit {other}", "enemy_leader": "enemy leader {other}",
        "impassable": "impassable ({what})",
        "stacking": "{other} stands there (may cross: {cross})",
        "allowance": "costs {cost}, allowance {allowance}", "off_table": "off the table",
        "off_road": "off the road",
    },
    "fr": {
        "enemy": "unité ennemie {other}", "enemy_leader": "chef ennemi {other}",
        "impassable": "infranchissable ({what})",
        "stacking": "{other} s'y trouve (traversable : {cross})",
        "allowance": "coûte {cost}, capacité {allowance}", "off_table": "hors de la table",
        "off_road": "hors de la route",
    },
}


def _blocked_text(b: Blocked, rs: Ruleset, lang: str) -> str:
    words = WORDS[lang]
    data: dict[str, Any] = dict(b.data)
    if b.reason == "impassable":
        key = str(data.get("terrain") or data.get("hexside") or "")
        if "hexside" in data:
            data["what"] = svg.hexside_label(rs, key)
        else:
            data["what"] = svg.terrain_label(rs, key)
    if b.reason == "stacking":
        data["cross"] = words["yes"] if data.get("can_pass_through") else words["no"]
    template = REASONS[lang].get(b.reason, b.reason)
    try:
        return template.format(**data)
    except KeyError:
        return b.reason


def _short_source(source: str) -> str:
    """A rule file and heading as is; an interpretation cut to its first clause."""
    if source.startswith("interpretation: "):
        head = source[len("interpretation: "):].split(";")[0].split(",")[0]
        return f"interpretation ({head.strip()})"
    return source


def moves_view(reach: Reach, state: GameState, rs: Ruleset, lang: str) -> View:
    """The destinations of a unit (or a leader alone) and its blocked neighbours."""
    lang = lang if lang in WORDS else "en"
    words = WORDS[lang]
    width = state.map.grid.width

    def lab(h: Any) -> str:
        return str(h.label(width)) if h is not None else "-"

    parts: list[Para | TableData] = []
    what = reach.type_label if reach.kind == "leader" else (
        f"{reach.type_label} {rs.weight_label(reach.weight)} ({reach.cell})")
    where = words["at"].format(hex=lab(reach.start)) if reach.start is not None else \
        words["off"].format(entries=", ".join(lab(h) for h in reach.entry_points) or "-")
    key = "header_leader" if reach.kind == "leader" else "header"
    header = words[key].format(unit=reach.unit, what=what, where=where,
                               allowance=reach.allowance, combat=reach.combat_allowance)
    extras = [words[k] for k, on in (("road", reach.road), ("mounted", reach.mounted),
                                     ("one", reach.max_hexes == 1)) if on]
    if extras:
        header += " — " + ", ".join(extras)
    parts.append(Para.of(header, "bold"))
    if reach.why_not is not None:
        why = message(reach.why_not.code, reach.unit,
                      {"reason": reach.why_not.reason, **reach.why_not.data}, lang)
        parts.append(Para.of(words["cannot"].format(why=why), "yellow"))
    if reach.destinations:
        table = TableData([Column(words[col], justify="right" if col == "cost" else "left",
                                  no_wrap=col in ("hex", "cost", "combat"))
                           for col in ("hex", "cost", "path", "combat", "note")],
                          title=words["title"].format(unit=reach.unit))
        for d in reach.destinations:
            notes = []
            if d.minimum_move:
                notes.append(words["minimum"])
            if d.exit:
                notes.append(words["exit"])
            if d.entry is not None:
                notes.append(words["entry"].format(entry=lab(d.entry)))
            table.add_row(lab(d.hex), str(d.cost), "-".join(lab(h) for h in d.path),
                          Para.of(words["ok"], "green") if d.combat
                          else Para.of(words["sscb"], "yellow"), "; ".join(notes))
        parts.append(table)
    else:
        parts.append(Para.of(words["none"]))
    if reach.through:
        parts.append(Para.of(words["through"].format(
            hexes=", ".join(lab(h) for h in reach.through))))
    if reach.blocked:
        blocked = TableData([Column(words["hex"], no_wrap=True), Column(words["reason"])],
                            title=words["blocked"])
        for b in reach.blocked:
            blocked.add_row(lab(b.hex), _blocked_text(b, rs, lang))
        parts.append(blocked)
    rules = "; ".join(dict.fromkeys(_short_source(v) for v in reach.rules.values() if v))
    if rules:
        parts.append(Para.of(f"{words['rules']}: {rules}", "dim"))
    return View(parts)

"""The orders page (``referee orders STATE --html FILE``): one self-contained HTML file
with the map of the position and the phase's choices, for a player who clicks rather
than edits YAML.

Everything the page offers is computed here, by the engine that ``referee orders`` and
``referee moves`` use: the skeleton's groups and options (:mod:`referee.core.skeleton`),
every reachable hex with its cost, path and whether the unit keeps the right to fight
(:func:`referee.core.reach.reachable`), the exact odds of each attack
(:func:`referee.core.odds.odds`). They are embedded in the page as JSON; its script
(``page/orders.js``, shipped as package data with ``page/orders.css``) only presents
them, keeps the orders picked, refuses an order that conflicts with those already
picked (a hex taken, a unit already activated or ordered, an activation limit
reached) and writes the orders file, in the format ``referee orders`` writes.
No server, no network: it works from ``file://`` and travels as a mail attachment.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from html import escape
from importlib.resources import files
from typing import Any

from referee.core.board import Board
from referee.core.hexgrid import Direction, Hex
from referee.core.model import AttackKind, GameState
from referee.core.odds import odds
from referee.core.orders import ORDERS_FORMAT
from referee.core.reach import Reach, Rules, reachable
from referee.core.ruleset import Ruleset
from referee.core.skeleton import Nearest, Skeleton, _enemy_hexes, _facing_toward, ring
from referee.render.grammar import number, say, word
from referee.render.svg import DEFAULT_SIZE, _Svg, svg_map


def asset(name: str) -> str:
    """A script or style sheet of the pages (package data: ``referee/render/page/``)."""
    return files("referee.render").joinpath("page", name).read_text(encoding="utf-8")


def json_for_script(data: Any) -> str:
    """JSON safe inside ``<script>`` (no ``</script>``, no ``<!--``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _pct(p: Fraction) -> str:
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def _exact(p: Fraction) -> list[Any]:
    """[numerator/denominator, per cent] of a probability."""
    return [f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator), _pct(p)]


# ------------------------------------------------------------------------------ texts
_TEXT_KEYS = (
    "choices",
    "orders",
    "none_yet",
    "save",
    "copy",
    "copied",
    "copy_failed",
    "remove",
    "add",
    "cancel",
    "refused",
    "saved",
    "nothing",
    "info",
    "pick_other",
    "r_has_order",
    "r_hex_taken",
    "r_unit_activated",
    "r_leader_used",
    "r_limit",
    "r_too_many",
    "r_not_offered",
    "act_pick",
    "act_leader",
    "act_in_range",
    "act_waiting",
    "act_leaders",
    "act_alone",
    "act_limits",
    "act_selected",
    "mv_pick",
    "mv_keeps",
    "mv_sscb",
    "mv_dest",
    "mv_facing",
    "mv_road",
    "mv_mounted",
    "mv_legend",
    "mv_pick_hex",
    "mv_off",
    "cb_pick",
    "cb_melee",
    "cb_shoot",
    "cb_target_loses",
    "cb_attacker_loses",
    "cb_routs",
    "cb_lost",
    "cb_probability",
)


def page_texts(lang: str) -> dict[str, str]:
    """The page's words in ``lang``: templates whose ``{name}`` the script fills."""
    return {key: say(f"ui.page.{key}", lang) for key in _TEXT_KEYS}


# ------------------------------------------------------------------------------- data
def _lines(lines: Any, lang: str, rs: Ruleset) -> list[str]:
    from referee.render.skeleton import _said

    return [_said(line, lang, rs) for line in lines]


def _group_json(group: Any, lang: str, rs: Ruleset) -> dict[str, Any]:
    from referee.render.skeleton import _said

    return {
        "subject": group.subject,
        "about": _lines(group.about, lang, rs),
        "choice": group.choice,
        "options": [
            {"order": o.order, "note": _said(o.note, lang, rs) if o.note else ""}
            for o in group.options
        ],
    }


def _activation(state: GameState, rs: Ruleset, sk: Skeleton) -> dict[str, Any]:
    board = Board(state)
    side = state.player
    band = rs.activation.band(len(board.unit_order[side]))
    done = board.activations.get(side, [])
    grid = board.grid
    leaders: dict[str, Any] = {}
    for group in sk.groups:
        if group.facts is None:
            continue
        facts: dict[str, Any] = dict(group.facts)
        origins = [grid.parse(str(o)) for o in facts["origins"]]
        reach = int(facts["range"])
        near = {
            h
            for o in origins
            for radius in range(reach + 1)
            for h in ring(o, radius)
            if grid.contains(h)
        }
        facts["hexes"] = sorted(grid.label(h) for h in near)
        leaders[group.subject] = facts
    return {
        "allowed": band.activations,
        "done": len(done),
        "max_units": band.max_units,
        "used": sorted({a.leader for a in done} | {u for a in done for u in a.units}),
        "leaders": leaders,
    }


def _dests(
    reach: Reach, facing: Direction | None, nearest: Nearest, width: int, suggest: bool
) -> list[dict[str, Any]]:
    out = []
    for d in reach.destinations:
        if d.exit:
            continue  # leaving the table: `referee moves` lists it; the page does not
        face = None
        if suggest and facing is not None:
            toward = _facing_toward(d.hex, facing, nearest)
            face = toward.name if toward != facing else None
        out.append(
            {
                "hex": d.hex.label(width),
                "cost": d.cost,
                "combat": d.combat,
                "path": [h.label(width) for h in d.path],
                "face": face,
            }
        )
    return out


def _movement(state: GameState, rs: Ruleset, sk: Skeleton) -> dict[str, Any]:
    board = Board(state)
    rules = Rules(rs)  # one for every unit's reach: its memos serve them all
    width = board.grid.width
    nearest = Nearest(_enemy_hexes(state))
    movers: dict[str, Any] = {}
    for group in sk.groups:
        if not group.options:
            continue
        uid = group.subject
        unit = board.units.get(uid) or next(
            (u for u in board.off_table[state.player] if u.id == uid), None
        )
        facing = unit.facing if unit is not None else None
        reach = reachable(state, rs, uid, rules=rules)
        entry: dict[str, Any] = {
            "kind": reach.kind,
            "at": reach.start.label(width) if reach.start else None,
            "entries": [h.label(width) for h in reach.entry_points],
            "facing": facing.name if facing is not None else None,
            "allowance": reach.allowance,
            "combat": reach.combat_allowance,
            "cell": reach.cell,
            "modes": {"": _dests(reach, facing, nearest, width, unit is not None)},
        }
        if any(o.order.endswith(" road") for o in group.options):
            road = reachable(state, rs, uid, road=True, rules=rules)
            entry["modes"]["road"] = _dests(road, facing, nearest, width, False)
        if any(o.order.endswith(" mounted") for o in group.options):
            mounted = reachable(state, rs, uid, mounted=True, rules=rules)
            entry["modes"]["mounted"] = _dests(mounted, facing, nearest, width, False)
        movers[uid] = entry
    return {"movers": movers}


def _odds_json(
    state: GameState, rs: Ruleset, board: Board, uid: str, target: str, kind: AttackKind, lang: str
) -> dict[str, Any]:
    result = odds(state, rs, uid, target, kind, board=board)
    out: dict[str, Any] = {"dice": result.attack.total, "evasion": list(result.evasion or [])}

    def side(who: str) -> dict[str, Any]:
        return {
            "lost": [[k, *_exact(p)] for k, p in result.distribution(who, "lost").items()],
            "rout": _exact(result.rout_probability(who)),
            "expected": _decimal(float(result.expected_loss(who)), lang),
        }

    out["target"] = side("target")
    if kind == "melee" and result.riposte is not None:
        out["riposte"] = result.riposte.total
        out["attacker"] = side("attacker")
    return out


def _decimal(value: float, lang: str) -> str:
    """One decimal, with the language's decimal mark (``0,4`` in French)."""
    return number(value, lang)


def _combat(state: GameState, rs: Ruleset, sk: Skeleton, lang: str) -> dict[str, Any]:
    board = Board(state)
    attacks: dict[str, Any] = {}
    for group in sk.groups:
        for option in group.options:
            parts = option.order.split()
            if len(parts) != 3 or parts[1] not in ("melee", "shoot"):
                continue
            uid, word_, target = parts
            kind: AttackKind = "melee" if word_ == "melee" else "shooting"
            attacks.setdefault(uid, []).append(
                {
                    "target": target,
                    "kind": word_,
                    "order": option.order,
                    "odds": _odds_json(state, rs, board, uid, target, kind, lang),
                }
            )
    return {"attacks": attacks}


def _geometry(state: GameState, rs: Ruleset, lang: str, size: float) -> dict[str, Any]:
    """Hex centres in the SVG's pixels (the same layout as the map drawn), and where
    every unit and leader stands."""
    drawing = _Svg(state, rs, lang, size, None, None, None)
    layout, grid = drawing.layout, state.map.grid
    hexes: set[Hex] = set(grid.hexes())
    for side in state.sides:
        hexes.update(side.entry_points)
    centres = {
        grid.label(h): [round(x, 1), round(y, 1)] for h in hexes for x, y in [layout.centre(h)]
    }
    units = {
        u.id: {"at": grid.label(u.at), "side": u.side, "facing": u.facing.name}
        for u in state.units()
        if u.at is not None
    }
    board = Board(state)
    leaders = {}
    for side in state.sides:
        for leader in side.leaders:
            at = board.leader_hex(leader)
            if at is not None and leader.on_table:
                leaders[leader.id] = {
                    "at": grid.label(at),
                    "side": side.id,
                    "attached": leader.attached_to,
                }
    return {"r": drawing.r, "centres": centres, "units": units, "leaders": leaders}


def page_data(
    state: GameState,
    rs: Ruleset,
    sk: Skeleton,
    lang: str,
    state_name: str,
    size: float = DEFAULT_SIZE,
) -> dict[str, Any]:
    """Everything the page shows and offers, as plain JSON values."""
    data: dict[str, Any] = {
        "lang": lang,
        "turn": sk.turn,
        "player": sk.player,
        "phase": sk.phase,
        "game": state.game,
        "state": state_name,
        "header": _lines(sk.header, lang, rs),
        "groups": [_group_json(g, lang, rs) for g in sk.groups],
        "t": page_texts(lang),
        "left": say(f"ui.page.left_{sk.phase}", lang, state=state_name),
        "file_head": file_head(sk, rs, state, state_name, lang),
        "map": _geometry(state, rs, lang, size),
    }
    if sk.phase == "activation":
        data["activation"] = _activation(state, rs, sk)
    elif sk.phase == "movement":
        data["movement"] = _movement(state, rs, sk)
    elif sk.phase == "combat":
        data["combat"] = _combat(state, rs, sk, lang)
    return data


def file_head(sk: Skeleton, rs: Ruleset, state: GameState, state_name: str, lang: str) -> str:
    """The orders file up to ``orders:``: the lines ``referee orders`` writes, its
    comments saying that the page wrote it and what to run next."""
    from referee.render.skeleton import _scalar

    comments = say(
        "ui.page.file_comment",
        lang,
        player=sk.player,
        turn=sk.turn,
        phase=word("phase", sk.phase, lang),
        ruleset=rs.title,
        game=state.game,
        state=state_name,
    )
    if state.dice.mode == "two-party":  # the orders travel with their author's reveal
        comments += "\n" + say("ui.page.file_two_party", lang, state=state_name)
    lines = [f"# {line}".rstrip() for line in comments.split("\n")]
    return (
        "\n".join(
            [
                *lines,
                f"format: {ORDERS_FORMAT}",
                f"turn: {sk.turn}",
                f"player: {_scalar(sk.player)}",
                f"phase: {sk.phase}",
            ]
        )
        + "\n"
    )


def orders_page(
    state: GameState,
    rs: Ruleset,
    sk: Skeleton,
    lang: str,
    state_name: str,
    version: str = "",
    size: float = DEFAULT_SIZE,
) -> str:
    """The whole page: the map (inline SVG), the phase's choices, the orders picked."""
    data = page_data(state, rs, sk, lang, state_name, size)
    svg = svg_map(state, rs, lang, size)
    svg = svg[svg.find("<svg") :]
    title = say(
        "ui.page.title",
        lang,
        player=sk.player,
        turn=sk.turn,
        phase=word("phase", sk.phase, lang),
        game=state.game,
    )
    header = "".join(f"<p>{escape(line)}</p>" for line in data["header"])
    t = data["t"]
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{lang}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{asset('orders.css')}</style>",
            "</head>",
            f'<body data-phase="{sk.phase}">',
            f"<header><h1>{escape(title)}</h1>"
            f'<details class="rules"><summary>{escape(say("ui.page.rules", lang))}</summary>'
            f"{header}</details></header>",
            '<main><figure class="map" id="map">',
            svg,
            "</figure>",
            '<aside id="panel">',
            f'<section id="choices"><h2>{escape(t["choices"])}</h2>'
            '<div id="pick"></div><p id="message" role="status"></p></section>',
            f'<section id="orders"><h2>{escape(t["orders"])}</h2><ol id="order-list"></ol>'
            f'<p id="left">{escape(data["left"])}</p>'
            f'<p class="buttons"><button type="button" id="save">{escape(t["save"])}</button> '
            f'<button type="button" id="copy">{escape(t["copy"])}</button></p>'
            '<textarea id="file" readonly rows="10" spellcheck="false"></textarea></section>',
            "</aside></main>",
            f"<footer><p>{escape(say('ui.page.footer', lang, version=version))}</p></footer>",
            f'<script id="data" type="application/json">{json_for_script(data)}</script>',
            f"<script>{asset('orders.js')}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def skeleton_choices(sk: Skeleton) -> Mapping[str, list[str]]:
    """The skeleton's order lines by subject (what the page's test compares with)."""
    return {g.subject: [o.order for o in g.options] for g in sk.groups if g.options}

"""Play whole games for the regression corpus (tests/games/, issue 23 item 4): from a
scenario to an army's break, every phase through the command line as a player would
(``referee new``, ``referee orders --json``, ``referee adjudicate``), the interpretations
at their defaults, open dice.

    python tools/play_games.py SCENARIO OUT.yaml [--seed-turns N] [--style bold|steady]

The players are simple and deterministic: each activates the leaders whose units are
nearest the enemy, moves every activated unit to the offered hex nearest an enemy
(keeping its right to fight when it can), makes every attack the orders skeleton offers
(best odds first) and every pursuit it offers. ``tests/test_games.py`` replays each game
with ``referee verify``: a rule change that alters a ruling shows as a located
difference (entry, turn, player, phase).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from referee.core.hexgrid import Hex


def run(*args: str) -> tuple[int, str]:
    proc = subprocess.run(["referee", *args], capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1, 4):
        raise SystemExit(f"referee {' '.join(args)}: exit {proc.returncode}\n{proc.stderr}")
    return proc.returncode, proc.stdout


def enemies(state: dict[str, Any], player: str) -> list[Hex]:
    return [
        Hex.from_label(str(u["at"]))
        for side, s in state["sides"].items()
        if side != player
        for u in s.get("units") or []
        if u.get("at")
    ]


def own(state: dict[str, Any], player: str) -> dict[str, Hex]:
    return {
        u["id"]: Hex.from_label(str(u["at"]))
        for u in state["sides"][player].get("units") or []
        if u.get("at")
    }


def nearest(h: Hex, targets: list[Hex]) -> int:
    return min((h.distance(t) for t in targets), default=99)


def pick(skeleton: dict[str, Any], state: dict[str, Any], style: str) -> list[str]:
    phase, player = skeleton["phase"], skeleton["player"]
    foes = enemies(state, player)
    mine = own(state, player)
    orders: list[str] = []
    if phase == "activation":
        limit = 1
        for line in skeleton["header"]:
            if "activation(s)" in line:
                limit = int(line.split(" activation(s)")[0].rsplit(" ", 1)[-1])
        options = []
        for group in skeleton["groups"]:
            for option in group["options"]:
                units = option["order"].split(":", 1)[1].split()
                if units:
                    far = sum(nearest(mine[u], foes) for u in units if u in mine) / len(units)
                    options.append((far, -len(units), option["order"], set(units)))
                    break
        used: set[str] = set()
        for _, _, order, units in sorted(options):
            if len(orders) < limit and not units & used:
                orders.append(order)
                used |= units
    elif phase == "movement":
        for group in skeleton["groups"]:
            best = None
            for option in group["options"]:
                order = option["order"]
                path = order.split()[1]
                if path in ("to", "face"):
                    continue
                end = Hex.from_label(path.split("-")[-1])
                keeps = "keeps combat" in option.get("note", "")
                key = (nearest(end, foes), 0 if keeps or style == "bold" else 1)
                if best is None or key < best[0]:
                    best = (key, order)
            if best is not None:
                orders.append(best[1])
    elif phase in ("combat", "pursuit"):
        targets: set[str] = set()
        for group in skeleton["groups"]:
            for option in group["options"]:
                words = option["order"].split()
                if (
                    phase == "combat"
                    and len(words) == 3
                    and words[2] in targets
                    and style == "steady"
                ):
                    continue
                orders.append(option["order"])
                targets.add(words[-1])
                break
    return orders


def play(scenario: str, out: Path, style: str, max_phases: int = 400) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        state = Path(tmp) / "game.yaml"
        run("new", scenario, "-o", str(state), "--dice", "open")
        new_game: list[str] = []  # `referee new` starts the history
        for n in range(max_phases):
            data = yaml.safe_load(state.read_text(encoding="utf-8"))
            _, text = run("orders", str(state), "--json")
            skeleton = json.loads(text)
            orders = pick(skeleton, data, style)
            orders_file = Path(tmp) / f"orders-{n}.yaml"
            orders_file.write_text(
                yaml.safe_dump(
                    {
                        "format": "referee-orders/1",
                        "turn": skeleton["turn"],
                        "player": skeleton["player"],
                        "phase": skeleton["phase"],
                        "orders": orders,
                    },
                    allow_unicode=True,
                    sort_keys=False,
                ),
                encoding="utf-8",
            )
            code, _ = run("adjudicate", str(state), str(orders_file), "--in-place", *new_game)
            new_game = []
            if code == 4:
                break
        else:
            raise SystemExit(f"no army broke in {max_phases} phases")
        run("verify", str(state))  # exit 5 (a mismatch) stops here
        out.write_bytes(state.read_bytes())
        print(f"{out}: {n + 1} phases, turn {skeleton['turn']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario")
    parser.add_argument("out")
    parser.add_argument("--style", choices=("bold", "steady"), default="steady")
    args = parser.parse_args()
    play(args.scenario, Path(args.out), args.style)


if __name__ == "__main__":
    sys.exit(main())

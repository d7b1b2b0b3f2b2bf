"""`referee new` and `referee orders` through the real entry point: each sample battle
(and the README's quickstart) is built from its scenario, then a whole player-turn is
played from the skeletons alone, uncommenting some of their orders programmatically:
activation, movement, combat, rout, pursuit. Plus the conveniences of issue 11."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import ROOT, SAMPLES, referee, small_state, write
from referee.core.dice import commitment

SCENARIOS = ["thucidide", "panache", "frederic", "quickstart"]


def skeleton(state: Path, out: Path) -> dict[str, Any]:
    """Write the orders skeleton of a state to ``out``; return its --json form."""
    run = referee("orders", str(state), "-o", str(out))
    assert run.code == 0, run.err
    data = json.loads(referee("orders", str(state), "--json").out)
    assert isinstance(data, dict)
    return data


def uncomment(path: Path, orders: list[str]) -> None:
    """Give these orders: remove the '# ' in front of their lines."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for order in orders:
        item = "  # - " + json.dumps(order, ensure_ascii=False)
        index = next(i for i, line in enumerate(lines) if line.startswith(item))
        lines[index] = "  " + lines[index][4:]
    path.write_text("\n".join(lines), encoding="utf-8")


def adjudicate(state: Path, orders: Path | None, out: Path) -> tuple[int, dict[str, Any]]:
    args = (
        ["adjudicate", str(state)] + ([str(orders)] if orders else []) + ["-o", str(out), "--json"]
    )
    run = referee(*args)
    assert run.code in (0, 1), run.err + run.out
    return run.code, json.loads(run.out)


def applied(report: dict[str, Any], suffix: str) -> list[dict[str, Any]]:
    return [e for e in report["events"] if e["code"].endswith(suffix)]


def pick_activations(sk: dict[str, Any], allowed: int) -> list[str]:
    chosen: list[str] = []
    used: set[str] = set()
    for group in sk["groups"]:
        for option in group["options"]:
            names = set(option["order"].replace(":", " ").split()[1:])
            if names & used or option["order"].endswith(":"):  # not a leader alone
                continue
            chosen.append(option["order"])
            used |= names
            break
        if len(chosen) == allowed:
            break
    return chosen


def pick_moves(sk: dict[str, Any]) -> list[str]:
    """One destination per unit, never ending where an earlier move ends nor passing
    where one already ended (moves are made in the order written)."""
    ends: set[str] = set()
    chosen = []
    for group in sk["groups"]:
        for option in group["options"]:
            order = option["order"]
            path = next((w for w in order.split()[1:] if re.fullmatch(r"[\d-]+", w)), "")
            hexes = path.split("-")
            if not hexes or ends & set(hexes) or " road" in order:
                continue
            chosen.append(order)
            ends.add(hexes[-1])
            break
    return chosen


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_whole_player_turn_from_the_scenario_and_the_skeletons(name: str, tmp_path: Path) -> None:
    seed = tmp_path / "seed.txt"
    seed.write_text(f"{name}-playthrough\n", encoding="utf-8")
    state = tmp_path / "t0.yaml"
    run = referee(
        "new",
        str(SAMPLES / f"{name}-scenario.yaml"),
        "-o",
        str(state),
        "--dice",
        "open",
        "--seed-file",
        str(seed),
    )
    assert run.code == 0, run.err
    assert referee("validate", str(state)).code == 0
    first = yaml.safe_load(state.read_text(encoding="utf-8"))["player"]
    orders = tmp_path / "orders.yaml"

    # activation: one suggested activation per leader, without sharing a unit
    sk = skeleton(state, orders)
    assert sk["phase"] == "activation" and sk["choices"] >= 2
    assert referee("validate", str(state), str(orders)).code == 0
    allowed = int(re.search(r"so (\d+) activation", sk["header"][0]).group(1))  # type: ignore[union-attr]
    chosen = pick_activations(sk, allowed)
    assert chosen
    uncomment(orders, chosen)
    code, report = adjudicate(state, orders, tmp_path / "t1.yaml")
    assert code == 0 and len(applied(report, "activation.applied")) == len(chosen)

    # movement: a proposed destination for every activated unit, all legal
    sk = skeleton(tmp_path / "t1.yaml", orders)
    assert sk["phase"] == "movement"
    moves = pick_moves(sk)
    assert moves
    uncomment(orders, moves)
    code, report = adjudicate(tmp_path / "t1.yaml", orders, tmp_path / "t2.yaml")
    assert code == 0, [e for e in report["events"] if e["severity"] == "refused"]
    assert len(applied(report, "applied")) == len(moves)  # move.applied, move.leader_applied

    # combat: the first target proposed to each unit, one attack per target; an earlier
    # combat may push a later target out of reach (a refusal, exit 1)
    sk = skeleton(tmp_path / "t2.yaml", orders)
    assert sk["phase"] == "combat"
    attacks, targets = [], set()
    for group in sk["groups"]:
        for option in group["options"]:
            target = option["order"].split()[-1]
            if target not in targets:
                attacks.append(option["order"])
                targets.add(target)
                break
    uncomment(orders, attacks)
    code, report = adjudicate(tmp_path / "t2.yaml", orders, tmp_path / "t3.yaml")
    assert report["applied"]["phase"] == "combat"

    # rout and pursuit: no orders file unless the skeleton offers a choice; then the
    # skeleton itself, with its first choice of each kind uncommented
    current = tmp_path / "t3.yaml"
    for index, phase in enumerate(("rout", "pursuit"), start=4):
        sk = json.loads(referee("orders", str(current), "--json").out)
        assert sk["phase"] == phase
        after = tmp_path / f"t{index}.yaml"
        if sk["choices"]:
            skeleton(current, orders)
            uncomment(
                orders,
                [g["options"][0]["order"] for g in sk["groups"] if g["choice"] and g["options"]],
            )
            code, report = adjudicate(current, orders, after)
        else:
            code, report = adjudicate(current, None, after)
        assert code == 0, report
        current = after
    final = yaml.safe_load(current.read_text(encoding="utf-8"))
    assert final["phase"] == "activation" and final["player"] != first
    assert referee("verify", str(current)).code == 0


def test_the_readme_scenario_is_the_quickstart_file() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = (SAMPLES / "quickstart-scenario.yaml").read_text(encoding="utf-8")
    assert f"```yaml\n{text}```" in readme
    data = yaml.safe_load(text)
    assert len(text.splitlines()) <= 50
    for side in data["sides"].values():
        count = 0
        for line in side["units"]:
            m = re.match(r"(\d+) x ", line)
            count += int(m.group(1)) if m else 1
        assert count == 15


# ------------------------------------------------------------------ referee new
def test_new_open_commit_physical(tmp_path: Path) -> None:
    scenario = SAMPLES / "thucidide-scenario.yaml"
    run = referee(
        "new", str(scenario), "-o", str(tmp_path / "open.yaml"), "--dice", "open", "--json"
    )
    assert run.code == 0, run.err
    info = json.loads(run.out)
    assert info["sides"]["carthage"]["units"] == 17 and info["dice"] == "open"
    state = yaml.safe_load((tmp_path / "open.yaml").read_text(encoding="utf-8"))
    assert re.fullmatch(r"[0-9a-f]{64}", state["dice"]["seed"])
    assert [h["phase"] for h in state["history"]] == ["start"]
    other = referee("new", str(scenario), "-o", str(tmp_path / "open2.yaml"), "--dice", "open")
    assert other.code == 0
    assert (
        yaml.safe_load((tmp_path / "open2.yaml").read_text(encoding="utf-8"))["dice"]["seed"]
        != state["dice"]["seed"]
    )  # a fresh seed each time

    run = referee("new", str(scenario), "-o", str(tmp_path / "c.yaml"), "--dice", "commit")
    assert run.code == 0, run.err
    seed_file = tmp_path / "c.seed"
    assert stat.S_IMODE(os.stat(seed_file).st_mode) == 0o600
    seed = seed_file.read_text(encoding="utf-8").strip()
    committed = yaml.safe_load((tmp_path / "c.yaml").read_text(encoding="utf-8"))["dice"]
    assert committed == {"mode": "commit", "commitment": commitment(seed)}
    assert commitment(seed) in run.out
    assert referee("verify", str(tmp_path / "c.yaml"), "--seed-file", str(seed_file)).code == 0

    run = referee("new", str(scenario), "-o", str(tmp_path / "p.yaml"), "--dice", "physical")
    assert run.code == 0
    assert yaml.safe_load((tmp_path / "p.yaml").read_text(encoding="utf-8"))["dice"] == {
        "mode": "physical"
    }
    assert referee("new", str(scenario), "-o", str(tmp_path / "x.yaml"), "--dice", "opne").code == 2
    # two-party, the default: no seed anywhere, the players commit next (docs/pbem.md)
    run = referee("new", str(scenario), "-o", str(tmp_path / "t.yaml"))
    assert run.code == 0, run.err
    made = yaml.safe_load((tmp_path / "t.yaml").read_text(encoding="utf-8"))
    assert made["dice"]["mode"] == "two-party" and "seed" not in made["dice"]
    assert [h["phase"] for h in made["history"]] == ["start"]
    assert "referee seed commit" in run.out
    assert (
        referee(
            "new",
            str(scenario),
            "-o",
            str(tmp_path / "x.yaml"),
            "--dice",
            "two-party",
            "--seed-file",
            str(seed_file),
        ).code
        == 2
    )  # two-party mode uses no seed
    assert not (tmp_path / "x.yaml").exists()


def test_new_default_output_never_overwrites(tmp_path: Path) -> None:
    scenario = tmp_path / "battle-scenario.yaml"
    scenario.write_text(
        (SAMPLES / "quickstart-scenario.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    assert referee("new", str(scenario)).code == 0
    made = tmp_path / "battle.state.yaml"
    assert yaml.safe_load(made.read_text(encoding="utf-8"))["game"] == "battle"
    before = made.read_text(encoding="utf-8")
    run = referee("new", str(scenario))
    assert run.code == 6 and "exists already" in run.err
    assert made.read_text(encoding="utf-8") == before


def test_new_refuses_a_state_and_a_bad_scenario(tmp_path: Path) -> None:
    run = referee("new", str(SAMPLES / "thucidide.yaml"), "-o", str(tmp_path / "x.yaml"))
    assert run.code == 3 and "game state already" in run.err
    bad = yaml.safe_load((SAMPLES / "quickstart-scenario.yaml").read_text(encoding="utf-8"))
    bad["ruleset"] = "thucydide"
    run = referee("new", str(write(tmp_path / "b.yaml", bad)), "-o", str(tmp_path / "x.yaml"))
    assert run.code == 3 and "did you mean thucidide?" in run.err
    bad["ruleset"] = "thucidide"
    bad["sides"]["greeks"]["units"][1] = '9 x infanterie hevy "Hoplites"'
    bad["sides"]["persians"]["deploy"] = "line 0405-0605"
    run = referee("new", str(write(tmp_path / "b.yaml", bad)), "-o", str(tmp_path / "x.yaml"))
    assert run.code == 3
    lines = run.err.strip().splitlines()
    assert "did you mean heavy?" in lines[0] and "b.yaml:" in lines[0]
    assert sum("has no hex" in line for line in lines) == 12
    assert not (tmp_path / "x.yaml").exists()
    assert referee("validate", str(tmp_path / "b.yaml")).code == 3
    assert (
        referee("validate", str(SAMPLES / "quickstart-scenario.yaml"))
        .out.strip()
        .endswith("valid scenario")
    )


# ------------------------------------------------------------------- referee orders
def test_orders_skeleton_adjudicates_and_validates_as_it_is(tmp_path: Path) -> None:
    state = tmp_path / "s.yaml"
    assert (
        referee(
            "new", str(SAMPLES / "panache-scenario.yaml"), "-o", str(state), "--dice", "open"
        ).code
        == 0
    )
    orders = tmp_path / "o.yaml"
    skeleton(state, orders)
    text = orders.read_text(encoding="utf-8")
    # the comments are wrapped at 80 columns: read as one text
    said = " ".join(line.strip().lstrip("#").strip() for line in text.splitlines())
    assert '# - "activate ENGHIEN:' in text and "2 activation(s) of at most 4 units" in said
    # (but the commands to run, which name the files as given)
    assert all(len(line) <= 80 for line in text.splitlines() if "referee " not in line)
    assert yaml.safe_load(text)["orders"] is None  # every order is commented out
    assert referee("validate", str(state), str(orders)).code == 0
    code, report = adjudicate(state, orders, tmp_path / "s1.yaml")
    assert code == 0 and not applied(report, "activation.applied")
    printed = referee("orders", str(state))
    assert printed.code == 0 and printed.out == text.replace(str(orders), "ORDERS.yaml")


def test_orders_movement_lists_allowance_ss_cb_and_destinations(tmp_path: Path) -> None:
    data = small_state()
    data["phase"] = "movement"
    data["sides"]["red"]["units"][0]["status"] = ["activated"]
    state = write(tmp_path / "s.yaml", data)
    sk = json.loads(referee("orders", str(state), "--json").out)
    [group] = sk["groups"]
    assert group["subject"] == "R1"
    assert (
        'allowance 2 (cell "1/2 ss cb"); keeps the right to fight up to 1 point, ss cb beyond'
        in group["about"][1]
    )
    moves = json.loads(referee("moves", str(state), "R1", "--json").out)
    reachable = {d["hex"]: d for d in moves["destinations"]}
    for option in group["options"]:
        path = option["order"].split()[1].split("-")
        assert reachable[path[-1]]["path"] == path  # the same engine as `referee moves`
        assert ("ss cb" in option["note"]) == reachable[path[-1]]["ss_cb"]


def test_orders_combat_gives_the_odds(tmp_path: Path) -> None:
    data = small_state()
    data["phase"] = "combat"
    red = data["sides"]["red"]["units"]
    red[0].update(at="0304", status=["activated"])  # adjacent to B1 at 0303
    state = write(tmp_path / "s.yaml", data)
    sk = json.loads(referee("orders", str(state), "--json").out)
    [group] = sk["groups"]
    [option] = [o for o in group["options"] if o["order"] == "R1 melee B1"]
    odds = json.loads(referee("odds", str(state), "R1", "B1", "--json").out)
    loss = odds["summary"]["target"]["expected_loss"]["value"]
    assert f"B1 loses {loss:.1f} on average" in option["note"]


def test_rout_and_pursuit_choices_from_the_endgame(tmp_path: Path) -> None:
    state = SAMPLES / "thucidide-endgame.yaml"
    after_combat = tmp_path / "e1.yaml"
    assert (
        referee(
            "adjudicate",
            str(state),
            str(SAMPLES / "thucidide-endgame-orders-combat.yaml"),
            "-o",
            str(after_combat),
            "--new-game",
        ).code
        == 0
    )
    sk = json.loads(referee("orders", str(after_combat), "--json").out)
    choices = [o["order"] for g in sk["groups"] if g["choice"] for o in g["options"]]
    assert choices == ["HANNIBAL choose I5", "HANNIBAL choose A2"]  # not Rome's Paullus
    run = referee("adjudicate", str(after_combat), "-o", str(tmp_path / "e2.yaml"))
    assert run.code == 2 and "carthage has choices to make in this rout phase (EL1)" in run.err
    assert "referee orders" in run.err and not (tmp_path / "e2.yaml").exists()


# ------------------------------------------------------------------ conveniences
def test_adjudicate_without_orders_where_orders_are_needed(tmp_path: Path) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    run = referee("adjudicate", str(state), "--new-game")
    assert run.code == 2
    assert "the activation phase needs an orders file" in run.err
    assert f"referee orders {state} -o orders.yaml" in run.err
    assert f"referee: {state}: ORDERS: " in run.err
    # the argument the line names is the usage line's word, in the user's language
    run = referee("adjudicate", str(state), "--new-game", "--lang", "fr")
    assert run.code == 2 and f"referee: {state}: ORDRES: " in run.err
    run = referee("validate", "--lang", "fr")
    assert run.code == 2 and "FICHIERS" in run.err and "FILES" not in run.err


def test_swapped_state_and_orders(tmp_path: Path) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    orders = write(
        tmp_path / "o.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "activation",
            "orders": [],
        },
    )
    run = referee("adjudicate", str(orders), str(state))
    assert run.code == 2
    assert run.err.count("\n") == 1 and "swapped" in run.err
    assert f"referee adjudicate {state} {orders}" in run.err
    run = referee("adjudicate", str(orders))
    assert run.code == 2 and "holds orders, not a game state" in run.err


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (("moves", "{s}", "r1"), "did you mean R1?"),
        (("moves", "{s}", "R11"), "did you mean R1?"),
        (("moves", "{s}", "RGG"), "did you mean RG?"),
        (("odds", "{s}", "R1", "B2"), "did you mean B1?"),
        (("odds", "{s}", "R9", "B1"), "did you mean R1 or R2?"),
    ],
)
def test_did_you_mean_on_the_command_line(tmp_path: Path, args: tuple[str, ...], hint: str) -> None:
    state = write(tmp_path / "s.yaml", small_state())
    run = referee(*(a.format(s=state) for a in args))
    assert run.code == 3 and hint in run.err, run.err


def test_version_and_examples_in_every_help() -> None:
    from importlib.metadata import version

    run = referee("--version")
    assert run.code == 0 and run.out.strip() == f"referee {version('referee')}"
    from referee.cli import app

    names = [
        command.name or command.callback.__name__  # type: ignore[union-attr]
        for command in app.registered_commands
    ]
    names += [
        f"{group.name} {command.name}"
        for group in app.registered_groups
        for command in group.typer_instance.registered_commands
    ]  # type: ignore[union-attr]
    assert "seed reveal" in names
    for name in names:
        out = referee(*name.split(), "--help").out
        assert "Examples:" in out and f"referee {name}" in out.split("Examples:")[1], name
    help_text = referee("--help").out
    assert "--install-completion" in help_text and "--version" in help_text


def test_examples_name_real_sample_files() -> None:
    from referee.cli.examples import EXAMPLES

    for lines in EXAMPLES.values():
        for line in lines:
            for word in line.split():
                if word.startswith("samples/"):
                    assert (ROOT / word).exists(), word


def test_pursuit_choices_and_supports(tmp_path: Path) -> None:
    """The endgame with the strict reading of 001 (samples/README.md): after the rout,
    A1 may pursue or hold, I2 (impetuous) pursues anyway but may take its supports."""
    strict = write(
        tmp_path / "strict.yaml",
        {
            "format": "referee-house-rules/1",
            "base": "thucidide",
            "army_break": {
                "breaks_when_losses_reach_cohesion": {
                    "value": False,
                    "source": "interpretation: strict reading",
                }
            },
        },
    )
    e1, e2 = tmp_path / "e1.yaml", tmp_path / "e2.yaml"
    assert (
        referee(
            "adjudicate",
            str(SAMPLES / "thucidide-endgame.yaml"),
            str(SAMPLES / "thucidide-endgame-orders-combat.yaml"),
            "-o",
            str(e1),
            "--house-rules",
            str(strict),
            "--new-game",
        ).code
        == 0
    )
    assert (
        referee(
            "adjudicate",
            str(e1),
            str(SAMPLES / "thucidide-endgame-orders-rout.yaml"),
            "-o",
            str(e2),
        ).code
        == 0
    )
    sk = json.loads(referee("orders", str(e2), "--json").out)
    options = {g["subject"]: [o["order"] for o in g["options"]] for g in sk["groups"]}
    assert options["A1"] == ["A1 pursue", "A1 hold"]
    assert options["I2"][0] == "I2 pursue" and options["I2"][1].startswith("I2 pursue with ")
    assert "I2 hold" not in options["I2"]  # impetuous: a hold would be refused
    run = referee("adjudicate", str(e2), "-o", str(tmp_path / "e3.yaml"))
    assert run.code == 2 and "(I2, A1)" in run.err
    orders = tmp_path / "o.yaml"
    skeleton(e2, orders)
    uncomment(orders, ["A1 pursue"])
    run = referee("adjudicate", str(e2), str(orders), "-o", str(tmp_path / "e3.yaml"), "--json")
    assert run.code == 4  # the pursuit breaks Rome, as in samples/README.md
    events = json.loads(run.out)["events"]
    assert any(e["code"] == "pursuit.advance" and e["subject"] == "A1" for e in events)


def test_reinforcements_and_leaders_in_the_skeletons(tmp_path: Path) -> None:
    data = small_state()
    data["sides"]["red"]["entry_points"] = ["1105"]
    data["sides"]["red"]["leaders"][0]["at"] = "1005"
    data["sides"]["red"]["off_table"] = [
        {
            "id": "RR",
            "type": "cavalerie",
            "weight": "light",
            "facing": "NW",
            "cohesion": {"current": 2, "max": 2},
        }
    ]
    state = write(tmp_path / "s.yaml", data)
    sk = json.loads(referee("orders", str(state), "--json").out)
    [group] = sk["groups"]
    assert "reinforcements in range of an entry point: RR" in "\n".join(group["about"])
    orders = tmp_path / "o.yaml"
    skeleton(state, orders)
    with_rr = [o["order"] for o in group["options"] if "RR" in o["order"]]
    assert with_rr == ["activate RG: RR"]  # R1, R2 are 7 and 6 hexes away: out of range
    uncomment(orders, with_rr)
    assert (
        referee(
            "adjudicate", str(state), str(orders), "-o", str(tmp_path / "s1.yaml"), "--new-game"
        ).code
        == 0
    )
    sk = json.loads(referee("orders", str(tmp_path / "s1.yaml"), "--json").out)
    groups = {g["subject"]: g for g in sk["groups"]}
    assert sorted(groups) == ["RG", "RR"]  # the leader who led the activation may move
    rr = groups["RR"]
    assert "off the table (enters by 1105)" in rr["about"][0]
    skeleton(tmp_path / "s1.yaml", orders)
    uncomment(orders, [rr["options"][0]["order"]])
    assert (
        referee(
            "adjudicate", str(tmp_path / "s1.yaml"), str(orders), "-o", str(tmp_path / "s2.yaml")
        ).code
        == 0
    )


def test_new_from_stdin_to_stdout() -> None:
    text = (SAMPLES / "quickstart-scenario.yaml").read_text(encoding="utf-8")
    run = referee("new", "-", stdin=text)
    assert run.code == 0, run.err
    state = yaml.safe_load(run.out)
    assert state["format"] == "referee-state/1" and state["game"] == "game"
    assert "15 units" in run.err  # the summary goes to stderr when the state is on stdout
    assert referee("new", "-", "--dice", "commit", stdin=text).code == 2  # where to put the seed?


def test_no_skeleton_for_a_finished_game(tmp_path: Path) -> None:
    data = small_state()
    data["result"] = {"outcome": "broken", "broken": ["blue"]}
    run = referee("orders", str(write(tmp_path / "s.yaml", data)))
    assert run.code == 4 and "the game is over" in run.err


def test_new_does_not_replace_a_game_without_force(tmp_path: Path) -> None:
    """Issue 24: `referee new ... -o GAME` replaced a game in progress (its history lost)
    where `seed new` refuses without --force."""
    game = tmp_path / "game.yaml"
    scenario = str(SAMPLES / "quickstart-scenario.yaml")
    assert referee("new", scenario, "-o", str(game), "--dice", "open").code == 0
    before = game.read_bytes()
    run = referee("new", scenario, "-o", str(game), "--dice", "open")
    assert run.code == 6 and "exists already" in run.err and "--force" in run.err
    assert game.read_bytes() == before
    assert referee("new", scenario, "-o", str(game), "--dice", "open", "--force").code == 0
    assert game.read_bytes() != before  # a fresh seed


def test_a_chance_of_rout_is_written_as_the_language_writes_a_percentage() -> None:
    """The combat skeleton's chance of rout follows ``format.percent`` (issue 25 item 3:
    French puts a space before ``%``), as the odds view does."""
    endgame = str(SAMPLES / "thucidide-endgame.yaml")
    english = referee("orders", endgame)
    french = referee("orders", endgame, "--lang", "fr")
    assert english.code == french.code == 0, english.err + french.err
    assert "routs 17%" in english.out and "déroute 17 %" in french.out
    assert not re.search(r"\d%", french.out), french.out


def test_the_activations_already_given_are_listed_in_the_language(tmp_path: Path) -> None:
    """The engine gives each activation done as a code and its data; the render joins
    them as the language punctuates (issue 25 item 3: it was 'HANNIBAL: C1 C2; MAGON:
    S1', built by the engine, in French too)."""
    data = yaml.safe_load((SAMPLES / "thucidide.yaml").read_text(encoding="utf-8"))
    data["sides"]["carthage"]["activations"] = [
        {"leader": "HANNIBAL", "units": ["C1", "C2"]},
        {"leader": "MAGON", "units": ["S1"]},
    ]
    state = write(tmp_path / "done.yaml", data)
    english = referee("orders", str(state))
    french = referee("orders", str(state), "--lang", "fr")
    assert "(HANNIBAL: C1 C2; MAGON: S1)." in english.out, english.out + english.err
    assert "(HANNIBAL : C1 C2 ; MAGON : S1)." in french.out, french.out + french.err

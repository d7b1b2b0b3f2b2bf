"""Play by email exchanging orders, not states (docs/pbem.md; issue 22 items 2-4):
samples/pbem/mail-game.sh plays three full game turns of the quickstart battle in 8
mails between two folders; then every mail that must not apply, through the CLI, is
refused and leaves the folder as it was."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from clikit import SAMPLES, referee
from schemakit import fits, misfits_both

SCRIPT = SAMPLES / "pbem" / "mail-game.sh"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The mail game, played once: (work directory, its output)."""
    if shutil.which("bash") is None:  # pragma: no cover - every CI machine has bash
        raise AssertionError("bash is needed for this test")
    work = tmp_path_factory.mktemp("mailgame")
    env = dict(
        os.environ,
        PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
        COLUMNS="120",
    )
    run = subprocess.run(
        ["bash", str(SCRIPT), str(work)], capture_output=True, text=True, env=env, check=False
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return work, run.stdout + run.stderr


@pytest.fixture
def folders(played: tuple[Path, str], tmp_path: Path) -> Path:
    """A private copy of both folders, to cheat with."""
    shutil.copytree(played[0], tmp_path / "w")
    return tmp_path / "w"


def mails(folder: Path) -> list[Path]:
    return sorted((folder / "outbox").glob("*.eml"))


def digest(folder: Path) -> dict[str, str]:
    """Every file of a folder and its SHA-256: to see that nothing changed."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def history(folder: Path) -> list[dict[str, Any]]:
    data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return list(data["history"])


def edited(mail: Path, out: Path, change: Any) -> Path:
    """The mail with its body changed by ``change(text)``: what a cheat sends."""
    out.write_text(change(mail.read_text(encoding="utf-8")), encoding="utf-8")
    return out


def test_three_game_turns_in_eight_mails_exchanging_only_the_outboxes(
    played: tuple[Path, str],
) -> None:
    work, out = played
    a, b = work / "A", work / "B"
    sent = mails(a) + mails(b)
    assert len(sent) == 8, out
    assert all(p.stat().st_size < 10 * 1024 for p in sent), [p.stat().st_size for p in sent]
    assert sorted(p.name for p in sent)[:2] == ["001-invitation.eml", "002-answer.eml"]
    # each mail is an RFC 5322 message a mail client opens: one text/plain part, and the
    # one-line summary above the document
    import email
    import email.policy

    msg = email.message_from_bytes(sent[3].read_bytes(), policy=email.policy.default)
    assert msg["From"] and msg["To"] and msg["Subject"] and msg["Date"] and msg["Message-ID"]
    assert msg.get_content_type() == "text/plain"
    body = msg.get_content()
    assert "phases applied:" in body.split("\n")[0] and '\nformat: "referee-mail/1"' in body
    assert "state" not in body.split("format:")[1].split("\n", 1)[0]
    # the game reached turn 4, both copies verify, and they agree up to what B applied
    status = json.loads(referee("pbem", "status", str(a), "--json").out)
    assert status["turn"] == 4 and isinstance(status["turn"], int)
    assert status["my_move"] is True and status["sent"] == 4 and status["received"] == 4
    assert referee("verify", str(a / "game.yaml")).code == 0
    assert referee("verify", str(b / "game.yaml")).code == 0
    ha, hb = history(a), history(b)
    assert [e["hash"] for e in ha[: len(hb)]] == [e["hash"] for e in hb]
    # combat on both sides, with dice; every phase signed by its player or marked
    rolled = {e["player"] for e in ha if e["phase"] == "combat" and e["rolls"]}
    assert rolled == {"greeks", "persians"}
    for e in ha[3:]:
        assert e.get("signed") or e.get("nobody_decides"), e
    # the state-file flow reads the exported copy
    state = work / "exported.yaml"
    assert referee("pbem", "export", str(a), "-o", str(state)).code == 0
    assert referee("verify", str(state)).code == 0
    ledger = json.loads((a / "ledger.json").read_text(encoding="utf-8"))
    assert [m["number"] for m in ledger["mails"]] == list(range(1, 9))
    assert oct((a / "secret.txt").stat().st_mode)[-3:] == "600"


def test_a_mail_applied_twice_or_out_of_order_is_refused_and_changes_nothing(folders: Path) -> None:
    a, b = folders / "A", folders / "B"
    before = digest(b)
    run = referee("pbem", "receive", str(b), str(mails(a)[-1]))
    assert run.code == 7 and "mail 7 was applied already" in run.err
    assert digest(b) == before
    # mail 8 renumbered 10: one is missing
    late = edited(
        mails(b)[-1], folders / "late.eml", lambda t: t.replace("number: 8", "number: 10")
    )
    before = digest(a)
    run = referee("pbem", "receive", str(a), str(late))
    assert run.code == 7 and "this is mail 10, the next one is 9" in run.err, run.err
    assert f"{late}" in run.err
    # renumbered 9: the right number, but a position A's copy has left behind
    past = edited(mails(b)[-1], folders / "past.eml", lambda t: t.replace("number: 8", "number: 9"))
    run = referee("pbem", "receive", str(a), str(past))
    assert run.code == 7 and "applies to a past position of the game" in run.err
    assert digest(a) == before
    # it is A's move: B may not send
    run = referee("pbem", "send", str(b), str(b / "orders.yaml"))
    assert run.code == 7 and "it is not your move" in run.err


def test_a_mail_of_another_game_or_for_the_other_player_is_refused(folders: Path) -> None:
    a, b = folders / "A", folders / "B"
    scenario = folders / "rival-scenario.yaml"
    shutil.copy(SAMPLES / "quickstart-scenario.yaml", scenario)
    assert (
        referee(
            "pbem", "new", str(scenario), "--side", "persians", "--dir", str(folders / "C")
        ).code
        == 0
    )
    before = digest(a)
    run = referee("pbem", "receive", str(a), str(mails(folders / "C")[0]))
    assert run.code == 7 and "this mail is for game 'rival', this folder plays" in run.err
    run = referee("pbem", "receive", str(a), str(mails(a)[-1]))  # A's own mail
    assert run.code == 7 and "this mail is from greeks to persians" in run.err
    assert digest(a) == before
    run = referee("pbem", "join", str(mails(a)[0]), "--side", "greeks", "--dir", str(folders / "D"))
    assert run.code == 2 and not (folders / "D").exists()
    run = referee("pbem", "new", str(scenario), "--side", "greeks", "--dir", str(b))
    assert run.code == 6 and "exists and is not an empty folder" in run.err


def test_a_folder_that_cannot_be_made_says_why_in_each_language(tmp_path: Path) -> None:
    """``--dir`` under a regular file: the system's reason, in words in French."""
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    where = str(tmp_path / "afile" / "sub")
    scenario = str(SAMPLES / "quickstart-scenario.yaml")
    run = referee("pbem", "new", scenario, "--side", "persians", "--dir", where)
    assert run.code == 6
    assert f"{where}: cannot make the folder: Not a directory (choose another place)" in run.err
    run = referee("pbem", "new", scenario, "--side", "persians", "--dir", where, "--lang", "fr")
    assert run.code == 6
    assert (
        f"{where}: impossible de créer le dossier : un élément du chemin n'est pas un "
        "dossier (choisir un autre endroit)"
    ) in run.err, run.err
    assert not (tmp_path / "afile").is_dir()


def edit(orders: Path) -> None:
    """Uncomment the first option of every unit and leader: what mail-game.sh's editor
    does."""
    out, open_ = [], False
    for line in orders.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("  #   ") or re.match(r"  # [A-Z]", line):
            open_ = True
        if line.startswith("  # - ") and open_:
            line, open_ = "  - " + line[len("  # - ") :], False
        out.append(line)
    orders.write_text("".join(out), encoding="utf-8")


def play_turn(folder: Path) -> Path:
    """The player sends his phases until his referee writes a mail; the mail."""
    count = len(mails(folder))
    while len(mails(folder)) == count:
        edit(folder / "orders.yaml")
        run = referee("pbem", "send", str(folder), str(folder / "orders.yaml"))
        assert run.code in (0, 1), run.err
    return mails(folder)[-1]


def test_a_tampered_mail_is_refused_at_the_entry_it_changes(folders: Path) -> None:
    """The Greeks' turn 4 (mail 9, with his combat orders pending), changed three ways
    before the Persians receive it: each refused, located, the folder left as it was;
    then the real mail applies."""
    a, b = folders / "A", folders / "B"
    mail = play_turn(a)
    assert mail.name == "009-orders.eml"
    text = mail.read_text(encoding="utf-8")
    assert "\npending:\n" in text
    before = digest(b)
    # an entry's hash changed: B's copy would differ there
    first_hash = re.search(r'\n    hash: "([0-9a-f]{64})"', text)
    assert first_hash is not None
    forged = edited(
        mail, folders / "hash.eml", lambda t: t.replace(first_hash.group(1), "0" * 64, 1)
    )
    run = referee("pbem", "receive", str(b), str(forged))
    assert (
        run.code == 5
        and "your copy diverged from your opponent's at history[30] (turn 3, persians, combat)"
        in run.err
    ), run.err
    # an order changed in a phase the mail says the Greeks played: not what they signed
    steps = text.split("\nsteps:\n", 1)[1].split("\npending:\n", 1)[0]
    order = re.search(r'phase: "movement"\n    orders: \["([^"]+)"', steps)
    assert order is not None
    forged = edited(
        mail, folders / "step.eml", lambda t: t.replace(order.group(1), order.group(1) + "-0101", 1)
    )
    run = referee("pbem", "receive", str(b), str(forged))
    assert run.code == 3 and "is not greeks's signature of these orders" in run.err, run.err
    # an attack dropped from the pending combat orders: the mail is not what the Greeks
    # signed (nor the orders: their signature is checked before any reveal)
    pending = text.split("\npending:\n", 1)[1]
    attacks = re.search(r'phase: "combat"\n    orders: \[("[^"]+"), ', pending)
    assert attacks is not None
    forged = edited(
        mail,
        folders / "pending.eml",
        lambda t: t.replace(attacks.group(0), 'phase: "combat"\n    orders: [', 1),
    )
    run = referee("pbem", "receive", str(b), str(forged))
    assert run.code == 3 and f"{forged}: signature: this mail is not signed by greeks" in run.err, (
        run.err
    )
    # the Greeks applied the Persians' turn-3 rout knowing its dice: their choices in it
    # are the defaults, and a mail with others is refused
    forged = edited(
        mail,
        folders / "choices.eml",
        lambda t: t.replace(
            'phase: "rout"\n    orders: []\n',
            'phase: "rout"\n    orders: []\n    choices: '
            '{"greeks": {"after": null, "orders": null, "choices": ["G1 reaction evade"]}}\n',
            1,
        ),
    )
    run = referee("pbem", "receive", str(b), str(forged))
    assert run.code == 3 and "greeks made choices in your rout phase" in run.err, run.err
    assert digest(b) == before
    run = referee("pbem", "receive", str(b), str(mail))
    assert run.code == 0, run.err
    assert referee("verify", str(b / "game.yaml")).code == 0


def test_pending_orders_carrying_choices_in_my_name_are_refused(folders: Path) -> None:
    """The Greeks' pending combat orders (mail 9) with choices of the Persians in them:
    nobody chooses for a player's units but him (the mail's signature stops such a mail
    first: this is the receiver's own check behind it), said in English and French."""
    from referee.cli.cmd_pbem import _chain, _load, _secret
    from referee.core.errors import InvalidInput
    from referee.play.mailgame import apply_pending, apply_step, open_folder, read_mail
    from referee.render.problems import line

    a, b = folders / "A", folders / "B"
    mail = play_turn(a)
    folder = open_folder(str(b))
    state, rs = _load(folder)
    data, _ = read_mail(str(mail))
    for step in data["steps"]:
        state, _ = apply_step(state, rs, step)
    pending = [dict(item) for item in data["pending"]]
    assert pending[0]["phase"] == "combat" and folder.side == "persians"
    mine = {"after": None, "orders": None, "choices": ["P1 conform no"]}
    pending[0]["choices"] = {"persians": mine}
    secret, _ = _secret(folder)
    chain, _ = _chain(folder)
    with pytest.raises(InvalidInput) as refused:
        apply_pending(state, rs, pending, secret, folder.side, [], chain)
    problem = refused.value.problems[0]
    assert problem.path == "pending.choices" and not problem.message
    assert line(problem, "en") == (
        "<input>: pending.choices: the mail gives choices in your name "
        "(nobody chooses for your units but you)"
    )
    assert line(problem, "fr") == (
        "<entrée>: pending.choices: le courriel donne des choix en votre nom "
        "(personne d'autre que vous ne choisit pour vos unités)"
    )


def test_the_next_mail_after_a_refused_one_still_applies(folders: Path) -> None:
    """A refused mail changed nothing: the real one goes in afterwards."""
    a, b = folders / "A", folders / "B"
    late = edited(
        mails(b)[-1], folders / "late.eml", lambda t: t.replace("number: 8", "number: 10")
    )
    assert referee("pbem", "receive", str(a), str(late)).code == 7
    orders = a / "orders.yaml"
    assert orders.exists()
    run = referee("pbem", "orders", str(a), "-o", str(folders / "again.yaml"))
    again = (folders / "again.yaml").read_text(encoding="utf-8")
    assert run.code == 0 and "\nturn: 4\nplayer: greeks\nphase: activation\n" in again
    assert [x for x in again.splitlines() if x.startswith("  # - ")] == [
        x for x in orders.read_text(encoding="utf-8").splitlines() if x.startswith("  # - ")
    ]
    status = referee("pbem", "status", str(b))
    assert status.code == 0 and "waiting for greeks's mail" in status.out


def test_standing_pursuit_orders_go_with_the_combat_orders_and_name_my_units(folders: Path) -> None:
    a = folders / "A"
    orders = a / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    assert "\nphase: activation\n" in text
    orders.write_text(text + 'pursuit: ["G1 pursue"]\n', encoding="utf-8")
    before = digest(a)
    run = referee("pbem", "send", str(a), str(orders))
    assert run.code == 3 and "standing pursuit orders go with the combat orders" in run.err
    orders.write_text(text, encoding="utf-8")
    for _ in range(2):  # activation, movement
        edit(orders)
        assert referee("pbem", "send", str(a), str(orders)).code in (0, 1)
    combat = orders.read_text(encoding="utf-8")
    assert "\npursuit:\n" in combat and '  # - "G' in combat.split("\npursuit:\n")[1]
    orders.write_text(
        combat.replace("\npursuit:\n", '\npursuit:\n  - "P1 pursue"\n'), encoding="utf-8"
    )
    run = referee("pbem", "send", str(a), str(orders))
    assert run.code == 3 and "pursuit[0]: no unit 'P1' of greeks in the game" in run.err
    assert digest(a) != before  # the two phases sent before stay sent


def test_the_english_summaries_come_from_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What `referee pbem` says comes from the catalogue in every language, English
    included (issue 25: English written once)."""
    import importlib

    module = importlib.import_module("referee.cli.cmd_pbem")
    from referee.render.grammar import say

    seen: list[str] = []

    def checked(key: str, /, **data: Any) -> str:
        seen.append(key)
        return say(key, "en", **data)

    monkeypatch.setattr(module, "said", checked)
    a, b = tmp_path / "A", tmp_path / "B"
    assert (
        referee(
            "pbem",
            "new",
            str(SAMPLES / "quickstart-scenario.yaml"),
            "--side",
            "greeks",
            "--dir",
            str(a),
        ).code
        == 0
    )
    assert (
        referee("pbem", "join", str(mails(a)[0]), "--side", "persians", "--dir", str(b)).code == 0
    )
    assert referee("pbem", "receive", str(a), str(mails(b)[0])).code == 0
    assert referee("pbem", "status", str(a)).code == 0
    assert referee("pbem", "status", str(b)).code == 0
    assert referee("pbem", "send", str(a), str(a / "orders.yaml")).code == 0
    assert referee("pbem", "orders", str(a)).code == 0
    assert referee("pbem", "export", str(a), "-o", str(tmp_path / "s.yaml")).code == 0
    assert {
        "ui.pbem.made",
        "ui.pbem.joined",
        "ui.pbem.received",
        "ui.pbem.status",
        "ui.pbem.your_move",
        "ui.pbem.wait",
        "ui.pbem.mail_summary",
        "ui.pbem.mail_subject",
        "ui.pbem.sent",
        "ui.pbem.orders",
        "ui.pbem.exported",
    } <= set(seen)


def test_standing_reactions_of_my_units_travel_with_my_phase(folders: Path) -> None:
    """A `reactions:` list in my orders (my units' reaction to a charge, evade or stand):
    my own signed choices with the phase, applied locally or, with the pending combat,
    by my opponent."""
    a, b = folders / "A", folders / "B"
    orders = a / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    orders.write_text(text + 'reactions: ["P1 reaction stand"]\n', encoding="utf-8")
    run = referee("pbem", "send", str(a), str(orders))
    assert run.code == 3 and "reactions[0]: is not the reaction of a unit of greeks" in run.err
    orders.write_text(text + 'reactions: ["G14 reaction stand"]\n', encoding="utf-8")
    assert referee("pbem", "send", str(a), str(orders)).code in (0, 1)
    entry = history(a)[-1]
    assert (
        entry["phase"] == "activation"
        and entry["choices"]["greeks"]["choices"] == ["G14 reaction stand"]
        and len(entry["choices"]["greeks"]["sig"]) == 128
    )
    edit(orders)  # movement
    assert referee("pbem", "send", str(a), str(orders)).code in (0, 1)
    edit(orders)  # combat, with a reaction: it goes with the pending orders
    combat = orders.read_text(encoding="utf-8")
    orders.write_text(combat + 'reactions: ["G15 reaction stand"]\n', encoding="utf-8")
    mail = play_turn(a)
    assert '"choices": ["G15 reaction stand"]' in mail.read_text(encoding="utf-8")
    run = referee("pbem", "receive", str(b), str(mail))
    assert run.code == 0, run.err
    combat_entry = next(
        e for e in history(b) if (e["turn"], e["player"], e["phase"]) == (4, "greeks", "combat")
    )
    assert combat_entry["choices"]["greeks"]["choices"] == ["G15 reaction stand"]
    assert referee("verify", str(b / "game.yaml")).code == 0


def test_a_secret_of_my_own_must_be_a_two_party_secret(tmp_path: Path) -> None:
    plain = tmp_path / "seed.txt"
    assert referee("seed", "new", "-o", str(plain)).code == 0
    run = referee(
        "pbem",
        "new",
        str(SAMPLES / "quickstart-scenario.yaml"),
        "--side",
        "greeks",
        "--dir",
        str(tmp_path / "A"),
        "--secret",
        str(plain),
    )
    assert run.code == 3 and "is not a two-party secret" in run.err
    mine = tmp_path / "mine.secret"
    assert referee("seed", "new", "--two-party", "-o", str(mine)).code == 0
    run = referee(
        "pbem",
        "new",
        str(SAMPLES / "quickstart-scenario.yaml"),
        "--side",
        "greeks",
        "--dir",
        str(tmp_path / "B"),
        "--secret",
        str(mine),
    )
    assert run.code == 0, run.err
    assert (tmp_path / "B" / "secret.txt").read_text(encoding="utf-8") == mine.read_text(
        encoding="utf-8"
    )
    assert oct((tmp_path / "B" / "secret.txt").stat().st_mode)[-3:] == "600"


def test_the_folder_offers_the_orders_page(folders: Path) -> None:
    """Issue 24: `pbem orders DIR --html FILE` writes the same page as `referee orders
    --html`, for the phase I play next (its choices are the skeleton's)."""
    a = folders / "A"
    page = folders / "orders.html"
    run = referee("pbem", "orders", str(a), "--html", str(page))
    assert run.code == 0, run.err
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html
    assert "greeks" in html and "activation" in html


def play_until_combat(folder: Path) -> Path:
    """The player sends his phases until his skeleton is the combat's; the orders file."""
    orders = folder / "orders.yaml"
    while "\nphase: combat\n" not in orders.read_text(encoding="utf-8"):
        edit(orders)
        run = referee("pbem", "send", str(folder), str(orders))
        assert run.code in (0, 1), run.err
    return orders


def test_pursuits_after_the_dice_on_request_take_one_more_mail(folders: Path) -> None:
    """`pursuit: after_dice` in the combat orders: the mail carries no standing pursuit
    orders; the opponent applies the combat and the rout, and his mail (one more) hands
    the pursuit phase back; the phasing player decides it and sends his turn."""
    a, b = folders / "A", folders / "B"
    orders = play_until_combat(a)
    assert "pursuit: after_dice" in orders.read_text(encoding="utf-8")
    edit(orders)
    # the standing pursuit section ends the file: replaced whole, whatever edit() opened
    text = orders.read_text(encoding="utf-8").split("\npursuit:\n")[0] + "\npursuit: after_dice\n"
    orders.write_text(text, encoding="utf-8")
    run = referee("pbem", "send", str(a), str(orders))
    assert run.code in (0, 1), run.err
    mail = mails(a)[-1]
    pending = mail.read_text(encoding="utf-8").split("\npending:\n", 1)[1]
    assert 'phase: "combat"' in pending and 'phase: "rout"' in pending
    assert 'phase: "pursuit"' not in pending
    count = len(mails(b))
    run = referee("pbem", "receive", str(b), str(mail))
    assert run.code == 0, run.err
    assert len(mails(b)) == count + 1 and mails(b)[-1].name.endswith("-handback.eml")
    assert "send " in run.err and "waiting" not in run.err
    status = json.loads(referee("pbem", "status", str(b), "--json").out)
    assert status["my_move"] is False and status["waiting_for"] == "greeks"
    assert status["phase"] == "pursuit" and status["player"] == "greeks"
    run = referee("pbem", "receive", str(a), str(mails(b)[-1]))
    assert run.code == 0, run.err
    status = json.loads(referee("pbem", "status", str(a), "--json").out)
    assert status["my_move"] is True and status["phase"] == "pursuit"
    assert "\nphase: pursuit\n" in orders.read_text(encoding="utf-8")
    mail = play_turn(a)
    assert referee("pbem", "receive", str(b), str(mail)).code == 0
    status = json.loads(referee("pbem", "status", str(b), "--json").out)
    assert status["my_move"] is True and status["player"] == "persians"
    assert referee("verify", str(a / "game.yaml")).code == 0
    assert referee("verify", str(b / "game.yaml")).code == 0
    ha, hb = history(a), history(b)
    assert [e["hash"] for e in ha] == [e["hash"] for e in hb[: len(ha)]]
    pursuit = [e for e in ha if e["turn"] == 4 and e["phase"] == "pursuit"]
    assert pursuit and pursuit[0]["player"] == "greeks"


def test_a_game_deciding_pursuits_after_the_dice_takes_no_standing_orders(
    folders: Path,
) -> None:
    """House rules `interpretations: {pbem_pursuits: after_dice}`: the combat skeleton
    has no standing pursuit orders, a list of them is refused, and the pursuit phase
    comes back with the opponent's mail."""
    scenario = folders / "house.yaml"
    text = (SAMPLES / "quickstart-scenario.yaml").read_text(encoding="utf-8")
    assert "house_rules" not in text
    scenario.write_text(
        text + "\nhouse_rules:\n  interpretations:\n    pbem_pursuits: after_dice\n",
        encoding="utf-8",
    )
    a, b = folders / "HA", folders / "HB"
    secrets = SAMPLES / "pbem"
    assert (
        referee(
            "pbem",
            "new",
            str(scenario),
            "--side",
            "greeks",
            "--dir",
            str(a),
            "--secret",
            str(secrets / "greeks.secret"),
        ).code
        == 0
    )
    run = referee(
        "pbem",
        "join",
        str(mails(a)[-1]),
        "--side",
        "persians",
        "--dir",
        str(b),
        "--secret",
        str(secrets / "persians.secret"),
    )
    assert run.code == 0, run.err
    assert referee("pbem", "receive", str(a), str(mails(b)[-1])).code == 0
    orders = play_until_combat(a)
    combat = orders.read_text(encoding="utf-8")
    assert "\npursuit:" not in combat and "pbem_pursuits: after_dice" in combat
    edit(orders)
    good = orders.read_text(encoding="utf-8")
    orders.write_text(good + 'pursuit: ["G1 pursue"]\n', encoding="utf-8")
    before = digest(a)
    run = referee("pbem", "send", str(a), str(orders))
    assert run.code == 3 and "this game decides pursuits after the combat dice" in run.err
    assert digest(a) == before
    orders.write_text(good, encoding="utf-8")
    assert referee("pbem", "send", str(a), str(orders)).code in (0, 1)
    sender, receiver, mail = a, b, mails(a)[-1]
    while 'phase: "combat"' not in mail.read_text(encoding="utf-8").partition("\npending:\n")[2]:
        assert referee("pbem", "receive", str(receiver), str(mail)).code == 0
        sender, receiver = receiver, sender
        mail = play_turn(sender)  # until a player-turn with combat dice
    assert 'phase: "pursuit"' not in mail.read_text(encoding="utf-8").split("\npending:\n")[1]
    run = referee("pbem", "receive", str(receiver), str(mail))
    assert run.code == 0 and mails(receiver)[-1].name.endswith("-handback.eml"), run.err
    assert referee("pbem", "receive", str(sender), str(mails(receiver)[-1])).code == 0
    status = json.loads(referee("pbem", "status", str(sender), "--json").out)
    assert status["my_move"] is True and status["phase"] == "pursuit"


def test_validate_and_adjudicate_refuse_the_mail_flows_keys_naming_pbem_send(
    tmp_path: Path,
) -> None:
    """`pursuit:` and `reactions:` are read by `referee pbem send` only: `validate` and
    `adjudicate` of such a file refuse them (exit 3), saying which command reads them."""
    game, orders = tmp_path / "g.yaml", tmp_path / "o.yaml"
    scenario = SAMPLES / "quickstart-scenario.yaml"
    assert referee("new", str(scenario), "-o", str(game)).code == 0
    assert referee("orders", str(game), "-o", str(orders)).code == 0
    with orders.open("a", encoding="utf-8") as fh:
        fh.write(
            'pursuit: ["G1 pursue"]\nreactions: ["G1 reaction evade"]\nchoices: ["G1 conform"]\n'
        )
    for command in (["validate"], ["adjudicate", "--dry-run"]):
        run = referee(*command, str(game), str(orders))
        assert run.code == 3, run.err
        for key in ("pursuit", "reactions", "choices"):
            assert f"{key}: is read by `referee pbem send` only" in run.err, run.err
    run = referee("--lang", "fr", "validate", str(game), str(orders))
    assert run.code == 3 and "n'est lu que par `referee pbem send`" in run.err


def test_standing_owner_choices_go_in_my_mail_and_bind_my_next_answer(folders: Path) -> None:
    """`choices:` in an orders file: my standing choices as the owner of my units in my
    opponent's next rout and pursuit phases (docs/pbem.md §Timing). They must be
    choices of my units, travel in my next mail, and my referee applies them (not the
    defaults) where his phase asks me; his referee accepts exactly those."""
    a, b = folders / "A", folders / "B"
    orders = a / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    before = digest(a)
    for bad, said in (
        ('["P1 conform no"]', "choices[0]: is not a rout or pursuit choice of a unit of greeks"),
        ('["G1 reaction evade"]', "reactions go under reactions:"),
        ('"G1 conform no"', "choices: must be a list of choices"),
    ):
        orders.write_text(text + f"choices: {bad}\n", encoding="utf-8")
        run = referee("pbem", "send", str(a), str(orders))
        assert run.code == 3 and said in run.err, run.err
    after = digest(a)
    assert {k: v for k, v in after.items() if k != "orders.yaml"} == {
        k: v for k, v in before.items() if k != "orders.yaml"
    }
    standing = ["G1 conform no", "G2 conform no", "G3 face P1"]
    orders.write_text(text + f"choices: {json.dumps(standing)}\n", encoding="utf-8")
    edit(orders)
    assert referee("pbem", "send", str(a), str(orders)).code in (0, 1)
    mail = play_turn(a)
    assert "\nstanding_choices:\n" in mail.read_text(encoding="utf-8")
    assert referee("pbem", "receive", str(b), str(mail)).code == 0
    ledger = json.loads((b / "ledger.json").read_text(encoding="utf-8"))
    assert ledger["their_choices"] == standing
    mail = play_turn(b)  # the Persians' turn 4: the Greeks own the units it may ask about
    assert "standing_choices" not in mail.read_text(encoding="utf-8")
    run = referee("pbem", "receive", str(a), str(mail))
    assert run.code == 0, run.err
    for entry in history(a):
        if entry["turn"] == 4 and entry["player"] == "persians" and entry.get("choices"):
            given = (entry["choices"].get("greeks") or {}).get("choices") or []
            wanted = {"pursuit": standing, "rout": []}.get(entry["phase"], [])
            assert given in ([], wanted), entry
    assert referee("verify", str(a / "game.yaml")).code == 0


def test_the_opponent_applies_exactly_his_standing_choices_in_my_phases() -> None:
    """In my pursuit his recorded choices are his standing ones for it: the defaults
    instead (an empty record), or other choices, are refused; no record at all is a
    phase that asked him nothing (its replay would wait for his choices otherwise)."""
    from referee.core.errors import InvalidInput
    from referee.play.mailgame import check_steps

    standing = ["P1 conform no", "P2 choose P3"]

    def step(choices: list[str] | None) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": 2, "player": "greeks", "phase": "pursuit"}
        if choices is not None:
            out["choices"] = {"persians": {"after": None, "orders": None, "choices": choices}}
        return out

    check_steps([step(["P1 conform no"]), step(None)], "greeks", "persians", standing)
    from problemkit import message

    for bad in ([], ["P1 conform yes"], standing):
        with pytest.raises(InvalidInput) as refused:
            check_steps([step(bad)], "greeks", "persians", standing)
        assert message(refused.value.problems[0]).startswith(
            "persians made choices in your pursuit phase"
        )
    check_steps([step([])], "greeks", "persians", [])


def test_every_mail_and_ledger_fits_its_schema_and_its_declaration(
    played: tuple[Path, str],
) -> None:
    """The bodies of the 8 mails (both outboxes and inboxes) fit `referee schema mail`
    and ``MailFile``; both ledgers fit `referee schema ledger` and ``Ledger``; changed,
    each is refused by both."""
    from referee.io.mail import load_document

    work, _ = played
    bodies = []
    for folder in (work / "A", work / "B"):
        for path in sorted(folder.glob("*box/*.eml")):
            body = load_document(str(path)).data
            fits("mail", body)
            bodies.append(body)
        ledger = json.loads((folder / "ledger.json").read_text(encoding="utf-8"))
        fits("ledger", ledger)
        misfits_both("ledger", {**ledger, "waiting": "yes"})
        misfits_both("ledger", {**ledger, "mails": [{**ledger["mails"][0], "kind": "letter"}]})
    assert len(bodies) == 16
    assert {b["kind"] for b in bodies} >= {"invitation", "answer", "orders", "turn"}
    steps = [s for b in bodies for s in b.get("steps", ())]
    assert any("commit" in s for s in steps) and any("phase" in s for s in steps)
    assert any(b.get("pending") for b in bodies)
    mail = next(b for b in bodies if b.get("pending"))
    misfits_both("mail", {**mail, "kind": "letter"})
    misfits_both("mail", {**mail, "pending": [{**mail["pending"][0], "phase": "melee"}]})
    misfits_both("mail", {**mail, "steps": [{"turn": 1}]})

"""What travels by mail besides orders (docs/pbem.md; issue 22 follow-up): the house
rules the inviter plays with, signed in the invitation, shown by `pbem join` and used by
the joined game (or refused if the joiner names others)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

from clikit import SAMPLES, Run, referee

SECRETS = SAMPLES / "pbem"
SCENARIO = SAMPLES / "quickstart-scenario.yaml"


def digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def mails(folder: Path) -> list[Path]:
    return sorted((folder / "outbox").glob("*.eml"))


def house_file(path: Path, reading: str = "after_dice") -> Path:
    path.write_text(
        "format: referee-house-rules/1\nbase: thucidide\n"
        f"interpretations:\n  pbem_pursuits: {reading}\n",
        encoding="utf-8",
    )
    return path


def new(a: Path, *extra: str) -> None:
    run = referee(
        "pbem", "new", str(SCENARIO), "--side", "greeks", "--dir", str(a),
        "--secret", str(SECRETS / "greeks.secret"), *extra,
    )  # fmt: skip
    assert run.code == 0, run.err


def join(b: Path, mail: Path, *extra: str) -> Run:
    return referee(
        "pbem", "join", str(mail), "--side", "persians", "--dir", str(b),
        "--secret", str(SECRETS / "persians.secret"), *extra,
    )  # fmt: skip


def test_the_invitation_carries_the_house_rules_and_join_plays_with_them(tmp_path: Path) -> None:
    house = house_file(tmp_path / "house.yaml")
    a, b = tmp_path / "A", tmp_path / "B"
    new(a, "--house-rules", str(house))
    invitation = mails(a)[-1]
    text = invitation.read_text(encoding="utf-8")
    assert '\nhouse_rules: {"interpretations": {"pbem_pursuits": "after_dice"}}\n' in text
    assert invitation.stat().st_size < 10 * 1024
    game_a = yaml.safe_load((a / "game.yaml").read_text(encoding="utf-8"))
    assert game_a["house_rules"] == {"interpretations": {"pbem_pursuits": "after_dice"}}
    # the joiner is shown them, and his copy plays with them
    run = join(b, invitation)
    assert run.code == 0, run.err
    assert "house rules of this game: `interpretations.pbem_pursuits: after_dice`" in run.err
    game_b = yaml.safe_load((b / "game.yaml").read_text(encoding="utf-8"))
    assert game_b["house_rules"] == game_a["house_rules"]
    assert referee("pbem", "receive", str(a), str(mails(b)[-1])).code == 0
    status = json.loads(referee("pbem", "status", str(b), "--json").out)
    assert status["house_rules"] == game_a["house_rules"] and isinstance(status["turn"], int)
    run = referee("pbem", "status", str(a))
    assert "house rules of this game: `interpretations.pbem_pursuits: after_dice`" in run.out
    assert referee("--lang", "fr", "pbem", "status", str(a)).out.count("règles maison") == 1


def test_join_with_other_house_rules_is_refused_and_makes_nothing(tmp_path: Path) -> None:
    a, b = tmp_path / "A", tmp_path / "B"
    new(a, "--house-rules", str(house_file(tmp_path / "house.yaml")))
    invitation = mails(a)[-1]
    other = house_file(tmp_path / "other.yaml", "standing_orders")
    run = join(b, invitation, "--house-rules", str(other))
    assert run.code == 3
    assert (
        "other.yaml differs from the house rules of the invitation "
        "(`interpretations.pbem_pursuits: after_dice`)" in run.err
    )
    assert not b.exists()
    # the same rules: accepted; and an invitation without house rules refuses any
    assert join(b, invitation, "--house-rules", str(tmp_path / "house.yaml")).code == 0
    plain, c = tmp_path / "P", tmp_path / "C"
    new(plain)
    assert "house_rules" not in mails(plain)[-1].read_text(encoding="utf-8")
    run = join(c, mails(plain)[-1], "--house-rules", str(tmp_path / "house.yaml"))
    assert run.code == 3 and "(none)" in run.err
    run = join(c, mails(plain)[-1])
    assert run.code == 0 and "no house rules" in run.err


def test_house_rules_taken_out_of_the_invitation_are_caught(tmp_path: Path) -> None:
    """A man in the middle (or the inviter, after the fact) drops or changes the house
    rules in the invitation: the game it builds is not the one the inviter started (its
    start entry differs) and the mail's signature no longer holds."""
    a = tmp_path / "A"
    new(a, "--house-rules", str(house_file(tmp_path / "house.yaml")))
    text = mails(a)[-1].read_text(encoding="utf-8")
    for n, changed in enumerate(
        (
            text.replace('{"pbem_pursuits": "after_dice"}', '{"pbem_pursuits": "standing_orders"}'),
            text.replace(
                '\nhouse_rules: {"interpretations": {"pbem_pursuits": "after_dice"}}\n', "\n"
            ),
        )
    ):
        forged = tmp_path / f"forged-{n}.eml"
        forged.write_text(changed, encoding="utf-8")
        assert changed != text
        run = join(tmp_path / f"B{n}", forged)
        assert run.code == 5, run.err
        assert "does not give the game your opponent started" in run.err
        assert not (tmp_path / f"B{n}").exists()


def test_new_refuses_house_rules_the_scenario_contradicts(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        SCENARIO.read_text(encoding="utf-8")
        + "\nhouse_rules:\n  interpretations:\n    pbem_pursuits: standing_orders\n",
        encoding="utf-8",
    )
    run = referee(
        "pbem", "new", str(scenario), "--side", "greeks", "--dir", str(tmp_path / "A"),
        "--house-rules", str(house_file(tmp_path / "house.yaml")),
    )  # fmt: skip
    assert run.code == 3 and "the scenario holds house rules other than" in run.err
    assert not (tmp_path / "A").exists()
    # the scenario's own house rules travel too, and join shows them
    plain = tmp_path / "s2.yaml"
    plain.write_text(
        SCENARIO.read_text(encoding="utf-8")
        + "\nhouse_rules:\n  interpretations:\n    pbem_pursuits: after_dice\n",
        encoding="utf-8",
    )
    run = referee("pbem", "new", str(plain), "--side", "greeks", "--dir", str(tmp_path / "B"))
    assert run.code == 0, run.err
    run = referee(
        "pbem", "join", str(mails(tmp_path / "B")[-1]), "--side", "persians",
        "--dir", str(tmp_path / "C"),
    )  # fmt: skip
    assert run.code == 0 and "`interpretations.pbem_pursuits: after_dice`" in run.err

"""`referee orders` offers what issue 13 added: the melee of a pursuit contact (fought
without an order, or ordered to fight it earlier), the assault of a fortified camp, and
the choices of the other player (`--choices`, tested in test_choices.py)."""

from __future__ import annotations

import pytest
import yaml

from casekit import CASES, build_state
from referee.core.skeleton import choices_skeleton, skeleton
from referee.io.rulesets import load_ruleset
from referee.render.skeleton import said

RULESETS = ("thucidide", "panache", "frederic")


def case_state(ruleset: str, name: str):  # type: ignore[no-untyped-def]
    case = yaml.safe_load((CASES / ruleset / f"{name}.yaml").read_text(encoding="utf-8"))
    return build_state(case, ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_combat_skeleton_lists_the_contact_melees(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    sk = skeleton(case_state(ruleset, "combat-after-pursuit-contact"), rs)
    groups = {g.subject: g for g in sk.groups}
    assert [o.order for o in groups["A1"].options] == ["A1 melee B1"]
    assert [o.order for o in groups["A2"].options] == ["A2 melee B2"]
    assert "without an order" in said(groups["A2"].about[0], "en", rs)
    note = groups["A2"].options[0].note
    assert note is not None and "not a charge" in said(note, "en", rs)
    assert not groups["A2"].choice  # it is fought anyway: the order only sets when


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pursuit_skeleton_says_a_fortified_camp_is_assaulted(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    sk = skeleton(case_state(ruleset, "pursuit-camp-fortified"), rs)
    c1 = next(g for g in sk.groups if g.subject == "C1")
    assert c1.options[0].note is not None
    text = said(c1.options[0].note, "en", rs)
    assert "assaults the fortified camp at 0605 at once: 1 hit on infantry takes it;" in text
    french = said(c1.options[0].note, "fr", rs)  # (the verb agrees with the count)
    assert "1 touche du symbole infanterie le prend ;" in french, french


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_other_player_is_offered_his_choices(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    rout = case_state(ruleset, "rout-turn-owner-chooses")  # b's phase, a's unit routs
    assert [o.order for g in choices_skeleton(rout, rs, "a").groups for o in g.options] == [
        "I1 choose B1",
        "I1 choose B2",
    ]
    assert not skeleton(rout, rs).choices  # not b's to choose
    face = case_state(ruleset, "pursuit-flank-contacted-owner-chooses")
    options = [o.order for g in choices_skeleton(face, rs, "b").groups for o in g.options]
    assert options == ["BW face Y9", "BW face Y8"]

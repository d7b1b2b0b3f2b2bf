"""The closed vocabularies of the model: each ``Literal`` type and the tuple or the
table of meanings the readers, the specs and the docs list are the same words."""

from __future__ import annotations

import typing

from referee.core import model
from referee.core.hexgrid import FLANK, FRONT, REAR, Arc, side_of_attack
from referee.core.model import Direction


def test_each_table_lists_every_word_of_its_type_once() -> None:
    for words, kind in (
        (model.PHASES, model.Phase),
        (model.WEIGHTS, model.Weight),
        (model.RANKS, model.Rank),
        (model.EDGES, model.Edge),
        (model.DICE_MODES, model.DiceMode),
        (tuple(model.TRAITS), model.Trait),
        (tuple(model.UNIT_STATUSES), model.UnitStatus),
        (tuple(model.LEADER_STATUSES), model.LeaderStatus),
        (tuple(model.REACTIONS), model.Reaction),
    ):
        assert words == typing.get_args(kind), kind
    assert set(model.UNIT_STATUSES) >= model.TURN_STATUSES
    assert set(model.LEADER_STATUSES) >= model.LEADER_GONE
    assert model.PURSUIT_CONTACT in model.UNIT_STATUSES


def test_the_words_made_from_an_id() -> None:
    assert model.contact("B3") == "pursuit_contact:B3"
    assert model.contact("B3").startswith(model.CONTACT_STATUS)


def test_the_arcs_are_the_three_words_of_their_type() -> None:
    assert typing.get_args(Arc) == (FRONT, FLANK, REAR)
    assert {side_of_attack(Direction.N, d) for d in Direction} == {FRONT, FLANK, REAR}

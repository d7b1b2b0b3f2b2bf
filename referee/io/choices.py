"""Reading a choices file (``referee-choices/1``, docs/pbem.md §Choices): a YAML file or a
saved mail message, every problem located; the ids it names must be in the game."""

from __future__ import annotations

from referee.core.choices import ChoiceSet, read_choices
from referee.core.errors import InvalidInput
from referee.core.model import GameState


def load_choices(path: str, state: GameState) -> ChoiceSet:
    from referee.core.typed import unknown
    from referee.io.mail import load_document  # a YAML file or a saved mail message
    from referee.io.yamlio import duplicate_keys

    doc = load_document(path)
    twice = duplicate_keys(doc)
    if twice:
        raise InvalidInput(twice)
    choice_set, problems = read_choices(doc.data)
    if choice_set is not None:
        ids = (
            {u.id for u in state.units()}
            | {lead.id for lead in state.leaders()}
            | {u.id for s in state.sides for u in s.off_table}
        )
        for c in choice_set.choices:
            for name in (c.unit, c.value) if c.kind in ("face", "choose") else (c.unit,):
                if name not in ids:
                    problems.append(
                        unknown(
                            f"choices[{c.index}]",
                            name,
                            ids,
                            "orders.no_id",
                            id=name,
                        )
                    )
    if problems or choice_set is None:
        raise InvalidInput(doc.locate(problems))
    return choice_set

"""Events: what the engine decided, with a stable code, the rule cited and the
numbers behind it. Renderers turn them into French or English text
(``referee/render/messages.py``); scripts read them as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct, field

# severities
INFO = "info"
REFUSED = "refused"  # an order was refused; nothing changed for that unit
LOSS = "loss"  # cohesion lost, unit removed, leader lost
END = "end"  # army broken / draw


class Event(Struct, frozen=True):
    code: str
    rule: str
    subject: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    severity: str = INFO
    order: int | None = None  # index of the order this event answers, if any

    @property
    def refused(self) -> bool:
        return self.severity == REFUSED

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "severity": self.severity, "rule": self.rule}
        if self.subject is not None:
            out["subject"] = self.subject
        if self.order is not None:
            out["order"] = self.order
        out["data"] = dict(self.data)
        return out


class Refusal(Struct, frozen=True):
    """Why an order is refused (or would be): the event code it is reported with
    (``move.refused``, ``move.road_refused``, ``combat.refused``, ``activation.refused``,
    ``rout.refused``, ``pursuit.refused``...), a stable reason code, the rule cited (from
    the ruleset data) and the numbers behind it. Every phase, ``referee moves`` and
    ``referee odds`` use this one value; a refused order changes nothing."""

    code: str
    reason: str
    rule: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def event(self, subject: str | None, order: int | None = None) -> Event:
        """The ``refused`` event that reports it (``reason`` first in its data)."""
        return Event(
            code=self.code,
            rule=self.rule,
            subject=subject,
            data={"reason": self.reason, **self.data},
            severity=REFUSED,
            order=order,
        )

    def with_data(self, **more: Any) -> Refusal:
        return Refusal(self.code, self.reason, self.rule, {**more, **self.data})

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "reason": self.reason,
            "rule": self.rule,
            "data": dict(self.data),
        }

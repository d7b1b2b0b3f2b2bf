"""Events: what the engine decided, with a stable code, the rule cited and the
numbers behind it. Renderers turn them into French or English text
(``referee/render/messages.py``); scripts read them as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# severities
INFO = "info"
REFUSED = "refused"  # an order was refused; nothing changed for that unit
LOSS = "loss"  # cohesion lost, unit removed, leader lost
END = "end"  # army broken / draw


@dataclass(frozen=True, slots=True)
class Event:
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

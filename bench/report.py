"""Rows of the benchmark's table, and their formatting (bench/run.py)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

NOT_IMPLEMENTED = "n/a (not implemented)"


@dataclass
class Row:
    section: str
    name: str
    result: str
    target: str
    met: bool | None  # None: not applicable / not measured

    @property
    def verdict(self) -> str:
        return {True: "yes", False: "**NO**", None: "—"}[self.met]


def progress(message: str) -> None:
    sys.stderr.write(f"bench: {message}\n")
    sys.stderr.flush()


def fmt_s(seconds: float) -> str:
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def fmt_mb(size: float) -> str:
    return f"{size / 1e6:.0f} MB" if size >= 10e6 else f"{size / 1e6:.1f} MB"


def table(rows: Sequence[Row]) -> str:
    header = ("section", "benchmark", "figure", "target", "met")
    body = [(r.section, r.name, r.result, r.target, r.verdict) for r in rows]
    widths = [max(len(str(x[i])) for x in [header, *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    out = [line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(b) for b in body]
    return "\n".join(out)

"""Texts for the movement phase event codes (filled by that phase)."""

TEMPLATES: dict[str, dict[str, str]] = {}

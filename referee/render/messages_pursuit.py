"""Texts for the pursuit phase event codes (filled by that phase)."""

TEMPLATES: dict[str, dict[str, str]] = {}

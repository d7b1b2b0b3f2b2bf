"""The built-in rulesets, shipped as package data (see README.md here)."""

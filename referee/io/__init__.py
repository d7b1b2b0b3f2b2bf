"""File edge: YAML/JSON loading and dumping, state and orders files, atomic writes."""

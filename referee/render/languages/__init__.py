"""The grammar of one language that its catalogue's strings cannot hold, one module a
language (``fr.py``): a ``finish(text)`` applied to every message filled in that
language (docs/translating.md). A language needs a module here only if its grammar
changes a sentence once the values are in. Standard library only; imports nothing of
the referee.
"""

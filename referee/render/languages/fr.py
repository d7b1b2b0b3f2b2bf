"""French grammar the strings of fr.po cannot hold: what changes once the values are in.

* Elision: ``de`` and ``que`` before a vowel lose their ``e``: « la charge de EL1 » ->
  « la charge d'EL1 », « que Hannibal » stays (an ``h`` is left alone: aspirated or
  not, the rule needs the word). :func:`finish` applies it to every French message.

The agreement of the rulesets' labels (« Éléphants lourds ») is not here: the labels
are the rules' own French in every language (``referee/render/wording.py``).
"""

from __future__ import annotations

import re

_ELISION = re.compile(r"\b([Dd]|[Qq]u)e (?=[AEIOUYÀÂÉÈÊËÎÏÔÛÜaeiouyàâéèêëîïôûü])")


def finish(text: str) -> str:
    """``de EL1`` -> ``d'EL1``; ``que il`` -> ``qu'il``."""
    if "e " not in text:
        return text
    return _ELISION.sub(r"\1'", text)

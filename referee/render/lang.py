"""Which language to speak: ``--lang``, else ``REFEREE_LANG``, else the locale.

Imported at start-up by every command (``referee.cli.app``): standard library only.
The locale is read as POSIX does for messages (``LC_ALL``, then ``LC_MESSAGES``, then
``LANG``; the first one set decides): ``fr_FR.UTF-8``, ``fr_CA``, ``fr`` speak French,
anything else (``C``, ``POSIX``, ``de_DE``...) English, the language every message has.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

LANGS: tuple[str, ...] = ("en", "fr")
DEFAULT = "en"
# the pseudo-language of docs/translating.md: spoken only where its catalogue was
# generated (REFEREE_LOCALEDIR=DIR after tools/pseudo_locale.py DIR)
PSEUDO = "xx"
LOCALEDIR_ENV = "REFEREE_LOCALEDIR"
ENV = "REFEREE_LANG"
LOCALE_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    """A language the catalogue does not have, from ``--lang`` or ``REFEREE_LANG``."""

    def __init__(self, value: str, source: str) -> None:
        super().__init__(f"unknown language {value!r}")
        self.value = value
        self.source = source  # "--lang" or "REFEREE_LANG"


def normalise(value: str) -> str | None:
    """``fr``, ``FR``, ``fr_FR.UTF-8``, ``fr-CA`` -> ``fr``; None if not a language we have."""
    head = value.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if head == PSEUDO and _pseudo_generated():
        return head
    return head if head in LANGS else None


def _pseudo_generated() -> bool:
    folder = os.environ.get(LOCALEDIR_ENV, "")
    return bool(folder) and os.path.isdir(os.path.join(folder, PSEUDO, "LC_MESSAGES"))


def from_locale(environ: Mapping[str, str]) -> str:
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return normalise(value) or DEFAULT
    return DEFAULT


def resolve(explicit: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``explicit`` (``--lang``), then ``REFEREE_LANG``, then the
    locale. An unknown ``--lang`` or ``REFEREE_LANG`` raises :class:`UnknownLanguage`
    (a usage error: exit 2); an unknown locale means English."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        lang = normalise(explicit)
        if lang is None:
            raise UnknownLanguage(explicit, "--lang")
        return lang
    wanted = env.get(ENV, "")
    if wanted:
        lang = normalise(wanted)
        if lang is None:
            raise UnknownLanguage(wanted, ENV)
        return lang
    return from_locale(env)


# The language of this run, set once the command line is read (referee.cli.app); the
# error path (one line per problem on stderr, the JSON error object) speaks it too.
_current: list[str] = []


def set_current(lang: str) -> None:
    _current[:] = [lang]


def current() -> str:
    """The language of this run (before the command line is read: the environment's,
    English if the environment names an unknown one)."""
    if _current:
        return _current[0]
    try:
        return resolve(None)
    except UnknownLanguage:
        return DEFAULT

"""Filling the catalogue's templates with the data, by language (docs/translating.md).

* A message is a ``str.format`` template over the data (:func:`say`, :func:`render`).
  A variant (``code|reason=range``) replaces it when the data value matches; clauses
  (``code+broken=true``, ``code+leaders``: when present) are added after it, in order;
  a count is a plural message (``n``: the language's plural forms choose) or, inside a
  longer text, a sub-message said as ``{key#}`` (``<context>#<key>``).
* ``{x_word}``: the data value ``x`` in words (its domain from ``words(...)`` of the
  message, or ``x`` itself for the usual keys); ``{x_list}``: a list joined; a boolean
  is said ``yes``/``no``. Keys the engine writes (``first_round``, ``true``) are never
  printed as they are (a test renders every message in every language).
* Each convention is a message of the catalogue (so a translator sets it in the .po):
  the decimal mark (``format.decimal``: ``,`` in French), a percentage
  (``format.percent``: ``{value} %``), a label before its value (``format.label``:
  ``{label} :``), a key as typed (``format.key``: `` `{key}` ``), a quotation
  (``format.quote``: ``« {text} »``), the separators of lists (``word.join.*``).

A language whose grammar changes a sentence once its values are in (French: ``de EL1``
-> ``d'EL1``) has a module of its own, ``referee/render/grammar_<lang>.py``, with a
``finish(text)`` function applied to every message filled in that language; a language
without one needs nothing. Standard library only (the catalogue's loader,
``referee/render/catalogue/__init__.py``, gives the templates).
"""

from __future__ import annotations

from referee.render.catalogue import (
    ENGLISH,
    FINISH,
    INDEX,
    PARTS,
    WORDS,
    finisher,
    has,
    load,
    text,
)

# typing is for the type checker (not imported at start-up: bench/catalogue.py)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any

    Derive = Callable[[Mapping[str, Any], str], Mapping[str, Any]]
    _Dict = dict[str, Any]
else:
    _Dict = dict


def number(value: float, lang: str, digits: int = 1) -> str:
    """``0.5`` -> ``0.5`` (English), ``0,5`` (French)."""
    return f"{value:.{digits}f}".replace(".", text("format.decimal", lang))


def percent(value: float, lang: str, digits: int = 1) -> str:
    """``57.9`` -> ``57.9%`` (English), ``57,9 %`` (French)."""
    return text("format.percent", lang).format(value=number(value, lang, digits))


def label(name: str, lang: str) -> str:
    """``Badges`` -> ``Badges:`` (English), ``Marques :`` (French)."""
    return text("format.label", lang).format(label=name)


def key(typed: object, lang: str) -> str:
    """What a user types, as typed: quoted in backticks in French."""
    return text("format.key", lang).format(key=typed)


def quote(said: str, lang: str) -> str:
    """A text quoted as written: ``« ... »`` in French."""
    return text("format.quote", lang).format(text=said)


def joined(items: Iterable[str], lang: str, how: str = "semicolon") -> str:
    """Items joined by ``word.join.<how>``: ``and``, ``or``, ``semicolon``."""
    return word("join", how, lang).join(items)


# --------------------------------------------------------------------------- words
def _key(value: Any) -> str:
    """The key of a value in variants and vocabularies: ``True`` -> ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def word(domain: str, value: Any, lang: str) -> str:
    """``value`` of ``domain`` in words; unknown values as they are, without underscores."""
    ctx = f"word.{domain}.{_key(value)}"
    if not has(ctx, lang):
        return _key(value).replace("_", " ")
    return text(ctx, lang)


def words_list(domain: str, values: Iterable[Any], lang: str, sep: str = ", ") -> str:
    return sep.join(word(domain, v, lang) for v in values)


def domains() -> frozenset[str]:
    """The vocabulary domains (``word.<domain>.<value>``)."""
    load()
    if not _DOMAINS:
        _DOMAINS.update(c.split(".")[1] for c in ENGLISH if c.startswith("word."))
    return frozenset(_DOMAINS)


_DOMAINS: set[str] = set()

# Data keys said in words automatically when a domain has their name.
AUTO_WORDS: frozenset[str] = frozenset(
    {
        "kind",
        "through",
        "factor",
        "role",
        "why",
        "symbol",
        "edge",
        "cause",
        "category",
        "how",
        "facing",
        "charge",
    }
)


def none_word(lang: str) -> str:
    return word("list", "none", lang)


def joined_and(items: Iterable[str], lang: str) -> str:
    """``rome and carthage``."""
    return word("join", "and", lang).join(items)


# ------------------------------------------------------------------- values of data
DERIVED: dict[str, Derive] = {}  # per code: extra values computed from the data
# values any message may name, computed from the data when it does
NAMED: dict[str, Callable[[Mapping[str, Any], str], Any]] = {
    "phase_word": lambda d, lang: word("phase", d["phase"], lang) if "phase" in d else None,
    "phase_title": lambda d, lang: word("phase_title", d["phase"], lang) if "phase" in d else None,
    "mode_word": lambda d, lang: word("dice_mode", d["mode"], lang) if "mode" in d else None,
    "outcome_word": lambda d, lang: word("outcome", d["outcome"], lang) if "outcome" in d else None,
    "sides_and": lambda d, lang: (
        joined_and(d["sides"], lang) if isinstance(d.get("sides"), list) else None
    ),
    "rolls_words": lambda d, lang: purpose(str(d["rolls"]), lang) if "rolls" in d else None,
}

_ABSENT: Any = object()


def _derived(base: str, suffix: str, value: Any, lang: str, domains_: Mapping[str, str]) -> Any:
    """The value of ``<base>_word`` or ``<base>_list`` for the data value of ``base``
    (``_ABSENT``: nothing)."""
    domain = domains_.get(base) or (
        base if base in AUTO_WORDS and f"word.{base}" in INDEX else None
    )
    if isinstance(value, bool):
        if suffix != "_word":
            return _ABSENT
        return word(domain or "yes_no", value, lang)
    if isinstance(value, list | tuple):
        if suffix != "_list" or not all(isinstance(v, str | int) for v in value):
            return _ABSENT
        if domain:
            joined = words_list(domain, value, lang)
        else:
            joined = ("-" if base in ("path", "hexes") else ", ").join(map(str, value))
        return joined or none_word(lang)
    if suffix == "_word" and domain is not None and value is not None:
        return word(domain, value, lang)
    return _ABSENT


def _said(value: Any, lang: str) -> Any:
    """A data value as a template says it: a boolean in words, anything else as it is."""
    if type(value) is bool:
        return word("yes_no", value, lang)
    return value


def _final(data: Mapping[str, Any], key: str, lang: str, domains_: Mapping[str, str]) -> Any:
    """The value ``key`` takes (``_ABSENT``: none): the data value itself and/or the one
    worked out from its base (``x`` for ``x_word``, ``x_list``), the later in the data
    winning."""
    own = _said(data[key], lang) if key in data else _ABSENT
    suffix = key[-5:]
    if suffix != "_word" and suffix != "_list":
        return own
    base = key[:-5]
    if base not in data:
        return own
    if own is not _ABSENT:
        order = list(data)
        if order.index(key) > order.index(base):
            return own
    derived = _derived(base, suffix, data[base], lang, domains_)
    return own if derived is _ABSENT else derived


class _Values(_Dict):
    """The values a template is filled with, each worked out when the template names
    it; a name without a value stays visible as ``{name}`` (the leak test finds it)."""

    def __init__(
        self, data: Mapping[str, Any], lang: str, domains_: Mapping[str, str], ctx: str = ""
    ) -> None:
        super().__init__()
        self._data = data
        self._lang = lang
        self._domains = domains_
        self.ctx = ctx

    def __missing__(self, key: str) -> Any:
        if key.endswith("#"):  # a count inside a longer text: its sub-message
            sub = f"{self.ctx}#{key[:-1]}"
            if has(sub, self._lang):
                return text(sub, self._lang, self._data).format_map(self)
            return "{" + key + "}"
        value = _final(self._data, key, self._lang, self._domains)
        if value is _ABSENT:
            named = NAMED.get(key)
            value = named(self._data, self._lang) if named is not None else None
            if value is None:
                return "{" + key + "}"
        self[key] = value
        return value

    def lookup(self, key: str) -> Any:
        if key in self._data:
            return self._data[key]
        value = self[key]
        return None if value == "{" + key + "}" else value


def _structure(code: str) -> tuple[str, dict[str, str], list[tuple[str, str | None, str]]]:
    """(variant key, {value: context}, [(clause key, wanted or None, context)])."""
    found = _STRUCTURE.get(code)
    if found is None:
        key, variants, clauses = "", {}, []
        for ctx in PARTS.get(code, ()):
            rest = ctx[len(code) :]
            if rest[0] == "|":
                key, _, value = rest[1:].partition("=")
                variants[value] = ctx
            else:
                ckey, eq, wanted = rest[1:].split("~")[0].partition("=")
                clauses.append((ckey, wanted if eq else None, ctx))
        found = _STRUCTURE[code] = (key, variants, clauses)
    return found


_STRUCTURE: dict[str, tuple[str, dict[str, str], list[tuple[str, str | None, str]]]] = {}


def render(
    code: str, data: Mapping[str, Any], lang: str, choose: Mapping[str, Any] | None = None
) -> str:
    """The message ``code`` in ``lang``, filled with ``data``: its variant for the data
    (or for ``choose``, the data as it was before values were worked out), then its
    clauses."""
    ctx = code
    clauses: list[tuple[str, str | None, str]] = []
    if code in PARTS:
        key, variants, clauses = _structure(code)
        if key:
            ctx = variants.get(_key((data if choose is None else choose).get(key)), code)
    values = _Values(data, lang, WORDS.get(code, {}), ctx)
    out = text(ctx, lang, data).format_map(values)
    for key, wanted, cctx in clauses:
        value = values.lookup(key)
        if wanted is None:
            if not value or (isinstance(value, int) and value <= 0):
                continue
        elif _key(value) != wanted:
            continue
        values.ctx = cctx
        out += text(cctx, lang, data).format_map(values)
    finish = FINISH[lang] if lang in FINISH else finisher(lang)
    return out if finish is None else finish(out)


def fill(template: str, data: Mapping[str, Any], lang: str) -> str:
    """A template of the caller's own filled as a message is (its words, lists)."""
    return template.format_map(_Values(data, lang, {}))


def say(key: str, lang: str, /, **data: Any) -> str:
    """The catalogue entry ``key`` in ``lang``, filled with ``data``."""
    if not has(key, lang):
        raise KeyError(f"no message {key!r} in the catalogue")
    extra = DERIVED.get(key)
    if extra is not None:
        data = {**data, **extra(data, lang)}
    return render(key, data, lang)


# ------------------------------------------------------------------------ roll purposes
_DIE = r"(?:: die (?P<i>\d+)/(?P<n>\d+))?$"  # (a roll of several dice: which one)
# what the engine records a die was rolled for (core/phases: its English)
_PURPOSES: tuple[tuple[str, str], ...] = (
    (r"^(?P<a>\S+) (?P<kind>melee|shooting) (?P<b>\S+)" + _DIE, "attack"),
    (r"^(?P<a>\S+) riposte (?P<b>\S+)" + _DIE, "riposte"),
    (r"^(?P<a>\S+) assaults the camp of (?P<b>\S+)" + _DIE, "camp_assault"),
    (r"^the camp of (?P<b>\S+) defends against (?P<a>\S+)" + _DIE, "camp_defence"),
    (r"^elephant fury of (?P<a>\S+)$", "fury"),
    (r"^general (?P<a>\S+) caught in the rout of (?P<b>\S+)$", "general"),
)


def purpose(what: str, lang: str, head: bool = False) -> str:
    """What a die was rolled for (the engine records ``C1 melee E1: die 1/3``), in
    words; ``head``: the roll it belongs to, without the die's number (``C1 melee E1``,
    the head of its dice in a report's line of the dice rolled)."""
    import re

    for pattern, name in _PURPOSES:
        found = re.match(pattern, what)
        if found:
            groups: dict[str, Any] = dict(found.groupdict())
            if "kind" in groups:
                groups["kind"] = word("kind", groups["kind"], lang)
            ctx = f"purpose.head.{name}" if head and has(f"purpose.head.{name}", lang) else ""
            return text(ctx or f"purpose.{name}", lang).format_map(groups)
    return what


def purpose_group(what: str) -> str:
    """The roll a die belongs to (``C1 melee E1: die 2/3`` -> ``C1 melee E1``)."""
    return what.split(": die ")[0]


def variants(code: str) -> tuple[str, dict[str, str]]:
    """(the data key choosing, {value: context}) of the variants of ``code``."""
    key, found, _ = _structure(code)
    return key, dict(found)


def clauses(code: str) -> list[tuple[str, str | None, str]]:
    """[(data key, wanted value or None for "present", context)] of ``code``."""
    return list(_structure(code)[2])

"""The one message catalogue: every human sentence of the referee, in English and
French side by side, keyed by stable ids.

* Event sentences are keyed by the event's code (``combat.roll``; the phase modules
  ``referee/render/messages_*.py`` register theirs), view texts by ``ui.<view>.<name>``
  (``referee/render/messages_ui.py``), problems by ``problem.<code>`` and their hints
  by ``problem.<code>.hint`` and ``hint.<id>`` (``referee/render/messages_problems.py``,
  ``messages_play.py``; worded by ``referee/render/problems.py``).
* A template is a ``str.format`` string over the data, or a :class:`Text`: variants
  chosen by one data value (a refusal's ``reason``), optional clauses added when a
  value is present, and data values said in words (``melee`` -> ``mêlée``).
* Counts agree with their noun: ``{hits:# hit|# hits}`` gives ``1 hit``, ``2 hits``
  (French: ``0 touche``, ``1 touche``, ``2 touches``).
* Rule terms keep the rules' own words in both languages (``ss cb``, ``pré-joué``,
  ``déroute``, the ruleset's labels); what the engine writes as keys (``first_round``,
  ``true``, ``melee``) is always said in words, never printed as is (a test renders
  every message in both languages and looks for such leaks).

Standard library only: imported by every view.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from referee.render.lang import DEFAULT, LANGS

Entry = Mapping[str, str]
CATALOGUE: dict[str, dict[str, str]] = {}


# --------------------------------------------------------------------------- counts
def plural_form(n: int, one: str, many: str, lang: str) -> str:
    """French counts 0 and 1 as singular (« 0 touche »), English only 1."""
    return one if n == 1 or (lang == "fr" and n == 0) else many


class Count(int):
    """An int that agrees its noun: ``format(Count(2, "en"), "# hit|# hits")``."""

    lang: str

    def __new__(cls, value: int, lang: str) -> Count:
        obj = super().__new__(cls, value)
        obj.lang = lang
        return obj

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, many = spec.split("|", 1)
            return plural_form(int(self), one, many, self.lang).replace("#", str(int(self)))
        return format(int(self), spec)


def count(n: int, one: str, many: str, lang: str) -> str:
    """``count(2, "# hit", "# hits", "en")`` -> ``2 hits``."""
    return plural_form(n, one, many, lang).replace("#", str(n))


# -------------------------------------------------------------------------- templates
class _Missing(dict[str, Any]):
    """A missing value stays visible as ``{key}`` (the leak test finds it)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


Clause = tuple[str, Any, str]


class Text(str):
    """A template with variants chosen by one data value, optional clauses, and data
    values said in words.

    ``variants``: ``{str(data[key]): template}`` (the str itself is the default);
    ``clauses``: ``(data key, wanted value or None for "present and not empty/zero",
    template)`` appended in order; ``words``: ``{data key: vocabulary domain}``: the
    value in words as ``{<key>_word}`` (a list's as ``{<key>_list}``).
    """

    variants: Mapping[str, str]
    key: str
    clauses: tuple[Clause, ...]
    words: Mapping[str, str]

    def __new__(
        cls,
        text: str,
        variants: Mapping[str, str] | None = None,
        key: str = "reason",
        clauses: Sequence[Clause] = (),
        words: Mapping[str, str] | None = None,
    ) -> Text:
        obj = super().__new__(cls, text)
        obj.variants = dict(variants or {})
        obj.key = key
        obj.clauses = tuple(clauses)
        obj.words = dict(words or {})
        # the clauses with their wanted values as keys, worked out once
        obj._keyed = tuple(
            (key_, None if wanted is None else _key(wanted), text_)
            for key_, wanted, text_ in obj.clauses
        )
        obj._clause_keys = tuple(dict.fromkeys(key_ for key_, _, _ in obj.clauses))
        return obj

    _keyed: tuple[tuple[str, str | None, str], ...]
    _clause_keys: tuple[str, ...]

    def choose(self, data: Mapping[str, Any]) -> str:
        return self.variants.get(_key(data.get(self.key)), str(self))

    def format_map(self, mapping: Mapping[str, Any]) -> str:  # type: ignore[override]
        chosen = self.choose(mapping)
        get: Callable[[str], Any] = mapping.get
        if type(mapping) is _Values:  # its values named here, worked out in one loop
            mapping.prefill(_names(chosen))
            mapping.prefill(self._clause_keys)
            get = mapping.found
        out = str.format_map(chosen, mapping)
        data = mapping._data if type(mapping) is _Values else mapping
        for key, wanted, text in self._keyed:
            # the data's own value decides (``True``, not its words "yes"/"oui"); a name
            # the data does not hold (``x_list``) by the value worked out for it
            value = data[key] if key in data else get(key)
            if wanted is None:
                if value and not (isinstance(value, int | Count) and value <= 0):
                    out += str.format_map(text, mapping)
            elif _key(value) == wanted:
                out += str.format_map(text, mapping)
        return out


def _key(value: Any) -> str:
    """The key of a value in variants and vocabularies: ``True`` -> ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ------------------------------------------------------------------------ vocabulary
# Data values in words: domain -> value -> (English, French). Values the rules name
# in French keep their French name in English too.
VOCAB: dict[str, dict[str, tuple[str, str]]] = {
    "kind": {"melee": ("melee", "mêlée"), "shooting": ("shooting", "tir")},
    "through": {
        "front": ("front", "front"),
        "flank": ("flank", "flanc"),
        "rear": ("rear", "arrière"),
    },
    "factor": {
        "assault": ("assault", "assaut"),
        "melee": ("melee", "mêlée"),
        "shooting": ("shooting", "tir"),
    },
    "role": {"attack": ("attack", "attaque"), "riposte": ("riposte", "riposte")},
    "why": {
        "off_table": ("it would leave the table", "ce serait sortir de la table"),
        "occupied": ("the hexes are held by units", "les hex sont occupés par des unités"),
        "impassable": ("impassable ground", "terrain infranchissable"),
        "no_room": ("no free hex away from the enemy", "aucun hex libre à l'écart de l'ennemi"),
        "None": ("nothing stopped it", "rien ne l'a arrêtée"),
        "edge": ("the table edge", "le bord de la table"),
        "enemy": ("an enemy unit", "une unité ennemie"),
        "friend": ("a friendly unit", "une unité amie"),
    },
    "symbol": {
        "hit_infantry": ("hit on infantry", "touche infanterie"),
        "hit_cavalry": ("hit on cavalry", "touche cavalerie"),
        "hit_artillery": ("hit on artillery", "touche artillerie"),
        "flag": ("flag", "drapeau"),
        "order": ("order letter", "lettre d'ordre"),
        "tactical_advantage": ("tactical advantage", "avantage tactique"),
    },
    "edge": {
        "N": ("north", "nord"),
        "S": ("south", "sud"),
        "E": ("east", "est"),
        "W": ("west", "ouest"),
    },
    "facing": {
        "N": ("north", "nord"),
        "NE": ("north-east", "nord-est"),
        "SE": ("south-east", "sud-est"),
        "S": ("south", "sud"),
        "SW": ("south-west", "sud-ouest"),
        "NW": ("north-west", "nord-ouest"),
    },
    "charge": {
        "true": (" (a charge)", " (charge)"),
        "false": (" (not a charge: pursuit contact)", " (pas une charge : contact de poursuite)"),
    },
    "yes_no": {"true": ("yes", "oui"), "false": ("no", "non")},
    # 001 §Déroute d'une unité: why a unit routs
    "cause": {
        "cohesion": ("no cohesion left", "plus aucun point de cohésion"),
        "combat": (
            "lost all its cohesion in combat",
            "a perdu tous ses points de cohésion au combat",
        ),
        "cascade": (
            "lost its last cohesion to a unit routing through it",
            "a perdu son dernier point de cohésion, traversée par une unité en déroute",
        ),
        "fury": (
            "lost its last cohesion to an elephant's fury",
            "a perdu son dernier point de cohésion dans la furie d'un éléphant",
        ),
        "blocked_retreat": ("could not make its retreat", "n'a pu effectuer son repli"),
        "zero_cohesion": ("has no cohesion left", "n'a plus de cohésion"),
        "state": ("had no cohesion left", "n'avait plus de cohésion"),
    },
    # the engine's categories of unit types (rulesets/README.md)
    "category": {
        "infantry": ("infantry", "infanterie"),
        "cavalry": ("cavalry", "cavalerie"),
        "camelry": ("camelry", "chamellerie"),
        "chariots": ("chariots", "charrerie"),
        "elephants": ("elephants", "éléphants"),
        "artillery": ("artillery", "artillerie"),
        "war_wagons": ("war wagons", "chariots de guerre"),
        "pikemen": ("pikemen", "piquiers"),
    },
    # elephant fury: where the animal runs (001 §Furie des éléphants)
    "fury": {
        "ahead": ("straight ahead", "droit devant"),
        "left": ("to the left", "vers la gauche"),
        "right": ("to the right", "vers la droite"),
        "rear": ("to the rear", "vers l'arrière"),
    },
    # how a unit came to face a given way (rout, pursuit)
    "how": {"default": ("", ""), "chosen": (", as the player chose", ", au choix du joueur")},
    # unit statuses (state files, map badges)
    "status": {
        "disordered": ("disordered", "en désordre"),
        "pre_played": ("pré-joué", "pré-joué"),
        "activated": ("activated", "activée"),
        "moved": ("moved", "déplacée"),
        "no_combat": ("ss cb (may not fight)", "ss cb (sans combat)"),
        "fought": ("fought", "a combattu"),
        "road_march": ("road march", "marche sur route"),
        "mounted_move": ("moved mounted", "déplacement monté"),
        "charged": ("charged", "a chargé"),
        "engaged": ("engaged (in melee)", "engagée (en mêlée)"),
        "pursued": ("pursued", "a poursuivi"),
        "evaded": ("evaded", "a esquivé"),
        "stationary": ("stationary", "immobile"),
        "pursuit_contact": ("in pursuit contact", "au contact de poursuite"),
        "camp_assault": ("attacking a camp", "à l'assaut d'un camp"),
        "fled_off_table": ("fled off the table", "en fuite hors de la table"),
        "lost": ("lost", "perdu"),
        "killed": ("killed", "tué"),
        "fleeing": ("fleeing", "en fuite"),
    },
    # the kinds of army losses (001 §Déroute de l'armée)
    "loss": {
        "disordered": ("disordered units", "unités en désordre"),
        "left_table": ("units off the table", "unités sorties de la table"),
        "eliminated": ("units eliminated", "unités éliminées"),
        "general_lost": ("generals lost", "généraux perdus"),
        "camp_taken": ("camp taken", "camp pris"),
    },
    "phase": {
        "activation": ("activation", "activation"),
        "movement": ("movement", "déplacements"),
        "combat": ("combat", "combat"),
        "rout": ("rout", "déroute"),
        "pursuit": ("pursuit", "poursuite"),
        "start": ("start", "début"),
        "commit": ("commitment", "engagement des secrets"),
        "rollback": ("rollback", "retour en arrière"),
    },
    # a phase in a title: « phase d'activation », "activation phase"
    "phase_title": {
        "activation": ("activation phase", "phase d'activation"),
        "movement": ("movement phase", "phase de déplacements"),
        "combat": ("combat phase", "phase de combat"),
        "rout": ("rout phase", "phase de déroute"),
        "pursuit": ("pursuit phase", "phase de poursuite"),
    },
    "rank": {
        "general": ("general", "général en chef"),
        "sub_general": ("sub-general", "sous-général"),
        "senior_officer": ("senior officer", "officier supérieur"),
    },
    # built-in terrain keys (a ruleset's own labels are used when the ruleset is known)
    "terrain": {
        "clear": ("clear ground", "terrain dégagé"),
        "wood": ("wood", "bois"),
        "hill": ("hill", "colline"),
        "rough": ("rough ground", "terrain accidenté"),
        "marsh": ("marsh", "marais"),
        "buildings": ("buildings", "bâtiments"),
        "sand": ("sand", "sable"),
        "mountain": ("mountain", "montagne"),
        "lake": ("lake", "lac"),
        "fortification": ("fortification", "fortification"),
        "river": ("river", "rivière"),
        "ford": ("ford", "gué"),
        "bridge": ("bridge", "pont"),
        "stream": ("stream", "ruisseau"),
        "palisade": ("palisade", "palissade"),
        "wagon_borne": (
            "wagon-borne infantry in position",
            "infanterie portée sur chariots en position",
        ),
    },
    "weight": {
        "very-light": ("very light", "très légère"),
        "light": ("light", "légère"),
        "medium": ("medium", "moyenne"),
        "heavy": ("heavy", "lourde"),
        "very-heavy": ("very heavy", "très lourde"),
    },
    "removal": {
        "eliminated": ("eliminated", "éliminée"),
        "left_table": ("left the table", "sortie de la table"),
    },
    # the traits a state may give a unit (rulesets/README.md), and its reaction
    "trait": {
        "impetuous": ("impetuous", "impétueuse"),
        "light_infantry": ("light infantry", "infanterie légère"),
        "wagon_borne": ("wagon-borne", "portée sur chariots"),
        "mounted_infantry": ("mounted infantry", "infanterie montée"),
        "expendable": ("expendable", "sacrifiable"),
        "javelot": ("javelot", "javelot"),
        "impact": ("impact", "impact"),
        "support": ("support", "support"),
        "charge_percutante": ("charge percutante", "charge percutante"),
    },
    "reaction": {"evade": ("evades", "esquive")},
    "outcome": {"broken": ("army broken", "déroute de l'armée"), "draw": ("draw", "match nul")},
    "dice_mode": {
        "open": ("open", "ouverts"),
        "commit": ("commit", "engagés"),
        "physical": ("physical", "physiques"),
        "two-party": ("two-party", "à deux secrets"),
    },
}

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


def word(domain: str, value: Any, lang: str) -> str:
    """``value`` of ``domain`` in words; unknown values as they are, without underscores."""
    entry = VOCAB.get(domain, {}).get(_key(value))
    if entry is None:
        return _key(value).replace("_", " ")
    return entry[LANGS.index(lang) if lang in LANGS else 0]


def words_list(domain: str, values: Iterable[Any], lang: str, sep: str = ", ") -> str:
    return sep.join(word(domain, v, lang) for v in values)


def trait_word(trait: str, lang: str) -> str:
    """A unit's trait in words (``detachment_of:TM1``: detachment of TM1)."""
    head, _, arg = trait.partition(":")
    if head == "detachment_of" and arg:
        return f"détachement de {arg}" if lang == "fr" else f"detachment of {arg}"
    return word("trait", trait, lang)


# --------------------------------------------------------------------------- filling
Derive = Callable[[Mapping[str, Any], str], Mapping[str, Any]]
DERIVED: dict[str, Derive] = {}  # per id: extra values computed from the data


def values_for(
    data: Mapping[str, Any], lang: str, words: Mapping[str, str] | None = None
) -> _Missing:
    """The values a template is filled with: counts that agree, ``{x_word}`` and
    ``{x_list}`` for words and lists, booleans in words."""
    out = _Missing()
    none = NONE[1] if lang == "fr" else NONE[0]
    domains = dict(words or {})
    for key, value in data.items():
        domain = domains.get(key) or (key if key in AUTO_WORDS and key in VOCAB else None)
        if type(value) is int:
            out[key] = Count(value, lang)
        elif isinstance(value, bool):
            out[key] = word("yes_no", value, lang)
            out[f"{key}_word"] = word(domain or "yes_no", value, lang)
            continue
        else:
            out[key] = value
        if isinstance(value, list | tuple):
            if all(isinstance(v, str | int) for v in value):
                if domain:
                    joined = words_list(domain, value, lang)
                else:
                    joined = ("-" if key in ("path", "hexes") else ", ").join(map(str, value))
                out[f"{key}_list"] = joined or none
        elif domain is not None and value is not None:
            out[f"{key}_word"] = word(domain, value, lang)
    return out


NONE = ("none", "aucun")

_ABSENT: Any = object()


_COUNTS: dict[tuple[int, str], Count] = {}  # small counts, made once per language
_YES_NO: dict[tuple[bool, str], str] = {}


def _yes_no(value: bool, lang: str) -> str:
    said = _YES_NO.get((value, lang))
    if said is None:
        said = _YES_NO[(value, lang)] = word("yes_no", value, lang)
    return said


def _derived(base: str, suffix: str, value: Any, lang: str, domains: Mapping[str, str]) -> Any:
    """What :func:`values_for` writes under ``<base>_word`` or ``<base>_list`` for the data
    value of ``base`` (``_ABSENT``: nothing)."""
    domain = domains.get(base) or (base if base in AUTO_WORDS and base in VOCAB else None)
    if isinstance(value, bool):
        if suffix != "_word":
            return _ABSENT
        return (
            _yes_no(value, lang)
            if domain is None or domain == "yes_no"
            else word(domain, value, lang)
        )
    if isinstance(value, list | tuple):
        if suffix != "_list" or not all(isinstance(v, str | int) for v in value):
            return _ABSENT
        if domain:
            joined = words_list(domain, value, lang)
        else:
            joined = ("-" if base in ("path", "hexes") else ", ").join(map(str, value))
        return joined or (NONE[1] if lang == "fr" else NONE[0])
    if suffix == "_word" and domain is not None and value is not None:
        return word(domain, value, lang)
    return _ABSENT


def _said(value: Any, lang: str) -> Any:
    """A data value as a template says it: a whole number as a :class:`Count` (the
    small ones made once), a boolean in words; anything else as it is."""
    kind = type(value)
    if kind is int:
        if -16 <= value < 256:
            count_ = _COUNTS.get((value, lang))
            if count_ is None:
                count_ = _COUNTS[(value, lang)] = Count(value, lang)
            return count_
        return Count(value, lang)
    if kind is bool:
        return _yes_no(value, lang)
    return value


def _final(data: Mapping[str, Any], key: str, lang: str, domains: Mapping[str, str]) -> Any:
    """The value :func:`values_for` gives ``key`` (``_ABSENT``: none), computed alone:
    written by the data key itself and/or by its base (``x`` for ``x_word``, ``x_list``),
    the one later in the data winning, as the loop of :func:`values_for` does."""
    own = _said(data[key], lang) if key in data else _ABSENT
    suffix = key[-5:]
    if suffix != "_word" and suffix != "_list":
        return own
    base = key[:-5]
    if base not in data:
        return own
    if own is not _ABSENT:  # both write the key: the later one in the data wins
        order = list(data)
        if order.index(key) > order.index(base):
            return own
    derived = _derived(base, suffix, data[base], lang, domains)
    return own if derived is _ABSENT else derived


class _Values(_Missing):
    """The values of :func:`values_for`, each computed when a template asks for it:
    a message names a few of its event's many data values."""

    __slots__ = ("_data", "_domains", "_lang")

    def __init__(self, data: Mapping[str, Any], lang: str, domains: Mapping[str, str]) -> None:
        super().__init__()
        self._data = data
        self._lang = lang
        self._domains = domains

    def __missing__(self, key: str) -> Any:
        value = _final(self._data, key, self._lang, self._domains)
        if value is _ABSENT:
            return "{" + key + "}"
        self[key] = value
        return value

    def get(self, key: str, default: Any = None) -> Any:
        if key in self:
            return dict.__getitem__(self, key)
        value = _final(self._data, key, self._lang, self._domains)
        if value is _ABSENT:
            return default
        self[key] = value
        return value

    def found(self, key: str) -> Any:
        """``get(key)`` for a key already prefilled (None: it has no value)."""
        return dict.get(self, key)

    def prefill(self, names: Iterable[str]) -> None:
        """Work out the values of ``names`` (what ``__missing__`` would give each one;
        a name without a value stays absent)."""
        data, lang = self._data, self._lang
        for key in names:
            if key in self:
                continue
            if key in data and key[-5:] not in _SUFFIXES:  # the data value itself
                value = _said(data[key], lang)
            else:
                value = _final(data, key, lang, self._domains)
                if value is _ABSENT:
                    continue
            self[key] = value


_SUFFIXES = ("_word", "_list")
_NO_WORDS: Mapping[str, str] = {}
_NAMES: dict[str, tuple[str, ...]] = {}


def _names(template: str) -> tuple[str, ...]:
    """The plain names of the fields of a ``str.format`` template (``{cost}``, not
    ``{a.b}``), each once: parsed once per template."""
    names = _NAMES.get(template)
    if names is None:
        from string import Formatter

        try:
            fields = [f for _, f, _, _ in Formatter().parse(template) if f]
        except ValueError:  # malformed: format_map says so, as before
            fields = []
        names = tuple(dict.fromkeys(f for f in fields if f.isidentifier()))
        if len(_NAMES) > 4096:
            _NAMES.clear()
        _NAMES[template] = names
    return names


def pick(entry: Mapping[str, str], lang: str) -> str:
    return entry.get(lang) or entry[DEFAULT]


def fill(template: str, data: Mapping[str, Any], lang: str) -> str:
    """``template`` filled with the values of :func:`values_for` (each computed only if
    the template names it: the same text)."""
    if isinstance(template, Text):
        return template.format_map(_Values(data, lang, template.words))
    values = _Values(data, lang, _NO_WORDS)
    values.prefill(_names(template))
    return str.format_map(template, values)


def register(entries: Mapping[str, Mapping[str, str] | tuple[str, str]]) -> None:
    """Add entries: ``{id: {"en": ..., "fr": ...}}`` or ``{id: (English, French)}``."""
    for key, texts in entries.items():
        if isinstance(texts, tuple):
            CATALOGUE[key] = dict(zip(LANGS, texts, strict=True))
        else:
            CATALOGUE[key] = dict(texts)


def typed_in_backticks(entries: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """The entries with what a user typed (``{value!r}``: ``'hevy'``) quoted in backticks
    in French (`` `hevy` ``), as keys are: English keeps Python's quotes, as the English
    ``message`` of a problem has them."""

    def backticks(text: str) -> str:
        if isinstance(text, Text):
            return Text(
                backticks(str(text)),
                {k: backticks(v) for k, v in text.variants.items()},
                text.key,
                text.clauses,
                text.words,
            )
        return re.sub(r"\{(\w+)!r\}", r"`{\1}`", text)

    return {key: (en, backticks(fr)) for key, (en, fr) in entries.items()}


def say(key: str, lang: str, /, **data: Any) -> str:
    """The catalogue entry ``key`` in ``lang``, filled with ``data``."""
    entry = CATALOGUE.get(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    extra = DERIVED.get(key)
    if extra is not None:
        data = {**data, **extra(data, lang)}
    return fill(pick(entry, lang), data, lang)


# ------------------------------------------------------------------------- citations
# patterns as strings: compiled (and cached by re) on first use, not at every start
_CITATION_START = r"^(?:\d{3} §|facts:|interpretation:|(?:[A-Za-z]+ )?house rules?)"
_HOUSE = r"(?i)^(?:[A-Za-z]+ )?house rules?:?\s*"
_HEADING = r"\d{3} §"
# the reading of an interpretation a ruling applied: `001 §Poursuite [contact_melee = ...]`
_READING = r"^(?P<head>\d{3} §.*) \[(?P<id>\w+) = (?P<key>\w+)\]$"
# English words that end a rule heading quoted inside an interpretation's explanation
# ("000 §Précisions sur le mouvement mentions l'esquive": the heading is the French part)
_ENGLISH = frozenset(
    {
        "implies",
        "imply",
        "means",
        "excepts",
        "allows",
        "leaves",
        "needs",
        "sets",
        "makes",
        "takes",
        "names",
        "name",
        "counts",
        "mentions",
        "has",
        "have",
        "calls",
        "adds",
        "speaks",
        "mapped",
        "forbids",
        "gives",
        "says",
        "lists",
        "is",
        "are",
        "reads",
        "only",
        "with",
        "where",
        "when",
        "as",
        "and",
        "the",
        "but",
        "for",
        "of",
        "to",
        "in",
        "on",
        "that",
        "which",
        "does",
        "do",
        "read",
        "unit",
        "units",
        "may",
        "not",
        "any",
        "each",
        "it",
        "its",
        "be",
        "by",
        "if",
        "per",
        "than",
        "who",
        "this",
        "these",
        "those",
        "from",
        "into",
        "can",
        "cannot",
        "must",
        "no",
        "one",
        "two",
        "or",
        "an",
    }
)


def _headings(text: str) -> list[str]:
    """The rule headings quoted in ``text`` (``NNN §Heading (en hex)``), without the
    English explanation that may follow them."""
    out = []
    for m in re.finditer(_HEADING, text):
        rest = text[m.end() :]
        words: list[str] = []
        i = 0
        for token in re.finditer(r"\([^)]*\)|[^\s;,:()]+|[;,:]", rest):
            piece = token.group(0)
            if piece in (";", ",", ":") or piece.lower() in _ENGLISH:
                break
            if piece.startswith("(") and any(
                w.lower() in _ENGLISH for w in re.findall(r"[A-Za-z]+", piece)
            ):
                break
            words.append(piece)
            i = token.end()
        heading = (m.group(0) + rest[:i]).strip()
        if len(heading) > len(m.group(0)):
            out.append(heading)
    return out


def split_citation(rule: str) -> list[str]:
    """The citations joined in one ``rule`` string (the engine joins them with ``; ``;
    an interpretation's own text may hold ``; `` too)."""
    parts: list[str] = []
    for piece in rule.split("; "):
        if parts and not re.match(_CITATION_START, piece.strip()):
            parts[-1] += "; " + piece
        elif piece.strip():
            parts.append(piece.strip())
    return parts


def _facts_head(text: str) -> str:
    """``Thucidide, shared by Panache: leaders (général en chef, 5 hexes)`` ->
    ``Thucidide``; ``Thucidide ch.4 (combat dice)`` -> ``Thucidide ch.4``;
    ``annex 1 lists the wood; ...`` -> ``annex 1``."""
    text = text.strip()
    m = re.match(r"(annex \d+)", text)
    if m:
        return m.group(1)
    m = re.match(r"([A-ZÀ-Ý][\wÀ-ÿ'’ -]*?)(?: ch\.\s?(\d+))?(?=[,:(;]|$| [a-z])", text)
    if m:
        return m.group(1).strip() + (f" ch.{m.group(2)}" if m.group(2) else "")
    return ""


def _facts(text: str, lang: str) -> str:
    head = _facts_head(text)
    if lang == "fr":
        head = head.replace("annex", "annexe")
        return f"faits de la règle ({head})" if head else "faits de la règle"
    return f"facts of the rules ({text.strip()})" if text.strip() else "facts of the rules"


@lru_cache(maxsize=1024)  # a pure function of its strings; a report cites a few rules often
def cite(rule: str, lang: str, ruleset: str | None = None) -> str:
    """A rule citation for the report, one citation a line.

    A rule heading (``000 §Mouvement sur route``) is cited as is, in French, in both
    languages. ``facts: ...`` (facts of the rest of the rules, from shared/RULES.md) and
    ``interpretation: ...`` (a documented default of the ruleset, where the texts are
    silent) are said in the language; the English explanation of an interpretation is
    shown in English only (French: the rule it reads, and where to find the text:
    ``referee rulesets NAME``)."""
    lines = []
    for part in split_citation(rule):
        reading = re.match(_READING, part)
        if reading:  # an interpretation's reading (rulesets/README.md §interpretations)
            word_ = "lecture" if lang == "fr" else "reading"
            lines.append(
                f"{cite(reading['head'], lang, ruleset)}, {word_} "
                f"`{reading['id']} = {reading['key']}`"
            )
        elif part.startswith("interpretation:"):
            body = part[len("interpretation:") :].strip()
            if lang == "fr":
                refs = list(dict.fromkeys(_headings(body)))
                where = f"referee rulesets {ruleset}" if ruleset else "referee rulesets"
                if refs:
                    lines.append("interprétation de " + " ; ".join(refs))
                elif body.startswith("facts:"):
                    lines.append("interprétation des " + _facts(body[len("facts:") :], "fr"))
                else:
                    lines.append(f"interprétation documentée ({where})")
            else:
                if body.startswith("facts:"):
                    body = _facts(body[len("facts:") :], "en")
                lines.append(f"interpretation: {body}")
        elif part.startswith("facts:"):
            lines.append(_facts(part[len("facts:") :], lang))
        elif re.match(_HOUSE, part):  # the club's own words, as they wrote them
            body = re.sub(_HOUSE, "", part)
            lines.append(f"règle maison : « {body} »" if lang == "fr" else f"house rule: {body}")
        elif lang == "fr":
            # a heading, or a heading followed by the English of an interpretation whose
            # text held "; " (split_citation cannot tell): the heading alone
            lines.append(" ; ".join(dict.fromkeys(_headings(part))) or part)
        else:
            lines.append(part)
    return "\n".join(dict.fromkeys(lines))


# ------------------------------------------------------------------------ roll purposes
_PURPOSES: tuple[tuple[str, str, str], ...] = (
    (
        r"^(?P<a>\S+) (?P<kind>melee|shooting) (?P<b>\S+): die (?P<i>\d+)/(?P<n>\d+)$",
        "{a} {kind} {b}, die {i}/{n}",
        "{a} {kind} {b}, dé {i}/{n}",
    ),
    (
        r"^(?P<a>\S+) riposte (?P<b>\S+): die (?P<i>\d+)/(?P<n>\d+)$",
        "{a} riposte to {b}, die {i}/{n}",
        "riposte de {a} à {b}, dé {i}/{n}",
    ),
    (r"^elephant fury of (?P<a>\S+)$", "elephant fury of {a}", "furie de l'éléphant {a}"),
    (
        r"^general (?P<a>\S+) caught in the rout of (?P<b>\S+)$",
        "general {a} caught in the rout of {b}",
        "général {a} pris dans la déroute de {b}",
    ),
)


def purpose(text: str, lang: str) -> str:
    """What a die was rolled for (the engine records ``C1 melee E1: die 1/3``), in words."""
    for pattern, en, fr in _PURPOSES:
        m = re.match(pattern, text)
        if m:
            groups = dict(m.groupdict())
            if "kind" in groups:
                groups["kind"] = word("kind", groups["kind"], lang)
            return (fr if lang == "fr" else en).format(**groups)
    return text


def purpose_group(text: str) -> str:
    """The roll a die belongs to (``C1 melee E1: die 2/3`` -> ``C1 melee E1``)."""
    return text.split(": die ")[0]


# ---------------------------------------------------------------- agreeing unit labels
_FEMININE_NOUNS = frozenset(
    {
        "infanterie",
        "cavalerie",
        "chamellerie",
        "charrerie",
        "artillerie",
        "unité",
        "troupe",
        "garde",
        "milice",
        "ost",
    }
)
_MASCULINE_NOUNS = frozenset(
    {
        "officier",
        "général",
        "chef",
        "personnage",
        "sous",
        "détachement",
        "régiment",
        "bataillon",
        "escadron",
        "train",
    }
)
# feminine adjective endings -> (masculine singular, feminine plural suffix rule)
_ADJECTIVES: dict[str, str] = {
    "légère": "léger",
    "moyenne": "moyen",
    "lourde": "lourd",
    "lègère": "léger",
}


def agreement(type_label: str) -> tuple[str, bool]:
    """(gender ``m``/``f``, plural) of a unit type's label, as its adjective agrees:
    ``Infanterie`` (f, singular), ``Éléphants`` (m, plural), ``Cavalerie et Lanciers``
    (two nouns, one masculine: m, plural), ``Sur chameaux - Zamboureks`` (m, plural)."""
    core = type_label.split("(")[0]
    if " - " in core:
        core = core.split(" - ")[-1]
    heads = []
    for chunk in re.split(r"\bet\b|,", core):
        found = re.findall(r"[A-Za-zÀ-ÿ]+", chunk)
        if found:
            heads.append(found[0].lower())
    if not heads:
        return "f", False
    plural = len(heads) > 1 or any(h.endswith(("s", "x")) for h in heads)
    if any(h.rstrip("sx") in _MASCULINE_NOUNS for h in heads):
        return "m", plural
    feminine = all(h.rstrip("s") in _FEMININE_NOUNS for h in heads)
    return ("f" if feminine or not plural else "m"), plural


def _inflect(word_: str, gender: str, plural: bool) -> str:
    lower = word_.lower()
    if lower in ("très", "super", "ultra", "/", "ou", "et") or not lower:
        return word_
    if "-" in word_:
        head, _, tail = word_.rpartition("-")
        return f"{head}-{_inflect(tail, gender, plural)}"
    base = _ADJECTIVES.get(lower)
    if base is None:
        return word_  # not an adjective we know: left as the ruleset writes it
    out = (lower if gender == "f" else base) + ("s" if plural else "")
    return out[0].upper() + out[1:] if word_[:1].isupper() else out


def weight_agreed(type_label: str, weight_label: str) -> str:
    """The ruleset's weight label (written for « unité », feminine singular: ``Lourde``)
    agreeing with the type: ``Éléphants`` -> ``Lourds``."""
    gender, plural = agreement(type_label)
    if gender == "f" and not plural:
        return weight_label
    return " ".join(_inflect(w, gender, plural) for w in weight_label.split(" "))


@lru_cache(maxsize=1024)  # a pure function of the two labels; a report names a few kinds
def unit_kind(type_label: str, weight_label: str) -> str:
    """``Éléphants`` + ``Lourde`` -> ``Éléphants lourds``; the weight goes before a
    parenthesis: ``Infanterie moyenne (tous types sauf piquiers)``."""
    weight = " / ".join(
        w[:1].lower() + w[1:] for w in weight_agreed(type_label, weight_label).split(" / ")
    )
    if " (" in type_label:
        head, _, rest = type_label.partition(" (")
        return f"{head} {weight} ({rest}"
    return f"{type_label} {weight}"


def unit_kind_of(rs: Any, unit_type: str, weight: str) -> str:
    return unit_kind(rs.type_label(unit_type), rs.weight_label(weight))

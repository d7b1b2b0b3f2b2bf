"""The message catalogue's loader: every human sentence of the referee, by stable
context, in the language asked (``docs/translating.md``).

* The English is written once, in ``referee/render/texts/*.py`` (``m(context,
  English)``): it is the gettext ``msgid``, the context its ``msgctxt``. A command
  declares only the texts modules of the contexts it says (``texts.INDEX``).
* English needs no file; another language's translations are read, the first time a
  message of a part is asked for, from ``referee/locale/<lang>/LC_MESSAGES/referee-<part>.mo``
  (compiled from its ``.po`` by ``python tools/i18n.py compile``), one part a texts
  module, with the standard library's :mod:`gettext` (a lazier ``_parse``: below).
  They are looked up by context, in the part ``texts.INDEX`` names, so that such a
  command declares no English (half its catalogue's loading: bench/RESULTS.md); what
  else the texts declare is generated with the index (``texts.PARTS``, ``COUNTED``,
  ``WORDS``). A context without a translation is said in English.
* Event sentences are keyed by the event's code (``combat.roll``), view texts by
  ``ui.<view>.<name>``, problems by ``problem.<code>`` and their hints by
  ``problem.<code>.hint`` and ``hint.<id>``, a data value in words by
  ``word.<domain>.<value>``.
* :func:`text` is a context's template in a language (a plural one chosen by the
  language's plural forms); filling it with the data (variants, clauses, words) is
  ``referee/render/grammar.py``'s.

Standard library only: imported by every view; nothing is read before a message is
asked for.
"""

from __future__ import annotations

import os
from itertools import repeat

from referee.render.lang import DEFAULT, LOCALEDIR_ENV
from referee.render.texts import COUNTED, ENGLISH, INDEX, MODULES, PARTS, PLURALS, prefix

# Nothing else is imported at start-up: collections.abc, typing, pathlib and gettext
# are for the type checker, or imported the first time a translation is read.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import gettext
    from collections.abc import Callable, Mapping
    from typing import Any

    _Messages = dict[Any, str]
else:
    _Messages = dict

LOCALEDIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
DOMAIN = "referee"

GROUP: dict[str, str] = {}  # context -> the texts module declaring it (its .mo part)
# (PARTS, the variants and clauses of each code: generated with the texts' index)
_LOADED: set[str] = set()  # the texts modules declared so far


def _declare(name: str) -> None:
    """Import the texts module ``name`` (its ``m``/``n`` calls declare its English) and
    note which contexts it declared."""
    if name in _LOADED:
        return
    _LOADED.add(name)
    start = len(ENGLISH)
    __import__(f"referee.render.texts.{name}")
    GROUP.update(dict.fromkeys(list(ENGLISH)[start:], name))


def need(ctx: str) -> None:
    """Declare the texts module that holds ``ctx`` (its prefix's, in ``texts.INDEX``;
    every module for a prefix the index does not know)."""
    name = INDEX.get(prefix(ctx))
    if name is None:
        load()
    elif name not in _LOADED:
        _declare(name)


def load() -> None:
    """Declare every English text (documentation, tests: a command declares only the
    modules of the messages it says)."""
    for name in MODULES:
        _declare(name)


def groups() -> dict[str, str]:
    """``GROUP`` of every context (every module declared)."""
    load()
    return GROUP


def parts() -> dict[str, tuple[str, ...]]:
    """The variants' and clauses' contexts of each code, in the order declared."""
    return PARTS


_TRANSLATIONS: dict[tuple[str, str], gettext.NullTranslations | None] = {}


def locale_dir() -> str:
    """Where the compiled catalogues are: the package's ``locale``, or
    ``REFEREE_LOCALEDIR`` (a translator's work in progress, the pseudo-language)."""
    return os.environ.get(LOCALEDIR_ENV) or LOCALEDIR


def translations(lang: str, group: str) -> gettext.NullTranslations | None:
    """The compiled catalogue of ``lang`` for the messages of one texts module (None
    for English, whose msgids are the text; a language without one speaks English).
    Each is read the first time a message of it is asked for."""
    if lang == DEFAULT:
        return None
    found = _TRANSLATIONS.get((lang, group), False)
    if found is False:
        path = os.path.join(locale_dir(), lang, "LC_MESSAGES", f"{DOMAIN}-{group}.mo")
        try:
            with open(path, "rb") as f:
                found = _part()(f)
        except (OSError, ValueError, LookupError):  # none, unreadable, not a .mo, a charset
            found = None
        _TRANSLATIONS[(lang, group)] = found
    return found  # type: ignore[return-value]


# ----------------------------------------------------------- reading a .mo part
# gettext's translations (its catalogue, pgettext, npgettext, fallback) with a leaner
# ``_parse``, the hook gettext documents for other readers, because gettext's own cannot
# keep the 2 ms of issue 25 item 5: ``show --lang fr`` reads ``referee-vocab.mo`` and
# ``referee-ui.mo`` (240 messages), which ``gettext.GNUTranslations._parse`` reads in
# 1.0 ms of CPU (median of 21 fresh processes): 0.3 importing ``struct`` (nothing else
# ``show`` runs needs it), 0.06-0.13 a part compiling the same ``Plural-Forms``
# (``gettext.c2py``), the rest an unpacking and two decodings per message in a Python
# loop. This reads them in 0.2-0.3 ms; the catalogue's loading for ``show --lang fr``
# went from 2.3-2.4 ms to 1.7 (``python bench/catalogue.py --gettext-parse -- ...``
# measures it with gettext's). It reads the files written in the machine's byte order
# (Babel's, GNU msgfmt's) of the revisions gettext knows and leaves any other to
# gettext's own ``_parse`` (which also says why it refuses one);
# ``tests/test_translations.py`` checks both read the same from every committed ``.mo``.
_PARTS_CLASS: list[type[gettext.GNUTranslations]] = []
_PLURAL_FORMS: dict[str, Callable[[int], int]] = {}  # one function per expression
_MAGIC = 0x950412DE


def _part() -> type[gettext.GNUTranslations]:
    """The class reading a ``.mo`` part (made the first time a translation is read)."""
    if not _PARTS_CLASS:
        import gettext

        class Part(gettext.GNUTranslations):
            def _parse(self, fp: Any) -> None:
                buf = fp.read()
                if not _parse_mo(self, buf):
                    import io
                    import struct

                    try:
                        super()._parse(io.BytesIO(buf))
                    except struct.error as error:  # (cut short)
                        raise OSError(0, "File is corrupt", "") from error

        _PARTS_CLASS.append(Part)
    return _PARTS_CLASS[0]


def _parse_mo(tr: gettext.GNUTranslations, buf: bytes) -> bool:
    """Fill ``tr`` (its catalogue, metadata, charset and plural function) from the
    ``.mo`` bytes ``buf`` as ``gettext.GNUTranslations._parse`` does; False, with
    nothing done, for a file it leaves to gettext's."""
    size = len(buf)
    if size < 20:
        raise OSError(0, "File is corrupt", "")
    view = memoryview(buf)
    magic, version, count, ids, strs = view[:20].cast("I")
    if magic != _MAGIC or version >> 16 not in (0, 1):
        return False
    if max(ids, strs) + 8 * count > size:
        raise OSError(0, "File is corrupt", "")
    # (length, offset) of each original string, then of each translation
    found = view[ids : ids + 8 * count].cast("I").tolist()
    said = view[strs : strs + 8 * count].cast("I").tolist()
    lengths, starts, tlengths, tstarts = found[::2], found[1::2], said[::2], said[1::2]
    from operator import add  # (loaded at start-up: collections imports it)

    limits = list(map(add, starts, lengths))  # where each msgid ends
    ends = max(limits, default=0)
    if count and max(ends, max(map(add, tlengths, tstarts))) >= size:
        raise OSError(0, "File is corrupt", "")
    tr.plural = _one_or_many  # type: ignore[attr-defined]
    charset = "ascii"
    if count and not lengths[0]:  # the header (the empty msgid sorts first)
        charset = _header(tr, buf[tstarts[0] : tstarts[0] + tlengths[0]]) or charset
    # The msgids stay bytes (a report asks for ~150 of the ~550 messages its parts
    # hold). They are checked in one decoding (they are written one after another): a
    # msgid not in the charset refuses the part, as gettext's decoding of each does.
    try:
        str(buf[min(starts, default=0) : ends], charset)
    except UnicodeDecodeError:  # (something else lies between them: each is checked)
        for n, at in zip(lengths, starts, strict=True):
            str(buf[at : at + n], charset)
    tr._catalog = _Said(buf, charset, limits, starts, tstarts, tlengths)  # type: ignore[attr-defined]
    return True


class _Said(_Messages):
    """A part's catalogue as gettext reads it (``msgid`` -> translation, ``(msgid, n)``
    -> plural form ``n``), each translation decoded from the ``.mo`` the first time it
    is asked for. The referee asks by context (:meth:`by_context`: a command in another
    language than English declares no English); gettext's look-ups by msgid (help,
    schemas, the rulesets' texts) index the msgids the first time one is made."""

    def __init__(
        self,
        buf: bytes,
        charset: str,
        limits: list[int],
        starts: list[int],
        tstarts: list[int],
        tsizes: list[int],
    ) -> None:
        super().__init__()
        self._buf, self._charset, self._starts, self._sizes = buf, charset, tstarts, tsizes
        self._limits, self._ids = limits, starts  # each msgid's start and end
        self._at: dict[Any, int] | None = None  # msgid -> index, made by _msgids
        # context (bytes) -> index, what the referee looks up: where each msgid's context
        # ends (its start: none), each context cut out, in C loops (a part holds 50-700)
        self._cuts = list(map(max, map(buf.find, repeat(b"\x04"), starts, limits), starts))
        keys = map(buf.__getitem__, map(slice, starts, self._cuts))
        self._contexts: dict[bytes, int] = dict(zip(keys, range(len(starts)), strict=True))
        self._by_context: dict[str, Any] = {}

    def by_context(self, ctx: str) -> Any:
        """The translation of the message of context ``ctx`` (its plural forms: a list),
        whatever its msgid; None: none (or not in the part's charset)."""
        found = self._by_context.get(ctx, _ABSENT)
        if found is _ABSENT:
            found = None
            try:
                i = self._contexts.get(ctx.encode(self._charset)) if ctx else None
            except UnicodeEncodeError:
                i = None
            if i is not None:
                try:
                    found = self._text(i)
                except KeyError:
                    pass
                else:  # a plural message (its msgid holds its plural): its forms
                    if self._buf.find(b"\0", self._cuts[i], self._limits[i]) >= 0:
                        found = found.split("\0")
            self._by_context[ctx] = found
        return found

    def __missing__(self, key: Any) -> str:
        at = self._at if self._at is not None else _msgids(self)
        try:
            if type(key) is tuple:
                i = at[(key[0].encode(self._charset),)]
                for n, form in enumerate(self._text(i).split("\0")):
                    self[(key[0], n)] = form
                return _Messages.__getitem__(self, key)
            said = self[key] = self._text(at[key.encode(self._charset)])
        except (UnicodeEncodeError, AttributeError):  # (not in the charset; not text)
            raise KeyError(key) from None
        return said

    def _text(self, i: int) -> str:
        at = self._starts[i]
        try:
            return str(self._buf[at : at + self._sizes[i]], self._charset)
        except UnicodeDecodeError:  # (not in its charset: said in English)
            raise KeyError(i) from None

    def get(self, key: Any, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def whole(self) -> dict[Any, str]:
        """Every translation (tests compare the reading with gettext's)."""
        for key in self._at if self._at is not None else _msgids(self):
            try:
                if type(key) is bytes:
                    self[str(key, self._charset)]
                else:
                    self[(str(key[0], self._charset), 0)]
            except KeyError:
                continue
        return dict(self)


_ABSENT: Any = object()


def _msgids(said: _Said) -> dict[Any, int]:
    """A part's msgids (bytes) -> their message's index, a plural message under
    ``(msgid,)``: made the first time gettext's look-ups ask for one."""
    buf = said._buf
    at: dict[Any, int] = {}
    for i, (start, end) in enumerate(zip(said._ids, said._limits, strict=True)):
        key = buf[start:end]
        if b"\0" in key:  # a plural message: its forms, by number, under its msgid
            at[(key.split(b"\0")[0],)] = i
        else:
            at[key] = i
    said._at = at
    return at


def _one_or_many(n: int) -> int:
    """The plural form without ``Plural-Forms`` (gettext's default: English's)."""
    return int(n != 1)


def _header(tr: gettext.GNUTranslations, header: bytes) -> str | None:
    """Read a ``.mo``'s metadata into ``tr`` as gettext does (``tr.info()``, its
    plural function); its charset. The parts of a language share one header: it is
    read once (its ``info()`` and plural function are shared too)."""
    found = _HEADERS.get(header)
    if found is None:
        found = _HEADERS[header] = _read_header(header)
    info, charset, plural = found
    tr._info = info  # type: ignore[attr-defined]
    if charset is not None:
        tr._charset = charset  # type: ignore[attr-defined]
    if plural is not None:
        tr.plural = plural  # type: ignore[attr-defined]
    return charset


_HEADERS: dict[bytes, tuple[dict[str, str], str | None, Callable[[int], int] | None]] = {}


def _read_header(
    header: bytes,
) -> tuple[dict[str, str], str | None, Callable[[int], int] | None]:
    info: dict[str, str] = {}
    charset = plural = None
    last = None
    for line in header.split(b"\n"):
        item = line.decode().strip()
        if not item or (item.startswith("#-#-#-#-#") and item.endswith("#-#-#-#-#")):
            continue
        key, colon, value = item.partition(":")
        if not colon:
            if last:
                info[last] += "\n" + item
            continue
        last = key = key.strip().lower()
        info[key] = value = value.strip()
        if key == "content-type" and "charset=" in value:
            charset = value.split("charset=")[1]
        elif key == "plural-forms" and "plural=" in value:
            plural = _plural_forms(value.split("plural=")[1].split(";")[0])
    return info, charset, plural


def _plural_forms(expression: str) -> Callable[[int], int]:
    """The plural function of a ``Plural-Forms`` expression, one for all the parts
    that have it, compiled the first time a count is said (not every command says
    one)."""
    found = _PLURAL_FORMS.get(expression)
    if found is None:
        compiled: list[Callable[[int], int]] = []

        def plural(n: int) -> int:
            if not compiled:
                compiled.append(_compile_plural(expression))
            return compiled[0](n)

        found = _PLURAL_FORMS[expression] = plural
    return found


def _compile_plural(expression: str) -> Callable[[int], int]:
    """The function of a ``Plural-Forms`` expression: one of the usual three as written
    here, any other compiled by gettext (``gettext.c2py`` takes 0.15 ms, a tenth of what
    a French report may spend on its catalogue); one gettext refuses counts as English
    does (``tests/test_translations.py`` checks the committed catalogues' expressions,
    and that the usual ones say what gettext's would)."""
    usual = _USUAL_PLURALS.get(expression.replace(" ", "").removeprefix("(").removesuffix(")"))
    if usual is not None:
        return usual
    import gettext

    try:
        return gettext.c2py(expression)
    except ValueError:
        return _one_or_many


def _one_form(n: int) -> int:
    return 0


def _one_and_zero_or_many(n: int) -> int:
    return int(n > 1)


# the usual expressions (the GNU gettext manual, §Plural forms): English, German, Spanish,
# Italian...; French, Brazilian Portuguese...; Japanese, Chinese, Korean...
_USUAL_PLURALS: dict[str, Callable[[int], int]] = {
    "n!=1": _one_or_many,
    "n>1": _one_and_zero_or_many,
    "0": _one_form,
}


def as_written(lang: str) -> bool:
    """Whether ``lang`` is the language the msgids, and the rulesets' prose (their
    ``source`` and citations), are written in: their text is then shown as written,
    and said in words (:func:`referee.render.wording.cite`) in any other language."""
    return lang == DEFAULT


def _number(value: Any) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    try:
        return int(str(value))
    except ValueError:
        return 2


_PART: dict[str, str] = {}  # context -> the part (texts module) it is looked up in


def _part_of(ctx: str, lang: str) -> gettext.NullTranslations | None:
    """The compiled part of ``lang`` holding ``ctx`` (``texts.INDEX`` names it by the
    context's prefix: no English declared)."""
    name = _PART.get(ctx)
    if name is None:
        name = INDEX.get(prefix(ctx))
        if name is None:  # (a prefix the index does not know: every text declared)
            need(ctx)
            name = GROUP.get(ctx, "")
        _PART[ctx] = name
    part = (lang, name)
    return _TRANSLATIONS[part] if part in _TRANSLATIONS else translations(*part)


def text(ctx: str, lang: str, data: Mapping[str, Any] | None = None) -> str:
    """The template of ``ctx`` in ``lang`` (a plural one for the count in ``data``).
    Another language than English is looked up by context in its compiled part; its
    English is declared only where it has no translation (said in English)."""
    tr = None
    if lang != DEFAULT:
        tr = _part_of(ctx, lang)
        catalog = getattr(tr, "_catalog", None)
        if type(catalog) is _Said:
            said = catalog.by_context(ctx)
            if type(said) is str:
                return said
            if said is not None:  # its plural forms: the one for the count
                form = tr.plural(_number((data or {}).get(COUNTED.get(ctx, ""))))  # type: ignore[union-attr]
                if 0 <= form < len(said):
                    return str(said[form])
            tr = None  # (no translation: said in English)
    english = ENGLISH.get(ctx)
    if english is None:
        need(ctx)
        english = ENGLISH[ctx]
    plural = PLURALS.get(ctx)
    if plural is None:
        if tr is None or not english:
            return english
        return tr.pgettext(ctx, english)  # (a part gettext read itself: by msgid)
    one, many, key = plural
    count_ = _number((data or {}).get(key))
    if tr is None:
        return one if count_ == 1 else many
    return tr.npgettext(ctx, one, many, count_)


def has(ctx: str, lang: str = DEFAULT) -> bool:
    """Whether the catalogue has ``ctx`` (in ``lang``: its translation, if it has one,
    answers without the English)."""
    if ctx in ENGLISH:
        return True
    if lang != DEFAULT:
        catalog = getattr(_part_of(ctx, lang), "_catalog", None)
        if type(catalog) is _Said and catalog.by_context(ctx) is not None:
            return True
    need(ctx)
    return ctx in ENGLISH


# a language's finish, once looked up (the filling reads it for every message)
FINISH: dict[str, Callable[[str], str] | None] = {}


def finisher(lang: str) -> Callable[[str], str] | None:
    """The ``finish`` of ``referee/render/grammar_<lang>.py``: the language's grammar
    once the values are in (None: the language has none)."""
    found = FINISH.get(lang, False)
    if found is False:
        found = FINISH[lang] = language_rule(lang, "finish")
    return found  # type: ignore[return-value]


def language_rule(lang: str, name: str) -> Callable[[str], str] | None:
    """The function ``name`` of ``referee/render/grammar_<lang>.py`` (``finish``,
    ``typeset``: docs/translating.md), None where the language has none (English: its
    msgids as written)."""
    if lang == DEFAULT:
        return None
    try:
        module = __import__(f"referee.render.grammar_{lang}", fromlist=[name])
    except ModuleNotFoundError:
        return None
    found: Callable[[str], str] | None = getattr(module, name, None)
    return found


# ------------------------------------------------------------------ what it holds
def contexts() -> list[str]:
    """Every context of the catalogue, in the order the texts declare them (module by
    module, in the order of ``MODULES``, whichever a command declared first)."""
    load()
    rank = {name: i for i, name in enumerate(MODULES)}
    return sorted(ENGLISH, key=lambda ctx: rank[GROUP[ctx]])


def template(ctx: str, lang: str) -> str:
    """The template of ``ctx`` in ``lang`` as written (a plural one: its form for 2)."""
    need(ctx)
    return text(ctx, lang, {PLURALS[ctx][2]: 2} if ctx in PLURALS else None)

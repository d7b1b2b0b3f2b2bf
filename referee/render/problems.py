"""Problems in the run's language: what a ``Problem`` says (its ``code`` and ``data``)
worded from the catalogue (``problem.<code>``, ``problem.<code>.hint``, ``hint.<id>``;
the texts are in ``referee/render/messages_problems.py`` and
``referee/render/messages_play.py``).

The engine and the readers produce a problem's English ``message`` and ``hint`` (kept
as they are for scripts: the JSON error object) with a stable ``code`` and the
``data`` it is said from. Conventions of that data, worded here in every language:

* ``suggest``: a "did you mean" (``{"close": word}`` or ``{"one_of": [...], "more":
  bool}``, ``referee.core.spec.suggestion``); the hint when the code has no hint of
  its own, ``{suggestion}`` in any template;
* ``expected`` and ``got``: kinds of values (``["whole_number", "nothing"]``, ``text``;
  an enumeration as the list of its values), ``{expected_words}`` and ``{got_word}``;
* ``hint_code``: the hint the place of the problem gives (``hint.<id>``), over the
  code's own;
* ``problems``: problems nested in this one (``{"path", "message", "code", "data"}``),
  ``{problems_text}``;
* ``entry``: the history entry a finding is located at (``index``, ``turn``,
  ``player``, ``phase``, ``to``): the path ``history[3] (turn 2, rome, combat)``;
* ``differences``: what differs (``referee verify``), said after the message;
* ``errno``: why the system refused a file (``ENOENT``...), ``{reason}`` in words;
* ``purpose``: what a die was rolled for, ``{purpose_words}``.

Imported only to say a problem in a language other than English (errors are rare: the
success path of a command never imports this module).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.core.model import Problem
from referee.render import messages_pbem, messages_play, messages_problems  # noqa: F401
from referee.render.catalogue import (
    CATALOGUE,
    DERIVED,
    VOCAB,
    Text,
    _key,
    cite,
    fill,
    pick,
    purpose,
    unit_kind,
    word,
)

_OR = {"en": " or ", "fr": " ou "}


def kinds_words(kinds: Any, lang: str) -> str:
    """``["whole_number", "nothing"]`` in words; an enumeration's values quoted as keys."""
    if not isinstance(kinds, list | tuple):
        kinds = [kinds]
    out = []
    for kind in kinds:
        if isinstance(kind, list | tuple):
            if lang == "en":
                out.append("one of " + ", ".join(map(str, kind)))
            else:
                out.append("une des valeurs " + ", ".join(f"`{v}`" for v in kind))
        else:
            out.append(word("value_kind", kind, lang))
    return _OR.get(lang, " or ").join(out)


def suggestion_words(found: Mapping[str, Any], lang: str) -> str:
    if found.get("closest"):
        close = [str(c) for c in found["closest"]]
        if lang == "en":
            return f"did you mean {', '.join(close[:-1])} or {close[-1]}?"
        return f"vouliez-vous dire {', '.join(f'`{c}`' for c in close[:-1])} ou `{close[-1]}` ?"
    if "close" in found:
        close = found["close"]
        return f"vouliez-vous dire `{close}` ?" if lang == "fr" else f"did you mean {close}?"
    options = list(found.get("one_of") or ())
    more = ", ..." if found.get("more") else ""
    if lang == "fr":
        return "choisir parmi " + ", ".join(f"`{o}`" for o in options) + more
    return "use one of " + ", ".join(options) + more


def _values(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The data of a problem with what its templates say in words."""
    out = dict(data)
    for key, value in data.items():  # lists of keys as typed: quoted in French
        if isinstance(value, list | tuple) and all(isinstance(v, str | int) for v in value):
            out[f"{key}_keys"] = (
                ", ".join(map(str, value))
                if lang == "en"
                else (", ".join(f"`{v}`" for v in value) or "aucun")
            )
    if "close" in data:
        close = data["close"]
        out["close_text"] = (
            ""
            if not close
            else (
                f" (vouliez-vous dire `{close}` ?)" if lang == "fr" else f" (did you mean {close}?)"
            )
        )
    if "rule" in data:
        rule = str(data["rule"] or "")
        out["rule_words"] = rule if lang == "en" else cite(rule, lang).replace("\n", " ; ")
    if "what" in data:
        out["what_words"] = what_words(str(data["what"]), lang)
    if "type_label" in data and "weight_label" in data:
        out["unit_kind"] = unit_kind(str(data["type_label"]), str(data["weight_label"]))
    if "expected" in data:
        out["expected_words"] = kinds_words(data["expected"], lang)
    if "got" in data:
        out["got_word"] = kinds_words(data["got"], lang)
    found = data.get("suggest")
    if isinstance(found, Mapping):
        out["suggestion"] = suggestion_words(found, lang)
    nested = data.get("problems")
    if isinstance(nested, list):
        out["problems_text"] = "; ".join(
            nested_text(p, lang) for p in nested if isinstance(p, Mapping)
        )
    event = data.get("event")
    if isinstance(event, Mapping):  # an order that would be refused, as adjudicate says it
        from referee.render.messages import message

        out["event_text"] = message(
            str(event.get("code")), event.get("subject"), event.get("data") or {}, lang
        )
        out["event_code"] = event.get("code")
        reason = (event.get("data") or {}).get("reason")
        out["event_reason"] = f" {reason}" if reason else ""
        rule = str(event.get("rule") or "")
        out["event_rule"] = (
            (rule or "-")
            if lang == "en"
            else (cite(rule, lang).replace("\n", " ; ") if rule else "-")
        )
    inner = data.get("inner")
    if isinstance(inner, Mapping):
        inner_data = inner.get("data") or {}
        out["inner_text"] = text(
            str(inner.get("code") or ""), inner_data, lang, str(inner.get("message", ""))
        )
        out["inner_hint"] = (
            hint_text(str(inner.get("code") or ""), inner_data, lang, str(inner.get("hint", "")))
            if inner.get("hint")
            else ""
        )
    if "errno" in data:
        known = lang != "en" and str(data["errno"]) in VOCAB["errno"]
        out["reason"] = word("errno", data["errno"], lang) if known else data.get("reason", "")
    if "purpose" in data:
        out["purpose_words"] = purpose(str(data["purpose"]), lang) if data["purpose"] else ""
    for key, value in data.items():  # phase names in words
        if isinstance(value, str) and value in VOCAB["phase"]:
            out[f"{key}_word"] = word("phase", value, lang) if lang != "en" else value
            if value in VOCAB["phase_title"]:
                out[f"{key}_title"] = word("phase_title", value, lang)
    if "outcome" in data:
        out["outcome_words"] = (
            word("outcome", data["outcome"], lang) if lang != "en" else data["outcome"]
        )
    if isinstance(data.get("options"), list):
        out["options_or"] = _OR.get(lang, " or ").join(map(str, data["options"]))
    for key, value in data.items():  # moments and history entries, in words
        if isinstance(value, Mapping) and "phase" in value and "turn" in value:
            out[f"{key}_words"] = moment_words(value, lang)
        if isinstance(value, Mapping) and "index" in value:
            out[f"{key}_where"] = where_words(value, lang)
    return out


def what_words(what: str, lang: str) -> str:
    """What a parser said (PyYAML's English), in ``lang``: a known message in words,
    anything else quoted as said."""
    if lang == "en":
        return what
    import re

    for pattern, words_ in messages_problems.YAML_WORDS:
        if re.match(pattern, what):
            return words_
    return f"« {what} »"


def moment_words(moment: Mapping[str, Any], lang: str) -> str:
    """``turn 2, rome, combat`` (``referee.play.history.moment_text`` in ``lang``)."""
    phase = moment.get("phase")
    if phase == "rollback":
        what = ("retour à l'entrée {to}" if lang == "fr" else "rollback to entry {to}").format(
            to=moment.get("to")
        )
    elif phase == "commit":
        what = "engagement à deux secrets" if lang == "fr" else "two-party commitment"
    elif lang == "en":
        what = str(phase)
    else:
        what = word("phase", phase, lang) if phase is not None else "?"
    turn = "tour" if lang == "fr" else "turn"
    return f"{turn} {moment.get('turn')}, {moment.get('player')}, {what}"


def where_words(entry: Mapping[str, Any], lang: str) -> str:
    """``history[3] (turn 1, red, combat)`` (``referee.play.history.where`` in ``lang``)."""
    if entry.get("turn") is None and entry.get("phase") is None:
        return f"history[{entry.get('index')}]"
    return f"history[{entry.get('index')}] ({moment_words(entry, lang)})"


def _fill(template: str, data: Mapping[str, Any], lang: str) -> str:
    """A template filled with a problem's data: a :class:`Text`'s variant chosen by the
    data as it is (``true``, ``""``, ``[]``), then the values in words."""
    if isinstance(template, Text):
        template = template.variants.get(_key(data.get(template.key)), str(template))
    return fill(str(template), _values(data, lang), lang)


def text(code: str, data: Mapping[str, Any], lang: str, english: str = "") -> str:
    """The catalogue entry ``problem.<code>`` in ``lang``; ``english`` when there is none."""
    entry = CATALOGUE.get(f"problem.{code}")
    if entry is None:
        return english
    derive = DERIVED.get(f"problem.{code}")
    if derive is not None:
        data = {**data, **derive(data, lang)}
    return _fill(pick(entry, lang), data, lang)


def hint_text(code: str, data: Mapping[str, Any], lang: str, english: str = "") -> str:
    """The hint of a problem in ``lang``: the one its place gives (``hint_code``), the
    code's own, its "did you mean", or ``english`` (none known)."""
    hint_code = data.get("hint_code")
    if isinstance(hint_code, str) and hint_code:
        entry = CATALOGUE.get(f"hint.{hint_code}")
        if entry is not None:
            return _fill(pick(entry, lang), data, lang)
    entry = CATALOGUE.get(f"problem.{code}.hint")
    if entry is not None:
        return _fill(pick(entry, lang), data, lang)
    found = data.get("suggest")
    if isinstance(found, Mapping):
        return suggestion_words(found, lang)
    return english


def nested_text(p: Mapping[str, Any], lang: str) -> str:
    """A problem held in another's data, as ``path: message``."""
    message = str(p.get("message", ""))
    code = p.get("code")
    if code:
        message = text(str(code), p.get("data") or {}, lang, message)
    path = p.get("path")
    return f"{path}: {message}" if path else message


def differences_words(differences: Any, more: int, lang: str) -> list[str]:
    out = []
    for d in differences if isinstance(differences, list) else []:
        if not isinstance(d, Mapping):
            continue
        labels = d.get("labels") or ("recorded", "replayed")
        a, b = (word("compared", label, lang) for label in labels)
        subject = subject_words(d, lang)
        out.append(
            f"{subject} {d.get('field')}{' :' if lang == 'fr' else ':'} {a} "
            f"{_short(d.get('a'))} -> {b} {_short(d.get('b'))}"
        )
    if more:
        out.append(
            f"et {more} de plus (--json les liste toutes)"
            if lang == "fr"
            else f"and {more} more (--json lists all)"
        )
    return out


def subject_words(d: Mapping[str, Any], lang: str) -> str:
    """``unit B1 (off table)`` in words from a difference's ``kind`` and ``id``."""
    kind = str(d.get("kind") or "")
    return word("subject", kind, lang).format(id=d.get("id"))


_ABSENT = "(absent)"


def _short(value: Any, width: int = 70) -> str:
    if value == _ABSENT:
        return _ABSENT
    out = json.dumps(value, ensure_ascii=False)
    return out if len(out) <= width else out[: width - 1] + "…"


def path_words(problem: Problem, lang: str) -> str:
    """The path of a problem; a history entry with its moment in words."""
    data = problem.data or {}
    entry = data.get("entry")
    if isinstance(entry, Mapping) and "index" in entry and problem.path.startswith("history["):
        return where_words(entry, lang)
    return problem.path


def words(problem: Problem, lang: str) -> tuple[str, str, str]:
    """(path, message, hint) of ``problem`` in ``lang``; as written where the catalogue
    has no text for its code."""
    data = problem.data or {}
    message = text(problem.code, data, lang, problem.message)
    differences = data.get("differences")
    if differences:
        more = differences_words(differences, int(data.get("more", 0)), lang)
        message = (" ; " if lang == "fr" else "; ").join([message, *more])
    hint = hint_text(problem.code, data, lang, problem.hint) if problem.hint else ""
    return path_words(problem, lang), message, hint


def line(problem: Problem, lang: str) -> str:
    """``file:line: path: message (hint)`` in ``lang``."""
    path, message, hint = words(problem, lang)
    where = problem.file or ("<entrée>" if lang == "fr" else "<input>")
    if problem.line is not None:
        where += f":{problem.line}"
    out = f"{where}: {path}: {message}" if path else f"{where}: {message}"
    return f"{out} ({hint})" if hint else out

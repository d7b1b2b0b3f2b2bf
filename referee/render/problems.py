"""Problems in the run's language: what a ``Problem`` says (its ``code`` and ``data``)
worded from the catalogue (``problem.<code>``, ``problem.<code>.hint``, ``hint.<id>``;
the English is in ``referee/render/catalogue/problems.py`` and
``referee/render/catalogue/play.py``).

The engine and the readers produce a problem's stable ``code`` and the ``data`` it is
said from; its English is the catalogue's, like every other language's (a place not
yet converted still writes its English ``message`` and ``hint``, said where the
catalogue has no entry: ``tests/test_english_once.py``). Conventions of that data,
worded here in every language:

* ``suggest``: a "did you mean" (``{"close": word}`` or ``{"one_of": [...], "more":
  bool}``, ``referee.core.typed.suggestion``); the hint when the code has no hint of
  its own, ``{suggestion}`` in any template;
* ``expected`` and ``got``: kinds of values (``["whole_number", "nothing"]``, ``text``;
  an enumeration as the list of its values), ``{expected_words}`` and ``{got_word}``;
* ``hint_code``: the hint the place of the problem gives (``hint.<id>``), over the
  code's own; ``hint_default``: the one it gives a problem that has none;
* ``entry_at``: the history entry (``history[3] (turn 2, rome, combat)``) of a problem
  of a state file's history, said after the hint (``hint.history_entry``);
* ``problems``: problems nested in this one (``{"path", "message", "code", "data"}``),
  ``{problems_text}``;
* ``entry``: the history entry a finding is located at (``index``, ``turn``,
  ``player``, ``phase``, ``to``): the path ``history[3] (turn 2, rome, combat)``;
* ``differences``: what differs (``referee verify``), said after the message;
* ``errno``: why the system refused a file (``ENOENT``...), ``{reason}`` in words;
* ``purpose``: what a die was rolled for, ``{purpose_words}``.

Imported only to say a problem (errors are rare: the success path of a command never
imports this module).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.core.model import Problem
from referee.render.catalogue import has
from referee.render.catalogue import text as catalogue_text
from referee.render.grammar import DERIVED, label, none_word, purpose, quote, render, word
from referee.render.grammar import key as key_
from referee.render.lang import DEFAULT
from referee.render.wording import cite, unit_kind


def kinds_words(kinds: Any, lang: str) -> str:
    """``["whole_number", "nothing"]`` in words; an enumeration's values quoted as keys."""
    if not isinstance(kinds, list | tuple):
        kinds = [kinds]
    out = []
    for kind in kinds:
        if isinstance(kind, list | tuple):
            values = ", ".join(key_(v, lang) for v in kind)
            out.append(catalogue_text("problem.one_of", lang).format(values=values))
        else:
            out.append(word("value_kind", kind, lang))
    return word("join", "or", lang).join(out)


def suggestion_words(found: Mapping[str, Any], lang: str) -> str:
    if found.get("closest"):
        close = [key_(c, lang) for c in found["closest"]]
        both = ", ".join(close[:-1]) + word("join", "or", lang) + close[-1]
        return catalogue_text("problem.did_you_mean", lang).format(close=both)
    if "close" in found:
        return catalogue_text("problem.did_you_mean", lang).format(close=key_(found["close"], lang))
    options = ", ".join(key_(o, lang) for o in found.get("one_of") or ())
    more = ", ..." if found.get("more") else ""
    return catalogue_text("problem.use_one_of", lang).format(options=options) + more


def _values(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The data of a problem with what its templates say in words."""
    out = dict(data)
    for key, value in data.items():  # lists of keys as typed: quoted in French
        if isinstance(value, list | tuple) and all(isinstance(v, str | int) for v in value):
            typed = [key_(v, lang) for v in value]
            out[f"{key}_keys"] = ", ".join(typed) or none_word(lang)
            out[f"{key}_repr"] = ", ".join(map(repr, value))  # as click quotes them
    if "close" in data:
        close = data["close"]
        out["close_text"] = (
            f" ({catalogue_text('problem.did_you_mean', lang).format(close=key_(close, lang))})"
            if close
            else ""
        )
    if "rule" in data:  # as the engine cites it, and in words (a language's choice)
        rule = out["rule"] = str(data["rule"] or "")
        out["rule_words"] = cite(rule, lang).replace("\n", word("join", "semicolon", lang))
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
        out["event_rule"] = rule or "-"
        out["event_rule_words"] = (
            cite(rule, lang).replace("\n", word("join", "semicolon", lang)) if rule else "-"
        )
    inner = data.get("inner")
    if isinstance(inner, Mapping):
        inner_data = inner.get("data") or {}
        out["inner_text"] = text(
            str(inner.get("code") or ""), inner_data, lang, str(inner.get("message", ""))
        )
        out["inner_hint"] = (
            hint_text(str(inner.get("code") or ""), inner_data, lang, str(inner.get("hint", "")))
            if inner.get("hint") or (inner.get("code") and not inner.get("message"))
            else ""
        )
    if "errno" in data:  # the system's own words where the catalogue has none
        known = has(f"word.errno.{data['errno']}", lang)
        out["reason"] = word("errno", data["errno"], lang) if known else data.get("reason", "")
    if "purpose" in data:
        out["purpose_words"] = purpose(str(data["purpose"]), lang) if data["purpose"] else ""
    for key, value in data.items():  # phase names in words
        if isinstance(value, str) and has(f"word.phase.{value}", lang):
            out[f"{key}_word"] = word("phase", value, lang)
            if has(f"word.phase_title.{value}", lang):
                out[f"{key}_title"] = word("phase_title", value, lang)
    if "outcome" in data:
        out["outcome_words"] = word("outcome", data["outcome"], lang)
    if isinstance(data.get("options"), list):
        out["options_or"] = word("join", "or", lang).join(map(str, data["options"]))
    for key, value in data.items():  # moments and history entries, in words
        if isinstance(value, Mapping) and "phase" in value and "turn" in value:
            out[f"{key}_words"] = moment_words(value, lang)
        if isinstance(value, Mapping) and "index" in value:
            out[f"{key}_where"] = where_words(value, lang)
    return out


# what PyYAML says of a malformed file (its ``problem``), as the catalogue's yaml.<name>
_YAML: tuple[tuple[str, str], ...] = (
    ("mapping values are not allowed here", "mapping_values_are_not_allowed_here"),
    ("could not find expected ':'", "could_not_find_expected"),
    ("found character that cannot start any token", "found_character_that_cannot_start_any_token"),
    ("did not find expected key", "did_not_find_expected_key"),
    ("did not find expected '-' indicator", "did_not_find_expected_indicator"),
    ("did not find expected node content", "did_not_find_expected_node_content"),
    ("did not find expected ',' or '\\]'", "did_not_find_expected_or"),
    ("did not find expected ',' or '\\}'", "did_not_find_expected_or_2"),
    ("expected ',' or '\\]', but got (.+)", "expected_or_but_got"),
    ("expected ',' or '\\}', but got (.+)", "expected_or_but_got_2"),
    ("expected <block end>, but found (.+)", "expected_block_end_but_found"),
    ("found unexpected end of stream", "found_unexpected_end_of_stream"),
    ("found unknown escape character (.+)", "found_unknown_escape_character"),
    ("found undefined tag handle (.+)", "found_undefined_tag_handle"),
    (
        "could not determine a constructor for the tag (.+)",
        "could_not_determine_a_constructor_for_the_tag",
    ),
    (
        "found a tab character that violates indentation",
        "found_a_tab_character_that_violates_indentation",
    ),
    ("found a tab character (.+)", "found_a_tab_character"),
    ("expected a single document in the stream", "expected_a_single_document_in_the_stream"),
    ("found unexpected ':'", "found_unexpected"),
    ("found duplicate anchor (.+)", "found_duplicate_anchor"),
    ("found undefined alias (.+)", "found_undefined_alias"),
    ("special characters are not allowed", "special_characters_are_not_allowed"),
    ("control characters are not allowed", "control_characters_are_not_allowed"),
    ("malformed YAML", "malformed_yaml"),
)


def what_words(what: str, lang: str) -> str:
    """What a parser said (PyYAML's English), in ``lang``: a known message in words,
    anything else quoted as said (the English templates say ``{what}`` as PyYAML does)."""
    import re

    for pattern, name in _YAML:
        if re.match(pattern, what):
            return _yaml(name, lang)
    return quote(what, lang)


def moment_words(moment: Mapping[str, Any], lang: str) -> str:
    """``turn 2, rome, combat``: a moment (``referee.play.history.moment_data``) in ``lang``."""
    phase = moment.get("phase")
    if phase == "rollback":
        what = catalogue_text("moment.rollback", lang).format(to=moment.get("to"))
    elif phase == "commit":
        what = catalogue_text("moment.commit", lang)
    else:
        what = word("phase", phase, lang) if phase is not None else "?"
    return catalogue_text("moment.turn", lang).format(
        turn=moment.get("turn"), player=moment.get("player"), what=what
    )


def where_words(entry: Mapping[str, Any], lang: str) -> str:
    """``history[3] (turn 1, red, combat)``: an entry (``referee.play.history.where_data``)
    in ``lang``."""
    if entry.get("turn") is None and entry.get("phase") is None:
        return f"history[{entry.get('index')}]"
    return f"history[{entry.get('index')}] ({moment_words(entry, lang)})"


def _fill(ctx: str, data: Mapping[str, Any], lang: str) -> str:
    """A message filled with a problem's data: its variant chosen by the data as it is
    (``true``, ``""``, ``[]``), then the values in words."""
    return render(ctx, _values(data, lang), lang, choose=data)


def _yaml(name: str, lang: str) -> str:
    from referee.render.catalogue import text as catalogue_text

    return catalogue_text(f"yaml.{name}", lang)


def text(code: str, data: Mapping[str, Any], lang: str, english: str = "") -> str:
    """The catalogue entry ``problem.<code>`` in ``lang``; ``english`` when there is none."""
    if not has(f"problem.{code}", lang):
        return english
    derive = DERIVED.get(f"problem.{code}")
    if derive is not None:
        data = {**data, **derive(data, lang)}
    return _fill(f"problem.{code}", data, lang)


def hint_text(code: str, data: Mapping[str, Any], lang: str, english: str = "") -> str:
    """The hint of a problem in ``lang``: the one its place gives (``hint_code``), the
    code's own, its "did you mean", or ``english`` (none known); then, for a problem of
    a history entry (``entry_at``), that the referee never writes it."""
    said = _own_hint(code, data, lang)
    if said is None and english:
        return english  # written with the note, where the note belongs
    said = said or ""
    at = data.get("entry_at")
    if at:
        at = where_words(at, lang) if isinstance(at, Mapping) else at
        note = _fill("hint.history_entry", {**data, "entry_at": at}, lang)
        return word("join", "semicolon", lang).join([said, note]) if said else note
    return said


def _own_hint(code: str, data: Mapping[str, Any], lang: str) -> str | None:
    hint_code = data.get("hint_code")
    if isinstance(hint_code, str) and hint_code and has(f"hint.{hint_code}", lang):
        return _fill(f"hint.{hint_code}", data, lang)
    if has(f"problem.{code}.hint", lang):
        return _fill(f"problem.{code}.hint", data, lang)
    found = data.get("suggest")
    if isinstance(found, Mapping):
        return suggestion_words(found, lang)
    default = data.get("hint_default")
    if isinstance(default, str) and default and has(f"hint.{default}", lang):
        return _fill(f"hint.{default}", data, lang)
    return None


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
        if d.get("kind") != "entry_die":  # (its words name the die: no field after them)
            subject = f"{subject} {d.get('field')}"
        out.append(
            f"{label(subject, lang)} {a} "
            f"{_short(d.get('a'), lang)} -> {b} {_short(d.get('b'), lang)}"
        )
    if more:
        out.append(
            catalogue_text("problem.differences_more", lang, {"more": more}).format(more=more)
        )
    return out


def subject_words(d: Mapping[str, Any], lang: str) -> str:
    """``unit B1 (off table)`` in words from a difference's ``kind`` and ``id``."""
    kind = str(d.get("kind") or "")
    return word("subject", kind, lang).format(id=d.get("id"))


_ABSENT = "(absent)"  # what referee.play.verify records for a value one side lacks


def _short(value: Any, lang: str, width: int = 70) -> str:
    if value == _ABSENT:
        return word("compared", "absent", lang)
    out = json.dumps(value, ensure_ascii=False)
    return out if len(out) <= width else out[: width - 1] + "…"


def _diverged_at(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Where two copies of a game by mail diverged: the entry with its moment
    (``data["entry"]``: ``history[30] (turn 3, persians, combat)``), else its index."""
    entry = data.get("entry")
    if isinstance(entry, Mapping) and "index" in entry:
        return {"where": where_words(entry, lang)}
    return {"where": f"history[{data['index']}]"} if "index" in data else {}


DERIVED["problem.pbem.diverged"] = _diverged_at


def path_words(problem: Problem, lang: str) -> str:
    """The path of a problem; a history entry with its moment in words."""
    data = problem.data or {}
    entry = data.get("entry")
    if isinstance(entry, Mapping) and "index" in entry and problem.path.startswith("history["):
        return where_words(entry, lang)
    if problem.path.isupper() and has(f"problem.argument.{problem.path}", lang):
        return catalogue_text(f"problem.argument.{problem.path}", lang)  # ORDERS, FILES
    return problem.path


def words(problem: Problem, lang: str) -> tuple[str, str, str]:
    """(path, message, hint) of ``problem`` in ``lang``, English included; as written
    where the catalogue has no text for its code. A problem said by its code alone
    (no English ``message``) has the hint the catalogue gives it; one still written
    with its English, a hint where it gives one."""
    data = problem.data or {}
    message = text(problem.code, data, lang, problem.message)
    differences = data.get("differences")
    if differences:
        more = differences_words(differences, int(data.get("more", 0)), lang)
        message = word("join", "semicolon", lang).join([message, *more])
    hinted = problem.hint or (problem.code and not problem.message)
    hint = hint_text(problem.code, data, lang, problem.hint) if hinted else ""
    return path_words(problem, lang), message, hint


def english(problem: Problem) -> tuple[str, str]:
    """(message, hint) of ``problem`` in English, from the catalogue: what scripts read
    in the JSON error object."""
    _, message, hint = words(problem, DEFAULT)
    return message, hint


def line(problem: Problem, lang: str) -> str:
    """``file:line: path: message (hint)`` in ``lang``."""
    path, message, hint = words(problem, lang)
    where = problem.file or catalogue_text("problem.input", lang)
    if problem.line is not None:
        where += f":{problem.line}"
    out = f"{where}: {path}: {message}" if path else f"{where}: {message}"
    return f"{out} ({hint})" if hint else out

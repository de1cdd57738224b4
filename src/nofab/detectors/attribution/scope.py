"""Scope: which tool results attribution builds records from.

A number or a name is attributed to a record only through a mention of that record, and a
record is mentioned only by one of its naming values. So a tool result none of whose naming
values the answer contains cannot bind anything, and building its records is wasted work —
on agent traffic most turns mention no record at all, and building records from every tool
result of every turn was half of all check time.

The test is cheap and errs on the side of inclusion: a result is in scope when the last word
of one of its naming texts (a string under a naming key, as ``RecordFinder`` decides, or in a
column under one) is a word of the answer. A mention always contains its name's last word,
so no result that could be mentioned is left out.

Risk: what the records of unmentioned results would have told the rest of the detector is
gone — the remaining consumers of every record (weekdays, known names, the kind of a finding)
ask for all records explicitly, and only when they are about to use them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import islice
from operator import itemgetter
from typing import Any

from nofab.detectors.attribution.catalogue import ResultEntry, ResultView
from nofab.evidence.index import Evidence
from nofab.evidence.records import MAX_DEPTH, Record, RecordFinder, is_name_value
from nofab.language.sentences import words

#: A token's text (the answer's word set, built in C).
_TEXT = itemgetter(0)


@dataclass(frozen=True, slots=True)
class Scope:
    """The records of the results the answer may mention, and whether any result names things."""

    records: tuple[Record, ...]
    #: Some result (mentioned or not) holds a naming text.
    named: bool
    #: The views of those results, in call order (their records are ``records``).
    views: tuple[ResultView, ...] = field(default=(), compare=False)


def _naming_texts(finder: RecordFinder, value: Any, in_column: bool, depth: int, out: set[str]) -> None:
    """Add to ``out`` the strings held under a naming key, or in a column (an object) under one
    (``in_column``: ``value`` is held under a naming key).

    One walk filling one set (not a chain of generators), and whether the parent key names
    is decided once per object, not once per string: this walk is what a turn pays for each
    result the guard's cache does not hold yet."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                _naming_texts(finder, item, in_column, depth + 1, out)
        return
    if not isinstance(value, dict):
        return
    decided = finder.decided
    for key, item in value.items():
        if isinstance(item, str):
            naming = in_column or (decided[key] if key in decided else finder.naming_key(str(key)))
            if naming and is_name_value(item):
                out.add(item)
        elif isinstance(item, (dict, list)):
            name = str(key)
            _naming_texts(finder, item, bool(name) and finder.naming_key(name), depth + 1, out)


def _last_word(text: str) -> str:
    found = words(text)
    return found[-1] if found else ""


def _entry(name_fields: tuple[str, ...], value: Any) -> ResultEntry:
    """What the scope needs of one result: whether it holds a naming text, and the last
    words of those texts. It depends on the result's content alone, so it is read once per
    content while the guard's cache holds it (a conversation carries its results turn after
    turn; walking them all again on every turn was a fifth of a check). The entry also keeps
    the views of the result's records once an answer names it (``catalogue``)."""
    texts: set[str] = set()
    _naming_texts(RecordFinder(name_fields), value, False, 0, texts)
    return ResultEntry(bool(texts), frozenset(_last_word(t) for t in texts))


def entries(
    evidence: Evidence, name_fields: Sequence[str], sums: Mapping[str, tuple[str, ...]]
) -> list[tuple[str, ResultEntry]]:
    """(label, entry) of every usable tool result (calls that did not fail, parsed results
    that are not plain text, as ``Evidence.records`` reads them), in call order."""
    name, build = _reading(tuple(name_fields), tuple(sorted(sums.items())) if sums else ())
    return [(label, entry) for label, _call, entry in evidence.per_result(name, build)]


@lru_cache(maxsize=64)
def _reading(
    fields: tuple[str, ...], sums: tuple[tuple[str, tuple[str, ...]], ...]
) -> tuple[Hashable, Callable[[Any], ResultEntry]]:
    """The cache name and the builder of the entries for one profile's naming fields and
    derived fields (made once, not on every turn)."""
    return ("attribution", fields, sums), partial(_entry, fields)


def view_of(
    evidence: Evidence,
    label: str,
    entry: ResultEntry,
    name_fields: Sequence[str],
    sums: Mapping[str, tuple[str, ...]],
) -> ResultView:
    """The view of one result's records (built from the evidence's cached records on first use)."""
    return entry.view(label, lambda: evidence.records_of(label, tuple(name_fields)), sums)


#: Up to this many naming words in all, each is first tested as a substring of the answer;
#: past it the answer's words are read into a set at once. A miss scans the answer in C,
#: about a hundredth of what reading the answer's words costs per character, so the cheaper
#: way depends on the count of naming words, not on the answer's length.
_SUBSTRING_TESTS_UP_TO = 128


#: How many naming words ``_answer_words`` probes as substrings before choosing.
_PROBES = 16


def _answer_words(evidence: Evidence, naming: AbstractSet[str]) -> set[str]:
    """The answer's words, read the cheaper way for what comes next.

    When one of a few naming words occurs in the answer, a result is probably in scope and
    the detector reads ``Evidence.tokens`` next: their texts are exactly these words, so
    tokenising once serves both. Otherwise only the words are read (a fifth of the
    tokeniser's cost). Either way the set is the same; a wrong guess costs time, not results.
    """
    answer = evidence.answer
    probes = islice((w for w in naming if len(w) > 2), _PROBES)
    if any(w in answer for w in probes):
        return set(map(_TEXT, evidence.tokens))
    return set(words(answer))


def in_scope(
    evidence: Evidence, name_fields: Sequence[str], sums: Mapping[str, tuple[str, ...]] | None = None
) -> Scope:
    """The records of every usable tool result that names something the answer contains.

    Results are read as ``Evidence.records`` reads them, with the same record locations, so
    findings do not depend on whether the scope was narrowed. ``sums``: the profile's derived
    fields, added to the views' records.
    """
    answer = evidence.answer
    sums = sums or {}
    # A result is in scope when one of its naming words is a word of the answer (one set
    # intersection). Most turns name no record: with few naming words, substring tests (a
    # word of the answer is a substring of it) show that without reading the answer's words;
    # past ``_SUBSTRING_TESTS_UP_TO`` tested words, the answer's words are read at once.
    # Once a naming word is in the answer as a substring, the answer's tokens are read: the
    # detector reads them next whenever a result is in scope (``Evidence.tokens`` is built
    # once; its texts are exactly ``words(answer)``).
    answer_words: set[str] | None = None
    tested = 0
    views: list[ResultView] = []
    named = False
    for label, entry in entries(evidence, name_fields, sums):
        named = named or entry.named
        if answer_words is None:
            tested += len(entry.last_words)
            if tested > _SUBSTRING_TESTS_UP_TO:
                answer_words = _answer_words(evidence, entry.last_words)
            elif not any(w and w in answer for w in entry.last_words):
                continue
            else:
                answer_words = set(map(_TEXT, evidence.tokens))
        if not answer_words.isdisjoint(entry.last_words):
            views.append(view_of(evidence, label, entry, name_fields, sums))
    return Scope(tuple(r for v in views for r in v.raw) if views else (), named, tuple(views))


__all__ = ["Scope", "entries", "in_scope", "view_of"]

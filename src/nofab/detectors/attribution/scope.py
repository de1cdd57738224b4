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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from nofab.evidence.index import Evidence
from nofab.evidence.records import MAX_DEPTH, Record, RecordFinder
from nofab.language.sentences import words


@dataclass(frozen=True, slots=True)
class Scope:
    """The records of the results the answer may mention, and whether any result names things."""

    records: tuple[Record, ...]
    #: Some result (mentioned or not) holds a naming text.
    named: bool


def _naming_texts(finder: RecordFinder, value: Any, parent: str, depth: int) -> Iterator[str]:
    """Strings held under a naming key, or in a column (an object) under one."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                yield from _naming_texts(finder, item, parent, depth + 1)
        return
    if not isinstance(value, dict):
        return
    for key, item in value.items():
        if isinstance(item, str):
            if finder.is_naming_key(str(key), item) or (parent and finder.is_naming_key(parent, item)):
                yield item
        elif isinstance(item, (dict, list)):
            yield from _naming_texts(finder, item, str(key), depth + 1)


def _last_word(text: str) -> str:
    found = words(text)
    return found[-1] if found else ""


@dataclass(frozen=True, slots=True)
class _Naming:
    """What the scope needs of one result: whether it holds a naming text, and the last
    words of those texts. It depends on the result's content alone, so it is read once per
    content while the guard's cache holds it (a conversation carries its results turn after
    turn; walking them all again on every turn was a fifth of a check)."""

    named: bool
    last_words: frozenset[str]


def _naming(finder: RecordFinder, value: Any) -> _Naming:
    texts = set(_naming_texts(finder, value, "", 0))
    return _Naming(bool(texts), frozenset(_last_word(t) for t in texts))


#: Up to this many characters of answer, naming words are first tested as substrings.
_SUBSTRING_TESTS_UP_TO = 4096


def in_scope(evidence: Evidence, name_fields: Sequence[str]) -> Scope:
    """The records of every usable tool result that names something the answer contains.

    Results are read as ``Evidence.records`` reads them (calls that did not fail, parsed
    results that are not plain text), with the same record locations, so findings do not
    depend on whether the scope was narrowed.
    """
    answer = evidence.answer
    # The answer's words are read only once some last word occurs in it at all: a word of
    # the answer is a substring of it, and most turns name no record (a substring test per
    # word is far cheaper than tokenising the answer). A long answer is read into a set at
    # once: a substring test per naming word would cost words x answer (quadratic on a long
    # listing against many records); the set answers the same question in linear time.
    answer_words: set[str] | None = set(words(answer)) if len(answer) > _SUBSTRING_TESTS_UP_TO else None
    fields = tuple(name_fields)
    finder = RecordFinder(fields)
    out: list[Record] = []
    named = False
    for label, _call, naming in evidence.per_result(("attribution.scope", fields), partial(_naming, finder)):
        named = named or naming.named
        if answer_words is not None:
            present = [w for w in naming.last_words if w]
        else:
            present = [w for w in naming.last_words if w and w in answer]
            if not present:
                continue
            answer_words = set(words(answer))
        if not answer_words.isdisjoint(present):
            out.extend(evidence.records_of(label, fields))
    return Scope(tuple(out), named)


__all__ = ["Scope", "in_scope"]

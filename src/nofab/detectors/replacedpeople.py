"""A person named as replaced or removed who stays on the list the call set: "Nina Alvarez has
replaced Ellen Becker" when ``update_reservation_passengers`` kept Ellen Becker and dropped
Tom Becker.

Principle: a call that sets a list of people (``passengers``, ``attendees``, ``guests``: a
list argument whose items are people, first and last names) replaces the list an earlier
result gave for the same thing. A person who was on the old list and is on the new one was
neither replaced nor removed: a clause with a word of replacing or removing (``replaced``,
``swapped``, ``removed``, ``sustituido``, ``remplacé``, ``ersetzt``, ``substituído`` ...:
``replace_words`` in ``replacements.json``) that names such a person (a full name, both
words) says the deed was done to the wrong person. Only full names of the old list are read.

Risk: a clause that names a person who stays for another reason ("replaced Tom with Nina;
Ellen keeps her seat" is cut at the semicolon, but "replaced Tom, Ellen's husband, with
Nina" names Ellen in the clause) is flagged; a name two people share is never read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from nofab.detectors.boundpeople import NAME_RUN
from nofab.language.text import fold, normalise, strip_accents
from nofab.language.vocabulary import load
from nofab.numbers.nouns import FIRST_NAME_KEYS, LAST_NAME_KEYS

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The confidence of a person named as replaced who stays on the list.
CONFIDENCE = 0.8
#: People read at most per list (a hostile result stays bounded).
MAX_PEOPLE = 50
_CLAUSE_END = re.compile(r"[.!?;](?!\w)|\n")


@cache
def _replacing() -> re.Pattern[str]:
    words = sorted(
        {normalise(w) for ws in load("replacements")["replace_words"].values() for w in ws}, key=len
    )
    return re.compile(r"(?<![^\W_])(?:" + "|".join(re.escape(w) for w in reversed(words)) + r")(?![^\W_])")


def _person(item: Any) -> str | None:
    """``item``'s full name, folded and without accents, when it is a person's record."""
    if not isinstance(item, dict):
        return None
    first = next((item[k] for k in FIRST_NAME_KEYS if isinstance(item.get(k), str)), None)
    last = next((item[k] for k in LAST_NAME_KEYS if isinstance(item.get(k), str)), None)
    return strip_accents(fold(f"{first} {last}")) if first and last else None


def _people(value: Any) -> frozenset[str] | None:
    """The full names of a list of people, or None when ``value`` is no such list."""
    if not isinstance(value, list) or not value or len(value) > MAX_PEOPLE:
        return None
    names = [_person(item) for item in value]
    return frozenset(n for n in names if n) if all(names) else None


def _old_lists(value: Any, key: str, depth: int = 0) -> Iterator[frozenset[str]]:
    """Every list of people under ``key`` in an earlier result."""
    if depth > 6:
        return
    if isinstance(value, dict):
        for k, item in value.items():
            if k == key and (people := _people(item)) is not None:
                yield people
            elif isinstance(item, (dict, list)):
                yield from _old_lists(item, key, depth + 1)
    elif isinstance(value, list):
        for item in value[:MAX_PEOPLE]:
            yield from _old_lists(item, key, depth + 1)


def _kept(evidence: Evidence) -> frozenset[str]:
    """The people who were on an old list and are on the new list a call of this turn set."""
    kept: set[str] = set()
    for call in evidence.succeeded_calls:
        arguments = call.parsed_arguments
        if call.earlier or not isinstance(arguments, dict):
            continue
        for key, value in arguments.items():
            new = _people(value)
            if new is None:
                continue
            for other in evidence.turn.tool_calls:
                if other is call or (not other.earlier and other.name == call.name):
                    continue
                for old in _old_lists(other.parsed_result, str(key)):
                    if old != new:  # a list the call changed: who stayed on it
                        kept |= old & new
    return frozenset(kept)


def kept_as_replaced(evidence: Evidence) -> Iterator[tuple[tuple[int, int], str]]:
    """(span of a name, the name) for each person a clause of replacing names who stays on
    the list this turn's call set (module doc)."""
    kept = _kept(evidence)  # most turns set no list of people: nothing to read then
    if not kept:
        return
    answer = evidence.answer
    for word in _replacing().finditer(evidence.normalised):
        start = max((m.end() for m in _CLAUSE_END.finditer(answer, 0, word.start())), default=0)
        end = _CLAUSE_END.search(answer, word.end())
        for run in NAME_RUN.finditer(answer, start, end.start() if end else len(answer)):
            if strip_accents(fold(run.group())) in kept:
                yield run.span(), run.group()


__all__ = ["CONFIDENCE", "kept_as_replaced"]

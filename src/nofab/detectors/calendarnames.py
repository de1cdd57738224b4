"""Calendar words are dates, never people's names: which runs of capitalised words the name
rules (``nofab.detectors.names``) leave alone because they name a day or a month.

Principle: a weekday or a month name, in any language of the lexicons, written in full or
abbreviated ("Tuesday", "Tue", "Sep", "mardi", "Dienstag", "Okt", "miércoles", "dic", "terça")
names a date. A run of the answer made only of such words ("Tuesday", "Tuesday, Sep") is
therefore no person's name, whatever word stands before it: "from Tuesday, Sep 12" is when a
message came, although "from" puts a sender's name before it elsewhere in the evidence. The
words are lexicon data: the languages' ``calendar_words`` and ``calendar_abbreviations``,
``weekdays.json`` and the month names the numbers are read with (``numbers.json``).

A calendar word that is also a given name ("June", "April", "Jan", "Sam") names a person as
often as a date; it is read as a date only beside a number or another calendar word ("June 3",
"3 April", "Jan 2025", "Tuesday, June 10"), and alone it stays open to every name rule.

Risk: a person called by a weekday or a month name the gazetteer does not hold as a given name
("from May") is never checked as a name; a given name beside a number ("Sam 2") reads as a date.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from nofab.detectors.givennames import is_given_name
from nofab.detectors.namewords import Word
from nofab.language import vocabulary
from nofab.language.text import fold
from nofab.numbers.lexicon import number_words

#: What may part a calendar word from the number or the calendar word beside it: spaces,
#: a comma, the dot of an abbreviation or a German ordinal ("Sep. 12", "12. Juni"), "de".
_NUMBER_AFTER = re.compile(r"[\s.,]{0,3}(?:de\s+)?\d")
_NUMBER_BEFORE = re.compile(r"\d(?:st|nd|rd|th|er|e|º|ª)?[\s.,]{0,3}(?:de\s+)?$", re.IGNORECASE)
_WORD_AFTER = re.compile(r"[\s.,]{1,3}([^\W\d_]+)")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[\s.,]{1,3}$")
#: How far before a word the number or calendar word it is read with is looked for.
_REACH = 24


@cache
def calendar_words() -> frozenset[str]:
    """Every weekday and month name of every lexicon language, full and abbreviated, folded."""
    found = set(vocabulary.words("calendar_words")) | set(vocabulary.words("calendar_abbreviations"))
    found.update(vocabulary.load("weekdays")["names"])
    found.update(number_words().months)
    return frozenset(fold(w) for w in found)


def _calendar(text: str) -> bool:
    return fold(text) in calendar_words()


def _dated(answer: str, word: Word) -> bool:
    """A number or another calendar word stands right beside ``word``."""
    end = word.end
    if _NUMBER_AFTER.match(answer, end, min(len(answer), end + 8)) is not None:
        return True
    if _NUMBER_BEFORE.search(answer, max(0, word.start - _REACH), word.start) is not None:
        return True
    after = _WORD_AFTER.match(answer, end, min(len(answer), end + _REACH))
    if after is not None and _calendar(after.group(1)):
        return True
    before = _WORD_BEFORE.search(answer, max(0, word.start - _REACH), word.start)
    return before is not None and _calendar(before.group(1))


def is_date(answer: str, name: Sequence[Word]) -> bool:
    """Is the run ``name`` (its name words, titles left out) made only of calendar words,
    each read as a date (module doc)?"""
    return bool(name) and all(
        _calendar(w.text) and (not is_given_name(w.text) or _dated(answer, w)) for w in name
    )


__all__ = ["calendar_words", "is_date"]

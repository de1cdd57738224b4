"""A duration written as h:mm:ss and shown again in one unit ("1:52:30 is 112.5 minutes"), and a
pace: a duration per distance ("8:35 per mile", "5:20/km", "5,3 min pro km", "4:50 min/km").

Principle: a figure with a unit of time (minutes, hours, seconds) is derived when it equals,
within its display rounding, the nearest h:mm:ss duration the answer writes before it in its
paragraph, that duration itself grounded (held by the evidence or the user's message): it is
the same duration in another unit. A figure followed by a per-distance cue ("per mile",
"/km", "pro km", "par km", "por km", with a unit of length) is a pace: it is derived when it
equals one duration the answer shows in its paragraph (an h:mm:ss, or a figure with a unit
of time, grounded or derived) divided by one distance the answer shows there (a figure with
a unit of length, grounded or derived), the distance converted to the pace's unit, or when it is
another pace the paragraph shows (grounded or derived) written another way or per another
unit ("9.15 minutes per mile, roughly 9:09 per mile, 5:41 per km"). A pace written m:ss
stands for whole seconds: rounded or cut to the second.

Risk: both operands are the answer's own grounded figures, so a wrong conversion or pace has
to land on another quotient of the few durations and distances of its paragraph; a pace cue
is required (an uncued m:ss stays a clock time held to the evidence). An h:mm:ss the evidence
holds as a clock time with seconds ("15:39:00") is read as a duration only when the answer
writes it before a figure of a unit of time or in a pace's paragraph; a pace's operands are
read within ``REACH`` numerals of it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from nofab.numbers.units import UNITS, answer_unit

if TYPE_CHECKING:
    from nofab.numbers.extract import Numeral
    from nofab.numbers.passes import Pending, Run

_HMS = re.compile(r"(\d{1,2}):([0-5]\d):([0-5]\d)")
_MS = re.compile(r"(\d{1,3}):([0-5]\d)")
#: The per words before a pace's distance unit ("per mile", "/km", "pro km", "par km").
_PER = re.compile(
    r"\**\s*(?:min(?:utes?|utos?|uten)?\.?\s*)?(?:/|(?:per|pro|par|por|je|each)\b)", re.IGNORECASE
)
#: What every h:mm:ss holds (its minutes between two colons): a numeral's text is the
#: answer's, so an answer without it writes no duration for the first loop of ``paces``.
_HMS_MIDDLE = re.compile(r":[0-5]\d:")
#: What every match of ``_PER`` holds, lower-cased: a slash or one of its words.
_PER_WORDS = ("per", "pro", "par", "por", "je", "each")


def _may_cue(answer: str) -> bool:
    """May a pace's cue stand anywhere in ``answer``? Read once per answer, so that an answer
    dense with numbers and free of per words asks no number for one (``_PER`` tried at every
    character cost more than both loops). Exact: every match of ``_PER`` holds "/" or one of
    its words, which ignoring case in ASCII text means the word in the text lower-cased; any
    other text is searched with ``_PER`` itself."""
    if not answer.isascii():
        return _PER.search(answer) is not None
    lowered = answer.lower()
    return "/" in answer or any(word in lowered for word in _PER_WORDS)


_PARAGRAPH = re.compile(r"\n\s*\n")
#: A pace's operands are read at most this many numerals either side of it.
REACH = 16
#: At most this many durations and distances of a paragraph are combined.
MAX_OPERANDS = 8


def _seconds(numeral: Numeral) -> float | None:
    """The duration an h:mm:ss numeral writes, in seconds."""
    found = _HMS.fullmatch(numeral.text)
    if found is None:
        return None
    hours, minutes, seconds = (int(g) for g in found.groups())
    return hours * 3600.0 + minutes * 60.0 + seconds


def _unit(answer: str, numeral: Numeral) -> str | None:
    """The unit written after a plain number's digits, or None."""
    if numeral.kind != "number" or numeral.scale != 1.0:
        return None
    start, end = numeral.span
    while end > start and not answer[end - 1].isdigit():
        end -= 1
    found = answer_unit(answer, end)
    return found[0] if found else None


def _per_length(answer: str, end: int) -> str | None:
    """The unit of length a pace cue right after ``end`` names ("per mile" -> "mi")."""
    per = _PER.match(answer, end)
    if per is None:
        return None
    found = answer_unit(answer, per.end())  # after at most one space or dash
    return found[0] if found is not None and UNITS[found[0]][0] == "length" else None


def _dimension(unit: str | None) -> str | None:
    return UNITS[unit][0] if unit is not None else None


def paces(run: Run, pending: list[Pending]) -> list[Pending]:
    """Durations in another unit and paces (principle above); explained items leave ``pending``."""
    evidence = run.evidence
    answer, numerals = evidence.answer, evidence.numerals
    asked = [item for item in pending if item.numeral.kind in ("time", "number")]
    durations_shown = bool(asked) and _HMS_MIDDLE.search(answer) is not None
    paces_cued = bool(asked) and _may_cue(answer)
    if not durations_shown and not paces_cued:
        return pending
    open_ = {item.index for item in pending}
    paragraphs = [0, *(m.end() for m in _PARAGRAPH.finditer(answer))]
    explained: set[int] = set()
    starts: list[int] = []  # each numeral's start, read at the first pace

    def grounded(j: int) -> bool:
        return j not in open_ or j in explained

    def paragraph(at: int) -> tuple[int, int]:
        p = bisect_right(paragraphs, at)
        return paragraphs[p - 1], paragraphs[p] if p < len(paragraphs) else len(answer)

    # Each loop needs something of the whole answer, read once: the first an h:mm:ss, the
    # second a pace's cue (``_per_length`` matches ``_PER`` after the number).
    for item in asked if durations_shown else ():  # durations in another unit first: pace operands
        unit = _unit(answer, item.numeral)
        if _dimension(unit) != "duration" or _per_length(answer, item.numeral.span[1]):
            continue
        assert unit is not None
        start, _end = paragraph(item.numeral.span[0])
        for j in range(item.index - 1, max(-1, item.index - 1 - REACH), -1):
            other = numerals[j]
            if other.span[0] < start:
                break
            seconds = _seconds(other)
            if seconds is None:
                continue
            lo, hi = run.interval(item.numeral)
            to_base = UNITS[unit][1]
            if grounded(j) and to_base(lo) - 1e-6 <= seconds <= to_base(hi) + 1e-6:
                explained.add(item.index)
            break  # the nearest h:mm:ss only
    for item in asked if paces_cued else ():
        if item.index in explained:
            continue
        numeral = item.numeral
        per = _per_length(answer, _end_of(answer, numeral))
        if per is None:
            continue
        pace = _pace_interval(answer, numeral, run)
        if pace is None:
            continue
        start, end = paragraph(numeral.span[0])
        durations: list[float] = []
        distances: list[float] = []
        paces_shown: list[float] = []  # other paces of the paragraph, in seconds per ``per``
        starts = starts or [n.span[0] for n in numerals]
        first = max(bisect_right(starts, start - 1), item.index - REACH)
        for j in range(first, min(len(numerals), item.index + REACH + 1)):
            other = numerals[j]
            if other.span[0] >= end:
                break
            if j == item.index or not grounded(j):
                continue
            seconds = _seconds(other)
            unit = _unit(answer, other)
            shown = _shown_pace(answer, other, per)
            if shown is not None:
                if len(paces_shown) < MAX_OPERANDS:
                    paces_shown.append(shown)
                continue
            if seconds is None and _dimension(unit) == "duration" and not _per_length(answer, other.span[1]):
                assert unit is not None
                seconds = UNITS[unit][1](abs(other.value))
            if seconds is not None and len(durations) < MAX_OPERANDS:
                durations.append(seconds)
            elif _dimension(unit) == "length" and len(distances) < MAX_OPERANDS:
                assert unit is not None
                distances.append(UNITS[per][2](UNITS[unit][1](abs(other.value))))
        lo, hi = pace
        if any(d and lo <= s / d <= hi for s in durations for d in distances) or any(
            lo <= shown <= hi for shown in paces_shown
        ):
            explained.add(item.index)
    if not explained:
        return pending
    for item in pending:
        if item.index in explained:
            run.ground(item.index, item.numeral, derived=True)
    return [item for item in pending if item.index not in explained]


def _shown_pace(answer: str, numeral: Numeral, per: str) -> float | None:
    """The seconds per ``per`` a pace the answer shows stands for ("9.15 minutes per mile" is
    549 seconds a mile, 341 a kilometre), or None when ``numeral`` is no pace."""
    other = _per_length(answer, _end_of(answer, numeral))
    if other is None:
        return None
    if numeral.kind == "time":
        found = _MS.fullmatch(numeral.text)
        if found is None:
            return None
        seconds = int(found.group(1)) * 60.0 + int(found.group(2))
    else:
        unit = _unit(answer, numeral)
        if _dimension(unit) != "duration":
            return None
        assert unit is not None
        seconds = UNITS[unit][1](abs(numeral.value))
    one = UNITS[per][2](UNITS[other][1](1.0))  # one ``other`` unit in ``per`` units
    return seconds / one if one else None


def _end_of(answer: str, numeral: Numeral) -> int:
    """Where a pace's cue is read: after a plain number's unit of time ("5.3 min/km"), else
    right after the numeral."""
    if numeral.kind == "number":
        start, end = numeral.span
        while end > start and not answer[end - 1].isdigit():
            end -= 1
        return end
    return numeral.span[1]


def _pace_interval(answer: str, numeral: Numeral, run: Run) -> tuple[float, float] | None:
    """The seconds a pace figure stands for: an m:ss rounded or cut to the second, or a number
    with a unit of time (bare before "/km": minutes) within its display rounding."""
    if numeral.kind == "time":
        found = _MS.fullmatch(numeral.text)
        if found is None:
            return None
        seconds = int(found.group(1)) * 60.0 + int(found.group(2))
        return seconds - 0.5, seconds + 1.0
    unit = _unit(answer, numeral)
    if _dimension(unit) != "duration":
        return None
    assert unit is not None
    lo, hi = run.interval(numeral)
    return UNITS[unit][1](lo), UNITS[unit][1](hi)


__all__ = ["paces"]

"""The far end of a slot the answer fits into a free gap: "block 2:00-3:00 PM" for "a free
hour" when one meeting ends at 2:00 and the next starts at 3:30 (or "2:30-3:30", ending at
the next meeting's start).

Principle: a clock time no evidence holds is grounded when it ends (or starts) a range the
answer writes ("2:00-3:00", "10:00 à 11:00", "10:00–11:00 Uhr") whose other end the evidence
holds, the range is as long as a duration the user's message or the range's sentence names
("a free hour", "30 minutes", "une demi-heure", "eine Stunde", "two hours", "zwei Stunden":
``duration_units`` and ``amount_words`` in ``calendar_words.json``, and the counts written as
words of ``numbers.json``), one of those texts makes it free time ("free",
"block", "libre", "frei": ``free_time``), and no held time falls inside it: the slot lies in a
gap between held intervals, so its far end is the held end plus (or minus) the asked length.
(A gap's other boundaries, the held events' own starts and ends, are held already.) Without
am/pm both halves of the day are tried. The free-time word keeps an event's own hours out:
"the dentist from 2:00 to 3:00" for a one-hour visit held from 3:00 is no slot.

Risk: an invented end that happens to be a held start plus a named length ("block the
2:00-3:00 review" when the review really ran to 3:30 and nothing else is held between) is
excused; slots longer than ``LONGEST`` are not read.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.lexicon import number_words
from nofab.numbers.numeral import Numeral

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The longest slot read, in minutes.
LONGEST = 240
_RANGE = re.compile(r"\s*(?:[-–—]|to|until|till|bis|à|a|hasta|até)\s*", re.IGNORECASE)


@cache
def _units() -> dict[str, int]:
    table = vocabulary.load("calendar_words")["duration_units"]
    return {w: int(m) for words in table.values() for w, m in words.items()}


@cache
def _amounts() -> dict[str, float]:
    """The words that count a slot's unit: "a", "half an", "une demi" (``amount_words``), and
    the counts every language writes as words ("two", "zwei", "deux", "dos": ``number_words`` of
    ``numbers.json``), but for the words there that pair or double (``not_counts``: "both",
    "twice"), which name no count of a unit."""
    calendar = vocabulary.load("calendar_words")
    table = calendar["amount_words"]
    amounts = {w: float(f) for words in table.values() for w, f in words.items()}
    skip = {w.lower() for w in calendar.get("not_counts", ())}
    for word, count in number_words().number_words.items():
        if word.lower() not in skip:
            amounts.setdefault(word.lower(), float(count))
    return amounts


@cache
def _free_time() -> re.Pattern[str]:
    table = vocabulary.load("calendar_words")["free_time"]
    words = sorted({w for ws in table.values() for w in ws}, key=len, reverse=True)
    alternation = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)")


@cache
def _duration() -> re.Pattern[str]:
    """An amount (digits or a word), at most one word, then a unit: "a free hour", "30 min"."""
    amounts = "|".join(re.escape(w) for w in sorted(_amounts(), key=len, reverse=True))
    units = "|".join(re.escape(w) for w in sorted(_units(), key=len, reverse=True))
    return re.compile(
        rf"(?<![\w.])(\d+(?:[.,]5)?|{amounts})[\s-]*(?:[^\W\d_]+\s+)?({units})(?!\w)", re.IGNORECASE
    )


def named_minutes(text: str) -> set[int]:
    """The lengths, in minutes, that ``text`` names ("a free hour" -> 60, "90 minutes" -> 90)."""
    out: set[int] = set()
    amounts, units = _amounts(), _units()
    for m in _duration().finditer(text):
        amount = m.group(1).lower()
        count = amounts.get(amount)
        if count is None:
            count = float(amount.replace(",", "."))
        out.add(round(count * units[m.group(2).lower()]))
    return out


def _minutes(numeral: Numeral) -> list[int]:
    """The minutes of the day a time may stand for: both halves when no am/pm is written."""
    assert numeral.time is not None
    hour, minute, exact = numeral.time
    hours = [hour] if exact or hour >= 12 else [hour, hour + 12]
    return [h * 60 + minute for h in hours]


def _range_at(evidence: Evidence, index: int) -> tuple[Numeral, Numeral, bool] | None:
    """(start, end, is the numeral the end) of the time range the numeral at ``index`` opens
    or closes, or None."""
    numerals, answer = evidence.numerals, evidence.answer

    def joined(a: Numeral, b: Numeral) -> bool:
        return a.kind == b.kind == "time" and _RANGE.fullmatch(answer, a.span[1], b.span[0]) is not None

    numeral = numerals[index]
    if index > 0 and joined(numerals[index - 1], numeral):
        return numerals[index - 1], numeral, True
    if index + 1 < len(numerals) and joined(numeral, numerals[index + 1]):
        return numeral, numerals[index + 1], False
    return None


@lru_cache(maxsize=256)
def _slot_text(text: str) -> tuple[bool, frozenset[int]]:
    """Does ``text`` speak of free time, and which lengths does it name? Read once per text:
    every time range of an answer asks it of the same user message (a hostile answer of
    thousands of ranges would otherwise lower-case and scan that message once per range)."""
    return _free_time().search(text.lower()) is not None, frozenset(named_minutes(text))


def slot_bound(evidence: Evidence, index: int) -> bool:
    """Is the time at ``index`` one end of a slot of a named length whose other end the
    evidence holds, with no held time inside it (module doc)?"""
    numeral = evidence.numerals[index]
    if numeral.kind != "time" or numeral.time is None:
        return False
    found = _range_at(evidence, index)
    if found is None:
        return False
    start, end, is_end = found
    dates = evidence.dates
    named: set[int] | None = None
    for begin in _minutes(start):
        for finish in _minutes(end):
            if not 0 < finish - begin <= LONGEST:
                continue
            other = begin if is_end else finish
            if not dates.has_time(other // 60, other % 60, True):
                continue
            if named is None:
                lo, hi = evidence.sentence_at(numeral.span[0])
                read = [_slot_text(evidence.turn.user_message or ""), _slot_text(evidence.answer[lo:hi])]
                free = any(f for f, _ in read)
                named = {m for _, minutes in read for m in minutes} if free else set()
            if finish - begin not in named:
                continue
            if not any(dates.has_time(t // 60, t % 60, True) for t in range(begin + 1, finish)):
                return True
    return False


__all__ = ["LONGEST", "named_minutes", "slot_bound"]

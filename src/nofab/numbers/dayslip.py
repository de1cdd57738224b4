"""A date the answer gives that is one day off a date the evidence holds, with nothing in its
sentence that moves it by a day: "booked on May 9" when the reservation was created on May 8,
"Thu 12 Oct" for a reminder due on the 11th.

The literal pass reads a date no evidence holds, a day from one that it does, as a possible
relative date ("the next day") and reports it at 0.5. Principle: a relative reading needs words
that make it one. When the date's sentence has no word that shifts a day (``day_shift_cues``,
``day_shift_earlier``, ``day_shift_later`` in ``numbers.json``, five languages: next, before,
overnight, arrives, local, lendemain, siguiente, Vortag ...) and no relative day that names this
very date ("tomorrow", "mañana", "morgen", "demain" counted from the one date the context gives
as today: ``nofab.numbers.relativedays``, where "esta mañana", "heute Morgen" name a morning,
not a day), and the user's message neither asks for such a shift ("the same route but for the
day after") nor names that day ("move it to the 28th", or "to Sunday" when the answer writes the
date with that weekday and it is the weekday's next occurrence: ``nofab.numbers.nextweekday``),
the date is a slip of the held date one day from it and is reported at 0.8 with that date. A
relative day word that names another date ("tomorrow, October 28" when tomorrow is the 27th)
does not excuse it; one read without a known today does. A date the sentence offers as an
alternative ("Saturday the 10th or Monday the 12th instead": ``nofab.numbers.dayrelations``) is
a suggestion, not the held date restated. A date bound to an end role ("until", "arrives":
``nofab.numbers.roles``) is left alone, as is a date written with a clock time (a time-zone
shift moves both), and a date the day after a record's date written beside a time that record
marks as the next day ("12:31 AM (Thu, May 15)" for a flight of May 14 arriving
"00:31:00+1"): that record's arrival day (``nofab.numbers.nextday``, which states the risk).

The user's request is read in every user message of the conversation (``Turn.user_messages``),
not the last one only: "push my flight back by one day" opens a conversation and the new date
comes turns later. What asks for a shift there is narrower than a shift cue of the answer's
sentence: an amount of one day or a day named by its direction ("by one day", "the day
after", "d'un jour", "le lendemain", "um einen Tag": ``day_shift_requests``), a relative day
naming the date, or the day of the month itself. An undirected cue ("my return flight",
"arriving") describes a trip in a user's words, not a request to move a date.

Risk: a correct date one day from a held one that the answer derives without saying so (a
time-zone conversion with no zone word, a check-out date from a one-night stay); such a
sentence usually carries one of the cue words, and a week or a month off is left to the
literal pass. A user's message that asks for a shift excuses every one-day-off date of the
answer (a slip of another date of the same answer passes at 0.5).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from nofab.model.finding import Finding
from nofab.numbers.dayrelations import offered
from nofab.numbers.dayrows import context_today
from nofab.numbers.extract import extract_numerals
from nofab.numbers.lexicon import by_language
from nofab.numbers.nextday import Timed, answer_times, beside_next_day, overnight_clocks
from nofab.numbers.nextweekday import evidence_mentions, resolves_weekday
from nofab.numbers.relativedays import relative_days
from nofab.numbers.roles import role_before

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.numeral import Numeral

#: The confidence of a date one day off a held date with nothing that shifts it.
CONFIDENCE_DAY_SLIP = 0.8
#: A sentence is read at most this far either side of the date.
SENTENCE_REACH = 200
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
#: A word (a hyphenated one whole: "check-out"), or "+1" (an arrival the next day).
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*|\+1")


#: The lexicon's day-shifting words: without a direction, and towards an earlier / a later day.
SHIFT_KEYS = ("day_shift_cues", "day_shift_earlier", "day_shift_later")


@cache
def _one_day_requests() -> re.Pattern[str]:
    """Every language's amount of one day ("by one day", "um einen Tag"), as one pattern."""
    phrases = {p.lower() for words in by_language("day_shift_requests").values() for p in words}
    alternatives = "|".join(
        re.escape(p).replace(r"\ ", r"\s+") for p in sorted(phrases, key=len, reverse=True)
    )
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


@cache
def _shift_cues() -> frozenset[str]:
    """Every language's day-shifting words, whatever their direction (any one moves a day)."""
    return frozenset(w.lower() for key in SHIFT_KEYS for words in by_language(key).values() for w in words)


def sentence_bounds(answer: str, span: tuple[int, int]) -> tuple[int, int]:
    """(start, end) of the sentence around ``span``, read at most ``SENTENCE_REACH`` either side."""
    lo = max(0, span[0] - SENTENCE_REACH)
    start = max((m.end() for m in _SENTENCE_END.finditer(answer, lo, span[0])), default=lo)
    stop = _SENTENCE_END.search(answer, span[1], span[1] + SENTENCE_REACH)
    end = stop.start() if stop else min(len(answer), span[1] + SENTENCE_REACH)
    return start, end


def sentence_words(answer: str, span: tuple[int, int]) -> list[str]:
    """The words of the sentence around ``span``, lower-cased (``_words``)."""
    return _words(_WORD.findall(answer, *sentence_bounds(answer, span)))


def has_shift_cue(words: list[str]) -> bool:
    """Does one of ``words`` move a date by a day ("next", "before", "lendemain")?"""
    return not _shift_cues().isdisjoint(words)


def _words(found: list[str]) -> list[str]:
    """The words lower-cased, a hyphenated word both whole and in its parts ("next-day")."""
    out: list[str] = []
    for word in found:
        word = word.lower()
        out.append(word)
        if "-" in word:
            out.extend(word.split("-"))
    return out


def _days_named(message: str) -> set[int]:
    """The days of the month the user's message names: a date, or "the 28th"."""
    out: set[int] = set()
    for numeral in extract_numerals(message) if message else ():
        if numeral.kind == "date" and numeral.date is not None:
            out.add(numeral.date[2])
        elif numeral.kind == "ordinal" and 1 <= numeral.value <= 31:
            out.add(int(numeral.value))
    return out


def held_neighbours(evidence: Evidence, date: tuple[int | None, int, int]) -> list[_dt.date]:
    """The dates one day either side of ``date`` (year possibly unsaid) that the evidence holds."""
    year, month, day = date
    try:
        said = _dt.date(year or 2000, month, day)  # 2000: a leap year, so 29 February is a date
    except ValueError:
        return []
    out: list[_dt.date] = []
    for delta in (-1, 1):
        other = said + _dt.timedelta(days=delta)
        if evidence.dates.has_date((other.year if year else None, other.month, other.day)):
            out.append(other)
    return out


def shifted(text: str, date: tuple[int | None, int, int], today: Callable[[], _dt.date | None]) -> bool:
    """Does ``text`` (a sentence, or the user's message) move a date by a day: a shift word,
    or a relative day that names this date (or any relative day, when today is unknown;
    ``nofab.numbers.relativedays``: "tomorrow", "mañana" but not "esta mañana")?"""
    return has_shift_cue(_words(_WORD.findall(text))) or names_date(text, date, today)


def names_date(text: str, date: tuple[int | None, int, int], today: Callable[[], _dt.date | None]) -> bool:
    """Does a relative day of ``text`` name ``date`` (any relative day, when today is unknown)?"""
    for _start, _end, offset in relative_days(text):
        now = today()
        if now is None:
            return True
        named = now + _dt.timedelta(days=offset)
        if (named.month, named.day) == date[1:] and date[0] in (None, named.year):
            return True
    return False


def day_slip_findings(finding: Callable[..., Finding], evidence: Evidence) -> Iterator[Finding]:
    """``unverified_number`` findings for dates one day off a held date, with nothing in their
    sentence that shifts a day."""
    answer = evidence.answer
    known: list[_dt.date | None] = []  # today, read from the context on first need
    asked: str | None = None  # the user message, read on first need
    days: set[int] = set()  # the days of the month the user message names
    overnight: tuple[dict[_dt.date, frozenset[tuple[int, int]]], Timed] | None = None  # on first need

    def today() -> _dt.date | None:
        if not known:
            known.append(context_today(evidence.turn.context or ""))
        return known[0]

    for numeral in evidence.numerals:
        if not _candidate(evidence, numeral):
            continue
        assert numeral.date is not None
        held = held_neighbours(evidence, numeral.date)
        if not held or role_before(answer, numeral.span[0]) == "end":
            continue
        sentence = answer[slice(*sentence_bounds(answer, numeral.span))]
        if shifted(sentence, numeral.date, today):
            continue
        if offered(sentence):
            continue  # "the 10th or the 12th instead": a suggestion, not the held date restated
        if asked is None:
            asked = "\n".join(evidence.turn.user_messages)  # every request of the conversation
            days = _days_named(asked)
        if (
            numeral.date[2] in days
            or _one_day_requests().search(asked)
            or names_date(asked, numeral.date, today)
        ):
            continue  # the user asked for that day ("the 28th", "tomorrow") or a shift ("by one day")
        if resolves_weekday(evidence, numeral, today, lambda: evidence_mentions(evidence.folded)):
            continue  # "Sunday, March 23" for the user's "to Sunday": the weekday resolved
        if overnight is None:
            overnight = (overnight_clocks(evidence.records), answer_times(evidence.numerals))
        if overnight[0] and beside_next_day(
            answer, numeral, sentence_bounds(answer, numeral.span), *overnight
        ):
            continue  # "12:31 AM (Thu, May 15)" for a flight of May 14 landing at 00:31 (+1)
        dates = " and ".join(d.isoformat()[5:] if numeral.date[0] is None else d.isoformat() for d in held)
        yield finding(
            "unverified_number",
            numeral.text,
            CONFIDENCE_DAY_SLIP,
            numeral.span,
            f"{numeral.text} is one day off {dates}, which the evidence holds, and nothing in its "
            "sentence moves it by a day",
            evidence={"literal_kind": "date", "held_date": dates},
        )


def _candidate(evidence: Evidence, numeral: Numeral) -> bool:
    """A date written without a clock time that no evidence holds."""
    return (
        numeral.kind == "date"
        and numeral.date is not None
        and numeral.time is None
        and not evidence.dates.has_date(numeral.date)
    )


__all__ = [
    "CONFIDENCE_DAY_SLIP",
    "SENTENCE_REACH",
    "day_slip_findings",
    "has_shift_cue",
    "held_neighbours",
    "sentence_bounds",
    "sentence_words",
    "shifted",
]

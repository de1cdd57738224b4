"""Clock times an answer converts between time zones ("08:00 Eastern, which is 5:00 AM
Pacific", "4:00 PM Berlin time, 10:00 AM for Dana in New York").

Principle: a time followed (within its clause, after an optional range end) by a zone word is
explained when it equals a time the evidence holds, shifted by the offset between that zone
and another zone the answer or the user names. A zone word is a zone's name, its capital
abbreviation, or a city or US state the lexicon places in a zone (``language/lexicons/
timezones.json``, names in the five languages): a place names its zone. A time marked as
local ("10:40 AM local time", "hora local", "Ortszeit") is in the zone of the last place its
sentence names before it ("Seattle is 3 hours behind, so it lands at 10:40 AM local time").
Offsets come from the IANA data (``zoneinfo``) at the date the answer writes before the time
(one date: daylight saving as on that day), else in January and in July (both seasons, the
two zones on the same day); where the machine has no IANA data, the lexicon's January and
July offsets stand in.

Risk: with no date written both seasons pass (a time one hour off between a zone that keeps
daylight saving and one that does not, or in the weeks Europe and America switch apart); a
date written without a year is read in ``_YEAR``. A place after a time that is not its zone
("departs 10:00 from Berlin") is read as one, and a time shifted by the offset of two zones
the answer names but does not relate passes; both need a held time exactly that many hours
away.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from nofab.language.text import fold
from nofab.numbers.dates import DateTimeIndex

_FILE = Path(__file__).resolve().parent.parent / "language" / "lexicons" / "timezones.json"
#: Characters after a time in which its zone word is looked for.
_AFTER = 32
#: What ends the stretch after a time in which its zone word counts.
_STOP = re.compile(r"[;!?\n]|,\s|(?<![apAP]\.[mM])\.(?:\s|$)")
#: What ends a sentence (before a local time, the place is looked for back to it).
_SENTENCE = re.compile(r"[!?\n]|(?<![apAP]\.[mM])\.(?:\s|$)")
#: The year a date written without one is read in (offsets differ by year only near a switch).
_YEAR = 2025
#: The days standing for the two seasons when the answer writes no date.
_SEASONS = (_dt.date(_YEAR, 1, 15), _dt.date(_YEAR, 7, 15))


@cache
def _table() -> tuple[re.Pattern[str], dict[str, str], re.Pattern[str]]:
    data = json.loads(_FILE.read_text("utf-8"))
    zones: dict[str, str] = {}
    for word, zone in [*data["names"].items(), *data["places"].items()]:
        zones[word.lower()] = zone
    zones.update(data["abbreviations"])
    words = [*data["names"], *data["places"]]
    names = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    abbreviations = "|".join(sorted((re.escape(w) for w in data["abbreviations"]), key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])(?:(?i:{names})|{abbreviations})(?![\w-])")
    local = "|".join(
        sorted((re.escape(w) for ws in data["local"].values() for w in ws), key=len, reverse=True)
    )
    marker = re.compile(rf"[\s*_)\]]*(?i:{local})(?!\w)")
    return pattern, zones, marker


_WORD = re.compile(r"[^\W\d_]+")


@cache
def _starts() -> frozenset[str]:
    """The first words of the zone words (lowercased names and places, abbreviations as written)."""
    data = json.loads(_FILE.read_text("utf-8"))
    firsts = {_WORD.match(w.lower()) for w in [*data["names"], *data["places"]]}
    return frozenset({m.group(0) for m in firsts if m} | set(data["abbreviations"]))


def _found(text: str, start: int = 0, end: int | None = None) -> Iterable[re.Match[str]]:
    """The zone words of ``text[start:end]``, in order. Words are scanned first and the zone
    pattern tried only where one could start: the pattern's few hundred alternatives cost
    at every position otherwise."""
    pattern, starts, stop = _table()[0], _starts(), len(text) if end is None else end
    after = start
    for word in _WORD.finditer(text, start, stop):
        if word.start() < after or (word.group(0) not in starts and word.group(0).lower() not in starts):
            continue
        found = pattern.match(text, word.start(), stop)
        if found is not None and (
            found.start() == 0 or not (text[found.start() - 1].isalnum() or text[found.start() - 1] in "_-")
        ):
            after = found.end()
            yield found


@cache
def _fallback() -> dict[str, tuple[float, float]]:
    data = json.loads(_FILE.read_text("utf-8"))
    return {zone: (float(jan), float(jul)) for zone, (jan, jul) in data["fallback"].items()}


@cache
def _offset(zone: str, day: _dt.date) -> float:
    """The UTC offset in hours of the IANA ``zone`` at noon UTC on ``day``."""
    try:
        from zoneinfo import ZoneInfo

        moment = _dt.datetime(day.year, day.month, day.day, 12, tzinfo=_dt.UTC)
        offset = moment.astimezone(ZoneInfo(zone)).utcoffset()
        if offset is not None:
            return offset.total_seconds() / 3600
    except (ImportError, LookupError, ValueError, OSError):
        pass  # no IANA data on this machine: the lexicon's offsets
    if zone.startswith("Etc/GMT") and zone[7:]:
        return -float(zone[7:])
    jan, jul = _fallback().get(zone, (0.0, 0.0))
    return jul if 4 <= day.month <= 10 else jan


def _zone(word: str) -> str:
    zones = _table()[1]
    return zones.get(word, zones.get(word.lower(), "Etc/UTC"))


def _word(found: re.Match[str]) -> str:
    word = found.group(0)
    return word if word.isupper() else word.lower()


def named_zones(texts: Iterable[str]) -> set[str]:
    """The zone words the ``texts`` name (lowercased names, abbreviations as written)."""
    return {_word(m) for t in texts for m in _found(t)}


def zone_after(answer: str, end: int) -> str | None:
    """The zone word written right after a time ending at ``end`` ("5:00 AM Pacific",
    "12:00–12:30 PM Eastern"), within its clause; or None."""
    window = answer[end : end + _AFTER]
    stop = _STOP.search(window)
    if stop is not None:
        window = window[: stop.start()]
    found = next(iter(_found(window)), None)
    return _word(found) if found is not None else None


def zone_of(answer: str, start: int, end: int) -> str | None:
    """The zone of a time at ``start:end``: the zone word after it, or, for a time marked as
    local ("10:40 AM local time"), the last zone word its sentence names before it."""
    after = zone_after(answer, end)
    marker = _table()[2]
    if after is not None or not marker.match(answer, end):
        return after
    opening = max((m.end() for m in _SENTENCE.finditer(answer, 0, start)), default=0)
    before = list(_found(answer, opening, start))
    return _word(before[-1]) if before else None


def written_day(answer: str, start: int) -> _dt.date | None:
    """The one date the answer writes before ``start`` (None: none, or several)."""
    written = DateTimeIndex(fold(answer[:start])).written()
    days = {(month, day) for _year, month, day in written}
    if len(days) != 1:
        return None
    years = {year for year, _month, _day in written if year is not None}
    (month, day), year = next(iter(days)), (years.pop() if len(years) == 1 else _YEAR)
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def shifted(
    time: tuple[int, int, bool],
    zone: str,
    others: Iterable[str],
    held: Callable[[int, int, bool], bool],
    day: _dt.date | None = None,
) -> str | None:
    """How ``time`` (hour, minute, 24-hour?) in ``zone`` is a held time of one of the
    ``others`` zones shifted into it, on ``day`` (None: either season), described; or None."""
    hour, minute, exact = time
    target = _zone(zone)
    days = (day,) if day is not None else _SEASONS
    for other in sorted(others):
        source = _zone(other)
        for shift in {_offset(target, d) - _offset(source, d) for d in days}:
            if not shift:
                continue
            minutes = round(hour * 60 + minute - shift * 60) % 1440
            h, m = divmod(minutes, 60)
            if held(h, m, exact):
                return f"a held {h:02d}:{m:02d} {other} shown in {zone} ({shift:+g} h)"
    return None


__all__ = ["named_zones", "shifted", "written_day", "zone_after", "zone_of"]

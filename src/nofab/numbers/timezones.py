"""Clock times an answer converts between named time zones ("08:00 Eastern, which is 5:00 AM
Pacific").

Principle: a time followed (within its clause, after an optional range end) by a time-zone
word is explained when it equals a time the evidence holds, shifted by the offset between
that zone and another zone the answer or the user names. The zone table is lexicon data
(``language/lexicons/timezones.json``: names in the five languages, capital abbreviations),
each zone with its standard and daylight-saving offset.

Risk: daylight saving is not known from the turn, so both seasons' offsets are accepted (the
two zones in the same season: Pacific to Eastern is three hours either way, Eastern to UTC
four or five); a time one hour off between a zone that keeps daylight saving and one that
does not passes. A time shifted by the offset of two zones the answer names but does not
relate passes too; both need a held time exactly that many hours away.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

_FILE = Path(__file__).resolve().parent.parent / "language" / "lexicons" / "timezones.json"
#: Characters after a time in which its zone word is looked for.
_AFTER = 32
#: What ends the stretch after a time in which its zone word counts.
_STOP = re.compile(r"[;!?\n]|,\s|(?<![apAP]\.[mM])\.(?:\s|$)")

Offsets = tuple[float, float]


@cache
def _table() -> tuple[re.Pattern[str], dict[str, Offsets]]:
    data = json.loads(_FILE.read_text("utf-8"))
    zones: dict[str, Offsets] = {}
    for word, (std, dst) in data["names"].items():
        zones[word.lower()] = (float(std), float(dst))
    for word, (std, dst) in data["abbreviations"].items():
        zones[word] = (float(std), float(dst))
    names = "|".join(sorted((re.escape(w) for w in data["names"]), key=len, reverse=True))
    abbreviations = "|".join(sorted((re.escape(w) for w in data["abbreviations"]), key=len, reverse=True))
    pattern = re.compile(rf"(?<!\w)(?:(?i:{names})|{abbreviations})(?!\w)")
    return pattern, zones


def _offsets(word: str) -> Offsets:
    zones = _table()[1]
    return zones.get(word, zones.get(word.lower(), (0.0, 0.0)))


def named_zones(texts: Iterable[str]) -> set[str]:
    """The zone words the ``texts`` name (lowercased names, abbreviations as written)."""
    pattern = _table()[0]
    words = (m.group(0) for t in texts for m in pattern.finditer(t))
    return {w if w.isupper() else w.lower() for w in words}


def zone_after(answer: str, end: int) -> str | None:
    """The zone word written right after a time ending at ``end`` ("5:00 AM Pacific",
    "12:00–12:30 PM Eastern"), within its clause; or None."""
    window = answer[end : end + _AFTER]
    stop = _STOP.search(window)
    if stop is not None:
        window = window[: stop.start()]
    found = _table()[0].search(window)
    if found is None:
        return None
    word = found.group(0)
    return word if word.isupper() else word.lower()


def shifted(
    time: tuple[int, int, bool],
    zone: str,
    others: Iterable[str],
    held: Callable[[int, int, bool], bool],
) -> str | None:
    """How ``time`` (hour, minute, 24-hour?) in ``zone`` is a held time of one of the
    ``others`` zones shifted into it, described; or None."""
    hour, minute, exact = time
    target = _offsets(zone)
    for other in sorted(others):
        source = _offsets(other)
        for shift in {target[0] - source[0], target[1] - source[1]}:
            if not shift:
                continue
            minutes = round(hour * 60 + minute - shift * 60) % 1440
            h, m = divmod(minutes, 60)
            if held(h, m, exact):
                return f"a held {h:02d}:{m:02d} {other} shown in {zone} ({shift:+g} h)"
    return None


__all__ = ["named_zones", "shifted", "zone_after"]

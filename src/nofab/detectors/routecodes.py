"""Codes of places on a route ("via DFW", "JFK → PHX") that no evidence holds.

Principle: once a tool result holds short upper-case codes as the values of route keys
(origin, destination, a connection or stop; lexicon data, five languages), codes of that
shape are the tools' names for places, and an answer that writes one in an itinerary
position — after a route word ("via X", "from X", "nach X") or beside an arrow or dash
("X → Y", "X–Y") — copied it from a result. A code of that exact shape (same length,
letters only) in such a position that no evidence holds (results, arguments, the user's
words, the context) was not copied but changed or invented: "via MSP" where the results
connect in DFW.

Risk: upper-case words and acronyms that happen to stand in such a position ("via SMS",
"from USA", "to EST", "in USD"). They are never read: known acronyms, time-zone
abbreviations and currency codes are lexicon data; only the shape the results hold under a
route key is read (no three-letter word at all when the results hold no such codes); and a
code counts as placed on a route only when its line or sentence also writes a code the
results hold under a route key (a table row "| via ORD | via MSP |", "from JFK to MSP"),
so an acronym in a sentence about something else is never asked. A place the answer names
from world knowledge beside a held one ("you could also fly from LGA") is reported: no tool
said so. At most ``MAX_ASKED`` codes of one answer are asked about.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from nofab.detectors.textmemo import TextMemo
from nofab.evidence.index import Evidence
from nofab.language import vocabulary

CONFIDENCE = 0.8
#: Codes of one answer asked about the evidence at most.
MAX_ASKED = 64
#: A field of a result's JSON text whose value may be a place code: two to four upper-case
#: letters, nothing else ("origin": "JFK").
_CODE_FIELD = re.compile(r'"([^"\\\n]{1,40})"\s*:\s*"([A-Z]{2,4})"')
_KEY_WORDS = re.compile(r"[^\W\d_]+")
#: (its first letter first, the character before it checked after it: the same matches as an
#: opening look-behind, found by a scan in C; see ``issuedids.UPPER_RUN``)
_UPPER_RUN = re.compile(r"[A-Z](?<![\w\-/.@].)[A-Z]{1,3}(?![\w\-/@])")
#: What joins two places of a route: arrows and dashes (a hyphen only between spaces or codes).
_ARROWS = ("→", "⟶", "->", "=>", "➔", "✈", "–", "—", "-", ">", "/")
_MARKUP = " \t*_`|(["
_LAST_WORD = re.compile(r"([^\W\d_]+)$")
#: How far a code's line or sentence is read on either side (a longer line is cut there).
_REACH = 300


@cache
def _lexicon() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(route key words, route words, words never a place code), folded."""
    cues = vocabulary.load("id_cues")
    never = {w.lower() for w in cues["acronyms"]}
    never |= {w.lower() for w in vocabulary.load("timezones")["abbreviations"]}
    numbers = vocabulary.load("numbers")
    for lang, entry in numbers.items():
        if not lang.startswith("_") and isinstance(entry, dict):
            never |= {w.lower() for w in entry.get("currency_codes", ())}
    keys = frozenset(w.lower() for w in cues["route_keys"])
    words = frozenset(w.lower() for w in cues["route_words"])
    return keys, words, frozenset(never)


def _read(text: str) -> frozenset[str]:
    """The codes a result's JSON text holds under a route key ("origin": "JFK")."""
    if '"' not in text:
        return frozenset()
    keys = _lexicon()[0]
    return frozenset(
        m.group(2)
        for m in _CODE_FIELD.finditer(text)
        if any(w.lower() in keys for w in _KEY_WORDS.findall(m.group(1)))
    )


def route_codes(evidence: Evidence) -> frozenset[str]:
    """The codes the results hold under a route key ("origin": "JFK")."""
    held: set[str] = set()
    for source in evidence.sources:
        if source.call is not None and source.label.endswith(".result"):
            held |= _READINGS.of(source.text)
    return frozenset(held)


#: Each result's route codes, kept by its content (bounded in texts and characters).
_READINGS: TextMemo[frozenset[str]] = TextMemo(_read)


def _span_of_line(answer: str, start: int, end: int) -> tuple[int, int]:
    """The line around a span, cut at sentence stops too (a prose paragraph is one line)."""
    floor = max(0, start - _REACH)
    newline, stop = answer.rfind("\n", floor, start), answer.rfind(". ", floor, start)
    lo = max(newline + 1, stop + 2 if stop != -1 else 0)
    ceiling = end + _REACH
    ends = [h for h in (answer.find("\n", end, ceiling), answer.find(". ", end, ceiling)) if h != -1]
    hi = min(ends) if ends else len(answer)
    return max(lo, start - _REACH), min(hi, end + _REACH)


def _placed(answer: str, start: int, end: int, words: frozenset[str]) -> bool:
    """Is the code at ``start:end`` in an itinerary position: after a route word, or beside
    an arrow or dash?"""
    before = answer[max(0, start - 24) : start].rstrip(_MARKUP)
    after = answer[end : end + 8].lstrip(_MARKUP)
    if before.endswith(_ARROWS) or after.startswith(_ARROWS):
        return True
    word = _LAST_WORD.search(before)
    return word is not None and word.group(1).lower() in words


def ungrounded_route_codes(evidence: Evidence, answer: str) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each place code on a route that no evidence holds."""
    if _UPPER_RUN.search(answer) is None:
        return  # gate: no code-shaped run in the answer (a scan in C), no result is read
    held = route_codes(evidence)
    if not held:
        return  # (the answer is scanned only when the results hold route codes)
    _keys, words, never = _lexicon()
    lengths = {len(c) for c in held}
    runs = [m for m in _UPPER_RUN.finditer(answer) if m.group(0).lower() not in never]
    # A code of no held length, or held itself, is never asked: when fewer runs than the cap
    # stand in the answer the cap cannot bind, so such a code's position need not be read
    # (with more, each placed code counts toward the cap whether it is asked or not).
    few = len(runs) <= MAX_ASKED
    placed = [
        m
        for m in runs
        if not (few and (len(m.group(0)) not in lengths or m.group(0) in held))
        and _placed(answer, m.start(), m.end(), words)
    ][:MAX_ASKED]
    for m in placed:
        code = m.group(0)
        if len(code) not in lengths or code in held:
            continue
        lo, hi = _span_of_line(answer, *m.span())
        if not any(c in held for c in _UPPER_RUN.findall(answer[lo:hi])):
            continue  # no held place on its line or in its sentence: not this route
        if not evidence.grounds(code):
            yield "place_code", m.span(), CONFIDENCE


__all__ = ["CONFIDENCE", "MAX_ASKED", "route_codes", "ungrounded_route_codes"]

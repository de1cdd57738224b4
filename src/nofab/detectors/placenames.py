"""A place name in the slot of a result's place that no evidence holds ("84 °F in Tacoma").

Principle: a result that holds a place name under a place key (location, city; lexicon data,
five languages; the key's first word, so "team_city" or "address.city" is an attribute of
another thing, not the record's subject) beside its figures is a report about that place,
and a sentence that restates one of those figures names the place the figure belongs to
after a place word ("in Seattle", "à Lyon", "in Berlin"). A capitalised name in that slot,
in a sentence that writes a figure of such a record, that no evidence holds (no result,
argument, user message or context writes any of its words) was not copied from the record:
the place was swapped.

Risk: places the agent names from world knowledge, as advice or comparison ("84 °F, warmer
than in Phoenix"). Such a sentence usually also names the held place, so a sentence that
writes a held place too is reported at ``CONFIDENCE_BESIDE`` (below the blocking threshold),
and only a sentence where the unknown name stands in the held place's stead is reported at
``CONFIDENCE``. Capitalised words that follow a place word without naming a place (units,
languages, months, weekdays, time zones) are lexicon data and never read; a name with any
word the evidence holds ("New York City" for "New York", "Seattle's") passes, and so does
one in capitals (an abbreviation: "in SF"); people's names are left to the name rules (no
"for" slot is read). At most ``MAX_ASKED`` names of an answer are asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from nofab.detectors.textmemo import TextMemo
from nofab.evidence.index import Evidence
from nofab.language import vocabulary
from nofab.language.casefree import ascii_twin

CONFIDENCE = 0.8
CONFIDENCE_BESIDE = 0.6
#: Names of one answer asked about the evidence at most.
MAX_ASKED = 32
#: How far a name's sentence is read on either side (a longer sentence is cut there).
_REACH = 400
_PLACE_FIELD = re.compile(r'"([^"\\\n]{1,40})"\s*:\s*"[A-ZÀ-ÖØ-Þ]')
_DIGIT = re.compile(r"\d")
_POSSESSIVE = re.compile(r"['’]s$")
_KEY_WORDS = re.compile(r"[^\W\d_]+")
_CAPITAL = "A-ZÀ-ÖØ-Þ"
_NAME_WORD = rf"[{_CAPITAL}][^\W\d_]+(?:[-'’][^\W\d_]+)?"
#: A figure as the answer writes it ("84", "-3", "12.5").
_FIGURE = re.compile(r"(?<![\w.])-?\d+(?:[.,]\d+)?(?![\d])")
#: A place value: capitalised words, optionally ", WA" or ", France" after.
_PLACE_VALUE = re.compile(rf"{_NAME_WORD}(?:[ \-]{_NAME_WORD}){{0,3}}(?:,\s?[{_CAPITAL}][^\W\d_]+){{0,2}}")


@cache
def _lexicon() -> tuple[frozenset[str], re.Pattern[str], frozenset[str]]:
    """(place key words, the slot-then-name pattern, words that are never places), folded."""
    cues = vocabulary.load("id_cues")
    never = {w.lower() for w in cues["not_places"]}
    never |= {w.lower() for w in vocabulary.load("timezones")["abbreviations"]}
    never |= {w.lower() for w in vocabulary.load("weekdays")["names"]}
    for lang, entry in vocabulary.load("numbers").items():
        if not lang.startswith("_") and isinstance(entry, dict):
            never |= {w.lower() for w in entry.get("months", {})}
    slots = "|".join(sorted((re.escape(w) for w in cues["place_slots"]), key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w])(?i:{slots})\s+({_NAME_WORD}(?:\s{_NAME_WORD}){{0,2}})")
    return frozenset(w.lower() for w in cues["place_keys"]), pattern, frozenset(never)


@cache
def _slot_probe() -> re.Pattern[str] | None:
    """The slot words and their spaces alone, without IGNORECASE, for a lower-cased ASCII
    answer (``casefree.ascii_twin``: the same matches there), or None when no such twin is
    exact."""
    slots = "|".join(
        sorted((re.escape(w) for w in vocabulary.load("id_cues")["place_slots"]), key=len, reverse=True)
    )
    # (no look-behind: it would make ``re`` try the probe at every character instead of
    # skipping to a slot word's first letter; ``pattern.match`` tests it at each hit)
    return ascii_twin(re.compile(rf"(?:{slots})\s+", re.IGNORECASE))


def _slot_names(answer: str, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(answer)``. In an ASCII answer only the places where a slot word and
    its spaces stand are tried, found in the lower-cased answer by ``_slot_probe``: every
    match starts with them, and no match can start inside a slot word or the spaces the probe
    read before (a match starts after a non-word character, a slot word is all word
    characters and starts with none of the spaces), so these are the same matches, in order.
    ``re`` skips ahead to the probe's first letters, where the pattern (its look-behind first,
    its slot words case-insensitive) is tried with case folding at every character."""
    probe = _slot_probe() if answer.isascii() else None
    if probe is None:
        yield from pattern.finditer(answer)
        return
    end = 0
    for hit in probe.finditer(answer.lower()):
        if hit.start() >= end and (found := pattern.match(answer, hit.start())) is not None:
            end = found.end()
            yield found


def _place_key(field: str, keys: frozenset[str]) -> bool:
    """Does the key name the record's own place ("location", "city", "location.name")? A key
    that qualifies a place by another thing ("team_city", "address.city") is an attribute of
    that thing, and the record's figures are not the place's."""
    words = _KEY_WORDS.findall(field)
    return bool(words) and words[0].lower() in keys


def _read(text: str) -> bool:
    """Does a result's JSON text hold a capitalised value under a place key ("city": "Lyon")?"""
    if '"' not in text:
        return False
    keys = _lexicon()[0]
    return any(_place_key(m.group(1), keys) for m in _PLACE_FIELD.finditer(text))


def _holds_places(evidence: Evidence) -> bool:
    return any(
        _READINGS.of(source.text)
        for source in evidence.sources
        if source.call is not None and source.label.endswith(".result")
    )


#: Whether each result holds a place field, kept by its content (bounded).
_READINGS: TextMemo[bool] = TextMemo(_read)


def _place_records(evidence: Evidence) -> tuple[frozenset[str], frozenset[float]]:
    """(the place names held under place keys, the figures of the records holding them)."""
    keys = _lexicon()[0]
    places: set[str] = set()
    figures: set[float] = set()
    for record in evidence.records:
        held = [
            text
            for field, text in (*record.names, *record.values.items())
            if _PLACE_VALUE.fullmatch(text.strip()) and _place_key(field, keys)
        ]
        if held:
            places.update(t.strip().lower() for t in held)
            figures.update(value for _field, value in record.numeric_fields())
    return frozenset(places), frozenset(figures)


def _figures(text: str) -> set[float]:
    return {float(m.group(0).replace(",", ".")) for m in _FIGURE.finditer(text)}


def ungrounded_place_names(evidence: Evidence, answer: str) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each place name in a result place's slot that no
    evidence holds."""
    if _DIGIT.search(answer) is None:  # (in C: a digit-free megabyte is not walked in Python)
        return
    if not _holds_places(evidence):
        return  # (the answer is scanned only when a result holds a place field)
    _keys, pattern, never = _lexicon()
    found = [m for m in _slot_names(answer, pattern) if m.group(1).split()[0].lower() not in never][
        :MAX_ASKED
    ]
    if not found:
        return  # (the results are read only for an answer that writes a name after a place word)
    places, figures = _place_records(evidence)
    if not places:
        return
    for m in found:
        words = [_POSSESSIVE.sub("", w) for w in m.group(1).split() if w.lower() not in never]
        if not words or any(w.isupper() for w in words) or any(evidence.grounds(w) for w in words):
            continue  # (an abbreviation, "in SF", "in NYC", is no name the record would spell)
        lo, hi = evidence.sentence_at(m.start(1))
        sentence = answer[max(lo, m.start(1) - _REACH) : min(hi, m.end(1) + _REACH)]
        if not _figures(sentence) & figures:
            continue  # the sentence restates no figure of a place's record: not its slot
        folded = sentence.lower()
        beside = any(place.split(",")[0] in folded for place in places)
        yield "place", m.span(1), CONFIDENCE_BESIDE if beside else CONFIDENCE


__all__ = ["CONFIDENCE", "CONFIDENCE_BESIDE", "MAX_ASKED", "ungrounded_place_names"]

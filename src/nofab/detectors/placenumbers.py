"""Places a tool assigns by number or code ("Room 7", "Gate Z25", "Gleis 4"), cited with another.

Principle: a small number after a place label is no quantity but the name of a place, and
the answer copies it from the tool that assigned it, as it copies a code. Once a tool result
issues that label with a number, the same label with a number no evidence holds ("Room 9"
for the meeting's "Room 7") was not copied but changed. Numbers up to twelve are otherwise
never checked (they are too common in prose), so without this a changed room or gate passes.

Risk: a place the answer names from elsewhere beside tools that assigned others of that
label (the user's own "Gate 9" is evidence and passes). Only labels of places a system
assigns are read (lexicon data, five languages): not floors, levels or seats, which an
answer may work out ("Room 301 is on floor 3"). At most ``MAX_ASKED`` labelled numbers of
one answer are asked about, so the cost stays linear in the answer.

A result also issues a label as a field of its JSON text: a key whose last word is a place label holding a
short code of letters and digits ("gate": "Z25", "terminal": "1"). The answer then writes the
label before the code, with a colon or markup between ("Gate: **Z52**"), and the code must be
one such field holds (or the whole "label code" must be in some evidence). Risk: a field's
code restated in another notation ("Terminal T1" for "terminal": "1"): read as changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from nofab.detectors.textmemo import TextMemo
from nofab.evidence.index import Evidence
from nofab.language import vocabulary

CONFIDENCE = 0.8
#: Labelled numbers of one answer asked about the evidence at most.
MAX_ASKED = 64
#: A place label, then its number or code, a colon and markdown between allowed ("Gate: **Z25**").
_NUMBERED = re.compile(
    r"(?<![\w-])([^\W\d_]{3,12})[:*_]{0,4}\s{1,3}[*_]{0,2}([A-Za-z]{0,2}\d{1,4}[A-Za-z]?)(?![\w-])"
)
#: A field of a result's JSON text whose value names a place by code: up to two letters,
#: digits, a letter ("gate": "Z25", "terminal": 1).
_CODE_FIELD = re.compile(r'"([^"\\\n]{1,40})"\s*:\s*"?([A-Za-z]{0,2}\d{1,4}[A-Za-z]?)"?\s*[,}\]]')
_DIGIT = re.compile(r"\d")
_KEY_WORDS = re.compile(r"[^\W\d_]+")

#: A result's reading: (labels it writes with a number, (label, code) of its label fields).
Reading = tuple[frozenset[str], frozenset[tuple[str, str]]]


@cache
def _labels() -> frozenset[str]:
    return frozenset(vocabulary.load("id_cues")["place_labels"])


@cache
def _concepts() -> dict[str, str]:
    """label -> its concept, across languages ("puerta" -> "gate"); lexicon data."""
    return dict(vocabulary.load("id_cues")["place_concepts"])


def _concept(label: str) -> str:
    return _concepts().get(label, label)


def _read(text: str) -> Reading:
    """The place labels ``text`` writes with a number after them, and its fields whose key's
    last word is a place label, with their codes (lower-case)."""
    labels = _labels()
    written = frozenset(_concept(w) for m in _NUMBERED.finditer(text) if (w := m.group(1).lower()) in labels)
    fields: set[tuple[str, str]] = set()
    if '"' in text:
        for m in _CODE_FIELD.finditer(text):
            words = _KEY_WORDS.findall(m.group(1))
            if words and (label := words[-1].lower()) in labels:
                fields.add((_concept(label), m.group(2).lower()))
    return written, frozenset(fields)


def ungrounded_place_numbers(evidence: Evidence, answer: str) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each labelled place number of an issued label that no
    evidence holds."""
    if _DIGIT.search(answer) is None:  # (in C: a digit-free megabyte is not walked in Python)
        return
    issued: set[str] = set()
    keyed: dict[str, set[str]] = {}
    for source in evidence.sources:
        if source.call is not None and source.label.endswith(".result"):
            written, fields = _READINGS.of(source.text)
            issued |= written
            for label, code in fields:
                keyed.setdefault(label, set()).add(code)
    if not issued and not keyed:
        return
    asked = 0
    for m in _NUMBERED.finditer(answer):
        label, code = _concept(m.group(1).lower()), m.group(2)
        if label not in issued and label not in keyed:
            continue
        asked += 1
        if asked > MAX_ASKED:
            return
        held = keyed.get(label, set())
        if code.lower() in held or (held and not code.isdigit() and evidence.grounds(code)):
            continue
        if not evidence.grounds(f"{m.group(1)} {code}"):
            yield "code", m.span(2) if held else m.span(), CONFIDENCE


#: Each result's reading, kept by its content (bounded in texts and characters).
_READINGS: TextMemo[Reading] = TextMemo(_read)


__all__ = ["CONFIDENCE", "MAX_ASKED", "ungrounded_place_numbers"]

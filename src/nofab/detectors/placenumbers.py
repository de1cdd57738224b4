"""Places a tool assigns by number ("Room 7", "Gate 12", "Gleis 4"), cited with another number.

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
_NUMBERED = re.compile(r"(?<![\w-])([^\W\d_]{3,12})\s(\d{1,4}[A-Za-z]?)(?![\w-])")


@cache
def _labels() -> frozenset[str]:
    return frozenset(vocabulary.load("id_cues")["place_labels"])


def _read_labels(text: str) -> frozenset[str]:
    """The place labels ``text`` writes with a number after them."""
    labels = _labels()
    return frozenset(w for m in _NUMBERED.finditer(text) if (w := m.group(1).lower()) in labels)


def ungrounded_place_numbers(evidence: Evidence, answer: str) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each labelled place number of an issued label that no
    evidence holds."""
    if not any(c.isdigit() for c in answer):
        return
    issued: set[str] = set()
    for source in evidence.sources:
        if source.call is not None and source.label.endswith(".result"):
            issued |= _LABELS.of(source.text)
    if not issued:
        return
    asked = 0
    for m in _NUMBERED.finditer(answer):
        if m.group(1).lower() not in issued:
            continue
        asked += 1
        if asked > MAX_ASKED:
            return
        if not evidence.grounds(m.group(0)):
            yield "code", m.span(), CONFIDENCE


#: Each result's labels, kept by its content (bounded in texts and characters).
_LABELS: TextMemo[frozenset[str]] = TextMemo(_read_labels)


__all__ = ["CONFIDENCE", "MAX_ASKED", "ungrounded_place_numbers"]

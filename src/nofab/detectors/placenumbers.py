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

A result also issues a label as a field: a key whose last word is a place label holding a
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
#: A field value that names a place by code: up to two letters, digits, a letter ("Z25", "12B").
_CODE_VALUE = re.compile(r"[A-Za-z]{0,2}\d{1,4}[A-Za-z]?")
_KEY_WORDS = re.compile(r"[^\W\d_]+")


@cache
def _labels() -> frozenset[str]:
    return frozenset(vocabulary.load("id_cues")["place_labels"])


@cache
def _concepts() -> dict[str, str]:
    """label -> its concept, across languages ("puerta" -> "gate"); lexicon data."""
    return dict(vocabulary.load("id_cues")["place_concepts"])


def _concept(label: str) -> str:
    return _concepts().get(label, label)


def _read_labels(text: str) -> frozenset[str]:
    """The place labels ``text`` writes with a number after them."""
    labels = _labels()
    return frozenset(_concept(w) for m in _NUMBERED.finditer(text) if (w := m.group(1).lower()) in labels)


def keyed_places(evidence: Evidence) -> dict[str, frozenset[str]]:
    """label -> the codes the results' fields of that label hold ("gate": "Z25")."""
    labels = _labels()
    out: dict[str, set[str]] = {}
    for record in evidence.records:
        for field, text in (*record.names, *record.values.items()):
            words = _KEY_WORDS.findall(field)
            if not words or (label := words[-1].lower()) not in labels:
                continue
            label = _concept(label)
            if _CODE_VALUE.fullmatch(text.strip()):
                out.setdefault(label, set()).add(text.strip().lower())
    return {label: frozenset(codes) for label, codes in out.items()}


def ungrounded_place_numbers(evidence: Evidence, answer: str) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each labelled place number of an issued label that no
    evidence holds."""
    if not any(c.isdigit() for c in answer):
        return
    labels = _labels()
    found = [m for m in _NUMBERED.finditer(answer) if m.group(1).lower() in labels][:MAX_ASKED]
    if not found:
        return  # (the results are read only for an answer that writes a labelled place)
    issued: set[str] = set()
    for source in evidence.sources:
        if source.call is not None and source.label.endswith(".result"):
            issued |= _LABELS.of(source.text)
    keyed = keyed_places(evidence)
    for m in found:
        label, code = _concept(m.group(1).lower()), m.group(2)
        if label not in issued and label not in keyed:
            continue
        held = keyed.get(label, frozenset())
        if code.lower() in held or (held and not code.isdigit() and evidence.grounds(code)):
            continue
        if not evidence.grounds(f"{m.group(1)} {code}"):
            yield "code", m.span(2) if held else m.span(), CONFIDENCE


#: Each result's labels, kept by its content (bounded in texts and characters).
_LABELS: TextMemo[frozenset[str]] = TextMemo(_read_labels)


__all__ = ["CONFIDENCE", "MAX_ASKED", "keyed_places", "ungrounded_place_numbers"]

"""A hyphen-split reference the answer itself labels as one ("payment reference UPG-57X1",
"Buchungsnummer KX-7L2Q"), which no evidence holds.

``nofab.detectors.issuedids`` reads a letters-and-digits token as an id only once this turn's
tools issue tokens of its shape, because such a token alone could be a model number, a fare
class or an aircraft ("A320NEO", "B737MAX"), and a cue word before a bare run says little
("reservation WX72KD" beside tools that issue no locator is left to it). A token split by
hyphens into letters and digits ("UPG-57X1", "RX-77-B", "KP-2207-B") is how systems write the
references they issue, and a label before it (a reference word, ``cues`` in ``id_cues.json``,
five languages: "reference", "confirmation", "receipt", "referencia", "numéro",
"Buchungsnummer" ..., up to three words before, or "#") says in words that it is one.

Principle: a hyphen-split token holding letters and digits both, labelled as a reference and
held as a whole token by no tool result, argument, user message or context, is a reference
no tool gave: references are copied from the tools, never composed.

Risk: a labelled code from outside the turn's evidence (a reference the user read out in an
earlier conversation the turn does not carry), and a label word that names something else
before a product's model code ("the number XR-200 model"). Dates and ranges ("2024-05-01",
"12-34"), words ("COVID-ERA") and bare runs are never read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from nofab.detectors.issuedids import HYPHENED_RUN, cued, hyphen_skeleton, keep_all
from nofab.detectors.shapedids import grounds_of
from nofab.evidence.index import Evidence

#: A labelled reference no evidence holds: the label alone says it is an id (no issued shape).
CONFIDENCE_LABELLED = 0.8


def ungrounded_labelled_ids(
    evidence: Evidence, answer: str, skip: Callable[[int, int], bool] = keep_all
) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each labelled reference no evidence holds (``skip``: a
    span another shape already read)."""
    if "-" not in answer:
        return
    found = [
        m
        for m in HYPHENED_RUN.finditer(answer)
        if "-" in m.group() and hyphen_skeleton(m.group()) and not skip(*m.span()) and cued(answer, m.start())
    ]
    if not found:
        return
    grounds = grounds_of(evidence, [m.group() for m in found])
    for m in found:
        if not grounds(m.group()):
            yield "code", m.span(), CONFIDENCE_LABELLED


__all__ = ["CONFIDENCE_LABELLED", "ungrounded_labelled_ids"]

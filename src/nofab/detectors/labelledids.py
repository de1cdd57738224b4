"""A reference the answer itself labels as one ("payment reference UPG-57X1", "Buchungsnummer
K9XE-7L2"), which no evidence holds.

``nofab.detectors.issuedids`` reads a letters-and-digits token as an id only once this turn's
tools issue tokens of its shape, because such a token alone could be a model number or a
part code. A label says it in words instead: a reference word (``cues`` in ``id_cues.json``,
five languages: "reference", "confirmation", "receipt", "referencia", "numéro",
"Buchungsnummer" ...) up to three words before the token presents it as a reference a system
issued, and a reference a system issued is copied from a tool, never composed.

Principle: an upper-case token of letters and digits both (a run of 5-12, "K9XE7L", or the
same split by hyphens, "UPG-57X1", "RX-77-B"), labelled as a reference and held as a whole
token by no tool result, argument, user message or context, is a reference no tool gave.

Risk: a labelled code from outside the turn's evidence (a reference the user read out in an
earlier conversation that the turn does not carry), and a label word that names something
else before a product's model code ("the number XR-200 model"); letters-only and digits-only
tokens ("ABCDE", "20240527") are never read, and the token must hold both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from nofab.detectors.issuedids import HYPHENED_RUN, UPPER_RUN, cued, hyphen_skeleton, keep_all, mixed
from nofab.detectors.shapedids import grounds_of
from nofab.evidence.index import Evidence

#: A labelled reference no evidence holds: the label alone says it is an id (no issued shape).
CONFIDENCE_LABELLED = 0.8


def ungrounded_labelled_ids(
    evidence: Evidence, answer: str, skip: Callable[[int, int], bool] = keep_all
) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each labelled reference no evidence holds (``skip``: a
    span another shape already read)."""
    found = [m for m in UPPER_RUN.finditer(answer) if mixed(m.group())]
    if "-" in answer:
        found += [m for m in HYPHENED_RUN.finditer(answer) if hyphen_skeleton(m.group())]
    found = [m for m in found if not skip(*m.span()) and cued(answer, m.start())]
    if not found:
        return
    grounds = grounds_of(evidence, [m.group() for m in found])
    for m in found:
        if not grounds(m.group()):
            yield "code", m.span(), CONFIDENCE_LABELLED


__all__ = ["CONFIDENCE_LABELLED", "ungrounded_labelled_ids"]

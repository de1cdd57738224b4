"""The detect step: every detector on one evidence index, each cut at the policy's cap.

``Guard.assess`` runs it; a stream runs it on each batch it gates and once more for its
final verdict. Two hooks let the stream avoid running a detector twice over the same text:

- ``produced``: filled with what each detector yielded (``None`` when it raised), before
  the cap is applied, so a caller can keep the findings of sentence-local detectors;
- ``given``: findings to use instead of running a detector (the stream's batches' findings of
  a sentence-local detector, shifted to the whole text). They go through the same cap, so
  what comes out is what running the detector would have given, by that detector's contract
  (``nofab.detectors.base``, ``sentence_local``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING

from nofab.model.finding import Finding
from nofab.model.verdict import DetectorError

if TYPE_CHECKING:
    from nofab.detectors.base import Detector
    from nofab.evidence.index import Evidence


@dataclass(slots=True)
class Detected:
    """What the detectors found on one text, before dedupe."""

    found: list[Finding] = field(default_factory=list)
    errors: list[DetectorError] = field(default_factory=list)
    #: Detectors stopped at the cap (their findings past it were not read).
    capped: list[str] = field(default_factory=list)


def detect(
    detectors: Sequence[Detector],
    evidence: Evidence,
    cap: int,
    failed: Callable[[Detector, Exception], DetectorError],
    *,
    given: Mapping[str, Sequence[Finding]] | None = None,
    produced: dict[str, list[Finding] | None] | None = None,
) -> Detected:
    """Run ``detectors`` on ``evidence``; ``failed`` turns a detector's exception into the
    error reported (it may raise instead, per the policy)."""
    out = Detected()
    for detector in detectors:
        held = given.get(detector.id) if given is not None else None
        if held is not None:
            found = list(held[: cap + 1])
        else:
            try:
                found = list(islice(detector.detect(evidence), cap + 1))
            except Exception as exc:
                if produced is not None:
                    produced[detector.id] = None
                out.errors.append(failed(detector, exc))
                continue
        if produced is not None:
            produced[detector.id] = found
        if len(found) > cap:  # cut at the policy's cap; the caller says so in a note
            found = found[:cap]
            out.capped.append(detector.id)
        out.found.extend(found)
    return out


__all__ = ["Detected", "detect"]

"""A stream's sentence-local findings: what its batches found, reused in its verdict.

A wipe or refuse stream checks every batch of sentences before releasing it, then checks the
whole text for its verdict. A detector that declares itself sentence-local
(``nofab.detectors.base``) gives on the whole text exactly what it gave on the batches,
shifted to where each batch starts, so the verdict takes its findings from the batches' checks
and runs only the other detectors on the whole text.

Principle: reuse only what provably covers the whole text once. The batches must be every piece
of the final text, in order (nothing read past a refusal, no blank batch the gate let through
unchecked that held more than white space), and their checked answers (invisible characters
removed) must join to exactly the final answer, so the shifted spans index it. A detector that
failed on a batch, or stopped at the policy's cap there, is run on the whole text instead, as
is every detector when the answer is past the policy's length limit (the full check cuts it).

Risk: a detector whose declaration is wrong would give the stream a verdict a full check would
not; that is why the declaration is proved per detector (``tests/test_stream_local.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from nofab.language.text import clean_answer
from nofab.model.finding import Finding


class LocalFindings:
    """The findings of the sentence-local detectors on each gated batch, in stream order."""

    def __init__(self, ids: Iterable[str]) -> None:
        self.ids = frozenset(ids)
        #: Per batch: its checked answer, and per local detector its findings (None: failed).
        self._batches: list[tuple[str, dict[str, list[Finding] | None]]] = []
        self._raw_chars = 0

    def __bool__(self) -> bool:
        return bool(self.ids)

    def add(self, raw: str, answer: str, produced: Mapping[str, list[Finding] | None]) -> None:
        """A batch was checked: ``raw`` as the model produced it, ``answer`` as checked."""
        self._raw_chars += len(raw)
        self._batches.append((answer, {i: produced.get(i) for i in self.ids}))

    def skip(self, raw: str) -> None:
        """A batch of white space was released unchecked: local detectors find nothing there
        (their contract), but its length must still shift what follows."""
        self._raw_chars += len(raw)
        nothing: list[Finding] = []
        self._batches.append((clean_answer(raw), dict.fromkeys(self.ids, nothing)))

    def for_text(self, raw: str, answer: str, cap: int) -> dict[str, Sequence[Finding]]:
        """Each local detector's findings on the whole text (``raw`` as produced, ``answer`` as
        checked), for those the batches cover; the others are left out (they run again)."""
        if not self.ids or self._raw_chars != len(raw):
            return {}
        if "".join(answer for answer, _found in self._batches) != answer:
            return {}
        out: dict[str, Sequence[Finding]] = {}
        for detector in self.ids:
            shifted: list[Finding] = []
            offset = 0
            for piece, produced in self._batches:
                found = produced[detector]
                if found is None or len(found) > cap:
                    break  # failed or capped on a batch: run it on the whole text
                shifted.extend(_shift(f, offset) for f in found)
                offset += len(piece)
            else:
                out[detector] = shifted
        return out


def _shift(finding: Finding, offset: int) -> Finding:
    if not offset:
        return finding
    start, end = finding.span
    return replace(finding, span=(start + offset, end + offset))


__all__ = ["LocalFindings"]

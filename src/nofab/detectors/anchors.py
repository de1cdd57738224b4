"""Where a short hex id counts as anchored: in the value of an identifier key, or near a claim verb.

Unanchored short hex ("see commit abc1234") is left alone by the identifiers detector: git
SHAs, ETags and colours would otherwise fire everywhere. The anchor is the context that makes
a 6-16 hex token read as an id the answer presents as real.
"""

from __future__ import annotations

from bisect import bisect_right

from nofab.evidence.index import Evidence
from nofab.language.text import fold

#: How far (characters) a short hex id may sit from a claim verb and still count as anchored.
ANCHOR_WINDOW = 60
_MAX_VALUE = 128  # the longest key value the identifiers detector reads


class Anchors:
    """What anchors a short hex id: the value position of an identifier key, or a claim verb
    within ``ANCHOR_WINDOW`` characters on either side ("I ran 9f2b1e47", "9f2b1e47 is the
    job I ran").

    A verb anchors even where it makes no claim of its own (a question, a negation, a
    reference such as "the job I ran"): the id next to it is still presented as real.
    Both lookups bisect sorted spans, so a hostile answer of a hundred thousand ids next to
    a hundred thousand verbs stays O(n log n); the verb index is built on first need.
    """

    def __init__(self, evidence: Evidence, answer: str, key_spans: list[tuple[int, int, str]]) -> None:
        self._evidence = evidence
        self._answer = answer
        self._keys = sorted(key_spans)
        self._key_starts = [k[0] for k in self._keys]
        self._verb_starts: list[int] | None = None
        # For the verbs sorted by start: the furthest-reaching one among the first i.
        self._reach: list[tuple[int, str]] = []

    def find(self, start: int, end: int) -> tuple[str, str] | None:
        i = bisect_right(self._key_starts, start)
        while i > 0 and self._keys[i - 1][0] >= start - _MAX_VALUE:
            k_start, k_end, key = self._keys[i - 1]
            if k_start <= start and end <= k_end:
                return "short_hex_near_key", key
            i -= 1
        starts = self._verb_index()
        j = bisect_right(starts, end + ANCHOR_WINDOW)
        if j and self._reach[j - 1][0] + ANCHOR_WINDOW >= start:
            return "short_hex_near_verb", self._reach[j - 1][1]
        return None

    def _verb_index(self) -> list[int]:
        if self._verb_starts is None:
            # Every match of the claim patterns, kept or not by the claim finder (whose claims
            # are a subset of these): no need to wait for its clause and negation checks.
            verbs: list[tuple[int, int, str]] = []
            folded = fold(self._answer)
            if len(folded) != len(self._answer):
                folded = self._answer.lower()  # keep offsets exact
            for lang in self._evidence.lexicon.languages:
                for pattern in lang.patterns:
                    verbs.extend(
                        (m.start(), m.end(), self._answer[m.start() : m.end()].strip())
                        for m in pattern.finditer(folded)
                    )
            verbs.sort()
            best = (-(10**9), "")
            for _start, v_end, text in verbs:
                if v_end > best[0]:
                    best = (v_end, text)
                self._reach.append(best)
            self._verb_starts = [v[0] for v in verbs]
        return self._verb_starts


__all__ = ["ANCHOR_WINDOW", "Anchors"]

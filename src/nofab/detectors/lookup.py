"""Many "is this text in the evidence?" questions answered in one pass over the evidence.

``find_token(hay, needle)`` and ``needle in hay`` each scan the evidence, so asking them
for every entity of an answer costs answer x evidence: a 1 MB answer of codes or e-mails
against a tool result that grows with it is quadratic. ``Lookup`` answers the same
questions exactly, in time linear in the evidence plus the occurrences it checks.

The principle: every maximal word run (``\\w+``) of the needle that the needle itself
bounds — a run with a non-word character of the needle on each side, or a needle edge that
the token rule bounds — is a maximal word run of the evidence wherever the needle occurs.
So the evidence's maximal runs are indexed once (only the runs some needle holds), each
needle is anchored on its rarest bounded run, and only the positions of that run are
checked by direct comparison. A needle with a bounded run that the evidence never holds is
answered without looking at the evidence at all.

Risk: an adversarial needle whose every bounded run is frequent in the evidence still pays
one comparison per occurrence of its rarest run (never more than the plain scan would);
a needle with no bounded run (all punctuation, or a one-run substring) falls back to the
plain scan. Results are identical to the plain scan by construction (tests hold this).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# The edge rule is find_token's own, imported so the two can never disagree.
from nofab.language.text import _edge_ok, find_token, is_word_char

_RUN = re.compile(r"\w+")


class Lookup:
    """Which of ``tokens`` occur in ``hay`` as whole tokens (``find_token``), and which of
    ``substrings`` occur in it at all (``in``), computed together."""

    def __init__(self, hay: str, tokens: Iterable[str] = (), substrings: Iterable[str] = ()) -> None:
        self.hay = hay
        token_set = {t for t in tokens if t}
        substring_set = set(substrings)
        anchors: dict[str, list[tuple[str, int]]] = {}  # needle -> bounded runs (text, offset)
        for needle in token_set:
            anchors[needle] = _bounded_runs(needle, token=True)
        wanted: set[str] = {run for runs in anchors.values() for run, _ in runs}
        sub_anchors = {s: _bounded_runs(s, token=False) for s in substring_set}
        wanted.update(run for runs in sub_anchors.values() for run, _ in runs)
        self._positions: dict[str, list[int]] = {}
        if wanted:
            for m in _RUN.finditer(hay):
                run = m.group()
                if run in wanted:
                    self._positions.setdefault(run, []).append(m.start())
        self.tokens = frozenset(t for t, runs in anchors.items() if self._token_in(t, runs))
        self.substrings = frozenset(s for s, runs in sub_anchors.items() if self._substring_in(s, runs))

    def _rarest(self, runs: list[tuple[str, int]]) -> tuple[list[int], int]:
        """Positions of the run the evidence holds least often, and its offset in the needle."""
        best = min(runs, key=lambda r: len(self._positions.get(r[0], ())))
        return self._positions.get(best[0], []), best[1]

    def _token_in(self, needle: str, runs: list[tuple[str, int]]) -> bool:
        if not runs:
            return find_token(self.hay, needle) != -1
        positions, offset = self._rarest(runs)
        n = len(needle)
        check_before = is_word_char(needle[0])
        check_after = is_word_char(needle[-1])
        hay = self.hay
        for p in positions:
            i = p - offset
            if (
                i >= 0
                and hay.startswith(needle, i)
                and (not check_before or _edge_ok(hay, i - 1, -1))
                and (not check_after or _edge_ok(hay, i + n, 1))
            ):
                return True
        return False

    def _substring_in(self, needle: str, runs: list[tuple[str, int]]) -> bool:
        if not runs:
            return needle in self.hay
        positions, offset = self._rarest(runs)
        return any(p >= offset and self.hay.startswith(needle, p - offset) for p in positions)


def _bounded_runs(needle: str, token: bool) -> list[tuple[str, int]]:
    """The word runs of ``needle`` that must be maximal runs of any text holding it: runs
    with a non-word character of the needle on both sides, and (for a whole token, whose
    edges ``find_token`` bounds) runs touching the needle's ends."""
    out: list[tuple[str, int]] = []
    n = len(needle)
    for m in _RUN.finditer(needle):
        start, end = m.span()
        if token or (start > 0 and end < n):
            out.append((m.group(), start))
    return out

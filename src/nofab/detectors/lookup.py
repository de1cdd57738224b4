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

Which run: the evidence's maximal runs are counted first (``Counter`` over ``findall``, in
C), and a needle with runs that must be whole runs of the evidence ("=": every run of a
token, the inner runs of a substring) is anchored on the one the evidence holds least
often; only those runs' positions are then recorded. Choosing before indexing keeps a
megabyte of paths or URLs from recording the positions of "var", "log" and "https" for
every needle. Only a needle with no such run (a substring of one or two runs) is anchored
on its edge runs' first or last characters, the rarest chosen after indexing.

Risk: an adversarial needle whose every bounded run is frequent in the evidence still pays
one comparison per occurrence of its rarest run (never more than the plain scan would);
a needle with no bounded run (all punctuation, or a one-run substring) falls back to the
plain scan. Results are identical to the plain scan by construction (tests hold this).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from nofab.language.text import find_token, is_word_char, token_edge

_RUN = re.compile(r"\w+")


#: How many characters of a needle's edge run key the evidence runs it may be part of.
_EDGE_KEY = 8

# An anchor: (kind, key, offset). "=": a maximal evidence run equal to ``key`` starts at
# needle start + offset. "<": a maximal evidence run starting with ``key`` starts there.
# ">": a maximal evidence run ending with ``key`` ends at needle start + offset.
Anchor = tuple[str, str, int]


class Lookup:
    """Which of ``tokens`` occur in ``hay`` as whole tokens (``find_token``), and which of
    ``substrings`` occur in it at all (``in``), computed together."""

    def __init__(self, hay: str, tokens: Iterable[str] = (), substrings: Iterable[str] = ()) -> None:
        self.hay = hay
        self._counts: Counter[str] | None = None  # counted for the first needle with a whole run
        token_anchors = {t: self._anchors(t, token=True) for t in tokens if t}
        sub_anchors = {s: self._anchors(s, token=False) for s in substrings}
        wanted = {
            (kind, key)
            for found in (*token_anchors.values(), *sub_anchors.values())
            for kind, key, _ in found
        }
        self._positions: dict[tuple[str, str], list[int]] = {}
        if wanted:
            self._index(wanted)
        self.tokens = frozenset(t for t, found in token_anchors.items() if self._token_in(t, found))
        self.substrings = frozenset(s for s, found in sub_anchors.items() if self._substring_in(s, found))

    def _anchors(self, needle: str, token: bool) -> list[Anchor]:
        """The needle's rarest whole-run anchor ("="), or when it has none its edge anchors."""
        runs = _RUN.findall(needle)
        starts_run = not token and is_word_char(needle[:1])  # a substring's edge runs
        ends_run = not token and is_word_char(needle[-1:])
        first, last = int(starts_run), len(runs) - int(ends_run)
        if first >= last:
            # No whole run: at most the two edge runs (what ``_anchors`` gives, read off the
            # runs already found). A needle that is one run has none.
            out: list[Anchor] = []
            if runs and starts_run and not (ends_run and len(runs) == 1):
                out.append((">", runs[0][-_EDGE_KEY:], len(runs[0])))
            if runs and ends_run and not (starts_run and len(runs) == 1):
                out.append(("<", runs[-1][:_EDGE_KEY], len(needle) - len(runs[-1])))
            return out
        if self._counts is None:
            self._counts = Counter(_RUN.findall(self.hay))
        counts = self._counts
        # Counter returns 0 for a run the evidence lacks: that needle is answered at once.
        k = min(range(first, last), key=lambda i: counts[runs[i]])
        for i, m in enumerate(_RUN.finditer(needle)):
            if i == k:
                return [("=", m.group(), m.start())]
        raise AssertionError("unreachable: findall and finditer see the same runs")

    def _index(self, wanted: set[tuple[str, str]]) -> None:
        """One pass over the evidence's maximal runs, keeping the positions of those some
        anchor asks for (whole runs, or their first or last few characters)."""
        exact = {key for kind, key in wanted if kind == "="}
        heads = {len(key) for kind, key in wanted if kind == "<"}
        tails = {len(key) for kind, key in wanted if kind == ">"}
        positions = self._positions
        if not heads and not tails:  # whole runs only (the common case): one test per run
            for m in _RUN.finditer(self.hay):
                if (run := m.group()) in exact:
                    positions.setdefault(("=", run), []).append(m.start())
            return
        for m in _RUN.finditer(self.hay):
            run = m.group()
            if run in exact:
                positions.setdefault(("=", run), []).append(m.start())
            for k in heads:
                if ("<", run[:k]) in wanted and len(run) >= k:
                    positions.setdefault(("<", run[:k]), []).append(m.start())
            for k in tails:
                if (">", run[-k:]) in wanted and len(run) >= k:
                    positions.setdefault((">", run[-k:]), []).append(m.end())

    def _candidates(self, found: list[Anchor]) -> Iterator[int]:
        """Where the needle could start: the positions of its rarest anchor, shifted."""
        kind, key, offset = min(found, key=lambda a: len(self._positions.get(a[:2], ())))
        return (p - offset for p in self._positions.get((kind, key), ()) if p >= offset)

    def _token_in(self, needle: str, found: list[Anchor]) -> bool:
        if not found:
            return find_token(self.hay, needle) != -1
        n = len(needle)
        check_before = is_word_char(needle[0])
        check_after = is_word_char(needle[-1])
        hay = self.hay
        return any(
            hay.startswith(needle, i)
            and (not check_before or token_edge(hay, i - 1, -1))
            and (not check_after or token_edge(hay, i + n, 1))
            for i in self._candidates(found)
        )

    def _substring_in(self, needle: str, found: list[Anchor]) -> bool:
        if not found:
            return needle in self.hay
        return any(self.hay.startswith(needle, i) for i in self._candidates(found))


def _anchors(needle: str, token: bool) -> list[Anchor]:
    """What any text holding ``needle`` must hold around it, run by run.

    A run with a non-word character of the needle on both sides is a maximal run of the
    text ("="). For a whole token (``find_token`` bounds its edges) so are the runs at its
    ends. For a substring, a last run after a non-word character starts a maximal run of
    the text ("<", its first characters the key) and a first run before one ends a maximal
    run (">", its last characters); a needle of a single run has no anchor."""
    out: list[Anchor] = []
    n = len(needle)
    for m in _RUN.finditer(needle):
        start, end = m.span()
        run = m.group()
        if token or (start > 0 and end < n):
            out.append(("=", run, start))
        elif start > 0:
            out.append(("<", run[:_EDGE_KEY], start))
        elif end < n:
            out.append((">", run[-_EDGE_KEY:], end))
    return out

"""A previous value stated beside a changed one: "now has 14 checked bags, up from 6", "14
Koffer statt 6", "14 bagages au lieu de 6", "14 maletas (antes 6)".

Principle: a bare count right after a previous-value cue ("up from", "down from", "instead
of", "statt", "au lieu de", "antes" ...: ``previous_cues`` in ``numbers.json``, five
languages) is the value the field had before the change, and the field is the one the
changed value just before it counts ("14 checked bags" -> bags). Such a value is a fact of
the record before the change, so it is held against the records' counts of that noun as
"6 bags" would be: a previous value no record holds (nor a sum or difference of held counts)
is a finding.

Risk: a previous value the records never held because the tool returned only the new state
(no read before the change) is flagged when its number is not elsewhere in the turn (the
usual count check's said-counts still excuse a value the user or a source states); a cue
word used otherwise ("contra" as "against") before a bare count in a sentence that also
holds a counted value.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache

from nofab.numbers.lexicon import alternation, listed
from nofab.numbers.nouns import bound_concept
from nofab.numbers.numeral import Numeral

#: How many characters before the previous value the changed value may end.
REACH = 40


@cache
def _cue() -> re.Pattern[str]:
    words = alternation(tuple(w.lower() for w in listed("previous_cues")))
    return re.compile(rf"(?<![^\W\d_])(?:{words})[\s(*_:]*$", re.IGNORECASE)


def previous_concept(answer: str, numerals: Sequence[Numeral], span: tuple[int, int]) -> str | None:
    """The counted noun of the changed value whose previous value is the count at ``span``
    ("14 bags, up from **6**" -> "bag"), or None when no cue or no counted value precedes."""
    before = answer[max(0, span[0] - REACH) : span[0]]
    cue = _cue().search(before)
    if cue is None:
        return None
    cue_start = span[0] - len(before) + cue.start()
    # the numerals are in answer order: the last one before the cue, found by bisection (a
    # long answer of many such counts stays linear)
    at = bisect_left(numerals, cue_start, key=lambda n: n.span[1])
    changed = numerals[at - 1] if at else None
    if (
        changed is None
        or changed.kind != "number"
        or re.search(r"[.;:!?\n]", answer[changed.span[1] : cue_start])
    ):
        return None
    return bound_concept(answer, changed.span[1])


__all__ = ["previous_concept"]

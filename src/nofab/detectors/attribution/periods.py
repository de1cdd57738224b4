"""Period scope: a figure whose clause names a period is that period's figure.

"The Spurs scored 42 points in the third quarter", "Smith had 19 points in the first half":
the period phrase after the figure's field phrase narrows the figure to that period. A
record that holds the period's field of the same statistic (``TEAM-PTS_QTR3`` refines
``TEAM-PTS``: a team's quarter or half scores) is checked against that field instead of its
game total; a record that does not (a player's points in one half,
a team's shooting in one quarter) holds nothing the figure could be checked against, so the
figure is not reported at all rather than read against the whole game's total.

The period phrases are the profile's own cross-record period labels (``in the first quarter``
= ``TEAM-PTS_QTR1/TEAM-PTS_QTR1``), so no new words are needed and a profile without them is
unaffected.

Risk: a wrong figure about a period the record does not split ("Smith had 30 points in the
first half" when he scored 8 in the game) is missed; and a phrase after the figure that
names a period for another reason ("20 points, his most since the first half of the
season") drops a check — the phrase must follow within ``REACH`` tokens of the number, in
its clause (no comma, no other number in between).
"""

from __future__ import annotations

from collections.abc import Sequence

from nofab.detectors.attribution.fields import field_after
from nofab.detectors.attribution.vocabulary import Vocabulary
from nofab.language.sentences import Token

#: The period phrase must start within this many tokens after the number.
REACH = 6
#: These end the clause a period phrase can scope a figure in.
_CLAUSE_ENDS = frozenset(",;:()")


def period_after(vocabulary: Vocabulary, tokens: Sequence[Token], i: int) -> list[str]:
    """The period fields (``TEAM-PTS_QTR3``) named in the clause just after the number at ``i``."""
    sentence = tokens[i].sentence
    for k in range(i + 1, min(len(tokens), i + 1 + REACH)):
        text = tokens[k].text
        if tokens[k].sentence != sentence or text in _CLAUSE_ENDS or (k > i + 1 and text[0].isdigit()):
            break
        across = period_fields(vocabulary, tokens, k)
        if across:
            return across
    return []


def period_fields(vocabulary: Vocabulary, tokens: Sequence[Token], k: int) -> list[str]:
    """The fields of a period phrase at token ``k`` ("in the third quarter"): a field written
    "X/X" in the profile is one held per period; [] when no such phrase starts there."""
    fields, _end = field_after(vocabulary, tokens, k, multiword=True)
    return [f.split("/", 1)[0] for f in fields if "/" in f and len(set(f.split("/", 1))) == 1]


__all__ = ["REACH", "period_after", "period_fields"]

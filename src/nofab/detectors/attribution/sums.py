"""Group totals: "A and B combined for 31 points" is the sum of A's and B's figures.

A sum word (``rules.attribution.sum_words``: "combined", "combine") after two or more names
makes the figure a total over those records, not one record's value and not necessarily a
figure of other occasions. When the named records' values of the field add up to the figure,
it is a true statement about this occasion and gives no finding; otherwise it is read as
before (a skip word: a figure beyond these records, reported as unverified).

The sum word stands between the names and the number (within ``_REACH`` tokens before it).
The names taken are the nearest ones before the number in its sentence, two or more in a
row counted back from the number ("A, B and C combined for 40": C+B, then C+B+A), each
naming one record that holds the field.

Risk: a wrong figure that happens to equal the sum of the last few names' values is
excused; with two or more records summed, such a coincidence is rare. A sum word after a
single name ("he has combined for 50 points over two games") is never read as a group total;
a sum word after the figure ("34 points combined") is not read, so such a true total stays
reported as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.values import same
from nofab.detectors.attribution.vocabulary import Vocabulary
from nofab.evidence.records import Record
from nofab.language.sentences import Token

#: The sum word must stand this close before the number.
_REACH = 12


def _has_sum_word(vocabulary: Vocabulary, tokens: Sequence[Token], start: int, i: int) -> bool:
    return any(tokens[k].text.casefold() in vocabulary.sum_words for k in range(max(0, start), i))


def group_total(
    vocabulary: Vocabulary,
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    records: Sequence[Record],
    i: int,
    value: float,
    fields: Sequence[str],
) -> bool:
    """Is the number at token ``i`` the sum of the last two or more records named before it?"""
    if not vocabulary.sum_words or not fields:
        return False
    sentence = tokens[i].sentence
    named: list[Record] = []
    seen: set[frozenset[int]] = set()
    for mention in reversed([m for m in mentions if m.last < i and tokens[m.last].sentence == sentence]):
        if len(mention.records) != 1 or mention.records in seen:
            continue
        seen.add(mention.records)
        named.append(records[next(iter(mention.records))])
    if len(named) < 2 or not _has_sum_word(vocabulary, tokens, i - _REACH, i):
        return False
    for name in fields:
        total = 0.0
        for count, record in enumerate(named, start=1):
            own = record.number(name)
            if own is None:
                break
            total += own
            if count >= 2 and same(total, value):
                return True
    return False


__all__ = ["group_total"]

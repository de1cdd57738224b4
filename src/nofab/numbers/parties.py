"""A party's size as its own members state it: "7 of us", "we're a family of 5", "somos 4",
"nous sommes 3", "wir sind 6".

Principle: a user who says how many they are has stated a count of people, as surely as
"7 passengers" would; an answer that restates it with a noun for people ("7 travelers",
"6 guests") repeats the user's figure and is grounded by it, whatever a record counts (a
profile's empty list of saved passengers is no party). The phrases are lexicon data
(``party_sizes`` in ``numbers.json``, five languages; ``{n}`` stands for the count, in
digits or as a number word), matched as whole words in any source.

Risk: a size said in another sense ("a group of 4 flights", "we are 2 days late") grounds a
count of people of the same value; the figure was said in the conversation, so only the
check that it counted people is lost.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from nofab.numbers.lexicon import by_language, number_words

#: A stated size larger than this is no party a phrase of this kind states.
MAX_SIZE = 99


@cache
def _pattern() -> tuple[re.Pattern[str], dict[str, int]]:
    table = {w.lower(): n for w, n in number_words().number_words.items() if 1 < n <= MAX_SIZE}
    words = "|".join(sorted((re.escape(w) for w in table), key=len, reverse=True))
    count = rf"(?P<n>\d{{1,2}}|{words})"
    phrases = sorted(
        {str(p).lower() for ps in by_language("party_sizes").values() for p in ps}, key=len, reverse=True
    )
    alternatives = "|".join(
        re.escape(p).replace(re.escape("{n}"), count).replace(r"\ ", r"\s+") for p in phrases
    )
    # each alternative names its own count group: rename them apart for one pattern
    numbered = iter(range(len(phrases)))
    alternatives = re.sub(r"\(\?P<n>", lambda _m: f"(?P<n{next(numbered)}>", alternatives)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE), table


#: Texts whose party sizes are kept: every turn of a conversation reads the same sources (the
#: policy context above all, some ten thousand characters that the pattern, which opens with a
#: look-behind and ignores case, tries at every character: half a millisecond a read).
_TEXTS_KEPT = 64


@lru_cache(maxsize=_TEXTS_KEPT)
def party_sizes(text: str) -> frozenset[int]:
    """The party sizes ``text`` states ("7 of us", "somos cuatro"), read once per text (a pure
    reading of the text: kept, it answers what a new read would)."""
    pattern, table = _pattern()
    out: set[int] = set()
    for found in pattern.finditer(text):
        said = next(g for g in found.groups() if g is not None).lower()
        size = int(said) if said.isdigit() else table.get(said)
        if size is not None and 1 < size <= MAX_SIZE:
            out.add(size)
    return frozenset(out)


__all__ = ["party_sizes"]

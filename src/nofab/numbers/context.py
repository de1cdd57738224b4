"""What the words around a number in an answer say about it: an approximation ("about 120"),
arithmetic the answer announces ("$201 remaining"), a masked identifier ("card ending in
1234"), the counts the turn mentions ("2 passengers", "three bags").

The words are lexicon data (``numbers.json``, five languages); each test looks at a bounded
stretch of text around the number, so its cost never grows with the answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nofab.numbers.extract import Numeral
from nofab.numbers.lexicon import alternation, number_words

_WORDS = number_words()
_APPROX_BEFORE = re.compile(
    rf"(?:(?<![^\W\d_])(?:{alternation(_WORDS.approximations)})|~|≈)\s*[$€£¥₹]?$", re.IGNORECASE
)
_CUE = re.compile(rf"(?<![^\W\d_])(?:{alternation(_WORDS.cues)})(?![^\W\d_])", re.IGNORECASE)
_MASKED_BEFORE = re.compile(
    rf"(?:(?<![^\W\d_])(?:{alternation(_WORDS.masked)})\s*(?:[:#]|is|are|es|est|ist|é)?\s*"
    r"|[*•xX#]{2,}[\s-]?)$",
    re.IGNORECASE,
)
_COUNT_WORD = re.compile(rf"(?<![^\W\d_])(?:{alternation(_WORDS.number_words)})(?![^\W\d_])", re.IGNORECASE)
_SMALL_DIGIT = re.compile(r"(?<![\d.])[2-9](?![\d.])")

#: How far before and after a number its clause is read for an arithmetic cue.
CUE_BEFORE = 80
CUE_AFTER = 50


def approximate_before(answer: str, start: int) -> bool:
    """Does an approximation word or sign ("about", "~", "environ", "etwa") lead the number?"""
    return _APPROX_BEFORE.search(answer, max(0, start - 20), start) is not None


def cue_near(answer: str, span: tuple[int, int]) -> bool:
    """Does the number's clause announce arithmetic (remaining, left, difference, refund,
    total ... in five languages)? Read within a few words either side, never across a
    paragraph break."""
    lo = max(0, span[0] - CUE_BEFORE)
    hi = min(len(answer), span[1] + CUE_AFTER)
    before = answer.rfind("\n\n", lo, span[0])
    if before != -1:
        lo = before
    after = answer.find("\n\n", span[1], hi)
    if after != -1:
        hi = after
    return _CUE.search(answer, lo, hi) is not None


def masked_before(answer: str, start: int) -> bool:
    """Is the number the visible end of a masked identifier: "ending in 1234", "****1234",
    "last four digits: 1234", "terminada en 1234"?"""
    return _MASKED_BEFORE.search(answer, max(0, start - 40), start) is not None


def counts_mentioned(texts: Iterable[str], numerals: Iterable[Numeral]) -> set[int]:
    """Small counts (2-9) the user or the answer mentions, as digits or words: the only
    factors a loose multiple may use."""
    found = {
        int(n.value) for n in numerals if n.kind == "number" and n.decimals == 0 and 2 <= abs(n.value) <= 9
    }
    for text in texts:
        found.update(_WORDS.number_words[m.group().lower()] for m in _COUNT_WORD.finditer(text))
        found.update(int(d) for d in _SMALL_DIGIT.findall(text))
    return {k for k in found if 2 <= k <= 9}


__all__ = ["approximate_before", "counts_mentioned", "cue_near", "masked_before"]

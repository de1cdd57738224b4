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
from nofab.numbers.lexicon import number_words

_WORDS = number_words()


def _phrases(words: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(w.lower().split()) for w in words)


_APPROX = _phrases(tuple(w.rstrip(".") for w in _WORDS.approximations))
_CUES = _phrases(_WORDS.cues)
_CUE_FIRST = frozenset(p[0] for p in _CUES if p)
_MASKS = _phrases(_WORDS.masked)
_PER_UNIT = _phrases(_WORDS.per_unit)
_APPROX_LAST = frozenset(p[-1] for p in _APPROX if p)
_MASK_LAST = frozenset(p[-1] for p in _MASKS if p)
_LONGEST = max(len(p) for p in _APPROX | _CUES | _MASKS | _PER_UNIT)
#: Short words allowed between a masked-id phrase and its digits ("ending in: 1234").
_LINKS = frozenset({":", "#", "is", "are", "es", "est", "ist", "é"})
_LINKS_OR_NONE = _LINKS | {""}
_TOKEN = re.compile(r"[^\W_]+|[:#~≈]")
_WORD_OR_MARK = re.compile(r"[^\W\d_]+|[^\s]")
#: A run of letters: a count word ("three", "tres", "drei") is a whole one.
_LETTERS = re.compile(r"[^\W\d_]+")
_SMALL_DIGIT = re.compile(r"(?<![\d.])[2-9](?![\d.])")
_MASK_CHARS = frozenset("*•xX#")

#: How far before and after a number its clause is read for an arithmetic cue.
CUE_BEFORE = 80
CUE_AFTER = 50


def _ends_with(words: list[str], phrases: frozenset[tuple[str, ...]]) -> bool:
    return any(tuple(words[len(words) - k :]) in phrases for k in range(1, min(len(words), _LONGEST) + 1))


class AnswerContext:
    """The words around the numbers of one answer.

    Each question looks at a bounded stretch of text next to one number (a few dozen
    characters) and compares its words with the lexicon's phrase sets, so its cost never
    grows with the answer's length.
    """

    __slots__ = ("_answer",)

    def __init__(self, answer: str) -> None:
        self._answer = answer

    def _words_before(self, start: int, chars: int = 40) -> list[str]:
        return _TOKEN.findall(self._answer[max(0, start - chars) : start].lower())

    def approximate(self, start: int) -> bool:
        """Does an approximation word or sign ("about", "~", "environ", "etwa") lead the
        number starting at ``start``?"""
        before = self._answer[max(0, start - 24) : start].rstrip(" $€£¥₹")
        if before.endswith(("~", "≈")):
            return True
        if not before[-1:].isalpha() and not before.endswith("."):
            return False
        last = before.rsplit(None, 1)[-1].strip(".").lower()
        if last not in _APPROX_LAST:
            return False  # the cheap test: no approximation phrase ends with this word
        if (last,) in _APPROX and last.isalnum():
            return True  # a one-word phrase ("about"): the last token of the words before is it
        return _ends_with(self._words_before(len(before) + max(0, start - 24)), _APPROX)

    def masked(self, start: int) -> bool:
        """Is the number the visible end of a masked identifier: "ending in 1234",
        "****1234", "last four digits: 1234", "terminada en 1234"?"""
        before = self._answer[max(0, start - 8) : start].rstrip(" -")
        if len(before) >= 2 and before[-1] in _MASK_CHARS and before[-2] in _MASK_CHARS:
            return True
        # the last two words only (the one before a link word such as "is"), lower-cased
        tail = [w.lower() for w in self._answer[max(0, start - 40) : start].rsplit(None, 2)[-2:]]
        if tail and tail[-1].strip(":#") in _LINKS_OR_NONE:
            tail.pop()
        if not tail or tail[-1].strip(":#,.") not in _MASK_LAST:
            return False  # the cheap test: no masked-id phrase ends with this word
        words = self._words_before(start)
        if words and words[-1] in _LINKS:
            words.pop()
        return bool(words) and _ends_with(words, _MASKS)

    def per_unit(self, end: int) -> bool:
        """Is the amount ending at ``end`` stated per unit ("$30 per passenger", "€5 each",
        "20 $ par personne", "$30/person")?"""
        after = self._answer[end : end + 24]
        if after.lstrip()[:1] == "/":
            return True
        words = _WORD_OR_MARK.findall(after.lower())[:_LONGEST]  # "(" or a digit stops it
        return any(tuple(words[:k]) in _PER_UNIT for k in range(1, len(words) + 1))

    def cue(self, span: tuple[int, int]) -> bool:
        """Does the number's clause announce arithmetic (remaining, left, difference, refund,
        total ... in five languages)? Read within a few words either side, never across a
        paragraph break."""
        answer = self._answer
        lo = max(0, span[0] - CUE_BEFORE)
        hi = min(len(answer), span[1] + CUE_AFTER)
        brk = answer.rfind("\n\n", lo, span[0])
        lo = brk if brk != -1 else lo
        brk = answer.find("\n\n", span[1], hi)
        hi = brk if brk != -1 else hi
        words = _TOKEN.findall(answer[lo:hi].lower())
        if _CUE_FIRST.isdisjoint(words):
            return False  # most clauses: no word that starts a cue phrase (one set operation)
        for i in range(len(words)):
            if words[i] not in _CUE_FIRST:
                continue  # no cue phrase starts with this word
            for k in range(1, _LONGEST + 1):
                if tuple(words[i : i + k]) in _CUES:
                    return True
        return False


def counts_mentioned(texts: Iterable[str], numerals: Iterable[Numeral]) -> set[int]:
    """Small counts (2-9) the user or the answer mentions, as digits or words: the only
    factors a loose multiple may use."""
    found = {
        int(n.value) for n in numerals if n.kind == "number" and n.decimals == 0 and 2 <= abs(n.value) <= 9
    }
    for text in texts:
        # Each distinct word or digit is converted once: an answer dense with numbers holds
        # a lone small digit every few characters, and converting each was most of the cost.
        # Whole letter runs looked up in the lexicon: a regex of the words themselves, led
        # by a look-behind, was tried at every position and cost five times as much.
        spelled = {w.lower() for w in set(_LETTERS.findall(text))}
        found.update(_WORDS.number_words[w] for w in spelled if w in _WORDS.number_words)
        found.update(map(int, set(_SMALL_DIGIT.findall(text))))
    return {k for k in found if 2 <= k <= 9}


__all__ = ["AnswerContext", "counts_mentioned"]

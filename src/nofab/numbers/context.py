"""What the words around a number in an answer say about it: an approximation ("about 120"),
arithmetic the answer announces ("$201 remaining"), a masked identifier ("card ending in
1234"), the counts the turn mentions ("2 passengers", "three bags").

The words are lexicon data (``numbers.json``, five languages); each test looks at a bounded
stretch of text around the number, so its cost never grows with the answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from nofab.language.markup import MAX_SPAN
from nofab.numbers.extract import Numeral
from nofab.numbers.hourlengths import may_be_measured
from nofab.numbers.lexicon import alternation, ascii_runs, by_language, listed, number_words

_WORDS = number_words()


@cache
def _after() -> re.Pattern[str]:
    """An approximation word after a number and at most its unit (a sign or a short word)."""
    words = alternation(tuple(w.lower() for w in listed("approximations_after")))
    return re.compile(
        rf"\s*(?:[°º]\s?[CF]\b|[%€$£¥]|[^\W\d_]{{1,12}}\.?)?\s*,?\s*(?:{words})(?![^\W\d_])",
        re.IGNORECASE,
    )


def _phrases(words: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(w.lower().split()) for w in words)


_APPROX = _phrases(tuple(w.rstrip(".") for w in _WORDS.approximations))
_CUES = _phrases(_WORDS.cues)
_CUE_FIRST = frozenset(p[0] for p in _CUES if p)
_MASKS = _phrases(_WORDS.masked)
_PER_UNIT = _phrases(_WORDS.per_unit)
_PER_UNIT_FIRST = frozenset(p[0] for p in _PER_UNIT if p)
_PER_UNIT_BEFORE = _phrases(tuple(w for words in by_language("per_unit_before").values() for w in words))
#: How far back the clause of an amount is read for a per-unit subject, and what ends it.
_CLAUSE_REACH = 60
_CLAUSE_END = re.compile(r"[.,;:!?\n]")
_APPROX_LAST = frozenset(p[-1] for p in _APPROX if p)
_MASK_LAST = frozenset(p[-1] for p in _MASKS if p)
_LONGEST = max(len(p) for p in _APPROX | _CUES | _MASKS | _PER_UNIT)
#: Short words allowed between a masked-id phrase and its digits ("ending in: 1234").
_LINKS = frozenset({":", "#", "is", "are", "es", "est", "ist", "é"})
_LINKS_OR_NONE = _LINKS | {""}
#: An answer at least this long is read once for the phrases below before any number asks
#: (on a short answer the few questions cost less than the read).
_GATED = 2000
_OPEN = (True, True, True, True, True, True)


def _longest_words(phrases: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    """The longest word of each phrase: a phrase stands in a text only where that word does."""
    return tuple(sorted({max(p, key=len) for p in phrases if p}))


#: An answer at least this long is asked through its runs of letters (``_Holds``); below
#: it, each word's search of the answer costs less.
_RUNS_FROM = 20_000


class _Holds:
    """Which words stand in an ASCII answer, lower-cased (``w in lowered``), for some two
    hundred phrase words at once. A word of ASCII letters stands in the text exactly where it
    stands inside one of its maximal runs of letters (``lexicon.ascii_runs``: one pass, in C,
    shared with the other gates of the answer), so a long answer that repeats few distinct
    runs (an answer dense with numbers and labels) is asked through their set, and searched
    once per word otherwise: the same answer either way, at a cost that does not grow with
    the answer times the words."""

    __slots__ = ("_lowered", "_runs")

    def __init__(self, answer: str, lowered: str) -> None:
        self._lowered = lowered
        runs = ascii_runs(answer) if len(answer) >= _RUNS_FROM else None
        # through the runs only while they cost less than the scans (about 80 characters
        # searched per run tried, measured)
        self._runs = runs if runs is not None and 80 * len(runs) < len(answer) else None

    def any(self, words: Iterable[str]) -> bool:
        runs, lowered = self._runs, self._lowered
        if runs is None:
            return any(w in lowered for w in words)
        return any(
            any(w.encode() in run for run in runs) if w.isascii() and w.isalpha() else w in lowered
            for w in words
        )


#: The longest word of each approximation phrase before a number, of each one after it
#: (``approximations_after``: spaces match any white space there, so its words are apart),
#: of each masked-id phrase, of each per-unit phrase after an amount, of each arithmetic cue
#: and of each per-unit subject before an amount.
_APPROX_WORDS = _longest_words(_APPROX)
_AFTER_WORDS = _longest_words(tuple(w.lower().split()) for w in listed("approximations_after"))
_MASK_WORDS = _longest_words(_MASKS)
_PER_UNIT_WORDS = _longest_words(_PER_UNIT)
_CUE_WORDS = _longest_words(_CUES)
_PER_UNIT_BEFORE_WORDS = _longest_words(_PER_UNIT_BEFORE)
_TOKEN = re.compile(r"[^\W_]+|[:#~≈]")
_WORD_OR_MARK = re.compile(r"[^\W\d_]+|[^\s]")
#: Words that may not stand for the amount's noun before a per-unit phrase: "$400 in total
#: for each of you", "$90 and each ...", "$30 or a night" join other things.
_NOT_NOUNS = frozenset(
    {"in", "and", "or", "for", "to", "y", "o", "et", "ou", "und", "oder", "e", "total", "en", "de"}
)
#: A run of letters: a count word ("three", "tres", "drei") is a whole one.
_LETTERS = re.compile(r"[^\W\d_]+")
_SMALL_DIGIT = re.compile(r"(?<![\d.])[2-9](?![\d.])")
_MASK_CHARS = frozenset("*•xX#")
_MASK_RUN = "".join(sorted(_MASK_CHARS))
_NO_EMPHASIS = str.maketrans("*_", "  ")
_STARS = re.compile(r"\*+")
_SIGNS = "$€£¥₹"
#: The digits of a number and the word or sign right after them ("14 €", "14 EUR", "14 euros").
_AFTER_DIGITS = re.compile(rf"[\d.,]*\s?([^\W\d_]+|[{_SIGNS}])(?!\d)")

#: How far before and after a number its clause is read for an arithmetic cue.
CUE_BEFORE = 80
CUE_AFTER = 50


def _emphasis(text: str, at: int, run: int) -> bool:
    """Is the run of ``run`` stars ending at ``at`` a markdown emphasis marker: one to three
    stars (bold, italic, both) that another run of exactly that length pairs with on the same
    line (read at most ``MAX_SPAN`` characters either way)? Four or more stars are a mask."""
    if run > 3:
        return False
    lo = text.rfind("\n", max(0, at - run - MAX_SPAN), at - run) + 1 or max(0, at - run - MAX_SPAN)
    hi = text.find("\n", at, at + MAX_SPAN)
    line = text[lo : hi if hi != -1 else at + MAX_SPAN]
    return sum(1 for m in _STARS.finditer(line) if len(m.group()) == run) >= 2


def _masked_chars(text: str, start: int) -> bool:
    """Do two or more mask characters ("****", "••••", "XXXX") stand directly before
    ``start`` (spaces and hyphens between allowed), emphasis markers set aside?"""
    lo = max(0, start - 12)
    before = text[lo:start].rstrip(" -")
    if not before or before[-1] not in _MASK_CHARS:
        return False  # most numbers: no mask character before them
    stars = len(before) - len(before.rstrip("*"))
    if stars and _emphasis(text, lo + len(before), stars):
        before = before[:-stars].rstrip(" -")
    # "#" masks only inside a run of other mask characters ("##1234" is not written by
    # agents; "**1234" and "•••• 1234" are): a "#" right before the digits is an ordinal sign
    # ("#3", "order #4412", "box#3") and a run of "#" alone a heading marker ("## 2024
    # trips"), never a mask. Risk: a mask that ends in "#" is missed (its digits are then
    # checked as a number: a finding, never a false grounding).
    run = before[len(before.rstrip(_MASK_RUN)) :]
    return len(run) >= 2 and run[-1] != "#"


def _ends_with(words: list[str], phrases: frozenset[tuple[str, ...]]) -> bool:
    return any(tuple(words[len(words) - k :]) in phrases for k in range(1, min(len(words), _LONGEST) + 1))


class AnswerContext:
    """The words around the numbers of one answer.

    Each question looks at a bounded stretch of text next to one number (a few dozen
    characters) and compares its words with the lexicon's phrase sets, so its cost never
    grows with the answer's length.
    """

    __slots__ = ("_answer", "_cue", "_may", "_measured", "_per_unit")

    def __init__(self, answer: str) -> None:
        self._answer = answer
        #: (approximation before, after, masked id, per unit, cue, per-unit subject) each
        #: possible somewhere in the answer; a short answer asks every number (no read)
        self._may: tuple[bool, bool, bool, bool, bool, bool] | None = _OPEN if len(answer) < _GATED else None
        #: ``per_unit`` by end: several readings ask it of the same amount (a memo: the
        #: answer does not change)
        self._per_unit: dict[int, bool] = {}
        #: ``cue`` by span, for the same reason (four readings ask it of one number)
        self._cue: dict[tuple[int, int], bool] = {}
        self._measured: bool | None = None  # ``measured``, read at its first question

    def measured(self) -> bool:
        """May some number of the answer have a unit or be an "N h MM"
        (``hourlengths.may_be_measured``, one search per answer)?"""
        if self._measured is None:
            self._measured = may_be_measured(self._answer)
        return self._measured

    def _possible(self) -> tuple[bool, bool, bool, bool, bool, bool]:
        """May an approximation phrase before a number, one after a number, a masked-id
        phrase or mask character, a per-unit phrase or "/", an arithmetic cue, a per-unit
        subject stand anywhere in the answer?
        Read once for a long answer, so that an answer dense with numbers and free of such
        words asks nothing per number.

        Exact: each test below finds a phrase only in words of the text it reads, lower-cased
        (or, after a number, matched ignoring case), so the phrase's longest word is then in
        the whole answer lower-cased. Only for ASCII text, where lower-casing a slice and
        slicing the lower-cased answer agree and case folding maps no other letter to an
        ASCII one ("ſ", the Kelvin sign); any other answer reads each number as before."""
        if self._may is None:
            answer = self._answer
            if len(answer) < _GATED or not answer.isascii():
                self._may = _OPEN
            else:
                holds = _Holds(answer, answer.lower())
                self._may = (
                    "~" in answer or holds.any(_APPROX_WORDS),
                    holds.any(_AFTER_WORDS),
                    any(c in answer for c in _MASK_CHARS) or holds.any(_MASK_WORDS),
                    "/" in answer or holds.any(_PER_UNIT_WORDS),
                    holds.any(_CUE_WORDS),
                    holds.any(_PER_UNIT_BEFORE_WORDS),
                )
        return self._may

    def _words_before(self, start: int, chars: int = 40) -> list[str]:
        return _TOKEN.findall(self._answer[max(0, start - chars) : start].lower())

    def approximate(self, start: int) -> bool:
        """Does an approximation word or sign ("about", "~", "environ", "etwa") lead the
        number starting at ``start``? Markdown emphasis between them is transparent ("about
        **$1,290**", "environ _40 €_"): it styles the number, it does not end the phrase."""
        if not (self._may or self._possible())[0]:
            return False
        before = self._answer[max(0, start - 24) : start].rstrip(" $€£¥₹*_")
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

    def approximate_after(self, end: int) -> bool:
        """Does an approximation word follow the number ending at ``end``, after at most its
        unit ("175 °C environ", "20 minutes or so", "3 Stunden ungefähr")?
        (``approximations_after`` in ``numbers.json``.)"""
        return (self._may or self._possible())[1] and _after().match(self._answer, end, end + 40) is not None

    def masked(self, start: int) -> bool:
        """Is the number the visible end of a masked identifier: "ending in 1234",
        "****1234", "last four digits: 1234", "terminada en 1234"?

        Principle: only digits written as an identifier's end are read so — mask
        characters directly before them, or a masked-id phrase. Markdown emphasis
        ("**$14 cheaper**", "**Refund:** 14") is no mask, and an amount of money ("$14",
        "14 €", "14 EUR") is never an identifier. Risk: a mask of one to three stars
        that another run of the same length on its line happens to pair with reads as
        emphasis, and those digits are then checked as a number (a finding, never a
        false grounding)."""
        if not (self._may or self._possible())[2]:
            return False
        if _masked_chars(self._answer, start):
            return not self._money(start)
        # the last two words only (the one before a link word such as "is"), lower-cased,
        # emphasis markers read as the spaces ``language.markup`` makes of them
        window = self._answer[max(0, start - 40) : start]
        if "*" in window or "_" in window:
            window = window.translate(_NO_EMPHASIS)
        tail = [w.lower() for w in window.rsplit(None, 2)[-2:]]
        if tail and tail[-1].strip(":#") in _LINKS_OR_NONE:
            tail.pop()
        if not tail or tail[-1].strip(":#,.") not in _MASK_LAST:
            return False  # the cheap test: no masked-id phrase ends with this word
        words = self._words_before(start)
        if words and words[-1] in _LINKS:
            words.pop()
        return bool(words) and _ends_with(words, _MASKS) and not self._money(start)

    def _money(self, start: int) -> bool:
        """Is the number starting at ``start`` written as money: a currency sign or code
        right before it ("$14", "EUR 14") or right after its digits ("14 €", "14 euros")?"""
        answer = self._answer
        before = answer[max(0, start - 5) : start + 1].rstrip(" 0123456789")
        if before[-1:] in _SIGNS:
            return True
        words = before.split()
        if words and words[-1].lower() in _WORDS.currencies:
            return True
        after = _AFTER_DIGITS.match(answer, start, start + 24)
        return after is not None and after.group(1).lower() in _WORDS.currencies | set(_SIGNS)

    def may_be_per_unit(self) -> bool:
        """May some amount of the answer be stated per unit ("$30 per passenger", "each of
        you gets $40")? False only when no per-unit phrase or subject stands anywhere in it,
        so ``per_unit`` and ``per_unit_before`` are False for every number."""
        possible = self._possible()
        return possible[3] or possible[5]

    def per_unit(self, end: int) -> bool:
        """Is the amount ending at ``end`` stated per unit ("$30 per passenger", "€5 each",
        "20 $ par personne", "$30/person")?"""
        found = self._per_unit.get(end)
        if found is None and not (self._may or self._possible())[3]:
            return False
        if found is None:
            found = self._per_unit[end] = self._read_per_unit(end)
        return found

    def _read_per_unit(self, end: int) -> bool:
        after = self._answer[end : end + 40]
        if after.lstrip()[:1] == "/":
            return True
        lowered = after.lower()
        first = _WORD_OR_MARK.search(lowered)
        if first is None:
            return False
        words = _WORD_OR_MARK.findall(lowered)[: _LONGEST + 1]  # "(" or a digit stops it
        if first.group() not in _PER_UNIT_FIRST:
            # the noun that says what the amount is may stand between ("$6.58 rise per
            # share", "a $35 fee per bag"): one lower-case word, then the phrase. Risk: a
            # whole amount whose next word leads into a per phrase ("$400 booking per couple"
            # said of a total) reads as a rate; joining words are excluded (``_NOT_NOUNS``)
            if not (first.group().isalpha() and len(words) > 1 and words[1] in _PER_UNIT_FIRST):
                return False  # most amounts: no per-unit phrase starts after them
            if first.group() in _NOT_NOUNS:
                return False
            words = words[1:]
        return any(tuple(words[:k]) in _PER_UNIT for k in range(1, len(words) + 1))

    def per_unit_before(self, start: int) -> bool:
        """Does the clause before the amount starting at ``start`` have a per-unit subject
        ("each of you gets $40", "cada um fica com R$ 40", "chacun paie 40 €")?

        Principle: the subject says the amount is a share per unit as "each" after it does.
        Risk: a clause whose subject is each person but whose amount is a whole ("each of
        you is on the $400 booking") may be read as a split when it equals one."""
        if not (self._may or self._possible())[5]:
            return False
        lo = max(0, start - _CLAUSE_REACH)
        stop = max((m.end() for m in _CLAUSE_END.finditer(self._answer, lo, start)), default=lo)
        words = _TOKEN.findall(self._answer[stop:start].lower())
        return any(tuple(words[i : i + k]) in _PER_UNIT_BEFORE for i in range(len(words)) for k in (1, 2, 3))

    def cue(self, span: tuple[int, int]) -> bool:
        """Does the number's clause announce arithmetic (remaining, left, difference, refund,
        total ... in five languages)? Read within a few words either side, never across a
        paragraph break."""
        found = self._cue.get(span)
        if found is None and not (self._may or self._possible())[4]:
            return False
        if found is None:
            found = self._cue[span] = self._read_cue(span)
        return found

    def _read_cue(self, span: tuple[int, int]) -> bool:
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

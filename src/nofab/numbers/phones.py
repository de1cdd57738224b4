"""Phone numbers written with their digits grouped another way than the evidence groups them.

Principle: a phone number is one identifier whatever its separators: "(614) 555-0182",
"614-555-0182", "614.555.0182" and "6145550182" are the same number, and so are "+49 171
2345678" and "0171 2345678" (a country code or a trunk zero before the same subscriber
digits). The answer's number is grounded when its digit sequence, seven digits or more,
equals one the evidence writes, up to a leading country code of one to three digits or
trunk zeros; every numeral inside it is then explained.

Risk: an answer that swaps the country code of a held number, or prefixes one that the
evidence does not hold, passes; a changed subscriber digit never does (the sequences differ).
The evidence text is read only when the answer writes a phone-like run, so the cost is nil
on the turns without one. A bracketed or "+"-coded run the evidence does not write is one
unsupported identifier (``HeldPhones.unheld``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from nofab.numbers.bars import CONFIDENCE
from nofab.numbers.numeral import Numeral

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.passes import Pending

#: Digit groups joined by single separators (or one run of digits), with an optional "+code"
#: and a parenthesised area code: the shapes phone numbers are written in.
_PHONE = re.compile(
    r"(?<![\w.,+])(?:\+\d{1,3}[ .\u00a0-]?)?(?:\(\d{1,5}\)[ .\u00a0-]?)?"
    r"\d{1,15}(?:[ .\u00a0-]\d{2,5}){0,4}(?![\w]|[.,]\d)"
)
#: Thousands written with dots or spaces ("12.345.678", "1 280 000"): a quantity, not a phone.
_GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+|\d{1,3}(?:[ \u00a0]\d{3})+")
#: Digits a phone number has at least (shorter runs are counts, prices, years and codes).
MIN_DIGITS = 7
MAX_DIGITS = 15


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def phone_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, digits) of every phone-like run of ``text`` with 7 to 15 digits."""
    out = []
    for m in _PHONE.finditer(text):
        start, end = m.span()
        if end - start < MIN_DIGITS:
            continue  # fewer characters than a phone has digits (most numbers of an answer)
        run = m.group()
        digits = _digits(run)
        if MIN_DIGITS <= len(digits) <= MAX_DIGITS and not _GROUPED.fullmatch(run):
            out.append((start, end, digits.lstrip("0")))
    return out


def _same(a: str, b: str) -> bool:
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= MIN_DIGITS and long.endswith(short) and len(long) - len(short) <= 3


class HeldPhones:
    """The answer's phone-like runs, and whether the evidence writes each."""

    def __init__(self, answer: str, evidence_text: Callable[[], str]) -> None:
        self._answer = answer
        self._spans = phone_spans(answer) if any(ch.isdigit() for ch in answer) else []
        self._starts = [start for start, _e, _d in self._spans]
        self._evidence_text = evidence_text
        self._held: set[str] | None = None
        self._tails: set[str] = set()

    def _evidence(self) -> set[str]:
        if self._held is None:
            self._held = {digits for _s, _e, digits in phone_spans(self._evidence_text())}
            # each held sequence without up to three leading digits: the answer's sequences
            # it ends with (``_same`` with the answer's as the shorter one)
            self._tails = {held[k:] for held in self._held for k in range(4)}
        return self._held

    def any(self) -> bool:
        """Does the answer hold a phone-shaped run at all? Else ``explains`` is False and
        ``unheld`` None for every span (each reads only the runs around its span)."""
        return bool(self._spans)

    def explains(self, span: tuple[int, int]) -> bool:
        """Does ``span`` lie inside a phone-like run the evidence writes (module doc)?

        The runs do not overlap (they are regex matches, in order), so only the last run
        starting at or before ``span`` can hold it (or, for an empty span at its start, the
        one before that ends there): two bisections, not a scan of every run."""
        i = bisect_right(self._starts, span[0])
        for start, end, digits in self._spans[max(0, i - 2) : i]:
            if start <= span[0] and span[1] <= end:
                return self._held_phone(digits)
        return False

    def unheld(self, span: tuple[int, int]) -> tuple[int, int] | None:
        """The span of the phone-shaped run holding ``span`` that the evidence does not write,
        when the run has a parenthesised area code or a "+" country code, or None.

        Principle: the converse of ``explains``: "(312) 556-0148" is one identifier, so when
        no evidence writes its digits it is an unsupported phone number as a whole, flagged
        as a code is ("312-556-0148" already is one token), not as three loose numbers whose
        parts a result happens to hold ("312", "0148"). Only the shapes a reader takes for a
        phone are read so (the brackets or the "+"); a bare run of digit groups may be an
        amount or a reference. Risk: a bracketed group before digits that is no phone ("(2)
        555 120" as a list mark and a figure) is read as one."""
        i = bisect_right(self._starts, span[0])
        for start, end, digits in self._spans[max(0, i - 2) : i]:
            if start <= span[0] and span[1] <= end and not self._held_phone(digits):
                run = self._answer[start:end]
                return (start, end) if run.startswith(("(", "+")) else None
        return None

    def _held_phone(self, digits: str) -> bool:
        """``any(_same(digits, held) for held in evidence)`` by set lookups: a held sequence
        that is ``digits`` with at most three more digits before it, or that ``digits`` is
        with one to three more before it, seven digits or more either way."""
        held = self._evidence()
        if len(digits) >= MIN_DIGITS and digits in self._tails:
            return True
        return any(digits[k:] in held for k in range(1, 4) if len(digits) - k >= MIN_DIGITS)


def phone_pending(evidence: Evidence, pending: list[Pending]) -> list[Pending]:
    """The pending numbers less those inside a phone number the evidence writes; those inside
    a bracketed or "+"-coded phone it does not write become one pending code for the whole
    number (``HeldPhones.unheld``)."""
    phones = HeldPhones(evidence.answer, lambda: evidence.text)
    if not phones.any():
        return pending  # no phone-shaped run in the answer: nothing to explain or join (one test)
    kept: list[Pending] = []
    seen: set[tuple[int, int]] = set()
    for item in pending:
        if phones.explains(item.numeral.span):
            continue
        whole = phones.unheld(item.numeral.span)
        if whole is not None:
            if whole in seen:
                continue
            seen.add(whole)
            text = evidence.answer[whole[0] : whole[1]]
            item.numeral = Numeral(whole, text, "code", literal=text)
            item.confidence, item.how = max(item.confidence, CONFIDENCE["code"]), None
        kept.append(item)
    return kept


__all__ = ["MIN_DIGITS", "HeldPhones", "phone_pending", "phone_spans"]

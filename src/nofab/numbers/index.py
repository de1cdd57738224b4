"""Numbers in evidence text, indexed once for logarithmic or constant-time lookups.

``NumberIndex`` holds every number of the evidence sorted (bisect: is any within
``[lo, hi]``?); ``LiteralIndex`` holds every whole numeric token as written (is "1717" there
as a whole number, not inside "17170"?); ``money_values`` lists the numbers the evidence
presents as money. Each is built in one linear pass over the evidence.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections.abc import Sequence

from nofab.numbers.breakdowns import breakdown_amounts
from nofab.numbers.changefields import change_amounts
from nofab.numbers.codemoney import code_amounts
from nofab.numbers.currencyrecords import record_amounts
from nofab.numbers.locale import (
    DECIMAL_COMMA,
    amounts_before_signs,
    decimal_comma_values,
    grouped_values,
    matches_at,
    plain_digits,
)
from nofab.numbers.plain import SCALES
from nofab.numbers.rounding import display_interval
from nofab.numbers.textmoney import text_amounts

_EVIDENCE_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:[eE][-+]?\d{1,3})?")
_EVIDENCE_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
#: A magnitude glued to or following a number ("$4.2M", "1.5 bn", "3 million", "5k"), read
#: as ``read_plain`` reads it in an answer: "k" in either case, "M"/"B"/"T" upper case only
#: ("5 m" is metres), a scale word of any lexicon language in any case.
_SCALE_WORDS = "|".join(sorted((re.escape(w) for w in SCALES if len(w) > 1), key=len, reverse=True))
#: Where a magnitude may follow a number: a digit, a space or none, and a first letter of a
#: scale word or suffix (derived from the lexicon, so a new scale word is never skipped).
_SCALE_FIRSTS = "".join(sorted({c for w in SCALES for c in (w[:1].lower(), w[:1].upper())}))
_SCALE_HINT = re.compile(rf"\d\s?[{re.escape(_SCALE_FIRSTS)}]")
_EVIDENCE_SCALED = re.compile(
    rf"(\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|{DECIMAL_COMMA}|\d+(?:\.\d+)?)"
    rf"\s?([kKMBT]|(?i:{_SCALE_WORDS}))(?![^\W\d_])"
)


def scaled_values(text: str) -> list[float]:
    """The values of the numbers ``text`` writes with a magnitude ("$4.2M" -> 4.2e6).

    Principle: the same written amount grounds itself; an answer reads "$4.2M" as 4.2
    million, so the evidence must read its own "$4.2M" the same way. Risk: an upper-case
    "M" after a number that meant something else (a size "5M") grounds a number a million
    times larger, which no answer writes by accident."""
    found = matches_at(text, _SCALE_HINT, _EVIDENCE_SCALED)
    return [float(plain_digits(m.group(1))) * _lookup_scale(m.group(2)) for m in found]


def _lookup_scale(word: str) -> float:
    found = SCALES.get(word)
    return found if found is not None else SCALES.get(word.lower(), SCALES.get(word.casefold(), 1.0))


#: Dates and clock times ("2024-05-25", "2024-05-25T12:00:00", "18:30"): their digits are
#: parts of a date or time, not quantities ("25 hours" is not grounded by "2024-05-25").
#: Found from their separators (a "-" or ":" before a digit), which a scan finds far faster
#: than a pattern that may start at every digit.
_SEPARATOR = re.compile(r"[-:](?=\d)")
_ISO_AT = re.compile(r"\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?")
_CLOCK_AT = re.compile(r"\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?![\d:])")


def date_time_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes an ISO date (with its time) or a clock time, in order."""
    spans: list[tuple[int, int]] = []
    covered = 0
    for sep in _SEPARATOR.finditer(text):
        i = sep.start()
        if i < covered:
            continue
        found = None
        if text[i] == "-":
            if i - 4 >= covered:
                found = _ISO_AT.match(text, i - 4)
        else:
            for start in (i - 2, i - 1):
                if (
                    start >= covered
                    and text[start:i].isdigit()
                    and (start == 0 or text[start - 1] not in "0123456789:")
                ):
                    found = _CLOCK_AT.match(text, start)
                    break
        if found:
            spans.append((found.start(), found.end()))
            covered = found.end()
    return spans


def quantities(text: str) -> str:
    """``text`` with its dates and clock times blanked out: what is left are quantities.

    Principle: a number in an answer is grounded by a quantity of the evidence, not by a
    fragment of a date or a time (those are checked as dates and times). Risk: a day of the
    month written as a bare number ("on the 25") is no longer grounded by an ISO date.
    """
    spans = date_time_spans(text)
    if not spans:
        return text
    parts: list[str] = []
    at = 0
    for start, end in spans:
        parts.append(text[at:start])
        at = end
    parts.append(text[at:])
    return " ".join(parts)


#: A whole numeric token: digits joined by single separators ("1717", "42.73", "1,200").
_WHOLE = re.compile(r"\d+(?:[.,]\d+)*")
#: Digit groups joined by dashes ("123-456-7890"): codes.
_DASHED = re.compile(r"\d+(?:[-–]\d+)+")
#: A run of digits that ends a token (anchored at the run's start, so the scan is linear).
_ID_END = re.compile(r"(?<!\d)(\d{2,})(?![0-9a-z])", re.IGNORECASE)
#: Where ``_ID_END`` can match: the start of a run of two digits or more. Led by its
#: look-behind, ``_ID_END`` is tried at every character (a 6 KB policy: ~200 us, the
#: slowest part of a cold turn that mentions a masked card); this finds the runs by a
#: digit scan and ``_ID_END`` is tried at their starts only, for the same matches.
_DIGIT_RUN = re.compile(r"\d\d+")
#: Codes with more groups than this are indexed whole only (sub-runs grow quadratically).
_MAX_GROUPS = 8


def numeric_literal_in(hay: str, literal: str) -> bool:
    """True when ``literal`` occurs in ``hay`` as a whole number (not inside a longer one).
    A scan of ``hay``: for repeated lookups build a ``LiteralIndex`` instead."""
    n = len(literal)
    i = hay.find(literal)
    while i != -1:
        before = hay[i - 1] if i > 0 else ""
        after = hay[i + n] if i + n < len(hay) else ""
        after2 = hay[i + n + 1] if i + n + 1 < len(hay) else ""
        starts = not before.isdigit() and not (before in ".," and i > 1 and hay[i - 2].isdigit())
        if starts and not after.isdigit() and not (after in ".," and after2.isdigit()):
            return True
        i = hay.find(literal, i + 1)
    return False


class LiteralIndex:
    """Every whole numeric token of a text, and every run of dash-joined digit groups.

    ``has(literal)`` answers what ``numeric_literal_in`` answers, in constant time: a
    literal of digits (and one decimal point) is there when it is a whole token; a code
    ("123-456") when it is a run of consecutive groups of a dashed token.
    """

    __slots__ = ("_codes", "_endings", "_text", "tokens")

    def __init__(self, text: str) -> None:
        self._text = text
        #: every whole numeric token (``has`` of a literal without a dash is membership here)
        self.tokens = frozenset(_WHOLE.findall(quantities(text)))
        # built on first use: most turns never ask about a code or a masked id
        self._codes: frozenset[str] | None = None
        self._endings: list[str] | None = None

    def has(self, literal: str) -> bool:
        if literal in self.tokens:
            return True
        if "-" not in literal and "–" not in literal:
            return False
        if self._codes is None:
            codes: set[str] = set()
            for match in _DASHED.finditer(self._text):
                parts = match.group().replace("–", "-").split("-")
                if len(parts) > _MAX_GROUPS:
                    codes.add("-".join(parts))
                    continue
                for i in range(len(parts)):
                    for j in range(i + 2, len(parts) + 1):
                        codes.add("-".join(parts[i:j]))
            self._codes = frozenset(codes)
        return literal.replace("–", "-") in self._codes  # one dash for either

    def ends_an_id(self, digits: str) -> bool:
        """Does some token of the text end in ``digits`` (2 to 8 of them)?"""
        if not 2 <= len(digits) <= 8:
            return False
        if self._endings is None:
            # Every digit run that ends a token ("credit_card_7815826"), written backwards
            # and sorted: the runs ending in the digits a masked identifier shows ("card
            # ending in 5826") are those starting with them reversed, found by one bisect.
            # ``_ID_END.finditer``, found at the starts of digit runs: its matches start
            # only there (the look-behind), one per run.
            text = self._text
            found = (_ID_END.match(text, run.start()) for run in _DIGIT_RUN.finditer(text))
            self._endings = sorted({match.group(1)[::-1] for match in found if match})
        backwards = digits[::-1]
        i = bisect_left(self._endings, backwards)
        return i < len(self._endings) and self._endings[i].startswith(backwards)


#: What a "total" or "paid" key may count instead of money: "total_baggages": 1,
#: "paid_bags": 2, "total_nights": 3 are counts of things (a τ-bench reservation carries
#: "total_baggages" on every record), and a count read as money lets any amount one bag off a
#: total pass as "the total plus the amount 1". Risk: a key that names a counted noun and
#: still holds money ("total_items" for a cart's price) loses its money reading unless
#: another money word ("total_items_price") names it.
_COUNTED = (
    r"(?![ _-]?(?:bag|baggage|luggage|suitcase|passenger|traveler|traveller|guest|adult|child|person"
    r"|people|seat|item|night|day|hour|minute|stop|leg|segment|flight|ticket|room|unit|page|result"
    r"|record|event|point|mile|step|count|number|num|qty|quantit|member|user|order|visit|attendee))"
)
_MONEY_WORDS = (
    rf"price|amount|cost|fee|total{_COUNTED}|balance|fare|refund|charge|payment|paid{_COUNTED}"
    r"|salary|revenue|budget"
    r"|spend|subtotal|tax|tip|discount|credit|deposit|compensation|usd|eur|gbp|dollar"
    # A currency converter's answer ("converted": 219780.0 beside "rate") is the amount in the
    # target currency. Risk: a unit converter's "converted" value is typed as money too.
    r"|converted"
    # A key naming a periodic payment ("rent_pcm", "weekly_wage") holds an amount as surely as
    # "price" does. Only at the start of a word: "current", "parent", "torrent" hold no rent.
    # Risk: a key such as "rentals_count" types a count as money.
    r"|(?<![a-z])(?:rent|wage)"
)
# "$1,234.50", "1,234.50 USD" in text; "price": 121, "total_price": "121.00" or
# "prices": {"economy": 121, ...} in JSON (key names as the evidence spells them, lower case).
# The amount after a symbol may be written with a decimal comma ("€54,20") and a magnitude
# ("$4.2m" in the folded text: after a currency sign, "m" is millions, as in an answer).
_MONEY_SYMBOL = re.compile(
    rf"[$€£¥₹]\s?({DECIMAL_COMMA}|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    rf"(?:\s?([kmbt]|{_SCALE_WORDS})(?![^\W\d_]))?"
)
# Currency words are rare: find them first (plain substring search on the case-folded
# text, far faster than a case-insensitive alternation), then read the number just before.
_MONEY_WORDS_FOLDED = ("usd", "eur", "gbp", "dollar", "euro")
_NUMBER_BEFORE = re.compile(
    rf"(?<![\d.,])({DECIMAL_COMMA}|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?$"
)
# A JSON key and its number or object value; the key is tested for money words afterwards
# (a literal quote leads the pattern, so the scan skips quickly to candidates).
_JSON_KEY_VALUE = re.compile(r'"([A-Za-z_ ]{1,40})"\s*:\s*(?:"?(-?\d[\d,]*(?:\.\d+)?)|\{([^{}]{0,4000})\})')
MONEY_KEY = re.compile(_MONEY_WORDS, re.IGNORECASE)


def money_values(folded: str) -> list[float]:
    """Numbers the evidence (case-folded text) presents as amounts of money, sorted."""
    found: list[float] = []
    for amount, scale in _MONEY_SYMBOL.findall(folded):
        value = float(plain_digits(amount))
        found.append(value)  # "$4.2m" still holds 4.2, as it did before magnitudes were read
        if scale:
            found.append(value * _lookup_scale(scale))
    for word in _MONEY_WORDS_FOLDED:
        i = folded.find(word)
        while i != -1:
            if i == 0 or not folded[i - 1].isalpha():
                before = _NUMBER_BEFORE.search(folded, max(0, i - 24), i)
                if before:
                    found.append(float(plain_digits(before.group(1))))
            i = folded.find(word, i + 1)
    for m in _JSON_KEY_VALUE.finditer(folded):
        if not MONEY_KEY.search(m.group(1)):
            continue
        if m.group(2):
            found.append(abs(float(m.group(2).replace(",", ""))))
        elif m.group(3):
            found.extend(float(v) for v in _EVIDENCE_NUMBER.findall(m.group(3)))
    found.extend(amounts_before_signs(folded))  # "450,00 €": the sign after (numbers/locale.py)
    found.extend(record_amounts(folded))  # a record that names its currency (numbers/currencyrecords.py)
    found.extend(breakdown_amounts(folded, MONEY_KEY))  # a split of amounts (numbers/breakdowns.py)
    found.extend(text_amounts(folded))  # "insufficient balance (35.0 available)" (numbers/textmoney.py)
    found.extend(code_amounts(folded))  # "total: jpy 88,400" (numbers/codemoney.py)
    found.extend(change_amounts(folded, MONEY_KEY))  # a priced record's "change" (numbers/changefields.py)
    return sorted(set(found))


def any_within(values: Sequence[float], lo: float, hi: float) -> bool:
    """Is any of the sorted ``values`` within ``[lo, hi]``? (O(log n))"""
    i = bisect_left(values, lo)
    return i < len(values) and values[i] <= hi


class NumberIndex:
    """Every number, date and time in a body of evidence text, for fast approximate lookup."""

    __slots__ = ("_text", "values")

    def __init__(self, text: str) -> None:
        self._text = text
        text = quantities(text)
        values = [float(m) for m in _EVIDENCE_NUMBER.findall(text)]
        values.extend(float(m.replace(",", "")) for m in _EVIDENCE_THOUSANDS.findall(text))
        # the same written form reads the same on both sides ("54,20", "$4.2M")
        values.extend(decimal_comma_values(text))
        values.extend(scaled_values(text))
        values.extend(grouped_values(text))  # "1 280", "1'280", "1.888": numbers/locale.py
        self.values: list[float] = sorted({v for v in values if math.isfinite(v)})

    def near(self, lo: float, hi: float) -> bool:
        """Is any evidence number within ``[lo, hi]``?"""
        return any_within(self.values, lo, hi)

    def explains(
        self, value: float, decimals: int, scale: float = 1.0, percent_reading: bool = True
    ) -> str | None:
        """How the evidence explains ``value`` shown with ``decimals`` decimals, or None.

        Returns ``"exact"``, ``"rounded"``, ``"percent"`` or ``"scaled"``. The percent
        reading (x100, /100) is for percentages and proportions only: "$300" is not "3".
        """
        v = abs(value)
        lo, hi = display_interval(value, decimals, scale)
        if self.near(lo, hi):
            if scale != 1.0:
                return "scaled"
            return "exact" if self.near(v * (1 - 1e-9), v * (1 + 1e-9)) else "rounded"
        if percent_reading and (self.near(lo / 100.0, hi / 100.0) or self.near(lo * 100.0, hi * 100.0)):
            return "percent"
        return None


__all__ = ["LiteralIndex", "NumberIndex", "any_within", "money_values", "numeric_literal_in"]

"""Numbers in prose and in evidence.

``extract_numerals`` reads every numeric literal in an answer and says what it is (an amount
of money, a percentage, a date, a time, a range, a code...); ``NumberIndex`` holds every
number the evidence contains, so a literal can be explained exactly, after display
rounding, as a percentage, with a scale word, or as a simple derived value.

Every regex here is linear: token regexes are anchored at token starts by a look-behind,
and none nests unbounded quantifiers over overlapping classes.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

NumeralKind = Literal["money", "percent", "number", "year", "date", "time", "ordinal", "range", "code"]

MONTHS: dict[str, int] = {}
for _i, _names in enumerate(
    (
        ("january", "jan"),
        ("february", "feb"),
        ("march", "mar"),
        ("april", "apr"),
        ("may",),
        ("june", "jun"),
        ("july", "jul"),
        ("august", "aug"),
        ("september", "sep", "sept"),
        ("october", "oct"),
        ("november", "nov"),
        ("december", "dec"),
    ),
    start=1,
):
    for _name in _names:
        MONTHS[_name] = _i

_MONTH_ALT = "|".join(sorted(MONTHS, key=len, reverse=True))

# Characters that can make up one "numeric word": "$1,234.50", "2024-03-03", "18:30",
# "v3.14.2", "A-1042", "42%". Brackets, quotes, asterisks and spaces separate words.
_WORD = r"\w$€£¥₹%.,:/+\-−–#@=~&"
_NUMERIC_WORD = re.compile(rf"(?<![{_WORD}])[{_WORD}]*?\d[{_WORD}]*")

_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_PLAIN = re.compile(
    rf"(?P<sign>[-−+])?(?P<cur>US\$|[$€£¥₹])?(?P<sign2>[-−])?(?P<num>{_NUM})"
    rf"(?P<suffix>%|[^\W\d_]{{1,5}}|°[CF]?)?",
    re.IGNORECASE,
)
_ISO_DATE = re.compile(
    r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)
_SLASH_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_GROUPS = re.compile(r"\d+(?:[-–]\d+)+")
_VERSION = re.compile(r"v?\d+(?:\.\d+){2,}", re.IGNORECASE)
_HEX_ID = re.compile(r"[0-9a-f-]*[a-f][0-9a-f-]*", re.IGNORECASE)

_AMPM_AFTER = re.compile(r"\s*([ap])(?:\.\s?m\.|m\b)", re.IGNORECASE)
_SCALE_AFTER = re.compile(r"\s*(thousand|million|billion|trillion|mn|bn)\b", re.IGNORECASE)
_PERCENT_AFTER = re.compile(r"\s*(?:percent|per\s?cent|pct)\b", re.IGNORECASE)
_CURRENCY_AFTER = re.compile(
    r"\s*(?:dollars?|usd|eur|euros?|gbp|pounds?|yen|jpy|inr|rupees?|cad|aud|chf)\b", re.IGNORECASE
)
_CURRENCY_BEFORE = re.compile(r"(?:usd|eur|gbp|jpy|inr|cad|aud|chf)\s*$", re.IGNORECASE)
_MONTH_BEFORE = re.compile(rf"\b({_MONTH_ALT})\.?\s+(?:the\s+)?$", re.IGNORECASE)
_MONTH_AFTER = re.compile(rf"\s+(?:of\s+)?({_MONTH_ALT})\b\.?(?:,?\s+(\d{{4}})\b)?", re.IGNORECASE)
_YEAR_AFTER = re.compile(r",?\s+(\d{4})\b")
_LIST_MARKER_BEFORE = re.compile(r"(?:^|\n)[ \t>*#-]*$")

_SCALES = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "billion": 1e9,
    "t": 1e12,
    "trillion": 1e12,
}
_ORDINALS = frozenset({"st", "nd", "rd", "th"})
# Unit suffixes that leave the number what it is ("5kg", "32min", "3x").
_UNITS = frozenset(
    [
        "kg",
        "g",
        "mg",
        "lb",
        "lbs",
        "oz",
        "km",
        "m",
        "cm",
        "mm",
        "mi",
        "ft",
        "h",
        "hr",
        "hrs",
        "min",
        "mins",
        "s",
        "sec",
        "secs",
        "ms",
        "ml",
        "l",
        "gb",
        "mb",
        "kb",
        "tb",
        "x",
        "pts",
        "pt",
        "mph",
        "kph",
        "kmh",
        "yo",
        "yr",
        "yrs",
        "d",
        "w",
        "wk",
        "wks",
        "mo",
        "°c",
        "°f",
        "°",
        "c",
        "f",
        "px",
        "pc",
    ]
)
_TRAILING = ".,:;!?/-–"


@dataclass(frozen=True, slots=True)
class Numeral:
    """One numeric literal in prose."""

    span: tuple[int, int]
    text: str
    kind: NumeralKind
    value: float = math.nan
    decimals: int = 0
    scale: float = 1.0
    #: The digits as written, without separators (for the literal fast path).
    literal: str = ""
    date: tuple[int | None, int, int] | None = None
    time: tuple[int, int, bool] | None = None  # (hour, minute, hour_is_24h)


def _parse_num(raw: str) -> tuple[float, int, str]:
    digits = raw.replace(",", "")
    decimals = len(digits) - digits.index(".") - 1 if "." in digits else 0
    return float(digits), decimals, digits


def _valid_date(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


def extract_numerals(text: str) -> list[Numeral]:
    """Every numeric literal in ``text``, classified."""
    out: list[Numeral] = []
    covered = 0  # "March 3, 2024" consumes the "2024" token that follows it
    for match in _NUMERIC_WORD.finditer(text):
        if match.start() < covered:
            continue
        for numeral in _classify(text, match.start(), match.group()):
            if numeral.span[1] > covered:
                out.append(numeral)
                covered = max(covered, numeral.span[1])
    return out


def _classify(text: str, start: int, word: str) -> Iterator[Numeral]:
    # Trim sentence punctuation ("$30." "(24," "5?") but keep a trailing "%".
    lead = 0
    while lead < len(word) and word[lead] in ":/=~&#@":
        lead += 1
    end = len(word)
    while end > lead and word[end - 1] in _TRAILING:
        end -= 1
    token = word[lead:end]
    s = start + lead
    e = s + len(token)
    if not token or not any(c.isdigit() for c in token):
        return
    lower = token.lower()
    if "@" in token or "://" in token or lower.startswith("www.") or "=" in token or "&" in token:
        return  # emails, URLs, query strings: entities, not numbers
    if _VERSION.fullmatch(token):
        return
    iso = _ISO_DATE.fullmatch(token)
    if iso:
        y, mo, d = int(iso.group(1)), int(iso.group(2)), int(iso.group(3))
        if _valid_date(mo, d):
            yield Numeral((s, e), token, "date", date=(y, mo, d))
            return
    slash = _SLASH_DATE.fullmatch(token)
    if slash:
        a, b, y = int(slash.group(1)), int(slash.group(2)), int(slash.group(3))
        year = y + 2000 if y < 100 else y
        if _valid_date(a, b) or _valid_date(b, a):
            # Month/day order is ambiguous (the index accepts either reading); the numeral
            # keeps a valid one: "22/2/30" is 22 February.
            month, day = (a, b) if _valid_date(a, b) else (b, a)
            yield Numeral((s, e), token, "date", date=(year, month, day))
            return
    clock = _CLOCK.fullmatch(token)
    if clock:
        hour, minute = int(clock.group(1)), int(clock.group(2))
        if hour <= 24 and minute < 60:
            ampm = _AMPM_AFTER.match(text, e)
            if ampm:
                hour = hour % 12 + (12 if ampm.group(1).lower() == "p" else 0)
                e = ampm.end()
            yield Numeral(
                (s, e), text[s:e], "time", value=float(hour), time=(hour, minute, bool(ampm) or hour > 12)
            )
            return
    if _GROUPS.fullmatch(token):
        parts = re.split(r"[-–]", token)
        if len(parts) == 2 and not token.startswith("0"):
            # "20-30", "110-102": two numbers, each must be explained.
            offset = s
            for part in parts:
                value, _, digits = _parse_num(part)
                yield Numeral((offset, offset + len(part)), part, "range", value=value, literal=digits)
                offset += len(part) + 1
            return
        # "123-456-7890", "0b-5119": a code; only its exact text can ground it.
        yield Numeral((s, e), token, "code", literal=token)
        return
    plain = _PLAIN.fullmatch(token)
    if plain is None:
        if any(c.isalpha() for c in token):
            return  # an identifier such as "HAT069" or "A-1042": identifier detectors' job
        # Lists glued by separators ("1/2", "3,4,5"): each run of digits on its own.
        for part in re.finditer(r"\d+(?:\.\d+)?", token):
            value, decimals, digits = _parse_num(part.group())
            yield Numeral(
                (s + part.start(), s + part.end()),
                part.group(),
                "number",
                value=value,
                decimals=decimals,
                literal=digits,
            )
        return
    yield from _plain_numeral(text, s, e, token, plain)


def _plain_numeral(text: str, s: int, e: int, token: str, plain: re.Match[str]) -> Iterator[Numeral]:
    value, decimals, digits = _parse_num(plain.group("num"))
    suffix = (plain.group("suffix") or "").lower()
    kind: NumeralKind = "number"
    scale = 1.0
    if plain.group("cur"):
        kind = "money"
    if suffix == "%":
        kind = "percent"
    elif suffix in _ORDINALS:
        kind = "ordinal"
    elif suffix in _SCALES and (
        suffix not in ("m", "b", "t") or plain.group("suffix")[0].isupper() or kind == "money"
    ):
        scale = _SCALES[suffix]
    elif suffix in ("am", "pm"):
        hour = int(value) % 12 + (12 if suffix == "pm" else 0)
        yield Numeral((s, e), token, "time", value=float(hour), time=(hour, 0, True))
        return
    elif suffix and suffix not in _UNITS:
        return  # "3rd-party" is handled above; "12abc" is an identifier, not a number
    tail = e
    if suffix == "" or kind == "ordinal":
        ampm = _AMPM_AFTER.match(text, e) if kind != "ordinal" and value <= 12 and decimals == 0 else None
        if ampm:
            hour = int(value) % 12 + (12 if ampm.group(1).lower() == "p" else 0)
            yield Numeral(
                (s, ampm.end()), text[s : ampm.end()], "time", value=float(hour), time=(hour, 0, True)
            )
            return
        month_before = _MONTH_BEFORE.search(text, max(0, s - 16), s)
        if month_before and value <= 31 and decimals == 0:
            year_match = _YEAR_AFTER.match(text, e)
            year = int(year_match.group(1)) if year_match else None
            end = year_match.end() if year_match else e
            yield Numeral(
                (month_before.start(1), end),
                text[month_before.start(1) : end],
                "date",
                date=(year, MONTHS[month_before.group(1).lower()], int(value)),
            )
            return
        month_after = _MONTH_AFTER.match(text, e)
        if month_after and value <= 31 and decimals == 0:
            year = int(month_after.group(2)) if month_after.group(2) else None
            yield Numeral(
                (s, month_after.end()),
                text[s : month_after.end()],
                "date",
                date=(year, MONTHS[month_after.group(1).lower()], int(value)),
            )
            return
    if scale == 1.0 and kind in ("number", "money"):
        scale_word = _SCALE_AFTER.match(text, e)
        if scale_word:
            scale = _SCALES[scale_word.group(1).lower()]
            tail = scale_word.end()
    if kind == "number":
        if _PERCENT_AFTER.match(text, tail):
            kind = "percent"
            tail = _PERCENT_AFTER.match(text, tail).end()  # type: ignore[union-attr]
        elif _CURRENCY_AFTER.match(text, tail) or _CURRENCY_BEFORE.search(text, max(0, s - 5), s):
            kind = "money"
        elif (
            decimals == 0
            and scale == 1.0
            and "," not in token
            and 1900 <= value <= 2100
            and not plain.group("cur")
        ):
            kind = "year"
        elif text[e : e + 1] in (".", ")") and _LIST_MARKER_BEFORE.search(text, max(0, s - 12), s):
            return  # "1." / "2)" at the start of a line: a list marker
    if plain.group("sign") in ("-", "−") or plain.group("sign2"):
        value = -value
    yield Numeral((s, tail), text[s:tail], kind, value=value, decimals=decimals, scale=scale, literal=digits)


# --------------------------------------------------------------------------------------
# Evidence side
# --------------------------------------------------------------------------------------

_EVIDENCE_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:[eE][-+]?\d{1,3})?")
_EVIDENCE_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_EVIDENCE_MONTH_DATE = re.compile(
    rf"\b({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?", re.IGNORECASE
)
_EVIDENCE_DAY_MONTH = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_ALT})\b\.?(?:,?\s+(\d{{4}}))?", re.IGNORECASE
)


def numeric_literal_in(hay: str, literal: str) -> bool:
    """True when ``literal`` occurs in ``hay`` as a whole number (not inside a longer one)."""
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


_MONEY_WORDS = (
    r"price|amount|cost|fee|total|balance|fare|refund|charge|payment|paid|salary|revenue|budget"
    r"|spend|subtotal|tax|tip|discount|credit|deposit|compensation|usd|eur|gbp|dollar"
)
# "$1,234.50", "1,234.50 USD" in text; "price": 121, "total_price": "121.00" or
# "prices": {"economy": 121, ...} in JSON (key names as the evidence spells them, lower case).
_MONEY_SYMBOL = re.compile(r"[$€£¥₹]\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)")
# Currency words are rare: find them first (plain substring search on the case-folded
# text, far faster than a case-insensitive alternation), then read the number just before.
_MONEY_WORDS_FOLDED = ("usd", "eur", "gbp", "dollar", "euro")
_NUMBER_BEFORE = re.compile(r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?$")
# A JSON key and its number or object value; the key is tested for money words afterwards
# (a literal quote leads the pattern, so the scan skips quickly to candidates).
_JSON_KEY_VALUE = re.compile(r'"([A-Za-z_ ]{1,40})"\s*:\s*(?:"?(-?\d[\d,]*(?:\.\d+)?)|\{([^{}]{0,4000})\})')
_MONEY_KEY = re.compile(_MONEY_WORDS, re.IGNORECASE)


def money_values(folded: str) -> list[float]:
    """Numbers the evidence (case-folded text) presents as amounts of money, sorted."""
    found: list[float] = []
    found.extend(float(v.replace(",", "")) for v in _MONEY_SYMBOL.findall(folded))
    for word in _MONEY_WORDS_FOLDED:
        i = folded.find(word)
        while i != -1:
            if i == 0 or not folded[i - 1].isalpha():
                before = _NUMBER_BEFORE.search(folded, max(0, i - 24), i)
                if before:
                    found.append(float(before.group(1).replace(",", "")))
            i = folded.find(word, i + 1)
    for m in _JSON_KEY_VALUE.finditer(folded):
        if not _MONEY_KEY.search(m.group(1)):
            continue
        if m.group(2):
            found.append(abs(float(m.group(2).replace(",", ""))))
        elif m.group(3):
            found.extend(float(v) for v in _EVIDENCE_NUMBER.findall(m.group(3)))
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
        values = [float(m) for m in _EVIDENCE_NUMBER.findall(text)]
        values.extend(float(m.replace(",", "")) for m in _EVIDENCE_THOUSANDS.findall(text))
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
        half = 0.5 * 10.0 ** (-decimals) * (1 + 1e-9) + 1e-12
        lo, hi = (v - half) * scale, (v + half) * scale
        if self.near(lo, hi):
            if scale != 1.0:
                return "scaled"
            return "exact" if self.near(v * (1 - 1e-9), v * (1 + 1e-9)) else "rounded"
        if percent_reading and (self.near(lo / 100.0, hi / 100.0) or self.near(lo * 100.0, hi * 100.0)):
            return "percent"
        return None


_MONTH_NAMES: dict[int, tuple[str, ...]] = {}
for _name, _number in MONTHS.items():
    _MONTH_NAMES[_number] = (*_MONTH_NAMES.get(_number, ()), _name)

_DAY_AFTER_MONTH = re.compile(r"\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(\d{4})(?!\d))?")
_DAY_BEFORE_MONTH = re.compile(r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?$")
_YEAR_AFTER_MONTH = re.compile(r"\.?,?\s+(\d{4})(?!\d)")
_CLOCK_SUFFIX = re.compile(r"(?::\d{2}(?:\.\d+)?)?\s*(?:([ap])(?:\.\s?m\.|m\b))?")


def _occurrences(text: str, needle: str) -> Iterator[int]:
    """Start of every occurrence of ``needle``; one that starts with a digit must not be
    glued to a digit on its left ("8:30" is not in "18:30")."""
    check = needle[:1].isdigit()
    i = text.find(needle)
    while i != -1:
        if not check or i == 0 or not text[i - 1].isdigit():
            yield i
        i = text.find(needle, i + 1)


class DateTimeIndex:
    """Targeted date and time lookups in evidence text (already case-folded).

    Instead of harvesting every date of a large evidence text up front, each answer date
    is looked up in the forms it could take (``2024-03-03``, ``3/3/2024``, ``March 3``,
    ``3rd of March``): a handful of substring searches, so cost tracks the answer.
    """

    __slots__ = ("_all_dates", "_text")

    def __init__(self, folded_text: str) -> None:
        self._text = folded_text
        self._all_dates: set[tuple[int | None, int, int]] | None = None

    def has_date(self, date: tuple[int | None, int, int]) -> bool:
        year, month, day = date
        text = self._text
        for needle in {f"-{month:02d}-{day:02d}", f"-{month}-{day}"}:
            for i in _occurrences(text, needle):
                end = i + len(needle)
                if end < len(text) and text[end].isdigit():
                    continue
                if i >= 4 and text[i - 4 : i].isdigit() and (year is None or text[i - 4 : i] == str(year)):
                    return True
        for first, second in ((month, day), (day, month)):
            for needle in {f"{first}/{second}/", f"{first:02d}/{second:02d}/"}:
                for i in _occurrences(text, needle):
                    tail = text[i + len(needle) : i + len(needle) + 4]
                    digits = tail[:4] if tail[:4].isdigit() else tail[:2]
                    if digits.isdigit() and (year is None or int(digits) in (year, year % 100)):
                        return True
        for name in _MONTH_NAMES.get(month, ()):
            i = text.find(name)
            while i != -1:
                end = i + len(name)
                whole_word = (i == 0 or not text[i - 1].isalpha()) and (
                    end == len(text) or not text[end].isalpha()
                )
                if whole_word and self._day_near(text, i, end, day, year):
                    return True
                i = text.find(name, i + 1)
        return False

    @staticmethod
    def _day_near(text: str, start: int, end: int, day: int, year: int | None) -> bool:
        after = _DAY_AFTER_MONTH.match(text, end, min(len(text), end + 24))
        if after and int(after.group(1)) == day:
            return year is None or after.group(2) is None or int(after.group(2)) == year
        before = _DAY_BEFORE_MONTH.search(text, max(0, start - 12), start)
        if before and int(before.group(1)) == day:
            year_after = _YEAR_AFTER_MONTH.match(text, end, min(len(text), end + 10))
            return year is None or year_after is None or int(year_after.group(1)) == year
        return False

    def has_time(self, hour: int, minute: int, exact_hour: bool) -> bool:
        """Is ``hour:minute`` in the evidence, in 24-hour or am/pm form?

        With ``exact_hour`` false (the answer said "6:30" with no am/pm) either half of
        the day matches.
        """
        text = self._text
        written = {hour, hour % 12 or 12, (hour + 12) % 24}
        for h in written:
            forms = {f"{h}:{minute:02d}", f"{h:02d}:{minute:02d}"}
            if minute == 0:
                forms |= {f"{h} am", f"{h}am", f"{h} pm", f"{h}pm", f"{h} a.m.", f"{h} p.m."}
            for needle in forms:
                for i in _occurrences(text, needle):
                    end = i + len(needle)
                    if ":" not in needle:
                        suffix = needle.lstrip("0123456789 ")[:1]
                    else:
                        if end < len(text) and text[end].isdigit():
                            continue
                        m = _CLOCK_SUFFIX.match(text, end)
                        suffix = m.group(1) if m and m.group(1) else ""
                    if suffix == "p":
                        seen = {h % 12 + 12}
                    elif suffix == "a":
                        seen = {h % 12}
                    else:
                        seen = {h % 24} if h >= 12 or h == 0 else {h, h + 12}
                    if hour in seen or (not exact_hour and hour % 12 in {x % 12 for x in seen}):
                        return True
        return False

    def near_date(self, date: tuple[int | None, int, int]) -> str | None:
        """A relative-date reading: ``date`` is a day, a week or a month away from an
        evidence date ("the next day", "a month ago"). Returns how, or None."""
        if self._all_dates is None:
            self._all_dates = _harvest_dates(self._text)
        year, month, day = date
        for y, m, d in self._all_dates:
            try:
                # A date written without a year is read in the evidence date's year.
                seen = _dt.date(y or year or 2000, m, d)
                target = _dt.date(year or seen.year, month, day)
            except ValueError:
                continue
            delta = abs((target - seen).days)
            if delta in (1, 7) or (delta in range(28, 32) and d == day):
                return f"{delta} day(s) from {seen.isoformat()}"
        return None


def _harvest_dates(text: str) -> set[tuple[int | None, int, int]]:
    dates: set[tuple[int | None, int, int]] = set()
    for m in _ISO_DATE.finditer(text):
        dates.add((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    for m in _SLASH_DATE.finditer(text):
        y = int(m.group(3))
        y = y + 2000 if y < 100 else y
        dates.add((y, int(m.group(1)), int(m.group(2))))
        dates.add((y, int(m.group(2)), int(m.group(1))))
    for m in _EVIDENCE_MONTH_DATE.finditer(text):
        dates.add((int(m.group(3)) if m.group(3) else None, MONTHS[m.group(1).lower()], int(m.group(2))))
    for m in _EVIDENCE_DAY_MONTH.finditer(text):
        dates.add((int(m.group(3)) if m.group(3) else None, MONTHS[m.group(2).lower()], int(m.group(1))))
    return dates


# --------------------------------------------------------------------------------------
# Derived values: sums, differences, ratios, counts within one tool result
# --------------------------------------------------------------------------------------

#: Cap on the numbers considered per result for pairwise derivations (keeps the slow
#: path bounded on huge results: O(n log n) with n <= this).
MAX_DERIVATION_OPERANDS = 400


def pair_derivation(ops: Sequence[float], lo: float, hi: float, ratios: bool = True) -> str | None:
    """A sum, difference, ratio or percentage of two different entries of ``ops`` (sorted
    absolute values) landing in ``[lo, hi]``, described; or None. O(n log n)."""
    n = len(ops)

    def other(j: int, i: int, bound: float) -> int:
        # the first index >= j that is not i and stays <= bound, or -1
        if j == i:
            j += 1
        return j if j < n and ops[j] <= bound else -1

    for i, a in enumerate(ops):
        j = other(bisect_left(ops, a - hi), i, a - lo)  # a - b in [lo, hi]
        if j >= 0 and ops[j] != a:
            return f"difference {_fmt(a)} - {_fmt(ops[j])}"
        j = other(bisect_left(ops, lo - a), i, hi - a)  # a + b in [lo, hi]
        if j >= 0:
            return f"sum {_fmt(a)} + {_fmt(ops[j])}"
        if ratios and a > 0:
            for factor, label in ((1.0, "ratio"), (100.0, "percentage")):
                # b / a * factor in [lo, hi]  <=>  b in [lo * a / factor, hi * a / factor]
                j = other(bisect_left(ops, lo * a / factor), i, hi * a / factor)
                if j >= 0 and ops[j] != a:
                    return f"{label} {_fmt(ops[j])} / {_fmt(a)}"
    return None


@dataclass(frozen=True, slots=True)
class Derivable:
    """The numbers of one structured result that may meaningfully be combined.

    Numbers combine only with related numbers: the fields of one record ("signups / visits",
    "new - old") and the values of one field across records ("price" of each flight).
    Combining any two numbers of a large result would explain almost any number.
    """

    groups: tuple[tuple[str, tuple[float, ...]], ...]  # (what, sorted absolute values)
    aggregates: tuple[tuple[float, str], ...]  # (value, how): list sums, per-field sums, counts

    @classmethod
    def from_value(cls, value: Any) -> Derivable:
        groups: list[tuple[str, list[float]]] = []
        columns: dict[str, list[float]] = {}
        aggregates: list[tuple[float, str]] = []
        _walk(value, groups, columns, aggregates, "$", 0)
        groups.extend((f"values of field {key!r}", nums) for key, nums in columns.items())
        kept = tuple(
            (what, tuple(sorted(abs(v) for v in nums if math.isfinite(v))[:MAX_DERIVATION_OPERANDS]))
            for what, nums in groups
            if len(nums) > 1
        )
        return cls(kept, tuple(aggregates))

    def derive(self, lo: float, hi: float, money_only: bool = False) -> str | None:
        """A description of a derivation landing in ``[lo, hi]``, or None. With
        ``money_only``, only amounts combine (a sum of prices, not of seat counts)."""
        for value, how in self.aggregates:
            if lo <= value <= hi and (not money_only or _MONEY_KEY.search(how)):
                return how
        for what, ops in self.groups:
            if money_only and not _MONEY_KEY.search(what):
                continue
            pair = pair_derivation(ops, lo, hi)
            if pair:
                return f"{pair} ({what})"
        return None


# Numbers under these keys are labels, not quantities: summing card digits or zip codes
# explains nothing ("percentage 2604 / 8413 of field 'last_four'").
_ID_KEY = re.compile(
    r"(?:^|_)(?:id|ids|zip|zipcode|postal|phone|last_four|dob|code|number|no|year)$", re.IGNORECASE
)


def _fmt(value: float) -> str:
    return str(int(value)) if value.is_integer() else f"{value:g}"


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and 0 < len(value) < 32:
        try:
            return float(value.replace(",", ""))
        except ValueError:
            return None
    return None


def _walk(
    value: Any,
    groups: list[tuple[str, list[float]]],
    columns: dict[str, list[float]],
    aggregates: list[tuple[float, str]],
    path: str,
    depth: int,
) -> None:
    if depth > 64:
        return
    if isinstance(value, dict):
        siblings: list[float] = []
        # A column is named with its parent ("prices.economy"), so that economy fares of
        # two legs combine — and are known to be amounts — while seat counts stay apart.
        parent = path.rsplit(".", 1)[-1].removesuffix("[*]") if "." in path else ""
        for key, item in value.items():
            number = _as_number(item)
            if number is not None and not _ID_KEY.search(str(key)):
                siblings.append(number)
                columns.setdefault(f"{parent}.{key}" if parent else str(key), []).append(number)
        if siblings:
            groups.append((f"fields of {path}", siblings))
        records = list(value.values())
        if len(records) > 1 and all(isinstance(item, dict) for item in records):
            # {"gift_card_1": {"amount": 198}, "certificate_2": {"amount": 500}}: records
            # keyed by id, summed like a list of records.
            _aggregate_records(records, aggregates, f"{path}.*")
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                _walk(item, groups, columns, aggregates, f"{path}.{key}", depth + 1)
        return
    if isinstance(value, list):
        aggregates.append((float(len(value)), f"count of items in {path}"))
        numbers = [n for n in map(_as_number, value) if n is not None]
        if len(numbers) > 1:
            aggregates.append((abs(math.fsum(numbers)), f"sum of {path}"))
            groups.append((f"items of {path}", numbers))
        if value and all(isinstance(item, dict) for item in value):
            _aggregate_records(value, aggregates, f"{path}[*]")
        for item in value:
            if isinstance(item, (dict, list)):
                _walk(item, groups, columns, aggregates, f"{path}[*]", depth + 1)


def _aggregate_records(records: list[Any], aggregates: list[tuple[float, str]], path: str) -> None:
    """Sum each numeric field over records (all records, and those sharing a field)."""
    columns: dict[str, list[float]] = {}
    for item in records:
        for key, field_value in item.items():
            number = _as_number(field_value)
            if number is not None and not _ID_KEY.search(str(key)):
                columns.setdefault(key, []).append(number)
    for key, numbers in columns.items():
        if len(numbers) > 1:
            aggregates.append((abs(math.fsum(numbers)), f"sum of {path}.{key}"))

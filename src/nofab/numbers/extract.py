"""Numbers in prose: ``extract_numerals`` reads every numeric literal of an answer and says
what it is (an amount of money, a percentage, a date, a time, a range, a code...).

Month names, scale words and currency words come from ``numbers.lexicon`` (five languages).
Every regex here is linear: token regexes are anchored at token starts by a look-behind,
and none nests unbounded quantifiers over overlapping classes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from nofab.numbers.lexicon import alternation, number_words

NumeralKind = Literal[
    "money", "percent", "number", "year", "date", "time", "ordinal", "range", "code", "invalid"
]

_LEXICON = number_words()
#: Month names and abbreviations of every language -> month number.
MONTHS: dict[str, int] = _LEXICON.months
MONTH_ALT = alternation(MONTHS)
_MONTH_ALT = MONTH_ALT
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
ISO_DATE = re.compile(
    r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)
SLASH_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})")
_MONTH_DAY_PAIR = re.compile(r"(\d{1,2})/(\d{1,2})")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_GROUPS = re.compile(r"\d+(?:[-–]\d+)+")
_UNIT_SUFFIX = re.compile(r"((?:US\$|[$€£¥₹])?\d[\d,]*(?:\.\d+)?)[-–/]([^\W\d_]{3,20})")
_VERSION = re.compile(r"v?\d+(?:\.\d+){2,}", re.IGNORECASE)
_HEX_ID = re.compile(r"[0-9a-f-]*[a-f][0-9a-f-]*", re.IGNORECASE)

_AMPM_AFTER = re.compile(r"\s*([ap])(?:\.\s?m\.|m\b)", re.IGNORECASE)
_SCALE_AFTER = re.compile(rf"\s*({alternation(_LEXICON.scales)})\b", re.IGNORECASE)
_PERCENT_AFTER = re.compile(rf"\s*(?:%|(?:{alternation(_LEXICON.percent_words)})\b)", re.IGNORECASE)
_CURRENCY_AFTER = re.compile(rf"\s*(?:{alternation(_LEXICON.currencies)})\b", re.IGNORECASE)
_CURRENCY_BEFORE = re.compile(rf"(?:{alternation(_LEXICON.currency_codes)})\s*$", re.IGNORECASE)
_MONTH_BEFORE = re.compile(rf"\b({_MONTH_ALT})\.?\s+(?:the\s+)?$", re.IGNORECASE)
DAY_MONTH_LINK = alternation(_LEXICON.day_month_links)
_MONTH_AFTER = re.compile(
    rf"\s+(?:(?:{DAY_MONTH_LINK})\s+)?({_MONTH_ALT})\b\.?(?:,?\s+(\d{{4}})\b)?", re.IGNORECASE
)
_YEAR_AFTER = re.compile(r",?\s+(\d{4})\b")
_LIST_MARKER_BEFORE = re.compile(r"(?:^|\n)[ \t>*#-]*$")

#: Scale suffixes glued to the number ("5k", "$2M") and scale words of every language.
_SCALES = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12, **_LEXICON.scales}
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
_PUNCTUATION = "".join(chr(c) for c in range(0x21, 0x7F) if not chr(c).isalnum()) + "¿¡«»“”‘’—–"


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
    #: A date's (year, month, day); for a number such as the "15" of "9/15", the date it
    #: would be part of when the evidence has that date.
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
    if not token:
        return
    if token.isdigit() or (token[0].isdigit() and token.replace(".", "", 1).isdigit()):
        # The common case, "1717" or "42.73": only the plain reading can apply.
        plain = _PLAIN.fullmatch(token)
        if plain is not None:
            yield from _plain_numeral(text, s, e, token, plain)
        return
    # Every reading below needs a leading digit, sign or currency ("US$30"; casefold as the
    # regex reads "ſ"): "HAT123-45" is no numeral, decided before a dozen regexes try it.
    if (token[0].isalpha() and token[:3].casefold() != "us$") or not any(c.isdigit() for c in token):
        return
    lower = token.lower()
    if "@" in token or "://" in token or lower.startswith("www.") or "=" in token or "&" in token:
        return  # emails, URLs, query strings: entities, not numbers
    if _VERSION.fullmatch(token):
        return
    iso = ISO_DATE.fullmatch(token)
    if iso:
        y, mo, d = int(iso.group(1)), int(iso.group(2)), int(iso.group(3))
        if _valid_date(mo, d):
            yield Numeral((s, e), token, "date", date=(y, mo, d))
            return
    slash = SLASH_DATE.fullmatch(token)
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
        if clock.group(3) is None:
            # "36:00", "9:75": not a time of day, and no two loose numbers either.
            yield Numeral((s, e), token, "invalid", literal=token)
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
    unit = _UNIT_SUFFIX.fullmatch(token)
    if unit and (unit.group(2).islower() or unit.group(2).istitle()):
        # "37-hour", "3-night", "$90/person": a number whose unit is glued on with a hyphen
        # or a slash is that number.
        number = unit.group(1)
        plain = _PLAIN.fullmatch(number)
        if plain is not None:
            yield from _plain_numeral(text, s, s + len(number), number, plain)
        return
    plain = _PLAIN.fullmatch(token)
    if plain is None:
        if any(c.isalpha() for c in token):
            return  # an identifier such as "HAT069" or "A-1042": identifier detectors' job
        # Lists glued by separators ("1/2", "3,4,5"): each run of digits on its own. A
        # "9/15" may also be a date without a year: both parts carry that reading, which
        # the evidence may confirm (a fraction "1/2" stays two numbers otherwise).
        day_month = _MONTH_DAY_PAIR.fullmatch(token)
        reading: tuple[int | None, int, int] | None = None
        if day_month:
            a, b = int(day_month.group(1)), int(day_month.group(2))
            if _valid_date(a, b) or _valid_date(b, a):
                reading = (None, a, b) if _valid_date(a, b) else (None, b, a)
        for part in re.finditer(r"\d+(?:\.\d+)?", token):
            value, decimals, digits = _parse_num(part.group())
            yield Numeral(
                (s + part.start(), s + part.end()),
                part.group(),
                "number",
                value=value,
                decimals=decimals,
                literal=digits,
                date=reading,
            )
        return
    yield from _plain_numeral(text, s, e, token, plain)


def _letter_follows(text: str, end: int) -> bool:
    """Does a word start right after ``end`` (past a few spaces)? Cheap test that spares the
    suffix regexes (am/pm, scale, percent, currency) on most numbers."""
    return text[end : end + 8].lstrip()[:1].isalpha()


def _bare(word: str) -> str:
    """The word without the punctuation around it ("(May" -> "may")."""
    return word.strip(_PUNCTUATION).lower()


def _month_before(text: str, start: int) -> bool:
    """Is the word before ``start`` (or the one before "the") a month name?"""
    if start == 0 or not text[start - 1].isspace():
        return False
    words = text[max(0, start - 16) : start].split()
    if words and _bare(words[-1]) == "the":
        words = words[:-1]
    return bool(words) and _bare(words[-1]) in MONTHS


def _month_after(text: str, end: int) -> bool:
    """Is the word after ``end`` (or the one after "of", "de") a month name?"""
    if not text[end : end + 1].isspace():
        return False
    words = text[end : end + 16].split()[:2]
    if words and _bare(words[0]) in _LEXICON.day_month_links:
        words = words[1:]
    return bool(words) and _bare(words[0]) in MONTHS


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
        ampm = (
            _AMPM_AFTER.match(text, e)
            if kind != "ordinal" and value <= 12 and decimals == 0 and _letter_follows(text, e)
            else None
        )
        if ampm:
            hour = int(value) % 12 + (12 if ampm.group(1).lower() == "p" else 0)
            yield Numeral(
                (s, ampm.end()), text[s : ampm.end()], "time", value=float(hour), time=(hour, 0, True)
            )
            return
        month_before = _MONTH_BEFORE.search(text, max(0, s - 16), s) if _month_before(text, s) else None
        month_after = _MONTH_AFTER.match(text, e) if _month_after(text, e) else None
        if (month_before or month_after) and 31 < value < 100 and decimals == 0:
            # "May 37", "37th of May": a day no month has; its digits explain nothing, only
            # the same text in the evidence would.
            first = month_before.start(1) if month_before else s
            last = month_after.end() if month_after and not month_before else e
            yield Numeral((first, last), text[first:last], "invalid", value=value, literal=text[first:last])
            return
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
        if month_after and value <= 31 and decimals == 0:
            year = int(month_after.group(2)) if month_after.group(2) else None
            yield Numeral(
                (s, month_after.end()),
                text[s : month_after.end()],
                "date",
                date=(year, MONTHS[month_after.group(1).lower()], int(value)),
            )
            return
    words_after = _letter_follows(text, e)
    if scale == 1.0 and kind in ("number", "money") and words_after:
        scale_word = _SCALE_AFTER.match(text, e)
        if scale_word:
            scale = _SCALES[scale_word.group(1).lower()]
            tail = scale_word.end()
    if kind == "number":
        percent_sign = text[tail : tail + 4].lstrip()[:1] == "%"
        percent = _PERCENT_AFTER.match(text, tail) if words_after or percent_sign else None
        if percent:
            kind = "percent"
            tail = percent.end()
        elif (words_after and _CURRENCY_AFTER.match(text, tail)) or (
            s > 0
            and (text[s - 1].isspace() or text[s - 1].isalpha())
            and _CURRENCY_BEFORE.search(text, max(0, s - 5), s)
        ):
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

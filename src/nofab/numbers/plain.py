"""A plain number in its context: "42.73", "$1,200", "5k", "3rd", "7pm", "3 May", "20
percent", "1.2 million", "1,500 USD" — what the digits are, read from the words around them.

``read_plain`` is the one reading of a plain number (``nofab.numbers.extract`` calls it for
every bare number of an answer, and for the number inside "37-hour" or "$90/person"). Its
cost is a small constant: each regex that reads the words around the number runs only when
the first character of the next (or previous) word can start what it looks for, a test
derived from the lexicon so that it never skips a match the regex would have found.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeVar

from nofab.numbers.lexicon import alternation, ascii_runs, number_words
from nofab.numbers.locale import grouped_reading, plain_digits
from nofab.numbers.numeral import Numeral, NumeralKind

_V = TypeVar("_V")

_LEXICON = number_words()
#: Month names and abbreviations of every language -> month number.
MONTHS: dict[str, int] = _LEXICON.months
MONTH_ALT = alternation(MONTHS)
DAY_MONTH_LINK = alternation(_LEXICON.day_month_links)

_AMPM_AFTER = re.compile(r"\s*([ap])(?:\.\s?m\.|m\b)", re.IGNORECASE)
_SCALE_AFTER = re.compile(rf"\s*({alternation(_LEXICON.scales)})\b", re.IGNORECASE)
_PERCENT_AFTER = re.compile(rf"\s*(?:%|(?:{alternation(_LEXICON.percent_words)})\b)", re.IGNORECASE)
_CURRENCY_AFTER = re.compile(rf"\s*(?:{alternation(_LEXICON.currencies)})\b", re.IGNORECASE)
_CURRENCY_BEFORE = re.compile(rf"(?<![^\W\d_])(?:{alternation(_LEXICON.currency_codes)})\s*$", re.IGNORECASE)
_MONTH_BEFORE = re.compile(rf"\b({MONTH_ALT})\.?\s+(?:the\s+)?$", re.IGNORECASE)
#: A month name after a day, and the year after it, perhaps after a link word: "17 de junio
#: de 2011" as "17 juin 2011". Principle: the year a link joins to a date is that date's year,
#: so the date is checked whole, not as a date and a loose year. Risk: a year of another
#: phrase right after a date and a link word ("the 3 of May of 2020's plan") joins the date.
_MONTH_AFTER = re.compile(
    rf"\.?\s+(?:(?:{DAY_MONTH_LINK})\s+)?({MONTH_ALT})\b\.?(?:,?\s+(?:(?:{DAY_MONTH_LINK})\s+)?(\d{{4}})\b)?",
    re.IGNORECASE,
)
#: Month names that are also English words or abbreviations a sentence may open with: "24.
#: May I ..." is a number and a question, so a day written with a dot (German "24. Mai",
#: "3. März") is read only before the other names.
_NOT_AFTER_DOT = frozenset({"may", "march", "mar"})
_YEAR_AFTER = re.compile(r",?\s+(\d{4})\b")
_LIST_MARKER_BEFORE = re.compile(r"(?:^|\n)[ \t>*#-]*$")

#: Scale suffixes glued to the number ("5k", "$2M") and scale words of every language.
SCALES = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12, **_LEXICON.scales}
_ORDINALS = frozenset({"st", "nd", "rd", "th"})
# Unit suffixes that leave the number what it is ("5kg", "32min", "3x").
UNITS = _UNITS = frozenset(
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
_PUNCTUATION = "".join(chr(c) for c in range(0x21, 0x7F) if not chr(c).isalnum()) + "¿¡«»“”‘’—–"


def _folded(table: dict[str, _V]) -> dict[str, _V]:
    """``table`` also keyed by each key case-folded: a case-insensitive regex matches "ſ"
    for "s" and the Kelvin sign for "k", which ``lower()`` leaves as they are."""
    return {**{key.casefold(): value for key, value in table.items()}, **table}


def _lookup(table: dict[str, _V], word: str) -> _V:
    """The entry for ``word`` as a case-insensitive regex matched it."""
    found = table.get(word.lower())
    return found if found is not None else table[word.casefold()]


_SCALE_KEYS = _folded(SCALES)
_MONTH_KEYS = _folded(MONTHS)


def _starters(words: Iterable[str]) -> frozenset[str]:
    """The ASCII characters that a case-insensitive regex alternation of ``words`` can start
    with. A regex reading the words after a number runs only when the next character past
    the spaces is one of these, or lies outside ASCII (where case folding has cases not
    listed here): the test never skips a match the regex would have found."""
    firsts = {w[:1] for w in words if w}
    ascii_chars = (chr(c) for c in range(128))
    return frozenset(
        c for c in ascii_chars if any(re.fullmatch(re.escape(f), c, re.IGNORECASE) for f in firsts)
    )


_AMPM_STARTS = _starters(("a", "p"))
_SCALE_STARTS = _starters(_LEXICON.scales)
_PERCENT_STARTS = _starters((*_LEXICON.percent_words, "%"))
_CURRENCY_STARTS = _starters(_LEXICON.currencies)
_CODES = frozenset(code.lower() for code in _LEXICON.currency_codes)
#: The lengths of the codes, longest first: a code ends the text before a number when the
#: last ``n`` characters are one, for some ``n`` here (a set lookup per length, not a scan
#: of every code per number).
_CODE_LENGTHS = tuple(sorted({len(code) for code in _CODES}, reverse=True))
_CODE_ENDS = frozenset(code[-1:] for code in _CODES)


def _may_start(follows: str, starts: frozenset[str]) -> bool:
    """Can the text past the spaces, starting with ``follows``, start one of the words
    ``starts`` was made from? (``follows`` is empty when no character comes within a few
    spaces: the regex, which skips any number of spaces, must then decide.)"""
    return not follows or follows in starts or not follows.isascii()


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
    """Is the word after ``end`` (or the one after "of", "de") a month name? A dot may close
    the day first, as German writes it ("24. Mai"), before a capitalised month name."""
    dotted = text[end : end + 1] == "."
    if dotted:
        end += 1
    if not text[end : end + 1].isspace():
        return False
    words = text[end : end + 16].split()[:2]
    if words and _bare(words[0]) in _LEXICON.day_month_links and not dotted:
        words = words[1:]
    if not words or _bare(words[0]) not in MONTHS:
        return False
    return not dotted or (words[0][:1].isupper() and _bare(words[0]) not in _NOT_AFTER_DOT)


def _currency_before(text: str, s: int) -> bool:
    """Does a currency code stand right before the number ("USD 30", "EUR30")?

    What ``_CURRENCY_BEFORE`` finds within the five characters before the number, answered
    by comparing the end of those characters with each code when they are ASCII (no case
    folding but lower-casing can then make them a code)."""
    if s == 0 or not (text[s - 1].isspace() or text[s - 1].isalpha()):
        return False
    window = max(0, s - 5)
    before = text[window:s].rstrip()
    if before.isascii():
        lowered = before.lower()
        # a whole word only: "takes 7h" ends in "kes" and holds no code
        if lowered[-1:] not in _CODE_ENDS:
            return False  # most numbers: no code ends with the character before them
        size = len(lowered)
        for n in _CODE_LENGTHS:
            if (
                n <= size
                and lowered[size - n :] in _CODES
                and (size == n or not lowered[size - n - 1].isalpha())
            ):
                return True
        return False
    return _CURRENCY_BEFORE.search(text, window, s) is not None


#: The codes as ``ascii_runs`` holds words (all of them, or ``codes_possible`` never rules out).
_CODE_RUNS = frozenset(code.encode() for code in _CODES if code.isascii() and code.isalpha())


#: A text at least this long is read for its runs of letters before its numbers are asked
#: for a code (on a short one the few questions cost less than the read).
_CODES_GATED = 2000


def codes_possible(text: str) -> bool:
    """May a currency code stand right before some number of ``text`` (``_currency_before``)?
    Read once per long text, from its runs of letters (``lexicon.ascii_runs``, shared by every
    gate of the answer): a code found there ends a run of letters (a space or the number
    follows it), so in ASCII text it is the end of one of the runs, lowered. False only then;
    every number of an answer dense with numbers asked it (a fifth of reading a plain number)."""
    if len(text) < _CODES_GATED:
        return True
    runs = ascii_runs(text)
    if runs is None or len(_CODE_RUNS) != len(_CODES):
        return True
    return any(run[-n:] in _CODE_RUNS for run in runs for n in _CODE_LENGTHS if len(run) >= n)


def _time(s: int, e: int, text: str, value: float, pm: bool) -> Numeral:
    hour = int(value) % 12 + (12 if pm else 0)
    return Numeral((s, e), text, "time", float(hour), 0, 1.0, "", None, (hour, 0, True))


def read_plain(
    text: str,
    s: int,
    e: int,
    token: str,
    num: str,
    money: bool = False,
    suffix_raw: str = "",
    negative: bool = False,
    codes: bool = True,
) -> Numeral | None:
    """The number ``num`` written at ``text[s:e]`` (``token``; ``money`` when a currency sign
    leads it, ``suffix_raw`` glued after it, ``negative`` when a minus sign leads it), read
    with the words around it; None when it is no number ("12abc", a list marker "1.").
    ``codes``: False when no currency code can stand before any number of ``text``
    (``codes_possible``)."""
    digits = plain_digits(num) if "," in num else num
    value = float(digits)
    decimals = len(digits) - digits.index(".") - 1 if "." in digits else 0
    suffix = suffix_raw.lower()
    kind: NumeralKind = "money" if money else "number"
    scale = 1.0
    if suffix:
        if suffix == "%":
            kind = "percent"
        elif suffix in _ORDINALS:
            kind = "ordinal"
        elif suffix in SCALES and (suffix not in ("m", "b", "t") or suffix_raw[0].isupper() or money):
            scale = SCALES[suffix]
        elif suffix in ("am", "pm"):
            return _time(s, e, token, value, suffix == "pm")
        elif suffix not in _UNITS:
            return None  # "3rd-party" is read by the caller; "12abc" is an identifier
    tail = e
    # The first character past the spaces after the number, if it comes within eight.
    follows = text[e : e + 1]
    if follows.isspace():
        follows = text[e + 1 : e + 8].lstrip()[:1]
    words_after = follows.isalpha()
    if (suffix == "" or kind == "ordinal") and decimals == 0 and value < 100:
        if kind != "ordinal" and value <= 12 and words_after and _may_start(follows, _AMPM_STARTS):
            ampm = _AMPM_AFTER.match(text, e)
            if ampm:
                return _time(s, ampm.end(), text[s : ampm.end()], value, ampm.group(1).lower() == "p")
        month_before = _MONTH_BEFORE.search(text, max(0, s - 16), s) if _month_before(text, s) else None
        month_after = _MONTH_AFTER.match(text, e) if _month_after(text, e) else None
        if (month_before or month_after) and value > 31:
            # "May 37", "37th of May": a day no month has; its digits explain nothing, only
            # the same text in the evidence would.
            first = month_before.start(1) if month_before else s
            last = month_after.end() if month_after and not month_before else e
            written = text[first:last]
            return Numeral((first, last), written, "invalid", value, 0, 1.0, written, None, None)
        if month_before:
            year_match = _YEAR_AFTER.match(text, e)
            year = int(year_match.group(1)) if year_match else None
            end = year_match.end() if year_match else e
            first = month_before.start(1)
            date = (year, _lookup(_MONTH_KEYS, month_before.group(1)), int(value))
            return Numeral((first, end), text[first:end], "date", date=date)
        if month_after:
            year = int(month_after.group(2)) if month_after.group(2) else None
            date = (year, _lookup(_MONTH_KEYS, month_after.group(1)), int(value))
            # a period after the month with no year after it ends the sentence or an
            # abbreviation ("el 7 de octubre.", "le 7 oct."): no part of the date's text
            end = month_after.end() if year is not None else month_after.end(1)
            return Numeral((s, end), text[s:end], "date", date=date)
    if scale == 1.0 and kind in ("number", "money") and words_after and _may_start(follows, _SCALE_STARTS):
        scale_word = _SCALE_AFTER.match(text, e)
        if scale_word:
            scale = _lookup(_SCALE_KEYS, scale_word.group(1))
            tail = scale_word.end()
            follows = text[tail : tail + 8].lstrip()[:1]
    if kind == "number":
        # "%" within four characters (``follows`` looks eight characters ahead).
        percent_sign = follows == "%" and text[tail : tail + 4].lstrip()[:1] == "%"
        percent = (
            _PERCENT_AFTER.match(text, tail)
            if percent_sign or (words_after and _may_start(follows, _PERCENT_STARTS))
            else None
        )
        if percent:
            kind = "percent"
            tail = percent.end()
        elif (
            words_after and _may_start(follows, _CURRENCY_STARTS) and _CURRENCY_AFTER.match(text, tail)
        ) or (codes and _currency_before(text, s)):
            kind = "money"
        elif decimals == 0 and scale == 1.0 and "," not in token and 1900 <= value <= 2100 and not money:
            kind = "year"
        elif text[e : e + 1] in (".", ")") and _LIST_MARKER_BEFORE.search(text, max(0, s - 12), s):
            return None  # "1." / "2)" at the start of a line: a list marker
    if negative:
        value = -value
    if decimals == 3 and "," not in num:
        digits = grouped_reading(digits)
    # All nine fields in order, through ``tuple.__new__``: a third of the cost of the named
    # tuple's own constructor, on the path every plain number takes.
    return tuple.__new__(Numeral, ((s, tail), text[s:tail], kind, value, decimals, scale, digits, None, None))


__all__ = ["DAY_MONTH_LINK", "MONTHS", "MONTH_ALT", "SCALES", "UNITS", "codes_possible", "read_plain"]

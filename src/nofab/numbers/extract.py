"""Numbers in prose: ``extract_numerals`` reads every numeric literal of an answer and says
what it is (an amount of money, a percentage, a date, a time, a range, a code...).

Month names, scale words and currency words come from ``numbers.lexicon`` (five languages).
Every regex here is linear: token regexes are anchored at token starts by a look-behind,
and none nests unbounded quantifiers over overlapping classes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from nofab.numbers.convention import AMBIGUOUS, groups_with_dots
from nofab.numbers.hourlengths import length_cued
from nofab.numbers.hourmarks import hour_mark, uhr_time
from nofab.numbers.lexicon import number_words
from nofab.numbers.locale import DECIMAL_COMMA, GROUP_SEPARATORS, grouped_number
from nofab.numbers.moneysigns import CODE_BEFORE, MONEY_AFTER, SIGNS, money_after, sign_before, signs_possible
from nofab.numbers.numeral import Numeral, NumeralKind
from nofab.numbers.plain import DAY_MONTH_LINK, MONTH_ALT, MONTHS, codes_possible, read_plain

# Characters that can make up one "numeric word": "$1,234.50", "2024-03-03", "18:30",
# "v3.14.2", "A-1042", "42%". Brackets, quotes, asterisks and spaces separate words.
_WORD = r"\w$€£¥₹%.,:/+\-−–#@=~&"
_NUMERIC_WORD = re.compile(rf"(?<![{_WORD}])[{_WORD}]*?\d[{_WORD}]*")

#: A dollar sign with the letters of its country before it ("US$", "CA$", "C$", "A$", "NZ$",
#: "HK$", "R$", "MX$"): a money sign, as "$" alone is.
_PREFIXED = r"[a-z]{1,3}\$"
_PREFIXED_START = re.compile(r"[a-z]{1,3}\$[\d.-]", re.IGNORECASE)

# A decimal-comma form first ("54,20", "3.200,00": ``nofab.numbers.locale``), then English.
_NUM = rf"(?:{DECIMAL_COMMA}|(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?)"
_PLAIN = re.compile(
    rf"(?P<sign>[-−–+])?(?P<cur>{_PREFIXED}|[$€£¥₹])?(?P<sign2>[-−–])?(?P<num>{_NUM})"
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
#: Two clock times joined by a dash ("2:30–3:00", "14:30-15:00", "9:00am-10:30"): a range
#: of times, read as two times, never as four loose numbers.
_CLOCK_RANGE = re.compile(r"(\d{1,2}):(\d{2})(?:\s?([ap])\.?m\.?)?[-–—](\d{1,2}):(\d{2})", re.IGNORECASE)
#: A number glued to its unit or noun with a hyphen or a slash: "37-hour", "$90/person", and
#: the compounds German writes ("100-Dollar-Gutschein", "101-$-Zertifikat", "3-Tage-Pass").
#: Principle: the number of a compound is as much a claim as the same number standing alone,
#: and an amount when the next part names a currency. Risk: a compound whose number is a
#: label ("2-Faktor-Authentifizierung") is read as a number; small ones pass as structural.
_UNIT_SUFFIX = re.compile(
    r"((?:[A-Z]{1,3}\$|[$€£¥₹])?\d[\d,]*(?:\.\d+)?)[-–/]((?:[$€£¥₹][-–])?[^\W\d_]{2,20}(?:[-–][^\W\d_]{2,20}){0,3})"
)
_VERSION = re.compile(r"v?\d+(?:\.\d+){2,}", re.IGNORECASE)
_AMPM_AFTER = re.compile(r"\s*([ap])(?:\.\s?m\.|m\b)", re.IGNORECASE)

#: A clock time written with "h" between hour and minutes, as French, Spanish and Portuguese
#: write it ("16 h 45", "16h45"). Principle: the "h" joins an hour of the day to two minute
#: digits; not "1h 15m" or "3 h 30 min" (a unit follows) nor a decimal or a longer number. Risk: a duration
#: written the same way ("un vol de 5 h 15") reads as a time of day and is checked as one.
_H_CLOCK = re.compile(
    r"([01]?\d|2[0-3]) ?[hH] ?([0-5]\d)(?![\w:.,]\w|[\w%]|\s?(?:m|mn|mins?|minut[eo]s?|minuten)\b)"
)

_TRAILING = ".,:;!?/-–"
_LEADING = ":/=~&#@"
_DIGITS = frozenset("0123456789")


def _parse_num(raw: str) -> tuple[float, int, str]:
    digits = raw.replace(",", "")
    decimals = len(digits) - digits.index(".") - 1 if "." in digits else 0
    return float(digits), decimals, digits


def _valid_date(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


def extract_numerals(text: str) -> list[Numeral]:
    """Every numeric literal in ``text``, classified.

    One regex pass finds the numeric words; a word of ASCII digits with at most one decimal
    point (most of them) goes straight to ``read_plain``, without the token regexes that
    only compound words ("2024-03-03", "$1,200", "37-hour") need."""
    out: list[Numeral] = []
    append = out.append
    covered = 0  # "March 3, 2024" consumes the "2024" token that follows it
    dotted = groups_with_dots(text)  # "1.500.000" or "0,25" fixes "607.677" as 607677
    # Read once per answer: a currency sign anywhere (else ``money_after`` keeps every numeral
    # as it is: it needs one beside the digits) and a currency code before some number.
    signs, codes = signs_possible(text), codes_possible(text)
    for match in _NUMERIC_WORD.finditer(text):
        start = match.start()
        if start < covered:
            continue
        word = match.group()
        if word[0] in _DIGITS and "hr" in text[start + 1 : start + 9] and (said := uhr_time(text, start)):
            end, hour, minute = said  # "um 15 Uhr", "bis 9.30 Uhr": a time (numbers/hourmarks.py)
            told = (hour, minute, hour > 12)
            append(Numeral((start, end), text[start:end], "time", float(hour), time=told))
            covered = end
            continue
        if word[0] in _DIGITS and ("h" in (near := text[start + 1 : start + 4]) or "H" in near):
            clock = _H_CLOCK.match(text, start)
            if clock is not None and length_cued(text, start):  # "escale de 1 h 15": a length
                minutes = float(int(clock.group(1)) * 60 + int(clock.group(2)))
                append(Numeral(clock.span(), clock.group(), "number", minutes))
                covered = clock.end()
                continue
            if clock is not None:
                hour, minute = int(clock.group(1)), int(clock.group(2))
                append(Numeral(clock.span(), clock.group(), "time", float(hour), time=(hour, minute, True)))
                covered = clock.end()
                continue
            # "à 14 h", "entre 14 h et 16 h": an hour with no minutes, placed by a word before it
            previous = out[-1].span[1] if out and out[-1].kind == "time" else None
            if (marked := hour_mark(text, start, previous)) is not None:
                end, hour = marked
                append(Numeral((start, end), text[start:end], "time", float(hour), time=(hour, 0, True)))
                covered = end
                continue
        grouped = _grouped(text, start, word, dotted) if _MAY_GROUP.match(text, start) else None
        if grouped is not None:
            append(grouped)
            covered = grouped[0][1]
            continue
        if word[0] in _DIGITS:
            token = word.rstrip(_TRAILING)
            if dotted and _COMMA_THREE.fullmatch(token):
                # "3,874 €" where the text groups with dots: a decimal comma (convention.py)
                numeral = read_plain(text, start, start + len(token), token, token.replace(",", "."))
                if numeral is not None and numeral[0][1] > covered:
                    append(money_after(text, numeral))
                    covered = numeral[0][1]
                continue
            if token.isascii() and (token.isdigit() or token.replace(".", "", 1).isdigit()):
                num = token.replace(".", "") if dotted and AMBIGUOUS.fullmatch(token) else token
                numeral = read_plain(text, start, start + len(token), token, num, codes=codes)
                if numeral is not None and numeral[0][1] > covered:
                    append(money_after(text, numeral) if signs else numeral)
                    covered = numeral[0][1]
                continue
        for numeral in _classify(text, start, word):
            if numeral.span[1] > covered:
                out.append(money_after(text, numeral))
                covered = max(covered, numeral.span[1])
    return out


#: One comma and exactly three digits: thousands in English, a decimal comma where the text
#: groups thousands with dots ("3,874 €" beside "4.951,20 €").
_COMMA_THREE = re.compile(r"\d{1,3},\d{3}")

#: Where a grouped number ("1 280", "1'280", "1.888", "$1 280") may start: a run of one to
#: three digits (after one currency sign) followed by a separator and three digits.
_MAY_GROUP = re.compile(rf"[{SIGNS}]?\d{{1,3}}[{GROUP_SEPARATORS}]\d{{3}}")


def _grouped(text: str, start: int, word: str, dotted: bool = False) -> Numeral | None:
    """A number whose thousands are grouped the way fr, de, ch write them (``grouped_number``
    in ``nofab.numbers.locale``): money when a currency sign or code stands before or after
    it, and a plain number (only for the no-break spaces and the apostrophe, which nothing but
    grouping writes between digits, and for dots when the text groups with dots: ``dotted``,
    ``nofab.numbers.convention``) otherwise."""
    before = text[start - 2 : start]
    if len(before) == 2 and before[0] in _DIGITS and before[1] in GROUP_SEPARATORS:
        return None  # inside a grouping whose first group made none: each run is tried once
    sign = word[0] in SIGNS
    s = start + 1 if sign else start
    found = grouped_number(text, s)
    if found is None:
        return None
    end, digits, loose = found
    money = (
        sign
        or MONEY_AFTER.match(text, end) is not None
        or CODE_BEFORE.search(text, max(0, s - 5), s) is not None
        or sign_before(text, s)
    )
    if loose and not money and not (dotted and "." in text[s:end]):
        return None
    if not sign and s > 0 and text[s - 1] in "-−+.,":
        return None  # the tail of a longer number or a negative one: the usual readings decide
    decimals = len(digits) - digits.index(".") - 1 if "." in digits else 0
    written = text[start:end]
    if sign and not dotted and AMBIGUOUS.fullmatch(text, s, end):
        # "€3.874" in a text that fixes no convention reads two ways, as a plain "1.750" does
        # (``locale.grouped_reading``); a sign written before the digits is the English way of
        # writing money, so the English value, the grouped digits as its literal ("3.874 €",
        # the sign after, keeps the grouped reading: 3874)
        return Numeral((start, end), written, "money", float(text[s:end]), 3, 1.0, digits)
    return Numeral(
        (start, end), written, "money" if money else "number", float(digits), decimals, 1.0, digits
    )


def _plain(text: str, s: int, e: int, token: str, plain: re.Match[str]) -> Iterator[Numeral]:
    """``read_plain`` on what ``_PLAIN`` matched in ``token``."""
    negative = plain.group("sign") in ("-", "−", "–") or bool(plain.group("sign2"))  # numbers/signs.py
    numeral = read_plain(
        text, s, e, token, plain.group("num"), bool(plain.group("cur")), plain.group("suffix") or "", negative
    )
    if numeral is not None:
        yield numeral


def _money_glued(glued: str) -> bool:
    """Does the word glued after a number name a currency ("$-Zertifikat", "Dollar-Gutschein")?"""
    head = glued.split("-", 1)[0].split("–", 1)[0]
    return glued[:1] in "$€£¥₹" or head.lower() in _currency_words()


@cache
def _currency_words() -> frozenset[str]:
    return frozenset(w.lower() for w in number_words().currencies if w.isalpha())


def _groups(text: str, s: int, e: int, token: str) -> Iterator[Numeral]:
    """Digit groups joined by dashes: an ISO date, a range of two numbers, or a code."""
    iso = ISO_DATE.fullmatch(token)
    if iso:
        y, mo, d = int(iso.group(1)), int(iso.group(2)), int(iso.group(3))
        if _valid_date(mo, d):
            yield Numeral((s, e), token, "date", date=(y, mo, d))
            return
    parts = token.replace("–", "-").split("-")
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


def _classify(text: str, start: int, word: str) -> Iterator[Numeral]:
    # Trim sentence punctuation ("$30." "(24," "5?") but keep a trailing "%".
    lead = len(word) - len(word.lstrip(_LEADING))
    token = word[lead:].rstrip(_TRAILING)
    s = start + lead
    e = s + len(token)
    if not token:
        return
    if token.isdigit() or (token[0].isdigit() and token.replace(".", "", 1).isdigit()):
        # "1717" or "42.73" in digits outside ASCII: only the plain reading can apply.
        plain = _PLAIN.fullmatch(token)
        if plain is not None:
            yield from _plain(text, s, e, token, plain)
        return
    # Every reading below needs a leading digit, sign or currency ("US$30", "CA$12"; casefold as the
    # regex reads "ſ"): "HAT123-45" is no numeral, decided before a dozen regexes try it.
    # (A digit is always left: the word holds one, and only signs and punctuation are trimmed.)
    if token[0].isalpha() and not _PREFIXED_START.match(token):
        return
    if _GROUPS.fullmatch(token):
        # Digit groups joined by dashes ("123-456-7890", "20-30", "2024-03-03"): of the
        # readings below only the ISO date can apply (the others need ".", "/" or ":").
        yield from _groups(text, s, e, token)
        return
    if "@" in token or "://" in token or token.lower().startswith("www.") or "=" in token or "&" in token:
        return  # emails, URLs, query strings: entities, not numbers
    # Each reading below is tried only when the token holds the character it cannot match
    # without ("." twice, "-", "/", ":"): most compound tokens ("$1,299.39", "76%") hold
    # none of them, and a failing regex costs more than the test.
    if token.count(".") >= 2 and _VERSION.fullmatch(token):
        return
    iso = ISO_DATE.fullmatch(token) if "-" in token else None
    if iso:
        y, mo, d = int(iso.group(1)), int(iso.group(2)), int(iso.group(3))
        if _valid_date(mo, d):
            yield Numeral((s, e), token, "date", date=(y, mo, d))
            return
    slash = SLASH_DATE.fullmatch(token) if "/" in token else None
    if slash:
        a, b, y = int(slash.group(1)), int(slash.group(2)), int(slash.group(3))
        year = y + 2000 if y < 100 else y
        if _valid_date(a, b) or _valid_date(b, a):
            # Month/day order is ambiguous (the index accepts either reading); the numeral
            # keeps a valid one: "22/2/30" is 22 February.
            month, day = (a, b) if _valid_date(a, b) else (b, a)
            yield Numeral((s, e), token, "date", date=(year, month, day))
            return
    clock = _CLOCK.fullmatch(token) if ":" in token else None
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
    unit = _UNIT_SUFFIX.fullmatch(token) if "-" in token or "–" in token or "/" in token else None
    if unit and (unit.group(2).islower() or unit.group(2).istitle()):
        # "37-hour", "3-night", "$90/person": a number whose unit is glued on with a hyphen
        # or a slash is that number.
        number = unit.group(1)
        plain = _PLAIN.fullmatch(number)
        if plain is not None and _money_glued(unit.group(2)):
            # "100-Dollar-Gutschein", "101-$-Zertifikat": an amount of that currency
            found = read_plain(text, s, s + len(number), number, plain.group("num"), True, "", False)
            if found is not None:
                yield found
        elif plain is not None:
            yield from _plain(text, s, s + len(number), number, plain)
        return
    clocks = _CLOCK_RANGE.fullmatch(token)
    if clocks and _clock_range(clocks):
        yield from _times(text, s, e, clocks)
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
    yield from _plain(text, s, e, token, plain)


def _clock_range(m: re.Match[str]) -> bool:
    """Both ends are times of day."""
    return int(m.group(1)) <= 24 and int(m.group(2)) < 60 and int(m.group(4)) <= 24 and int(m.group(5)) < 60


def _times(text: str, s: int, e: int, m: re.Match[str]) -> Iterator[Numeral]:
    """The two times of a clock range. An "am"/"pm" after the range fixes its end; the start
    keeps its own, or else stays open to either reading ("2:30–3:00 PM" may start at 2:30
    or 14:30, as a bare "2:30" would), so only a 24-hour or marked start is exact."""
    first_hour, first_minute = int(m.group(1)), int(m.group(2))
    marked = m.group(3)
    if marked:
        first_hour = first_hour % 12 + (12 if marked.lower() == "p" else 0)
    first_end = s + m.start(4) - 1
    yield Numeral(
        (s, first_end),
        text[s:first_end],
        "time",
        value=float(first_hour),
        time=(first_hour, first_minute, bool(marked) or first_hour > 12),
    )
    hour, minute = int(m.group(4)), int(m.group(5))
    ampm = _AMPM_AFTER.match(text, e)
    if ampm:
        hour = hour % 12 + (12 if ampm.group(1).lower() == "p" else 0)
        e = ampm.end()
    start = s + m.start(4)
    yield Numeral(
        (start, e), text[start:e], "time", value=float(hour), time=(hour, minute, bool(ampm) or hour > 12)
    )


__all__ = [
    "DAY_MONTH_LINK",
    "ISO_DATE",
    "MONTHS",
    "MONTH_ALT",
    "SLASH_DATE",
    "Numeral",
    "NumeralKind",
    "extract_numerals",
]

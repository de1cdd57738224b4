"""How the separators of a written number read: "1,234.50" (English), "3.200,00" and
"54,20" (a decimal comma, with or without dot grouping), and "$4.2M" (a glued magnitude).

Principle: a comma followed by a run of digits that is not exactly three long, with no
further digit group, is a decimal comma ("54,20 €", "14,8", "1,0842"): thousands are grouped
by threes in every convention, so such a run cannot be a group, whatever the answer's
language, and the comma can only be the decimal one of de, fr, es, pt (an exchange rate has
four decimals). Dots grouping exact triples and followed by a comma ("3.200,00", "1.787,5")
are European grouping, the comma then being the decimal one; a comma followed by three
digits ("1,750") stays English thousands, the reading the number had before, unless a dot
group before it decides otherwise. Both the answer
(``nofab.numbers.extract``) and the evidence (``nofab.numbers.index``) read numbers through
here, so a number written the same way on both sides reads the same.

Risk: a list or a pair glued by a comma with no space ("Rows 3,45", coordinates "48,85")
reads as one decimal number, which the evidence then has to hold as that decimal (so does a
pair with a longer second part, "3,4500"); a longer list ("1,2,3") is no decimal (the comma is
followed by a further digit group), nor is Indian grouping ("1,00,000").
"""

from __future__ import annotations

import re

#: The decimal-comma forms, as a regex fragment tried before the English ones: dot groups of
#: three closed by a decimal comma, or digits with one comma and one, two, or four or more
#: digits after it ("54,20", "1,0842"). The look-ahead keeps "1,234" (a third digit follows
#: two) English and "1,2,3" (a further group follows) a list; the runs are possessive, so a
#: failed look-ahead gives up at once.
DECIMAL_COMMA = r"\d{1,3}(?:\.\d{3})+,\d++(?!,\d)|\d++,(?:\d{1,2}|\d{4,}+)(?![\d]|,\d)"

#: The same forms in evidence text, matched where a number starts (``matches_at``).
_EVIDENCE_DECIMAL_COMMA = re.compile(rf"(?:{DECIMAL_COMMA})(?![.,]\d)")
#: A digit, a comma, a digit: where a decimal comma may be (a JSON list has "1, 2").
_COMMA_BETWEEN_DIGITS = re.compile(r"\d,\d")
_GLUE = frozenset("0123456789.,")


def plain_digits(num: str) -> str:
    """The digits of a written number with at most one decimal point, as ``float`` reads
    them: "1,234.50" -> "1234.50", "3.200,00" -> "3200.00", "54,20" -> "54.20", "1,0842" ->
    "1.0842"."""
    if "," not in num:
        return num
    if "." in num:
        if num.index(".") < num.rindex(","):
            return num.replace(".", "").replace(",", ".")  # "3.200,00": European grouping
        return num.replace(",", "")  # "1,234.50": English thousands
    head, _, tail = num.rpartition(",")
    if len(tail) != 3 and "," not in head:
        return f"{head}.{tail}"  # "54,20", "1,0842": a decimal comma (no group of three)
    return num.replace(",", "")  # "1,750": English thousands, as before


def grouped_reading(digits: str) -> str:
    """The literal a number with one dot and three digits after it is matched by.

    Principle: "1.750" reads two ways, 1.75 in English and 1750 with European grouping, and
    a value read two ways may match either reading. Its value stays the English one (what
    every comparison uses); its literal, which the evidence is searched for as a whole
    token, becomes the grouped digits "1750", so an evidence 1750 grounds "1.750 €" while
    an evidence 1.75 still grounds it by value. A leading "0" ("0.750") is never grouping.
    Risk: an English three-decimal "1.750" is grounded by a whole 1750 in the evidence (a
    thousandfold slip no longer caught when the evidence holds the larger number)."""
    head, dot, tail = digits.partition(".")
    if dot and len(tail) == 3 and 1 <= len(head) <= 3 and head[0] != "0" and (head + tail).isdigit():
        return head + tail
    return digits


def matches_at(text: str, hints: re.Pattern[str], pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """``pattern`` matched at the start of each number that holds a match of ``hints``.

    Why: a pattern tried at every digit of a large result costs more than the rest of its
    indexing; ``hints`` (a short pattern that starts with a digit, which the regex engine
    skips to quickly) finds the few numbers worth trying. A number starts after anything
    but a digit, a dot or a comma, so "2,3" inside "1,2,3" is never read on its own."""
    found: list[re.Match[str]] = []
    tried = -1  # the start last tried: hints come in order, and so do their numbers' starts
    last = -1  # the previous hint, whose number starts at ``tried``
    for hint in hints.finditer(text):
        start = here = hint.start()
        # Back over the glue to the number's start, stopping at the previous hint (its start
        # is known): each character is walked once, so "1,1,1,..." stays linear.
        while start > 0 and text[start - 1] in _GLUE:
            start -= 1
            if start == last:
                start = tried
                break
        last = here
        if start == tried:
            continue
        tried = start
        match = pattern.match(text, start)
        if match is not None:
            found.append(match)
    return found


def decimal_comma_values(text: str) -> list[float]:
    """The values of the decimal-comma numbers written in ``text`` ("54,20" -> 54.2)."""
    if "," not in text:
        return []
    found = matches_at(text, _COMMA_BETWEEN_DIGITS, _EVIDENCE_DECIMAL_COMMA)
    return [float(plain_digits(m.group())) for m in found]


#: Characters that group the thousands of a number: a space, a no-break space, a narrow
#: no-break space (French "1 280"), an apostrophe (Swiss "1'280") and a dot (German "1.888").
GROUP_SEPARATORS = " \u00a0\u202f'’."
#: A well-formed grouping: a first group of one to three digits (not starting with "0"), then
#: groups of exactly three digits joined by one and the same separator, then perhaps a
#: decimal part of one or two digits; no digit, letter or further (ill-formed) group after it.
_GROUPED = re.compile(
    r"([1-9]\d{0,2})([ \u00a0\u202f'’.])\d{3}(?:\2\d{3})*(?:([.,])\d{1,2})?(?![\w'’]|[.,]\d|\2\d)"
)
#: Separators that may also just part two numbers ("rooms 1 280", "version 1.888").
_LOOSE_SEPARATORS = frozenset(" .")


def grouped_number(text: str, start: int) -> tuple[int, str, bool] | None:
    """The end and the plain digits ("1280", "1280.50") of a number written at ``start`` with
    its thousands grouped by a space, a no-break space, an apostrophe or a dot ("1 280",
    "1 280,50", "1'280", "1.234.567"), and whether that separator is a loose one.

    Principle: a separator is grouping only in a well-formed grouping (a first group of one to
    three digits, then groups of exactly three), and the decimal mark is then the other
    character. A no-break space or an apostrophe between digits is written to group them; a
    plain space or a dot (loose) may as well part two numbers or be a decimal point, so the
    caller reads a loose grouping only beside a currency sign or code ("1 280 $", "1.888 €"
    as French and German write money). Risk: two amounts listed with one space ("5 280 €" for
    5 and 280 €) read as one."""
    match = _GROUPED.match(text, start)
    if match is None:
        return None
    separator, mark = match.group(2), match.group(3)
    if separator == mark:
        return None
    written = match.group()
    whole, fraction = written.rsplit(mark, 1) if mark else (written, "")
    digits = "".join(c for c in whole if c.isdigit())
    return match.end(), f"{digits}.{fraction}" if fraction else digits, separator in _LOOSE_SEPARATORS


#: An amount right before the end of the searched window, started after anything but a digit
#: or a separator: decimal comma, grouped thousands (any separator), English, or plain.
_AMOUNT_BEFORE_SIGN = re.compile(
    rf"(?<![\d.,'’\u00a0\u202f])({DECIMAL_COMMA}"
    r"|[1-9]\d{0,2}(?:([ \u00a0\u202f'’.,])\d{3})(?:\2\d{3})*(?:[.,]\d{1,2})?"
    r"|\d+(?:\.\d+)?)[ \u00a0\u202f]?$"
)


def amounts_before_signs(text: str) -> list[float]:
    """The amounts written with the currency sign after them ("450,00 €", "1 280 $", "1.888 €")
    in evidence text, as the answer reads them (``nofab.numbers.extract``).

    Principle: an amount followed directly (at most one space) by a currency sign is money, as
    when the sign comes first. A dot grouping of exact triples ("1.888 €") holds both readings
    (1888 and 1.888). Cost: one search of a short window before each sign."""
    found: list[float] = []
    for sign in "$€£¥₹":
        i = text.find(sign)
        while i != -1:
            after = text[i + 1 : i + 2]
            if not (after.isalnum() or after == "_"):
                m = _AMOUNT_BEFORE_SIGN.search(text, max(0, i - 24), i)
                if m is not None:
                    written = m.group(1)
                    separator = m.group(2)
                    if separator and separator != "," and separator != ".":
                        written = written.replace(separator, "")
                    found.append(float(plain_digits(written)))
                    if separator == "." and "," not in written:
                        found.append(float(written.replace(".", "")))
            i = text.find(sign, i + 1)
    return found


_GROUP_HINT = re.compile(r"\d[ \u00a0\u202f'’.]\d{3}")


def grouped_values(text: str) -> list[float]:
    """The values of the numbers written in ``text`` with grouped thousands ("1 280", "1'280",
    "1.888", "1 612,40"), so that an amount the answer copies in that form is found (the same
    written form reads the same on both sides). A loose grouping (space, dot) is read here
    without a currency beside it: the evidence only gains a reading. Risk: "12 345" listing two
    numbers in the evidence also holds 12345."""
    found: list[float] = []
    for match in matches_at(text, _GROUP_HINT, _GROUPED):
        read = grouped_number(text, match.start())
        if read is not None:
            found.append(float(read[1]))
    return found


__all__ = [
    "DECIMAL_COMMA",
    "GROUP_SEPARATORS",
    "amounts_before_signs",
    "decimal_comma_values",
    "grouped_number",
    "grouped_reading",
    "grouped_values",
    "matches_at",
    "plain_digits",
]

"""Which mark a text groups thousands with: one answer, one number convention.

Principle: a writer uses one convention for the numbers of one text. A numeral grouped by two
or more dots ("1.500.000", "2.345.678,90") or written with a decimal comma ("0,000938",
"54,20", "3.200,00") fixes the dot as that text's grouping mark, so a numeral that reads two
ways — one dot and exactly three digits after it ("607.677", "1.407") — is then a whole
number with grouped thousands (607677), not a three-decimal fraction. A numeral that only the
other convention writes (a dot followed by a run of digits not three long, "3.5", "0.25";
English grouping with a decimal point, "1,234.50") keeps the text undecided: each ambiguous
numeral then reads as before (``nofab.numbers.locale.grouped_reading``). In a text that fixes
the dot so, a comma before exactly three digits ("3,874 €" beside "4.951,20 €") is a decimal
comma (3.874), not English grouping.

Risk: a text that mixes conventions in numbers that are all unambiguous in their own ("1,5"
beside "2.345.678" and an English "1.250" meaning 1.25) reads that "1.250" as 1250, and an
English "1,250" in it as 1.25; a text that shows no English-only numeral cannot say
otherwise. Dates written with dots ("3.12.2026")
and versions ("v2.10.3") have groups not three long and decide nothing. Cost: one regex pass
over the text.
"""

from __future__ import annotations

import re

#: A run of digits joined by dots and commas, standing alone (no digit, dot or comma glued to
#: either end but the sentence's full stop or comma after it), with at least one dot or comma
#: (a number without either decides nothing; not matching it is the same scan, as a match
#: cannot start inside it). Led by a digit test: most positions fail that before the look-behind.
_NUMBER = re.compile(r"(?=\d)(?<![\w.,])\d+(?:[.,]\d+)+")
#: Dot grouping: two or more groups of three after a first group of one to three digits,
#: perhaps with a decimal comma.
_DOTS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3}){2,}(?:,\d+)?|[1-9]\d{0,2}(?:\.\d{3})+,\d+")
#: A decimal comma: one comma and a run of digits other than three (``numbers.locale``).
_COMMA = re.compile(r"\d+,(?:\d{1,2}|\d{4,})")
#: Only the English convention writes these: a decimal point before a run not three long, or
#: comma grouping closed by a decimal point.
_ENGLISH = re.compile(r"\d+\.(?:\d{1,2}|\d{4,})|\d{1,3}(?:,\d{3})+\.\d+")
#: An ambiguous numeral: one dot, exactly three digits after it.
AMBIGUOUS = re.compile(r"[1-9]\d{0,2}\.\d{3}")


def groups_with_dots(text: str) -> bool:
    """Does ``text`` fix the dot as its thousands mark (and write no English-only numeral)?"""
    if "." not in text and "," not in text:
        return False
    european = False
    for found in _NUMBER.finditer(text):
        written = found.group()
        if _ENGLISH.fullmatch(written):
            return False
        if _DOTS.fullmatch(written) or _COMMA.fullmatch(written):
            european = True
    return european


__all__ = ["AMBIGUOUS", "groups_with_dots"]

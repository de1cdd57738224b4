"""How the separators of a written number read: "1,234.50" (English), "3.200,00" and
"54,20" (a decimal comma, with or without dot grouping), and "$4.2M" (a glued magnitude).

Principle: a comma followed by exactly one or two digits and no further digit group is a
decimal comma ("54,20 €", "14,8"); dots grouping exact triples and followed by a comma
("3.200,00", "1.787,5") are European grouping, the comma then being the decimal one; a
comma followed by three digits ("1,750") stays English thousands, the reading the number
had before, unless a dot group before it decides otherwise. Both the answer
(``nofab.numbers.extract``) and the evidence (``nofab.numbers.index``) read numbers through
here, so a number written the same way on both sides reads the same.

Risk: a list or a pair glued by a comma with no space ("Rows 3,45", coordinates "48,85")
reads as one decimal number, which the evidence then has to hold as that decimal; a longer
list ("1,2,3") is no decimal (the comma is followed by a further digit group).
"""

from __future__ import annotations

import re

#: The decimal-comma forms, as a regex fragment tried before the English ones: dot groups of
#: three closed by a decimal comma, or digits with one comma and one or two digits after it.
#: The look-ahead keeps "1,234" (a third digit follows) English and "1,2,3" (a further group
#: follows) a list.
DECIMAL_COMMA = r"\d{1,3}(?:\.\d{3})+,\d+(?!\d|,\d)|\d+,\d{1,2}(?![\d]|,\d)"

#: The same forms in evidence text, matched where a number starts (``matches_at``).
_EVIDENCE_DECIMAL_COMMA = re.compile(rf"(?:{DECIMAL_COMMA})(?![.,]\d)")
#: A digit, a comma, a digit: where a decimal comma may be (a JSON list has "1, 2").
_COMMA_BETWEEN_DIGITS = re.compile(r"\d,\d")
_GLUE = frozenset("0123456789.,")


def plain_digits(num: str) -> str:
    """The digits of a written number with at most one decimal point, as ``float`` reads
    them: "1,234.50" -> "1234.50", "3.200,00" -> "3200.00", "54,20" -> "54.20"."""
    if "," not in num:
        return num
    if "." in num:
        if num.index(".") < num.rindex(","):
            return num.replace(".", "").replace(",", ".")  # "3.200,00": European grouping
        return num.replace(",", "")  # "1,234.50": English thousands
    head, _, tail = num.rpartition(",")
    if len(tail) <= 2 and "," not in head:
        return f"{head}.{tail}"  # "54,20": a decimal comma
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


__all__ = ["DECIMAL_COMMA", "decimal_comma_values", "grouped_reading", "matches_at", "plain_digits"]

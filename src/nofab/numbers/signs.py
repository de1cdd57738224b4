"""Minus signs: the characters that, right before a number's digits, make it negative.

Principle: a writer types a minus as a hyphen ("-13"), as the minus sign U+2212 ("−13", what
typesetting and most models write) or as a dash ("–13"); before a digit, where a sign is
expected — at the start of the text or after anything but a digit, a letter or a decimal
mark — each is that number's sign. Between two digits or glued to a word it joins a range or
a code ("10-15", "10–15", "A-12") and is no sign.

Risk: a dash opening a list item glued to its number ("–13 rooms") reads as a sign; the sign
matters only where a comparison reads it (a temperature, ``nofab.numbers.units.SIGNED``), and
a list item's count is no temperature.
"""

from __future__ import annotations

#: The dimensions whose scales have an offset (0 °C is 32 °F), whose values convert with their
#: sign (``nofab.numbers.units``). Principle: elsewhere a number is compared by its size (a sign
#: is a direction the words give: "down 3", "−3"), and a linear conversion maps −x as it maps
#: x; a scale with an offset does not ("−13 °C" is 9 °F, "13 °C" is 55 °F), so a temperature is
#: read with its sign on both sides of a conversion. Risk: a temperature whose sign the answer
#: drops ("13 °C" for −13 °C) is no longer explained by the conversion, which is right.
SIGNED = frozenset({"temperature"})

#: Hyphen-minus, minus sign U+2212, en dash, figure dash, small and fullwidth hyphen-minus.
MINUS_SIGNS = "-\u2212\u2013\u2012\ufe63\uff0d"


def minus_before(text: str, start: int) -> bool:
    """Is the number whose digits start at ``start`` in ``text`` written with a minus sign?"""
    if start < 1 or text[start - 1] not in MINUS_SIGNS:
        return False
    before = text[start - 2 : start - 1]
    return not (before.isalnum() or before in (".", ","))


__all__ = ["MINUS_SIGNS", "SIGNED", "minus_before"]

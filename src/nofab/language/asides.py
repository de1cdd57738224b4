"""Parenthetical asides blanked out of a sentence, for reading its subject and verb together.

Principle: a short parenthesis between a thing and its verb ("Reservation HC2P5V (Lyon to
Porto, May 3) is cancelled", "Die Buchung K7 (Hin- und Rückflug) ist storniert") describes the
thing; the sentence still says what it would say without it. Replaced by spaces of the same
length, so every span still indexes the text. Only one line's flat parenthesis of at most
``MAX_ASIDE`` characters is blanked: a longer or nested one is no aside.

Risk: a parenthesis that carries the sentence's own verb ("Refund (processed) ...") is lost to
a reading of the blanked text; callers read the text as written first and the blanked one only
when that reading finds nothing.
"""

from __future__ import annotations

import re

#: The longest aside blanked (a route and a date range fit; a paragraph in brackets does not).
MAX_ASIDE = 80
_ASIDE = re.compile(rf"\([^()\n]{{1,{MAX_ASIDE}}}\)")


def blank_asides(text: str) -> str:
    """``text`` with each short parenthesis replaced by spaces (``text`` itself when it has none)."""
    if "(" not in text:
        return text
    return _ASIDE.sub(lambda m: " " * len(m.group()), text)


__all__ = ["MAX_ASIDE", "blank_asides"]

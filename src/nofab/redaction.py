"""Redaction of what nofab stores or emits: event previews and ledger records carry answer
text, and answers carry personal data.

A redactor is any ``Callable[[str], str]``. None is applied unless you pass one (the guard's
``redactor=`` for events, the ledger's ``redactor=`` for records): what counts as sensitive
is the deployment's call. ``redact_pii`` is a ready one for e-mail addresses, phone numbers
and payment card numbers (Luhn-checked, so order totals and ids are left alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

Redactor = Callable[[str], str]

_EMAIL = re.compile(r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+")
# 13-19 digits, optionally grouped by spaces or hyphens (a card number as people write it).
_CARD = re.compile(r"(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)")
# +1 (650) 555-7832, 650-555-7832, +44 20 7946 0958: 9-15 digits with phone punctuation.
_PHONE = re.compile(r"(?<![\w])\+?\(?\d{1,4}\)?(?:[ .-]?\(?\d{2,4}\)?){2,4}(?![\w])")


def _luhn(digits: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _card(match: re.Match[str]) -> str:
    digits = re.sub(r"\D", "", match.group())
    return "[card]" if _luhn(digits) else match.group()


def _phone(match: re.Match[str]) -> str:
    digits = re.sub(r"\D", "", match.group())
    return (
        "[phone]" if 9 <= len(digits) <= 15 and any(c in match.group() for c in "-. ()+") else match.group()
    )


def redact_pii(text: str) -> str:
    """Mask e-mail addresses, payment card numbers and phone numbers."""
    text = _EMAIL.sub("[email]", text)
    text = _CARD.sub(_card, text)
    return _PHONE.sub(_phone, text)


def redact_finding(finding: Mapping[str, Any], redactor: Redactor) -> dict[str, Any]:
    """A finding's dict with the text it quotes from the answer redacted."""
    out = dict(finding)
    for key in ("identifier", "reason"):
        if isinstance(out.get(key), str):
            out[key] = redactor(out[key])
    return out

"""The verb alternation factored by first letter matches exactly what the flat one does.

The factoring is a speed-up only (``nofab.language.vocabulary.by_first_letter``): for every
language's verb forms, a pattern built each way must find the same verbs at the same spans,
in running text, in upper case, with glued suffixes and with phrase verbs split by an object.
"""

from __future__ import annotations

import re

import pytest

from nofab.language.text import normalise
from nofab.language.vocabulary import _branches, by_first_letter, load

LANGUAGES = ("en", "es", "fr", "de", "pt")


def _forms(code: str) -> list[str]:
    data = load(code)
    return sorted({normalise(k) for key in ("verbs", "preterite", "verbs_motion") for k in data.get(key, {})})


def _texts(forms: list[str]) -> list[str]:
    prose = " ".join(forms)
    return [
        prose,
        prose.upper(),
        ", ".join(f"I {f}ed it" for f in forms),  # glued endings: a longer form or no match
        " and ".join(f.replace(" ", " you ") for f in forms),  # "logged you out"
        "".join(forms),  # no spaces: only the first form can start a word
    ]


@pytest.mark.parametrize("code", LANGUAGES)
def test_factored_alternation_finds_what_the_flat_one_finds(code: str) -> None:
    forms = _forms(code)
    branches = _branches(forms, "you|him|her|them|me|us|it")
    flat = re.compile(rf"\b(?P<verb>{'|'.join(branches)})\b", re.IGNORECASE)
    factored = re.compile(rf"\b(?P<verb>{by_first_letter(branches)})\b", re.IGNORECASE)
    assert factored.pattern != flat.pattern  # the factoring did apply
    for text in _texts(forms):
        assert [m.span("verb") for m in factored.finditer(text)] == [
            m.span("verb") for m in flat.finditer(text)
        ]


def test_letters_ignorecase_joins_share_a_group_in_flat_order() -> None:
    # "ſ" (long s) matches "s" under IGNORECASE: the two must not be tried as two groups.
    branches = ["ſent", "sa", "sent"]
    pattern = re.compile(rf"(?:{by_first_letter(branches)})", re.IGNORECASE)
    flat = re.compile("|".join(branches), re.IGNORECASE)
    for text in ("sent", "SENT", "ſent", "sa"):
        assert pattern.match(text).group() == flat.match(text).group()  # type: ignore[union-attr]


def test_a_branch_not_led_by_a_letter_leaves_the_alternation_flat() -> None:
    assert by_first_letter([r"\-x", "ab", "ac"]) == r"\-x|ab|ac"
    assert by_first_letter(["ab", "ac", "b"]) == "a(?:b|c)|b"

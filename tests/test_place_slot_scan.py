"""A place name's slot ("in Tacoma", "à Lyon", "bei Berlin") is found in an ASCII answer by a
case-free probe for the slot words, each hit then tried by the full pattern
(``placenames._slot_names``). The matches must be exactly ``finditer``'s: slot words in any
case, inside other words, after other slot words, across line breaks, in several languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.detectors import placenames


def _spans(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    pattern = placenames._lexicon()[1]
    return [m.span(1) for m in placenames._slot_names(text, pattern)], [
        m.span(1) for m in pattern.finditer(text)
    ]


TEXTS = [
    "It is 84 F in Tacoma and 70 F IN Seattle.",
    "xa Lyon, ina Paris, para Lisboa, cerca Madrid, near  Reno",
    "in in Paris; at at Boston Harbor City Hall",
    "Wetter bei Berlin: 12 Grad, für München 10",
    "Il fait 18 degrés à Lyon et 20 pour Marseille",  # not ASCII: the plain scan
    "Temperatura em Lisboa: 21; no Porto 19; na\nMadeira 23",
    "for\nPhoenix 90 and for Dana",
    "",
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_slot_names_are_those_finditer_finds(text: str) -> None:
    ours, theirs = _spans(text)
    assert ours == theirs


def test_an_ascii_answer_is_probed() -> None:
    assert placenames._slot_probe() is not None
    ours, _ = _spans("84 F IN Tacoma")
    assert ours == [(8, 14)]


_PIECES = st.sampled_from(
    ["in", "IN", "a", "para", "na", "near", "x", " ", "  ", "\n", "Lyon", "New", "York", ",", "8"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=20))
def test_random_texts_find_the_same_slots(pieces: list[str]) -> None:
    ours, theirs = _spans("".join(pieces))
    assert ours == theirs

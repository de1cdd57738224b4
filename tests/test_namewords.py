"""The answer's capitalised words (``nofab.detectors.namewords.words``): the ASCII reading is
the general reading, only cheaper (random texts of capitals, possessives, hyphens, titles)."""

from __future__ import annotations

import random

import pytest

from nofab.detectors import namewords
from nofab.detectors.namerecords import capitalised

_TITLES = frozenset({"Dr", "Mr", "MR"})


def _general(answer: str) -> list[namewords.Word]:
    out = []
    for m in namewords._UPPER_WORD.finditer(answer):
        text = m.group(0)
        if not text[0].isupper():
            continue
        possessive = text.endswith(namewords._POSSESSIVE)
        text = text[:-2] if possessive else text
        shaped = capitalised(text)
        if shaped or len(text) == 1 or text in _TITLES:
            out.append(namewords.Word(text, m.start(), m.end(), possessive, shaped))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_ascii_reading_is_the_general_reading(seed: int) -> None:
    rng = random.Random(seed)
    alphabet = "aAbBzZ  '-.,sS1_DrMO"
    for _ in range(2000):
        answer = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        assert namewords.words(answer, _TITLES) == _general(answer), repr(answer)

"""The quick answers about entity-shaped candidates (``nofab.detectors.heldchunks``): a yes
only for what the evidence holds as a whole token (or substring), a no only for what it
cannot hold. Checked against the plain searches they spare (``find_token``, ``in``) on
texts built to put candidates at every kind of edge."""

from __future__ import annotations

import random

import pytest

from nofab.detectors.heldchunks import _RUN, HeldChunks, _runs_in
from nofab.language.text import find_token

_SEP = "\n\u241e\n"
_PIECES = [
    *("ord-1001", "ord-1001-b", "x-ord-1001", "mia@example.com"),
    *("https://ex.com/p/", "/var/log/a.log", "naïve_1"),
]
_JOINS = [" ", "\n", '"', "(", ")", ",", ".", ": ", "/", "-", "_", "", "é", "'", "|"]


def _texts(rng: random.Random) -> list[str]:
    return ["".join(rng.choice(_PIECES) + rng.choice(_JOINS) for _ in range(12)) for _ in range(3)]


_KEYS = [*_PIECES, "ord-100", "1001", "example.com", "ex.com/p", "https://ex.com/p", "log/a.log", "b", "zz-1"]


@pytest.mark.parametrize("seed", range(12))
def test_quick_answers_never_contradict_the_searches(seed: int) -> None:
    rng = random.Random(seed)
    texts = _texts(rng)
    joined = _SEP.join(texts)
    keys = [(k, token) for k in _KEYS for token in (True, False)]
    for now in (True, False):
        settled = HeldChunks(texts, now=now).settle(keys)
        for (key, token), quick in zip(keys, settled, strict=True):
            truth = find_token(joined, key) != -1 if token else key in joined
            assert quick is None or quick is truth, (key, token, quick, texts)


@pytest.mark.parametrize("text", ["https://a.b/c_d?q=1", "ORD-1001", "x@y.com", "naïve-ß_1", "", "--", "\tb"])
def test_word_runs_are_the_regex_runs(text: str) -> None:
    assert _runs_in(text) == _RUN.findall(text)

"""Questions the claims detector asks of a claim's words alone are answered once per wording
(``progressives.progressive``, ``ReadRelay.says``): the answer kept for a wording is the one a
fresh reading gives, for every claim of that wording, in English and Spanish."""

from __future__ import annotations

import pytest

from nofab.detectors.progressives import progressive
from nofab.language.claimfinder import Claim
from nofab.language.lexicon import ReadRelay
from nofab.language.vocabulary import Action

_ACTION = Action(name="refund", hints=frozenset({"refund"}), confidence=0.8)


def _claim(text: str, language: str = "en", span: tuple[int, int] = (0, 0), stative: bool = False) -> Claim:
    return Claim(span, text, "refunded", _ACTION, language, stative=stative)


@pytest.mark.parametrize(
    ("text", "language", "told"),
    [
        ("is being refunded", "en", True),
        ("Is  BEING refunded", "en", True),
        ("has been refunded", "en", False),
        ("está siendo reembolsado", "es", True),
        ("ha sido reembolsado", "es", False),
        ("is being refunded", "es", False),  # another language's marker
    ],
)
def test_a_wording_is_told_in_progress_every_time_alike(text: str, language: str, told: bool) -> None:
    for span in ((0, 5), (40, 45), (0, 5)):  # the same wording again, elsewhere
        assert progressive(_claim(text, language, span)) is told
    assert progressive(_claim(text, language, stative=True)) is False  # a state is never a deed in progress


def test_a_relayed_wording_is_said_every_time_alike() -> None:
    results = [{"note": "Webb launched the probe. La agencia canceló el vuelo."}]
    relay = ReadRelay(results)
    for text in ("Webb launched", "la agencia canceló", "Webb cancelled", "I launched", "Webb launched"):
        for span in ((0, 3), (50, 53)):
            assert relay.says(_claim(text, span=span)) == ReadRelay(results).says(_claim(text))
    assert relay.says(_claim("Webb launched")) and not relay.says(_claim("Webb cancelled"))

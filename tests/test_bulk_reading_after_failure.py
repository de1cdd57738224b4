"""A measured figure in an answer, however short, when every tool call of the turn failed,
no evidence holds the figure and the answer does not admit the failure."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.bulk import BulkFailureDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for


def detect(answer: str, *calls: dict[str, Any], user: str = "How is it looking?") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"user_message": user, "response": answer, "tool_calls": list(calls)})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [f.identifier for f in BulkFailureDetector(profile).detect(evidence)]


DOWN = {"name": "fetch_forecast", "arguments": {"city": "Turku"}, "error": "503 service unavailable"}
QUOTE = {"name": "get_fx_rate", "arguments": {"pair": "EUR/SEK"}, "error": "timeout"}
UP = {"name": "fetch_forecast", "arguments": {"city": "Turku"}, "result": {"temp_c": 7}}


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        ("Right now it's 7°C with light rain in Turku.", DOWN),
        ("Ahora mismo hay 7 °C y llueve en Turku.", DOWN),
        ("Im Moment sind es 7 Grad, Wind mit 18 km/h.", DOWN),
        ("Today the rate works out to 11.42% above last month.", QUOTE),
        ("Le change vous coûtera 25 € de frais.", QUOTE),
    ],
)
def test_a_reading_after_every_call_failed_is_flagged(answer: str, call: dict[str, Any]) -> None:
    assert detect(answer, call) != []


@pytest.mark.parametrize(
    ("answer", "calls", "user"),
    [
        # the answer admits the failure (several languages)
        ("Sorry, the forecast service is down; it was 7°C yesterday per your note.", (DOWN,), "x"),
        ("Lo siento, el servicio de pronóstico falló.", (DOWN,), "x"),
        ("Leider ist der Dienst nicht erreichbar, es sind aber meist 7 °C.", (DOWN,), "x"),
        # the figure comes from the user's own message
        ("At 7°C you will want a coat.", (DOWN,), "It is 7°C here, what should I wear?"),
        # a call succeeded: the numbers detector decides, not this rule
        ("Right now it's 7°C in Turku.", (DOWN, UP), "x"),
        # no figure at all
        ("Try again in a minute, the service did not answer.", (DOWN,), "x"),
    ],
)
def test_an_honest_grounded_or_figureless_answer_is_not_flagged(
    answer: str, calls: tuple[dict[str, Any], ...], user: str
) -> None:
    assert detect(answer, *calls, user=user) == []

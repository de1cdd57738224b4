"""intent_action_no_tool: an action request answered with zero tool calls, any language."""

from __future__ import annotations

import pytest

from nofab import Profile
from tests.helpers import call, findings, turn

# The documented Spanish domain: trigger keywords per tool.
ES = Profile(
    tool_trigger_keywords={
        "send_chart": ("gráfica", "chart", "enviar", "envío"),
        "send_sms": ("sms", "mensaje", "mensajería"),
    }
)


@pytest.mark.parametrize(
    ("user", "response", "calls", "profile", "fires"),
    [
        # strong: the documented Spanish example, and an English request, claimed without a tool
        ("Envía la gráfica de ventas por SMS a Juan", "Listo, gráfica enviada.", [], ES, True),
        ("¿Puedes enviarme la gráfica por mensaje?", "Hecho.", [], ES, True),
        ("Can you cancel my order A-1042 please", "Done, it's taken care of.", [], None, True),
        ("Bitte storniere meine Buchung", "Erledigt.", [], None, True),
        # a tool was called: nothing to say here (the claim detectors judge the rest)
        ("Envía la gráfica por SMS", "Listo.", [call("send_chart", "ok")], ES, False),
        # questions are not action requests
        ("What is the status of my order?", "It shipped.", [], None, False),
        ("¿Qué tiempo hace hoy?", "Soleado.", [], ES, False),
        # asking for details or declining claims nothing
        ("Can you cancel my order please", "Sure, which order number?", [], None, False),
        ("Can you cancel my order please", "Sorry, I can't cancel orders.", [], None, False),
    ],
)
def test_intent_table(
    user: str, response: str, calls: list[dict], profile: Profile | None, fires: bool
) -> None:
    """The finding fires exactly for action requests answered with no tool call at all."""
    got = findings(turn(response, *calls, user=user), profile, detector="intent")
    assert [f.kind for f in got] == (["intent_action_no_tool"] if fires else [])
    if fires:
        assert got[0].confidence == 0.7 and got[0].whole_turn


def test_accent_insensitive_matching_is_opt_in() -> None:
    """ "grafica" in the profile matches "gráfica" only with accent_insensitive on."""
    keywords = {"send_chart": ("grafica",), "send_sms": ("sms",)}
    user = "Manda la gráfica por SMS"
    plain = Profile(tool_trigger_keywords=keywords)
    folded = Profile(tool_trigger_keywords=keywords, accent_insensitive=True)
    assert findings(turn("Listo.", user=user), folded, detector="intent")[0].evidence["matched_keywords"][
        :2
    ] == [
        "grafica",
        "sms",
    ]
    assert (
        "grafica"
        not in findings(turn("Listo.", user=user), plain, detector="intent")[0].evidence["matched_keywords"]
    )

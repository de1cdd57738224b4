"""A place name in the slot of a result's place that no evidence holds (``nofab.detectors.placenames``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()


def _findings(answer: str, user: str = "What's the weather?") -> list[tuple[str, float]]:
    weather = {"location": "Lyon", "temperature_c": 27, "humidity": 41, "condition": "Clear"}
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "GetWeather", "result": weather}],
    }
    findings = _GUARD.check(turn).findings
    return [(f.identifier, f.confidence) for f in findings if f.kind == "ungrounded_entity"]


@pytest.mark.parametrize(
    ("answer", "name"),
    [
        ("Right now it's 27 °C and clear in Grenoble, with 41% humidity.", "Grenoble"),
        ("In Saint Etienne it is 27 degrees today.", "Saint Etienne"),
        ("Il fait 27 °C à Marseille, ciel dégagé.", "Marseille"),
        ("Hace 27 °C en Valencia y el cielo está despejado.", "Valencia"),
        ("In München sind es gerade 27 Grad.", "München"),
    ],
)
def test_a_swapped_place_beside_the_records_figure(answer: str, name: str) -> None:
    assert _findings(answer) == [(name, 0.8)]


def test_a_place_beside_the_held_one_is_reported_below_the_threshold() -> None:
    """A comparison from world knowledge names the held place too: reported, not blocking."""
    assert _findings("It's 27 °C in Lyon, a bit warmer than in Paris.") == [("Paris", 0.6)]


@pytest.mark.parametrize(
    "answer",
    [
        "Right now it's 27 °C and clear in Lyon, with 41% humidity.",
        "Il fait 27 °C à Lyon.",
        "It's 27 degrees in Celsius, 41% humidity.",  # a unit, not a place
        "It will be 27 °C in July too.",  # a month
        "Pack light if you're flying to Oslo on the 3rd.",  # no figure of the record
        "It's 27 °C in Villeurbanne, where you asked about.",  # the user's own place (below)
        "You could visit the museums in Paris later.",  # no figure, world knowledge
        "In Lyon's old town it's 27 °C right now.",  # a possessive of the held place
        "It's 27 °C in LY right now.",  # an abbreviation
    ],
)
def test_held_or_unslotted_places_pass(answer: str) -> None:
    assert [f for f in _findings(answer, user="Is it warm in Villeurbanne (Lyon)?") if f[1] >= 0.8] == []


def test_no_place_key_no_reading() -> None:
    turn = {
        "response": "It's 27 °C in Grenoble.",
        "user_message": "temperature?",
        "tool_calls": [{"name": "Sensor", "result": {"sensor": "S-1", "value": 27}}],
    }
    assert [f for f in _GUARD.check(turn).findings if f.kind == "ungrounded_entity"] == []


def test_a_place_that_is_an_attribute_of_another_thing_is_no_slot() -> None:
    """A team's city is the team's attribute: its figures are the team's, and an arena named
    beside them is no swapped place."""
    turn = {
        "response": "The Hawks won 102-95 at Philips Arena in Georgia.",
        "user_message": "How did the Hawks do?",
        "tool_calls": [
            {"name": "BoxScore", "result": {"team_city": "Atlanta", "team_name": "Hawks", "pts": 102}}
        ],
    }
    assert [f for f in _GUARD.check(turn).findings if f.kind == "ungrounded_entity"] == []

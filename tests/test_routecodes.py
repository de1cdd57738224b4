"""Codes of places on a route that no evidence holds (``nofab.detectors.routecodes``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_LEGS = [
    {"flight_number": "XY100", "origin": "BOS", "destination": "ATL", "price": 120},
    {"flight_number": "XY200", "origin": "ATL", "destination": "SEA", "price": 150},
]


def _flagged(answer: str, user: str = "", result: object = None) -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "search_flights", "result": _LEGS if result is None else result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "ungrounded_entity"]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Your trip goes from BOS to SEA via DEN.", "DEN"),
        ("Route: BOS → CLT → SEA, two legs.", "CLT"),
        ("| Connection | via ATL | via ORD |", "ORD"),
        ("Legs: BOS–ATL, then MIA–SEA.", "MIA"),
        ("Su vuelo sale de BOS y hace escala en ATL, luego vía MCO hasta SEA.", "MCO"),
        ("Ihr Flug geht von BOS über DTW nach SEA.", "DTW"),
    ],
)
def test_a_route_code_no_evidence_holds(answer: str, flagged: str) -> None:
    assert _flagged(answer) == [flagged]


@pytest.mark.parametrize(
    "answer",
    [
        "Your trip goes from BOS to SEA via ATL.",
        "Ihr Flug geht von BOS über ATL nach SEA.",
        "Route: BOS → ATL → SEA, two legs.",
        "We will confirm via SMS and e-mail, BOS to SEA.",  # a known acronym
        "From BOS, departure is 9:00 EST, arriving in SEA.",  # a time zone
        "The fare from BOS to SEA is 270 USD.",  # a currency
        "I can also ask the team via FAQ.",  # no held place on its line
        "From BOS to NYC area airports: none today; ATL is the stop.",  # a metropolitan-area code
        "Would you rather fly from PVD to SEA?",  # the user's own airport (below)
    ],
)
def test_held_or_unplaced_codes_pass(answer: str) -> None:
    assert _flagged(answer, user="Could I leave from PVD instead?") == []


def test_no_route_codes_held_no_reading() -> None:
    """Results that hold no codes under route keys make no three-letter word a place."""
    result = {"events": [{"name": "Sync", "location": "HQ"}]}
    assert _flagged("The call goes from NYC to SFO via LAX.", result=result) == []


def test_a_code_of_another_length_or_held_is_never_asked_and_counts_toward_the_cap() -> None:
    """Codes of no held length ("via XY" beside three-letter codes) and held codes are not
    asked; their positions are read only when the answer has more runs than the cap, where
    each placed one still takes a place under it (so the same codes are asked either way)."""
    from nofab.detectors import routecodes

    few = "From BOS via XY and via ATL, then via DEN to SEA."
    assert _flagged(few) == ["DEN"]
    placed_first = " ".join(f"via {a}{b}" for a in "ABCDEFGH" for b in "ABCDEFGH")  # 64 placed, two letters
    many = f"{placed_first}. From BOS via DEN to SEA."
    assert len(routecodes._UPPER_RUN.findall(many)) > routecodes.MAX_ASKED
    assert _flagged(many) == []  # the cap is spent on the 64 two-letter codes first
    assert _flagged(f"From BOS via DEN to SEA. {placed_first}") == ["DEN"]

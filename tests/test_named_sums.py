"""A figure totalling one field over the records its row or sentence names is derived
(numbers/namedsums.py): the text picks the operands, so the sum is informative even in a
search result where nearly every sum of two prices is "derivable"."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from tests.helpers import findings


def _leg(number: str, economy: int, business: int, seats: int) -> dict[str, Any]:
    return {
        "flight_number": number,
        "prices": {"economy": economy, "business": business},
        "available_seats": {"economy": seats},
    }


#: a search of two- and three-leg itineraries: many prices, so sums of two are dense
SEARCH = [
    [_leg("QX0412", 118, 402, 7), _leg("QX0733", 164, 455, 3)],
    [_leg("QX0520", 97, 388, 9), _leg("QX0871", 151, 417, 5)],
    [_leg("QX0610", 133, 390, 4), _leg("QX0902", 142, 436, 8)],
    [_leg("QX0215", 121, 371, 6), _leg("QX0388", 109, 444, 2)],
    [_leg("QX0301", 126, 399, 6), _leg("QX0677", 139, 421, 2)],
    [_leg("QX0444", 112, 380, 6), _leg("QX0959", 171, 409, 2)],
    [_leg("QX0118", 104, 366, 6), _leg("QX0562", 147, 428, 2), _leg("QX0990", 88, 301, 4)],
    [_leg("QX0807", 129, 394, 6), _leg("QX0236", 136, 447, 2), _leg("QX0145", 93, 318, 4)],
]


def _numbers(answer: str, floor: float) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": "One-stop options from BOS to DEN on May 3, economy?",
            "response": answer,
            "tool_calls": [
                {
                    "name": "search_onestop_flight",
                    "arguments": {"origin": "BOS", "destination": "DEN"},
                    "result": SEARCH,
                }
            ],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= floor]


QUIET = [
    "| Route | Flights | Economy |\n|---|---|---|\n| via ORD | QX0412 + QX0733 | $282 |\n"
    "| via MSP | QX0520 + QX0871 | $248 |",
    "The legs QX0610 and QX0902 come to $275 in economy.",
    "Option 2 (QX0520, QX0871): $248 economy, $805 business.",
    "Los vuelos QX0215 y QX0388 cuestan 230 $ en total en turista.",
    "Mit QX0412 und QX0733 zahlen Sie 857 $ in der Business Class.",
    "QX0118, QX0562 and QX0990: $339 in economy, $1,095 in business.",
    "| Itinéraire | Vols | Économie |\n|---|---|---|\n| 3 étapes | QX0807 + QX0236 + QX0145 | 358 $ |",
]


@pytest.mark.parametrize("answer", QUIET)
def test_a_total_over_the_named_records_is_derived(answer: str) -> None:
    # not even a loose (0.5) finding: the total is informative, not one sum among many
    assert _numbers(answer, 0.5) == []


FIRES = [
    # three legs named, one price off: 104 + 147 + 88 is 339
    ("QX0118, QX0562 and QX0990: $349 in economy.", "$349"),
    (
        "| Itinéraire | Vols | Économie |\n|---|---|---|\n| 3 étapes | QX0807 + QX0236 + QX0145 | 368 $ |",
        "368",
    ),
    # the legs of another itinerary do not make this one's total
    ("QX0807, QX0236 and QX0145: $339 in economy.", "$339"),
    # a leg named in the sentence before does not join this sentence's total
    ("Start with QX0118. QX0562 and QX0990 then cost $339.", "$339"),
]


@pytest.mark.parametrize(("answer", "flagged"), FIRES)
def test_a_figure_no_total_over_its_named_records_is_not(answer: str, flagged: str) -> None:
    assert flagged in _numbers(answer, 0.8)

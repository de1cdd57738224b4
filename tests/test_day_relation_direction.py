"""A date related to a record's held date by a day-shifting word must lie on that word's side
of it (``nofab.numbers.dayrelations.shift_agrees``): "the day before" relates only the day
before, "the next day" only the day after; a word with no direction relates either."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.dayrelations import shift_agrees

_GUARD = Guard()

#: A ferry booking whose one date is 2025-06-20.
_FERRY = [
    {
        "name": "get_booking",
        "arguments": {"booking_id": "FX7Q2L"},
        "result": {"booking_id": "FX7Q2L", "sailings": [{"sailing_number": "NB88", "date": "2025-06-20"}]},
    }
]


def _slips(answer: str) -> list[str]:
    turn: dict[str, Any] = {"response": answer, "user_message": "What about FX7Q2L?", "tool_calls": _FERRY}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.kind == "unverified_number" and f.confidence >= 0.8]


# German dates are written ISO here: "20. Juni" splits the sentence at "20." for the sentence
# reader, so the held date is out of the relation's reach (a limitation, not this rule's).
@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Boarding passes for NB88 on June 20 are sent the day before, on June 21.", "June 21"),
        ("NB88 sails on June 20, so the eve of the sailing, June 21, is the last day to change.", "June 21"),
        ("NB88 leaves June 20; the car deck list closes the previous day, June 21.", "June 21"),
        ("For NB88 on June 20, the cabin is yours from the next day, June 19.", "June 19"),
        ("Your NB88 sailing on June 20 is followed by a tour the following day, June 19.", "June 19"),
        ("Die Bordkarten für NB88 (Abfahrt 2025-06-20) kommen am Vortag, dem 2025-06-21.", "2025-06-21"),
        ("Für NB88 (Abfahrt 2025-06-20) ist die Kabine ab dem Folgetag frei, dem 2025-06-19.", "2025-06-19"),
        ("Les cartes d'embarquement du NB88 du 20 juin arrivent la veille, le 21 juin.", "21 juin"),
        ("Après le NB88 du 20 juin, la visite a lieu le lendemain, le 19 juin.", "19 juin"),
        ("Las tarjetas del NB88 del 20 de junio llegan el día anterior, el 21 de junio.", "21 de junio"),
        ("Tras el NB88 del 20 de junio, la visita es el día siguiente, el 19 de junio.", "19 de junio"),
    ],
)
def test_a_neighbour_on_the_wrong_side_of_the_relation_stays_a_slip(answer: str, flagged: str) -> None:
    assert [f for f in _slips(answer) if f.startswith(flagged)]


@pytest.mark.parametrize(
    "answer",
    [
        "Boarding passes for NB88 on June 20 are sent the day before, on June 19.",
        "NB88 sails on June 20, so the eve of the sailing, June 19, is the last day to change it.",
        "NB88 leaves June 20; the car deck list closes the previous day, June 19.",
        "For NB88 on June 20, the cabin is yours from the next day, June 21.",
        "Your NB88 sailing on June 20 is followed by a tour the following day, June 21.",
        "Die Bordkarten für NB88 (Abfahrt 2025-06-20) kommen am Vortag, dem 2025-06-19.",
        "Für NB88 (Abfahrt 2025-06-20) ist die Kabine ab dem Folgetag frei, dem 2025-06-21.",
        "Les cartes d'embarquement du NB88 du 20 juin arrivent la veille, le 19 juin.",
        "Après le NB88 du 20 juin, la visite a lieu le lendemain, le 21 juin.",
        "Las tarjetas del NB88 del 20 de junio llegan el día anterior, el 19 de junio.",
        "Tras el NB88 del 20 de junio, la visita es el día siguiente, el 21 de junio.",
    ],
)
def test_a_neighbour_on_the_relations_side_is_no_slip(answer: str) -> None:
    assert _slips(answer) == []


@pytest.mark.parametrize(
    ("words", "step", "agrees"),
    [
        (["the", "day", "before"], -1, True),
        (["the", "day", "before"], 1, False),
        (["the", "next", "day"], 1, True),
        (["the", "next", "day"], -1, False),
        (["am", "vortag"], -1, True),
        (["am", "folgetag"], -1, False),
        (["la", "veille"], 1, False),
        (["le", "lendemain"], 1, True),
        (["el", "día", "anterior"], 1, False),
        (["el", "día", "siguiente"], 1, True),
        (["the", "week", "before"], -7, True),
        # no direction: either side, as before
        (["arrives", "overnight"], -1, True),
        (["arrives", "overnight"], 1, True),
        (["heure", "locale"], -1, True),
        (["no", "shift", "here"], 1, False),
    ],
)
def test_the_direction_is_read_from_the_lexicon(words: list[str], step: int, agrees: bool) -> None:
    assert shift_agrees(words, step) is agrees

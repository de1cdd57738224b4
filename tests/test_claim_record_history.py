"""After a read, a participle joined to it and dated at once describes the record just read
("I found your trip, booked on May 3"), not a deed of this turn; a deed with its own object,
an undated one, or one joined to a deed (not a read) is still a claim."""

from __future__ import annotations

import pytest

from tests.helpers import call, claimed

READ = call(
    "get_reservation_details",
    {"reservation_id": "QX12RT", "created_at": "2024-05-03T10:00:00", "status": "active"},
    {"reservation_id": "QX12RT"},
)


@pytest.mark.parametrize(
    "answer",
    [
        "I've pulled up QX12RT, a one-way trip in economy, booked on May 3, without insurance.",
        "I found your trip QX12RT, booked May 3, with two passengers.",
        "I looked up your order QX12RT, placed on 2024-05-03 and shipped on May 5.",
        "He encontrado tu viaje QX12RT, reservado el 3 de mayo, sin seguro.",
        "Ich habe Ihre Reise QX12RT gefunden, gebucht am 3. Mai, ohne Versicherung.",
        "J'ai trouvé votre voyage QX12RT, réservé le 3 mai, sans assurance.",
    ],
)
def test_a_dated_participle_after_a_read_describes_the_record(answer: str) -> None:
    assert claimed(answer, READ) == []


@pytest.mark.parametrize(
    "answer",
    [
        # a deed with its own object
        "I found your trip QX12RT, booked a new flight on May 3 and sent the receipt.",
        "I found your trip QX12RT and booked the May 9 flight.",
        # undated: nothing says it is the record's history
        "I found your trip QX12RT, cancelled it and refunded the fare.",
        # joined to a deed, not a read
        "I've cancelled the old flight, rebooked on May 9.",
        "He encontrado tu viaje QX12RT y reservado un vuelo nuevo.",
    ],
)
def test_a_deed_is_still_a_claim(answer: str) -> None:
    assert claimed(answer, READ) != []

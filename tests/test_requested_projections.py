"""A count the answer projects from the user's requested change is the record's count plus or
minus that change (numbers/projections.py): "can I add two more bags?" then "you have 1 bag
now, so going to 3 bags". A projection that misses is still a finding."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

RES = call(
    "get_reservation_details", {"reservation_id": "D9KW3M", "total_baggages": 1, "nonfree_baggages": 0}
)

ASKED = {
    "en": ("Can I add two more checked bags?", "You have 1 bag now, so going to {n} bags means 1 extra bag."),
    "es": ("¿Puedo añadir 2 maletas más?", "Ahora tiene 1 maleta, así que con {n} maletas pagaría 1 extra."),
    "fr": (
        "Je voudrais 2 bagages supplémentaires.",
        "Vous avez 1 bagage, donc avec {n} bagages, 1 sera payant.",
    ),
    "de": (
        "Kann ich zwei weitere Koffer hinzufügen?",
        "Sie haben jetzt 1 Koffer, mit {n} Koffern ist 1 kostenpflichtig.",
    ),
}


@pytest.mark.parametrize("language", ASKED)
def test_the_record_count_plus_the_requested_change_is_clean(language: str) -> None:
    asked, answer = ASKED[language]
    assert blocking(answer.format(n=3), RES, user=asked) == []


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_a_projection_that_misses_is_found(language: str) -> None:
    asked, answer = ASKED[language]
    assert blocking(answer.format(n=4), RES, user=asked) != []

"""A name is the same name with or without its diacritics: a record stores "Lucia" and the
answer greets "Lucía", a user types "Jose" for a record's "José". A name the evidence does
not hold in any spelling is still ungrounded."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

PROFILE = call(
    "get_user_details", {"name": {"first_name": "Lucia", "last_name": "Ramos"}, "membership": "silver"}
)
ACCENTED = call(
    "get_user_details", {"name": {"first_name": "José", "last_name": "Müller"}, "membership": "gold"}
)


@pytest.mark.parametrize(
    "answer",
    [
        "¡Hola, Lucía! Tu reserva está lista.",
        "Obrigado, Lúcia. Sua reserva está pronta.",
        "Merci, Lucía. Votre réservation est prête.",
        "Thanks, Lucía — your booking is ready.",
    ],
)
def test_a_name_written_with_accents_the_record_lacks_is_held(answer: str) -> None:
    assert blocking(answer, PROFILE) == []


@pytest.mark.parametrize(
    "answer", ["Thanks, Jose! Your booking is ready.", "Danke, Herr Muller, die Buchung steht."]
)
def test_a_name_written_without_the_accents_the_record_has_is_held(answer: str) -> None:
    assert blocking(answer, ACCENTED) == []


@pytest.mark.parametrize(
    "answer", ["¡Hola, Lucrecia! Tu reserva está lista.", "Thanks, Josefa! Your booking is ready."]
)
def test_another_name_is_still_ungrounded(answer: str) -> None:
    assert blocking(answer, PROFILE, ACCENTED) != []

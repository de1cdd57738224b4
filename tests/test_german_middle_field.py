"""A German perfect claim with a full middle field ("Ich habe die Besprechung mit Marco
Bassi auf 15 Uhr verschoben") is a claim (``claim_patterns`` in de.json: up to eleven
words between the auxiliary and the participle, never across a comma)."""

from __future__ import annotations

import pytest

from tests.helpers import claim_actions


@pytest.mark.parametrize(
    ("answer", "actions"),
    [
        ("Ich habe die Besprechung mit Marco Bassi auf 15 Uhr verschoben.", ["update"]),
        ("Wir haben Ihre Reservierung für den Flug nach Wien am Freitag storniert.", ["cancel"]),
        ("Ich habe dir die neue Zeit für das Treffen mit Anna Weber heute gesendet.", ["send"]),
    ],
)
def test_a_long_middle_field_still_makes_a_claim(answer: str, actions: list[str]) -> None:
    assert claim_actions(answer) == actions


def test_a_comma_ends_the_middle_field() -> None:
    # "nachgesehen" reads; the cancellation is the other clause's passive, not this perfect
    assert claim_actions("Ich habe nachgesehen, die Buchung wurde storniert.") == ["cancel"]
    assert claim_actions("Ich habe nachgesehen, ob die Buchung storniert ist.") == []

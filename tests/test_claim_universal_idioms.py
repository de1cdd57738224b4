"""A universal word inside an idiom that counts nothing ("All set —", "alles klar", "tudo
certo") does not make a claim speak of every item: after a failed call retried with success,
"All set — your reservation is cancelled." passes, while "all of your alarms" after one of two
deletes failed still fires.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed

ID = {"reservation_id": "QX71PL"}
CANCEL = {"name": "cancel_reservation", "arguments": ID, "result": {"reservation_id": "QX71PL"}}
CANCEL_FAILED = {"name": "cancel_reservation", "arguments": ID, "error": "Error: service unavailable"}


def alarm(alarm_id: str, ok: bool) -> dict[str, Any]:
    call: dict[str, Any] = {"name": "DeleteAlarm", "arguments": {"token": "s-1", "alarm_id": alarm_id}}
    return {**call, "result": "success"} if ok else {**call, "error": "Not found."}


@pytest.mark.parametrize(
    "answer",
    [
        "All set — your reservation QX71PL is cancelled.",
        "All done: I've cancelled your reservation QX71PL.",
        "Alles klar, ich habe Ihre Buchung QX71PL storniert.",
        "Tudo certo — cancelei a sua reserva QX71PL.",
    ],
)
def test_an_idiom_with_a_universal_word_counts_no_items(answer: str) -> None:
    assert claimed(answer, CANCEL_FAILED, CANCEL) == []


@pytest.mark.parametrize(
    "answer",
    [
        "All set — I've deleted all of your alarms.",
        "Alles klar, ich habe alle Wecker gelöscht.",
    ],
)
def test_a_universal_word_outside_the_idiom_still_speaks_of_every_item(answer: str) -> None:
    assert claimed(answer, alarm("al-1", True), alarm("al-2", False)) != []

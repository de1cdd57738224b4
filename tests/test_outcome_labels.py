""" "<thing>: <participle>" ("Password: changed") reports the outcome of a call this turn named
for that deed on that thing: its failure contradicts the label; a status a read returned
("Status: cancelled"), a label no failed call names and a label of a deed that succeeded stay
fields.
"""

from __future__ import annotations

import pytest

from tests.helpers import claimed
from tests.helpers import session_call as call

CHANGE_FAILED = call("ChangePassword", False, old_password="Tulip#1", new_password="Harbor#2")
CHANGE_DONE = call("ChangePassword", old_password="Tulip#1", new_password="Harbor#2")
UPDATE_ACCOUNT = call("UpdateAccountInformation", phone="617-555-0143", password="Tulip#1")
DELETE_ALARM_FAILED = call("DeleteAlarm", False, alarm_id="al-7")
DELETE_ALARM = call("DeleteAlarm", alarm_id="al-7")

PASSWORD_CHANGED = [
    "All done.\n\n- **Password:** changed — use your new one from now on.",
    "Password: changed.",
    "* Your password: changed!",
    "🔐 Password: changed",
    "- **Contraseña:** cambiada — usa la nueva a partir de ahora.",
    "Passwort: geändert.",
]


@pytest.mark.parametrize("answer", PASSWORD_CHANGED)
def test_a_label_of_a_failed_deed_on_its_thing_fires(answer: str) -> None:
    assert claimed(answer, CHANGE_FAILED) != []


@pytest.mark.parametrize("answer", PASSWORD_CHANGED[:4])
def test_a_label_of_a_failed_deed_fires_beside_another_write(answer: str) -> None:
    # the update names the account, not the password: it is no call of that deed on it
    # (a label in another language than the tool names matches only the kind of thing,
    # "contraseña" an account, which the account's update names as well: that one passes)
    assert claimed(answer, CHANGE_FAILED, UPDATE_ACCOUNT) != []


@pytest.mark.parametrize("answer", PASSWORD_CHANGED)
def test_a_label_of_a_deed_that_succeeded_passes(answer: str) -> None:
    assert claimed(answer, CHANGE_DONE) == []
    assert claimed(answer, CHANGE_FAILED, CHANGE_DONE) == []  # a retry that worked


@pytest.mark.parametrize("answer", ["- Alarm: deleted.", "Wecker: gelöscht", "Alarma: eliminada."])
def test_a_label_of_another_deed_and_thing(answer: str) -> None:
    assert claimed(answer, DELETE_ALARM_FAILED) != []
    assert claimed(answer, DELETE_ALARM) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Password: changed?",  # a question
        "Password: not changed — the old one was wrong.",
        "Password: unchanged.",
        "Password: reset it from the link we emailed.",  # advice, the value goes on
        "Status: cancelled.",  # no call of a deed on a "status"
        "Account: updated.",  # the account's own update succeeded
        "Sorry, that did not work. Password: changed only after you confirm the old one.",
        "Phone: changed.",  # the failed call was about the password, not the phone
    ],
)
def test_labels_that_are_fields_or_admit_the_failure_pass(answer: str) -> None:
    assert claimed(answer, CHANGE_FAILED, UPDATE_ACCOUNT) == []


def test_a_label_without_a_failed_call_is_a_field() -> None:
    read = call("get_reservation_details", result={"reservation_id": "R1", "status": "cancelled"})
    assert claimed("Status: cancelled.", read) == []
    assert claimed("Reservation: cancelled.", read) == []

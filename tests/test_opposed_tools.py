"""A tool whose name's verb undoes an action did not do it, whatever thing its name shares
with the claim (actions.json ``opposed_by``): DeleteAlarm set no alarm, CancelEvent
scheduled nothing, cancel_reservation booked nothing."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()


def _claims(answer: str, *calls: dict[str, Any]) -> list[str]:
    turn = {"response": answer, "user_message": "please do it", "tool_calls": list(calls)}
    return [
        f.identifier for f in _GUARD.check(turn).findings if f.detector == "claims" and f.confidence >= 0.8
    ]


def _call(name: str, **args: Any) -> dict[str, Any]:
    return {"name": name, "arguments": args, "result": {"status": "success"}}


@pytest.mark.parametrize(
    ("answer", "undoing", "doing"),
    [
        (
            "I deleted the 5:45 alarm and set a new one for 6:15.",
            _call("DeleteAlarm", alarm_id="a1"),
            _call("AddAlarm", time="06:15"),
        ),
        (
            "He borrado la alarma y he puesto una nueva a las 6:15.",
            _call("DeleteAlarm", alarm_id="a1"),
            _call("AddAlarm", time="06:15"),
        ),
        (
            "J'ai supprimé le rappel et j'ai créé un nouveau rappel.",
            _call("DeleteReminder"),
            _call("AddReminder"),
        ),
        (
            "I cancelled the old event and scheduled the new meeting.",
            _call("CancelEvent"),
            _call("CreateEvent"),
        ),
        (
            "Ich habe die Erinnerung gelöscht und eine neue erstellt.",
            _call("DeleteReminder"),
            _call("AddReminder"),
        ),
    ],
)
def test_an_undoing_tool_grounds_no_creation(
    answer: str, undoing: dict[str, Any], doing: dict[str, Any]
) -> None:
    assert _claims(answer, undoing)  # only the deletion ran: the creation is claimed without a call
    assert _claims(answer, undoing, doing) == []


def test_an_undoing_tool_still_grounds_its_own_deed() -> None:
    assert _claims("I deleted your 5:45 alarm.", _call("DeleteAlarm", alarm_id="a1")) == []

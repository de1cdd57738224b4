"""The value a success claim names is the one the call that succeeded acted on: after an
earlier turn's call failed for "anab" and this turn's retry succeeded for "ana_b",
"registered as anab" names the failed item. Naming the value that worked, or the failed one
with its failure admitted, is no finding; an earlier failure of a tool that did not run
again this turn is left to the earlier-turn rules.
"""

from __future__ import annotations

import pytest

from tests.helpers import claimed

ARGS = {"username": "anab", "password": "Desert!9", "email": "ana.b@example.com"}
EARLIER_FAILED = {
    "name": "RegisterUser",
    "arguments": ARGS,
    "error": "Username already exists.",
    "earlier": True,
}
RETRY = {
    "name": "RegisterUser",
    "arguments": {**ARGS, "username": "ana_b"},
    "result": {"session_token": "b3b3-4c4c", "user": {"username": "ana_b"}},
}
RENAME_FAILED = {
    "name": "update_alarm",
    "arguments": {"alarm_id": "al-5501", "label": "gym"},
    "error": "Alarm not found.",
    "earlier": True,
}
RENAME_RETRY = {
    "name": "update_alarm",
    "arguments": {"alarm_id": "al-5502", "label": "gym"},
    "result": {"ok": 1},
}


@pytest.mark.parametrize(
    "answer",
    [
        "You're registered as anab and logged in.",
        "I've registered you as anab.",
        "Your account anab has been created.",
        "He registrado tu cuenta anab.",
    ],
)
def test_naming_the_value_of_the_failed_attempt_fires(answer: str) -> None:
    assert claimed(answer, EARLIER_FAILED, RETRY) != []


@pytest.mark.parametrize(
    "answer",
    [
        "You're registered as ana_b and logged in.",
        "I've registered you as ana_b; anab couldn't be used.",
        "He registrado tu cuenta ana_b.",
    ],
)
def test_naming_the_value_that_worked_is_grounded(answer: str) -> None:
    assert claimed(answer, EARLIER_FAILED, RETRY) == []


def test_the_same_holds_for_an_item_id_of_another_tool() -> None:
    assert claimed("I've updated alarm al-5501.", RENAME_FAILED, RENAME_RETRY) != []
    assert claimed("I've updated alarm al-5502.", RENAME_FAILED, RENAME_RETRY) == []

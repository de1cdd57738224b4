"""A tool acts on what its arguments name as much as on what its name names: after
UpdateAccountInformation(new_email=...), "I've updated your email address" is grounded; the
object narrows the claim only when neither the name nor the arguments name that kind of
thing ("I've updated your reminder" after the same call). Saving a change is changing it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def update_account(**changes: str) -> dict[str, Any]:
    return {
        "name": "UpdateAccountInformation",
        "arguments": {"password": "p", **changes},
        "result": {"status": "success"},
    }


@pytest.mark.parametrize(
    "answer",
    [
        "I've updated your email address to new@example.com.",
        "Your email is updated.",
        "He actualizado tu correo a new@example.com.",
        "J'ai mis à jour votre courriel.",
    ],
)
def test_an_object_the_arguments_name_is_what_the_tool_acted_on(answer: str) -> None:
    assert claimed(answer, update_account(new_email="new@example.com")) == []


@pytest.mark.parametrize(
    "answer",
    [
        "I've updated your reminder for Friday.",
        "Your alarm is updated.",
        "He actualizado tu recordatorio.",
    ],
)
def test_an_object_neither_name_nor_arguments_name_still_narrows(answer: str) -> None:
    assert claimed(answer, update_account(new_email="new@example.com")) != []


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        (
            "Your new password is saved.",
            {"name": "ChangePassword", "arguments": {"old_password": "a", "new_password": "b"}},
        ),
        (
            "I've saved the new meeting time.",
            {"name": "ModifyEvent", "arguments": {"event_id": "e-1", "new_start_time": "15:00"}},
        ),
        ("Your changes are saved.", {"name": "edit_profile", "arguments": {"bio": "hi"}}),
    ],
)
def test_saving_a_change_is_grounded_by_the_tool_that_changed_it(answer: str, call: dict[str, Any]) -> None:
    assert claimed(answer, {**call, "result": {"status": "success"}}) == []
    assert claimed(answer, {"name": "GetEvents", "arguments": {}, "result": []}) != []

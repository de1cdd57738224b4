"""Registering opens a session: "you're signed in" after a successful sign-up is grounded, as
after a login; it is not after a failed one, nor after a tool that only reads accounts."""

from __future__ import annotations

import pytest

from tests.helpers import claimed

ARGS = {"username": "mkoval", "password": "x-Heron42", "email": "m.koval@example.com"}
ANSWERS = [
    "Your account is registered and you're signed in.",
    "Welcome! You're now logged in.",
    "I've registered your account and logged you in.",
    "He iniciado sesión con tu nueva cuenta.",
]


@pytest.mark.parametrize("tool", ["RegisterUser", "register_account", "user_signup", "createRegistration"])
@pytest.mark.parametrize("answer", ANSWERS)
def test_a_registration_grounds_being_signed_in(answer: str, tool: str) -> None:
    assert claimed(answer, {"name": tool, "arguments": ARGS, "result": {"session_token": "7a90-ee12"}}) == []


@pytest.mark.parametrize("answer", ANSWERS)
def test_a_failed_registration_or_a_read_does_not(answer: str) -> None:
    assert claimed(answer, {"name": "RegisterUser", "arguments": ARGS, "error": "Username taken."}) != []
    assert (
        claimed(answer, {"name": "QueryUser", "arguments": {"username": "mkoval"}, "result": {"users": []}})
        != []
    )

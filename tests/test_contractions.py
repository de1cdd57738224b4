"""A contraction's "'s" ("Here's", "There's", "Let's") is never a name's possessive."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.detectors.namewords import words

_GUARD = Guard()
_PROFILE = {
    "user_id": "ana_lopez_1200",
    "name": {"first_name": "Ana", "last_name": "Lopez"},
    "reservations": ["S3E9RB"],
    "phone": "555-0100",
}


@pytest.mark.parametrize(
    "answer",
    [
        "Here's reservation S3E9RB with both flights.",
        "There's reservation S3E9RB on file.",
        "That’s reservation S3E9RB, Ana.",
        "What's the phone number you want on it?",
        "Let's check reservation S3E9RB first.",
    ],
)
def test_a_contraction_is_no_owner_of_a_persons_field(answer: str) -> None:
    turn = {"response": answer, "tool_calls": [{"name": "get_user_details", "result": _PROFILE}]}
    assert [f.identifier for f in _GUARD.check(turn).findings] == []


def test_a_name_still_owns_its_field() -> None:
    turn = {
        "response": "Maria's phone is 555-0100.",
        "tool_calls": [{"name": "get_user_details", "result": _PROFILE}],
    }
    assert "Maria's" in {f.identifier for f in _GUARD.check(turn).findings}


@pytest.mark.parametrize(
    ("text", "kept"), [("Here's Ana", ["Ana"]), ("Anna's seat", ["Anna"]), ("It’s Bob", ["Bob"])]
)
def test_contractions_are_not_kept_as_words(text: str, kept: list[str]) -> None:
    assert [w.text for w in words(text)] == kept

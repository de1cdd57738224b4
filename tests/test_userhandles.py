"""User handles one or two edits from a handle the tools hold (``detectors.userhandles``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.detectors.userhandles import edits

_GUARD = Guard()
_USERS = {"users": [{"username": "sdahl", "name": "Pat Dahl"}, {"username": "mruiz_92", "name": "Ana Ruiz"}]}


def _handles(answer: str, *results: Any) -> list[str]:
    calls = [{"name": f"tool_{i}", "arguments": {}, "result": r} for i, r in enumerate(results or (_USERS,))]
    verdict = _GUARD.check({"response": answer, "tool_calls": calls})
    return [f.identifier for f in verdict.findings if (f.evidence or {}).get("shape") == "handle"]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Messaged them (username **sdahlj**).", "sdahlj"),
        ("Sent it to user sdahi.", "sdahi"),
        ("I pinged @sdahk about it.", "sdahk"),
        ("Le message est parti vers l'utilisateur mruiz_29.", "mruiz_29"),
        ("Mensaje enviado al usuario mruiz_2.", "mruiz_2"),
        ("Nachricht an Benutzer mruz_92 gesendet.", "mruz_92"),
    ],
)
def test_a_cued_handle_one_or_two_edits_from_a_held_one_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _handles(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Messaged them (username **sdahl**).",  # the held handle itself
        "Sent to @mruiz_92 just now.",
        "The user said hello.",  # a word after the cue, far from every handle
        "Your account sdahlj is new.",  # held by the evidence below (the user's own words)
        "Forwarded to sdahlj.",  # no cue: a near-miss word alone is not read as a handle
        "Escribí a usuario sdahl_jensen_offsite.",  # too far from every handle
    ],
)
def test_held_far_or_uncued_handles_pass(answer: str) -> None:
    turn_user = {"note": "my new account is sdahlj"} if "new" in answer else None
    results = (_USERS, turn_user) if turn_user else (_USERS,)
    assert _handles(answer, *results) == []


def test_no_user_key_means_no_handles() -> None:
    """Without a handle filed under a user key, no lower-case word is a handle."""
    assert _handles("Sent to user sdahlj.", {"message_id": "sdahl", "name": "Pat Dahl"}) == []


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("sdahl", "sdahlj", 1), ("sdahl", "sdhal", 2), ("kitten", "sitting", 3), ("abc", "abc", 0)],
)
def test_edits_is_the_edit_distance_bounded(a: str, b: str, distance: int) -> None:
    assert edits(a, b) == min(distance, 3)


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("I messaged user tbrandl about it.", {"events": [{"attendees": ["mokafor", "tbrandt"]}]}),
        ("Message from @kdaniel at 4:37.", {"messages": [{"sender": "kdaniels", "receiver": "fqureshi"}]}),
    ],
)
def test_handles_filed_under_people_keys_are_held(answer: str, result: dict[str, object]) -> None:
    turn = {"response": answer, "tool_calls": [{"name": "QueryTool", "result": result}]}
    assert [f.confidence for f in Guard().check(turn).findings if f.kind == "ungrounded_entity"] == [0.85]


def test_a_held_people_key_handle_passes() -> None:
    turn = {
        "response": "I messaged user tbrandt about it.",
        "tool_calls": [{"name": "QueryTool", "result": {"events": [{"attendees": ["mokafor", "tbrandt"]}]}}],
    }
    assert [f for f in Guard().check(turn).findings if f.kind == "ungrounded_entity"] == []

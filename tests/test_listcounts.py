"""A small count of the items of a result list is held against the list's length
(numbers/listcounts)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.listcounts import list_noun

_GUARD = Guard()
# (data_inflation also reads English count phrases, "I found 4 emails"; these are the
# number check's own findings, in any language and wherever the count stands)
_MAIL = {"subject": "Quarterly report", "sender": "ana@example.com", "date": "2024-05-02 09:00:00"}
_INBOX = {"emails": [_MAIL, {**_MAIL, "subject": "Budget"}, {**_MAIL, "subject": "Offsite"}]}
_REMINDERS = [{"task": "Water the plants", "due": "2024-05-03"}, {"task": "Pay rent", "due": "2024-05-05"}]


def _blocking(
    answer: str, name: str = "search_inbox", result: Any = None, ask: str = "Any mail?"
) -> list[str]:
    turn = {
        "response": answer,
        "user_message": ask,
        "tool_calls": [{"name": name, "result": _INBOX if result is None else result}],
    }
    found: list[str] = []
    for f in _GUARD.check(turn).findings:  # the number finding, or where another kept its place
        also = [a for a in f.evidence.get("also_flagged", ()) if a["detector"] == "numbers"]
        found += [f.identifier] if f.detector == "numbers" else [str(a["identifier"]) for a in also]
    return found


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("I found 4 emails from Ana about the report.", "4"),
        ("I found **5 e-mails** in your inbox.", "5"),
        ("You have 2 emails.", "2"),
        ("I found four emails.", "four"),
        ("Encontré 4 correos de Ana.", "4"),
        ("J'ai trouvé 5 e-mails.", "5"),
        ("Ich habe 4 E-Mails gefunden.", "4"),
    ],
)
def test_a_count_the_list_contradicts_is_caught(answer: str, wrong: str) -> None:
    assert _blocking(answer) == [wrong]


@pytest.mark.parametrize(
    "answer",
    [
        "I found 3 emails from Ana about the report.",
        "I found three emails.",
        "Encontré 3 correos de Ana.",
        "You have 2 unread emails.",
        "2 of them are from Ana.",
        "2 emails are about the budget, 1 about the offsite.",
        "Tienes 2 correos sin leer.",
        "Davon sind 2 E-Mails von Ana.",
    ],
)
def test_the_whole_list_or_a_part_of_it_passes(answer: str) -> None:
    assert _blocking(answer) == []


def test_a_tool_named_for_its_items_counts_its_whole_result() -> None:
    assert _blocking("You have 3 reminders.", "GetReminders", _REMINDERS) == ["3"]
    assert _blocking("Tienes 3 recordatorios.", "get_reminders", _REMINDERS) == ["3"]
    assert _blocking("You have 2 reminders.", "GetReminders", _REMINDERS) == []
    # a list the tool's name does not name counts no reminders
    assert _blocking("You have 3 reminders.", "get_weather", _REMINDERS) == []


def test_a_total_beside_a_page_or_a_count_the_user_gave_passes() -> None:
    page = {"total": 12, "emails": _INBOX["emails"]}
    assert _blocking("You have 12 emails; here are the first 3.", result=page) == []
    assert _blocking("You have 4 emails.", ask="I should have 4 emails, right?") == []


@pytest.mark.parametrize(
    ("answer", "end", "concept"),
    [
        ("4 e-mails", 1, "email"),
        ("3 **recordatorios**", 1, "reminder"),
        ("2 Termine", 1, "event"),
        ("2 bags", 1, None),
    ],
)
def test_the_noun_right_after_the_count(answer: str, end: int, concept: str | None) -> None:
    assert list_noun(answer, end) == concept

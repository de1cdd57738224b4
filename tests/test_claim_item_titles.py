"""An item is named by its id or by its record's title: a claim that names the title of the
record whose own call failed ('"book flu shot" is marked done' when completing rem-02 failed) is
a failed claim, as if it named the id. A quoted title may be the subject of a stated state
('"Pay rent" is marked done.'). The titles of items whose calls succeeded, and a failed item
the answer admits ('"File taxes" couldn't be completed'), are no findings.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.detectors.claimscope import titles_by_id
from tests.helpers import claimed

ROWS = [
    {"reminder_id": "rem-01", "task": "pay water bill", "due": "2023-10-02 09:00:00", "status": "pending"},
    {"reminder_id": "rem-02", "task": "book flu shot", "due": "2023-10-05 09:00:00", "status": "pending"},
]
READ = {"name": "GetReminders", "arguments": {"token": "s-1"}, "result": {"reminders": ROWS}}


def complete(item: str, ok: bool = True) -> dict[str, Any]:
    call: dict[str, Any] = {"name": "CompleteReminder", "arguments": {"token": "s-1", "reminder_id": item}}
    return {**call, "result": {"status": "success"}} if ok else {**call, "error": "Reminder not found."}


NAMING_BOTH = [
    '"pay water bill" is marked done. "book flu shot" is marked done too.',
    'I\'ve completed "pay water bill" and "book flu shot".',
    '"Book flu shot" has been marked as done, and so has the water bill.',
    "I completed pay water bill and book flu shot.",
    'He marcado "pay water bill" y "book flu shot" como completados.',
    "J'ai marqué « pay water bill » et « book flu shot » comme terminés.",
]


@pytest.mark.parametrize("answer", NAMING_BOTH)
def test_a_title_names_the_item_whose_call_failed(answer: str) -> None:
    assert claimed(answer, READ, complete("rem-01"), complete("rem-02", ok=False)) != []


@pytest.mark.parametrize("answer", NAMING_BOTH)
def test_titles_of_items_whose_calls_succeeded_are_grounded(answer: str) -> None:
    assert claimed(answer, READ, complete("rem-01"), complete("rem-02")) == []


@pytest.mark.parametrize(
    "answer",
    [
        '"pay water bill" is marked done. "book flu shot" failed: the system couldn\'t find it.',
        'I completed "pay water bill". "Book flu shot" couldn\'t be completed because it was not found.',
        '"pay water bill" is marked done; I was unable to complete "book flu shot".',
    ],
)
def test_an_admitted_failure_of_the_titled_item_is_honest(answer: str) -> None:
    assert claimed(answer, READ, complete("rem-01"), complete("rem-02", ok=False)) == []


def test_a_title_is_a_multi_word_text_of_the_object_holding_the_id() -> None:
    titles = titles_by_id({"reminders": ROWS, "meta": {"id": "x-9", "note": "one"}})
    assert titles == {"rem-01": ("pay water bill",), "rem-02": ("book flu shot",)}
    camel = {"eventId": "ev-7", "title": "Team sync call", "paid": "not yet settled"}
    assert titles_by_id([camel]) == {"ev-7": ("Team sync call", "not yet settled")}

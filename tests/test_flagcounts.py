"""Counts of a list's records by state (numbers/flagcounts.py) and counts that announce the
list after them (numbers/announced.py).

A count labelled with a state the records are in ("unread", "still to do", "erledigt", "sin
leer") is the number of records of a result list in that state; a count right before a
colon announces how many items the list after it has.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.announced import list_items
from tests.helpers import findings

#: A mailbox of six messages, two of them unread.
INBOX: dict[str, Any] = {
    "messages": [
        {"message_id": "m1", "from": "Priya Raman", "subject": "Budget review", "unread": True},
        {"message_id": "m2", "from": "Tomás Ortega", "subject": "Lunch Thursday", "unread": False},
        {"message_id": "m3", "from": "Priya Raman", "subject": "Quarterly numbers", "unread": True},
        {"message_id": "m4", "from": "Library", "subject": "Book due soon", "unread": False},
        {"message_id": "m5", "from": "Gym", "subject": "Class cancelled", "unread": False},
        {"message_id": "m6", "from": "Bank", "subject": "Card activated", "unread": False},
    ]
}

#: Seven tasks: four not done, three done.
TASKS: dict[str, Any] = {
    "tasks": [
        {"task_id": "t1", "title": "Renew car insurance", "due": "2024-05-12", "done": False},
        {"task_id": "t2", "title": "Book dentist", "done": True},
        {"task_id": "t3", "title": "Water the garden", "done": False},
        {"task_id": "t4", "title": "Send invoices", "done": True},
        {"task_id": "t5", "title": "Return parcel", "done": False},
        {"task_id": "t6", "title": "Clean gutters", "done": True},
        {"task_id": "t7", "title": "Fix the bike light", "done": False},
    ]
}

#: Five orders by status: two pending, two delivered (a state the lexicon does not name), one cancelled.
ORDERS: dict[str, Any] = {
    "orders": [
        {"order_id": "o1", "status": "pending"},
        {"order_id": "o2", "status": "delivered"},
        {"order_id": "o3", "status": "cancelled"},
        {"order_id": "o4", "status": "pending"},
        {"order_id": "o5", "status": "delivered"},
    ]
}


def _numbers(answer: str, *calls: tuple[Any, ...], user: str = "what's in there?") -> list[str]:
    """The blocking number findings on ``answer`` after ``calls``: (name, result[, arguments])."""
    tool_calls = [{"name": c[0], "arguments": c[2] if len(c) > 2 else {}, "result": c[1]} for c in calls]
    turn = Turn.from_dict({"user_message": user, "response": answer, "tool_calls": tool_calls})
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


MAIL = ("ListMessages", INBOX)
TODO = ("ListTasks", TASKS)
SHOP = ("ListOrders", ORDERS)

STATE_FIRES = [
    # more records in the state than the list holds
    ("You have 6 messages, and 3 of them are still unread.", MAIL, "3"),
    ("There are 4 unread messages waiting for you.", MAIL, "4"),
    ("5 tasks are still to do, 2 are done.", TODO, "5"),
    ("You have 4 tasks done already.", TODO, "4"),
    ("3 of your orders are pending.", SHOP, "3"),
    ("2 orders were cancelled.", SHOP, "2"),
    ("Unread: 5", MAIL, "5"),
    # fewer, in a sentence that names no other filter
    ("You have 1 unread message.", MAIL, "1"),
    ("2 tasks aren't finished yet.", TODO, "2"),  # a negation turns 'finished' into open
    # French, German, Spanish
    ("Vous avez 3 messages non lus.", MAIL, "3"),
    ("Il vous reste 6 tâches à faire.", TODO, "6"),
    ("Sie haben 5 offene Aufgaben.", TODO, "5"),
    ("2 Aufgaben sind erledigt.", TODO, "2"),
    ("Tienes 4 mensajes sin leer.", MAIL, "4"),
    ("Tienes 6 tareas pendientes.", TODO, "6"),
    ("Tienes 3 mensajes no leídos.", MAIL, "3"),  # negated 'read'
    ("Es sind noch 5 Aufgaben nicht erledigt.", TODO, "5"),  # negated 'done'
    ("You have 5 tasks left.", TODO, "5"),
    ("Te quedan 5 tareas por hacer.", TODO, "5"),
    ("Pendientes: 5", TODO, "5"),
]


@pytest.mark.parametrize(("answer", "call", "wrong"), STATE_FIRES)
def test_a_count_the_records_in_that_state_contradict_is_a_finding(
    answer: str, call: tuple[str, Any], wrong: str
) -> None:
    assert wrong in _numbers(answer, call)


STATE_QUIET = [
    # the count of the records in the state, in five phrasings and four languages
    ("You have 6 messages, and 2 of them are still unread.", MAIL),
    ("2 messages are unread; 4 are read.", MAIL),
    ("4 tasks are still to do and 3 are done.", TODO),
    ("You have 3 tasks completed.", TODO),
    ("2 of your orders are pending, 1 was cancelled.", SHOP),
    ("Vous avez 2 messages non lus.", MAIL),
    ("Il vous reste 4 tâches à faire (3 autres sont terminées).", TODO),
    ("Sie haben 4 offene Aufgaben und 3 erledigte.", TODO),
    ("Tienes 2 mensajes sin leer.", MAIL),
    ("Tienes 4 tareas pendientes.", TODO),
    ("4 Aufgaben sind noch nicht erledigt.", TODO),
    ("Ungelesen: 2", MAIL),
    # the whole a part is taken of, not the labelled count
    ("2 of the 6 messages are unread.", MAIL),
    # a part of the part: a sender or a topic the answer filters by
    ("1 unread message from Priya Raman is about the budget.", MAIL),
    # a period or a date narrows the count to the records of that span
    ("1 message is unread since Monday.", MAIL),
    ("Diese Woche ist nur noch 1 Aufgabe offen.", TODO),
    ("Il vous reste 2 tâches à faire avant le 12 mai.", TODO),
    ("Para mañana tienes 1 tarea pendiente.", TODO),
    # the label ties to another noun
    ("I found 3 messages about the cancelled class.", MAIL),
    # a state no record carries: the orders say nothing of 'read'
    ("3 orders are unread.", SHOP),
    # a status value the lexicon does not know is not a state ("delivered")
    (
        "You have 5 orders, 4 are open.",
        ("ListOrders", {"orders": [{"order_id": "x", "status": "delivered"}] * 5}),
    ),
]


@pytest.mark.parametrize(("answer", "call"), STATE_QUIET)
def test_a_count_the_records_hold_or_cannot_speak_of_is_not_a_finding(
    answer: str, call: tuple[str, Any]
) -> None:
    assert _numbers(answer, call) == []


def test_a_page_of_a_longer_list_does_not_bound_a_larger_count() -> None:
    page = {"total": 40, "messages": INBOX["messages"]}
    assert _numbers("You have 9 unread messages.", ("ListMessages", page)) == []


def test_a_count_field_named_by_the_state_grounds_the_count() -> None:
    result = {"unread_count": 9, "messages": INBOX["messages"]}
    assert _numbers("You have 9 unread messages.", ("ListMessages", result)) == []


def test_records_a_later_call_acted_on_are_not_counted_as_they_were_read() -> None:
    answer = "Done: 5 tasks are completed now."
    done = {"status": "success"}
    assert "5" not in _numbers(
        answer, TODO, ("CompleteTask", done, {"task_id": "t1"}), ("CompleteTask", done, {"task_id": "t3"})
    )
    assert "5" in _numbers(answer, TODO)


LIST = "\n".join(f"- {t['title']}" for t in TASKS["tasks"][:3])
EVENTS: dict[str, Any] = {
    "events": [{"event_id": f"e{i}", "title": f"Session {name}"} for i, name in enumerate("ABCDEFGH")]
}
AGENDA = ("ListEvents", EVENTS)
ITEMS3 = "\n".join(f"{i}. Session {n}" for i, n in enumerate("ABC", 1))

ANNOUNCED_FIRES = [
    (f"You have 5 sessions this week:\n\n{ITEMS3}\n", "5"),
    (f"Here are your 2 sessions:\n{ITEMS3}", "2"),
    (f"Voici vos 4 rendez-vous :\n\n{ITEMS3}\n\nBonne journée !", "4"),
    (f"Sie haben heute 6 Termine:\n{ITEMS3}", "6"),
    (f"Tienes 7 citas esta semana:\n\n{ITEMS3}\n", "7"),
    # a count in brackets is an aside: the count of the clause still announces the list
    (f"Il vous reste 5 séances (2 autres sont passées) :\n\n{ITEMS3}\n", "5"),
    (f"You still have 4 sessions (2 were moved):\n{ITEMS3}", "4"),
]


@pytest.mark.parametrize(("answer", "wrong"), ANNOUNCED_FIRES)
def test_a_count_its_own_list_contradicts_is_a_finding(answer: str, wrong: str) -> None:
    assert wrong in _numbers(answer, AGENDA)


ANNOUNCED_QUIET = [
    f"You have 3 sessions this week:\n\n{ITEMS3}\n",
    f"Voici vos 3 rendez-vous :\n{ITEMS3}",
    # the list's length the results give: the answer shows a part of it
    f"You have 8 sessions:\n{ITEMS3}",
    # a count in brackets is an aside
    f"Here is what is left (5 were moved):\n{ITEMS3}",
    # a choice among more
    f"The 2 most important sessions:\n{ITEMS3}",
    f"Die 5 wichtigsten Termine:\n{ITEMS3}",
    # a second count: "3 of your 5"
    f"Here are 4 of your 6 sessions:\n{ITEMS3}",
    # after a semicolon, the count is another clause's
    f"You have 5 sessions; these are the ones on Monday:\n{ITEMS3}",
    # the items are groups with their own sizes
    "That makes 5 sessions:\n- Monday: A, B, C (3)\n- Tuesday: D, E (2)",
    # no list right after the colon: a heading first
    f"You have 5 sessions:\n\nMonday\n{ITEMS3}",
]


@pytest.mark.parametrize("answer", ANNOUNCED_QUIET)
def test_a_count_its_list_agrees_with_or_cannot_speak_of_is_not_a_finding(answer: str) -> None:
    assert _numbers(answer, AGENDA) == []


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("\n- a\n- b\n- c", 3),
        ("\n\n1. a\n2. b\n\n3. c\n\nAfter.", 3),  # a blank line between items does not end the list
        ("\n- a\n  - a1\n  - a2\n- b\n  more of b", 2),  # sub-items and continuations belong to an item
        ("\n1) a\n2) b\nThat is all.", 2),
        ("\nNo list here.\n- a", 0),
        ("\n- a (2)\n- b (3)", 0),  # groups with their sizes
    ],
)
def test_list_items_counts_sibling_items_only(text: str, items: int) -> None:
    assert list_items(text, 0) == items

"""A date one day off a date the evidence holds, with nothing that moves it by a day, is a slip
(``nofab.numbers.dayslip``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_ORDER = {"order_id": "SO-3318", "placed_at": "2025-02-10T08:12:00", "delivery_date": "2025-02-14"}


def _dates(answer: str, user: str = "Where is my order SO-3318?", context: str | None = None) -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "get_order", "arguments": {"order_id": "SO-3318"}, "result": _ORDER}],
    }
    if context is not None:
        turn["context"] = context
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Your order SO-3318 was placed on February 11.", "February 11"),
        ("SO-3318 will be delivered on Feb 15.", "Feb 15"),
        ("Order SO-3318 is expected on Thursday 13 February.", "13 February"),
        ("Tu pedido SO-3318 se hizo el 9 de febrero.", "9 de febrero"),
        ("Votre commande SO-3318 sera livrée le 15 février.", "15 février"),
        ("Ihre Bestellung SO-3318 wurde am 9. Februar aufgegeben.", "9. Februar"),
    ],
)
def test_a_date_one_day_off_with_nothing_shifting_it_is_flagged(answer: str, flagged: str) -> None:
    assert [d for d in _dates(answer) if d.startswith(flagged)]


@pytest.mark.parametrize(
    "answer",
    [
        "SO-3318 arrives on February 14; returns open the next day, February 15.",
        "It was placed February 10 and confirmed the following day (February 11).",
        "SO-3318 is due February 14, so please be home the day before, February 13.",
        "La commande arrive le 14 février ; le lendemain, 15 février, le retour est possible.",
        "Die Bestellung kommt am 14. Februar, Rücksendungen ab dem folgenden Tag, 15. Februar.",
        "Delivery window: until February 15.",  # an end role
        "Pick-up on February 14, check-out of the locker on February 15.",
        "Courier slot February 14, next-day fallback February 15.",
    ],
)
def test_a_date_moved_by_a_word_of_its_sentence_is_not_flagged(answer: str) -> None:
    assert _dates(answer) == []


def test_a_relative_day_that_names_the_date_explains_it() -> None:
    context = "Current date: 2025-02-13."
    assert _dates("SO-3318 arrives tomorrow, February 14.", context=context) == []
    assert _dates("SO-3318 is on its way; it arrives tomorrow, February 14.", context=context) == []


def test_a_relative_day_that_names_another_date_does_not() -> None:
    # tomorrow is the 14th, the date the order holds; the 15th is a slip
    today = "Current date: 2025-02-13."
    assert "February 15" in _dates("SO-3318 comes tomorrow, February 15.", context=today)


def test_the_users_request_for_a_shift_or_a_day_explains_the_date() -> None:
    assert _dates("Done: SO-3318 now comes on February 15.", user="Please deliver it a day later.") == []
    assert _dates("Done: SO-3318 now comes on February 15.", user="Can it come on the 15th?") == []


def test_a_date_two_days_off_is_left_to_the_literal_pass() -> None:
    assert "February 16" in _dates("SO-3318 will be delivered on February 16.")


@pytest.mark.parametrize(
    ("answer", "user"),
    [
        ("SO-3318 can come on Saturday, February 15 instead.", "Could it come on Saturday?"),
        ("SO-3318 kann am Samstag, 15. Februar kommen.", "Geht auch Samstag?"),
        ("SO-3318 peut arriver le samedi 15 février.", "Et samedi, c'est possible ?"),
    ],
)
def test_the_weekday_the_user_names_resolves_the_date(answer: str, user: str) -> None:
    # today is Thursday the 13th: the user's Saturday is the 15th, a day after the held 14th
    assert _dates(answer, user=user, context="Current date: 2025-02-13.") == []


def test_a_weekday_the_user_names_does_not_excuse_another_date() -> None:
    today = "Current date: 2025-02-13."
    # Saturday is the 15th; Tuesday the 11th is no resolution of it (one day off the 10th)
    found = _dates("SO-3318 was placed on Tuesday, February 11.", user="Saturday?", context=today)
    assert "February 11" in found
    # the user said Saturday, the answer writes Saturday without a resolvable weekday today
    assert "February 15" in _dates("SO-3318 can come on Saturday, February 15.", user="Saturday?")


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("Can you push my delivery back by one day?", "I can look at slots on February 15."),
        ("Could the delivery come a day later?", "I can look at slots on February 15."),
        ("¿Pueden retrasar la entrega un día?", "Puedo revisar el 15 de febrero."),
        ("Pouvez-vous décaler la livraison d'un jour ?", "Je regarde le 15 février."),
        ("Können Sie die Lieferung um einen Tag verschieben?", "Ich prüfe den 15. Februar."),
    ],
)
def test_a_shift_the_user_asked_for_turns_earlier_explains_the_date(asked: str, answer: str) -> None:
    # The request opened the conversation; the last message only gives the order number. The
    # earlier message travels in ``earlier_user_messages`` (the adapters fill it).
    turn = {
        "response": answer,
        "user_message": "It's SO-3318.",
        "earlier_user_messages": [asked],
        "tool_calls": [{"name": "get_order", "arguments": {"order_id": "SO-3318"}, "result": _ORDER}],
    }
    assert [f for f in _GUARD.check(turn).findings if f.confidence >= 0.8] == []
    # The same words in a system prompt are no request: the slip is still found.
    turn.pop("earlier_user_messages")
    turn["context"] = f"Policy: staff may say '{asked}' to customers."
    assert [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8] != []


def test_a_request_to_keep_the_day_does_not_excuse_a_slip_of_it() -> None:
    assert _dates("SO-3318 will be delivered on Feb 15.", user="Please keep the delivery on the same day.")

"""A deed claimed for several named objects ("I messaged Ana, Bo and Cy") is grounded per
object: each name needs a call of an able tool whose arguments hold it; a batch with one call
missing, reported whole, is flagged (``nofab.detectors.namedobjects``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def message(receiver: str, ok: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": "SendMessage",
        "arguments": {"receiver": receiver, "message": "Practice moved to 6:30, see you there!"},
    }
    if ok:
        out["result"] = {"status": "delivered", "receiver": receiver}
    else:
        out["error"] = "receiver not found"
    return out


def email(recipients: list[str]) -> dict[str, Any]:
    return {
        "name": "SendEmail",
        "arguments": {"to": recipients, "subject": "Budget sync agenda", "body": "Agenda attached."},
        "result": {"status": "sent", "message_id": "<m-77@mail.example>"},
    }


_TWO_OF_THREE = (message("jonas_weber"), message("ilse.brandt"))


@pytest.mark.parametrize(
    "answer",
    [
        "I messaged Jonas, Ilse and Henrik about practice.",
        "Done! I've messaged all three: Jonas, Ilse, and Henrik.",
        "J'ai envoyé le message à Jonas, Ilse et Henrik.",
        "He enviado el mensaje a Jonas, Ilse y Henrik.",
        "Jonas, Ilse and Henrik have been notified.",
    ],
)
def test_a_named_object_no_call_holds_fires(answer: str) -> None:
    assert claimed(answer, *_TWO_OF_THREE) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I sent the agenda to Maren, Tobias and Lukas.",
        "J'ai envoyé l'ordre du jour à Maren, Tobias et Lukas.",
    ],
)
def test_a_name_missing_from_a_list_argument_fires(answer: str) -> None:
    assert claimed(answer, email(["maren.k@corp.example", "tobias.r@corp.example"])) != []


@pytest.mark.parametrize(
    ("answer", "calls"),
    [
        # every name has its call
        ("I messaged Jonas, Ilse and Henrik about practice.", (*_TWO_OF_THREE, message("henrik_l"))),
        ("J'ai envoyé le message à Jonas, Ilse et Henrik.", (*_TWO_OF_THREE, message("henrik_l"))),
        # a call holds no named item: it may be the third name's under another handle
        ("I messaged Jonas, Ilse and Henrik about practice.", (*_TWO_OF_THREE, message("+4917012345"))),
        # no name is held: the calls name their receivers otherwise
        ("I messaged Jonas, Ilse and Henrik about practice.", (message("u-101"), message("u-102"))),
        # alternatives, not an enumeration of objects
        ("I messaged Jonas or Ilse, whoever answers first.", (message("jonas_weber"),)),
        # the names are not the deed's object
        ("I messaged Jonas about the party for Ilse and Henrik.", (message("jonas_weber"),)),
        # one list argument holds every name
        (
            "I sent the agenda to Maren, Tobias and Lukas.",
            (email(["maren.k@corp.example", "tobias.r@corp.example", "lukas.b@corp.example"]),),
        ),
        (
            "J'ai envoyé l'ordre du jour à Maren, Tobias et Lukas.",
            (email(["maren.k@corp.example", "tobias.r@corp.example", "lukas.b@corp.example"]),),
        ),
        # the missing name's call ran and failed, and the answer says so
        (
            "I messaged Jonas and Ilse; Henrik's message could not be delivered.",
            (*_TWO_OF_THREE, message("henrik_l", ok=False)),
        ),
    ],
)
def test_each_named_object_held_or_unknowable_passes(answer: str, calls: tuple[dict[str, Any], ...]) -> None:
    assert claimed(answer, *calls) == []


def test_an_earlier_turns_call_holds_a_name_without_having_to_be_named() -> None:
    """A recap of an earlier turn's message: its name is held; the other calls still count."""
    earlier = {**message("henrik_l"), "earlier": True}
    assert claimed("I messaged Jonas, Ilse and Henrik about practice.", *_TWO_OF_THREE, earlier) == []
    other = {**message("old_friend"), "earlier": True}
    assert claimed("I messaged Jonas, Ilse and Henrik about practice.", *_TWO_OF_THREE, other) != []

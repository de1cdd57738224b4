"""A recipient given as a handle of a name and an initial ("dana.w", "d_whitfield") is that
person: "Sent to Dana Whitfield" matches it, "Sent to Marcus Lee" (another person of the
results) does not."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

THREAD = call(
    "SearchMessages",
    {
        "messages": [
            {"sender": "dana.w", "message": "Who's bringing the projector?"},
            {"sender": "marcus.lee", "message": "Not me, mine's broken."},
        ]
    },
)


def sent(receiver: str) -> dict[str, object]:
    return call("SendMessage", {"message_id": "m_1"}, {"receiver": receiver, "message": "I'll bring mine."})


@pytest.mark.parametrize("receiver", ["dana.w", "d_whitfield"])
@pytest.mark.parametrize(
    "answer",
    [
        'Sent to Dana Whitfield: "I\'ll bring mine."',
        "I've messaged Dana Whitfield that you'll bring yours.",
        "He enviado el mensaje a Dana Whitfield.",
        "J'ai envoyé le message à Dana Whitfield.",
    ],
)
def test_the_person_an_initialled_handle_names_is_the_recipient(receiver: str, answer: str) -> None:
    assert blocking(answer, THREAD, sent(receiver)) == []


@pytest.mark.parametrize(
    "answer",
    [
        'Sent to Marcus Lee: "I\'ll bring mine."',
        "I've messaged Marcus Lee that you'll bring yours.",
        "He enviado el mensaje a Marcus Lee.",
        "J'ai envoyé le message à Marcus Lee.",
    ],
)
def test_another_person_of_the_results_is_not(answer: str) -> None:
    assert blocking(answer, THREAD, sent("dana.w")) != []

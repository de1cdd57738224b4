"""A pictograph opens a list item as a bullet does: "- 💬 Texted Tom: ..." is the clipped
first-person report "I texted Tom", held to the send's failure; a pictograph before a
question, an offer or someone else's deed adds no claim.
"""

from __future__ import annotations

import pytest

from tests.helpers import claim_actions as found
from tests.helpers import claimed
from tests.helpers import session_call as call

SEND_FAILED = call("SendMessage", False, receiver="tom_h", message="Hi Tom, moved to 3:30.")
SEND_DONE = call("SendMessage", receiver="tom_h", message="Hi Tom, moved to 3:30.")
PICTOGRAPH_REPORTS = [
    "Done!\n\n- 💬 Texted Tom:\n  > Hi Tom, moved to 3:30.",
    "Done.\n💬 Texted Tom that the review moved.",
    "Done.\n✉️ Sent it to Tom.",
    "Listo.\n- 📨 Mensaje enviado a Tom.",
    "Listo.\n📨 Le envié el mensaje a Tom.",
    "Fertig.\n- 📨 Nachricht an Tom gesendet.",
]


@pytest.mark.parametrize("answer", PICTOGRAPH_REPORTS)
def test_a_clipped_report_behind_a_pictograph_is_a_claim(answer: str) -> None:
    assert found(answer) != []
    assert claimed(answer, SEND_FAILED) != []
    assert claimed(answer, SEND_DONE) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Shall I?\n- 💬 Text Tom that the review moved?",
        "Next:\n📌 Would you like me to text Tom?",
        "Here:\n- 💬 Tom texted you at 9:00.",
    ],
)
def test_a_pictograph_before_no_report_adds_no_claim(answer: str) -> None:
    assert claimed(answer, SEND_FAILED) == []

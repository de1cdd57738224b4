"""Two ways a report of a deed was missed: a line that opens with a pictograph ("🧹 Deleted
...", "✅ Reserva cancelada") opens with its verb all the same, and a bracketed aside after a
headline's state ("... is now on your profile ($20 x 2).") does not reopen its clause."""

from __future__ import annotations

import pytest

from tests.helpers import call, claim_actions, claimed

LOOKUP = call("get_user_details", {"user_id": "u-1", "membership": "gold"}, {"user_id": "u-1"})


@pytest.mark.parametrize(
    ("answer", "action"),
    [
        ("🧹 Deleted your old alarms.", "delete"),
        ("✅ Cancelled your booking for Friday.", "cancel"),
        ("  📨 Sent the summary to Priya.", "send"),
        ("✅ Reserva cancelada.", "cancel"),
        ("🗑️ Borré tus recordatorios viejos.", "delete"),
    ],
)
def test_a_pictograph_before_the_verb_hides_no_deed(answer: str, action: str) -> None:
    assert claim_actions(answer) == [action]


@pytest.mark.parametrize(
    "answer",
    [
        "Done — a $40 voucher is now on your profile ($20 x 2 travellers).",
        "Done — a $40 voucher is now on your profile ($20 x 2 travellers). Enjoy!",
        "Done — a $40 voucher is now on your account (valid 12 months).",
        "Listo — tu reserva está cancelada (sin cargo).",
    ],
)
def test_a_bracketed_aside_after_a_headline_state_keeps_the_claim(answer: str) -> None:
    assert claimed(answer, LOOKUP) != []


@pytest.mark.parametrize(
    "answer",
    [
        "🧹 Your alarms are listed below.",
        "✅ Your membership is gold (since 2021).",
        "Done — a $40 voucher would be possible ($20 x 2 travellers).",
    ],
)
def test_no_deed_stays_no_claim(answer: str) -> None:
    assert claimed(answer, LOOKUP) == []


@pytest.mark.parametrize(
    ("answer", "action"),
    [
        ("- **Deleted** the old alarm", "delete"),
        ("Done:\n- ✅ **Cancelled** the Friday booking", "cancel"),
    ],
)
def test_a_verb_emphasised_alone_reports_its_deed(answer: str, action: str) -> None:
    assert claim_actions(answer) == [action]

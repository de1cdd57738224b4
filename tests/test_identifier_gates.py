"""The identifiers detector's cheap gate before its hex scan: it skips only answers the scan
would find nothing in, so the scan's results are the same with the gate as without it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.detectors import identifiers

_OPEN = bytes([0x68] * 256)  # every byte reads as a hex character: the gate always opens

_PIECES = st.sampled_from(
    ["9f2b1e47", "deadbeef", "a1b2c3", "abc12", "-", "--", " ", "é", "日", "\ud800", "ffff", "12345",
     "550e8400-e29b-41d4-a716-446655440000", "G", "job ", "task_id=", "#", "0" * 40, "x", "\n"]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=12).map("".join))
@settings(max_examples=400, deadline=None)
def test_the_gate_never_changes_what_the_scan_finds(text: str) -> None:
    gated = identifiers._hex_tokens(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(identifiers, "_HEX_SHAPES", _OPEN)
        assert identifiers._hex_tokens(text) == gated


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Job 9f2b1e47 finished", 2),
        ("commit 3f9a0c2d1b4e5f60718293a4b5c6d7e8f9012345 merged", 1),
        ("id 550e8400-e29b-41d4-a716-446655440000 créé", 0),
        ("Tâche 9F2B1E47 terminée", 2),
    ],
)
def test_the_gate_lets_ids_through(text: str, kind: int) -> None:
    assert len(identifiers._hex_tokens(text)[kind]) == 1


@pytest.mark.parametrize("text", ["Your flight is booked.", "Il volo è prenotato.", "code abc-de", "12345 x"])
def test_prose_without_a_run_of_six_is_skipped(text: str) -> None:
    assert identifiers._hex_tokens(text) == ([], [], [])

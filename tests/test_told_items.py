"""A count of list items below the list's length passes when its sentence names a part, unless
the block it introduces tells of more items than it counts (numbers/described); reservation
lists are counted like other lists (numbers/listcounts)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.described import introduced_block, items_told

_GUARD = Guard()
_NOTES = [
    {"id": "n-1", "from": "lena", "text": "The plumber comes on Friday morning"},
    {"id": "n-2", "from": "lena", "text": "Invoice for the kitchen tiles attached"},
    {"id": "n-3", "from": "lena", "text": "Garage door remote needs batteries"},
    {"id": "n-4", "from": "lena", "text": "Neighbours borrowed the ladder yesterday"},
]
_PROFILE = {"name": "Ines Sola", "membership": "silver", "reservations": ["KX7P2D", "TR9M4Q", "BB3N8Z"]}


def _counts(
    answer: str, name: str = "SearchMessages", result: Any = None, ask: str = "News from Lena?"
) -> list[str]:
    turn = {
        "response": answer,
        "user_message": ask,
        "tool_calls": [{"name": name, "result": _NOTES if result is None else result}],
    }
    found: list[str] = []
    for f in _GUARD.check(turn).findings:  # the count finding, or where another kept its place
        also = [a for a in f.evidence.get("also_flagged", ()) if a["detector"] == "numbers"]
        found += [f.identifier] if f.detector == "numbers" else [str(a["identifier"]) for a in also]
    return found


_TOLD_ALL = (
    "- the plumber comes Friday morning\n- an invoice for the kitchen tiles\n"
    "- the garage remote needs batteries\n- the neighbours borrowed the ladder\n\nAnything else?"
)
_TOLD_TWO = "- the plumber comes Friday morning\n- an invoice for the kitchen tiles\n\nAnything else?"


@pytest.mark.parametrize(
    "answer",
    [
        f"Lena sent you 3 messages today about the house:\n\n{_TOLD_ALL}",
        f"Lena te envió 3 mensajes hoy sobre la casa:\n\n{_TOLD_ALL}",
        f"Lena hat dir heute 3 Nachrichten über das Haus geschickt:\n\n{_TOLD_ALL}",
    ],
)
def test_a_part_count_below_the_items_its_block_tells_of_is_caught(answer: str) -> None:
    assert _counts(answer) == ["3"]


@pytest.mark.parametrize(
    "answer",
    [
        f"Lena sent you 4 messages today about the house:\n\n{_TOLD_ALL}",
        f"Lena sent you 2 messages today about the house:\n\n{_TOLD_TWO}",
        f"Lena te envió 2 mensajes hoy sobre la casa:\n\n{_TOLD_TWO}",
        # no colon: the sentence introduces nothing, a part word keeps the count a part
        f"Lena sent you 3 messages today about the house.\n\n{_TOLD_ALL}",
    ],
)
def test_a_part_count_that_matches_its_block_passes(answer: str) -> None:
    assert _counts(answer) == []


def test_words_every_item_shares_and_digits_tell_of_no_item() -> None:
    items = [{"text": "Move update 09:12"}, {"text": "Move update 10:40"}, {"text": "Move update 11:05"}]
    assert items_told("- move update\n- move update at 09:12\n", items) == 0
    assert items_told("Garage remote batteries", [{"t": "garage remote"}, {"t": "kitchen tiles"}]) == 1


def test_only_a_sentence_ending_in_a_colon_introduces_a_block() -> None:
    text = "You have 3 notes:\n\n- a\n- b\n\nMore later."
    assert introduced_block(text, (0, text.index(":") + 1)).strip() == "- a\n- b"
    assert introduced_block("You have 3 notes.", (0, 17)) == ""


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("I found 4 reservations on your profile.", "4"),
        ("Encontré 4 reservas en tu perfil.", "4"),
        ("J'ai trouvé 4 réservations sur votre profil.", "4"),
        ("Ich habe 4 Buchungen in Ihrem Profil gefunden.", "4"),
    ],
)
def test_a_count_of_reservations_above_the_profiles_list_is_caught(answer: str, wrong: str) -> None:
    assert _counts(answer, "get_user_details", _PROFILE, "What trips do I have?") == [wrong]


@pytest.mark.parametrize(
    "answer",
    [
        "I found 3 reservations on your profile.",
        "You have 2 upcoming reservations and one already flown.",
        "Tienes 3 reservas en tu perfil.",
        "Sie haben 3 Buchungen.",
    ],
)
def test_a_count_of_reservations_the_list_holds_passes(answer: str) -> None:
    assert _counts(answer, "get_user_details", _PROFILE, "What trips do I have?") == []

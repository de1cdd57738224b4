"""An item no result holds, in a read-back of a result's list (``nofab.detectors.readbacks``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_ITEMS = [
    {"item_id": "x-1", "item": "rice", "done": False},
    {"item_id": "x-2", "item": "green tea", "done": False},
    {"item_id": "x-3", "item": "lemons", "done": True},
    {"item_id": "x-4", "item": "dish soap", "done": False},
]


def _flagged(answer: str, user: str = "what's on my list?", result: object = None) -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "GetList", "result": {"items": _ITEMS} if result is None else result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "ungrounded_entity"]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Your list now has 4 items: rice, green tea, mangoes and dish soap.", "mangoes"),
        ("Here it is:\n- rice\n- green tea\n- **oat flour**\n- dish soap", "oat flour"),
        ("Tu lista tiene: rice, green tea, lemons y paprika.", "paprika"),
        ("Ihre Liste enthält: rice, green tea, lemons und Zwiebeln.", "Zwiebeln"),
        ("Sur votre liste : rice, yoghurt, lemons et dish soap.", "yoghurt"),
    ],
)
def test_an_item_of_a_read_back_list_no_result_holds(answer: str, flagged: str) -> None:
    assert _flagged(answer) == [flagged]


@pytest.mark.parametrize(
    "answer",
    [
        "Your list now has 4 items: rice, green tea, lemons and dish soap.",
        "Here it is:\n- Rice (2 bags)\n- green tea\n- lemons — already bought\n- dish soap",
        "Your list: rice, tea, lemons and soap.",  # shortened items
        "You could also add: butter, jam, honey and flour.",  # suggestions: no held item
        "You have rice and green tea; ideas to add: butter, jam and honey.",
        "Your list now has: rice, green tea, lemons, dish soap and coffee.",  # the user's own item
        "Shared by: rice, green tea, lemons and you.",  # a pronoun is no item
        "Your list: rice, green tea, lemons, etc.",  # closing words are no item
        "Your list: rice, green tea, lemons and 2 more.",
        "Tu lista: rice, green tea, lemons, entre otros.",
        "Ta liste : rice, green tea, lemons et d'autres.",
        "Compartida con: rice, green tea, lemons y usted.",
    ],
)
def test_held_or_unread_items_pass(answer: str) -> None:
    assert _flagged(answer, user="did you add the coffee?") == []


def test_a_list_of_strings_is_read_too() -> None:
    result = {"songs": ["Blue Train", "So What", "Naima"]}
    assert _flagged("Playlist: Blue Train, So What and Giant Steps.", result=result) == ["Giant Steps"]


_TEAM = {"attendees": ["amartin", "bchen", "cpark"]}


@pytest.mark.parametrize(
    "answer",
    [
        "C'est fait : vous serez donc 4 avec toi, amartin, bchen et cpark.",
        "Done: the workshop is now for you, amartin, bchen and cpark.",
        "Erledigt: zum Workshop kommen jetzt Sie, amartin, bchen und cpark.",
        "Listo: seréis cuatro en total con usted, amartin, bchen y cpark.",
    ],
)
def test_a_lead_in_clause_before_the_first_item_is_no_item(answer: str) -> None:
    """A first part much longer than the other items leads into the series: only its last
    words are the first item (here a pronoun, no item at all)."""
    assert _flagged(answer, user="add me to the workshop", result=_TEAM) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("C'est fait : vous serez donc 4 avec dmoreau, amartin, bchen et cpark.", "dmoreau"),
        ("Done: the invite now goes out to zlee, amartin, bchen and cpark.", "zlee"),
        ("Erledigt: eingeladen sind jetzt auch noch fweber, amartin, bchen und cpark.", "fweber"),
    ],
)
def test_the_item_at_the_end_of_a_lead_in_is_still_read(answer: str, flagged: str) -> None:
    assert _flagged(answer, user="who is coming?", result=_TEAM) == [flagged]

"""Snake-case ids with a numbered tail are ids a tool issued, cue word or not
(detectors/cuedids.py ``issued_identifiers``)."""

from __future__ import annotations

import pytest

from nofab import Turn
from nofab.detectors.cuedids import issued_identifiers
from tests.helpers import findings

PROFILE = {
    "payment_methods": {
        "credit_card_5520931": {"source": "credit_card", "last_four": "0931"},
        "gift_card_7730042": {"source": "gift_card", "amount": 120},
    },
    "events": [{"event_id": "evt_20261104_q7", "title": "Standup"}],
}


def _ids(answer: str) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": "What can I pay with?",
            "response": answer,
            "tool_calls": [
                {"name": "get_user_details", "arguments": {"user_id": "ana_ruiz_41"}, "result": PROFILE}
            ],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "identifiers" and f.confidence >= 0.8]


FIRES = [
    ("I charged gift_card_7730024 for the bags.", "gift_card_7730024"),
    ("Le bon (certificate_4410987) est dans votre profil.", "certificate_4410987"),
    ("Der Gutschein certificate_4410987 ist hinterlegt.", "certificate_4410987"),
    ("Se usó credit_card_5520913.", "credit_card_5520913"),
]


@pytest.mark.parametrize(("answer", "flagged"), FIRES)
def test_an_issued_id_no_tool_holds_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _ids(answer)


QUIET = [
    "You can pay with credit_card_5520931 or gift_card_7730042.",
    "Your standup (evt_20261104_q7) is unchanged.",
    "The user is ana_ruiz_41.",  # two digits: no issued-id shape
    "Encoding is utf_8 and the file is covid_19.csv.",
]


@pytest.mark.parametrize("answer", QUIET)
def test_held_ids_and_other_words_are_quiet(answer: str) -> None:
    assert _ids(answer) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("paid by gift_card_7730042.", ["gift_card_7730042"]),
        ("mail me at gift_card_7730042@example.com", []),  # part of an e-mail
        ("see https://x.io/credit_card_5520931/a", []),  # part of a URL
        ("alm_5521 and ev_20250823_k41m", ["alm_5521", "ev_20250823_k41m"]),
        ("snake_case_word and h_2o", []),
    ],
)
def test_the_shape(text: str, found: list[str]) -> None:
    assert [text[s:e] for _c, s, e in issued_identifiers(text)] == found

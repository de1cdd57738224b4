"""A lone given name as the subject of a clause that says the person acts
(``nofab.detectors.namesubjects``), written from the principle: in a turn whose evidence
names people, a given name no evidence holds, opening a clause before a verb of action or
communication, is an ``ungrounded_entity``; anywhere else, or held, it is not.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.namesubjects import acting_verb, opens_clause
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

#: A delivery whose courier the record names by first name.
COURIER: dict[str, Any] = {
    "name": "get_delivery",
    "result": {"order_id": "FD-1", "courier": "Malik", "status": "on the way", "eta_minutes": 12},
}
#: A sent e-mail: the record names nobody; the user's message names the recipient.
EMAIL: dict[str, Any] = {"name": "send_email", "result": {"status": "sent", "message_id": "m-81"}}
EMAIL_USER = "Email Lena about the budget, please."
ES_USER = "Escribe a Lena, por favor."
FR_USER = "Écris à Lena."
PERSONA = "You are Ava, a courier assistant."
ON_THE_WAY = "Your order is on the way — "
#: A weather lookup: nobody is named anywhere.
WEATHER: dict[str, Any] = {"name": "get_weather", "result": {"city": "Lyon", "temp_c": 18}}


def names_found(answer: str, call: dict[str, Any], user: str = "", context: str = "") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict(
        {"response": answer, "user_message": user, "context": context, "tool_calls": [call]}
    )
    evidence = Evidence(turn, profile, lexicon_for(profile))
    found = EntityDetector(profile).detect(evidence)
    return [f.identifier for f in found if f.evidence.get("shape") == "name"]


MUST_FIRE = [
    (
        "a courier swapped, progressive",
        ON_THE_WAY + "Karim is delivering it.",
        COURIER,
        "",
        "Karim",
    ),
    ("a courier swapped, past", "Karim dropped it off at 5 pm.", COURIER, "", "Karim"),
    ("a modal and an object pronoun", "Laura will call you tomorrow.", COURIER, "", "Laura"),
    ("receiving after a modal", "Sent! Laura should have your email now.", EMAIL, EMAIL_USER, "Laura"),
    ("after a colon", "Update: Omar has already picked it up.", COURIER, "", "Omar"),
    (
        "Spanish, progressive",
        "Ya va. Karim está entregando tu pedido.",
        COURIER,
        "",
        "Karim",
    ),
    (
        "Spanish, clitic and future",
        "Listo. Laura te llamará mañana.",
        EMAIL,
        "Escribe a Lena, por favor.",
        "Laura",
    ),
    (
        "French, clitic and future",
        "C'est envoyé ! Laura vous appellera demain.",
        EMAIL,
        "Écris à Lena.",
        "Laura",
    ),
]


@pytest.mark.parametrize(("why", "answer", "call", "user", "expected"), MUST_FIRE)
def test_a_given_name_acting_that_no_evidence_holds_is_reported(
    why: str, answer: str, call: dict[str, Any], user: str, expected: str
) -> None:
    assert expected in names_found(answer, call, user), why


MUST_NOT_FIRE = [
    ("the courier the record holds", ON_THE_WAY + "Malik is delivering it.", COURIER, "", ""),
    ("the recipient the user named", "Sent! Lena should have your email now.", EMAIL, EMAIL_USER, ""),
    ("nobody is named in the evidence", "Karim is delivering it.", WEATHER, "", ""),
    ("a place before no action verb", "Florence is lovely in spring.", COURIER, "", ""),
    (
        "a brand the evidence names",
        "Chase will send you a new card.",
        COURIER,
        "Is my Chase card on its way?",
        "",
    ),
    (
        "an agent persona in the context",
        "Ava will call you back today.",
        COURIER,
        "",
        "You are Ava, a courier assistant.",
    ),
    ("a question, no verb after the name", "Done. Will you confirm the address?", COURIER, "", ""),
    ("a month", "May is busy; Malik will still deliver on time.", COURIER, "", ""),
    ("a modal that is a given name", "Can be delivered tomorrow, Malik says.", COURIER, "", ""),
    ("not opening a clause", "I asked whether Karim delivered it.", COURIER, "", ""),
    ("no verb of action after it", "Jordan is a lovely destination.", COURIER, "", ""),
    ("Spanish, the held courier", "Malik está entregando tu pedido.", COURIER, "", ""),
]


@pytest.mark.parametrize(("why", "answer", "call", "user", "context"), MUST_NOT_FIRE)
def test_a_held_or_non_acting_or_out_of_scope_name_is_not_reported(
    why: str, answer: str, call: dict[str, Any], user: str, context: str
) -> None:
    found = names_found(answer, call, user, context)
    assert not found, (why, found)


@pytest.mark.parametrize(
    ("answer", "word", "opens"),
    [
        ("Karim is here.", "Karim", True),
        ("Done! Karim is here.", "Karim", True),
        ("Done — Karim is here.", "Karim", True),
        ("Done - Karim is here.", "Karim", True),
        ("Note: **Karim** is here.", "Karim", True),
        ("Done.\n- Karim is here.", "Karim", False),  # a list item opens with its bullet
        ("I think Karim is here.", "Karim", False),
        ("Well, Karim is here.", "Karim", False),
    ],
)
def test_a_clause_opens_at_a_sentence_start_dash_colon_or_line(answer: str, word: str, opens: bool) -> None:
    assert opens_clause(answer, answer.index(word)) is opens


@pytest.mark.parametrize(
    ("after", "verb"),
    [
        (" is delivering it", "delivering"),
        (" will call you", "call"),
        (" should have it", "have"),
        (" has it", ""),  # receiving counts only after a modal
        (" is lovely", ""),
        (" will be sent", "sent"),
        (" está entregando", "entregando"),
        (" vous appellera", "appellera"),
        (" ruft Sie an", "ruft"),
        (", call me", ""),
    ],
)
def test_the_acting_verb_follows_through_auxiliaries_and_pronouns(after: str, verb: str) -> None:
    answer = "Karim" + after
    assert acting_verb(answer, 0, len("Karim")) == verb


@pytest.mark.parametrize("word", ["Can", "Will", "Puede", "Sent"])
def test_a_word_the_lists_hold_is_no_subject(word: str) -> None:
    """A given name that is also an auxiliary or a verb ("Can be delivered") opens no clause
    as a person."""
    answer = word + " be delivered tomorrow"
    assert acting_verb(answer, 0, len(word)) == ""

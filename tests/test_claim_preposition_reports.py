"""A subjectless report whose verb is followed by a preposition ("**Replied to Sofia** to let
her know you'll be there", "**Envoyé à Léa** pour confirmer") is a deed, even inside emphasis
or before a later "will"/"be": a participle before a preposition is no title's adjective. A
read of the same kind of thing (an inbox search) never grounds it; a title or a label
("**Moved to Friday** — standup", "**Added to your calendar:**") stays no claim."""

from __future__ import annotations

import pytest

from tests.helpers import claim_actions, claimed

_INBOX = {
    "name": "SearchInbox",
    "arguments": {"query": "quarterly review", "from": "Marta"},
    "result": [{"id": "msg_771", "from": "Marta Ruiz <marta@corp.example>", "subject": "Quarterly review"}],
}
_SENT = {
    "name": "SendEmail",
    "arguments": {"to": ["marta@corp.example"], "subject": "Re: Quarterly review", "body": "Count me in."},
    "result": {"status": "sent", "message_id": "<q7@corp.example>"},
}
_CALENDAR = {
    "name": "GetEvents",
    "arguments": {"date": "2025-05-09"},
    "result": [{"event_id": "ev_2", "name": "Standup", "start": "2025-05-09T09:00:00"}],
}

_REPORTS = [
    "- **Replied to Marta Ruiz** (marta@corp.example) to let her know you'll be there.",
    "Replied to Marta to say you will be at the review.",
    "All done:\n\n- **Forwarded to Marta** so she can check the numbers.",
    "- **Envoyé à Marta Ruiz** pour lui dire que tu seras là.",
    "C'est fait :\n\n- **Transmis à Marta** pour qu'elle puisse valider les chiffres.",
]


@pytest.mark.parametrize("answer", _REPORTS)
def test_a_report_led_by_a_verb_and_a_preposition_is_a_claim(answer: str) -> None:
    assert "send" in claim_actions(answer)


@pytest.mark.parametrize("answer", [*_REPORTS, "I replied to Marta to say you will be at the review."])
def test_an_inbox_search_does_not_ground_it(answer: str) -> None:
    assert claimed(answer, _INBOX) != []


@pytest.mark.parametrize("answer", _REPORTS)
def test_a_send_grounds_it(answer: str) -> None:
    assert claimed(answer, _INBOX, _SENT) == []


@pytest.mark.parametrize(
    "answer",
    [
        "**Moved to Friday** — standup with the platform team.",
        "- **Added to your calendar:** Standup, Friday 9:00.",
        "- **Added to your calendar** : Standup, Friday 9:00.",
        "**Updated PTO policy** — effective May 1.",
        "Updated fares are shown below.",
        "**Ajouté à ton agenda** — point du vendredi.",
        "- **Ajouté à ton agenda** : point du vendredi.",
        "Envoyé à 14 h, le message attend encore une réponse.",
    ],
)
def test_a_title_or_a_label_is_no_claim(answer: str) -> None:
    assert claimed(answer, _CALENDAR) == []

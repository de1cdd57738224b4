"""Quotations no source holds (``quotes``): text presented as a message's, an e-mail's or a
person's own words must be in the evidence, verbatim or by most of its content words."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile, Turn
from nofab.detectors.quotes import QuoteDetector, quotes
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

#: A message search that found one message.
FOUND = {
    "name": "SearchMessages",
    "arguments": {"query": "deadline"},
    "result": {
        "messages": [
            {
                "sender": "lhardy",
                "message": "Reminder: the report deadline moved to Thursday at noon.",
            }
        ]
    },
}
#: A message search that found nothing.
NOTHING = {
    "name": "SearchMessages",
    "arguments": {"query": "trip", "sender": "leo"},
    "result": {"messages": []},
}


def detect(
    answer: str, calls: list[dict[str, Any]], user: str = "", profile: Profile | None = None
) -> list[Finding]:
    profile = profile or Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": calls})
    return list(QuoteDetector(profile).detect(Evidence(turn, profile, lexicon_for(profile))))


MUST_FIRE: list[tuple[str, list[dict[str, Any]]]] = [
    ('Yes, Leo wrote: "See you at the station at 8 for the trip!"', [NOTHING]),
    ("The message says “Dinner moved to Friday at the harbour restaurant.”", [NOTHING]),
    ('Anna replied: "Budget approved, invoices arrive Monday."', [NOTHING]),
    ('His e-mail reads: "Contract signed, shipping starts next quarter."', [FOUND]),
    ('lhardy wrote on September 10: "The venue changed to the old library annex."', [FOUND]),
    ('Leo sent you a message: "The venue changed to the old library annex."', [FOUND]),
    ('Recibiste un correo de Leo: "El lugar cambió al anexo de la biblioteca vieja."', [NOTHING]),
    ('Leo escribió: "Nos vemos en la estación del tren mañana temprano."', [NOTHING]),
    ("Le message de Leo : « Rendez-vous à la gare demain matin avec les billets. »", [NOTHING]),
    ("Leo schrieb: „Wir treffen uns morgen früh am Bahnhof.“", [NOTHING]),
    ('Leo escreveu: "Encontro na estação amanhã cedo com os bilhetes."', [NOTHING]),
]


@pytest.mark.parametrize(("answer", "calls"), MUST_FIRE)
def test_a_quote_no_source_holds_is_flagged(answer: str, calls: list[dict[str, Any]]) -> None:
    found = detect(answer, calls)
    assert len(found) == 1, answer
    finding = found[0]
    assert finding.kind == "ungrounded_entity" and finding.evidence["shape"] == "quote"
    assert finding.confidence >= 0.8
    assert answer[finding.span[0] : finding.span[1]] == finding.identifier
    assert len(finding.evidence["absent"]) >= 2


MUST_NOT_FIRE: list[tuple[str, list[dict[str, Any]], str]] = [
    # the tool's own text, verbatim or with its words
    ('lhardy wrote: "Reminder: the report deadline moved to Thursday at noon."', [FOUND], ""),
    ("The message says “the report deadline moves to Thursday”.", [FOUND], ""),
    ('lhardy escribió: "Reminder: the report deadline moved to Thursday at noon."', [FOUND], ""),
    # the user's own words
    (
        'You said the gate agent "promised me a refund for the downgrade".',
        [],
        "The agent at the gate promised me a refund for the downgrade!",
    ),
    ("Du schriebst: „Bitte die Buchung morgen stornieren“.", [], "Bitte die Buchung morgen stornieren."),
    # a draft or an offer, not a source's words
    ('Shall I send Leo this message: "Running late, see you at nine"?', [NOTHING], ""),
    ('I\'ll write to Leo: "Running late tonight, see you at nine."', [NOTHING], ""),
    ('Would you like the note to say "Running late tonight, sorry"?', [NOTHING], ""),
    ('¿Quieres que el mensaje diga "Llego tarde a la cena de hoy"?', [NOTHING], ""),
    # a new text: a source noun after an indefinite article, a suggestion
    ('Here is a reply: "Thanks Anna, I will countersign and return it tomorrow."', [NOTHING], ""),
    ('Aquí tienes una respuesta: "Gracias Ana, firmaré el contrato mañana temprano."', [NOTHING], ""),
    ("Voici un message : « Merci Anna, je signerai le contrat demain matin. »", [NOTHING], ""),
    ('Suggested reply: "Thank you for the update, I will review the slides tonight."', [NOTHING], ""),
    ('Here is the e-mail I drafted: "Dear Anna, the signed contract follows by courier."', [NOTHING], ""),
    (
        'Este es el correo que he redactado: "Querida Ana, el contrato firmado llega por mensajero."',
        [NOTHING],
        "",
    ),
    # too short to be a source's words, no cue, or the cue in another sentence
    ('The subject is "Quarterly numbers".', [NOTHING], ""),
    ('Your event "Dinner with the harbour team tonight" is in the calendar.', [NOTHING], ""),
    ('I found no message from Leo. "Nothing about the trip yet" is all I can say.', [NOTHING], ""),
    # one word of many changed for a synonym: a paraphrase, not an invention (a changed fact,
    # such as the day, is a misquote: tests/test_misquotes.py)
    ('lhardy wrote: "Reminder: the report deadline shifted to Thursday at noon."', [FOUND], ""),
]


@pytest.mark.parametrize(("answer", "calls", "user"), MUST_NOT_FIRE)
def test_a_quote_the_evidence_holds_or_that_is_no_source_passes(
    answer: str, calls: list[dict[str, Any]], user: str
) -> None:
    assert detect(answer, calls, user) == [], answer


def test_quotes_are_read_once_and_only_after_a_cue() -> None:
    answer = 'Leo wrote: "one two three" and said "four five six". "seven eight nine"'
    texts = [answer[q.span[0] : q.span[1]] for q in quotes(answer)]
    assert texts == ["one two three", "four five six"]


def test_an_unclosed_quote_is_no_quote() -> None:
    assert list(quotes('Leo wrote: "see you at the station')) == []
    assert list(quotes("Leo wrote: “see you\n\nat the station”")) == []


def test_the_allow_list_and_its_bad_setting() -> None:
    answer = 'Leo wrote: "See you at the station at 8 for the trip!"'
    profile = Profile(rules={"quotes": {"allow": ["See you at the station at 8 for the trip!"]}})
    assert detect(answer, [NOTHING], profile=profile) == []
    with pytest.raises(ProfileError):
        Guard(Policy(load_plugins=False), Profile(rules={"quotes": {"allow": 3}}))


def test_the_guard_blocks_an_invented_quote() -> None:
    turn = Turn.from_dict(
        {
            "response": 'Yes, Leo wrote: "See you at the station at 8 for the trip!"',
            "user_message": "Did Leo message me about the trip?",
            "tool_calls": [NOTHING],
        }
    )
    blocking = Guard(Policy(load_plugins=False)).assess(turn).blocking
    assert any(f.detector == "quotes" for f in blocking)


@pytest.mark.parametrize(
    "answer",
    [
        '"See you at the station at 8 for the trip," Leo wrote.',
        "“Dinner moved to Friday at the harbour restaurant,” she said.",
        "« Rendez-vous à la gare demain matin avec les billets », a écrit Léo.",
        "„Wir treffen uns morgen früh am Bahnhof“, schrieb Leo.",
    ],
)
def test_a_cue_after_the_quote_presents_it_as_a_source(answer: str) -> None:
    found = detect(answer, [NOTHING])
    assert len(found) == 1 and found[0].identifier == found[0].identifier.strip(), answer


@pytest.mark.parametrize(
    "answer",
    [
        '"Reminder: the report deadline moved to Thursday at noon," lhardy wrote.',
        '"I will be late tonight," Leo wrote.',  # the user's own words
        'Shall I reply "Running late, see you at nine," as Leo asked?',
        'I will send the "Running late, see you at nine" message to Leo.',
    ],
)
def test_a_cue_after_a_grounded_or_drafted_quote_passes(answer: str) -> None:
    calls = [FOUND] if "lhardy" in answer else [NOTHING]
    user = "Tell Leo I will be late tonight." if "late tonight" in answer else ""
    assert detect(answer, calls, user) == [], answer


def test_a_quote_in_another_language_than_the_evidence_is_reported_not_blocked() -> None:
    """A Spanish answer quoting an English e-mail may translate it: its words cannot be
    compared with the source's, so the finding stays below the blocking threshold."""
    mail = {
        "name": "read_email",
        "arguments": {"id": "m-7"},
        "result": {"from": "leo", "body": "I will be at the station at 8 with the tickets for all of us."},
    }
    answer = 'Leo escribió: "Estaré en la estación a las 8 con los billetes para todos."'
    found = detect(answer, [mail])
    assert [f.confidence for f in found] == [0.5]
    # the same quote with an evidence in its own language (or none) is blocked
    assert [f.confidence for f in detect(answer, [NOTHING])] == [0.8]

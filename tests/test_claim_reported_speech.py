"""A verb inside a quoted text is the text's, not the answer's claim: 'Sent: "the picnic got
cancelled"' reports a message's words. A claim outside the quotation is still read, and a
scare-quoted word or an apostrophe opens no quotation."""

from __future__ import annotations

import random
import re

import pytest

from nofab.language.reportedspeech import _speech, quotation_spans
from nofab.language.vocabulary import LANGUAGES, load
from tests.helpers import call, claim_actions, claimed

MESSAGE = call("SendMessage", {"message_id": "m-1"}, {"receiver": "lena", "message": "x"})


@pytest.mark.parametrize(
    "answer",
    [
        'Message sent to Lena: "Reminder: the picnic was cancelled because of the rain."',
        "I texted Lena: 'the picnic was cancelled, see you next week'.",
        "Sent to Lena.\n\nText:\n> Quick note: the picnic was cancelled, sorry!",
        'Sent to Lena.\n\nText:\n> "Quick note: the picnic was cancelled, sorry!"',
        "I texted Lena “we deleted the old group chat yesterday” as you asked.",
        'Mensaje enviado a Lena: "el pícnic fue cancelado por la lluvia".',
        "Nachricht an Lena gesendet: „Das Picknick wurde wegen Regen abgesagt.“",
        "Message envoyé à Lena : « le pique-nique a été annulé à cause de la pluie ».",
        # a colon after a verb of saying or writing opens the words said
        "I texted Lena: the picnic was cancelled, see you next week.",
        "Your reply to Lena reads: the picnic got cancelled.",
        "Le escribí a Lena: el pícnic fue cancelado.",
        "Ich schrieb Lena: Das Picknick wurde abgesagt.",
    ],
)
def test_a_verb_inside_a_quoted_text_is_not_a_claim(answer: str) -> None:
    assert claimed(answer, MESSAGE) == []


@pytest.mark.parametrize(
    "answer",
    [
        # the deed outside the quotation is still the answer's
        'I cancelled the picnic booking and told Lena: "see you next week at the park".',
        "I've deleted Lena's old group chat and the friends' thread.",
        # a quoted title beside the claim does not hide it
        'I cancelled the "Friday picnic" booking.',
        'He cancelado la reserva del pícnic y le escribí a Lena: "nos vemos la próxima semana".',
        # the words said end at their sentence's stop; a label's colon opens no speech
        "I texted Lena: running late. I have also cancelled the picnic booking.",
        "Note: I have cancelled the picnic booking.",
        "Hinweis: Ich habe die Buchung storniert.",
    ],
)
def test_a_claim_outside_a_quotation_still_fires(answer: str) -> None:
    assert claimed(answer, MESSAGE) != []


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("It's Aiko's and the friends' party.", 0),
        ('Titled "Q3" only.', 0),
        ('She wrote "the room moved to 4B" twice.', 1),
        ("Note:\n> the room moved to 4B", 1),
        ("> a blockquote with no colon line before it", 0),
    ],
)
def test_what_counts_as_a_quotation(text: str, count: int) -> None:
    assert len(quotation_spans(text)) == count


def test_the_sending_deed_before_the_quotation_is_still_read() -> None:
    assert claim_actions('I sent Lena this: "the picnic was cancelled today".') == ["send"]


def test_the_grouped_speech_pattern_matches_what_one_alternative_per_verb_matches() -> None:
    # ``_speech`` groups its verbs by first letter for speed; the plain alternation of every
    # verb, longest first, is what it must match, in every case and beside other words.
    grouped = _speech()
    verbs = sorted(
        {w for code in LANGUAGES for w in load(code).get("speech_verbs", ())}, key=len, reverse=True
    )
    plain = re.compile(
        rf"(?<![\w'’])(?:{'|'.join(re.escape(v) for v in verbs)})(?![\w'’])[^.!?;\n:]{{0,60}}:[ \t]*"
        r"(?P<speech>[^\s*>][^\n]*?)(?=[.!?](?:\s|$)|\n|$)",
        re.IGNORECASE,
    )
    rng = random.Random(0)
    words = [*verbs, *(v.upper() for v in verbs), "she", "wrote:", ":", "Said", ".", "\n", "é", "x" * 70]
    texts = [
        f"{p}{v.capitalize()}{m}: the meeting moved. Then"
        for v in verbs
        for p in ("", "x", "'", "I ")
        for m in ("", " to her", ". no")
    ]
    texts += [" ".join(rng.choice(words) for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    for text in texts:
        assert [(m.span(), m.span("speech")) for m in grouped.finditer(text)] == [
            (m.span(), m.span("speech")) for m in plain.finditer(text)
        ], text

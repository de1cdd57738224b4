"""One lexicon system (issue 11): one loader, one normaliser, one negation list, every
word of every language in the data files, profile claim verbs in every language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nofab import Profile
from nofab.language import phrases
from nofab.language.lexicon import LANGUAGES, lexicon_for
from nofab.language.text import normalise
from nofab.language.vocabulary import load, words
from tests.helpers import call, findings, turn

#: Word lists every language must carry (the code holds no words of its own).
SHARED_LISTS = (
    "negations",
    "hedges",
    "action_words",
    "request_markers",
    "inability",
    "titles",
    "greetings",
    "universal",
    "counts",
    "clause_breaks",
    "short_words",
    "claim_patterns",
    "coordination",
)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_carries_every_word_list(code: str) -> None:
    data = load(code)
    missing = [key for key in SHARED_LISTS if not data.get(key)]
    assert missing == [], f"{code}.json lacks {missing}"


def test_the_phrase_book_holds_phrases_only() -> None:
    for code in LANGUAGES:
        assert not {"negations", "short_words"} & set(load("tool_failures")[code])


def test_one_negation_list_serves_claims_and_phrases() -> None:
    union = frozenset(normalise(w) for code in LANGUAGES for w in load(code)["negations"])
    assert phrases.negations() == union == words("negations")
    lexicon = lexicon_for(Profile())
    for lang in lexicon.languages:
        assert lang.negations <= union


@pytest.mark.parametrize(
    "text",
    ["Nothing was made up, I never fabricated anything.", "Nada fue inventado, no inventé nada."],
)
def test_a_negation_cancels_a_confession_in_two_languages(text: str) -> None:
    assert [f for f in findings(turn(text), detector="confessions")] == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I provisioned the VM.", "en"),
        ("He aprovisionado la VM.", "es"),
        ("J'ai aprovisionado la VM.", "fr"),
        ("Ich habe die VM aprovisionado.", "de"),
        ("A VM foi aprovisionado.", "pt"),
    ],
)
def test_profile_claim_verbs_reach_every_language(text: str, language: str) -> None:
    profile = Profile(claim_verbs={"provisioned": ("provision",), "aprovisionado": ("provision",)})
    (claim,) = lexicon_for(profile).find_claims(text)
    assert claim.action.name.startswith("profile:") and claim.language == language
    assert findings(turn(text, call("provision_vm", "ok")), profile, "claims") == []


@pytest.mark.parametrize(
    "text",
    ["I’ve sent the invoice.", "I've sent the invoice.", "I‘ve sent the invoice.", "I’VE SENT the invoice."],
)
def test_typographic_apostrophes_and_case_read_alike(text: str) -> None:
    assert [c.action.name for c in lexicon_for(Profile()).find_claims(text)] == ["send"]


def test_a_curly_apostrophe_in_a_request_reads_as_a_straight_one() -> None:
    lexicon = lexicon_for(Profile())
    assert lexicon.classify_request("I’d like to cancel my booking.")[0] == "action"
    assert lexicon.classify_request("I'd like to cancel my booking.")[0] == "action"


@given(st.text(max_size=80))
def test_normalise_keeps_every_offset(text: str) -> None:
    norm = normalise(text)
    assert len(norm) == len(text)
    assert normalise(norm) == norm or len(normalise(norm)) == len(norm)


def test_normalise_folds_case_and_apostrophes() -> None:
    assert normalise("Straße’s ÉTÉ") == "straße's été"


@pytest.mark.parametrize(
    "message",
    ["Please provision the sandbox for me", "Bitte provisionieren Sie die Sandbox", "what is a sandbox?"],
)
def test_request_classification_is_the_same_when_asked_again_and_per_profile(message: str) -> None:
    """Classifying is cached per message; the answer must not change on a second ask, and a
    profile's own trigger keywords must still count (each lexicon keeps its own answers)."""
    plain = lexicon_for(Profile())
    keyed = lexicon_for(Profile(tool_trigger_keywords={"provision_sandbox": ("sandbox",)}))
    first = plain.classify_request(message)
    assert plain.classify_request(message) == first
    with_keyword = keyed.classify_request(message)
    assert keyed.classify_request(message) == with_keyword
    assert "sandbox" in with_keyword[2] and "sandbox" not in first[2]

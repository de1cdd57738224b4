"""Which words the evidence holds (``nofab.detectors.heldwords``), and the cheap tests the name
rules ask before their own reading (``in_running_prose``, ``owners_of``).

Each shortcut must answer exactly as the slow reading it spares: a find over the whole
evidence text, every rule of ``NameFinder._why``, ``owners`` over all records.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors import heldwords, textmemo
from nofab.detectors import nameslots as slots
from nofab.detectors.heldwords import HeldWords, letters_token
from nofab.detectors.namerecords import People, owners, owners_of
from nofab.detectors.names import NameFinder
from nofab.detectors.namewords import Word, runs, words
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

_SOURCES = [
    "sofia silva booked a 1 on 1 with hugo; ana-lucía o'brien agreed",
    "x" * 40 + " señora gómez " + "y" * 600 + " kevin",
    "rb-2207 silvan sophia_silva_7557 übermut",
    "",
]


@pytest.mark.parametrize(
    "piece",
    [
        "sofia",
        "silva",
        "silv",
        "silvan",
        "hugo",
        "lucía",
        "o",
        "brien",
        "gómez",
        "kevin",
        "übermut",
        "rb",
        "zzz",
    ],
)
def test_held_words_answer_as_a_find_over_the_joined_text(piece: str) -> None:
    joined = "\n\u241e\n".join(_SOURCES)
    expected = letters_token(joined, piece)
    for _sight in range(textmemo.SIGHTS + 1):  # finds, then each source split and kept
        assert HeldWords(_SOURCES).holds(piece) is expected


@pytest.mark.parametrize(
    "text", ["Ab cd_ef9gh\tij-kl", "naïve ½ x²y café_au lait", "", "a" * 300 + ".b", "ÆØÅ ǅ ǲ ﬁ"]
)
def test_letter_runs_are_the_regex_runs(text: str) -> None:
    assert heldwords.letter_runs(text) == frozenset(heldwords.LETTERS.findall(text))


def test_many_words_split_the_rest_once_with_the_same_answers() -> None:
    rng = random.Random(7)
    text = " ".join("".join(rng.choices("abcdefg", k=rng.randint(2, 6))) for _ in range(400))
    texts = [text + " unique-tail-" + str(rng.random())]  # a long text seen for the first time
    asked = ["".join(rng.choices("abcdefg", k=rng.randint(2, 6))) for _ in range(3 * heldwords.MAX_FINDS)]
    held = HeldWords(texts)
    assert [held.holds(p) for p in asked] == [letters_token(texts[0], p) for p in asked]


def _finder(answer: str, user: str = "") -> tuple[NameFinder, Evidence]:
    profile = Profile()
    call: dict[str, Any] = {
        "name": "get_reservation",
        "result": {
            "user_id": "sofia_silva_7557",
            "passengers": [
                {"first_name": "Sofia", "last_name": "Silva", "phone": "555-0101"},
                {"first_name": "Kevin", "last_name": "Moreau"},
            ],
            "events": [{"title": "1 on 1 with Hugo"}],
        },
    }
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": [call]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    finder = NameFinder(
        People(evidence),
        lambda: [found for _label, found in evidence.result_records],
        lambda: evidence.folded,
        evidence.lexicon.titles,
        evidence.lexicon.greetings,
        lambda: [s.folded for s in evidence.sources],
    )
    return finder, evidence


#: Answers whose capitalised words sit in every slot the rules read, and in running prose.
_ANSWERS = [
    "Could you confirm? Since this is basic economy, Noah cannot change it.",
    "Thanks, Noah. Noah and Sofia are booked. Sofia and Noah too. Sofia, Noah will fly. Noah is set.",
    "Sofia & Noah fly. I booked it for Noah today. Avisé a Noah ayer. Llamé a Marta hoy.",
    "Passenger: Noah\n- Noah (DOB: 2001-01-01)\nYour son Noah is set. Noah's seat is 4A.",
    "Hola Noah! Kevin Moreau y Noah viajan. Noah, your flight leaves. Noah is set.",
    "Noah (sofia_silva_7557) paid. Noah is set.",
    "The phone of Noah is new. Sofia Brandt called. I met with Noah. AND Noah left. Done, Noah.",
    "Mr. Noah said hi. Las Vegas (LAS) is sunny. Noah or Kevin will call. Noah y Kevin llegan.",
]


@pytest.mark.parametrize("answer", _ANSWERS)
def test_running_prose_is_only_skipped_where_no_rule_reads_a_person(answer: str) -> None:
    finder, _evidence = _finder(answer)
    skipped = 0
    for run in runs(answer, words(answer, finder.titles)):
        if len(run) != 1:
            continue
        word = run[0]
        if slots.in_running_prose(answer, word):
            skipped += 1
            assert finder._why(answer, run) is None, (word.text, answer)
    assert skipped >= 1  # each answer has sentence-initial words in running prose


@pytest.mark.parametrize(
    ("answer", "word"),
    [
        ("Noah and Sofia fly.", "Noah"),  # a joiner after it
        ("Sofia, Noah will fly.", "Noah"),  # a comma before it
        ("Llamé a Noah hoy.", "Noah"),  # the Spanish personal "a"
        ("Noah's seat is 4A.", "Noah"),  # a possessive
        ("I booked it for Noah today.", "Noah"),  # a slot word before it
        ("Thanks, Noah.", "Noah"),  # no lower-case word after it
    ],
)
def test_running_prose_needs_every_mark_absent(answer: str, word: str) -> None:
    start = answer.index(word)
    possessive = answer[start + len(word) :].startswith("'s")
    end = start + len(word) + (2 if possessive else 0)
    found = Word(word, start, end, possessive, shaped=True)
    assert not slots.in_running_prose(answer, found)


def test_owners_are_read_per_result_and_remembered_by_identity() -> None:
    _, evidence = _finder("Noah (sofia_silva_7557) paid.")
    groups = [found for _label, found in evidence.result_records]
    assert groups
    for group in groups:
        first = owners_of(group)
        assert first == owners(group)
        assert owners_of(group) is first  # the same result's tuple: read once
    merged: dict[str, frozenset[str]] = {}
    for group in groups:
        for code, names in owners(group).items():
            merged[code] = merged.get(code, frozenset()) | names
    assert merged == owners(r for group in groups for r in group)


@pytest.mark.parametrize("names", [["hugo"], ["hugo", "gómez", "kevin"], ["o'brien", "lucía", "zzz"]])
def test_frames_per_source_are_the_frames_of_the_joined_text(names: list[str]) -> None:
    texts = [*_SOURCES, "a meeting with hugo and a call with señora gómez", "lunch con kevin"]
    joined = "\n\u241e\n".join(texts)
    expected = {w for name in names for w in slots.frames_of(joined, name)}
    for _sight in range(textmemo.SIGHTS + 1):  # the joined rest, then split sources
        assert HeldWords(texts).frames(names) == expected

"""The claim finder reads a claim's clause within a bounded window (issue 16): a negation or
hedge earlier in the same clause cancels a claim, but an unpunctuated run does not make
the clause reach back to the answer's start (which made finding claims quadratic on a
long run of coordinated verbs, and let a word from far back cancel a claim)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Profile
from nofab.language.claimfinder import _CLAUSE_WINDOW as CLAUSE_WINDOW
from nofab.language.claimfinder import ClaimFinder, word_set
from nofab.language.clausecues import AnswerCues
from nofab.language.lexicon import lexicon_for
from nofab.language.stops import NextStop

EN_FILLER = " ".join(["the", "long", "list", "of", "options", "we", "looked", "at", "with", "you"] * 4)
ES_FILLER = " ".join(["la", "larga", "lista", "de", "opciones", "que", "vimos", "contigo"] * 5)


def verbs(text: str) -> list[str]:
    return [c.verb for c in lexicon_for(Profile()).find_claims(text)]


@pytest.mark.parametrize(
    "text",
    [
        "It was not clear whether the booking has been cancelled",
        "Nothing suggests the reservation has been cancelled",
        "No estaba claro si la reserva ha sido cancelada",
    ],
)
def test_a_negation_earlier_in_the_clause_cancels_a_claim(text: str) -> None:
    assert verbs(text) == []


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        (f"It was not {EN_FILLER} and the booking has been cancelled", "cancelled"),
        (f"Nothing {EN_FILLER} so the reservation has been cancelled", "cancelled"),
        (f"No {ES_FILLER} y la reserva ha sido cancelada", "cancelada"),
    ],
)
def test_a_negation_beyond_the_clause_window_does_not_reach_a_claim(text: str, verb: str) -> None:
    assert verbs(text) == [verb]


def test_a_window_cut_inside_a_word_does_not_read_its_tail_as_a_word() -> None:
    # The window's edge moved across "cannot": cut after "can", its tail "not" would read
    # as a negation; the clause starts at the next whole word instead.
    head, claim = "we cannot", "has been cancelled"
    for cut in range(1, len("cannot")):
        edge = len("we ") + cut  # where the window should start
        gap = edge + CLAUSE_WINDOW - len(head)  # characters between the head and the claim
        middle = " and the booking "
        text = head + " " * (gap - len(middle)) + middle + claim
        assert text.index(claim) - CLAUSE_WINDOW == edge
        assert verbs(text) == ["cancelled"], cut


@pytest.mark.parametrize(
    ("unit", "per_unit"),
    [
        ("I have sent the email and cancelled the booking and ", ["sent", "cancelled"]),
        ("He cancelado la reserva y enviado el correo y ", ["cancelado", "enviado"]),
    ],
)
def test_every_claim_of_a_long_unpunctuated_run_is_found(unit: str, per_unit: list[str]) -> None:
    assert verbs(unit * 300) == per_unit * 300


def test_only_the_languages_an_answer_reaches_pay_for_their_ascii_twins() -> None:
    lexicon = lexicon_for(Profile())
    finder = ClaimFinder(lexicon.languages, lexicon.actions, lexicon.entities)
    codes = [lang.code for lang in finder.languages]
    finder.find("I have cancelled the booking.")
    assert {codes[i] for i in finder._ascii} == {"en"}
    finder.find("He cancelado la reserva.")  # Portuguese shares some of these words
    reached = {codes[i] for i in finder._ascii}
    assert {"en", "es"} <= reached and "de" not in reached


@pytest.mark.parametrize(
    "text",
    [
        "I have cancelled the booking and sent the email.",
        "Your reservation has been cancelled, not refunded.",
        "He cancelado la reserva y enviado el correo.",
        "Ich habe die Buchung storniert.",
    ],
)
def test_an_ascii_answer_finds_what_the_same_answer_with_a_non_ascii_mark_finds(text: str) -> None:
    # The trailing mark keeps the answer off the ASCII twins: both readings must agree.
    plain = [(c.span, c.verb) for c in lexicon_for(Profile()).find_claims(text)]
    marked = [(c.span, c.verb) for c in lexicon_for(Profile()).find_claims(text + " ☺")]
    assert plain == marked
    assert plain


PIECES = ["but", "pero", "aber", "mais", "mas", "sent", "i", "we", "x", "butter", "."]
GLUES = [" ", "", ". ", "; ", "!", "?", "\n", ", "]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(GLUES)), min_size=1, max_size=30),
    st.integers(min_value=0, max_value=200),
    st.integers(min_value=0, max_value=200),
)
def test_a_clause_starts_after_the_last_stop_or_break_word(
    parts: list[tuple[str, str]], a: int, b: int
) -> None:
    # The stops found backwards and the break words by their own pattern give what one
    # pattern of both, scanned forward through the window, gives.
    finder = lexicon_for(Profile())._claims
    text = "".join(w + g for w, g in parts)
    window, start = sorted((min(a, len(text)), min(b, len(text))))
    expected = window
    for brk in finder._clause_break.finditer(text, window, start):
        expected = brk.end()
    cues = AnswerCues((text,), text, (), finder._breaks)  # the stops and break words by binary search
    assert finder._clause_start(text, window, start, cues) == expected


_WORD_PIECES = st.sampled_from(
    [
        "i",
        "i've",
        "rock'n'roll",
        "'quoted'",
        "don't",
        "x''y",
        "_a",
        "42",
        "3'5",
        "é",
        "’s",
        "o’neal",
        " ",
        "\n",
        ".",
        "-",
    ]
)


@given(st.lists(_WORD_PIECES, max_size=30).map("".join) | st.text(max_size=80))
def test_word_set_reads_the_words_the_pattern_reads(text: str) -> None:
    """The language gate's words are exactly the claim pattern's words, whether the text is
    ASCII (split in C) or not, with apostrophes inside, around or doubled."""
    assert word_set(text) == set(re.findall(r"\w+(?:['’]\w+)?", text))


@given(
    st.lists(st.sampled_from(["a", " ", "bc ", ".", "?", "!", "\n", "xyz"]), max_size=60).map("".join),
    st.lists(st.tuples(st.integers(0, 70), st.integers(0, 12)), max_size=30),
)
def test_next_stop_answers_as_a_search_from_each_position(text: str, queries: list[tuple[int, int]]) -> None:
    """Asked in any order (ascending, repeated, going back), the remembered search gives the
    first stop of each window, exactly as searching the text there would."""
    stops = NextStop(text)
    sweep = [(position, window) for window in (1, 3, 8) for position in range(len(text) + 2)]
    for position, window in [*sweep, *sorted(queries), *queries]:
        found = re.compile(r"[.!?\n]").search(text, position, position + window)
        assert stops.at(position, window) == (found.start() if found else -1)

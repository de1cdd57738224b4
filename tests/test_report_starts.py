"""A subjectless report ("Reminder deleted.") is tried only at sentence starts some verb of its
pattern still follows (``language/reportstarts.py``): every match passes through the pattern's
top-level verb group, so past the verb's last place no match can start. The cut must find
exactly the claims the uncut loop finds, in every language, with the verb early, late, absent,
inside an aside, or only in the blanked-aside reading."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Profile
from nofab.language import reportstarts
from nofab.language.lexicon import lexicon_for
from nofab.language.reportstarts import VerbReach, sentence_starts, verb_part


def _uncut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every report start tried, as before the cut."""
    monkeypatch.setattr(VerbReach, "last", lambda self, pattern, text: len(text) + 1)


@pytest.fixture(autouse=True)
def _always_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every answer scanned for its verbs, however few its starts (the cut is what is tested)."""
    monkeypatch.setattr(reportstarts, "_CHARS_PER_TRY", 10**6)


def _claims(text: str) -> list[tuple[tuple[int, int], str, str]]:
    return [(c.span, c.verb, c.language) for c in lexicon_for(Profile()).find_claims(text)]


LIST = "\n".join(
    f"{i}. **Reservation ID: AB{i}X9**\n   - **Origin:** JFK\n   - **Date:** May {i}, 2024"
    for i in range(1, 9)
)

ANSWERS = [
    "Reminder deleted.",
    f"Here are your trips:\n\n{LIST}\n\nReminder deleted.",  # the report after a long list
    f"Reminder deleted.\n\n{LIST}",  # the report before it, nothing after
    f"I have reviewed your reservations:\n\n{LIST}\n\nWould you like to change any of them?",
    "Your booking is confirmed! Flight cancelled. Baggage added.",
    "Reservation K7 (Lyon to Porto) is cancelled.",  # a state read through a blanked aside
    "Here you go:\n- Reservation K7 (cancelled in May) is on hold.\n- Nothing else.",
    "Recordatorio eliminado.\n\n- Vuelo: IB123\n- Fecha: 3 de mayo",
    "Rappel supprimé.\n\n- Vol : AF12\n- Date : 3 mai",
    "Erinnerung gelöscht.\n\n- Flug: LH12\n- Datum: 3. Mai",
    "Lembrete excluído.\n\n- Voo: TP12\n- Data: 3 de maio",
    "Líst — nothing here: « É » ¿Qué? Ünïcödé only.",
    f"Reminder deleted.\n\n{LIST}\n- Travel Insurance: no\n- Status: transferred",  # in-word verbs late
    "Here:\n❶ Deleted.\n❷ Insurance ran out",
]


@pytest.mark.parametrize("text", ANSWERS)
def test_the_cut_finds_the_claims_the_uncut_loop_finds(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = _claims(text)
    _uncut(monkeypatch)
    assert _claims(text) == cut


_PIECES = st.sampled_from(
    [
        "Reminder deleted.",
        "Flight cancelled!",
        "Your booking is confirmed.",
        "Booking K7 (two bags) is cancelled.",
        "Reserva cancelada.",
        "Buchung storniert.",
        "- **Origin:** JFK",
        "Here are the details:",
        "(see below)",
        "Would you like anything else?",
        "\n",
        "\n\n",
        "1. ",
        "I've sent it",
        "Travel Insurance: yes",  # "ran" inside a word: no verb of a report
        "Transferred.",
        "sent.",
        "❶ Deleted.",  # a bullet that is a word character
        "(cancelled)",
        "**Cancelled**",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, max_size=12))
def test_random_answers_find_the_same_claims_cut_and_uncut(pieces: list[str]) -> None:
    text = " ".join(pieces)
    cut = _claims(text)
    with pytest.MonkeyPatch.context() as patch:
        _uncut(patch)
        assert _claims(text) == cut


def test_every_lexicon_report_pattern_has_a_verb_part() -> None:
    """Otherwise the cut silently does nothing for that pattern (still exact, but slow)."""
    finder = lexicon_for(Profile())._claims
    finder.find("Reminder deleted. Recordatorio eliminado. Rappel supprimé. Erinnerung gelöscht.")
    for lang in finder.languages:
        for pattern in lang.reports:
            assert verb_part(pattern) is not None, (lang.code, pattern.pattern[:80])


@pytest.mark.parametrize(
    "source",
    [
        r"(?:done\s+)?(?P<verb>sent|deleted)?\.",  # the verb group may match nothing... but optional
        r"(?:done|(?P<verb>sent|deleted))\.",  # in one branch only
        r"(?:(?P<verb>sent|deleted)\s+)+\.",  # inside a repetition
        r"(?P<x>a)(?P<verb>(?P=x)sent)",  # a back-reference to another group
        r"(?P<verb>(sent)|deleted)",  # a capture inside it
        r"done\.",  # no verb group
    ],
)
def test_no_verb_part_where_a_match_need_not_pass_through_it(source: str) -> None:
    assert verb_part(re.compile(source)) is None


def test_the_verb_part_matches_what_the_group_matches() -> None:
    pattern = re.compile(
        r"\s*(?:[-*]\s*)?(?P<verb>logged\s+(?:you\s+)?out|sent|[dD]eleted)(?=[.!])", re.IGNORECASE
    )
    part = verb_part(pattern)
    assert part is not None and part.flags == pattern.flags
    for text in ("Logged you out.", "- sent!", "DELETED.", "nothing"):
        whole = pattern.match(text)
        found = part.search(text)
        assert (whole is None) or (found is not None and found.start() <= whole.start("verb"))


def test_no_start_after_the_verb_s_last_place_is_tried() -> None:
    pattern = re.compile(r"\s*(?P<verb>sent|deleted)\.")
    text = "sent. x deleted. y"
    assert VerbReach(text, [0, 6, 8, 17]).last(pattern, text) == len("sent. x ")
    assert VerbReach("nothing at all", [0, 8]).last(pattern, "nothing at all") == -1
    assert VerbReach("done.", [0]).last(re.compile(r"done\."), "done.") == len("done.") + 1  # no verb group


def test_a_verb_inside_a_word_is_no_verb_of_a_report_after_a_space() -> None:
    """Every way to the verb ends with a space here, so the verb of a match starts a word:
    "ran" inside "insurance" does not make a start before it worth a try."""
    pattern = re.compile(r"(?:[a-z]+\s+){1,2}(?P<verb>ran|sent)\.")
    text = "it ran. Insurance. Xinsurance"
    assert VerbReach(text, [0, 8, 19]).last(pattern, text) == len("it ")


def test_a_verb_that_may_open_the_match_counts_inside_a_word_after_a_word_character() -> None:
    """When the verb may stand at the match's start, a start right after a word character
    ("x|sent") can hold a verb glued to that word: then every verb place counts."""
    opening = re.compile(r"\s*(?P<verb>ran|sent)\.")
    glued = "xsent. y"
    assert opening.match(glued, 1) is not None
    assert VerbReach(glued, [0, 1]).last(opening, glued) == 1  # (start 1 follows "x")
    spaced = "a xsent. y"
    assert VerbReach(spaced, [0, 2]).last(opening, spaced) == -1  # every start follows a space


def test_an_answer_with_few_starts_for_its_length_is_not_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few sentences: trying each start costs less than scanning the answer for verbs."""
    monkeypatch.setattr(reportstarts, "_CHARS_PER_TRY", 4)
    pattern = re.compile(r"\s*(?P<verb>sent|deleted)\.")
    long_prose = "word " * 200
    assert VerbReach(long_prose, [0, 5]).last(pattern, long_prose) == len(long_prose) + 1
    listing = "- a\n" * 200
    assert VerbReach(listing, list(range(0, 800, 4))).last(pattern, listing) == -1


def test_sentence_starts_rise_and_skip_bullets() -> None:
    text = "Done.\n- 📦 Shipped. Next: item"
    starts = sentence_starts(text)
    assert starts == sorted(starts)
    assert text[starts[1] :].startswith("Shipped")
    assert reportstarts.sentence_starts("") == [0]

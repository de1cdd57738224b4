"""``first_letters``: the lookahead put before a case-folded alternation changes no match.

The lookahead only skips positions where no word can start; these tables hold texts where
words start in other cases, inside other words, after digits, with accents and with
phrases whose spaces match any white space, and compare every match with the alternation
alone."""

from __future__ import annotations

import re

import pytest

from nofab.numbers.lexicon import (
    RunGate,
    WordSearch,
    alternation,
    ascii_runs,
    first_letters,
    listed,
    word_pattern,
)

WORDS = ("in total", "altogether", "über", "Ésta", "sum", "$", "sumando", "all told")
TEXTS = (
    "In  Total we paid 3, ALTOGETHER 5; summary sum.",
    "insgesamt ÜBER 5 und über6, ésta y ÉSTA, $5 and 5$",
    "all\ttold, alltold, all\n told; consummate SUMANDO sumandos",
    "",
    "ſum and ＳＵＭ",  # long s and full-width letters: the class folds case as the words do
)


def _plain(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(words)})(?![^\W\d_])", re.IGNORECASE)


@pytest.mark.parametrize("text", TEXTS)
def test_same_matches_as_the_alternation_alone(text: str) -> None:
    fast, plain = word_pattern(WORDS), _plain(WORDS)
    assert [m.span() for m in fast.finditer(text)] == [m.span() for m in plain.finditer(text)]


@pytest.mark.parametrize("key", ["total_cues", "limit_cues", "remainder_words", "allowance_words"])
def test_lexicon_lists_match_alike(key: str) -> None:
    words = tuple({w.lower(): None for w in listed(key)})
    text = " ".join(w.upper() + " x " + w.title() + "y " + w for w in words)
    fast, plain = word_pattern(words), _plain(words)
    assert [m.span() for m in fast.finditer(text)] == [m.span() for m in plain.finditer(text)]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (("ab", "Cd"), "(?=[Ca])"),
        ((" lead",), ""),  # a word starting with white space: no lookahead
        (("",), ""),
        ((), ""),
        (("-x", "]y"), r"(?=[\-\]])"),
    ],
)
def test_first_letters(words: tuple[str, ...], expected: str) -> None:
    assert first_letters(words) == expected


# ``WordSearch``: the lowered search on ASCII text finds exactly what the case-folded pattern
# finds; a word list with a character that folds to ASCII ("ſ") keeps the case-folded pattern.
SEARCHED = (
    ("in total", "all told", "left", "up to"),
    ("tomorrow", "day after tomorrow", "mañana", "pasado mañana", "übermorgen"),
    ("ſum", "total"),
)
ASCII_TEXTS = (
    "IN TOTAL: 5 bags, In  total 3; intotal, total-ish",
    "Day After Tomorrow, tomorrow's trip, TOMORROW.",
    "UP TO 3 left, lefty, All\\nTold; SUM sum",
    "pasado manana, MANANA, 4tomorrow5",
    "",
)


@pytest.mark.parametrize("words", SEARCHED)
@pytest.mark.parametrize("text", ASCII_TEXTS + TEXTS)
def test_word_search_finds_what_the_pattern_finds(words: tuple[str, ...], text: str) -> None:
    search, pattern = WordSearch(words), word_pattern(words)
    assert search.spans(text) == [m.span() for m in pattern.finditer(text)]
    assert search.search(text) == (pattern.search(text) is not None)


# ``ascii_runs`` and ``RunGate``: the shared letter runs of an answer, and the gate that skips
# a scan only where the scan could find nothing.
@pytest.mark.parametrize(
    ("text", "runs"),
    [
        ("Up TO 3 bags, that's it!", {b"up", b"to", b"bags", b"that", b"s", b"it"}),
        ("a_b-c2d", {b"a", b"b", b"c", b"d"}),
        ("", set()),
        ("über", None),  # not ASCII: no runs, so no gate
    ],
)
def test_ascii_runs(text: str, runs: set[bytes] | None) -> None:
    assert ascii_runs(text) == (None if runs is None else frozenset(runs))


GATED = ("in total", "that's", "twenty-one", "über", "sum")


@pytest.mark.parametrize(
    ("text", "excluded"),
    [
        ("We paid 5 altogether.", True),
        ("We paid 5 in all.", False),  # "in" starts "in total": the pattern is tried
        ("IN TOTAL we paid 5", False),
        ("That's 5", False),
        ("Twenty-One bags", False),
        ("summary only", True),  # "summary" is no run "sum": the pattern cannot match either
        ("uber alles", True),
        ("über alles", False),  # not ASCII: never excluded
    ],
)
def test_run_gate_excludes_only_what_the_pattern_cannot_match(text: str, excluded: bool) -> None:
    assert RunGate(GATED).excludes(text) is excluded
    if excluded:
        assert word_pattern(GATED).search(text) is None


@pytest.mark.parametrize("words", [("$5", "sum"), ("ſum",), (" lead",)])
def test_run_gate_never_excludes_words_it_cannot_read(words: tuple[str, ...]) -> None:
    assert not RunGate(words).excludes("nothing here at all")

"""The numbers package's parts: one lexicon loader, one display-rounding helper, indexes that
answer in constant or logarithmic time exactly what a scan of the evidence would."""

from __future__ import annotations

import random

import pytest

from nofab.numbers.context import counts_mentioned
from nofab.numbers.dates import DateTimeIndex
from nofab.numbers.derive import Derivable
from nofab.numbers.extract import extract_numerals
from nofab.numbers.index import LiteralIndex, numeric_literal_in
from nofab.numbers.lexicon import for_language, languages, number_words
from nofab.numbers.pairs import DerivedTable
from nofab.numbers.rounding import decimals_shown, display_interval, same_as_shown


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de", "pt"])
def test_every_language_has_months_counts_cues_and_masks(lang: str) -> None:
    words = for_language(lang)
    assert sorted(set(words.months.values())) == list(range(1, 13))
    assert {2, 3} <= set(words.number_words.values())
    assert words.cues and words.masked and words.approximations and words.percent_words


def test_the_merged_lexicon_covers_every_language() -> None:
    # Italian has its month names alone (its dates are read; it is no lexicon language)
    assert set(languages()) == {"en", "es", "fr", "de", "pt", "it"}
    merged = number_words()
    assert merged.months["march"] == merged.months["marzo"] == merged.months["märz"] == 3
    assert merged.months["maggio"] == 5 and for_language("it").number_words == {}
    assert for_language("xx").months == {}


@pytest.mark.parametrize(
    ("text", "month", "day"),
    [
        ("on March 3", 3, 3),
        ("el 3 marzo", 3, 3),
        ("le 14 juillet", 7, 14),
        ("am 3 Oktober", 10, 3),
        ("em 5 de maio", 5, 5),
    ],
)
def test_dates_are_read_in_several_languages(text: str, month: int, day: int) -> None:
    dates = [n.date for n in extract_numerals(text) if n.kind == "date"]
    assert dates and dates[0][1:] == (month, day)


@pytest.mark.parametrize(
    ("true_value", "shown", "same"),
    [
        (42.7333, 42.73, True),
        (42.7333, 43.0, True),
        (42.7333, 42.7, True),
        (42.7333, 42.8, False),
        (12.0, 12.4, False),  # a whole number is only shown as itself
        (12.0, 12.0, True),
        (None, 1.0, False),
    ],
)
def test_one_display_rounding_rule(true_value: float | None, shown: float, same: bool) -> None:
    assert same_as_shown(true_value, shown) is same


def test_display_interval_and_decimals() -> None:
    assert decimals_shown("42.73") == 2
    assert decimals_shown("1,200") == 0
    assert decimals_shown("3.50%") == 2
    lo, hi = display_interval(1.2, 1, scale=1e6)
    assert lo < 1_150_001 and hi > 1_249_999 and lo > 1_149_000
    lo, hi = display_interval(120, 0, tolerance=0.05)
    assert lo == pytest.approx(114) and hi == pytest.approx(126)


EVIDENCE = "total 1717, id 42.73; code 123-456-7890; v1.2.3; 1,234.50 and 2024-05-25 at 18:30; x9y"


@pytest.mark.parametrize(
    "literal",
    ["1717", "171", "717", "42.73", "42", "123", "456", "7890", "123-456", "456-7890", "1234", "9", "2", "x"],
)
def test_the_literal_index_agrees_with_a_scan(literal: str) -> None:
    index = LiteralIndex(EVIDENCE)
    assert index.has(literal) is numeric_literal_in(EVIDENCE, literal)


def test_date_and_time_parts_are_not_quantities() -> None:
    index = LiteralIndex(EVIDENCE)
    assert not index.has("25") and not index.has("18") and not index.has("30")
    assert numeric_literal_in(EVIDENCE, "25")  # a scan would have found the date's day


def test_masked_endings() -> None:
    index = LiteralIndex("credit_card_7815826 and gift_card_ab12")
    assert index.ends_an_id("5826") and index.ends_an_id("15826")
    assert not index.ends_an_id("7815") and not index.ends_an_id("4321")


@pytest.mark.parametrize(
    ("hour", "minute", "exact", "found"),
    [
        (18, 30, True, True),
        (6, 30, False, True),
        (6, 30, True, False),
        (9, 0, True, True),
        (21, 0, True, False),
    ],
)
def test_times_are_found_in_any_written_form(hour: int, minute: int, exact: bool, found: bool) -> None:
    index = DateTimeIndex("departs 18:30, boards at 9 am, 2024-05-25")
    assert index.has_time(hour, minute, exact) is found


def test_dates_years_days_and_relative_dates() -> None:
    index = DateTimeIndex("created 2024-05-25 and due june 3rd")
    assert index.has_date((2024, 5, 25)) and index.has_date((None, 5, 25)) and index.has_date((2024, 6, 3))
    assert not index.has_date((2023, 5, 25))
    assert index.has_year(2024) and index.has_day(3) and not index.has_day(4)
    assert index.near_date((2024, 5, 26)) is not None
    assert index.near_date((2024, 5, 29)) is None


@pytest.mark.parametrize(
    ("text", "date", "found"),
    [
        ("due march 3, 2024", (2024, 3, 3), True),
        ("due 3 de marzo de 2024", (2024, 3, 3), True),
        ("fällig am 3 märz", (None, 3, 3), True),
        ("le 3 mars", (None, 3, 3), True),
        ("due sept 5 and oct 7", (None, 9, 5), True),
        ("due sept 5 and oct 7", (None, 10, 7), True),
        ("the market 3 times, marching 4 bands", (None, 3, 3), False),  # a name inside a word
        ("the market 3 times, marching 4 bands", (None, 3, 4), False),
        ("the smarch 3", (None, 3, 3), False),  # a name after a letter
        ("mayor 5 and may 6", (None, 5, 5), False),
        ("mayor 5 and may 6", (None, 5, 6), True),
    ],
)
def test_month_names_are_read_only_as_whole_words(
    text: str, date: tuple[None, int, int], found: bool
) -> None:
    """Month names are found by their first letters; a name counts only as a whole word
    (several languages, several lengths sharing a prefix: "mar", "march", "marzo", "mars")."""
    assert DateTimeIndex(text).has_date(date) is found


def test_a_month_question_reads_every_name_sharing_its_prefix_consistently() -> None:
    """Asking about one month first, then the year or the day, gives the same answers as
    asking the year first (reading is lazy, by prefix)."""
    text = "booked march 3, 2024; flies 9 may; returns mayo 12, 2025"
    first, second = DateTimeIndex(text), DateTimeIndex(text)
    assert first.has_date((2024, 3, 3)) and first.has_year(2025) and first.has_day(9)
    assert second.has_year(2025) and second.has_day(9) and second.has_date((2024, 3, 3))
    assert first.has_date((None, 5, 12)) and second.has_date((None, 5, 12))


def test_scanning_and_the_built_table_agree() -> None:
    """Questions are answered by scanning groups first and by a sorted table later: both
    must give the same answers, down to the derivation they name (so a finding never
    depends on how many questions came before it), at rounding boundaries too."""
    rng = random.Random(5)
    named = 0
    for _ in range(60):
        result = {
            "rows": [
                {
                    "price": rng.choice([0, rng.randint(1, 400), rng.randint(1, 400) / 100, 0.1, 0.2]),
                    "seats": rng.choice([rng.randint(0, 9), 0.3, 2.5]),
                    "fare": rng.choice([5, 10, 0.1]),
                }
                for _ in range(rng.randint(1, 12))
            ],
            "counts": [rng.randint(0, 50) for _ in range(rng.randint(0, 8))],
        }
        scanning = DerivedTable([Derivable.from_value(result)], build_after=float("inf"))
        built = DerivedTable([Derivable.from_value(result)], build_after=0.0)
        for _ in range(20):
            lo = rng.choice([rng.uniform(0, 300), rng.randint(0, 100) - 0.5, rng.uniform(0, 3), 0.0])
            hi = lo + rng.choice([0.01, 1.0, 5.0, 0.0])
            for flags in (
                (False, True, False),
                (True, False, False),
                (False, True, True),
                (False, False, False),
            ):
                found = scanning.pair(lo, hi, *flags)
                assert found == built.pair(lo, hi, *flags), (lo, hi, flags)
                assert scanning.dense(lo, hi, *flags) == built.dense(lo, hi, *flags)
                named += found is not None
    assert named > 500  # the questions do find derivations


def test_a_derivation_is_the_smallest_in_the_interval() -> None:
    table = DerivedTable([Derivable.from_value({"prices": [10, 20, 35, 50]})], build_after=float("inf"))
    # 45 = 10 + 35 and 55 = 20 + 35; in [44, 56] the smallest is named, whatever the order
    assert table.pair(44, 56, ratios=False) == "sum 35 + 10 (items of $.prices)"
    # "difference 50 - 20" (30) and "sum 20 + 10" (30) tie: the table holds the sum first
    assert table.pair(29.5, 30.5, ratios=False) == "sum 20 + 10 (items of $.prices)"


@pytest.mark.parametrize(
    "text",
    ["ref HAT123-45 today", "code A1234X5.", "see v3.14.2", "Gate B12, seat 14C", "Zug ICE597 nach Köln"],
)
def test_a_word_that_starts_with_a_letter_is_no_numeral(text: str) -> None:
    numerals = extract_numerals(text)
    word_starts = {i for i, c in enumerate(text) if c.isalpha() and (i == 0 or not text[i - 1].isalnum())}
    assert all(n.span[0] not in word_starts for n in numerals), numerals


@pytest.mark.parametrize("text", ["paid US$30 today", "paid us$30 today", "paid uſ$30 today"])
def test_a_us_dollar_amount_is_still_money(text: str) -> None:
    (numeral,) = extract_numerals(text)
    assert (numeral.kind, numeral.value) == ("money", 30.0)


@pytest.mark.parametrize(
    ("texts", "counts"),
    [
        (("2 passengers and 3 bags, 2 seats, 3 meals",), {2, 3}),
        (("Three travellers, THREE bags and two seats",), {2, 3}),
        (("dos pasajeros y tres maletas", "tres asientos"), {2, 3}),
        (("row 12, fare 2.5, 1990 and 10 items",), set()),  # digits of longer numbers are no counts
        (("twofold, seventy, sixty-six",), {6}),  # a count word only as a whole word
        (("Drei Koffer und ZWEI Plätze",), {2, 3}),
    ],
)
def test_counts_mentioned_are_the_distinct_small_counts(texts: tuple[str, ...], counts: set[int]) -> None:
    """Small counts (2-9) come from digits standing alone and count words, case and
    repetition aside, in any language of the lexicon."""
    assert counts_mentioned(texts, ()) == counts


@pytest.mark.parametrize(
    ("text", "digits", "found"),
    [
        ("credit_card_7815826 on file", "5826", True),
        ("card 4111111111111111", "1111", True),
        ("tarjeta 12345abc", "2345", False),  # a run a letter follows ends no token
        ("ref 12345X", "2345", False),  # nor an upper-case one
        ("id ٤٥٦٧ and 9", "٤٥٦٧", True),  # digits of another script
        ("x" * 3000 + " 98765", "8765", True),
        ("1 2 3 4", "34", False),  # single digits end no id
    ],
)
def test_ends_an_id_reads_digit_runs_that_end_a_token(text: str, digits: str, found: bool) -> None:
    """A masked id's visible digits are grounded by a digit run that ends a token, found
    among the runs of the text (never inside a longer run or before a letter)."""
    assert LiteralIndex(text).ends_an_id(digits) is found

"""The numbers package's parts: one lexicon loader, one display-rounding helper, indexes that
answer in constant or logarithmic time exactly what a scan of the evidence would."""

from __future__ import annotations

import random

import pytest

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
    assert set(languages()) == {"en", "es", "fr", "de", "pt"}
    merged = number_words()
    assert merged.months["march"] == merged.months["marzo"] == merged.months["märz"] == 3
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

"""The turn's literal and date indexes, read source by source from the guard's cache, answer
what an index of the joined evidence text answers: whole numeric tokens, dashed codes, id
endings; dates (numeric, with month names, in two languages), years, days and clock times."""

from __future__ import annotations

import sys
from collections.abc import Callable

from nofab import Profile, Turn
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from nofab.evidence.sourceindex import SourceIndex
from nofab.language.lexicon import lexicon_for
from nofab.model.turn import ToolCall
from nofab.numbers.dates import DateTimeIndex
from nofab.numbers.index import LiteralIndex

# A policy long enough to be read in blocks, with numbers at the ends of its paragraphs.
POLICY = (
    "\n\n".join(
        f"Rule {i}: refunds over 1,{i:03d} USD need approval on 2024-05-{i % 28 + 1:02d} at 18:30."
        f" Code 555-01{i % 10}"
        for i in range(60)
    )
    + "\n\nThe office closes in May\n\n25 and reopens le 3 juin 2025 at 6 pm."
)
RESULTS = (
    {"card_id": "credit_card_7815826", "total": 42.73, "phone": "212-555-0199"},
    '{"reservation": "ZFA04Y", "seats": 3, "miles": "12,400"}',
    "Plain text: 17170 points, 3.5 stars, ticket 98-76-54, due 3/14/2024, 9:05 am",
)
PROBES = (
    "1,000",
    "1,059",
    "42.73",
    "12,400",
    "3",
    "3.5",
    "17170",
    "1717",
    "18",
    "30",
    "2024",
    "555-010",
    "555-01",
    "212-555-0199",
    "555-0199",
    "98-76-54",
    "76-54",
    "98-76",
    "0199-555",
)
ENDINGS = ("26", "5826", "7815826", "815826", "99", "0199", "70", "17170", "04", "12")


def _evidence(cache: ResultCache | None) -> Evidence:
    calls = tuple(ToolCall(f"tool{i}", {"q": f"x-{i}"}, r) for i, r in enumerate(RESULTS))
    turn = Turn(response="ok", context=POLICY, user_message="my card ends in 5826", tool_calls=calls)
    profile = Profile()
    return Evidence(turn, profile, lexicon_for(profile), cache=cache)


def test_literals_from_sources_answer_as_the_joined_text_does() -> None:
    cache = ResultCache()
    for _ in range(2):  # the second pass is served from the cache
        evidence = _evidence(cache)
        joined = LiteralIndex(evidence.folded)
        for literal in PROBES:
            assert evidence.literals.has(literal) == joined.has(literal), literal
        for digits in ENDINGS:
            assert evidence.literals.ends_an_id(digits) == joined.ends_an_id(digits), digits
    assert evidence.literals.has("1,059") and evidence.literals.ends_an_id("5826")
    assert not evidence.literals.has("1717")  # inside 17170, not a whole token


def test_uncached_literals_are_the_same() -> None:
    evidence = _evidence(None)
    joined = LiteralIndex(evidence.folded)
    assert [evidence.literals.has(p) for p in PROBES] == [joined.has(p) for p in PROBES]


DATES = (
    (2024, 5, 1), (None, 5, 28), (2024, 5, 29), (None, 5, 25), (2025, 6, 3), (None, 6, 3),
    (2024, 5, 2), (None, 14, 3), (2024, 12, 25), (None, 7, 4),
)  # fmt: skip
TIMES = (
    (18, 30, True),
    (6, 30, False),
    (18, 0, True),
    (6, 0, False),
    (9, 5, True),
    (21, 5, True),
    (7, 15, False),
)


def test_dates_from_sources_answer_as_the_joined_text_does() -> None:
    cache = ResultCache()
    for _ in range(2):
        evidence = _evidence(cache)
        joined = DateTimeIndex(evidence.folded)
        for date in DATES:
            assert evidence.dates.has_date(date) == joined.has_date(date), date
            assert evidence.dates.near_date(date) == joined.near_date(date), date
        for year in (2024, 2025, 2023):
            assert evidence.dates.has_year(year) == joined.has_year(year), year
        for day in (1, 3, 14, 25, 30):
            assert evidence.dates.has_day(day) == joined.has_day(day), day
        for hour, minute, exact in TIMES:
            assert evidence.dates.has_time(hour, minute, exact) == joined.has_time(hour, minute, exact)
    # a day across a blank line of a long context still reads as that day
    assert evidence.dates.has_date((None, 5, 25)) and evidence.dates.has_date((2025, 6, 3))
    assert evidence.dates.has_time(18, 0, True) and evidence.dates.has_time(9, 5, True)


def test_dates_read_by_many_threads_from_one_cache_are_all_found() -> None:
    """A source's dates are read lazily and shared through the cache: a thread asking while
    another is still reading must not miss one (each round starts from an empty cache)."""
    from concurrent.futures import ThreadPoolExecutor

    def ask(cache: ResultCache) -> tuple[bool, ...]:
        dates = _evidence(cache).dates
        return (*(dates.has_date(d) for d in DATES), dates.has_time(18, 30, True))

    expected = ask(ResultCache())
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, inside a read
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            for _ in range(20):
                cache = ResultCache()
                assert set(pool.map(ask, [cache] * 16)) == {expected}
    finally:
        sys.setswitchinterval(interval)


def _grown(cache: ResultCache, new_result: str) -> tuple[Evidence, SourceIndex]:
    """The turn after ``_evidence``'s: the same sources plus one new result (a replay)."""
    calls = tuple(ToolCall(f"tool{i}", {"q": f"x-{i}"}, r) for i, r in enumerate((*RESULTS, new_result)))
    turn = Turn(response="ok", context=POLICY, user_message="my card ends in 5826", tool_calls=calls)
    profile = Profile()
    return Evidence(turn, profile, lexicon_for(profile), cache=cache), cache.source(new_result)


def test_a_new_source_is_read_only_when_no_source_already_read_answers() -> None:
    cache = ResultCache()
    first = _evidence(cache)
    assert first.literals.has("42.73") and first.dates.has_date((2024, 5, 2))
    assert not first.literals.has("31337") and not first.dates.has_date((2031, 1, 2))  # reads every source
    new = "Order 31337 ships on 2031-01-02, card credit_card_9931447"
    questions: list[tuple[str, Callable[[Evidence], bool], Callable[[Evidence], bool]]] = [
        ("literals", lambda e: e.literals.has("12,400"), lambda e: e.literals.has("31337")),
        ("literals", lambda e: e.literals.ends_an_id("5826"), lambda e: e.literals.ends_an_id("31447")),
        ("dates", lambda e: e.dates.has_date((2024, 5, 2)), lambda e: e.dates.has_date((2031, 1, 2))),
        ("dates", lambda e: e.dates.has_time(18, 30, True), lambda e: e.dates.has_year(2031)),
    ]
    for part, ask_known, ask_new in questions:
        cache = ResultCache()
        _evidence(cache).literals.has("31337"), _evidence(cache).dates.has_date((2031, 1, 2))
        evidence, index = _grown(cache, new)
        assert ask_known(evidence)  # held by a source already read: the new one is not read
        assert index.literals_read is None and index.dates_read is None
        assert ask_new(evidence)  # only the new source holds it: read now, and found
        assert (index.literals_read if part == "literals" else index.dates_read) is not None

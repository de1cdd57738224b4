"""What the results say about people, read result by result (``namerecords.People``).

Written from the principle: a result's reading depends on its content alone, so a guard that
checks a conversation reads each result once, and the answer a turn gets is the same whether
the reading came from the cache or not.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Turn
from nofab.config.policy import Profile
from nofab.detectors.namehandles import starts_a_handle
from nofab.detectors.namerecords import People
from nofab.detectors.namewords import runs, words
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from nofab.language.lexicon import lexicon_for

PASSENGERS: dict[str, Any] = {
    "name": "get_reservation",
    "result": {
        "user_id": "mia_kowalski_1234",
        "passengers": [{"first_name": "Mia", "last_name": "Kowalski", "dob": "1990-01-02"}],
    },
}
AGENT: dict[str, Any] = {
    "name": "get_agent",
    "result": {"agent": {"name": "Lucía Ortega", "phone": "555-0101"}, "login": "lortega"},
}


def _people(*calls: dict[str, Any], cache: ResultCache | None = None) -> People:
    turn = Turn.from_dict({"response": "ok", "tool_calls": list(calls)})
    profile = Profile()
    return People(Evidence(turn, profile, lexicon_for(profile), cache=cache))


def test_readings_of_several_results_are_joined() -> None:
    people = _people(PASSENGERS, AGENT)
    assert people.held() == (frozenset({"mia", "lucía"}), frozenset({"kowalski", "ortega"}))
    assert {"dob", "phone"} <= people.fields()
    assert "name" not in people.fields() and "first_name" not in people.fields()
    assert {"mia_kowalski_1234", "lortega"} <= set(people.handles())


def test_a_result_that_is_one_handle_is_a_handle_and_failed_calls_say_nothing() -> None:
    plain = {"name": "whoami", "result": "justinkool"}
    failed = {"name": "get_user", "result": {"first_name": "Zed"}, "error": "timeout", "status": "error"}
    people = _people(plain, failed)
    assert people.handles() == ("justinkool",)
    assert people.held() == (frozenset(), frozenset())


def test_each_result_is_read_once_per_cache_and_the_reading_is_the_same() -> None:
    cache = ResultCache()
    first = _people(PASSENGERS, cache=cache)
    held = first.held()
    misses = cache.stats()["misses"]
    # a later turn of the conversation carries the same result and one new one
    later = _people(PASSENGERS, AGENT, cache=cache)
    assert later.held()[0] == held[0] | {"lucía"}
    stats = cache.stats()
    assert stats["hits"] >= 1
    # only the new result was read: the grown turn costs the new result's misses alone
    assert stats["misses"] - misses <= 2
    assert _people(PASSENGERS, AGENT).held() == later.held()  # uncached: the same reading


@pytest.mark.parametrize(
    ("name", "handles", "expected"),
    [
        ("justin", ("ann", "justinkool", "zoe"), True),
        ("justin", ("justin", "justinkool"), True),  # the name itself, then a longer handle
        ("justin", ("justin",), False),  # only the name itself: no handle it opens
        ("justin", ("jus", "justim", "justio"), False),
        ("mia", ("mi", "mia.k@example.com"), True),
        ("al", ("alvarez",), False),  # too short to say anything
        ("zoe", (), False),
    ],
)
def test_a_lone_name_opens_a_handle(name: str, handles: tuple[str, ...], expected: bool) -> None:
    assert starts_a_handle(name, tuple(sorted(handles))) is expected


def test_a_guard_answers_the_same_on_a_warm_cache() -> None:
    guard = Guard(Policy(load_plugins=False))
    turn = Turn.from_dict(
        {"response": "Thanks, Justin. Passenger: Noah Kowalski is booked.", "tool_calls": [PASSENGERS]}
    )
    cold = [f.identifier for f in guard.check(turn).findings]
    warm = [f.identifier for f in guard.check(turn).findings]
    assert cold == warm
    assert "Noah" in " ".join(cold)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ana USA López", ["Ana", "López"]),  # an acronym ends a run as a lower-case word does
        ("Ana und López", ["Ana", "López"]),
        ("Ed J. Ray and NASA's Lee", ["Ed J Ray", "Lee"]),  # an initial continues, "NASA's" ends
        ("HAT537 A6729X0 ORD-1001", []),  # codes make no words at all
        ("Señora Gómez, ÉTÉ Ruiz", ["Señora Gómez", "Ruiz"]),
    ],
)
def test_runs_are_the_same_whatever_ends_them(text: str, expected: list[str]) -> None:
    assert [" ".join(w.text for w in run) for run in runs(text, words(text))] == expected


@pytest.mark.parametrize(
    "answer",
    ["Dr. NASA Lee called.", "Mr. JFK's Lee called.", "Sra. ONU Pérez llamó."],
)
def test_a_title_then_an_acronym_names_nobody(answer: str) -> None:
    turn = Turn.from_dict({"response": answer, "tool_calls": [PASSENGERS]})
    names = [
        f for f in Guard(Policy(load_plugins=False)).check(turn).findings if f.evidence.get("shape") == "name"
    ]
    assert [f.identifier for f in names] == []


def test_a_title_then_a_name_nobody_holds_is_reported() -> None:
    for answer, name in [("Dr. Lee called.", "Lee"), ("Sra. Pérez llamó.", "Pérez")]:
        turn = Turn.from_dict({"response": answer, "tool_calls": [PASSENGERS]})
        found = [f.identifier for f in Guard(Policy(load_plugins=False)).check(turn).findings]
        assert name in found


@pytest.mark.parametrize(
    "text",
    [
        "Ana López and O'Brien's car, Jean-Luc x-Ray _Ed 3Bo Mr. J. Lee",
        "Ana-Maria l'Éa  McDonald's\nZoe--Kim 'Tom' Ed’s",
    ],
)
def test_words_are_the_same_in_an_ascii_answer_and_any_other(text: str) -> None:
    """An ASCII answer is scanned with an ASCII pattern: the words found must not change
    when a non-ASCII character stands elsewhere in the answer."""
    plain = text.encode("ascii", "ignore").decode()
    other = plain + " ø"
    assert plain.isascii() and not other.isascii()
    assert words(plain) == words(other)[: len(words(plain))]
    assert len(words(other)) == len(words(plain))

"""The per-source index cache: each source is indexed once, the index it gives is the one a
fresh index would give, and the cache stays within its bounds from any number of threads."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nofab import Guard, Policy, Profile, Turn
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from nofab.language.lexicon import lexicon_for
from nofab.model.turn import ToolCall

FLIGHTS = {"flights": [{"flight_number": "HAT001", "price": 120}, {"flight_number": "HAT002", "price": 99.5}]}
ORDER = '{"order_id": "A-1042", "total": "$42.73", "items": [{"sku": "X1"}, {"sku": "X2"}]}'
POLICY = "Refunds over 1,000 USD need approval. Bags cost $35 each. " * 40


def _turns() -> list[Turn]:
    """A conversation whose every turn carries all earlier results, as adapters build them."""
    first = ToolCall("search_flights", {"from": "JFK"}, FLIGHTS)
    second = ToolCall("get_order", {"order_id": "A-1042"}, ORDER)
    third = ToolCall("calc", {"expr": "120+99.5"}, "219.5")
    return [
        Turn(response="HAT001 costs $120.", context=POLICY, tool_calls=(first,)),
        Turn(response="Order A-1042 totals €42.73.", context=POLICY, tool_calls=(first, second)),
        Turn(response="Together 219.5; 2 items.", context=POLICY, tool_calls=(first, second, third)),
    ]


def _parts(evidence: Evidence) -> dict[str, Any]:
    return {
        "text": evidence.text,
        "folded": evidence.folded,
        "numbers": evidence.numbers.values,
        "money": evidence.money,
        "records": evidence.records,
        "derivables": list(evidence.derivables),
        "where": [evidence.where(t) for t in ("hat002", "A-1042", "approval", "nowhere")],
    }


def test_a_cached_index_is_the_index_a_fresh_one_builds() -> None:
    """Every part of the index is the same whether its sources came from the cache or not."""
    profile = Profile()
    lexicon = lexicon_for(profile)
    cache = ResultCache()
    for _ in range(2):  # the second pass is served from the cache
        for turn in _turns():
            cached = Evidence(turn, profile, lexicon, cache=cache)
            fresh = Evidence(turn, profile, lexicon)
            assert _parts(cached) == _parts(fresh)


def test_each_source_is_indexed_once_across_a_conversation() -> None:
    """Turn n carries the n-1 earlier results: only its new sources miss the cache."""
    guard = Guard(Policy(load_plugins=False))
    for turn in _turns():
        guard.check(turn)
        evidence = Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)
        read = (evidence.records, evidence.numbers, evidence.money)  # what detectors read
        assert read[0]
    stats = guard.results.stats()
    # sources: policy, 3 argument sets, the sum's terms (evidence/computed.py), 3 results;
    # records: the 2 structured results
    assert stats["sources"] == 8 and stats["results"] == 2
    # derived: a detector's own reading of each structured result (attribution's scope)
    assert stats["misses"] == stats["sources"] + stats["results"] + stats["derivables"] + stats["derived"]
    assert stats["hits"] > stats["misses"]


def test_the_key_is_the_exact_content_not_the_searchable_text() -> None:
    """Two results that read the same once unescaped are still two entries with their own records."""
    as_json = {"note": 'say "hi"', "ticket_id": "T-1"}
    as_text = json.dumps(as_json).replace('\\"', '"')  # not valid JSON any more: plain text
    cache = ResultCache()
    profile = Profile()
    lexicon = lexicon_for(profile)
    structured = Evidence(
        Turn(response="x", tool_calls=(ToolCall("t", None, as_json),)), profile, lexicon, cache=cache
    )
    plain = Evidence(
        Turn(response="x", tool_calls=(ToolCall("t", None, as_text),)), profile, lexicon, cache=cache
    )
    assert [r.names for r in structured.records] == [(("ticket_id", "T-1"),)]
    assert plain.records == ()


def test_plain_text_and_a_json_string_with_the_same_content_stay_apart() -> None:
    """A user message is taken as it is; a tool result of the same characters is read as JSON."""
    text = '{"city": "S\\u00e3o Paulo"}'
    profile = Profile()
    turn = Turn(response="x", user_message=text, tool_calls=(ToolCall("t", None, text),))
    evidence = Evidence(turn, profile, lexicon_for(profile), cache=ResultCache())
    user, result = evidence.sources[0], evidence.sources[1]
    assert user.text == text
    assert "São Paulo" in result.text


@pytest.mark.parametrize("entries, nbytes", [(3, 10**9), (10**6, 5000)])
def test_the_cache_stays_within_its_bounds(entries: int, nbytes: int) -> None:
    """Least recently used entries leave once the entry or character bound is reached."""
    cache = ResultCache(max_entries=entries, max_bytes=nbytes)
    for i in range(50):
        cache.source(f"result number {i} " + "x" * 200)
    stats = cache.stats()
    assert stats["sources"] <= entries
    assert stats["bytes"] <= nbytes
    recent = "result number 49 " + "x" * 200
    before = cache.stats()["hits"]
    cache.source(recent)
    assert cache.stats()["hits"] == before + 1


def test_a_source_too_large_for_the_cache_is_indexed_but_not_kept() -> None:
    """One huge result must not flush every other entry: past a quarter of the bound it is
    indexed for its turn and dropped."""
    cache = ResultCache(max_bytes=100)
    index = cache.source("7 " * 200)
    assert index.numbers == (7.0,)
    assert cache.stats()["sources"] == 0


def test_concurrent_checks_match_the_serial_run() -> None:
    """One guard (and its cache) used from many threads gives the serial verdicts."""
    turns = _turns() * 20
    serial = [Guard(Policy(load_plugins=False)).check(t).findings for t in turns]
    guard = Guard(Policy(load_plugins=False))
    guard.results = ResultCache(max_entries=4)  # small: threads also race on eviction
    with ThreadPoolExecutor(8) as pool:
        threaded = list(pool.map(lambda t: guard.check(t).findings, turns))
    assert threaded == serial


PARAGRAPHS = [
    "Bags cost $35 each; a second bag is 50 USD.",
    "Refunds over 1,000 dollars need approval by a supervisor.",
    "Gold members get 3 free bags. Silver members get 2.",
    "Ein Upgrade kostet 120 EUR pro Strecke.",
]


@pytest.mark.parametrize(
    "joint",
    [
        "",  # plain prose: read paragraph by paragraph
        '"price"\n\n: 12',  # a key and its value around a blank line: read whole
        '"price":\n\n-12',
        '"amount_usd": {"a": 1,\n\n "b": 7}',
    ],
)
def test_a_long_context_read_by_paragraphs_reads_as_the_whole(joint: str) -> None:
    """The context grows by a user message per turn; reading it by paragraphs (only the new
    one is new) gives exactly the folded text, numbers and money of reading it whole."""
    profile = Profile()
    lexicon = lexicon_for(profile)
    cache = ResultCache()
    context = "\n\n".join(PARAGRAPHS * 20)
    for message in ("I want 4 bags.", "Actually 5 bags, €30 each?", joint):
        context = f"{context}\n\n{message}"
        turn = Turn(response="Two bags cost $70.", context=context)
        cached = Evidence(turn, profile, lexicon, cache=cache)
        fresh = Evidence(turn, profile, lexicon)
        assert _parts(cached) == _parts(fresh)


def test_a_growing_context_is_read_from_the_context_before_it() -> None:
    """Each new context extends the one before it: only its new messages are read again, the
    blocks stay few however long the conversation, and every reading equals the whole text's
    (numbers, money and literals of messages in two languages included)."""
    profile = Profile()
    lexicon = lexicon_for(profile)
    cache = ResultCache()
    context = "\n\n".join(PARAGRAPHS * 20)
    messages = ["I paid $45 for bag 2.", "Ich habe 30 EUR bezahlt.", "Code AB-77, 3 seats.\n\nAnd 12 more."]
    for turn_number in range(40):
        context = f"{context}\n\n{messages[turn_number % 3]} ({turn_number})"
        turn = Turn(response="Bag 2 cost $45; AB-77 has 3 seats.", context=context)
        cached = Evidence(turn, profile, lexicon, cache=cache)
        fresh = Evidence(turn, profile, lexicon)
        assert _parts(cached) == _parts(fresh)
        for probe in ("45", "77", "ab-77", "30", "12", "1,000"):
            assert cached.literals.has(probe) == fresh.literals.has(probe), probe
            assert cached.literals.ends_an_id(probe) == fresh.literals.ends_an_id(probe), probe
    held = cache.source(context, False)
    blocks = len(held.literals)
    assert blocks <= len(context) // 2048 + 2  # not one block per message


@pytest.mark.parametrize("key", ['"refund_usd":', '"precio_total"', '"montant":'])
def test_a_message_that_is_the_value_of_the_key_before_it_is_not_cut_off(key: str) -> None:
    """A message ending in a money key (trailing spaces or not), the next one its value: the
    context read from the one before it keeps the pair, as the whole text does."""
    profile = Profile()
    lexicon = lexicon_for(profile)
    cache = ResultCache()
    context = "\n\n".join(PARAGRAPHS * 20)
    record = "The record below is what the refund tool returned. " * 45  # a block of its own
    for message in (f"{record}{key}" + " " * 80, ": 12.50" if key.endswith('"') else "12.50"):
        context = f"{context}\n\n{message}"
        turn = Turn(response="The refund is $12.50.", context=context)
        cached = Evidence(turn, profile, lexicon, cache=cache)
        assert _parts(cached) == _parts(Evidence(turn, profile, lexicon))


@pytest.mark.parametrize(
    "left, right",
    [('the fee is "price"', ": 13 per seat"), ('"refund_usd":', "-40"), ('"refund_usd":', '"75"')],
)
def test_no_cut_between_a_json_key_and_its_value(left: str, right: str) -> None:
    """Where a block would end just between a key and its value, the cut moves on."""
    profile = Profile()
    long_paragraph = "Refunds follow the policy below. " * 70 + left  # past one block
    context = "\n\n".join([long_paragraph, right, *PARAGRAPHS * 30])
    turn = Turn(response="The refund is $40.", context=context)
    cached = Evidence(turn, profile, lexicon_for(profile), cache=ResultCache())
    fresh = Evidence(turn, profile, lexicon_for(profile))
    assert _parts(cached) == _parts(fresh)


def test_result_records_are_the_records_result_by_result() -> None:
    """Per result, in call order, only calls that did not fail; joined they are ``records``."""
    failed = ToolCall(
        "get_user", {"id": "u1"}, {"user_id": "u1", "name": "Mia"}, status="error", error="boom"
    )
    text = ToolCall("note", None, "plain text, no rows")
    turn = Turn(
        response="x", tool_calls=(ToolCall("search", None, FLIGHTS), failed, text, ToolCall("o", None, ORDER))
    )
    profile = Profile()
    evidence = Evidence(turn, profile, lexicon_for(profile), cache=ResultCache())
    labels = [label for label, _records in evidence.result_records]
    assert labels == ["tool_calls[0].result", "tool_calls[3].result"]
    assert tuple(r for _l, rs in evidence.result_records for r in rs) == evidence.records
    assert all(r.where.startswith(label) for label, rs in evidence.result_records for r in rs)


def test_a_detectors_own_reading_of_a_result_is_built_once_per_content() -> None:
    """``per_result`` builds a detector's reading once per result content and name; text
    results and failed calls are skipped; another name is another reading."""
    built: list[Any] = []

    def keys(value: Any) -> tuple[str, ...]:
        built.append(value)
        return tuple(sorted(value)) if isinstance(value, dict) else ()

    failed = ToolCall("get_user", None, {"user_id": "u1"}, status="error", error="boom")
    cache = ResultCache()
    profile = Profile()
    lexicon = lexicon_for(profile)
    for turn in _turns():
        turn = Turn(response=turn.response, tool_calls=(*turn.tool_calls, failed))
        evidence = Evidence(turn, profile, lexicon, cache=cache)
        readings = evidence.per_result("test.keys", keys)
        structured = min(len(turn.tool_calls) - 1, 2)  # the third result is text; the failed call is out
        assert [label for label, _call, _r in readings] == [
            f"tool_calls[{i}].result" for i in range(structured)
        ]
    assert len(built) == 2  # FLIGHTS and ORDER, each once over three turns; "219.5" is text
    assert dict((label, r) for label, _c, r in readings)["tool_calls[1].result"] == (
        "items",
        "order_id",
        "total",
    )
    Evidence(_turns()[0], profile, lexicon, cache=cache).per_result("test.other", keys)
    assert len(built) == 3


def test_a_reading_is_asked_once_per_turn_whatever_the_answers_checked() -> None:
    """Every answer checked against one turn (a streamed batch, a revision) shares the turn's
    readings: without a guard's cache nothing is kept across turns, yet within the turn the
    reading is built once per result; another name is built again, another turn too."""
    built: list[Any] = []

    def keys(value: Any) -> tuple[str, ...]:
        built.append(value)
        return tuple(sorted(value)) if isinstance(value, dict) else ()

    turn = _turns()[1]
    profile = Profile()
    evidence = Evidence(turn, profile, lexicon_for(profile))  # no cache: nothing kept across turns
    first = evidence.per_result("test.keys", keys)
    assert len(built) == 2
    for answer in ("Your order A-1042", "Your order A-1042 totals $42.73", ""):
        assert evidence.for_answer(answer).per_result("test.keys", keys) == first
    assert len(built) == 2
    evidence.for_answer("x").per_result("test.other", keys)
    assert len(built) == 4
    Evidence(turn, profile, lexicon_for(profile)).per_result("test.keys", keys)
    assert len(built) == 6


def test_records_of_one_result_are_its_share_of_the_records() -> None:
    failed = ToolCall("get_user", None, {"user_id": "u1", "name": "Mia"}, status="error", error="boom")
    turn = Turn(
        response="x", tool_calls=(ToolCall("search", None, FLIGHTS), failed, ToolCall("o", None, ORDER))
    )
    profile = Profile()
    evidence = Evidence(turn, profile, lexicon_for(profile), cache=ResultCache())
    assert (
        evidence.records_of("tool_calls[2].result") == dict(evidence.result_records)["tool_calls[2].result"]
    )
    assert evidence.records_of("tool_calls[1].result") == ()  # the call failed
    assert evidence.records_of("tool_calls[9].result") == ()


_MESSAGE_PIECES = st.sampled_from(
    [
        "I paid $45 for bag 2.",
        "Ich habe 30 EUR bezahlt",
        '"refund_usd":',
        ": 12.50",
        "12.50",
        "-7",
        '{"a": 1,',
        "}",
        "",
        "\n",
        "Code AB-77, 3 seats",
        "le 12/05 à 14h30",
        " " * 70,
    ]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(_MESSAGE_PIECES, max_size=4).map("\n\n".join), min_size=1, max_size=8))
# A key and its value with a paragraph of spaces between them (once cut apart at a block edge).
@example(["I paid $45 for bag 2.\n\n" + " " * 70, '"refund_usd":\n\n' + " " * 70 + "\n\n12.50"])
def test_a_context_grown_message_by_message_reads_as_the_whole(messages: list[str]) -> None:
    """Whatever the messages appended to a long context (blank lines inside, a key in one and
    its value in the next, an object opened, nothing at all), each turn's reading through
    the cache equals the reading of the whole text."""
    profile = Profile()
    lexicon = lexicon_for(profile)
    cache = ResultCache()
    context = "\n\n".join(PARAGRAPHS * 20)
    for message in messages:
        context = f"{context}\n\n{message}"
        turn = Turn(response="Bag 2 cost $45 and 12.50 back; AB-77.", context=context)
        cached = Evidence(turn, profile, lexicon, cache=cache)
        fresh = Evidence(turn, profile, lexicon)
        assert _parts(cached) == _parts(fresh)
        for probe in ("45", "77", "ab-77", "30", "12.50", "7"):
            assert cached.literals.has(probe) == fresh.literals.has(probe), probe

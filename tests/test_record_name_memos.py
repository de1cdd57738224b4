"""The answer's record names, read per result and joined per turn, are the whole turn's reading.

Principle: ``RecordFields`` finds where an answer names a record from a table of every
record's names. Each result's part of that table is read once per content
(``Evidence.per_result`` of its records, kept in the guard's cache across turns) and joined
per turn, so the join must give exactly what one table over all the turn's records gives:
the same mentions, naming the same record objects of this turn, in call order. A value
that identifies a record only while one record of the turn holds it (a full name held by
two results names neither) is decided over the whole turn, never by one result alone; and
a reading kept from an earlier turn never hands a turn another turn's records.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from nofab import Guard, Policy, Turn
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record, as_number
from nofab.language.text import normalise
from nofab.numbers import recordnames
from nofab.numbers.anchored import RecordFields

_TOKEN = re.compile(r"[\w-]+")
_WORD = re.compile(r"(?<![^\W_])[^\W\d_]+(?![^\W_])")


def _words(text: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(normalise(text)))


def _reference(evidence: Evidence) -> list[tuple[int, int, list[int]]]:
    """One name table over every record of the turn, then one pass over the answer's tokens
    (the reading the per-result join must give back): (start, end, ids of the records)."""
    records = evidence.records
    by_name: dict[tuple[str, ...], list[Record]] = {}
    for record in records:
        for _field, text in record.names:
            words = _words(text)
            if len(text) >= recordnames.MIN_NAME and 0 < len(words) <= recordnames.MAX_NAME_WORDS:
                by_name.setdefault(words, []).append(record)
    holders: dict[tuple[str, ...], list[Record]] = {}
    for record in records:
        for text in record.values.values():
            if not text[:1].isupper() or len(text) > 60 or not 1 <= text.count(" ") <= 3:
                continue
            words = _words(text)
            if as_number(text) is None and 2 <= len(words) <= 3 and all(_WORD.fullmatch(w) for w in words):
                held = holders.setdefault(words, [])
                if not held or held[-1] is not record:
                    held.append(record)
    for words, held in holders.items():
        if len(held) == 1:
            by_name.setdefault(words, held)
    out: list[tuple[int, int, list[int]]] = []
    tokens = list(_TOKEN.finditer(evidence.normalised))
    i = 0
    while i < len(tokens):
        for w in range(min(3, len(tokens) - i), 0, -1):
            found = by_name.get(tuple(t.group() for t in tokens[i : i + w]))
            if found:
                out.append((tokens[i].start(), tokens[i + w - 1].end(), [id(r) for r in found]))
                i += w - 1
                break
        i += 1
    return out


def _key_words(evidence: Evidence) -> frozenset[str]:
    """Every form of every word of the turn's field keys, read over all its records at once."""
    keys = {key for record in evidence.records for key in record.values}
    return frozenset(f for key in keys for part in recordnames.key_stems(key) for f in part)


def _joined(evidence: Evidence) -> list[tuple[int, int, list[int]]]:
    starts, ends, found = RecordFields(evidence)._mentions()
    return [(s, e, [id(r) for r in records]) for s, e, records in zip(starts, ends, found, strict=True)]


_CODES = ["HAT012", "HAT013", "QX101", "ZB7", "LAX"]
_PEOPLE = ["Ada Brook", "Li Feng", "Feng Zhao", "Brook Lane", "Hugo Saldana Cano", "New York", "ana bo"]
_FILLER = ["the", "flight", "for", "costs", "and", "then", "Ada", "Feng", "12", "."]
_MARKED = ["Li-Feng", "(HAT012),", "\n", "New-York", "hat012", "Ada Brook Lane", "Li Feng Zhao"]


def _row(rng: random.Random) -> dict[str, Any]:
    row: dict[str, Any] = {
        rng.choice(["price", "seatCount", "fare.economy"]): rng.choice([77, "12.5", "n/a"])
    }
    if rng.random() < 0.8:
        row[rng.choice(["flight_number", "name", "id"])] = rng.choice(_CODES + _PEOPLE)
    if rng.random() < 0.7:
        row["pilot"] = rng.choice(_PEOPLE)
    if rng.random() < 0.3:
        row["co_pilot"] = rng.choice(_PEOPLE)  # the same value twice in one record
    return row


def _answer(rng: random.Random) -> str:
    return " ".join(rng.choice(_CODES + _PEOPLE + _FILLER + _MARKED) for _ in range(rng.randint(0, 14)))


def test_names_joined_per_result_equal_one_table() -> None:
    """Random turns drawn from a small pool of results (so results recur across turns and at
    other positions of a turn, and a value may be held by records of several results), one
    guard: every turn's mentions are exactly those of one table over its own records, and its
    field key words those of all its records."""
    guard = Guard(Policy(load_plugins=False))
    rng = random.Random(15)
    pool: list[Any] = [[_row(rng) for _ in range(rng.randint(0, 4))] for _ in range(12)]
    pool += [{"flight": _row(rng)}, "plain text", None, '{"name": "Ada Brook"}', "{not json]"]
    named = 0
    for _ in range(400):
        calls: list[dict[str, Any]] = []
        for i in range(rng.randint(0, 5)):
            call: dict[str, Any] = {"name": f"t{i % 2}", "result": rng.choice(pool)}
            if call["result"] is not None and rng.random() < 0.15:
                call.update(status="error", error="failed")
            calls.append(call)
        turn = Turn.from_dict({"response": _answer(rng), "tool_calls": calls})
        evidence = Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)
        joined = _joined(evidence)
        assert joined == _reference(evidence)
        fields = RecordFields(evidence)
        fields._keys_hold([])  # (reads the key words)
        assert fields._key_words == _key_words(evidence)
        held = {id(r) for r in evidence.records}
        assert all(i in held for _s, _e, ids in joined for i in ids)  # this turn's records
        named += bool(joined)
    assert named > 100  # the random answers do name records


def _turn(answer: str, *results: Any) -> Evidence:
    guard = _GUARD
    calls = [{"name": "lookup", "result": r} for r in results]
    turn = Turn.from_dict({"response": answer, "tool_calls": calls})
    return Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)


_GUARD = Guard(Policy(load_plugins=False))


@pytest.mark.parametrize(
    ("answer", "person"),
    [
        ("Maria Lopez flies on Tuesday.", "Maria Lopez"),
        ("Le vol de Jean Dupont part mardi.", "Jean Dupont"),
        ("Der Flug von Karl Weber geht am Dienstag.", "Karl Weber"),
    ],
)
def test_an_identifying_value_is_decided_over_the_turn(answer: str, person: str) -> None:
    """A full name one record holds names it; the same result beside another result holding
    that name too names neither; and alone again, it names its record again (one guard)."""
    one = [{"flight_number": "HAT012", "passenger": person}]
    other = [{"flight_number": "QX101", "passenger": person}]
    for _ in range(3):
        alone = _turn(answer, one)
        assert [[r.label for r in found] for found in RecordFields(alone)._mentions()[2]] == [["HAT012"]]
        both = _turn(answer, one, other)
        assert RecordFields(both)._mentions()[2] == []
        flipped = _turn(answer, other)
        assert [[r.label for r in found] for found in RecordFields(flipped)._mentions()[2]] == [["QX101"]]


def test_a_name_held_by_several_results_names_their_records_in_call_order() -> None:
    """A naming field's name held by records of two results names all of them, in call
    order, whichever order the turn carries the results in."""
    first = [{"flight_number": "HAT012", "price": 77}]
    second = {"legs": [{"flight_number": "HAT012", "price": 78}, {"flight_number": "QX101"}]}
    for results in ((first, second), (second, first), (first, second)):
        evidence = _turn("Flight HAT012 costs $78.", *results)
        (found,) = RecordFields(evidence)._mentions()[2]
        assert [r.values.get("price") for r in found] == [
            r.values.get("price") for r in evidence.records if r.label == "HAT012"
        ]
        assert all(any(r is held for held in evidence.records) for r in found)

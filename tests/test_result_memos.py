"""Readings kept per result or per context block never leak between turns.

Principle: a reading kept by content (``Evidence.per_result`` in the guard's cache, or
``TextMemo`` per text) is the reading of that content alone, so a turn whose evidence
differs gets the answer its own evidence gives, however many turns before it asked about
other evidence with the same guard; and the reading joined over a turn's pieces (results,
a context's blocks) equals the reading of the whole evidence.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from nofab import Guard, Policy, Turn
from nofab.detectors import readbacks
from nofab.detectors.heldchunks import HeldChunks
from nofab.detectors.heldwords import HeldWords
from nofab.detectors.namerecords import arguments_held, held_names
from nofab.detectors.titlednames import titled_surnames
from nofab.evidence import pieces
from nofab.evidence.index import Evidence
from nofab.evidence.sourceindex import BLOCK, ContextBlocks
from nofab.language.lexicon import lexicon_for

_ROUNDS = 4  # past ``textmemo.SIGHTS``: the readings are kept by then


def _list_items(guard: Guard, items: list[str], answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "what is on it?",
        "tool_calls": [{"name": "get_list", "result": {"entries": [{"label": i} for i in items]}}],
    }
    return [
        f.identifier
        for f in guard.check(turn).findings
        if f.kind == "ungrounded_entity" and f.evidence.get("shape") == "list_item"
    ]


@pytest.mark.parametrize(
    ("answer", "other"),
    [
        ("Your list: kale, leeks, quinoa and sorrel.", "sorrel"),
        ("Tu lista: kale, leeks, quinoa y sorrel.", "sorrel"),
        ("Auf der Liste: kale, leeks, quinoa und sorrel.", "sorrel"),
    ],
)
def test_a_read_back_is_held_against_this_turns_lists(answer: str, other: str) -> None:
    guard = Guard(Policy(load_plugins=False))
    held, without = ["kale", "leeks", "quinoa", other], ["kale", "leeks", "quinoa", "barley"]
    for _ in range(_ROUNDS):  # alternating turns with one guard: each gets its own answer
        assert _list_items(guard, held, answer) == []
        assert _list_items(guard, without, answer) == [other]


def _reference_lists(evidence: Evidence) -> list[frozenset[str]]:
    """One walk over every result of the turn with one budget and one cap (the reading the
    per-result memo must give back exactly)."""
    lists: list[frozenset[str]] = []
    budget = readbacks._MAX_VALUES
    for call in evidence.succeeded_calls:
        stack: list[tuple[Any, int]] = [(call.parsed_result, 0)]
        while stack and budget > 0:
            value, depth = stack.pop()
            budget -= 1
            if depth > readbacks._MAX_DEPTH:
                continue
            if isinstance(value, dict):
                stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
            elif isinstance(value, list):
                items = readbacks._strings(value[:500])
                if len(lists) < readbacks.MAX_LISTS and len(value) >= readbacks.MIN_MATCHED and items:
                    lists.append(frozenset(items))
                stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    lists.extend(readbacks.argument_lists(evidence)[: max(0, readbacks.MAX_LISTS - len(lists))])
    return lists


def _value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 10 or roll < 0.3:
        return rng.choice(["oats", "Rye", "kelp", "x7", "", 3, None, True])
    if roll < 0.65:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {f"k{i}": _value(rng, depth + 1) for i in range(rng.randint(0, 4))}


@pytest.mark.parametrize(("budget", "cap"), [(3, 1), (10, 2), (40, 5), (20000, 256)])
def test_lists_joined_per_result_equal_one_walk(
    monkeypatch: pytest.MonkeyPatch, budget: int, cap: int
) -> None:
    """The walk's budget and the cap on lists run across the turn's results in call order:
    the per-result readings, joined, give exactly what one walk over all results gives
    (results of text or null, and failed calls, included)."""
    monkeypatch.setattr(readbacks, "_MAX_VALUES", budget)
    monkeypatch.setattr(readbacks, "MAX_LISTS", cap)
    guard = Guard(Policy(load_plugins=False))
    rng = random.Random(budget)
    texts = ["plain words", None, '{"a": ["p", "q"]}', "[1, 2]", "{not json]"]
    for _ in range(300):
        calls = []
        for i in range(rng.randint(0, 5)):
            result = _value(rng) if rng.random() < 0.7 else rng.choice(texts)
            call: dict[str, Any] = {"name": f"t{i % 2}", "result": result}
            if rng.random() < 0.5:  # the calls' arguments are read-back lists too
                call["arguments"] = {"to": rng.choice(["ana", "bo", "cy"]), "tags": _value(rng)}
            if result is not None and rng.random() < 0.2:
                call.update(status="error", error="failed")
            calls.append(call)
        turn = Turn.from_dict({"response": "ok", "tool_calls": calls})
        evidence = Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)
        assert readbacks.held_lists(evidence) == _reference_lists(evidence)


# --------------------------------------------------------------- a context read by blocks
_POLICY = "\n\n".join(
    f"Rule {n}: the agent checks the booking before any change and confirms with the user." * 3
    for n in range(40)
)


def _evidence(guard: Guard, message: str) -> Evidence:
    # the user's messages so far appended to the policy, as the adapters build a context
    turn = Turn.from_dict({"response": "ok", "context": f"{_POLICY}\n\n{message}"})
    return Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)


def test_a_context_read_by_blocks_joins_into_its_text() -> None:
    guard = Guard(Policy(load_plugins=False))
    evidence = _evidence(guard, "Please ask Mr. Okonkwo about it.")
    (context,) = evidence.sources
    assert isinstance(context.index, ContextBlocks) and len(context.index.parts) > 1
    assert len(context.text) > 2 * BLOCK
    assert "\n\n".join(pieces.texts(evidence.sources)) == context.text
    assert "\n\n".join(pieces.folded_texts(evidence.sources)) == context.folded


@pytest.mark.parametrize(
    ("message", "surname", "word"),
    [
        ("My landlord, Mr. Okonkwo, kept the deposit.", "okonkwo", "landlord"),
        ("Mi casero, el Sr. Okonkwo, no devolvió la fianza.", "okonkwo", "casero"),
    ],
)
def test_context_readings_follow_the_turns_own_message(message: str, surname: str, word: str) -> None:
    """The policy's blocks are kept from turn to turn; the message after them is this
    turn's, and what it holds is held on this turn only."""
    guard = Guard(Policy(load_plugins=False))
    titles = lexicon_for(guard.profile).titles
    for _ in range(_ROUNDS):
        for said in (True, False):
            evidence = _evidence(guard, message if said else "Thanks, that is all for today.")
            folded = pieces.folded_texts(evidence.sources)
            assert (surname in titled_surnames(pieces.texts(evidence.sources), titles)) is said
            assert HeldWords(folded).holds(word) is said
            assert HeldWords(folded).holds("booking")  # the policy's, on every turn
            assert HeldChunks(folded, now=True).settle([(word, True)]) == [said]


# --------------------------------------------------------------- a call's arguments
@pytest.mark.parametrize(
    "arguments",
    [
        ['{"name": "Ingrid Svensson"}', '{"name": "Tomasz Wrona"}'],
        ['{"nombre": "Lucía", "apellidos": "Ferrer"}', '{"nombre": "Aitana", "apellidos": "Roig"}'],
        [{"name": "Ingrid Svensson"}, {"name": "Tomasz Wrona"}],
    ],
)
def test_arguments_are_read_as_this_calls_own(arguments: list[Any]) -> None:
    """Arguments written as JSON text are remembered by their text, others by the call: a
    call decoded anew on every turn (new objects, the same or other text) gets the reading
    of its own arguments."""
    for _ in range(_ROUNDS):
        for written in arguments:
            decoded = written if isinstance(written, dict) else "".join(list(written))  # a new string
            turn = Turn.from_dict({"response": "ok", "tool_calls": [{"name": "add", "arguments": decoded}]})
            (call,) = turn.tool_calls
            assert arguments_held(call) == held_names([call.parsed_arguments])
            assert arguments_held(call)[0]  # a first name is read

"""Turn validation: wrong shapes are one clear error naming the field, never a crash."""

from __future__ import annotations

import pytest

from nofab import InputTooLargeError, Turn, TurnError
from nofab.model.turn import is_empty_result, load_json


@pytest.mark.parametrize(
    ("data", "where", "words"),
    [
        ({}, "response", "required"),
        ({"response": 3}, "response", "must be a string"),
        ({"response": None}, "response", "must be a string"),
        ([], "turn", "JSON object"),
        ({"response": "x", "tool_calls": {}}, "tool_calls", "must be an array"),
        ({"response": "x", "tool_calls": [3]}, "tool_calls[0]", "JSON object"),
        ({"response": "x", "tool_calls": [{"result": 1}]}, "tool_calls[0].name", "required"),
        ({"response": "x", "tool_calls": [{"name": ""}]}, "tool_calls[0].name", "non-empty"),
        (
            {"response": "x", "tool_calls": [{"name": "a", "status": "weird"}]},
            "tool_calls[0].status",
            "unknown status",
        ),
        (
            {"response": "x", "tool_calls": [{"name": "a", "error": 5}]},
            "tool_calls[0].error",
            "must be a string",
        ),
        ({"response": "x", "user_message": ["a"]}, "user_message", "must be a string"),
        ({"response": "x", "context": 7}, "context", "string or a list"),
        ({"response": "x", "earlier_answers": "hi"}, "earlier_answers", "must be an array"),
        ({"response": "x", "earlier_answers": ["ok", 3]}, "earlier_answers[1]", "must be a string"),
        (
            {"response": "x", "earlier_user_messages": ["ok", {}]},
            "earlier_user_messages[1]",
            "must be a string",
        ),
        (
            {"response": "x", "pending_call": {"name": "f", "safety_tier": "max"}},
            "pending_call.safety_tier",
            "unknown",
        ),
        (
            {"response": "x", "asserted_values": [{"tool_call_id": "c", "path": "p"}]},
            "asserted_values[0].expected",
            "required",
        ),
        (
            {
                "response": "x",
                "asserted_values": [{"tool_call_id": "c", "path": "p", "expected": 1, "match": "fuzzy"}],
            },
            "asserted_values[0].match",
            "unknown match kind",
        ),
    ],
)
def test_bad_turns_name_the_field(data: object, where: str, words: str) -> None:
    """Each malformed turn raises TurnError whose location is the offending field."""
    with pytest.raises(TurnError) as info:
        Turn.from_dict(data)
    assert info.value.where == where
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("call", "status"),
    [
        ({"name": "a", "result": {"x": 1}}, "ok"),
        ({"name": "a", "error": "HTTP 500"}, "error"),
        ({"name": "a", "error": "BLOCKED: policy refused"}, "blocked"),
        ({"name": "a", "error": "duplicate: same call twice"}, "blocked"),
        ({"name": "a", "result": []}, "empty"),
        ({"name": "a", "result": "{}"}, "empty"),
        ({"name": "a", "result": None}, "empty"),
        ({"name": "a", "result": ""}, "empty"),
        ({"name": "a", "result": '{"results": []}'}, "empty"),
        ({"name": "a", "result": {"results": []}}, "empty"),
        ({"name": "a", "result": {"results": [], "page": 1}}, "ok"),
        ({"name": "a", "result": 0}, "ok"),
        ({"name": "a", "result": "null", "status": "ok"}, "ok"),
    ],
)
def test_status_is_inferred_when_absent(call: dict, status: str) -> None:
    """Without a status, error text means error (blocked for guard prefixes); empty results mean empty."""
    assert Turn.from_dict({"response": "x", "tool_calls": [call]}).tool_calls[0].status == status


def test_json_string_results_are_parsed_lazily() -> None:
    """A string holding JSON is parsed on first use; plain text stays text."""
    t = Turn.from_dict(
        {
            "response": "x",
            "tool_calls": [{"name": "a", "result": '{"n": 1}'}, {"name": "b", "result": "{oops"}],
        }
    )
    assert t.tool_calls[0].parsed_result == {"n": 1}
    assert t.tool_calls[1].parsed_result == "{oops"


def test_size_limit_and_bad_json() -> None:
    """Oversize input and broken JSON are typed errors that say where."""
    with pytest.raises(InputTooLargeError, match="over the 10-byte limit"):
        load_json('{"response": "long"}', max_bytes=10)
    with pytest.raises(TurnError, match="line 1 column"):
        load_json('{"response": ', source="turn.json")
    with pytest.raises(TurnError, match="not UTF-8"):
        load_json(b'{"response": "\xff"}')


def test_context_may_be_a_list_of_passages() -> None:
    """A list of retrieved passages is accepted as context."""
    assert Turn.from_dict({"response": "x", "context": ["a", "b"]}).context == "a\n\nb"


def test_is_empty_result_wrappers() -> None:
    """A one-key wrapper around nothing is empty; a wrapper around something is not."""
    assert is_empty_result({"items": {}})
    assert not is_empty_result({"items": [1]})


def test_deeply_nested_json_is_a_clear_error() -> None:
    """JSON nested beyond the decoder's limit is a TurnError, not a RecursionError."""
    with pytest.raises(TurnError, match="nested too deeply to decode"):
        load_json("[" * 100_000 + "]" * 100_000)

"""Strict turn input: unknown keys are named with the key meant, and the JSON Schema that
``nofab schema turn`` prints accepts exactly what the validator accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Turn, TurnError
from nofab.cli.main import main
from nofab.model.schema import KEYS, MAX_DEPTH, turn_schema

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize(
    ("data", "where", "meant"),
    [
        # renames from other formats, found by meaning
        ({"response": "x", "tool_calls": [{"name": "a", "output": 1}]}, "tool_calls[0].output", "result"),
        ({"response": "x", "tool_calls": [{"name": "a", "args": {}}]}, "tool_calls[0].args", "arguments"),
        ({"response": "x", "tool_calls": [{"tool_name": "a"}]}, "tool_calls[0].tool_name", "name"),
        ({"answer": "x"}, "answer", "response"),
        ({"response": "x", "question": "q"}, "question", "user_message"),
        # misspellings, found by similarity
        ({"response": "x", "tool_calls": [{"name": "a", "reslt": 1}]}, "tool_calls[0].reslt", "result"),
        ({"response": "x", "tool_call": []}, "tool_call", "tool_calls"),
        (
            {"response": "x", "pending_call": {"name": "f", "safety": "critical"}},
            "pending_call.safety",
            "safety_tier",
        ),
        (
            {"response": "x", "prior_tool_uses": [{"name": "f", "jobid": "1"}]},
            "prior_tool_uses[0].jobid",
            "job_id",
        ),
        ({"response": "x", "tools": [{"name": "f", "descripton": ""}]}, "tools[0].descripton", "description"),
        (
            {"response": "x", "user_intent": {"label": "a", "confidance": 1}},
            "user_intent.confidance",
            "confidence",
        ),
        (
            {"response": "x", "declared_claims": [{"id": "c", "derived": []}]},
            "declared_claims[0].derived",
            "derived_from",
        ),
        (
            {
                "response": "x",
                "asserted_values": [{"tool_call_id": "c", "path": "a", "expected": 1, "mach": "exact"}],
            },
            "asserted_values[0].mach",
            "match",
        ),
    ],
)
def test_unknown_key_names_the_key_meant(data: dict[str, Any], where: str, meant: str) -> None:
    with pytest.raises(TurnError) as info:
        Turn.from_dict(data)
    assert info.value.where == where
    assert f"did you mean {meant!r}" in info.value.detail


def test_unknown_key_far_from_any_lists_the_known_keys() -> None:
    with pytest.raises(TurnError) as info:
        Turn.from_dict({"response": "x", "tool_calls": [{"name": "a", "zzqx": 1}]})
    assert info.value.where == "tool_calls[0].zzqx"
    assert all(key in info.value.detail for key in KEYS["tool_call"])


def test_misspelt_result_no_longer_turns_grounded_into_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reported harm: "output" for "result" silently dropped the evidence."""
    path = tmp_path / "t.json"
    path.write_text(
        json.dumps(
            {"response": "Total $42.73.", "tool_calls": [{"name": "get_order", "output": {"total": 42.73}}]}
        )
    )
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"nofab: error: {path}: tool_calls[0].output: unknown key; did you mean 'result'?"


def test_cli_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "turn"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == turn_schema()
    jsonschema.Draft202012Validator.check_schema(printed)


@pytest.mark.parametrize("path", sorted(p for p in EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_example_turns_satisfy_the_schema(path: Path) -> None:
    data = json.loads(path.read_text())
    Turn.from_dict(data)
    jsonschema.validate(data, turn_schema())


def test_nesting_beyond_the_limit_is_refused_with_its_path() -> None:
    deep: Any = 1
    for _ in range(MAX_DEPTH + 5):
        deep = {"a": deep}
    with pytest.raises(TurnError) as info:
        Turn.from_dict({"response": "x", "tool_calls": [{"name": "f", "result": {"k": [deep]}}]})
    assert info.value.where == "tool_calls[0].result"
    assert f"more than {MAX_DEPTH} levels" in info.value.detail
    assert "tool_calls[0].result.k[0].a.a" in info.value.detail


def test_deep_json_text_result_stays_text_evidence() -> None:
    """A result given as JSON text too deep to decode is kept as text: still evidence."""
    text = "[" * 5000 + '{"total": 99.99}' + "]" * 5000
    turn = Turn.from_dict({"response": "x", "tool_calls": [{"name": "f", "result": text}]})
    assert turn.tool_calls[0].parsed_result == text


# --- the schema and the validator agree ---------------------------------------------------

_ANY_JSON = st.sampled_from([None, True, 0, 1.5, "", "s", [], {}, [1], {"a": 1}])
_FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "response": st.sampled_from(["ok", "", None, 3, ["a"]]),
    "user_message": st.sampled_from(["q", None, 1]),
    "context": st.sampled_from(["c", ["a", "b"], [1], None, 5]),
    "metadata": st.sampled_from([{"k": 1}, None, [], "m"]),
    "pending_call": st.one_of(
        st.none(),
        st.fixed_dictionaries(
            {"name": st.sampled_from(["f", 1])},
            optional={"safety_tier": st.sampled_from(["critical", "max", None]), "arguments": _ANY_JSON},
        ),
    ),
    "user_intent": st.one_of(
        st.none(),
        st.fixed_dictionaries(
            {"label": st.sampled_from(["action", 2])},
            optional={"confidence": st.sampled_from([0, 0.5, 1, 1.5, -1, True, "x"])},
        ),
    ),
    "tools": st.lists(
        st.fixed_dictionaries(
            {"name": st.sampled_from(["t", "", " ", 3])},
            optional={"description": st.sampled_from(["d", None, 4]), "parameters": _ANY_JSON},
        ),
        max_size=2,
    ),
    "prior_tool_uses": st.lists(
        st.fixed_dictionaries(
            {"name": st.sampled_from(["p", 1])}, optional={"job_id": st.sampled_from(["j", None, 2])}
        ),
        max_size=2,
    ),
    "tool_calls": st.one_of(
        st.none(),
        st.just({}),
        st.lists(
            st.fixed_dictionaries(
                {"name": st.sampled_from(["get", "", "  ", 7])},
                optional={
                    "result": _ANY_JSON,
                    "arguments": _ANY_JSON,
                    "status": st.sampled_from(["ok", "error", "empty", "blocked", "weird", None, 1]),
                    "error": st.sampled_from(["boom", None, 5]),
                    "id": st.sampled_from(["c1", 3, None, True, 1.5]),
                    "earlier": st.sampled_from([True, False, None, 1]),
                    "outpt": st.just(1),
                },
            ),
            max_size=3,
        ),
    ),
}


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({}, optional=_FIELD_VALUES), st.booleans())
def test_schema_accepts_exactly_what_the_validator_accepts(data: dict[str, Any], stray: bool) -> None:
    if stray:
        data["respnse"] = "x"
    try:
        Turn.from_dict(data)
        accepted = True
    except TurnError:
        accepted = False
    schema_ok = jsonschema.Draft202012Validator(turn_schema()).is_valid(data)
    assert accepted == schema_ok, data


def test_the_documented_example_is_a_valid_turn() -> None:
    """docs/turn.md's example satisfies the validator and the schema, and reads as it says."""
    import re

    from nofab import Guard

    text = (Path(__file__).resolve().parents[1] / "docs" / "turn.md").read_text("utf-8")
    block = re.search(r"## Example\n\n```json\n(.*?)```", text, re.S)
    assert block is not None
    data = json.loads(block.group(1))
    jsonschema.validate(data, turn_schema())
    verdict = Guard().check(Turn.from_dict(data))
    assert [f.identifier for f in verdict.findings if f.kind == "verb_claim"] == ["I've refunded"]
    assert not any("42.73" in f.identifier for f in verdict.findings)

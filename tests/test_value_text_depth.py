"""Evidence walking has no recursion limit (issue 16.2): a tool result nested deeper than the
interpreter's recursion limit still grounds the numbers in it, and an invented one is still
caught — no detector is switched off by the shape of a result."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Policy
from nofab.language.text import json_text, value_text
from nofab.pipeline.guard import Guard

GUARD = Guard(Policy(load_plugins=False))


def nest(inner: Any, depth: int, as_dict: bool = False) -> Any:
    for level in range(depth):
        inner = {f"k{level % 3}": inner} if as_dict else [inner]
    return inner


@pytest.mark.parametrize("depth", [10, 2_000, 50_000])
@pytest.mark.parametrize("as_dict", [False, True])
def test_value_text_reaches_any_depth(depth: int, as_dict: bool) -> None:
    text = value_text(nest({"total": 42.73, "ville": "Zürich"}, depth, as_dict))
    assert '"total": 42.73' in text and "Zürich" in text


def kinds_at(depth: int, answer: str) -> list[str]:
    result = nest({"order_id": "A-1042", "total": 42.73}, depth)
    verdict = GUARD.check({"response": answer, "tool_calls": [{"name": "get_order", "result": result}]})
    assert verdict.detector_errors == (), verdict.detector_errors
    return sorted(f.kind for f in verdict.findings)


@pytest.mark.parametrize("depth", [2_000, 50_000])
@pytest.mark.parametrize(
    ("answer", "invented"),
    [
        ("Your order total is $42.73.", False),
        ("Your order total is $99.99.", True),
        # French amounts: only the depth-invariance is pinned here (the numbers detector's
        # reading of decimal commas is its own test's business).
        ("Le total de votre commande est de 42,73 €.", None),
        ("Le total de votre commande est de 99,99 €.", None),
    ],
)
def test_deep_results_keep_the_detectors_on(depth: int, answer: str, invented: bool | None) -> None:
    """The verdict over a deeply nested result is the verdict over the same result unnested."""
    kinds = kinds_at(depth, answer)
    assert kinds == kinds_at(1, answer)
    if invented is not None:
        assert ("unverified_number" in kinds) is invented


def test_deep_json_text_in_a_string_result_is_searched_as_text() -> None:
    """A string result holding JSON too deep to decode is kept as text, not an error."""
    deep = "[" * 5000 + '{"total": 42.73}' + "]" * 5000
    assert "42.73" in value_text(deep.replace("{", '{"x": "a\\\\b", ', 1))


_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=12),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(
            st.one_of(st.text(max_size=6), st.integers(), st.booleans(), st.none()), inner, max_size=4
        ),
    ),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(_values)
def test_json_text_is_json_dumps_character_for_character(value: Any) -> None:
    """The iterative walk writes exactly what the C encoder writes (so spans do not move)."""
    assert json_text(value) == json.dumps(value, ensure_ascii=False, default=str)


def test_json_text_refuses_a_cycle_like_json_does() -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular"):
        json_text(loop)

"""Property tests: hostile paths and values never crash parsing, resolution or matching."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.fidelity.matchers import MATCHERS, MatchError, matches, validate
from nofab.fidelity.path import PathError, parse, render

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='ab.[]*"0129\\ x', max_size=24), JSON)
def test_any_path_text_parses_or_raises_path_error(text: str, data: Any) -> None:
    """Any text either parses (and then resolves without raising, and renders back) or is a PathError."""
    try:
        path = parse(text)
    except PathError:
        return
    resolution = path.resolve(data)
    assert resolution.values or resolution.failure
    assert parse(render(path.steps)).steps == path.steps


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(MATCHERS)), JSON, JSON)
def test_matchers_never_raise_on_valid_declarations(kind: str, expected: Any, actual: Any) -> None:
    """Once a declaration validates, matching it against any JSON value returns a bool."""
    try:
        validate(kind, expected)
    except MatchError:
        return
    assert matches(kind, expected, actual) in (True, False)

"""``load_json`` decodes with msgspec when it can and with json otherwise: the values must be
json's, and so must every error message (which says where the text is broken)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nofab.model.fields as fields
from nofab import TurnError
from nofab.model.fields import load_json

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@pytest.fixture(params=["msgspec", "json"])
def decoder(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "json":
        monkeypatch.setattr(fields, "_FAST", False)
    else:
        pytest.importorskip("msgspec")
    return str(request.param)


@settings(max_examples=200, deadline=None)
@given(_json_values, st.booleans())
def test_values_are_jsons(value: Any, as_bytes: bool) -> None:
    text = json.dumps(value, ensure_ascii=False)
    assert load_json(text.encode() if as_bytes else text) == json.loads(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"a": 1,}',
            "input: is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 9",
        ),
        ('{"a":\n [1 2]}', "input: is not valid JSON: Expecting ',' delimiter at line 2 column 5"),
        ('{"a": NaN}', "input: is not valid JSON: NaN is not a JSON number"),
        ("[-Infinity]", "input: is not valid JSON: -Infinity is not a JSON number"),
        ("[" * 5000 + "]" * 5000, "input: is nested too deeply to decode"),
        ("[" + "7" * 5000 + "]", "input: cannot be decoded: Exceeds the limit (4300 digits)"),
    ],
)
def test_errors_are_the_same_either_way(decoder: str, text: str, message: str) -> None:
    with pytest.raises(TurnError) as info:
        load_json(text)
    assert str(info.value).startswith(message)


def test_lone_surrogates_and_utf16_decode_either_way(decoder: str) -> None:
    assert load_json('{"response": "x \\ud800"}') == {"response": "x \ud800"}
    assert load_json('["é"]'.encode("utf-16")) == ["é"]


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


_plain_keys = st.recursive(
    st.none() | st.integers(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("abc"), inner, max_size=3),
    max_leaves=15,
)


@settings(max_examples=300, deadline=None)
@given(_plain_keys, st.integers(0, 4))
def test_nesting_check_agrees_with_a_recursive_depth(value: Any, limit: int) -> None:
    """The fast level-by-level check and the path finder agree with the plain definition."""
    found = fields.nesting_error(value, limit)
    assert (found is None) == (_depth(value) <= limit)
    if found is not None:
        path, problem = found
        assert problem == f"is nested more than {limit} levels deep"
        node = value
        for step in re.findall(r"\[(\d+)\]|\.([^.\[]*)", path):
            node = node[int(step[0])] if step[0] else node[step[1]]
        assert isinstance(node, (dict, list))

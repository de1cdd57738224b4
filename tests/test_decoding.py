"""``load_json`` decodes with msgspec when it can and with json otherwise: the values must be
json's, and so must every error message (which says where the text is broken)."""

from __future__ import annotations

import json
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
        ("[" * 5000 + "]" * 5000, "input: is nested more than 128 levels deep"),
        ("[" * 129 + "]" * 129, "input: is nested more than 128 levels deep (at [0][0]"),
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

"""No JSON input makes an adapter crash: it yields turns or raises a nofab InputError."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.adapters import FORMATS, extract_turns
from nofab.errors import InputError

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"

KEYS = st.sampled_from(
    [
        "role", "content", "type", "text", "tool_calls", "function", "name", "arguments", "id",
        "tool_call_id", "call_id", "output", "input", "messages", "system", "tool_use_id", "is_error",
        "lc", "kwargs", "data", "args", "status", "invalid_tool_calls", "mcp_calls", "result", "request",
        "response", "params", "method", "isError", "structuredContent", "resourceSpans", "scopeSpans",
        "spans", "attributes", "key", "value", "stringValue", "events", "conversation", "apis", "traj",
    ]
)  # fmt: skip
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8))
JSON = st.recursive(
    SCALARS | KEYS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(obj=JSON, fmt=st.sampled_from([None, *FORMATS]))
def test_arbitrary_json_never_crashes(obj: Any, fmt: str | None) -> None:
    """Random JSON built from the formats' own field names gives turns or an InputError."""
    with contextlib.suppress(InputError):
        extract_turns(obj, fmt)


def _mutations(value: Any) -> list[Any]:
    """Copies of ``value`` with one node replaced by each of a few wrong-typed values."""
    out: list[Any] = []
    if isinstance(value, dict):
        for key in value:
            for wrong in (None, 7, "x", [], {}):
                out.append({**value, key: wrong})
            out.extend({**value, key: m} for m in _mutations(value[key]))
    elif isinstance(value, list):
        for i in range(len(value)):
            out.append(value[:i] + value[i + 1 :])
            out.extend([*value[:i], m, *value[i + 1 :]] for m in _mutations(value[i]))
    return out


def test_every_single_field_corruption_of_the_fixtures_is_handled() -> None:
    """Replacing any one field of any fixture with a wrong type, or dropping any list item,
    gives turns or an InputError — never another exception."""
    tried = 0
    for path in sorted(FIXTURES.glob("*.json")):
        for mutated in _mutations(json.loads(path.read_text("utf-8"))):
            tried += 1
            with contextlib.suppress(InputError):
                extract_turns(mutated)
    assert tried > 1000

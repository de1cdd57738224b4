"""What a tool's result or arguments hold as text: JSON text parsed, and results that carry
nothing (``[]``, ``{}``, ``{"results": []}``), read the same way by the turn's validation, the
adapters and the detectors."""

from __future__ import annotations

import json
from typing import Any

from nofab.model.fields import nesting_error
from nofab.model.schema import MAX_DEPTH

__all__ = ["is_empty_result", "parse_json_text"]

_EMPTY_TEXTS = frozenset({"", "[]", "{}", "null", "none", '""'})


def parse_json_text(value: Any) -> Any:
    """Return ``value`` parsed as JSON when it is a string that holds a JSON object or array.

    Tool results and OpenAI-style arguments often arrive as JSON text; a string that is
    not JSON is kept as it is (it is still evidence, just unstructured).
    """
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") and text[-1:] in ("}", "]"):
            try:
                parsed = json.loads(text)
            except (ValueError, RecursionError):
                return value
            # Deeper than the walks downstream allow: kept as text, still evidence. Counting
            # brackets first skips the walk for every result that cannot be that deep.
            if text.count("{") + text.count("[") > MAX_DEPTH and nesting_error(parsed) is not None:
                return value
            return parsed
    return value


def is_empty_result(value: Any) -> bool:
    """True for results that carry nothing: ``[]``, ``{}``, ``null``, ``""`` and one-key
    wrappers around an empty collection such as ``{"results": []}``."""
    if value is None:
        return True
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in _EMPTY_TEXTS:
            return True
        if len(text) > 256 or text[:1] != "{":
            return False
        value = parse_json_text(text)
        if isinstance(value, str):
            return False
    if isinstance(value, (list, tuple, dict)) and not value:
        return True
    if isinstance(value, dict) and len(value) == 1:
        (inner,) = value.values()
        return isinstance(inner, (list, dict)) and not inner
    return False

"""Checks on decoded JSON values that must hold at any nesting depth (so: no recursion).

A decoded JSON string can hold a lone surrogate (``"\\ud800"`` is valid JSON syntax): it is
not Unicode text, cannot be encoded as UTF-8, and so cannot be stored, logged or answered.
Every entry point (the service, ``nofab audit``) turns one into an input error naming where
it is, instead of failing later in a store or an encoder.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# Code points U+D800..U+DFFF left in a decoded string are lone surrogates: a valid escaped
# pair ("\ud83d\ude00") decodes to one astral character.
_SURROGATE = re.compile("[\ud800-\udfff]")


def has_surrogate(text: str) -> bool:
    return _SURROGATE.search(text) is not None


def find_lone_surrogate(data: Any) -> str | None:
    """The path (``tool_calls[0].result.a``) of the first string, key or value, holding a lone
    surrogate; ``None`` when there is none. Walked with an explicit stack: any depth is fine."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if has_surrogate(value):
                return path or "(the value)"
        elif isinstance(value, Mapping):
            children = []
            for key, item in value.items():
                child = f"{path}.{key}" if path else str(key)
                if has_surrogate(str(key)):
                    return child.encode("utf-8", "backslashreplace").decode("utf-8")
                children.append((child, item))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item) for i, item in reversed(list(enumerate(value))))
    return None

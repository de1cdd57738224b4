"""User handles: the lower-case tokens tools return as user names, ids and addresses
("justinkool", "mia.k@example.com"), which people are addressed by the first name of
("Thanks, Justin"). Read by ``nofab.detectors.namerecords.People`` and ``names``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from typing import Any

#: Deepest nesting of a result walked (results are untrusted input).
MAX_DEPTH = 12
#: A user handle: one lower-case token of letters, digits and ``._-+@`` ("justinkool",
#: "mia.k@example.com"), as tools return user names, ids and addresses.
_HANDLE = re.compile(r"[a-z][a-z0-9._+@\-]{2,63}")
#: Handles read from one turn's results (bounded: results are untrusted input).
MAX_HANDLES = 2000


def handles(results: Iterable[Any]) -> tuple[str, ...]:
    """Every handle-shaped string value of the results, at any depth (bounded)."""
    out: list[str] = []
    stack: list[tuple[Any, int]] = [(r, 0) for r in results]
    while stack and len(out) < MAX_HANDLES:
        value, depth = stack.pop()
        if isinstance(value, str):
            if _HANDLE.fullmatch(value):
                out.append(value)
        elif depth < MAX_DEPTH and isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif depth < MAX_DEPTH and isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return tuple(out)


def handle(value: Any) -> str:
    """``value`` itself when it is a handle (a result that is one plain string), or ""."""
    return value if isinstance(value, str) and _HANDLE.fullmatch(value) else ""


def starts_a_handle(name: str, held: tuple[str, ...]) -> bool:
    """A lone name the evidence holds as the start of a handle: people are addressed by the
    first name their user name is built from ("Thanks, Justin" for ``justinkool``). Risk:
    a made-up name that happens to open a handle of the turn passes.

    ``held`` is sorted: the handles that start with ``name`` follow it, after ``name`` itself
    (a bisect, not a scan of every handle per name)."""
    if len(name) < 3:
        return False
    i = bisect_right(held, name)
    return i < len(held) and held[i].startswith(name)


__all__ = ["MAX_HANDLES", "handle", "handles", "starts_a_handle"]

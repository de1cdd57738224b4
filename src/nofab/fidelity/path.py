"""The value-path language: where in a tool's output a declared value lives.

Grammar (whitespace is part of a bare key, never skipped)::

    path    := "$" | first rest*
    first   := key | bracket
    rest    := "." key | bracket
    key     := one or more characters other than . [ ] "
    bracket := "[*]" | "[" digits "]" | "[" json-string "]"

``entries[*].values[*].name`` — ``[*]`` is any element of a list, ``[2]`` one element;
``[*].name`` starts at a top-level list; ``["a.b"]`` quotes a key holding dots or
brackets; ``$`` alone is the whole result (a plain-text result, for instance).

Resolution is strict on purpose: a key on a list or ``[*]`` on an object resolves to
nothing, and nothing is a failure, never a skip. An agent that declares ``rows.name``
for a list of rows has declared the wrong thing; guessing what it meant would let a
value be read from somewhere it did not point at.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: Longest path accepted (a declaration, not a document).
MAX_PATH_CHARS = 1024
#: Most values one path may resolve to, so that ``[*]`` over a huge output stays bounded.
MAX_RESOLVED = 100_000

_ANY = object()


class PathError(ValueError):
    """A path that does not follow the grammar; the message names the column."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step: a key (``str``), an index (``int``) or any element (``key is None``)."""

    key: str | int | None

    def render(self) -> str:
        if self.key is None:
            return "[*]"
        if isinstance(self.key, int):
            return f"[{self.key}]"
        if _bare_ok(self.key):
            return f".{self.key}"
        return f"[{json.dumps(self.key, ensure_ascii=False)}]"


def _bare_ok(key: str) -> bool:
    return bool(key) and not any(c in key for c in '.[]"') and key != "$"


def render(steps: tuple[Step, ...]) -> str:
    """The canonical text of a parsed path (``$`` for the root)."""
    text = "".join(s.render() for s in steps)
    return text[1:] if text.startswith(".") else (text or "$")


@dataclass(frozen=True, slots=True)
class Path:
    """A parsed path."""

    text: str
    steps: tuple[Step, ...]

    def resolve(self, data: Any) -> Resolution:
        return resolve(self.steps, data)


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a path reached: ``(concrete path, value)`` pairs, or why it reached nothing."""

    values: tuple[tuple[str, Any], ...]
    failure: str = ""


def parse(text: str) -> Path:
    """Parse ``text``; raises ``PathError`` saying what is wrong and at which column."""
    if not isinstance(text, str):
        raise PathError(f"must be a string, got {type(text).__name__}")
    if not text:
        raise PathError("is empty (use $ for the whole result)")
    if len(text) > MAX_PATH_CHARS:
        raise PathError(f"is {len(text)} characters long; the limit is {MAX_PATH_CHARS}")
    if text == "$":
        return Path(text, ())
    steps: list[Step] = []
    i, n = 0, len(text)
    first = True
    while i < n:
        c = text[i]
        if c == "[":
            step, i = _bracket(text, i)
            steps.append(step)
        elif c == "." and not first:
            i += 1
            if i >= n:
                raise PathError(f"ends with '.' at column {i}: a key must follow")
            if text[i] in '.[]"':
                raise PathError(f"expected a key after '.' at column {i + 1}, found {text[i]!r}")
            key, i = _bare(text, i)
            steps.append(Step(key))
        elif first and c not in '.]"':
            key, i = _bare(text, i)
            steps.append(Step(key))
        else:
            raise PathError(f"unexpected {c!r} at column {i + 1}")
        first = False
    return Path(text, tuple(steps))


def _bare(text: str, i: int) -> tuple[str, int]:
    start = i
    while i < len(text) and text[i] not in '.[]"':
        i += 1
    if i < len(text) and text[i] in ']"':
        raise PathError(f"unexpected {text[i]!r} at column {i + 1} (unbalanced bracket or stray quote)")
    return text[start:i], i


def _bracket(text: str, i: int) -> tuple[Step, int]:
    open_at = i
    i += 1
    close = text.find("]", i)
    if i < len(text) and text[i] == '"':
        value, end = _quoted(text, i)
        if end >= len(text) or text[end] != "]":
            raise PathError(f"quoted key at column {i + 1} is not followed by ']'")
        return Step(value), end + 1
    if close == -1:
        raise PathError(f"'[' at column {open_at + 1} is never closed")
    inner = text[i:close]
    if "[" in inner:
        raise PathError(f"'[' at column {open_at + 1} is never closed")
    if inner == "*":
        return Step(None), close + 1
    if inner.isascii() and inner.isdigit():
        return Step(int(inner)), close + 1
    if not inner:
        raise PathError(f"empty brackets at column {open_at + 1}")
    raise PathError(
        f"bad index {inner!r} at column {open_at + 1}: use [*], a non-negative integer or a quoted key"
    )


def _quoted(text: str, i: int) -> tuple[str, int]:
    # A JSON string literal: the decoder finds its end and handles escapes for us.
    try:
        value, end = json.JSONDecoder().raw_decode(text, i)
    except json.JSONDecodeError:
        raise PathError(f"unterminated quoted key at column {i + 1}") from None
    if not isinstance(value, str):  # pragma: no cover - raw_decode at a quote yields a string
        raise PathError(f"bad quoted key at column {i + 1}")
    return value, end


def resolve(steps: tuple[Step, ...], data: Any) -> Resolution:
    """Every value ``steps`` reaches in ``data``, with its concrete path."""
    frontier: list[tuple[tuple[Step, ...], Any]] = [((), data)]
    for depth, step in enumerate(steps):
        nxt: list[tuple[tuple[Step, ...], Any]] = []
        for where, value in frontier:
            nxt.extend(_step(where, value, step))
            if len(nxt) > MAX_RESOLVED:
                return Resolution((), f"resolves to more than {MAX_RESOLVED} values")
        if not nxt:
            at = render(steps[:depth])
            return Resolution((), _why(step, frontier, at))
        frontier = nxt
    return Resolution(tuple((render(w), v) for w, v in frontier))


def _step(where: tuple[Step, ...], value: Any, step: Step) -> Iterator[tuple[tuple[Step, ...], Any]]:
    key = step.key
    if key is None:
        if isinstance(value, list):
            for i, item in enumerate(value):
                yield (*where, Step(i)), item
    elif isinstance(key, int):
        if isinstance(value, list) and key < len(value):
            yield (*where, step), value[key]
    elif isinstance(value, dict) and key in value:
        yield (*where, step), value[key]


def _why(step: Step, frontier: list[tuple[tuple[Step, ...], Any]], at: str) -> str:
    kinds = sorted({_kind(v) for _w, v in frontier})
    shown = " or ".join(kinds)
    if step.key is None:
        if "an empty list" in kinds:
            return f"[*] at {at} found an empty list"
        return f"[*] needs a list at {at}, found {shown}"
    if isinstance(step.key, int):
        return f"index [{step.key}] is out of range or not a list at {at} ({shown})"
    return f"key {step.key!r} not found at {at} ({shown})"


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "an empty list" if not value else "a list"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    return "a number"

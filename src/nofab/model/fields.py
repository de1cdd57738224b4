"""Checks on decoded JSON shared by the turn's objects: keys, types, nesting, decoding.

Every check raises ``TurnError`` with the dotted path of the field (``tool_calls[0].output``)
so that a user can find what to fix; none lets an input through half-checked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from typing import Any

from nofab.errors import InputTooLargeError, TurnError
from nofab.model.schema import MAX_DEPTH

#: Default limit on the size of one serialised turn (bytes), overridable per call.
DEFAULT_MAX_INPUT_BYTES = 5 * 1024 * 1024

#: Names people write for a field in other formats -> the field nofab calls it. Spelling
#: mistakes are matched by similarity; these are the renames similarity cannot find.
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "result": (
        "output",
        "outputs",
        "response",
        "content",
        "return",
        "returns",
        "value",
        "data",
        "observation",
    ),
    "arguments": ("args", "input", "inputs", "params", "parameters", "kwargs", "request"),
    "name": ("tool", "tool_name", "function", "function_name", "method", "api_name"),
    "error": ("exception", "err", "failure", "error_message"),
    "id": ("call_id", "tool_call_id", "tool_use_id"),
    "response": ("answer", "reply", "completion", "output", "assistant", "content", "text"),
    "user_message": ("user", "question", "query", "prompt", "input", "user_input", "request"),
    "context": ("system", "system_prompt", "policy", "instructions", "documents", "passages"),
    "tool_calls": ("calls", "tools_called", "function_calls", "tool_results", "steps", "actions"),
    "tier": ("level", "certainty"),
    "expected": ("value", "expected_value"),
    "confidence": ("score", "probability"),
    "label": ("intent", "kind", "type"),
}


def closest_key(key: str, known: Collection[str]) -> str | None:
    """The known key ``key`` was most likely meant as, or None when nothing is close."""
    lowered = key.strip().lower()
    if lowered in known:
        return lowered
    for target, names in _SYNONYMS.items():
        if target in known and lowered in names:
            return target
    import difflib  # only on the error path (an unknown key)

    found = difflib.get_close_matches(lowered, sorted(known), n=1, cutoff=0.6)
    return found[0] if found else None


def check_keys(obj: Mapping[str, Any], known: Collection[str], where: str) -> None:
    """Refuse a key the object does not document: a misspelt field would otherwise be
    ignored in silence and its evidence lost (``"output"`` for ``"result"``)."""
    if len(obj) <= len(known) and all(key in known for key in obj):
        return
    for key in obj:
        if key not in known:
            guess = closest_key(str(key), known)
            hint = f"did you mean {guess!r}?" if guess else f"expected one of {', '.join(sorted(known))}"
            raise TurnError(f"unknown key; {hint}", join(where, str(key)))


#: Python refuses to print an int of more than 4,300 digits (CVE-2020-10735); about 14,000
#: bits is where that can start, and a detector formatting such a number would fail.
_MAX_INT_BITS = 14_284


def nesting_error(value: Any, limit: int = MAX_DEPTH) -> tuple[str, str] | None:
    """(path below ``value``, what is wrong) where ``value`` nests deeper than ``limit``
    levels or holds an integer too long to print; None when it is fine.

    Iterative, so that the check itself cannot hit the recursion limit it guards against; a
    level-by-level pass without paths first, since every turn pays for it and almost none fails.
    """
    if _fits(value, limit):
        return None
    return _locate(value, limit)


def _fits(value: Any, limit: int) -> bool:
    level, depth = [value], 0
    while level:
        depth += 1
        following: list[Any] = []
        for node in level:
            kind = type(node)
            if kind is dict or kind is list:
                if depth > limit:
                    return False
                following.extend(node.values() if kind is dict else node)
            elif kind is int and node.bit_length() > _MAX_INT_BITS:
                return False
        level = following
    return True


def _locate(value: Any, limit: int) -> tuple[str, str]:
    """The path of the first problem ``_fits`` found (slower: it builds paths)."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        node, depth, path = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > limit:
                return path, f"is nested more than {limit} levels deep"
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, child in items:
                step = f"[{key}]" if isinstance(key, int) else f".{key}"
                stack.append((child, depth + 1, path + step))
        elif type(node) is int and node.bit_length() > _MAX_INT_BITS:
            return path, "holds an integer of more than 4,300 digits"
    return "", "is malformed"  # unreachable: _fits found a problem


def check_depth(value: Any, where: str, limit: int = MAX_DEPTH) -> None:
    """Refuse a value nested deeper than ``limit`` (detectors walk it; see ``MAX_DEPTH``) or
    holding an integer no detector could print."""
    found = nesting_error(value, limit)
    if found is not None:
        path, problem = found
        raise TurnError(f"{problem} (at {where}{path})", where or "input")


def typename(value: Any) -> str:
    """How a JSON value's type reads in an error message ("a number", "an array")."""
    return {
        type(None): "null",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def require_mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TurnError(f"must be a JSON object, got {typename(value)}", where or "turn")
    return value


def require_str(obj: Mapping[str, Any], key: str, where: str, required: bool = False) -> str:
    if key not in obj or obj[key] is None:
        if required:
            raise TurnError("is required", join(where, key))
        return ""
    value = obj[key]
    if not isinstance(value, str):
        raise TurnError(f"must be a string, got {typename(value)}", join(where, key))
    return value


def require_name(obj: Mapping[str, Any], key: str, where: str) -> str:
    """A required string with at least one non-space character (a name, an id)."""
    value = require_str(obj, key, where, required=True)
    if not value.strip():
        raise TurnError("must be a non-empty string", join(where, key))
    return value


def optional_str(obj: Mapping[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise TurnError(f"must be a string, got {typename(value)}", join(where, key))
    return value


def optional_list(obj: Mapping[str, Any], key: str) -> list[Any]:
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise TurnError(f"must be an array, got {typename(value)}", key)
    return value


def _no_constant(name: str) -> Any:
    # NaN and Infinity are not JSON (RFC 8259); Python's decoder accepts them, and a NaN in
    # the evidence would compare unequal to everything, including itself.
    raise TurnError(f"is not valid JSON: {name} is not a JSON number")


def _fast_decoder() -> tuple[Callable[[str | bytes], Any], tuple[type[BaseException], ...]] | None:
    """msgspec's decoder when installed (about twice as fast as json.loads on real turns:
    bench/decoding.py); None otherwise."""
    global _FAST
    if _FAST is None:
        try:
            import msgspec
        except ImportError:
            _FAST = False
        else:
            _FAST = (msgspec.json.decode, (msgspec.MsgspecError, RecursionError))
    return _FAST or None


_FAST: Any = None


def _decode(text: str | bytes) -> Any:
    fast = _fast_decoder()
    if fast is not None:
        decode, failures = fast
        try:
            return decode(text)
        except failures:
            # Whatever msgspec refuses, json decides: it accepts what JSON allows (lone
            # surrogates, UTF-16) and says where the text is broken by line and column.
            pass
    return json.loads(text, parse_constant=_no_constant)


def load_json(text: str | bytes, max_bytes: int = DEFAULT_MAX_INPUT_BYTES, source: str = "input") -> Any:
    """Decode JSON text with a size and a nesting limit; errors say where the text is broken."""
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > max_bytes:
        raise InputTooLargeError(
            f"{size} bytes is over the {max_bytes}-byte limit (raise it with --max-bytes)", source
        )
    try:
        value = _decode(text)
    except TurnError as exc:
        raise TurnError(exc.detail, source) from None
    except UnicodeDecodeError as exc:
        raise TurnError(f"is not UTF-8 text (byte {exc.start})", source) from None
    except json.JSONDecodeError as exc:
        raise TurnError(
            f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", source
        ) from None
    except RecursionError:
        detail = "is nested too deeply to decode (the JSON decoder stops near 1,000 levels)"
        raise TurnError(detail, source) from None
    except ValueError as exc:
        # Python refuses to convert integers of more than 4,300 digits (CVE-2020-10735).
        raise TurnError(f"cannot be decoded: {exc}".split(";")[0], source) from None
    found = nesting_error(value)
    if found is not None:
        path, problem = found
        raise TurnError(f"{problem} (at {path.lstrip('.') or 'the top'})", source)
    return value

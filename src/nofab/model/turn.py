"""The turn: what the agent was asked, what its tools returned, and what it answered.

A turn is plain data (frozen dataclasses) validated once at the boundary by
``Turn.from_dict`` / ``Turn.from_json``; everything downstream trusts it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, cast, get_args

from nofab.errors import InputTooLargeError, TurnError

Status = Literal["ok", "error", "empty", "blocked"]
SafetyTier = Literal["critical", "standard", "advisory"]
MatchKind = Literal["exact", "contains", "int", "number", "iso_ts", "record", "regex"]

STATUSES: frozenset[str] = frozenset(get_args(Status))
SAFETY_TIERS: frozenset[str] = frozenset(get_args(SafetyTier))
MATCH_KINDS: frozenset[str] = frozenset(get_args(MatchKind))

#: Default limit on the size of one serialised turn (bytes), overridable per call.
DEFAULT_MAX_INPUT_BYTES = 5 * 1024 * 1024

#: Error prefixes with which agent runtimes report that a guard, not the API, refused a call.
GUARD_BLOCK_PREFIXES: tuple[str, ...] = ("BLOCKED:", "DUPLICATE:", "DENIED:", "RATE_LIMITED:", "POLICY:")

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
                return json.loads(text)
            except ValueError:
                return value
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


def _infer_status(error: str | None, result: Any, block_prefixes: tuple[str, ...]) -> Status:
    if error:
        return "blocked" if error.lstrip().upper().startswith(block_prefixes) else "error"
    return "empty" if is_empty_result(result) else "ok"


@dataclass(frozen=True)
class ToolCall:
    """One tool call the agent made, with what came back."""

    name: str
    arguments: Any = None
    result: Any = None
    status: Status = "ok"
    error: str | None = None
    id: str = ""
    #: Made before the user's latest message: still evidence for ids and numbers, but not
    #: an action of this turn (a claim it grounds is reported at lower confidence).
    earlier: bool = False

    @cached_property
    def parsed_result(self) -> Any:
        """The result with JSON text parsed (computed on first use only)."""
        return parse_json_text(self.result)

    @cached_property
    def parsed_arguments(self) -> Any:
        """The arguments with JSON text parsed (computed on first use only)."""
        return parse_json_text(self.arguments)

    @property
    def failed(self) -> bool:
        """The tool ran and failed (an API error, not a guard refusal)."""
        return self.status == "error"

    @classmethod
    def from_dict(
        cls,
        data: Any,
        where: str = "tool_call",
        block_prefixes: tuple[str, ...] = GUARD_BLOCK_PREFIXES,
    ) -> ToolCall:
        obj = _require_mapping(data, where)
        name = _require_str(obj, "name", where, required=True)
        if not name.strip():
            raise TurnError("must be a non-empty string", f"{where}.name")
        error = _optional_str(obj, "error", where)
        result = obj.get("result")
        raw_status = obj.get("status")
        status: Status
        if raw_status is None:
            status = _infer_status(error, result, block_prefixes)
        elif not isinstance(raw_status, str) or raw_status not in STATUSES:
            raise TurnError(
                f"unknown status {raw_status!r}; expected one of {sorted(STATUSES)}",
                f"{where}.status",
            )
        else:
            status = cast(Status, raw_status)
        call_id = obj.get("id", "")
        if call_id is None:
            call_id = ""
        if not isinstance(call_id, (str, int)) or isinstance(call_id, bool):
            raise TurnError(f"must be a string, got {typename(call_id)}", f"{where}.id")
        earlier = obj.get("earlier", False)
        if not isinstance(earlier, bool):
            raise TurnError(f"must be true or false, got {typename(earlier)}", f"{where}.earlier")
        return cls(
            name=name,
            arguments=obj.get("arguments"),
            result=result,
            status=status,
            error=error,
            id=str(call_id),
            earlier=earlier,
        )


@dataclass(frozen=True)
class PendingCall:
    """A tool call the agent wants to make next, checked before it is dispatched."""

    name: str
    arguments: Any = None
    safety_tier: SafetyTier = "standard"

    @classmethod
    def from_dict(cls, data: Any, where: str = "pending_call") -> PendingCall:
        obj = _require_mapping(data, where)
        name = _require_str(obj, "name", where, required=True)
        tier = obj.get("safety_tier", "standard")
        if tier not in SAFETY_TIERS:
            raise TurnError(
                f"unknown safety tier {tier!r}; expected one of {sorted(SAFETY_TIERS)}",
                f"{where}.safety_tier",
            )
        return cls(name=name, arguments=obj.get("arguments"), safety_tier=cast(SafetyTier, tier))


@dataclass(frozen=True)
class PriorToolUse:
    """A tool use from an earlier turn (used to recognise confessions about it)."""

    name: str
    job_id: str = ""

    @classmethod
    def from_dict(cls, data: Any, where: str = "prior_tool_use") -> PriorToolUse:
        obj = _require_mapping(data, where)
        return cls(
            name=_require_str(obj, "name", where, required=True),
            job_id=_optional_str(obj, "job_id", where) or "",
        )


@dataclass(frozen=True)
class ToolDef:
    """A tool the agent could call, as the transcript defines it (name, description, JSON
    Schema of its parameters). Detectors read a tool's capabilities from it; it is never
    evidence that the tool ran."""

    name: str
    description: str = ""
    parameters: Any = None

    @classmethod
    def from_dict(cls, data: Any, where: str = "tool") -> ToolDef:
        obj = _require_mapping(data, where)
        name = _require_str(obj, "name", where, required=True)
        if not name.strip():
            raise TurnError("must be a non-empty string", f"{where}.name")
        return cls(
            name=name,
            description=_optional_str(obj, "description", where) or "",
            parameters=obj.get("parameters"),
        )


@dataclass(frozen=True)
class UserIntent:
    """The caller's own classification of the user's request (e.g. from its intent model):
    ``label`` such as ``"action"`` or ``"question"``, ``confidence`` in [0, 1]."""

    label: str
    confidence: float = 1.0

    @classmethod
    def from_dict(cls, data: Any, where: str = "user_intent") -> UserIntent:
        obj = _require_mapping(data, where)
        label = _require_str(obj, "label", where, required=True)
        confidence = obj.get("confidence", 1.0)
        if (
            not isinstance(confidence, (int, float))
            or isinstance(confidence, bool)
            or not 0.0 <= float(confidence) <= 1.0
        ):
            raise TurnError("must be a number between 0 and 1", f"{where}.confidence")
        return cls(label=label, confidence=float(confidence))


Tier = Literal["confirmed", "inferred", "hypothesis"]
TIERS: tuple[str, ...] = get_args(Tier)


@dataclass(frozen=True)
class AssertedValue:
    """A structured value the answer declares it read from a tool's output.

    ``path`` points into the output of the tool call ``tool_call_id`` (see
    ``nofab.fidelity.path``); ``match`` says how ``expected`` is compared (see
    ``nofab.fidelity.matchers``); ``count`` claims the value appears that many times.
    ``claim`` ties the value to a declared claim (and so to its tier). With
    ``expectation`` set the polarity is inverted: a prediction, refuted only when the path
    is present and every value there conflicts (checked when the profile opts in).
    """

    tool_call_id: str
    path: str
    expected: Any
    match: MatchKind = "exact"
    count: int | None = None
    claim: str = ""
    expectation: bool = False

    @classmethod
    def from_dict(cls, data: Any, where: str = "asserted_value") -> AssertedValue:
        # Imported here: the fidelity modules use nofab.language.text, which imports this module.
        from nofab.fidelity.path import PathError
        from nofab.fidelity.path import parse as parse_path
        from nofab.fidelity.values import MatchError
        from nofab.fidelity.values import validate as validate_expected

        obj = _require_mapping(data, where)
        match = obj.get("match", "exact")
        if match not in MATCH_KINDS:
            raise TurnError(
                f"unknown match kind {match!r}; expected one of {sorted(MATCH_KINDS)}",
                f"{where}.match",
            )
        if "expected" not in obj:
            raise TurnError("is required", f"{where}.expected")
        count = obj.get("count")
        if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 1):
            raise TurnError("must be a positive integer", f"{where}.count")
        expectation = obj.get("expectation", False)
        if not isinstance(expectation, bool):
            raise TurnError(f"must be true or false, got {typename(expectation)}", f"{where}.expectation")
        if expectation and count is not None:
            raise TurnError("is not allowed on an expectation (a prediction of one value)", f"{where}.count")
        path = _require_str(obj, "path", where, required=True)
        try:
            parse_path(path)
        except PathError as exc:
            raise TurnError(f"malformed path {path!r}: {exc}", f"{where}.path") from None
        try:
            validate_expected(match, obj["expected"])
        except MatchError as exc:
            raise TurnError(str(exc), f"{where}.expected") from None
        return cls(
            tool_call_id=_require_str(obj, "tool_call_id", where, required=True),
            path=path,
            expected=obj["expected"],
            match=cast(MatchKind, match),
            count=count,
            claim=_optional_str(obj, "claim", where) or "",
            expectation=expectation,
        )


@dataclass(frozen=True)
class DeclaredClaim:
    """A claim the answer makes, with how sure it says it is.

    ``confirmed``: one tool-backed fact (must declare values when the profile requires it);
    ``inferred``: built from other facts (declares values or the confirmed claims it is
    ``derived_from``); ``hypothesis``: a lead, exempt from declaring anything.
    """

    id: str
    tier: Tier = "confirmed"
    derived_from: tuple[str, ...] = ()
    text: str = ""

    @classmethod
    def from_dict(cls, data: Any, where: str = "declared_claim") -> DeclaredClaim:
        obj = _require_mapping(data, where)
        claim_id = _require_str(obj, "id", where, required=True)
        if not claim_id.strip():
            raise TurnError("must be a non-empty string", f"{where}.id")
        tier = obj.get("tier", "confirmed")
        if tier not in TIERS:
            raise TurnError(f"unknown tier {tier!r}; expected one of {list(TIERS)}", f"{where}.tier")
        derived = obj.get("derived_from") or []
        if not isinstance(derived, list) or not all(isinstance(d, str) and d for d in derived):
            raise TurnError("must be a list of claim ids", f"{where}.derived_from")
        return cls(
            id=claim_id,
            tier=cast(Tier, tier),
            derived_from=tuple(derived),
            text=_optional_str(obj, "text", where) or "",
        )


def _declared(obj: Mapping[str, Any]) -> tuple[tuple[DeclaredClaim, ...], tuple[AssertedValue, ...]]:
    claims = tuple(
        DeclaredClaim.from_dict(item, f"declared_claims[{i}]")
        for i, item in enumerate(_optional_list(obj, "declared_claims"))
    )
    ids: dict[str, int] = {}
    for i, claim in enumerate(claims):
        if claim.id in ids:
            raise TurnError(
                f"duplicate claim id {claim.id!r} (also declared_claims[{ids[claim.id]}])",
                f"declared_claims[{i}].id",
            )
        ids[claim.id] = i
    for i, claim in enumerate(claims):
        for j, ref in enumerate(claim.derived_from):
            where = f"declared_claims[{i}].derived_from[{j}]"
            if ref not in ids:
                raise TurnError(f"names no declared claim: {ref!r}", where)
            if ref == claim.id:
                raise TurnError("a claim cannot derive from itself", where)
    values = tuple(
        AssertedValue.from_dict(item, f"asserted_values[{i}]")
        for i, item in enumerate(_optional_list(obj, "asserted_values"))
    )
    for i, value in enumerate(values):
        if value.claim and value.claim not in ids:
            raise TurnError(f"names no declared claim: {value.claim!r}", f"asserted_values[{i}].claim")
    return claims, values


@dataclass(frozen=True)
class Turn:
    """One agent turn: the answer and everything that could ground it."""

    response: str
    user_message: str = ""
    context: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    prior_tool_uses: tuple[PriorToolUse, ...] = ()
    asserted_values: tuple[AssertedValue, ...] = ()
    pending_call: PendingCall | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    declared_claims: tuple[DeclaredClaim, ...] = ()
    #: The definitions of the tools the agent could call, when the transcript carries them.
    tools: tuple[ToolDef, ...] = ()
    #: The caller's own classification of the user's request, when it has one.
    user_intent: UserIntent | None = None

    def with_response(self, response: str) -> Turn:
        """The same turn with another answer (used by the revise loop)."""
        return Turn(
            response=response,
            user_message=self.user_message,
            context=self.context,
            tool_calls=self.tool_calls,
            prior_tool_uses=self.prior_tool_uses,
            asserted_values=self.asserted_values,
            pending_call=self.pending_call,
            metadata=self.metadata,
            declared_claims=self.declared_claims,
            tools=self.tools,
            user_intent=self.user_intent,
        )

    @classmethod
    def from_dict(cls, data: Any, block_prefixes: tuple[str, ...] = GUARD_BLOCK_PREFIXES) -> Turn:
        """Validate a decoded JSON object and build a turn; raises ``TurnError`` naming the field."""
        obj = _require_mapping(data, "")
        if "response" not in obj:
            raise TurnError("is required (the agent's answer, a string)", "response")
        response = obj["response"]
        if not isinstance(response, str):
            raise TurnError(f"must be a string, got {typename(response)}", "response")
        declared_claims, asserted_values = _declared(obj)
        return cls(
            response=response,
            user_message=_optional_str(obj, "user_message", "") or "",
            context=_context_text(obj.get("context"), "context"),
            tool_calls=tuple(
                ToolCall.from_dict(item, f"tool_calls[{i}]", block_prefixes)
                for i, item in enumerate(_optional_list(obj, "tool_calls"))
            ),
            prior_tool_uses=tuple(
                PriorToolUse.from_dict(item, f"prior_tool_uses[{i}]")
                for i, item in enumerate(_optional_list(obj, "prior_tool_uses"))
            ),
            asserted_values=asserted_values,
            pending_call=(
                PendingCall.from_dict(obj["pending_call"]) if obj.get("pending_call") is not None else None
            ),
            metadata=_require_mapping(obj.get("metadata") or {}, "metadata"),
            declared_claims=declared_claims,
            tools=tuple(
                ToolDef.from_dict(item, f"tools[{i}]") for i, item in enumerate(_optional_list(obj, "tools"))
            ),
            user_intent=(
                UserIntent.from_dict(obj["user_intent"]) if obj.get("user_intent") is not None else None
            ),
        )

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
        source: str = "input",
    ) -> Turn:
        """Parse JSON text into a turn, enforcing the size limit first."""
        return cls.from_dict(load_json(text, max_bytes=max_bytes, source=source))


def load_json(text: str | bytes, max_bytes: int = DEFAULT_MAX_INPUT_BYTES, source: str = "input") -> Any:
    """Decode JSON text with a size limit; errors say where the text is broken."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > max_bytes:
        raise InputTooLargeError(
            f"{size} bytes is over the {max_bytes}-byte limit (raise it with --max-bytes)", source
        )
    try:
        return json.loads(text)
    except UnicodeDecodeError as exc:
        raise TurnError(f"is not UTF-8 text (byte {exc.start})", source) from None
    except json.JSONDecodeError as exc:
        raise TurnError(
            f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", source
        ) from None
    except RecursionError:
        raise TurnError("is nested too deeply to decode (more than ~1000 levels)", source) from None


def _context_text(value: Any, where: str) -> str:
    # Context is documented as text; a list of passages is accepted and joined so that
    # retrieval pipelines can pass what they retrieved as it is.
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n\n".join(value)
    raise TurnError(f"must be a string or a list of strings, got {typename(value)}", where)


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


def _require_mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TurnError(f"must be a JSON object, got {typename(value)}", where or "turn")
    return value


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _require_str(obj: Mapping[str, Any], key: str, where: str, required: bool = False) -> str:
    if key not in obj or obj[key] is None:
        if required:
            raise TurnError("is required", _join(where, key))
        return ""
    value = obj[key]
    if not isinstance(value, str):
        raise TurnError(f"must be a string, got {typename(value)}", _join(where, key))
    return value


def _optional_str(obj: Mapping[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise TurnError(f"must be a string, got {typename(value)}", _join(where, key))
    return value


def _optional_list(obj: Mapping[str, Any], key: str) -> list[Any]:
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise TurnError(f"must be an array, got {typename(value)}", key)
    return value

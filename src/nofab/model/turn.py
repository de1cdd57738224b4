"""The turn: what the agent was asked, what its tools returned, and what it answered.

A turn is plain data (frozen dataclasses) validated once at the boundary by
``Turn.from_dict`` / ``Turn.from_json``; everything downstream trusts it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, cast, get_args

from nofab.errors import TurnError
from nofab.model.declared import (
    MATCH_KINDS,
    TIERS,
    AssertedValue,
    DeclaredClaim,
    MatchKind,
    Tier,
    declared,
)
from nofab.model.failures import reports_failure, reports_failure_text
from nofab.model.fields import (
    DEFAULT_MAX_INPUT_BYTES,
    check_depth,
    check_keys,
    load_json,
    optional_list,
    optional_str,
    require_mapping,
    require_name,
    require_str,
    typename,
)
from nofab.model.resulttext import is_empty_result, parse_json_text
from nofab.model.schema import KEYS

__all__ = [
    "DEFAULT_MAX_INPUT_BYTES",
    "GUARD_BLOCK_PREFIXES",
    "MATCH_KINDS",
    "SAFETY_TIERS",
    "STATUSES",
    "TIERS",
    "AssertedValue",
    "DeclaredClaim",
    "MatchKind",
    "PendingCall",
    "PriorToolUse",
    "SafetyTier",
    "Status",
    "Tier",
    "ToolCall",
    "ToolDef",
    "Turn",
    "UserIntent",
    "is_empty_result",
    "load_json",
    "parse_json_text",
    "typename",
]

Status = Literal["ok", "error", "empty", "blocked"]
SafetyTier = Literal["critical", "standard", "advisory"]

STATUSES: frozenset[str] = frozenset(get_args(Status))
SAFETY_TIERS: frozenset[str] = frozenset(get_args(SafetyTier))


#: Error prefixes with which agent runtimes report that a guard, not the API, refused a call.
GUARD_BLOCK_PREFIXES: tuple[str, ...] = ("BLOCKED:", "DUPLICATE:", "DENIED:", "RATE_LIMITED:", "POLICY:")


def _infer_status(error: str | None, result: Any, block_prefixes: tuple[str, ...]) -> Status:
    if error:
        return "blocked" if error.lstrip().upper().startswith(block_prefixes) else "error"
    if is_empty_result(result):
        return "empty"
    return "error" if reports_failure(result) or reports_failure_text(result) else "ok"


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
        obj = require_mapping(data, where)
        check_keys(obj, KEYS["tool_call"], where)
        name = require_name(obj, "name", where)
        error = optional_str(obj, "error", where)
        result = obj.get("result")
        check_depth(result, f"{where}.result")
        check_depth(obj.get("arguments"), f"{where}.arguments")
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
        obj = require_mapping(data, where)
        check_keys(obj, KEYS["pending_call"], where)
        name = require_str(obj, "name", where, required=True)
        check_depth(obj.get("arguments"), f"{where}.arguments")
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
        obj = require_mapping(data, where)
        check_keys(obj, KEYS["prior_tool_use"], where)
        return cls(
            name=require_str(obj, "name", where, required=True),
            job_id=optional_str(obj, "job_id", where) or "",
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
        obj = require_mapping(data, where)
        check_keys(obj, KEYS["tool"], where)
        name = require_name(obj, "name", where)
        check_depth(obj.get("parameters"), f"{where}.parameters")
        return cls(
            name=name,
            description=optional_str(obj, "description", where) or "",
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
        obj = require_mapping(data, where)
        check_keys(obj, KEYS["user_intent"], where)
        label = require_str(obj, "label", where, required=True)
        confidence = obj.get("confidence", 1.0)
        if (
            not isinstance(confidence, (int, float))
            or isinstance(confidence, bool)
            or not 0.0 <= float(confidence) <= 1.0
        ):
            raise TurnError("must be a number between 0 and 1", f"{where}.confidence")
        return cls(label=label, confidence=float(confidence))


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
    #: The agent's own earlier answers in this conversation, oldest first. Never evidence for
    #: a claim: only a number repeated unchanged from an answer the evidence explained.
    earlier_answers: tuple[str, ...] = ()
    #: The user's earlier messages in this conversation, oldest first (the transcript adapters
    #: also join them into ``context``): what the user asked for turns ago ("push my flight back
    #: by one day") still explains the answer, where a system prompt's words would not.
    earlier_user_messages: tuple[str, ...] = ()

    @property
    def user_messages(self) -> tuple[str, ...]:
        """Every user message of the conversation known to the turn, oldest first."""
        if not self.earlier_user_messages:
            return (self.user_message,) if self.user_message else ()
        return (*self.earlier_user_messages, *((self.user_message,) if self.user_message else ()))

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
            earlier_answers=self.earlier_answers,
            earlier_user_messages=self.earlier_user_messages,
        )

    @classmethod
    def from_dict(cls, data: Any, block_prefixes: tuple[str, ...] = GUARD_BLOCK_PREFIXES) -> Turn:
        """Validate a decoded JSON object and build a turn; raises ``TurnError`` naming the field."""
        obj = require_mapping(data, "")
        check_keys(obj, KEYS["turn"], "")
        if "response" not in obj:
            raise TurnError("is required (the agent's answer, a string)", "response")
        response = obj["response"]
        if not isinstance(response, str):
            raise TurnError(f"must be a string, got {typename(response)}", "response")
        declared_claims, asserted_values = declared(obj)
        return cls(
            response=response,
            user_message=optional_str(obj, "user_message", "") or "",
            context=_context_text(obj.get("context"), "context"),
            tool_calls=tuple(
                ToolCall.from_dict(item, f"tool_calls[{i}]", block_prefixes)
                for i, item in enumerate(optional_list(obj, "tool_calls"))
            ),
            prior_tool_uses=tuple(
                PriorToolUse.from_dict(item, f"prior_tool_uses[{i}]")
                for i, item in enumerate(optional_list(obj, "prior_tool_uses"))
            ),
            asserted_values=asserted_values,
            pending_call=(
                PendingCall.from_dict(obj["pending_call"]) if obj.get("pending_call") is not None else None
            ),
            metadata=_metadata(obj.get("metadata")),
            declared_claims=declared_claims,
            tools=tuple(
                ToolDef.from_dict(item, f"tools[{i}]") for i, item in enumerate(optional_list(obj, "tools"))
            ),
            user_intent=(
                UserIntent.from_dict(obj["user_intent"]) if obj.get("user_intent") is not None else None
            ),
            earlier_answers=tuple(
                _text(t, f"earlier_answers[{i}]") for i, t in enumerate(optional_list(obj, "earlier_answers"))
            ),
            earlier_user_messages=tuple(
                _text(t, f"earlier_user_messages[{i}]")
                for i, t in enumerate(optional_list(obj, "earlier_user_messages"))
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


def _metadata(value: Any) -> Mapping[str, Any]:
    if value is None:
        return {}
    check_depth(require_mapping(value, "metadata"), "metadata")
    return cast(Mapping[str, Any], value)


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


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise TurnError(f"must be a string, got {typename(value)}", where)
    return value

"""Tool-argument provenance, checked before a call is dispatched.

When the agent is about to call a tool, every argument value that looks like a URL, an
email address, a file path, an account number or an identifier must have come from
somewhere: an earlier tool result, the context, or the user's message. One that appears in
none of them was made up by the model (``argument_without_provenance``). What happens next
depends on the tool's ``safety_tier``, set once by the tool's author:

============  ==========  ==========================================================
tier          route       meaning
============  ==========  ==========================================================
critical      halt        dispatch is stopped; unrecoverable, no user override
standard      approval    ask the user, showing the suspect argument and the reason
advisory      observe     reported for observability only; the call goes ahead
============  ==========  ==========================================================

A call with no suspect argument is routed ``dispatch``.

``nofab.check_call(pending_call, turn)`` returns a ``CallVerdict``; ``nofab check`` on a turn
with a ``pending_call`` reports the same routing under ``pending_call`` in the verdict.

Coverage (for CI): ``coverage(tools)`` lists the tools marked critical that no argument
check reaches — a critical tool none of whose parameters is URL-, email-, path-, account- or
id-shaped by name or JSON-schema format, and none listed for it in
``profile.rules["arguments"]["parameters"]`` — because such a tool would silently bypass the
halt. ``assert_critical_tools_covered(tools)`` raises ``AssertionError`` for use in pytest;
``nofab coverage TOOLS.json`` exits 1 for use in any CI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, cast

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.errors import InputError, ProfileError
from nofab.language.text import find_token, fold, value_text
from nofab.model.finding import Finding, severity_for
from nofab.model.turn import SAFETY_TIERS, PendingCall, SafetyTier, Turn, parse_json_text

Route = Literal["dispatch", "halt", "approval", "observe"]
Shape = Literal["url", "email", "path", "account", "id"]

DETECTOR_ID = "arguments"
#: Finding confidence per shape of value (a URL from nowhere is the classic case).
CONFIDENCE: Mapping[str, float] = {"url": 0.9, "email": 0.9, "account": 0.85, "path": 0.8, "id": 0.8}
#: Advisory tools are observed only, so their findings stay below any usual threshold.
CONFIDENCE_ADVISORY = 0.5
ROUTES: Mapping[str, Route] = {"critical": "halt", "standard": "approval", "advisory": "observe"}

_URL = re.compile(r"(?:https?|ftp)://\S+", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+\-]{1,64}@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){0,8}\.[A-Za-z]{2,24}")
_PATH = re.compile(
    r"(?:~|\.{1,2})?/[^\s/]+(?:/[^\s/]*)*|[A-Za-z]:\\\S+|[\w\-]{1,128}(?:/[\w\-]{1,128}){1,32}\.[A-Za-z]{1,5}"
)
_ACCOUNT = re.compile(r"\d+(?:[ \-]\d+)*")  # "4111 1111 1111", not "305 - 250"
_ACCOUNT_IN_TEXT = re.compile(r"(?<![\d\-])\d+(?:[ \-]\d+)*(?![\d\-])")
_IBAN = re.compile(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}")
_TOKEN = re.compile(r"[A-Za-z0-9][\w.\-:#]{2,63}")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+\-]\d{2}:?\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?")
_ID_NAME = re.compile(
    r"(?:^|_)(?:id|ids|uuid|guid|key|code|number|num|no|ref|reference|account|iban|url|uri|link|href|"
    r"email|path|file|filename|dir|directory)$|[a-z](?:Id|Ids|Url|Uri|Number|Code|Key|Path|Email)$",
)
_ID_FORMATS = frozenset({"uri", "url", "iri", "uri-reference", "email", "idn-email", "uuid"})


def _shape_of(key: str, value: str) -> Shape | None:
    """What kind of provenance-bearing value this is, or None for ordinary values."""
    text = value.strip()
    if not text or len(text) > 2048:
        return None
    if _URL.fullmatch(text):
        return "url"
    if _EMAIL.fullmatch(text):
        return "email"
    if _DATE.fullmatch(text):
        return None
    if (_ACCOUNT.fullmatch(text) and sum(c.isdigit() for c in text) >= 6) or _IBAN.fullmatch(text):
        return "account"
    if " " not in text and _PATH.fullmatch(text):
        return "path"
    if _TOKEN.fullmatch(text):
        has_digit = any(c.isdigit() for c in text)
        has_alpha = any(c.isalpha() for c in text)
        if (has_digit and has_alpha and len(text) >= 4) or _ID_NAME.search(key):
            return "id"
    return None


def _walk(value: Any, path: str) -> Iterator[tuple[str, str, str]]:
    """(path, last key, text) of each scalar argument value."""
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}[{i}]")
    elif isinstance(value, str):
        yield path, path.rsplit(".", 1)[-1].split("[", 1)[0], value
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 100000:
        yield path, path.rsplit(".", 1)[-1].split("[", 1)[0], str(value)


@dataclass(frozen=True, slots=True)
class SuspectArgument:
    """An argument value with no provenance."""

    argument: str  # path into the arguments: "url", "items[0].id"
    value: str
    shape: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"argument": self.argument, "value": self.value, "shape": self.shape, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """What to do with a pending tool call."""

    tool: str
    safety_tier: SafetyTier
    route: Route
    suspects: tuple[SuspectArgument, ...] = ()
    findings: tuple[Finding, ...] = ()

    @property
    def recoverable(self) -> bool:
        """False only for a halt: the operator's policy, which no user action overrides."""
        return self.route != "halt"

    @property
    def dispatch(self) -> bool:
        """May the call go ahead without asking anyone?"""
        return self.route in ("dispatch", "observe")

    def to_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "safety_tier": self.safety_tier,
            "route": self.route,
            "recoverable": self.recoverable,
            "suspects": [s.to_dict() for s in self.suspects],
        }


class Provenance:
    """Where argument values may come from, for one turn."""

    def __init__(self, turn: Turn, profile: Profile) -> None:
        texts = [turn.user_message, turn.context, *profile.allowlist]
        for call in turn.tool_calls:
            # Results and errors only: an earlier call's arguments came from the model too.
            if call.result is not None:
                texts.append(value_text(call.result))
            if call.error:
                texts.append(call.error)
        texts.extend(p.job_id for p in turn.prior_tool_uses if p.job_id)
        self.folded = fold("\n\u241e\n".join(t for t in texts if t))

    def has(self, value: str, shape: str) -> bool:
        needle = fold(value.strip())
        if shape in ("url", "path"):
            return needle.rstrip("/") in self.folded
        if find_token(self.folded, needle) != -1:
            return True
        if shape == "account":
            # "4111-2222-3333" is the account the user wrote as "4111 2222 3333".
            return re.sub(r"[ \-]", "", needle) in self.account_digits
        return False

    @cached_property
    def account_digits(self) -> frozenset[str]:
        return frozenset(re.sub(r"[ \-]", "", m.group(0)) for m in _ACCOUNT_IN_TEXT.finditer(self.folded))


def suspects(pending: PendingCall, turn: Turn, profile: Profile | None = None) -> list[SuspectArgument]:
    """Argument values of ``pending`` with no provenance in ``turn``."""
    profile = profile or Profile()
    rules = ArgumentRules(profile)
    source = Provenance(turn, profile)
    forced = set(rules.parameters.get(pending.name, ()))
    out: list[SuspectArgument] = []
    for path, key, text in _walk(_parsed(pending.arguments), ""):
        if key in rules.ignore:
            continue
        shape = _shape_of(key, text)
        if shape is None and (key in forced or path in forced) and text.strip():
            shape = "id"
        if shape is None or source.has(text, shape):
            continue
        out.append(
            SuspectArgument(
                argument=path,
                value=text,
                shape=shape,
                reason=f"{_NAMES[shape]} {text!r} for {pending.name}({path}) appears in no earlier "
                "tool result, context or user message",
            )
        )
    return out


_NAMES = {"url": "URL", "email": "email address", "path": "path", "account": "account number", "id": "id"}


def _parsed(arguments: Any) -> Any:
    return parse_json_text(arguments)


def finding_for(pending: PendingCall, suspect: SuspectArgument) -> Finding:
    confidence = CONFIDENCE[suspect.shape]
    if pending.safety_tier == "advisory":
        confidence = min(confidence, CONFIDENCE_ADVISORY)
    route = ROUTES[pending.safety_tier]
    return Finding(
        kind="argument_without_provenance",
        detector=DETECTOR_ID,
        identifier=suspect.value,
        confidence=confidence,
        severity=severity_for(confidence),
        span=(0, 0),
        reason=f"{suspect.reason}; {pending.safety_tier} tool, so the call is routed to {route}",
        evidence={
            "tool": pending.name,
            "argument": suspect.argument,
            "shape": suspect.shape,
            "safety_tier": pending.safety_tier,
            "route": route,
        },
    )


def route_for(tier: str, suspicious: bool) -> Route:
    return ROUTES[tier] if suspicious else "dispatch"


def check_call(
    pending_call: PendingCall | Mapping[str, Any],
    turn: Turn | Mapping[str, Any],
    profile: Profile | None = None,
) -> CallVerdict:
    """Check a tool call before dispatch; the verdict says whether to halt, ask or go."""
    pending = pending_call if isinstance(pending_call, PendingCall) else PendingCall.from_dict(pending_call)
    if not isinstance(turn, Turn):
        turn = Turn.from_dict({"response": "", **turn})
    found = suspects(pending, turn, profile)
    return CallVerdict(
        tool=pending.name,
        safety_tier=pending.safety_tier,
        route=route_for(pending.safety_tier, bool(found)),
        suspects=tuple(found),
        findings=tuple(finding_for(pending, s) for s in found),
    )


class ArgumentRules:
    """``profile.rules["arguments"]``: ``parameters`` (tool -> parameter names always
    checked, whatever their value looks like) and ``ignore`` (parameter names never checked)."""

    def __init__(self, profile: Profile) -> None:
        rules = Rules(profile, DETECTOR_ID, ("parameters", "ignore"))
        raw = rules.data.get("parameters", {})
        if not isinstance(raw, Mapping):
            raise ProfileError("must be a table of tool -> parameter names", f"{rules.where}.parameters")
        self.parameters: dict[str, tuple[str, ...]] = {}
        for tool, names in raw.items():
            if isinstance(names, str) or not isinstance(names, (list, tuple)):
                raise ProfileError("must be a list of parameter names", f"{rules.where}.parameters.{tool}")
            self.parameters[str(tool)] = tuple(str(n) for n in names)
        self.ignore = frozenset(rules.strings("ignore"))


# ---------------------------------------------------------------------- coverage
@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool definition as far as coverage cares: its name, tier and parameters."""

    name: str
    safety_tier: SafetyTier
    parameters: tuple[str, ...] = ()
    formats: Mapping[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Coverage:
    """Which tools the argument check reaches; ``gaps`` are critical tools it does not."""

    covered: Mapping[str, tuple[str, ...]]  # tool -> the parameters that are checked
    gaps: tuple[str, ...]
    tiers: Mapping[str, str]

    @property
    def ok(self) -> bool:
        return not self.gaps

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "gaps": list(self.gaps),
            "tools": [
                {"name": name, "safety_tier": tier, "checked_parameters": list(self.covered.get(name, ()))}
                for name, tier in self.tiers.items()
            ],
        }


def parse_tools(data: Any, where: str = "tools") -> list[ToolSpec]:
    """Tool definitions from a list (or ``{"tools": [...]}``) of objects, each either
    ``{"name", "safety_tier", "parameters"}`` or OpenAI's ``{"type": "function", "function":
    {...}}`` with ``safety_tier`` beside or inside ``function``; ``parameters`` is a JSON
    schema object or a list of names. A tool without a tier is ``standard``."""
    if isinstance(data, Mapping) and "tools" in data:
        data = data["tools"]
    if not isinstance(data, list):
        raise InputError("must be a list of tool definitions", where)
    specs: list[ToolSpec] = []
    for i, item in enumerate(data):
        at = f"{where}[{i}]"
        if not isinstance(item, Mapping):
            raise InputError("must be an object", at)
        body = item.get("function") if isinstance(item.get("function"), Mapping) else item
        assert isinstance(body, Mapping)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InputError("needs a non-empty string 'name'", at)
        tier = item.get("safety_tier", body.get("safety_tier", "standard"))
        if tier not in SAFETY_TIERS:
            raise InputError(f"unknown safety tier {tier!r}; expected one of {sorted(SAFETY_TIERS)}", at)
        params = body.get("parameters", ())
        formats: dict[str, str] = {}
        if isinstance(params, Mapping):
            props = params.get("properties", {})
            if not isinstance(props, Mapping):
                raise InputError("parameters.properties must be an object", at)
            names = tuple(str(k) for k in props)
            formats = {
                str(k): str(v.get("format"))
                for k, v in props.items()
                if isinstance(v, Mapping) and v.get("format")
            }
        elif isinstance(params, (list, tuple)) and all(isinstance(p, str) for p in params):
            names = tuple(params)
        else:
            raise InputError("parameters must be a JSON schema object or a list of names", at)
        specs.append(ToolSpec(name, cast(SafetyTier, tier), names, formats))
    return specs


def coverage(
    tools: Iterable[ToolSpec] | Sequence[Mapping[str, Any]], profile: Profile | None = None
) -> Coverage:
    """Which parameters of each tool the argument check inspects, and the critical tools
    with none (the gaps CI must fail on)."""
    items = list(tools)
    specs = [t for t in items if isinstance(t, ToolSpec)]
    if len(specs) != len(items):
        specs = parse_tools(items)
    rules = ArgumentRules(profile or Profile())
    covered: dict[str, tuple[str, ...]] = {}
    tiers: dict[str, str] = {}
    gaps: list[str] = []
    for spec in specs:
        forced = rules.parameters.get(spec.name, ())
        checked = tuple(
            p
            for p in spec.parameters
            if p not in rules.ignore
            and (p in forced or _ID_NAME.search(p) or (spec.formats or {}).get(p, "") in _ID_FORMATS)
        )
        checked += tuple(p for p in forced if p not in checked)
        covered[spec.name] = checked
        tiers[spec.name] = spec.safety_tier
        if spec.safety_tier == "critical" and not checked:
            gaps.append(spec.name)
    return Coverage(covered, tuple(gaps), tiers)


def assert_critical_tools_covered(
    tools: Iterable[ToolSpec] | Sequence[Mapping[str, Any]], profile: Profile | None = None
) -> None:
    """Raise ``AssertionError`` naming every critical tool the argument check cannot reach
    (call it from a test in your CI)."""
    report = coverage(tools, profile)
    if report.gaps:
        raise AssertionError(
            "critical tools not covered by an argument check: "
            + ", ".join(report.gaps)
            + " (name a parameter in profile rules.arguments.parameters.<tool>, or give it a "
            "URL/email/path/id-shaped name or JSON-schema format)"
        )

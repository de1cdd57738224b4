"""nofab: catch fabrication in LLM agent answers, deterministically.

>>> import nofab
>>> verdict = nofab.check({"response": "Done, I sent it (task_id=9f2b1e47aa).", "tool_calls": []})
>>> sorted({f.kind for f in verdict.findings})
['kv', 'verb_claim']
"""

from typing import TYPE_CHECKING, Any

from nofab.errors import (
    DetectorFailedError,
    InputError,
    InputTooLargeError,
    NofabError,
    PolicyError,
    ProfileError,
    TurnError,
    UsageError,
)
from nofab.events import DetectorErrorEvent, FabricationDetectedEvent
from nofab.finding import KINDS, Finding
from nofab.guard import Guard, check
from nofab.policy import Policy, Profile
from nofab.session import SessionTracker
from nofab.turn import AssertedValue, PendingCall, PriorToolUse, ToolCall, ToolDef, Turn, UserIntent
from nofab.verdict import DetectorError, RevisionRound, Verdict

__version__ = "0.1.0"

if TYPE_CHECKING:
    from nofab.provenance import CallVerdict, check_call


def __getattr__(name: str) -> Any:
    # Tool-argument provenance loads the detectors package: only when it is first used,
    # so that `import nofab` stays light.
    if name in ("CallVerdict", "check_call"):
        from nofab import provenance

        return getattr(provenance, name)
    raise AttributeError(f"module 'nofab' has no attribute {name!r}")


__all__ = [
    "KINDS",
    "AssertedValue",
    "CallVerdict",
    "DetectorError",
    "DetectorErrorEvent",
    "DetectorFailedError",
    "FabricationDetectedEvent",
    "Finding",
    "Guard",
    "InputError",
    "InputTooLargeError",
    "NofabError",
    "PendingCall",
    "Policy",
    "PolicyError",
    "PriorToolUse",
    "Profile",
    "ProfileError",
    "RevisionRound",
    "SessionTracker",
    "ToolCall",
    "ToolDef",
    "Turn",
    "TurnError",
    "UsageError",
    "UserIntent",
    "Verdict",
    "__version__",
    "check",
    "check_call",
]

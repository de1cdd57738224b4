"""nofab: catch fabrication in LLM agent answers, deterministically.

>>> import nofab
>>> verdict = nofab.check({"response": "Done, I sent it (task_id=9f2b1e47aa).", "tool_calls": []})
>>> sorted({f.kind for f in verdict.findings})
['kv', 'verb_claim']
"""

from typing import TYPE_CHECKING, Any

from nofab.config.policy import Policy, Profile
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
from nofab.model.events import DetectorErrorEvent, FabricationDetectedEvent
from nofab.model.finding import KINDS, Finding
from nofab.model.turn import AssertedValue, PendingCall, PriorToolUse, ToolCall, ToolDef, Turn, UserIntent
from nofab.model.verdict import DetectorError, RevisionRound, Verdict
from nofab.pipeline.assessment import Assessment, Ruling
from nofab.pipeline.guard import Guard, check
from nofab.pipeline.session import SessionTracker

__version__ = "0.1.0"

if TYPE_CHECKING:
    from nofab.pipeline.provenance import CallVerdict, check_call


def __getattr__(name: str) -> Any:
    # Tool-argument provenance loads the detectors package: only when it is first used,
    # so that `import nofab` stays light.
    if name in ("CallVerdict", "check_call"):
        from nofab.pipeline import provenance

        return getattr(provenance, name)
    raise AttributeError(f"module 'nofab' has no attribute {name!r}")


__all__ = [
    "KINDS",
    "AssertedValue",
    "Assessment",
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
    "Ruling",
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

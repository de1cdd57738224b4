"""The per-session tracker: what the guard wiped across the turns of one conversation.

The guard itself keeps no state between turns. A caller that wants escalation keeps one
``SessionTracker`` per conversation and passes it to every check::

    tracker = SessionTracker()
    verdict = guard.check(turn, session=tracker)
    if "phantom_wipe_escalation" in verdict.details:
        ...  # the model keeps citing the same tools that never ran: change strategy

When paragraphs citing the same phantom tool(s) are wiped twice or more in a session, the
verdict carries ``phantom_wipe_escalation``: ``{"overlapping_tools": [...],
"session_wipe_count": n}``. A tracker is safe to share between threads.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from nofab.model.verdict import Verdict

#: Escalate when the same phantom set has been wiped this many times in a session.
DEFAULT_ESCALATE_AT = 2


@dataclass(frozen=True, slots=True)
class Escalation:
    overlapping_tools: tuple[str, ...]
    session_wipe_count: int

    def to_dict(self) -> dict[str, object]:
        return {
            "overlapping_tools": list(self.overlapping_tools),
            "session_wipe_count": self.session_wipe_count,
        }


class SessionTracker:
    """Counts phantom-tool wipes across one conversation's turns."""

    def __init__(self, escalate_at: int = DEFAULT_ESCALATE_AT) -> None:
        if isinstance(escalate_at, bool) or not isinstance(escalate_at, int) or escalate_at < 1:
            raise ValueError(f"escalate_at must be a positive integer, got {escalate_at!r}")
        self.escalate_at = escalate_at
        self._wipes: list[frozenset[str]] = []
        self._lock = threading.Lock()

    @property
    def wipes(self) -> tuple[frozenset[str], ...]:
        """The phantom sets wiped so far, oldest first."""
        with self._lock:
            return tuple(self._wipes)

    def reset(self) -> None:
        with self._lock:
            self._wipes.clear()

    def record(self, phantoms: Iterable[str]) -> Escalation | None:
        """Record one wipe of these phantom tools; an escalation when earlier wipes in the
        session removed any of the same tools and the count reaches ``escalate_at``."""
        current = frozenset(phantoms)
        if not current:
            return None
        with self._lock:
            earlier = [w for w in self._wipes if w & current]
            self._wipes.append(current)
        count = len(earlier) + 1
        if count < self.escalate_at:
            return None
        overlap = current & frozenset().union(*earlier) if earlier else current
        return Escalation(tuple(sorted(overlap)), count)

    def observe(self, verdict: Verdict) -> Verdict:
        """Record the verdict's phantom wipe, if any; returns it, with the escalation added."""
        if verdict.action != "wiped":
            return verdict
        phantoms = [
            str(f.evidence.get("tool", f.identifier)) for f in verdict.blocking if f.kind == "phantom_tool"
        ]
        escalation = self.record(phantoms)
        if escalation is None:
            return verdict
        return dataclasses.replace(
            verdict,
            details={**verdict.details, "phantom_wipe_escalation": escalation.to_dict()},
            warnings=(
                *verdict.warnings,
                f"the same phantom tool(s) {', '.join(escalation.overlapping_tools)} were wiped "
                f"{escalation.session_wipe_count} times this session",
            ),
        )

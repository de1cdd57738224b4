"""Typed events, delivered to handlers the caller registers.

No event object is built when nobody listens: the guard asks ``EventBus.wants`` first.
A handler that raises is logged and ignored; it never breaks the turn.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from nofab.errors import UsageError

if TYPE_CHECKING:
    from nofab.model.verdict import Verdict

PREVIEW_CHARS = 240


@dataclass(frozen=True, slots=True)
class FabricationDetectedEvent:
    """A checked turn had at least one finding."""

    run_id: str
    mode: str
    action_taken: Literal["none", "observed", "flagged", "wiped", "revise_forced", "refuse_replaced"]
    findings: tuple[dict[str, Any], ...]
    refuse_threshold: float
    max_finding_confidence: float
    original_draft_preview: str
    replacement_preview: str | None
    preview_truncated: bool


@dataclass(frozen=True, slots=True)
class DetectorErrorEvent:
    """A detector raised while checking a turn (the turn went on without it)."""

    run_id: str
    detector: str
    error_type: str
    message: str


Event = FabricationDetectedEvent | DetectorErrorEvent
Handler = Callable[[Any], "Awaitable[None] | None"]

# Objects may subscribe by method name instead of passing a callable.
_METHODS: dict[type, str] = {
    FabricationDetectedEvent: "on_fabrication_detected",
    DetectorErrorEvent: "on_detector_error",
}


class EventBus:
    """Handlers by event type. Registration is copy-on-write, so checks on other threads
    always see a consistent tuple without taking a lock."""

    def __init__(self) -> None:
        self._handlers: dict[type, tuple[Handler, ...]] = {}

    def subscribe(self, handler: Any, event_type: type | None = None) -> None:
        """Register ``handler`` for ``event_type``; without a type, an object's
        ``on_fabrication_detected`` / ``on_detector_error`` methods are used, and a plain
        callable receives ``FabricationDetectedEvent``."""
        if event_type is not None:
            self._add(event_type, handler)
            return
        methods = [
            (etype, getattr(handler, name))
            for etype, name in _METHODS.items()
            if callable(getattr(handler, name, None))
        ]
        for etype, bound in methods:
            self._add(etype, bound)
        if methods:
            return
        if not callable(handler):
            raise UsageError(
                "an event handler must be callable or define on_fabrication_detected / on_detector_error"
            )
        self._add(FabricationDetectedEvent, handler)

    def _add(self, event_type: type, handler: Handler) -> None:
        handlers = dict(self._handlers)
        handlers[event_type] = (*handlers.get(event_type, ()), handler)
        self._handlers = handlers

    def wants(self, event_type: type) -> bool:
        return bool(self._handlers.get(event_type))

    def emit(self, event: Event) -> None:
        """Deliver synchronously; async handlers are scheduled on the running loop if
        there is one, or run to completion otherwise."""
        for handler in self._handlers.get(type(event), ()):
            try:
                result = handler(event)
                if isinstance(result, Awaitable):
                    _run_awaitable(result)
            except Exception:
                _log_failure(handler)

    async def aemit(self, event: Event) -> None:
        for handler in self._handlers.get(type(event), ()):
            try:
                result = handler(event)
                if isinstance(result, Awaitable):
                    await result
            except Exception:
                _log_failure(handler)


def _log_failure(handler: object) -> None:
    # logging is imported here, not at module load: `import nofab` stays light.
    import logging

    logging.getLogger("nofab").exception("nofab event handler %r failed; the turn goes on", handler)


def _run_awaitable(result: Awaitable[Any]) -> None:
    import asyncio

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(_await(result))
        return
    task = loop.create_task(_await(result))
    _PENDING.add(task)
    task.add_done_callback(_PENDING.discard)


_PENDING: set[Any] = set()  # tasks kept alive until done


async def _await(result: Awaitable[Any]) -> None:
    try:
        await result
    except Exception:
        _log_failure(result)


def preview(text: str) -> tuple[str, bool]:
    return text[:PREVIEW_CHARS], len(text) > PREVIEW_CHARS


def fabrication_event(
    draft: str, verdict: Verdict, run_id: str | None, redactor: Callable[[str], str] | None = None
) -> FabricationDetectedEvent:
    """The event of ``verdict`` on the answer ``draft``, its previews passed through ``redactor``."""
    preview_text, truncated = preview(draft)
    replaced = verdict.output != draft
    # A revised turn reports what the draft had: the final findings may be none at all.
    findings = verdict.rounds[0].draft_findings if verdict.rounds else verdict.findings
    payload = tuple(f.to_dict() for f in findings)
    replacement = preview(verdict.output)[0] if replaced else None
    if redactor is not None:
        from nofab.redaction import redact_finding  # only when the caller redacts

        payload = tuple(redact_finding(f, redactor) for f in payload)
        preview_text = redactor(preview_text)
        replacement = redactor(replacement) if replacement is not None else None
    return FabricationDetectedEvent(
        run_id=run_id or _new_run_id(),
        mode=verdict.mode,
        action_taken=verdict.action,
        findings=payload,
        refuse_threshold=verdict.threshold,
        max_finding_confidence=max((f.confidence for f in findings), default=0.0),
        original_draft_preview=preview_text,
        replacement_preview=replacement,
        preview_truncated=truncated,
    )


def _new_run_id() -> str:
    import uuid  # only when an event is built for a caller that gave no run id

    return uuid.uuid4().hex

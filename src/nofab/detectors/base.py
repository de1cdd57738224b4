"""The detector protocol: what a detector is, and what it may rely on.

A detector is built once per guard from the profile (``factory(profile) -> Detector``) and
then called for every turn with that turn's ``Evidence``. It must be pure: no I/O, no
clock, no randomness, no state kept between turns — the same evidence always yields the
same findings. Its ``id`` is permanent (labels and calibration are keyed by it).

Third-party detectors register a factory under the entry-point group ``nofab.detectors``::

    [project.entry-points."nofab.detectors"]
    order_ids = "my_package.detectors:OrderIdDetector"

What a detector reads from ``Evidence``:

- ``answer`` — the answer text (spans index this string), ``claims``, ``numerals``;
- ``turn`` — the validated turn: ``user_message``, ``context``, ``tool_calls`` (each with
  ``name``, ``arguments``, ``result``/``parsed_result``, ``status`` ok|error|empty|blocked,
  ``error``), ``prior_tool_uses``, ``asserted_values``, ``pending_call``;
- ``grounds(token)`` / ``where(token)`` — token-aware, case-insensitive grounding;
- ``numbers`` — every number, date and time of the evidence;
- ``profile`` — the domain vocabulary, including ``known_tools`` and ``rules[detector_id]``
  (per-detector settings that need no code: patterns, allow-lists, thresholds).

The context a tool-aware plugin needs, and where it lives:

- completed tools with their status — ``evidence.turn.tool_calls``, and the partition
  ``nofab.evidence.toolstatus.status_for(evidence)``: ``ok``, ``api_failed``, ``guard_blocked``
  (refusals such as ``BLOCKED:``; never counted as failures), ``empty``, ``unavailable``,
  ``failure_ratio`` — computed once per turn and shared;
- the answer — ``evidence.answer``; the user's text — ``evidence.turn.user_message``;
- the known tools — ``evidence.profile.known_tools`` and ``tool_aliases``;
- its own settings — ``evidence.profile.rules[self.id]``, read through ``nofab.config.rules.Rules``
  at construction, which raises ``ProfileError`` naming the bad key.

A plugin returns ``Finding`` objects with a ``severity`` (``low``/``medium``/``high``;
``nofab.model.finding.severity_for(confidence)`` is the usual choice). Severity describes the
finding; it never routes a pending tool call (that is the tool's ``safety_tier``). A
detector that raises is reported as a ``detector_error``; it never breaks the agent's turn.
See ``docs/tool-failures.md`` for a worked example.

Sentence-local detectors (optional; ``sentence_local = True``, read with ``is_sentence_local``).
A streamed answer in wipe or refuse mode is checked batch by batch (its sentences) before each
is released, and then whole for the verdict. A detector that declares itself sentence-local
promises that, against the same evidence, its findings on a text made of pieces cut where a
stream cuts sentences (``nofab.pipeline.stream``: after a terminator and its white space, or
after a line break) are exactly its findings on each piece alone, in the pieces' order, with
spans shifted by where the piece starts; that it finds nothing in white space alone; and that
it never reports a whole-answer finding (span ``(0, 0)``). The stream then takes such a
detector's verdict findings from its batches' checks instead of running it over the whole text
again (``nofab.pipeline.local``). A detector that reads across sentences (a count of rows, a
name bound in an earlier sentence, an identifier reported once per text) must not declare it:
the declaration is proved detector by detector by ``tests/test_stream_local.py``'s harness.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from nofab.model.finding import Finding, Severity, severity_for

if TYPE_CHECKING:
    from nofab.config.policy import Profile
    from nofab.evidence.index import Evidence


@runtime_checkable
class Detector(Protocol):
    """Finds fabrications of one family in a turn."""

    @property
    def id(self) -> str:
        """Permanent identifier (labels and calibration are keyed by it)."""

    @property
    def version(self) -> str:
        """Bumped when the detector's behaviour changes."""

    @property
    def kinds(self) -> tuple[str, ...]:
        """The finding kinds it can emit."""

    def detect(self, evidence: Evidence) -> Iterable[Finding]: ...


DetectorFactory = Callable[["Profile"], Detector]


def is_sentence_local(detector: object) -> bool:
    """Has ``detector`` declared itself sentence-local (see the module's docstring)? Read with
    ``getattr``: the protocol does not require the attribute, so plugins need not define it."""
    return getattr(detector, "sentence_local", False) is True


class DetectorBase:
    """What every built-in detector shares: its permanent id, and one way to build a finding.

    A finding's ``detector`` is the id of the detector that built it and its severity follows
    from its confidence (``severity_for``) unless the detector says otherwise, so detectors
    never spell those out by hand.
    """

    id: ClassVar[str]
    version: ClassVar[str]
    kinds: ClassVar[tuple[str, ...]]
    #: No built-in detector is sentence-local until proved (see the module's docstring).
    sentence_local: ClassVar[bool] = False

    def finding(
        self,
        kind: str,
        identifier: str,
        confidence: float,
        span: tuple[int, int],
        reason: str,
        evidence: Mapping[str, Any] | None = None,
        severity: Severity | None = None,
    ) -> Finding:
        """A finding of this detector (whole-turn: ``identifier=""``, ``span=(0, 0)``)."""
        # Positional, in the fields' order (a test holds it): an answer dense with numbers
        # builds tens of thousands of findings, and matching keywords was most of the call.
        return Finding(
            kind,
            self.id,
            identifier,
            confidence,
            span,
            reason,
            severity or severity_for(confidence),
            evidence if evidence is not None else {},
        )

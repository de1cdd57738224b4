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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from nofab.evidence import Evidence
    from nofab.finding import Finding
    from nofab.policy import Profile


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

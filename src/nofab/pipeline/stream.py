"""Streaming: release an answer sentence by sentence, each one only after it was checked.

The agent's model produces chunks; the user must never see text the guard has not checked.
``GuardedStream`` buffers chunks until a sentence is complete (a terminator followed by
whitespace, or a line break), checks that sentence against the turn's evidence and only then
releases it — unchanged, withheld, or followed by the refusal envelope, per the policy's mode:

| mode    | a sentence with a finding at or above the threshold                        |
|---------|-----------------------------------------------------------------------------|
| observe | released; reported in the final verdict                                      |
| flag    | released; the flag block listing every such finding is released at the end |
| wipe    | withheld (the rest is released; the envelope if nothing was released)        |
| refuse  | withheld, the envelope released, and the stream stops reading chunks         |
| revise  | a stream cannot be unsaid: the policy's ``revise_fallback`` acts instead      |

A whole-answer finding (``intent_action_no_tool``) cannot be confined to one sentence, so
in wipe mode it stops the stream like refuse does.

The final verdict is a full check of everything the model produced, so it equals
``Guard.check`` of that text (findings that need several sentences included). Only wipe and
refuse gate sentences (observe and flag release each one anyway, so they check only at the
end). The gate checks, as one text, every sentence a chunk completed (``pipeline/gate.py``
places the blocking findings in sentences); ``gate_chars`` makes it wait for that much text
or a paragraph end, trading latency for cost. Cost: the evidence index (normalised tool
results, harvested numbers) is built ONCE per turn and shared by every check; each character
of the answer is scanned for a boundary once and checked at most twice (its batch, the whole
answer) — once when one batch was the whole answer, whose check is then the verdict's, and once
by a sentence-local detector, whose batch findings the verdict reuses (``pipeline/local.py``).
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator, AsyncIterable, AsyncIterator, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from nofab.detectors.base import is_sentence_local
from nofab.errors import UsageError
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding
from nofab.model.turn import Turn
from nofab.model.verdict import ActionTaken, DetectorError, Verdict
from nofab.pipeline.assessment import Assessment
from nofab.pipeline.gate import hold_all, rule
from nofab.pipeline.local import LocalFindings

if TYPE_CHECKING:
    from nofab.pipeline.guard import Guard

#: Where a sentence ends: a terminator (with any closing quotes or brackets) followed by
#: whitespace, or a line break. The whitespace must be seen — "42." may continue as "42.73".
_BOUNDARY = re.compile(r"[.!?…。！？][\"'”’)\]]*\s+|\n\s*")

#: How far back the boundary search restarts after new text arrives: a terminator plus its
#: closing quotes may sit at the end of the previous chunk, waiting for its whitespace.
_RESCAN = 8

#: A "sentence" longer than this (a table, a code block with no terminator) is checked and
#: released in pieces cut at whitespace, so latency and memory stay bounded.
DEFAULT_MAX_SENTENCE_CHARS = 2000


def partial_turn(turn: Turn | Mapping[str, Any]) -> Turn:
    """A turn whose answer is still to come: ``response`` may be absent (it is ignored)."""
    if isinstance(turn, Turn):
        return turn.with_response("")
    if not isinstance(turn, Mapping):
        return Turn.from_dict(turn)  # raises the usual "must be a JSON object"
    return Turn.from_dict({**turn, "response": ""})


class StreamCore:
    """The sentence splitter, the per-sentence gate and the final verdict, shared by the sync
    and async streams. It uses only the guard's public steps (assess, decide, act, verdict,
    emit), so a stream's modes mean what they mean in ``Guard.check``."""

    def __init__(
        self, guard: Guard, turn: Turn, run_id: str | None, max_sentence_chars: int, gate_chars: int = 0
    ) -> None:
        self.guard = guard
        self.turn = turn
        self.run_id = run_id
        if not isinstance(max_sentence_chars, int) or max_sentence_chars < 1:
            raise UsageError(f"max_sentence_chars must be a positive integer, got {max_sentence_chars!r}")
        self.max_chars = max_sentence_chars
        if not isinstance(gate_chars, int) or gate_chars < 0:
            raise UsageError(f"gate_chars must be a non-negative integer, got {gate_chars!r}")
        self.gate_chars = gate_chars
        policy = guard.policy
        self.warnings: list[str] = []
        mode = policy.mode
        if mode == "revise":
            mode = policy.revise_fallback
            self.warnings.append(f"a stream cannot be revised once released: revise fell back to {mode}")
        self.mode = mode
        #: observe and flag release every sentence anyway: only wipe and refuse gate them.
        self.gated = mode in ("wipe", "refuse")
        self.shared = Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)
        #: The gated batches' findings of the sentence-local detectors, reused by the verdict.
        self.local = LocalFindings(d.id for d in guard.detectors if self.gated and is_sentence_local(d))
        self.buffer = ""
        self.scan_from = 0
        self.consumed: list[str] = []  # every sentence read, released or not
        self.pending: list[str] = []  # read, not yet gated (wipe and refuse)
        self.pending_chars = 0
        #: The last gate's (text, assessment): when it checked the whole answer, the final
        #: verdict is that assessment, not a second pass over the same text.
        self.last_gate: tuple[str, Assessment] | None = None
        self.released: list[str] = []
        self.errors: list[DetectorError] = []
        self.sentences = 0
        self.withheld = 0
        self.refused = False
        self.stopped = False
        self.verdict: Verdict | None = None
        self.started = False

    # ------------------------------------------------------------------ input
    def feed(self, chunk: Any, index: int) -> list[str]:
        """Take one chunk; return the text that may now be shown."""
        if chunk is None:  # SDK deltas often carry None for "no text in this event"
            return []
        if not isinstance(chunk, str):
            raise UsageError(f"stream chunk {index} must be a string, got {type(chunk).__name__}")
        if self.mode == "off":
            self.consumed.append(chunk)
            self.released.append(chunk)
            return [chunk] if chunk else []
        out: list[str] = []
        self.buffer += chunk
        while not self.stopped:
            match = _BOUNDARY.search(self.buffer, self.scan_from)
            if match is not None:
                cut = match.end()
            elif len(self.buffer) > self.max_chars:
                space = self.buffer.rfind(" ", 0, self.max_chars)
                cut = space + 1 if space > 0 else self.max_chars
            else:
                self.scan_from = max(0, len(self.buffer) - _RESCAN)
                break
            sentence, self.buffer, self.scan_from = self.buffer[:cut], self.buffer[cut:], 0
            out.extend(self._sentence(sentence))
        # Every sentence this chunk completed is gated at once: no later than one by one
        # (``gate_chars`` trades latency for cost: wait for that much text or a paragraph end).
        if self.pending_chars >= self.gate_chars or (self.pending and "\n\n" in self.pending[-1]):
            out.extend(self._gate())
        return out

    def finish(self) -> list[str]:
        """The stream ended: check what is left, then the whole answer, and build the verdict."""
        out: list[str] = []
        if self.mode != "off" and not self.stopped and self.buffer:
            rest, self.buffer = self.buffer, ""
            out.extend(self._sentence(rest))
        out.extend(self._gate())
        out.extend(self._final())
        return out

    # ------------------------------------------------------------------ one sentence
    def _sentence(self, sentence: str) -> list[str]:
        self.consumed.append(sentence)
        if sentence.strip():
            self.sentences += 1
        if self.gated:
            self.pending.append(sentence)  # checked with the rest of its batch (``_gate``)
            self.pending_chars += len(sentence)
            return []
        self.released.append(sentence)
        return [sentence]

    def _gate(self) -> list[str]:
        """Check the pending sentences as one text and release those no blocking finding lies
        in (``pipeline/gate.py``: why a batch, and what it risks)."""
        batch, self.pending, self.pending_chars = self.pending, [], 0
        if self.stopped or not batch:
            return []
        text = "".join(batch)
        if not text.strip():  # blank lines between paragraphs: nothing to check
            if self.local:
                self.local.skip(text)
            self.released.extend(batch)
            return batch
        evidence = self.shared.for_answer(text)
        produced: dict[str, list[Finding] | None] | None = {} if self.local else None
        assessment = self.guard.assess(evidence.turn, self.run_id or "", evidence=evidence, produced=produced)
        if produced is not None:
            self.local.add(text, evidence.answer, produced)
        self.last_gate = (text, assessment)
        # A broken detector fails on every batch: report each distinct failure once.
        self.errors.extend(e for e in assessment.errors if e not in self.errors)
        ruling = self.guard.decide(assessment, self.mode)
        action = ruling.action
        # A detector that stopped at the policy's cap left the rest of the batch unread by it.
        capped = bool(assessment.capped)
        if action not in ("wiped", "refuse_replaced") and not capped:
            self.released.extend(batch)
            return batch
        hold = hold_all(batch) if capped or ruling.fail_closed else rule(batch, assessment.blocking)
        self.withheld += sum(hold.held)
        if action == "wiped" and hold.located:
            out: list[str] = []
            for piece, held in zip(batch, hold.held, strict=True):
                if held:
                    # Keep the paragraph structure: a withheld sentence's line break still
                    # separates the sentences around it.
                    tail = piece[len(piece.rstrip()) :]
                    piece = "\n\n" if "\n\n" in tail else ("\n" if "\n" in tail else "")
                if piece:
                    out.append(piece)
            self.released.extend(out)
            return out
        # refuse (or, in wipe, what cannot be located): the clean sentences before the first
        # held one, the envelope, and nothing after it.
        first = hold.held.index(True) if hold.located else 0
        out = batch[:first]
        self.released.extend(out)
        self.refused = True
        self.stopped = True
        envelope = self.guard.policy.envelope
        text = envelope if not "".join(self.released).strip() else "\n\n" + envelope
        self.released.append(text)
        return [*out, text]

    # ------------------------------------------------------------------ the verdict
    def _final(self) -> list[str]:
        """The verdict is the full check of everything the model produced (the sentences'
        checks only gated the release): findings that span sentences, whole-answer findings and
        dedupe across sentences come out exactly as ``Guard.check`` gives them."""
        guard = self.guard
        text = "".join(self.consumed)
        full = self.turn.with_response(text)
        if self.mode == "off":
            self.verdict = Verdict((), "none", text, "off", guard.policy.threshold)
            return []
        if self.last_gate is not None and self.last_gate[0] == text:
            assessment = self.last_gate[1]  # one batch was the whole answer: already checked
        else:
            evidence = self.shared.for_answer(text)
            given = None
            if self.local and len(text) <= guard.policy.max_answer_chars:
                # Sentence-local detectors' findings come from the batches (nofab.pipeline.local).
                given = self.local.for_text(text, evidence.answer, guard.policy.max_findings_per_detector)
            assessment = guard.assess(full, self.run_id or "", evidence=evidence, given=given)
        errors = (*assessment.errors, *(e for e in self.errors if e not in assessment.errors))
        assessment = replace(assessment, errors=errors)
        out: list[str] = []
        if not self.gated:
            # Everything was released: act on the whole answer; what it adds (the flag block)
            # comes after the released text.
            acted = guard.act(full, assessment, self.mode, warnings=self.warnings)
            out = [acted.output[len(text) :]] if len(acted.output) > len(text) else []
            self.released.extend(out)
            self.verdict = replace(acted, details={**acted.details, "stream": self._counts()})
        else:
            if self.withheld and not self.refused and not any(s.strip() for s in self.released):
                out = [guard.policy.envelope]
                self.released.extend(out)
            self.verdict = guard.verdict(
                assessment,
                self._gated_action(assessment),
                "".join(self.released),
                warnings=self._late(assessment),
                details={"stream": self._counts()},
            )
        guard.emit(full, self.verdict, self.run_id)
        return out

    def _gated_action(self, assessment: Assessment) -> ActionTaken:
        if self.refused:
            return "refuse_replaced" if self.mode == "refuse" else "wiped"
        if self.withheld:
            return "wiped"
        return "observed" if assessment.findings else "none"

    def _late(self, assessment: Assessment) -> list[str]:
        """Say so when the whole answer blocks where no sentence did: it was already shown."""
        warnings = list(self.warnings)
        blocked = self.guard.decide(assessment, self.mode).action in ("wiped", "refuse_replaced")
        if blocked and not self.withheld:
            warnings.append(
                "the whole answer is blocked where no single sentence was; its sentences were "
                "already released"
            )
        return warnings

    def _counts(self) -> dict[str, Any]:
        return {
            "sentences": self.sentences,
            "released_sentences": self.sentences - self.withheld,
            "withheld_sentences": self.withheld,
            "stopped_early": self.stopped,
            # The verdict is the full check of this much of the model's text (all of it,
            # unless the stream stopped early).
            "checked_chars": sum(len(s) for s in self.consumed),
        }

    def start(self) -> None:
        """A stream is read once: a second pass would re-read (or miss) the model's chunks."""
        if self.started:
            raise UsageError("this stream was already iterated; call guard.stream(...) for a new answer")
        self.started = True

    def result(self) -> Verdict:
        if self.verdict is None:
            raise UsageError("the stream has not finished: iterate it to the end before reading .verdict")
        return self.verdict


class GuardedStream:
    """Iterate it for the text that may be shown; read ``verdict`` once it is exhausted.

    >>> stream = guard.stream({"tool_calls": [...]}, model_chunks)   # doctest: +SKIP
    >>> for text in stream: send_to_user(text)                       # doctest: +SKIP
    >>> stream.verdict.findings                                      # doctest: +SKIP
    """

    def __init__(
        self,
        guard: Guard,
        turn: Turn,
        chunks: Iterable[str | None],
        run_id: str | None = None,
        max_sentence_chars: int = DEFAULT_MAX_SENTENCE_CHARS,
        gate_chars: int = 0,
    ) -> None:
        self._core = StreamCore(guard, turn, run_id, max_sentence_chars, gate_chars)
        self._chunks = chunks

    def __iter__(self) -> Iterator[str]:
        self._core.start()
        core = self._core
        source = iter(self._chunks)
        try:
            for index, chunk in enumerate(source):
                yield from core.feed(chunk, index)
                if core.stopped:
                    break
        finally:
            if core.stopped and hasattr(source, "close"):
                source.close()  # refused: the model's generator need not run on
        yield from core.finish()

    @property
    def verdict(self) -> Verdict:
        """The final verdict (raises ``UsageError`` before the stream is exhausted)."""
        return self._core.result()


class AsyncGuardedStream:
    """``GuardedStream`` for async agents: ``async for text in stream``; then ``stream.verdict``."""

    def __init__(
        self,
        guard: Guard,
        turn: Turn,
        chunks: AsyncIterable[str | None] | Iterable[str | None],
        run_id: str | None = None,
        max_sentence_chars: int = DEFAULT_MAX_SENTENCE_CHARS,
        gate_chars: int = 0,
    ) -> None:
        self._core = StreamCore(guard, turn, run_id, max_sentence_chars, gate_chars)
        self._chunks = chunks

    async def _source(self) -> AsyncGenerator[str | None, None]:
        if isinstance(self._chunks, AsyncIterable):
            async for chunk in self._chunks:
                yield chunk
        else:
            for chunk in self._chunks:
                yield chunk

    async def __aiter__(self) -> AsyncIterator[str]:
        self._core.start()
        core = self._core
        source = self._source()
        try:
            index = 0
            async for chunk in source:
                for text in core.feed(chunk, index):
                    yield text
                index += 1
                if core.stopped:
                    break
        finally:
            await source.aclose()
            close = getattr(self._chunks, "aclose", None)
            if core.stopped and close is not None:
                await close()  # refused: the model's generator need not run on
        for text in core.finish():
            yield text

    @property
    def verdict(self) -> Verdict:
        """The final verdict (raises ``UsageError`` before the stream is exhausted)."""
        return self._core.result()

"""Action claims with no tool behind them: "I've sent the invoice", "your refund has been
issued", "He enviado el correo" — when no tool that could send, refund or book ran.

Each claim verb names an action, and each action lists the tool-name parts that could
perform it (``lexicons/actions.json``): "sent" is grounded by ``send_email`` or
``SendMessage``, never by ``postgres_query`` (whole name parts only).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.actorreports import ActorReports
from nofab.detectors.base import DetectorBase
from nofab.detectors.claimmemo import ClaimQuestions
from nofab.detectors.claimscope import MIN_ID_CHARS as _MIN_ID_CHARS
from nofab.detectors.claimscope import admitted, claim_scope, titles_by_id
from nofab.detectors.claimscope import argument_values as _values
from nofab.detectors.completions import failed_completion, failed_opener
from nofab.detectors.containers import updated_container
from nofab.detectors.deedstates import as_made as _as_made
from nofab.detectors.deedstates import state_reported
from nofab.detectors.deliveries import delivered_item
from nofab.detectors.donetables import unset_rows
from nofab.detectors.enumerations import short_calls
from nofab.detectors.lightverbs import named_deed
from nofab.detectors.namedobjects import unheld_object
from nofab.detectors.newvalues import unset_value
from nofab.detectors.possessions import failed_possession
from nofab.detectors.progressives import reports_progress
from nofab.detectors.recaps import asked_for_recap, recalls
from nofab.detectors.statedchanges import stated_changes
from nofab.detectors.statesources import results_hold, told_by_us
from nofab.detectors.statevalues import unreported_value
from nofab.evidence.index import Evidence
from nofab.language.capabilities import definitions_by_name
from nofab.language.lexicon import Claim
from nofab.language.text import find_token, fold
from nofab.model.finding import Finding
from nofab.model.turn import ToolCall

#: A claim that only a call from an earlier turn could have made true. Measured on τ-bench
#: and ToolTalk, restating an earlier action as if done now is rare in grounded traffic
#: (no extra false positive at 0.8), while an invented "I've also refunded the fee" right
#: after an unrelated update is the common fabrication: so it keeps the full weight.
CONFIDENCE_EARLIER = 0.8

#: A claim that names an item (a reservation id) whose own call failed, while another call
#: of the same action succeeded: "AAA111 and BBB222 have been cancelled" when BBB222's
#: cancel errored.
CONFIDENCE_FAILED_ITEM = 0.85
#: ``titles_by_id``'s reading of each result (``Evidence.per_result``).
_TITLES = ("claims", "titles_by_id")
#: Successful calls of one tool that make its calls a batch (see ``_left_out_of_batch``).
_MIN_BATCH = 2
#: A count (digits, a count word) before a noun ("completed two reminders"), or a part ("2 of the 3").
_COUNT = re.compile(r"\b(\w+)\s+(?:of\s+(?:the\s+)?\d+\b|(?:of\s+(?:your|the)\s+)?[^\W\d_]{3,})")


def _items(call: ToolCall) -> str:
    """A short description of a call's arguments for a finding's reason."""
    return ", ".join(v[:40] for v in _values(call)[:3]) or "its item"


class ClaimDetector(DetectorBase):
    """``verb_claim``: a claimed action no tool of this turn could have done, or one whose
    own call failed (an item named in the claim, every item, or more items than calls
    succeeded). Risk: a count word right after the claim that counts something else ("sent
    two reminders' worth of details") is read as the number of items."""

    id = "claims"
    version = "6"  # 6: delivered items (5: new values held to calls; 4: headlines, failed attempts)
    kinds = ("verb_claim",)

    def __init__(self, profile: Profile) -> None:
        # The vocabulary comes compiled in evidence.lexicon; there is no rules table.
        Rules(profile, self.id, ())

    def _failed_for_named_item(self, evidence: Evidence, claim: Claim) -> Finding | None:
        """A finding when the claim names an item whose own call for this action failed.

        The value a success claim names is the one the call that succeeded acted on: an
        earlier turn's failed call of a tool that succeeded this turn (a retry with another
        value) is read too, so "registered as anab" after "anab" failed and "ana_b" succeeded
        names the failed item. Risk: an answer that names the failed value beside the one
        that worked without an inability phrase ("registered as ana_b, since anab was
        taken") is flagged."""
        able = [
            c
            for c in evidence.failed_calls
            if evidence.lexicon.grounded_by(claim.action, (c,), claim.objects)
        ]
        failed = [c for c in able if not c.earlier]
        now = {c.name for c in evidence.succeeded_calls if not c.earlier}
        named = failed + [c for c in able if c.earlier and c.name in now]
        if not named:
            return None
        # A failure retried with the same argument and then successful is not a failure.
        retried = {
            (c.name, value)
            for c in evidence.succeeded_calls
            if isinstance(c.parsed_arguments, dict)
            for value in c.parsed_arguments.values()
            if isinstance(value, str)
        }
        start, end = claim_scope(evidence.answer, claim.span)
        scope = fold(evidence.answer[start:end])
        # An item is named by its id or by its record's title ('"book flu shot" is marked done').
        titles = {
            k: v for _l, _c, held in evidence.per_result(_TITLES, titles_by_id) for k, v in held.items()
        }
        for call in named:
            for value in _values(call):
                if len(value) < _MIN_ID_CHARS or (call.name, value) in retried:
                    continue
                for name in (value, *titles.get(value, ())):
                    if find_token(scope, fold(name)) != -1 and not admitted(
                        evidence.lexicon, scope, fold(name)
                    ):
                        reason = (
                            f"claims '{claim.text}' for {name}, but the {call.name} call for {value} failed"
                        )
                        return self._failed_item_finding(claim, call, reason, item=value)
        if not failed:
            return None
        call = failed[0]
        if evidence.lexicon.says_all(scope):
            # "I have deleted all of your alarms" while one DeleteAlarm call failed: a claim
            # about every item cannot hold when one item's call failed.
            reason = (
                f"claims '{claim.text}' for all of them, but a {call.name} call this turn failed "
                f"({(call.error or 'error')[:80]})"
            )
            return self._failed_item_finding(claim, call, reason)
        batch = [c for c in evidence.succeeded_calls if not c.earlier and c.name == call.name]
        claimed = self._count(evidence, fold(evidence.answer[claim.span[1] : end]))
        # A count says which part of the batch the claim covers ("completed two reminders"):
        # then the count rule below decides, not the whole-batch rule.
        left = None if claimed else self._left_out_of_batch(evidence, scope, failed, batch)
        if left is not None:
            reason = (
                f"claims '{claim.text}' for the whole batch, but the {left.name} call for "
                f"{_items(left)} failed and the answer does not say so"
            )
            return self._failed_item_finding(claim, left, reason)
        done = len(batch)
        if claimed > done:
            # "completed two reminders" when one of the two CompleteReminder calls failed: a
            # count claim cannot exceed the calls of that tool that succeeded.
            reason = (
                f"claims '{claim.text}' for {claimed} items, but only {done} {call.name} call(s) succeeded"
            )
            return self._failed_item_finding(claim, call, reason)
        return None

    @staticmethod
    def _left_out_of_batch(
        evidence: Evidence,
        scope: str,
        failed: list[ToolCall],
        batch: list[ToolCall],
    ) -> ToolCall | None:
        """A call of a batch that failed while the claim speaks for the batch as a whole.

        Principle: when one tool ran for several items this turn ("SendMessage" to each
        attendee) and at least two of its calls succeeded, the action is a batch, and a
        claim that names none of the items ("sent the attendees a message") reports every
        item done. A call of that batch that failed for an item no other call of this turn
        did (not a retry), in an answer that admits no failure and never names that item,
        makes the claim overstate what happened.

        Risk: an agent that first tried a wrong item (a failed probe), then did the real
        batch, and reports the batch truthfully is flagged; two successes are required so
        that a probe followed by the one real call is not read as a batch.
        """
        if len(batch) < _MIN_BATCH or evidence.lexicon.states_inability(evidence.answer):
            return None
        done = {v for c in batch for v in _values(c)}
        if any(find_token(scope, fold(v)) != -1 for v in done if len(v) >= _MIN_ID_CHARS):
            return None  # the claim names its items: the named-item rule decides
        answer = fold(evidence.answer)
        for call in failed:
            if call.name != batch[0].name:
                continue
            # A value no successful call of this turn had is the item this call was for
            # (a retry this turn repeats it; an earlier turn's success is another message).
            own = [v for v in _values(call) if v not in done]
            if own and not any(find_token(answer, fold(v)) != -1 for v in own):
                return call
        return None

    @staticmethod
    def _count(evidence: Evidence, after: str) -> int:
        """The item count right after a claim ("two reminders", "3 alarms"), or 0."""
        match = _COUNT.match(after.lstrip(" ,:*_`"))  # "**2 of the 3**": emphasis hides no count
        if match is None:
            return 0
        word = match.group(1)
        if word.isdigit():
            return int(word) if len(word) <= 3 else 0
        return evidence.lexicon.counts.get(word, 0)

    def _too_few_calls(self, evidence: Evidence, claim: Claim, now: tuple[ToolCall, ...]) -> Finding | None:
        """More items enumerated than calls (``enumerations``), or one no call names (``namedobjects``)."""
        definitions = definitions_by_name(evidence.turn.tools)
        short = short_calls(claim, evidence.answer, evidence.lexicon, now, definitions)
        if short is None:
            return unheld_object(evidence, claim, self.finding)
        items, calls = short
        done = f"{len(calls)} {calls[0].name} call(s)"
        reason = f"claims '{claim.text}' for {items} items, but only {done} ran this turn"
        return self.finding(
            "verb_claim",
            claim.text,
            claim.action.confidence,
            claim.span,
            reason,
            evidence={"items": items, "calls": len(calls), "tool": calls[0].name},
        )

    def _failed_item_finding(self, claim: Claim, call: ToolCall, reason: str, item: str = "") -> Finding:
        return self.finding(
            "verb_claim",
            claim.text,
            CONFIDENCE_FAILED_ITEM,
            claim.span,
            reason,
            severity="high",
            evidence={
                "failed_tool": call.name,
                **({"item": item} if item else {}),
                "error": (call.error or "")[:200],
            },
        )

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        found = False
        for finding in self._verb_claims(evidence):
            found = True
            yield finding
        for finding in () if found else unset_rows(evidence, self.finding):
            found = True
            yield finding
        completion = None if found else failed_completion(evidence) or failed_possession(evidence)
        completion = completion or (None if found else failed_opener(evidence))
        if completion is not None:
            # No verb names the action: the idiom ("went through") reports the one
            # attempted, and every call that could have done it failed.
            call = completion.call
            yield self.finding(
                "verb_claim",
                evidence.answer[completion.span[0] : completion.span[1]],
                CONFIDENCE_FAILED_ITEM,
                completion.span,
                completion.why
                or f"says '{completion.phrase}' but every action call this turn failed "
                f"({call.name}: {(call.error or 'error')[:80]}) and the answer does not say so",
                severity="high",
                evidence={
                    "failed_tool": call.name,
                    "idiom": completion.phrase,
                    "error": (call.error or "")[:200],
                },
            )

    def _overstated_state(
        self, evidence: Evidence, found: Claim, questions: ClaimQuestions
    ) -> Finding | None:
        """A stated state ("Both alarms are set", "all your reminders are deleted") that an
        acting tool of this turn could have produced is that tool's outcome, even when the
        state rules accept it (a tool named for the thing ran): the failure rules of a
        claimed deed apply to it. Principle: a state the agent just tried to bring about
        overstates what happened when it speaks for every item, or names an item, whose own
        call failed. Risk: a state the items already had before this turn ("both alarms are
        set" of alarms set last week, while today's extra one failed) is read as this turn's
        outcome and flagged."""
        if not found.stative:
            return None
        claim = questions.as_made(found)
        if not questions.grounded_by("now", claim.action, claim.objects):
            return None
        return self._failed_for_named_item(evidence, claim)

    def _verb_claims(self, evidence: Evidence) -> Iterator[Finding]:
        """Findings for each claim a verb names (the claim finder's)."""
        claims = [*evidence.claims, *stated_changes(evidence)]  # "Done. X is now Y": a change
        if not claims:
            return  # most answers claim no action: nothing below is needed
        lexicon = evidence.lexicon
        now = tuple(c for c in evidence.succeeded_calls if not c.earlier)
        before = tuple(c for c in evidence.succeeded_calls if c.earlier)
        definitions = definitions_by_name(evidence.turn.tools)
        relay = None  # what the read tools returned, read once when a claim first asks
        reports = None  # what the acting tools said they did, likewise
        # A state is read by a tool that reads, or was left by an earlier turn's action; a
        # tool acting this turn is held to what it can do (``grounded_by``), so UserLogin,
        # which names the account, does not report "your password is updated".
        observers = tuple(c for c in evidence.succeeded_calls if c.earlier or lexicon.reads_only(c))
        # The tool-side questions depend on a claim's shape alone: asked once per shape.
        groups = {"now": now, "before": before, "failed": evidence.failed_calls}
        # After a failure a state must come from what a tool returned (``statesources``).
        holds = results_hold(evidence) if evidence.failed_calls else evidence.grounds
        questions = ClaimQuestions(lexicon, groups, observers, holds, definitions, _as_made)
        ran = list(evidence.tool_names)
        ran_text = ", ".join(dict.fromkeys(ran))
        succeeded = evidence.succeeded_calls
        for found in claims:
            # a state reports only the values a call returned or set (``statevalues``)
            if state_reported(found, questions, holds, evidence) and not unreported_value(
                evidence.answer, found, succeeded
            ):
                overstated = self._overstated_state(evidence, found, questions)
                if overstated:
                    yield overstated
                continue
            claim = questions.as_made(found)
            if questions.grounded_by("now", claim.action, claim.objects) or questions.named_for_verb(claim):
                failure = (
                    self._failed_for_named_item(evidence, claim)
                    or self._too_few_calls(evidence, claim, now)
                    or unset_value(evidence, claim, now, self.finding)
                )
                if failure:
                    yield failure
                continue
            deed = named_deed(claim, evidence.answer, lexicon.actions)
            if deed is not None:
                claim = deed  # "refund issued": a refund, grounded and failed as one
                if questions.grounded_by("now", claim.action, claim.objects):
                    failure = self._failed_for_named_item(evidence, claim)
                    if failure:
                        yield failure
                    continue
            if updated_container(claim, evidence.answer, lexicon, now, definitions):
                continue  # "removed Tom from the meeting": the meeting was updated
            if delivered_item(claim, evidence.answer, now, definitions):
                continue  # "added a $50 certificate to your account": send_certificate sent it
            reports = reports or ActorReports(lexicon, now)
            if reports.reported(claim, evidence.answer):
                continue  # the acting tool's own message reports this deed
            relay = relay or lexicon.read_relay(evidence.succeeded_calls)
            if relay.says(claim) or reports_progress(claim, lexicon, observers):
                continue  # a read said it (asked only when no tool could have done it)
            if told_by_us(claim, questions, observers, evidence):
                continue  # "since we cancelled the flight": the state a read returned
            earlier = questions.grounded_by("before", claim.action, claim.objects)
            if earlier and (
                recalls(evidence, claim, before, definitions) or asked_for_recap(evidence, claim)
            ):
                continue  # a recap of an earlier turn's deed (``recaps``)
            failed = questions.grounded_by("failed", claim.action, claim.objects) or delivered_item(
                claim, evidence.answer, evidence.failed_calls, definitions
            )
            confidence = claim.action.confidence
            if earlier:
                confidence = min(confidence, CONFIDENCE_EARLIER)
                reason = (
                    f"claims '{claim.text}' but no call this turn could have done it; only an earlier "
                    f"turn's call ({earlier}) could"
                )
            elif failed:
                reason = f"claims '{claim.text}' but the only tool that could have done it ({failed}) failed"
            elif not ran:
                reason = f"claims '{claim.text}' but no tool ran this turn"
            else:
                verb = claim.action.name.removeprefix("profile:")
                reason = (
                    f"claims '{claim.text}' but no tool that could {verb} ran this turn (ran: {ran_text})"
                )
            yield self.finding(
                "verb_claim",
                claim.text,
                confidence,
                claim.span,
                reason,
                evidence={
                    "verb": claim.verb,
                    "action": claim.action.name,
                    "language": claim.language,
                    "tool_name_parts_looked_for": sorted(claim.action.hints or ["<any tool>"]),
                    "tools_run": list(ran),
                    **({"object": sorted(claim.objects)} if claim.objects else {}),
                    **({"failed_tool": failed} if failed else {}),
                    **({"earlier_tool": earlier} if earlier else {}),
                },
            )

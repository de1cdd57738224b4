"""What the acting tools of a turn said, in words, that they did.

An agent's claim is usually grounded by a tool named for the deed (``send_email`` grounds
"sent"); some tools are named for their object instead, and say what they did only in their
result: ``send_certificate`` returns "Certificate certificate_77 added to user u1 with amount
100", and the answer says "I've added the certificate to your account".
"""

from __future__ import annotations

import re

from nofab.language.capabilities import tool_name_parts
from nofab.language.lexicon import Claim, Lexicon, ReadRelay
from nofab.language.text import find_token, fold
from nofab.model.turn import ToolCall

#: A tool's own report is a sentence: at least this many words ("Certificate C-1 added to
#: user u1"), never a one-word status value ("cancelled") of a record it returned.
_REPORT_WORDS = 3


#: An argument value short enough to be a word of any sentence ("en", "yes") names no item.
_MIN_ITEM_CHARS = 4


#: A result field reports a consequence only when its name has at least two words
#: ("provisional_credit"): one-word keys ("amount", "status") name nothing in particular.
_MIN_KEY_PARTS = 2
#: How many words before a passive or stated claim its subject may take.
_SUBJECT_WORDS = 6
_WORDS = re.compile(r"\w+")
#: A clause ends at a stop followed by a space ("$18.75" holds no stop), or a line break.
_CLAUSE_END = re.compile(r"[.!?;:,](?!\S)|\n")


def _consequences(result: object) -> list[tuple[str, ...]]:
    """The name parts of a result's top-level fields that hold a value (not empty, zero or
    false): what the call reports it brought about."""
    if not isinstance(result, dict):
        return []
    out = []
    for key, value in result.items():
        if value in (None, "", 0, False, [], {}) or (
            isinstance(value, str) and fold(value) in ("no", "none")
        ):
            continue
        parts = tuple(p for p in tool_name_parts(str(key)) if len(p) >= 3)
        if len(parts) >= _MIN_KEY_PARTS:
            out.append(parts)
    return out


def _items(call: ToolCall) -> list[str]:
    """The call's string argument values, case-folded: the items it acted on."""
    arguments = call.parsed_arguments
    if not isinstance(arguments, dict):
        return []
    return [
        fold(v.strip())
        for v in arguments.values()
        if isinstance(v, str) and len(v.strip()) >= _MIN_ITEM_CHARS
    ]


class ActorReports:
    """What the acting tools of this turn said they did, read once per turn when a claim
    first asks: the sentences (``_REPORT_WORDS`` words or more) in each successful call's
    result, case-folded.

    Principle: a tool that acted and whose result says in words that it did the deed the
    answer reports ("Certificate ... added to user ..." after ``send_certificate``; "I've
    added the certificate") grounds that claim, whatever its name says: the tool's own
    report of its deed is the strongest evidence there is. Only tools that act (not named
    for reading) and only sentences count: a record's status value ("cancelled") is a state,
    which the state rules read; and only a sentence that names what the call acted on (one of
    its argument values, "user u1"), so text an acting tool merely passes along (a summary of
    a news item) is not its report. A consequence may also come back as a field: a passive or
    stated claim whose subject is named by a field of the result that holds a value ("a
    provisional credit has been applied" after ``open_dispute`` returned
    ``"provisional_credit": 18.75``) reports what the tool said it brought about (field names
    of two words or more, every word in the subject). Risk: an acting tool whose message
    reports the verb about something else of the same item ("Flight changed for u1; seat
    added to the waitlist") grounds a claim of it, and so does a field named like the subject
    whose value records something else."""

    def __init__(self, lexicon: Lexicon, calls: tuple[ToolCall, ...]) -> None:
        self.reports: list[tuple[str, list[str]]] = []
        self.fields: list[tuple[str, list[tuple[str, ...]]]] = []
        #: Every word of every report: a claim whose verb's first word is not one of them is
        #: answered by one set lookup (a search per claim over whole results is quadratic).
        self.words: set[str] = set()
        self._by_verb: dict[str, str | None] = {}
        for call in calls:
            if lexicon.reads_only(call):
                continue
            fields = _consequences(call.parsed_result)
            if fields:
                self.fields.append((call.name, fields))
            items = _items(call)
            if not items:
                continue
            # The relay joins a result's strings with line breaks: a line is one value (or one
            # line of one), so a record's fields never make a sentence together.
            lines = [line for text in ReadRelay([call.parsed_result]).texts for line in text.split("\n")]
            sentences = [
                t
                for t in lines
                if len(t.split()) >= _REPORT_WORDS and any(find_token(t, item) != -1 for item in items)
            ]
            if sentences:
                self.reports.append((call.name, sentences))
                self.words.update(w for t in sentences for w in _WORDS.findall(t))

    def reported(self, claim: Claim, answer: str = "") -> str | None:
        """The acting tool whose report holds the claim's verb as written, or whose result
        has a field naming the subject of a passive or stated claim, or None."""
        verb = fold(" ".join(claim.verb.split()))
        if verb not in self._by_verb:
            # Once per distinct verb (the lexicon bounds them): a long answer repeating one
            # verb searches the reports once, not once per claim.
            first = _WORDS.findall(verb)[:1]
            self._by_verb[verb] = next(
                (
                    name
                    for name, texts in (self.reports if first and first[0] in self.words else ())
                    if any(find_token(text, verb) != -1 for text in texts)
                ),
                None,
            )
        if self._by_verb[verb] is not None:
            return self._by_verb[verb]
        if not (claim.passive or claim.stative) or not self.fields or not answer:
            return None
        before = _CLAUSE_END.split(answer[max(0, claim.span[0] - 80) : claim.span[0]])[-1]
        # A stated report holds its subject ("Your provisional credit is applied").
        subject = set(_WORDS.findall(fold(before))[-_SUBJECT_WORDS:]) | set(_WORDS.findall(fold(claim.text)))
        for name, fields in self.fields:
            if any(subject.issuperset(parts) for parts in fields):
                return name
        return None

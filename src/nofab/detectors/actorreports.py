"""What the acting tools of a turn said, in words, that they did.

An agent's claim is usually grounded by a tool named for the deed (``send_email`` grounds
"sent"); some tools are named for their object instead, and say what they did only in their
result: ``send_certificate`` returns "Certificate certificate_77 added to user u1 with amount
100", and the answer says "I've added the certificate to your account".
"""

from __future__ import annotations

from nofab.language.lexicon import Claim, Lexicon, ReadRelay
from nofab.language.text import find_token, fold
from nofab.model.turn import ToolCall

#: A tool's own report is a sentence: at least this many words ("Certificate C-1 added to
#: user u1"), never a one-word status value ("cancelled") of a record it returned.
_REPORT_WORDS = 3


#: An argument value short enough to be a word of any sentence ("en", "yes") names no item.
_MIN_ITEM_CHARS = 4


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
    a news item) is not its report. Risk: an acting tool whose message reports the verb about
    something else of the same item ("Flight changed for u1; seat added to the waitlist")
    grounds a claim of it."""

    def __init__(self, lexicon: Lexicon, calls: tuple[ToolCall, ...]) -> None:
        self.reports: list[tuple[str, list[str]]] = []
        for call in calls:
            if lexicon.reads_only(call):
                continue
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

    def reported(self, claim: Claim) -> str | None:
        """The acting tool whose report holds the claim's verb as written, or None."""
        verb = fold(" ".join(claim.verb.split()))
        for name, texts in self.reports:
            if any(find_token(text, verb) != -1 for text in texts):
                return name
        return None

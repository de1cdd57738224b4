"""Where a claim stands in an answer, and what a call acted on: the two readings the claim
rules share (its sentence, or the list a colon opens; a call's string argument values; the
titles of the records a call acted on; an admission of an item's failure beside it)."""

from __future__ import annotations

import re
from functools import cache

from nofab.language.lexicon import Lexicon
from nofab.language.text import find_token
from nofab.language.vocabulary import words
from nofab.model.turn import ToolCall

#: An argument value shorter than this is no item ("en", "yes").
MIN_ID_CHARS = 4


def argument_values(call: ToolCall) -> list[str]:
    """The string arguments of a call (the items it acted on, and its other settings)."""
    arguments = call.parsed_arguments
    if not isinstance(arguments, dict):
        return []
    return [v for v in arguments.values() if isinstance(v, str) and v.strip()]


def claim_scope(answer: str, span: tuple[int, int]) -> tuple[int, int]:
    """The sentence holding a claim, plus the block that follows it when the sentence ends
    with a colon ("The following reservations have been cancelled:\n1. ...")."""
    start = max(answer.rfind(c, 0, span[0]) for c in ".!?\n") + 1
    end = next((i for i in range(span[1], len(answer)) if answer[i] in ".!?\n:"), len(answer))
    if end < len(answer) and answer[end] == ":":
        # The list may start after a blank line ("cancelled:\n\n1. ..."); it ends at the
        # next blank line after its first item.
        first = end + 1
        while first < len(answer) and answer[first].isspace():
            first += 1
        blank = answer.find("\n\n", first)
        end = blank if blank != -1 else len(answer)
    return start, end


#: How deep ``titles_by_id`` walks a result (results are untrusted input).
_TITLE_DEPTH = 8
#: A key that holds an id: "id", "reminder_id", "event-id", "reminderId" (not "paid").
_ID_KEY = re.compile(r"(?:^|[_\-\s.])(?:id|ID|Id)$|[a-z]Id$|^ID$")
#: Words of two letters or more: a title has at least two ("book flu shot", "Team sync").
_TITLE_WORDS = re.compile(r"[^\W\d_]{2,}")


def titles_by_id(result: object) -> dict[str, tuple[str, ...]]:
    """{an id a result's object holds: that object's titles}, for ``Evidence.per_result``.

    Principle: an answer names an item by its id or by the text its record carries (a
    reminder's task, an event's title, a file's name), so a claim that names the title of
    the record a failed call acted on names that call's item. A title is a string value of
    the same object holding two or more words of letters; an id is a string under an id key
    ("id", "reminder_id", "reminderId"; not "paid"). Risk: a multi-word value that is not a
    title (a status sentence, an address) stands for the item too, so a claim's sentence
    that repeats it is read as naming the failed item; one-word titles ("Dentist") are not
    read.
    """
    out: dict[str, tuple[str, ...]] = {}
    stack: list[tuple[object, int]] = [(result, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > _TITLE_DEPTH:
            continue
        if isinstance(node, list):
            stack.extend((item, depth + 1) for item in node)
            continue
        if not isinstance(node, dict):
            continue
        ids = [v for k, v in node.items() if isinstance(v, str) and _ID_KEY.search(str(k)) and v.strip()]
        titles = tuple(
            v
            for v in node.values()
            if isinstance(v, str) and len(v) <= 120 and len(_TITLE_WORDS.findall(v)) >= 2
        )
        if ids and titles:
            for value in ids:
                out[value] = out.get(value, ()) + titles
        stack.extend((v, depth + 1) for v in node.values() if isinstance(v, (dict, list)))
    return out


#: How far beside a failed item an admission of its failure is looked for.
_ADMISSION_REACH = 60
_BEFORE_BREAK = re.compile(r"[,;]|\bbut\b|\bhowever\b")
_AFTER_BREAK = re.compile(r"[,;.!?\n]|\bbut\b|\band\b")
#: An outcome label after the item, its first word read: "Renew car insurance: not done",
#: "alarm a_7 (6:10) — nicht gelöscht" (markers and one parenthesis between them allowed).
_LABEL = re.compile(r"[\s*_`]*(?:\([^)\n]{0,40}\)[\s*_`]*)?[:—–-]+[\s*_`]*([^\W\d_]+)")


@cache
def _negations() -> frozenset[str]:
    return words("negations")


def admitted(lexicon: Lexicon, scope: str, item: str) -> bool:
    """The claim's sentence (``scope``, folded) says the item's action did not happen: an
    inability phrase in the same clause right before the item ("sent it to the team, but I
    couldn't reach vibes") or right after it, the item its subject ('"File taxes" couldn't
    be completed'). Principle: an answer that reports the failure is honest. Risk: an
    inability about something else that happens to sit beside the item in the same clause
    ("couldn't find a seat for BBB222, which is cancelled") hides the finding.

    An outcome label that a negation opens after the item ("X: not done", "X — nicht
    erledigt", "X : pas supprimé") admits it too: a list of items each labelled with its
    outcome tells the failed one apart. Risk: a label negating something else ("X: no
    changes needed") reads as the admission."""
    at = find_token(scope, item)
    clause = _BEFORE_BREAK.split(scope[max(0, at - _ADMISSION_REACH) : at])[-1]
    after = _AFTER_BREAK.split(scope[at + len(item) : at + len(item) + _ADMISSION_REACH])[0]
    label = _LABEL.match(scope, at + len(item))
    if label is not None and label.group(1) in _negations():
        return True
    return lexicon.states_inability(clause) or lexicon.states_inability(after)

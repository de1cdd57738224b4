"""The rows of a table or list a completion headline opens, read as the changes made.

Principle: a completion headline alone on its line ("Both done", "All set", "Erledigt",
"Listo") opens a report of the deeds just done, and a table or list right after it of
"field | new value" rows ("| Recovery phone | 617-555-0148 |", "- E-Mail: ana@example.de")
states each field as now holding that value: the same claim as "I've set your recovery phone
to 617-555-0148" (``nofab.detectors.newvalues``), written without a verb. A row whose value
is one the user asked for (it is in the user's message) while no successful call of this
turn holds it in its arguments or result reports the request as done with no call that did
it.

Only values with an identity are read (an e-mail, a phone number, a time, date or amount, a
letters-and-digits code; ``newvalues.NewValue``), and only when the user stated them, so a
row holding a total the agent worked out or a field read back from a record is never held to
the calls.

Risks: a headline that closes a different deed than the table reports ("Done — here is
what you asked to change: | Phone | ... |", a plan rather than an outcome) is read as the
outcome; a value the calls hold in a shape ``NewValue`` does not compare (a phone split over
two arguments) is read as not set.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache

from nofab.detectors.newvalues import call_values, value_at
from nofab.evidence.index import Evidence
from nofab.language.text import normalise
from nofab.language.vocabulary import load
from nofab.model.finding import Finding

#: The confidence of a row no call holds: a deed claim's (``update`` in ``actions.json``).
CONFIDENCE = 0.8
#: A table row ("| field | value |") or a list row ("- field: value", "1. field — value").
_ROW = re.compile(r"^[ \t]*(?:\|(?P<cells>.*)\||(?:[-*•]|\d{1,2}[.)])[ \t]+(?P<item>.*))[ \t]*$")
#: Where a list row's field ends and its value starts.
_ITEM_SPLIT = re.compile(r"\s*(?::\s|[—–→]|\s-\s)\s*")
_SEPARATOR = re.compile(r"^[\s|:-]*$")
_MARKUP = re.compile(r"[*_`]+")


@cache
def _headline() -> re.Pattern[str]:
    """A completion headline alone on its line, in any language of ``new_values.json``."""
    data = load("new_values")
    words = {normalise(w) for ws in data["done_headlines"].values() for w in ws}
    quantifiers = {normalise(w) for ws in data["done_quantifiers"].values() for w in ws}

    def either(forms: set[str]) -> str:
        return "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))

    # After the words only punctuation, pictographs and markup may follow on the line.
    return re.compile(
        rf"^[ \t#*_¡]*(?:(?:{either(quantifiers)})\s+)?(?:{either(words)})[^\w\n]*$",
        re.IGNORECASE | re.MULTILINE,
    )


def _rows(answer: str, start: int) -> Iterator[tuple[str, tuple[int, int]]]:
    """The value cell of each row of the table or list right after ``start`` (blank lines
    before it skipped), with its span."""
    pos, begun = start, False
    for line in answer[start:].splitlines(keepends=True):
        at, pos = pos, pos + len(line)
        text = line.rstrip("\r\n")
        if not text.strip():
            if begun:
                return
            continue
        row = _ROW.match(text)
        if row is None:
            return
        begun = True
        if row.group("cells") is not None:
            cells = row.group("cells").split("|")
            if len(cells) < 2 or _SEPARATOR.match(text):
                continue
            value = cells[1]
            offset = at + text.index("|") + 1 + len(cells[0]) + 1
        else:
            parts = _ITEM_SPLIT.split(row.group("item"), maxsplit=1)
            if len(parts) < 2:
                continue
            value = parts[1]
            offset = at + text.rindex(value)
        yield value, (offset, offset + len(value))


def unset_rows(evidence: Evidence, finding: Callable[..., Finding]) -> Iterator[Finding]:
    """A finding (built by the claims detector's ``finding``) for each row, after a
    completion headline, whose value the user asked for and no successful call holds."""
    answer, user = evidence.answer, evidence.turn.user_message or ""
    if not user or "\n" not in answer:
        return  # a one-line answer has no table, and a value from nowhere is another rule's
    headline = _headline().search(answer)
    if headline is None:
        return
    # Any call of the conversation that holds the value grounds it (a recap of an earlier
    # turn's change is not this rule's question).
    calls = evidence.succeeded_calls
    held = [v for c in calls for v in call_values(c)]
    for cell, span in _rows(answer, headline.end()):
        value = value_at(_MARKUP.sub("", cell))
        if value is None or not value.held_by([user]) or value.held_by(held):
            continue
        text = value.text.strip()[:40]
        yield finding(
            "verb_claim",
            text,
            CONFIDENCE,
            span,
            f"reports '{headline.group(0).strip()}' with {text} (the value the user asked for), "
            "but no call this turn holds that value",
            evidence={"new_value": text, "tools_run": [c.name for c in calls]},
        )

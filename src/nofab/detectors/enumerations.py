"""More items named than calls made: "Deleted your 5:30 AM and 7:00 AM alarms" after one
``DeleteAlarm`` call, "He borrado tus alarmas de las 6 y de las 7" likewise.

Principle: a deed claimed for an enumeration of items ("A and B alarms") was done once per
item by tools that act on one item per call; when fewer such calls ran this turn than items
are named, the claim overstates what happened. Only an enumeration right before a plural
noun of the claim's object ("your 5:30 and 7:00 alarms") is counted, joined by the
language's coordinators ("and", "y", "et", "und", "e") or commas, never "or". Calls that can
act on several items at once (a list argument, or a count such as ``total_baggages``) are
never counted against it. Risk: a tool acting on one item per call whose single call covered
both items some other way (a time range) is read as having done one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from nofab.language.lexicon import Claim, Lexicon
from nofab.language.text import fold
from nofab.language.vocabulary import load
from nofab.model.turn import ToolCall, ToolDef

_WORDS = re.compile(r"[\w:'’-]+")
#: A clause ends at a stop followed by a space (a time "5:30" or a price holds none).
_CLAUSE_END = re.compile(r"[.!?;](?!\S)|\n")
_REACH = 80
#: An enumeration counts from two items.
_MIN_ITEMS = 2


@cache
def _joiners(language: str) -> frozenset[str]:
    return frozenset(w for w in load(language).get("coordinators", ()) if w not in ("or", "o", "ou", "oder"))


def enumerated(claim: Claim, answer: str, lexicon: Lexicon) -> tuple[int, str]:
    """How many items the claim enumerates right before a plural noun of a kind of thing,
    and that kind ("your 5:30 and 7:00 alarms": 2, "alarm"), or (0, "")."""
    after = _CLAUSE_END.split(answer[claim.span[1] : claim.span[1] + _REACH])[0]
    # a colon after the noun announces a list ("Criei três lembretes:"); one inside a word is a time
    words = [w.rstrip(":") for w in _WORDS.findall(fold(after).replace(",", " , "))]
    joiners = _joiners(claim.language) | {","}
    for i, word in enumerate(words):
        group = lexicon.entities.get(word)
        singular = word[:-1] if word.endswith("s") else ""
        if group is None or not singular or lexicon.entities.get(singular) != group:
            continue
        if claim.objects and group not in claim.objects:
            return 0, ""
        if i and claim.action.hints is not None and _stated_count(words[i - 1], lexicon):
            # "created 3 reminders", "criei três lembretes"; in "completed two of your three
            # reminders" the first count is the deed's, the one before the noun its whole
            counted = next(c for c in (_stated_count(w, lexicon) for w in words[:i]) if c)
            return (counted, group) if counted >= _MIN_ITEMS else (0, "")
        items = 1 + sum(1 for w in words[:i] if w in joiners)
        return (items, group) if items >= _MIN_ITEMS and words[i - 1] not in joiners else (0, "")
    return 0, ""


def _stated_count(word: str, lexicon: Lexicon) -> int:
    """The count ``word`` states (digits, or a number word of the lexicon), or 0.

    Principle: a deed claimed for a stated number of items ("I've created 3 reminders",
    "Criei três lembretes", "J'ai supprimé deux alarmes") says that many were done, as an
    enumeration of that many items does; done by tools acting on one item per call, it needs
    that many calls. Read claims ("found 3 reminders") are never counted: one search returns
    many. Risk: a count of items a single call handled some other way (a time range, a
    batch endpoint whose arguments name no list) is read as overstated."""
    if word.isdigit():
        return int(word) if len(word) <= 2 else 0
    return lexicon.counts.get(word, 0)


def _acts_on_many(call: ToolCall) -> bool:
    """A call that can act on several items at once: a list argument, or a count."""
    arguments = call.parsed_arguments
    if not isinstance(arguments, dict):
        return True  # unknown arguments: nothing to count against
    return any(
        isinstance(v, list | dict) or (isinstance(v, int) and not isinstance(v, bool))
        for v in arguments.values()
    )


def short_calls(
    claim: Claim,
    answer: str,
    lexicon: Lexicon,
    calls: Sequence[ToolCall],
    definitions: Mapping[str, ToolDef],
) -> tuple[int, list[ToolCall]] | None:
    """(items named, the calls that could do the deed) when fewer such calls ran than the
    claim names items, else None."""
    items, group = enumerated(claim, answer, lexicon)
    if not items:
        return None
    objects = claim.objects | {group}
    able = [c for c in calls if lexicon.grounded_by(claim.action, (c,), objects, definitions)]
    if not able or any(_acts_on_many(c) for c in able) or len(able) >= items:
        return None
    return items, able

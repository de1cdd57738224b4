"""Light verbs take their deed from their object: "Done — refund issued", "I've processed
your cancellation", "Reembolso emitido".

Principle: "issued" and "processed" say that something was carried out, not what; the
action noun beside them ("refund", "cancellation", "payment") says what. So the claim is a
claim of that action, grounded by a tool that could do it (``cancel_reservation`` refunds)
and failed when that tool failed. The nouns are lexicon data (``lexicons/light_verbs.json``)
in every language. Risk: a noun beside the verb that is not its object ("issued the
certificate for the refund you asked about") makes the claim one of that noun's action; the
original reading is tried first, so this only ever grounds more, or names the deed a failed
call was for.

A passive or verb-final clause names its object before the verb, as the clause's subject:
"A refund of $64 for the fare difference has been issued", "Eine Erstattung von 64 $ wurde
ausgestellt". When no action noun stands beside the verb, the first words of its clause (the
subject's head, after a determiner) are read too. Risk: a clause that opens with another
noun than the verb's subject ("Refund aside, the voucher was issued") takes that noun's deed;
as above, that only grounds more or names a failed call's deed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from nofab.language.lexicon import Claim
from nofab.language.text import fold
from nofab.language.vocabulary import Action, load

_WORDS = re.compile(r"\w+")
#: Where a claim's clause ends on either side.
_CLAUSE_END = re.compile(r"[.!?;:\n]")
#: How far either side of the verb its object noun is looked for, in characters and words.
_REACH = 48
_WORDS_BEFORE = 3
_WORDS_AFTER = 4
#: How far back the clause's opening words are looked for, and how many of them are read.
_CLAUSE_REACH = 120
_OPENING_WORDS = 3


@cache
def _table() -> tuple[frozenset[str], dict[str, str]]:
    spec = load("light_verbs")
    return frozenset(spec["actions"]), {fold(k): v for k, v in spec["nouns"].items()}


def named_deed(claim: Claim, answer: str, actions: Mapping[str, Action]) -> Claim | None:
    """The claim as a claim of the deed its object noun names, or None (not a light verb,
    or no action noun beside it)."""
    light, nouns = _table()
    if claim.action.name not in light:
        return None
    start, end = claim.span
    before = _CLAUSE_END.split(answer[max(0, start - _REACH) : start])[-1]
    after = _CLAUSE_END.split(answer[end : end + _REACH])[0]
    near = (
        _WORDS.findall(fold(before))[-_WORDS_BEFORE:]
        + _WORDS.findall(fold(answer[start:end]))
        + _WORDS.findall(fold(after))[:_WORDS_AFTER]
    )
    clause = _CLAUSE_END.split(answer[max(0, start - _CLAUSE_REACH) : start])[-1]
    opening = _WORDS.findall(fold(clause))[:_OPENING_WORDS]  # a passive's subject (module doc)
    for word in (*near, *opening):
        action = actions.get(nouns.get(word, ""))
        if action is not None:
            return replace(claim, action=action)
    return None

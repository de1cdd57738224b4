"""Possession stated as this turn's outcome after the write failed: "Both reservations now
have 2 checked bags" when one of the two bag updates returned an error.

Principle: a possession stated as changed now ("now have", "ahora tienen", "ont
maintenant", "haben jetzt", "agora têm": ``possession_now`` in each language's lexicon) is
the outcome of a write this turn, the same as a stated state ("both alarms are set"). So
it is held to the failure rules of that write: when a write call of this turn failed (and
no later call of the same tool succeeded with the same item), a possession sentence that
names the failed call's item, or speaks for every item ("both", "all", "ambas", "beide"),
reports as done what did not happen.

Risk: "now" read as a change when it means "at this moment" ("you now have 2 bags, and the
update of the other booking failed" is honest and passes only because the answer admits a
failure); a possession that a successful read reports about an item whose write failed
earlier in the turn is flagged. A possession without "now" ("you have 2 bags") is a state a
read may report and is never read here.
"""

from __future__ import annotations

from functools import cache

from nofab.detectors.claimscope import MIN_ID_CHARS, argument_values, claim_scope
from nofab.detectors.completions import Completion, admits_failure
from nofab.evidence.index import Evidence
from nofab.language.text import find_token, fold, normalise
from nofab.language.vocabulary import LANGUAGES, load


@cache
def _phrases() -> tuple[str, ...]:
    """Every language's "now has" forms, normalised, longest first."""
    found = {normalise(p) for code in LANGUAGES for p in load(code).get("possession_now", ())}
    return tuple(sorted(found, key=len, reverse=True))


def _at_words(text: str, phrase: str, start: int = 0) -> int:
    """Where ``phrase`` stands in ``text`` at word boundaries from ``start``, or -1."""
    at = text.find(phrase, start)
    while at != -1:
        end = at + len(phrase)
        if (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return at
        at = text.find(phrase, at + 1)
    return -1


def failed_possession(evidence: Evidence) -> Completion | None:
    """The first "now has" sentence about an item (or every item) whose write call this
    turn failed, in an answer that admits no failure."""
    lexicon = evidence.lexicon
    failed = [c for c in evidence.failed_calls if not c.earlier and not lexicon.reads_only(c)]
    if not failed:
        return None
    norm = normalise(evidence.answer)
    hits = [(at, p) for p in _phrases() if (at := _at_words(norm, p)) != -1]
    if not hits or admits_failure(evidence):
        return None
    done = {(c.name, v) for c in evidence.succeeded_calls if not c.earlier for v in argument_values(c)}
    for at, phrase in sorted(hits):
        start, end = claim_scope(evidence.answer, (at, at + len(phrase)))
        scope = fold(evidence.answer[start:end])
        every = lexicon.says_all(scope)
        for call in failed:
            # the items this call alone acted on (a retry that succeeded repeats them)
            own = [v for v in argument_values(call) if len(v) >= MIN_ID_CHARS and (call.name, v) not in done]
            if not own:
                continue
            named = next((v for v in own if find_token(scope, fold(v)) != -1), None)
            if named or every:
                what = f"names {named}" if named else "speaks for every item"
                why = (
                    f"states '{evidence.answer[at : at + len(phrase)]}' as this turn's outcome and {what}, "
                    f"but the {call.name} call for {own[0][:40]} failed and the answer does not say so"
                )
                return Completion((at, at + len(phrase)), phrase, call, why)
    return None

"""A deed claimed for several named objects, each held to a call of its own: "I texted Ana,
Bo and Cy", "J'ai invité Léa, Marc et Zoé", "He avisado a Ana y a Bruno".

Principle: a claim that enumerates the objects of one action ("Ana, Bo and Cy", joined by
commas and the language's "and", never "or") reports the deed done for each of them, so each
named object needs a call of a tool able to do that deed whose arguments or result hold it
(a receiver "ana_ruiz", an address "bo.lind@...", a list of invitees). When every such call
of the turn is accounted for by another named object, and one object is held by none of
them, the deed for that object never ran: a batch with one call missing is reported whole.

Read narrowly: the enumeration is the claim's object, right after its verb (a count or a
colon may stand between: "texted all three: Ana, Bo and Cy") or, for a passive or a stated
state, right before it ("Ana and Bo have been notified"); its items are capitalised names of
one or two words; an item is held when one of its words is a word of a call's string values
(accents and case aside); and the rule speaks only when at least one item is held (the
calls do name their objects by these names) and every able call holds an item (no call is
left that may be the missing one under another name: a group chat, a phone number).

Risk: a recipient written in the answer by a name no call carries (a nickname, "Mom" for
``mary_lee``) while the other recipients' calls carry theirs is read as missing; a name
listed beside the recipients that is no recipient ("texted Ana and Bo about Cy's party")
stays out because the enumeration must be contiguous and joined by "and". An enumeration
inside a claim's own span (German "Ich habe Ana, Bo und Cy benachrichtigt") is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache

from nofab.evidence.index import Evidence
from nofab.language.capabilities import definitions_by_name
from nofab.language.lexicon import Claim, Lexicon
from nofab.language.text import fold, strip_accents
from nofab.language.vocabulary import load
from nofab.model.finding import Finding
from nofab.model.turn import ToolCall, ToolDef

#: How far after a claim's verb its enumerated object may start ("texted all three: ").
_AFTER = 40
#: How far before a passive or stated claim its enumerated subject may end.
_BEFORE = 12
#: How deep a call's arguments and result are walked, and how many strings read (untrusted input).
_DEPTH = 6
_MAX_STRINGS = 400
#: A name: a capitalised word (letters, inner apostrophes or hyphens), one or two of them.
_NAME = r"[^\W\d_a-zß-ÿ][^\W\d_]*(?:['’-][^\W\d_]+)?"
_ITEM = rf"{_NAME}(?:[ \t]{_NAME})?"
#: Words of a call's values and of an item (letters and digits, at least two).
_PIECES = re.compile(r"[^\W_]{2,}")
#: What may stand between the claim and its enumeration: a count, a colon, "to"/"à"/"a".
_GAP_BREAK = re.compile(r"[.;!?\n]")


@cache
def _enumeration(language: str) -> re.Pattern[str]:
    """Names joined by commas with one final "and" of the language (never "or")."""
    joiners = [w for w in load(language).get("coordinators", ()) if w not in ("or", "o", "u", "ou", "oder")]
    joined = "|".join(re.escape(w) for w in sorted(joiners, key=len, reverse=True))
    # "Ana, Bo and Cy", "Ana, Bo, and Cy", "Ana and Bo"; "a" before each item in Spanish
    # ("a Ana y a Bruno") and a determiner-free item only.
    lead = r"(?:(?:a|à)[ \t]+)?"
    return re.compile(
        rf"{lead}(?P<first>{_ITEM})(?P<middle>(?:[ \t]*,[ \t]*{lead}{_ITEM})*),?[ \t]+(?:{joined})[ \t]+"
        rf"{lead}(?P<last>{_ITEM})(?![\w'’-])"
    )


def _items(match: re.Match[str]) -> list[str]:
    """The enumeration's names; none when one is not capitalised (a letter the pattern's
    Latin ranges do not know as lower-case: "ł", "ā")."""
    middle = re.findall(_ITEM, match.group("middle") or "")
    items = [match.group("first"), *middle, match.group("last")]
    return items if all(w[:1].isupper() for item in items for w in item.split()) else []


def enumerated_objects(claim: Claim, answer: str) -> list[str]:
    """The names the claim enumerates as its objects (see the module doc), or []."""
    pattern = _enumeration(claim.language)
    start, end = claim.span
    window = answer[end : end + _AFTER + 200]
    for match in pattern.finditer(window):
        gap = window[: match.start()]
        if match.start() > _AFTER or _GAP_BREAK.search(gap):
            break
        return _items(match)
    if claim.passive or claim.stative:
        before = answer[max(0, start - 200) : start]
        for match in pattern.finditer(before):
            if len(before) - match.end() <= _BEFORE and not _GAP_BREAK.search(before[match.end() :]):
                return _items(match)
    return []


def _strings(value: object) -> Iterator[str]:
    """The string values (and keys' values only) of a call's arguments or result, bounded."""
    stack: list[tuple[object, int]] = [(value, 0)]
    seen = 0
    while stack and seen < _MAX_STRINGS:
        node, depth = stack.pop()
        if isinstance(node, str):
            seen += 1
            yield node
        elif depth < _DEPTH and isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif depth < _DEPTH and isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def _words(call: ToolCall) -> frozenset[str]:
    """The words a call's arguments and result hold, folded without accents."""
    texts = [*_strings(call.parsed_arguments), *_strings(call.parsed_result)]
    return frozenset(_PIECES.findall(strip_accents(fold(" ".join(texts)))))


def _pieces(item: str) -> frozenset[str]:
    return frozenset(_PIECES.findall(strip_accents(fold(item))))


def missing_object(
    claim: Claim,
    answer: str,
    lexicon: Lexicon,
    calls: Sequence[ToolCall],
    definitions: dict[str, ToolDef],
) -> tuple[str, list[ToolCall]] | None:
    """(the named object no call holds, the calls that could do the deed) when the claim
    enumerates objects and one is held by no call while every call holds another, else None.

    ``calls``: every call of the turn (an item held by a failed call, or by an earlier
    turn's, is held: the failure and recap rules speak of it)."""
    items = enumerated_objects(claim, answer)
    if len(items) < 2:
        return None
    able = [c for c in calls if lexicon.grounded_by(claim.action, (c,), claim.objects, definitions)]
    now = [c for c in able if not c.earlier]
    if not now:
        return None
    words = {id(c): _words(c) for c in able}
    held = [any(not _pieces(item).isdisjoint(w) for w in words.values()) for item in items]
    if all(held) or not any(held):
        return None
    # Every call of this turn must be one of a named item's: else the missing one may be
    # under another name (an earlier turn's calls only hold items, they need not be named).
    named = [_pieces(item) for item, ok in zip(items, held, strict=True) if ok]
    if not all(any(not p.isdisjoint(words[id(c)]) for p in named) for c in now):
        return None
    missing = next(item for item, ok in zip(items, held, strict=True) if not ok)
    return missing, now


def unheld_object(evidence: Evidence, claim: Claim, finding: Callable[..., Finding]) -> Finding | None:
    """A finding (built by the detector's ``finding``) when the claim enumerates objects and
    one has no call of its own (``missing_object`` over every call of the turn)."""
    definitions = definitions_by_name(evidence.turn.tools)
    found = missing_object(claim, evidence.answer, evidence.lexicon, evidence.turn.tool_calls, definitions)
    if found is None:
        return None
    item, calls = found
    return finding(
        "verb_claim",
        claim.text,
        claim.action.confidence,
        claim.span,
        f"claims '{claim.text}' for {item}, but no {calls[0].name} call this turn names {item} "
        f"(the {len(calls)} call(s) that ran name the other items)",
        evidence={"item": item, "calls": len(calls), "tool": calls[0].name},
    )


__all__ = ["enumerated_objects", "missing_object", "unheld_object"]

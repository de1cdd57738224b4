"""A thing delivered to the user is a thing added to their account: "I've added a $120 travel
certificate to your account" after ``send_certificate``, "He añadido un cupón a su cuenta"
after ``issue_coupon``, "Ihrem Konto wurde ein Gutschein gutgeschrieben" after
``grant_voucher``.

Principle: a tool whose verb sends, issues or grants (``send_certificate``, ``issue_voucher``,
``grant_credit``, ``SendGiftCard``; its definition's opening verb counts as well) and whose
name names an item (a certificate, a voucher, a credit, points) puts that item in the user's
hands: it is then on their account, added, credited, issued to them. So a claim of a
producing action (added, created, issued, credited, in any language) whose own clause names
an item of the same kind as the tool's is the deed that tool did, and the same claim after
that tool failed is held to the failure. The verbs, the actions and the items with their
words in every lexicon language are data (``lexicons/deliveries.json``).

Risk: a contrary deed ("removed the certificate", "cancelled your voucher", "used the
credit") is no producing action and stays ungrounded; an item the tool does not name ("added
a bag" or "added a voucher" after ``send_certificate``) stays a finding, so an agent that
calls a certificate a voucher is flagged. The item is looked for in the few words after the
verb, not parsed as its object: a producing claim that names the delivered item beside
another thing ("added a bag and a $50 certificate") or as its means ("created a booking
with your certificate") is grounded as a whole, and an item word used for something else
("credit card") is read as the item unless ``not_items`` lists the phrase.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import pairwise

from nofab.language.capabilities import Capability, capability, part_matches
from nofab.language.lexicon import Claim
from nofab.language.text import fold, strip_accents
from nofab.language.vocabulary import load
from nofab.model.turn import ToolCall, ToolDef

_WORDS = re.compile(r"\w+")
_CLAUSE_END = re.compile(r"[.!?;:\n]")
#: How far either side of the verb the item is looked for, in characters and words: after
#: the verb its object ("added a **$120 travel certificate**"); before it only the subject of
#: a passive or stated state ("The $120 certificate has been added").
_REACH = 64
_WORDS_BEFORE = 4
_WORDS_AFTER = 6
#: The longest item phrase, in words ("tarjeta de regalo").
_PHRASE_WORDS = 3


@cache
def _table() -> tuple[frozenset[str], frozenset[str], dict[str, frozenset[str]], tuple[tuple[str, ...], ...]]:
    """(tool verbs, claim actions, {item phrase: its groups}, the not-item phrases as words)."""
    spec = load("deliveries")
    groups: dict[str, set[str]] = {}
    for group, phrases in spec["items"].items():
        for phrase in phrases:
            groups.setdefault(" ".join(_WORDS.findall(fold(phrase))), set()).add(group)
    not_items = tuple(tuple(_WORDS.findall(fold(p))) for p in spec["not_items"])
    return (
        frozenset(strip_accents(fold(v)) for v in spec["tool_verbs"]),
        frozenset(spec["claim_actions"]),
        {phrase: frozenset(g) for phrase, g in groups.items()},
        not_items,
    )


@cache
def _name_phrases() -> dict[str, frozenset[str]]:
    """The item phrases as a tool name spells them, without accents ("otorgar_credito")."""
    out: dict[str, frozenset[str]] = {}
    for phrase, groups in _table()[2].items():
        key = strip_accents(phrase)
        out[key] = out.get(key, frozenset()) | groups
    return out


def _items_in(
    words: Sequence[str], phrases: Mapping[str, frozenset[str]], skip: Sequence[tuple[str, ...]] = ()
) -> frozenset[str]:
    """The item groups ``words`` name, as single words or phrases of up to three, leaving out
    the words of a ``skip`` phrase ("credit card" names no credit)."""
    covered: set[int] = set()
    for phrase in skip:
        size = len(phrase)
        for i in range(len(words) - size + 1):
            if tuple(words[i : i + size]) == phrase:
                covered.update(range(i, i + size))
    found: set[str] = set()
    for i in range(len(words)):
        for size in range(1, _PHRASE_WORDS + 1):
            span = range(i, i + size)
            if i + size > len(words) or not covered.isdisjoint(span):
                break
            found |= phrases.get(" ".join(words[i : i + size]), frozenset())
    return frozenset(found)


@lru_cache(maxsize=4096)
def delivered_items(tool: Capability) -> frozenset[str]:
    """The item groups a tool delivers: none unless its verb (its name's first part, or its
    definition's verb) sends, issues or grants; then the items its name and definition name,
    as parts, runs of parts ("gift", "card") or a compound of two ("giftcard")."""
    verbs, phrases = _table()[0], _name_phrases()
    if not any(v in verbs or any(part_matches(known, v) for known in verbs) for v in tool.verbs):
        return frozenset()
    parts = tuple(strip_accents(fold(p)) for p in tool.parts)
    found = set(_items_in(parts, phrases))
    for a, b in pairwise(parts):
        found |= phrases.get(a + b, frozenset())
    # An English inflection the data does not list ("vouchers" ~ "voucher").
    words = [(phrase, groups) for phrase, groups in phrases.items() if " " not in phrase]
    for part in parts:
        found.update(g for phrase, groups in words if part_matches(phrase, part) for g in groups)
    return frozenset(found)


def _claimed_items(claim: Claim, answer: str) -> frozenset[str]:
    """The item groups the claim's own clause names: its object after the verb, and for a
    passive or stated state its subject before it."""
    start, end = claim.span
    near = _WORDS.findall(fold(answer[start:end]))
    near += _WORDS.findall(fold(_CLAUSE_END.split(answer[end : end + _REACH])[0]))[:_WORDS_AFTER]
    if claim.passive or claim.stative:
        before = _CLAUSE_END.split(answer[max(0, start - _REACH) : start])[-1]
        near = _WORDS.findall(fold(before))[-_WORDS_BEFORE:] + near
    return _items_in(near, _table()[2], _table()[3])


def delivered_item(
    claim: Claim,
    answer: str,
    calls: Sequence[ToolCall],
    definitions: Mapping[str, ToolDef],
) -> str | None:
    """The first of ``calls`` that delivered the item a producing claim names, or None."""
    if claim.action.name not in _table()[1]:
        return None
    delivering = [(c, items) for c in calls if (items := delivered_items(capability(c, definitions)))]
    if not delivering:
        return None  # most turns deliver nothing: the answer's words are not read
    claimed = _claimed_items(claim, answer)
    return next((call.name for call, items in delivering if not items.isdisjoint(claimed)), None)

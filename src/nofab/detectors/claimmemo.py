"""The questions a claim asks of a turn's tools, answered once per distinct claim shape.

A claim's grounding by tools (could a tool of this turn do the action on these objects, is
a tool named for the verb, does a read or an earlier turn report the stated state) depends
on the claim's shape alone (verb, action, objects, language, stative, passive), never on
where it sits in the answer or on the words around it. A long answer repeats a handful of
shapes thousands of times ("X called. Y called. ..."), so each question is asked of the
lexicon once per distinct shape and turn and then read from a dict: the per-claim cost of
the tool-side questions stops growing with the number of tools, calls and stems.

The answers are the lexicon's own (``tests/test_claim_memo.py`` compares them with the plain
calls); only the questions that read the answer's text around a claim are left to the
detector.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from nofab.language.lexicon import Claim, Lexicon
from nofab.language.vocabulary import Action
from nofab.model.turn import ToolCall, ToolDef

#: A claim's shape for the state question: what ``Lexicon.reports_state`` reads of it.
_StateKey = tuple[str, bool, bool, frozenset[str]]
#: (which tools, the action, the objects) for ``Lexicon.grounded_by``.
#: (by name: hashing an Action hashes all its fields; the stored Action is checked to be
#: the very one asked about, so two tables' same-named actions never share an answer).
_GroundKey = tuple[str, str, frozenset[str]]
#: (language, verb, confidence, objects) for ``Lexicon.named_for_verb``.
_VerbKey = tuple[str, str, float, frozenset[str]]


class ClaimQuestions:
    """One turn's answers to the tool-side questions of its claims, memoised by shape.

    ``groups`` names the tool partitions a claim is grounded against ("now", "before",
    "failed"): each is fixed for the turn, so (group, action, objects) decides the answer.
    Risk: none beyond the lexicon's own; a question whose answer read the claim's position
    or text would be wrong to memoise here, and none of these does.
    """

    __slots__ = (
        "_definitions",
        "_evidence_has",
        "_grounded",
        "_groups",
        "_lexicon",
        "_made",
        "_named",
        "_observers",
        "_returned",
        "_states",
    )

    def __init__(
        self,
        lexicon: Lexicon,
        groups: Mapping[str, Sequence[ToolCall]],
        observers: Sequence[ToolCall],
        evidence_has: Callable[[str], bool],
        definitions: Mapping[str, ToolDef],
        as_made: Callable[[Claim, Mapping[str, Action]], Claim],
    ) -> None:
        self._lexicon = lexicon
        self._groups = groups
        self._observers = observers
        self._evidence_has = evidence_has
        self._definitions = definitions
        self._made: tuple[
            Callable[[Claim, Mapping[str, Action]], Claim], dict[tuple[object, ...], tuple[Action, Action]]
        ]
        self._made = (as_made, {})
        self._states: dict[_StateKey, bool] = {}
        self._returned: frozenset[str] | None = None
        self._grounded: dict[_GroundKey, tuple[Action, str | None]] = {}
        self._named: dict[_VerbKey, str | None] = {}

    def reports_state(self, claim: Claim) -> bool:
        """``Lexicon.reports_state`` against the turn's observers."""
        key = (claim.verb, claim.passive, claim.stative, claim.objects)
        known = self._states.get(key)
        if known is None:
            # What the observers returned, walked once per turn and only for a passive or stative claim
            # (walking every result per claim was most of the detector's time on τ-bench).
            if (claim.passive or claim.stative) and self._returned is None:
                self._returned = self._lexicon.returned_values(self._observers)
            known = self._lexicon.reports_state(claim, self._observers, self._evidence_has, self._returned)
            self._states[key] = known
        return known

    def as_made(self, claim: Claim) -> Claim:
        """The detector's ``_as_made`` rewrite (a confirmed thing as made), by shape."""
        rewrite, cache = self._made
        key = (claim.stative, claim.action.name, claim.verb, claim.objects)
        known = cache.get(key)
        if known is None or known[0] is not claim.action:
            known = (claim.action, rewrite(claim, self._lexicon.actions).action)
            cache[key] = known
        action = known[1]
        return claim if action is claim.action else replace(claim, action=action)

    def grounded_by(self, group: str, action: Action, objects: frozenset[str]) -> str | None:
        """``Lexicon.grounded_by`` over the tools of ``group``."""
        key = (group, action.name, objects)
        known = self._grounded.get(key)
        if known is not None and known[0] is action:
            return known[1]
        name = self._lexicon.grounded_by(action, self._groups[group], objects, self._definitions)
        self._grounded[key] = (action, name)
        return name

    def named_for_verb(self, claim: Claim) -> str | None:
        """``Lexicon.named_for_verb`` over the tools of the "now" group."""
        key = (claim.language, claim.verb, claim.action.confidence, claim.objects)
        if key in self._named:
            return self._named[key]
        name = self._lexicon.named_for_verb(claim, self._groups["now"], self._definitions)
        self._named[key] = name
        return name

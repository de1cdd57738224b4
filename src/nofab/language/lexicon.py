"""The compiled vocabulary of claims and requests, built once per profile.

The words live in data files (``nofab/language/lexicons/*.json``, one per language plus the
action table); this module only compiles them, so adding a language or a verb needs no
code. A ``Lexicon`` is immutable and shared by every check a ``Guard`` runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nofab.config.policy import Profile
from nofab.language.capabilities import Capability, capability, part_matches, stem
from nofab.language.capabilities import tool_name_parts as tool_name_parts  # re-exported
from nofab.language.text import fold, strip_accents
from nofab.model.turn import ToolCall, ToolDef
from nofab.pipeline.spans import SpanSet

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "de", "pt")
_LEXICONS = Path(__file__).with_name("lexicons")

_CLAUSE_BREAK = re.compile(r"[.!?;\n]|\bbut\b|\bpero\b|\bmais\b|\baber\b|\bmas\b", re.IGNORECASE)
# A noun phrase right before the subject makes the claim a relative clause: "the reminders
# I deleted", "the email that we sent". No verb or conjunction may sit in between, so "the
# change and I've sent" is still a claim.
_RELATIVE_REFERENCE = re.compile(
    r"\b(?:the|those|these|which|whom)\s+(?:(?!and\b|or\b|so\b|then\b|but\b|is\b|are\b|was\b|were\b"
    r"|has\b|have\b|had\b|will\b|been\b)[a-z'’-]+\s+){1,3}(?:that\s+)?$"
)
_QUOTED = re.compile(r'"[^"\n]{0,200}"|“[^”\n]{0,200}”|«[^»\n]{0,200}»')
_WORDS = re.compile(r"\w+(?:['’]\w+)?")


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    hints: frozenset[str] | None  # None: any successful tool grounds the claim
    confidence: float
    #: Sets of other actions that together perform this one (change = delete + create).
    composite: tuple[tuple[str, ...], ...] = ()
    #: Argument names that let a call perform this action whatever its name says: money
    #: moves through a ``payment_id``. Other arguments only say what a call acts on or
    #: with (an ``email`` argument is an address, not a sent e-mail).
    argument_hints: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Claim:
    """A completed action the answer states as done."""

    span: tuple[int, int]
    text: str
    verb: str
    action: Action
    language: str
    #: Entity groups the claim's object names ("your old booking" -> {"reservation"}).
    objects: frozenset[str] = frozenset()
    #: A state rather than a deed ("your booking is confirmed"): no claim when the evidence
    #: itself reports the state (a status field that says "confirmed").
    stative: bool = False


@dataclass(frozen=True, slots=True)
class _Language:
    code: str
    patterns: tuple[re.Pattern[str], ...]
    #: A further verb joined to a claim of the same sentence ("... and sent a message").
    coordination: tuple[re.Pattern[str], ...]
    verbs: dict[str, str]  # folded form -> action name
    particle_objects: frozenset[str]  # "you" in "logged you out"
    first_words: frozenset[str]  # pre-filter: the answer must contain one of these
    negations: frozenset[str]
    hedges: tuple[str, ...]
    action_words: frozenset[str]
    request_markers: tuple[str, ...]
    inability: tuple[str, ...]
    titles: frozenset[str]  # "Mr", "Sra", "Mme": a capitalised word after one is a name
    universal: tuple[str, ...]  # "all", "every", "ambos": a claim about every item
    counts: dict[str, int]  # "two", "dos": a claim about that many items
    greetings: tuple[str, ...]  # "thank you", "hola": a lone capitalised word after one is a name


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((_LEXICONS / f"{name}.json").read_text("utf-8"))
    return data


def _alternation(words: list[str], objects: str = "") -> str:
    """Longest first so "looked up" wins over "looked"; spaces match any whitespace. A
    phrase verb may hold an object pronoun before its last word ("logged you out")."""
    out = []
    for word in sorted(words, key=len, reverse=True):
        parts = [re.escape(p) for p in word.split()]
        if len(parts) > 1 and objects:
            out.append(r"\s+".join(parts[:-1]) + rf"(?:\s+(?:{objects}))?\s+" + parts[-1])
        else:
            out.append(r"\s+".join(parts))
    return "|".join(out)


def _compile_language(code: str, data: dict[str, Any], extra_verbs: dict[str, str]) -> _Language:
    groups: dict[str, dict[str, str]] = {
        key: {fold(k): v for k, v in value.items()}
        for key, value in data.items()
        if key in ("verbs", "preterite", "verbs_motion")
    }
    if extra_verbs:
        groups["verbs"] = {**groups.get("verbs", {}), **extra_verbs}
    objects = "|".join(re.escape(fold(w)) for w in data.get("particle_objects", ()))

    def compiled(templates: list[str]) -> tuple[re.Pattern[str], ...]:
        out = []
        for template in templates:
            filled = template
            for key, forms in groups.items():
                filled = filled.replace("{" + key + "}", _alternation(list(forms), objects))
            out.append(re.compile(filled, re.IGNORECASE))
        return tuple(out)

    verbs: dict[str, str] = {}
    for forms in groups.values():
        verbs.update(forms)
    first_words = frozenset(f.split()[0] for f in verbs)
    return _Language(
        code=code,
        patterns=compiled(data["claim_patterns"]),
        coordination=compiled(data.get("coordination", [])),
        verbs=verbs,
        particle_objects=frozenset(fold(w) for w in data.get("particle_objects", ())),
        first_words=first_words,
        negations=frozenset(fold(w) for w in data.get("negations", ())),
        hedges=tuple(fold(w) for w in data.get("hedges", ())),
        action_words=frozenset(fold(w) for w in data.get("action_words", ())),
        request_markers=tuple(fold(w) for w in data.get("request_markers", ())),
        inability=tuple(fold(w) for w in data.get("inability", ())),
        titles=frozenset(data.get("titles", ())),
        universal=tuple(fold(w) for w in data.get("universal", ())),
        counts={fold(k): int(v) for k, v in data.get("counts", {}).items()},
        greetings=tuple(fold(w) for w in data.get("greetings", ())),
    )


def _contains_phrase(text: str, phrase: str) -> bool:
    """Phrase occurs in text at word boundaries (``text`` and ``phrase`` already folded)."""
    start = text.find(phrase)
    while start != -1:
        end = start + len(phrase)
        if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        start = text.find(phrase, start + 1)
    return False


class Lexicon:
    """Claim verbs, action hints and request vocabulary for every supported language."""

    def __init__(self, profile: Profile) -> None:
        table = _load("actions")
        actions = {
            name: Action(
                name=name,
                hints=None if spec["hints"] == "*" else frozenset(spec["hints"]),
                confidence=float(spec["confidence"]),
                composite=tuple(tuple(group) for group in spec.get("composite", ())),
                argument_hints=frozenset(spec.get("argument_hints", ())),
            )
            for name, spec in table.items()
            if not name.startswith("_")
        }
        #: Stems of the verbs that open the name of a tool that only reads ("get", "search").
        self.read_verbs = frozenset(stem(v) for v in table["read"].get("name_verbs", ()))
        # Profile verbs: "provisioned" -> ("provision", "create") becomes its own action.
        extra: dict[str, str] = {}
        for verb, hints in profile.claim_verbs.items():
            action = f"profile:{fold(verb)}"
            actions[action] = Action(action, frozenset(h.lower() for h in hints), 0.8)
            extra[fold(verb)] = action
        self.actions = actions
        self.entities: dict[str, str] = {
            word: group for group, words in _load("entities")["groups"].items() for word in words
        }
        self.languages = tuple(
            _compile_language(code, _load(code), extra if code == "en" else {}) for code in LANGUAGES
        )
        self._accent_insensitive = profile.accent_insensitive
        self.trigger_keywords: tuple[tuple[str, str], ...] = tuple(
            (self._norm(keyword), tool)
            for tool, keywords in profile.tool_trigger_keywords.items()
            for keyword in keywords
        )
        self._all_action_words = frozenset().union(*(lang.action_words for lang in self.languages))
        self._all_request_markers = tuple(m for lang in self.languages for m in lang.request_markers)
        self._all_inability = tuple(m for lang in self.languages for m in lang.inability)
        #: Every language's personal titles, as written ("Mr", "Sra", "Herr").
        self.titles: frozenset[str] = frozenset().union(*(lang.titles for lang in self.languages))
        self.greetings: frozenset[str] = frozenset(g for lang in self.languages for g in lang.greetings)
        self._universal = tuple(w for lang in self.languages for w in lang.universal)
        self.counts: dict[str, int] = {k: v for lang in self.languages for k, v in lang.counts.items()}

    def _norm(self, text: str) -> str:
        folded = fold(text)
        return strip_accents(folded) if self._accent_insensitive else folded

    # ---------------------------------------------------------------- claims
    def find_claims(self, text: str) -> list[Claim]:
        """Completed-action claims in ``text``, skipping negated, hedged and question forms."""
        folded = fold(text)
        if len(folded) != len(text):
            folded = text.lower()  # case folding changed lengths (ß -> ss): keep offsets exact
        words = set(_WORDS.findall(folded))
        claims: list[Claim] = []
        seen = SpanSet()
        for lang in self.languages:
            if words.isdisjoint(lang.first_words):
                continue
            for pattern in lang.patterns:
                for match in pattern.finditer(folded):
                    claim = self._claim(text, folded, lang, match, seen)
                    if claim is not None:
                        claims.append(claim)
            if claims and lang.coordination:
                claims.extend(self._coordinated(text, folded, lang, claims, seen))
        claims.sort(key=lambda c: c.span)
        return claims

    def _claim(
        self, text: str, folded: str, lang: _Language, match: re.Match[str], seen: SpanSet
    ) -> Claim | None:
        verb = re.sub(r"\s+", " ", match.group("verb"))
        name = lang.verbs.get(verb)
        if name is None and " " in verb:  # "logged you out" -> "logged out"
            name = lang.verbs.get(" ".join(w for w in verb.split() if w not in lang.particle_objects))
        action = self.actions.get(name or "")
        span = match.span()
        if action is None or seen.overlaps(*span) or self._cancelled(folded, span, lang, match):
            return None
        seen.add(*span)
        stative = bool(match.groupdict().get("state"))
        clipped = text[span[0] : span[1]]
        lead = len(clipped) - len(clipped.lstrip(" \t\n-*•"))
        span = (span[0] + lead, span[1])
        return Claim(
            span,
            text[span[0] : span[1]].strip(),
            verb,
            action,
            lang.code,
            self._objects(folded, span),
            stative,
        )

    def _coordinated(
        self, text: str, folded: str, lang: _Language, claims: list[Claim], seen: SpanSet
    ) -> list[Claim]:
        """Verbs joined to an earlier claim of the same sentence share its subject: "I've
        moved the meeting and sent a message", "He cancelado la reserva y enviado el correo"."""
        anchors = sorted(c.span[1] for c in claims if c.language == lang.code)
        out: list[Claim] = []
        for pattern in lang.coordination:
            for match in pattern.finditer(folded, anchors[0] if anchors else len(folded)):
                start = match.start()
                anchor = max((a for a in anchors if a <= start), default=-1)
                if anchor < 0 or any(c in ".!?\n" for c in folded[anchor:start]):
                    continue
                claim = self._claim(text, folded, lang, match, seen)
                if claim is not None:
                    out.append(claim)
                    anchors.append(claim.span[1])
                    anchors.sort()
        return out

    def _cancelled(self, folded: str, span: tuple[int, int], lang: _Language, match: re.Match[str]) -> bool:
        start, end = span
        # The sentence holding the claim: a question does not claim ("Have I sent it?").
        stop = len(folded)
        for i in range(end, min(len(folded), end + 400)):
            if folded[i] in ".!?\n":
                stop = i
                break
        if stop < len(folded) and folded[stop] == "?":
            return True
        clause_start = 0
        for brk in _CLAUSE_BREAK.finditer(folded, max(0, start - 160), start):
            clause_start = brk.end()
        # Quoted words are someone else's ('the message "I could never go"'): their
        # negations and hedges are not the speaker's.
        clause = _QUOTED.sub(" ", folded[clause_start:end])
        tokens = set(_WORDS.findall(clause))
        if "gap" in match.groupdict() and match.group("gap"):
            tokens.update(_WORDS.findall(match.group("gap")))
        if any(t in lang.negations or t.endswith(("n't", "n’t")) for t in tokens):
            return True
        if lang.code == "fr" and ("n'" in clause or "n’" in clause):
            return True
        subject_first = folded.startswith(("i ", "i'", "i’", "we "), start)
        if (
            lang.code == "en"
            and subject_first
            and _RELATIVE_REFERENCE.search(folded, max(clause_start, start - 48), start)
        ):
            return True  # "a list of the reminders I deleted": a reference, not a new claim
        return any(_contains_phrase(clause, hedge) for hedge in lang.hedges)

    def _objects(self, folded: str, span: tuple[int, int]) -> frozenset[str]:
        """Entity groups named right after the claim ("deleted your old booking") or, for a
        passive claim, right before it ("your reservation has been cancelled")."""
        after = _WORDS.findall(folded[span[1] : span[1] + 48])[:5]
        # A subjectless claim holds its object inside its span ("your alarms are set").
        before = _WORDS.findall(folded[max(0, span[0] - 40) : span[1]])[-6:]
        return frozenset(self.entities[w] for w in (*before, *after) if w in self.entities)

    # ---------------------------------------------------------------- grounding
    def reports_state(
        self, claim: Claim, tools: Sequence[ToolCall], evidence_has: Callable[[str], bool]
    ) -> bool:
        """A stative claim ("your alarms are set") reports what the evidence shows: the
        evidence holds the participle (a status "confirmed"), or a tool that ran names the
        claim's object (``FindAlarms`` read the alarms it describes)."""
        if not claim.stative:
            return False
        if evidence_has(claim.verb):
            return True
        return any(
            not self._named_objects(tool_name_parts(call.name)).isdisjoint(claim.objects) for call in tools
        )

    @staticmethod
    def hint_matches(hint: str, parts: tuple[str, ...]) -> bool:
        return any(part_matches(hint, part) for part in parts)

    def _named_objects(self, parts: tuple[str, ...]) -> set[str]:
        return {self.entities[p] for p in parts if p in self.entities}

    def _can(self, action: Action, tool: Capability, objects: frozenset[str]) -> bool:
        if action.hints is None:
            return True
        if tool.reads_only(self.read_verbs):
            return False  # SearchMessages reads messages; it sent none
        if objects:
            # The object narrows only when the tool names a kind of thing, and another one:
            # DeleteReminder did not delete "your old booking"; delete(id=...) may have.
            named = self._named_objects(tool.name_parts) or self._named_objects(tool.argument_parts)
            if named and named.isdisjoint(objects):
                return False
        if any(tool.names_hint(hint) for hint in action.hints):
            return True
        return any(part_matches(hint, part) for hint in action.argument_hints for part in tool.argument_parts)

    def grounded_by(
        self,
        action: Action,
        tools: Sequence[ToolCall],
        objects: frozenset[str] = frozenset(),
        definitions: Mapping[str, ToolDef] | None = None,
    ) -> str | None:
        """The first tool that could perform ``action`` on ``objects``, or None.

        What a tool can do comes from its name's verb and parts, its arguments' names
        (``update_reservation(payment_id=...)`` can charge) and its definition when the
        transcript has one (``nofab.language.capabilities``). A tool named for reading does
        nothing, and a tool that names a different thing than the claim's object did not do
        it to that object.
        """
        defs = definitions or {}
        for call in tools:
            if self._can(action, capability(call, defs), objects):
                return call.name
        for group in action.composite:
            names = [self.grounded_by(self.actions[member], tools, objects, defs) for member in group]
            if all(names):
                return " + ".join(n for n in names if n)
        return None

    # ---------------------------------------------------------------- intent
    def classify_request(self, message: str) -> tuple[str, float, tuple[str, ...]]:
        """Label a user message ``action`` or ``question``, with a confidence and the
        keywords that decided it. Two of three signals make an action: a profile trigger
        keyword, an action verb, a request form (marker or leading imperative)."""
        text = self._norm(message)
        tokens = [self._norm(t) for t in _WORDS.findall(fold(message))]
        matched = tuple(
            sorted(
                {
                    kw
                    for kw, _tool in self.trigger_keywords
                    if _contains_phrase(text, kw) or any(len(kw) >= 4 and t.startswith(kw) for t in tokens)
                }
            )
        )
        action_words = [
            t for t in tokens if t in self._all_action_words or strip_accents(t) in self._all_action_words
        ]
        marker = any(_contains_phrase(text, m) for m in self._all_request_markers)
        imperative = bool(tokens) and (tokens[0] in self._all_action_words)
        signals = int(bool(matched)) + int(bool(action_words)) + int(marker or imperative)
        if signals >= 2:
            return "action", min(0.95, 0.55 + 0.15 * (signals - 1)), matched + tuple(action_words)
        return "question", 0.5, matched

    def says_all(self, folded: str) -> bool:
        """Does the (folded) text speak of every item ("all of them", "ambos", "beide")?"""
        return any(_contains_phrase(folded, w) for w in self._universal)

    def states_inability(self, text: str) -> bool:
        folded = fold(text)
        return any(_contains_phrase(folded, m) for m in self._all_inability)


_COMPILED: dict[str, Lexicon] = {}


def lexicon_for(profile: Profile) -> Lexicon:
    """One compiled lexicon per distinct profile content (compiling costs milliseconds)."""
    key = profile.digest()
    lexicon = _COMPILED.get(key)
    if lexicon is None:
        lexicon = _COMPILED.setdefault(key, Lexicon(profile))
    return lexicon

"""The compiled vocabulary of claims and requests, built once per profile.

The words live in data files (``nofab/language/lexicons/*.json``, one per language plus the
action table); this module only compiles them, so adding a language or a verb needs no
code. A ``Lexicon`` is immutable and shared by every check a ``Guard`` runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nofab.config.policy import Profile
from nofab.language.text import fold, strip_accents
from nofab.model.turn import ToolCall
from nofab.pipeline.spans import SpanSet

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "de", "pt")
_LEXICONS = Path(__file__).with_name("lexicons")

# A tool-name part may carry an inflection of a hint: "messages", "booking", "deleted".
_SUFFIXES = frozenset({"", "s", "es", "ed", "d", "ing", "er", "ers", "ion", "ions", "ment", "ments", "ation"})
_NAME_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_CLAUSE_BREAK = re.compile(r"[.!?;\n]|\bbut\b|\bpero\b|\bmais\b|\baber\b|\bmas\b", re.IGNORECASE)
# A noun phrase right before the subject makes the claim a relative clause: "the reminders
# I deleted", "the email that we sent". No verb or conjunction may sit in between, so "the
# change and I've sent" is still a claim.
_RELATIVE_REFERENCE = re.compile(
    r"\b(?:the|those|these|which|whom)\s+(?:(?!and\b|or\b|so\b|then\b|but\b|is\b|are\b|was\b|were\b"
    r"|has\b|have\b|had\b|will\b|been\b)[a-z'’-]+\s+){1,3}(?:that\s+)?$"
)
_WORDS = re.compile(r"\w+(?:['’]\w+)?")


def tool_name_parts(name: str) -> tuple[str, ...]:
    """``sendEmail`` / ``send_email`` / ``SendEmail`` -> ("send", "email")."""
    return tuple(p.lower() for p in _NAME_PARTS.findall(name))


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    hints: frozenset[str] | None  # None: any successful tool grounds the claim
    confidence: float
    #: Sets of other actions that together perform this one (change = delete + create).
    composite: tuple[tuple[str, ...], ...] = ()


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


@dataclass(frozen=True, slots=True)
class _Language:
    code: str
    patterns: tuple[re.Pattern[str], ...]
    verbs: dict[str, str]  # folded form -> action name
    first_words: frozenset[str]  # pre-filter: the answer must contain one of these
    negations: frozenset[str]
    hedges: tuple[str, ...]
    action_words: frozenset[str]
    request_markers: tuple[str, ...]
    inability: tuple[str, ...]
    titles: frozenset[str]  # "Mr", "Sra", "Mme": a capitalised word after one is a name
    greetings: tuple[str, ...]  # "thank you", "hola": a lone capitalised word after one is a name


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((_LEXICONS / f"{name}.json").read_text("utf-8"))
    return data


def _alternation(words: list[str]) -> str:
    # Longest first so "looked up" wins over "looked"; spaces match any whitespace.
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


def _compile_language(code: str, data: dict[str, Any], extra_verbs: dict[str, str]) -> _Language:
    groups: dict[str, dict[str, str]] = {
        key: {fold(k): v for k, v in value.items()}
        for key, value in data.items()
        if key in ("verbs", "preterite", "verbs_motion")
    }
    if extra_verbs:
        groups["verbs"] = {**groups.get("verbs", {}), **extra_verbs}
    patterns = []
    for template in data["claim_patterns"]:
        filled = template
        for key, forms in groups.items():
            filled = filled.replace("{" + key + "}", _alternation(list(forms)))
        patterns.append(re.compile(filled, re.IGNORECASE))
    verbs: dict[str, str] = {}
    for forms in groups.values():
        verbs.update(forms)
    first_words = frozenset(f.split()[0] for f in verbs)
    return _Language(
        code=code,
        patterns=tuple(patterns),
        verbs=verbs,
        first_words=first_words,
        negations=frozenset(fold(w) for w in data.get("negations", ())),
        hedges=tuple(fold(w) for w in data.get("hedges", ())),
        action_words=frozenset(fold(w) for w in data.get("action_words", ())),
        request_markers=tuple(fold(w) for w in data.get("request_markers", ())),
        inability=tuple(fold(w) for w in data.get("inability", ())),
        titles=frozenset(data.get("titles", ())),
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
            )
            for name, spec in table.items()
            if not name.startswith("_")
        }
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
                    verb = re.sub(r"\s+", " ", match.group("verb"))
                    action = self.actions.get(lang.verbs.get(verb, ""))
                    span = match.span()
                    if action is None or seen.overlaps(*span):
                        continue
                    if self._cancelled(folded, span, lang, match):
                        continue
                    seen.add(*span)
                    claims.append(
                        Claim(
                            span,
                            text[span[0] : span[1]].strip(),
                            verb,
                            action,
                            lang.code,
                            self._objects(folded, span),
                        )
                    )
        claims.sort(key=lambda c: c.span)
        return claims

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
        clause = folded[clause_start:end]
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
        before = _WORDS.findall(folded[max(0, span[0] - 40) : span[0]])[-4:]
        return frozenset(self.entities[w] for w in (*before, *after) if w in self.entities)

    # ---------------------------------------------------------------- grounding
    @staticmethod
    def hint_matches(hint: str, parts: tuple[str, ...]) -> bool:
        for part in parts:
            if part == hint:
                return True
            if part.startswith(hint) and part[len(hint) :] in _SUFFIXES:
                return True
        return False

    def grounded_by(
        self, action: Action, tools: Sequence[ToolCall], objects: frozenset[str] = frozenset()
    ) -> str | None:
        """The first tool that could perform ``action`` (by its name or the names of its
        arguments: ``update_reservation(payment_id=...)`` can charge) on ``objects``, or None.

        A tool whose name names a different thing than the claim's object does not ground it:
        ``DeleteReminder`` did not delete "your old booking".
        """
        for call in tools:
            if action.hints is None:
                return call.name
            name_parts = tool_name_parts(call.name)
            if objects:
                named = {self.entities[p] for p in name_parts if p in self.entities}
                if named and named.isdisjoint(objects):
                    continue
            parts = name_parts
            arguments = call.parsed_arguments
            if isinstance(arguments, dict):
                parts += tuple(p for key in arguments for p in tool_name_parts(str(key)))
            for hint in action.hints:
                # A one-word name such as "sendmail" still names sending; "postgres_query"
                # (two parts) must not ground "sent" through "post".
                if self.hint_matches(hint, parts) or (
                    len(name_parts) == 1 and len(hint) >= 4 and name_parts[0].startswith(hint)
                ):
                    return call.name
        for group in action.composite:
            names = [self.grounded_by(self.actions[member], tools, objects) for member in group]
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

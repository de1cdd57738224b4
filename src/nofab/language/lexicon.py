"""The compiled vocabulary of claims and requests, built once per profile.

The words live in data files (``nofab/language/lexicons/*.json``, loaded and compiled by
``nofab.language.vocabulary``); a ``Lexicon`` adds the profile's own claim verbs (in every
language) and trigger keywords, and answers the questions detectors ask: which claims an
answer makes (``nofab.language.claimfinder``), which tool could have done a claimed action
(``nofab.language.capabilities``), whether a user message asks for an action. It is immutable
and shared by every check a ``Guard`` runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from nofab.config.policy import Profile
from nofab.language.capabilities import Capability, capability, name_capability, part_matches, stem
from nofab.language.capabilities import tool_name_parts as tool_name_parts  # re-exported
from nofab.language.claimfinder import Claim as Claim  # re-exported
from nofab.language.claimfinder import ClaimFinder
from nofab.language.decisions import without_third_party_decisions
from nofab.language.recordhistory import without_record_history
from nofab.language.reportedspeech import outside_quotations
from nofab.language.returned import WORDS as _WORDS
from nofab.language.returned import ReadRelay as ReadRelay  # re-exported
from nofab.language.returned import folded_values, text_values
from nofab.language.text import normalise, strip_accents
from nofab.language.vocabulary import LANGUAGES as LANGUAGES  # re-exported
from nofab.language.vocabulary import Action as Action  # re-exported
from nofab.language.vocabulary import actions, compile_language, contains_phrase, load
from nofab.model.turn import ToolCall, ToolDef


class Lexicon:
    """Claim verbs, action hints and request vocabulary for every supported language."""

    def __init__(self, profile: Profile) -> None:
        table = actions()
        #: Stems of the verbs that open the name of a tool that only reads ("get", "search").
        self.read_verbs = frozenset(stem(v) for v in load("actions")["read"].get("name_verbs", ()))
        # Profile verbs: "provisioned" -> ("provision", "create") becomes its own action, a
        # claim verb in every language (a profile may name "aprovisionado" as well).
        extra: dict[str, str] = {}
        for verb, hints in profile.claim_verbs.items():
            action = f"profile:{normalise(verb)}"
            table[action] = Action(action, frozenset(h.lower() for h in hints), 0.8)
            extra[normalise(verb)] = action
        self.actions = table
        self.entities: dict[str, str] = {
            word: group for group, words in load("entities")["groups"].items() for word in words
        }
        self.languages = tuple(compile_language(code, extra) for code in LANGUAGES)
        self._claims = ClaimFinder(self.languages, self.actions, self.entities)
        # A status a tool returns in its own language ("cancelled"), by each participle that
        # translates it ("cancelado", "annulé", "storniert"): ``reports_state``.
        self._statuses: dict[str, frozenset[str]] = _status_translations()
        # Every form of each action, in every language: a stated state ("checked off") is
        # reported by a read that returned any word of its action ("completed").
        forms: dict[str, set[str]] = {}
        for lang in self.languages:
            for form, action in lang.verbs.items():
                forms.setdefault(action, set()).add(strip_accents(form))
        self._forms = {action: frozenset(words) for action, words in forms.items()}
        # A conversation asks about the same user message on every turn until the user
        # speaks again; the answer depends on the message alone. Bounded, thread-safe.
        self._classify = lru_cache(maxsize=1024)(self._classify_request)
        # Whether a tool can perform an action depends on the action, the tool's capability
        # and the claim's objects alone, and a turn asks it for every claim and call: kept
        # per distinct question (bounded, thread-safe), so names are stemmed and matched once.
        self._able = lru_cache(maxsize=8192)(self._can)
        # A conversation carries every earlier result on each turn: a result's string values
        # (``returned_values``) are folded once per distinct result text, not once per turn.
        self._text_values = lru_cache(maxsize=1024)(text_values)
        self._reads_name = lru_cache(maxsize=4096)(self._reads_by_name)
        self._accent_insensitive = profile.accent_insensitive
        self.trigger_keywords: tuple[tuple[str, str], ...] = tuple(
            (self._norm(keyword), tool)
            for tool, keywords in profile.tool_trigger_keywords.items()
            for keyword in keywords
        )
        langs = self.languages
        self._all_action_words = frozenset().union(*(lang.action_words for lang in langs))
        self._all_request_markers = tuple(m for lang in langs for m in lang.request_markers)
        self._all_inability = tuple(m for lang in langs for m in lang.inability)
        self._universal = tuple(w for lang in langs for w in lang.universal)
        # "All set", "alles klar": a universal word in an idiom that counts no items
        idioms = sorted({normalise(w) for code in LANGUAGES for w in load(code).get("universal_idioms", ())})
        self._universal_idioms = _any_of(idioms)
        #: Every language's personal titles, as written ("Mr", "Sra", "Herr"), and greetings.
        self.titles: frozenset[str] = frozenset().union(*(lang.titles for lang in langs))
        self.greetings: frozenset[str] = frozenset(g for lang in langs for g in lang.greetings)
        self.counts: dict[str, int] = {k: v for lang in langs for k, v in lang.counts.items()}

    def _norm(self, text: str) -> str:
        norm = normalise(text)
        return strip_accents(norm) if self._accent_insensitive else norm

    def find_claims(self, text: str) -> list[Claim]:
        """Completed-action claims in ``text``, skipping negated, hedged and question forms
        and the words of a quoted text (``nofab.language.reportedspeech``) or a read record's
        dated history (``nofab.language.recordhistory``)."""
        claims = without_record_history(outside_quotations(self._claims.find(text), text), text)
        return without_third_party_decisions(claims, text)

    # ---------------------------------------------------------------- grounding
    def reports_state(
        self,
        claim: Claim,
        tools: Sequence[ToolCall],
        evidence_has: Callable[[str], bool],
        returned: AbstractSet[str] | None = None,
    ) -> bool:
        """A stative claim ("your alarms are set") reports what the evidence shows: the
        evidence holds the participle (a status "confirmed"), or a tool that ran names the
        claim's object (``FindAlarms`` read the alarms it describes).

        A stative claim ("checked off", "ya está completada") is reported as well by a read that
        returned any word of its action as a value or a flag (``"completed": true``): a state
        is a state whatever verb names it. Risk: the state held by one record of a result
        (one reminder completed) reports the claim about another; a progressive is no
        stative, so "being processed" is not reported by "completed".

        A passive claim ("foi enviado", "has been shipped") names no doer: when a tool that
        only reads (``get_order``) returned the participle itself as a value (``"status":
        "enviado"``), the answer reports that status, in any language. An acting tool's
        result does not count: its own failure rules decide (one cancel of a batch failed
        while the others returned "cancelled"). Risk: a participle returned for another
        object of the same result (one order "shipped", the claim about another) grounds
        the claim; a value is required, not a mention anywhere, to keep that narrow.

        ``returned``: ``returned_values(tools)`` when the caller keeps it for the turn (a
        turn's passive claims then cost one set lookup each, not a walk of every result)."""
        if claim.passive:
            values = self.returned_values(tools) if returned is None else returned
            if strip_accents(claim.verb) in values:
                return True
            if not values.isdisjoint(self._statuses.get(strip_accents(normalise(claim.verb)), ())):
                return True  # the status in the tool's language, translated
        if not claim.stative:
            return False
        if evidence_has(claim.verb):
            return True
        values = self.returned_values(tools) if returned is None else returned
        if not values.isdisjoint(self._forms.get(claim.action.name, ())):
            return True  # a state a read returned as a word of the same action ("completed")
        return any(
            not self._named_objects(tool_name_parts(call.name)).isdisjoint(claim.objects) for call in tools
        )

    def returned_values(self, tools: Sequence[ToolCall]) -> frozenset[str]:
        """Every whole string value the read-only ``tools`` returned, stripped, folded to
        lower case and without accents (a status "Enviado" or "SHIPPED"), at most
        ``returned.VALUE_DEPTH`` deep: what ``reports_state`` compares a passive participle with."""
        reads = self.read_verbs
        out: set[str] = set()
        for call in tools:
            if not capability(call, {}).reads_only(reads):
                continue
            text = call.result
            if isinstance(text, str) and len(text) <= _REMEMBERED_RESULT_CHARS:
                out.update(self._text_values(text))  # a result seen on an earlier turn: read back
            else:
                out.update(folded_values(call.parsed_result))
        return frozenset(out)

    def acts_on(self, call: ToolCall, objects: frozenset[str]) -> bool:
        """Does the call's name or one of its argument names name a kind of thing in
        ``objects`` (``AddReminder`` a reminder, ``SendMessage`` a message)?"""
        tool = capability(call, {})
        named = self._named_objects(tool.name_parts) | self._named_objects(tool.argument_parts)
        return not named.isdisjoint(objects)

    def _named_objects(self, parts: tuple[str, ...]) -> set[str]:
        return {self.entities[p] for p in parts if p in self.entities}

    def _can(self, action: Action, tool: Capability, objects: frozenset[str]) -> bool:
        if action.hints is None:
            return True
        if tool.reads_only(self.read_verbs):
            return False  # SearchMessages reads messages; it sent none
        if objects:
            # The object narrows only when the tool names a kind of thing, and another one:
            # DeleteReminder did not delete "your old booking"; delete(id=...) may have. What
            # its arguments name it acts on too: UpdateAccountInformation(new_email=...)
            # updated "your email address".
            named = self._named_objects(tool.name_parts) | self._named_objects(tool.argument_parts)
            if named and named.isdisjoint(objects):
                return False
        if any(part_matches(opposed, verb) for opposed in action.opposed_by for verb in tool.verbs):
            return False  # its verb undoes the action, whatever it names: DeleteAlarm set no alarm
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
            if self._able(action, capability(call, defs), objects):
                return call.name
        for group in action.composite:
            names = [self.grounded_by(self.actions[member], tools, objects, defs) for member in group]
            if all(names):
                return " + ".join(n for n in names if n)
        return None

    def read_relay(self, tools: Sequence[ToolCall]) -> ReadRelay:
        """What the read-only ``tools`` returned, read once per turn: a claim it ``says``,
        subject and verb as written ("Webb launched"), is text such a tool returned (a
        search snippet, a record's note): the answer relays what was read, and the deed is
        the third party's the source speaks of, not the agent's.

        Principle: an answer may repeat a source; an action claim needs a tool only when
        the answer is the one saying it happened. At least two words (a subject as well as
        the verb), so a bare status ("Cancelled") is left to the status rules. Risk: a read
        that returned the same words about an earlier deed ("refund issued" in an order's
        history) grounds a new claim worded identically."""
        return ReadRelay([call.parsed_result for call in tools if self._reads(call)])

    def reads_only(self, call: ToolCall) -> bool:
        """The tool only reads (see ``_reads``): no claim of a change can rest on it."""
        return self._reads(call)

    def _reads(self, call: ToolCall) -> bool:
        """The tool only reads: its verb opens its name ("search_web") or, in noun-verb
        order, closes it ("web_search"). The name alone decides (no argument or definition
        is read), so the answer is kept per name: every turn asks it of every call."""
        return self._reads_name(call.name)

    def _reads_by_name(self, name: str) -> bool:
        parts = tool_name_parts(name)
        last_reads = len(parts) > 1 and stem(parts[-1]) in self.read_verbs
        return last_reads or name_capability(name).reads_only(self.read_verbs)

    def named_for_verb(
        self, claim: Claim, tools: Sequence[ToolCall], definitions: Mapping[str, ToolDef] | None = None
    ) -> str | None:
        """The first tool named for the claim's own verb ("Rolled back" after ``rollback``,
        "launched" after ``launch_instance``), or None.

        Principle: a tool whose name is the very deed the answer reports did that deed,
        whichever canonical action the verb is filed under ("rolled back" is a deploy).
        English only: tool names are English words. The reading, object and stem rules
        are the ones every action hint goes through (``_can``). Risk: a tool named for the
        verb but for a different sense of it ("roll_dice" and "rolled back") grounds it;
        a compound verb must match the whole name part ("rollback", "roll_back")."""
        if claim.language != "en" or not tools:
            return None
        key = "".join(stem(word) for word in _WORDS.findall(claim.verb.lower()))
        if len(key) < 4:
            return None
        own = Action(f"verb:{key}", frozenset({key}), claim.action.confidence)
        defs = definitions or {}
        for call in tools:
            if self._able(own, capability(call, defs), claim.objects):
                return call.name
        return None

    # ---------------------------------------------------------------- intent
    def classify_request(self, message: str) -> tuple[str, float, tuple[str, ...]]:
        """Label a user message ``action`` or ``question`` (cached per message: see
        ``_classify_request``)."""
        return self._classify(message)

    def _classify_request(self, message: str) -> tuple[str, float, tuple[str, ...]]:
        """Label a user message ``action`` or ``question``, with a confidence and the
        keywords that decided it. Two of three signals make an action: a profile trigger
        keyword, an action verb, a request form (marker or leading imperative)."""
        text = self._norm(message)
        tokens = _WORDS.findall(text)
        matched = tuple(
            sorted(
                {
                    kw
                    for kw, _tool in self.trigger_keywords
                    if contains_phrase(text, kw) or any(len(kw) >= 4 and t.startswith(kw) for t in tokens)
                }
            )
        )
        action_words = [
            t for t in tokens if t in self._all_action_words or strip_accents(t) in self._all_action_words
        ]
        marker = any(contains_phrase(text, m) for m in self._all_request_markers)
        imperative = bool(tokens) and (tokens[0] in self._all_action_words)
        signals = int(bool(matched)) + int(bool(action_words)) + int(marker or imperative)
        if signals >= 2:
            return "action", min(0.95, 0.55 + 0.15 * (signals - 1)), matched + tuple(action_words)
        return "question", 0.5, matched

    def says_all(self, text: str) -> bool:
        """Does the text speak of every item ("all of them", "ambos", "beide")? A universal
        word inside an idiom that counts nothing ("All set —", "alles klar", "tudo certo")
        does not (risk: "all done" said of a batch, meaning every item, is not read as one)."""
        norm = normalise(text)
        if self._universal_idioms is not None:
            norm = self._universal_idioms.sub(" ", norm)
        return any(contains_phrase(norm, w) for w in self._universal)

    def states_inability(self, text: str) -> bool:
        norm = normalise(text)
        return any(contains_phrase(norm, m) for m in self._all_inability)


_COMPILED: dict[str, Lexicon] = {}


def lexicon_for(profile: Profile) -> Lexicon:
    """One compiled lexicon per distinct profile content (compiling costs milliseconds)."""
    key = profile.digest()
    lexicon = _COMPILED.get(key)
    if lexicon is None:
        lexicon = _COMPILED.setdefault(key, Lexicon(profile))
    return lexicon


#: Result texts up to this length have their folded values remembered (bounded memory:
#: 1,024 of them at most); a longer one is walked on each turn, at a cost already linear.
_REMEMBERED_RESULT_CHARS = 16_384


def _status_translations() -> dict[str, frozenset[str]]:
    """{a participle, folded and without accents: the statuses it translates}."""
    out: dict[str, set[str]] = {}
    for status, by_language in load("statuses")["statuses"].items():
        for forms in by_language.values():
            for form in forms:
                out.setdefault(strip_accents(normalise(form)), set()).add(status)
    return {form: frozenset(statuses) for form, statuses in out.items()}


def _any_of(phrases: Sequence[str]) -> re.Pattern[str] | None:
    """Any of ``phrases`` as whole words (no letter or digit either side), longest first."""
    if not phrases:
        return None
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![^\W_])(?:{alternatives})(?![^\W_])")

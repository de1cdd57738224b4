"""Completed-action claims in an answer, read with the compiled languages of a lexicon.

A claim is an action the answer states as done: with the speaker as subject ("I've sent"),
passive ("has been cancelled"), coordinated with another claim ("... and sent a message"),
or subjectless ("Reminder deleted.", "Your booking is confirmed!"). Negated, hedged and
question forms are not claims, and neither are words inside quotes (someone else's).

Risks: a coordinated verb is read with the first claim's subject even when the sentence
changes subject without punctuation ("I've sent it and updated records show ..."); a
subjectless report can be a heading ("Booked flights:"), read as a claim of booking; a
stated state ("your booking is confirmed") is a claim unless the evidence reports that
state or a tool this turn named its object."""

from __future__ import annotations

import re
from bisect import bisect_right, insort
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from nofab.language.asides import blank_asides
from nofab.language.casefree import ascii_reading, ascii_scan, word_start_matches
from nofab.language.clausecues import AnswerCues
from nofab.language.headlines import Headlines
from nofab.language.markup import plain
from nofab.language.quotations import unquoted, unquoted_ahead, unquoted_behind
from nofab.language.reportstarts import VerbReach, sentence_starts
from nofab.language.text import normalise
from nofab.language.vocabulary import Action, Language, stem
from nofab.language.wordscan import LastWord
from nofab.pipeline.spans import SpanSet

_WORDS = re.compile(r"\w+(?:['’]\w+)?")
#: A sentence's end (searched, not walked character by character). A stop inside a token
#: ("landlord@oakhomes.com", "v2.1", "$3.50") ends nothing: only one followed by a space or
#: the end of the text does.
_SENTENCE_END_AT = re.compile(r"[.!?](?!\S)|\n")
_SPACES = re.compile(r"\s+")
_WORD_TAIL = re.compile(r"[\w'’]*")
#: Characters that end a claim's clause (besides a language's break words).
_CLAUSE_STOPS = ".!?;\n"
#: How far back a claim's clause and its relative-clause reference are looked for.
_CLAUSE_WINDOW = 160
_REFERENCE_WINDOW = 48
#: How far before a claim's subject a hedge still governs it ("if I sent", "once we have").
_HEDGE_REACH = 16
_NO_OBJECTS: frozenset[str] = frozenset()


def _any_phrase(phrases: Sequence[str]) -> re.Pattern[str] | None:
    r"""A pattern finding any of ``phrases`` where ``contains_phrase`` would: not preceded or
    followed by a letter or digit (``[^\W_]`` is exactly ``str.isalnum``'s class)."""
    if not phrases:
        return None
    alternatives = "|".join(re.escape(p) for p in sorted(set(phrases), key=len, reverse=True))
    return re.compile(rf"(?<![^\W_])(?:{alternatives})(?![^\W_])")


#: Every ASCII character that is neither a word character nor an apostrophe, made a space: a
#: table as a string (a character's code indexes its replacement), which ``str.translate``
#: reads three times faster than the same mapping as a dict (no lookup per character).
_ASCII_GAPS = "".join(chr(i) if chr(i).isalnum() or chr(i) in "_'" else " " for i in range(128))


def word_set(norm: str) -> set[str]:
    """The distinct words of ``norm`` as ``_WORDS`` reads them. An ASCII text is split by
    ``str.translate`` and ``str.split`` (C loops; a regex costs a third more per character),
    and only its distinct pieces holding an apostrophe are read by the regex ("rock'n'roll"
    is "rock'n" and "roll"): a piece is cut off by spaces, which no word crosses."""
    if not norm.isascii():
        return set(_WORDS.findall(norm))
    pieces = set(norm.translate(_ASCII_GAPS).split())
    if "'" not in norm:
        return pieces
    glued = [p for p in pieces if "'" in p]
    pieces.difference_update(glued)
    pieces.update(_WORDS.findall(" ".join(glued)))
    return pieces


def _ascii_language(lang: Language, needs: dict[int, str], word_started: set[int]) -> Language:
    """``lang`` with each claim pattern replaced by its ASCII twin where it has one; each
    twin's required literal goes into ``needs`` (by the twin's id). The patterns scanned
    with ``finditer`` come from ``ascii_scan``: the id of one without its leading boundary
    goes into ``word_started``."""

    def twins(patterns: tuple[re.Pattern[str], ...], scanned: bool) -> tuple[re.Pattern[str], ...]:
        out = []
        for pattern in patterns:
            if scanned:
                twin, need, stripped = ascii_scan(pattern)
            else:
                (twin, need), stripped = ascii_reading(pattern), False
            if twin is None:
                out.append(pattern)
                continue
            if need is not None:
                needs[id(twin)] = need
            if stripped:
                word_started.add(id(twin))
            out.append(twin)
        return tuple(out)

    return replace(
        lang,
        patterns=twins(lang.patterns, scanned=True),
        reports=twins(lang.reports, scanned=False),  # matched at sentence starts
        coordination=twins(lang.coordination, scanned=True),
    )


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
    #: A passive ("foi enviado", "has been shipped"): it names no doer, so it may report a
    #: state a tool returned as much as the agent's deed.
    passive: bool = False


class ClaimFinder:
    """Finds claims with ``languages``; ``actions`` and ``entities`` come from the lexicon."""

    def __init__(
        self, languages: Sequence[Language], actions: Mapping[str, Action], entities: Mapping[str, str]
    ) -> None:
        self.languages = tuple(languages)
        self.actions = actions
        self.entities = entities
        breaks = sorted({b for lang in self.languages for b in lang.clause_breaks}, key=len, reverse=True)
        words = "|".join(re.escape(b) for b in breaks)
        # A clause starts after a stop or a break word ("but"). The stops are found with ``rfind``
        # from the claim backwards and the break words with their own pattern: the same last break
        # as one pattern scanned forward through the window, because no break word holds a stop
        # (so the two never overlap; a profile's break word holding one would need the one pattern),
        # without stepping over every full stop of a list of short sentences.
        self._clause_break = re.compile(rf"[.!?;\n]|\b(?:{words})\b" if words else r"[.!?;\n]")
        self._break_words = LastWord(re.compile(rf"\b(?:{words})\b")) if words else None
        self._breaks = tuple(breaks)
        self._stops_apart = not any(stop in b for b in breaks for stop in _CLAUSE_STOPS)
        self._suffixes = tuple(s for lang in self.languages for s in lang.negation_suffixes)
        # Each language's hedges as one pattern, matched at the boundaries ``contains_phrase``
        # uses (no letter or digit either side): one scan of the clause instead of one per
        # hedge, for every candidate claim.
        self._hedges = {lang.code: _any_phrase(lang.hedges) for lang in self.languages}
        # The languages again with their patterns' ASCII twins, for answers that fold to
        # lower-case ASCII (most), and the literal each twin's every match holds ("been",
        # "successfully"; by id: hashing a Pattern hashes its compiled code). Parsing and
        # compiling twins costs tens of milliseconds, so each language's are built on the
        # first ASCII answer that reaches that language (an English deployment never pays
        # for the German ones).
        self._ascii: dict[int, Language] = {}
        self._needs: dict[int, str] = {}
        self._word_started: set[int] = set()
        self._headlines = Headlines(self.languages, entities.keys())  # "Team sync — deleted."

    def find(self, text: str) -> list[Claim]:
        # Emphasis and code markers hide no deed: "I've **cancelled** it" is "I've cancelled it"
        # (blanked to spaces of the same length, so spans still index ``text``). Headlines and
        # subjectless reports are read with them kept: an emphasised verbless line start is a
        # title or a label ("**Saved passengers**", "📦 **Shipped**").
        marked = normalise(text)
        norm = plain(marked)
        cues = AnswerCues((marked, norm), norm, self._suffixes, self._breaks)  # what claims ask, read once
        words = word_set(norm)
        claims: list[Claim] = []
        seen = SpanSet()
        starts: list[int] | None = None
        reach: VerbReach | None = None
        ascii_text = norm.isascii()
        needs = self._needs if ascii_text else {}
        for i, lang in enumerate(self.languages):
            if words.isdisjoint(lang.first_words) and words.isdisjoint(lang.inflection_auxiliaries):
                continue
            if ascii_text:
                lang = self._ascii_reading(i)
            for pattern in lang.patterns:
                if (need := needs.get(id(pattern))) is not None and need not in norm:
                    continue
                for match in self._matches(pattern, norm):
                    claim = self._claim(text, norm, lang, match, seen, cues)
                    if claim is not None:
                        claims.append(claim)
            if lang.reports:
                # (with the markers kept: "- **Updated PTO policy** — Oct 2" is a title)
                starts = starts if starts is not None else sentence_starts(marked)
                asides = blank_asides(marked)  # "Reservation K7 (Lyon to Porto) is cancelled"
                reach = reach or VerbReach(marked, starts)  # (no report starts after its verb)
                for pattern in lang.reports:
                    if (need := needs.get(id(pattern))) is not None and need not in norm:
                        continue
                    mine = reach.last(pattern, marked)
                    aside = asides is not marked and "state" in pattern.groupindex
                    theirs = reach.last(pattern, asides) if aside else -1
                    for start in starts:
                        found = pattern.match(marked, start) if start <= mine else None
                        if found is None and start <= theirs:
                            found = pattern.match(asides, start)
                        if found and (claim := self._claim(text, marked, lang, found, seen, cues)):
                            claims.append(claim)
            if claims and lang.coordination:
                claims.extend(self._coordinated(text, norm, lang, claims, seen, cues))
        for lang in self.languages:
            for found in self._headlines.matches(lang.code, marked, words):
                if (claim := self._claim(text, marked, lang, found, seen, cues)) is not None:
                    claims.append(claim)
        claims.sort(key=lambda c: c.span)
        return claims

    def _ascii_reading(self, i: int) -> Language:
        """Language ``i`` with its patterns' ASCII twins (two threads may both build it: the
        same value either way)."""
        twin = self._ascii.get(i)
        if twin is None:
            twin = self._ascii.setdefault(
                i, _ascii_language(self.languages[i], self._needs, self._word_started)
            )
        return twin

    def _matches(self, pattern: re.Pattern[str], norm: str, pos: int = 0) -> Iterator[re.Match[str]]:
        """``pattern.finditer(norm, pos)``; a pattern ``ascii_scan`` gave without its leading
        boundary is scanned by ``word_start_matches``, which tests it on each hit (the same
        matches, found by skipping ahead to their first characters)."""
        if id(pattern) in self._word_started:
            return word_start_matches(pattern, norm, pos)
        return pattern.finditer(norm, pos)

    def _claim(
        self,
        text: str,
        norm: str,
        lang: Language,
        match: re.Match[str],
        seen: SpanSet,
        cues: AnswerCues,
        shared_subject: bool = False,
    ) -> Claim | None:
        """The claim ``match`` makes, or None. ``shared_subject``: a coordinated verb whose
        head claim is passive or stative, so the thing before it is its subject too."""
        verb = match.group("verb")
        if not verb.isalpha():  # a verb of several words: its spaces as one
            verb = _SPACES.sub(" ", verb)
        verb = self._headlines.participle(lang.code, verb)  # a state word as its deed: "gone" -> "removed"
        name = lang.verbs.get(verb)
        if name is None and " " in verb:  # "logged you out" -> "logged out"
            name = lang.verbs.get(" ".join(w for w in verb.split() if w not in lang.particle_objects))
        if name is None and lang.stem_verbs:  # "reenviadas": an inflection the list lacks
            name = lang.stem_verbs.get(stem(lang.stemmer, verb))
        action = self.actions.get(name or "")
        span = match.span()
        if action is None or seen.overlaps(*span) or self._cancelled(norm, span, lang, match, cues):
            return None
        seen.add(*span)
        clipped = text[span[0] : span[1]]
        span = (span[0] + len(clipped) - len(clipped.lstrip(" \t\n-*•")), span[1])
        named = match.re.groupindex  # (by name: no dict of every group per claim)
        stative = "state" in named and bool(match.group("state"))
        passive = "passive" in named and bool(match.group("passive"))
        # An active claim's object follows its verb (or sits inside its span: "Ich habe die
        # E-Mail gesendet"); words before it are its subject's clause or an earlier verb's
        # object ("I've created the meeting and informed the attendees"). A passive or a
        # stated state speaks of the thing before it ("your booking has been cancelled").
        objects = self._objects(norm, span, stative or passive or shared_subject, cues.quoted)
        if "headline" in named:  # a headline's thing opens its span, maybe further back than that reads
            objects |= self._objects(norm, (span[0], span[0]), False, cues.quoted)
        written = text[span[0] : span[1]].strip()
        return Claim(span, written, verb, action, lang.code, objects, stative, passive)

    def _coordinated(
        self, text: str, norm: str, lang: Language, claims: list[Claim], seen: SpanSet, cues: AnswerCues
    ) -> list[Claim]:
        """Verbs joined to an earlier claim of the same sentence share its subject: "I've
        moved the meeting and sent a message", "He cancelado la reserva y enviado el correo"."""
        anchors = sorted(c.span[1] for c in claims if c.language == lang.code)
        # the heads whose subject is the thing before them (a passive, a stated state)
        spoken_of = {c.span[1] for c in claims if c.passive or c.stative}
        out: list[Claim] = []
        for pattern in lang.coordination:
            for match in self._matches(pattern, norm, anchors[0] if anchors else len(norm)):
                start = match.start()
                i = bisect_right(anchors, start)  # the nearest claim ending before this verb
                if i == 0 or _SENTENCE_END_AT.search(norm, anchors[i - 1], start):
                    continue
                shared = anchors[i - 1] in spoken_of
                claim = self._claim(text, norm, lang, match, seen, cues, shared)
                if claim is not None:
                    out.append(claim)
                    insort(anchors, claim.span[1])
                    if claim.passive or claim.stative or shared:
                        spoken_of.add(claim.span[1])
        return out

    def _cancelled(
        self, norm: str, span: tuple[int, int], lang: Language, match: re.Match[str], cues: AnswerCues
    ) -> bool:
        """A question, a negation or hedge earlier in the clause, or a relative-clause
        reference ("the reminders I deleted") makes the match no claim."""
        start, end = span
        stop = cues.stops.at(end, 400)
        if "headline" in match.re.groupindex:  # a state word may hold a negation: "no longer there"
            end = match.start("verb")
        if stop != -1 and norm[stop] == "?":
            return True  # "Have I sent it?"
        # The clause reaches back to its last break, at most ``_CLAUSE_WINDOW`` characters:
        # a long unpunctuated run ("... and cancelled ... and refunded ...") must not make
        # every claim re-read the answer from its start (quadratic on hostile input), and a
        # word that far back is no longer this clause's.
        window = max(0, start - _CLAUSE_WINDOW)
        if window and norm[window - 1].isalnum():  # not from the middle of a word ("ca|nnot")
            tail = _WORD_TAIL.match(norm, window)
            window = tail.end() if tail is not None else window
        clause_start = self._clause_start(norm, window, start, cues)
        subject_led = bool(lang.subject_starts) and norm.startswith(lang.subject_starts, start)
        # A claim led by its subject ("I've sent") is negated between subject and verb ("I
        # haven't sent"); a negation before the subject belongs to another clause ("No
        # problem, I've sent it"), and so does a hedge before the last comma or more than a
        # few words back ("if you have feedback I've also notified ..."): only one right
        # before the subject governs it ("If I sent it twice").
        negation_from = start if subject_led else clause_start
        hedge_from = clause_start
        if subject_led:
            comma = norm.rfind(",", clause_start, start)
            hedge_from = max(clause_start, comma + 1, start - _HEDGE_REACH)
        # Quoted words are someone else's ('the message "I could never go"'): their
        # negations and hedges are not the speaker's.
        clause = unquoted(norm[negation_from:end]) if cues.quoted else norm[negation_from:end]
        # (``group`` by name, not ``groupdict``: no dict of every group per claim)
        gap = (match.group("gap") if "gap" in match.re.groupindex else None) or ""
        # Only the cues the answer holds (``AnswerCues``); words split only for a clause holding one.
        found = cues.languages.get(lang.code) or cues.language(lang)
        if any(n in clause or n in gap for n in found.negations) or any(
            s in clause or s in gap for s in found.suffixes
        ):
            tokens = word_set(clause)
            if gap:
                tokens.update(_WORDS.findall(gap))
            if not tokens.isdisjoint(lang.negations) or any(t.endswith(self._suffixes) for t in tokens):
                return True
        if any(p in clause for p in found.prefixes):
            return True
        if (
            subject_led
            and lang.relative_reference is not None
            and lang.relative_reference.search(norm, max(clause_start, start - _REFERENCE_WINDOW), start)
        ):
            return True
        hedges = self._hedges.get(lang.code)
        if hedges is None or not found.hedged:
            return False
        # Without a subject the hedge is read over the same clause as the negations: the
        # text already unquoted above, not sliced and scanned for quotes again.
        hedged = clause if hedge_from == negation_from else unquoted(norm[hedge_from:end])
        return hedges.search(hedged) is not None

    def _clause_start(self, norm: str, window: int, start: int, cues: AnswerCues) -> int:
        """Where the clause ending at ``start`` begins: after the last break in the window."""
        if not self._stops_apart:
            clause_start = window
            for brk in self._clause_break.finditer(norm, window, start):
                clause_start = brk.end()
            return clause_start
        marks = cues.marks(norm)  # the last stop by binary search; a window holding no break word unread
        clause_start = marks.after_stop(window, start)
        if self._break_words is not None and marks.break_spelt(window, start):
            clause_start = max(clause_start, self._break_words.end(norm, window, start, -1))
        return clause_start

    def _objects(self, norm: str, span: tuple[int, int], before: bool, quoted: bool) -> frozenset[str]:
        """Entity groups named in the claim or right after it ("deleted your old booking")
        or, for a passive or stative claim (``before``), before its verb ("your reservation
        has been cancelled"). Only the claim's own sentence: "I've logged you in. Today you
        have one event" claims nothing of the event."""
        ahead = norm[span[1] : span[1] + 48]
        behind = norm[max(0, span[0] - 40) if before else span[0] : span[1]]
        if quoted:  # (an answer without a quotation mark has none to blank)
            ahead, behind = unquoted_ahead(ahead), unquoted_behind(behind)
        stop = _SENTENCE_END_AT.search(ahead)
        claim_start = len(behind) - (span[1] - span[0])
        last = max((m.end() for m in _SENTENCE_END_AT.finditer(behind, 0, claim_start)), default=0)
        after = _WORDS.findall(ahead[: stop.start()] if stop else ahead)[:5]
        preceding = _WORDS.findall(behind[last:])[-6:]
        entities = self.entities
        named = entities.keys() & (*preceding, *after)  # one C intersection (most claims: none)
        return frozenset(map(entities.__getitem__, named)) if named else _NO_OBJECTS

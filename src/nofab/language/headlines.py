"""Headline claims: a deed told as a headline, without a subject or a finite verb.

Principle: a past participle of a claim verb, or a word for the state an action leaves
("gone", "weg", "now on your account"; each language's ``headlines.states`` maps it to a
participle of that action, which the claim is then read as), standing as the predicate of a
verbless or passive clause about a thing, states that the action was done to that thing, as
"I deleted it" would:

- the participle closing the clause after a dash: "Team sync — deleted.", "Réunion — supprimée.";
- the participle as the label of what follows a colon: "Deleted: Team sync", "Eliminado: ...";
- a state after a deed's opener: "Done — the 1:50 PM alarm is gone.", "Erledigt — der
  Wecker ist weg.": the opener says a deed was done, so the state is its outcome (passive);
- the same stated state without an opener, about a thing with a determiner ("your 7:00
  alarm is removed"): a state, which the evidence reporting it answers (stative), as the
  full-sentence "your booking is cancelled" is; a state word (not a participle) without an
  opener only about a kind of thing tools act on (the lexicon's entities: "the snow is gone"
  is weather).

The claims are grounded exactly as the full-sentence ones are (``detectors/claims.py``): the
dash and colon forms name no doer, so they are passives, answered by a read tool that
returned the participle ("SKY771 — cancelled" of a flight whose status says so).

Risks: the thing is any run of up to sixteen words without a pronoun, a finite or modal verb
or a hedge (``headlines.stops``), so a list of policy outcomes written with dashes ("Business
— refunded.") reads as deeds; a field label not in ``headlines.labels`` ("Flight status —
cancelled") is read as a thing; a participle label ("Booked: Flight 12") in a read-back of an
old booking is a claim of booking (what follows the label must open with a plain word or a
clock time, so "Paid: $50", "Booked: May 1" and "Started: task_id=A-77" are fields and no
claims). Questions, negations and hedges cancel these claims as any other
(``ClaimFinder._cancelled``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence, Set
from dataclasses import dataclass

from nofab.language.text import normalise
from nofab.language.vocabulary import Language, by_first_letter, load

#: A word of the thing: anything but a space or a stop (a digit's colon or point stays: "7:30").
_TOKEN = r"(?:[^\s.!?;:—–]|(?<=\d)[:.](?=\d))+"
_BULLET = r"(?:[-*•]\s*)?(?:\*\*)?"
#: Where a sentence ends before a headline (a stop before a space, or a line break).
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
#: Where a clause may start inside a sentence ("Update: Team sync — deleted.").
_CLAUSE_MARK = re.compile(r"(?<!\d)[:—–](?!\d)")
_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"\w+")
#: How far back a headline's thing is looked for, and how many clause starts are tried.
_REACH = 200
_TRIES = 4


def _words(words: Sequence[str]) -> str:
    """An alternation of ``words``, longest first, spaces as any whitespace, factored by first
    letter (``vocabulary.by_first_letter``: the same matches, but a position tries only the
    words that start with its letter, not the thousand verb forms of a language one by one)."""
    forms = sorted({normalise(w) for w in words}, key=len, reverse=True)
    return by_first_letter([r"\s+".join(re.escape(p) for p in form.split()) for form in forms])


def _opening(words: Sequence[str], before: str) -> str:
    """``(?<!{before})(?:{_words(words)})`` written to open with the words' first letters: the
    first letter as a class, the look-behind checked after it, each word's tail tied to its
    own first letter. The same matches, but the scan for a candidate's first letter runs in
    C instead of trying the whole pattern at every position of the answer."""
    forms = sorted({normalise(w) for w in words}, key=len, reverse=True)
    if not forms or not all(f.split() for f in forms):
        return rf"(?<!{before})(?:{_words(words)})"  # (an empty word: the plain form)
    branches = []
    for form in forms:
        parts = form.split()
        first, tail = parts[0][0], re.escape(parts[0][1:]) + "".join(r"\s+" + re.escape(p) for p in parts[1:])
        branches.append(rf"(?<={re.escape(first)}){tail}")
    firsts = "".join(sorted({re.escape(f.split()[0][0]) for f in forms}))
    return rf"[{firsts}](?<!{before}.)(?:{'|'.join(branches)})"


def _token(stops: str) -> str:
    """A word of the thing that is none of ``stops``."""
    return rf"(?!(?:{stops})(?![\w'’]))" + _TOKEN if stops else _TOKEN


@dataclass(frozen=True, slots=True)
class _Shapes:
    """One language's headline patterns: each probe finds a candidate by its predicate, each
    full pattern reads the clause from its start to that predicate."""

    code: str
    labels: frozenset[str]
    #: (probe, full patterns): the dash form and a state with and without opener; the colon
    #: label is matched at sentence starts directly
    dash: tuple[re.Pattern[str], re.Pattern[str]]
    label: re.Pattern[str]
    #: the first words of the copulas: a stated state needs one in the text
    copulas: frozenset[str]
    told: tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]


def _shapes(lang: Language, states: Mapping[str, str]) -> _Shapes | None:
    spec = load(lang.code).get("headlines")
    if not spec:
        return None
    predicate = _words([*lang.verbs, *states])
    verbs = _words(list(lang.verbs))
    opener = _words(spec.get("openers", ()))
    openers = rf"(?:(?:{opener})\s*[—–:,!.-]+\s*)?" if opener else ""
    adverbs = _words(spec.get("adverbs", ()))
    adverb = rf"(?:(?:{adverbs})\s+)*" if adverbs else ""
    token = _token(_words(spec.get("stops", ())))
    copula = _words(spec.get("copulas", ()))
    determiner = _words(spec.get("determiners", ()))
    # the participle (or state) closes the clause: a stop, a line's end, the text's end; a
    # bracketed aside before it adds to the clause, it does not reopen it ("a $150
    # certificate is now on your profile ($50 x 3)."; risk: an aside that holds a hedge)
    closing = r"(?=\**[ \t]*(?:\([^()\n]{0,80}\)[ \t]*)?(?:[.!]+(?!\S)|\n|\Z))"
    dash_probe = re.compile(rf"(?:[—–]|(?<=\s)-(?=\s))[ \t]*(?:\*\*)?{adverb}(?:{predicate})\**{closing}")
    dash_full = re.compile(
        rf"(?P<headline>)\s*{openers}{_BULLET}(?P<thing>{token}(?:\s+{token}){{0,15}})\**[ \t]*"
        rf"(?P<passive>[—–]|-)[ \t]*(?:\*\*)?{adverb}(?P<verb>{predicate})\**"
    )
    # the label starts its sentence or line; what it introduces starts with a word (not an
    # identifier or a key: "Started: task_id=A-77" is a log line) or a clock
    # time, not an amount ("Paid: $50") nor a date ("Booked: May 1" is when, a field)
    dates = _words(load(lang.code).get("calendar_words", ()))
    not_date = rf"(?!(?:{dates})(?![\w'’]))" if dates else ""
    label = re.compile(
        rf"(?:\A|(?<=\n)|(?<=[.!?]\s))(?P<headline>)[ \t]*{openers}{_BULLET}(?P<verb>{verbs})\**[ \t]*"
        rf"(?P<passive>:)(?=\**[ \t]+[\"“'#]?{not_date}(?:[^\W\d_]+(?![\w=])|\d{{1,2}}:\d\d))"
    )
    copula_at = _opening(spec.get("copulas", ()), r"[\w'’]") if copula else r"(?<![\w'’])(?:)"
    told_probe = re.compile(rf"{copula_at}\s+{adverb}(?:{predicate}){closing}")
    subject = rf"(?:{determiner})\s+(?:{token}\s+){{0,7}}" if determiner else rf"(?:{token}\s+){{1,8}}"
    # after an opener the thing may be indefinite ("Done — a certificate is now on your
    # account"); without one, "a cancelled flight is refunded" is a rule
    # ("Done — two vouchers are now on your account", "2 bags")
    indefinite = _words([*spec.get("determiners", ()), *spec.get("indefinites", ()), *lang.counts])
    opened_subject = rf"(?:{indefinite}|\d{{1,3}})\s+(?:{token}\s+){{0,7}}"
    told_opened = re.compile(
        rf"(?P<headline>)\s*(?:{opener})\s*[—–:,!.-]+\s*{_BULLET}{opened_subject}(?P<passive>{copula})\s+{adverb}(?P<verb>{predicate})"
    )
    told_plain = re.compile(
        rf"(?P<headline>)\s*{_BULLET}{subject}(?P<state>{copula})\s+{adverb}(?P<verb>{predicate})"
    )
    return _Shapes(
        lang.code,
        frozenset(normalise(w) for w in spec.get("labels", ())),
        (dash_probe, dash_full),
        label,
        frozenset(normalise(c).split()[0] for c in spec.get("copulas", ())),
        (told_probe, told_opened, told_plain),
    )


class Headlines:
    """The headline claims of an answer, for the claim finder (``ClaimFinder.find``)."""

    def __init__(self, languages: Sequence[Language], things: Set[str] = frozenset()) -> None:
        self._languages = {lang.code: lang for lang in languages}
        #: words for the kinds of thing tools act on ("alarm", "reserva"): the lexicon's entities
        self._things = things
        #: each language's state words (normalised) -> the participle of the deed that leaves it
        self._states = {
            code: {
                normalise(k): normalise(str(v))
                for k, v in load(code).get("headlines", {}).get("states", {}).items()
            }
            for code in self._languages
        }
        #: the words one of which an answer must hold for a language's headlines: a verb's
        #: first word or a state word's
        self._gates = {
            code: lang.first_words | {w.split()[0] for w in self._states[code]}
            for code, lang in self._languages.items()
        }
        self._shapes: dict[str, _Shapes | None] = {}

    def participle(self, code: str, word: str) -> str:
        """The participle of the deed whose outcome state word ``word`` names in language
        ``code`` ("gone" -> "removed"), or ``word`` itself when it names no such state."""
        states = self._states.get(code)
        return word if states is None else states.get(word, word)

    def _compiled(self, code: str) -> _Shapes | None:
        """Language ``code``'s shapes, compiled on the first answer that needs them (two
        threads may both build them: the same value either way)."""
        if code not in self._shapes:
            self._shapes[code] = _shapes(self._languages[code], self._states[code])
        return self._shapes[code]

    def matches(self, code: str, norm: str, words: Set[str]) -> Iterator[re.Match[str]]:
        """The headline claims of ``norm`` (normalised; ``words`` its words) in language
        ``code``, as matches of a full pattern: groups ``verb`` (the participle or state
        word) and ``passive`` or ``state``, the span from the clause's start to the
        predicate."""
        gate = self._gates.get(code)
        if gate is None or words.isdisjoint(gate):
            return
        shapes = self._compiled(code)
        if shapes is None:
            return
        if "—" in norm or "–" in norm or " - " in norm:
            probe, full = shapes.dash
            for hit in probe.finditer(norm):
                found = self._read_back(norm, hit, (full,))
                if found is not None and not self._labelled(shapes, found):
                    yield found
        if ":" in norm:
            yield from _at_line_starts(shapes.label, norm)
        if not words.isdisjoint(shapes.copulas):
            probe, opened, plain = shapes.told
            for hit in probe.finditer(norm):
                found = self._read_back(norm, hit, (opened, plain))
                if found is not None and ("passive" in found.re.groupindex or self._deed_state(code, found)):
                    yield found

    def _deed_state(self, code: str, found: re.Match[str]) -> bool:
        """Without an opener, a state word speaks of a deed only about a kind of thing tools
        act on ("your 7:00 alarm is gone"; "the snow is gone" is weather): a participle
        always does."""
        verb = _SPACES.sub(" ", found.group("verb"))
        if verb not in self._states.get(code, {}):
            return True
        return not self._things.isdisjoint(_WORD.findall(found.group(0)))

    @staticmethod
    def _read_back(norm: str, hit: re.Match[str], fulls: Sequence[re.Pattern[str]]) -> re.Match[str] | None:
        """The full pattern's match from the first clause start (the sentence's, then after
        each colon or dash) from which it reads up to the predicate ``hit`` found."""
        end = hit.end()
        while end > hit.start() and norm[end - 1] == "*":
            end -= 1
        start = _sentence_start(norm, hit.start())
        starts = [start, *(m.end() for m in _CLAUSE_MARK.finditer(norm, start, hit.start()))]
        for at in starts[:_TRIES]:
            for full in fulls:
                found = full.fullmatch(norm, at, end)
                if found is not None:
                    return found
        return None

    @staticmethod
    def _labelled(shapes: _Shapes, found: re.Match[str]) -> bool:
        """Is the thing a field's label ("Status — cancelled")?"""
        words = found.group("thing").split()
        return bool(words) and words[-1].strip("*()[]\"'") in shapes.labels


def _at_line_starts(label: re.Pattern[str], norm: str) -> Iterator[re.Match[str]]:
    """``label.finditer(norm)`` for the label pattern, which can only start where a text, a
    line or a sentence starts (``\\A``, after a line break, after a stop and a space): it is
    tried there only, in order, each after the last match's end, as ``finditer`` would
    (instead of the whole pattern being tried at every position of the answer)."""
    end = 0
    for at in (0, *(m.end() for m in _LINE_START.finditer(norm))):
        if at >= end and (found := label.match(norm, at)) is not None:
            yield found
            end = found.end()


#: What a label's line or sentence starts after (see ``_at_line_starts``).
_LINE_START = re.compile(r"\n|[.!?]\s")


def _sentence_start(norm: str, pos: int) -> int:
    """Where the sentence holding ``pos`` starts, at most ``_REACH`` characters back."""
    window = max(0, pos - _REACH)
    last = window
    for m in _SENTENCE_END.finditer(norm, window, pos):
        last = m.end()
    return last

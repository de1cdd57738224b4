"""A change reported as its resulting state, right after a done-marker: a claim that it was made.

"All done. Your outbound on reservation J3LF8Y is now the evening flight", "Erledigt! Dein
Termin ist jetzt um 15 Uhr", "Listo: tu vuelo ahora es el de la tarde": no verb names the
deed, yet the answer reports a change as made. Principle: a thing stated as now holding a
value ("X is now Y", "X ist jetzt Y", "X est maintenant Y", "X ahora es Y", "X agora é Y":
``now_copulas`` in ``stated_changes.json``), in the sentence a done-marker opens or the one
right after it ("Done", "Erledigt", "Listo", "C'est fait", "Pronto"), is the outcome of a
change, as "X has been changed to Y" is, when

- the user asked for a change (a word of ``change_requests`` in the user's message: change,
  switch, move; cambiar, ändern, changer, mudar ...) and the thing is one the user named
  (a word of five letters or more, an id, or a kind of thing of the lexicon's entities that the
  user's message holds too), or
- the done-marker names the change itself ("Updated:", "Geändert:", "Modifié :"), or
- with no done-marker, the user asked for a change of the thing and a write of this turn
  that acts on that kind of thing failed, not retried to success by a call of the same tool
  ("your password is now X" after ``ChangePassword`` errored): the sentence can only report
  that write's outcome, held to its failure. Its risk is a state the failed write never
  touched yet named by the same kind ("your password is now the one you set last week") read
  as its outcome; a successful write grounds the claim.

Such a claim is read as a passive claim of ``update`` about the thing's kinds
(``Claim.passive``: it names no doer), so ``detectors/claims.py`` holds it to the calls
exactly as "has been changed": grounded by a tool of this turn that can update that thing,
reported as failed when the only such call failed, as made up when none ran.

Risk: a state a tool reported without any change ("your flight is now boarding", "the seat
is now available", "your balance is now $40" after a read) is no claim unless the user asked
for a change of that thing and the sentence follows a done-marker; a user who asked for a
change in an earlier message and only confirms in the last one ("yes, go ahead") is not read
as asking, so that report is left alone (a miss, not a false alarm), as is a request made
with a German particle verb split in two ("buche ... um"); a thing named by a pronoun ("it's
now ...") is never read.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cache

from nofab.evidence.index import Evidence
from nofab.language.lexicon import Claim, Lexicon
from nofab.language.markup import plain
from nofab.language.reportedspeech import outside_quotations
from nofab.language.text import normalise
from nofab.language.vocabulary import Language, contains_phrase, load

_WORDS = re.compile(r"\w+")
#: A sentence ends at a stop before a space or the end, or at a line break.
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)|\n")
#: Where a value after the copula ends: its sentence's or clause's end.
_VALUE_END = re.compile(r"[.!?;:](?=\s|$)|[,\n(]")
#: Inside the words before the copula, the thing starts after the last of these.
_CLAUSE_MARK = re.compile(r"[,:;—–]|\s-\s")
_LEAD = re.compile(r"[\W_]*")


def _lead_end(text: str, at: int) -> int:
    """Where the words start at ``at``: markup, a bullet, an emoji skipped (``_LEAD`` always matches)."""
    found = _LEAD.match(text, at)
    return found.end() if found else at


_MAX_THING_WORDS = 10
_MAX_VALUE = 80
_MIN_SHARED = 5


@cache
def _data() -> dict[str, dict[str, list[str]]]:
    data = load("stated_changes")
    keys = ("now_copulas", "openers", "change_openers", "change_requests", "stops")
    return {key: data[key] for key in keys}


def _either(words: list[str] | set[str]) -> str:
    forms = sorted({normalise(w) for w in words}, key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(p) for p in form.split()) for form in forms)


@cache
def _copulas() -> tuple[tuple[str, re.Pattern[str], frozenset[str]], ...]:
    """Per language: the copulas' pattern, and the longest word of each copula ("now",
    "jetzt"), one of which the text must hold before the pattern is run."""
    return tuple(
        (
            code,
            re.compile(rf"(?<![\w'])(?:{_either(words)})(?!\w)"),
            frozenset(max(normalise(w).split(), key=len) for w in words),
        )
        for code, words in _data()["now_copulas"].items()
    )


@cache
def _openers() -> tuple[re.Pattern[str], frozenset[str]]:
    """A done-marker followed by its punctuation, and the markers that name a change."""
    headlines = load("new_values")["done_headlines"]
    words = {w for ws in (*_data()["openers"].values(), *headlines.values()) for w in ws}
    changes = frozenset(normalise(w) for ws in _data()["change_openers"].values() for w in ws)
    return re.compile(rf"(?P<marker>{_either(words)})\s*[,!.:;—–-]"), changes


@cache
def _requests() -> re.Pattern[str]:
    words = [w for ws in _data()["change_requests"].values() for w in ws]
    return re.compile(rf"(?<!\w)(?:{_either(words)})")


@cache
def _stops() -> dict[str, frozenset[str]]:
    return {code: frozenset(normalise(w) for w in ws) for code, ws in _data()["stops"].items()}


def _sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` that hold a word (an emoji alone on a line is none)."""
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        if _WORDS.search(text, start, m.start()):
            out.append((start, m.end()))
        start = m.end()
    if _WORDS.search(text, start):
        out.append((start, len(text)))
    return out


def _opened(text: str, sentences: list[tuple[int, int]], i: int) -> tuple[int, bool] | None:
    """Where sentence ``i``'s report starts, when a done-marker opens it or the sentence
    before it, and whether that marker names a change."""
    pattern, changes = _openers()
    for j, same in ((i, True), (i - 1, False)):
        if j < 0:
            continue
        start = _lead_end(text, sentences[j][0])
        found = pattern.match(text, start)
        if found is not None:
            marker = " ".join(found.group("marker").split())
            return (found.end() if same else sentences[i][0]), marker in changes
    return None


def _named_by_user(words: list[str], lexicon: Lexicon, user: str) -> bool:
    """Does the user's message name the thing: one of its longer words or ids, or its kind?"""
    said = set(_WORDS.findall(user))
    if any(w in said for w in words if len(w) >= _MIN_SHARED or any(c.isdigit() for c in w)):
        return True
    kinds = {lexicon.entities[w] for w in words if w in lexicon.entities}
    return any(lexicon.entities.get(w) in kinds for w in said)


def _cancelled(lang: Language, before: str, value: str) -> bool:
    """A negation or a hedge in the report, or a negated value ("is now no longer ...")."""
    words = set(_WORDS.findall(before)) | set(_WORDS.findall(value)[:2])
    return not words.isdisjoint(lang.negations) or any(contains_phrase(before, h) for h in lang.hedges)


def stated_changes(evidence: Evidence) -> list[Claim]:
    """The changes the answer reports as resulting states (see the module's principle)."""
    # A copula's longest word is a whole token of any text the copula matches in: a set
    # lookup in the answer's shared token set spares most answers every pattern and the
    # markup strip (per-turn cost, issue 15).
    present = evidence.normalised.tokens
    live = [(code, pattern) for code, pattern, keys in _copulas() if not keys.isdisjoint(present)]
    if not live:
        return []
    text = plain(evidence.normalised)  # the answer normalised once per turn, shared
    hits = [(code, m) for code, pattern in live for m in pattern.finditer(text)]
    if not hits:
        return []
    user = normalise(evidence.turn.user_message)
    asked = _requests().search(user) is not None
    lexicon = evidence.lexicon
    languages = {lang.code: lang for lang in lexicon.languages}
    participles = load("stated_changes")["participles"]
    update = lexicon.actions.get("update")
    sentences = _sentences(text)
    starts = [s for s, _e in sentences]
    taken = [c.span for c in evidence.claims]
    # Writes of this turn that failed and were not retried to success ("unmarked" reports).
    retried = {c.name for c in evidence.succeeded_calls if not c.earlier}
    failing = [
        c for c in evidence.failed_calls if not (c.earlier or c.name in retried or lexicon.reads_only(c))
    ]
    out: list[Claim] = []
    for code, hit in hits:
        i = bisect_right(starts, hit.start()) - 1
        opened = _opened(text, sentences, i) if i >= 0 else None
        unmarked = opened is None
        if opened is None and failing and i >= 0:
            opened = (sentences[i][0], False)  # no marker: the failed write's outcome, if on this thing
        lang = languages.get(code)
        if opened is None or lang is None or update is None or hit.start() < opened[0]:
            continue
        marks = list(_CLAUSE_MARK.finditer(text, opened[0], hit.start()))
        start = _lead_end(text, marks[-1].end() if marks else opened[0])
        words = _WORDS.findall(text, start, hit.start())
        if not 0 < len(words) <= _MAX_THING_WORDS or not _stops().get(code, frozenset()).isdisjoint(words):
            continue
        if not opened[1] and not (asked and _named_by_user(words, lexicon, user)):
            continue
        stop = _VALUE_END.search(text, hit.end(), min(len(text), hit.end() + _MAX_VALUE))
        end = stop.start() if stop else min(len(text), hit.end() + _MAX_VALUE)
        sentence_end = sentences[i][1]
        if text[sentence_end - 1 : sentence_end] == "?" or end <= hit.end():
            continue
        if _cancelled(lang, text[sentences[i][0] : hit.start()], text[hit.end() : end]):
            continue
        end = hit.end() + len(text[hit.end() : end].rstrip())
        if any(s < end and start < e for s, e in taken):
            continue  # a claim the finder already read ("is now cancelled")
        kinds = frozenset(lexicon.entities[w] for w in words if w in lexicon.entities)
        if unmarked and not any(lexicon.acts_on(c, kinds) for c in failing):
            continue  # unmarked: only the thing a failed write of this turn acted on
        written = evidence.answer[start:end]
        out.append(Claim((start, end), written, participles[code], update, code, kinds, passive=True))
        taken.append((start, end))
    return outside_quotations(out, evidence.answer)  # a quoted text's words are not the agent's


__all__ = ["stated_changes"]

"""A lone given name as the subject of a clause that says the person acts: "Karim is
delivering it", "Laura will call you tomorrow", "Laura te llamará mañana".

Principle: an answer that says a named person does something for the user (delivers, calls,
sends, reviews, approves; or, after a modal, will have or receive something) presents that
person as a fact of this turn. When the turn's evidence speaks of people at all (its records
hold person names, or its text names someone by a given name), the person the answer names
must be one of them: a given name no evidence holds, opening a clause before such a verb, is
an ``ungrounded_entity`` (a courier, a recipient, an agent swapped for another).

The gates, each narrowing where a capitalised word alone would fire everywhere: the word is
a given name of the gazetteer (``givennames``; no month or day, no place's marks after it);
it opens a clause (the answer's start, after a sentence's end, a line break, a dash, a colon
or a semicolon); the next words are a verb of action or communication of a lexicon language,
with at most a few auxiliaries, modals or object pronouns between (``subject_verbs.json``);
the evidence names people; and no evidence holds the word (the user's own messages and the
context included, so the user's name and an agent persona named there pass).

Risk: a brand, place or thing that is also a given name, opening a clause before an action
verb, in a turn that names people and never names it ("Chase will send you a new card",
"Bill will be sent tomorrow") is flagged; a person the user named in an earlier conversation
(not in this turn's evidence) is flagged; a swapped name after a verb the lists lack, or in a
clause opened otherwise ("and Karim is ..."), passes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Protocol

from nofab.detectors.givennames import is_given_name
from nofab.language.text import fold
from nofab.language.vocabulary import LANGUAGES, load
from nofab.language.vocabulary import words as words_of

#: Words read after the name: at most this many between it and the verb, plus the verb.
MAX_BETWEEN = 3
#: What may open a clause right before the name (after blanks, quotes and markdown).
_OPENERS = frozenset(".!?\n;:—–")
_SKIPPED = frozenset(" \t*_\"“”'‘’>#")
#: The next word: letters with an inner apostrophe ("d'", "l'appelle"), after blanks.
_NEXT_WORD = re.compile(r"[ \t]+([^\W\d_]+(?:['’][^\W\d_]*)?)")


def opens_clause(answer: str, start: int) -> bool:
    """``start`` opens a clause: the answer's start, or a sentence end, a line break, a dash,
    a colon or a semicolon before it (blanks, quotes and markdown skipped)."""
    i = start
    while i > 0 and answer[i - 1] in _SKIPPED:
        i -= 1
    if i == 0:
        return True
    if answer[i - 1] in _OPENERS:
        return True
    return answer[i - 1] == "-" and i < start and answer[i - 2 : i - 1] in (" ", "")  # " - "


def acting_verb(answer: str, start: int, end: int) -> str:
    """The verb, as written, that makes the word at ``answer[start:end]`` the subject of an
    action: a verb of action or communication among the next words, with only auxiliaries,
    modals and object pronouns before it; a verb of receiving only after a modal. Else "".
    A word the lists hold themselves is no subject ("Can be delivered": "Can" is a given
    name and a modal)."""
    lists = _lists()
    own = fold(answer[start:end]).replace("’", "'")
    if own in lists["between"] or own in lists["verbs"]:
        return ""
    modal = False
    at = end
    for _ in range(MAX_BETWEEN + 1):
        m = _NEXT_WORD.match(answer, at)
        if m is None:
            return ""
        word = fold(m.group(1)).replace("’", "'")
        if word in lists["verbs"] or (modal and word in lists["receiving"]):
            return m.group(1)
        if word not in lists["between"]:
            return ""
        modal = modal or word in lists["modals"]
        at = m.end()
    return ""


def opening_verb(answer: str, start: int, end: int) -> bool:
    """The capitalised word at ``answer[start:end]`` opens a sentence and is a completed
    action of the claim lexicons (``verbs``: "Found", "Messaged", "Notified", "Trouvé",
    "Enviado"), not a given name. Principle: a terse answer drops its subject and opens with
    the verb of what was done, which is then capitalised and glued to the name after it
    ("Found Søren Dahl-Jensen"); the verb is no part of that name, so the name is read
    without it (a held full name passes, a swapped first name beside a held surname is still
    one). Only a sentence's or a list item's opening counts (the answer's start, a line's
    start, after ".", "!" or "?", a pictograph or a list's bullet or number: "💬 Texted ___",
    "- Envoyé à ___"), not a label's colon, where a person's name is expected.

    Risk: a given name that the lists also hold as a verb is kept (the gazetteer wins); a
    surname spelt like a listed verb opening a sentence is read as the verb, so a swapped
    first name before it passes."""
    if not _opens_sentence(answer, start):
        return False
    word = answer[start:end]
    return fold(word).replace("’", "'") in _verb_words() and not is_given_name(word)


#: The shortest English past form read by its ending alone ("Pinged"; not "Ted", "Reed").
_PAST_LENGTH = 6


def past_opening(answer: str, start: int, end: int) -> bool:
    """The capitalised word at ``answer[start:end]`` opens a sentence or a list item and is
    shaped like an English past form the lists lack ("Pinged", "Slacked", "Emailed"): at
    least six letters ending in "ed", and no given name of the gazetteer. Principle: as for
    ``opening_verb``, a terse answer's verb glued to the name after it is no part of that
    name; the caller drops it only when the words after it are, on their own, a full name
    the evidence holds (two words or more), so a verb-shaped word never hides an unknown
    name. Risk: a first name ending in "ed" that the gazetteer lacks, opening a sentence
    before a held full name ("Winifred Hana Kobayashi"), is read as a verb."""
    word = answer[start:end]
    return (
        len(word) >= _PAST_LENGTH
        and word.isalpha()
        and word.endswith("ed")
        and not is_given_name(word)
        and _opens_sentence(answer, start)
    )


def glued_verb(answer: str, name: Sequence[_Worded], unknown: Callable[[Any], bool]) -> bool:
    """The first word of the run ``name`` opens its sentence and is no part of the name:
    a verb or function word of the lexicons (``opening_word``), or an English past form
    (``past_opening``) before a full name whose every word the evidence holds (``unknown``
    says a word is held by none)."""
    first = name[0]
    if opening_word(answer, first.start, first.end):
        return True
    return (
        len(name) >= 3
        and past_opening(answer, first.start, first.end)
        and not any(unknown(w) for w in name[1:])
    )


class _Worded(Protocol):
    """A word of the answer (``namewords.Word``): where it is."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


def opening_word(answer: str, start: int, end: int) -> bool:
    """``opening_verb``, or a function word of a lexicon language opening a sentence: an
    article, a demonstrative, a conjunction (``joining_words``: "The", "This", "And", "Der",
    "Les", "Los") or a preposition that takes people (``person_prepositions``: "For", "With",
    "Für", "Pour", "Para"). Principle: such a word is capitalised only because it opens the
    sentence, and it is no part of the name glued to it ("The Lindqvist file", "For Greta and
    ..."); the name is read without it. Risk: a name that opens with such a word ("La Toya",
    "Les Dawson") opening a sentence is read from its second word."""
    if opening_verb(answer, start, end):
        return True
    word = fold(answer[start:end])
    return (
        word in _function_words() and _opens_sentence(answer, start) and not is_given_name(answer[start:end])
    )


@cache
def _function_words() -> frozenset[str]:
    return frozenset(fold(w) for w in words_of("joining_words") | words_of("person_prepositions"))


def _opens_sentence(answer: str, start: int) -> bool:
    """``start`` opens a sentence or a list item: the answer's start, a line's start or a
    sentence's end before it, with blanks, quotes, markdown, pictographs ("💬 ", "✅ ") and a
    list's marker ("- ", "• ", "2. ", "3) ") skipped."""
    i = _skip_marks(answer, start)
    if i == 0 or answer[i - 1] == "\n":
        return True
    if i < start and answer[i - 1] in ".)" and answer[i - 2 : i - 1].isdigit():
        j = i - 1  # a numbered item ("2. ", "3) ") at a line's start
        while j > max(0, i - 4) and answer[j - 1].isdigit():
            j -= 1
        k = _skip_marks(answer, j)
        return k == 0 or answer[k - 1] == "\n"
    return answer[i - 1] in ".!?" and i < start and not answer[i - 2 : i - 1].isdigit()


#: A list's bullet, skipped before a sentence's first word when blanks follow it.
_BULLETS = frozenset("-+•·▪◦‣")
#: How many characters of marks are skipped back (a pictograph and its modifiers, markup).
_MARK_REACH = 16


def _skip_marks(answer: str, start: int) -> int:
    """The index before the blanks, quotes, markdown, pictographs and list bullets that
    precede ``start`` (bounded: at most ``_MARK_REACH`` characters)."""
    i = start
    floor = max(0, start - _MARK_REACH)
    while i > floor:
        c = answer[i - 1]
        if c in _SKIPPED or _pictograph(c) or (c in _BULLETS and answer[i : i + 1] in (" ", "\t")):
            i -= 1
        else:
            break
    return i


def _pictograph(c: str) -> bool:
    """An emoji or other symbol, or a joiner or selector inside one ("💬", "✅", U+FE0F)."""
    return c in "\u200d\ufe0f" or (ord(c) > 0x2000 and unicodedata.category(c) in ("So", "Sk"))


@cache
def _verb_words() -> frozenset[str]:
    """Every lexicon language's claim verbs (``verbs``), folded."""
    return frozenset(fold(w) for w in words_of("verbs"))


@cache
def _lists() -> dict[str, frozenset[str]]:
    """Each list of ``subject_verbs.json``, every lexicon language's words in one set."""
    data = load("subject_verbs")
    names = ("verbs", "between", "modals", "receiving")
    lists = {name: [w for code in LANGUAGES for w in data.get(code, {}).get(name, ())] for name in names}
    return {name: frozenset(fold(w).replace("’", "'") for w in found) for name, found in lists.items()}


__all__ = [
    "MAX_BETWEEN",
    "acting_verb",
    "glued_verb",
    "opening_verb",
    "opening_word",
    "opens_clause",
    "past_opening",
]

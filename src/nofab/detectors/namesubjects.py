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
from functools import cache

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
    one). Only a sentence's opening counts (the answer's start, a line's start, after ".",
    "!" or "?"), not a list item's number ("1.") or a label's colon, where a person's name
    is expected.

    Risk: a given name that the lists also hold as a verb is kept (the gazetteer wins); a
    surname spelt like a listed verb opening a sentence is read as the verb, so a swapped
    first name before it passes."""
    if not _opens_sentence(answer, start):
        return False
    word = answer[start:end]
    return fold(word).replace("’", "'") in _verb_words() and not is_given_name(word)


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
    i = start
    while i > 0 and answer[i - 1] in _SKIPPED:
        i -= 1
    if i == 0 or answer[i - 1] == "\n":
        return True
    return answer[i - 1] in ".!?" and i < start and not answer[i - 2 : i - 1].isdigit()


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


__all__ = ["MAX_BETWEEN", "acting_verb", "opening_verb", "opening_word", "opens_clause"]

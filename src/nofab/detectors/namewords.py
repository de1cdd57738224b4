"""The answer's capitalised words and their runs (a full name is one run): what the name
rules of ``nofab.detectors.names`` read, found in one pass over the answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

from nofab.detectors.namerecords import capitalised
from nofab.language.vocabulary import words as words_of

# A word that does not start with an ASCII lower-case letter (capitalised, or non-ASCII:
# checked with str.isupper): skipping the lower-case majority keeps the scan cheap. Its
# first letter comes first and the look-behind after it ("no word character before it"):
# a pattern that opens with a character class is scanned for in C.
_UPPER_WORD = re.compile(r"[^\W\d_a-z](?<![\w'’\-].)[^\W\d_]*(?:['’\-][^\W\d_]+)*")
# The same pattern for an ASCII answer, where those classes are A-Z and A-Za-z: half the cost.
_ASCII_UPPER_WORD = re.compile(r"[A-Z](?<![\w'’\-].)[A-Za-z]*(?:['’\-][A-Za-z]+)*")
_POSSESSIVE = ("'s", "’s")
#: Words whose "'s" is "is", "has" or "us": a contraction, never a name's possessive ("Here's
#: reservation S3E9RB", "There's seat 4A", "Let's book it"). Like a lower-case word, it is not
#: kept (English only: the other lexicon languages write no "'s").
CONTRACTED = frozenset(
    ["here", "there", "it", "that", "what", "who", "where", "when", "how", "he", "she", "let"]
)


@cache
def pronouns() -> frozenset[str]:
    """Pronouns a lexicon language capitalises in mid-sentence (``capitalised_pronouns``: "I've",
    "I'm"; German "Sie", "Ihnen"). Never part of a person's name: like a lower-case word, such
    a word is not kept, so a run of capitalised words ends before it ("Marco I'm" is Marco).
    Words capitalised only because they open a clause need no list: a clause opens after a
    full stop or a line break, which already ends a run. Risk: a name spelt like one of them
    ("Sie" as a surname) is left out of its run, so the rest of that name is read alone."""
    return words_of("capitalised_pronouns")  # (normalised: lower case, straight apostrophes)


@cache
def _pronoun_initials() -> str:
    # asked before the lower-casing: most capitalised words open with no pronoun's letter
    return "".join(sorted({w[0].upper() for w in pronouns()}))


class Word(NamedTuple):
    """A capitalised word of the answer (a tuple: an answer has thousands of them, and a
    frozen dataclass costs several times as much to make)."""

    text: str  # without a possessive ending: "Anna's" -> "Anna"
    start: int
    end: int  # end of the word including its possessive
    possessive: bool
    shaped: bool  # ``capitalised``: name-shaped (asked once, read by every rule)


#: ``Word``'s fields made into a ``Word`` without the Python-level ``__new__`` a named tuple
#: adds (the same tuple, a third of the cost: an answer has thousands of words).
_new_word = tuple.__new__


def words(answer: str, titles: frozenset[str] = frozenset()) -> list[Word]:
    """The words of ``answer`` that can be part of a name or open one: name-shaped
    (``capitalised``), one capital letter (an initial) or one of ``titles``. Any other word
    (lower case, an acronym: "JFK", "HAT537") breaks the adjacency of the words around it by
    its gap, exactly as a word that ends a run would, so it is not kept: an answer dense
    with codes makes no words at all."""
    out: list[Word] = []
    # (read once, not per word: the words of a long answer are many)
    initials, kept_pronouns, make = _pronoun_initials(), pronouns(), _new_word
    if answer.isascii():
        # The same reading in its ASCII form: every match starts with a capital, and a word
        # is name-shaped when upper-casing its tail changes it (a lower-case letter there).
        for m in _ASCII_UPPER_WORD.finditer(answer):
            text = m.group()
            possessive = text.endswith("'s")
            if possessive:
                text = text[:-2]
                if text.lower() in CONTRACTED:
                    continue
            elif text[0] in initials and text.lower() in kept_pronouns:
                continue
            tail = text[1:]
            shaped = tail != tail.upper()
            if shaped or not tail or text in titles:
                out.append(make(Word, (text, *m.span(), possessive, shaped)))
        return out
    for m in _UPPER_WORD.finditer(answer):
        text = m.group(0)
        if not text[0].isupper():
            continue
        possessive = text.endswith(_POSSESSIVE)
        if possessive:
            text = text[:-2]
            if text.lower() in CONTRACTED:
                continue
        elif text[0] in initials and text.lower().replace("’", "'") in kept_pronouns:
            continue
        shaped = capitalised(text)
        if shaped or len(text) == 1 or text in titles:
            out.append(make(Word, (text, *m.span(), possessive, shaped)))
    return out


def initial(answer: str, word: Word) -> bool:
    """A middle initial: one capital letter and a full stop ("Virginia J. Moore")."""
    return len(word.text) == 1 and word.text.isupper() and answer[word.end : word.end + 1] == "."


def runs(answer: str, found: list[Word]) -> Iterator[list[Word]]:
    """Maximal runs of capitalised words separated by single spaces (a full name); a middle
    initial continues a run."""
    run: list[Word] = []
    for word in found:
        gap = answer[run[-1].end : word.start] if run else ""
        joined = (
            bool(run)
            and not run[-1].possessive
            and (gap == " " or (gap == ". " and initial(answer, run[-1])))
        )
        if joined and initial(answer, word):
            run.append(word)
            continue
        shaped = word.shaped
        if shaped and (joined or not run):
            run.append(word)
            continue
        if run:
            yield run
        run = [word] if shaped else []
    if run:
        yield run

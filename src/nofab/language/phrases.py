"""The tool-failure phrase book: confessions, retractions, result reports, failure
acknowledgements and offers in every lexicon language, compiled once from
``lexicons/tool_failures.json`` (data, so a language needs no code). It is part of the one
lexicon system: loaded by ``vocabulary.load``, matched on ``text.normalise`` (the same
length as the text, so spans index the original answer), negated by the languages' one
``negations`` list.

Phrases and text are split into the same tokens (words and single punctuation marks);
phrases are indexed by their first token, located with ``str.find`` and matched token by
token — far cheaper than a many-branch regex alternation tried at every character.
"""

from __future__ import annotations

import re
from functools import cache, cached_property

from nofab.language.text import normalise as normalise  # re-exported: the one normaliser
from nofab.language.vocabulary import LANGUAGES, load
from nofab.language.vocabulary import words as words  # re-exported

CATEGORIES = ("confessions", "retractions", "caveats", "results", "failure", "offers")

#: "…" in a phrase: a gap of up to this many tokens inside one sentence
#: ("ich habe die Zahlen erfunden" matches "ich habe … erfunden").
GAP_TOKENS = 6
_GAP = "…"
# "didn't" -> didn ' t, "j'ai" -> j ' ai: phrase and text split alike, so a match always
# falls on word boundaries.
_TOKEN = re.compile(r"\w+|[^\w\s]")
_SENTENCE_STOP = frozenset(".!?")


@cache
def _data() -> dict[str, dict[str, list[str]]]:
    raw = load("tool_failures")
    return {code: raw[code] for code in LANGUAGES if code in raw}


def _tokens(phrase: str) -> tuple[str, ...]:
    out: list[str] = []
    for i, part in enumerate(phrase.split(_GAP)):
        if i:
            out.append(_GAP)
        out.extend(_TOKEN.findall(normalise(part.strip())))
    return tuple(out)


@cache
def index(category: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    """First token -> token sequences of ``category`` phrases starting with it, longest first."""
    phrases = {_tokens(p) for lang in _data().values() for p in lang.get(category, ())}
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for tokens in phrases:
        if tokens and tokens[0] != _GAP:
            by_first.setdefault(tokens[0], []).append(tokens)
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in by_first.items()}


def negations() -> frozenset[str]:
    return words("negations")


_WORD = re.compile(r"[\w']+")


def negated_before(norm: str, start: int, window: int = 24) -> bool:
    """A negation word just before ``start`` in the same clause ("nothing was made up")."""
    before = norm[max(0, start - window) : start]
    for stop in ".!?;:\n":
        before = before.rsplit(stop, 1)[-1]
    found = negations()
    suffixes = tuple(words("negation_suffixes"))
    return any(w in found or w.endswith(suffixes) for w in _WORD.findall(before))


def _skip_space(norm: str, pos: int) -> int:
    while pos < len(norm) and norm[pos].isspace():
        pos += 1
    return pos


def _match_at(norm: str, pos: int, phrase: tuple[str, ...]) -> int:
    """End of ``phrase`` matched token by token from ``pos``, or -1."""
    k = 0
    while k < len(phrase):
        want = phrase[k]
        if want == _GAP:
            nxt = phrase[k + 1]
            for _skip in range(GAP_TOKENS + 1):
                at = _skip_space(norm, pos)
                token = _TOKEN.match(norm, at)
                if token is None or token.group(0) in _SENTENCE_STOP:
                    return -1
                if token.group(0) == nxt:
                    break  # the next loop step matches it
                pos = token.end()
            else:
                return -1
            k += 1
            continue
        at = _skip_space(norm, pos)
        token = _TOKEN.match(norm, at)
        if token is None or token.group(0) != want:
            return -1
        pos = token.end()
        k += 1
    return pos


_WORD_RUN = re.compile(r"\w+")
#: Every ASCII character that is not a word character, made a space: an ASCII text's words
#: are then ``str.split``'s pieces (C loops, a third of a regex's time per character). The
#: table is a string indexed by character code (``str.translate`` reads it three times
#: faster than the same mapping as a dict).
_ASCII_BREAKS = "".join(chr(i) if chr(i).isalnum() or chr(i) == "_" else " " for i in range(128))


def token_set(norm: str) -> frozenset[str]:
    """Every token of the text: its words, and each character that is neither a word
    character nor a space (what ``_TOKEN`` yields, without matching the alternation at
    every character). A ``PhraseText`` carries its own, computed once."""
    if isinstance(norm, PhraseText):
        return norm.tokens
    return _token_set(norm)


def _token_set(norm: str) -> frozenset[str]:
    found = set(norm.translate(_ASCII_BREAKS).split()) if norm.isascii() else set(_WORD_RUN.findall(norm))
    found.update(c for c in set(norm) if not (c.isalnum() or c == "_" or c.isspace()))
    return frozenset(found)


class PhraseText(str):
    """An answer in ``normalise``'s form carrying its token set, computed on first use and
    then shared by every phrase search of the answer (``Evidence.normalised``): each
    category, each paragraph's ``contains``, each detector, one tokenisation."""

    @cached_property
    def tokens(self) -> frozenset[str]:
        return _token_set(self)


def find(category: str, norm: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Spans of ``category`` phrases within ``norm[start:end]``, left to right, not overlapping.

    Candidate starts are located with ``str.find`` per distinct first token (C speed); a
    phrase is then matched token by token from there."""
    stop = len(norm) if end is None else end
    present = norm.tokens if isinstance(norm, PhraseText) else _token_set(norm)
    # Only phrases whose every token occurs somewhere in the text can match: usually none,
    # and then nothing is searched at all ("the", "i" start many phrases and are everywhere).
    table = {
        first: viable
        for first, phrases in index(category).items()
        if first in present
        and (viable := tuple(p for p in phrases if all(t == _GAP or t in present for t in p)))
    }
    starts: list[tuple[int, str]] = []
    for first in table:
        at = norm.find(first, start, stop)
        while at != -1:
            # A whole token only: "i" must not match inside "in", nor "tool" inside "stool".
            token = _TOKEN.match(norm, at)
            if (
                token is not None
                and token.group(0) == first
                and (at == 0 or not _word_char(norm[at - 1], first))
            ):
                starts.append((at, first))
            at = norm.find(first, at + 1, stop)
    starts.sort()
    out: list[tuple[int, int]] = []
    taken = start
    for at, first in starts:
        if at < taken:
            continue
        for phrase in table[first]:
            after = _match_at(norm, at, phrase)
            if after != -1 and after <= stop:
                out.append((at, after))
                taken = after
                break
    return out


def _word_char(char: str, first: str) -> bool:
    """Does ``char`` glue onto a token starting with ``first`` (so it is not a token start)?"""
    return (char.isalnum() or char == "_") and (first[0].isalnum() or first[0] == "_")


def contains(category: str, norm: str, start: int = 0, end: int | None = None) -> bool:
    """Does ``norm[start:end]`` hold a ``category`` phrase?"""
    return bool(find(category, norm, start, end))

"""Number vocabulary of every language, from ``language/lexicons/numbers.json`` (one loader).

An answer's language is not known in advance and number words rarely collide across the
five languages, so most tables merge all languages; ``for_language`` gives one language's
entries where a caller needs them apart.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

_FILE = Path(__file__).resolve().parent.parent / "language" / "lexicons" / "numbers.json"


@dataclass(frozen=True, slots=True)
class NumberWords:
    """The number vocabulary of one language, or of all languages merged."""

    months: dict[str, int]
    day_month_links: tuple[str, ...]
    number_words: dict[str, int]
    scales: dict[str, float]
    currencies: frozenset[str]
    currency_codes: frozenset[str]
    percent_words: tuple[str, ...]
    approximations: tuple[str, ...]
    per_unit: tuple[str, ...]
    cues: tuple[str, ...]
    masked: tuple[str, ...]


@cache
def _data() -> dict[str, Any]:
    text = _FILE.read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return {lang: entry for lang, entry in data.items() if not lang.startswith("_")}


def _words(entries: list[dict[str, Any]]) -> NumberWords:
    months: dict[str, int] = {}
    links: list[str] = []
    counts: dict[str, int] = {}
    scales: dict[str, float] = {}
    currencies: set[str] = set()
    codes: set[str] = set()
    percent: list[str] = []
    approx: list[str] = []
    per_unit: list[str] = []
    cues: list[str] = []
    masked: list[str] = []
    for entry in entries:
        months.update({k: int(v) for k, v in entry.get("months", {}).items()})
        links.extend(w for w in entry.get("day_month_links", ()) if w not in links)
        counts.update({k: int(v) for k, v in entry.get("number_words", {}).items()})
        scales.update({k: float(v) for k, v in entry.get("scales", {}).items()})
        currencies.update(entry.get("currencies", ()))
        codes.update(entry.get("currency_codes", ()))
        percent.extend(entry.get("percent_words", ()))
        approx.extend(entry.get("approximations", ()))
        per_unit.extend(entry.get("per_unit", ()))
        cues.extend(entry.get("cues", ()))
        masked.extend(entry.get("masked", ()))
    return NumberWords(
        months,
        tuple(links),
        counts,
        scales,
        frozenset(currencies | codes),
        frozenset(codes),
        tuple(percent),
        tuple(approx),
        tuple(per_unit),
        tuple(cues),
        tuple(masked),
    )


@cache
def number_words() -> NumberWords:
    """Every language's entries merged (later languages never override English ones)."""
    data = _data()
    ordered = [data[lang] for lang in sorted(data, key=lambda lang: lang != "en")]
    return _words(ordered[::-1])


@cache
def for_language(lang: str) -> NumberWords:
    """One language's entries (empty tables for a language the data does not have)."""
    entry = _data().get(lang)
    return _words([entry] if entry else [])


@cache
def listed(key: str) -> tuple[str, ...]:
    """Every language's word list under ``key`` merged, for a table one module reads alone
    (``change_cues``), so that ``NumberWords`` need not grow a field per such table."""
    words: list[str] = []
    for entry in _data().values():
        words.extend(w for w in entry.get(key, ()) if w not in words)
    return tuple(words)


@cache
def factors(key: str) -> dict[str, float]:
    """Every language's word -> number table under ``key`` merged (``scaling_words``)."""
    table: dict[str, float] = {}
    for entry in _data().values():
        for word, value in entry.get(key, {}).items():
            table.setdefault(word, float(value))
    return table


@cache
def by_language(key: str) -> dict[str, Any]:
    """Each language's table under ``key`` (``counted_nouns``), for a module that needs the
    languages apart (the English entry doubles as the words of tool field keys)."""
    return {lang: entry[key] for lang, entry in _data().items() if key in entry}


def languages() -> tuple[str, ...]:
    return tuple(sorted(_data()))


def alternation(words: frozenset[str] | tuple[str, ...] | dict[str, Any]) -> str:
    """A regex alternation of ``words``, longest first (so "sept" wins over "sep"),
    spaces matching any whitespace."""
    ordered = sorted(words, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered)


def first_letters(words: Iterable[str]) -> str:
    """A lookahead for the first characters of ``words`` (empty when one starts with white
    space or is empty), to put before their alternation in a pattern compiled with
    ``re.IGNORECASE``: it matches exactly where some word's first character does, in any
    case (the class is read under the same flag as the words), so the match is unchanged.

    Why: the regex engine tries every branch of an alternation at every position; with the
    case folded that is slow (a search of fifty cue words over a 300-character answer took
    140 µs). The one-character test fails at most positions first (2 to 3 times faster)."""
    firsts = {w[:1] for w in words}
    if not firsts or any(not c or c.isspace() for c in firsts):
        return ""
    return f"(?=[{''.join(re.escape(c) for c in sorted(firsts))}])"


def word_pattern(words: frozenset[str] | tuple[str, ...] | dict[str, Any]) -> re.Pattern[str]:
    """Any of ``words`` as a whole word or phrase, in any case: no letter may stand right
    before or after it (a digit may: "2x", "+5°")."""
    found = rf"(?<![^\W\d_])(?:{alternation(words)})(?![^\W\d_])"
    return re.compile(first_letters(words) + found, re.IGNORECASE)


def _folds_to_ascii(words: Iterable[str]) -> bool:
    """Does a character of ``words`` outside ASCII match an ASCII character case-insensitively
    (as "ſ" matches "s", "K" the Kelvin sign "k")?"""
    odd = {c for word in words for c in word if not c.isascii()}
    return any(re.fullmatch(re.escape(c), chr(x), re.IGNORECASE) for c in odd for x in range(128))


#: ASCII letters lowered, every other ASCII character a space (for ``ascii_runs``).
_RUNS = bytes((c | 32) if chr(c).isalpha() else 32 for c in range(128)) + bytes(128)
_LETTER_RUN = re.compile(r"[^\W\d_]+")
#: Texts whose letter runs are remembered: the answers being checked, asked by many readings.
_TEXTS_KEPT = 16


@lru_cache(maxsize=_TEXTS_KEPT)
def ascii_runs(text: str) -> frozenset[bytes] | None:
    """The maximal runs of letters of an ASCII text, lowered (None for any other text): one
    pass over the answer (a translation and a split, in C) shared by every gate of it."""
    if not text.isascii():
        return None
    return frozenset(text.encode().translate(_RUNS).split())


class RunGate:
    r"""The first letter runs of a word list ("in" of "in total", "that" of "that's").

    Principle: where a pattern matches one of the words with no letter right before it and
    none right after it (``word_pattern``'s look-arounds, or ``\w`` ones), the text holds the
    word's first run of letters as a whole run: the run starts at the match, and in the word a
    non-letter (or the end, then the look-ahead) follows it. On ASCII text, case folding is
    lowering, so an ASCII text none of whose letter runs (``ascii_runs``) is such a first run
    holds no match: ``excludes`` is then True and the caller's scan is skipped. Never
    excludes other text, nor when a word starts with no letter or holds a character that folds
    to ASCII ("ſ")."""

    __slots__ = ("_runs",)

    def __init__(self, words: Iterable[str]) -> None:
        runs: set[bytes] | None = set()
        listed_words = list(words)
        if _folds_to_ascii(listed_words):
            runs = None
        for word in listed_words:
            first = _LETTER_RUN.match(word.lower())
            if first is None or first.start() != 0 or runs is None:
                runs = None
                break
            if first.group().isascii():  # a run with another letter is never in ASCII text
                runs.add(first.group().encode())
        self._runs = None if runs is None else frozenset(runs)

    def excludes(self, text: str) -> bool:
        """Is ``text`` certain to hold none of the words (module principle)?"""
        if self._runs is None:
            return False
        runs = ascii_runs(text)
        return runs is not None and self._runs.isdisjoint(runs)


class WordSearch:
    """``word_pattern(words)``'s matches, found fast in ASCII text (nearly every answer).

    Principle: on ASCII text a case-insensitive match of the words is exactly a case-sensitive
    match of the lower-cased words in the lower-cased text (lowering keeps every offset, a
    letter stays a letter, and only ASCII characters can match ASCII ones, unless a word holds
    a character that folds to ASCII such as "ſ": such word lists always take the case-folded
    pattern). The case-folded alternation was tried at every position of the answer and cost
    two to three times the lowered search. Other text takes the case-folded pattern as is.
    Only positions are given (the text's own words are ``text[start:end]``)."""

    __slots__ = ("_gate", "_lowered", "pattern")

    def __init__(self, words: frozenset[str] | tuple[str, ...] | dict[str, Any]) -> None:
        self.pattern = word_pattern(words)
        self._gate = RunGate(words)
        lowered = tuple({w.lower(): None for w in words})
        found = rf"(?<![^\W\d_])(?:{alternation(lowered)})(?![^\W\d_])"
        self._lowered = None if _folds_to_ascii(words) else re.compile(first_letters(lowered) + found)

    def search(self, text: str) -> bool:
        """Does ``text`` hold one of the words (``word_pattern``'s search)?"""
        if self._gate.excludes(text):
            return False
        if self._lowered is not None and text.isascii():
            return self._lowered.search(text.lower()) is not None
        return self.pattern.search(text) is not None

    def spans(self, text: str) -> list[tuple[int, int]]:
        """(start, end) of each match, left to right (``word_pattern``'s ``finditer``)."""
        if self._gate.excludes(text):
            return []
        if self._lowered is not None and text.isascii():
            return [m.span() for m in self._lowered.finditer(text.lower())]
        return [m.span() for m in self.pattern.finditer(text)]


@cache
def listed_search(key: str) -> WordSearch:
    """``WordSearch`` of every language's words under ``key`` (``listed_pattern``'s words)."""
    return WordSearch(tuple({w.lower(): None for w in listed(key)}))


@cache
def listed_pattern(key: str) -> re.Pattern[str]:
    """``word_pattern`` of every language's words under ``key`` (``listed``), built once."""
    return word_pattern(tuple({w.lower(): None for w in listed(key)}))


__all__ = [
    "NumberWords",
    "RunGate",
    "WordSearch",
    "alternation",
    "ascii_runs",
    "by_language",
    "factors",
    "first_letters",
    "for_language",
    "languages",
    "listed",
    "listed_pattern",
    "listed_search",
    "number_words",
    "word_pattern",
]

"""The tool-failure phrase book: confessions, retractions, result reports, failure
acknowledgements and offers in every lexicon language, compiled once from
``lexicons/tool_failures.json`` (data, so a language needs no code).

Matching runs on ``normalise(text)``: lower-cased with typographic apostrophes made
straight, the same length as the text, so spans index the original answer.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from nofab.lexicon import LANGUAGES

CATEGORIES = ("confessions", "retractions", "caveats", "results", "failure", "offers")

# "…" in a phrase: a gap of a few words inside one sentence ("ich habe die Zahlen erfunden").
_GAP = r"[^.!?\n]{0,40}?"


def normalise(text: str) -> str:
    """Lower-case and straighten apostrophes without changing the length."""
    lowered = text.lower()
    if len(lowered) != len(text):  # rare: a character whose lower case is longer
        lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return lowered.replace("\u2019", "'").replace("\u2018", "'")


def _phrase_regex(phrase: str) -> str:
    parts = [re.escape(p.strip()).replace(r"\ ", r"\s+") for p in phrase.split("…")]
    body = _GAP.join(parts)
    head = r"(?<!\w)" if phrase[:1].isalnum() else ""
    tail = r"(?!\w)" if phrase.rstrip()[-1:].isalnum() else ""
    return head + body + tail


@cache
def _data() -> dict[str, dict[str, list[str]]]:
    text = resources.files("nofab.lexicons").joinpath("tool_failures.json").read_text("utf-8")
    raw: dict[str, dict[str, list[str]]] = json.loads(text)
    return {code: raw[code] for code in LANGUAGES if code in raw}


@cache
def pattern(category: str) -> re.Pattern[str]:
    """One alternation over every language's phrases of ``category`` (longest first)."""
    phrases = {p.lower() for lang in _data().values() for p in lang.get(category, ())}
    ordered = sorted(phrases, key=len, reverse=True)
    return re.compile("|".join(_phrase_regex(p) for p in ordered))


@cache
def words(category: str) -> frozenset[str]:
    """Every language's word list ``category`` (``short_words``, ``negations``) as one set."""
    return frozenset(w.lower() for lang in _data().values() for w in lang.get(category, ()))


def negations() -> frozenset[str]:
    return words("negations")


_WORD = re.compile(r"[\w']+")


def negated_before(norm: str, start: int, window: int = 24) -> bool:
    """A negation word just before ``start`` in the same clause ("nothing was made up")."""
    before = norm[max(0, start - window) : start]
    for stop in ".!?;:\n":
        before = before.rsplit(stop, 1)[-1]
    words = negations()
    return any(w in words or w.endswith("n't") for w in _WORD.findall(before))


def find(category: str, norm: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Spans of ``category`` phrases in the normalised text."""
    pat = pattern(category)
    return [m.span() for m in pat.finditer(norm, start, len(norm) if end is None else end)]


def contains(category: str, norm: str, start: int = 0, end: int | None = None) -> bool:
    return pattern(category).search(norm, start, len(norm) if end is None else end) is not None

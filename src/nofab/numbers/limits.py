"""A stated limit restated with another number: "up to 4 checked bags per passenger" when the
policy says "At most 5 checked bags per passenger".

A limit's number is small (a count of bags, passengers, cards), so the number check never
reads it (``structural_max``): any count passes.

Principle: a limit phrase (``limit_cues`` in ``numbers.json``, five languages: "up to", "at
most", "no more than", "hasta", "como máximo", "jusqu'à", "au plus", "bis zu", "höchstens",
"até", "no máximo") binds the count right after it (digits or a number word) to the noun
after the count ("checked bags"), and to the unit after a per word when one follows ("per
passenger": ``per_unit``). When the turn's context or a tool result states a limit with the
same noun (its words, plurals' "s" aside; one noun's words may be a part of the other's:
"bags" and "checked bags") and the same per unit, or the same absence of one, the answer's
count must be one of the counts stated for it.

Risk: a limit the answer states for a part or a change of the stated one ("up to 2 more
bags", "up to 3 free bags") is another quantity: a count whose noun phrase holds a count
modifier (``count_modifiers``: more, extra, additional, free, remaining ...) is never read;
nor is a limit scaled to a party without a per word ("up to 10 bags for the two of you" against
"5 per passenger": the per units differ). Two limits of one noun and unit in the evidence
(per tier) allow either count. A limit phrase in the user's message is no limit the turn
states; a limit worded otherwise in the evidence ("5 bags maximum", "the cap is 5") is not
read, so a changed restatement of it passes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.lexicon import WordSearch, alternation, by_language, first_letters, listed, number_words

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.model.finding import Finding

#: A count restated against a limit the turn states for the same noun.
CONFIDENCE = 0.8
#: Words of a limit's noun phrase read after its count (before a per word).
NOUN_WORDS = 3
#: Limit phrases of one answer read at most.
MAX_LIMITS = 32
#: Words between a per word and its unit that are articles ("por cada pasajero").
_ARTICLES = frozenset(
    {"a", "an", "the", "el", "la", "le", "les", "der", "die", "das", "o", "um", "uma", "cada"}
)
#: Prepositions that end a noun phrase, besides the lexicon's short and joining words.
_PREPOSITIONS = frozenset(
    {
        "for",
        "with",
        "from",
        "into",
        "para",
        "pour",
        "con",
        "com",
        "mit",
        "für",
        "sur",
        "sous",
        "sobre",
        "dans",
        "bei",
    }
)

#: (count, noun words, per unit) of a limit phrase.
Limit = tuple[int, frozenset[str], str]


@cache
def _pattern() -> re.Pattern[str]:
    """A limit cue, the count after it, and the words after the count (read by ``_limit``)."""
    cues = alternation(listed("limit_cues"))
    counts = alternation(tuple(number_words().number_words))
    words = r"[^\W\d_]+(?:['’\-][^\W\d_]+)?"
    tail = rf"((?:\s+{words}){{1,{NOUN_WORDS + 3}}})"
    count = rf"(\d{{1,4}}|{counts})(?![^\W\d_]|[.,]\d)"
    # The cues' first letters first: most positions of an answer fail that one test, the
    # case-folded alternation is tried only at the rest (same matches: ``first_letters``).
    first = first_letters(listed("limit_cues"))
    return re.compile(rf"{first}(?<![^\W\d_])(?:{cues})\s+{count}{tail}", re.IGNORECASE)


@cache
def _cue_search() -> WordSearch:
    return WordSearch(listed("limit_cues"))


@cache
def _per_words() -> frozenset[str]:
    return frozenset(w.lower() for words in by_language("per_unit").values() for w in words if " " not in w)


@cache
def _stops() -> frozenset[str]:
    """Words that end a limit's noun phrase: function words and prepositions."""
    lists = ("joining_words", "short_words", "universal")
    return frozenset().union(*(vocabulary.words(name) for name in lists)) | _PREPOSITIONS


@cache
def _modifiers() -> frozenset[str]:
    """Count modifiers that make the count a part or a change ("more", "free", "adicionales")."""
    return frozenset(w.lower() for ws in by_language("count_modifiers").values() for w in ws)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _limit(count_text: str, tail: str) -> Limit | None:
    """(count, noun, per unit) of a limit phrase's count and the words after it, or None when
    the noun phrase holds a count modifier."""
    count = int(count_text) if count_text.isdigit() else number_words().number_words.get(count_text.lower())
    if count is None:
        return None
    words = [w.lower() for w in tail.split()]
    per = _per_words()
    noun: list[str] = []
    unit = ""
    for i, word in enumerate(words):
        if word in per:
            rest = [w for w in words[i + 1 :] if w not in _ARTICLES]
            unit = _singular(rest[0]) if rest else ""
            break
        if len(noun) == NOUN_WORDS or word in _stops():
            break
        noun.append(word)
    if not noun or any(w in _modifiers() for w in noun):
        return None
    return count, frozenset(_singular(w) for w in noun), unit


#: Evidence texts whose limits are remembered (a policy recurs on every turn of a conversation).
_TEXTS_KEPT = 64


@lru_cache(maxsize=_TEXTS_KEPT)
def _limits(text: str) -> frozenset[Limit]:
    """Every limit phrase of an evidence text, remembered by the text."""
    out: set[Limit] = set()
    for m in _pattern().finditer(text):
        if (found := _limit(m.group(1), m.group(2))) is not None:
            out.add(found)
    return frozenset(out)


def _stated(evidence: Evidence) -> list[Limit]:
    """The limits the context and the tool results state."""
    out: list[Limit] = []
    for source in evidence.sources:
        if source.label == "user_message" or source.label.startswith("earlier"):
            continue
        out.extend(_limits(source.text))
    return out


def limit_findings(finding: Callable[..., Finding], evidence: Evidence) -> Iterator[Finding]:
    """``unverified_number`` findings for each count of the answer's limit phrases that the
    limit the turn states for the same noun and unit does not have."""
    answer = evidence.answer
    if not _cue_search().search(answer):
        return  # gate: no limit cue as a word (most answers); the full pattern needs one
    found = [m for m in _pattern().finditer(answer)][:MAX_LIMITS]
    read = [(m, limit) for m in found if (limit := _limit(m.group(1), m.group(2))) is not None]
    if not read:
        return
    stated = _stated(evidence)
    for m, (count, noun, unit) in read:
        # every stated limit of the same noun, or a shorter or longer form of it ("bags" and
        # "checked bags"), per the same unit ("hours before departure" is no "hours after")
        counts = {c for c, words, per in stated if per == unit and (words <= noun or noun <= words)}
        if not counts or count in counts:
            continue
        said = " or ".join(str(c) for c in sorted(counts))
        what = " ".join(m.group(2).split()[: len(noun)])
        yield finding(
            "unverified_number",
            m.group(1),
            CONFIDENCE,
            m.span(1),
            f"the limit of {m.group(1)} {what} is not the limit the turn states for it ({said})",
            evidence={"literal_kind": "count", "limit": what, "stated": sorted(counts)},
        )


__all__ = ["CONFIDENCE", "MAX_LIMITS", "NOUN_WORDS", "limit_findings"]

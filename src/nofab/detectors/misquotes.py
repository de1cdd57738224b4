"""A quotation that cites a text of the evidence but changes its words (a misquote).

Principle: quote marks claim the source's very words. When one text of the evidence (a
message a tool found, an e-mail's body, the user's own words) holds most of a quote's words
in the same order, the quote cites that text; a word the quote puts in place of one of that
text's, which the text itself never holds (a changed date, figure or name: "the 21st–23rd"
for "the 20th–22nd"), is then no quotation but an alteration, even though every other word
of the quote is there. Only a changed fact is read: a word holding a digit, a day or month
name, or a capitalised word (a name); a synonym in place of a word ("shifted" for "moved")
is the paraphrase agents make inside quote marks, and passes. The cited text is found by
aligning the quote with each source's words (``difflib.SequenceMatcher``), and only
substitutions are read: words a quote leaves out or adds around the source's ("…bring your
sleeping bags") are the agent trimming or framing, not changing what was said.

Risk: an agent that rewrites a figure's form inside quote marks ("10" quoted as "10:00") or
corrects a name's spelling is flagged; a changed word that is no fact ("cancelled" for
"confirmed") is not read; a changed word that the cited text, or any evidence, holds
elsewhere ("20th" moved) passes (``quotes`` asks only about a quote with a word no evidence
holds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

#: Share of a quote's words that one source must hold in order for the quote to cite it.
MIN_CITED = 0.6
#: Sources longer than this many words are not aligned (a policy of many pages is no
#: message a quote reproduces, and the alignment is quadratic in the worst case).
MAX_SOURCE_WORDS = 4000
#: Quotes of one answer aligned at most (each costs an alignment per source).
MAX_QUOTES = 64
#: Characters per word assumed when a source is skipped unread for its length.
CHARS_PER_WORD = 16


@dataclass(frozen=True, slots=True)
class Misquote:
    """What a quote changed: the source's words and the quote's words in their place."""

    cited: tuple[str, ...]
    written: tuple[str, ...]


class Citations:
    """The texts a quote may cite (each a list of folded words), indexed once per answer: a
    ``SequenceMatcher`` per text keeps its index of the text's words, and each quote is
    aligned against it (``set_seq1``). Texts over ``MAX_SOURCE_WORDS`` words are left out,
    and at most ``MAX_QUOTES`` quotes of one answer are aligned: the cost stays bounded by
    the answer's length."""

    def __init__(self, sources: Iterable[Sequence[str]]) -> None:
        self._matchers: list[tuple[SequenceMatcher[str], Sequence[str]]] = []
        for source in sources:
            if source and len(source) <= MAX_SOURCE_WORDS:
                matcher: SequenceMatcher[str] = SequenceMatcher(None, autojunk=False)
                matcher.set_seq2(list(source))
                self._matchers.append((matcher, source))
        self._asked = 0

    def misquote(
        self, words: Sequence[str], fact: Callable[[str], bool], same: Callable[[str, str], bool]
    ) -> Misquote | None:
        """The substitution the quote ``words`` makes in the text it cites, or None when no
        text holds most of its words in order, or when no substituted word is a fact
        (``fact``) other than the same word inflected (``same``)."""
        self._asked += 1
        if self._asked > MAX_QUOTES or not self._matchers:
            return None
        best: tuple[int, SequenceMatcher[str], Sequence[str]] | None = None
        for matcher, source in self._matchers:
            matcher.set_seq1(list(words))
            held = sum(block.size for block in matcher.get_matching_blocks())
            if best is None or held > best[0]:
                best = (held, matcher, source)
        if best is None or best[0] < MIN_CITED * len(words):
            return None
        _held, matcher, source = best
        matcher.set_seq1(list(words))
        held_words = set(source)
        cited: list[str] = []
        written: list[str] = []
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op != "replace":
                continue
            theirs = source[j1:j2]
            changed = [
                w
                for w in words[i1:i2]
                if fact(w) and w not in held_words and not any(same(w, t) for t in theirs)
            ]
            if changed:
                cited.extend(theirs)
                written.extend(changed)
        return Misquote(tuple(cited), tuple(written)) if written else None


def misquote(
    words: Sequence[str],
    sources: Sequence[Sequence[str]],
    fact: Callable[[str], bool],
    same: Callable[[str, str], bool],
) -> Misquote | None:
    """``Citations(sources).misquote(words, fact, same)``: one quote against its texts."""
    return Citations(sources).misquote(words, fact, same)


__all__ = [
    "CHARS_PER_WORD",
    "MAX_QUOTES",
    "MAX_SOURCE_WORDS",
    "MIN_CITED",
    "Citations",
    "Misquote",
    "misquote",
]

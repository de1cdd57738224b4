"""What read-only tools returned, as the claims lexicon compares it with an answer: the
whole string values of a result (a status a passive claim restates) and the relay of its
words (a claim an answer copies from a result).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from nofab.language.claimfinder import Claim
from nofab.language.text import find_token, fold, is_word_char, normalise, strip_accents
from nofab.model.turn import parse_json_text

WORDS = re.compile(r"\w+(?:['’]\w+)?")
#: How deep a result's string values are read (a hostile result may nest without end).
VALUE_DEPTH = 6


def folded_values(result: object) -> frozenset[str]:
    """The whole string values of ``result`` as ``reports_state`` compares them: stripped,
    case-folded (``normalise``) and without accents; and the keys it flags true
    (``"completed": true`` holds the state "completed" as ``"status": "completed"`` does)."""
    return frozenset(strip_accents(normalise(text.strip())) for text in (*_strings(result), *_flags(result)))


#: What a flag's key may open with before its state ("is_completed", "has_shipped").
_FLAG_PREFIX = re.compile(r"^(?:is|has|was|been)[ _-]+")


def _flags(result: object) -> list[str]:
    """The keys of ``result`` whose value is ``true``, as words ("is_completed" -> "completed"),
    at most ``VALUE_DEPTH`` deep, walked without recursion."""
    out: list[str] = []
    stack: list[tuple[object, int]] = [(result, 0)]
    while stack:
        value, depth = stack.pop()
        if depth >= VALUE_DEPTH:
            continue
        if isinstance(value, dict):
            for key, item in value.items():
                if item is True and isinstance(key, str):
                    out.append(_FLAG_PREFIX.sub("", key.strip().lower()).replace("_", " "))
                elif isinstance(item, (dict, list)):
                    stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return out


def text_values(text: str) -> frozenset[str]:
    """``folded_values`` of a result given as text (JSON text parsed as ``ToolCall`` does)."""
    return folded_values(parse_json_text(text))


class ReadRelay:
    """The string values read-only tools returned (case-folded, one text per result) and
    the pairs of adjacent words in them: a claim whose first two words are not such a pair
    cannot be in them, so most claims are answered by one set lookup and the texts are
    searched only for the rest (a search per claim over whole results was quadratic).

    The rest are searched in the lines that can hold them, not in whole texts: a claim's
    words hold no line break, so it lies within one line, and a line break is a token edge
    as much as a text's start is (``find_token``); and a whole-token occurrence of a claim
    that opens with a word character starts a token of its line (``WORDS``), unless an
    apostrophe glues it to the word before. So the lines holding the claim's first word as
    a token, and the lines with an apostrophe, are the only candidates (``_lines``, built on
    the first such search); each wording is asked once: no result is read once per claim."""

    def __init__(self, results: Sequence[object]) -> None:
        self.texts = [fold("\n".join(_strings(result))) for result in results]
        self.pairs = {pair for text in self.texts for pair in pairwise(WORDS.findall(text))}
        self._lines: tuple[dict[str, list[str]], list[str]] | None = None
        self._said: dict[str, bool] = {}  # by a claim's words: asked once per wording

    def says(self, claim: Claim) -> bool:
        if (found := self._said.get(claim.text)) is None:
            found = self._said[claim.text] = self._says(claim.text)
        return found

    def _says(self, text: str) -> bool:
        said = fold(" ".join(text.split()))
        if len(said.split()) < 2 or not self.texts:
            return False
        words = WORDS.findall(said)
        if len(words) >= 2 and (words[0], words[1]) not in self.pairs:
            return False
        if not is_word_char(said[0]):
            return any(find_token(text, said) != -1 for text in self.texts)
        by_word, glued = self._lines if self._lines is not None else self._index()
        return any(find_token(line, said) != -1 for line in (*by_word.get(words[0], ()), *glued))

    def _index(self) -> tuple[dict[str, list[str]], list[str]]:
        """{word: the lines holding it as a token} and the lines holding an apostrophe."""
        by_word: dict[str, list[str]] = {}
        glued: list[str] = []
        for text in self.texts:
            for line in text.split("\n"):
                if "'" in line or "’" in line:
                    glued.append(line)  # a candidate for every claim (see the class)
                    continue
                for word in set(WORDS.findall(line)):
                    by_word.setdefault(word, []).append(line)
        self._lines = (by_word, glued)
        return self._lines


def _strings(result: object) -> list[str]:
    """The string values of ``result`` at most ``VALUE_DEPTH`` deep (a hostile result may
    nest without end), walked without recursion."""
    out: list[str] = []
    stack: list[tuple[object, int]] = [(result, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            out.append(value)
        elif depth < VALUE_DEPTH and isinstance(value, dict):
            stack.extend((v, depth + 1) for v in reversed(list(value.values())))
        elif depth < VALUE_DEPTH and isinstance(value, list):
            stack.extend((v, depth + 1) for v in reversed(value))
    return out

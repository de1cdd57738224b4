"""Garbled output (``degenerate_prose``): text broken into fragments, words split into
one- and two-letter pieces ("th e re sul ts ar e"), or the same words looping.

Only prose is measured: code blocks, inline code, tables, list items, headings, URLs and
identifiers are removed first, so terse answers, code and lists of ids never count, and
nothing is judged on fewer than ``min_words`` words of prose.

Signals, each with a threshold in ``profile.rules["degenerate_prose"]``:
- ``short_word_ratio``: share of words of one or two letters that are not ordinary short
  words of a lexicon language (``additional_short_words`` adds more);
- ``fragment_ratio``: share of prose sentences of one or two words (needs ``min_sentences``);
- ``repetition_ratio``: share of word trigrams that repeat an earlier one, or a word
  repeated ``max_word_run`` times in a row;
- a stop-word salad ("the the of a to and, is. in it of ..."): words of ordinary language but
  no sentence — at least ``salad_word_ratio`` of the words have three letters or fewer AND
  punctuation cuts the text into pieces of four words or fewer on average (``salad_piece_density``
  pieces per word). Both must hold, as in Pleach's fragment-density-and-short-word rule: normal
  prose is about 40% short words with a comma or stop every eight to ten words, terse prose is
  short-worded but punctuated like sentences, so neither alone says anything. Risk: a long run
  of clipped two-word replies ("Yes, it is. So do I.") reads as salad; ``min_words`` of prose
  are needed first.
Two signals together are a finding at 0.85; one alone is reported at 0.6.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.language import phrases
from nofab.model.finding import Finding

DEFAULT_MIN_WORDS = 40
DEFAULT_MIN_SENTENCES = 6
DEFAULT_SHORT_WORD_RATIO = 0.2
DEFAULT_FRAGMENT_RATIO = 0.5
DEFAULT_REPETITION_RATIO = 0.5
DEFAULT_MAX_WORD_RUN = 4
DEFAULT_SALAD_WORD_RATIO = 0.6
DEFAULT_SALAD_PIECE_DENSITY = 0.25
CONFIDENCE_STRONG = 0.85
CONFIDENCE_WEAK = 0.6

_FENCE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
# Lines that are not prose: list items, quotes, headings, tables, indented code, "Label: value".
_SKIP_LINE = re.compile(r"^\s*(?:[-*•+>#|]|\d{1,3}[.)]|    |\t)|^\s*[\w ]{1,30}:\s")
_PUNCT = ".,;:!?…()[]{}\"'“”‘’«»*_~-—–/"
_STOPS = frozenset(".!?;…")
_PIECE_ENDS = frozenset(".!?;…,:")


class DegenerateProseDetector(DetectorBase):
    """``degenerate_prose``."""

    id = "degenerate_prose"
    version = "1"
    kinds = ("degenerate_prose",)

    def __init__(self, profile: Profile) -> None:
        rules = Rules(
            profile,
            self.id,
            (
                "min_words",
                "min_sentences",
                "short_word_ratio",
                "fragment_ratio",
                "repetition_ratio",
                "max_word_run",
                "additional_short_words",
                "salad_word_ratio",
                "salad_piece_density",
            ),
        )
        self.min_words = rules.integer("min_words", DEFAULT_MIN_WORDS, 1)
        self.min_sentences = rules.integer("min_sentences", DEFAULT_MIN_SENTENCES, 1)
        self.short_ratio = rules.number("short_word_ratio", DEFAULT_SHORT_WORD_RATIO, 0.0, 1.0)
        self.fragment_ratio = rules.number("fragment_ratio", DEFAULT_FRAGMENT_RATIO, 0.0, 1.0)
        self.repetition_ratio = rules.number("repetition_ratio", DEFAULT_REPETITION_RATIO, 0.0, 1.0)
        self.max_run = rules.integer("max_word_run", DEFAULT_MAX_WORD_RUN, 2)
        self.salad_ratio = rules.number("salad_word_ratio", DEFAULT_SALAD_WORD_RATIO, 0.0, 1.0)
        self.salad_density = rules.number("salad_piece_density", DEFAULT_SALAD_PIECE_DENSITY, 0.0, 1.0)
        self.short_words = phrases.words("short_words") | {
            w.lower() for w in rules.strings("additional_short_words")
        }

    def measure(self, answer: str) -> dict[str, float] | None:
        """The three signals over the answer's prose, or None when there is too little prose."""
        if answer.count(" ") + answer.count("\n") < self.min_words:
            return None  # too short to judge, whatever it holds
        text = answer
        if "```" in text or "~~~" in text:
            text = _FENCE.sub(" ", text)
        if "`" in text:
            text = _INLINE_CODE.sub(" ", text)
        lowered = "\n".join(
            line for line in text.lower().replace("\u2019", "'").splitlines() if not _SKIP_LINE.match(line)
        )
        tokens = lowered.split()
        if len(tokens) < self.min_words:
            return None  # every word is a token: too little prose left (list items, code) to judge
        # One pass over whitespace tokens: a word is a token of letters (an apostrophe
        # inside allowed) once punctuation is stripped, so numbers, ids, URLs and e-mails
        # are never words; a token ending in . ! ? ; closes a sentence.
        words: list[str] = []
        sentences: list[int] = []
        in_sentence = 0
        pieces = 0
        in_piece = False
        for token in tokens:
            word = token.strip(_PUNCT)
            if word.isalpha() or ("'" in word and word.replace("'", "").isalpha()):
                words.append(word)
                in_sentence += 1
                in_piece = True
            if token[-1] in _PIECE_ENDS and in_piece:
                pieces += 1
                in_piece = False
            if token[-1] in _STOPS and in_sentence:
                sentences.append(in_sentence)
                in_sentence = 0
        if in_sentence:
            sentences.append(in_sentence)
        if len(words) < self.min_words:
            return None
        short_words = self.short_words
        short = sum(1 for w in words if len(w) <= 2 and w not in short_words)
        fragments = (
            sum(1 for n in sentences if n <= 2) / len(sentences)
            if len(sentences) >= self.min_sentences
            else 0.0
        )
        trigrams = list(zip(words, words[1:], words[2:], strict=False))
        repeats = len(trigrams) - len(set(trigrams))
        # A run of 4+ one word repeats a triple, so below that the run length is only worth
        # measuring when the profile asks for shorter runs.
        measure_run = repeats or self.max_run < 4
        longest = max(len(list(group)) for _word, group in itertools.groupby(words)) if measure_run else 1
        return {
            "words": float(len(words)),
            "short_word_ratio": short / len(words),
            "tiny_word_ratio": sum(1 for w in words if len(w) <= 3) / len(words),
            "piece_density": (pieces + in_piece) / len(words),
            "fragment_ratio": fragments,
            "repetition_ratio": repeats / len(trigrams) if trigrams else 0.0,
            "longest_word_run": float(longest),
        }

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        stats = self.measure(evidence.answer)
        if stats is None:
            return
        fired = []
        if stats["short_word_ratio"] >= self.short_ratio:
            fired.append(f"{stats['short_word_ratio']:.0%} of words are broken one- or two-letter pieces")
        if stats["fragment_ratio"] >= self.fragment_ratio:
            fired.append(f"{stats['fragment_ratio']:.0%} of sentences are one- or two-word fragments")
        if stats["repetition_ratio"] >= self.repetition_ratio or stats["longest_word_run"] >= self.max_run:
            fired.append(
                f"the text loops ({stats['repetition_ratio']:.0%} repeated word triples, "
                f"a word {int(stats['longest_word_run'])} times in a row)"
            )
        if stats["tiny_word_ratio"] >= self.salad_ratio and stats["piece_density"] >= self.salad_density:
            fired.append(
                f"a stop-word salad ({stats['tiny_word_ratio']:.0%} of words of three letters or fewer, "
                f"{stats['piece_density']:.2f} punctuated pieces per word)"
            )
        if not fired:
            return
        confidence = CONFIDENCE_STRONG if len(fired) >= 2 else CONFIDENCE_WEAK
        yield self.finding(
            "degenerate_prose",
            "",
            confidence,
            (0, 0),
            "the answer reads as garbled output: " + "; ".join(fired),
            evidence={k: round(v, 3) for k, v in stats.items()},
        )

"""Quotations no source holds: text presented as the words of a message, an e-mail or a
person ("Anna wrote: "See you at 6"", "the message says “…”") whose content appears in no
evidence (``ungrounded_entity``, shape ``quote``).

A quote is the run between quote marks that opens shortly after a reporting verb or a
source noun (``quote_cues`` in each language's lexicon). Quoting is the strongest way to say
"this is what the source holds": a tool that read the message would have returned its words,
and the user's own words are in the user's message. So a quote passes when it is in the
evidence verbatim, or when most of its content words are (stop words from the ``stop-words``
package do not count; a word counts as present when the evidence holds it or a word with the
same Snowball stem, so "moved" is found by "moves").

A quote that holds most of one source's words in order but changes one of them (a date, a
figure, a name) is a misquote (``misquotes``), though most of its words are in the evidence.

Risk: agents paraphrase inside quote marks. A quote is flagged only when at least
``MIN_ABSENT`` content words, and more than half of them, appear nowhere in the evidence;
a paraphrase keeps most of its source's words. A quote the agent proposes rather than
reports (a draft: "shall I send: "…"?", "I'll write: "…"") is not read as a source's words:
a draft marker (``quote_drafts``) before it in its sentence, a question after it, or an
indefinite article before a source noun ("here is a reply: "…"", ``quote_new``) skips it,
unless the sentence says the text was sent or received ("Leo sent you a message: "…"",
``quote_delivered``).
A quote in another language than some of the evidence (a Spanish answer quoting an English
e-mail) may translate its source, whose words then cannot be compared: it is reported at
``CONFIDENCE_TRANSLATED``, below the blocking threshold.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.detectors.misquotes import CHARS_PER_WORD, MAX_SOURCE_WORDS, Citations
from nofab.evidence.index import Evidence
from nofab.language.text import fold, normalise
from nofab.language.vocabulary import LANGUAGES, load, stem
from nofab.language.vocabulary import words as words_of
from nofab.model.finding import Finding

CONFIDENCE_QUOTE = 0.8
#: A quote in another language than some of the evidence may translate it (a Spanish answer
#: quoting an English e-mail): its words cannot be compared, so it is reported, not blocked.
CONFIDENCE_TRANSLATED = 0.5
#: Own stop words that make a text one of a language (a name or a loan word is not enough).
_LANGUAGE_HITS = 3
#: Content words of a quote that must be absent from every evidence before it is flagged.
MIN_ABSENT = 2
#: Words a quote needs to be read as a source's words rather than a term or a title.
MIN_WORDS = 3
#: How far after its cue a quote may open ("Anna wrote on September 10: "…"").
_CUE_REACH = 40
#: The longest quote read; a quote mark with no closing one within it is no quote.
_MAX_QUOTE = 600
#: Opening quote marks and the marks that may close each.
_CLOSERS = {'"': '"', "“": '”"', "«": "»", "„": '“”"'}
_OPENERS = re.compile('["“«„]')
#: A closing mark, and the marks that may have opened its quote (read backwards).
_OPENERS_OF = {'"': '"', "”": '“"', "»": "«", "“": "„"}
#: Words between a quote's closing mark and a cue after it (", Anna", "she", "a écrit Léo").
_WORDS_BEHIND = 3
_TOKEN = re.compile(r"[^\W_]+(?:['-][^\W_]+)*")
_WORD = re.compile(r"[^\W_]+")
_STOP = re.compile(r"[.!?\n]")
#: Snowball stemmers by language code (English has none in its lexicon file).
_DEFAULT_STEMMER = "english"


@cache
def _cues() -> dict[str, str]:
    """{reporting verb or source noun: its language}, from every language's lexicon."""
    table: dict[str, str] = {}
    for code in LANGUAGES:
        for cue in load(code).get("quote_cues", ()):
            table.setdefault(normalise(cue), code)
    return table


@cache
def _new_text() -> frozenset[str]:
    """Indefinite articles: a source noun after one names a text being made, not read."""
    return frozenset(normalise(w) for code in LANGUAGES for w in load(code).get("quote_new", ()))


@cache
def _delivered() -> frozenset[str]:
    """Verbs saying a text was sent or received: "Leo sent you a message: "…"" is one read."""
    return frozenset(normalise(w) for code in LANGUAGES for w in load(code).get("quote_delivered", ()))


@cache
def _drafts() -> frozenset[str]:
    return frozenset(normalise(w) for code in LANGUAGES for w in load(code).get("quote_drafts", ()))


@cache
def _stop_words() -> frozenset[str]:
    """Function words of every supported language (the ``stop-words`` package's lists,
    imported when a quote is first read)."""
    return frozenset().union(*(_stop_words_of(code) for code in LANGUAGES))


@cache
def _own_stop_words() -> dict[str, frozenset[str]]:
    """{language: its stop words no other supported language has} ("the", "und", "avec")."""
    lists = {code: _stop_words_of(code) for code in LANGUAGES}
    return {
        code: words.difference(*(other for c, other in lists.items() if c != code))
        for code, words in lists.items()
    }


@cache
def _stop_words_of(code: str) -> frozenset[str]:
    from stop_words import get_stop_words

    return frozenset(normalise(w) for w in get_stop_words(code))


def _languages(words: Iterable[str], least: int) -> set[str]:
    """The languages with at least ``least`` of their own stop words among ``words``."""
    hits: dict[str, int] = {}
    own = _own_stop_words()
    for word in words:
        for code, stops in own.items():
            if word in stops:
                hits[code] = hits.get(code, 0) + 1
    return {code for code, n in hits.items() if n >= least}


@cache
def _stemmer(code: str) -> str:
    return str(load(code).get("stemmer", "")) or _DEFAULT_STEMMER


@dataclass(frozen=True, slots=True)
class Quote:
    """A quoted run presented as a source's words: its span (inside the marks), the cue."""

    span: tuple[int, int]
    cue: str
    language: str


def quotes(answer: str) -> Iterator[Quote]:
    """Each quote that opens within ``_CUE_REACH`` characters after a cue, in the cue's
    sentence, or that closes a few words before one (""See you at 6," Anna wrote"), and that
    no draft marker or question makes a proposed text.

    Linear: cues are found in one token pass, and each cue looks a bounded stretch ahead
    and behind, so a megabyte of quote marks or of cue words costs a bounded amount per cue."""
    if not _OPENERS.search(answer):
        return
    text = normalise(answer)
    cues, drafts, new, delivered = _cues(), _drafts(), _new_text(), _delivered()
    drafted = False  # a draft marker seen earlier in this sentence
    sent = False  # a verb saying a text was sent or received, earlier in this sentence
    last = ""  # the word before this one
    previous = 0
    after = 0  # quotes end here or later: a quote is read once, for its first cue
    for token in _TOKEN.finditer(text):
        start, end = token.span()
        if start < after:
            continue  # a word of a quote already read: neither a cue nor the speaker's
        # Stops are never inside a token: the gap since the last token says whether a new
        # sentence began (each character is read once).
        if _STOP.search(text, previous, start):
            drafted = sent = False
        previous = end
        word, before = token.group(), last
        last = word
        if word in drafts:
            drafted = True
        elif word in delivered:
            sent = True
        language = cues.get(word)
        if language is None:
            continue
        # "Here is a reply: "…"": a source noun after an indefinite article is a new text
        # unless the sentence says it was sent or received ("Leo sent you a message: "…"")
        found = None if drafted or (before in new and not sent) else _ahead(text, end, drafts)
        if found is None:
            found = _behind(text, start, after, drafts)
        if found is None:
            continue
        opened, close = found
        after = previous = close + 1
        if _question_follows(text, close + 1):
            continue
        while opened < close and text[opened].isspace():
            opened += 1  # "« Rendez-vous »": the spaces inside the marks are no part of it
        while close > opened and text[close - 1].isspace():
            close -= 1
        yield Quote((opened, close), word, language)


def _ahead(text: str, cue_end: int, drafts: frozenset[str]) -> tuple[int, int] | None:
    """(start, end) of the quote opening right after a cue in its sentence, or None (also
    when a draft marker stands between them: "the e-mail I drafted: "…"")."""
    opener = _OPENERS.search(text, cue_end, cue_end + _CUE_REACH)
    if opener is None or _STOP.search(text, cue_end, opener.start()):
        return None
    if not drafts.isdisjoint(_TOKEN.findall(text, cue_end, opener.start())):
        return None
    close = _closing(text, opener.start())
    return None if close == -1 else (opener.end(), close)


def _behind(text: str, cue_start: int, after: int, drafts: frozenset[str]) -> tuple[int, int] | None:
    """(start, end) of the quote that closes at most ``_WORDS_BEHIND`` words before a cue
    (""See you at 6," Anna wrote", "« À demain », a écrit Léo"), or None: not read before
    (``after``), no sentence stop between it and the cue, no draft marker before it in its
    sentence."""
    low = max(after, cue_start - _CUE_REACH)
    close = max(text.rfind(mark, low, cue_start) for mark in _OPENERS_OF)
    if close == -1:
        return None
    between = text[close + 1 : cue_start]
    if _STOP.search(between) or len(_WORD.findall(between)) > _WORDS_BEHIND:
        return None
    bottom = max(after, close - _MAX_QUOTE)
    opener = max(text.rfind(mark, bottom, close) for mark in _OPENERS_OF[text[close]])
    if opener == -1 or "\n\n" in text[opener:close]:
        return None
    lead = text[max(bottom, opener - _CUE_REACH * 3) : opener]
    stop = max((m.end() for m in _STOP.finditer(lead)), default=0)
    if not drafts.isdisjoint(_TOKEN.findall(lead[stop:])):
        return None
    return opener + 1, close


def _closing(text: str, opener: int) -> int:
    """Position of the mark that closes the quote opened at ``opener``, or -1 (none within
    ``_MAX_QUOTE`` characters, or a paragraph break first). Searched in C (``str.find``):
    every cue may ask this of a stretch of up to ``_MAX_QUOTE`` characters."""
    limit = min(len(text), opener + 1 + _MAX_QUOTE)
    found = [at for mark in _CLOSERS[text[opener]] if (at := text.find(mark, opener + 1, limit)) != -1]
    if not found:
        return -1
    close = min(found)
    return -1 if text.find("\n\n", opener, close) != -1 else close


def _question_follows(text: str, position: int) -> bool:
    """Does the sentence that holds the quote end in a question mark after it?"""
    stop = _STOP.search(text, position, position + _CUE_REACH)
    return stop is not None and stop.group() == "?"


def _plain(text: str) -> str:
    """A quote as compared with the evidence: folded, spaces collapsed, end punctuation off."""
    return " ".join(fold(text).split()).strip(" .,;:!?…")


class QuoteDetector(DetectorBase):
    """``ungrounded_entity`` (shape ``quote``): a quotation whose content words mostly
    appear in no evidence."""

    id = "quotes"
    version = "2"  # 2: misquotes (a word changed in a quote of a held text)
    kinds = ("ungrounded_entity",)

    def __init__(self, profile: Profile) -> None:
        self.allow = frozenset(_plain(a) for a in Rules(profile, self.id, ("allow",)).strings("allow"))

    def _misquoted(
        self, evidence: Evidence, quote: Quote, words: list[str], stemmer: str, cited: Citations
    ) -> Iterator[Finding]:
        """A quote that holds most words of one source's text but puts a fact of its own in
        place of one of them (``misquotes``)."""
        start, end = quote.span
        # names: the words the quote capitalises past its first (folded, as ``words`` are)
        named = {fold(w) for w in _WORD.findall(evidence.answer, start, end)[1:] if w[:1].isupper()}
        calendar = words_of("calendar_words")
        changed = cited.misquote(
            words,
            lambda w: w in named or w in calendar or any(c.isdigit() for c in w),
            lambda a, b: stem(stemmer, a) == stem(stemmer, b),
        )
        if changed is None:
            return
        yield self.finding(
            "ungrounded_entity",
            evidence.answer[start:end],
            CONFIDENCE_QUOTE,
            quote.span,
            f"quotes a source ('{quote.cue}') whose text says {' '.join(changed.cited)!r} where the quote "
            f"says {' '.join(changed.written)!r}",
            evidence={
                "shape": "quote",
                "cue": quote.cue,
                "cited": list(changed.cited),
                "written": list(changed.written),
            },
        )

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        vocabulary: set[str] | None = None  # the evidence's words, read once when needed
        languages: set[str] | None = None  # the languages the evidence is written in
        stems: dict[str, frozenset[str]] = {}
        cited: Citations | None = None
        answer = evidence.answer
        for quote in quotes(answer):
            start, end = quote.span
            body = answer[start:end]
            folded = _plain(body)
            words = _WORD.findall(folded)
            # (a quote the evidence holds verbatim has every word in it: the word test below
            # passes it, without a scan of the evidence per quote)
            if len(words) < MIN_WORDS or folded in self.allow:
                continue
            stop_words = _stop_words()
            content = list(
                dict.fromkeys(w for w in words if w not in stop_words and (len(w) > 1 or w.isdigit()))
            )
            if not content:
                continue
            if vocabulary is None:
                vocabulary = set(_WORD.findall(evidence.folded))
            stemmer = _stemmer(quote.language)
            if stemmer not in stems:
                stems[stemmer] = frozenset(stem(stemmer, w) for w in vocabulary)
            absent = [w for w in content if w not in vocabulary and stem(stemmer, w) not in stems[stemmer]]
            if absent and (len(absent) < MIN_ABSENT or 2 * len(absent) <= len(content)):
                if cited is None:  # the sources' words, read once for the answer's quotes
                    cited = Citations(
                        _WORD.findall(s.folded)
                        for s in evidence.sources
                        if len(s.text) <= MAX_SOURCE_WORDS * CHARS_PER_WORD
                    )
                yield from self._misquoted(evidence, quote, words, stemmer, cited)
                continue
            if not absent:
                continue
            if languages is None:
                languages = _languages(vocabulary, _LANGUAGE_HITS)
            spoken = _languages(words, 1) or {quote.language}
            translated = bool(languages - spoken)
            yield self.finding(
                "ungrounded_entity",
                body,
                CONFIDENCE_TRANSLATED if translated else CONFIDENCE_QUOTE,
                quote.span,
                f"quotes a source ('{quote.cue}') but {len(absent)} of its {len(content)} content words "
                f"appear in no tool result, context or user message ({', '.join(absent[:6])})"
                + (
                    f"; the evidence is also in {', '.join(sorted(languages - spoken))}: a translation?"
                    if translated
                    else ""
                ),
                evidence={
                    "shape": "quote",
                    "cue": quote.cue,
                    "absent": absent,
                    "content_words": content,
                    **({"evidence_languages": sorted(languages)} if translated else {}),
                },
            )

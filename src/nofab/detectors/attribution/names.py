"""Names the records do not hold: known names with no record, unheld capitalised words, weekdays.

- a name from ``known_entities`` that no record of this turn carries;
- with ``proper_names``, a capitalised word mid-sentence ("Thank you, Olivia") that no
  record, tool result, user message or context holds, in a turn whose records carry names;
- a weekday that matches no date in the records (read with the profile's ``date_formats``);
  in a sentence about a later occasion (``later_sentences``), one that is not
  1..``future_days`` days after such a date.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet

from nofab.detectors.attribution.catalogue import record_weekdays
from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.vocabulary import DASHES, Phrase, Vocabulary
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record
from nofab.language.sentences import Token
from nofab.model.finding import Finding
from nofab.numbers.extract import MONTHS

CONF_ENTITY = 0.85  # a known name that no record of this turn carries
CONF_WEEKDAY = 0.8  # a weekday that matches no date in the records
CONF_PROPER = 0.8  # a capitalised word mid-sentence that nothing of the turn holds
#: A name-shaped word: one capital, then lower-case letters ("Olivia", not "USD" or "I").
_PROPER = re.compile(r"^[^\W\d_a-z][^\W\d_A-Z]{2,}$")
#: A word of a name in a record ("Li", "Garcia"), as opposed to a code ("3FRNFB").
_NAME_WORD = re.compile(r"^[^\W\d_a-z][^\W\d_A-Z]+$")
#: Tokens after which a capital starts something (a sentence, a quotation, a list item, a label).
_OPENING = frozenset(".!?;:\"'“‘(*#-–—•>|")
#: A label ("Available Seats in Economy:") is at most this many words.
_LABEL_WORDS = 5


def unheld_known_names(
    maker: DetectorBase, answer: str, tokens: Sequence[Token], mentions: Sequence[Mention], records: int
) -> Iterator[Finding]:
    """A name the profile knows that no record of this turn carries (``records``: how many there are)."""
    for mention in mentions:
        if mention.records:
            continue
        start, end = tokens[mention.first].start, tokens[mention.last].end
        yield maker.finding(
            "ungrounded_entity",
            answer[start:end],
            CONF_ENTITY,
            (start, end),
            f"{answer[start:end]!r} is named, but no record in the tool results carries that name",
            evidence={"category": "NAME", "records": records},
        )


def unheld_proper_names(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    evidence: Evidence,
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    has_names: Callable[[], bool],
) -> Iterator[Finding]:
    """A capitalised word mid-sentence ("Thank you, Olivia") that no record, tool result,
    user message or context holds, in a turn whose records carry names of that kind
    (``has_names``, asked only once a candidate word is found: it may build every record)."""
    checked: bool | None = None
    covered = {i for m in mentions for i in range(m.first, m.last + 1)}
    # A listing repeats its capitalised words ("Flight", "Price") on every line: ask the
    # evidence about each word once per turn, so a long answer stays linear.
    held: dict[str, bool] = {}

    def grounded(text: str) -> bool:
        if text not in held:
            held[text] = evidence.grounds(text)
        return held[text]

    # Next to a record's name, a capitalised word is part of that name: "Emma Garcia" where
    # the record has "Garcia" but no "Emma" is a name the records do not hold.
    # (only names of people or things: "Garcia", not a code like "3FRNFB")
    after_name = {m.last + 1 for m in mentions if m.records and _NAME_WORD.match(tokens[m.last].text)}
    before_name = {m.first - 1 for m in mentions if m.records and _NAME_WORD.match(tokens[m.first].text)}
    # The word's place is judged before the evidence is asked about it: most capitalised
    # words start a sentence or a list item, and asking the evidence scans all of its text.
    # (Whether the records carry names is asked at the first word that passes both: without
    # names nothing is reported, so where it is asked changes no finding.)
    for i, token in enumerate(tokens):
        if i in covered or len(token.text) < 3 or not _PROPER.match(token.text):
            continue
        if token.text.casefold() in vocabulary.not_names or token.text.casefold() in MONTHS:
            continue
        joined = (i in after_name and _joined(evidence.answer, tokens, i - 1, i)) or (
            i in before_name and _joined(evidence.answer, tokens, i, i + 1)
        )
        if not joined:
            if i == 0:
                continue
            before = tokens[i - 1]
            if before.sentence != token.sentence or before.text in _OPENING:
                continue  # a sentence, list item or quotation starts here: capitals say nothing
            if "\n" in evidence.answer[before.end : token.start]:
                continue
        if grounded(token.text):
            continue
        if checked is None:
            checked = has_names()
        if not checked:
            return
        if not joined and _label_or_place(evidence, tokens, i, grounded):
            continue
        yield maker.finding(
            "ungrounded_entity",
            token.text,
            CONF_PROPER,
            (token.start, token.end),
            f"{token.text!r} reads as a name, but no tool result, message or context holds it",
            evidence={"category": "NAME"},
        )


def _label_or_place(
    evidence: Evidence, tokens: Sequence[Token], i: int, grounded: Callable[[str], bool]
) -> bool:
    """Capitalised for another reason: a bold label ("**Total Cost:**"), a place with its
    code ("Newark (EWR)"), or a run of capitalised words none of which the turn holds
    (a place or a product: "Los Angeles", "Hotel Dealz")."""
    line_start = evidence.answer.rfind("\n", 0, tokens[i].start) + 1
    line_end = evidence.answer.find("\n", tokens[i].end)
    line = evidence.answer[line_start : line_end if line_end != -1 else len(evidence.answer)]
    if "**" in line or "__" in line or line.lstrip().startswith("#"):
        return True
    k = i + 1
    while (
        k < len(tokens)
        and k - i <= _LABEL_WORDS
        and tokens[k].text[:1].isalpha()
        and tokens[k].sentence == tokens[i].sentence
    ):
        k += 1
    if k < len(tokens) and tokens[k].text == ":":
        return True  # "Flight Dates: ...", "Available Seats in Economy: 14": a label
    if i + 1 < len(tokens) and tokens[i + 1].text in "([":
        return True
    # One item of a list of such runs: "(e.g., Los Angeles, San Francisco, Seattle)".
    for k in (i - 2, i + 2):
        mark = min(k, i) + 1
        if (
            0 <= k < len(tokens)
            and tokens[mark].text == ","
            and tokens[k].sentence == tokens[i].sentence
            and _PROPER.match(tokens[k].text)
            and not grounded(tokens[k].text)
        ):
            return True
    for k in (i - 1, i + 1):
        if 0 <= k < len(tokens) and tokens[k].sentence == tokens[i].sentence:
            neighbour = tokens[k].text
            if neighbour[:1].isupper() and not grounded(neighbour):
                return True
    return False


def _joined(answer: str, tokens: Sequence[Token], left: int, right: int) -> bool:
    """Are tokens ``left`` and ``right`` one name: same sentence, a single space between?"""
    return (
        left >= 0
        and right < len(tokens)
        and tokens[left].sentence == tokens[right].sentence
        and answer[tokens[left].end : tokens[right].start] == " "
    )


def wrong_weekdays(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    tokens: Sequence[Token],
    records: Sequence[Record],
    later: frozenset[int] = frozenset(),
    days: AbstractSet[int] | None = None,
) -> Iterator[Finding]:
    """A weekday the answer names that matches no date the records hold.

    In a sentence about a later occasion (``later``: sentence indices), the weekday is that
    occasion's, so it cannot be a date of the records; what the records still bound is that
    the next occasion comes soon after theirs: it must fall 1..``future_days`` days after a
    record's date. The same weekday as the record's, or one just before it, contradicts
    "next". Risk: a later occasion further away than ``future_days`` is flagged; with
    ``future_days`` 0 (no bound known), such weekdays are not checked at all.
    ``days``: the records' weekdays when the caller holds them (``catalogue.record_weekdays``).
    """
    if not vocabulary.weekdays or not vocabulary.date_formats:
        return
    if days is None:
        days = record_weekdays(vocabulary.date_formats, records)
    if not days:
        return
    week = len(vocabulary.weekdays)
    allowed = {vocabulary.weekdays[d] for d in days}
    soon = {vocabulary.weekdays[(d + k) % week] for d in days for k in range(1, vocabulary.future_days + 1)}
    for token in tokens:
        if token.text not in vocabulary.weekdays:
            continue
        if token.sentence in later:
            if not vocabulary.future_days or token.text in soon:
                continue
            within = vocabulary.future_days
            reason = f"{token.text} is not within {within} days after the date in the tool results"
            said = sorted(soon)
        elif token.text in allowed:
            continue
        else:
            reason = f"{token.text} matches no date in the tool results ({', '.join(sorted(allowed))})"
            said = sorted(allowed)
        yield maker.finding(
            "ungrounded_entity",
            token.text,
            CONF_WEEKDAY,
            (token.start, token.end),
            reason,
            evidence={"category": "NAME", "weekdays": said},
        )


def later_sentences(vocabulary: Vocabulary, tokens: Sequence[Token]) -> frozenset[int]:
    """Indices of the sentences that speak of a later occasion than the records describe.

    A report about one occasion (a game, a trip) often ends with the next one: "The Jazz host
    the Trail Blazers on Monday", "Minnesota's next game will be on Friday". The records of
    this turn describe this occasion only, so such a sentence states a date they do not hold;
    what they still bound is that the next occasion comes after theirs. The profile's
    ``future_phrases`` (words of the future tense or of what comes next) mark such a sentence.
    Risk: a sentence that mixes both occasions ("after beating the Nets on Friday, they will
    host the Magic") is read as the later one, so its weekdays are checked the later way.
    """
    if not vocabulary.future:
        return frozenset()
    by_sentence: dict[int, list[str]] = {}
    for token in tokens:
        if token.text not in DASHES:
            by_sentence.setdefault(token.sentence, []).append(token.text.casefold())
    future = vocabulary.future
    return frozenset(s for s, folded in by_sentence.items() if any(_holds(folded, p) for p in future))


def _holds(folded: Sequence[str], wanted: Phrase) -> bool:
    """Does the folded word list contain the phrase ``wanted``?"""
    n = len(wanted)
    first, last_start = wanted[0], len(folded) - n
    i = -1
    # Only where the phrase's first word stands (list.index scans in C): a long answer is
    # read once per phrase, not once per phrase and word in Python.
    while True:
        try:
            i = folded.index(first, i + 1)
        except ValueError:
            return False
        if i > last_start:
            return False
        if tuple(folded[i : i + n]) == wanted:
            return True


__all__ = ["later_sentences", "unheld_known_names", "unheld_proper_names", "wrong_weekdays"]

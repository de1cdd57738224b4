"""Checking a pair of numbers: "8-of-15" within one record, "110-102" across two.

A labelled pair ("8-of-15 from the field") is read against the bound record's declared pair
fields; a labelled pair of one field ("29-8 in the third quarter") across two records; an
unlabelled pair against every declared pair, cleared when any reading explains both numbers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from nofab.detectors.attribution.binding import Binding
from nofab.detectors.attribution.fields import LOOKAHEAD, field_after
from nofab.detectors.attribution.periods import period_fields
from nofab.detectors.attribution.values import fmt, same
from nofab.detectors.attribution.vocabulary import DASHES, Vocabulary
from nofab.detectors.base import DetectorBase
from nofab.evidence.records import Record, as_number
from nofab.language.sentences import Token
from nofab.model.finding import Finding

CONF_PAIR = 0.85  # an unlabelled pair that half-matches a declared pair
#: A labelled cross-record pair is read against at most this many records (two teams, not a roster).
_MAX_ACROSS = 6
#: A period phrase labels a pair from at most this many tokens before it.
_PERIOD_REACH = 12
#: A pair in brackets right after a name ("Celtics ( 32 - 18 )") is that record's own pair.
_OPENERS = frozenset("([")
#: A pair whose numbers are all this small can fit another pair field by chance.
_SMALL_PAIR = 5


def check_pair(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    tokens: Sequence[Token],
    records: Sequence[Record],
    binding: Binding | None,
    i: int,
    j: int,
    a: float,
    b: float,
) -> Iterator[Finding]:
    """Findings on the numbers ``a`` (token ``i``) and ``b`` (token ``j``) of a pair."""
    fields, _end = field_after(vocabulary, tokens, j + 1, comma=True)
    labelled = [tuple(f.split("/", 1)) for f in fields if "/" in f]
    bound = [records[r] for r in sorted(binding.records)] if binding else []
    across = [fa for fa, fb in labelled if fa == fb]
    if across:
        yield from _check_across(maker, tokens, records, i, j, a, b, across)
        return
    if labelled:
        if not bound or binding is None:
            return
        options = [
            (r, fa, fb)
            for r in bound
            for fa, fb in labelled
            if r.number(fa) is not None and r.number(fb) is not None
        ]
        if not options or any(same(r.number(fa), a) and same(r.number(fb), b) for r, fa, fb in options):
            return
        swapped = _other_field(vocabulary, bound, labelled, a, b)
        if swapped is not None:
            yield _wrong_field(maker, vocabulary, tokens, j, binding, f"{fmt(a)}-{fmt(b)}", swapped)
            return
        r, fa, fb = max(options, key=lambda o: same(o[0].number(o[1]), a) + same(o[0].number(o[2]), b))
        confidence = binding.confidence()
        yield from _pair_findings(maker, tokens, i, j, a, b, r, fa, fb, r, confidence, binding.mention)
        return
    if not vocabulary.pairs:
        return
    # Unlabelled: any declared pair that explains both numbers clears it.
    candidates: list[tuple[int, Record, str, str, Record]] = []
    scope = bound or list(records)
    for fa, fb in vocabulary.pairs:
        if fa == fb:
            holders = [r for r in records if as_number(r.values.get(fa)) is not None]
            for r1 in holders:
                for r2 in holders:
                    if r1 is r2:
                        continue
                    score = same(r1.number(fa), a) + same(r2.number(fa), b)
                    if score == 2:
                        return
                    candidates.append((score, r1, fa, fb, r2))
        else:
            for r in scope:
                if fa in r.values and fb in r.values:
                    score = same(r.number(fa), a) + same(r.number(fb), b)
                    if score == 2:
                        return
                    candidates.append((score, r, fa, fb, r))
    if (
        binding is not None
        and binding.distance == 2
        and not binding.carried
        and tokens[i - 1].text in _OPENERS
    ):
        # "The Cavaliers (33-34)": a pair right after the name is that record's own pair.
        own = [c for c in candidates if c[1] is c[4] and c[1] in bound]
        if len(own) == 1:
            _score, r1, fa, fb, r2 = own[0]
            yield from _pair_findings(maker, tokens, i, j, a, b, r1, fa, fb, r2, CONF_PAIR, binding.mention)
            return
    period = period_before(vocabulary, tokens, i)
    if period:
        # "In the third quarter, out-scoring the Kings 34-19": the period named earlier in the
        # clause labels the pair, which no full-game reading explained.
        yield from _check_across(maker, tokens, records, i, j, a, b, period)
        return
    half = [c for c in candidates if c[0] == 1]
    # A score read either way round is one reading; keep the one whose first number fits.
    readings: dict[tuple[frozenset[str], str, str], tuple[int, Record, str, str, Record]] = {}
    for c in sorted(half, key=lambda c: not same(c[1].number(c[2]), a)):
        readings.setdefault((frozenset((c[1].where, c[4].where)), c[2], c[3]), c)
    if len(readings) != 1:
        return  # nothing half-matches, or several readings do: not sure what it claims
    _score, r1, fa, fb, r2 = next(iter(readings.values()))
    yield from _pair_findings(maker, tokens, i, j, a, b, r1, fa, fb, r2, CONF_PAIR, "")


def _other_field(
    vocabulary: Vocabulary, bound: Sequence[Record], labelled: Sequence[tuple[str, ...]], a: float, b: float
) -> tuple[Record, str, str] | None:
    """The one other declared pair field of the bound record that is exactly ``a``-``b``.

    One shared cause beats two coincidences: "6-for-6 from three" when the record's free
    throws are 6 of 6 and its threes are not is one wrong stat word, not two wrong numbers.
    Risk: small counts fit another pair by chance (1-for-2 from three and from the line), so
    at least one number must be above ``_SMALL_PAIR``, and exactly one other field must fit.
    """
    if max(a, b) <= _SMALL_PAIR:
        return None
    named = {tuple(p) for p in labelled}
    declared = {tuple(f.split("/", 1)) for fs in vocabulary.aliases.values() for f in fs if "/" in f}
    fits = [
        (r, fa, fb)
        for r in bound
        for fa, fb in sorted(declared - named)
        if fa != fb and same(r.number(fa), a) and same(r.number(fb), b)
    ]
    return fits[0] if len(fits) == 1 else None


def _wrong_field(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    tokens: Sequence[Token],
    j: int,
    binding: Binding,
    pair: str,
    fits: tuple[Record, str, str],
) -> Finding:
    """One finding on the field phrase after a pair that is another field's (category WORD)."""
    record, fa, fb = fits
    first, last = _phrase_tokens(vocabulary, tokens, min(j + 1, len(tokens) - 1))
    text = " ".join(t.text for t in tokens[first : last + 1])
    said = f"{record.label}: {fa}={record.values.get(fa)}, {fb}={record.values.get(fb)}"
    return maker.finding(
        "misattributed_value",
        text,
        binding.confidence(),
        (tokens[first].start, tokens[last].end),
        f"{pair} is {binding.mention}'s {fa}/{fb}, not what {text!r} names",
        evidence={"category": "WORD", "entity": binding.mention, "fields": [fa, fb], "record": said},
    )


def _phrase_tokens(vocabulary: Vocabulary, tokens: Sequence[Token], start: int) -> tuple[int, int]:
    """First and last token of the field phrase read from ``start`` (as ``field_after`` reads it)."""
    sentence = tokens[start - 1].sentence
    k = start + 1 if start < len(tokens) and tokens[start].text == "," else start
    at: list[int] = []
    while k < len(tokens) and len(at) < LOOKAHEAD and tokens[k].sentence == sentence:
        text = tokens[k].text.casefold()
        if text not in DASHES:
            if text in (",", "(", ")") or (text[0].isdigit() and at):
                break
            at.append(k)
        k += 1
    words = [tokens[k].text.casefold() for k in at]
    skipped = 0
    while skipped < len(words) and words[skipped] in vocabulary.fillers:
        skipped += 1
    for first in dict.fromkeys((0, skipped)):
        for length in range(min(vocabulary.alias_len, len(words) - first), 0, -1):
            if tuple(words[first : first + length]) in vocabulary.aliases:
                return at[first], at[first + length - 1]
    return start, start


def period_before(vocabulary: Vocabulary, tokens: Sequence[Token], i: int) -> list[str]:
    """Fields of a pair across records (a period: "in the third quarter") named before token ``i``.

    The nearest such phrase that starts within ``_PERIOD_REACH`` tokens before the pair, in its
    sentence, commas allowed in between: a period phrase labels the pair wherever the clause
    puts it. Only asked for a pair that no full-game reading explains, so "after trailing in
    the third quarter, they won 110-102" keeps its final score. Risk: a pair that fits no
    reading at all (a wrong final score) is then read as the period's score.
    """
    sentence = tokens[i].sentence
    for k in range(i - 1, max(-1, i - 1 - _PERIOD_REACH), -1):
        if tokens[k].sentence != sentence:
            break
        across = period_fields(vocabulary, tokens, k)
        if across:
            return across
    return []


def _check_across(
    maker: DetectorBase,
    tokens: Sequence[Token],
    records: Sequence[Record],
    i: int,
    j: int,
    a: float,
    b: float,
    fields: list[str],
) -> Iterator[Finding]:
    """A labelled pair of one field across two records: "outscored them 29-8 in the third quarter"."""
    best: tuple[int, Record, str, Record] | None = None
    for name in fields:
        holders = [r for r in records if r.number(name) is not None]
        if len(holders) > _MAX_ACROSS:
            continue
        for r1 in holders:
            for r2 in holders:
                if r1 is r2:
                    continue
                score = 2 * same(r1.number(name), a) + 2 * same(r2.number(name), b)
                if score == 4:
                    return
                score += same(r1.number(name), a)  # prefer the reading whose first number fits
                if best is None or score > best[0]:
                    best = (score, r1, name, r2)
    if best is None:
        return
    _score, r1, name, r2 = best
    yield from _pair_findings(maker, tokens, i, j, a, b, r1, name, name, r2, CONF_PAIR, "")


def _pair_findings(
    maker: DetectorBase,
    tokens: Sequence[Token],
    i: int,
    j: int,
    a: float,
    b: float,
    r1: Record,
    fa: str,
    fb: str,
    r2: Record,
    confidence: float,
    entity: str,
) -> Iterator[Finding]:
    said = f"{r1.label}: {fa}={r1.values.get(fa)}; {r2.label}: {fb}={r2.values.get(fb)}"
    pair_text = f"{tokens[i].text}-{tokens[j].text}"
    for index, value, record, name in ((i, a, r1, fa), (j, b, r2, fb)):
        if same(record.number(name), value):
            continue
        token = tokens[index]
        yield maker.finding(
            "misattributed_value",  # the record states both values of the pair
            token.text,
            confidence,
            (token.start, token.end),
            f"{token.text} in {pair_text} does not match the record: {said}",
            evidence={"category": "NUMBER", "entity": entity, "fields": [fa, fb], "record": said},
        )


__all__ = ["CONF_PAIR", "check_pair"]

"""The attribution detector: numbers and names checked against the record they are about.

A presence check passes "Rudy Gay scored 24 points" whenever 24 appears anywhere in the
tool output — usually as somebody else's value. This detector binds each number to the
entity the sentence attributes it to (``binding``) and to the field it speaks of
(``fields``), then compares it with that field of that record (``checks``, ``pairs``):

- ``misattributed_value``: the record says otherwise ("Rudy Gay: PTS=21");
- ``unverified_number``: the number is bound to an entity but is in no record at all;
- ``ungrounded_entity``: a name the profile knows that no record of this turn carries, or a
  weekday that matches no date in the records (``names``).

Every finding's ``evidence["category"]`` says which error family it belongs to, NUMBER or
NAME. The detector knows no domain: all vocabulary comes from the profile (``vocabulary``).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet

from nofab.config.policy import Profile
from nofab.detectors.attribution import fields as F
from nofab.detectors.attribution.binding import PARAGRAPH_REACH, Binding, bind, bind_in_paragraph
from nofab.detectors.attribution.catalogue import Catalogue, Catalogues
from nofab.detectors.attribution.causes import Claim, shared_causes
from nofab.detectors.attribution.checks import LISTED, check_single
from nofab.detectors.attribution.forward import REACH as FORWARD_REACH
from nofab.detectors.attribution.forward import forward_binding
from nofab.detectors.attribution.mentions import Mention, find_mentions
from nofab.detectors.attribution.names import (
    later_sentences,
    unheld_known_names,
    unheld_proper_names,
    wrong_weekdays,
)
from nofab.detectors.attribution.pairs import check_pair
from nofab.detectors.attribution.periods import period_after
from nofab.detectors.attribution.relations import NEAR_MENTIONS, wrong_relations
from nofab.detectors.attribution.scope import entries, in_scope, view_of
from nofab.detectors.attribution.values import not_value_tokens
from nofab.detectors.attribution.vocabulary import BEYOND, RANK, Vocabulary
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record, as_number
from nofab.language.sentences import Token
from nofab.model.finding import Finding

#: The catalogue of a turn whose answer names no result (most turns).
_NONE = Catalogue(())

#: A following mention this close may be the one a number is about ("24 points from Gay").
_FOLLOWING_WINDOW = 4


class AttributionDetector(DetectorBase):
    """``misattributed_value``, ``unverified_number`` and ``ungrounded_entity`` against records."""

    id = "attribution"
    version = "2"
    kinds = ("misattributed_value", "unverified_number", "ungrounded_entity")

    def __init__(self, profile: Profile) -> None:
        self.vocabulary = Vocabulary.from_profile(profile, self.id)
        self.name_fields = tuple(profile.name_fields)
        self._catalogues = Catalogues()

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        v = self.vocabulary
        if not answer:
            return
        if v.pairs:
            # An unlabelled pair ("110-102") is read against every record, named or not.
            catalogue = self._everything(evidence)
            named = any(r.names for r in catalogue.records)
        else:
            scope = in_scope(evidence, self.name_fields, v.sums)
            catalogue, named = self._catalogues.get(scope.views) if scope.views else _NONE, scope.named
        records = catalogue.records
        if not records and not (named and v.proper_names) and not self._names_other_things(answer):
            return  # the answer names no record: no number or name of it can be attributed
        tokens = evidence.tokens  # the shared tokenisation (the same function, done once)
        if not tokens:
            return
        mentions = find_mentions(v, answer, tokens, records, catalogue.forms, catalogue.matcher)
        later = later_sentences(v, tokens)
        if any(not m.records for m in mentions) and evidence.records:
            yield from unheld_known_names(self, answer, tokens, mentions, len(evidence.records))
        if v.weekdays and any(t.text in v.weekdays for t in tokens):
            days = {d for view in self._everything(evidence).views for d in view.weekdays(v.date_formats)}
            yield from wrong_weekdays(self, v, tokens, evidence.records, later, days)
        if v.proper_names:
            # Whether the turn's records carry names: the scope's walk already saw every naming
            # text, so no record outside the scope needs building to know.
            yield from unheld_proper_names(self, v, evidence, tokens, mentions, lambda: named)
        yield from wrong_relations(self, v, answer, tokens, mentions, records, lambda: catalogue.member_of)
        if not any(m.records for m in mentions) and not v.pairs:
            return
        numeric = F.numeric_tokens(v, tokens)
        not_values = not_value_tokens(evidence, tokens, numeric)
        claims: list[Claim] = []
        found = list(
            self._number_findings(evidence, tokens, numeric, mentions, catalogue, not_values, claims)
        )
        names, replaced = shared_causes(self, v, answer, tokens, mentions, records, claims)
        yield from names
        yield from (f for f in found if id(f) not in replaced)

    def _everything(self, evidence: Evidence) -> Catalogue:
        """Every record of the turn, out of scope too, each result's view from the guard's cache."""
        sums, fields = self.vocabulary.sums, self.name_fields
        views = [
            view_of(evidence, label, entry, fields, sums) for label, entry in entries(evidence, fields, sums)
        ]
        return self._catalogues.get(views)

    @staticmethod
    def _is_claim(
        records: Sequence[Record], binding: Binding, singles: Sequence[str], finding: Finding | None
    ) -> bool:
        """A figure of this occasion credited to a record that has the field it names."""
        if not singles or any(f == BEYOND or f.startswith(RANK) for f in singles):
            return False
        if finding is not None and finding.kind != "misattributed_value":
            return False
        return any(f in records[r].values for r in binding.records for f in singles)

    def _names_other_things(self, answer: str) -> bool:
        """Could the answer name something no record is needed to find: a known name, a weekday?"""
        v = self.vocabulary
        if v.known is not None and v.known.found_in(answer):
            return True
        return any(day in answer for day in v.weekdays)

    def _number_findings(
        self,
        evidence: Evidence,
        tokens: list[Token],
        numeric: list[int],
        mentions: list[Mention],
        catalogue: Catalogue,
        not_values: AbstractSet[int],
        claims: list[Claim],
    ) -> Iterator[Finding]:
        """Findings on numbers; each number credited to a mention with a field joins ``claims``.
        ``numeric``: the tokens a number may be read from (``fields.numeric_tokens``)."""
        v = self.vocabulary
        records = catalogue.records
        answer = evidence.answer
        in_mention = {i for m in mentions for i in range(m.first, m.last + 1)} | set(not_values)
        # (sentence, entity, fields) already given a number: that entity's value for those
        # fields is spoken for, so it cannot explain a later number in the sentence.
        said_of: set[tuple[int, frozenset[int], tuple[str, ...]]] = set()
        # A number is bound only within its sentence and the one before, and a labelled one
        # within its paragraph: index the mentions by both, so a long answer stays near-linear.
        firsts = [tokens[m.first].start for m in mentions]
        first_tokens = [m.first for m in mentions]
        lasts = [m.last for m in mentions]
        breaks = [match.start() for match in re.finditer("\n\n", answer)]

        def near(i: int) -> list[Mention]:
            """The last few mentions before token ``i`` and those just after it, in its sentence
            or the one before (a run-on sentence naming thousands of records stays linear)."""
            sentence = tokens[i].sentence
            lo = max(0, bisect_left(lasts, i) - NEAR_MENTIONS)
            hi = bisect_right(first_tokens, i + _FOLLOWING_WINDOW)
            return [m for m in mentions[lo:hi] if sentence - 1 <= tokens[m.last].sentence <= sentence]

        def later(i: int) -> list[Mention]:
            """The mentions starting just after token ``i`` (``forward.REACH``)."""
            return mentions[bisect_right(first_tokens, i) : bisect_right(first_tokens, i + FORWARD_REACH)]

        def paragraph(i: int) -> list[Mention]:
            k = bisect_right(breaks, tokens[i].start - 2) - 1
            start = breaks[k] if k >= 0 else -1
            lo, hi = bisect_left(firsts, start), bisect_left(lasts, i)
            return mentions[max(lo, hi - PARAGRAPH_REACH) : hi]

        def everything() -> Sequence[Record]:
            """Every record of the turn, out of scope too (asked only for a finding's kind)."""
            return records if v.pairs else self._everything(evidence).records

        resume = 0  # tokens before this are read already (the second number of a pair)
        for i in numeric:
            if i < resume or i in in_mention:
                continue
            value = F.value_at(v, tokens, i)
            if value is None:
                continue
            pair_end = F.pair_end(tokens, i)
            if pair_end is not None:
                second = as_number(tokens[pair_end].text)
                assert second is not None
                pair_fields, _end = F.field_after(v, tokens, pair_end + 1)
                pair_firsts = [f.split("/", 1)[0] for f in pair_fields if "/" in f]
                pair_binding = bind(tokens, near(i), i, records, pair_firsts)
                yield from check_pair(self, v, tokens, records, pair_binding, i, pair_end, value, second)
                resume = pair_end + 1
                continue
            fields, _after = F.field_after(v, tokens, i + 1)
            is_word = tokens[i].text.casefold() in v.number_words and not tokens[i].text[0].isdigit()
            if is_word and (not fields or F.phrase_at(v, tokens, i)):
                continue  # "one of the best", "from three-point range": not a count
            singles = [f for f in fields if "/" not in f]
            local = near(i)
            binding: Binding | None = bind(tokens, local, i, records, singles)
            if not fields and not is_word and v.labels:
                labelled = F.field_before(v, tokens, i)
                if labelled:
                    fields, singles = labelled, list(labelled)
                    binding = bind_in_paragraph(answer, tokens, paragraph(i), i, records, labelled, value)
            if singles and (binding is None or binding.carried):
                ahead, explained = forward_binding(tokens, later(i), records, i, value, singles)
                if explained:
                    continue  # "23-point efforts from Wall and Beal": the later name holds it
                binding = ahead or binding
            if binding is not None and singles:
                period = period_after(v, tokens, i)
                if period:
                    held = [
                        f
                        for f in period
                        if any(f.startswith(s + "_") for s in singles)
                        and any(records[r].number(f) is not None for r in binding.records)
                    ]
                    if not held:
                        continue  # a figure of one period that the record does not split
                    fields = tuple(held)
                    singles = list(held)
            if binding is not None:
                key = (tokens[i].sentence, binding.records, tuple(singles))
                finding = check_single(
                    self,
                    v,
                    evidence,
                    tokens,
                    local,
                    records,
                    binding,
                    i,
                    value,
                    fields,
                    said_of,
                    everything,
                    lambda: catalogue.member_of,
                )
                said_of.add(key)
                if singles:
                    said_of.add((key[0], key[1], LISTED))
                if self._is_claim(records, binding, singles, finding):
                    claims.append(
                        Claim(tokens[i].sentence, binding.at, binding.records, value, tuple(singles), finding)
                    )
                if finding is not None:
                    yield finding


__all__ = ["AttributionDetector"]

"""One shared cause beats many coincidences: a wrong name, not several wrong numbers.

When every number a sentence credits to one mention fits another record (the same fields,
the same values) and none of them fits the record named, the likeliest single cause is
that the sentence names the wrong record — "The Rockets shot 58 percent from the field and
33 percent from three" where those are the other team's figures. Reporting each number as
misattributed blames several correct figures for one wrong name; instead one
``misattributed_value`` is reported on the name (category NAME), with the numbers and the
record they fit in its evidence.

The same holds for a record that holds no figures at all (every field the profile reads is
empty: a player who did not play): figures credited to it point at the name, once.

Risk: two or more small counts can fit another record by chance (a player with "2 steals
and 1 block" has peers with the same line). So the rule needs at least two numbers, needs
exactly one other record to fit them all, and the numbers must not all be small counts
(at most ``_SMALL``): the chance that unrelated figures coincide falls fast with their size.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.relations import name_finding
from nofab.detectors.attribution.values import fmt, same
from nofab.detectors.attribution.vocabulary import Vocabulary
from nofab.detectors.base import DetectorBase
from nofab.evidence.records import Record
from nofab.language.sentences import Token
from nofab.model.finding import Finding

CONF_SHARED_CAUSE = 0.85
#: Counts up to this size coincide too easily to prove anything on their own.
_SMALL = 5


@dataclass(slots=True)
class Claim:
    """A number the answer credits to a mention, with the fields it names and its finding if any."""

    sentence: int
    at: int  # the mention's first token
    records: frozenset[int]
    value: float
    fields: tuple[str, ...]
    finding: Finding | None


def took_no_part(vocabulary: Vocabulary, record: Record) -> bool:
    """Does the record hold no figure at all among the fields the profile reads?

    Such a record (every statistic "N/A": a player who did not play) can be credited with no
    figure. Risk: a source that leaves a field empty for a zero makes any figure a finding.
    """
    fields = vocabulary.figure_fields & record.values.keys()
    return bool(fields) and all(record.number(f) is None for f in fields)


def shared_causes(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    answer: str,
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    records: Sequence[Record],
    claims: Sequence[Claim],
) -> tuple[list[Finding], set[int]]:
    """Name findings, and the ids (``id(finding)``) of the number findings they replace."""
    by_mention: dict[tuple[int, int], list[Claim]] = {}
    for claim in claims:
        by_mention.setdefault((claim.sentence, claim.at), []).append(claim)
    starts = {m.first: m for m in mentions}
    out: list[Finding] = []
    replaced: set[int] = set()
    for (_sentence, at), group in by_mention.items():
        mention = starts.get(at)
        if mention is not None and len(group[0].records) == 1:
            record = records[next(iter(group[0].records))]
            if took_no_part(vocabulary, record):
                numbers = [fmt(c.value) for c in group]
                said = ", ".join(numbers)
                reason = f"{mention.text} is credited with {said}, but the records hold no figures for them"
                out.append(
                    name_finding(
                        maker,
                        answer,
                        tokens,
                        mention,
                        reason,
                        CONF_SHARED_CAUSE,
                        evidence={"numbers": numbers},
                    )
                )
                continue
        if mention is None or len(group) < 2 or not all(c.finding for c in group):
            continue  # a number that fits the record named speaks for the name
        if all(c.value <= _SMALL for c in group):
            continue
        fitting = list(_fitting(records, group))
        if len(fitting) != 1:
            continue
        other = records[fitting[0]]
        numbers = [fmt(c.value) for c in group]
        out.append(
            name_finding(
                maker,
                answer,
                tokens,
                mention,
                f"the figures credited to {mention.text} ({', '.join(numbers)}) are {other.label}'s",
                confidence=CONF_SHARED_CAUSE,
                evidence={
                    "numbers": numbers,
                    "fits": other.label,
                    "fields": sorted({f for c in group for f in c.fields}),
                },
            )
        )
        replaced.update(id(c.finding) for c in group if c.finding is not None)
    return out, replaced


def _fitting(records: Sequence[Record], group: Sequence[Claim]) -> Iterator[int]:
    """Records other than the one named that hold every number of the group in a field it names."""
    named = group[0].records
    for index, record in enumerate(records):
        if index in named:
            continue
        if all(any(same(record.number(f), c.value) for f in c.fields) for c in group):
            yield index


__all__ = ["Claim", "shared_causes"]

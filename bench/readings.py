"""How often the number readings of issue 12 are put to the test on the visible corpora, per
half: counts only (no text is printed, so the checking half stays unread).

    python bench/readings.py

A rule that never meets its case proves nothing about false alarms; this counts, per corpus
and half, the numbers each reading actually held against a record (the rule was exercised)
and how many of those it flagged:

- counted: a small count bound to a counted noun, when the reported records count that noun;
- roles: a held time or date given a role for a record named in its sentence (whether or not
  that record holds a start and an end: an upper bound);
- dayrows: a day the answer names (weekday, "tomorrow", date) that names one row of a dated
  list (the numbers of its stretch are then read against that row).
"""

from __future__ import annotations

import collections

from halves import corpus_halves
from nofab import Guard, Policy, Turn
from nofab.config.policy import Profile
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.numbers.anchored import RecordFields
from nofab.numbers.counted import CountedFields, reported
from nofab.numbers.dayrows import dated_lists, day_mentions, row_of
from nofab.numbers.nouns import bound_concept, modified_before
from nofab.numbers.roles import role_before


def exercised(turn: Turn, profile: Profile) -> collections.Counter[str]:
    """Per reading, how many numbers of the answer it held against a record."""
    evidence = Evidence(turn, profile, lexicon_for(profile))
    out: collections.Counter[str] = collections.Counter()
    if not evidence.numerals:
        return out
    fields = RecordFields(evidence)
    counted: CountedFields | None = None
    answer = evidence.answer
    for numeral in evidence.numerals:
        start, end = numeral.span
        if numeral.kind == "number" and not numeral.decimals and 0 <= numeral.value <= 12:
            concept = bound_concept(answer, end)
            if concept and not modified_before(answer, start):
                counted = counted if counted is not None else CountedFields(reported(fields))
                if counted and concept in counted.concepts():
                    out["counted"] += 1
        if (
            numeral.kind in ("time", "date")
            and role_before(answer, start)
            and fields.named_in_sentence(start)
        ):
            out["roles"] += 1
    lists = dated_lists(evidence.records) if evidence.records else []
    if lists:
        for _start, _end, what in day_mentions(answer, evidence.numerals, turn.context or ""):
            out["dayrows"] += sum(1 for rows in lists if row_of(rows, what) is not None)
    return out


def main() -> None:
    guard = Guard(Policy())
    for corpus, halves in corpus_halves().items():
        for half, turns in halves.items():
            asked: collections.Counter[str] = collections.Counter()
            flagged: collections.Counter[str] = collections.Counter()
            for _label, turn in turns:
                counts = exercised(turn, guard.profile)
                asked.update(counts)
                for finding in guard.assess(turn).findings:
                    kind = finding.evidence.get("literal_kind")
                    if finding.detector != "numbers":
                        continue
                    if kind == "count" or "role" in finding.evidence:
                        flagged["counted" if kind == "count" else "roles"] += 1
                    elif "other_row" in finding.evidence:
                        flagged["dayrows"] += 1
            names = ("counted", "roles", "dayrows")
            parts = [f"{name} held {asked[name]}, flagged {flagged[name]}" for name in names]
            print(f"{corpus} {half}: " + "; ".join(parts))


if __name__ == "__main__":
    main()

"""Numbers and names checked against the record they are about, not just the whole output.

A presence check passes "Rudy Gay scored 24 points" whenever 24 appears anywhere in the
tool output — usually as somebody else's value. This detector binds each number to the
entity the sentence attributes it to (the nearest preceding mention of a record's name)
and to the field it speaks of (the phrase after it, through the profile's
``field_aliases``), then compares it with that field of that record:

- ``misattributed_value``: the record says otherwise ("Rudy Gay: PTS=21");
- ``unverified_number``: the number is bound to an entity but is in no record at all;
- ``ungrounded_entity``: a name the profile knows (``known_entities``) that no record of this
  turn carries, or a weekday that matches no date in the records.

Shapes handled: "X scored 24 points", lists ("with 24 points, 10 rebounds and 5 assists"),
parentheses ("X (24 points, 8-of-15 from the field)"), made/attempted pairs ("shot 8-of-15",
"4 - 7 FG"), unlabelled pairs declared in ``pair_fields`` (a 110-102 score across two
records, a 14-16 won/lost record within one), number words from ``number_words`` ("six
assists", "a steal", "a pair of steals") counted only when a field phrase follows them.

Every finding's ``evidence["category"]`` says which error family it belongs to, NUMBER or
NAME. The detector knows no domain: all vocabulary comes from the profile.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import datetime

from nofab.config.policy import Profile
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record, as_number
from nofab.model.finding import Finding, severity_for
from nofab.numbers.numerals import MONTHS

# A number ("24", "45.5", "1,200") only when no letter is glued to it ("3Pt", "24th" are
# words); otherwise a word (with inner apostrophes) or one punctuation character.
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*(?![\w])|\w+(?:['’]\w+)*|\S")
_DASHES = frozenset("-–—")
#: A name-shaped word: one capital, then lower-case letters ("Olivia", not "USD" or "I").
_PROPER = re.compile(r"^[^\W\d_a-z][^\W\d_A-Z]{2,}$")
#: The letters of a code glued to digits by a dash ("ABC" of "ABC-123").
_CODE_PART = re.compile(r"^[A-Z]{2,}\d*$")
#: Counts a total may be a multiple of ("two economy tickets ... is $228").
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
#: A word of a name in a record ("Li", "Garcia"), as opposed to a code ("3FRNFB").
_NAME_WORD = re.compile(r"^[^\W\d_a-z][^\W\d_A-Z]+$")
#: Tokens after which a capital starts something (a sentence, a quotation, a list item, a label).
_OPENING = frozenset(".!?;:\"'“‘(*#-–—•>|")
_SENTENCE_END = frozenset(".!?;")
#: Words that may stand between a number and its field phrase ("a pair of steals").
_FILLERS = frozenset({"of"})
#: Words joining a made/attempted pair: "8-of-15", "9 for 15".
_PAIR_WORDS = frozenset({"of", "for"})
#: Field phrases are looked for in this many words after the number.
_LOOKAHEAD = 8
#: The pseudo-field of a figure about other occasions (``rules.attribution.beyond_phrases``).
_BEYOND = "\u2026beyond"
#: The pseudo-field prefix of a rank (``rules.attribution.rank_phrases``).
_RANK = "\u2026rank:"
#: A pair in brackets right after a name ("Celtics ( 32 - 18 )") is that record's own pair.
_OPENERS = frozenset("([")
#: A label ("Available Seats in Economy:") is at most this many words.
_LABEL_WORDS = 5
#: Between a label and its value: "Price: $79", "**Total:** 3".
_LABEL_MARKS = frozenset(":*$€£=")
#: A following mention this close may be the one a number is about ("24 points from Gay").
_FOLLOWING_WINDOW = 4
#: What a sentence states about a shared name is read this many tokens either side of it.
_NARROW_WINDOW = 40
#: A number is read against at most this many mentions before it.
_NEAR_MENTIONS = 12
#: Numerals that are not quantities: the digits of "01:00 AM", "1977-02-03", "2024", "3rd".
_NOT_VALUES = frozenset({"date", "time", "year", "code", "ordinal"})
#: An integer this small with no field word is structure ("Flight 2", "option 3"), not a claim.
_STRUCTURAL_MAX = 12
#: Between an entity and a number with no field word, these end the clause that binds them.
_CLAUSE_BREAKS = frozenset(",;")

# Confidence of a finding by how sure the binding is.
CONF_BOUND = 0.9  # field phrase next to the number, entity named in the same sentence
CONF_FAR = 0.8  # entity named more than FAR_TOKENS tokens before
CONF_AMBIGUOUS = 0.75  # the mention names more than one record (two players called Jordan)
CONF_CARRIED = 0.7  # entity only named in an earlier sentence ("He added 10 rebounds")
CONF_PAIR = 0.85  # an unlabelled pair that half-matches a declared pair
CONF_NO_FIELD = 0.55  # no field phrase: the number is in none of the entity's fields
CONF_OTHER_GAMES = 0.6  # "averaging 21 points": a figure beyond what the records cover
CONF_ENTITY = 0.85  # a known name that no record of this turn carries
CONF_WEEKDAY = 0.8  # a weekday that matches no date in the records
CONF_PROPER = 0.8  # a capitalised word mid-sentence that nothing of the turn holds
CONF_RELATION = 0.8  # a name in the wrong relation ("Beal led the way for Brooklyn")
#: A labelled cross-record pair is read against at most this many records (two teams, not a roster).
_MAX_ACROSS = 6
FAR_TOKENS = 15


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int
    end: int
    sentence: int


@dataclass(slots=True)
class _Mention:
    first: int  # token indices, inclusive
    last: int
    records: frozenset[int]  # empty: a known name with no record this turn
    text: str = ""


@dataclass(frozen=True, slots=True)
class _Binding:
    records: frozenset[int]
    distance: int
    carried: bool
    mention: str
    #: Token index of the mention (-1: unknown), to read what else its sentence states.
    at: int = -1


class AttributionDetector:
    """``misattributed_value``, ``unverified_number`` and ``ungrounded_entity`` against records."""

    id = "attribution"
    version = "1"
    kinds = ("misattributed_value", "unverified_number", "ungrounded_entity")

    def __init__(self, profile: Profile) -> None:
        rules = profile.rules.get(self.id, {})
        self._aliases: dict[tuple[str, ...], tuple[str, ...]] = {
            _phrase(k): tuple(v) for k, v in profile.field_aliases.items() if _phrase(k)
        }
        # Phrases that make a number a figure about other occasions ("of their last five
        # games", "in a row"): no record of this turn can back it.
        for phrase in rules.get("beyond_phrases", ()):
            if _phrase(str(phrase)):
                self._aliases.setdefault(_phrase(str(phrase)), (_BEYOND,))
        # "X was second on the team": an ordinal before one of these phrases is X's rank by a
        # field among the records of X's group.
        for phrase, name in dict(rules.get("rank_phrases", {})).items():
            if _phrase(str(phrase)):
                self._aliases[_phrase(str(phrase))] = (_RANK + str(name),)
        self._alias_len = max((len(k) for k in self._aliases), default=0)
        #: Labels written before a value ("Price: $79", "Total baggages: 3") -> fields.
        self._labels: dict[tuple[str, ...], tuple[str, ...]] = {
            _phrase(str(k)): tuple(str(f) for f in v)
            for k, v in dict(rules.get("field_labels", {})).items()
            if _phrase(str(k))
        }
        self._number_words = {k.casefold(): float(v) for k, v in profile.number_words.items()}
        self._fillers = _FILLERS | {str(w).casefold() for w in rules.get("filler_words", ())}
        self._pairs = tuple(tuple(p.split("/", 1)) for p in profile.pair_fields)
        self._known = _alternation(profile.known_entities)
        self._weekdays = tuple(profile.weekdays)
        self._date_formats = tuple(profile.date_formats)
        self._sums = {k: tuple(v) for k, v in profile.field_sums.items()}
        #: Check capitalised words the way a name is checked: in the records, or nowhere.
        self._proper_names = bool(rules.get("proper_names", False))
        self._not_names = frozenset(str(w).casefold() for w in rules.get("not_names", ()))
        # "X defeated X": a record named on both sides of one of these words is one name too many.
        self._opposing = tuple(_link(str(p)) for p in rules.get("opposing_words", ()) if _link(str(p)))
        # "Beal led the way for Brooklyn": a member named with a group it does not belong to.
        self._member_links = tuple(_link(str(p)) for p in rules.get("member_links", ()) if _link(str(p)))
        self._min_value = float(rules.get("min_value", 0))
        #: Words that make a number something other than this record's value ("averaging").
        self._skip_words = frozenset(str(w).casefold() for w in rules.get("skip_words", ()))
        # A bare number ("$209", "6437") says nothing about which field it is; unless the
        # profile's answers are all about its records (a box score), such a number is a
        # claim only when an entity is named in its own clause.
        self._unbound_numbers = bool(rules.get("unbound_numbers", False))

    # ------------------------------------------------------------------ entry
    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        records = self._with_sums(evidence.records)
        if not answer or not records:
            return
        tokens = _tokenize(answer)
        if not tokens:
            return
        mentions = self._mentions(answer, tokens, records)
        yield from self._entity_findings(answer, tokens, mentions, records)
        yield from self._weekday_findings(tokens, records)
        if self._proper_names:
            yield from self._proper_name_findings(evidence, tokens, mentions, records)
        yield from self._relation_findings(answer, tokens, mentions, records)
        if not any(m.records for m in mentions) and not self._pairs:
            return
        not_values = _not_value_tokens(evidence, tokens)
        yield from self._number_findings(answer, tokens, mentions, records, not_values, evidence)

    def _with_sums(self, records: Sequence[Record]) -> Sequence[Record]:
        """Records with the profile's derived fields added (same order, so indices hold)."""
        if not self._sums:
            return records
        out: list[Record] = []
        for record in records:
            extra: dict[str, str] = {}
            for name, parts in self._sums.items():
                numbers = [record.number(p) for p in parts]
                if parts and all(n is not None for n in numbers):
                    extra[name] = _fmt(sum(n for n in numbers if n is not None))
            out.append(Record(record.where, record.names, {**record.values, **extra}) if extra else record)
        return out

    # ------------------------------------------------------------------ mentions
    def _mentions(self, answer: str, tokens: list[_Token], records: Sequence[Record]) -> list[_Mention]:
        forms: dict[str, set[int]] = {}
        for index, record in enumerate(records):
            for _field, name in record.names:
                for form in _name_forms(name):
                    forms.setdefault(form, set()).add(index)
        starts = {t.start: i for i, t in enumerate(tokens)}
        ends = {t.end: i for i, t in enumerate(tokens)}
        found: list[_Mention] = []
        pattern = _alternation(forms)
        if pattern is not None:
            for match in pattern.finditer(answer):
                first, last = starts.get(match.start()), ends.get(match.end())
                if first is None or last is None:
                    continue
                found.append(_Mention(first, last, frozenset(forms[match.group()]), match.group()))
        merged = _merge(found, tokens)
        if self._known is not None:
            for match in self._known.finditer(answer):
                first, last = starts.get(match.start()), ends.get(match.end())
                if first is None or last is None:
                    continue
                if any(m.first <= first and last <= m.last for m in merged):
                    continue  # the record's own mention covers it
                if any(m.records and (m.first == last + 1 or m.last == first - 1) for m in merged):
                    continue  # one name with a record's mention ("Los Angeles" + "Clippers" of "LA")
                merged = [m for m in merged if not (first <= m.first and m.last <= last)]
                merged.append(_Mention(first, last, frozenset(), match.group()))
        merged.sort(key=lambda m: m.first)
        return merged

    def _entity_findings(
        self, answer: str, tokens: list[_Token], mentions: list[_Mention], records: Sequence[Record]
    ) -> Iterator[Finding]:
        for mention in mentions:
            if mention.records:
                continue
            start, end = tokens[mention.first].start, tokens[mention.last].end
            yield Finding(
                kind="ungrounded_entity",
                detector=self.id,
                identifier=answer[start:end],
                confidence=CONF_ENTITY,
                severity=severity_for(CONF_ENTITY),
                span=(start, end),
                reason=f"{answer[start:end]!r} is named, but no record in the tool results carries that name",
                evidence={"category": "NAME", "records": len(records)},
            )

    def _proper_name_findings(
        self, evidence: Evidence, tokens: list[_Token], mentions: list[_Mention], records: Sequence[Record]
    ) -> Iterator[Finding]:
        """A capitalised word mid-sentence ("Thank you, Olivia") that no record, tool result,
        user message or context holds, in a turn whose records carry names of that kind."""
        if not any(record.names for record in records):
            return
        covered = {i for m in mentions for i in range(m.first, m.last + 1)}
        # Next to a record's name, a capitalised word is part of that name: "Emma Garcia" where
        # the record has "Garcia" but no "Emma" is a name the records do not hold.
        # (only names of people or things: "Garcia", not a code like "3FRNFB")
        after_name = {m.last + 1 for m in mentions if m.records and _NAME_WORD.match(tokens[m.last].text)}
        before_name = {m.first - 1 for m in mentions if m.records and _NAME_WORD.match(tokens[m.first].text)}
        for i, token in enumerate(tokens):
            if i in covered or not _PROPER.match(token.text):
                continue
            if token.text.casefold() in self._not_names or token.text.casefold() in MONTHS:
                continue
            if evidence.grounds(token.text):
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
                if self._label_or_place(evidence, tokens, i):
                    continue
            yield Finding(
                kind="ungrounded_entity",
                detector=self.id,
                identifier=token.text,
                confidence=CONF_PROPER,
                severity=severity_for(CONF_PROPER),
                span=(token.start, token.end),
                reason=f"{token.text!r} reads as a name, but no tool result, message or context holds it",
                evidence={"category": "NAME"},
            )

    @staticmethod
    def _label_or_place(evidence: Evidence, tokens: list[_Token], i: int) -> bool:
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
                and not evidence.grounds(tokens[k].text)
            ):
                return True
        for k in (i - 1, i + 1):
            if 0 <= k < len(tokens) and tokens[k].sentence == tokens[i].sentence:
                neighbour = tokens[k].text
                if neighbour[:1].isupper() and not evidence.grounds(neighbour):
                    return True
        return False

    def _relation_findings(
        self, answer: str, tokens: list[_Token], mentions: list[_Mention], records: Sequence[Record]
    ) -> Iterator[Finding]:
        """Names in the wrong relation: a record opposing itself, a member credited to another group."""
        if not self._opposing and not self._member_links:
            return
        named = [m for m in mentions if m.records]
        groups = _groups(records) if self._member_links else {}
        group_records = {g for gs in groups.values() for g in gs}
        sentence_start = 0  # index in ``named`` of the first mention of the current sentence
        for index, mention in enumerate(named):
            sentence = tokens[mention.first].sentence
            while sentence_start < index and tokens[named[sentence_start].last].sentence != sentence:
                sentence_start += 1
            earlier = named[max(sentence_start, index - _NEAR_MENTIONS) : index]
            if not earlier:
                continue
            between = _words_before(tokens, mention.first)
            previous = earlier[-1]
            if (
                self._opposing
                and previous.records == mention.records
                and any(_ends_with(between, p) for p in self._opposing)
            ):
                yield self._name_finding(
                    answer, tokens, mention, f"{mention.text} is named on both sides of a contest with itself"
                )
                continue
            if not self._member_links or not mention.records <= group_records:
                continue
            if not any(_ends_with(between, p) for p in self._member_links):
                continue
            member = next((m for m in reversed(earlier) if any(r in groups for r in m.records)), None)
            if member is None:
                continue
            belongs = {g for r in member.records for g in groups.get(r, ())}
            if belongs and not (belongs & mention.records):
                owner = ", ".join(sorted({records[g].label for g in belongs}))
                yield self._name_finding(
                    answer,
                    tokens,
                    mention,
                    f"{member.text} is credited to {mention.text}, but the records put them with {owner}",
                )

    def _name_finding(self, answer: str, tokens: list[_Token], mention: _Mention, reason: str) -> Finding:
        start, end = tokens[mention.first].start, tokens[mention.last].end
        return Finding(
            kind="misattributed_value",
            detector=self.id,
            identifier=answer[start:end],
            confidence=CONF_RELATION,
            severity=severity_for(CONF_RELATION),
            span=(start, end),
            reason=reason,
            evidence={"category": "NAME"},
        )

    def _weekday_findings(self, tokens: list[_Token], records: Sequence[Record]) -> Iterator[Finding]:
        if not self._weekdays or not self._date_formats:
            return
        days = self._record_weekdays(records)
        if not days:
            return
        allowed = {self._weekdays[d] for d in days}
        for token in tokens:
            if token.text in self._weekdays and token.text not in allowed:
                yield Finding(
                    kind="ungrounded_entity",
                    detector=self.id,
                    identifier=token.text,
                    confidence=CONF_WEEKDAY,
                    severity=severity_for(CONF_WEEKDAY),
                    span=(token.start, token.end),
                    reason=f"{token.text} matches no date in the tool results ({', '.join(sorted(allowed))})",
                    evidence={"category": "NAME", "weekdays": sorted(allowed)},
                )

    def _record_weekdays(self, records: Sequence[Record]) -> set[int]:
        days: set[int] = set()
        for record in records:
            for text in (*record.values.values(), *(n for _f, n in record.names)):
                if not 6 <= len(text) <= 20:
                    continue
                for fmt in self._date_formats:
                    try:
                        days.add(datetime.strptime(text, fmt).weekday())
                        break
                    except ValueError:
                        continue
        return days

    # ------------------------------------------------------------------ numbers
    def _number_findings(
        self,
        answer: str,
        tokens: list[_Token],
        mentions: list[_Mention],
        records: Sequence[Record],
        not_values: AbstractSet[int] = frozenset(),
        evidence: Evidence | None = None,
    ) -> Iterator[Finding]:
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

        def near(i: int) -> list[_Mention]:
            """The last few mentions before token ``i`` and those just after it, in its sentence
            or the one before (a run-on sentence naming thousands of records stays linear)."""
            sentence = tokens[i].sentence
            lo = max(0, bisect_left(lasts, i) - _NEAR_MENTIONS)
            hi = bisect_right(first_tokens, i + _FOLLOWING_WINDOW)
            return [m for m in mentions[lo:hi] if sentence - 1 <= tokens[m.last].sentence <= sentence]

        def paragraph(i: int) -> list[_Mention]:
            k = bisect_right(breaks, tokens[i].start - 2) - 1
            start = breaks[k] if k >= 0 else -1
            return mentions[bisect_left(firsts, start) : bisect_left(lasts, i)]

        i = 0
        n = len(tokens)
        while i < n:
            if i in in_mention:
                i += 1
                continue
            value = self._value(tokens, i)
            if value is None:
                i += 1
                continue
            pair_end = self._pair_end(tokens, i)
            if pair_end is not None:
                second = as_number(tokens[pair_end].text)
                assert second is not None
                pair_fields, _end = self._field_after(tokens, pair_end + 1)
                pair_firsts = [f.split("/", 1)[0] for f in pair_fields if "/" in f]
                binding = self._bind(tokens, near(i), i, records, pair_firsts)
                yield from self._check_pair(tokens, records, binding, i, pair_end, value, second)
                i = pair_end + 1
                continue
            fields, _after = self._field_after(tokens, i + 1)
            is_word = tokens[i].text.casefold() in self._number_words and not tokens[i].text[0].isdigit()
            if is_word and (not fields or self._phrase_at(tokens, i)):
                i += 1
                continue  # "one of the best", "from three-point range": not a count
            singles = [f for f in fields if "/" not in f]
            local = near(i)
            binding = self._bind(tokens, local, i, records, singles)
            if not fields and not is_word and self._labels:
                labelled = self._field_before(tokens, i)
                if labelled:
                    fields, singles = labelled, list(labelled)
                    binding = self._bind_in_paragraph(
                        answer, tokens, paragraph(i), i, records, labelled, value
                    )
            if binding is not None:
                key = (tokens[i].sentence, binding.records, tuple(singles))
                finding = self._check_single(
                    tokens, local, records, binding, i, value, fields, said_of, evidence
                )
                said_of.add(key)
                if finding is not None:
                    yield finding
            i += 1

    def _field_before(self, tokens: list[_Token], i: int) -> tuple[str, ...]:
        """Fields named by a label just before the number ("Economy Price: $131")."""
        k = i - 1
        while k >= 0 and tokens[k].sentence == tokens[i].sentence and tokens[k].text in _LABEL_MARKS:
            k -= 1
        words: list[str] = []
        while k >= 0 and tokens[k].sentence == tokens[i].sentence and len(words) < _LOOKAHEAD:
            text = tokens[k].text.casefold()
            if not text[0].isalpha():
                break
            words.insert(0, text)
            k -= 1
        # The whole label, not its tail: "Available Seats in Economy: 12" is no "Economy" price.
        return self._labels.get(tuple(words), ())

    def _bind_in_paragraph(
        self,
        answer: str,
        tokens: list[_Token],
        mentions: list[_Mention],
        i: int,
        records: Sequence[Record],
        fields: Sequence[str],
        value: float | None = None,
    ) -> _Binding | None:
        """For a labelled value in a listing: the nearest earlier mention of the paragraph whose
        record has the field ("**Flight HAT028** ... - Economy Price: $131"). None when no
        mention of the paragraph binds it, or when any record named in the paragraph holds the
        value in that field ("**Flight HAT136 & HAT039** ... Available Seats: 14" is HAT136's).
        ``mentions`` are those of the number's paragraph."""
        found: _Binding | None = None
        # Running totals per field over the entities named so far, nearest first: a price
        # under "HAT134 to PHX and HAT045 to SEA" is the two flights' prices added.
        totals: dict[str, float] = {}
        seen: set[frozenset[int]] = set()
        for mention in reversed([m for m in mentions if m.last < i]):
            if not mention.records:
                break
            holders = [
                records[r] for r in mention.records if any(records[r].number(f) is not None for f in fields)
            ]
            holders = _narrowed(answer, tokens, mention.first, holders)
            if not holders:
                continue
            if value is not None and any(_same(r.number(f), value) for r in holders for f in fields):
                return None
            if mention.records not in seen:
                seen.add(mention.records)
                for f in fields:
                    own = holders[0].number(f)
                    totals[f] = totals.get(f, 0.0) + (own or 0.0)
                if value is not None and len(seen) > 1 and any(_same(t, value) for t in totals.values()):
                    return None
            if found is None:
                same = tokens[mention.last].sentence == tokens[i].sentence
                found = _Binding(
                    mention.records,
                    i - mention.last if same else FAR_TOKENS + 1,
                    False,
                    mention.text,
                    mention.first,
                )
        return found

    def _value(self, tokens: list[_Token], i: int) -> float | None:
        text = tokens[i].text
        if text[0].isdigit():
            if i > 0 and tokens[i - 1].text == "#":
                return None  # "#3": a rank or an item number, not a value
            return as_number(text)
        return self._number_words.get(text.casefold())

    @staticmethod
    def _pair_end(tokens: list[_Token], i: int) -> int | None:
        """Index of the second number of "N-M", "N - of - M" or "N of M", else None."""
        if not tokens[i].text[0].isdigit():
            return None
        j = i + 1
        if j < len(tokens) and tokens[j].text in _DASHES:
            j += 1
            if (
                j + 1 < len(tokens)
                and tokens[j].text.casefold() in _PAIR_WORDS
                and tokens[j + 1].text in _DASHES
            ):
                j += 2
        elif j < len(tokens) and tokens[j].text.casefold() in _PAIR_WORDS:
            j += 1
        else:
            return None
        if (
            j < len(tokens)
            and tokens[j].sentence == tokens[i].sentence
            and tokens[j].text[0].isdigit()
            and as_number(tokens[j].text) is not None
        ):
            return j
        return None

    def _field_after(
        self, tokens: list[_Token], j: int, multiword: bool = False, comma: bool = False
    ) -> tuple[tuple[str, ...], int]:
        """The fields named by the phrase starting at token ``j`` (dashes and fillers skipped;
        with ``comma``, one leading comma too: "outscored them 37-20, in the fourth quarter")."""
        if not self._aliases:
            return (), j
        words: list[str] = []
        k = j
        sentence = tokens[j - 1].sentence if j > 0 else 0
        if comma and k < len(tokens) and tokens[k].text == "," and tokens[k].sentence == sentence:
            k += 1
        while k < len(tokens) and len(words) < _LOOKAHEAD and tokens[k].sentence == sentence:
            text = tokens[k].text.casefold()
            if text not in _DASHES:
                if text in (",", "(", ")") or (text[0].isdigit() and words):
                    break
                words.append(text)
            k += 1
        skipped = 0
        while skipped < len(words) and words[skipped] in self._fillers:
            skipped += 1
        # The phrase as written first ("of their last"), then without its fillers ("a pair of steals").
        for start in dict.fromkeys((0, skipped)):
            for length in range(min(self._alias_len, len(words) - start), 1 if multiword else 0, -1):
                key = tuple(words[start : start + length])
                if key in self._aliases:
                    return self._aliases[key], k
        return (), k

    def _phrase_at(self, tokens: list[_Token], i: int) -> bool:
        """Does a field phrase of two words or more start at token ``i`` itself?"""
        fields, _end = self._field_after(tokens, i, multiword=True)
        return bool(fields)

    def _skipped(self, tokens: list[_Token], binding: _Binding, i: int) -> bool:
        """A skip word ("averaging") between the entity and the number: not this game's value."""
        if not self._skip_words:
            return False
        first = max(0, i - binding.distance)
        return any(t.text.casefold() in self._skip_words for t in tokens[first:i])

    def _bind(
        self,
        tokens: list[_Token],
        mentions: list[_Mention],
        i: int,
        records: Sequence[Record] = (),
        fields: Sequence[str] = (),
    ) -> _Binding | None:
        """The entity the number at token ``i`` is attributed to.

        The nearest preceding mention in the sentence, except that a field phrase picks the
        nearest mention whose record has the field, in the profile's order of preference:
        in "Davis led the way for the Pelicans with 34 points", "points" names a player's
        field before a team's, so 34 is Davis's.
        """
        sentence = tokens[i].sentence
        before = [m for m in mentions if m.last < i]
        if not before:
            return None
        nearest = before[-1]
        if not nearest.records:
            return None  # about a name no record carries: reported as that name
        carried = tokens[nearest.last].sentence != sentence
        if carried and tokens[nearest.last].sentence != sentence - 1:
            return None
        if not carried and fields:
            same = [m for m in reversed(before) if tokens[m.last].sentence == sentence and m.records]
            for name in fields:
                for mention in same:
                    if any(records[r].number(name) is not None for r in mention.records):
                        return _Binding(mention.records, i - mention.last, False, mention.text, mention.first)
        return _Binding(nearest.records, i - nearest.last, carried, nearest.text, nearest.first)

    # ------------------------------------------------------------------ checks
    def _check_single(
        self,
        tokens: list[_Token],
        mentions: list[_Mention],
        records: Sequence[Record],
        binding: _Binding,
        i: int,
        value: float,
        fields: tuple[str, ...],
        said_of: AbstractSet[tuple[int, frozenset[int], tuple[str, ...]]] = frozenset(),
        evidence: Evidence | None = None,
    ) -> Finding | None:
        bound = [records[r] for r in sorted(binding.records)]
        singles = tuple(f for f in fields if "/" not in f)
        if fields and not singles:
            return None  # a pair phrase after a lone number: not a shape we read
        if len(singles) == 1 and singles[0].startswith(_RANK):
            return self._check_rank(tokens, records, binding, i, value, singles[0][len(_RANK) :])
        if singles == (_BEYOND,) or self._skipped(tokens, binding, i):
            return self._other_games(tokens, records, binding, i, singles)
        # Any entity named earlier in the sentence may be the one meant ("Davis led the way
        # for the Pelicans with 34 points"): the number must fit none of them.
        sentence = tokens[i].sentence
        others = {
            r
            for m in mentions
            if m.last < i
            and tokens[m.last].sentence == sentence
            and (sentence, m.records, singles) not in said_of
            for r in m.records
        } - binding.records
        if singles and any(_same(records[r].number(f), value) for r in others for f in singles):
            return None
        if singles:
            holders = [r for r in bound if any(r.number(f) is not None for f in singles)]
            bound = _narrowed(evidence.answer if evidence else "", tokens, binding.at, holders)
            relevant = [(r, f) for r in bound for f in singles if r.number(f) is not None]
            if not relevant:
                return None  # the entity has no such field (a team named before a player's stat)
            if any(_same(r.number(f), value) for r, f in relevant):
                return None
            margins = tuple(f for f in singles if (f, f) in self._pairs)
            if _difference(records, margins, value):
                return None  # a margin between two records' scores: "a 6-point win"
            if self._following_matches(tokens, mentions, records, i, singles, value):
                return None
            # Several records under one name that agree on these fields (a flight listed once
            # per itinerary it is in) are one reading, not an ambiguity.
            agree = len({tuple(r.values.get(f) for f in singles) for r in bound}) == 1
            confidence = self._confidence(binding, agree)
            said = "; ".join(dict.fromkeys(f"{r.label}: {f}={r.values[f]}" for r, f in relevant))
        else:
            if not tokens[i].text[0].isdigit() or value < self._min_value:
                return None
            if value.is_integer() and abs(value) <= _STRUCTURAL_MAX and not self._unbound_numbers:
                return None  # "Flight 2", "option 3": numbering, not a quantity
            if not self._unbound_numbers and not _in_clause(tokens, binding, i):
                return None  # "... Ivan Garcia\n- $209 was charged": nothing binds it
            if (
                not self._unbound_numbers
                and evidence is not None
                and _explained(evidence, tokens[i].text, value)
            ):
                # Without a field word nothing says which of the record's values it should
                # be; a number the turn explains (a policy's "24 hours", 2 x a fare) is the
                # presence check's to judge, not a misattribution.
                return None
            if any(_same(v, value) for r in bound for _f, v in r.numeric_fields()):
                return None
            if any(_same(v, value) for r in others for _f, v in records[r].numeric_fields()):
                return None
            confidence = min(CONF_NO_FIELD, self._confidence(binding))
            said = "; ".join(f"{r.label}: no field holds {_fmt(value)}" for r in bound[:3])
        anywhere = any(_same(v, value) for r in records for _f, v in r.numeric_fields())
        # With a field, the record states that field's value, so the number contradicts it;
        # without one, a number no record holds at all is only unverified.
        kind = "misattributed_value" if singles or anywhere else "unverified_number"
        token = tokens[i]
        what = f"{binding.mention}'s {'/'.join(singles)}" if singles else binding.mention
        return Finding(
            kind=kind,
            detector=self.id,
            identifier=token.text,
            confidence=confidence,
            severity=severity_for(confidence),
            span=(token.start, token.end),
            reason=f"{token.text} is given as {what}, but the record says {said}",
            evidence={
                "category": "NUMBER",
                "entity": binding.mention,
                "fields": list(singles),
                "record": said,
                "binding": _binding_note(binding),
            },
        )

    def _check_rank(
        self,
        tokens: list[_Token],
        records: Sequence[Record],
        binding: _Binding,
        i: int,
        rank: float,
        name: str,
    ) -> Finding | None:
        """Is the entity really ``rank``-th by ``name`` among the records of its group?"""
        groups = _groups(records)
        for r in sorted(binding.records):
            own = records[r].number(name)
            mine = groups.get(r)
            if own is None or not mine:
                continue
            peers = [v for k, g in groups.items() if g == mine and (v := records[k].number(name)) is not None]
            best, worst = 1 + sum(v > own for v in peers), sum(v >= own for v in peers)
            if best <= rank <= worst:
                return None
            token = tokens[i]
            group = ", ".join(sorted(records[g].label for g in mine))
            said = f"{records[r].label}: {name}={records[r].values[name]}, rank {best} in {group}"
            return Finding(
                kind="misattributed_value",
                detector=self.id,
                identifier=token.text,
                confidence=CONF_FAR,
                severity=severity_for(CONF_FAR),
                span=(token.start, token.end),
                reason=(
                    f"{token.text} is given as {binding.mention}'s rank by {name}, but the record says {said}"
                ),
                evidence={"category": "NUMBER", "entity": binding.mention, "fields": [name], "record": said},
            )
        return None

    def _other_games(
        self,
        tokens: list[_Token],
        records: Sequence[Record],
        binding: _Binding,
        i: int,
        fields: tuple[str, ...],
    ) -> Finding | None:
        """A figure about other games or a season ("averaging 21 points"): no record here backs it."""
        if not fields:
            return None
        token = tokens[i]
        value = (
            as_number(token.text)
            if token.text[0].isdigit()
            else self._number_words.get(token.text.casefold())
        )
        if value is None or any(_same(records[r].number(f), value) for r in binding.records for f in fields):
            return None  # "a season-high 106 points" that is this occasion's own value
        return Finding(
            kind="unverified_number",
            detector=self.id,
            identifier=token.text,
            confidence=CONF_OTHER_GAMES,
            severity=severity_for(CONF_OTHER_GAMES),
            span=(token.start, token.end),
            reason=(
                f"{token.text} is a figure about {binding.mention} beyond these records "
                "(an average or a total over other occasions); no tool result backs it"
            ),
            evidence={"category": "NUMBER", "entity": binding.mention, "fields": list(fields)},
        )

    def _following_matches(
        self,
        tokens: list[_Token],
        mentions: list[_Mention],
        records: Sequence[Record],
        i: int,
        fields: tuple[str, ...],
        value: float,
    ) -> bool:
        for mention in mentions:
            if mention.first > i and mention.first - i <= _FOLLOWING_WINDOW and mention.records:
                if tokens[mention.first].sentence != tokens[i].sentence:
                    return False
                return any(_same(records[r].number(f), value) for r in mention.records for f in fields)
        return False

    def _check_pair(
        self,
        tokens: list[_Token],
        records: Sequence[Record],
        binding: _Binding | None,
        i: int,
        j: int,
        a: float,
        b: float,
    ) -> Iterator[Finding]:
        fields, _end = self._field_after(tokens, j + 1, comma=True)
        labelled = [tuple(f.split("/", 1)) for f in fields if "/" in f]
        bound = [records[r] for r in sorted(binding.records)] if binding else []
        across = [fa for fa, fb in labelled if fa == fb]
        if across:
            yield from self._check_across(tokens, records, i, j, a, b, across)
            return
        if labelled:
            if not bound:
                return
            options = [
                (r, fa, fb)
                for r in bound
                for fa, fb in labelled
                if r.number(fa) is not None and r.number(fb) is not None
            ]
            if not options or any(_same(r.number(fa), a) and _same(r.number(fb), b) for r, fa, fb in options):
                return
            assert binding is not None
            r, fa, fb = max(options, key=lambda o: _same(o[0].number(o[1]), a) + _same(o[0].number(o[2]), b))
            confidence = self._confidence(binding)
            yield from self._pair_findings(
                tokens, records, i, j, a, b, r, fa, fb, r, confidence, binding.mention
            )
            return
        if not self._pairs:
            return
        # Unlabelled: any declared pair that explains both numbers clears it.
        candidates: list[tuple[int, Record, str, str, Record]] = []
        scope = bound or list(records)
        for fa, fb in self._pairs:
            if fa == fb:
                holders = [r for r in records if as_number(r.values.get(fa)) is not None]
                for r1 in holders:
                    for r2 in holders:
                        if r1 is r2:
                            continue
                        score = _same(r1.number(fa), a) + _same(r2.number(fa), b)
                        if score == 2:
                            return
                        candidates.append((score, r1, fa, fb, r2))
            else:
                for r in scope:
                    if fa in r.values and fb in r.values:
                        score = _same(r.number(fa), a) + _same(r.number(fb), b)
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
                yield from self._pair_findings(
                    tokens, records, i, j, a, b, r1, fa, fb, r2, CONF_PAIR, binding.mention
                )
                return
        half = [c for c in candidates if c[0] == 1]
        # A score read either way round is one reading; keep the one whose first number fits.
        readings: dict[tuple[frozenset[str], str, str], tuple[int, Record, str, str, Record]] = {}
        for c in sorted(half, key=lambda c: not _same(c[1].number(c[2]), a)):
            readings.setdefault((frozenset((c[1].where, c[4].where)), c[2], c[3]), c)
        if len(readings) != 1:
            return  # nothing half-matches, or several readings do: not sure what it claims
        _score, r1, fa, fb, r2 = next(iter(readings.values()))
        yield from self._pair_findings(tokens, records, i, j, a, b, r1, fa, fb, r2, CONF_PAIR, "")

    def _check_across(
        self,
        tokens: list[_Token],
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
                    score = 2 * _same(r1.number(name), a) + 2 * _same(r2.number(name), b)
                    if score == 4:
                        return
                    score += _same(r1.number(name), a)  # prefer the reading whose first number fits
                    if best is None or score > best[0]:
                        best = (score, r1, name, r2)
        if best is None:
            return
        _score, r1, name, r2 = best
        yield from self._pair_findings(tokens, records, i, j, a, b, r1, name, name, r2, CONF_PAIR, "")

    def _pair_findings(
        self,
        tokens: list[_Token],
        records: Sequence[Record],
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
            if _same(record.number(name), value):
                continue
            token = tokens[index]
            yield Finding(
                kind="misattributed_value",  # the record states both values of the pair
                detector=self.id,
                identifier=token.text,
                confidence=confidence,
                severity=severity_for(confidence),
                span=(token.start, token.end),
                reason=f"{token.text} in {pair_text} does not match the record: {said}",
                evidence={
                    "category": "NUMBER",
                    "entity": entity,
                    "fields": [fa, fb],
                    "record": said,
                },
            )

    @staticmethod
    def _confidence(binding: _Binding, agree: bool = False) -> float:
        if binding.carried:
            return CONF_CARRIED
        if len(binding.records) > 1 and not agree:
            return CONF_AMBIGUOUS
        if binding.distance > FAR_TOKENS:
            return CONF_FAR
        return CONF_BOUND


# ---------------------------------------------------------------------- helpers
def _not_value_tokens(evidence: Evidence, tokens: list[_Token]) -> set[int]:
    """Indices of digit tokens that are not quantities: parts of a date, a time, a year, a
    code or an ordinal as ``nofab.numbers.numerals`` reads the answer, of a slashed date ("10/04"),
    or of an identifier ("ABC-123")."""
    # Numerals do not overlap: sorted by start, the one that may hold a token is found by bisection
    # (a long answer full of dates stays linear-logarithmic).
    spans = sorted(n.span for n in evidence.numerals if n.kind in _NOT_VALUES)
    starts = [start for start, _end in spans]
    out: set[int] = set()
    for index, token in enumerate(tokens):
        if not token.text[0].isdigit():
            continue
        k = bisect_right(starts, token.start) - 1
        if k >= 0 and token.end <= spans[k][1]:
            out.add(index)
            continue
        for step in (-1, 1):
            mark, other = index + step, index + 2 * step
            if not (0 <= other < len(tokens)) or not _glued(tokens, index, mark, other, step):
                continue
            if tokens[mark].text == "/" and tokens[other].text[0].isdigit():
                out.update((index, other))  # "10/04", "12/25/2024"
            elif tokens[mark].text in _DASHES and _CODE_PART.match(tokens[other].text):
                out.add(index)  # "ABC-123", "HAT-069"
    return out


def _narrowed(answer: str, tokens: list[_Token], at: int, candidates: list[Record]) -> list[Record]:
    """Records sharing one name narrowed to those whose other values the sentence of token
    ``at`` also states: "Flight HAT023 on 2024-05-26" is the HAT023 record of that date."""
    if len(candidates) < 2 or not 0 <= at < len(tokens):
        return candidates
    sentence = tokens[at].sentence
    first = last = at
    while first > 0 and at - first < _NARROW_WINDOW and tokens[first - 1].sentence == sentence:
        first -= 1
    while last + 1 < len(tokens) and last - at < _NARROW_WINDOW and tokens[last + 1].sentence == sentence:
        last += 1
    text = answer[tokens[first].start : tokens[last].end]
    stated = [
        sum(
            1
            for v in record.values.values()
            if len(v) >= 3 and as_number(v) is None and re.search(rf"(?<!\w){re.escape(v)}(?!\w)", text)
        )
        for record in candidates
    ]
    best = max(stated)
    return [r for r, n in zip(candidates, stated, strict=True) if n == best] if best else candidates


def _explained(evidence: Evidence, text: str, value: float) -> bool:
    """Does the turn's evidence hold ``value`` (as written), derive it from one tool result,
    or hold it divided by a small count the answer or the user mentions ("2 passengers")?"""
    decimals = len(text.split(".", 1)[1]) if "." in text else 0
    if evidence.numbers.explains(value, decimals):
        return True
    half = 0.5 * 10.0**-decimals * (1 + 1e-9)
    lo, hi = abs(value) - half, abs(value) + half
    if any(derivable.derive(lo, hi) for _label, derivable in evidence.derivables):
        return True
    counts = {int(n.value) for n in evidence.numerals if n.kind == "number" and n.value.is_integer()}
    words = re.findall(r"[a-z]+", f"{evidence.turn.user_message} {evidence.answer}".lower())
    counts.update(_COUNT_WORDS[w] for w in words if w in _COUNT_WORDS)
    return any(evidence.numbers.near(lo / k, hi / k) for k in counts if 2 <= k <= 9)


def _glued(tokens: list[_Token], index: int, mark: int, other: int, step: int) -> bool:
    """No space between tokens ``index``, ``mark`` and ``other`` (in that direction)."""
    a, b, c = (index, mark, other) if step > 0 else (other, mark, index)
    return tokens[a].end == tokens[b].start and tokens[b].end == tokens[c].start


def _in_clause(tokens: list[_Token], binding: _Binding, i: int) -> bool:
    """Is the bound entity named in the number's own clause (same sentence, no comma between)?"""
    if binding.carried or binding.distance > FAR_TOKENS:
        return False
    return not any(t.text in _CLAUSE_BREAKS for t in tokens[max(0, i - binding.distance) : i])


def _tokenize(answer: str) -> list[_Token]:
    out: list[_Token] = []
    sentence = 0
    previous_end = 0
    for match in _TOKEN.finditer(answer):
        if "\n" in answer[previous_end : match.start()] and out:
            sentence += 1
        out.append(_Token(match.group(), match.start(), match.end(), sentence))
        if match.group() in _SENTENCE_END:
            sentence += 1
        previous_end = match.end()
    return out


def _phrase(text: str) -> tuple[str, ...]:
    return tuple(t.casefold() for t in _TOKEN.findall(text) if t not in _DASHES)


def _link(text: str) -> tuple[str, ...]:
    """A linking phrase as ``_words_before`` reads the text: folded, without "the"."""
    return tuple(w for w in _phrase(text) if w != "the")


def _name_forms(name: str) -> Iterator[str]:
    """The full name, and the last word of a multi-word name ("Gay" for "Rudy Gay")."""
    name = " ".join(name.split())
    if len(name) < 2:
        return
    yield name
    words = name.split(" ")
    if len(words) > 1 and len(words[-1]) >= 3 and words[-1][0].isupper():
        yield words[-1]


def _alternation(forms: Mapping[str, object] | Sequence[str]) -> re.Pattern[str] | None:
    names = sorted({f for f in forms if f.strip()}, key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


def _merge(mentions: list[_Mention], tokens: list[_Token]) -> list[_Mention]:
    """Join adjacent mentions of the same record ("Los Angeles" + "Lakers")."""
    mentions = sorted(mentions, key=lambda m: (m.first, -m.last))
    out: list[_Mention] = []
    for mention in mentions:
        if out and mention.first <= out[-1].last:
            continue  # inside a longer match
        if out and mention.first == out[-1].last + 1:
            common = out[-1].records & mention.records
            if common:
                prev = out[-1]
                out[-1] = _Mention(prev.first, mention.last, common, f"{prev.text} {mention.text}")
                continue
        out.append(mention)
    return out


def _joined(answer: str, tokens: list[_Token], left: int, right: int) -> bool:
    """Are tokens ``left`` and ``right`` one name: same sentence, a single space between?"""
    return (
        left >= 0
        and right < len(tokens)
        and tokens[left].sentence == tokens[right].sentence
        and answer[tokens[left].end : tokens[right].start] == " "
    )


def _groups(records: Sequence[Record]) -> dict[int, set[int]]:
    """record -> the records it belongs to: those named by one of its (non-name) values.

    A player row whose ``TEAM_CITY`` is "Washington" belongs to the team record named
    "Washington". Only values naming exactly one record count.
    """
    owners: dict[str, set[int]] = {}
    for index, record in enumerate(records):
        for _field, name in record.names:
            owners.setdefault(name, set()).add(index)
    out: dict[int, set[int]] = {}
    for index, record in enumerate(records):
        for text in record.values.values():
            found = owners.get(text.strip())
            if found and len(found) == 1 and index not in found:
                out.setdefault(index, set()).update(found)
    return out


def _words_before(tokens: list[_Token], first: int, limit: int = 5) -> tuple[str, ...]:
    """Up to ``limit`` folded words just before token ``first`` in its sentence (no "the", no dashes)."""
    out: list[str] = []
    k = first - 1
    while k >= 0 and len(out) < limit and tokens[k].sentence == tokens[first].sentence:
        text = tokens[k].text.casefold()
        if text not in _DASHES and text != "the":
            out.append(text)
        k -= 1
    return tuple(reversed(out))


def _ends_with(words: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    return len(phrase) <= len(words) and words[len(words) - len(phrase) :] == phrase


def _same(x: float | None, y: float) -> bool:
    """The record value ``x`` is what the answer wrote as ``y``, allowing display rounding
    to the decimals written (42.7333 is "42.73"; 42.7333 is also "43")."""
    if x is None:
        return False
    if abs(x - y) < 1e-9:
        return True
    if float(x).is_integer():
        return False
    text = repr(float(y))
    decimals = 0 if "e" in text or text.endswith(".0") else len(text.split(".")[1])
    return abs(x - y) <= 0.5 * 10.0**-decimals + 1e-9


def _difference(records: Sequence[Record], fields: tuple[str, ...], value: float) -> bool:
    for name in fields:
        values = [v for r in records if (v := r.number(name)) is not None]
        if len(values) > 40:
            continue
        if any(_same(abs(x - y), value) for x in values for y in values):
            return True
    return False


def _fmt(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)


def _binding_note(binding: _Binding) -> str:
    if binding.carried:
        return "entity named in the previous sentence"
    if len(binding.records) > 1:
        return f"name shared by {len(binding.records)} records"
    return f"entity named {binding.distance} tokens before"


__all__ = ["AttributionDetector"]

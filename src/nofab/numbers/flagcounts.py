"""A small count labelled with a state the records are in ("4 of them are still unread",
"5 rappels encore à faire", "3 Aufgaben sind erledigt"), held against the number of records
of a result list in that state.

Bare integers up to a dozen are left alone by the number check, and a count of a list's
items (``nofab.numbers.listcounts``) lets a smaller count pass as a part. A part named by a
state is itself a grounded count, though: for a list of records that carry a flag
("unread": true, "completed": false) or a short status ("status": "pending"), the number of
records per state is a fact the tools returned.

Principle: a count whose clause labels it with a word naming a state (``states`` in
``flag_counts.json``: unread/read, open/pending/to do, done/completed, cancelled, in five
languages; a negation right before the word turns it into its opposite: "not done" is
open, "non lus" unread) must equal the number of records in that state of one result list
whose records carry the state's field, or of all such lists together, or a count field the
results give under the state's name ("unread_count": 12). A larger count is a finding: no
selection the answer makes can hold more records in a state than the results hold. A
smaller one is a finding only when its sentence names no other filter that makes it a part
of the part (``partial`` in ``counted_lists.json``: "from Dana", "about"...; a period,
``periods``: "this week", "demain"; a date or a time), so a count of the unread e-mails of
one sender passes; ``nofab.numbers.listcounts`` leaves a labelled count to this check.
The label must follow the count in its clause (within ``WINDOW`` words, before a comma, a
bracket, another number or a clause break, and before a preposition that ties it to another
noun: "3 e-mails about the cancelled trip"), or head the line before a colon ("Unread: 4").
A count right after "of"/"sur"/"von" ("3 of the 5 are unread") is the whole a part is taken
of, not the labelled count. A list whose record a later call of the turn names (a
reminder read, then completed) is not counted: its states may have changed since.

Risk: a filter the answer applies without a word the lexicon knows ("3 need a reply"), or
one the tool applied that the answer does not say (a list already cut to one sender,
counted by state over another list of the turn); a list that is a page of a longer one
(kept silent for larger counts when a count field beside it says more exist); a state word
that labels another noun within the window; a state changed by a call that names no record
(none is then known to have changed); status values the lexicon lacks (a list carries a
status field only when one of its values is a known state, so "available" seats are never
counted).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from nofab.language import vocabulary
from nofab.language.text import normalise
from nofab.model.finding import Finding
from nofab.numbers.recordnames import KEY_PART

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The confidence of a labelled count the records' states contradict (a counted noun's).
CONFIDENCE_FLAG_COUNT = 0.8
#: Words read after a count for its label.
WINDOW = 6
#: How deep a result is walked for lists of records, and how many values are read.
MAX_DEPTH = 4
MAX_VALUES = 20000
#: Characters of a count's clause read at most (a hostile answer without punctuation).
MAX_CLAUSE = 300
#: A status value longer than this is prose, not a state.
MAX_STATUS = 24

_WORD = re.compile(r"[^\W\d_]+(?:['’.-][^\W\d_]+)*\.?")
#: Where the clause of a count ends: punctuation, a bracket, a dash, a line end or a digit.
_CLAUSE_END = re.compile(r"[.,;:!?()\[\]{}\n—–|]|\d")


class Words:
    """The lexicon, compiled: phrases per state, and the word sets of every language."""

    def __init__(self) -> None:
        data = vocabulary.load("flag_counts")
        self.states: dict[str, dict[str, Any]] = data["states"]
        phrases: dict[tuple[str, ...], str] = {}
        for state, table in self.states.items():
            for forms in table["words"].values():
                for form in forms:
                    phrases.setdefault(tuple(tokens(form)), state)
        self.phrases = phrases
        self.longest = max(len(p) for p in phrases)
        self.status_keys = frozenset(data["status_keys"])
        self.negations = _all(data["negations"])
        self.blockers = _all(data["blockers"])
        self.breaks = _all(data["clause_breaks"])
        self.stops = self.blockers | self.breaks
        self.whole = frozenset(tuple(tokens(w)) for ws in data["whole"].values() for w in ws)
        self.selection = frozenset(tuple(tokens(w)) for ws in data["selection"].values() for w in ws)
        self.ranking = _all(data["ranking"])
        parts = vocabulary.load("counted_lists")
        self.partial = _all(parts["partial"]) - {w for p in phrases for w in p} - self.whole_words()
        self.count_keys = frozenset(parts["count_keys"])
        self.periods = frozenset(tuple(tokens(w)) for ws in data["periods"].values() for w in ws)

    def whole_words(self) -> frozenset[str]:
        return frozenset(w for p in self.whole for w in p)

    def opposite(self, state: str) -> str:
        return str(self.states[state]["opposite"])

    def state_of(self, key_words: str, value: Any) -> str | None:
        """The state a record's field says it is in ("completed", False -> "open"), if any."""
        for state, table in self.states.items():
            flag = table["fields"].get(key_words)
            if isinstance(value, bool) and flag is not None:
                return state if value == flag else self.opposite(state) or None
        if isinstance(value, str) and key_words in self.status_keys and len(value) <= MAX_STATUS:
            said = " ".join(tokens(value.replace("_", " ")))
            for state, table in self.states.items():
                if said in table["statuses"]:
                    return state
        return None

    def family(self, key_words: str, value: Any) -> set[str]:
        """The states a field speaks of, whatever its value: a flag's state and its opposite
        ("completed": open and done; "cancelled": cancelled alone), a status's known state and
        its opposite; none for any other field."""
        for state, table in self.states.items():
            if isinstance(value, bool) and key_words in table["fields"]:
                return {state, self.opposite(state)} - {""}
        known = self.state_of(key_words, value)
        return {known, self.opposite(known)} - {""} if known else set()


def tokens(text: str) -> list[str]:
    """The words of ``text``, lower case, with their apostrophes, hyphens and inner dots."""
    return [normalise(m.group().rstrip(".")) for m in _WORD.finditer(text)]


def _all(table: dict[str, list[str]]) -> frozenset[str]:
    return frozenset(normalise(w) for words in table.values() for w in words)


@cache
def words() -> Words:
    return Words()


def _key_words(key: str) -> str:
    return "_".join(p.lower() for p in KEY_PART.findall(key))


class HeldStates:
    """Per state, the number of records in it of each result list whose records carry its
    field, their totals, the count fields named by a state, and whether a list is a page."""

    def __init__(self, evidence: Evidence) -> None:
        self.per_list: dict[str, list[int]] = {}
        self.fields: dict[str, set[float]] = {}
        self.paged = False
        self._later: frozenset[str] = frozenset()
        self._read = 0
        calls = evidence.turn.tool_calls
        for i, call in enumerate(calls):
            if not call.failed and call.result is not None:
                self._later = _strings(c.parsed_arguments for c in calls[i + 1 :])
                self._walk(call.parsed_result, 0)

    def _walk(self, value: Any, depth: int) -> None:
        if depth > MAX_DEPTH or self._read > MAX_VALUES:
            return
        if isinstance(value, list):
            self._add_list(value)
            for item in value[:200]:
                if isinstance(item, dict | list):
                    self._walk(item, depth + 1)
        elif isinstance(value, dict):
            lists = [v for v in value.values() if isinstance(v, list) and v]
            for key, item in value.items():
                self._read += 1
                kw = _key_words(str(key))
                if isinstance(item, int | float) and not isinstance(item, bool):
                    self._count_field(kw, float(item), lists)
                elif isinstance(item, dict | list):
                    self._walk(item, depth + 1)

    def _count_field(self, kw: str, number: float, lists: list[list[Any]]) -> None:
        lexicon, parts = words(), set(kw.split("_"))
        for state, table in lexicon.states.items():
            names = [*table["statuses"], *(k for k, flag in table["fields"].items() if flag is True)]
            if any(set(tokens(w.replace("_", " "))) <= parts for w in names):
                self.fields.setdefault(state, set()).add(number)
        if parts & lexicon.count_keys and any(number > len(items) for items in lists):
            self.paged = True  # a page of a longer list: its states say nothing of the rest

    def _add_list(self, items: list[Any]) -> None:
        lexicon = words()
        counts: dict[str, int] = {}
        carried: set[str] = set()
        for item in items:
            if not isinstance(item, dict):
                return
            if self._later and any(isinstance(v, str) and v in self._later for v in item.values()):
                return  # a later call of the turn named this record: its state may have changed
            for key, value in list(item.items())[:64]:
                self._read += 1
                kw = _key_words(str(key))
                family = lexicon.family(kw, value)
                if not family:
                    continue
                carried |= family
                state = lexicon.state_of(kw, value)
                if state:
                    counts[state] = counts.get(state, 0) + 1
        for state in carried:
            self.per_list.setdefault(state, []).append(counts.get(state, 0))

    def grounds(self, state: str, count: int) -> bool:
        held = self.per_list.get(state, [])
        return count in held or count == sum(held) or count in self.fields.get(state, set())


def _strings(values: Iterable[Any]) -> frozenset[str]:
    """The string values of the arguments of calls (one level of nesting, lists included)."""
    out: set[str] = set()
    for value in values:
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        for item in items:
            out.update(v for v in (item if isinstance(item, list) else [item]) if isinstance(v, str))
    return frozenset(out)


def _label(lower: str, start: int, end: int) -> str | None:
    """The state the clause after the count at ``start:end`` labels it with, or None."""
    lexicon = words()
    before = tokens(lower[max(0, start - 24) : start])
    if any(tuple(before[-n:]) in lexicon.whole for n in (1, 2) if len(before) >= n):
        return None
    limit = min(len(lower), end + MAX_CLAUSE)
    stop = _CLAUSE_END.search(lower, end, limit)
    clause = tokens(lower[end : stop.start() if stop else limit])[: WINDOW + lexicon.longest]
    for i in range(min(len(clause), WINDOW + 1)):
        for n in range(min(lexicon.longest, len(clause) - i), 0, -1):
            state = lexicon.phrases.get(tuple(clause[i : i + n]))
            if state is not None:
                negated = any(w in lexicon.negations or w.endswith("n't") for w in clause[max(0, i - 2) : i])
                return (lexicon.opposite(state) or None) if negated else state
        # a negation of one language is no preposition of another (Portuguese "no")
        if clause[i] in lexicon.stops and clause[i] not in lexicon.negations:
            return None
    line = lower.rfind("\n", 0, start) + 1
    head = lower[line:start].rstrip(" \t*_")
    if head.endswith(":") and len(tokens(head)) <= 4:
        found = [lexicon.phrases.get((w,)) for w in tokens(head)]
        return next((s for s in found if s), None)
    return None


def state_labelled(lower: str, span: tuple[int, int], held: HeldStates) -> bool:
    """Is the count at ``span`` labelled with a state the records of a result list carry (a
    part of a list named by its state: "3 reminders still to do")? Such a count is held
    against the records in that state here, not against the list's length. ``lower``: the
    answer through ``normalise``; ``held``: the turn's states (both read once by the caller)."""
    return _label(lower, *span) in held.per_list


def _narrowed(lower: str, sentence: tuple[int, int], dated: list[int]) -> bool:
    """Does the sentence name a filter besides the state: a word that makes a count a part
    (a sender, a topic), a period, a date or a time (``dated``: where the answer's dates and
    times start, sorted)? Asked once per sentence."""
    start, end = sentence
    said, lexicon = tokens(lower[start:end]), words()
    if set(said) & lexicon.partial:
        return True
    if any(tuple(said[i : i + n]) in lexicon.periods for i in range(len(said)) for n in (1, 2)):
        return True
    return bisect_left(dated, end) > bisect_left(dated, start)


def flag_count_findings(
    finding: Callable[..., Finding],
    evidence: Evidence,
    answer: str,
    counts: Iterable[tuple[int, tuple[int, int], str]],
) -> Iterator[Finding]:
    """``unverified_number`` findings for the answer's small ``counts`` (count, span, text)
    labelled with a state that no result list holds that many records in. ``answer`` is the
    answer with its emphasis blanked (same offsets)."""
    lower = normalise(answer)  # lower case with every offset kept
    held: HeldStates | None = None
    narrowed: dict[tuple[int, int], bool] = {}
    dated: list[int] = []
    for count, span, text in counts:
        state = _label(lower, *span)
        if state is None:
            continue
        held = held if held is not None else HeldStates(evidence)
        lists = held.per_list.get(state)
        if not lists or held.grounds(state, count):
            continue
        if count > sum(lists):
            if held.paged:
                continue
        else:
            sentence = evidence.sentence_at(span[0])
            if sentence not in narrowed:
                if not narrowed:
                    kinds = ("date", "time", "range")
                    dated = sorted(n.span[0] for n in evidence.numerals if n.kind in kinds)
                narrowed[sentence] = _narrowed(lower, sentence, dated)
            if narrowed[sentence]:
                continue  # a part of the part: "2 unread from Dana", "1 still to do this week"
        shown = ", ".join(str(n) for n in sorted(set(lists)))
        yield finding(
            "unverified_number",
            text,
            CONFIDENCE_FLAG_COUNT,
            span,
            f"{text} labelled {state}, but the results hold {shown} record(s) {state}",
            evidence={"literal_kind": "count", "state": state, "held": sorted(set(lists))},
        )


__all__ = ["CONFIDENCE_FLAG_COUNT", "HeldStates", "flag_count_findings", "state_labelled", "tokens", "words"]

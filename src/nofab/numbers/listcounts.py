"""A small count of the items of a result list ("I found 4 e-mails", "tienes 3
recordatorios"), held against the number of items the tools returned.

Bare integers up to a dozen are structural and left alone by the number check, and a
counted noun (``nofab.numbers.counted``) is held against a record's field that counts it.
The items of a list a tool returns (e-mails, messages, reminders, alarms, events, search
results ...) are counted by no field: the count is the list's length.

Principle: a small count right before a noun naming such items (``nouns`` in
``counted_lists.json``, five languages) states how many items the tools returned. The
lists that hold them are those under a key naming the noun ("emails": [...]) and a tool's
whole result when its name names the noun ("GetReminders" -> [...]) — any list for
"results". A count above every such list's length and their total (and any count field
beside them, "total": 57 for a page of 10) counts items no tool returned: a finding. A
smaller count may count a part ("3 unread e-mails", "2 from Dana"): it is a finding only
when its sentence holds no word that makes it a part (``partial``: filters, "other",
"of", "from" ...). A count the user message or the context says of that noun as written
is never a finding.

Risk: a count of items gathered by no list of the turn (a list shown in an earlier turn,
its tool call not carried) against an unrelated list of the same noun; a part counted in a
sentence whose filter word the lexicon lacks ("3 e-mails need a reply").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from nofab.language import vocabulary
from nofab.language.text import normalise
from nofab.model.finding import Finding
from nofab.numbers.described import introduced_block, items_told
from nofab.numbers.flagcounts import HeldStates, state_labelled
from nofab.numbers.recordnames import key_words

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The confidence of a count of list items the results contradict (a counted noun's).
CONFIDENCE_LIST_COUNT = 0.8
#: How deep a result is walked for lists under a key (results are untrusted input).
MAX_DEPTH = 3
#: At most this many keys are read per result.
MAX_KEYS = 2000

_NOUN_AFTER = re.compile(r"[\s*_]{1,4}([^\W\d_]+(?:-[^\W\d_]+)?)")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_NAME_RUN = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_]+(?:[ \t][A-ZÀ-ÖØ-Þ][^\W\d_]+){0,2}")
#: Lists longer than this are not read item by item for a named part.
MAX_ITEMS = 500


@cache
def _lexicon() -> tuple[dict[str, str], dict[str, frozenset[str]], frozenset[str], frozenset[str]]:
    """(noun form -> concept, concept -> key words, count key words, partial words)."""
    data = vocabulary.load("counted_lists")
    forms: dict[str, str] = {}
    for concept, table in data["nouns"].items():
        for words in table.values():
            for word in words:
                forms.setdefault(word.lower(), concept)
    keys = {concept: frozenset(words) for concept, words in data["keys"].items()}
    partial = frozenset(w.lower() for words in data["partial"].values() for w in words)
    return forms, keys, frozenset(data["count_keys"]), partial


def list_noun(answer: str, end: int) -> str | None:
    """The list-item noun right after the count ending at ``end`` ("4 **e-mails**"), as its
    concept, or None."""
    found = _NOUN_AFTER.match(answer, end)
    return _lexicon()[0].get(found.group(1).lower()) if found else None


class HeldLists:
    """The lengths of the result lists of each list noun, and the count fields beside them."""

    def __init__(self, evidence: Evidence) -> None:
        self.lengths: dict[str, list[int]] = {}
        #: the lists themselves, per concept (``nofab.numbers.described`` reads their items)
        self.lists: dict[str, list[list[Any]]] = {}
        self.totals: set[float] = set()
        keys = _lexicon()[1]
        for call in evidence.turn.tool_calls:
            if call.failed or call.result is None:
                continue
            named = {c for c, words in keys.items() if words & key_words(call.name)}
            result = call.parsed_result
            if isinstance(result, list):
                for concept in named | {"result"}:
                    self._add(concept, result)
            elif isinstance(result, dict):
                self._walk(result, named, 0, [0])

    def _add(self, concept: str, items: list[Any]) -> None:
        self.lengths.setdefault(concept, []).append(len(items))
        self.lists.setdefault(concept, []).append(items)

    def remaining(self, evidence: Evidence, concept: str) -> set[int]:
        """The lengths of the lists of ``concept`` less the items a successful acting call
        named by id (deleted, moved, cancelled: "you now have 2 events" after ModifyEvent
        moved one of 3 to another week).

        Principle: a list read back is the state before the calls that acted on its items; a
        count said after them counts what is left. Risk: an acting call that named an item
        without taking it off the list (a rename) makes a count one short pass."""
        acting = [c for c in evidence.succeeded_calls if not evidence.lexicon.reads_only(c)]
        if not acting:
            return set()
        named = {v for c in acting for v in _id_values(c.parsed_arguments)}
        out: set[int] = set()
        for items in self.lists.get(concept, ()):
            gone = sum(1 for i in items[:MAX_ITEMS] if isinstance(i, dict) and named & _id_values(i))
            if gone:
                out.add(len(items) - gone)
        return out

    def told_more(self, concept: str, block: str, count: int) -> bool:
        """Does ``block`` tell of more items of one list of ``concept`` than ``count``?"""
        return any(
            len(items) > count and items_told(block, items) > count for items in self.lists.get(concept, ())
        )

    def named_part(self, concept: str, sentence: str, count: int) -> bool:
        """Does ``sentence`` name a value (a capitalised name: a sender, a label) that exactly
        ``count`` items of one list of ``concept`` hold in a text field?

        Principle: a count whose sentence names a value some but not all items hold ("Priya
        Raman sent you 4 emails", "4 e-mails de Priya Raman") counts the items holding it, as
        a filter word would say. Risk: a name in the sentence for another reason that happens to
        be held by exactly that many items explains a wrong count."""
        runs = {m.group().casefold() for m in _NAME_RUN.finditer(sentence)}
        for items in self.lists.get(concept, ()):
            if len(items) <= count or len(items) > MAX_ITEMS:
                continue
            texts = [" ".join(str(v) for v in i.values()).casefold() for i in items if isinstance(i, dict)]
            if any(sum(run in t for t in texts) == count for run in runs):
                return True
        return False

    def _walk(self, obj: dict[Any, Any], named: set[str], depth: int, seen: list[int]) -> None:
        keys, count_keys = _lexicon()[1], _lexicon()[2]
        lists = [(k, v) for k, v in obj.items() if isinstance(v, list)]
        for key, value in obj.items():
            seen[0] += 1
            if seen[0] > MAX_KEYS:
                return
            parts = key_words(str(key))
            if isinstance(value, list):
                concepts = {c for c, words in keys.items() if words & parts}
                if len(lists) == 1:
                    concepts |= named  # the one list of a result the tool's name names
                for concept in concepts:
                    self._add(concept, value)
            elif isinstance(value, dict) and depth < MAX_DEPTH:
                self._walk(value, named, depth + 1, seen)
            elif isinstance(value, int | float) and not isinstance(value, bool) and parts & count_keys:
                self.totals.add(float(value))


def _id_values(obj: object) -> set[str]:
    """The string values of an object's top-level keys that end in "id" ("event_id")."""
    if not isinstance(obj, dict):
        return set()
    return {v for k, v in obj.items() if isinstance(v, str) and v and str(k).lower().endswith("id")}


def _said(evidence: Evidence, count: int, concept: str) -> bool:
    """Does the user message or a source say ``count`` of the noun as written ("4 e-mails")?"""
    forms = [f for f, c in _lexicon()[0].items() if c == concept]
    pattern = re.compile(rf"(?<![\d.,]){count}[\s*_]{{1,4}}(?:{'|'.join(map(re.escape, forms))})(?!\w)", re.I)
    return any(pattern.search(source.text) for source in evidence.sources if source.label != "answer")


def list_count_findings(
    finding: Callable[..., Finding], evidence: Evidence, counts: Iterable[tuple[int, tuple[int, int], str]]
) -> Iterator[Finding]:
    """``unverified_number`` findings for the answer's small ``counts`` (count, span, text) of
    list items that the results' lists contradict."""
    answer = evidence.answer
    held: HeldLists | None = None
    states: HeldStates | None = None
    lower = ""
    parts: dict[tuple[int, int], bool] = {}
    for count, span, text in counts:
        concept = list_noun(answer, span[1])
        if concept is None:
            continue
        held = held if held is not None else HeldLists(evidence)
        lengths = held.lengths.get(concept)
        if not lengths or count in lengths or count == sum(lengths) or count in held.totals:
            continue
        if count in held.remaining(evidence, concept):
            continue  # what is left after this conversation's calls took items off the list
        if count < sum(lengths):  # may count a part: only in a sentence that says no part
            start, end = evidence.sentence_at(span[0])
            if (start, end) not in parts:  # read once per sentence (one long sentence, many counts)
                said = {w.lower() for w in _WORD.findall(answer[start:end])}
                parts[start, end] = bool(said & _lexicon()[3])
            # ... unless the items it introduces are more than it counts (numbers/described.py)
            if parts[start, end] and not held.told_more(
                concept, introduced_block(answer, (start, end)), count
            ):
                continue
            if held.named_part(concept, answer[start:end], count):
                continue  # "Priya Raman sent you 4 emails": the items holding that name
            if states is None:
                states, lower = HeldStates(evidence), normalise(answer)
            if state_labelled(lower, span, states):
                continue  # a part named by a state of the records: numbers/flagcounts.py holds it
        if _said(evidence, count, concept):
            continue
        shown = ", ".join(str(n) for n in sorted(set(lengths)))
        yield finding(
            "unverified_number",
            text,
            CONFIDENCE_LIST_COUNT,
            span,
            f"{text} {concept}(s), but the results list {shown} {concept}(s)",
            evidence={"literal_kind": "count", "counted": concept, "held": sorted(set(lengths))},
        )


__all__ = ["CONFIDENCE_LIST_COUNT", "HeldLists", "list_count_findings", "list_noun"]

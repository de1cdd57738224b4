"""More items in the answer than the tool returned (``data_inflation``).

Two shapes are checked against the rows of this turn's tool results (a result that is a
list, or a list inside a result object such as ``{"orders": [...]}``):

- a list or table in the answer whose items are tool rows — at least one item cites a value
  that only one row holds (its id, flight number, name) — and that has more items than the
  rows of the lists it cites, where an extra item carries a value of the same shape as a
  real row's ("HAT999" beside "HAT175") or the same field labels: an invented row;
- a count phrase ("here are your 5 orders", "I found 7 results") whose noun names a list
  ("orders" -> a list under ``orders`` or from ``get_orders``) holding fewer rows.

Lists whose items cite no tool row (options, steps, advice) are never compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.evidence.toolstatus import status_for
from nofab.language.lexicon import tool_name_parts
from nofab.model.finding import Finding

# As high as the numbers detector's money findings, so that the list finding (which
# explains them) is the one kept where they overlap.
CONFIDENCE_LIST = 0.9
CONFIDENCE_COUNT = 0.8
#: Lists are looked for this deep inside a result object.
MAX_DEPTH = 3

_ITEM = re.compile(r"^([ \t]*)(?:\d{1,3}[.)]|[-*•+])[ \t]+\S")
_TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
_ANY_ITEM = re.compile(r"^[ \t]*(?:(?:\d{1,3}[.)]|[-*•+])[ \t]|\|)", re.M)
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{2,}")
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-./@]*[A-Za-z0-9]")
_LABEL = re.compile(r"\*\*([^*\n]{1,40}?):?\*\*|^[ \t]*(?:[-*•]|\d+[.)])?[ \t]*([A-Z][\w ]{1,30}):", re.M)
_WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
}  # fmt: skip
_COUNT = re.compile(
    r"\b(?:here\s+are|i\s+found|i['’]ve\s+found|we\s+found|found|there\s+are|you\s+have|it\s+returned|"
    r"returned|showing|listing)\s+(?:your\s+|the\s+|all\s+|these\s+)?(?P<n>\d{1,4}|"
    + "|".join(_WORD_NUMBERS)
    + r")\s+(?:[a-z\-]+\s+){0,2}?(?P<noun>[a-z]+s)\b",
    re.IGNORECASE,
)


#: The word every count phrase's opening ends with ("here are", "i found", "it returned"),
#: then what follows it in ``_COUNT`` (a number, then a plural noun).
_COUNT_CUES = ("are", "found", "have", "returned", "showing", "listing")
_COUNT_TAIL = re.compile(_COUNT.pattern[_COUNT.pattern.index(r")\s+(?:your") + 1 :])
#: The only non-ASCII characters ``re.IGNORECASE`` equates with ASCII letters, written as
#: those letters so that the lower-cased answer matches where ``_COUNT`` would.
_ASCII_LOOKALIKES = str.maketrans({"\u0130": "i", "\u0131": "i", "\u212a": "k", "\u017f": "s"})


def _has_count_phrase(answer: str) -> bool:
    """Does ``_COUNT`` match? Asked first of plain substring finds: ``_COUNT`` tries its
    case-insensitive alternation at almost every position (tens of µs on a long answer),
    while every match of it holds a cue word followed by ``_COUNT_TAIL``, which lower-case
    text matches case-sensitively where the answer matches case-insensitively (lower-casing
    maps each character ``_COUNT`` can match to the one it equates it with). Only when that
    necessary condition holds does ``_COUNT`` itself decide."""
    text = answer if answer.isascii() else answer.translate(_ASCII_LOOKALIKES)
    lowered = text.lower()
    for cue in _COUNT_CUES:
        at = lowered.find(cue)
        while at != -1:
            if _COUNT_TAIL.match(lowered, at + len(cue)) is not None:
                return _COUNT.search(answer) is not None
            at = lowered.find(cue, at + 1)
    return False


class RowList(NamedTuple):
    """One list of rows in one tool result. (A named tuple: every list of every result is
    wrapped once per turn, and a frozen dataclass cost a microsecond each to build.)"""

    tool: str
    key: str  # the object key it sits under ("" for a top-level list)
    items: list[Any]
    label: str  # where, for the evidence
    #: Values (folded) that only one row holds: what can make an item refer to a row.
    unique: frozenset[str]

    @property
    def rows(self) -> int:
        return len(self.items)

    def distinct(self, wanted: frozenset[str]) -> frozenset[str]:
        """Values among ``wanted`` that only one row holds (folded)."""
        return self.unique & wanted


@dataclass(frozen=True, slots=True)
class _Rows:
    """A list of rows as a result's content gives it, whatever call returned it: read once
    per content while the guard's cache holds the result (a conversation carries it on)."""

    key: str
    path: str  # below the result (".orders"), "" for a top-level list
    items: list[Any]
    unique: frozenset[str]


def _lists_of(value: Any) -> list[_Rows]:
    found: list[tuple[str, str, list[Any]]] = []
    _collect(value, "", "", found, 0)
    return [_Rows(key, path, items, _distinct(items)) for key, path, items in found]


class InflationDetector(DetectorBase):
    """``data_inflation``."""

    id = "data_inflation"
    version = "1"
    kinds = ("data_inflation",)

    def __init__(self, profile: Profile) -> None:
        Rules(profile, self.id, ())  # no settings: any key in rules.data_inflation is a typo

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        calls = evidence.turn.tool_calls
        if not calls:
            return
        answer = evidence.answer
        # Look at the tool results only when the answer has a list, a table or a count.
        has_list = _ANY_ITEM.search(answer) is not None
        blocks = [b for b in _blocks(answer) if len(b) >= 2] if has_list else []
        counts = _has_count_phrase(answer)
        if not blocks and not counts:
            return
        # The rows first: read once per result content (the guard's cache), so a turn whose
        # results hold no list at all is left before its answer is tokenised.
        readings = {label: rows for label, _call, rows in evidence.per_result(self.id, _lists_of)}
        if not any(readings.values()):
            return
        status = status_for(evidence)
        lists: list[RowList] = []
        for i, (call, state) in enumerate(status.calls):
            label = f"tool_calls[{i}].result"
            if state == "ok" and label in readings:  # "ok" calls are among per_result's
                lists.extend(
                    RowList(call.name, r.key, r.items, label + r.path, r.unique) for r in readings[label]
                )
        if not lists:
            return
        # Each item is tokenised once: its tokens find the rows and then judge the block.
        block_tokens = [[_TOKEN.findall(answer[s:e]) for s, e in block] for block in blocks]
        # Folded once (``_TOKEN``'s tokens are ASCII: lower() is their casefold).
        block_folded = [[[t.lower() for t in item] for item in tokens] for tokens in block_tokens]
        wanted = frozenset(t for folded in block_folded for item in folded for t in item if len(t) >= 3)
        by_token: dict[str, list[int]] = {}
        for index, row_list in enumerate(lists):
            for token in row_list.distinct(wanted):
                by_token.setdefault(token, []).append(index)
        if by_token:
            for block, tokens, folded in zip(blocks, block_tokens, block_folded, strict=True):
                finding = self._check_block(evidence, answer, block, tokens, folded, lists, by_token)
                if finding is not None:
                    yield finding
        if counts:
            yield from self._check_counts(answer, lists)

    # ------------------------------------------------------------------ lists and tables
    def _check_block(
        self,
        evidence: Evidence,
        answer: str,
        items: list[tuple[int, int]],
        item_tokens: list[list[str]],
        item_folded: list[list[str]],
        lists: list[RowList],
        by_token: Mapping[str, list[int]],
    ) -> Finding | None:
        if len(items) < 2:
            return None
        linked_lists: set[int] = set()
        linked_items: list[int] = []
        for n, folded in enumerate(item_folded):
            hit = {i for t in folded for i in by_token.get(t, ())}
            if hit:
                linked_items.append(n)
                linked_lists |= hit
        if not linked_items:
            return None
        actual = sum(lists[i].rows for i in linked_lists)
        claimed = len(items)
        if claimed <= actual:
            return None
        # Only an unlinked item that looks like a row (an id of a real row's shape, or the
        # same field labels) is an invented row; options and advice are not.
        ids = [[t for t in tokens if _id_like(t)] for tokens in item_tokens]  # once per item
        shapes = {_shape(t) for n in linked_items for t in ids[n]}
        labels = {frozenset(_labels(answer[items[n][0] : items[n][1]])) for n in linked_items}
        labels.discard(frozenset())
        linked = set(linked_items)
        invented = [
            n
            for n in range(claimed)
            if n not in linked
            and (
                any(_shape(t) in shapes for t in ids[n])
                or frozenset(_labels(answer[items[n][0] : items[n][1]])) in labels
            )
            # An id grounded elsewhere (another call, the user) is a real thing, not an extra
            # row. Asked last: a search of the whole evidence per id, where the tests above
            # read only the item.
            and not any(evidence.grounds(t) for t in ids[n])
        ]
        if not invented:
            return None
        tools = list(dict.fromkeys(lists[i].tool for i in sorted(linked_lists)))
        # The span covers the invented items: what a wipe must remove.
        start, end = items[invented[0]][0], items[invented[-1]][1]
        first = answer[items[invented[0]][0] : items[invented[0]][1]].strip()
        return self.finding(
            "data_inflation",
            first[:80],
            CONFIDENCE_LIST,
            (start, end),
            f"lists {claimed} items but {', '.join(tools)} returned {actual} row(s); "
            f"{len(invented)} item(s) match no returned row",
            evidence={
                "tool_name": tools[0] if len(tools) == 1 else tools,
                "claimed_rows": claimed,
                "actual_rows": actual,
                "unmatched_items": [answer[items[n][0] : items[n][1]].strip()[:120] for n in invented],
                "sources": [lists[i].label for i in sorted(linked_lists)],
            },
        )

    # ------------------------------------------------------------------ count phrases
    def _check_counts(self, answer: str, lists: list[RowList]) -> Iterator[Finding]:
        for m in _COUNT.finditer(answer):
            raw = m.group("n").lower()
            claimed = int(raw) if raw.isdigit() else _WORD_NUMBERS[raw]
            noun = _singular(m.group("noun").lower())
            matching = [r for r in lists if _names(r, noun)]
            if not matching or claimed <= 1:
                continue
            actual = sum(r.rows for r in matching)
            if claimed <= actual:
                continue
            tools = list(dict.fromkeys(r.tool for r in matching))
            yield self.finding(
                "data_inflation",
                m.group(0),
                CONFIDENCE_COUNT,
                m.span(),
                f"says {claimed} {m.group('noun')} but {', '.join(tools)} returned {actual}",
                evidence={
                    "tool_name": tools[0] if len(tools) == 1 else tools,
                    "claimed_rows": claimed,
                    "actual_rows": actual,
                    "sources": [r.label for r in matching],
                },
            )


def _collect(value: Any, key: str, path: str, out: list[tuple[str, str, list[Any]]], depth: int) -> None:
    """(key, path, rows) of every non-empty list in ``value``, lists inside rows excluded."""
    if isinstance(value, list):
        if value:
            out.append((key, path, value))
        # Lists inside rows (a flight's fares, an order's items) are not what an answer
        # enumerates as "the rows"; not descending into them keeps big results cheap.
    elif isinstance(value, dict) and depth < MAX_DEPTH:
        for k, v in value.items():
            if isinstance(v, (dict, list)):
                _collect(v, str(k), f"{path}.{k}", out, depth + 1)


def _row_values(row: Any) -> set[str]:
    """The row's scalar values (folded) that could identify it."""
    if isinstance(row, dict):
        values: Any = row.values()
    elif isinstance(row, list):
        # A row made of records (a one-stop itinerary: [leg 1, leg 2]) holds their values.
        values = [v for part in row[:20] if isinstance(part, dict) for v in part.values()]
    else:
        values = (row,)
    out: set[str] = set()
    for value in values:
        if isinstance(value, str):
            if not 3 <= len(value) <= 128:
                continue  # too short to identify a row, or prose rather than a value
            out.add(value.strip().casefold())
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out.add(str(value))
    return out


def _distinct(rows: list[Any]) -> frozenset[str]:
    """Values that only one row holds: what makes an item refer to a row. (Independent of
    the answer, so read once per result; an answer's items are matched against it.)"""
    seen: dict[str, int] = {}
    for row in rows:
        for value in _row_values(row):
            seen[value] = seen.get(value, 0) + 1
    return frozenset(
        v for v, n in seen.items() if n == 1 and len(v) >= 3 and not _plain_number(v) and " " not in v
    )


def _plain_number(text: str) -> bool:
    return text.replace(".", "", 1).replace("-", "", 1).isdigit() and len(text) < 5


_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _id_like(token: str) -> bool:
    """A digit and a letter, four characters or more. (``_TOKEN``'s tokens are ASCII, so the
    two sets are every digit and letter they can hold; set tests run at C speed.)"""
    return len(token) >= 4 and not _DIGITS.isdisjoint(token) and not _LETTERS.isdisjoint(token)


def _shape(token: str) -> str:
    return "".join("9" if c.isdigit() else ("A" if c.isalpha() else c) for c in token)


def _labels(text: str) -> set[str]:
    return {(a or b).strip().lower() for a, b in _LABEL.findall(text)}


def _singular(noun: str) -> str:
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if noun.endswith(("ches", "shes", "sses", "xes")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") else noun


def _names(row_list: RowList, noun: str) -> bool:
    if row_list.key:
        return _singular(row_list.key.lower()) == noun or row_list.key.lower() == noun
    return noun in {_singular(p) for p in tool_name_parts(row_list.tool)}


def _blocks(answer: str) -> Iterator[list[tuple[int, int]]]:
    """Top-level items of each list and data rows of each table, as spans."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in answer.splitlines(keepends=True):
        lines.append((pos, pos + len(line.rstrip("\r\n"))))
        pos += len(line)
    items: list[tuple[int, int, int]] = []  # (indent, start, end)
    table: list[tuple[int, int]] = []
    rule_seen = False

    def flush() -> Iterator[list[tuple[int, int]]]:
        if items:
            top = min(i[0] for i in items)
            spans: list[tuple[int, int]] = []
            for indent, s, e in items:
                if indent == top:
                    spans.append((s, e))
                elif spans:
                    spans[-1] = (spans[-1][0], e)
            yield spans
        if table:
            yield list(table)

    tables = "|" in answer  # a table row needs one: most answers skip its match per line
    for s, e in lines:
        text = answer[s:e]
        if tables and _TABLE_ROW.match(text):
            if _TABLE_RULE.match(text):
                rule_seen = True
            elif rule_seen:
                table.append((s, e))
            continue
        if table or rule_seen:
            yield from flush()
            table, rule_seen, items = [], False, []
        m = _ITEM.match(text)
        if m:
            items.append((len(m.group(1).expandtabs(4)), s, e))
        elif not text.strip():
            continue
        elif text[:1] in " \t" and items:
            indent, start, _end = items[-1]
            items[-1] = (indent, start, e)  # a continuation line of the item above
        else:
            yield from flush()
            items = []
    yield from flush()

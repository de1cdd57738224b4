"""Per-source indexes, built once per content and shared across turns.

A conversation checked turn by turn carries every earlier tool result, and the system
prompt (a policy document of many kilobytes) comes back on every turn of a deployment.
Indexing all of it again on every turn made the evidence index cost grow with the length
of the conversation. Everything the index derives from one source alone — its folded
text, its numbers, its money amounts and, for a structured result, its records and its
derivable numbers — is therefore kept here, keyed by the source's content.

The key is the content itself: a string as it is, any other JSON value as its JSON text
(with, for records, the label and the profile's naming fields, which shape them). A
``dict`` lookup hashes the key once (Python caches a string's hash on the string) and
confirms a hit by full comparison, so two different contents can never share an entry —
no digest collision to reason about, and no extra pass over the text. The searchable text
(``value_text``: escapes undone) is not the key, because two different values can read
the same once unescaped.

The cache is bounded (entries and characters, least recently used out first) and
thread-safe: a ``Guard`` owns one and checks turns from any number of threads. An entry is
built outside the lock; two threads building the same entry at once both get a correct
index and one of them is kept.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from nofab.evidence.records import Record, RecordFinder
from nofab.language.text import fold_source, json_text, value_text

if TYPE_CHECKING:
    from nofab.numbers.dates import DateTimeIndex
    from nofab.numbers.derive import Derivable
    from nofab.numbers.index import LiteralIndex

#: Default bounds, each for the sources and for the results: enough for the live
#: conversations of a busy service (a τ-bench episode holds about 20 sources of 1 KB).
DEFAULT_MAX_ENTRIES = 4096
DEFAULT_MAX_BYTES = 32 * 2**20
#: Estimated bytes per character of a result's text held as records: measured on τ-bench
#: results (about 1 MB of records for 66 KB of result text, so 15 with the parsed value).
_RECORD_BYTES_PER_CHAR = 16


class SourceIndex:
    """What the evidence index needs from one source's text, each part computed on first
    use (a turn whose answer has no number never reads the numbers of its sources) and
    then kept with the entry. Computing a part is idempotent: two threads that race on it
    both store the same value."""

    __slots__ = ("_dates", "_folded", "_literals", "_money", "_numbers", "key", "text")

    def __init__(self, key: str, text: str) -> None:
        #: The content key (see the module's docstring).
        self.key = key
        self.text = text
        self._folded: str | None = None
        self._numbers: tuple[float, ...] | None = None
        self._money: tuple[float, ...] | None = None
        self._literals: tuple[LiteralIndex, ...] | None = None
        self._dates: DateTimeIndex | None = None

    @classmethod
    def build(cls, key: str, value: Any, structured: bool = True) -> SourceIndex:
        """``structured``: ``value`` is a JSON value (a tool's arguments or result), read through
        ``value_text``; otherwise it is plain text (a user message, the context) taken as is."""
        return cls(key, value_text(value) if structured else key)

    @property
    def folded(self) -> str:
        if self._folded is None:
            self._folded = fold_source(self.text)
        return self._folded

    @property
    def numbers(self) -> tuple[float, ...]:
        """Every finite number in the text, sorted and distinct (``NumberIndex``'s reading)."""
        if self._numbers is None:
            from nofab.numbers.index import NumberIndex  # loaded with the first Guard, not on import

            self._numbers = tuple(NumberIndex(self.text).values)
        return self._numbers

    @property
    def money(self) -> tuple[float, ...]:
        """Numbers the text presents as money (``money_values``' reading of the folded text)."""
        if self._money is None:
            from nofab.numbers.index import money_values

            self._money = tuple(money_values(self.folded))
        return self._money

    @property
    def literals(self) -> tuple[LiteralIndex, ...]:
        """The folded text's whole numeric tokens, codes and id endings (``LiteralIndex``),
        one index per block (``nofab.evidence.literals`` joins them)."""
        if self._literals is None:
            from nofab.numbers.index import LiteralIndex

            self._literals = (LiteralIndex(self.folded),)
        return self._literals

    @property
    def dates(self) -> DateTimeIndex:
        """The folded text's dates and times (read lazily by the index itself), over the
        whole text even when it is read in blocks (a date may span a blank line)."""
        if self._dates is None:
            from nofab.numbers.dates import DateTimeIndex

            self._dates = DateTimeIndex(self.folded)
        return self._dates

    def size(self) -> int:
        """Estimated bytes held: the key, the text when it differs, the folded text, and
        what the numbers may add (the text is not always held elsewhere: a result's
        searchable text is built from its JSON)."""
        return len(self.key) + (len(self.text) if self.text is not self.key else 0) + 2 * len(self.text)


class _Paragraphs(SourceIndex):
    """A long plain text read block by block (paragraphs gathered), each block a cached source.

    The context of a conversation is its system prompt (a policy of many kilobytes) and the
    user's earlier messages, joined by blank lines: it changes at every user message, but
    only by a paragraph at its end. Reading it by blocks reads only the last block again.
    Every part joins exactly: case folding, numbers and money amounts never span a blank
    line, except a JSON key and its value split around one, where no cut is made.

    ``open_tail``: the last block holds paragraphs appended to an earlier context (the
    user's messages): the next extension re-reads it with the new paragraph, so that a long
    conversation keeps a few blocks, not one per message.
    """

    __slots__ = ("_parts", "open_tail")

    def __init__(self, text: str, parts: list[SourceIndex], open_tail: bool = False) -> None:
        super().__init__(text, text)
        self._parts = parts
        self.open_tail = open_tail

    @property
    def folded(self) -> str:
        if self._folded is None:
            self._folded = _PARAGRAPH.join(p.folded for p in self._parts)
        return self._folded

    # Merged with set.union over the parts' tuples (C loops, not a Python comprehension):
    # a context's merge runs once per new context, i.e. on most turns of a conversation.
    @property
    def numbers(self) -> tuple[float, ...]:
        if self._numbers is None:
            self._numbers = tuple(sorted(set().union(*[p.numbers for p in self._parts])))
        return self._numbers

    @property
    def money(self) -> tuple[float, ...]:
        if self._money is None:
            self._money = tuple(sorted(set().union(*[p.money for p in self._parts])))
        return self._money

    @property
    def literals(self) -> tuple[LiteralIndex, ...]:
        if self._literals is None:
            self._literals = tuple(index for p in self._parts for index in p.literals)
        return self._literals


_PARAGRAPH = "\n\n"
#: Paragraphs are gathered into blocks of at least this many characters: a block is one
#: cached source, so a 6 KB policy of 35 paragraphs is 3 lookups, not 35. Blocks are cut
#: from the start, so appending a paragraph changes only the last block.
_BLOCK = 2048
#: How many blank lines back from its end a new context is tried as an earlier one extended
#: (the latest user message, which may hold blank lines of its own, follows the last one).
_EXTENSION_TRIES = 3


def _paragraphs(text: str) -> list[str] | None:
    """``text`` cut at blank lines into blocks of about ``_BLOCK`` characters, or None when
    it is a single block or a money reading could span a cut: an object value (any ``{``),
    or a JSON key and its value around the blank line (``"price"`` | ``: 12`` or
    ``"price":`` | ``12``)."""
    if len(text) < 2 * _BLOCK or _PARAGRAPH not in text or "{" in text:
        return None
    if text.count(_PARAGRAPH) * 32 > len(text):
        return None  # paragraphs of a few characters (hostile, or not prose): one pass is cheaper
    blocks: list[str] = []
    current: list[str] = []
    size = 0
    for piece in text.split(_PARAGRAPH):
        if size >= _BLOCK and not _joined_reading(current[-1], piece):
            blocks.append(_PARAGRAPH.join(current))
            current, size = [], 0
        current.append(piece)
        size += len(piece) + len(_PARAGRAPH)
    blocks.append(_PARAGRAPH.join(current))
    return blocks if len(blocks) > 1 else None


def _joined_reading(before: str, after: str) -> bool:
    """Could a JSON key and its value span the blank line between these paragraphs?"""
    end, start = before.rstrip()[-1:], after.lstrip()[:1]
    return (end == '"' and start == ":") or (end == ":" and (start in ('"', "-") or start.isdigit()))


def content_key(value: Any) -> str:
    """The exact content of a source: a string itself, any other value its JSON text."""
    if isinstance(value, str):
        return value
    try:
        return _ENCODER.encode(value)
    except RecursionError:  # nested deeper than the recursion limit: the same text, walked
        return json_text(value)


#: ``json.dumps(value, ensure_ascii=False, default=str)`` without building an encoder per
#: call (dumps reuses one only for its default arguments): this runs for every structured
#: source of every turn, hit or miss.
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)


def _records(value: Any, where: str, name_fields: Sequence[str]) -> tuple[Record, ...] | None:
    """The records of a parsed tool result; None for text or null (no structure to read)."""
    if value is None or isinstance(value, str):
        return None
    return tuple(RecordFinder(name_fields).find(value, where))


def _derivable(value: Any) -> Derivable | None:
    """The numbers of a parsed tool result that may be combined; None for text or null."""
    if value is None or isinstance(value, str):
        return None
    from nofab.numbers.derive import Derivable  # loaded with the first Guard, not on import

    return Derivable.from_value(value)


_V = TypeVar("_V")
_T = TypeVar("_T")


class _Bounded(Generic[_V]):
    """A least-recently-used map bounded by entry count and by the estimated bytes of its entries."""

    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self._items: OrderedDict[Hashable, tuple[_V, int]] = OrderedDict()
        self._max_entries = max_entries
        self._max_bytes = max_bytes
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> _V | None:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return item[0]

    def peek(self, key: Hashable) -> _V | None:
        """The entry under ``key`` if held, without counting a hit or a miss or renewing it."""
        with self._lock:
            item = self._items.get(key)
            return None if item is None else item[0]

    def put(self, key: Hashable, value: _V, size: int) -> None:
        if size > self._max_bytes // 4:
            return  # one huge source would evict most of the others and is rarely seen again
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._items[key] = (value, size)
            self._bytes += size
            while len(self._items) > self._max_entries or self._bytes > self._max_bytes:
                _key, (_value, dropped) = self._items.popitem(last=False)
                self._bytes -= dropped

    def __len__(self) -> int:
        return len(self._items)

    @property
    def nbytes(self) -> int:
        """Estimated bytes held."""
        return self._bytes


class ResultCache:
    """The per-source indexes of a ``Guard``: each source is indexed once while it is cached."""

    def __init__(self, max_entries: int = DEFAULT_MAX_ENTRIES, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self._sources: _Bounded[SourceIndex] = _Bounded(max_entries, max_bytes)
        # One-element tuples: a result that is text holds (None,), which is not a miss.
        self._records: _Bounded[tuple[tuple[Record, ...] | None]] = _Bounded(max_entries, max_bytes)
        self._derivables: _Bounded[tuple[Derivable | None]] = _Bounded(max_entries, max_bytes)
        self._derived: _Bounded[tuple[Any]] = _Bounded(max_entries, max_bytes)

    def source(self, value: Any, structured: bool = True) -> SourceIndex:
        """The index of one source: a JSON value such as a tool result, or (``structured``
        false) a plain text such as the context."""
        key = content_key(value)
        index = self._sources.get((structured, key))
        if index is None:
            index = None if structured else self._extended(key)
            if index is None:
                pieces = None if structured else _paragraphs(key)
                if pieces is None:
                    index = SourceIndex.build(key, value, structured)
                else:
                    index = _Paragraphs(key, [self.source(p, False) for p in pieces])
            self._sources.put((structured, key), index, index.size())
        return index

    def _extended(self, text: str) -> _Paragraphs | None:
        """``text`` read as a context already held plus what follows its blank line: the new
        user message is the only new block (with the messages appended before it, while they
        are shorter than a block), and the split of the whole text is skipped.

        Cutting there is the same reading as ``_paragraphs``' cuts: at a blank line, never
        between a JSON key and its value, in a text with no ``{``. Only a held composite is
        extended, so the context itself passed those rules."""
        if len(text) < 2 * _BLOCK:
            return None
        end = len(text)
        for _ in range(_EXTENSION_TRIES):
            end = text.rfind(_PARAGRAPH, 2 * _BLOCK, end)
            if end < 0:
                return None
            prior = self._sources.peek((False, text[:end]))
            if not isinstance(prior, _Paragraphs):
                continue
            rest = text[end + len(_PARAGRAPH) :]
            if not rest.strip() or "{" in rest or _joined_reading(prior.text, rest):
                return None
            parts = list(prior._parts)
            if prior.open_tail and len(parts[-1].text) < _BLOCK:
                rest = parts.pop().text + _PARAGRAPH + rest
            tail = self.source(rest, False)
            parts.extend(tail._parts if isinstance(tail, _Paragraphs) else (tail,))
            return _Paragraphs(text, parts, open_tail=not isinstance(tail, _Paragraphs))
        return None

    def records(
        self, source: SourceIndex, value: Callable[[], Any], where: str, name_fields: Sequence[str]
    ) -> tuple[Record, ...] | None:
        """The records of the tool result ``source`` indexes, found under the label ``where``
        (None when it parses to text or null); ``value`` gives its parsed form, called on a
        miss only, so a cached result is never parsed again."""
        key = (source.key, where, tuple(name_fields))
        held = self._records.get(key)
        if held is None:
            held = (_records(value(), where, name_fields),)
            self._records.put(key, held, _RECORD_BYTES_PER_CHAR * len(source.key))
        return held[0]

    def derivable(self, source: SourceIndex, value: Callable[[], Any]) -> Derivable | None:
        """The derivable numbers of the tool result ``source`` indexes (None for text or null)."""
        held = self._derivables.get(source.key)
        if held is None:
            held = (_derivable(value()),)
            self._derivables.put(source.key, held, len(source.key))
        return held[0]

    def derived(
        self, source: SourceIndex, name: Hashable, value: Callable[[], Any], build: Callable[[Any], _T]
    ) -> _T:
        """A detector's own reading of the result ``source`` indexes: ``build(parsed value)``,
        kept under (content, ``name``). ``name`` must say everything besides the result that
        shapes what ``build`` returns (the detector, the profile fields it reads): two
        readings under one name would share an entry."""
        key = (source.key, name)
        held = self._derived.get(key)
        if held is None:
            held = (build(value()),)
            self._derived.put(key, held, _RECORD_BYTES_PER_CHAR * len(source.key))
        return cast(_T, held[0])

    def stats(self) -> dict[str, int]:
        """Entries, estimated bytes held, hits and misses (for benchmarks and the service's metrics)."""
        parts = (self._sources, self._records, self._derivables, self._derived)
        return {
            "sources": len(self._sources),
            "results": len(self._records),
            "derivables": len(self._derivables),
            "derived": len(self._derived),
            "bytes": sum(p.nbytes for p in parts),
            "hits": sum(p.hits for p in parts),
            "misses": sum(p.misses for p in parts),
        }


class _Uncached(ResultCache):
    """Builds every index and keeps none (an ``Evidence`` made without a guard's cache)."""

    def source(self, value: Any, structured: bool = True) -> SourceIndex:
        return SourceIndex.build(content_key(value), value, structured)

    def records(
        self, source: SourceIndex, value: Callable[[], Any], where: str, name_fields: Sequence[str]
    ) -> tuple[Record, ...] | None:
        return _records(value(), where, name_fields)

    def derivable(self, source: SourceIndex, value: Callable[[], Any]) -> Derivable | None:
        return _derivable(value())

    def derived(
        self, source: SourceIndex, name: Hashable, value: Callable[[], Any], build: Callable[[Any], _T]
    ) -> _T:
        return build(value())


UNCACHED: ResultCache = _Uncached(0, 0)

__all__ = ["UNCACHED", "ResultCache", "SourceIndex", "content_key"]

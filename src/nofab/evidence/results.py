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
from nofab.evidence.sourceindex import (
    BLOCK,
    EXTENSION_TRIES,
    PARAGRAPH,
    ContextBlocks,
    SourceIndex,
    cut_blocks,
    joined_reading,
)
from nofab.language.text import json_text

if TYPE_CHECKING:
    from nofab.numbers.derive import Derivable

#: Default bounds, each for the sources and for the results: enough for the live
#: conversations of a busy service (a τ-bench episode holds about 20 sources of 1 KB).
DEFAULT_MAX_ENTRIES = 4096
DEFAULT_MAX_BYTES = 32 * 2**20
#: Estimated bytes per character of a result's text held as records: measured on τ-bench
#: results (about 1 MB of records for 66 KB of result text, so 15 with the parsed value).
_RECORD_BYTES_PER_CHAR = 16


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
        #: The lengths of the long contexts read by blocks so far: a new context is looked up
        #: as one of them extended only where it has a blank line at such a length, so a
        #: context seen for the first time (a one-off check) costs no slice and no hash.
        #: Stale lengths (evicted contexts) cost one lookup; the set is emptied past its bound.
        self._context_ends: set[int] = set()
        self._max_entries = max_entries
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
                pieces = None if structured else cut_blocks(key)
                if pieces is None:
                    index = SourceIndex.build(key, value, structured)
                else:
                    index = ContextBlocks(key, [self.source(p, False) for p in pieces])
            self._sources.put((structured, key), index, index.size())
            if isinstance(index, ContextBlocks):
                if len(self._context_ends) >= self._max_entries:
                    self._context_ends.clear()
                self._context_ends.add(len(key))
        return index

    def _extended(self, text: str) -> ContextBlocks | None:
        """``text`` read as a context already held plus what follows its blank line: the new
        user message is the only new block (with the messages appended before it, while they
        are shorter than a block), and the split of the whole text is skipped.

        Cutting there is the same reading as ``_paragraphs``' cuts: at a blank line, never
        between a JSON key and its value, in a text with no ``{``. Only a held composite is
        extended, so the context itself passed those rules."""
        if len(text) < 2 * BLOCK:
            return None
        end = len(text)
        for _ in range(EXTENSION_TRIES):
            end = text.rfind(PARAGRAPH, 2 * BLOCK, end)
            if end < 0:
                return None
            if end not in self._context_ends:
                continue
            prior = self._sources.peek((False, text[:end]))
            if not isinstance(prior, ContextBlocks):
                continue
            rest = text[end + len(PARAGRAPH) :]
            if not rest.strip() or "{" in rest or joined_reading(prior.text, rest):
                return None
            parts = list(prior.parts)
            if prior.open_tail and len(parts[-1].text) < BLOCK:
                rest = parts.pop().text + PARAGRAPH + rest
            tail = self.source(rest, False)
            parts.extend(tail.parts if isinstance(tail, ContextBlocks) else (tail,))
            return ContextBlocks(text, parts, open_tail=not isinstance(tail, ContextBlocks))
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

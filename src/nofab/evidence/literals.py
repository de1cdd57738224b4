"""The evidence's numeric literals, read source by source.

``LiteralIndex`` answers "is this literal a whole token of the evidence?" and "does some
token end in these digits?". Built over the joined evidence text it rescanned the whole
context (the 6 KB airline policy) on every turn; each source's own index is kept with the
source in the guard's cache instead, and the turn's index asks its sources in turn.

Equal to an index of the joined text because none of what it reads (a whole numeric token,
a dashed code, the digit run ending a token) spans a blank line or the separator between
sources, and the boundaries it tests ("not after a digit", "not before a letter or digit")
see a line break there in both readings.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from nofab.numbers.index import LiteralIndex

if TYPE_CHECKING:
    from nofab.evidence.sourceindex import SourceIndex


class JoinedLiterals(LiteralIndex):
    """A ``LiteralIndex`` of several texts joined by line breaks, from each text's own index.

    Lazy: a source's index is read only when a question gets to it, and sources whose index
    is already read (earlier turns' results, the policy's blocks) are asked first. Both
    questions are "does any source hold it?", so the order cannot change an answer; it only
    spares reading a new source when an older one already answers (in a replay, a literal the
    policy or an earlier result holds does not make the turn index its new results)."""

    __slots__ = ("_read", "_sources")

    def __init__(self, sources: Sequence[SourceIndex]) -> None:
        super().__init__("")
        self._sources = sources
        #: every source's parts, once a question has read them all (its answer was no): an
        #: answer dense with numbers then asks a set per part, not a walk of the sources
        self._read: tuple[LiteralIndex, ...] | None = None

    def _parts(self) -> Iterator[LiteralIndex]:
        unread: list[SourceIndex] = []
        for source in self._sources:
            held = source.literals_read
            if held is None:
                unread.append(source)
            else:
                yield from held
        for source in unread:
            yield from source.literals

    def has(self, literal: str) -> bool:
        parts = self._read
        if parts is None:
            if any(part.has(literal) for part in self._parts()):
                return True
            self._read = tuple(self._parts())  # all read now: the walk said no
            return False
        if "-" in literal or "–" in literal:
            return any(part.has(literal) for part in parts)
        # ``LiteralIndex.has`` of a literal without a dash, inlined: a loop, not ``any`` over a
        # generator (a third of the cost, asked once per numeral of an answer)
        for part in parts:  # noqa: SIM110
            if literal in part.tokens:
                return True
        return False

    def ends_an_id(self, digits: str) -> bool:
        return any(part.ends_an_id(digits) for part in self._parts())


__all__ = ["JoinedLiterals"]

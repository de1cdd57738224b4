"""One evidence source's index, and a long context's index read by blocks.

``SourceIndex`` holds what the evidence index derives from one source alone (folded text,
numbers, money, literals, dates), each part computed on first use. ``ContextBlocks`` is the
same for a long plain text (a conversation's context: the system prompt and the user's
earlier messages) read as blocks of paragraphs, each block a source of its own in the
guard's cache (``nofab.evidence.results``), so that a context grown by a message reads only
the message again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nofab.language.text import fold_source, value_text

if TYPE_CHECKING:
    from nofab.numbers.dates import DateTimeIndex
    from nofab.numbers.index import LiteralIndex


class SourceIndex:
    """What the evidence index needs from one source's text, each part computed on first
    use (a turn whose answer has no number never reads the numbers of its sources) and
    then kept with the entry. Computing a part is idempotent: two threads that race on it
    both store the same value."""

    __slots__ = ("_dates", "_folded", "_literals", "_money", "_numbers", "key", "text")

    def __init__(self, key: str, text: str) -> None:
        #: The content key (``nofab.evidence.results``: the text itself, or a value's JSON text).
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

    # What is already read, without reading it: a turn that asks its sources in turn asks
    # these first, so a hit there spares reading the others (a replay's new sources).
    @property
    def literals_read(self) -> tuple[LiteralIndex, ...] | None:
        return self._literals

    @property
    def dates_read(self) -> DateTimeIndex | None:
        return self._dates

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


class ContextBlocks(SourceIndex):
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

    __slots__ = ("open_tail", "parts")

    def __init__(self, text: str, parts: list[SourceIndex], open_tail: bool = False) -> None:
        super().__init__(text, text)
        self.parts = parts
        self.open_tail = open_tail

    @property
    def folded(self) -> str:
        if self._folded is None:
            self._folded = PARAGRAPH.join(p.folded for p in self.parts)
        return self._folded

    # Merged with set.union over the parts' tuples (C loops, not a Python comprehension):
    # a context's merge runs once per new context, i.e. on most turns of a conversation.
    @property
    def numbers(self) -> tuple[float, ...]:
        if self._numbers is None:
            self._numbers = tuple(sorted(set().union(*[p.numbers for p in self.parts])))
        return self._numbers

    @property
    def money(self) -> tuple[float, ...]:
        if self._money is None:
            self._money = tuple(sorted(set().union(*[p.money for p in self.parts])))
        return self._money

    @property
    def literals(self) -> tuple[LiteralIndex, ...]:
        if self._literals is None:
            self._literals = tuple(index for p in self.parts for index in p.literals)
        return self._literals


PARAGRAPH = "\n\n"
#: Paragraphs are gathered into blocks of at least this many characters: a block is one
#: cached source, so a 6 KB policy of 35 paragraphs is 3 lookups, not 35. Blocks are cut
#: from the start, so appending a paragraph changes only the last block.
BLOCK = 2048
#: How many blank lines back from its end a new context is tried as an earlier one extended
#: (the latest user message, which may hold blank lines of its own, follows the last one).
EXTENSION_TRIES = 3


def cut_blocks(text: str) -> list[str] | None:
    """``text`` cut at blank lines into blocks of about ``BLOCK`` characters, or None when
    it is a single block or a money reading could span a cut: an object value (any ``{``),
    or a JSON key and its value around the blank line (``"price"`` | ``: 12`` or
    ``"price":`` | ``12``)."""
    if len(text) < 2 * BLOCK or PARAGRAPH not in text or "{" in text:
        return None
    if text.count(PARAGRAPH) * 32 > len(text):
        return None  # paragraphs of a few characters (hostile, or not prose): one pass is cheaper
    blocks: list[str] = []
    current: list[str] = []
    size = 0
    last = ""  # the last paragraph holding more than white space
    for piece in text.split(PARAGRAPH):
        # A cut goes only before a paragraph with text, and the key/value test reads the
        # last one with text: blank-looking paragraphs (spaces) may stand between a key and
        # its value, and a cut after them would part the two.
        if size >= BLOCK and piece.strip() and not joined_reading(last, piece):
            blocks.append(PARAGRAPH.join(current))
            current, size = [], 0
        current.append(piece)
        size += len(piece) + len(PARAGRAPH)
        if piece.strip():
            last = piece
    blocks.append(PARAGRAPH.join(current))
    return blocks if len(blocks) > 1 else None


def joined_reading(before: str, after: str) -> bool:
    """Could a JSON key and its value span the blank line between these paragraphs?"""
    end, start = before.rstrip()[-1:], after.lstrip()[:1]
    return (end == '"' and start == ":") or (end == ":" and (start in ('"', "-") or start.isdigit()))


__all__ = [
    "BLOCK",
    "EXTENSION_TRIES",
    "PARAGRAPH",
    "ContextBlocks",
    "SourceIndex",
    "cut_blocks",
    "joined_reading",
]

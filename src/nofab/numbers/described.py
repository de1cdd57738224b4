"""How many items of a result list the enumeration after a count draws on ("3 messages
about the move:" followed by a bulleted summary of four).

``nofab.numbers.listcounts`` lets a count smaller than a result list pass when its sentence
holds a word that makes it a part ("3 unread e-mails", "2 from Dana", "today", "about"):
the answer may count the items that match a filter the tool did not apply. What the answer
says next tells the two apart. A sentence that ends in a colon introduces the items it
counted; when the block after it tells of more distinct items of one list than the count
says, the count is not a part of the list but a miscount of the items the answer itself
reports.

Principle: an item is told of when at least ``MIN_WORDS`` of its own words (words of four
letters or more of its texts that no other item of the list holds: "truck", "mileage",
"Depot") are in the block. Words every item shares (the sender, the topic) and digits
(timestamps, ids) are never read, so an item is only told of by what sets it apart. A count
below the number of items told of is a finding even though its sentence names a part.

Risk: a block that tells of items outside the counted part on purpose ("2 unread:" followed
by all five e-mails, the unread ones marked); items whose own words the answer paraphrases
(it then tells of fewer items, and the count passes as before). At most ``MAX_ITEMS`` items
of a list are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: Distinct words of one item the block must hold for the item to be told of.
MIN_WORDS = 2
#: Items of one list read at most, and texts of one item.
MAX_ITEMS = 200
_MAX_TEXTS = 32
_WORD = re.compile(r"[^\W\d_]{4,}")
#: The end of the block a colon opens: a blank line after some text.
_BLOCK_END = re.compile(r"\S[^\n]*\n[ \t]*\n")


def _texts(item: Any) -> Iterable[str]:
    if isinstance(item, str):
        yield item
    elif isinstance(item, dict):
        yield from (v for v in list(item.values())[:_MAX_TEXTS] if isinstance(v, str))


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def introduced_block(answer: str, sentence: tuple[int, int]) -> str:
    """The block of text a sentence ending in a colon introduces (up to the first blank line
    after some text), or "" when the sentence does not end in a colon."""
    start, end = sentence
    if not answer[start:end].rstrip(" \t*_").endswith(":"):
        return ""
    found = _BLOCK_END.search(answer, end)
    return answer[end : found.end() if found else len(answer)]


def items_told(block: str, items: list[Any]) -> int:
    """How many of ``items`` (strings or records) ``block`` tells of by their own words."""
    if not block or len(items) < 2:
        return 0
    own = [set().union(*(_words(t) for t in _texts(item))) for item in items[:MAX_ITEMS]]
    seen: dict[str, int] = {}
    for words in own:
        for w in words:
            seen[w] = seen.get(w, 0) + 1
    told = _words(block)
    return sum(1 for words in own if sum(1 for w in words if seen[w] == 1 and w in told) >= MIN_WORDS)


__all__ = ["MAX_ITEMS", "MIN_WORDS", "introduced_block", "items_told"]

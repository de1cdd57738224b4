"""The evidence's texts in the pieces the guard's cache keeps: the keys of per-text memos.

A conversation's context (the system prompt and the user's earlier messages) is a new
string on every turn: the user's latest message is appended to it. The guard's cache reads
it by blocks of paragraphs (``ContextBlocks``), and every block but the last is the same
string object turn after turn. A reading kept per text (``detectors.textmemo.TextMemo``)
of the whole context is built again on every turn of a conversation and kept for nothing;
kept per block, the policy's blocks are read once and only the new message is read again.

A context not read by blocks (short, or holding a ``{``) and every other source are one
piece each. The blocks join into the context's text (and their folded texts into its folded
text) with a blank line: a reading of the pieces is the reading of the whole text exactly
when nothing it reads spans a blank line (a run of letters or of word characters, a chunk
between white space, a name after a title written with single spaces). Readings that may
cross a blank line must keep asking the whole text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from nofab.evidence.index import Source
from nofab.evidence.sourceindex import ContextBlocks, SourceIndex


def _pieces(sources: Iterable[Source]) -> Iterator[Source | SourceIndex]:
    for source in sources:
        if isinstance(source.index, ContextBlocks):
            yield from source.index.parts
        else:
            yield source


def texts(sources: Iterable[Source]) -> list[str]:
    """Each source's text, a context read by blocks as its blocks' texts."""
    return [piece.text for piece in _pieces(sources)]


def folded_texts(sources: Iterable[Source]) -> list[str]:
    """Each source's folded text, a context read by blocks as its blocks' folded texts."""
    return [piece.folded for piece in _pieces(sources)]


__all__ = ["folded_texts", "texts"]

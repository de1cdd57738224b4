r"""Entity-shaped chunks the evidence holds: a quick yes for a code, e-mail, URL or path the
answer copied whole.

A tool hands out the exact strings an answer repeats ("ORD-1001", "mia@example.com",
"/var/log/app.log"), and in the evidence's text such a string stands between delimiters
(spaces, quotes, brackets, commas). A source's chunks are its maximal runs of
non-delimiters, each also without its trailing ``.:!?/`` (a sentence's full stop, a URL's
slash). A candidate equal to a chunk occurs in the evidence, and with no word character or
joining hyphen on either side (no delimiter is one, nor are ``.:!?/``), so it is grounded
both as a substring and as a whole token (``find_token``'s edge rule).

The quick no comes from word runs (``\w+``): wherever a candidate occurs, each of its runs
that the candidate itself bounds (every run of a whole token; the inner runs of a substring)
is a whole run of the evidence's text, so a candidate with such a run that no source has
as a run occurs nowhere ("user88530" of an invented e-mail address).

A candidate neither quick answer settles (it may occur inside a longer chunk: "ord-1001" in
"ord-1001/items") is asked of the evidence as before. Chunks and runs are kept per source by
content (``textmemo``): read for a source that keeps coming back, or at once when one answer
has many candidates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nofab.detectors.textmemo import TextMemo

#: Delimiters: white space, quotes, brackets, commas, semicolons, pipes.
_CHUNK = re.compile(r"[^\s\"'`<>()\[\]{},;|]+")
_TRAILING = ".:!?/"
#: Candidates settled before deciding whether settling pays: under a quarter settled, the
#: rest are searched without asking the sets (each ask costs about a third of a search).
PROBE = 64
_RUN = re.compile(r"\w+")


def chunks_of(text: str) -> frozenset[str]:
    """Every chunk of ``text`` (see the module doc), with and without its trailing marks."""
    found = frozenset(_CHUNK.findall(text))
    return found | frozenset(c.rstrip(_TRAILING) for c in found if c[-1] in _TRAILING)


def _runs_in(text: str) -> list[str]:
    """``_RUN.findall(text)``; an ASCII text is cut by a byte table (a few times faster on
    the short strings candidates are: this runs once per candidate of a long answer)."""
    if text.isascii():
        return text.encode("ascii").translate(_ASCII_WORD_CUT).decode("ascii").split()
    return _RUN.findall(text)


#: ASCII word characters kept, every other byte made a space.
_ASCII_WORD_CUT = bytes(c if c < 128 and (chr(c).isalnum() or c == 95) else 32 for c in range(256))


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def runs_of(text: str) -> frozenset[str]:
    """Every maximal run of word characters of ``text``."""
    return frozenset(_RUN.findall(text))


_MEMO: TextMemo[frozenset[str]] = TextMemo(chunks_of)
_RUNS: TextMemo[frozenset[str]] = TextMemo(runs_of)


class HeldChunks:
    """The chunks of the sources whose chunks are read (``texts``: each source's folded text;
    ``now``: read every source now, for an answer with many candidates)."""

    def __init__(self, texts: Sequence[str], now: bool = False) -> None:
        found: dict[int, frozenset[str]] = {}  # by identity: sources often repeat
        runs: list[frozenset[str]] = []
        #: Every source's runs are read (a no needs all of them), else no quick no is given.
        self._all_runs = True
        for text in texts:
            if not text:
                continue
            chunks = _MEMO.reading(text, now)
            if chunks:
                found[id(chunks)] = chunks
            held = _RUNS.reading(text, now)
            if held is None:
                self._all_runs = False
            else:
                runs.append(held)
        self._chunks = tuple(found.values())
        self._runs = tuple(runs) if self._all_runs else ()

    def settle(self, keys: Sequence[tuple[str, bool]]) -> list[bool | None]:
        """For each (folded text, is a whole token): True when a source has it as a chunk
        (grounded), False when it has a run no source has (absent: every run of a token,
        a substring's inner runs), None when neither says (search the evidence)."""
        if not self._chunks and not self._runs:
            return [None] * len(keys)
        out: list[bool | None] = []
        settled = 0
        for n, (key, token) in enumerate(keys):
            if n == PROBE and settled * 4 < PROBE:
                # the first candidates say the sets rarely answer (codes that are prefixes
                # of longer evidence codes): the rest go straight to the search
                return out + [None] * (len(keys) - n)
            held = self._settle(key, token)
            settled += held is not None
            out.append(held)
        return out

    def _settle(self, key: str, token: bool) -> bool | None:
        chunks, runs = self._chunks, self._runs
        # (a key with a blank, a quoted name, is no chunk: no set is asked)
        if " " not in key and (key in chunks[0] if len(chunks) == 1 else any(key in c for c in chunks)):
            return True
        if not runs:
            return None
        if token and key.isalnum():  # one run ("hat537"): itself, no cutting
            bounded = [key]
        else:
            bounded = _runs_in(key)
            if not token and bounded:  # a substring's inner runs: not those at its edges
                bounded = bounded[int(_word_char(key[0])) : len(bounded) - int(_word_char(key[-1]))]
        if len(runs) == 1:
            return False if not runs[0].issuperset(bounded) else None
        return False if any(not any(run in held for held in runs) for run in bounded) else None


__all__ = ["HeldChunks", "chunks_of"]

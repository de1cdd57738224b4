"""User handles the answer names that are a miscopy of a handle the tools hold.

Principle: a user's handle ("sdahl", "rbianchi", "ana.souza") has no shape prose could tell
from an ordinary word, but tools file it under a key that says what it is (``username``,
``user_id``, ``handle``, ``login``; ``usuario``, ``identifiant``, ``Benutzername``:
``id_cues.json``, ``user_keys``), or as a lower-case one-word value under a people key
(``attendees``, ``sender``, ``recipients``: ``people_keys.json``). Once the evidence holds
such a handle, a lower-case token of the answer that the answer itself presents as a user's
handle (a cue word up to three words before it: "username", "user", "usuario",
"utilisateur", "Benutzer"...; or an "@" glued to it), that is one or two edits away from a
held handle (``MAX_EDITS``), and that no evidence holds, is a
miscopied handle: the agent messaged, shared with or named a user the tools never returned.

Handles under six characters are compared at one edit.

Risk: an answer that names a second, real user whose handle happens to be one or two edits
from a held one and that no evidence of this turn holds (a handle from an earlier
conversation) is flagged; a miscopy three edits away, or without a cue, passes. Only the first
``MAX_COMPARED`` cued tokens of an answer are compared (a long roster's later ones pass).
Handles of three characters or fewer are never compared (every short word is two edits from them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from nofab.detectors.peoplekeys import people_key
from nofab.detectors.textmemo import TextMemo
from nofab.evidence.index import Evidence
from nofab.language import vocabulary
from nofab.language.text import fold, strip_accents

CONFIDENCE = 0.85
#: At most this many edits make a miscopy of a held handle.
MAX_EDITS = 2
#: Handles shorter than this are never compared.
MIN_LENGTH = 4
#: Held handles compared with a candidate, at most (a result listing thousands of users).
MAX_HELD = 256
#: Cued tokens of one answer compared, at most (each costs a comparison per held handle).
MAX_COMPARED = 64

#: A lower-case handle of the answer, optionally after "@" (not an address's parts).
_TOKEN = re.compile(r"(?<![\w.@\-])(@?)([a-z][a-z0-9_.]{2,30}[a-z0-9])(?![\w@\-]|\.\w)")
#: A value filed under a key in JSON text: "key": "value".
_PAIR = re.compile(r"\"([A-Za-z_]{2,24})\"\s*:\s*\"([a-z][a-z0-9_.\-]{2,31})\"")
_WORDS = re.compile(r"[^\W\d_]+")
#: A list of strings filed under a key in JSON text, and its lower-case one-word items.
_LIST = re.compile(r"\"([A-Za-z_]{2,24})\"\s*:\s*\[([^\[\]]{0,4000})\]")
_ITEM = re.compile(r"\"([a-z][a-z0-9_.\-]{2,31})\"")


@cache
def _lists() -> tuple[frozenset[str], frozenset[str]]:
    data = vocabulary.load("id_cues")
    cues = frozenset(fold(w) for w in data.get("user_cues", ()))
    keys = frozenset(fold(strip_accents(w)) for w in data.get("user_keys", ()))
    return cues, keys


def _held_in(text: str) -> frozenset[str]:
    """The handles one source's JSON text files under a user key (kept while the text
    recurs, bounded in texts and characters: ``TextMemo``)."""
    if '"' not in text:
        return frozenset()
    return _HELD.of(text)


def _read(text: str) -> frozenset[str]:
    """Handles under a user key, and lower-case one-word values under a people key (an
    event's ``attendees``, a message's ``sender``: ToolTalk files people by their handles)."""
    keys = _lists()[1]
    held = {v for k, v in _PAIR.findall(text) if fold(k) in keys or people_key(k)}
    if "[" in text:
        for key, body in _LIST.findall(text):
            if people_key(key):
                held.update(_ITEM.findall(body))
    return frozenset(held)


#: Each source's handles, kept by its content while the conversation carries it.
_HELD: TextMemo[frozenset[str]] = TextMemo(_read)


def _cued(answer: str, start: int, at: str) -> bool:
    """An "@" glued to the token, or a user cue word among the two words before it (the
    cue's own object: "username **sdahl**", "user is sdahl", "usuario: sdahl")."""
    if at:
        return True
    cues = _lists()[0]
    return any(fold(w) in cues for w in _WORDS.findall(answer[max(0, start - 40) : start])[-2:])


def edits(a: str, b: str, bound: int = MAX_EDITS) -> int:
    """The edit distance between ``a`` and ``b`` (insertions, deletions, substitutions), or
    ``bound + 1`` once it exceeds ``bound`` (a banded row: linear in the lengths)."""
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
        if min(row) > bound:
            return bound + 1
    return min(row[-1], bound + 1)


def miscopied_handles(evidence: Evidence, answer: str) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each cued handle one or two edits from a held one that
    no evidence holds."""
    cues = _lists()[0]
    lowered = answer.casefold()
    if "@" not in answer and not any(cue in lowered for cue in cues):
        return  # most answers: no word presents a handle, no source is read
    held: set[str] = set()
    for source in evidence.sources:
        held.update(_held_in(source.text))
    near = sorted(h for h in held if len(h) >= MIN_LENGTH)[:MAX_HELD]
    if not near:
        return
    compared = 0
    for m in _TOKEN.finditer(answer):
        token = m.group(2)
        if len(token) < MIN_LENGTH or token in held or not _cued(answer, m.start(), m.group(1)):
            continue
        compared += 1
        if compared > MAX_COMPARED:
            return
        bound = MAX_EDITS if len(token) >= 6 else 1  # a short word is two edits from many
        if any(0 < edits(token, h, bound) <= bound for h in near) and not evidence.grounds(token):
            yield "handle", m.span(2), CONFIDENCE


__all__ = ["CONFIDENCE", "edits", "miscopied_handles"]

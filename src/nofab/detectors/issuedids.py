"""References of the very shape this turn's tools issue, which no tool issued.

Principle: booking locators ("M7XQ2P"), certificates ("certificate_7723410") and card
handles ("credit_card_9034471") have no fixed syntax that prose could recognise on its own:
"K9XE7L" could be a model number, "gift_card_2290114" a variable name. What makes them
identifiers is that this turn's tools hand out strings of exactly that shape. The answer
then copies such strings from the tools, and one no evidence holds was not copied but made
up or miscopied (a digit changed, two swapped).

Two shapes are read, each only when a tool result holds one of the same shape:

- an upper-case run of 5-12 letters and digits holding both (a locator, a confirmation
  code), when a tool result holds such a run of the same length, and either the answer
  names it as a reference (a cue word such as "reservation", "booking", "Buchung",
  "réservation" up to three words before it, or "#") or it is one or two characters away
  from a held one (a miscopy: confidence 0.85);
- the same run split by hyphens ("A-2291", "RX-77-B"), when a tool result holds one of the
  very same skeleton (each letter a letter, each digit a digit, the hyphens in place: the
  receipt numbers of one shop all read "A-9999"), cued or one or two characters away as
  above; a code inside quotes is read too (a quoted subject cites the id it holds);
- a lower-case ``prefix_tail`` handle whose tail holds a digit ("certificate_7723410",
  "alm_62b1"), when a tool result holds one with the same prefix and a tail as long; an
  invented sibling of a held handle ("alm_62b2" beside "alm_62b1") is not excused by being
  one character off: the tools issue each item its own handle, so a handle no result holds
  was not issued.

Risk: an answer that cites a reference from outside this turn's evidence (a code the user
mentioned in an earlier conversation) beside tools that issued others of its shape; the
cue or the near miss keeps unrelated upper-case tokens ("A320NEO", "COVID19") out unless a
tool issues runs of their very length. Cost stays linear: the near-miss comparison is made
only against a bounded number of held ids of the same length.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache

from nofab.detectors.shapedids import grounds_of
from nofab.detectors.textmemo import TextMemo
from nofab.evidence.index import Evidence
from nofab.language import vocabulary

CONFIDENCE_CUED = 0.8
CONFIDENCE_NEAR = 0.85
#: Held ids of one length compared character by character with a candidate; past this
#: many (a result listing thousands of locators) only cued candidates are read.
_NEAR_LIMIT = 64
#: At most this many differing characters make a miscopy of a held id of the same length.
_NEAR_DISTANCE = 2

#: Each opens with its first character's class and checks the character before it by a
#: look-behind after it: the same matches as an opening look-behind (``(?<![\w\-])[A-Z0-9]{5,12}``),
#: but the scan for a candidate's first character runs in C instead of trying the whole
#: pattern at every position of every answer (a third of the scan's cost on prose).
UPPER_RUN = re.compile(r"[A-Z0-9](?<![\w\-].)[A-Z0-9]{4,11}(?![\w\-])")
HYPHENED_RUN = re.compile(r"[A-Z0-9](?<![\w\-].)[A-Z0-9]{0,5}(?:-[A-Z0-9]{1,8}){1,3}(?![\w\-])")
_SKELETON = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "A" * 26 + "9" * 10)
#: A handle's tail holds a digit and may hold letters too ("alm_62b1", a hex-like serial):
#: what makes it an id is that a tool issues handles of that prefix and tail length.
_HANDLE = re.compile(
    r"(?<![\w\-])(?P<prefix>[a-z]{2,20}(?:_[a-z]{2,20}){0,3})_(?P<digits>(?=[a-z]*\d)[a-z0-9]{3,12})(?![\w\-])"
)
_WORDS = re.compile(r"[^\W\d_]+|#", re.UNICODE)


def mixed(token: str) -> bool:
    """Letters and digits both: "M7XQ2P" is a reference, "NOTICE" and "20240527" are not."""
    return not token.isdigit() and not token.isalpha()


def hyphen_skeleton(token: str) -> str:
    """The skeleton of a hyphen-split reference holding letters and digits ("A-2291" ->
    "A-9999"), or "" for any other token (a date "2024-05-01", a word "COVID-ERA")."""
    bare = token.replace("-", "")
    if not 4 <= len(bare) <= 16 or bare.isdigit() or bare.isalpha():
        return ""
    return token.translate(_SKELETON)


@dataclass
class Issued:
    """The id shapes one tool result issues."""

    #: length -> upper-case letters-and-digits runs of that length
    upper: dict[int, set[str]] = field(default_factory=dict)
    #: prefix -> tail lengths of its ``prefix_tail`` handles
    handles: dict[str, set[int]] = field(default_factory=dict)
    #: skeleton -> hyphen-split references of that skeleton ("A-9999" -> {"A-2291"})
    hyphened: dict[str, set[str]] = field(default_factory=dict)


def _read(text: str) -> Issued:
    issued = Issued()
    for m in UPPER_RUN.finditer(text):
        token = m.group()
        if mixed(token):
            issued.upper.setdefault(len(token), set()).add(token)
    if "-" in text:
        for m in HYPHENED_RUN.finditer(text):
            skeleton = hyphen_skeleton(m.group())
            if skeleton:
                issued.hyphened.setdefault(skeleton, set()).add(m.group())
    if "_" in text:
        for m in _HANDLE.finditer(text):
            issued.handles.setdefault(m.group("prefix"), set()).add(len(m.group("digits")))
    return issued


#: Each result's reading, kept by its content while the conversation carries it.
_READINGS: TextMemo[Issued] = TextMemo(_read)


class _Issued:
    """Every shape the turn's tool results issue, asked key by key: each result's reading is
    kept while it recurs (``_READINGS``), and only the keys the answer's candidates ask are
    joined across the results (a turn carrying a search of hundreds of ids would otherwise
    copy every id of every result into one set per turn). The joined set of a key is the one
    a merge of every reading would hold under it."""

    def __init__(self, evidence: Evidence) -> None:
        # the user's words, the context and the agent's own arguments issue nothing
        self._readings = [
            _READINGS.of(source.text)
            for source in evidence.sources
            if source.call is not None and source.label.endswith(".result")
        ]
        self._upper: dict[int, set[str]] = {}
        self._hyphened: dict[str, set[str]] = {}

    def upper(self, length: int) -> set[str]:
        """The upper-case runs of ``length`` the results issue (empty: none)."""
        held = self._upper.get(length)
        if held is None:
            held = self._upper[length] = set().union(*(r.upper.get(length, ()) for r in self._readings))
        return held

    def hyphened(self, skeleton: str) -> set[str]:
        """The hyphen-split references of ``skeleton`` the results issue (empty: none)."""
        held = self._hyphened.get(skeleton)
        if held is None:
            held = self._hyphened[skeleton] = set().union(
                *(r.hyphened.get(skeleton, ()) for r in self._readings)
            )
        return held

    def handle_tail(self, prefix: str, length: int) -> bool:
        """Some result issues ``prefix_`` handles with a tail of ``length``."""
        return any(length in r.handles.get(prefix, ()) for r in self._readings)


@cache
def _cues() -> frozenset[str]:
    return frozenset(vocabulary.load("id_cues")["cues"])


def cued(answer: str, start: int) -> bool:
    """A reference word up to three words before ``start`` ("reservation **K9XE7L**")."""
    words = _WORDS.findall(answer[max(0, start - 48) : start])[-3:]
    cues = _cues()
    return any(w == "#" or w.casefold() in cues for w in words)


def _near(token: str, held: set[str]) -> str | None:
    """A held id of the same length at most two characters away, if one is."""
    if len(held) > _NEAR_LIMIT:
        return None
    for other in held:
        if sum(a != b for a, b in zip(token, other, strict=True)) <= _NEAR_DISTANCE:
            return other
    return None


def keep_all(start: int, end: int) -> bool:
    """The default ``skip``: no span is taken by another shape."""
    return False


def ungrounded_issued_ids(
    evidence: Evidence, answer: str, skip: Callable[[int, int], bool] = keep_all
) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each reference of an issued shape no evidence holds
    (``skip``: a span another shape already read, dropped before the evidence is asked)."""
    upper = [m for m in UPPER_RUN.finditer(answer) if mixed(m.group()) and not skip(*m.span())]
    handles = [m for m in _HANDLE.finditer(answer) if not skip(*m.span())] if "_" in answer else []
    hyphened = (
        [m for m in HYPHENED_RUN.finditer(answer) if hyphen_skeleton(m.group()) and not skip(*m.span())]
        if "-" in answer
        else []
    )
    if not upper and not handles and not hyphened:
        return
    issued = _Issued(evidence)
    upper = [m for m in upper if issued.upper(len(m.group()))]
    handles = [m for m in handles if issued.handle_tail(m.group("prefix"), len(m.group("digits")))]
    hyphened = [m for m in hyphened if issued.hyphened(hyphen_skeleton(m.group()))]
    if not upper and not handles and not hyphened:
        return
    grounds = grounds_of(evidence, [m.group() for m in (*upper, *handles, *hyphened)])
    runs = [(m, issued.upper(len(m.group()))) for m in upper]
    runs += [(m, issued.hyphened(hyphen_skeleton(m.group()))) for m in hyphened]
    for m, held in runs:
        token = m.group()
        if grounds(token):
            continue
        if _near(token, held) is not None:
            yield "code", m.span(), CONFIDENCE_NEAR
        elif cued(answer, m.start()):
            yield "code", m.span(), CONFIDENCE_CUED
    for m in handles:
        if not grounds(m.group()):
            yield "code", m.span(), CONFIDENCE_CUED


__all__ = [
    "CONFIDENCE_CUED",
    "CONFIDENCE_NEAR",
    "HYPHENED_RUN",
    "UPPER_RUN",
    "cued",
    "hyphen_skeleton",
    "keep_all",
    "mixed",
    "ungrounded_issued_ids",
]

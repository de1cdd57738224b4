"""Figures of the positions the user states: "I bought 40 shares at $98.50" -> what they cost,
what they are worth at a price the answer shows, the gain, and the totals over the positions.

Principle: the user's message is evidence of the user's own figures. A count the user gives
with a unit price ("40 shares at $98.50", "15 Aktien zu 812 €", "20 acciones a 31,40 $",
"12 actions à 54 €": a count, then a money amount after a link word, ``position_links`` in
``numbers.json``) is a position. A money figure of the answer announced as a cost, a value
or a gain (``position_cues`` with the gain and loss words, in its sentence or, in a markdown
table, in its column's header) is derived when it equals, within its display rounding:
the position's cost (count x the user's price); the total cost of two or more positions;
the count times a price the answer shows in the figure's own row or sentence (its value
now); or the count times that price less the user's (the gain or loss, unsigned). A
percentage so announced is derived when it is the change from the user's price to a price of
its row or sentence, or an amount of its row or sentence (a gain, a value) over a position's
cost or the total cost. Every operand is the user's or shown beside the figure: the prices of
the row are figures the run explained (held or derived), never any number of the evidence.

Risk: a wrong figure that equals another of these few products (the value given as the gain)
passes; bounded by the cue, by the operands (the user's counts and prices and the few
explained figures of the figure's row or sentence, a dozen candidates at most per position)
and by the display rounding. A position the user words otherwise ("my 40 NVDA shares cost
$3,940") is not read, and its figures stay findings.

A holding the user counts without a price ("my 40 Microsoft shares", "meine 15 Aktien": a
count before a ``position_nouns`` word, at most two words between) is a position whose price
is the market's: its value is the count times a price the answer shows in the figure's row,
sentence or list line ("trading at $327.73 ... your 40 shares are worth $13,109.20"). It has
no cost, so only that value is read. Risk: as above, bounded by the cue and the few explained
prices of the line; a count of shares the answer multiplies by the wrong one of two prices
on one line passes.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING

from nofab.numbers.extract import extract_numerals
from nofab.numbers.lexicon import alternation, listed, listed_pattern
from nofab.numbers.rounding import format_number
from nofab.numbers.rows import clause_at, units

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: At most this many characters between a count and its price in the user's message.
LINK_REACH = 48
#: A figure's row or sentence is read at most this many numerals either side of it.
ROW_REACH = 12
#: At most this many positions are read from one message.
MAX_POSITIONS = 12
_ENDS = frozenset(".!?;\n")


@cache
def _link() -> re.Pattern[str]:
    """A link word ending the text between a count and its price ("at", "@", "zu", "à")."""
    words = alternation(tuple(w.lower() for w in listed("position_links")))
    return re.compile(rf"(?:^|[^\w@])(?:{words})\s*$", re.IGNORECASE)


@cache
def _cues() -> re.Pattern[str]:
    return listed_pattern("position_cues")


@cache
def _moves() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return listed_pattern("gain_words"), listed_pattern("loss_words")


@cache
def _holding() -> re.Pattern[str]:
    """What follows a count of a holding: at most two words, then a position noun."""
    nouns = alternation(tuple(w.lower() for w in listed("position_nouns")))
    # (a word joins the noun with a space or a hyphen: "40 MSFT shares", "30 ORBX-Aktien")
    return re.compile(rf"\s+(?:[\w.&]+(?:\s+|-)){{0,2}}?(?:{nouns})(?!\w)", re.IGNORECASE)


def holdings(message: str) -> list[float]:
    """The counts of each holding the user's message states without a price ("40 shares")."""
    found: list[float] = []
    for count in extract_numerals(message) if message else []:
        if count.kind != "number" or count.decimals or count.scale != 1.0 or count.value < 1:
            continue
        if _holding().match(message, count.span[1]):
            found.append(abs(count.value))
            if len(found) >= MAX_POSITIONS:
                break
    return found


def positions(message: str) -> list[tuple[float, float]]:
    """(count, unit price) of each position the user's message states."""
    found: list[tuple[float, float]] = []
    numerals = extract_numerals(message) if message else []
    for count, price in pairwise(numerals):
        if count.kind != "number" or count.decimals or count.scale != 1.0 or count.value < 1:
            continue
        if price.kind != "money" or price.scale != 1.0:
            continue
        between = message[count.span[1] : price.span[0]]
        if len(between) > LINK_REACH or _ENDS.intersection(between) or not _link().search(between):
            continue
        found.append((abs(count.value), abs(price.value)))
        if len(found) >= MAX_POSITIONS:
            break
    return found


class Positions:
    """The user's positions and the answer's rows and sentences, read at the first question."""

    __slots__ = ("_evidence", "_holdings", "_positions", "_starts", "_units")

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._positions: list[tuple[float, float]] | None = None
        self._holdings: list[float] = []
        self._units: list[int] = []
        self._starts: list[int] = []  # each numeral's start: a clause's numerals by bisection

    def live(self) -> bool:
        """May a figure still be of the user's positions: True until the user's message is
        read (at the first amount or percentage asked) and states none."""
        return self._positions is None or bool(self._positions) or bool(self._holdings)

    def _held(self) -> list[tuple[float, float]]:
        if self._positions is None:
            evidence = self._evidence
            message = evidence.turn.user_message or ""
            self._positions = positions(message)
            priced = {k for k, _p in self._positions}
            self._holdings = [k for k in holdings(message) if k not in priced]
            read = bool(self._positions or self._holdings)
            self._units = units(evidence.answer) if read else []
            self._starts = [n.span[0] for n in evidence.numerals] if read else []
        return self._positions

    def explain(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """How the figure at ``index`` (true values ``[lo, hi]``) is a cost, value, gain or
        return of the user's positions, announced by a cue; or None."""
        evidence = self._evidence
        numeral = evidence.numerals[index]
        if numeral.kind not in ("money", "percent"):
            return None
        held = self._held()
        if not held and not self._holdings:
            return None
        start, end, header = self._clause(numeral.span[0])
        answer = evidence.answer
        if not (_cued(answer[start:end]) or _cued(header)):
            return None
        numerals = evidence.numerals
        first = max(bisect_right(self._starts, start - 1), index - ROW_REACH)
        last = min(bisect_right(self._starts, end - 1), index + ROW_REACH + 1)
        row = [
            (j, value)
            for j in range(first, last)
            if j != index and numerals[j].kind == "money" and (value := operand(j)) is not None
        ]

        def inside(value: float) -> bool:
            return lo - 1e-9 <= value <= hi + 1e-9

        if numeral.kind == "money" and self._holdings:
            for k in self._holdings:
                for _j, q in row or self._line(index, operand):
                    if inside(k * q):
                        return f"the value of the user's {format_number(k)} at {format_number(q)}"

        costs = [k * p for k, p in held]
        total = sum(costs) if len(held) >= 2 else None
        if numeral.kind == "money":
            for (k, p), cost in zip(held, costs, strict=True):
                if inside(cost):
                    return f"the cost of the user's {format_number(k)} at {format_number(p)}"
                for _j, q in row:
                    if inside(k * q) or inside(k * abs(q - p)):
                        return (
                            f"{format_number(k)} of the user's at {format_number(p)}, now {format_number(q)}"
                        )
            if total is not None and inside(total):
                return "the total cost of the user's positions"
            return None
        for _k, p in held:
            for _j, q in row:
                if p and inside(abs(q - p) / p * 100):
                    return f"the change from the user's price {format_number(p)} to {format_number(q)}"
        bases = [*costs, *([total] if total is not None else [])]
        for base in bases:
            for _j, q in row:
                if base and (inside(q / base * 100) or inside(abs(q - base) / base * 100)):
                    return f"{format_number(q)} over the user's cost {format_number(base)}"
        return None

    def _line(self, index: int, operand: Callable[[int], float | None]) -> list[tuple[int, float]]:
        """The explained money figures of the list line or paragraph line holding the figure at
        ``index`` (at most ``ROW_REACH`` numerals either side)."""
        evidence = self._evidence
        answer, numerals = evidence.answer, evidence.numerals
        at = numerals[index].span[0]
        start = answer.rfind("\n", 0, at) + 1
        stop = answer.find("\n", at)
        end = len(answer) if stop < 0 else stop
        first = max(bisect_right(self._starts, start - 1), index - ROW_REACH)
        last = min(bisect_right(self._starts, end - 1), index + ROW_REACH + 1)
        return [
            (j, value)
            for j in range(first, last)
            if j != index and numerals[j].kind == "money" and (value := operand(j)) is not None
        ]

    def _clause(self, at: int) -> tuple[int, int, str]:
        """(start, end) of the sentence or table row holding ``at``, and the header of its
        table column ("" outside a table)."""
        return clause_at(self._evidence.answer, self._units, at)


def _cued(text: str) -> bool:
    if not text:
        return False
    gains, losses = _moves()
    return bool(_cues().search(text) or gains.search(text) or losses.search(text))


__all__ = ["Positions", "holdings", "positions"]

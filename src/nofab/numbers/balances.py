"""The balance left on a payment method after a charge to it: "The $90 came off your gift card,
which leaves $30 on it", "The third gift card has $26 left" — or its new balance after a refund
to it: "$26 was refunded to your gift card, which brings it to $71".

Principle: a payment method (a gift card, a certificate, a wallet) is a record that names
itself by its ``id`` and holds an amount (its balance: a field whose key names money); a charge
to it is a later record that refers to that same id under another key ("payment_id",
"method_id") and holds the amount charged. The balance left on the method is the first amount
minus the second — or minus the sum of the charges one later result lists for it. An amount of
the answer is explained by that difference when its clause says what is left (``balance_cues``
in ``numbers.json``, five languages: left, leaves, remaining, queda, reste, übrig, resta ...),
even when the answer shows neither operand. The method id ties the two numbers together: never
any pair of numbers of two results, only a balance and a charge to the same method, with the
charge read in a later tool result than the balance (a balance read after the charge already
has it taken off). A refund is a charge of a negative amount (a payment history's ``{"payment_id":
"gift_card_1", "amount": -26}``): the balance after it is the balance plus the refund, under the
same method id and in a clause with a balance cue, which names a new balance as well as a
remainder ("brings it to", "bringt es auf", "porte le solde à", "lo lleva a").

Risk: a balance read after the charge in a result that does not say so (a profile read again
after the write, still the old value) or an old charge listed in a later read (a reservation's
payment history) gives a second difference per method; an invented remainder equal to one of
these few differences passes. Each method has a handful of them at most, so a changed amount
lands on one only by coincidence of one value.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from nofab.numbers.index import MONEY_KEY
from nofab.numbers.lexicon import by_language
from nofab.numbers.refunds import refund_cue, refunded
from nofab.numbers.rounding import format_number

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record

#: The key a record names itself by (a reference to another record is any other "..._id").
SELF_KEY = "id"
#: How far either side of a number its clause is read for a balance cue (characters).
CUE_REACH = 80
#: At most this many records are read per turn (payment methods are few; a huge result is not
#: a wallet).
MAX_RECORDS = 2000
_CALL = re.compile(r"^tool_calls\[(\d+)\]")
_CLAUSE_END = re.compile(r"[.;!?\n]\s")
_WORD = re.compile(r"[^\W\d_]+")


@cache
def _cues() -> frozenset[str]:
    return frozenset(w.lower() for words in by_language("balance_cues").values() for w in words)


def balance_cue(answer: str, span: tuple[int, int]) -> bool:
    """Does the number's clause, within ``CUE_REACH`` either side, say what is left (left,
    leaves, remaining, queda, reste, übrig ...)?"""
    lo = max(0, span[0] - CUE_REACH)
    lo = max((m.end() for m in _CLAUSE_END.finditer(answer, lo, span[0])), default=lo)
    hi = min(len(answer), span[1] + CUE_REACH)
    end = _CLAUSE_END.search(answer, span[1], hi)
    hi = end.start() if end else hi
    return not _cues().isdisjoint(w.lower() for w in _WORD.findall(answer, lo, hi))


def _call(record: Record) -> int | None:
    """The index of the tool call whose result holds the record (None: not a tool result)."""
    m = _CALL.match(record.where)
    return int(m.group(1)) if m else None


@lru_cache(maxsize=4096)
def _money_key(key: str) -> bool:
    """Does the field ``key`` name an amount of money? The same keys recur in every record of
    a result and in every turn that carries it, and the search costs microseconds per key (a
    flight search's records ask it hundreds of times per turn): each key is read once."""
    return MONEY_KEY.search(key) is not None


def _amounts(record: Record, signed: bool = False) -> list[float]:
    """The record's amounts of money: numeric fields whose key names money (``signed``: a
    negative one too, a refund among charges)."""
    return [v for key, v in record.numeric_fields() if _money_key(key) and (signed or v >= 0)]


def _result(record: Record) -> str:
    """The tool result a record belongs to (``tool_calls[2].result``): charges are summed per
    result."""
    m = _CALL.match(record.where)
    return m.group(0) if m else record.where


def _methods(
    records: Iterable[Record],
) -> tuple[dict[str, list[tuple[int, float]]], list[tuple[str, int, str, float]]]:
    """(each payment method's balances by id, as (call, amount); the charges to an id, as
    (method id, call, result, amount), a refund negative)."""
    balances: dict[str, list[tuple[int, float]]] = defaultdict(list)
    charges: list[tuple[str, int, str, float]] = []  # (method id, call, result, amount)
    for n, record in enumerate(records):
        if n >= MAX_RECORDS:
            break
        call = _call(record)
        if call is None or not record.names:
            continue
        amounts = _amounts(record) or _amounts(record, signed=True)  # a lone negative one: a refund
        if len(amounts) != 1:
            continue  # one amount says what the record is worth; several say nothing alone
        for key, text in record.names:
            if key == SELF_KEY and amounts[0] >= 0:
                balances[text].append((call, amounts[0]))
            elif key.lower().endswith("id") and key != SELF_KEY:
                charges.append((text, call, _result(record), amounts[0]))  # < 0: a refund
    return balances, charges


def method_balances(records: Iterable[Record]) -> dict[str, list[float]]:
    """Each payment method's balances (a record naming itself by id with one amount), by id."""
    return {method: [amount for _call, amount in held] for method, held in _methods(records)[0].items()}


def left_amounts(records: Iterable[Record]) -> dict[float, str]:
    """Every balance left on a payment method: its balance minus one later charge to it, or
    minus the sum of the charges one later result lists for it (value -> how, described)."""
    balances, charges = _methods(records)
    if not balances:
        return {}
    out: dict[float, str] = {}
    sums: dict[tuple[str, str], tuple[int, float, int]] = {}
    for method, call, result, amount in charges:
        if method not in balances:
            continue
        earlier, total, count = sums.get((method, result), (call, 0.0, 0))
        sums[(method, result)] = (min(earlier, call), total + amount, count + 1)
        _add(out, balances[method], method, call, amount, "the charge")
    for (method, _result_key), (call, total, count) in sums.items():
        if count > 1:
            _add(out, balances[method], method, call, total, f"the {count} charges")
    return out


def _add(
    out: dict[float, str], held: list[tuple[int, float]], method: str, call: int, amount: float, what: str
) -> None:
    for at, balance in held:
        if at < call and balance - amount >= 0:
            value = round(balance - amount, 6)
            held_as = f"the balance {format_number(balance)} of {method}"
            if amount < 0:
                out.setdefault(value, f"{held_as} plus the refund {format_number(-amount)} to it")
            else:
                out.setdefault(value, f"{held_as} minus {what} {format_number(amount)}")


class Balances:
    """The balances left on the turn's payment methods, read on the first question."""

    __slots__ = ("_evidence", "_held", "_left")

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._left: list[tuple[float, str]] | None = None
        self._held: list[float] | None = None  # every method's balances, for a shown refund

    def left(self, span: tuple[int, int], lo: float, hi: float) -> str | None:
        """How the amount at ``span`` (true values ``[lo, hi]``) is a balance left on a payment
        method, when its clause says what is left; else None."""
        if self._left is None:  # most turns hold no payment method: then no clause is read
            self._left = sorted(left_amounts(self._evidence.records).items())
        found = next((how for value, how in self._left if lo - 1e-9 <= value <= hi + 1e-9), None)
        return found if found is not None and balance_cue(self._evidence.answer, span) else None

    def topped(self, span: tuple[int, int], lo: float, hi: float, shown: Sequence[float]) -> str | None:
        """How the amount at ``span`` is a method's balance plus a refund the answer shows
        (``shown``: the grounded amounts near it), when its sentence says refund and its clause
        what the method holds (``nofab.numbers.refunds``); else None."""
        if self._held is None:
            held = method_balances(self._evidence.records).values()
            self._held = sorted({v for values in held for v in values})
        found = refunded(self._held, shown, lo, hi) if self._held and shown else None
        answer = self._evidence.answer
        return found if found and balance_cue(answer, span) and refund_cue(answer, span) else None


__all__ = [
    "CUE_REACH",
    "MAX_RECORDS",
    "SELF_KEY",
    "Balances",
    "balance_cue",
    "left_amounts",
    "method_balances",
]

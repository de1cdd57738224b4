"""An amount that is a per-unit amount the answer shows times a count: "economy costs $188 per
passenger, $376 for you and Ada", "20 € pro Person, 60 € für drei".

Principle: an answer that states a unit price ("per passenger", "each", "pro Person", "por
persona", "par personne": ``per_unit`` in ``numbers.json``) and then a total multiplies it
by how many there are. An amount equal to ``k`` times a per-unit amount the answer shows
nearby (itself an amount of the evidence), for a ``k`` of 2-9 the turn gives, is explained:
the count may be written (digits or number words in the user's message or the answer,
"both"), be the people the amount is said to be for ("for you and Ada", "pour vous et
Marie": ``party`` in ``numbers.json``, each member a pronoun, a possessive and a noun, or
capitalised words), or be the count a tool result holds of the unit's noun ("per
passenger" and a reservation's two passengers; "per night" and the nights between a stay's
two dates, ``nofab.numbers.staylengths``). A multiple whose ``k`` the turn gives
nowhere proves little (multiples of a small price are dense): when the turn gives no count
at all it is reported at 0.5 with the derivation as evidence, and when it gives other
counts ("three of us", "3 passengers" beside a total of four fares) the multiple explains
nothing: the turn's count contradicts it.

The per-unit amount may also be one the answer itself computed and the run already explained
("$312 + $298 = $610 per person, $1,220 for two"): a product of an explained amount is as
grounded as the amount, for the same reason a product of a held amount is.

The same holds the other way (``split``): an amount stated per unit ("$672 per person", "¥36,630
per day", "$250/day") that is a grounded total the answer shows nearby divided by a count the
turn gives (the people, the days) is that total split, in the same currency. And a quantity
written with a unit is multiplied as an amount is ("15 minutes each", "135 minutes" for 9
meetings): the per-unit quantity and the product carry the same unit.

Risk: multiples are dense among small prices, so a changed total that lands on another
multiple of the unit price passes when the turn happens to mention that count; bounded by
requiring the per-unit cue on a grounded amount within a few numbers of the total, and
``k`` at most 9. A split is bounded alike: the per-unit cue on the split amount itself, its
total shown and grounded within ``REACH`` numerals, the count one the turn gives (never one
merely implied); a changed per-unit amount passes only when k times it is another total shown
beside it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection
from functools import cache
from typing import TYPE_CHECKING

from nofab.language.text import strip_accents
from nofab.numbers.context import AnswerContext
from nofab.numbers.counted import CountedFields, turn_counts
from nofab.numbers.exchange import currency
from nofab.numbers.extract import Numeral
from nofab.numbers.index import MONEY_KEY, any_within
from nofab.numbers.lexicon import by_language, number_words
from nofab.numbers.nouns import PARTY, noun_concept
from nofab.numbers.passes import LOOSE, Pending
from nofab.numbers.rounding import format_number
from nofab.numbers.statedunits import MAX_K, StatedUnits
from nofab.numbers.staylengths import CONCEPTS, stay_lengths
from nofab.numbers.units import answer_unit

#: At most this many records are read as the whole of a share (``_held_split``).
MAX_SPLIT_RECORDS = 50
#: How many numerals either side of an amount its per-unit amount may stand, and how many
#: amounts of its own unit and currency (other figures between, such as the rates of a list
#: of conversions, do not count against that reach: ``SCAN`` numerals at most).
REACH = 4
SCAN = 16
#: How far after an amount the people it is for are read (characters).
PARTY_REACH = 80

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record

#: A currency written after an amount ("376 euros", "20 $"): skipped before the words read.
_CURRENCY_AFTER = re.compile(r"\s*(?:[$€£¥₹]|([^\W\d_]+)\.?)")

_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|[,&]|\S")
#: The per word, or the article of "$214 a night", "30 € la nuit", "20 € am Tag", before the unit's noun.
#: The noun of a per-unit phrase ("per share", "por acción", "pro Aktie"), past one noun that
#: says what the amount is ("$6.58 rise per share").
_PER_NOUN = re.compile(r"(?:per|pro|por|par|je|cada)\s+([^\W\d_]+)", re.IGNORECASE)
_AFTER_UNIT = re.compile(
    r"\s*(?:(?:per|pro|por|par|each|je|cada|an?|la|al|ao|a\s+la|die|am|im)\s+)?([^\W\d_]+)", re.IGNORECASE
)


@cache
def _party() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """(for words, and words, person pronouns, possessives) of every language; the for and
    and words lower case, pronouns and possessives as written (German "Sie" is capitalised)."""
    tables = by_language("party").values()
    fors = frozenset(w.lower() for t in tables for w in t.get("for", ()))
    ands = frozenset(w.lower() for t in tables for w in t.get("and", ()))
    persons = frozenset(w for t in tables for w in t.get("persons", ()))
    possessives = frozenset(w for t in tables for w in t.get("possessives", ()))
    return fors, ands, persons, possessives


def after_amount(answer: str, end: int) -> int:
    """Where the words after the amount ending at ``end`` start, past a currency written after
    it ("376 euros pour vous", "20 $ pro Person")."""
    found = _CURRENCY_AFTER.match(answer, end)
    if found is None or (found.group(1) and found.group(1).lower() not in number_words().currencies):
        return end
    return found.end()


def party_size(answer: str, end: int) -> int | None:
    """How many people the amount ending at ``end`` is said to be for ("for you and Ada" ->
    2, "pour Anna, Ben et Cleo" -> 3), or None when no such list of two or more follows."""
    fors, ands, persons, possessives = _party()
    words = _WORD.findall(answer[end : end + PARTY_REACH])
    if not words or words[0].lower() not in fors:
        return None
    members, joined = 0, False
    state = ""  # within a member: "" (none yet), "own" (after a possessive), "name", "done"
    for word in words[1:]:
        if word == "," or word.lower() in ands:
            if state in ("", "own"):
                break
            members, joined, state = members + 1, joined or word != ",", ""
        elif state == "" and word in persons:
            state = "done"  # a pronoun is one whole member
        elif state == "" and word in possessives:
            state = "own"
        elif state == "own" and word[:1].isalpha():
            state = "done"  # "my wife"
        elif state in ("", "name") and word[:1].isupper() and word[:1].isalpha():
            state = "name"  # "Camille Laurent": the capitalised words of one name
        else:
            break
    members += state in ("name", "done")
    return members if joined and 2 <= members <= MAX_K else None


class PerUnit:
    """The per-unit amounts of one answer, asked for each unexplained amount; read from the
    answer on the first question (most turns never ask)."""

    __slots__ = (
        "_at", "_context", "_counted", "_counts", "_evidence", "_explained", "_interval", "_splits",
        "_stated", "_unit_counts", "_unit_of", "_units",
    )  # fmt: skip

    def __init__(
        self,
        evidence: Evidence,
        context: AnswerContext,
        interval: Callable[[Numeral], tuple[float, float]],
        counts: Callable[[], Collection[int]],
        explained: Callable[[int], float | None] = lambda _index: None,
    ) -> None:
        self._evidence = evidence
        #: the value of an answer numeral the run explained (None when it did not, yet)
        self._explained = explained
        self._context = context
        self._interval = interval
        self._counts = counts
        self._counted: CountedFields | None = None
        self._splits: dict[str, list[tuple[int, list[float]]]] | None = None  # ``_record_counts``
        # (index, (lo, hi), noun concept, held by the evidence) of each amount stated per
        # unit, by index; ``_at`` their indices, for a bisection per question
        self._units: list[tuple[int, tuple[float, float], str | None, bool]] | None = None
        self._at: list[int] = []
        #: ``_unit`` by index: each question reads the units of every amount within ``REACH``
        #: of it, so on an answer dense with numbers each unit was read ``REACH`` times
        self._unit_of: dict[int, tuple[str, str, int]] = {}
        self._unit_counts: dict[str, frozenset[int]] = {}  # ``_counted_unit``, by noun
        #: the rates a source states ("5 bags per passenger" in a policy), for a figure that
        #: multiplies none the answer shows (``nofab.numbers.statedunits``)
        self._stated = StatedUnits(evidence, context, after_amount, party_size)

    def _read(self) -> list[tuple[int, tuple[float, float], str | None, bool]]:
        units: list[tuple[int, tuple[float, float], str | None, bool]] = []
        answer, money = self._evidence.answer, self._evidence.money
        if not self._context.may_be_per_unit():
            return units  # no amount of the answer is stated per unit (read once per answer)
        for i, numeral in enumerate(self._evidence.numerals):
            end = after_amount(answer, numeral.span[1]) if numeral.kind == "money" else 0
            if numeral.kind == "number":
                # "15 minutes each": the words after the unit; a bare count per unit ("5 per
                # passenger", "15 (5 per passenger)"): the words after its digits
                end = self._unit(i)[2] or (numeral.span[1] if numeral.scale == 1.0 else 0)
            if end and self._context.per_unit(end):
                lo, hi = self._interval(numeral)
                found = _AFTER_UNIT.match(answer, end)
                noun = noun_concept(found.group(1)) if found else None
                held = self._evidence.numbers.near(lo, hi)  # a quantity: any number of the evidence
                held = any_within(money, lo, hi) if numeral.kind == "money" else held
                if held and numeral.kind == "money":
                    # Principle: a held amount is exact: "$50" that a result holds as 50 is 50,
                    # not the 49.5-50.5 its writing allows, so "2 x $50" is 100 and "$101" no
                    # multiple. Risk: two held amounts within the writing's half step widen it
                    # to both (the multiple of either passes).
                    inside = money[bisect_left(money, lo) : bisect_right(money, hi)]
                    lo, hi = inside[0], inside[-1]
                units.append((i, (lo, hi), noun, held))
        self._at = [i for i, _interval, _noun, _held in units]
        return units

    def settle(self, item: Pending, lo: float, hi: float) -> bool:
        """Is the pending amount explained as a per-unit amount times a count the turn gives
        (a per-unit amount the answer shows, or a rate a source states: ``statedunits``)? A
        multiple with no count in the turn at all leaves it at 0.5 with the derivation."""
        found = self.explain(item.index, lo, hi)
        if found is not None and found[1]:
            return True
        if self._stated.explain(item.index, lo, hi) is not None:
            return True  # a rate a source states times its unit's count
        if found is None:
            return False
        if item.confidence > LOOSE:
            item.confidence, item.how = LOOSE, found[0]
        return False

    def explain(self, index: int, lo: float, hi: float) -> tuple[str, bool] | None:
        """How the amount at ``index`` (true values ``[lo, hi]``) is a per-unit amount times a
        count, and whether the turn gives that count; or None."""
        if self._units is None:
            self._units = self._read()
        if not self._units:
            return None  # no amount of the answer is stated per unit
        first = bisect_left(self._at, index - REACH)
        for j, (ulo, uhi), noun, held in self._units[first : bisect_right(self._at, index + REACH)]:
            if not held and self._explained(j) is None:
                continue  # a per-unit amount neither held nor explained proves nothing
            if self._unit(j)[:2] != self._unit(index)[:2]:
                continue  # "15 minutes each" multiplies into minutes, an amount into an amount
            k = next((k for k in range(2, MAX_K + 1) if j != index and lo / k <= uhi and hi / k >= ulo), 0)
            if not k and j != index:
                k = self._counted_unit(j, lo, hi, ulo, uhi)
                if k:  # "40 MSFT shares ... $6.58 per share, $263.20": a count stated of the unit
                    unit = format_number(self._evidence.numerals[j].value)
                    return f"{k} x the per-unit amount {unit} (a count the turn states of its unit)", True
            if not k:
                continue
            unit = format_number(self._evidence.numerals[j].value)
            answer = self._evidence.answer
            party = party_size(answer, after_amount(answer, self._evidence.numerals[index].span[1]))
            where = self._count_source(k, party, noun)
            if where:
                return f"{k} x the per-unit amount {unit} ({where})", True
            if party or self._counts():
                return None  # the turn counts otherwise: another multiple is a slip
            return f"{k} x the per-unit amount {unit}, with no count in the turn", False
        return None

    def _counted_unit(self, j: int, lo: float, hi: float, ulo: float, uhi: float) -> int:
        """A count above ``MAX_K`` the answer or the user's message states of the very noun the
        per-unit amount at ``j`` is stated per ("40 shares" for "per share"), that times the
        amount lands in ``[lo, hi]``; else 0. Principle: the count and the unit name the same
        things, so the product is the total of them (a count of any other noun proves
        nothing: multiples are dense). Risk: a count of that noun said for another holding
        ("40 shares" of another stock) explains a product of it."""
        answer = self._evidence.answer
        start = after_amount(answer, self._evidence.numerals[j].span[1])
        found = _PER_NOUN.search(answer, start, start + 40)
        if found is None or len(found.group(1)) < 3:
            return 0
        word = strip_accents(found.group(1).lower())  # "acción", "acciones"
        counts = self._unit_counts.get(word)
        if counts is None:  # read once per noun and answer: asked for every amount near a unit
            # the count, at most two words (a ticker, an adjective), the noun singular or plural
            said = re.compile(
                rf"(?<![\d.,])(\d{{2,6}})\s+(?:[^\W\d_]+\s+){{0,2}}{re.escape(word)}(?:s|es|n|en)?(?!\w)",
                re.IGNORECASE,
            )
            texts = (answer, self._evidence.turn.user_message or "")
            counts = frozenset(int(m.group(1)) for text in texts for m in said.finditer(strip_accents(text)))
            self._unit_counts[word] = counts
        for count in counts:
            if count > MAX_K and lo / count <= uhi and hi / count >= ulo:
                return count
        return 0

    def _unit(self, index: int) -> tuple[str, str, int]:
        """(kind, unit, where the words after it start) of the numeral at ``index``: a plain
        number's unit of measure written after its digits ("15 minutes"), "" for none (an
        amount, a bare count: then 0 for where)."""
        held = self._unit_of.get(index)
        if held is None:
            held = self._unit_of[index] = self._read_unit(index)
        return held

    def _read_unit(self, index: int) -> tuple[str, str, int]:
        numeral = self._evidence.numerals[index]
        if numeral.kind != "number" or numeral.scale != 1.0:
            return numeral.kind, "", 0
        answer, (start, end) = self._evidence.answer, numeral.span
        while end > start and not answer[end - 1].isdigit():
            end -= 1  # a unit glued to the digits ("15min") is part of the numeral's text
        found = answer_unit(answer, end)
        return ("number", found[0], found[1]) if found else ("number", "", 0)

    def split(self, item: Pending, lo: float, hi: float) -> str | None:
        """How the per-unit amount ``item`` (true values ``[lo, hi]``) is a total the answer
        shows nearby divided by a count the turn gives, or None (``split`` above)."""
        if not self._context.may_be_per_unit():
            return None  # no amount of the answer is stated per unit (read once per answer)
        numerals, answer = self._evidence.numerals, self._evidence.answer
        index = item.index
        end = after_amount(answer, numerals[index].span[1]) if item.numeral.kind == "money" else 0
        end = end or self._unit(index)[2]
        if not end or not (
            self._context.per_unit(end) or self._context.per_unit_before(numerals[index].span[0])
        ):
            return None
        found = _AFTER_UNIT.match(answer, end)
        noun = noun_concept(found.group(1)) if found else None
        kind, unit, _end = self._unit(index)
        mine = currency(answer, item.numeral) if kind == "money" else unit
        seen = 0
        for j in sorted(
            range(max(0, index - SCAN), min(len(numerals), index + SCAN + 1)), key=lambda j: abs(j - index)
        ):
            if j == index or self._unit(j)[:2] != (kind, unit):
                continue
            if kind == "money" and currency(answer, numerals[j]) != mine:
                continue  # a total in another currency is converted, not split
            seen += 1
            if seen > 2 * REACH:
                break
            total = self._explained(j)
            if total is None:
                continue
            for k in range(2, MAX_K + 1):
                if lo * k <= total <= hi * k:
                    party = party_size(answer, after_amount(answer, numerals[j].span[1]))
                    where = self._count_source(k, party, noun)
                    if where:
                        return f"{format_number(total)} split by {k} ({where})"
        if kind == "money":
            people = self._context.per_unit_before(numerals[index].span[0])
            return self._held_split(lo, hi, (noun,) if noun else PARTY if people else ())
        return None

    def _held_split(self, lo: float, hi: float, nouns: tuple[str, ...]) -> str | None:
        """How the amount stated per unit is an amount of a record divided by that record's
        count of the unit, or None.

        Principle: "about $170 per night" for a stay whose record holds a total of $510.30
        and 3 nights, "each of you pays $255.15" for a booking of $510.30 and 2 guests:
        the answer split the record's total by its count of the unit the amount is stated
        per (the noun after the amount; people for a per-person subject before it). The
        total and the count belong to one record (an amount of the record or of the records
        nested in it, such as its payment history): a total of one booking split by the
        passengers of another is no share of anything. Risk: a wrong per-unit amount equal
        to another amount of the same record split by its count is excused (a few amounts
        per record, one count per noun)."""
        for noun in nouns:
            for k, amounts in self._record_counts(noun):
                found = next((a for a in amounts if lo * k <= a <= hi * k), None)
                if found is not None:
                    return f"{format_number(found)} split by {k} (the {noun} count of its record)"
        return None

    def _record_counts(self, noun: str) -> list[tuple[int, list[float]]]:
        """(count, amounts) of each record that counts ``noun`` 2 to ``MAX_K`` times: the
        record's own amounts of money and those of the records nested in it. Read once per
        noun and answer, for at most ``MAX_SPLIT_RECORDS`` records."""
        if self._splits is None:
            self._splits = {}
        held = self._splits.get(noun)
        if held is None:
            records = self._evidence.records
            held = self._splits[noun] = []
            for record in records:
                counts = [int(k) for k in CountedFields((record,)).counts(noun) if 2 <= k <= MAX_K]
                if counts and len(held) < MAX_SPLIT_RECORDS:
                    amounts = _amounts_under(records, record.where)
                    held.extend((k, amounts) for k in counts)
        return held

    def _count_source(self, k: int, party: int | None, noun: str | None) -> str:
        if party == k:
            return "the people it is for"
        if k in self._counts():
            return "a count the turn mentions"
        if noun is not None:
            if self._counted is None:
                self._counted = turn_counts(self._evidence.records)
            if k in self._counted.counts(noun):
                return f"the {noun} count of a tool result"
            if noun in CONCEPTS and k in stay_lengths(self._evidence.records):
                return f"the {noun}s between two dates of a record"
        return ""


def _amounts_under(records: tuple[Record, ...], where: str) -> list[float]:
    """The amounts of money of the record at ``where`` and of the records nested in it."""
    out: list[float] = []
    for record in records:
        if record.where == where or record.where.startswith((where + ".", where + "[")):
            out.extend(abs(v) for key, v in record.numeric_fields() if MONEY_KEY.search(key))
    return out


__all__ = ["MAX_K", "REACH", "PerUnit", "after_amount", "party_size"]

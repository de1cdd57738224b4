"""A number of the answer explained as a derivation within one tool result: a sum,
difference, ratio or percentage of two related numbers (``nofab.numbers.pairs``).

Principle: a derivation explains a number only when it is informative. Where the values
derivable near the number are dense (a changed number would be "derived" by chance at least
a quarter of the time; 10-40 prices combine into most nearby integers) it proves nothing;
the result is then "uninformative: ..." and the number is reported at 0.5. Money is never a
ratio or a percentage of two numbers (amounts add and subtract) and combines only amounts; a
percentage of two numbers explains only a percent.

And the operands are commensurable with the number (``nofab.numbers.kinds``): a number whose
kind the answer shows — a percentage, a temperature in °F, a distance in km, a count of
bags — is a sum or difference only of the fields of a group whose keys name that kind or
none ("high_f" and "low_f", never "precip_chance" and "low_c"), and never a ratio unless it
is a percentage (a ratio of two values of one kind has no unit). With no commensurable
derivation the number stays unexplained, as any other. Risk: a true sum over fields whose
keys name the kind differently ("temp" beside "high_f") is flagged, and a changed bare
number still lands on any derivation as before; a true sum over a large result is reported
at 0.5 (not blocking), and a ratio-derived amount is flagged.
"""

from __future__ import annotations

from collections.abc import Callable

from nofab.numbers.kinds import MONEY, PERCENT
from nofab.numbers.pairs import DerivedTable


def derivation(
    derived: DerivedTable,
    lo: float,
    hi: float,
    literal: str,
    money_only: bool,
    quantity: Callable[[], str | None],
) -> str | None:
    """How a derivation within one result lands in ``[lo, hi]`` ("uninformative: ..." when
    values near it are densely derivable too), or None.

    ``literal``: the numeral's kind as written (money, percent, number); ``money_only``: only
    amounts combine (an amount, when the evidence says which numbers are money);
    ``quantity``: the kind of quantity the answer shows it is (``kinds.answer_kind``), read
    only when some derivation lands."""
    ratios = literal in ("number", "percent")
    percents = literal == "percent"
    how = derived.pair(lo, hi, money_only, ratios, percents)
    if how is None:
        return None  # nearly every question: no derivation of any kind
    kind = None if money_only else quantity()
    if kind is not None and kind != MONEY:
        how = derived.of_kind(kind).pair(lo, hi, ratios=False)  # commensurable fields only
        if how is None and kind == PERCENT:  # a ratio of one kind's values has no unit
            how = derived.pair(lo, hi, False, ratios, percents, sums=False)
        if how is None:
            return None
    # Density over every derivation of the results, commensurable or not: a derivation that
    # lands among many is as much a coincidence (so leaving some out never makes one count).
    if derived.dense(lo, hi, money_only, ratios, percents):
        return f"uninformative: {how}, but values near it are densely derivable too"
    return how


__all__ = ["derivation"]

"""The reason a number finding gives, in words: what the literal is, that the evidence does
not hold it, and the loose explanation or record field it was held against."""

from __future__ import annotations

from nofab.numbers.numeral import Numeral

#: What a finding's reason calls the literal, by kind (any other kind is a "number").
_WHAT = {"date": "date", "time": "time", "code": "code", "year": "year"}


def reason(numeral: Numeral, how: str | None, not_money: bool, misread: str = "") -> str:
    """The reason of a finding on ``numeral``: ``how`` it could be explained loosely,
    ``not_money`` when the evidence holds its value only as something else than an amount,
    ``misread`` how a record the answer names holds the field differently."""
    tail = f"; {misread}" if misread else ""
    if numeral.kind == "invalid":
        return (
            f"{numeral.text} is not a valid time or date, and the evidence does not hold it as written{tail}"
        )
    if not_money and not how:
        return (
            f"amount {numeral.text} not found among the amounts of money in the evidence "
            f"(the same number appears only as something else, such as a count){tail}"
        )
    what = _WHAT.get(numeral.kind, "number")
    base = f"{what} {numeral.text} not found in tool results, context or user message"
    return f"{base}; it could only be explained loosely ({how}){tail}" if how else base + tail


__all__ = ["reason"]

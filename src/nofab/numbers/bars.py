"""The numbers detector's bars: how much each kind of unexplained literal looks like a claimed
fact (its confidence), and the reach of its readings (the window of shown operands, the
tolerance after "about", the cap on full-text code searches).
"""

from __future__ import annotations

from nofab.numbers.passes import LOOSE

#: Bare integers up to this are structural ("3 groups"); checked only as facts (``numbers.facts``).
STRUCTURAL_MAX = 12

#: Base confidence per kind of literal: how much it looks like a claimed fact.
CONFIDENCE = {
    "money": 0.9,
    "percent": 0.85,
    "code": 0.85,
    "invalid": 0.85,
    "number": 0.8,
    "date": 0.8,
    "time": 0.8,
    "range": 0.75,
    "ordinal": 0.6,
    "year": 0.5,
}
#: Confidence when the number is missing but is a plausible multiple, a relative date, or an
#: uninformative derivation: worth a look, not a refusal.
CONFIDENCE_LOOSE = LOOSE
#: An amount whose value the evidence holds only as something else (a count, an id part).
CONFIDENCE_NOT_MONEY = 0.82
#: Relative tolerance after "about", "around", "~", "roughly".
APPROX_TOLERANCE = 0.05
#: Grounded numbers of the answer usable as operands: this many before and after a number
#: (arithmetic an answer shows is local).
WINDOW_BEFORE = 8
WINDOW_AFTER = 4
#: Codes looked up by full token search after the constant-time index missed them.
MAX_CODE_SCANS = 32

NOT_DERIVED = ("date", "time", "code", "year", "invalid")
OPERAND_KINDS = ("money", "number", "percent")


__all__ = [
    "APPROX_TOLERANCE",
    "CONFIDENCE",
    "CONFIDENCE_LOOSE",
    "CONFIDENCE_NOT_MONEY",
    "MAX_CODE_SCANS",
    "NOT_DERIVED",
    "OPERAND_KINDS",
    "STRUCTURAL_MAX",
    "WINDOW_AFTER",
    "WINDOW_BEFORE",
]

"""Where the numbers package's parts used to live together; kept so that existing imports
(``from nofab.numbers.numerals import MONTHS``) still resolve. New code imports from the
modules: ``extract``, ``index``, ``dates``, ``derive``, ``rounding``, ``lexicon``."""

from __future__ import annotations

from nofab.numbers.dates import DateTimeIndex
from nofab.numbers.derive import MAX_DERIVATION_OPERANDS, Derivable, pair_derivation
from nofab.numbers.extract import MONTHS, Numeral, NumeralKind, extract_numerals
from nofab.numbers.index import LiteralIndex, NumberIndex, any_within, money_values, numeric_literal_in
from nofab.numbers.pairs import DerivedTable

__all__ = [
    "MAX_DERIVATION_OPERANDS",
    "MONTHS",
    "DateTimeIndex",
    "Derivable",
    "DerivedTable",
    "LiteralIndex",
    "NumberIndex",
    "Numeral",
    "NumeralKind",
    "any_within",
    "extract_numerals",
    "money_values",
    "numeric_literal_in",
    "pair_derivation",
]

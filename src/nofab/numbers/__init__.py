"""Numbers: extraction from prose (``extract``), evidence indexes (``index``, ``dates``),
derived values (``derive``), display rounding (``rounding``) and their words (``lexicon``)."""

from nofab.numbers.rounding import decimals_shown, display_interval, same_as_shown

__all__ = ["decimals_shown", "display_interval", "same_as_shown"]

"""The per-turn evidence index: everything that could ground a claim, built once.

Each part is computed on first use only (a turn with no numbers never harvests numbers),
so the common case — a short answer whose identifiers appear verbatim in a tool result —
costs one case-fold of the evidence text and a few substring searches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from nofab.config.policy import Profile
from nofab.evidence.records import Record, RecordFinder
from nofab.language.lexicon import Claim, Lexicon
from nofab.language.text import clean_answer, find_token, fold, fold_source, value_text
from nofab.model.turn import ToolCall, Turn
from nofab.numbers.dates import DateTimeIndex
from nofab.numbers.derive import Derivable
from nofab.numbers.extract import Numeral, extract_numerals
from nofab.numbers.index import LiteralIndex, NumberIndex, money_values
from nofab.numbers.pairs import DerivedTable

_SEPARATOR = "\n\u241e\n"  # keeps sources from gluing into one token


@dataclass(frozen=True, slots=True)
class Source:
    """One body of evidence text and where it came from."""

    label: str  # "user_message", "context", "tool_calls[2].result", ...
    text: str
    call: ToolCall | None = None


_T = TypeVar("_T")


def turn_wide(func: Callable[[Evidence], _T]) -> cached_property[_T]:
    """A cached part of the index that depends on the evidence, not on the answer: an
    ``Evidence`` made by ``for_answer`` takes it from its parent (built once per turn)."""

    def get(self: Evidence) -> _T:
        parent = self._parent
        return getattr(parent, func.__name__) if parent is not None else func(self)

    get.__doc__ = func.__doc__
    get.__name__ = func.__name__
    return cached_property(get)


class Evidence:
    """What this turn's answer can be checked against."""

    def __init__(
        self, turn: Turn, profile: Profile, lexicon: Lexicon, parent: Evidence | None = None
    ) -> None:
        self.turn = turn
        self.profile = profile
        self.lexicon = lexicon
        self._parent = parent

    def for_answer(self, answer: str) -> Evidence:
        """The same evidence against another answer (a streamed sentence, a revision): every
        turn-wide part is shared with this index, only the answer side is new."""
        return Evidence(self.turn.with_response(answer), self.profile, self.lexicon, parent=self)

    # ------------------------------------------------------------------ answer
    @cached_property
    def answer(self) -> str:
        """The answer as checked: invisible characters removed and compatibility forms
        (full-width digits) folded, so spans index this string."""
        return clean_answer(self.turn.response)

    @cached_property
    def claims(self) -> list[Claim]:
        return self.lexicon.find_claims(self.answer)

    @cached_property
    def numerals(self) -> list[Numeral]:
        return extract_numerals(self.answer)

    # ------------------------------------------------------------------ sources
    @turn_wide
    def sources(self) -> tuple[Source, ...]:
        turn = self.turn
        out: list[Source] = []
        if turn.user_message:
            out.append(Source("user_message", turn.user_message))
        if turn.context:
            out.append(Source("context", turn.context))
        for i, call in enumerate(turn.tool_calls):
            if call.arguments is not None:
                out.append(Source(f"tool_calls[{i}].arguments", value_text(call.arguments), call))
            if call.result is not None:
                out.append(Source(f"tool_calls[{i}].result", value_text(call.result), call))
            if call.error:
                out.append(Source(f"tool_calls[{i}].error", call.error, call))
        for i, prior in enumerate(turn.prior_tool_uses):
            if prior.job_id:
                out.append(Source(f"prior_tool_uses[{i}]", prior.job_id))
        if self.profile.allowlist:
            out.append(Source("profile.allowlist", "\n".join(self.profile.allowlist)))
        return tuple(out)

    @turn_wide
    def text(self) -> str:
        """All evidence text, sources separated so tokens never join across them."""
        return _SEPARATOR.join(s.text for s in self.sources)

    @turn_wide
    def folded(self) -> str:
        # Folded source by source (case folding never crosses the separator), so a long
        # context repeated every turn is folded once per process.
        return _SEPARATOR.join(fold_source(s.text) for s in self.sources)

    def grounds(self, token: str) -> bool:
        """Is ``token`` in the evidence as a whole token (case-insensitive)?"""
        return find_token(self.folded, fold(token)) != -1

    def where(self, token: str) -> str | None:
        """Label of the first source holding ``token`` as a whole token."""
        needle = fold(token)
        for source in self.sources:
            if find_token(fold(source.text), needle) != -1:
                return source.label
        return None

    # ------------------------------------------------------------------ tools
    @turn_wide
    def tool_names(self) -> tuple[str, ...]:
        return tuple(call.name for call in self.turn.tool_calls)

    @turn_wide
    def succeeded_tool_names(self) -> tuple[str, ...]:
        """Tools that ran and did not fail (an empty result is still a completed call)."""
        return tuple(c.name for c in self.succeeded_calls)

    @turn_wide
    def succeeded_calls(self) -> tuple[ToolCall, ...]:
        return tuple(c for c in self.turn.tool_calls if c.status in ("ok", "empty"))

    @turn_wide
    def current_calls(self) -> tuple[ToolCall, ...]:
        """Calls made this turn (after the user's latest message)."""
        return tuple(c for c in self.turn.tool_calls if not c.earlier)

    @turn_wide
    def failed_calls(self) -> tuple[ToolCall, ...]:
        """Calls that errored or that a guard blocked."""
        return tuple(c for c in self.turn.tool_calls if c.status in ("error", "blocked"))

    # ------------------------------------------------------------------ records
    @turn_wide
    def records(self) -> tuple[Record, ...]:
        """The records (rows) of every tool result that did not fail (see ``nofab.evidence.records``)."""
        finder = RecordFinder(self.profile.name_fields)
        out: list[Record] = []
        for i, call in enumerate(self.turn.tool_calls):
            if call.status not in ("ok", "empty"):
                continue
            value = call.parsed_result
            if value is not None and not isinstance(value, str):
                out.extend(finder.find(value, f"tool_calls[{i}].result"))
        return tuple(out)

    # ------------------------------------------------------------------ numbers
    @turn_wide
    def numbers(self) -> NumberIndex:
        return NumberIndex(self.text)

    @turn_wide
    def money(self) -> list[float]:
        """Evidence numbers presented as amounts of money (a ``$`` sign, a price field), and
        results that are a bare number (a calculator's answer is whatever it computed)."""
        values = money_values(self.folded)
        for call in self.turn.tool_calls:
            result = call.parsed_result
            if isinstance(result, str):
                try:
                    result = float(result.strip())
                except ValueError:
                    continue
            if isinstance(result, (int, float)) and not isinstance(result, bool):
                values.append(abs(float(result)))
        return sorted(set(values))

    @turn_wide
    def dates(self) -> DateTimeIndex:
        return DateTimeIndex(self.folded)

    @turn_wide
    def derivables(self) -> Sequence[tuple[str, Derivable]]:
        """Per tool result, the numbers available for derived-value checks."""
        out: list[tuple[str, Derivable]] = []
        for i, call in enumerate(self.turn.tool_calls):
            value = call.parsed_result
            if value is not None and not isinstance(value, str):
                out.append((f"tool_calls[{i}].result", Derivable.from_value(value)))
        return out

    @turn_wide
    def literals(self) -> LiteralIndex:
        """Every whole numeric token and dashed code of the evidence (constant-time lookups)."""
        return LiteralIndex(self.folded)

    @turn_wide
    def derived(self) -> DerivedTable:
        """Every pairwise derivation of the turn's results, sorted (built on first use)."""
        return DerivedTable([d for _label, d in self.derivables])

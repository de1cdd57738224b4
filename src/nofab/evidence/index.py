"""The per-turn evidence index: everything that could ground a claim, built once.

Each part is computed on first use only (a turn with no numbers never harvests numbers),
so the common case — a short answer whose identifiers appear verbatim in a tool result —
costs one case-fold of the evidence text and a few substring searches."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any, TypeVar, cast

from nofab.config.policy import Profile
from nofab.evidence.computed import computed_values, expression_terms
from nofab.evidence.denials import failed, succeeded
from nofab.evidence.records import Record
from nofab.evidence.results import UNCACHED, ResultCache, SourceIndex
from nofab.language.lexicon import Claim, Lexicon
from nofab.language.phrases import PhraseText
from nofab.language.sentences import Token, sentence_at, spans_of, tokenize
from nofab.language.text import clean_answer, find_token, fold, fold_source, normalise, token_index
from nofab.model.turn import ToolCall, Turn

if TYPE_CHECKING:
    # Types only: the numbers package loads with the first Guard's detectors, so that
    # `import nofab` stays light (each part imports it where it is computed).
    from nofab.evidence.toolstatus import ToolStatus
    from nofab.numbers.dates import DateTimeIndex
    from nofab.numbers.derive import Derivable
    from nofab.numbers.extract import Numeral
    from nofab.numbers.index import LiteralIndex, NumberIndex
    from nofab.numbers.pairs import DerivedTable

_SEPARATOR = "\n\u241e\n"  # keeps sources from gluing into one token


@dataclass(frozen=True, slots=True)
class Source:
    """One body of evidence text and where it came from."""

    label: str  # "user_message", "context", "tool_calls[2].result", ...
    text: str
    call: ToolCall | None = None
    #: Its per-source index, shared across turns through the guard's cache.
    index: SourceIndex | None = None

    @property
    def folded(self) -> str:
        return self.index.folded if self.index is not None else fold_source(self.text)


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
        self,
        turn: Turn,
        profile: Profile,
        lexicon: Lexicon,
        parent: Evidence | None = None,
        *,
        cache: ResultCache | None = None,
    ) -> None:
        """``cache``: the per-source indexes to reuse (a ``Guard``'s); without one, every
        source is indexed for this turn only."""
        self.turn = turn
        self.profile = profile
        self.lexicon = lexicon
        self._parent = parent
        self._cache = cache if cache is not None else UNCACHED
        #: ``per_result``'s readings of the turn by name (on the root evidence only).
        self._readings: dict[Hashable, list[tuple[str, ToolCall, Any]]] = {}

    def for_answer(self, answer: str) -> Evidence:
        """The same evidence against another answer (a streamed sentence, a revision): every
        turn-wide part is shared with this index, only the answer side is new."""
        return Evidence(
            self.turn.with_response(answer), self.profile, self.lexicon, parent=self, cache=self._cache
        )

    # ------------------------------------------------------------------ answer
    @cached_property
    def answer(self) -> str:
        """The answer as checked: invisible characters removed and compatibility forms
        (full-width digits) folded, so spans index this string."""
        return clean_answer(self.turn.response)

    @cached_property
    def normalised(self) -> PhraseText:
        """The answer in ``phrases.normalise``'s form (spans index ``answer``), carrying its
        phrase tokens: every phrase search of every detector shares one tokenisation."""
        return PhraseText(normalise(self.answer))

    @cached_property
    def tokens(self) -> list[Token]:
        """The answer's tokens, each with its sentence index, tokenised once for every
        detector (``nofab.language.sentences``)."""
        return tokenize(self.answer)

    @cached_property
    def sentences(self) -> list[tuple[int, int]]:
        """The answer's sentences as (start, end) spans, as ``tokens`` cuts them."""
        return spans_of(self.tokens)

    def sentence_at(self, position: int) -> tuple[int, int]:
        """The sentence holding ``position`` of the answer (O(log n))."""
        return sentence_at(self.sentences, position)

    @cached_property
    def claims(self) -> list[Claim]:
        return self.lexicon.find_claims(self.answer)

    @cached_property
    def numerals(self) -> list[Numeral]:
        # Imported here, as below: numbers load with the first Guard's detectors (`import nofab` stays light)
        from nofab.numbers.datepairs import shared_month_days
        from nofab.numbers.extract import extract_numerals

        return shared_month_days(self.answer, extract_numerals(self.answer))

    # ------------------------------------------------------------------ sources
    @turn_wide
    def sources(self) -> tuple[Source, ...]:
        """Every body of evidence, each with its per-source index."""
        turn, cache = self.turn, self._cache
        out: list[Source] = []
        if turn.user_message:
            out.append(
                Source("user_message", turn.user_message, index=cache.source(turn.user_message, False))
            )
        if turn.context:
            out.append(Source("context", turn.context, index=cache.source(turn.context, False)))
        for i, call in enumerate(turn.tool_calls):
            if call.arguments is not None:
                index = cache.source(call.arguments)
                out.append(Source(f"tool_calls[{i}].arguments", index.text, call, index))
                if terms := expression_terms(call):  # a computation's own terms (computed.py)
                    text = " ".join(f"{t:.10g}" for t in terms)
                    out.append(Source(f"tool_calls[{i}].terms", text, call, cache.source(text, False)))
            if call.result is not None:
                index = cache.source(call.result)
                out.append(Source(f"tool_calls[{i}].result", index.text, call, index))
            if call.error:
                out.append(
                    Source(f"tool_calls[{i}].error", call.error, call, cache.source(call.error, False))
                )
        for i, prior in enumerate(turn.prior_tool_uses):
            if prior.job_id:
                out.append(
                    Source(f"prior_tool_uses[{i}]", prior.job_id, index=cache.source(prior.job_id, False))
                )
        if self.profile.allowlist:
            allowed = "\n".join(self.profile.allowlist)
            out.append(Source("profile.allowlist", allowed, index=cache.source(allowed, False)))
        return tuple(out)

    @turn_wide
    def text(self) -> str:
        """All evidence text, sources separated so tokens never join across them."""
        return _SEPARATOR.join(s.text for s in self.sources)

    @turn_wide
    def folded(self) -> str:
        # Folded source by source (case folding never crosses the separator), each source
        # once while the guard's cache holds it.
        return _SEPARATOR.join(s.folded for s in self.sources)

    def grounds(self, token: str) -> bool:
        """Is ``token`` in the evidence as a whole token (case-insensitive)?"""
        return token_index(self.folded).find(fold(token)) != -1  # indexed: asked per id

    def where(self, token: str) -> str | None:
        """Label of the first source holding ``token`` as a whole token."""
        needle = fold(token)
        for source in self.sources:
            if find_token(source.folded, needle) != -1:
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
        return succeeded(self.turn.tool_calls, self.failed_calls)  # a denied deed is no success

    @turn_wide
    def current_calls(self) -> tuple[ToolCall, ...]:
        """Calls made this turn (after the user's latest message)."""
        return tuple(c for c in self.turn.tool_calls if not c.earlier)

    @turn_wide
    def tool_status(self) -> ToolStatus:
        """The calls partitioned by state (``nofab.evidence.toolstatus.status_for``): once per
        turn, shared by every answer checked against it (streamed batches, revisions)."""
        from nofab.evidence.toolstatus import ToolStatus

        return ToolStatus.of(self.turn.tool_calls, self.profile)

    @turn_wide
    def failed_calls(self) -> tuple[ToolCall, ...]:
        """Calls that errored, that a guard blocked, or whose result denies their deed."""
        return failed(self.turn.tool_calls, self.lexicon)

    # ------------------------------------------------------------------ records
    @turn_wide
    def _results(self) -> tuple[tuple[str, ToolCall, SourceIndex], ...]:
        """(label, call, index) of the tool results that may parse to an object or array.

        Looked up in the guard's cache directly rather than through ``sources``: a detector
        that reads only the results (attribution's scope, on every turn) does not make the
        turn index its context, arguments and messages (without a cache, ``sources`` is
        reused). Tuples, not ``Source``s: a frozen dataclass costs a microsecond to make."""
        if self._cache is UNCACHED or "sources" in self.__dict__:
            candidates = [(s.label, s.call, s.index) for s in self.sources if s.label[-7:] == ".result"]
        else:
            source, calls = self._cache.source, enumerate(self.turn.tool_calls)
            candidates = [
                (f"tool_calls[{i}].result", c, source(c.result)) for i, c in calls if c.result is not None
            ]
        # A plain text result is skipped: parsing would give it back unchanged.
        return tuple(
            (label, call, index)
            for label, call, index in candidates
            if call is not None
            and index is not None
            and not (isinstance(call.result, str) and not _may_parse(call.result))
        )

    @turn_wide
    def _usable(self) -> tuple[tuple[str, ToolCall, SourceIndex, Callable[[], Any]], ...]:
        """(label, call, index, parser) of every structured result of a call that did not
        fail, in call order: filtered once per turn for ``result_records``, ``records_of``
        and every ``per_result`` reading."""
        return tuple(
            (label, call, index, _parser(call))
            for label, call, index in self._results
            if call.status in ("ok", "empty")
        )

    @turn_wide
    def records(self) -> tuple[Record, ...]:
        """The records (rows) of every tool result that did not fail (see ``nofab.evidence.records``),
        each result read once while the guard's cache holds it."""
        return tuple(r for _label, records in self.result_records for r in records)

    @turn_wide
    def result_records(self) -> tuple[tuple[str, tuple[Record, ...]], ...]:
        """``records`` result by result: (label, its records) for every structured result of a
        call that did not fail, in call order. A detector that needs only some results (those
        the answer names) picks them here instead of walking the results again."""
        cache, name_fields = self._cache, self.profile.name_fields
        out: list[tuple[str, tuple[Record, ...]]] = []
        for label, _call, index, parse in self._usable:
            records = cache.records(index, parse, label, name_fields)
            if records is not None:
                out.append((label, records))
        return tuple(out)

    def records_of(self, label: str, name_fields: Sequence[str] | None = None) -> tuple[Record, ...]:
        """The records of one result (``tool_calls[i].result``), from the cache when it holds
        them: a detector that needs only the results an answer names reads just those.
        ``name_fields``: a detector's own (the profile's by default)."""
        fields = self.profile.name_fields if name_fields is None else name_fields
        for held, _call, index, parse in self._usable:
            if held == label:
                return self._cache.records(index, parse, label, fields) or ()
        return ()

    def per_result(
        self, name: Hashable, build: Callable[[Any], _T], of_records: bool = False
    ) -> list[tuple[str, ToolCall, _T]]:
        """A detector's own reading of each structured result of a call that did not fail:
        (label, call, ``build(parsed result)``), built once per result content while the
        guard's cache holds it. ``name`` must say everything besides the result that shapes
        what ``build`` returns (the detector's id, the profile fields it reads). Kept per
        ``name`` for the turn (a streamed answer asks on every batch): treat it as read-only.
        ``of_records``: ``build`` reads the result's records (``result_records``') instead, kept
        per profile name fields; it must not keep them, nor read their ``where`` (the label)."""
        root = self._parent if self._parent is not None else self
        fields = tuple(self.profile.name_fields)
        key = (name, fields) if of_records else name
        if (held := root._readings.get(key)) is None:
            cache, wrapped, held = self._cache, partial(_structured_only, build), []
            for label, call, index, parse in self._usable:
                value = partial(cache.records, index, parse, label, fields) if of_records else parse
                reading = cache.derived(index, key, value, wrapped)
                if reading is not _TEXT:
                    held.append((label, call, reading))
            root._readings[key] = held
        return cast(list[tuple[str, ToolCall, _T]], held)

    # ------------------------------------------------------------------ numbers
    @turn_wide
    def numbers(self) -> NumberIndex:
        from nofab.numbers.index import NumberIndex

        # The union of each source's numbers equals a scan of the joined text: a number
        # never spans the separator.
        index = NumberIndex("")
        index.values = sorted({v for s in self.sources if s.index is not None for v in s.index.numbers})
        return index

    @turn_wide
    def money(self) -> list[float]:
        """Evidence numbers presented as amounts of money (a ``$`` sign, a price field), and
        what a computing tool returned (a calculator's answer is whatever it computed)."""
        values = [v for s in self.sources if s.index is not None for v in s.index.money]
        values.extend(computed_values(self.turn.tool_calls))  # evidence/computed.py
        return sorted(set(values))

    @turn_wide
    def dates(self) -> DateTimeIndex:
        from nofab.evidence.dates import JoinedDates

        # Each source's dates are read once while the guard's cache holds it, and only when a
        # question reaches it (``JoinedDates``).
        return JoinedDates(self._indexes)

    @turn_wide
    def derivables(self) -> Sequence[tuple[str, Derivable]]:
        """Per tool result, the numbers available for derived-value checks."""
        out: list[tuple[str, Derivable]] = []
        for label, call, index in self._results:
            derivable = self._cache.derivable(index, _parser(call))
            if derivable is not None:
                out.append((label, derivable))
        return out

    @turn_wide
    def literals(self) -> LiteralIndex:
        """Every whole numeric token and dashed code of the evidence (constant-time lookups)."""
        from nofab.evidence.literals import JoinedLiterals

        # Each source's literals are read once while the guard's cache holds it, and only when
        # a question reaches it (``JoinedLiterals``).
        return JoinedLiterals(self._indexes)

    @turn_wide
    def _indexes(self) -> tuple[SourceIndex, ...]:
        """Every source's index (one made for this turn where a source was built by hand)."""
        return tuple(s.index if s.index is not None else SourceIndex(s.text, s.text) for s in self.sources)

    @turn_wide
    def derived(self) -> DerivedTable:
        """Every pairwise derivation of the turn's results, sorted (built on first use)."""
        from nofab.numbers.pairs import DerivedTable

        return DerivedTable([d for _label, d in self.derivables])


def _may_parse(text: str) -> bool:
    """Could ``parse_json_text`` turn this string into an object or array? (cheap pre-test)"""
    stripped = text.strip()
    return stripped[:1] in ("{", "[") and stripped[-1:] in ("}", "]")


#: What ``per_result`` keeps for a result that parses to text or null (nothing to read).
_TEXT = object()


def _structured_only(build: Callable[[Any], Any], value: Any) -> Any:
    return _TEXT if value is None or isinstance(value, str) else build(value)


def _parser(call: ToolCall) -> Callable[[], Any]:
    return lambda: call.parsed_result

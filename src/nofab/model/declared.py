"""What an answer declares about itself: the values it read from tools and its claims.

Optional parts of a turn (``asserted_values``, ``declared_claims``) that the fidelity
detector checks; validated with the rest of the turn by ``Turn.from_dict``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from nofab.errors import TurnError
from nofab.model.fields import (
    check_depth,
    check_keys,
    optional_list,
    optional_str,
    require_mapping,
    require_name,
    require_str,
    typename,
)
from nofab.model.schema import KEYS

MatchKind = Literal["exact", "contains", "int", "number", "iso_ts", "record", "regex"]
MATCH_KINDS: frozenset[str] = frozenset(get_args(MatchKind))

Tier = Literal["confirmed", "inferred", "hypothesis"]
TIERS: tuple[str, ...] = get_args(Tier)


@dataclass(frozen=True)
class AssertedValue:
    """A structured value the answer declares it read from a tool's output.

    ``path`` points into the output of the tool call ``tool_call_id`` (see
    ``nofab.fidelity.path``); ``match`` says how ``expected`` is compared (see
    ``nofab.fidelity.matchers``); ``count`` claims the value appears that many times.
    ``claim`` ties the value to a declared claim (and so to its tier). With
    ``expectation`` set the polarity is inverted: a prediction, refuted only when the path
    is present and every value there conflicts (checked when the profile opts in).
    """

    tool_call_id: str
    path: str
    expected: Any
    match: MatchKind = "exact"
    count: int | None = None
    claim: str = ""
    expectation: bool = False

    @classmethod
    def from_dict(cls, data: Any, where: str = "asserted_value") -> AssertedValue:
        obj = require_mapping(data, where)
        check_keys(obj, KEYS["asserted_value"], where)
        match = obj.get("match", "exact")
        if match not in MATCH_KINDS:
            raise TurnError(
                f"unknown match kind {match!r}; expected one of {sorted(MATCH_KINDS)}",
                f"{where}.match",
            )
        if "expected" not in obj:
            raise TurnError("is required", f"{where}.expected")
        check_depth(obj["expected"], f"{where}.expected")
        count = obj.get("count")
        if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 1):
            raise TurnError("must be a positive integer", f"{where}.count")
        expectation = obj.get("expectation", False)
        if not isinstance(expectation, bool):
            raise TurnError(f"must be true or false, got {typename(expectation)}", f"{where}.expectation")
        if expectation and count is not None:
            raise TurnError("is not allowed on an expectation (a prediction of one value)", f"{where}.count")
        path = require_str(obj, "path", where, required=True)
        # Only turns that declare values pay for the fidelity parsers (decimal, datetime).
        from nofab.fidelity.path import PathError
        from nofab.fidelity.path import parse as parse_path
        from nofab.fidelity.values import MatchError
        from nofab.fidelity.values import validate as validate_expected

        try:
            parse_path(path)
        except PathError as exc:
            raise TurnError(f"malformed path {path!r}: {exc}", f"{where}.path") from None
        try:
            validate_expected(match, obj["expected"])
        except MatchError as exc:
            raise TurnError(str(exc), f"{where}.expected") from None
        return cls(
            tool_call_id=require_str(obj, "tool_call_id", where, required=True),
            path=path,
            expected=obj["expected"],
            match=cast(MatchKind, match),
            count=count,
            claim=optional_str(obj, "claim", where) or "",
            expectation=expectation,
        )


@dataclass(frozen=True)
class DeclaredClaim:
    """A claim the answer makes, with how sure it says it is.

    ``confirmed``: one tool-backed fact (must declare values when the profile requires it);
    ``inferred``: built from other facts (declares values or the confirmed claims it is
    ``derived_from``); ``hypothesis``: a lead, exempt from declaring anything.
    """

    id: str
    tier: Tier = "confirmed"
    derived_from: tuple[str, ...] = ()
    text: str = ""

    @classmethod
    def from_dict(cls, data: Any, where: str = "declared_claim") -> DeclaredClaim:
        obj = require_mapping(data, where)
        check_keys(obj, KEYS["declared_claim"], where)
        claim_id = require_name(obj, "id", where)
        tier = obj.get("tier", "confirmed")
        if tier not in TIERS:
            raise TurnError(f"unknown tier {tier!r}; expected one of {list(TIERS)}", f"{where}.tier")
        derived = obj.get("derived_from") or []
        if not isinstance(derived, list) or not all(isinstance(d, str) and d for d in derived):
            raise TurnError("must be a list of claim ids", f"{where}.derived_from")
        return cls(
            id=claim_id,
            tier=cast(Tier, tier),
            derived_from=tuple(derived),
            text=optional_str(obj, "text", where) or "",
        )


def declared(obj: Mapping[str, Any]) -> tuple[tuple[DeclaredClaim, ...], tuple[AssertedValue, ...]]:
    claims = tuple(
        DeclaredClaim.from_dict(item, f"declared_claims[{i}]")
        for i, item in enumerate(optional_list(obj, "declared_claims"))
    )
    ids: dict[str, int] = {}
    for i, claim in enumerate(claims):
        if claim.id in ids:
            raise TurnError(
                f"duplicate claim id {claim.id!r} (also declared_claims[{ids[claim.id]}])",
                f"declared_claims[{i}].id",
            )
        ids[claim.id] = i
    for i, claim in enumerate(claims):
        for j, ref in enumerate(claim.derived_from):
            where = f"declared_claims[{i}].derived_from[{j}]"
            if ref not in ids:
                raise TurnError(f"names no declared claim: {ref!r}", where)
            if ref == claim.id:
                raise TurnError("a claim cannot derive from itself", where)
    values = tuple(
        AssertedValue.from_dict(item, f"asserted_values[{i}]")
        for i, item in enumerate(optional_list(obj, "asserted_values"))
    )
    for i, value in enumerate(values):
        if value.claim and value.claim not in ids:
            raise TurnError(f"names no declared claim: {value.claim!r}", f"asserted_values[{i}].claim")
    return claims, values

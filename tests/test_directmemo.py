"""The direct number check asked once per distinct reading (``nofab.numbers.directmemo``).

Principle: a memo keeps only answers that do not depend on where a copy stands, so the
findings of an answer with repeated figures are exactly those of checking every copy; the
words that can change one copy's answer (a masking phrase, "about", a weekday before an
ordinal) are asked per copy.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy
from nofab.numbers.directmemo import DirectMemo
from nofab.numbers.numeral import Numeral

_GUARD = Guard(Policy(load_plugins=False, max_findings_per_detector=10**6))
_ORDER = {"order_id": "A-1042", "total": 42.73, "card": "credit_card_7815826", "items": [120, 95]}


def _findings(answer: str, result: Any = _ORDER, user: str = "") -> list[tuple[Any, ...]]:
    turn = {"response": answer, "user_message": user, "tool_calls": [{"name": "get_order", "result": result}]}
    return sorted(
        (f.span, f.identifier, f.confidence, f.reason, str(f.evidence))
        for f in _GUARD.check(turn).findings
        if f.detector == "numbers"
    )


def _every_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Check every copy: the memo asks the run each time."""

    def direct(self: DirectMemo, numeral: Numeral) -> tuple[float, str | None]:
        return self._run.direct(numeral)

    monkeypatch.setattr(DirectMemo, "direct", direct)


_ANSWERS = [
    "Row 3: 42.73 vs 1717; " * 50,
    "The total is $42.73; again $42.73, and $99.99 then $99.99 and $99.99. " * 5,
    "Charged 1717 to the card ending in 5826; also 5826 elsewhere; card ending in 5826. " * 4,
    "About 45 items, 45 items, roughly 45 boxes and 45 boxes. " * 3,
    "Unos 45 artículos, 45 artículos, environ 45 boîtes et 45 boîtes. " * 3,
    "Items 120 and 95 make 215 in total; 215 again, 215, and 25 left over, 25. " * 3,
    "On Friday the 24th, and the 24th, and the 24th attempt. " * 3,
    "1,200 then 1,200 then 1.200,50 and 1.200,50; 3.5% and 3.5% of 2,000. " * 4,
]


@pytest.mark.parametrize("answer", _ANSWERS)
def test_memo_gives_the_findings_of_every_copy(answer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    memo = _findings(answer)
    _every_copy(monkeypatch)
    assert _findings(answer) == memo


def test_a_masked_copy_is_explained_where_a_bare_copy_is_not() -> None:
    answer = "We saw 5826 once; 5826 twice; 5826 again; card ending in 5826."
    found = [identifier for _span, identifier, *_rest in _findings(answer)]
    assert found == ["5826", "5826", "5826"]  # the masked copy is the card's visible end


def test_an_approximate_copy_is_read_with_its_own_tolerance() -> None:
    result = {"count": 47}
    answer = "We counted 45 boxes, 45 boxes, 45 boxes, then about 45 boxes."
    found = [identifier for _span, identifier, *_rest in _findings(answer, result)]
    assert found == ["45", "45", "45"]  # "about 45" covers 47; the bare copies do not


def test_a_repeated_reading_is_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from nofab.detectors import numbers

    asked: list[str] = []
    original = numbers._Run.direct

    def counting(self: Any, numeral: Numeral) -> tuple[float, str | None]:
        asked.append(numeral.text)
        return original(self, numeral)

    monkeypatch.setattr(numbers._Run, "direct", counting)
    _findings("Row 3: 42.73 vs 1717; " * 100)
    assert asked.count("1717") == 2  # first sight, then kept from the second copy on
    assert asked.count("42.73") == 2

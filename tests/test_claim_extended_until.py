"""A present passive bounded by a time ("is extended until 11:30", "queda prorrogado hasta
el 12 de mayo") reports the result of an action, which only a tool that acts grounds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def ran(name: str, result: Any) -> dict[str, Any]:
    return {"name": name, "arguments": {"id": "L-88"}, "result": result}


READ = ran("get_loan", {"id": "L-88", "due": "2026-05-12"})


@pytest.mark.parametrize(
    "answer",
    [
        "Your loan for item 88 is extended until 12 May.",
        "Your library loan is renewed through 2026-05-12.",
        "Tu préstamo queda prorrogado hasta el 12 de mayo.",
        "Listo, su préstamo en la biblioteca 88 está extendido hasta el 12 de mayo.",
    ],
)
def test_a_bounded_passive_after_only_a_read_is_flagged(answer: str) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        ("Your loan for item 88 is extended until 12 May.", ran("extend_loan", {"due": "2026-05-12"})),
        ("Tu préstamo queda prorrogado hasta el 12 de mayo.", ran("renew_loan", {"ok": True})),
        # a state bounded by a time is no action
        ("The library is open until 9 pm.", READ),
        ("La biblioteca está abierta hasta las 21:00.", READ),
        # negated
        ("Your loan is not extended until 12 May.", READ),
        ("Tu préstamo no queda prorrogado hasta el 12 de mayo.", READ),
    ],
)
def test_a_grounded_stative_or_negated_bound_is_not_flagged(answer: str, call: dict[str, Any]) -> None:
    assert claimed(answer, call) == []

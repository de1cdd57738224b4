"""Principles of the ``numbers`` detector about what a number is read against (issue 12):

- a percentage change between two amounts one result writes in its free text is explained,
  as a change between two values of one field is (``nofab.numbers.change.text_change``);
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import call, findings, turn


def blocking(response: str, *results: Any, user: str = "") -> list[str]:
    """The identifiers of the numbers findings at or above the default threshold."""
    calls = [call(f"tool_{i}", r) for i, r in enumerate(results)]
    found = findings(turn(response, *calls, user=user), detector="numbers")
    return sorted(f.identifier for f in found if f.confidence >= 0.8)


# ---------------------------------------------------------------- changes of free-text amounts
SNIPPETS = [{"doc": "Q4 report", "text": "Sales climbed from $8.0M in Q3 to $9.2M in Q4; margin held at 12%"}]
EXTRAIT = {"résultats": "Le chiffre d'affaires passe de 250 euros à 300 euros par client sur l'année."}
PLAIN = "Operating costs went down from $400 to $340 per month after the switch."


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("Sales rose from $8.0M to $9.2M, about 15% growth.", SNIPPETS),
        ("Per the report, sales grew 15% quarter over quarter.", SNIPPETS),
        ("Le chiffre d'affaires est en hausse de 20 % sur l'année.", EXTRAIT),
        ("Costs fell by 15% after the switch.", PLAIN),
    ],
)
def test_a_change_between_two_amounts_of_one_passage_is_explained(response: str, result: Any) -> None:
    assert blocking(response, result) == []


@pytest.mark.parametrize(
    ("response", "results", "expected"),
    [
        # not the change between the passage's amounts
        ("Sales rose from $8.0M to $9.2M, about 25% growth.", [SNIPPETS], ["25%"]),
        ("Le chiffre d'affaires est en hausse de 30 % sur l'année.", [EXTRAIT], ["30 %"]),
        # no word announces a change: a share of something unsaid
        ("Sales were strong; 15% of them came from Europe.", [SNIPPETS], ["15%"]),
        # the amounts are in two results, not one passage
        (
            "Costs fell by 15%.",
            [{"text": "Costs were $400 a month."}, {"text": "Now $340 a month."}],
            ["15%"],
        ),
    ],
)
def test_a_change_no_passage_states_is_still_a_finding(
    response: str, results: list[Any], expected: list[str]
) -> None:
    assert blocking(response, *results) == expected


def test_a_passage_with_many_amounts_proves_no_change() -> None:
    """Eleven amounts change into one another by most percentages: 0.5, with the derivation."""
    prices = "; ".join(f"item {i} costs ${40 + 7 * i}" for i in range(11))
    calls = [call("search", {"text": prices})]
    (found,) = findings(turn("Prices rose 35% across the range.", *calls), detector="numbers")
    assert found.confidence == 0.5 and "uninformative" in found.evidence["possible_derivation"]

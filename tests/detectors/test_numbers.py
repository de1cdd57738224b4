"""unverified_number: every numeric literal must be explained by a number in the evidence."""

from __future__ import annotations

import pytest

from tests.helpers import call, findings, turn

STATS = {"mean": 42.7333333, "std": 5.5, "p_value": 0.0512, "proportion": 0.35}


def flagged(response: str, *calls: dict, user: str = "") -> list[str]:
    return [f.identifier for f in findings(turn(response, *calls, user=user), detector="numbers")]


@pytest.mark.parametrize(
    ("response", "result", "expected"),
    [
        # Statistikles' own worked examples
        (
            "The mean is 42.73 with SD 5.5. The p-value is 0.05, so about 35% of cases. "
            "With 3 groups the result holds.",
            STATS,
            [],
        ),
        ("The mean is 42.73 but the correlation was r = 0.87 and t = 3.14159.", STATS, ["0.87", "3.14159"]),
        # separators, scale words and suffixes, currency, units, sign
        ("Revenue was $1,234 this week.", {"revenue": 1234}, []),
        ("Revenue was $1.2 million.", {"revenue": 1200000}, []),
        ("Revenue was 1.2M and costs 3k.", {"revenue": 1200000, "costs": 3000}, []),
        ("Market size: 2.5bn.", {"size": 2500000000}, []),
        ("It weighs 5kg and took 32min.", {"kg": 5, "min": 32}, []),
        ("The change was -1.2 points.", {"delta": 1.2}, []),
        ("Revenue was $1,250 this week.", {"revenue": 1234}, ["$1,250"]),
        ("Revenue was $1.3 million.", {"revenue": 1200000}, ["$1.3 million"]),
        # dates and times written another way
        ("Your alarm is set for 6:30 PM.", {"time": "18:30:00"}, []),
        ("Your alarm is set for 6:30 AM.", {"time": "18:30:00"}, ["6:30 AM"]),
        ("The meeting is on March 3, 2024.", {"date": "2024-03-03"}, []),
        ("The meeting is on 3 March 2024.", {"date": "2024-03-03"}, []),
        ("The meeting is on March 9, 2024.", {"date": "2024-03-03"}, ["March 9, 2024"]),
        ("Departure 2024-03-03 at 18:30.", {"when": "March 3, 2024 6:30 pm"}, []),
        # numbers inside strings: n=42, dates, times
        ("We sampled 42 people.", {"summary": "n=42, done"}, []),
        # derived values within one tool result
        ("Your 3 orders total $75.", {"orders": [{"amount": 20}, {"amount": 25}, {"amount": 30}]}, []),
        ("You have 14 messages.", {"messages": list(range(100, 114))}, []),
        ("The difference is $18.", {"old": 130, "new": 112}, []),
        ("Conversion was 25%.", {"visits": 400, "signups": 100}, []),
        (
            "Total: $92 for 4 items.",
            {"items": [{"price": 23}, {"price": 23}, {"price": 23}, {"price": 23}]},
            [],
        ),
        # read as what they are: structural integers, ordinals, list markers, versions, ranges
        ("1. First\n2. Second\n3. Third", {}, []),
        ("Upgrade to v3.14.2 in the 2nd step.", {}, []),
        ("Expect 20-30 minutes.", {"min": 20, "max": 30}, []),
        ("Call 123-456-7890 for help.", {"phone": "123-456-7890"}, []),
        ("Call 123-456-7891 for help.", {"phone": "123-456-7890"}, ["123-456-7891"]),
        ("I found 3 results.", {}, []),
    ],
)
def test_number_table(response: str, result: object, expected: list[str]) -> None:
    """Exactly the listed literals are unexplained by the tool result."""
    assert flagged(response, call("tool", result)) == expected


def test_user_numbers_ground() -> None:
    """Echoing a number the user typed is not fabrication."""
    assert flagged("Booking 17 seats as asked.", user="please book 17 seats") == []


def test_confidence_reflects_how_much_it_looks_like_a_fact() -> None:
    """A money amount outranks a bare number, which outranks a bare year."""
    got = {
        f.identifier: f.confidence
        for f in findings(turn("In 2019 we had 4821 users paying $93.50."), detector="numbers")
    }
    assert got["$93.50"] > got["4821"] > got["2019"]
    assert got["2019"] < 0.8  # a bare year alone never trips the default threshold


def test_loose_derivation_lowers_confidence_and_says_how() -> None:
    """A number derivable only across sources (price x passengers) is reported below the threshold."""
    t = turn("The total is $242.", call("get_price", {"price": 121}), user="two passengers")
    (f,) = findings(t, detector="numbers")
    assert f.confidence < 0.8
    assert "2 x" in f.evidence["possible_derivation"]


def test_approximations_widen_the_tolerance() -> None:
    """ "about 120" is explained by 121; a bare "120" is not."""
    assert flagged("It costs about 120 dollars.", call("price", {"p": 121})) == []
    assert flagged("It costs 130 dollars.", call("price", {"p": 121})) == ["130"]


def test_full_width_and_arabic_indic_digits_are_read() -> None:
    """Compatibility digits are folded, so ４２０ is checked like 420."""
    assert flagged("Total ４２０ units.", call("t", {"n": 420})) == []
    assert flagged("Total ４２１ units.", call("t", {"n": 420})) == ["421"]

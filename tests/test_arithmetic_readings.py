"""Arithmetic an answer shows, read by its principle (issue 12, probe9's mechanisms):

- a temperature difference shown in the other scale converts by 1.8 alone, no 32° offset
  (numbers/tempdifference);
- a German compound beginning with a total prefix ("Gesamtwert") is a total cue
  (numbers/totals, ``total_prefixes``);
- a figure announced as a net is the signed sum of the figures before it, with the signs the
  answer's words give (numbers/netsums);
- a whole number followed by an approximation word stands within half its round step
  (numbers/rounding.round_step);
- a figure with a unit given for a named day is held against that day's row
  (numbers/dayfields).
Each with must-fire and must-not-fire cases, in English and German or French."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.rounding import round_step

_GUARD = Guard()


def _confidence(answer: str, results: list[Any], literal: str) -> float:
    """The highest confidence of a numbers finding on ``literal`` (0 when none)."""
    turn = {
        "response": answer,
        "user_message": "What does it look like?",
        "tool_calls": [{"name": f"lookup_{i}", "result": r} for i, r in enumerate(results)],
    }
    found = [f.confidence for f in _GUARD.check(turn).findings if f.identifier == literal]
    return max(found, default=0.0)


# ---------------------------------------------------------------- temperature differences
_CITIES = [{"city": "Oslo", "temp_c": 24}, {"city": "Cairo", "temp_c": 34}]


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        ("Oslo has 24 °C and Cairo 34 °C: Oslo is 10 °C (18 °F) colder.", "18"),
        ("Oslo has 24 °C and Cairo 34 °C, so Cairo is 10 °C (about 18 °F) warmer.", "18"),
        ("Oslo: 24 °C, Kairo: 34 °C. Kairo ist 10 °C (18 °F) wärmer.", "18"),
        ("Oslo : 24 °C, Le Caire : 34 °C, soit 10 °C (18 °F) de différence.", "18"),
    ],
)
def test_a_temperature_difference_converts_by_the_factor_alone(answer: str, literal: str) -> None:
    assert _confidence(answer, _CITIES, literal) < 0.8


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        # 10 °C of difference is 18 °F, never 22
        ("Oslo has 24 °C and Cairo 34 °C: Oslo is 10 °C (22 °F) colder.", "22"),
        ("Oslo: 24 °C, Kairo: 34 °C. Kairo ist 10 °C (22 °F) wärmer.", "22"),
        # no difference cue: a bracketed Fahrenheit figure is an absolute temperature
        ("Oslo has 24 °C and Cairo 34 °C; the gap: 10 °C (18 °F).", "18"),
    ],
)
def test_a_wrong_or_uncued_difference_conversion_is_flagged(answer: str, literal: str) -> None:
    assert _confidence(answer, _CITIES, literal) >= 0.8


# ---------------------------------------------------------------- compound total cues
_LINES = [{"item": "Hotel", "cost": 420.0}, {"item": "Flug", "cost": 310.5}]


@pytest.mark.parametrize(
    "answer",
    [
        "- Hotel: 420,00 €\n- Flug: 310,50 €\n\n**Gesamtkosten: 730,50 €**",
        "- Hotel: 420,00 €\n- Flug: 310,50 €\n\nDer Gesamtbetrag liegt bei 730,50 €.",
        "- Hotel: €420.00\n- Flight: €310.50\n\nGrand total: €730.50",
    ],
)
def test_a_compound_total_cue_announces_the_sum_of_a_list(answer: str) -> None:
    turn = {"response": answer, "user_message": "Kosten?", "tool_calls": [{"name": "a", "result": _LINES}]}
    assert [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8] == []


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        ("- Hotel: 420,00 €\n- Flug: 310,50 €\n\n**Gesamtkosten: 740,50 €**", "740,50"),
        ("- Hotel: 420,00 €\n- Flug: 310,50 €\n\nDer Gesamtbetrag liegt bei 703,50 €.", "703,50"),
    ],
)
def test_a_wrong_compound_total_is_flagged(answer: str, literal: str) -> None:
    assert _confidence(answer, _LINES, literal) >= 0.8


# ---------------------------------------------------------------- net sums
_MOVES = [{"symbol": "AAA", "change": -1.5, "shares": 8}, {"symbol": "BBB", "change": 2.05, "shares": 10}]


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        ("AAA lost $1.50 per share, $12.00 on your 8 shares. BBB gained $20.50 on your 10. "
         "Net, you're up $8.50 today.", "$8.50"),
        ("AAA hat 1,50 € pro Aktie verloren, bei 8 Stück 12,00 €. BBB hat 20,50 € zugelegt. "
         "Unterm Strich liegst du mit 8,50 € im Plus.", "8,50"),
        ("AAA a perdu 12,00 €. BBB a gagné 20,50 €. Au final, vous êtes à 8,50 € de gain.", "8,50"),
    ],
)  # fmt: skip
def test_a_net_is_the_signed_sum_of_the_figures_before_it(answer: str, literal: str) -> None:
    assert _confidence(answer, _MOVES, literal) < 0.8


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        # the unsigned sum is no net of a loss and a gain
        ("AAA lost $12.00 today. BBB gained $20.50. Net, you're up $32.50.", "$32.50"),
        ("AAA hat 12,00 € verloren. BBB hat 20,50 € zugelegt. Unterm Strich 32,50 € im Plus.", "32,50"),
        # the net's own words give the other sign: a gain of 8.50 is no loss
        ("AAA a perdu 12,00 €. BBB a gagné 20,50 €. Au final, 8,50 € de perte.", "8,50"),
    ],
)
def test_a_wrong_net_is_flagged(answer: str, literal: str) -> None:
    assert _confidence(answer, _MOVES, literal) >= 0.8


# ---------------------------------------------------------------- approximate round settings
@pytest.mark.parametrize(
    ("value", "step"),
    [(175.0, 5.0), (180.0, 10.0), (1500.0, 100.0), (176.0, 1.0), (7.0, 1.0), (250.0, 10.0)],
)
def test_the_round_step_is_the_one_of_the_last_written_place(value: float, step: float) -> None:
    assert round_step(value, 0) == step


_OVEN = [{"input": {"value": 350, "unit": "fahrenheit"}, "output": {"value": 176.67, "unit": "celsius"}}]


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        ("350 °F is 176.7 °C: set the oven to 175 °C or so.", "175"),
        ("350 °F = 176,7 °C, réglez le four sur 175 °C environ.", "175"),
        ("350 °F sind 176,7 °C, also den Ofen auf 180 °C ungefähr stellen.", "180"),
    ],
)
def test_an_approximate_round_setting_is_the_value_rounded(answer: str, literal: str) -> None:
    assert _confidence(answer, _OVEN, literal) < 0.8


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        ("350 °F = 176,7 °C, réglez le four sur 185 °C environ.", "185"),  # step 5: 2.5 either side
        ("350 °F is 176.7 °C: set the oven to 160 °C or so.", "160"),  # step 10: 5 either side
        ("350 °F is 176.7 °C: set the oven to 190 °C.", "190"),  # no approximation word
    ],
)
def test_an_approximate_setting_beyond_half_its_step_is_flagged(answer: str, literal: str) -> None:
    assert _confidence(answer, _OVEN, literal) >= 0.8


# ---------------------------------------------------------------- a day's own row
_FORECAST = {
    "forecast": [
        {"date": "2025-06-05", "temp_max_c": 21, "precip_prob": 40, "precip_mm": 5.0, "wind_kmh": 12},
        {"date": "2025-06-06", "temp_max_c": 23, "precip_prob": 5, "precip_mm": 0.0, "wind_kmh": 7},
        {"date": "2025-06-07", "temp_max_c": 24, "precip_prob": 60, "precip_mm": 4.2, "wind_kmh": 22},
        {"date": "2025-06-08", "temp_max_c": 26.5, "precip_prob": 10, "precip_mm": 0.0, "wind_kmh": 9},
    ]
}


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        ("| Day | Rain |\n|---|---|\n| Saturday | 60 % (2.4 mm) |\n| Sunday | 10 % |", "2.4"),
        ("Saturday brings storms with 2.4 mm of rain.", "2.4"),
        ("| Jour | Pluie |\n|---|---|\n| Samedi 7 juin | 60 % (2,4 mm) |", "2,4"),
        ("Am Samstag fallen 2,4 mm Regen.", "2,4"),
    ],
)
def test_a_days_figure_is_held_against_that_days_row(answer: str, literal: str) -> None:
    assert _confidence(answer, [_FORECAST], literal) >= 0.8


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        ("| Day | Rain |\n|---|---|\n| Saturday | 60 % (4.2 mm) |\n| Sunday | 10 % |", "4.2"),
        ("| Jour | Pluie |\n|---|---|\n| Samedi 7 juin | 60 % (4,2 mm) |", "4,2"),
        # a difference the sentence announces is arithmetic, not a read of the day's row
        ("On Sunday it reaches 26.5 °C, 2.5 °C warmer than Saturday.", "2.5"),
        ("Dimanche : 26,5 °C, soit 2,5 °C de plus que samedi.", "2,5"),
    ],
)
def test_a_days_held_or_announced_figure_passes(answer: str, literal: str) -> None:
    assert _confidence(answer, [_FORECAST], literal) < 0.8

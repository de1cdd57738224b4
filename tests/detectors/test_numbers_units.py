"""Numbers shown in another unit than the evidence's (``nofab.numbers.units``): a conversion of
a unit-named field, a duration written in two parts, a duration between two shown clock times.
Each case pairs a must-pass phrasing with a must-fire one whose number is off."""

from __future__ import annotations

import pytest

from nofab.numbers.units import answer_unit, key_unit
from tests.helpers import call, findings, turn


def flagged(response: str, result: dict[str, object], user: str = "") -> list[str]:
    return [
        f.identifier for f in findings(turn(response, call("lookup", result), user=user), detector="numbers")
    ]


@pytest.mark.parametrize(
    ("response", "result"),
    [
        # temperature, both directions, several spellings
        ("It is 21°C outside, that is 70°F.", {"temperature_c": 21.2}),
        ("Currently 70 degrees Fahrenheit.", {"air_temp_celsius": 21.2}),
        ("Préchauffez le four à 200 °C.", {"oven_f": 392}),
        ("Heizen Sie auf etwa 180 °C vor.", {"oven_temperature_f": 356}),
        # length
        ("The station is 2.4 km from the hotel.", {"walk_distance_m": 2400}),
        ("Die Strecke ist 16 km lang.", {"route_miles": 10}),
        ("The trail is 6.2 miles long.", {"length_km": 10}),
        ("La tienda está a 800 m.", {"distance_km": 0.8}),
        # mass
        ("The parcel weighs 2.5 kg.", {"weight_g": 2500}),
        ("Le colis pèse 1,5 kg.", {"weight_lb": 3.3}),
        ("Your bag is 22 lbs.", {"bag_weight_kg": 10}),
        # durations in two parts
        ("The build took 3 min 20 s.", {"build_duration_s": 200}),
        ("The movie runs 1 hour 55 minutes.", {"runtime_min": 115}),
        ("Die Fahrt dauert 3 Std. 45 Min.", {"dauer_min": 225}),
        ("La réunion dure 1 h 40 min.", {"duree_minutes": 100}),
        ("Pipeline finished in 2m 14s.", {"elapsed_seconds": 134}),
        ("The backup ran 1h 25m.", {"runtime_min": 85}),
        ("It takes 90 minutes.", {"duration_h": 1.5}),
        # durations between two clock times the answer shows
        ("Departs 09:10, arrives 11:35 — a 145-minute ride.", {"dep": "09:10", "arr": "11:35"}),
        ("It leaves at 14:20 instead of 13:45, 35 minutes late.", {"planned": "13:45", "new": "14:20"}),
        ("Abfahrt 07:05, Ankunft 10:47, Fahrtzeit 3 Std. 42 Min.", {"ab": "07:05", "an": "10:47"}),
        ("Sale a las 18:30 y llega a las 21:10: 2 h 40 min de viaje.", {"sale": "18:30", "llega": "21:10"}),
    ],
)
def test_conversion_explains(response: str, result: dict[str, object]) -> None:
    assert flagged(response, result) == []


@pytest.mark.parametrize(
    ("response", "result", "expected"),
    [
        ("It is 21°C outside, that is 75°F.", {"temperature_c": 21.2}, ["75"]),
        ("Préchauffez le four à 220 °C.", {"oven_f": 392}, ["220"]),
        ("The station is 3.4 km from the hotel.", {"walk_distance_m": 2400}, ["3.4"]),
        ("The trail is 8.2 miles long.", {"length_km": 10}, ["8.2"]),
        ("The parcel weighs 3.5 kg.", {"weight_g": 2500}, ["3.5"]),
        ("The build took 3 min 50 s.", {"build_duration_s": 200}, ["50"]),
        ("Pipeline finished in 2m 24s.", {"elapsed_seconds": 134}, ["24s"]),
        ("The backup ran 1h 35m.", {"runtime_min": 85}, ["35m"]),
        # an "m" with no hours or seconds part is metres: 134 s is not 2 m
        ("The cable is 14 m long.", {"elapsed_seconds": 840}, ["14"]),
        ("Die Fahrt dauert 3 Std. 55 Min.", {"dauer_min": 225}, ["55"]),
        (
            "It leaves at 14:20 instead of 13:45, 45 minutes late.",
            {"planned": "13:45", "new": "14:20"},
            ["45"],
        ),
        (
            "Sale a las 18:30 y llega a las 21:10: 2 h 50 min de viaje.",
            {"sale": "18:30", "llega": "21:10"},
            ["50"],
        ),
        # a unit of another dimension converts nothing: 21 °C is not 70 km
        ("It is 70 km away.", {"temperature_c": 21.2}, ["70"]),
        # a field whose name gives no unit converts nothing
        ("It is 70°F today.", {"temperature": 21.2}, ["70"]),
        # the parts of a duration must be adjacent: "2 hours ... 22 minutes" apart are two numbers
        ("It took 2 hours, then after a break of 22 minutes more.", {"duration_min": 142}, ["22"]),
    ],
)
def test_wrong_conversion_fires(response: str, result: dict[str, object], expected: list[str]) -> None:
    assert flagged(response, result) == expected


def test_many_shown_times_make_a_difference_uninformative() -> None:
    # eleven departures: their differences cover most whole minutes between 17 and 57
    offsets = [0, 3, 7, 12, 18, 25, 33, 42, 52, 63, 75]
    times = {f"t{i}": f"{14 + m // 60}:{m % 60:02d}" for i, m in enumerate(offsets)}
    shown = ", ".join(times.values())
    found = findings(turn(f"Departures: {shown}. The wait is 38 minutes.", call("timetable", times)))
    assert [(f.identifier, f.confidence) for f in found] == [("38", 0.5)]  # kept as evidence, not explained


@pytest.mark.parametrize(
    ("key", "unit"),
    [
        ("temp_c", "c"),
        ("oven_temp_f", "f"),
        ("distance_m", "m"),
        ("duration_s", "s"),
        ("bake_minutes", "min"),
    ],
)
def test_key_unit(key: str, unit: str) -> None:
    assert key_unit(key) == unit


@pytest.mark.parametrize("key", ["m", "s", "name", "size", "minimum", "hours_open_text"])
def test_key_without_unit(key: str) -> None:
    assert key_unit(key) is None  # a unit word qualifies a quantity: never a first word


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("5 km", "km"),
        ("5km", "km"),
        ("5 °F", "f"),
        ("5°C", "c"),
        ("5 Std.", "h"),
        ("5 heures", "h"),
        ("5 s", "s"),
    ],
)
def test_answer_unit(text: str, unit: str) -> None:
    found = answer_unit(text, 1)
    assert found is not None and found[0] == unit


@pytest.mark.parametrize("text", ["5 people", "5 stars", "5 mph", "5 ms", "5 mins-long"])
def test_answer_without_unit(text: str) -> None:
    assert answer_unit(text, 1) is None


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("Sales rose from 1,200 to 1,500 units, up 25%.", {"q1": 1200, "q2": 1500}),
        (
            "You walked 8,000 steps, 20% less than the 10,000 the day before.",
            {"today": 8000, "yesterday": 10000},
        ),
        ("Le trafic passe de 340 à 391 visites, une hausse de 15 %.", {"avant": 340, "apres": 391}),
        ("Der Verbrauch sank von 250 auf 200 kWh, ein Rückgang von 20 %.", {"jan": 250, "feb": 200}),
        ("Las ventas subieron de 80 a 92 pedidos: un aumento del 15%.", {"antes": 80, "ahora": 92}),
        ("O consumo caiu de 300 para 240 litros, uma queda de cerca de 20%.", {"jan": 300, "fev": 240}),
    ],
)
def test_percentage_change_explains(response: str, result: dict[str, object]) -> None:
    assert flagged(response, result) == []


@pytest.mark.parametrize(
    ("response", "result", "expected"),
    [
        ("Sales rose from 1,200 to 1,500 units, up 35%.", {"q1": 1200, "q2": 1500}, ["35%"]),
        # either number may be the base ("20% less than", "25% more than"): 30% is neither
        (
            "Der Verbrauch sank von 250 auf 200 kWh, ein Rückgang von 30 %.",
            {"jan": 250, "feb": 200},
            ["30 %"],
        ),
        # no word announces a change: 25% of what is left unsaid
        ("Sales were 1,200 and 1,500 units; margin 25%.", {"q1": 1200, "q2": 1500}, ["25%"]),
        # the operands must be shown by the answer, not only held by the evidence
        ("Sales went up 25%.", {"q1": 1200, "q2": 1500}, ["25%"]),
    ],
)
def test_wrong_percentage_change_fires(response: str, result: dict[str, object], expected: list[str]) -> None:
    assert flagged(response, result) == expected


SLOTS = {"slots": [{"start": "09:00", "end": "10:15"}, {"start": "13:30", "end": "15:00"}]}


@pytest.mark.parametrize(
    "response",
    [
        "You're free from 09:00 to 10:15 and from 13:30 to 15:00, 165 minutes in total.",
        "Free 09:00 – 10:15 and 13:30 – 15:00: 2 h 45 min altogether.",
        "Frei von 09:00 bis 10:15 und von 13:30 bis 15:00, insgesamt 2 Std. 45 Min.",
        "Libre de 09:00 a 10:15 y de 13:30 a 15:00: 165 minutos en total.",
    ],
)
def test_total_of_shown_ranges_explains(response: str) -> None:
    assert flagged(response, SLOTS) == []


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("You're free from 09:00 to 10:15 and from 13:30 to 15:00, 175 minutes in total.", ["175"]),
        ("Frei von 09:00 bis 10:15 und von 13:30 bis 15:00, insgesamt 2 Std. 55 Min.", ["55"]),
        # the sum of the ranges is not announced as a total: 165 minutes is a claim of its own
        (
            "You're free from 09:00 to 10:15 and from 13:30 to 15:00; the gym class lasts 165 minutes.",
            ["165"],
        ),
    ],
)
def test_wrong_total_of_ranges_fires(response: str, expected: list[str]) -> None:
    assert flagged(response, SLOTS) == expected


RECIPE = {"servings": 4, "ingredients": [{"item": "rice", "grams": 250}, {"item": "stock", "ml": 750}]}


@pytest.mark.parametrize(
    "response",
    [
        "For 8 guests, double it: 500 g rice and 1500 ml stock.",
        "Twice the amounts then — 500 g of rice, 1500 ml of stock.",
        "Pour 12 personnes, triplez tout : 750 g de riz, 2250 ml de bouillon.",
        "Für 2 Personen halbieren: 125 g Reis und 375 ml Brühe.",
        "Para 8 personas, duplica todo: 500 g de arroz y 1500 ml de caldo.",
    ],
)
def test_announced_scaling_explains(response: str) -> None:
    assert flagged(response, RECIPE) == []


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("For 8 guests, double it: 550 g rice and 1500 ml stock.", ["550"]),
        ("Pour 12 personnes, triplez tout : 750 g de riz, 2500 ml de bouillon.", ["2500"]),
        # no word announces the factor: 500 g is not in the recipe
        ("For 8 guests: 500 g rice and 1500 ml stock.", ["500", "1500"]),
        # the factor is announced in another paragraph
        ("You could double it.\n\nUse 500 g rice and 1500 ml stock.", ["500", "1500"]),
    ],
)
def test_unannounced_or_wrong_scaling_fires(response: str, expected: list[str]) -> None:
    assert flagged(response, RECIPE) == expected


@pytest.mark.parametrize(
    ("response", "result", "expected"),
    [
        # a unit named by the text next to the number, in a free-text result or a string field
        ("That is about 65°F.", {"summary": "Lisbon: 18.4 °C, partly cloudy"}, []),
        ("The hotel is 1.2 km from the museum.", {"walk": "a 1200 m walk"}, []),
        ("La tienda está a 1.6 km.", {"info": "a 1 mile del centro"}, []),
        ("La tienda está a 2.6 km.", {"info": "a 1 mile del centro"}, ["2.6"]),
        ("That is about 75°F.", {"summary": "Lisbon: 18.4 °C, partly cloudy"}, ["75"]),
        ("The hotel is 2.1 km from the museum.", {"walk": "a 1200 m walk"}, ["2.1"]),
    ],
)
def test_unit_named_in_text(response: str, result: dict[str, object], expected: list[str]) -> None:
    assert flagged(response, result) == expected


USAGE = {
    "months": [{"month": "2026-01", "kwh": 500, "cost": 85.0}, {"month": "2026-02", "kwh": 410, "cost": 69.7}]
}


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        # two values of one field across records, unsaid in the answer
        ("Your electricity use fell about 18% in February.", []),
        ("Ihr Stromverbrauch ist im Februar um 18 % gesunken.", []),
        ("Tu consumo bajó un 18% en febrero.", []),
        ("Your electricity use fell about 28% in February.", ["28%"]),
        # no word announces a change
        ("In February, 18% of your energy came from solar.", ["18%"]),
    ],
)
def test_change_of_one_field(response: str, expected: list[str]) -> None:
    assert flagged(response, USAGE) == expected


def test_change_in_a_long_column_is_not_tried() -> None:
    # 14 days: 5137 -> 6918 steps is a 35% rise, but so long a column's changes prove nothing
    days = {"days": [{"date": f"2026-03-{d:02d}", "steps": 5000 + 137 * d} for d in range(1, 15)]}
    assert flagged("Steps rose 35% over the period.", days) == ["35%"]

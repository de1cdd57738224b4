"""Counts that announce a table or an inline enumeration (numbers/announced.py with
numbers/shownitems.py), labelled counts that total the answer's own column
(numbers/totals.py), gaps after a comparison (numbers/differences.py), bare counts per unit
(numbers/perunit.py) and previous values after a change (numbers/previous.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.shownitems import inline_items, part_of, table_rows
from tests.helpers import findings

#: Seven tasks: four not done, three done.
TASKS: dict[str, Any] = {
    "tasks": [
        {"task_id": "t1", "title": "Renew car insurance", "done": False},
        {"task_id": "t2", "title": "Book dentist", "done": True},
        {"task_id": "t3", "title": "Water the garden", "done": False},
        {"task_id": "t4", "title": "Send invoices", "done": True},
        {"task_id": "t5", "title": "Return parcel", "done": False},
        {"task_id": "t6", "title": "Clean gutters", "done": True},
        {"task_id": "t7", "title": "Fix the bike light", "done": False},
    ]
}

PEOPLE = [{"first_name": n, "last_name": "Okafor"} for n in ("Ada", "Ben", "Cleo")]


def _weather(city: str, temp: int) -> tuple[Any, ...]:
    result = {"city": city, "temp_c": temp, "sky": "clear", "heat_threshold_c": 30}
    return ("GetWeather", result, {"city": city})


def _booking(rid: str, bags: int, **more: Any) -> tuple[Any, ...]:
    result = {"reservation_id": rid, "passengers": PEOPLE, "total_baggages": bags, **more}
    return ("get_reservation_details", result, {"reservation_id": rid})


def _numbers(answer: str, *calls: tuple[Any, ...], user: str = "what's up?") -> list[str]:
    tool_calls = [{"name": c[0], "arguments": c[2] if len(c) > 2 else {}, "result": c[1]} for c in calls]
    turn = Turn.from_dict({"user_message": user, "response": answer, "tool_calls": tool_calls})
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


CITIES = [_weather("Oslo", 31), _weather("Bergen", 33), _weather("Tromso", 35), _weather("Narvik", 22)]


def _table(*rows: str) -> str:
    return "\n\n| City | Sky |\n|---|---|\n" + "\n".join(f"| {r} | clear |" for r in rows) + "\n"


WARM = ("Oslo", "Bergen", "Tromso")

TABLE_FIRES = [
    ("I checked 4 cities, and 2 are above 30 °C:" + _table(*WARM), "2"),
    ("These 4 are the warm ones:" + _table(*WARM), "4"),
    ("Diese 2 Orte sind heute warm:" + _table(*WARM), "2"),
    ("Ces 2 villes sont chaudes aujourd'hui :" + _table(*WARM), "2"),
    ("Estas 2 ciudades están calurosas hoy:" + _table(*WARM), "2"),
]
TABLE_QUIET = [
    "I checked 4 cities, and 3 are above 30 °C:" + _table(*WARM),
    "Diese 3 Orte sind heute warm:" + _table(*WARM),
    # a part and its whole before a table: the table may be a choice
    "Here are 3 of the 4 cities:" + _table(*WARM),
    "Here are 2 of the 5 warm cities:" + _table(*WARM),
    # the count of an earlier clause is not the announcing one
    "I checked 4 cities, and these are above 30 °C:" + _table(*WARM),
]


@pytest.mark.parametrize(("answer", "count"), TABLE_FIRES)
def test_a_count_announcing_a_table_of_other_rows_is_flagged(answer: str, count: str) -> None:
    assert _numbers(answer, *CITIES) == [count]


@pytest.mark.parametrize("answer", TABLE_QUIET)
def test_a_count_its_table_agrees_with_is_quiet(answer: str) -> None:
    assert _numbers(answer, *CITIES) == []


def test_table_rows_counts_rows_after_header_and_separator() -> None:
    text = "Open:\n\n| A | B |\n| :-- | --: |\n| 1 | 2 |\n| 3 | 4 |\n\nDone."
    assert table_rows(text, text.index(":") + 1) == 2
    assert table_rows("Open:\n\nno table here\n", 5) == 0


# --- a count announcing an inline enumeration -------------------------------------------------


INLINE_FIRES = [
    "Two of the four cities are above 30 °C today: Oslo, Bergen and Tromso.",
    "Deux des quatre villes dépassent 30 °C : Oslo, Bergen et Tromso.",
    "Zwei von vier Städten liegen über 30 °C: Oslo, Bergen und Tromso.",
    "Dos de las cuatro ciudades superan los 30 °C: Oslo, Bergen y Tromso.",
]
INLINE_QUIET = [
    "Three of the four cities are above 30 °C today: Oslo, Bergen and Tromso.",
    "Trois des quatre villes dépassent 30 °C : Oslo, Bergen et Tromso.",
    "Drei von vier Städten liegen über 30 °C: Oslo, Bergen und Tromso.",
    "Tres de las cuatro ciudades superan los 30 °C: Oslo, Bergen y Tromso.",
    # clauses, not an enumeration of items
    "Two things stand out: Oslo is warmer than Narvik by a lot and Bergen is the cloudiest city.",
]


@pytest.mark.parametrize("answer", INLINE_FIRES)
def test_a_count_announcing_an_inline_list_of_other_length_is_flagged(answer: str) -> None:
    assert len(_numbers(answer, *CITIES)) == 1


@pytest.mark.parametrize("answer", INLINE_QUIET)
def test_a_count_its_inline_list_agrees_with_is_quiet(answer: str) -> None:
    assert _numbers(answer, *CITIES) == []


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("Open: Ada, Ben and Cleo.", 3),
        ("Ouverts : Ada, Ben et Cleo.", 3),
        ("Offen: Ada und Ben.", 2),
        ("Abiertos: Ada, Ben, Cleo y Dana.", 4),
        ("Open: call the bank about the new card and pay rent.", 0),
        ("Open: 3 tasks and 2 alarms.", 0),
        ("Open: everything.", 0),
    ],
)
def test_inline_items(text: str, items: int) -> None:
    assert inline_items(text, text.index(":") + 1) == items


def test_part_of_reads_only_linking_words() -> None:
    assert part_of("2 of the 4", 1, 9)
    assert part_of("2 d'entre les 4", 1, 14)
    assert not part_of("2 tasks, 4", 1, 9)


# --- a labelled count that totals the answer's own column -----------------------------------

BAGS = [_booking("AB12CD", 2), _booking("EF34GH", 0), _booking("JK56LM", 2)]


def _bags_table(total: int, sentence: str) -> str:
    return (
        "| Reservation | Checked bags |\n|---|---|\n| AB12CD | 2 |\n| EF34GH | 0 |\n| JK56LM | 2 |\n\n"
        + sentence.format(total)
    )


@pytest.mark.parametrize(
    "sentence",
    ["That's {} checked bags in total.", "Across all trips that's {} bags.", "Das sind insgesamt {} Koffer."],
)
def test_a_labelled_count_that_totals_the_column_is_explained(sentence: str) -> None:
    assert _numbers(_bags_table(4, sentence), *BAGS) == []
    assert "5" in _numbers(_bags_table(5, sentence), *BAGS)  # a wrong total stays a finding


# --- a gap after a comparison, a bare count per unit -----------------------------------------

HELD_14 = _booking("AB12CD", 14, max_bags_per_passenger=5)


@pytest.mark.parametrize(
    "sentence",
    [
        "Your party is {} bag below the limit of 15.",
        "You are {} bag short of the limit of 15 bags.",
        "Ihr liegt {} Koffer unter dem Limit von 15.",
        "Vous êtes à {} bagages en dessous de la limite de 15.",
    ],
)
def test_a_count_before_a_comparison_is_a_gap(sentence: str) -> None:
    answer = "The reservation now holds 14 checked bags. " + sentence
    assert "1" not in _numbers(answer.format(1), HELD_14)
    assert "3" in _numbers(answer.format(3), HELD_14)  # a wrong gap stays held as a count


@pytest.mark.parametrize(("limit", "flagged"), [(15, False), (40, True)])
def test_a_figure_beside_its_per_unit_breakdown(limit: int, flagged: bool) -> None:
    answer = f"The reservation now holds 14 checked bags; the limit is {limit} (5 per passenger)."
    assert (str(limit) in _numbers(answer, HELD_14)) is flagged


# --- a previous value after a change ---------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Reservation AB12CD now has 14 checked bags, up from {}.",
        "Reservation AB12CD now has 14 checked bags (previously {}).",
        "La réservation AB12CD a maintenant 14 bagages au lieu de {}.",
        "Die Buchung AB12CD hat jetzt 14 Koffer statt {}.",
        "La reserva AB12CD ahora tiene 14 maletas en lugar de {}.",
    ],
)
def test_a_previous_value_is_held_against_the_record_before_the_change(sentence: str) -> None:
    before, after = _booking("AB12CD", 6), _booking("AB12CD", 14)
    assert _numbers(sentence.format(6), before, after) == []
    assert "7" in _numbers(sentence.format(7), before, after)


BOUND_QUIET = [
    # a threshold before the colon counts nothing the list shows
    "Your flight is more than 7 days away, so you get a voucher:\n- paid: $512\n- minus 2 x $75\n"
    "- voucher: $362",
    "Da Ihr Flug mehr als 7 Tage entfernt ist, gibt es einen Gutschein:\n- bezahlt: 512 $\n"
    "- abzüglich 2 × 75 $\n- Gutschein: 362 $",
    "Comme il reste plus de 10 jours, voici le calcul :\n- payé : 512 $\n- moins 2 × 75 $\n- avoir : 362 $",
    "You may bring up to 5 bags, so here is the plan:\n- two checked\n- one carry-on",
]


@pytest.mark.parametrize("answer", BOUND_QUIET)
def test_a_bound_before_a_list_announces_nothing(answer: str) -> None:
    assert _numbers(answer, ("send_certificate", {"paid": 512, "amount": 362, "fee": 75})) == []


def test_a_plain_count_before_a_list_still_does() -> None:
    answer = "You get these 4 options:\n- a voucher\n- a new date\n- a refund"
    assert "4" in _numbers(answer)


# --- a gap against a figure named by a noun, a count after a stated change ------------------

HELD_2 = _booking("AB12CD", 2)


@pytest.mark.parametrize(
    "sentence",
    [
        "As gold members you get 4 free bags. With 5 bags you are {} bag over the free allowance, at $45.",
        "You get 4 free bags; with 5 you'd be {} bag above the allowance.",
        "Sie haben 4 Freigepäckstücke. Mit 5 Koffern liegen Sie {} Koffer über dem Freigepäck.",
        "Vous avez droit à 4 bagages gratuits. Avec 5 bagages, vous êtes {} bagage au-dessus de la "
        "franchise.",
    ],
)
def test_a_gap_against_a_figure_named_by_a_noun_is_a_difference(sentence: str) -> None:
    assert "1" not in _numbers(sentence.format(1), HELD_2)
    assert "7" in _numbers(sentence.format(7), HELD_2)  # no two figures are 7 apart


@pytest.mark.parametrize(
    "sentence",
    [
        "You have 2 bags on the booking. Adding 3 more brings you to {} bags.",
        "You have 2 bags on the booking; with 1 extra bag that makes {} bags.",
        "Sie haben 2 Koffer. Mit 3 weiteren Koffern sind es dann {} Koffer.",
        "Vous avez 2 bagages. En ajoutant 1 bagage supplémentaire, vous en aurez {} bagages.",
        "You have 2 bags. Removing 1 leaves you with {} bag.",
    ],
)
def test_a_count_after_a_stated_change_is_the_new_count(sentence: str) -> None:
    change = 3 if ("3" in sentence) else 1
    new = 2 - change if "Removing" in sentence else 2 + change
    assert str(new) not in _numbers(sentence.format(new), HELD_2)
    assert "6" in _numbers(sentence.format(6), HELD_2)  # neither 2 + the change nor 2 - it


# --- a count of another clause or a number of shares before a colon -------------------------

FLIGHT = ("search_direct_flight", {"flight_number": "SC0145", "seats": {"economy": 8}, "price": 176}, {})


@pytest.mark.parametrize(
    "intro",
    [
        "SC0145 has {} economy seats left, so here's the booking I'd make:",
        "SC0145 has {} seats left, but first the details:",
        "Le SC0145 a encore {} places, donc voici la réservation :",
        "Der SC0145 hat noch {} freie Plätze, also hier die Buchung:",
        "O SC0145 tem {} lugares livres, então aqui está a reserva:",
    ],
)
def test_a_count_of_a_clause_a_coordinator_closes_announces_nothing(intro: str) -> None:
    answer = intro.format(8) + "\n- Flight: SC0145\n- Price: $176\n- Bags: 2 free\n"
    assert "8" not in _numbers(answer, FLIGHT)


@pytest.mark.parametrize(
    "intro",
    [
        "Split {} ways:",
        "Dividido entre {} personas:",
        "Partagé en {} parts :",
        "Aufgeteilt auf {} Personen:",
    ],
)
def test_a_number_of_shares_announces_no_list(intro: str) -> None:
    converted = ("Convert", {"amount": 1260, "from": "EUR", "to": "CAD", "result": 1971.52}, {})
    answer = "€1,260 is CA$1,971.52.\n\n" + intro.format("four") + "\n- **CA$492.88 each**\n"
    assert "four" not in _numbers(answer, converted)


def test_a_count_in_the_announcing_clause_is_still_read() -> None:
    answer = "Here are the 4 remaining options:\n- SC0145 at $176\n- SC0147 at $181\n"
    assert "4" in _numbers(answer, FLIGHT)


# --- a payment method's new balance stated with "now" ---------------------------------------

_WALLET = (
    "get_user_details",
    {
        "payment_methods": {
            "gift_card_7730215": {"id": "gift_card_7730215", "source": "gift_card", "amount": 75}
        }
    },
)
_REFUND = (
    "update_reservation_flights",
    {"reservation_id": "X", "payment_history": [{"payment_id": "gift_card_7730215", "amount": -38}]},
    {"payment_id": "gift_card_7730215"},
)


@pytest.mark.parametrize(
    "sentence",
    [
        "The $38 refund went to gift_card_7730215, which should now be at ${}.",
        "Los $38 se abonaron a gift_card_7730215, que ahora tiene ${}.",
        "Les 38 $ sont allés sur gift_card_7730215, qui est maintenant à {} $.",
        "Die 38 $ gingen auf gift_card_7730215, die jetzt bei {} $ steht.",
    ],
)
def test_a_new_balance_said_with_now_is_the_balance_plus_the_refund(sentence: str) -> None:
    assert _numbers(sentence.format(113), _WALLET, _REFUND) == []
    assert _numbers(sentence.format(131), _WALLET, _REFUND) != []


# --- a count of the items holding a name its sentence gives ---------------------------------

_INBOX = (
    "SearchInbox",
    {
        "emails": [
            {"sender_name": "Priya Raman", "subject": "Mockups"},
            {"sender_name": "Priya Shah", "subject": "BBQ"},
            {"sender_name": "Priya Raman", "subject": "Invoice"},
            {"sender_name": "Priya Raman", "subject": "Fonts"},
        ]
    },
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Priya Raman sent you {} emails this week.",
        "Priya Raman te envió {} correos esta semana.",
        "Priya Raman vous a envoyé {} e-mails cette semaine.",
    ],
)
def test_a_count_of_the_items_a_named_value_holds(sentence: str) -> None:
    assert _numbers(sentence.format(3), _INBOX) == []
    assert "2" in _numbers(sentence.format(2), _INBOX)  # two items do not hold the name

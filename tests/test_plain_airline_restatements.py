"""Plain restatements of airline tool results, in five languages, are clean.

Each answer restates a reservation, a booking, a change or a search the way agents write
(τ-bench style): dates with weekdays, clock times ("15:05 Uhr", "15 h 05", "às 15h05"), a
flight's own length, fares for all passengers, insurance per person, bag fees from the
policy, certificate and gift-card balances, a fare difference per passenger, masked cards, a
table of options. Written from those principles (not from any corpus), every one must pass
without a blocking finding: a failure here is a false alarm on ordinary traffic.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

RES: dict[str, Any] = {
    "reservation_id": "K5VT9B",
    "origin": "DEN",
    "destination": "SFO",
    "flights": [
        {
            "flight_number": "LK0722",
            "date": "2025-11-21",
            "departure_time": "15:05:00",
            "arrival_time": "16:40:00",
            "price": 168,
        },
        {
            "flight_number": "LK0729",
            "date": "2025-11-30",
            "departure_time": "08:15:00",
            "arrival_time": "11:50:00",
            "price": 174,
        },
    ],
    "passengers": [
        {"first_name": "Lars", "last_name": "Eriksen"},
        {"first_name": "Astrid", "last_name": "Eriksen"},
        {"first_name": "Johan", "last_name": "Eriksen"},
    ],
    "payment_history": [{"payment_id": "credit_card_3360187", "amount": 1026.5}],
    "total_baggages": 3,
    "nonfree_baggages": 1,
    "insurance": "yes",
}
CTX_TRIP = "The current time is Tuesday 2025-11-18 10:30 MST."
TRIP = {
    "en": [
        "Your flight LK0722 leaves on Friday, November 21 at 3:05 PM and lands at 4:40 PM.",
        "You paid $1,026.50 in total for 3 passengers.",
        "The return LK0729 is on Sunday, Nov 30, departing 8:15 am.",
        "You have 3 checked bags, 1 of them paid.",
        "The flight takes 1 hour 35 minutes.",
        "That's in 3 days.",
        "Flights: $168 + $174 = $342.",
        "Your trip is 9 days long.",
        "Departure 15:05, arrival 16:40 (1h35).",
    ],
    "es": [
        "Tu vuelo LK0722 sale el viernes 21 de noviembre a las 15:05 y llega a las 16:40.",
        "Pagaste 1026,50 $ en total por 3 pasajeros.",
        "El regreso LK0729 es el domingo 30 de noviembre, salida a las 8:15.",
        "Tienes 3 maletas facturadas, 1 de ellas pagada.",
        "El vuelo dura 1 hora y 35 minutos.",
        "Es dentro de 3 días.",
        "Vuelos: 168 $ + 174 $ = 342 $.",
        "Tu viaje dura 9 días.",
        "Salida 15:05, llegada 16:40 (1 h 35 min).",
    ],
    "fr": [
        "Votre vol LK0722 part le vendredi 21 novembre à 15 h 05 et arrive à 16 h 40.",
        "Vous avez payé 1 026,50 $ au total pour 3 passagers.",
        "Le retour LK0729 est le dimanche 30 novembre, départ à 8 h 15.",
        "Vous avez 3 bagages enregistrés, dont 1 payant.",
        "Le vol dure 1 h 35.",
        "C'est dans 3 jours.",
        "Vols : 168 $ + 174 $ = 342 $.",
        "Votre voyage dure 9 jours.",
        "Départ 15h05, arrivée 16h40 (1h35 de vol).",
    ],
    "de": [
        "Ihr Flug LK0722 startet am Freitag, 21. November, um 15:05 Uhr und landet um 16:40 Uhr.",
        "Sie haben insgesamt 1.026,50 $ für 3 Passagiere bezahlt.",
        "Der Rückflug LK0729 ist am Sonntag, 30. November, Abflug 8:15 Uhr.",
        "Sie haben 3 aufgegebene Gepäckstücke, davon 1 kostenpflichtig.",
        "Der Flug dauert 1 Stunde und 35 Minuten.",
        "Das ist in 3 Tagen.",
        "Flüge: 168 $ + 174 $ = 342 $.",
        "Ihre Reise dauert 9 Tage.",
        "Abflug 15.05 Uhr, Ankunft 16.40 Uhr.",
    ],
    "pt": [
        "Seu voo LK0722 sai na sexta-feira, 21 de novembro, às 15h05 e chega às 16h40.",
        "Você pagou US$ 1.026,50 no total por 3 passageiros.",
        "A volta LK0729 é no domingo, 30 de novembro, saindo às 8h15.",
        "Você tem 3 malas despachadas, 1 delas paga.",
        "O voo dura 1 hora e 35 minutos.",
        "Isso é daqui a 3 dias.",
        "Voos: US$ 168 + US$ 174 = US$ 342.",
        "Sua viagem dura 9 dias.",
        "Partida 15:05, chegada 16:40 (1h35 de voo).",
    ],
}

CTX_BOOKED = (
    "# Airline policy\nThe current time is Tuesday 2025-11-18 10:30 MST.\nEach extra checked bag "
    "costs $40. Travel insurance costs $30 per passenger. Gold members get 2 free checked bags per "
    "passenger. Cancellations within 24 hours of booking are refunded in full within 5-7 business "
    "days."
)
LARS: dict[str, Any] = {
    "user_id": "lars_e",
    "name": {"first_name": "Lars", "last_name": "Eriksen"},
    "membership": "gold",
    "payment_methods": {
        "credit_card_3360187": {
            "source": "credit_card",
            "brand": "visa",
            "last_four": "4417",
            "id": "credit_card_3360187",
        },
        "gift_card_7730215": {"source": "gift_card", "amount": 150.0, "id": "gift_card_7730215"},
        "certificate_9911": {"source": "certificate", "amount": 100.0, "id": "certificate_9911"},
    },
    "reservations": ["K5VT9B"],
}
BOOKED: dict[str, Any] = {
    "reservation_id": "Q8HZ3R",
    "origin": "DEN",
    "destination": "SFO",
    "flight_type": "round_trip",
    "cabin": "economy",
    "flights": [
        {"flight_number": "LK0722", "date": "2025-11-21", "price": 168},
        {"flight_number": "LK0729", "date": "2025-11-28", "price": 174},
    ],
    "passengers": [
        {"first_name": "Lars", "last_name": "Eriksen"},
        {"first_name": "Astrid", "last_name": "Eriksen"},
    ],
    "payment_history": [
        {"payment_id": "certificate_9911", "amount": 100},
        {"payment_id": "gift_card_7730215", "amount": 150},
        {"payment_id": "credit_card_3360187", "amount": 504},
    ],
    "total_baggages": 5,
    "nonfree_baggages": 1,
    "insurance": "yes",
    "created_at": "2025-11-18T10:20:00",
}
BOOKING = {
    "en": [
        "Booked! Reservation Q8HZ3R: LK0722 on Friday, Nov 21 and LK0729 back on Friday, Nov 28, for Lars"
        " and Astrid.",
        "The total is $754: flights $684 for 2 passengers, $30 insurance each ($60) and 1 extra bag ($40).",
        "Paid with your $100 certificate, $150 from your gift card and $504 on your Visa ending in 4417.",
        "You have 5 checked bags, 4 of them free as a Gold member.",
        "Your outbound flight is in 3 days, and you're away for a week.",
    ],
    "es": [
        "¡Reservado! Reserva Q8HZ3R: LK0722 el viernes 21 de noviembre y LK0729 de vuelta el viernes 28 "
        "de noviembre, para Lars y Astrid.",
        "El total es 754 $: vuelos 684 $ para 2 pasajeros, seguro de 30 $ por persona (60 $) y 1 maleta "
        "extra (40 $).",
        "Pagado con tu certificado de 100 $, 150 $ de tu tarjeta regalo y 504 $ en tu Visa terminada en "
        "4417.",
        "Tienes 5 maletas facturadas, 4 de ellas gratis por ser Gold.",
        "Tu vuelo de ida es dentro de 3 días y estarás fuera una semana.",
    ],
    "fr": [
        "C'est réservé ! Réservation Q8HZ3R : LK0722 le vendredi 21 novembre et LK0729 au retour le "
        "vendredi 28 novembre, pour Lars et Astrid.",
        "Le total est de 754 $ : vols 684 $ pour 2 passagers, assurance de 30 $ par personne (60 $) et 1 "
        "bagage supplémentaire (40 $).",
        "Payé avec votre certificat de 100 $, 150 $ de votre carte cadeau et 504 $ sur votre Visa se "
        "terminant par 4417.",
        "Vous avez 5 bagages enregistrés, dont 4 gratuits en tant que membre Gold.",
        "Votre vol aller est dans 3 jours et vous partez une semaine.",
    ],
    "de": [
        "Gebucht! Reservierung Q8HZ3R: LK0722 am Freitag, 21. November, und LK0729 zurück am Freitag, 28."
        " November, für Lars und Astrid.",
        "Die Summe beträgt 754 $: Flüge 684 $ für 2 Passagiere, Versicherung 30 $ pro Person (60 $) und 1"
        " zusätzliches Gepäckstück (40 $).",
        "Bezahlt mit Ihrem 100-$-Zertifikat, 150 $ von Ihrer Geschenkkarte und 504 $ auf Ihrer Visa mit "
        "Endung 4417.",
        "Sie haben 5 aufgegebene Gepäckstücke, davon 4 kostenlos als Gold-Mitglied.",
        "Ihr Hinflug ist in 3 Tagen, und Sie sind eine Woche unterwegs.",
    ],
    "pt": [
        "Reservado! Reserva Q8HZ3R: LK0722 na sexta-feira, 21 de novembro, e LK0729 na volta, "
        "sexta-feira, 28 de novembro, para Lars e Astrid.",
        "O total é US$ 754: voos US$ 684 para 2 passageiros, seguro de US$ 30 por pessoa (US$ 60) e 1 "
        "mala extra (US$ 40).",
        "Pago com seu certificado de US$ 100, US$ 150 do seu cartão-presente e US$ 504 no seu Visa final "
        "4417.",
        "Você tem 5 malas despachadas, 4 delas grátis por ser Gold.",
        "Seu voo de ida é daqui a 3 dias e você fica fora uma semana.",
    ],
}

CTX_CHANGED = (
    "# Airline policy\nThe current time is 2025-05-15 15:00 EST.\nEach extra checked bag costs $50. "
    "Travel insurance costs $30 per passenger. Silver members get 1 free checked bag per passenger in"
    " economy. For a delayed flight, offer a certificate of $50 times the number of passengers. For a"
    " cancelled flight, $100 times the number of passengers."
)
MIA: dict[str, Any] = {
    "user_id": "mia_k",
    "membership": "silver",
    "payment_methods": {
        "gift_card_221": {"source": "gift_card", "amount": 260.0, "id": "gift_card_221"},
        "credit_card_77": {
            "source": "credit_card",
            "brand": "mastercard",
            "last_four": "9031",
            "id": "credit_card_77",
        },
    },
}
OLD: dict[str, Any] = {
    "reservation_id": "HX3P9Q",
    "cabin": "economy",
    "flights": [
        {"flight_number": "HAT101", "date": "2025-05-20", "price": 145},
        {"flight_number": "HAT202", "date": "2025-05-25", "price": 162},
    ],
    "passengers": [{"first_name": "Mia", "last_name": "Kim"}, {"first_name": "Jun", "last_name": "Kim"}],
    "payment_history": [{"payment_id": "credit_card_77", "amount": 674}],
    "total_baggages": 2,
    "nonfree_baggages": 0,
    "insurance": "yes",
}
FOUND: list[Any] = [
    {
        "flight_number": "HAT303",
        "date": "2025-05-21",
        "prices": {"economy": 171, "business": 410},
        "available_seats": {"economy": 6, "business": 3},
    }
]
NEW: dict[str, Any] = dict(
    OLD,
    flights=[
        {"flight_number": "HAT303", "date": "2025-05-21", "price": 171},
        {"flight_number": "HAT202", "date": "2025-05-25", "price": 162},
    ],
    payment_history=[
        {"payment_id": "credit_card_77", "amount": 674},
        {"payment_id": "gift_card_221", "amount": 52},
    ],
)
BAGS: dict[str, Any] = dict(
    NEW,
    total_baggages=4,
    nonfree_baggages=2,
    payment_history=NEW["payment_history"] + [{"payment_id": "gift_card_221", "amount": 100}],
)
CHANGED = [
    "Moving to HAT303 on May 21 costs $26 more per passenger ($171 vs $145), so $52 for both of you, "
    "charged to your gift card.",
    "Your gift card now has $208 left.",
    "Cambiar al HAT303 del 21 de mayo cuesta 26 $ más por pasajero (171 $ frente a 145 $), es decir, 52 $"
    " para los dos, cargados a tu tarjeta regalo.",
    "Le passage sur le HAT303 du 21 mai coûte 26 $ de plus par passager (171 $ au lieu de 145 $), soit 52"
    " $ pour vous deux, débités de votre carte cadeau.",
    "Der Wechsel auf HAT303 am 21. Mai kostet 26 $ mehr pro Person (171 $ statt 145 $), also 52 $ für Sie"
    " beide, von Ihrer Geschenkkarte abgebucht.",
    "A troca para o HAT303 em 21 de maio custa US$ 26 a mais por passageiro (US$ 171 contra US$ 145), ou "
    "seja, US$ 52 para os dois, cobrados no seu cartão-presente.",
    "I added 2 extra bags at $50 each ($100), paid with your gift card, which now has $108 left. You now "
    "have 4 checked bags, 2 of them free.",
    "Your new trip total is $766: $666 in fares, $60 insurance, and $100 in bags.",
    "If the flight were cancelled, you'd get a $200 certificate (2 × $100).",
    "The business cabin would be $410 per person, $239 more than economy, or $478 extra for the two of you.",
]

CTX_TABLE = "Current date and time: Monday, 2025-09-08 10:00. User: Ana Ruiz. Location: Lisbon."
DIRECT: list[Any] = [
    {
        "flight_number": "TP1350",
        "origin": "LIS",
        "destination": "LHR",
        "scheduled_departure_time_est": "07:10:00",
        "scheduled_arrival_time_est": "09:45:00",
        "prices": {"economy": 129, "business": 389},
        "available_seats": {"economy": 9, "business": 2},
        "date": "2025-09-12",
    },
    {
        "flight_number": "TP1352",
        "origin": "LIS",
        "destination": "LHR",
        "scheduled_departure_time_est": "12:35:00",
        "scheduled_arrival_time_est": "15:10:00",
        "prices": {"economy": 98, "business": 342},
        "available_seats": {"economy": 4, "business": 0},
        "date": "2025-09-12",
    },
    {
        "flight_number": "TP1356",
        "origin": "LIS",
        "destination": "LHR",
        "scheduled_departure_time_est": "18:20:00",
        "scheduled_arrival_time_est": "20:55:00",
        "prices": {"economy": 115, "business": 355},
        "available_seats": {"economy": 12, "business": 5},
        "date": "2025-09-12",
    },
]
TABLES = {
    "en": """Here are the direct flights Lisbon → London on Friday, September 12:

| Flight | Departs | Arrives | Economy | Business |
|---|---|---|---|---|
| TP1350 | 7:10 AM | 9:45 AM | $129 | $389 |
| TP1352 | 12:35 PM | 3:10 PM | $98 | sold out |
| TP1356 | 6:20 PM | 8:55 PM | $115 | $355 |

The cheapest is TP1352 at $98, $31 less than the morning flight. All three take 2h 35m.""",
    "es": """Estos son los vuelos directos Lisboa → Londres del viernes 12 de septiembre:

| Vuelo | Salida | Llegada | Turista | Business |
|---|---|---|---|---|
| TP1350 | 07:10 | 09:45 | 129 $ | 389 $ |
| TP1352 | 12:35 | 15:10 | 98 $ | agotado |
| TP1356 | 18:20 | 20:55 | 115 $ | 355 $ |

El más barato es el TP1352 por 98 $, 31 $ menos que el de la mañana. Los tres duran 2 h 35 min.""",
    "fr": """Voici les vols directs Lisbonne → Londres du vendredi 12 septembre :

| Vol | Départ | Arrivée | Éco | Affaires |
|---|---|---|---|---|
| TP1350 | 7 h 10 | 9 h 45 | 129 $ | 389 $ |
| TP1352 | 12 h 35 | 15 h 10 | 98 $ | complet |
| TP1356 | 18 h 20 | 20 h 55 | 115 $ | 355 $ |

Le moins cher est le TP1352 à 98 $, 31 $ de moins que celui du matin. Les trois durent 2 h 35.""",
    "de": """Hier die Direktflüge Lissabon → London am Freitag, 12. September:

| Flug | Abflug | Ankunft | Economy | Business |
|---|---|---|---|---|
| TP1350 | 07:10 Uhr | 09:45 Uhr | 129 $ | 389 $ |
| TP1352 | 12:35 Uhr | 15:10 Uhr | 98 $ | ausgebucht |
| TP1356 | 18:20 Uhr | 20:55 Uhr | 115 $ | 355 $ |

Am günstigsten ist TP1352 mit 98 $, 31 $ weniger als der Morgenflug. Alle drei dauern 2 Std. 35 Min.""",
    "pt": """Estes são os voos diretos Lisboa → Londres na sexta-feira, 12 de setembro:

| Voo | Partida | Chegada | Económica | Executiva |
|---|---|---|---|---|
| TP1350 | 07h10 | 09h45 | US$ 129 | US$ 389 |
| TP1352 | 12h35 | 15h10 | US$ 98 | esgotado |
| TP1356 | 18h20 | 20h55 | US$ 115 | US$ 355 |

O mais barato é o TP1352 por US$ 98, US$ 31 a menos que o da manhã. Os três duram 2h35.""",
}

_RESERVATION = call("get_reservation_details", RES, {"reservation_id": "K5VT9B"})
_BOOKED = (
    call("get_user_details", LARS, {"user_id": "lars_e"}),
    call("book_reservation", BOOKED, {"user_id": "lars_e"}),
)
_CHANGED = (
    call("get_user_details", MIA),
    call("get_reservation_details", OLD),
    call("search_direct_flight", FOUND),
    call(
        "update_reservation_flights",
        NEW,
        {"reservation_id": "HX3P9Q", "cabin": "economy", "payment_id": "gift_card_221"},
    ),
    call(
        "update_reservation_baggages",
        BAGS,
        {
            "reservation_id": "HX3P9Q",
            "total_baggages": 4,
            "nonfree_baggages": 2,
            "payment_id": "gift_card_221",
        },
    ),
)
_DIRECT = call("search_direct_flight", DIRECT, {"origin": "LIS", "destination": "LHR", "date": "2025-09-12"})


@pytest.mark.parametrize("answer", [a for phrases in TRIP.values() for a in phrases])
def test_a_reservation_restated_is_clean(answer: str) -> None:
    assert blocking(answer, _RESERVATION, context=CTX_TRIP) == []


@pytest.mark.parametrize("answer", [a for phrases in BOOKING.values() for a in phrases])
def test_a_booking_restated_is_clean(answer: str) -> None:
    assert blocking(answer, *_BOOKED, context=CTX_BOOKED) == []


@pytest.mark.parametrize("answer", CHANGED)
def test_a_change_and_its_charges_restated_are_clean(answer: str) -> None:
    assert blocking(answer, *_CHANGED, context=CTX_CHANGED) == []


@pytest.mark.parametrize("answer", TABLES.values())
def test_a_table_of_options_is_clean(answer: str) -> None:
    assert blocking(answer, _DIRECT, context=CTX_TABLE) == []

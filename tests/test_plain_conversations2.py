"""More whole conversations written the way a chat model serves them, each turn clean.

A second set beside test_plain_conversations, written from the shapes real agents produce
rather than from what the checker knows: an airline agent listing a user's reservations,
searching direct and one-stop flights, pricing a cabin change with ``calculate``, charging
bags by membership, swapping a passenger, refunding to several payment methods, issuing a
certificate, reading a delay, refusing by the policy and handing over to a human; a personal
assistant reading the calendar, mail and messages, setting alarms and reminders, quoting
weather and stocks, converting units and updating an account after a login. Recaps repeat
earlier figures, dates are relative ('tomorrow', 'next Thursday'), times are written in 12 h
and 24 h, cards are masked and totals are added up by the agent. Every figure was computed
while writing. Turns that are correct yet still flagged are listed in KNOWN_FALSE_ALARMS,
the checker's open work, and skipped by the test so the file passes while it says what to fix.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_plain_conversations import POLICY, Chat, Message, checked_turns

# The policy rules the first set does not state, which the refusals below cite.
POLICY_MORE = POLICY + (
    "- Basic economy flights cannot be modified. Other reservations may change flights but not "
    "the origin, destination or trip type; a cabin change applies to every flight.\n"
    "- Passenger names and dates of birth may be changed, but not the number of passengers.\n"
    "- Transfer to a human agent only when the request cannot be handled within this policy.\n"
)


def _card(cid: str, brand: str, last_four: str) -> dict[str, Any]:
    return {"source": "credit_card", "brand": brand, "last_four": last_four, "id": cid}


def _flight(num: str, orig: str, dest: str, date: str, price: int) -> dict[str, Any]:
    return {"origin": orig, "destination": dest, "flight_number": num, "date": date, "price": price}


def _offer(
    num: str, orig: str, dest: str, dep: str, arr: str, prices: tuple[int, int, int]
) -> dict[str, Any]:
    return {
        "flight_number": num,
        "origin": orig,
        "destination": dest,
        "scheduled_departure_time_est": dep,
        "scheduled_arrival_time_est": arr,
        "status": "available",
        "available_seats": {"basic_economy": 5, "economy": 8, "business": 4},
        "prices": dict(zip(("basic_economy", "economy", "business"), prices, strict=True)),
    }


# --- Listing a user's reservations, a delay on today's flight, compensation refused (en) -----

USER_ETHAN: dict[str, Any] = {
    "user_id": "ethan_cho_3390",
    "name": {"first_name": "Ethan", "last_name": "Cho"},
    "membership": "regular",
    "payment_methods": {"credit_card_3318820": _card("credit_card_3318820", "visa", "6075")},
    "reservations": ["R8KD2M", "T5PW7X"],
}
RES_R8: dict[str, Any] = {
    "reservation_id": "R8KD2M",
    "user_id": "ethan_cho_3390",
    "origin": "EWR",
    "destination": "ATL",
    "flight_type": "one_way",
    "cabin": "economy",
    "flights": [
        _flight("HAT153", "EWR", "CLT", "2025-05-15", 127),
        _flight("HAT262", "CLT", "ATL", "2025-05-15", 89),
    ],
    "passengers": [{"first_name": "Ethan", "last_name": "Cho", "dob": "1986-01-23"}],
    "payment_history": [{"payment_id": "credit_card_3318820", "amount": 216}],
    "created_at": "2025-04-28T12:03:51",
    "total_baggages": 1,
    "nonfree_baggages": 0,
    "insurance": "no",
}
RES_T5: dict[str, Any] = {
    "reservation_id": "T5PW7X",
    "user_id": "ethan_cho_3390",
    "origin": "EWR",
    "destination": "MIA",
    "flight_type": "round_trip",
    "cabin": "basic_economy",
    "flights": [
        _flight("HAT071", "EWR", "MIA", "2025-05-22", 98),
        _flight("HAT076", "MIA", "EWR", "2025-05-27", 104),
    ],
    "passengers": [
        {"first_name": "Ethan", "last_name": "Cho", "dob": "1986-01-23"},
        {"first_name": "Grace", "last_name": "Cho", "dob": "1988-10-05"},
    ],
    "payment_history": [{"payment_id": "credit_card_3318820", "amount": 464}],
    "created_at": "2025-05-02T08:40:12",
    "total_baggages": 0,
    "nonfree_baggages": 0,
    "insurance": "yes",
}
STATUS_153: dict[str, Any] = {
    "flight_number": "HAT153",
    "date": "2025-05-15",
    "status": "delayed",
    "scheduled_departure_time_est": "10:30:00",
    "scheduled_arrival_time_est": "12:20:00",
    "estimated_departure_time_est": "12:05:00",
    "estimated_arrival_time_est": "13:55:00",
}
STATUS_262: dict[str, Any] = {
    "flight_number": "HAT262",
    "date": "2025-05-15",
    "status": "on time",
    "scheduled_departure_time_est": "14:10:00",
    "scheduled_arrival_time_est": "15:25:00",
}


def _reservations_status_en() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-05-15 06:00:00 EST.")
    chat.user("Hi, can you tell me what trips I have booked? I'm ethan_cho_3390.")
    chat.call(("get_user_details", {"user_id": "ethan_cho_3390"}, USER_ETHAN))
    chat.call(
        ("get_reservation_details", {"reservation_id": "R8KD2M"}, RES_R8),
        ("get_reservation_details", {"reservation_id": "T5PW7X"}, RES_T5),
    )
    chat.say(
        "You have two reservations, Ethan:\n\n"
        "**1. R8KD2M** – One way, Newark (EWR) → Atlanta (ATL), Economy\n"
        "   - HAT153 EWR → CLT, today (Thursday, May 15)\n"
        "   - HAT262 CLT → ATL, same day\n"
        "   - Passenger: Ethan Cho · 1 checked bag · no insurance\n"
        "   - Paid: $216 (Visa ending in 6075)\n\n"
        "**2. T5PW7X** – Round trip, Newark (EWR) ⇄ Miami (MIA), Basic Economy\n"
        "   - HAT071 out on Thursday, May 22, HAT076 back on Tuesday, May 27\n"
        "   - Passengers: Ethan Cho and Grace Cho · no checked bags · travel insurance\n"
        "   - Paid: $464 (Visa ending in 6075)\n\n"
        "Is there anything you'd like to do with either of them?"
    )
    chat.user("Is my flight this morning on time? I'm worried about the connection in Charlotte.")
    chat.call(
        ("get_flight_status", {"flight_number": "HAT153", "date": "2025-05-15"}, STATUS_153),
        ("get_flight_status", {"flight_number": "HAT262", "date": "2025-05-15"}, STATUS_262),
    )
    chat.say(
        "Unfortunately **HAT153 is delayed**. It was scheduled to leave Newark at 10:30 AM and is now "
        "expected to depart at **12:05 PM**, a delay of 1 hour 35 minutes, arriving in Charlotte around "
        "1:55 PM instead of 12:20 PM.\n\n"
        "Your connecting flight **HAT262** is on time, departing Charlotte at 2:10 PM (arriving in "
        "Atlanta at 3:25 PM). That leaves about **15 minutes** to connect, which is very tight."
    )
    chat.user("That's annoying. Can I at least get a voucher for the delay?")
    chat.say(
        "I understand the frustration. However, under our policy, compensation for a delayed flight "
        "($50 per passenger) is only available to silver or gold members, to insured trips or to "
        "business class. Reservation R8KD2M is an economy booking without travel insurance, and your "
        "membership is regular, so I'm not able to offer a certificate for this delay.\n\n"
        "If the delay makes you miss HAT262, I can help you look at later flights from Charlotte to "
        "Atlanta today."
    )
    chat.user("Ok, I'll see how it goes. Thanks.")
    chat.say("You're welcome, Ethan. I hope you make the connection, and have a good trip to Atlanta!")
    return chat.messages


# --- Booking a one-stop business trip with a certificate and a card (en) ---------------------

USER_AMARA: dict[str, Any] = {
    "user_id": "amara_diaz_6021",
    "name": {"first_name": "Amara", "last_name": "Diaz"},
    "dob": "1974-08-29",
    "membership": "gold",
    "payment_methods": {
        "certificate_9150442": {"source": "certificate", "amount": 250, "id": "certificate_9150442"},
        "credit_card_2047716": _card("credit_card_2047716", "visa", "3158"),
    },
    "reservations": [],
}
ONESTOP_PHX_BOS: list[list[dict[str, Any]]] = [
    [
        {**_offer("HAT266", "PHX", "DTW", "06:00:00", "11:10:00", (141, 233, 612)), "date": "2025-06-13"},
        {**_offer("HAT359", "DTW", "BOS", "12:30:00", "14:35:00", (64, 118, 298)), "date": "2025-06-13"},
    ],
    [
        {**_offer("HAT141", "PHX", "ORD", "08:15:00", "12:40:00", (120, 205, 540)), "date": "2025-06-13"},
        {**_offer("HAT384", "ORD", "BOS", "13:50:00", "17:15:00", (90, 171, 421)), "date": "2025-06-13"},
    ],
]
BOOKED_K3: dict[str, Any] = {
    "reservation_id": "K3VD8Q",
    "user_id": "amara_diaz_6021",
    "origin": "PHX",
    "destination": "BOS",
    "flight_type": "one_way",
    "cabin": "business",
    "flights": [
        _flight("HAT266", "PHX", "DTW", "2025-06-13", 612),
        _flight("HAT359", "DTW", "BOS", "2025-06-13", 298),
    ],
    "passengers": [{"first_name": "Amara", "last_name": "Diaz", "dob": "1974-08-29"}],
    "payment_history": [
        {"payment_id": "certificate_9150442", "amount": 250},
        {"payment_id": "credit_card_2047716", "amount": 660},
    ],
    "created_at": "2025-06-02T11:04:37",
    "total_baggages": 2,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _onestop_booking_en() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-06-02 11:00:00 EST.")
    chat.user(
        "Hello, I'm amara_diaz_6021. I need a business class ticket from Phoenix to Boston on Friday "
        "the 13th, just me."
    )
    chat.call(
        ("get_user_details", {"user_id": "amara_diaz_6021"}, USER_AMARA),
        ("search_direct_flight", {"origin": "PHX", "destination": "BOS", "date": "2025-06-13"}, []),
    )
    chat.call(
        (
            "search_onestop_flight",
            {"origin": "PHX", "destination": "BOS", "date": "2025-06-13"},
            ONESTOP_PHX_BOS,
        )
    )
    chat.say(
        "There are no direct flights from PHX to BOS on Friday, June 13, but I found two one-stop "
        "options in business class:\n\n"
        "**Option 1 – via Detroit (DTW): $910**\n"
        "- HAT266 PHX → DTW, 6:00 AM – 11:10 AM ($612)\n"
        "- HAT359 DTW → BOS, 12:30 PM – 2:35 PM ($298)\n"
        "- Layover: 1 h 20 min\n\n"
        "**Option 2 – via Chicago (ORD): $961**\n"
        "- HAT141 PHX → ORD, 8:15 AM – 12:40 PM ($540)\n"
        "- HAT384 ORD → BOS, 1:50 PM – 5:15 PM ($421)\n"
        "- Layover: 1 h 10 min\n\n"
        "Option 1 is $51 cheaper. Which one would you like?"
    )
    chat.user("Option 1. I'll check 2 bags, no insurance. Use my certificate and put the rest on my card.")
    chat.say(
        "Here's the booking summary:\n\n"
        "- **Trip:** One way, PHX → BOS via DTW, Friday, June 13\n"
        "- **Flights:** HAT266 (6:00 AM) and HAT359 (arriving 2:35 PM)\n"
        "- **Cabin:** Business\n"
        "- **Passenger:** Amara Diaz (DOB 1974-08-29)\n"
        "- **Checked bags:** 2, both free (gold members get 3 free bags in business)\n"
        "- **Insurance:** No\n"
        "- **Total:** $910\n"
        "- **Payment:** $250 travel certificate + $660 on your Visa ending in 3158\n\n"
        "Shall I book it? (yes/no)"
    )
    chat.user("Yes.")
    chat.call(
        (
            "book_reservation",
            {
                "user_id": "amara_diaz_6021",
                "origin": "PHX",
                "destination": "BOS",
                "flight_type": "one_way",
                "cabin": "business",
                "flights": [
                    {"flight_number": "HAT266", "date": "2025-06-13"},
                    {"flight_number": "HAT359", "date": "2025-06-13"},
                ],
                "passengers": BOOKED_K3["passengers"],
                "payment_methods": BOOKED_K3["payment_history"],
                "total_baggages": 2,
                "nonfree_baggages": 0,
                "insurance": "no",
            },
            BOOKED_K3,
        )
    )
    chat.say(
        "You're booked! ✈️\n\n"
        "- **Reservation ID:** K3VD8Q\n"
        "- **Route:** Phoenix → Detroit → Boston on Friday, June 13\n"
        "- **Departure:** 6:00 AM on HAT266 · **Arrival:** 2:35 PM on HAT359\n"
        "- **Bags:** 2 checked (free)\n"
        "- **Charged:** $910 ($250 certificate, $660 Visa ending in 3158)\n\n"
        "Your certificate has been fully used. Anything else I can help with?"
    )
    return chat.messages


# --- A cabin upgrade priced with calculate, for two passengers (en) ----------------------------

USER_SIENNA: dict[str, Any] = {
    "user_id": "sienna_ward_1187",
    "name": {"first_name": "Sienna", "last_name": "Ward"},
    "membership": "silver",
    "payment_methods": {
        "credit_card_8830215": _card("credit_card_8830215", "mastercard", "7781"),
        "gift_card_5521094": {"source": "gift_card", "amount": 90, "id": "gift_card_5521094"},
    },
    "reservations": ["J6NB3T"],
}
RES_J6: dict[str, Any] = {
    "reservation_id": "J6NB3T",
    "user_id": "sienna_ward_1187",
    "origin": "LAX",
    "destination": "SEA",
    "flight_type": "round_trip",
    "cabin": "economy",
    "flights": [
        _flight("HAT034", "LAX", "SEA", "2025-08-14", 156),
        _flight("HAT087", "SEA", "LAX", "2025-08-18", 149),
    ],
    "passengers": [
        {"first_name": "Sienna", "last_name": "Ward", "dob": "1991-05-30"},
        {"first_name": "Owen", "last_name": "Ward", "dob": "1990-11-12"},
    ],
    "payment_history": [{"payment_id": "credit_card_8830215", "amount": 610}],
    "created_at": "2025-07-19T16:22:08",
    "total_baggages": 2,
    "nonfree_baggages": 0,
    "insurance": "no",
}
SEARCH_LAX_SEA = [_offer("HAT034", "LAX", "SEA", "09:05:00", "11:55:00", (89, 156, 489))]
SEARCH_SEA_LAX = [_offer("HAT087", "SEA", "LAX", "18:40:00", "21:25:00", (84, 149, 452))]
RES_J6_AFTER = {
    **RES_J6,
    "cabin": "business",
    "flights": [
        _flight("HAT034", "LAX", "SEA", "2025-08-14", 489),
        _flight("HAT087", "SEA", "LAX", "2025-08-18", 452),
    ],
    "payment_history": [
        {"payment_id": "credit_card_8830215", "amount": 610},
        {"payment_id": "credit_card_8830215", "amount": 1272},
    ],
}


def _cabin_upgrade_en() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-08-11 13:00:00 EST.")
    chat.user("Hi, I'm sienna_ward_1187 and I'd like to upgrade reservation J6NB3T to business.")
    chat.call(
        ("get_user_details", {"user_id": "sienna_ward_1187"}, USER_SIENNA),
        ("get_reservation_details", {"reservation_id": "J6NB3T"}, RES_J6),
    )
    chat.call(
        (
            "search_direct_flight",
            {"origin": "LAX", "destination": "SEA", "date": "2025-08-14"},
            SEARCH_LAX_SEA,
        ),
        (
            "search_direct_flight",
            {"origin": "SEA", "destination": "LAX", "date": "2025-08-18"},
            SEARCH_SEA_LAX,
        ),
    )
    chat.call(("calculate", {"expression": "(489 - 156 + 452 - 149) * 2"}, "1272.0"))
    chat.say(
        "Here's what the upgrade of **J6NB3T** (LAX ⇄ SEA, 2 passengers) to business would cost:\n\n"
        "| Flight | Date | Economy paid | Business now | Difference |\n"
        "|---|---|---|---|---|\n"
        "| HAT034 LAX → SEA | Thu, Aug 14 | $156 | $489 | $333 |\n"
        "| HAT087 SEA → LAX | Mon, Aug 18 | $149 | $452 | $303 |\n\n"
        "That's $636 per passenger, so **$1,272** for Sienna and Owen together. The cabin change "
        "applies to both flights.\n\n"
        "Your gift card only has $90 on it, so the difference would have to go on your Mastercard "
        "ending in 7781. Would you like to proceed?"
    )
    chat.user("Wow, ok. And do we get more free bags in business?")
    chat.say(
        "Yes. As a silver member you get 3 free checked bags per passenger in business instead of 2 in "
        "economy, so up to 6 free bags for the two of you. Your 2 current bags stay free either way.\n\n"
        "To confirm: upgrade J6NB3T to **business** on HAT034 (August 14) and HAT087 (August 18) for "
        "**$1,272**, charged to the Mastercard ending in 7781. Shall I go ahead? (yes/no)"
    )
    chat.user("Yes, go ahead.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "J6NB3T",
                "cabin": "business",
                "flights": [
                    {"flight_number": "HAT034", "date": "2025-08-14"},
                    {"flight_number": "HAT087", "date": "2025-08-18"},
                ],
                "payment_id": "credit_card_8830215",
            },
            RES_J6_AFTER,
        )
    )
    chat.say(
        "Your upgrade is confirmed. Reservation **J6NB3T** is now in **business class** for both "
        "flights:\n\n"
        "- HAT034 LAX → SEA on Thursday, August 14, 9:05 AM\n"
        "- HAT087 SEA → LAX on Monday, August 18, 6:40 PM\n\n"
        "$1,272 was charged to your Mastercard ending in 7781, bringing the total paid for this trip "
        "to $1,882. Enjoy the trip this Thursday!"
    )
    return chat.messages


# --- Bags for a silver member in basic economy, paid with a gift card (es) -------------------

USER_LUCIA: dict[str, Any] = {
    "user_id": "lucia_romero_4452",
    "name": {"first_name": "Lucía", "last_name": "Romero"},
    "membership": "silver",
    "payment_methods": {
        "gift_card_7703381": {"source": "gift_card", "amount": 200, "id": "gift_card_7703381"},
        "credit_card_1196604": _card("credit_card_1196604", "visa", "8843"),
    },
    "reservations": ["F4GH7Z"],
}
RES_F4: dict[str, Any] = {
    "reservation_id": "F4GH7Z",
    "user_id": "lucia_romero_4452",
    "origin": "MIA",
    "destination": "DFW",
    "flight_type": "one_way",
    "cabin": "basic_economy",
    "flights": [_flight("HAT192", "MIA", "DFW", "2025-07-04", 87)],
    "passengers": [
        {"first_name": "Lucía", "last_name": "Romero", "dob": "1983-02-14"},
        {"first_name": "Mateo", "last_name": "Romero", "dob": "2012-06-09"},
    ],
    "payment_history": [{"payment_id": "credit_card_1196604", "amount": 174}],
    "created_at": "2025-06-20T10:15:44",
    "total_baggages": 0,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _bags_es() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-07-01 15:30:00 EST.")
    chat.user("Hola, quiero agregar maletas a mi reserva F4GH7Z. Mi usuario es lucia_romero_4452.")
    chat.call(
        ("get_user_details", {"user_id": "lucia_romero_4452"}, USER_LUCIA),
        ("get_reservation_details", {"reservation_id": "F4GH7Z"}, RES_F4),
    )
    chat.say(
        "¡Hola, Lucía! Encontré tu reserva **F4GH7Z**:\n\n"
        "- **Vuelo:** HAT192, Miami (MIA) → Dallas (DFW), este viernes 4 de julio\n"
        "- **Cabina:** Económica básica\n"
        "- **Pasajeros:** Lucía Romero y Mateo Romero\n"
        "- **Maletas facturadas:** 0\n\n"
        "¿Cuántas maletas quieren facturar en total?"
    )
    chat.user("Cinco maletas en total.")
    chat.say(
        "Como eres miembro **silver**, en económica básica cada pasajero tiene 1 maleta facturada "
        "gratis, es decir, 2 gratis para los dos. Con 5 maletas, **3 son adicionales** a $50 cada "
        "una: **$150** en total.\n\n"
        "¿Con qué método quieres pagar? Tienes una tarjeta de regalo con $200 de saldo y tu Visa "
        "terminada en 8843."
    )
    chat.user("Con la tarjeta de regalo.")
    chat.say(
        "Perfecto. Voy a actualizar la reserva F4GH7Z a **5 maletas facturadas** (3 de pago) y cobrar "
        "**$150** a tu tarjeta de regalo, que quedará con $50 de saldo. ¿Confirmas? (sí/no)"
    )
    chat.user("Sí, confirmo.")
    chat.call(
        (
            "update_reservation_baggages",
            {
                "reservation_id": "F4GH7Z",
                "total_baggages": 5,
                "nonfree_baggages": 3,
                "payment_id": "gift_card_7703381",
            },
            {
                **RES_F4,
                "total_baggages": 5,
                "nonfree_baggages": 3,
                "payment_history": [
                    {"payment_id": "credit_card_1196604", "amount": 174},
                    {"payment_id": "gift_card_7703381", "amount": 150},
                ],
            },
        )
    )
    chat.say(
        "¡Listo! La reserva **F4GH7Z** ahora tiene **5 maletas facturadas**: 2 gratis y 3 de pago. "
        "Se cobraron $150 a tu tarjeta de regalo, con lo que el total pagado por el viaje es de $324. "
        "¡Buen viaje a Dallas el viernes!"
    )
    return chat.messages


# --- Swapping a passenger, and a third one refused by the policy (en) ------------------------

USER_DEV: dict[str, Any] = {
    "user_id": "dev_malhotra_2710",
    "name": {"first_name": "Dev", "last_name": "Malhotra"},
    "membership": "gold",
    "payment_methods": {"credit_card_4402917": _card("credit_card_4402917", "amex", "1009")},
    "saved_passengers": [
        {"first_name": "Kavya", "last_name": "Malhotra", "dob": "1995-03-27"},
        {"first_name": "Arjun", "last_name": "Malhotra", "dob": "1960-12-01"},
    ],
    "reservations": ["N7CX2E"],
}
RES_N7: dict[str, Any] = {
    "reservation_id": "N7CX2E",
    "user_id": "dev_malhotra_2710",
    "origin": "ORD",
    "destination": "DEN",
    "flight_type": "one_way",
    "cabin": "economy",
    "flights": [_flight("HAT330", "ORD", "DEN", "2025-09-05", 131)],
    "passengers": [
        {"first_name": "Dev", "last_name": "Malhotra", "dob": "1993-07-18"},
        {"first_name": "Arjun", "last_name": "Malhotra", "dob": "1960-12-01"},
    ],
    "payment_history": [{"payment_id": "credit_card_4402917", "amount": 262}],
    "created_at": "2025-08-22T09:30:00",
    "total_baggages": 3,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _passengers_en() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-09-02 17:45:00 EST.")
    chat.user(
        "Hey, my dad can't come on our Denver trip, N7CX2E. Can my sister Kavya take his seat? "
        "I'm dev_malhotra_2710."
    )
    chat.call(
        ("get_user_details", {"user_id": "dev_malhotra_2710"}, USER_DEV),
        ("get_reservation_details", {"reservation_id": "N7CX2E"}, RES_N7),
    )
    chat.say(
        "Yes, that's possible. Reservation **N7CX2E** is flight HAT330 from Chicago (ORD) to Denver "
        "(DEN) this Friday, September 5, in economy, for **Dev Malhotra** and **Arjun Malhotra**.\n\n"
        "I'd replace Arjun Malhotra (DOB 1960-12-01) with **Kavya Malhotra (DOB 1995-03-27)** from "
        "your saved passengers. The fare stays the same, so there's nothing to pay. Shall I make "
        "the change? (yes/no)"
    )
    chat.user("Yes. And could you also add my friend Rohan as a third passenger?")
    chat.call(
        (
            "update_reservation_passengers",
            {
                "reservation_id": "N7CX2E",
                "passengers": [
                    {"first_name": "Dev", "last_name": "Malhotra", "dob": "1993-07-18"},
                    {"first_name": "Kavya", "last_name": "Malhotra", "dob": "1995-03-27"},
                ],
            },
            {
                **RES_N7,
                "passengers": [
                    {"first_name": "Dev", "last_name": "Malhotra", "dob": "1993-07-18"},
                    {"first_name": "Kavya", "last_name": "Malhotra", "dob": "1995-03-27"},
                ],
            },
        )
    )
    chat.say(
        "Done: Kavya Malhotra has replaced Arjun Malhotra on reservation N7CX2E. The passengers are "
        "now Dev Malhotra and Kavya Malhotra.\n\n"
        "I'm sorry, but I can't add Rohan to this reservation: the number of passengers on an "
        "existing booking can't be changed. I can book a separate ticket for him on HAT330 if "
        "you'd like — I'd just need his full name and date of birth."
    )
    chat.user("No worries, he'll book himself. Thanks!")
    chat.say(
        "You're welcome! Dev and Kavya are all set for Friday's flight to Denver, with your 3 checked "
        "bags unchanged. Have a great trip!"
    )
    return chat.messages


# --- A cancellation within 24 hours, refunded to three payment methods (fr) ------------------

USER_CAMILLE: dict[str, Any] = {
    "user_id": "camille_girard_8835",
    "name": {"first_name": "Camille", "last_name": "Girard"},
    "membership": "regular",
    "payment_methods": {
        "gift_card_3307719": {"source": "gift_card", "amount": 0, "id": "gift_card_3307719"},
        "gift_card_6641082": {"source": "gift_card", "amount": 0, "id": "gift_card_6641082"},
        "credit_card_9275530": _card("credit_card_9275530", "visa", "5520"),
    },
    "reservations": ["V2QJ9L"],
}
RES_V2: dict[str, Any] = {
    "reservation_id": "V2QJ9L",
    "user_id": "camille_girard_8835",
    "origin": "ORD",
    "destination": "LAS",
    "flight_type": "round_trip",
    "cabin": "economy",
    "flights": [
        _flight("HAT215", "ORD", "LAS", "2025-10-16", 118),
        _flight("HAT224", "LAS", "ORD", "2025-10-19", 115),
    ],
    "passengers": [
        {"first_name": "Camille", "last_name": "Girard", "dob": "1990-04-02"},
        {"first_name": "Hugo", "last_name": "Girard", "dob": "1989-01-17"},
    ],
    "payment_history": [
        {"payment_id": "gift_card_3307719", "amount": 75},
        {"payment_id": "gift_card_6641082", "amount": 60},
        {"payment_id": "credit_card_9275530", "amount": 331},
    ],
    "created_at": "2025-10-13T20:15:02",
    "total_baggages": 2,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _cancel_fr() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-10-14 09:40:00 EST.")
    chat.user(
        "Bonjour, j'ai réservé hier soir un aller-retour Chicago–Las Vegas mais je dois l'annuler. "
        "Réservation V2QJ9L, identifiant camille_girard_8835."
    )
    chat.call(
        ("get_user_details", {"user_id": "camille_girard_8835"}, USER_CAMILLE),
        ("get_reservation_details", {"reservation_id": "V2QJ9L"}, RES_V2),
    )
    chat.say(
        "Bonjour Camille ! Voici votre réservation **V2QJ9L** :\n\n"
        "- **Aller :** HAT215 Chicago (ORD) → Las Vegas (LAS), jeudi 16 octobre\n"
        "- **Retour :** HAT224 Las Vegas (LAS) → Chicago (ORD), dimanche 19 octobre\n"
        "- **Passagers :** Camille Girard et Hugo Girard, classe économique\n\n"
        "Elle a été réservée hier à 20 h 15, il y a donc moins de 24 heures : vous pouvez l'annuler "
        "et être remboursée intégralement, soit **466 $**, sur vos moyens de paiement d'origine :\n\n"
        "- 75 $ sur la carte cadeau gift_card_3307719\n"
        "- 60 $ sur la carte cadeau gift_card_6641082\n"
        "- 331 $ sur votre Visa se terminant par 5520\n\n"
        "Souhaitez-vous que j'annule la réservation ? (oui/non)"
    )
    chat.user("Oui, annulez-la s'il vous plaît.")
    chat.call(
        (
            "cancel_reservation",
            {"reservation_id": "V2QJ9L"},
            {
                **RES_V2,
                "status": "cancelled",
                "payment_history": [
                    *RES_V2["payment_history"],
                    {"payment_id": "gift_card_3307719", "amount": -75},
                    {"payment_id": "gift_card_6641082", "amount": -60},
                    {"payment_id": "credit_card_9275530", "amount": -331},
                ],
            },
        )
    )
    chat.say(
        "C'est fait : la réservation **V2QJ9L** est annulée. Le remboursement de **466 $** sera "
        "versé sous 5 à 7 jours ouvrés : 75 $ et 60 $ sur vos deux cartes cadeaux (135 $ au total) "
        "et 331 $ sur votre Visa se terminant par 5520."
    )
    chat.user("Merci beaucoup !")
    chat.say("Avec plaisir, Camille. Bonne journée !")
    return chat.messages


# --- A flight the airline cancelled: refund, then a certificate when asked (en) ---------------

USER_GRETA: dict[str, Any] = {
    "user_id": "greta_olsen_5064",
    "name": {"first_name": "Greta", "last_name": "Olsen"},
    "membership": "silver",
    "payment_methods": {"credit_card_6158843": _card("credit_card_6158843", "visa", "2741")},
    "reservations": ["X9LB4S"],
}
RES_X9: dict[str, Any] = {
    "reservation_id": "X9LB4S",
    "user_id": "greta_olsen_5064",
    "origin": "MSP",
    "destination": "BOS",
    "flight_type": "one_way",
    "cabin": "economy",
    "flights": [_flight("HAT409", "MSP", "BOS", "2025-03-12", 164)],
    "passengers": [
        {"first_name": "Greta", "last_name": "Olsen", "dob": "1977-09-08"},
        {"first_name": "Nils", "last_name": "Olsen", "dob": "1976-04-22"},
        {"first_name": "Ingrid", "last_name": "Olsen", "dob": "2008-12-15"},
    ],
    "payment_history": [{"payment_id": "credit_card_6158843", "amount": 492}],
    "created_at": "2025-02-17T14:27:55",
    "total_baggages": 4,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _airline_cancelled_en() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-03-11 18:00:00 EST.")
    chat.user(
        "I got a text that my flight tomorrow was cancelled?? Reservation X9LB4S, user greta_olsen_5064."
    )
    chat.call(
        ("get_user_details", {"user_id": "greta_olsen_5064"}, USER_GRETA),
        ("get_reservation_details", {"reservation_id": "X9LB4S"}, RES_X9),
    )
    chat.call(("get_flight_status", {"flight_number": "HAT409", "date": "2025-03-12"}, "cancelled"))
    chat.say(
        "I'm sorry, Greta — I can confirm that **HAT409** from Minneapolis (MSP) to Boston (BOS) "
        "tomorrow, Wednesday, March 12, has been **cancelled** by the airline.\n\n"
        "Because the airline cancelled the flight, you can cancel reservation **X9LB4S** for a full "
        "refund of **$492** (3 passengers × $164) to your Visa ending in 2741. Would you like me to "
        "do that? (yes/no)"
    )
    chat.user("Yes, cancel it.")
    chat.call(
        (
            "cancel_reservation",
            {"reservation_id": "X9LB4S"},
            {
                **RES_X9,
                "status": "cancelled",
                "payment_history": [
                    {"payment_id": "credit_card_6158843", "amount": 492},
                    {"payment_id": "credit_card_6158843", "amount": -492},
                ],
            },
        )
    )
    chat.say(
        "Reservation X9LB4S has been cancelled. The **$492** refund will be back on your Visa ending "
        "in 2741 within 5 to 7 business days."
    )
    chat.user("We were going to a funeral. Is there anything else you can do for us?")
    chat.say(
        "I'm very sorry for your loss. Since you're a **silver** member and your flight was "
        "cancelled, I can offer a travel certificate of $100 per passenger — **$300** for Greta, "
        "Nils and Ingrid. Would you like me to issue it to your account?"
    )
    chat.user("Yes please.")
    chat.call(
        (
            "send_certificate",
            {"user_id": "greta_olsen_5064", "amount": 300},
            "Certificate certificate_3392016 added to user greta_olsen_5064 with amount 300.",
        )
    )
    chat.say(
        "A **$300** travel certificate (certificate_3392016) has been added to your account. You can "
        "use it toward a new booking, including a flight to Boston if you still need one. Again, I'm "
        "sorry for the disruption."
    )
    return chat.messages


# --- A basic economy change refused by the policy, then a transfer to a human (en) -----------

RES_B6: dict[str, Any] = {
    "reservation_id": "B6HM3W",
    "user_id": "tom_reilly_9921",
    "origin": "DFW",
    "destination": "SFO",
    "flight_type": "round_trip",
    "cabin": "basic_economy",
    "flights": [
        _flight("HAT118", "DFW", "SFO", "2025-04-08", 112),
        _flight("HAT125", "SFO", "DFW", "2025-04-11", 106),
    ],
    "passengers": [{"first_name": "Tom", "last_name": "Reilly", "dob": "1969-05-03"}],
    "payment_history": [{"payment_id": "credit_card_7720451", "amount": 218}],
    "created_at": "2025-03-21T07:58:14",
    "total_baggages": 0,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _transfer_en() -> list[Message]:
    chat = Chat(POLICY_MORE + "\nThe current time is 2025-04-07 12:15:00 EST.")
    chat.user(
        "I need to push my San Francisco return from Friday to Sunday. Reservation B6HM3W, user "
        "tom_reilly_9921."
    )
    chat.call(("get_reservation_details", {"reservation_id": "B6HM3W"}, RES_B6))
    chat.say(
        "I've pulled up reservation **B6HM3W**: a round trip from Dallas (DFW) to San Francisco (SFO) "
        "in **basic economy** — HAT118 out tomorrow, Tuesday, April 8, and HAT125 back on Friday, "
        "April 11.\n\n"
        "Unfortunately, basic economy flights cannot be modified, so I'm unable to move your return "
        "to Sunday."
    )
    chat.user("Then cancel it and I'll rebook.")
    chat.say(
        "I'm sorry, but I can't cancel it either. The reservation was made on March 21, more than 24 "
        "hours ago; the flights haven't been cancelled by the airline; it's not business class; and "
        "there is no travel insurance. None of the conditions for a cancellation apply, so the $218 "
        "you paid isn't refundable."
    )
    chat.user("This is ridiculous. I want to talk to a person.")
    chat.call(
        (
            "transfer_to_human_agents",
            {
                "summary": "User tom_reilly_9921 wants to move the return of basic economy reservation "
                "B6HM3W (HAT125 on 2025-04-11) to Sunday, or cancel it; neither is allowed by the "
                "policy. The user asked for a human agent."
            },
            "Transfer successful",
        )
    )
    chat.say(
        "I understand. I've transferred you to a human agent with a summary of your request, so you "
        "won't have to repeat it. Please hold on — someone will be with you shortly."
    )
    return chat.messages


# --- A personal assistant: a free slot, a new event and an invitation by e-mail (en) ---------

ASSISTANT_MAR = (
    "You are a helpful assistant. Current date and time: Monday, 2025-03-10 08:30. User: Jordan "
    "Reyes (username: jreyes, email: jordan.reyes@example.com). Location: Chicago, IL. Time zone: CST."
)
TUESDAY_EVENTS: dict[str, Any] = {
    "events": [
        {
            "event_id": "ev_4410",
            "name": "Standup",
            "event_type": "meeting",
            "start_time": "2025-03-11 09:00:00",
            "end_time": "2025-03-11 09:15:00",
            "location": None,
            "attendees": ["jreyes", "mkhan", "tbell"],
        },
        {
            "event_id": "ev_4418",
            "name": "Design review",
            "event_type": "meeting",
            "start_time": "2025-03-11 10:00:00",
            "end_time": "2025-03-11 11:30:00",
            "location": "Room 5B",
            "attendees": ["jreyes", "tbell"],
        },
        {
            "event_id": "ev_4421",
            "name": "Lunch with Sam",
            "event_type": "event",
            "start_time": "2025-03-11 12:00:00",
            "end_time": "2025-03-11 13:00:00",
            "location": "Nando's",
            "attendees": None,
        },
        {
            "event_id": "ev_4430",
            "name": "1:1 with Priya",
            "event_type": "meeting",
            "start_time": "2025-03-11 15:00:00",
            "end_time": "2025-03-11 15:30:00",
            "location": None,
            "attendees": ["jreyes", "pnair"],
        },
    ]
}


def _calendar_email_en() -> list[Message]:
    chat = Chat(ASSISTANT_MAR)
    chat.user("I need an hour tomorrow afternoon for a call with Alex. When am I free?")
    chat.call(
        (
            "QueryCalendar",
            {"start_time": "2025-03-11 00:00:00", "end_time": "2025-03-11 23:59:59"},
            TUESDAY_EVENTS,
        )
    )
    chat.say(
        "Here's your schedule for tomorrow (Tuesday, March 11):\n\n"
        "- 9:00–9:15 AM — Standup\n"
        "- 10:00–11:30 AM — Design review (Room 5B)\n"
        "- 12:00–1:00 PM — Lunch with Sam at Nando's\n"
        "- 3:00–3:30 PM — 1:1 with Priya\n\n"
        "In the afternoon you're free from **1:00 to 3:00 PM** and again from **3:30 PM** on, so a "
        "one-hour call could go at 1:00–2:00 PM, 2:00–3:00 PM or 3:30–4:30 PM. Which works best?"
    )
    chat.user("1 to 2 is good. Alex is alex.moreau@example.com — send him an invite too.")
    chat.call(
        (
            "CreateEvent",
            {
                "name": "Call with Alex",
                "event_type": "meeting",
                "start_time": "2025-03-11 13:00:00",
                "end_time": "2025-03-11 14:00:00",
                "attendees": ["jreyes"],
            },
            {"event_id": "ev_4452"},
        ),
        (
            "SendEmail",
            {
                "to": ["alex.moreau@example.com"],
                "subject": "Call tomorrow, 1:00-2:00 PM CST",
                "body": "Hi Alex, does a call tomorrow (Tuesday, March 11) from 1:00 to 2:00 PM CST "
                "work for you? Best, Jordan",
            },
            {"status": "success"},
        ),
    )
    chat.say(
        "Done! I added **Call with Alex** to your calendar for tomorrow from 1:00 to 2:00 PM and "
        "emailed alex.moreau@example.com asking whether that time works for him."
    )
    chat.user("How packed is my day tomorrow now?")
    chat.say(
        "Tomorrow you now have 5 items on your calendar, adding up to **4 hours 15 minutes**:\n\n"
        "1. Standup — 15 min\n"
        "2. Design review — 1 h 30 min\n"
        "3. Lunch with Sam — 1 h\n"
        "4. Call with Alex — 1 h\n"
        "5. 1:1 with Priya — 30 min\n\n"
        "Between your first and last meeting, your longest free stretch is 2:00–3:00 PM, and "
        "you're clear after 3:30 PM."
    )
    return chat.messages


# --- Ein persönlicher Assistent: Wecker und Erinnerungen (de) ---------------------------------

ASSISTANT_SEP = (
    "Du bist ein hilfreicher Assistent. Aktuelles Datum und Uhrzeit: Dienstag, 2025-09-02 21:10. "
    "Benutzer: Jonas Weber (Benutzername: jweber). Ort: Berlin. Zeitzone: CEST."
)


def _alarms_reminders_de() -> list[Message]:
    chat = Chat(ASSISTANT_SEP)
    chat.user("Welche Wecker habe ich gestellt?")
    chat.call(
        (
            "FindAlarms",
            {"start_time": "00:00:00", "end_time": "23:59:59"},
            {
                "alarms": [
                    {"alarm_id": "al_5521", "time": "06:30:00"},
                    {"alarm_id": "al_5522", "time": "07:15:00"},
                ]
            },
        )
    )
    chat.say("Du hast 2 Wecker gestellt:\n\n- **06:30 Uhr**\n- **07:15 Uhr**")
    chat.user("Lösch den um halb sieben und stell stattdessen einen für 6:45.")
    chat.call(
        ("DeleteAlarm", {"alarm_id": "al_5521"}, {"status": "success"}),
        ("AddAlarm", {"time": "06:45:00"}, {"alarm_id": "al_5530"}),
    )
    chat.say(
        "Erledigt! Der Wecker um 06:30 Uhr ist gelöscht und ein neuer für **06:45 Uhr** ist gestellt. "
        "Du hast jetzt Wecker um 06:45 und 07:15 Uhr."
    )
    chat.user("Erinnere mich am Donnerstag um 19 Uhr daran, den Müll rauszubringen.")
    chat.call(
        (
            "AddReminder",
            {"task": "Müll rausbringen", "due_date": "2025-09-04 19:00:00"},
            {"reminder_id": "rem_8803"},
        )
    )
    chat.say(
        "Alles klar: Ich erinnere dich übermorgen, am **Donnerstag, 4. September, um 19:00 Uhr**, "
        "an den Müll."
    )
    chat.user("Was steht sonst noch an Erinnerungen an?")
    chat.call(
        (
            "GetReminders",
            {},
            {
                "reminders": [
                    {
                        "reminder_id": "rem_8790",
                        "task": "Zahnarzt anrufen",
                        "due_date": "2025-09-05 09:00:00",
                    },
                    {
                        "reminder_id": "rem_8803",
                        "task": "Müll rausbringen",
                        "due_date": "2025-09-04 19:00:00",
                    },
                ]
            },
        )
    )
    chat.say(
        "Du hast 2 Erinnerungen:\n\n"
        "1. **Müll rausbringen** – Donnerstag, 4. September, 19:00 Uhr\n"
        "2. **Zahnarzt anrufen** – Freitag, 5. September, 9:00 Uhr\n\n"
        "Soll ich noch etwas ändern?"
    )
    return chat.messages


# --- A personal assistant: the weather, two stock quotes and a holding's value (en) ----------

ASSISTANT_FEB = (
    "You are a helpful assistant. Current date and time: Friday, 2025-02-21 16:05. User: Hannah "
    "Lee (username: hlee). Location: Seattle, WA. Time zone: PST."
)


def _weather_stocks_en() -> list[Message]:
    chat = Chat(ASSISTANT_FEB)
    chat.user("Do I need an umbrella if I head out now?")
    chat.call(
        (
            "CurrentWeather",
            {"location": "Seattle, WA"},
            {
                "location": "Seattle, WA",
                "temperature_f": 46,
                "conditions": "light rain",
                "humidity": 88,
                "wind_mph": 12,
            },
        )
    )
    chat.say(
        "Yes — it's **46°F with light rain** in Seattle right now, 88% humidity and wind around 12 mph. "
        "Bring an umbrella and a warm jacket."
    )
    chat.user("How did Microsoft and Apple close today?")
    chat.call(
        (
            "QueryStock",
            {"symbol": "MSFT", "date": "2025-02-21"},
            {"symbol": "MSFT", "date": "2025-02-21", "close": 405.10, "previous_close": 398.52},
        ),
        (
            "QueryStock",
            {"symbol": "AAPL", "date": "2025-02-21"},
            {"symbol": "AAPL", "date": "2025-02-21", "close": 244.87, "previous_close": 245.83},
        ),
    )
    chat.say(
        "Here are today's closing prices:\n\n"
        "| Stock | Close | Previous close | Change |\n"
        "|---|---|---|---|\n"
        "| Microsoft (MSFT) | $405.10 | $398.52 | **+$6.58 (+1.65%)** |\n"
        "| Apple (AAPL) | $244.87 | $245.83 | **−$0.96 (−0.39%)** |\n\n"
        "Microsoft gained on the day while Apple slipped slightly."
    )
    chat.user("I own 40 shares of Microsoft. What are they worth now?")
    chat.say(
        "At today's close of $405.10, your **40 MSFT shares** are worth **$16,204.00**. With the "
        "$6.58 rise per share, that's $263.20 more than at yesterday's close."
    )
    return chat.messages


# --- A personal assistant: unit conversions and a pace worked out from them (en) -------------

ASSISTANT_APR = (
    "You are a helpful assistant. Current date and time: Monday, 2025-04-07 07:45. User: Marco "
    "Bianchi (username: mbianchi). Location: Austin, TX. Time zone: CDT."
)


def _conversions_en() -> list[Message]:
    chat = Chat(ASSISTANT_APR)
    chat.user("How many miles is a marathon? The race site only says 42.195 km.")
    chat.call(
        (
            "ConvertUnits",
            {"value": 42.195, "from_unit": "km", "to_unit": "mi"},
            {"value": 42.195, "from_unit": "km", "to_unit": "mi", "result": 26.2188},
        )
    )
    chat.say("A marathon of 42.195 km is **26.22 miles** (26.2188 mi, usually rounded to 26.2).")
    chat.user("If I want to finish in 4 hours, what pace do I need per mile?")
    chat.call(("Calculator", {"expression": "240 / 26.2188"}, {"result": 9.1537}))
    chat.say(
        "To finish in 4 hours (240 minutes) you need about **9.15 minutes per mile**, which is a "
        "pace of roughly **9:09 per mile**. In kilometres that's about 5:41 per km."
    )
    chat.user("Also, my pasta recipe says to bake at 180 °C and use 500 g of flour. In US units?")
    chat.call(
        (
            "ConvertUnits",
            {"value": 180, "from_unit": "C", "to_unit": "F"},
            {"value": 180, "from_unit": "C", "to_unit": "F", "result": 356.0},
        ),
        (
            "ConvertUnits",
            {"value": 500, "from_unit": "g", "to_unit": "lb"},
            {"value": 500, "from_unit": "g", "to_unit": "lb", "result": 1.1023},
        ),
    )
    chat.say(
        "Here you go:\n\n"
        "- **Oven:** 180 °C = **356 °F**\n"
        "- **Flour:** 500 g = **1.10 lb**, a little over a pound\n\n"
        "Good luck with the race training, and enjoy the pasta!"
    )
    return chat.messages


# --- A personal assistant: log in, update the account, change the password (en) --------------

ASSISTANT_JUN = (
    "You are a helpful assistant. Current date and time: Thursday, 2025-06-05 14:20. "
    "Location: Portland, OR. Time zone: PDT. The user is not logged in."
)


def _account_en() -> list[Message]:
    chat = Chat(ASSISTANT_JUN)
    chat.user("I want to update my email and phone number. Username akim, password Teal-Birch-42.")
    chat.call(
        ("LogIn", {"username": "akim", "password": "Teal-Birch-42"}, {"session_token": "7c2e91d4-55ab-40f1"}),
    )
    chat.call(
        (
            "QueryUser",
            {"session_token": "7c2e91d4-55ab-40f1", "username": "akim"},
            {
                "user": {
                    "username": "akim",
                    "name": "Alex Kim",
                    "email": "a.kim@gahoo.com",
                    "phone": "503-555-0142",
                }
            },
        )
    )
    chat.say(
        "You're logged in, Alex. Here's what's on your account now:\n\n"
        "- **Email:** a.kim@gahoo.com\n"
        "- **Phone:** 503-555-0142\n\n"
        "What should the new email and phone number be?"
    )
    chat.user("alex.kim@outlook.com and 971-555-0187.")
    chat.call(
        (
            "UpdateAccountInformation",
            {
                "session_token": "7c2e91d4-55ab-40f1",
                "password": "Teal-Birch-42",
                "new_email": "alex.kim@outlook.com",
                "new_phone_number": "971-555-0187",
            },
            {"status": "success"},
        )
    )
    chat.say(
        "Your account has been updated:\n\n"
        "| | Before | Now |\n"
        "|---|---|---|\n"
        "| Email | a.kim@gahoo.com | **alex.kim@outlook.com** |\n"
        "| Phone | 503-555-0142 | **971-555-0187** |"
    )
    chat.user("While we're at it, change my password to Cedar-Fox-77.")
    chat.call(
        (
            "ChangePassword",
            {
                "session_token": "7c2e91d4-55ab-40f1",
                "old_password": "Teal-Birch-42",
                "new_password": "Cedar-Fox-77",
            },
            {"status": "success"},
        )
    )
    chat.say(
        "Your password has been changed. Use the new one the next time you log in — and since you "
        "typed both passwords in this chat, consider clearing the conversation history."
    )
    chat.user("Thanks, log me out.")
    chat.call(("LogoutUser", {"session_token": "7c2e91d4-55ab-40f1"}, {"status": "success"}))
    chat.say("You've been logged out of **akim**. Have a nice afternoon, Alex!")
    return chat.messages


# --- A personal assistant: messages from last night, a reply, a reminder, weather, alarm (en) --

ASSISTANT_OCT = (
    "You are a helpful assistant. Current date and time: Thursday, 2025-10-16 08:10. User: Nora "
    "Quinn (username: nquinn). Location: Denver, CO. Time zone: MDT."
)
NORA_MESSAGES: dict[str, Any] = {
    "messages": [
        {
            "message_id": "m_2207",
            "sender": "liam.b",
            "receiver": "nquinn",
            "message": "Still on for the Saturday hike? Trailhead at 7:30?",
            "timestamp": "2025-10-15 21:14:03",
        },
        {
            "message_id": "m_2211",
            "sender": "mom",
            "receiver": "nquinn",
            "message": "Call me when you can, nothing urgent",
            "timestamp": "2025-10-16 07:02:47",
        },
    ]
}
BOULDER_FORECAST: dict[str, Any] = {
    "location": "Boulder, CO",
    "forecast": [
        {"date": "2025-10-17", "high_f": 64, "low_f": 41, "conditions": "sunny", "precipitation_chance": 0},
        {
            "date": "2025-10-18",
            "high_f": 58,
            "low_f": 33,
            "conditions": "partly cloudy",
            "precipitation_chance": 10,
        },
    ],
}


def _messages_hike_en() -> list[Message]:
    chat = Chat(ASSISTANT_OCT)
    chat.user("Did I miss any messages?")
    chat.call(("SearchMessages", {"receiver": "nquinn", "start_time": "2025-10-15 18:00:00"}, NORA_MESSAGES))
    chat.say(
        "You have 2 new messages since yesterday evening:\n\n"
        '1. **liam.b**, yesterday at 9:14 PM: "Still on for the Saturday hike? Trailhead at 7:30?"\n'
        '2. **mom**, this morning at 7:02 AM: "Call me when you can, nothing urgent"'
    )
    chat.user("Tell Liam yes, see you there. And remind me Friday night at 9 to pack my bag.")
    chat.call(
        (
            "SendMessage",
            {"receiver": "liam.b", "message": "Yes! See you at the trailhead at 7:30 on Saturday."},
            {"message_id": "m_2215"},
        ),
        (
            "AddReminder",
            {"task": "Pack hiking bag", "due_date": "2025-10-17 21:00:00"},
            {"reminder_id": "rem_610"},
        ),
    )
    chat.say(
        "Done:\n\n"
        "- I told Liam you're in and will see him at the trailhead at 7:30 on Saturday.\n"
        "- I set a reminder to **pack your hiking bag** tomorrow (Friday, October 17) at **9:00 PM**."
    )
    chat.user("What's the weather looking like in Boulder for the hike?")
    chat.call(("ForecastWeather", {"location": "Boulder, CO", "days": 3}, BOULDER_FORECAST))
    chat.say(
        "Saturday, October 18 in Boulder looks good for hiking: **partly cloudy**, only a 10% chance "
        "of rain, with a low of 33°F and a high of 58°F. It will be near freezing at a 7:30 start, so "
        "bring layers and gloves."
    )
    chat.user("Set an alarm for 6 that morning.")
    chat.call(("AddAlarm", {"time": "06:00:00"}, {"alarm_id": "al_9034"}))
    chat.say(
        "Your alarm is set for **6:00 AM** — that gives you an hour and a half before meeting Liam at "
        "the trailhead at 7:30. Don't forget to call your mom back!"
    )
    return chat.messages


CONVERSATIONS = {
    "reservations, delay, compensation refused (en)": _reservations_status_en,
    "one-stop business booking with certificate (en)": _onestop_booking_en,
    "cabin upgrade priced with calculate (en)": _cabin_upgrade_en,
    "bags for a silver member (es)": _bags_es,
    "passenger swap, third passenger refused (en)": _passengers_en,
    "cancellation within 24 hours, three refunds (fr)": _cancel_fr,
    "airline-cancelled flight, refund and certificate (en)": _airline_cancelled_en,
    "basic economy refusal and transfer (en)": _transfer_en,
    "assistant free slot, event and invitation (en)": _calendar_email_en,
    "assistant alarms and reminders (de)": _alarms_reminders_de,
    "assistant weather and stock quotes (en)": _weather_stocks_en,
    "assistant unit conversions and pace (en)": _conversions_en,
    "assistant account update after login (en)": _account_en,
    "assistant messages, reminder, forecast, alarm (en)": _messages_hike_en,
}

# Turns that are correct yet flagged by the checker today: {conversation: [turn positions]}.
# Each is the checker's open work (see the report of the conv30 branch), skipped by the test.
KNOWN_FALSE_ALARMS: dict[str, list[str]] = {}


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_every_turn_of_a_conversation_is_clean(name: str) -> None:
    turns = checked_turns(CONVERSATIONS[name]())
    assert 3 <= len(turns) <= 6
    known = KNOWN_FALSE_ALARMS.get(name, [])
    assert [t for t in turns if t[1] and t[0] not in known] == []
    # a known false alarm that no longer fires leaves the list: it must not go stale
    assert [t[0] for t in turns if t[0] in known and not t[1]] == []

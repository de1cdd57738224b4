"""Airline customer-service conversations in the τ-bench style are clean, turn by turn.

An airline agent reads a user's profile and reservations back, searches direct and one-stop
flights, prices cabin changes and bags with a calculator, splits payments across gift cards,
certificates and a card, books, changes, cancels or refuses with the policy's rule, sends
compensation certificates, transfers to a human, and recaps. Every figure, weekday and sum in
these answers is correct and comes from the conversation, so every assistant text turn must
pass without a blocking finding. Correct turns the checker still flags are listed in
``KNOWN_FALSE_ALARMS`` and skipped, so the list says what to fix.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_plain_conversations import POLICY, Chat, Message, checked_turns

NOW = "\nThe current time is 2024-05-15 15:00:00 EST."


def _card(pid: str, brand: str, last_four: str) -> dict[str, Any]:
    return {"source": "credit_card", "brand": brand, "last_four": last_four, "id": pid}


def _gift(pid: str, amount: int) -> dict[str, Any]:
    return {"source": "gift_card", "amount": amount, "id": pid}


def _cert(pid: str, amount: int) -> dict[str, Any]:
    return {"source": "certificate", "amount": amount, "id": pid}


def _user(
    uid: str,
    name: tuple[str, str],
    dob: str,
    membership: str,
    methods: list[dict[str, Any]],
    reservations: list[str],
    saved: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    return {
        "user_id": uid,
        "name": {"first_name": name[0], "last_name": name[1]},
        "email": f"{name[0].lower()}.{name[1].lower()}@example.com",
        "dob": dob,
        "payment_methods": {m["id"]: m for m in methods},
        "saved_passengers": saved or [],
        "membership": membership,
        "reservations": reservations,
    }


def _pax(first: str, last: str, dob: str) -> dict[str, str]:
    return {"first_name": first, "last_name": last, "dob": dob}


def _seg(origin: str, destination: str, number: str, date: str, price: int) -> dict[str, Any]:
    return {
        "origin": origin,
        "destination": destination,
        "flight_number": number,
        "date": date,
        "price": price,
    }


def _res(
    rid: str,
    uid: str,
    trip: tuple[str, str, str, str],
    flights: list[dict[str, Any]],
    passengers: list[dict[str, str]],
    payments: list[tuple[str, int]],
    created: str,
    bags: tuple[int, int],
    insurance: str,
) -> dict[str, Any]:
    """``trip`` is origin, destination, flight type and cabin."""
    return {
        "reservation_id": rid,
        "user_id": uid,
        "origin": trip[0],
        "destination": trip[1],
        "flight_type": trip[2],
        "cabin": trip[3],
        "flights": flights,
        "passengers": passengers,
        "payment_history": [{"payment_id": p, "amount": a} for p, a in payments],
        "created_at": created,
        "total_baggages": bags[0],
        "nonfree_baggages": bags[1],
        "insurance": insurance,
    }


def _flight(
    number: str,
    route: tuple[str, str],
    times: tuple[str, str],
    seats: tuple[int, int, int],
    prices: tuple[int, int, int],
    date: str | None = None,
    status: str = "available",
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "flight_number": number,
        "origin": route[0],
        "destination": route[1],
        "scheduled_departure_time_est": times[0],
        "scheduled_arrival_time_est": times[1],
        "status": status,
        "available_seats": dict(zip(("basic_economy", "economy", "business"), seats, strict=True)),
        "prices": dict(zip(("basic_economy", "economy", "business"), prices, strict=True)),
    }
    if date:
        out["date"] = date
    return out


def _changed(res: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**res, **fields}


def _paid(res: dict[str, Any], *payments: tuple[str, int]) -> list[dict[str, Any]]:
    return res["payment_history"] + [{"payment_id": p, "amount": a} for p, a in payments]


# --- Three reservations read back, two cancellations refused by the rule ---------------------

NOOR_CARD = _card("credit_card_2209183", "visa", "6614")
NOOR_GIFT = _gift("gift_card_5507731", 42)
USER_NOOR = _user(
    "noor_haddad_4417",
    ("Noor", "Haddad"),
    "1987-10-03",
    "regular",
    [NOOR_CARD, NOOR_GIFT],
    ["K4TR8M", "P9WQ2D", "Z2LN6H"],
)
RES_K4 = _res(
    "K4TR8M",
    "noor_haddad_4417",
    ("SFO", "BOS", "one_way", "economy"),
    [_seg("SFO", "BOS", "HAT201", "2024-05-22", 214)],
    [_pax("Noor", "Haddad", "1987-10-03")],
    [("credit_card_2209183", 214)],
    "2024-05-02T11:20:05",
    (1, 0),
    "no",
)
RES_P9 = _res(
    "P9WQ2D",
    "noor_haddad_4417",
    ("BOS", "MIA", "round_trip", "basic_economy"),
    [_seg("BOS", "MIA", "HAT118", "2024-05-27", 88), _seg("MIA", "BOS", "HAT231", "2024-05-30", 93)],
    [_pax("Noor", "Haddad", "1987-10-03"), _pax("Sami", "Haddad", "1985-01-22")],
    [("gift_card_5507731", 362)],
    "2024-05-10T17:45:31",
    (0, 0),
    "no",
)
RES_Z2 = _res(
    "Z2LN6H",
    "noor_haddad_4417",
    ("BOS", "DEN", "one_way", "business"),
    [_seg("BOS", "ORD", "HAT064", "2024-06-03", 512), _seg("ORD", "DEN", "HAT190", "2024-06-03", 388)],
    [_pax("Noor", "Haddad", "1987-10-03")],
    [("credit_card_2209183", 930)],
    "2024-04-28T08:02:44",
    (2, 0),
    "yes",
)


def _three_reservations() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hi, I'm Noor, user id noor_haddad_4417. Could you remind me what trips I have booked? I think "
        "I need to cancel one or two."
    )
    chat.call(("get_user_details", {"user_id": "noor_haddad_4417"}, USER_NOOR))
    chat.call(("get_reservation_details", {"reservation_id": "K4TR8M"}, RES_K4))
    chat.call(("get_reservation_details", {"reservation_id": "P9WQ2D"}, RES_P9))
    chat.call(("get_reservation_details", {"reservation_id": "Z2LN6H"}, RES_Z2))
    chat.say(
        "Thank you, Noor. You have three reservations on your profile:\n\n"
        "1. **K4TR8M** – One way, San Francisco (SFO) to Boston (BOS), Economy\n"
        "   - Flight HAT201 on Wednesday, May 22, 2024\n"
        "   - Passenger: Noor Haddad\n"
        "   - 1 checked bag, no travel insurance\n"
        "   - Paid $214 with your Visa ending in 6614\n\n"
        "2. **P9WQ2D** – Round trip, Boston (BOS) to Miami (MIA), Basic Economy\n"
        "   - Outbound: HAT118 on Monday, May 27, 2024\n"
        "   - Return: HAT231 on Thursday, May 30, 2024\n"
        "   - Passengers: Noor Haddad and Sami Haddad\n"
        "   - No checked bags, no travel insurance\n"
        "   - Paid $362 with gift card 5507731\n\n"
        "3. **Z2LN6H** – One way, Boston (BOS) to Denver (DEN) with a stop in Chicago (ORD), Business\n"
        "   - HAT064 (BOS → ORD) and HAT190 (ORD → DEN), both on Monday, June 3, 2024\n"
        "   - Passenger: Noor Haddad\n"
        "   - 2 checked bags, travel insurance included\n"
        "   - Paid $930 with your Visa ending in 6614\n\n"
        "Which reservation would you like to cancel, and what is the reason for the cancellation?"
    )
    chat.user("The Boston one on the 22nd, K4TR8M. My plans changed.")
    chat.say(
        "I'm sorry, but I'm unable to cancel reservation **K4TR8M**. It was booked on May 2, 2024, which "
        "is more than 24 hours ago, the flight has not been cancelled by the airline, and it is an "
        "Economy booking without travel insurance. Under our policy, an Economy reservation can only be "
        "cancelled in that situation if travel insurance was purchased and the reason is covered, and a "
        "change of plans is not.\n\n"
        "Since it is an Economy reservation, I can still help you change the flight date if that would "
        "help. Would you like to do that instead?"
    )
    chat.user("No. What about the Miami trip, P9WQ2D? Same reason.")
    chat.say(
        "Unfortunately, reservation **P9WQ2D** can't be cancelled either. It was booked on May 10, 2024, "
        "so it is outside the 24-hour window, and it is a Basic Economy reservation without travel "
        "insurance, which cannot be cancelled for a change of plans. Basic Economy flights also cannot be "
        "modified, although the cabin can be upgraded if you wish."
    )
    chat.user("Okay, I'll keep both then. Thanks anyway.")
    chat.say(
        "You're welcome, Noor. To sum up, nothing has been changed: **K4TR8M** (May 22), **P9WQ2D** "
        "(May 27 – May 30) and **Z2LN6H** (June 3) all remain booked as they are. If you need anything "
        "else, just let me know. Safe travels!"
    )
    return chat.messages


# --- A one-stop booking with layovers, insurance and a gift card plus a card ----------------

EMRE_GIFT = _gift("gift_card_3318406", 300)
EMRE_CARD = _card("credit_card_6620175", "mastercard", "5521")
USER_EMRE = _user(
    "emre_costa_8820",
    ("Emre", "Costa"),
    "1991-02-08",
    "silver",
    [EMRE_GIFT, EMRE_CARD],
    ["J2PD5T"],
    saved=[_pax("Ines", "Costa", "1993-07-19")],
)
ONESTOP_ORD_SEA = [
    [
        _flight("HAT077", ("ORD", "DFW"), ("08:00:00", "10:30:00"), (6, 11, 4), (72, 134, 388), "2024-05-24"),
        _flight("HAT151", ("DFW", "SEA"), ("12:00:00", "14:30:00"), (9, 7, 5), (81, 156, 402), "2024-05-24"),
    ],
    [
        _flight("HAT209", ("ORD", "DEN"), ("11:00:00", "13:00:00"), (3, 14, 8), (65, 118, 341), "2024-05-24"),
        _flight("HAT088", ("DEN", "SEA"), ("15:30:00", "17:00:00"), (12, 9, 6), (70, 149, 377), "2024-05-24"),
    ],
]
BOOKED_EMRE = _res(
    "W7HC3J",
    "emre_costa_8820",
    ("ORD", "SEA", "one_way", "economy"),
    [_seg("ORD", "DEN", "HAT209", "2024-05-24", 118), _seg("DEN", "SEA", "HAT088", "2024-05-24", 149)],
    [_pax("Emre", "Costa", "1991-02-08"), _pax("Ines", "Costa", "1993-07-19")],
    [("gift_card_3318406", 300), ("credit_card_6620175", 294)],
    "2024-05-15T15:00:00",
    (3, 0),
    "yes",
)


def _onestop_booking() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hello! I want to book a one-way trip from Chicago O'Hare to Seattle on May 24 for me and my wife "
        "Ines, economy. My user id is emre_costa_8820."
    )
    chat.call(("get_user_details", {"user_id": "emre_costa_8820"}, USER_EMRE))
    chat.call(("search_direct_flight", {"origin": "ORD", "destination": "SEA", "date": "2024-05-24"}, []))
    chat.call(
        (
            "search_onestop_flight",
            {"origin": "ORD", "destination": "SEA", "date": "2024-05-24"},
            ONESTOP_ORD_SEA,
        )
    )
    chat.say(
        "Thanks, Emre. There are no direct flights from ORD to SEA on Friday, May 24, but I found two "
        "one-stop options in Economy:\n\n"
        "**Option 1 – via Dallas (DFW)**\n"
        "- HAT077: ORD 08:00 → DFW 10:30 – $134\n"
        "- HAT151: DFW 12:00 → SEA 14:30 – $156\n"
        "- Layover: 1 hour 30 minutes\n"
        "- Total: $290 per passenger\n\n"
        "**Option 2 – via Denver (DEN)**\n"
        "- HAT209: ORD 11:00 → DEN 13:00 – $118\n"
        "- HAT088: DEN 15:30 → SEA 17:00 – $149\n"
        "- Layover: 2 hours 30 minutes\n"
        "- Total: $267 per passenger\n\n"
        "I see Ines Costa (born 1993-07-19) among your saved passengers. Which option would you like? "
        "Also, would you like travel insurance for $30 per passenger, and how many checked bags will you "
        "bring?"
    )
    chat.user(
        "Option 2 please. Yes to insurance, and we'll have 3 bags. Use my gift card first and put the rest "
        "on my Mastercard."
    )
    chat.call(("calculate", {"expression": "(118 + 149) * 2 + 30 * 2"}, "594.0"))
    chat.say(
        "Here is a summary of the booking:\n\n"
        "- **Trip:** One way, ORD → SEA via DEN, Friday, May 24, 2024, Economy\n"
        "- **Flights:** HAT209 (11:00 → 13:00) and HAT088 (15:30 → 17:00)\n"
        "- **Passengers:** Emre Costa (1991-02-08) and Ines Costa (1993-07-19)\n"
        "- **Fare:** $267 × 2 = $534\n"
        "- **Travel insurance:** $30 × 2 = $60\n"
        "- **Checked bags:** 3 – as a Silver member you get 2 free bags per Economy passenger, so all 3 "
        "are free\n"
        "- **Total:** $594\n\n"
        "**Payment:**\n"
        "- Gift card 3318406: $300\n"
        "- Mastercard ending in 5521: $294\n\n"
        "Do you confirm that I should book this? (yes/no)"
    )
    chat.user("Yes, go ahead.")
    chat.call(
        (
            "book_reservation",
            {
                "user_id": "emre_costa_8820",
                "origin": "ORD",
                "destination": "SEA",
                "flight_type": "one_way",
                "cabin": "economy",
                "flights": [
                    {"flight_number": "HAT209", "date": "2024-05-24"},
                    {"flight_number": "HAT088", "date": "2024-05-24"},
                ],
                "passengers": BOOKED_EMRE["passengers"],
                "payment_methods": [
                    {"payment_id": "gift_card_3318406", "amount": 300},
                    {"payment_id": "credit_card_6620175", "amount": 294},
                ],
                "total_baggages": 3,
                "nonfree_baggages": 0,
                "insurance": "yes",
            },
            BOOKED_EMRE,
        )
    )
    chat.say(
        "Your trip is booked! Your reservation ID is **W7HC3J**.\n\n"
        "- HAT209 from ORD to DEN, departing 11:00 on May 24\n"
        "- HAT088 from DEN to SEA, departing 15:30 and arriving 17:00\n"
        "- Passengers: Emre and Ines Costa, Economy\n"
        "- 3 checked bags (all free) and travel insurance\n"
        "- $300 charged to your gift card and $294 to your Mastercard ending in 5521\n\n"
        "Is there anything else I can help you with?"
    )
    return chat.messages


# --- A cabin upgrade priced with the calculator -----------------------------------------------

HANA_CARD = _card("credit_card_9043317", "visa", "8830")
USER_HANA = _user("hana_sato_3391", ("Hana", "Sato"), "1996-06-11", "regular", [HANA_CARD], ["R5DN7F"])
RES_R5 = _res(
    "R5DN7F",
    "hana_sato_3391",
    ("LAX", "JFK", "round_trip", "economy"),
    [_seg("LAX", "JFK", "HAT046", "2024-05-21", 176), _seg("JFK", "LAX", "HAT292", "2024-05-25", 169)],
    [_pax("Hana", "Sato", "1996-06-11")],
    [("credit_card_9043317", 345)],
    "2024-05-06T19:14:52",
    (1, 0),
    "no",
)
SEARCH_LAX_JFK = [
    _flight("HAT046", ("LAX", "JFK"), ("07:00:00", "15:30:00"), (4, 10, 6), (90, 181, 455)),
    _flight("HAT170", ("LAX", "JFK"), ("13:00:00", "21:30:00"), (8, 3, 2), (77, 164, 498)),
]
SEARCH_JFK_LAX = [_flight("HAT292", ("JFK", "LAX"), ("18:00:00", "21:20:00"), (0, 6, 5), (84, 172, 430))]


def _cabin_upgrade() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user("Hi, I'd like to upgrade my trip R5DN7F to business class. User id hana_sato_3391.")
    chat.call(("get_user_details", {"user_id": "hana_sato_3391"}, USER_HANA))
    chat.call(("get_reservation_details", {"reservation_id": "R5DN7F"}, RES_R5))
    chat.say(
        "Thanks, Hana. Here is reservation **R5DN7F**:\n\n"
        "- Round trip between Los Angeles (LAX) and New York (JFK), Economy\n"
        "- Outbound: HAT046 on Tuesday, May 21, 2024 – $176\n"
        "- Return: HAT292 on Saturday, May 25, 2024 – $169\n"
        "- Passenger: Hana Sato\n"
        "- 1 checked bag, no travel insurance\n\n"
        "Let me check the current Business prices on both flights so I can tell you the cost of the "
        "upgrade."
    )
    chat.user("Sure.")
    chat.call(
        (
            "search_direct_flight",
            {"origin": "LAX", "destination": "JFK", "date": "2024-05-21"},
            SEARCH_LAX_JFK,
        )
    )
    chat.call(
        (
            "search_direct_flight",
            {"origin": "JFK", "destination": "LAX", "date": "2024-05-25"},
            SEARCH_JFK_LAX,
        )
    )
    chat.call(("calculate", {"expression": "(455 - 176) + (430 - 169)"}, "540.0"))
    chat.say(
        "The Business fare is currently $455 on HAT046 and $430 on HAT292. Compared with what you paid "
        "in Economy:\n\n"
        "- HAT046: $455 − $176 = $279\n"
        "- HAT292: $430 − $169 = $261\n\n"
        "The upgrade would cost **$540** in total. The cabin has to be the same on both flights, so both "
        "would move to Business. I would charge the $540 to your Visa ending in 8830.\n\n"
        "Would you like me to proceed? (yes/no)"
    )
    chat.user("Yes, do it.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "R5DN7F",
                "cabin": "business",
                "flights": [
                    {"flight_number": "HAT046", "date": "2024-05-21"},
                    {"flight_number": "HAT292", "date": "2024-05-25"},
                ],
                "payment_id": "credit_card_9043317",
            },
            _changed(
                RES_R5,
                cabin="business",
                flights=[
                    _seg("LAX", "JFK", "HAT046", "2024-05-21", 455),
                    _seg("JFK", "LAX", "HAT292", "2024-05-25", 430),
                ],
                payment_history=_paid(RES_R5, ("credit_card_9043317", 540)),
            ),
        )
    )
    chat.say(
        "All set! Reservation **R5DN7F** is now in **Business** class on both HAT046 (May 21) and HAT292 "
        "(May 25). The $540 upgrade was charged to your Visa ending in 8830, which brings the total paid "
        "for this trip to $885. Anything else I can do for you?"
    )
    return chat.messages


# --- Checked bags for a gold member, insurance refused after booking ---------------------------

OLU_GIFT = _gift("gift_card_7790214", 140)
OLU_CARD = _card("credit_card_1184520", "amex", "3307")
USER_OLU = _user("olu_bakare_5152", ("Olu", "Bakare"), "1979-12-01", "gold", [OLU_GIFT, OLU_CARD], ["T3GV9Q"])
RES_T3 = _res(
    "T3GV9Q",
    "olu_bakare_5152",
    ("MCO", "PHX", "one_way", "economy"),
    [_seg("MCO", "PHX", "HAT193", "2024-05-28", 158)],
    [_pax("Olu", "Bakare", "1979-12-01"), _pax("Funmi", "Bakare", "1982-04-15")],
    [("credit_card_1184520", 316)],
    "2024-05-09T10:31:07",
    (2, 0),
    "no",
)


def _gold_bags() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hey, we're moving to Phoenix and need to bring a lot of luggage. Reservation T3GV9Q, user "
        "olu_bakare_5152. We want 8 bags in total. Also I'd like to add travel insurance."
    )
    chat.call(("get_user_details", {"user_id": "olu_bakare_5152"}, USER_OLU))
    chat.call(("get_reservation_details", {"reservation_id": "T3GV9Q"}, RES_T3))
    chat.call(("calculate", {"expression": "(8 - 3 * 2) * 50"}, "100.0"))
    chat.say(
        "Thanks, Olu. Reservation **T3GV9Q** is a one-way Economy trip from Orlando (MCO) to Phoenix "
        "(PHX) on flight HAT193, Tuesday, May 28, 2024, for Olu Bakare and Funmi Bakare, with 2 checked "
        "bags at the moment.\n\n"
        "**Bags:** As a Gold member, each Economy passenger gets 3 free checked bags, so your 2 passengers "
        "have 6 free bags. Going to 8 bags means 2 extra bags at $50 each, which is **$100**.\n\n"
        "**Insurance:** I'm sorry, travel insurance cannot be added after the initial booking, so I can't "
        "add it to this reservation.\n\n"
        "For the $100, you can use your gift card 7790214 (balance $140) or your Amex ending in 3307. "
        "Which would you like, and shall I update the reservation to 8 checked bags?"
    )
    chat.user("The gift card. Yes please.")
    chat.call(
        (
            "update_reservation_baggages",
            {
                "reservation_id": "T3GV9Q",
                "total_baggages": 8,
                "nonfree_baggages": 2,
                "payment_id": "gift_card_7790214",
            },
            _changed(
                RES_T3,
                total_baggages=8,
                nonfree_baggages=2,
                payment_history=_paid(RES_T3, ("gift_card_7790214", 100)),
            ),
        )
    )
    chat.say(
        "Done! Reservation **T3GV9Q** now has **8 checked bags**, 6 of them free and 2 paid. The $100 was "
        "charged to your gift card 7790214."
    )
    chat.user("How much is left on the gift card now?")
    chat.say(
        "Your gift card had $140 before this change, so after the $100 charge it has **$40** left. "
        "Good luck with the move!"
    )
    return chat.messages


# --- A cancellation within 24 hours of booking, refunded to two methods -----------------------

PRIYA_GIFT = _gift("gift_card_2046618", 0)
PRIYA_CARD = _card("credit_card_8853270", "visa", "2291")
USER_PRIYA = _user(
    "priya_nair_6083", ("Priya", "Nair"), "1990-03-27", "regular", [PRIYA_GIFT, PRIYA_CARD], ["H6MB1X"]
)
RES_H6 = _res(
    "H6MB1X",
    "priya_nair_6083",
    ("ATL", "LGA", "one_way", "basic_economy"),
    [_seg("ATL", "LGA", "HAT133", "2024-05-29", 96)],
    [_pax("Priya", "Nair", "1990-03-27"), _pax("Arjun", "Nair", "1988-08-09")],
    [("gift_card_2046618", 140), ("credit_card_8853270", 52)],
    "2024-05-15T08:42:10",
    (0, 0),
    "no",
)


def _cancel_within_day() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "I booked a flight this morning by mistake and want to cancel it. I'm priya_nair_6083, "
        "booking H6MB1X."
    )
    chat.call(("get_user_details", {"user_id": "priya_nair_6083"}, USER_PRIYA))
    chat.call(("get_reservation_details", {"reservation_id": "H6MB1X"}, RES_H6))
    chat.say(
        "I found reservation **H6MB1X**: a one-way Basic Economy trip from Atlanta (ATL) to New York "
        "LaGuardia (LGA) on flight HAT133, Wednesday, May 29, 2024, for Priya Nair and Arjun Nair. It "
        "was booked today at 08:42.\n\n"
        "Could you tell me the reason for the cancellation: a change of plans, a flight cancelled by the "
        "airline, or something else?"
    )
    chat.user("Change of plans, I picked the wrong date.")
    chat.say(
        "Thank you. Because the reservation was made less than 24 hours ago, it can be cancelled even "
        "though it is Basic Economy without insurance.\n\n"
        "**Cancellation details:**\n"
        "- Reservation: H6MB1X (HAT133, ATL → LGA, May 29)\n"
        "- Passengers: Priya Nair, Arjun Nair\n"
        "- Reason: change of plans\n"
        "- Refund: $140 to gift card 2046618 and $52 to your Visa ending in 2291, $192 in total\n\n"
        "Do you want me to cancel it? (yes/no)"
    )
    chat.user("Yes.")
    chat.call(
        (
            "cancel_reservation",
            {"reservation_id": "H6MB1X"},
            {
                **RES_H6,
                "payment_history": _paid(RES_H6, ("gift_card_2046618", -140), ("credit_card_8853270", -52)),
                "status": "cancelled",
            },
        )
    )
    chat.say(
        "Reservation **H6MB1X** has been cancelled. The refunds of $140 to your gift card and $52 to your "
        "Visa ending in 2291 will reach the original payment methods within 5 to 7 business days. Let me "
        "know if you'd like to book the correct date."
    )
    return chat.messages


# --- An insured cancellation for a health reason ----------------------------------------------

MARCO_CARD = _card("credit_card_3359012", "amex", "1046")
USER_MARCO = _user(
    "marco_ricci_2714", ("Marco", "Ricci"), "1975-09-14", "regular", [MARCO_CARD], ["E4QZ8N", "G1YT7C"]
)
RES_E4 = _res(
    "E4QZ8N",
    "marco_ricci_2714",
    ("DTW", "SFO", "one_way", "economy"),
    [_seg("DTW", "SFO", "HAT152", "2024-05-19", 287)],
    [_pax("Marco", "Ricci", "1975-09-14")],
    [("credit_card_3359012", 317)],
    "2024-05-03T14:26:38",
    (1, 0),
    "yes",
)


def _insured_cancellation() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hello, my doctor told me not to fly this week, so I need to cancel reservation E4QZ8N. My user "
        "id is marco_ricci_2714."
    )
    chat.call(("get_user_details", {"user_id": "marco_ricci_2714"}, USER_MARCO))
    chat.call(("get_reservation_details", {"reservation_id": "E4QZ8N"}, RES_E4))
    chat.say(
        "I'm sorry to hear that, Marco. Reservation **E4QZ8N** is a one-way Economy flight, HAT152 from "
        "Detroit (DTW) to San Francisco (SFO) on Sunday, May 19, 2024, booked on May 3. You purchased "
        "travel insurance with it, and health reasons are covered, so this reservation can be cancelled "
        "with a full refund.\n\n"
        "- **Refund:** $317 (the $287 fare plus the $30 insurance) to your Amex ending in 1046\n\n"
        "Shall I proceed with the cancellation? (yes/no)"
    )
    chat.user("Yes please.")
    chat.call(
        (
            "cancel_reservation",
            {"reservation_id": "E4QZ8N"},
            {
                **RES_E4,
                "payment_history": _paid(RES_E4, ("credit_card_3359012", -317)),
                "status": "cancelled",
            },
        )
    )
    chat.say(
        "Your reservation **E4QZ8N** has been cancelled, and $317 will be refunded to your Amex ending in "
        "1046. Your other reservation, G1YT7C, is not affected."
    )
    chat.user("When will I see the money?")
    chat.say(
        "The refund goes back to the original payment method within 5 to 7 business days. I hope you "
        "feel better soon!"
    )
    return chat.messages


# --- A cancelled flight, a certificate as a gesture ------------------------------------------

LUCIA_CARD = _card("credit_card_6175530", "visa", "9902")
USER_LUCIA = _user("lucia_mendes_9034", ("Lucia", "Mendes"), "1983-05-30", "silver", [LUCIA_CARD], ["V8KS4E"])
RES_V8 = _res(
    "V8KS4E",
    "lucia_mendes_9034",
    ("MSP", "EWR", "one_way", "economy"),
    [_seg("MSP", "EWR", "HAT302", "2024-05-14", 201)],
    [
        _pax("Lucia", "Mendes", "1983-05-30"),
        _pax("Pedro", "Mendes", "1981-11-02"),
        _pax("Rosa", "Mendes", "2012-07-08"),
    ],
    [("credit_card_6175530", 603)],
    "2024-04-20T12:05:49",
    (2, 0),
    "no",
)
CANCELLED_HAT302 = [
    {
        "flight_number": "HAT302",
        "origin": "MSP",
        "destination": "EWR",
        "scheduled_departure_time_est": "13:00:00",
        "scheduled_arrival_time_est": "16:40:00",
        "status": "cancelled",
    }
]


def _cancelled_flight_certificate() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "I'm really frustrated. Our flight to Newark yesterday was cancelled and my family had to find "
        "another way. User lucia_mendes_9034, reservation V8KS4E."
    )
    chat.call(("get_user_details", {"user_id": "lucia_mendes_9034"}, USER_LUCIA))
    chat.call(("get_reservation_details", {"reservation_id": "V8KS4E"}, RES_V8))
    chat.call(
        (
            "search_direct_flight",
            {"origin": "MSP", "destination": "EWR", "date": "2024-05-14"},
            CANCELLED_HAT302,
        )
    )
    chat.say(
        "I'm very sorry, Lucia. I've confirmed that flight **HAT302** from Minneapolis (MSP) to Newark "
        "(EWR) on Tuesday, May 14, 2024 was cancelled. Your reservation V8KS4E had 3 passengers on it: "
        "Lucia, Pedro and Rosa Mendes.\n\n"
        "As a Silver member, I can offer you a travel certificate as a gesture of goodwill: $100 per "
        "passenger, so **$300** in total. Would you like me to issue it to your account?"
    )
    chat.user("Yes, please do.")
    chat.call(
        (
            "send_certificate",
            {"user_id": "lucia_mendes_9034", "amount": 300},
            "Certificate certificate_6620413 added to user lucia_mendes_9034 with amount 300.",
        )
    )
    chat.say(
        "Done. A **$300** travel certificate (certificate_6620413) has been added to your profile. Again, "
        "I apologize for the disruption to your family's trip."
    )
    chat.user("Can I use it on my next booking?")
    chat.say(
        "Yes. When you book your next trip, you can use the certificate as a payment method. Please note "
        "that a reservation can use at most one certificate, and any amount of it you don't use is not "
        "refundable."
    )
    return chat.messages


# --- A delayed flight moved to the next day, then a certificate ------------------------------

RAVI_CARD = _card("credit_card_5082261", "mastercard", "7719")
USER_RAVI = _user("ravi_kumar_4470", ("Ravi", "Kumar"), "1969-01-25", "gold", [RAVI_CARD], ["L5FP2W"])
RES_L5 = _res(
    "L5FP2W",
    "ravi_kumar_4470",
    ("PHX", "SEA", "one_way", "economy"),
    [_seg("PHX", "SEA", "HAT266", "2024-05-15", 143)],
    [_pax("Ravi", "Kumar", "1969-01-25"), _pax("Meera", "Kumar", "1971-06-30")],
    [("credit_card_5082261", 286)],
    "2024-05-01T09:48:21",
    (2, 0),
    "no",
)
DELAYED_PHX_SEA = [
    {
        "flight_number": "HAT266",
        "origin": "PHX",
        "destination": "SEA",
        "scheduled_departure_time_est": "16:00:00",
        "scheduled_arrival_time_est": "18:45:00",
        "status": "delayed",
    }
]
NEXT_DAY_PHX_SEA = [
    _flight("HAT266", ("PHX", "SEA"), ("16:00:00", "18:45:00"), (5, 12, 4), (80, 158, 390)),
    _flight("HAT141", ("PHX", "SEA"), ("09:00:00", "11:45:00"), (2, 6, 9), (75, 171, 402)),
]


def _delay_change_certificate() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "My flight this afternoon is delayed and it ruins our plans. I'd rather fly tomorrow. User "
        "ravi_kumar_4470, reservation L5FP2W."
    )
    chat.call(("get_user_details", {"user_id": "ravi_kumar_4470"}, USER_RAVI))
    chat.call(("get_reservation_details", {"reservation_id": "L5FP2W"}, RES_L5))
    chat.call(
        (
            "search_direct_flight",
            {"origin": "PHX", "destination": "SEA", "date": "2024-05-15"},
            DELAYED_PHX_SEA,
        )
    )
    chat.call(
        (
            "search_direct_flight",
            {"origin": "PHX", "destination": "SEA", "date": "2024-05-16"},
            NEXT_DAY_PHX_SEA,
        )
    )
    chat.say(
        "I'm sorry about the delay, Ravi. I can confirm that HAT266 from Phoenix (PHX) to Seattle (SEA) "
        "today, May 15, is delayed. Your reservation L5FP2W is in Economy for you and Meera Kumar.\n\n"
        "Here are the direct flights tomorrow, Thursday, May 16:\n\n"
        "1. **HAT141** – departs 09:00, arrives 11:45 – Economy $171\n"
        "2. **HAT266** – departs 16:00, arrives 18:45 – Economy $158\n\n"
        "Which one would you like?"
    )
    chat.user("The afternoon one is fine, HAT266 tomorrow.")
    chat.call(("calculate", {"expression": "(158 - 143) * 2"}, "30.0"))
    chat.say(
        "Moving to HAT266 on May 16 costs $158 per passenger instead of the $143 you paid, a difference "
        "of $15 per passenger, or **$30** for both of you.\n\n"
        "- New flight: HAT266, PHX → SEA, Thursday, May 16, 16:00 → 18:45, Economy\n"
        "- Passengers: Ravi Kumar, Meera Kumar\n"
        "- Payment: $30 to your Mastercard ending in 7719\n\n"
        "Shall I make this change? (yes/no)"
    )
    chat.user("Yes.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "L5FP2W",
                "cabin": "economy",
                "flights": [{"flight_number": "HAT266", "date": "2024-05-16"}],
                "payment_id": "credit_card_5082261",
            },
            _changed(
                RES_L5,
                flights=[_seg("PHX", "SEA", "HAT266", "2024-05-16", 158)],
                payment_history=_paid(RES_L5, ("credit_card_5082261", 30)),
            ),
        )
    )
    chat.say(
        "Your reservation **L5FP2W** is now on HAT266 tomorrow, May 16, departing at 16:00, and $30 was "
        "charged to your Mastercard ending in 7719.\n\n"
        "Because your original flight was delayed and you are a Gold member, I can also offer a travel "
        "certificate of $50 per passenger, **$100** in total, as a gesture. Would you like it?"
    )
    chat.user("Yes, thank you.")
    chat.call(
        (
            "send_certificate",
            {"user_id": "ravi_kumar_4470", "amount": 100},
            "Certificate certificate_3390575 added to user ravi_kumar_4470 with amount 100.",
        )
    )
    chat.say(
        "The $100 certificate has been added to your profile. To recap:\n\n"
        "- Flight moved to HAT266 on Thursday, May 16 (16:00 → 18:45)\n"
        "- $30 fare difference charged to your Mastercard ending in 7719\n"
        "- $100 travel certificate issued for the delay\n\n"
        "Have a good trip tomorrow!"
    )
    return chat.messages


# --- A delay complaint without compensation: the policy's exclusion ---------------------------

BEN_CARD = _card("credit_card_7720946", "visa", "3158")
USER_BEN = _user("ben_walsh_1203", ("Ben", "Walsh"), "1998-08-19", "regular", [BEN_CARD], ["C7NJ4R"])
RES_C7 = _res(
    "C7NJ4R",
    "ben_walsh_1203",
    ("DEN", "LAS", "one_way", "economy"),
    [_seg("DEN", "LAS", "HAT117", "2024-05-15", 109)],
    [_pax("Ben", "Walsh", "1998-08-19")],
    [("credit_card_7720946", 109)],
    "2024-05-08T21:37:12",
    (0, 0),
    "no",
)


def _delay_no_compensation() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user("My flight to Vegas tonight is delayed. I want some compensation for this.")
    chat.say(
        "I'm sorry to hear about the delay. To look into this, could you please provide your user ID and "
        "the reservation ID?"
    )
    chat.user("ben_walsh_1203, reservation C7NJ4R.")
    chat.call(("get_user_details", {"user_id": "ben_walsh_1203"}, USER_BEN))
    chat.call(("get_reservation_details", {"reservation_id": "C7NJ4R"}, RES_C7))
    chat.call(
        (
            "search_direct_flight",
            {"origin": "DEN", "destination": "LAS", "date": "2024-05-15"},
            [
                {
                    "flight_number": "HAT117",
                    "origin": "DEN",
                    "destination": "LAS",
                    "scheduled_departure_time_est": "20:00:00",
                    "scheduled_arrival_time_est": "21:50:00",
                    "status": "delayed",
                }
            ],
        )
    )
    chat.say(
        "Thank you, Ben. I can confirm that flight **HAT117** from Denver (DEN) to Las Vegas (LAS), "
        "scheduled to depart at 20:00 today, is delayed.\n\n"
        "Unfortunately, I'm not able to offer compensation for this reservation. Under our policy, a "
        "certificate for a delay is available to Silver or Gold members, to trips with travel insurance, "
        "or to Business class passengers. Your membership is Regular, the reservation is in Economy, and "
        "no travel insurance was purchased.\n\n"
        "If you'd like, I can look at changing your flight to another time instead."
    )
    chat.user("No, I'll just wait for it. Thanks.")
    chat.say("Understood. Your reservation C7NJ4R stays on HAT117 as booked. I'm sorry again for the wait.")
    return chat.messages


# --- A partly flown trip: cancellation needs a human agent ------------------------------------

GRACE_CARD = _card("credit_card_9461178", "mastercard", "4025")
USER_GRACE = _user("grace_lin_6650", ("Grace", "Lin"), "1985-12-09", "silver", [GRACE_CARD], ["N3RD8B"])
RES_N3 = _res(
    "N3RD8B",
    "grace_lin_6650",
    ("SEA", "BOS", "round_trip", "economy"),
    [_seg("SEA", "BOS", "HAT036", "2024-05-12", 205), _seg("BOS", "SEA", "HAT283", "2024-05-18", 219)],
    [_pax("Grace", "Lin", "1985-12-09")],
    [("credit_card_9461178", 454)],
    "2024-04-30T16:12:09",
    (1, 0),
    "yes",
)


def _transfer_flown_trip() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user("Hi, I need to cancel the return part of my trip. I'm grace_lin_6650.")
    chat.call(("get_user_details", {"user_id": "grace_lin_6650"}, USER_GRACE))
    chat.say(
        "Hi Grace. I see one reservation on your profile, **N3RD8B**. Can you confirm that's the one, and "
        "tell me the reason for the cancellation?"
    )
    chat.user("Yes that one. I got sick here in Boston and can't fly back on Saturday.")
    chat.call(("get_reservation_details", {"reservation_id": "N3RD8B"}, RES_N3))
    chat.say(
        "Thank you. Reservation **N3RD8B** is a round trip in Economy with travel insurance:\n\n"
        "- Outbound: HAT036, Seattle (SEA) → Boston (BOS), Sunday, May 12, 2024 – already flown\n"
        "- Return: HAT283, Boston (BOS) → Seattle (SEA), Saturday, May 18, 2024\n\n"
        "Because the first flight of this trip has already been used, I'm not able to cancel the "
        "reservation myself: I can only cancel trips where no segment has been flown. A human agent can "
        "help you with the return flight. Would you like me to transfer you?"
    )
    chat.user("Yes please.")
    chat.call(
        (
            "transfer_to_human_agents",
            {
                "summary": "User grace_lin_6650 wants to cancel the return flight HAT283 on 2024-05-18 of "
                "reservation N3RD8B for health reasons; the outbound HAT036 on 2024-05-12 has been flown. "
                "The reservation has travel insurance."
            },
            "Transfer successful",
        )
    )
    chat.say("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.")
    return chat.messages


# --- A change of mind: a new return date priced, then only a bag added -----------------------

SOFIA_CARD = _card("credit_card_7219935", "visa", "4480")
USER_SOFIA = _user("sofia_reyes_3128", ("Sofia", "Reyes"), "1993-10-21", "silver", [SOFIA_CARD], ["D9KW3M"])
RES_D9 = _res(
    "D9KW3M",
    "sofia_reyes_3128",
    ("MIA", "ORD", "round_trip", "economy"),
    [_seg("MIA", "ORD", "HAT092", "2024-05-23", 142), _seg("ORD", "MIA", "HAT245", "2024-05-26", 155)],
    [_pax("Sofia", "Reyes", "1993-10-21")],
    [("credit_card_7219935", 297)],
    "2024-05-04T13:58:40",
    (1, 0),
    "no",
)
SEARCH_ORD_MIA = [
    _flight("HAT312", ("ORD", "MIA"), ("07:30:00", "11:35:00"), (7, 9, 3), (81, 167, 420)),
    _flight("HAT245", ("ORD", "MIA"), ("17:00:00", "21:05:00"), (0, 4, 6), (95, 188, 455)),
]


def _change_of_mind() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user("Hi! I want to stay in Chicago one more day. User sofia_reyes_3128, reservation D9KW3M.")
    chat.call(("get_user_details", {"user_id": "sofia_reyes_3128"}, USER_SOFIA))
    chat.call(("get_reservation_details", {"reservation_id": "D9KW3M"}, RES_D9))
    chat.say(
        "Hi Sofia! Your reservation **D9KW3M** is a round trip in Economy:\n\n"
        "- Outbound: HAT092, Miami (MIA) → Chicago (ORD), Thursday, May 23, 2024 ($142)\n"
        "- Return: HAT245, Chicago (ORD) → Miami (MIA), Sunday, May 26, 2024 ($155)\n"
        "- 1 checked bag, no insurance\n\n"
        "So you'd like to return on Monday, May 27 instead, keeping the outbound as it is?"
    )
    chat.user("Exactly.")
    chat.call(
        (
            "search_direct_flight",
            {"origin": "ORD", "destination": "MIA", "date": "2024-05-27"},
            SEARCH_ORD_MIA,
        )
    )
    chat.say(
        "Here are the direct flights from ORD to MIA on Monday, May 27:\n\n"
        "1. **HAT312** – 07:30 → 11:35 – Economy $167\n"
        "2. **HAT245** – 17:00 → 21:05 – Economy $188\n\n"
        "Which would you prefer?"
    )
    chat.user("HAT312.")
    chat.call(("calculate", {"expression": "167 - 155"}, "12.0"))
    chat.say(
        "Switching your return to **HAT312** on May 27 costs $167 instead of the $155 you paid, so the "
        "difference is **$12**, charged to your Visa ending in 4480. Your outbound HAT092 on May 23 stays "
        "the same.\n\n"
        "Do you want me to make this change? (yes/no)"
    )
    chat.user(
        "Hmm, actually no, I'll keep my Sunday flight. But can I add two more checked bags to the "
        "reservation instead?"
    )
    chat.say(
        "No problem, your flights stay as they are. As a Silver member you get 2 free checked bags per "
        "Economy passenger. You have 1 bag now, so going to 3 bags means 1 extra bag at **$50**.\n\n"
        "- Reservation: D9KW3M\n"
        "- Checked bags: 3 in total (2 free, 1 paid)\n"
        "- Payment: $50 to your Visa ending in 4480\n\n"
        "Shall I proceed? (yes/no)"
    )
    chat.user("Yes.")
    chat.call(
        (
            "update_reservation_baggages",
            {
                "reservation_id": "D9KW3M",
                "total_baggages": 3,
                "nonfree_baggages": 1,
                "payment_id": "credit_card_7219935",
            },
            _changed(
                RES_D9,
                total_baggages=3,
                nonfree_baggages=1,
                payment_history=_paid(RES_D9, ("credit_card_7219935", 50)),
            ),
        )
    )
    chat.say(
        "Done! Reservation **D9KW3M** now has 3 checked bags, and $50 was charged to your Visa ending in "
        "4480. Your flights are unchanged: HAT092 on Thursday, May 23 and HAT245 on Sunday, May 26. "
        "Enjoy Chicago!"
    )
    return chat.messages


# --- A business round trip paid with a certificate, two gift cards and a card ----------------

DANIEL_METHODS = [
    _cert("certificate_4471902", 250),
    _gift("gift_card_1190357", 150),
    _gift("gift_card_6623014", 80),
    _card("credit_card_3087746", "visa", "2650"),
]
USER_DANIEL = _user(
    "daniel_okoro_7781", ("Daniel", "Okoro"), "1980-02-29", "gold", DANIEL_METHODS, ["U1BL4S"]
)
SEARCH_BOS_ATL = [
    _flight("HAT278", ("BOS", "ATL"), ("08:00:00", "10:45:00"), (10, 8, 5), (66, 140, 312)),
    _flight("HAT009", ("BOS", "ATL"), ("16:00:00", "18:45:00"), (3, 12, 7), (58, 133, 355)),
]
SEARCH_ATL_BOS = [
    _flight("HAT144", ("ATL", "BOS"), ("12:00:00", "14:45:00"), (6, 5, 4), (61, 129, 298)),
    _flight("HAT321", ("ATL", "BOS"), ("19:00:00", "21:45:00"), (9, 10, 2), (55, 117, 276)),
]
BOOKED_DANIEL = _res(
    "X5GT9R",
    "daniel_okoro_7781",
    ("BOS", "ATL", "round_trip", "business"),
    [_seg("BOS", "ATL", "HAT278", "2024-06-04", 312), _seg("ATL", "BOS", "HAT144", "2024-06-07", 298)],
    [_pax("Daniel", "Okoro", "1980-02-29")],
    [
        ("certificate_4471902", 250),
        ("gift_card_1190357", 150),
        ("gift_card_6623014", 80),
        ("credit_card_3087746", 130),
    ],
    "2024-05-15T15:00:00",
    (1, 0),
    "no",
)


def _split_payment_booking() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "I need a round trip Boston to Atlanta in business, leaving June 4 and coming back June 7, just "
        "me. User daniel_okoro_7781."
    )
    chat.call(("get_user_details", {"user_id": "daniel_okoro_7781"}, USER_DANIEL))
    chat.call(
        (
            "search_direct_flight",
            {"origin": "BOS", "destination": "ATL", "date": "2024-06-04"},
            SEARCH_BOS_ATL,
        )
    )
    chat.call(
        (
            "search_direct_flight",
            {"origin": "ATL", "destination": "BOS", "date": "2024-06-07"},
            SEARCH_ATL_BOS,
        )
    )
    chat.say(
        "Thanks, Daniel. Here are the direct Business options:\n\n"
        "**Outbound – Tuesday, June 4 (BOS → ATL)**\n"
        "1. HAT278: 08:00 → 10:45 – $312\n"
        "2. HAT009: 16:00 → 18:45 – $355\n\n"
        "**Return – Friday, June 7 (ATL → BOS)**\n"
        "1. HAT144: 12:00 → 14:45 – $298\n"
        "2. HAT321: 19:00 → 21:45 – $276\n\n"
        "Which flights would you like? Also, would you like travel insurance for $30, and how many "
        "checked bags will you have?"
    )
    chat.user(
        "HAT278 out and HAT144 back. No insurance, one bag. Please use my certificate and both gift cards, "
        "and the rest on the Visa."
    )
    chat.call(("calculate", {"expression": "312 + 298 - 250 - 150 - 80"}, "130.0"))
    chat.say(
        "Here's the booking summary:\n\n"
        "- **Outbound:** HAT278, BOS → ATL, Tuesday, June 4, 08:00 → 10:45\n"
        "- **Return:** HAT144, ATL → BOS, Friday, June 7, 12:00 → 14:45\n"
        "- **Cabin:** Business, passenger Daniel Okoro\n"
        "- **Checked bags:** 1 (free – Gold members get 3 free bags in Business)\n"
        "- **Insurance:** No\n"
        "- **Total:** $312 + $298 = $610\n\n"
        "**Payment:**\n"
        "- Certificate 4471902: $250\n"
        "- Gift card 1190357: $150\n"
        "- Gift card 6623014: $80\n"
        "- Visa ending in 2650: $130\n\n"
        "Shall I book it? (yes/no)"
    )
    chat.user("Yes.")
    chat.call(
        (
            "book_reservation",
            {
                "user_id": "daniel_okoro_7781",
                "origin": "BOS",
                "destination": "ATL",
                "flight_type": "round_trip",
                "cabin": "business",
                "flights": [
                    {"flight_number": "HAT278", "date": "2024-06-04"},
                    {"flight_number": "HAT144", "date": "2024-06-07"},
                ],
                "passengers": BOOKED_DANIEL["passengers"],
                "payment_methods": [
                    {"payment_id": "certificate_4471902", "amount": 250},
                    {"payment_id": "gift_card_1190357", "amount": 150},
                    {"payment_id": "gift_card_6623014", "amount": 80},
                    {"payment_id": "credit_card_3087746", "amount": 130},
                ],
                "total_baggages": 1,
                "nonfree_baggages": 0,
                "insurance": "no",
            },
            BOOKED_DANIEL,
        )
    )
    chat.say(
        "Your trip is booked under reservation **X5GT9R**: HAT278 on June 4 and HAT144 on June 7, "
        "Business class, 1 checked bag. The $610 was paid with your certificate ($250), your two gift "
        "cards ($150 and $80) and $130 on your Visa ending in 2650. Have a great trip!"
    )
    return chat.messages


# --- A passenger replaced, an added passenger refused -----------------------------------------

USER_AMINA = _user(
    "amina_yusuf_2290",
    ("Amina", "Yusuf"),
    "1994-02-17",
    "regular",
    [_card("credit_card_2650814", "visa", "7306")],
    ["F2XC6P"],
)
RES_F2 = _res(
    "F2XC6P",
    "amina_yusuf_2290",
    ("SEA", "SFO", "one_way", "economy"),
    [_seg("SEA", "SFO", "HAT187", "2024-05-31", 124)],
    [_pax("Amina", "Yusuf", "1994-02-17"), _pax("Luis", "Ortega", "1992-06-05")],
    [("credit_card_2650814", 248)],
    "2024-05-11T07:20:16",
    (2, 0),
    "no",
)
NEW_PAX_F2 = [_pax("Amina", "Yusuf", "1994-02-17"), _pax("Carmen", "Ortega", "1985-11-30")]


def _passenger_update() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hello, on reservation F2XC6P Luis can't come anymore, his sister Carmen Ortega (born 1985-11-30) "
        "will take his place. And can we also add my cousin Diego? User amina_yusuf_2290."
    )
    chat.call(("get_reservation_details", {"reservation_id": "F2XC6P"}, RES_F2))
    chat.say(
        "Thanks, Amina. Reservation **F2XC6P** is a one-way Economy flight, HAT187 from Seattle (SEA) to "
        "San Francisco (SFO) on Friday, May 31, 2024, with 2 passengers: Amina Yusuf and Luis Ortega.\n\n"
        "- **Replacing Luis:** I can update the second passenger to Carmen Ortega, born 1985-11-30.\n"
        "- **Adding Diego:** I'm sorry, the number of passengers on a reservation cannot be changed, so I "
        "can't add a third passenger. Diego would need a separate booking.\n\n"
        "Would you like me to replace Luis Ortega with Carmen Ortega? (yes/no)"
    )
    chat.user("Yes, go ahead.")
    chat.call(
        (
            "update_reservation_passengers",
            {"reservation_id": "F2XC6P", "passengers": NEW_PAX_F2},
            _changed(RES_F2, passengers=NEW_PAX_F2),
        )
    )
    chat.say("Done! Carmen Ortega has replaced Luis Ortega on reservation **F2XC6P**.")
    chat.user("So who's on the flight now?")
    chat.say(
        "Flight HAT187 on May 31 now has these 2 passengers:\n\n"
        "1. Amina Yusuf (1994-02-17)\n"
        "2. Carmen Ortega (1985-11-30)\n\n"
        "The 2 checked bags on the reservation stay the same."
    )
    return chat.messages


# --- A basic economy date change refused, a cabin upgrade instead ----------------------------

TOM_CARD = _card("credit_card_4410628", "mastercard", "0394")
USER_TOM = _user("tom_fischer_5519", ("Tom", "Fischer"), "2000-04-04", "regular", [TOM_CARD], ["Y8HV1L"])
RES_Y8 = _res(
    "Y8HV1L",
    "tom_fischer_5519",
    ("JFK", "MCO", "one_way", "basic_economy"),
    [_seg("JFK", "MCO", "HAT015", "2024-05-20", 71)],
    [_pax("Tom", "Fischer", "2000-04-04")],
    [("credit_card_4410628", 71)],
    "2024-05-07T18:03:55",
    (0, 0),
    "no",
)
SEARCH_JFK_MCO = [
    _flight("HAT015", ("JFK", "MCO"), ("06:00:00", "08:45:00"), (3, 11, 6), (79, 139, 310)),
    _flight("HAT244", ("JFK", "MCO"), ("15:00:00", "17:45:00"), (0, 4, 2), (68, 152, 344)),
]


def _basic_economy_upgrade() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "Can I move my Orlando flight from the 20th to the 21st? User tom_fischer_5519, booking Y8HV1L."
    )
    chat.call(("get_user_details", {"user_id": "tom_fischer_5519"}, USER_TOM))
    chat.call(("get_reservation_details", {"reservation_id": "Y8HV1L"}, RES_Y8))
    chat.say(
        "Thanks, Tom. Reservation **Y8HV1L** is flight HAT015 from New York (JFK) to Orlando (MCO) on "
        "Monday, May 20, 2024, in **Basic Economy**.\n\n"
        "I'm sorry, but Basic Economy flights cannot be modified, so I can't move it to Tuesday, May 21. "
        "What I can do is change the cabin of your current flight, for example to Economy, for the fare "
        "difference. Would you like me to check the price?"
    )
    chat.user("Sure, how much would Economy be?")
    chat.call(
        (
            "search_direct_flight",
            {"origin": "JFK", "destination": "MCO", "date": "2024-05-20"},
            SEARCH_JFK_MCO,
        )
    )
    chat.call(("calculate", {"expression": "139 - 71"}, "68.0"))
    chat.say(
        "Economy on HAT015 is currently $139, and you paid $71 in Basic Economy, so the upgrade would "
        "cost **$68**. As a regular member you would also get 1 free checked bag in Economy.\n\n"
        "- Reservation: Y8HV1L, HAT015 on May 20 (same flight)\n"
        "- New cabin: Economy\n"
        "- Payment: $68 to your Mastercard ending in 0394\n\n"
        "Shall I go ahead? (yes/no)"
    )
    chat.user("Yes.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "Y8HV1L",
                "cabin": "economy",
                "flights": [{"flight_number": "HAT015", "date": "2024-05-20"}],
                "payment_id": "credit_card_4410628",
            },
            _changed(
                RES_Y8,
                cabin="economy",
                flights=[_seg("JFK", "MCO", "HAT015", "2024-05-20", 139)],
                payment_history=_paid(RES_Y8, ("credit_card_4410628", 68)),
            ),
        )
    )
    chat.say(
        "Your reservation **Y8HV1L** is now in Economy on HAT015, Monday, May 20, departing 06:00. The $68 "
        "was charged to your Mastercard ending in 0394. Is there anything else I can help with?"
    )
    return chat.messages


# --- A basic economy round trip with paid bags, a certificate and a card ---------------------

USER_KAI = _user(
    "kai_nakamura_8147",
    ("Kai", "Nakamura"),
    "1997-09-09",
    "regular",
    [_cert("certificate_5519204", 150), _card("credit_card_2738801", "visa", "6073")],
    [],
)
SEARCH_LAS_SFO = [
    _flight("HAT264", ("LAS", "SFO"), ("10:00:00", "11:30:00"), (9, 14, 3), (64, 120, 305)),
    _flight("HAT105", ("LAS", "SFO"), ("18:00:00", "19:30:00"), (2, 8, 5), (59, 131, 289)),
]
SEARCH_SFO_LAS = [_flight("HAT071", ("SFO", "LAS"), ("20:00:00", "21:30:00"), (7, 6, 4), (71, 126, 318))]
BOOKED_KAI = _res(
    "M3ZR6V",
    "kai_nakamura_8147",
    ("LAS", "SFO", "round_trip", "basic_economy"),
    [_seg("LAS", "SFO", "HAT264", "2024-05-24", 64), _seg("SFO", "LAS", "HAT071", "2024-05-26", 71)],
    [_pax("Kai", "Nakamura", "1997-09-09")],
    [("certificate_5519204", 150), ("credit_card_2738801", 85)],
    "2024-05-15T15:00:00",
    (2, 2),
    "no",
)


def _basic_round_trip() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hi, I want the cheapest round trip from Las Vegas to San Francisco, out May 24 and back May 26, "
        "just me. I'm kai_nakamura_8147."
    )
    chat.call(("get_user_details", {"user_id": "kai_nakamura_8147"}, USER_KAI))
    chat.call(
        (
            "search_direct_flight",
            {"origin": "LAS", "destination": "SFO", "date": "2024-05-24"},
            SEARCH_LAS_SFO,
        )
    )
    chat.call(
        (
            "search_direct_flight",
            {"origin": "SFO", "destination": "LAS", "date": "2024-05-26"},
            SEARCH_SFO_LAS,
        )
    )
    chat.say(
        "Here are the direct flights, with Basic Economy prices:\n\n"
        "**Friday, May 24 – LAS → SFO**\n"
        "- HAT264: 10:00 → 11:30 – $64\n"
        "- HAT105: 18:00 → 19:30 – $59\n\n"
        "**Sunday, May 26 – SFO → LAS**\n"
        "- HAT071: 20:00 → 21:30 – $71\n\n"
        "The cheapest combination is HAT105 and HAT071 for $130. Which outbound flight would you like? "
        "Please also let me know how many checked bags you'll bring and whether you'd like travel "
        "insurance for $30."
    )
    chat.user(
        "I'll take the morning one, HAT264, it's worth the extra $5. Two bags, no insurance. Use my "
        "certificate and put the rest on my card."
    )
    chat.call(("calculate", {"expression": "64 + 71 + 2 * 50"}, "235.0"))
    chat.say(
        "Here are the booking details:\n\n"
        "- **Flights:** HAT264 (LAS → SFO, May 24, 10:00 → 11:30) and HAT071 (SFO → LAS, May 26, 20:00 → "
        "21:30)\n"
        "- **Cabin:** Basic Economy, passenger Kai Nakamura\n"
        "- **Fare:** $64 + $71 = $135\n"
        "- **Checked bags:** 2 – regular members get no free bags in Basic Economy, so both are $50 each: "
        "$100\n"
        "- **Insurance:** No\n"
        "- **Total:** $235\n\n"
        "**Payment:** certificate 5519204 for $150 and your Visa ending in 6073 for $85.\n\n"
        "Shall I book it? (yes/no)"
    )
    chat.user("Yes.")
    chat.call(
        (
            "book_reservation",
            {
                "user_id": "kai_nakamura_8147",
                "origin": "LAS",
                "destination": "SFO",
                "flight_type": "round_trip",
                "cabin": "basic_economy",
                "flights": [
                    {"flight_number": "HAT264", "date": "2024-05-24"},
                    {"flight_number": "HAT071", "date": "2024-05-26"},
                ],
                "passengers": BOOKED_KAI["passengers"],
                "payment_methods": [
                    {"payment_id": "certificate_5519204", "amount": 150},
                    {"payment_id": "credit_card_2738801", "amount": 85},
                ],
                "total_baggages": 2,
                "nonfree_baggages": 2,
                "insurance": "no",
            },
            BOOKED_KAI,
        )
    )
    chat.say(
        "You're booked! Reservation **M3ZR6V**:\n\n"
        "- HAT264, Friday, May 24, LAS 10:00 → SFO 11:30\n"
        "- HAT071, Sunday, May 26, SFO 20:00 → LAS 21:30\n"
        "- Basic Economy, 2 checked bags\n"
        "- Paid $235: $150 with your certificate and $85 with your Visa ending in 6073\n\n"
        "Have a great weekend in San Francisco!"
    )
    return chat.messages


# --- Two reservations read back, a business trip moved down to economy with a refund ---------

ELENA_GIFT = _gift("gift_card_8804417", 25)
ELENA_CARD = _card("credit_card_5590132", "amex", "8812")
USER_ELENA = _user(
    "elena_petrova_3306",
    ("Elena", "Petrova"),
    "1986-07-07",
    "silver",
    [ELENA_GIFT, ELENA_CARD],
    ["S4JN7B", "A6QE2R"],
)
RES_S4 = _res(
    "S4JN7B",
    "elena_petrova_3306",
    ("IAH", "ORD", "round_trip", "business"),
    [_seg("IAH", "ORD", "HAT233", "2024-06-05", 420), _seg("ORD", "IAH", "HAT176", "2024-06-08", 380)],
    [_pax("Elena", "Petrova", "1986-07-07")],
    [("credit_card_5590132", 800)],
    "2024-05-02T10:10:10",
    (2, 0),
    "no",
)
RES_A6 = _res(
    "A6QE2R",
    "elena_petrova_3306",
    ("ORD", "DTW", "one_way", "economy"),
    [_seg("ORD", "DTW", "HAT097", "2024-05-30", 104)],
    [_pax("Elena", "Petrova", "1986-07-07")],
    [("gift_card_8804417", 104)],
    "2024-05-12T22:41:03",
    (0, 0),
    "no",
)


def _downgrade_refund() -> list[Message]:
    chat = Chat(POLICY + NOW)
    chat.user("Hi, user elena_petrova_3306. Can you go over my bookings? I might want to save some money.")
    chat.call(("get_user_details", {"user_id": "elena_petrova_3306"}, USER_ELENA))
    chat.call(("get_reservation_details", {"reservation_id": "S4JN7B"}, RES_S4))
    chat.call(("get_reservation_details", {"reservation_id": "A6QE2R"}, RES_A6))
    chat.say(
        "Of course, Elena. You have two reservations:\n\n"
        "**1. S4JN7B – Round trip, Houston (IAH) ↔ Chicago (ORD), Business**\n"
        "- HAT233, IAH → ORD, Wednesday, June 5, 2024 – $420\n"
        "- HAT176, ORD → IAH, Saturday, June 8, 2024 – $380\n"
        "- 2 checked bags, no insurance, paid $800 with your Amex ending in 8812\n\n"
        "**2. A6QE2R – One way, Chicago (ORD) → Detroit (DTW), Economy**\n"
        "- HAT097, Thursday, May 30, 2024 – $104\n"
        "- No checked bags, no insurance, paid $104 with gift card 8804417\n\n"
        "How would you like to change them?"
    )
    chat.user("Could I move S4JN7B down to economy? How much would I get back?")
    chat.call(
        (
            "search_direct_flight",
            {"origin": "IAH", "destination": "ORD", "date": "2024-06-05"},
            [_flight("HAT233", ("IAH", "ORD"), ("09:00:00", "11:35:00"), (8, 13, 4), (88, 160, 436))],
        )
    )
    chat.call(
        (
            "search_direct_flight",
            {"origin": "ORD", "destination": "IAH", "date": "2024-06-08"},
            [_flight("HAT176", ("ORD", "IAH"), ("15:00:00", "17:40:00"), (5, 10, 3), (84, 150, 401))],
        )
    )
    chat.call(("calculate", {"expression": "(420 - 160) + (380 - 150)"}, "490.0"))
    chat.say(
        "Economy currently costs $160 on HAT233 and $150 on HAT176. Compared with the Business fares you "
        "paid ($420 and $380), moving both flights to Economy would give you a refund of **$490**.\n\n"
        "Your 2 checked bags would still be free, since Silver members get 2 free bags per Economy "
        "passenger. The refund can go to your gift card 8804417 or your Amex ending in 8812. Which do you "
        "prefer?"
    )
    chat.user("Put it on the gift card. Go ahead.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "S4JN7B",
                "cabin": "economy",
                "flights": [
                    {"flight_number": "HAT233", "date": "2024-06-05"},
                    {"flight_number": "HAT176", "date": "2024-06-08"},
                ],
                "payment_id": "gift_card_8804417",
            },
            _changed(
                RES_S4,
                cabin="economy",
                flights=[
                    _seg("IAH", "ORD", "HAT233", "2024-06-05", 160),
                    _seg("ORD", "IAH", "HAT176", "2024-06-08", 150),
                ],
                payment_history=_paid(RES_S4, ("gift_card_8804417", -490)),
            ),
        )
    )
    chat.say(
        "Done! Reservation **S4JN7B** is now in Economy on HAT233 (June 5) and HAT176 (June 8), and $490 "
        "has been refunded to your gift card 8804417, bringing its balance from $25 to $515. Reservation "
        "A6QE2R is unchanged."
    )
    chat.user("Great, thanks!")
    chat.say("You're welcome, Elena! Have a great trip to Chicago.")
    return chat.messages


CONVERSATIONS = {
    "three reservations, two cancellations refused (airline)": _three_reservations,
    "one-stop booking, insurance, gift card and card (airline)": _onestop_booking,
    "business upgrade priced per flight (airline)": _cabin_upgrade,
    "gold bags, insurance refused after booking (airline)": _gold_bags,
    "cancellation within 24 hours, two refunds (airline)": _cancel_within_day,
    "insured cancellation for health (airline)": _insured_cancellation,
    "cancelled flight, certificate per passenger (airline)": _cancelled_flight_certificate,
    "delayed flight moved, then a certificate (airline)": _delay_change_certificate,
    "delay complaint, no compensation (airline)": _delay_no_compensation,
    "partly flown trip, transfer to a human (airline)": _transfer_flown_trip,
    "new return priced, then only a bag (airline)": _change_of_mind,
    "business round trip, four-way payment (airline)": _split_payment_booking,
    "passenger replaced, third refused (airline)": _passenger_update,
    "basic economy change refused, cabin upgrade (airline)": _basic_economy_upgrade,
    "basic economy round trip with paid bags (airline)": _basic_round_trip,
    "two reservations, business down to economy (airline)": _downgrade_refund,
}

# Correct turns the checker still flags: conversation name -> positions of the turns (as
# ``checked_turns`` names them). Each is a false alarm to fix in the checker, not in the text.
KNOWN_FALSE_ALARMS: dict[str, list[str]] = {}


def _turns(name: str) -> list[tuple[str, list[str]]]:
    return checked_turns(CONVERSATIONS[name]())


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_every_turn_of_an_airline_conversation_is_clean(name: str) -> None:
    turns = _turns(name)
    assert 3 <= len(turns) <= 6
    known = KNOWN_FALSE_ALARMS.get(name, [])
    assert [t for t in turns if t[1] and t[0] not in known] == []


@pytest.mark.parametrize("name", KNOWN_FALSE_ALARMS)
def test_known_false_alarms_still_name_flagged_turns(name: str) -> None:
    """A listed turn the checker no longer flags is fixed: drop it from the list."""
    flagged = {where for where, found in _turns(name) if found}
    assert set(KNOWN_FALSE_ALARMS[name]) <= flagged

"""Whole conversations written the way a chat model serves them are clean, turn by turn.

The plain restatement tests hold one answer against one result. Real traffic is a
conversation: the agent reads records, lays out options, asks to confirm, acts, then recaps,
and each text turn is checked against everything said and returned before it. A recap
repeats figures from earlier turns (the fare difference agreed two turns ago, the card
chosen, the date the user asked for), a confirmation restates what it is about to do before
any write call, and answers are markdown: bold labels, numbered options, nested bullets.
Written from those principles (not from any corpus), in English and in two other languages,
every assistant turn must pass without a blocking finding.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from nofab import Guard, Policy
from nofab.adapters import extract_turns

Message = dict[str, Any]

POLICY = (
    "# Airline agent policy\n"
    "You help users book, modify or cancel flight reservations.\n"
    "- Each reservation may be paid with at most one travel certificate, at most one credit card "
    "and at most three gift cards.\n"
    "- Checked bags: regular members get 0 free checked bags in basic economy, 1 in economy and 2 "
    "in business; silver members 1, 2 and 3; gold members 2, 3 and 3. Each extra bag costs $50.\n"
    "- Travel insurance costs $30 per passenger and allows a full refund for health or weather "
    "reasons.\n"
    "- A reservation may be cancelled within 24 hours of booking, when the airline cancelled the "
    "flight, for business class, or with insurance for a covered reason. Refunds go to the "
    "original payment methods within 5 to 7 business days.\n"
    "- Compensation, only when the user asks: a certificate of $100 per passenger for a cancelled "
    "flight, $50 per passenger for a delayed flight, for silver or gold members, insured trips or "
    "business class.\n"
    "- Before any action that updates the database, list the details and get an explicit yes.\n"
)


class Chat:
    """An OpenAI-format conversation built turn by turn."""

    def __init__(self, system: str) -> None:
        self.messages: list[Message] = [{"role": "system", "content": system}]
        self._calls = 0

    def user(self, text: str) -> Chat:
        self.messages.append({"role": "user", "content": text})
        return self

    def call(self, *calls: tuple[str, dict[str, Any], Any]) -> Chat:
        """One assistant message with ``calls`` (parallel when several), then their results."""
        ids = []
        for _ in calls:
            self._calls += 1
            ids.append(f"call_{self._calls:02d}")
        self.messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": i, "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
                    for i, (n, a, _) in zip(ids, calls, strict=True)
                ],
            }
        )
        for i, (name, _, result) in zip(ids, calls, strict=True):
            content = result if isinstance(result, str) else json.dumps(result)
            self.messages.append({"role": "tool", "tool_call_id": i, "name": name, "content": content})
        return self

    def say(self, text: str) -> Chat:
        self.messages.append({"role": "assistant", "content": text})
        return self


# --- An airline change: read, lay out options, confirm, act, recap (English) ---------------

USER_MAYA: dict[str, Any] = {
    "user_id": "maya_okafor_2231",
    "name": {"first_name": "Maya", "last_name": "Okafor"},
    "email": "maya.okafor@example.com",
    "dob": "1988-04-17",
    "membership": "silver",
    "payment_methods": {
        "credit_card_7741902": {
            "source": "credit_card",
            "brand": "visa",
            "last_four": "4412",
            "id": "credit_card_7741902",
        },
        "gift_card_3350718": {"source": "gift_card", "amount": 128, "id": "gift_card_3350718"},
    },
    "saved_passengers": [{"first_name": "Tobi", "last_name": "Okafor", "dob": "1990-09-02"}],
    "reservations": ["Q7MZ2K", "B3XW8P"],
}
RES_Q7: dict[str, Any] = {
    "reservation_id": "Q7MZ2K",
    "user_id": "maya_okafor_2231",
    "origin": "JFK",
    "destination": "ORD",
    "flight_type": "round_trip",
    "cabin": "economy",
    "flights": [
        {
            "origin": "JFK",
            "destination": "ORD",
            "flight_number": "HAT112",
            "date": "2025-06-14",
            "price": 184,
        },
        {
            "origin": "ORD",
            "destination": "JFK",
            "flight_number": "HAT287",
            "date": "2025-06-18",
            "price": 171,
        },
    ],
    "passengers": [
        {"first_name": "Maya", "last_name": "Okafor", "dob": "1988-04-17"},
        {"first_name": "Tobi", "last_name": "Okafor", "dob": "1990-09-02"},
    ],
    "payment_history": [{"payment_id": "credit_card_7741902", "amount": 710}],
    "created_at": "2025-06-01T09:12:33",
    "total_baggages": 2,
    "nonfree_baggages": 0,
    "insurance": "yes",
}
SEARCH_ORD_JFK: list[dict[str, Any]] = [
    {
        "flight_number": "HAT287",
        "origin": "ORD",
        "destination": "JFK",
        "scheduled_departure_time_est": "08:10:00",
        "scheduled_arrival_time_est": "11:25:00",
        "status": "available",
        "available_seats": {"basic_economy": 4, "economy": 9, "business": 3},
        "prices": {"basic_economy": 96, "economy": 162, "business": 431},
    },
    {
        "flight_number": "HAT305",
        "origin": "ORD",
        "destination": "JFK",
        "scheduled_departure_time_est": "17:40:00",
        "scheduled_arrival_time_est": "20:55:00",
        "status": "available",
        "available_seats": {"basic_economy": 0, "economy": 12, "business": 5},
        "prices": {"basic_economy": 88, "economy": 199, "business": 468},
    },
]
RES_Q7_AFTER = {
    **RES_Q7,
    "flights": [
        RES_Q7["flights"][0],
        {
            "origin": "ORD",
            "destination": "JFK",
            "flight_number": "HAT305",
            "date": "2025-06-19",
            "price": 199,
        },
    ],
    "payment_history": [
        {"payment_id": "credit_card_7741902", "amount": 710},
        {"payment_id": "credit_card_7741902", "amount": 56},
    ],
}


def _change_en() -> list[Message]:
    chat = Chat(POLICY + "\nThe current time is 2025-06-10 14:00:00 EST.")
    chat.user("Hi, I need to move the return flight on one of my trips. My user id is maya_okafor_2231.")
    chat.call(("get_user_details", {"user_id": "maya_okafor_2231"}, USER_MAYA))
    chat.say(
        "Thanks, Maya. I can see two reservations on your profile: **Q7MZ2K** and **B3XW8P**. "
        "Which one would you like to change?"
    )
    chat.user("Q7MZ2K, the Chicago trip.")
    chat.call(("get_reservation_details", {"reservation_id": "Q7MZ2K"}, RES_Q7))
    chat.say(
        "Here are the details of reservation **Q7MZ2K**:\n\n"
        "- **Trip:** Round trip, JFK → ORD, Economy\n"
        "- **Outbound:** HAT112 on Saturday, June 14, 2025 ($184 per passenger)\n"
        "- **Return:** HAT287 on Wednesday, June 18, 2025 ($171 per passenger)\n"
        "- **Passengers:** Maya Okafor and Tobi Okafor\n"
        "- **Checked bags:** 2 (none paid)\n"
        "- **Travel insurance:** Yes\n"
        "- **Paid:** $710 with your Visa ending in 4412\n\n"
        "What date would you like to return instead?"
    )
    chat.user("Can I come back on Thursday the 19th instead? Same cabin.")
    chat.call(
        (
            "search_direct_flight",
            {"origin": "ORD", "destination": "JFK", "date": "2025-06-19"},
            SEARCH_ORD_JFK,
        )
    )
    chat.say(
        "There are two direct flights from ORD to JFK on Thursday, June 19:\n\n"
        "1. **HAT287** – departs 8:10 AM, arrives 11:25 AM – Economy **$162** (9 seats left)\n"
        "2. **HAT305** – departs 5:40 PM, arrives 8:55 PM – Economy **$199** (12 seats left)\n\n"
        "Which one would you prefer?"
    )
    chat.user("The evening one, HAT305.")
    chat.call(("calculate", {"expression": "(199 - 171) * 2"}, "56.0"))
    chat.say(
        "Switching your return to **HAT305** on June 19 costs $199 per passenger instead of $171, so "
        "the fare difference is **$28 per passenger**, **$56** in total for the 2 passengers.\n\n"
        "Here is what I will do:\n"
        "- Replace HAT287 (June 18) with HAT305 (June 19, 5:40 PM → 8:55 PM), Economy\n"
        "- Keep your outbound HAT112 on June 14 unchanged\n"
        "- Charge the $56 difference to your Visa ending in 4412\n\n"
        "Shall I go ahead? (yes/no)"
    )
    chat.user("Yes please.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "Q7MZ2K",
                "cabin": "economy",
                "flights": [
                    {"flight_number": "HAT112", "date": "2025-06-14"},
                    {"flight_number": "HAT305", "date": "2025-06-19"},
                ],
                "payment_id": "credit_card_7741902",
            },
            RES_Q7_AFTER,
        )
    )
    chat.say(
        "Done! Your reservation **Q7MZ2K** has been updated:\n\n"
        "- **Outbound:** HAT112, Saturday, June 14 (unchanged)\n"
        "- **New return:** HAT305, Thursday, June 19, departing 5:40 PM and arriving 8:55 PM\n"
        "- **Charged:** $56 to your Visa ending in 4412\n\n"
        "You've now paid $766 for this trip in total. Your 2 checked bags and travel insurance "
        "carry over. Is there anything else I can help with?"
    )
    return chat.messages


# --- Bags and insurance on a booking, with fees from the policy (English) -------------------

USER_LENA: dict[str, Any] = {
    "user_id": "lena_park_7310",
    "name": {"first_name": "Lena", "last_name": "Park"},
    "membership": "gold",
    "payment_methods": {
        "credit_card_5528003": {
            "source": "credit_card",
            "brand": "mastercard",
            "last_four": "9036",
            "id": "credit_card_5528003",
        },
        "certificate_4471265": {"source": "certificate", "amount": 150, "id": "certificate_4471265"},
    },
    "reservations": ["H2KD9R"],
}
RES_H2: dict[str, Any] = {
    "reservation_id": "H2KD9R",
    "user_id": "lena_park_7310",
    "origin": "SEA",
    "destination": "DEN",
    "flight_type": "one_way",
    "cabin": "economy",
    "flights": [
        {"origin": "SEA", "destination": "DEN", "flight_number": "HAT046", "date": "2025-09-26", "price": 143}
    ],
    "passengers": [
        {"first_name": "Lena", "last_name": "Park", "dob": "1979-02-11"},
        {"first_name": "Jun", "last_name": "Park", "dob": "2009-07-30"},
    ],
    "payment_history": [{"payment_id": "credit_card_5528003", "amount": 286}],
    "created_at": "2025-09-20T18:44:02",
    "total_baggages": 2,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _bags_en() -> list[Message]:
    chat = Chat(POLICY + "\nThe current time is 2025-09-22 10:05:00 EST.")
    chat.user("I'd like to add bags to reservation H2KD9R. I'm lena_park_7310.")
    chat.call(
        ("get_user_details", {"user_id": "lena_park_7310"}, USER_LENA),
        ("get_reservation_details", {"reservation_id": "H2KD9R"}, RES_H2),
    )
    chat.say(
        "I found your reservation **H2KD9R**: a one-way economy flight, **HAT046** from Seattle (SEA) to "
        "Denver (DEN) on Friday, September 26, for Lena Park and Jun Park. It currently has 2 checked "
        "bags, both free.\n\nHow many bags would you like in total?"
    )
    chat.user("We need 7 bags in total. And can we add insurance too?")
    chat.say(
        "As a **gold** member flying economy, each passenger gets 3 free checked bags, so your 2 "
        "passengers can check 6 bags for free. With 7 bags in total, 1 bag is extra at $50.\n\n"
        "Travel insurance is $30 per passenger, so $60 for both of you.\n\n"
        "Summary of the changes:\n"
        "1. Checked bags: 2 → **7** (1 paid bag: **$50**)\n"
        "2. Travel insurance for 2 passengers: **$60**\n\n"
        "That's **$110** in total. You have a $150 travel certificate and your Mastercard ending in "
        "9036 on file — which would you like to use?"
    )
    chat.user("Put the bag on the Mastercard. Actually, skip the insurance.")
    chat.say(
        "Got it. I'll update H2KD9R to 7 checked bags (1 non-free) and charge **$50** to your "
        "Mastercard ending in 9036. No insurance will be added. Please confirm (yes/no)."
    )
    chat.user("yes")
    chat.call(
        (
            "update_reservation_baggages",
            {
                "reservation_id": "H2KD9R",
                "total_baggages": 7,
                "nonfree_baggages": 1,
                "payment_id": "credit_card_5528003",
            },
            {
                **RES_H2,
                "total_baggages": 7,
                "nonfree_baggages": 1,
                "payment_history": [
                    {"payment_id": "credit_card_5528003", "amount": 286},
                    {"payment_id": "credit_card_5528003", "amount": 50},
                ],
            },
        )
    )
    chat.say(
        "All set! Reservation **H2KD9R** now has **7 checked bags**, 6 free and 1 paid. The $50 fee "
        "was charged to your Mastercard ending in 9036.\n\nHave a great trip to Denver this Friday!"
    )
    return chat.messages


# --- A cancellation allowed by insurance, refund timing from the policy (English) ------------

RES_P9: dict[str, Any] = {
    "reservation_id": "P9RT4C",
    "user_id": "omar_haddad_5120",
    "origin": "BOS",
    "destination": "MIA",
    "flight_type": "round_trip",
    "cabin": "economy",
    "flights": [
        {
            "origin": "BOS",
            "destination": "MIA",
            "flight_number": "HAT201",
            "date": "2025-10-02",
            "price": 214,
        },
        {
            "origin": "MIA",
            "destination": "BOS",
            "flight_number": "HAT208",
            "date": "2025-10-06",
            "price": 226,
        },
    ],
    "passengers": [{"first_name": "Omar", "last_name": "Haddad", "dob": "1975-12-03"}],
    "payment_history": [
        {"payment_id": "gift_card_6610374", "amount": 200},
        {"payment_id": "credit_card_9902215", "amount": 270},
    ],
    "created_at": "2025-08-14T11:02:45",
    "total_baggages": 1,
    "nonfree_baggages": 0,
    "insurance": "yes",
}


def _cancel_en() -> list[Message]:
    chat = Chat(POLICY + "\nThe current time is 2025-09-29 16:30:00 EST.")
    chat.user("I have to cancel P9RT4C, I'm sick. User id omar_haddad_5120.")
    chat.call(("get_reservation_details", {"reservation_id": "P9RT4C"}, RES_P9))
    chat.say(
        "I'm sorry to hear you're unwell, Omar. Reservation **P9RT4C** (Boston ⇄ Miami, October 2–6) "
        "has travel insurance, so it can be cancelled for a health reason with a full refund.\n\n"
        "**Refund:** $470 in total\n"
        "- $200 back to your gift card\n"
        "- $270 back to your credit card\n\n"
        "Would you like me to cancel it? (yes/no)"
    )
    chat.user("Yes, cancel it.")
    chat.call(
        (
            "cancel_reservation",
            {"reservation_id": "P9RT4C"},
            {
                **RES_P9,
                "status": "cancelled",
                "payment_history": [
                    *RES_P9["payment_history"],
                    {"payment_id": "gift_card_6610374", "amount": -200},
                    {"payment_id": "credit_card_9902215", "amount": -270},
                ],
            },
        )
    )
    chat.say(
        "Your reservation **P9RT4C** has been cancelled. The refund of **$470** will go back to your "
        "original payment methods ($200 to the gift card and $270 to the credit card) within 5 to 7 "
        "business days. I hope you feel better soon!"
    )
    return chat.messages


# --- A delay compensation certificate for a silver member (English) -------------------------


def _delay_en() -> list[Message]:
    chat = Chat(POLICY + "\nThe current time is 2025-07-08 19:20:00 EST.")
    chat.user(
        "My flight HAT590 today was delayed and I missed my dinner. I'm a silver member, user "
        "rosa_lima_8842. Can I get something for it? There were 3 of us on reservation ZK4N7Q."
    )
    chat.call(
        (
            "get_reservation_details",
            {"reservation_id": "ZK4N7Q"},
            {
                "reservation_id": "ZK4N7Q",
                "user_id": "rosa_lima_8842",
                "origin": "ATL",
                "destination": "LGA",
                "flight_type": "one_way",
                "cabin": "economy",
                "flights": [
                    {
                        "origin": "ATL",
                        "destination": "LGA",
                        "flight_number": "HAT590",
                        "date": "2025-07-08",
                        "price": 157,
                    }
                ],
                "passengers": [
                    {"first_name": "Rosa", "last_name": "Lima", "dob": "1983-05-19"},
                    {"first_name": "Ines", "last_name": "Lima", "dob": "2012-01-08"},
                    {"first_name": "Caio", "last_name": "Lima", "dob": "2015-10-27"},
                ],
                "payment_history": [{"payment_id": "credit_card_1180443", "amount": 471}],
                "created_at": "2025-06-02T08:15:10",
                "total_baggages": 3,
                "nonfree_baggages": 0,
                "insurance": "no",
            },
        ),
        ("get_flight_status", {"flight_number": "HAT590", "date": "2025-07-08"}, "delayed"),
    )
    chat.say(
        "I'm sorry about the delay. I've confirmed that **HAT590** from ATL to LGA today is delayed. "
        "As a silver member, you're eligible for compensation of $50 per passenger, so **$150** for "
        "the 3 passengers on ZK4N7Q, issued as a travel certificate.\n\nWould you like me to send it?"
    )
    chat.user("Yes please.")
    chat.call(
        (
            "send_certificate",
            {"user_id": "rosa_lima_8842", "amount": 150},
            "Certificate certificate_8830162 added to user rosa_lima_8842 with amount 150.",
        )
    )
    chat.say(
        "Done — a **$150** travel certificate (certificate_8830162) has been added to your account. "
        "You can use it on a future booking. Anything else I can do for you?"
    )
    return chat.messages


# --- The same change flow in Spanish ----------------------------------------------------------


def _change_es() -> list[Message]:
    chat = Chat(POLICY + "\nThe current time is 2025-06-10 14:00:00 EST.")
    chat.user("Hola, quiero cambiar la vuelta de mi reserva Q7MZ2K. Mi usuario es maya_okafor_2231.")
    chat.call(
        ("get_user_details", {"user_id": "maya_okafor_2231"}, USER_MAYA),
        ("get_reservation_details", {"reservation_id": "Q7MZ2K"}, RES_Q7),
    )
    chat.say(
        "Estos son los datos de la reserva **Q7MZ2K**:\n\n"
        "- **Ida:** HAT112 el sábado 14 de junio de 2025 (184 $ por pasajero)\n"
        "- **Vuelta:** HAT287 el miércoles 18 de junio de 2025 (171 $ por pasajero)\n"
        "- **Pasajeros:** Maya Okafor y Tobi Okafor\n"
        "- **Equipaje facturado:** 2 maletas, ninguna de pago\n"
        "- **Pagado:** 710 $ con la Visa terminada en 4412\n\n"
        "¿Qué día quiere volver?"
    )
    chat.user("El jueves 19, en económica.")
    chat.call(
        (
            "search_direct_flight",
            {"origin": "ORD", "destination": "JFK", "date": "2025-06-19"},
            SEARCH_ORD_JFK,
        )
    )
    chat.say(
        "El jueves 19 de junio hay dos vuelos directos de ORD a JFK:\n\n"
        "1. **HAT287**: sale a las 8:10 y llega a las 11:25; económica **162 $** (quedan 9 plazas)\n"
        "2. **HAT305**: sale a las 17:40 y llega a las 20:55; económica **199 $** (quedan 12 plazas)\n\n"
        "¿Cuál prefiere?"
    )
    chat.user("El de la tarde.")
    chat.say(
        "El HAT305 cuesta 199 $ por pasajero en lugar de 171 $: la diferencia es de **28 $ por "
        "pasajero**, **56 $** en total para los 2 pasajeros, que se cargarían a su Visa terminada en "
        "4412. ¿Confirma el cambio? (sí/no)"
    )
    chat.user("Sí.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "Q7MZ2K",
                "cabin": "economy",
                "flights": [
                    {"flight_number": "HAT112", "date": "2025-06-14"},
                    {"flight_number": "HAT305", "date": "2025-06-19"},
                ],
                "payment_id": "credit_card_7741902",
            },
            RES_Q7_AFTER,
        )
    )
    chat.say(
        "¡Listo! He actualizado la reserva **Q7MZ2K**: la vuelta es ahora el **HAT305** del jueves 19 "
        "de junio, con salida a las 17:40 y llegada a las 20:55. Se han cargado **56 $** a su Visa "
        "terminada en 4412; en total ha pagado 766 $ por este viaje."
    )
    return chat.messages


# --- A personal assistant: calendar, e-mail and a reminder (English and German) -------------

ASSISTANT = (
    "You are a helpful assistant. Current date and time: Monday, 2025-09-22 09:10. User: Priya "
    "Nair (username: pnair). Location: Boston, MA. Time zone: EST."
)
EVENTS: dict[str, Any] = {
    "events": [
        {
            "event_id": "e_5521",
            "name": "Quarterly review",
            "start_time": "2025-09-23 14:00:00",
            "end_time": "2025-09-23 15:30:00",
            "location": "Conference Room 4",
            "attendees": ["pnair", "dwalsh", "kito"],
        },
        {
            "event_id": "e_5530",
            "name": "Lunch with Dana",
            "start_time": "2025-09-24 12:30:00",
            "end_time": "2025-09-24 13:30:00",
            "location": "Cafe Luma",
            "attendees": ["pnair", "dwalsh"],
        },
    ]
}
INBOX: dict[str, Any] = {
    "emails": [
        {
            "email_id": "m_90217",
            "sender": "dana.walsh@example.com",
            "subject": "Slides for Tuesday",
            "date": "2025-09-21 17:42:10",
            "body": "Hi Priya, can you send me the final slides before the review? Thanks, Dana",
        }
    ]
}


def _assistant_en() -> list[Message]:
    chat = Chat(ASSISTANT)
    chat.user("What's on my calendar for the next few days?")
    chat.call(
        ("QueryCalendar", {"start_time": "2025-09-22 00:00:00", "end_time": "2025-09-26 23:59:59"}, EVENTS)
    )
    chat.say(
        "You have 2 events coming up:\n\n"
        "1. **Quarterly review** — tomorrow (Tuesday, Sept 23), 2:00–3:30 PM in Conference Room 4, "
        "with dwalsh and kito\n"
        "2. **Lunch with Dana** — Wednesday, Sept 24, 12:30–1:30 PM at Cafe Luma\n\n"
        "The review runs 90 minutes."
    )
    chat.user("Did Dana email me about the review?")
    chat.call(("SearchInbox", {"query": "review", "sender": "dana.walsh@example.com"}, INBOX))
    chat.say(
        'Yes — Dana Walsh emailed you yesterday at 5:42 PM (subject: "Slides for Tuesday") asking '
        "for the final slides before the review."
    )
    chat.user("Reply that I'll send them tonight, and remind me at 6 pm to do it.")
    chat.call(
        (
            "SendEmail",
            {
                "to": "dana.walsh@example.com",
                "subject": "Re: Slides for Tuesday",
                "body": "Hi Dana, I'll send the final slides tonight. Priya",
            },
            {"status": "success", "email_id": "m_90244"},
        ),
        (
            "AddReminder",
            {"task": "Send the final slides to Dana", "due_date": "2025-09-22 18:00:00"},
            {"status": "success", "reminder_id": "r_3318"},
        ),
    )
    chat.say(
        "Done! I replied to Dana that you'll send the final slides tonight, and I set a reminder for "
        '**today at 6:00 PM**: "Send the final slides to Dana". Your review is tomorrow at 2 PM.'
    )
    return chat.messages


def _assistant_de() -> list[Message]:
    chat = Chat(ASSISTANT)
    chat.user("Was steht in den nächsten Tagen in meinem Kalender?")
    chat.call(
        ("QueryCalendar", {"start_time": "2025-09-22 00:00:00", "end_time": "2025-09-26 23:59:59"}, EVENTS)
    )
    chat.say(
        "Sie haben 2 Termine:\n\n"
        "1. **Quarterly review** – morgen (Dienstag, 23. September) von 14:00 bis 15:30 Uhr in "
        "Conference Room 4\n"
        "2. **Lunch with Dana** – Mittwoch, 24. September, 12:30 bis 13:30 Uhr im Cafe Luma\n\n"
        "Die Besprechung dauert 90 Minuten."
    )
    chat.user("Erinnere mich heute um 18 Uhr an die Folien.")
    chat.call(
        (
            "AddReminder",
            {"task": "Folien an Dana schicken", "due_date": "2025-09-22 18:00:00"},
            {"status": "success", "reminder_id": "r_3318"},
        )
    )
    chat.say(
        "Erledigt! Ich habe eine Erinnerung für **heute um 18:00 Uhr** erstellt: „Folien an Dana "
        "schicken“. Die Besprechung ist morgen um 14 Uhr."
    )
    return chat.messages


# --- A booking paid with a gift card and a card, bags from the policy (English) --------------

USER_NOAH: dict[str, Any] = {
    "user_id": "noah_berg_4408",
    "name": {"first_name": "Noah", "last_name": "Berg"},
    "membership": "regular",
    "payment_methods": {
        "gift_card_2093316": {"source": "gift_card", "amount": 150, "id": "gift_card_2093316"},
        "credit_card_6614790": {
            "source": "credit_card",
            "brand": "visa",
            "last_four": "2290",
            "id": "credit_card_6614790",
        },
    },
    "saved_passengers": [{"first_name": "Elin", "last_name": "Berg", "dob": "1992-03-14"}],
    "reservations": [],
}
SEARCH_SFO_SEA: list[dict[str, Any]] = [
    {
        "flight_number": "HAT417",
        "origin": "SFO",
        "destination": "SEA",
        "scheduled_departure_time_est": "07:15:00",
        "scheduled_arrival_time_est": "09:20:00",
        "status": "available",
        "available_seats": {"basic_economy": 6, "economy": 11, "business": 4},
        "prices": {"basic_economy": 82, "economy": 139, "business": 390},
    },
    {
        "flight_number": "HAT433",
        "origin": "SFO",
        "destination": "SEA",
        "scheduled_departure_time_est": "13:50:00",
        "scheduled_arrival_time_est": "15:55:00",
        "status": "available",
        "available_seats": {"basic_economy": 2, "economy": 7, "business": 6},
        "prices": {"basic_economy": 75, "economy": 118, "business": 352},
    },
]
BOOKED_W4: dict[str, Any] = {
    "reservation_id": "W4TZ8N",
    "user_id": "noah_berg_4408",
    "origin": "SFO",
    "destination": "SEA",
    "flight_type": "one_way",
    "cabin": "economy",
    "flights": [
        {"origin": "SFO", "destination": "SEA", "flight_number": "HAT433", "date": "2025-11-07", "price": 118}
    ],
    "passengers": [
        {"first_name": "Noah", "last_name": "Berg", "dob": "1989-06-21"},
        {"first_name": "Elin", "last_name": "Berg", "dob": "1992-03-14"},
    ],
    "payment_history": [
        {"payment_id": "gift_card_2093316", "amount": 150},
        {"payment_id": "credit_card_6614790", "amount": 136},
    ],
    "created_at": "2025-11-03T10:41:09",
    "total_baggages": 3,
    "nonfree_baggages": 1,
    "insurance": "no",
}


def _booking_en() -> list[Message]:
    chat = Chat(POLICY + "\nThe current time is 2025-11-03 10:30:00 EST.")
    chat.user(
        "Hi! I'm noah_berg_4408. I want to book a one-way flight from San Francisco to Seattle this "
        "Friday for me and Elin, economy."
    )
    chat.call(
        ("get_user_details", {"user_id": "noah_berg_4408"}, USER_NOAH),
        (
            "search_direct_flight",
            {"origin": "SFO", "destination": "SEA", "date": "2025-11-07"},
            SEARCH_SFO_SEA,
        ),
    )
    chat.say(
        "Here are the direct flights from SFO to SEA on **Friday, November 7**:\n\n"
        "| Flight | Departs | Arrives | Economy | Seats left |\n"
        "|---|---|---|---|---|\n"
        "| HAT417 | 7:15 AM | 9:20 AM | $139 | 11 |\n"
        "| HAT433 | 1:50 PM | 3:55 PM | $118 | 7 |\n\n"
        "Which flight would you like?"
    )
    chat.user("HAT433. We'll check 3 bags. No insurance. Use my gift card first, then my Visa.")
    chat.say(
        "Here's a summary before I book:\n\n"
        "- **Flight:** HAT433, SFO → SEA, Friday, November 7, 1:50 PM – 3:55 PM (2 hours 5 minutes)\n"
        "- **Cabin:** Economy\n"
        "- **Passengers:** Noah Berg and Elin Berg\n"
        "- **Fares:** 2 × $118 = $236\n"
        "- **Checked bags:** 3 — as a regular member you get 1 free bag per passenger in economy, so "
        "1 bag is extra: $50\n"
        "- **Insurance:** None\n"
        "- **Total:** $286\n"
        "- **Payment:** $150 from your gift card and the remaining $136 on your Visa ending in 2290\n\n"
        "Do you want me to book this? (yes/no)"
    )
    chat.user("Yes, book it.")
    chat.call(
        (
            "book_reservation",
            {
                "user_id": "noah_berg_4408",
                "origin": "SFO",
                "destination": "SEA",
                "flight_type": "one_way",
                "cabin": "economy",
                "flights": [{"flight_number": "HAT433", "date": "2025-11-07"}],
                "passengers": BOOKED_W4["passengers"],
                "payment_methods": BOOKED_W4["payment_history"],
                "total_baggages": 3,
                "nonfree_baggages": 1,
                "insurance": "no",
            },
            BOOKED_W4,
        )
    )
    chat.say(
        "Your flight is booked! 🎉\n\n"
        "- **Reservation:** W4TZ8N\n"
        "- **Flight:** HAT433 from San Francisco (SFO) to Seattle (SEA) on Friday, Nov 7, departing "
        "1:50 PM\n"
        "- **Passengers:** Noah Berg, Elin Berg\n"
        "- **Bags:** 3 checked (1 paid)\n"
        "- **Paid:** $286 — $150 with your gift card and $136 with your Visa ending in 2290\n\n"
        "Your gift card has been used up. Have a great trip!"
    )
    return chat.messages


# --- A cancellation the policy does not allow, no write call (English) ----------------------

RES_M2: dict[str, Any] = {
    "reservation_id": "M2LQ6V",
    "user_id": "noah_berg_4408",
    "origin": "SEA",
    "destination": "PHX",
    "flight_type": "one_way",
    "cabin": "basic_economy",
    "flights": [
        {"origin": "SEA", "destination": "PHX", "flight_number": "HAT620", "date": "2025-11-21", "price": 96}
    ],
    "passengers": [{"first_name": "Noah", "last_name": "Berg", "dob": "1989-06-21"}],
    "payment_history": [{"payment_id": "credit_card_6614790", "amount": 96}],
    "created_at": "2025-10-30T15:12:44",
    "total_baggages": 0,
    "nonfree_baggages": 0,
    "insurance": "no",
}


def _refusal_en() -> list[Message]:
    chat = Chat(POLICY + "\nThe current time is 2025-11-03 10:30:00 EST.")
    chat.user("Please cancel M2LQ6V, my plans changed. User noah_berg_4408.")
    chat.call(("get_reservation_details", {"reservation_id": "M2LQ6V"}, RES_M2))
    chat.say(
        "I'm sorry, but I can't cancel reservation **M2LQ6V**. Here's why:\n\n"
        "1. It was booked on October 30, more than 24 hours ago.\n"
        "2. The flight (HAT620, Seattle to Phoenix on Friday, November 21) has not been cancelled by "
        "the airline.\n"
        "3. It's a basic economy ticket without travel insurance, and a change of plans is not a "
        "covered reason.\n\n"
        "The $96 fare is therefore not refundable. Is there anything else I can help you with?"
    )
    chat.user("Ok, never mind then.")
    chat.say("Understood. Your reservation M2LQ6V stays as it is. Have a good day!")
    return chat.messages


# --- A personal assistant: messages, a reply, an alarm and the weather (English) ------------

ASSISTANT_NOV = (
    "You are a helpful assistant. Current date and time: Monday, 2025-11-03 09:20. User: Priya "
    "Nair (username: pnair). Location: Boston, MA. Time zone: EST."
)
MESSAGES: dict[str, Any] = {
    "messages": [
        {
            "message_id": "msg_7731",
            "sender": "ravi.k",
            "recipient": "pnair",
            "content": "Running 10 min late, start without me",
            "timestamp": "2025-11-03 08:52:11",
        },
        {
            "message_id": "msg_7736",
            "sender": "mei.l",
            "recipient": "pnair",
            "content": "Can we move lunch to 1?",
            "timestamp": "2025-11-03 09:05:40",
        },
    ]
}
FORECAST: dict[str, Any] = {
    "location": "Boston, MA",
    "forecast": [
        {"date": "2025-11-04", "high_f": 52, "low_f": 39, "precipitation_chance": 70, "conditions": "rain"},
        {"date": "2025-11-05", "high_f": 47, "low_f": 35, "precipitation_chance": 10, "conditions": "sunny"},
    ],
}


def _messages_en() -> list[Message]:
    chat = Chat(ASSISTANT_NOV)
    chat.user("Any new messages?")
    chat.call(("SearchMessages", {"recipient": "pnair", "start_time": "2025-11-03 00:00:00"}, MESSAGES))
    chat.say(
        "You have 2 new messages this morning:\n\n"
        '- **ravi.k** (8:52 AM): "Running 10 min late, start without me"\n'
        '- **mei.l** (9:05 AM): "Can we move lunch to 1?"'
    )
    chat.user("Tell Mei 1 works, and set an alarm for 12:45.")
    chat.call(
        (
            "SendMessage",
            {"recipient": "mei.l", "content": "1 works for me!"},
            {"status": "success", "message_id": "msg_7740"},
        ),
        ("AddAlarm", {"time": "12:45"}, {"status": "success", "alarm_id": "al_204"}),
    )
    chat.say("Done! I told Mei that 1 works for you and set an alarm for **12:45 PM** today.")
    chat.user("What's the weather tomorrow?")
    chat.call(("ForecastWeather", {"location": "Boston, MA", "days": 2}, FORECAST))
    chat.say(
        "Tomorrow (Tuesday, November 4) in Boston: **rain**, with a high of 52°F and a low of 39°F "
        "and a 70% chance of precipitation — take an umbrella. Wednesday looks sunny but colder, "
        "47°F at most."
    )
    return chat.messages


# --- A personal assistant in Portuguese: a quote and a conversion ----------------------------


def _quote_pt() -> list[Message]:
    chat = Chat(
        "Você é um assistente. Data e hora atuais: segunda-feira, 2025-11-03 09:20. Usuário: Bruno "
        "Alves (username: balves). Local: São Paulo. Fuso horário: BRT."
    )
    chat.user("Quanto está a ação da Apple hoje?")
    chat.call(
        (
            "QueryStock",
            {"symbol": "AAPL", "date": "2025-11-03"},
            {"symbol": "AAPL", "date": "2025-11-03", "open": 224.9, "price": 227.48, "change_percent": 1.15},
        )
    )
    chat.say("A ação da Apple (AAPL) está cotada a **US$ 227,48** hoje, alta de 1,15% — abriu a US$ 224,90.")
    chat.user("E quanto dão 1.000 dólares em reais?")
    chat.call(
        (
            "Convert",
            {"from": "USD", "to": "BRL", "amount": 1000},
            {"from": "USD", "to": "BRL", "amount": 1000, "rate": 5.3821, "converted": 5382.1},
        )
    )
    chat.say("US$ 1.000 equivalem a **R$ 5.382,10** hoje (câmbio de 5,3821 reais por dólar).")
    return chat.messages


CONVERSATIONS = {
    "airline change (en)": _change_en,
    "bags and insurance (en)": _bags_en,
    "insured cancellation (en)": _cancel_en,
    "delay compensation (en)": _delay_en,
    "airline change (es)": _change_es,
    "assistant calendar, mail, reminder (en)": _assistant_en,
    "assistant calendar, reminder (de)": _assistant_de,
    "booking with gift card and card (en)": _booking_en,
    "cancellation refused (en)": _refusal_en,
    "assistant messages, alarm, weather (en)": _messages_en,
    "assistant quote and conversion (pt)": _quote_pt,
}


def checked_turns(messages: list[Message]) -> list[tuple[str, list[str]]]:
    """Each assistant text turn's position and the identifiers of its blocking findings."""
    guard = Guard(Policy(load_plugins=False))
    out = []
    for item in extract_turns({"traj": messages}):
        verdict = guard.check(item.turn)
        assert not verdict.detector_errors, verdict.detector_errors
        out.append((item.where or "turn", [f.identifier for f in verdict.blocking]))
    return out


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_every_turn_of_a_plain_conversation_is_clean(name: str) -> None:
    turns = checked_turns(CONVERSATIONS[name]())
    assert len(turns) >= 2
    assert [t for t in turns if t[1]] == []

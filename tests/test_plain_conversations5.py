"""Correct conversations in Spanish, French, German and Portuguese are clean, turn by turn.

An agent serving users in their own language reads English tool results and answers with the
language's number formats (1.234,56 €; 1 234,56 $; R$ 1.234,56), 24-hour clocks, dates with
weekdays and relative days (mañana, übermorgen, depois de amanhã). Half are airline service in
the τ-bench style, half a personal assistant in the ToolTalk style; every figure, date and sum
is right. A turn that is right but still flagged is listed in ``KNOWN_FALSE_ALARMS`` and
skipped, so the list says what to fix.
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


def _user(
    uid: str, name: tuple[str, str], membership: str, methods: list[dict[str, Any]], res: list[str]
) -> dict[str, Any]:
    return {
        "user_id": uid,
        "name": {"first_name": name[0], "last_name": name[1]},
        "email": f"{name[0].lower()}.{name[1].lower()}@example.com",
        "dob": "1986-03-11",
        "membership": membership,
        "payment_methods": {m["id"]: m for m in methods},
        "saved_passengers": [],
        "reservations": res,
    }


def _flight(origin: str, dest: str, number: str, date: str, price: int) -> dict[str, Any]:
    return {"origin": origin, "destination": dest, "flight_number": number, "date": date, "price": price}


def _res(
    rid: str,
    uid: str,
    cabin: str,
    flights: list[dict[str, Any]],
    passengers: list[tuple[str, str]],
    paid: tuple[str, int],
    created: str = "2024-05-02T10:14:00",
    bags: int = 0,
    insurance: str = "no",
) -> dict[str, Any]:
    return {
        "reservation_id": rid,
        "user_id": uid,
        "origin": flights[0]["origin"],
        "destination": flights[0]["destination"] if len(flights) == 1 else flights[-1]["origin"],
        "flight_type": "one_way" if len(flights) == 1 else "round_trip",
        "cabin": cabin,
        "flights": flights,
        "passengers": [{"first_name": f, "last_name": s, "dob": "1986-03-11"} for f, s in passengers],
        "payment_history": [{"payment_id": paid[0], "amount": paid[1]}],
        "created_at": created,
        "total_baggages": bags,
        "nonfree_baggages": 0,
        "insurance": insurance,
    }


def _option(
    number: str, origin: str, dest: str, dep: str, arr: str, date: str, prices: dict[str, int]
) -> dict[str, Any]:
    return {
        "flight_number": number,
        "origin": origin,
        "destination": dest,
        "scheduled_departure_time_est": dep,
        "scheduled_arrival_time_est": arr,
        "status": "available",
        "available_seats": {"basic_economy": 9, "economy": 12, "business": 4},
        "prices": prices,
        "date": date,
    }


# --- Airline, Spanish: a change with a fare difference ----------------------------------------


def _change_es() -> list[Message]:
    user = _user(
        "sofia_ruiz_4410",
        ("Sofia", "Ruiz"),
        "regular",
        [_card("credit_card_5503118", "visa", "7731")],
        ["LX4T9Q"],
    )
    res = _res(
        "LX4T9Q",
        "sofia_ruiz_4410",
        "economy",
        [_flight("JFK", "SFO", "HAT023", "2024-05-20", 312)],
        [("Sofia", "Ruiz")],
        ("credit_card_5503118", 312),
    )
    found = [
        _option(
            "HAT081",
            "JFK",
            "SFO",
            "09:15:00",
            "12:40:00",
            "2024-05-22",
            {"basic_economy": 241, "economy": 358, "business": 890},
        ),
        _option(
            "HAT145",
            "JFK",
            "SFO",
            "17:30:00",
            "20:55:00",
            "2024-05-22",
            {"basic_economy": 199, "economy": 295, "business": 802},
        ),
    ]
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hola, quiero cambiar mi vuelo de la reserva LX4T9Q al miércoles 22. Mi usuario es sofia_ruiz_4410."
    )
    chat.call(
        ("get_user_details", {"user_id": "sofia_ruiz_4410"}, user),
        ("get_reservation_details", {"reservation_id": "LX4T9Q"}, res),
    )
    chat.call(("search_direct_flight", {"origin": "JFK", "destination": "SFO", "date": "2024-05-22"}, found))
    chat.say(
        "Su reserva **LX4T9Q** es un vuelo de ida JFK → SFO, el **HAT023** del lunes 20 de mayo, en "
        "económica, pagado con 312 $.\n\n"
        "Para el miércoles 22 de mayo hay dos vuelos directos en económica:\n\n"
        "1. **HAT081** — sale a las 09:15 y llega a las 12:40: 358 $ (diferencia de **46 $** a pagar)\n"
        "2. **HAT145** — sale a las 17:30 y llega a las 20:55: 295 $ (le devolveríamos **17 $**)\n\n"
        "¿Cuál prefiere?"
    )
    chat.user("El de la mañana, por favor.")
    chat.say(
        "Perfecto. Este es el cambio:\n\n"
        "- **Reserva:** LX4T9Q\n"
        "- **Nuevo vuelo:** HAT081, miércoles 22 de mayo, JFK 09:15 → SFO 12:40, económica\n"
        "- **Diferencia de tarifa:** 46 $, cargada a su Visa terminada en 7731\n\n"
        "¿Confirma el cambio (sí/no)?"
    )
    chat.user("Sí.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "LX4T9Q",
                "cabin": "economy",
                "flights": [{"flight_number": "HAT081", "date": "2024-05-22"}],
                "payment_id": "credit_card_5503118",
            },
            {
                **res,
                "flights": [_flight("JFK", "SFO", "HAT081", "2024-05-22", 358)],
                "payment_history": [
                    {"payment_id": "credit_card_5503118", "amount": 312},
                    {"payment_id": "credit_card_5503118", "amount": 46},
                ],
            },
        )
    )
    chat.say(
        "¡Listo! Su reserva LX4T9Q ahora está en el vuelo **HAT081** del miércoles 22 de mayo, con "
        "salida a las 09:15. Se cobraron 46 $ a su Visa terminada en 7731, así que el total pagado "
        "es de 358 $."
    )
    return chat.messages


# --- Airline, Spanish: bags by membership, paid with a gift card ------------------------------


def _bags_es() -> list[Message]:
    user = _user(
        "diego_marin_8812",
        ("Diego", "Marin"),
        "gold",
        [_gift("gift_card_2209341", 120), _card("credit_card_6617720", "mastercard", "0458")],
        ["K2PD7W"],
    )
    res = _res(
        "K2PD7W",
        "diego_marin_8812",
        "economy",
        [_flight("MIA", "ORD", "HAT332", "2024-05-24", 204)],
        [("Diego", "Marin"), ("Lucia", "Marin")],
        ("credit_card_6617720", 408),
        bags=2,
    )
    chat = Chat(POLICY + NOW)
    chat.user(
        "Buenas, soy diego_marin_8812. En la reserva K2PD7W quiero llevar 7 maletas facturadas en total."
    )
    chat.call(
        ("get_user_details", {"user_id": "diego_marin_8812"}, user),
        ("get_reservation_details", {"reservation_id": "K2PD7W"}, res),
    )
    chat.say(
        "Su reserva K2PD7W (MIA → ORD, viernes 24 de mayo) es en económica con 2 pasajeros y ahora "
        "tiene 2 maletas facturadas. Como miembro **gold**, cada pasajero lleva 3 maletas gratis en "
        "económica, es decir, **6 gratuitas** en total.\n\n"
        "Con 7 maletas, 1 sería de pago: **50 $**. Puede pagarla con su tarjeta regalo (saldo de "
        "120 $) o con la Mastercard terminada en 0458. ¿Cuál usamos?"
    )
    chat.user("Con la tarjeta regalo.")
    chat.say(
        "Resumen:\n\n"
        "- **Maletas:** de 2 a 7 (6 gratuitas + 1 de pago)\n"
        "- **Importe:** 50 $ con la tarjeta regalo gift_card_2209341\n\n"
        "¿Confirma?"
    )
    chat.user("Sí, adelante.")
    chat.call(
        (
            "update_reservation_baggages",
            {
                "reservation_id": "K2PD7W",
                "total_baggages": 7,
                "nonfree_baggages": 1,
                "payment_id": "gift_card_2209341",
            },
            {**res, "total_baggages": 7, "nonfree_baggages": 1},
        )
    )
    chat.say(
        "Hecho: la reserva K2PD7W ya tiene **7 maletas** facturadas, 1 de ellas de pago. Se "
        "descontaron 50 $ de su tarjeta regalo, que queda con un saldo de **70 $**."
    )
    return chat.messages


# --- Airline, French: a cancellation within 24 hours, refunded --------------------------------


def _cancel_fr() -> list[Message]:
    user = _user(
        "camille_roux_3307",
        ("Camille", "Roux"),
        "regular",
        [_card("credit_card_4410982", "mastercard", "5520")],
        ["ZR8M4C"],
    )
    res = _res(
        "ZR8M4C",
        "camille_roux_3307",
        "basic_economy",
        [_flight("ATL", "BOS", "HAT204", "2024-05-24", 148)],
        [("Camille", "Roux"), ("Hugo", "Roux")],
        ("credit_card_4410982", 296),
        created="2024-05-15T09:40:00",
    )
    chat = Chat(POLICY + NOW)
    chat.user(
        "Bonjour, je voudrais annuler la réservation ZR8M4C, je l'ai faite ce matin par erreur. "
        "Identifiant : camille_roux_3307."
    )
    chat.call(
        ("get_user_details", {"user_id": "camille_roux_3307"}, user),
        ("get_reservation_details", {"reservation_id": "ZR8M4C"}, res),
    )
    chat.say(
        "La réservation **ZR8M4C** a été faite aujourd'hui à 9 h 40, il y a moins de 24 heures : "
        "elle peut donc être annulée avec remboursement intégral.\n\n"
        "- **Vol :** HAT204 ATL → BOS, vendredi 24 mai, classe économique basique\n"
        "- **Passagers :** Camille et Hugo Roux\n"
        "- **Remboursement :** 296 $ sur votre Mastercard se terminant par 5520\n\n"
        "Confirmez-vous l'annulation ?"
    )
    chat.user("Oui, allez-y.")
    chat.call(
        (
            "cancel_reservation",
            {"reservation_id": "ZR8M4C"},
            {
                **res,
                "status": "cancelled",
                "payment_history": [
                    {"payment_id": "credit_card_4410982", "amount": 296},
                    {"payment_id": "credit_card_4410982", "amount": -296},
                ],
            },
        )
    )
    chat.say(
        "C'est fait : la réservation ZR8M4C est annulée. Les **296 $** seront remboursés sur votre "
        "Mastercard se terminant par 5520 sous 5 à 7 jours ouvrés."
    )
    return chat.messages


# --- Airline, French: a delay certificate for a silver member ---------------------------------


def _delay_fr() -> list[Message]:
    user = _user(
        "antoine_petit_5126",
        ("Antoine", "Petit"),
        "silver",
        [_card("credit_card_8823014", "visa", "3391")],
        ["HB6N2S"],
    )
    res = _res(
        "HB6N2S",
        "antoine_petit_5126",
        "economy",
        [_flight("LAX", "SEA", "HAT417", "2024-05-15", 176)],
        [("Antoine", "Petit"), ("Claire", "Petit")],
        ("credit_card_8823014", 352),
    )
    chat = Chat(POLICY + NOW)
    chat.user(
        "Mon vol d'aujourd'hui est en retard, réservation HB6N2S, je suis antoine_petit_5126. "
        "Vous pouvez faire un geste ?"
    )
    chat.call(
        ("get_user_details", {"user_id": "antoine_petit_5126"}, user),
        ("get_reservation_details", {"reservation_id": "HB6N2S"}, res),
    )
    chat.call(("get_flight_status", {"flight_number": "HAT417", "date": "2024-05-15"}, "delayed"))
    chat.say(
        "Je confirme que le vol **HAT417** LAX → SEA d'aujourd'hui est retardé. Toutes mes excuses.\n\n"
        "En tant que membre **silver**, vous avez droit à un certificat de 50 $ par passager ; vous "
        "êtes 2 sur la réservation HB6N2S, soit un certificat de **100 $**. Je vous l'envoie ?"
    )
    chat.user("Oui merci.")
    chat.call(
        (
            "send_certificate",
            {"user_id": "antoine_petit_5126", "amount": 100},
            "Certificate certificate_7712405 added to user antoine_petit_5126 with amount 100.",
        )
    )
    chat.say(
        "Voilà : un certificat de **100 $** (certificate_7712405) a été ajouté à votre compte. Vous "
        "pourrez l'utiliser pour une prochaine réservation."
    )
    return chat.messages


# --- Airline, German: a booking split between a gift card and a card ------------------------


def _booking_de() -> list[Message]:
    user = _user(
        "jonas_weber_6623",
        ("Jonas", "Weber"),
        "regular",
        [_gift("gift_card_5518820", 100), _card("credit_card_3301467", "visa", "9024")],
        [],
    )
    found = [
        _option(
            "HAT176",
            "ORD",
            "DEN",
            "07:45:00",
            "09:20:00",
            "2024-05-28",
            {"basic_economy": 121, "economy": 189, "business": 540},
        ),
        _option(
            "HAT233",
            "ORD",
            "DEN",
            "13:10:00",
            "14:45:00",
            "2024-05-28",
            {"basic_economy": 104, "economy": 162, "business": 497},
        ),
    ]
    chat = Chat(POLICY + NOW)
    chat.user(
        "Hallo, ich bin jonas_weber_6623 und möchte einen einfachen Flug von Chicago (ORD) nach "
        "Denver am 28. Mai, Economy, nur für mich."
    )
    chat.call(
        ("get_user_details", {"user_id": "jonas_weber_6623"}, user),
        ("search_direct_flight", {"origin": "ORD", "destination": "DEN", "date": "2024-05-28"}, found),
    )
    chat.say(
        "Am **Dienstag, 28. Mai**, gibt es zwei Direktflüge ORD → DEN in der Economy:\n\n"
        "1. **HAT176** – ab 07:45 Uhr, an 09:20 Uhr – 189 $\n"
        "2. **HAT233** – ab 13:10 Uhr, an 14:45 Uhr – 162 $\n\n"
        "Welchen möchten Sie? Als Regular-Mitglied ist in der Economy 1 Gepäckstück frei."
    )
    chat.user("HAT233. Zahlen mit dem Gutschein, den Rest mit der Karte. Keine Versicherung, ein Koffer.")
    chat.say(
        "Zusammenfassung:\n\n"
        "- **Flug:** HAT233, Dienstag, 28. Mai, ORD 13:10 Uhr → DEN 14:45 Uhr, Economy\n"
        "- **Passagier:** Jonas Weber\n"
        "- **Gepäck:** 1 Koffer (kostenlos), keine Reiseversicherung\n"
        "- **Preis:** 162 $ – 100 $ vom Gutschein und 62 $ von der Visa mit Endziffern 9024\n\n"
        "Soll ich so buchen?"
    )
    chat.user("Ja.")
    booked = _res(
        "T5QW3E",
        "jonas_weber_6623",
        "economy",
        [_flight("ORD", "DEN", "HAT233", "2024-05-28", 162)],
        [("Jonas", "Weber")],
        ("gift_card_5518820", 100),
        created="2024-05-15T15:02:11",
        bags=1,
    )
    booked["payment_history"].append({"payment_id": "credit_card_3301467", "amount": 62})
    chat.call(
        (
            "book_reservation",
            {
                "user_id": "jonas_weber_6623",
                "origin": "ORD",
                "destination": "DEN",
                "flight_type": "one_way",
                "cabin": "economy",
                "flights": [{"flight_number": "HAT233", "date": "2024-05-28"}],
                "passengers": [{"first_name": "Jonas", "last_name": "Weber", "dob": "1986-03-11"}],
                "payment_methods": [
                    {"payment_id": "gift_card_5518820", "amount": 100},
                    {"payment_id": "credit_card_3301467", "amount": 62},
                ],
                "total_baggages": 1,
                "nonfree_baggages": 0,
                "insurance": "no",
            },
            booked,
        )
    )
    chat.say(
        "Gebucht! Ihre Reservierungsnummer ist **T5QW3E**: HAT233 am Dienstag, 28. Mai, Abflug "
        "13:10 Uhr. Bezahlt wurden 100 $ mit dem Gutschein und 62 $ mit Ihrer Visa (…9024)."
    )
    return chat.messages


# --- Airline, German: a cabin change to business, fare difference ---------------------------


def _cabin_de() -> list[Message]:
    user = _user(
        "lena_fischer_2290",
        ("Lena", "Fischer"),
        "gold",
        [_card("credit_card_7719023", "mastercard", "6612")],
        ["P9VK1R"],
    )
    res = _res(
        "P9VK1R",
        "lena_fischer_2290",
        "economy",
        [
            _flight("BOS", "SEA", "HAT110", "2024-05-26", 245),
            _flight("SEA", "BOS", "HAT311", "2024-05-30", 231),
        ],
        [("Lena", "Fischer")],
        ("credit_card_7719023", 476),
    )
    out = [
        _option(
            "HAT110",
            "BOS",
            "SEA",
            "08:00:00",
            "11:10:00",
            "2024-05-26",
            {"basic_economy": 160, "economy": 245, "business": 612},
        )
    ]
    back = [
        _option(
            "HAT311",
            "SEA",
            "BOS",
            "14:20:00",
            "22:35:00",
            "2024-05-30",
            {"basic_economy": 150, "economy": 231, "business": 588},
        )
    ]
    chat = Chat(POLICY + NOW)
    chat.user(
        "Guten Tag, lena_fischer_2290 hier. Was kostet es, die Reservierung P9VK1R auf Business umzustellen?"
    )
    chat.call(
        ("get_user_details", {"user_id": "lena_fischer_2290"}, user),
        ("get_reservation_details", {"reservation_id": "P9VK1R"}, res),
    )
    chat.call(
        ("search_direct_flight", {"origin": "BOS", "destination": "SEA", "date": "2024-05-26"}, out),
        ("search_direct_flight", {"origin": "SEA", "destination": "BOS", "date": "2024-05-30"}, back),
    )
    chat.say(
        "Ihre Reservierung P9VK1R (Hin- und Rückflug, Economy) umfasst:\n\n"
        "- **HAT110** BOS → SEA, Sonntag, 26. Mai: Economy 245 $, Business 612 $ → **+367 $**\n"
        "- **HAT311** SEA → BOS, Donnerstag, 30. Mai: Economy 231 $, Business 588 $ → **+357 $**\n\n"
        "Der Aufpreis beträgt insgesamt **724 $**, zahlbar mit Ihrer Mastercard mit Endziffern 6612. "
        "Soll ich umbuchen?"
    )
    chat.user("Ja, bitte.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "P9VK1R",
                "cabin": "business",
                "flights": [
                    {"flight_number": "HAT110", "date": "2024-05-26"},
                    {"flight_number": "HAT311", "date": "2024-05-30"},
                ],
                "payment_id": "credit_card_7719023",
            },
            {
                **res,
                "cabin": "business",
                "flights": [
                    _flight("BOS", "SEA", "HAT110", "2024-05-26", 612),
                    _flight("SEA", "BOS", "HAT311", "2024-05-30", 588),
                ],
            },
        )
    )
    chat.say(
        "Erledigt: Beide Flüge der Reservierung P9VK1R sind jetzt in der **Business**. Ihre "
        "Mastercard (…6612) wurde mit 724 $ belastet; der Gesamtpreis liegt nun bei 1.200 $."
    )
    return chat.messages


# --- Airline, Portuguese: a change to a cheaper flight --------------------------------------


def _change_pt() -> list[Message]:
    user = _user(
        "rafael_costa_7734",
        ("Rafael", "Costa"),
        "silver",
        [_card("credit_card_2284519", "visa", "1187")],
        ["M3JH8D"],
    )
    res = _res(
        "M3JH8D",
        "rafael_costa_7734",
        "economy",
        [_flight("DFW", "JFK", "HAT058", "2024-05-17", 276)],
        [("Rafael", "Costa")],
        ("credit_card_2284519", 276),
    )
    found = [
        _option(
            "HAT402",
            "DFW",
            "JFK",
            "06:30:00",
            "10:55:00",
            "2024-05-18",
            {"basic_economy": 160, "economy": 239, "business": 610},
        )
    ]
    chat = Chat(POLICY + NOW)
    chat.user(
        "Olá, sou rafael_costa_7734. Quero passar meu voo da reserva M3JH8D, que é depois de "
        "amanhã, para sábado."
    )
    chat.call(
        ("get_user_details", {"user_id": "rafael_costa_7734"}, user),
        ("get_reservation_details", {"reservation_id": "M3JH8D"}, res),
    )
    chat.call(("search_direct_flight", {"origin": "DFW", "destination": "JFK", "date": "2024-05-18"}, found))
    chat.say(
        "Sua reserva M3JH8D está no voo **HAT058** DFW → JFK de sexta-feira, 17 de maio, em econômica "
        "(US$ 276).\n\n"
        "No sábado, 18 de maio, há o voo direto **HAT402**, saindo às 06h30 e chegando às 10h55, "
        "por US$ 239 na econômica — **US$ 37 a menos**, que voltam para o seu Visa final 1187.\n\n"
        "Posso fazer a alteração?"
    )
    chat.user("Pode sim.")
    chat.call(
        (
            "update_reservation_flights",
            {
                "reservation_id": "M3JH8D",
                "cabin": "economy",
                "flights": [{"flight_number": "HAT402", "date": "2024-05-18"}],
                "payment_id": "credit_card_2284519",
            },
            {**res, "flights": [_flight("DFW", "JFK", "HAT402", "2024-05-18", 239)]},
        )
    )
    chat.say(
        "Pronto! A reserva M3JH8D agora está no voo **HAT402** de sábado, 18 de maio, às 06h30. A "
        "diferença de US$ 37 será devolvida ao seu Visa final 1187."
    )
    return chat.messages


# --- Personal assistants (ToolTalk style): now is Tuesday, 2025-10-14 ---------------------------


def _assistant(who: str, place: str, zone: str) -> Chat:
    return Chat(
        "You are a helpful assistant. Current date and time: Tuesday, 2025-10-14 09:00. User: "
        f"{who}. Location: {place}. Time zone: {zone}."
    )


def _calendar_es() -> list[Message]:
    chat = _assistant("Marta Gil (username: mgil)", "Madrid", "CEST")
    events = [
        {
            "event_id": "ev_301",
            "name": "Team standup",
            "start_time": "2025-10-15 09:30:00",
            "end_time": "2025-10-15 09:45:00",
        },
        {
            "event_id": "ev_302",
            "name": "Budget review",
            "start_time": "2025-10-15 15:30:00",
            "end_time": "2025-10-15 16:30:00",
            "location": "Room B",
        },
    ]
    chat.user("¿Qué tengo mañana en el calendario?")
    chat.call(
        (
            "QueryCalendar",
            {"start_time": "2025-10-15 00:00:00", "end_time": "2025-10-15 23:59:59"},
            {"events": events},
        )
    )
    chat.say(
        "Mañana, miércoles 15 de octubre, tienes 2 eventos:\n\n"
        "1. **Team standup** — de 09:30 a 09:45\n"
        "2. **Budget review** — de 15:30 a 16:30 en Room B"
    )
    chat.user("Crea una comida con Pablo el jueves de 14:00 a 15:00.")
    chat.call(
        (
            "CreateEvent",
            {
                "name": "Comida con Pablo",
                "event_type": "event",
                "start_time": "2025-10-16 14:00:00",
                "end_time": "2025-10-16 15:00:00",
            },
            {"event_id": "ev_318"},
        )
    )
    chat.say("Listo: he creado **Comida con Pablo** el jueves 16 de octubre, de 14:00 a 15:00.")
    return chat.messages


def _weather_es() -> list[Message]:
    chat = _assistant("Javier Soto (username: jsoto)", "Sevilla", "CEST")
    forecast = [
        {"date": "2025-10-15", "high": 27, "low": 16, "conditions": "Sunny"},
        {"date": "2025-10-16", "high": 23, "low": 15, "conditions": "Cloudy"},
    ]
    chat.user("¿Qué tiempo hará mañana y pasado mañana en Sevilla?")
    chat.call(("ForecastWeather", {"location": "Sevilla"}, {"units": "metric", "forecast": forecast}))
    chat.say(
        "- **Mañana (miércoles 15):** soleado, máxima de 27 °C y mínima de 16 °C\n"
        "- **Pasado mañana (jueves 16):** nublado, entre 15 °C y 23 °C"
    )
    chat.user("¿Y cuántos dólares son 250 euros?")
    chat.call(
        (
            "Convert",
            {"from": "EUR", "to": "USD", "amount": 250},
            {"from": "EUR", "to": "USD", "amount": 250, "rate": 1.1623, "converted": 290.58},
        )
    )
    chat.say("250 € equivalen a **290,58 US$** al cambio de hoy (1,1623 dólares por euro).")
    return chat.messages


def _reminders_fr() -> list[Message]:
    chat = _assistant("Élodie Martin (username: emartin)", "Lyon", "CEST")
    chat.user("Rappelle-moi demain à 8 h 30 d'appeler le garage, et mets un réveil à 6 h 45.")
    chat.call(
        (
            "AddReminder",
            {"task": "Appeler le garage", "due_date": "2025-10-15 08:30:00"},
            {"reminder_id": "r_5521"},
        ),
        ("AddAlarm", {"time": "06:45:00"}, {"alarm_id": "al_88"}),
    )
    chat.say(
        "C'est noté :\n\n"
        "- **Rappel :** « Appeler le garage », demain (mercredi 15 octobre) à 8 h 30\n"
        "- **Réveil :** 6 h 45"
    )
    chat.user("Quels réveils j'ai maintenant ?")
    chat.call(
        (
            "FindAlarms",
            {"start_range": "00:00:00", "end_range": "23:59:59"},
            {
                "alarms": [
                    {"alarm_id": "al_61", "time": "07:15:00"},
                    {"alarm_id": "al_88", "time": "06:45:00"},
                ]
            },
        )
    )
    chat.say("Vous avez 2 réveils : à **6 h 45** et à **7 h 15**.")
    return chat.messages


def _stock_fr() -> list[Message]:
    chat = _assistant("Paul Girard (username: pgirard)", "Montréal", "EDT")
    chat.user("Combien vaut l'action Booking aujourd'hui ?")
    chat.call(
        (
            "QueryStock",
            {"symbol": "BKNG", "date": "2025-10-14"},
            {
                "symbol": "BKNG",
                "date": "2025-10-14",
                "open": 4790.1,
                "price": 4812.35,
                "change_percent": 0.46,
            },
        )
    )
    chat.say(
        "L'action Booking Holdings (BKNG) vaut **4 812,35 $** aujourd'hui, en hausse de 0,46 % "
        "(ouverture à 4 790,10 $)."
    )
    chat.user("Et trois actions, ça fait combien ?")
    chat.say("Trois actions BKNG valent 3 × 4 812,35 $ = **14 437,05 $** au cours actuel.")
    chat.user("Envoie ça par courriel à Luc, luc.b@example.com.")
    chat.call(
        (
            "SendEmail",
            {
                "to": "luc.b@example.com",
                "subject": "Cours BKNG",
                "body": "BKNG : 4 812,35 $ ; 3 actions = 14 437,05 $.",
            },
            {"email_id": "m_7710"},
        )
    )
    chat.say("Courriel envoyé à Luc (luc.b@example.com) avec le cours de BKNG et le total pour 3 actions.")
    return chat.messages


def _messages_de() -> list[Message]:
    chat = _assistant("Felix Braun (username: fbraun)", "Berlin", "CEST")
    chat.user("Hat mir Anna geschrieben?")
    chat.call(
        (
            "SearchMessages",
            {"query": "anna_k", "start_date": "2025-10-14 00:00:00", "end_date": "2025-10-14 23:59:59"},
            {
                "messages": [
                    {
                        "message_id": "msg_412",
                        "timestamp": "2025-10-14 08:41:00",
                        "sender": "anna_k",
                        "message": "Running late, can we meet at 19:30 instead of 19:00?",
                    }
                ]
            },
        )
    )
    chat.say(
        "Ja, Anna hat heute um 08:41 Uhr geschrieben: Sie verspätet sich und fragt, ob das "
        "Treffen statt um 19:00 Uhr um **19:30 Uhr** sein kann."
    )
    chat.user("Schreib ihr, dass 19:30 passt. Und wie wird das Wetter übermorgen?")
    chat.call(
        (
            "SendMessage",
            {"receiver": "anna_k", "message": "19:30 passt, bis dann!"},
            {"message_id": "msg_419"},
        ),
        (
            "ForecastWeather",
            {"location": "Berlin"},
            {
                "units": "metric",
                "forecast": [
                    {"date": "2025-10-15", "high": 12, "low": 7, "conditions": "Rain"},
                    {"date": "2025-10-16", "high": 14, "low": 6, "conditions": "Partly cloudy"},
                ],
            },
        ),
    )
    chat.say(
        "Ich habe Anna geschrieben: „19:30 passt, bis dann!“\n\n"
        "Übermorgen, **Donnerstag, 16. Oktober**, wird es in Berlin teils bewölkt, mit 6 bis 14 °C."
    )
    return chat.messages


def _calendar_pt() -> list[Message]:
    chat = _assistant("Ana Souza (username: asouza)", "Rio de Janeiro", "BRT")
    chat.user("Tenho alguma coisa depois de amanhã?")
    chat.call(
        (
            "QueryCalendar",
            {"start_time": "2025-10-16 00:00:00", "end_time": "2025-10-16 23:59:59"},
            {
                "events": [
                    {
                        "event_id": "ev_77",
                        "name": "Dentist",
                        "event_type": "event",
                        "start_time": "2025-10-16 10:00:00",
                        "end_time": "2025-10-16 10:45:00",
                    }
                ]
            },
        )
    )
    chat.say("Depois de amanhã, quinta-feira, 16 de outubro, você tem **Dentist** das 10h00 às 10h45.")
    chat.user("Passa para as 16h30 e me lembra na véspera às 20h.")
    chat.call(
        (
            "ModifyEvent",
            {
                "event_id": "ev_77",
                "new_start_time": "2025-10-16 16:30:00",
                "new_end_time": "2025-10-16 17:15:00",
            },
            {"status": "success"},
        ),
        (
            "AddReminder",
            {"task": "Dentista amanhã às 16h30", "due_date": "2025-10-15 20:00:00"},
            {"reminder_id": "r_903"},
        ),
    )
    chat.say(
        "Feito:\n\n"
        "- **Dentist** agora é na quinta-feira, 16 de outubro, das 16h30 às 17h15\n"
        '- Lembrete para amanhã, quarta-feira, às 20h00: "Dentista amanhã às 16h30"'
    )
    return chat.messages


def _convert_pt() -> list[Message]:
    chat = _assistant("Bruno Lima (username: blima)", "São Paulo", "BRT")
    chat.user("Quanto dá US$ 1.234,56 em reais?")
    chat.call(
        (
            "Convert",
            {"from": "USD", "to": "BRL", "amount": 1234.56},
            {"from": "USD", "to": "BRL", "amount": 1234.56, "rate": 5.38, "converted": 6641.93},
        )
    )
    chat.say("US$ 1.234,56 equivalem a **R$ 6.641,93** (câmbio de R$ 5,38 por dólar).")
    chat.user("E 30 milhas em quilômetros?")
    chat.call(
        (
            "ConvertUnits",
            {"from_unit": "mile", "to_unit": "kilometer", "value": 30},
            {"from_unit": "mile", "to_unit": "kilometer", "value": 30, "result": 48.28},
        )
    )
    chat.say("30 milhas são cerca de **48,28 km**.")
    return chat.messages


CONVERSATIONS = {
    "airline change with fare difference (es)": _change_es,
    "airline bags by membership (es)": _bags_es,
    "airline cancellation within 24 hours (fr)": _cancel_fr,
    "airline delay certificate (fr)": _delay_fr,
    "airline booking gift card and card (de)": _booking_de,
    "airline cabin change to business (de)": _cabin_de,
    "airline change to a cheaper flight (pt)": _change_pt,
    "assistant calendar and event (es)": _calendar_es,
    "assistant weather and conversion (es)": _weather_es,
    "assistant reminder and alarms (fr)": _reminders_fr,
    "assistant stock quote and e-mail (fr)": _stock_fr,
    "assistant messages and weather (de)": _messages_de,
    "assistant calendar change and reminder (pt)": _calendar_pt,
    "assistant currency and units (pt)": _convert_pt,
}

KNOWN_FALSE_ALARMS: dict[str, list[str]] = {}


def _turns(name: str) -> list[tuple[str, list[str]]]:
    return checked_turns(CONVERSATIONS[name]())


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_every_turn_of_a_conversation_in_another_language_is_clean(name: str) -> None:
    turns = _turns(name)
    assert len(turns) >= 2
    known = KNOWN_FALSE_ALARMS.get(name, [])
    assert [t for t in turns if t[1] and t[0] not in known] == []


def test_known_false_alarms_still_name_flagged_turns() -> None:
    """A listed turn the checker no longer flags is fixed: drop it from the list (an empty list passes)."""
    for name, listed in KNOWN_FALSE_ALARMS.items():
        flagged = {where for where, found in _turns(name) if found}
        assert set(listed) <= flagged, name

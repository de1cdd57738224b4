"""Plain restatements of a personal assistant's tool results, in five languages, are clean.

Each answer below restates what its one tool result holds, the way assistants write: dates
with weekdays and relative days, 12 h and 24 h clocks ("9:30 Uhr", "9 h 30", "às 9h30"),
temperatures in both scales, amounts in local formats, counts, shares per night or person,
durations between a record's own times. Written from those principles (not from any corpus),
every one must pass without a blocking finding: a failure here is a false alarm on ordinary
traffic.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

CTX_MADRID = (
    "Current date and time: Tuesday, 2025-03-04 08:15. User: Ana Ruiz (username: aruiz). Location: Madrid."
)
CAL: dict[str, Any] = {
    "events": [
        {
            "event_id": "ev_1",
            "name": "Team sync",
            "start_time": "2025-03-05 09:30:00",
            "end_time": "2025-03-05 10:00:00",
            "location": "Room B",
        },
        {
            "event_id": "ev_2",
            "name": "Dentist",
            "start_time": "2025-03-07 17:00:00",
            "end_time": "2025-03-07 17:45:00",
            "location": "Clinic",
        },
    ]
}
WX: dict[str, Any] = {
    "location": "Madrid",
    "forecast": [
        {"date": "2025-03-05", "high_c": 18, "low_c": 7, "precip_chance": 20, "condition": "sunny"},
        {"date": "2025-03-06", "high_c": 15, "low_c": 6, "precip_chance": 60, "condition": "rain"},
    ],
}
CONV: dict[str, Any] = {"from": "EUR", "to": "USD", "amount": 250, "rate": 1.0835, "converted": 270.88}
STOCK: dict[str, Any] = {
    "symbol": "SAN",
    "date": "2025-03-04",
    "price": 6.42,
    "open": 6.31,
    "change": 0.11,
    "change_percent": 1.74,
}
REM: dict[str, Any] = {
    "reminders": [
        {"reminder_id": "r1", "task": "Pay rent", "due_date": "2025-03-05 09:00:00", "status": "pending"},
        {"reminder_id": "r2", "task": "Call mom", "due_date": "2025-03-06 19:00:00", "status": "pending"},
        {
            "reminder_id": "r3",
            "task": "Renew passport",
            "due_date": "2025-03-10 12:00:00",
            "status": "completed",
        },
    ]
}
MADRID = {
    "cal": (
        ("QueryCalendar", CAL),
        {
            "en": [
                "Tomorrow (Wednesday, March 5) you have the team sync at 9:30 AM in Room B, for 30 minutes.",
                "Your dentist appointment is on Friday at 5 PM and lasts 45 minutes.",
            ],
            "es": [
                "Mañana (miércoles 5 de marzo) tienes la reunión de equipo a las 9:30 en la Sala B, de 30"
                " minutos.",
                "Tu cita con el dentista es el viernes a las 17:00 y dura 45 minutos.",
            ],
            "fr": [
                "Demain (mercredi 5 mars), vous avez le point d'équipe à 9 h 30 en salle B, pendant 30 "
                "minutes.",
                "Votre rendez-vous chez le dentiste est vendredi à 17 h et dure 45 minutes.",
            ],
            "de": [
                "Morgen (Mittwoch, 5. März) haben Sie um 9:30 Uhr das Team-Sync in Raum B, 30 Minuten lang.",
                "Ihr Zahnarzttermin ist am Freitag um 17 Uhr und dauert 45 Minuten.",
            ],
            "pt": [
                "Amanhã (quarta-feira, 5 de março) você tem a reunião de equipe às 9h30 na Sala B, de 30 "
                "minutos.",
                "Sua consulta no dentista é na sexta-feira às 17h e dura 45 minutos.",
            ],
        },
    ),
    "wx": (
        ("ForecastWeather", WX),
        {
            "en": [
                "Tomorrow in Madrid: sunny, high of 18°C and low of 7°C, 20% chance of rain. Thursday "
                "cools to 15°C with a 60% chance of rain.",
                "Thursday will be 3 degrees cooler than Wednesday.",
            ],
            "es": [
                "Mañana en Madrid: soleado, máxima de 18 °C y mínima de 7 °C, 20 % de probabilidad de "
                "lluvia. El jueves baja a 15 °C con un 60 % de lluvia.",
                "El jueves hará 3 grados menos que el miércoles.",
            ],
            "fr": [
                "Demain à Madrid : ensoleillé, 18 °C au maximum et 7 °C au minimum, 20 % de risque de "
                "pluie. Jeudi, 15 °C et 60 % de risque de pluie.",
                "Jeudi sera 3 degrés plus frais que mercredi.",
            ],
            "de": [
                "Morgen in Madrid: sonnig, Höchstwert 18 °C, Tiefstwert 7 °C, 20 % "
                "Regenwahrscheinlichkeit. Am Donnerstag 15 °C und 60 % Regen.",
                "Am Donnerstag wird es 3 Grad kühler als am Mittwoch.",
            ],
            "pt": [
                "Amanhã em Madri: ensolarado, máxima de 18 °C e mínima de 7 °C, 20% de chance de chuva. "
                "Na quinta, 15 °C e 60% de chance de chuva.",
                "Quinta-feira vai ser 3 graus mais fria que quarta.",
            ],
        },
    ),
    "conv": (
        ("Convert", CONV),
        {
            "en": ["€250 is about $270.88 at a rate of 1.0835.", "That's roughly $271."],
            "es": ["250 € son unos 270,88 $ al cambio de 1,0835.", "Son aproximadamente 271 dólares."],
            "fr": ["250 € font environ 270,88 $ au taux de 1,0835.", "Cela fait à peu près 271 $."],
            "de": ["250 € sind etwa 270,88 $ bei einem Kurs von 1,0835.", "Das sind rund 271 Dollar."],
            "pt": [
                "€ 250 equivalem a cerca de US$ 270,88 à taxa de 1,0835.",
                "Isso dá aproximadamente US$ 271.",
            ],
        },
    ),
    "stock": (
        ("QueryStock", STOCK),
        {
            "en": ["Santander (SAN) is at €6.42, up €0.11 (+1.74%) from its €6.31 open."],
            "es": ["Santander (SAN) cotiza a 6,42 €, sube 0,11 € (+1,74 %) desde la apertura en 6,31 €."],
            "fr": ["Santander (SAN) cote 6,42 €, en hausse de 0,11 € (+1,74 %) depuis l'ouverture à 6,31 €."],
            "de": ["Santander (SAN) steht bei 6,42 €, plus 0,11 € (+1,74 %) seit der Eröffnung bei 6,31 €."],
            "pt": ["O Santander (SAN) está a 6,42 €, alta de 0,11 € (+1,74%) desde a abertura a 6,31 €."],
        },
    ),
    "rem": (
        ("GetReminders", REM),
        {
            "en": [
                "You have 2 pending reminders: pay rent tomorrow at 9 AM and call mom on Thursday at 7 "
                "PM. Renew passport is already done."
            ],
            "es": [
                "Tienes 2 recordatorios pendientes: pagar el alquiler mañana a las 9:00 y llamar a mamá "
                "el jueves a las 19:00. Renovar el pasaporte ya está hecho."
            ],
            "fr": [
                "Vous avez 2 rappels en attente : payer le loyer demain à 9 h et appeler maman jeudi à 19"
                " h. Le passeport est déjà fait."
            ],
            "de": [
                "Sie haben 2 offene Erinnerungen: morgen um 9 Uhr Miete zahlen und am Donnerstag um 19 "
                "Uhr Mama anrufen. Der Reisepass ist schon erledigt."
            ],
            "pt": [
                "Você tem 2 lembretes pendentes: pagar o aluguel amanhã às 9h e ligar para a mãe na "
                "quinta às 19h. Renovar o passaporte já está feito."
            ],
        },
    ),
}

CTX_CHICAGO = (
    "Current date and time: Tuesday, 2025-03-04 08:15. User: Ana Ruiz (username: aruiz). Location: Chicago."
)
HOTEL: dict[str, Any] = {
    "booking_id": "HB-55120",
    "hotel": "Lakeview Inn",
    "check_in": "2025-03-14",
    "check_out": "2025-03-17",
    "nightly_rate": 189.0,
    "nights": 3,
    "total": 567.0,
    "discount_pct": 10,
    "total_after_discount": 510.3,
    "room": "12B",
    "guests": 2,
    "phone": "+1 312-555-0148",
    "address": "400 N Lake Shore Dr, Chicago, IL 60611",
}
WX_CHICAGO: dict[str, Any] = {
    "location": "Chicago",
    "date": "2025-03-05",
    "high_f": 54,
    "low_f": 38,
    "precip_chance": 30,
}
REFUND: dict[str, Any] = {
    "reservation_id": "ZX81KQ",
    "status": "cancelled",
    "refund": {"amount": 350.0, "method": "credit_card_1188", "eta_business_days": "5-7"},
}
CHICAGO = [
    (
        ("get_booking", HOTEL),
        [
            "Your stay at Lakeview Inn is from Friday, March 14 to Monday, March 17: 3 nights at "
            "$189/night, $567 before the 10% discount, $510.30 after.",
            "Tu estancia en el Lakeview Inn es del viernes 14 al lunes 17 de marzo: 3 noches a 189 $ la "
            "noche, 567 $ antes del descuento del 10 %, 510,30 $ después.",
            "Votre séjour au Lakeview Inn va du vendredi 14 au lundi 17 mars : 3 nuits à 189 $ la nuit, "
            "567 $ avant la remise de 10 %, 510,30 $ après.",
            "Ihr Aufenthalt im Lakeview Inn ist vom Freitag, 14. März, bis Montag, 17. März: 3 Nächte zu "
            "189 $ pro Nacht, 567 $ vor dem Rabatt von 10 %, 510,30 $ danach.",
            "Sua estadia no Lakeview Inn vai de sexta, 14 de março, a segunda, 17 de março: 3 noites a "
            "US$ 189 por noite, US$ 567 antes do desconto de 10%, US$ 510,30 depois.",
            "You saved $56.70 with the discount.",
            "Room 12B, for 2 guests. Hotel phone: (312) 555-0148.",
            "The check-in is next Friday, in 10 days.",
            "That's about $170 per night after the discount.",
            "Ahorras 56,70 $ con el descuento.",
            "Das sind etwa 170 $ pro Nacht nach dem Rabatt.",
            "Le check-in est vendredi prochain, dans 10 jours.",
            "O check-in é na sexta-feira da semana que vem, daqui a 10 dias.",
            "Each of you pays $255.15.",
            "Cada uno paga 255,15 $.",
        ],
    ),
    (
        ("ForecastWeather", WX_CHICAGO),
        [
            "Tomorrow in Chicago: a high of 54°F (about 12°C) and a low of 38°F (3°C), with a 30% chance "
            "of rain.",
            "Mañana en Chicago: máxima de 54 °F (unos 12 °C) y mínima de 38 °F (3 °C), con un 30 % de "
            "probabilidad de lluvia.",
            "Demain à Chicago : 54 °F au maximum (environ 12 °C) et 38 °F au minimum (3 °C), 30 % de "
            "risque de pluie.",
            "Morgen in Chicago: Höchstwert 54 °F (etwa 12 °C), Tiefstwert 38 °F (3 °C), "
            "Regenwahrscheinlichkeit 30 %.",
            "Amanhã em Chicago: máxima de 54 °F (cerca de 12 °C) e mínima de 38 °F (3 °C), com 30% de "
            "chance de chuva.",
            "It'll swing 16 degrees between day and night.",
        ],
    ),
    (
        ("cancel_reservation", REFUND),
        [
            "Reservation ZX81KQ is cancelled. A refund of $350 will go back to your card within 5-7 "
            "business days.",
            "La reserva ZX81KQ está cancelada. El reembolso de 350 $ llegará a tu tarjeta en 5 a 7 días "
            "hábiles.",
            "La réservation ZX81KQ est annulée. Le remboursement de 350 $ arrivera sur votre carte sous 5"
            " à 7 jours ouvrés.",
            "Die Reservierung ZX81KQ ist storniert. Die Erstattung von 350 $ geht innerhalb von 5–7 "
            "Werktagen auf Ihre Karte.",
            "A reserva ZX81KQ foi cancelada. O reembolso de US$ 350 volta para o seu cartão em 5 a 7 dias"
            " úteis.",
        ],
    ),
]

CTX_TORONTO = (
    "Current date and time: Wednesday, 2025-06-11 16:40. User: Sam Okafor (username: sokafor). "
    "Location: Toronto."
)
ACC: dict[str, Any] = {
    "username": "sokafor",
    "name": "Sam Okafor",
    "email": "sam.okafor@example.com",
    "phone": "416-555-0199",
    "birthday": "1988-02-29",
}
INBOX: dict[str, Any] = {
    "emails": [
        {"id": "e1", "sender": "priya.raman@acme.io", "subject": "Q3 budget", "date": "2025-06-10 09:12:00"},
        {
            "id": "e2",
            "sender": "priya.raman@acme.io",
            "subject": "Offsite venue",
            "date": "2025-06-11 08:03:00",
        },
        {"id": "e3", "sender": "leo.martin@acme.io", "subject": "Lunch?", "date": "2025-06-11 11:45:00"},
    ]
}
ALARMS: dict[str, Any] = {
    "alarms": [{"alarm_id": "a1", "time": "06:30"}, {"alarm_id": "a2", "time": "07:15"}]
}
TORONTO = [
    (
        ("GetAccountInformation", ACC),
        [
            "Your account: Sam Okafor, sam.okafor@example.com, phone 416-555-0199, birthday February 29, "
            "1988.",
            "Tu cuenta: Sam Okafor, sam.okafor@example.com, teléfono 416-555-0199, cumpleaños el 29 de "
            "febrero de 1988.",
            "Votre compte : Sam Okafor, sam.okafor@example.com, téléphone 416-555-0199, anniversaire le "
            "29 février 1988.",
            "Ihr Konto: Sam Okafor, sam.okafor@example.com, Telefon 416-555-0199, Geburtstag 29. Februar "
            "1988.",
            "Sua conta: Sam Okafor, sam.okafor@example.com, telefone 416-555-0199, aniversário em 29 de "
            "fevereiro de 1988.",
            "Your phone on file is (416) 555-0199.",
        ],
    ),
    (
        ("SearchInbox", INBOX),
        [
            "You have 3 emails: 2 from Priya Raman (Q3 budget yesterday at 9:12 AM, Offsite venue this "
            "morning at 8:03) and 1 from Leo Martin at 11:45 asking about lunch.",
            "Tienes 3 correos: 2 de Priya Raman (presupuesto Q3 ayer a las 9:12 y lugar del offsite esta "
            "mañana a las 8:03) y 1 de Leo Martin a las 11:45 sobre el almuerzo.",
            "Vous avez 3 e-mails : 2 de Priya Raman (budget T3 hier à 9 h 12, lieu du séminaire ce matin "
            "à 8 h 03) et 1 de Leo Martin à 11 h 45 pour déjeuner.",
            "Sie haben 3 E-Mails: 2 von Priya Raman (Q3-Budget gestern um 9:12 Uhr, Offsite-Ort heute "
            "Morgen um 8:03 Uhr) und 1 von Leo Martin um 11:45 Uhr wegen Mittagessen.",
            "Você tem 3 e-mails: 2 da Priya Raman (orçamento do T3 ontem às 9h12 e local do offsite hoje "
            "às 8h03) e 1 do Leo Martin às 11h45 sobre o almoço.",
            "Priya wrote twice; the latest was about 9 hours ago.",
        ],
    ),
    (
        ("FindAlarms", ALARMS),
        [
            "You have two alarms set: 6:30 AM and 7:15 AM, 45 minutes apart.",
            "Tienes dos alarmas: a las 6:30 y a las 7:15, con 45 minutos de diferencia.",
            "Vous avez deux alarmes : 6 h 30 et 7 h 15, à 45 minutes d'écart.",
            "Sie haben zwei Wecker: 6:30 Uhr und 7:15 Uhr, 45 Minuten auseinander.",
            "Você tem dois alarmes: 6h30 e 7h15, com 45 minutos de diferença.",
        ],
    ),
]


def _cases() -> list[tuple[str, dict[str, Any], str, str]]:
    out: list[tuple[str, dict[str, Any], str, str]] = []
    for (tool, result), languages in MADRID.values():
        out.extend((tool, result, CTX_MADRID, a) for phrases in languages.values() for a in phrases)
    out.extend((tool, result, CTX_CHICAGO, a) for (tool, result), phrases in CHICAGO for a in phrases)
    out.extend((tool, result, CTX_TORONTO, a) for (tool, result), phrases in TORONTO for a in phrases)
    return out


@pytest.mark.parametrize(("tool", "result", "context", "answer"), _cases())
def test_a_plain_restatement_is_clean(tool: str, result: dict[str, Any], context: str, answer: str) -> None:
    assert blocking(answer, call(tool, result), context=context) == []


# ---------------------------------------------------------------- deeds reported
def sc(tool: str, result: Any, **args: str) -> dict[str, Any]:
    """A ToolTalk-style call with its session token."""
    return call(tool, result, {"session_token": "s-1", **args})


DEEDS: list[tuple[list[dict[str, Any]], list[str]]] = [
    (
        [
            sc(
                "RegisterUser",
                {"session_token": "s-9", "account_id": "ACC-550817"},
                username="mlee",
                email="m.lee@example.com",
            )
        ],
        [
            "Your account is created (ID ACC-550817) and you're logged in as mlee.",
            "Tu cuenta está creada (ID ACC-550817) y ya has iniciado sesión como mlee.",
            "Votre compte est créé (ID ACC-550817) et vous êtes connecté en tant que mlee.",
            "Ihr Konto ist angelegt (ID ACC-550817) und Sie sind als mlee angemeldet.",
            "Sua conta foi criada (ID ACC-550817) e você já está conectado como mlee.",
        ],
    ),
    (
        [sc("ChangePassword", "success", old_password="x", new_password="y"), sc("LogoutUser", "success")],
        [
            "Done: your password is changed and you've been logged out.",
            "Listo: tu contraseña se ha cambiado y se ha cerrado tu sesión.",
            "C'est fait : votre mot de passe est modifié et vous avez été déconnecté.",
            "Erledigt: Ihr Passwort wurde geändert und Sie wurden abgemeldet.",
            "Pronto: sua senha foi alterada e você foi desconectado.",
        ],
    ),
    (
        [sc("UpdateAccountInformation", "success", email="sam.new@example.com")],
        [
            "Your email is now sam.new@example.com.",
            "Tu correo ahora es sam.new@example.com.",
            "Votre e-mail est désormais sam.new@example.com.",
            "Ihre E-Mail-Adresse lautet jetzt sam.new@example.com.",
            "Seu e-mail agora é sam.new@example.com.",
        ],
    ),
    (
        [
            sc(
                "CreateEvent",
                {"event_id": "ev_77"},
                name="Dentist",
                start_time="2025-03-07 17:00:00",
                end_time="2025-03-07 17:45:00",
            )
        ],
        [
            'I\'ve added "Dentist" to your calendar on Friday, March 7 from 5:00 to 5:45 PM.',
            "He añadido «Dentist» a tu calendario el viernes 7 de marzo de 17:00 a 17:45.",
            "J'ai ajouté « Dentist » à votre agenda le vendredi 7 mars de 17 h à 17 h 45.",
            "Ich habe „Dentist“ am Freitag, 7. März, von 17:00 bis 17:45 Uhr in Ihren Kalender eingetragen.",
            'Adicionei "Dentist" à sua agenda na sexta-feira, 7 de março, das 17h às 17h45.',
        ],
    ),
    (
        [
            sc("FindAlarms", {"alarms": [{"alarm_id": "a1", "time": "06:30"}]}),
            sc("DeleteAlarm", "success", alarm_id="a1"),
            sc("AddAlarm", {"alarm_id": "a3"}, time="06:45"),
        ],
        [
            "I deleted your 6:30 alarm and set a new one for 6:45.",
            "He borrado tu alarma de las 6:30 y he puesto una nueva a las 6:45.",
            "J'ai supprimé votre alarme de 6 h 30 et j'en ai réglé une nouvelle à 6 h 45.",
            "Ich habe Ihren Wecker um 6:30 Uhr gelöscht und einen neuen für 6:45 Uhr gestellt.",
            "Apaguei seu alarme das 6h30 e coloquei um novo para as 6h45.",
        ],
    ),
    (
        [
            sc(
                "SendMessage",
                {"status": "success", "message_id": "m_1"},
                receiver="tbecker",
                message="Slides ready Thursday",
            ),
        ],
        [
            "I sent Tom Becker a message saying the slides will be ready Thursday.",
            "Le envié un mensaje a Tom Becker diciendo que las diapositivas estarán listas el jueves.",
            "J'ai envoyé un message à Tom Becker pour dire que les slides seront prêtes jeudi.",
            "Ich habe Tom Becker geschrieben, dass die Folien am Donnerstag fertig sind.",
            "Enviei uma mensagem para o Tom Becker dizendo que os slides ficam prontos na quinta.",
        ],
    ),
    (
        [
            sc("CompleteReminder", "success", reminder_id="r1"),
            sc("CompleteReminder", "success", reminder_id="r2"),
        ],
        [
            "Both reminders are marked as done.",
            "Los dos recordatorios están marcados como hechos.",
            "Les deux rappels sont marqués comme faits.",
            "Beide Erinnerungen sind als erledigt markiert.",
            "Os dois lembretes foram marcados como concluídos.",
        ],
    ),
]
CTX_DEEDS = "Current date and time: Tuesday, 2025-03-04 08:15. User: Sam Okafor (username: sokafor)."


@pytest.mark.parametrize(("calls", "answer"), [(calls, a) for calls, phrases in DEEDS for a in phrases])
def test_a_deed_reported_as_done_is_clean(calls: list[dict[str, Any]], answer: str) -> None:
    assert blocking(answer, *calls, context=CTX_DEEDS) == []
